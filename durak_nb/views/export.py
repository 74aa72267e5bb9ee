"""A replay as one self-contained HTML page: plays, steps and slides with no kernel and no network.

:func:`export_html` writes every frame of the replay (:func:`.html.replayer_frames`)
into one page with a small script of its own that shows them on the card table of the
replayer (:func:`.html.board_html`): ◀ ▶ (one move back or forward), play/pause with
a speed, the move slider and number, the view list and the go-to list of frames.

**Every side line.**  The side lines of ``meta.variations`` (docs/notation.md), nested
ones too, are in the page, each with every frame (:func:`page_lines`): at a move with
alternatives the page lists them as buttons (the first move's words with its glyph, the
comment before it), a click steps into one (showing its first move played), "back"
steps out to where it branched.  Every comment (before and after a move) and every
glyph is in the frames' words, the glyph right after its move's words.  The moves of
the side lines count in the page's bound (``max_moves``).

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

**Its language.**  Every word of the page (the note, the buttons and their tips, the
labels, the script's words such as "▶ play", the lines' names) is in the language in use
when the page is exported (:func:`durak_nb.i18n.set_language`), and the page says so
(``<html lang="uk">``); the script takes all its words from the page's data, so the page
needs nothing else in any language.

**Puzzle mode** (``puzzle=True``, ``durak-nb export --puzzle``).  At each move the
learner is asked what they would play, with the engine's legal moves of the player to
act as buttons (:func:`page_puzzle`, from :func:`.replayer.puzzle_question`); before the
choice the page shows no word of the move played: not "next, move 1: …", not the list
of legal moves under whose move it is, not the comment after the move, not its glyph,
not the side lines that replace it.  After the choice it says whether it was the move
played (and if not, which was, with the rules behind it), shows the comment after the
move and offers "step on" (and "try again" after a wrong choice); the score counts the
moves found at the first try ("3 of 5 found").  A frame where the player has a single
legal move is shown as it is and not counted.  The slider and the go-to list reach only
the frames answered; the comment before a move (the annotator's question) shows.  The
verdicts come from data computed at export time: the page needs no kernel.  The data
holds the answers, sealed (:func:`.html.seal`): the page's source shows no move, no
answer and no comment of the game, only a block the page's script opens itself
(offline; not a secret from someone who runs the script by hand, but nothing a
learner reads at a glance); :func:`page_data_of` opens it in Python.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DurakError
from ..i18n import N_, _, get_language, ngettext, pgettext
from ..numbering import move_number
from ..record.json_form import Recording, replace_atomically
from ..record.tree import ANNOTATION_KEYS, GameNode, GameTree
from ..replay import Replay
from ..rules import preset_words
from ..text import visible
from . import replayer
from .bounds import MAX_REPLAYER_MOVES, ViewBoundError, check_moves
from .cards_svg import card_defs, shared_faces
from .html import (
    SHARED_SLOTS,
    STYLE,
    UNSEAL_JS,
    ReplayerFrames,
    board_html,
    esc,
    header_html,
    in_reader_language,
    page_head,
    replayer_frames,
    script_json,
    seal,
    unseal,
)
from .replayer import PUZZLE_WORDS, ask_story_html, puzzle_question

__all__ = [
    "PLAYER_JS",
    "WORDS",
    "ExportError",
    "ask_story_html",
    "export_html",
    "page_data",
    "page_data_of",
    "page_html",
    "page_lines",
    "page_puzzle",
    "page_words",
]

#: the page's words about lines (plain text; ``{…}`` filled in by :func:`page_data`;
#: translated at use, ``_(WORDS[key])``); ``{name}`` is a side line's name (``12.1``)
WORDS = {
    "main": N_("main line"),
    "side": N_("side line {name}"),
    "where main": N_("instead of move {k} of the main line"),
    "where side": N_("instead of move {k} of the side line {name}"),
    "back main": N_("⤴ back to the main line"),
    "back side": N_("⤴ back to the side line {name}"),
    "instead": N_("Instead of move {k} ({move}):"),
    "empty": N_("no moves"),
    "note": N_("\nAt a move with side lines, a button below steps into one; back steps out again."),
}
#: the words before the count of moves in the page's bound (:func:`_check_size`; the whole
#: sentence, in the language in use, is :func:`~.bounds.check_moves`'s)
HAS = {
    "game": "this game has",
    "all": "this game and its side lines have",
    "partly": "this game and its side lines have at least",
}


def _legend() -> str:
    """The legend under the board, the replayer's own, in the language in use."""
    return replayer.legend_html()


