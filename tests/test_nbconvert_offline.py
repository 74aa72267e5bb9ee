"""``jupyter nbconvert --to html --execute`` of a lesson shows its widgets offline (issue 12
§2): with the configuration :func:`durak_nb.views.offline.install` writes, the page carries
require.js and the widget renderer itself, asks nothing of the network, and leaves out the
lesson's hidden code.  Chromium opens the page from disk with every request but ``file:``
and ``data:`` refused and sees lesson 2's replayer drawn from the saved widget state.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium, only_from, require_browser, shot
from conftest import NOTEBOOKS

from durak_nb.views import offline

JUPYTER = Path(sys.executable).parent / "jupyter"


def test_install_writes_its_own_file_and_leaves_anyone_elses(tmp_path: Path) -> None:
    path = offline.install(tmp_path)
    assert path == tmp_path / "etc" / "jupyter" / "jupyter_nbconvert_config.py"
    assert path.read_text(encoding="utf-8").splitlines() == [
        offline.MARK,
        "from durak_nb.views.offline import configure",
        "",
        "configure(c)  # noqa: F821",
    ]
    assert offline.install(tmp_path) == path  # its own file: written again
    path.write_text("c.HTMLExporter.theme = 'dark'\n", encoding="utf-8")
    with pytest.raises(FileExistsError, match="exists and is not durak-nb's"):
        offline.install(tmp_path)
    assert path.read_text(encoding="utf-8") == "c.HTMLExporter.theme = 'dark'\n"


def test_a_damaged_script_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(offline.FOLDER / "require.js", tmp_path / "require.js")
    with (tmp_path / "require.js").open("ab") as fp:
        fp.write(b"//")
    monkeypatch.setattr(offline, "FOLDER", tmp_path)
    offline.script_uri.cache_clear()
    try:
        with pytest.raises(OSError, match=r"require\.js: sha256 .* the kit's copy is damaged"):
            offline.script_uri("require.js")
    finally:
        offline.script_uri.cache_clear()


@pytest.mark.browser
def test_an_executed_lesson_converted_to_html_shows_its_widgets_offline(tmp_path: Path) -> None:
    require_browser()
    prefix = tmp_path / "prefix"
    offline.install(prefix)
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(NOTEBOOKS / "02_a_bout.ipynb", work)
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(prefix / "etc" / "jupyter")}
    done = subprocess.run(
        [str(JUPYTER), "nbconvert", "--to", "html", "--execute", "02_a_bout.ipynb"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    page_file = work / "02_a_bout.html"
    html = page_file.read_text(encoding="utf-8")
    assert 'src="https://' not in html and "cdn." not in html.split("<body")[0]
    assert "from durak_nb import" not in html  # the hidden code is left out
    with chromium() as ctx:
        page: Any = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        refused = only_from(page, "file:", "data:")
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        page.wait_for_selector(".dnb-replayer svg[data-card]", timeout=60000)
        assert page.locator(".dnb-practice").count() >= 1
        assert errors == []
        shot(page, "nbconvert-offline-lesson2.png")
    assert refused == []
