"""The class server's client (durak_nb/classroom/client.py) against a fake server
(tests/classfake.py) that speaks docs/class-protocol.md: hello first, the documented
members only, the token kept and resumed with after a drop, moves refereed; and the
module imports with none of the server's stack (as in Pyodide)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from classfake import CODE, KEY, fake_server

from durak_nb.classroom.client import PROTOCOL, ClassClient, ClientError, socket_url


def test_socket_url_from_what_a_person_types() -> None:
    assert socket_url("127.0.0.1:8765") == "ws://127.0.0.1:8765/ws"
    assert socket_url(" http://school.example:80/teacher?key=x ") == "ws://school.example:80/ws"
    assert socket_url("https://school.example") == "wss://school.example/ws"
    assert socket_url("ws://[::1]:9000/ws") == "ws://[::1]:9000/ws"
    for bad in ("", "ftp://x", "http://", "http://host:99999"):
        with pytest.raises(ClientError):
            socket_url(bad)


def test_a_student_joins_plays_and_gets_the_seat_back_after_a_drop(tmp_path: Path) -> None:
    with fake_server() as fake:
        address = f"127.0.0.1:{fake.port}"
        teacher = ClassClient(address, lang="ru").connect()
        teacher.create_class(KEY, "7Б", "Мария Ивановна")
        created = teacher.wait_for("class_created")
        assert created["code"] == CODE and teacher.role == "teacher"
        students = []
        for name in ("Аня", "Борис"):
            c = ClassClient(address, lang="ru", token_file=tmp_path / f"{name}.token").connect()
            ident = c.join("abc-234", name)
            joined = c.wait_for("joined", re=ident)
            assert joined["name"] == name and c.token == joined["token"]
            assert (tmp_path / f"{name}.token").read_text(encoding="utf-8").strip() == c.token
            students.append(c)
        teacher.open_table({"preset": "podkidnoy"}, [{"student": "Аня"}, {"student": "Борис"}], seed=5)
        views = [c.wait_for("view") for c in students]
        assert [v["seat"] for v in views] == ["Аня", "Борис"] and views[0]["seq"] == 0
        to_act = next(i for i, v in enumerate(views) if v["view"]["legal"])
        legal = views[to_act]["view"]["legal"][0]
        ident = students[to_act].move(1, 0, legal)
        assert students[to_act].wait_for("moved", re=ident)["seq"] == 1
        assert teacher.wait_for("table")["moves"] == []  # the table as it opened
        assert teacher.wait_for("table")["moves"] == [legal]
        # a replayed move (seq 0 again) is refused as stale and the view follows
        ident = students[to_act].move(1, 0, legal)
        assert students[to_act].wait_for("refused", re=ident)["code"] == "stale"
        assert students[to_act].wait_for("view")["seq"] == 1

        # the connection drops: the client reconnects, says hello and resumes with its token
        before = len(fake.received)
        fake.drop_all()
        welcome = students[0].wait_for("welcome", timeout=15)
        assert welcome["role"] == "student" and welcome["name"] == "Аня"
        assert students[0].wait_for("view")["seq"] == 1
        again = [m for m in fake.received[before:] if m.get("token") == students[0].token]
        assert again and again[0]["type"] == "resume"

        # a new client from the token file alone resumes (a restarted kernel)
        later = ClassClient(address, lang="ru", token_file=tmp_path / "Борис.token").connect()
        assert later.wait_for("welcome")["name"] == "Борис"
        for c in [*students, teacher, later]:
            c.close()
        hellos = [m for m in fake.received if m["type"] == "hello"]
        assert hellos and all(h["protocol"] == PROTOCOL and h["lang"] == "ru" for h in hellos)
        assert fake.problems == []


def test_a_wrong_code_gets_the_one_refusal() -> None:
    with fake_server() as fake:
        c = ClassClient(f"http://127.0.0.1:{fake.port}", lang="en").connect()
        ident = c.join("ZZZZZZ", "Eve")
        refused = c.wait_for("refused", re=ident)
        assert refused["code"] == "auth" and c.token is None
        with pytest.raises(ClientError):
            c.resume()
        c.close()


def test_requests_made_before_the_socket_opens_wait_for_it() -> None:
    with fake_server() as fake:
        c = ClassClient(f"127.0.0.1:{fake.port}", lang="uk")
        ident = c.join(CODE, "Олена")  # not connected yet: kept
        c.connect()
        assert c.wait_for("joined", re=ident)["name"] == "Олена"
        assert [m["type"] for m in fake.received][:2] == ["hello", "join"]
        c.close()


def test_listeners_get_messages_and_connection_notes() -> None:
    with fake_server() as fake:
        seen: list[str] = []
        c = ClassClient(f"127.0.0.1:{fake.port}", lang="en", on_message=lambda m: seen.append(m["type"]))
        c.connect()
        c.wait_for("hello")
        c.close()
        c.wait_for("connection")
    assert seen[:2] == ["connection", "hello"]


def test_the_client_imports_without_the_servers_stack() -> None:
    """In Pyodide none of starlette, uvicorn, sqlalchemy, websockets is installed."""
    code = (
        "import sys\n"
        "for name in ('starlette', 'uvicorn', 'sqlalchemy', 'websockets'):\n"
        "    sys.modules[name] = None\n"
        "import durak_nb.classroom.client as c, durak_nb.classroom.widgets as w\n"
        "c.ClassClient('127.0.0.1:1')\n"
        "w.JoinClass(); w.TeacherBoard('127.0.0.1:1', connect=False)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_messages_are_strict_json() -> None:
    with fake_server() as fake:
        c = ClassClient(f"127.0.0.1:{fake.port}", lang="en").connect()
        c.wait_for("hello")
        with pytest.raises(ValueError):
            c.send("answer", drill="d1", question=0, answer=float("nan"))
        c.close()
    assert all(json.dumps(m) for m in fake.received)
