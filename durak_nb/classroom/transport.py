"""The class server's sockets, bounded in time and memory against slow and idle clients.

``durak-nb class serve`` runs the app under uvicorn with these protocols
(:func:`uvicorn_options`); uvicorn's own leave four ways for one client to hold the server's
memory or its sockets without end (a hostile trial, issue 23):

- *slowloris*: an HTTP request head sent a byte at a time, or a socket opened and never
  written to, was kept for ever (uvicorn's keep-alive timer starts only after a response):
  now a request head not whole within :data:`HEAD_TIMEOUT` seconds closes the socket;
- *many idle sockets from one address*: at most :data:`MAX_SOCKETS_PER_ADDRESS` open
  sockets per client address (HTTP and WebSocket together); one more is closed at once,
  so one machine cannot take every file descriptor from the others;
- *a client that never reads*: the server's writes to it wait for room in the socket;
  once its writes have waited :data:`SEND_TIMEOUT` seconds the socket is dropped (aborted,
  its buffered bytes freed), so a send to it ends (the session with it too) instead of
  waiting for ever;
- *huge frames*: a WebSocket message is read whole before the app sees it, up to
  uvicorn's 16 MiB by default; now at most :data:`WS_MAX_SIZE` bytes (larger: closed with
  1009, before it is held), while the app refuses a message over
  :data:`~durak_nb.classroom.protocol.MAX_MESSAGE` bytes with ``too_big``.

Half-open sockets (a peer gone without a word) end by the WebSocket keep-alive ping,
unanswered within :data:`PING_INTERVAL` + :data:`PING_TIMEOUT` seconds, and, while the
server has something to send, by :data:`SEND_TIMEOUT` as above.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = [
    "HEAD_TIMEOUT",
    "MAX_SOCKETS_PER_ADDRESS",
    "PING_INTERVAL",
    "PING_TIMEOUT",
    "SEND_TIMEOUT",
    "WS_MAX_SIZE",
    "BoundedHTTP",
    "BoundedWebSocket",
    "uvicorn_options",
]

#: Seconds a new socket (or a kept-alive one) has to send a whole request head.
HEAD_TIMEOUT = 10.0
#: Seconds the server's writes to one socket may wait for the peer to read, then it is dropped.
SEND_TIMEOUT = 10.0
#: Open sockets one client address may hold at once (HTTP and WebSocket); the class
#: protocol's own bound on WebSockets (64) is below it, so a refused WebSocket is told why.
MAX_SOCKETS_PER_ADDRESS = 128
#: The largest WebSocket message read at all, in bytes (the app refuses one over 16 KiB).
WS_MAX_SIZE = 256 * 1024
#: The WebSocket keep-alive: a ping every so many seconds, answered within PING_TIMEOUT.
PING_INTERVAL = 20.0
PING_TIMEOUT = 20.0

#: Open sockets by client address, over both protocols (one event loop per process).
_open: collections.Counter[str] = collections.Counter()


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"


class _SendWatch:
    """The time bound on a socket's writes: its writes paused :data:`SEND_TIMEOUT` seconds
    (the event loop pauses writing while the peer reads nothing and the buffer is full),
    or a close still waiting a whole tick of that length for the peer to take what is
    buffered, drop the socket (``abort``: the buffered bytes freed)."""

    def __init__(self, transport: asyncio.BaseTransport, loop: asyncio.AbstractEventLoop, seconds: float) -> None:
        self.transport = transport
        self.loop = loop
        self.seconds = seconds
        self.timer: asyncio.TimerHandle | None = None
        self.closing_seen = False
        self.ticker: asyncio.TimerHandle | None = loop.call_later(seconds, self.tick)

    def paused(self) -> None:
        if self.timer is None:
            self.timer = self.loop.call_later(self.seconds, self.drop)

    def resumed(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def tick(self) -> None:
        """Every :data:`SEND_TIMEOUT` seconds: a socket closing since the last tick is dropped."""
        self.ticker = None
        if self.transport.is_closing():
            if self.closing_seen:
                self.drop()
                return
            self.closing_seen = True
        self.ticker = self.loop.call_later(self.seconds, self.tick)

    def drop(self) -> None:
        self.timer = None
        abort = getattr(self.transport, "abort", None)  # every stream transport has it
        if abort is not None:
            abort()

    def lost(self) -> None:
        """The socket is gone (or handed to another protocol): no timer left."""
        self.resumed()
        if self.ticker is not None:
            self.ticker.cancel()
            self.ticker = None


class _Counted(asyncio.Protocol):
    """What both protocols do to a socket: count it against :data:`MAX_SOCKETS_PER_ADDRESS`
    and watch its paused writes (:class:`_SendWatch`); first among a protocol's bases."""

    _where: str
    _counted: bool
    _watch: _SendWatch

    def _count(self, transport: asyncio.BaseTransport, loop: asyncio.AbstractEventLoop, seconds: float) -> None:
        self._where = _address(transport)
        _open[self._where] += 1
        self._counted = True
        self._watch = _SendWatch(transport, loop, seconds)

    def _forget(self) -> None:
        if getattr(self, "_counted", False):
            self._counted = False
            _open[self._where] -= 1
            if _open[self._where] <= 0:
                del _open[self._where]

    def pause_writing(self) -> None:
        super().pause_writing()
        self._watch.paused()

    def resume_writing(self) -> None:
        super().resume_writing()
        self._watch.resumed()


class BoundedHTTP(_Counted, H11Protocol):
    """uvicorn's h11 protocol with a deadline for the request head (:data:`HEAD_TIMEOUT`),
    a bound on sockets per address (:data:`MAX_SOCKETS_PER_ADDRESS`) and the send watch
    (:data:`SEND_TIMEOUT`)."""

    head_timeout = HEAD_TIMEOUT
    send_timeout = SEND_TIMEOUT
    max_per_address = MAX_SOCKETS_PER_ADDRESS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._count(transport, self.loop, self.send_timeout)
        self._head_timer: asyncio.TimerHandle | None = None
        if _open[self._where] > self.max_per_address:
            transport.abort()
            return
        self._wait_for_head()

    def _wait_for_head(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_late)

    def _head_late(self) -> None:
        """No whole request head in time: the socket is closed (if it is still ours: an
        upgraded WebSocket has its own protocol, counted there)."""
        self._head_timer = None
        if self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not None and self._head_timer is not None:  # a whole head: the app answers
            self._head_timer.cancel()
            self._head_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._wait_for_head()  # a kept-alive socket has as long for its next request head

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._forget()  # the WebSocket protocol counts and watches the socket from here on
        self._watch.lost()
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        self._watch.lost()
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)


class BoundedWebSocket(_Counted, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with the send watch (:data:`SEND_TIMEOUT`) and the
    socket counted against :data:`MAX_SOCKETS_PER_ADDRESS`."""

    send_timeout = SEND_TIMEOUT

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._count(transport, self.loop, self.send_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        self._watch.lost()
        super().connection_lost(exc)


def uvicorn_options() -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` that bound the class
    server's sockets (this module's protocols and sizes)."""
    return {
        "http": BoundedHTTP,
        "ws": BoundedWebSocket,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": PING_INTERVAL,
        "ws_ping_timeout": PING_TIMEOUT,
        "timeout_keep_alive": 5,
        # No per-message compression: it cost the server about an eighth of its time per
        # move (docs/classroom.md, "The class server under load"), a class's messages are
        # a few kilobytes, and compressed secrets beside chosen text leak (CRIME).
        "ws_per_message_deflate": False,
    }
