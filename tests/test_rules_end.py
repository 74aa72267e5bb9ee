"""Rule-id tests for the next attack and the end of the game: R23 (who attacks next),
R24 (out order), R25 (durak, draw, option ``draw_allowed``), R26 (epaulettes, option
``two_sixes_win``) and R27 (repetition draw, option ``repetition_draw``).
"""

from __future__ import annotations

import pytest
from rulekit import hands, legal, setup, table

from durak_nb import Bito, Card, Drew, Game, GameOver, Move, Out, Result, Rules, RulesError, Took
from durak_nb.cards import deck


def c(code: str) -> Card:
    """One card."""
    return Card.parse(code)


AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cid"]
ABCD = ["Anna", "Boris", "Cid", "Dana"]


# ----------------------------------------------------------------------------- R23


def test_R23_after_bito_the_defender_attacks_next() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 9C", "Boris": "8S TC", "Cid": "6H JH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    g.play(Move.pass_(0))
    assert [type(e) for e in g.play(Move.pass_(2))] == [Bito]
    assert (g.attacker, g.defender) == (1, 2)
    assert legal(g) == ["Boris attacks 10♣"]


def test_R23_after_take_the_player_left_of_the_defender_attacks() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S 9C", "Boris": "8H TC", "Cid": "6H JH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))
    assert g.play(Move.pass_(2)) == [Took(1, (c("7S"),))]
    assert (g.attacker, g.defender) == (2, 0)
    # two players: after take the attacker attacks again
    g = setup("podkidnoy", AB, {"Anna": "7S 9C", "Boris": "8H TC"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))
    assert (g.attacker, g.defender) == (0, 1)


