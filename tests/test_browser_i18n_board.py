"""The replayer and the play widget in Ukrainian, in JupyterLab at 1366×768 (issue 11).

A notebook sets the language (``durak_nb.i18n.set_language("uk")``) and makes a
replayer of a four-player recording with its annotation panel, stepped to a frame in
the middle, and a play widget.  The test reads the words the browser shows (buttons,
lists, the board's captions and headings, the status line, the move log) and asserts
they are Ukrainian, then that each widget fits the notebook's visible part: Ukrainian
is longer than English, and nothing may be cut off or overflow.  Screenshots go to
``artifacts/`` (git-ignored); the plumbing is tests/browserkit.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import VISIBLE_WORDS_JS, chromium, jupyter_lab, require_browser, run_notebook, shot
from conftest import ROOT

pytestmark = pytest.mark.browser

RECORDING = ROOT / "durak_nb" / "recordings" / "english-4p.durak"

CELLS = [
    "from durak_nb.i18n import set_language\nset_language('uk')",
    "from durak_nb.replay import Replay\n"
    "from durak_nb.views.replayer import ReplayerWidget\n"
    f"w = ReplayerWidget(Replay.load({str(RECORDING)!r}), annotate=True)\n"
    "w.slider.value = 9\n"
    "w",
    "from durak_nb.views.play import PlayWidget\n"
    'PlayWidget("perevodnoy", ["Анна", "Борис", "Віра"], seed=21, journal="play.durak.jsonl", overwrite=True)',
    'from durak_nb.views.scorer import ScorerWidget\nScorerWidget("kitchen.durak.jsonl", overwrite=True)',
]

#: elements whose content is wider than their box (cut off or overflowing), as "class: text"
OVERFLOW_JS = """root => [...root.querySelectorAll('button, .widget-label, .dnb-caption, .widget-dropdown select')]
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 2)
    .map(e => e.className + ': ' + e.textContent.trim().slice(0, 60))"""


def notebook(path: Path) -> Path:
    import json

    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c} for c in CELLS]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    require_browser()
    made = notebook(tmp_path_factory.mktemp("nb") / "board-uk.ipynb")
    top = tmp_path_factory.mktemp("lab")
    with jupyter_lab(top, [made]) as base:
        yield base, top


def _fits(page: Any, selector: str) -> None:
    """The first ``selector`` fits the notebook panel's width, and no label in it is cut off."""
    size: Any = page.locator(selector).first.bounding_box()
    panel: Any = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    assert size is not None and panel is not None
    assert size["width"] <= panel["width"], (size, panel)
    assert page.locator(selector).first.evaluate(OVERFLOW_JS) == []


def test_the_replayer_and_the_play_widget_in_ukrainian_fit_1366x768(lab: tuple[str, Path]) -> None:
    base, _top = lab
    with chromium() as ctx:
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, base, "notebooks/board-uk.ipynb", ".dnb-play .dnb-status .dnb-prompt")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            rep = ".dnb-replayer"
            page.locator(rep).first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            shot(page, "board-uk-replayer.png", rep)
            board = page.locator(f"{rep} .dnb-board").first.inner_text()
            for words in ("Стіл", "Колода", "Відбій", "Хід 9", "зіграно 9 з", "Кон "):
                assert words in board, words
            assert "карт" in board  # the seats' counts: «6 карт», «2 карти»
            assert "Table" not in board and "Talon" not in board and "Discard" not in board
            labels = page.locator(f"{rep} .widget-label").evaluate_all(VISIBLE_WORDS_JS)
            for words in ("хід", "перейти", "вигляд", "мс/хід", "варіанти", "файл"):
                assert words in labels, (words, labels)
            buttons = page.locator(f"{rep} button").evaluate_all(VISIBLE_WORDS_JS)
            for words in ("◂ назад", "↶ скасувати", "↷ повернути", "зберегти", "після ходу"):
                assert words in buttons, (words, buttons)
            # the comment button names the move it applies to (issue 22): «… до ходу 1»
            assert any(b.startswith("✓ записати коментар до ходу ") for b in buttons), buttons
            legend = page.locator(f"{rep} .dnb-none", has_text="Червоні масті").count()
            assert legend >= 1
            _fits(page, rep)
            panel_box = f"{rep} .dnb-annotate"
            page.locator(panel_box).first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            shot(page, "board-uk-replayer-panel.png", panel_box)
            for words in ("▲ вище", "▼ нижче", "✕ видалити варіант"):
                assert words in buttons, (words, buttons)
            # the variation button names the move it replaces (issue 22): «+ варіант замість ходу 2»
            assert any(b.startswith(("+ варіант замість ходу ", "+ продовжити після ходу ")) for b in buttons), buttons

            play = ".dnb-play"
            page.locator(play).first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            shot(page, "board-uk-play.png", play)
            acts = page.locator(f"{play} button.dnb-act").evaluate_all(VISIBLE_WORDS_JS)
            assert "Ходити" in acts and "Перегляд" in acts and "Підказка" in acts, acts
            status = page.locator(f"{play} .dnb-status").first.inner_text()
            assert "Ваш хід: заходьте" in status, status
            stock = page.locator(f"{play} .dnb-stock").first.inner_text()
            assert "колода:" in stock and "відбій: порожньо" in stock, stock
            top = page.locator(f"{play} .dnb-felt").first.inner_text()
            assert "Кон 1" in top and "стіл: порожньо" in top and "ви" in top, top
            _fits(page, play)
            size: Any = page.locator(play).first.bounding_box()
            panel: Any = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
            assert size["height"] <= panel["height"], (size, panel)  # the play widget fits the screen too
            shot(page, "board-uk-notebook.png")

            form = ".dnb-scorer"
            page.locator(form).first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            shot(page, "board-uk-scorer.png", form)
            labels = page.locator(f"{form} .widget-label").evaluate_all(VISIBLE_WORDS_JS)
            for words in ("Правила", "Гравці", "Здавач", "Відкрита карта", "Першим ходить", "Молодший козир"):
                assert words in labels, (words, labels)
            _fits(page, form)
        except BaseException:
            shot(page, "board-uk-failure.png")
            raise
        finally:
            page.close()
