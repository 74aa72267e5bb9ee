"""Defects of issue 8 (the hostile trial) in the recorder and the command line, each
with a test that failed before its fix: 3, 9 and 10 (convert and export), 12, 13 and
14 (the recorder's journal), 15 (control characters in the CLI's output).

Rule ids: R2 (players' names), R5 (a redeal's shuffle), R6 (an illegal cover), R25
(a written result that disagrees with the replay).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS, ROOT

from durak_nb.cli import main
from durak_nb.engine import Action, Move
from durak_nb.record import Deal, Recording, RecordingError
from durak_nb.record import notation as notation_module
from durak_nb.record.recorder import Recorder, read_journal

NAMES2 = ["Anna", "Boris"]
NAMES_MESSAGE = "[R2] 'players' must be a list of non-empty names (at most 200 characters)"


def run(*args: str | bytes) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", *args], capture_output=True, text=True, cwd=ROOT, check=False, env=env
    )


# ---------------------------------------------------------------------- 12: names the reader refuses


@pytest.mark.parametrize("bad", [" ", "\t", "x" * 201])
def test_defect12_create_refuses_names_its_reader_refuses_R2(tmp_path: Path, bad: str) -> None:
    """Recorder.create checks the names with the journal reader's own check (R2)
    before anything is written: no journal that can never be reopened."""
    path = tmp_path / "n.durak.jsonl"
    with pytest.raises(RecordingError) as err:
        Recorder.create(path, "podkidnoy", [bad, "Boris"], seed=1)
    assert str(err.value) == f"{path}:1:1: error: {NAMES_MESSAGE}"
    assert (err.value.rule, err.value.file) == ("R2", str(path))
    assert not path.exists()


def test_defect12_create_refuses_a_name_that_is_not_unicode(tmp_path: Path) -> None:
    path = tmp_path / "n.durak.jsonl"
    with pytest.raises(RecordingError) as err:
        Recorder.create(path, "podkidnoy", ["Anna", "Boris\ud800"], seed=1)
    assert (err.value.rule, err.value.message) == (
        "R2",
        "'players': a name holds a lone surrogate, which is not valid Unicode text",
    )
    assert not path.exists()


def test_defect12_from_recording_refuses_names_its_reader_refuses_R2(tmp_path: Path) -> None:
    good = Recording.load(RECORDINGS / "podkidnoy-2p.json")
    assert good.deal is not None
    bad = Recording(rules=good.rules, players=("Anna", "x" * 201), deal=Deal(dealer=1, deck=good.deal.deck))
    path = tmp_path / "n.durak.jsonl"
    with pytest.raises(RecordingError) as err:
        Recorder.from_recording(path, bad)
    assert str(err.value) == f"{path}:1:1: error: {NAMES_MESSAGE}"
    assert not path.exists()


def test_defect12_names_the_reader_takes_still_record_and_reopen(tmp_path: Path) -> None:
    names = ["Анна Петровна", "y" * 200, " Boris "]
    path = tmp_path / "n.durak.jsonl"
    with Recorder.create(path, "podkidnoy", names, seed=1) as rec:
        for _ in range(5):
            rec.play(rec.game.legal_moves()[0])
        moves = list(rec.game.history)
    with Recorder.open(path) as again:
        assert again.game.players == tuple(names)
        assert again.game.history == moves


# ---------------------------------------------------------------------- 13: an outside change to a held journal


def changed_message(path: Path, size: int, wrote: int) -> str:
    return (
        f"{path}: error: the journal was changed by another program while this recorder held it "
        f"(it has {size} bytes, this recorder wrote {wrote}); nothing was written or cut: close this "
        "recorder and continue with Recorder.open(), which reads what was added"
    )


def rewritten_message(path: Path, size: int) -> str:
    return (
        f"{path}: error: the journal was rewritten by another program while this recorder held it "
        f"(its {size} bytes are not the ones this recorder wrote); nothing was written or cut: close this "
        "recorder and read the journal again with Recorder.open()"
    )


def test_defect13_an_outside_append_is_never_written_over(tmp_path: Path) -> None:
    """Another program appends a line while a recorder holds the journal: the
    recorder's next line is refused with an error naming the file; nothing is lost
    (the outside line stays, the game is unchanged), and open() continues with it."""
    path = tmp_path / "g.durak.jsonl"
    outside = b'{"comment": "' + b"a long comment from another program " * 4 + b'", "move": 0}\n'
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        wrote = path.stat().st_size
        with open(path, "ab") as f:
            f.write(outside)
        data = path.read_bytes()
        for attempt in (
            lambda: rec.play(Move.defend(0, "AD", "8D")),
            lambda: rec.comment("mine"),
            lambda: rec.glyph("!"),
        ):
            with pytest.raises(RecordingError) as err:
                attempt()
            assert str(err.value) == changed_message(path, len(data), wrote)
            assert path.read_bytes() == data
        assert rec.game.history == [Move.attack(1, "8D")]
    with Recorder.open(path) as rec:
        assert rec.recording().meta == {"comments": {"0": ("a long comment from another program " * 4)}}
        rec.play(Move.defend(0, "AD", "8D"))
    assert read_journal(path).recording.moves == [Move.attack(1, "8D"), Move.defend(0, "AD", "8D")]


def test_defect13_a_rewrite_in_place_or_a_replaced_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        rec.comment("abc")
        data = path.read_bytes()
        path.write_bytes(data.replace(b'"abc"', b'"xyz"'))  # the same size, other bytes
        with pytest.raises(RecordingError) as err:
            rec.play(Move.defend(0, "AD", "8D"))
        assert str(err.value) == rewritten_message(path, len(data))
        assert path.read_bytes() == data.replace(b'"abc"', b'"xyz"')
    moved = (
        f"{path}: error: the journal was moved, replaced or deleted while this recorder held it; "
        "nothing was written: open the journal again with Recorder.open()"
    )
    with Recorder.create(path, "podkidnoy", NAMES2, seed=1, overwrite=True) as rec:
        rec.play(Move.attack(1, "8D"))
        copy = tmp_path / "copy.jsonl"
        copy.write_bytes(path.read_bytes())
        os.replace(copy, path)
        with pytest.raises(RecordingError) as err:
            rec.play(Move.defend(0, "AD", "8D"))
        assert str(err.value) == moved
        path.unlink()
        with pytest.raises(RecordingError) as err:
            rec.comment("gone")
        assert str(err.value) == moved
        assert not path.exists()
        assert rec.game.history == [Move.attack(1, "8D")]


# ---------------------------------------------------------------------- 6 (journals): bounded reads


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX devices and FIFOs")
def test_defect6_a_journal_that_is_a_device_or_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """read_journal and Recorder.open read a journal through the one bounded reader
    (json_form.read_bytes): /dev/zero is not read without end, a FIFO does not hang."""
    zero = tmp_path / "zero.durak.jsonl"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.durak.jsonl"
    os.mkfifo(fifo)
    for path in (zero, fifo):
        with pytest.raises(RecordingError) as err:
            read_journal(path)
        assert str(err.value) == (
            f"{path}: error: cannot read the journal: it is not a regular file (a device, a pipe or a socket)"
        )
        with pytest.raises(RecordingError) as err:
            Recorder.open(path)
        assert str(err.value) == f"{path}: error: cannot open the journal: it is not a regular file"


# ---------------------------------------------------------------------- 14: a failed write during a redeal


def test_defect14_a_failed_redeal_write_leaves_the_rng_as_it_was_R5(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A redeal (R5) whose journal line cannot be written leaves the game exactly as
    before, its random generator included: the retried redeal deals the same deck."""
    rec = notation_module.load_games(RECORDINGS / "redeal-five-of-a-suit.json")[0]
    rec.moves = []
    path = tmp_path / "redeal.durak.jsonl"
    r = Recorder.from_recording(path, rec)
    m = next(m for m in r.game.legal_moves() if m.action is Action.REDEAL)
    state = r.game.rng.getstate()
    expected = r.game.copy()
    expected.play(m)
    data = path.read_bytes()

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", full)
        with pytest.raises(RecordingError) as err:
            r.play(m)
    assert err.value.message == "cannot write the journal: No space left on device; nothing was recorded"
    assert r.game.rng.getstate() == state
    assert r.game.history == []
    assert path.read_bytes() == data
    r.play(m)
    assert r.game.history[-1].deck == expected.history[-1].deck
    assert r.game.hands == expected.hands
    r.close()
    assert read_journal(path).recording.moves == expected.history


