"""``durak-nb replay`` prints comments, glyphs and side lines, indented (issue 10, §4):
the exact text of an annotated game (the glyph right after the move's words, comments
before and after in braces, events under their move: take R14, bito R15, draws R16,
out R24; a side line after the move it replaces, a nested one deeper), user text with
control characters shown as escapes, a game of no moves with its comment, a 100-deep
nesting, a match, and an illegal move in a side line refused with its rule (R6)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_export_variations import annotated_doc
from test_replay import podkidnoy_doc, renamed

from durak_nb.cli import main
from durak_nb.game_text import INDENT, game_lines
from durak_nb.record import Recording
from durak_nb.replay import VariationError
from durak_nb.selfplay import record_bot_game

ANNOTATED = [
    "podkidnoy: Anna, Boris; trump ♥",
    "   1  Anna attacks 6♠",
    "   2  Boris covers 6♠ with 7♠ ?!",
    "      side line 2.1, instead of move 2:",
    "            {<b>Keep</b> the seven?}",
    "         1  Boris takes !",
    "         2  Anna throws in 6♣",
    "            {a comment after}",
    "            side line 2.1 > 2.1, instead of move 2:",
    "               1  Anna passes ?",
    "                  {Anna misses a throw-in.}",
    "                    Boris picks up 6♠ (R14)",
    "                    Anna draws 9♣ 10♥ (R16)",
    "         3  Anna passes",
    "              Boris picks up 6♠ 6♣ (R14)",
    "              Anna draws 9♣ 10♥ (R16)",
    "   3  Anna throws in 6♣",
    "   4  Boris takes",
    "   5  Anna throws in 6♦",
    "      {вдогонку: after the take}",
    "   6  Anna passes",
    "        Boris picks up 6♠ 7♠ 6♣ 6♦ (R14)",
    "        Anna draws 9♣ 10♥ (R16)",
    "   7  Anna attacks 9♠ 9♣",
    "   8  Boris covers 9♠ with A♠",
    "      side line 8.1, instead of move 8:",
    "         1  Boris takes",
    "   9  Boris covers 9♣ with Q♣",
    "  10  Anna passes",
    "        bito: 9♠ A♠ 9♣ Q♣ to the discard (R15)",
    "  11  Boris attacks 6♠ 6♦",
    "  12  Anna covers 6♠ with 10♥",
    "  13  Anna covers 6♦ with K♥",
    "  14  Boris passes",
    "        bito: 6♠ 10♥ 6♦ K♥ to the discard (R15)",
    "        Anna is out (R24)",
    "        game over: Boris is the durak",
]


def write(tmp_path: Path, doc: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_the_text_of_an_annotated_game_exactly() -> None:
    assert list(game_lines(Recording.from_json(annotated_doc()))) == ANNOTATED


def test_the_command_prints_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", write(tmp_path, annotated_doc())]) == 0
    assert capsys.readouterr() == ("\n".join(ANNOTATED) + "\n", "")


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def test_a_game_without_annotations_prints_as_before() -> None:
    """No comment, glyph or side line: the head, the move lines and their events only,
    exactly as ``durak-nb replay`` printed before."""
    lines = list(game_lines(Recording.from_json({**podkidnoy_doc(), "meta": {}})))
    main_line = [line for line in ANNOTATED[1:] if indent(line) <= 3 or indent(line) == 8]
    assert lines == [ANNOTATED[0], *(line.replace(" ?!", "") for line in main_line)]
    assert len(lines) == 1 + 14 + 6  # the head, 14 moves, 6 events


def test_user_text_cannot_drive_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name with a terminal escape, a comment with a carriage return, a bidi override,
    a line separator and a line break: escapes shown, the line break a new line at the
    comment's indent."""
    doc = renamed(annotated_doc(before="line 1\nline 2 \x1b[2J\r\u202e\u2028end"), {"Boris": "B\x1b]0;x\x07"})
    assert main(["replay", write(tmp_path, doc)]) == 0
    out = capsys.readouterr().out
    assert [ch for ch in out if unicodedata.category(ch) in ("Cc", "Cf", "Zl") and ch != "\n"] == []
    lines = out.splitlines()
    assert lines[0] == "podkidnoy: Anna, B\\x1b]0;x\\x07; trump ♥"
    assert lines[3:6] == [
        "      side line 2.1, instead of move 2:",
        "            {line 1",
        "            line 2 \\x1b[2J\\r\\u202e\\u2028end}",
    ]
    assert lines[6] == "         1  B\\x1b]0;x\\x07 takes !"


def test_a_game_of_no_moves_prints_its_comment() -> None:
    doc = podkidnoy_doc()
    doc["moves"] = []
    doc["meta"] = {"comments_before": {"0": "Nothing was played."}}
    assert list(game_lines(Recording.from_json(doc))) == [
        "podkidnoy: Anna, Boris; trump ♥",
        "      {Nothing was played.}",
    ]


