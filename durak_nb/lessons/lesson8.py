"""Lesson 8 (``08_analysing_games.ipynb``): analysing games with pandas: claims about
every game in ``recordings/`` (R14, R15).
"""

from __future__ import annotations

from ..engine import Action, Bito, Took
from .course import claim
from .helpers import RECORDINGS


@claim(8, "Every game in recordings/ replays move by move without a single illegal move.", True)
def recordings_all_legal() -> bool:
    """Whether every recording in :data:`RECORDINGS` reads and replays (``games_frame``'s ``ok``)."""
    from ..tables import games_frame

    frame = games_frame(RECORDINGS, progress=False)
    return bool(len(frame) > 0 and frame["ok"].all())


@claim(
    8,
    "In every finished game in recordings/, each bout ended either in bito or in a take: "
    "the bouts led add up to the bito plus the pick-ups.",
    True,
    "R14",
    "R15",
)
def bouts_end_in_bito_or_take() -> bool:
    """Whether, in every finished game of :data:`RECORDINGS`, the attack moves equal the
    :class:`~durak_nb.engine.Bito` plus :class:`~durak_nb.engine.Took` events (R14, R15)."""
    from ..tables import load_recordings, readable

    games = 0
    for path in sorted(p for p in RECORDINGS.iterdir() if p.is_file() and readable(p)):
        for rec in load_recordings(path):
            leads = ends = 0
            finished = False
            for live, move, events in rec.steps():
                leads += move.action is Action.ATTACK
                ends += sum(isinstance(e, Bito | Took) for e in events)
                finished = live.finished
            if finished:
                games += 1
                if leads != ends:
                    return False
    return games > 0
