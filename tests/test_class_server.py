"""The class server (docs/class-protocol.md) through Starlette's TestClient WebSockets:
a class made, students joined, a 3-seat table (two students and a bot) played by legal
moves to its end, a dropped student resumed, the server restarted from its SQLite file
and the game gone on, drills with one seed for all and answers scored."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_helpers import KEY, Client, Room, local_game, play_to_end, room, settle
from starlette.testclient import TestClient

pytest.importorskip("starlette")

from durak_nb.bots import LowestCardBot, seat_view
from durak_nb.classroom.server import make_app
from durak_nb.classroom.store import Store
from durak_nb.i18n import language
from durak_nb.lessons import drills
from durak_nb.record.annotations import move_to_json

SEATS = [{"student": "Anna"}, {"student": "Борис"}, {"bot": "heuristic"}]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    yield str(tmp_path / "class.sqlite")


def start(client: Room) -> tuple[Client, Client, Client, str]:
    """A teacher makes a class; Anna (English) and Борис (Russian) join."""
    teacher = client.connect()
    made = teacher.ask("create_class", key=KEY, title="5B", teacher="Olga Petrovna")
    assert made["type"] == "class_created" and len(made["code"]) == 6 and len(made["token"]) == 43
    teacher.token = made["token"]
    anna = client.connect()
    joined = anna.ask("join", code=made["code"].lower()[:3] + "-" + made["code"][3:], name="Anna")
    assert joined == {
        "type": "joined",
        "re": joined["re"],
        "token": joined["token"],
        "name": "Anna",
        "class": {"code": made["code"], "title": "5B", "teacher": "Olga Petrovna"},
    }
    anna.token = joined["token"]
    boris = client.connect(lang="ru")
    boris.token = boris.ask("join", code=made["code"], name="Борис")["token"]
    return teacher, anna, boris, made["code"]


def test_a_class_plays_a_three_seat_game_to_its_end(db: str) -> None:
    store = Store(db)
    with room(make_app(store, teacher_key=KEY)) as client:
        teacher, anna, boris, _code = start(client)
        opened = teacher.ask("open_table", rules="podkidnoy", seats=SEATS, seed=11)
        assert opened["type"] == "table_opened"
        table = opened["table"]
        assert table["players"] == ["Anna", "Борис", "Experienced bot"]
        assert table["seats"][2] == {"name": "Experienced bot", "bot": "heuristic"}
        assert table["seq"] == 0 and table["result"] is None
        tid = table["id"]
        play_to_end(store, tid, {0: anna, 1: boris})
        game, _players, _seats = local_game(store, tid)
        assert game.finished
        result = store.table(tid).result
        assert result is not None and result == anna.views[tid]["result"] == boris.views[tid]["result"]
        over = anna.until("game_over")
        assert over["table"] == tid and over["result"] == result
        assert over["words"] == game.result.describe(game.players)
        over_ru = boris.until("game_over")
        with language("ru"):
            assert over_ru["words"] == game.result.describe(game.players)
        # the teacher saw the table live: its last table message has every move and hand
        last = [m for m in teacher.seen if m["type"] == "table" and m["table"] == tid]
        while not last or last[-1]["seq"] < len(game.history):
            msg = teacher.read()
            if msg["type"] == "table" and msg["table"] == tid:
                last.append(msg)
        assert last[-1]["moves"] == [row.move for row in store.moves(tid)]
        assert last[-1]["result"] == result and last[-1]["stuck"] is None
        assert [m["seq"] for m in last] == sorted(m["seq"] for m in last)
    store.close()


def test_a_dropped_student_resumes_their_seat_and_game(db: str) -> None:
    store = Store(db)
    with room(make_app(store, teacher_key=KEY)) as client:
        teacher, anna, boris, _code = start(client)
        tid = teacher.ask("open_table", rules="podkidnoy", seats=SEATS[:2], seed=3)["table"]["id"]
        students = {0: anna, 1: boris}
        for _ in range(4):  # a few moves, then Anna's connection drops
            game, act = settle(store, tid, students)
            assert act is not None
            move = LowestCardBot().choose(game, act)
            students[act].ask("move", table=tid, seq=len(game.history), move=move_to_json(move, game.players))
        game, _act = settle(store, tid, students)
        anna.ws.close()
        again = client.connect()
        welcome = again.ask("resume", token=anna.token)
        assert welcome["type"] == "welcome" and welcome["role"] == "student" and welcome["name"] == "Anna"
        view = again.until("view")
        assert view["table"] == tid and view["seq"] == 4
        assert view["view"] == seat_view(game, 0).to_json()
        again.token = anna.token
        play_to_end(store, tid, {0: again, 1: boris})
        assert local_game(store, tid)[0].finished
    store.close()


def test_a_restarted_server_rebuilds_the_table_from_its_file_and_goes_on(db: str) -> None:
    store = Store(db)
    with room(make_app(store, teacher_key=KEY)) as client:
        teacher, anna, boris, _code = start(client)
        tid = teacher.ask("open_table", rules="perevodnoy", seats=SEATS, seed=5)["table"]["id"]
        students = {0: anna, 1: boris}
        for _ in range(3):
            game, act = settle(store, tid, students)
            assert act is not None
            move = LowestCardBot().choose(game, act)
            students[act].ask("move", table=tid, seq=len(game.history), move=move_to_json(move, game.players))
        before, _act = settle(store, tid, students)
        tokens = (anna.token, boris.token, teacher.token)
    store.close()
    store = Store(db)  # a new process on the same file
    with room(make_app(store)) as client:
        anna = client.connect()
        assert anna.ask("resume", token=tokens[0])["role"] == "student"
        boris = client.connect(lang="ru")
        assert boris.ask("resume", token=tokens[1])["name"] == "Борис"
        for c, seat in ((anna, 0), (boris, 1)):
            view = c.until("view")
            assert view["seq"] == len(before.history)
            assert view["view"] == seat_view(before, seat).to_json()
        teacher = client.connect()
        welcome = teacher.ask("resume", token=tokens[2])
        assert welcome["role"] == "teacher" and welcome["name"] == "Olga Petrovna"
        board = teacher.until("board")
        assert [s["name"] for s in board["students"]] == ["Anna", "Борис"]
        assert board["tables"][0]["seq"] == len(before.history)
        play_to_end(store, tid, {0: anna, 1: boris})
        assert local_game(store, tid)[0].finished
    store.close()


def _questions(kind: str, seed: int, count: int, lang: str) -> list[dict[str, Any]]:
    with language(lang):
        made = [drills.make(kind, seed + i) for i in range(count)]
        return [
            {"context": d.context, "question": d.question, "options": list(d.options), "numeric": d.numeric}
            for d in made
        ]


def test_drills_have_one_seed_for_all_and_answers_are_scored(db: str) -> None:
    store = Store(db)
    with room(make_app(store, teacher_key=KEY)) as client:
        teacher, anna, boris, _code = start(client)
        got = teacher.ask("set_drill", kind="which_beats", seed=7, count=2)
        assert got["type"] == "drill_set"
        did = got["drill"]["id"]
        assert got["drill"] == {"id": did, "kind": "which_beats", "seed": 7, "count": 2}
        d_en, d_ru = anna.until("drill"), boris.until("drill")
        assert d_en == {
            "type": "drill",
            "drill": did,
            "kind": "which_beats",
            "seed": 7,
            "questions": _questions("which_beats", 7, 2, "en"),
        }
        assert d_ru["questions"] == _questions("which_beats", 7, 2, "ru")
        assert d_ru["questions"] != d_en["questions"]
        right = [drills.make("which_beats", 7 + i).answer for i in range(2)]
        a0 = anna.ask("answer", drill=did, question=0, answer=right[0])
        with language("en"):
            assert a0 == {
                "type": "answered",
                "re": a0["re"],
                "drill": did,
                "question": 0,
                "right": True,
                "text": drills.make("which_beats", 7).check(right[0]).text,
            }
        wrong = (right[1] + 1) % len(d_ru["questions"][1]["options"])
        b1 = boris.ask("answer", drill=did, question=1, answer=wrong)
        assert b1["right"] is False
        with language("ru"):
            assert b1["text"] == drills.make("which_beats", 8).check(wrong).text
        again = anna.ask("answer", drill=did, question=0, answer=right[0])
        assert again["type"] == "refused" and again["code"] == "bound" and again["member"] == "question"
        board = teacher.ask("watch")
        assert board["type"] == "board"
        assert [(s["name"], s["answered"], s["right"]) for s in board["students"]] == [("Anna", 1, 1), ("Борис", 1, 0)]
        assert board["drills"] == [{"id": did, "kind": "which_beats", "seed": 7, "count": 2}]
        assert [(a.student_id, a.question, a.right) for a in store.answers(store.class_by_code(_code).id)] == [
            (1, 0, True),
            (2, 1, False),
        ]
    store.close()


def test_pair_seats_the_free_students_and_fills_a_short_table_with_a_bot(db: str) -> None:
    store = Store(db)
    with room(make_app(store, teacher_key=KEY)) as client:
        teacher, _anna, _boris, code = start(client)
        vera = client.connect(lang="uk")
        vera.ask("join", code=code, name="Віра")
        first = teacher.ask("pair", size=2, rules="podkidnoy", bot="lowest")
        assert first["type"] == "table_opened" and first["table"]["players"] == ["Anna", "Борис"]
        second = teacher.until("table_opened")
        assert second["table"]["players"] == ["Віра", "Beginner bot"]
        assert [t.seats for t in store.tables(store.class_by_code(code).id)] == [
            ({"student": 1}, {"student": 2}),
            ({"student": 3}, {"bot": "lowest"}),
        ]
        refused = teacher.ask("pair", size=2, rules="podkidnoy")
        assert (refused["type"], refused["code"], refused["member"]) == ("refused", "bound", "size")
    store.close()


def test_pages_and_health() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(str(Path(tmp) / "c.sqlite"))
        with TestClient(make_app(store)) as client:
            assert client.get("/healthz").json() == {"ok": True}
            page = client.get("/?lang=uk")
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            assert client.get("/teacher", headers={"accept-language": "ru-RU,ru;q=0.9"}).status_code == 200
        store.close()


def test_a_bad_teacher_key_is_said_and_nothing_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`durak-nb class serve --teacher-key k` (too short) printed a traceback from the store
    (an outside trial); now one line naming the bound, exit 1, no server."""
    from durak_nb.cli import main

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = main(["class", "serve", "--port", str(port), "--db", str(tmp_path / "c.sqlite"), "--teacher-key", "k"])
    err = capsys.readouterr().err
    assert code == 1
    assert err == (
        "durak-nb class serve: error: the teacher key must be 16 to 128 letters, digits or -_=+/. characters\n"
    )


def test_workers_need_postgres_and_a_count_in_bounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`durak-nb class serve --workers N` on an SQLite file, or with N out of 1..64: one
    line saying why, exit 1, nothing started."""
    from durak_nb.cli import main

    db = str(tmp_path / "c.sqlite")
    assert main(["class", "serve", "--db", db, "--workers", "2"]) == 1
    assert capsys.readouterr().err == (
        "durak-nb class serve: error: --workers above 1 needs a PostgreSQL store (--db postgresql://…):"
        " an SQLite file has one writer\n"
    )
    for n in ("0", "65"):
        assert main(["class", "serve", "--db", db, "--workers", n]) == 1
        assert capsys.readouterr().err == "durak-nb class serve: error: --workers is a number from 1 to 64\n"
