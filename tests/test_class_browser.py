"""The class, end to end (issue 24, "Done when"): a real ``durak-nb class serve`` on a free
loopback port with a temporary SQLite store; the teacher's board (/teacher) in Chromium
makes a class and opens a 3-seat table; three students join: two from the server's plain
page, one from the class notebook of the JupyterLite site (built here, ~1 min; the
browser's Python speaks to the server through the browser's WebSocket); they play the
game to its end by clicking legal moves; the board shows every move as it comes (the
replayer's table view of the table, every hand open, and its count change); then
``durak-nb class export`` writes the game and ``durak-nb validate`` accepts it.
Screenshots of the board and a student's page at 1366×768 and 1024×768 in English,
Russian and Ukrainian, none with text cut off or a page wider than the window.  The plumbing is tests/browserkit.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARTIFACTS, POLL, chromium, course_site, free_port, require_browser, serve_folder, stop_server
from test_class_pages_browser import CUT_JS, FRESH_TAB, WIDE_JS

pytestmark = pytest.mark.browser

DURAK_NB = Path(sys.executable).parent / "durak-nb"
KEY = "k-" + "7" * 30
#: whether a student's screen shows the frame of ``n`` moves or a later one (the page's
#: body, the widget's last line carry the count: ``data-seq``)
SEQ_JS = """([n, lite]) => {
  const e = lite ? document.querySelector('.dnb-class [data-seq]') : document.body;
  return e && e.dataset.seq !== undefined && +e.dataset.seq >= n }"""
#: the students: two on the server's page, the last in the site's notebook
NAMES = ("Аня", "Борис", "Вика")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``durak-nb class serve`` on a free port; yields (base URL, store URL)."""
    top = tmp_path_factory.mktemp("class")
    db = f"sqlite:///{top / 'class.sqlite'}"
    port = free_port()
    log = (top / "serve.log").open("w")
    command = [str(DURAK_NB), "class", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", db, "--teacher-key", KEY]
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=top)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"durak-nb class serve stopped ({proc.returncode}): {(top / 'serve.log').read_text()[-2000:]}"
                )
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                    assert json.load(r) == {"ok": True}
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"the class server did not answer in 60 s: {(top / 'serve.log').read_text()[-2000:]}")
                time.sleep(0.25)
        yield base, db
    finally:
        stop_server(proc, port)
        log.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The course's JupyterLite site (:func:`browserkit.course_site`), served on a free port."""
    out = course_site(tmp_path_factory)
    assert (out / "files" / "class.ipynb").is_file()
    with serve_folder(out) as base:
        yield base


def lite_student(page: Any, site: str, server: str, code: str, name: str) -> Any:
    """Open the site's class notebook, run it, and join with the widget's fields; returns
    the widget's element."""
    page.goto(f"{site}/lab/index.html?path=class.ipynb")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-Widget')]"
        ".some(e => /Pyodide\\) \\| Idle/.test(e.textContent))",
        timeout=240000,
    )
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    page.wait_for_selector(".dnb-class input", timeout=240000)
    widget = page.locator(".dnb-class").first
    fields = widget.locator("input[type=text]")
    fields.nth(0).fill(server)
    fields.nth(1).fill(code)
    fields.nth(2).fill(name)
    widget.locator("button", has_text="Join the class").click()
    page.wait_for_function(
        "n => document.querySelector('.dnb-class').textContent.includes('You are in the class')",
        arg=name,
        timeout=60000,
    )
    return widget


def move_buttons(page: Any, lite: bool) -> Any:
    return page.locator(".dnb-class-moves button:visible" if lite else "#moves button")


def board_state(board: Any) -> tuple[int, str, str]:
    """The board's table: (its count of moves, its heading, the text of its table view)."""
    box = board.locator(".dnb-board-table").first
    if not box.count():
        return -1, "", ""
    view = box.locator(".dnb-board")
    text = view.inner_text() if view.count() else ""
    return int(box.get_attribute("data-seq") or 0), box.locator(".dnb-table-head").inner_text(), text


