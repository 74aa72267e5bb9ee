"""The defects of the recording readers and writers found by the hostile trial (issue 8,
section 4), each with its reproducer (copied from the trial's ../shared/repro/ into
tests/repro/).  Every test here failed before its fix."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from test_notation import MOVES_LINE, lesson, nested_variations

from durak_nb.record import Recording, RecordingError, io, notation
from durak_nb.record.json_form import ValidationReport

REPRO = Path(__file__).resolve().parent / "repro"


def repro(name: str) -> Path:
    path = REPRO / name
    assert path.is_file(), f"the reproducer {path} is missing"
    return path


def only_report(path: Path) -> ValidationReport:
    (report,) = notation.validate_path(path)
    return report


def refused(path: Path) -> RecordingError:
    report = only_report(path)
    assert not report.ok and report.error is not None
    report.describe().encode("utf-8")  # printable: nothing downstream can crash on it
    json.dumps(report.to_json(), ensure_ascii=False).encode("utf-8")
    return report.error


def doc(**changes: Any) -> dict[str, Any]:
    """The reproducer comment-before-bout.json as data, with ``changes``."""
    out = json.loads(repro("comment-before-bout.json").read_text(encoding="utf-8"))
    out.update(changes)
    return out


# ----------------------------------------------------------------------------- defect 1


def test_defect_1_a_lone_surrogate_in_a_name_is_refused_at_its_place_r2() -> None:
    e = refused(repro("surrogate-name.durak"))
    assert (e.file, e.line, e.column, e.move) == (str(repro("surrogate-name.durak")), 1, 10, None)
    assert e.message == "bad quoted text: the text holds U+D800, a lone surrogate, which is not valid Unicode text"


def test_defect_1_a_lone_surrogate_in_a_header_is_refused_at_its_place() -> None:
    e = refused(repro("surrogate-header.durak"))
    assert (e.line, e.column) == (1, 14)
    assert e.message == (
        "meta 'description': bad JSON value: the text holds U+D800, a lone surrogate, which is not valid Unicode text"
    )


def test_defect_1_the_json_reader_refuses_lone_surrogates_from_escapes() -> None:
    text = json.dumps(doc(meta={"comments": {"0": "ok \ud83d\ude00", "1": "bad \udc00"}}), indent=1)
    with pytest.raises(RecordingError) as info:
        Recording.from_json_text(text)
    line, col = next((n, t.index('"bad') + 1) for n, t in enumerate(text.splitlines(), 1) if "\\udc00" in t)
    assert (info.value.line, info.value.column) == (line, col)
    assert info.value.message == ("bad JSON: the text holds U+DC00, a lone surrogate, which is not valid Unicode text")
    # a pair of surrogates escaped is one character, and fine
    ok = Recording.from_json_text(json.dumps(doc(meta={"comments": {"0": "\ud83d\ude00"}})))
    assert ok.meta == {"comments": {"0": "\U0001f600"}}


def test_defect_1_a_string_with_a_lone_surrogate_is_refused_by_parse() -> None:
    text = repro("comment-before-bout.durak").read_text(encoding="utf-8").replace("Boris leads now", "x\ud800")
    with pytest.raises(RecordingError) as info:
        notation.parse(text)
    assert (info.value.line, info.value.column) == (11, 6)
    assert "U+D800, a lone surrogate" in info.value.message


# ----------------------------------------------------------------------------- defect 2


def test_defect_2_1e400_in_meta_is_refused_with_its_place() -> None:
    path = repro("inf-meta.json")
    e = refused(path)
    text = path.read_text(encoding="utf-8")
    at = text.index("1e400")
    assert (e.line, e.column) == (1, at + 1)
    assert e.message == "bad JSON: 1e400 is not a finite number"


def test_defect_2_1e400_in_a_header_is_refused_with_its_place() -> None:
    e = refused(repro("inf-header.durak"))
    assert (e.line, e.column, e.message) == (6, 7, "meta 'bots': bad JSON value: 1e400 is not a finite number")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "-1e999"])
def test_defect_2_non_finite_numbers_are_refused_in_both_forms(value: str) -> None:
    text = json.dumps(doc(meta={"x": 1})).replace('"x": 1', f'"x": {value}')
    with pytest.raises(RecordingError, match=r"bad JSON: .* (is not a JSON number|is not a finite number)"):
        Recording.from_json_text(text)
    durak = repro("comment-before-bout.durak").read_text(encoding="utf-8")
    with pytest.raises(RecordingError) as info:
        notation.read(f"[x {value}]\n" + durak)
    assert (info.value.line, info.value.column) == (1, 4)


def test_defect_2_a_non_finite_number_is_never_written() -> None:
    rec = Recording.from_json_text(json.dumps(doc()))
    rec.meta = {"x": float("inf")}
    with pytest.raises(RecordingError, match="cannot be written"):
        rec.dumps()
    with pytest.raises(RecordingError, match="cannot be written as JSON"):
        notation.write(rec)


# ----------------------------------------------------------------------------- defect 3


def test_defect_3_a_failed_write_leaves_the_existing_file_and_names_it(tmp_path: Path) -> None:
    rec = Recording.from_json_text(json.dumps(doc()))
    keep = tmp_path / "keep.durak"
    keep.write_text("precious\n", encoding="utf-8")
    deep: Any = []
    for _ in range(150):
        deep = [deep]
    rec.meta = {"deep": deep}
    with pytest.raises(RecordingError) as info:
        notation.dump(rec, keep)
    assert info.value.file == str(keep)
    assert str(info.value).startswith(f"{keep}:1:1: error: a meta value nested more than 100 deep")
    assert keep.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.durak"]  # no temporary file left
    keep_json = tmp_path / "keep.json"
    keep_json.write_text("precious\n", encoding="utf-8")
    rec.meta = {"x": float("nan")}
    with pytest.raises(RecordingError):
        rec.dump(keep_json)
    assert keep_json.read_text(encoding="utf-8") == "precious\n"


def test_defect_3_writing_replaces_the_file_whole(tmp_path: Path) -> None:
    rec = Recording.from_json_text(json.dumps(doc()))
    out = tmp_path / "out.durak"
    out.write_text("old\n" * 1000, encoding="utf-8")
    notation.dump(rec, out)
    assert out.read_text(encoding="utf-8") == notation.write(rec)
    rec.dump(tmp_path / "out.json")
    assert Recording.load(tmp_path / "out.json") == rec


# ----------------------------------------------------------------------------- defect 4


def test_defect_4_a_comment_before_a_bouts_first_move_survives_the_round_trip() -> None:
    want = {"comments_before": {"3": "Boris leads now"}}
    rec = notation.load(repro("comment-before-bout.durak")).games[0]
    assert rec.meta == want
    again = notation.read(notation.write(rec))
    assert again.meta == want
    assert notation.read(notation.write(again)) == rec
    assert Recording.from_json_text(notation.json_text(again)) == Recording.load(repro("comment-before-bout.json"))
    assert notation.write(rec).endswith("\n1. Anna 7S Boris 9S/7S Anna pass\n2. {Boris leads now} Boris TS Anna take\n")


def test_defect_4_a_comment_before_any_move_survives_the_round_trip() -> None:
    rec = notation.load(repro("comment-before-bout.durak")).games[0]
    rec.meta = {"comments": {"3": "after"}, "comments_before": {"1": "b1", "3": "b3", "4": "b4"}}
    text = notation.write(rec)
    assert text.endswith("\n1. Anna 7S 1... {b1} Boris 9S/7S Anna pass\n2. {b3} Boris TS {after} {b4} Anna take\n")
    assert notation.read(text) == rec


# ----------------------------------------------------------------------------- defect 5


def test_defect_5_a_match_with_a_header_nested_100_deep_converts_to_json_that_reads(tmp_path: Path) -> None:
    games = notation.load_games(repro("match-depth100.durak"))
    assert len(games) == 2
    out = tmp_path / "m.json"
    out.write_text(notation.json_text(games), encoding="utf-8")
    assert [r.ok for r in notation.validate_path(out)] == [True, True]
    assert notation.load_games(out) == games


# ----------------------------------------------------------------------------- defect 6


def _finishes(func: Any, seconds: float = 10.0) -> Any:
    got: list[Any] = []

    def run() -> None:
        try:
            func()
        except RecordingError as exc:
            got.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "the read did not finish: it is unbounded or it blocks"
    assert got, "the read did not refuse"
    return got[0]


def test_defect_6_dev_zero_is_refused_quickly(tmp_path: Path) -> None:
    zero = tmp_path / "zero.durak"
    zero.symlink_to("/dev/zero")
    e = _finishes(lambda: notation.load_games(zero))
    assert str(e) == f"{zero}: error: cannot read the file: it is not a regular file (a device, a pipe or a socket)"
    for name in ("zero.json", "zero.durak.json"):
        (tmp_path / name).symlink_to("/dev/zero")
        e = _finishes(lambda name=name: Recording.load(tmp_path / name))  # type: ignore[misc]
        assert e.file == str(tmp_path / name)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_defect_6_a_fifo_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    e = _finishes(lambda: notation.load_games(fifo))
    assert e.file == str(fifo) and "not a regular file" in e.message
    assert not only_report(fifo).ok


def test_defect_6_a_file_past_the_bound_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.durak"
    with big.open("wb") as f:
        f.truncate(notation.MAX_BYTES + 1)
    e = _finishes(lambda: notation.load_games(big))
    assert e.message == f"the file is larger than the limit of {notation.MAX_BYTES} bytes"


# ----------------------------------------------------------------------------- defect 8


def test_defect_8_validate_json_of_a_syntax_error_in_a_move_gives_the_state_before_it() -> None:
    answer = only_report(repro("no-state.durak")).to_json()
    assert answer["move"] == 1 and answer["rule"] is None
    assert answer["message"] == "show: the trump shown follows, e.g. Boris show 7H"
    state = answer["state"]
    assert (state["hands"], state["table"], state["attacker"], state["defender"], state["bout"]) == (
        {"Anna": ["8S"], "Boris": ["9S", "TS"]},
        [["7S", None]],
        "Anna",
        "Boris",
        1,
    )


def test_defect_8_a_document_error_has_move_null_and_no_state(tmp_path: Path) -> None:
    bad = tmp_path / "bad.durak"
    bad.write_text("[Players Anna]\n", encoding="utf-8")
    answer = only_report(bad).to_json()
    assert answer["move"] is None and "state" not in answer


# ----------------------------------------------------------------------------- defect 9


def test_defect_9_meta_nested_900_deep_is_refused_by_the_json_reader() -> None:
    e = refused(repro("deep-meta-900.json"))
    assert e.move is None
    assert e.message == "bad JSON: arrays and objects nested more than 400 deep"


def test_defect_9_the_json_reader_refuses_what_the_notation_writer_refuses() -> None:
    deep: Any = "x"
    for _ in range(101):
        deep = [deep]
    with pytest.raises(RecordingError, match=r"meta 'deep': a JSON value nested more than 100 deep"):
        Recording.from_json_text(json.dumps(doc(meta={"deep": deep})))
    ok = deep[0]
    rec = Recording.from_json_text(json.dumps(doc(meta={"deep": ok})))
    assert notation.read(notation.write(rec)) == rec
    start = doc()["start"]
    with pytest.raises(RecordingError) as info:
        Recording.from_json_text(json.dumps(doc(start={**start, "bout": 1_000_000_000})))
    assert (info.value.rule, info.value.message) == ("R19", "start.bout: a whole number from 1 to 999999999")
    rec = Recording.from_json_text(json.dumps(doc(start={**start, "bout": 999_999_999})))
    assert notation.read(notation.write(rec)) == rec


def test_defect_9_variations_nested_past_the_bound_are_refused_by_the_json_reader() -> None:
    with pytest.raises(RecordingError, match=r"meta\.variations: variations nested more than 100 deep"):
        Recording.from_json_text(json.dumps(nested_variations(notation.MAX_DEPTH + 1).to_json()))
    rec = Recording.from_json_text(json.dumps(nested_variations(notation.MAX_DEPTH).to_json()))
    assert notation.read(notation.write(rec)) == rec


def _illegal_json(tmp_path: Path) -> Path:
    """comment-before-bout.json with move 2 illegal (Anna, the attacker, takes)."""
    bad = doc()
    bad["moves"][2] = {"player": "Anna", "action": "take"}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(bad, indent=2), encoding="utf-8")
    return path


def test_defect_9_an_illegal_move_through_convert_is_reported_at_its_place(tmp_path: Path) -> None:
    path = _illegal_json(tmp_path)
    (rec,) = notation.load_games(path)
    with pytest.raises(RecordingError) as info:
        notation.write(rec)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = [n for n, t in enumerate(lines, 1) if t == "    {"][2]
    assert (info.value.file, info.value.line, info.value.column, info.value.move, info.value.rule) == (
        str(path),
        line,
        5,
        2,
        only_report(path).error.rule,  # type: ignore[union-attr]
    )
    assert info.value.rule is not None


def test_defect_9_io_dump_never_writes_an_illegal_game_to_json(tmp_path: Path) -> None:
    """``convert a.json b.json`` wrote an illegal game with exit 0: io.dump checks first."""
    src = _illegal_json(tmp_path)
    (rec,) = io.load_games(src)
    out = tmp_path / "out.json"
    out.write_text("precious\n", encoding="utf-8")
    with pytest.raises(RecordingError) as info:
        io.dump(rec, out)
    want = only_report(src).error
    assert want is not None
    assert (info.value.file, info.value.line, info.value.move, info.value.rule) == (str(src), want.line, 2, want.rule)
    assert out.read_text(encoding="utf-8") == "precious\n"
    rec.result = {"durak": "Anna"}
    rec.moves = rec.moves[:2]
    with pytest.raises(RecordingError) as info:
        io.dump(rec, out)
    assert info.value.rule == "R25"


def test_io_loads_dumps_and_validates_by_suffix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = io.load(repro("comment-before-bout.json"))
    assert rec == io.load(repro("comment-before-bout.durak"))
    for name in ("a.json", "a.durak"):
        io.dump(rec, tmp_path / name)
        assert io.load(tmp_path / name) == rec
        assert [r.ok for r in io.validate_path(tmp_path / name)] == [True]
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == rec.dumps()
    assert (tmp_path / "a.durak").read_text(encoding="utf-8") == notation.write(rec)
    games = io.load_games(repro("match-depth100.durak"))
    io.dump(games, tmp_path / "m.json")
    assert io.load_games(tmp_path / "m.json") == games
    with pytest.raises(RecordingError, match="holds 2 games"):
        io.load(tmp_path / "m.json")
    seen: list[Path] = []

    def reader(path: Path) -> Recording:
        seen.append(path)
        return rec

    monkeypatch.setattr(io, "_LOADERS", dict(io._LOADERS))  # the registration ends with the test
    io.register_loader(".test-only", reader)
    assert io.load(tmp_path / "x.test-only") == rec and seen == [tmp_path / "x.test-only"]
    assert ".test-only" in io.suffixes() and io.loader_for("X.TEST-ONLY") is reader
    with pytest.raises(ValueError, match="starts with a dot"):
        io.register_loader("pgn", reader)


def test_defect_9_the_moves_bound_counts_the_variations_in_both_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    from durak_nb.record import json_form

    monkeypatch.setattr(json_form, "MAX_MOVES", 6)
    rec = io.load(repro("comment-before-bout.json"))  # 5 moves
    rec.meta = {"variations": {"4": [{"moves": [{"player": "Anna", "action": "take"}]}]}}
    assert Recording.from_json_text(json.dumps(rec.to_json())) == rec
    rec.meta["variations"]["4"][0]["moves"].append({"player": "Anna", "action": "take"})
    with pytest.raises(RecordingError, match=r"more than 6 moves in one game, counting every variation"):
        Recording.from_json_text(json.dumps(rec.to_json()))


def test_defect_1_data_built_in_python_with_a_lone_surrogate_is_refused() -> None:
    """Recording.from_json of Python data (no JSON text to decode) is held to the same rules."""
    data = doc(players=["An\ud800na", "Boris"])
    with pytest.raises(RecordingError, match="a name holds a lone surrogate") as info:
        Recording.from_json(data)
    assert info.value.rule == "R2"
    for meta, problem in (
        ({"x": "\udc00"}, "meta 'x': the text '\\udc00' holds a lone surrogate"),
        ({"x": [float("inf")]}, "meta 'x': inf is not a finite number"),
        ({"x": {1, 2}}, "meta 'x': a set is not JSON data"),
    ):
        with pytest.raises(RecordingError) as info:
            Recording.from_json(doc(meta=meta))
        assert info.value.message == problem


def test_defect_9_the_json_reader_holds_meta_to_the_header_bounds() -> None:
    """What the writer cannot write as notation headers (a line past MAX_HEADER_CHARS,
    more than MAX_HEADERS headers) the JSON reader refuses too, with the same words."""
    ok = Recording.from_json_text(json.dumps(doc(meta={"event": "x" * 60_000})))
    assert notation.read(notation.write(ok)) == ok
    with pytest.raises(RecordingError) as info:
        Recording.from_json_text(json.dumps(doc(meta={"event": "x" * 70_000})))
    head = '[Event "' + "x" * 22  # the first 30 characters of the line
    assert info.value.message == (
        f"the header {head}... would have 70010 characters; the limit is 65536 (as notation headers)"
    )
    many = {f"k{i}": i for i in range(notation.MAX_HEADERS)}
    with pytest.raises(RecordingError, match=r": error: 208 headers; the limit is 200 \(as notation headers\)$"):
        Recording.from_json_text(json.dumps(doc(meta=many)))


# ----------------------------------------------------------------------------- defect 9: variations

_MOVES = "5. Anna 7S Boris 9S/7S (Boris take {}) Anna pass"
_VARIATION_ERROR = "move 2 in variation 1 of move 2 (Vera +7C): Anna has the first right: Vera waits until Anna passes"


def _illegal_variation(tmp_path: Path) -> Path:
    """A JSON document whose main line is legal and whose variation of move 1 holds an
    illegal throw-in (Vera before Anna passes: R12)."""
    rec = notation.read(lesson(_MOVES.format("Anna +7H")))
    rec.meta["variations"]["1"][0]["moves"][1] = {"player": "Vera", "action": "throw", "cards": ["7C"]}
    path = tmp_path / "bad.json"
    path.write_text(io.json_text(rec), encoding="utf-8")  # json_text writes what it is given
    return path


def test_defect_9_validate_of_json_checks_every_variation_as_convert_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from durak_nb.cli import main

    path = _illegal_variation(tmp_path)
    line = (
        path.read_text(encoding="utf-8")
        .splitlines()
        .index('    {"player": "Boris", "action": "defend", "card": "9S", "target": "7S"},')
    )
    where = f"{path}:{line + 1}:5: error: [R12] {_VARIATION_ERROR}\n"  # at main-line move 1
    e = refused(path)
    assert (e.rule, e.move, e.branch, e.legal) == ("R12", 1, ((1, 1),), ("Anna +7H", "Anna pass"))
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().err == where
    assert main(["validate", "--json", str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    state = answer.pop("state")
    assert answer == {
        "ok": False,
        "move": 1,
        "rule": "R12",
        "message": _VARIATION_ERROR,
        "branch": [[1, 1]],
        "legal": ["Anna +7H", "Anna pass"],
    }
    assert state["table"] == [["7S", None]] and state["hands"]["Boris"] == ["8S", "9S", "JD", "KH"]
    for out in ("out.durak", "out.json"):  # convert gives the same answer, writes nothing
        assert main(["convert", str(path), str(tmp_path / out)]) == 1
        assert capsys.readouterr().err == where
        assert not (tmp_path / out).exists()
    with pytest.raises(RecordingError) as info:
        io.dump(Recording.load(path), tmp_path / "again.json")
    assert (info.value.rule, info.value.move, info.value.branch) == ("R12", 1, ((1, 1),))


def test_defect_9_the_same_variation_in_the_notation_gives_the_same_answer(tmp_path: Path) -> None:
    """The .durak twin is refused by its reader with the same move, rule, branch, legal
    moves and state (its message adds the legal moves; its place is the move's own)."""
    from_json = refused(_illegal_variation(tmp_path))
    path = tmp_path / "bad.durak"
    path.write_text(lesson(_MOVES.format("Vera +7C")), encoding="utf-8")
    e = refused(path)
    assert (e.line, e.column) == (MOVES_LINE, 36)
    assert e.message == _VARIATION_ERROR + "; legal moves: Anna +7H, Anna pass"
    assert (e.rule, e.move, e.branch, e.legal) == (from_json.rule, from_json.move, from_json.branch, from_json.legal)
    assert e.state == from_json.state
    good = tmp_path / "good.json"
    io.dump(notation.read(lesson(_MOVES.format("Anna +7H"))), good)
    assert [r.ok for r in io.validate_path(good)] == [True]
