"""The course's static site: how soon a lesson opened from its link answers a click.

Builds the site twice (downloads cached: ``durak_nb.site.build.DEFAULT_CACHE``): as it was
before (``quick=False``, ``python -m durak_nb.site --no-quick``: every package preloaded,
every module compiled in the browser) and as it is now (the quick start, docs/site.md).
Each is served on a loopback port and opened in headless Chromium with a cold cache and
every other address refused (Chromium's own host rules, so that no request waits for a
route handler): the landing page, then the lesson's link; Run All as soon as the lesson's
text shows, as a learner would; then a click on the practice bout's Take, until the bout
answers.  Printed side by side, with the target (10 s) and the size limit:

* the seconds until the text shows, the kernel starts the first cell, the practice bout
  shows and answers the click;
* what the load spends them on: Pyodide itself (its WebAssembly and standard library
  fetched), the wheels (each one's size and when it had arrived: the worker reads a wheel
  only when it is free, so a late arrival is a busy worker), the kernel's start, the kit's
  import measured again inside the page, and the requests Python made to JupyterLite's
  drive.

    PYTHONPATH=. python benchmarks/bench_site.py [--lesson 02_a_bout.ipynb] [--only after]
    PYTHONPATH=. python benchmarks/bench_site.py --site old=DIR --site new=DIR --rounds 3

With ``--site`` it measures sites built before, ``--rounds`` times each, alternately (a
loaded machine: paired runs), and prints each round's figure and the median run's breakdown.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

#: the time a lesson may take to answer a click (issue 22)
TARGET = 10.0

#: the kit's imports of a lesson's first cell, timed again inside the page
KIT_IMPORT = """
import sys, time
for name in [m for m in sys.modules if m == "durak_nb" or m.startswith("durak_nb.")]:
    del sys.modules[name]
t = time.perf_counter()
from durak_nb import set_language
import durak_nb.views
from durak_nb import lessons
from durak_nb.views import course_show, ReplayerWidget
from durak_nb.views.practice import PracticeBout
from durak_nb.views.drills import DrillWidget
print("KIT-IMPORT %.3f" % (time.perf_counter() - t))
"""


@contextmanager
def browser() -> Iterator[Any]:
    """Debian's Chromium, a fresh profile (cold cache), every host but the loopback refused."""
    from browserkit import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    rules = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=[*CHROMIUM_ARGS, rules],
            viewport={"width": 1366, "height": 768},
        )
        try:
            yield ctx
        finally:
            ctx.close()


def measure(site: Path, lesson: str) -> dict[str, Any]:
    """Open ``lesson`` from the landing page of ``site`` in JupyterLab and time it (see the module)."""
    out: dict[str, Any] = {}
    from browserkit import click_run_all, serve_folder

    with serve_folder(site) as base, browser() as ctx:
        page = ctx.new_page()
        logs: list[tuple[float, str]] = []
        t0 = [time.monotonic()]
        page.on("console", lambda m: logs.append((time.monotonic() - t0[0], m.text)))
        page.goto(f"{base}/")
        # the edition's own JupyterLab (lab/, lab-ru/, lab-uk/: the landing page's first link of the row)
        link = page.locator(f'a[href$="/index.html?path={lesson}"]').first
        t0[0] = time.monotonic()
        clicked = time.time()  # Chromium's performance.timeOrigin is on the same clock (ms)
        link.click()
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120000)
        out["text"] = time.monotonic() - t0[0]
        click_run_all(page, lesson.split("/")[0] if "/" in lesson else "en")
        take = page.locator(".dnb-practice button:visible", has_text=re.compile("^(Take|Взять|Взяти)$"))
        take.first.wait_for(timeout=300000)
        out["bout shown"] = time.monotonic() - t0[0]
        # the bout's answer: Boris takes (R14), said in every language with the rule's id
        before = take.first.evaluate(
            "b => { window.__dnbBox = b.closest('.dnb-practice'); return window.__dnbBox.textContent; }"
        )
        take.first.click()
        page.wait_for_function(
            "before => window.__dnbBox.textContent !== before && window.__dnbBox.textContent.includes('(R14)')",
            arg=before,
            timeout=120000,
            polling=50,
        )
        out["bout answered"] = time.monotonic() - t0[0]
        ready = [t for t, text in logs if "already loaded from default channel" in text]
        out["kernel ready"] = ready[0] if ready else None
        worker = next(w for w in page.workers if "worker" in w.url)
        origin, entries = worker.evaluate(
            "[performance.timeOrigin, performance.getEntriesByType('resource')"
            ".map(e => [e.name.split('?')[0].split('/').pop(), e.startTime, e.responseEnd])]"
        )
        shift = origin / 1000 - clicked
        sizes = {p.name: p.stat().st_size for p in (site / "static" / "pyodide").iterdir()}
        out["wheels"] = {n: (sizes.get(n, 0), end / 1000 + shift) for n, _s, end in entries if n.endswith(".whl")}
        out["core"] = max(
            (end / 1000 + shift for n, _s, end in entries if n in sizes and not n.endswith(".whl")), default=0
        )
        out["drive requests"] = sum(1 for n, _s, _e in entries if n == "drive")
        # the kit's import once more, in a new cell at the end
        page.locator(".jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(KIT_IMPORT)
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea-output')]"
            ".some(e => e.textContent.includes('KIT-IMPORT'))",
            timeout=120000,
        )
        text = page.locator(".jp-OutputArea-output", has_text="KIT-IMPORT").last.inner_text()
        out["kit import"] = float(text.split("KIT-IMPORT")[1].split()[0])
    return out


