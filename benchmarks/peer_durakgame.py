"""Peer benchmark: the PyPI package ``durakgame`` 1.0.4 playing itself.

Plays complete 2-player games of ``durakgame``'s ``MrRandom`` against itself and
reports games/s and moves/s, so ``durak-nb``'s engine can be compared with an
existing pure-Python Durak implementation.

Notes on fairness and on what is measured:

* durakgame 1.0.4 has a fault in its take handling (see :func:`patch_durakgame`).
  This module fixes that one fault, and nothing else, with a monkeypatch applied
  at import time. Without it, random games corrupt (duplicate cards) and often
  blow up. The patch wraps ``Game.process``, adding one ``isinstance`` check and
  one extra Python call to every move. That cost counts towards durakgame's time.
* Games are driven by durakgame's own loop, ``Game.kickoff``, built the same way
  as ``durakgame.play`` builds them (standard deck, ``random.shuffle``,
  ``Game(deck, p1, p2)``). We build the ``Game`` ourselves only so that we can
  check it afterwards, because ``play`` returns only the history.
* Printing: in normal play durakgame prints nothing. Its only ``print`` is a
  debug ``print("here")`` in ``Game.kickoff`` (``game.py``), reached only when
  no legal move exists, and the next line then raises. Printing is therefore not
  part of the measured game loop. For safety each game still runs under
  ``contextlib.redirect_stdout`` to a writer that discards everything. That costs
  about a microsecond per game, which is negligible.
* Randomness: durakgame uses the ``random`` module's global functions
  (``random.shuffle`` in ``interface.play``, ``random.randint`` in
  ``MrRandom.nextMove``). :func:`play_peer_game` seeds them with
  ``random.seed(seed)``, so games can be reproduced. This changes the global
  ``random`` state.

Run as a script: ``python benchmarks/peer_durakgame.py [seconds] [seed]``.
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
import sys
import time
from collections import Counter
from typing import Any

from durakgame.game import Game
from durakgame.interface import standardDeck
from durakgame.move import FinishingMove, Move
from durakgame.player import MrRandom
from durakgame.primitives import GameResult

__all__ = ["MAX_MOVES", "patch_durakgame", "play_peer_game", "run_peer"]

#: A game with this many moves or more (durakgame's moves, see
#: :func:`play_peer_game`) counts as hung, and :func:`play_peer_game` raises.
#: With the fix, random games take 52-207 moves (mean about 103.5, seeds 0-4999).
#: The cap stops a game loop that never ends. It cannot stop the unpatched
#: blow-up, which happens inside a single ``Game.generateAttackOptions`` call.
MAX_MOVES = 10_000

_PATCH_MARKER = "_durak_nb_finishing_move_fix"
_DECK_SIZE = 36


class _NullWriter(io.TextIOBase):
    """Text stream that discards everything written to it."""

    def writable(self) -> bool:
        """Report that the stream is writable."""
        return True

    def write(self, s: str) -> int:
        """Discard ``s`` and report it as written."""
        return len(s)


_NULL = _NullWriter()


def patch_durakgame() -> None:
    """Fix durakgame 1.0.4 so that thrown-in cards leave the attacker's hand.

    **The fault.** ``durakgame/game.py``, method ``Game.process``, in the
    ``case FinishingMove(cards):`` branch (lines 193-200 of the 1.0.4 wheel)::

        case FinishingMove(cards):
            assert self.turn == self.move # TODO: remove
            assert self.table.isForfeited # TODO: remove
            self.currentOpponent.hand += self.table.defense
            self.currentOpponent.hand += self.table.attack
            self.currentOpponent.hand += cards
            self.table.clear()
            self.takeCards(self.currentPlayer)

    A ``FinishingMove`` is the attacker's reply after the defender has decided to
    take (``ForfeitingMove``). ``cards`` are the extra cards the attacker throws
    in (zero or more), and the defender takes them together with the table.
    Line 198 adds ``cards`` to the defender's hand, but nothing removes them from
    the attacker's hand (``self.currentPlayer.hand``). Every throw-in after a take
    therefore copies the card: it ends up in both hands. The game then goes
    wrong: more than 36 cards are in play, and the attacker's refill
    (``takeCards``) counts the cards still in its hand, so it draws too few. The
    option lists made by ``Game.generateAttackOptions`` (every combination of
    throw-in cards) also grow very large as hands swell with copies, so games can
    run for a very long time or run out of memory.

    **The patch.** ``Game.process`` is wrapped. Before the original runs a
    ``FinishingMove``, each card in ``move.cards`` is removed from
    ``self.currentPlayer.hand`` with ``list.remove``. This is the same thing
    ``process`` already does for ``OpeningMove``, ``AttackingMove`` and
    ``DefensiveMove``. The original then adds the cards to the defender as
    before, and the attacker's refill now sees the correct hand size. Every other
    move, and every other rule in durakgame, is left exactly as shipped.

    Calling this again does nothing. The wrapper carries a marker attribute, so
    it is installed only once.
    """
    if getattr(Game.process, _PATCH_MARKER, False):
        return
    original_process = Game.process

    def process(self: Game, move: Move) -> None:
        if isinstance(move, FinishingMove):
            hand = self.currentPlayer.hand
            for card in move.cards:
                hand.remove(card)
        original_process(self, move)

    functools.update_wrapper(process, original_process)  # name, doc, __wrapped__
    setattr(process, _PATCH_MARKER, True)
    Game.process = process  # type: ignore[method-assign, unused-ignore]


patch_durakgame()


def _check_finished_game(game: Game, seed: int, moves: int) -> None:
    """Raise ``AssertionError`` if ``game`` did not end, or if cards are wrong.

    Checks the following: the game ended (``isFinished``, a real result, empty
    table and deck). All 36 cards of the standard deck are found exactly once
    across both hands, the deck (the talon, with the trump card at its end), the
    discard pile and the table.
    """
    where = f"durakgame seed={seed} after {moves} moves"
    if moves >= MAX_MOVES:
        raise AssertionError(f"{where}: hit the {MAX_MOVES}-move cap (hung game)")
    if not game.isFinished or game.history.result is GameResult.Unfinished:
        raise AssertionError(f"{where}: game did not finish")
    if game.deck or not game.table.isEmpty:
        raise AssertionError(
            f"{where}: game over with {len(game.deck)} cards in the deck and "
            f"{len(game.table.attack) + len(game.table.defense)} on the table"
        )
    found = Counter(game.player1.hand)
    found.update(game.player2.hand)
    found.update(game.deck)
    found.update(game.discardPile)
    found.update(game.table.attack)
    found.update(game.table.defense)
    expected = Counter(standardDeck())
    if len(expected) != _DECK_SIZE or found != expected:
        missing = sorted((expected - found).elements())
        extra = sorted((found - expected).elements())
        raise AssertionError(
            f"{where}: {sum(found.values())} cards instead of {_DECK_SIZE}, "
            f"each exactly once; missing={missing} extra copies={extra}"
        )


def play_peer_game(seed: int) -> int:
    """Play one complete durakgame game, MrRandom vs MrRandom, and return its moves.

    Seeds the ``random`` module globals with ``seed`` (durakgame uses them for both
    the shuffle and ``MrRandom``). Then it builds the game as ``durakgame.play``
    would and runs durakgame's own ``Game.kickoff`` loop, with the move cap
    :data:`MAX_MOVES`.

    **What one "move" is.** One move is one call of ``Game.process``: one choice a
    player makes from ``Game.generateOptions``. The count is ``len(p1Moves) +
    len(p2Moves)`` in the game history, the same counter ``kickoff`` uses. The
    kinds of move map to an engine's actions as follows:

    * ``OpeningMove`` / ``AttackingMove``: one attack or throw-in card, 1 action.
    * ``DefensiveMove``: one card beats the top attack card, 1 action.
    * ``ForfeitingMove``: the defender takes, 1 action.
    * ``EndingMove``: the attacker passes and the table is discarded, 1 action.
    * ``FinishingMove(cards)``: the attacker's answer to a take. It throws in all
      ``k`` extra cards at once (``k`` can be 0) and closes the round. That is
      **one** durakgame move, but ``k`` throw-ins plus a closing pass in an
      engine that counts each card separately.

    So durakgame's count is at most that of a one-card-per-action engine. The two
    differ only in how the ``k`` throw-ins after a take and the final pass are
    counted. With only two players there is no separate throw-in by a third
    player. Attack and defense strictly alternate, one card at a time.

    Raises ``AssertionError`` if the game hits the move cap, does not finish, or
    does not have all 36 cards exactly once at the end.
    """
    random.seed(seed)
    deck = standardDeck()
    random.shuffle(deck)
    game = Game(deck, MrRandom(), MrRandom())
    with contextlib.redirect_stdout(_NULL):
        game.kickoff(numberOfMoves=MAX_MOVES // 2)  # kickoff caps at 2 * this
    moves = len(game.history.p1Moves) + len(game.history.p2Moves)
    _check_finished_game(game, seed, moves)
    return moves


def run_peer(seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Play durakgame games back to back for about ``seconds`` of wall-clock time.

    Game ``i`` uses seed ``seed + i``. Every game is checked (see
    :func:`play_peer_game`), and the check time is part of the measured time. It
    is small next to a game. At least one game is always played.

    Returns ``{"games", "moves", "seconds", "games_per_s", "moves_per_s"}``.
    ``moves`` are durakgame moves, as defined in :func:`play_peer_game`.
    """
    games = 0
    moves = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        moves += play_peer_game(seed + games)
        games += 1
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "moves": moves,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "moves_per_s": moves / elapsed,
    }


def _main(argv: list[str]) -> None:
    """Run :func:`run_peer` with optional ``seconds`` and ``seed`` args and print it."""
    seconds = float(argv[0]) if argv else 3.0
    seed = int(argv[1]) if len(argv) > 1 else 0
    r = run_peer(seconds, seed)
    print("durakgame 1.0.4 (patched), MrRandom vs MrRandom, 2 players")
    print(f"games        {r['games']}")
    print(f"moves        {r['moves']}  (durakgame moves; see play_peer_game)")
    print(f"seconds      {r['seconds']:.3f}")
    print(f"games/s      {r['games_per_s']:.1f}")
    print(f"moves/s      {r['moves_per_s']:.0f}")
    print(f"moves/game   {r['moves'] / r['games']:.1f}")


if __name__ == "__main__":
    _main(sys.argv[1:])
