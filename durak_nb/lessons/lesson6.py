"""Lesson 6 (``06_the_end.ipynb``): the end: going out, the durak, draws, epaulettes,
repetition (R24-R27).

>>> the_draw()
(True, None, 'R25', ['Vera', 'Anna', 'Boris'])
"""

from __future__ import annotations

from ..engine import Out
from ..i18n import _
from ..replay import Replay
from .course import claim
from .helpers import names, replay, variant

#: The recording of the last two players going out in the same bout (R24, R25).
DRAW = "draw.json"


def draw() -> Replay:
    """Lesson 6: the last two players go out in the same bout, ``recordings/draw.json`` (R24, R25)."""
    return replay(DRAW)


@claim(6, "Vera plays her last card with the talon empty: she is out, first of all.", ["Vera"], "R24")
def vera_goes_out() -> list[str]:
    """The :class:`~durak_nb.engine.Out` events after the first bout of the draw example (R24)."""
    rep = draw()
    return [rep.game(0).players[e.player] for e in rep.events(2) if isinstance(e, Out)]


@claim(
    6,
    "Anna leads her last two cards and Boris covers them with his last two: both run out in the same bout, "
    "and the game is a draw.",
    (True, None, "R25", ["Vera", "Anna", "Boris"]),
    "R25",
)
def the_draw() -> tuple[bool, str | None, str, list[str]]:
    """(draw, durak, rule, out order) at the end of the draw example (R25)."""
    rep = draw()
    g = rep.game(len(rep))
    r = g.result
    assert r is not None
    return r.draw, None if r.durak is None else g.players[r.durak], r.rule, names(g, r.out_order)


@claim(
    6,
    "If the players agree that there are no draws, the defender of that last bout loses: Boris is the durak.",
    (False, "Boris"),
    "R25",
)
def no_draws_allowed() -> tuple[bool, str | None]:
    """(draw, durak) at the end of the draw example with ``draw_allowed`` off (R25)."""
    g = variant(DRAW, len(draw()), draw_allowed=False)
    r = g.result
    assert r is not None
    return r.draw, None if r.durak is None else g.players[r.durak]


#: The recording of the last bout against the durak led with two sixes (R26).
EPAULETTES = "epaulettes.json"


def epaulettes() -> Replay:
    """Lesson 6: the last bout against the durak led with two sixes, ``recordings/epaulettes.json`` (R26)."""
    return replay(EPAULETTES)


@claim(
    6,
    "Anna leads her last two cards, two sixes; Boris beats both but is left holding cards: "
    "he is the durak, with epaulettes.",
    ("Boris", True, "Boris is the durak with epaulettes (R26)"),
    "R25",
    "R26",
)
def durak_with_epaulettes() -> tuple[str | None, bool, str]:
    """(durak, epaulettes, result in words) at the end of the epaulettes example (R26)."""
    rep = epaulettes()
    g = rep.game(len(rep))
    r = g.result
    assert r is not None
    return None if r.durak is None else g.players[r.durak], r.epaulettes, r.describe(g.players)


#: The recording of an empty hand while the talon still has cards (R24, R16).
EMPTY_HAND = "lessons/empty-hand-draws.json"


@claim(
    6,
    "A player without cards while the talon still has some is not out: Anna draws six and plays on.",
    ([], 6),
    "R24",
)
def no_cards_but_talon() -> tuple[list[str], int]:
    """The players out, and Anna's hand size, after Anna's last card is beaten with cards in the talon (R24)."""
    rep = replay(EMPTY_HAND)
    g = rep.game(len(rep))
    return [g.players[e.player] for e in rep.events(len(rep) - 1) if isinstance(e, Out)], len(g.hands[0])


#: The recording of two aces passed round by taking, twelve bouts (R27).
REPETITION = "lessons/repetition-aces.json"


def repetition() -> Replay:
    """Lesson 6: diamonds trump, nobody can beat an ace of spades or hearts; Anna, Boris
    and Vera pass two aces round by taking until the game is drawn (R27)."""
    return replay(REPETITION)


@claim(
    6,
    "Passing two aces round by taking brings back the starting position every six bouts; "
    "the third time it occurs, after twelve bouts, the game is drawn.",
    (6, 12, "draw by repetition (R27)"),
    "R27",
)
def repetition_draw() -> tuple[int, int, str]:
    """(first bout that returns to the start, bouts until the end, the result) (R27)."""
    rep = repetition()
    g = rep.game(0)
    start = [list(h) for h in g.hands]
    back = bouts = 0
    for k in range(len(rep)):
        g.play(rep.move(k))
        if g.attack_cards and g.result is None:  # inside a bout
            continue
        bouts += 1
        if not back and [list(h) for h in g.hands] == start:
            back = bouts
        if g.result is not None:
            return back, bouts, g.result.describe(g.players)
    return back, bouts, _("not over")  # pragma: no cover - the engine ends it


#: The recording of a player left with exactly two sixes (option ``two_sixes_win``, R26).
TWO_SIXES = "lessons/two-sixes.json"


@claim(
    6,
    "With the option that two sixes win, a player left with exactly two sixes against one opponent wins at once.",
    ("Boris", True, "R26"),
    "R26",
)
def two_sixes_win() -> tuple[str | None, bool, str]:
    """(durak, epaulettes, rule) of ``recordings/lessons/two-sixes.json`` (R26)."""
    g = replay(TWO_SIXES).game(0)
    r = g.result
    assert r is not None
    return None if r.durak is None else g.players[r.durak], r.epaulettes, r.rule
