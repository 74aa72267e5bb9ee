"""The recorder (durak_nb/record/recorder.py): a live game written move by move to a
JSON Lines journal that a crash cannot corrupt, and that a later session continues.

Rule ids: the deals follow R3/R4 (the journal stores the deck), refusals name their
rule (R2, R6, R9, R10, R11), R5 redeals record their new deck, R25 results.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_nb.bots import RandomBot, play_out
from durak_nb.cards import Card, parse_cards
from durak_nb.engine import Action, Bito, Drew, Game, IllegalMove, Move, Redealt
from durak_nb.record import Deal, Recording, RecordingError, move_to_json
from durak_nb.record.recorder import (
    GLYPHS,
    Journal,
    JournalWarning,
    Recorder,
    TornLine,
    read_journal,
)
from durak_nb.rules import Rules
from durak_nb.selfplay import record_bot_game

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = sorted((ROOT / "recordings").glob("*.json"))
NAMES2 = ["Anna", "Boris"]
NAMES3 = ["Anna", "Boris", "Vera"]

#: The deck ``Game.deal(seed=1)`` shuffles for two players, top card first (R3).
DECK_TEXT = (
    "AD JD 6D KD TC QC JC TH AH 8D 8C TD 7H 6H 8H AS AC KH JH 9H QD 6S KS 6C 7D QH 9S JS 9C 9D QS KC 7C TS 7S 8S"
)
DECK_SEED1 = DECK_TEXT.split()
HEAD_SEED1 = (
    '{"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"], '
    '"deal": {"dealer": "Boris", "deck": [' + ", ".join(f'"{c}"' for c in DECK_SEED1) + "]}, "
)


def reference(rules: str | Rules, names: list[str], seed: int) -> Game:
    """The uninterrupted bot game: ``RandomBot(seed)`` plays every seat of ``seed``'s deal."""
    game = Game.deal(rules, names, seed=seed)
    play_out(game, RandomBot(seed))
    return game


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


# ---------------------------------------------------------------------- the journal


def test_journal_exact_contents_R3_R4_R9(tmp_path: Path) -> None:
    """Line 1 is the head (the deck as dealt, R3); each move and annotation one line,
    in the order made; Boris holds the lowest trump and leads (R4)."""
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1, meta={"event": "Урок 1"}) as rec:
        rec.comment("Игра начинается")
        assert rec.play(Move.attack(1, "8D")) == []
        rec.comment("Boris leads his lowest card")
        assert rec.play(Move.defend(0, "AD", "8D")) == []
        rec.glyph("!?")
        assert rec.play(Move.pass_(1)) == [
            Bito(cards("8D AD")),
            Drew(1, cards("6H")),
            Drew(0, cards("8H")),
        ]
        rec.comment("second line\nof the same comment", move=0)
    assert lines(path) == [
        HEAD_SEED1 + '"meta": {"event": "Урок 1"}}',
        '{"comment": "Игра начинается", "before": 0}',
        '{"player": "Boris", "action": "attack", "cards": ["8D"]}',
        '{"comment": "Boris leads his lowest card", "move": 0}',
        '{"player": "Anna", "action": "defend", "card": "AD", "target": "8D"}',
        '{"glyph": "!?", "move": 1}',
        '{"player": "Boris", "action": "pass"}',
        '{"comment": "second line\\nof the same comment", "move": 0}',
    ]
    assert path.read_bytes().endswith(b"\n")
    rec2 = read_journal(path).recording
    assert rec2.meta == {
        "event": "Урок 1",
        "comments_before": {"0": "Игра начинается"},
        "comments": {"0": "Boris leads his lowest card\nsecond line\nof the same comment"},
        "glyphs": {"1": "!?"},
    }
    assert rec2.moves == [Move.attack(1, "8D"), Move.defend(0, "AD", "8D"), Move.pass_(1)]
    assert rec2.result is None


def test_line_separators_inside_text_stay_on_one_line(tmp_path: Path) -> None:
    """Only b'\\n' ends a line: U+2028, U+0085 and \\r inside a comment are kept whole."""
    path = tmp_path / "g.durak.jsonl"
    text = "a\u2028b\x85c\rd\x1ce"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        rec.comment(text)
    assert path.read_bytes().count(b"\n") == 3
    assert read_journal(path).recording.meta == {"comments": {"0": text}}


