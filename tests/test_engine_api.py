"""The engine's convenience API for notebook authors: names instead of seats."""

from __future__ import annotations

import pytest

from durak_nb import CardError, Game, IllegalMove, Move, Rules, Suit


def lesson() -> Game:
    return Game.from_position(
        Rules.make("podkidnoy"),
        ["Anna", "Boris"],
        hands={"Anna": "7S 7H AD", "Boris": "8S 9C KH"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )


def test_R9_R10_R12_R15_moves_by_name_play_a_bout_to_bito() -> None:
    g = lesson()
    assert g.attack("Anna", "7S") == []
    assert g.defend("Boris", "8S", "7S") == []
    g.pass_("Anna")
    assert g.position().hands == ((Card7H := g.hands[0][0], g.hands[0][1]), tuple(g.hands[1]))
    assert [c.code for c in g.hands[0]] == ["7H", "AD"] and Card7H.code == "7H"
    assert [c.code for c in g.hands[1]] == ["9C", "KH"]
    assert [c.code for c in g.discard][-2:] == ["7S", "8S"]
    assert g.attacker == 1


def test_R10_unknown_name_and_wrong_player_are_clear() -> None:
    g = lesson()
    with pytest.raises(KeyError, match="'Vera' is not a player: Anna, Boris"):
        g.attack("Vera", "7S")
    with pytest.raises(IllegalMove, match=r"\[R9\] it is Anna's lead, not Boris's"):
        g.attack("Boris", "8S")


def test_R1_move_constructors_check_seats_and_cards() -> None:
    with pytest.raises(TypeError, match="the player is a seat number"):
        Move.attack("Anna", "7S")  # type: ignore[arg-type]
    with pytest.raises(CardError, match="cards are codes"):
        Move.attack(0, 7)  # type: ignore[arg-type]
    assert str(Move.attack(0, "7S")) == "P1 attacks 7S"


def test_R1_refusal_for_a_card_outside_the_deck_comes_first() -> None:
    g = lesson()
    refusal = g.why_illegal(Move.attack(0, "2S"))
    assert refusal is not None and str(refusal) == "[R1] 2S is not in a 36-card deck"


def test_R3_suits_print_as_codes() -> None:
    g = lesson()
    assert (str(g.trump), f"{g.trump}", g.trump.symbol) == ("D", "D", "♦")
    assert Suit.parse("♥") is Suit.H
