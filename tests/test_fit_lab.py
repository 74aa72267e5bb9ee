"""The JupyterLab sweep (issue 22): lessons Run All in JupyterLab, looked at at 1024×768
(the projector) and 1366×768 (the laptop), in headless Chromium.

Each lesson is opened and run once in one JupyterLab server shared by the module, and
both sizes are asked of the same page (:data:`browserkit.CLIPPED_JS`): no text cut, no
SVG text outside its picture, no notebook wider than its column; no line of a hidden
cell's code shows; «For teachers» stays folded.

CI has 30 minutes for the whole suite: every lesson of one edition (:data:`WHOLE`,
Ukrainian: its words are the longest of the three) and a sample of the other two
(:data:`SAMPLE`: the index and the lessons with the most pictures and widgets) are swept;
the exported pages of every lesson in every edition are swept in
``test_fit_browser.py``.  ``DURAK_NB_FIT_ALL=1`` sweeps every lesson of every edition.
This module is a file of its own so that pytest-xdist (``--dist loadfile``) runs it
beside the other browser tests (seen: the 20 lessons in 8 min 53 s on the 2-core
development machine, loaded, the exported pages' test running beside it).  Screenshots
go to ``artifacts/fit/`` (git-ignored).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import CLIPPED_JS, jupyter_lab, require_browser
from conftest import NOTEBOOKS, RECORDINGS
from test_fit_browser import CODE, EDITIONS, SIZES, close_sessions, run_in_lab, served_path, shot

pytestmark = pytest.mark.browser

#: the edition swept whole
WHOLE = "uk"
#: the lessons swept in the other editions
SAMPLE = ("00_index.ipynb", "01_cards_trump_beating.ipynb", "05_perevodnoy.ipynb")


def swept() -> list[tuple[str, Path]]:
    """The (edition, notebook) pairs swept: :data:`WHOLE` whole, :data:`SAMPLE` of the others
    (every one with ``DURAK_NB_FIT_ALL=1``)."""
    every = os.environ.get("DURAK_NB_FIT_ALL") == "1"
    out = []
    for lang, folder in EDITIONS.items():
        for nb in sorted(folder.glob("*.ipynb")):
            if every or lang == WHOLE or nb.name in SAMPLE:
                out.append((lang, nb))
    return out


def test_the_sweep_takes_every_lesson_of_one_edition_and_each_sample_exists() -> None:
    names = {nb.name for nb in (NOTEBOOKS / WHOLE).glob("*.ipynb")}
    assert set(SAMPLE) <= names and set(SAMPLE) <= {nb.name for nb in NOTEBOOKS.glob("*.ipynb")}
    if os.environ.get("DURAK_NB_FIT_ALL") != "1":
        assert [nb.name for lang, nb in swept() if lang == WHOLE] == sorted(names)
        assert len(swept()) == len(names) + 2 * len(SAMPLE)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One JupyterLab for the module, serving the editions swept, every cell drawn
    (windowing off: a cell out of view is still looked at)."""
    require_browser()
    top = tmp_path_factory.mktemp("fit-sweep")
    with jupyter_lab(top, [], recordings=RECORDINGS) as base:
        for lang, nb in swept():
            dest = top / "notebooks" / ("" if lang == "en" else lang)
            dest.mkdir(exist_ok=True)
            shutil.copy(nb, dest / nb.name)
        tracker = top / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True)
        (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        yield base


@pytest.mark.parametrize(("lang", "nb"), swept(), ids=[f"{lang}-{nb.stem}" for lang, nb in swept()])
def test_the_lesson_fits_in_jupyterlab(browser: Any, lab: str, lang: str, nb: Path) -> None:
    """The lesson, Run All in JupyterLab, at 1024×768 and 1366×768: nothing cut, no SVG
    text outside its picture, no notebook wider than its column, no line of code, «For
    teachers» folded."""
    page = browser.new_page()
    found: dict[str, Any] = {}
    try:
        page.set_viewport_size({"width": 1024, "height": 768})
        run_in_lab(page, lab, served_path(lang, nb))
        text = page.inner_text(".jp-Notebook")
        assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback")), text[-2000:]
        for width, height in reversed(SIZES):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)
            got = list(page.evaluate(CLIPPED_JS, ".jp-Notebook"))
            text = page.inner_text(".jp-Notebook")
            code = [c for c in CODE if c in text]
            teachers = page.locator("table.dnb-claims").evaluate_all("els => els.filter(e => e.offsetParent).length")
            if got or code or teachers:
                found[str(width)] = {"clipped": got, "code": code, "teachers shown": teachers}
            shot(page, f"lab-{lang}-{nb.stem}-{width}.png")
    finally:
        close_sessions(page)
        page.close()
    assert found == {}, json.dumps(found, ensure_ascii=False)
