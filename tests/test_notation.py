"""The human notation (``.durak``, docs/notation.md): reading, the canonical writer,
errors with exact places, strict and lenient reading, bounds, matches (R4), the JSON
side and the command line.

Most tests use one set-up position (LESSON): podkidnoy, three players, diamonds trump,
bout 5, Anna to lead at Boris with 7S 7H 9D QC; Boris holds 8S 9S JD KH; Vera 7C 8D KS AS.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS, ROOT
from test_recordings import run_script

from durak_nb.bots import RandomBot, play_out
from durak_nb.cards import Card, Suit, deck, parse_cards
from durak_nb.engine import Game, Move
from durak_nb.record import Deal, Recording, RecordingError, move_to_json, notation, reader
from durak_nb.record.notation import format_move, parse, quote_name, read, read_games, write
from durak_nb.record.tree import GameTree
from durak_nb.rules import Rules

JSON_FILES = sorted(RECORDINGS.glob("*.json"))
DURAK_FILES = sorted(RECORDINGS.glob("*.durak"))

HEAD = """[Event "Lesson 3: who may throw in"]
[Players Anna Boris Vera]
[Rules podkidnoy]
[Hand Anna 7S 7H 9D QC]
[Hand Boris 8S 9S JD KH]
[Hand Vera 7C 8D KS AS]
[Talon 6C AH 6D]
[Trump D]
[Discard rest]
[Attacker Anna]
[FirstBito yes]
[Bout 5]
"""
#: the line of HEAD's last header: the moves start two lines below
MOVES_LINE = 14


def lesson(moves: str) -> str:
    """HEAD, a blank line, then ``moves`` (which start on line :data:`MOVES_LINE`)."""
    return HEAD + "\n" + moves + "\n"


def error(text: str) -> RecordingError:
    with pytest.raises(RecordingError) as info:
        read_games(text, file="lesson.durak")
    return info.value


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# ----------------------------------------------------------------------------- the files in recordings/


def test_recordings_hold_a_notation_copy_of_every_json_file_and_the_extras() -> None:
    """Every JSON recording has its .durak copy; plus the hand-annotated lesson and the match."""
    assert {p.stem for p in DURAK_FILES} == {p.stem for p in JSON_FILES} | {
        "annotated-transfer-or-cover",
        "match-4p-podkidnoy",
    }


@pytest.mark.parametrize("path", JSON_FILES, ids=[p.name for p in JSON_FILES])
def test_json_recording_to_notation_and_back_is_unchanged(path: Path) -> None:
    """JSON -> notation -> JSON: the same Recording and the same JSON text, byte for byte;
    the .durak copy in recordings/ is exactly the canonical notation (R1-R27 games)."""
    rec = Recording.load(path)
    text = write(rec)
    assert path.with_suffix(".durak").read_text(encoding="utf-8") == text
    back = read(text)
    assert back == rec
    assert back.dumps() == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", DURAK_FILES, ids=[p.name for p in DURAK_FILES])
def test_durak_file_reads_and_writes_back_byte_identical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games = read_games(text, file=str(path))
    assert write(games) == text


@pytest.mark.parametrize("path", DURAK_FILES, ids=[p.name for p in DURAK_FILES])
def test_durak_file_converts_to_json_and_back_unchanged(path: Path, tmp_path: Path) -> None:
    """notation -> JSON (an array for a match) -> notation: the same games, the same text."""
    games = read_games(path.read_text(encoding="utf-8"))
    out = tmp_path / "game.json"
    out.write_text(notation.json_text(games), encoding="utf-8")
    if len(games) > 1:
        assert json.loads(out.read_text(encoding="utf-8"))[0]["format"] == "durak-nb/1"
    again = notation.load_games(out)
    assert again == games
    assert write(again) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", DURAK_FILES, ids=[p.name for p in DURAK_FILES])
def test_durak_file_replays_to_its_stated_result(path: Path) -> None:
    """validate accepts every game (R1-R27); a written result agrees with the replay (R25)."""
    reports = notation.validate_path(path)
    assert all(r.ok for r in reports), [r.describe() for r in reports]
    for report in reports:
        assert report.recording is not None and report.game is not None
        rec, game = report.recording, report.game
        if rec.result is not None:
            assert rec.result == rec.result_json(game)
        else:
            assert not game.finished


def test_make_notation_recordings_check_passes() -> None:
    run = run_script("make_notation_recordings.py", "--check")
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(run.stdout.splitlines()) == len(DURAK_FILES)


def test_the_annotated_lesson_has_comments_glyphs_and_a_nested_variation_r17_r12_r14() -> None:
    """The hand-written lesson: transfer (R17) against cover; throw-in order (R12); вдогонку (R14)."""
    rec = read((RECORDINGS / "annotated-transfer-or-cover.durak").read_text(encoding="utf-8"))
    assert rec.meta["glyphs"] == {"1": "!", "5": "!!"}
    assert rec.meta["comments_before"] == {
        "0": "Two cards are left in the talon and hearts are trump. Anna leads at Boris."
    }
    assert len(rec.meta["comments"]) == 6
    assert rec.meta["headers"] == {"Date": "2025.02.14", "Annotator": "Teacher"}
    (cover,) = rec.meta["variations"]["1"]
    assert [m["player"] + " " + m["action"] for m in cover["moves"]] == [
        "Boris defend",
        "Anna throw",
        "Boris defend",
        "Anna pass",
        "Vera throw",
        "Boris defend",
        "Vera pass",
        "Anna pass",
    ]
    assert cover["glyphs"] == {"0": "?!"}
    (nested,) = cover["variations"]["4"]
    assert nested == {
        "moves": [{"player": "Vera", "action": "pass"}],
        "comments": {"0": "Vera misses her chance to shed a card: bito at once (R15)."},
        "glyphs": {"0": "?"},
    }
    tree = GameTree.from_recording(rec)
    side = tree.mainline()[1].siblings()[0]
    g = tree.game_after(side.mainline()[2])  # after Anna's pass: the nested line starts here
    assert g.hands[2] == list(cards("6C 8D 9S JS QD KS"))
    assert [format_move(m, rec.players) for m in g.legal_moves()] == ["Vera +8D", "Vera pass"]


def test_the_match_has_three_games_dealt_from_under_the_durak_r4() -> None:
    """R4 in a match: the durak deals the next game; the player to the durak's left attacks first."""
    games = read_games((RECORDINGS / "match-4p-podkidnoy.durak").read_text(encoding="utf-8"))
    assert [g.players for g in games] == [("Anna", "Boris", "Vera", "Gleb")] * 3
    assert [g.result for g in games] == [{"durak": "Boris"}, {"durak": "Vera"}, {"durak": "Gleb"}]
    deals = [g.deal for g in games]
    assert all(d is not None for d in deals)
    assert [(d.dealer, d.attacker) for d in deals if d is not None] == [(3, None), (1, 2), (2, 3)]
    assert [g.meta["seed"] for g in games] == [4, 104, 204]
    for g in games:
        first = g.new_game()
        assert g.deal is not None and g.deal.deck == Game.deal(g.rules, g.players, seed=g.meta["seed"]).deck_order
        if g.deal.attacker is not None:
            assert first.attacker == g.deal.attacker


