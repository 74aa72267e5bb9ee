"""Rule-id tests for a bout: R9 (the lead, per preset), R10 (defence), R11 (throw-ins and
throwers), R12 (order and passes), R13a/b/c (limits), R14 (take, вдогонку), R15 (bito)
and R16 (the draw).

Positions are small set-ups (every card not named is in the discard), so each legal-move
set, hand, table and discard below is exact.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from rulekit import hands, legal, refusal, setup, table

from durak_nb import Action, Bito, Card, Drew, Event, Game, LeadPassed, Move, Rules, RulesError, Took


def sorted_codes(cards: Iterable[Card]) -> list[str]:
    """The codes of some cards, sorted by rank then suit."""
    return [c.code for c in sorted(cards)]


def pile(event: Event) -> list[str]:
    """The cards a Took or Bito event moved, sorted (their order on the table is not a rule)."""
    assert isinstance(event, Took | Bito), event
    return sorted_codes(event.cards)


AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cid"]
ABCD = ["Anna", "Boris", "Cid", "Dana"]


# ----------------------------------------------------------------------------- R9


def test_R9_podkidnoy_lead_is_one_or_more_cards_of_one_rank() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 7C 9C", "Boris": "8S 8H 8C AS"}, "Anna")
    assert legal(g) == [
        "Anna attacks 7♠",
        "Anna attacks 7♠ 7♣",
        "Anna attacks 7♠ 7♥",
        "Anna attacks 7♠ 7♥ 7♣",
        "Anna attacks 7♣",
        "Anna attacks 7♥",
        "Anna attacks 7♥ 7♣",
        "Anna attacks 9♣",
    ]
    assert refusal(g, Move.attack(0, "7S 9C")) == "[R9] a lead is one or more cards of one rank"
    assert refusal(g, Move.attack(0, "AS")) == "[R9] Anna does not hold A♠"
    g.play(Move.attack(0, "7S 7H 7C"))
    assert table(g) == [("7S", None), ("7H", None), ("7C", None)]


def test_R9_only_the_attacker_leads_and_only_on_an_empty_table() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H", "Boris": "8S 8H"}, "Anna")
    assert refusal(g, Move.attack(1, "8S")) == "[R9] it is Anna's lead, not Boris's"
    assert refusal(g, Move.pass_(0)) == "[R9] the table is empty: Anna must lead first"
    assert refusal(g, Move.take(1)) == "[R9] the table is empty: Anna must lead first"
    assert refusal(g, Move.throw(0, "7S")) == "[R9] the table is empty: Anna must lead first"
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.attack(0, "7H")) == "[R9] the bout is already led: add cards with a throw-in"


def test_R9_perevodnoy_and_japanese_lead_like_podkidnoy() -> None:
    for preset in ("perevodnoy", "japanese"):
        g = setup(preset, AB, {"Anna": "7S 7H 9C", "Boris": "8S 8H 8C"}, "Anna")
        assert legal(g) == [
            "Anna attacks 7♠",
            "Anna attacks 7♠ 7♥",
            "Anna attacks 7♥",
            "Anna attacks 9♣",
        ]


def test_R9_prostoy_lead_is_one_card_or_a_pair() -> None:
    g = setup("prostoy", ABC, {"Anna": "7S 7H 7C 9S", "Boris": "8S 8H 9H TH", "Cid": "6C TC JC"}, "Anna")
    assert legal(g) == [
        "Anna attacks 7♠",
        "Anna attacks 7♠ 7♣",
        "Anna attacks 7♠ 7♥",
        "Anna attacks 7♣",
        "Anna attacks 7♥",
        "Anna attacks 7♥ 7♣",
        "Anna attacks 9♠",
    ]
    assert refusal(g, Move.attack(0, "7S 7H 7C")) == "[R9] in simple durak the lead is one card or a pair"


def test_R9_english_lead_is_a_pair_only() -> None:
    g = setup("english", ABC, {"Anna": "7S 7H 7C 9S", "Boris": "8S 8H 9H TH", "Cid": "6C TC JC"}, "Anna")
    assert legal(g) == ["Anna attacks 7♠ 7♣", "Anna attacks 7♠ 7♥", "Anna attacks 7♥ 7♣"]
    assert (
        refusal(g, Move.attack(0, "9S")) == "[R9] in english durak the lead is a pair: Anna holds one and must lead it"
    )
    assert refusal(g, Move.attack(0, "7S 7H 7C")) == (
        "[R9] in english durak the lead is a pair: Anna holds one and must lead it"
    )
    assert refusal(g, Move.pass_(0)) == "[R9] Anna holds a pair and must lead it"


def test_R9_english_no_pair_passes_the_lead_to_the_left() -> None:
    g = setup("english", ABC, {"Anna": "7S 8S 9S", "Boris": "7H 7C 9H", "Cid": "6C 8C 9C"}, "Anna")
    assert legal(g) == ["Anna passes"]
    assert g.play(Move.pass_(0)) == [LeadPassed(0, 1)]
    assert (g.attacker, g.defender) == (1, 2)
    assert legal(g) == ["Boris attacks 7♥ 7♣"]
    assert hands(g) == {"Anna": "7S 8S 9S", "Boris": "7H 7C 9H", "Cid": "6C 8C 9C"}


def test_R9_english_defender_with_fewer_than_two_cards_attacker_passes() -> None:
    g = setup("english", AB, {"Anna": "7S 7H 9S", "Boris": "AD"}, "Anna")
    assert legal(g) == ["Anna passes"]
    g.play(Move.pass_(0))
    assert (g.attacker, g.defender) == (1, 0)
    assert legal(g) == ["Boris passes"]
    g.play(Move.pass_(1))
    # everyone holding cards passed in a row: a single card may now be led
    assert (g.attacker, g.defender) == (0, 1)
    assert legal(g) == ["Anna attacks 7♠", "Anna attacks 7♥", "Anna attacks 9♠"]


def test_R9_english_everyone_passed_the_lead_then_a_single_card() -> None:
    g = setup("english", ABC, {"Anna": "7S 8S 9S", "Boris": "7H 8C 9H", "Cid": "6C TC JC"}, "Anna")
    assert g.play(Move.pass_(0)) == [LeadPassed(0, 1)]
    assert g.play(Move.pass_(1)) == [LeadPassed(1, 2)]
    assert g.play(Move.pass_(2)) == [LeadPassed(2, 0)]
    assert (g.attacker, g.defender) == (0, 1)
    assert legal(g) == ["Anna attacks 7♠", "Anna attacks 8♠", "Anna attacks 9♠"]
    assert refusal(g, Move.pass_(0)) == "[R9] every player has passed the lead: now a single card must be led"
    g.play(Move.attack(0, "8S"))
    assert legal(g) == ["Boris takes"]  # no throw-ins in english durak
    assert g.play(Move.take(1)) == [Took(1, (Card.parse("8S"),))]
    assert hands(g) == {"Anna": "7S 9S", "Boris": "7H 8S 8C 9H", "Cid": "6C TC JC"}
    # a new bout: pairs only again (Cid has none: he passes)
    assert (g.attacker, g.defender) == (2, 0)
    assert legal(g) == ["Cid passes"]


# ----------------------------------------------------------------------------- R10


def test_R10_defender_beats_uncovered_cards_in_any_order() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H", "Boris": "8S 8H 6D"}, "Anna")
    g.play(Move.attack(0, "7S 7H"))
    assert legal(g, "Boris") == [
        "Boris covers 7♠ with 6♦",
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♥ with 6♦",
        "Boris covers 7♥ with 8♥",
        "Boris takes",
    ]
    g.play(Move.defend(1, "8H", "7H"))  # the second card first
    assert table(g) == [("7S", None), ("7H", "8H")]
    assert legal(g, "Boris") == ["Boris covers 7♠ with 6♦", "Boris covers 7♠ with 8♠", "Boris takes"]


def test_R10_each_defence_card_covers_exactly_one_uncovered_attack_card() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 7H", "Boris": "8S 8H 6D", "Cid": "9S"}, "Anna")
    g.play(Move.attack(0, "7S 7H"))
    g.play(Move.defend(1, "8H", "7H"))
    assert refusal(g, Move.defend(1, "6D", "7H")) == "[R10] 7♥ is already covered"
    assert refusal(g, Move.defend(1, "6D", "9S")) == "[R10] 9♠ is not an attack card on the table"
    assert refusal(g, Move.defend(1, "AS", "7S")) == "[R10] Boris does not hold A♠"
    assert refusal(g, Move(1, Action.DEFEND, (Card.parse("8S"), Card.parse("6D")), Card.parse("7S"))) == (
        "[R10] a defence covers exactly one attack card with one card"
    )
    assert refusal(g, Move.defend(2, "9S", "7S")) == "[R10] only the defender Boris may defend"
    assert refusal(g, Move.take(0)) == "[R10] only the defender Boris may take"
    assert refusal(g, Move.pass_(1)) == "[R11] the defender cannot throw in or pass; they cover, transfer or take"


# ----------------------------------------------------------------------------- R11


def test_R11_throw_in_ranks_of_attack_or_defence_cards_any_suit() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7C 8D 9H AS", "Boris": "8S 9S TH JH QH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 7♣"]
    g.play(Move.defend(1, "8S", "7S"))
    # ranks on the table: 7 (attack) and 8 (defence), any suit
    assert legal(g, "Anna") == [
        "Anna passes",
        "Anna throws in 7♣",
        "Anna throws in 7♣ 8♦",
        "Anna throws in 8♦",
    ]
    assert refusal(g, Move.throw(0, "9H")) == "[R11] 9♥: only ranks already on the table may be thrown in"
    assert refusal(g, Move.throw(0, "7C 9H")) == "[R11] 9♥: only ranks already on the table may be thrown in"
    g.play(Move.throw(0, "7C 8D"))
    assert table(g) == [("7S", "8S"), ("7C", None), ("8D", None)]


def test_R11_throwers_are_all_players_with_cards_except_the_defender() -> None:
    g = setup(
        "podkidnoy",
        ["Anna", "Boris", "Cid", "Dana", "Eve"],
        {"Anna": "7S 8S", "Boris": "9S TS JS", "Cid": "7H 8H", "Dana": "7C 9C", "Eve": ""},
        "Anna",
        talon="AD",
    )
    assert g.throwers() == [0, 2, 3]  # Eve holds no cards (she will draw: R24)
    g.play(Move.attack(0, "7S"))
    g.play(Move.pass_(0))
    assert legal(g) == [
        "Boris covers 7♠ with 10♠",
        "Boris covers 7♠ with 9♠",
        "Boris covers 7♠ with J♠",
        "Boris takes",
        "Cid passes",
        "Cid throws in 7♥",
        "Dana passes",
        "Dana throws in 7♣",
    ]
    assert refusal(g, Move.pass_(4)) == "[R11] Eve holds no cards"


FIVE = ["Anna", "Boris", "Cid", "Dana", "Eve"]
FIVE_HANDS = {"Anna": "7S 8S", "Boris": "9S TS JS", "Cid": "7H 8H", "Dana": "7C 9C", "Eve": "7D 6D"}


def test_R11_neighbours_only_over_4_with_five_players() -> None:
    r = Rules.make("podkidnoy", neighbours_only_over_4=True)
    g = setup(r, FIVE, FIVE_HANDS, "Anna")
    assert g.throwers() == [0, 2]  # Boris's neighbours: Anna and Cid
    g.play(Move.attack(0, "7S"))
    g.play(Move.pass_(0))
    assert legal(g) == [
        "Boris covers 7♠ with 10♠",
        "Boris covers 7♠ with 9♠",
        "Boris covers 7♠ with J♠",
        "Boris takes",
        "Cid passes",
        "Cid throws in 7♥",
    ]
    for seat, card in ((3, "7C"), (4, "7D")):
        assert refusal(g, Move.throw(seat, card)) == (
            "[R11] only the defender's neighbours may throw in with more than 4 players"
        )
    # the option off: every player but the defender throws in
    g = setup("podkidnoy", FIVE, FIVE_HANDS, "Anna")
    assert g.throwers() == [0, 2, 3, 4]


def test_R11_neighbours_only_over_4_with_six_players() -> None:
    r = Rules.make("podkidnoy", neighbours_only_over_4=True)
    names = [*FIVE, "Fay"]
    g = setup(r, names, {**FIVE_HANDS, "Fay": "6C 6H"}, "Cid")
    assert (g.attacker, g.defender) == (2, 3)
    assert g.throwers() == [2, 4]  # Dana's neighbours: Cid and Eve
    g.play(Move.attack(2, "7H"))
    g.play(Move.pass_(2))
    assert legal(g) == ["Dana takes", "Eve passes", "Eve throws in 7♦"]


def test_R11_neighbours_only_over_4_not_with_four_left_in_the_game() -> None:
    # five seats, Dana is out: four players are left in the game, so all throw in
    r = Rules.make("podkidnoy", neighbours_only_over_4=True)
    g = setup(r, FIVE, {**FIVE_HANDS, "Dana": ""}, "Anna", out=("Dana",))
    assert g.throwers() == [0, 2, 4]


@pytest.mark.parametrize("preset", ["prostoy", "english"])
def test_R11_simple_and_english_durak_have_no_throw_ins(preset: str) -> None:
    g = setup(preset, ABC, {"Anna": "7S 7H 9S", "Boris": "8S 8H AD", "Cid": "7C 8C"}, "Anna")
    g.play(Move.attack(0, "7S 7H"))
    assert g.throwers() == []
    assert legal(g) == [
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with A♦",
        "Boris covers 7♥ with 8♥",
        "Boris covers 7♥ with A♦",
        "Boris takes",
    ]
    assert refusal(g, Move.throw(2, "7C")) == (
        f"[R11] no throw-ins in {preset} durak: the bout ends when the lead is beaten or taken"
    )
    g.play(Move.defend(1, "8S", "7S"))
    events = g.play(Move.defend(1, "8H", "7H"))
    assert [type(e) for e in events] == [Bito]
    assert pile(events[0]) == ["7S", "7H", "8S", "8H"]
    assert (g.attacker, g.defender) == (1, 2)


# ----------------------------------------------------------------------------- R12


def three_player_bout() -> Game:
    """Anna leads 7♠ on Boris; Cid waits for Anna's pass (R12)."""
    g = setup("podkidnoy", ABC, {"Anna": "7S 7D 9S", "Boris": "8S 9D TS", "Cid": "7H 8H 6C"}, "Anna")
    g.play(Move.attack(0, "7S"))
    return g


