"""The class server (``durak-nb class serve``): an ASGI app (Starlette) whose WebSocket
``/ws`` speaks ``durak-nb-class/1`` (docs/class-protocol.md) and whose pages are the
students' (``/``) and the teacher's (``/teacher``).

Starlette and uvicorn: small, well kept, the ASGI standard; Jupyter Server would need a
hub to log students in, and the JupyterLite site has no server at all.

The engine referees every move (:mod:`durak_nb.classroom.referee`); every move is committed
to the store before ``moved`` is answered and before any ``view`` goes out; on start the
server rebuilds every open table from the store; a student who drops resumes with their
token.  Moves are committed in groups (:meth:`ClassServer.append`): those that arrive while
one commit is under way go to the store together, in one transaction, and each mover is
answered once it is durable.  Several processes may share one PostgreSQL store
(``durak-nb class serve --workers N``): each hears the others' writes through
:meth:`Store.subscribe <durak_nb.classroom.store.Store.subscribe>` and plays them; a move
whose ``seq`` is past the table's count here makes it reload the table's later moves
first, and a move at an index another process took is refused ``stale`` by the store.

Store calls and bots run off the event loop, in thread pools; every message's work is
bounded (:mod:`durak_nb.classroom.protocol`: sizes, rates, sockets per address, the hello
time-out; a bot's move: :data:`durak_nb.classroom.referee.BOT_SECONDS`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import secrets
import time
import zlib
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..i18n import LANGUAGES, N_, _, language
from ..lessons.drills import KINDS, DrillError
from . import protocol as P
from .auth import MAX_SECRET, new_token, normal_code, same, token_hash
from .protocol import Refused
from .referee import (
    BOT_SECONDS,
    LEVELS,
    Live,
    bot_move,
    bot_name,
    check_seats,
    deal_problem,
    drill_questions,
    fallback_move,
    levels_text,
    read_rules,
)

__all__ = ["ENV_DB", "ClassServer", "app_from_env", "make_app"]

log = logging.getLogger("durak_nb.classroom")
T = TypeVar("T")

#: The environment variable a worker process reads its store's URL from
#: (``durak-nb class serve --workers N``).
ENV_DB = "DURAK_NB_CLASS_DB"
#: The static files of the pages (the clients' part).
STATIC = Path(__file__).with_name("static")
#: The largest whole number a seed may be (as an id: a JavaScript number holds it exactly).
MAX_SEED = 2**53
#: Seconds a class's board waits after a change before it is sent, so that the changes
#: of that while (every move of every table) go out in one board per teacher.
BOARD_EVERY = 0.1
#: Characters queued for one socket and not yet sent, beyond which the client is too slow
#: (a teacher's board with pictures is some tens of thousands; the queue of a client that
#: reads nothing is bounded by this, not by the class's moves).
MAX_OUTBOX = 4 * 1024 * 1024

WORDS = {
    "no_page": N_("The class page is not installed. Reinstall durak-nb."),
    "page_title": N_("durak-nb class"),
}


def _dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class _Told:
    """A move a store's change carried (as :meth:`Live.apply` reads a stored row)."""

    seq: int
    move: dict[str, Any]
    at: float | None


