"""The course as a static JupyterLite site (durak_nb.site, issue 12 §1).

The site is built once for the module (downloads cached in ``DURAK_NB_SITE_CACHE`` or
``~/.cache/durak-nb-site``: the first build downloads ~25 MB from npm and PyPI), then
checked as files (the lock lists exactly the shipped wheels with their checksums, the PyPI
fallback is off, no address outside the site) and in headless Chromium served from a
loopback port with every other request refused: lesson 2 run top to bottom, its replayer
stepped, a drill answered.
"""

from __future__ import annotations

import hashlib
import html.parser
import json
import os
import shutil
import time
import urllib.parse
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    ARTIFACTS,
    LAB_WORDS,
    VISIBLE_WORDS_JS,
    chromium,
    click_run_all,
    only_from,
    prebuilt_site,
    require_browser,
    serve_folder,
    shot,
)

from durak_nb.site import main
from durak_nb.site.build import LESSON8, ON_DEMAND, SIZE_LIMIT, WHEEL_SKIPS, build_site, course_files
from durak_nb.site.bytecode import node_missing
from durak_nb.site.landing import INDEX, edition_app, editions, landing_page
from durak_nb.site.pins import SiteError, load_pins

pytest.importorskip("jupyterlite_core")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from this checkout: the one ``scripts/test.sh`` built beside the
    lint with ``python -m durak_nb.site`` (:func:`browserkit.prebuilt_site`; its summary
    line, ``DURAK_NB_SITE_SUMMARY``, and its size checked here as this module's own build
    is; these tests only read it), else built here."""
    built = prebuilt_site()
    if built is not None and not os.environ.get("DURAK_NB_SITE_NOTEBOOKS"):
        from durak_nb.site.build import _folder_size

        said = os.environ.get("DURAK_NB_SITE_SUMMARY")  # the build's summary line (test.sh)
        if said is not None:
            assert "(editions: en, " in said, said
            missing = said.rpartition("without a browser build: ")[2].split(", ")
            assert set(missing) == {"numpy", "pandas", "matplotlib"}, said
        site, size = built, _folder_size(built)
    else:
        site = tmp_path_factory.mktemp("site") / "site"
        # DURAK_NB_SITE_NOTEBOOKS: build from another course folder (e.g. editions not yet merged)
        report = build_site(site, notebooks=os.environ.get("DURAK_NB_SITE_NOTEBOOKS") or None)
        assert report.editions[0] == "en"
        assert {"numpy", "pandas", "matplotlib"} <= set(report.missing)
        size = report.size
    assert size <= SIZE_LIMIT, f"the site is {size / 1e6:.1f} MB, above {SIZE_LIMIT / 1e6:.0f} MB"
    return site


def test_pins_have_checksums() -> None:
    pins = load_pins()
    assert pins["pyodide"]["integrity"].startswith("sha512-")
    assert pins["viz"]["integrity"].startswith("sha512-")
    assert all(
        len(w["sha256"]) == 64 and w["url"].startswith("https://files.pythonhosted.org/") for w in pins["wheels"]
    )


def test_lock_lists_exactly_the_shipped_wheels(site: Path) -> None:
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = {p.name for p in pyodide.glob("*.whl")}
    assert {e["file_name"] for e in lock["packages"].values()} == wheels
    for entry in lock["packages"].values():
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
        assert set(entry["depends"]) <= set(lock["packages"]), entry["name"]
    assert {"durak-nb", "ipywidgets", "pyodide-kernel", "durak-nb-viz"} <= set(lock["packages"])


def test_config_needs_nothing_from_elsewhere(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert "durak-nb" in kernel["loadPyodideOptions"]["packages"]
    assert "http" not in json.dumps(kernel)


def test_the_lesson_style_extension_is_in_the_site(site: Path) -> None:
    """The kit's front-end extension (a hidden cell leaves no line of code, issue 22) is
    copied into the site and listed for the apps to load, as in the kit (issue 22: a site
    built where it was not installed had none, and showed each hidden cell's first line)."""
    from durak_nb.views.offline import LABEXTENSION, LABEXTENSION_NAME

    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    listed = {e["name"]: e for e in config["federated_extensions"]}
    assert listed[LABEXTENSION_NAME]["load"] == "static/remoteEntry.js"
    assert listed[LABEXTENSION_NAME]["style"] == "./style"
    shipped = site / "extensions" / LABEXTENSION_NAME / "static" / "remoteEntry.js"
    assert shipped.read_bytes() == (LABEXTENSION / "static" / "remoteEntry.js").read_bytes()


def test_lesson8_says_its_tables_need_pandas(site: Path) -> None:
    nb = json.loads((site / "files" / LESSON8).read_text(encoding="utf-8"))
    note = "".join(nb["cells"][1]["source"])
    assert note.startswith("**In the browser this lesson's tables do not run.**")
    assert "Pyodide 314.0.6" in note


def test_main_refuses_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--no-such-option"])
    assert "--no-such-option" in capsys.readouterr().err


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with serve_folder(site) as base:
        yield base


def open_and_run(page: Any, base: str, path: str, lang: str = "en") -> float:
    """Open ``path`` in the site's JupyterLab of edition ``lang`` (``lab/``, ``lab-ru/``, …:
    the landing page's links), Run All when the kernel is ready, and wait until the kernel
    is idle with outputs shown; returns the seconds from opening to idle."""
    idle = LAB_WORDS[lang][2]
    start = time.monotonic()
    page.goto(f"{base}/{edition_app('lab', lang)}/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook", timeout=60000)
    status = page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide)").first
    page.wait_for_function(
        "idle => [...document.querySelectorAll('.jp-StatusBar-Widget')]"
        ".some(e => e.textContent.includes('Pyodide) | ' + idle))",
        arg=idle,
        timeout=180000,
    )
    click_run_all(page, lang)
    page.wait_for_selector(".jp-OutputArea-output", timeout=180000)
    deadline = time.monotonic() + 240
    while idle not in status.inner_text() and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert idle in status.inner_text()
    return time.monotonic() - start


