"""The class server's plain pages (durak_nb/classroom/static, pages.py) in Chromium against
the fake server (tests/classfake.py, which serves them as the server does): the teacher's
board makes a class and opens a table, two students' pages join and play a whole game
by clicking the legal moves, the board follows each move; a page reloaded comes back to
its seat with the token kept in localStorage; nothing typed becomes markup; screenshots
at 1366×768 and 1024×768 in English, Russian and Ukrainian with no text cut off.
"""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import ARTIFACTS, POLL, chromium, only_from, require_browser
from classfake import KEY, fake_server

pytestmark = pytest.mark.browser

#: every element whose text is wider than its box (cut off), as "tag.class: text"
CUT_JS = """() => [...document.querySelectorAll('button, label, h1, h2, h3, p, td, th, .dnb-code')]
  .filter(e => e.offsetParent !== null && (e.scrollWidth > e.clientWidth + 1))
  .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 60))"""
#: whether the seats' field shows its whole hint (the placeholder's width in the field's font)
HINT_FITS_JS = """() => { const i = document.getElementById('seats'), s = getComputedStyle(i);
  const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
  const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return c.measureText(i.placeholder).width <= room }"""
#: whether the page is wider than the window (a horizontal scroll bar)
WIDE_JS = "() => document.documentElement.scrollWidth > window.innerWidth + 1"


#: a fresh student's tab: the browser's last token (localStorage) forgotten, the tab's own
#: (sessionStorage) kept over reloads; several students share this one browser here
FRESH_TAB = "window.localStorage.removeItem('durak-nb-class-student')"


def student_page(ctx: Any) -> Any:
    page = ctx.new_page()
    page.add_init_script(FRESH_TAB)
    return page