def test_R23_a_player_without_cards_is_skipped() -> None:
    # Cid is out: after Boris takes, Dana attacks (Anna defends)
    g = setup("podkidnoy", ABCD, {"Anna": "7S 9C", "Boris": "8H TC", "Cid": "", "Dana": "6H JH"}, "Anna", out=("Cid",))
    g.play(Move.attack(0, "7S"))
    g.play(Move.take(1))
    g.play(Move.pass_(0))
    g.play(Move.pass_(3))
    assert (g.attacker, g.defender) == (3, 0)
    # the defender goes out by beating: the next player with cards attacks
    g = setup("podkidnoy", ABC, {"Anna": "7S 9C", "Boris": "8S", "Cid": "6H JH"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    g.play(Move.pass_(0))
    assert g.play(Move.pass_(2))[1:] == [Out(1)]
    assert (g.attacker, g.defender) == (2, 0)


# ----------------------------------------------------------------------------- R24


def test_R24_no_cards_while_the_talon_lasts_draw_and_stay_in() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S", "Boris": "8S 9H"}, "Anna", talon="TH JH 6D")
    g.play(Move.attack(0, "7S"))
    # Anna led her last card, so nobody is left to throw in: the cover ends the bout
    events = g.play(Move.defend(1, "8S", "7S"))
    assert events == [Bito((c("7S"), c("8S"))), Drew(0, (c("TH"), c("JH"), c("6D")))]
    assert g.out_order == []
    assert g.result is None
    assert hands(g) == {"Anna": "6D TH JH", "Boris": "9H"}
    assert (g.attacker, g.defender) == (1, 0)


def test_R24_talon_empty_a_player_without_cards_is_out_in_order() -> None:
    g = setup("podkidnoy", ABCD, {"Anna": "7S", "Boris": "8S 9H", "Cid": "7H", "Dana": "6C QC"}, "Anna")
    g.play(Move.attack(0, "7S"))  # Anna leads her last card: the others may throw in at once (R12)
    g.play(Move.throw(2, "7H"))  # Cid throws in his last card
    g.play(Move.defend(1, "8S", "7S"))
    g.play(Move.defend(1, "9H", "7H"))
    # Anna and Cid hold no cards: only Dana is a thrower now
    assert g.throwers() == [3]
    events = g.play(Move.pass_(3))
    result = Result(3, False, False, (0, 2, 1), None, "R25")
    assert events[1:] == [Out(0), Out(2), Out(1), GameOver(result)]
    assert g.out_order == [0, 2, 1]
    assert g.result == result


def test_R24_the_game_goes_on_without_the_players_who_are_out() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S", "Boris": "8S 9H TS", "Cid": "6C QC"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    events = g.play(Move.pass_(2))
    assert events[1:] == [Out(0)]
    assert g.result is None
    assert (g.attacker, g.defender) == (1, 2)
    assert g.throwers() == [1]


# ----------------------------------------------------------------------------- R25


def test_R25_the_last_player_holding_cards_is_the_durak() -> None:
    g = setup("podkidnoy", AB, {"Anna": "7S", "Boris": "8S 9H"}, "Anna")
    g.play(Move.attack(0, "7S"))
    events = g.play(Move.defend(1, "8S", "7S"))
    result = Result(durak=1, draw=False, epaulettes=False, out_order=(0,), losing_team=None, rule="R25")
    assert events == [Bito((c("7S"), c("8S"))), Out(0), GameOver(result)]
    assert g.result == result
    assert result.describe(g.players) == "Boris is the durak"
    assert (g.attacker, g.defender) == (None, None)
    assert g.legal_moves() == []


def test_R25_last_players_out_in_the_same_bout_is_a_draw() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S", "Boris": "8S", "Cid": ""}, "Anna", out=("Cid",))
    g.play(Move.attack(0, "7S"))
    events = g.play(Move.defend(1, "8S", "7S"))
    result = Result(durak=None, draw=True, epaulettes=False, out_order=(2, 0, 1), losing_team=None, rule="R25")
    assert events[1:] == [Out(0), Out(1), GameOver(result)]
    assert result.describe(g.players) == "draw (R25)"


def test_R25_draw_allowed_off_the_last_defender_loses() -> None:
    r = Rules.make("podkidnoy", draw_allowed=False)
    g = setup(r, AB, {"Anna": "7S", "Boris": "8S"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    assert g.result == Result(durak=1, draw=False, epaulettes=False, out_order=(0, 1), losing_team=None, rule="R25")


def test_R25_two_out_together_the_third_is_the_durak() -> None:
    g = setup("podkidnoy", ABC, {"Anna": "7S", "Boris": "8S", "Cid": "6C QC"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    assert g.result is None  # Cid may still throw in
    assert legal(g) == ["Cid passes"]
    g.play(Move.pass_(2))
    assert g.result == Result(2, False, False, (0, 1), None, "R25")


# ----------------------------------------------------------------------------- R26


def test_R26_epaulettes_when_the_last_bout_against_the_durak_was_led_with_two_sixes() -> None:
    g = setup("podkidnoy", AB, {"Anna": "6S 6H", "Boris": "7S 8S AC"}, "Anna")
    g.play(Move.attack(0, "6S 6H"))
    g.play(Move.defend(1, "7S", "6S"))
    events = g.play(Move.take(1))
    result = Result(durak=1, draw=False, epaulettes=True, out_order=(0,), losing_team=None, rule="R25")
    assert events[1:] == [Out(0), GameOver(result)]
    assert result.describe(g.players) == "Boris is the durak with epaulettes (R26)"


def test_R26_no_epaulettes_when_the_lead_was_one_six() -> None:
    # the lead was a single six; the second six was thrown in
    g = setup("podkidnoy", AB, {"Anna": "6S 6H", "Boris": "7S 8S AC"}, "Anna")
    g.play(Move.attack(0, "6S"))
    g.play(Move.throw(0, "6H"))
    g.play(Move.take(1))
    assert g.result == Result(1, False, False, (0,), None, "R25")


def test_R26_engine_reading_exactly_two_sixes_in_the_lead_itself() -> None:
    # RULES.md leaves open a lead of three sixes and a six transferred onto a led six;
    # the engine records epaulettes only for a lead of exactly two sixes
    g = setup("podkidnoy", AB, {"Anna": "6S 6H 6C", "Boris": "7C 8C AS"}, "Anna")
    g.play(Move.attack(0, "6S 6H 6C"))
    g.play(Move.take(1))
    assert g.result == Result(1, False, False, (0,), None, "R25")
    g = setup("perevodnoy", ABC, {"Anna": "6S", "Boris": "6H", "Cid": "7C 8C"}, "Anna")
    g.play(Move.attack(0, "6S"))
    g.play(Move.transfer(1, "6H"))
    g.play(Move.take(2))
    assert g.result == Result(2, False, False, (0, 1), None, "R25")


def test_R26_two_sixes_win_with_two_players_left() -> None:
    r = Rules.make("podkidnoy", two_sixes_win=True)
    g = setup(r, AB, {"Anna": "6S 6H TS", "Boris": "9S 8H AC"}, "Boris")
    g.play(Move.attack(1, "9S"))
    g.play(Move.defend(0, "TS", "9S"))
    events = g.play(Move.pass_(1))
    # Anna holds exactly two sixes and nothing else: she wins, Boris gets the epaulettes
    result = Result(durak=1, draw=False, epaulettes=True, out_order=(0,), losing_team=None, rule="R26")
    assert events == [Bito((c("9S"), c("TS"))), GameOver(result)]
    assert hands(g) == {"Anna": "6S 6H", "Boris": "8H AC"}


def test_R26_two_sixes_win_only_with_the_option_exactly_two_sixes_and_two_players_left() -> None:
    # option off: the game goes on
    g = setup("podkidnoy", AB, {"Anna": "6S 6H TS", "Boris": "9S 8H AC"}, "Boris")
    g.play(Move.attack(1, "9S"))
    g.play(Move.defend(0, "TS", "9S"))
    g.play(Move.pass_(1))
    assert g.result is None and (g.attacker, g.defender) == (0, 1)
    r = Rules.make("podkidnoy", two_sixes_win=True)
    # a six and a seven are not two sixes
    g = setup(r, AB, {"Anna": "6S 7H TS", "Boris": "9S 8H AC"}, "Boris")
    g.play(Move.attack(1, "9S"))
    g.play(Move.defend(0, "TS", "9S"))
    g.play(Move.pass_(1))
    assert g.result is None
    # three players still hold cards
    g = setup(r, ABC, {"Anna": "6S 6H TS", "Boris": "8H AC KC", "Cid": "9S QC"}, "Cid")
    g.play(Move.attack(2, "9S"))
    g.play(Move.defend(0, "TS", "9S"))
    g.play(Move.pass_(2))
    assert [type(e) for e in g.play(Move.pass_(1))] == [Bito]
    assert hands(g)["Anna"] == "6S 6H"
    assert g.result is None


def test_R26_two_sixes_win_not_while_the_talon_lasts() -> None:
    # the engine's reading of "at the end of the game": only with the talon empty
    r = Rules.make("podkidnoy", two_sixes_win=True)
    g = setup(r, AB, {"Anna": "6S 6H", "Boris": "9S 8H AC"}, "Boris", talon="AD")
    assert g.result is None
    assert legal(g) == ["Boris attacks 8♥", "Boris attacks 9♠", "Boris attacks A♣"]
    g = setup(r, AB, {"Anna": "6S 6H", "Boris": "9S 8H AC"}, "Boris")
    assert g.result == Result(1, False, True, (0,), None, "R26")


# ----------------------------------------------------------------------------- R27

#: Anna, Boris and Cid pass two unbeatable aces round by taking: after six bouts the
#: position (hands, talon, discard, attacker) is back where it started.
CYCLE = [(0, 1, 2, "AS"), (2, 0, 1, "AH"), (1, 2, 0, "AS"), (0, 1, 2, "AH"), (2, 0, 1, "AS"), (1, 2, 0, "AH")]


def cycle_game(repetition_draw: int) -> Game:
    """The repetition position of R27 (trump D: nobody can beat an ace)."""
    r = Rules.make("podkidnoy", repetition_draw=repetition_draw)
    return setup(r, ABC, {"Anna": "6C AS", "Boris": "7C", "Cid": "8C AH"}, "Anna")


def play_cycle_bout(g: Game, attacker: int, defender: int, other: int, card: str) -> list[object]:
    """One bout of the cycle: lead, take, both throwers pass."""
    assert (g.attacker, g.defender) == (attacker, defender)
    g.play(Move.attack(attacker, card))
    g.play(Move.take(defender))
    g.play(Move.pass_(attacker))
    return list(g.play(Move.pass_(other)))


def test_R27_the_third_occurrence_of_a_position_is_a_draw() -> None:
    g = cycle_game(3)
    start = hands(g)
    for bout in range(12):
        events = play_cycle_bout(g, *CYCLE[bout % 6])
        if bout == 5:
            assert hands(g) == start and g.result is None  # the second occurrence
    result = Result(durak=None, draw=True, epaulettes=False, out_order=(), losing_team=None, rule="R27")
    assert events == [Took(2, (c("AH"),)), GameOver(result)]
    assert hands(g) == start
    assert result.describe(g.players) == "draw by repetition (R27)"
    assert g.legal_moves() == []


def test_R27_option_two_ends_at_the_second_occurrence() -> None:
    g = cycle_game(2)
    for bout in range(6):
        play_cycle_bout(g, *CYCLE[bout])
    assert g.result == Result(None, True, False, (), None, "R27")


def test_R27_option_zero_turns_it_off() -> None:
    g = cycle_game(0)
    for bout in range(18):
        play_cycle_bout(g, *CYCLE[bout % 6])
    assert g.result is None
    assert (g.attacker, g.defender) == (0, 1)


def test_R27_option_value_is_checked() -> None:
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", repetition_draw=1)
    assert str(exc.value) == "[R27] option repetition_draw: 0 (off) or 2 to 100, not 1"
    assert Rules.make("podkidnoy").repetition_draw == 3


#: english durak: Boris leads two unbeatable aces, Anna takes them and, holding no pair,
#: Boris passes the lead; Anna leads them back, Boris takes, Anna passes (R9, R14).
ENGLISH_CYCLE = [
    Move.attack(1, "AS AC"),
    Move.take(0),
    Move.pass_(1),
    Move.attack(0, "AS AC"),
    Move.take(1),
    Move.pass_(0),
]


def test_R27_a_repetition_inside_a_bout_ends_the_game_there() -> None:
    """R27: positions are compared after every move. The set-up position (Boris to lead,
    no lead passed yet) never comes back: after a cycle Boris leads with the lead passed
    to him once (R9). The first position that comes back is the one after Boris's lead
    (a lead resets the lead passes): the third time it occurs, with the aces still on the
    table, the game is drawn at once, not after Anna's take."""
    g = setup("english", AB, {"Anna": "7H 9S", "Boris": "8H TS AS AC"}, "Boris")
    start = hands(g)
    played = []
    for k, move in enumerate((ENGLISH_CYCLE * 3)[:13]):
        assert g.legal_moves() == [move], k  # every move is forced
        played.append(g.play(move))
    assert played[0] == [] and played[6] == []  # the first and the second occurrence
    result = Result(None, True, False, (), None, "R27")
    assert played[12] == [GameOver(result)]
    assert g.result == result
    assert table(g) == [("AS", None), ("AC", None)]
    assert hands(g) == {"Anna": "7H 9S", "Boris": "8H TS"} and start == {"Anna": "7H 9S", "Boris": "8H TS AS AC"}
    assert (g.attacker, g.defender, g.taking) == (None, None, False)
    assert g.legal_moves() == []
    assert sorted(g.all_cards()) == sorted(deck(36))  # the aces stay on the table


def test_R27_the_same_table_from_another_thrower_is_the_same_position() -> None:
    """R27 compares the table, not who laid its cards: at first Boris throws AH in on
    Cid's lead of AS (R11, R12); five bouts later Cid leads AS AH himself. After Anna's
    take both positions are the same (hands, table, roles, passes), so with
    ``repetition_draw`` 2 the game is drawn at Anna's second take, before the throwers
    pass."""
    r = Rules.make("podkidnoy", repetition_draw=2)
    g = setup(r, ABC, {"Anna": "KH TC", "Boris": "QC AH KS JH", "Cid": "AS JC TH"}, "Cid")
    for move in [Move.attack(2, "AS"), Move.pass_(2), Move.throw(1, "AH"), Move.pass_(1), Move.pass_(2)]:
        assert g.play(move) == []
    assert g.play(Move.take(0)) == []
    seen = (hands(g), table(g), g.attacker, g.defender, g.taking, set(g.passed), g.attacker_passed)
    assert seen == (
        {"Anna": "TC KH", "Boris": "JH QC KS", "Cid": "TH JC"},
        [("AS", None), ("AH", None)],
        2,
        0,
        True,
        set(),
        True,
    )
    assert g.play(Move.pass_(1)) == []
    assert g.play(Move.pass_(2)) == [Took(0, (c("AS"), c("AH")))]
    # five bouts of lead, take, the attacker's pass and the other thrower's pass
    for attacker, defender, other, led in [
        (1, 2, 0, "QC"),
        (0, 1, 2, "AS AH"),
        (2, 0, 1, "QC"),
        (1, 2, 0, "AS AH"),
        (0, 1, 2, "QC"),
    ]:
        assert (g.attacker, g.defender) == (attacker, defender)
        assert g.play(Move.attack(attacker, led)) == []
        assert g.play(Move.take(defender)) == []
        assert g.play(Move.pass_(attacker)) == []
        assert [type(e) for e in g.play(Move.pass_(other))] == [Took]
    assert g.play(Move.attack(2, "AS AH")) == []
    assert g.play(Move.pass_(2)) == []
    result = Result(None, True, False, (), None, "R27")
    assert g.play(Move.take(0)) == [GameOver(result)]
    assert (hands(g), table(g)) == seen[:2]
    assert g.result == result and g.legal_moves() == []
