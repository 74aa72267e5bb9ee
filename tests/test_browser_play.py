"""The play widget in JupyterLab at 1366×768: a card is clicked on its picture to lead.

A notebook cell makes ``PlayWidget("podkidnoy", ["Anna", "Boris", "Vera"], seed=21)``
(Anna, you, leads first: R4) recording to ``play.durak.jsonl`` next to the notebook;
the test clicks the picture of 7♠ in Anna's hand, then *Lead*, and asserts what the
table shows: the pair 7♠ covered by 8♠ (Boris, a bot, covers at once, R10), drawn
from a card picture; the hand without 7♠; the talon and the discard in words; the
numbered log with its numbers inside the widget; where the game is saved; and that the
whole widget fits the screen.  Screenshots go to ``artifacts/`` (git-ignored).  The
plumbing is tests/browserkit.py.
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

pytestmark = pytest.mark.browser

CELL = (
    "from durak_nb.views.play import PlayWidget\n"
    'PlayWidget("podkidnoy", ["Anna", "Boris", "Vera"], seed=21, journal="play.durak.jsonl", overwrite=True)'
)

#: the boxes of the log's numbers: [left, right] each, and the log's own [left, right]
NUMBERS_JS = """log => [[...log.querySelectorAll('.dnb-n')].map(n => {
    const r = n.getBoundingClientRect(); return [r.left, r.right, n.scrollWidth <= n.clientWidth + 1];
}), [log.getBoundingClientRect().left, log.getBoundingClientRect().right]]"""


def notebook(path: Path) -> Path:
    """A one-cell notebook making the play widget, without outputs."""
    return one_cell_notebook(path, CELL)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    require_browser()
    made = notebook(tmp_path_factory.mktemp("nb") / "play.ipynb")
    top = tmp_path_factory.mktemp("lab")
    with jupyter_lab(top, [made]) as base:
        yield base, top


def test_lab_click_a_card_picture_and_lead_the_table_shows_the_pair_r9_r10(lab: tuple[str, Path]) -> None:
    base, top = lab
    with chromium() as ctx:
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, base, "notebooks/play.ipynb", ".dnb-play button.dnb-c-7S")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            box = ".dnb-play"
            assert page.locator(f"{box} button.dnb-pt").evaluate_all(VISIBLE_WORDS_JS) == []
            hand = page.locator(f"{box} button.dnb-pc:not(.dnb-pt)").evaluate_all(VISIBLE_WORDS_JS)
            assert hand == ["7♠", "A♠", "6♥", "K♥", "6♣", "A♣"]  # as held: the trump ♣ last
            stock = page.locator(f"{box} .dnb-stock").first.inner_text().splitlines()
            assert [line for line in stock if line.startswith(("talon:", "discard:"))] == [
                "talon: 18 cards, trump 8♣ under it",
                "discard: empty",
            ]
            card = page.locator(f"{box} button.dnb-c-7S").first
            assert card.evaluate(PICTURE_JS) == 'url("data:image/svg+xml;base64,'  # a picture, not a word
            card.scroll_into_view_if_needed()
            shot(page, "play-before.png", box)
            card.click()
            page.wait_for_selector(f"{box} button.dnb-c-7S.dnb-sel", timeout=15000)
            page.locator(f"{box} button.dnb-act", has_text="Lead").first.click()
            page.wait_for_selector(f"{box} button.dnb-t-7S-8S", timeout=15000)
            page.wait_for_timeout(300)  # let the page paint
            assert page.locator(f"{box} button.dnb-pt").evaluate_all(VISIBLE_WORDS_JS) == ["7♠ covered by 8♠"]
            pair = page.locator(f"{box} button.dnb-t-7S-8S").first
            assert pair.evaluate(PICTURE_JS) == 'url("data:image/svg+xml;base64,'
            assert page.locator(f"{box} button.dnb-c-7S").count() == 0  # 7♠ left the hand
            hand = page.locator(f"{box} button.dnb-pc:not(.dnb-pt)").evaluate_all(VISIBLE_WORDS_JS)
            assert hand == ["A♠", "6♥", "K♥", "6♣", "A♣"]
            assert page.locator(f"{box} button.dnb-act").evaluate_all(VISIBLE_WORDS_JS) == [
                "Throw in",
                "Pass",
                "Save .durak",
                "Replay",
                "Hint",
            ]
            status = page.locator(f"{box} .dnb-status").first.inner_text()
            assert status.splitlines() == ["Anna attacks 7♠; Boris covers 7♠ with 8♠", "Your move: pass"]
            log = page.locator(f"{box} .dnb-log").first
            assert log.inner_text().split() == [
                "1",
                "Anna",
                "attacks",
                "7♠",
                "2",
                "Boris",
                "covers",
                "7♠",
                "with",
                "8♠",
            ]
            numbers, (left, right) = log.evaluate(NUMBERS_JS)
            assert len(numbers) == 2 and all(left <= a and b <= right and whole for a, b, whole in numbers)
            journal = page.locator(f"{box} .dnb-journal").first.inner_text()
            assert journal == f"This game is saved after every move in {top / 'notebooks' / 'play.durak.jsonl'}."
            assert len((top / "notebooks" / "play.durak.jsonl").read_text().splitlines()) == 3  # head + 2 moves
            # the whole widget fits the laptop screen, and the notebook's visible part
            size: Any = page.locator(box).first.bounding_box()
            panel: Any = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
            assert size is not None and panel is not None
            assert size["width"] <= panel["width"] and size["height"] <= panel["height"]
            shot(page, "play-after-lead.png", box)
            shot(page, "play-notebook.png")
        except BaseException:
            shot(page, "play-failure.png")
            raise
        finally:
            page.close()
