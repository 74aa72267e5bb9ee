"""Games whose deal nobody saw whole: over-the-board recordings (INTERCHANGE.md,
"Over-the-board recordings").

A game played with a real deck and written down by someone at the table knows only
what was shown: the turned-up trump (R3), the cards laid on the table, the lowest trump
shown for the first lead (R4), and any hand or refill the writer saw.  Such a game is
legal when at least one full deck order agrees with everything recorded and makes every
move legal under the rules (R1–R27); the first move for which none does is the illegal
one.

This module holds the facts (:class:`PartialDeal`, :class:`SeenDraw`); the decision and
the live game built on them follow in the same module.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit

__all__ = ["PartialDeal", "Seen", "SeenDraw"]


@dataclass(frozen=True)
class SeenDraw:
    """A refill someone saw (``deal.draws`` in INTERCHANGE.md).

    Attributes:
        after: 0-based index of the main-line move that ended the bout after which the
            refill took place (R16).
        player: the seat that drew.
        cards: the whole set of cards that player drew in that refill, sorted.
    """

    after: int
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PartialDeal:
    """A deal known in part: the ``deal`` member without ``deck``.

    Attributes:
        dealer: seat of the dealer (R3, R4).
        turned_up: the card under the talon (R3), or ``None`` where no card is turned
            up (every card dealt; japanese, R8): then ``trump`` names the suit.
        trump: the trump suit where no card is turned up, else ``None``.
        attacker: who led first, or ``None`` when ``shown`` makes R4 decide it.
        shown: ``(seat, cards)`` pairs, by seat: cards players showed (R4's lowest
            trump: that player's lowest trump and the lowest trump dealt).
        hands: ``(seat, cards)`` pairs, by seat: whole starting hands the writer saw.
        draws: refills the writer saw, in the order of ``after``.
        redeals: ``(move index, turned_up)`` pairs: the turned-up card of the new deal
            after the ``redeal`` move at that index (R5), where it was recorded.
    """

    dealer: int
    turned_up: Card | None = None
    trump: Suit | None = None
    attacker: int | None = None
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    draws: tuple[SeenDraw, ...] = ()
    redeals: tuple[tuple[int, Card], ...] = ()


@dataclass(frozen=True)
class Seen:
    """What is known of the cards at one moment of a game (``PartialGame.seen()``,
    ``PartialReplay.seen_at(k)``, ``Replay.seen(k)``).

    Attributes:
        hands: per seat, the cards known to be in that hand, sorted.
        unknown: per seat, how many of its cards are not known.
        talon: the talon, top first, each card known or ``None`` (the turned-up
            trump, R3, is its last card).

    For a full-deck game every card is known: ``unknown`` is all 0 and ``talon`` has
    no ``None``.
    """

    hands: tuple[tuple[Card, ...], ...]
    unknown: tuple[int, ...]
    talon: tuple[Card | None, ...]
