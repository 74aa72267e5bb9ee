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

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..cards import Card, Suit
from ..engine import Position
from ..replay import Replay

__all__ = [
    "STYLE",
    "Frame",
    "card_html",
    "cards_html",
    "esc",
    "events_html",
    "frame",
    "hand_html",
    "header_html",
    "move_html",
    "result_html",
    "stock_html",
    "suit_html",
    "table_html",
    "trump_html",
    "turn_html",
]

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
    ".dnb-comment{color:#2e5d2e;font-style:italic}"
    "</style>"
)


def esc(text: object) -> str:
    """``text`` as HTML text: ``& < > " '`` escaped (:func:`html.escape`)."""
    return html.escape(str(text), quote=True)


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


def _roles(position: Position, seat: int) -> list[str]:
    roles = []
    if position.result is not None:
        if position.result.durak == seat:
            roles.append("durak")
        if position.result.losing_team is not None and seat in position.result.losing_team:
            roles.append("losing team")
    if position.attacker == seat:
        roles.append("attacker")
    if position.defender == seat:
        roles.append("defender, takes" if position.taking else "defender")
    if seat in position.out_order:
        roles.append(f"out #{position.out_order.index(seat) + 1}")
    return roles


def hand_html(position: Position, seat: int) -> str:
    """One player's hand: the escaped name, their role now, the number of cards and
    the cards.

    >>> from durak_nb.engine import Game
    >>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "7S", "Boris": "8D"},
    ...     talon="", trump="D", attacker="Anna", rest_to_discard=True)
    >>> hand_html(g.position(), 1)
    '<div class="dnb-hand"><b>Boris</b> <span class="dnb-role">defender</span> (1 card): \
<span class="dnb-card" style="color:#c62828">8♦</span></div>'
    """
    hand = position.hands[seat]
    roles = _roles(position, seat)
    role = f' <span class="dnb-role">{", ".join(roles)}</span>' if roles else ""
    count = "1 card" if len(hand) == 1 else f"{len(hand)} cards"
    return f'<div class="dnb-hand"><b>{esc(position.players[seat])}</b>{role} ({count}): {cards_html(hand)}</div>'


def table_html(position: Position) -> str:
    """The table as attack/defence pairs: one column per pair, the attack card above
    the card that covers it (an empty cell while uncovered)."""
    if not position.table:
        return '<b>Table</b> (стол): <span class="dnb-none">empty</span>'
    top = "".join(f"<td>{card_html(a)}</td>" for a, _d in position.table)
    bottom = "".join(f"<td>{'' if d is None else card_html(d)}</td>" for _a, d in position.table)
    covered = sum(1 for _a, d in position.table if d is not None)
    return (
        f"<b>Table</b> (стол): {len(position.table)} attack, {covered} covered"
        f'<table class="dnb-pairs"><tr>{top}</tr><tr>{bottom}</tr></table>'
    )


def trump_html(position: Position) -> str:
    """The trump suit and the turned-up card (R3), or why there is none (R3, R8)."""
    head = f"<b>Trump</b> (козырь): {suit_html(position.trump)}"
    c = position.trump_card
    if c is None:
        return head + ' <span class="dnb-none">no card turned up</span>'
    where = "under the talon" if position.talon else "drawn"
    return f"{head} turned up {card_html(c)} ({where})"


def stock_html(position: Position) -> str:
    """The sizes of the talon (R16) and of the discard (R15)."""

    def n(k: int) -> str:
        return "1 card" if k == 1 else f"{k} cards"

    return f"<b>Talon</b> (талон): {n(len(position.talon))} · <b>Discard</b> (отбой): {n(len(position.discard))}"


def _names(position: Position, seats: Iterable[int]) -> str:
    return ", ".join(esc(position.players[s]) for s in seats)


def turn_html(position: Position, actors: Sequence[int], throwers: Sequence[int]) -> str:
    """Whose move it is: bout, attacker, defender, throwers and who may act now.

    Args:
        position: the position.
        actors: the seats with a legal move now (``Replay.whose_turn``).
        throwers: the seats allowed to throw in (``Replay.throwers``, R11).
    """
    if position.result is not None:
        return "<b>Game over</b>"
    parts = [f"<b>Bout {position.bout}</b>"]
    if position.attacker is not None:
        parts.append(f"attacker <b>{esc(position.players[position.attacker])}</b>")
    if position.defender is not None:
        takes = " (takes)" if position.taking else ""
        parts.append(f"defender <b>{esc(position.players[position.defender])}</b>{takes}")
    if throwers and position.table:
        parts.append(f"throwers: {_names(position, throwers)}")
    parts.append(f"may act: <b>{_names(position, actors) or 'nobody'}</b>")
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
    # moves are numbered from 0 everywhere (CLI, tables, errors, meta): frame k follows move k - 1
    if last is None:
        head = f"<b>Start</b> (0 of {total} moves played)"
    else:
        head = f"<b>Move {k - 1}</b> ({k} of {total} played): {esc(last)}"
    if comment:
        head += f'<div class="dnb-comment">{esc(comment)}</div>'
    if following is not None:
        head += f'<div class="dnb-none">next, move {k}: {esc(following)}</div>'
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
    text = f"<b>Result</b>: {esc(r.describe(position.players))}"
    if r.out_order:
        text += f" · out in order: {_names(position, r.out_order)}"
    return text


def header_html(preset: str, players: Sequence[str], meta: Mapping[str, Any]) -> str:
    """The recording's variant and players, and ``meta``'s ``title``, ``event`` and
    ``description`` when present (all escaped: meta is plain text, never markup).

    >>> header_html("podkidnoy", ["Anna", "<Boris>"], {"event": "lesson 1"})
    '<b>podkidnoy</b> · Anna, &lt;Boris&gt; · lesson 1'
    """
    text = f"<b>{esc(preset)}</b> · {', '.join(esc(p) for p in players)}"
    for key in ("title", "event"):
        value = meta.get(key)
        if value is not None:
            text += f" · {esc(value)}"
    description = meta.get("description")
    if description is not None:
        text += f'<details class="dnb-none"><summary>about this recording</summary>{esc(description)}</details>'
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
    ``k - 1`` (the one that led here) explained and its events.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
    """
    pos = replay.position(k)
    n = len(replay)
    last = replay.explain(k - 1, with_events=False) if k > 0 else None
    following = replay.move(k).describe(replay.players) if k < n else None
    comment = replay.comment(k - 1) if k > 0 else None
    events = [e.describe(replay.players) for e in replay.events(k - 1)] if k > 0 else []
    return Frame(
        hands=tuple(hand_html(pos, s) for s in range(len(pos.players))),
        table=table_html(pos),
        trump=trump_html(pos),
        stock=stock_html(pos),
        turn=turn_html(pos, replay.whose_turn(k), replay.throwers(k)),
        move=move_html(k, n, last, following, comment),
        events=events_html(events),
        result=result_html(pos),
    )
