"""Issue 22: an over-the-board replay shows by default what was known at that moment;
"everything known later" (cards the recording places in a hand only because they are
laid later) is a separate, named choice."""

from __future__ import annotations

import re
from dataclasses import replace

from durak_nb.cards import Card, parse_cards
from durak_nb.engine import Move
from durak_nb.i18n import language
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.rules import Rules
from durak_nb.unseen import PartialDeal, SeenDraw
from durak_nb.views.replayer import ReplayerWidget

RULES = Rules.make("podkidnoy", deck_size=24)
MOVES = [
    Move.attack(0, "9S"),
    Move.defend(1, "JS", "9S"),
    Move.pass_(0),
    Move.attack(1, "KD"),
    Move.take(0),
    Move.pass_(1),
    Move.attack(1, "QD"),
    Move.defend(0, "KD", "QD"),
    Move.pass_(1),
]
DEAL = PartialDeal(dealer=1, turned_up=Card.parse("9H"), shown=((0, (Card.parse("TH"),)),))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def face_up(html: str) -> list[Card]:
    return sorted(Card.parse(code) for code in re.findall(r'data-card="([2-9TJQKA][SHDC])"', html))


def test_known_then_is_the_default_and_known_later_a_choice() -> None:
    w = ReplayerWidget(Replay(Recording(rules=RULES, players=("Anna", "Boris"), deal=DEAL, moves=list(MOVES))))
    assert [name for name, _v in w.perspective.options] == ["all that was known then", "Anna's view", "Boris's view"]
    assert w.later is not None and (w.later.description, w.later.value) == ("everything known later", False)
    # before move 1: Anna showed 10♥ (R4); that she holds 9♠ and Boris J♠ is told only by
    # the moves they make later: not shown then
    assert [face_up(c) for c in w.shown(0).cards] == [list(cards("TH")), []]
    seats = re.findall(r'data-slot="seat \d">(.*?)</div></div></div>', w.board.value)
    assert 'data-card="9S"' not in w.board.value and "9♠" not in "".join(seats)
    w.later.value = True  # the separate choice: everything the recording tells
    assert [face_up(c) for c in w.shown(0).cards] == [list(cards("9S TH")), list(cards("JS"))]
    assert 'data-card="9S"' in w.board.value and 'data-card="JS"' in w.board.value
    w.later.value = False
    # before move 7 Anna holds K♦, seen taken (R14): known then
    assert [face_up(c) for c in w.shown(6).cards] == [list(cards("KD TH")), []]


def test_a_writer_sees_their_own_hand_and_draws_then() -> None:
    deal = replace(DEAL, hands=((1, cards("JS KD 9C TC QC AC")),), draws=(SeenDraw(5, 1, (Card.parse("QD"),)),))
    replay = Replay(Recording(rules=RULES, players=("Anna", "Boris"), deal=deal, moves=list(MOVES)))
    assert replay.seen_then(0).hands == (cards("TH"), cards("JS KD 9C TC QC AC"))
    assert replay.seen_then(5).hands[1] == cards("9C TC QC AC")  # the draw after move 6 not yet
    assert replay.seen_then(6).hands[1] == cards("9C TC QC AC QD")
    assert replay.seen_then(6).unknown == (5, 1)


def test_the_choice_in_russian_and_not_for_a_full_deck_game() -> None:
    with language("ru"):
        w = ReplayerWidget(Replay(Recording(rules=RULES, players=("Anna", "Boris"), deal=DEAL, moves=list(MOVES))))
    assert w.later is not None and w.later.description == "всё, что известно позже"
    assert w.perspective.options[0][0] == "всё, что было известно тогда"
    full = ReplayerWidget(Replay.load("recordings/annotated-transfer-or-cover.durak"))
    assert full.later is None and full.known_later is False  # no widget more for a full-deck game
