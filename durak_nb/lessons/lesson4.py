"""Lesson 4 (``04_drawing_order.ipynb``): drawing after a bout, and who attacks next
(R3, R16, R23).

>>> short_talon_draws()
[('Anna', '9♣ Q♦'), ('Vera', '6♥')]
"""

from __future__ import annotations

from ..cards import card_text
from ..engine import Event, Game
from ..replay import Replay
from .course import claim
from .helpers import draws_of, replay
from .lesson2 import bout
from .lesson3 import seed000

#: The recording of a refill from a short talon (R16, R3).
DRAWING = "drawing-order-short-talon.json"


def drawing() -> Replay:
    """Lesson 4: four players, three cards left in the talon, hearts trump,
    ``recordings/drawing-order-short-talon.json`` (R16)."""
    return replay(DRAWING)


def _refill() -> tuple[Game, list[Event]]:
    """The game after the drawing example's last move (Gleb's pass: bito and refill), and its events."""
    rep = drawing()
    return rep.game(len(rep)), list(rep.events(len(rep) - 1))


@claim(
    4,
    "Anna, who led, draws first: 9♣ and Q♦; then Vera draws the turned-up trump 6♥, the last card of the talon.",
    [("Anna", "9♣ Q♦"), ("Vera", "6♥")],
    "R3",
    "R16",
)
def short_talon_draws() -> list[tuple[str, str]]:
    """The draws after the bout of :func:`drawing` (R3, R16)."""
    g, events = _refill()
    return draws_of(events, g.players)


@claim(
    4,
    "Gleb still holds six cards and draws nothing; Boris, the defender, comes last and finds the talon empty: "
    "he stays with three cards.",
    (6, 3, 0),
    "R16",
)
def short_talon_hands() -> tuple[int, int, int]:
    """Gleb's and Boris's hand sizes and the talon's size after the refill (R16)."""
    g, _events = _refill()
    return len(g.hands[3]), len(g.hands[1]), len(g.talon)


@claim(4, "After bito the defender attacks next: Boris leads the next bout.", "Boris", "R23")
def next_after_bito() -> str:
    """Who attacks after the bito of :func:`drawing` (R23)."""
    g, _events = _refill()
    assert g.attacker is not None
    return g.players[g.attacker]


@claim(
    4,
    "In lesson 2's bout Anna led, so she draws first (8♦ 10♦), then Vera (8♥), and Boris, the defender, last "
    "(Q♥ 6♣ K♠); the turned-up trump A♥ stays at the bottom of the talon.",
    ([("Anna", "8♦ 10♦"), ("Vera", "8♥"), ("Boris", "Q♥ 6♣ K♠")], ["A♥"]),
    "R16",
)
def full_refill() -> tuple[list[tuple[str, str]], list[str]]:
    """The draws after lesson 2's bito, and what is left in the talon (R16)."""
    rep = bout()
    g = rep.game(len(rep))
    return draws_of(rep.events(len(rep) - 1), g.players), [card_text(c) for c in g.talon]


@claim(4, "After a take the player left of the defender attacks: Vera leads after Boris picks up.", "Vera", "R23")
def next_after_take() -> str:
    """Who attacks after Boris's take in seed 000's example (R23)."""
    rep = seed000()
    g = rep.game(len(rep))
    assert g.attacker is not None
    return g.players[g.attacker]
