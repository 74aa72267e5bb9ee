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

``--targets``: issue 21's targets in one run: the ISMCTS bot (``ismcts-200``, the default
settings or ``--set``) against every bot below it in 2, 3 and 4 players, and the strength
levels ``ismcts-50`` and ``ismcts-1000`` beside it (:data:`TARGETS`: the pairings, their
paired deals from seed 1000 and the order played), ``--workers`` deals at a time, each deal
appended to ``--log`` (``benchmarks/results/ladder-targets/deals.jsonl``) as it ends, so a
run stopped (``--stop-at HH:MM``, UTC: no new deal after it) or cut goes on where it
stopped when started again.  At the end (or with ``--report``, from the log alone) it prints
for each pairing the score with its 95 % interval, the games and deals, ``beats it: yes/no``,
today's figures beside it (:data:`TODAY`) and the seconds per move of the upper bot (process
time); then the target line of each player count and of all three, and every bot's Elo per
player count (Bradley–Terry over all that count's games, the random bot at 0 where it
played, 95 % bootstrap over paired deals).
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
#: the iterations of the bot that made each move of :data:`TIMES` (``--targets``)
TIMED_ITERATIONS: list[int] = []


class TimedISMCTS(ISMCTSBot):
    """The ISMCTS bot, its process time per move added to :data:`TIMES`."""

    def choose(self, game: Game, player: int | None = None) -> Move:
        """:meth:`ISMCTSBot.choose`, timed."""
        t0 = time.process_time()
        try:
            return super().choose(game, player)
        finally:
            TIMES.append(time.process_time() - t0)
            TIMED_ITERATIONS.append(self.iterations)


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


#: the targets run (``--targets``, issue 21): (players, the bot below, the ISMCTS bot, paired
#: deals, tier), the deals chosen before the run from the effects seen so far (a deal is 2
#: games with 2 or 4 players, 6 with 3; below 10 deals the interval is Wilson's, too wide to
#: show a step, so each pairing is played to its deals before the next tier begins); the
#: pairings not shown before first, those likeliest shown for their CPU first; then the
#: levels (``ismcts-50``, ``ismcts-1000``) and those shown before with older settings
TARGETS: list[tuple[int, str, str, int, int]] = [
    (3, "lowest", "ismcts-200", 10, 1),
    (4, "search", "ismcts-200", 16, 2),
    (4, "heuristic", "ismcts-200", 16, 3),
    (3, "search", "ismcts-200", 10, 4),
    (3, "heuristic", "ismcts-200", 10, 5),
    (4, "lowest", "ismcts-200", 30, 6),
    (2, "heuristic", "ismcts-200", 30, 7),
    (2, "search", "ismcts-50", 20, 7),
    (3, "random", "ismcts-200", 10, 8),
    (4, "random", "ismcts-200", 10, 8),
    (2, "random", "ismcts-200", 10, 8),
    (2, "lowest", "ismcts-200", 30, 9),
    (2, "search", "ismcts-200", 30, 9),
    (2, "ismcts-200", "ismcts-1000", 10, 9),
]

#: today's figures of each targets pairing (README "Bots" before this run; m0: ``margin=0``,
#: m1: ``margin=1``, the default; the root's solve budget was 5,000 positions then)
TODAY = {
    (2, "random", "ismcts-200"): "1.000 (0.722-1.000) m0, 10 deals: yes",
    (2, "lowest", "ismcts-200"): "0.700 (0.605-0.795) m1, 40 deals: yes",
    (2, "heuristic", "ismcts-200"): "0.725 (0.613-0.837) m0, 20 deals: yes",
    (2, "search", "ismcts-200"): "0.775 (0.676-0.874) m1, 40 deals: yes",
    (3, "random", "ismcts-200"): "0.972 (0.577-0.999) m0, 6 deals: yes",
    (3, "lowest", "ismcts-200"): "0.681 m1, 6 deals, no interval: not shown",
    (3, "heuristic", "ismcts-200"): "0.646 (0.322-0.875) m0, 8 deals: no",
    (3, "search", "ismcts-200"): "0.635 (0.519-0.752) m0, 16 deals: yes",
    (4, "random", "ismcts-200"): "0.875 (0.529-0.978) m0, 8 deals: yes",
    (4, "lowest", "ismcts-200"): "0.600 (0.404-0.796) m1, 10 deals: no",
    (4, "heuristic", "ismcts-200"): "0.750 (0.559-0.941) m0, 12 deals: yes",
    (4, "search", "ismcts-200"): "0.719 (0.565-0.873) m0, 16 deals: yes",
}


def _spec(name: str, settings: dict[str, object]) -> BotSpec:
    """The bot named ``name`` (:func:`~durak_nb.tournament.bot_spec`); an ISMCTS bot
    timed (:class:`TimedISMCTS`) with ``settings`` over its iterations."""
    from durak_nb.tournament import bot_spec

    spec = bot_spec(name)
    if spec.factory is ISMCTSBot:
        return BotSpec(name, TimedISMCTS, {**spec.kwargs, **settings}, seeded=True)
    return spec


