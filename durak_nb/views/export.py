"""A replay as one self-contained HTML page: plays, steps and slides with no kernel and no network.

:func:`export_html` writes every frame of the replay (:func:`.html.replayer_frames`)
into one page with a small script of its own that shows them on the card table of the
replayer (:func:`.html.board_html`): ◀ ▶ (one move back or forward), play/pause with
a speed, the move slider and number, the view list and the go-to list of frames.

**Small.**  The page holds each distinct part once (a hand that did not change is the
same string; frame ``k`` of each part is an index into the list of parts) and every card
face once (:func:`.cards_svg.card_defs`; each card on the table or in a hand is a
``<use>`` of it, :func:`.cards_svg.shared_faces`).  It needs no widget manager: the
300-move, 4-player game of ``benchmarks/bench_replayer_chromium.py`` makes a page of
about a megabyte (it was 6.3 MB with the ipywidgets html manager inlined, 2.1 MB of
it the manager itself).

**Offline.**  The page has no ``src=`` or ``href=`` to anywhere (the ``<use>`` elements
point into the page): it works from a ``file://`` URL on a machine with no network
(tests/test_browser_table.py refuses every request and records none).

**Text stays text.**  Player names, comments and ``meta`` reach the page only escaped:
inside the parts' HTML (:mod:`.html`), in the data (JSON inside a ``<script
type="application/json">``, where ``</`` and ``<!--`` are escaped so that nothing ends
the script early), in the list labels (set as text by the script) and in the
``<title>``.

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
>>> "<title>A &amp; B</title>" in text, "<script src=" in text, len(text) < 600_000
(True, False, True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import DurakError
from ..record.json_form import Recording, replace_atomically
from ..replay import Replay
from .bounds import MAX_REPLAYER_MOVES, ViewBoundError, check_moves
from .cards_svg import card_defs, shared_faces
from .html import SHARED_SLOTS, STYLE, board_html, esc, header_html, replayer_frames
from .replayer import LEGEND

__all__ = ["PLAYER_JS", "ExportError", "export_html", "page_data", "page_html"]

#: the page's player: shows frame ``k`` of view ``v`` by filling the slots of the view's
#: skeleton with their parts (only the slots that changed are touched)
PLAYER_JS = """(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("dnb-data").textContent);
  var P = D.parts, F = D.fields, n = D.labels.length - 1;
  var $ = function (id) { return document.getElementById(id); };
  var board = $("dnb-board"), slider = $("dnb-slider"), num = $("dnb-number"), go = $("dnb-goto"),
      view = $("dnb-view"), back = $("dnb-back"), fwd = $("dnb-forward"), play = $("dnb-play"),
      speed = $("dnb-speed");
  var k = D.start, v = D.view, drawnView = -1, slots = [], timer = null;
  slider.max = n; num.max = n;
  D.views.forEach(function (name, i) { view.add(new Option(name, i)); });
  D.labels.forEach(function (label, i) { go.add(new Option(label, i)); });
  function part(name) {
    if (name.lastIndexOf("seat ", 0) === 0) {
      var s = +name.slice(5);
      return P[F["caption " + s][k]] + P[F[(v === 0 || v === s + 1 ? "open " : "public ") + s][k]];
    }
    if (name === "turn" || name === "events") { return P[F[name + " " + v][k]]; }
    return P[F[name][k]];
  }
  function draw() {
    if (v !== drawnView) {
      board.innerHTML = D.skeletons[v];
      slots = Array.prototype.slice.call(board.querySelectorAll("[data-slot]"));
      slots.forEach(function (el) { el.dnbShown = null; });
      drawnView = v;
    }
    slots.forEach(function (el) {
      var h = part(el.getAttribute("data-slot"));
      if (el.dnbShown !== h) { el.innerHTML = h; el.dnbShown = h; }
    });
    board.setAttribute("data-frame", k);
    slider.value = k; num.value = k; go.value = k; view.value = v;
    back.disabled = k === 0; fwd.disabled = k === n;
  }
  function show(x) { k = Math.max(0, Math.min(n, x | 0)); draw(); if (k === n) { stop(); } }
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; } play.textContent = "▶ play"; }
  function start() {
    if (k === n) { show(0); }
    timer = setInterval(function () { show(k + 1); }, +speed.value);
    play.textContent = "⏸ pause";
  }
  back.onclick = function () { stop(); show(k - 1); };
  fwd.onclick = function () { stop(); show(k + 1); };
  play.onclick = function () { if (timer === null) { start(); } else { stop(); } };
  slider.oninput = function () { show(+slider.value); };
  num.oninput = function () { show(+num.value); };
  go.onchange = function () { show(+go.value); };
  view.onchange = function () { v = +view.value; draw(); };
  speed.onchange = function () { if (timer !== null) { stop(); start(); } };
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") { return; }
    if (e.key === "ArrowLeft") { back.onclick(); } else if (e.key === "ArrowRight") { fwd.onclick(); }
  });
  draw();
})();
"""

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="durak-nb">
<title>{title}</title>
{style}
<style>
body {{ font-family: sans-serif; margin: 8px 14px; max-width: 1240px; }}
.dnb-export-note {{ color: #555; font-size: 12px; margin-bottom: 4px; }}
.dnb-controls {{ display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0 6px;
  font: 14px sans-serif; }}
.dnb-controls button {{ font-size: 16px; min-width: 2.4em; }}
#dnb-slider {{ width: 300px; }}
#dnb-number {{ width: 4.5em; }}
#dnb-goto {{ max-width: 340px; }}
</style>
</head>
<body>
{defs}
<div class="dnb-export-note">A durak-nb replay: it plays in this page, no kernel needed.
◀ ▶ step one move (or the arrow keys), play runs the moves, the slider and the go-to list jump.</div>
<div class="dnb-replayer">
<div class="dnb-story">{header}</div>
<div class="dnb-controls">
<button id="dnb-back" title="one move back">◀</button>
<button id="dnb-play" title="play or pause">▶ play</button>
<button id="dnb-forward" title="one move forward">▶</button>
<label>move <input id="dnb-slider" type="range" min="0" step="1" value="0"></label>
<input id="dnb-number" type="number" min="0" step="1" value="0" aria-label="move">
<label>view <select id="dnb-view"></select></label>
<label>go to <select id="dnb-goto"></select></label>
<label>ms/move <input id="dnb-speed" type="number" min="100" max="3000" step="100" value="{interval}"></label>
</div>
<div id="dnb-board"></div>
{legend}
</div>
<script type="application/json" id="dnb-data">{data}</script>
<script>
{script}</script>
</body>
</html>
"""


