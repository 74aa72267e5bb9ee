"""Card faces, hands, the table, the talon and whole positions as SVG (pure functions).

Every function returns one standalone SVG document as a string (``xmlns`` and
``viewBox`` set, no scripts, no external resources; the only ``id`` attributes are
inside the court cards' faces, prefixed ``dnb-<code>-`` and the same wherever that
card is drawn, so several pictures can sit in one page).  A card is drawn in a
100 × 140 box and scaled to ``width``; composite pictures (a hand, the table, a
position) nest one ``<svg>`` element per card.  A page that shows many cards puts
:func:`card_defs` in once and passes its pictures through :func:`shared_faces`: each
card then is a ``<use>`` of its face.

* Face up: a large rank and suit symbol in two corners (for a projector), pips (2–10),
  one large symbol (A), and for J, Q, K Adrian Kennard's court faces (npm
  ``@letele/playing-cards``, CC0-1.0: static/court-faces.json, made by
  ``scripts/vendor_card_faces.py``); red (``#c62828``) for hearts and diamonds, black
  (``#111``) for spades and clubs (R1).
* Trump (R3, R8): a gold border and a gold band with ★ across the top edge (class
  ``dnb-trump``), which shows on a card overlapped in a hand or covered on the table.
* Face down: a blue back with a lattice; it carries no rank, suit or card code.
* The table: each covering card turned 24° across the card it beats (R10).

Every text that is not a fixed string of ours (player names, results) goes through
:func:`esc`; cards carry only rank codes and suit symbols, escaped all the same.

>>> from durak_nb.cards import Card, Suit
>>> svg = card_svg(Card.parse("TH"), trump=Suit.H)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'class="dnb-trump"' in svg
True
>>> 'data-card' in card_svg(Card.parse("TH"), face_up=False)
False
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from ..cards import Card, Rank, Suit, card_text, deck
from ..engine import Position
from ..i18n import _, get_language, ngettext, pgettext
from ..text import visible
from ..unseen import Seen
from .textfit import COLUMN, fit_lines, text_width, wrap

__all__ = [
    "BLACK",
    "GOLD",
    "RED",
    "SvgFrame",
    "card_defs",
    "card_svg",
    "discard_svg",
    "esc",
    "hand_svg",
    "position_svg",
    "rows_svg",
    "seat_roles",
    "seat_svg",
    "shared_faces",
    "svg_frame",
    "table_svg",
    "talon_svg",
]

RED = "#c62828"
BLACK = "#111"
GOLD = "#d4a017"
BACK = "#1f4e8c"
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
SVG_NS = "http://www.w3.org/2000/svg"
#: a card is drawn in a box of 100 × 140 units
_W, _H = 100, 140
_RATIO = _H / _W

#: the court cards' faces (J, Q, K): Adrian Kennard's designs from the npm package
#: ``@letele/playing-cards`` (CC0-1.0, static/court-faces-NOTICE.txt), made by
#: ``scripts/vendor_card_faces.py``, which printed this sha256
COURT_FACES = Path(__file__).resolve().parent / "static" / "court-faces.json"
COURT_FACES_SHA256 = "b9f58eedd95dfc0471abef459f1189e0c8b4bd877c6e344f85066dfc5b09509b"


def _court_faces() -> dict[str, str]:
    """The vendored court faces by card code, checked against :data:`COURT_FACES_SHA256`;
    empty (the court cards drawn by code) when the file is missing or altered."""
    try:
        data = COURT_FACES.read_bytes()
    except OSError:
        return {}
    if hashlib.sha256(data).hexdigest() != COURT_FACES_SHA256:
        return {}
    faces: dict[str, str] = json.loads(data.decode("utf-8"))
    return faces


_COURTS = _court_faces()

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def esc(text: object) -> str:
    """``text`` as SVG/XML character data or attribute value.

    ``& < > " '`` are escaped; characters XML 1.0 cannot hold even escaped (control
    characters, lone surrogates) become U+FFFD, so the document always parses; other
    control, format, bidi and line-separator characters (U+202E, U+0085, U+2028) are
    shown as visible escapes (:func:`durak_nb.text.visible`, defect N11).

    >>> esc('<img src=x onerror="alert(1)"> & \\x00')
    '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; \\ufffd'
    """
    return html.escape(visible(_NOT_XML.sub("\ufffd", str(text)), keep="\n\t"), quote=True)


def _n(v: float) -> str:
    """A coordinate, compact: ``12``, ``12.5``."""
    r = round(v, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


def _color(card: Card) -> str:
    return RED if card.suit.is_red else BLACK


def _rank_text(card: Card) -> str:
    """The rank as the language in use writes it (``'10'``, ``'Q'``; В Д К Т for J Q K A
    in ru and uk): :func:`durak_nb.cards.card_text` without the suit symbol (the one home
    of a card's words)."""
    return card_text(card)[: -len(card.suit.symbol)]


#: pip centres (x, y) in the 100 × 140 box, by rank 2..10
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((50, 36), (50, 104)),
    3: ((50, 36), (50, 70), (50, 104)),
    4: ((34, 36), (66, 36), (34, 104), (66, 104)),
    5: ((34, 36), (66, 36), (50, 70), (34, 104), (66, 104)),
    6: ((34, 36), (66, 36), (34, 70), (66, 70), (34, 104), (66, 104)),
    7: ((34, 36), (66, 36), (50, 53), (34, 70), (66, 70), (34, 104), (66, 104)),
    8: ((34, 36), (66, 36), (50, 53), (34, 70), (66, 70), (50, 87), (34, 104), (66, 104)),
    9: ((34, 34), (66, 34), (34, 57), (66, 57), (50, 70), (34, 83), (66, 83), (34, 106), (66, 106)),
    10: ((34, 34), (66, 34), (50, 46), (34, 57), (66, 57), (34, 83), (66, 83), (50, 94), (34, 106), (66, 106)),
}


