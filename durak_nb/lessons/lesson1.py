"""Lesson 1 (``01_cards_trump_beating.ipynb``): cards, trump and beating (R1, R3-R8).

>>> first_attacker_example()
('♥', '10♥', 'A♥', 'Boris')
"""

from __future__ import annotations

from ..cards import Card, Suit, beats, card_text, deck, rank_text
from ..engine import Action, Game
from ..replay import Replay
from .course import claim
from .edition import person_name
from .helpers import replay


def _beaters(card: str, trump: Suit | None, **options: bool) -> list[Card]:
    """Every card of the 36-card deck that beats ``card`` (a code, ``'6S'``) (R6-R8)."""
    target = Card.parse(card)
    return [c for c in deck(36) if beats(c, target, trump, **options)]


def deal_example() -> Game:
    """Lesson 1: a fresh deal to Anna and Boris (seed 1): hearts trump, Boris leads (R3, R4)."""
    return Game.deal("podkidnoy", [person_name("Anna"), person_name("Boris")], seed=1)


@claim(1, "A 36-card deck has nine ranks, from the six up to the ace, in four suits.", (9, "6", "A", 4), "R1")
def deck_36_ranks() -> tuple[int, str, str, int]:
    """(ranks, lowest rank, highest rank, suits) of the 36-card deck (R1)."""
    cards = deck(36)
    ranks = sorted({c.rank for c in cards})
    return len(ranks), rank_text(ranks[0]), rank_text(ranks[-1]), len({c.suit for c in cards})


@claim(1, "A 24-card deck starts at the nine, a 52-card deck at the two.", ("9", "2"), "R1")
def short_and_long_decks() -> tuple[str, str]:
    """The lowest rank of the 24- and 52-card decks (R1)."""
    return rank_text(min(deck(24)).rank), rank_text(min(deck(52)).rank)


@claim(
    1,
    "Dealt to two players, six cards each, the talon keeps 24 cards, and its last card is the turned-up trump.",
    (6, 6, 24, True),
    "R3",
)
def talon_after_deal() -> tuple[int, int, int, bool]:
    """Hand sizes, talon size, and whether the talon's last card is the turned-up trump (R3)."""
    g = deal_example()
    return len(g.hands[0]), len(g.hands[1]), len(g.talon), g.talon[-1] == g.trump_card


@claim(
    1,
    "In the example deal hearts are trump; Boris's lowest trump, the ten of hearts, is lower than Anna's ace, "
    "so Boris attacks first.",
    ("♥", "10♥", "A♥", "Boris"),
    "R3",
    "R4",
)
def first_attacker_example() -> tuple[str, str, str, str]:
    """(trump, Boris's lowest trump, Anna's lowest trump, first attacker) of :func:`deal_example` (R4)."""
    g = deal_example()
    low = [min((c for c in h if c.suit == g.trump), default=None) for h in g.hands]
    assert g.attacker is not None and low[0] is not None and low[1] is not None
    return g.trump.symbol, card_text(low[1]), card_text(low[0]), g.players[g.attacker]


#: The recording of lesson 1's redeal (R5, R4).
REDEAL = "redeal-five-of-a-suit.json"


def redeal() -> Replay:
    """Lesson 1: ``recordings/redeal-five-of-a-suit.json`` (R5, R4)."""
    return replay(REDEAL)


@claim(
    1,
    "With the redeal option, Boris, dealt five hearts, may claim a redeal before the first bout ends; "
    "the new deal turns up a club, and Vera, holding the lowest trump 7♣, leads.",
    (["Boris claims a redeal"], "♣", "7♣", "Vera"),
    "R4",
    "R5",
)
def redeal_five_of_a_suit() -> tuple[list[str], str, str, str]:
    """Who may claim a redeal at the start of ``redeal-five-of-a-suit.json``, and the new
    deal's trump, lowest trump and first attacker after Boris's redeal (R4, R5)."""
    rep = redeal()
    start = rep.game(0)
    claims = [m.describe(start.players) for m in start.legal_moves() if m.action is Action.REDEAL]
    g = rep.game(2)  # after Anna's lead and Boris's redeal
    assert g.attacker is not None
    low = min(c for c in g.hands[g.attacker] if c.suit == g.trump)
    return claims, g.trump.symbol, card_text(low), g.players[g.attacker]


@claim(
    1,
    "With hearts trump, the nine of spades beats the seven of spades; the nine of clubs does not.",
    (True, False),
    "R6",
)
def same_suit_beats() -> tuple[bool, bool]:
    """beats(9S, 7S) and beats(9C, 7S) with hearts trump (R6)."""
    return beats(Card.parse("9S"), Card.parse("7S"), Suit.H), beats(Card.parse("9C"), Card.parse("7S"), Suit.H)


@claim(1, "With hearts trump, the seven of hearts beats the ace of spades.", True, "R6")
def trump_beats_ace_of_spades() -> bool:
    """beats(7H, AS) with hearts trump (R6)."""
    return beats(Card.parse("7H"), Card.parse("AS"), Suit.H)


@claim(
    1,
    "A trump is beaten only by a higher trump: the ace of spades cannot beat the six of hearts, "
    "the seven of hearts can.",
    (False, True),
    "R6",
)
def trump_only_by_higher_trump() -> tuple[bool, bool]:
    """beats(AS, 6H) and beats(7H, 6H) with hearts trump (R6)."""
    return beats(Card.parse("AS"), Card.parse("6H"), Suit.H), beats(Card.parse("7H"), Card.parse("6H"), Suit.H)


@claim(
    1,
    "Seventeen cards beat the six of spades when hearts are trump: the eight higher spades and all nine hearts.",
    (17, 8, 9),
    "R6",
)
def beaters_of_six_of_spades() -> tuple[int, int, int]:
    """(cards that beat 6S, of them spades, of them hearts), hearts trump (R6)."""
    found = _beaters("6S", Suit.H)
    return len(found), sum(c.suit == Suit.S for c in found), sum(c.suit == Suit.H for c in found)


@claim(
    1,
    "Nothing beats the ace of trumps, unless the players agree that the trump six beats it: then the six does.",
    ([], ["6♥"]),
    "R6",
    "R7",
)
def trump_ace() -> tuple[list[str], list[str]]:
    """The cards that beat A♥ (hearts trump) without and with ``trump_six_beats_ace`` (R6, R7), as card texts."""
    plain, six_beats_ace = _beaters("AH", Suit.H), _beaters("AH", Suit.H, trump_six_beats_ace=True)
    return [card_text(c) for c in plain], [card_text(c) for c in six_beats_ace]


@claim(
    1,
    "In Japanese durak diamonds are always trump and spades are beaten only by higher spades: "
    "the six of diamonds beats the seven of clubs but not the seven of spades.",
    (True, False),
    "R8",
)
def japanese_spades() -> tuple[bool, bool]:
    """beats(6D, 7C) and beats(6D, 7S) in japanese durak (R8)."""
    six = Card.parse("6D")
    return (
        beats(six, Card.parse("7C"), Suit.D, japanese=True),
        beats(six, Card.parse("7S"), Suit.D, japanese=True),
    )