def test_recording_exports_the_json_form_and_result_R25(tmp_path: Path) -> None:
    """A finished journal exports as the JSON form with its result (R25); the moves
    are exactly the moves of ``durak-nb play`` with the same seed."""
    path = tmp_path / "g.durak.jsonl"
    rec = record_bot_game("perevodnoy", NAMES3, path=path, seed=3)
    cli = record_bot_game("perevodnoy", 3, 3, {})
    assert rec.moves == cli.moves
    assert rec.deal == cli.deal
    assert rec.result == cli.result == {"durak": "Anna"}
    assert len(rec.moves) == 236
    out = tmp_path / "g.json"
    rec.dump(out)
    again = Recording.load(out)
    assert again.to_json() == rec.to_json()
    assert again.replay().result == reference("perevodnoy", NAMES3, 3).result
    assert len(lines(path)) == 1 + len(rec.moves)


def test_journal_round_trips_every_recording_losslessly(tmp_path: Path) -> None:
    """Every file in recordings/ -> journal -> JSON form: the same document (meta and
    comments included); a finished game's result is the replay's (R25)."""
    assert RECORDINGS
    for i, src in enumerate(RECORDINGS):
        orig = Recording.load(src)
        path = tmp_path / f"{i}.durak.jsonl"
        Recorder.from_recording(path, orig).close()
        assert len(lines(path)) == 1 + len(orig.moves)
        back = read_journal(path).recording
        want = orig.to_json()
        got = back.to_json()
        game = orig.replay()
        if game.finished:
            want["result"] = orig.result_json(game)
        else:
            want.pop("result", None)
        assert got == want, src.name


def test_start_position_from_the_json_form(tmp_path: Path) -> None:
    """``start`` as the INTERCHANGE.md object: the journal's head carries it unchanged."""
    src = Recording.load(ROOT / "recordings" / "show-trump-transfer.json")
    start = src.to_json()["start"]
    path = tmp_path / "s.durak.jsonl"
    with Recorder.create(path, src.rules, src.players, start=start) as rec:
        assert rec.game.position() == src.new_game().position()
        for m in src.moves:
            rec.play(m)
    head = json.loads(lines(path)[0])
    assert head["start"] == start
    assert read_journal(path).recording.moves == src.moves


def test_create_refuses_bad_arguments(tmp_path: Path) -> None:
    path = tmp_path / "g.durak.jsonl"
    with pytest.raises(ValueError, match="either a deal"):
        Recorder.create(path, "podkidnoy", NAMES2, seed=1, start={"hands": {}})
    assert not path.exists()
    with pytest.raises(RecordingError, match=r"meta\.comments must map move indices to text"):
        Recorder.create(path, "podkidnoy", NAMES2, seed=1, meta={"comments": ["x"]})
    with pytest.raises(RecordingError, match="'meta' must be plain JSON data"):
        Recorder.create(path, "podkidnoy", NAMES2, seed=1, meta={"when": object()})
    assert not path.exists()


# ---------------------------------------------------------------------- continuing


@pytest.mark.parametrize(
    ("preset", "names", "seed", "cut"), [("podkidnoy", NAMES2, 1, 40), ("perevodnoy", NAMES3, 5, 17)]
)
def test_reopen_continues_the_same_game(tmp_path: Path, preset: str, names: list[str], seed: int, cut: int) -> None:
    """A journal closed after ``cut`` moves reopens to the very position and legal
    moves of the uninterrupted game; finished from there, it is byte-identical to the
    journal of the game recorded in one go, with the same result (R25)."""
    ref = reference(preset, names, seed)
    assert len(ref.history) > cut
    whole = tmp_path / "whole.durak.jsonl"
    record_bot_game(preset, names, path=whole, seed=seed)
    part = tmp_path / "part.durak.jsonl"
    record_bot_game(preset, names, path=part, seed=seed, max_moves=cut)
    at_cut = Game.deal(preset, names, seed=seed)
    for m in ref.history[:cut]:
        at_cut.play(m)
    with Recorder.open(part) as rec:
        assert rec.torn is None
        assert rec.game.position() == at_cut.position()
        assert rec.game.legal_moves() == at_cut.legal_moves()
        for m in ref.history[cut:]:
            rec.play(m)
        assert rec.game.result == ref.result
    assert part.read_bytes() == whole.read_bytes()


