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
   within 10 s.

Times are CPU seconds of this process (``time.process_time``), wall-clock beside: on the
shared 2-core machine the other processes stretch wall-clock time two- or threefold.
3. Memory (issue 23): one solve at the largest node budget (1,000,000 positions) of the
   12-against-12 perevodnoy endgame of 52 cards of ``../shared/repro/round3``, traced with
   :mod:`tracemalloc`: the peak and the bytes per position, beside the bound the solver
   documents (``solver.ENTRY_BYTES``) and the 3.7 GB issue 23 measured before the fix.

    python benchmarks/bench_solver.py [--positions 3] [--max-size 7] [--no-memory] [--no-old]
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

from durak_nb.analysis import DEFAULT_NODE_BUDGET, SolverBudgetError, decision, solve
from durak_nb.analysis.endgame_core import solve_core
from durak_nb.analysis.solver import ENTRY_BYTES, MAX_DEPTH, MAX_NODE_BUDGET, _solve_engine
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
    print("1. positions per second (the same endgames; old: the engine-driven search, a budget of ~10 s each)")
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


def sizes(positions: int, most: int) -> None:
    """Section 2: CPU seconds per endgame (``inf``: the node budget reached)."""
    print(f"2. CPU seconds per endgame, {positions} seeded endgames per size, node budget {DEFAULT_NODE_BUDGET:,}")
    print(f"{'variant':<28} " + " ".join(f"{n:>5}c max" for n in range(1, most + 1)) + "   median at the largest")
    spans: dict[int, list[float]] = {6: [], 7: []}
    walls: dict[int, list[float]] = {6: [], 7: []}
    for label, preset, options in VARIANTS:
        cells = []
        times: list[float] = []
        for n in range(1, most + 1):
            times = []
            for k in range(positions):
                game = endgame(preset, n, 1000 * n + k, options)
                if game.result is not None:
                    continue
                start, cpu = time.perf_counter(), time.process_time()
                try:
                    solve(game)
                    times.append(time.process_time() - cpu)
                except SolverBudgetError:
                    times.append(float("inf"))
                if n <= 7:
                    walls[6 if n <= 6 else 7].append(time.perf_counter() - start)
            longest = max(times) if times else 0.0
            cells.append(f"{longest:>9.2f}" if longest != float("inf") else f"{'budget':>9}")
            if n <= 7:
                spans[6 if n <= 6 else 7].extend(times)
        median = statistics.median(times) if times else 0.0
        print(f"{label:<28} " + " ".join(cells) + f"   {median:.2f}", flush=True)
    for n, limit in ((6, 1.0), (7, 10.0)):
        if n <= most and spans[n]:
            xs = spans[n]
            worst, p95 = max(xs), _p95(xs)
            text = "budget reached" if worst == float("inf") else f"{worst:.2f} s"
            met = "met" if worst < limit else "NOT met"
            span = "up to 6" if n == 6 else "7"
            print(
                f"target: every endgame of {span} cards each within {limit:.0f} s: {len(xs)} endgames, the longest"
                f" {text}, p95 {p95:.2f} s CPU (wall: longest {max(walls[n]):.2f} s, p95 {_p95(walls[n]):.2f} s;"
                f" solved within {limit:.0f} s CPU: {sum(x < limit for x in xs)} of {len(xs)}) ({met})"
            )
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
    p.add_argument("--no-old", action="store_true", help="skip the engine-driven search in section 1")
    p.add_argument("--repro", default="../shared/repro/round3/solve-perevodnoy-12x12.json")
    args = p.parse_args()
    rates(args.positions, not args.no_old)
    sizes(args.positions, args.max_size)
    if not args.no_memory:
        memory(args.repro)


if __name__ == "__main__":
    main()
