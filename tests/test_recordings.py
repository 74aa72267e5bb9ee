"""The recordings in ``recordings/``: every file is a legal, documented, canonical game,
and each hand-made lesson makes its point (rule ids in each test's name or docstring).

The lessons are made by ``scripts/make_lesson_recordings.py``; the bot games by
``durak-nb play`` with the command kept in ``meta.event``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from durak_nb.cards import Card, Suit, parse_cards
from durak_nb.engine import (
    Bito,
    Drew,
    Event,
    Game,
    GameOver,
    LeadPassed,
    Move,
    Out,
    Redealt,
    Refusal,
    Result,
    Took,
)
from durak_nb.record import Recording, validate_file
from durak_nb.rules import RULE_TEXTS, Rules

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"
FILES = sorted(RECORDINGS.glob("*.json"))

BOT_FILES = {
    "podkidnoy-2p.json",
    "perevodnoy-3p.json",
    "perevodnoy-6p-52cards.json",
    "prostoy-3p.json",
    "english-4p.json",
    "japanese-3p.json",
    "podkidnoy-teams-2v2.json",
    "podkidnoy-3p-24cards.json",
}
LESSON_FILES = {
    "seed000-vdogonku.json",
    "transfer-twice.json",
    "show-trump-transfer.json",
    "drawing-order-short-talon.json",
    "draw.json",
    "epaulettes.json",
    "first-bout-limit.json",
    # one lesson per topic of RULES.md not shown above
    "trump-six-beats-ace.json",
    "japanese-spades.json",
    "english-pass-the-lead.json",
    "prostoy-pair-lead.json",
    "throw-in-order.json",
    "transfer-back-two-players.json",
    "teams-partner-takes-over.json",
    "out-order-three-players.json",
    "two-sixes-win.json",
    "repetition-draw.json",
    "neighbours-only-five-players.json",
    "redeal-five-of-a-suit.json",
    "no-transfer-first-bout.json",
}


def ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def at(name: str, k: int | None = None) -> tuple[Recording, Game, list[Event]]:
    """The recording ``name``, the game after move ``k`` (before any move when ``k``
    is ``None``), and the events move ``k`` caused."""
    rec = Recording.load(RECORDINGS / name)
    game = rec.new_game()
    events: list[Event] = []
    if k is not None:
        for move in rec.moves[: k + 1]:
            events = game.play(move)
    return rec, game, events


def mentioned_rules(text: str) -> set[int]:
    """Rule numbers a text names: ``R13b`` -> 13, ``R11-R14`` -> 11..14."""
    out: set[int] = set()
    for lo, hi in re.findall(r"R(\d+)[a-c]?(?:-R(\d+))?", text):
        out.update(range(int(lo), int(hi or lo) + 1))
    return out


def hand(game: Game, name: str) -> tuple[Card, ...]:
    return tuple(game.hands[game.seat(name)])


def start_under(rec: Recording, rules: Rules) -> Game:
    """The start position of the lesson ``rec`` played under other ``rules``."""
    assert rec.start is not None
    return Game.from_start(rules, rec.players, rec.start)


# ----------------------------------------------------------------------------- every file


def test_the_folder_holds_exactly_the_planned_files() -> None:
    """Eight bot games and twenty lessons (R1-R27 across them)."""
    assert {p.name for p in FILES} == BOT_FILES | LESSON_FILES


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_file_validates_and_replays(path: Path) -> None:
    """validate_file accepts the file (every move legal, R1-R27) and the replay agrees
    with the written result (R25)."""
    report = validate_file(path)
    assert report.ok, report.error
    rec = Recording.load(path)
    game = rec.replay()
    assert report.game is not None
    assert game.position() == report.game.position()
    if game.finished:
        assert rec.result is not None, "a finished game carries its result"
        assert rec.result == rec.result_json(game)
    else:
        assert rec.result is None
        assert path.name in LESSON_FILES


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_file_has_meta_title_description_rules_shown(path: Path) -> None:
    """meta.title (short), meta.description, meta.rules_shown (known rule ids) and meta.ends."""
    meta = Recording.load(path).meta
    assert isinstance(meta["title"], str) and 0 < len(meta["title"]) <= 60
    assert isinstance(meta["description"], str) and len(meta["description"]) >= 200
    shown = meta["rules_shown"]
    assert isinstance(shown, list) and shown
    explained = mentioned_rules(" ".join([meta["description"], *meta.get("comments", {}).values()]))
    for rule in shown:
        m = re.fullmatch(r"R(\d+)[a-c]?", rule)
        assert m is not None and f"R{m.group(1)}" in RULE_TEXTS, rule
        assert int(m.group(1)) in explained, f"{rule} is listed in rules_shown but not named in the text"
    assert meta["ends"].startswith(("plays to the end", "ends where the lesson's point is made"))
    if path.name in BOT_FILES:
        assert meta["bots"] == "random"
        assert meta["event"].startswith("durak-nb play ") and meta["event"].endswith(f"-o recordings/{path.name}")
    else:
        assert set(meta["comments"]) <= {str(k) for k in range(len(Recording.load(path).moves))}


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_canonical_writer_reproduces_file_byte_for_byte(path: Path) -> None:
    """Recording.load(p).dumps() is the file's text (INTERCHANGE.md round trip)."""
    assert Recording.load(path).dumps() == path.read_text(encoding="utf-8")


