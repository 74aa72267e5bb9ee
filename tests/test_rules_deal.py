"""Rule-id tests for players and the deal: R2 (players, seats, attacks go left), R3 (deal
order, turned-up trump), R4 (first attacker) and R5 (redeal, option ``redeal_five_of_suit``).

Deals use explicit deck orders (top card first), so every hand, talon and trump is exact.
"""

from __future__ import annotations

import functools

import pytest
import rulekit
from rulekit import codes, hands, legal

from durak_nb import Card, Game, Move, Redealt, Rules, RulesError, SetupError, Suit, deck


def full_deck(top: str, size: int = 36) -> list[str]:
    """The deck with the cards of ``top`` first (in that order), then every other card
    of the deck in ascending order."""
    first = top.split()
    return first + [c.code for c in deck(size) if c.code not in first]


#: A small set-up position in the first bout (bout 1, before the first bito: R13c);
#: every card not named goes to the discard (rulekit's setup with these defaults).
setup = functools.partial(rulekit.setup, first_bito_done=False, bout=1)


# ----------------------------------------------------------------------------- R2


@pytest.mark.parametrize(
    ("preset", "deck_size", "most"),
    [("podkidnoy", 36, 6), ("podkidnoy", 24, 4), ("podkidnoy", 52, 8), ("prostoy", 36, 7), ("english", 24, 4)],
)
def test_R2_players_from_two_to_deck_size_over_hand_size(preset: str, deck_size: int, most: int) -> None:
    rules = Rules.make(preset, deck_size=deck_size)
    for count in (2, most):
        g = Game.deal(rules, count, seed=7)
        assert len(g.players) == count
        assert [len(h) for h in g.hands] == [rules.hand_size] * count
    for count in (1, most + 1):
        with pytest.raises(SetupError) as exc:
            Game.deal(rules, count, seed=7)
        assert str(exc.value) == (
            f"[R2] {count} player{'' if count == 1 else 's'}: with {deck_size} cards and hands of {rules.hand_size} "
            f"the game takes 2 to {most} players"
        )


def test_R2_player_names_must_be_unique() -> None:
    with pytest.raises(SetupError, match=r"^\[R2\] 'players' must be unique names$"):
        Game.deal("podkidnoy", ["Anna", "Anna"], seed=1)


@pytest.mark.parametrize(("attacker", "defender"), [("Anna", "Boris"), ("Cid", "Dana"), ("Dana", "Anna")])
def test_R2_every_attack_goes_to_the_left(attacker: str, defender: str) -> None:
    names = ["Anna", "Boris", "Cid", "Dana"]
    g = setup("podkidnoy", names, {"Anna": "6S 7S", "Boris": "6H 7H", "Cid": "6C 7C", "Dana": "6D 7D"}, attacker)
    assert (g.players[g.attacker or 0], g.players[g.defender or 0]) == (attacker, defender)


# ----------------------------------------------------------------------------- R3


def test_R3_deal_one_at_a_time_clockwise_from_left_of_dealer() -> None:
    order = full_deck("QH 7H 6S 6C 6D 7S 7C 7D 8S 8C 8D 9S 9C 9D TS TC TD JS KH")
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Anna")
    # dealer Anna: the first card (QH) goes to Boris, the second (7H) to Cid, the third to Anna
    assert hands(g) == {
        "Anna": "6S 7S 8S 9S TS JS",
        "Boris": "6C 7C 8C 9C TC QH",
        "Cid": "6D 7H 7D 8D 9D TD",
    }
    assert g.dealer == 0


def test_R3_next_card_turned_up_is_trump_and_drawn_last() -> None:
    order = full_deck("QH 7H 6S 6C 6D 7S 7C 7D 8S 8C 8D 9S 9C 9D TS TC TD JS KH")
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Anna")
    assert g.trump == Suit.H
    assert g.trump_card == Card.parse("KH")
    # the talon: the rest of the deck in order, the turned-up KH under it (the last card drawn)
    assert codes(g.talon) == [*order[19:], "KH"]
    assert len(g.talon) == 36 - 18
    assert g.position().to_json()["trump"] == "H"


def test_R3_default_dealer_is_the_last_seat_so_seat_0_gets_the_first_card() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], deck_order=full_deck(""))
    assert hands(g) == {"Anna": "6S 6D 7S 7D 8S 8D", "Boris": "6H 6C 7H 7C 8H 8C"}
    assert g.dealer == 1
    assert g.trump_card == Card.parse("9S")
    assert codes(g.talon)[:3] == ["9H", "9D", "9C"] and codes(g.talon)[-1] == "9S"


