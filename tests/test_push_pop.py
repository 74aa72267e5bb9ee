"""Game.push / Game.pop: undo without copying (issue 13), exact under every rule mix.

After any sequence of pushes and pops, a pop gives back exactly the game before its push:
the position, the legal moves, the history, the R27 counts, the english lead passes
(R9), the shown trumps (R20), the generator behind a listed redeal (R5); pushing the same
move again causes the same events.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import Mix, mixes, random_game
from test_perft import PERFT, outcome

from durak_nb.engine import Game, IllegalMove, Move
from durak_nb.rules import Rules

FAST = settings(deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a move may change, as plain values."""
    return (
        game.position(),
        game.legal_moves(),
        list(game.history),
        dict(game._seen),
        game.lead_passes,
        game.passed,
        set(game.shown),
        game.rng.getstate(),
        [list(h) for h in game.dealt_hands],
        game.deck_order,
        game.trump,
        game.trump_card,
        game.actors(),
        game.room(),
        game.throwers(),
        [list(h) for h in game.hands],
        game.all_cards(),
    )


@FAST
@given(mix=mixes(), walk=st.integers(0, 400), ops=st.lists(st.integers(0, 9), min_size=1, max_size=40))
def test_pop_restores_exactly(mix: Mix, walk: int, ops: list[int]) -> None:
    """A random walk to a position, then random pushes (0-6) and pops (7-9)."""
    game = random_game(mix)
    rng = random.Random(mix.seed)
    for _ in range(walk):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()))
    stack: list[tuple[tuple[Any, ...], Move, list[Any]]] = []
    for op in ops:
        if op >= 7 and stack:
            before, move, events = stack.pop()
            assert game.pop() == move or move.deck is None  # a listed redeal comes back with its deck
            assert snapshot(game) == before
            assert game.push(move) == events  # the same move again: the same events
            assert game.pop() is not None
            assert snapshot(game) == before
        elif not game.finished:
            before = snapshot(game)
            move = rng.choice(game.legal_moves())
            stack.append((before, move, game.push(move)))
    while stack:
        before, _move, _events = stack.pop()
        game.pop()
        assert snapshot(game) == before


def perft_push(game: Game, depth: int) -> tuple[int, int, int]:
    """test_perft's count, with push and pop instead of copies."""
    if game.result is not None:
        return (0, 1, outcome(game.result))
    if depth == 0:
        return (1, 0, 0)
    leaves = ended = outcomes = 0
    for move in game.legal_moves():
        game.push(move)
        a, b, c = perft_push(game, depth - 1)
        game.pop()
        leaves += a
        ended += b
        outcomes += c
    return leaves, ended, outcomes


@pytest.mark.parametrize("index", [0, 1, 5, 7, 13, 15, 21, 27])
def test_perft_with_push_pop(index: int) -> None:
    preset, opts, n, code, depth, expected = PERFT[index]
    game = Game.from_code(Rules.make(preset, **opts), n, code)
    before = snapshot(game)
    assert perft_push(game, depth) == expected
    assert snapshot(game) == before


def test_pop_without_push() -> None:
    game = Game.deal("podkidnoy", 2, seed=3)
    game.play(game.legal_moves()[0])
    with pytest.raises(IndexError, match="no move was pushed"):
        game.pop()


def test_illegal_push_changes_nothing() -> None:
    game = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    game.push(game.legal_moves()[0])
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.push(Move.take(game.attacker))  # type: ignore[arg-type]
    assert caught.value.refusal.rule == "R10"
    assert snapshot(game) == before
    game.pop()
    assert game.history == []


def test_redeal_pop_restores_the_generator() -> None:
    """R5: a listed redeal shuffles with the game's generator; pop puts it back, so the
    same push deals the same cards."""
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    for seed in range(400):
        game = Game.deal(rules, 2, seed=seed)
        redeals = [m for m in game.legal_moves() if m.action.value == "redeal"]
        if redeals:
            break
    else:  # pragma: no cover - some deal of 400 has five of a suit
        raise AssertionError("no redeal found")
    before = snapshot(game)
    game.push(redeals[0])
    dealt = game.history[-1].deck
    assert dealt is not None and len(dealt) == 36
    game.pop()
    assert snapshot(game) == before
    game.push(redeals[0])
    assert game.history[-1].deck == dealt


def test_copy_starts_with_an_empty_stack() -> None:
    game = Game.deal("perevodnoy", 3, seed=5)
    game.push(game.legal_moves()[0])
    twin = game.copy()
    with pytest.raises(IndexError):
        twin.pop()
    game.pop()
    assert game.history == [] and len(twin.history) == 1


def test_an_equal_move_of_other_types_is_refused() -> None:
    """A move equal to a listed one but built of other types (a bool seat, an action
    word, plain ints for cards) is checked by why_illegal and refused (R2, R1), even once
    the legal moves were listed (before: accepted whenever legal_moves() had run)."""
    game = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    lead = game.legal_moves()[0]
    seat = bool(lead.player)
    for bad, rule in (
        (Move(seat, lead.action, lead.cards), "R2"),  # type: ignore[arg-type]
        (Move(lead.player, "attack", lead.cards), "R1"),  # type: ignore[arg-type]
        (Move(lead.player, lead.action, tuple(int(c) for c in lead.cards)), "R1"),  # type: ignore[misc]
    ):
        assert bad == lead
        with pytest.raises(IllegalMove) as caught:
            game.play(bad)
        assert caught.value.refusal.rule == rule
    assert game.history == []
    game.play(Move(lead.player, lead.action, lead.cards))  # equal and of the same types: played
    assert game.history == [lead]