def legal_buttons(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#moves button").all_inner_texts()]


def board_seq(board: Any) -> int:
    box = board.locator(".dnb-board-table").first
    return int(box.get_attribute("data-seq") or 0) if box.count() else -1


def test_a_game_on_the_pages_to_its_end() -> None:
    require_browser()
    with fake_server() as fake, chromium() as ctx:
        base = f"http://127.0.0.1:{fake.port}"
        refused = only_from(ctx, base, "data:", f"ws://127.0.0.1:{fake.port}")
        board = ctx.new_page()
        board.goto(f"{base}/teacher?lang=ru&key={KEY}")
        board.fill("#title", "7Б")
        board.fill("#teacher", "Мария Ивановна")
        board.click("#make button[type=submit]")
        board.wait_for_selector("#code:not([hidden])")
        assert board.inner_text("#code") == "Код класса: ABC234"
        students = []
        for name in ("Аня <img src=x onerror=alert(1)>", "Борис"):
            page = student_page(ctx)
            page.goto(f"{base}/?lang=ru")
            page.fill("#code", "abc-234")
            page.fill("#name", name)
            page.click("#join-button")
            page.wait_for_function("() => document.getElementById('join').hidden")
            students.append(page)
        assert students[0].inner_text("#status") == "Вы в классе «ABC234» под именем Аня <img src=x onerror=alert(1)>."
        assert students[0].locator("img[src=x]").count() == 0
        board.wait_for_function("() => document.querySelectorAll('#students tr').length === 3")
        assert board.locator("#students img[src=x]").count() == 0
        board.fill("#seats", "Аня <img src=x onerror=alert(1)>, Борис")
        board.click("#open button[type=submit]")
        board.wait_for_selector(".dnb-board-table")
        for page in students:
            page.wait_for_selector("#game:not([hidden])")
        moves = 0
        seen_board = [board_seq(board)]
        pictures = set()
        while True:
            for p in students:  # the frame after the last move reached both pages
                p.wait_for_function("n => +document.body.dataset.seq >= n", arg=max(board_seq(board), 0), polling=POLL)
            page = next((p for p in students if p.locator("#moves button").count()), None)
            if page is None:
                break
            before = board_seq(board)
            labels = legal_buttons(page)
            assert all(label and "{" not in label for label in labels)
            page.bring_to_front()  # as a student clicks: on the page in front (the others' keep running)
            page.locator("#moves button").first.click()
            board.wait_for_function(
                "n => +(document.querySelector('.dnb-board-table').getAttribute('data-seq')) > n",
                arg=before,
                polling=POLL,
            )
            seen_board.append(board_seq(board))
            pictures.add(board.locator(".dnb-board-table").inner_text())
            for p in students:  # every page has the new frame before the next click
                p.wait_for_function("() => !document.querySelector('#moves button:disabled')", polling=POLL)
            moves += 1
            if moves == 4:
                # a reload comes back to the seat with the token kept (sessionStorage for
                # the tab, localStorage for the browser: two tabs here, two seats)
                page.reload()
                page.wait_for_function(
                    "() => document.getElementById('join').hidden && document.querySelector('#picture img')"
                )
            assert moves < 400
        assert fake.game is not None and fake.game.finished
        assert seen_board == sorted(set(seen_board)) and seen_board[-1] == len(fake.game.history)
        assert len(pictures) == moves  # the board's text changed with every move
        durak = fake.seats[fake.game.result.durak]
        for page in students:
            page.wait_for_function("() => document.getElementById('last').textContent.includes('Игра окончена')")
            assert f"{durak} — дурак" in page.inner_text("#last")
        # the board's table is the replayer's table view, every hand open, the typed name as text
        table = board.locator(".dnb-board-table .dnb-board[data-view='0']")
        assert table.count() == 1 and table.locator(".dnb-seat").count() == 2
        assert board.locator(".dnb-board-table img[src=x]").count() == 0
        assert "Аня <img src=x onerror=alert(1)>" in table.inner_text() and "Игра окончена" in table.inner_text()
        uses = board.evaluate(
            "() => [...document.querySelectorAll('.dnb-board use')].map(u => u.getAttribute('href'))"
            ".filter(h => !document.getElementById(h.slice(1))).length"
        )
        assert uses == 0  # every card's face is one of the page's own (card_defs)
        # what the page makes of HTML: only a table view's elements and attributes
        made = board.evaluate(
            """() => { const box = document.createElement('div');
            box.appendChild(durakNbClass.safeNodes('<img src=x onerror=alert(1)><div class="a" onclick="alert(2)">'
              + 'b<script>alert(3)</script><a href="http://x">c</a></div><svg><use href="http://x/#y"/>'
              + '<use href="#dnb-f-TH"/></svg>'));
            return box.innerHTML }"""
        )
        assert made == '<div class="a">balert(3)c</div><svg><use></use><use href="#dnb-f-TH"></use></svg>'
        assert refused == []
        ARTIFACTS.mkdir(exist_ok=True)
        board.screenshot(path=str(ARTIFACTS / "class-fake-board-ru.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_pages_fit_the_laptop_and_the_projector(lang: str) -> None:
    require_browser()
    with fake_server() as fake, chromium() as ctx:
        base = f"http://127.0.0.1:{fake.port}"
        board = ctx.new_page()
        board.goto(f"{base}/teacher?lang={lang}&key={KEY}")
        board.fill("#title", "Семикласники 7-Б, середа")
        board.fill("#teacher", "Олександра Костянтинівна")
        board.click("#make button[type=submit]")
        board.wait_for_selector("#controls:not([hidden])")
        student = student_page(ctx)
        student.goto(f"{base}/?lang={lang}")
        student.fill("#code", "ABC234")
        student.fill("#name", "Олександра-Вікторія")
        student.click("#join-button")
        other = student_page(ctx)
        other.goto(f"{base}/?lang={lang}")
        other.fill("#code", "ABC234")
        other.fill("#name", "Борис")
        other.click("#join-button")
        board.wait_for_function("() => document.querySelectorAll('#students tr').length === 3")
        board.fill("#seats", "Олександра-Вікторія, Борис")
        board.click("#open button[type=submit]")
        student.wait_for_selector("#picture img")
        board.wait_for_selector(".dnb-board-table")
        problems = []
        for width in (1366, 1024):
            for name, page in (("board", board), ("student", student)):
                page.set_viewport_size({"width": width, "height": 768})
                page.wait_for_timeout(200)
                cut = page.evaluate(CUT_JS)
                if cut or page.evaluate(WIDE_JS):
                    problems.append((name, width, cut))
                if name == "board" and not page.evaluate(HINT_FITS_JS):
                    problems.append((name, width, "the seats' hint is cut off"))
                page.screenshot(path=str(ARTIFACTS / f"class-{name}-{lang}-{width}.png"))
        assert problems == []
