"""Over-the-board recordings in both file forms (INTERCHANGE.md "Over-the-board
recordings", docs/notation.md "Games played over the board"; issue 10): a ``deal``
without ``deck`` read strictly with places, written canonically, converted, validated
(``--json`` STATE with what is known), its facts checked against each other with the
member and the rule (R1, R3, R4, R5, R8, R16), and the recordings of real shape in
``recordings/overboard/`` and ``tests/data/``.

Most tests use one small game (GAME_JSON / GAME_DURAK, the example of docs/notation.md):
podkidnoy, three players, Vera deals, 9♠ turned up, Anna shows 6♠ (R4) and writes the
game down: her own hand 6♠ 7♦ 8♦ J♥ Q♣ K♣, and 9♥ drawn after bout 1.
"""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_nb.cards import Card, Suit, parse_cards
from durak_nb.cli import main
from durak_nb.engine import Move
from durak_nb.record import Recording, RecordingError, io, notation, validate_file
from durak_nb.record.json_form import json_document
from durak_nb.record.notation import parse, read, write
from durak_nb.record.overboard import FactProblem, deal_problem, json_member
from durak_nb.rules import Rules
from durak_nb.selfplay import record_bot_game
from durak_nb.unseen import PartialDeal, SeenDraw

OVERBOARD = RECORDINGS / "overboard"
DATA = ROOT / "tests" / "data"
BAD = DATA / "overboard-refill-already-led"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


DOC: dict[str, Any] = {
    "format": "durak-nb/1",
    "rules": "podkidnoy",
    "players": ["Anna", "Boris", "Vera"],
    "deal": {
        "dealer": "Vera",
        "turned_up": "9S",
        "shown": {"Anna": ["6S"]},
        "hands": {"Anna": ["6S", "7D", "8D", "JH", "QC", "KC"]},
        "draws": [{"after": 3, "player": "Anna", "cards": ["9H"]}],
    },
    "moves": [
        {"player": "Anna", "action": "attack", "cards": ["8D"]},
        {"player": "Boris", "action": "defend", "card": "TD", "target": "8D"},
        {"player": "Anna", "action": "pass"},
        {"player": "Vera", "action": "pass"},
        {"player": "Boris", "action": "attack", "cards": ["7H"]},
        {"player": "Vera", "action": "take"},
        {"player": "Boris", "action": "pass"},
        {"player": "Anna", "action": "pass"},
        {"player": "Anna", "action": "attack", "cards": ["7D"]},
    ],
    "meta": {"event": "Thursday at the dacha"},
}

GAME_JSON = """{
  "format": "durak-nb/1",
  "rules": "podkidnoy",
  "players": ["Anna", "Boris", "Vera"],
  "deal": {
    "dealer": "Vera",
    "turned_up": "9S",
    "shown": {"Anna": ["6S"]},
    "hands": {"Anna": ["6S", "7D", "8D", "JH", "QC", "KC"]},
    "draws": [{"after": 3, "player": "Anna", "cards": ["9H"]}]
  },
  "moves": [
    {"player": "Anna", "action": "attack", "cards": ["8D"]},
    {"player": "Boris", "action": "defend", "card": "TD", "target": "8D"},
    {"player": "Anna", "action": "pass"},
    {"player": "Vera", "action": "pass"},
    {"player": "Boris", "action": "attack", "cards": ["7H"]},
    {"player": "Vera", "action": "take"},
    {"player": "Boris", "action": "pass"},
    {"player": "Anna", "action": "pass"},
    {"player": "Anna", "action": "attack", "cards": ["7D"]}
  ],
  "meta": {"event": "Thursday at the dacha"}
}
"""

HEAD = """[Event "Thursday at the dacha"]
[Players Anna Boris Vera]
[Rules podkidnoy]
[Dealer Vera]
[TurnedUp 9S]
[Shown Anna 6S]
[Dealt Anna 6S 7D 8D JH QC KC]
[Drew 1 Anna 9H]
"""
GAME_DURAK = (
    HEAD + "\n1. Anna 8D Boris TD/8D Anna pass Vera pass\n2. Boris 7H Vera take Boris pass Anna pass\n3. Anna 7D\n"
)
SHORT_DURAK = HEAD + "\n1. Anna 8D Boris TD/8D bito\n2. Boris 7H Vera take\n3. Anna 7D\n"

#: validate --json's STATE after the game: Anna's hand known (6♠ and 8♦ 7♦ left it, 9♥
#: came), Vera's 7♥ taken back (R14), the talon unknown but for 9♠ at its bottom (R3).
STATE_AFTER = {
    "hands": {"Anna": ["6S", "9H", "JH", "QC", "KC"], "Boris": [], "Vera": ["7H"]},
    "unknown": {"Anna": 0, "Boris": 6, "Vera": 6},
    "talon": [None] * 14 + ["9S"],
    "trump": "S",
    "table": [["7D", None]],
    "discard": ["8D", "TD"],
    "attacker": "Anna",
    "defender": "Boris",
    "bout": 3,
}