def test_R3_hand_size_option_and_simple_durak_deal_five() -> None:
    for rules in (Rules.make("podkidnoy", hand_size=5), Rules.make("prostoy"), Rules.make("english")):
        g = Game.deal(rules, ["Anna", "Boris"], deck_order=full_deck(""))
        assert hands(g) == {"Anna": "6S 6D 7S 7D 8S", "Boris": "6H 6C 7H 7C 8H"}
        assert g.trump_card == Card.parse("8D")
        assert len(g.talon) == 26


def test_R3_no_card_left_trump_chosen_and_recorded() -> None:
    # 6 players x 6 cards of 36: nothing to turn up; the trump is given (as a recording does)
    g = Game.deal("podkidnoy", 6, deck_order=full_deck(""), trump="S")
    assert g.trump == Suit.S and g.trump_card is None and g.talon == []
    assert [len(h) for h in g.hands] == [6] * 6
    # without a trump the seeded generator chooses it: the same seed, the same trump
    a = Game.deal("podkidnoy", 6, seed=5)
    b = Game.deal("podkidnoy", 6, seed=5)
    assert a.trump == b.trump == Suit.H
    assert a.trump_card is None
    assert a.position().to_json()["trump"] == "H"


def test_R3_a_trump_given_where_a_card_is_turned_up_must_agree() -> None:
    with pytest.raises(SetupError) as exc:
        Game.deal("podkidnoy", ["Anna", "Boris"], deck_order=full_deck(""), trump="H")
    assert str(exc.value) == "[R3] the trump is the turned-up card 9♠; leave 'trump' out of the deal"


def test_R3_set_up_talon_ends_with_a_card_of_the_trump_suit() -> None:
    with pytest.raises(SetupError) as exc:
        setup("podkidnoy", ["Anna", "Boris"], {"Anna": "6S", "Boris": "7S"}, "Anna", talon="8S 9H", trump="D")
    assert str(exc.value) == "[R3] the talon's last card 9♥ is the turned-up trump, but trump is ♦"


# ----------------------------------------------------------------------------- R4


def test_R4_holder_of_the_lowest_trump_attacks_first() -> None:
    # trump KH; Boris holds QH, Cid holds 7H: Cid's 7H is the lowest trump
    order = full_deck("QH 7H 6S 6C 6D 7S 7C 7D 8S 8C 8D 9S 9C 9D TS TC TD JS KH")
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Anna")
    assert (g.attacker, g.defender) == (2, 0)
    assert legal(g)[0].startswith("Cid attacks")
    refusal = g.why_illegal(Move.attack(1, "6C"))
    assert refusal is not None and str(refusal) == "[R9] it is Cid's lead, not Boris's"


def test_R4_no_trump_in_any_hand_left_of_dealer_attacks() -> None:
    # trump 6D (turned up); no diamond in any hand; dealer Anna: Boris attacks
    order = full_deck("6S 6H 6C 7S 7H 7C 8S 8H 8C 9S 9H 9C TS TH TC JS JH JC 6D")
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Anna")
    assert g.trump == Suit.D
    assert all(c.suit != Suit.D for h in g.hands for c in h)
    assert (g.attacker, g.defender) == (1, 2)
    # the same deck dealt by Cid: Anna is left of the dealer
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Cid")
    assert (g.attacker, g.defender) == (0, 1)


def test_R4_later_game_loser_deals_and_left_of_loser_attacks() -> None:
    # Boris lost the last game: he deals, Cid (left of him) attacks "из-под дурака"
    order = full_deck("QH 7H 6S 6C 6D 7S 7C 7D 8S 8C 8D 9S 9C 9D TS TC TD JS KH")
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Boris", attacker="Cid")
    assert g.dealer == 1
    assert (g.attacker, g.defender) == (2, 0)
    # explicit first attacker overrides the lowest trump
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Cid"], deck_order=order, dealer="Anna", attacker="Anna")
    assert (g.attacker, g.defender) == (0, 1)


def test_R4_unknown_attacker_and_attacker_without_cards_are_refused() -> None:
    with pytest.raises(SetupError, match=r"^\[R4\] attacker 'Vera' is not a player$"):
        Game.deal("podkidnoy", ["Anna", "Boris"], seed=1, attacker="Vera")
    with pytest.raises(SetupError, match=r"^\[R4\] the attacker Anna holds no cards$"):
        Game.from_position(
            "podkidnoy",
            ["Anna", "Boris", "Cid"],
            hands={"Anna": "", "Boris": "7S", "Cid": "8S"},
            talon="9S",
            trump="S",
            attacker="Anna",
            rest_to_discard=True,
        )


