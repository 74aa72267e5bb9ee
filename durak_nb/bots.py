"""Bots: players that choose a legal move.  Every bot asks the engine; none re-decides a rule.

A bot's :meth:`~Bot.choose` picks one of ``game.legal_moves()`` (any player who may
act), or, given ``player``, one of ``game.legal_moves(player)`` (that seat's move, as
the play widget asks for the seats it does not play).

>>> from durak_nb.engine import Game
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=7)
>>> moves = play_out(g, RandomBot(seed=7))
>>> g.finished, len(moves) == len(g.history)
(True, True)
>>> g = Game.deal("perevodnoy", ["Anna", "Boris", "Vera"], seed=3)
>>> moves = play_out(g, LowestCardBot())
>>> g.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .cards import Card
from .engine import Action, Game, Move

__all__ = ["Bot", "LowestCardBot", "RandomBot", "play_out"]

#: A bound on moves in one game; R27 ends every game long before it.
MAX_MOVES = 100_000


class Bot(Protocol):
    """Anything that picks one move from a game's legal moves."""

    def choose(self, game: Game, player: int | None = None) -> Move:
        """Return one of ``game.legal_moves()``, or of ``game.legal_moves(player)``
        when ``player`` (a seat) is given."""
        ...


def _moves(game: Game, player: int | None) -> list[Move]:
    moves = game.legal_moves() if player is None else game.legal_moves(player)
    if not moves:
        who = "" if player is None else f" for {game.players[player]}"
        raise ValueError(f"no legal move to choose{who}" + (": the game is over" if game.finished else ""))
    return moves


class RandomBot:
    """Picks uniformly at random among the legal moves.

    Args:
        seed: seed of its own ``random.Random`` (reproducible games).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: int | None = None) -> Move:
        """A uniformly random legal move (of every player who may act, or of ``player``).

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        return self.rng.choice(_moves(game, player))


class LowestCardBot:
    """A simple heuristic player: the lowest card that works.

    It only chooses among the engine's legal moves; "lowest" means non-trumps before
    trumps, then by rank (the trump suit is read from the game, R3/R8).

    * Leading (R9): the lead with the fewest trumps, then the lowest card, then the
      most cards of that rank; passes the lead when that is its only move (english durak).
    * Defending (R10): a transfer by showing a trump first (R20: it costs no card);
      then, when it can cover every uncovered card one by one (checked greedily with
      :meth:`Game.beats`, hardest card first), it covers with the lowest card that
      beats; otherwise it transfers (R17) when it may, else it takes (R14).
    * Throwing in (R11, R14 вдогонку): its lowest non-trump card of a rank on the
      table, one at a time; else it passes (R12).
    * It never claims a redeal (R5).

    Without ``player`` it moves for the defender when the defender may act, else for
    the attacker, else for the first other player who may act clockwise.
    """

    def choose(self, game: Game, player: int | None = None) -> Move:
        """The move of ``player`` (or of the seat picked as above).

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        seat = self._seat(game) if player is None else player
        moves = [m for m in _moves(game, seat) if m.action is not Action.REDEAL] or _moves(game, seat)
        trump = game.trump

        def cheap(c: Card) -> tuple[bool, int]:
            return (c.suit == trump, int(c.rank))

        by_action: dict[Action, list[Move]] = {}
        for m in moves:
            by_action.setdefault(m.action, []).append(m)
        attacks = by_action.get(Action.ATTACK)
        if attacks:
            # fewest trumps, then the lowest card, then as many cards of that rank as allowed
            return min(
                attacks, key=lambda m: (sum(c.suit == trump for c in m.cards), min(map(cheap, m.cards)), -len(m.cards))
            )
        defends = by_action.get(Action.DEFEND, [])
        transfers = by_action.get(Action.TRANSFER, [])
        if defends or transfers or Action.TAKE in by_action:
            shown = [m for m in transfers if m.show]
            if shown:  # it costs no card
                return shown[0]
            plan = self._cover_all(game, seat, cheap)
            if plan is not None:
                card, target = plan
                return Move.defend(seat, card, target)
            if transfers:
                return min(transfers, key=lambda m: (len(m.cards), [cheap(c) for c in m.cards]))
            if Action.TAKE in by_action:
                return by_action[Action.TAKE][0]
        throws = [m for m in by_action.get(Action.THROW, []) if len(m.cards) == 1 and m.cards[0].suit != trump]
        if throws:
            return min(throws, key=lambda m: cheap(m.cards[0]))
        if Action.PASS in by_action:
            return by_action[Action.PASS][0]
        return moves[0]

    @staticmethod
    def _seat(game: Game) -> int:
        actors = game.actors()
        if not actors:
            raise ValueError("no legal move to choose" + (": the game is over" if game.finished else ""))
        for seat in (game.defender, game.attacker):
            if seat is not None and seat in actors:
                return seat
        a = game.attacker if game.attacker is not None else 0
        return min(actors, key=lambda s: (s - a) % game.n)

    @staticmethod
    def _cover_all(game: Game, seat: int, cheap: Callable[[Card], tuple[bool, int]]) -> tuple[Card, Card] | None:
        """The first (cover, target) of a plan covering every uncovered card, or ``None``.

        Only legal defences are used: each step is checked with :meth:`Game.why_illegal`
        for the first pair, and :meth:`Game.beats` (R6–R8) for the rest of the plan.
        """
        uncovered = [a for a, d in game.table if d is None]
        if not uncovered or game.defender != seat:
            return None
        hand = sorted(game.hands[seat], key=cheap)
        used: set[Card] = set()
        plan: list[tuple[Card, Card]] = []
        for target in sorted(uncovered, key=cheap, reverse=True):  # the hardest card first
            cover = next((c for c in hand if c not in used and game.beats(c, target)), None)
            if cover is None:
                return None
            used.add(cover)
            plan.append((cover, target))
        first = plan[0]
        if game.why_illegal(Move.defend(seat, first[0], first[1])) is not None:
            return None
        return first


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
