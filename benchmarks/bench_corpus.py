"""Self-play corpora: games per second with 1 and 2 worker processes and on a Dask
LocalCluster, beside the same games played alone (no tables, no files) and the target
of 150 games/s with two workers; then the time and size of a big corpus.

Every corpus here is 2-player podkidnoy between random bots, seed 1
(:func:`durak_nb.corpus.selfplay`); a game's cost is playing it, filling its move rows
while it is played (``tables.MoveColumns``, the rows of ``tables.moves_frame``, no
replay) and writing its recording and rows.  Time is wall-clock time (the point of
workers); other load on the machine slows every figure alike.

The big corpus has ``--big`` games (default 100,000) when the rate measured with two
workers says it takes at most ``--budget`` seconds (default 600); otherwise the
benchmark prints how long it would take and plays ``--fallback`` games (default 20,000).

Run: ``python benchmarks/bench_corpus.py [--games N] [--big N] [--budget S] [--out DIR]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from durak_nb.corpus import game_seed, selfplay
from durak_nb.selfplay import record_bot_game

#: Games per second with two workers that make 100,000 games take about 11 minutes.
TARGET = 150.0


def _mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def _rate(label: str, n: int, out: Path, **kw: object) -> float:
    t = time.perf_counter()
    selfplay(n, "podkidnoy", 2, "random", 1, out, overwrite=True, progress=False, chunk=50, **kw)  # type: ignore[arg-type]
    dt = time.perf_counter() - t
    print(f"{label:<28} {n:>7} games {dt:8.1f} s {n / dt:8.1f} games/s")
    return n / dt


def _alone(n: int) -> float:
    """The corpus's first ``n`` games played in this process, recorded in memory only."""
    t = time.perf_counter()
    for i in range(n):
        record_bot_game("podkidnoy", 2, game_seed(1, i))
    dt = time.perf_counter() - t
    print(f"{'games alone (1 process)':<28} {n:>7} games {dt:8.1f} s {n / dt:8.1f} games/s")
    return n / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games for each rate (default 400)")
    ap.add_argument("--big", type=int, default=100_000, help="games of the big corpus (default 100,000)")
    ap.add_argument("--fallback", type=int, default=20_000, help="games when --big would take too long")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds the big corpus may take (default 600)")
    ap.add_argument("--out", default=None, help="folder of the big corpus (default: a temporary one, removed)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-corpus-"))
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    try:
        _alone(args.games)
        _rate("1 worker (in process)", args.games, tmp / "w1", workers=1)
        two = _rate("2 worker processes", args.games, tmp / "w2", workers=2)
        print(f"{'target, 2 workers':<28} {'':>7}       {'':>8}   {TARGET:8.1f} games/s")
        from distributed import Client, LocalCluster

        with (
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
            Client(cluster) as client,
        ):
            _rate("Dask LocalCluster, 2 workers", args.games, tmp / "dask", dask=client)
        n = args.big
        estimate = n / two
        print(f"{n:,} games at {two:.1f} games/s (2 workers): about {estimate / 60:.1f} min")
        if estimate > args.budget:
            print(f"over the budget of {args.budget:.0f} s: playing {args.fallback:,} games instead")
            n = args.fallback
        out = Path(args.out) if args.out else tmp / "big"
        t = time.perf_counter()
        corpus = selfplay(n, "podkidnoy", 2, "random", 1, out, workers=2, overwrite=True, progress=True, chunk=500)
        dt = time.perf_counter() - t
        moves = corpus.moves(["game"])
        print(
            f"corpus of {n:,} games: {dt:.0f} s ({n / dt:.1f} games/s), {len(moves):,} moves, "
            f"{_mb(out):.0f} MB ({_mb(out / 'games'):.0f} MB recordings, "
            f"{corpus.moves_path.stat().st_size / 1e6:.0f} MB moves.parquet, "
            f"{corpus.games_path.stat().st_size / 1e6:.1f} MB games.parquet)"
        )
        if n < args.big:
            print(f"{args.big:,} games would take about {args.big / (n / dt) / 60:.0f} min at this rate")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