#: the page's player: shows frame ``k`` of line ``line`` in view ``v`` by filling the slots
#: of the view's skeleton with their parts (only the slots that changed are touched); at
#: a move with side lines it lists them as buttons (made with ``textContent``: every
#: recorded text stays text), a click steps into one, "back" steps out to where it branched
PLAYER_JS = (
    """(function () {
  "use strict";
"""
    + UNSEAL_JS
    + """  var D = unseal(JSON.parse(document.getElementById("dnb-data").textContent));
  var P = D.parts, L = D.lines;
  L[0].fields = D.fields; L[0].labels = D.labels;
  var $ = function (id) { return document.getElementById(id); };
  var board = $("dnb-board"), slider = $("dnb-slider"), num = $("dnb-number"), go = $("dnb-goto"),
      view = $("dnb-view"), back = $("dnb-back"), fwd = $("dnb-forward"), play = $("dnb-play"),
      speed = $("dnb-speed"), linesBar = $("dnb-lines"), lineName = $("dnb-line-name"), exit = $("dnb-exit"),
      alts = $("dnb-alts");
  var k = D.start, v = D.view, line = 0, F = D.fields, n = D.labels.length - 1, drawnView = -1, slots = [],
      timer = null;
  var W = D.words;
  // the puzzle (D.puzzle): each line's answers by frame ({first, last, retry}), the score
  var Z = D.puzzle ? {answers: L.map(function () { return {}; }), found: 0, asked: 0, limit: -1} : null;
  D.views.forEach(function (name, i) { view.add(new Option(name, i)); });
  linesBar.hidden = L.length < 2;
  function fill(text, values) {
    return text.replace(/\\{(\\w+)\\}/g, function (m, key) { return key in values ? String(values[key]) : m; });
  }
  function question(j, x) { return Z && x < L[j].labels.length - 1 ? L[j].puzzle[x] : null; }
  function answered(j, x) {
    var q = question(j, x), a = Z ? Z.answers[j][x] : undefined;
    return !q || q.answer < 0 || q.choices.length < 2 || (a !== undefined && !a.retry);
  }
  function limit() {
    if (!Z) { return n; }
    var x = 0;
    while (x < n && answered(line, x)) { x += 1; }
    return x;
  }
  function part(name) {
    if (Z && !answered(line, k)) {
      if (name === "story") { return P[F["ask story"][k]]; }
      if (name === "turn") { return ""; }
    }
    if (name.lastIndexOf("seat ", 0) === 0) {
      var s = +name.slice(5);
      return P[F["caption " + s][k]] + P[F[(v === 0 || v === s + 1 ? "open " : "public ") + s][k]];
    }
    if (name === "turn" || name === "events" || (name === "story" && F["story " + v])) {
      return P[F[name + " " + v][k]];
    }
    return P[F[name][k]];
  }
  function add(parent, tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    el.textContent = text;
    parent.appendChild(el);
    return el;
  }
  function drawAlternatives() {
    var b = L[line].branches[String(k)];
    alts.textContent = "";
    if (!b || !answered(line, k)) { return; }
    add(alts, "span", "dnb-alts-head", b.head);
    b.lines.forEach(function (j) {
      var button = add(alts, "button", "dnb-alt", L[j].label);
      button.setAttribute("data-line", String(j));
      button.onclick = function () {
        // stepping into a side line chooses its first move: shown played, not counted
        if (Z && L[j].labels.length > 1 && Z.answers[j][0] === undefined) {
          Z.answers[j][0] = {first: null, last: null};
        }
        enter(j, Math.min(1, L[j].labels.length - 1));
      };
      if (L[j].before) { add(alts, "span", "dnb-comment", L[j].before); }
    });
  }
  function draw() {
    if (v !== drawnView) {
      board.innerHTML = D.skeletons[v];
      slots = Array.prototype.slice.call(board.querySelectorAll("[data-slot]"));
      slots.forEach(function (el) { el.dnbShown = null; });
      drawnView = v;
      if (Z) { var t = board.querySelector('[data-slot="turn"]'); t.parentNode.insertBefore(Z.panel, t); }
    }
    var most = limit();
    if (Z && most !== Z.limit) {
      Z.limit = most; slider.max = most; num.max = most;
      while (go.options.length) { go.remove(0); }
      L[line].labels.slice(0, most + 1).forEach(function (label, i) { go.add(new Option(label, i)); });
    }
    slots.forEach(function (el) {
      var h = part(el.getAttribute("data-slot"));
      if (el.dnbShown !== h) { el.innerHTML = h; el.dnbShown = h; }
    });
    board.setAttribute("data-frame", k);
    board.setAttribute("data-line", line);
    slider.value = k; num.value = k; go.value = k; view.value = v;
    back.disabled = k === 0; fwd.disabled = k >= most;
    drawAlternatives();
    if (Z) { drawPuzzle(); }
  }
  function drawPuzzle() {
    var q = question(line, k), a = Z.answers[line][k], el = Z.el;
    ["ask", "choices", "verdict", "comment"].forEach(function (name) { el[name].textContent = ""; });
    el.again.hidden = el.on.hidden = true;
    el.verdict.className = "dnb-verdict";
    el.score.textContent = fill(W.score, {found: Z.found, asked: Z.asked});
    if (!q) { el.ask.textContent = k >= n ? W.end : ""; return; }
    if (q.answer < 0) {
      el.verdict.textContent = fill(W.unknown, {move: q.move});
    } else if (q.choices.length < 2) {
      el.verdict.textContent = fill(W.only, {name: q.name, move: q.move});
    } else if (a === undefined && v !== 0 && v !== q.player + 1) {
      el.ask.textContent = q.watch;
      return;
    } else {
      el.ask.textContent = q.ask;
      var open = a === undefined || a.retry;
      q.choices.forEach(function (words, i) {
        var b = add(el.choices, "button", "dnb-choice", words);
        b.setAttribute("data-choice", String(i));
        b.disabled = !open;
        if (!open && i === a.last) { b.className += i === q.answer ? " dnb-right" : " dnb-wrong"; }
        b.onclick = function () { choose(i); };
      });
      if (open) { return; }
      if (a.last === null) {
        el.verdict.textContent = q.move;  // stepped into from the line it branches from: chosen there
      } else if (a.last === q.answer) {
        el.verdict.textContent = fill(W.right, {move: q.move});
        el.verdict.className = "dnb-verdict dnb-right";
      } else {
        el.verdict.textContent = fill(W.wrong, {chosen: q.choices[a.last], move: q.move});
        el.verdict.className = "dnb-verdict dnb-wrong";
        el.again.hidden = false;
      }
    }
    if (q.comment) { el.comment.textContent = q.comment; }
    el.on.hidden = false;
  }
  function choose(i) {
    var q = question(line, k), a = Z.answers[line][k];
    if (a === undefined) {
      a = Z.answers[line][k] = {first: i};
      Z.asked += 1;
      if (i === q.answer) { Z.found += 1; }
    }
    a.last = i; a.retry = false;
    draw();
  }
  function enter(j, frame) {
    stop();
    line = j; F = L[j].fields; n = L[j].labels.length - 1;
    slider.max = n; num.max = n;
    while (go.options.length) { go.remove(0); }
    if (Z) { Z.limit = -1; } else { L[j].labels.forEach(function (label, i) { go.add(new Option(label, i)); }); }
    lineName.textContent = L[j].where ? L[j].name + " (" + L[j].where + ")" : L[j].name;
    exit.hidden = L[j].parent === undefined;
    exit.textContent = L[j].back || "";
    show(frame);
  }
  function show(x) { k = Math.max(0, Math.min(limit(), x | 0)); draw(); if (k === n) { stop(); } }
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; } play.textContent = W.play; }
  function start() {
    if (k === n) { show(0); }
    timer = setInterval(function () { show(k + 1); }, +speed.value);
    play.textContent = W.pause;
  }
  back.onclick = function () { stop(); show(k - 1); };
  fwd.onclick = function () { if (!fwd.disabled) { stop(); show(k + 1); } };
  if (Z) {
    Z.panel = $("dnb-puzzle");
    Z.el = {};
    ["ask", "choices", "verdict", "comment", "again", "on", "score"].forEach(function (name) {
      Z.el[name] = $("dnb-puzzle-" + name);
    });
    Z.el.again.onclick = function () { Z.answers[line][k].retry = true; draw(); };
    Z.el.on.onclick = function () { fwd.onclick(); };
    play.hidden = true; speed.parentNode.hidden = true;
  }
  play.onclick = function () { if (timer === null) { start(); } else { stop(); } };
  exit.onclick = function () { var l = L[line]; if (l.parent !== undefined) { enter(l.parent, l.at); } };
  slider.oninput = function () { show(+slider.value); };
  num.oninput = function () { show(+num.value); };
  go.onchange = function () { show(+go.value); };
  view.onchange = function () { v = +view.value; draw(); };
  speed.onchange = function () { if (timer !== null) { stop(); start(); } };
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") { return; }
    if (e.key === "ArrowLeft") { back.onclick(); } else if (e.key === "ArrowRight") { fwd.onclick(); }
  });
  enter(0, k);
})();
"""
)