def test_R12_attacker_has_the_first_right_others_wait() -> None:
    g = three_player_bout()
    assert legal(g) == [
        "Anna passes",
        "Anna throws in 7♦",
        "Boris covers 7♠ with 10♠",
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with 9♦",
        "Boris takes",
    ]
    wait = "[R12] Anna has the first right: Cid waits until Anna passes"
    assert refusal(g, Move.throw(2, "7H")) == wait
    assert refusal(g, Move.pass_(2)) == wait


def test_R12_once_the_attacker_passed_any_thrower_may_throw() -> None:
    g = three_player_bout()
    assert g.play(Move.pass_(0)) == []
    assert legal(g) == [
        "Boris covers 7♠ with 10♠",
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with 9♦",
        "Boris takes",
        "Cid passes",
        "Cid throws in 7♥",
    ]
    assert refusal(g, Move.throw(0, "7D")) == "[R12] Anna has passed; they may act again once another card is laid"
    g.play(Move.throw(2, "7H"))
    # a card was laid: everyone may throw again, the attacker without waiting
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 7♦"]
    assert legal(g, "Cid") == ["Cid passes"]


def test_R12_a_defence_card_lets_everyone_throw_again() -> None:
    g = three_player_bout()
    g.play(Move.pass_(0))
    g.play(Move.pass_(2))
    assert refusal(g, Move.pass_(2)) == "[R12] Cid has passed; they may act again once another card is laid"
    events = g.play(Move.defend(1, "8S", "7S"))
    assert events == []  # not bito yet: everyone must pass again
    assert legal(g) == [
        "Anna passes",
        "Anna throws in 7♦",
        "Cid passes",
        "Cid throws in 7♥",
        "Cid throws in 7♥ 8♥",
        "Cid throws in 8♥",
    ]