def doc_with(change: Any = None, **top: Any) -> str:
    """GAME's document, its ``deal`` changed by ``change`` (a function), top members
    replaced by ``top``, as canonical JSON text."""
    d = copy.deepcopy(DOC)
    if change is not None:
        change(d["deal"])
    d.update(top)
    return json_document(d)


def json_error(text: str) -> RecordingError:
    with pytest.raises(RecordingError) as info:
        Recording.from_json_text(text, file="g.json")
    return info.value


def durak_error(text: str) -> RecordingError:
    with pytest.raises(RecordingError) as info:
        read(text, file="g.durak")
    return info.value


def at(text: str, e: RecordingError) -> str:
    """The text at the error's place."""
    return text.splitlines()[e.line - 1][e.column - 1 :]


# ----------------------------------------------------------------------------- the JSON form


def test_json_reads_a_deal_without_deck_as_a_partial_deal() -> None:
    rec = Recording.from_json_text(GAME_JSON)
    assert rec.deal == PartialDeal(
        dealer=2,
        turned_up=Card.parse("9S"),
        trump=None,
        attacker=None,
        shown=((0, cards("6S")),),
        hands=((0, cards("6S 7D 8D JH QC KC")),),
        draws=(SeenDraw(3, 0, cards("9H")),),
    )
    assert rec.moves[:2] == [Move.attack(0, "8D"), Move.defend(1, "TD", "8D")]
    assert len(rec.moves) == 9


def test_json_writes_the_canonical_text_byte_for_byte() -> None:
    rec = Recording.from_json_text(GAME_JSON)
    assert rec.to_json() == DOC
    assert rec.dumps() == GAME_JSON


def test_json_normalises_a_refill_sorted_and_players_in_seat_order() -> None:
    def shuffle(d: dict[str, Any]) -> None:
        d["hands"] = {"Boris": ["AS", "AD", "AC", "AH", "KS", "KD"], "Anna": d["hands"]["Anna"]}
        d["draws"][0]["cards"] = ["9H"]

    rec = Recording.from_json_text(doc_with(shuffle))
    assert isinstance(rec.deal, PartialDeal)
    assert [seat for seat, _ in rec.deal.hands] == [0, 1]
    assert list(rec.to_json()["deal"]["hands"]) == ["Anna", "Boris"]


def test_the_notation_of_the_json_game_is_the_documented_text() -> None:
    rec = Recording.from_json_text(GAME_JSON)
    assert write(rec) == GAME_DURAK
    assert write(rec, passes="implied") == SHORT_DURAK


def test_notation_reads_the_headers_as_the_same_game() -> None:
    assert read(GAME_DURAK) == Recording.from_json_text(GAME_JSON)
    assert read(SHORT_DURAK) == Recording.from_json_text(GAME_JSON)
    assert read(GAME_DURAK).dumps() == GAME_JSON


def test_the_example_of_docs_notation_is_this_game() -> None:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    (block,) = [b.split("\n```", 1)[0] for b in text.split("```durak\n")[1:] if "[TurnedUp" in b]
    assert block.startswith(HEAD) and "2. Boris 7H Vera take 3. Anna 7D" in block
    assert read(block + "\n") == read(SHORT_DURAK)


def test_the_refill_names_a_bout_in_the_notation_and_a_move_in_json_r16() -> None:
    """[Drew 1 Anna 9H]: after bout 1, whose last move is move 3 (Vera's pass)."""
    rec = read(SHORT_DURAK)
    assert isinstance(rec.deal, PartialDeal)
    assert rec.deal.draws == (SeenDraw(3, 0, cards("9H")),)


# ----------------------------------------------------------------------------- validate and STATE


def test_validate_json_state_lists_known_cards_and_unknown_counts() -> None:
    for rec in (Recording.from_json_text(GAME_JSON), read(GAME_DURAK)):
        answer = notation.validate_recording(rec).to_json()
        assert answer == {
            "ok": True,
            "finished": False,
            "durak": None,
            "draw": False,
            "epaulettes": False,
            "out_order": [],
            "losing_team": None,
            "state": STATE_AFTER,
        }


