"""The ISMCTS bot: information-set Monte Carlo tree search from one seat's view.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012), as :class:`ISMCTSBot` plays it:

* **What it knows.** The seat's :class:`~durak_nb.bots.SeatView` only (its own hand, the
  table, the sizes, the discard, the cards seen in other hands: R3, R4, R14, R20; the one
  home of a player's view is :mod:`durak_nb.knowledge`). It never reads a hidden card:
  :meth:`ISMCTSBot.choose` builds the view and decides from it alone.
* **One tree, many deals.** Every iteration draws a fresh deal of the unseen cards
  consistent with the view (:func:`~durak_nb.bots.determinize`), then walks one tree of
  moves from the seat's information set: at each node the mover is the seat the referee
  asks (:func:`~durak_nb.bots.turn_seat`), its moves are the candidates legal *in this
  deal* (:func:`~durak_nb.bots.search_candidates`: no redeal, R5; of several cards of one rank
  only the largest lead, throw-in or transfer), a move never tried in the node is added
  (expansion), otherwise UCB1 with availability counts picks the child (a child's
  exploration term counts only the visits in which it was legal). The rest of the game is
  played out by :class:`~durak_nb.bots.HeuristicBot` at every seat (the playout), and
  each node on the path adds the outcome of the player who made its move: 1 not the
  durak, 1/2 a draw (R25, R27), 0 the durak or in the losing team (R22).
* **Exact where it can be.** When the view hides nothing and two players hold cards with
  the talon empty (R16, R24: every card is known), the solver
  (:func:`durak_nb.analysis.solve`, within :attr:`ISMCTSBot.node_budget` positions)
  gives the exact value of every move; the bot plays a move keeping the best outcome
  (the heuristic bot's move when it is one of them). Beyond the budget it searches.
* **Exact playouts** (``playout_solve``, 0: off). Where a playout reaches two seats
  holding cards with the talon empty (R16, R24), every card of that deal is known: at
  the start of each bout from there the endgame core
  (:class:`~durak_nb.analysis.endgame_core.Search`, its public API) is asked for the
  outcome with best play by both within ``playout_solve`` positions (a table of
  positions kept for the game's rules and trump where none can recur, R27), and that
  outcome is the playout's; beyond the budget the heuristic bot plays the bout and the
  core is asked again at the next. Games the core does not take (more than two seats,
  R2; teams, R22; prostoy, english, R9) are played out.
* **Evidence to leave the heuristic move** (``margin``, 0: off). The most visited move
  is played only where its mean outcome at the root lies more than ``margin`` standard
  errors above that of the heuristic bot's move; else the heuristic bot's move. With a
  few hundred iterations the root's means differ by less than their noise in most
  positions, and the most visited move alone is then a draw of lots.
* **Bounds.** At most ``iterations`` iterations per decision (its strength level:
  ``ismcts-200``, ``ismcts-1000`` in tournaments), each playout at most
  ``playout_moves`` moves (an unfinished one counts as a draw), and, where
  ``seconds`` is given, no new iteration after that many seconds. It stops early when
  the most visited move can no longer be overtaken by the iterations left. It plays the
  most visited move (ties: the heuristic bot's move, then the first found).

Measured: ``benchmarks/bench_ladder.py`` and, setting against setting on the same deals,
``benchmarks/bench_ismcts_paired.py`` (README "Bots").

>>> from durak_nb.engine import Game
>>> from durak_nb.bots import play_out
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=7)
>>> _ = play_out(g, ISMCTSBot(iterations=20, seed=1))
>>> g.finished
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from .bots import HeuristicBot, SeatView, determinize, moves_to_choose, search_candidates, seat_view, turn_seat
from .engine import Game, IllegalMove, Move, SetupError

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_MARGIN", "MAX_ITERATIONS", "ISMCTSBot"]

#: Iterations per decision by default (``ismcts`` in tournaments).
DEFAULT_ITERATIONS = 200
#: The most iterations per decision (``ismcts-N``).
MAX_ITERATIONS = 100_000
#: Solver positions per decision by default where every card is known.
DEFAULT_NODE_BUDGET = 50_000
#: The most solver positions per decision in games of more than two seats, where the solver
#: plays the engine (the endgame core takes two-seat games only, R2).
ENGINE_NODE_BUDGET = 5_000
#: Standard errors of evidence to leave the heuristic bot's move by default (``margin``).
DEFAULT_MARGIN = 1.0
#: the most entries of the playouts' solver table before it starts afresh
TABLE_MOST = 300_000


class _Node:
    """One node of the tree: the move that led here, its mover, the visits, the sum of
    the mover's outcomes and the availability count (UCB's parent visits, ISMCTS)."""

    __slots__ = ("avail", "children", "mover", "n", "w", "w2")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0
        self.avail = 0
        self.children: dict[Move, _Node] = {}


def _rewards(game: Game) -> list[float]:
    """Each seat's outcome of a game (1 not the durak, 1/2 a draw or unfinished, 0 the
    durak or in the losing team, R22, R25, R27)."""
    r = game.result
    n = game.n
    if r is None or r.draw:
        return [0.5] * n
    if r.losing_team is not None:
        return [0.0 if s in r.losing_team else 1.0 for s in range(n)]
    return [0.0 if s == r.durak else 1.0 for s in range(n)]


class ISMCTSBot:
    """Information-set Monte Carlo tree search from the seat's own view (see the module's
    text).

    Args:
        iterations: iterations per decision, 1 to :data:`MAX_ITERATIONS` (the strength
            level).
        seed: seed of its own ``random.Random`` (the same seed, the same games).
        exploration: UCB1's constant (outcomes lie in 0..1).
        playout_moves: a bound on each playout (an unfinished one counts as a draw).
        node_budget: solver positions per decision where every card is known (0: never
            solve); in games of more than two seats at most :data:`ENGINE_NODE_BUDGET`.
        seconds: where given, no new iteration after that many seconds of one decision
            (then the games depend on the machine's speed).
        playout_solve: solver positions per playout bout once two seats hold cards with
            the talon empty (0: the heuristic bot plays every playout to its end).
        margin: standard errors by which the most visited move's mean must lie above the
            heuristic bot's move's to be played, 0 to 10 (0: the most visited move, as
            before; :data:`DEFAULT_MARGIN` by default).

    Raises:
        ValueError: ``iterations``, ``playout_moves``, ``node_budget`` or ``playout_solve``
            is not a whole number in its range, ``margin`` not a number from 0 to 10, or
            ``seconds`` is not positive.
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        seed: int | None = 0,
        *,
        exploration: float = 0.7,
        playout_moves: int = 400,
        node_budget: int = DEFAULT_NODE_BUDGET,
        seconds: float | None = None,
        playout_solve: int = 0,
        margin: float = DEFAULT_MARGIN,
    ) -> None:
        for what, value, low, high in (
            ("iterations", iterations, 1, MAX_ITERATIONS),
            ("playout_moves", playout_moves, 1, 100_000),
            ("node_budget", node_budget, 0, 1_000_000),
            ("playout_solve", playout_solve, 0, 1_000_000),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"ISMCTSBot: {what} is a whole number from {low} to {high}, not {value!r}")
        if isinstance(margin, bool) or not isinstance(margin, int | float) or not 0 <= margin <= 10:
            raise ValueError(f"ISMCTSBot: margin is a number from 0 to 10, not {margin!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"ISMCTSBot: seconds is a positive number or None, not {seconds!r}")
        self.iterations = iterations
        self.seed = seed
        self.rng = random.Random(seed)
        self.exploration = float(exploration)
        self.playout_moves = playout_moves
        self.node_budget = node_budget
        self.seconds = seconds
        self.playout_solve = playout_solve
        self.margin = float(margin)
        #: the root of the last search (its children's visits and outcomes)
        self.last_root: _Node | None = None
        self.heuristic = HeuristicBot()
        #: iterations run in all, decisions solved exactly, deals that could not be built
        self.iterations_run = 0
        self.solved = 0
        self.failed_samples = 0
        #: playouts ended by the exact solver, and its tries beyond ``playout_solve``
        self.playouts_solved = 0
        self.playouts_over = 0
        self._table: dict[int, int] = {}
        self._table_key: object = None

    def __repr__(self) -> str:
        """The call that makes this bot afresh, e.g. ``ISMCTSBot(iterations=200, seed=0)``
        (the settings that differ from the defaults added, e.g. ``playout_solve=1000``)."""
        extra = ""
        for name, value, default in (
            ("exploration", self.exploration, 0.7),
            ("playout_moves", self.playout_moves, 400),
            ("node_budget", self.node_budget, DEFAULT_NODE_BUDGET),
            ("seconds", self.seconds, None),
            ("playout_solve", self.playout_solve, 0),
            ("margin", self.margin, DEFAULT_MARGIN),
        ):
            if value != default:
                extra += f", {name}={value!r}"
        return f"ISMCTSBot(iterations={self.iterations!r}, seed={self.seed!r}{extra})"

    def choose(self, game: Game, player: int | None = None) -> Move:
        """The move of ``player`` (or of :func:`~durak_nb.bots.turn_seat`), decided from
        its :class:`~durak_nb.bots.SeatView` only.

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        seat = turn_seat(game) if player is None else game.seat(player)
        moves_to_choose(game, seat)
        return self.choose_view(seat_view(game, seat))

    def choose_view(self, sv: SeatView) -> Move:
        """The move chosen from ``sv`` (what the seat may know, nothing hidden).

        Raises:
            ValueError: the view lists no legal move.
        """
        if not sv.legal:
            raise ValueError(f"no legal move to choose for {sv.view.players[sv.seat]}")
        default = self.heuristic.choose_view(sv)
        cands = search_candidates(sv.legal)
        if default not in cands:
            cands.append(default)
        if len(cands) == 1:
            return default
        exact = self._exact(sv, cands, default)
        if exact is not None:
            return exact
        visits = self.search(sv, cands)
        top = max(visits.values())
        if top == 0 or visits[default] == top:
            return default
        best = next(m for m in cands if visits[m] == top)
        if self.margin and not self._better(best, default):
            return default
        return best

    def _better(self, move: Move, default: Move) -> bool:
        """``move``'s mean outcome at the root of the last search lies more than
        :attr:`margin` standard errors above that of ``default`` (the heuristic bot's
        move; one never tried is never the better)."""
        kids = self.last_root.children if self.last_root is not None else {}
        a, b = kids.get(move), kids.get(default)
        if a is None or not a.n:
            return False
        if b is None or not b.n:
            return True
        ma, mb = a.w / a.n, b.w / b.n
        va = max(a.w2 / a.n - ma * ma, 0.0) / a.n
        vb = max(b.w2 / b.n - mb * mb, 0.0) / b.n
        return ma - mb > self.margin * math.sqrt(va + vb)

    def _exact(self, sv: SeatView, cands: Sequence[Move], default: Move) -> Move | None:
        """A move keeping the best exact outcome where the view hides nothing and the
        solver answers within :attr:`node_budget`, else ``None``."""
        if self.node_budget == 0 or sv.view.talon_size or len(sv.view.players) - len(sv.view.out_order) != 2:
            return None
        from .analysis.evaluation import OverBudget, exact_values, one_deal

        if not one_deal(sv):
            return None
        try:
            game = determinize(sv, self.rng)  # every card known: this is the game itself
            budget = self.node_budget if game.n == 2 else min(self.node_budget, ENGINE_NODE_BUDGET)
            values = exact_values(game, sv.seat, budget)
        except (OverBudget, SetupError, IllegalMove):
            return None
        if not values:
            return None
        top = max(values.values())
        self.solved += 1
        if values.get(default) == top:
            return default
        return next((m for m in cands if values.get(m) == top), None) or next(m for m in values if values[m] == top)

    def search(self, sv: SeatView, cands: Sequence[Move]) -> dict[Move, int]:
        """Run the tree search from ``sv``; the visits of each of ``cands`` at the root.

        Args:
            sv: what the seat may know (nothing hidden).
            cands: the seat's candidate moves (each in ``sv.legal``).
        """
        seat = sv.seat
        root = _Node(seat)
        rng = self.rng
        c = self.exploration
        allowed = set(cands)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        total = self.iterations
        for it in range(total):
            if deadline is not None and time.perf_counter() > deadline:
                break
            if it >= 16 and it % 8 == 0:  # the leader can no longer be overtaken
                vs = sorted((ch.n for ch in root.children.values()), reverse=True)
                if len(vs) == len(allowed) and vs[0] - (vs[1] if len(vs) > 1 else 0) > total - it:
                    break
            try:
                g = determinize(sv, rng)
            except (SetupError, IllegalMove):
                self.failed_samples += 1
                continue
            self.iterations_run += 1
            node = root
            path: list[_Node] = []
            while not g.finished:
                mover = seat if node is root else turn_seat(g)
                legal = g.legal_moves(mover)
                moves = (
                    [m for m in search_candidates(legal) if m in allowed] if node is root else search_candidates(legal)
                )
                if not moves:
                    break
                kids = node.children
                untried = [m for m in moves if m not in kids]
                if untried:
                    m = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = kids[m] = _Node(mover)
                    for other in moves:
                        if other in kids:
                            kids[other].avail += 1
                    g.play(m)
                    path.append(child)
                    break
                best = None
                best_u = -1.0
                for other in moves:
                    ch = kids[other]
                    ch.avail += 1
                    u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if u > best_u:
                        best_u, best = u, other
                assert best is not None
                g.play(best)
                node = kids[best]
                path.append(node)
            reward = self._playout(g)
            for nd in path:
                nd.n += 1
                x = reward[nd.mover]
                nd.w += x
                nd.w2 += x * x
        self.last_root = root
        return {m: (root.children[m].n if m in root.children else 0) for m in cands}

    def _playout(self, g: Game) -> list[float]:
        """Play ``g`` (one deal, every card placed) out with the heuristic bot at every
        seat; each seat's outcome (:func:`_rewards`). With :attr:`playout_solve`, once two
        players hold cards and the talon is empty (R16, R24: this deal's cards are all
        known), at the start of each bout the exact solver is asked within that many
        positions, and its outcome with best play by both is the playout's."""
        bot = self.heuristic
        played = 0
        budget = self.playout_solve
        while not g.finished and played < self.playout_moves:
            if budget and not g.talon and not g.attack_cards and g.n - len(g.out_order) == 2:
                value = self._solved(g, budget)
                if value is not None:
                    return value
            g.play(bot.choose(g))
            played += 1
        return _rewards(g)

    def _solved(self, g: Game, budget: int) -> list[float] | None:
        """Each seat's outcome of ``g`` with best play by both, from the endgame core
        (:class:`~durak_nb.analysis.endgame_core.Search` within ``budget`` positions), or
        ``None`` where it needs more or the core does not take the game (not two seats,
        R2; teams, R22; prostoy or english leads, R9: there the heuristic plays on)."""
        from .analysis.endgame_core import CoreRefused, Endgame, Search, SearchBudgetLimit

        try:
            core, st = Endgame.from_game(g)
        except CoreRefused:
            return None
        table = None
        if not core.transfers:  # no position recurs: the table holds for every deal of this game
            key = (g.rules, int(g.trump))
            if self._table_key != key or len(self._table) > TABLE_MOST:
                self._table_key, self._table = key, {}
            table = self._table
        try:
            value = Search(core, budget, table, core.history(g)).value(st)
        except SearchBudgetLimit:
            self.playouts_over += 1
            return None
        self.playouts_solved += 1
        return [0.5, 0.5] if value == 0 else ([1.0, 0.0] if value > 0 else [0.0, 1.0])