BOTS = sorted(p for p in FILES if p.name in BOT_FILES)


@pytest.mark.parametrize("path", BOTS, ids=ids(BOTS))
def test_bot_game_is_remade_by_its_command(path: Path, tmp_path: Path) -> None:
    """The command in meta.event (durak-nb play) makes the same deal, moves and result."""
    rec = Recording.load(path)
    argv = shlex.split(rec.meta["event"])
    assert argv[:2] == ["durak-nb", "play"] and argv[-2] == "-o"
    out = tmp_path / "game.json"
    run = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", *argv[1:-1], str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    made = Recording.load(out).to_json()
    mine = rec.to_json()
    for key in ("rules", "players", "deal", "moves", "result"):
        assert made[key] == mine[key], key


def test_the_set_covers_every_preset_player_count_deck_and_teams() -> None:
    """Every preset, 2/3/4/6 players, a team game (R22), 24 and 52 cards (R1); bot games
    end with a durak or a losing team, not a repetition draw (R25, R27)."""
    recs = [Recording.load(p) for p in BOTS]
    assert {r.rules.preset for r in recs} == {"podkidnoy", "perevodnoy", "prostoy", "english", "japanese"}
    assert {len(r.players) for r in recs} >= {2, 3, 4, 6}
    assert {r.rules.deck_size for r in recs} == {24, 36, 52}
    assert [r.players for r in recs if r.rules.teams is not None] == [("Anna", "Boris", "Vera", "Gleb")]
    for r in recs:
        result = r.replay().result
        assert result is not None and not result.draw and result.rule in ("R25", "R22")


def test_readme_has_one_line_per_file() -> None:
    readme = (RECORDINGS / "README.md").read_text(encoding="utf-8")
    for p in FILES + OVERBOARD:
        assert sum(1 for line in readme.splitlines() if f"`{p.name}`" in line) == 1, p.name


# ----------------------------------------------------------------------------- deals nobody saw

#: recordings/overboard/: games whose deal nobody saw whole (INTERCHANGE.md "Over-the-board
#: recordings"), each in both forms, made by scripts/make_overboard_recordings.py.
OVERBOARD = sorted((RECORDINGS / "overboard").glob("*.json"))


def test_the_overboard_folder_holds_the_planned_files() -> None:
    assert [p.name for p in OVERBOARD] == ["perevodnoy-3p-scorer-hand.json", "podkidnoy-4p-laid-cards.json"]
    assert sorted(p.name for p in (RECORDINGS / "overboard").iterdir()) == sorted(
        [p.name for p in OVERBOARD] + [p.with_suffix(".durak").name for p in OVERBOARD]
    )


@pytest.mark.parametrize("path", OVERBOARD, ids=ids(OVERBOARD))
def test_overboard_file_validates_replays_and_is_canonical(path: Path) -> None:
    """Every over-the-board recording is legal (some deck order allows every move, R1-R27),
    plays to the end with the written result (R25), and both its forms are canonical."""
    from durak_nb.record import notation
    from durak_nb.unseen import PartialDeal

    report = validate_file(path)
    assert report.ok, report.error
    rec = Recording.load(path)
    assert isinstance(rec.deal, PartialDeal)
    game = rec.replay()
    assert game.finished and rec.result is not None and rec.result == rec.result_json(game)
    assert rec.dumps() == path.read_text(encoding="utf-8")
    assert isinstance(rec.meta["title"], str) and len(rec.meta["description"]) >= 200
    (durak,) = notation.validate_path(path.with_suffix(".durak"))
    assert durak.ok, durak.describe()
    assert notation.write(durak.recording) == path.with_suffix(".durak").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- the command line


def test_cli_validate_all_recordings_exits_0() -> None:
    """``durak-nb validate recordings/*.json`` exits 0 (INTERCHANGE.md)."""
    run = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "validate", *map(str, FILES)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert len(run.stdout.splitlines()) == len(FILES)


def test_cli_validate_json_is_ok_for_every_file() -> None:
    """``durak-nb validate --json``: one object per file, ok true, results as replayed (R25, R26, R22, R27)."""
    run = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "validate", "--json", *map(str, FILES)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(FILES)
    assert all(a["ok"] is True for a in answers)
    by_name = dict(zip((p.name for p in FILES), answers, strict=True))
    assert by_name["draw.json"]["draw"] is True and by_name["draw.json"]["durak"] is None
    assert by_name["epaulettes.json"]["epaulettes"] is True and by_name["epaulettes.json"]["durak"] == "Boris"
    assert by_name["podkidnoy-2p.json"]["durak"] == "Anna"
    assert by_name["podkidnoy-teams-2v2.json"]["losing_team"] == ["Anna", "Vera"]
    assert by_name["podkidnoy-teams-2v2.json"]["durak"] is None
    assert by_name["seed000-vdogonku.json"]["finished"] is False
    assert by_name["repetition-draw.json"]["draw"] is True and by_name["repetition-draw.json"]["durak"] is None
    assert by_name["two-sixes-win.json"]["durak"] == "Boris" and by_name["two-sixes-win.json"]["epaulettes"] is True
    assert by_name["out-order-three-players.json"]["durak"] == "Boris"


