"""The exact solver against issue 21's targets, beside the engine-driven search of before.

1. Positions per second: the same seeded endgames (5 and 6 cards each) solved by the
   endgame core (:mod:`durak_nb.analysis.endgame_core`, what :func:`~durak_nb.analysis.solve`
   uses) and by the engine-driven search it replaced (``solver._solve_engine``, every move
   played by ``Game``: today's figures), in this run. Target: 150,000 positions/s in
   perevodnoy in CPython.
2. CPU time per endgame: seeded two-player endgames of 1 to ``--max-size`` cards each (the
   talon empty, the rest in the discard), of podkidnoy, perevodnoy and japanese and of
   option sets (R7, R13, R19, R20, R25, R26, R27, the 24- and 52-card decks), solved at the
   default node budget; the median and the longest time per size, and over all endgames
   of up to 6 cards each and of 7 each the longest and the 95th percentile (CPU seconds,
   wall-clock beside). Targets: every endgame of up to 6 cards each within 1 s, of 7 each
   within 10 s. Beside it, the same endgames solved by the engine-driven search of before
   (``solver._solve_engine``, at the same node budget), each cut at ``--before-budget`` CPU
   seconds (``over N s``), with the counts within 1 s and 10 s, and whether the two
   searches' outcomes agree where both ended.

Times are CPU seconds of this process (``time.process_time``), wall-clock beside: on the
shared 2-core machine the other processes stretch wall-clock time two- or threefold.
3. Memory (issue 23): one solve at the largest node budget (1,000,000 positions) of the
   12-against-12 perevodnoy endgame of 52 cards of ``../shared/repro/round3``, traced with
   :mod:`tracemalloc`: the peak and the bytes per position, beside the bound the solver
   documents (``solver.ENTRY_BYTES``) and the 3.7 GB issue 23 measured before the fix.

    python benchmarks/bench_solver.py [--positions 3] [--max-size 7] [--no-memory] [--no-old]
        [--before-budget 10]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from typing import Any
from unittest import mock

from durak_nb.analysis import DEFAULT_NODE_BUDGET, SolverBudgetError, decision, solve, solver
from durak_nb.analysis.endgame_core import solve_core
from durak_nb.analysis.solver import ENTRY_BYTES, MAX_DEPTH, MAX_NODE_BUDGET, _Search, _solve_engine
from durak_nb.cards import Suit, deck
from durak_nb.engine import Game
from durak_nb.rules import Rules

#: (label, preset, options) of the endgames timed
VARIANTS: list[tuple[str, str, dict[str, Any]]] = [
    ("podkidnoy", "podkidnoy", {}),
    ("perevodnoy", "perevodnoy", {}),
    ("japanese", "japanese", {}),
    ("perevodnoy +R20 show", "perevodnoy", {"show_trump_transfer": True}),
    ("perevodnoy R27=2, R25 off", "perevodnoy", {"repetition_draw": 2, "draw_allowed": False}),
    ("podkidnoy +R7 +R26", "podkidnoy", {"trump_six_beats_ace": True, "two_sixes_win": True}),
    ("podkidnoy 24 cards, limit 4", "podkidnoy", {"deck_size": 24, "bout_limit": 4}),
    ("perevodnoy 52 cards", "perevodnoy", {"deck_size": 52}),
    ("perevodnoy 1st bout +R19", "perevodnoy", {"transfer_first_bout": True, "first_bout_limit": 6}),
]


def endgame(preset: str, n: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """A seeded endgame: ``n`` cards each, Anna to lead at Boris, the talon empty (the
    first bout not yet over when ``transfer_first_bout`` is among ``options``)."""
    options = options or {}
    rules = Rules.make(preset, **options)
    rng = random.Random(seed)
    cards = list(deck(rules.deck_size))
    rng.shuffle(cards)
    trump = Suit.D if rules.japanese else rng.choice(list(Suit))
    first = bool(options.get("transfer_first_bout"))
    return Game.from_position(
        rules,
        ["Anna", "Boris"],
        hands=[cards[:n], cards[n : 2 * n]],
        talon="",
        trump=trump,
        attacker=0,
        first_bito_done=not first,
        bout=1 if first else 5,
        rest_to_discard=True,
    )


def rates(positions: int, old: bool) -> float:
    """Section 1; returns the core's rate in perevodnoy (positions per CPU second)."""
    print("1. positions per second (the same endgames; old: the engine-driven search, at most 60,000 positions each)")
    print("   cpu: per second of this process's CPU time (time.process_time), the figure held to the target")
    print("   on this shared machine; wall: per second of wall-clock time, which the other processes slow")
    print("   positions: those the core searched (its table's, the budget's); stepped: the attacker's forced")
    print("   passes it made at once (Endgame._settle), children made, searched or not: not counted as positions")
    print(
        f"{'preset':<12} {'cards':>5} {'core pos':>10} {'stepped':>9} {'core pos/s cpu':>15} "
        f"{'wall':>9} {'old pos':>10} {'old pos/s cpu':>14}"
    )
    found = 0.0
    for preset in ("podkidnoy", "perevodnoy"):
        total_nodes = total_cpu = 0.0
        for n in (5, 6):
            c_nodes = c_step = c_cpu = c_wall = o_nodes = o_cpu = 0.0
            for k in range(positions):
                game = endgame(preset, n, 1000 * n + k)
                stats: dict[str, int] = {}
                start, cpu = time.perf_counter(), time.process_time()
                c_nodes += solve_core(game, DEFAULT_NODE_BUDGET, None, stats, root=decision(game))[3]
                c_cpu += time.process_time() - cpu
                c_wall += time.perf_counter() - start
                c_step += stats["stepped"]
                if old:
                    budget = 60_000
                    cpu = time.process_time()
                    limit = sys.getrecursionlimit()
                    sys.setrecursionlimit(max(limit, 4 * MAX_DEPTH + 1000))
                    try:
                        o_nodes += _solve_engine(game, 0, 1, budget, None)[3]
                    except SolverBudgetError:
                        o_nodes += budget
                    finally:
                        sys.setrecursionlimit(limit)
                    o_cpu += time.process_time() - cpu
            total_nodes += c_nodes
            total_cpu += c_cpu
            old_text = f"{o_nodes:>10,.0f} {o_nodes / o_cpu:>14,.0f}" if old else f"{'-':>10} {'-':>14}"
            print(
                f"{preset:<12} {n:>5} {c_nodes:>10,.0f} {c_step:>9,.0f} {c_nodes / c_cpu:>15,.0f} "
                f"{c_nodes / c_wall:>9,.0f} {old_text}",
                flush=True,
            )
        if preset == "perevodnoy":
            found = total_nodes / total_cpu
    met = "met" if found >= 150_000 else "NOT met"
    print(f"target: >= 150,000 positions per CPU second in perevodnoy: {found:,.0f} ({met})\n")
    return found