def test_reopen_of_a_finished_game_refuses_moves_but_takes_comments_R25(tmp_path: Path) -> None:
    path = tmp_path / "g.durak.jsonl"
    done = record_bot_game("podkidnoy", NAMES2, path=path, seed=2)
    assert done.result == {"durak": "Anna"}
    with Recorder.open(path) as rec:
        assert rec.game.finished
        assert rec.recording().result == {"durak": "Anna"}
        size = path.stat().st_size
        with pytest.raises(IllegalMove) as err:
            rec.play(Move.pass_(0))
        assert str(err.value.refusal) == "[R25] the game is over: no more moves"
        assert path.stat().st_size == size
        rec.comment("well played")
    assert read_journal(path).recording.meta["comments"] == {str(len(done.moves) - 1): "well played"}


# ---------------------------------------------------------------------- torn and broken lines


def journal_of(tmp_path: Path, moves: int = 6, seed: int = 1) -> tuple[Path, bytes, list[Move]]:
    path = tmp_path / "g.durak.jsonl"
    rec = record_bot_game("podkidnoy", NAMES2, path=path, seed=seed, max_moves=moves)
    return path, path.read_bytes(), rec.moves


def test_torn_last_line_is_dropped_and_reported(tmp_path: Path) -> None:
    """A last line without its newline is torn: open() cuts it off, tells how many
    bytes it dropped (attribute and warning), and the game goes on from the move
    before; the legal moves there are the uninterrupted game's."""
    path, data, moves = journal_of(tmp_path)
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    assert data[last:] == b'{"player": "Anna", "action": "pass"}\n'
    path.write_bytes(data[: last + 17])
    with pytest.warns(JournalWarning) as caught:
        rec = Recorder.open(path)
    assert str(caught[0].message) == (
        f"{path}: line 7 is torn (written only in part when the recording stopped): "
        'dropped its 17 bytes \'{"player": "Anna"\''
    )
    assert rec.torn == TornLine(line=7, offset=last, data=b'{"player": "Anna"')
    assert rec.torn.size == 17
    assert path.read_bytes() == data[:last]
    assert rec.game.history == moves[:5]
    ref = Game.deal("podkidnoy", NAMES2, seed=1)
    for m in moves[:5]:
        ref.play(m)
    assert rec.game.legal_moves() == ref.legal_moves()
    rec.play(moves[5])
    rec.close()
    assert path.read_bytes() == data
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Recorder.open(path).torn is None


def test_complete_json_without_newline_is_still_torn(tmp_path: Path) -> None:
    """The newline commits a line: a whole move object without it was never reported
    written by play(), so it is dropped (and reported) like any torn line."""
    path, data, moves = journal_of(tmp_path)
    path.write_bytes(data[:-1])
    j = read_journal(path)
    assert j.torn == TornLine(7, len(data) - 37, b'{"player": "Anna", "action": "pass"}')
    assert j.recording.moves == moves[:5]
    assert path.read_bytes() == data[:-1]  # read_journal never changes the file


def test_torn_head_line_is_an_error(tmp_path: Path) -> None:
    path, data, _ = journal_of(tmp_path)
    path.write_bytes(data[:50])
    with pytest.raises(RecordingError) as err:
        Recorder.open(path)
    assert (
        str(err.value) == f"{path}:1:1: error: the journal has no complete head line; its first line is torn (50 bytes)"
    )
    assert path.read_bytes() == data[:50]