def test_a_class_plays_a_three_player_game_and_the_board_shows_it_live(
    server: tuple[str, str], site: str, tmp_path: Path
) -> None:
    require_browser()
    base, db = server
    with chromium() as ctx:
        board = ctx.new_page()
        board.set_viewport_size({"width": 1366, "height": 768})
        board.goto(f"{base}/teacher?lang=ru&key={KEY}")
        board.fill("#title", "7Б, среда")
        board.fill("#teacher", "Мария Ивановна")
        board.click("#make button[type=submit]")
        board.wait_for_selector("#code:not([hidden])", timeout=20000)
        code = board.inner_text("#code").rsplit(" ", 1)[-1]
        assert len(code) == 6 and board.inner_text("#code") == f"Код класса: {code}"

        pages = []
        for name in NAMES[:2]:
            page = ctx.new_page()
            page.add_init_script(FRESH_TAB)
            page.goto(f"{base}/?lang=ru")
            page.fill("#code", code.lower())
            page.fill("#name", name)
            page.click("#join-button")
            page.wait_for_function("() => document.getElementById('join').hidden", timeout=20000)
            assert page.inner_text("#status") == f"Вы в классе «7Б, среда» под именем {name}."
            pages.append((page, False))
        lite_page = ctx.new_page()
        lite_student(lite_page, site, base, code, NAMES[2])
        pages.append((lite_page, True))

        board.wait_for_function("() => document.querySelectorAll('#students tr').length === 4", timeout=30000)
        assert [r.split("\t")[:2] for r in board.locator("#students tr").all_inner_texts()[1:]] == [
            [n, "да"] for n in NAMES
        ]
        board.fill("#seats", ", ".join(NAMES))
        board.click("#open button[type=submit]")
        board.wait_for_selector(".dnb-board-table .dnb-board[data-view='0']", timeout=30000)

        seq, head, picture = board_state(board)
        assert seq == 0 and head.endswith("· 0 ходов")
        frames = [(seq, head, picture)]
        lite_moves = 0
        while True:
            # the server's pages show the board's frame before the next click; the site's
            # notebook (slower: the browser's Python) is waited for when neither can move
            for page, lite in pages[:2]:
                page.wait_for_function(SEQ_JS, arg=[seq, lite], timeout=60000, polling=POLL)
            actor = next(((p, lite) for p, lite in pages[:2] if move_buttons(p, lite).count()), None)
            if actor is None:
                lite_page.wait_for_function(SEQ_JS, arg=[seq, True], timeout=60000, polling=POLL)
                if move_buttons(lite_page, True).count():
                    actor = (lite_page, True)
                    lite_moves += 1
            if actor is None:
                break
            page, lite = actor
            words = move_buttons(page, lite).first.inner_text()
            assert words and "{" not in words
            page.bring_to_front()  # as a student clicks: on the page in front (the others' keep running)
            move_buttons(page, lite).first.click()
            board.wait_for_function(
                "n => +document.querySelector('.dnb-board-table').getAttribute('data-seq') > n",
                arg=seq,
                timeout=30000,
                polling=POLL,
            )
            board.wait_for_function(  # the table view of that move is drawn
                "() => { const b = document.querySelector('.dnb-board-table');"
                " return b.querySelector('.dnb-picture').dataset.seq === b.dataset.seq }",
                timeout=30000,
                polling=POLL,
            )
            seq, head, picture = board_state(board)
            assert seq == frames[-1][0] + 1, "the board skipped a move"
            assert picture != frames[-1][2] and head != frames[-1][1]
            frames.append((seq, head, picture))
            assert len(frames) < 500
        assert lite_moves > 0  # the site's student played too
        assert board.locator(".dnb-board-table").get_attribute("data-over") == "yes"
        over = board.inner_text(".dnb-table-last")
        assert "Игра окончена" in over
        for page, lite in pages:
            text = page.inner_text(".dnb-class" if lite else "#last")
            assert ("Game over" if lite else "Игра окончена") in text
        shots(board, next(p for p, lite in pages if not lite))

    out = tmp_path / "export"
    done = subprocess.run(
        [str(DURAK_NB), "class", "export", code, "-o", str(out), "--db", db],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    games = sorted((out / "games").glob("*.json"))
    assert len(games) == 1
    recording = json.loads(games[0].read_text(encoding="utf-8"))
    assert recording["players"] == list(NAMES) and len(recording["moves"]) == frames[-1][0]
    valid = subprocess.run(
        [str(DURAK_NB), "validate", str(games[0])], capture_output=True, text=True, timeout=120, check=False
    )
    assert valid.returncode == 0, valid.stdout + valid.stderr


def shots(board: Any, student: Any) -> None:
    """Screenshots at 1366×768 and 1024×768 in English, Russian and Ukrainian (each page
    reloaded in the language: the tab's token brings it back); asserts nothing is cut off."""
    ARTIFACTS.mkdir(exist_ok=True)
    problems = []
    for lang in ("en", "ru", "uk"):
        for name, page, ready in (
            ("board", board, ".dnb-board-table .dnb-board"),
            ("student", student, "#picture img.dnb-svg"),
        ):
            url = page.url.split("?")[0] + f"?lang={lang}"
            page.goto(url)
            page.wait_for_selector(ready, timeout=30000)
            for width in (1366, 1024):
                page.set_viewport_size({"width": width, "height": 768})
                page.wait_for_timeout(300)
                cut = page.evaluate(CUT_JS)
                if cut or page.evaluate(WIDE_JS):
                    problems.append((name, lang, width, cut))
                page.screenshot(path=str(ARTIFACTS / f"class-live-{name}-{lang}-{width}.png"))
    assert problems == []
