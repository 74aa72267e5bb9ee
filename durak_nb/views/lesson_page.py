"""A lesson notebook as one self-contained HTML page that teaches with no kernel and no network.

:func:`export_lesson` (``durak-nb export notebooks/03_limits.ipynb -o page.html``) runs
the notebook's code cells in this process, in order, in a fresh namespace (the cell's
last expression is its output, as in Jupyter; ``display(x)`` shows ``x`` too), and
writes one page holding:

* the lesson's text: each markdown cell rendered to HTML by ``mistune`` with raw HTML
  escaped (a ``<script>`` in a cell is shown as text), ``javascript:`` links disarmed and
  pictures that would be fetched from elsewhere left out (their alternative text shown);
* each :class:`~durak_nb.views.replayer.ReplayerWidget`: the exported game page's own
  player (:func:`~durak_nb.views.export.page_html`, unchanged) in an ``<iframe
  srcdoc>``, so that every replayer of the lesson keeps its own controls;
* each exercise (:mod:`.exercises`: :class:`~.exercises.CanBeat`,
  :class:`~.exercises.ChooseLegalMove`, :class:`~.exercises.PredictDraw` …) and each
  :class:`~.drills.DrillWidget` (its first :data:`DRILLS` drills): the question and
  picture, one button per option, and every answer's verdict and explanation, judged
  by the engine **when the page is made**; a small script shows the verdict of the
  option clicked (set as text).  The verdicts are sealed (:func:`.html.seal`): the
  page's source does not show which option is right, nor any explanation, until the
  learner clicks one (the page's script opens them itself, offline);
* pictures and sentences the kit's views make (``_repr_html_`` / ``_repr_svg_``:
  positions, cards, :mod:`.course_show`'s sentences, diagrams) inline;
* practice bouts, the play widget and other live widgets, which need the engine
  running, as a short note saying that they play in JupyterLab.

**Its language.**  The page is in the language the notebook chooses
(``set_language("uk")`` in its first cell; the language in use at the end of the
run), and says so (``<html lang="uk">``); every word of the page is translated.

**Bounded.**  A notebook of more than :data:`MAX_NOTEBOOK_BYTES` bytes, more than
:data:`MAX_CELLS` cells or more than :data:`MAX_REPLAYERS` replayers is refused, with
the file named; each replayer keeps the exported page's bound on moves.  Each code cell
has a time bound, :data:`CELL_TIMEOUT` seconds (``cell_timeout``; ``durak-nb export
--cell-timeout S``): a cell still running then is stopped, and the export fails naming
the notebook, the cell's number and the bound; no page is written.  The cell is stopped
by a ``SIGALRM`` timer (:func:`signal.setitimer`, which also ends a ``time.sleep``) when
the export runs in the main thread of a POSIX system; elsewhere the stop is raised in
the cell's thread between two of its Python steps (a call blocked in C runs to its
end first); either way a cell that swallowed the stop is still refused when it ends.

**Small.**  The card faces are in the page once per language
(:func:`.cards_svg.card_defs`): every card of its pictures is a ``<use>`` of them, and
each replayer's frame gets them from the page's script (its own copy is left out), so
lesson 3 makes a page of about 0.7 MB (2.4 MB with a copy per replayer).

**Offline, text stays text.**  The page has no ``src=`` or ``href=`` to anywhere else;
outputs of objects that are not the kit's are shown as plain text; every text is
escaped (:func:`.html.esc`).
"""

from __future__ import annotations

import ast
import contextlib
import ctypes
import io
import json
import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import DECIMAL_SIGNS, N_, _, get_language, language, ngettext, pgettext, whole
from ..record.json_form import RecordingError, read_bytes, replace_atomically
from ..record.jsonio import stdlib_words
from .bounds import CELL_TIMEOUT, MAX_CELL_TIMEOUT
from .export import ExportError, page_html
from .html import UNSEAL_JS, esc, page_head, script_json, seal

__all__ = [
    "CELL_TIMEOUT",
    "DRILLS",
    "MAX_CELLS",
    "MAX_CELL_TIMEOUT",
    "MAX_NOTEBOOK_BYTES",
    "MAX_REPLAYERS",
    "LessonPage",
    "check_cell_timeout",
    "export_lesson",
    "is_lesson",
    "lesson_page",
    "lesson_page_html",
    "lesson_page_html_from",
]

#: the most cells a lesson may have (the course's lessons have a few dozen)
MAX_CELLS = 120
#: the largest notebook file read (bytes)
MAX_NOTEBOOK_BYTES = 4_000_000
#: the most characters a code cell may print into the page (more is refused, naming the cell)
MAX_CELL_OUTPUT = 1_000_000
#: the deepest nesting of the notebook's JSON (nbformat nests 4 deep; Python's own bound
#: would be a RecursionError)
MAX_NOTEBOOK_DEPTH = 64
#: the most replayers one page holds (each up to the exported page's bound on moves)
MAX_REPLAYERS = 12
#: how many drills of a drill widget the page holds (its "Another one" steps through them)
DRILLS = 5
#: the numbers a numeric drill's box accepts on the page (each verdict made in advance)
DRILL_NUMBERS = range(0, 37)

