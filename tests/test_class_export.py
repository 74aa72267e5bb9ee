"""A class's games and tables after class (durak_nb.classroom.exports;
docs/class-protocol.md, "After class"): a game played by the engine's bots into the
store, exported, validated by ``durak-nb validate``, and the Parquet tables' rows."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from test_class_store import H1, H2, H3, table_doc

from durak_nb.bots import HeuristicBot
from durak_nb.classroom.exports import ANSWER_COLUMNS, GAME_COLUMNS, export_class
from durak_nb.classroom.store import Store, StoreError, UnknownRow
from durak_nb.engine import Game
from durak_nb.record import Recording, move_to_json
from durak_nb.tables import GAME_COLUMNS as READ_COLUMNS

NAMES = ["Anna", "Boris", "Bot"]


def play_into(store: Store, table_id: int, doc: dict[str, object], most: int | None = None) -> Game:
    """The engine's heuristic bot plays every seat of the table's deal; each move goes
    into the store as the server would commit it (at most ``most`` moves)."""
    deal = doc["deal"]
    assert isinstance(deal, dict)
    game = Game.deal("podkidnoy", NAMES, deck_order=deal["deck"], dealer=deal["dealer"])
    bot = HeuristicBot()
    k = 0
    while not game.finished and (most is None or k < most):
        game.play(bot.choose(game))
        store.append_move(table_id, k, move_to_json(game.history[-1], NAMES))
        k += 1
    return game


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A fresh store: an SQLite file, or a new PostgreSQL database (tests/pgserver.py)."""
    url = str(tmp_path / "class.sqlite") if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))
    with Store(url) as s:
        yield s


def make_class(store: Store) -> Any:
    k = store.create_class("5B, lesson 3", "Olga Petrovna", "ru", H1)
    anna = store.add_student(k.id, "Anna", H2)
    boris = store.add_student(k.id, "Boris", H3)
    seats = [{"student": anna.id}, {"student": boris.id}, {"bot": "heuristic"}]
    t1 = store.open_table(k.id, seats, table_doc(NAMES, seed=7))
    game = play_into(store, t1.id, t1.doc)
    assert game.result is not None
    store.finish_table(t1.id, Recording.from_json({**t1.doc, "moves": []}).result_json(game))
    t2 = store.open_table(k.id, seats, table_doc(NAMES, seed=8))
    play_into(store, t2.id, t2.doc, most=4)
    d = store.set_drill(k.id, "which_beats", 42, 3)
    store.record_answer(d.id, anna.id, 0, 2, True)
    store.record_answer(d.id, boris.id, 0, 1, False)
    store.record_answer(d.id, anna.id, 1, 0, True)
    return k, anna, boris, t1, t2, game, d


