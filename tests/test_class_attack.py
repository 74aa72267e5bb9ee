"""The running class server attacked from outside (issues 23 and 24): a real ``durak-nb
class serve`` process on a free loopback port, spoken to over raw HTTP and WebSocket from
this process.  Every attack gets its refusal (docs/class-protocol.md's codes) and the
server goes on serving the others."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from browserkit import free_port, stop_server

DURAK_NB = Path(sys.executable).parent / "durak-nb"
KEY = "k-" + "5" * 30
AUTH = "This code, name or token is not accepted."


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    top = tmp_path_factory.mktemp("attack")
    port = free_port()
    log = (top / "serve.log").open("w")
    command = [str(DURAK_NB), "class", "serve", "--port", str(port), "--db", str(top / "c.sqlite")]
    proc = subprocess.Popen([*command, "--teacher-key", KEY], stdout=log, stderr=subprocess.STDOUT, cwd=top)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (top / "serve.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the class server did not answer in 60 s"
                time.sleep(0.25)
        yield url
    finally:
        stop_server(proc, port)
        log.close()


def get(url: str) -> tuple[int, bytes]:
    """The status and body of a GET of ``url`` exactly as written (no path clean-up)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_odd_urls_serve_nothing_outside_the_pages(base: str) -> None:
    for path in (
        "/static/../../../../etc/passwd",
        "/static/..%2f..%2f..%2fetc%2fpasswd",
        "/static/%2e%2e/%2e%2e/pyproject.toml",
        "/%00",
        "/static/",
    ):
        status, body = get(base + path)
        assert status == 404 and b"root:" not in body and b"[project]" not in body, path
    status, body = get(base + "/teacher?x=%3Cscript%3Ealert(1)%3C/script%3E")
    assert status == 200 and b"alert(1)" not in body  # nothing of the query is written into the page


def test_websocket_attacks_are_refused_and_the_server_serves_on(base: str) -> None:
    ws_url = base.replace("http", "ws") + "/ws"

    async def session() -> Any:
        ws = await websockets.connect(ws_url)
        await ws.send(json.dumps({"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "en"}))
        assert json.loads(await ws.recv())["type"] == "hello"
        return ws

    async def ask(ws: Any, msg: Any) -> dict[str, Any]:
        await ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return answer

    async def attack() -> None:
        teacher = await session()
        made = await ask(teacher, {"type": "create_class", "id": 2, "key": KEY, "title": "<b>T</b>", "teacher": "T"})
        code = made["code"]
        # a name with a right-to-left override is refused; one with markup is kept as typed
        bad = await ask(teacher, {"type": "create_class", "id": 3, "key": KEY, "title": "t", "teacher": "Ms\u202eX"})
        assert bad["code"] == "bound"
        student = await session()
        joined = await ask(student, {"type": "join", "id": 3, "code": code, "name": "<img src=x onerror=alert(1)>"})
        assert (joined["type"], joined["name"]) == ("joined", "<img src=x onerror=alert(1)>")
        # wrong code, token, key: one refusal, never which part
        for msg in (
            {"type": "join", "id": 4, "code": "ZZZZZZ", "name": "a"},
            {"type": "resume", "id": 5, "token": "A" * 43},
            {"type": "resume", "id": 6, "token": "A"},
            {"type": "create_class", "id": 7, "key": "x" * 20, "title": "t", "teacher": "t"},
        ):
            other = await session()
            said = await ask(other, msg)
            assert (said["type"], said["code"], said["text"]) == ("refused", "auth", AUTH), msg
            await other.close()
        raw = await session()
        for frame, want in (
            ("x" * 100_000, "too_big"),
            ("{", "malformed"),
            ("[" * 5000 + "]" * 5000, "malformed"),
            ('{"type": "bye", "id": NaN}', "malformed"),
            ('{"type": "watch", "id": 1, "id": 2}', "malformed"),
            (b"\xff\xfe\x00", "malformed"),
        ):
            assert (await ask(raw, frame))["code"] == want, frame[:20]
        said = await ask(student, {"type": "watch", "id": 9})  # a student acting as the teacher
        assert (said["code"], said["text"]) == ("not_yours", "Only the class's teacher may do this.")
        # a flood: refused for rate, then the socket closed (1008)
        codes: dict[str, int] = {}
        closed = None
        try:
            for i in range(400):
                await raw.send(json.dumps({"type": "watch", "id": 100 + i}))
            while True:
                r = json.loads(await asyncio.wait_for(raw.recv(), 5))
                codes[r.get("code")] = codes.get(r.get("code"), 0) + 1
        except websockets.ConnectionClosed as exc:
            closed = exc.rcvd.code if exc.rcvd is not None else None
        assert closed == 1008 and codes.get("rate", 0) > 0, codes
        # sockets from one address: at most 64 (two are held above)
        held = []
        with pytest.raises(websockets.InvalidStatus):
            for _ in range(80):
                held.append(await websockets.connect(ws_url))
        assert len(held) == 64 - 2
        for w in held:
            await w.close()
        # the others are served on
        again = await session()
        assert (await ask(again, {"type": "join", "id": 3, "code": code, "name": "Bob"}))["type"] == "joined"

    asyncio.run(attack())