def test_R12_pass_is_the_only_move_of_a_thrower_with_nothing_to_throw() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 9S", "Boris": "8S 9D TS", "Cid": "6C JH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g, "Anna") == ["Anna passes"]
    g.play(Move.pass_(0))
    assert legal(g, "Cid") == ["Cid passes"]
    g.play(Move.defend(1, "8S", "7S"))
    assert legal(g, "Anna") == ["Anna passes"]
    assert legal(g, "Cid") == ["Cid passes"]
    assert g.play(Move.pass_(0)) == []  # Cid has not passed: no bito yet
    events = g.play(Move.pass_(2))
    assert [type(e) for e in events] == [Bito]


def test_R12_attacker_without_cards_others_throw_at_once() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S", "Boris": "8S 9D TS", "Cid": "7H 6C"}, "Anna", talon="AH 6D")
    g.play(Move.attack(0, "7S"))
    assert g.throwers() == [2]
    assert legal(g, "Cid") == ["Cid passes", "Cid throws in 7♥"]


# ----------------------------------------------------------------------------- R13


def test_R13a_at_most_six_attack_cards_in_a_bout() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 7C 7D 8S 8H 8C", "Boris": "8D 9D TD JD QD KD AD AS"}, "Anna")
    g.play(Move.attack(0, "7S 7H 7C"))
    g.play(Move.defend(1, "8D", "7S"))
    g.play(Move.throw(0, "8S 8H 8C"))
    assert len(g.table) == 6
    assert legal(g, "Anna") == ["Anna passes"]
    assert refusal(g, Move.throw(0, "7D")) == "[R13a] a bout holds at most 6 attack cards"