# ----------------------------------------------------------------------------- reading


def test_a_lesson_reads_into_moves_and_meta() -> None:
    rec = read(
        lesson(
            "{Anna must lead.}\n5. Anna 7S! {Anna leads.} Boris 9S/7S Anna +7H {She may throw first (R12).}"
            " {Boris covers.} Boris JD/7H Anna pass Vera pass"
        )
    )
    assert rec.players == ("Anna", "Boris", "Vera")
    assert rec.start is not None
    assert rec.start.hands == (cards("7S 7H 9D QC"), cards("8S 9S JD KH"), cards("7C 8D KS AS"))
    assert rec.start.talon == cards("6C AH 6D") and rec.start.trump == Suit.D
    assert (rec.start.attacker, rec.start.first_bito_done, rec.start.bout) == (0, True, 5)
    assert len(rec.start.discard) == 36 - 15
    assert rec.moves == [
        Move.attack(0, "7S"),
        Move.defend(1, "9S", "7S"),
        Move.throw(0, "7H"),
        Move.defend(1, "JD", "7H"),
        Move.pass_(0),
        Move.pass_(2),
    ]
    assert rec.meta == {
        "event": "Lesson 3: who may throw in",
        "comments": {"0": "Anna leads.", "2": "She may throw first (R12)."},
        "comments_before": {"0": "Anna must lead.", "3": "Boris covers."},
        "glyphs": {"0": "!"},
    }
    assert rec.move_places == [(15, 4), (15, 27), (15, 39), (15, 93), (15, 105), (15, 115)]
    g = rec.replay()
    assert (g.bout, g.attacker, g.defender) == (6, 1, 2)  # R23: the defender attacks after bito


def test_every_move_form_and_the_input_spellings_r1() -> None:
    """10 and suit symbols on input (R1), commas, any layout; the canonical text uses TS 7H."""
    free = lesson("5.   Anna 7♠ ,Boris 9s/7S\n  Anna +7h\tBoris jd/7♥,Anna pass Vera pass\n6. Boris 8S")
    rec = read(free)
    assert rec.moves[-1] == Move.attack(1, "8S")
    assert write(rec).endswith("\n5. Anna 7S Boris 9S/7S Anna +7H Boris JD/7H Anna pass Vera pass\n6. Boris 8S\n")
    assert [
        format_move(m, ["Anna", "Boris"])
        for m in (
            Move.attack(0, "7S 7H"),
            Move.throw(0, "TS"),
            Move.transfer(1, "7H 7D"),
            Move.transfer(1, "7H", show=True),
            Move.defend(1, "9S", "7S"),
            Move.take(1),
            Move.pass_(0),
            Move.redeal(0, ["7S", "KH"]),
        )
    ] == [
        "Anna 7S 7H",
        "Anna +TS",
        "Boris >7H 7D",
        "Boris show 7H",
        "Boris 9S/7S",
        "Boris take",
        "Anna pass",
        "Anna redeal 7S KH",
    ]


def test_ten_written_as_10_is_read_as_T_r1() -> None:
    text = lesson("5. Anna 7S Boris 9S/7S Anna pass Vera pass\n6. Boris 8S Vera 10♠/8S")
    with pytest.raises(RecordingError) as info:
        read(text)
    assert info.value.message.startswith("move 6 (Vera TS/8S): Vera does not hold 10♠")
    assert info.value.rule == "R10"


def test_card_order_within_a_move_is_kept() -> None:
    rec = read(lesson("5. Anna 7H 7S"))
    assert rec.moves[0].cards == cards("7H 7S")
    assert write(rec).endswith("5. Anna 7H 7S\n")


