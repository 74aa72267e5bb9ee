"""The replayer in a real browser: JupyterLab running notebooks/00_replay.ipynb, and an
exported page with no kernel and no network (Debian's Chromium driven by Playwright).

The plumbing (Chromium through Playwright, JupyterLab in a temporary folder with its own
config, runtime and settings folders, autosave off, stopped by its own PID; waiting for
the kernel, Run All with retries) is in tests/browserkit.py, shared with the lesson test.
JupyterLab serves a copy of the notebook and a link to ``recordings/``.

What is asserted, at each of three steps with the replayer's own step control:
the cards of every hand (``data-card`` of the face-up card pictures, in the order
shown, with the number of backs) and the table's attack/cover pairs equal the
engine's :class:`~durak_nb.engine.Position` at that index (R10: each covering card
with the card it beats).  Screenshots go to ``artifacts/`` (git-ignored).

Without Chromium or Playwright these tests skip, except with ``CI=true``, where they fail
with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium, jupyter_lab, only_from, open_notebook, require_browser, run_all, shot
from conftest import NOTEBOOKS, RECORDINGS
from test_views_html import AMP, EVIL

from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.export import export_html
from durak_nb.views.html import hand_order

pytestmark = pytest.mark.browser

RECORDING = RECORDINGS / "podkidnoy-2p.json"

#: every seat's cards as shown: [seat, face-up card codes in order, number of backs]
SEATS_JS = """els => els.filter(e => e.offsetParent !== null).map(e => [
    Number(e.dataset.seat),
    Array.from(e.querySelectorAll('svg[data-card]')).map(c => c.dataset.card),
    e.querySelectorAll('svg.dnb-back').length])"""
#: the table's pairs: [attack code, cover code or null]
TABLE_JS = """el => Array.from(el.querySelectorAll('svg.dnb-attack')).map(a => {
    const n = a.nextElementSibling, c = n && n.tagName === 'g' ? n.firstElementChild : n;
    return [a.dataset.card, c && c.classList.contains('dnb-cover') ? c.dataset.card : null]; })"""


@pytest.fixture(scope="module")
def chromium_ready() -> None:
    require_browser()


@pytest.fixture(scope="module")
def browser(chromium_ready: None) -> Iterator[Any]:
    with chromium() as ctx:
        yield ctx


@pytest.fixture(scope="module")
def lab(chromium_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a copy of notebooks/00_replay.ipynb; yields its base URL."""
    with jupyter_lab(tmp_path_factory.mktemp("lab"), [NOTEBOOKS / "00_replay.ipynb"], recordings=RECORDINGS) as base:
        yield base


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(Recording.load(RECORDING))


def expected_seats(replay: Replay, k: int, view: int = 0) -> list[list[Any]]:
    """What view ``view`` must show of each seat at frame ``k``: from the engine."""
    pos = replay.position(k)
    out: list[list[Any]] = []
    for s, hand in enumerate(pos.hands):
        if view in (0, s + 1):
            out.append([s, [c.code for c in hand_order(hand, pos.trump)], 0])
        else:
            known = hand_order(replay.known(k)[s], pos.trump)
            out.append([s, [c.code for c in known], len(hand) - len(known)])
    return out


def expected_table(replay: Replay, k: int) -> list[list[str | None]]:
    return [[a.code, None if d is None else d.code] for a, d in replay.position(k).table]


def seats_shown(page: Any) -> list[list[Any]]:
    return sorted(page.locator(".dnb-replayer .dnb-cards[data-seat]").evaluate_all(SEATS_JS))


def table_shown(page: Any) -> list[list[str | None]]:
    return list(page.locator(".dnb-replayer .dnb-table").first.evaluate(TABLE_JS))


def wait_frame(page: Any, k: int) -> None:
    """Until the replayer shows frame ``k``: the exported page's board says so
    (``data-frame``); in JupyterLab the slider's readout shows ``k`` and the board the
    kernel sent is the frame's (its story names ``k`` moves played)."""
    page.wait_for_function(
        """k => { const b = document.getElementById('dnb-board');
            if (b) { return b.getAttribute('data-frame') == k; }
            const r = document.querySelector('.dnb-replayer .widget-readout');
            const s = document.querySelector('.dnb-replayer [data-slot=story]');
            return r && r.textContent == k && s && s.textContent.includes('(' + k + ' of ') ||
                   r && r.textContent == k && k == 0; }""",
        arg=str(k),
        timeout=15000,
    )
    page.wait_for_timeout(150)  # let the page paint


# ----------------------------------------------------------------------------- JupyterLab


