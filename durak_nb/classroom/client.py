"""The class server's client (``durak-nb-class/1``, docs/class-protocol.md) for notebooks.

:class:`ClassClient` speaks the protocol to a class server over one WebSocket: it says
``hello`` when the socket opens, sends the requests of a student (``join``, ``resume``,
``move``, ``answer``) and of a teacher (``create_class``, ``open_table``, ``pair``,
``set_drill``, ``watch``), and hands every message of the server to its listeners and to
its queue :attr:`ClassClient.messages`.  It keeps the token the server gave
(``joined``, ``class_created``) and, after a dropped connection, opens a new socket and
sends ``hello`` and ``resume`` with it, so that the student gets their seat back.

Two transports stand behind the one interface:

* in a Jupyter kernel, the ``websockets`` library's synchronous client in a background
  thread; listeners are called on the kernel's own event loop when there is one (so a
  widget is changed from the kernel's thread, between cells), else in that thread;
* in Pyodide (the JupyterLite site), the browser's own ``WebSocket`` (``js.WebSocket``
  with ``pyodide.ffi.create_proxy``); listeners are called from the browser's event loop.

Nothing of the server's stack (Starlette, uvicorn, SQLAlchemy) is imported here, and
``websockets`` only when the thread transport starts, so this module imports in Pyodide.

Besides the server's messages, listeners get ``{"type": "connection", "state": S}`` with
S ``"open"`` (socket open, ``hello`` sent), ``"lost"`` (the socket dropped; a new one is
tried after a pause) or ``"closed"`` (:meth:`ClassClient.close`).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import queue
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..i18n import LANGUAGES, _, get_language

__all__ = [
    "MAX_INCOMING",
    "PROTOCOL",
    "ClassClient",
    "ClientError",
    "in_pyodide",
    "socket_url",
]

#: the protocol this client speaks (``hello``'s ``protocol``)
PROTOCOL = "durak-nb-class/1"
#: the largest message the client reads from the server, in bytes (a teacher's ``table``
#: with every move and a picture is far larger than a client's 16,384-byte frames)
MAX_INCOMING = 4_000_000
#: pauses between tries to reconnect, in seconds (the last one repeats)
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: the most requests kept while the socket is down, sent when it is open again
MAX_WAITING = 64

Listener = Callable[[dict[str, Any]], None]


class ClientError(ValueError):
    """A request the client cannot make: a server address it cannot read, or a request
    made before the server gave the token it needs."""


def in_pyodide() -> bool:
    """Whether this Python is Pyodide (the browser's Python of the JupyterLite site)."""
    return sys.platform == "emscripten" or "pyodide" in sys.modules


def socket_url(server: str) -> str:
    """The WebSocket address of a class server from what a person types.

    Args:
        server: ``host:port``, ``http[s]://host:port[/…]`` or ``ws[s]://host:port[/ws]``.

    Returns:
        ``ws://host:port/ws`` (``wss://`` for ``https``/``wss``).

    Raises:
        ClientError: the text names no host, or has a scheme other than these.
    """
    text = server.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise ClientError(_("the server address {address!r} cannot be read").format(address=server)) from exc
    scheme = {"http": "ws", "ws": "ws", "https": "wss", "wss": "wss"}.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        raise ClientError(_("the server address {address!r} cannot be read").format(address=server))
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{scheme}://{host}{f':{port}' if port else ''}/ws"


class _ThreadTransport:
    """The ``websockets`` synchronous client in a daemon thread."""

    def __init__(self, owner: ClassClient) -> None:
        self.owner = owner
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.ws: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="durak-nb-class-client", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from websockets.sync.client import connect

        tries = 0
        while not self.stop.is_set():
            try:
                with connect(self.owner.url, open_timeout=10, max_size=MAX_INCOMING, close_timeout=2) as ws:
                    with self.lock:
                        self.ws = ws
                    tries = 0
                    self.owner._opened()
                    for text in ws:
                        if isinstance(text, str):
                            self.owner._incoming(text)
            except Exception:
                pass
            with self.lock:
                self.ws = None
            if self.stop.is_set() or not self.owner.reconnect:
                break
            self.owner._lost()
            self.stop.wait(BACKOFF[min(tries, len(BACKOFF) - 1)])
            tries += 1
        self.owner._closed()

    def send(self, text: str) -> bool:
        with self.lock:
            ws = self.ws
            if ws is None:
                return False
            try:
                ws.send(text)
            except Exception:
                return False
        return True

    def close(self) -> None:
        self.stop.set()
        with self.lock:
            ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):  # already closed: nothing to do
                ws.close()


