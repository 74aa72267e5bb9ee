"""Lesson 8 (``08_analysing_games.ipynb``): analysing games with pandas: claims about
every game in ``recordings/`` (R14, R15).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Action, Bito, Game, Took
from ..i18n import N_, Np_, _, decimal, pgettext
from ..rules import preset_text
from .course import claim
from .edition import CONTEXTS, person_name
from .helpers import RECORDINGS, recording, replay
from .practice import Practice

# pandas is imported where a table is made, so that the rest of the course imports without it
# (the browser's Python on the course's site has no pandas: docs/site.md)
if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler


@claim(8, "Every game of the course replays move by move without a single illegal move.", True)
def recordings_all_legal() -> bool:
    """Whether every recording in :data:`RECORDINGS` reads and replays (``games_frame``'s ``ok``)."""
    from ..tables import games_frame

    frame = games_frame(RECORDINGS, progress=False)
    return bool(len(frame) > 0 and frame["ok"].all())


@claim(
    8,
    "In every finished game of the course, each bout ended either in bito or in a take: "
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


# ----------------------------------------------------------------------------- what the lesson shows

#: the result of a game in words, one sentence per case (for translation)
_RESULT_WORDS = {
    "durak": Np_("result", "{name} is the durak"),
    "epaulettes": Np_("result", "{name} is the durak, with epaulettes"),
    "draw": Np_("result", "a draw"),
    "open": Np_("result", "not played to the end"),
}


def result_words(row: Any, name: Callable[[str], str] = str) -> str:
    """A ``games_frame`` row's result in words: ``'Boris is the durak, with epaulettes'``,
    ``'a draw'`` or ``'not played to the end'`` (R25, R26); never ``<NA>``; the durak's
    name through ``name`` (the edition's: :func:`~durak_nb.lessons.edition.person_name`)."""
    if not bool(row["finished"] is True):
        return pgettext("result", _RESULT_WORDS["open"])
    if bool(row["draw"] is True):
        return pgettext("result", _RESULT_WORDS["draw"])
    kind = "epaulettes" if bool(row["epaulettes"] is True) else "durak"
    return pgettext("result", _RESULT_WORDS[kind]).format(name=name(str(row["durak"])))


def games() -> pd.DataFrame:
    """Every game of :data:`RECORDINGS` once (the ``.json`` copy of each ``.json`` /
    ``.durak`` twin), with a ``result`` column in words (:func:`result_words`)."""
    from ..tables import games_frame

    frame = games_frame(RECORDINGS, progress=False)
    kept = frame.drop_duplicates(subset=["title", "game", "names", "moves"], keep="last").reset_index(drop=True)
    kept["result"] = [result_words(row) for _, row in kept.iterrows()]
    return kept


def games_table(head: int = 8) -> Styler:
    """The first ``head`` games of :func:`games` as a table that fits the page: title,
    variant, players, result, bouts, moves, takes, transfers; no index, no ``<NA>``; in
    the language in use (the headings, the titles, the players' names as the edition
    writes them, the results)."""
    kept = games().head(head)
    frame = kept[["title", "preset", "players", "result", "bouts", "moves", "takes", "transfers"]].copy()
    frame["title"] = [pgettext(CONTEXTS["title"], t) if isinstance(t, str) and t else t for t in frame["title"]]
    frame["players"] = [", ".join(person_name(n.strip()) for n in str(p).split(",")) for p in frame["players"]]
    frame["result"] = [result_words(row, person_name) for _, row in kept.iterrows()]
    frame["preset"] = [preset_text(str(p)) for p in frame["preset"]]
    frame = frame.rename(columns={"preset": "variant"})
    frame = frame.rename(columns={c: pgettext("column", c) for c in frame.columns})
    return _compact(frame.style.hide(axis="index"))


#: the cells of the lesson's tables: 11 px (JupyterLab: 12) and 3 px each side (its own 0.5 em; at
#: 4 px the Russian games table was 595 px), so that a table of eight columns fits a
#: projector's 592 px column (issue 22)
TABLE_CELLS = "padding: 2px 3px; font-size: 11px"


def _compact(style: Styler) -> Styler:
    """``style`` with its cells padded :data:`TABLE_CELLS` (the rules scoped to this table)."""
    return style.set_table_styles([{"selector": "th, td", "props": TABLE_CELLS}], overwrite=False)


def variant_stats() -> pd.DataFrame:
    """Per variant (R14, R15, R17): the number of games, the mean moves and bouts per
    game, the takes, transfers and throw-ins in all, and the takes per bout."""
    kept = games()
    stats = kept.groupby("preset", observed=True).agg(
        games=("file", "count"),
        moves=("moves", "mean"),
        bouts=("bouts", "mean"),
        takes=("takes", "sum"),
        transfers=("transfers", "sum"),
        throw_ins=("throw_ins", "sum"),
    )
    stats["takes per bout"] = stats["takes"] / kept.groupby("preset", observed=True)["bouts"].sum()
    stats.index.name = "variant"
    return stats.astype(
        {"games": int, "takes": int, "transfers": int, "throw_ins": int, "moves": float, "bouts": float}
    )


#: the column headings :func:`variant_stats_table` translates (their msgids, context "column")
_STATS_HEADINGS = (
    Np_("column", "variant"),
    Np_("column", "games"),
    Np_("column", "moves"),
    Np_("column", "bouts"),
    Np_("column", "takes"),
    Np_("column", "transfers"),
    Np_("column", "throw_ins"),
    Np_("column", "takes per bout"),
)

#: the words of the ``role`` and ``action`` values where lesson 8 shows them (the data keep
#: the codes; contexts "table role" and "action")
_VALUE_WORDS = (
    Np_("table role", "attacker"),
    Np_("table role", "defender"),
    Np_("table role", "thrower"),
    Np_("action", "attack"),
    Np_("action", "defend"),
    Np_("action", "throw"),
    Np_("action", "transfer"),
    Np_("action", "take"),
    Np_("action", "pass"),
    Np_("action", "redeal"),
    Np_("column", "title"),
    Np_("column", "players"),
    Np_("column", "result"),
)


def _places(places: int) -> Callable[[object], str]:
    """A cell formatter: the number with ``places`` decimals and the decimal sign of the
    language in use when the table is drawn (:func:`~durak_nb.i18n.decimal`: 42,7 in
    Russian and Ukrainian)."""

    def cell(value: object) -> str:
        return decimal(float(value), places)  # type: ignore[arg-type]

    return cell


#: how :func:`variant_stats_table` writes each column (one decimal for means, two for rates),
#: with the language's decimal sign
STATS_FORMAT: dict[Any, str | Callable[[object], str] | None] = {
    "moves": _places(1),
    "bouts": _places(1),
    "takes per bout": _places(2),
}


def variant_stats_table(bars: bool = False) -> Styler:
    """:func:`variant_stats` with its numbers rounded for reading (:data:`STATS_FORMAT`),
    each variant named in words (:func:`~durak_nb.rules.preset_text`), and with bars in the
    *moves* and *takes per bout* cells if ``bars``."""
    stats = variant_stats()
    heads = {name: pgettext("column", name) for name in [*stats.columns, "variant"]}
    # the variants as people name them («подкидной дурак»), as action_counts writes them;
    # the data keep the codes
    shown = stats.rename(columns=heads, index=lambda code: preset_text(str(code)))
    shown.index.name = heads["variant"]
    style = shown.style.format({heads[k]: v for k, v in STATS_FORMAT.items()})
    if bars:
        style = style.bar(subset=[heads["moves"], heads["takes per bout"]], color="#9ecae1")
    return _compact(style)


def moves_table(name: str = "podkidnoy-2p.json", head: int = 12) -> Styler:
    """The first ``head`` moves of ``recordings/<name>`` (``moves_frame``): bout, player,
    role, the move in words (cards as 10♥), its rule ids and what it caused; narrow
    enough for the page."""
    import pandas as pd

    from ..tables import moves_frame

    frame = moves_frame(recording(name)).head(head)
    shown = pd.DataFrame(
        {
            pgettext("column", "bout"): frame["bout"],
            pgettext("column", "player"): frame["player"],
            pgettext("column", "role"): [pgettext("table role", str(r)) for r in frame["role"]],
            pgettext("column", "move"): [str(t) for t in frame["text"]],
            pgettext("column", "rules"): frame["rules"],
            pgettext("column", "what it caused"): [str(t) for t in frame["events"]],
        }
    )
    return _compact(shown.style.hide(axis="index"))


def all_moves() -> pd.DataFrame:
    """Every move of every JSON game of :data:`RECORDINGS` (``moves_frame``), indexed by
    file and move, with the game's ``preset``."""
    import pandas as pd

    from ..tables import moves_frame

    kept = games()
    files = sorted(str(p) for p in kept["file"] if str(p).endswith(".json"))
    moves = pd.concat({Path(p).name: moves_frame(recording(Path(p).name)) for p in files}, names=["file", "move"])
    preset_of = {Path(str(f)).name: str(p) for f, p in zip(kept["file"], kept["preset"], strict=True)}
    moves["preset"] = moves.index.get_level_values("file").map(preset_of)
    return moves


def action_counts() -> pd.DataFrame:
    """How many moves of each kind (attack, defend, throw, …) each variant's games hold,
    labelled in the language in use (the variants as people name them, the kinds of move
    and the axes' names; the numbers are the data's)."""
    import pandas as pd

    moves = all_moves()
    counts = pd.crosstab(moves["preset"], moves["action"].astype(str))
    counts = counts.rename(columns={a: pgettext("action", a) for a in counts.columns})
    counts.index = pd.Index([preset_text(str(v)) for v in counts.index], name=pgettext("column", "variant"))
    counts.columns.name = pgettext("column", "move")
    shown: pd.DataFrame = _compact_frame()(counts)
    return shown


@cache
def _compact_frame() -> Any:
    """The class of a ``DataFrame`` shown as a compact table (:func:`_compact`: 11 px, cells
    padded 2 px 4 px; issue 22: :func:`action_counts` was 639 px in a 592 px column); a
    frame made from it (a sum, a slice) is a plain ``DataFrame``."""
    import pandas as pd

    class CompactFrame(pd.DataFrame):
        @property
        def _constructor(self) -> type[pd.DataFrame]:
            return pd.DataFrame

        def _repr_html_(self) -> str:
            return str(_compact(self.style).to_html())

    return CompactFrame


class Picture:
    """An SVG picture (``_repr_svg_``); in a page (``_repr_html_``) the same picture
    inline, scaled down to the column when it is narrower (issue 22: a 756 px plot in a
    projector's 592 px column scrolled sideways)."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        start = self.svg.find("<svg")
        inline = self.svg[start:] if start >= 0 else self.svg
        inline = inline.replace("<svg", '<svg style="max-width:100%;height:auto"', 1)
        return f'<div class="dnb-picture">{inline}</div>'


def action_plot() -> Picture:
    """:func:`action_counts` as stacked bars, one per variant, the legend beside the
    bars (it covers none), as an SVG picture."""
    from matplotlib.figure import Figure

    counts = action_counts()
    fig = Figure(figsize=(8, 2.8))
    ax = fig.add_subplot()
    counts.plot.barh(stacked=True, ax=ax, title=_("moves by kind, per variant"))
    ax.set_xlabel(_("moves"))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight")
    return Picture(out.getvalue())


def throws_after_take(head: int = 5) -> Styler:
    """The first ``head`` throw-ins after a take (a ``throw`` move whose rule ids include
    R14) of all the JSON games: the game's title, player, the move in words (in the language
    in use)."""
    import pandas as pd

    moves = all_moves()
    after = moves[(moves["action"] == "throw") & moves["rules"].str.contains("R14")].head(head)
    kept = games()
    titles = {Path(str(f)).name: t for f, t in zip(kept["file"], kept["title"], strict=True)}

    def title(file: str) -> str:
        # the game's title in the language in use, as games_table shows it; else its file
        got = titles.get(file)
        return pgettext(CONTEXTS["title"], got) if isinstance(got, str) and got else file

    shown = pd.DataFrame(
        {
            pgettext("column", "game"): [title(str(f)) for f in after.index.get_level_values("file")],
            pgettext("column", "player"): after["player"].to_numpy(),
            pgettext("column", "move"): [str(t) for t in after["text"]],
        }
    )
    return _compact(shown.style.hide(axis="index"))


def data_position(name: str = "podkidnoy-2p.json") -> tuple[Game, int]:
    """The position before the first throw-in after a take (R14) of ``recordings/<name>``,
    and the seat of the player who throws in (for an exercise and a practice bout).

    Raises:
        StopIteration: the game has no throw-in after a take.
    """
    rep = replay(name)
    k = next(k for k, (position, move) in enumerate(rep) if move.action is Action.THROW and position.taking)
    return rep.game(k), rep.move(k).player


def data_practice() -> Practice:
    """A practice bout of lesson 8: the position of :func:`data_position`, played by the
    player who throws in after the take (R13, R14)."""
    game, seat = data_position()
    rep = replay("podkidnoy-2p.json")
    k = len(game.history)
    return Practice(
        8,
        "podkidnoy-2p.json",
        k,
        rep.players[seat],
        "bout",
        N_("A position from the data: your opponent takes; throw in what you may, then pass (R13, R14)."),
    )
