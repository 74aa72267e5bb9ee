"""The site's front door: ``index.html``, the three editions and what each lesson teaches.

:func:`editions` reads each edition's lesson list from its own index notebook
(``00_index.ipynb``: its ``# `` heading and its table of lessons, ``| n | [title](file) |
what you learn | time |``), in the edition's language, so the landing page says what the
edition says. :func:`landing_page` writes the page: one section per edition, each
lesson linking straight to the lesson in JupyterLab in the browser
(``lab-ru/index.html?path=ru/02_a_bout.ipynb``: each edition's own JupyterLab, its
menus in the edition's language) and to the single-document view
(``notebooks-ru/index.html?path=…``). It runs no script (its one ``<script>`` is
JupyterLite's configuration, JSON the apps read), has no style sheet or font from
elsewhere, and every word taken from a notebook is escaped (:func:`html.escape`):
nothing is rendered as markup.
"""

from __future__ import annotations

import html
import json
import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import N_, _, language
from .pins import SiteError

__all__ = [
    "INDEX",
    "LAB_LOCALES",
    "Edition",
    "LessonLink",
    "edition_app",
    "editions",
    "landing_page",
    "lesson_url",
    "read_lesson",
]

#: each edition's index notebook, the home of its lesson list
INDEX = "00_index.ipynb"

#: the edition's name in its own language (the editions' own words in 00_index.ipynb)
EDITION_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська"}

_ROW = re.compile(r"^\|\s*([^|]*?)\s*\|\s*\[([^\]]+)\]\(([^)\s]+\.ipynb)\)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$")

OPEN_LAB = N_("open in JupyterLab")
OPEN_APP = N_("the lesson alone")
COURSE_HINT = N_(
    "Each lesson opens in the browser's own Python: nothing to install. Choose Run ▸ Run All Cells, "
    "then read from the top, play the bouts and answer the exercises."
)
START_HERE = N_("The course's first page")
PAGE_TITLE = N_("Durak, step by step: the course in the browser")
PAGE_INTRO = N_("Choose your edition and a lesson.")
COLUMNS = (N_("lesson"), N_("what you learn"), N_("time"))


@dataclass(frozen=True)
class LessonLink:
    """One row of an edition's table of lessons.

    Attributes:
        mark: the row's number as the edition writes it (``'0'`` … ``'9'``, ``'▶'``).
        title: the lesson's title, in the edition's language.
        path: the notebook's path in the site's files (``'ru/02_a_bout.ipynb'``).
        teaches: what the learner comes away with, one line.
        time: about how long it takes, as the edition writes it (``'25 мин'``).
    """

    mark: str
    title: str
    path: str
    teaches: str
    time: str


@dataclass(frozen=True)
class Edition:
    """One edition of the course on the site: ``lang`` (``'en'``, ``'ru'``, ``'uk'``), its
    folder in the site's files (``''`` for English), its heading and its lessons."""

    lang: str
    folder: str
    heading: str
    lessons: tuple[LessonLink, ...]

    @property
    def index(self) -> str:
        """The path of the edition's index notebook in the site's files."""
        return f"{self.folder}/{INDEX}" if self.folder else INDEX


def read_lesson(nb_path: Path) -> dict[str, Any]:
    """A lesson's notebook as JSON, or :class:`SiteError` naming the file and the place
    (a broken lesson is said, never a traceback): not UTF-8, not JSON, nested past
    Python's bound, not an object with a list of cells, or a cell that is not an object
    whose ``source`` is text or a list of texts.

    Raises:
        SiteError: as above; the file named (its line and column for bad JSON).
    """
    try:
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise SiteError(_("{path}: the lesson is not UTF-8 text ({error})").format(path=nb_path, error=exc)) from exc
    except RecursionError:
        raise SiteError(
            _("{path}: the lesson is not a notebook (JSON: {error})").format(path=nb_path, error=_("nested too deeply"))
        ) from None
    except json.JSONDecodeError as exc:
        raise SiteError(
            _("{path}:{line}:{column}: the lesson is not a notebook (JSON: {error})").format(
                path=nb_path, line=exc.lineno, column=exc.colno, error=exc.msg
            )
        ) from exc
    if not (isinstance(nb, dict) and isinstance(nb.get("cells"), list) and isinstance(nb.get("metadata", {}), dict)):
        raise SiteError(_("{path}: the lesson is not a notebook (no list of cells)").format(path=nb_path))
    for number, cell in enumerate(nb["cells"], 1):
        source = cell.get("source", "") if isinstance(cell, dict) else None
        if not (isinstance(source, str) or (isinstance(source, list) and all(isinstance(s, str) for s in source))):
            raise SiteError(
                _("{path}: cell {n} is not a notebook cell (an object whose source is text)").format(
                    path=nb_path, n=number
                )
            )
    return nb


