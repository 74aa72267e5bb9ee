"""Lesson 5 (``05_perevodnoy.ipynb``): perevodnoy, the transfer (R16-R21).

>>> first_transfer()
('Boris', 'Vera', 2)
"""

from __future__ import annotations

from ..cards import Card
from ..engine import Move
from ..replay import Replay
from .course import claim
from .helpers import draws_of, refusal_text, replay

#: The recording of a transfer passed on twice (R17, R18).
TRANSFER = "transfer-twice.json"


def transfer() -> Replay:
    """Lesson 5: perevodnoy, four players, clubs trump, ``recordings/transfer-twice.json`` (R17, R18)."""
    return replay(TRANSFER)


@claim(
    5,
    "Boris transfers with 8♥: both eights go on to Vera, and Boris becomes the attacker.",
    ("Boris", "Vera", 2),
    "R17",
)
def first_transfer() -> tuple[str, str, int]:
    """(attacker, defender, attack cards) after Boris's transfer (R17)."""
    g = transfer().game(2)
    assert g.attacker is not None and g.defender is not None
    return g.players[g.attacker], g.players[g.defender], len(g.attack_cards)


@claim(
    5,
    "Vera transfers again with 8♦: three eights go to Gleb, who holds six cards, so the transfer is allowed.",
    ("Vera", "Gleb", 3, 6),
    "R17",
    "R18",
)
def second_transfer() -> tuple[str, str, int, int]:
    """(attacker, defender, attack cards, defender's cards) after Vera's transfer (R17, R18)."""
    g = transfer().game(3)
    assert g.attacker is not None and g.defender is not None
    return g.players[g.attacker], g.players[g.defender], len(g.attack_cards), len(g.hands[g.defender])


@claim(
    5,
    "Once Gleb has covered one eight he may not transfer with 8♣ any more: "
    "[R18] no transfer once an attack card is covered",
    "[R18] no transfer once an attack card is covered",
    "R18",
)
def no_transfer_after_cover() -> str | None:
    """The refusal of Gleb's transfer after his first cover (R18)."""
    return refusal_text(transfer().game(4), Move.transfer(3, "8C"))


@claim(
    5,
    "After the bito Anna, who led the bout, draws first and Gleb, the last defender, draws last.",
    ["Anna", "Boris", "Vera", "Gleb"],
    "R16",
)
def transfer_draw_order() -> list[str]:
    """The order of the draws after the transfer example's bito (R16)."""
    rep = transfer()
    return [name for name, _cards in draws_of(rep.events(len(rep) - 1), rep.game(0).players)]


#: The recording of a transfer to a player holding too few cards (R18, R13b).
TOO_MANY = "lessons/transfer-too-many.json"


@claim(
    5,
    "Nobody may be transferred more cards than they hold: "
    "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)",
    "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)",
    "R18",
    "R13b",
)
def transfer_too_many() -> str | None:
    """The refusal of Boris's transfer of a third eight to Vera (R18)."""
    return refusal_text(replay(TOO_MANY).game(1), Move.transfer(1, "8H"))


#: The recording of the first bout of a game of perevodnoy (R19).
FIRST_BOUT_TRANSFER = "lessons/first-bout-transfer.json"


@claim(
    5,
    "There is no transfer in the first bout: [R19] no transfer in the first bout of the game",
    "[R19] no transfer in the first bout of the game",
    "R19",
)
def no_transfer_first_bout() -> str | None:
    """The refusal of Boris's transfer with 7D in the first bout (R19)."""
    return refusal_text(replay(FIRST_BOUT_TRANSFER).game(1), Move.transfer(1, "7D"))


#: The recording of проездной with two players (R20, R21).
SHOW_TRUMP = "show-trump-transfer.json"


def show_trump() -> Replay:
    """Lesson 5: проездной with two players, hearts trump, ``recordings/show-trump-transfer.json`` (R20, R21)."""
    return replay(SHOW_TRUMP)


@claim(
    5,
    "With two players a transfer goes back to the attacker: after Boris shows 9♥, Anna defends.",
    "Anna",
    "R21",
)
def transfer_goes_back() -> str:
    """The defender after Boris's shown-trump transfer (R21)."""
    g = show_trump().game(2)
    assert g.defender is not None
    return g.players[g.defender]


@claim(
    5,
    "Showing the trump nine adds no card: Boris keeps 9♥ in his hand and one nine stays on the table.",
    (True, 1),
    "R20",
)
def shown_trump_kept() -> tuple[bool, int]:
    """Whether Boris still holds 9H, and the attack cards, after showing it (R20)."""
    g = show_trump().game(2)
    return Card.parse("9H") in g.hands[1], len(g.attack_cards)


@claim(
    5,
    "Transferred onto again in the same bout, Boris must lay the card: "
    "[R20] Boris already transferred by showing a trump this bout: now lay the card",
    "[R20] Boris already transferred by showing a trump this bout: now lay the card",
    "R20",
)
def show_only_once() -> str | None:
    """The refusal of a second shown-trump transfer by Boris in one bout (R20)."""
    return refusal_text(show_trump().game(3), Move.transfer(1, "9H", show=True))


def transfer_exercise_options() -> list[Move]:
    """Lesson 5's "choose the legal move" options for Gleb facing three eights."""
    return [
        Move.transfer(3, "8C"),
        Move.transfer(3, "9S"),
        Move.defend(3, "6S", "8S"),
        Move.transfer(3, "8C", show=True),
    ]