def test_export_writes_valid_recordings_and_exact_tables(store: Store, tmp_path: Path) -> None:
    k, _anna, _boris, t1, t2, game, _d = make_class(store)
    out = tmp_path / "out"
    report = export_class(store, k.code.lower(), out)
    assert report.games == (out / "games" / "T1.json", out / "games" / "T2.json")
    assert report.notation == (out / "games" / "T1.durak", out / "games" / "T2.durak")
    assert (report.finished, report.answers) == (1, 3)
    assert sorted(p.name for p in out.iterdir()) == ["answers.parquet", "games", "games.parquet"]
    assert sorted(p.name for p in (out / "games").iterdir()) == ["T1.durak", "T1.json", "T2.durak", "T2.json"]
    assert report.describe() == (
        f"Class 5B, lesson 3 ({k.code}): 2 games (1 finished) and 3 drill answers written to {out}"
    )

    cli = Path(sys.executable).parent / "durak-nb"
    files = [str(p) for p in (*report.games, *report.notation)]
    got = subprocess.run([str(cli), "validate", *files], capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stdout + got.stderr

    rec = Recording.load(out / "games" / "T1.json")
    assert rec.players == tuple(NAMES)
    assert rec.moves == game.history
    date = t1.created.strftime("%Y-%m-%d")
    assert rec.meta == {
        "event": "5B, lesson 3",
        "headers": {
            "Class": k.code,
            "Teacher": "Olga Petrovna",
            "Date": date,
            "Table": "T1",
            "Students": "Anna, Boris",
        },
    }
    assert rec.result == {"durak": NAMES[game.result.durak]}
    assert NAMES[game.result.durak] == "Bot"
    text = (out / "games" / "T1.durak").read_text()
    head = "\n".join(text.splitlines()[:10])
    assert head == "\n".join(
        [
            '[Event "5B, lesson 3"]',
            f'[Class "{k.code}"]',
            '[Teacher "Olga Petrovna"]',
            f'[Date "{date}"]',
            '[Table "T1"]',
            '[Students "Anna, Boris"]',
            "[Players Anna Boris Bot]",
            "[Rules podkidnoy]",
            "[Result durak Bot]",
            "[Dealer Bot]",
        ]
    )
    unfinished = Recording.load(out / "games" / "T2.json")
    assert len(unfinished.moves) == 4 and unfinished.result is None

    games = pd.read_parquet(out / "games.parquet")
    assert list(games.columns) == [*GAME_COLUMNS, *(c for c in READ_COLUMNS if c != "file")]
    row = games.iloc[0]
    assert (row["table"], row["class"], row["class_title"], row["teacher"], row["students"]) == (
        "T1",
        k.code,
        "5B, lesson 3",
        "Olga Petrovna",
        "Anna, Boris",
    )
    assert (row["json"], row["durak_file"], row["preset"], row["players"], row["names"]) == (
        "games/T1.json",
        "games/T1.durak",
        "podkidnoy",
        3,
        "Anna, Boris, Bot",
    )
    assert (row["ok"], row["finished"], row["durak"], row["draw"], row["moves"]) == (
        True,
        True,
        NAMES[game.result.durak],
        False,
        len(game.history),
    )
    assert row["opened"] == pd.Timestamp(t1.created) and row["closed"] == pd.Timestamp(store.table(t1.id).finished)
    row2 = games.iloc[1]
    assert (row2["table"], row2["ok"], row2["finished"], row2["moves"]) == ("T2", True, False, 4)
    assert pd.isna(row2["durak"]) and pd.isna(row2["closed"])
    assert t2 is not None

    answers = pd.read_parquet(out / "answers.parquet")
    assert list(answers.columns) == list(ANSWER_COLUMNS)
    assert [tuple(r) for r in answers.drop(columns=["at"]).itertuples(index=False)] == [
        (k.code, "Anna", 1, "which_beats", 42, 0, 2, True),
        (k.code, "Anna", 1, "which_beats", 42, 1, 0, True),
        (k.code, "Boris", 1, "which_beats", 42, 0, 1, False),
    ]
    assert str(answers["at"].dtype) == "datetime64[us, UTC]"


def test_a_failed_export_changes_nothing(store: Store, tmp_path: Path) -> None:
    k = make_class(store)[0]
    out = tmp_path / "out"
    export_class(store, k.code, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    t3 = store.open_table(k.id, [{"bot": 1}, {"bot": 1}, {"bot": 1}], table_doc(NAMES, seed=9))
    store.append_move(t3.id, 0, {"player": "Boris", "action": "take"})  # stored unrefereed: illegal (R9)
    with pytest.raises(StoreError, match=r"table T3 of class .* cannot be written: .*R"):
        export_class(store, k.code, out)
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in out.iterdir()) == ["answers.parquet", "games", "games.parquet"]


def test_export_of_an_unknown_class(store: Store, tmp_path: Path) -> None:
    with pytest.raises(UnknownRow, match="no class has the code 'ZZZZZZ'"):
        export_class(store, "ZZZZZZ", tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_export_of_a_class_with_no_games(store: Store, tmp_path: Path) -> None:
    k = store.create_class("6A", "Ivan", "uk", H1)
    report = export_class(store, k.code, tmp_path / "out")
    assert (report.games, report.finished, report.answers) == ((), 0, 0)
    assert len(pd.read_parquet(tmp_path / "out" / "games.parquet")) == 0
    assert list(pd.read_parquet(tmp_path / "out" / "answers.parquet").columns) == list(ANSWER_COLUMNS)
