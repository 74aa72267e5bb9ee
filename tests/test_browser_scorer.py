"""The scorer widget in JupyterLab at 1366×768, clicked as a scorer at a kitchen table.

A notebook cell fills in the set-up form (Anna, Boris, Vera, Gleb; Gleb dealt, 7♥ turned
up; Anna leads; Vera, the scorer, holds 6♠ 9♠ K♦ 10♣ A♥ 8♣) and shows the widget; the
test clicks *Start*, then 7♠ and *Lead* (R9), then 8♠ (Boris covers at once, R10), then
Vera in the seat row, her 8♣ and *Throw in*: the widget fills in Anna's pass (R12) and
the board and the journal say so.  The screenshot goes to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import VISIBLE_WORDS_JS, chromium, jupyter_lab, one_cell_notebook, require_browser, run_notebook, shot

pytestmark = pytest.mark.browser

CELL = (
    "from durak_nb.views.scorer import ScorerWidget\n"
    'w = ScorerWidget("kitchen.durak.jsonl", overwrite=True)\n'
    'w.setup(rules="podkidnoy", players=["Anna", "Boris", "Vera", "Gleb"], dealer="Gleb", turned_up="7H",\n'
    '        attacker="Anna", me="Vera", hand="6S 9S KD TC AH 8C")\n'
    "w"
)
BOX = ".dnb-scorer"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    require_browser()
    made = one_cell_notebook(tmp_path_factory.mktemp("nb") / "scorer.ipynb", CELL)
    top = tmp_path_factory.mktemp("lab")
    with jupyter_lab(top, [made]) as base:
        yield base, top


def card(page: Any, text: str) -> Any:
    return page.locator(f"{BOX} button.dnb-sc-card", has_text=text).first


def act(page: Any, text: str) -> Any:
    return page.locator(f"{BOX} button.dnb-sc-act", has_text=text).first


def settled(page: Any, selector: str, expected: list[str], timeout_ms: int = 15000) -> list[str]:
    """The visible words of ``selector`` once they equal ``expected`` or ``timeout_ms`` has
    passed (the widget redraws over the comm: a loaded machine can take more than a moment);
    the caller asserts the exact value, so a wrong one still fails with what was shown."""
    seen: list[str] = page.locator(selector).evaluate_all(VISIBLE_WORDS_JS)
    waited = 0
    while seen != expected and waited < timeout_ms:
        page.wait_for_timeout(200)
        waited += 200
        seen = page.locator(selector).evaluate_all(VISIBLE_WORDS_JS)
    return seen


def test_lab_record_a_lead_a_cover_and_a_throw_in_with_its_implied_pass(lab: tuple[str, Path]) -> None:
    base, top = lab
    journal = top / "notebooks" / "kitchen.durak.jsonl"
    with chromium() as ctx:
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            text = run_notebook(page, base, "notebooks/scorer.ipynb", f"{BOX} button.dnb-sc-act")
            assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
            # every label of the set-up form is shown whole at 1366 px (none cut to "Turned-up …")
            cut = page.locator(f"{BOX} .dnb-sc-form .widget-label").evaluate_all(
                "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth).map(e => e.innerText)"
            )
            assert cut == []
            act(page, "Start").click()
            page.wait_for_selector(f"{BOX} button.dnb-sc-card:not(.dnb-sc-gone)", timeout=15000)
            offered = page.locator(f"{BOX} button.dnb-sc-card:not(.dnb-sc-gone)").evaluate_all(VISIBLE_WORDS_JS)
            waited = 0
            while len(offered) != 29 and waited < 15000:  # the seen cards leave once the start is drawn
                page.wait_for_timeout(200)
                waited += 200
                offered = page.locator(f"{BOX} button.dnb-sc-card:not(.dnb-sc-gone)").evaluate_all(VISIBLE_WORDS_JS)
            assert len(offered) == 29 and "7♥" not in offered and "6♠" not in offered  # R1, R3: seen cards
            card(page, "7♠").click()
            page.wait_for_selector(f"{BOX} button.dnb-sc-card.dnb-sel", timeout=15000)
            act(page, "Lead").click()
            page.wait_for_function(
                "() => document.querySelector('.dnb-sc-log') && "
                "document.querySelector('.dnb-sc-log').innerText.includes('Anna attacks 7♠')",
                timeout=15000,
            )
            # Boris, the defender, is preselected: only the cards that beat 7♠ are offered (R6)
            want = ["8♠", "10♠", "J♠", "Q♠", "K♠", "A♠", "6♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥"]
            covers = settled(page, f"{BOX} button.dnb-sc-card:not(.dnb-sc-gone)", want)
            assert covers == want
            card(page, "8♠").click()  # a cover is recorded at once
            page.wait_for_function(
                "() => document.querySelector('.dnb-sc-log').innerText.includes('Boris covers 7♠ with 8♠')",
                timeout=15000,
            )
            page.locator(f"{BOX} .widget-toggle-button", has_text="Vera").first.click()
            assert settled(page, f"{BOX} button.dnb-sc-card:not(.dnb-sc-gone)", ["8♣"]) == ["8♣"]
            card(page, "8♣").click()
            page.wait_for_selector(f"{BOX} button.dnb-sc-card.dnb-sel", timeout=15000)
            act(page, "Throw in").click()
            page.wait_for_function(
                "() => document.querySelector('.dnb-sc-log').innerText.includes('Vera throws in 8♣')",
                timeout=15000,
            )
            want = ["Anna attacks 7♠", "Boris covers 7♠ with 8♠", "Anna passes (implied)", "Vera throws in 8♣"]
            log = settled(page, f"{BOX} .dnb-sc-log li", want)
            assert log == want
            said = page.locator(f"{BOX} .dnb-said").first.inner_text()
            assert said == "Anna passes (implied); Vera throws in 8♣"
            lines = [json.loads(x) for x in journal.read_text(encoding="utf-8").splitlines()]
            assert lines[3] == {"player": "Anna", "action": "pass", "implied": True}
            assert lines[4] == {"player": "Vera", "action": "throw", "cards": ["8C"]}
            size: Any = page.locator(BOX).first.bounding_box()
            assert size is not None and size["width"] <= 1366 and size["height"] <= 768
            shot(page, "scorer-after-throw-in.png", BOX)
            shot(page, "scorer-notebook.png")
        except BaseException:
            shot(page, "scorer-failure.png")
            raise
        finally:
            page.close()
