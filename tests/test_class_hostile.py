"""The class server against hostile clients (issue 24, "Nothing lost, nobody let in"):
forged tokens and codes, another seat's moves, a table one is not at, stale and replayed
moves, out-of-turn and illegal moves, malformed, oversized and non-strict JSON, floods,
unknown members, markup in names, and no hidden card in any message to a student over
whole games (the pictures too).  Each refusal has its exact code, rule and member, and
the store is unchanged after it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_helpers import KEY, Client, Room, local_game, play_to_end, room, settle

pytest.importorskip("starlette")

from starlette.websockets import WebSocketDisconnect

from durak_nb.bots import LowestCardBot, seat_view
from durak_nb.cards import card_text, deck
from durak_nb.classroom.server import make_app
from durak_nb.classroom.store import Store
from durak_nb.engine import Move
from durak_nb.record.annotations import move_to_json
from durak_nb.record.json_form import Recording

AUTH = {"code": "auth", "rule": None, "text": "This code, name or token is not accepted.", "member": None}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(str(tmp_path / "class.sqlite"))
    yield s
    s.close()


def snapshot(store: Store, code: str) -> Any:
    """Everything the store holds of a class, to compare before and after a refusal."""
    info = store.class_by_code(code)
    assert info is not None
    tables = store.tables(info.id)
    return (
        [(s.id, s.name) for s in store.students(info.id)],
        [(t.id, t.seats, t.result, t.finished) for t in tables],
        {t.id: [(m.seq, m.move) for m in store.moves(t.id)] for t in tables},
        [(d.id, d.kind, d.seed, d.count) for d in store.drills(info.id)],
        [(a.drill_id, a.student_id, a.question, a.answer, a.right) for a in store.answers(info.id)],
    )


def refused(got: dict[str, Any], code: str, member: str | None = None, rule: str | None = None) -> None:
    assert got["type"] == "refused", got
    assert (got["code"], got["member"], got["rule"]) == (code, member, rule), got
    assert isinstance(got["text"], str) and got["text"]


def a_class(r: Room) -> tuple[Client, Client, Client, str, int]:
    """A teacher, Anna and Boris at a two-seat table (seed 2)."""
    teacher = r.connect()
    made = teacher.ask("create_class", key=KEY, title="7A", teacher="Olga")
    teacher.token = made["token"]
    anna = r.connect()
    anna.token = anna.ask("join", code=made["code"], name="Anna")["token"]
    boris = r.connect()
    boris.token = boris.ask("join", code=made["code"], name="Boris")["token"]
    tid = teacher.ask("open_table", rules="podkidnoy", seats=[{"student": "Anna"}, {"student": "Boris"}], seed=2)
    return teacher, anna, boris, made["code"], tid["table"]["id"]


def test_forged_codes_tokens_and_keys_get_one_refusal_that_names_nothing(store: Store) -> None:
    with room(make_app(store, teacher_key=KEY)) as r:
        teacher, anna, _boris, code, _tid = a_class(r)
        before = snapshot(store, code)
        x = r.connect()
        other = "A" if code[0] != "A" else "B"
        forged = [
            x.ask("resume", token="x" * 43),
            x.ask("resume", token=anna.token[:-1] + ("A" if anna.token[-1] != "A" else "B")),
            x.ask("resume", token=(teacher.token or "") + "="),
            x.ask("resume", token="y" * 5000),
            x.ask("join", code=other + code[1:], name="Mallory"),
            x.ask("join", code="", name="Mallory"),
            x.ask("create_class", key=KEY[:-1], title="evil", teacher="Mallory"),
            x.ask("create_class", key="", title="evil", teacher="Mallory"),
        ]
        for got in forged:
            assert {k: got[k] for k in AUTH} == AUTH
        assert snapshot(store, code) == before
        # a student holds no teacher's power, a teacher no student's
        refused(anna.ask("open_table", rules="podkidnoy", seats=[{"bot": "random"}, {"bot": "random"}]), "not_yours")
        refused(anna.ask("set_drill", kind="which_beats", seed=1, count=1), "not_yours")
        refused(anna.ask("watch"), "not_yours")
        refused(teacher.ask("answer", drill=1, question=0, answer=0), "not_yours")
        refused(x.ask("watch"), "not_yours")  # nobody yet
        assert snapshot(store, code) == before


def test_moves_of_another_seat_table_turn_or_time_are_refused_and_change_nothing(store: Store) -> None:
    with room(make_app(store, teacher_key=KEY)) as r:
        teacher, anna, boris, code, tid = a_class(r)
        vera = r.connect()
        vera.ask("join", code=code, name="Vera")
        students = {0: anna, 1: boris}
        game, act = settle(store, tid, students)
        assert act is not None
        mover, other = students[act], students[1 - act]
        names = game.players
        move = LowestCardBot().choose(game, act)
        before = snapshot(store, code)
        # another seat's move, sent by the other student
        refused(other.ask("move", table=tid, seq=0, move=move_to_json(move, names)), "not_yours", "move")
        # a table one is not at, a table that is not there, a teacher moving
        refused(vera.ask("move", table=tid, seq=0, move=move_to_json(move, names)), "not_yours", "table")
        refused(anna.ask("move", table=tid + 99, seq=0, move=move_to_json(move, names)), "not_yours", "table")
        refused(teacher.ask("move", table=tid, seq=0, move=move_to_json(move, names)), "not_yours")
        # out of turn: the defender attacks; a card the mover does not hold
        lead = Move.attack(1 - act, [game.hands[1 - act][0]])
        why = game.why_illegal(lead)
        assert why is not None
        refused(other.ask("move", table=tid, seq=0, move=move_to_json(lead, names)), "illegal", "move", why.rule)
        foreign = next(c for c in game.hands[1 - act])
        bad = Move.attack(act, [foreign])
        why = game.why_illegal(bad)
        assert why is not None and why.rule == "R9"  # the attacker does not hold it
        got = mover.ask("move", table=tid, seq=0, move=move_to_json(bad, names))
        refused(got, "illegal", "move", "R9")
        assert got["text"] == why.message
        # not a move at all: an unknown action, a card that is no card (R1)
        refused(mover.ask("move", table=tid, seq=0, move={"player": names[act], "action": "jump"}), "malformed", "move")
        refused(
            mover.ask("move", table=tid, seq=0, move={"player": names[act], "action": "attack", "cards": ["1Z"]}),
            "malformed",
            "move",
        )
        # a redeal carrying a deck of the client's choosing (R5)
        deck_move = {"player": names[act], "action": "redeal", "deck": [c.code for c in deck(36)]}
        refused(mover.ask("move", table=tid, seq=0, move=deck_move), "malformed", "move", "R5")
        # a seq ahead of the table
        refused(mover.ask("move", table=tid, seq=5, move=move_to_json(move, names)), "stale", "seq")
        assert snapshot(store, code) == before
        # the move itself, then the same message replayed: stale, the view follows
        assert mover.ask("move", table=tid, seq=0, move=move_to_json(move, names))["type"] == "moved"
        after = snapshot(store, code)
        replay = mover.ask("move", table=tid, seq=0, move=move_to_json(move, names))
        refused(replay, "stale", "seq")
        view = mover.until("view")
        while view["seq"] != 1:
            view = mover.until("view")
        assert snapshot(store, code) == after
        # R1 spellings are accepted: the next mover's move written 10c / t♣ style
        game, act = settle(store, tid, students)
        assert act is not None
        nxt = move_to_json(LowestCardBot().choose(game, act), game.players)
        spelled = {
            k: ([c.lower() for c in v] if k == "cards" else v.lower() if k in ("card", "target") else v)
            for k, v in nxt.items()
        }
        assert students[act].ask("move", table=tid, seq=1, move=spelled)["type"] == "moved"
        assert store.moves(tid)[1].move == nxt


FRAMES = [
    ("not json", "malformed", None),
    ("[1, 2]", "malformed", None),
    ('{"type": "hello"}', "malformed", "id"),
    ('{"type": "hello", "id": -1}', "malformed", "id"),
    ('{"type": "hello", "id": 1.5}', "malformed", "id"),
    ('{"type": "hello", "id": 9007199254740992}', "malformed", "id"),
    ('{"type": "hello", "id": true}', "malformed", "id"),
    ('{"type": "fly", "id": 1}', "malformed", "type"),
    ('{"type": "watch", "id": 1, "table": 1, "evil": 1}', "malformed", "evil"),
    ('{"type": "join", "id": 1, "code": "ABCDEF"}', "malformed", "name"),
    ('{"type": "join", "id": 1, "code": 5, "name": "x"}', "malformed", "code"),
    ('{"type": "move", "id": 1, "table": "1", "seq": 0, "move": {}}', "malformed", "table"),
    ('{"type": "move", "id": 1, "table": 1, "seq": true, "move": {}}', "malformed", "seq"),
    ('{"type": "hello", "id": 1, "id": 2}', "malformed", None),  # strict JSON: no member twice
    ('{"type": "watch", "id": 1, "table": NaN}', "malformed", None),
    ('{"type": "watch", "id": 1, "table": 1e400}', "malformed", None),
    ('{"type": "join", "id": 1, "code": "\\ud800", "name": "x"}', "malformed", None),
]


def test_malformed_oversized_and_non_strict_frames_are_refused_by_code(store: Store) -> None:
    with room(make_app(store, teacher_key=KEY)) as r:
        _teacher, anna, _boris, code, _tid = a_class(r)
        before = snapshot(store, code)
        for frame, code_, member in FRAMES:
            anna.send_text(frame)
            got = anna.read()
            while got["type"] != "refused":
                got = anna.read()
            refused(got, code_, member)
        anna.send_text(json.dumps({"type": "watch", "id": 7, "table": 1, "pad": "x" * 16_400}))
        got = anna.read()
        while got["type"] != "refused":
            got = anna.read()
        refused(got, "too_big")
        assert got["re"] is None and got["text"] == "The message is longer than 16,384 bytes."
        anna.ws.send_bytes(b'{"type": "hello", "id": 1}')
        got = anna.until("refused")
        refused(got, "malformed")
        # still served after all that (the refusals were not in a row of ten)
        assert anna.ask("resume", token=anna.token)["type"] == "welcome"
        assert snapshot(store, code) == before
        # a first message that is not hello
        fresh = r.client.websocket_connect("/ws").__enter__()
        fresh.send_text(json.dumps({"type": "resume", "id": 3, "token": anna.token}))
        got = json.loads(fresh.receive_text())
        refused(got, "malformed", "type")
        assert got["re"] == 3
        fresh.close()
        fresh.__exit__(None, None, None)


def test_floods_are_refused_then_cut_off(store: Store) -> None:
    with room(make_app(store, teacher_key=KEY)) as r:
        _teacher, anna, _boris, code, _tid = a_class(r)
        before = snapshot(store, code)
        for k in range(60):  # faster than 20 a second: past the burst of 40, refused
            anna.ws.send_text(
                json.dumps({"type": "hello", "id": 100 + k, "protocol": "durak-nb-class/1", "lang": "en"})
            )
        answers = []
        while len(answers) < 60:
            got = anna.read()
            if got["type"] in ("hello", "refused"):
                answers.append(got)
        rates = [a for a in answers if a["type"] == "refused"]
        assert rates and all(a["code"] == "rate" and a["member"] is None for a in rates)
        assert {a["re"] for a in answers} == set(range(100, 160))
        assert snapshot(store, code) == before
        # ten frames in a row that are not JSON: the socket is closed (1008)
        bad = r.connect()
        for _ in range(10):
            bad.ws.send_text("{")
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(11):
                bad.read()
        assert closed.value.code == 1008
        # a flood far past the rate: closed (1008)
        flood = r.connect()
        with pytest.raises(WebSocketDisconnect) as cut:
            for k in range(400):
                flood.ws.send_text(json.dumps({"type": "watch", "id": k}))
            for _ in range(400):
                flood.read()
        assert cut.value.code == 1008


def test_markup_in_names_is_kept_as_typed_and_never_rendered(store: Store) -> None:
    name = '<img src=x onerror="alert(1)">&amp;'
    with room(make_app(store, teacher_key=KEY)) as r:
        teacher = r.connect()
        made = teacher.ask("create_class", key=KEY, title="<b>7A</b>", teacher="Olga")
        mal = r.connect()
        joined = mal.ask("join", code=made["code"], name=name)
        assert joined["name"] == name and joined["class"]["title"] == "<b>7A</b>"
        assert [s.name for s in store.students(store.class_by_code(made["code"]).id)] == [name]
        assert teacher.until("board")["students"][0]["name"] == name
        for bad in ("", " ", "a\u202eb", "x" * 41, "tab\there", "\x1b[2J"):
            refused(mal.ask("join", code=made["code"], name=bad), "bound", "name")
        refused(teacher.ask("create_class", key=KEY, title="", teacher="Olga"), "bound", "title")
        page = r.client.get("/teacher").text
        assert "onerror" not in page


def _hidden(game: Any, seat: int) -> set[Any]:
    """The cards ``seat`` cannot see now (in others' hands unseen, in the talon)."""
    return set(seat_view(game, seat).unseen())


def _mentions(text: str, cards: set[Any]) -> list[str]:
    found = []
    for c in cards:
        for spelled in (f'"{c.code}"', f'data-card="{c.code}"', card_text(c)):
            if spelled in text:
                found.append(spelled)
    return found


def test_no_message_to_a_student_holds_a_card_the_seat_cannot_see(store: Store) -> None:
    with room(make_app(store, teacher_key=KEY)) as r:
        teacher = r.connect()
        made = teacher.ask("create_class", key=KEY, title="7A", teacher="Olga")
        anna = r.connect(pictures=True)
        anna.ask("join", code=made["code"], name="Anna")
        boris = r.connect(lang="ru", pictures=True)
        boris.ask("join", code=made["code"], name="Boris")
        for rules, seed in (("perevodnoy", 4), ("podkidnoy", 9)):
            seats = [{"student": "Anna"}, {"student": "Boris"}, {"bot": "heuristic"}]
            tid = teacher.ask("open_table", rules=rules, seats=seats, seed=seed)["table"]["id"]
            play_to_end(store, tid, {0: anna, 1: boris})
            info = store.table(tid)
            moves = [m.move for m in store.moves(tid)]
            for client, seat in ((anna, 0), (boris, 1)):
                pictures = 0
                for raw, msg in zip(client.raw, client.seen, strict=True):
                    if msg.get("table") != tid:
                        continue
                    seq = msg.get("seq", len(moves))
                    game = Recording.from_json({**info.doc, "moves": moves[:seq]}).replay()
                    assert _mentions(raw, _hidden(game, seat)) == [], (msg["type"], seq)
                    pictures += "picture" in msg and "<svg" in msg["picture"]
                assert pictures > 10
        _game, _p, _s = local_game(store, tid)