def test_names_with_spaces_or_like_cards_go_in_quotes_r2() -> None:
    names = ["Vera Ivanovna", "As", "take", "Борис"]
    assert [quote_name(n) for n in names] == ['"Vera Ivanovna"', '"As"', '"take"', "Борис"]
    g = Game.deal("podkidnoy", names, seed=5)
    rec = Recording(g.rules, tuple(names), deal=Deal(3, g.deck_order))
    lead = g.legal_moves()[0]
    rec.moves = [lead]
    text = write(rec)
    assert '[Players "Vera Ivanovna" "As" "take" Борис]' in text
    assert read(text) == rec
    bad = text.replace('"As"', "As", 1)
    e = error(bad)
    assert (e.line, e.column, e.rule) == (1, 26, "R2")
    assert (
        e.message == "'As': a name that is not a plain word (or looks like a card or a keyword) goes in quotes: \"As\""
    )


def test_seed_deal_is_random_Random_seed_shuffle_of_the_deck_r3() -> None:
    """[Seed n] deals random.Random(n).shuffle(list(deck(size))), as Game.deal(seed=n)."""
    rec = read("[Players Anna Boris]\n[Seed 42]\n")
    shuffled = list(deck(36))
    random.Random(42).shuffle(shuffled)
    assert rec.deal == Deal(dealer=1, deck=tuple(shuffled))
    assert rec.deal.deck == Game.deal("podkidnoy", ["Anna", "Boris"], seed=42).deck_order
    assert rec.meta == {"seed": 42}
    assert write(rec) == "[Seed 42]\n[Players Anna Boris]\n[Rules podkidnoy]\n[Dealer Boris]\n"
    six = [f"P{i}" for i in range(1, 7)]
    rec6 = read(f"[Players {' '.join(six)}]\n[Seed 3]\n")  # 6 x 6 cards: no card turned up (R3)
    g = Game.deal("podkidnoy", six, seed=3)
    assert rec6.deal is not None and rec6.deal.trump == g.trump == Suit.C
    assert rec6.new_game().hands == g.hands


def test_redeal_moves_round_trip_and_restart_bout_one_r5() -> None:
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    g = Game.deal(rules, ["Anna", "Boris"], seed=3)  # Anna: 6H 7H 8H 9H 9D JH
    new = list(deck(36))
    random.Random(99).shuffle(new)
    rec = Recording(rules, ("Anna", "Boris"), deal=Deal(1, g.deck_order), moves=[Move.redeal(0, new)])
    g.play(rec.moves[0])
    rec.moves.append(g.legal_moves()[0])
    text = write(rec)
    assert f"1. Anna redeal {' '.join(c.code for c in new)}\n1. " in text
    assert read(text) == rec


def test_a_game_comment_without_moves() -> None:
    rec = read(lesson("{Find Anna's best lead.}"))
    assert rec.moves == [] and rec.meta["comments_before"] == {"0": "Find Anna's best lead."}
    assert write(rec).endswith("\n\n{Find Anna's best lead.}\n")


def test_comments_keep_their_text_exactly_with_escapes() -> None:
    text = lesson("5. Anna 7S {a \\} b \\\\ c\nsecond line  }")
    rec = read(text)
    assert rec.meta["comments"] == {"0": "a } b \\ c\nsecond line  "}
    assert write(rec) == text


def test_a_variation_of_a_variations_first_move_is_one_more_alternative() -> None:
    """(A (B)) right after A's first move: B replaces A, so it is A's sibling; the
    canonical writer puts it beside A: (A) (B)."""
    rec = read(lesson("5. Anna 7S (5. Anna 7H (5. Anna 9D)) Boris take"))
    assert rec.meta["variations"] == {
        "0": [
            {"moves": [{"player": "Anna", "action": "attack", "cards": ["7H"]}]},
            {"moves": [{"player": "Anna", "action": "attack", "cards": ["9D"]}]},
        ]
    }
    assert write(rec).endswith("5. Anna 7S\n    (5. Anna 7H)\n    (5. Anna 9D)\n    5... Boris take\n")


def test_canonical_layout_of_bouts_comments_and_variations() -> None:
    text = lesson(
        "{Intro.} 5. Anna 7S Boris 9S/7S? {Too high.} (Boris JD/7S {Trump.} Anna pass Vera pass\n"
        "6. Boris 8S) Anna pass Vera pass {Bito.} 6. Boris 8S!? Vera take"
    )
    assert write(read(text)) == HEAD + (
        "\n{Intro.}\n"
        "5. Anna 7S Boris 9S/7S? {Too high.}\n"
        "    (5... Boris JD/7S {Trump.} Anna pass Vera pass 6. Boris 8S)\n"
        "    5... Anna pass Vera pass {Bito.}\n"
        "6. Boris 8S!? Vera take\n"
    )


# ----------------------------------------------------------------------------- errors: exact places


