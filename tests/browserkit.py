"""Plumbing shared by the browser tests (tests/test_browser*.py, tests/test_lessons.py):
Debian's Chromium driven by Playwright, and JupyterLab serving a temporary folder.

Recipe: ../shared/howto/browser-and-graphviz.md — ``/usr/bin/chromium`` through
Playwright's ``executable_path`` (never ``playwright install``), a persistent context
(Playwright refuses ``--user-data-dir``), JupyterLab on a free loopback port with
``--allow-root`` when run as root, no token, the announcements pop-up disabled.

JupyterLab gets its own config, runtime and settings folders inside the served folder,
with autosave off, so that nothing it saves can touch the repository; it is stopped by
its own PID, and the port must be free again afterwards.

Without Chromium or Playwright, :func:`require_browser` skips the test, except with
``CI=true``, where it fails with the reason.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import signal
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # a page not in front (a class test's several students) runs as one in front: its
    # timers (the browser's Python's event loop) and frames are not slowed to once a second
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
#: how often (ms) a test's wait polls a page where several are open: by a timer, not by the
#: page's frames (a page not in front draws none, so a frame-polled wait stalls)
POLL = 100
JUPYTER = Path(sys.executable).parent / "jupyter"
#: the words of the visible elements of a locator (a card button's words are its description)
VISIBLE_WORDS_JS = """els => els.filter(e => e.offsetParent !== null).map(e => e.textContent.trim())"""
#: the start of the picture under a card button (its CSS background)
PICTURE_JS = """e => getComputedStyle(e).backgroundImage.slice(0, 31)"""
ARTIFACTS = ROOT / "artifacts"
#: every text a person reads that does not fit (issue 22), in the page and its same-origin
#: frames, as [kind, where (the box's tag and classes), the text]: an HTML text node
#: outside its nearest clipping box (overflow hidden or clip), a box that scrolls sideways
#: (overflow auto) around text, a text cut to an ellipsis, an SVG <text> outside its
#: <svg> (or outside its picture's HTML box), a page or frame wider than its window, a
#: JupyterLab notebook wider than its column.  The argument: a CSS selector of the parts
#: to look at (``".jp-Notebook"``), or null for the whole page.
CLIPPED_JS = r"""
(root) => {
  // every text a person reads that does not fit its box: [kind, where, text]
  const out = [];
  const docs = [document];
  for (const f of document.querySelectorAll('iframe')) {
    try { if (f.contentDocument && f.contentDocument.body) docs.push(f.contentDocument); } catch (e) {}
  }
  const T = 1.5; // px of tolerance (anti-aliasing, sub-pixel layout)
  const name = e => {
    const c = (e.getAttribute && e.getAttribute('class')) || '';
    return e.tagName.toLowerCase() + (c ? '.' + String(c).trim().split(/\s+/).join('.') : '');
  };
  for (const doc of docs) {
    const win = doc.defaultView;
    const scope = root && doc === document ? Array.from(doc.querySelectorAll(root)) : [doc.body];
    const offset = doc === document ? {x: 0, y: 0} : (() => {
      const fr = Array.from(document.querySelectorAll('iframe')).find(f => f.contentDocument === doc);
      const r = fr.getBoundingClientRect(); return {x: r.left, y: r.top};
    })();
    // the page no wider than the window
    if (doc === document && doc.scrollingElement.scrollWidth > win.innerWidth + 1) {
      out.push(['page wider than the window', 'html', `${doc.scrollingElement.scrollWidth} > ${win.innerWidth}`]);
    }
    if (doc !== document && doc.scrollingElement && doc.scrollingElement.scrollWidth > win.innerWidth + 1) {
      out.push(['frame wider than its frame', 'iframe html', `${doc.scrollingElement.scrollWidth} > ${win.innerWidth}`]);
    }
    // JupyterLab's notebook column: no sideways scrolling
    for (const panel of doc.querySelectorAll('.jp-WindowedPanel-outer')) {
      if (panel.scrollWidth > panel.clientWidth + 1) {
        out.push(['notebook wider than its column', 'jp-WindowedPanel-outer', `${panel.scrollWidth} > ${panel.clientWidth}`]);
      }
    }
    for (const top of scope) {
      // HTML text: each text node against every clipping ancestor (overflow not visible)
      const walker = doc.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        if (!text) continue;
        const el = n.parentElement;
        if (!el || el.closest('svg, script, style, textarea, .CodeMirror, .cm-editor, .jp-InputArea, select, option, title, noscript')) continue;
        const range = doc.createRange(); range.selectNodeContents(n);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0 && r.height > 0);
        if (!rects.length) continue;
        const cs = win.getComputedStyle(el);
        if (cs.visibility === 'hidden') continue;
        for (let a = el; a && a !== doc.documentElement; a = a.parentElement) {
          const s = win.getComputedStyle(a);
          if (s.display === 'contents' || s.display === 'inline') continue; // an inline box clips nothing (CSS overflow)
          const hidden = v => v === 'hidden' || v === 'clip';
          const scrolls = v => v === 'auto' || v === 'scroll';
          const ox = s.overflowX, oy = s.overflowY;
          if (ox === 'visible' && oy === 'visible') continue;
          const b = a.getBoundingClientRect();
          if (b.width === 0 || b.height === 0) break; // not shown
          const left = b.left + a.clientLeft, topY = b.top + a.clientTop;
          const right = left + a.clientWidth, bottom = topY + a.clientHeight;
          for (const r of rects) {
            if (hidden(ox) && (r.left < left - T || r.right > right + T)) {
              out.push(['text cut at the side of its box', name(a), text.slice(0, 80)]); break;
            }
            if (hidden(oy) && (r.top < topY - T || r.bottom > bottom + T)) {
              out.push(['text cut at the top or bottom of its box', name(a), text.slice(0, 80)]); break;
            }
          }
          if (scrolls(ox) && a.scrollWidth > a.clientWidth + 1) {
            out.push(['box scrolls sideways', name(a), `${a.scrollWidth} > ${a.clientWidth}: ${text.slice(0, 60)}`]);
          }
          break; // the nearest clipping ancestor decides (the ones above hold it whole or scroll)
        }
        if (cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
          out.push(['text ends in an ellipsis', name(el), text.slice(0, 80)]);
        }
      }
      // a picture (an outer <svg>, an <img>) inside the box that holds it: a picture wider
      // than a box that scrolls is cut at the screen's edge until the reader scrolls it
      for (const pic of top.querySelectorAll('svg, img')) {
        if (pic.ownerSVGElement) continue;
        const r = pic.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        for (let a = pic.parentElement; a && a !== doc.documentElement; a = a.parentElement) {
          const s = win.getComputedStyle(a);
          if (s.overflowX === 'visible') continue;
          const b = a.getBoundingClientRect();
          if (b.width > 0 && r.right > b.left + a.clientLeft + a.clientWidth + T) {
            out.push(['picture wider than its box', name(a), `${Math.round(r.width)} px picture: ${(pic.getAttribute('aria-label') || pic.getAttribute('alt') || '').slice(0, 60)}`]);
          }
          break;
        }
      }
      // SVG text: inside its picture (the nearest <svg>'s box on the page)
      for (const t of top.querySelectorAll('svg text')) {
        const text = t.textContent.trim();
        if (!text) continue;
        const r = t.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const svg = t.ownerSVGElement;
        const b = svg.getBoundingClientRect();
        if (b.width === 0) continue;
        if (r.left < b.left - T || r.right > b.right + T || r.top < b.top - T || r.bottom > b.bottom + T) {
          out.push(['SVG text outside its picture', name(svg), `${text.slice(0, 80)} [${Math.round(r.left - b.left)}..${Math.round(r.right - b.left)} of ${Math.round(b.width)}]`]);
        }
        // and inside the visible part of the picture's own box (an outer svg clipped by its HTML parent)
        let outer = svg; while (outer.ownerSVGElement) outer = outer.ownerSVGElement;
        const p = outer.parentElement;
        if (p) {
          const ps = win.getComputedStyle(p);
          if (ps.overflowX !== 'visible') {
            const pb = p.getBoundingClientRect();
            const right = pb.left + p.clientLeft + p.clientWidth;
            if (r.right > right + T && !(ps.overflowX === 'auto' || ps.overflowX === 'scroll')) {
              out.push(['SVG text cut by its parent', name(p), text.slice(0, 80)]);
            }
          }
        }
      }
    }
  }
  // one entry per (kind, where, text)
  const seen = new Set();
  return out.filter(x => { const k = x.join('|'); if (seen.has(k)) return false; seen.add(k); return true; });
}
"""  # noqa: E501


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (Chromium or Playwright missing), or None."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: install Debian's chromium (bash scripts/setup.sh --browser)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: pip install -e '.[test]' (never `playwright install`)"
    return None


def require_browser() -> None:
    """Skip the calling test or fixture when :func:`browser_missing` gives a reason.

    Raises:
        pytest.fail.Exception: with ``CI=true`` instead of skipping.
        pytest.skip.Exception: otherwise, when Chromium or Playwright is missing.
    """
    reason = browser_missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run: {reason}", pytrace=False)
        pytest.skip(reason)


def prebuilt_site() -> Path | None:
    """The course's site ``DURAK_NB_SITE`` names, where it holds one (``scripts/test.sh``
    builds it once, beside the lint, for the tests that serve or read it; by hand:
    ``python -m durak_nb.site -o DIR``), else ``None``."""
    built = os.environ.get("DURAK_NB_SITE")
    if built and (Path(built) / "jupyter-lite.json").is_file():
        return Path(built)
    return None


def course_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course's JupyterLite site built from this checkout: :func:`prebuilt_site`, else
    built here (about a minute)."""
    built = prebuilt_site()
    if built is not None:
        return built
    pytest.importorskip("jupyterlite_core")
    from durak_nb.site.build import build_site

    out = tmp_path_factory.mktemp("site") / "site"
    build_site(out)
    return out


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    """A folder's files, as a static host serves a JupyterLite site (WebAssembly and
    JavaScript modules by their types), without a log line a request."""

    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
    }

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """``folder`` served on a free loopback port, in a thread; yields its base URL
    (``http://127.0.0.1:PORT``) and stops the server afterwards."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_QuietFiles, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def free_port() -> int:
    """A loopback port that is free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_open(port: int) -> bool:
    """Whether something answers on the loopback ``port``."""
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def stop_server(proc: subprocess.Popen[Any], port: int) -> None:
    """Stop a server started by a test: SIGTERM by its own PID, SIGKILL after 20 s; then
    its ``port`` must be free again within 20 s (AssertionError otherwise)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    deadline = time.monotonic() + 20
    while port_open(port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not port_open(port), f"port {port} still open after the server stopped"


def only_from(target: Any, *allowed: str) -> list[str]:
    """Let ``target`` (a Playwright page or context) fetch only URLs that start with one
    of ``allowed`` (e.g. the page's own ``file://`` URI, ``"data:"``, a loopback server's
    base URL); every other request is aborted and its URL noted.

    Returns the list the refused URLs are appended to (empty while nothing was refused),
    for the test to assert ``== []`` once the page has done its work.
    """
    refused: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(allowed):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    target.route("**/*", route)
    return refused


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium launched by Playwright with a persistent context in a temporary
    profile folder (1280×900); yields the context and closes it afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield ctx
        finally:
            ctx.close()


@contextmanager
def jupyter_lab(
    top: Path,
    notebooks: Iterable[Path],
    *,
    recordings: Path | None = None,
    app: str = "lab",
    locale: str | None = "default",
) -> Iterator[str]:
    """JupyterLab serving ``top`` (an empty temporary folder) on a free loopback port; yields its base URL.

    Args:
        top: the folder served; the notebooks are copied into ``top/notebooks``, and the
            server's config, runtime and settings folders (autosave off, announcements
            disabled) and its log ``lab.log`` are made in it.
        notebooks: the notebook files to copy.
        recordings: if given, linked as ``top/recordings`` (the notebooks read ``../recordings``).
        app: ``"lab"`` (JupyterLab), or ``"notebook"`` (Notebook 7, the same settings).
        locale: JupyterLab's own language, a user setting (``"default"``: English, whatever
            ``scripts/lab.sh`` chose for the user); None: none, so the environment's
            settings (``scripts/lab_settings.py``'s) decide.

    Raises:
        pytest.fail.Exception: when the server stops or does not answer in 60 s (with the
            end of its log).
        AssertionError: when the port is still open 20 s after the server was stopped.
    """
    (top / "notebooks").mkdir()
    for path in notebooks:
        shutil.copy(path, top / "notebooks" / path.name)
    if recordings is not None:
        (top / "recordings").symlink_to(recordings, target_is_directory=True)
    config, runtime = top / "config", top / "runtime"
    settings = config / "lab" / "user-settings" / "@jupyterlab" / "docmanager-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    # JupyterLab's own menus in English whatever scripts/lab.sh chose for the user (the
    # tests click "Run All Cells"); user settings win over the environment's overrides
    if locale is not None:
        lab_words = config / "lab" / "user-settings" / "@jupyterlab" / "translation-extension"
        lab_words.mkdir(parents=True)
        (lab_words / "plugin.jupyterlab-settings").write_text(json.dumps({"locale": locale}))
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTERLAB_SETTINGS_DIR": str(config / "lab" / "user-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(config / "lab" / "workspaces"),
    }
    # the news pop-up covers screenshots: what `jupyter labextension disable --level=user
    # @jupyterlab/apputils-extension:announcements` writes, written here (the command takes ~7 s)
    (config / "labconfig").mkdir()
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    port = free_port()
    log = (top / "lab.log").open("w")
    command = [str(JUPYTER), app, "--no-browser", "--ip", "127.0.0.1", "--port", str(port)]
    command += ["--ServerApp.token=", "--ServerApp.password=", "--ServerApp.port_retries=0"]
    command += [f"--ServerApp.root_dir={top}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=top)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyter lab stopped (exit {proc.returncode}): {(top / 'lab.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(base + "/api/status", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"jupyter lab did not answer in 60 s: {(top / 'lab.log').read_text()[-2000:]}")
                time.sleep(0.25)
        yield base
    finally:
        stop_server(proc, port)
        log.close()


def kernel_idle(base: str) -> None:
    """Until the server's sessions all have a kernel that is idle (started and answering).

    Raises:
        pytest.fail.Exception: when that does not happen in 60 s.
    """
    sessions: list[Any] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urllib.request.urlopen(base + "/api/sessions", timeout=5) as r:
            sessions = json.load(r)
        if sessions and all(s["kernel"]["execution_state"] == "idle" for s in sessions):
            return
        time.sleep(0.3)
    pytest.fail(f"the notebook's kernel did not become idle in 60 s: {sessions}")


def one_cell_notebook(path: Path, source: str) -> Path:
    """Write a notebook of one code cell ``source``, without outputs, to ``path``; returns ``path``."""
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def open_notebook(page: Any, base: str, path: str) -> None:
    """Open ``path`` (relative to the served folder) in JupyterLab with a fresh workspace,
    accept the "Select Kernel" dialog if it comes (the notebook's own kernel), and wait
    until the page shows the kernel idle and the server reports it idle (:func:`kernel_idle`)."""
    page.goto(f"{base}/lab/tree/{path}?reset")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator", timeout=60000)
    page.wait_for_timeout(1000)
    dialog = page.locator(".jp-Dialog button.jp-mod-accept")
    if dialog.count():  # "Select Kernel": take the notebook's own (python3)
        dialog.first.click()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60000)
    kernel_idle(base)


#: JupyterLab's words in each edition's app, the language packs' (the site's ``lab-ru/``,
#: ``lab-uk/``, a JupyterLab set up by ``scripts/lab.sh`` in that language): the Run menu,
#: its Run All Cells, the kernel's idle state in the status bar
LAB_WORDS = {
    "en": ("Run", "Run All Cells", "Idle"),
    "ru": ("Выполнить", "Запустить все ячейки", "Простаивает"),
    "uk": ("Виконати", "Запустити всі клітинки", "Очікування"),
}


def click_run_all(page: Any, lang: str = "en") -> None:
    """Choose Run ▸ Run All Cells in JupyterLab's menus in ``lang`` (:data:`LAB_WORDS`): the
    item whose whole label it is («Запустити всі клітинки над вибраною» comes first in the
    uk menu, «Restart Kernel and Run All Cells…» holds the English words too)."""
    menu, run_all_cells, _idle = LAB_WORDS[lang]
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    whole = re.compile(f"^{re.escape(run_all_cells)}$")
    page.locator(".lm-Menu-itemLabel").filter(has_text=whole).first.click()


def run_all(page: Any, ready: str) -> None:
    """Run > Run All Cells, until the selector ``ready`` shows.  A click that comes while
    the page is still connecting to the kernel can be lost (the cells stay unexecuted,
    ``[ ]``): then it is given again, up to three times.  While cells still run (``[*]``)
    it waits 60 s more instead.

    Raises:
        AssertionError: when ``ready`` did not show after three tries.
    """
    for _attempt in range(3):
        click_run_all(page)
        try:
            page.wait_for_selector(ready, timeout=30000)
            return
        except Exception:
            if page.locator(".jp-InputPrompt", has_text="[*]").count():  # still running: wait longer
                page.wait_for_selector(ready, timeout=60000)
                return
    raise AssertionError(f"Run All Cells did not show {ready!r} after three tries")


def run_notebook(page: Any, base: str, path: str, ready: str) -> str:
    """Open ``path`` (:func:`open_notebook`), Run All (:func:`run_all`, until ``ready``
    shows) and wait until the kernel is idle again; returns the notebook's text as shown."""
    open_notebook(page, base, path)
    run_all(page, ready)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90000)
    return str(page.inner_text(".jp-Notebook"))


def shot(page: Any, name: str, selector: str | None = None) -> Path:
    """Screenshot of the whole page, or of the first element matching ``selector``, to
    ``artifacts/name`` (git-ignored); returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    if selector is None:
        page.screenshot(path=str(path), full_page=True)
    else:
        page.locator(selector).first.screenshot(path=str(path))
    return path