@dataclass(eq=False)
class Conn:
    """One client's socket and who it is.

    Attributes:
        ws: the socket.
        address: the client's address (its sockets are counted).
        lang: the language of every word it is sent.
        pictures: send SVG pictures too.
        role: ``None`` (not yet known), ``"student"`` or ``"teacher"``.
        class_id, student_id, name: who, once known.
        watching: the table the teacher watches, ``None`` for all.
    """

    ws: WebSocket
    address: str
    lang: str = "en"
    pictures: bool = False
    hello: bool = False
    role: str | None = None
    class_id: int | None = None
    student_id: int | None = None
    name: str | None = None
    watching: int | None = None
    tokens: float = float(P.BURST)
    last: float = 0.0
    recent: collections.deque[float] = field(default_factory=collections.deque)
    bad: int = 0
    closed: bool = False
    outbox: collections.deque[str | int] = field(default_factory=collections.deque)
    queued: int = 0
    writer: asyncio.Task[None] | None = None

    async def send(self, msg: dict[str, Any] | str) -> None:
        """Queue ``msg`` (or its JSON text) for the socket; one writer task sends the queue in order, so a
        client that reads slowly holds up no one else (a broadcast only queues).  A socket
        that went away is marked closed, nothing raised; past :data:`MAX_OUTBOX` characters
        waiting to be sent the client is too slow: nothing more is queued, its socket is
        closed (1008) after what is queued (the transport drops a socket that reads
        nothing, :data:`~durak_nb.classroom.transport.SEND_TIMEOUT`)."""
        if self.closed:
            return
        text = msg if isinstance(msg, str) else _dumps(msg)
        self.queued += len(text)
        self.outbox.append(text)
        if self.queued > MAX_OUTBOX:
            self.closed = True
            self.outbox.append(1008)
        self._write_soon()

    async def close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued is sent (bounded in time by
        the transport's send watch)."""
        if not self.closed or not self.outbox or self.outbox[-1] != code:
            self.outbox.append(code)
        self.closed = True
        self._write_soon()
        if self.writer is not None:
            await asyncio.shield(self.writer)

    def _write_soon(self) -> None:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        """Send the queue in order; a whole number in it closes the socket with that code."""
        while self.outbox:
            item = self.outbox.popleft()
            try:
                if isinstance(item, int):
                    self.outbox.clear()
                    await self.ws.close(code=item)
                    return
                self.queued -= len(item)
                await self.ws.send_text(item)
            except Exception:  # the client went away: its session ends on its own
                self.closed = True
                self.outbox.clear()
                return


class ClassServer:
    """The class server's state: the store, the open tables, the sockets.

    Args:
        store: a :class:`durak_nb.classroom.store.Store` (SQLite or PostgreSQL).
        teacher_key: the key that makes a class (default: the store's).
        bot_seconds: a bot's bound per move (seconds).
    """

    def __init__(self, store: Any, *, teacher_key: str | None = None, bot_seconds: float = BOT_SECONDS) -> None:
        self.store = store
        if teacher_key:
            store.set_teacher_key(teacher_key)
        self.key: str = store.teacher_key()
        self.bot_seconds = bot_seconds
        self.tables: dict[int, Live] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.loaded: set[int] = set()  # classes whose tables are all loaded
        self.conns: set[Conn] = set()
        self.per_address: collections.Counter[str] = collections.Counter()
        self.bots_running: set[int] = set()
        self.drills_sent: set[int] = set()
        self.drill_cache: dict[tuple[str, int, int, str, bool], tuple[list[Any], list[dict[str, Any]]]] = {}
        workers = 4 if getattr(store, "postgres", False) else 1
        self.db_pool = ThreadPoolExecutor(workers, thread_name_prefix="durak-nb class store")
        self.bot_pool = ThreadPoolExecutor(2, thread_name_prefix="durak-nb class bots")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.unsubscribe: Callable[[], None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        #: moves waiting for the next group commit, each with the future its mover awaits
        self.pending: list[tuple[tuple[int, int, dict[str, Any], None], asyncio.Future[Any]]] = []
        #: group commits under way, and how many may be at once: one on SQLite (one writer
        #: a file), as many as the store's threads on PostgreSQL (tables lock their own rows)
        self.committing = 0
        self.commit_slots = workers
        self.boards_due: set[int] = set()
        #: each table's seat views as JSON text at one count: {table: (count, {(seat, lang, pictures): text})}
        self.views: dict[int, tuple[int, dict[tuple[int, str, bool], str]]] = {}

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Rebuild every open table from the store, listen to its changes, and let the
        bots whose turn it is move."""
        self.loop = asyncio.get_running_loop()
        self.unsubscribe = self.store.subscribe(self._heard)
        for info in await self.db(self.store.open_tables):
            live = await self._load(info)
            if live is not None:
                self._spawn(self.run_bots(live))

    async def stop(self) -> None:
        """Stop listening and let the pools go (the store stays open: its owner closes it)."""
        if self.unsubscribe is not None:
            self.unsubscribe()
        for task in list(self.tasks):
            task.cancel()
        self.db_pool.shutdown(wait=False, cancel_futures=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a class server task failed", exc_info=task.exception())

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the store's thread pool (never on the event loop)."""
        assert self.loop is not None
        return await self.loop.run_in_executor(self.db_pool, fn, *args)

    async def in_language(self, pool: ThreadPoolExecutor, lang: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in ``pool``, in the language ``lang`` (its own to that thread)."""

        def call() -> T:
            with language(lang):
                return fn(*args)

        assert self.loop is not None
        return await self.loop.run_in_executor(pool, call)

    # ------------------------------------------------------------------ tables

    def lock(self, table_id: int) -> asyncio.Lock:
        """The lock of a table: one move (or one sync) at a time in this process."""
        got = self.locks.get(table_id)
        if got is None:
            got = self.locks[table_id] = asyncio.Lock()
        return got

    async def _load(self, info: Any, *, unsent: bool = False) -> Live | None:
        """The table ``info`` as held here, rebuilt from the store when not yet held;
        ``unsent``: a table rebuilt by this call is sent by the next :meth:`broadcast`
        (one held already was sent by whoever loaded it)."""
        live = self.tables.get(info.id)
        if live is not None:
            return live
        rows = await self.db(self.store.moves, info.id)
        try:
            live = Live.build(info, rows)
        except Exception:  # a table the record layer cannot read: never one this server opened
            log.exception("table %s cannot be rebuilt from the store", info.id)
            return None
        live.sent = -1 if unsent else live.count
        return self.tables.setdefault(info.id, live)

    async def class_tables(self, class_id: int) -> list[Live]:
        """Every table of a class, loaded (in the order opened)."""
        if class_id not in self.loaded:
            for info in await self.db(self.store.tables, class_id):
                await self._load(info)
            self.loaded.add(class_id)
        return sorted((t for t in self.tables.values() if t.info.class_id == class_id), key=lambda t: t.info.id)

    async def append(self, table_id: int, seq: int, data: dict[str, Any]) -> Any:
        """Commit one move through the group commit: the moves that arrive while every
        commit slot (:attr:`commit_slots`) is busy wait, then go to the store together in one transaction
        (:meth:`Store.append_moves <durak_nb.classroom.store.Store.append_moves>`, one
        disk sync); each mover is answered once its move is durable.

        Returns:
            The move's ``MoveRow``.

        Raises:
            StoreError: the store's refusal of this move (``SeqTaken`` when another
                process took the index), or the database cannot be written.
        """
        assert self.loop is not None
        fut: asyncio.Future[Any] = self.loop.create_future()
        self.pending.append(((table_id, seq, data, None), fut))
        if self.committing < self.commit_slots:
            self.committing += 1
            self._spawn(self._commit_pending())
        got = await fut
        if isinstance(got, Exception):
            raise got
        return got

    async def _commit_pending(self) -> None:
        """Commit the waiting moves, batch after batch, until none waits."""
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    results: list[Any] = await self.db(self.store.append_moves, [item for item, _fut in batch])
                except Exception as exc:  # the database cannot be written: every mover told
                    results = [exc] * len(batch)
                for (_item, fut), got in zip(batch, results, strict=True):
                    if not fut.done():
                        fut.set_result(got)
        finally:
            self.committing -= 1

    async def sync(self, live: Live) -> int:
        """Play the moves other processes committed past the table's count; returns how many."""
        rows = await self.db(self.store.moves, live.info.id, live.count)
        return live.apply(rows)

    def _heard(self, change: Any) -> None:
        """A store change (any thread): handed to the event loop."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._spawn, self.changed(change))

    async def changed(self, change: Any) -> None:
        """A committed write, this process's or another's: new moves are played and sent,
        a new table loaded, a drill sent, the boards brought up to date."""
        if change.table_id is not None:
            live = self.tables.get(change.table_id)
            if live is not None and change.kind == "move" and change.seq is not None and change.seq < live.count:
                # a move this process has played (and sent, and asked its bots after) already
                await self.boards(change.class_id)
                return
            if live is None:
                info = await self.db(self.store.table, change.table_id)
                if info is None:
                    return
                live = await self._load(info, unsent=True)
                if live is None:
                    return
            async with self.lock(live.info.id):
                if change.move is not None and change.seq == live.count:  # the next move, told whole
                    live.apply([_Told(change.seq, change.move, change.at)])
                elif change.seq is None or change.seq >= live.count:  # moves this process has not played
                    await self.sync(live)
                await self.broadcast(live)
            self._spawn(self.run_bots(live))
        elif change.kind == "drill" and change.row is not None and change.row not in self.drills_sent:
            for drill in await self.db(self.store.drills, change.class_id):
                if drill.id == change.row:
                    await self.send_drill(drill)
        await self.boards(change.class_id)

    def view_text(self, live: Live, seat: int, conn: Conn) -> str:
        """The ``view`` message of ``seat`` for ``conn`` as JSON text, in the language in
        use (``conn.lang``): made once per table, count, seat, language and pictures."""
        count, made = self.views.get(live.info.id, (-1, {}))
        if count != live.count:
            made = {}
            self.views[live.info.id] = (live.count, made)
        key = (seat, conn.lang, conn.pictures)
        text = made.get(key)
        if text is None:
            text = made[key] = _dumps(live.view(seat, conn.pictures))
        return text

    async def broadcast(self, live: Live) -> None:
        """Send the table's new state (under its lock): each seated student their view, each
        teacher watching it the table; ``game_over`` once at the end."""
        if live.count == live.sent:
            return
        live.sent = live.count
        over = live.game.finished
        for conn in list(self.conns):
            if conn.class_id != live.info.class_id or conn.closed:
                continue
            with language(conn.lang):
                if conn.role == "student" and conn.student_id is not None:
                    seat = live.seat_of(conn.student_id)
                    if seat is None:
                        continue
                    await conn.send(self.view_text(live, seat, conn))
                    if over:
                        await conn.send(live.game_over())
                elif conn.role == "teacher" and conn.watching in (None, live.info.id):
                    await conn.send(live.teacher_view(conn.pictures))
                    if over:
                        await conn.send(live.game_over())

    async def run_bots(self, live: Live) -> None:
        """Ask the bots of a table, in :func:`durak_nb.bots.turn_seat`'s order, until a
        student's seat is to act or the game ends; each bot move committed, then sent."""
        tid = live.info.id
        if tid in self.bots_running or all(level is None for level in live.levels):
            return
        self.bots_running.add(tid)
        try:
            while True:
                seat = live.to_act()
                if seat is None or live.levels[seat] is None:
                    return
                level = live.levels[seat]
                assert level is not None
                count = live.count
                seed = zlib.crc32(f"{tid} {count}".encode())
                assert self.loop is not None
                job = self.loop.run_in_executor(
                    self.bot_pool, bot_move, live.info.doc, list(live.moves), seat, level, seed
                )
                try:
                    move = await asyncio.wait_for(job, self.bot_seconds)
                except TimeoutError:
                    log.warning(
                        "the %s bot of table %s ran past %s s; its lowest card played", level, tid, self.bot_seconds
                    )
                    move = fallback_move(live.game, seat)
                async with self.lock(tid):
                    await self.sync(live)
                    if live.count != count or live.game.why_illegal(move) is not None:
                        continue  # someone moved meanwhile: ask again
                    if not await self.commit(live, move):
                        continue
                    await self.broadcast(live)
        finally:
            self.bots_running.discard(tid)

    async def commit(self, live: Live, move: Any) -> bool:
        """Commit ``move`` (legal, at :attr:`Live.count`) to the store, then play it; the
        game's end too.  ``False`` when another process took the index first."""
        from ..record.annotations import move_to_json
        from .store import SeqTaken

        data = move_to_json(move, live.players)
        try:
            row = await self.append(live.info.id, live.count, data)
        except SeqTaken:
            await self.sync(live)
            return False
        live.apply([row])
        if live.game.finished:
            result = live.summary()["result"]
            await self.db(self.store.finish_table, live.info.id, result)
        return True

    # ------------------------------------------------------------------ the socket

    async def session(self, ws: WebSocket) -> None:
        """One client's socket, from its opening to its close."""
        address = ws.client.host if ws.client is not None else "?"
        if self.per_address[address] >= P.MAX_CONNECTIONS_PER_ADDRESS:
            await ws.close(code=1008)
            return
        self.per_address[address] += 1
        conn = Conn(ws, address)
        self.conns.add(conn)
        try:
            await ws.accept()
            await self._receive_all(conn)
        except WebSocketDisconnect:
            pass
        finally:
            conn.closed = True
            if conn.writer is not None and not conn.writer.done():
                conn.writer.cancel()
            self.conns.discard(conn)
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            if conn.class_id is not None and conn.role == "student":
                with contextlib.suppress(Exception):
                    await self.boards(conn.class_id)

    async def _receive_all(self, conn: Conn) -> None:
        assert self.loop is not None
        deadline = self.loop.time() + P.HELLO_TIMEOUT
        while not conn.closed:
            wait = None if conn.hello else deadline - self.loop.time()
            if wait is not None and wait <= 0:
                await conn.close(1008)
                return
            try:
                event = await asyncio.wait_for(conn.ws.receive(), wait)
            except TimeoutError:
                await conn.close(1008)
                return
            if event["type"] == "websocket.disconnect":
                return
            frame: str | bytes = event["text"] if event.get("text") is not None else (event.get("bytes") or b"")
            if not await self.frame(conn, frame):
                await conn.close(1008)
                return

    def _rate(self, conn: Conn) -> bool | None:
        """The rate bounds: ``None`` within them, ``True`` for a refusal (too fast),
        ``False`` past the hard bound (close)."""
        assert self.loop is not None
        now = self.loop.time()
        conn.recent.append(now)
        while conn.recent and conn.recent[0] < now - P.WINDOW:
            conn.recent.popleft()
        if len(conn.recent) > P.HARD_RATE * P.RATE * P.WINDOW:
            return False
        if conn.last:
            conn.tokens = min(float(P.BURST), conn.tokens + (now - conn.last) * P.RATE)
        conn.last = now
        if conn.tokens < 1:
            return True
        conn.tokens -= 1
        return None

    async def frame(self, conn: Conn, frame: str | bytes) -> bool:
        """Answer one frame; ``False`` when the socket must close (a hard bound or ``bye``)."""
        rate = self._rate(conn)
        if rate is False:
            return False
        if rate is True:
            with language(conn.lang):
                await conn.send(Refused("rate", rate=P.RATE).message(P.message_id(frame)))
            return True
        try:
            msg = P.parse(frame)
        except Refused as exc:
            if exc.code == "too_big" or exc.key in ("not_json", "text_frame"):
                conn.bad += 1
            with language(conn.lang):
                await conn.send(exc.message(P.message_id(frame)))
            return conn.bad < P.MAX_BAD_IN_ROW
        conn.bad = 0
        if msg["type"] == "hello":
            try:
                conn.lang = P.check_hello(msg)
            except Refused as exc:
                with language(conn.lang):
                    await conn.send(exc.message(msg["id"]))
                return True
            conn.pictures = bool(msg.get("pictures", False))
            conn.hello = True
            await conn.send({"type": "hello", "re": msg["id"], "protocol": P.PROTOCOL, "lang": conn.lang})
            return True
        if msg["type"] == "bye":
            return False
        with language(conn.lang):
            try:
                if not conn.hello:
                    raise Refused("malformed", "hello_first", member="type")
                await HANDLERS[msg["type"]](self, conn, msg)
            except Refused as exc:
                await conn.send(exc.message(msg["id"]))
                if exc.code == "stale" and msg["type"] == "move":
                    live = self.tables.get(msg["table"])
                    seat = None if live is None or conn.student_id is None else live.seat_of(conn.student_id)
                    if live is not None and seat is not None:
                        await conn.send(self.view_text(live, seat, conn))
        return True

    # ------------------------------------------------------------------ who is who

    def _teacher(self, conn: Conn) -> int:
        if conn.role != "teacher" or conn.class_id is None:
            raise Refused("not_yours", "teacher_only")
        return conn.class_id

    def _student(self, conn: Conn) -> tuple[int, int]:
        if conn.role != "student" or conn.class_id is None or conn.student_id is None:
            raise Refused("not_yours", "student_only")
        return conn.class_id, conn.student_id

    @staticmethod
    def class_summary(info: Any) -> dict[str, Any]:
        """A class as messages carry it: ``code``, ``title``, ``teacher``."""
        return {"code": info.code, "title": info.title, "teacher": info.teacher}

    async def on_create_class(self, conn: Conn, msg: dict[str, Any]) -> None:
        key = msg["key"]
        if len(key) > MAX_SECRET or not same(key, self.key):
            raise Refused("auth")
        for member, most in (("title", P.MAX_TITLE), ("teacher", P.MAX_NAME)):
            problem = P.name_problem(msg[member], most, "title" if member == "title" else "name")
            if problem is not None:
                problem.member = member
                raise problem
        token = new_token()
        info = await self.db(self.store.create_class, msg["title"], msg["teacher"], conn.lang, token_hash(token))
        conn.role, conn.class_id, conn.name, conn.student_id = "teacher", info.id, info.teacher, None
        self.loaded.add(info.id)
        await conn.send(
            {
                "type": "class_created",
                "re": msg["id"],
                "code": info.code,
                "token": token,
                "class": self.class_summary(info),
            }
        )

    async def on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        from .store import NameTaken, StoreError

        problem = P.name_problem(msg["name"])
        if problem is not None:
            raise problem
        code = msg["code"]
        info = await self.db(self.store.class_by_code, normal_code(code)) if len(code) <= 40 else None
        if info is None:
            raise Refused("auth")
        token = new_token()
        try:
            student = await self.db(self.store.add_student, info.id, msg["name"], token_hash(token))
        except NameTaken:
            raise Refused("bound", "name_taken", member="name", name=msg["name"]) from None
        except StoreError:
            raise Refused("bound", "name", member="name", most=P.MAX_NAME) from None
        conn.role, conn.class_id, conn.student_id, conn.name = "student", info.id, student.id, student.name
        await conn.send(
            {"type": "joined", "re": msg["id"], "token": token, "name": student.name, "class": self.class_summary(info)}
        )
        await self.send_drills(conn)
        await self.boards(info.id)

    async def on_resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        token = msg["token"]
        if len(token) > MAX_SECRET:
            raise Refused("auth")
        digest = token_hash(token)
        student = await self.db(self.store.student_by_token, digest)
        if student is not None:
            info = await self.db(self.store.class_by_id, student.class_id)
            conn.role, conn.class_id, conn.student_id, conn.name = "student", student.class_id, student.id, student.name
            await conn.send(
                {
                    "type": "welcome",
                    "re": msg["id"],
                    "role": "student",
                    "name": student.name,
                    "class": self.class_summary(info),
                }
            )
            for live in await self.class_tables(student.class_id):
                seat = live.seat_of(student.id)
                if seat is not None:
                    await conn.send(self.view_text(live, seat, conn))
            await self.send_drills(conn)
            await self.boards(student.class_id)
            return
        info = await self.db(self.store.class_by_teacher_token, digest)
        if info is None:
            raise Refused("auth")
        conn.role, conn.class_id, conn.student_id, conn.name = "teacher", info.id, None, info.teacher
        await conn.send(
            {
                "type": "welcome",
                "re": msg["id"],
                "role": "teacher",
                "name": info.teacher,
                "class": self.class_summary(info),
            }
        )
        await conn.send(await self.board(info.id))
        for live in await self.class_tables(info.id):
            await conn.send(live.teacher_view(conn.pictures))

    # ------------------------------------------------------------------ tables

    async def _seated(self, class_id: int) -> set[int]:
        """The students playing at an open table of the class."""
        out: set[int] = set()
        for live in await self.class_tables(class_id):
            if not live.game.finished:
                out.update(s for s in live.students if s is not None)
        return out

    async def _open(
        self, conn: Conn, re: int, class_id: int, rules_spec: Any, seats: list[dict[str, Any]], seed: int
    ) -> None:
        """Open a table with ``seats`` (``{"student": id, "name": …}`` or ``{"bot": level, "name": …}``)."""
        rules = read_rules(rules_spec, len(seats))
        names = [s["name"] for s in seats]
        doc = deal_problem(rules, names, seed)
        stored = [{"student": s["student"]} if "student" in s else {"bot": s["bot"]} for s in seats]
        info = await self.db(self.store.open_table, class_id, stored, doc)
        live = await self._load(info, unsent=True)
        assert live is not None
        await conn.send({"type": "table_opened", "re": re, "table": live.summary()})
        async with self.lock(live.info.id):
            await self.broadcast(live)
        await self.boards(class_id)
        self._spawn(self.run_bots(live))

    def _seed(self, msg: dict[str, Any]) -> int:
        seed = msg.get("seed")
        if seed is None:
            return secrets.randbelow(2**31)
        if not -MAX_SEED < seed < MAX_SEED:
            raise Refused("malformed", "kind", member="seed")
        return int(seed)

    async def on_open_table(self, conn: Conn, msg: dict[str, Any]) -> None:
        class_id = self._teacher(conn)
        students = {s.name: s for s in await self.db(self.store.students, class_id)}
        seats = check_seats(msg["seats"], students)
        busy = await self._seated(class_id)
        for s in seats:
            if s.get("student") in busy:
                raise Refused("bound", "seated", member="seats", name=s["name"])
        read_rules(msg["rules"], len(seats))
        await self._open(conn, msg["id"], class_id, msg["rules"], seats, self._seed(msg))

    async def on_pair(self, conn: Conn, msg: dict[str, Any]) -> None:
        class_id = self._teacher(conn)
        size, level = msg["size"], msg.get("bot")
        if not 2 <= size <= 6:
            raise Refused("bound", "size", member="size")
        if level is not None and level not in LEVELS:
            raise Refused("bound", "bot", member="bot", level=level[:40], levels=levels_text())
        read_rules(msg["rules"], size)
        busy = await self._seated(class_id)
        free = [s for s in await self.db(self.store.students, class_id) if s.id not in busy]
        groups = [free[i : i + size] for i in range(0, len(free), size)]
        tables: list[list[dict[str, Any]]] = []
        for group in groups:
            seats: list[dict[str, Any]] = [{"student": s.id, "name": s.name} for s in group]
            if len(group) < size and level is not None:
                taken = [s["name"] for s in seats]
                while len(seats) < size:
                    name = bot_name(level, taken)
                    taken.append(name)
                    seats.append({"bot": level, "name": name})
            if len(seats) >= 2:
                read_rules(msg["rules"], len(seats))
                tables.append(seats)
        if not tables:
            raise Refused("bound", "too_few", member="size", size=size)
        for seats in tables:
            await self._open(conn, msg["id"], class_id, msg["rules"], seats, secrets.randbelow(2**31))

    async def _table_of(self, class_id: int, table_id: int) -> Live:
        live = self.tables.get(table_id)
        if live is None:
            info = await self.db(self.store.table, table_id)
            live = None if info is None else await self._load(info)
        if live is None or live.info.class_id != class_id:
            raise Refused("not_yours", member="table")
        return live

    async def on_move(self, conn: Conn, msg: dict[str, Any]) -> None:
        class_id, student_id = self._student(conn)
        live = await self._table_of(class_id, msg["table"])
        seat = live.seat_of(student_id)
        if seat is None:
            raise Refused("not_yours", member="table")
        async with self.lock(live.info.id):
            if msg["seq"] > live.count:  # another process's moves this one has not heard yet
                await self.sync(live)
            move = live.read_move(seat, msg["move"], msg["seq"])
            if not await self.commit(live, move):
                raise Refused("stale", member="seq", count=live.count, seq=msg["seq"])
            await conn.send({"type": "moved", "re": msg["id"], "table": live.info.id, "seq": live.count})
            await self.broadcast(live)
        if live.game.finished:
            await self.boards(class_id)
        if any(level is not None for level in live.levels):
            self._spawn(self.run_bots(live))

    # ------------------------------------------------------------------ drills

    async def drill_set(self, drill: Any, lang: str, pictures: bool) -> tuple[list[Any], list[dict[str, Any]]]:
        """The drills and questions of a drill set in ``lang`` (made once per language)."""
        key = (drill.kind, drill.seed, drill.count, lang, pictures)
        got = self.drill_cache.get(key)
        if got is None:
            got = await self.in_language(
                self.bot_pool, lang, drill_questions, drill.kind, drill.seed, drill.count, pictures
            )
            if len(self.drill_cache) > 256:
                self.drill_cache.clear()
            self.drill_cache[key] = got
        return got

    async def drill_message(self, drill: Any, conn: Conn) -> dict[str, Any]:
        """The ``drill`` message of a drill set for ``conn``, in its language."""
        _made, questions = await self.drill_set(drill, conn.lang, conn.pictures)
        return {"type": "drill", "drill": drill.id, "kind": drill.kind, "seed": drill.seed, "questions": questions}

    async def send_drill(self, drill: Any) -> None:
        """Send a drill set to every student of its class connected here."""
        self.drills_sent.add(drill.id)
        for conn in list(self.conns):
            if conn.role == "student" and conn.class_id == drill.class_id:
                await conn.send(await self.drill_message(drill, conn))

    async def send_drills(self, conn: Conn) -> None:
        """Send a student every drill set of their class."""
        assert conn.class_id is not None
        for drill in await self.db(self.store.drills, conn.class_id):
            await conn.send(await self.drill_message(drill, conn))

    async def on_set_drill(self, conn: Conn, msg: dict[str, Any]) -> None:
        class_id = self._teacher(conn)
        kind, seed, count = msg["kind"], msg["seed"], msg["count"]
        if kind not in KINDS:
            raise Refused("bound", "drill_kind", member="kind", kind=kind[:40], kinds=", ".join(KINDS))
        if not 1 <= count <= P.MAX_QUESTIONS:
            raise Refused("bound", "count", member="count", most=P.MAX_QUESTIONS)
        if not 0 <= seed < MAX_SEED:
            raise Refused("malformed", "kind", member="seed")
        try:
            await self.in_language(self.bot_pool, conn.lang, drill_questions, kind, seed, count, False)
        except DrillError as exc:
            raise Refused("bound", text=exc.message, member="seed") from None
        drill = await self.db(self.store.set_drill, class_id, kind, seed, count)
        await conn.send(
            {
                "type": "drill_set",
                "re": msg["id"],
                "drill": {"id": drill.id, "kind": kind, "seed": seed, "count": count},
            }
        )
        await self.send_drill(drill)
        await self.boards(class_id)

    async def on_answer(self, conn: Conn, msg: dict[str, Any]) -> None:
        from .store import AlreadyAnswered

        class_id, student_id = self._student(conn)
        drill = next((d for d in await self.db(self.store.drills, class_id) if d.id == msg["drill"]), None)
        if drill is None:
            raise Refused("not_yours", "no_drill", member="drill")
        question = msg["question"]
        if not 0 <= question < drill.count:
            raise Refused("bound", "no_question", member="question", question=question)
        made, _questions = await self.drill_set(drill, conn.lang, conn.pictures)
        try:
            verdict = made[question].check(msg["answer"])
        except (IndexError, TypeError):
            raise Refused("bound", "option", member="answer", answer=msg["answer"]) from None
        if not -P.MAX_ID < msg["answer"] < P.MAX_ID:
            raise Refused("malformed", "kind", member="answer")
        try:
            await self.db(self.store.record_answer, drill.id, student_id, question, msg["answer"], verdict.right)
        except AlreadyAnswered:
            raise Refused("bound", "answered", member="question") from None
        await conn.send(
            {
                "type": "answered",
                "re": msg["id"],
                "drill": drill.id,
                "question": question,
                "right": verdict.right,
                "text": verdict.text,
            }
        )
        await self.boards(class_id)

    # ------------------------------------------------------------------ the board

    def _board_rows(self, class_id: int) -> tuple[Any, list[Any], list[Any], list[Any]]:
        store = self.store
        return store.class_by_id(class_id), store.students(class_id), store.answers(class_id), store.drills(class_id)

    async def board(self, class_id: int) -> dict[str, Any]:
        """The ``board`` message of a class, in the language in use."""
        info, students, answers, drills = await self.db(self._board_rows, class_id)
        tables = await self.class_tables(class_id)
        online = {c.student_id for c in self.conns if c.role == "student" and c.class_id == class_id and not c.closed}
        at: dict[int, str] = {}
        for live in tables:
            if not live.game.finished:
                for sid in live.students:
                    if sid is not None:
                        at[sid] = live.info.name
        now = time.time()
        rows = []
        for s in students:
            mine = [a for a in answers if a.student_id == s.id]
            rows.append(
                {
                    "name": s.name,
                    "connected": s.id in online,
                    "table": at.get(s.id),
                    "answered": len(mine),
                    "right": sum(1 for a in mine if a.right),
                }
            )
        summaries = []
        for live in tables:
            row = live.summary()
            row["stuck"] = None if live.game.finished else max(0, round(now - live.last_at))
            summaries.append(row)
        return {
            "type": "board",
            "class": self.class_summary(info),
            "students": rows,
            "tables": summaries,
            "drills": [{"id": d.id, "kind": d.kind, "seed": d.seed, "count": d.count} for d in drills],
        }

    async def boards(self, class_id: int) -> None:
        """Send the class's board to its teachers connected here, :data:`BOARD_EVERY`
        seconds from now: the changes of that while go out in one board."""
        if class_id in self.boards_due:
            return
        self.boards_due.add(class_id)
        self._spawn(self._send_boards(class_id))

    async def _send_boards(self, class_id: int) -> None:
        await asyncio.sleep(BOARD_EVERY)
        self.boards_due.discard(class_id)  # a change from now on sends another board
        teachers = [c for c in self.conns if c.role == "teacher" and c.class_id == class_id and not c.closed]
        made: dict[str, dict[str, Any]] = {}
        for conn in teachers:
            if conn.lang not in made:
                with language(conn.lang):
                    made[conn.lang] = await self.board(class_id)
            await conn.send(made[conn.lang])

    async def on_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        class_id = self._teacher(conn)
        table = msg.get("table")
        if table is not None:
            await self._table_of(class_id, table)
        conn.watching = table
        board = await self.board(class_id)
        board["re"] = msg["id"]
        await conn.send(board)
        for live in await self.class_tables(class_id):
            if table in (None, live.info.id):
                await conn.send(live.teacher_view(conn.pictures))


HANDLERS: dict[str, Callable[[ClassServer, Conn, dict[str, Any]], Any]] = {
    "create_class": ClassServer.on_create_class,
    "join": ClassServer.on_join,
    "resume": ClassServer.on_resume,
    "open_table": ClassServer.on_open_table,
    "pair": ClassServer.on_pair,
    "move": ClassServer.on_move,
    "set_drill": ClassServer.on_set_drill,
    "answer": ClassServer.on_answer,
    "watch": ClassServer.on_watch,
}


# ---------------------------------------------------------------------- the app


def page_language(request: Request) -> str:
    """A page's language: ``?lang=``, else the first of ``Accept-Language`` the kit
    speaks, else English."""
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def _page(name: str, lang: str) -> str:
    """The page ``name`` (``student`` or ``teacher``) in ``lang``: the clients'
    :func:`durak_nb.classroom.pages.render` when installed, else ``static/NAME.html``,
    else a line saying the page is missing."""
    try:
        from . import pages as found
    except ImportError:
        found = None  # type: ignore[assignment, unused-ignore]
    render = getattr(found, "render", None)
    if render is not None:
        text: str = render(name, lang)
        return text
    path = STATIC / f"{name}.html"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    from ..views.cards_svg import esc

    with language(lang):
        return (
            f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{esc(_(WORDS["page_title"]))}</title>'
            f"<p>{esc(_(WORDS['no_page']))}</p></html>"
        )


def make_app(store: Any, *, teacher_key: str | None = None, bot_seconds: float = BOT_SECONDS) -> Starlette:
    """The class server's ASGI app over ``store`` (a :class:`~durak_nb.classroom.store.Store`).

    Routes: ``/`` and ``/teacher`` (pages, ``?lang=``), ``/static/…``, ``/healthz``
    (``{"ok": true}``) and the WebSocket ``/ws``.  The app's ``state.server`` is its
    :class:`ClassServer`; the store is not closed with the app (its owner closes it).
    """
    server = ClassServer(store, teacher_key=teacher_key, bot_seconds=bot_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    async def student_page(request: Request) -> Response:
        return HTMLResponse(_page("student", page_language(request)))

    async def teacher_page(request: Request) -> Response:
        return HTMLResponse(_page("teacher", page_language(request)))

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True})

    routes: list[Any] = [
        Route("/", student_page),
        Route("/teacher", teacher_page),
        Route("/healthz", healthz),
        WebSocketRoute("/ws", server.session),
    ]
    if STATIC.is_dir():
        routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


def app_from_env() -> Starlette:
    """The app of a worker process (``durak-nb class serve --workers N``): its store's URL
    in :data:`ENV_DB`."""
    from .store import Store

    return make_app(Store(os.environ[ENV_DB]))
