"""The class server's store (durak_nb.classroom.store; docs/class-protocol.md, "Store"),
every test against SQLite and against a throwaway PostgreSQL cluster (tests/pgserver.py)."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from durak_nb.cards import deck
from durak_nb.classroom import store as st
from durak_nb.classroom.store import (
    ALPHABET,
    AlreadyAnswered,
    Change,
    NameTaken,
    SeqTaken,
    Store,
    StoreError,
    UnknownRow,
)

H1, H2, H3, H4 = ("a" * 63 + "1", "b" * 63 + "2", "c" * 63 + "3", "d" * 63 + "4")


def table_doc(players: list[str], seed: int = 7, rules: Any = "podkidnoy") -> dict[str, Any]:
    """An INTERCHANGE document without moves: a 36-card deck shuffled as ``[Seed seed]``."""
    cards = list(deck(36))
    random.Random(seed).shuffle(cards)
    return {
        "format": "durak-nb/1",
        "rules": rules,
        "players": players,
        "deal": {"dealer": players[-1], "deck": [c.code for c in cards]},
    }


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store's URL: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    with Store(url) as s:
        yield s


@pytest.fixture
def klass(store: Store) -> st.ClassInfo:
    return store.create_class("5B, lesson 3", "Olga Petrovna", "ru", H1)


# ----------------------------------------------------------------------------- settings


def test_teacher_key_is_made_once_and_kept(url: str) -> None:
    with Store(url) as s:
        key = s.teacher_key()
        assert len(key) == 32 and key == s.teacher_key()
    with Store(url) as s:
        assert s.teacher_key() == key
        s.set_teacher_key("my-own-teacher-key-1")
        assert s.teacher_key() == "my-own-teacher-key-1"
        with pytest.raises(StoreError, match="the teacher key must be 16 to 128 letters"):
            s.set_teacher_key("short")
        assert s.teacher_key() == "my-own-teacher-key-1"


def test_one_teacher_key_when_many_ask_at_once(url: str) -> None:
    with Store(url) as a, Store(url) as b:
        keys: list[str] = []
        start = threading.Barrier(8)

        def ask(s: Store) -> None:
            start.wait()
            keys.append(s.teacher_key())

        threads = [threading.Thread(target=ask, args=(s,)) for s in (a, b) * 4]
        for th in threads:
            th.start()
        for th in threads:
            th.join(timeout=60)
        assert len(keys) == 8 and len(set(keys)) == 1


# ----------------------------------------------------------------------------- classes


def test_class_codes_and_lookups(store: Store, klass: st.ClassInfo) -> None:
    assert len(klass.code) == 6 and set(klass.code) <= set(ALPHABET)
    assert (klass.title, klass.teacher, klass.lang) == ("5B, lesson 3", "Olga Petrovna", "ru")
    assert klass.created.tzinfo is not None
    typed = f" {klass.code[:3].lower()}-{klass.code[3:].lower()} "
    assert store.class_by_code(typed) == klass
    assert store.class_by_code("ZZZZZZ" if klass.code != "ZZZZZZ" else "YYYYYY") is None
    assert store.class_by_code("O0I1") is None
    assert store.class_by_teacher_token(H1) == klass
    assert store.class_by_teacher_token(H2) is None
    assert store.class_by_id(klass.id) == klass
    other = store.create_class("6A", "Ivan", "uk", H2)
    assert other.code != klass.code and other.id != klass.id


@pytest.mark.parametrize(
    ("title", "teacher", "lang", "words"),
    [
        ("", "Olga", "en", "a class's title must have 1 to 80 characters"),
        ("x" * 81, "Olga", "en", "a class's title must have 1 to 80 characters"),
        ("5B", "O" * 41, "en", "the teacher's name must have 1 to 40 characters"),
        ("5B\u202e", "Olga", "en", "a class's title must not hold control or invisible characters"),
        ("5B", "Olga", "fr", "a class's language is en, ru or uk, not 'fr'"),
    ],
)
def test_create_class_bounds(store: Store, title: str, teacher: str, lang: str, words: str) -> None:
    with pytest.raises(StoreError) as got:
        store.create_class(title, teacher, lang, H1)
    assert got.value.message == words
    assert store.class_by_teacher_token(H1) is None


def test_a_teacher_token_is_used_once(store: Store, klass: st.ClassInfo) -> None:
    with pytest.raises(StoreError, match="this token is already in use"):
        store.create_class("6A", "Ivan", "uk", H1)


# ----------------------------------------------------------------------------- students


def test_students_join_once_per_name(store: Store, klass: st.ClassInfo) -> None:
    anna = store.add_student(klass.id, "  Anna ", H2)
    assert (anna.class_id, anna.name) == (klass.id, "Anna")
    with pytest.raises(NameTaken, match="the class already has a student called ANNA"):
        store.add_student(klass.id, "ANNA", H3)
    yolka = store.add_student(klass.id, "Ёлка", H3)
    decomposed = unicodedata.normalize("NFD", "ёлка")
    assert decomposed != "ёлка"
    with pytest.raises(NameTaken):
        store.add_student(klass.id, decomposed, H4)
    assert store.students(klass.id) == [anna, yolka]
    assert store.student_by_token(H3) == yolka
    assert store.student_by_token(H4) is None
    other = store.create_class("6A", "Ivan", "uk", "e" * 64)
    assert store.add_student(other.id, "Anna", H4).class_id == other.id
    assert [s.name for s in store.students(klass.id)] == ["Anna", "Ёлка"]


def test_student_refusals(store: Store, klass: st.ClassInfo) -> None:
    with pytest.raises(UnknownRow, match="there is no class 999"):
        store.add_student(999, "Anna", H2)
    with pytest.raises(StoreError, match="a student's name must not hold control"):
        store.add_student(klass.id, "An\x1bna", H2)
    with pytest.raises(StoreError, match="a student's name must have 1 to 40 characters"):
        store.add_student(klass.id, "A" * 41, H2)
    with pytest.raises(StoreError, match="a token's hash must be 16 to 128"):
        store.add_student(klass.id, "Anna", "short")
    assert store.students(klass.id) == []


# ----------------------------------------------------------------------------- tables and moves


def seated(store: Store, klass: st.ClassInfo) -> tuple[st.Student, st.Student, st.TableInfo]:
    anna = store.add_student(klass.id, "Anna", H2)
    boris = store.add_student(klass.id, "Boris", H3)
    t = store.open_table(
        klass.id,
        [{"student": anna.id}, {"student": boris.id}, {"bot": "heuristic"}],
        table_doc(["Anna", "Boris", "Bot"]),
    )
    return anna, boris, t


def test_tables_are_numbered_per_class(store: Store, klass: st.ClassInfo) -> None:
    anna, _boris, t1 = seated(store, klass)
    assert (t1.name, t1.class_id, t1.result, t1.finished) == ("T1", klass.id, None, None)
    assert t1.seats == ({"student": anna.id}, {"student": anna.id + 1}, {"bot": "heuristic"})
    assert t1.doc == table_doc(["Anna", "Boris", "Bot"])
    t2 = store.open_table(klass.id, [{"student": anna.id}, {"bot": 2}], table_doc(["Anna", "Bot"], seed=8))
    assert t2.name == "T2"
    other = store.create_class("6A", "Ivan", "uk", H4)
    assert store.open_table(other.id, [{"bot": 1}, {"bot": 2}], table_doc(["B1", "B2"])).name == "T1"
    assert [t.name for t in store.tables(klass.id)] == ["T1", "T2"]
    assert store.table(t2.id) == t2
    assert store.table(10_000) is None
    assert store.count(t1.id) == 0 and store.moves(t1.id) == []


def test_open_table_refusals(store: Store, klass: st.ClassInfo) -> None:
    anna = store.add_student(klass.id, "Anna", H2)
    other = store.create_class("6A", "Ivan", "uk", H4)
    stranger = store.add_student(other.id, "Vera", H3)
    two = table_doc(["Anna", "Bot"])
    with pytest.raises(StoreError, match="a table has 2 to 6 seats"):
        store.open_table(klass.id, [{"bot": 1}], table_doc(["Anna", "Bot"]))
    with pytest.raises(UnknownRow, match=f"there is no student {stranger.id} in this class"):
        store.open_table(klass.id, [{"student": anna.id}, {"student": stranger.id}], two)
    with pytest.raises(StoreError, match="a student has one seat at a table"):
        store.open_table(klass.id, [{"student": anna.id}, {"student": anna.id}], two)
    with pytest.raises(StoreError, match=re.escape('a seat is {"student": ID} or {"bot": LEVEL}')):
        store.open_table(klass.id, [{"student": anna.id}, {"human": 1}], two)
    with pytest.raises(StoreError, match="names 2 players for 3 seats"):
        store.open_table(klass.id, [{"bot": 1}, {"bot": 1}, {"bot": 1}], two)
    with pytest.raises(StoreError, match=r"a table's document is refused: .*no_such_option"):
        store.open_table(
            klass.id,
            [{"bot": 1}, {"bot": 1}],
            table_doc(["A", "B"], rules={"preset": "podkidnoy", "no_such_option": 1}),
        )
    with pytest.raises(StoreError, match="an INTERCHANGE document without moves"):
        store.open_table(klass.id, [{"bot": 1}, {"bot": 1}], {**table_doc(["A", "B"]), "moves": []})
    big = {**table_doc(["A", "B"]), "meta": {"event": "x" * st.MAX_DOC_BYTES}}
    with pytest.raises(StoreError, match=r"a table's document has \d+ bytes; the limit is 65536"):
        store.open_table(klass.id, [{"bot": 1}, {"bot": 1}], big)
    with pytest.raises(UnknownRow, match="there is no class 999"):
        store.open_table(999, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
    assert store.tables(klass.id) == []


def test_moves_are_appended_in_order_only(store: Store, klass: st.ClassInfo) -> None:
    _a, _b, t = seated(store, klass)
    first = {"player": "Anna", "action": "attack", "cards": ["6S"]}
    row = store.append_move(t.id, 0, first)
    assert (row.table_id, row.seq, row.move) == (t.id, 0, first)
    with pytest.raises(SeqTaken, match="move 0 of table T1 does not follow: the table has 1 move"):
        store.append_move(t.id, 0, {"player": "Boris", "action": "take"})
    with pytest.raises(SeqTaken, match="move 2 of table T1 does not follow"):
        store.append_move(t.id, 2, {"player": "Boris", "action": "take"})
    second = {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"}
    store.append_move(t.id, 1, second)
    assert store.count(t.id) == 2
    assert [(m.seq, m.move) for m in store.moves(t.id)] == [(0, first), (1, second)]
    assert [(m.seq, m.move) for m in store.moves(t.id, since=1)] == [(1, second)]
    assert store.moves(t.id, since=2) == []
    with pytest.raises(UnknownRow, match="there is no table 999"):
        store.append_move(999, 0, first)
    with pytest.raises(UnknownRow, match="there is no table 999"):
        store.moves(999)
    with pytest.raises(StoreError, match="a move is an INTERCHANGE move object"):
        store.append_move(t.id, 2, {"action": "pass"})
    with pytest.raises(StoreError, match=r"a move has 4\d{3} bytes; the limit is 4096"):
        store.append_move(t.id, 2, {"player": "Anna", "action": "pass", "x": "y" * 4096})
    with pytest.raises(StoreError, match="a move is not JSON data"):
        store.append_move(t.id, 2, {"player": "Anna", "action": "pass", "x": float("nan")})
    assert store.count(t.id) == 2


def test_a_group_commit_writes_each_good_move_and_refuses_each_bad_one_alone(store: Store, klass: st.ClassInfo) -> None:
    _a, _b, t1 = seated(store, klass)
    t2 = store.open_table(klass.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"], seed=9))
    told: list[st.Change] = []
    store.subscribe(told.append)
    attack = {"player": "Anna", "action": "attack", "cards": ["6S"]}
    take = {"player": "Boris", "action": "take"}
    got = store.append_moves(
        [
            (t2.id, 0, {"player": "A", "action": "attack", "cards": ["6S"]}, None),
            (t1.id, 0, attack, None),
            (t1.id, 0, take, None),  # the index the move before took
            (t1.id, 1, take, None),
            (999, 0, attack, None),
            (t1.id, 2, {"action": "pass"}, None),
            (t2.id, 1, {"player": "B", "action": "take"}, {"durak": "B"}),
        ]
    )
    assert [type(g).__name__ for g in got] == [
        "MoveRow",
        "MoveRow",
        "SeqTaken",
        "MoveRow",
        "UnknownRow",
        "StoreError",
        "MoveRow",
    ]
    assert str(got[2]) == "move 0 of table T1 does not follow: the table has 1 move"
    assert str(got[4]) == "there is no table 999"
    assert str(got[5]) == "a move is an INTERCHANGE move object with player and action"
    assert [(m.seq, m.move) for m in store.moves(t1.id)] == [(0, attack), (1, take)]
    assert store.count(t2.id) == 2
    done = store.table(t2.id)
    assert done is not None and done.result == {"durak": "B"} and done.finished is not None
    # told after the one commit, tables in the order of their ids
    assert [(c.kind, c.table_id, c.seq) for c in told] == [
        ("move", t1.id, 0),
        ("move", t1.id, 1),
        ("move", t2.id, 0),
        ("move", t2.id, 1),
        ("finished", t2.id, 2),
    ]
    assert store.append_moves([]) == []


def test_finished_tables(store: Store, klass: st.ClassInfo) -> None:
    _a, _b, t = seated(store, klass)
    store.append_move(t.id, 0, {"player": "Anna", "action": "attack", "cards": ["6S"]})
    store.finish_table(t.id, {"durak": "Boris"})
    done = store.table(t.id)
    assert done is not None and done.result == {"durak": "Boris"} and done.finished is not None
    assert done.finished >= done.created
    store.finish_table(t.id, {"durak": "Boris"})  # the same result again: nothing
    with pytest.raises(StoreError, match="table T1 is finished already, with another result"):
        store.finish_table(t.id, {"durak": "Anna"})
    with pytest.raises(UnknownRow, match="table T1 is finished: it takes no more moves"):
        store.append_move(t.id, 1, {"player": "Boris", "action": "take"})
    assert store.count(t.id) == 1
    assert store.tables(klass.id, open_only=True) == []
    t2 = store.open_table(klass.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
    assert [x.name for x in store.tables(klass.id, open_only=True)] == [t2.name] == ["T2"]


def test_open_tables_spans_every_class_and_leaves_out_finished_ones(store: Store, klass: st.ClassInfo) -> None:
    assert store.open_tables() == []
    _a, _b, t1 = seated(store, klass)
    other = store.create_class("6A", "Ivan", "uk", H4)
    o1 = store.open_table(other.id, [{"bot": 1}, {"bot": 2}], table_doc(["B1", "B2"]))
    t2 = store.open_table(klass.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"], seed=9))
    assert store.open_tables() == [t1, o1, t2]
    store.append_move(o1.id, 0, {"player": "B1", "action": "attack", "cards": ["6S"]})
    store.finish_table(o1.id, {"durak": "B2"})
    assert [(t.class_id, t.name) for t in store.open_tables()] == [(klass.id, "T1"), (klass.id, "T2")]
    store.finish_table(t1.id, {"durak": "Boris"})
    store.finish_table(t2.id, {"durak": "A"})
    assert store.open_tables() == []


def test_a_missing_table_is_refused_by_append_and_finish(store: Store) -> None:
    with pytest.raises(UnknownRow, match="there is no table 999"):
        store.append_move(999, 0, {"player": "Anna", "action": "take"})
    with pytest.raises(UnknownRow, match="there is no table 999"):
        store.finish_table(999, {"durak": "Anna"})


def test_two_stores_never_commit_two_moves_at_one_index(url: str) -> None:
    """Two Store objects (as two server processes would) and four threads each race to
    append at each index: every index is committed once, no gap."""
    with Store(url) as a, Store(url) as b:
        k = a.create_class("5B", "Olga", "en", H1)
        t = a.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
        assert b.count(t.id) == 0
        total, won, lost = 40, [], []
        lock = threading.Lock()

        def play(s: Store, who: str) -> None:
            while True:
                n = s.count(t.id)
                if n >= total:
                    return
                try:
                    s.append_move(t.id, n, {"player": "A", "action": "pass", "by": who})
                except SeqTaken:
                    with lock:
                        lost.append(n)
                else:
                    with lock:
                        won.append((n, who))

        threads = [
            threading.Thread(target=play, args=(s, f"{name}{i}")) for s, name in ((a, "a"), (b, "b")) for i in range(4)
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join(timeout=120)
        rows = b.moves(t.id)
        assert [r.seq for r in rows] == list(range(total))
        assert sorted(n for n, _who in won) == list(range(total))
        assert {r.seq: r.move["by"] for r in rows} == dict(won)
        assert a.count(t.id) == total


def test_a_second_store_sees_committed_moves(url: str) -> None:
    with Store(url) as a:
        k = a.create_class("5B", "Olga", "en", H1)
        t = a.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
        a.append_move(t.id, 0, {"player": "A", "action": "attack", "cards": ["6S"]})
        with Store(url) as b:
            with pytest.raises(SeqTaken):
                b.append_move(t.id, 0, {"player": "A", "action": "attack", "cards": ["7S"]})
            b.append_move(t.id, 1, {"player": "B", "action": "take"})
        assert [m.move["action"] for m in a.moves(t.id)] == ["attack", "take"]
    with Store(url) as again:  # closed and opened: every committed move is there
        assert again.count(t.id) == 2
        assert again.class_by_code(k.code) == k


# ----------------------------------------------------------------------------- drills


def test_drills_and_answers(store: Store, klass: st.ClassInfo) -> None:
    anna = store.add_student(klass.id, "Anna", H2)
    boris = store.add_student(klass.id, "Boris", H3)
    d = store.set_drill(klass.id, "which_beats", 2**40, 5)
    assert (d.kind, d.seed, d.count, d.class_id) == ("which_beats", 2**40, 5, klass.id)
    d2 = store.set_drill(klass.id, "may_transfer", -3, 1)
    assert store.drills(klass.id) == [d, d2]
    a1 = store.record_answer(d.id, boris.id, 4, 2, False)
    a0 = store.record_answer(d.id, anna.id, 0, 1, True)
    with pytest.raises(AlreadyAnswered, match="question 1 of this drill is answered already"):
        store.record_answer(d.id, anna.id, 0, 3, False)
    with pytest.raises(StoreError, match="a question's number must be a whole number from 0 to 4"):
        store.record_answer(d.id, anna.id, 5, 1, True)
    with pytest.raises(UnknownRow, match="there is no drill 999"):
        store.record_answer(999, anna.id, 0, 1, True)
    other = store.create_class("6A", "Ivan", "uk", H4)
    vera = store.add_student(other.id, "Vera", "f" * 64)
    with pytest.raises(UnknownRow, match=f"there is no student {vera.id} in this class"):
        store.record_answer(d.id, vera.id, 0, 1, True)
    a2 = store.record_answer(d2.id, anna.id, 0, -7, True)
    got = store.answers(klass.id)
    assert got == [a0, a1, a2]
    assert [(x.student_id, x.question, x.answer, x.right) for x in got] == [
        (anna.id, 0, 1, True),
        (boris.id, 4, 2, False),
        (anna.id, 0, -7, True),
    ]
    assert store.answers(other.id) == []
    with pytest.raises(StoreError, match="there is no drill kind 'no_such_kind'"):
        store.set_drill(klass.id, "no_such_kind", 1, 5)
    with pytest.raises(StoreError, match="a drill's count of questions must be a whole number from 1 to 20"):
        store.set_drill(klass.id, "which_beats", 1, 21)
    assert len(store.drills(klass.id)) == 2


# ----------------------------------------------------------------------------- changes


def test_subscribers_hear_this_stores_writes(store: Store, klass: st.ClassInfo) -> None:
    heard: list[Change] = []
    stop = store.subscribe(heard.append)
    anna = store.add_student(klass.id, "Anna", H2)
    t = store.open_table(klass.id, [{"student": anna.id}, {"bot": 1}], table_doc(["Anna", "Bot"]))
    first = {"player": "Anna", "action": "attack", "cards": ["6S"]}
    store.append_move(t.id, 0, first)
    with pytest.raises(SeqTaken):
        store.append_move(t.id, 0, {"player": "Anna", "action": "attack", "cards": ["6S"]})
    d = store.set_drill(klass.id, "which_beats", 1, 3)
    store.record_answer(d.id, anna.id, 0, 1, True)
    store.finish_table(t.id, {"durak": "Bot"})
    c = klass.id
    assert heard == [
        Change("student", c, None, None, anna.id),
        Change("table", c, t.id, 0),
        # a move's change carries the move and its time (a listener plays it without a read)
        Change("move", c, t.id, 0, None, first, store.moves(t.id)[0].at.timestamp()),
        Change("drill", c, None, None, d.id),
        Change("answer", c, None, None, d.id),
        Change("finished", c, t.id, 1),
    ]
    stop()
    stop()
    store.set_drill(klass.id, "which_beats", 2, 3)
    assert len(heard) == 6


def test_a_failing_subscriber_stops_nothing(store: Store, klass: st.ClassInfo) -> None:
    heard: list[str] = []

    def bad(change: Change) -> None:
        raise RuntimeError("boom")

    store.subscribe(bad)
    store.subscribe(lambda ch: heard.append(ch.kind))
    store.add_student(klass.id, "Anna", H2)
    assert heard == ["student"] and len(store.students(klass.id)) == 1


def _until(check: Any, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return bool(check())


def test_postgres_processes_hear_each_other(pg_url: str) -> None:
    """NOTIFY in the writing transaction, LISTEN in another Store's thread; once its
    connection is killed it reconnects and hears again."""
    import psycopg

    with Store(pg_url) as a, Store(pg_url) as b:
        heard: list[Change] = []
        own: list[Change] = []
        b.subscribe(heard.append)
        a.subscribe(own.append)
        assert b.wait_listening(15) and a.wait_listening(15)
        k = a.create_class("5B", "Olga", "en", H1)
        t = a.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
        a.append_move(t.id, 0, {"player": "A", "action": "attack", "cards": ["6S"]})
        assert _until(lambda: len(heard) >= 2)
        at0 = a.moves(t.id)[0].at.timestamp()
        first = {"player": "A", "action": "attack", "cards": ["6S"]}
        assert heard == [Change("table", k.id, t.id, 0), Change("move", k.id, t.id, 0, None, first, at0)]
        time.sleep(0.3)
        assert own == heard  # a's own writes told once, not again by its listener
        # b's listener is killed; a move is made while it waits to reconnect (1.5 s):
        # the notification is missed, and b's catch-up tells it once b listens again
        b._reconnect_pause = 1.5
        old = b._listener_pid
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (old,))
        assert _until(lambda: not b.wait_listening(0))
        a.append_move(t.id, 1, {"player": "B", "action": "take"})
        time.sleep(0.3)
        assert len(heard) == 2  # not heard: b is away
        assert _until(lambda: b._listener_pid != old and b.wait_listening(0))
        assert _until(lambda: len(heard) >= 4)
        # the catch-up reads what it tells: the last move's index, not the move
        assert heard[2:] == [Change("table", k.id, t.id, 0), Change("move", k.id, t.id, 1)]
        a.append_move(t.id, 2, {"player": "A", "action": "pass"})  # and listening goes on
        assert _until(lambda: len(heard) >= 5)
        at2 = a.moves(t.id)[2].at.timestamp()
        assert heard[4:] == [Change("move", k.id, t.id, 2, None, {"player": "A", "action": "pass"}, at2)]


# ----------------------------------------------------------------------------- the database


def test_sqlite_is_durable(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    with Store(path) as s:
        assert s.url == f"sqlite+pysqlite:///{path}"
        with s._engine.connect() as conn:
            got = [
                conn.exec_driver_sql(f"PRAGMA {p}").scalar() for p in ("journal_mode", "synchronous", "foreign_keys")
            ]
        assert got == ["wal", 2, 1]  # synchronous 2 is FULL
        s.create_class("5B", "Olga", "en", H1)
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT title, teacher FROM classes").fetchall() == [("5B", "Olga")]
    assert raw.execute("SELECT value FROM settings WHERE key = 'schema'").fetchall() == [("1",)]
    raw.close()


def test_urls(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"the store is an SQLite file .* not 'mysql://u:\*\*\*@h/db'"):
        Store("mysql://u:secret@h/db")
    with pytest.raises(StoreError, match="a store is a path or a database URL"):
        Store(42)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="'postgresql://u:\\*\\*\\*@h:port/db' is not a database URL"):
        Store("postgresql://u:pw@h:port/db")
    with pytest.raises(StoreError, match="an SQLite store is a file: give its path"):
        Store(":memory:")
    with pytest.raises(StoreError, match="its folder does not exist"):
        Store(tmp_path / "no" / "such.sqlite")
    with Store(f"sqlite:///{tmp_path / 'a.sqlite'}") as s:
        assert repr(s) == f"Store('sqlite+pysqlite:///{tmp_path / 'a.sqlite'}')"


def test_postgres_password_is_masked(pg_cluster: Any) -> None:
    url = pg_cluster.database().replace("://postgres@", "://postgres:hunter2@")  # trust: any password
    with Store(url) as s:
        assert s.postgres and "hunter2" not in repr(s) and "hunter2" not in s.url
        assert s.url.startswith("postgresql+psycopg://postgres:***@127.0.0.1:")


def test_a_store_of_another_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    Store(path).close()
    raw = sqlite3.connect(path)
    raw.execute("UPDATE settings SET value = '99' WHERE key = 'schema'")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="has schema version 99; this durak-nb reads version 1"):
        Store(path)


def test_closed_store_refuses(tmp_path: Path) -> None:
    s = Store(tmp_path / "c.sqlite")
    s.close()
    with pytest.raises(StoreError, match="is closed"):
        s.teacher_key()


@pytest.mark.parametrize(
    ("lang", "taken", "seats"),
    [
        ("ru", "в классе уже есть ученик по имени Anna", "за столом от 2 до 6 мест"),
        ("uk", "у класі вже є учень на ім'я Anna", "за столом від 2 до 6 місць"),
    ],
)
def test_refusals_in_russian_and_ukrainian(tmp_path: Path, lang: str, taken: str, seats: str) -> None:
    from durak_nb.i18n import language

    with Store(tmp_path / "c.sqlite") as s, language(lang):
        k = s.create_class("5B", "Olga", "en", H1)
        s.add_student(k.id, "Anna", H2)
        with pytest.raises(NameTaken) as got:
            s.add_student(k.id, "anna", H3)
        assert got.value.message == taken.replace("Anna", "anna")
        with pytest.raises(StoreError) as got:
            s.open_table(k.id, [{"bot": 1}], table_doc(["A", "B"]))
        assert got.value.message == seats


# ----------------------------------------------------------------------------- processes

#: A writer process: appends moves at one table from its count on, printing each
#: ``seq`` once ``append_move`` has returned (committed), losing races with SeqTaken.
WRITER = """
import sys
from durak_nb.classroom.store import SeqTaken, Store
url, table, total, who = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with Store(url) as s:
    while True:
        n = s.count(table)
        if n >= total:
            break
        try:
            s.append_move(table, n, {"player": "A", "action": "pass", "by": who})
        except SeqTaken:
            continue
        print(n, flush=True)
