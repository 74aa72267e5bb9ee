"""The replayer widget on a 300-move, 4-player game: build time, memory, time per frame update.

The recording is a random-bot game of 4-player podkidnoy (``durak-nb play --preset
podkidnoy --players 4 --seed 100``: exactly 300 moves).  The script prints, for the
widget as built (one board HTML widget whose value the kernel sets per frame, see
``durak_nb/views/replayer.py``):

- build: ``replayer_frames`` (every part of every frame, what an exported page holds)
  and ``ReplayerWidget(replay)`` (the first frame only); the board's and the header's
  sizes, the widget state as JSON and the exported page's size;
- memory (``tracemalloc``, a separate build);
- per frame, kernel side, stepping through all 301 frames and back: setting the slider
  (the kernel makes the frame, once, and sets the board's value);
- for comparison, a few HTML widgets recomputed per frame from ``svg_frame``;
- with ``--kernel``, the build and the stepping inside a real IPython kernel (nbclient).

The time to show in JupyterLab is measured by ``benchmarks/bench_replayer_chromium.py``.

Times are CPU time (``time.process_time_ns``) and wall-clock time (``perf_counter_ns``).
No test asserts a time; the target is under 30 ms per frame update.

Run: ``python benchmarks/bench_widget_frames.py [--kernel]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
from ipywidgets.embed import dependency_state

from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views.cards_svg import svg_frame
from durak_nb.views.export import export_html
from durak_nb.views.html import frame, replayer_frames
from durak_nb.views.replayer import ReplayerWidget

PRESET, PLAYERS, SEED, MOVES = "podkidnoy", 4, 100, 300


def make_recording() -> Recording:
    """The 300-move bot game.

    Raises:
        AssertionError: the game does not have exactly 300 moves (the engine changed).
    """
    rec = record_bot_game(PRESET, PLAYERS, SEED, {})
    if len(rec.moves) != MOVES:
        raise AssertionError(f"the seed-{SEED} game has {len(rec.moves)} moves, not {MOVES}")
    return rec


def _ms(ns: float) -> str:
    return f"{ns / 1e6:8.3f} ms"


def timed(fn: Callable[[], object]) -> tuple[int, int, object]:
    """CPU ns, wall ns and the result of ``fn()``."""
    c0, w0 = time.process_time_ns(), time.perf_counter_ns()
    out = fn()
    return time.process_time_ns() - c0, time.perf_counter_ns() - w0, out


def per_frame(replay: Replay, step: Callable[[int], None]) -> tuple[list[int], list[int]]:
    """CPU and wall ns of ``step(k)`` for every frame, forward then back."""
    cpu, wall = [], []
    order = [*range(len(replay) + 1), *reversed(range(len(replay)))]
    for k in order:
        c0, w0 = time.process_time_ns(), time.perf_counter_ns()
        step(k)
        cpu.append(time.process_time_ns() - c0)
        wall.append(time.perf_counter_ns() - w0)
    return cpu, wall


def line(name: str, cpu: list[int], wall: list[int]) -> str:
    p99 = sorted(wall)[int(0.99 * len(wall)) - 1]
    return (
        f"  {name}: mean CPU {_ms(statistics.fmean(cpu))}, wall mean {_ms(statistics.fmean(wall))}, "
        f"p99 {_ms(p99)}, max {_ms(max(wall))} ({len(wall)} updates)"
    )


def alternative(replay: Replay) -> tuple[list[int], list[int], float]:
    """The update-values design: compute frame k's parts and set ~10 HTML widgets."""
    n = len(replay.players)
    parts = [widgets.HTML() for _ in range(n + 8)]
    sent = []

    def step(k: int) -> None:
        pos = replay.position(k)
        f = frame(replay, k)
        s = svg_frame(pos, actors=replay.whose_turn(k), width=52)
        values = [*s.hands, s.table, s.talon, s.discard, f.turn, f.move, f.events, f.result, f.stock]
        for w, v in zip(parts, values, strict=True):
            w.value = v
        sent.append(sum(len(v) for v in values))

    cpu, wall = per_frame(replay, step)
    return cpu, wall, statistics.fmean(sent)


KERNEL_CODE = """
import time, json
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.replayer import ReplayerWidget
replay = Replay(Recording.load({path!r}))
t0 = time.perf_counter(); w = ReplayerWidget(replay); build = time.perf_counter() - t0
times = []
for k in [*range(len(replay) + 1), *reversed(range(len(replay)))]:
    t0 = time.perf_counter(); w.slider.value = k; times.append(time.perf_counter() - t0)
print(json.dumps({{"build": build, "mean": sum(times) / len(times), "max": max(times)}}))
"""


def in_kernel(rec: Recording) -> dict[str, float]:
    """Build and step the widget inside a real IPython kernel (comms open, state sent)."""
    import nbformat
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        rec.dump(path)
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(KERNEL_CODE.format(path=str(path)))]
        NotebookClient(nb, timeout=600, kernel_name="python3").execute()
        text = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.get("name") == "stdout")
        out: dict[str, float] = json.loads(text.strip().splitlines()[-1])
        return out


def main() -> None:
    """Parse the arguments, make the recording and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--kernel", action="store_true", help="also build and step inside a real IPython kernel")
    args = ap.parse_args()
    rec = make_recording()
    replay = Replay(rec)
    print(f"recording: {PRESET}, {PLAYERS} players, seed {SEED}: {len(replay)} moves, {len(replay) + 1} frames")

    gc.collect()
    c, w, _ = timed(lambda: replayer_frames(replay, width=52))
    print(f"build: replayer_frames CPU {_ms(c)}, wall {_ms(w)}")
    c, w, built = timed(lambda: ReplayerWidget(replay))
    assert isinstance(built, ReplayerWidget)
    widget = built
    print(f"build: ReplayerWidget(replay) CPU {_ms(c)}, wall {_ms(w)} (the first frame only)")
    print(f"  board {len(widget.board.value) / 1e3:.1f} KB; header {len(widget.header.value) / 1e3:.0f} KB")
    state = dependency_state([widget], drop_defaults=True)
    print(f"  widget state: {len(state)} models, {len(json.dumps(state)) / 1e6:.2f} MB as JSON")
    with tempfile.TemporaryDirectory() as tmp:
        page = export_html(replay, Path(tmp) / "page.html")
        print(f"  exported page: {page.stat().st_size / 1e6:.2f} MB")

    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    again = ReplayerWidget(replay)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"memory: the widget holds {(held - base) / 2**20:.1f} MiB; peak while building {(peak - base) / 2**20:.1f} MiB"
    )
    del again

    print("per frame update, kernel side (the board's value set; each frame made once, then kept):")
    cpu, wall = per_frame(replay, lambda k: setattr(widget.slider, "value", k))
    print(line("(a) set the slider, first pass forward, then back", cpu, wall))

    print("for comparison, the update-values design (recompute and set ~12 HTML widgets per frame):")
    cpu, wall, sent = alternative(replay)
    print(line("recompute + set", cpu, wall) + f"; {sent / 1e3:.0f} KB of values per frame")

    if args.kernel:
        k = in_kernel(rec)
        print(
            f"in a real kernel: build {k['build'] * 1e3:8.1f} ms; set the slider: mean {k['mean'] * 1e3:.3f} ms, "
            f"max {k['max'] * 1e3:.3f} ms"
        )


if __name__ == "__main__":
    main()
