"""Passes nobody says aloud in the notation (docs/notation.md, "Passes nobody says aloud";
issue 10): the reader fills in a bout's last passes at the word ``bito`` or at the next
bout's number (``durak_nb.implied.passes_to_end``, R12, R14, R15) and refuses, at the
place of the word or number, where the bout cannot end so; the canonical writer writes
every pass; ``write(..., passes="implied")`` leaves out exactly the passes the reader
fills in, and reads back as the same recording.

The set-up position is test_notation's LESSON: podkidnoy, three players, diamonds trump,
bout 5, Anna to lead at Boris (7S 7H 9D QC), Boris 8S 9S JD KH, Vera 7C 8D KS AS.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import RECORDINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_notation import MOVES_LINE, lesson

from durak_nb.engine import Move
from durak_nb.record import Recording, RecordingError, notation
from durak_nb.record.notation import parse, read, read_games, write
from durak_nb.selfplay import record_bot_game

DURAK_FILES = sorted(RECORDINGS.glob("*.durak")) + sorted((RECORDINGS / "overboard").glob("*.durak"))

#: LESSON's moves with every pass written (the canonical form).
FULL_BITO = "5. Anna 7S Boris 9S/7S Anna pass Vera pass\n6. Boris 8S\n"
FULL_TAKE = "5. Anna 7S Boris take Anna +7H Anna pass Vera pass\n6. Vera 7C\n"


def moves_of(text: str) -> list[Move]:
    return read(text, file="lesson.durak").moves


def error(text: str) -> RecordingError:
    with pytest.raises(RecordingError) as info:
        read_games(text, file="lesson.durak")
    return info.value


def body(text: str) -> str:
    """The moves of a canonical LESSON text (after the headers' blank line)."""
    return text.split("\n\n", 1)[1]


# ----------------------------------------------------------------------------- the reader fills passes in


def test_bito_fills_in_the_throwers_passes_attacker_first_r12_r15() -> None:
    """``bito``: Anna (the attacker) passes, then Vera; the bout ends in bito (R15), Boris leads."""
    assert moves_of(lesson("5. Anna 7S Boris 9S/7S bito 6. Boris 8S")) == [
        Move.attack(0, "7S"),
        Move.defend(1, "9S", "7S"),
        Move.pass_(0),
        Move.pass_(2),
        Move.attack(1, "8S"),
    ]


def test_the_next_bouts_number_ends_a_bito_bout_too_r15() -> None:
    assert moves_of(lesson("5. Anna 7S Boris 9S/7S 6. Boris 8S")) == moves_of(lesson(FULL_BITO))


def test_a_take_ends_at_the_next_bouts_number_r14() -> None:
    """After Boris's take and Anna's throw-in (вдогонку) the next number implies Anna's
    and Vera's passes; the cards go to Boris and Vera, to his left, leads (R14, R16)."""
    moves = moves_of(lesson("5. Anna 7S Boris take Anna +7H 6. Vera 7C"))
    assert moves == [
        Move.attack(0, "7S"),
        Move.take(1),
        Move.throw(0, "7H"),
        Move.pass_(0),
        Move.pass_(2),
        Move.attack(2, "7C"),
    ]
    assert moves == moves_of(lesson(FULL_TAKE))


def test_passes_written_before_bito_are_kept_and_bito_fills_in_the_rest() -> None:
    assert moves_of(lesson("5. Anna 7S Boris 9S/7S Anna pass bito 6. Boris 8S")) == moves_of(lesson(FULL_BITO))


def test_bito_after_every_pass_is_written_changes_nothing() -> None:
    text = lesson("5. Anna 7S Boris 9S/7S Anna pass Vera pass bito 6. Boris 8S")
    assert moves_of(text) == moves_of(lesson(FULL_BITO))


def test_a_comment_right_after_bito_is_the_comment_before_the_next_move() -> None:
    rec = read(lesson("5. Anna 7S Boris 9S/7S {covered} bito {Boris leads now} 6. Boris 8S"))
    assert rec.meta["comments"] == {"1": "covered"}
    assert rec.meta["comments_before"] == {"4": "Boris leads now"}


def test_a_pass_inside_a_bout_is_never_implied_r12() -> None:
    """Vera may throw in only after Anna passed (R12): the reader does not fill that pass in."""
    e = error(lesson("5. Anna 7S Vera +7C"))
    assert (e.rule, e.line, e.column) == ("R12", MOVES_LINE, 12)


def test_passes_are_filled_in_within_a_variation() -> None:
    rec = read(lesson("5. Anna 7S Boris 9S/7S (5... Boris take 6. Vera 7C) bito 6. Boris 8S"))
    assert rec.moves == moves_of(lesson(FULL_BITO))
    (line,) = rec.meta["variations"]["1"]
    assert line["moves"] == [
        {"player": "Boris", "action": "take"},
        {"player": "Anna", "action": "pass"},
        {"player": "Vera", "action": "pass"},
        {"player": "Vera", "action": "attack", "cards": ["7C"]},
    ]


# ----------------------------------------------------------------------------- refused, with the place


@pytest.mark.parametrize(
    "moves,column,rule,message",
    [
        (
            "5. Anna 7S bito",
            12,
            "R15",
            "'bito': the bout cannot end in bito now: every attack card must be covered and every thrower pass;"
            " legal moves: Boris 8S/7S, Boris 9S/7S, Boris JD/7S, Boris take, Anna +7H, Anna pass",
        ),
        (
            "5. Anna 7S Boris take bito",
            23,
            "R15",
            "'bito': the defender has declared take: the cards go to the defender, not to the discard;"
            " legal moves: Anna +7H, Anna pass",
        ),
        (
            "5. Anna 7S 6. Vera 7C",
            12,
            "R15",
            "bout 5 does not end here ('6.'): the bout cannot end in bito now: every attack card must be covered"
            " and every thrower pass; legal moves: Boris 8S/7S, Boris 9S/7S, Boris JD/7S, Boris take, Anna +7H,"
            " Anna pass",
        ),
        (
            "bito 5. Anna 7S",
            1,
            None,
            "'bito' ends a bout whose last passes are left out; no bout is under way here; legal moves: Anna 7S,"
            " Anna 7H, Anna 7S 7H, Anna 9D, Anna QC",
        ),
        (
            "5. Anna 7S Boris 9S/7S 6. bito",
            27,
            None,
            "'bito' ends the bout before it: write it before the next bout's number",
        ),
        (
            "5. Anna 7S Boris 9S/7S bito (5... Anna pass)",
            29,
            None,
            "a variation '( ... )' follows the move it replaces, and the passes before it are left out here"
            " ('bito' or a bout number): write them out to vary one",
        ),
        ("5. Anna 7S Boris 9S/7S bito!", 28, None, "the glyph ! goes right after the move it marks, e.g. 'Anna 7S!'"),
        (
            "5. Anna 7S 5. Boris 9S/7S",
            12,
            None,
            "bout 5 is not over here, so no new bout begins: write '5...' to recall the bout within it;"
            " legal moves: Boris 8S/7S, Boris 9S/7S, Boris JD/7S, Boris take, Anna +7H, Anna pass",
        ),
    ],
)
def test_an_ending_that_does_not_fit_is_refused_at_its_place(
    moves: str, column: int, rule: str | None, message: str
) -> None:
    e = error(lesson(moves))
    assert (e.line, e.column, e.rule, e.message) == (MOVES_LINE, column, rule, message)


def test_bito_is_a_keyword_so_a_player_named_bito_is_quoted() -> None:
    assert notation.quote_name("bito") == '"bito"' and notation.quote_name("up") == '"up"'
    assert notation.quote_name("Bito") == "Bito"


def test_lenient_reading_keeps_the_moves_before_a_bad_bito() -> None:
    reading = parse(lesson("5. Anna 7S Boris 9S/7S bito 6. Boris 8S Vera take bito"), strict=False)
    assert [p.rule for p in reading.problems] == ["R15"]
    (rec,) = reading.games
    assert len(rec.moves) == 6 and rec.moves[-1] == Move.take(2)


# ----------------------------------------------------------------------------- the writers


def test_the_canonical_writer_writes_every_pass() -> None:
    assert body(write(read(lesson("5. Anna 7S Boris 9S/7S bito 6. Boris 8S")))) == FULL_BITO
    assert body(write(read(lesson("5. Anna 7S Boris take Anna +7H 6. Vera 7C")))) == FULL_TAKE


def test_the_short_form_leaves_out_exactly_the_filled_in_passes() -> None:
    bito = read(lesson(FULL_BITO))
    assert body(write(bito, passes="implied")) == "5. Anna 7S Boris 9S/7S bito\n6. Boris 8S\n"
    take = read(lesson(FULL_TAKE))
    assert body(write(take, passes="implied")) == "5. Anna 7S Boris take Anna +7H\n6. Vera 7C\n"


def test_the_short_form_keeps_a_take_bouts_passes_where_no_bout_follows() -> None:
    text = lesson("5. Anna 7S Boris take Anna pass Vera pass")
    assert body(write(read(text), passes="implied")) == "5. Anna 7S Boris take Anna pass Vera pass\n"


def test_the_short_form_keeps_a_pass_with_a_comment_and_the_passes_before_it() -> None:
    rec = read(lesson("5. Anna 7S Boris 9S/7S Anna pass Vera pass {done} 6. Boris 8S"))
    assert body(write(rec, passes="implied")) == "5. Anna 7S Boris 9S/7S Anna pass Vera pass {done}\n6. Boris 8S\n"
    rec = read(lesson("5. Anna 7S Boris 9S/7S Anna pass {Anna is done} Vera pass 6. Boris 8S"))
    assert body(write(rec, passes="implied")) == "5. Anna 7S Boris 9S/7S Anna pass {Anna is done} bito\n6. Boris 8S\n"


def test_the_short_form_recalls_the_bout_before_bito_after_a_variation() -> None:
    rec = read(lesson("5. Anna 7S Boris 9S/7S (5... Boris take 6. Vera 7C) bito 6. Boris 8S"))
    assert body(write(rec, passes="implied")) == (
        "5. Anna 7S Boris 9S/7S\n    (5... Boris take 6. Vera 7C)\n    5... bito\n6. Boris 8S\n"
    )
    assert read(write(rec, passes="implied")) == rec


def test_passes_must_be_all_or_implied() -> None:
    with pytest.raises(ValueError, match="passes='some': use one of all, implied"):
        write(read(lesson(FULL_BITO)), passes="some")


@pytest.mark.parametrize("path", DURAK_FILES, ids=[p.name for p in DURAK_FILES])
def test_every_recording_round_trips_through_the_short_form(path: Path) -> None:
    """read(write(g, passes="implied")) == g for every game of every file (R12); the short
    text is itself in short form; the canonical text is unchanged."""
    text = path.read_text(encoding="utf-8")
    games = read_games(text)
    short = write(games, passes="implied")
    again = read_games(short)
    assert again == games
    assert write(again, passes="implied") == short
    assert write(again) == text


def test_the_short_form_of_a_bot_game_says_bito_instead_of_its_passes() -> None:
    path = RECORDINGS / "podkidnoy-2p.durak"
    text = path.read_text(encoding="utf-8")
    short = write(read(text), passes="implied")
    words = re.compile(r"\b(pass|bito)\b")
    assert [w for w in words.findall(text)].count("pass") == 47
    assert [w for w in words.findall(short)].count("pass") == 15
    assert [w for w in words.findall(short)].count("bito") == 14
    assert "1. Boris TH Anna AH/TH bito\n2. Anna 6D Boris JD/6D bito\n3. Boris QC Boris pass Anna take\n" in short


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(["podkidnoy", "perevodnoy", "english", "prostoy", "japanese"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
)
def test_short_form_round_trip_on_random_bot_games(preset: str, players: int, seed: int) -> None:
    """Invariant: the short form of any legal game reads back as the same game (R12, R14, R15)."""
    rec = record_bot_game(preset, players, seed)
    short = write(rec, passes="implied")
    back = read(short)
    assert back.moves == rec.moves
    assert write(back) == write(rec)


def test_the_json_form_holds_the_filled_in_passes() -> None:
    rec = read(lesson("5. Anna 7S Boris 9S/7S bito"))
    assert [m["action"] for m in rec.to_json()["moves"]] == ["attack", "defend", "pass", "pass"]
    assert Recording.from_json(rec.to_json()).moves == rec.moves
