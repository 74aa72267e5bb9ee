"""Lesson 3 (``03_limits.ipynb``): the limits: six cards, five in the first bout, never
more than the defender holds (R13, R14).

>>> room_after_take()
2
"""

from __future__ import annotations

from ..cards import cards_text
from ..engine import Move, Took
from ..replay import Replay
from .course import claim
from .edition import person_name
from .helpers import refusal_text, replay

#: The recording of seed 000's example of throw-ins after take (R13b, R14).
SEED000 = "seed000-vdogonku.json"


def seed000() -> Replay:
    """Lesson 3: seed 000's example, ``recordings/seed000-vdogonku.json``: Boris holds
    three cards, Anna leads 7S, Boris takes (R13b, R14)."""
    return replay(SEED000)


@claim(
    3,
    "Boris holds three cards and one lies uncovered before him, so after his take only two more cards may follow.",
    2,
    "R13b",
    "R14",
)
def room_after_take() -> int:
    """``Game.room()`` in seed 000's example right after Boris's take (R13b, R14)."""
    return seed000().game(2).room()


@claim(
    3,
    "After 7♥ and 7♦, Anna's last seven is refused: "
    "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow",
    "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow",
    "R13b",
)
def third_card_refused() -> str | None:
    """The refusal of Anna's 7C after the two throw-ins (R13b)."""
    return refusal_text(seed000().game(5), Move.throw(0, "7C"))


@claim(3, "When Anna and Vera have passed, Boris picks up the three sevens.", ("Boris", "7♠ 7♥ 7♦"), "R14")
def boris_picks_up() -> tuple[str, str]:
    """The :class:`~durak_nb.engine.Took` event of seed 000's example (R14)."""
    rep = seed000()
    took = [e for e in rep.events(len(rep) - 1) if isinstance(e, Took)]
    return rep.recording.players[took[0].player], cards_text(took[0].cards)


#: The recording of the first bout's limit (R13c).
FIRST_BOUT = "first-bout-limit.json"


def first_bout() -> Replay:
    """Lesson 3: the first bout of a game, diamonds trump, ``recordings/first-bout-limit.json`` (R13c)."""
    return replay(FIRST_BOUT)


@claim(
    3,
    "Before the first bito, five attack cards are the most while the defender defends: "
    "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends",
    (5, "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends"),
    "R13c",
)
def first_bout_limit() -> tuple[int, str | None]:
    """The attack cards on the table and the refusal of Vera's 7D as a sixth card (R13c)."""
    g = first_bout().game(4)
    return len(g.attack_cards), refusal_text(g, Move.throw(2, "7D"))


@claim(
    3,
    "Once Boris takes, the limit is six again: one more card may follow, and Vera adds 7♦ after the take.",
    (1, "Boris", 7),
    "R13a",
    "R13c",
    "R14",
)
def sixth_card_after_take() -> tuple[int, str, int]:
    """Room after the take, who picks up, and how many cards (R13c, R14)."""
    rep = first_bout()
    took = next(e for e in rep.events(len(rep) - 1) if isinstance(e, Took))
    return rep.game(5).room(), rep.recording.players[took.player], len(took.cards)


def first_bout_exercise_options() -> list[Move]:
    """Lesson 3's "choose the legal move" options for Vera once Anna has passed (R13c)."""
    return [Move.throw(2, "7D"), Move.throw(2, "8S"), Move.pass_(2), Move.take(2)]


#: The recording of the limit of six: Boris holds ten cards (R13a).
BOUT_LIMIT = "lessons/bout-limit.json"


def bout_limit() -> Replay:
    """Lesson 3: Boris holds ten cards, so only the limit of six stops Anna (R13a)."""
    return replay(BOUT_LIMIT)


@claim(
    3,
    "Even against a defender with ten cards, six attack cards are the most: [R13a] a bout holds at most 6 attack cards",
    (0, "[R13a] a bout holds at most 6 attack cards"),
    "R13a",
)
def seventh_card_refused() -> tuple[int, str | None]:
    """Room and the refusal of a seventh attack card (R13a)."""
    rep = bout_limit()
    g = rep.game(len(rep))
    return g.room(), refusal_text(g, Move.throw(0, "8C"))


#: The recording of a defender with two cards against three eights (R13b).
SMALL_HAND = "lessons/small-hand.json"


def small_hand() -> Replay:
    """Lesson 3: Boris holds only two cards; Anna holds three eights and leads 8♠ (R13b)."""
    return replay(SMALL_HAND)


@claim(
    3,
    "Against Boris's two cards Anna may lead one eight or two, never three: "
    "[R13b] Boris holds 2 cards; no more than that may lie uncovered before Boris",
    (
        ["Anna attacks 8♠ 8♥", "Anna attacks 8♠ 8♦", "Anna attacks 8♥ 8♦"],
        "[R13b] Boris holds 2 cards; no more than that may lie uncovered before Boris",
    ),
    "R13b",
)
def lead_against_two_cards() -> tuple[list[str], str | None]:
    """Anna's legal two-card leads and the refusal of a lead of three eights (R13b)."""
    g = small_hand().game(0)
    pairs = [m.describe(g.players) for m in g.legal_moves(person_name("Anna")) if len(m.cards) == 2]
    return pairs, refusal_text(g, Move.attack(0, "8S 8H 8D"))


def small_hand_spot_options() -> list[Move]:
    """Lesson 3's "spot the illegal throw-in" options after Anna leads 8♠ (one breaks R13b)."""
    return [Move.throw(0, "8H"), Move.throw(0, "8H 8D"), Move.throw(0, "8D")]