# ---------------------------------------------------------------------- 15: control characters in output

FORGED = "Anna\nforged.json: ok, 0 moves, not finished (bout 1)"
TERM = "\x1b]0;pwned-title\x07\x1b[2J\x1b[31mBoris"
CR = "Vera\rOVERWRITTEN"


def control_doc() -> dict[str, Any]:
    """The trial's cli-control-chars.json: names with LF, ESC/BEL sequences and CR."""
    rest = "6S 6H 6D 6C 7S 7H 7C 8H 8C 9S 9H 9D 9C TH TD TC JS JH JD JC QS QH QC KS KH KC AS AH AD AC"
    return {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": [FORGED, TERM, CR],
        "start": {
            "hands": {FORGED: ["8S", "8D", "KD"], TERM: ["TS", "QD"], CR: ["7D"]},
            "talon": [],
            "trump": "C",
            "discard": rest.split(),
            "attacker": CR,
            "first_bito_done": True,
            "bout": 25,
        },
        "moves": [
            {"player": CR, "action": "attack", "cards": ["7D"]},
            {"player": FORGED, "action": "defend", "card": "KD", "target": "7D"},
            {"player": TERM, "action": "pass"},
            {"player": FORGED, "action": "attack", "cards": ["8S", "8D"]},
            {"player": TERM, "action": "defend", "card": "TS", "target": "8S"},
            {"player": TERM, "action": "defend", "card": "QD", "target": "8D"},
        ],
        "result": {"durak": None, "draw": True},
    }


