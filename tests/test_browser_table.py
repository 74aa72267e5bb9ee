"""The replayer looks like a card table and fits a laptop screen: in JupyterLab at
1366×768 the replayer's controls and the table are on screen together and ◀ ▶ step;
the exported page, opened offline (every request refused), steps with its own ◀ ▶.

What is asserted: the bounding boxes of the ◀ ▶ buttons, Play, the slider, the view
list, the felt (the seats and the table) and the text beside it lie inside the
1366×768 viewport once the replayer is scrolled to the top; after each step the cards
of every seat and the table's attack/cover pairs are exactly the engine's position
(R10).  Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browserkit import jupyter_lab, one_cell_notebook, open_notebook, run_all, shot
from test_browser import expected_seats, expected_table, open_offline, seats_shown, table_shown

from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views.export import export_html

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1366, "height": 768}
GAME = ("podkidnoy", 4, 100)  # the benchmark's 300-move 4-player game
CELL = (
    "from durak_nb.replay import Replay\n"
    "from durak_nb.selfplay import record_bot_game\n"
    "from durak_nb.views import ReplayerWidget\n"
    f"ReplayerWidget(Replay(record_bot_game({GAME[0]!r}, {GAME[1]}, {GAME[2]}, {{}})), perspective=1, start=37)"
)
#: the bounding boxes [name, left, top, right, bottom] of what must be on screen
BOXES_JS = """root => {
  const q = s => root.querySelector(s);
  const items = {back: q('button[title="one move back"], #dnb-back'),
    forward: q('button[title="one move forward"], #dnb-forward'), slider: q('.widget-slider, #dnb-slider'),
    view: q('select'), felt: q('.dnb-felt'), text: q('.dnb-text')};
  return Object.entries(items).map(([n, e]) => { const r = e.getBoundingClientRect();
    return [n, Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; });
}"""


def notebook(path: Path) -> Path:
    """A one-cell notebook showing the replayer, without outputs."""
    return one_cell_notebook(path, CELL)


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(record_bot_game(*GAME, {}))


def on_screen(page: Any, root: str) -> list[list[Any]]:
    """The boxes that are not inside the viewport (empty when everything is)."""
    page.locator(root).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    boxes = page.locator(root).first.evaluate(BOXES_JS)
    w, h = VIEWPORT["width"], VIEWPORT["height"]
    return [b for b in boxes if not (b[1] >= 0 and b[2] >= 0 and b[3] <= w and b[4] <= h)]


def frame_shown(page: Any, k: int, lab: bool) -> None:
    js = (
        "k => { const r = document.querySelector('.dnb-replayer .widget-readout'); return r && r.textContent == k; }"
        if lab
        else "k => document.getElementById('dnb-board').getAttribute('data-frame') == k"
    )
    page.wait_for_function(js, arg=str(k), timeout=15000)
    page.wait_for_timeout(300)


def test_lab_replayer_fits_1366x768_and_steps_r10(browser: Any, replay: Replay, tmp_path: Path) -> None:
    (tmp_path / "lab").mkdir()
    with jupyter_lab(tmp_path / "lab", [notebook(tmp_path / "table.ipynb")]) as base:
        page = browser.new_page()
        page.set_viewport_size(VIEWPORT)
        try:
            open_notebook(page, base, "notebooks/table.ipynb")
            run_all(page, ".dnb-replayer .dnb-felt .dnb-cards")
            assert on_screen(page, ".dnb-replayer") == []
            assert seats_shown(page) == expected_seats(replay, 37, view=2)
            shot(page, "table-lab-1366x768.png")
            forward = page.locator('.dnb-replayer button[title="one move forward"]').first
            back = page.locator('.dnb-replayer button[title="one move back"]').first
            for k in (38, 39):
                forward.click()
                frame_shown(page, k, lab=True)
                assert (seats_shown(page), table_shown(page)) == (
                    expected_seats(replay, k, view=2),
                    expected_table(replay, k),
                )
            back.click()
            frame_shown(page, 38, lab=True)
            assert table_shown(page) == expected_table(replay, 38)
            shot(page, "table-lab-frame38.png")
            assert "Error displaying widget" not in page.inner_text(".jp-Notebook")
        except BaseException:
            shot(page, "table-lab-failure.png")
            raise
        finally:
            page.close()


def test_export_page_steps_with_its_buttons_offline_r10(browser: Any, replay: Replay, tmp_path: Path) -> None:
    path = export_html(replay, tmp_path / "table.html", perspective=2)
    page, asked = open_offline(browser, path)
    page.set_viewport_size(VIEWPORT)
    try:
        frame_shown(page, 0, lab=False)
        assert on_screen(page, ".dnb-replayer") == []
        assert seats_shown(page) == expected_seats(replay, 0, view=3)
        for k in (1, 2, 3):
            page.click("#dnb-forward")
            frame_shown(page, k, lab=False)
            assert (seats_shown(page), table_shown(page)) == (
                expected_seats(replay, k, view=3),
                expected_table(replay, k),
            )
        page.click("#dnb-back")
        frame_shown(page, 2, lab=False)
        assert (seats_shown(page), table_shown(page)) == (expected_seats(replay, 2, view=3), expected_table(replay, 2))
        assert page.input_value("#dnb-number") == "2"
        shot(page, "table-export-1366x768.png")
        page.select_option("#dnb-goto", index=37)
        frame_shown(page, 37, lab=False)
        assert table_shown(page) == expected_table(replay, 37)
        shot(page, "table-export-frame37.png")
        assert asked == []
    finally:
        page.close()


def test_a_saved_notebook_reopens_without_model_not_found(browser: Any, tmp_path: Path) -> None:
    """With the widget state saved with the notebook (the setting scripts/lab.sh turns
    on), a notebook run, saved and opened again in a new kernel shows its replayer as
    saved, not "Error displaying widget: model not found"."""
    top = tmp_path / "lab"
    top.mkdir()
    with jupyter_lab(top, [notebook(tmp_path / "saved.ipynb")]) as base:
        plugin = top / "config" / "lab" / "user-settings" / "@jupyter-widgets" / "jupyterlab-manager"
        plugin.mkdir(parents=True)
        (plugin / "plugin.jupyterlab-settings").write_text(json.dumps({"saveState": True}))
        page = browser.new_page()
        page.set_viewport_size(VIEWPORT)
        try:
            open_notebook(page, base, "notebooks/saved.ipynb")
            run_all(page, ".dnb-replayer .dnb-felt .dnb-cards")
            page.keyboard.press("Control+s")
            page.wait_for_timeout(2000)
            saved = json.loads((top / "notebooks" / "saved.ipynb").read_text(encoding="utf-8"))
            assert "application/vnd.jupyter.widget-state+json" in saved["metadata"]["widgets"]
            page.reload()
            page.wait_for_selector(".dnb-replayer .dnb-felt .dnb-cards", timeout=60000)
            page.wait_for_timeout(1000)
            text = page.inner_text(".jp-Notebook")
            assert "Error displaying widget" not in text and "odel not found" not in text
            shot(page, "table-lab-reopened.png")
        except BaseException:
            shot(page, "table-lab-reopen-failure.png")
            raise
        finally:
            page.close()
