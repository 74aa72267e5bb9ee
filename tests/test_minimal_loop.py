"""benchmarks/minimal_loop.py plays the same games as the engine (issue 13's yardstick).

For every seed, the minimal loop's moves, decoded, are the engine's moves in
``bench_engine.engine_game`` (the same deal R3, first attacker R4, the same legal moves in
the same order, R9-R16, the same choice), and the games end with the same durak (R25).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import minimal_loop

from durak_nb.engine import Game
from durak_nb.rules import Rules


def engine_moves(seed: int) -> tuple[list[tuple[int, str, tuple[int, ...], int | None]], int | None]:
    """The engine's random game of ``seed`` as bench_engine plays it: its moves and durak."""
    game = Game.deal(Rules.make("podkidnoy"), 2, seed=seed)
    choose = random.Random(seed).choice
    while game.result is None:
        game.play(choose(game.legal_moves()))
    moves = [
        (m.player, m.action.value, tuple(int(c) for c in m.cards), None if m.target is None else int(m.target))
        for m in game.history
    ]
    return moves, game.result.durak


@pytest.mark.parametrize("block", range(4))
def test_same_games(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        moves, durak = engine_moves(seed)
        record: list[int] = []
        count, minimal_durak = minimal_loop.play_game(seed, record)
        assert [minimal_loop.decode(m) for m in record] == moves, f"seed {seed}"
        assert (count, minimal_durak) == (len(moves), durak), f"seed {seed}"


def test_game_moves_decode() -> None:
    moves = minimal_loop.game_moves(7)
    first = minimal_loop.decode(moves[0])
    assert first == engine_moves(7)[0][0]
    assert first[1] == "attack"