def run_script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``scripts/NAME`` with ``args`` from the repository root (output captured)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name), *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_make_lesson_recordings_script_reproduces_the_files() -> None:
    """scripts/make_lesson_recordings.py --check: the committed files are what the script makes."""
    run = run_script("make_lesson_recordings.py", "--check")
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.splitlines()) == len(FILES)


# ----------------------------------------------------------------------------- lessons


def test_seed000_vdogonku_r13b_r14_only_two_may_follow_the_take() -> None:
    """Seed 000 (R13b, R14): three cards in hand, one led, take: exactly two more may follow."""
    _, g, _ = at("seed000-vdogonku.json", 0)
    assert hand(g, "Boris") == cards("6C 8D 9C")
    assert g.legal_moves("Boris") == [Move.take(1)]  # nothing beats 7S (R6)
    _, g, events = at("seed000-vdogonku.json", 1)  # Boris takes
    assert events == [] and g.taking
    assert g.room() == 2
    assert g.table == [(Card.parse("7S"), None)]
    assert set(g.legal_moves()) == {
        Move.throw(0, "7H"),
        Move.throw(0, "7C"),
        Move.throw(0, "7H 7C"),
        Move.pass_(0),
    }
    refusal = g.why_illegal(Move.throw(2, "7D"))  # Vera waits for Anna (R12)
    assert refusal is not None and refusal.rule == "R12"
    _, g, _ = at("seed000-vdogonku.json", 3)  # Anna threw 7H and passed
    assert g.room() == 1
    assert set(g.legal_moves()) == {Move.throw(2, "7D"), Move.pass_(2)}
    _, g, _ = at("seed000-vdogonku.json", 4)  # Vera threw 7D: two вдогонку
    assert g.room() == 0
    refusal = g.why_illegal(Move.throw(0, "7C"))
    assert refusal is not None and refusal.rule == "R13b"
    assert (
        refusal.message
        == "Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow"
    )
    assert g.legal_moves("Anna") == [Move.pass_(0)]
    assert g.legal_moves("Vera") == [Move.pass_(2)]
    rec, g, events = at("seed000-vdogonku.json", 6)
    assert [m.action.value for m in rec.moves] == ["attack", "take", "throw", "pass", "throw", "pass", "pass"]
    assert events == [Took(1, cards("7S 7H 7D"))]
    assert hand(g, "Boris") == cards("6C 7S 7H 7D 8D 9C")
    assert hand(g, "Anna") == cards("7C KS")
    assert (g.attacker, g.defender) == (2, 0)  # R23: left of the defender after take


def test_transfer_twice_r17_r18_r12() -> None:
    """Perevodnoy: a transfer passed on twice (R17); the last defender covers (R18, R12, R16)."""
    _, g, _ = at("transfer-twice.json", 0)
    assert [m for m in g.legal_moves("Boris") if m.action.value == "transfer"] == [Move.transfer(1, "8H")]
    _, g, _ = at("transfer-twice.json", 1)
    assert (g.attacker, g.defender) == (1, 2)
    _, g, _ = at("transfer-twice.json", 2)
    assert (g.attacker, g.defender) == (2, 3)
    assert g.table == [(Card.parse("8S"), None), (Card.parse("8H"), None), (Card.parse("8D"), None)]
    assert [m for m in g.legal_moves("Gleb") if m.action.value == "transfer"] == [Move.transfer(3, "8C")]
    assert g.legal_moves("Anna") == [] and g.legal_moves("Boris") == []  # Vera throws first (R12)
    _, g, _ = at("transfer-twice.json", 3)  # Gleb covers 8S with 9S
    refusal = g.why_illegal(Move.transfer(3, "8C"))
    assert refusal is not None and refusal.rule == "R18"
    _, g, _ = at("transfer-twice.json", 5)  # everything covered
    assert g.legal_moves("Anna") == [] and g.legal_moves("Boris") == []
    assert {m.player for m in g.legal_moves()} == {2}
    _, g, events = at("transfer-twice.json", 11)
    assert events == [
        Bito(cards("8S 9S 8H TH 8D QD 9H JH")),
        Drew(0, cards("7D JS")),
        Drew(1, cards("QS")),
        Drew(2, cards("7C")),
        Drew(3, cards("KC AH QH AC")),
    ]
    assert (g.attacker, g.defender) == (3, 0)  # R23: the defender attacks after bito
    assert g.talon == list(cards("JD 9C"))