_TEMPLATE = """{head}{style}
<style>
body {{ font-family: sans-serif; margin: 8px 14px; max-width: 1240px; }}
.dnb-export-note {{ color: #555; font-size: 12px; margin-bottom: 4px; }}
.dnb-controls {{ display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0 6px;
  font: 14px sans-serif; }}
.dnb-controls button {{ font-size: 16px; min-width: 2.4em; }}
#dnb-slider {{ width: 300px; }}
#dnb-number {{ width: 4.5em; }}
#dnb-goto {{ max-width: 340px; }}
.dnb-lines {{ display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: baseline; margin: 0 0 6px;
  font: 13px sans-serif; }}
.dnb-lines[hidden] {{ display: none; }}
.dnb-line-name {{ font-weight: bold; }}
.dnb-lines button {{ font-size: 13px; }}
.dnb-lines .dnb-comment {{ color: #555; font-style: italic; }}
</style>
</head>
<body>
{defs}
<div class="dnb-export-note">{w[note]}{lines_note}{puzzle_note}</div>
<div class="dnb-replayer">
<div class="dnb-story">{header}</div>
<div class="dnb-controls">
<button id="dnb-back" title="{w[back]}">◀</button>
<button id="dnb-play" title="{w[play or pause]}">{w[play]}</button>
<button id="dnb-forward" title="{w[forward]}">▶</button>
<label>{w[move]} <input id="dnb-slider" type="range" min="0" step="1" value="0"></label>
<input id="dnb-number" type="number" min="0" step="1" value="0" aria-label="{w[move]}">
<label>{w[view]} <select id="dnb-view"></select></label>
<label>{w[go to]} <select id="dnb-goto"></select></label>
<label>{w[ms]} <input id="dnb-speed" type="number" min="100" max="3000" step="100" value="{interval}"></label>
</div>
<div class="dnb-lines" id="dnb-lines" hidden>
<span id="dnb-line-name" class="dnb-line-name"></span>
<button id="dnb-exit" title="{w[exit]}" hidden></button>
<span id="dnb-alts" class="dnb-alts"></span>
</div>
<div id="dnb-board"></div>
{puzzle}{legend}
</div>
<script type="application/json" id="dnb-data">{data}</script>
<script>
{script}</script>
</body>
</html>
"""