def read_edition(files: Path, folder: str, lang: str) -> Edition:
    """The edition in ``files/folder`` (the site's files), read from its index notebook.

    Raises:
        SiteError: the index notebook has no ``# `` heading or no table of lessons, or a
            row links a notebook that is not in the edition (the file and line named).
    """
    where = files / folder / INDEX if folder else files / INDEX
    nb = read_lesson(where)
    lines = [line for cell in nb.get("cells", []) if cell.get("cell_type") == "markdown"
             for line in "".join(cell.get("source", [])).splitlines()]  # fmt: skip
    heading = next((line[2:].strip() for line in lines if line.startswith("# ")), "")
    rows: list[LessonLink] = []
    for number, line in enumerate(lines, 1):
        m = _ROW.match(line)
        if m is None:
            continue
        mark, title, target, teaches, time = m.groups()
        inside = (where.parent / target).resolve().is_relative_to(where.parent.resolve())
        if not inside or not (where.parent / target).is_file():
            raise SiteError(
                _("{file}, markdown line {line}: the lesson {target} is not in the edition").format(
                    file=where, line=number, target=target
                )
            )
        path = f"{folder}/{target}" if folder else target
        rows.append(LessonLink(mark, title.strip(), path, teaches, time))
    if not heading or not rows:
        raise SiteError(_("{file}: no heading or no table of lessons").format(file=where))
    return Edition(lang, folder, heading, tuple(rows))


def editions(files: Path, present: list[tuple[str, str]]) -> list[Edition]:
    """The editions ``present`` (pairs of folder and language) of the site's ``files``."""
    return [read_edition(files, folder, lang) for folder, lang in present if _index(files, folder).is_file()]


def _index(files: Path, folder: str) -> Path:
    return files / folder / INDEX if folder else files / INDEX


#: JupyterLab's own locale for each edition but English: the site has one JupyterLab and
#: one single-document app per edition (``lab-ru/``, ``notebooks-uk/`` …), whose menus
#: default to the edition's language (:func:`_edition_apps`)
LAB_LOCALES = {"ru": "ru_RU", "uk": "uk_UA"}


def edition_app(app: str, lang: str) -> str:
    """The folder of the site's ``app`` (``'lab'`` or ``'notebooks'``) for edition ``lang``:
    ``'lab-uk'`` for an edition in :data:`LAB_LOCALES`, else ``app`` itself."""
    return f"{app}-{lang}" if lang in LAB_LOCALES else app


def lesson_url(path: str, app: str = "lab", lang: str = "en") -> str:
    """The site-relative address that opens the notebook ``path`` (of the site's files) in
    ``app`` (``'lab'``: JupyterLab; ``'notebooks'``: the notebook alone) of edition
    ``lang``, whose menus are in that language (:func:`edition_app`)."""
    return f"{edition_app(app, lang)}/index.html?path={urllib.parse.quote(path)}"


