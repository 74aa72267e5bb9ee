"""HTML fragments of a position: pure functions, testable without a kernel.

Every function returns a string and reads only its arguments (a
:class:`~durak_nb.engine.Position` and plain values).  Everything that comes from a
recording or a user — player names, move texts, comments, ``meta`` — goes through
:func:`html.escape`; nothing recorded is ever rendered as raw HTML.

Red suits (♥ ♦) are drawn in red:

>>> card_html(Card.parse("TH"))
'<span class="dnb-card" style="color:#c62828">10♥</span>'
>>> card_html(Card.parse("AS"))
'<span class="dnb-card" style="color:#111">A♠</span>'
>>> esc("<b>Anna & Boris</b>")
'&lt;b&gt;Anna &amp; Boris&lt;/b&gt;'
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from ..cards import Card, Suit, deck
from ..engine import Action, Drew, Event, Move, Position
from ..explain import event_words, explain_move, move_words, seen_event_words
from ..i18n import N_, Np_, _, language, ngettext, pgettext
from ..numbering import move_number
from ..replay import Replay, drawn_count, replay_summary_html, unseen_cards_text
from ..rules import preset_words
from ..text import esc, name_html, visible
from ..unseen import Seen
from .bounds import MAX_REPLAYER_MOVES, check_moves
from .cards_svg import discard_svg, hand_svg, seat_roles, table_svg, talon_svg

__all__ = [
    "STYLE",
    "UNSEAL_JS",
    "Caches",
    "Frame",
    "FrameParts",
    "ReplayerFrames",
    "board_html",
    "caption_div",
    "card_html",
    "card_width",
    "cards_div",
    "cards_html",
    "cards_part_html",
    "esc",
    "events_html",
    "events_part_html",
    "frame",
    "frame_label",
    "frame_parts",
    "frame_slot",
    "hand_html",
    "hand_order",
    "hand_width",
    "header_html",
    "in_own_language",
    "move_html",
    "name_html",
    "new_caches",
    "options_html",
    "page_head",
    "preset_words",
    "replay_summary_html",
    "replayer_frames",
    "result_html",
    "saved_words",
    "script_json",
    "seal",
    "seat_caption_html",
    "seat_html",
    "seat_places",
    "stock_html",
    "stock_part_html",
    "story_html",
    "suit_html",
    "table_html",
    "table_part_html",
    "table_view_html",
    "trump_html",
    "turn_html",
    "turn_part_html",
    "unseal",
    "view_names",
]

#: Person-facing words about cards nobody saw (over-the-board games, INTERCHANGE.md): one place.
#: Translated at use (``_(UNSEEN_WORDS[key])``); the counts of cards nobody saw are said
#: with :func:`~durak_nb.i18n.ngettext` where they are used ("6 cards (3 nobody saw)").
UNSEEN_WORDS = {
    "all_view": N_("all that was known then"),
}

#: The words of a frame's comments (:func:`story_html`): one place.
STORY_WORDS = {
    "before": N_("before move {k}: {comment}"),
    "game": N_("the game's comment: {comment}"),
    # a player's view never names a card the viewer cannot see (issue 22)
    "hidden_comment": N_("(the comment names a card {name} cannot see: it is shown in the open view)"),
    "hidden_next": N_("next, move {k}: {name}'s move (its cards are hidden in this view)"),
}

RED = "#c62828"
BLACK = "#111"
NONE = '<span class="dnb-none">—</span>'

#: The style sheet the fragments' classes refer to (inserted once by the widget).
STYLE = (
    "<style>"
    ".dnb-card{display:inline-block;min-width:2.4em;margin:1px 2px;padding:2px 3px;"
    "border:1px solid #888;border-radius:4px;background:#fff;font:600 15px/1.3 monospace;text-align:center}"
    ".dnb-hand{margin:3px 0}"
    ".dnb-role{color:#555;font-style:italic}"
    ".dnb-none{color:#888}"
    ".dnb-pairs{border-collapse:collapse}"
    ".dnb-pairs td{padding:1px 3px;text-align:center;vertical-align:top}"
    ".dnb-events{margin:2px 0;padding-left:1.4em}"
    ".dnb-comment{color:#2e5d2e;font-style:italic;white-space:pre-line}"
    ".dnb-caption{font:14px/1.4 sans-serif;margin:2px 0}"
    ".dnb-seat{margin:2px 0 6px;padding:2px 6px;border-left:4px solid transparent}"
    ".dnb-seat.dnb-acting{border-left-color:#2e7d32;background:#f1f8f1}"
    ".dnb-acting-mark{color:#2e7d32;font-weight:600}"
    ".dnb-seat svg,.dnb-table svg,.dnb-stock svg{vertical-align:top;margin-right:6px}"
    ".dnb-table{margin:4px 0;padding:4px 6px;background:#eef5ec;border-radius:6px}"
    ".dnb-piles{display:flex;gap:12px}"
    ".dnb-turn,.dnb-story{font:14px/1.45 sans-serif}"
    ".dnb-options{margin:2px 0;padding-left:1.4em}"
    ".dnb-events-head{font:600 14px/1.4 sans-serif;margin-top:4px}"
    ".dnb-story .dnb-card,.dnb-turn .dnb-card{min-width:1.8em;font-size:13px}"
    ".dnb-board{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start;font:14px/1.4 sans-serif}"
    ".dnb-felt{flex:1 1 560px;max-width:640px;background:#cfe5cc;border:3px solid #7aa874;border-radius:18px;"
    "padding:4px 8px;"
    "display:flex;flex-direction:column;gap:3px}"
    ".dnb-felt .dnb-caption.dnb-acting{background:#fff7d6;border-radius:4px}"
    ".dnb-top{display:flex;justify-content:space-around;gap:8px;flex-wrap:wrap}"
    ".dnb-bottom{display:flex;justify-content:center}"
    ".dnb-middle{display:flex;justify-content:center;align-items:flex-start;gap:10px;min-height:120px}"
    ".dnb-felt .dnb-table{background:#bcd9b7;margin:0}"
    ".dnb-felt .dnb-stock{max-width:200px}.dnb-felt .dnb-stock .dnb-caption{font-size:13px}"
    # the talon and the discard side by side in the stock's 200 px, or one under the other
    # when their captions need more («колода порожня» beside «Відбій», issue 22)
    ".dnb-felt .dnb-piles{flex-wrap:wrap;gap:4px 8px}"
    ".dnb-felt .dnb-seat{margin:0;padding:0 4px;border-left:0}"
    ".dnb-text{flex:1 1 240px;max-height:470px;overflow:auto}"
    ".dnb-top .dnb-seat{max-width:200px}.dnb-cards{white-space:nowrap}"
    # in a column narrower than the felt (1024 px, JupyterLab's side bar open) the felt
    # shrinks and a hand's picture with it, never wider than its seat (issue 22)
    ".dnb-felt{min-width:0}.dnb-felt .dnb-cards svg{max-width:100%;height:auto}"
    # over the board a seat shows two pictures, the known cards and the backs: they shrink
    # together to the seat's width (each alone fitted it; side by side they overflowed)
    ".dnb-felt .dnb-cards{display:flex;align-items:flex-start;min-width:0}"
    ".dnb-felt .dnb-cards svg{flex:0 1 auto;min-width:0}"
    ".dnb-felt .dnb-caption{font-size:13px;line-height:1.3}"
    # the felt as a grid (issue 22: a 4-player table within 768 px): the other seats in one
    # row across the top, each shrinking with its cards (scaled to the width there is,
    # never wrapped to a second row); the table, and the viewer's seat under it, beside
    # the talon and discard; the table's picture scales down in a narrow column too
    ".dnb-felt{display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:10px}"
    ".dnb-top{grid-column:1/3;flex-wrap:nowrap;min-width:0}"
    ".dnb-top .dnb-seat{flex:0 1 auto;min-width:0}"
    ".dnb-middle{display:contents}"
    ".dnb-table-slot{grid-column:1;min-width:0}.dnb-stock-slot{grid-column:2;grid-row:2/4}"
    ".dnb-bottom{grid-column:1;min-width:0}"
    ".dnb-felt .dnb-table svg{max-width:100%;height:auto}"
    ".dnb-story>details.dnb-none{display:inline-block;margin-left:.6em}"
    # a widget's label keeps its width beside many buttons (never squeezed into «Wh…»),
    # and toggle buttons that do not fit their row wrap onto the next
    ".dnb-replayer .widget-label,.dnb-scorer .widget-label{flex-shrink:0}"
    ".dnb-replayer .widget-toggle-buttons,.dnb-scorer .widget-toggle-buttons{flex-wrap:wrap;height:auto}"
    # the replayer's controls rows 2 px tighter (1 px above and below each, not 2): with its
    # dropdowns as wide as their longest option (issue 22) they take three rows at 1024 px,
    # and the 4-player replayer stays within 640 px
    ".dnb-replayer .widget-hbox.dnb-controls>*{margin-top:1px;margin-bottom:1px}"
    ".dnb-text .dnb-story,.dnb-text .dnb-turn{margin-bottom:4px}"
    "</style>"
)


_F = TypeVar("_F", bound=Callable[..., Any])


def in_own_language(method: _F) -> _F:
    """A widget's method run in the language the widget was made in (its ``lang``
    attribute, set first thing in its constructor): a widget keeps its words, and its
    card faces their ids, when the language is changed later (``set_language``)."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        lang = getattr(self, "lang", None)
        if lang is None:
            return method(self, *args, **kwargs)
        with language(lang):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