def test_R13a_bout_limit_option() -> None:
    r = Rules.make("podkidnoy", bout_limit=4)
    g = setup(r, AB, {"Anna": "7S 7H 7C 8S 8H", "Boris": "8D 9D TD JD QD KD"}, "Anna")
    g.play(Move.attack(0, "7S 7H 7C"))
    g.play(Move.defend(1, "8D", "7S"))
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 8♠", "Anna throws in 8♥"]
    assert refusal(g, Move.throw(0, "8S 8H")) == "[R13a] a bout holds at most 4 attack cards"


def test_R13b_lead_never_more_than_the_defender_holds() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 7C", "Boris": "8S 8H"}, "Anna")
    assert legal(g) == [
        "Anna attacks 7♠",
        "Anna attacks 7♠ 7♣",
        "Anna attacks 7♠ 7♥",
        "Anna attacks 7♣",
        "Anna attacks 7♥",
        "Anna attacks 7♥ 7♣",
    ]
    assert refusal(g, Move.attack(0, "7S 7H 7C")) == (
        "[R13b] Boris holds 2 cards; no more than that may lie uncovered before Boris"
    )


def test_R13b_defender_with_three_cards_takes_only_two_more_follow() -> None:
    # seed 000: "если у игрока три карты, ему положили одну, и он решил её принять,
    # то ему можно добавить только две вдогонку"
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 7C 7D KS", "Boris": "8S 9S TS"}, "Anna", trump="C")
    g.play(Move.attack(0, "7S"))
    assert g.play(Move.take(1)) == []
    assert legal(g) == [
        "Anna passes",
        "Anna throws in 7♣",
        "Anna throws in 7♥",
        "Anna throws in 7♥ 7♣",
        "Anna throws in 7♥ 7♦",
        "Anna throws in 7♦",
        "Anna throws in 7♦ 7♣",
    ]
    assert refusal(g, Move.throw(0, "7H 7D 7C")) == (
        "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so only 2 more may follow"
    )
    g.play(Move.throw(0, "7H 7D"))
    assert legal(g) == ["Anna passes"]
    assert refusal(g, Move.throw(0, "7C")) == (
        "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow"
    )
    events = g.play(Move.pass_(0))
    assert [type(e) for e in events] == [Took]
    assert hands(g) == {"Anna": "7C KS", "Boris": "7S 7H 7D 8S 9S TS"}


