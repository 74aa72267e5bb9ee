"""Replay: positions before and after each move, (state, move) steps, events beside the
moves, and seeking: the live game at any index from the nearest kept game.

The long game is the benchmark's (benchmarks/bench_replay_seek.py): 6-player perevodnoy,
random bots, seed 98, exactly 300 moves, no talon after the deal (6 x 6 = 36, R3).
No test here measures time.
"""

from __future__ import annotations

import random

import pytest
from conftest import RECORDINGS
from test_replay import shared_recording

from durak_nb.cards import parse_cards
from durak_nb.engine import Bito, Drew, Game, Move, Position, Result, Took
from durak_nb.record import Recording
from durak_nb.replay import SNAPSHOT_EVERY, Replay, Step
from durak_nb.selfplay import record_bot_game


@pytest.fixture(scope="module")
def long_rec() -> Recording:
    return record_bot_game("perevodnoy", 6, 98, {})


@pytest.fixture(scope="module")
def reference(long_rec: Recording) -> list[Game]:
    """The engine's live game at every index of the long game, replayed once from the start."""
    game = long_rec.new_game()
    out = [game.copy()]
    for move in long_rec.moves:
        game.play(move)
        out.append(game.copy())
    return out


# ----------------------------------------------------------------------------- before, after, steps


def test_before_and_after_are_the_kept_positions(pod: Replay) -> None:
    """before(k) is position(k), after(k) is position(k + 1): the same objects."""
    for k in range(len(pod)):
        assert pod.before(k) is pod.position(k)
        assert pod.after(k) is pod.position(k + 1)
    assert pod.after(13) is pod.final
    for bad in (-1, 14):
        with pytest.raises(IndexError):
            pod.before(bad)
        with pytest.raises(IndexError):
            pod.after(bad)


def test_steps_state_move_events_after_r14_r15_r16(pod: Replay) -> None:
    steps = list(pod.steps())
    assert len(steps) == 14
    assert steps[5] == Step(
        5,
        pod.position(5),
        Move.pass_(0),
        (Took(1, tuple(parse_cards("6S 7S 6C 6D"))), Drew(0, tuple(parse_cards("9C TH")))),
        pod.position(6),
    )
    assert [(s.k, s.move) for s in pod.steps(8, 10)] == [(8, Move.defend(1, "QC", "9C")), (9, Move.pass_(0))]
    assert steps[9].events == (Bito(tuple(parse_cards("9S AS 9C QC"))),)
    assert [(s.before, s.move) for s in steps] == list(pod)


def test_events_table_beside_the_moves_r14_r15_r16_r24_r25(pod: Replay) -> None:
    """The derived events (the take at the pass that ends the bout, bito, the draws in
    order, a player out, game over) beside each recorded move."""
    empty = {"took": "", "bito": "", "drew": "", "out": "", "lead_passed": "", "redeal": "", "result": ""}
    rows = pod.events_table()
    assert len(rows) == 14
    assert rows[3] == {"k": 3, "bout": 1, "player": "Boris", "move": "Boris takes", **empty}
    assert rows[5] == {
        "k": 5,
        "bout": 1,
        "player": "Anna",
        "move": "Anna passes",
        **empty,
        "took": "Boris: 6S 7S 6C 6D",
        "drew": "Anna: 9C TH",
    }
    assert rows[9] == {"k": 9, "bout": 2, "player": "Anna", "move": "Anna passes", **empty, "bito": "9S AS 9C QC"}
    assert rows[13] == {
        "k": 13,
        "bout": 3,
        "player": "Boris",
        "move": "Boris passes",
        **empty,
        "bito": "6S TH 6D KH",
        "out": "Anna",
        "result": "Boris is the durak",
    }
    assert pod.events_table(12, 14) == rows[12:14]


def test_events_table_draws_in_order_r16() -> None:
    """recordings/podkidnoy-2p.json: after the first bito the attacker draws first (R16)."""
    path = shared_recording("podkidnoy-2p.json")
    row = Replay.load(path).events_table(2, 3)[0]
    assert (row["move"], row["bito"], row["drew"]) == ("Boris passes", "TH AH", "Boris: 6H; Anna: 8H")


