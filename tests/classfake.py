"""A small stand-in for the class server (docs/class-protocol.md) for the clients' unit
tests: a ``websockets`` server in a thread that speaks the documented messages, referees
with the engine and notes every message a client sent (each checked against the
protocol's members).  It is not the server (durak_nb/classroom/server.py): no store, no
bounds; enough to drive ClassClient, JoinClass and TeacherBoard.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from durak_nb.bots import seat_view
from durak_nb.classroom.referee import new_table, table_html
from durak_nb.engine import Game
from durak_nb.i18n import language
from durak_nb.record.json_form import Recording, move_to_json
from durak_nb.rules import Rules
from durak_nb.views.cards_svg import position_svg

#: the members each client message may have (docs/class-protocol.md, "Messages from a client")
MEMBERS: dict[str, set[str]] = {
    "hello": {"protocol", "lang", "pictures"},
    "create_class": {"key", "title", "teacher"},
    "join": {"code", "name"},
    "resume": {"token"},
    "open_table": {"rules", "seats", "seed"},
    "pair": {"size", "rules", "bot"},
    "move": {"table", "seq", "move"},
    "set_drill": {"kind", "seed", "count"},
    "answer": {"drill", "question", "answer"},
    "watch": {"table"},
    "bye": set(),
}
KEY = "teacher-key"
CODE = "ABC234"


class FakeServer:
    """The fake server's state; ``received`` holds every client message, ``problems``
    every departure from the protocol it saw."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.problems: list[str] = []
        self.tokens: dict[str, tuple[str, str]] = {}  # token -> (role, name)
        self.sockets: dict[Any, str | None] = {}  # socket -> token
        self.game: Game | None = None
        self.doc: dict[str, Any] = {}
        self.langs: dict[Any, str] = {}  # each socket's language (its hello's)
        self.seats: list[str] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.port = 0
        #: what the board says of the table's wait for its player to act, in seconds
        self.stuck = 0
        #: some client asked for pictures (the fake sends them to everyone then)
        self.pictures = False
        self.drill: list[Any] = []

    # -- messages out ------------------------------------------------------------------------
    async def send(self, ws: Any, message: dict[str, Any]) -> None:
        await ws.send(json.dumps(message, ensure_ascii=False))

    def _view(self, name: str) -> dict[str, Any]:
        assert self.game is not None
        seat = self.seats.index(name)
        game = self.game
        out: dict[str, Any] = {
            "type": "view",
            "table": 1,
            "seq": len(game.history),
            "players": self.seats,
            "seat": name,
            "view": seat_view(game, seat).to_json(),
            "last": game.history[-1].describe(self.seats) if game.history else None,
        }
        if self.pictures:
            out["picture"] = position_svg(game.position(), perspective=seat, actors=game.actors())
        if game.finished:
            out["result"] = {"durak": self.seats[game.result.durak] if game.result.durak is not None else None}
        return out

    def _table(self, lang: str) -> dict[str, Any]:
        assert self.game is not None
        g = self.game
        return {
            "type": "table",
            "table": 1,
            "seq": len(g.history),
            "name": "1",
            "players": self.seats,
            "rules": {"preset": "podkidnoy"},
            "moves": [move_to_json(m, self.seats) for m in g.history],
            "hands": {n: [c.code for c in g.hands[i]] for i, n in enumerate(self.seats)},
            "last": self._last(lang),
            "stuck": 0,
            "result": {"durak": self.seats[g.result.durak] if g.result.durak is not None else None}
            if g.finished
            else None,
            "table_html": self._table_html(lang) if self.pictures else None,
        }

    def _last(self, lang: str) -> str | None:
        assert self.game is not None
        with language(lang):
            return self.game.history[-1].describe(self.seats) if self.game.history else None

    def _table_html(self, lang: str) -> str:
        assert self.game is not None
        with language(lang):
            return table_html(self.doc, [move_to_json(m, self.seats) for m in self.game.history])

    def _board(self) -> dict[str, Any]:
        students = [
            {
                "name": n,
                "connected": t in self.sockets.values(),
                "table": "1" if n in self.seats else None,
                "answered": 0,
                "right": 0,
            }
            for t, (r, n) in self.tokens.items()
            if r == "student"
        ]
        tables = []
        if self.game is not None:
            actors = self.game.actors()
            to_act = self.seats[actors[0]] if actors and not self.game.finished else None
            tables.append(
                {"id": 1, "name": "1", "players": self.seats, "seq": len(self.game.history), "to_act": to_act}
                | {"result": None, "stuck": self.stuck}
            )
        return {
            "type": "board",
            "class": {"code": CODE, "title": "7B"},
            "students": students,
            "tables": tables,
            "drills": [],
        }

    async def broadcast(self) -> None:
        for ws, token in list(self.sockets.items()):
            if token is None:
                continue
            role, name = self.tokens[token]
            if role == "student" and name in self.seats:
                await self.send(ws, self._view(name))
            elif role == "teacher":
                await self.send(ws, self._table(self.langs.get(ws, "en")))

    # -- messages in --------------------------------------------------------------------------
    async def handle(self, ws: Any) -> None:
        self.sockets[ws] = None
        try:
            async for text in ws:
                message = json.loads(text)
                self.received.append(message)
                kind = message.get("type")
                if kind not in MEMBERS:
                    self.problems.append(f"unknown type {kind!r}")
                    continue
                extra = set(message) - MEMBERS[kind] - {"type", "id"}
                if extra or not isinstance(message.get("id"), int):
                    self.problems.append(f"{kind}: members {sorted(extra)} / id {message.get('id')!r}")
                await self.answer(ws, message)
        finally:
            self.sockets.pop(ws, None)

    async def answer(self, ws: Any, m: dict[str, Any]) -> None:
        kind, re = m["type"], m["id"]
        if kind == "hello":
            self.pictures = self.pictures or bool(m.get("pictures"))
            self.langs[ws] = str(m.get("lang") or "en")
            await self.send(ws, {"type": "hello", "re": re, "protocol": "durak-nb-class/1"})
        elif kind == "create_class":
            if m.get("key") != KEY:
                await self.refuse(ws, re, "auth")
                return
            token = secrets.token_urlsafe(32)
            self.tokens[token] = ("teacher", m["teacher"])
            self.sockets[ws] = token
            await self.send(ws, {"type": "class_created", "re": re, "code": CODE, "token": token})
            await self.send(ws, self._board())
        elif kind == "join":
            if m.get("code", "").replace("-", "").upper() != CODE:
                await self.refuse(ws, re, "auth")
                return
            token = secrets.token_urlsafe(32)
            self.tokens[token] = ("student", m["name"])
            self.sockets[ws] = token
            await self.send(
                ws, {"type": "joined", "re": re, "token": token, "name": m["name"], "class": {"code": CODE}}
            )
            for other, t in self.sockets.items():
                if t is not None and self.tokens[t][0] == "teacher":
                    await self.send(other, self._board())
        elif kind == "resume":
            token = m.get("token")
            if token not in self.tokens:
                await self.refuse(ws, re, "auth")
                return
            self.sockets[ws] = token
            role, name = self.tokens[token]
            await self.send(ws, {"type": "welcome", "re": re, "role": role, "name": name, "class": {"code": CODE}})
            if self.game is not None:
                await self.send(ws, self._view(name) if role == "student" else self._table(self.langs.get(ws, "en")))
        elif kind == "open_table":
            self.seats = [s["student"] for s in m["seats"]]
            self.doc = new_table(Rules.from_json("podkidnoy"), self.seats, m.get("seed", 1))
            self.game = Recording.from_json(self.doc).new_game()
            await self.send(ws, {"type": "table_opened", "re": re, "table": 1})
            await self.broadcast()
        elif kind == "move":
            token = self.sockets.get(ws)
            game = self.game
            assert game is not None
            if token is None or self.tokens[token][0] != "student":
                await self.refuse(ws, re, "not_yours")
                return
            if m["seq"] != len(game.history):
                await self.refuse(ws, re, "stale")
                await self.send(ws, self._view(self.tokens[token][1]))
                return
            name = self.tokens[token][1]
            wanted = m["move"]
            move = next((x for x in game.legal_moves() if move_to_json(x, self.seats) == wanted), None)
            if move is None or move_to_json(move, self.seats)["player"] != name:
                await self.refuse(ws, re, "illegal")
                return
            game.play(move)
            await self.send(ws, {"type": "moved", "re": re, "table": 1, "seq": len(game.history)})
            await self.broadcast()
        elif kind == "set_drill":
            from durak_nb.lessons.drills import make

            self.drill = [make(m["kind"], m["seed"] + i) for i in range(m["count"])]
            questions = [
                {"context": d.context, "question": d.question, "options": list(d.options), "numeric": d.numeric}
                for d in self.drill
            ]
            await self.send(
                ws, {"type": "drill_set", "re": re, "drill": {"id": 7, "kind": m["kind"], "seed": m["seed"]}}
            )
            message = {"type": "drill", "drill": 7, "kind": m["kind"], "seed": m["seed"], "questions": questions}
            for other, t in list(self.sockets.items()):
                if t is not None and self.tokens[t][0] == "student":
                    await self.send(other, message)
        elif kind == "answer":
            d = self.drill[m["question"]]
            right = m["answer"] == d.answer
            await self.send(ws, {"type": "answered", "re": re, "right": right, "text": "right" if right else "wrong"})
        elif kind == "watch":
            await self.send(ws, self._board())
        elif kind == "bye":
            await ws.close()

    async def refuse(self, ws: Any, re: int, code: str) -> None:
        text = "This code, name or token is not accepted." if code == "auth" else code
        await self.send(ws, {"type": "refused", "re": re, "code": code, "rule": None, "text": text, "member": None})

    def drop_all(self) -> None:
        """Close every socket (as a network drop would)."""
        assert self.loop is not None

        async def close() -> None:
            for ws in list(self.sockets):
                ws.transport.abort()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)


