"""The exported page in Ukrainian (issue 11) in headless Chromium, opened from file://
with every network request refused: the page says ``<html lang="uk">``, its note,
buttons, tips and labels are Ukrainian, the script's own words (play / pause) come from
the page's data in Ukrainian, and a learner's clicks work: ▶ steps, «▶ пуск» plays and
becomes «⏸ пауза», a side line's button steps into it (Boris takes instead of covering,
R14) and «⤴ назад …» steps out.  And lesson 2's practice bout made in Ukrainian in
JupyterLab: its buttons and captions in Ukrainian, a lead played by clicks.
Screenshots at 1366×768 in ``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import VISIBLE_WORDS_JS, jupyter_lab, one_cell_notebook, require_browser, run_notebook, shot
from conftest import RECORDINGS
from test_browser import open_offline
from test_export_variations import annotated_doc, at, bar
from test_replay import renamed

from durak_nb.i18n import language
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.export import export_html

VIEWPORT = {"width": 1366, "height": 768}
#: the lessons' Ukrainian names (docs/glossary.md): data, shown as written
NAMES = {"Anna": "Анна", "Boris": "Борис"}


def controls(page: Any) -> dict[str, Any]:
    """The words of the page's controls as the browser shows them."""
    return dict(
        page.evaluate(
            """() => ({
              lang: document.documentElement.lang,
              note: document.querySelector('.dnb-export-note').innerText,
              buttons: Array.from(document.querySelectorAll('.dnb-controls button')).map(
                b => [b.textContent, b.title]),
              labels: Array.from(document.querySelectorAll('.dnb-controls label')).map(
                l => l.firstChild.textContent.trim()),
            })"""
        )
    )


@pytest.mark.browser
def test_exported_page_in_ukrainian_offline_clicks_r14(browser: Any, tmp_path: Path) -> None:
    replay = Replay(Recording.from_json(renamed(annotated_doc(before="Залишити сімку?"), NAMES)))
    with language("uk"):
        path = export_html(replay, tmp_path / "uk.html", interval=200)
    page, asked = open_offline(browser, path)
    page.set_viewport_size(VIEWPORT)
    try:
        at(page, 0, 0)
        got = controls(page)
        assert got["lang"] == "uk"
        assert got["note"].startswith("Перегляд партії durak-nb: усе працює просто на цій сторінці")
        assert "Коли до ходу є інші варіанти, нижче з'являються кнопки" in got["note"]
        assert got["buttons"] == [
            ["◀", "на хід назад"],
            ["▶ пуск", "пуск або пауза"],
            ["▶", "на хід уперед"],
        ]
        assert got["labels"] == ["хід", "вигляд", "перейти до", "мс/хід"]
        assert page.title() == "durak-nb, перегляд партії: підкидний дурень · Анна, Борис"
        assert bar(page)["name"] == "основна лінія"
        shot(page, "i18n-teach-uk-start.png")

        page.click("#dnb-forward")  # ▶: move 1, where side line 1.1 branches
        at(page, 0, 1)
        alts = bar(page)["alts"]
        assert alts[0][0] == "SPAN" and alts[0][1].startswith("Замість ходу 2 (")
        assert alts[1][0] == "BUTTON" and alts[1][1].endswith(" … (3 ходи)")
        assert alts[2] == ["SPAN", "Залишити сімку?"]
        shot(page, "i18n-teach-uk-branch.png")

        page.click("#dnb-alts button")  # into side line 1.1 after its first move: Борис takes (R14)
        at(page, 1, 1)
        shown = bar(page)
        assert shown["name"] == "варіант 2.1 (замість ходу 2 основної лінії)"
        assert shown["back"] == "⤴ назад до основної лінії"
        shot(page, "i18n-teach-uk-side-line.png")
        page.click("#dnb-exit")  # back to where it branched
        at(page, 0, 1)

        page.click("#dnb-play")  # plays: the button says pause, in Ukrainian
        page.wait_for_function("() => document.getElementById('dnb-play').textContent === '⏸ пауза'", timeout=5000)
        page.wait_for_function(
            "() => +document.getElementById('dnb-board').getAttribute('data-frame') >= 3", timeout=15000
        )
        page.click("#dnb-play")  # pause
        assert page.text_content("#dnb-play") == "▶ пуск"
        shot(page, "i18n-teach-uk-paused.png")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= VIEWPORT["width"]  # nothing runs off the side at 1366 px
    finally:
        page.close()
    assert asked == []


#: a notebook cell that makes lesson 2's practice bout in Ukrainian
PRACTICE_CELL = (
    "import durak_nb\n"
    'durak_nb.set_language("uk")\n'
    "from durak_nb.views.practice import PracticeBout\n"
    "PracticeBout.lesson(2)"
)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    made = one_cell_notebook(tmp_path_factory.mktemp("nb") / "practice-uk.ipynb", PRACTICE_CELL)
    with jupyter_lab(tmp_path_factory.mktemp("lab"), [made], recordings=RECORDINGS) as base:
        yield base


@pytest.mark.browser
def test_practice_bout_in_ukrainian_in_jupyterlab_r9_r10(browser: Any, lab: str) -> None:
    """Lesson 2's practice bout made in Ukrainian: its buttons say «Ходити», «Підказка»,
    «Спочатку»; a click on 7♠ and «Ходити» lead it (R9), Борис covers (R10), and the
    buttons say «Підкинути», «Пас»; the widget fits 1366×768."""
    box = ".dnb-practice"
    actions = f"{box} button:not(.dnb-pc)"
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    try:
        text = run_notebook(page, lab, "notebooks/practice-uk.ipynb", f"{box} button.dnb-c-7S")
        assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
        assert page.locator(actions).evaluate_all(VISIBLE_WORDS_JS) == ["Ходити", "Підказка", "Спочатку"]
        caption = page.locator(f"{box} .dnb-caption").evaluate_all("els => els.map(e => e.innerText)")
        assert "Стіл: порожньо" in caption
        card = page.locator(f"{box} button.dnb-c-7S").first
        card.scroll_into_view_if_needed()
        card.click()
        page.wait_for_selector(f"{box} button.dnb-c-7S.dnb-sel", timeout=15000)
        # the status is a widget of its own: its words may arrive after the card's class
        page.locator(f"{box} .dnb-status", has_text="Вибрано: 7♠").first.wait_for(timeout=15000)
        assert "Вибрано: 7♠" in page.locator(f"{box} .dnb-status").first.inner_text()
        page.locator(f"{box} button", has_text="Ходити").first.click()
        page.wait_for_selector(f"{box} button.dnb-t-7S-8S", timeout=15000)
        page.wait_for_timeout(300)  # let the page paint
        assert page.locator(actions).evaluate_all(VISIBLE_WORDS_JS) == ["Підкинути", "Пас", "Підказка", "Спочатку"]
        caption = page.locator(f"{box} .dnb-caption").evaluate_all("els => els.map(e => e.innerText)")
        assert "Стіл: 1 карта ходу, покрито 1" in caption
        size: Any = page.locator(box).first.bounding_box()
        assert size is not None and size["height"] <= 768 and size["width"] <= 1366
        shot(page, "i18n-teach-uk-practice.png", box)
        page.locator(f"{box} button", has_text="Підказка").first.click()
        page.wait_for_function(
            "() => document.querySelector('.dnb-practice .dnb-status').innerText.includes('Підказка: ')",
            timeout=15000,
        )
        shot(page, "i18n-teach-uk-practice-notebook.png")
    except BaseException:
        shot(page, "i18n-teach-uk-practice-failure.png")
        raise
    finally:
        page.close()