def _text(x: float, y: float, text: str, *, size: float, fill: str, bold: bool = False, anchor: str = "middle") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" text-anchor="{anchor}"{weight}>'
        f"{esc(text)}</text>"
    )


def _face(card: Card, is_trump: bool) -> str:
    """The inside of a face-up card in the 100 × 140 box: the plain face and, for a
    trump (R3), the gold border and band over it (:func:`_trump_overlay`)."""
    return _plain_face(card) + (_trump_overlay() if is_trump else "")


def _trump_overlay() -> str:
    """A trump's marks: a gold border and a gold band with ★ across the top edge, which
    stays in sight when the card lies overlapped in a hand or covered on the table."""
    return (
        f'<rect x="2.5" y="2.5" width="95" height="135" rx="7.5" fill="none" stroke="{GOLD}" stroke-width="4"/>'
        + _trump_band()
    )


def _plain_face(card: Card) -> str:
    """A card's face without trump marks.  The index (rank over suit) is large (28
    units: 13 px on a 48-px card) for a projector; court cards wear the vendored faces
    (:func:`_court_face`)."""
    color = _color(card)
    rank, sym = _rank_text(card), card.suit.symbol
    court = _COURTS.get(card.code)
    if court is not None:
        return _court_face(card, court)
    parts = ['<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" stroke="#444" stroke-width="1.5"/>']
    size = 24 if rank == "10" else 28
    parts += [
        '<g class="dnb-index">',
        _text(15, 37, rank, size=size, fill=color, bold=True),
        _text(15, 60, sym, size=24, fill=color),
        '<g transform="rotate(180 50 70)">',
        _text(15, 37, rank, size=size, fill=color, bold=True),
        _text(15, 60, sym, size=24, fill=color),
        "</g></g>",
    ]
    r = int(card.rank)
    parts.append('<g class="dnb-pips">')
    if r in _PIPS:
        for x, y in _PIPS[r]:
            px = 50 + (x - 50) * 0.8
            pip = _text(px, y + 7, sym, size=20, fill=color)
            parts.append(pip if y <= 70 else f'<g transform="rotate(180 {_n(px)} {y})">{pip}</g>')
    elif r == Rank.ACE:
        parts.append(_text(50, 90, sym, size=60, fill=color))
    else:  # J Q K
        parts.append(_court(card, color))
    parts.append("</g>")
    return "".join(parts)


def _trump_band() -> str:
    return (
        f'<g class="dnb-trump"><path d="M3.5 12V9.5a6 6 0 0 1 6-6h81a6 6 0 0 1 6 6V12z" fill="{GOLD}"/>'
        f'<text x="84" y="11" font-size="10" fill="#fff" text-anchor="middle">★</text></g>'
    )


def _court_face(card: Card, court: str) -> str:
    """A court card: the vendored face (its border and picture) with our large index
    over its small one in both corners."""
    color, rank, sym = _color(card), _rank_text(card), card.suit.symbol
    index = (
        '<rect x="4" y="5" width="17.5" height="60" fill="#fff"/>'
        + _text(12, 38, rank, size=22, fill=color, bold=True)
        + _text(12, 59, sym, size=20, fill=color)
    )
    return (
        f'<g class="dnb-court">{court}</g><g class="dnb-index">{index}<g transform="rotate(180 50 70)">{index}</g></g>'
    )


def _court(card: Card, color: str) -> str:
    """A court card's middle (J, Q, K): a framed panel with the rank letter large and the
    suit above and below, mirrored like a court card's two halves."""
    rank, sym = _rank_text(card), card.suit.symbol
    return (
        f'<rect x="30" y="22" width="40" height="96" rx="4" fill="#fbf3e0" stroke="{color}" stroke-width="1.5"/>'
        f'<path d="M30 70h40" stroke="{color}" stroke-width="1" stroke-dasharray="3 2"/>'
        + _text(50, 62, rank, size=34, fill=color, bold=True)
        + _text(50, 40, sym, size=16, fill=color)
        + f'<g transform="rotate(180 50 70)">{_text(50, 62, rank, size=34, fill=color, bold=True)}'
        + f"{_text(50, 40, sym, size=16, fill=color)}</g>"
    )


def _lattice() -> str:
    """The back's lattice: diagonal lines both ways inside the inner frame (12..88 ×
    12..128), one path, no ids."""
    x0, x1, y0, y1 = 12, 88, 12, 128
    d = []
    for c in range(x0 + y0 + 12, x1 + y1, 12):  # lines x + y = c
        xa, ya = max(x0, c - y1), min(y1, c - x0)
        xb, yb = min(x1, c - y0), max(y0, c - x1)
        d.append(f"M{xa} {ya}L{xb} {yb}")
    for c in range(x0 - y1 + 12, x1 - y0, 12):  # lines x - y = c
        xa, ya = max(x0, c + y0), max(y0, x0 - c)
        xb, yb = min(x1, c + y1), min(y1, x1 - c)
        d.append(f"M{xa} {ya}L{xb} {yb}")
    return f'<path d="{"".join(d)}" stroke="#9cb8e0" stroke-width="1.2"/>'


