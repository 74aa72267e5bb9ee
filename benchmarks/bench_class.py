"""The class server under load, on loopback (docs/classroom.md, "The class server under load").

A real ``durak-nb class serve`` process (SQLite by default; ``--postgres``: a throwaway
PostgreSQL cluster, tests/pgserver.py, ``fsync=on``), a teacher and ``S`` students
(default 30) over WebSockets (the ``websockets`` client), ``S/2`` two-seat podkidnoy tables,
every student playing at once: on each ``view`` with legal moves the student sends one of
them (seeded choice, never a redeal), at most :data:`SEND_RATE` messages a second (under
the protocol's own rate bound: docs/class-protocol.md).

Printed: the p50 and p99 move latency (from sending a ``move`` to its ``moved``), beside
the target (p99 < 100 ms), and moves/s; then, once about half the moves a game takes are
acknowledged, the server is SIGKILLed, restarted on the same store, every student resumes
with their token and the games are played to their ends: printed are the acknowledged
moves lost (each acknowledged move looked up in the store; target 0) and the tables
resumed (a view at or past every move acknowledged before the kill, then the game played
to its end; target: every table).

Also printed: the server's CPU time per acknowledged move (every process of the server,
from /proc: on a loaded machine a steadier figure than the wall-clock latency) and the
machine's load average.  ``--compare REF`` runs the server of the git commit ``REF``
(its ``durak_nb`` extracted with ``git archive``) and this checkout's, alternately, in one
run, ``--rounds`` times each, and prints both side by side (on SQLite; with
``--postgres``, on PostgreSQL, one process).

    PYTHONPATH=. python benchmarks/bench_class.py [--students 30] [--postgres] [--workers N] [--quick]
        [--compare REF [--rounds 2]]

``--quick`` (4 students) is what tests/test_class_bench.py runs: it asserts no move lost and
every table resumed, never a time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

PROTOCOL = "durak-nb-class/1"
KEY = "teacher-key-of-the-class-benchmark-0123"
#: A student's most messages a second (the server's bound is 20 a second, burst 40).
SEND_RATE = 15.0
#: The latency target of issue 24 (milliseconds, p99).
TARGET_P99_MS = 100.0
#: Whole-run bound (seconds): a run that has not ended by then fails loudly.
RUN_BOUND = 600.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ms(times: list[float], q: float) -> float:
    if not times:
        return float("nan")
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def _cpu_seconds(session: int) -> float:
    """The CPU time (user and system, seconds) of every live process of the session
    ``session`` (a server and its workers), from /proc; 0.0 where there is no /proc."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # field 6 of stat: the session id
            total += int(fields[11]) + int(fields[12])  # fields 14 and 15: utime, stime
    return total / tick


class Server:
    """One ``durak-nb class serve`` process (or ``--workers N`` of them) on ``port``;
    ``pythonpath``: a folder whose ``durak_nb`` the server runs instead of this checkout's."""

    def __init__(self, db: str, port: int, workers: int = 1, pythonpath: str | None = None) -> None:
        self.db, self.port, self.workers, self.pythonpath = db, port, workers, pythonpath
        self.proc: subprocess.Popen[bytes] | None = None

    def cpu(self) -> float:
        """CPU seconds of the server's processes so far."""
        return 0.0 if self.proc is None else _cpu_seconds(self.proc.pid)

    def start(self, bound: float = 60.0) -> None:
        exe = Path(sys.executable).with_name("durak-nb")
        argv = [str(exe), "class", "serve", "--db", self.db, "--port", str(self.port), "--teacher-key", KEY]
        if self.workers > 1:
            argv += ["--workers", str(self.workers)]
        env = dict(os.environ)
        if self.pythonpath:
            env["PYTHONPATH"] = self.pythonpath
        self.proc = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env
        )
        end = time.monotonic() + bound
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the class server ended at start: {err}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the class server did not answer /healthz")

    def kill(self) -> None:
        """SIGKILL the server and every worker it started (its whole process group)."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


class Link:
    """One WebSocket: ``ask`` sends and awaits the answer (``re``); every other message
    goes to ``on_message``."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.next_id = 1
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def send(self, kind: str, **members: Any) -> int:
        mid = self.next_id
        self.next_id += 1
        await self.ws.send(json.dumps({"type": kind, "id": mid, **members}, ensure_ascii=False))
        return mid

    async def ask(self, kind: str, **members: Any) -> dict[str, Any]:
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = fut
        await self.send(kind, **members)
        return await asyncio.wait_for(fut, 30)


