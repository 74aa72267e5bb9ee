"""A replay as one self-contained HTML page: plays, steps and slides with no kernel and no network.

:func:`export_html` builds a :class:`~.replayer.ReplayerWidget` (every frame
precomputed, the Stacks linked to the slider in the browser: see :mod:`.replayer`) and
writes it with :func:`ipywidgets.embed.embed_minimal_html`.

**Offline.**  ``embed_minimal_html`` loads the widget manager
(``@jupyter-widgets/html-manager``'s ``embed.js``) from a CDN, and no installed Python
package ships that bundle.  The page here carries it inline instead: the bundle kept in
``durak_nb/views/static/html-manager-embed.js`` (made from the pinned npm package by
``scripts/vendor_html_manager.py``, which inlines its icon fonts as ``data:`` URIs and
checks the registry's integrity hash).  The page has no ``src=`` or ``href=`` to
anywhere: it works from a ``file://`` URL on a machine with no network.  (The bundle
still names a CDN as the place to fetch *third-party* widget modules from; every model
of the page is one of the manager's own ``@jupyter-widgets`` modules, so it never asks:
tests/test_browser.py refuses and records every request the page makes — none.)

**Text stays text.**  Player names, comments and ``meta`` reach the page only escaped:
inside the widgets' HTML (:mod:`.html`), in the widget state (JSON inside a ``<script
type="application/vnd.jupyter.widget-state+json">``, where ``ipywidgets.embed``
escapes ``<script``, ``</script`` and ``<!--``), in list labels (rendered as text by the
widget manager) and in the ``<title>`` (escaped here: ``embed_minimal_html`` does not).

>>> import tempfile, pathlib
>>> from durak_nb.cards import deck
>>> from durak_nb.record import Recording
>>> doc = {"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"],
...        "start": {"hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]}, "talon": [], "trump": "H",
...                  "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
...                  "attacker": "Anna", "first_bito_done": True},
...        "moves": [{"player": "Anna", "action": "attack", "cards": ["6S"]}]}
>>> with tempfile.TemporaryDirectory() as d:
...     page = export_html(Recording.from_json(doc), pathlib.Path(d) / "game.html", title="A & B")
...     text = page.read_text(encoding="utf-8")
>>> "<title>A &amp; B</title>" in text, "<script src=" in text, len(text) > 2_000_000
(True, False, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat
import tempfile
from pathlib import Path

import ipywidgets as widgets
from ipywidgets.embed import dependency_state, embed_minimal_html

from ..errors import DurakError
from ..record.json_form import Recording
from ..replay import Replay
from .bounds import MAX_REPLAYER_MOVES, ViewBoundError, check_moves
from .html import esc
from .replayer import ReplayerWidget

__all__ = ["BUNDLE", "BUNDLE_SHA256", "ExportError", "export_html", "page_html"]

#: the widget manager inlined into every page (see the module's text)
BUNDLE = Path(__file__).resolve().parent / "static" / "html-manager-embed.js"
#: its sha256, as ``scripts/vendor_html_manager.py`` printed it
BUNDLE_SHA256 = "dc028c980fd3df7eb7c4c13dc170c5d5a19511c89bedf0c9e53f0e3514cdcc4d"

#: ``embed_minimal_html`` writes ``<script src="{embed_url}"></script>``; this URL marks the
#: tag that the inline bundle replaces
_MARK = "durak-nb:inline-widget-manager"
_LOAD_TAG = f'<script src="{_MARK}"></script>'

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="durak-nb">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 12px 18px; max-width: 1200px; }}
.dnb-export-note {{ color: #555; font-size: 12px; margin-bottom: 6px; }}
</style>
</head>
<body>
<div class="dnb-export-note">A durak-nb replay: it plays in this page, no kernel needed.
Press play, drag the slider, use the arrows of the number box to step one move,
or pick a bout in the go-to list.</div>
{snippet}
</body>
</html>
"""


class ExportError(DurakError, RuntimeError):
    """The page cannot be made: the inline widget manager is missing or altered, the
    game has more moves than the page's bound (``max_moves``,
    :data:`~.bounds.MAX_REPLAYER_MOVES`), or the title is not valid Unicode (a lone
    surrogate cannot be written as UTF-8; the recorded texts reach the page inside
    JSON, where they are escaped).

    A :class:`~durak_nb.errors.DurakError` with no rule id (``rule`` is ``None``).
    """

    def __init__(self, message: str) -> None:
        super().__init__(None, message)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.message,))


def _check_text(what: str, text: str) -> None:
    """Refuse text that cannot be written as UTF-8 (a lone surrogate, e.g. from
    ``$'\\xff'`` decoded with ``surrogateescape``), naming the first bad character.

    Raises:
        ExportError: ``text`` holds a lone surrogate.
    """
    for i, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":
            raise ExportError(
                f"{what} is not valid text: character {i + 1} is a lone surrogate (U+{ord(ch):04X}), "
                "which UTF-8 cannot hold; give the text as valid UTF-8"
            )


def _check_size(moves: int, max_moves: int) -> None:
    """The page's bound on work (:data:`~.bounds.MAX_REPLAYER_MOVES`).

    Raises:
        ExportError: more than ``max_moves`` moves.
    """
    try:
        check_moves("an exported page", moves, max_moves)
    except ViewBoundError as exc:
        raise ExportError(exc.message) from exc


