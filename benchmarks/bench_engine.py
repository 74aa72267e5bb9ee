"""Issue 13's engine figures in one run: durak-nb, durakgame 1.0.4 and a minimal loop.

Random legal play of 2-player podkidnoy with 36 cards, three ways, in alternating rounds
within one process (so that other load on the machine falls on all alike), timed in CPU
time of this process (``time.process_time``):

- durak-nb: ``Game.deal(seed=…)``, then ``random.Random(seed).choice(game.legal_moves())``
  and ``game.play(move)`` until the game ends, through the public API only, every move
  checked by ``play``; at the end every card of the deck in exactly one place;
- durakgame 1.0.4 (``peer_durakgame.play_peer_game``: its ``MrRandom`` against itself,
  its one take fault fixed);
- the minimal loop (``minimal_loop.play_game``: bitmask hands, int moves, the same games
  as durak-nb for the same seeds, held to that by ``tests/test_minimal_loop.py``).

It prints games/s and moves/s of each, and the ratios durak-nb / durakgame (target
≥ 3) and durak-nb / minimal loop (target ≥ 0.7). With ``--search`` it also times a
depth-limited walk of every move sequence (perft) with ``copy()`` and with
``push()``/``pop()``.

Run: ``python benchmarks/bench_engine.py [--seconds S] [--rounds N] [--search]``.

Paired: ``python benchmarks/bench_engine.py --paired REV [--rounds N] [--games G]`` puts the
engine of git revision ``REV`` (``git archive``, imported as a second package) beside the
engine of the working tree in one process and plays the same seeds on both in alternating
rounds (the order swapped every round), timing each round in CPU time: the random games
above (``G`` a round) and a push/pop walk (perft) of every move sequence 5 deep from 4
positions. It prints the median and quartiles of the round ratios new/old, the total
ratio, and the same for the engine of ``REV`` against itself (the noise). ``--callgrind
REV`` instead runs ``G`` games of each engine under ``valgrind --tool=callgrind`` and prints
instructions a game (repeatable whatever the machine's load).

Measured (issue 13, 2026-12-01) on a 2-CPU machine shared with other work (load average
3 to 5), eight runs of the defaults: durak-nb 1123 to 1743 games/s (about 119 moves a
game), durakgame 417 to 702, the minimal loop 1410 to 2323; durak-nb / durakgame 2.34 to
3.02 (middle 2.63), durak-nb / minimal loop 0.68 to 1.03 (middle 0.77); before the last
engine changes about 1100, 480 and 1690 (2.30 and 0.64). The ratios move with the other
load of the machine. On an idle machine before issue 13's second engine pass: durak-nb
about 2100 games/s, durakgame 790, the minimal loop 2560 (2.69 to 2.70 and 0.83); after
it (about 2 % less time a game), three runs with other work on the other CPU: 3.05, 2.68
and 2.71, and 0.90, 0.84 and 0.85. After the third pass (two-player leads two ranks a
look-up, shared one-pair events at the two-player bout end, ``play`` reading only the
fields it needs): a game takes 0.947 of the time of before (the two engines in one
process, 200 alternating rounds of 60 games, median of the round ratios, twice; the old
engine against itself 0.994), and 0.931 of the instructions (callgrind, 1,500 games from
empty tables, 2.94 to 2.74 million a game, the harness included). Six runs of the
defaults alternating with the engine of before, load average 6 to 7: durak-nb / durakgame
2.84, 2.63, 3.04, 3.09, 3.22, 3.02 (middle 3.03; before 2.81, 2.85, 3.03, 2.71, 2.75, 2.93,
middle 2.83), durak-nb / minimal loop 0.85 to 0.93 (before 0.77 to 0.89): the target ≥ 3
is reached in the middle, not reliably; the ratio moves with the machine's load more
than with this pass.

A fourth pass (issue 13, 2026-12-01, a CI run on the other CPU) kept no engine change:
none measurably helped. Per game the benchmark runs 2.64 million instructions (callgrind,
400 warm games), 31 % of them the interpreter's loop itself; ``Game.deal`` is 156,000 of
them (``random.Random(seed)`` 37,000, the shuffle 49,000). Tried, each against the engine
of before (paired in one process, rounds of 60 games alternating, median of the round
ratios new/old; the old engine against itself gave 1.003 over 20 rounds and 0.990 over
200, round ratios 0.60 to 1.66, so only a change of 2 % or more shows): the defences of
one uncovered card as a ready tuple by (covers held, card) (0.995 of the instructions,
but 1.060 and 1.062 of the time over 40 and 80 rounds: a fifth of the look-ups miss, a
dozen a game); multi-card takes and bitos without the list, slice and compress steps
(1.000 of the instructions, 0.999 of the time over 150 rounds); the two-player lead tables
made whole at once, no test per look-up (0.994 of the instructions, 0.984 and 0.998 of the
time over 120 and 200 rounds); a shuffle drawing its 32-bit words in batches (the same
deals and generator state, but slower); seeding ``random.Random`` without its Python
frames (0.9 µs a game of about 600). Five runs of the defaults (load average 1.8 to 3.9):
durak-nb / durakgame 3.23, 2.83, 3.31, 3.11, 2.94 (middle 3.11), durak-nb / minimal loop
0.98, 0.68, 1.08, 0.93, 0.99; durak-nb 1399 to 2124 games/s, durakgame 433 to 642.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import minimal_loop

from durak_nb.engine import Game
from durak_nb.rules import Rules

PODKIDNOY = Rules.make("podkidnoy")


def engine_game(seed: int) -> int:
    """Play one random game of 2-player podkidnoy; returns its number of moves.

    Raises:
        AssertionError: the game did not end, or a card is missing or doubled.
    """
    game = Game.deal(PODKIDNOY, 2, seed=seed)
    choose = random.Random(seed).choice
    legal, play = game.legal_moves, game.play
    moves = 0
    while game.result is None:
        play(choose(legal()))
        moves += 1
    cards = game.all_cards()
    if len(cards) != 36 or len(set(cards)) != 36:
        raise AssertionError(f"seed {seed}: {len(set(cards))} distinct cards of 36")
    return moves


def minimal_game(seed: int) -> int:
    """One game of the minimal loop; returns its number of moves."""
    return minimal_loop.play_game(seed)[0]


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


def _perft_copy(game: Game, depth: int) -> int:
    if depth == 0 or game.result is not None:
        return 1
    total = 0
    for move in game.legal_moves():
        child = game.copy()
        child.play(move)
        total += _perft_copy(child, depth - 1)
    return total


def _perft_push(game: Game, depth: int) -> int:
    if depth == 0 or game.result is not None:
        return 1
    total = 0
    for move in game.legal_moves():
        game.push(move)
        total += _perft_push(game, depth - 1)
        game.pop()
    return total


def search_figures(depth: int = 7) -> None:
    """Print nodes per second of a perft walk with copy() and with push()/pop()."""
    code = "6S6H7C8DJDKSAH/7H9HTHJHJCKD 8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQSAC C 1 9DTC 3 + -"
    walks: list[tuple[str, Callable[[Game, int], int]]] = [("copy() + play()", _perft_copy)]
    if hasattr(Game, "push"):
        walks.append(("push() / pop()", _perft_push))
    for name, walk in walks:
        game = Game.from_code(PODKIDNOY, 2, code)
        start = time.process_time()
        nodes = walk(game, depth)
        spent = time.process_time() - start
        print(f"perft depth {depth}, {name:16} {nodes:8d} nodes {nodes / spent:10.0f} nodes/s")


# ----------------------------------------------------------------------------- paired runs


def _old_engine(rev: str) -> Any:
    """The ``engine`` module of git revision ``rev``, imported as ``durak_nb_old.engine``."""
    import importlib
    import subprocess
    import tarfile
    import tempfile

    root = Path(__file__).resolve().parents[1]
    into = Path(tempfile.mkdtemp(prefix="bench-old-"))
    data = subprocess.run(["git", "-C", str(root), "archive", rev, "durak_nb"], capture_output=True, check=True).stdout
    tar = into / "old.tar"
    tar.write_bytes(data)
    with tarfile.open(tar) as t:
        t.extractall(into, filter="data")
    (into / "durak_nb").rename(into / "durak_nb_old")
    sys.path.insert(0, str(into))
    return importlib.import_module("durak_nb_old.engine")


def _game_player(engine: Any) -> Callable[[int], int]:
    rules = engine.Rules.make("podkidnoy")
    deal = engine.Game.deal

    def play_game(seed: int) -> int:
        game = deal(rules, 2, seed=seed)
        choose = random.Random(seed).choice
        legal, play = game.legal_moves, game.play
        moves = 0
        while game.result is None:
            play(choose(legal()))
            moves += 1
        return moves

    return play_game


def _walker(engine: Any) -> Callable[[int], int]:
    rules = engine.Rules.make("podkidnoy")

    def walk(game: Any, depth: int) -> int:
        if depth == 0 or game.result is not None:
            return 1
        total = 0
        for move in game.legal_moves():
            game.push(move)
            total += walk(game, depth - 1)
            game.pop()
        return total

    def run(seed: int) -> int:
        # the positions after 10 random moves of four seeded games, then the walk
        total = 0
        for s in range(seed, seed + 4):
            game = engine.Game.deal(rules, 2, seed=s)
            choose = random.Random(s).choice
            for _ in range(10):
                if game.result is None:
                    game.play(choose(game.legal_moves()))
            total += walk(game, 5)
        return total

    return run


def _paired(new: Callable[[int], int], old: Callable[[int], int], rounds: int, games: int) -> tuple[list[float], float]:
    """Round ratios new/old (CPU time of ``games`` seeds on each, alternating order) and the total ratio."""
    ratios: list[float] = []
    total = {"new": 0.0, "old": 0.0}
    for r in range(rounds):
        seeds = range(r * games, (r + 1) * games)
        spent = {}
        for name in ("new", "old") if r % 2 == 0 else ("old", "new"):
            run = new if name == "new" else old
            start = time.process_time()
            for seed in seeds:
                run(seed)
            spent[name] = time.process_time() - start
            total[name] += spent[name]
        ratios.append(spent["new"] / spent["old"])
    return ratios, total["new"] / total["old"]


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    import statistics

    q = statistics.quantiles(values, n=4)
    return q[0], statistics.median(values), q[2]


def paired_figures(rev: str, rounds: int, games: int) -> None:
    """Print the paired ratios new/old and old/old (see the module's text)."""
    new_engine = sys.modules["durak_nb.engine"]
    old_engine = _old_engine(rev)
    print(f"paired: the working tree's engine (new) against {rev} (old); CPU time; {rounds} alternating rounds")
    for what, make, per_round in (
        (f"random games ({games} a round)", _game_player, games),
        ("push/pop walk (4 positions, 5 deep)", _walker, 1),
    ):
        for label, a, b in (("new/old", new_engine, old_engine), ("old/old", old_engine, old_engine)):
            ratios, whole = _paired(make(a), make(b), rounds, per_round)
            low, mid, high = _quartiles(ratios)
            print(
                f"{what:38} {label}: median {mid:.3f} (quartiles {low:.3f}-{high:.3f}, "
                f"range {min(ratios):.3f}-{max(ratios):.3f}), total {whole:.3f}"
            )


def callgrind_figures(rev: str, games: int) -> None:
    """Print instructions a game (callgrind) of the working tree's engine and of ``rev``'s,
    for the random games and for the push/pop walk (a walk of 4 positions a "game")."""
    import subprocess
    import tempfile

    _old_engine(rev)
    here = Path(__file__).resolve()
    for what, maker, count in (
        ("random games", "_game_player", games),
        ("push/pop walk", "_walker", max(1, games // 20)),
    ):
        for label, package in (("new", "durak_nb"), ("old", "durak_nb_old")):
            figures = []
            for n in (0, count):  # the difference takes out the start-up (imports, tables)
                out = Path(tempfile.mkdtemp(prefix="bench-cg-")) / "cg.out"
                code = (
                    f"import sys; sys.path[:0] = {sys.path[:2]!r}; sys.path.insert(0, {str(here.parent)!r}); "
                    f"import bench_engine as b, importlib; e = importlib.import_module('{package}.engine'); "
                    f"p = b.{maker}(e); p(10**6); [p(s) for s in range({n})]"
                )
                subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
                    check=True,
                    capture_output=True,
                    env={**os.environ, "PYTHONHASHSEED": "0"},  # the same hashes, set orders in every run
                )
                figures.append(int(out.read_text().split("summary:")[1].split()[0]))
            print(f"callgrind {what:14} {label}: {(figures[1] - figures[0]) / count:,.0f} instructions each ({count})")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per engine per round")
    ap.add_argument("--rounds", type=int, default=4, help="alternating rounds")
    ap.add_argument("--search", action="store_true", help="also time a perft walk (copy vs push/pop)")
    ap.add_argument("--paired", metavar="REV", help="the working tree's engine against git revision REV's")
    ap.add_argument("--callgrind", metavar="REV", help="instructions a game, the working tree's and REV's")
    ap.add_argument("--games", type=int, default=40, help="games a paired round (default 40)")
    args = ap.parse_args(argv)
    if args.paired:
        paired_figures(args.paired, args.rounds, args.games)
        return 0
    if args.callgrind:
        callgrind_figures(args.callgrind, args.games)
        return 0

    import peer_durakgame as peer  # the peer is optional: pip install durakgame==1.0.4

    runners: dict[str, Callable[[int], int]] = {
        "durak-nb": engine_game,
        "durakgame 1.0.4 (MrRandom)": peer.play_peer_game,
        "minimal loop": minimal_game,
    }
    totals = {name: [0, 0, 0.0] for name in runners}
    seeds = dict.fromkeys(runners, 0)
    for _ in range(args.rounds):
        for name, run in runners.items():
            g, m, t, seeds[name] = _round(run, args.seconds, seeds[name])
            totals[name][0] += g
            totals[name][1] += m
            totals[name][2] += t
    print("random legal play, 2-player podkidnoy, 36 cards; CPU time, alternating rounds")
    print(f"{'engine':28} {'games':>7} {'games/s':>9} {'moves/s':>10} {'moves/game':>11}")
    rate = {}
    for name, (g, m, t) in totals.items():
        rate[name] = g / t
        print(f"{name:28} {int(g):7d} {g / t:9.1f} {m / t:10.0f} {m / g:11.1f}")
    ours = rate["durak-nb"]
    print(f"ratio durak-nb / durakgame:    {ours / rate['durakgame 1.0.4 (MrRandom)']:.2f}  (target >= 3)")
    print(f"ratio durak-nb / minimal loop: {ours / rate['minimal loop']:.2f}  (target >= 0.7)")
    if args.search:
        search_figures()
    return 0


if __name__ == "__main__":
    sys.exit(main())