def _target_deal(task: tuple[int, str, str, int, dict[str, object]]) -> dict[str, object]:
    """One paired deal of a targets pairing (every seat rotation, as
    :func:`~durak_nb.tournament.run_tournament` seats a pair), in a worker: its games as
    JSON, and the process seconds of the upper bot's moves (count, sum, largest)."""
    from durak_nb.rules import Rules
    from durak_nb.tournament import _play_deal

    players, low, high, deal, settings = task
    lo, hi = _spec(low, settings), _spec(high, settings)
    one = tuple(lo if s % 2 == 0 else hi for s in range(players))
    two = tuple(hi if s % 2 == 0 else lo for s in range(players))
    TIMES.clear()
    TIMED_ITERATIONS.clear()
    c0 = time.process_time()
    games = _play_deal((Rules.make("podkidnoy"), (one, two) if players % 2 else (one,), deal))
    # the upper bot's moves only: a lower ISMCTS bot (ismcts-200 under ismcts-1000) is timed apart
    mine = [t for t, it in zip(TIMES, TIMED_ITERATIONS, strict=True) if it == hi.kwargs.get("iterations")]
    TIMED_ITERATIONS.clear()
    return {
        "players": players,
        "low": low,
        "high": high,
        "deal": deal,
        "cpu": round(time.process_time() - c0, 2),
        "moves": len(mine),
        "move_s": round(sum(mine), 3),
        "move_max": round(max(mine), 3) if mine else 0.0,
        "games": [
            {
                "deal": g.deal,
                "rotation": g.rotation,
                "lineup": list(g.lineup),
                "durak": g.durak,
                "losing": list(g.losing),
                "draw": g.draw,
                "forfeit": g.forfeit,
                "reason": g.reason,
                "moves": g.moves,
            }
            for g in games
        ],
    }


def _read_log(path: str) -> list[dict[str, object]]:
    """The deals of a targets log (one JSON object a line; a line cut short by a stop is left out)."""
    import os

    out = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    continue
    return out