def _fmt(v: Any) -> str:
    return "—" if v is None else f"{v:.1f}"


def main(argv: list[str] | None = None) -> None:
    from durak_nb.site.build import SIZE_LIMIT, build_site

    ap = argparse.ArgumentParser()
    ap.add_argument("--lesson", default="02_a_bout.ipynb", help="the lesson's path in the site (ru/02_a_bout.ipynb)")
    ap.add_argument("--only", choices=["before", "after"], help="measure one build only")
    ap.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="measure sites built before (python -m durak_nb.site -o DIR) instead of building; repeat it",
    )
    ap.add_argument("--rounds", type=int, default=1, help="measure each site this many times, alternately")
    args = ap.parse_args(argv)
    builds = [("before", False), ("after", True)]
    if args.only:
        builds = [b for b in builds if b[0] == args.only]
    got: dict[str, dict[str, Any]] = {}
    runs: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sites: list[tuple[str, Path, float, int]] = []
        if args.site:
            for item in args.site:
                name, _eq, folder = item.partition("=")
                site = Path(folder)
                config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
                options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
                preloaded = len(options["loadPyodideOptions"]["packages"])
                size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
                sites.append((name, site, size / 1e6, preloaded))
        for name, quick in [] if args.site else builds:
            t = time.perf_counter()
            report = build_site(Path(tmp) / name, quick=quick)
            print(f"{name}: built in {time.perf_counter() - t:.0f} s, {report.size / 1e6:.1f} MB", flush=True)
            if report.bytecode is not None:
                print(f"  bytecode not precompiled: {report.bytecode}")
            sites.append((name, report.output, report.size / 1e6, len(report.preloaded)))
        for round_ in range(args.rounds):
            for name, site, size, preloaded in sites:
                one = measure(site, args.lesson)
                one["size"], one["preloaded"] = size, preloaded
                runs.setdefault(name, []).append(one)
                print(f"round {round_ + 1}, {name}: answered at {one['bout answered']:.1f} s", flush=True)
    for name, measured in runs.items():
        # the median run (by the answered click) stands for the site; every run's figure is printed above
        measured.sort(key=lambda g: g["bout answered"])
        got[name] = measured[len(measured) // 2]
    with open("/proc/loadavg", encoding="ascii") as fp:
        load = fp.read().split()[0]
    names = list(got)
    print(f"\n{args.lesson}, opened from the landing page's link, cold cache (load average {load}):")
    print(f"{'':58s}" + "".join(f"{n:>10s}" for n in names))
    rows = [
        ("site size, MB (limit %.0f)" % (SIZE_LIMIT / 1e6), "size"),
        ("packages loaded when the kernel starts", "preloaded"),
        ("lesson's text shown, s", "text"),
        ("Pyodide itself fetched (WebAssembly, stdlib), s", "core"),
        ("kernel ready: the first cell starts, s", "kernel ready"),
        ("practice bout shown, s", "bout shown"),
        (f"practice bout answered a click, s (target {TARGET:.0f})", "bout answered"),
        ("the kit's import, timed again in the page, s", "kit import"),
    ]
    for label, key in rows:
        print(f"{label:58s}" + "".join(f"{_fmt(got[n].get(key)):>10s}" for n in names))
    print(f"{'requests to the drive while loading':58s}" + "".join(f"{got[n]['drive requests']:>10d}" for n in names))
    for n in names:
        g = got[n]
        # the wheels the kernel waits for (the grammar's, on demand, come while the cells run)
        late = ("pymorphy3", "dawg2")
        last = max((end for w, (_s, end) in g["wheels"].items() if not w.startswith(late)), default=0.0)
        kernel = g["kernel ready"]
        print(f"\n{n}: the load, in seconds after the click")
        print(f"  Pyodide's core fetched by {g['core']:.1f}; the preloaded wheels arrived by {last:.1f}")
        if kernel is not None:
            print(f"  unpacking the wheels and starting the kernel (IPython): {kernel - last:.1f}")
            print(
                "  the cells up to the practice bout (the kit's import first), and its render: "
                f"{g['bout shown'] - kernel:.1f}"
            )
        print(f"  the click answered: {g['bout answered'] - g['bout shown']:.1f}")
        for wheel, (size, end) in sorted(g["wheels"].items(), key=lambda kv: -kv[1][0]):
            print(f"    {wheel[:60]:60s} {size / 1e6:6.2f} MB  by {end:5.1f}")


if __name__ == "__main__":
    main()