def test_broken_middle_line_is_an_error_naming_it(tmp_path: Path) -> None:
    """Only the last line may be torn: a broken line before it is an error with its
    line and column, and the journal is left as it is."""
    path, data, _ = journal_of(tmp_path)
    rows = data.split(b"\n")
    rows[3] = rows[3][:24]  # {"player": "Boris", "ac
    bad = b"\n".join(rows)
    path.write_bytes(bad)
    for read in (read_journal, Recorder.open):
        with pytest.raises(RecordingError) as err:
            read(path)
        assert err.value.line == 4
        assert str(err.value) == f"{path}:4:21: error: bad JSON: Unterminated string starting at"
    assert path.read_bytes() == bad
    rows[3] = b"\xff\xfe"
    path.write_bytes(b"\n".join(rows))
    with pytest.raises(RecordingError, match=r":4:1: error: not UTF-8 text \(byte 1 of the line\)"):
        read_journal(path)
    rows[3] = b"[1, 2]"
    path.write_bytes(b"\n".join(rows))
    with pytest.raises(RecordingError, match=r":4:1: error: every line of a journal is one JSON object"):
        read_journal(path)


def test_illegal_move_line_names_line_move_and_rule_R10(tmp_path: Path) -> None:
    """A complete line with a move the rules refuse: the error names its line, the
    move's index and the rule."""
    path, data, _ = journal_of(tmp_path)
    rows = data.split(b"\n")
    rows[2] = b'{"player": "Anna", "action": "defend", "card": "QS", "target": "8D"}'
    path.write_bytes(b"\n".join(rows))
    with pytest.raises(RecordingError) as err:
        read_journal(path)
    e = err.value
    assert (e.line, e.move, e.rule) == (3, 1, "R10")  # the index 0-based, the words as people count
    assert str(e) == f"{path}:3:1: error: [R10] move 2 (Anna covers 8♦ with Q♠): Anna does not hold Q♠"


def test_bad_annotation_and_head_lines(tmp_path: Path) -> None:
    path, data, _ = journal_of(tmp_path)
    rows = data.split(b"\n")
    cases = [
        (2, b'{"comment": "x", "move": 5}', "2:1: error: 'move': 5 is not one of the 0 moves written before this line"),
        (3, b'{"glyph": "!!!", "move": 0}', "3:1: error: glyph '!!!': use one of ! ? !! ?? !? ?!"),
        (3, b'{"comment": "x", "move": 0, "by": "me"}', '3:1: error: an annotation line is {"comment": …, "move": k}'),
        (3, b'{"comment": "x", "before": 1}', "3:1: error: a comment before a move is"),
        (3, b'{"comment": 5, "move": 0}', "3:1: error: a comment is text"),
        (
            1,
            rows[0][:-1] + b', "moves": []}',
            "1:1: error: the head line has no member 'moves': its members are deal, format, meta, players, rules, "
            "start, and each move is a line of its own",
        ),
        (2, b'{"player": "Zoe", "action": "pass"}', "2:1: error: [R2] moves[0].player: 'Zoe' is not a player"),
    ]
    for index, row, message in cases:
        changed = list(rows)
        if index == 1:
            changed[0] = row
        else:
            changed.insert(index - 1, row)
        path.write_bytes(b"\n".join(changed))
        with pytest.raises(RecordingError) as err:
            read_journal(path)
        assert str(err.value).startswith(f"{path}:{message}"), (str(err.value), message)


def test_blank_lines_are_ignored(tmp_path: Path) -> None:
    path, data, moves = journal_of(tmp_path)
    path.write_bytes(data.replace(b"\n", b"\n\n", 2) + b"  \n")
    j = read_journal(path)
    assert (j.recording.moves, j.torn, j.lines) == (moves, None, 7)


# ---------------------------------------------------------------------- refusals write nothing