F = "Anna\\nforged.json: ok, 0 moves, not finished (bout 1)"
T = "\\x1b]0;pwned-title\\x07\\x1b[2J\\x1b[31mBoris"
C = "Vera\\rOVERWRITTEN"


def assert_plain(text: str) -> None:
    """No control or format character but the line ends."""
    assert [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch != "\n"] == []


def test_defect15_replay_escapes_control_characters_in_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "c.json"
    src.write_text(json.dumps(control_doc()), encoding="utf-8")
    assert main(["replay", str(src)]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert out.splitlines() == [
        f"podkidnoy: {F}, {T}, {C}; trump ♣",
        f"   1  {C} attacks 7♦",
        f"   2  {F} covers 7♦ with K♦",
        f"   3  {T} passes",
        "        bito: 7♦ K♦ to the discard (R15)",
        f"        {C} is out (R24)",
        f"   4  {F} attacks 8♠ 8♦",
        f"   5  {T} covers 8♠ with 10♠",
        f"   6  {T} covers 8♦ with Q♦",
        "        bito: 8♠ 10♠ 8♦ Q♦ to the discard (R15)",
        f"        {F} is out (R24)",
        f"        {T} is out (R24)",
        "        game over: draw (R25)",
    ]


def test_defect15_validate_escapes_names_and_file_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = control_doc()
    doc["moves"][1] = {"player": FORGED, "action": "defend", "card": "8S", "target": "7D"}
    src = tmp_path / "bad\x1b[2J.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["validate", str(src)]) == 1
    err = capsys.readouterr().err
    assert_plain(err)
    place = str(tmp_path / "bad\\x1b[2J.json")
    assert err.startswith(f"{place}:1:")
    assert f": error: [R6] move 2 ({F} covers 7♦ with 8♠): 8♠ does not beat 7♦" in err
    assert err.count("\n") == 1
    assert main(["validate", "--json", str(src)]) == 1
    out = capsys.readouterr().out
    assert_plain(out)
    answer = json.loads(out)
    assert (answer["ok"], answer["move"], answer["rule"]) == (False, 1, "R6")
    assert answer["message"].startswith(f"move 2 ({FORGED} covers 7♦ with 8♠)")


def test_defect15_json_output_escapes_c1_and_format_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``validate --json`` strings are JSON: C1 controls (CSI \\x9b), bidi overrides and
    U+2028 come out as ``\\uXXXX`` escapes that read back as the very name."""
    doc = json.loads((RECORDINGS / "podkidnoy-2p.json").read_text(encoding="utf-8"))
    names = {"Anna": "An\x9b2Jna\u202e", "Boris": "Bo\u2028ris\x7f"}
    src = tmp_path / "n.json"
    src.write_text(json.dumps(rename(doc, names)), encoding="utf-8")
    assert main(["validate", "--json", str(src)]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert "\\u009b" in out and "\\u202e" in out and "\\u2028" in out and "\\u007f" in out
    assert json.loads(out)["durak"] == names["Anna"]


def rename(doc: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    text = json.dumps(doc)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    out: dict[str, Any] = json.loads(text)
    return out


def test_defect15_convert_and_export_messages_escape_user_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "c\r.json"
    src.write_text(json.dumps(control_doc()), encoding="utf-8")
    dst = tmp_path / "o\x1b[31m.durak"
    folder = str(tmp_path)
    assert main(["convert", str(src), str(dst)]) == 0
    assert capsys.readouterr().out == folder + "/o\\x1b[31m.durak: 1 game\n"
    assert main(["convert", str(dst), str(tmp_path / "\x07.json")]) == 0
    assert capsys.readouterr().out == folder + "/\\x07.json: 1 game\n"
    assert main(["convert", str(src), str(tmp_path / "x\n.txt")]) == 2
    assert capsys.readouterr().err == (
        "durak-nb convert: error: " + folder + "/x\\n.txt: the file name ends in .durak or .json\n"
    )
    page = tmp_path / "p\x1b.html"
    assert main(["export", str(src), "-o", str(page), "--view", "Nobody\x1b[2J"]) == 2
    assert capsys.readouterr().err == (
        f"durak-nb export: error: --view 'Nobody\\x1b[2J' is not a player: {F}, {T}, {C}\n"
    )
    assert not page.exists()


# ---------------------------------------------------------------------- 10: a title that is not text


def test_defect10_export_refuses_a_title_that_is_not_utf8(tmp_path: Path) -> None:
    """``--title $'\\xff'`` (argv bytes that are not UTF-8): exit 2 with a message, no page."""
    page = tmp_path / "t.html"
    out = run("export", str(RECORDINGS / "podkidnoy-2p.json"), "-o", str(page), "--title", b"\xff")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "durak-nb export: error: --title is not UTF-8 text: b'\\xff'\n"
    assert not page.exists()


def test_defect10_in_process_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "t.html"
    assert main(["export", str(RECORDINGS / "podkidnoy-2p.json"), "-o", str(page), "--view", "\ud800"]) == 2
    assert capsys.readouterr().err == ("durak-nb export: error: --view is not UTF-8 text: '\\ud800'\n")
    assert not page.exists()


# ---------------------------------------------------------------------- 3 and 9: convert and export agree with validate


def illegal_json(tmp_path: Path) -> Path:
    doc = json.loads((RECORDINGS / "draw.json").read_text(encoding="utf-8"))
    doc["moves"][1] = {"player": "Anna", "action": "defend", "card": "8S", "target": "7D"}
    src = tmp_path / "bad.json"
    src.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return src


def test_defect9_convert_of_an_illegal_json_game_fails_as_validate_does_R6(tmp_path: Path) -> None:
    """``convert a.json b.json`` of an illegal game exits 1 with validate's answer
    (the file, the move's line and column, the rule) and writes nothing."""
    src = illegal_json(tmp_path)
    validate = run("validate", str(src))
    assert validate.returncode == 1
    assert validate.stderr.startswith(f"{src}:70:3: error: [R6] move 2 (Anna covers 7♦ with 8♠): 8♠ does not beat 7♦")
    for out in ("b.json", "b.durak"):
        convert = run("convert", str(src), str(tmp_path / out))
        assert (convert.returncode, convert.stdout, convert.stderr) == (1, "", validate.stderr)
        assert not (tmp_path / out).exists()


def test_defect3_convert_never_truncates_an_existing_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "keep.json"
    original = (RECORDINGS / "draw.json").read_bytes()
    keep.write_bytes(original)
    src = illegal_json(tmp_path)
    assert main(["convert", str(src), str(keep)]) == 1  # an illegal game
    assert capsys.readouterr().err.startswith(f"{src}:70:3: error: [R6] move 2 (Anna covers 7♦ with 8♠)")
    assert keep.read_bytes() == original
    assert main(["convert", str(tmp_path / "none.json"), str(keep)]) == 1  # no such file
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'none.json'}: error: cannot read the file")
    assert keep.read_bytes() == original
    deep: Any = "x"
    for _ in range(900):
        deep = [deep]
    doc = json.loads(original)
    doc["meta"] = {"deep": deep}
    (tmp_path / "deep.json").write_text(json.dumps(doc), encoding="utf-8")
    assert main(["convert", str(tmp_path / "deep.json"), str(keep)]) == 1  # refused on reading or on writing
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'deep.json'}:") and "<string>" not in err
    assert keep.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "deep.json", "keep.json"]


