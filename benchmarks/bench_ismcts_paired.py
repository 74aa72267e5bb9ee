"""The ISMCTS bot with chosen settings against one bot, on paired deals, printed deal by deal.

Run: ``PYTHONPATH=. python benchmarks/bench_ismcts_paired.py OPPONENT PLAYERS DEALS
[KEY=VALUE …] [--seed S]`` (OPPONENT: random, lowest, heuristic or search, the search bot
with 8 samples; KEY=VALUE: keywords of :class:`~durak_nb.ismcts.ISMCTSBot`, values as
JSON, e.g. ``margin=0`` or ``playout_solve=1000``; 200 iterations unless given).

Each deal (seeds ``S``, ``S + 1`` …, default 1000, podkidnoy) is played with every seating
of the two bots in turn (A B … and B A … with 2 or 4 players; A B A and B A B rotated, 6
games, with 3), the ISMCTS bot seeded with the deal's seed. A game scores 1 when only the
opponent's seats lose, 0 when only the ISMCTS bot's, 1/2 a draw; a deal scores the mean of
its games where one side lost. After every deal it prints that deal's score and the running
mean with its 95 % interval (the normal approximation over the deals), and at the end the
mean, the interval and the ISMCTS bot's process seconds per move (mean and largest). Two
runs with the same deals and different settings compare deal by deal (the same deck, the
same seats): the README's "Bots" figures of the margin came from two such runs.

Slow: about 10 CPU seconds a 2-player deal at 200 iterations (more with ``playout_solve``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from durak_nb.bots import Bot, HeuristicBot, LowestCardBot, RandomBot, SearchBot, turn_seat
from durak_nb.engine import Game
from durak_nb.ismcts import ISMCTSBot

OPPONENTS = ("random", "lowest", "heuristic", "search")


def opponent(name: str, seed: int) -> Bot:
    """A fresh bot of ``name`` (one of :data:`OPPONENTS`) for the deal of ``seed``."""
    if name == "random":
        return RandomBot(seed)
    if name == "lowest":
        return LowestCardBot()
    if name == "heuristic":
        return HeuristicBot()
    return SearchBot(samples=8, seed=seed)


def seatings(players: int) -> list[list[int]]:
    """Every seating of the two bots in turn (0: the ISMCTS bot, 1: the opponent)."""
    if players == 3:
        return [base[r:] + base[:r] for base in ([0, 1, 0], [1, 0, 1]) for r in range(3)]
    return [[(r + k) % 2 for k in range(players)] for r in range(2)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("opponent", choices=OPPONENTS)
    ap.add_argument("players", type=int, choices=(2, 3, 4))
    ap.add_argument("deals", type=int)
    ap.add_argument("settings", nargs="*", metavar="KEY=VALUE")
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    kwargs = {"iterations": 200, **{k: json.loads(v) for k, _, v in (a.partition("=") for a in args.settings)}}
    print(f"ISMCTSBot({kwargs}) against {args.opponent}, {args.players} players, deals from seed {args.seed}")
    per_deal: list[float] = []
    times: list[float] = []
    c0 = time.process_time()
    mean = half = 0.0
    for d in range(args.deals):
        seed = args.seed + d
        got = played = 0.0
        for pattern in seatings(args.players):
            g = Game.deal("podkidnoy", [f"P{k}" for k in range(args.players)], seed=seed)
            me = ISMCTSBot(seed=seed, **kwargs)
            other = opponent(args.opponent, seed)
            while not g.finished:
                s = turn_seat(g)
                if pattern[s] == 0:
                    t0 = time.process_time()
                    move = me.choose(g, s)
                    times.append(time.process_time() - t0)
                else:
                    move = other.choose(g, s)
                g.play(move)
            r = g.result
            assert r is not None
            if r.draw:
                got, played = got + 0.5, played + 1
                continue
            losers = {pattern[s] for s in (r.losing_team if r.losing_team is not None else (r.durak,))}
            if losers == {1}:
                got, played = got + 1, played + 1
            elif losers == {0}:
                played += 1
        if played:
            per_deal.append(got / played)
        n = len(per_deal)
        mean = statistics.fmean(per_deal) if n else math.nan
        half = 1.96 * statistics.stdev(per_deal) / math.sqrt(n) if n > 1 else math.nan
        print(
            f"deal {d}: {got}/{int(played)}  running {mean:.3f} ± {half:.3f} (n={n})"
            f" cpu {time.process_time() - c0:.0f}s",
            flush=True,
        )
    print(
        f"RESULT {args.opponent} {args.players}p {kwargs}: {mean:.3f} ({mean - half:.3f}-{mean + half:.3f})"
        f" deals={len(per_deal)} s/move={statistics.fmean(times):.3f} largest={max(times):.2f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