def test_illegal_move_writes_nothing_R6_R9_R11(tmp_path: Path) -> None:
    """An illegal move raises IllegalMove with its rule; the journal and the game are
    unchanged and play goes on."""
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        before = path.read_bytes()
        with pytest.raises(IllegalMove) as err:
            rec.play(Move.take(0))
        assert str(err.value.refusal) == "[R9] the table is empty: Boris must lead first"
        rec.play(Move.attack(1, "8D"))
        after_one = path.read_bytes()
        with pytest.raises(IllegalMove) as err:
            rec.play(Move.throw(0, "8C"))
        assert str(err.value.refusal) == "[R11] the defender cannot throw in or pass; they cover, transfer or take"
        with pytest.raises(IllegalMove) as err:
            rec.play(Move.defend(0, "6D", "8D"))
        assert err.value.rule == "R6"
        assert path.read_bytes() == after_one
        assert rec.game.history == [Move.attack(1, "8D")]
        with pytest.raises(ValueError, match="glyph '!!!'"):
            rec.glyph("!!!")
        with pytest.raises(ValueError, match="move 3 is not one of the 1 moves played"):
            rec.comment("x", move=3)
        with pytest.raises(TypeError):
            rec.comment(3)  # type: ignore[arg-type]
        assert path.read_bytes() == after_one
    assert len(after_one) == len(before) + len(b'{"player": "Boris", "action": "attack", "cards": ["8D"]}\n')


def test_failed_write_leaves_journal_and_game_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails half way (disk full) is cut back: nothing is recorded, the
    game did not move, and the next write succeeds."""
    path = tmp_path / "g.durak.jsonl"
    rec = Recorder.create(path, "podkidnoy", NAMES2, seed=1)
    before = path.read_bytes()
    real_write = os.write

    def half_then_fail(fd: int, data: bytes | memoryview) -> int:
        if len(data) > 10:
            return real_write(fd, bytes(data[:10]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_fail)
    with pytest.raises(RecordingError, match="cannot write the journal: No space left on device; nothing was recorded"):
        rec.play(Move.attack(1, "8D"))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert rec.game.history == []
    rec.play(Move.attack(1, "8D"))
    rec.close()
    assert read_journal(path).recording.moves == [Move.attack(1, "8D")]


def test_one_recorder_per_journal_and_no_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "g.durak.jsonl"
    rec = Recorder.create(path, "podkidnoy", NAMES2, seed=1)
    with pytest.raises(RecordingError, match="another recorder has this journal open"):
        Recorder.open(path)
    rec.close()
    rec.close()
    assert rec.closed
    with pytest.raises(RecordingError, match="the recorder is closed"):
        rec.play(Move.attack(1, "8D"))
    with pytest.raises(RecordingError, match="the journal exists already"):
        Recorder.create(path, "podkidnoy", NAMES2, seed=2)
    assert read_journal(path).recording.deal == Deal(dealer=1, deck=cards(" ".join(DECK_SEED1)))
    Recorder.create(path, "podkidnoy", NAMES2, seed=2, overwrite=True).close()
    deal = read_journal(path).recording.deal
    assert deal is not None and deal.deck == Game.deal("podkidnoy", NAMES2, seed=2).deck_order


def test_moves_played_on_the_game_directly_need_sync(tmp_path: Path) -> None:
    """Playing on ``recorder.game`` bypasses the journal: the next recorder call says
    so, and sync() writes the missing moves."""
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.game.play(Move.attack(1, "8D"))
        with pytest.raises(RecordingError, match=r"the game has 1 moves but the journal 0: .* call recorder.sync\(\)"):
            rec.play(Move.defend(0, "AD", "8D"))
        assert rec.sync() == 1
        assert rec.sync() == 0
        rec.play(Move.defend(0, "AD", "8D"))
    assert read_journal(path).recording.moves == [Move.attack(1, "8D"), Move.defend(0, "AD", "8D")]


def test_redeal_records_its_new_deck_R5(tmp_path: Path) -> None:
    """R5: a redeal without a deck is shuffled before the write, and the journal keeps
    the new deck, so the reopened game is the same position."""
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    path = tmp_path / "r.durak.jsonl"
    with Recorder.create(path, rules, NAMES3, seed=36) as rec:
        assert [m for m in rec.game.legal_moves() if m.action is Action.REDEAL] == [Move.redeal(2)]
        assert rec.play(Move.redeal(2)) == [Redealt(2)]
        played = rec.game.history[-1]
        assert played.deck is not None and len(played.deck) == 36
        position = rec.game.position()
    row = json.loads(lines(path)[1])
    assert row == {"player": "Vera", "action": "redeal", "deck": [c.code for c in played.deck]}
    with Recorder.open(path) as again:
        assert again.game.position() == position


# ---------------------------------------------------------------------- the kill test

CHILD = r"""
import sys
from durak_nb.bots import RandomBot
from durak_nb.record.recorder import Recorder