async def connect(port: int) -> Link:
    import websockets

    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=2**22)
    link = Link(ws)
    await ws.send(json.dumps({"type": "hello", "id": 0, "protocol": PROTOCOL, "lang": "en"}))
    hello = json.loads(await ws.recv())
    assert hello["type"] == "hello", hello
    return link


@dataclass
class Student:
    name: str
    rng: random.Random
    token: str = ""
    table: int | None = None
    link: Link | None = None
    view: dict[str, Any] | None = None
    sent_at: dict[int, tuple[float, int, dict[str, Any]]] = field(default_factory=dict)
    outstanding: int | None = None
    sent_seq: int = -1
    latencies: list[float] = field(default_factory=list)
    acked: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq index -> move
    refusals: dict[str, int] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    resumed_seq: int = -1
    last_send: float = 0.0
    budget: float = SEND_RATE

    async def run(self, on_ack: Any) -> None:
        """Read this student's socket until it closes: act on views, time the answers."""
        assert self.link is not None
        try:
            async for text in self.link.ws:
                msg = json.loads(text)
                mid = msg.get("re")
                fut = self.link.waiting.pop(mid, None) if mid is not None else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                    continue
                kind = msg["type"]
                if kind == "view" and msg["table"] == self.table:
                    if self.resumed_seq < 0:
                        self.resumed_seq = msg["seq"]
                    if self.view is None or msg["seq"] >= self.view["seq"]:
                        self.view = msg
                    if msg.get("result") is not None:
                        self.done.set()
                elif kind in ("moved", "refused") and mid in self.sent_at:
                    at, seq, move = self.sent_at.pop(mid)
                    if kind == "moved":
                        self.latencies.append(time.perf_counter() - at)
                        self.acked[seq] = move
                        on_ack()
                    else:
                        self.refusals[msg.get("code", "?")] = self.refusals.get(msg.get("code", "?"), 0) + 1
                    self.outstanding = None
                await self.act()
        except Exception:  # the socket closed (the server was killed): the run goes on
            return

    async def act(self) -> None:
        """Send one legal move of the latest view, if none is in flight and it is newer
        than the one last moved from."""
        view = self.view
        if view is None or self.outstanding is not None or view.get("result") is not None:
            return
        if view["seq"] <= self.sent_seq:
            return
        legal = [m for m in view["view"].get("legal", []) if m.get("action") != "redeal"]
        if not legal:
            return
        now = time.perf_counter()
        self.budget = min(SEND_RATE, self.budget + (now - self.last_send) * SEND_RATE)
        self.last_send = now
        if self.budget < 1:
            await asyncio.sleep((1 - self.budget) / SEND_RATE)
            self.budget = 1
            if self.view is not view:
                return await self.act()
        self.budget -= 1
        move = self.rng.choice(legal)
        assert self.link is not None
        self.sent_seq = view["seq"]
        mid = self.link.next_id
        self.outstanding = mid
        self.sent_at[mid] = (time.perf_counter(), view["seq"], move)
        try:
            await self.link.send("move", table=self.table, seq=view["seq"], move=move)
        except Exception:
            self.sent_at.pop(mid, None)