def test_show_trump_transfer_r20_once_per_bout() -> None:
    """проездной (R20): shown once, kept in hand; transferred onto again, the card is laid."""
    rec, g, _ = at("show-trump-transfer.json", 0)
    assert rec.rules.show_trump_transfer
    transfers = {m for m in g.legal_moves("Boris") if m.action.value == "transfer"}
    assert transfers == {Move.transfer(1, "9H"), Move.transfer(1, "9H", show=True)}
    _, g, _ = at("show-trump-transfer.json", 1)  # Boris shows 9H
    assert g.table == [(Card.parse("9S"), None)]
    assert Card.parse("9H") in hand(g, "Boris")
    assert (g.attacker, g.defender) == (1, 0)  # R21: back to Anna
    _, g, _ = at("show-trump-transfer.json", 2)  # Anna transfers 9D
    assert (g.attacker, g.defender) == (0, 1)
    assert [m for m in g.legal_moves("Boris") if m.action.value == "transfer"] == [Move.transfer(1, "9H")]
    refusal = g.why_illegal(Move.transfer(1, "9H", show=True))
    assert refusal is not None and refusal.rule == "R20"
    _, g, _ = at("show-trump-transfer.json", 3)  # now laid
    assert g.table == [(Card.parse("9S"), None), (Card.parse("9D"), None), (Card.parse("9H"), None)]
    assert Card.parse("9H") not in hand(g, "Boris")
    assert hand(g, "Anna") == cards("6C JS KD AH")
    _, g, events = at("show-trump-transfer.json", 7)
    assert events == [
        Bito(cards("9S JS 9D KD 9H AH")),
        Drew(1, cards("7S")),
        Drew(0, cards("8C KS QC 6D TS")),
    ]


def test_drawing_order_short_talon_r16_defender_short_trump_last() -> None:
    """R16: first attacker, clockwise, defender last; the turned-up trump is drawn last (R3)."""
    _, g, _ = at("drawing-order-short-talon.json")
    assert g.talon == list(cards("9C QD 6H")) and g.trump_card == Card.parse("6H")
    _, g, events = at("drawing-order-short-talon.json", 8)
    assert events == [
        Bito(cards("7S 9S 7C TC 9D JD")),
        Drew(0, cards("9C QD")),
        Drew(2, cards("6H")),
    ]
    assert g.talon == []
    assert [len(h) for h in g.hands] == [6, 3, 6, 6]
    assert hand(g, "Boris") == cards("8S QS KS")
    assert (g.attacker, g.defender) == (1, 2)  # R23


def test_draw_r25_last_two_go_out_in_the_same_bout() -> None:
    """R25 (draw_allowed): Anna and Boris run out of cards in the same bout: a draw."""
    _, g, events = at("draw.json", 2)
    assert Out(2) in events and g.out_order == [2]
    _, g, events = at("draw.json", 5)
    result = Result(None, True, False, (2, 0, 1), None, "R25")
    assert events == [Bito(cards("8S TS 8D QD")), Out(0), Out(1), GameOver(result)]
    assert g.result == result


def test_epaulettes_r26_last_bout_led_with_two_sixes() -> None:
    """R26: the last bout against the durak Boris was led with 6S 6C: epaulettes."""
    rec, g, events = at("epaulettes.json", 5)
    assert rec.moves[3] == Move.attack(0, "6S 6C")
    result = Result(1, False, True, (0,), None, "R25")
    assert events == [Bito(cards("6S 9S 6C 8C")), Out(0), GameOver(result)]
    assert g.result is not None and g.result.epaulettes is True and g.result.durak == 1
    assert rec.result == {"durak": "Boris", "epaulettes": True}


def test_first_bout_limit_r13c_five_while_defending_six_after_take() -> None:
    """R13c: before the first bito at most 5 attack cards while defending; 6 after take."""
    _, g, _ = at("first-bout-limit.json", 1)  # 3 sevens led, 7C covered
    assert (g.bout, g.first_bito_done, g.limit(), g.room()) == (1, False, 5, 2)
    assert set(g.legal_moves("Anna")) == {
        Move.throw(0, "9S"),
        Move.throw(0, "9H"),
        Move.throw(0, "9S 9H"),
        Move.pass_(0),
    }
    _, g, _ = at("first-bout-limit.json", 3)  # 9S 9H thrown, Anna passed: 5 cards
    assert (len(g.table), g.limit(), g.room()) == (5, 5, 0)
    refusal = g.why_illegal(Move.throw(2, "7D"))
    assert refusal is not None and refusal.rule == "R13c"
    assert g.legal_moves("Vera") == [Move.pass_(2)]
    _, g, _ = at("first-bout-limit.json", 4)  # Boris takes
    assert (g.taking, g.limit(), g.room()) == (True, 6, 1)
    assert g.legal_moves("Vera") == [Move.throw(2, "7D"), Move.pass_(2)]
    _, g, _ = at("first-bout-limit.json", 5)
    assert len(g.table) == 6 and g.room() == 0
    _, g, events = at("first-bout-limit.json", 7)
    assert events == [
        Took(1, cards("7S 7H 7C 9C 9S 9H 7D")),
        Drew(0, cards("8H TS JS QS KS")),
        Drew(2, cards("AH")),
    ]
    assert g.first_bito_done is False and g.limit() == 5
    assert (g.attacker, g.defender) == (2, 0)  # R23: left of the defender after take
    assert g.trump == Suit.D


