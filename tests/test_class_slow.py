"""The running class server against slow and idle clients (issue 23's fourth hostile
trial): a real ``durak-nb class serve`` process (its bounds in seconds made short, as
:mod:`durak_nb.classroom.transport` names them) on a free loopback port, spoken to over
raw TCP sockets and WebSockets.  Each client is cut off within its bound, and the server
serves the others meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from browserkit import free_port, stop_server

from durak_nb.classroom import transport
from durak_nb.classroom.protocol import MAX_MESSAGE

KEY = "k-" + "7" * 30
#: the bounds of the server under test, in seconds (the shipped ones are 10 s)
BOUND = 1.5

SERVE = """
import sys
from durak_nb.classroom import transport
transport.BoundedHTTP.head_timeout = transport.BoundedHTTP.send_timeout = {bound}
transport.BoundedWebSocket.send_timeout = {bound}
transport.PING_INTERVAL = transport.PING_TIMEOUT = {ping}
from durak_nb.cli import main
sys.exit(main(sys.argv[1:]))
"""


@contextlib.contextmanager
def serving(top: Any, ping: float) -> Iterator[tuple[str, int]]:
    """A ``durak-nb class serve`` process with this module's bounds (the keep-alive ping's
    two seconds ``ping``), on a free loopback port, until the block ends."""
    port = free_port()
    log = (top / "serve.log").open("w")
    command = [sys.executable, "-c", SERVE.format(bound=BOUND, ping=ping), "class", "serve", "--port", str(port)]
    command += ["--db", str(top / "c.sqlite"), "--teacher-key", KEY]
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=top)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (top / "serve.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the class server did not answer in 60 s"
                time.sleep(0.25)
        yield "127.0.0.1", port
        assert proc.poll() is None, (top / "serve.log").read_text()[-2000:]
    finally:
        stop_server(proc, port)
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """The server with the shipped keep-alive ping (20 s + 20 s), the other bounds short."""
    with serving(tmp_path_factory.mktemp("slow"), transport.PING_INTERVAL) as where:
        yield where


@pytest.fixture(scope="module")
def pinging_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """The server with the keep-alive ping short too (BOUND + BOUND)."""
    with serving(tmp_path_factory.mktemp("ping"), BOUND) as where:
        yield where


def healthz(port: int, source: str = "127.0.0.1") -> bytes:
    """GET /healthz from the loopback address ``source`` (127.0.0.0/8 is all loopback)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    return got.split(b"\r\n", 1)[0]