# ----------------------------------------------------------------------------- R5

#: Anna is dealt five spades, Boris five clubs; trump 6D turned up (dealer Boris).
FIVE_OF_A_SUIT = full_deck("6S 6C 7S 7C 8S 8C 9S 9C TS TC 6H 7H 6D")


def test_R5_five_of_a_suit_may_claim_a_redeal() -> None:
    r = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = Game.deal(r, ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT)
    assert hands(g) == {"Anna": "6S 6H 7S 8S 9S TS", "Boris": "6C 7H 7C 8C 9C TC"}
    assert g.attacker == 0  # no trump in hand: left of the dealer
    assert legal(g) == [
        "Anna attacks 10♠",
        "Anna attacks 6♠",
        "Anna attacks 6♠ 6♥",
        "Anna attacks 6♥",
        "Anna attacks 7♠",
        "Anna attacks 8♠",
        "Anna attacks 9♠",
        "Anna claims a redeal",
        "Boris claims a redeal",
    ]


def test_R5_redeal_same_dealer_deals_the_new_shuffle() -> None:
    r = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = Game.deal(r, ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT, dealer="Boris")
    new = full_deck("")  # 6S 6H 6D 6C 7S ...: the turned-up card is 9S
    assert g.play(Move.redeal(1, new)) == [Redealt(1)]
    assert g.dealer == 1
    assert hands(g) == {"Anna": "6S 6D 7S 7D 8S 8D", "Boris": "6H 6C 7H 7C 8H 8C"}
    assert g.trump_card == Card.parse("9S")
    assert (g.attacker, g.bout) == (0, 1)  # R4 again: Anna holds 6S, the lowest trump
    assert codes(g.talon) == [*new[13:], "9S"]


def test_R5_may_be_claimed_during_the_first_bout() -> None:
    r = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = Game.deal(r, ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT)
    g.play(Move.attack(0, "6H"))
    assert legal(g) == [
        "Anna claims a redeal",
        "Anna passes",
        "Anna throws in 6♠",
        "Boris claims a redeal",
        "Boris covers 6♥ with 7♥",
        "Boris takes",
    ]
    g.play(Move.redeal(0, full_deck("")))
    assert g.table == []
    assert hands(g) == {"Anna": "6S 6D 7S 7D 8S 8D", "Boris": "6H 6C 7H 7C 8H 8C"}


def test_R5_refused_without_five_of_a_suit_after_the_first_bout_or_with_option_off() -> None:
    r = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = setup(r, ["Anna", "Boris"], {"Anna": "6S 7S 8S 9S 6H", "Boris": "7H 8H 9C TC JD"}, "Anna")
    refusal = g.why_illegal(Move.redeal(1))
    assert refusal is not None and str(refusal) == "[R5] Boris was not dealt five or more cards of one suit"
    assert g.why_illegal(Move.redeal(0)) is not None  # four spades are not five
    # after the first bout ends: too late
    g = Game.deal(r, ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT)
    g.play(Move.attack(0, "6H"))
    g.play(Move.defend(1, "7H", "6H"))
    g.play(Move.pass_(0))
    assert g.bout == 2
    assert "Anna claims a redeal" not in legal(g)
    refusal = g.why_illegal(Move.redeal(0))
    assert refusal is not None and str(refusal) == "[R5] a redeal may only be claimed before the first bout ends"
    # option off
    g = Game.deal("podkidnoy", ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT)
    assert all("redeal" not in m for m in legal(g))
    refusal = g.why_illegal(Move.redeal(0))
    assert refusal is not None
    assert str(refusal) == "[R5] redeals are not played (option redeal_five_of_suit is off)"


def test_R5_redeal_deck_must_be_the_whole_deck() -> None:
    r = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = Game.deal(r, ["Anna", "Boris"], deck_order=FIVE_OF_A_SUIT)
    refusal = g.why_illegal(Move.redeal(0, full_deck("")[:-1]))
    assert refusal is not None
    assert str(refusal) == "[R5] redeal.deck: 1 card of the 36-card deck is missing: A♣"


def test_R5_option_value_is_checked() -> None:
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", redeal_five_of_suit="yes")
    assert str(exc.value) == '[R5] option redeal_five_of_suit: true or false, not "yes"'
