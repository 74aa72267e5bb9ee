"""Bots: players that choose a legal move.  Every bot asks the engine; none re-decides a rule.

>>> from durak_nb.engine import Game
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=7)
>>> moves = play_out(g, RandomBot(seed=7))
>>> g.finished, len(moves) == len(g.history)
(True, True)
"""

from __future__ import annotations

import random
from typing import Protocol

from .engine import Game, Move

__all__ = ["Bot", "RandomBot", "play_out"]

#: A bound on moves in one game; R27 ends every game long before it.
MAX_MOVES = 100_000


class Bot(Protocol):
    """Anything that picks one move from a game's legal moves."""

    def choose(self, game: Game) -> Move:
        """Return one of ``game.legal_moves()``."""
        ...


class RandomBot:
    """Picks uniformly at random among every legal move of every player who may act.

    Args:
        seed: seed of its own ``random.Random`` (reproducible games).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """A uniformly random legal move.

        Raises:
            ValueError: the game is over (no legal move).
        """
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the game is over: no legal move to choose")
        return self.rng.choice(moves)


def play_out(game: Game, bot: Bot, max_moves: int = MAX_MOVES) -> list[Move]:
    """Let ``bot`` play every seat until the game ends; returns the moves played.

    Raises:
        RuntimeError: more than ``max_moves`` moves (cannot happen with R27 on).
    """
    played: list[Move] = []
    while not game.finished:
        if len(played) >= max_moves:
            raise RuntimeError(f"no end after {max_moves} moves (is repetition_draw off? R27)")
        move = bot.choose(game)
        game.play(move)
        played.append(game.history[-1])
    return played
