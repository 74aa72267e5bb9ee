"""Helpers of the class server's tests (tests/test_class_server.py, test_class_hostile.py):
a client over Starlette's TestClient WebSocket that keeps every message it was sent, and
a driver that plays a whole game by legal moves, the engine choosing each student's move."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from durak_nb.bots import LowestCardBot, turn_seat
from durak_nb.engine import Game
from durak_nb.record.annotations import move_to_json
from durak_nb.record.json_form import Recording

PROTOCOL = "durak-nb-class/1"
KEY = "teacher-key-of-the-tests-0123456789"


class Client:
    """One socket: ``ask`` sends a message and reads until the answer to it (``re``),
    keeping every message read in :attr:`seen` (and the last ``view`` per table)."""

    def __init__(self, ws: Any, lang: str = "en", pictures: bool = False) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.views: dict[int, dict[str, Any]] = {}
        self.next_id = 1
        self.token: str | None = None
        answer = self.ask("hello", protocol=PROTOCOL, lang=lang, pictures=pictures)
        assert answer == {"type": "hello", "re": answer["re"], "protocol": PROTOCOL, "lang": lang}

    def close(self) -> None:
        """Close the socket (a closed one again: nothing)."""
        with contextlib.suppress(Exception):
            self.ws.close()
        with contextlib.suppress(Exception):
            self.ws.__exit__(None, None, None)

    def read(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.raw.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.seen.append(msg)
        if msg["type"] == "view":
            self.views[msg["table"]] = msg
        return msg

    def send_text(self, text: str) -> int | None:
        self.ws.send_text(text)
        return None

    def ask(self, kind: str, /, **members: Any) -> dict[str, Any]:
        mid = self.next_id
        self.next_id += 1
        self.ws.send_text(json.dumps({"type": kind, "id": mid, **members}, ensure_ascii=False))
        return self.until_re(mid)

    def until_re(self, mid: int | None) -> dict[str, Any]:
        while True:
            msg = self.read()
            if (msg.get("re") == mid and msg["type"] != "board") or (msg["type"] == "refused" and msg["re"] == mid):
                return msg
            if msg["type"] == "board" and msg.get("re") == mid and mid is not None:
                return msg

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            msg = self.read()
            if msg["type"] == kind:
                return msg


def local_game(store: Any, table_id: int) -> tuple[Game, tuple[str, ...], tuple[Any, ...]]:
    """The table's game rebuilt from the store (its document and every move), its players
    and its seats."""
    info = store.table(table_id)
    moves = [row.move for row in store.moves(table_id)]
    rec = Recording.from_json({**info.doc, "moves": moves})
    return rec.replay(), rec.players, info.seats


def settle(store: Any, table_id: int, students: dict[int, Client]) -> tuple[Game, int | None]:
    """Read until every seated student's last view is at the store's count and a student is
    to act (or the game is over); returns the game and the seat to act."""
    while True:
        game, _players, seats = local_game(store, table_id)
        act = None if game.finished else turn_seat(game)
        bot_to_act = act is not None and "bot" in seats[act]
        behind = [c for c in students.values() if c.views.get(table_id, {}).get("seq", -1) < len(game.history)]
        if not bot_to_act and not behind:
            return game, act
        waiting = behind[0] if behind else next(iter(students.values()))
        waiting.read()


def play_to_end(store: Any, table_id: int, students: dict[int, Client], most: int = 2000) -> list[dict[str, Any]]:
    """Play the table to its end: each student's move chosen by the lowest-card bot from the
    engine's legal moves, sent with the table's count as ``seq``; every view checked to be
    the seat's exact view.  Returns the ``moved`` answers."""
    from durak_nb.bots import seat_view

    answers = []
    for _ in range(most):
        game, act = settle(store, table_id, students)
        _g, players, _seats = local_game(store, table_id)
        for seat, client in students.items():
            view = client.views[table_id]
            assert view["seq"] == len(game.history)
            assert view["view"] == seat_view(game, seat).to_json()
            assert view["seat"] == players[seat]
        if act is None:
            return answers
        move = LowestCardBot().choose(game, act)
        client = students[act]
        got = client.ask("move", table=table_id, seq=len(game.history), move=move_to_json(move, players))
        assert got == {"type": "moved", "re": got["re"], "table": table_id, "seq": len(game.history) + 1}, got
        answers.append(got)
    raise AssertionError("no end")


class Room:
    """A running app in a TestClient: :meth:`connect` opens a :class:`Client`; every one is
    closed when the room ends (so the app's tasks end and the TestClient can stop)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.clients: list[Client] = []

    def connect(self, lang: str = "en", pictures: bool = False) -> Client:
        c = Client(self.client.websocket_connect("/ws").__enter__(), lang=lang, pictures=pictures)
        self.clients.append(c)
        return c

    def close(self) -> None:
        for c in self.clients:
            c.close()


@contextlib.contextmanager
def room(app: Any) -> Iterator[Room]:
    """The app served in a TestClient, as a :class:`Room`."""
    import warnings

    with warnings.catch_warnings():  # starlette's notice that httpx will give way to httpx2
        warnings.simplefilter("ignore", DeprecationWarning)
        from starlette.testclient import TestClient

    with TestClient(app) as client:
        r = Room(client)
        try:
            yield r
        finally:
            r.close()