def test_lab_runs_the_notebook_and_steps_three_moves_r10(browser: Any, lab: str, replay: Replay) -> None:
    """Run All in JupyterLab, click the replayer's ▶ step button three times: the hands and
    the table (attack/cover pairs, R10) are exactly the engine's position 3."""
    page = browser.new_page()
    try:
        open_notebook(page, lab, "notebooks/00_replay.ipynb")
        run_all(page, ".dnb-replayer .dnb-cards")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90000)
        text = page.inner_text(".jp-Notebook")
        assert not any(s in text for s in ("Loading widget", "Error displaying widget", "odel not found", "Traceback"))
        assert seats_shown(page) == expected_seats(replay, 0)
        forward = page.locator('.dnb-replayer button[title="one move forward"]').first
        forward.scroll_into_view_if_needed()
        for k in (1, 2, 3):
            forward.click()
            wait_frame(page, k)
            assert (seats_shown(page), table_shown(page)) == (expected_seats(replay, k), expected_table(replay, k))
            if k == 2:  # the lead covered (R10): a pair on the table
                assert expected_table(replay, 2) == [["TH", "AH"]]
                shot(page, "lab-replayer-frame2.png", ".dnb-replayer")
        assert seats_shown(page) == expected_seats(replay, 3)
        assert table_shown(page) == expected_table(replay, 3)
        assert page.locator(".dnb-replayer .widget-slider .widget-readout").first.inner_text() == "3"
        story = page.locator(".dnb-replayer [data-slot=story]").first.inner_text()
        assert story.startswith(f"Move 3 (3 of 134 played): {replay.explain(2, with_events=False)}")
        shot(page, "lab-replayer-frame3.png", ".dnb-replayer")
        shot(page, "lab-notebook.png")
    except BaseException:
        shot(page, "lab-failure.png")  # what the page showed when it went wrong
        raise
    finally:
        page.close()


# ----------------------------------------------------------------------------- the exported page


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export_html(Recording.load(RECORDING), tmp_path_factory.mktemp("export") / "podkidnoy-2p.html")


def open_offline(browser: Any, path: Path) -> tuple[Any, list[str]]:
    """Open ``path`` with every request that is not the file itself refused and noted."""
    page = browser.new_page()
    own = path.resolve().as_uri()
    asked = only_from(page, own)
    page.goto(own)
    page.wait_for_selector(".dnb-replayer .dnb-cards", timeout=30000)
    return page, asked


def step_up(page: Any) -> None:
    """Click the page's ▶ step button, as a learner would."""
    page.click("#dnb-forward")


def test_export_page_steps_three_moves_without_kernel_r10(browser: Any, page_file: Path, replay: Replay) -> None:
    """The exported page, opened from file:// with no kernel and every network request
    refused: three clicks on ▶ show exactly the engine's
    position 3; the page asked for nothing."""
    page, asked = open_offline(browser, page_file)
    try:
        assert seats_shown(page) == expected_seats(replay, 0)
        assert table_shown(page) == []
        for k in (1, 2, 3):
            step_up(page)
            wait_frame(page, k)
            assert (seats_shown(page), table_shown(page)) == (expected_seats(replay, k), expected_table(replay, k))
            if k == 2:
                shot(page, "export-frame2.png")
        assert seats_shown(page) == expected_seats(replay, 3)
        assert table_shown(page) == expected_table(replay, 3)
        assert page.input_value("#dnb-slider") == "3"
        story = page.locator(".dnb-replayer [data-slot=story]").first.inner_text()
        assert story.startswith(f"Move 3 (3 of 134 played): {replay.explain(2, with_events=False)}")
        shot(page, "export-frame3.png")
        assert asked == []
    finally:
        page.close()


def test_export_page_views_goto_and_play_r14_r16(browser: Any, page_file: Path, replay: Replay) -> None:
    """Offline: the go-to list jumps to a frame; Boris's view shows Anna's hand face down
    except the cards Boris saw her take (R14); Play runs on by itself."""
    page, asked = open_offline(browser, page_file)
    try:
        # jump to the frame after the first take (R14): the taker's cards are public
        k = next(k for k in range(1, len(replay) + 1) if replay.known(k)[0] or replay.known(k)[1])
        page.select_option("#dnb-goto", index=k)
        wait_frame(page, k)
        assert seats_shown(page) == expected_seats(replay, k)
        page.select_option("#dnb-view", index=2)  # Boris's view
        page.wait_for_timeout(300)
        assert seats_shown(page) == expected_seats(replay, k, view=2)
        assert table_shown(page) == expected_table(replay, k)
        shot(page, "export-boris-view.png")
        page.click("#dnb-play")  # play
        page.wait_for_function(
            "k => Number(document.getElementById('dnb-number').value) >= k",
            arg=k + 2,
            timeout=15000,
        )
        page.click("#dnb-play")  # pause
        page.wait_for_timeout(300)
        k2 = int(page.input_value("#dnb-number"))
        assert seats_shown(page) == expected_seats(replay, k2, view=2)
        assert asked == []
    finally:
        page.close()


def test_export_page_names_are_text_and_run_nothing(browser: Any, tmp_path: Path) -> None:
    """Names `<img src=x onerror=alert(1)>` and `A&B "q"` with a newline in a comment:
    no dialog opens, no element is made from them, and the text shows as typed."""
    from test_views_html import evil_replay

    path = export_html(evil_replay(), tmp_path / "evil.html", title=EVIL)
    page, asked = open_offline(browser, path)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        page.select_option("#dnb-view", index=1)
        page.wait_for_timeout(300)
        step_up(page)
        wait_frame(page, 1)
        assert page.title() == EVIL
        assert page.evaluate("document.querySelectorAll('img, iframe, object, embed').length") == 0
        body = page.inner_text("body")
        assert EVIL in body and AMP in body
        view = page.locator("#dnb-view")
        assert view.evaluate("s => s.options[s.selectedIndex].text") == f"{EVIL}'s view"
        labels = view.evaluate("s => Array.from(s.options).map(o => o.text)")
        assert labels == ["all hands open", f"{EVIL}'s view", f"{AMP}'s view"]
        page.wait_for_timeout(300)
        shot(page, "export-evil-names.png")
        assert dialogs == []
        assert asked == []
    finally:
        page.close()