@pytest.mark.parametrize(
    "moves,line,column,rule,message",
    [
        (
            "5. Anna 7S Bors 9S/7S",
            0,
            12,
            None,
            "'Bors' is not a player: the players are Anna, Boris, Vera; legal moves: Boris 8S/7S, Boris 9S/7S,"
            " Boris JD/7S, Boris take, Anna +7H, Anna pass",
        ),
        (
            "5. Anna 7X",
            0,
            9,
            "R1",
            "'7X' is not a card: a rank 2-9, T (or 10), J, Q, K, A, then a suit S, H, D, C (or ♠ ♥ ♦ ♣);"
            " legal moves: Anna 7S, Anna 7H, Anna 7S 7H, Anna 9D, Anna QC",
        ),
        (
            "Anna 7S",
            0,
            1,
            None,
            "bout 5 begins here: write '5.' before its first move;"
            " legal moves: Anna 7S, Anna 7H, Anna 7S 7H, Anna 9D, Anna QC",
        ),
        (
            "4. Anna 7S",
            0,
            1,
            None,
            "this is bout 5, not 4; legal moves: Anna 7S, Anna 7H, Anna 7S 7H, Anna 9D, Anna QC",
        ),
        (
            "5. Anna 7S 5. Boris 9S/7S",
            0,
            12,
            None,
            "bout 5 is not over here, so no new bout begins: write '5...' to recall the bout within it;"
            " legal moves: Boris 8S/7S, Boris 9S/7S, Boris JD/7S, Boris take, Anna +7H, Anna pass",
        ),
        (
            "5. Anna 7S 5... Boris 9S/7S Anna pass Vera pass Boris 8S",
            0,
            49,
            None,
            "bout 6 begins here: write '6.' before its first move; legal moves: Boris 8S, Boris JD, Boris KH",
        ),
        ("5. Anna 7S {c} !", 0, 16, None, "the glyph ! goes right after the move it marks, e.g. 'Anna 7S!'"),
        ("5. Anna 7S!!!", 0, 11, None, "'!!!' is not a glyph: use one of ! ? !! ?? !? ?!"),
        ("5. Anna 7S {oops\nBoris take", 0, 12, None, "this comment is not closed: a '}' is missing"),
        ("5. Anna 7S (5. Anna 7H\nBoris take", 0, 12, None, "this variation is not closed: a ')' is missing"),
        ("5. Anna 7S )", 0, 12, None, "')' without '('"),
        ("5. Anna 7S ()", 0, 12, None, "an empty variation: '( ... )' holds at least one move"),
        (
            "5. (Anna 7H) Anna 7S",
            0,
            4,
            None,
            "a variation '( ... )' follows the move it replaces; there is none before it",
        ),
        (
            "5. Anna 7S {a} {b} {c} Boris take",
            0,
            20,
            None,
            "a move has one comment before it: join the two comments into one",
        ),
        (
            "5. Anna 7S Vera +7C",
            0,
            12,
            "R12",
            "move 2 (Vera +7C): Anna has the first right: Vera waits until Anna passes; legal moves: Boris 8S/7S,"
            " Boris 9S/7S, Boris JD/7S, Boris take, Anna +7H, Anna pass",
        ),
        (
            "5. take",
            0,
            4,
            None,
            "take: whose move? write the player's name first, e.g. 'Anna take'; legal moves: Anna 7S, Anna 7H,"
            " Anna 7S 7H, Anna 9D, Anna QC",
        ),
        (
            "5. Anna 7S [Rules podkidnoy]",
            0,
            12,
            None,
            "'[' inside the moves: headers start a game, each on a line of its own",
        ),
        ("5. Anna 7S Boris 9S/", 0, 20, None, "9S/: the card covered follows the slash, e.g. Boris 9S/7S"),
    ],
)
def test_syntax_and_rule_errors_name_line_column_and_legal_moves(
    moves: str, line: int, column: int, rule: str | None, message: str
) -> None:
    e = error(lesson(moves))
    assert (e.file, e.line, e.column, e.rule) == ("lesson.durak", MOVES_LINE + line, column, rule)
    assert e.message == message
    assert (
        e.format() == f"lesson.durak:{MOVES_LINE + line}:{column}: error: " + (f"[{rule}] " if rule else "") + message
    )


def test_an_illegal_move_in_a_nested_variation_r11() -> None:
    """Checked against the engine from its branching position: the nested line replaces
    Anna's throw-in in the line where Boris takes; Vera may not throw 8D (R11)."""
    e = error(lesson("5. Anna 7S Boris 9S/7S (Boris take Anna +7H (Anna pass Vera +7C\n  Vera +8D)) Anna pass"))
    assert (e.line, e.column, e.rule, e.move, e.branch) == (MOVES_LINE + 1, 3, "R11", 2, ((1, 1), (1, 1)))
    assert e.message == (
        "move 3 in variation 1 of move 2 in variation 1 of move 2 (Vera +8D): 8♦: only ranks already on the table"
        " may be thrown in; legal moves: Anna +7H, Anna pass, Vera pass"
    )
    assert e.legal == ("Anna +7H", "Anna pass", "Vera pass")
    assert e.state is not None and e.state.table == ((Card.parse("7S"), None), (Card.parse("7C"), None))


def test_a_syntax_error_in_a_variation() -> None:
    e = error(lesson("5. Anna 7S (5. Anna 7H Boris JD/7H Anna +7S\n  Vera ?) Boris take"))
    assert (e.line, e.column, e.move, e.branch) == (MOVES_LINE + 1, 8, 3, ((0, 1),))
    assert e.message.startswith("what does Vera do? write cards to attack (Vera 7S)")
    assert e.legal == ("Boris 8S/7S", "Boris 9S/7S", "Boris take", "Anna pass")