class ExportError(DurakError, RuntimeError):
    """The page cannot be made: the game has more moves than the page's bound (``max_moves``,
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


def _script_json(data: Any) -> str:
    """``data`` as JSON that can sit inside a ``<script>`` element: ``</`` and ``<!--``
    escaped (``<\\/``, ``\\u003c!--``), so that no text ends the element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


def page_data(
    replay: Replay, *, perspective: int | str | None = None, max_moves: int = MAX_REPLAYER_MOVES
) -> dict[str, Any]:
    """What an exported page holds (:func:`page_html`), as plain data: ``parts`` (every
    distinct part, each card face a ``<use>``), ``fields`` (for each part name —
    ``'caption 0'``, ``'open 0'``, ``'public 0'``, ``'table'``, ``'stock'``, ``'story'``,
    ``'result'``, ``'turn 0'``, ``'events 0'`` … — the index of its part in each frame),
    ``skeletons`` (each view's board with empty slots), ``views``, ``labels``, ``start``
    and ``view``.

    Raises:
        ExportError: more than ``max_moves`` moves.
        KeyError: ``perspective`` is not a seat or a name of the game.
    """
    _check_size(len(replay), max_moves)
    view0 = 0 if perspective is None else replay._seat(perspective) + 1
    frames = replayer_frames(replay, max_moves=max_moves)
    parts: list[str] = []
    index: dict[str, int] = {}

    def ids(values: tuple[str, ...]) -> list[int]:
        out = []
        for value in values:
            i = index.get(value)
            if i is None:
                i = index[value] = len(parts)
                parts.append(shared_faces(value))
            out.append(i)
        return out

    fields: dict[str, list[int]] = {}
    players = len(replay.players)
    for s in range(players):
        fields[f"caption {s}"] = ids(frames.captions[s])
        fields[f"open {s}"] = ids(frames.open_cards[s])
        fields[f"public {s}"] = ids(frames.public_cards[s])
    for name in SHARED_SLOTS:
        fields[name] = ids(getattr(frames, name))
    for v in range(len(frames.views)):
        fields[f"turn {v}"] = ids(frames.turn[v])
        fields[f"events {v}"] = ids(frames.events[v])
    return {
        "views": list(frames.views),
        "labels": list(frames.labels),
        "start": 0,
        "view": view0,
        "parts": parts,
        "fields": fields,
        "skeletons": [board_html(players, v, lambda _name: "") for v in range(len(frames.views))],
    }


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
        ExportError: the replay has more than ``max_moves`` moves, or ``title`` is not
            valid text.
        KeyError: ``perspective`` is not a seat or a name of the game.
    """
    _check_size(len(replay), max_moves)
    page_title = _title(replay, title)
    _check_text("the title", page_title)
    data = page_data(replay, perspective=perspective, max_moves=max_moves)
    rec = replay.recording
    return _TEMPLATE.format(
        title=esc(page_title),
        style=STYLE,
        defs=card_defs(),
        header=header_html(rec.rules.preset, replay.players, rec.meta),
        interval=int(interval),
        legend=LEGEND,
        data=_script_json(data),
        script=PLAYER_JS,
    )


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
    with no kernel and no network: ◀ ▶ to step one move, play/pause with speed, the
    slider and number, the go-to list of frames, the view list, every
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
        ExportError: the game has more than ``max_moves`` moves (refused before it is replayed); the title
            is not valid Unicode (a lone surrogate; nothing is written).
        KeyError: ``perspective`` is not a seat or a name of the game.
        OSError: the page cannot be written (an existing ``path`` is left as it was),
            or ``path`` exists and is not a regular file (a device, a FIFO, a directory:
            ``strerror`` says so, :func:`~durak_nb.record.json_form.replace_atomically`).
    """
    if isinstance(replay_or_recording, Replay):
        replay = replay_or_recording
    else:
        _check_size(len(replay_or_recording.moves), max_moves)
        replay = Replay(replay_or_recording)
    text = page_html(replay, title=title, interval=interval, perspective=perspective, max_moves=max_moves)
    data = text.encode("utf-8")  # before the file is touched (every text was checked)
    out = Path(path)
    replace_atomically(out, data)  # whole or not at all, through a symbolic link; never over a device or a FIFO
    return out
