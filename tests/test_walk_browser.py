"""Issue 22, found on a walk as a new user: a lesson ends with its last words, not with
the notebook's footer «Click to add a cell.», in JupyterLab, Notebook 7 and JupyterLite.

The kit's style extension (``durak_nb/views/static/labextension``, prebuilt and committed,
:mod:`durak_nb.views.offline`) hides the footer of a notebook with hidden code (every
lesson); a notebook of the learner's own keeps it.  The copy tested is the checkout's:
installed into a folder of the test's own, put first on ``JUPYTER_PATH``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import course_site, jupyter_lab, one_cell_notebook, serve_folder, shot
from conftest import NOTEBOOKS, RECORDINGS

pytestmark = pytest.mark.browser

#: how many «Click to add a cell.» footers the page shows (laid out, with a size)
FOOTERS_SHOWN = "els => els.filter(e => e.offsetParent !== null && e.getBoundingClientRect().height > 0).length"

#: scroll every scroller of the notebook to its end
SCROLL_TO_END = """() => document.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook, .jp-NotebookPanel')
    .forEach(e => { e.scrollTop = e.scrollHeight; })"""


@pytest.fixture(scope="module")
def style_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    from durak_nb.views.offline import install_labextension

    share = tmp_path_factory.mktemp("walk-share")
    install_labextension(share)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUPYTER_PATH", str(share / "share" / "jupyter"))
        yield


def footers(page: Any, lesson: bool = True) -> tuple[int, int]:
    """(footers in the page, footers shown), once the notebook's end is scrolled into
    view; for a lesson, once its cells are laid out (JupyterLab lays out a notebook's
    cells in batches after it opens: the footer shows until a hidden cell is there)."""
    if lesson:
        page.wait_for_selector(".jp-Notebook .jp-InputPlaceholder", state="attached", timeout=120000)
    for _ in range(4):  # a windowed notebook lays out more cells as it is scrolled
        page.evaluate(SCROLL_TO_END)
        page.wait_for_timeout(400)
    found = page.locator(".jp-Notebook-footer")
    return found.count(), int(found.evaluate_all(FOOTERS_SHOWN))


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_lesson_has_no_add_a_cell_footer_in_jupyterlab_and_notebook_7(
    browser: Any, tmp_path_factory: pytest.TempPathFactory, style_path: None, app: str
) -> None:
    mine = one_cell_notebook(tmp_path_factory.mktemp("walk-own") / "mine.ipynb", "1 + 1")
    lessons = [NOTEBOOKS / "02_a_bout.ipynb", NOTEBOOKS / "uk" / "06_the_end.ipynb"]
    with jupyter_lab(tmp_path_factory.mktemp(f"walk-{app}"), [*lessons, mine], recordings=RECORDINGS, app=app) as base:
        page = browser.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            for name in ("02_a_bout.ipynb", "06_the_end.ipynb", "mine.ipynb"):
                where = f"lab/tree/notebooks/{name}?reset" if app == "lab" else f"notebooks/notebooks/{name}"
                page.goto(f"{base}/{where}")
                page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60000)
                page.wait_for_timeout(1500)
                count, shown = footers(page, name != "mine.ipynb")
                shot(page, f"walk-footer-{app}-{name.replace('.ipynb', '')}.png")
                if name == "mine.ipynb":  # the learner's own notebook keeps its footer
                    assert (count, shown) == (1, 1)
                else:
                    assert (count, shown) == (1, 0), name
        finally:
            page.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The JupyterLite site built from the checkout (:func:`browserkit.course_site`:
    ``DURAK_NB_SITE=DIR``, a site already built from this checkout, or one built here), served."""
    with serve_folder(course_site(tmp_path_factory)) as base:
        yield base


@pytest.mark.parametrize("path", ["02_a_bout.ipynb", "ru/04_drawing_order.ipynb"])
def test_a_lesson_has_no_add_a_cell_footer_in_jupyterlite(browser: Any, site: str, path: str) -> None:
    fresh = browser.browser.new_context()  # a first visit: no workspace of an earlier test kept
    page = fresh.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        page.goto(f"{site}/lab/index.html?path={path}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120000)
        page.wait_for_timeout(2000)
        count, shown = footers(page)
        shot(page, f"walk-footer-lite-{Path(path).stem}.png")
        assert (count, shown) == (1, 0)
    finally:
        fresh.close()
