"""games_frame over many files (issue 13): read by worker processes the frame is the one
read in this process, bad files included (the same error, file, line, column and rule,
in the language in use); where processes cannot start the files are read here.  And the
reader's shortcuts of that work: the JSON decoder's member count, the moves kept by
their values: what they refuse is what the full reading refuses."""

from __future__ import annotations

import concurrent.futures
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from conftest import RECORDINGS

from durak_nb import tables
from durak_nb.i18n import language
from durak_nb.record import Recording, RecordingError, io, jsonio
from durak_nb.selfplay import record_bot_game
from durak_nb.tables import games_frame

SEED000 = RECORDINGS / "seed000-vdogonku.json"


def _folder(tmp_path: Path) -> Path:
    """Eight good bot games, bad JSON, an illegal move (R12), a member given twice, a
    notation file and a file of no known kind (left out of the folder)."""
    for seed in range(8):
        (tmp_path / f"g{seed}.json").write_text(record_bot_game("podkidnoy", 2, seed).dumps(), encoding="utf-8")
    (tmp_path / "a-bad.json").write_text("{not json", encoding="utf-8")
    doc = json.loads(SEED000.read_text(encoding="utf-8"))
    illegal = dict(doc, moves=[*doc["moves"][:2], {"player": "Vera", "action": "throw", "cards": ["7D"]}])
    (tmp_path / "b-illegal.json").write_text(json.dumps(illegal, indent=2), encoding="utf-8")
    (tmp_path / "c-twice.json").write_text('{"format": "durak-nb/1",\n "format": "durak-nb/1"}', encoding="utf-8")
    shutil.copy(RECORDINGS / "seed000-vdogonku.durak", tmp_path / "d-notation.durak")
    (tmp_path / "notes.txt").write_text("not a game", encoding="utf-8")
    return tmp_path


