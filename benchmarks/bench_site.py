"""The course's static site: its size and the first lesson's load time (issue 12 §1).

Builds the site (downloads cached: ``durak_nb.site.build.DEFAULT_CACHE``), serves it on a
loopback port and opens lesson 2 in headless Chromium with every other request refused;
prints the site's size, the seconds until the browser's Python (Pyodide) is idle, and the
seconds until the lesson has run top to bottom.

    PYTHONPATH=. python benchmarks/bench_site.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from browserkit import chromium
    from test_site import served

    from durak_nb.site.build import SIZE_LIMIT, build_site

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        report = build_site(Path(tmp) / "site")
        print(f"build: {time.perf_counter() - t0:.1f} s (downloads cached)")
        print(
            f"site size: {report.size / 1e6:.1f} MB (limit {SIZE_LIMIT / 1e6:.0f} MB, durak_nb.site.build.SIZE_LIMIT)"
        )
        pyodide = sum(p.stat().st_size for p in (report.output / "static" / "pyodide").rglob("*") if p.is_file())
        print(f"  of which static/pyodide (interpreter, stdlib, wheels): {pyodide / 1e6:.1f} MB")
        gen = served.__wrapped__(report.output)  # type: ignore[attr-defined]
        base = next(gen)
        with chromium() as ctx:
            ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            page = ctx.new_page()
            start = time.monotonic()
            page.goto(f"{base}/lab/index.html?path=02_a_bout.ipynb")
            page.wait_for_function(
                "() => [...document.querySelectorAll('.jp-StatusBar-Widget')]"
                ".some(e => /Pyodide\\) \\| Idle/.test(e.textContent))",
                timeout=180000,
            )
            ready = time.monotonic() - start
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            page.wait_for_selector(".jp-OutputArea-output", timeout=180000)
            status = page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide)").first
            while "Idle" not in status.inner_text():
                page.wait_for_timeout(200)
            ran = time.monotonic() - start
        print(f"lesson 2: status 'Idle' {ready:.1f} s after opening (the worker may still be loading)")
        print(f"lesson 2: first-lesson load, opened and run top to bottom: {ran:.1f} s")
        next(gen, None)


if __name__ == "__main__":
    main()
