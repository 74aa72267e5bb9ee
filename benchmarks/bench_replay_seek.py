"""Seeking in a long replay: load a 300-move recording, then seek to 1,000 random indices.

The recording is a random-bot game of 6-player perevodnoy (``durak-nb play --preset
perevodnoy --players 6 --seed 98``: exactly 300 moves, with transfers, takes and
throw-ins), written to a temporary ``durak-nb/1`` JSON file.  The script prints

- the load time: ``Replay.load(path)`` (reading and checking the JSON, then replaying
  every move through the engine), and the two parts (``Recording.load``,
  ``Replay(recording)``); the best and the median of ``--loads`` runs;
- 1,000 random seeks: each one asks for ``position(k)``, ``view(k, player)`` (a random
  seat) and ``game(k)`` (a fresh live game at ``k``, copied from the nearest kept game
  with at most ``snapshot_every - 1`` moves replayed): the total, the mean and the
  maximum per seek, the 99th percentile, and how many took 1 ms or more;
- memory (``tracemalloc``): what the loaded replay holds, and the peak while loading;
- with ``--compare``, the same figures for other ``snapshot_every`` values.

Times are given twice: CPU time of this process (``time.process_time_ns``, which other
load on the machine hardly disturbs) and wall-clock time (``time.perf_counter_ns``).
No test asserts a time; the target is every seek under 1 ms after load.

Run: ``python benchmarks/bench_replay_seek.py [--seeks N] [--loads N] [--every N] [--compare]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from durak_nb.record import Recording
from durak_nb.replay import SNAPSHOT_EVERY, Replay
from durak_nb.selfplay import record_bot_game

PRESET, PLAYERS, SEED, MOVES = "perevodnoy", 6, 98, 300


def make_recording(folder: Path) -> Path:
    """Write the 300-move bot game to ``folder`` and return its path.

    Raises:
        AssertionError: the game does not have exactly 300 moves (the engine changed).
    """
    rec = record_bot_game(PRESET, PLAYERS, SEED, {})
    if len(rec.moves) != MOVES:
        raise AssertionError(f"the seed-{SEED} game has {len(rec.moves)} moves, not {MOVES}")
    path = folder / f"{PRESET}-{PLAYERS}p-seed{SEED}.json"
    rec.dump(path)
    return path


def _ms(ns: float) -> str:
    return f"{ns / 1e6:8.3f} ms"


def _us(ns: float) -> str:
    return f"{ns / 1e3:8.1f} µs"


def time_loads(path: Path, loads: int, every: int) -> dict[str, list[int]]:
    """CPU and wall times (ns) of ``loads`` loads, whole and in parts."""
    out: dict[str, list[int]] = {"cpu": [], "wall": [], "parse": [], "replay": []}
    for _ in range(loads):
        c0, w0 = time.process_time_ns(), time.perf_counter_ns()
        rec = Recording.load(path)
        c1 = time.process_time_ns()
        Replay(rec, snapshot_every=every)
        c2, w2 = time.process_time_ns(), time.perf_counter_ns()
        out["cpu"].append(c2 - c0)
        out["wall"].append(w2 - w0)
        out["parse"].append(c1 - c0)
        out["replay"].append(c2 - c1)
    return out


def time_seeks(replay: Replay, seeks: int, seed: int) -> tuple[list[int], list[int]]:
    """CPU and wall time (ns) of each of ``seeks`` random seeks."""
    rng = random.Random(seed)
    n, seats = len(replay), len(replay.players)
    targets = [(rng.randrange(n + 1), rng.randrange(seats)) for _ in range(seeks)]
    cpu, wall = [], []
    for k, seat in targets:
        c0, w0 = time.process_time_ns(), time.perf_counter_ns()
        replay.position(k)
        replay.view(k, seat)
        replay.game(k)
        c1, w1 = time.process_time_ns(), time.perf_counter_ns()
        cpu.append(c1 - c0)
        wall.append(w1 - w0)
    return cpu, wall


def memory(path: Path, every: int) -> tuple[int, int]:
    """Bytes held by a loaded replay (the recording included) and the peak while loading."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    replay = Replay(Recording.load(path), snapshot_every=every)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(replay) == MOVES
    return held - base, peak - base


def report(path: Path, every: int, seeks: int, loads: int) -> None:
    """Print every figure for one ``snapshot_every``."""
    t = time_loads(path, loads, every)
    replay = Replay.load(path)
    replay = Replay(replay.recording, snapshot_every=every)
    cpu, wall = time_seeks(replay, seeks, seed=1)
    held, peak = memory(path, every)
    print(f"snapshot_every = {every}  ({len(replay) // every + 1} live games kept)")
    print(
        f"  load (Replay.load), best / median of {loads}: CPU {_ms(min(t['cpu']))} / {_ms(statistics.median(t['cpu']))}"
        f"   wall {_ms(min(t['wall']))} / {_ms(statistics.median(t['wall']))}"
    )
    print(
        f"    of which Recording.load {_ms(statistics.median(t['parse']))}, "
        f"Replay(recording) {_ms(statistics.median(t['replay']))} (CPU, median)"
    )
    for name, xs in (("CPU ", cpu), ("wall", wall)):
        p99 = sorted(xs)[int(0.99 * len(xs)) - 1]
        slow = sum(1 for x in xs if x >= 1_000_000)
        print(
            f"  {seeks} seeks, {name}: total {_ms(sum(xs))}, mean {_us(statistics.fmean(xs))}, "
            f"p99 {_us(p99)}, max {_us(max(xs))}; {slow} of {seeks} took 1 ms or more"
        )
    print(f"  memory: the loaded replay holds {held / 1024:.0f} KiB; peak while loading {peak / 1024:.0f} KiB")


def main() -> None:
    """Parse the arguments, make the recording and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--seeks", type=int, default=1000)
    ap.add_argument("--loads", type=int, default=20)
    ap.add_argument("--every", type=int, default=SNAPSHOT_EVERY, help="snapshot_every of the replay")
    ap.add_argument("--compare", action="store_true", help="also other snapshot_every values")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_recording(Path(tmp))
        print(f"recording: {PRESET}, {PLAYERS} players, seed {SEED}: {MOVES} moves, {path.stat().st_size} bytes")
        report(path, args.every, args.seeks, args.loads)
        if args.compare:
            for every in (1, 4, 8, 32, 64):
                if every != args.every:
                    report(path, every, args.seeks, args.loads)


if __name__ == "__main__":
    main()
