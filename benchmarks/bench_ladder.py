"""The bot ladder's strength, measured: Elo with 95 % intervals, 2, 3 and 4 players.

Run: ``PYTHONPATH=. python benchmarks/bench_ladder.py [--workers 2] [--players 2 3 4]
[--preset podkidnoy] [--quick]``

Prints, for 2-player podkidnoy, the ladder table (:meth:`Tournament.table`): each bot's
Elo (the random bot at 0) with its 95 % bootstrap interval over paired deals, and its
score against the bot below it with a 95 % interval (normal approximation over paired
deals), ``beats_below`` when that interval lies above one half.  Then the same for 3 and
4 players, each bot against the one below sitting in turn (A B A …), with fewer deals
for the search bot (each game there costs it more).  The deal
counts are chosen so that each step of the ladder shows at 95 % in 2-player games; the
run takes a few minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from durak_nb.bots import HeuristicBot, LowestCardBot, RandomBot, SearchBot
from durak_nb.tournament import BotSpec, run_tournament

LADDER = [
    BotSpec("random", RandomBot, seeded=True),
    BotSpec("lowest", LowestCardBot),
    BotSpec("heuristic", HeuristicBot),
    BotSpec("search-4", SearchBot, {"samples": 4}, seeded=True),
]

#: deals per pairing (random-lowest, lowest-heuristic, heuristic-search); a deal is 2
#: games with 2 or 4 players (the seats swapped), 6 with 3 (A B A and B A B, rotated)
DEALS = {2: [40, 500, 40], 3: [20, 120, 10], 4: [30, 300, 16]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--preset", default="podkidnoy", help="the rules (every preset plays; the counts suit podkidnoy)")
    ap.add_argument("--quick", action="store_true", help="a tenth of the deals (a smoke run)")
    args = ap.parse_args()
    pd.set_option("display.width", 160)
    for n in args.players:
        deals = [max(2, d // 10) if args.quick else d for d in DEALS[n]]
        t0 = time.perf_counter()
        t = run_tournament(
            LADDER, rules=args.preset, players=n, deals=deals, workers=args.workers, seed=1000, bootstrap=1000
        )
        took = time.perf_counter() - t0
        print(f"\n## {n}-player {args.preset}: {len(t.games)} games (deals per pairing {deals}), {took:.0f} s")
        print(t.table().to_string())
        steps = [b for b in t.bots[1:] if t.table().loc[b, "beats_below"]]
        print(f"beats the bot below at 95 %: {', '.join(steps) or 'none'} ({len(steps)} of {len(t.bots) - 1})")


if __name__ == "__main__":
    main()