def saved_words(path: Path) -> str:
    """What a player reads once a game is saved as a ``.durak`` file (the play widget's
    and the scorer's *Save*, issue 22): in the notebook's own folder (the kernel's
    working folder, where JupyterLab, Notebook 7 and JupyterLite run a notebook) only
    the file's name, where the file browser shows it; elsewhere the whole path.

    Args:
        path: the file written.

    >>> saved_words(Path.cwd() / "kitchen.durak")
    "Saved as kitchen.durak, in this notebook's folder."
    >>> saved_words(Path("/home/anna/games/kitchen.durak"))
    'Saved as /home/anna/games/kitchen.durak.'
    """
    if path.absolute().parent == Path.cwd().absolute():
        return _("Saved as {name}, in this notebook's folder.").format(name=path.name)
    return _("Saved as {path}.").format(path=str(path.absolute()))


def page_head(lang: str, title: str) -> str:
    """The opening of a self-contained page the kit writes (the exported replay,
    :mod:`.export`, and the lesson page, :mod:`.lesson_page`): the doctype, ``<html
    lang>``, ``<head>`` with the character set, the viewport, the generator and the
    ``<title>``; the caller adds its style sheets and ``</head>``.

    Args:
        lang: the page's language code (``"ru"``), escaped.
        title: the page's title, plain text (escaped here, :func:`esc`).

    >>> print(page_head("uk", "A & B"), end="")
    <!DOCTYPE html>
    <html lang="uk">
    <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="durak-nb">
    <title>A &amp; B</title>
    """
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n'
        "<head>\n"
        '<meta charset="UTF-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="durak-nb">\n'
        f"<title>{esc(title)}</title>\n"
    )


def script_json(data: Any) -> str:
    """``data`` as JSON that can sit inside a ``<script>`` element of a page: ``</`` and
    ``<!--`` escaped (``<\\/``, ``\\u003c!--``), so that no recorded text ends the
    element early.

    >>> script_json({"a": "</script><!--"})
    '{"a":"<\\\\/script>\\\\u003c!--"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


#: the length of the key block :func:`seal` repeats (a prime: it lines up with no structure of the text)
SEAL_BLOCK = 251


def _seal_block(salt: int) -> bytes:
    """The key block of ``salt``: :data:`SEAL_BLOCK` bytes of a xorshift32 sequence (the
    low byte of each step), the page's script makes the same (:data:`UNSEAL_JS`)."""
    x = salt & 0xFFFFFFFF or 1
    out = bytearray()
    for _i in range(SEAL_BLOCK):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x & 0xFF)
    return bytes(out)


