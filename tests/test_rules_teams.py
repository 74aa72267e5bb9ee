"""Rule-id tests for teams (option ``teams``, R22): partners sit alternately, never
attack, throw in on or help defend against each other; attacks and transfers go to the
next opponent; a player who goes out by defending hands the attack to the next partner;
the team that still holds cards when the other has shed all of its cards loses.
"""

from __future__ import annotations

import pytest
from rulekit import legal, refusal, setup

from durak_nb import Bito, Card, Game, GameOver, Move, Out, Result, Rules, RulesError, SetupError

NAMES = ["Anna", "Boris", "Cid", "Dana"]  # teams: Anna + Cid against Boris + Dana
TEAMS = Rules.make("podkidnoy", teams=[[0, 2], [1, 3]])


def test_R22_partners_sit_alternately() -> None:
    with pytest.raises(SetupError) as exc:
        Game.deal(Rules.make("podkidnoy", teams=[[0, 1], [2, 3]]), NAMES, seed=1)
    assert (
        str(exc.value) == "[R22] option teams: partners sit alternately, but seats 0 and 1 are partners and neighbours"
    )
    with pytest.raises(SetupError) as exc:
        Game.deal(Rules.make("podkidnoy", teams=[[0, 2], [1, 4]]), NAMES, seed=1)
    assert str(exc.value) == "[R22] option teams: every seat 0..3 must be in exactly one team, got [[0, 2], [1, 4]]"
    with pytest.raises(RulesError) as bad:
        Rules.make("podkidnoy", teams=[[0, 1, 2, 3]])
    assert str(bad.value) == "[R22] option teams: at least two teams of at least two partners each (2 vs 2, 3 vs 3)"
    with pytest.raises(RulesError) as bad:
        Rules.make("podkidnoy", teams=[[0], [1], [2]])
    assert str(bad.value) == "[R22] option teams: at least two teams of at least two partners each (2 vs 2, 3 vs 3)"
    with pytest.raises(RulesError) as bad:
        Rules.make("podkidnoy", teams=[[0, 2.5], [1, 3]])
    assert str(bad.value) == "[R22] option teams: a list of seat groups of whole numbers, e.g. [[0, 2], [1, 3]]"
    with pytest.raises(RulesError) as bad:
        Rules.make("podkidnoy", teams="AC BD")
    assert str(bad.value) == "[R22] option teams: a list of seat groups, e.g. [[0, 2], [1, 3]]"


def test_R22_teams_may_name_players_in_a_recording() -> None:
    r = Rules.from_json({"preset": "podkidnoy", "teams": [["Anna", "Cid"], ["Boris", "Dana"]]}, NAMES)
    assert r.teams == ((0, 2), (1, 3))
    assert r.to_json(NAMES) == {"preset": "podkidnoy", "teams": [["Anna", "Cid"], ["Boris", "Dana"]]}


def test_R22_partner_may_not_throw_in_on_the_defender() -> None:
    g = setup(TEAMS, NAMES, {"Anna": "7S 8S", "Boris": "9S TS JS", "Cid": "7H 8H", "Dana": "7C 9C"}, "Anna")
    assert g.throwers() == [0, 2]
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
    assert refusal(g, Move.throw(3, "7C")) == "[R22] Dana is Boris's partner and may not throw in on them"
    assert refusal(g, Move.pass_(3)) == "[R22] Dana is Boris's partner and may not throw in on them"


def test_R22_partner_may_not_help_defend() -> None:
    g = setup(TEAMS, NAMES, {"Anna": "7S 8S", "Boris": "6C", "Cid": "7H 8H", "Dana": "9S 9C"}, "Anna")
    g.play(Move.attack(0, "7S"))
    assert legal(g, "Dana") == []
    assert refusal(g, Move.defend(3, "9S", "7S")) == "[R10] only the defender Boris may defend"
    assert refusal(g, Move.take(3)) == "[R10] only the defender Boris may take"


def test_R22_attack_goes_to_the_next_opponent_when_the_left_neighbour_has_no_cards() -> None:
    # Cid is out: Boris attacks, and the next player with cards is Dana, his partner:
    # the attack goes on to Anna
    g = setup(TEAMS, NAMES, {"Anna": "7S 8S", "Boris": "9S TS", "Cid": "", "Dana": "7C 9C"}, "Boris", out=("Cid",))
    assert (g.attacker, g.defender) == (1, 0)
    assert g.throwers() == [1, 3]
    g.play(Move.attack(1, "9S"))
    g.play(Move.take(0))
    assert legal(g) == ["Boris passes"]
    g.play(Move.pass_(1))
    assert legal(g) == ["Dana passes", "Dana throws in 9♣"]
    g.play(Move.pass_(3))
    # left of the taker Anna is Boris
    assert (g.attacker, g.defender) == (1, 0)


