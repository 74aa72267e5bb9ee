"""A lesson's exported page (``durak-nb export notebooks/03_limits.ipynb``) in headless
Chromium, opened from file:// with every other request refused: the lesson's text, a
replayer that steps with ▶ (its table exactly the engine's position, R10), a drill
answered wrongly and then rightly (the verdicts judged at export time, R13c), and
lesson 1's CanBeat answered by its buttons (R6).  In English and as the Ukrainian
edition says it.  Screenshots at 1366×768 in ``artifacts/``; the page is no wider than
the window and a replayer's frame no taller.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import ARTIFACTS, only_from
from test_browser import expected_seats, expected_table, seats_shown, table_shown
from test_lesson_page import LESSON1, LESSON3, LESSON3_EDITIONS, REASON3

from durak_nb import lessons
from durak_nb.i18n import language
from durak_nb.views.lesson_page import export_lesson

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1366, "height": 768}


def open_offline(browser: Any, path: Path) -> tuple[Any, list[str]]:
    """The page at 1366×768 with every request but the file itself refused and noted."""
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    own = path.resolve().as_uri()
    asked = only_from(page, own)
    page.goto(own)
    page.wait_for_selector("iframe.dnb-lesson-replayer, .dnb-lesson-exercise", timeout=30000)
    return page, asked


def replayer_frame(page: Any, n: int) -> Any:
    """The frame of replayer ``n`` (1, 2, …) once its board is drawn."""
    frame = page.locator(f"#dnb-replayer-{n}").element_handle().content_frame()
    frame.wait_for_selector(".dnb-replayer .dnb-cards", timeout=30000)
    return frame


def answer_number(page: Any, n: int, number: int) -> tuple[str, str]:
    """Type ``number`` into drill ``n``'s box, click Check; the verdict's class and text."""
    page.fill(f"#dnb-num-{n}", str(number))
    page.click(f"button.dnb-check[data-ex='{n}']")
    got = page.locator(f"#dnb-fb-{n} div")
    return got.get_attribute("class") or "", got.inner_text()


def test_lesson3_page_offline_steps_and_answers_r10_r13(browser: Any, tmp_path: Path) -> None:
    out, _held = export_lesson(LESSON3, tmp_path / "lesson3.html")
    page, asked = open_offline(browser, out)
    try:
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == "Lesson 3 · The limits (R13, R14)"
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORT["width"]
        page.screenshot(path=str(_art("lesson-page-top.png")))
        # the replayer of seed000-vdogonku.json: ▶ three times, the engine's position 3
        replay = lessons.replay("seed000-vdogonku.json")
        frame = replayer_frame(page, 1)
        box = page.locator("#dnb-replayer-1").bounding_box()
        assert box["width"] <= VIEWPORT["width"] and box["height"] <= VIEWPORT["height"]
        assert seats_shown(frame) == expected_seats(replay, 0)
        for _ in range(3):
            frame.click("#dnb-forward")
        frame.wait_for_function("document.getElementById('dnb-board').getAttribute('data-frame') == '3'")
        assert seats_shown(frame) == expected_seats(replay, 3)
        assert table_shown(frame) == expected_table(replay, 3)
        page.locator("#dnb-replayer-1").scroll_into_view_if_needed()
        page.screenshot(path=str(_art("lesson-page-replayer.png")))
        # the drill (seed 6): 1 more may follow; 3 is wrong, 1 right (R13b)
        page.locator(".dnb-lesson-drill").scroll_into_view_if_needed()
        assert answer_number(page, 0, 3) == ("dnb-wrong", "✘ Not 3: " + REASON3)
        page.screenshot(path=str(_art("lesson-page-drill-wrong.png")))
        assert answer_number(page, 0, 1) == ("dnb-right", "✔ Right: " + REASON3)
        page.click("button.dnb-another")
        assert page.locator(".dnb-drill-one[data-drill='1']").is_visible()
        assert not page.locator(".dnb-drill-one[data-drill='0']").is_visible()
        assert not page.locator("table.dnb-claims").is_visible()  # "For teachers" starts collapsed
        page.click(".dnb-lesson-collapsed > summary")
        assert page.locator("table.dnb-claims").is_visible()
        notes = page.locator(".dnb-lesson-note").all_inner_texts()
        assert len(notes) == 2 and notes[0].startswith("Practice bout: play it in JupyterLab")
        assert asked == []
    finally:
        page.close()


def test_lesson1_can_beat_buttons_r6(browser: Any, tmp_path: Path) -> None:
    out, _held = export_lesson(LESSON1, tmp_path / "lesson1.html")
    page, asked = open_offline(browser, out)
    try:
        exercise = page.locator("#dnb-ex-0")
        exercise.scroll_into_view_if_needed()
        page.click("#dnb-ex-0 button.dnb-option-1")
        assert page.locator("#dnb-fb-0 div").inner_text() == (
            "✘ It does: J♣ beats 9♣: a higher card of the same suit beats it (R6)."
        )
        assert "dnb-chosen-wrong" in (page.locator("#dnb-ex-0 button.dnb-option-1").get_attribute("class") or "")
        page.click("#dnb-ex-0 button.dnb-option-0")
        assert page.locator("#dnb-fb-0 div").inner_text() == (
            "✔ Right: J♣ beats 9♣: a higher card of the same suit beats it (R6)."
        )
        assert page.locator("#dnb-fb-0 div").get_attribute("class") == "dnb-right"
        box = exercise.bounding_box()
        assert box["width"] <= VIEWPORT["width"] and box["height"] <= VIEWPORT["height"]
        page.screenshot(path=str(_art("lesson-page-can-beat.png")))
        assert asked == []
    finally:
        page.close()


def test_lesson3_page_in_ukrainian(browser: Any, tmp_path: Path) -> None:
    """Lesson 3's Ukrainian edition (notebooks/uk/): ``<html lang="uk">``, its text, the
    replayer's own words and the drill's verdicts Ukrainian."""
    out, _held = export_lesson(LESSON3_EDITIONS["uk"], tmp_path / "lesson3-uk.html")
    page, asked = open_offline(browser, out)
    try:
        assert page.evaluate("document.documentElement.lang") == "uk"
        assert page.locator("h1").inner_text() == "Урок 3 · Обмеження (R13, R14)"
        frame = replayer_frame(page, 1)
        assert frame.evaluate("document.documentElement.lang") == "uk"
        with language("uk"):
            replay = lessons.replay("seed000-vdogonku.json")
        frame.click("#dnb-forward")
        frame.wait_for_function("document.getElementById('dnb-board').getAttribute('data-frame') == '1'")
        assert table_shown(frame) == expected_table(replay, 1)
        assert frame.locator("#dnb-play").inner_text() == "▶ пуск"
        page.locator("#dnb-replayer-1").scroll_into_view_if_needed()
        box = page.locator("#dnb-replayer-1").bounding_box()
        assert box["width"] <= VIEWPORT["width"] and box["height"] <= VIEWPORT["height"]
        # the card faces, once in the page, were put into the replayer's frame by the page's script
        assert frame.locator("svg defs g[id^='dnb-f-uk-']").count() > 0
        page.screenshot(path=str(_art("lesson-page-replayer-uk.png")))
        page.locator(".dnb-lesson-drill").scroll_into_view_if_needed()
        cls, text = answer_number(page, 0, 3)
        assert cls == "dnb-wrong" and text.startswith("✘ Не 3: [R13b] У Бориса на руках 2 карти")
        cls, text = answer_number(page, 0, 1)
        assert cls == "dnb-right" and text.startswith("✔ Правильно: [R13b]")
        assert page.locator("button.dnb-check").first.inner_text() == "Перевірити"
        page.screenshot(path=str(_art("lesson-page-drill-uk.png")))
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORT["width"]
        assert asked == []
    finally:
        page.close()


def _art(name: str) -> Path:
    """Where screenshot ``name`` goes (``artifacts/``, git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