def _xor(data: bytes, salt: int) -> bytes:
    block = _seal_block(salt)
    key = (block * (len(data) // len(block) + 1))[: len(data)]
    return (int.from_bytes(data, "big") ^ int.from_bytes(key, "big")).to_bytes(len(data), "big")


def seal(data: Any) -> dict[str, Any]:
    """``data`` (JSON-able) as a page holds what a learner must not read at a glance —
    the answers of a puzzle (:mod:`.export`) or of a lesson's exercises
    (:mod:`.lesson_page`): ``{"sealed": TEXT, "salt": N}``, ``TEXT`` the UTF-8 of its
    JSON XOR-ed with a key block made from ``N`` (:func:`_seal_block`) in base64.  Not
    secret (the page opens it itself, offline, :data:`UNSEAL_JS`), but no answer,
    move or verdict reads in the page's source; the salt comes from the text, so the
    same data makes the same page.

    >>> box = seal({"answer": "Boris takes"})
    >>> sorted(box), "Boris" in box["sealed"], unseal(box)
    (['salt', 'sealed'], False, {'answer': 'Boris takes'})
    """
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    salt = int.from_bytes(hashlib.sha256(raw).digest()[:4], "big") or 1
    return {"sealed": base64.b64encode(_xor(raw, salt)).decode("ascii"), "salt": salt}


def unseal(box: Any) -> Any:
    """The data :func:`seal` sealed (``box`` as it is when it holds no ``"sealed"``).

    Raises:
        ValueError: ``sealed`` is not base64 of a sealed JSON text.
    """
    if not (isinstance(box, dict) and "sealed" in box):
        return box
    raw = _xor(base64.b64decode(box["sealed"], validate=True), int(box["salt"]))
    return json.loads(raw.decode("utf-8"))


#: the page's script's inverse of :func:`seal` (a function ``unseal(box)`` inside a
#: page's script: the object itself when it holds no ``sealed``)
UNSEAL_JS = """  function unseal(box) {
    if (!box || box.sealed === undefined) { return box; }
    var x = (box.salt >>> 0) || 1, block = [], i;
    for (i = 0; i < 251; i += 1) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      block.push(x & 255);
    }
    var text = atob(box.sealed), bytes = new Uint8Array(text.length);
    for (i = 0; i < text.length; i += 1) { bytes[i] = text.charCodeAt(i) ^ block[i % 251]; }
    return JSON.parse(new TextDecoder("utf-8").decode(bytes));
  }
"""


def suit_html(suit: Suit) -> str:
    """The suit symbol, red for hearts and diamonds.

    >>> suit_html(Suit.D)
    '<span style="color:#c62828">♦</span>'
    """
    return f'<span style="color:{RED if suit.is_red else BLACK}">{suit.symbol}</span>'


def card_html(card: Card) -> str:
    """One card: rank and suit symbol (``10♥``), red suits in red."""
    return f'<span class="dnb-card" style="color:{RED if card.suit.is_red else BLACK}">{card.pretty}</span>'


def cards_html(cards: Iterable[Card]) -> str:
    """Cards side by side, or a dash when there are none."""
    out = "".join(card_html(c) for c in cards)
    return out or NONE


def hand_html(position: Position, seat: int, *, cards: Sequence[Card] | None = None, unseen: int = 0) -> str:
    """One player's hand: the escaped name, their role now, the number of cards and
    the cards.

    Args:
        position: the position.
        seat: the seat.
        cards: the cards to show face up (over the board: those known,
            :meth:`Replay.seen <durak_nb.replay.Replay.seen>`); ``None``: the hand
            as ``position`` holds it.
        unseen: how many more cards the hand holds that nobody saw, counted.

    >>> from durak_nb.engine import Game
    >>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "7S", "Boris": "8D"},
    ...     talon="", trump="D", attacker="Anna", rest_to_discard=True)
    >>> hand_html(g.position(), 1)
    '<div class="dnb-hand"><b>Boris</b> <span class="dnb-role">defender</span> (1 card): \
<span class="dnb-card" style="color:#c62828">8♦</span></div>'
    """
    size = len(position.hands[seat])
    hand = position.hands[seat] if cards is None else tuple(cards)
    roles = seat_roles(position, seat)
    role = f' <span class="dnb-role">{", ".join(roles)}</span>' if roles else ""
    count = _count(size)
    shown = cards_html(hand) if hand or not unseen else ""
    if unseen:
        shown += f' <span class="dnb-none">{unseen_cards_text(unseen)}</span>'
    return f'<div class="dnb-hand"><b>{name_html(position.players[seat])}</b>{role} ({count}): {shown}</div>'


def table_html(position: Position) -> str:
    """The table as attack/defence pairs: one column per pair, the attack card above
    the card that covers it (an empty cell while uncovered)."""
    if not position.table:
        empty = pgettext("table", "empty")
        return _("<b>Table</b> (стол)") + f': <span class="dnb-none">{empty}</span>'
    top = "".join(f"<td>{card_html(a)}</td>" for a, _d in position.table)
    bottom = "".join(f"<td>{'' if d is None else card_html(d)}</td>" for _a, d in position.table)
    covered = sum(1 for _a, d in position.table if d is not None)
    return (
        _("<b>Table</b> (стол)")
        + ": "
        + _attack_covered(len(position.table), covered)
        + f'<table class="dnb-pairs"><tr>{top}</tr><tr>{bottom}</tr></table>'
    )


def trump_html(position: Position) -> str:
    """The trump suit and the turned-up card (R3), or why there is none (R3, R8)."""
    head = _("<b>Trump</b> (козырь): {suit}").format(suit=suit_html(position.trump))
    c = position.trump_card
    if c is None:
        none = _("no card turned up")
        return head + f' <span class="dnb-none">{none}</span>'
    if position.talon:
        return head + " " + _("turned up {card} (under the talon)").format(card=card_html(c))
    return head + " " + _("turned up {card} (drawn)").format(card=card_html(c))


def stock_html(position: Position) -> str:
    """The sizes of the talon (R16) and of the discard (R15)."""

    return _("<b>Talon</b> (колода): {talon} · <b>Discard</b> (отбой): {discard}").format(
        talon=_count(len(position.talon)), discard=_count(len(position.discard))
    )


def _names(position: Position, seats: Iterable[int]) -> str:
    return ", ".join(name_html(position.players[s]) for s in seats)


def turn_html(position: Position, actors: Sequence[int], throwers: Sequence[int]) -> str:
    """Whose move it is: bout, attacker, defender, throwers and who may act now.

    Args:
        position: the position.
        actors: the seats with a legal move now (``Replay.whose_turn``).
        throwers: the seats allowed to throw in (``Replay.throwers``, R11).
    """
    if position.result is not None:
        return _("<b>Game over</b>")
    parts = [_("<b>Bout {n}</b>").format(n=position.bout)]
    if position.attacker is not None:
        parts.append(_("attacker <b>{name}</b>").format(name=name_html(position.players[position.attacker])))
    if position.defender is not None:
        name = name_html(position.players[position.defender])
        if position.taking:
            parts.append(_("defender <b>{name}</b> (takes)").format(name=name))
        else:
            parts.append(_("defender <b>{name}</b>").format(name=name))
    if throwers and position.table:
        parts.append(_("throwers: {names}").format(names=_names(position, throwers)))
    parts.append(_("may act: <b>{names}</b>").format(names=_names(position, actors) or _("nobody")))
    return " · ".join(parts)


def move_html(k: int, total: int, last: str | None, following: str | None, comment: str | None = None) -> str:
    """The move that led to frame ``k`` (move ``k - 1``) in words, and the next one.

    Args:
        k: the frame: the position before move ``k``.
        total: the number of moves.
        last: move ``k - 1`` explained (``None`` at the start).
        following: move ``k`` in words (``None`` at the end).
        comment: the recording's annotation of move ``k - 1`` (plain text).
    """
    # people read moves from 1 (durak_nb.numbering): frame k follows move index k - 1, number k
    if last is None:
        head = ngettext(
            "<b>Start</b> (0 of {total} moves played)", "<b>Start</b> (0 of {total} moves played)", total
        ).format(total=total)
    else:
        # TRANSLATORS: {k} of {total} moves played; {move} is the move's words
        head = _("<b>Move {n}</b> ({k} of {total} played): {move}").format(
            n=move_number(k - 1), k=k, total=total, move=esc(last)
        )
    if comment:
        head += f'<div class="dnb-comment">{esc(comment)}</div>'
    if following is not None:
        coming = _("next, move {k}: {move}").format(k=move_number(k), move=esc(following))
        head += f'<div class="dnb-none">{coming}</div>'
    return head


def events_html(texts: Sequence[str]) -> str:
    """The events of a move as a list (take, bito, draws, out, game over)."""
    if not texts:
        return ""
    return '<ul class="dnb-events">' + "".join(f"<li>{esc(t)}</li>" for t in texts) + "</ul>"


def result_html(position: Position) -> str:
    """How the game ended (R22, R24–R27), or an empty string while it goes on."""
    r = position.result
    if r is None:
        return ""
    text = _("<b>Result</b>: {result}").format(result=esc(r.describe(position.players)))
    if r.out_order:
        text += " · " + _("out in order: {names}").format(names=_names(position, r.out_order))
    return text


def in_reader_language(replay: Replay) -> Replay:
    """``replay``, or a replay of its recording with the texts the analysis wrote into it
    said in the language in use (:func:`durak_nb.analysis.evaluation.in_reader_language`:
    a file analysed in English reads «Аналіз: …» in a Ukrainian replayer); the writer's
    own comments as written.  Every view that shows a game calls it."""
    if not replay.recording.meta.get("analysis"):
        return replay
    from ..analysis.evaluation import in_reader_language as said_again  # the analysis's words: only where one is

    rec = said_again(replay.recording)
    return replay if rec is replay.recording else Replay(rec)


def header_html(preset: str, players: Sequence[str], meta: Mapping[str, Any]) -> str:
    """The recording's variant and players, and ``meta``'s ``title``, ``event`` and
    ``description`` when present (all escaped: meta is plain text, never markup).

    >>> header_html("podkidnoy", ["Anna", "<Boris>"], {"event": "lesson 1"})
    '<b>podkidnoy</b> · Anna, &lt;Boris&gt; · lesson 1'
    """
    text = f"<b>{esc(preset_words(preset))}</b> · {', '.join(name_html(p) for p in players)}"
    for key in ("title", "event"):
        value = meta.get(key)
        if value is not None:
            text += f" · {esc(value)}"
    description = meta.get("description")
    if description is not None:
        about = _("about this recording")
        text += f'<details class="dnb-none"><summary>{about}</summary>{esc(description)}</details>'
    return text


class Frame(NamedTuple):
    """The HTML of every part of the replayer at one index."""

    hands: tuple[str, ...]
    table: str
    trump: str
    stock: str
    turn: str
    move: str
    events: str
    result: str


def frame(replay: Replay, k: int) -> Frame:
    """Every HTML part of frame ``k``: the position before move ``k``, with move
    ``k - 1`` (the one that led here) explained and its events.  Hands show what is
    known (:meth:`Replay.seen <durak_nb.replay.Replay.seen>`): over the board, the
    cards known and a count of the others.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
    """
    pos = replay.position(k)
    seen = replay.seen(k)  # over the board: only the cards known (never a witness's hand)
    n = len(replay)
    last = replay.explain(k - 1, with_events=False) if k > 0 else None
    following = move_words(replay.move(k), replay.players) if k < n else None
    comment = replay.comment(k - 1) if k > 0 else None
    events = [event_words(e, replay.players) for e in replay.events(k - 1)] if k > 0 else []
    return Frame(
        hands=tuple(hand_html(pos, s, cards=seen.hands[s], unseen=seen.unknown[s]) for s in range(len(pos.players))),
        table=table_html(pos),
        trump=trump_html(pos),
        stock=stock_html(pos),
        turn=turn_html(pos, replay.whose_turn(k), replay.throwers(k)),
        move=move_html(k, n, last, following, comment),
        events=events_html(events),
        result=result_html(pos),
    )


# ----------------------------------------------------------------------------- the replayer's parts
#
# The replayer widget shows every frame of a replay from parts: one HTML string per seat,
# the table, the talon and discard, whose turn and what they may do, the move in words, the
# events and the result.  The functions below make those parts from the engine's answers
# (positions, legal moves, events); :func:`replayer_frames` makes every part of every frame.

#: suits in the order a hand is held: black, red, black, red (the trump suit goes last)
_SUIT_ORDER = {Suit.S: 0, Suit.H: 1, Suit.C: 2, Suit.D: 3}

#: the words and rule ids of each kind of move, for "what they may do"
_OPTION_WORDS = {
    Action.ATTACK: (Np_("option", "lead"), "R9"),
    Action.THROW: (Np_("option", "throw in"), "R11"),
    Action.DEFEND: (Np_("option", "cover"), "R6, R10"),
    Action.TRANSFER: (Np_("option", "transfer"), "R17"),
    Action.TAKE: (Np_("option", "take"), "R14"),
    Action.PASS: (Np_("option", "pass"), "R12"),
    Action.REDEAL: (Np_("option", "claim a redeal"), "R5"),
}

#: each kind of option as a whole phrase (``{cards}``: the cards offered, ``{rules}``: the
#: rule ids), translated at use: what one player may do (:func:`options_html`)
_OPTION_PHRASES = {
    "cover": N_("cover {target} with {cards} ({rules})"),
    "transfer": N_("transfer with {cards} ({rules})"),
    "transfer_more": N_("transfer with {cards} (also several at once) ({rules})"),
    "show": N_("transfer by showing {cards} (проездной, R20)"),
    "lead": N_("lead {cards} ({rules})"),
    "lead_more": N_("lead {cards} (also several of one rank at once) ({rules})"),
    "lead_pair": N_("lead a pair: {cards} ({rules})"),
    "throw": N_("throw in {cards} ({rules})"),
    "throw_more": N_("throw in {cards} (also several of one rank at once) ({rules})"),
    "throw_pair": N_("throw in a pair: {cards} ({rules})"),
}


#: stand-ins for cards drawn face down: nothing of a hidden card reaches the page
_PLACEHOLDERS = tuple(deck(52))


def hand_order(cards: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """The cards as a player holds them: by suit (♠ ♥ ♣ ♦, the trump suit last), each
    suit from low to high.

    >>> from durak_nb.cards import parse_cards
    >>> hand_order(parse_cards("7H AS 6D 9S 6H"), Suit.H)
    (Card('9S'), Card('AS'), Card('6D'), Card('6H'), Card('7H'))
    """
    return tuple(sorted(cards, key=lambda c: (c.suit == trump, _SUIT_ORDER[c.suit], c.rank)))


def _count(n: int) -> str:
    """``'1 card'``, ``'5 cards'`` in the language in use (1 карта, 2 карты, 5 карт)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _attack_covered(n: int, covered: int) -> str:
    """``'2 attack, 1 covered'``: the table's attack cards and how many are covered."""
    return ngettext("{n} attack, {covered} covered", "{n} attack, {covered} covered", n).format(n=n, covered=covered)


def seat_caption_html(
    position: Position, seat: int, *, acting: bool = False, known: int | None = None, unseen: int = 0
) -> str:
    """A seat's caption: the escaped name, the number of cards, the roles now
    (attacker R9, defender R10, takes R14, out R24, durak R25) and, with ``acting``, a
    mark that this player may act now.  ``known``: how many of the cards the others know
    (taken R14, shown R4/R20, the turned-up trump drawn R3/R16), shown when not 0.
    ``unseen``: over the board, how many of the cards nobody saw (not recorded),
    shown when not 0.

    >>> from durak_nb.engine import Game
    >>> g = Game.from_position("podkidnoy", ["Anna", "<b>"], hands={"Anna": "7S", "<b>": "8D 9D"},
    ...     talon="", trump="D", attacker="Anna", rest_to_discard=True)
    >>> seat_caption_html(g.position(), 1, known=1)
    '<b>&lt;b&gt;</b> · 2 cards (1 known to all) · <span class="dnb-role">defender</span>'
    """
    text = f"<b>{name_html(position.players[seat])}</b> · {_count(len(position.hands[seat]))}"
    if known:
        text += " " + ngettext("({n} known to all)", "({n} known to all)", known).format(n=known)
    if unseen:
        text += " " + ngettext("({n} nobody saw)", "({n} nobody saw)", unseen).format(n=unseen)
    roles = seat_roles(position, seat)
    if roles:
        text += f' · <span class="dnb-role">{", ".join(roles)}</span>'
    if acting:
        mark = _("▶ may act now")
        text += f' · <span class="dnb-acting-mark">{mark}</span>'
    return text


def cards_part_html(
    up: Sequence[Card], down: int, trump: Suit | None, *, width: float = 44, max_width: float | None = None
) -> str:
    """Cards face up (SVG, :func:`~.cards_svg.hand_svg`) followed by ``down`` cards face
    down; an outline captioned ``no cards`` when there are none.

    Raises:
        ValueError: ``down`` is negative or ``width`` is not positive.
    """
    if down < 0:
        raise ValueError(f"a number of cards face down is 0 or more, not {down}")
    if not up and not down:
        return hand_svg((), width=width)
    total = len(up) + down
    share = None if max_width is None else max_width / total
    out = hand_svg(up, trump=trump, width=width, max_width=None if share is None else share * len(up)) if up else ""
    if down:
        most = None if share is None else share * down
        out += hand_svg(_PLACEHOLDERS[:down], face_up=False, width=width, max_width=most)
    return out


def caption_div(caption: str, *, seat: int, acting: bool = False) -> str:
    """A seat's caption (:func:`seat_caption_html`) in a ``div.dnb-caption`` with
    ``data-seat`` (and the class ``dnb-acting`` when the player may act now)."""
    cls = "dnb-caption dnb-acting" if acting else "dnb-caption"
    return f'<div class="{cls}" data-seat="{seat}">{caption}</div>'


def cards_div(cards: str, *, seat: int) -> str:
    """A seat's cards (:func:`cards_part_html`) in a ``div.dnb-cards`` with ``data-seat``."""
    return f'<div class="dnb-cards" data-seat="{seat}">{cards}</div>'


def seat_html(caption: str, cards: str, *, seat: int, acting: bool = False) -> str:
    """One seat: :func:`caption_div` above :func:`cards_div`."""
    return caption_div(caption, seat=seat, acting=acting) + cards_div(cards, seat=seat)


def table_part_html(position: Position, room: int | None = None, *, width: float = 44) -> str:
    """The table (стол) as attack/defence pairs, the covering card lying across the card it
    beats (:func:`~.cards_svg.table_svg`), with a caption: how many attack cards, how many
    covered and, with ``room``, how many more may still be added (R13)."""
    n = len(position.table)
    covered = sum(1 for _a, d in position.table if d is not None)
    caption = _("<b>Table</b> (стол)")
    if n:
        caption += " · " + _attack_covered(n, covered)
        if room is not None and position.result is None:
            if room <= 0:
                caption += " · " + _("no more cards may be added (R13)")
            else:
                caption += " · " + ngettext("room for {n} more (R13)", "room for {n} more (R13)", room).format(n=room)
    svg = table_svg(position.table, trump=position.trump, width=width)
    return f'<div class="dnb-table"><div class="dnb-caption">{caption}</div>{svg}</div>'


def stock_part_html(position: Position, *, width: float = 44, show_turned_up: bool = True) -> str:
    """The talon (талон) with the turned-up trump under it (R3, R16) and the discard
    (отбой, face down, R15), side by side, with the trump suit in words.

    Args:
        position: the position.
        width: one card's width in pixels.
        show_turned_up: ``False``: the turned-up card is not known (over the board,
            a redeal's, R5, not recorded): the talon all backs.
    """
    card = position.trump_card if show_turned_up else None
    trump = _("<b>Trump</b> (козырь): {suit}").format(suit=suit_html(position.trump))
    if card is not None:
        if position.talon:
            trump += " · " + _("{card} turned up under the talon (R3)").format(card=card_html(card))
        else:
            trump += " · " + _("the turned-up {card} was drawn as the talon's last card (R3, R16)").format(
                card=card_html(card)
            )
    talon_card = card if position.talon else None
    talon = talon_svg(len(position.talon), talon_card, trump=position.trump, width=width)
    discard = discard_svg(len(position.discard), width=width)
    talon_head, discard_head = _("<b>Talon</b> (колода)"), _("<b>Discard</b> (отбой)")
    return (
        f'<div class="dnb-stock"><div class="dnb-caption">{trump}</div>'
        f'<div class="dnb-piles"><div class="dnb-pile"><div class="dnb-caption">{talon_head}</div>{talon}</div>'
        f'<div class="dnb-pile"><div class="dnb-caption">{discard_head}</div>{discard}</div></div></div>'
    )


def _alternatives(cards: Iterable[Card]) -> str:
    cs = list(dict.fromkeys(cards))
    if len(cs) <= 1:
        return "".join(card_html(c) for c in cs)
    # TRANSLATORS: the last of several cards offered: "6♠, 7♥ or 9♣"
    return _("{cards} or {last}").format(cards=", ".join(card_html(c) for c in cs[:-1]), last=card_html(cs[-1]))


def options_html(moves: Iterable[Move], trump: Suit | None) -> str:
    """What one player may do, from the engine's legal moves: ``lead 6♠, 7♥ or 9♣
    (R9)``, ``cover 9♠ with J♠ or 7♥ (R6, R10)``, ``transfer with 9♦ (R17)``, ``take
    (R14)``, ``pass (R12)``; several cards at once are mentioned, not listed."""
    by: dict[Action, list[Move]] = {}
    for m in moves:
        by.setdefault(m.action, []).append(m)
    parts = []
    for action in (
        Action.REDEAL,
        Action.ATTACK,
        Action.DEFEND,
        Action.THROW,
        Action.TRANSFER,
        Action.TAKE,
        Action.PASS,
    ):
        ms = by.get(action)
        if not ms:
            continue
        word, rules = _OPTION_WORDS[action]
        say = _OPTION_PHRASES
        if action is Action.DEFEND:
            targets: dict[Card, list[Card]] = {}
            for m in ms:
                assert m.target is not None
                targets.setdefault(m.target, []).append(m.cards[0])
            for target, covers in targets.items():
                cards = _alternatives(hand_order(covers, trump))
                parts.append(_(say["cover"]).format(target=card_html(target), cards=cards, rules=rules))
            continue
        if action is Action.TRANSFER:
            shown = [m.cards[0] for m in ms if m.show]
            laid = [m for m in ms if not m.show]
            if laid:
                singles = hand_order((m.cards[0] for m in laid if len(m.cards) == 1), trump)
                key = "transfer_more" if any(len(m.cards) > 1 for m in laid) else "transfer"
                parts.append(_(say[key]).format(cards=_alternatives(singles), rules=rules))
            if shown:
                parts.append(_(say["show"]).format(cards=_alternatives(shown)))
            continue
        if action in (Action.ATTACK, Action.THROW):
            kind = "lead" if action is Action.ATTACK else "throw"
            singles = hand_order((m.cards[0] for m in ms if len(m.cards) == 1), trump)
            several = any(len(m.cards) > 1 for m in ms)
            if singles:
                key = kind + "_more" if several else kind
                parts.append(_(say[key]).format(cards=_alternatives(singles), rules=rules))
            else:  # english durak: pairs only (R9)
                pairs = ", ".join(" ".join(card_html(c) for c in m.cards) for m in ms)
                parts.append(_(say[kind + "_pair"]).format(cards=pairs, rules=rules))
            continue
        parts.append(f"{pgettext('option', word)} ({rules})")
    return "; ".join(parts)


def turn_part_html(
    position: Position,
    legal: Mapping[int, Sequence[Move]],
    *,
    throwers: Sequence[int] = (),
    viewer: int | None = None,
    actors: Sequence[int] | None = None,
    unseen: Sequence[int] | None = None,
) -> str:
    """Whose move it is and what they may do: the bout, who attacks whom (R9, R10), who
    takes (R14), the throwers (R11); then each player who may act with their legal moves
    (:func:`options_html`).  From one player's view (``viewer``) only the viewer's own
    moves are listed: the others' depend on cards the viewer cannot see.

    Args:
        position: the position.
        legal: the legal moves of each seat that may act now (from the engine).
        throwers: the seats allowed to throw in (``Replay.throwers``).
        viewer: the seat whose view this is, or ``None`` (every hand open).
        actors: the seats that may act (``Replay.whose_turn``); ``None``: those with
            moves in ``legal``.
        unseen: over the board, each seat's number of cards nobody saw: moves with
            them are not listed (``legal`` holds the moves with known cards), and
            the count says so.
    """
    names = position.players
    if position.result is not None:
        over = _("<b>Game over</b>")
        return f'<div class="dnb-turn">{over}</div>'
    head = _("<b>Bout {n}</b>").format(n=position.bout)
    if position.attacker is not None and position.defender is not None:
        attacker, defender = name_html(names[position.attacker]), name_html(names[position.defender])
        head += " · " + _("{attacker} attacks {defender}").format(attacker=attacker, defender=defender)
        if position.taking:
            head += " · " + _("{name} takes (R14)").format(name=defender)
    if throwers and position.table:
        head += " · " + _("may throw in: {names} (R11)").format(names=_names(position, throwers))
    acts = sorted(s for s in legal if legal[s]) if actors is None else sorted(actors)
    items = []
    for s in acts:
        if viewer is None or viewer == s:
            options = options_html(legal.get(s, ()), position.trump)
            hidden = unseen[s] if unseen is not None else 0
            if hidden:
                note = ngettext(
                    "not listed: moves with the {n} card nobody saw",
                    "not listed: moves with the {n} cards nobody saw",
                    hidden,
                ).format(n=hidden)
                options = f"{options} ({note})" if options else _("act ({note})").format(note=note)
            # TRANSLATORS: {options} is what the player may do: "lead 6♠ (R9); take (R14)"
            items.append("<li>" + _("<b>{name}</b> may {options}").format(name=name_html(names[s]), options=options))
            items[-1] += "</li>"
    others = [s for s in acts if viewer is not None and s != viewer]
    if others:
        names_others = _names(position, others)
        if viewer in acts:
            also = _("also may act now: {names}").format(names=names_others)
        else:
            also = _("may act now: {names}").format(names=names_others)
        items.append(f"<li>{also}</li>")
    if not acts:
        nobody = _("nobody may act")
        items.append(f"<li>{nobody}</li>")
    return f'<div class="dnb-turn">{head}<ul class="dnb-options">{"".join(items)}</ul></div>'


def events_part_html(
    k: int, events: Sequence[Event], players: Sequence[str], *, viewer: int | None = None, trump_card: Card | None
) -> str:
    """What move ``k`` caused, in order: a take (R14), bito (R15), the refill from the
    talon in its order (R16: the bout's first attacker first, the defender last), players
    going out (R24), the end (R25–R27).  From one player's view (``viewer``) the cards
    another player draws are counted, not named, except the turned-up trump (R3).
    Over the board the events are ``Replay.events``' (a draw names only the cards
    known, :class:`~durak_nb.unseen.UnseenDrew`).

    Args:
        k: the move's index.
        events: its events (``Replay.events(k)``).
        players: the seat names.
        viewer: the seat whose view this is, or ``None`` (every hand open).
        trump_card: the turned-up card, if any (public even when drawn).
    """
    if not events:
        return ""
    items = []
    draws = 0
    for e in events:
        if isinstance(e, Drew):
            draws += 1
            if draws == 1:
                refill = _("refill from the talon (R16): the bout's first attacker first, the defender last")
                items.append(f"<li>{refill}</li>")
            text = seen_event_words(e, players, viewer=viewer, trump_card=trump_card, drawn=drawn_count(e))
            items.append(f'<li class="dnb-draw">{draws}. {esc(text)}</li>')
        else:
            items.append(f"<li>{esc(event_words(e, players))}</li>")
    head = _("What move {k} caused:").format(k=move_number(k))
    return f'<div class="dnb-events-head">{head}</div><ul class="dnb-events">{"".join(items)}</ul>'


def hidden_cards(replay: Replay, k: int, viewer: int) -> frozenset[Card]:
    """The cards ``viewer`` (a seat) cannot see at frame ``k``: the other players'
    cards nobody has seen (R14 taken, R4/R20 shown and the drawn turned-up trump are
    public: :meth:`Replay.known <durak_nb.replay.Replay.known>`) and the talon's, but
    for the turned-up trump (R3).  Over the board, the witness's cards count, so a card
    nobody saw is hidden too."""
    pos = replay.position(k)
    known = replay.known(k)
    out: set[Card] = set()
    for s, hand in enumerate(pos.hands):
        if s != viewer:
            out.update(c for c in hand if c not in known[s])
    out.update(c for c in pos.talon if c != pos.trump_card)
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _card_names() -> dict[str, Card]:
    """Every way a text may name a card of the 52: its words in each language
    (``'К♦'``, ``'K♦'``, ``'10♥'``) and its code (``'KD'``)."""
    from ..i18n import LANGUAGES, language

    out: dict[str, Card] = {}
    for card in deck(52):
        out[card.code] = card
        for lang in LANGUAGES:
            with language(lang):
                out[card.pretty] = card
    return out


_CARD_TOKEN = re.compile(r"(?<![0-9A-Za-zЀ-ӿ])(10|[2-9TJQKAВДКТ])([♠♥♦♣SHDC])(?![0-9A-Za-zЀ-ӿ])")


def cards_named(text: str | None) -> frozenset[Card]:
    """The cards ``text`` names (as a person or a file writes them: ``8♣``, ``10♥``,
    ``К♦``, ``8C``), each a whole card, not part of a longer word.

    >>> sorted(c.code for c in cards_named("Гліб міг би перевести ще раз картою 8♣; 18♣, TH"))
    ['8C', 'TH']
    """
    if not text:
        return frozenset()
    names = _card_names()
    return frozenset(names[a + b] for a, b in _CARD_TOKEN.findall(text) if a + b in names)


def names_hidden(text: str | None, hidden: Iterable[Card]) -> bool:
    """Whether ``text`` names one of the ``hidden`` cards (:func:`cards_named`).

    >>> names_hidden("Гліб міг би перевести ще раз картою 8♣", [Card.parse("8C")])
    True
    >>> names_hidden("18♣ is no card; 8♠ is another", [Card.parse("8C")])
    False
    """
    return bool(cards_named(text) & set(hidden))


def story_html(replay: Replay, k: int, *, viewer: int | None = None) -> str:
    """Frame ``k`` in words: move ``k - 1`` explained with its rule ids
    (``Replay.explain``), its glyph right after the move's words, its comment, the
    comment before move ``k`` and move ``k`` in words (:func:`move_html`); in a game
    without moves, the game's comment (the comment before the start).

    ``viewer``: a seat whose view the words are for: they never name a card the viewer
    cannot see (:func:`hidden_cards`): a comment that names one is replaced by a note,
    and another player's move to come is said without its cards.  ``None``: the open
    view, every word.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
    """
    n = len(replay)
    replay.position(k)  # the bounds check
    hidden = hidden_cards(replay, k, viewer) if viewer is not None else frozenset()
    names = replay.players

    def said(comment: str | None) -> str | None:
        if viewer is not None and names_hidden(comment, hidden):
            return _(STORY_WORDS["hidden_comment"]).format(name=names[viewer])
        return comment

    # the glyph stands right after its move's words, not after the rules' sentence
    glyph = replay.glyph(k - 1) if k > 0 else None
    last = explain_move(replay, k - 1, with_events=False, glyph=glyph) if k > 0 else None
    following = move_words(replay.move(k), names) if k < n else None
    secret = following is not None and viewer is not None and bool(set(replay.move(k).cards) & hidden)
    out = move_html(k, n, last, None if secret else following, said(replay.comment(k - 1) if k > 0 else None))
    if secret:
        coming = _(STORY_WORDS["hidden_next"]).format(k=move_number(k), name=names[replay.move(k).player])
        out += f'<div class="dnb-none">{esc(coming)}</div>'
    before = said(replay.comment_before(k)) if k < n else None
    if before:
        out += (
            f'<div class="dnb-comment">{_(STORY_WORDS["before"]).format(k=move_number(k), comment=esc(before))}</div>'
        )
    elif n == 0 and not replay.path:
        # a game without moves keeps its comment at the start (the tree's root, docs/notation.md)
        game = said(replay.tree.root.comment_before)
        if game:
            out += f'<div class="dnb-comment">{_(STORY_WORDS["game"]).format(comment=esc(game))}</div>'
    return out


def _stories(replay: Replay, k: int, story: str) -> tuple[str, ...]:
    """The story of frame ``k`` in each view: the open view's ``story``; a player's
    the same unless its comments or the move to come name a card that player cannot
    see (then :func:`story_html` for that viewer)."""
    n = len(replay)
    texts = [replay.comment(k - 1) if k > 0 else None, replay.comment_before(k) if k < n else None]
    if n == 0 and not replay.path:
        texts.append(replay.tree.root.comment_before)
    named = set().union(*(cards_named(t) for t in texts))
    coming = replay.move(k) if k < n else None
    out = [story]
    for viewer in range(len(replay.players)):
        hidden = hidden_cards(replay, k, viewer) if named or coming is not None else frozenset()
        secret = coming is not None and bool(set(coming.cards) & hidden)
        out.append(story_html(replay, k, viewer=viewer) if secret or named & hidden else story)
    return tuple(out)


def frame_label(replay: Replay, k: int) -> str:
    """Frame ``k`` in the replayer's go-to list, plain text: ``'Bout 3 · 17/300 · Anna
    covers 9♠ with J♠'`` (move ``k - 1``, the move that led here), ``'Bout 1 · start'``;
    a frame where a new bout begins is marked ``'▶ Bout 4 begins …'``.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
    """
    pos = replay.position(k)
    n = len(replay)
    if k == 0:
        return _("▶ Bout {bout} begins · start (0/{n})").format(bout=pos.bout, n=n)
    last = move_words(replay.move(k - 1), replay.players)
    if pos.result is not None:
        return _("Game over · {k}/{n} · after {move}").format(k=k, n=n, move=last)
    if not pos.table and replay.position(k - 1).bout != pos.bout:
        return _("▶ Bout {bout} begins · {k}/{n} · after {move}").format(bout=pos.bout, k=k, n=n, move=last)
    return _("Bout {bout} · {k}/{n} · after {move}").format(bout=pos.bout, k=k, n=n, move=last)


class ReplayerFrames(NamedTuple):
    """Every part of every frame of a replay, as HTML (index ``k``: the position before
    move ``k``, ``0..len(replay)``); what the replayer widget shows.

    Attributes:
        views: the names of the views, plain text: ``'all hands open'``, then
            ``"Anna's view"`` … one per seat.
        captions: ``captions[seat][k]``: the seat's caption (name, cards, roles, may
            act: :func:`caption_div`).
        open_cards: ``open_cards[seat][k]``: the seat's hand face up (:func:`cards_div`).
        public_cards: ``public_cards[seat][k]``: the hand as the other players see it
            (the cards they know face up, the rest face down).
        table, stock, story, result: ``[k]``: the table (attack/defence pairs), the
            talon with the turned-up trump and the discard, the move in words with its
            rule ids, the result.
        turn: ``turn[view][k]``: whose move it is and what they may do.
        events: ``events[view][k]``: what the move that led to frame ``k`` caused.
        labels: ``[k]``: the go-to list's labels (plain text).
        acting: ``[k]``: the seats that may act.
        stories: ``stories[view][k]``: the story as view ``view`` tells it (0: ``story``;
            a player's never names a card that player cannot see at ``k``: a comment
            naming one is replaced, another player's move to come is said without its
            cards; :func:`_stories`).
    """

    views: tuple[str, ...]
    captions: tuple[tuple[str, ...], ...]
    open_cards: tuple[tuple[str, ...], ...]
    public_cards: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    stock: tuple[str, ...]
    story: tuple[str, ...]
    result: tuple[str, ...]
    turn: tuple[tuple[str, ...], ...]
    events: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...]
    acting: tuple[tuple[int, ...], ...]
    stories: tuple[tuple[str, ...], ...] = ()

    def cards(self, view: int, seat: int, k: int) -> str:
        """The cards view ``view`` (0: every hand open; ``s + 1``: seat ``s``'s view)
        shows of ``seat`` at frame ``k``."""
        return self.open_cards[seat][k] if view in (0, seat + 1) else self.public_cards[seat][k]

    def seat(self, view: int, seat: int, k: int) -> str:
        """The caption and the cards view ``view`` shows of ``seat`` at frame ``k``."""
        return self.captions[seat][k] + self.cards(view, seat, k)


def card_width(players: int) -> float:
    """The replayer's card width in pixels for ``players`` seats: 48, or 44 with four or
    more (three rows of seats and the table then fit within a 768 px screen under
    JupyterLab's bars, every card's corner still read at a glance; issue 22).

    >>> card_width(2), card_width(4)
    (48.0, 44.0)
    """
    return 48.0 if players < 4 else 44.0


def hand_width(players: int) -> float:
    """The most pixels a seat's cards take in the table layout (:func:`board_html`):
    the others sit side by side across the top, so the more players, the narrower
    (a hand of many cards overlaps more, :func:`~.cards_svg.hand_svg`)."""
    return {2: 520.0, 3: 300.0}.get(players, 180.0)


class Caches(NamedTuple):
    """The pictures already made for one replay's frames (:func:`new_caches`): a seat's
    cards, the table, the talon and discard, by what they show."""

    cards: dict[tuple[int, tuple[Card, ...], int, Suit], str]
    table: dict[tuple[tuple[tuple[Card, Card | None], ...], int | None, Suit], str]
    stock: dict[tuple[int, int, Card | None, Suit], str]


def new_caches() -> Caches:
    """Empty :class:`Caches`."""
    return Caches({}, {}, {})


class FrameParts(NamedTuple):
    """Every part of one frame ``k`` (see :class:`ReplayerFrames` for each field; here
    one value per seat or per view instead of one per frame)."""

    captions: tuple[str, ...]
    open_cards: tuple[str, ...]
    public_cards: tuple[str, ...]
    table: str
    stock: str
    story: str
    result: str
    turn: tuple[str, ...]
    events: tuple[str, ...]
    label: str
    acting: tuple[int, ...]
    later_captions: tuple[str, ...] = ()
    later_cards: tuple[str, ...] = ()
    stories: tuple[str, ...] = ()  # the story in each view (a player's never names a card they cannot see)


def _shown_move(move: Move, known: Sequence[Card]) -> bool:
    """Whether ``move`` (legal in a witness of an over-the-board game) may be shown:
    every card it lays or shows is known in the hand (then every deck order consistent
    with the recording allows it), and it is no redeal (R5: claimed from a hand nobody
    saw whole)."""
    return move.action is not Action.REDEAL and all(c in known for c in move.cards)


def _is_known(card: Card, seen: Seen, pos: Position) -> bool:
    """Whether ``card`` is known at ``pos``: face up (the table, R6), discarded
    (R15: every card there was laid face up), in the talon or a hand as ``seen`` says."""
    return (
        card in seen.talon
        or any(card in h for h in seen.hands)
        or card in pos.discard
        or any(card in pair for pair in pos.table)
    )


def frame_parts(
    replay: Replay, k: int, legal_moves: Iterable[Move], *, width: float = 48, caches: Caches | None = None
) -> FrameParts:
    """Every part of frame ``k`` of ``replay``: the position before move ``k``.

    The hands show what is known (:meth:`Replay.seen <durak_nb.replay.Replay.seen>`):
    over the board (``Replay.partial``) the cards known face up and the others as
    backs, counted in the caption; of the engine's legal moves (a witness's, there)
    only those whose cards are known are listed, and who may act is
    ``Replay.whose_turn``.

    Args:
        replay: the replay.
        k: the frame, ``0..len(replay)``.
        legal_moves: the engine's legal moves at ``k`` (``replay.game(k).legal_moves()``).
        width: one card's width in pixels.
        caches: equal pictures made once (shared across the frames of one replay).

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
        ValueError: ``width`` is not positive.
    """
    c = new_caches() if caches is None else caches
    pos = replay.position(k)
    names = replay.players
    seats = range(len(names))
    trump = pos.trump  # a redeal (R5) may change it
    most = hand_width(len(names))

    def cards(seat: int, up: tuple[Card, ...], down: int) -> str:
        key = (seat, up, down, trump)
        out = c.cards.get(key)
        if out is None:
            out = c.cards[key] = cards_div(cards_part_html(up, down, trump, width=width, max_width=most), seat=seat)
        return out

    # over the board: only the cards known (never a witness's hand), and by default only
    # what was known then (a card the recording places in a hand because it is laid later
    # is no spoiler of the frame: ``later_cards`` shows those, as a separate choice)
    seen = replay.seen(k)
    then = replay.seen_then(k)
    legal: dict[int, list[Move]] = {}
    for m in legal_moves:
        if not replay.partial or _shown_move(m, then.hands[m.player]):
            legal.setdefault(m.player, []).append(m)
    acting = set(replay.whose_turn(k)) if replay.partial else set(legal)
    known = replay.known(k)
    captions, open_cards, public_cards, later_captions, later_cards = [], [], [], [], []
    for s in seats:
        size = len(pos.hands[s])
        caption = seat_caption_html(pos, s, acting=s in acting, known=len(known[s]), unseen=then.unknown[s])
        captions.append(caption_div(caption, seat=s, acting=s in acting))
        open_cards.append(cards(s, hand_order(then.hands[s], trump), then.unknown[s]))
        if then == seen:
            later_captions.append(captions[-1])
            later_cards.append(open_cards[-1])
        else:
            caption = seat_caption_html(pos, s, acting=s in acting, known=len(known[s]), unseen=seen.unknown[s])
            later_captions.append(caption_div(caption, seat=s, acting=s in acting))
            later_cards.append(cards(s, hand_order(seen.hands[s], trump), seen.unknown[s]))
        public = hand_order(known[s], trump)
        public_cards.append(cards(s, public, size - len(public)))
    room = replay.room(k) if pos.table else None
    tkey = (pos.table, room, trump)
    if tkey not in c.table:
        c.table[tkey] = table_part_html(pos, room, width=width)
    turned_up = pos.trump_card if pos.trump_card is not None and _is_known(pos.trump_card, seen, pos) else None
    skey = (len(pos.talon), len(pos.discard), turned_up, trump)
    if skey not in c.stock:
        c.stock[skey] = stock_part_html(pos, width=width, show_turned_up=turned_up is not None)
    throwers = replay.throwers(k)
    story = story_html(replay, k)
    evs = replay.events(k - 1) if k > 0 else ()
    turn, events = [], []
    for v in range(1 + len(names)):
        viewer = None if v == 0 else v - 1
        turn.append(
            turn_part_html(
                pos,
                legal,
                throwers=throwers,
                viewer=viewer,
                actors=sorted(acting) if replay.partial else None,
                unseen=then.unknown if replay.partial else None,
            )
        )
        events.append(events_part_html(k - 1, evs, names, viewer=viewer, trump_card=turned_up))
    return FrameParts(
        captions=tuple(captions),
        open_cards=tuple(open_cards),
        public_cards=tuple(public_cards),
        later_captions=tuple(later_captions),
        later_cards=tuple(later_cards),
        table=c.table[tkey],
        stock=c.stock[skey],
        story=story,
        result=result_html(pos),
        stories=_stories(replay, k, story),
        turn=tuple(turn),
        events=tuple(events),
        label=frame_label(replay, k),
        acting=tuple(sorted(acting)),
    )


def view_names(players: Sequence[str], *, partial: bool = False) -> tuple[str, ...]:
    """The replayer's views, plain text: ``'all hands open'`` (over the board,
    ``partial``: ``'all that was known then'``, for no hand is open whole and the cards known
    only from later moves are a separate choice), then ``"Anna's view"`` …"""
    first = _(UNSEEN_WORDS["all_view"]) if partial else _("all hands open")
    return (first, *(visible(_("{name}'s view").format(name=name), keep="\n\t") for name in players))


def replayer_frames(replay: Replay, *, width: float = 48, max_moves: int = MAX_REPLAYER_MOVES) -> ReplayerFrames:
    """Every part of every frame of ``replay`` (:class:`ReplayerFrames`).

    One live game walks the replay once to ask the engine for each frame's legal moves;
    equal SVG pictures are made once (a hand that did not change is the same string).
    Every recorded text is escaped.  The work is linear in the number of moves, which
    is at most ``max_moves`` (:data:`~.bounds.MAX_REPLAYER_MOVES`, 1,000).

    Raises:
        ViewBoundError: the replay has more than ``max_moves`` moves (checked first).
        ValueError: ``width`` is not positive.
    """
    check_moves("the replayer", len(replay), max_moves)
    replay.prefetch(0, len(replay) + 1)  # who may act, throwers, room: one walk, not a game copied per frame
    n = len(replay)
    caches = new_caches()
    game = replay.game(0)
    frames = []
    for k in range(n + 1):
        frames.append(frame_parts(replay, k, game.legal_moves(), width=width, caches=caches))
        if k < n:
            game.play(replay.move(k))
    seats = range(len(replay.players))
    views = range(1 + len(replay.players))
    return ReplayerFrames(
        views=view_names(replay.players, partial=replay.partial),
        captions=tuple(tuple(f.captions[s] for f in frames) for s in seats),
        open_cards=tuple(tuple(f.open_cards[s] for f in frames) for s in seats),
        public_cards=tuple(tuple(f.public_cards[s] for f in frames) for s in seats),
        table=tuple(f.table for f in frames),
        stock=tuple(f.stock for f in frames),
        story=tuple(f.story for f in frames),
        result=tuple(f.result for f in frames),
        turn=tuple(tuple(f.turn[v] for f in frames) for v in views),
        events=tuple(tuple(f.events[v] for f in frames) for v in views),
        labels=tuple(f.label for f in frames),
        acting=tuple(f.acting for f in frames),
        stories=tuple(tuple(f.stories[v] if f.stories else f.story for f in frames) for v in views),
    )


# ----------------------------------------------------------------------------- the table layout

#: the parts of a frame shown the same in every view, besides the seats
SHARED_SLOTS = ("table", "stock", "story", "result")
#: the parts that differ by view
VIEW_SLOTS = ("turn", "events")


def seat_places(players: int, view: int) -> tuple[tuple[int, ...], int]:
    """Where the seats sit in view ``view`` (0: every hand open, seen from seat 0; ``s +
    1``: seat ``s``'s view): the others across the top, in the order of play from the
    viewer's left (R9: play goes round the table), and the viewer at the bottom.

    >>> seat_places(4, 2)
    ((2, 3, 0), 1)
    """
    me = 0 if view == 0 else view - 1
    return tuple((me + i) % players for i in range(1, players)), me


def board_html(players: int, view: int, slot: Callable[[str], str]) -> str:
    """One frame of the replayer laid out as a card table: the other players across the
    top, the table (стол) in the middle with the talon (the turned-up trump under it, R3)
    and the discard (R15) at its side, the viewer's seat at the bottom; beside the
    table the move in words, whose turn and what may be done, the events, the result.

    Args:
        players: the number of seats.
        view: the view (:func:`seat_places`).
        slot: the HTML of each slot by name: ``'seat 2'`` (a seat's caption and cards
            as this view shows them), ``'table'``, ``'stock'``, ``'story'``,
            ``'turn'``, ``'events'``, ``'result'``.  Each slot's HTML goes into a
            ``div`` with ``data-slot`` set to that name.
    """

    def div(name: str, cls: str) -> str:
        return f'<div class="{cls}" data-slot="{name}">{slot(name)}</div>'

    top, me = seat_places(players, view)
    seats_top = "".join(div(f"seat {s}", "dnb-seat") for s in top)
    return (
        f'<div class="dnb-board" data-view="{view}"><div class="dnb-felt">'
        f'<div class="dnb-top">{seats_top}</div>'
        f'<div class="dnb-middle">{div("table", "dnb-table-slot")}{div("stock", "dnb-stock-slot")}</div>'
        f'<div class="dnb-bottom">{div(f"seat {me}", "dnb-seat dnb-me")}</div></div>'
        f'<div class="dnb-text">{div("story", "dnb-story")}{div("turn", "dnb-turn-slot")}'
        f"{div('events', 'dnb-events-slot')}{div('result', 'dnb-result')}</div></div>"
    )


def frame_slot(parts: FrameParts, view: int, name: str, *, later: bool = False) -> str:
    """The HTML of slot ``name`` (:func:`board_html`) of one frame in view ``view``.

    ``later``: over the board, the hands open in that view show everything the whole
    recording knows of them (cards known only from later moves too: "everything known
    later"); by default what was known then (:meth:`Replay.seen_then
    <durak_nb.replay.Replay.seen_then>`)."""
    if name.startswith("seat "):
        s = int(name[5:])
        if view in (0, s + 1):
            if later and parts.later_cards:
                return parts.later_captions[s] + parts.later_cards[s]
            return parts.captions[s] + parts.open_cards[s]
        return parts.captions[s] + parts.public_cards[s]
    if name in VIEW_SLOTS:
        return str(getattr(parts, name)[view])
    if name == "story" and parts.stories:
        return parts.stories[view]
    return str(getattr(parts, name))


def table_view_html(replay: Replay, k: int | None = None, *, view: int = 0, width: float = 44) -> str:
    """Frame ``k`` of ``replay`` (default: the last, the game as it stands) as the
    replayer shows it: :func:`frame_parts` laid out by :func:`board_html`, each slot
    :func:`frame_slot` (the replayer widget's board without its puzzle and evaluation).
    The one home of "the replayer's table view" for other views: the class server's
    teacher's board shows each table with it (``view=0``: every hand open).  The cards
    are whole SVG faces; :func:`~.cards_svg.shared_faces` turns them into ``<use>`` s of
    :func:`~.cards_svg.card_defs` for a page that holds those once.  Needs :data:`STYLE`
    in the page.  Every recorded text is escaped.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``; ``view`` not in ``0..players``.
        ValueError: ``width`` is not positive.
    """
    k = len(replay) if k is None else k
    if not 0 <= view <= len(replay.players):
        raise IndexError(f"view {view} is not in 0..{len(replay.players)}")
    parts = frame_parts(replay, k, replay.game(k).legal_moves(), width=width)
    return board_html(len(replay.players), view, lambda name: frame_slot(parts, view, name))