def test_defect3_a_failed_write_keeps_the_old_output_and_leaves_no_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keep = tmp_path / "keep.durak"
    keep.write_text("old\n", encoding="utf-8")
    keep.chmod(0o640)

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", full)
        assert main(["convert", str(RECORDINGS / "draw.json"), str(keep)]) == 1
    assert capsys.readouterr().err == f"{keep}: error: cannot write the file: No space left on device\n"
    assert keep.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.durak"]
    assert main(["convert", str(RECORDINGS / "draw.json"), str(keep)]) == 0
    assert keep.read_bytes() == (RECORDINGS / "draw.durak").read_bytes()
    assert keep.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.durak"]


def test_defect9_export_refuses_a_result_that_disagrees_with_the_replay_R25(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads((RECORDINGS / "podkidnoy-2p.json").read_text(encoding="utf-8"))
    assert doc["result"] == {"durak": "Anna"}
    doc["result"] = {"durak": "Boris"}
    src = tmp_path / "wrong.json"
    src.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    assert main(["validate", str(src)]) == 1
    said = capsys.readouterr().err
    assert "error: [R25]" in said
    page = tmp_path / "w.html"
    assert main(["export", str(src), "-o", str(page)]) == 1
    assert capsys.readouterr().err == said
    assert not page.exists()