#: the notes shown for what needs a running kernel (translated at use)
NOTES = {
    "practice": N_("Practice bout: play it in JupyterLab (it needs the engine running, which this page has not)."),
    "play": N_(
        "A game against the bots: play it in JupyterLab (it needs the engine running, which this page has not)."
    ),
    "widget": N_("An interactive part: open the lesson in JupyterLab to use it (it needs a running kernel)."),
}


class LessonPageError(ExportError):
    """The lesson's page cannot be made: the notebook cannot be read, is too big, or a
    cell fails; the message names the file (and the cell).  An :class:`~.export.ExportError`."""


@dataclass
class LessonPage:
    """What a lesson's page holds, as plain data (:func:`lesson_page`).

    Attributes:
        title: the lesson's title (its first heading, plain text).
        lang: the page's language (the notebook's ``set_language``).
        body: the page's HTML blocks, in the notebook's order.
        headings: the text of every markdown heading, in order.
        replayers: the number of replayers.
        exercises: per exercise or drill, ``{"kind", "options", "verdicts"}``
            (``verdicts``: ``[right, text]`` per option, or per number ``0..36`` for a
            numeric drill, keyed ``"numbers"``).
        notes: the notes shown for live widgets (plain text).
        defs: the card faces, once per language the pictures use: every card on the page
            (in its pictures and in its replayers' frames) is a ``<use>`` of one of them.
    """

    title: str
    lang: str
    body: list[str] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    replayers: int = 0
    exercises: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the card faces the page's pictures and replayers point to, per language (:func:`.cards_svg.card_defs`)
    defs: dict[str, str] = field(default_factory=dict)


def is_lesson(path: str | Path) -> bool:
    """Whether ``path`` names a notebook (``.ipynb``), which :func:`export_lesson` exports."""
    return str(path).lower().endswith(".ipynb")


# ------------------------------------------------------------------ reading and running


def _fail(path: Path, text: str) -> LessonPageError:
    return LessonPageError(f"{path}: {text}")


def _read(path: Path) -> list[dict[str, Any]]:
    """The notebook's cells (bounded), or :class:`LessonPageError` naming the file; for
    a file that cannot be read (not found, a folder, no permission, a device) it says
    :func:`~durak_nb.record.json_form.read_bytes`'s words, the same as for a recording,
    and its cause is that :class:`~durak_nb.record.json_form.RecordingError` (which
    ``durak-nb export`` prints as for a recording)."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # read_bytes says why the file cannot be read
    if size > MAX_NOTEBOOK_BYTES:
        raise _fail(
            path,
            _("the notebook has {n} bytes, more than the {limit} a lesson page reads").format(
                n=size, limit=MAX_NOTEBOOK_BYTES
            ),
        )
    try:
        raw = read_bytes(path, limit=MAX_NOTEBOOK_BYTES)
    except RecordingError as exc:
        raise _fail(path, exc.message) from exc
    try:
        doc = json.loads(raw.decode("utf-8"))
    except RecursionError:
        words = _("not a notebook: its JSON is nested more than {limit} deep")
        raise _fail(path, words.format(limit=MAX_NOTEBOOK_DEPTH)) from None
    except UnicodeDecodeError as exc:
        words = _("not a notebook (.ipynb is JSON text): the file is not UTF-8 text (byte {n})")
        raise _fail(path, words.format(n=exc.start)) from exc
    except json.JSONDecodeError as exc:
        # the standard library's words in the reader's language (jsonio's), with the place
        # TRANSLATORS: {error} is what is wrong with the JSON, e.g. "Expecting value"
        words = _("not a notebook (.ipynb is JSON text): {error} (line {line}, column {column})")
        raise _fail(path, words.format(error=stdlib_words(exc.msg), line=exc.lineno, column=exc.colno)) from exc
    cells = doc.get("cells") if isinstance(doc, dict) else None
    if not isinstance(cells, list):
        raise _fail(path, _("not a notebook: it has no list of cells"))
    if len(cells) > MAX_CELLS:
        raise _fail(
            path,
            _("the notebook has {n} cells, more than the {limit} a lesson page holds").format(
                n=len(cells), limit=MAX_CELLS
            ),
        )
    _check_depth(path, doc)
    for number, cell in enumerate(cells, start=1):
        src = cell.get("source", "") if isinstance(cell, dict) else ""
        if not (isinstance(src, str) or (isinstance(src, list) and all(isinstance(s, str) for s in src))):
            # TRANSLATORS: nbformat's "source" member: a text, or a list of lines
            raise _fail(
                path, _("cell {n}: its source is not text (nbformat: a text or a list of lines)").format(n=number)
            )
    return [c for c in cells if isinstance(c, dict)]


def _check_depth(path: Path, doc: object) -> None:
    """Refuse a notebook nested deeper than :data:`MAX_NOTEBOOK_DEPTH` (the JSON reader
    took it, but every step after it walks it)."""
    todo: list[tuple[object, int]] = [(doc, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_NOTEBOOK_DEPTH:
            words = _("not a notebook: its JSON is nested more than {limit} deep")
            raise _fail(path, words.format(limit=MAX_NOTEBOOK_DEPTH))
        if isinstance(item, dict):
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


class _TooMuchOutput(BaseException):
    """Raised inside a cell that printed more than :data:`MAX_CELL_OUTPUT` characters (a
    ``BaseException``, as :class:`_CellTimeout`)."""


class _BoundedOutput(io.StringIO):
    """A cell's printed text, at most :data:`MAX_CELL_OUTPUT` characters."""

    def write(self, text: str) -> int:
        if self.tell() + len(text) > MAX_CELL_OUTPUT:
            raise _TooMuchOutput
        return super().write(text)


