"""Rule-id tests for transfers (перевод, preset ``perevodnoy``): R17 (transfer to the
left, the transferring player becomes the attacker), R18 (when a transfer is illegal),
R19 (no transfer in the first bout; option ``transfer_first_bout``), R20 (shown-trump
transfer, проездной, option ``show_trump_transfer``) and R21 (two players).
"""

from __future__ import annotations

from rulekit import hands, legal, refusal, setup, table

from durak_nb import Card, Drew, Move, Rules, Took

ABC = ["Anna", "Boris", "Cid"]
ROUND = {"Anna": "7S 8S 9S TS", "Boris": "7H 8H 9H TH", "Cid": "7C 8C 9C TC"}


# ----------------------------------------------------------------------------- R17


def test_R17_defender_lays_a_card_of_the_attack_rank_and_passes_the_bout_left() -> None:
    g = setup("perevodnoy", ABC, ROUND, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Anna passes", "Boris takes", "Boris transfers 7♥"]
    assert g.play(Move.transfer(1, "7H")) == []
    assert table(g) == [("7S", None), ("7H", None)]
    assert (g.attacker, g.defender) == (1, 2)
    assert hands(g) == {"Anna": "8S 9S TS", "Boris": "8H 9H TH", "Cid": "7C 8C 9C TC"}
    assert legal(g) == ["Boris passes", "Cid takes", "Cid transfers 7♣"]


def test_R17_transfer_passed_on_twice_comes_round_to_the_first_attacker() -> None:
    g = setup("perevodnoy", ABC, ROUND, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    g.play(Move.transfer(2, "7C"))
    assert table(g) == [("7S", None), ("7H", None), ("7C", None)]
    assert (g.attacker, g.defender) == (2, 0)
    assert legal(g) == [
        "Anna covers 7♠ with 10♠",
        "Anna covers 7♠ with 8♠",
        "Anna covers 7♠ with 9♠",
        "Anna takes",
        "Cid passes",
    ]
    g.play(Move.take(0))
    g.play(Move.pass_(2))
    events = g.play(Move.pass_(1))
    assert [type(e) for e in events] == [Took]
    assert hands(g) == {"Anna": "7S 7H 7C 8S 9S TS", "Boris": "8H 9H TH", "Cid": "8C 9C TC"}
    assert (g.attacker, g.defender) == (1, 2)  # R23: left of the taker


def test_R17_transferring_player_becomes_the_attacker_for_R12() -> None:
    g = setup("perevodnoy", ABC, {**ROUND, "Anna": "7S 7D 9S TS"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    # Anna led, but now Boris has the first right to throw in
    assert legal(g, "Anna") == []
    assert refusal(g, Move.throw(0, "7D")) == "[R12] Boris has the first right: Anna waits until Boris passes"
    g.play(Move.pass_(1))
    assert legal(g, "Anna") == ["Anna passes", "Anna throws in 7♦"]


def test_R17_transfer_goes_to_the_next_player_with_cards() -> None:
    names = ["Anna", "Boris", "Cid", "Dana"]
    g = setup(
        "perevodnoy", names, {"Anna": "7S 8S", "Boris": "7H 8H", "Cid": "", "Dana": "9C TC"}, "Anna", out=("Cid",)
    )
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Anna passes", "Boris takes", "Boris transfers 7♥"]
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender) == (1, 3)  # Cid is out: Dana defends
    assert legal(g) == ["Boris passes", "Dana takes"]


def test_R17_no_transfer_without_a_player_to_take_it() -> None:
    # two players, Anna leads her last card with the talon empty: nobody to transfer to
    g = setup("perevodnoy", ["Anna", "Boris"], {"Anna": "7S", "Boris": "7H 8H"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Boris takes"]
    assert refusal(g, Move.transfer(1, "7H")) == "[R17] no player to the left holds cards to take the transfer"


def test_R17_transfer_needs_cards_of_the_attack_rank() -> None:
    g = setup("perevodnoy", ABC, ROUND, "Anna")
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.transfer(1, "8H")) == "[R17] a transfer must use cards of the attack rank 7"
    assert refusal(g, Move.transfer(1, "7C")) == "[R17] Boris does not hold 7♣"


def test_R17_no_transfers_outside_perevodnoy() -> None:
    for preset in ("podkidnoy", "japanese", "prostoy", "english"):
        g = setup(preset, ABC, {"Anna": "7S 7D", "Boris": "7H 7C", "Cid": "8C 9C"}, "Anna")
        g.play(Move.attack(0, "7S 7D"))
        assert not any("transfers" in m for m in legal(g))
        assert refusal(g, Move.transfer(1, "7H")) == (
            f"[R17] no transfers in {preset}: transfers are played in perevodnoy"
        )


def test_R17_with_R16_the_bouts_first_attacker_draws_first() -> None:
    g = setup(
        "perevodnoy",
        ABC,
        {"Anna": "7S 8S 9S TS JS QS", "Boris": "7H 8H 9H TH JH QH", "Cid": "7C 8C 9C TC JC QC"},
        "Anna",
        talon="6D",
    )
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    g.play(Move.take(2))
    g.play(Move.pass_(1))
    events = g.play(Move.pass_(0))
    # Anna led the bout: she draws the only card, though Boris was the attacker at the end
    assert events[1:] == [Drew(0, (Card.parse("6D"),))]
    assert hands(g) == {
        "Anna": "6D 8S 9S TS JS QS",
        "Boris": "8H 9H TH JH QH",
        "Cid": "7S 7H 7C 8C 9C TC JC QC",
    }
    assert (g.attacker, g.defender) == (0, 1)


# ----------------------------------------------------------------------------- R18


def test_R18_no_transfer_once_an_attack_card_is_covered() -> None:
    g = setup("perevodnoy", ABC, {"Anna": "7S 7C 9S", "Boris": "7H 8S 9H TH", "Cid": "7D 8C 9C TC"}, "Anna", trump="C")
    g.play(Move.attack(0, "7S 7C"))
    assert legal(g, "Boris") == ["Boris covers 7♠ with 8♠", "Boris takes", "Boris transfers 7♥"]
    g.play(Move.defend(1, "8S", "7S"))
    assert legal(g, "Boris") == ["Boris takes"]
    assert refusal(g, Move.transfer(1, "7H")) == "[R18] no transfer once an attack card is covered"


def test_R18_next_defender_may_not_face_more_cards_than_they_hold() -> None:
    g = setup("perevodnoy", ABC, {"Anna": "7S 7C 9S", "Boris": "7H 7D 9H", "Cid": "8C 9C"}, "Anna", trump="C")
    g.play(Move.attack(0, "7S"))
    # Cid holds 2: 7S with 7H or with 7D may go to him, but not three cards
    assert legal(g, "Boris") == ["Boris takes", "Boris transfers 7♥", "Boris transfers 7♦"]
    assert refusal(g, Move.transfer(1, "7H 7D")) == (
        "[R18] Cid holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)"
    )
    g.play(Move.throw(0, "7C"))
    assert legal(g, "Boris") == ["Boris takes"]
    assert refusal(g, Move.transfer(1, "7H")) == (
        "[R18] Cid holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)"
    )


def test_R18_transfer_may_not_pass_the_bout_limit() -> None:
    r = Rules.make("perevodnoy", bout_limit=3)
    g = setup(r, ABC, {"Anna": "7S 7C 9S", "Boris": "7H 7D 9H", "Cid": "8C 9C TC JC QC"}, "Anna", trump="C")
    g.play(Move.attack(0, "7S 7C"))
    assert legal(g, "Boris") == ["Boris takes", "Boris transfers 7♥", "Boris transfers 7♦"]
    assert refusal(g, Move.transfer(1, "7H 7D")) == "[R18] a transfer to 4 cards passes the limit of 3 (R13a/R13c)"


def test_R18_transferred_cards_count_toward_the_bout_limit() -> None:
    r = Rules.make("perevodnoy", transfer_first_bout=True, bout_limit=4)
    g = setup(
        r,
        ABC,
        {"Anna": "7S 7C 7D 9S", "Boris": "7H 9H TH", "Cid": "8C 9C TC JC QC KC"},
        "Anna",
        trump="C",
        first_bito_done=False,
        bout=1,
    )
    g.play(Move.attack(0, "7S 7C 7D"))
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender, g.limit(), g.room()) == (1, 2, 4, 0)
    assert legal(g, "Boris") == ["Boris passes"]


# ----------------------------------------------------------------------------- R19


def test_R19_no_transfer_in_the_first_bout() -> None:
    g = setup("perevodnoy", ABC, ROUND, "Anna", first_bito_done=False, bout=1)
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Anna passes", "Boris takes"]
    assert refusal(g, Move.transfer(1, "7H")) == "[R19] no transfer in the first bout of the game"


def test_R19_option_transfer_first_bout_allows_it() -> None:
    r = Rules.make("perevodnoy", transfer_first_bout=True)
    g = setup(r, ABC, ROUND, "Anna", first_bito_done=False, bout=1)
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Anna passes", "Boris takes", "Boris transfers 7♥"]
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender) == (1, 2)


def test_R19_transfer_allowed_from_the_second_bout_even_before_a_bito() -> None:
    g = setup(
        "perevodnoy",
        ABC,
        {"Anna": "6S 7S 8S", "Boris": "6H 7H 8H", "Cid": "7C 8C 9C"},
        "Anna",
        first_bito_done=False,
        bout=1,
    )
    g.play(Move.attack(0, "6S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))
    g.play(Move.pass_(2))  # bout 1 ends in take
    assert (g.bout, g.attacker, g.defender) == (2, 2, 0)
    g.play(Move.attack(2, "7C"))
    assert legal(g, "Anna") == ["Anna takes", "Anna transfers 7♠"]


# ----------------------------------------------------------------------------- R20


def test_R20_show_the_trump_of_the_attack_rank_keep_it_in_hand() -> None:
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ABC, {**ROUND, "Boris": "7D 8H 9H TH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g) == [
        "Anna passes",
        "Boris covers 7♠ with 7♦",
        "Boris takes",
        "Boris transfers 7♦",
        "Boris transfers by showing 7♦",
    ]
    assert g.play(Move.transfer(1, "7D", show=True)) == []
    assert table(g) == [("7S", None)]  # no card added
    assert hands(g)["Boris"] == "7D 8H 9H TH"  # the trump stays in hand
    assert (g.attacker, g.defender) == (1, 2)
    assert legal(g) == ["Boris passes", "Boris throws in 7♦", "Cid takes", "Cid transfers 7♣"]


def test_R20_shown_once_per_bout_then_the_card_must_be_laid() -> None:
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ["Anna", "Boris"], {"Anna": "7S 7H 8S 9S TS", "Boris": "7D 8H 9H TH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7D", show=True))
    assert (g.attacker, g.defender) == (1, 0)
    g.play(Move.transfer(0, "7H"))
    assert (g.attacker, g.defender) == (0, 1)
    # transferred onto again in the same bout: Boris must lay the 7D
    assert "Boris transfers by showing 7♦" not in legal(g)
    assert "Boris transfers 7♦" in legal(g)
    assert refusal(g, Move.transfer(1, "7D", show=True)) == (
        "[R20] Boris already transferred by showing a trump this bout: now lay the card"
    )
    g.play(Move.transfer(1, "7D"))
    assert table(g) == [("7S", None), ("7H", None), ("7D", None)]
    assert hands(g) == {"Anna": "8S 9S TS", "Boris": "8H 9H TH"}


def test_R20_shown_trump_again_in_a_new_bout() -> None:
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ABC, {"Anna": "7S 7C 8S 9S", "Boris": "7D 8H 9H TH", "Cid": "AS AC KC"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7D", show=True))
    g.play(Move.defend(2, "AS", "7S"))
    g.play(Move.pass_(1))
    g.play(Move.pass_(0))  # bito; Cid attacks Anna
    assert (g.attacker, g.defender) == (2, 0)
    g.play(Move.attack(2, "KC"))
    g.play(Move.take(0))
    g.play(Move.pass_(2))
    g.play(Move.pass_(1))  # Anna took; Boris attacks Cid
    assert (g.attacker, g.defender) == (1, 2)
    g.play(Move.attack(1, "8H"))
    g.play(Move.take(2))
    g.play(Move.pass_(1))
    g.play(Move.pass_(0))  # Cid took; Anna attacks Boris
    assert (g.attacker, g.defender) == (0, 1)
    g.play(Move.attack(0, "7C"))
    assert "Boris transfers by showing 7♦" in legal(g)


def test_R20_option_off_or_wrong_card() -> None:
    g = setup("perevodnoy", ABC, {**ROUND, "Boris": "7D 8H 9H TH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert "Boris transfers by showing 7♦" not in legal(g)
    assert refusal(g, Move.transfer(1, "7D", show=True)) == (
        "[R20] shown-trump transfers (проездной) are off in these rules"
    )
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ABC, ROUND, "Anna")
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.transfer(1, "7H", show=True)) == (
        "[R20] a shown-trump transfer shows exactly one trump of the attack rank"
    )
    assert refusal(g, Move.transfer(1, "7D", show=True)) == "[R20] Boris does not hold 7♦"


def test_R20_shown_trump_transfer_still_obeys_R18() -> None:
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ABC, {"Anna": "7S 7C 9S", "Boris": "7D 8H 9H", "Cid": "9C"}, "Anna", trump="D")
    g.play(Move.attack(0, "7S 7C"))
    assert legal(g, "Boris") == ["Boris covers 7♠ with 7♦", "Boris covers 7♣ with 7♦", "Boris takes"]
    assert refusal(g, Move.transfer(1, "7D", show=True)) == (
        "[R18] Cid holds 1 card and would face 2: no one may be given more cards than they hold (R13b)"
    )


# ----------------------------------------------------------------------------- R21


def test_R21_with_two_players_a_transfer_goes_back_to_the_attacker() -> None:
    g = setup("perevodnoy", ["Anna", "Boris"], {"Anna": "7S 8S 9S", "Boris": "7H 8H 9H"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Anna passes", "Boris takes", "Boris transfers 7♥"]
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender) == (1, 0)
    assert table(g) == [("7S", None), ("7H", None)]
    assert legal(g) == ["Anna covers 7♠ with 8♠", "Anna covers 7♠ with 9♠", "Anna takes", "Boris passes"]


def test_R21_back_to_an_attacker_with_too_few_cards_is_refused() -> None:
    g = setup("perevodnoy", ["Anna", "Boris"], {"Anna": "7S 7C 9S", "Boris": "7H 8H 9H"}, "Anna")
    g.play(Move.attack(0, "7S 7C"))
    assert legal(g, "Boris") == ["Boris takes"]
    assert refusal(g, Move.transfer(1, "7H")) == (
        "[R18] Anna holds 1 card and would face 3: no one may be given more cards than they hold (R13b)"
    )