def test_a_100_deep_nesting_is_printed_without_recursion() -> None:
    """Side line 1.1 replaces move 1 with the same moves, side line 1.1 > 1.1 replaces its
    move 1 again, … 100 deep (the notation's MAX_DEPTH): each one INDENT deeper."""
    rec = record_bot_game("podkidnoy", 2, 7, {})
    doc = rec.to_json()
    line: dict[str, Any] | None = None
    for d in range(100, 0, -1):
        new: dict[str, Any] = {"moves": doc["moves"][d:102]}
        if line is not None:
            new["variations"] = {"1": [line]}
        line = new
    doc["meta"] = {"variations": {"1": [line]}}
    lines = list(game_lines(Recording.from_json(doc)))
    heads = [x for x in lines if "side line" in x]
    assert len(heads) == 100
    assert heads[0] == INDENT + "side line 2.1, instead of move 2:"
    assert heads[-1] == INDENT * 100 + "side line " + " > ".join(["2.1"] * 100) + ", instead of move 2:"
    assert lines[lines.index(heads[-1]) + 1] == INDENT * 100 + "   1  " + rec.moves[100].describe(rec.players)


def test_a_match_numbers_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDINGS / "match-4p-podkidnoy.durak")]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert [h.split(":")[0] for h in heads] == ["game 1 of 3", "game 2 of 3", "game 3 of 3"]


def test_the_lesson_prints_its_nested_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDINGS / "annotated-transfer-or-cover.durak")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:6] == [
        "perevodnoy: Anna, Boris, Vera; trump ♥",
        "      {Two cards are left in the talon and hearts are trump. Anna leads at Boris.}",
        "   1  Anna attacks 7♠",
        "   2  Boris transfers 7♦ !",
        "      {Boris holds a seven, so he transfers (перевод, R17): both sevens go on to Vera, who holds none, "
        "and Boris becomes the attacker with the first right to throw in (R12).}",
        "      side line 2.1, instead of move 2:",
    ]
    assert lines[13:17] == [
        "            side line 2.1 > 5.1, instead of move 5:",
        "               1  Vera passes ?",
        "                  {Vera misses her chance to shed a card: bito at once (R15).}",
        "                    bito: 7♠ 8♠ 7♣ 10♣ to the discard (R15)",
    ]
    assert lines[-2:] == [
        "      {Bito (R15). The talon is empty: Boris leads next with three cards against Vera's ten.}",
        "        bito: 8♣ 10♣ 8♦ K♦ to the discard (R15)",
    ]


def test_an_illegal_move_in_a_side_line_is_refused_r6(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = annotated_doc()
    doc["meta"]["variations"]["7"] = [
        {"moves": [{"player": "Boris", "action": "defend", "card": "8D", "target": "9S"}]}
    ]
    path = write(tmp_path, doc, "bad.json")
    assert main(["replay", path]) == 1
    assert capsys.readouterr() == (
        "",
        f"{path}:1:1: error: [R6] variation 8.1, move 1 (Boris covers 9♠ with 8♦): 8♦ does not beat 9♠: "
        "a card is beaten by a higher card of its suit or by a trump (♥)\n",
    )
    with pytest.raises(VariationError):
        next(game_lines(Recording.from_json(doc)))


BOT = record_bot_game("podkidnoy", 2, 7, {}).to_json()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 60), st.integers(1, 8), st.booleans()), min_size=1, max_size=6))
def test_every_move_of_every_line_is_printed_once(branches: list[tuple[int, int, bool]]) -> None:
    """Invariant: side lines (the same moves again, legal by construction) hung at random
    moves, some with a line nested at their move 1: one head per side line, one line
    per move of every line (R9–R16 decided by the engine), each at its line's indent."""
    doc = json.loads(json.dumps(BOT))
    variations: dict[str, list[dict[str, Any]]] = {}
    expected_moves, lines_count = len(doc["moves"]), 0
    for k, length, nested in branches:
        line: dict[str, Any] = {"moves": doc["moves"][k : k + length]}
        expected_moves += len(line["moves"])
        lines_count += 1
        if nested and length > 1:
            line["variations"] = {"1": [{"moves": doc["moves"][k + 1 : k + length]}]}
            expected_moves += len(line["variations"]["1"][0]["moves"])
            lines_count += 1
        variations.setdefault(str(k), []).append(line)
    doc["meta"] = {"variations": variations}
    out = list(game_lines(Recording.from_json(doc)))
    heads = [x for x in out if "side line" in x]
    moves = [x for x in out if x.lstrip(" ")[:1].isdigit() and x.lstrip(" ").split("  ", 1)[0].isdigit()]
    assert (len(heads), len(moves)) == (lines_count, expected_moves)
    assert all(indent(x) in (6, 12) for x in heads)
    assert all(indent(x) % 6 in (0, 1, 2, 3) for x in moves)