path, seed = sys.argv[1], int(sys.argv[2])
bot = RandomBot(seed)
rec = Recorder.create(path, "perevodnoy", ["Anna", "Boris", "Vera"], seed=seed)
print("ready", flush=True)
for _ in sys.stdin:  # one line from the parent allows one more move
    rec.play(bot.choose(rec.game))
    rec.comment("move %d is in the journal" % (len(rec.game.history) - 1))
    print(len(rec.game.history) - 1, flush=True)
"""


@contextlib.contextmanager
def killed_child(code: str, *args: str) -> Iterator[Child]:
    """A process running ``code`` that has printed ``ready``; SIGKILL-ed when the
    block ends (killed and reaped in any case)."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        assert child.stdout.readline() == "ready\n"
        yield Child(child, child.stdin, child.stdout)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:  # pragma: no cover - only if an assertion failed above
            child.kill()
            child.wait()
        child.stdin.close()
        child.stdout.close()


@dataclass
class Child:
    """A recording child process and its pipes."""

    process: subprocess.Popen[str]
    stdin: IO[str]
    stdout: IO[str]

    @property
    def returncode(self) -> int | None:
        return self.process.returncode


def allow_moves(child: Child, first: int, count: int) -> None:
    """Let the child play ``count`` moves, each reported by its index once written."""
    for k in range(first, first + count):
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline() == f"{k}\n"


@pytest.mark.parametrize("reported", [0, 9, 31])
def test_sigkill_mid_game_loses_no_reported_move(tmp_path: Path, reported: int) -> None:
    """THE KILL TEST: a separate process records a bot game, printing each move's index
    once play() has returned; after ``reported`` moves it is allowed 6 more and killed
    with SIGKILL at once, while it writes.  Recorder.open() recovers every reported
    move (and perhaps a few more, never a torn one), the recovered moves replay, and the
    game is finished from there to the uninterrupted game's result (R25)."""
    seed, extra = 4, 6
    ref = reference("perevodnoy", NAMES3, seed)
    assert len(ref.history) > reported + extra  # the kill lands mid-game
    path = tmp_path / "killed.durak.jsonl"
    with killed_child(CHILD, str(path), str(seed)) as child:
        allow_moves(child, 0, reported)
        child.stdin.write("\n" * extra)
        child.stdin.flush()
    assert child.returncode == -signal.SIGKILL
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rec = Recorder.open(path)
    with rec:
        n = len(rec.game.history)
        assert reported <= n <= reported + extra
        assert rec.game.history == ref.history[:n]
        assert len(caught) == (rec.torn is not None)
        notes = rec.recording().meta.get("comments", {})
        assert all(notes[str(k)] == f"move {k} is in the journal" for k in range(reported))
        assert read_journal(path).recording.replay().position() == rec.game.position()
        for m in ref.history[n:]:
            rec.play(m)
        assert rec.game.result == ref.result
    assert read_journal(path).recording.moves == ref.history


SLOW_CHILD = r"""
import os, sys, time
from durak_nb.record.recorder import Recorder

real_write = os.write


def slow_write(fd, data):  # a slow device: short writes of at most 8 bytes (POSIX allows them)
    n = real_write(fd, bytes(data[:8]))
    time.sleep(0.002)
    return n


os.write = slow_write
path, seed = sys.argv[1], int(sys.argv[2])
rec = Recorder.create(path, "podkidnoy", ["Anna", "Boris"], seed=seed)
print("ready", flush=True)
for _ in sys.stdin:
    rec.play(rec.game.legal_moves()[0])
    print(len(rec.game.history) - 1, flush=True)
"""