def test_R13b_uncovered_cards_never_more_than_the_defender_holds() -> None:
    # Boris held 3 at the start: after covering one (2 left), two more may be thrown in
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 7C 7D", "Boris": "8S 9S TS"}, "Anna", trump="C")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    assert legal(g) == [
        "Anna passes",
        "Anna throws in 7♣",
        "Anna throws in 7♥",
        "Anna throws in 7♥ 7♣",
        "Anna throws in 7♥ 7♦",
        "Anna throws in 7♦",
        "Anna throws in 7♦ 7♣",
    ]
    assert g.room() == 2


def first_bout_sevens(rules: Rules | str, bout: int = 1) -> Game:
    """Before the first bito (R13c), bout ``bout``: Anna (7S 7H 7C 7D 8S 8H) leads
    against Boris (8C 9H 9C 9D TS JS), clubs trump (the R13c tests' position)."""
    return setup(
        rules,
        AB,
        {"Anna": "7S 7H 7C 7D 8S 8H", "Boris": "8C 9H 9C 9D TS JS"},
        "Anna",
        trump="C",
        first_bito_done=False,
        bout=bout,
    )


def test_R13c_first_bout_holds_five_cards_while_defending() -> None:
    g = first_bout_sevens("podkidnoy")
    assert g.limit() == 5
    g.play(Move.attack(0, "7S 7H 7C 7D"))
    g.play(Move.defend(1, "8C", "7S"))
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 8♠", "Anna throws in 8♥"]
    assert refusal(g, Move.throw(0, "8S 8H")) == (
        "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends"
    )


