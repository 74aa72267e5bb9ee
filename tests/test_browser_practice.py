"""A lesson's practice bout played by clicking the cards in JupyterLab at 1366×768.

A notebook cell makes ``PracticeBout.lesson(2)`` (lesson 2: Anna leads against Boris,
recordings/lessons/bout.json before move 0); the test clicks the picture of 7♠ in
Anna's hand, then *Lead*, and asserts what the table shows: the pair 7♠ covered by 8♠
(Boris, a bot, covers at once, R10), drawn from a card picture, and the log's words.
Screenshots go to ``artifacts/`` (git-ignored).  The plumbing is tests/browserkit.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    PICTURE_JS,
    VISIBLE_WORDS_JS,
    chromium,
    jupyter_lab,
    one_cell_notebook,
    require_browser,
    run_notebook,
    shot,
)
from conftest import RECORDINGS

pytestmark = pytest.mark.browser

CELL = "from durak_nb.views.practice import PracticeBout\nPracticeBout.lesson(2)"


def notebook(path: Path) -> Path:
    """A one-cell notebook making the practice bout, without outputs."""
    return one_cell_notebook(path, CELL)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    made = notebook(tmp_path_factory.mktemp("nb") / "practice.ipynb")
    with jupyter_lab(tmp_path_factory.mktemp("lab"), [made], recordings=RECORDINGS) as base:
        yield base


def test_lab_click_a_card_and_lead_the_table_shows_the_pair_r9_r10(lab: str) -> None:
    with chromium() as ctx:
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, lab, "notebooks/practice.ipynb", ".dnb-practice button.dnb-c-7S")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            box = ".dnb-practice"
            assert page.locator(f"{box} button.dnb-pt").evaluate_all(VISIBLE_WORDS_JS) == []
            card = page.locator(f"{box} button.dnb-c-7S").first
            assert card.evaluate(PICTURE_JS) == 'url("data:image/svg+xml;base64,'  # a picture, not a word
            card.scroll_into_view_if_needed()
            card.click()
            page.wait_for_selector(f"{box} button.dnb-c-7S.dnb-sel", timeout=15000)
            shot(page, "practice-selected.png", box)
            page.locator(f"{box} button", has_text="Lead").first.click()
            page.wait_for_selector(f"{box} button.dnb-t-7S-8S", timeout=15000)
            page.wait_for_timeout(300)  # let the page paint
            assert page.locator(f"{box} button.dnb-pt").evaluate_all(VISIBLE_WORDS_JS) == ["7♠ covered by 8♠"]
            pair = page.locator(f"{box} button.dnb-t-7S-8S").first
            assert pair.evaluate(PICTURE_JS) == 'url("data:image/svg+xml;base64,'
            assert page.locator(f"{box} button.dnb-c-7S").count() == 0  # 7♠ left the hand
            log = page.locator(f"{box} .dnb-log").first.inner_text()
            assert [line for line in log.splitlines() if line.strip()] == [  # numbers as the replayer's
                "1",
                "Anna attacks 7♠",
                "2",
                "Boris covers 7♠ with 8♠",
            ]
            status = page.locator(f"{box} .dnb-status").first.inner_text()
            assert status.splitlines() == ["Anna attacks 7♠; Boris covers 7♠ with 8♠", "Your move: throw in or pass"]
            size: Any = page.locator(box).first.bounding_box()
            assert size is not None and size["height"] <= 768 and size["width"] <= 1366
            shot(page, "practice-after-lead.png", box)
            shot(page, "practice-notebook.png")
        except BaseException:
            shot(page, "practice-failure.png")
            raise
        finally:
            page.close()