def test_sigkill_in_the_middle_of_a_line_R25(tmp_path: Path) -> None:
    """THE KILL TEST, torn: a process whose journal is written in short 8-byte writes is
    killed once the file ends in the middle of a line.  open() reports exactly those
    bytes (a prefix of the move's line) as torn, recovers every reported move (3 or a
    few more), and the game goes on from there to the end (R25)."""
    path = tmp_path / "torn.durak.jsonl"
    with killed_child(SLOW_CHILD, str(path), "1") as child:
        allow_moves(child, 0, 3)
        committed = path.read_bytes()
        reported = 3
        torn_seen = False
        while not torn_seen:  # allow one more move and watch it being written
            assert reported < 40  # (a line is always caught mid-way long before this)
            child.stdin.write("\n")
            child.stdin.flush()
            while True:
                data = path.read_bytes()
                if len(data) > len(committed) and not data.endswith(b"\n"):
                    torn_seen = True  # the file ends mid-line: the child sleeps between writes
                    break
                if len(data) > len(committed):  # the line was finished before we looked
                    assert child.stdout.readline() == f"{reported}\n"
                    committed, reported = data, reported + 1
                    break
    assert child.returncode == -signal.SIGKILL
    data = path.read_bytes()
    game = Game.deal("podkidnoy", NAMES2, seed=1)
    for _ in range(reported):
        game.play(game.legal_moves()[0])
    next_line = json.dumps(move_to_json(game.legal_moves()[0], NAMES2)).encode() + b"\n"
    assert data.startswith(committed)
    assert next_line.startswith(data[len(committed) :])
    assert 0 < len(data) - len(committed) < len(next_line)
    line = reported + 2
    with pytest.warns(JournalWarning, match=f"line {line} is torn .*: dropped its {len(data) - len(committed)} bytes"):
        rec = Recorder.open(path)
    with rec:
        assert rec.torn == TornLine(line, len(committed), data[len(committed) :])
        assert rec.game.position() == game.position()
        assert path.read_bytes() == committed
        while not rec.game.finished:
            rec.play(rec.game.legal_moves()[0])
        result = rec.game.result
    while not game.finished:
        game.play(game.legal_moves()[0])
    assert result == game.result
    assert read_journal(path).recording.moves == game.history


# ---------------------------------------------------------------------- cut anywhere


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 40),
    moves=st.integers(0, 40),
    last=st.sampled_from(["move", "comment", "glyph"]),
)
def test_cut_anywhere_in_the_last_line_recovers_the_complete_lines(seed: int, moves: int, last: str) -> None:
    """Cut a journal at every byte offset of its last line (a move, a comment with
    multibyte UTF-8, or a glyph): read_journal() recovers exactly the complete lines
    before it and reports the rest as torn, byte for byte; open() continues there."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.durak.jsonl"
        rec = record_bot_game("podkidnoy", NAMES2, path=path, seed=seed, max_moves=moves, fsync=False)
        if last != "move" and rec.moves:
            with Recorder.open(path, fsync=False) as r:
                r.comment("Хороший ход — R17 ✓") if last == "comment" else r.glyph("?!")
        data = path.read_bytes()
        start = data.rstrip(b"\n").rfind(b"\n") + 1
        before = _read_bytes(Path(folder) / "before.jsonl", data[:start]) if start else None
        full = read_journal(path)
        count = len(data[:start].splitlines())
        for cut in range(start, len(data) + 1):
            path.write_bytes(data[:cut])
            if start == 0:  # the head line itself is cut: nothing to recover
                if cut < len(data):
                    with pytest.raises(RecordingError, match="no complete head line"):
                        read_journal(path)
                continue
            j = read_journal(path)
            if cut == len(data):
                assert (j.torn, j.recording.to_json()) == (None, full.recording.to_json())
                continue
            assert before is not None
            assert j.recording.to_json() == before.recording.to_json()
            assert j.torn == (TornLine(count + 1, start, data[start:cut]) if cut > start else None)
        path.write_bytes(data[: (start + len(data)) // 2])
        if start:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", JournalWarning)
                with Recorder.open(path, fsync=False) as r:
                    assert r.game.history == (before.recording.moves if before else [])
            assert path.read_bytes() == data[:start]


def _read_bytes(path: Path, data: bytes) -> Journal:
    path.write_bytes(data)
    return read_journal(path)


def test_glyphs_are_the_notation_glyphs() -> None:
    assert GLYPHS == ("!", "?", "!!", "??", "!?", "?!")


def test_a_journal_never_grows_past_what_can_be_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The documented bound (json_form.MAX_BYTES) holds for writing as for reading: a
    line that would pass it is refused and nothing is written."""
    import durak_nb.record.recorder as recorder

    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        size = path.stat().st_size
        monkeypatch.setattr(recorder, "MAX_BYTES", size + 40)
        with pytest.raises(RecordingError, match=f"the journal would grow past {size + 40} bytes"):
            rec.comment("a comment that makes a line longer than forty bytes")
        assert path.stat().st_size == size
        rec.comment("short")
    monkeypatch.setattr(recorder, "MAX_BYTES", size + 10)
    with pytest.raises(RecordingError, match=f"the journal is larger than the limit of {size + 10} bytes"):
        read_journal(path)