_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#1f2328;
background:#f6f8fa;line-height:1.4}
header,main{max-width:64rem;margin:0 auto;padding:0.8rem 1rem}
header h1{font-size:1.5rem;margin:0.4rem 0}
nav a{margin-right:1rem;font-weight:600}
section{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:0.6rem 1rem 1rem;margin:0 0 1rem}
section h2{font-size:1.25rem;margin:0.3rem 0}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:0.3rem 0.4rem;border-top:1px solid #eaeef2;overflow-wrap:anywhere}
th{font-weight:600;border-top:none}
td.n{width:1.5rem;color:#57606a}
td.t{white-space:nowrap;color:#57606a}
a{color:#0550ae}
header p.other{margin:0.2rem 0}
header p.other .h{font-weight:600}
.alt{font-size:0.85rem;margin-left:0.4rem;color:#57606a;white-space:nowrap;display:inline-block}
"""


def _section(ed: Edition) -> str:
    e = html.escape
    with language(ed.lang):
        head = "".join(f"<th>{e(_(c))}</th>" for c in COLUMNS)
        rows = []
        for item in ed.lessons:
            rows.append(
                f'<tr><td class="n">{e(item.mark)}</td>'
                f'<td><a href="{e(lesson_url(item.path, "lab", ed.lang))}" title="{e(_(OPEN_LAB))}">{e(item.title)}</a>'
                f'<a class="alt" href="{e(lesson_url(item.path, "notebooks", ed.lang))}">{e(_(OPEN_APP))}</a></td>'
                f'<td>{e(item.teaches)}</td><td class="t">{e(item.time)}</td></tr>'
            )
        name = EDITION_NAMES.get(ed.lang, ed.lang)
        return (
            f'<section id="{e(ed.lang)}" lang="{e(ed.lang)}"><h2>{e(name)}: {e(ed.heading)}</h2>'
            f"<p>{e(_(COURSE_HINT))} "
            f'<a href="{e(lesson_url(ed.index, "lab", ed.lang))}">{e(_(START_HERE))}</a>.</p>'
            f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></section>"
        )


#: JupyterLite's configuration block, which every app's page reads from the root's
#: ``index.html`` (``config-utils.js``): kept, as data (JSON), in the landing page
_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json"[^>]*>(.*?)</script>', re.S)


def landing_page(eds: list[Edition], config: str = "{}") -> str:
    """The landing page (``index.html``) of the editions ``eds``: a self-contained HTML
    document, every text from the notebooks escaped; ``config`` is JupyterLite's
    configuration JSON for the site's root (the apps read it from this page).

    Raises:
        ValueError: ``config`` is not JSON.
    """
    data = json.dumps(json.loads(config)).replace("</", "<\\/")
    e = html.escape
    titles = []
    for ed in eds:
        with language(ed.lang):
            titles.append((ed.lang, _(PAGE_TITLE), _(PAGE_INTRO)))
    nav = "".join(
        f'<a href="#{e(ed.lang)}" lang="{e(ed.lang)}">{e(EDITION_NAMES.get(ed.lang, ed.lang))}</a>' for ed in eds
    )
    # the first edition's title as the heading, then each other edition's title and
    # invitation in its own language: a Russian or Ukrainian teacher reads one at once
    heads = "".join(
        f'<h1 lang="{e(lang)}">{e(title)}</h1><p lang="{e(lang)}">{e(intro)}</p>'
        if n == 0
        else f'<p lang="{e(lang)}" class="other"><span class="h">{e(title)}</span> · {e(intro)}</p>'
        for n, (lang, title, intro) in enumerate(titles)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(' · '.join(dict.fromkeys(t for _l, t, _i in titles)))}</title>"
        '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">'
        f"{data}</script><style>{_STYLE}</style></head><body><header>{heads}<nav>{nav}</nav></header>"
        f"<main>{''.join(_section(ed) for ed in eds)}</main></body></html>\n"
    )


def write_landing_page(site: Path, present: list[tuple[str, str]]) -> list[Edition]:
    """Write ``site/index.html`` (replacing JupyterLite's redirect to ``lab/``) from the
    editions ``present`` in ``site/files``; returns the editions written."""
    eds = editions(site / "files", present)
    if eds:
        index = site / "index.html"
        found = _CONFIG.search(index.read_text(encoding="utf-8")) if index.exists() else None
        index.write_text(landing_page(eds, found.group(1) if found else "{}"), encoding="utf-8")
    return eds