#: the puzzle's panel (:func:`page_html` with ``puzzle``): the script moves it into the
#: board's text column, before whose-move-it-is, and fills it as text (``textContent``)
_PUZZLE_PANEL = """<div id="dnb-puzzle" class="dnb-puzzle">
<style>
.dnb-puzzle {{ font: 13px sans-serif; border: 1px solid #b9c7b9; border-radius: 4px; padding: 4px 6px; margin: 4px 0;
  background: #f7faf7; }}
.dnb-puzzle-ask {{ font-weight: bold; }}
.dnb-puzzle-choices {{ display: flex; flex-wrap: wrap; gap: 3px; margin: 3px 0; }}
.dnb-puzzle-choices button {{ font-size: 13px; }}
.dnb-puzzle button.dnb-right {{ background: #d4edd4; }}
.dnb-puzzle button.dnb-wrong {{ background: #f3d4d4; }}
.dnb-verdict.dnb-right {{ color: #1f6b1f; }}
.dnb-verdict.dnb-wrong {{ color: #9b1c1c; }}
.dnb-puzzle .dnb-comment {{ color: #2e5d2e; font-style: italic; white-space: pre-line; }}
.dnb-puzzle-score {{ color: #555; margin-left: 6px; }}
</style>
<div id="dnb-puzzle-ask" class="dnb-puzzle-ask"></div>
<div id="dnb-puzzle-choices" class="dnb-puzzle-choices"></div>
<div id="dnb-puzzle-verdict" class="dnb-verdict"></div>
<div id="dnb-puzzle-comment" class="dnb-comment"></div>
<div><button id="dnb-puzzle-again" hidden>{again}</button> <button id="dnb-puzzle-on" hidden>{on}</button>
<span id="dnb-puzzle-score" class="dnb-puzzle-score"></span></div>
</div>
"""