@dataclass
class Result:
    """What one run measured."""

    students: int
    tables: int
    p50_ms: float
    p99_ms: float
    moves_per_s: float
    acked_before_kill: int
    moves_lost: int
    tables_resumed: int
    refused: dict[str, int]
    seconds: float
    cpu_ms_per_move: float = float("nan")
    load: float = float("nan")
    client_cpu_ms_per_move: float = float("nan")
    after_p50_ms: float = float("nan")
    after_p99_ms: float = float("nan")
    after_moves: int = 0

    def lines(self, label: str) -> list[str]:
        return [
            f"{label}: {self.students} students at {self.tables} two-seat tables, all playing at once",
            f"  latency p50 {self.p50_ms:7.1f} ms  p99 {self.p99_ms:7.1f} ms  (target: p99 < {TARGET_P99_MS:.0f} ms)",
            f"  throughput {self.moves_per_s:7.1f} moves/s (before the kill)",
            f"  server CPU {self.cpu_ms_per_move:7.2f} ms per acknowledged move (the students' process:"
            f" {self.client_cpu_ms_per_move:.2f} ms); load average {self.load:.1f}",
            f"  SIGKILL after {self.acked_before_kill} acknowledged moves; restarted on the same store",
            f"  after the restart, to the games' ends: p50 {self.after_p50_ms:7.1f} ms  p99 {self.after_p99_ms:7.1f} ms"
            f" over {self.after_moves} moves",
            f"  acknowledged moves lost: {self.moves_lost}   (target 0)",
            f"  tables resumed and played to their end: {self.tables_resumed} of {self.tables} (target: all)",
            f"  refusals seen (two seats moving at one count: 'stale'): {self.refused or 'none'}",
        ]


async def _play(db: str, n_students: int, workers: int, seed: int, pythonpath: str | None = None) -> Result:
    from durak_nb.classroom.store import Store

    port = _free_port()
    server = Server(db, port, workers, pythonpath)
    server.start()
    start = time.perf_counter()
    try:
        teacher = await connect(port)
        reader = asyncio.ensure_future(_drain(teacher))
        made = await teacher.ask("create_class", key=KEY, title="Load", teacher="Bench")
        students = [Student(f"S{i:02d}", random.Random(seed + i)) for i in range(n_students)]
        for s in students:
            s.link = await connect(port)
            joined = await _ask_plain(s.link, "join", code=made["code"], name=s.name)
            s.token = joined["token"]
        tables = []
        for k in range(0, n_students, 2):
            a, b = students[k], students[k + 1]
            opened = await teacher.ask(
                "open_table",
                rules="podkidnoy",
                seats=[{"student": a.name}, {"student": b.name}],
                seed=seed * 1000 + k,
            )
            a.table = b.table = opened["table"]["id"]
            tables.append(opened["table"]["id"])
        acked = 0
        kill_at = 20 * len(tables)  # about half a random game's moves at every table
        killed = asyncio.Event()

        def on_ack() -> None:
            nonlocal acked
            acked += 1
            if acked >= kill_at:
                killed.set()

        t0 = time.perf_counter()
        cpu0 = server.cpu()
        client0 = time.process_time()
        runners = [asyncio.ensure_future(s.run(on_ack)) for s in students]
        for s in students:
            await s.act()
        all_done = asyncio.ensure_future(asyncio.gather(*(s.done.wait() for s in students)))
        await asyncio.wait([asyncio.ensure_future(killed.wait()), all_done], return_when=asyncio.FIRST_COMPLETED)
        elapsed = time.perf_counter() - t0
        cpu = server.cpu() - cpu0
        client_cpu = time.process_time() - client0
        load = os.getloadavg()[0]
        all_done.cancel()
        with contextlib.suppress(BaseException):
            await all_done
        moves_before = acked
        server.kill()
        for r in runners:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(r, 10)
        reader.cancel()
        latencies = [x for s in students for x in s.latencies]
        for s in students:
            s.latencies = []
        before = {t: max((seq + 1 for s in students if s.table == t for seq in s.acked), default=0) for t in tables}
        # restart on the same store, every student resumes with their token
        server.start()
        for s in students:
            s.link = await connect(port)
            s.view, s.outstanding, s.sent_seq, s.resumed_seq = None, None, -1, -1
            s.sent_at.clear()
            s.done = asyncio.Event()
            welcome = await _ask_plain(s.link, "resume", token=s.token)
            assert welcome["type"] == "welcome", welcome
        runners = [asyncio.ensure_future(s.run(lambda: None)) for s in students]
        for s in students:
            await s.act()
        await asyncio.wait_for(asyncio.gather(*(s.done.wait() for s in students)), RUN_BOUND)
        for s in students:
            assert s.link is not None
            await s.link.ws.close()
        for r in runners:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(r, 10)
    finally:
        server.stop()
    lost = 0
    resumed = 0
    with Store(db) as store:
        for t in tables:
            rows = {row.seq: row.move for row in store.moves(t)}
            for s in students:
                if s.table != t:
                    continue
                for seq, move in s.acked.items():
                    if rows.get(seq) != move:
                        lost += 1
            info = store.table(t)
            seated = [s for s in students if s.table == t]
            if info is not None and info.result is not None and all(s.resumed_seq >= before[t] for s in seated):
                resumed += 1
    after = [x for s in students for x in s.latencies]
    refused: dict[str, int] = {}
    for s in students:
        for k, v in s.refusals.items():
            refused[k] = refused.get(k, 0) + v
    return Result(
        n_students,
        len(tables),
        _ms(latencies, 0.5),
        _ms(latencies, 0.99),
        moves_before / elapsed if elapsed else float("nan"),
        moves_before,
        lost,
        resumed,
        refused,
        time.perf_counter() - start,
        cpu * 1000 / moves_before if moves_before else float("nan"),
        load,
        client_cpu * 1000 / moves_before if moves_before else float("nan"),
        _ms(after, 0.5),
        _ms(after, 0.99),
        len(after),
    )