def test_a_journal_never_holds_more_moves_than_can_be_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """json_form.MAX_MOVES bounds the journal's moves as it bounds the reader's: the
    move past it is refused, nothing is written, the game is unchanged."""
    import durak_nb.record.recorder as recorder

    monkeypatch.setattr(recorder, "MAX_MOVES", 2)
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        rec.play(Move.defend(0, "AD", "8D"))
        size = path.stat().st_size
        with pytest.raises(RecordingError) as err:
            rec.play(Move.pass_(1))
        assert str(err.value) == f"{path}: error: the journal would hold 3 moves; 2 is the limit for reading it back"
        rec.game.play(Move.pass_(1))
        with pytest.raises(RecordingError, match="the journal would hold 3 moves"):
            rec.sync()
        assert path.stat().st_size == size


def test_strict_json_lines(tmp_path: Path) -> None:
    """A journal line is strict JSON: a member named twice, NaN, or an escaped lone
    surrogate is an error naming the line, never silently read; the writer refuses
    what it could not read back."""
    path, data, _ = journal_of(tmp_path)
    rows = data.split(b"\n")
    cases = [  # the kit's one strict decoder (record.jsonio), at the column of the problem
        (
            b'{"player": "Boris", "player": "Anna", "action": "pass"}',
            21,
            "the member 'player' appears twice in one object",
        ),
        (b'{"comment": NaN, "move": 0}', 13, "NaN is not a JSON number"),
        (b'{"comment": 1e400, "move": 0}', 13, "1e400 is not a finite number"),
        (
            b'{"comment": "\\ud800", "move": 0}',
            13,
            "the text holds U+D800, a lone surrogate, which is not valid Unicode text",
        ),
    ]
    for row, column, message in cases:
        path.write_bytes(b"\n".join([*rows[:3], row, *rows[3:]]))
        with pytest.raises(RecordingError) as err:
            read_journal(path)
        assert str(err.value) == f"{path}:4:{column}: error: bad JSON: {message}"
    path.write_bytes(data)
    with Recorder.open(path) as rec:
        with pytest.raises(ValueError, match="lone surrogate"):
            rec.comment("\ud800")
        assert path.read_bytes() == data
    with pytest.raises(RecordingError, match="'meta' must be plain JSON data: Out of range float values"):
        Recorder.create(tmp_path / "n.durak.jsonl", "podkidnoy", NAMES2, seed=1, meta={"x": float("nan")})
    surrogate = "'meta' must be plain JSON data: the text holds U\\+DC80, a lone surrogate"
    with pytest.raises(RecordingError, match=surrogate):
        Recorder.create(tmp_path / "n.durak.jsonl", "podkidnoy", NAMES2, seed=1, meta={"x": "\udc80"})
    assert not (tmp_path / "n.durak.jsonl").exists()


def test_a_change_of_working_folder_does_not_stop_the_recorder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The journal checked before each write (issue 8, defect 13) is the file created,
    also when it was named relative to a working folder that changes."""
    monkeypatch.chdir(tmp_path)
    with Recorder.create("g.durak.jsonl", "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        monkeypatch.chdir("/")
        rec.play(Move.defend(0, "AD", "8D"))
    assert read_journal(tmp_path / "g.durak.jsonl").recording.moves == [
        Move.attack(1, "8D"),
        Move.defend(0, "AD", "8D"),
    ]