def _bundle() -> str:
    """The widget manager's code, checked against :data:`BUNDLE_SHA256`.

    Raises:
        ExportError: the file is missing or is not the recorded bundle.
    """
    try:
        data = BUNDLE.read_bytes()
    except OSError as exc:
        raise ExportError(
            f"the widget manager bundle {BUNDLE} cannot be read ({exc.strerror or exc}); "
            "make it with: python scripts/vendor_html_manager.py"
        ) from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != BUNDLE_SHA256:
        raise ExportError(f"{BUNDLE}: sha256 {digest} is not the recorded {BUNDLE_SHA256}")
    return data.decode("utf-8")


def _tree(root: widgets.Widget) -> list[widgets.Widget]:
    """``root`` and every widget it refers to (children, layouts, styles), once each."""
    seen: dict[int, widgets.Widget] = {}
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            items = value if isinstance(value, list | tuple) else (value,)
            todo.extend(v for v in items if isinstance(v, widgets.Widget))
    return list(seen.values())


def page_html(
    replay: Replay,
    *,
    title: str | None = None,
    interval: int = 800,
    perspective: int | str | None = None,
    max_moves: int = MAX_REPLAYER_MOVES,
) -> str:
    """The exported page of ``replay`` as text (see :func:`export_html`).

    Raises:
        ExportError: the inline widget manager is missing or altered, the replay has
            more than ``max_moves`` moves, or ``title`` is not valid text.
        KeyError: ``perspective`` is not a seat or a name of the game.
    """
    _check_size(len(replay), max_moves)
    page_title = _title(replay, title)
    _check_text("the title", page_title)
    code = _bundle()
    widget = ReplayerWidget(
        replay, interval=interval, perspective=perspective, kernel_buttons=False, max_moves=max_moves
    )
    try:
        state = dependency_state([widget], drop_defaults=True)
        out = io.StringIO()
        embed_minimal_html(
            out,
            views=[widget],
            title=esc(page_title),
            template=_TEMPLATE,
            state=state,
            indent=None,
            requirejs=False,
            embed_url=_MARK,
            cors=False,
        )
    finally:  # the widgets live only for the page: free them in a running kernel
        for link in widget.links:
            link.close()
        for w in _tree(widget):
            w.close()
    page = out.getvalue()
    if page.count(_LOAD_TAG) != 1:
        raise ExportError("ipywidgets.embed wrote an unexpected page: the widget manager's <script> tag was not found")
    # the bundle holds no '</script' nor '<!--' (checked when it was made), so it sits in a script element as it is
    return page.replace(_LOAD_TAG, "<script>\n" + code + "\n</script>")


def _title(replay: Replay, title: str | None) -> str:
    if title is not None:
        return title
    meta_title = replay.recording.meta.get("title")
    if meta_title is not None:
        return str(meta_title)
    return f"durak-nb replay: {replay.recording.rules.preset} · {', '.join(replay.players)}"


def export_html(
    replay_or_recording: Replay | Recording,
    path: str | Path,
    *,
    title: str | None = None,
    interval: int = 800,
    perspective: int | str | None = None,
    max_moves: int = MAX_REPLAYER_MOVES,
) -> Path:
    """Write ``replay_or_recording`` as a self-contained HTML page that replays the game
    with no kernel and no network: play/pause with speed, the slider, step one move
    (the number box's arrows), the go-to list of bouts, the perspective list, every
    move explained with its rule ids and its events.

    Args:
        replay_or_recording: a :class:`~durak_nb.replay.Replay`, or a
            :class:`~durak_nb.record.Recording` (replayed here).
        path: the page to write (UTF-8).  It is written whole or not at all: the page
            goes to a temporary file beside it, which then replaces ``path`` (or the
            file a symbolic link ``path`` points to).
        title: the page's title (plain text); default: the recording's ``meta.title``,
            else the variant and the players.
        interval: milliseconds per move while playing.
        perspective: the view shown first: ``None`` (every hand open), a seat or a name.
        max_moves: the most moves a page holds (:data:`~.bounds.MAX_REPLAYER_MOVES`,
            1,000): every frame is made in advance, in work linear in the moves.

    Returns:
        The path written.

    Raises:
        RecordingError: the recording holds an illegal move (with its index and rule id).
        ExportError: the inline widget manager is missing or altered; the game has
            more than ``max_moves`` moves (refused before it is replayed); the title
            is not valid Unicode (a lone surrogate; nothing is written).
        KeyError: ``perspective`` is not a seat or a name of the game.
        OSError: the page cannot be written (an existing ``path`` is left as it was).
    """
    if isinstance(replay_or_recording, Replay):
        replay = replay_or_recording
    else:
        _check_size(len(replay_or_recording.moves), max_moves)
        replay = Replay(replay_or_recording)
    text = page_html(replay, title=title, interval=interval, perspective=perspective, max_moves=max_moves)
    data = text.encode("utf-8")  # before the file is touched (every text was checked)
    out = Path(path)
    _write_atomically(Path(os.path.realpath(out)), data)  # through a symbolic link, as a plain write would
    return out


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file in ``path``'s folder, then rename it over
    ``path`` (``os.replace``): a reader sees the old file or the whole new one, never
    a part.  (:func:`durak_nb.record.json_form.write_atomic` does the same for
    recordings but raises :class:`RecordingError`; a page keeps the ``OSError`` that
    ``export_html`` has always raised for a write that fails.)

    Raises:
        OSError: the folder cannot be written (the temporary file is removed).
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if path.exists():  # keep the page's permissions, as writing into it would
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        else:  # as a newly created file would be (mkstemp makes it 0600)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