@pytest.fixture
def in_processes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Worker processes for a folder of a few files; the counts of workers used."""
    monkeypatch.setattr(tables, "PARALLEL_THRESHOLD", 4)
    used: list[int] = []
    real = tables._parallel_rows

    def spy(files: list[Path], workers: int, bar: Any) -> list[dict[str, Any]]:
        used.append(workers)
        return real(files, workers, bar)

    monkeypatch.setattr(tables, "_parallel_rows", spy)
    return used


def test_games_frame_in_processes_is_the_frame_read_here_R12(tmp_path: Path, in_processes: list[int]) -> None:
    folder = _folder(tmp_path)
    here = games_frame(folder, progress=False, workers=1)
    assert in_processes == []
    there = games_frame(folder, progress=False, workers=2)
    assert in_processes == [2]
    pd.testing.assert_frame_equal(here, there)
    assert [Path(f).name for f in there["file"]][:4] == [
        "a-bad.json",
        "b-illegal.json",
        "c-twice.json",
        "d-notation.durak",
    ]
    assert there["ok"].tolist() == [False, False, False, True] + [True] * 8
    assert there["error"].tolist()[:3] == [
        f"{folder / 'a-bad.json'}:1:2: error: bad JSON: Expecting property name enclosed in double quotes",
        f"{folder / 'b-illegal.json'}:74:5: error: [R12] move 3 (Vera throws in 7♦): "
        "Anna has the first right: Vera waits until Anna passes",
        f"{folder / 'c-twice.json'}:2:2: error: bad JSON: the member 'format' appears twice in one object",
    ]
    assert there.loc[4:, "moves"].tolist() == [len(record_bot_game("podkidnoy", 2, s).moves) for s in range(8)]


def test_games_frame_in_processes_speaks_the_callers_language(tmp_path: Path, in_processes: list[int]) -> None:
    folder = _folder(tmp_path)
    with language("ru"):
        here = games_frame(folder, progress=False, workers=1)
        there = games_frame(folder, progress=False, workers=2)
    assert in_processes == [2]
    pd.testing.assert_frame_equal(here, there)
    assert str(there.loc[1, "error"]).startswith(f"{folder / 'b-illegal.json'}:74:5: ")
    assert "error:" not in str(there.loc[1, "error"])  # the frame of the message is Russian too


def test_games_frame_reads_here_when_processes_do_not_start(
    tmp_path: Path, in_processes: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder(tmp_path)
    here = games_frame(folder, progress=False, workers=1)

    class NoProcesses:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise OSError("no processes here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    fallback = games_frame(folder, progress=True, workers=2)
    assert in_processes == [2]
    pd.testing.assert_frame_equal(here, fallback)


def test_games_frame_worker_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "_cpu_count", lambda: 64)
    assert tables._worker_count(None, 10_000) == tables.MOST_WORKERS == 8
    assert tables._worker_count(3, 10_000) == 3
    assert tables._worker_count(None, tables.PARALLEL_THRESHOLD - 1) == 1  # a small folder: read here
    assert tables._worker_count(8, tables.PARALLEL_THRESHOLD) == 2  # at least half the threshold each
    assert tables._worker_count(1, 10_000) == 1
    for bad in (0, -1, 2.0, True, "2"):
        with pytest.raises(ValueError, match="workers must be a whole number"):
            tables._worker_count(bad, 10_000)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers must be a whole number"):
        games_frame([], workers=0)
    monkeypatch.setattr(sys, "platform", "emscripten")  # Pyodide, JupyterLite: no processes
    assert tables._worker_count(None, 10_000) == 1


def _otb_reader(path: Path) -> Recording:
    """A registered reader a worker can be sent (a module-level function pickles)."""
    return Recording.load(SEED000)


def test_games_frame_a_registered_reader_reaches_the_workers_when_it_pickles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_processes: list[int]
) -> None:
    """The workers start fresh (forkserver or spawn), so a registered reader is sent to
    them: a module-level function is, and the frame is the one read here; a lambda
    cannot be, and the files are read in this process."""
    monkeypatch.setattr(io, "_LOADERS", {".otb": lambda path: None})
    assert tables._worker_count(2, 10_000) == 1
    monkeypatch.setattr(io, "_LOADERS", {".otb": _otb_reader})
    assert tables._worker_count(2, 10_000) == 2
    for k in range(6):
        (tmp_path / f"g{k}.otb").write_text("over the board", encoding="utf-8")
    here = games_frame(tmp_path, progress=False, workers=1)
    there = games_frame(tmp_path, progress=False, workers=2)
    assert in_processes == [2]
    pd.testing.assert_frame_equal(here, there)
    assert there["ok"].tolist() == [True] * 6 and there["moves"].tolist() == [len(Recording.load(SEED000).moves)] * 6


def test_games_frame_starts_its_workers_in_an_explicit_safe_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_processes: list[int]
) -> None:
    """Never the platform's default start method (fork, unsafe beside threads; Python
    3.12 warns): forkserver on POSIX, else spawn, given to the pool; the frame is the
    one read here, with a thread running and DeprecationWarning an error."""
    import multiprocessing
    import threading
    import warnings

    assert tables.pool_context().get_start_method() == "forkserver"
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert tables.pool_context().get_start_method() == "spawn"
    monkeypatch.undo()
    monkeypatch.setattr(tables, "PARALLEL_THRESHOLD", 4)
    given: list[str] = []
    real = concurrent.futures.ProcessPoolExecutor

    class Spy(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, mp_context: Any = None, **kwargs: Any) -> None:
            given.append(mp_context.get_start_method())
            super().__init__(*args, mp_context=mp_context, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Spy)
    folder = _folder(tmp_path)
    here = games_frame(folder, progress=False, workers=1)
    stop = threading.Event()
    busy = threading.Thread(target=stop.wait, daemon=True)
    busy.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            there = games_frame(folder, progress=False, workers=2)
    finally:
        stop.set()
        busy.join()
    assert given == ["forkserver"]
    pd.testing.assert_frame_equal(here, there)


# ----------------------------------------------------------------------------- the decoder


def test_decode_a_member_given_twice_with_colons_in_text() -> None:
    """The member count (colons) is a shortcut only: a colon inside a string, or a
    member given twice, sends the text to the full decoder, which names the place."""
    assert jsonio.decode('{"a": "x:y", "b": {"c": ":"}}') == {"a": "x:y", "b": {"c": ":"}}
    for text, name, index in (
        ('{"a": "x:y", "a": 1}', "a", 13),
        ('{"m": [{"b": 1, "b": 2}]}', "b", 16),
        ('[{"b": 1, "b": 2}, 3]', "b", 10),
    ):
        with pytest.raises(jsonio.JSONProblem) as info:
            jsonio.decode(text)
        assert (info.value.message, info.value.index) == (f"the member {name!r} appears twice in one object", index)
    # the first problem in the text is named, as before: the member given twice, then the comma
    with pytest.raises(jsonio.JSONProblem) as info:
        jsonio.decode('[{"b": 1, "b": 2}, ]')
    assert (info.value.message, info.value.index) == ("the member 'b' appears twice in one object", 10)
    with pytest.raises(json.JSONDecodeError) as stdlib:
        json.loads('{"b": 1, "b": 2, }')
    with pytest.raises(jsonio.JSONProblem) as info:
        jsonio.decode('{"b": 1, "b": 2, }')
    assert (info.value.message, info.value.index) == (stdlib.value.msg, 17)  # after the comma, in this Python's words


def test_decode_surrogates_in_ascii_and_other_text() -> None:
    for text in ('["\\ud800"]', '["é\\udc00"]'):
        with pytest.raises(jsonio.JSONProblem, match="lone surrogate"):
            jsonio.decode(text)
    assert jsonio.decode('["\\\\ud800", "é"]') == ["\\ud800", "é"]  # an escaped backslash, then text


# ----------------------------------------------------------------------------- moves kept by their values

_START = {
    "hands": {"Anna": ["6S", "AH", "7H"], "Boris": ["7S", "8S"]},
    "talon": [],
    "trump": "H",
    "discard": [
        "6H",
        "6D",
        "6C",
        "7D",
        "7C",
        "8H",
        "8D",
        "8C",
        "9S",
        "9H",
        "9D",
        "9C",
        "TS",
        "TH",
        "TD",
        "TC",
        "JS",
        "JH",
        "JD",
        "JC",
        "QS",
        "QH",
        "QD",
        "QC",
        "KS",
        "KH",
        "KD",
        "KC",
        "AS",
        "AD",
        "AC",
    ],
    "attacker": "Anna",
    "first_bito_done": True,
}


def _read(moves: list[dict[str, Any]]) -> Recording:
    doc = {"format": "durak-nb/1", "rules": "perevodnoy", "players": ["Anna", "Boris"], "start": _START}
    return Recording.from_json_text(json.dumps(dict(doc, moves=moves), indent=2), file="g.json")


def test_moves_read_again_are_the_same_moves() -> None:
    moves = [
        {"player": "Anna", "action": "attack", "cards": ["6S"]},
        {"player": "Boris", "action": "transfer", "cards": ["7H"], "show": True},
        {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"},
        {"player": "Anna", "action": "pass"},
    ]
    first, again = _read(moves), _read(moves)
    assert first.moves == again.moves
    assert [m.describe(first.players) for m in again.moves] == [
        "Anna attacks 6♠",
        "Boris transfers by showing 7♥",
        "Boris covers 6♠ with 7♠",
        "Anna passes",
    ]


@pytest.mark.parametrize(
    ("usual", "odd", "words"),
    [
        (
            {"player": "Anna", "action": "pass"},
            {"player": "Anna", "action": "pass", "cards": []},
            "moves[0]: pass takes no cards",
        ),
        (
            {"player": "Anna", "action": "attack", "cards": ["6S"]},
            {"player": "Anna", "action": "attack", "cards": ["6S"], "target": None},
            "moves[0]: attack takes 'cards'",
        ),
        (
            {"player": "Anna", "action": "attack", "cards": ["6S"]},
            {"player": "Anna", "action": "attack", "cards": ["6S"], "show": False, "card": "6S"},
            "moves[0]: attack takes 'cards'",
        ),
        (
            {"player": "Boris", "action": "transfer", "cards": ["7H"], "show": True},
            {"player": "Boris", "action": "transfer", "cards": ["7H"], "show": 1},
            "moves[0].show: true or false",
        ),
        (
            {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"},
            {"player": "Boris", "action": "defend", "card": "7S", "cards": "6S"},
            "moves[0]: defend takes 'card' and 'target'",
        ),
    ],
)
def test_a_move_like_one_read_before_is_still_checked_R20(
    usual: dict[str, Any], odd: dict[str, Any], words: str
) -> None:
    assert len(_read([usual]).moves) == 1  # read once: kept by its values
    with pytest.raises(RecordingError) as info:
        _read([odd])
    assert info.value.message == words
    assert (info.value.line, info.value.column) == (59, 5)  # moves[0]
