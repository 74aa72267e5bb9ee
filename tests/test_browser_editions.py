"""The Ukrainian edition of lesson 2 in JupyterLab, in headless Chromium at 1366×768
(issue 11): Run All, then what a learner sees is Ukrainian: the lesson's text, the players
(Анна, Борис, Віра), the replayer's controls and the practice bout's buttons, with no
English word of the kit's left and nothing wider than the screen.  Screenshots go to
``artifacts/`` (git-ignored); the plumbing is tests/browserkit.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browserkit import VISIBLE_WORDS_JS, chromium, jupyter_lab, require_browser, run_notebook, shot
from conftest import NOTEBOOKS, RECORDINGS

from durak_nb import lessons
from durak_nb.i18n import language
from durak_nb.views import ReplayerWidget

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "uk" / "02_a_bout.ipynb"


def controls(lang: str) -> list[str]:
    """The replayer's labelled controls in ``lang`` (the move slider and the view), as the
    widget makes them."""
    with language(lang):
        w = ReplayerWidget(lessons.replay("throw-in-order.json"))
        return [w.slider.description, w.perspective.description]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    with jupyter_lab(tmp_path_factory.mktemp("lab"), [LESSON], recordings=RECORDINGS) as base:
        yield base


def test_lab_runs_the_ukrainian_lesson_and_speaks_ukrainian(lab: str) -> None:
    heading = next(
        "".join(c["source"]).splitlines()[0].lstrip("# ").strip()
        for c in json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
        if c["cell_type"] == "markdown"
    )
    with chromium() as ctx:
        page: Any = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, lab, "notebooks/02_a_bout.ipynb", ".dnb-replayer .dnb-cards")
            page.wait_for_selector(".dnb-practice", timeout=30000)
            page.wait_for_timeout(500)
            text = str(page.inner_text(".jp-Notebook"))
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            # JupyterLab draws only the cells near the view: back to the top for the heading
            page.evaluate(
                "() => { const o = document.querySelector('.jp-WindowedPanel-outer'); if (o) o.scrollTo(0, 0); }"
            )
            page.wait_for_selector(".jp-MarkdownOutput h1", timeout=15000)
            assert page.locator(".jp-MarkdownOutput h1").first.inner_text().strip().rstrip("¶").strip() == heading
            assert "Анна" in text and "Борис" in text and "Віра" in text
            assert not any(name in text for name in ("Anna", "Boris", "Vera"))
            replayer = page.locator(".dnb-replayer:has(.widget-slider)").first
            replayer.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            shown = str(replayer.inner_text())
            assert "Анна" in shown and "Anna" not in shown
            uk, en = controls("uk"), controls("en")
            labels = replayer.locator(".widget-label, button, select option").all_inner_texts()
            assert all(word in labels for word in uk), (uk, [x for x in labels if x][:40])
            assert not any(a == b for a, b in zip(uk, en, strict=True))  # every label is translated
            buttons = page.locator(".dnb-practice button").evaluate_all(VISIBLE_WORDS_JS)
            assert [b for b in buttons if b]  # the practice bout's buttons show, with words
            assert not {"Lead", "Pass", "Take", "Bito", "Throw in", "Cover"} & set(buttons)
            for box in (".dnb-replayer:has(.widget-slider)", ".dnb-practice"):
                size = page.locator(box).first.bounding_box()
                assert size is not None and size["width"] <= 1366, box
            shot(page, "uk-lesson2-replayer.png", ".dnb-replayer:has(.widget-slider)")
            shot(page, "uk-lesson2-practice.png", ".dnb-practice")
            shot(page, "uk-lesson2.png")
        except BaseException:
            shot(page, "uk-lesson2-failure.png")
            raise