async def _drain(link: Link) -> None:
    with contextlib.suppress(Exception):
        async for text in link.ws:
            msg = json.loads(text)
            fut = link.waiting.pop(msg.get("re"), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)


async def _ask_plain(link: Link, kind: str, **members: Any) -> dict[str, Any]:
    """Ask before the socket has a reader: read until the answer (other messages dropped)."""
    mid = await link.send(kind, **members)
    while True:
        msg = json.loads(await asyncio.wait_for(link.ws.recv(), 30))
        if msg.get("re") == mid:
            if msg["type"] == "refused":
                raise RuntimeError(f"{kind} refused: {msg}")
            return msg


def run(db: str, students: int = 30, workers: int = 1, seed: int = 1, pythonpath: str | None = None) -> Result:
    """One whole run against the store ``db`` (an SQLite path or a PostgreSQL URL).

    Args:
        db: the store of the server (``--db``).
        students: an even number, 2 to 60 (one address holds at most 64 sockets).
        workers: server processes (``--workers``; above 1 only with PostgreSQL).
        pythonpath: a folder whose ``durak_nb`` the server runs (``--compare``).

    Raises:
        ValueError: an odd or out-of-range count of students.
        RuntimeError: the server did not start.
    """
    if students % 2 or not 2 <= students <= 60:
        raise ValueError("the count of students is even, 2 to 60")
    return asyncio.run(asyncio.wait_for(_play(db, students, workers, seed, pythonpath), RUN_BOUND))


def extract(ref: str, folder: str) -> str:
    """This repository's ``durak_nb`` at git commit ``ref``, written under ``folder``;
    the folder to put on ``PYTHONPATH``.

    Raises:
        RuntimeError: git does not know ``ref``.
    """
    root = Path(__file__).resolve().parent.parent
    got = subprocess.run(["git", "-C", str(root), "archive", ref, "durak_nb"], capture_output=True, timeout=120)
    if got.returncode != 0:
        raise RuntimeError(f"git archive {ref}: {got.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", folder], input=got.stdout, check=True, timeout=120)
    return folder