def closed_within(s: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``s`` (read EOF or a reset), ``None`` if still open
    after ``seconds``; whatever the server sent meanwhile is read and dropped."""
    start = time.monotonic()
    s.settimeout(0.2)
    while (now := time.monotonic()) - start < seconds:
        try:
            if s.recv(1 << 20) == b"":
                return now - start
        except TimeoutError:
            continue
        except ConnectionResetError:
            return now - start
    return None


def test_the_shipped_bounds() -> None:
    """The bounds ``durak-nb class serve`` runs with (transport.uvicorn_options)."""
    options = transport.uvicorn_options()
    assert options["http"] is transport.BoundedHTTP and options["ws"] is transport.BoundedWebSocket
    assert (transport.HEAD_TIMEOUT, transport.SEND_TIMEOUT) == (10.0, 10.0)
    assert (options["ws_max_size"], options["ws_ping_interval"], options["ws_ping_timeout"]) == (262_144, 20.0, 20.0)
    assert transport.MAX_SOCKETS_PER_ADDRESS == 128 and options["ws_max_size"] > MAX_MESSAGE


def test_a_slowloris_request_head_is_cut_off_and_others_are_served(server: tuple[str, int]) -> None:
    """A request head sent a byte every 0.2 s was held for ever (uvicorn's keep-alive timer
    starts after a response): now closed at HEAD_TIMEOUT, while /healthz is answered."""
    _, port = server
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    start = time.monotonic()
    s.settimeout(0.2)
    closed = None
    while time.monotonic() - start < BOUND + 5:
        try:
            s.sendall(b"X")  # one byte of a header name at a time
        except (BrokenPipeError, ConnectionResetError):
            closed = time.monotonic() - start
            break
        try:
            if s.recv(100) == b"":
                closed = time.monotonic() - start
                break
        except TimeoutError:
            pass
        except ConnectionResetError:
            closed = time.monotonic() - start
            break
        assert healthz(port, "127.0.0.3") == b"HTTP/1.1 200 OK"
    s.close()
    assert closed is not None and BOUND - 0.3 < closed < BOUND + 3, closed


def test_an_idle_socket_is_closed_at_the_head_bound(server: tuple[str, int]) -> None:
    _, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        took = closed_within(s, BOUND + 5)
    assert took is not None and BOUND - 0.3 < took < BOUND + 3, took


def test_many_idle_sockets_from_one_address_take_no_others_sockets(server: tuple[str, int]) -> None:
    """200 idle sockets from 127.0.0.2: the server keeps 128 (MAX_SOCKETS_PER_ADDRESS) and
    closes the others at once (were all kept, without end); 127.0.0.4 is served."""
    _, port = server
    held = [
        socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0)) for _ in range(200)
    ]
    try:
        time.sleep(0.5)
        cut = 0
        for s in held:
            s.setblocking(False)
            try:
                cut += s.recv(1) == b""
            except BlockingIOError:
                pass
            except ConnectionResetError:
                cut += 1
        assert cut == 200 - transport.MAX_SOCKETS_PER_ADDRESS
        assert healthz(port, "127.0.0.4") == b"HTTP/1.1 200 OK"
        time.sleep(BOUND + 1.5)  # the kept ones end at the head bound; the address may connect again
        assert healthz(port, "127.0.0.2") == b"HTTP/1.1 200 OK"
    finally:
        for s in held:
            s.close()


def ws_handshake(port: int, rcvbuf: int = 4096) -> socket.socket:
    """A raw WebSocket of the class protocol (hello said) whose client will read nothing
    more: a small receive buffer, so the server's writes soon wait."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    s.sendall(
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455) holding ``text``."""
    data = text.encode()
    mask = b"\x01\x02\x03\x04"
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_websocket_that_never_reads_is_dropped_and_the_class_is_served(server: tuple[str, int]) -> None:
    """A second teacher's socket of a class with four open tables, asking for the
    boards with pictures 125 times (35 at once, then 15 a second) and reading none of
    them: the server's writes to it wait;
    within SEND_TIMEOUT of that the socket is dropped (was kept until the keep-alive ping's
    end, its sends and every board of the class behind them), and the first teacher hears
    of a new student at once."""
    _, port = server
    url = f"ws://127.0.0.1:{port}/ws"

    async def hello(ws: Any) -> None:
        await ws.send(json.dumps({"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "en"}))
        assert json.loads(await ws.recv())["type"] == "hello"

    async def until(ws: Any, kind: str, seconds: float) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while True:
            msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic()))
            if msg["type"] == kind:
                return msg

    async def trial() -> tuple[int, float | None, bool]:
        good = await websockets.connect(url)
        await hello(good)
        made = {"type": "create_class", "id": 2, "key": KEY, "title": "Slow", "teacher": "T"}
        await good.send(json.dumps(made))
        created = await until(good, "class_created", 10)
        token, code = created["token"], created["code"]
        players = []
        for i in range(4):  # four students, each at a table with a bot, none of them moving
            player = await websockets.connect(url)
            await hello(player)
            await player.send(json.dumps({"type": "join", "id": 2, "code": code, "name": f"S{i}"}))
            assert json.loads(await player.recv())["type"] == "joined"
            players.append(player)
            seats = [{"student": f"S{i}"}, {"bot": "lowest"}]
            opened = {"type": "open_table", "id": 10 + i, "rules": "podkidnoy", "seats": seats, "seed": i}
            await good.send(json.dumps(opened))
            await until(good, "table_opened", 10)
        stuck = ws_handshake(port)
        stuck.sendall(
            frame(
                json.dumps({"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "en", "pictures": True})
            )
        )
        stuck.sendall(frame(json.dumps({"type": "resume", "id": 2, "token": token})))
        for i in range(35):  # within the burst of 40; each answer is the board and four pictures
            stuck.sendall(frame(json.dumps({"type": "watch", "id": 10 + i})))
        for i in range(35, 125):  # then 15 a second, within the rate of 20: past 3 MB in all
            await asyncio.sleep(1 / 15)
            stuck.sendall(frame(json.dumps({"type": "watch", "id": 10 + i})))
        await asyncio.sleep(0.5)
        student = await websockets.connect(url)
        await hello(student)
        await student.send(json.dumps({"type": "join", "id": 2, "code": code, "name": "Ann"}))
        joined = False
        with contextlib.suppress(TimeoutError):
            while not joined:
                board = await until(good, "board", BOUND)
                joined = any(row["name"] == "Ann" for row in board["students"])
        took = closed_within(stuck, BOUND + 5)
        stuck.close()
        for ws in (student, good, *players):
            await ws.close()
        return len(players), took, joined

    tables, took, joined = asyncio.run(trial())
    assert (tables, joined) == (4, True)
    assert took is not None and took < BOUND + 3, took


def test_a_websocket_message_past_ws_max_size_is_closed_unread(server: tuple[str, int]) -> None:
    """A 4 MiB message was read whole (uvicorn's bound is 16 MiB) before the kit refused it;
    now one past WS_MAX_SIZE closes the socket with 1009; one past MAX_MESSAGE and within
    WS_MAX_SIZE is still the kit's ``too_big``."""
    _, port = server

    async def trial() -> tuple[str, int | None]:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "en"}))
            await ws.recv()
            await ws.send("x" * (MAX_MESSAGE + 1))
            code = json.loads(await asyncio.wait_for(ws.recv(), 10))["code"]
            try:
                await ws.send("x" * (4 << 20))
                await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as exc:
                return code, exc.rcvd.code if exc.rcvd is not None else None
            return code, None

    assert asyncio.run(trial()) == ("too_big", 1009)