# ----------------------------------------------------------------------------- one lesson per remaining topic


def test_trump_six_beats_ace_r7_and_refused_without_the_option_r6() -> None:
    """R7 (trump_six_beats_ace): 6H covers AH; under the same position without the
    option the cover is refused by R6 and Boris may only take."""
    rec, g, _ = at("trump-six-beats-ace.json", 0)  # Anna leads AH
    assert rec.rules.trump_six_beats_ace
    assert g.legal_moves("Boris") == [Move.defend(1, "6H", "AH"), Move.take(1)]
    assert (g.beats("6H", "AH"), g.beats("6H", "KH"), g.beats("7H", "AH")) == (True, False, False)
    plain = start_under(rec, Rules.make("podkidnoy"))
    plain.play(rec.moves[0])
    assert plain.why_illegal(rec.moves[1]) == Refusal(
        "R6", "6♥ does not beat A♥: a card is beaten by a higher card of its suit or by a trump (♥)"
    )
    assert plain.legal_moves("Boris") == [Move.take(1)]
    _, g, events = at("trump-six-beats-ace.json", 4)
    assert events == [Bito(cards("AH 6H 6D 9D"))]
    assert (hand(g, "Anna"), hand(g, "Boris")) == (cards("KS"), cards("7C 8S"))
    assert (g.attacker, g.defender) == (1, 0)  # R23: the defender leads after bito


def test_japanese_spades_r8_no_trump_beats_a_spade() -> None:
    """R8: diamonds trump; 9S only by a higher spade (QS), never by AD; with no spade
    left Boris's only move against 6S is take (R14)."""
    _, g, _ = at("japanese-spades.json")
    assert (g.trump, g.trump_card) == (Suit.D, None)
    _, g, _ = at("japanese-spades.json", 0)  # 9S 9C led
    assert [m for m in g.legal_moves("Boris") if m.target == Card.parse("9S")] == [Move.defend(1, "QS", "9S")]
    assert [m for m in g.legal_moves("Boris") if m.target == Card.parse("9C")] == [
        Move.defend(1, "6D", "9C"),
        Move.defend(1, "7D", "9C"),
        Move.defend(1, "AD", "9C"),
    ]
    spades = "a card is beaten by a higher card of its suit or by a trump (♦); spades only by higher spades"
    assert g.why_illegal(Move.defend(1, "AD", "9S")) == Refusal("R8", f"A♦ does not beat 9♠: {spades}")
    _, g, _ = at("japanese-spades.json", 5)  # 6S thrown in
    assert hand(g, "Boris") == cards("7D AD")
    assert g.legal_moves("Boris") == [Move.take(1)]
    assert g.why_illegal(Move.defend(1, "7D", "6S")) == Refusal("R8", f"7♦ does not beat 6♠: {spades}")
    _, g, events = at("japanese-spades.json", 7)
    assert events == [Took(1, cards("9S QS 9C 6D QH KH 6S"))]
    assert hand(g, "Boris") == cards("6S 6D 7D 9S 9C QS QH KH AD")
    assert (g.attacker, g.defender) == (0, 1)  # R23


def test_english_pass_the_lead_r9_then_a_single_card() -> None:
    """R9 (english): no pair, or a defender with one card (R13b): pass the lead left;
    after all three holders passed in a row a single card may be led."""
    _, g, _ = at("english-pass-the-lead.json")
    assert g.legal_moves() == [Move.pass_(0)]
    assert g.why_illegal(Move.attack(0, "7H")) == Refusal(
        "R9", "in english durak the lead is a pair; with no pair, pass the lead"
    )
    _, g, events = at("english-pass-the-lead.json", 0)
    assert events == [LeadPassed(0, 1)]
    assert (g.attacker, g.defender, g.bout) == (1, 2, 16)
    assert g.legal_moves() == [Move.pass_(1)]  # Boris holds 8S 8C, Vera one card
    assert g.why_illegal(Move.attack(1, "8S 8C")) == Refusal(
        "R13b", "Vera holds 1 card; no more than that may lie uncovered before Vera"
    )
    _, g, events = at("english-pass-the-lead.json", 1)
    assert events == [LeadPassed(1, 2)] and g.legal_moves() == [Move.pass_(2)]
    _, g, events = at("english-pass-the-lead.json", 2)
    assert events == [LeadPassed(2, 0)]
    assert (g.attacker, g.defender) == (0, 1)
    assert g.legal_moves() == [Move.attack(0, "7H"), Move.attack(0, "9S"), Move.attack(0, "KD")]
    _, g, events = at("english-pass-the-lead.json", 4)
    assert events == [Bito(cards("7H JH"))]  # no throw-ins (R11): bito at once
    assert (g.attacker, g.defender, g.bout) == (1, 2, 17)
    assert g.legal_moves() == [Move.pass_(1)]  # the passing starts again


