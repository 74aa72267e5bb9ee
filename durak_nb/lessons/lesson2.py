"""Lesson 2 (``02_a_bout.ipynb``): a bout of podkidnoy: leading, covering, throwing in
(R9-R12, R15).

>>> leads_in_bout_example()
7
"""

from __future__ import annotations

from ..cards import cards_text
from ..engine import Bito, Move
from ..replay import Replay
from .course import claim
from .edition import person_name
from .helpers import refusal_text, replay

#: The recording of lesson 2's bout: lead, covers, throw-ins, passes, bito (R9-R12, R15).
BOUT = "lessons/bout.json"


def bout() -> Replay:
    """Lesson 2: three players in mid-game (bout 5), hearts trump, Anna attacks Boris;
    ``.game(k)`` is the position before move ``k`` (R9-R12, R15)."""
    return replay(BOUT)


@claim(2, "Anna may lead any one of her six cards, or both sevens together: seven different leads.", 7, "R9")
def leads_in_bout_example() -> int:
    """How many leads Anna has in :func:`bout` (R9)."""
    return len(bout().game(0).legal_moves(person_name("Anna")))


@claim(
    2,
    "A lead of two different ranks is refused: [R9] a lead is one or more cards of one rank",
    "[R9] a lead is one or more cards of one rank",
    "R9",
)
def lead_of_two_ranks() -> str | None:
    """The refusal of Anna leading 7S 9D (R9)."""
    return refusal_text(bout().game(0), Move.attack(0, "7S 9D"))


@claim(
    2,
    "Boris may cover 7♠ with 8♠, 9♠ or the trump 6♥, and 7♣ with 10♣ or 6♥; or he may take.",
    [
        "Boris covers 7♠ with 6♥",
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with 9♠",
        "Boris covers 7♣ with 6♥",
        "Boris covers 7♣ with 10♣",
        "Boris takes",
    ],
    "R6",
    "R10",
)
def boris_defences() -> list[str]:
    """Boris's legal moves after the lead (R6, R10)."""
    g = bout().game(1)
    return [m.describe(g.players) for m in g.legal_moves(person_name("Boris"))]


@claim(
    2,
    "After the lead Vera must wait: [R12] Anna has the first right: Vera waits until Anna passes",
    "[R12] Anna has the first right: Vera waits until Anna passes",
    "R12",
)
def vera_waits() -> str | None:
    """The refusal of Vera throwing in 7D right after the lead (R12)."""
    return refusal_text(bout().game(1), Move.throw(2, "7D"))


@claim(
    2,
    "Once Boris has covered both sevens with 9♠ and 10♣, sevens, nines and tens are on the table, "
    "and Anna may throw in 9♦ and nothing else.",
    ["Anna throws in 9♦"],
    "R11",
)
def anna_throw_ins() -> list[str]:
    """Anna's legal throw-ins after both covers (R11)."""
    g = bout().game(3)
    return [m.describe(g.players) for m in g.legal_moves(person_name("Anna")) if m.action.value == "throw"]


@claim(
    2,
    "When Anna passes, Vera may throw in 7♦, 9♣, or both.",
    ["Vera throws in 7♦", "Vera throws in 9♣", "Vera throws in 7♦ 9♣"],
    "R11",
    "R12",
)
def vera_throw_ins() -> list[str]:
    """Vera's legal throw-ins after Anna's pass (R11, R12)."""
    g = bout().game(4)
    return [m.describe(g.players) for m in g.legal_moves(person_name("Vera")) if m.action.value == "throw"]


@claim(
    2,
    "A pass lasts only until the next card: right after her pass Anna may not throw in, "
    "but once Vera has thrown in 9♣ she may again.",
    (
        "[R12] Anna has passed; they may act again once another card is laid",
        ["Anna throws in 9♦", "Anna passes"],
    ),
    "R12",
)
def pass_until_next_card() -> tuple[str | None, list[str]]:
    """Anna's 9D refused after her pass, and Anna's moves once Vera has thrown in 9C (R12)."""
    refused = refusal_text(bout().game(4), Move.throw(0, "9D"))
    g = bout().game(5)
    return refused, [m.describe(g.players) for m in g.legal_moves(person_name("Anna"))]


@claim(
    2,
    "When every card is covered and Anna and Vera have both passed, the six cards go to the discard: bito.",
    "7♠ 9♠ 7♣ 10♣ 9♣ 6♥",
    "R15",
)
def bout_bito() -> str:
    """The cards of the :class:`~durak_nb.engine.Bito` event that ends lesson 2's bout (R15)."""
    rep = bout()
    return " ".join(cards_text(e.cards) for e in rep.events(len(rep) - 1) if isinstance(e, Bito))


def bout_exercise_options() -> list[Move]:
    """Lesson 2's "choose the legal move" options for Boris after the lead."""
    return [
        Move.defend(1, "8S", "7C"),
        Move.defend(1, "9S", "7S"),
        Move.defend(1, "QD", "7C"),
        Move.throw(1, "9S"),
    ]


def bout_spot_options() -> list[Move]:
    """Lesson 2's "spot the illegal throw-in" options, after Anna's pass."""
    return [Move.throw(2, "7D"), Move.throw(2, "9C"), Move.throw(2, "JS"), Move.throw(2, "7D 9C")]