_BACK = (
    f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="{BACK}" stroke="#444" stroke-width="1.5"/>'
    '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#fff" stroke-width="1.5"/>' + _lattice()
)


def _is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.suit == trump


def _card(
    card: Card | None, x: float, y: float, width: float, *, trump: Suit | None, face_up: bool, cls: str = ""
) -> str:
    """One card as a nested ``<svg>`` at (x, y); ``card=None`` or ``face_up=False``
    draws the back (no ``data-card``, no title naming the card)."""
    h = width * _RATIO
    head = (
        f'<svg x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(h)}" viewBox="0 0 {_W} {_H}" '
        f'class="dnb-card{cls}'
    )
    if card is None or not face_up:
        back = esc(_("a card face down"))
        return head + f' dnb-back"><title>{back}</title>' + _BACK + "</svg>"
    trump_card = _is_trump(card, trump)
    title = _("{card} (trump)").format(card=card.pretty) if trump_card else card.pretty
    return head + f'" data-card="{esc(card.code)}"><title>{esc(title)}</title>' + _face(card, trump_card) + "</svg>"


def _doc(width: float, height: float, body: str, *, label: str) -> str:
    """A standalone SVG document."""
    return (
        f'<svg xmlns="{SVG_NS}" width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'role="img" aria-label="{esc(label)}" font-family="{FONT}">{body}</svg>'
    )


def card_svg(card: Card, *, trump: Suit | None = None, face_up: bool = True, width: float = 60) -> str:
    """One card as a standalone SVG document (R1 colours, R3 trump marker).

    Args:
        card: the card.
        trump: the trump suit; a card of this suit gets the gold border and badge.
        face_up: ``False`` draws the back (nothing tells which card it is).
        width: the width in pixels; the height is ``1.4 × width``.

    Raises:
        ValueError: ``width`` is not positive.
    """
    _check_width(width)
    label = _("a card face down") if not face_up else card.pretty
    return _doc(width, width * _RATIO, _card(card, 0, 0, width, trump=trump, face_up=face_up), label=label)


def _check_width(width: float) -> None:
    if not width > 0:
        raise ValueError(f"width must be positive, not {width!r}")


def _check_view(position: Position, perspective: int | None, width: float) -> int:
    """The number of seats of ``position``, after checking that ``perspective`` is one
    of them (or ``None``) and that ``width`` is positive (``ValueError`` otherwise)."""
    _check_width(width)
    n = len(position.players)
    if perspective is not None and not 0 <= perspective < n:
        raise ValueError(f"perspective {perspective!r} is not a seat 0..{n - 1}")
    return n


#: the font size of the words inside an empty place (:func:`_empty`)
EMPTY_SIZE = 11.0


def _empty_width(width: float, text: str) -> float:
    """The width of :func:`_empty`'s outline: a card's, or wider, so that ``text`` fits
    inside at :data:`EMPTY_SIZE` («порожньо» is wider than a small card, issue 22)."""
    return max(width, text_width(text, EMPTY_SIZE) + 8) if text else width


def _empty(x: float, y: float, width: float, text: str = "") -> str:
    """A dashed outline where cards would lie, with a short caption inside (none with
    ``text == ""``: the talon and the discard say it under the outline); the outline is
    :func:`_empty_width` wide, so that the caption is never set smaller nor cut."""
    h = width * _RATIO
    w = _empty_width(width, text)
    outline = (
        f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(w - 2)}" height="{_n(h - 2)}" rx="5" fill="none" '
        f'stroke="#999" stroke-dasharray="4 3"/>'
    )
    return outline + (_text(x + w / 2, y + h / 2 + 4, text, size=EMPTY_SIZE, fill="#777") if text else "")


def _row(
    cards: Sequence[Card], x: float, y: float, width: float, *, trump: Suit | None, face_up: bool, step: float
) -> str:
    return "".join(_card(c, x + i * step, y, width, trump=trump, face_up=face_up) for i, c in enumerate(cards))