def test_prostoy_pair_lead_r9_no_throw_ins_r11() -> None:
    """Simple durak: one card or a pair (R9); no throw-ins (R11); the bout ends when
    the lead is beaten (R15) or taken (R14)."""
    rec, g, _ = at("prostoy-pair-lead.json")
    assert rec.rules.hand_size == 5
    assert g.why_illegal(Move.attack(0, "9S 9H 9D")) == Refusal("R9", "in simple durak the lead is one card or a pair")
    _, g, _ = at("prostoy-pair-lead.json", 0)
    assert g.legal_moves() == [
        Move.defend(1, "TS", "9S"),
        Move.defend(1, "TS", "9H"),
        Move.defend(1, "QH", "9H"),
        Move.take(1),
    ]
    assert g.why_illegal(Move.throw(2, "9C")) == Refusal(
        "R11", "no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken"
    )
    _, g, events = at("prostoy-pair-lead.json", 2)
    assert events == [Bito(cards("9S TS 9H QH")), Drew(0, cards("7C TD")), Drew(1, cards("AS"))]
    assert [len(h) for h in g.hands] == [5, 4, 5] and g.talon == []
    _, g, events = at("prostoy-pair-lead.json", 3)
    assert g.legal_moves() == [Move.take(2)]
    _, g, events = at("prostoy-pair-lead.json", 4)
    assert events == [Took(2, cards("7D"))]
    assert hand(g, "Vera") == cards("7D 8H 8C 9C JC KH")
    assert (g.attacker, g.defender) == (0, 1)  # R23: left of the defender after take


def test_throw_in_order_r12_attacker_first_and_again_after_a_new_card() -> None:
    """R12: Vera waits for Anna's pass; after it Vera and Gleb may act; a new card
    lets Anna throw again; a card laid after Gleb's pass makes him pass again."""
    _, g, _ = at("throw-in-order.json", 0)
    assert g.why_illegal(Move.throw(2, "7C")) == Refusal(
        "R12", "Anna has the first right: Vera waits until Anna passes"
    )
    assert g.legal_moves("Vera") == [] and g.legal_moves("Gleb") == []
    assert g.legal_moves("Anna") == [Move.throw(0, "7H"), Move.pass_(0)]
    _, g, _ = at("throw-in-order.json", 4)  # Anna passed
    assert g.legal_moves() == [
        Move.throw(2, "7C"),
        Move.throw(2, "9D"),
        Move.throw(2, "7C 9D"),
        Move.pass_(2),
        Move.pass_(3),
    ]
    assert g.why_illegal(Move.pass_(0)) == Refusal(
        "R12", "Anna has passed; they may act again once another card is laid"
    )
    _, g, _ = at("throw-in-order.json", 6)  # Boris covered 9D with JD: a new card
    assert g.legal_moves("Anna") == [Move.throw(0, "JC"), Move.pass_(0)]
    assert g.passed == set()
    _, g, _ = at("throw-in-order.json", 9)  # Gleb passed
    assert g.passed == {3} and g.legal_moves("Gleb") == []
    _, g, _ = at("throw-in-order.json", 10)  # Vera threw 7C
    assert g.passed == set() and g.legal_moves("Gleb") == [Move.pass_(3)]
    _, g, events = at("throw-in-order.json", 13)
    assert events == [] and g.legal_moves() == [Move.pass_(0)]
    _, g, events = at("throw-in-order.json", 14)
    assert events == [Bito(cards("7S 9S 7H TH 9D JD JC QC 7C 8C"))]
    assert (g.attacker, g.defender) == (1, 2)  # R23


def test_transfer_back_two_players_r21() -> None:
    """R21: with two players a transfer goes back to the attacker, and back again (R17,
    R18); the last to transfer is the attacker for R12."""
    _, g, _ = at("transfer-back-two-players.json", 0)
    assert [m for m in g.legal_moves("Boris") if m.action.value == "transfer"] == [Move.transfer(1, "7H")]
    _, g, _ = at("transfer-back-two-players.json", 1)  # Boris transfers 7H: back to Anna
    assert (g.attacker, g.defender) == (1, 0)
    assert g.table == [(Card.parse("7S"), None), (Card.parse("7H"), None)]
    assert [m for m in g.legal_moves("Anna") if m.action.value == "transfer"] == [Move.transfer(0, "7D")]
    _, g, _ = at("transfer-back-two-players.json", 2)  # Anna transfers 7D: back to Boris
    assert (g.attacker, g.defender) == (0, 1)
    assert len(g.table) == 3 and len(hand(g, "Boris")) == 5
    _, g, _ = at("transfer-back-two-players.json", 4)
    assert g.legal_moves("Boris") == [Move.take(1)]
    _, g, events = at("transfer-back-two-players.json", 6)
    assert events == [Took(1, cards("7S 7H JH 7D TD")), Drew(0, cards("8S TS"))]
    assert hand(g, "Boris") == cards("6S 6D 7S 7H 7D 9D TD JH")
    assert (g.attacker, g.defender) == (0, 1)  # R23


