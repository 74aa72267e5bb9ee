"""The exported page in puzzle mode (issue 12, section 2) in headless Chromium, opened
from file:// with every network request refused: lesson 7's annotated endgame
(``annotated-transfer-or-cover.durak``) asks "what would you play?" at each move with
the engine's legal moves of the player to act as buttons; before the choice the page
shows neither the move played, nor the comment after it, nor its glyph, nor the list of
legal moves, nor the side lines; a wrong choice gets its verdict (the move played with
its rule, R17) and "try again"; the right one is marked, the comment after the move
shows, "step on" goes to the next move; the score counts the first tries; side lines,
another player's view, the end.  And the widget's puzzle (``ReplayerWidget(...,
puzzle=True)``) in JupyterLab in Ukrainian.  Screenshots at 1366×768 in ``artifacts/``
(English and Ukrainian).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARTIFACTS, jupyter_lab, one_cell_notebook, run_notebook, shot
from conftest import RECORDINGS
from test_browser import open_offline
from test_export_variations import annotated_doc
from test_replay import renamed

from durak_nb.i18n import language
from durak_nb.record import Recording, io
from durak_nb.replay import Replay
from durak_nb.views.export import export_html, page_data
from durak_nb.views.replayer import puzzle_question

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1366, "height": 768}
GAME = RECORDINGS / "annotated-transfer-or-cover.durak"


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(io.load_games(GAME)[0])


def panel(page: Any) -> dict[str, Any]:
    """What the puzzle panel and the page show, as the browser shows it (visible text only)."""
    return dict(
        page.evaluate(
            """() => {
              const q = id => document.getElementById(id);
              const shown = e => e.offsetParent !== null;
              return {
                frame: +document.getElementById('dnb-board').getAttribute('data-frame'),
                ask: q('dnb-puzzle-ask').innerText,
                choices: Array.from(document.querySelectorAll('#dnb-puzzle-choices button')).map(
                  b => [b.textContent, b.disabled, b.className]),
                verdict: q('dnb-puzzle-verdict').innerText,
                comment: q('dnb-puzzle-comment').innerText,
                again: shown(q('dnb-puzzle-again')), on: shown(q('dnb-puzzle-on')),
                score: q('dnb-puzzle-score').innerText,
                forward: q('dnb-forward').disabled, slider: q('dnb-slider').max,
                goto: q('dnb-goto').options.length,
                body: document.body.innerText,
                inside: (() => { const r = q('dnb-puzzle').getBoundingClientRect();
                  return r.right <= 1366 && r.bottom <= 768 && r.top >= 0; })(),
              };
            }"""
        )
    )


def test_puzzle_page_offline_wrong_then_right_then_step_on_r17(browser: Any, replay: Replay, tmp_path: Path) -> None:
    path = export_html(replay, tmp_path / "puzzle.html", puzzle=True)
    page, asked = open_offline(browser, path)
    page.set_viewport_size(VIEWPORT)
    try:
        # frame 0: Anna leads; the right choice at once
        q0 = puzzle_question(replay, 0)
        got = panel(page)
        assert got["frame"] == 0 and got["ask"] == "Your move for Anna: what would you play?"
        assert [c[0] for c in got["choices"]] == list(q0.labels)
        assert got["forward"] and got["slider"] == "0" and got["goto"] == 1
        assert "next, move 1" not in got["body"] and q0.move not in got["body"]
        right = q0.answer
        page.click(f'#dnb-puzzle-choices button[data-choice="{right}"]')
        got = panel(page)
        assert got["verdict"] == f"✔ Right: this is the move played: {q0.move}"
        assert got["score"] == "1 of 1 found" and not got["forward"] and got["on"] and not got["again"]
        page.click("#dnb-puzzle-on")

        # frame 1: Boris, 7♠ on the table: cover with 8♠ or A♥, transfer 7♦ (R17), take
        q1 = puzzle_question(replay, 1)
        got = panel(page)
        assert got["frame"] == 1
        assert [c[0] for c in got["choices"]] == [
            "Boris covers 7♠ with 8♠",
            "Boris covers 7♠ with A♥",
            "Boris transfers 7♦",
            "Boris takes",
        ]
        assert q1.answer == 2 and q1.comment is not None
        # nothing of the answer is shown: not the move's words with its rule, not "next",
        # not the comment after it, not its glyph, not the legal-move list, not the side line
        assert "next, move 2" not in got["body"]
        assert q1.move not in got["body"] and "Boris transfers 7♦ !" not in got["body"]
        assert q1.comment not in got["body"]
        assert "may transfer" not in got["body"] and "Instead of move 2" not in got["body"]
        assert got["forward"] and got["slider"] == "1" and got["inside"]
        shot(page, "puzzle-ask.png")

        page.click('#dnb-puzzle-choices button[data-choice="0"]')  # cover with 8♠: not the move played
        got = panel(page)
        assert got["verdict"] == (
            "✘ Not the move played. You chose: Boris covers 7♠ with 8♠. "
            "The game went on with: Boris transfers 7♦ ! — перевод, a transfer (R17): Vera now defends"
        )
        assert got["comment"] == q1.comment
        assert got["choices"][0][2] == "dnb-choice dnb-wrong" and all(c[1] for c in got["choices"])
        assert got["again"] and got["on"] and got["score"] == "1 of 2 found"
        assert "next, move 2: Boris transfers 7♦" in got["body"]
        assert "Instead of move 2 (Boris transfers 7♦):" in got["body"]  # the side line, now
        assert got["inside"]
        shot(page, "puzzle-wrong.png")

        page.click("#dnb-puzzle-again")
        got = panel(page)
        assert not any(c[1] for c in got["choices"]) and got["verdict"] == "" and got["comment"] == ""
        page.click('#dnb-puzzle-choices button[data-choice="2"]')  # transfer 7♦: the move played
        got = panel(page)
        assert got["verdict"].startswith("✔ Right: this is the move played: Boris transfers 7♦ !")
        assert got["choices"][2][2] == "dnb-choice dnb-right"
        assert got["score"] == "1 of 2 found"  # the first try counts
        shot(page, "puzzle-right.png")

        page.click("#dnb-puzzle-on")
        got = panel(page)
        assert got["frame"] == 2 and got["ask"] == "Your move for Vera: what would you play?"
        assert got["slider"] == "2" and got["goto"] == 3
        page.click("#dnb-back")
        got = panel(page)
        assert got["frame"] == 1 and got["verdict"].startswith("✔ Right")  # an answered move stays answered
        assert asked == []
    finally:
        page.close()


def test_puzzle_page_in_ukrainian_fits_r17(browser: Any, replay: Replay, tmp_path: Path) -> None:
    names = {"Anna": "Анна", "Boris": "Борис", "Vera": "Віра"}  # the lessons' names (docs/glossary.md)
    replay = Replay(Recording.from_json(renamed(replay.recording.to_json(), names)))
    with language("uk"):
        path = export_html(replay, tmp_path / "uk.html", puzzle=True)
    page, asked = open_offline(browser, path)
    page.set_viewport_size(VIEWPORT)
    try:
        got = panel(page)
        assert got["ask"] == "Ваш хід за Анну: що б ви зіграли?"
        page.click(f'#dnb-puzzle-choices button[data-choice="{puzzle_question(replay, 0).answer}"]')
        page.click("#dnb-puzzle-on")
        page.click('#dnb-puzzle-choices button[data-choice="3"]')  # Boris takes: not the move played
        got = panel(page)
        assert got["verdict"].startswith("✘ Не той хід, що зіграно. Ви обрали: Борис бере.")
        assert got["score"] == "знайдено 1 з 2" and got["inside"]
        shot(page, "puzzle-uk-wrong.png")
        assert asked == []
    finally:
        page.close()


def test_puzzle_page_side_lines_views_and_the_end_r14(browser: Any, tmp_path: Path) -> None:
    """A side line shows only once its move is answered; stepping into it gives its first
    move (Boris takes instead of covering, R14) and asks the next; back out, another
    player's view does not show the choices (Anna's cards); to the end with every move
    found: "The end of the game." and the score; the arrow key does not pass a move
    not chosen."""
    replay = Replay(Recording.from_json(annotated_doc()))
    data = page_data(replay, puzzle=True)
    path = export_html(replay, tmp_path / "lines.html", puzzle=True)
    page, asked = open_offline(browser, path)
    page.set_viewport_size(VIEWPORT)
    try:
        page.keyboard.press("ArrowRight")
        assert panel(page)["frame"] == 0  # not before the choice
        page.click('#dnb-puzzle-choices button[data-choice="0"]')  # Anna attacks 6♠
        page.keyboard.press("ArrowRight")
        got = panel(page)
        assert got["frame"] == 1 and "Instead of move 2" not in got["body"] and "2.1:" not in got["body"]
        page.click('#dnb-puzzle-choices button[data-choice="0"]')  # Boris covers 6♠ with 7♠
        got = panel(page)
        assert "Instead of move 2 (Boris covers 6♠ with 7♠):" in got["body"]
        page.click('button.dnb-alt[data-line="1"]')  # side line 1.1: Boris takes (R14)
        got = panel(page)
        assert got["frame"] == 1 and page.get_attribute("#dnb-board", "data-line") == "1"
        assert got["ask"] == "Your move for Anna: what would you play?"
        assert got["choices"] == [
            ["Anna throws in 6♦", False, "dnb-choice"],
            ["Anna throws in 6♣", False, "dnb-choice"],
            ["Anna throws in 6♦ 6♣", False, "dnb-choice"],
            ["Anna passes", False, "dnb-choice"],
        ]
        assert "a comment after" not in got["body"]  # the comment after that move: not yet
        page.click('#dnb-puzzle-choices button[data-choice="1"]')  # Anna throws in 6♣ вдогонку
        got = panel(page)
        assert got["verdict"].startswith("✔ Right: this is the move played: Anna throws in 6♣")
        assert got["comment"] == "a comment after" and got["score"] == "3 of 3 found"
        page.click("#dnb-exit")
        got = panel(page)
        assert got["frame"] == 1 and page.get_attribute("#dnb-board", "data-line") == "0"
        page.click("#dnb-puzzle-on")
        page.select_option("#dnb-view", "2")  # Boris's view; Anna is to act
        got = panel(page)
        assert got["ask"] == "It is Anna's move: the choice is shown with every hand open or in Anna's view."
        assert got["choices"] == [] and "Anna throws in" not in got["body"]
        page.select_option("#dnb-view", "0")
        lines = data["lines"][0]["puzzle"]
        for k in range(2, len(replay)):
            q = lines[k]
            if len(q["choices"]) > 1:
                page.click(f'#dnb-puzzle-choices button[data-choice="{q["answer"]}"]')
            page.click("#dnb-puzzle-on")
        got = panel(page)
        asked_moves = sum(len(q["choices"]) > 1 for q in lines) + 1  # and the side line's
        assert got["frame"] == len(replay) and got["ask"] == "The end of the game."
        assert got["score"] == f"{asked_moves} of {asked_moves} found"
        assert got["slider"] == str(len(replay)) and got["inside"]
        shot(page, "puzzle-end.png")
        assert asked == []
    finally:
        page.close()


#: the widget's puzzle in Ukrainian, in JupyterLab (the recording with the lessons' names)
WIDGET_CELL = (
    "from durak_nb.i18n import set_language\n"
    "set_language('uk')\n"
    "from durak_nb.replay import Replay\n"
    "from durak_nb.views.replayer import ReplayerWidget\n"
    "w = ReplayerWidget(Replay.load({path!r}), puzzle=True, start=1)\n"
    "w"
)


def test_widget_puzzle_in_ukrainian_in_jupyterlab_fits_1366x768_r17(browser: Any, tmp_path: Path) -> None:
    """The widget's puzzle in JupyterLab, in Ukrainian: Boris's four choices in the list, a
    click on "Борис бере" (not the move played) gives the verdict with the transfer
    (R17) and «↺ ще раз», «▶ далі»; the panel and the board fit 1366×768."""
    names = {"Anna": "Анна", "Boris": "Борис", "Vera": "Віра"}
    game = tmp_path / "puzzle-uk.json"
    game.write_text(json.dumps(renamed(io.load_games(GAME)[0].to_json(), names)), encoding="utf-8")
    made = one_cell_notebook(tmp_path / "puzzle-uk.ipynb", WIDGET_CELL.format(path=str(game)))
    top = tmp_path / "lab"
    top.mkdir()
    with jupyter_lab(top, [made]) as base:
        page = browser.new_page()
        page.set_viewport_size(VIEWPORT)
        try:
            text = run_notebook(page, base, "notebooks/puzzle-uk.ipynb", ".dnb-puzzle select")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            puzzle = page.locator(".dnb-puzzle").first
            assert "Ваш хід за Бориса: що б ви зіграли?" in puzzle.inner_text()
            options = [o.replace("\xa0", " ") for o in page.locator(".dnb-puzzle select option").all_inner_texts()]
            assert options == ["Борис б'є 7♠ картою 8♠", "Борис б'є 7♠ картою Т♥", "Борис переводить 7♦", "Борис бере"]
            assert "далі, хід 2" not in page.locator(".dnb-board").first.inner_text()
            page.locator(".dnb-puzzle select").first.select_option(index=3)
            page.wait_for_function(
                "() => document.querySelector('.dnb-puzzle').innerText.includes('Не той хід')", timeout=30000
            )
            got = puzzle.inner_text()
            assert "Ви обрали: Борис бере. Партія тривала так: Борис переводить 7♦ !" in got
            assert "(R17)" in got and "↺ ще раз" in got and "▶ далі" in got and "знайдено 0 з 1" in got
            page.locator(".dnb-replayer").first.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(400)
            for selector in (".dnb-puzzle", ".dnb-felt", ".dnb-text"):
                box: Any = page.locator(selector).first.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORT["width"], selector
            shot(page, "puzzle-widget-uk.png", ".dnb-replayer")
            page.screenshot(path=str(ARTIFACTS / "puzzle-widget-uk-screen.png"))  # the screen as a learner sees it
        finally:
            page.close()