def pages(connection: Any, request: Any) -> Any:
    """HTTP: ``/`` and ``/teacher`` (durak_nb.classroom.pages.render, ``?lang=``) and
    ``/static/…``; ``/ws`` goes on to the WebSocket."""
    from urllib.parse import parse_qs, urlsplit

    from websockets.datastructures import Headers
    from websockets.http11 import Response

    from durak_nb.classroom.pages import STATIC, render

    url = urlsplit(request.path)
    if url.path == "/ws":
        return None
    lang = parse_qs(url.query).get("lang", ["en"])[0]
    if url.path in ("/", "/teacher"):
        body = render("teacher" if url.path == "/teacher" else "student", lang).encode()
        kind = "text/html; charset=utf-8"
    elif url.path.startswith("/static/") and (STATIC / url.path[8:]).is_file() and "/" not in url.path[8:]:
        body = (STATIC / url.path[8:]).read_bytes()
        kind = "text/javascript" if url.path.endswith(".js") else "text/css"
    else:
        return connection.respond(404, "not found\n")
    return Response(200, "OK", Headers([("Content-Type", kind), ("Content-Length", str(len(body)))]), body)


@contextmanager
def fake_server() -> Iterator[FakeServer]:
    """Run a :class:`FakeServer` on a free loopback port in a thread (with the pages over
    HTTP: :func:`pages`); yields it."""
    from websockets.asyncio.server import serve

    fake = FakeServer()
    ready = threading.Event()
    stop: asyncio.Future[None] | None = None

    async def main() -> None:
        nonlocal stop
        fake.loop = asyncio.get_running_loop()
        stop = fake.loop.create_future()
        async with serve(fake.handle, "127.0.0.1", 0, process_request=pages) as server:
            fake.port = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            await stop

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield fake
    finally:
        assert fake.loop is not None and stop is not None
        fake.loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(10)