class _BrowserTransport:
    """The browser's ``WebSocket``, from Pyodide."""

    def __init__(self, owner: ClassClient) -> None:
        self.owner = owner
        self.ws: Any = None
        self.proxies: list[Any] = []
        self.stopped = False
        self.tries = 0

    def start(self) -> None:
        import js  # type: ignore[import-not-found, unused-ignore]
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found, unused-ignore]

        for p in self.proxies:
            p.destroy()
        ws = js.WebSocket.new(self.owner.url)
        self.proxies = [
            create_proxy(lambda _e: self._open()),
            create_proxy(lambda e: self.owner._incoming(str(e.data)) if isinstance(e.data, str) else None),
            create_proxy(lambda _e: self._drop()),
        ]
        ws.onopen, ws.onmessage, ws.onclose = self.proxies
        self.ws = ws

    def _open(self) -> None:
        self.tries = 0
        self.owner._opened()

    def _drop(self) -> None:
        self.ws = None
        if self.stopped or not self.owner.reconnect:
            self.owner._closed()
            return
        import js
        from pyodide.ffi import create_once_callable  # type: ignore[import-not-found, unused-ignore]

        self.owner._lost()
        pause = BACKOFF[min(self.tries, len(BACKOFF) - 1)]
        self.tries += 1
        js.setTimeout(create_once_callable(lambda: None if self.stopped else self.start()), int(pause * 1000))

    def send(self, text: str) -> bool:
        if self.ws is None or int(self.ws.readyState) != 1:
            return False
        self.ws.send(text)
        return True

    def close(self) -> None:
        self.stopped = True
        if self.ws is not None:
            self.ws.close()


