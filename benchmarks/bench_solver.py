"""How big an endgame the exact solver answers in 1 s and in 60 s (issue 13, section 2).

For each size n (cards per hand) a few seeded random two-player endgames with the talon
empty (n cards each from the 36-card deck, the rest in the discard, a bout start, the
first bito done) are solved with :func:`durak_nb.analysis.solve`; the median time per
size, the positions searched and nodes per second are printed, then the largest size
whose median is within 1 s and within 60 s. Each solve gets a node budget of about 75 s
at the rate measured so far; one that reaches it counts as slower than 60 s. Sizes stop
growing once a median is past 60 s.

Then the memory of the transposition table (``--memory``, on by default): one solve of
a 7-card podkidnoy endgame into a :class:`~durak_nb.analysis.SolverTable`, traced with
:mod:`tracemalloc`; the bytes per entry printed beside the figure the solver documents
(``solver.ENTRY_BYTES``) and the table a full default node budget would make.

    python benchmarks/bench_solver.py [--presets podkidnoy perevodnoy] [--positions 3] [--no-memory]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc

from durak_nb.analysis import DEFAULT_NODE_BUDGET, SolverBudgetError, SolverTable, solve
from durak_nb.analysis.solver import ENTRY_BYTES
from durak_nb.cards import Suit, deck
from durak_nb.engine import Game


def endgame(preset: str, n: int, seed: int) -> Game:
    """A seeded endgame: ``n`` cards each, Anna to lead at Boris, the talon empty."""
    rng = random.Random(seed)
    cards = list(deck(36))
    rng.shuffle(cards)
    trump = Suit.D if preset == "japanese" else rng.choice(list(Suit))
    return Game.from_position(
        preset,
        ["Anna", "Boris"],
        hands=[cards[:n], cards[n : 2 * n]],
        talon="",
        trump=trump,
        attacker=0,
        first_bito_done=True,
        bout=5,
        rest_to_discard=True,
    )


def run(preset: str, positions: int, seconds: float, most: int) -> None:
    print(f"{preset}: {positions} positions per size, node budget ~{seconds:.0f} s at the measured rate")
    print(f"{'cards':>5} {'median s':>9} {'max s':>8} {'nodes':>10} {'nodes/s':>8}  outcomes")
    within = {1.0: 0, 60.0: 0}
    all_nodes, all_spent = 0, 0.0
    for n in range(1, most + 1):
        rate_so_far = all_nodes / all_spent if all_spent > 0.5 else 5_000.0
        budget = max(20_000, int(rate_so_far * seconds))
        times, nodes, spent, outcomes = [], 0, 0.0, []
        for k in range(positions):
            game = endgame(preset, n, seed=1000 * n + k)
            start = time.perf_counter()
            try:
                sol = solve(game, node_budget=budget)
            except SolverBudgetError:
                elapsed = time.perf_counter() - start
                spent += elapsed
                nodes += budget
                times.append(float("inf"))
                outcomes.append("budget")
                if sum(t > 60 for t in times) > positions // 2:
                    break  # the median is past 60 s already
                continue
            elapsed = time.perf_counter() - start
            spent += elapsed
            nodes += sol.nodes
            times.append(elapsed)
            outcomes.append("draw" if sol.draw else game.players[sol.durak or 0][0])
            if sum(t > 60 for t in times) > positions // 2:
                break
        while len(times) < positions:
            times.append(float("inf"))  # not run: the median is past 60 s
        median = statistics.median(times)
        rate = nodes / spent if spent else 0.0
        all_nodes, all_spent = all_nodes + nodes, all_spent + spent
        finite = [t for t in times if t != float("inf")]
        longest = max(finite) if finite else float("inf")
        print(f"{n:>5} {median:>9.3f} {longest:>8.2f} {nodes:>10,} {rate:>8,.0f}  {' '.join(outcomes)}", flush=True)
        for limit in within:
            if median <= limit:
                within[limit] = n
        if median > 60:
            break
    print(f"{preset}: solved within 1 s: {within[1.0]} cards each; within 60 s: {within[60.0]} cards each\n")


def memory(cards: int = 7, budget: int = 400_000) -> None:
    """Bytes per transposition-table entry, measured with tracemalloc on one solve."""
    table = SolverTable(max_entries=10 * budget)  # not emptied during the measurement
    game = endgame("podkidnoy", cards, seed=1000 * cards)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    try:
        sol = solve(game, node_budget=budget, table=table)
        nodes = sol.nodes
    except SolverBudgetError:
        nodes = budget
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    entries = len(table)
    per = (after - before) / max(entries, 1)
    full = per * DEFAULT_NODE_BUDGET / 2**20
    print(
        f"memory: {entries:,} table entries after {nodes:,} positions ({cards} cards each, podkidnoy): "
        f"{(after - before) / 2**20:.1f} MiB, {per:.0f} bytes per entry (documented: about {ENTRY_BYTES}); "
        f"a solve at the default node budget ({DEFAULT_NODE_BUDGET:,} positions, at most one entry each): "
        f"about {full:.0f} MiB"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--presets", nargs="+", default=["podkidnoy", "perevodnoy"])
    p.add_argument("--positions", type=int, default=3, help="random positions per size (median)")
    p.add_argument("--seconds", type=float, default=75.0, help="node budget per solve, in seconds at the measured rate")
    p.add_argument("--max-size", type=int, default=12, help="the largest hand size tried")
    p.add_argument("--no-memory", action="store_true", help="skip the table's memory measurement")
    args = p.parse_args()
    if not args.no_memory:
        memory()
    for preset in args.presets:
        run(preset, args.positions, args.seconds, args.max_size)


if __name__ == "__main__":
    main()
