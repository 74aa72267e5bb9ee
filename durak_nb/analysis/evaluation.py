"""Annotated games (issue 13, section 4): every move of a recording's main line evaluated.

:func:`analyse` returns an ordinary :class:`~durak_nb.record.Recording`: the same game with
the evaluation added as annotations in ``meta`` (docs/notation.md, "Comments, glyphs and
variations"), so every reader, writer and view of the kit shows it. The user's own
comments, glyphs and variations are kept: the analysis adds, it never replaces.

How a move is evaluated (the value is the mover's: 1 a win, that is not the durak; ½ a
draw, R25/R27; 0 the durak, R24/R22):

- **exactly** (:func:`~durak_nb.analysis.solver.solve`) where the solver applies before
  the move: two players holding cards, the talon empty, within ``node_budget`` positions
  for the move. Every move of the mover gets its outcome with best play by both. Beyond
  the budget the move is ``"unsolved"``, not sampled: every card is then known to the
  mover, so the samples would all be the one deal played out again by the heuristic bot,
  and their error bar of 0 would make a guess look like a proof.
- **by sampling** everywhere else: the search bot's determinized samples of the mover's
  own view (:meth:`~durak_nb.bots.SearchBot.sample_outcomes` on
  :func:`~durak_nb.bots.seat_view`: never a hidden card), by one scheme for the hint, the
  analysis and so the replayer's strip (:func:`sample_choice`), its random numbers seeded
  by the position (:func:`position_seed`: the seed and the mover's view), so the hint and
  the analysis of one position draw the same deals and choose the same move. Rounds of ``samples``
  deals, each played out by the heuristic bot after every candidate move (the same deals
  for every move), *choose* the best candidate: the highest mean, but the heuristic bot's
  move unless the highest is surely better than it (a move is recommended over the rules
  of thumb only on evidence). Rounds are added until the choice is **decided** (against
  every other candidate the 95 % interval of the paired differences lies above 0, or
  within ± :data:`MISTAKE`) or ``max_samples`` (default :data:`DEFAULT_MAX_SAMPLES`, 32)
  is reached, and the text says which ("the best move decided after 24 samples", "not
  decided within the bound of 32 samples"). A maximum over several candidates measured on
  the same deals is biased upwards, so the figures come from a second round of as many
  *fresh* deals, drawn independently, on which the played move and the chosen best are
  played out again (paired). The win chance is the mean outcome there; its interval the
  95 % **Wilson** score interval (:func:`wilson`: never empty, so 8 samples that all won
  read 1.00 ± 0.32, not ± 0.00; the texts print its larger half after ±); the loss of the
  move against the best is the mean of the paired differences, its interval
  :func:`paired_interval` (two pseudo-samples at -1 and +1: identical differences never
  give ± 0). Where the played move is itself the chosen best there is no second round.
- **exactly for the mover against the others** where three players or more hold cards
  with the talon empty and at most :data:`~durak_nb.analysis.solver.MANY_MAX_CARDS` cards
  are in the hands and on the table (:func:`~durak_nb.analysis.solver.seat_values`: the
  outcome the mover can make sure of whatever the others play, all of them taken as one
  side), within :data:`~durak_nb.analysis.solver.MANY_NODE_BUDGET` positions
  (``"unsolved"`` past them); the glyphs are the exact ones (below).
- **not at all** where the mover's view has no hidden card but the solver does not apply
  (three or more players still holding more cards than that with the talon empty; the talon's last card
  the turned-up trump): every sample would be the one deal played out again, and a spread
  of 0 over identical samples would look like a proof (``{"how": "known"}``). Likewise a
  redeal claim (R5): the new deal is not known before it (``{"how": "redeal"}``); it still
  counts as one of the mover's choices, so the other moves are not "the only legal move".

Glyphs (one per move, and only where the user set none):

- exact: ``??`` the move turns a win into a loss; ``?`` it gives up one step (a win into a
  draw, a draw into a loss); ``!`` it is the only move of several that keeps a win or a
  draw.
- sampled: ``??`` the move loses at least :data:`BLUNDER` (0.30) win chance against the
  chosen best candidate, ``?`` at least :data:`MISTAKE` (0.15), both measured on the
  second round's fresh deals (never on the deals that chose the best), in both cases
  only when the loss is more than :data:`SURE` (2.5) standard errors of the paired
  differences, its 95 % interval (:func:`paired_interval`) lies above 0, and it rests on
  at least :data:`MIN_SAMPLES` (8) fresh samples; no ``!``
  (sampling does not prove a move is the only good one).

Where a move gets ``?`` or ``??`` the better move (the engine's first of the best, or the
best candidate) is added as a variation at that move, its comment saying what it changes
("keeps the win: …", "+0.27 win chance: …"). Every analysed move gets a comment after it
("Analysis: …"), appended to the user's. The member ``meta["analysis"]`` holds the figures
(one object per main-line move: ``{"how": "exact", "value": 1, "best": 1}`` or ``{"how":
"sampled", "p": 0.62, "se": 0.08, "best_p": 0.7, "samples": 8, "low": 0.31, "high": 0.86,
"decided": false}``: ``se`` the standard error, ``low``..``high`` the 95 % Wilson interval; ``{"how": "forced"}``
for a move with no alternative; ``{"how": "unknown"}``, ``"known"``, ``"redeal"``,
``"unsolved"``, ``"unsampled"``; with ``"best_move"`` (the JSON move form) where a better
move was found, ``"glyph": "??"`` where the analysis set the move's glyph,
``"variation": true`` where it added the better move as a new variation, and
``"comment"`` / ``"variation_comment"``: the exact texts it appended to the move's
comment and to the better move's) as free data, which the notation keeps as a header.
Analysing an analysed game replaces the earlier analysis: what the earlier one wrote is
known from its own record (those exact texts, its glyphs and variations), and only that
is taken out, never a text found by its pattern, so the writer's own comments stay
whole, even one that reads "Analysis: …". (A figure without ``"comment"``, written
before the analysis recorded its texts, takes nothing out of the comments.)

Games whose deal nobody saw whole (``durak_nb.unseen``, over-the-board recordings) are
analysed from what is known (``PartialReplay.seen_at`` before each move): a move whose
mover holds a card nobody saw is marked ``{"how": "unknown"}`` with the comment
"Analysis: not evaluated (cards nobody saw)"; one whose mover's hand is known is sampled
from the mover's view (which then is the same in the witness deal as in the real game:
it holds the mover's hand and public facts only), or solved exactly when every hand is
known. ``{"how": "unsampled"}``: no sample of the view could be built.

Bounds: ``samples`` deals per round per sampled move (1 to :data:`MAX_SAMPLES`, as the
tournament's ``search-N``), ``node_budget`` solver positions per exact move (1 to
:data:`MAX_NODE_BUDGET`; beyond it the move is ``"unsolved"``), ``playout_moves`` moves
per playout (1 to :data:`MAX_PLAYOUT_MOVES`); outside them :class:`ValueError` naming the
argument.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import SearchBot, outcome, search_candidates, seat_view
from ..engine import Action, Game, IllegalMove, Move
from ..errors import DurakError
from ..i18n import LANGUAGES, N_, Nn_, Np_, _, decimal, language, ngettext, pgettext, whole
from ..record import RecordingError
from ..record.annotations import move_from_json
from ..record.json_form import Recording, move_to_json
from ..record.tree import GameNode, GameTree
from ..unseen import PartialDeal
from .solver import (
    MANY_NODE_BUDGET,
    MAX_NODE_BUDGET,
    Solution,
    SolverBudgetError,
    SolverError,
    SolverTable,
    seat_values,
    solve,
)

__all__ = [
    "BLUNDER",
    "DEFAULT_MAX_SAMPLES",
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_SAMPLES",
    "MAX_NODE_BUDGET",
    "MAX_PLAYOUT_MOVES",
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "MISTAKE",
    "SURE",
    "AnalysisError",
    "Choice",
    "Hint",
    "MoveEvaluation",
    "analyse",
    "analysis_prefixes",
    "evaluate",
    "hint",
    "in_reader_language",
    "paired_interval",
    "position_seed",
    "sample_choice",
    "wilson",
]

#: Loss of win chance (sampled) for ``??``.
BLUNDER = 0.30
#: Loss of win chance (sampled) for ``?``.
MISTAKE = 0.15
#: Standard errors the sampled loss (on fresh deals) must exceed for a glyph.
SURE = 2.5
#: The fewest samples a sampled glyph rests on.
MIN_SAMPLES = 8
#: Deals sampled per move by default (one round; more rounds until the verdict is decided).
DEFAULT_SAMPLES = 8
#: The most deals sampled to choose the best move by default (the bound of the rounds).
DEFAULT_MAX_SAMPLES = 32
#: Solver positions per move by default (beyond: the move is ``"unsolved"``).
DEFAULT_NODE_BUDGET = 5_000
#: The most samples per round (the tournament's ``search-N`` stops at 256 too).
MAX_SAMPLES = 256
#: The most moves per playout.
MAX_PLAYOUT_MOVES = 10_000

#: The outcomes in words (the mover's value).
#: Context ``outcome``: the word as a sentence's subject ("ничья"), not the board's object
#: ("ничью").
_VALUE: dict[float, str] = {1.0: Np_("outcome", "a win"), 0.5: Np_("outcome", "a draw"), 0.0: Np_("outcome", "a loss")}
#: The sentences of the analysis (marked for the catalogue, translated at use).
_WORDS: dict[str, str] = {
    # TRANSLATORS: the analysis's comment in a recording: "Analysis: " and its text
    "prefix": N_("Analysis: {text}"),
    "exact": N_("exact, {value} for {name} with best play"),
    "exact_worse": N_("exact, {value} for {name} with best play; {best} would have kept {was}"),
    "keeps": N_("keeps {value}: {move} (exact, best play by both)"),
    # three players or more: the mover against all the others as one side (solver.seat_values)
    "keeps_many": N_("keeps {value}: {move} (exact, whatever the others play)"),
    "exact_only": N_("exact, {value} for {name} with best play; the only move that keeps it"),
    "sampled": N_("{name}'s win chance {p} ± {se} ({n} samples of {name}'s view); best {bp} ({best})"),
    "sampled_same": N_("{name}'s win chance {p} ± {se} ({n} samples of {name}'s view); no better move found"),
    "better": N_("{gain} win chance: {move} ({bp} ± {bse} against {p}, {n} samples)"),
    "forced": N_("the only legal move"),
    "unknown": N_("not evaluated (cards nobody saw)"),
    "unsolved": N_("not evaluated (not solved within the budget)"),
    "no_samples": N_("not evaluated (no sample of {name}'s view could be built)"),
    "known": N_(
        "not evaluated (every card is known to {name}, so every sample would be the one deal, "
        "and the solver does not answer this position)"
    ),
    "redeal": N_("not evaluated (a redeal, R5: the new deal is not known before it)"),
    "hint_none": N_("no move for {name} now"),
    "hint_forced": N_("{move}: the only legal move"),
    "hint_exact": N_("{move}: {value} with best play (exact)"),
    "hint_sampled": N_("{move}: win chance {p} ± {se} ({n} samples of {name}'s view)"),
    "hint_default": N_("{move}: the heuristic bot's move (no sample could be built)"),
    "hint_known": N_(
        "{move}: the heuristic bot's move (every card is known, and the solver does not answer this position)"
    ),
    "budget": N_("analyse: {what} is a whole number from 1 to {most}, not {value!r}"),
    "illegal": N_("analyse: {text}"),
}


def _words(key: str, **fields: object) -> str:
    """The sentence ``key`` of :data:`_WORDS` in the language in use, its fields filled."""
    return _(_WORDS[key]).format(**fields)


#: The sentence of the hint beyond the solver's budget: the forms for one and for many.
_HINT_UNSOLVED = Nn_(
    # TRANSLATORS: {budget} is a number of positions the solver may look at ("5,000")
    "{move}: the heuristic bot's move (the end game needs more than {budget} position to solve)",
    "{move}: the heuristic bot's move (the end game needs more than {budget} positions to solve)",
)


#: Whether sampling decided the best move (said after a sampled figure).
_DECIDED = Nn_("(the best move decided after {n} sample)", "(the best move decided after {n} samples)")
_UNDECIDED = Nn_(
    "(the best move not decided within the bound of {n} sample)",
    "(the best move not decided within the bound of {n} samples)",
)


def _outcome_words(v: float) -> str:
    """An outcome in words: ``'a win'``, ``'a draw'``, ``'a loss'`` (the language in use)."""
    return pgettext("outcome", _VALUE[v])


class AnalysisError(DurakError):
    """The recording cannot be analysed: its moves are not a legal game (the reader's
    error is the cause, with the move and the rule) or a bound is not a whole number in
    its range (the message names the argument). A :class:`ValueError`."""


@dataclass(frozen=True)
class MoveEvaluation:
    """The evaluation of one move (the mover's point of view).

    Attributes:
        how: ``"exact"``, ``"sampled"``, ``"forced"``, ``"unknown"`` (the mover holds
            cards nobody saw), ``"unsampled"`` (no sample could be built), ``"known"``
            (no card is hidden from the mover but the solver does not apply: samples
            would repeat one deal), ``"redeal"`` (the move is a redeal claim, R5) or
            ``"unsolved"`` (the solver applies but needs more than the node budget; or
            :func:`evaluate` without sampling where the solver gave no answer).
        value: the value after the move: exact 0, 0.5 or 1; sampled the win chance.
        best_value: the best value the mover had (the same scale).
        se: the standard error of ``value`` (sampled), else 0.
        loss_se: the standard error of ``best_value - value`` (paired samples), else 0.
        samples: the samples the figures rest on (sampled: the fresh deals of the
            second round where a better candidate was chosen, else the first round's),
            else 0.
        best: the better move when the played one is worse, else ``None``.
        best_se: the standard error of ``best_value`` (sampled), else 0.
        only: the played move is the only one of several keeping ``best_value`` (exact).
        glyph: the glyph by the thresholds of the module's text, or ``None``.
        low, high: the 95 % Wilson interval of ``value`` (sampled: :func:`wilson`; never
            empty, so 8 samples that all won read 1.00 ± 0.32, not ± 0.00), else
            ``value`` itself.
        best_low, best_high: the same of ``best_value``.
        decided: sampled: the best move was decided before the bound (:class:`Choice`).
        bound: sampled: the most samples the choice could take.
    """

    how: str
    value: float = 0.0
    best_value: float = 0.0
    se: float = 0.0
    loss_se: float = 0.0
    samples: int = 0
    best: Move | None = None
    best_se: float = 0.0
    only: bool = False
    glyph: str | None = None
    low: float | None = None
    high: float | None = None
    best_low: float | None = None
    best_high: float | None = None
    decided: bool = False
    bound: int = 0

    @property
    def margin(self) -> float:
        """The larger half of the 95 % interval of :attr:`value` (what the texts print
        after ±); 0 where the value is exact."""
        if self.low is None or self.high is None:
            return 0.0
        return max(self.value - self.low, self.high - self.value)

    @property
    def best_margin(self) -> float:
        """The larger half of the 95 % interval of :attr:`best_value`."""
        if self.best_low is None or self.best_high is None:
            return 0.0
        return max(self.best_value - self.best_low, self.best_high - self.best_value)

    def to_json(self) -> dict[str, Any]:
        """The figures of ``meta["analysis"]`` (see the module's text)."""
        if self.how == "exact":
            return {"how": "exact", "value": self.value, "best": self.best_value}
        if self.how == "sampled":
            return {
                "how": "sampled",
                "p": round(self.value, 4),
                "se": round(self.se, 4),
                "best_p": round(self.best_value, 4),
                "samples": self.samples,
                "low": round(self.low if self.low is not None else self.value, 4),
                "high": round(self.high if self.high is not None else self.value, 4),
                "decided": self.decided,
            }
        return {"how": self.how}


def _value(durak: int | None, mover: int) -> float:
    if durak is None:
        return 0.5
    return 0.0 if durak == mover else 1.0


def _moves_of(game: Game, mover: int) -> list[Move]:
    """The mover's legal moves the solver and the samples weigh: a redeal (R5) left out
    (it is still a choice: :func:`evaluate` counts it, see :func:`_choices`)."""
    return [m for m in game.legal_moves(mover) if m.action is not Action.REDEAL]


def _choices(game: Game, mover: int) -> int:
    """How many legal moves the mover has, a redeal claim (R5) counted as one."""
    return len(game.legal_moves(mover))


def one_deal(sv: Any) -> bool:
    """Every sample of ``sv`` would be the same deal: the unseen cards (none, or all of
    them) have one place to go (another hand's unknown cards, or the talon)."""
    v = sv.view
    unseen = len(sv.unseen())
    places = 0
    hidden_in_hands = 0
    for s in range(len(v.players)):
        if s != v.player:
            need = v.hand_sizes[s] - len(v.known[s])
            hidden_in_hands += need
            places += need > 0
    places += unseen - hidden_in_hands > 0
    return places <= 1


class OverBudget(Exception):
    """The solver applies but needs more than the node budget (see :func:`exact_values`)."""


def exact_values(
    game: Game, mover: int, node_budget: int, table: SolverTable | None = None
) -> dict[Move, float] | None:
    """The exact value for ``mover`` after each of their legal moves, or ``None`` where
    the solver does not apply. With three players or more holding cards (R24) and the
    talon empty: the value ``mover`` can make sure of whatever the others play
    (:func:`~durak_nb.analysis.solver.seat_values`), where at most
    :data:`~durak_nb.analysis.solver.MANY_MAX_CARDS` cards are in the hands and on the
    table (``None`` beyond it), within ``node_budget`` and at most
    :data:`~durak_nb.analysis.solver.MANY_NODE_BUDGET` positions (else OverBudget).

    Raises:
        OverBudget: the solver applies but needs more than ``node_budget`` positions in
            all; every card is then known to the mover, so sampling the unseen cards
            would only play the one deal again (never a guess dressed as a figure).
    """
    left = node_budget
    try:
        sol: Solution = solve(game, node_budget=left, table=table)
        left -= sol.nodes
        if sol.to_act == mover:
            return {e.move: _value(e.durak, mover) for e in sol.evaluations}
        # the defender moves where the solver's reading of R12 lets the thrower decide first
        values: dict[Move, float] = {}
        for m in _moves_of(game, mover):
            after = game.copy()
            after.play(m)
            if after.finished:
                values[m] = outcome(after, mover)
                continue
            if left < 1:
                raise OverBudget
            s = solve(after, node_budget=left, table=table)
            left -= s.nodes
            values[m] = _value(s.durak, mover)
        return values
    except SolverBudgetError as exc:
        raise OverBudget from exc
    except SolverError as exc:  # the solver does not apply here
        if exc.rule != "R24":
            return None
    # three players or more hold cards (R24): exact for the mover against the others where small enough
    try:
        many, _nodes = seat_values(game, mover, node_budget=min(node_budget, MANY_NODE_BUDGET))
    except SolverBudgetError as exc:
        raise OverBudget from exc
    except SolverError:  # more cards than solver.MANY_MAX_CARDS, or another condition fails
        return None
    return {m: (v + 1) / 2 for m, v in many.items()}


def _exact(game: Game, move: Move, node_budget: int, table: SolverTable | None = None) -> MoveEvaluation | None:
    """The exact evaluation of ``move`` in ``game``, ``MoveEvaluation("unsolved")`` where
    the solver applies but needs more than ``node_budget`` positions, or ``None`` where it
    does not apply."""
    try:
        values = exact_values(game, move.player, node_budget, table)
    except OverBudget:
        return MoveEvaluation("unsolved")
    if values is None:
        return None
    if move not in values:
        return None
    best_value = max(values.values())
    value = values[move]
    keepers = [m for m, v in values.items() if v == best_value]
    only = len(values) > 1 and keepers == [move] and best_value > 0.0
    glyph = None
    if value < best_value:
        glyph = "??" if best_value - value >= 1.0 else "?"
    elif only:
        glyph = "!"
    better = keepers[0] if value < best_value else None
    return MoveEvaluation("exact", value, best_value, best=better, only=only, glyph=glyph)


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


#: The normal quantile of the 95 % intervals.
Z95 = 1.959964


def wilson(xs: Sequence[float], lo: float = 0.0, hi: float = 1.0) -> tuple[float, float]:
    """The 95 % Wilson score interval of the mean of ``xs`` (values in ``lo``..``hi``:
    outcomes 0, 1/2, 1, or paired differences in -1..1), mapped to 0..1 and back.

    Unlike mean ± 1.96 standard errors it is never empty: 8 samples that all won give
    0.68..1, not 1 ± 0 (a score in 0..1 spreads at most as a win-or-loss does, so the
    interval is never narrower than the truth's). No samples: ``(lo, hi)``.

    >>> [round(x, 3) for x in wilson([1.0] * 8)]
    [0.676, 1.0]
    """
    n = len(xs)
    if n == 0:
        return lo, hi
    p = min(1.0, max(0.0, (sum(xs) / n - lo) / (hi - lo)))
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return lo + (hi - lo) * low, lo + (hi - lo) * high


def paired_interval(diffs: Sequence[float]) -> tuple[float, float]:
    """The 95 % interval of the mean of paired differences (each in -1..1): mean ± 1.96
    standard errors after adding two pseudo-samples, one at -1 and one at +1 (as
    Agresti and Coull add successes and failures), so that identical differences never
    give an empty interval (8 differences of 0: ± 0.29; 32: ± 0.08). No samples: -1..1.

    >>> [round(x, 3) for x in paired_interval([0.0] * 8)]
    [-0.292, 0.292]
    """
    xs = [*diffs, -1.0, 1.0]
    n = len(xs)
    if n == 2:
        return -1.0, 1.0
    mean, se = _mean_se(xs)
    return max(-1.0, mean - Z95 * se), min(1.0, mean + Z95 * se)


@dataclass(frozen=True)
class Choice:
    """The sampled choice of a best move (:func:`sample_choice`, the one sampling scheme
    of the hint and the analysis).

    Attributes:
        best: the candidate with the highest mean outcome (ties: the heuristic bot's
            move, then the engine's first), unless it is not surely better than the
            heuristic bot's move (the 95 % interval of their paired difference reaches
            0): then that move.
        outcomes: each candidate's outcomes, one per sampled deal (the same deals for
            every candidate).
        samples: the deals they rest on.
        decided: the best move was decided before the bound: against every other
            candidate the 95 % interval of the paired difference lies above 0 (it is
            better) or within ± :data:`MISTAKE` (no mistake either way).
        bound: the most samples it could take.
    """

    best: Move
    outcomes: dict[Move, list[float]]
    samples: int
    decided: bool
    bound: int


def _decided(outcomes: dict[Move, list[float]], best: Move) -> bool:
    mine = outcomes[best]
    for m, xs in outcomes.items():
        if m == best:
            continue
        low, high = paired_interval([a - b for a, b in zip(mine, xs, strict=True)])
        if not (low > 0.0 or (low > -MISTAKE and high < MISTAKE)):
            return False
    return True


def _best(outcomes: dict[Move, list[float]], cands: Sequence[Move], default: Move) -> Move:
    """The candidate with the highest mean; but the heuristic bot's move ``default``
    where it is a candidate and the highest is not surely better than it (the 95 %
    interval of the paired difference reaches 0): a move is recommended over the rules
    of thumb only on evidence."""
    n = len(outcomes[cands[0]])
    means = {m: sum(v) / n for m, v in outcomes.items()}
    top = max(means.values())
    if means.get(default) == top:
        return default
    best = next(m for m in cands if means[m] == top)
    if default in outcomes:
        low, _high = paired_interval([a - b for a, b in zip(outcomes[best], outcomes[default], strict=True)])
        if low <= 0.0:
            return default
    return best


def position_seed(sv: Any, seed: int | None = 0) -> int | None:
    """The seed of the sampling at one position: a hash (BLAKE2b, 63 bits) of ``seed`` and
    of ``sv``, the mover's view (a :class:`~durak_nb.bots.SeatView`: its hand, what is
    public, the bout's moves, its legal moves; nothing hidden), so the hint and the
    analysis of the same position draw the same deals, whatever came before or how often
    the hint was asked (issue 21, one verdict). ``None`` for ``seed`` ``None`` (unseeded)."""
    if seed is None:
        return None
    digest = hashlib.blake2b(f"{seed}\x00{sv!r}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _bot_at(bot: SearchBot, sv: Any) -> SearchBot:
    """``bot``'s settings, its random numbers seeded for the position of ``sv``
    (:func:`position_seed`): the one sampling of the hint and the analysis."""
    return SearchBot(samples=bot.samples, seed=position_seed(sv, bot.seed), playout_moves=bot.playout_moves)


def sample_choice(sv: Any, cands: Sequence[Move], bot: SearchBot, bound: int) -> Choice | None:
    """Choose the best of ``cands`` by sampling ``sv`` (the mover's view, nothing hidden):
    rounds of ``bot.samples`` deals (:meth:`~durak_nb.bots.SearchBot.sample_outcomes`),
    each candidate played out after every deal, more rounds until the best move is
    decided (:class:`Choice`) or ``bound`` samples are reached. ``None``: no sample could
    be built. The hint and the analysis both choose so (one scheme, one verdict)."""
    default = bot.heuristic.choose_view(sv)
    outcomes: dict[Move, list[float]] = {m: [] for m in cands}
    step = max(1, bot.samples)
    while True:
        got = bot.sample_outcomes(sv, cands)
        if not any(got.values()):
            break
        for m in cands:
            outcomes[m].extend(got[m])
        n = len(outcomes[cands[0]])
        best = _best(outcomes, cands, default)
        if _decided(outcomes, best):
            return Choice(best, outcomes, n, True, bound)
        if n + step > bound:
            return Choice(best, outcomes, n, False, bound)
    n = len(outcomes[cands[0]])
    if n == 0:
        return None
    best = _best(outcomes, cands, default)
    return Choice(best, outcomes, n, _decided(outcomes, best), bound)


def _sampled(game: Game, move: Move, bot: SearchBot, bound: int | None = None) -> MoveEvaluation:
    """The sampled evaluation of ``move`` (see the module's text): rounds of deals choose
    the best candidate (:func:`sample_choice`, up to ``bound`` samples, by default
    ``bot.samples``), a second round of as many fresh deals measures the played move
    against it (paired)."""
    mover = move.player
    sv = seat_view(game, mover)
    if one_deal(sv):  # every sample the one deal: no spread to measure
        return MoveEvaluation("known")
    bot = _bot_at(bot, sv)  # seeded by the position: the hint's own deals (one verdict)
    cands = search_candidates(sv.legal)
    if move not in cands:
        cands.append(move)
    choice = sample_choice(sv, cands, bot, bot.samples if bound is None else bound)  # round 1: choose
    if choice is None:
        return MoveEvaluation("unsampled")
    if choice.best == move:  # no choice made against the move: its mean is not biased
        xs = choice.outcomes[move]
        p, se = _mean_se(xs)
        low, high = wilson(xs)
        return MoveEvaluation(
            "sampled",
            p,
            p,
            se=se,
            samples=choice.samples,
            best_se=se,
            low=low,
            high=high,
            best_low=low,
            best_high=high,
            decided=choice.decided,
            bound=choice.bound,
        )
    best = choice.best
    fresh = bot.sample_outcomes(sv, [move, best])  # round 2: measure, on deals that chose nothing
    while len(fresh[move]) < choice.samples:
        more = bot.sample_outcomes(sv, [move, best])
        if not more[move]:
            break
        fresh[move].extend(more[move])
        fresh[best].extend(more[best])
    played, other = fresh[move][: choice.samples], fresh[best][: choice.samples]
    n = len(played)
    if n == 0:
        return MoveEvaluation("unsampled")
    p, se = _mean_se(played)
    bp, bse = _mean_se(other)
    diffs = [b - a for a, b in zip(played, other, strict=True)]
    loss, loss_se = _mean_se(diffs)
    loss_low, _high = paired_interval(diffs)
    glyph = None
    if n >= MIN_SAMPLES and loss > SURE * loss_se and loss_low > 0.0:
        if loss >= BLUNDER:
            glyph = "??"
        elif loss >= MISTAKE:
            glyph = "?"
    low, high = wilson(played)
    best_low, best_high = wilson(other)
    return MoveEvaluation(
        "sampled",
        p,
        bp,
        se=se,
        loss_se=loss_se,
        samples=n,
        best=best if loss > 0 else None,  # named only where the fresh deals find it better
        best_se=bse,
        glyph=glyph,
        low=low,
        high=high,
        best_low=best_low,
        best_high=best_high,
        decided=choice.decided,
        bound=choice.bound,
    )


def evaluate(
    game: Game,
    move: Move,
    *,
    bot: SearchBot,
    node_budget: int = DEFAULT_NODE_BUDGET,
    exact: bool = True,
    sampled: bool = True,
    table: SolverTable | None = None,
    max_samples: int | None = None,
) -> MoveEvaluation:
    """The evaluation of ``move`` (legal in ``game``) for its mover: ``"forced"`` when it
    is the mover's only legal move (a redeal claim, R5, counts as a move); ``"redeal"``
    for a redeal claim (not evaluated: the new deal is unknown); else exact where
    ``exact`` and the solver applies within ``node_budget`` positions (``"unsolved"``
    where it applies but needs more); else, where ``sampled``, sampled by ``bot`` from
    the mover's view (:func:`~durak_nb.bots.seat_view`: never a hidden card; ``"known"``
    where that view hides nothing, so every sample would be the one deal); else
    ``"unsolved"``. ``game`` is not changed; ``table`` (a
    :class:`~durak_nb.analysis.SolverTable`) keeps the solver's work for the next moves
    of the same game.

    Raises:
        IllegalMove: ``move`` is not legal in ``game`` now (its refusal names the rule,
            e.g. R12 for a move out of turn, R7 for a card not in the hand).
        AnalysisError: ``node_budget`` is not a whole number from 1 to
            :data:`MAX_NODE_BUDGET` (a :class:`ValueError`).
        TypeError: ``move`` is not a :class:`~durak_nb.engine.Move`.
    """
    _bounded("node_budget", node_budget, MAX_NODE_BUDGET)
    refusal = game.why_illegal(move)
    if refusal is not None:
        raise IllegalMove(refusal, move)
    if _choices(game, move.player) <= 1:
        return MoveEvaluation("forced")
    if move.action is Action.REDEAL:
        return MoveEvaluation("redeal")
    if exact:
        found = _exact(game, move, node_budget, table)
        if found is not None:
            return found
    if not sampled:
        return MoveEvaluation("unsolved")
    return _sampled(game, move, bot, max_samples)


def _comment(ev: MoveEvaluation, move: Move, names: Sequence[str]) -> str:
    name = names[move.player]
    if ev.how == "forced":
        return _words("forced")
    if ev.how in ("unknown", "unsolved", "redeal"):
        return _words(ev.how)
    if ev.how == "known":
        return _words("known", name=name)
    if ev.how == "unsampled":
        return _words("no_samples", name=name)
    if ev.how == "exact":
        if ev.best is not None:
            return _words(
                "exact_worse",
                value=_outcome_words(ev.value),
                name=name,
                best=ev.best.describe(names),
                was=_outcome_words(ev.best_value),
            )
        return _words("exact_only" if ev.only else "exact", value=_outcome_words(ev.value), name=name)
    if ev.best is not None:
        return _words(
            "sampled",
            name=name,
            p=decimal(ev.value),
            se=decimal(ev.margin),
            n=ev.samples,
            bp=decimal(ev.best_value),
            best=ev.best.describe(names),
        ) + _verdict(ev)
    return _words("sampled_same", name=name, p=decimal(ev.value), se=decimal(ev.margin), n=ev.samples) + _verdict(ev)


def _verdict(ev: MoveEvaluation) -> str:
    """The sentence saying whether sampling decided the best move or reached its bound."""
    if ev.decided:
        return " " + ngettext(*_DECIDED, ev.samples).format(n=ev.samples)
    return " " + ngettext(*_UNDECIDED, ev.bound).format(n=whole(ev.bound))


def _better_comment(ev: MoveEvaluation, names: Sequence[str]) -> str:
    assert ev.best is not None
    if ev.how == "exact":
        key = "keeps" if len(names) == 2 else "keeps_many"  # «both» is two players' word
        return _words(key, value=_outcome_words(ev.best_value), move=ev.best.describe(names))
    return _words(
        "better",
        gain=decimal(ev.best_value - ev.value, sign=True),
        move=ev.best.describe(names),
        bp=decimal(ev.best_value),
        bse=decimal(ev.best_margin),
        p=decimal(ev.value),
        n=ev.samples,
    )


def analysis_prefixes() -> tuple[str, ...]:
    """How the analysis's comments begin, in every language the kit speaks (``'Analysis: '``,
    ``'Анализ: '``, ``'Аналіз: '``). A writer may begin a comment so too: the analysis
    knows its own comments from its record (``meta["analysis"]``), never by these words.

    >>> analysis_prefixes()
    ('Analysis: ', 'Анализ: ', 'Аналіз: ')
    """
    out = []
    for lang in LANGUAGES:
        with language(lang):
            out.append(_words("prefix", text=""))
    return tuple(out)


def _add(old: str | None, ours: str) -> str:
    """The user's comment kept, the analysis's text ``ours`` appended after a space."""
    return ours if not old else f"{old} {ours}"


def _take_back(comment: str | None, ours: object) -> str | None:
    """``comment`` without the text ``ours`` an earlier :func:`analyse` appended to it
    (its own record of it, ``"comment"`` / ``"variation_comment"`` of a figure), or
    ``None`` when nothing of the user's is left. Only that exact text at the end is taken
    out (with the space :func:`_add` put before it); a comment that does not end with it
    (edited since) is kept whole."""
    if not comment or not isinstance(ours, str) or not ours:
        return comment
    if comment == ours:
        return None
    if comment.endswith(" " + ours):
        return comment[: -len(ours) - 1] or None
    return comment


def _drop_analysis(tree: GameTree) -> None:
    """Take out of ``tree`` what an earlier :func:`analyse` added, so that analysing an
    analysed game replaces the analysis instead of doubling it. What it added is read
    from its own record, ``meta["analysis"]`` (one figure per main-line move): the exact
    texts it appended to comments, the glyphs it set, the variations it added. Nothing is
    found by a pattern on the user's text."""
    old = tree.meta.pop("analysis", None)
    if not isinstance(old, list):
        return
    for node, fig in zip(tree.mainline(), old, strict=False):
        if not isinstance(fig, dict):
            continue
        node.comment_after = _take_back(node.comment_after, fig.get("comment"))
        if fig.get("glyph") is not None and node.glyph == fig["glyph"]:
            node.glyph = None
        said = fig.get("variation_comment")
        parent = node.parent
        if not isinstance(said, str) or parent is None:
            continue
        for alt in parent.variations[1:]:
            comment = alt.comment_after
            if comment is None or not (comment == said or comment.endswith(" " + said)):
                continue
            if (
                fig.get("variation") is True
                and comment == said
                and not alt.variations
                and alt.comment_before is None
                and alt.glyph is None
            ):
                parent.remove_variation(alt)  # the analysis's own line, nothing of the user's in it
            else:
                alt.comment_after = _take_back(comment, said)
            break


def _bounded(what: str, value: object, most: int) -> int:
    """``value`` when it is a whole number from 1 to ``most``, else :class:`AnalysisError`
    (a :class:`ValueError`) naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise AnalysisError(None, _words("budget", what=what, value=value, most=whole(most)))
    return value


def analyse(
    replay_or_recording: Any,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    node_budget: int = DEFAULT_NODE_BUDGET,
    playout_moves: int = 400,
    max_samples: int = DEFAULT_MAX_SAMPLES,
) -> Recording:
    """The recording with every move of its main line evaluated (see the module's text
    for how, the glyphs' thresholds and the fields written).

    Args:
        replay_or_recording: a :class:`~durak_nb.record.Recording` or a
            :class:`~durak_nb.replay.Replay` (its ``recording`` is analysed).
        samples: deals sampled per round per move where the solver does not apply (a
            bound, 1 to :data:`MAX_SAMPLES`).
        seed: seed of the search bot's random numbers, each position's derived from it and
            the mover's view (:func:`position_seed`, as :func:`hint`'s): the same seed, the
            same result.
        node_budget: solver positions per move (a bound, 1 to :data:`MAX_NODE_BUDGET`;
            beyond it the move is ``"unsolved"``).
        playout_moves: moves per playout (a bound, 1 to :data:`MAX_PLAYOUT_MOVES`).
        max_samples: the most deals the choice of the best move may take (rounds of
            ``samples`` until it is decided, :func:`sample_choice`; 1 to
            :data:`MAX_SAMPLES`; at least ``samples``).

    Returns:
        A new :class:`~durak_nb.record.Recording` (the input is not changed).

    Raises:
        AnalysisError: a bound is not a whole number in its range (a
            :class:`ValueError` naming the argument), or a move of the main line is
            illegal (the cause is the reader's :class:`RecordingError` naming the move
            and the rule).
        TypeError: ``replay_or_recording`` is neither.
    """
    rec: Recording = getattr(replay_or_recording, "recording", replay_or_recording)
    if not isinstance(rec, Recording):
        raise TypeError(f"analyse: a Recording or a Replay, not {type(replay_or_recording).__name__}")
    _bounded("samples", samples, MAX_SAMPLES)
    _bounded("node_budget", node_budget, MAX_NODE_BUDGET)
    _bounded("playout_moves", playout_moves, MAX_PLAYOUT_MOVES)
    _bounded("max_samples", max_samples, MAX_SAMPLES)
    bot = SearchBot(samples=samples, seed=seed, playout_moves=playout_moves)
    table = SolverTable()  # the solver's positions, kept from one move to the next
    tree = GameTree.from_recording(rec)
    _drop_analysis(tree)  # an analysed game is analysed afresh, not twice
    names = rec.players
    figures: list[dict[str, Any]] = []
    node: GameNode = tree.root
    try:
        if isinstance(rec.deal, PartialDeal):
            decided, error = rec.partial()
            if error is not None:  # the reader's error, with the move and the rule
                rec.replay()
            game = decided.witness_start()
            played = decided.witness_moves()  # internal: hidden cards are never shown
            unknown = [decided.seen_at(k).unknown for k in range(len(played))]
        else:
            game = rec.new_game()
            played = list(rec.moves)
            unknown = [(0,) * len(names)] * len(played)
        for k, move in enumerate(played):
            nxt = node.next
            assert nxt is not None
            node = nxt
            if game.why_illegal(move) is not None:
                rec.replay()  # raises the reader's RecordingError naming the move, its place and rule
                raise AssertionError("the reader accepted a move the engine refuses")  # pragma: no cover
            if unknown[k][move.player]:
                ev = MoveEvaluation("unknown")
            else:  # the solver needs every hand; the samples only the mover's view
                ev = evaluate(
                    game,
                    move,
                    bot=bot,
                    node_budget=node_budget,
                    exact=sum(unknown[k]) == 0,
                    table=table,
                    max_samples=max(samples, max_samples),
                )
            fig = ev.to_json()
            if ev.best is not None:
                fig["best_move"] = move_to_json(ev.best, names)
                if ev.how == "sampled":  # what the better move's comment says, to say it again
                    fig["best_se"] = round(ev.best_se, 4)
                    if ev.best_low is not None and ev.best_high is not None:
                        fig["best_low"], fig["best_high"] = round(ev.best_low, 4), round(ev.best_high, 4)
            if ev.how == "sampled" and not ev.decided:
                fig["bound"] = ev.bound  # the bound the comment names, to say it again
            ours = _words("prefix", text=_comment(ev, move, names))
            node.comment_after = _add(node.comment_after, ours)
            fig["comment"] = ours  # noted, so a new analysis takes back this text and nothing else
            if ev.glyph is not None and node.glyph is None:
                node.glyph = fig["glyph"] = ev.glyph
            figures.append(fig)
            if ev.best is not None and ev.glyph is not None:
                parent = node.parent
                assert parent is not None
                text = _words("prefix", text=_better_comment(ev, names))
                fig["variation_comment"] = text
                if parent.has_variation(ev.best):
                    alt = parent.variation(ev.best)
                    alt.comment_after = _add(alt.comment_after, text)
                else:
                    parent.add_variation(ev.best, comment_after=text)
                    fig["variation"] = True  # the analysis's own, taken back by a new analysis
            game.play(move)
    except RecordingError as exc:
        raise AnalysisError(exc.rule, _words("illegal", text=exc.message)) from exc
    except DurakError as exc:
        if isinstance(exc, AnalysisError):
            raise
        raise AnalysisError(exc.rule, _words("illegal", text=exc.message)) from exc
    tree.meta["analysis"] = figures
    return tree.to_recording()


def _evaluation_of(fig: dict[str, Any], names: Sequence[str], *, only: bool) -> MoveEvaluation | None:
    """The :class:`MoveEvaluation` a figure of ``meta["analysis"]`` records (``only`` not
    being recorded, given), or ``None`` for a figure that is not of the analysis's form."""
    how = fig.get("how")
    try:
        best = move_from_json(fig["best_move"], names) if "best_move" in fig else None
        if how == "exact":
            return MoveEvaluation("exact", float(fig["value"]), float(fig["best"]), best=best, only=only)
        if how == "sampled":
            return MoveEvaluation(
                "sampled",
                float(fig["p"]),
                float(fig["best_p"]),
                se=float(fig["se"]),
                samples=int(fig["samples"]),
                best=best,
                best_se=float(fig.get("best_se", 0.0)),
                low=float(fig["low"]) if "low" in fig else None,
                high=float(fig["high"]) if "high" in fig else None,
                best_low=float(fig["best_low"]) if "best_low" in fig else None,
                best_high=float(fig["best_high"]) if "best_high" in fig else None,
                decided=bool(fig.get("decided", False)),
                bound=int(fig.get("bound", 0)),
            )
    except (KeyError, TypeError, ValueError):
        return None
    if how in ("forced", "unknown", "unsolved", "redeal", "known", "unsampled"):
        return MoveEvaluation(str(how))
    return None


def _said_again(fig: dict[str, Any], move: Move, names: Sequence[str]) -> tuple[str, str | None] | None:
    """The texts of a figure (its comment; its better move's comment, or ``None``) in
    the language in use, when the figure's ``comment`` is the analysis's own text in one
    of the kit's languages (found by saying it again in each); else ``None`` (an older or
    edited figure: its texts are kept as written)."""
    said = fig.get("comment")
    if not isinstance(said, str):
        return None
    for lang in LANGUAGES:
        for only in (False, True):
            ev = _evaluation_of(fig, names, only=only)
            if ev is None:
                return None
            with language(lang):
                if _words("prefix", text=_comment(ev, move, names)) != said:
                    continue
            comment = _words("prefix", text=_comment(ev, move, names))
            better = None
            recorded = ev.how == "exact" or "best_se" in fig  # an older sampled figure lacks what it said
            if isinstance(fig.get("variation_comment"), str) and ev.best is not None and recorded:
                better = _words("prefix", text=_better_comment(ev, names))
            return comment, better
    return None


def in_reader_language(rec: Recording) -> Recording:
    """``rec`` with the texts :func:`analyse` wrote into it (each analysed move's comment
    and its better move's, recorded in ``meta["analysis"]``) said in the language in use,
    whatever language the analysis ran in; the writer's own comments, glyphs and every
    other text kept exactly.  A recording with no analysis, or analysed in the language in
    use, is returned as it is; a text edited since the analysis, or from a figure that
    does not record what it said, is kept as written.

    Every view that shows a recording to a reader calls it (the replayer, ``durak-nb
    replay``, exported pages).

    Raises:
        Nothing for a recording the readers accepted.
    """
    figs = rec.meta.get("analysis")
    if not isinstance(figs, list) or not figs:
        return rec
    tree = GameTree.from_recording(rec)
    names = rec.players
    changed = False
    out: list[Any] = []
    for node, fig in zip(tree.mainline(), figs, strict=False):
        again = _said_again(fig, node.move, names) if isinstance(fig, dict) and node.move is not None else None
        if again is None or again[0] == fig.get("comment"):
            out.append(fig)
            continue
        comment, better = again
        old = fig["comment"]
        if node.comment_after is not None and (node.comment_after == old or node.comment_after.endswith(" " + old)):
            node.comment_after = _add(_take_back(node.comment_after, old), comment)
            fig = {**fig, "comment": comment}
            changed = True
        said = fig.get("variation_comment")
        parent = node.parent
        if better is not None and isinstance(said, str) and parent is not None:
            for alt in parent.variations[1:]:
                text = alt.comment_after
                if text is not None and (text == said or text.endswith(" " + said)):
                    alt.comment_after = _add(_take_back(text, said), better)
                    fig = {**fig, "variation_comment": better}
                    changed = True
                    break
        out.append(fig)
    if not changed:
        return rec
    out += figs[len(out) :]
    tree.meta["analysis"] = out
    return tree.to_recording()


@dataclass(frozen=True)
class Hint:
    """The best move for one seat now, with how it was found.

    Attributes:
        move: the move, or ``None`` when the seat has no legal move now.
        how: ``"exact"``, ``"sampled"``, ``"forced"``, ``"heuristic"`` or ``"none"``.
        words: the hint in words, cards as 10♥ (e.g. "Anna attacks 9♠: a win with best
            play (exact)").
    """

    move: Move | None
    how: str
    words: str


def hint(
    game: Game,
    seat: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    node_budget: int = DEFAULT_NODE_BUDGET,
    max_samples: int = DEFAULT_MAX_SAMPLES,
) -> Hint:
    """The best move of ``seat`` now: from the solver where it applies (exact, the
    engine's first of the moves keeping the best outcome; where it applies but needs more
    than ``node_budget`` positions, the heuristic bot's move, saying so), else the
    analysis's own sampled choice (:func:`sample_choice`: rounds of ``samples``
    determinized deals of the seat's own view, never a hidden card, until the best move is
    decided or ``max_samples`` is reached, saying which), its win chance measured again on
    as many fresh deals (the best of several on the same deals is biased upwards), with
    the larger half of its 95 % Wilson interval after ±. Where that view hides nothing but the
    solver does not apply (three players or more beyond
    :data:`~durak_nb.analysis.solver.MANY_MAX_CARDS` cards; within it the solver does, for
    ``seat`` against the others), the heuristic bot's move, saying so.
    A redeal claim (R5) counts as a move (two moves: not forced). ``game`` is not changed.

    Raises:
        PlayerError, TypeError: ``seat`` is not a seat of ``game``.
        AnalysisError: ``samples`` or ``max_samples`` is not a whole number from 1 to
            :data:`MAX_SAMPLES`, or ``node_budget`` from 1 to :data:`MAX_NODE_BUDGET` (a
            :class:`ValueError` naming the argument).
    """
    seat = game.seat(seat)
    _bounded("samples", samples, MAX_SAMPLES)
    _bounded("max_samples", max_samples, MAX_SAMPLES)
    _bounded("node_budget", node_budget, MAX_NODE_BUDGET)
    names = game.players
    every = list(game.legal_moves(seat)) if not game.finished else []
    if not every:
        return Hint(None, "none", _words("hint_none", name=names[seat]))
    if len(every) == 1:  # a redeal claim (R5) counts as a choice
        return Hint(every[0], "forced", _words("hint_forced", move=every[0].describe(names)))
    try:
        values = exact_values(game, seat, node_budget)
    except OverBudget:  # every card known: samples would repeat one deal
        move = SearchBot(samples=1, seed=seed).heuristic.choose(game, seat)
        words = ngettext(*_HINT_UNSOLVED, node_budget).format(move=move.describe(names), budget=whole(node_budget))
        return Hint(move, "heuristic", words)
    if values is not None:
        top = max(values.values())
        best = next(m for m in values if values[m] == top)
        words = _words("hint_exact", move=best.describe(names), value=_outcome_words(top))
        return Hint(best, "exact", words)
    if one_deal(seat_view(game, seat)):  # nothing hidden, yet no solver: one deal, no spread
        move = SearchBot(samples=1, seed=seed).heuristic.choose(game, seat)
        return Hint(move, "heuristic", _words("hint_known", move=move.describe(names)))
    sv = seat_view(game, seat)
    bot = _bot_at(SearchBot(samples=samples, seed=seed), sv)  # seeded as the analysis at this position
    cands = search_candidates(sv.legal)
    choice = sample_choice(sv, cands, bot, max(samples, max_samples))  # the analysis's own scheme
    if choice is None:
        move = bot.heuristic.choose_view(sv)
        return Hint(move, "heuristic", _words("hint_default", move=move.describe(names)))
    best = choice.best
    fresh = bot.sample_outcomes(sv, [best])[best]  # the chosen move measured on fresh deals (the max is biased)
    while fresh and len(fresh) < choice.samples:
        more = bot.sample_outcomes(sv, [best])[best]
        if not more:
            break
        fresh.extend(more)
    xs = fresh[: choice.samples] or choice.outcomes[best]
    p = sum(xs) / len(xs)
    low, high = wilson(xs)
    ev = MoveEvaluation(
        "sampled", p, p, samples=len(xs), low=low, high=high, decided=choice.decided, bound=choice.bound
    )
    words = _words(
        "hint_sampled", move=best.describe(names), p=decimal(p), se=decimal(ev.margin), n=len(xs), name=names[seat]
    )
    return Hint(best, "sampled", words + _verdict(ev))