def _p95(xs: list[float]) -> float:
    """The 95th percentile of ``xs`` (nearest rank)."""
    xs = sorted(xs)
    return xs[max(0, -(-95 * len(xs) // 100) - 1)]


class _BeforeTimeUp(Exception):
    """The engine-driven search ran past its CPU-time bound (section 2's ``over N s``)."""


class _BoundedSearch(_Search):
    """The engine-driven search of ``solver._solve_engine`` (every move played by ``Game``),
    stopped at the node budget as before and also after ``seconds`` of CPU time: its node
    count is checked against a moving mark every :attr:`STEP` positions, where the search
    itself calls :meth:`stop`. Only :meth:`stop` differs from :class:`solver._Search`."""

    #: positions between two looks at the clock
    STEP = 2_000
    #: CPU seconds this search may take (set by :func:`before`)
    seconds = 10.0

    def __init__(self, game: Game, p0: int, p1: int, budget: int, many: bool = False) -> None:
        super().__init__(game, p0, p1, budget, many)
        self.limit = budget
        self.deadline = time.process_time() + self.seconds
        self.budget = min(budget, self.STEP)

    def stop(self) -> None:
        """Past the node budget: ``SolverBudgetError`` as before; past the CPU bound:
        :class:`_BeforeTimeUp`; else the next mark, and the search goes on."""
        if self.nodes > self.limit:
            self.budget = self.limit
            super().stop()
        if time.process_time() >= self.deadline:
            raise _BeforeTimeUp
        self.budget = min(self.limit, self.nodes + self.STEP)


def before(game: Game, seconds: float) -> tuple[float, str, int | None]:
    """Section 2's "before": ``game`` solved by the engine-driven search the core replaced
    (``solver._solve_engine``, at :data:`DEFAULT_NODE_BUDGET` as ``solve`` had it), under a
    bound of ``seconds`` CPU seconds.

    Returns:
        (CPU seconds, how it ended: ``"solved"``, ``"over"`` the bound or ``"budget"``
        reached, the outcome for seat 0 (+1: Boris is the durak, 0 a draw, -1 Anna) or
        ``None`` where it did not end).
    """
    _BoundedSearch.seconds = seconds
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * MAX_DEPTH + 1000))
    cpu = time.process_time()
    try:
        with mock.patch.object(solver, "_Search", _BoundedSearch):
            mover, _moves, values, _nodes = _solve_engine(game, 0, 1, DEFAULT_NODE_BUDGET, None)
        return time.process_time() - cpu, "solved", max(values) if mover == 0 else min(values)
    except _BeforeTimeUp:
        return time.process_time() - cpu, "over", None
    except SolverBudgetError:
        return time.process_time() - cpu, "budget", None
    finally:
        sys.setrecursionlimit(limit)


def _cell(times: list[float], ends: list[str], seconds: float) -> str:
    """The longest of one size: seconds, ``over N s`` where the bound cut one, ``budget``."""
    if "over" in ends:
        return f"{'over ' + format(seconds, 'g') + ' s':>9}"
    if "budget" in ends:
        return f"{'budget':>9}"
    return f"{max(times) if times else 0.0:>9.2f}"


def sizes(positions: int, most: int, old_seconds: float | None) -> None:
    """Section 2: CPU seconds per endgame (``budget``: the node budget reached), and with
    ``old_seconds`` the engine-driven search of before on the same endgames, each under a
    bound of that many CPU seconds (``over N s``: cut there)."""
    print(f"2. CPU seconds per endgame, {positions} seeded endgames per size, node budget {DEFAULT_NODE_BUDGET:,}")
    if old_seconds is not None:
        print(
            f"   core: solve() today; engine: the engine-driven search of before (solver._solve_engine,"
            f" every move played by Game), each endgame cut after {old_seconds:g} s of CPU time"
            f" (over {old_seconds:g} s)"
        )
    print(
        f"{'variant':<28} {'search':<6} "
        + " ".join(f"{n:>4}c max" for n in range(1, most + 1))
        + "   median at the largest"
    )
    spans: dict[int, list[float]] = {6: [], 7: []}
    walls: dict[int, list[float]] = {6: [], 7: []}
    olds: dict[int, list[tuple[float, str]]] = {6: [], 7: []}
    agree = differ = 0
    for label, preset, options in VARIANTS:
        cells, old_cells = [], []
        times: list[float] = []
        old_times: list[float] = []
        for n in range(1, most + 1):
            times, old_times, old_ends = [], [], []
            for k in range(positions):
                game = endgame(preset, n, 1000 * n + k, options)
                if game.result is not None:
                    continue
                start, cpu = time.perf_counter(), time.process_time()
                found: int | None = None
                try:
                    solution = solve(game)
                    times.append(time.process_time() - cpu)
                    found = {1: 1, 0: -1, None: 0}[solution.durak]
                except SolverBudgetError:
                    times.append(float("inf"))
                if n <= 7:
                    walls[6 if n <= 6 else 7].append(time.perf_counter() - start)
                if old_seconds is not None:
                    spent, end, value = before(game, old_seconds)
                    old_times.append(spent)
                    old_ends.append(end)
                    if n <= 7:
                        olds[6 if n <= 6 else 7].append((spent, end))
                    if found is not None and value is not None:
                        agree += value == found
                        differ += value != found
            longest = max(times) if times else 0.0
            cells.append(f"{longest:>9.2f}" if longest != float("inf") else f"{'budget':>9}")
            if old_seconds is not None:
                old_cells.append(_cell(old_times, old_ends, old_seconds))
            if n <= 7:
                spans[6 if n <= 6 else 7].extend(times)
        median = statistics.median(times) if times else 0.0
        said = "budget" if median == float("inf") else f"{median:.2f}"
        print(f"{label:<28} {'core':<6} " + " ".join(cells) + f"   {said}", flush=True)
        if old_seconds is not None:
            old_median = statistics.median(old_times) if old_times else 0.0
            said = f"over {old_seconds:g} s" if old_median >= old_seconds else f"{old_median:.2f}"
            print(f"{'':<28} {'engine':<6} " + " ".join(old_cells) + f"   {said}", flush=True)
    for n, limit in ((6, 1.0), (7, 10.0)):
        if n <= most and spans[n]:
            xs = spans[n]
            worst, p95 = max(xs), _p95(xs)
            text = "budget reached" if worst == float("inf") else f"{worst:.2f} s"
            p95_text = "at the budget" if p95 == float("inf") else f"{p95:.2f} s"
            met = "met" if worst < limit else "NOT met"
            span = "up to 6" if n == 6 else "7"
            print(
                f"target: every endgame of {span} cards each within {limit:.0f} s: {len(xs)} endgames, the longest"
                f" {text}, p95 {p95_text} CPU (wall: longest {max(walls[n]):.2f} s, p95 {_p95(walls[n]):.2f} s;"
                f" solved within {limit:.0f} s CPU: {sum(x < limit for x in xs)} of {len(xs)}) ({met})"
            )
            core_text = f"core {sum(x < 1 for x in xs)} / {sum(x < 10 for x in xs)}"
            if old_seconds is not None:
                ys = olds[n]
                one, ten = (sum(end == "solved" and t < bound for t, end in ys) for bound in (1.0, 10.0))
                cut = sum(end == "over" for _t, end in ys)
                budget = sum(end == "budget" for _t, end in ys)
                note = "; within 10 s not known for those cut" if old_seconds < 10 and cut else ""
                print(
                    f"        within 1 s / 10 s CPU, of {len(xs)}: {core_text}; the engine-driven search of before"
                    f" {one} / {ten} (over {old_seconds:g} s: {cut}, node budget reached: {budget}{note})"
                )
            else:
                print(f"        within 1 s / 10 s CPU, of {len(xs)}: {core_text}")
    if old_seconds is not None:
        print(f"outcomes of the two searches where both ended: {agree} the same, {differ} different")
    print()


def memory(path: str) -> None:
    """Section 3."""
    from durak_nb.record import notation

    game = notation.load_games(path)[0].replay()
    budget = MAX_NODE_BUDGET
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    try:
        nodes = solve(game, node_budget=budget).nodes
        said = "solved"
    except SolverBudgetError:
        nodes, said = budget, "stopped at the budget"
    spent = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"3. memory: {path}, node budget {budget:,} ({said} after {nodes:,} positions, {spent:.0f} s traced)")
    print(
        f"peak {peak / 2**20:.0f} MiB, {peak / nodes:.0f} bytes per position "
        f"(documented bound: {ENTRY_BYTES}; before the fix, issue 23: past 3.7 GB and 200 s)"
    )
    met = "met" if peak / nodes <= ENTRY_BYTES else "NOT met"
    print(f"target: memory bounded by the budget, at most {ENTRY_BYTES} bytes per position ({met})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=3, help="seeded endgames per size")
    p.add_argument("--max-size", type=int, default=7, help="the largest hand size tried")
    p.add_argument("--no-memory", action="store_true", help="skip section 3")
    p.add_argument("--no-old", action="store_true", help="skip the engine-driven search (sections 1 and 2)")
    p.add_argument(
        "--before-budget",
        type=float,
        default=10.0,
        help="CPU seconds the engine-driven search may take per endgame in section 2 (default 10)",
    )
    p.add_argument("--repro", default="../shared/repro/round3/solve-perevodnoy-12x12.json")
    args = p.parse_args()
    rates(args.positions, not args.no_old)
    sizes(args.positions, args.max_size, None if args.no_old else args.before_budget)
    if not args.no_memory:
        memory(args.repro)


if __name__ == "__main__":
    main()
