"""The replayer's lines and annotation panel in JupyterLab, clicked in Debian's Chromium
at 1366×768: one click on a side line steps into it, a glyph button marks the move right
after its words, and the widget is no wider than the screen.  Screenshots go to
``artifacts/`` (git-ignored).  Without Chromium or Playwright the test skips (fails with
``CI=true``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browserkit import chromium, jupyter_lab, one_cell_notebook, require_browser, run_notebook, shot
from conftest import RECORDINGS

pytestmark = pytest.mark.browser

SOURCE = """from durak_nb.replay import Replay
from durak_nb.views import ReplayerWidget
r = Replay.load("../recordings/annotated-transfer-or-cover.durak")
w = ReplayerWidget(r, annotate=True, start=2, path="copy.durak")
w"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    work = tmp_path_factory.mktemp("annotate-nb")
    nb = one_cell_notebook(work / "annotate.ipynb", SOURCE)
    with jupyter_lab(tmp_path_factory.mktemp("annotate-lab"), [nb], recordings=RECORDINGS) as base:
        yield base


def story(page: Any) -> str:
    return str(page.locator(".dnb-replayer [data-slot=story]").first.inner_text())


def test_lines_and_glyphs_by_clicking_at_1366x768(lab: str) -> None:
    with chromium() as ctx:
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, lab, "notebooks/annotate.ipynb", ".dnb-replayer .dnb-annotate select")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            assert story(page).startswith("Move 2 (2 of 19 played): Boris transfers 7♦ ! — перевод")
            lines = page.locator(".dnb-annotate select").first
            lines.scroll_into_view_if_needed()
            # the widget library shows a label's spaces as no-break spaces
            assert [t.replace("\xa0", " ") for t in lines.locator("option").all_inner_texts()] == [
                "main line: Boris transfers 7♦ … (18 moves)",
                "2.1: Boris covers 7♠ with 8♠ … (8 moves)",
            ]
            lines.select_option(index=1)  # one click: into line 1.1
            page.wait_for_function(
                "() => document.querySelector('.dnb-replayer [data-slot=story]').textContent.includes('of 8 played')",
                timeout=15000,
            )
            assert story(page).startswith("Move 1 (1 of 8 played): Boris covers 7♠ with 8♠ ?! — a higher ♠ beats it")
            page.locator(".dnb-annotate .widget-toggle-buttons button", has_text="!!").first.click()
            page.wait_for_function(
                "() => document.querySelector('.dnb-replayer [data-slot=story]').textContent.includes('8♠ !! —')",
                timeout=15000,
            )
            box = page.locator(".dnb-replayer").first.bounding_box()
            assert box is not None and box["width"] <= 1366
            shot(page, "lab-annotate-panel.png", ".dnb-replayer")
            shot(page, "lab-annotate-1366x768.png")
            panel = page.locator(".dnb-annotate").first
            panel.scroll_into_view_if_needed()
            shot(page, "lab-annotate-panel-1366x768.png")
            pbox = panel.bounding_box()
            assert pbox is not None and pbox["height"] < 200  # note and three rows
            lines.select_option(index=0)  # another: back to the main line
            page.wait_for_function(
                "() => document.querySelector('.dnb-replayer [data-slot=story]').textContent.includes('of 19 played')",
                timeout=15000,
            )
            assert story(page).startswith("Move 2 (2 of 19 played): Boris transfers 7♦ !")
        except BaseException:
            shot(page, "lab-annotate-failure.png")
            raise
        finally:
            page.close()