def hand_svg(
    cards: Iterable[Card],
    *,
    trump: Suit | None = None,
    face_up: bool = True,
    fan: bool = False,
    width: float = 60,
    max_width: float | None = None,
) -> str:
    """A hand of cards: in a row (overlapping by 40 %) or fanned (``fan=True``).

    With ``max_width``, a row of many cards overlaps more (down to a quarter of a card
    showing: its corner, rank and suit, stays in view) so that the picture stays within ``max_width`` pixels.

    An empty hand is a dashed outline captioned ``no cards``.

    Args:
        cards: the cards, drawn in the order given.
        trump: the trump suit (trump cards marked, R3).
        face_up: ``False`` draws every card's back.
        fan: spread the cards like a hand of cards held up, 8° apart.
        width: one card's width in pixels.

    Raises:
        ValueError: ``width`` is not positive.
    """
    _check_width(width)
    cs = list(cards)
    h = width * _RATIO
    if not cs:
        none = _("no cards")
        return _doc(_empty_width(width, none) + 4, h + 4, _empty(2, 2, width, none), label=none)
    if face_up:
        label = " ".join(c.pretty for c in cs)
    else:
        label = ngettext("{n} cards face down", "{n} cards face down", len(cs)).format(n=len(cs))
    if not fan:
        step = width * 0.6
        if max_width is not None and len(cs) > 1:
            step = max(width * 0.25, min(step, (max_width - 4 - width) / (len(cs) - 1)))
        total = width + step * (len(cs) - 1)
        body = _row(cs, 2, 2, width, trump=trump, face_up=face_up, step=step)
        return _doc(total + 4, h + 4, body, label=label)
    # fanned: every card turned about one point below the hand, 8 degrees apart
    n = len(cs)
    radius = h * 2.2
    angles = [(i - (n - 1) / 2) * 8.0 for i in range(n)]
    xs, ys = [], []
    for a in angles:
        t = math.radians(a)
        for px, py in ((-width / 2, -radius), (width / 2, -radius), (-width / 2, h - radius), (width / 2, h - radius)):
            xs.append(px * math.cos(t) - py * math.sin(t))
            ys.append(px * math.sin(t) + py * math.cos(t))
    left, top = min(xs) - 2, min(ys) - 2
    parts = [
        f'<g transform="rotate({_n(a)} {_n(-left)} {_n(-top)})">'
        + _card(c, -left - width / 2, -top - radius, width, trump=trump, face_up=face_up)
        + "</g>"
        for a, c in zip(angles, cs, strict=True)
    ]
    return _doc(max(xs) - left + 2, max(ys) - top + 2, "".join(parts), label=label)


def rows_svg(rows: Iterable[Iterable[Card]], *, trump: Suit | None = None, width: float = 34) -> str:
    """Rows of cards in one picture, one row under the other with a gap between (never
    overlapping), each row overlapping its cards by 40 % like :func:`hand_svg`: the deck
    suit by suit (R1) stays readable in a narrow column where one row of 36 cards would
    be scaled down to nothing (issue 22).

    Raises:
        ValueError: ``width`` is not positive, or no row has a card.
    """
    _check_width(width)
    rs = [list(r) for r in rows]
    rs = [r for r in rs if r]
    if not rs:
        raise ValueError("rows_svg needs at least one card")
    h, step, gap = width * _RATIO, width * 0.6, width * 0.18
    body = "".join(_row(r, 2, 2 + i * (h + gap), width, trump=trump, face_up=True, step=step) for i, r in enumerate(rs))
    total = max(width + step * (len(r) - 1) for r in rs)
    label = "; ".join(" ".join(c.pretty for c in r) for r in rs)
    return _doc(total + 4, len(rs) * h + (len(rs) - 1) * gap + 4, body, label=label)


#: a covering card lies across the card it beats: turned by this many degrees, and
#: offset right and down by these fractions of a card's width (R10)
COVER_TURN, COVER_DX, COVER_DY = 24.0, 0.42, 0.36


def _table_body(pairs: Sequence[tuple[Card, Card | None]], x: float, y: float, width: float, trump: Suit | None) -> str:
    step = width * 1.5
    h = width * _RATIO
    parts = []
    for i, (attack, cover) in enumerate(pairs):
        px = x + i * step
        parts.append(_card(attack, px, y, width, trump=trump, face_up=True, cls=" dnb-attack"))
        if cover is not None:
            cx, cy = px + width * COVER_DX, y + width * COVER_DY
            parts.append(
                f'<g transform="rotate({_n(COVER_TURN)} {_n(cx + width / 2)} {_n(cy + h / 2)})">'
                + _card(cover, cx, cy, width, trump=trump, face_up=True, cls=" dnb-cover")
                + "</g>"
            )
    return "".join(parts)


def _table_size(n: int, width: float) -> tuple[float, float]:
    if n == 0:
        return width, width * _RATIO
    return width * 1.5 * (n - 1) + width * 1.62, width * _RATIO + width * 0.62


def table_svg(pairs: Iterable[tuple[Card, Card | None]], *, trump: Suit | None = None, width: float = 60) -> str:
    """The table (стол): each attack card with the card that covers it lying across
    it, offset down and to the right (R10); pairs left to right in the order laid.

    Attack cards carry the class ``dnb-attack``, covering cards ``dnb-cover``.  An
    empty table is a dashed outline captioned ``empty``.

    Args:
        pairs: (attack card, covering card or ``None``) pairs, as ``Position.table``.
        trump: the trump suit (trump cards marked).
        width: one card's width in pixels.

    Raises:
        ValueError: ``width`` is not positive.
    """
    _check_width(width)
    ps = list(pairs)
    w, h = _table_size(len(ps), width)
    if not ps:
        said = pgettext("table", "empty")
        return _doc(_empty_width(width, said) + 4, h + 4, _empty(2, 2, width, said), label=_("empty table"))
    label = ", ".join(
        a.pretty if d is None else _("{attack} covered by {cover}").format(attack=a.pretty, cover=d.pretty)
        for a, d in ps
    )
    return _doc(w + 4, h + 4, _table_body(ps, 2, 2, width, trump), label=label)


def _talon_words(size: int, trump: Suit | None) -> tuple[str, str]:
    """The talon's caption (``'talon empty'``, ``'5 cards'``) and the trump said under it ('' with none)."""
    caption = _("talon empty") if size == 0 else _count(size)
    return caption, "" if trump is None else _("trump {suit}").format(suit=trump.symbol)