def test_R13c_after_take_the_sixth_card_may_follow() -> None:
    # seed 000: "если игрок не отбивается то можно подкинуть «вдогонку» 6-ю карту"
    g = first_bout_sevens("podkidnoy")
    g.play(Move.attack(0, "7S 7H 7C 7D"))
    g.play(Move.defend(1, "8C", "7S"))
    g.play(Move.take(1))
    assert g.limit() == 6
    assert legal(g) == ["Anna passes", "Anna throws in 8♠", "Anna throws in 8♠ 8♥", "Anna throws in 8♥"]
    events = g.play(Move.throw(0, "8S 8H"))
    # Anna threw her last cards: no thrower is left, Boris picks up all seven cards
    assert [type(e) for e in events][:1] == [Took]
    assert pile(events[0]) == ["7S", "7H", "7D", "7C", "8S", "8H", "8C"]
    assert hands(g)["Boris"] == "7S 7H 7D 7C 8S 8H 8C 9H 9D 9C TS JS"


def test_R13c_first_bout_limit_option_six() -> None:
    r = Rules.make("podkidnoy", first_bout_limit=6)
    g = first_bout_sevens(r, bout=2)  # rulekit's default bout, as before
    assert g.limit() == 6
    g.play(Move.attack(0, "7S 7H 7C 7D"))
    g.play(Move.defend(1, "8C", "7S"))
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 8♠", "Anna throws in 8♠ 8♥", "Anna throws in 8♥"]


