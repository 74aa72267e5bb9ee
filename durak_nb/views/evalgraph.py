"""The evaluation of an analysed game in the replayer (issue 13, section 4).

A recording made by :func:`durak_nb.analysis.analyse` carries its figures in
``meta["analysis"]``: one object per main-line move (``{"how": "exact", "value": 1,
"best": 1}``, ``{"how": "sampled", "p": 0.62, "se": 0.08, "best_p": 0.7, "samples": 8}``,
``{"how": "forced"}``, ``{"how": "unknown"}`` …).  This module turns them into

- :func:`sparkline_svg`: the evaluation strip, an inline SVG over the game with axes
  (the mover's win chance 0–100 %, the solved outcome 0, ½, 1 on the same scale; the
  move numbers as people count them) and their names, one point per evaluated move, the
  move to come marked with its number, and for the move under the pointer a tooltip
  with its number, the move in words and its figure;
- :func:`best_words`: the best move at the move to come, in words (cards as 10♥), from
  the figures (``"best_move"``: the better move the analysis found, whether or not a
  glyph made it add a variation).

:func:`eval_html` puts both into the replayer's board HTML (no widget of its own); a
recording without analysis (or whose ``meta["analysis"]`` does not match its moves)
shows nothing.  Every text goes through :func:`.html.esc`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import N_, Nn_, Np_, _, decimal, ngettext, pgettext
from ..numbering import move_number
from ..record.tree import GameNode

__all__ = [
    "BOTTOM",
    "EVAL_WORDS",
    "HEIGHT",
    "LEFT",
    "RIGHT",
    "TOP",
    "WIDTH",
    "best_words",
    "eval_html",
    "figures_of",
    "move_ticks",
    "points",
    "sparkline_svg",
]

#: The strip's size in pixels, its inner margin, and the plot's margins (room for the
#: axes' tick labels and names): the plot spans x ``LEFT..WIDTH - RIGHT``, y
#: ``TOP..HEIGHT - BOTTOM`` (win chance 100 % at the top, 0 % at the bottom).
WIDTH = 560
HEIGHT = 170
PAD = 4
LEFT = 50
RIGHT = 14
TOP = 28
BOTTOM = 40
#: at most this many move numbers under the x axis
MAX_TICKS = 12

#: The person-facing words, translated at use (``_(EVAL_WORDS[key])``).
EVAL_WORDS = {
    "title": N_("evaluation of each move (the mover's win chance, or the solved outcome)"),
    "head": N_("Analysis of move {n} ({move})"),
    "end": N_("Analysis: the game is over"),
    "exact_best": N_("the move played keeps {value} for {name} (exact, best play by both)"),
    # three players or more: the mover against all the others as one side (solver.seat_values)
    "exact_best_many": N_("the move played keeps {value} for {name} (exact, whatever the others play)"),
    "exact_worse": N_("best move: {best}, which keeps {was}; the move played gives {value} for {name} (exact)"),
    "exact_worse_unnamed": N_("the move played gives {value} for {name}; {was} was possible (exact)"),
    # {samples} is "8 samples" (SAMPLES: the plural form of its number)
    "sampled_best": N_("the move played is the best found: {name}'s win chance {p} ± {se} ({samples})"),
    "sampled_worse": N_("best move: {best}, win chance {bp} against {p} for the move played ({samples})"),
    "sampled_close": N_("win chance {p} ± {se} ({samples}); the best found {bp}, not surely better"),
    "forced": N_("the only legal move"),
    "unknown": N_("not evaluated (cards nobody saw)"),
    "unsampled": N_("not evaluated (no sample of {name}'s view could be built)"),
    "unsolved": N_("not evaluated (not solved within the budget)"),
    "known": N_("not evaluated (every card is known, and the solver does not answer this position)"),
    "redeal": N_("not evaluated (a redeal, R5: the new deal is not known before it)"),
    "other": N_("not evaluated"),
    "hidden": N_("the best move is shown in the open view and in {name}'s view"),
    # the axes and the move under the pointer (the strip's tooltips)
    "axis_x": N_("move"),
    "axis_y": N_("win chance of the player making the move"),
    "percent": N_("{p} %"),
    "chance": N_("win chance {p}"),
    "solved": N_("{value} (exact)"),
    "point": N_("move {n}: {move}: {value}"),
    "point_hidden": N_("move {n}: {value}"),
}

#: how many views were sampled, with the plural form of the number (no «1 samples»)
SAMPLES = Nn_("{n} sample", "{n} samples")

#: the outcome a move keeps or gives, the object of the sentence («сохраняет ничью», «дає нічию»)
_VALUE = {1.0: Np_("kept outcome", "a win"), 0.5: Np_("kept outcome", "a draw"), 0.0: Np_("kept outcome", "a loss")}


#: the same outcomes said on their own (the tooltip of the move under the pointer: «ничья»)
_OUTCOME = {1.0: Np_("outcome", "a win"), 0.5: Np_("outcome", "a draw"), 0.0: Np_("outcome", "a loss")}


def _number(x: object) -> float | None:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return None
    v = float(x)
    return v if 0.0 <= v <= 1.0 else None


def figures_of(meta: Mapping[str, Any], n_moves: int) -> list[dict[str, Any]] | None:
    """The figures of ``meta["analysis"]`` when they are a list of ``n_moves`` objects
    each with a string ``how`` (the form :func:`~durak_nb.analysis.analyse` writes), else
    ``None`` (a recording without analysis, or edited since: nothing is shown)."""
    got = meta.get("analysis")
    if not isinstance(got, list) or len(got) != n_moves:
        return None
    if not all(isinstance(f, dict) and isinstance(f.get("how"), str) for f in got):
        return None
    return got


def _mover_value(fig: Mapping[str, Any]) -> float | None:
    if fig.get("how") == "exact":
        return _number(fig.get("value"))
    if fig.get("how") == "sampled":
        return _number(fig.get("p"))
    return None


def _x(k: int, n: int) -> float:
    """The x of move index ``k`` of ``n`` moves on the plot."""
    step = (WIDTH - LEFT - RIGHT) / max(n - 1, 1)
    return round(LEFT + k * step, 1)


def _y(v: float) -> float:
    """The y of value ``v`` (0: the durak, 1: a win) on the plot."""
    return round(TOP + (1.0 - v) * (HEIGHT - TOP - BOTTOM), 1)


def points(figures: Sequence[Mapping[str, Any]]) -> list[tuple[int, float, float]]:
    """The strip's points: ``(move index, x, y)`` for each move with a value (exact or
    sampled), x from ``LEFT`` to ``WIDTH - RIGHT`` over the moves, y from
    ``HEIGHT - BOTTOM`` (value 0, the durak) up to ``TOP`` (value 1, a win); rounded to
    0.1 px."""
    n = len(figures)
    out = []
    for k, fig in enumerate(figures):
        v = _mover_value(fig)
        if v is None:
            continue
        out.append((k, _x(k, n), _y(v)))
    return out


def move_ticks(n: int) -> list[int]:
    """The move indices whose numbers stand under the x axis (as people count them,
    :func:`~durak_nb.numbering.move_number`): move 1, then every 1, 2, 5, 10, 20, 50 …
    moves, at most :data:`MAX_TICKS`, and the last move.

    >>> move_ticks(5), move_ticks(40)
    ([0, 1, 2, 3, 4], [0, 4, 9, 14, 19, 24, 29, 34, 39])
    """
    if n <= 0:
        return []
    step = 1
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000):
        if n / step <= MAX_TICKS:
            break
    ticks = [0] + [m - 1 for m in range(step, n + 1, step) if m > 1]
    if ticks[-1] != n - 1 and n - 1 - ticks[-1] >= step / 2:
        ticks.append(n - 1)
    return ticks


def _fmt(x: float) -> str:
    return f"{x:g}"


def _value_words(fig: Mapping[str, Any]) -> str:
    """One move's figure in a few words for the tooltip: ``'win chance 62 %'``,
    ``'a win (exact)'``, or why it is not evaluated."""
    how = fig.get("how")
    if how == "exact":
        v = _number(fig.get("value"))
        if v is not None and v in _VALUE:
            return _(EVAL_WORDS["solved"]).format(value=pgettext("outcome", _OUTCOME[v]))
    if how == "sampled":
        p = _number(fig.get("p"))
        if p is not None:
            return _(EVAL_WORDS["chance"]).format(p=_(EVAL_WORDS["percent"]).format(p=round(100 * p)))
    if how in ("forced", "unknown", "unsolved", "known", "redeal"):
        return _(EVAL_WORDS[str(how)])
    return _(EVAL_WORDS["other"])


def sparkline_svg(
    figures: Sequence[Mapping[str, Any]], current: int | None, *, moves: Sequence[str | None] | None = None
) -> str:
    """The evaluation strip, an inline SVG (``WIDTH`` × ``HEIGHT``): the y axis with
    the mover's win chance 0 %, 50 %, 100 % (a solved outcome: 0, ½, 1) and its name, the
    x axis with move numbers as people count them (:func:`move_ticks`) and its name, a
    dashed line at 50 %, the polyline of :func:`points` with a dot per point, and a red
    vertical mark at move ``current`` (the move to come, its number in red under the
    axis; ``None`` or past the last move: no mark).  Every move has a column whose tooltip says, for
    the move under the pointer, its number, the move in words (``moves[k]``, where
    given and not ``None``) and its figure.  Every text escaped."""
    from .html import esc

    pts = points(figures)
    n = len(figures)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    title = esc(_(EVAL_WORDS["title"]))
    parts = [
        f'<svg class="dnb-eval-graph" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{title}" style="font:12px sans-serif;max-width:100%;height:auto">',
        f"<title>{title}</title>",
        "<style>.dnb-eval-col{fill:transparent}.dnb-eval-col:hover{fill:rgba(31,78,140,.12)}</style>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f6f6f6"/>',
    ]
    for v in (0.0, 0.25, 0.5, 0.75, 1.0):  # the y axis: grid lines, ticks at 0, 50, 100 %
        y = _fmt(_y(v))
        dash = ' stroke-dasharray="3 3"' if v == 0.5 else ""
        parts.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#ccc"{dash}/>')
        if v in (0.0, 0.5, 1.0):
            label = esc(_(EVAL_WORDS["percent"]).format(p=round(100 * v)))
            parts.append(f'<text x="{x0 - 5}" y="{y}" text-anchor="end" dominant-baseline="middle">{label}</text>')
    parts.append(f'<text class="dnb-eval-axis" x="4" y="15">{esc(_(EVAL_WORDS["axis_y"]))}</text>')
    parts.append(f'<line x1="{x0}" y1="{y1}" x2="{x1}" y2="{y1}" stroke="#555"/>')
    parts.append(f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" stroke="#555"/>')
    now = current if current is not None and 0 <= current < n else None
    for k in move_ticks(n):  # the x axis: move numbers as people count them
        x = _x(k, n)
        parts.append(f'<line x1="{_fmt(x)}" y1="{y1}" x2="{_fmt(x)}" y2="{y1 + 4}" stroke="#555"/>')
        if now is None or abs(x - _x(now, n)) >= 22:  # the move to come's own number stands there
            parts.append(f'<text x="{_fmt(x)}" y="{y1 + 16}" text-anchor="middle">{move_number(k)}</text>')
    parts.append(
        f'<text class="dnb-eval-axis" x="{_fmt((x0 + x1) / 2)}" y="{HEIGHT - 6}" text-anchor="middle">'
        f"{esc(_(EVAL_WORDS['axis_x']))}</text>"
    )
    if now is not None:  # the move to come: a red line, its number in red under the axis
        at = _fmt(_x(now, n))
        parts.append(
            f'<line class="dnb-eval-now" x1="{at}" y1="{y0}" x2="{at}" y2="{y1}" stroke="#c00" stroke-width="2"/>'
        )
        parts.append(
            f'<text class="dnb-eval-now-label" x="{at}" y="{y1 + 16}" text-anchor="middle" fill="#c00" '
            f'font-weight="700">{move_number(now)}</text>'
        )
    if pts:
        line = " ".join(f"{_fmt(x)},{_fmt(y)}" for _k, x, y in pts)
        parts.append(f'<polyline points="{line}" fill="none" stroke="#2a6" stroke-width="2"/>')
        parts.extend(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="3" fill="#2a6"/>' for _k, x, y in pts)
    width = (x1 - x0) / max(n - 1, 1) if n > 1 else x1 - x0
    for k, fig in enumerate(figures):  # the move under the pointer: a column and its tooltip
        words = moves[k] if moves is not None and k < len(moves) else None
        value = _value_words(fig)
        tip = (
            _(EVAL_WORDS["point"]).format(n=move_number(k), move=words, value=value)
            if words
            else _(EVAL_WORDS["point_hidden"]).format(n=move_number(k), value=value)
        )
        left = max(x0, _x(k, n) - width / 2)
        right = min(x1, _x(k, n) + width / 2)
        parts.append(
            f'<rect class="dnb-eval-col" data-move="{move_number(k)}" x="{_fmt(round(left, 1))}" y="{y0}" '
            f'width="{_fmt(round(right - left, 1))}" height="{y1 - y0}"><title>{esc(tip)}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _better(fig: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """The better move the analysis found at one move (its figure's ``"best_move"``, the
    JSON move form), in words; ``None`` when there is none or it is not a move of
    ``names``."""
    from ..record.annotations import move_from_json

    got = fig.get("best_move")
    if got is None:
        return None
    try:
        return move_from_json(got, names).describe(names)
    except (ValueError, TypeError, KeyError):  # an edited figure: nothing named
        return None


def best_words(fig: Mapping[str, Any], mover: str, better: str | None, players: int = 2) -> str:
    """The best move at one move, in words, from its figures ``fig``, the mover's name
    and ``better`` (the better move the analysis found there, in words, or ``None``);
    win chances with the language's decimal sign (``0,62`` in Russian and Ukrainian).
    ``players`` is how many play: with three or more an exact value is the mover's
    whatever the others play, not "with best play by both"."""

    def w_(key: str) -> str:
        return _(EVAL_WORDS[key])

    def value_(v: float) -> str:
        return pgettext("kept outcome", _VALUE[v]) if v in _VALUE else _fmt(v)

    how = fig.get("how")
    if how == "exact":
        value, best = _number(fig.get("value")), _number(fig.get("best"))
        if value is None or best is None:
            return w_("other")
        if value >= best:
            return w_("exact_best" if players == 2 else "exact_best_many").format(value=value_(value), name=mover)
        key = "exact_worse" if better else "exact_worse_unnamed"
        return w_(key).format(best=better, was=value_(best), value=value_(value), name=mover)
    if how == "sampled":
        p, bp = _number(fig.get("p")), _number(fig.get("best_p"))
        se, n = fig.get("se"), fig.get("samples")
        if p is None or bp is None or not isinstance(se, (int, float)) or not isinstance(n, int):
            return w_("other")
        low, high = _number(fig.get("low")), _number(fig.get("high"))
        if low is not None and high is not None:  # the 95 % interval's larger half, as the comment says it
            se = max(p - low, high - p)
        samples = ngettext(*SAMPLES, n).format(n=n)
        if better:
            return w_("sampled_worse").format(best=better, bp=decimal(bp), p=decimal(p), samples=samples)
        if p >= bp:
            return w_("sampled_best").format(name=mover, p=decimal(p), se=decimal(float(se)), samples=samples)
        return w_("sampled_close").format(p=decimal(p), se=decimal(float(se)), samples=samples, bp=decimal(bp))
    if how in ("forced", "unknown", "unsolved", "known", "redeal"):
        return w_(str(how))
    if how == "unsampled":
        return w_("unsampled").format(name=mover)
    return w_("other")


def eval_html(
    figures: Sequence[Mapping[str, Any]],
    k: int,
    *,
    names: Sequence[str],
    move: str | None,
    mover: str | None,
    node: GameNode | None,
    words: str | None = None,
    moves: Sequence[str | None] | None = None,
) -> str:
    """The replayer's evaluation strip at frame ``k`` (the position before move ``k``):
    the sparkline with move ``k`` marked, and the best move at move ``k`` in words
    (``names``: the seat names; ``move``: move ``k`` in words, ``mover`` its mover's
    name, ``node`` its tree node (kept for callers; the better move comes from the
    figures); ``words``:
    these words instead of the best move's; ``moves``: each move in words for the
    tooltip of the move under the pointer, ``None`` where the viewer may not read it);
    at the last frame, that the game is over.  Every text escaped (:func:`.html.esc`)."""
    from .html import esc

    svg = sparkline_svg(figures, k, moves=moves)
    if k >= len(figures) or move is None or mover is None:
        words = f"<b>{esc(_(EVAL_WORDS['end']))}</b>"
    else:
        head = _(EVAL_WORDS["head"]).format(n=move_number(k), move=move)  # as people count (numbering)
        said = best_words(figures[k], mover, _better(figures[k], names), len(names)) if words is None else words
        words = f"<b>{esc(head)}</b>: {esc(said)}"
    return f'<div class="dnb-eval" style="font:14px/1.4 sans-serif;margin:4px 0">{svg}<div>{words}</div></div>'
