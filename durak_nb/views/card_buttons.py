"""Card buttons whose faces are pictures: the pieces :class:`~.practice.PracticeBout`
and :class:`~.play.PlayWidget` share.

A card of a hand, or a pair on the table, is one ``ipywidgets.Button``: its face is the
SVG picture of :mod:`.cards_svg`, set as the button's CSS background by a class
(``dnb-c-7S`` for a card, ``dnb-t-7S-8S`` for 7♠ covered by 8♠) and one style sheet in
one HTML widget (:func:`face_rules`); its description (``7♠``, ``7♠ covered by 8♠``)
is the text a screen reader and the tests read, drawn transparent.  A button is hidden
by the class :data:`HIDDEN` and raised by :data:`SELECTED`, so that a frame changes
only values and classes, never the widgets.

>>> from durak_nb.cards import Card
>>> card_class(Card.parse("TH")), pair_class(Card.parse("7S"), Card.parse("8S"))
('dnb-c-TH', 'dnb-t-7S-8S')
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from ..cards import Card, CardError, Suit
from ..engine import Action, Move, Refusal
from ..i18n import _
from .cards_svg import card_svg, table_svg

__all__ = [
    "HIDDEN",
    "SELECTED",
    "button_css",
    "card_class",
    "card_refusal",
    "cover_note",
    "cover_or_choose",
    "face_rules",
    "grow_pool",
    "label_card",
    "label_pair",
    "pair_class",
    "set_classes",
    "svg_uri",
]

#: the class that hides a button of a pool (``display:none``)
HIDDEN = "dnb-off"
#: the class of a selected card (raised, ringed)
SELECTED = "dnb-sel"


def svg_uri(svg: str) -> str:
    """An SVG document as a ``data:`` URI (base64), for a CSS ``background-image``."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


def card_class(card: Card) -> str:
    """The class whose background is ``card``'s face: ``'dnb-c-7S'``."""
    return f"dnb-c-{card.code}"


def pair_class(attack: Card, cover: Card | None) -> str:
    """The class whose background is a pair on the table: ``'dnb-t-7S'`` (uncovered) or
    ``'dnb-t-7S-8S'`` (7♠ covered by 8♠, R10)."""
    return f"dnb-t-{attack.code}" + ("" if cover is None else f"-{cover.code}")


def set_classes(widget: Any, classes: Sequence[str]) -> None:
    """Give ``widget`` exactly ``classes`` (its ``_dom_classes``), sending nothing when
    they are the same already."""
    wanted = tuple(classes)
    if tuple(widget._dom_classes) != wanted:
        widget._dom_classes = wanted


def card_refusal(exc: CardError) -> Refusal:
    """A card that cannot be read (a click or a typed code), as the engine's refusal
    (R1): the error's own rule and message, never parsed back out of its text."""
    return Refusal(exc.rule or "R1", exc.message)


def cover_or_choose(
    seat: int, selected: Sequence[Card], target: Card | None, clicked: Card
) -> tuple[Move | None, Card | None]:
    """What a click on the attack card ``clicked`` on the table does.

    Args:
        seat: the clicking player's seat.
        selected: the cards selected now; ``target``: the attack card chosen now, or ``None``.

    Returns:
        ``(move, target)``: with cards selected, the move covering ``clicked`` with them
        (R10; the engine refuses anything but one card) and ``target`` unchanged;
        with none, no move and the new target (``clicked``, or ``None`` when it was
        the target already: a second click unchooses it).
    """
    if selected:
        return Move(seat, Action.DEFEND, tuple(selected), clicked), target
    return None, (None if target == clicked else clicked)


def cover_note(target: Card | None, legal: Sequence[Move] | None = None) -> str:
    """The note once an attack card is chosen to be covered first (R10): ``'Now click
    the card that covers 7♣.'``, or ``""`` when none is chosen.

    Args:
        target: the attack card chosen, or ``None``.
        legal: the clicking player's legal moves now (``Game.legal_moves(seat)``), or
            ``None`` (not known).  Given, the note is derived from them, so it never
            asks for a cover the engine would refuse: where none of them covers
            ``target`` (R6, R10), the note says so instead (:func:`no_cover`) and the
            caller unchooses the card.
    """
    if target is None:
        return ""
    if legal is not None and not covers_of(target, legal):
        return no_cover(target)
    return _("Now click the card that covers {card}.").format(card=target.pretty)


def covers_of(target: Card, legal: Sequence[Move]) -> list[Card]:
    """The cards that may cover the attack card ``target`` among the ``legal`` moves
    (R6, R10), in the order the engine lists them."""
    return [m.cards[0] for m in legal if m.action is Action.DEFEND and m.target == target]


def target_refusal(game: Any, seat: int, target: Card) -> Refusal | None:
    """Why ``seat`` cannot cover ``target`` at all now, in the engine's words (the card
    is covered already, ``seat`` does not defend, the defender has taken: R10, R14), or
    ``None`` where ``target`` is an uncovered attack card facing ``seat`` (then only the
    cards fail to beat it, :func:`no_cover`).

    Args:
        game: a :class:`~durak_nb.engine.Game`; ``seat``: the clicking player.
    """
    table = dict(zip(game.attack_cards, game.defence_cards, strict=True))
    if seat == game.defender and not game.taking and target in table and table[target] is None:
        return None
    hand = sorted(game.hands[seat])
    if not hand:
        return None
    why: Refusal | None = game.why_illegal(Move.defend(seat, hand[0], target))
    return why


def no_cover(target: Card) -> str:
    """The note when no card of the player's may cover ``target`` now (R6, R10)."""
    return _("None of your cards may cover {card} now.").format(card=target.pretty)