def run_targets(log: str, workers: int, settings: dict[str, object], stop_at: float | None) -> None:
    """Play the :data:`TARGETS` pairings' paired deals not yet in ``log`` (deal seeds 1000 on),
    ``workers`` at a time, the lowest tier first and in it the pairing furthest from its
    deals (so that a stop leaves every pairing of a tier at about the same share), each deal
    appended to ``log`` as it ends; no new deal after ``stop_at`` (a ``time.time()``); then
    :func:`report_targets`."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    from durak_nb.selfplay import quiet_worker, stop_pool

    done = {(r["players"], r["low"], r["high"], r["deal"]) for r in _read_log(log)}
    count = {(p, lo, hi): sum(1 for d in range(n) if (p, lo, hi, 1000 + d) in done) for p, lo, hi, n, _t in TARGETS}
    nxt = dict.fromkeys(count, 0)

    def next_task() -> tuple[int, str, str, int, dict[str, object]] | None:
        best = None
        for i, (p, lo, hi, n, tier) in enumerate(TARGETS):
            key = (p, lo, hi)
            while nxt[key] < n and (p, lo, hi, 1000 + nxt[key]) in done:
                nxt[key] += 1
            if nxt[key] < n and (best is None or (tier, count[key] / n, i) < best[0]):
                best = ((tier, count[key] / n, i), key)
        if best is None or (stop_at is not None and time.time() > stop_at):
            return None
        key = best[1]
        deal = 1000 + nxt[key]
        nxt[key] += 1
        count[key] += 1
        return (*key, deal, settings)

    print(f"targets run: log {log}, {len(done)} deals there already, workers {workers}", flush=True)
    with ProcessPoolExecutor(max_workers=max(1, workers), initializer=quiet_worker) as pool:
        try:
            running = set()
            for _k in range(max(1, workers)):
                task = next_task()
                if task is not None:
                    running.add(pool.submit(_target_deal, task))
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    row = fut.result()
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(json.dumps(row) + "\n")
                    print(
                        f"{row['players']}p {row['high']} vs {row['low']} deal {row['deal']}: {row['cpu']} CPU s,"
                        f" load {' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}",
                        flush=True,
                    )
                    task = next_task()
                    if task is not None:
                        running.add(pool.submit(_target_deal, task))
        except BaseException:
            stop_pool(pool)
            raise
    report_targets(log)


def report_targets(log: str) -> None:
    """Print the targets run of ``log``: each pairing's score of the ISMCTS bot with its 95 %
    interval over paired deals (:meth:`~durak_nb.tournament.Tournament.head_to_head`), the
    games and deals, ``beats it: yes/no``, today's figures beside it (:data:`TODAY`) and its
    process seconds per move; the target line for 2, 3 and 4 players; then the Elo of every
    bot of each player count (a Bradley–Terry fit over all its pairings' games, the random
    bot at 0, 95 % bootstrap over paired deals)."""
    from durak_nb.rules import Rules
    from durak_nb.tournament import GameResult, Tournament

    rows = _read_log(log)
    rules = Rules.make("podkidnoy")
    by_pair: dict[tuple[int, str, str], list[dict[str, object]]] = {}
    for r in rows:
        by_pair.setdefault((r["players"], r["low"], r["high"]), []).append(r)

    def results(rs: list[dict[str, object]]) -> list[GameResult]:
        out = []
        for r in rs:
            for g in r["games"]:
                out.append(
                    GameResult(
                        g["deal"],
                        g["rotation"],
                        tuple(g["lineup"]),
                        g["durak"],
                        tuple(g["losing"]),
                        g["draw"],
                        g["forfeit"],
                        g["reason"],
                        g["moves"],
                    )
                )
        return out

    cpu = sum(r["cpu"] for r in rows)
    print(f"\n## Targets (issue 21): podkidnoy, paired deals from seed 1000, {log}: {len(rows)} deals, {cpu:.0f} CPU s")
    beaten: dict[int, list[bool]] = {}
    for p, lo, hi, n, _tier in TARGETS:
        rs = by_pair.get((p, lo, hi), [])
        today = TODAY.get((p, lo, hi), "not measured")
        if not rs:
            print(f"{p} players: {hi} vs {lo}: no deal played (of {n}); today: {today}")
            if hi == ISMCTS.name:
                beaten.setdefault(p, []).append(False)
            continue
        t = Tournament((lo, hi), rules, p, results(rs), bootstrap=0)
        score, low, high, games = t.head_to_head(hi, lo)
        moves = sum(int(r["moves"]) for r in rs)
        per = sum(float(r["move_s"]) for r in rs) / moves if moves else math.nan
        most = max(float(r["move_max"]) for r in rs)
        yes = bool(low > 0.5)
        if hi == ISMCTS.name:
            beaten.setdefault(p, []).append(yes)
        print(
            f"{p} players: {hi} vs {lo}: {score:.3f} ({low:.3f}-{high:.3f}), {games} games, {len(rs)} of {n} paired"
            f" deals; beats it: {'yes' if yes else 'no'}; today: {today}; {per:.3f} s a move (largest {most:.2f},"
            f" {moves} moves, process time)",
            flush=True,
        )
    for p, ys in sorted(beaten.items()):
        print(
            f"target, {p} players: {ISMCTS.name} beats every bot below at 95 %: {'met' if all(ys) else 'NOT met'}"
            f" ({sum(ys)} of {len(ys)})"
        )
    every = all(all(ys) for ys in beaten.values()) and sorted(beaten) == [2, 3, 4]
    print(f"target, 2, 3 and 4 players: {'met' if every else 'NOT met'}")
    for p in sorted({k[0] for k in by_pair}):
        names: list[str] = []
        for q, lo, hi, _n, _tier in TARGETS:
            if q == p and (q, lo, hi) in by_pair:
                names += [x for x in (lo, hi) if x not in names]
        known = ("random", "lowest", "heuristic", "search", "ismcts-50", "ismcts-200", "ismcts-1000")
        order = [b for b in known if b in names] + [b for b in names if b not in known]
        games = [g for (q, _lo, _hi), rs in by_pair.items() if q == p for g in results(rs)]
        t = Tournament(tuple(order), rules, p, games, bootstrap=1000, seed=1000)
        elo = t.elo()
        print(f"Elo, {p} players ({t.zero} at 0; 95 % bootstrap over paired deals; {len(games)} games):")
        for b in order:
            e, elo_lo, elo_hi = elo[b]
            band = f"{elo_lo:.0f} - {elo_hi:.0f}" if math.isfinite(elo_lo) else "no interval"
            print(f"  {b:12s} {e:6.0f}  ({band}), {sum(1 for g in games if b in g.lineup)} games")


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
    ap.add_argument("--targets", action="store_true", help="the TARGETS pairings, logged deal by deal (--log)")
    ap.add_argument("--log", default="benchmarks/results/ladder-targets/deals.jsonl", help="--targets: the log")
    ap.add_argument("--report", action="store_true", help="--targets: only print what the log holds")
    ap.add_argument("--stop-at", default=None, metavar="HH:MM", help="--targets: no new deal after this UTC time")
    args = ap.parse_args()
    settings = {k: json.loads(v) for k, _, v in (a.partition("=") for a in args.set)}
    pd.set_option("display.width", 160)
    if args.targets:
        stop = None
        if args.stop_at:
            import datetime as dt

            hh, mm = (int(x) for x in args.stop_at.split(":"))
            now = dt.datetime.now(dt.UTC)
            stop = now.replace(hour=hh, minute=mm, second=0, microsecond=0).timestamp()
        if args.report:
            report_targets(args.log)
        else:
            run_targets(args.log, args.workers, settings, stop)
        return
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