def test_validate_json_at_the_end_knows_the_last_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """INTERCHANGE.md: at the end, what must be in the last hand is known (Boris, the durak)."""
    assert main(["validate", "--json", str(OVERBOARD / "perevodnoy-3p-scorer-hand.json")]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["durak"] == "Boris" and answer["finished"] is True
    state = answer["state"]
    assert state["unknown"] == {"Anna": 0, "Boris": 0, "Vera": 0}
    assert state["hands"]["Boris"] == ["6D", "6C", "7S", "7H", "7D", "7C", "8S", "TS", "KS", "AS", "AD", "AC"]
    assert state["talon"] == [] and state["trump"] == "H"


def test_an_illegal_game_states_what_was_known_before_the_move_in_both_forms() -> None:
    """tests/data: Anna's recorded refill after bout 5 names K♣, which Boris led at move 4:
    no deck order agrees, so move 4 is the illegal one (R1); STATE before it shows no hidden card."""
    want_state = {
        "hands": {"Anna": ["7D", "8S", "JH", "JD", "JC", "QD", "AH"], "Boris": [], "Vera": ["6H"]},
        "unknown": {"Anna": 0, "Boris": 6, "Vera": 5},
        "talon": [None] * 16 + ["TH"],
        "trump": "H",
        "table": [],
        "discard": [],
        "attacker": "Boris",
        "defender": "Vera",
        "bout": 2,
    }
    for suffix, line, column in ((".json", 23, 5), (".durak", 18, 4)):
        (report,) = io.validate_path(BAD.with_suffix(suffix))
        assert not report.ok and report.error is not None
        e = report.error
        assert (e.line, e.column, e.rule, e.move) == (line, column, "R1", 4)
        assert e.message.startswith("move 5 (Boris ")  # as people count; e.move and "move" stay 0-based
        assert "K♣ is still in the talon (by what was recorded)" in e.message
        if suffix == ".durak":
            assert e.state is None  # no Position: it would hold the witness's hidden cards
        answer = report.to_json()
        assert (answer["ok"], answer["move"], answer["rule"]) == (False, 4, "R1")
        assert answer["state"] == want_state


def test_the_illegal_file_is_refused_by_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BAD.with_suffix(".json"))]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"{BAD.with_suffix('.json')}:23:5: error: [R1] move 5 (Boris attacks K♣): K♣ is still in the talon"
        " (by what was recorded)\n"
    )


def test_lenient_reading_keeps_the_moves_before_the_move_a_later_fact_refuses() -> None:
    reading = notation.load(BAD.with_suffix(".durak"), strict=False)
    (problem,) = reading.problems
    assert (problem.rule, problem.move, problem.line) == ("R1", 4, 18)
    (rec,) = reading.games
    assert len(rec.moves) == 4 and rec.result is None
    assert isinstance(rec.deal, PartialDeal) and rec.deal.draws == ()
    assert notation.validate_recording(rec).ok


# ----------------------------------------------------------------------------- convert