@pytest.mark.parametrize(
    "old,new,line,column,rule,message",
    [
        (
            "[Rules podkidnoy]",
            "[Rules podkidnoy",
            3,
            1,
            None,
            "a header is written [Name value] on a line of its own, ending with ']'",
        ),
        (
            "[Rules podkidnoy]",
            "[Rules podkidnoy bout_limit=seven]",
            3,
            18,
            None,
            "option bout_limit: 'seven' is not a value (a number, true or false)",
        ),
        (
            "[Rules podkidnoy]",
            "[Rules podkidnoy colour=red]",
            3,
            18,
            None,
            "unknown option 'colour': the options are deck_size, hand_size, bout_limit, first_bout_limit,"
            " transfer_first_bout, show_trump_transfer, trump_six_beats_ace, neighbours_only_over_4, draw_allowed,"
            " two_sixes_win, redeal_five_of_suit, repetition_draw, teams",
        ),
        (
            "[Rules podkidnoy]",
            "[Rules podkidnoy first_bout_limit=7]",
            3,
            18,  # at the option whose value is out of range (RulesError.option)
            "R13c",
            "option first_bout_limit: 5 or 6, not 7",
        ),
        (
            "[Rules podkidnoy]",
            "[Rules durak]",
            3,
            8,
            None,
            "unknown preset 'durak': use one of podkidnoy, perevodnoy, prostoy, english, japanese",
        ),
        ("[Trump D]", "[Trump X]", 8, 8, "R3", "[Trump X]: a suit S, H, D or C (or ♠ ♥ ♦ ♣), not 'X'"),
        (
            "[Talon 6C AH 6D]",
            "[Talon 6C AH 6X]",
            7,
            14,
            "R1",
            "'6X' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit (S H D C or ♠ ♥ ♦ ♣),"
            " e.g. 'TS' or '7H'",
        ),
        ("[Talon 6C AH 6D]", "[Talon 6C AH 6D 7S]", 4, 1, "R1", "start: 7♠ appears twice"),
        ("[Bout 5]", "[Bout 0]", 12, 7, "R19", "[Bout n]: a whole number from 1, not '0'"),
        (
            "[Attacker Anna]",
            "[Attacker Gleb]",
            10,
            11,
            "R4",
            "'Gleb' is not a player: the players are Anna, Boris, Vera",
        ),
        ("[Players Anna Boris Vera]", "[Players Anna Boris Anna]", 2, 10, "R2", "the player 'Anna' is named twice"),
        (
            '[Event "Lesson 3: who may throw in"]',
            '[Event Lesson "3"]',
            1,
            8,
            None,
            "[Event ...]: one quoted text, or plain words",
        ),
        (
            "[Bout 5]",
            "[Bout 5]\n[Deck 6S]",
            13,
            1,
            None,
            "a game has either a deal ([Seed n] or [Deck ...]) or a set-up position ([Hand ...], [Talon ...]),"
            " not both",
        ),
    ],
)
def test_header_errors_name_line_and_column(
    old: str, new: str, line: int, column: int, rule: str | None, message: str
) -> None:
    assert old in HEAD
    e = error(HEAD.replace(old, new) + "\n5. Anna 7S\n")
    assert (e.line, e.column, e.rule, e.message) == (line, column, rule, message)


def test_a_written_result_that_disagrees_with_the_replay_r25() -> None:
    text = lesson("5. Anna 7S Boris take").replace("[Bout 5]", "[Bout 5]\n[Result durak Vera]")
    e = error(text)
    assert (e.line, e.column, e.rule) == (13, 1, "R25")
    assert e.message == "the written result disagrees with the replay: the game is not finished"


def test_missing_headers_and_a_blank_line_inside_the_headers() -> None:
    e = error("[Players Anna Boris]\n\n[Seed 4]\n")
    assert (e.line, e.column) == (1, 1)
    assert e.message.startswith("game 1 has no deal: give [Seed n] or [Deck ...] (a deal)")
    e = error("1. Anna 7S\n")
    assert (e.line, e.column, e.message) == (1, 1, "a game begins with its headers, e.g. [Players Anna Boris]")
    e = error("")
    assert e.message == "no game here: a game begins with its headers, e.g. [Players Anna Boris]"


# ----------------------------------------------------------------------------- strict and lenient


def test_lenient_reading_keeps_every_move_before_the_problem_and_nothing_after() -> None:
    """An illegal move (R12) stops the line: the moves before it stay, nothing after is spliced on."""
    text = lesson("5. Anna 7S Boris 9S/7S Vera +7C Anna +7H Boris JD/7H").replace(
        "[Bout 5]", "[Bout 5]\n[Result durak Vera]"
    )
    with pytest.raises(RecordingError):
        parse(text)
    reading = parse(text, strict=False)
    assert not reading.ok
    (problem,) = reading.problems
    assert (problem.line, problem.column, problem.rule, problem.move) == (15, 24, "R12", 2)
    (rec,) = reading.games
    assert rec.moves == [Move.attack(0, "7S"), Move.defend(1, "9S", "7S")]
    assert rec.result is None  # the written result belonged to the whole game
    assert rec.meta == {"event": "Lesson 3: who may throw in"}


def test_lenient_reading_of_a_match_keeps_the_games_before_the_problem() -> None:
    one = lesson("5. Anna 7S Boris take")
    two = lesson("5. Anna 7S {note} Boris 9S/7S! Anna +QC")
    reading = parse(one + "\n" + two, strict=False)
    assert [len(g.moves) for g in reading.games] == [2, 2]
    assert reading.games[1].meta["glyphs"] == {"1": "!"}
    (problem,) = reading.problems
    assert (problem.line, problem.rule) == (2 * MOVES_LINE + 1, "R11")