def test_teams_partner_takes_over_r22() -> None:
    """R22: Gleb never throws in on his partner Boris; Boris goes out by defending and
    the next attack passes to Gleb (not to Vera, as R23 alone would give)."""
    rec, g, _ = at("teams-partner-takes-over.json", 2)  # Anna passed
    assert rec.rules.teams == ((0, 2), (1, 3))
    assert g.throwers() == [0, 2]
    assert g.legal_moves() == [Move.throw(2, "8D"), Move.pass_(2)]
    assert g.why_illegal(Move.throw(3, "8S")) == Refusal("R22", "Gleb is Boris's partner and may not throw in on them")
    _, g, _ = at("teams-partner-takes-over.json", 4)  # Boris covered with his last card
    assert hand(g, "Boris") == () and g.legal_moves() == [Move.pass_(0), Move.pass_(2)]
    _, g, events = at("teams-partner-takes-over.json", 6)
    assert events == [Bito(cards("8C TC 8D QD")), Out(1)]
    assert g.out_order == [1] and g.result is None
    assert (g.attacker, g.defender) == (3, 0)


def test_out_order_three_players_r24_r25() -> None:
    """R24: an empty hand draws while the talon lasts; once it is empty, Vera then Anna
    go out; R25: Boris, the last holder, is the durak."""
    _, g, events = at("out-order-three-players.json", 3)
    assert events == [Bito(cards("9H JH 9D QD")), Drew(0, cards("7S"))]
    assert g.out_order == [] and hand(g, "Anna") == cards("7S") and g.talon == []
    _, g, events = at("out-order-three-players.json", 7)
    assert events == [Bito(cards("8C KC")), Out(2)]
    assert (g.attacker, g.defender) == (0, 1)  # R23: Vera is skipped
    rec, g, events = at("out-order-three-players.json", 9)
    result = Result(1, False, False, (2, 0), None, "R25")
    assert events == [Bito(cards("7S TS")), Out(0), GameOver(result)]
    assert g.result == result and hand(g, "Boris") == cards("6H")
    assert rec.result == {"durak": "Boris"}


def test_two_sixes_win_r26_option() -> None:
    """R26 (two_sixes_win): Vera goes out, two players remain and Anna holds exactly
    6S 6C: she wins, Boris is the durak (recorded with epaulettes); without the option
    the game goes on with Anna to lead."""
    rec, g, events = at("two-sixes-win.json", 2)
    result = Result(1, False, True, (2, 0), None, "R26")
    assert events == [Bito(cards("8D JD")), Out(2), GameOver(result)]
    assert hand(g, "Anna") == cards("6S 6C") and g.result == result
    assert rec.result == {"durak": "Boris", "epaulettes": True}
    plain = start_under(rec, Rules.make("podkidnoy"))
    assert [e for m in rec.moves for e in plain.play(m)] == [Bito(cards("8D JD")), Out(2)]
    assert plain.result is None and (plain.attacker, plain.defender) == (0, 1)
    assert Move.attack(0, "6S 6C") in plain.legal_moves()


def test_repetition_draw_r27_third_occurrence_in_english_durak() -> None:
    """R27: every move is forced; the start position (but for the bout count, which
    R27 does not compare) comes back after six moves and the third time, after twelve,
    the game is drawn."""
    rec, g, _ = at("repetition-draw.json")
    start = g.position()
    for k, move in enumerate(rec.moves):
        assert g.legal_moves() == [move], k
        g.play(move)
        if k == 5:
            assert g.position() == dataclasses.replace(start, bout=start.bout + 2)
    rec, g, events = at("repetition-draw.json", 11)
    result = Result(None, True, False, (), None, "R27")
    assert events == [Took(1, cards("AS AC")), GameOver(result)]
    assert (hand(g, "Anna"), hand(g, "Boris")) == (cards("7H 9S"), cards("8H TS AS AC"))
    assert rec.result == {"durak": None, "draw": True}
    assert [type(e).__name__ for e in at("repetition-draw.json", 5)[2]] == ["Took"]  # no end at the 2nd time