def test_R22_transfer_goes_to_the_next_opponent() -> None:
    r = Rules.make("perevodnoy", teams=[[0, 2], [1, 3]])
    hands = {"Anna": "7S 8S", "Boris": "7H 8H", "Cid": "9C TC", "Dana": "9D TD"}
    g = setup(r, NAMES, hands, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender) == (1, 2)
    # Anna is Cid's partner: she may not throw in on him; Boris and Dana may
    assert g.throwers() == [1, 3]
    # Cid out: the transfer skips Dana (Boris's partner) and goes to Anna
    g = setup(r, NAMES, {**hands, "Cid": ""}, "Anna", out=("Cid",))
    g.play(Move.attack(0, "7S"))
    assert legal(g, "Boris") == ["Boris takes"]  # Anna holds 1 card: R18
    g = setup(r, NAMES, {**hands, "Cid": "", "Anna": "7S 8S 9S"}, "Anna", out=("Cid",))
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    assert (g.attacker, g.defender) == (1, 0)


def test_R22_player_out_by_defending_hands_the_attack_to_the_next_partner() -> None:
    g = setup(TEAMS, NAMES, {"Anna": "7S 8S", "Boris": "9S", "Cid": "7H 8H", "Dana": "7C 9C"}, "Anna")
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "9S", "7S"))
    g.play(Move.pass_(0))
    events = g.play(Move.pass_(2))
    assert [type(e) for e in events] == [Bito, Out]
    assert events[1] == Out(1)
    # Boris went out by defending: Dana, his next partner clockwise, attacks (Anna)
    assert (g.attacker, g.defender) == (3, 0)
    assert g.out_order == [1]


def test_R22_the_team_still_holding_cards_loses() -> None:
    # Cid is out; Anna leads her last card: her team has shed all its cards
    g = setup(TEAMS, NAMES, {"Anna": "7S", "Boris": "9S TS", "Cid": "", "Dana": "8C"}, "Anna", out=("Cid",))
    g.play(Move.attack(0, "7S"))
    assert legal(g) == ["Boris covers 7♠ with 10♠", "Boris covers 7♠ with 9♠", "Boris takes"]
    events = g.play(Move.defend(1, "9S", "7S"))
    result = Result(durak=None, draw=False, epaulettes=False, out_order=(2, 0), losing_team=(1, 3), rule="R22")
    assert events == [Bito((Card.parse("7S"), Card.parse("9S"))), Out(0), GameOver(result)]
    assert g.result == result
    assert result.describe(g.players) == "the team of Boris and Dana loses (R22)"
    assert g.legal_moves() == []
    assert refusal(g, Move.attack(1, "TS")) == "[R25] the game is over: no more moves"


def test_R22_both_teams_out_in_the_same_bout_is_a_draw() -> None:
    g = setup(TEAMS, NAMES, {"Anna": "7S", "Boris": "9S"}, "Anna", out=("Cid", "Dana"))
    g.play(Move.attack(0, "7S"))
    events = g.play(Move.defend(1, "9S", "7S"))
    assert g.result == Result(None, True, False, (2, 3, 0, 1), None, "R25")
    assert events[-1] == GameOver(g.result)


def test_R22_both_teams_out_without_draws_the_last_defenders_team_loses() -> None:
    r = Rules.make("podkidnoy", teams=[[0, 2], [1, 3]], draw_allowed=False)
    g = setup(r, NAMES, {"Anna": "7S", "Boris": "9S"}, "Anna", out=("Cid", "Dana"))
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "9S", "7S"))
    assert g.result == Result(None, False, False, (2, 3, 0, 1), (1, 3), "R25")


def test_R22_three_against_three() -> None:
    r = Rules.make("podkidnoy", teams=[[0, 2, 4], [1, 3, 5]])
    names = ["A", "B", "C", "D", "E", "F"]
    g = setup(r, names, {"A": "7S 8S", "B": "9S TS", "C": "7H", "D": "7C", "E": "7D", "F": "6C"}, "A")
    assert (g.attacker, g.defender) == (0, 1)
    assert g.throwers() == [0, 2, 4]
    g.play(Move.attack(0, "7S"))
    g.play(Move.pass_(0))
    assert legal(g) == [
        "B covers 7♠ with 10♠",
        "B covers 7♠ with 9♠",
        "B takes",
        "C passes",
        "C throws in 7♥",
        "E passes",
        "E throws in 7♦",
    ]
    assert refusal(g, Move.throw(3, "7C")) == "[R22] D is B's partner and may not throw in on them"


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "prostoy", "english", "japanese"])
def test_R22_every_preset_combines_with_teams_and_deck_size(preset: str) -> None:
    r = Rules.make(preset, teams=[[0, 2], [1, 3]], deck_size=24)
    g = setup(r, NAMES, {"Anna": "9S 9H AC", "Boris": "TS TH", "Cid": "JS", "Dana": "QS"}, "Anna")
    assert (g.attacker, g.defender) == (0, 1)
    g.play(Move.attack(0, "9S 9H"))
    # throw-ins (R11) only where the preset has them, and never by Boris's partner Dana
    assert g.throwers() == ([0, 2] if r.throw_ins else [])
    assert legal(g, "Boris") == ["Boris covers 9♠ with 10♠", "Boris covers 9♥ with 10♥", "Boris takes"]
