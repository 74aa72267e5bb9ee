"""``durak-nb class serve --workers 3`` on PostgreSQL (docs/classroom.md, "Several
processes"): three server processes behind one address share the class through the
database.  Two students whose sockets were taken by two different processes play a game
to its end while a teacher whose socket the third process took sees every move as it
comes; one student's process is SIGKILLed mid-game, the student reconnects (to whichever
process takes the socket) and resumes: no acknowledged move is lost.

Which process took a socket is read from Linux's /proc (the server side of the
connection in /proc/net/tcp, the process holding it in /proc/PID/fd); a socket that
landed on a process already used is closed and another opened.  Needs PostgreSQL
(tests/pgserver.py; ``DURAK_NB_REQUIRE_POSTGRES=1`` makes a missing server a failure).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_helpers import KEY, Client, local_game, play_to_end, settle

from durak_nb.bots import LowestCardBot
from durak_nb.classroom.store import Store
from durak_nb.record.annotations import move_to_json

pytest.importorskip("websockets")
pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").is_file(), reason="reads Linux's /proc")

WORKERS = 3


class SyncSocket:
    """A ``websockets`` client socket with the two calls :class:`class_helpers.Client`
    makes (``receive_text``, ``send_text``); a read waits 60 s at most."""

    def __init__(self, port: int) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{port}/ws", max_size=2**22, open_timeout=30).__enter__()

    @property
    def local_port(self) -> int:
        return int(self.ws.socket.getsockname()[1])

    def receive_text(self) -> str:
        got = self.ws.recv(timeout=60)
        assert isinstance(got, str)
        return got

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def close(self) -> None:
        self.ws.close()

    def __exit__(self, *exc: object) -> None:
        self.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def _owner(server_port: int, client_port: int, pids: list[int]) -> int | None:
    """The process among ``pids`` holding the server side of the loopback connection
    from ``client_port`` to ``server_port``."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        if int(parts[1].split(":")[1], 16) == server_port and int(parts[2].split(":")[1], 16) == client_port:
            inodes.add(f"socket:[{parts[9]}]")
    for pid in pids:
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return pid
    return None


@pytest.fixture
def served(pg_url: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``durak-nb class serve --workers 3`` on a fresh PostgreSQL database: its port and process."""
    port = _free_port()
    exe = Path(sys.executable).with_name("durak-nb")
    argv = [str(exe), "class", "serve", "--db", pg_url, "--port", str(port), "--teacher-key", KEY]
    proc = subprocess.Popen(
        [*argv, "--workers", str(WORKERS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        end = time.monotonic() + 90
        while True:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r,
            ):
                if r.status == 200:
                    break
            assert time.monotonic() < end, "the class server did not answer /healthz"
            time.sleep(0.2)
        yield port, proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def _clients_on_distinct_workers(port: int, supervisor: int, n: int) -> list[tuple[Client, int]]:
    """``n`` clients (hello said) whose sockets ``n`` different worker processes took,
    each with its process id."""
    got: list[tuple[Client, int]] = []
    end = time.monotonic() + 120
    while len(got) < n:
        assert time.monotonic() < end, f"sockets landed on {len(got)} worker processes only"
        sock = SyncSocket(port)
        client = Client(sock)
        pid = _owner(port, sock.local_port, _children(supervisor))
        if pid is None or pid in [p for _c, p in got]:
            client.close()
            continue
        got.append((client, pid))
    return got


def test_three_worker_processes_share_a_game_live_and_lose_nothing_when_one_is_killed(
    pg_url: str, served: tuple[int, subprocess.Popen[bytes]]
) -> None:
    port, proc = served
    (anna, anna_pid), (boris, boris_pid), (teacher, teacher_pid) = _clients_on_distinct_workers(port, proc.pid, 3)
    assert len({anna_pid, boris_pid, teacher_pid}) == 3
    made = teacher.ask("create_class", key=KEY, title="5B", teacher="Olga Petrovna")
    assert made["type"] == "class_created"
    anna.token = anna.ask("join", code=made["code"], name="Anna")["token"]
    boris.token = boris.ask("join", code=made["code"], name="Борис")["token"]
    opened = teacher.ask("open_table", rules="podkidnoy", seats=[{"student": "Anna"}, {"student": "Борис"}], seed=11)
    assert opened["type"] == "table_opened"
    table = opened["table"]["id"]
    with Store(pg_url) as store:
        students = {0: anna, 1: boris}
        acked: list[dict[str, Any]] = []
        for _ in range(10):  # ten moves, each a socket of another process than the teacher's
            game, act = settle(store, table, students)
            assert act is not None
            _g, players, _seats = local_game(store, table)
            move = move_to_json(LowestCardBot().choose(game, act), players)
            got = students[act].ask("move", table=table, seq=len(game.history), move=move)
            assert got["type"] == "moved" and got["seq"] == len(game.history) + 1, got
            acked.append(move)
        # the teacher's process heard every move through the database: its table is at 10
        seen = teacher.until("table")
        while seen["table"] != table or seen["seq"] < 10:
            seen = teacher.until("table")
        assert seen["seq"] == 10 and seen["moves"] == acked

        os.kill(anna_pid, signal.SIGKILL)  # Anna's process dies; her socket with it
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):
            while True:
                anna.read()
        assert [row.move for row in store.moves(table)] == acked  # no acknowledged move lost

        anna = Client(SyncSocket(port))  # whichever process takes the new socket
        welcome = anna.ask("resume", token=students[0].token)
        assert welcome["type"] == "welcome" and welcome["name"] == "Anna"
        anna.token = students[0].token
        view = anna.until("view")
        assert view["table"] == table and view["seq"] == 10
        students[0] = anna

        answers = play_to_end(store, table, students)
        total = 10 + len(answers)
        info = store.table(table)
        assert info is not None and info.result is not None
        assert len(store.moves(table)) == total and [row.move for row in store.moves(table)][:10] == acked

        over = teacher.until("game_over")
        while over["table"] != table:
            over = teacher.until("game_over")
        tables = [m for m in teacher.seen if m["type"] == "table" and m["table"] == table]
        assert tables[-1]["seq"] == total and tables[-1]["moves"] == [row.move for row in store.moves(table)]
        assert [m["seq"] for m in tables] == sorted({m["seq"] for m in tables})  # in order, each once
        assert over["result"] == info.result
    for client in (anna, boris, teacher):
        client.close()
