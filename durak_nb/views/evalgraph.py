"""The evaluation of an analysed game in the replayer (issue 13, section 4).

A recording made by :func:`durak_nb.analysis.analyse` carries its figures in
``meta["analysis"]``: one object per main-line move (``{"how": "exact", "value": 1,
"best": 1}``, ``{"how": "sampled", "p": 0.62, "se": 0.08, "best_p": 0.7, "samples": 8}``,
``{"how": "forced"}``, ``{"how": "unknown"}`` …).  This module turns them into

- :func:`sparkline_svg`: a small inline SVG over the game, one point per evaluated move
  at the mover's value (the solved outcome 0, ½, 1 or the sampled win chance), the
  move to come marked;
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

from ..i18n import N_, Np_, _, decimal, pgettext
from ..numbering import move_number
from ..record.tree import GameNode

__all__ = ["EVAL_WORDS", "HEIGHT", "WIDTH", "best_words", "eval_html", "figures_of", "points", "sparkline_svg"]

#: The sparkline's size in pixels and its inner margin.
WIDTH = 300
HEIGHT = 48
PAD = 4

#: The person-facing words, translated at use (``_(EVAL_WORDS[key])``).
EVAL_WORDS = {
    "title": N_("evaluation of each move (the mover's win chance, or the solved outcome)"),
    "head": N_("Analysis of move {n} ({move})"),
    "end": N_("Analysis: the game is over"),
    "exact_best": N_("the move played keeps {value} for {name} (exact, best play by both)"),
    "exact_worse": N_("best move: {best}, which keeps {was}; the move played gives {value} for {name} (exact)"),
    "exact_worse_unnamed": N_("the move played gives {value} for {name}; {was} was possible (exact)"),
    "sampled_best": N_("the move played is the best found: {name}'s win chance {p} ± {se} ({n} samples)"),
    "sampled_worse": N_("best move: {best}, win chance {bp} against {p} for the move played ({n} samples)"),
    "sampled_close": N_("win chance {p} ± {se} ({n} samples); the best found {bp}, not surely better"),
    "forced": N_("the only legal move"),
    "unknown": N_("not evaluated (cards nobody saw)"),
    "unsampled": N_("not evaluated (no sample of {name}'s view could be built)"),
    "unsolved": N_("not evaluated (not solved within the budget)"),
    "known": N_("not evaluated (every card is known, and the solver does not answer this position)"),
    "redeal": N_("not evaluated (a redeal, R5: the new deal is not known before it)"),
    "other": N_("not evaluated"),
    "hidden": N_("the best move is shown in the open view and in {name}'s view"),
}

#: the outcome a move keeps or gives, the object of the sentence («сохраняет ничью», «дає нічию»)
_VALUE = {1.0: Np_("kept outcome", "a win"), 0.5: Np_("kept outcome", "a draw"), 0.0: Np_("kept outcome", "a loss")}


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


def points(figures: Sequence[Mapping[str, Any]]) -> list[tuple[int, float, float]]:
    """The sparkline's points: ``(move index, x, y)`` for each move with a value (exact
    or sampled), x from ``PAD`` to ``WIDTH - PAD`` over the moves, y from ``HEIGHT - PAD``
    (value 0, the durak) up to ``PAD`` (value 1, a win); rounded to 0.1 px."""
    n = len(figures)
    step = (WIDTH - 2 * PAD) / max(n - 1, 1)
    out = []
    for k, fig in enumerate(figures):
        v = _mover_value(fig)
        if v is None:
            continue
        out.append((k, round(PAD + k * step, 1), round(PAD + (1.0 - v) * (HEIGHT - 2 * PAD), 1)))
    return out


def _fmt(x: float) -> str:
    return f"{x:g}"


def sparkline_svg(figures: Sequence[Mapping[str, Any]], current: int | None) -> str:
    """An inline SVG (``WIDTH`` × ``HEIGHT``): a dashed line at ½, the polyline of
    :func:`points`, a dot per point, and a red vertical mark at move ``current`` (the
    move to come; ``None`` or past the last move: no mark)."""
    pts = points(figures)
    n = len(figures)
    step = (WIDTH - 2 * PAD) / max(n - 1, 1)
    mid = _fmt(HEIGHT / 2)
    parts = [
        f'<svg class="dnb-eval-graph" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{_(EVAL_WORDS["title"])}">',
        f"<title>{_(EVAL_WORDS['title'])}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f6f6f6"/>',
        f'<line x1="{PAD}" y1="{mid}" x2="{WIDTH - PAD}" y2="{mid}" stroke="#bbb" stroke-dasharray="3 3"/>',
    ]
    if current is not None and 0 <= current < n:
        x = _fmt(round(PAD + current * step, 1))
        parts.append(
            f'<line class="dnb-eval-now" x1="{x}" y1="0" x2="{x}" y2="{HEIGHT}" stroke="#c00" stroke-width="2"/>'
        )
    if pts:
        line = " ".join(f"{_fmt(x)},{_fmt(y)}" for _k, x, y in pts)
        parts.append(f'<polyline points="{line}" fill="none" stroke="#2a6" stroke-width="1.5"/>')
        parts.extend(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="2" fill="#2a6"/>' for _k, x, y in pts)
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


def best_words(fig: Mapping[str, Any], mover: str, better: str | None) -> str:
    """The best move at one move, in words, from its figures ``fig``, the mover's name
    and ``better`` (the better move the analysis found there, in words, or ``None``);
    win chances with the language's decimal sign (``0,62`` in Russian and Ukrainian)."""

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
            return w_("exact_best").format(value=value_(value), name=mover)
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
        if better:
            return w_("sampled_worse").format(best=better, bp=decimal(bp), p=decimal(p), n=n)
        if p >= bp:
            return w_("sampled_best").format(name=mover, p=decimal(p), se=decimal(float(se)), n=n)
        return w_("sampled_close").format(p=decimal(p), se=decimal(float(se)), n=n, bp=decimal(bp))
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
) -> str:
    """The replayer's evaluation strip at frame ``k`` (the position before move ``k``):
    the sparkline with move ``k`` marked, and the best move at move ``k`` in words
    (``names``: the seat names; ``move``: move ``k`` in words, ``mover`` its mover's
    name, ``node`` its tree node (kept for callers; the better move comes from the
    figures); ``words``:
    these words instead of the best move's); at the last frame, that the game is over.
    Every text escaped (:func:`.html.esc`)."""
    from .html import esc

    svg = sparkline_svg(figures, k)
    if k >= len(figures) or move is None or mover is None:
        words = f"<b>{esc(_(EVAL_WORDS['end']))}</b>"
    else:
        head = _(EVAL_WORDS["head"]).format(n=move_number(k), move=move)  # as people count (numbering)
        said = best_words(figures[k], mover, _better(figures[k], names)) if words is None else words
        words = f"<b>{esc(head)}</b>: {esc(said)}"
    return f'<div class="dnb-eval" style="font:13px/1.4 sans-serif;margin:4px 0">{svg}<div>{words}</div></div>'