# ----------------------------------------------------------------------------- seeking


def test_the_long_game(long_rec: Recording) -> None:
    r = Replay(long_rec)
    assert len(r) == 300
    assert r.players == ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")
    assert r.result == Result(2, False, False, (5, 1, 3, 4, 0), None, "R25")
    assert r.snapshot_every == SNAPSHOT_EVERY == 16
    rows = r.events_table()
    assert [row["k"] for row in rows if row["took"]][:3] == [22, 33, 48]
    assert rows[299]["took"] == "Vera: 7C"
    assert rows[299]["out"] == "Anna"


@pytest.mark.parametrize("every", [1, 3, 16, 1000])
def test_1000_random_seeks_match_the_engine(long_rec: Recording, reference: list[Game], every: int) -> None:
    """Seeking in any order gives the engine's position, a live game with the same
    position, history and legal moves, and the engine's answers on who may act (R9-R14)."""
    r = Replay(long_rec, snapshot_every=every)
    rng = random.Random(every)
    for _ in range(1000):
        k = rng.randrange(len(r) + 1)
        want = reference[k]
        assert r.position(k) == want.position()
        g = r.game(k)
        assert g.position() == want.position()
        assert g.history == want.history
        if rng.random() < 0.1:
            assert g.legal_moves() == want.legal_moves()
            assert (r.whose_turn(k), r.throwers(k), r.room(k)) == (
                tuple(want.actors()),
                tuple(want.throwers()),
                want.room(),
            )


def test_every_index_in_order_matches_the_engine(long_rec: Recording, reference: list[Game]) -> None:
    r = Replay(long_rec)
    assert [r.position(k) for k in range(301)] == [g.position() for g in reference]
    assert [r.whose_turn(k) for k in range(301)] == [tuple(g.actors()) for g in reference]
    assert r.whose_turn(300) == ()


def test_a_live_game_is_yours_to_play_on(pod: Replay) -> None:
    """game(k) is a fresh copy: playing on it changes neither the replay nor the next copy."""
    g = pod.game(3)
    # R6: 6C is beaten by the higher club QC or by the trump JH; or Boris takes (R14)
    assert g.legal_moves(1) == [Move.defend(1, "JH", "6C"), Move.defend(1, "QC", "6C"), Move.take(1)]
    g.play(Move.take(1))
    assert pod.position(3).taking is False
    assert pod.game(3).position() == pod.position(3)
    assert pod.game(3) is not pod.game(3)


def test_kept_positions_share_what_did_not_change(long_rec: Recording) -> None:
    """Consecutive positions share equal hands, tables and discards (the same tuples)."""
    r = Replay(long_rec)
    for k in range(300):
        a, b = r.position(k), r.position(k + 1)
        for s in range(6):
            assert (a.hands[s] is b.hands[s]) == (a.hands[s] == b.hands[s])
        assert (a.discard is b.discard) == (a.discard == b.discard)
        assert (a.table is b.table) == (a.table == b.table)
    assert len({id(r.position(k).passed) for k in range(301)}) == len({r.position(k).passed for k in range(301)})


def test_positions_equal_engine_positions_in_every_recording() -> None:
    """Every recording (R1-R27 games): each kept position is the engine's."""
    paths = sorted(RECORDINGS.glob("*.json"))
    assert len(paths) >= 20, "the shared JSON recordings are missing"
    for path in paths:
        r = Replay.load(path)
        game = r.recording.new_game()
        want: list[Position] = [game.position()]
        for move in r.recording.moves:
            game.play(move)
            want.append(game.position())
        assert [r.position(k) for k in range(len(r) + 1)] == want, path.name
        assert r.game(len(r)).position() == want[-1], path.name


def test_snapshot_every_must_be_positive(pod: Replay) -> None:
    with pytest.raises(ValueError):
        Replay(pod.recording, snapshot_every=0)