def test_R13c_limit_stays_after_a_take_and_lifts_after_the_first_bito() -> None:
    g = setup(
        "podkidnoy",
        AB,
        {"Anna": "6S 7S 7H AC", "Boris": "6H 8S 9S TS JS QS KS"},
        "Anna",
        talon="AD",
        first_bito_done=False,
        bout=1,
    )
    g.play(Move.attack(0, "6S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))  # bout 1 ends in take: the first bito is still to come
    assert (g.bout, g.first_bito_done, g.limit()) == (2, False, 5)
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    g.play(Move.pass_(0))  # bito
    assert (g.bout, g.first_bito_done, g.limit()) == (3, True, 6)


def test_R13c_option_value_is_checked() -> None:
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", first_bout_limit=4)
    assert str(exc.value) == "[R13c] option first_bout_limit: 5 or 6, not 4"
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", bout_limit=0)
    assert str(exc.value) == "[R13a] option bout_limit: between 1 and 36, not 0"


# ----------------------------------------------------------------------------- R14


def test_R14_take_then_throw_ins_and_defender_picks_up_everything() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 7H 8D", "Boris": "8S 9C TC", "Cid": "7C 8H JD"}, "Anna", talon="QS AD")
    g.play(Move.attack(0, "7S 7H"))
    g.play(Move.defend(1, "8S", "7S"))
    assert g.play(Move.take(1)) == []
    assert refusal(g, Move.defend(1, "9C", "7H")) == "[R14] Boris has declared take and may only wait for throw-ins"
    assert refusal(g, Move.take(1)) == "[R14] Boris has declared take and may only wait for throw-ins"
    # R13b after take: Boris holds 2 with 1 uncovered, so one more card may follow
    assert legal(g) == ["Anna passes", "Anna throws in 8♦"]
    g.play(Move.pass_(0))
    assert legal(g) == ["Cid passes", "Cid throws in 7♣", "Cid throws in 8♥"]
    g.play(Move.throw(2, "8H"))
    assert legal(g) == ["Anna passes", "Cid passes"]
    assert g.play(Move.pass_(0)) == []
    events = g.play(Move.pass_(2))
    assert [type(e) for e in events] == [Took, Drew]
    assert isinstance(events[0], Took) and events[0].player == 1
    assert pile(events[0]) == ["7S", "7H", "8S", "8H"]
    assert events[1] == Drew(0, (Card.parse("QS"), Card.parse("AD")))
    assert hands(g) == {"Anna": "8D QS AD", "Boris": "7S 7H 8S 8H 9C TC", "Cid": "7C JD"}
    # Boris loses the next attack: Cid (left of Boris) attacks Anna
    assert (g.attacker, g.defender) == (2, 0)


# ----------------------------------------------------------------------------- R15


def test_R15_bito_when_every_card_is_covered_and_every_thrower_passed() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 7H 9C", "Boris": "8S 8H TC"}, "Anna", first_bito_done=False, bout=1)
    discard_before = list(g.discard)
    assert len(discard_before) == 36 - 6
    g.play(Move.attack(0, "7S 7H"))
    g.play(Move.defend(1, "8S", "7S"))
    assert g.play(Move.pass_(0)) == []  # 7H is not covered: no bito
    assert legal(g) == ["Boris covers 7♥ with 8♥", "Boris takes"]
    assert g.play(Move.defend(1, "8H", "7H")) == []  # Anna must pass again (R12)
    events = g.play(Move.pass_(0))
    assert [type(e) for e in events] == [Bito]
    assert pile(events[0]) == ["7S", "7H", "8S", "8H"]
    assert g.table == []
    assert sorted(g.discard) == sorted([*discard_before, *(Card.parse(c) for c in ("7S", "7H", "8S", "8H"))])
    assert len(g.discard) == 36 - 2
    assert g.first_bito_done is True
    assert hands(g) == {"Anna": "9C", "Boris": "TC"}
    assert (g.attacker, g.defender) == (1, 0)  # R23: the defender attacks next


def test_R15_nothing_to_take_when_every_card_is_covered() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 9C", "Boris": "8S TC", "Cid": "6H"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    assert refusal(g, Move.take(1)) == "[R15] every card is covered: there is nothing to take"
    assert legal(g) == ["Anna passes"]


# ----------------------------------------------------------------------------- R16


def test_R16_draw_order_attacker_then_clockwise_defender_last_with_a_short_talon() -> None:
    g = setup(
        "podkidnoy",
        ABCD,
        {
            "Anna": "7S 7H JC QC KC AC",
            "Boris": "8S 8H 9C JS QS KS",
            "Cid": "8C JH QH KH AH AS",
            "Dana": "6C 6H 6S TS TH",
        },
        "Anna",
        talon="9S 9H TC 7D JD",
    )
    g.play(Move.attack(0, "7S 7H"))
    g.play(Move.defend(1, "8S", "7S"))
    g.play(Move.defend(1, "8H", "7H"))
    g.play(Move.pass_(0))
    g.play(Move.throw(2, "8C"))
    g.play(Move.defend(1, "9C", "8C"))
    g.play(Move.pass_(0))
    g.play(Move.pass_(2))
    events = g.play(Move.pass_(3))
    assert events[1:] == [
        Drew(0, (Card.parse("9S"), Card.parse("9H"))),
        Drew(2, (Card.parse("TC"),)),
        Drew(3, (Card.parse("7D"),)),
        Drew(1, (Card.parse("JD"),)),  # the defender last, and the talon ran out
    ]
    assert hands(g) == {
        "Anna": "9S 9H JC QC KC AC",
        "Boris": "JS JD QS KS",
        "Cid": "TC JH QH KH AS AH",
        "Dana": "6S 6H 6C 7D TS TH",
    }
    assert g.talon == []


def test_R16_a_player_with_hand_size_or_more_draws_nothing() -> None:
    g = setup(
        "podkidnoy",
        ABC,
        {"Anna": "7S 9C TC JC QC KC", "Boris": "6S 6H 6C 8H 8C 9H", "Cid": "7H 8D 9D TD JD QD"},
        "Anna",
        talon="AS AH AC AD",
    )
    g.play(Move.attack(0, "7S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))
    events = g.play(Move.pass_(2))
    # Anna draws one; Cid holds 6 and Boris 7: they draw nothing
    assert events == [Took(1, (Card.parse("7S"),)), Drew(0, (Card.parse("AS"),))]
    assert [len(h) for h in g.hands] == [6, 7, 6]
    assert [c.code for c in g.talon] == ["AH", "AC", "AD"]


def test_R16_the_turned_up_trump_is_the_last_card_drawn() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S 9C", "Boris": "8S TC"}, "Anna", talon="AS KH 6D")
    assert g.trump_card == Card.parse("6D")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    events = g.play(Move.pass_(0))
    assert events[1:] == [Drew(0, (Card.parse("AS"), Card.parse("KH"), Card.parse("6D")))]
    assert hands(g) == {"Anna": "6D 9C KH AS", "Boris": "TC"}


# ----------------------------------------------------------------------------- presets


@pytest.mark.parametrize(
    ("preset", "hand", "throw_ins", "transfers", "lead", "japanese"),
    [
        ("podkidnoy", 6, True, False, "any", False),
        ("perevodnoy", 6, True, True, "any", False),
        ("prostoy", 5, False, False, "single_or_pair", False),
        ("english", 5, False, False, "pair", False),
        ("japanese", 6, True, False, "any", True),
    ],
)
def test_R9_variants_table(preset: str, hand: int, throw_ins: bool, transfers: bool, lead: str, japanese: bool) -> None:
    r = Rules.make(preset)
    assert (r.hand_size, r.throw_ins, r.transfers, r.lead_style, r.japanese) == (
        hand,
        throw_ins,
        transfers,
        lead,
        japanese,
    )


def test_R14_prostoy_take_ends_the_bout_at_once() -> None:
    g = setup("prostoy", ABC, {"Anna": "7S 7H 9S", "Boris": "8C 9C", "Cid": "7C 7D"}, "Anna", talon="AS 6D")
    g.play(Move.attack(0, "7S 7H"))
    events = g.play(Move.take(1))
    assert isinstance(events[0], Took) and events[0].player == 1
    assert pile(events[0]) == ["7S", "7H"]
    assert events[1:] == [Drew(0, (Card.parse("AS"), Card.parse("6D")))]
    assert hands(g) == {"Anna": "6D 9S AS", "Boris": "7S 7H 8C 9C", "Cid": "7D 7C"}
    assert (g.attacker, g.defender) == (2, 0)