STOPPED_CLIENT = """
import asyncio, json, sys, time
import websockets

async def main():
    ws = await websockets.connect(sys.argv[1], ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "en"}))
    assert json.loads(await ws.recv())["type"] == "hello"
    print("ready", flush=True)
    sys.stdin.readline()  # the test stops this process here, and lets it go on later
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 2)
    except websockets.ConnectionClosed as closed:
        print("closed", closed.rcvd.code if closed.rcvd else None, flush=True)
    except TimeoutError:
        print("open", flush=True)

asyncio.run(main())
"""


@pytest.mark.parametrize(("stopped", "said"), [(0.0, "open"), (2 * BOUND + 3, "closed 1011")])
def test_a_stopped_client_is_cut_off_by_the_keep_alive_ping(
    pinging_server: tuple[str, int], stopped: float, said: str
) -> None:
    """A half-open socket: the student's process is stopped (SIGSTOP: its kernel still
    acknowledges every byte, but nobody answers the server's pings and nothing is closed).
    The server closes it (1011, the keep-alive ping unanswered) within PING_INTERVAL +
    PING_TIMEOUT (here 1.5 s + 1.5 s; shipped 20 s + 20 s), so its socket and session are
    freed; a client that is not stopped stays connected."""
    import os
    import signal

    _, port = pinging_server
    client = subprocess.Popen(
        [sys.executable, "-c", STOPPED_CLIENT, f"ws://127.0.0.1:{port}/ws"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert client.stdout is not None and client.stdin is not None
        assert client.stdout.readline() == "ready\n"
        os.kill(client.pid, signal.SIGSTOP)
        time.sleep(stopped)
        os.kill(client.pid, signal.SIGCONT)
        client.stdin.write("go\n")
        client.stdin.flush()
        assert client.stdout.readline() == said + "\n"
    finally:
        os.kill(client.pid, signal.SIGCONT)
        client.kill()
        client.wait()