def test_neighbours_only_five_players_r11_option() -> None:
    """R11 (neighbours_only_over_4): with five players only Boris's neighbours Anna and
    Vera throw in; Gleb and Dasha are refused and never asked to pass."""
    rec, g, _ = at("neighbours-only-five-players.json", 2)  # Anna passed
    assert g.throwers() == [0, 2]
    assert g.legal_moves() == [Move.throw(2, "TD"), Move.pass_(2)]
    refusal = Refusal("R11", "only the defender's neighbours may throw in with more than 4 players")
    assert g.why_illegal(Move.throw(3, "8D")) == refusal
    assert g.why_illegal(Move.throw(4, "TH")) == refusal
    plain = start_under(rec, Rules.make("podkidnoy"))
    for move in rec.moves[:3]:
        plain.play(move)
    assert plain.throwers() == [0, 2, 3, 4]
    _, g, events = at("neighbours-only-five-players.json", 6)
    assert events == [
        Bito(cards("8C TC TD QD")),
        Drew(0, cards("JD")),
        Drew(2, cards("QH")),
        Drew(1, cards("8H")),
    ]
    assert [len(h) for h in g.hands] == [6, 5, 6, 6, 6]
    assert (g.attacker, g.defender) == (1, 2)  # R23


def test_redeal_five_of_a_suit_r5_new_deal_and_first_attacker_r4() -> None:
    """R5: Boris, dealt five hearts, claims a redeal during the first bout; Vera deals
    the recorded deck again; R4: the new lowest trump (Vera's 7C) leads."""
    rec, g, _ = at("redeal-five-of-a-suit.json")
    assert rec.deal is not None and rec.deal.dealer == 2
    assert (g.trump, g.trump_card, g.attacker, g.defender) == (Suit.S, Card.parse("8S"), 0, 1)
    assert hand(g, "Boris") == cards("6C 7H 9H JH KH AH")
    assert g.legal_moves("Boris") == [Move.redeal(1)]
    assert g.why_illegal(Move.redeal(0)) == Refusal("R5", "Anna was not dealt five or more cards of one suit")
    _, g, _ = at("redeal-five-of-a-suit.json", 0)  # Anna leads 7D
    assert g.legal_moves("Boris") == [Move.redeal(1), Move.take(1)]
    rec, g, events = at("redeal-five-of-a-suit.json", 1)
    assert events == [Redealt(1)]
    assert rec.moves[1].deck is not None and g.deck_order == rec.moves[1].deck
    assert (g.dealer, g.bout, g.table) == (2, 1, [])
    assert (g.trump, g.trump_card) == (Suit.C, Card.parse("9C"))
    assert [tuple(h) for h in g.hands] == [
        cards("6H 8D TH JC KD AS"),
        cards("6D 7S 9D JS QC AH"),
        cards("7C 8H 9S JD QD KS"),
    ]
    assert len(g.talon) == 18 and g.talon[-1] == Card.parse("9C")
    assert (g.attacker, g.defender) == (2, 0)  # R4: Vera holds the lowest trump 7C
    assert not any(m.action.value == "redeal" for m in g.legal_moves())
    _, g, events = at("redeal-five-of-a-suit.json", 5)
    assert events == [Bito(cards("8H TH")), Drew(2, cards("KH")), Drew(0, cards("6C"))]
    assert g.why_illegal(Move.redeal(1)) == Refusal("R5", "a redeal may only be claimed before the first bout ends")
    assert (g.attacker, g.defender, g.bout) == (0, 1, 2)


def test_no_transfer_first_bout_r19_then_a_transfer_in_bout_two_r17() -> None:
    """R19: Boris holds 8H but may not transfer in the first bout; in bout 2 Vera
    transfers 7D+7S to Anna (R17), who covers."""
    rec, g, _ = at("no-transfer-first-bout.json")
    assert rec.deal is not None and (g.trump, g.attacker) == (Suit.C, 0)  # R4: Anna's 6C
    _, g, _ = at("no-transfer-first-bout.json", 0)  # Anna leads 8S
    assert Card.parse("8H") in hand(g, "Boris")
    assert g.why_illegal(Move.transfer(1, "8H")) == Refusal("R19", "no transfer in the first bout of the game")
    assert g.legal_moves("Boris") == [
        Move.defend(1, "9C", "8S"),
        Move.defend(1, "TS", "8S"),
        Move.defend(1, "JS", "8S"),
        Move.take(1),
    ]
    _, g, events = at("no-transfer-first-bout.json", 3)
    assert events == [Bito(cards("8S TS")), Drew(0, cards("7C")), Drew(1, cards("7H"))]
    assert (g.bout, g.attacker, g.defender) == (2, 1, 2)
    _, g, _ = at("no-transfer-first-bout.json", 4)  # Boris leads 7D at Vera
    assert [m for m in g.legal_moves("Vera") if m.action.value == "transfer"] == [Move.transfer(2, "7S")]
    _, g, _ = at("no-transfer-first-bout.json", 5)
    assert (g.attacker, g.defender) == (2, 0)
    assert g.table == [(Card.parse("7D"), None), (Card.parse("7S"), None)]
    _, g, events = at("no-transfer-first-bout.json", 12)
    assert events == [
        Bito(cards("7D JD 7S QS 7H 9H")),
        Drew(1, cards("KS KC")),
        Drew(2, cards("TH")),
        Drew(0, cards("JH AD QC")),
    ]
    assert (g.attacker, g.defender) == (0, 1)  # R23
