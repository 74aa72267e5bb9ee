"""The class server's store: classes, students, tables, moves, drills and answers
(docs/class-protocol.md, "Store"), in SQLite or PostgreSQL through SQLAlchemy Core.

One :class:`Store` is one database.  ``Store("durak-class.sqlite")`` (a path, or
``sqlite:///…``) opens or makes an SQLite file in WAL mode with ``synchronous=FULL``
(a committed move survives a power cut), foreign keys on and a busy timeout of
:data:`BUSY_TIMEOUT_MS`; ``Store("postgresql://user@host/db")`` uses PostgreSQL through
psycopg 3 (``postgresql+psycopg``), where several server processes may share one
database.

Every write is one transaction, committed (durable) when the method returns.  The
primary key of ``moves`` is ``(table_id, seq)`` and :meth:`Store.append_move` checks, in
the same transaction, that ``seq`` is the table's count: two writers, in one process or
in several, can never commit two moves at one index (the second gets
:class:`SeqTaken`).  Writes on SQLite begin ``IMMEDIATE`` (one writer at a time, no stale
read); on PostgreSQL a move locks its table's row (``SELECT … FOR UPDATE``).

:meth:`Store.subscribe` tells a callback of every write (:class:`Change`): of this
Store's own writes right after their commit, in the writing thread; on PostgreSQL also
of every other process's writes, through ``LISTEN/NOTIFY`` on the channel
:data:`CHANNEL`, from a listening thread with its own connection that reconnects when
the connection is lost, and then tells again what may have been said while it was away.

Every input has a bound (the ``MAX_…`` constants below); what passes one, or is not of
its documented form, is refused with a :class:`StoreError` that says which bound.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import secrets
import threading
import unicodedata
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, make_url

from ..errors import DurakError
from ..i18n import N_, _, ngettext
from ..record import jsonio

__all__ = [
    "ALPHABET",
    "BUSY_TIMEOUT_MS",
    "CHANGE_KINDS",
    "CHANNEL",
    "CODE_LENGTH",
    "MAX_ANSWER",
    "MAX_BOT",
    "MAX_CLASSES",
    "MAX_DOC_BYTES",
    "MAX_DRILLS",
    "MAX_DRILL_COUNT",
    "MAX_KEY",
    "MAX_KIND",
    "MAX_MOVES",
    "MAX_MOVE_BYTES",
    "MAX_NAME",
    "MAX_RESULT_BYTES",
    "MAX_SEATS",
    "MAX_SEED",
    "MAX_STUDENTS",
    "MAX_TABLES",
    "MAX_TEACHER",
    "MAX_TITLE",
    "MIN_SEATS",
    "NO_ROW",
    "SCHEMA",
    "AlreadyAnswered",
    "Answer",
    "Change",
    "ClassInfo",
    "DrillSet",
    "MoveRow",
    "NameTaken",
    "SeqTaken",
    "Store",
    "StoreError",
    "Student",
    "TableInfo",
    "UnknownRow",
    "metadata",
    "name_key",
    "normalise_code",
]

log = logging.getLogger(__name__)

# ----------------------------------------------------------------------------- bounds

#: The letters of a class code: no 0/O, no 1/I (docs/class-protocol.md, "Who is who").
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Characters in a class code.
CODE_LENGTH = 6
#: Characters in a class's title (1 to this).
MAX_TITLE = 80
#: Characters in the teacher's name (1 to this).
MAX_TEACHER = 40
#: Characters in a student's name (1 to this), after NFC normalisation.
MAX_NAME = 40
#: Characters in a token's hash (the store keeps SHA-256 digests; 16 to this) and in the
#: teacher key.
MAX_KEY = 128
#: Characters in a bot seat's level when it is a word.
MAX_BOT = 40
#: Characters in a drill kind's name.
MAX_KIND = 40
#: Seats at a table (R2: 2 to 6 players).
MIN_SEATS, MAX_SEATS = 2, 6
#: Bytes of a table's document (its JSON, without moves).
MAX_DOC_BYTES = 65_536
#: Bytes of one move's JSON (a redeal carries a whole deck: about 400).
MAX_MOVE_BYTES = 4_096
#: Bytes of a table's result's JSON.
MAX_RESULT_BYTES = 4_096
#: Moves at one table.
MAX_MOVES = 10_000
#: Classes in one store.
MAX_CLASSES = 10_000
#: Students in one class.
MAX_STUDENTS = 500
#: Tables in one class.
MAX_TABLES = 2_000
#: Drill sets in one class.
MAX_DRILLS = 500
#: Questions in one drill set (docs/class-protocol.md: 1 to 20).
MAX_DRILL_COUNT = 20
#: A drill's seed is a whole number with ``-MAX_SEED <= seed <= MAX_SEED`` (64-bit).
MAX_SEED = 2**63 - 1
#: An answer is a whole number with ``abs(answer) <= MAX_ANSWER`` (what a JSON double
#: holds exactly).
MAX_ANSWER = 2**53
#: Milliseconds an SQLite writer waits for another's lock before it gives up.
BUSY_TIMEOUT_MS = 10_000
#: The PostgreSQL ``LISTEN/NOTIFY`` channel of every store's writes.
CHANNEL = "durak_nb_class"
#: The store's schema version, kept in ``settings``; a store of another version is refused.
SCHEMA = "1"
#: The kinds of :class:`Change`.
CHANGE_KINDS = ("move", "table", "finished", "student", "drill", "answer")

#: One lock per SQLite file, for the writers of this process: they queue on it (handed
#: on at once) rather than on SQLite's busy handler (which sleeps and polls); writers in
#: other processes still wait through :data:`BUSY_TIMEOUT_MS`.
_FILE_LOCKS: dict[str, threading.Lock] = {}
_FILE_LOCKS_LOCK = threading.Lock()

#: Tries at a fresh random class code before giving up (with 32**6 codes, never reached).
_CODE_TRIES = 50
#: Seconds the listening thread waits before it reconnects, at most.
_RECONNECT_MAX = 5.0
#: Seconds before a lost listening connection from which its catch-up tells changes.
_CATCH_UP_MARGIN = 60.0

# ----------------------------------------------------------------------------- schema

#: The one :class:`sqlalchemy.MetaData` of the store's tables.
metadata = sa.MetaData()

_TS = sa.DateTime(timezone=True)

settings_t = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
classes_t = sa.Table(
    "classes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(CODE_LENGTH), nullable=False, unique=True),
    sa.Column("title", sa.String(MAX_TITLE), nullable=False),
    sa.Column("teacher", sa.String(MAX_TEACHER), nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("token_hash", sa.String(MAX_KEY), nullable=False, unique=True),
    sa.Column("created", _TS, nullable=False),
)
students_t = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
    sa.Column("name", sa.String(MAX_NAME), nullable=False),
    # NFC, case-folded: two names that differ only in case or composition are one name
    sa.Column("name_key", sa.String(4 * MAX_NAME), nullable=False),
    sa.Column("token_hash", sa.String(MAX_KEY), nullable=False, unique=True),
    sa.Column("joined", _TS, nullable=False),
    sa.UniqueConstraint("class_id", "name_key", name="students_name_once"),
)
tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("doc", sa.Text, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created", _TS, nullable=False),
    sa.Column("finished", _TS, nullable=True),
    sa.UniqueConstraint("class_id", "number", name="tables_number_once"),
)
moves_t = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("at", _TS, nullable=False),
)
drills_t = sa.Table(
    "drills",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(MAX_KIND), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("created", _TS, nullable=False),
)
answers_t = sa.Table(
    "answers",
    metadata,
    sa.Column("drill_id", sa.Integer, sa.ForeignKey("drills.id"), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True),
    sa.Column("question", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("answer", sa.BigInteger, nullable=False),
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("at", _TS, nullable=False),
)

# ----------------------------------------------------------------------------- errors


class StoreError(DurakError):
    """The store refused a request or cannot reach its database; the message says which
    bound, row or database (never a traceback from the driver).  Its subclasses name
    the refusals the server answers differently."""

    def __init__(self, message: str) -> None:
        super().__init__(None, message)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.message,))


class _Conflict(StoreError):
    """A unique key or foreign key refused a write (another writer got there first)."""


class NameTaken(StoreError):
    """The class already has a student of this name (case and composition ignored)."""


class SeqTaken(StoreError):
    """A move's ``seq`` is not its table's count of moves: that index is taken (a
    replayed or stale move), or it would leave a gap."""


class AlreadyAnswered(StoreError):
    """The student already answered this question of this drill."""


class UnknownRow(StoreError):
    """No such class, student, table or drill, or a table that is finished."""


# ----------------------------------------------------------------------------- rows


@dataclass(frozen=True)
class ClassInfo:
    """A class: ``code`` (6 characters of :data:`ALPHABET`), ``title``, ``teacher``
    (the teacher's name), ``lang`` (``en``/``ru``/``uk``), ``created`` (UTC)."""

    id: int
    code: str
    title: str
    teacher: str
    lang: str
    created: datetime


@dataclass(frozen=True)
class Student:
    """A student of class ``class_id``: ``name`` as written (NFC), ``joined`` (UTC)."""

    id: int
    class_id: int
    name: str
    joined: datetime


@dataclass(frozen=True)
class TableInfo:
    """A table of class ``class_id``.

    Attributes:
        name: ``"T1"``, ``"T2"``…, numbered per class in the order opened.
        seats: clockwise, each ``{"student": student_id}`` or ``{"bot": level}``.
        doc: an INTERCHANGE document without ``moves``: ``format``, ``rules``,
            ``players`` (one name per seat), ``deal`` or ``start`` (and ``meta``).
        result: INTERCHANGE's ``result`` member once finished, else ``None``.
        created, finished: UTC; ``finished`` is ``None`` while the game goes on.
    """

    id: int
    class_id: int
    name: str
    seats: tuple[dict[str, Any], ...]
    doc: dict[str, Any]
    result: dict[str, Any] | None
    created: datetime
    finished: datetime | None


@dataclass(frozen=True)
class MoveRow:
    """Move number ``seq`` (0-based) of table ``table_id``: INTERCHANGE's JSON move."""

    table_id: int
    seq: int
    move: dict[str, Any]
    at: datetime


@dataclass(frozen=True)
class DrillSet:
    """A drill set: ``count`` questions of ``kind`` (:data:`durak_nb.lessons.drills.KINDS`)
    made from ``seed``, the same for every student of the class."""

    id: int
    class_id: int
    kind: str
    seed: int
    count: int
    created: datetime


@dataclass(frozen=True)
class Answer:
    """A student's answer to question ``question`` (0-based) of drill ``drill_id``."""

    drill_id: int
    student_id: int
    question: int
    answer: int
    right: bool
    at: datetime


@dataclass(frozen=True)
class Change:
    """One committed write, told to :meth:`Store.subscribe`'s callbacks.

    Attributes:
        kind: one of :data:`CHANGE_KINDS`: ``"move"`` (``seq`` is the move's index),
            ``"table"`` (opened; ``seq`` 0), ``"finished"`` (``seq`` the count of
            moves), ``"student"`` (joined), ``"drill"`` (set), ``"answer"``.
        class_id: the class written to.
        table_id: the table, for the table kinds, else ``None``.
        seq: as said for ``kind``, else ``None``.
        row: the id of the student (``"student"``), of the drill (``"drill"``,
            ``"answer"``), else ``None``.
        move: a ``"move"``'s INTERCHANGE JSON move when the change carries it (a
            notification from another process does: a listener plays it without reading
            the store), else ``None``.
        at: when that move was committed (seconds since the epoch), else ``None``.
    """

    kind: str
    class_id: int
    table_id: int | None
    seq: int | None
    row: int | None = None
    move: dict[str, Any] | None = None
    at: float | None = None


# ----------------------------------------------------------------------------- checks


def normalise_code(code: str) -> str:
    """A class code as typed, upper case, spaces and dashes dropped.

    >>> normalise_code(" abc-d2 3")
    'ABCD23'
    """
    return re.sub(r"[\s\-‐-―−]", "", str(code)).upper()


def name_key(name: str) -> str:
    """The key two names are compared by: NFC, case-folded (``Anna`` and ``ANNA`` are one).

    >>> name_key("Ёлка") == name_key("ёлка"), name_key("e\\u0301") == name_key("\\u00e9")
    (True, True)
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _words(text: object, what: str, limit: int) -> str:
    """``text`` NFC-normalised and stripped, refused unless it has 1 to ``limit``
    characters and no control or format character."""
    if not isinstance(text, str):
        raise StoreError(_("{what} must be text").format(what=what))
    got = unicodedata.normalize("NFC", text).strip()
    if not got or len(got) > limit:
        raise StoreError(
            ngettext(
                "{what} must have 1 to {limit} character", "{what} must have 1 to {limit} characters", limit
            ).format(what=what, limit=limit)
        )
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in got):
        raise StoreError(_("{what} must not hold control or invisible characters").format(what=what))
    return got


_KEY_CHARS = re.compile(r"[A-Za-z0-9_\-=+/.]{16,%d}" % MAX_KEY)  # noqa: UP031


def _hash(value: object, what: str) -> str:
    """A token's hash (or a key): 16 to :data:`MAX_KEY` letters, digits, ``-_=+/.``."""
    if not isinstance(value, str) or not re.fullmatch(_KEY_CHARS, value):
        raise StoreError(
            _("{what} must be 16 to {limit} letters, digits or -_=+/. characters").format(what=what, limit=MAX_KEY)
        )
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    """``value`` as a whole number (not a bool) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StoreError(_("{what} must be a whole number from {low} to {high}").format(what=what, low=low, high=high))
    return value


#: The words of :class:`UnknownRow` for a row that is not there, by the row's kind.
NO_ROW = {
    "class": N_("there is no class {id}"),
    "student": N_("there is no student {id}"),
    "table": N_("there is no table {id}"),
    "drill": N_("there is no drill {id}"),
}


def _row_id(value: object, kind: str) -> int:
    """A row id: a positive whole number (else :class:`UnknownRow` in the words of
    :data:`NO_ROW` ``[kind]``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1 or value > 2**31 - 1:
        raise UnknownRow(_(NO_ROW[kind]).format(id=repr(value)[:24]))
    return value


def _json(value: object, what: str, limit: int) -> str:
    """``value`` as compact JSON text, refused unless it is JSON data of at most
    ``limit`` bytes."""
    try:
        text = jsonio.encode(value, max_depth=64)
    except ValueError as exc:
        raise StoreError(_("{what} is not JSON data: {why}").format(what=what, why=exc)) from None
    size = len(text.encode("utf-8"))
    if size > limit:
        raise StoreError(
            ngettext(
                "{what} has {n} byte; the limit is {limit}", "{what} has {n} bytes; the limit is {limit}", size
            ).format(what=what, n=size, limit=limit)
        )
    return text


def _new_id(result: sa.CursorResult[Any]) -> int:
    """The id an insert gave its row."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _utc(at: datetime | None) -> datetime | None:
    """A datetime read back, in UTC (SQLite keeps none of its zone)."""
    if at is None:
        return None
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _now() -> datetime:
    return datetime.now(UTC)


def _why(exc: BaseException) -> str:
    """The first line of a driver's error, without SQLAlchemy's long tail."""
    orig = getattr(exc, "orig", None) or exc
    return str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__


# ----------------------------------------------------------------------------- the store


def _engine_url(url: str | os.PathLike[str]) -> tuple[URL, bool]:
    """The SQLAlchemy URL of ``url`` (a path, ``sqlite:///…``, ``postgresql://…``) and
    whether it is PostgreSQL."""
    try:
        text: object = os.fspath(url)
    except TypeError:
        text = None
    if not isinstance(text, str):
        raise StoreError(_("a store is a path or a database URL"))
    if "\0" in text:
        raise StoreError(_("a file name cannot hold a NUL character"))
    if re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*://", text):
        try:
            parsed = make_url(text)
        except (sa.exc.ArgumentError, ValueError):
            raise StoreError(_("{url} is not a database URL").format(url=repr(_masked(text)))) from None
        backend = parsed.get_backend_name()
        if backend == "postgresql":
            return parsed.set(drivername="postgresql+psycopg"), True
        if backend == "sqlite" and parsed.database and parsed.database != ":memory:":
            path = Path(parsed.database).expanduser().resolve()
            return parsed.set(drivername="sqlite+pysqlite", database=str(path)), False
        raise StoreError(
            _(
                "the store is an SQLite file (a path or sqlite:///PATH) or PostgreSQL (postgresql://…), not {url}"
            ).format(url=repr(_masked(text)))
        )
    if text.strip() in ("", ":memory:"):
        raise StoreError(_("an SQLite store is a file: give its path"))
    path = Path(text).expanduser().resolve()
    return URL.create("sqlite+pysqlite", database=str(path)), False


def _masked(text: str) -> str:
    """``text`` with any password in it as ``***``."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", text)


class Store:
    """The class server's database (docs/class-protocol.md, "Store").

    Args:
        url: an SQLite file (a path, made when missing, its folder must exist; or
            ``sqlite:///PATH``) or ``postgresql://USER:PASSWORD@HOST:PORT/DB`` (also
            ``?host=/socket/dir``; the driver is psycopg 3).  The tables are made when
            missing.

    Raises:
        StoreError: an URL of another kind, a database that cannot be opened, or one
            whose schema version is not :data:`SCHEMA`.

    Thread-safe: one Store may be used from several threads (a pool of connections).
    Callbacks of :meth:`subscribe` run in the writing thread or in the listening
    thread, never in an event loop: a server hands them on with
    ``loop.call_soon_threadsafe``.
    """

    def __init__(self, url: str | os.PathLike[str]) -> None:
        sa_url, self._postgres = _engine_url(url)
        self._sa_url = sa_url
        self._url = sa_url.render_as_string(hide_password=True)
        self._origin = uuid.uuid4().hex
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[Change], None]] = []
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._listener_pid: int | None = None
        #: seconds the listening thread first waits to reconnect (then doubling)
        self._reconnect_pause = 0.2
        self._closed = False
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = contextlib.nullcontext()
        if not self._postgres:
            with _FILE_LOCKS_LOCK:
                self._write_lock = _FILE_LOCKS.setdefault(str(sa_url.database), threading.Lock())
        self._engine = self._make_engine()
        try:
            self._create()
        except BaseException:
            self._engine.dispose()
            raise

    # ------------------------------------------------------------------ set-up

    def _make_engine(self) -> Engine:
        if self._postgres:
            try:
                import psycopg  # noqa: F401
            except ImportError:
                raise StoreError(_("PostgreSQL needs psycopg 3: pip install 'durak-nb[postgres]'")) from None
            return sa.create_engine(self._sa_url, pool_pre_ping=True, pool_size=8, max_overflow=8)
        folder = Path(str(self._sa_url.database)).parent
        if not folder.is_dir():
            raise StoreError(_("cannot open the store {url}: its folder does not exist").format(url=self._url))
        engine = sa.create_engine(
            self._sa_url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
        )

        @sa.event.listens_for(engine, "connect")
        def _on_connect(dbapi: Any, record: Any) -> None:
            dbapi.isolation_level = None  # the store says BEGIN itself (below)
            cur = dbapi.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cur.close()

        @sa.event.listens_for(engine, "begin")
        def _on_begin(conn: Connection) -> None:
            # a write takes the lock first: no reader's snapshot is ever upgraded stale
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("durak_write") else "BEGIN")

        return engine

    def _create(self) -> None:
        with self._write() as conn:
            if self._postgres:  # two processes starting at once make the tables once
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7242311)"))
            metadata.create_all(conn)
            got = conn.execute(sa.select(settings_t.c.value).where(settings_t.c.key == "schema")).scalar()
            if got is None:
                conn.execute(settings_t.insert().values(key="schema", value=SCHEMA))
            elif got != SCHEMA:
                raise StoreError(
                    _("the store {url} has schema version {got}; this durak-nb reads version {want}").format(
                        url=self._url, got=got, want=SCHEMA
                    )
                )

    @property
    def url(self) -> str:
        """The database's URL, its password (if any) shown as ``***``."""
        return self._url

    @property
    def postgres(self) -> bool:
        """Whether the database is PostgreSQL (else SQLite)."""
        return self._postgres

    def __repr__(self) -> str:
        return f"Store({self._url!r})"

    __str__ = __repr__

    def close(self) -> None:
        """Stop the listening thread and close every connection (idempotent)."""
        self._closed = True
        self._stop.set()
        listener = self._listener
        if listener is not None:
            listener.join(timeout=10)
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction, committed on leaving (a driver's error as StoreError)."""
        if self._closed:
            raise StoreError(_("the store {url} is closed").format(url=self._url))
        try:
            with (
                self._write_lock,
                self._engine.connect().execution_options(durak_write=True) as conn,
                conn.begin(),
            ):
                yield conn
        except StoreError:
            raise
        except sa.exc.IntegrityError as exc:  # a caller that expects it says which row
            raise _Conflict(_("cannot write the store {url}: {why}").format(url=self._url, why=_why(exc))) from None
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(_("cannot write the store {url}: {why}").format(url=self._url, why=_why(exc))) from None

    @contextlib.contextmanager
    def _read(self) -> Iterator[Connection]:
        """One read transaction (a consistent snapshot)."""
        if self._closed:
            raise StoreError(_("the store {url} is closed").format(url=self._url))
        try:
            with self._engine.connect() as conn, conn.begin():
                yield conn
        except StoreError:
            raise
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(_("cannot read the store {url}: {why}").format(url=self._url, why=_why(exc))) from None

    def _notify(self, conn: Connection, change: Change) -> None:
        """On PostgreSQL, ``NOTIFY`` the change in the writing transaction (sent on commit)."""
        if self._postgres:
            payload = json.dumps(
                {
                    "o": self._origin,
                    "k": change.kind,
                    "c": change.class_id,
                    "t": change.table_id,
                    "s": change.seq,
                    "r": change.row,
                    "m": change.move,
                    "a": change.at,
                },
                separators=(",", ":"),
            )
            conn.execute(sa.text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def _tell(self, change: Change) -> None:
        """Hand ``change`` to every callback (a callback's error is logged, not raised)."""
        with self._lock:
            callbacks = list(self._callbacks)
        for callback in callbacks:
            try:
                callback(change)
            except Exception:  # one bad subscriber stops no write and no other subscriber
                log.exception(_("a subscriber of the class store failed on {change}").format(change=change.kind))

    # ------------------------------------------------------------------ settings

    def teacher_key(self) -> str:
        """The teacher key (needed to make a class): made on the first call
        (``secrets.token_urlsafe(24)``), kept in ``settings`` ever after."""
        with self._read() as conn:
            got = conn.execute(sa.select(settings_t.c.value).where(settings_t.c.key == "teacher_key")).scalar()
        if got is not None:
            return str(got)
        try:
            with self._write() as conn:
                got = conn.execute(sa.select(settings_t.c.value).where(settings_t.c.key == "teacher_key")).scalar()
                if got is None:
                    got = secrets.token_urlsafe(24)
                    conn.execute(settings_t.insert().values(key="teacher_key", value=got))
        except _Conflict:  # another process made it at the same moment: theirs is the key
            with self._read() as conn:
                got = conn.execute(sa.select(settings_t.c.value).where(settings_t.c.key == "teacher_key")).scalar()
        return str(got)

    def set_teacher_key(self, key: str) -> None:
        """Replace the teacher key (``durak-nb class serve --teacher-key``).

        Raises:
            StoreError: a key that is not 16 to :data:`MAX_KEY` letters, digits or ``-_=+/.``.
        """
        key = _hash(key, _("the teacher key"))
        for last in (False, True):
            try:
                with self._write() as conn:
                    done = conn.execute(settings_t.update().where(settings_t.c.key == "teacher_key").values(value=key))
                    if done.rowcount == 0:
                        conn.execute(settings_t.insert().values(key="teacher_key", value=key))
                return
            except _Conflict:  # another process inserted a key between: update it
                if last:
                    raise

    # ------------------------------------------------------------------ classes

    def create_class(self, title: str, teacher: str, lang: str, token_hash: str) -> ClassInfo:
        """Make a class with a fresh unique code (6 characters of :data:`ALPHABET`).

        Args:
            title: 1 to :data:`MAX_TITLE` characters; teacher: the teacher's name, 1 to
                :data:`MAX_TEACHER`; lang: ``en``, ``ru`` or ``uk``; token_hash: the
                SHA-256 of the teacher's token (16 to :data:`MAX_KEY` characters).

        Raises:
            StoreError: an input out of its bounds, a token hash already in use, more
                than :data:`MAX_CLASSES` classes, or the database cannot be written.
        """
        title = _words(title, _("a class's title"), MAX_TITLE)
        teacher = _words(teacher, _("the teacher's name"), MAX_TEACHER)
        if lang not in ("en", "ru", "uk"):
            raise StoreError(_("a class's language is en, ru or uk, not {lang}").format(lang=repr(lang)))
        token_hash = _hash(token_hash, _("a token's hash"))
        now = _now()
        for _try in range(_CODE_TRIES):
            code = "".join(secrets.choice(ALPHABET) for _i in range(CODE_LENGTH))
            try:
                with self._write() as conn:
                    n = conn.execute(sa.select(sa.func.count()).select_from(classes_t)).scalar_one()
                    if n >= MAX_CLASSES:
                        raise StoreError(
                            ngettext(
                                "the store holds {limit} class, its limit",
                                "the store holds {limit} classes, its limit",
                                MAX_CLASSES,
                            ).format(limit=MAX_CLASSES)
                        )
                    if conn.execute(sa.select(classes_t.c.id).where(classes_t.c.token_hash == token_hash)).first():
                        raise StoreError(_("this token is already in use"))
                    if conn.execute(sa.select(classes_t.c.id).where(classes_t.c.code == code)).first():
                        continue
                    new_id = _new_id(
                        conn.execute(
                            classes_t.insert().values(
                                code=code, title=title, teacher=teacher, lang=lang, token_hash=token_hash, created=now
                            )
                        )
                    )
            except _Conflict:
                continue  # another writer took the code (or the token) at the same moment
            return ClassInfo(int(new_id), code, title, teacher, lang, now)
        raise StoreError(_("no free class code was found; try again"))

    @staticmethod
    def _class(row: Any) -> ClassInfo:
        return ClassInfo(int(row.id), row.code, row.title, row.teacher, row.lang, _utc(row.created) or _now())

    def class_by_code(self, code: str) -> ClassInfo | None:
        """The class of ``code`` as typed (case, spaces and dashes ignored), or ``None``."""
        code = normalise_code(code) if isinstance(code, str) else ""
        if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(classes_t).where(classes_t.c.code == code)).first()
        return None if row is None else self._class(row)

    def class_by_teacher_token(self, token_hash: str) -> ClassInfo | None:
        """The class whose teacher's token has this SHA-256, or ``None``."""
        if not isinstance(token_hash, str) or len(token_hash) > MAX_KEY:
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(classes_t).where(classes_t.c.token_hash == token_hash)).first()
        return None if row is None else self._class(row)

    def class_by_id(self, class_id: int) -> ClassInfo | None:
        """The class of this id, or ``None``."""
        if not isinstance(class_id, int) or isinstance(class_id, bool):
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(classes_t).where(classes_t.c.id == class_id)).first()
        return None if row is None else self._class(row)

    # ------------------------------------------------------------------ students

    def add_student(self, class_id: int, name: str, token_hash: str) -> Student:
        """A student joins class ``class_id`` under ``name``.

        Args:
            name: 1 to :data:`MAX_NAME` characters (NFC, outer white space dropped), no
                control or invisible character; token_hash: the SHA-256 of the
                student's token.

        Raises:
            NameTaken: the class has a student of this name (case-insensitive, NFC).
            UnknownRow: no such class.
            StoreError: a name or hash out of its bounds, a hash in use, more than
                :data:`MAX_STUDENTS` students, or the database cannot be written.
        """
        class_id = _row_id(class_id, "class")
        name = _words(name, _("a student's name"), MAX_NAME)
        token_hash = _hash(token_hash, _("a token's hash"))
        key = name_key(name)
        now = _now()
        try:
            with self._write() as conn:
                if (
                    conn.execute(sa.select(classes_t.c.id).where(classes_t.c.id == class_id).with_for_update()).first()
                    is None
                ):
                    raise UnknownRow(_(NO_ROW["class"]).format(id=class_id))
                if conn.execute(
                    sa.select(students_t.c.id).where(students_t.c.class_id == class_id, students_t.c.name_key == key)
                ).first():
                    raise NameTaken(_("the class already has a student called {name}").format(name=name))
                if conn.execute(sa.select(students_t.c.id).where(students_t.c.token_hash == token_hash)).first():
                    raise StoreError(_("this token is already in use"))
                n = conn.execute(
                    sa.select(sa.func.count()).select_from(students_t).where(students_t.c.class_id == class_id)
                ).scalar_one()
                if n >= MAX_STUDENTS:
                    raise StoreError(
                        ngettext(
                            "the class has {limit} student, its limit",
                            "the class has {limit} students, its limit",
                            MAX_STUDENTS,
                        ).format(limit=MAX_STUDENTS)
                    )
                new_id = _new_id(
                    conn.execute(
                        students_t.insert().values(
                            class_id=class_id, name=name, name_key=key, token_hash=token_hash, joined=now
                        )
                    )
                )
                change = Change("student", class_id, None, None, new_id)
                self._notify(conn, change)
        except _Conflict:
            raise NameTaken(_("the class already has a student called {name}").format(name=name)) from None
        self._tell(change)
        return Student(new_id, class_id, name, now)

    @staticmethod
    def _student(row: Any) -> Student:
        return Student(int(row.id), int(row.class_id), row.name, _utc(row.joined) or _now())

    def student_by_token(self, token_hash: str) -> Student | None:
        """The student whose token has this SHA-256, or ``None``."""
        if not isinstance(token_hash, str) or len(token_hash) > MAX_KEY:
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(students_t).where(students_t.c.token_hash == token_hash)).first()
        return None if row is None else self._student(row)

    def students(self, class_id: int) -> list[Student]:
        """The students of class ``class_id`` in the order they joined (none for an
        unknown class)."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(students_t).where(students_t.c.class_id == class_id).order_by(students_t.c.id)
            ).all()
        return [self._student(r) for r in rows]

    # ------------------------------------------------------------------ tables

    def _check_seats(self, conn: Connection, class_id: int, seats: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for seat in seats:
            if not isinstance(seat, Mapping) or len(seat) != 1 or next(iter(seat)) not in ("student", "bot"):
                raise StoreError(_('a seat is {"student": ID} or {"bot": LEVEL}'))
            if "student" in seat:
                sid = seat["student"]
                if not isinstance(sid, int) or isinstance(sid, bool):
                    raise StoreError(_('a seat is {"student": ID} or {"bot": LEVEL}'))
                row = conn.execute(sa.select(students_t.c.class_id).where(students_t.c.id == sid)).first()
                if row is None or int(row.class_id) != class_id:
                    raise UnknownRow(_("there is no student {id} in this class").format(id=sid))
                if any(o.get("student") == sid for o in out):
                    raise StoreError(_("a student has one seat at a table"))
                out.append({"student": sid})
            else:
                level = seat["bot"]
                if isinstance(level, str):
                    level = _words(level, _("a bot's level"), MAX_BOT)
                elif not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 1_000_000:
                    raise StoreError(_("a bot's level is a word or a whole number from 0 to 1000000"))
                out.append({"bot": level})
        return out

    @staticmethod
    def _check_doc(doc: object, seats: int) -> str:
        """The document as JSON text, refused unless the record layer reads it (with no
        moves) and it has one player per seat."""
        from ..record import Recording, RecordingError
        from ..rules import RulesError

        if not isinstance(doc, Mapping) or "moves" in doc:
            raise StoreError(_("a table's document is an INTERCHANGE document without moves"))
        text = _json(dict(doc), _("a table's document"), MAX_DOC_BYTES)
        try:
            rec = Recording.from_json({**doc, "moves": []})
        except (RecordingError, RulesError) as exc:
            raise StoreError(_("a table's document is refused: {why}").format(why=exc.message)) from None
        if len(rec.players) != seats:
            raise StoreError(
                ngettext(
                    "a table's document names {n} player for {seats} seats",
                    "a table's document names {n} players for {seats} seats",
                    len(rec.players),
                ).format(n=len(rec.players), seats=seats)
            )
        return text

    def open_table(self, class_id: int, seats: Sequence[dict[str, Any]], doc: dict[str, Any]) -> TableInfo:
        """Open the next table of class ``class_id`` (``T1``, ``T2``…).

        Args:
            seats: :data:`MIN_SEATS` to :data:`MAX_SEATS`, clockwise, each
                ``{"student": student_id}`` (a student of the class, once per table) or
                ``{"bot": level}`` (a word or a whole number).
            doc: an INTERCHANGE document without ``moves`` (``format``, ``rules``,
                ``players``, ``deal`` or ``start``, optional ``meta``) that the record
                layer reads, one player per seat, at most :data:`MAX_DOC_BYTES`.

        Raises:
            UnknownRow: no such class, or a seat's student is not of the class.
            StoreError: seats or document out of form or bound (the record layer's
                words for a document it refuses), more than :data:`MAX_TABLES` tables.
        """
        class_id = _row_id(class_id, "class")
        given: object = seats  # checked as what a client may send
        if not isinstance(given, Sequence) or isinstance(given, str | bytes):
            raise StoreError(_("a table's seats must be a list"))
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise StoreError(
                ngettext("a table has {low} to {high} seat", "a table has {low} to {high} seats", MAX_SEATS).format(
                    low=MIN_SEATS, high=MAX_SEATS
                )
            )
        doc_text = self._check_doc(doc, len(seats))
        now = _now()
        with self._write() as conn:
            if (
                conn.execute(sa.select(classes_t.c.id).where(classes_t.c.id == class_id).with_for_update()).first()
                is None
            ):
                raise UnknownRow(_(NO_ROW["class"]).format(id=class_id))
            clean = self._check_seats(conn, class_id, seats)
            top = conn.execute(
                sa.select(sa.func.count(), sa.func.max(tables_t.c.number)).where(tables_t.c.class_id == class_id)
            ).one()
            if int(top[0]) >= MAX_TABLES:
                raise StoreError(
                    ngettext(
                        "the class has {limit} table, its limit", "the class has {limit} tables, its limit", MAX_TABLES
                    ).format(limit=MAX_TABLES)
                )
            number = int(top[1] or 0) + 1
            seats_text = _json(clean, _("a table's seats"), MAX_DOC_BYTES)
            new_id = _new_id(
                conn.execute(
                    tables_t.insert().values(
                        class_id=class_id, number=number, seats=seats_text, doc=doc_text, created=now
                    )
                )
            )
            change = Change("table", class_id, new_id, 0)
            self._notify(conn, change)
        self._tell(change)
        return TableInfo(new_id, class_id, f"T{number}", tuple(clean), json.loads(doc_text), None, now, None)

    @staticmethod
    def _table(row: Any) -> TableInfo:
        return TableInfo(
            int(row.id),
            int(row.class_id),
            f"T{row.number}",
            tuple(json.loads(row.seats)),
            json.loads(row.doc),
            None if row.result is None else json.loads(row.result),
            _utc(row.created) or _now(),
            _utc(row.finished),
        )

    def tables(self, class_id: int, *, open_only: bool = False) -> list[TableInfo]:
        """The tables of class ``class_id`` in the order opened; with ``open_only``,
        those not finished."""
        query = sa.select(tables_t).where(tables_t.c.class_id == class_id)
        if open_only:
            query = query.where(tables_t.c.finished.is_(None))
        with self._read() as conn:
            rows = conn.execute(query.order_by(tables_t.c.number)).all()
        return [self._table(r) for r in rows]

    def open_tables(self) -> list[TableInfo]:
        """Every table of every class not yet finished, in the order opened (by id): the
        tables a server rebuilds when it starts."""
        query = sa.select(tables_t).where(tables_t.c.finished.is_(None)).order_by(tables_t.c.id)
        with self._read() as conn:
            rows = conn.execute(query).all()
        return [self._table(r) for r in rows]

    def table(self, table_id: int) -> TableInfo | None:
        """The table of this id, or ``None``."""
        if not isinstance(table_id, int) or isinstance(table_id, bool):
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
        return None if row is None else self._table(row)

    def moves(self, table_id: int, since: int = 0) -> list[MoveRow]:
        """The moves of table ``table_id`` with ``seq >= since``, in order.

        Raises:
            UnknownRow: no such table.
        """
        table_id = _row_id(table_id, "table")
        since = _whole(since, "since", 0, MAX_MOVES)
        with self._read() as conn:
            rows = conn.execute(
                sa.select(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.seq >= since).order_by(moves_t.c.seq)
            ).all()
            if not rows and conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id)).first() is None:
                raise UnknownRow(_(NO_ROW["table"]).format(id=table_id))
        return [MoveRow(int(r.table_id), int(r.seq), json.loads(r.move), _utc(r.at) or _now()) for r in rows]

    def count(self, table_id: int) -> int:
        """The number of moves committed at table ``table_id`` (the next move's ``seq``).

        Raises:
            UnknownRow: no such table.
        """
        table_id = _row_id(table_id, "table")
        with self._read() as conn:
            if conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id)).first() is None:
                raise UnknownRow(_(NO_ROW["table"]).format(id=table_id))
            return int(self._count(conn, table_id))

    @staticmethod
    def _count(conn: Connection, table_id: int) -> int:
        return int(
            conn.execute(
                sa.select(sa.func.count()).select_from(moves_t).where(moves_t.c.table_id == table_id)
            ).scalar_one()
        )

    @staticmethod
    def _locked_table(conn: Connection, table_id: int, *columns: sa.ColumnElement[Any]) -> Any:
        """The row of table ``table_id`` with ``class_id``, ``number`` and ``columns``,
        locked for this transaction (``FOR UPDATE`` on PostgreSQL; SQLite's write
        transaction holds the whole file).

        Raises:
            UnknownRow: no such table.
        """
        row = conn.execute(
            sa.select(tables_t.c.class_id, tables_t.c.number, *columns)
            .where(tables_t.c.id == table_id)
            .with_for_update()
        ).first()
        if row is None:
            raise UnknownRow(_(NO_ROW["table"]).format(id=table_id))
        return row

    def append_move(self, table_id: int, seq: int, move: dict[str, Any]) -> MoveRow:
        """Commit move ``seq`` of table ``table_id``; durable when this returns (one
        :meth:`append_moves` of one move).

        Args:
            seq: the index the move takes: the table's count of moves.
            move: INTERCHANGE's JSON move (an object with ``player`` and ``action``), at
                most :data:`MAX_MOVE_BYTES`; the server has refereed it (the store does
                not replay games).

        Raises:
            SeqTaken: ``seq`` is not the count (a move is at that index already, or it
                would leave a gap); nothing is written.
            UnknownRow: no such table, or the table is finished.
            StoreError: a move out of form or bound, more than :data:`MAX_MOVES` moves,
                or the database cannot be written.
        """
        got = self.append_moves([(table_id, seq, move, None)])[0]
        if isinstance(got, StoreError):
            raise got
        return got

    def append_moves(
        self, batch: Sequence[tuple[int, int, dict[str, Any], dict[str, Any] | None]]
    ) -> list[MoveRow | StoreError]:
        """Commit several tables' moves in one transaction (group commit: one disk sync
        for all of them); each durable when this returns.

        Args:
            batch: ``(table_id, seq, move, result)`` each: as :meth:`append_move`'s
                arguments, and ``result`` INTERCHANGE's ``result`` member when the move
                ends the game (the table is finished in the same transaction, as
                :meth:`finish_table`), else ``None``.  Two moves of one table follow
                each other in the batch's order.

        Returns:
            One entry per move, in the batch's order: its :class:`MoveRow`, or the
            :class:`StoreError` that refused it (:class:`SeqTaken`,
            :class:`UnknownRow`, a bound) while the others were written.  Tables are
            locked in the order of their ids (two processes' batches never deadlock).

        Raises:
            StoreError: the database cannot be written (then no move of the batch is).
        """
        now = _now()
        out: list[MoveRow | StoreError | None] = [None] * len(batch)
        todo: list[tuple[int, int, int, str, str | None]] = []
        for i, (table_id, seq, move, result) in enumerate(batch):
            try:
                table_id = _row_id(table_id, "table")
                seq = _whole(seq, "seq", 0, MAX_MOVES - 1)
                if (
                    not isinstance(move, Mapping)
                    or not isinstance(move.get("player"), str)
                    or not isinstance(move.get("action"), str)
                ):
                    raise StoreError(_("a move is an INTERCHANGE move object with player and action"))
                text = _json(dict(move), _("a move"), MAX_MOVE_BYTES)
                if result is not None and not isinstance(result, Mapping):
                    raise StoreError(_("a table's result is a JSON object"))
                result_text = None if result is None else _json(dict(result), _("a table's result"), MAX_RESULT_BYTES)
            except StoreError as exc:
                out[i] = exc
                continue
            todo.append((i, table_id, seq, text, result_text))
        todo.sort(key=lambda item: item[1])  # sorted() keeps a table's moves in order
        changes: list[Change] = []
        try:
            changes = self._append_all(todo, out, now)
        except _Conflict:
            # another writer committed an index between a count and its insert (the table's
            # lock makes that all but impossible): each move again, in its own transaction
            for item in todo:
                try:
                    changes.extend(self._append_all([item], out, now))
                except _Conflict:
                    i, table_id, seq = item[:3]
                    out[i] = SeqTaken(
                        _("move {seq} of table {id} is taken: another move was committed first").format(
                            seq=seq, id=table_id
                        )
                    )
        for change in changes:
            self._tell(change)
        return [got for got in out if got is not None]

    def _append_all(
        self,
        todo: Sequence[tuple[int, int, int, str, str | None]],
        out: list[MoveRow | StoreError | None],
        now: datetime,
    ) -> list[Change]:
        """Write the checked moves ``todo`` (``(index, table_id, seq, text, result_text)``)
        in one transaction, each one's row or refusal put in ``out[index]``; the changes
        to tell.  A refusal is found before its move writes anything, so no other move
        is undone by it.

        Raises:
            _Conflict: a key refused an insert (then nothing of ``todo`` is written).
        """
        changes: list[Change] = []
        if not todo:
            return changes
        written: list[tuple[int, MoveRow]] = []
        with self._write() as conn:
            for i, table_id, seq, text, result_text in todo:
                try:
                    changes.extend(self._append(conn, table_id, seq, text, result_text, now))
                except StoreError as exc:
                    out[i] = exc
                    continue
                written.append((i, MoveRow(table_id, seq, json.loads(text), now)))
        for i, row in written:
            out[i] = row
        return changes

    def _append(
        self, conn: Connection, table_id: int, seq: int, text: str, result_text: str | None, now: datetime
    ) -> list[Change]:
        """Write one checked move (and the table's end) in ``conn``'s transaction; the
        changes to tell once it commits."""
        counted = (
            sa.select(sa.func.count()).select_from(moves_t).where(moves_t.c.table_id == table_id).scalar_subquery()
        )
        row = self._locked_table(conn, table_id, tables_t.c.finished, counted.label("have"))
        if row.finished is not None:
            raise UnknownRow(_("table T{n} is finished: it takes no more moves").format(n=row.number))
        have = int(row.have)
        if seq != have:
            raise SeqTaken(
                ngettext(
                    "move {seq} of table T{n} does not follow: the table has {count} move",
                    "move {seq} of table T{n} does not follow: the table has {count} moves",
                    have,
                ).format(seq=seq, n=row.number, count=have)
            )
        conn.execute(moves_t.insert().values(table_id=table_id, seq=seq, move=text, at=now))
        told = [Change("move", int(row.class_id), table_id, seq, None, json.loads(text), now.timestamp())]
        if result_text is not None:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(result=result_text, finished=now))
            told.append(Change("finished", int(row.class_id), table_id, seq + 1))
        for change in told:
            self._notify(conn, change)
        return told

    def finish_table(self, table_id: int, result: dict[str, Any]) -> None:
        """Mark table ``table_id`` finished with INTERCHANGE's ``result`` member; the same
        result again does nothing.

        Raises:
            UnknownRow: no such table.
            StoreError: a result that is not a JSON object of at most
                :data:`MAX_RESULT_BYTES`, or the table finished with another result.
        """
        table_id = _row_id(table_id, "table")
        if not isinstance(result, Mapping):
            raise StoreError(_("a table's result is a JSON object"))
        text = _json(dict(result), _("a table's result"), MAX_RESULT_BYTES)
        with self._write() as conn:
            row = self._locked_table(conn, table_id, tables_t.c.result)
            if row.result is not None:
                if json.loads(row.result) == json.loads(text):
                    return
                raise StoreError(_("table T{n} is finished already, with another result").format(n=row.number))
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(result=text, finished=_now()))
            change = Change("finished", int(row.class_id), table_id, self._count(conn, table_id))
            self._notify(conn, change)
        self._tell(change)

    # ------------------------------------------------------------------ drills

    def set_drill(self, class_id: int, kind: str, seed: int, count: int) -> DrillSet:
        """Set a drill for class ``class_id``: ``count`` questions (1 to
        :data:`MAX_DRILL_COUNT`) of ``kind`` (:data:`durak_nb.lessons.drills.KINDS`)
        from ``seed`` (``abs(seed) <= MAX_SEED``).

        Raises:
            UnknownRow: no such class.
            StoreError: an unknown kind, a seed or count out of bounds, more than
                :data:`MAX_DRILLS` drills in the class.
        """
        from ..lessons.drills import KINDS

        class_id = _row_id(class_id, "class")
        if kind not in KINDS:
            raise StoreError(_("there is no drill kind {kind}").format(kind=repr(kind)[: MAX_KIND + 2]))
        seed = _whole(seed, _("a drill's seed"), -MAX_SEED, MAX_SEED)
        count = _whole(count, _("a drill's count of questions"), 1, MAX_DRILL_COUNT)
        now = _now()
        with self._write() as conn:
            if (
                conn.execute(sa.select(classes_t.c.id).where(classes_t.c.id == class_id).with_for_update()).first()
                is None
            ):
                raise UnknownRow(_(NO_ROW["class"]).format(id=class_id))
            n = conn.execute(
                sa.select(sa.func.count()).select_from(drills_t).where(drills_t.c.class_id == class_id)
            ).scalar_one()
            if n >= MAX_DRILLS:
                raise StoreError(
                    ngettext(
                        "the class has {limit} drill, its limit", "the class has {limit} drills, its limit", MAX_DRILLS
                    ).format(limit=MAX_DRILLS)
                )
            new_id = _new_id(
                conn.execute(
                    drills_t.insert().values(class_id=class_id, kind=kind, seed=seed, count=count, created=now)
                )
            )
            change = Change("drill", class_id, None, None, new_id)
            self._notify(conn, change)
        self._tell(change)
        return DrillSet(new_id, class_id, kind, seed, count, now)

    def drills(self, class_id: int) -> list[DrillSet]:
        """The drills of class ``class_id`` in the order set."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(drills_t).where(drills_t.c.class_id == class_id).order_by(drills_t.c.id)
            ).all()
        return [
            DrillSet(
                int(r.id), int(r.class_id), r.kind, int(r.seed), int(r._mapping["count"]), _utc(r.created) or _now()
            )
            for r in rows
        ]

    def record_answer(self, drill_id: int, student_id: int, question: int, answer: int, right: bool) -> Answer:
        """Keep a student's answer to question ``question`` (0-based) of drill ``drill_id``.

        Raises:
            AlreadyAnswered: the student answered this question before (the first
                answer stays).
            UnknownRow: no such drill, or no such student in the drill's class.
            StoreError: a question outside the drill, an answer out of bounds
                (``abs(answer) <= MAX_ANSWER``), ``right`` not a bool.
        """
        drill_id = _row_id(drill_id, "drill")
        student_id = _row_id(student_id, "student")
        answer = _whole(answer, _("an answer"), -MAX_ANSWER, MAX_ANSWER)
        if not isinstance(right, bool):
            raise StoreError(_("whether an answer is right is true or false"))
        now = _now()
        try:
            with self._write() as conn:
                drill = conn.execute(
                    sa.select(drills_t.c.class_id, drills_t.c.count.label("n")).where(drills_t.c.id == drill_id)
                ).first()
                if drill is None:
                    raise UnknownRow(_(NO_ROW["drill"]).format(id=drill_id))
                question = _whole(question, _("a question's number"), 0, int(drill.n) - 1)
                who = conn.execute(sa.select(students_t.c.class_id).where(students_t.c.id == student_id)).first()
                if who is None or int(who.class_id) != int(drill.class_id):
                    raise UnknownRow(_("there is no student {id} in this class").format(id=student_id))
                if conn.execute(
                    sa.select(answers_t.c.drill_id).where(
                        answers_t.c.drill_id == drill_id,
                        answers_t.c.student_id == student_id,
                        answers_t.c.question == question,
                    )
                ).first():
                    raise AlreadyAnswered(_("question {n} of this drill is answered already").format(n=question + 1))
                conn.execute(
                    answers_t.insert().values(
                        drill_id=drill_id, student_id=student_id, question=question, answer=answer, right=right, at=now
                    )
                )
                change = Change("answer", int(drill.class_id), None, None, drill_id)
                self._notify(conn, change)
        except _Conflict:
            raise AlreadyAnswered(_("question {n} of this drill is answered already").format(n=question + 1)) from None
        self._tell(change)
        return Answer(drill_id, student_id, question, answer, right, now)

    def answers(self, class_id: int) -> list[Answer]:
        """Every answer of class ``class_id``, by drill, student, question."""
        query = (
            sa.select(answers_t)
            .join(drills_t, drills_t.c.id == answers_t.c.drill_id)
            .where(drills_t.c.class_id == class_id)
            .order_by(answers_t.c.drill_id, answers_t.c.student_id, answers_t.c.question)
        )
        with self._read() as conn:
            rows = conn.execute(query).all()
        return [
            Answer(
                int(r.drill_id), int(r.student_id), int(r.question), int(r.answer), bool(r.right), _utc(r.at) or _now()
            )
            for r in rows
        ]

    # ------------------------------------------------------------------ changes

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every committed write: this Store's own at
        once (in the writing thread); on PostgreSQL also every other Store's and
        process's, from the listening thread (started by the first subscription).

        Returns:
            A function that ends the subscription (idempotent).

        When the listening connection is lost, the thread reconnects and then tells
        again what may have been said meanwhile (:meth:`_catch_up`: the last move of
        every open table, every row written since shortly before the loss), so a
        change may come twice but none is missed; a server reloads a table's moves
        past its cached count anyway before it checks a move (docs/class-protocol.md,
        "Store").
        """
        with self._lock:
            self._callbacks.append(callback)
            if self._postgres and self._listener is None and not self._closed:
                self._listener = threading.Thread(
                    target=self._listen, name="durak-nb class store listener", daemon=True
                )
                self._listener.start()

        def unsubscribe() -> None:
            with self._lock, contextlib.suppress(ValueError):
                self._callbacks.remove(callback)

        return unsubscribe

    def wait_listening(self, timeout: float = 10.0) -> bool:
        """Whether the PostgreSQL listening thread is listening (waiting up to
        ``timeout`` seconds); always ``True`` on SQLite."""
        return True if not self._postgres else self._listening.wait(timeout)

    def _listen(self) -> None:
        """The listening thread: ``LISTEN`` on :data:`CHANNEL` over its own connection,
        reconnecting (after :attr:`_reconnect_pause` s, doubling to
        :data:`_RECONNECT_MAX`) when it is lost, then catching up (:meth:`_catch_up`)."""
        import psycopg

        conninfo = self._sa_url.set(drivername="postgresql").render_as_string(hide_password=False)
        pause: float | None = None  # seconds of the last wait to reconnect
        lost: datetime | None = None
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listener_pid = conn.info.backend_pid
                    if lost is not None:  # listening again: what was said meanwhile, once more
                        self._catch_up(lost)
                        lost = None
                    self._listening.set()
                    pause = None
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._heard(note.payload)
            except (psycopg.Error, StoreError) as exc:
                self._listening.clear()
                if lost is None:
                    lost = _now()
                if self._stop.is_set():
                    break
                log.warning(
                    _("the class store's listening connection was lost ({why}); reconnecting").format(why=_why(exc))
                )
                pause = self._reconnect_pause if pause is None else min(pause * 2, _RECONNECT_MAX)
                self._stop.wait(pause)
        self._listening.clear()

    def _catch_up(self, lost: datetime) -> None:
        """Tell the callbacks, after a lost listening connection, what may have been
        said while it was away (at least once: a change may come twice): a ``"move"``
        with the last ``seq`` of every open table, and every table, finish, student,
        drill and answer written since :data:`_CATCH_UP_MARGIN` seconds before the loss
        (the margin covers clocks of other processes that differ a little)."""
        since = lost - timedelta(seconds=_CATCH_UP_MARGIN)
        counts = sa.select(moves_t.c.table_id, sa.func.count().label("n")).group_by(moves_t.c.table_id).subquery()
        told: list[Change] = []
        with self._read() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id, tables_t.c.class_id, tables_t.c.created, tables_t.c.finished, counts.c.n)
                .outerjoin(counts, counts.c.table_id == tables_t.c.id)
                .where(sa.or_(tables_t.c.finished.is_(None), tables_t.c.finished >= since))
                .order_by(tables_t.c.id)
            ).all()
            for r in rows:
                n = int(r.n or 0)
                if (_utc(r.created) or since) >= since:
                    told.append(Change("table", int(r.class_id), int(r.id), 0))
                if n:
                    told.append(Change("move", int(r.class_id), int(r.id), n - 1))
                if r.finished is not None:
                    told.append(Change("finished", int(r.class_id), int(r.id), n))
            for sid, cid in conn.execute(
                sa.select(students_t.c.id, students_t.c.class_id).where(students_t.c.joined >= since)
            ).all():
                told.append(Change("student", int(cid), None, None, int(sid)))
            for did, cid in conn.execute(
                sa.select(drills_t.c.id, drills_t.c.class_id).where(drills_t.c.created >= since)
            ).all():
                told.append(Change("drill", int(cid), None, None, int(did)))
            for did, cid in conn.execute(
                sa.select(answers_t.c.drill_id, drills_t.c.class_id)
                .join(drills_t, drills_t.c.id == answers_t.c.drill_id)
                .where(answers_t.c.at >= since)
                .distinct()
            ).all():
                told.append(Change("answer", int(cid), None, None, int(did)))
        for change in told:
            self._tell(change)

    def _heard(self, payload: str) -> None:
        """A notification from another Store: told to the callbacks (this Store's own
        writes were told at their commit)."""
        try:
            got = json.loads(payload)
            if got.get("o") == self._origin or got.get("k") not in CHANGE_KINDS:
                return
            move, at = got.get("m"), got.get("a")
            if not isinstance(move, dict) or not isinstance(at, (int, float)):
                move, at = None, None
            change = Change(str(got["k"]), int(got["c"]), got.get("t"), got.get("s"), got.get("r"), move, at)
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning(
                _("the class store ignored a notification it cannot read: {text}").format(text=repr(payload)[:80])
            )
            return
        self._tell(change)