def page_puzzle(replay: Replay) -> list[dict[str, Any] | None]:
    """The puzzle of each frame ``0..len(replay) - 1`` of one line, as the exported page
    holds it (:func:`.replayer.puzzle_question`, computed at export time; the page's
    script only compares indices): ``{"name", "player", "ask", "choices" (the engine's
    legal moves of the player to act, in words), "answer" (the index of the move played
    among them, -1 if absent), "move" (the move played with its rules and glyph),
    "comment" (the comment after it, or None)}``; plain text.  One live game walks the
    line (bounded by its moves).

    Raises:
        ExportError: the game was played over the board (``Replay.partial``).
    """
    if replay.partial:
        raise ExportError(_(PUZZLE_WORDS["partial"]))
    game = replay.game(0)
    out: list[dict[str, Any] | None] = []
    for k in range(len(replay)):
        q = puzzle_question(replay, k, game.legal_moves())
        out.append(
            {
                "name": _text(replay.players[q.player]),
                # the watching sentence said here, the name declined (R-free words, issue 20)
                "watch": _text(_(PUZZLE_WORDS["watch"]).format(name=replay.players[q.player])),
                "player": q.player,
                "ask": q.ask,
                "choices": list(q.labels),
                "answer": q.answer,
                "move": q.move,
                "comment": None if q.comment is None else _text(q.comment),
            }
        )
        game.play(replay.move(k))
    return out


def puzzle_words() -> dict[str, str]:
    """The puzzle script's words, in the language in use (plain text; ``{…}`` filled in by
    the script: ``{move}``, ``{chosen}``, ``{name}``, ``{found}``, ``{asked}``):
    ``right``, ``wrong``, ``only``, ``unknown``, ``score``, ``end`` (the watching sentence is each
    question's ``watch``, said in Python with the name declined)."""
    keys = ("right", "wrong", "only", "unknown", "score", "end")
    return {key: _text(_(PUZZLE_WORDS[key])) for key in keys}


def page_words() -> dict[str, str]:
    """The words of the page's controls and of its script, in the language in use (plain
    text; the template escapes them): ``note``, ``play``, ``pause``, ``play or pause``,
    ``back``, ``forward``, ``move``, ``view``, ``go to``, ``ms``, ``exit``.

    >>> page_words()["play"], page_words()["pause"]
    ('▶ play', '⏸ pause')
    """
    return {
        "note": _(
            "A durak-nb replay: it plays in this page, no kernel needed.\n"
            "◀ ▶ step one move (or the arrow keys), play runs the moves, the slider and the go-to list jump."
        ),
        # TRANSLATORS: the page's play button; the ▶ and ⏸ stay
        "play": pgettext("button", "▶ play"),
        "pause": pgettext("button", "⏸ pause"),
        "play or pause": _("play or pause"),
        "back": _("one move back"),
        "forward": _("one move forward"),
        # TRANSLATORS: the label of the page's move slider
        "move": pgettext("label", "move"),
        # TRANSLATORS: the label of the list of views (every hand open, or one player's view)
        "view": pgettext("label", "view"),
        # TRANSLATORS: the label of the list of moves to jump to
        "go to": pgettext("label", "go to"),
        # TRANSLATORS: the label of the speed box: milliseconds per move
        "ms": pgettext("label", "ms/move"),
        "exit": _("back to the line this one branches from"),
    }


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
            # TRANSLATORS: {what} is «the title» (translated); {i} a number; {code} a code point such as U+DCFF
            raise ExportError(
                _(
                    "{what} is not valid text: character {i} is a lone surrogate ({code}), "
                    "which UTF-8 cannot hold; give the text as valid UTF-8"
                ).format(what=what, i=i + 1, code=f"U+{ord(ch):04X}")
            )


def _check_size(moves: int, max_moves: int, *, has: str = HAS["game"]) -> None:
    """The page's bound on work (:data:`~.bounds.MAX_REPLAYER_MOVES`): the moves of the
    main line and of every side line together (``has``: the words before the count, one
    of :data:`HAS`).

    Raises:
        ExportError: more than ``max_moves`` moves (the sentence of
            :func:`~.bounds.check_moves`, in the language in use).
        ValueError: ``max_moves`` below 0.
    """
    try:
        check_moves("an exported page", moves, max_moves, has=has)
    except ViewBoundError as exc:
        raise ExportError(exc.message) from exc


def _tree_moves(rec: Recording) -> int:
    """The moves of ``rec``, the side lines of ``meta.variations`` counted (an explicit
    stack over the game tree; nothing replayed)."""
    if not any(key in rec.meta for key in ANNOTATION_KEYS):
        return len(rec.moves)
    count = 0
    stack: list[GameNode] = list(GameTree.from_recording(rec).root.variations)
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.variations)
    return max(count, len(rec.moves))


@dataclass
class _Line:
    """One line of the page: the main line (``parent`` ``None``) or a side line."""

    replay: Replay
    nodes: list[GameNode] | None  #: the line's tree nodes (``None``: the recording has no annotations)
    parent: int | None  #: the index of the line it branches from
    at: int | None  #: the move of the parent line it replaces (it starts from the parent's frame ``at``)
    branches: dict[int, list[int]] = field(default_factory=dict)  #: move -> the lines replacing it


