"""The replayer of a 300-move 4-player game in JupyterLab, and its exported page: time to
show and size, beside the limits (1 s; 1.5 MB).

The game is the one of ``benchmarks/bench_widget_frames.py`` (``durak-nb play --preset
podkidnoy --players 4 --seed 100``: 300 moves).  The script starts JupyterLab (the
plumbing of tests/browserkit.py: Debian's Chromium through Playwright, a temporary
folder with its own settings) at 1366×768, opens a notebook whose one cell builds the
game's replay and then the replayer, and times, ``--runs`` times, from the click on
"run this cell" to the replayer's first seat of cards drawn on the page (the cell
makes the replay first and prints when it is ready, so the time of the replayer alone
is the difference: both are printed).  It also counts the widget models the page's
widget manager holds after each run, and writes the game's exported page
(:func:`durak_nb.views.export.export_html`) and prints its size.

``--tree DIR`` measures another checkout (its ``durak_nb`` on the kernel's
``PYTHONPATH``), e.g. the main branch before a change; the figures of this run and the
tree's are printed one after the other.

Run: ``python benchmarks/bench_replayer_chromium.py [--runs 5] [--tree /work/main]``.
No test asserts these times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

LIMIT_S, LIMIT_MB = 1.0, 1.5
CELL_REPLAY = (
    "from durak_nb.replay import Replay\n"
    "from durak_nb.selfplay import record_bot_game\n"
    "from durak_nb.views import ReplayerWidget\n"
    "replay = Replay(record_bot_game('podkidnoy', 4, 100, {}))\n"
    "assert len(replay) == 300\n"
    "run = 0"
)
CELL_WIDGET = "run += 1\nw = ReplayerWidget(replay)\nw.add_class(f'dnb-run-{run}')\nw"
EXPORT = (
    "import sys; from durak_nb.selfplay import record_bot_game; from durak_nb.views.export import export_html\n"
    "p = export_html(record_bot_game('podkidnoy', 4, 100, {}), sys.argv[1]); print(p.stat().st_size)"
)


def notebook(path: Path) -> Path:
    cells = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
        for src in (CELL_REPLAY, CELL_WIDGET)
    ]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def page_size(tree: Path) -> int:
    """The exported page's size in bytes, made by ``tree``'s code."""
    with tempfile.TemporaryDirectory() as d:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        out = subprocess.run(
            [sys.executable, "-c", EXPORT, str(Path(d) / "game.html")],
            env=env,
            cwd=tree,
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            raise SystemExit(out.stderr)
        return int(out.stdout.strip())


def lab_times(tree: Path, runs: int) -> tuple[list[float], list[int]]:
    """Seconds from "run the cell" to the replayer's cards drawn, and the widget views
    on the page, for each run."""
    from browserkit import chromium, jupyter_lab, open_notebook

    os.environ["PYTHONPATH"] = str(tree)  # the kernel's durak_nb
    times: list[float] = []
    views: list[int] = []
    with tempfile.TemporaryDirectory() as tmp, chromium() as ctx:
        top = Path(tmp) / "lab"
        top.mkdir()
        with jupyter_lab(top, [notebook(Path(tmp) / "bench.ipynb")]) as base:
            page = ctx.new_page()
            page.set_viewport_size({"width": 1366, "height": 768})
            open_notebook(page, base, "notebooks/bench.ipynb")
            cells = page.locator(".jp-Notebook .jp-Cell")
            cells.nth(0).locator(".jp-InputArea-editor").click()
            page.keyboard.press("Control+Enter")
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120000)
            page.wait_for_timeout(1500)
            for run in range(1, runs + 1):
                cells.nth(1).locator(".jp-InputArea-editor").click()
                t0 = time.perf_counter()
                page.keyboard.press("Control+Enter")
                page.wait_for_selector(f".dnb-run-{run} .dnb-cards svg", state="visible", timeout=120000)
                times.append(time.perf_counter() - t0)
                page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120000)
                count = f"document.querySelectorAll('.dnb-run-{run} .jupyter-widgets').length"
                views.append(int(page.evaluate(count)))
                page.wait_for_timeout(1000)
            page.close()
    return times, views


def report(name: str, tree: Path, runs: int) -> None:
    size = page_size(tree)
    times, views = lab_times(tree, runs)
    print(f"{name} ({tree})")
    print(
        f"  JupyterLab, cell run -> replayer shown: median {statistics.median(times):.2f} s "
        f"(runs: {', '.join(f'{t:.2f}' for t in times)}); limit {LIMIT_S:.1f} s"
    )
    print(f"  widget views on the page: {views[-1]}")
    print(f"  exported page: {size / 1e6:.2f} MB ({size:,} bytes); limit {LIMIT_MB:.1f} MB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tree", type=Path, help="another checkout to measure as well (e.g. the main branch)")
    args = ap.parse_args()
    report("this tree", ROOT, args.runs)
    if args.tree is not None:
        report("other tree", args.tree.resolve(), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