def _compare_lines(ref: str, old: list[Result], new: list[Result]) -> list[str]:
    """The two servers' figures side by side: each round's, then their medians."""

    def med(values: list[float]) -> float:
        ordered = sorted(values)
        half = len(ordered) // 2
        return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2

    rows = [
        ("latency p50 (ms)", lambda r: r.p50_ms),
        ("latency p99 (ms)", lambda r: r.p99_ms),
        ("after restart p50 (ms)", lambda r: r.after_p50_ms),
        ("after restart p99 (ms)", lambda r: r.after_p99_ms),
        ("moves/s", lambda r: r.moves_per_s),
        ("server CPU ms/move", lambda r: r.cpu_ms_per_move),
        ("students' CPU ms/move", lambda r: r.client_cpu_ms_per_move),
        ("moves lost", lambda r: float(r.moves_lost)),
        ("tables resumed", lambda r: float(r.tables_resumed)),
        ("load average", lambda r: r.load),
    ]
    out = [f"{'':22}{'at ' + ref:>24}{'this checkout':>24}   (median of {len(old)} alternate runs)"]
    for label, get in rows:
        a, b = [get(r) for r in old], [get(r) for r in new]
        each = " ".join(f"{x:.1f}" for x in a), " ".join(f"{x:.1f}" for x in b)
        out.append(f"{label:22}{med(a):>12.1f} [{each[0]:>9}]{med(b):>12.1f} [{each[1]:>9}]")
    return out


def _compare(ref: str, rounds: int, n: int, postgres: bool) -> int:
    """``--compare REF``: the server at ``REF`` and this checkout's, alternately, on SQLite
    (with ``postgres`` on PostgreSQL instead, one process, a fresh database a run);
    exit status 0 when no run lost a move and every run resumed every table."""
    import pgserver

    pg = None
    if postgres:
        why = pgserver.why_not()
        if why is not None:
            print(f"PostgreSQL: not run here ({why})")
            return 1
        pg = pgserver.PgServer(fsync=True)
    kind = "PostgreSQL" if pg is not None else "SQLite"
    old: list[Result] = []
    new: list[Result] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = extract(ref, tmp)
            for k in range(rounds):
                for label, into, pythonpath in (("at " + ref, old, path), ("this checkout", new, None)):
                    with tempfile.TemporaryDirectory() as data:
                        db = pg.database() if pg is not None else str(Path(data) / "class.sqlite")
                        res = run(db, n, seed=k + 1, pythonpath=pythonpath)
                    print("\n".join(res.lines(f"{kind}, server {label}, round {k + 1}")), flush=True)
                    into.append(res)
    finally:
        if pg is not None:
            pg.stop()
    print(f"{kind}, one process:")
    print("\n".join(_compare_lines(ref, old, new)), flush=True)
    return 0 if all(r.moves_lost == 0 and r.tables_resumed == r.tables for r in old + new) else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--quick", action="store_true", help="4 students at 2 tables")
    ap.add_argument("--postgres", action="store_true", help="also against PostgreSQL (tests/pgserver.py)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only)")
    ap.add_argument(
        "--compare", metavar="REF", help="run the server of commit REF and this one, alternately (--postgres: there)"
    )
    ap.add_argument("--rounds", type=int, default=2, help="runs of each server with --compare")
    args = ap.parse_args(argv)
    n = 4 if args.quick else args.students
    ok = True
    if args.compare:
        return _compare(args.compare, args.rounds, n, args.postgres)
    if args.workers == 1:
        with tempfile.TemporaryDirectory() as tmp:
            res = run(str(Path(tmp) / "class.sqlite"), n)
            print("\n".join(res.lines("SQLite (one process)")), flush=True)
            ok &= res.moves_lost == 0 and res.tables_resumed == res.tables
    if args.postgres or args.workers > 1:
        import pgserver

        why = pgserver.why_not()
        if why is not None:
            print(f"PostgreSQL: not run here ({why})")
        else:
            pg = pgserver.PgServer(fsync=True)
            try:
                res = run(pg.database(), n, args.workers)
                label = f"PostgreSQL ({args.workers} process{'es' if args.workers > 1 else ''})"
                print("\n".join(res.lines(label)), flush=True)
                ok &= res.moves_lost == 0 and res.tables_resumed == res.tables
            finally:
                pg.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