@pytest.mark.browser
def test_lesson_runs_in_the_browser_with_nothing_from_elsewhere(served: str) -> None:
    require_browser()
    with chromium() as ctx:
        refused = only_from(ctx, served)
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        open_and_run(page, served, "02_a_bout.ipynb")
        text = page.inner_text(".jp-Notebook")
        assert "Traceback" not in text
        assert "Anna leads 7♠ 7♣ against you: cover every card, or take (R10)." in text  # the practice bout
        shot(page, "site-lesson2-end.png")

        replayer = page.locator(".dnb-replayer").first
        replayer.scroll_into_view_if_needed()
        forward = page.locator('.dnb-replayer button[title="one move forward"]').first
        for _ in range(3):
            forward.click()
            page.wait_for_timeout(400)
        assert page.locator(".dnb-replayer .widget-slider .widget-readout").first.inner_text() == "3"
        shot(page, "site-replayer.png", ".dnb-replayer")

        drill = page.locator(".dnb-drill").first
        drill.scroll_into_view_if_needed()
        drill.locator("button").first.click()
        page.wait_for_function(
            "() => (document.querySelector('.dnb-drill .dnb-feedback') || {}).textContent?.trim().length > 0",
            timeout=30000,
        )
        feedback = page.locator(".dnb-drill .dnb-feedback").first.inner_text()
        assert feedback.strip()
        shot(page, "site-drill.png", ".dnb-drill")

        # the bout's own box (its task leaves once the bout is over: the prompt alone speaks)
        boxes = page.locator(".dnb-practice")
        index = next(i for i in range(boxes.count()) if "against you" in boxes.nth(i).inner_text())
        practice = boxes.nth(index)
        practice.scroll_into_view_if_needed()
        assert "Take" in practice.locator("button").evaluate_all(VISIBLE_WORDS_JS)
        practice.locator("button", has_text="Take").first.click()  # Boris takes (R14)
        page.wait_for_timeout(3000)
        after = practice.inner_text()
        assert "Boris picks up" in after and "(R14)" in after  # the bout ended: Boris took (R14)
        assert "The bout is over" in after and "against you" not in after and "may act" not in after
        assert "Boris · 9 cards · you" in after
        ARTIFACTS.mkdir(exist_ok=True)
        practice.screenshot(path=str(ARTIFACTS / "site-practice.png"))

        # a diagram drawn by the browser's WASM Graphviz: a new cell at the end
        page.locator(".jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")  # edit the new cell
        page.keyboard.type(
            "import graphviz\nfrom durak_nb.views import trees\n"
            "g = graphviz.Digraph()\ng.edge('Anna', 'Boris')\ntrees.show(g)"
        )
        page.keyboard.press("Shift+Enter")
        page.wait_for_timeout(4000)
        page.locator(".jp-Cell").nth(-2).click()
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        picture = ".jp-OutputArea-output img[src^='data:image/svg+xml']"
        page.wait_for_selector(picture, timeout=30000)
        drawn = urllib.parse.unquote(page.locator(picture).last.get_attribute("src") or "")
        assert "Generated by graphviz" in drawn
        assert ">Anna</text>" in drawn and ">Boris</text>" in drawn
        shot(page, "site-graphviz.png")
    assert refused == []