def _line_nodes(replay: Replay) -> list[GameNode] | None:
    """The tree nodes of ``replay``'s moves, from the main line along its path."""
    if not any(key in replay.recording.meta for key in ANNOTATION_KEYS):
        return None
    nodes = replay.tree.mainline()
    for k, i in replay.path:
        if i == 0:
            nodes = nodes[k:]
        else:
            alt = nodes[k].siblings()[i - 1]
            nodes = [alt, *alt.mainline()]
    return nodes


def page_lines(replay: Replay, *, max_moves: int = MAX_REPLAYER_MOVES) -> list[_Line]:
    """``replay`` (line 0) and every side line branching from it, nested lines too, each
    a :class:`~durak_nb.replay.Replay` (:meth:`~durak_nb.replay.Replay.enter`).  The
    lines are walked depth first with an explicit stack (any nesting depth); when a
    line is walked, the side lines branching from it take the next indices, in the
    order of their moves and then of :meth:`~durak_nb.replay.Replay.variations`.

    Raises:
        ExportError: the lines hold more than ``max_moves`` moves together (checked
            before each side line is replayed, so the work stays bounded).
    """
    lines = [_Line(replay, _line_nodes(replay), None, None)]
    total = len(replay)
    _check_size(total, max_moves)
    todo = [0]
    while todo:
        j = todo.pop()
        line = lines[j]
        if line.nodes is None:
            continue
        found: list[int] = []
        for k, node in enumerate(line.nodes):
            if not node.siblings():
                continue
            for variation in line.replay.variations(k)[1:]:  # empty when made with variations=False
                total += len(variation.moves)
                _check_size(total, max_moves, has=HAS["partly"])
                sub = line.replay.enter(k, variation.index)
                alt = node.siblings()[variation.index - 1]
                lines.append(_Line(sub, [alt, *alt.mainline()], j, k))
                line.branches.setdefault(k, []).append(len(lines) - 1)
                found.append(len(lines) - 1)
        todo.extend(reversed(found))
    return lines


def _hand_fields(frames: ReplayerFrames, ids: Callable[[tuple[str, ...]], list[int]]) -> dict[str, list[int]]:
    """The hands of one line's frames: for each seat ``s``, ``'caption s'`` (name, card
    count, roles), ``'open s'`` (the hand face up: every hand open, and the seat's own
    view) and ``'public s'`` (the hand as the others see it), each the index of its part
    in every frame (``ids``)."""
    fields: dict[str, list[int]] = {}
    for s in range(len(frames.captions)):
        fields[f"caption {s}"] = ids(frames.captions[s])
        fields[f"open {s}"] = ids(frames.open_cards[s])
        fields[f"public {s}"] = ids(frames.public_cards[s])
    return fields


def _line_fields(frames: ReplayerFrames, ids: Callable[[tuple[str, ...]], list[int]]) -> dict[str, list[int]]:
    """Every part name of one line's frames with the index of its part in each frame."""
    fields = _hand_fields(frames, ids)
    for name in SHARED_SLOTS:
        fields[name] = ids(getattr(frames, name))
    for v in range(len(frames.views)):
        fields[f"turn {v}"] = ids(frames.turn[v])
        fields[f"events {v}"] = ids(frames.events[v])
        # each view's story: a player's never names a card that player cannot see then
        fields[f"story {v}"] = ids(frames.stories[v])
    return fields


def _text(text: str) -> str:
    """Text the page's script sets as text (``textContent``): control, format and bidi
    characters shown as visible escapes (:func:`durak_nb.text.visible`)."""
    return visible(text, keep="\n\t")


def _line_words(lines: list[_Line], j: int) -> dict[str, Any]:
    """The words of line ``j`` (plain text): its name, where it branches, the way back,
    the label of the button that steps into it and the comment before its first move."""
    line = lines[j]
    replay = line.replay
    names = replay.players
    if line.parent is None:
        return {"name": _text(_(WORDS["main"]) if not replay.path else _(WORDS["side"]).format(name=replay.name))}
    parent = lines[line.parent].replay
    assert line.at is not None  # a side line branches at a move of its parent
    if not parent.path:
        where = _(WORDS["where main"]).format(k=move_number(line.at))
        back = _(WORDS["back main"])
    else:
        where = _(WORDS["where side"]).format(k=move_number(line.at), name=parent.name)
        back = _(WORDS["back side"]).format(name=parent.name)
    first = replay.move(0).describe(names) if len(replay) else _(WORDS["empty"])
    glyph = replay.glyph(0) if len(replay) else None
    label = f"{replay.name}: {first}" + (f" {glyph}" if glyph else "")
    if len(replay) > 1:
        # TRANSLATORS: after a side line's first move on its button: how many moves the line has
        label += ngettext(" … ({n} move)", " … ({n} moves)", len(replay)).format(n=len(replay))
    before = replay.comment_before(0) if len(replay) else None
    return {
        "name": _text(_(WORDS["side"]).format(name=replay.name)),
        "where": _text(where),
        "back": _text(back),
        "label": _text(label),
        "before": None if before is None else _text(before),
    }