def label_card(button: Any, card: Card, *, trump: Suit | None) -> None:
    """Give a hand's card button its words: the description ``'7♠'`` (what a screen
    reader and the tests read) and the tooltip, ``'7♠ (trump)'`` for a trump (R3)."""
    button.description = card.pretty
    button.tooltip = _("{card} (trump)").format(card=card.pretty) if card.suit == trump else card.pretty


def label_pair(button: Any, attack: Card, cover: Card | None) -> None:
    """Give a table pair's button its words: the description ``'7♠'`` or ``'7♠ covered
    by 8♠'`` (R10) and the tooltip, ``'cover 7♠'`` while the attack card is uncovered."""
    covered = (
        None if cover is None else _("{attack} covered by {cover}").format(attack=attack.pretty, cover=cover.pretty)
    )
    button.description = attack.pretty if covered is None else covered
    button.tooltip = _("cover {card}").format(card=attack.pretty) if covered is None else covered


def grow_pool(
    pool: list[Any],
    cards: list[Card | None],
    row: Any,
    n: int,
    *,
    click: Callable[[Card], object],
    layout: Any,
    style: Any,
    table: bool = False,
    hidden: bool = False,
) -> None:
    """Make a pool of card buttons at least ``n`` long; the ``row`` (a box) is given
    the pool as its children only when buttons were added.

    Args:
        pool: the buttons (grown in place); ``cards`` (grown in place, with ``None``)
            holds the card each button shows now, ``None`` for a hidden one.
        click: called with the card of a clicked button (nothing for a button showing
            no card).
        layout, style: the ``Layout`` and ``ButtonStyle`` every button shares (one
            widget model each, not one a button).
        table: the buttons are table pairs (class ``dnb-pt`` beside ``dnb-pc``).
        hidden: a new button starts hidden (:data:`HIDDEN`).
    """
    if n <= len(pool):
        return

    def clicked(i: int) -> None:
        c = cards[i]
        if c is not None:
            click(c)

    while len(pool) < n:
        i = len(pool)
        b = widgets.Button(layout=layout, style=style)
        b.add_class("dnb-pc")
        if table:
            b.add_class("dnb-pt")
        b.on_click(lambda _b, i=i: clicked(i))
        if hidden:
            set_classes(b, (*b._dom_classes, HIDDEN))
        pool.append(b)
        cards.append(None)
    row.children = tuple(pool)


def button_css(root: str, *, width: float, table_width: float | None = None) -> str:
    """The style rules (without ``<style>``) of card buttons inside ``root`` (a CSS
    selector such as ``'.dnb-practice'``): ``.dnb-row`` (a row of cards), ``.dnb-pc`` (a
    card of ``width`` pixels), ``.dnb-pt`` (a table pair, drawn at ``table_width``,
    default ``width``), :data:`SELECTED` and :data:`HIDDEN`.

    Raises:
        ValueError: a width is not positive.
    """
    tw = width if table_width is None else table_width
    if width <= 0 or tw <= 0:
        raise ValueError(f"card widths are positive, not {width!r} and {tw!r}")
    w, h = round(width), round(width * 1.4)
    pw, ph = round(tw * 1.3 + 4), round(tw * 1.85 + 4)
    # a card button's words (its name, «7♠ covered by 8♠») are for screen readers and the
    # tooltip: drawn at no size, the face is the picture (never a cut, unseen label, issue 22)
    return (
        f"{root} .dnb-row{{display:flex;flex-wrap:wrap;align-items:flex-end;gap:4px;min-height:{h}px;"
        "padding-top:12px;overflow:visible}"
        f"{root} .dnb-pc.jupyter-button:focus:not(.{SELECTED}){{box-shadow:none;outline:1px dotted #888}}"
        f"{root} .dnb-pc.jupyter-button{{width:{w}px;height:{h}px;padding:0;margin:0 2px;border:none;"
        "border-radius:6px;background-color:transparent;background-repeat:no-repeat;background-position:center;"
        "background-size:contain;color:transparent;font-size:0;box-shadow:none;transition:transform .1s}"
        f"{root} .dnb-pc.jupyter-button:hover{{box-shadow:0 0 0 2px #90caf9}}"
        f"{root} .dnb-pc.jupyter-button.{SELECTED}{{transform:translateY(-10px);box-shadow:0 0 0 3px #1e88e5}}"
        f"{root} .dnb-pt.jupyter-button{{width:{pw}px;height:{ph}px}}"
        f"{root} .{HIDDEN}{{display:none !important}}"
    )


def face_rules(
    scope: str,
    cards: Iterable[Card],
    pairs: Iterable[tuple[Card, Card | None]],
    *,
    trump: Suit | None,
    width: float,
    table_width: float | None = None,
) -> str:
    """One ``<style>`` element with the faces of ``cards`` (:func:`card_class`, drawn
    ``width`` pixels wide) and of the table's ``pairs`` (:func:`pair_class`, drawn at
    ``table_width``, default ``width``), for the widget carrying the class ``scope``.

    Args:
        scope: the class of one widget (the rules apply inside it only).
        cards: the cards whose buttons are shown (e.g. a hand).
        pairs: (attack card, covering card or ``None``) pairs, as ``Position.table``.
        trump: the trump suit (trump cards are marked, R3).

    Raises:
        ValueError: a width is not positive.
    """
    tw = width if table_width is None else table_width
    rules = [
        f".{scope} .{card_class(c)}{{background-image:url({svg_uri(card_svg(c, trump=trump, width=width))})}}"
        for c in cards
    ]
    rules += [
        f".{scope} .{pair_class(a, d)}{{background-image:url({svg_uri(table_svg([(a, d)], trump=trump, width=tw))})}}"
        for a, d in pairs
    ]
    return "<style>" + "".join(rules) + "</style>"