class ClassClient:
    """One connection to a class server, as a student or a teacher.

    Args:
        server: the server's address as a person types it (:func:`socket_url`).
        lang: ``en``, ``ru`` or ``uk``: the language of the server's words for this
            client (default: the kit's language, :func:`durak_nb.i18n.get_language`).
        pictures: ask the server for SVG pictures of the views (``hello``'s ``pictures``).
        token: a token the server gave before (a student's or a teacher's): the client
            resumes with it as soon as the socket opens.
        token_file: a file the client keeps its token in (written when the server gives
            one; read at start when ``token`` is not given).
        on_message: a first listener (see :meth:`listen`).
        transport: ``"thread"`` or ``"browser"`` (default: ``"browser"`` in Pyodide).
        reconnect: open a new socket after a drop (default true).

    Raises:
        ClientError: ``server`` cannot be read, or ``lang`` is not a language of the kit.

    The client does nothing until :meth:`connect`.  Requests return the ``id`` they were
    sent with; the server's answer carries it as ``re``.  A request made while the socket
    is down waits (at most :data:`MAX_WAITING`) and goes out when it is open again.
    """

    def __init__(
        self,
        server: str,
        *,
        lang: str | None = None,
        pictures: bool = False,
        token: str | None = None,
        token_file: str | Path | None = None,
        on_message: Listener | None = None,
        transport: str | None = None,
        reconnect: bool = True,
    ) -> None:
        self.url = socket_url(server)
        self.lang = lang or get_language()
        if self.lang not in LANGUAGES:
            raise ClientError(_("the language {lang!r} is not one of en, ru, uk").format(lang=self.lang))
        self.pictures = pictures
        self.token_file = Path(token_file) if token_file is not None else None
        if token is None and self.token_file is not None and self.token_file.is_file():
            token = self.token_file.read_text(encoding="utf-8").strip() or None
        self.token: str | None = token
        self.role: str | None = None
        self.reconnect = reconnect
        self.connected = False
        #: every message of the server (and the client's ``connection`` notes), in order
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self._listeners: list[Listener] = [on_message] if on_message is not None else []
        self._ids = itertools.count(1)
        self._waiting: list[str] = []
        self._lock = threading.Lock()
        self._loop: Any = None
        kind = transport or ("browser" if in_pyodide() else "thread")
        if kind not in ("thread", "browser"):
            raise ClientError(f"transport {kind!r}")
        self._transport: _ThreadTransport | _BrowserTransport = (
            _BrowserTransport(self) if kind == "browser" else _ThreadTransport(self)
        )

    # -- set-up -------------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        """Call ``listener(message)`` for every message from now on (a dict: the server's
        JSON object, or a ``connection`` note).  In a Jupyter kernel it is called on the
        kernel's event loop when one runs; an exception it raises is dropped (the client
        keeps going)."""
        self._listeners.append(listener)

    def connect(self) -> ClassClient:
        """Open the socket (and keep it open: reconnecting after a drop); returns the client."""
        if not in_pyodide():
            import asyncio

            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                self._loop = None
        self._transport.start()
        return self

    def close(self) -> None:
        """Say ``bye`` and close the socket for good."""
        self.reconnect = False
        self._transport.send(json.dumps({"type": "bye", "id": next(self._ids)}))
        self._transport.close()

    # -- requests -----------------------------------------------------------------------
    def send(self, kind: str, /, **members: Any) -> int:
        """Send the request ``kind`` with ``members`` (those that are ``None`` left out);
        returns its ``id``.  See docs/class-protocol.md for the members of each kind."""
        ident = next(self._ids)
        message = {"type": kind, "id": ident, **{k: v for k, v in members.items() if v is not None}}
        text = json.dumps(message, ensure_ascii=False, allow_nan=False)
        with self._lock:
            sent = self.connected and self._transport.send(text)
            if not sent and len(self._waiting) < MAX_WAITING:
                self._waiting.append(text)
        return ident

    def create_class(self, key: str, title: str, teacher: str) -> int:
        """Make a class (the teacher key, the class's title, the teacher's name); the
        answer ``class_created`` gives its code and the teacher's token."""
        return self.send("create_class", key=key, title=title, teacher=teacher)

    def join(self, code: str, name: str) -> int:
        """Join the class ``code`` as the student ``name``; ``joined`` gives the token."""
        return self.send("join", code=code, name=name)

    def resume(self, token: str | None = None) -> int:
        """Come back with ``token`` (default: the one kept); ``welcome`` and the views follow.

        Raises:
            ClientError: no token is given nor kept.
        """
        token = token or self.token
        if not token:
            raise ClientError(_("there is no token to come back with: join the class first"))
        self.token = token
        return self.send("resume", token=token)

    def move(self, table: str | int, seq: int, move: Mapping[str, Any]) -> int:
        """Play ``move`` (INTERCHANGE's JSON move) at ``table``, ``seq`` being the number of
        moves seen there (the last ``view``'s ``seq``)."""
        return self.send("move", table=table, seq=seq, move=dict(move))

    def answer(self, drill: str | int, question: int, answer: int) -> int:
        """Answer question ``question`` (0-based) of drill ``drill`` with option ``answer``
        (or the number, for a numeric question)."""
        return self.send("answer", drill=drill, question=question, answer=answer)

    def open_table(self, rules: Mapping[str, Any], seats: list[dict[str, Any]], seed: int | None = None) -> int:
        """(Teacher) open a table: ``rules`` (INTERCHANGE's ``rules`` member), ``seats``
        (2–6, clockwise, ``{"student": NAME}`` or ``{"bot": LEVEL}``), an optional seed."""
        return self.send("open_table", rules=dict(rules), seats=seats, seed=seed)

    def pair(self, size: int, rules: Mapping[str, Any], bot: str | None = None) -> int:
        """(Teacher) seat every student not at a table at tables of ``size``; ``bot``
        fills a short table."""
        return self.send("pair", size=size, rules=dict(rules), bot=bot)

    def set_drill(self, kind: str, seed: int, count: int) -> int:
        """(Teacher) set every student the drill ``kind`` with ``count`` questions from ``seed``."""
        return self.send("set_drill", kind=kind, seed=seed, count=count)

    def watch(self, table: str | int | None = None) -> int:
        """(Teacher) ask for the board, or one table."""
        return self.send("watch", table=table)

    # -- waiting (in a kernel or a script, not in Pyodide) ---------------------------------
    def wait_for(self, kind: str, *, timeout: float = 10.0, re: int | None = None) -> dict[str, Any]:
        """The next message of type ``kind`` (and answering ``re``, if given) from
        :attr:`messages`, skipping the others.

        Raises:
            TimeoutError: none came in ``timeout`` seconds.
        """
        import time

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} message in {timeout} s")
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("type") == kind and (re is None or message.get("re") == re):
                return message

    # -- from the transport -------------------------------------------------------------
    def _opened(self) -> None:
        hello = {"type": "hello", "id": next(self._ids), "protocol": PROTOCOL, "lang": self.lang}
        if self.pictures:
            hello["pictures"] = True
        self._transport.send(json.dumps(hello))
        if self.token:
            self._transport.send(json.dumps({"type": "resume", "id": next(self._ids), "token": self.token}))
        with self._lock:
            self.connected = True
            waiting, self._waiting = self._waiting, []
            for text in waiting:
                if not self._transport.send(text):
                    self._waiting.append(text)
        self._deliver({"type": "connection", "state": "open"})

    def _lost(self) -> None:
        self.connected = False
        self._deliver({"type": "connection", "state": "lost"})

    def _closed(self) -> None:
        self.connected = False
        self._deliver({"type": "connection", "state": "closed"})

    def _incoming(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return
        kind = message["type"]
        if kind in ("joined", "class_created") and isinstance(message.get("token"), str):
            self.token = message["token"]
            self.role = "student" if kind == "joined" else "teacher"
            if self.token_file is not None:
                self.token_file.write_text(self.token + "\n", encoding="utf-8")
        elif kind == "welcome" and isinstance(message.get("role"), str):
            self.role = message["role"]
        self._deliver(message)

    def _deliver(self, message: dict[str, Any]) -> None:
        self.messages.put(message)
        if not self._listeners:
            return
        loop = self._loop
        if loop is not None and not loop.is_closed() and threading.current_thread() is not threading.main_thread():
            try:
                loop.call_soon_threadsafe(self._call, message)
                return
            except RuntimeError:  # the loop has stopped: call here
                pass
        self._call(message)

    def _call(self, message: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            try:
                listener(message)
            except Exception:
                import traceback

                traceback.print_exc()