class _CellTimeout(BaseException):
    """Raised inside a cell that ran past its time bound (a ``BaseException``: a cell's
    own ``except Exception`` does not swallow it)."""


def check_cell_timeout(seconds: object) -> float:
    """``seconds`` as a cell's time bound.

    Raises:
        ValueError: not a number above 0 and at most :data:`MAX_CELL_TIMEOUT` (a
            programming error of the caller: the command line checks its option first).
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise ValueError(f"cell_timeout must be a number of seconds, not {seconds!r}")
    value = float(seconds)
    if not (math.isfinite(value) and 0 < value <= MAX_CELL_TIMEOUT):
        raise ValueError(f"cell_timeout must be above 0 and at most {MAX_CELL_TIMEOUT:g} seconds, not {seconds!r}")
    return value


#: after a cell's bound, the stop is raised again this often (seconds) until the cell
#: ends, so that a cell catching one stop (``except:``) is stopped again
_AGAIN = 0.25


@contextlib.contextmanager
def _time_bound(seconds: float) -> Iterator[None]:
    """Stop the code run inside after ``seconds`` by raising :class:`_CellTimeout` in it,
    and again every :data:`_AGAIN` seconds until it ends (a cell that catches the stop is
    stopped again): a ``SIGALRM`` timer in the main thread of a POSIX system (the
    handler and any timer that was set are put back afterwards), else an exception set
    asynchronously in this thread by a watchdog timer (``PyThreadState_SetAsyncExc``).

    Code that ignores ``SIGALRM`` or catches every stop in an endless loop cannot be
    stopped in this process (run an untrusted notebook's export under the system's own
    time limit)."""
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        active = [True]

        def stop(_signum: int, _frame: object) -> None:
            if active[0]:
                raise _CellTimeout

        started = time.monotonic()
        old_handler = signal.signal(signal.SIGALRM, stop)
        old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds, _AGAIN)
        try:
            yield
        finally:
            active[0] = False  # a stop arriving from here on is not raised
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
            if old_delay > 0:  # someone else's timer: armed again with what was left of it
                left = max(old_delay - (time.monotonic() - started), 0.001)
                signal.setitimer(signal.ITIMER_REAL, left, old_interval)
        return
    ident = threading.get_ident()
    done = threading.Event()

    def watch() -> None:
        wait = seconds
        while not done.wait(wait):
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(_CellTimeout))
            wait = _AGAIN

    watchdog = threading.Thread(target=watch, name="durak-nb cell bound", daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        done.set()
        watchdog.join()
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)  # one set but not yet raised


def _seconds(value: float) -> str:
    """A number of seconds as the language in use writes it (``0.5``, ``0,5``)."""
    return f"{value:g}".replace(".", DECIMAL_SIGNS.get(get_language(), "."))


def _late(number: int, seconds: float) -> str:
    """The words for cell ``number`` stopped at its time bound of ``seconds``."""
    # TRANSLATORS: {n} is the cell's number; {seconds} a number of seconds (60, 0.5); keep --cell-timeout
    return _(
        "cell {n} did not finish within {seconds} s, the time bound of a cell, and was stopped "
        "(--cell-timeout S sets the bound)"
    ).format(n=number, seconds=_seconds(seconds))


def _run_cell(code: str, namespace: dict[str, Any], shown: list[Any]) -> None:
    """Run one code cell as Jupyter does: its last expression, if any, is shown."""
    tree = ast.parse(code, mode="exec")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    exec(compile(tree, "<cell>", "exec"), namespace)  # the teacher's own lesson, run as Jupyter runs it
    if last is not None:
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        if value is not None and not _is_language_call(last.value):
            shown.append(value)


def _is_language_call(node: ast.expr) -> bool:
    """``set_language("uk")`` (the edition's first cell): its value, the language's
    code, is no output a learner reads."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name == "set_language"


# ------------------------------------------------------------------ markdown

_HEADING = re.compile(r"<h([1-6])[^>]*>(.*?)</h\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _markdown() -> Callable[[str], str]:
    import mistune

    class Renderer(mistune.HTMLRenderer):
        def image(self, text: str, url: str, title: str | None = None) -> str:
            if url.startswith("data:image/"):
                return super().image(text, url, title)
            return f'<span class="dnb-no-picture">[{text}]</span>'  # nothing fetched from elsewhere

    md = mistune.create_markdown(renderer=Renderer(escape=True), plugins=["table", "strikethrough"])
    return lambda text: str(md(text))


def _heading_texts(html_text: str) -> list[str]:
    import html as std_html

    return [std_html.unescape(_TAG.sub("", m.group(2))).strip() for m in _HEADING.finditer(html_text)]


# ------------------------------------------------------------------ outputs


def _feedback_block(i: int) -> str:
    return f'<div class="dnb-lesson-feedback" id="dnb-fb-{i}" aria-live="polite"></div>'


def _options_block(n: int, options: tuple[str, ...] | list[str]) -> str:
    buttons = "".join(
        f'<button class="dnb-option dnb-option-{j}" data-ex="{n}" data-i="{j}">{esc(text)}</button>'
        for j, text in enumerate(options)
    )
    return f'<div class="dnb-options">{buttons}</div>'


class _Builder:
    """Turns each shown value into the page's HTML, in the language in use."""

    def __init__(self, path: Path, page: LessonPage) -> None:
        self.path = path
        self.page = page

    def share(self, html_text: str) -> str:
        """``html_text`` with its card faces pointing to the page's :attr:`LessonPage.defs`
        (of the language in use)."""
        from .cards_svg import card_defs, shared_faces

        lang = get_language()
        if lang not in self.page.defs:
            self.page.defs[lang] = card_defs()
        return shared_faces(html_text)

    def add(self, value: Any) -> None:
        from .drills import DrillWidget
        from .exercises import Exercise
        from .replayer import ReplayerWidget

        if isinstance(value, ReplayerWidget):
            self._replayer(value)
        elif isinstance(value, Exercise):
            self._exercise(value)
        elif isinstance(value, DrillWidget):
            self._drill(value)
        elif self._is_widget(value):
            self._note(value)
        else:
            self._picture(value)

    @staticmethod
    def _is_widget(value: Any) -> bool:
        try:
            import ipywidgets
        except ImportError:  # pragma: no cover - a dependency of the kit
            return False
        return isinstance(value, ipywidgets.Widget)

    def _replayer(self, widget: Any) -> None:
        if self.page.replayers >= MAX_REPLAYERS:
            raise _fail(
                self.path,
                _("the lesson shows more than {limit} replayers, the most a lesson page holds").format(
                    limit=MAX_REPLAYERS
                ),
            )
        view = widget.perspective.index or 0
        perspective = None if view == 0 else view - 1
        from .cards_svg import card_defs

        inner = page_html(widget.replay, perspective=perspective)
        defs = card_defs()
        if defs in inner:  # the faces once in the page, not once per replayer: the script puts them back
            lang = get_language()
            self.page.defs.setdefault(lang, defs)
            inner = inner.replace(defs, f'<div class="dnb-defs-slot" data-lang="{esc(lang)}" hidden></div>', 1)
        self.page.replayers += 1
        n = self.page.replayers
        # TRANSLATORS: the tooltip of an exported replayer inside a lesson's page; {n} is its number
        label = _("replayer {n}").format(n=n)
        self.page.body.append(
            f'<iframe class="dnb-lesson-replayer" id="dnb-replayer-{n}" title="{esc(label)}" '
            f'srcdoc="{esc(inner)}"></iframe>'
        )

    def _exercise(self, ex: Any) -> None:
        verdicts = []
        for i in range(len(ex.options)):
            ok = ex.answer(i)
            verdicts.append([bool(ok), ex.feedback])
        ex.chosen, ex.correct, ex.feedback = None, None, ""  # the widget as it was: unanswered
        ex.feedback_widget.value = ""
        for button in ex.buttons:
            button.button_style = ""
        with language(ex.language):
            prompt = self.share(ex.prompt_widget.value)
        n = len(self.page.exercises)
        self.page.exercises.append({"kind": type(ex).__name__, "options": list(ex.options), "verdicts": verdicts})
        self.page.body.append(
            f'<div class="dnb-lesson-exercise" id="dnb-ex-{n}">{prompt}'
            f"{_options_block(n, ex.options)}{_feedback_block(n)}</div>"
        )

    def _drill(self, widget: Any) -> None:
        from .drills import DRILL_STYLE

        blocks = []
        for d in range(DRILLS):
            if d:
                widget.another()
            drill = widget.drill
            with language(widget.language):
                n = len(self.page.exercises)
                entry: dict[str, Any] = {"kind": "drill " + drill.kind, "options": list(drill.options)}
                if drill.numeric:
                    entry["numbers"] = [[v.right, v.text] for v in (drill.check(x) for x in DRILL_NUMBERS)]
                    answer = (
                        f'<div class="dnb-number-row"><input type="number" class="dnb-number" id="dnb-num-{n}" '
                        f'min="{DRILL_NUMBERS.start}" max="{DRILL_NUMBERS.stop - 1}" value="0" '
                        f'aria-label="{esc(_("check the number"))}">'
                        f'<button class="dnb-check" data-ex="{n}">{esc(pgettext("button", "Check"))}</button></div>'
                    )
                else:
                    entry["verdicts"] = [[v.right, v.text] for v in (drill.check(i) for i in range(len(drill.options)))]
                    answer = _options_block(n, drill.options)
                board = self.share(widget.board.value)
            self.page.exercises.append(entry)
            hidden = " hidden" if d else ""
            blocks.append(
                f'<div class="dnb-drill-one" data-drill="{d}"{hidden}>{board}{answer}{_feedback_block(n)}</div>'
            )
        with language(widget.language):
            another = esc(pgettext("button", "Another one"))
            tip = esc(_("a new position"))
            # TRANSLATORS: under a drill on an exported page: {n} drills are in the page
            count = esc(
                ngettext(
                    "This page holds {n} drill of this kind.", "This page holds {n} drills of this kind.", DRILLS
                ).format(n=DRILLS)
            )
        self.page.body.append(
            f'<div class="dnb-lesson-drill">{DRILL_STYLE}{"".join(blocks)}<div class="dnb-drill-footer">'
            f'<button class="dnb-another" title="{tip}">{another}</button> '
            f'<span class="dnb-drill-count">{count}</span></div></div>'
        )

    def _note(self, widget: Any) -> None:
        from .play import PlayWidget
        from .practice import PracticeBout

        key = "practice" if isinstance(widget, PracticeBout) else "play" if isinstance(widget, PlayWidget) else "widget"
        text = _(NOTES[key])
        self.page.notes.append(text)
        self.page.body.append(f'<div class="dnb-lesson-note">{esc(text)}</div>')

    def _picture(self, value: Any) -> None:
        self.page.body.append(self.share(self._picture_html(value)))

    @staticmethod
    def _picture_html(value: Any) -> str:
        """A value the notebook shows: the kit's pictures and sentences as their HTML or
        SVG, anything else as plain text."""
        from ..cards import Card
        from ..engine import Position
        from .cards_svg import card_svg, position_svg

        if isinstance(value, Position):
            return f'<div class="dnb-lesson-picture">{position_svg(value)}</div>'
        if isinstance(value, Card):
            return f'<div class="dnb-lesson-picture">{card_svg(value)}</div>'
        if type(value).__module__.split(".")[0] == "durak_nb":  # the kit's own views: their text is escaped
            for method in ("_repr_html_", "_repr_svg_"):
                make = getattr(value, method, None)
                got = make() if make is not None else None
                if got:
                    return f'<div class="dnb-lesson-picture">{got}</div>'
            bundle = getattr(value, "_repr_mimebundle_", None)
            if bundle is not None:
                data = bundle()
                data = data[0] if isinstance(data, tuple) else data
                for mime in ("image/svg+xml", "text/html"):
                    if isinstance(data, dict) and data.get(mime):
                        got = str(data[mime])
                        if mime == "image/svg+xml" and "<svg" in got:  # a diagram: no XML prologue in HTML
                            got = got[got.index("<svg") :]
                        return f'<div class="dnb-lesson-picture">{got}</div>'
        return f'<pre class="dnb-lesson-text">{esc(str(value))}</pre>'


# ------------------------------------------------------------------ the page


def lesson_page(path: str | Path, *, cell_timeout: float = CELL_TIMEOUT) -> LessonPage:
    """Run the lesson notebook ``path`` and collect its page (:class:`LessonPage`).

    The code cells run in this process in a fresh namespace, in order, each within
    ``cell_timeout`` seconds (:data:`CELL_TIMEOUT`; see the module's text); the language
    in use is restored afterwards (the notebook's ``set_language`` holds only for its run).

    Raises:
        LessonPageError: the file cannot be read (not found, a folder, no permission:
            :func:`~durak_nb.record.json_form.read_bytes`'s words, its error the cause),
            is not a notebook, is beyond the
            bounds (:data:`MAX_NOTEBOOK_BYTES`, :data:`MAX_CELLS`,
            :data:`MAX_REPLAYERS`), a cell fails (the message names the file, the
            cell's number and the error) or runs past ``cell_timeout`` (the file, the
            cell's number and the bound named).
        ExportError: a replayer's game is beyond the exported page's bound on moves.
        ValueError: ``cell_timeout`` is not above 0 and at most :data:`MAX_CELL_TIMEOUT`.
    """
    bound = check_cell_timeout(cell_timeout)
    where = Path(path)
    cells = _read(where)
    return _in_child(where, cells, bound)


def _collect(where: Path, cells: list[dict[str, Any]], bound: float, progress: Callable[[int], None]) -> LessonPage:
    """The page of ``cells``, run in this process (the child of :func:`_in_child`)."""
    render = _markdown()
    with language(get_language()):
        page = LessonPage(title="", lang=get_language())
        build = _Builder(where, page)
        shown: list[Any] = []

        def display(*values: Any, **_kw: Any) -> None:
            shown.extend(v for v in values if v is not None)

        namespace: dict[str, Any] = {"__name__": "__lesson__", "display": display}
        with contextlib.chdir(where.resolve().parent):  # as Jupyter runs a notebook: in its folder
            _run_all(where, cells, page, build, namespace, shown, render, bound, progress)
        page.lang = get_language()
        page.title = page.headings[0] if page.headings else where.stem
    return page


#: seconds the process running a lesson may take beyond its cells' own bounds (start-up, pictures)
CHILD_SLACK = 60.0


def _child_main(
    conn: Any, where: Path, cells: list[dict[str, Any]], bound: float, lang: str, cell: Any
) -> None:  # pragma: no cover - runs in the child process (its outcome is tested through lesson_page)
    """The child's side of :func:`_in_child`: run the lesson, send back the page or the error."""

    def progress(number: int) -> None:
        cell.value = number

    try:
        with language(lang):
            outcome: tuple[str, Any] = ("page", _collect(where, cells, bound, progress))
    except BaseException as exc:  # every error goes back to the parent, which raises it
        outcome = ("error", exc)
    try:
        conn.send(outcome)
    except Exception as exc:  # an error that cannot be pickled: its words
        conn.send(("words", f"{type(outcome[1]).__name__}: {outcome[1]}" if outcome[0] == "error" else repr(exc)))
    conn.close()


def _in_child(where: Path, cells: list[dict[str, Any]], bound: float) -> LessonPage:
    """Run the lesson's cells in a child process, so that a cell which ends its process
    (``os.kill(os.getpid(), 9)``, ``os._exit``, a crash in C) ends only the child: the
    export then fails naming the cell and how its process ended, and writes nothing.

    The child is forked where the system can and this process runs one thread (cheap:
    nothing is imported again), else spawned.  It is bounded by the cells' own time
    bounds plus :data:`CHILD_SLACK` seconds; past that it is killed and the cell named.

    Raises:
        LessonPageError: the child ended without an answer (the cell running then named,
            the signal or exit code said), or ran past its bound; any error the lesson
            raised in the child is raised here as it was.
    """
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    method = "fork" if "fork" in methods and threading.active_count() == 1 else "spawn"
    context: Any = multiprocessing.get_context(method)
    cell = context.Value("i", 0)
    receive, send = context.Pipe(duplex=False)
    code_cells = sum(1 for c in cells if c.get("cell_type") == "code")
    child = context.Process(target=_child_main, args=(send, where, cells, bound, get_language(), cell), daemon=True)
    child.start()
    send.close()
    deadline = time.monotonic() + bound * max(code_cells, 1) + CHILD_SLACK
    outcome: tuple[str, Any] | None = None
    try:
        while outcome is None:
            left = deadline - time.monotonic()
            if left <= 0:
                child.kill()
                raise _fail(where, _late(max(cell.value, 1), bound))
            if receive.poll(min(left, 0.5)):
                try:
                    outcome = receive.recv()
                except EOFError:  # the child ended without a word
                    break
            elif not child.is_alive() and not receive.poll(0):
                break
    finally:
        child.join(5)
        if child.is_alive():
            child.kill()
            child.join()
        receive.close()
    if outcome is None:
        code = child.exitcode
        if code is not None and code < 0:
            try:
                how = signal.Signals(-code).name
            except ValueError:
                how = str(-code)
            # TRANSLATORS: {n} is the cell's number; {signal} a signal's name (SIGKILL), kept as it is
            words = _("cell {n} ended the process running the lesson (signal {signal})").format(
                n=cell.value, signal=how
            )
        else:
            # TRANSLATORS: {n} is the cell's number; {code} the process's exit code (0, 3)
            words = _("cell {n} ended the process running the lesson (exit code {code})").format(
                n=cell.value, code=code
            )
        raise _fail(where, words)
    kind, value = outcome
    if kind == "page":
        return value  # type: ignore[no-any-return]
    if kind == "words":
        raise _fail(where, str(value))
    raise value


def _run_all(
    where: Path,
    cells: list[dict[str, Any]],
    page: LessonPage,
    build: _Builder,
    namespace: dict[str, Any],
    shown: list[Any],
    render: Callable[[str], str],
    cell_timeout: float,
    progress: Callable[[int], None],
) -> None:
    """Every cell in order: markdown rendered, code run (each within ``cell_timeout``
    seconds) and its outputs built; a section
    whose heading the notebook keeps collapsed (``jp-MarkdownHeadingCollapsed``) is a
    ``<details>`` closed until clicked, up to the next heading of its level or higher."""
    folded: int | None = None  # the level of the collapsed section's heading, while inside it
    for number, cell in enumerate(cells, start=1):
        kind = cell.get("cell_type")
        text = _source(cell)
        if kind == "markdown":
            html_text = render(text)
            page.headings.extend(_heading_texts(html_text))
            first = _HEADING.search(html_text)
            level = int(first.group(1)) if first else None
            if folded is not None and level is not None and level <= folded:
                page.body.append("</details>")
                folded = None
            meta = cell.get("metadata")
            if first is not None and isinstance(meta, dict) and meta.get("jp-MarkdownHeadingCollapsed") is True:
                # a section the lesson shows collapsed (JupyterLab's heading arrow): closed until clicked
                rest = html_text[: first.start()] + html_text[first.end() :]
                page.body.append(
                    f'<details class="dnb-lesson-collapsed"><summary>{first.group(0)}</summary>'
                    f'<div class="dnb-lesson-text">{rest}</div>'
                )
                folded = level
            else:
                page.body.append(f'<div class="dnb-lesson-text">{html_text}</div>')
        elif kind == "code" and text.strip():
            progress(number)
            shown.clear()
            out = _BoundedOutput()
            started = time.monotonic()
            try:
                try:
                    with contextlib.redirect_stdout(out), _time_bound(cell_timeout):
                        _run_cell(text, namespace, shown)
                finally:
                    late = time.monotonic() - started >= cell_timeout  # also when the cell swallowed the stop
            except LessonPageError:
                raise
            except _CellTimeout as exc:
                raise _fail(where, _late(number, cell_timeout)) from exc
            except _TooMuchOutput:
                words = _("cell {n} printed more than {limit} characters, the bound of a cell's output on a page")
                raise _fail(where, words.format(n=number, limit=whole(MAX_CELL_OUTPUT))) from None
            except (Exception, SystemExit) as exc:  # the notebook's own error (sys.exit too), named with its cell
                if late:  # the stop turned into another error by the cell: still its bound
                    raise _fail(where, _late(number, cell_timeout)) from exc
                raise _fail(
                    where,
                    _("cell {n} fails: {error}").format(n=number, error=f"{type(exc).__name__}: {exc}"),
                ) from exc
            if late:
                raise _fail(where, _late(number, cell_timeout))
            if out.getvalue().strip():
                page.body.append(f'<pre class="dnb-lesson-text">{esc(out.getvalue())}</pre>')
            for value in shown:
                build.add(value)
    if folded is not None:
        page.body.append("</details>")


#: the page's script: an option's button shows the verdict made at export time (as text)
LESSON_JS = (
    """(function () {
  "use strict";
"""
    + UNSEAL_JS
    + """  var X = unseal(JSON.parse(document.getElementById("dnb-lesson-data").textContent));
  function show(n, v) {
    var fb = document.getElementById("dnb-fb-" + n);
    fb.textContent = "";
    var d = document.createElement("div");
    d.className = v[0] ? "dnb-right" : "dnb-wrong";
    d.textContent = v[1];
    fb.appendChild(d);
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.dnb-option"), function (b) {
    b.onclick = function () {
      var n = +b.getAttribute("data-ex"), i = +b.getAttribute("data-i"), v = X[n].verdicts[i];
      Array.prototype.forEach.call(document.querySelectorAll('button.dnb-option[data-ex="' + n + '"]'),
        function (o) { o.classList.remove("dnb-chosen-right", "dnb-chosen-wrong"); });
      b.classList.add(v[0] ? "dnb-chosen-right" : "dnb-chosen-wrong");
      show(n, v);
    };
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.dnb-check"), function (b) {
    b.onclick = function () {
      var n = +b.getAttribute("data-ex"), box = document.getElementById("dnb-num-" + n);
      var x = Math.max(0, Math.min(X[n].numbers.length - 1, Math.round(+box.value) || 0));
      box.value = x;
      show(n, X[n].numbers[x]);
    };
  });
  Array.prototype.forEach.call(document.querySelectorAll(".dnb-lesson-drill"), function (w) {
    var ones = w.querySelectorAll(".dnb-drill-one"), k = 0;
    w.querySelector("button.dnb-another").onclick = function () {
      ones[k].hidden = true; k = (k + 1) % ones.length; ones[k].hidden = false;
    };
  });
  Array.prototype.forEach.call(document.querySelectorAll("iframe.dnb-lesson-replayer"), function (f) {
    function fit() {
      try {
        var doc = f.contentDocument, slot = doc.querySelector(".dnb-defs-slot");
        if (slot) { slot.outerHTML = document.getElementById("dnb-defs-" + slot.getAttribute("data-lang")).innerHTML; }
        f.style.height = (doc.body.scrollHeight + 24) + "px";
      } catch (e) { /* the frame is not ready yet: its load event comes */ }
    }
    f.addEventListener("load", fit);
    fit();
  });
})();
"""
)

_TEMPLATE = """{head}<style>
body {{ font-family: sans-serif; margin: 8px auto; max-width: 1240px; padding: 0 14px; line-height: 1.4; }}
.dnb-lesson-note-top {{ color: #555; font-size: 12px; margin-bottom: 4px; }}
.dnb-lesson-text pre, pre.dnb-lesson-text {{ white-space: pre-wrap; }}
.dnb-lesson-text blockquote {{ border-left: 3px solid #ccc; margin: 0.5em 0; padding-left: 10px; color: #333; }}
.dnb-lesson-replayer {{ width: 100%; height: 700px; border: 1px solid #ccc; border-radius: 4px; margin: 6px 0; }}
.dnb-lesson-exercise, .dnb-lesson-drill {{ border: 1px solid #c5d3e8; border-radius: 6px; padding: 8px 12px;
  margin: 8px 0; background: #fafcff; }}
.dnb-options {{ display: flex; flex-direction: column; align-items: flex-start; gap: 4px; margin: 6px 0; }}
.dnb-options button, .dnb-check, .dnb-another {{ font-size: 14px; padding: 3px 10px; max-width: 100%;
  text-align: left; }}
.dnb-chosen-right {{ background: #c8e6c9; }}
.dnb-chosen-wrong {{ background: #ffcdd2; }}
.dnb-number {{ width: 5em; font-size: 14px; }}
.dnb-lesson-feedback div {{ white-space: pre-line; margin: 4px 0; }}
.dnb-lesson-note {{ border-left: 4px solid #f0ad4e; background: #fff8e6; padding: 6px 10px; margin: 8px 0; }}
.dnb-drill-count {{ color: #555; font-size: 13px; }}
.dnb-no-picture {{ color: #555; }}
.dnb-lesson-collapsed > summary {{ cursor: pointer; }}
.dnb-lesson-collapsed > summary > :is(h1, h2, h3, h4, h5, h6) {{ display: inline; }}
.dnb-lesson-picture svg {{ max-width: 100%; height: auto; }}
</style>
</head>
<body>
<div class="dnb-lesson-note-top">{note}</div>
{defs}
{body}
<script type="application/json" id="dnb-lesson-data">{data}</script>
<script>
{script}</script>
</body>
</html>
"""


def lesson_page_html(path: str | Path, *, title: str | None = None, cell_timeout: float = CELL_TIMEOUT) -> str:
    """The page of the lesson notebook ``path`` as text (see :func:`export_lesson`).

    Raises:
        LessonPageError, ExportError, ValueError: as :func:`lesson_page`.
    """
    return lesson_page_html_from(lesson_page(path, cell_timeout=cell_timeout), title=title)


def export_lesson(
    path: str | Path, output: str | Path, *, title: str | None = None, cell_timeout: float = CELL_TIMEOUT
) -> tuple[Path, LessonPage]:
    """Write the lesson notebook ``path`` as one self-contained HTML page ``output``:
    its text, its replayers (the exported game page's player), its exercises and
    drills with every verdict judged at export time, the kit's pictures inline, and a
    note for each live widget (practice bouts, the play widget).  No kernel, no network.

    Args:
        path: a lesson notebook (``.ipynb``; any edition).
        output: the page to write (UTF-8), whole or not at all.
        title: the page's title (plain text); default: the lesson's first heading.
        cell_timeout: the seconds each code cell may run (:data:`CELL_TIMEOUT`).

    Returns:
        The path written and the page's :class:`LessonPage` (what it holds).

    Raises:
        LessonPageError: as :func:`lesson_page` (the file named; a cell past
            ``cell_timeout`` stops the export and nothing is written); the notebook or
            the title holds a lone surrogate (not valid Unicode; nothing is written).
        ValueError: ``cell_timeout`` out of its range (:func:`check_cell_timeout`).
        ExportError: a replayer beyond the page's bound on moves.
        OSError: the page cannot be written (an existing ``output`` is left as it was).
    """
    page = lesson_page(path, cell_timeout=cell_timeout)
    text = lesson_page_html_from(page, title=title)
    try:
        data = text.encode("utf-8")  # before the file is touched
    except UnicodeEncodeError as exc:  # a lone surrogate: from a "\udcff" escape in the notebook, or the title
        raise _fail(
            Path(path),
            _(
                "the page would hold text that is not valid Unicode (a lone surrogate, {code}); "
                "correct the notebook or the title"
            ).format(code=f"U+{ord(text[exc.start]):04X}"),
        ) from exc
    out = Path(output)
    replace_atomically(out, data)
    return out, page


def lesson_page_html_from(page: LessonPage, *, title: str | None = None) -> str:
    """The HTML of an already collected :class:`LessonPage` (see :func:`export_lesson`)."""
    with language(page.lang):
        note = _(
            "A durak-nb lesson: its replayers and exercises work in this page, no kernel needed; "
            "the answers were judged by the engine when the page was made."
        )
    data = [{k: v for k, v in ex.items() if k in ("verdicts", "numbers")} for ex in page.exercises]
    return _TEMPLATE.format(
        head=page_head(page.lang, title if title is not None else page.title),
        note=esc(note),
        defs="".join(f'<div id="dnb-defs-{esc(lang)}">{defs}</div>' for lang, defs in page.defs.items()),
        body="\n".join(page.body),
        data=script_json(seal(data)),  # the verdicts: no answer reads in the page's source
        script=LESSON_JS,
    )