def test_lenient_reading_in_a_variation_keeps_its_legal_start() -> None:
    reading = parse(lesson("5. Anna 7S Boris 9S/7S (Boris take Vera +7C) Anna pass"), strict=False)
    (rec,) = reading.games
    assert rec.moves == [Move.attack(0, "7S"), Move.defend(1, "9S", "7S")]
    assert rec.meta["variations"] == {"1": [{"moves": [{"player": "Boris", "action": "take"}]}]}
    assert reading.problems[0].rule == "R12"


def test_lenient_reading_of_bad_headers_keeps_no_game() -> None:
    reading = parse("[Players Anna]\n[Seed 1]\n", strict=False)
    assert reading.games == []
    assert reading.problems[0].message == "[Players ...] names at least two players, in seat order"


# ----------------------------------------------------------------------------- bounds


def test_deep_nesting_is_refused_at_the_bound_without_recursion() -> None:
    """100,000 nested parentheses: a clear error at the first one past MAX_DEPTH."""
    text = lesson("5. Anna 7S " + "(5. Anna 7H " * 100_000 + ")" * 100_000)
    e = error(text)
    col = len("5. Anna 7S ") + len("(5. Anna 7H ") * notation.MAX_DEPTH + 1
    assert (e.line, e.column, e.message) == (MOVES_LINE, col, "variations nested more than 100 deep")
    assert parse(text, strict=False).problems[0].message == "variations nested more than 100 deep"


def nested_variations(depth: int) -> Recording:
    """The 6-player bot game with variations nested ``depth`` deep: level d replaces the
    second move of level d-1 and repeats the main line's moves."""
    rec = Recording.load(RECORDINGS / "perevodnoy-6p-52cards.json")
    line: dict[str, Any] = {}
    top = line
    for d in range(depth):
        line["moves"] = [move_to_json(m, rec.players) for m in rec.moves[d + 1 : d + 3]]
        if d < depth - 1:
            line["variations"] = {"1": [sub := {}]}
            line = sub
    rec.meta = {"variations": {"1": [top]}}
    return rec


def test_variations_nested_to_the_bound_are_read_and_written() -> None:
    rec = nested_variations(notation.MAX_DEPTH)
    text = write(rec)
    assert text.count("(") == notation.MAX_DEPTH
    back = read(text)
    assert write(back) == text
    assert GameTree.from_recording(back).to_recording().meta.keys() == {"variations"}
    with pytest.raises(RecordingError, match="variations nested more than 100 deep cannot be written"):
        write(nested_variations(notation.MAX_DEPTH + 1))


def test_bounds_on_size_moves_names_headers_and_games(monkeypatch: pytest.MonkeyPatch) -> None:
    big = "x" * (notation.MAX_BYTES + 1)
    assert error(big).message == f"the text has {len(big)} characters; the limit is {notation.MAX_BYTES}"
    e = error(HEAD.replace("Vera", "V" + "e" * 200) + "\n")
    assert e.message == "a player's name has 1 to 200 characters" and (e.line, e.column) == (2, 21)
    many = HEAD + "".join(f"[Note{i} x]\n" for i in range(notation.MAX_HEADERS))
    e = error(many)
    assert e.message == "more than 200 headers in one game" and e.line == 201
    e = error(HEAD + "[Note " + "x" * notation.MAX_HEADER_CHARS + "]\n")
    assert e.message == "this header has 65543 characters; the limit is 65536" and e.line == 13
    monkeypatch.setattr(reader, "MAX_MOVES", 3)  # the reader's copy of the bound
    e = error(lesson("5. Anna 7S Boris 9S/7S Anna pass Vera pass"))
    assert (e.column, e.message) == (34, "more than 3 moves in one game")
    monkeypatch.setattr(reader, "MAX_GAMES", 2)
    e = error("\n".join([lesson("5. Anna 7S")] * 3))
    assert (e.line, e.message) == (2 * (MOVES_LINE + 1) + 1, "more than 2 games in one file")


# ----------------------------------------------------------------------------- matches (R4)


def _game(seed: int, extra: str = "") -> str:
    return f"[Players Anna Boris Vera]\n[Seed {seed}]\n{extra}"


def _played(seed: int, dealer: int | None = None, attacker: int | None = None) -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Vera"], seed=seed, dealer=dealer, attacker=attacker)
    start = g.copy()
    play_out(g, RandomBot(seed))
    rec = Recording(
        g.rules,
        g.players,
        deal=Deal(start.dealer if start.dealer is not None else 2, start.deck_order, attacker=attacker),
        moves=list(g.history),
        meta={"seed": seed},
    )
    rec.result = rec.result_json(g)
    return rec


def test_a_match_infers_dealer_and_attacker_from_the_durak_r4() -> None:
    """Game 2 names no dealer or attacker: the durak of game 1 deals, the player to the
    durak's left attacks first (R4); the canonical writer then names them."""
    first = _played(1)
    durak = first.players.index(first.result["durak"])  # type: ignore[index]
    second = _played(2, dealer=durak, attacker=(durak + 1) % 3)
    text = write([first, second])
    assert f"[Dealer {first.players[durak]}]\n[Attacker {first.players[(durak + 1) % 3]}]" in text
    bare = text.replace(f"[Dealer {first.players[durak]}]\n[Attacker {first.players[(durak + 1) % 3]}]\n", "")
    assert read_games(bare) == [first, second]
    assert write(read_games(bare)) == text