def test_cli_converts_both_ways_byte_identical(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "game.json"
    src.write_text(GAME_JSON, encoding="utf-8")
    assert main(["convert", str(src), str(tmp_path / "game.durak")]) == 0
    assert (tmp_path / "game.durak").read_text(encoding="utf-8") == GAME_DURAK
    assert main(["convert", str(tmp_path / "game.durak"), str(tmp_path / "back.json")]) == 0
    assert (tmp_path / "back.json").read_text(encoding="utf-8") == GAME_JSON
    short = tmp_path / "short.durak"
    short.write_text(SHORT_DURAK, encoding="utf-8")
    assert main(["convert", str(short), str(tmp_path / "tidy.durak")]) == 0
    assert (tmp_path / "tidy.durak").read_text(encoding="utf-8") == GAME_DURAK
    assert capsys.readouterr().err == ""


def test_convert_refuses_the_illegal_game_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.durak"
    assert main(["convert", str(BAD.with_suffix(".json")), str(out)]) == 1
    assert not out.exists()


OVERBOARD_JSON = sorted(OVERBOARD.glob("*.json"))


@pytest.mark.parametrize("path", OVERBOARD_JSON, ids=[p.name for p in OVERBOARD_JSON])
def test_overboard_recordings_convert_both_ways_byte_identical(path: Path) -> None:
    rec = Recording.load(path)
    text = path.with_suffix(".durak").read_text(encoding="utf-8")
    assert write(rec) == text
    back = read(text)
    assert back == rec
    assert back.dumps() == path.read_text(encoding="utf-8")
    assert read(write(rec, passes="implied")) == rec


def test_overboard_recordings_know_only_what_was_seen() -> None:
    """The 4-player game: only the turned-up card and the shown trump (R3, R4), no hand,
    no refill; the scorer game: Anna's hand and each of her refills (R16)."""
    laid = Recording.load(OVERBOARD / "podkidnoy-4p-laid-cards.json")
    assert isinstance(laid.deal, PartialDeal) and len(laid.players) == 4
    assert laid.deal.hands == () and laid.deal.draws == () and len(laid.deal.shown) == 1
    assert laid.rules.preset == "podkidnoy"
    scorer = Recording.load(OVERBOARD / "perevodnoy-3p-scorer-hand.json")
    assert isinstance(scorer.deal, PartialDeal)
    assert [seat for seat, _ in scorer.deal.hands] == [0]
    assert {d.player for d in scorer.deal.draws} == {0} and len(scorer.deal.draws) == 5


def test_make_overboard_recordings_check_passes() -> None:
    from test_recordings import run_script

    run = run_script("make_overboard_recordings.py", "--check")
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(run.stdout.splitlines()) == 4


# ----------------------------------------------------------------------------- the facts, JSON


@pytest.mark.parametrize(
    "change,line,column,rule,message,there",
    [
        (
            lambda d: d.update(seed=1),
            11,
            13,
            None,
            "deal: unknown member 'seed': a deal without 'deck' has dealer, turned_up, trump, attacker, shown,"
            " hands, draws",
            "1",
        ),
        (
            lambda d: d.pop("turned_up"),
            5,
            11,
            "R3",
            "deal.turned_up: the card turned up under the talon is missing (its suit is trump)",
            "{",
        ),
        (
            lambda d: d.update(trump="S"),
            11,
            14,
            "R3",
            "deal.trump: a card is turned up (9♠), so its suit is trump: leave the trump suit out",
            '"S"',
        ),
        (
            lambda d: d.update(shown={"Anna": ["6H"]}),
            8,
            23,
            "R4",
            "deal.shown.Anna: 6♥ is not a trump: the trump suit is ♠ (the turned-up 9♠)",
            '["6H"]',
        ),
        (
            lambda d: d["hands"]["Anna"].append("9D"),
            9,
            23,
            "R3",
            "deal.hands.Anna: 7 cards; a starting hand has 6",
            '["6S", "7D"',
        ),
        (
            lambda d: d["hands"].update(Boris=["6S", "7S", "8S", "9D", "TD", "JD"]),
            9,
            70,
            "R1",
            "deal.hands.Boris: 6♠ is already in Anna's starting hand",
            '["6S", "7S"',
        ),
        (
            lambda d: d["hands"].update(Boris=["9S", "7S", "8S", "9D", "TC", "JD"]),
            9,
            70,
            "R1",
            "deal.hands.Boris: 9♠ is already the card turned up under the talon",
            '["9S", "7S"',
        ),
        (
            lambda d: d["hands"]["Anna"].__setitem__(2, "5D"),
            9,
            36,
            "R1",
            "deal.hands.Anna[2]: 5D is not in a 36-card deck",
            '"5D"',
        ),
        (
            lambda d: d["draws"][0].update(after=9),
            10,
            25,
            "R16",
            "deal.draws[0].after: after move 10, but the game has 9 moves",
            "9,",
        ),
        (
            lambda d: d["draws"].append({"after": 1, "player": "Boris", "cards": ["AS"]}),
            12,
            17,
            "R16",
            "deal.draws[1].after: after move 2 comes before the refill after move 4: list the refills in the order"
            " of the game",
            "1,",
        ),
        (
            lambda d: d["draws"].append({"after": 3, "player": "Anna", "cards": ["AS"]}),
            12,
            7,
            "R16",
            "deal.draws[1]: Anna draws once in the refill after move 4",
            '{"after": 3',
        ),
        (
            lambda d: d["draws"][0].update(cards=["QC"]),
            10,
            15,
            "R1",
            "deal.draws[0]: Q♣ is already in Anna's starting hand",
            '{"after": 3',
        ),
        (
            lambda d: d["draws"][0].update(cards=["AS", "AD", "AC", "AH", "KS", "KD", "KH"]),
            10,
            15,
            "R16",
            "deal.draws[0]: 7 cards in one refill; a hand is refilled up to 6",
            '{"after": 3',
        ),
        (
            lambda d: d["draws"][0].pop("cards"),
            10,
            15,
            "R16",
            "deal.draws[0]: an object with exactly 'after' (a move index), 'player' and 'cards'",
            '{"after": 3',
        ),
        (
            lambda d: d.pop("shown"),
            5,
            11,
            "R4",
            "deal.attacker: who led first? name the attacker, or the lowest trump shown",
            "{",
        ),
        (
            lambda d: d.update(shown={"Boris": ["7S"]}),
            9,
            23,
            "R4",
            "deal.hands.Anna: 6♠ is a lower trump than 7♠, the lowest trump shown for the first lead: every lower"
            " trump was in the talon",
            '["6S"',
        ),
        (
            lambda d: d.update(shown={"Anna": ["6S", "7S"]}),
            8,
            23,
            "R1",
            "deal.shown.Anna: 7♠ is shown but is not in Anna's starting hand",
            '["6S", "7S"]',
        ),
        (
            lambda d: d["hands"].update(Gleb=["6S"]),
            9,
            69,
            "R3",
            "deal.hands.Gleb: 'Gleb' is not a player",
            '["6S"]',
        ),
        (lambda d: d.update(turned_up=7), 7, 18, "R3", 'deal.turned_up: one card code, e.g. "7H"', "7,"),
    ],
)
def test_json_facts_are_refused_at_the_member_with_the_rule(
    change: Any, line: int, column: int, rule: str | None, message: str, there: str
) -> None:
    text = doc_with(change)
    e = json_error(text)
    assert (e.line, e.column, e.rule, e.message, e.move) == (line, column, rule, message, None)
    assert at(text, e).startswith(there)


def test_japanese_and_a_six_player_deal_turn_no_card_up_r8_r3() -> None:
    e = json_error(doc_with(rules="japanese"))
    assert (e.rule, e.message) == (
        "R8",
        "deal.turned_up: in japanese durak no card is turned up: diamonds are always trump",
    )
    six = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
    e = json_error(doc_with(players=six))
    assert (e.rule, e.message) == (
        "R3",
        "deal.turned_up: every card is dealt, so no card is left to turn up: name the trump suit instead",
    )
    e = json_error(doc_with(lambda d: (d.pop("turned_up"), d.update(hands={}, draws=[])), players=six))
    assert (e.rule, e.message) == (
        "R3",
        "deal.trump: every card is dealt, so no card is left to turn up and the trump suit was chosen at random:"
        " name it",
    )


def test_a_six_player_deal_names_its_trump_and_reads_back() -> None:
    six = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
    text = doc_with(
        lambda d: (d.pop("turned_up"), d.update(trump="S", hands={}, draws=[], shown={"Anna": ["6S"]})),
        players=six,
        moves=[{"player": "Anna", "action": "attack", "cards": ["8D"]}],
    )
    rec = Recording.from_json_text(text)
    assert isinstance(rec.deal, PartialDeal) and rec.deal.trump is Suit.S and rec.deal.turned_up is None
    assert list(rec.to_json()["deal"]) == ["dealer", "trump", "shown"]
    assert Recording.from_json_text(rec.dumps()) == rec
    assert "[Trump S]" in write(rec) and read(write(rec)) == rec


# ----------------------------------------------------------------------------- the facts, notation


@pytest.mark.parametrize(
    "old,new,line,column,rule,message",
    [
        (
            "[Dealt Anna 6S 7D 8D JH QC KC]",
            "[Dealt Anna 6S 7D 8D JH QC KC 9D]",
            7,
            1,
            "R3",
            "[Dealt Anna …]: 7 cards; a starting hand has 6",
        ),
        (
            "[Shown Anna 6S]",
            "[Shown Anna 6H]",
            6,
            1,
            "R4",
            "[Shown Anna …]: 6♥ is not a trump: the trump suit is ♠ (the turned-up 9♠)",
        ),
        (
            "[Drew 1 Anna 9H]",
            "[Drew 1 Anna 9H]\n[Dealt Boris 6S 7S 8S 9D TC JD]",
            9,
            1,
            "R1",
            "[Dealt Boris …]: 6♠ is already in Anna's starting hand",
        ),
        ("[Drew 1 Anna 9H]", "[Drew 1 Anna QC]", 8, 1, "R1", "[Drew 1 Anna …]: Q♣ is already in Anna's starting hand"),
        (
            "[Drew 1 Anna 9H]",
            "[Drew 7 Anna 9H]",
            8,
            1,
            "R16",
            "[Drew 7 Anna …]: bout 7 does not end in bito or a take in the moves, so no refill follows it",
        ),
        (
            "[Drew 1 Anna 9H]",
            "[Drew 2 Boris 9C]\n[Drew 1 Anna 9H]",
            9,
            1,
            "R16",
            "[Drew 1 …] comes after a refill of bout 2: list the refills in the order of the game",
        ),
        (
            "[Drew 1 Anna 9H]",
            "[Drew x Anna 9H]",
            8,
            7,
            "R16",
            "[Drew BOUT name cards]: the bout after which the player drew, the player, the cards drawn",
        ),
        (
            "[TurnedUp 9S]\n",
            "",
            4,
            1,
            "R3",
            "[TurnedUp card]: the card turned up under the talon is missing (its suit is trump)",
        ),
        (
            "[TurnedUp 9S]",
            "[TurnedUp 9S]\n[Trump S]",
            6,
            1,
            "R3",
            "[Trump …]: a card is turned up (9♠), so its suit is trump: leave the trump suit out",
        ),
        ("[TurnedUp 9S]", "[TurnedUp 9S 9H]", 5, 11, "R3", "[TurnedUp card]: the one card turned up under the talon"),
        (
            "[Shown Anna 6S]\n",
            "",
            4,
            1,
            "R4",
            "[Attacker name]: who led first? name the attacker, or the lowest trump shown",
        ),
        ("[Shown Anna 6S]", "[Shown Anna 6S]\n[Shown Anna 7S]", 7, 1, "R4", "[Shown Anna …] is given twice"),
        (
            "[TurnedUp 9S]",
            "[TurnedUp 9S]\n[Seed 3]",
            5,
            1,
            None,
            "[TurnedUp ...] belongs to a game played over the board, whose deal nobody saw: leave out [Seed n] and"
            " [Deck ...]",
        ),
    ],
)
def test_notation_facts_are_refused_at_the_header_with_the_rule(
    old: str, new: str, line: int, column: int, rule: str | None, message: str
) -> None:
    assert old in GAME_DURAK
    e = durak_error(GAME_DURAK.replace(old, new, 1))
    assert (e.line, e.column, e.rule, e.message) == (line, column, rule, message)


@pytest.mark.parametrize(
    "moves,column,rule,message",
    [
        ("1. Anna 8D Boris QC/8D", 12, "R1", "move 2 (Boris QC/8D): Q♣ is already in Anna's hand"),
        ("1. Anna 8D Boris 9S/8D", 12, "R1", "move 2 (Boris 9S/8D): 9♠ is the turned-up card under the talon"),
        ("1. Boris 8D", 4, "R9", "move 1 (Boris 8D): it is Anna's lead, not Boris's"),
    ],
)
def test_notation_moves_against_the_facts_are_refused_with_candidates(
    moves: str, column: int, rule: str, message: str
) -> None:
    """The legal moves named are the candidates (every move some deck order allows); the
    error carries what is known, never a Position with hidden cards."""
    e = durak_error(HEAD + "\n" + moves + "\n")
    assert (e.line, e.column, e.rule) == (10, column, rule)
    assert e.message.startswith(message + "; legal moves: ")
    assert e.state is None and e.known is not None
    assert e.known["unknown"]["Boris"] == 6 and e.known["hands"]["Boris"] == []


def test_a_later_refill_makes_an_earlier_move_illegal_in_the_notation() -> None:
    """[Drew 1 Anna TD]: 10♦ was in the talon, so Boris could not cover with it at move 1 (R1)."""
    e = durak_error(GAME_DURAK.replace("[Drew 1 Anna 9H]", "[Drew 1 Anna TD]"))
    assert (e.line, e.column, e.rule, e.move) == (10, 12, "R1", 1)
    assert e.message.startswith("move 2 (Boris TD/8D): 10♦ is still in the talon (by what was recorded)")


def test_a_refill_of_the_wrong_size_is_refused_at_the_bout_end_r16() -> None:
    e = durak_error(SHORT_DURAK.replace("[Drew 1 Anna 9H]", "[Drew 1 Anna 9H AH]"))
    assert (e.line, e.column, e.rule, e.move) == (10, 24, "R16", 3)
    assert e.message.startswith("move 4 (Vera pass): the record says Anna drew 2 after move 4, but Anna draws 1 there")


# ----------------------------------------------------------------------------- redeal (R5)

REDEAL_HEAD = """[Players Anna Boris]
[Rules podkidnoy redeal_five_of_suit=true]
[Dealer Boris]
[TurnedUp 9D]
[Attacker Anna]
[Dealt Anna 6H 8H TH QH AH 7S]
"""
REDEAL_JSON = """{
  "format": "durak-nb/1",
  "rules": {"preset": "podkidnoy", "redeal_five_of_suit": true},
  "players": ["Anna", "Boris"],
  "deal": {
    "dealer": "Boris",
    "turned_up": "9D",
    "attacker": "Anna",
    "hands": {"Anna": ["6H", "8H", "TH", "QH", "AH", "7S"]}
  },
  "moves": [
    {
      "player": "Anna",
      "action": "redeal",
      "cards": ["6H", "8H", "TH", "QH", "AH"],
      "turned_up": "KS"
    },
    {"player": "Boris", "action": "attack", "cards": ["7C"]}
  ]
}
"""


def test_a_redeal_names_the_cards_claimed_and_the_new_turned_up_card_r5() -> None:
    text = REDEAL_HEAD + "\n1. Anna redeal 6H 8H TH QH AH up KS\n1. Boris 7C\n"
    rec = read(text)
    assert rec.moves[0] == Move(0, Move.redeal(0).action, cards("6H 8H TH QH AH"))
    assert isinstance(rec.deal, PartialDeal) and rec.deal.redeals == ((0, Card.parse("KS")),)
    assert write(rec) == text
    assert rec.dumps() == REDEAL_JSON
    assert Recording.from_json_text(REDEAL_JSON) == rec
    state = notation.validate_recording(rec).to_json()["state"]
    assert (state["trump"], state["talon"][-1], state["unknown"]) == ("S", "KS", {"Anna": 6, "Boris": 5})


@pytest.mark.parametrize(
    "moves,column,rule,message",
    [
        (
            "1. Anna redeal 6H 8H TH QH AH up TH",
            4,
            "R1",
            "move 1 (Anna redeal 6H 8H TH QH AH): the new deal's turned-up card 10♥ is among the cards claimed",
        ),
        (
            "1. Anna 7S (1. Anna redeal 6H 8H TH QH AH up KS) Boris take",
            43,
            "R5",
            "a redeal's new turned-up card is recorded in the main line only (INTERCHANGE.md): leave out 'up KS'"
            " in a variation",
        ),
        (
            "1. Anna redeal up KS",
            15,
            "R5",
            "redeal: the cards claimed follow (five or more of one suit), e.g. Anna redeal 6S 8S TS QS AS",
        ),
        (
            "1. Anna redeal 6H 8H TH QH AH up",
            31,
            "R3",
            "up: the new deal's turned-up card follows, e.g. Anna redeal 6S 8S TS QS AS up 9D",
        ),
    ],
)
def test_a_bad_redeal_is_refused_at_its_place(moves: str, column: int, rule: str, message: str) -> None:
    e = durak_error(REDEAL_HEAD + "\n" + moves + "\n")
    assert (e.line, e.column, e.rule) == (8, column, rule)
    assert e.message == message


@pytest.mark.parametrize(
    "move,rule,message",
    [
        (
            {"player": "Anna", "action": "redeal", "deck": ["6H"]},
            "R5",
            "moves[0]: in a deal without deck a redeal names the cards claimed ('cards', five or more of one suit)"
            " and may name the new deal's 'turned_up' card",
        ),
        (
            {"player": "Anna", "action": "redeal", "cards": ["6H", "8H", "TH", "QH"], "turned_up": "KS"},
            "R5",
            "moves[0]: a redeal claim shows 5 or more cards of one suit (and at most 6), not 4",
        ),
        (
            {"player": "Anna", "action": "redeal", "cards": ["6H", "8H", "TH", "QH", "7S"], "turned_up": "KS"},
            "R5",
            "moves[0]: a redeal claim shows cards of one suit: 6♥ 8♥ 10♥ Q♥ 7♠",
        ),
        (
            {"player": "Anna", "action": "redeal", "cards": ["6H", "8H", "TH", "QH", "KH"], "turned_up": "KS"},
            "R1",
            "moves[0]: K♥ is claimed but is not in Anna's starting hand",
        ),
    ],
)
def test_json_redeal_claims_are_checked_r5(move: dict[str, Any], rule: str, message: str) -> None:
    doc = json.loads(REDEAL_JSON)
    doc["moves"][0] = move
    e = json_error(json_document(doc))
    assert (e.rule, e.message, e.line, e.column) == (rule, message, 12, 5)


def test_a_whole_deck_game_refuses_a_redeal_with_cards_r5() -> None:
    rec = Recording.load(RECORDINGS / "redeal-five-of-a-suit.json")
    doc = rec.to_json()
    k = next(i for i, m in enumerate(doc["moves"]) if m["action"] == "redeal")
    doc["moves"][k] = {"player": doc["moves"][k]["player"], "action": "redeal", "cards": ["6H"]}
    e = json_error(json_document(doc))
    assert (e.rule, e.message) == ("R5", f"moves[{k}]: redeal takes 'deck', the new shuffle")


# ----------------------------------------------------------------------------- the facts' one home


def test_deal_problem_names_the_member_for_both_forms() -> None:
    """overboard.deal_problem is the one check; each reader names the member in its words."""
    rules = Rules.make("podkidnoy")
    deal = PartialDeal(dealer=1, turned_up=Card.parse("7H"), hands=((1, cards("6S 7S 8S")),))
    problem = deal_problem(rules, ["Anna", "Boris"], deal, [])
    assert problem == FactProblem(("hands", 1), "3 cards; a starting hand has 6", "R3")
    assert json_member(problem.member, ["Anna", "Boris"]) == "deal.hands.Boris"


def test_a_writer_refuses_a_refill_after_a_move_that_ends_no_bout_r16() -> None:
    rec = Recording.from_json_text(GAME_JSON)
    assert isinstance(rec.deal, PartialDeal)
    rec.deal = PartialDeal(**{**rec.deal.__dict__, "draws": (SeenDraw(2, 0, cards("9H")),)})
    with pytest.raises(RecordingError) as info:
        write(rec)
    assert info.value.rule in ("R16",)


def test_recording_errors_keep_what_is_known_when_pickled() -> None:
    e = durak_error(HEAD + "\n1. Anna 8D Boris QC/8D\n")
    again = pickle.loads(pickle.dumps(e))
    assert again.known == e.known and again.format() == e.format()


def test_validate_file_reads_the_overboard_recordings() -> None:
    for path in OVERBOARD_JSON:
        report = validate_file(path)
        assert report.ok, report.describe()
        assert report.to_json()["state"]["unknown"] == {name: 0 for name in Recording.load(path).players}


def test_the_lenient_parse_of_a_good_game_has_no_problem() -> None:
    reading = parse(SHORT_DURAK, strict=False)
    assert reading.ok and reading.games == [read(GAME_DURAK)]


def test_cli_convert_writes_the_short_form_on_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "game.json"
    src.write_text(GAME_JSON, encoding="utf-8")
    assert main(["convert", "--passes", "implied", str(src), str(tmp_path / "short.durak")]) == 0
    assert (tmp_path / "short.durak").read_text(encoding="utf-8") == SHORT_DURAK
    assert capsys.readouterr().out == f"{tmp_path / 'short.durak'}: 1 game\n"


def _script() -> Any:
    """scripts/make_overboard_recordings.py as a module (its ``forget`` is the one home of
    "what a person at the table saw" of a bot game)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_overboard", ROOT / "scripts" / "make_overboard_recordings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FORGET = _script().forget


@settings(max_examples=6, deadline=None)
@given(
    preset=st.sampled_from(["podkidnoy", "perevodnoy"]),
    players=st.integers(2, 3),
    seed=st.integers(0, 10_000),
    scorer=st.one_of(st.none(), st.integers(0, 1)),
)
def test_any_bot_game_with_its_deck_forgotten_round_trips_in_both_forms(
    preset: str, players: int, seed: int, scorer: int | None
) -> None:
    """Invariant: a legal game, its deck forgotten (what the table saw, with or without a
    scorer's hand and refills), is legal (R1-R27), and reads back byte-identical in the
    JSON form, the notation and the short notation."""
    full = record_bot_game(preset, players, seed, {"deck_size": 24})
    rec = Recording(
        rules=full.rules, players=full.players, deal=FORGET(full, scorer), moves=list(full.moves), result=full.result
    )
    assert notation.validate_recording(rec).ok
    text = rec.dumps()
    assert Recording.from_json_text(text) == rec and Recording.from_json_text(text).dumps() == text
    durak = write(rec)
    assert read(durak) == rec and write(read(durak)) == durak
    assert read(write(rec, passes="implied")) == rec


def test_a_variation_redeal_naming_cards_is_refused_in_a_whole_deck_game_r5(tmp_path: Path) -> None:
    """The cards-claimed form of a redeal belongs to a deal nobody saw; in a game with a
    whole deck validate and the writers refuse it (the notation would read it as a deck)."""
    rec = Recording.load(RECORDINGS / "redeal-five-of-a-suit.json")
    k = next(i for i, m in enumerate(rec.moves) if m.action is Move.redeal(0).action)
    claimant = rec.players[rec.moves[k].player]
    held = [c for c in rec.new_game().hands[rec.moves[k].player] if c.suit == Suit.H][:5]
    doc = rec.to_json()
    line = {"moves": [{"player": claimant, "action": "redeal", "cards": [c.code for c in held]}]}
    doc["meta"] = {**doc.get("meta", {}), "variations": {str(k): [line]}}
    path = tmp_path / "bad.json"
    path.write_text(json_document(doc), encoding="utf-8")
    bad = Recording.load(path)
    (report,) = io.validate_path(path)
    assert not report.ok and report.error is not None
    assert (report.error.rule, report.error.branch) == ("R5", ((k, 1),))
    assert report.error.message.endswith(
        "a redeal in a game dealt from a whole deck names the new deck, top card first"
    )
    with pytest.raises(RecordingError, match="names the new deck"):
        write(bad)


def test_up_after_a_whole_deck_redeal_is_refused_r5() -> None:
    text = (RECORDINGS / "redeal-five-of-a-suit.durak").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("    Boris redeal "))
    e = durak_error(text.replace(line, line + " up 9D"))
    assert (e.rule, e.line) == ("R5", text.splitlines().index(line) + 1)
    assert e.message == (
        "'up' names the new turned-up card of a redeal in a game whose deal nobody saw; this game's redeal names"
        " the whole new deck, top card first"
    )


def test_a_deal_with_a_dealer_and_no_cards_names_both_ways_to_give_them_r3() -> None:
    e = durak_error("[Players Anna Boris]\n[Dealer Boris]\n\n1. Anna 7S\n")
    assert (e.line, e.column, e.rule) == (2, 1, "R3")
    assert e.message == (
        "[TurnedUp card]: the card turned up under the talon is missing (its suit is trump) (or give the whole"
        " deal: [Seed n] or [Deck ...])"
    )