"""


def _writer(url: str, table: int, total: int, who: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, url, str(table), str(total), who],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_never_commit_two_moves_at_one_index(url: str) -> None:
    with Store(url) as s:
        k = s.create_class("5B", "Olga", "en", H1)
        t = s.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
    procs = [_writer(url, t.id, 30, who) for who in ("p", "q")]
    wins = {}
    for who, p in zip(("p", "q"), procs, strict=True):
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        wins[who] = [int(line) for line in out.split()]
    assert sorted(wins["p"] + wins["q"]) == list(range(30))
    with Store(url) as s:
        assert {m.seq: m.move["by"] for m in s.moves(t.id)} == {n: who for who, seqs in wins.items() for n in seqs}


def test_a_killed_writer_loses_no_acknowledged_move(url: str) -> None:
    """SIGKILL a writer after 20 acknowledged moves: every one is in the store, in order."""
    with Store(url) as s:
        k = s.create_class("5B", "Olga", "en", H1)
        t = s.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
    p = _writer(url, t.id, 10_000, "p")
    assert p.stdout is not None
    acked = [int(p.stdout.readline()) for _i in range(20)]
    os.kill(p.pid, signal.SIGKILL)
    p.wait(timeout=60)
    assert acked == list(range(20))
    with Store(url) as s:
        seqs = [m.seq for m in s.moves(t.id)]
        assert seqs[:20] == acked and seqs == list(range(len(seqs))) and s.count(t.id) == len(seqs)


def test_an_unreachable_postgres_is_a_store_error() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as got:
        Store("postgresql://durak:secret@127.0.0.1:1/class")
    assert got.value.message.startswith("cannot write the store postgresql+psycopg://durak:***@127.0.0.1:1/class: ")
    assert "secret" not in str(got.value)


# ----------------------------------------------------------------------------- invariants


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tries=st_.lists(st_.integers(min_value=-2, max_value=8), max_size=25))
def test_a_move_is_taken_exactly_at_the_count(tries: list[int]) -> None:
    """Whatever ``seq`` a writer tries, the store takes a move exactly when ``seq`` is the
    table's count, refuses every other with SeqTaken (or a bound), and keeps no gap."""
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "c.sqlite") as s:
        k = s.create_class("5B", "Olga", "en", H1)
        t = s.open_table(k.id, [{"bot": 1}, {"bot": 1}], table_doc(["A", "B"]))
        taken = []
        for i, seq in enumerate(tries):
            count = len(taken)
            try:
                s.append_move(t.id, seq, {"player": "A", "action": "pass", "try": i})
            except SeqTaken:
                assert seq != count and seq >= 0
            except StoreError as exc:
                assert seq < 0 and exc.message.startswith("seq must be a whole number from 0")
            else:
                assert seq == count
                taken.append(i)
        assert [(m.seq, m.move["try"]) for m in s.moves(t.id)] == list(enumerate(taken))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st_.lists(st_.text(min_size=0, max_size=45), min_size=1, max_size=6))
def test_names_are_kept_as_written_and_once_per_class(names: list[str]) -> None:
    """A name is taken when it has 1 to 40 characters (NFC, outer white space dropped)
    and no control or invisible character, and no earlier name has its key."""
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "c.sqlite") as s:
        k = s.create_class("5B", "Olga", "en", H1)
        kept: dict[str, str] = {}
        for i, name in enumerate(names):
            clean = unicodedata.normalize("NFC", name).strip()
            good = 0 < len(clean) <= st.MAX_NAME and not any(
                unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in clean
            )
            try:
                got = s.add_student(k.id, name, f"{i:064d}")
            except NameTaken:
                assert good and st.name_key(clean) in kept
            except StoreError:
                assert not good
            else:
                assert good and st.name_key(clean) not in kept and got.name == clean
                kept[st.name_key(clean)] = clean
        assert [x.name for x in s.students(k.id)] == list(kept.values())