def test_a_match_game_with_the_wrong_dealer_or_attacker_r4() -> None:
    first = _played(1)
    names = first.players
    durak = names.index(first.result["durak"])  # type: ignore[index]
    other = (durak + 2) % 3
    second = _played(2, dealer=durak, attacker=(durak + 1) % 3)
    text = write([first, second])
    lines = text.splitlines()
    at = lines.index(f"[Dealer {names[durak]}]", len(lines) // 3)
    lines[at] = f"[Dealer {names[other]}]"
    e = error("\n".join(lines) + "\n")
    assert (e.line, e.column, e.rule) == (at + 1, 9, "R4")
    assert e.message == f"in a match the durak of the game before deals: {names[durak]}, not {names[other]}"
    lines[at] = f"[Dealer {names[durak]}]"
    lines[at + 1] = f"[Attacker {names[other]}]"
    e = error("\n".join(lines) + "\n")
    assert (e.line, e.column, e.rule) == (at + 2, 11, "R4")
    assert e.message == (
        f"in a match the player to the left of the durak ({names[durak]}) attacks first:"
        f" {names[(durak + 1) % 3]}, not {names[other]}"
    )


def test_a_match_as_a_json_array_is_checked_for_r4(tmp_path: Path) -> None:
    first = _played(1)
    durak = first.players.index(first.result["durak"])  # type: ignore[index]
    good = _played(2, dealer=durak, attacker=(durak + 1) % 3)
    path = tmp_path / "match.json"
    path.write_text(notation.json_text([first, good]), encoding="utf-8")
    assert notation.load_games(path) == [first, good]
    wrong = _played(2, dealer=(durak + 1) % 3, attacker=(durak + 2) % 3)
    path.write_text(notation.json_text([first, wrong]), encoding="utf-8")
    with pytest.raises(RecordingError) as info:
        notation.load_games(path)
    assert info.value.rule == "R4"
    assert info.value.message == (
        f"game 2 of the match: the durak of game 1, {first.players[durak]}, deals and"
        f" {first.players[(durak + 1) % 3]}, to the durak's left, attacks first"
    )


def test_after_a_draw_nothing_is_inferred() -> None:
    draw = Recording.load(RECORDINGS / "draw.json")
    text = write(draw) + "\n" + _game(7)
    games = read_games(text)
    assert games[1].deal == Deal(dealer=2, deck=Game.deal("podkidnoy", ["A", "B", "C"], seed=7).deck_order)


# ----------------------------------------------------------------------------- meta in headers


def test_every_kind_of_meta_round_trips() -> None:
    rec = read(lesson("5. Anna 7S"))
    rec.meta = {
        "title": "T",
        "Title": {"nested": [1, 2.5, None, True]},
        "my key": "spaces",
        "event": 5,
        "headers": {"Date": "2025.01.01", "Site": "Room 5"},
        "seed": 11,
        "comments": {"7": "out of range: kept as data"},
        "glyphs": {"0": "!"},
        "variations": {"0": [{"moves": [{"player": "Anna", "action": "attack", "cards": ["7H"]}]}]},
    }
    text = write(rec)
    assert text.startswith(
        '[title "T"]\n[Meta "Title" {"nested": [1, 2.5, null, true]}]\n[Meta "my key" "spaces"]\n[event 5]\n'
        '[Date "2025.01.01"]\n[Site "Room 5"]\n[seed 11]\n[comments {"7": "out of range: kept as data"}]\n'
    )
    assert text.endswith("\n5. Anna 7S!\n    (5. Anna 7H)\n")
    assert read(text) == rec


def test_a_result_of_any_shape_round_trips() -> None:
    rec = Recording.load(RECORDINGS / "podkidnoy-2p.json")
    for result in (
        {"durak": "Anna"},
        {"durak": "Anna", "out_order": ["Boris"]},
        {"draw": False, "durak": "Anna"},
    ):
        rec.result = result
        back = read(write(rec), file="x")
        assert back.result == result and list(back.result) == list(result)
    assert "[Result durak Boris epaulettes]" in write(Recording.load(RECORDINGS / "epaulettes.json"))  # R26


def test_the_writer_refuses_an_illegal_variation_r6() -> None:
    rec = read(lesson("5. Anna 7S"))
    rec.moves.append(Move.take(1))
    rec.meta = {
        "variations": {"1": [{"moves": [{"player": "Boris", "action": "defend", "card": "8S", "target": "7S"}]}]}
    }
    text = write(rec)
    assert "(5... Boris 8S/7S)" in text
    rec.meta = {
        "variations": {"1": [{"moves": [{"player": "Boris", "action": "defend", "card": "KH", "target": "7S"}]}]}
    }
    with pytest.raises(RecordingError) as info:
        write(rec)
    assert info.value.rule == "R6"
    assert info.value.message.startswith("move 1 in variation 1 of move 2 (Boris KH/7S): K♥ does not beat 7♠")


# ----------------------------------------------------------------------------- the command line


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_cli_convert_both_ways_is_lossless(tmp_path: Path) -> None:
    src = RECORDINGS / "transfer-twice.json"
    out = run("convert", str(src), str(tmp_path / "t.durak"))
    assert out.returncode == 0 and out.stdout == f"{tmp_path / 't.durak'}: 1 game\n"
    assert (tmp_path / "t.durak").read_text(encoding="utf-8") == (RECORDINGS / "transfer-twice.durak").read_text(
        encoding="utf-8"
    )
    assert run("convert", str(tmp_path / "t.durak"), str(tmp_path / "t.json")).returncode == 0
    assert (tmp_path / "t.json").read_bytes() == src.read_bytes()
    bad = run("convert", str(src), str(tmp_path / "t.txt"))
    assert bad.returncode == 2 and "the file name ends in .durak or .json" in bad.stderr


def test_cli_validate_durak_names_the_place_in_the_text(tmp_path: Path) -> None:
    path = tmp_path / "bad.durak"
    path.write_text(lesson("5. Anna 7S Boris 9S/7S (Boris take Vera +7C) Anna pass"), encoding="utf-8")
    out = run("validate", str(path))
    assert out.returncode == 1
    assert out.stderr == (
        f"{path}:14:36: error: [R12] move 2 in variation 1 of move 2 (Vera +7C): Anna has the first right:"
        " Vera waits until Anna passes; legal moves: Anna +7H, Anna pass\n"
    )
    answer = json.loads(run("validate", "--json", str(path)).stdout)
    assert answer["ok"] is False and answer["move"] == 1 and answer["rule"] == "R12"
    assert answer["branch"] == [[1, 1]] and answer["legal"] == ["Anna +7H", "Anna pass"]
    assert answer["state"]["table"] == [["7S", None]]
    good = run("validate", *map(str, DURAK_FILES))
    assert good.returncode == 0 and good.stderr == ""
    assert len(good.stdout.splitlines()) == len(DURAK_FILES) + 2  # the match counts three games


def test_cli_convert_refuses_an_illegal_json_recording(tmp_path: Path) -> None:
    doc = json.loads((RECORDINGS / "draw.json").read_text(encoding="utf-8"))
    doc["moves"][1] = {"player": "Anna", "action": "defend", "card": "8S", "target": "7D"}
    src = tmp_path / "bad.json"
    text = json.dumps(doc)
    src.write_text(text, encoding="utf-8")
    out = run("convert", str(src), str(tmp_path / "bad.durak"))
    assert out.returncode == 1
    # defect 9: the same answer as validate, at the move's place in the file (was 1:1)
    assert out.stderr.startswith(f"{src}:1:519: error: [R6] move 2 (Anna covers 7♦ with 8♠): 8♠ does not beat 7♦")
    assert out.stderr == run("validate", str(src)).stderr
    assert not (tmp_path / "bad.durak").exists()


# ----------------------------------------------------------------------------- the documentation


def doc_blocks(kind: str) -> list[str]:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    return [block.split("\n```", 1)[0] for block in text.split(f"```{kind}\n")[1:]]


@pytest.mark.parametrize("n", range(len(doc_blocks("durak"))))
def test_every_example_in_the_documentation_reads_and_replays(n: int) -> None:
    """docs/notation.md's examples read strictly, and their results agree (R25)."""
    games = read_games(doc_blocks("durak")[n] + "\n")
    for rec in games:
        assert notation.validate_recording(rec).ok
    assert read_games(write(games)) == games


def test_the_documented_error_message_is_the_readers() -> None:
    """The R12 example of docs/notation.md, word for word (R12)."""
    (shown,) = [b for b in doc_blocks("text") if b.startswith("lesson.durak:")]
    e = error(lesson("5. Anna 7S Vera +7C"))
    assert e.format() == shown


def test_documented_examples_first_lesson_and_match() -> None:
    """The lesson ends with Anna the durak (R25); the match's game 2 is dealt by Boris,
    game 1's durak, and led by Anna, to his left (R4)."""
    lesson_doc, game, annotated, match = [b for b in doc_blocks("durak") if "[TurnedUp" not in b]
    assert read(lesson_doc + "\n").replay().result is not None
    one, two = read_games(match + "\n")
    assert two.deal is not None and (two.deal.dealer, two.deal.attacker) == (1, 0)
    assert read(game + "\n").moves == one.moves
    assert len(read(annotated + "\n").meta["variations"]["1"]) == 1


def test_recordings_readme_names_every_notation_only_file() -> None:
    readme = (RECORDINGS / "README.md").read_text(encoding="utf-8")
    for name in ("annotated-transfer-or-cover.durak", "match-4p-podkidnoy.durak"):
        assert sum(1 for line in readme.splitlines() if f"`{name}`" in line) == 1, name


def test_the_writer_refuses_a_result_that_disagrees_r25() -> None:
    rec = Recording.load(RECORDINGS / "podkidnoy-2p.json")
    rec.result = {"durak": "Boris"}
    with pytest.raises(RecordingError) as info:
        write(rec)
    assert (info.value.rule, info.value.message) == (
        "R25",
        'the written result disagrees with the replay: durak is "Anna", not "Boris"',
    )


def test_json_header_values_are_nested_at_most_100_deep() -> None:
    ok = "[x " + "[" * 100 + "]" * 100 + "]\n[Players Anna Boris]\n[Seed 1]\n"
    (rec,) = read_games(ok)
    assert (
        write(rec)
        == "[x " + "[" * 100 + "]" * 100 + "]\n[Seed 1]\n[Players Anna Boris]\n[Rules podkidnoy]\n[Dealer Boris]\n"
    )
    e = error(ok.replace("[" * 100, "[" * 900).replace("]" * 100, "]" * 900))
    assert (e.line, e.column, e.message) == (1, 4, "meta 'x': a JSON value nested more than 100 deep")
    deep: list[Any] = []
    for _ in range(150):
        deep = [deep]
    rec.meta = {"x": deep}
    with pytest.raises(RecordingError, match="a meta value nested more than 100 deep cannot be written"):
        write(rec)