def test_every_edition_present_is_copied_and_lesson8_speaks_its_language(tmp_path: Path) -> None:
    course = tmp_path / "notebooks"
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# 8"]}], "metadata": {}, "nbformat": 4}
    for folder in ("", "ru", "uk"):
        (course / folder).mkdir(parents=True, exist_ok=True)
        (course / folder / LESSON8).write_text(json.dumps(nb), encoding="utf-8")
    (course / "01_cards_trump_beating.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    files = tmp_path / "files"
    editions, count = course_files(Path(__file__).resolve().parents[1], files, "314.0.6", course)
    assert (editions, count) == (["en", "ru", "uk"], 4)
    assert (files / "recordings" / "README.md").exists()

    def note(folder: str) -> str:
        return "".join(json.loads((files / folder / LESSON8).read_text(encoding="utf-8"))["cells"][1]["source"])

    assert note("ru").startswith("**В браузере таблицы этого урока не работают.** Они строятся с помощью pandas")
    assert note("uk").startswith("**У браузері таблиці цього уроку не працюють.** Їх побудовано за допомогою pandas")
    assert "Pyodide 314.0.6" in note("uk")
    assert not (files / "ru" / "01_cards_trump_beating.ipynb").exists()


def test_a_link_out_of_the_course_and_a_folder_that_is_no_site_are_refused(tmp_path: Path) -> None:
    """A hostile trial (issue 23): a lesson that is a link to a file outside the course
    was published in the site, and ``-o`` named any folder, removed whole: both refused,
    naming the path, before anything is copied or removed."""
    from durak_nb.site.build import _check_output

    course = tmp_path / "notebooks"
    course.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("secret", encoding="utf-8")
    (course / "a.ipynb").symlink_to(secret)
    files = tmp_path / "files"
    with pytest.raises(SiteError) as info:
        course_files(Path(__file__).resolve().parents[1], files, "314.0.6", course)
    assert (
        str(info.value)
        == f"{course / 'a.ipynb'} is a link or not a regular file: a lesson is a notebook file of its own"
    )
    assert not (files / "a.ipynb").exists()
    root = Path(__file__).resolve().parents[1]
    mine = tmp_path / "my-work"
    mine.mkdir()
    (mine / "thesis.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteError) as info:
        _check_output(mine, root, course)
    assert "holds files and is no site built before" in str(info.value) and (mine / "thesis.txt").exists()
    with pytest.raises(SiteError) as info:
        _check_output(tmp_path, root, course)
    assert str(info.value) == f"{tmp_path} holds {course}: the site's folder is replaced whole; choose another"
    with pytest.raises(SiteError, match="is a file, not a folder"):
        _check_output(secret, root, course)
    _check_output(tmp_path / "new-site", root, course)  # a new folder, or an earlier site: taken
    (mine / "jupyter-lite.json").write_text("{}", encoding="utf-8")
    _check_output(mine, root, course)


def test_site_catalogue_complete() -> None:
    from durak_nb.catalogues import check

    assert check(["site"]) == []


def test_browser_module_is_idle_outside_a_browser() -> None:
    from durak_nb.site import browser

    assert browser.in_browser() is False
    assert browser.start() is False
    assert browser.render_svg("digraph { a -> b }") is None


@pytest.mark.browser
def test_ukrainian_edition_runs_in_the_browser(site: Path, served: str) -> None:
    """The Ukrainian edition's lesson 2 (when the kit has it) runs on the site: the players
    are Анна, Борис, Віра, no traceback."""
    if not (site / "files" / "uk" / "02_a_bout.ipynb").exists():
        pytest.skip("the kit has no Ukrainian edition of lesson 2 (notebooks/uk/)")
    require_browser()
    with chromium() as ctx:
        only_from(ctx, served)
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        open_and_run(page, served, "uk/02_a_bout.ipynb")
        text = page.inner_text(".jp-Notebook")
        assert "Traceback" not in text
        assert "Віра" in text
        shot(page, "site-uk-lesson2.png")
        # the grammar runs in the browser's Python too (issue 20): the course's names
        # from the kit's memo, a name it lacks (Тарас, Лев) from pymorphy3 and its Ukrainian
        # and Russian dictionaries, loaded then from the site's wheels
        page.locator(".jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.type(
            "from durak_nb.grammar import decline\n"
            "print('grammar:', decline('Даша', 'accs', 'uk'), decline('Гліб', 'gent', 'uk'),"
            " decline('Вера', 'datv', 'ru'), decline('Тарас', 'gent', 'uk'), decline('Лев', 'datv', 'ru'))"
        )
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea-output')]"
            ".some(e => e.textContent.includes('grammar:'))",
            timeout=120000,
        )
        outputs = page.locator(".jp-OutputArea-output", has_text="grammar:").last.inner_text()
        assert "grammar: Дашу Гліба Вере Тараса Льву" in outputs, outputs


class _Page(html.parser.HTMLParser):
    """The links, the text of each edition's section, and the tags of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.tags: set[str] = set()
        self.scripts: list[str | None] = []
        self.sections: dict[str, list[str]] = {}
        self._section: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        a = dict(attrs)
        if tag == "script":
            self.scripts.append(a.get("type"))
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if tag == "section":
            self._section = a.get("lang")
            self.sections[self._section or ""] = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._section = None

    def handle_data(self, data: str) -> None:
        if self._section is not None:
            self.sections[self._section].append(data)


def test_landing_page_links_every_lesson_of_every_edition(site: Path) -> None:
    """``/`` is the front door: the three editions, each lesson's title and line in the
    edition's language, each linking to a lesson the site has (issue 22)."""
    page = _Page()
    page.feed((site / "index.html").read_text(encoding="utf-8"))
    assert page.scripts == ["application/json"] and "link" not in page.tags  # no code, nothing from elsewhere
    assert not [h for h in page.links if "://" in h or h.startswith("//")]
    opened = [urllib.parse.urlsplit(h) for h in page.links if "index.html?path=" in h]
    assert len(opened) == 3 * (11 * 2 + 1)  # each lesson in JupyterLab and alone, and each index
    for link in opened:
        assert (site / link.path).is_file(), link.path
        (path,) = urllib.parse.parse_qs(link.query)["path"]
        assert (site / "files" / path).is_file(), path
    # each edition opens in its own JupyterLab, whose menus are in its language
    assert "lab-ru/index.html?path=ru/00_index.ipynb" in page.links
    assert "lab-uk/index.html?path=uk/02_a_bout.ipynb" in page.links
    assert "notebooks-uk/index.html?path=uk/02_a_bout.ipynb" in page.links
    assert "notebooks/index.html?path=05_perevodnoy.ipynb" in page.links
    assert "lab/index.html?path=00_index.ipynb" in page.links
    for lang, locale in (("ru", "ru_RU"), ("uk", "uk_UA")):
        for app in ("lab", "notebooks"):
            config = json.loads((site / f"{app}-{lang}" / "jupyter-lite.json").read_text(encoding="utf-8"))[
                "jupyter-config-data"
            ]
            assert config["appUrl"] == f"/{app}-{lang}"
            assert config["settingsOverrides"] == {
                "@jupyterlab/translation-extension:plugin": {"locale": locale},
                "@jupyterlab/notebook-extension:tracker": {"showHiddenCellsButton": False},
            }
            assert config["disabledExtensions"] == ["@jupyterlab/notebook-extension:cell-counter-status"]
    assert {p.name for p in (site / "api" / "translations").iterdir()} >= {"ru_RU.json", "uk_UA.json"}
    # the header greets each edition in its own language
    front = (site / "index.html").read_text(encoding="utf-8")
    assert (
        '<p lang="ru" class="other"><span class="h">Дурак шаг за шагом: курс в браузере</span>'
        " · Выберите язык курса и урок.</p>" in front
    )
    assert '<p lang="uk" class="other"><span class="h">Дурень крок за кроком: курс у браузері</span>' in front
    text = {lang: " ".join(" ".join(parts).split()) for lang, parts in page.sections.items()}
    assert set(text) == {"en", "ru", "uk"}
    assert "English: Durak, step by step — a course in 11 lessons" in text["en"]
    assert "Cards, trump and beating" in text["en"]
    assert "How a bout goes: the lead, covering, throwing in, taking, and bito." in text["en"]
    assert "Русский: Дурак шаг за шагом — курс из 11 уроков" in text["ru"]
    assert "Переводной: перевод" in text["ru"] and "урок о чём он время" in text["ru"]
    assert "Сколько карт можно подкинуть отбивающемуся и как подкидывают вдогонку. 25 мин" in text["ru"]
    assert "Українська: Дурень крок за кроком — курс з 11 уроків" in text["uk"]
    assert "Яка карта б'є яку, що робить козир, як роздають карти і хто ходить першим. 20 хв" in text["uk"]
    assert "Виберіть у меню Виконати ▸ Запустити всі клітинки" in text["uk"]
    assert "Cards" not in text["uk"] and "Карты" not in text["uk"]


def test_landing_page_renders_nothing_from_a_notebook_as_markup(tmp_path: Path) -> None:
    row = "| 1 | [<img src=x onerror=alert(1)>](01_a.ipynb) | <script>alert(2)</script> & more | 5 min |"
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# <b>Course</b>\n\n", row]}]}
    (tmp_path / INDEX).write_text(json.dumps(nb), encoding="utf-8")
    (tmp_path / "01_a.ipynb").write_text("{}", encoding="utf-8")
    (ed,) = editions(tmp_path, [("", "en")])
    assert ed.lessons[0].path == "01_a.ipynb" and ed.lessons[0].time == "5 min"
    out = landing_page([ed])
    assert "<img" not in out and "<b>" not in out
    assert out.count("<script") == 1 and '<script id="jupyter-config-data" type="application/json"' in out
    assert "&lt;img src=x onerror=alert(1)&gt;" in out and "&lt;script&gt;alert(2)&lt;/script&gt; &amp; more" in out


def test_landing_page_names_the_row_whose_lesson_is_missing(tmp_path: Path) -> None:
    lines = ["# Course\n", "\n", "| 1 | [A](01_gone.ipynb) | x | 5 min |"]
    nb = {"cells": [{"cell_type": "markdown", "source": lines}]}
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / INDEX).write_text(json.dumps(nb), encoding="utf-8")
    with pytest.raises(SiteError, match=r"00_index.ipynb, markdown line 3: the lesson 01_gone.ipynb"):
        editions(tmp_path, [("ru", "ru")])