#: the font size of the captions under the talon and the discard
CAPTION_SIZE = 12.0


def _talon_centre(x: float, width: float, size: int, trump: Suit | None) -> float:
    """Where the talon's captions are centred: under the stack (``x + 0.7 × width``), or
    further right so that they start at ``x`` (issue 22: «колода порожня» is wider than
    the talon, and was cut at the picture's left edge)."""
    half = max(text_width(t, CAPTION_SIZE) for t in _talon_words(size, trump)) / 2
    return max(x + width * 0.7, x + half)


def _talon_body(size: int, trump_card: Card | None, trump: Suit | None, x: float, y: float, width: float) -> str:
    h = width * _RATIO
    parts = []
    if size == 0:  # the outline alone: the caption under it says «talon empty»
        parts.append(_empty(x + width * 0.2, y, width))
    else:
        stacked = size - 1 if trump_card is not None else size
        if trump_card is not None:  # R3: turned up, lying across under the talon
            x0 = x + width * 0.55
            parts.append(
                f'<g transform="rotate(90 {_n(x0 + width / 2)} {_n(y + h / 2)})">'
                + _card(trump_card, x0, y, width, trump=trump, face_up=True, cls=" dnb-turned-up")
                + "</g>"
            )
        for i in range(min(stacked, 3)):  # a few backs show the stack's thickness
            parts.append(_card(None, x + i * 2, y - i * 2 + 4, width, trump=trump, face_up=False))
    caption, said = _talon_words(size, trump)
    centre = _talon_centre(x, width, size, trump)
    parts.append(_text(centre, y + h + 18, caption, size=CAPTION_SIZE, fill="#333"))
    if trump is not None:
        parts.append(_text(centre, y + h + 34, said, size=CAPTION_SIZE, fill=RED if trump.is_red else BLACK))
    return "".join(parts)


def _talon_width(size: int, trump: Suit | None, width: float) -> float:
    """The talon's width from its left edge: the stack and the card across it, or its
    captions if they are wider (:func:`_talon_centre`)."""
    half = max(text_width(t, CAPTION_SIZE) for t in _talon_words(size, trump)) / 2
    return max(width * 1.85, _talon_centre(0, width, size, trump) + half)


def talon_svg(size: int, trump_card: Card | None, *, trump: Suit | None = None, width: float = 60) -> str:
    """The talon (талон): a stack of backs with the turned-up trump card lying across
    under it, face up (R3), and the number of cards.

    Args:
        size: cards left in the talon, the turned-up card included (R16: it is drawn
            last, so with ``size == 1`` only the turned-up card is left).
        trump_card: the turned-up card, or ``None`` (none was left to turn up, R3, or
            japanese durak, R8).
        trump: the trump suit, shown under the talon (default: ``trump_card``'s suit).
        width: one card's width in pixels.

    Raises:
        ValueError: ``size`` is negative or ``width`` is not positive.
    """
    _check_width(width)
    if size < 0:
        raise ValueError(f"a talon holds 0 or more cards, not {size!r}")
    if trump is None and trump_card is not None:
        trump = trump_card.suit
    card = trump_card if size > 0 else None
    w, h = _talon_width(size, trump, width) + 8, width * _RATIO + 44
    if card is not None:
        label = ngettext("talon: {n} cards, {card} turned up", "talon: {n} cards, {card} turned up", size).format(
            n=size, card=card.pretty
        )
    else:
        label = ngettext("talon: {n} cards", "talon: {n} cards", size).format(n=size)
    return _doc(w, h, _talon_body(size, card, trump, 4, 6, width), label=label)


def _discard_body(size: int, x: float, y: float, width: float) -> str:
    h = width * _RATIO
    if size == 0:  # the outline alone: the caption under it says «empty»
        body = _empty(x, y, width)
    else:
        body = "".join(
            f'<g transform="rotate({(-6, 5, -2)[i]} {_n(x + width / 2)} {_n(y + h / 2)})">'
            + _card(None, x, y, width, trump=None, face_up=False)
            + "</g>"
            for i in range(min(size, 3))
        )
    caption = pgettext("discard", "empty") if size == 0 else _count(size)
    return body + _text(x + width / 2, y + h + 18, caption, size=CAPTION_SIZE, fill="#333")


def _discard_width(size: int, width: float) -> float:
    """The discard's picture width: a card and its tilt, or its caption if wider."""
    caption = pgettext("discard", "empty") if size == 0 else _count(size)
    return max(width * 1.4, 80, text_width(caption, CAPTION_SIZE) + 8)


def discard_svg(size: int, *, width: float = 60) -> str:
    """The discard pile (отбой, R15): face down (its cards may not be looked at), with
    the number of cards.

    Raises:
        ValueError: ``size`` is negative or ``width`` is not positive.
    """
    _check_width(width)
    if size < 0:
        raise ValueError(f"a discard pile holds 0 or more cards, not {size!r}")
    w = _discard_width(size, width)
    body = _discard_body(size, (w - width) / 2, 6, width)
    label = ngettext("discard: {n} cards", "discard: {n} cards", size).format(n=size)
    return _doc(w, width * _RATIO + 30, body, label=label)


