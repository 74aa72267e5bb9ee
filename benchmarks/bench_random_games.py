"""Random games per second: durak-nb's engine beside the PyPI package ``durakgame``.

Plays complete games with uniformly random legal moves (every move of every player
who may act, as ``Game.legal_moves()`` lists them, then ``Game.play``) and prints
games per second and moves per second for

- durak-nb, 2-player podkidnoy (the same game as the peer's),
- durak-nb, 4-player perevodnoy,
- ``durakgame`` 1.0.4, 2 players, its ``MrRandom`` against itself, with its one
  take fault fixed (see ``peer_durakgame.patch_durakgame``),

and the ratio of the two 2-player figures.  The engines run in alternating rounds
within one process, so that other load on the machine falls on both alike; time is
CPU time of this process (``time.process_time``).  Every game is checked after it
ends: durak-nb's by every card of the deck being in exactly one place and a result
being set, the peer's by its own 36-card check.

A "move" is one action of one player: for durak-nb every attack, throw-in, transfer,
defence, take and pass (passes are explicit moves, R12); for durakgame one call of its
``Game.process`` (its throw-ins after take and the pass that follows count as one).

Run: ``python benchmarks/bench_random_games.py [--seconds S] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from durak_nb.engine import Game
from durak_nb.rules import Rules


def durak_nb_game(rules: Rules, players: int, seed: int) -> int:
    """Play one random game; returns its number of moves.

    Raises:
        AssertionError: the game did not end, or a card is missing or doubled.
    """
    game = Game.deal(rules, players, seed=seed)
    choose = random.Random(seed).choice
    moves = 0
    while game.result is None:
        game.play(choose(game.legal_moves()))
        moves += 1
    cards = game.all_cards()
    if len(cards) != rules.deck_size or len(set(cards)) != rules.deck_size:
        raise AssertionError(f"seed {seed}: {len(set(cards))} distinct cards of {rules.deck_size}")
    return moves


def _round(play: Callable[[int], int], seconds: float, seed: int) -> tuple[int, int, float, int]:
    games = moves = 0
    start = time.process_time()
    while True:
        moves += play(seed)
        games += 1
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return games, moves, spent, seed


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per engine per round")
    ap.add_argument("--rounds", type=int, default=4, help="alternating rounds")
    args = ap.parse_args(argv)

    import peer_durakgame as peer  # the peer is optional: pip install durakgame==1.0.4

    podkidnoy, perevodnoy = Rules.make("podkidnoy"), Rules.make("perevodnoy")
    runners: dict[str, Callable[[int], int]] = {
        "durak-nb podkidnoy 2p": lambda s: durak_nb_game(podkidnoy, 2, s),
        "durak-nb perevodnoy 4p": lambda s: durak_nb_game(perevodnoy, 4, s),
        "durakgame 1.0.4 2p (MrRandom)": peer.play_peer_game,
    }
    totals = {name: [0, 0, 0.0] for name in runners}
    seeds = dict.fromkeys(runners, 0)
    for _ in range(args.rounds):
        for name, run in runners.items():
            g, m, t, seeds[name] = _round(run, args.seconds, seeds[name])
            totals[name][0] += g
            totals[name][1] += m
            totals[name][2] += t
    print(f"{'engine':32} {'games':>7} {'games/s':>9} {'moves/s':>10} {'moves/game':>11}")
    rate = {}
    for name, (g, m, t) in totals.items():
        rate[name] = g / t
        print(f"{name:32} {int(g):7d} {g / t:9.1f} {m / t:10.0f} {m / g:11.1f}")
    ours, theirs = rate["durak-nb podkidnoy 2p"], rate["durakgame 1.0.4 2p (MrRandom)"]
    print(f"ratio durak-nb / durakgame (2-player games per second): {ours / theirs:.2f}")
    print("every game ended with every card in exactly one place")
    return 0


if __name__ == "__main__":
    sys.exit(main())