def page_data(
    replay: Replay,
    *,
    perspective: int | str | None = None,
    max_moves: int = MAX_REPLAYER_MOVES,
    puzzle: bool = False,
) -> dict[str, Any]:
    """What an exported page holds (:func:`page_html`), as plain data: ``parts`` (every
    distinct part, each card face a ``<use>``), ``fields`` (for each part name —
    ``'caption 0'``, ``'open 0'``, ``'public 0'``, ``'table'``, ``'stock'``, ``'story'``,
    ``'result'``, ``'turn 0'``, ``'events 0'``, ``'story 0'`` … — the index of its part in
    each frame of the main line; ``'story v'``: the story view ``v`` shows, a player's never
    naming a card that player cannot see then, ``'story'`` the open view's), ``labels``
    (the main line's go-to list), ``skeletons`` (each
    view's board with empty slots), ``views``, ``start``, ``view`` and ``lines``.

    ``lines``: the main line (index 0) and every side line (:func:`page_lines`), each
    ``{"name", "branches"}`` (``branches``: ``{"k": {"head": words, "lines": [index,
    …]}}``, the lines that replace move ``k``), a side line also ``"parent"`` (the index
    of the line it branches from), ``"at"`` (the parent's move it replaces: its frame 0
    is the parent's frame ``at``), ``"where"``, ``"back"``, ``"label"`` (the words of
    the button that steps into it: ``'12.1: Boris covers 7♠ with 8♠ ?! … (7 moves)'``),
    ``"before"`` (the comment before its first move, or ``None``), ``"fields"`` and
    ``"labels"`` (as the main line's); ``words``: the script's own words (``play``,
    ``pause``, :func:`page_words`).  Every text is plain text, shown as text, in the
    language in use.

    ``puzzle``: each line also holds ``"puzzle"`` (:func:`page_puzzle`: the question at
    each frame) and its fields ``"ask story"`` (the story before the learner has chosen,
    :func:`ask_story_html`); ``words`` also the puzzle's (:func:`puzzle_words`), and
    ``"puzzle": True``.

    Raises:
        ExportError: more than ``max_moves`` moves, the side lines counted; ``puzzle``
            for a game played over the board.
        KeyError: ``perspective`` is not a seat or a name of the game.
    """
    _check_size(len(replay), max_moves)
    if puzzle and replay.partial:
        raise ExportError(_(PUZZLE_WORDS["partial"]))
    words = page_words()
    view0 = 0 if perspective is None else replay._seat(perspective) + 1
    lines = page_lines(replay, max_moves=max_moves)
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

    players = len(replay.players)
    data: dict[str, Any] = {}
    out_lines: list[dict[str, Any]] = []
    for j, line in enumerate(lines):
        frames = replayer_frames(line.replay, max_moves=max_moves)
        entry = _line_words(lines, j)
        branches = {}
        for k, subs in line.branches.items():
            move = line.replay.move(k).describe(line.replay.players)
            branches[str(k)] = {"head": _text(_(WORDS["instead"]).format(k=move_number(k), move=move)), "lines": subs}
        entry["branches"] = branches
        fields = _line_fields(frames, ids)
        if puzzle:
            fields["ask story"] = ids(tuple(ask_story_html(line.replay, k) for k in range(len(line.replay) + 1)))
            entry["puzzle"] = page_puzzle(line.replay)
        if j == 0:
            data = {"views": list(frames.views), "labels": list(frames.labels), "fields": fields}
        else:
            entry = {"parent": line.parent, "at": line.at, **entry, "fields": fields, "labels": list(frames.labels)}
        out_lines.append(entry)
    out: dict[str, Any] = {
        "views": data["views"],
        "labels": data["labels"],
        "start": 0,
        "view": view0,
        "parts": parts,
        "fields": data["fields"],
        "skeletons": [board_html(players, v, lambda _name: "") for v in range(len(data["views"]))],
        "lines": out_lines,
        "words": {"play": _text(words["play"]), "pause": _text(words["pause"])},
    }
    if puzzle:
        out["puzzle"] = True
        out["words"].update(puzzle_words())
    return out


