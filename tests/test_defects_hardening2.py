"""Defects N5, N6, N8, N9, N10 of the second hostile trial: each test failed before its fix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from durak_nb.engine import Game
from durak_nb.record import Recording
from durak_nb.record.json_form import MAX_NAME, NOT_REGULAR, RecordingError
from durak_nb.record.recorder import Recorder
from durak_nb.selfplay import record_bot_game

NAMES_MSG = f"'players' must be a list of non-empty names (at most {MAX_NAME} characters)"


def _rec() -> Recording:
    return record_bot_game("podkidnoy", players=["Anna", "Boris"], seed=1, max_moves=3)


# ---------------------------------------------------------------- N5: names the reader refuses


@pytest.mark.parametrize("bad", [[" ", "B"], ["x" * (MAX_NAME + 1), "B"]])
def test_n5_selfplay_refuses_names_the_reader_refuses(bad: list[str]) -> None:
    with pytest.raises(RecordingError) as err:
        record_bot_game("podkidnoy", players=bad, seed=1)
    assert err.value.rule == "R2"
    assert err.value.message == NAMES_MSG


def test_n5_dump_refuses_names_the_reader_refuses(tmp_path: Path) -> None:
    rec = _rec()
    rec.players = (" ", "Boris")
    out = tmp_path / "x.json"
    with pytest.raises(RecordingError) as err:
        rec.dump(out)
    assert err.value.rule == "R2"
    assert err.value.message == NAMES_MSG
    assert err.value.file == str(out)
    assert not out.exists()
    rec.players = ("Anna", "Anna")
    with pytest.raises(RecordingError) as err:
        rec.dumps()
    assert err.value.message == "'players' must be unique names"


def test_n5_good_names_still_round_trip() -> None:
    rec = _rec()
    assert Recording.from_json_text(rec.dumps()) == rec


# ---------------------------------------------------------------- N6: a str is not a list of names


def test_n6_str_players_refused_as_game_deal(tmp_path: Path) -> None:
    with pytest.raises(TypeError) as deal:
        Game.deal("podkidnoy", "AB", seed=1)
    with pytest.raises(TypeError) as err:
        Recorder.create(tmp_path / "g.durak.jsonl", "podkidnoy", "AB", seed=1)
    assert str(err.value) == str(deal.value).replace("Game.deal", "Recorder.create")
    assert not (tmp_path / "g.durak.jsonl").exists()
    with pytest.raises(TypeError) as err:
        record_bot_game("podkidnoy", players="AB", seed=1)
    assert str(err.value) == str(deal.value).replace("Game.deal", "seat_names")


# ---------------------------------------------------------------- N8: a FIFO is not replaced


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_n8_overwrite_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "f.durak.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(RecordingError) as err:
        Recorder.create(fifo, "podkidnoy", ["A", "B"], seed=1, overwrite=True)
    assert err.value.message == f"cannot create the journal: {NOT_REGULAR}"
    assert err.value.file == str(fifo)


def test_n8_overwrite_refuses_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "d.durak.jsonl"
    folder.mkdir()
    with pytest.raises(RecordingError) as err:
        Recorder.create(folder, "podkidnoy", ["A", "B"], seed=1, overwrite=True)
    assert err.value.message == f"cannot create the journal: {NOT_REGULAR}"


# ---------------------------------------------------------------- N9: a journal's name


JOURNAL_NAME_MSG = (
    "a journal's name must end in '.durak.jsonl' (e.g. 'game.durak.jsonl'): "
    "a reader tells a journal from a JSON recording ('.json') or the notation ('.durak') by its name"
)


@pytest.mark.parametrize("name", ["f.json", "f.durak", "f.jsonl", "f"])
def test_n9_journal_name_must_end_in_durak_jsonl(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    with pytest.raises(RecordingError) as err:
        Recorder.create(path, "podkidnoy", ["A", "B"], seed=1)
    assert err.value.message == JOURNAL_NAME_MSG
    assert err.value.file == str(path)
    assert not path.exists()
    with pytest.raises(RecordingError) as err:
        Recorder.from_recording(path, _rec())
    assert err.value.message == JOURNAL_NAME_MSG
    assert not path.exists()
    with pytest.raises(RecordingError) as err:
        record_bot_game("podkidnoy", players=["A", "B"], seed=1, path=path)
    assert err.value.message == JOURNAL_NAME_MSG


def test_n9_durak_jsonl_still_created(tmp_path: Path) -> None:
    path = tmp_path / "G.Durak.JSONL"
    with Recorder.create(path, "podkidnoy", ["A", "B"], seed=1) as rec:
        rec.play(rec.game.legal_moves()[0])
    with Recorder.open(path) as again:
        assert len(again.recording().moves) == 1


# ---------------------------------------------------------------- N10: Replay's arguments


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (None, "Replay: recording must be a Recording, not None"),
        ("x.json", "Replay: recording must be a Recording, not 'x.json': Replay.load(path) reads a file"),
        ({}, "Replay: recording must be a Recording, not {}"),
    ],
)
def test_n10_replay_refuses_what_is_not_a_recording(bad: object, message: str) -> None:
    from durak_nb.replay import Replay

    with pytest.raises(TypeError) as err:
        Replay(bad)  # type: ignore[arg-type]
    assert str(err.value) == message


@pytest.mark.parametrize(("bad", "shown"), [(1.5, "1.5"), (True, "True"), ("0", "'0'"), (None, "None")])
def test_n10_replay_load_game_must_be_an_int(tmp_path: Path, bad: object, shown: str) -> None:
    from durak_nb.replay import Replay

    path = tmp_path / "g.json"
    _rec().dump(path)
    with pytest.raises(TypeError) as err:
        Replay.load(path, game=bad)  # type: ignore[arg-type]
    assert str(err.value) == f"Replay.load: game must be an int (an index), not {shown}"
    assert len(Replay.load(path, game=0)) == 3


@pytest.mark.parametrize(("bad", "shown"), [(1.5, "1.5"), ("2", "'2'"), (None, "None"), (True, "True")])
def test_n10_replay_index_must_be_an_int(bad: object, shown: str) -> None:
    from durak_nb.replay import Replay

    r = Replay(_rec())
    for ask in (r.game, r.position, r.move):
        with pytest.raises(TypeError) as err:
            ask(bad)  # type: ignore[operator]
        assert str(err.value) == f"k must be an int (an index), not {shown}"
    assert r.game(1).position() == r.position(1)