def test_quick_start_preloads_no_grammar_and_ships_bytecode(site: Path) -> None:
    """The quick start (issue 22): the grammar's packages are on the site but loaded only by
    the pages that need them; the standard library and the wheels hold Python 3.14 bytecode
    in place of their sources (when node was there to compile it)."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    preloaded = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    assert not set(ON_DEMAND) & set(preloaded["packages"])
    assert "prompt-toolkit" not in preloaded["packages"] and "prompt-toolkit" in lock
    assert "prompt-toolkit" not in lock["ipython"]["depends"] and "jedi" in preloaded["packages"]
    assert set(ON_DEMAND) <= set(lock)
    assert lock["pymorphy3"]["depends"] == ["dawg2-python"]
    assert "pymorphy3" not in lock["durak-nb"]["depends"]
    (kit,) = pyodide.glob("durak_nb-*.whl")
    names = set(zipfile.ZipFile(kit).namelist())
    assert not [n for n in names if n.startswith("durak_nb/views/static/widgets/")]
    assert "durak_nb/locale/ru/LC_MESSAGES/site.mo" in names
    stdlib = set(zipfile.ZipFile(pyodide / "python_stdlib.zip").namelist())
    assert "sitecustomize.pyc" in stdlib or "sitecustomize.py" in stdlib
    if node_missing() is None:
        assert "durak_nb/engine.pyc" in names and "durak_nb/engine.py" not in names
        assert "json/__init__.pyc" in stdlib and "json/__init__.py" not in stdlib
        code = zipfile.ZipFile(kit).read("durak_nb/engine.pyc")
        assert code[:4] == bytes.fromhex("2b0e0d0a")  # Python 3.14's magic number
    assert not list((site / "build").glob("fa-*.ttf")) and list((site / "build").glob("fa-*.woff2"))
    (jedi,) = pyodide.glob("jedi-*.whl")
    jedi_names = zipfile.ZipFile(jedi).namelist()
    skips = WHEEL_SKIPS["jedi"]
    assert [n for n in jedi_names if n.startswith(skips)] == list(skips)  # the two folders, empty
    assert len(jedi_names) == 1880 - 1127 + 2


def test_imports_look_in_the_notebooks_folder_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's ``sitecustomize``: a module in the current folder never shadows one found
    elsewhere, and one found nowhere else still imports from it."""
    import importlib
    import sys

    from durak_nb.site import sitecustomize

    (tmp_path / "textwrap.py").write_text("SHADOW = True\n", encoding="utf-8")
    (tmp_path / "my_own_module_22.py").write_text("MINE = 22\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", *sys.path])
    spec = sitecustomize.FolderLastPathFinder.find_spec("textwrap")
    assert spec is not None and spec.origin is not None and "SHADOW" not in Path(spec.origin).read_text()
    mine = sitecustomize.FolderLastPathFinder.find_spec("my_own_module_22")
    assert mine is not None and mine.origin == str(tmp_path / "my_own_module_22.py")
    assert sitecustomize.FolderLastPathFinder.find_spec("no_such_module_22") is None
    importlib.invalidate_caches()


