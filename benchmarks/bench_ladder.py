"""The bot ladder's strength, measured: Elo with 95 % intervals, 2, 3 and 4 players.

Run: ``PYTHONPATH=. python benchmarks/bench_ladder.py [--workers 2] [--players 2 3 4]
[--preset podkidnoy] [--quick] [--top]``

Prints, for 2-player podkidnoy, the ladder table (:meth:`Tournament.table`): each bot's
Elo (the random bot at 0) with its 95 % bootstrap interval over paired deals, and its
score against the bot below it with a 95 % interval (normal approximation over paired
deals), ``beats_below`` when that interval lies above one half.  Then the same for 3 and
4 players, each bot against the one below sitting in turn (A B A …).  The top of the
ladder is the ISMCTS bot (:class:`~durak_nb.ismcts.ISMCTSBot`, 200 iterations a move)
against ``search`` (:class:`~durak_nb.bots.SearchBot`, 8 samples a move); its score,
the games it rests on and the interval are printed beside the target (above one half at
95 %) and beside the figures before it (the README's ``search-4`` against
``heuristic``).  Then the ISMCTS bot's time per move (mean and largest, over the moves it
was asked for in a few games against ``search``).  ``--top``: only the pairing
``search`` – ``ismcts-200`` (the expensive one).  Each game of the ISMCTS bot costs
seconds: the whole run takes the best part of an hour on 2 shared cores.

``--vs-all``: the ISMCTS bot against every bot below it, one at a time (``random``,
``lowest``, ``heuristic``, ``search``), each pairing on its own paired deals (the same
deck with the seats swapped or rotated, seed 1000 on), in this process: for each
its score with the 95 % interval (over paired deals: the normal approximation from
10 deals, Wilson's score interval below or without spread,
:meth:`~durak_nb.tournament.Tournament.head_to_head`), the games and deals it rests on,
``beats`` when the interval lies above one half, the figure before (README "Bots") beside
it, and the ISMCTS bot's seconds per move over the moves it was asked for in those games
(process time of this process: the machine is shared, so wall time says little).  The
deals per opponent: ``--deals-vs R L H S`` (else :data:`VS_DEALS`); ``--vs lowest …``:
only those opponents; ``--set KEY=VALUE …``: the ISMCTS bot's settings (keywords of
:class:`~durak_nb.ismcts.ISMCTSBot`, values as JSON, e.g. ``margin=1 playout_solve=1000``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence

import pandas as pd

from durak_nb.bots import HeuristicBot, LowestCardBot, RandomBot, SearchBot, turn_seat
from durak_nb.engine import Game, Move
from durak_nb.ismcts import ISMCTSBot
from durak_nb.tournament import BotSpec, run_tournament

ISMCTS = BotSpec("ismcts-200", ISMCTSBot, {"iterations": 200}, seeded=True)
LADDER = [
    BotSpec("random", RandomBot, seeded=True),
    BotSpec("lowest", LowestCardBot),
    BotSpec("heuristic", HeuristicBot),
    BotSpec("search", SearchBot, {"samples": 8}, seeded=True),
    ISMCTS,
]

#: deals per pairing (random-lowest, lowest-heuristic, heuristic-search, search-ismcts);
#: a deal is 2 games with 2 or 4 players (the seats swapped), 6 with 3 (A B A and B A B,
#: rotated)
DEALS = {2: [40, 500, 40, 40], 3: [20, 120, 10, 16], 4: [30, 300, 16, 16]}

#: the figures before the ISMCTS bot (README "Bots", the strongest bot then: search-4
#: against heuristic, score and 95 % interval)
BEFORE = {2: "search-4 vs heuristic 0.725 (0.625-0.825)", 3: "0.650 (0.547-0.753)", 4: "0.562 (0.440-0.685)"}


#: paired deals of the ISMCTS bot against random, lowest, heuristic and search (``--vs-all``)
VS_DEALS = {2: [10, 10, 20, 40], 3: [6, 8, 8, 16], 4: [8, 8, 12, 16]}

#: the figures before, against each bot below (README "Bots": only ``search`` was met)
BEFORE_VS = {
    2: {"search": "0.744 (0.659-0.829), 80 games"},
    3: {"search": "0.635 (0.519-0.752), 96 games"},
    4: {"search": "0.719 (0.565-0.873), 32 games"},
}

#: process seconds of every move the timed ISMCTS bot was asked for (``--vs-all``, one process)
TIMES: list[float] = []


class TimedISMCTS(ISMCTSBot):
    """The ISMCTS bot, its process time per move added to :data:`TIMES`."""

    def choose(self, game: Game, player: int | None = None) -> Move:
        """:meth:`ISMCTSBot.choose`, timed."""
        t0 = time.process_time()
        try:
            return super().choose(game, player)
        finally:
            TIMES.append(time.process_time() - t0)


def vs_all(
    players: int, preset: str, deals: list[int], only: Sequence[str] = (), settings: dict[str, object] | None = None
) -> list[dict[str, object]]:
    """The ISMCTS bot against each bot below it (``--vs-all``; only those named in
    ``only`` where given; its ``settings`` over :data:`ISMCTS`'s, ``--set``): one row per
    opponent, printed as it is measured."""
    top = BotSpec(ISMCTS.name, TimedISMCTS, {**ISMCTS.kwargs, **(settings or {})}, seeded=True)
    rows: list[dict[str, object]] = []
    print(
        f"\n## {players}-player {preset}: {top.name} {dict(top.kwargs)} against every bot below"
        " (paired deals from seed 1000)"
    )
    for spec, d in zip(LADDER[:-1], deals, strict=True):
        if only and spec.name not in only:
            continue
        TIMES.clear()
        c0 = time.process_time()
        t = run_tournament([spec, top], rules=preset, players=players, deals=d, workers=1, seed=1000, bootstrap=0)
        score, low, high, games = t.head_to_head(top.name, spec.name)
        row = {
            "players": players,
            "vs": spec.name,
            "score": round(score, 3),
            "low": round(low, 3),
            "high": round(high, 3),
            "games": games,
            "deals": d,
            "beats": bool(low > 0.5),
            "before": BEFORE_VS[players].get(spec.name, "not measured"),
            "s_per_move": round(statistics.fmean(TIMES), 3) if TIMES else math.nan,
            "s_largest": round(max(TIMES), 2) if TIMES else math.nan,
            "cpu_s": round(time.process_time() - c0),
        }
        rows.append(row)
        print(
            f"{top.name} vs {spec.name}: {score:.3f} ({low:.3f}-{high:.3f}), {games} games, {d} paired deals,"
            f" beats it at 95 %: {'yes' if row['beats'] else 'NO'}; before: {row['before']};"
            f" {row['s_per_move']} s a move (largest {row['s_largest']}, {len(TIMES)} moves), {row['cpu_s']} CPU s",
            flush=True,
        )
    beaten = sum(bool(r["beats"]) for r in rows)
    print(f"{players} players: {top.name} beats {beaten} of {len(rows)} bots below at 95 %", flush=True)
    return rows


def time_per_move(players: int, preset: str, games: int = 2) -> tuple[float, float, int]:
    """The ISMCTS bot's seconds per move (mean, largest) and the moves timed, over
    ``games`` games against the search bot (the ISMCTS bot at seat 0)."""
    times: list[float] = []
    for deal in range(games):
        g = Game.deal(preset, [f"P{k}" for k in range(players)], seed=5000 + deal)
        me = ISMCTSBot(iterations=200, seed=deal)
        other = SearchBot(samples=8, seed=deal)
        while not g.finished:
            seat = turn_seat(g)
            if seat == 0:
                t0 = time.perf_counter()
                move = me.choose(g, seat)
                times.append(time.perf_counter() - t0)
            else:
                move = other.choose(g, seat)
            g.play(move)
    return statistics.fmean(times), max(times), len(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--preset", default="podkidnoy", help="the rules (every preset plays; the counts suit podkidnoy)")
    ap.add_argument("--quick", action="store_true", help="a tenth of the deals (a smoke run)")
    ap.add_argument("--top", action="store_true", help="only search against ismcts-200")
    ap.add_argument("--deals", type=int, default=None, help="paired deals of search against ismcts-200")
    ap.add_argument("--vs-all", action="store_true", help="ismcts-200 against every bot below, one at a time")
    ap.add_argument("--deals-vs", type=int, nargs=4, default=None, help="paired deals against R L H S (--vs-all)")
    ap.add_argument("--vs", nargs="*", default=(), help="--vs-all: only these opponents")
    ap.add_argument(
        "--set", nargs="*", default=(), metavar="KEY=VALUE", help="--vs-all: the ISMCTS bot's settings, e.g. margin=1"
    )
    args = ap.parse_args()
    settings = {k: json.loads(v) for k, _, v in (a.partition("=") for a in args.set)}
    pd.set_option("display.width", 160)
    if args.vs_all:
        for n in args.players:
            vs_all(n, args.preset, list(args.deals_vs or VS_DEALS[n]), args.vs, settings)
        return
    for n in args.players:
        deals = [max(2, d // 10) if args.quick else d for d in DEALS[n]]
        if args.deals:
            deals[-1] = args.deals
        ladder = LADDER
        if args.top:
            ladder, deals = LADDER[-2:], deals[-1:]
        t0 = time.perf_counter()
        t = run_tournament(
            ladder, rules=args.preset, players=n, deals=deals, workers=args.workers, seed=1000, bootstrap=1000
        )
        took = time.perf_counter() - t0
        table = t.table()
        print(f"\n## {n}-player {args.preset}: {len(t.games)} games (deals per pairing {deals}), {took:.0f} s")
        print(table.to_string())
        steps = [b for b in t.bots[1:] if table.loc[b, "beats_below"]]
        print(f"beats the bot below at 95 %: {', '.join(steps) or 'none'} ({len(steps)} of {len(t.bots) - 1})")
        top = table.loc[ISMCTS.name]
        games = sum(1 for g in t.games if ISMCTS.name in g.lineup)
        print(
            f"ismcts-200 vs search: {top['vs_below']:.3f} ({top['vs_below_low']:.3f}-{top['vs_below_high']:.3f}),"
            f" {games} games, {deals[-1]} paired deals; target: above 0.5 at 95 %:"
            f" {'met' if top['beats_below'] else 'NOT met'}; before: {BEFORE[n]}",
            flush=True,
        )
        mean, most, k = time_per_move(n, args.preset)
        print(f"ismcts-200 time per move ({n} players, {k} moves): mean {mean:.2f} s, largest {most:.2f} s", flush=True)


if __name__ == "__main__":
    main()