def page_html(
    replay: Replay,
    *,
    title: str | None = None,
    interval: int = 800,
    perspective: int | str | None = None,
    max_moves: int = MAX_REPLAYER_MOVES,
    puzzle: bool = False,
) -> str:
    """The exported page of ``replay`` as text (see :func:`export_html`).

    Raises:
        ExportError: the replay has more than ``max_moves`` moves, or ``title`` is not
            valid text; ``puzzle`` for a game played over the board.
        KeyError: ``perspective`` is not a seat or a name of the game.
    """
    _check_size(len(replay), max_moves)
    page_title = _title(replay, title)
    _check_text(_("the title"), page_title)
    data = page_data(replay, perspective=perspective, max_moves=max_moves, puzzle=puzzle)
    rec = replay.recording
    words = {key: esc(value) for key, value in page_words().items()}
    return _TEMPLATE.format(
        head=page_head(get_language(), page_title),
        w=words,
        style=STYLE,
        defs=card_defs(),
        header=header_html(rec.rules.preset, replay.players, rec.meta),
        interval=int(interval),
        legend=_legend(),
        data=script_json(seal(data) if puzzle else data),
        lines_note=esc(_(WORDS["note"])) if len(data["lines"]) > 1 else "",
        puzzle_note=esc(_(PUZZLE_WORDS["note"])) if puzzle else "",
        puzzle=_PUZZLE_PANEL.format(again=esc(_(PUZZLE_WORDS["again"])), on=esc(_(PUZZLE_WORDS["on"])))
        if puzzle
        else "",
        script=PLAYER_JS,
    )


def page_data_of(text: str) -> dict[str, Any]:
    """The data an exported page holds (:func:`page_data`), read from the page's text
    ``text``: a puzzle's sealed data opened (:func:`.html.unseal`).

    Raises:
        ValueError: ``text`` is no exported page (no ``dnb-data`` script, or not JSON).
    """
    head = '<script type="application/json" id="dnb-data">'
    if head not in text:
        raise ValueError("no exported page: it has no dnb-data script")
    raw = text.split(head, 1)[1].split("</script>", 1)[0]
    data: dict[str, Any] = unseal(json.loads(raw))
    return data


def _title(replay: Replay, title: str | None) -> str:
    if title is not None:
        return title
    meta_title = replay.recording.meta.get("title")
    if meta_title is not None:
        return str(meta_title)
    # TRANSLATORS: the page's default title: {rules} is the variant's name (podkidnoy), {players} the names
    return _("durak-nb replay: {rules} · {players}").format(
        rules=preset_words(replay.recording.rules.preset), players=", ".join(replay.players)
    )


def export_html(
    replay_or_recording: Replay | Recording,
    path: str | Path,
    *,
    title: str | None = None,
    interval: int = 800,
    perspective: int | str | None = None,
    max_moves: int = MAX_REPLAYER_MOVES,
    puzzle: bool = False,
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
        puzzle: the page as a puzzle (see the module's text): at each move the learner
            chooses among the engine's legal moves of the player to act; the move
            played, the comment after it and its glyph show only after the choice,
            with the verdict (computed here, at export time) and the score.

    Returns:
        The path written.

    Raises:
        RecordingError: the recording holds an illegal move (with its index and rule id).
        ExportError: the game has more than ``max_moves`` moves (refused before it is replayed); the title
            is not valid Unicode (a lone surrogate; nothing is written); ``puzzle`` for a
            game played over the board (its legal moves would guess at hidden cards).
        KeyError: ``perspective`` is not a seat or a name of the game.
        OSError: the page cannot be written (an existing ``path`` is left as it was),
            or ``path`` exists and is not a regular file (a device, a FIFO, a directory:
            ``strerror`` says so, :func:`~durak_nb.record.json_form.replace_atomically`).
    """
    if isinstance(replay_or_recording, Replay):
        replay = replay_or_recording
    else:
        _check_size(len(replay_or_recording.moves), max_moves)
        _check_size(_tree_moves(replay_or_recording), max_moves, has=HAS["all"])
        replay = Replay(replay_or_recording)
    replay = in_reader_language(replay)  # the analysis's texts in the reader's language
    text = page_html(
        replay, title=title, interval=interval, perspective=perspective, max_moves=max_moves, puzzle=puzzle
    )
    data = text.encode("utf-8")  # before the file is touched (every text was checked)
    out = Path(path)
    replace_atomically(out, data)  # whole or not at all, through a symbolic link; never over a device or a FIFO
    return out
