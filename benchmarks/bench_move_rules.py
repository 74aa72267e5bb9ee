"""``explain.move_rules`` per move, its pure part cached or not, in one run (issue 13 review).

:func:`durak_nb.explain.move_rules` gives the rule ids of every move of a table
(:func:`durak_nb.tables.moves_frame`) and of every self-play corpus game
(:class:`durak_nb.tables.MoveColumns`, the ``rules`` column of ``moves.parquet``).  Its
pure part, the sorted ids of a reading and the events' rules, is kept in a bounded
cache (``functools.lru_cache``, ``explain._rule_ids``).  The script plays ``--games``
random-bot games (2-player podkidnoy, seeds ``0..N-1``; not timed), then times
``move_rules`` over every move with the cache and with it bypassed (the function it
wraps), the best of ``--runs``, and ``MoveColumns.add`` (a corpus's whole row) once
each way; both ways give the same ids (checked).

Run: ``python benchmarks/bench_move_rules.py [--games N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from durak_nb import explain
from durak_nb.explain import move_rules
from durak_nb.selfplay import record_bot_game
from durak_nb.tables import MoveColumns


def _best(runs: int, work: Any) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    steps: list[tuple[Any, ...]] = []
    recs = [
        record_bot_game("podkidnoy", 2, s, on_step=lambda b, m, e, a: steps.append((b, m, tuple(e), a)))
        for s in range(args.games)
    ]
    rules, players = recs[0].rules, recs[0].players

    def rule_ids() -> list[tuple[str, ...]]:
        return [move_rules(m, b, e, a, rules) for b, m, e, a in steps]

    def rows() -> None:
        columns = MoveColumns(players, rules)
        for b, m, e, a in steps:
            columns.add(b, m, e, a)

    cached = explain._rule_ids
    figures: dict[str, tuple[float, float]] = {}
    answers = {}
    for name, fn in (("uncached", cached.__wrapped__), ("cached", cached)):
        explain._rule_ids = fn  # type: ignore[assignment]
        try:
            answers[name] = rule_ids()
            figures[name] = (_best(args.runs, rule_ids), _best(max(1, args.runs // 2), rows))
        finally:
            explain._rule_ids = cached
    assert answers["cached"] == answers["uncached"], "the cache changed a rule id"
    n, g = len(steps), args.games
    print(f"{g} games, {n} moves (2-player podkidnoy, random bots); best of {args.runs}")
    print(f"{'':10} {'us/move':>9} {'ms/game':>9} {'MoveColumns.add ms/game':>24}")
    for name, (t, r) in figures.items():
        print(f"{name:10} {t / n * 1e6:9.2f} {t / g * 1e3:9.3f} {r / g * 1e3:24.3f}")
    speed = figures["uncached"][0] / figures["cached"][0]
    print(f"move_rules cached/uncached speed-up: {speed:.1f}x; cache {cached.cache_info()}")


if __name__ == "__main__":
    main()
