"""What one student's kernel uses on a class server (issue 12 §3): a Python kernel runs
lessons 1–9 of the course one after another, as a student taking them in a row would
(each lesson's code cells in order, in the same kernel), and this prints, per lesson and
in all, the kernel's memory (resident set, MiB: after the lesson and the peak, sampled
every 50 ms) and its CPU time (user + system, s), beside the limits a JupyterHub gives a
user by default in ``docs/classroom.md`` (1 GiB memory, 1 CPU).

Run: ``python benchmarks/bench_kernel.py [--edition en|ru|uk]``.  Widgets are made in the
kernel as in JupyterLab (the front end's share, the browser's, is not counted here).
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from pathlib import Path

import psutil
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parent.parent
#: the per-user limits docs/classroom.md recommends, which the figures are measured against
LIMIT_MIB = 1024
LIMIT_CPUS = 1.0


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


class Sampler(threading.Thread):
    """The peak resident set of a process (and its children), sampled every 50 ms."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.proc = psutil.Process(pid)
        self.peak = 0
        self.stop = threading.Event()

    def rss(self) -> int:
        procs = [self.proc, *self.proc.children(recursive=True)]
        return sum(p.memory_info().rss for p in procs if p.is_running())

    def run(self) -> None:
        while not self.stop.is_set():
            self.peak = max(self.peak, self.rss())
            time.sleep(0.05)


def cpu_seconds(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return float(t.user + t.system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edition", default="en", choices=["en", "ru", "uk"])
    args = parser.parse_args()
    folder = ROOT / "notebooks" if args.edition == "en" else ROOT / "notebooks" / args.edition
    lessons = sorted(folder.glob("0[1-9]_*.ipynb"))
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(folder))
    try:
        pid = km.provisioner.process.pid  # type: ignore[union-attr]
        sampler = Sampler(pid)
        sampler.start()
        start_rss = sampler.rss()
        start_cpu = cpu_seconds(sampler.proc)
        print(f"edition {args.edition}: {len(lessons)} lessons, kernel pid {pid}")
        print(f"kernel started: {start_rss / 2**20:.0f} MiB, {start_cpu:.2f} s CPU")
        print(f"{'lesson':<32} {'wall s':>7} {'CPU s':>7} {'RSS MiB':>8} {'peak MiB':>9}")
        total_wall = 0.0
        for path in lessons:
            before_cpu, t0 = cpu_seconds(sampler.proc), time.perf_counter()
            for source in code_cells(path):
                reply = kc.execute_interactive(source, timeout=300, output_hook=lambda msg: None)
                if reply["content"]["status"] != "ok":
                    raise SystemExit(f"{path.name}: {reply['content'].get('ename')}: {reply['content'].get('evalue')}")
            wall = time.perf_counter() - t0
            total_wall += wall
            cpu = cpu_seconds(sampler.proc) - before_cpu
            print(f"{path.name:<32} {wall:7.1f} {cpu:7.1f} {sampler.rss() / 2**20:8.0f} {sampler.peak / 2**20:9.0f}")
        sampler.stop.set()
        cpu_all = cpu_seconds(sampler.proc) - start_cpu
        print(
            f"lessons 1-9 in one kernel: {total_wall:.0f} s wall, {cpu_all:.0f} s CPU "
            f"({cpu_all / total_wall:.2f} CPUs while running, limit {LIMIT_CPUS:.0f}); "
            f"memory peak {sampler.peak / 2**20:.0f} MiB (limit {LIMIT_MIB} MiB, "
            f"{100 * sampler.peak / 2**20 / LIMIT_MIB:.0f} % of it)"
        )
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