def seat_roles(position: Position, seat: int) -> list[str]:
    """What ``seat`` is now, in words: durak / losing team (once the game is over),
    attacker, defender (``defender, takes`` after take, R14), ``out #n`` (R24)."""
    roles = []
    r = position.result
    if r is not None:
        if r.durak == seat:
            roles.append(pgettext("role", "durak"))
        if r.losing_team is not None and seat in r.losing_team:
            roles.append(pgettext("role", "losing team"))
    if position.attacker == seat:
        roles.append(pgettext("role", "attacker"))
    if position.defender == seat:
        roles.append(pgettext("role", "defender, takes") if position.taking else pgettext("role", "defender"))
    if seat in position.out_order:
        roles.append(pgettext("role", "out #{n}").format(n=position.out_order.index(seat) + 1))
    return roles


def _count(n: int) -> str:
    """``'1 card'``, ``'5 cards'`` in the language in use (1 карта, 2 карты, 5 карт)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


#: stand-ins for cards drawn face down: nothing of a hidden card reaches the picture
_BACKS = tuple(deck(52))


def _hand_shown(position: Position, seat: int, seen: Seen | None, face_up: bool) -> tuple[tuple[Card, ...], int]:
    """What a seat's hand shows: ``(cards face up, number face down)``.  Face down: every
    card a back.  Face up: the whole hand, or over the board (``seen``, INTERCHANGE.md
    "Over-the-board recordings") the cards known face up and the others as backs."""
    hand = position.hands[seat]
    if not face_up:
        return (), len(hand)
    if seen is None:
        return hand, 0
    return seen.hands[seat], seen.unknown[seat]


def _hand_row(
    up: Sequence[Card], down: int, x: float, y: float, width: float, *, trump: Suit | None, step: float
) -> str:
    """``up`` face up, then ``down`` backs, in one overlapping row."""
    out = _row(up, x, y, width, trump=trump, face_up=True, step=step)
    return out + _row(_BACKS[:down], x + step * len(up), y, width, trump=trump, face_up=False, step=step)


def _caption(position: Position, seat: int) -> str:
    """``'Anna (5 cards) — attacker'``: name, number of cards, roles."""
    hand = position.hands[seat]
    roles = seat_roles(position, seat)
    count = _count(len(hand))
    if roles:
        # TRANSLATORS: a seat's caption: "Anna (5 cards) — attacker"
        return _("{name} ({count}) — {roles}").format(name=position.players[seat], count=count, roles=", ".join(roles))
    return _("{name} ({count})").format(name=position.players[seat], count=count)


def _headline(position: Position, actors: Sequence[int] | None) -> str:
    names = position.players
    r = position.result
    if r is not None:
        return _("Game over: {result}").format(result=r.describe(names))
    text = _("Bout {n}").format(n=position.bout)
    if position.attacker is not None and position.defender is not None:
        attacker, defender = names[position.attacker], names[position.defender]
        if position.taking:
            text = _("Bout {n}: {attacker} attacks {defender}; {defender} takes").format(
                n=position.bout, attacker=attacker, defender=defender
            )
        else:
            text = _("Bout {n}: {attacker} attacks {defender}").format(
                n=position.bout, attacker=attacker, defender=defender
            )
    if actors is not None:
        text += " · " + _("may act: {names}").format(names=", ".join(names[s] for s in actors) or _("nobody"))
    return text


#: a seat's caption (name, number of cards, roles): its font size, the distance between
#: its lines, and the width :func:`seat_svg` widens to for a caption on one line (a longer
#: caption wraps, issue 22: a name of any length in any language stays in its box)
SEAT_SIZE = 13.0
SEAT_LEADING = 16.0
SEAT_WIDTH = 240.0


def _caption_text(x: float, y: float, lines: Sequence[str], size: float) -> str:
    """A seat's caption lines (:func:`~.textfit.fit_lines`), the first one's baseline at ``y``."""
    return "".join(
        _text(x, y + SEAT_LEADING * i, t, size=size, fill="#111", anchor="start") for i, t in enumerate(lines)
    )


#: the headline of :func:`position_svg`: its font size, the distance between its lines
HEADLINE_SIZE = 14.0
HEADLINE_LEADING = 18.0
#: :func:`position_svg` widens to hold its headline on one line up to this width
#: (pixels; a projector's notebook column is about 600 px wide); a longer headline wraps
HEADLINE_WIDTH = 520.0


def position_svg(
    position: Position,
    *,
    perspective: int | None = None,
    actors: Sequence[int] | None = None,
    width: float = 44,
    seen: Seen | None = None,
) -> str:
    """A whole position: a headline (bout, who attacks whom, who may act, or the result),
    every hand with the player's name and role, the table, the talon with the
    turned-up trump (R3) and the discard (R15).

    Args:
        position: the position (``Game.position()`` or ``Replay.position(k)``).
        perspective: the seat whose hand is face up; ``None`` opens every hand.
        actors: the seats that may act now (``Replay.whose_turn(k)``), if known:
            the engine decides it, so it is passed in, never worked out here.
        width: one card's width in pixels.
        seen: over the board (``Replay.seen(k)`` of a ``Replay.partial`` game),
            what is known: a hand face up shows its known cards and the others as
            backs; ``position``'s own cards are never drawn then.

    Raises:
        ValueError: ``perspective`` is not a seat, or ``width`` is not positive.
    """
    n = _check_view(position, perspective, width)
    h = width * _RATIO
    trump = position.trump
    step = width * 0.6
    margin, name_h, gap = 8.0, 18.0, 10.0
    headline = _headline(position, actors)
    # the picture is as wide as what it draws (hands, captions, the table, talon and
    # discard); the headline wraps to that width (issue 22: never cut at the edge)
    tw, th = _table_size(len(position.table), width)
    empty_table = pgettext("table", "empty")
    table_w = tw if position.table else _empty_width(width, empty_table)
    talon_size = len(position.talon)
    talon_right = (
        _talon_centre(0, width, talon_size, trump)
        + max(text_width(t, CAPTION_SIZE) for t in _talon_words(talon_size, trump)) / 2
    )
    discard_caption = pgettext("discard", "empty") if not position.discard else _count(len(position.discard))
    # from the talon's left edge: to the discard, and to the discard's right edge
    to_discard = max(width * 1.75, talon_right) + 2 * gap
    stock_w = to_discard + max(width * 1.4, 70, width * 0.6 + text_width(discard_caption, CAPTION_SIZE) / 2)
    # the talon and discard beside the table, or under it where the row would be wider than
    # the lesson's column (issue 22: a table of six attacks was 614-642 px in 592, scrolled)
    tx = margin + table_w + 3 * gap
    stacked = bool(position.table) and tx + stock_w + margin > COLUMN
    if stacked:
        tx = margin
    dx = tx + to_discard
    row_w = max(tx + stock_w, margin + table_w) + margin
    seats_w = max(width + step * (len(hand) - 1) if hand else width for hand in position.hands)
    captions = [_caption(position, seat) for seat in range(n)]
    # the picture widens (up to HEADLINE_WIDTH) to hold the headline and each seat's
    # caption on one line; longer ones wrap to it (issue 22: never cut at the edge)
    one_line = (
        max(text_width(headline, HEADLINE_SIZE, bold=True), *(text_width(c, SEAT_SIZE) for c in captions)) + 2 * margin
    )
    total_w = max(seats_w + 2 * margin, row_w, min(one_line, HEADLINE_WIDTH))
    fitted = [fit_lines(c, SEAT_SIZE, total_w - 2 * margin) for c in captions]
    total_w = max(total_w, *(box + 2 * margin for _l, _s, box in fitted))
    lines = wrap(headline, HEADLINE_SIZE, total_w - 2 * margin, bold=True)
    total_w = max(total_w, max(text_width(t, HEADLINE_SIZE, bold=True) for t in lines) + 2 * margin)
    parts = [
        _text(margin, 20 + HEADLINE_LEADING * i, t, size=HEADLINE_SIZE, fill="#111", bold=True, anchor="start")
        for i, t in enumerate(lines)
    ]
    y = 32.0 + HEADLINE_LEADING * (len(lines) - 1)
    for seat in range(n):
        hand = position.hands[seat]
        caption_lines, size, _box = fitted[seat]
        parts.append(f'<g class="dnb-seat" data-seat="{seat}">' + _caption_text(margin, y + 13, caption_lines, size))
        y += SEAT_LEADING * (len(caption_lines) - 1)
        face_up = perspective is None or perspective == seat
        if hand:
            up, down = _hand_shown(position, seat, seen, face_up)
            parts.append(_hand_row(up, down, margin, y + name_h, width, trump=trump, step=step))
        else:
            parts.append(_empty(margin, y + name_h, width, "—"))
        parts.append("</g>")
        y += name_h + h + gap
    # the table, the talon and the discard side by side
    parts.append(_text(margin, y + 13, _("Table"), size=13, fill="#111", bold=True, anchor="start"))
    table = _table_body(position.table, margin, y + name_h, width, trump) if position.table else ""
    parts.append(table or _empty(margin, y + name_h, width, empty_table))
    if stacked:  # the talon and the discard on a row of their own
        y += name_h + th + gap
    parts.append(_text(tx, y + 13, _("Talon"), size=13, fill="#111", bold=True, anchor="start"))
    talon_card = position.trump_card if position.talon else None
    parts.append(_talon_body(talon_size, talon_card, trump, tx, y + name_h + 4, width))
    parts.append(_text(dx, y + 13, _("Discard"), size=13, fill="#111", bold=True, anchor="start"))
    parts.append(_discard_body(len(position.discard), dx + width * 0.1, y + name_h + 4, width))
    total_h = y + name_h + (h + 40 if stacked else max(th, h + 40)) + 20
    background = f'<rect width="{_n(total_w)}" height="{_n(total_h)}" rx="6" fill="#eef5ec"/>'
    return _doc(total_w, total_h, background + "".join(parts), label=headline)


def seat_svg(
    position: Position, seat: int, *, face_up: bool = True, width: float = 44, seen: Seen | None = None
) -> str:
    """One player's place: the caption (name, number of cards, role: attacker,
    defender, takes, out, durak) above the hand, face up or face down.  ``seen``: over
    the board, face up shows the known cards and the others as backs (:func:`position_svg`).

    Raises:
        ValueError: ``seat`` is not a seat, or ``width`` is not positive.
    """
    _check_width(width)
    n = len(position.players)
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} is not a seat 0..{n - 1}")
    hand = position.hands[seat]
    caption = _caption(position, seat)
    step = width * 0.6
    # the caption on one line up to SEAT_WIDTH (or the hand's width), wrapped past it
    cards_w = width + step * max(len(hand) - 1, 0)
    lines, size, box = fit_lines(caption, SEAT_SIZE, max(cards_w, min(text_width(caption, SEAT_SIZE), SEAT_WIDTH)))
    top = 18 + SEAT_LEADING * (len(lines) - 1)
    body = _caption_text(2, 13, lines, size)
    if hand:
        up, down = _hand_shown(position, seat, seen, face_up)
        body += _hand_row(up, down, 2, top, width, trump=position.trump, step=step)
    else:
        body += _empty(2, top, width, "—")
    return _doc(max(cards_w, box) + 4, top + width * _RATIO + 4, body, label=caption)


class SvgFrame(NamedTuple):
    """The SVG parts of one position, for a widget that updates values in place.

    Attributes:
        headline: plain text (escape it before putting it into HTML): the bout, who
            attacks whom, who may act, or the result.
        hands: one :func:`seat_svg` per seat.
        table: :func:`table_svg`.
        talon: :func:`talon_svg` (the turned-up trump under the stack, R3).
        discard: :func:`discard_svg` (face down, R15).
    """

    headline: str
    hands: tuple[str, ...]
    table: str
    talon: str
    discard: str


def svg_frame(
    position: Position,
    *,
    perspective: int | None = None,
    actors: Sequence[int] | None = None,
    width: float = 44,
    seen: Seen | None = None,
) -> SvgFrame:
    """Every SVG part of ``position``: the hands (face up for ``perspective``, or all
    with ``None``), the table, the talon and the discard, and the headline text.
    ``seen``: over the board, what is known (:func:`position_svg`).

    Raises:
        ValueError: ``perspective`` is not a seat, or ``width`` is not positive.
    """
    n = _check_view(position, perspective, width)
    talon_card = position.trump_card if position.talon else None
    return SvgFrame(
        headline=_headline(position, actors),
        hands=tuple(
            seat_svg(position, s, face_up=perspective is None or perspective == s, width=width, seen=seen)
            for s in range(n)
        ),
        table=table_svg(position.table, trump=position.trump, width=width),
        talon=talon_svg(len(position.talon), talon_card, trump=position.trump, width=width),
        discard=discard_svg(len(position.discard), width=width),
    )


# ----------------------------------------------------------------------------- shared faces

_FACE_IN_CARD = re.compile(r"</title>(.*?)</svg>", re.S)


def _face_prefix(lang: str) -> str:
    """The ids' prefix of the faces in ``lang``: ``dnb-f-`` in English, ``dnb-f-ru-``
    in Russian (the court cards and the ace carry the language's rank letters, so a page
    holding an English and a Russian replayer keeps both sets apart)."""
    return "dnb-f-" if lang == "en" else f"dnb-f-{lang}-"


_FACES_BY_LANGUAGE: dict[str, dict[str, str]] = {}
_FACE_IDS_BY_LANGUAGE: dict[str, dict[str, str]] = {}


def _faces() -> dict[str, str]:
    """Every face drawn by :func:`_card` in the language in use (each card plain and as a
    trump, and the back) by the id of its shared definition: ``dnb-f-TH``,
    ``dnb-f-TH-t``, ``dnb-f-back`` (``dnb-f-ru-TH`` … in Russian); made once per language."""
    lang = get_language()
    got = _FACES_BY_LANGUAGE.get(lang)
    if got is None:
        prefix = _face_prefix(lang)
        got = {"dnb-f-back": _BACK}
        for suit in Suit:
            for rank in Rank:
                card = Card.of(rank, suit)
                got[f"{prefix}{card.code}"] = _face(card, False)
                got[f"{prefix}{card.code}-t"] = _face(card, True)
        _FACES_BY_LANGUAGE[lang] = got
        _FACE_IDS_BY_LANGUAGE[lang] = {face: i for i, face in got.items()}
    return got


def _face_ids() -> dict[str, str]:
    """The id of each face of :func:`_faces` (the language in use), by the face."""
    _faces()
    return _FACE_IDS_BY_LANGUAGE[get_language()]


def card_defs() -> str:
    """One hidden SVG holding every card face as a ``<g id>`` (:func:`shared_faces`
    points to them), for a page that shows many cards: each card then costs a
    ``<use>`` element, not its whole face.  Put it once in the page, before the cards."""
    overlay = _trump_overlay()
    body = "".join(
        f'<g id="{i}"><use href="#{i[:-2]}"/>{overlay}</g>' if i.endswith("-t") else f'<g id="{i}">{face}</g>'
        for i, face in _faces().items()
    )
    return (
        f'<svg xmlns="{SVG_NS}" width="0" height="0" style="position:absolute" aria-hidden="true" '
        f'font-family="{FONT}"><defs>{body}</defs></svg>'
    )


def shared_faces(html_text: str) -> str:
    """``html_text`` (pictures made by this module) with every card's face replaced by a
    ``<use href="#dnb-f-TH">`` pointing to :func:`card_defs`; the card's ``<svg>``,
    its ``data-card``, classes and ``<title>`` stay.  Text that holds no card face is
    returned as it is.  The faces are those of the language in use (the rank letters),
    as :func:`card_defs` holds them."""
    ids = _face_ids()
    return _FACE_IN_CARD.sub(
        lambda m: f'</title><use href="#{ids[m.group(1)]}"/></svg>' if m.group(1) in ids else m.group(0), html_text
    )
