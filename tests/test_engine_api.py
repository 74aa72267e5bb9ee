"""The engine's convenience API for notebook authors: names instead of seats."""

from __future__ import annotations

import pytest

from durak_nb import Card, CardError, Game, IllegalMove, Move, Rules, Suit
from durak_nb.engine import SetupError, Start


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
    assert g.position().hands == (tuple(Card.parse_many("7H AD")), tuple(Card.parse_many("9C KH")))
    assert [c.code for c in g.hands[0]] == ["7H", "AD"]
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
    assert str(Move.attack(0, "7S")) == "P1 attacks 7♠"


def test_R1_refusal_for_a_card_outside_the_deck_comes_first() -> None:
    g = lesson()
    refusal = g.why_illegal(Move.attack(0, "2S"))
    assert refusal is not None and str(refusal) == "[R1] 2♠ is not in a 36-card deck"


def test_R3_suits_print_as_codes() -> None:
    g = lesson()
    assert (str(g.trump), f"{g.trump}", g.trump.symbol) == ("D", "D", "♦")
    assert Suit.parse("♥") is Suit.H


# ----------------------------------------------------------------------------- reprs


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules.make("podkidnoy"), "Rules.make('podkidnoy')"),
        (Rules.make("perevodnoy", first_bout_limit=6), "Rules.make('perevodnoy', first_bout_limit=6)"),
        (Rules.make("english"), "Rules.make('english')"),
        (Rules.make("prostoy", hand_size=6), "Rules.make('prostoy', hand_size=6)"),
        (
            Rules.make("podkidnoy", teams=[[0, 2], [1, 3]], repetition_draw=0),
            "Rules.make('podkidnoy', repetition_draw=0, teams=((0, 2), (1, 3)))",
        ),
    ],
)
def test_R1_R27_rules_repr_is_the_call_that_makes_them(rules: Rules, text: str) -> None:
    """Rules print as Rules.make(preset, options that differ from the preset's defaults)."""
    assert repr(rules) == text
    assert eval(text, {"Rules": Rules}) == rules


def test_R9_position_repr_is_one_short_line() -> None:
    g = lesson()
    assert repr(g.position()) == (
        "<Position bout 1, Anna attacks Boris; hands Anna 7S7HAD, Boris 8S9CKH; table -; talon 0; discard 30; trump D>"
    )
    g.attack("Anna", "7S")
    g.defend("Boris", "8S", "7S")
    assert repr(g.position()) == (
        "<Position bout 1, Anna attacks Boris; hands Anna 7HAD, Boris 9CKH; table 7S:8S; talon 0; discard 30; trump D>"
    )
    g.pass_("Anna")  # bito (R15): Boris leads next (R23)
    g.attack("Boris", "9C")
    g.defend("Anna", "AD", "9C")
    g.pass_("Boris")
    g.attack("Anna", "7H")
    assert g.take("Boris")[-1].describe(g.players) == "game over: Boris is the durak"
    assert repr(g.position()) == (
        "<Position over: Boris is the durak; hands Anna -, Boris 7HKH; table -; talon 0; discard 34; trump D>"
    )


def test_R3_position_code_round_trip_and_rest_to_discard() -> None:
    """Start.code / Start.from_code / Game.from_code (INTERCHANGE.md start, one line)."""
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], "7S7HAD/8S9C - D 0 * 2 + -")
    assert [[c.code for c in h] for h in g.hands] == [["7S", "7H", "AD"], ["8S", "9C"]]
    assert (g.attacker, g.defender, g.bout, g.first_bito_done, g.trump, g.talon) == (0, 1, 2, True, Suit.D, [])
    assert len(g.discard) == 31
    code = g.position().code()
    assert code == "7S7HAD/8S9C - D 0 " + "".join(c.code for c in g.discard) + " 2 + -"
    assert Start.from_code(code) == g.start()
    assert Game.from_code(Rules.make("podkidnoy"), ["Anna", "Boris"], code).position() == g.position()
    dealt = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    start = dealt.start()
    assert Start.from_code(start.code()) == start
    assert start.code().split()[1:] == [
        "".join(c.code for c in dealt.talon),
        dealt.trump.code,
        str(dealt.attacker),
        "-",
        "1",
        "-",
        "-",
    ]


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "7S/8S - D 0 *",
            "position code: 8 fields separated by spaces (hands talon trump attacker discard bout bito out), not 5",
        ),
        ("7S/8S - X 0 * 2 + -", "[R1] position code: trump: 'X' is not a suit: use one of S H D C or ♠ ♥ ♦ ♣"),
        ("7S8/8S - D 0 * 2 + -", "position code: hand 1 '7S8' is not card codes of two characters written together"),
        (
            "7SZZ/8S - D 0 * 2 + -",
            "[R1] position code: hand 1: 'ZZ' is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
            "then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'",
        ),
        ("7S/8S - D x * 2 + -", "position code: attacker is a whole number, not 'x'"),
        ("7S/8S - D 0 * 2 ? -", "position code: bito is + or -, not '?'"),
        ("7S/8S - D 0 * 0 + -", "[R19] start.bout must be a whole number from 1 to 999999999, not 0"),
        ("7S/8S/9S - D 0 * 2 + -", "[R2] start.hands has 3 hands for 2 players"),
        (
            "7S/8S - D 0 - 2 + -",
            "[R1] start: 34 cards of the 36-card deck are missing: 6♠ 6♥ 6♦ 6♣ 7♥ 7♦ 7♣ 8♥ 8♦ 8♣ 9♠ 9♥ 9♦ 9♣ "
            "10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ J♣ Q♠ Q♥ Q♦ Q♣ K♠ K♥ K♦ K♣ A♠ A♥ A♦ A♣",
        ),
    ],
)
def test_R1_R2_a_bad_position_code_is_refused_naming_the_field(code: str, message: str) -> None:
    with pytest.raises(SetupError) as info:
        Game.from_code("podkidnoy", ["Anna", "Boris"], code)
    assert str(info.value) == message