def test_grammar_loads_nothing_outside_the_browser() -> None:
    from durak_nb import grammar

    grammar.prepare("ru")
    assert grammar._loading == {}
    assert grammar.analyzer("ru") is not None


def test_a_broken_lesson_is_named_and_a_stored_trust_is_dropped(tmp_path: Path) -> None:
    """Issue 23's leftovers: a broken lesson 8 was a traceback out of the build (now the
    file and place, in words); a lesson's ``metadata.trusted`` was copied into the site,
    where it could let a stored output's script run (now dropped)."""
    root = Path(__file__).resolve().parents[1]
    course = tmp_path / "notebooks"
    course.mkdir()
    (course / LESSON8).write_text('{"cells": [\n  {"cell_type": }', encoding="utf-8")
    with pytest.raises(SiteError) as info:
        course_files(root, tmp_path / "files", "314.0.6", course)
    where = tmp_path / "files" / LESSON8
    assert str(info.value) == f"{where}:2:17: the lesson is not a notebook (JSON: Expecting value)"
    nb = {"cells": [], "metadata": {"trusted": True, "kernelspec": {"name": "python3"}}, "nbformat": 4}
    (course / LESSON8).write_text(json.dumps(nb), encoding="utf-8")
    (course / "01_cards_trump_beating.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    files = tmp_path / "files2"
    course_files(root, files, "314.0.6", course)
    for name in (LESSON8, "01_cards_trump_beating.ipynb"):
        assert json.loads((files / name).read_text(encoding="utf-8"))["metadata"] == {"kernelspec": {"name": "python3"}}


def test_a_failed_swap_leaves_the_old_site_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new site is made beside the old one and swapped in by renames: the old one is
    removed only once the new one stands (issue 23: it was removed before the copy)."""
    from durak_nb.site import build

    out = tmp_path / "site"
    out.mkdir()
    (out / "jupyter-lite.json").write_text("old", encoding="utf-8")
    fresh = tmp_path / ".site.new-1"
    fresh.mkdir()
    (fresh / "jupyter-lite.json").write_text("new", encoding="utf-8")
    real_rename = Path.rename

    def failing(self: Path, target: Any) -> Any:
        if self == fresh:
            raise OSError(28, "No space left on device")
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(OSError):
        build._swap_in(fresh, out)
    assert (out / "jupyter-lite.json").read_text(encoding="utf-8") == "old"
    monkeypatch.setattr(Path, "rename", real_rename)
    build._swap_in(fresh, out)
    assert (out / "jupyter-lite.json").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_site_past_its_size_limit_is_refused_naming_its_largest_files(tmp_path: Path) -> None:
    """The build's bound on the site's size (issue 23): past the limit the build refuses,
    naming the size, the limit and the three largest files, before the site replaces the
    old one; near it the summary warns (:data:`~durak_nb.site.build.SIZE_WARNING`)."""
    from durak_nb.site.build import SiteReport, _check_size, summary

    site = tmp_path / "new"
    (site / "static" / "pyodide").mkdir(parents=True)
    for name, size in (("static/pyodide/a.whl", 3_000_000), ("index.html", 500_000), ("b.js", 1_200_000), ("c", 10)):
        (site / name).write_bytes(b"x" * size)
    _check_size(site, 4_700_010, 4_700_010, tmp_path / "site")  # at the limit: taken
    _check_size(site, 4_700_010, None, tmp_path / "site")  # no limit
    with pytest.raises(SiteError) as info:
        _check_size(site, 4_700_010, 4_000_000, tmp_path / "site")
    assert str(info.value) == (
        'the site would take 4.7 MB, above its limit of 4.0 MB (docs/site.md, "Site size"); its largest files: '
        f"static/pyodide/a.whl 3.0 MB, b.js 1.2 MB, index.html 0.5 MB. Nothing was written to {tmp_path / 'site'}. "
        "Leave out what the lessons do not need, or build with --size-limit MB"
    )
    report = SiteReport(tmp_path / "site", size=60_000_000, editions=["en"], limit=SIZE_LIMIT)
    assert "warning" not in summary(report)
    report.size = 62_000_000
    assert summary(report).splitlines()[-1] == (
        "warning: the site takes 97 % of its size limit (62.0 MB of 64.0 MB; docs/site.md)"
    )


@pytest.mark.parametrize("value", ["0", "-5", "lots", "nan", "inf"])
def test_size_limit_option_takes_a_positive_number_of_megabytes(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from durak_nb.site import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--size-limit", "70.5"]).size_limit == 70_500_000
    assert parser.parse_args([]).size_limit == SIZE_LIMIT
    with pytest.raises(SystemExit):
        parser.parse_args(["--size-limit", value])
    assert f"a size in MB is a positive number, not {value!r}" in capsys.readouterr().err


def test_jedi_leaves_out_the_stubs_of_packages_the_site_has_not(tmp_path: Path) -> None:
    """The quick start unpacks fewer files (issue 22): jedi's Django and third-party stubs
    (1,127 of its 1,880 files) are left out of its wheel, with their lines in ``RECORD``;
    the folder jedi lists stays, and so do the standard library's stubs."""
    from durak_nb.site.build import _slim_wheel

    src = tmp_path / "jedi-0.19.2-py2.py3-none-any.whl"
    files = {
        "jedi/__init__.py": "x = 1\n",
        "jedi/third_party/typeshed/stdlib/3/os.pyi": "def f() -> int: ...\n",
        "jedi/third_party/typeshed/third_party/2and3/six/__init__.pyi": "y: int\n",
        "jedi/third_party/django-stubs/django-stubs/__init__.pyi": "z: int\n",
    }
    record = "".join(f"{name},sha256=x,1\n" for name in files) + "jedi-0.19.2.dist-info/RECORD,,\n"
    with zipfile.ZipFile(src, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
        zf.writestr("jedi-0.19.2.dist-info/RECORD", record)
    out = tmp_path / "out"
    out.mkdir()
    slim = _slim_wheel(src, out, WHEEL_SKIPS["jedi"])
    with zipfile.ZipFile(slim) as zf:
        assert zf.namelist() == [
            "jedi/third_party/django-stubs/",
            "jedi/third_party/typeshed/third_party/",
            "jedi/__init__.py",
            "jedi/third_party/typeshed/stdlib/3/os.pyi",
            "jedi-0.19.2.dist-info/RECORD",
        ]
        assert zf.read("jedi-0.19.2.dist-info/RECORD").decode() == (
            "jedi/__init__.py,sha256=x,1\njedi/third_party/typeshed/stdlib/3/os.pyi,sha256=x,1\n"
            "jedi-0.19.2.dist-info/RECORD,,\n"
        )
        zf.extractall(tmp_path / "unpacked")
    assert os.listdir(tmp_path / "unpacked" / "jedi" / "third_party" / "typeshed" / "third_party") == []


_PYODIDE_PROBE = r"""
const path = require("path");
const [dir, first, then] = process.argv.slice(2);
const { loadPyodide } = require(path.join(dir, "pyodide.js"));
(async () => {
  const py = await loadPyodide({ indexURL: dir + path.sep });
  await py.loadPackage(["ipython", "jedi"], { messageCallback: () => {} });  // as the kernel preloads them
  py.runPython(first);
  await py.loadPackage(["prompt-toolkit"], { messageCallback: () => {} });
  py.runPython(then);
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""


def test_ipython_imports_its_terminal_only_when_embed_is_called(site: Path, tmp_path: Path) -> None:
    """The quick start's IPython (issue 22), run in the site's own Pyodide under Node.js:
    ``import IPython`` no longer imports ``IPython.terminal`` and prompt_toolkit (211 of the
    751 modules of a kernel's start), and prompt_toolkit is not even loaded; its shell
    starts without jedi and parso, which the first tab completion imports; once loaded
    (``pyodide_js.loadPackage("prompt-toolkit")``), ``IPython.embed`` imports them when
    called.  A patch whose text the wheel no longer holds is refused, naming the wheel and
    the file."""
    import subprocess

    from durak_nb.site.build import DEFAULT_CACHE, WHEEL_PATCHES, _slim_wheel
    from durak_nb.site.pins import fetch

    if node_missing() is not None:
        pytest.skip(node_missing())
    first = (
        "import sys, IPython\n"
        "print(sorted(m for m in sys.modules if m.startswith(('IPython.terminal', 'prompt_toolkit'))))\n"
        "try:\n    import prompt_toolkit\nexcept ImportError:\n    print('prompt_toolkit not loaded')\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "import IPython.core.completer as c\n"
        "shell = InteractiveShell.instance()\n"
        "print('jedi', 'jedi' in sys.modules, 'parso' in sys.modules, c.JEDI_INSTALLED)\n"
        "shell.Completer.use_jedi = True  # as pyodide_kernel's interpreter sets it\n"
        "shell.run_cell('hand = [1]')\n"
        "with c.provisionalcompleter():\n"
        "    found = [x.text for x in shell.Completer.completions('import collec', 13)]\n"
        "    found += [x.text for x in shell.Completer.completions('hand.app', 8)]\n"
        "print(found, 'jedi' in sys.modules, type(c.jedi).__name__)\n"
    )
    then = (
        "import IPython.terminal.embed as e\n"
        "print(IPython.embed.__module__, e.embed.__name__, 'prompt_toolkit' in sys.modules)\n"
    )
    (tmp_path / "probe.js").write_text(_PYODIDE_PROBE, encoding="utf-8")
    done = subprocess.run(
        ["node", str(tmp_path / "probe.js"), str((site / "static" / "pyodide").resolve()), first, then],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    # jedi (and parso) imported at the first tab completion, not at the start; completion works
    assert done.stdout.splitlines() == [
        "[]",
        "prompt_toolkit not loaded",
        "jedi False False True",
        "['collections', 'append'] True module",
        "IPython embed True",
    ], done.stderr[-2000:]
    pins = {w["name"]: w for w in load_pins()["wheels"]}
    src = fetch(pins["ipython"]["url"], DEFAULT_CACHE, sha256=pins["ipython"]["sha256"])
    slim = _slim_wheel(src, tmp_path, (), WHEEL_PATCHES["ipython"])
    assert len(zipfile.ZipFile(slim).namelist()) == len(zipfile.ZipFile(src).namelist())
    with pytest.raises(SiteError) as info:
        _slim_wheel(src, tmp_path, (), (("IPython/__init__.py", "no such line\n", ""),))
    assert str(info.value) == (
        f"{src.name}: IPython/__init__.py does not hold 'no such line\\n' once; its patch must be remade"
    )


#: the words of a hidden cell's code that must never show on the page (each lesson's first cell and its calls)
HIDDEN_CODE = ("set_language", "import durak_nb", "show.teachers", "PracticeBout.lesson", "DrillWidget(")


@pytest.mark.browser
@pytest.mark.parametrize(
    ("path", "lang"), [("02_a_bout.ipynb", "en"), ("ru/02_a_bout.ipynb", "ru"), ("uk/02_a_bout.ipynb", "uk")]
)
def test_lesson_shows_no_code_and_keeps_teachers_folded(served: str, path: str, lang: str) -> None:
    """The site's lesson 2 in each edition's own JupyterLab, Run All (issue 22): no line of
    a hidden cell's code shows (the kit's style extension), no placeholder of one takes
    room, and «For teachers» stays folded (its table is not shown) once every cell has run;
    JupyterLab's menus are in the edition's language, and in ru and uk no status-bar word
    is English (the cell counter the language packs lack is left out; issue 20)."""
    require_browser()
    with chromium() as ctx:
        refused = only_from(ctx, served)
        page = ctx.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        open_and_run(page, served, path, lang)
        page.wait_for_selector(".dnb-drill", timeout=60000)
        page.wait_for_timeout(1500)
        shot(page, f"site-nocode-{path.replace('/', '-')}.png")
        text = page.inner_text(".jp-Notebook")
        assert "Traceback" not in text
        assert [c for c in HIDDEN_CODE if c in text] == []
        visible = "els => els.filter(e => e.offsetParent).length"
        assert page.locator(".jp-InputPlaceholder").evaluate_all(visible) == 0
        assert page.locator(".dnb-drill").count() >= 1  # the lesson ran
        shown = page.locator("table.dnb-claims").evaluate_all(visible)
        assert shown == 0, "«For teachers» opened after Run All"
        menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert (
            menus
            == {
                "en": ["File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help"],
                "ru": ["Файл", "Редактировать", "Просмотр", "Выполнить", "Ядро", "Вкладки", "Настройки", "Справка"],
                "uk": ["Файл", "Редагування", "Перегляд", "Виконати", "Ядро", "Вкладки", "Налаштування", "Довідка"],
            }[lang]
        )
        bar = page.inner_text(".jp-StatusBar-Widget")
        assert ("Cell " in bar) is (lang == "en"), bar
        # «For teachers» folded: JupyterLab's «+ 1 cell hidden» (English in 4.6) only in en,
        # the unfold arrow in ru and uk
        assert (page.locator(".jp-showHiddenCellsButton").evaluate_all(visible) > 0) is (lang == "en")
        arrows = page.locator(".jp-MarkdownHeadingCollapsed .jp-collapseHeadingButton").evaluate_all(visible)
        assert arrows >= (1 if lang != "en" else 0)
        assert page.locator("table.dnb-claims").count() >= 1  # made, and folded
    assert refused == []


def test_each_edition_gets_its_own_apps_and_a_broken_build_is_named(tmp_path: Path) -> None:
    """``_edition_apps``: ``lab-ru/`` and ``notebooks-ru/`` are copies of the apps whose
    configuration sets the menus' language and leaves out the cell counter (issue 20); the
    English edition has none of its own; a build without ``notebooks/`` is named."""
    from durak_nb.site.build import _edition_apps

    for app, extra in (("lab", {"mode": "multiple-document"}), ("notebooks", {"notebookPage": "notebooks"})):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text("<html></html>", encoding="utf-8")
        config = {"jupyter-config-data": {"appUrl": f"/{app}", "disabledExtensions": ["x:y"], **extra}}
        (tmp_path / app / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "lab" / "favicon.ico").write_bytes(b"\0" * 1000)  # the site's faviconUrl is ./lab/favicon.ico
    assert _edition_apps(tmp_path, ["en", "ru"]) == ["lab-ru", "notebooks-ru"]
    assert sorted(p.name for p in (tmp_path / "lab-ru").iterdir()) == ["index.html", "jupyter-lite.json"]
    assert (tmp_path / "lab-ru" / "index.html").read_text(encoding="utf-8") == "<html></html>"
    data = json.loads((tmp_path / "notebooks-ru" / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert data == {
        "jupyter-config-data": {
            "appUrl": "/notebooks-ru",
            "notebookPage": "notebooks-ru",
            "disabledExtensions": ["x:y", "@jupyterlab/notebook-extension:cell-counter-status"],
            "settingsOverrides": {
                "@jupyterlab/notebook-extension:tracker": {"showHiddenCellsButton": False},
                "@jupyterlab/translation-extension:plugin": {"locale": "ru_RU"},
            },
        }
    }
    shutil.rmtree(tmp_path / "notebooks")
    with pytest.raises(SiteError) as info:
        _edition_apps(tmp_path, ["uk"])
    assert str(info.value) == "the site has no notebooks/jupyter-lite.json"
