"""``tables.games_frame`` over a folder of 10,000 recordings, beside the 10 s limit (issue 13).

The folder holds ``--games`` (default 10,000) random-bot games written as ``durak-nb/1``
JSON files (:func:`durak_nb.selfplay.record_bot_game`: 2-player podkidnoy, the games of
``durak-nb play --seed S`` for ``S`` in ``0..N-1``, through :meth:`Recording.dumps`).  Making
them is not timed.  The script then times ``games_frame(folder)`` (reading, checking and
replaying every file, then building the frame), CPU time (this process and the children
it waited for: not the workers, which are the forkserver's) and wall-clock time, the best
of ``--runs`` runs, and prints the figures beside the limit: once read in this process
(``workers=1``) and once by ``--workers`` processes (default: ``games_frame``'s own, as many as there are CPUs, at most
``tables.MOST_WORKERS``); the two frames must be equal.  The limit is on wall-clock time.

``--folder DIR`` keeps the recordings in ``DIR`` (made when missing or short, else
reused), so that two versions of the kit can be timed on the same files
(``PYTHONPATH=OLD python benchmarks/bench_games_frame.py --folder DIR`` then the new one);
``--profile N`` prints the ``N`` costliest functions (cProfile, cumulative) of one run.

Run: ``python benchmarks/bench_games_frame.py [--games N] [--runs N] [--folder DIR] [--workers N]
[--profile N]`` (the profile is of a run in this process).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import tempfile
import time
from pathlib import Path

import pandas as pd

from durak_nb.selfplay import record_bot_game
from durak_nb.tables import _cpu_count, _worker_count, games_frame

LIMIT_S = 10.0


def make_folder(folder: Path, n: int) -> None:
    """Write games ``0..n-1`` to ``folder`` (skipping files already there)."""
    folder.mkdir(parents=True, exist_ok=True)
    for seed in range(n):
        path = folder / f"game-{seed:06d}.json"
        if path.exists():
            continue
        rec = record_bot_game("podkidnoy", 2, seed)
        path.write_text(rec.dumps(), encoding="utf-8")


def _cpu() -> float:
    """CPU seconds of this process and of its children waited for.  The workers of
    ``games_frame`` start from a forkserver (``tables.pool_context``): they are its
    children, not this process's, so their CPU time is not in this figure."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10_000, help="recordings in the folder (default 10,000)")
    ap.add_argument("--runs", type=int, default=1, help="timed runs; the best is printed (default 1)")
    ap.add_argument("--folder", default=None, help="keep the recordings here (default: a temporary folder)")
    ap.add_argument("--workers", type=int, default=None, help="worker processes (default: games_frame's own)")
    ap.add_argument("--profile", type=int, default=0, help="print the N costliest functions of one run")
    args = ap.parse_args()
    folder = Path(args.folder) if args.folder else Path(tempfile.mkdtemp(prefix="bench-games-frame-"))
    try:
        t = time.perf_counter()
        make_folder(folder, args.games)
        print(f"recordings: {args.games} in {folder} (made or checked in {time.perf_counter() - t:.1f} s)")
        frames = []
        parallel = _worker_count(args.workers, args.games)
        for label, workers in (("in this process", 1), (f"{parallel} worker processes", args.workers)):
            best_cpu = best_wall = float("inf")
            for _ in range(args.runs):
                c, w = _cpu(), time.perf_counter()
                frame = games_frame(folder, progress=False, workers=workers)
                best_cpu = min(best_cpu, _cpu() - c)
                best_wall = min(best_wall, time.perf_counter() - w)
            frames.append(frame)
            verdict = "under" if best_wall < LIMIT_S else "OVER"
            whose = "" if workers == 1 or parallel == 1 else " (this process's; not the workers')"
            print(
                f"games_frame, {label}: {best_cpu:.2f} s CPU{whose}, {best_wall:.2f} s wall "
                f"({len(frame) / best_wall:,.0f} recordings/s): {verdict} the {LIMIT_S:.0f} s limit"
            )
        pd.testing.assert_frame_equal(frames[0], frames[1])
        frame = frames[1]
        ok = int(frame["ok"].sum())
        moves = int(frame["moves"].sum())
        print(f"rows: {len(frame)}, ok: {ok}, moves: {moves}, the two frames equal; CPUs: {_cpu_count()}")
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            games_frame(folder, progress=False, workers=1)
            prof.disable()
            pstats.Stats(prof).sort_stats("cumulative").print_stats(args.profile)
    finally:
        if not args.folder:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
