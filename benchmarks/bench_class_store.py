"""The class server's store: how fast moves are committed and read, SQLite beside
PostgreSQL (docs/classroom.md, "The class server's store").

For each back end, on a fresh database (an SQLite file in a temporary folder; a
throwaway PostgreSQL cluster, tests/pgserver.py, with ``fsync=on``, as a real server
runs), with the store's own settings (SQLite: WAL, ``synchronous=FULL``):

- **commits/s, one writer**: ``append_move`` ``N`` times at one table (each a durable
  transaction: committed before it returns), the median and p99 milliseconds of one;
- **commits/s, T writers**: ``T`` threads, each at its own table (as a class's tables
  play at once), ``N`` moves in all;
- **read latency**: ``moves(table, since=k)`` (what a server reads to catch up) and
  ``count(table)`` on a table of ``N`` moves, the median and p99.

    PYTHONPATH=. python benchmarks/bench_class_store.py [N] [T]    # default 300 moves, 4 threads

A back end that cannot start here (no PostgreSQL installed) is printed as such.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

MOVE = {"player": "Anna", "action": "attack", "cards": ["6S"]}
PLAYERS = ["Anna", "Boris"]


def _doc() -> dict[str, object]:
    import random

    from durak_nb.cards import deck

    cards = list(deck(36))
    random.Random(1).shuffle(cards)
    return {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": PLAYERS,
        "deal": {"dealer": "Boris", "deck": [c.code for c in cards]},
    }


def _ms(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def measure(url: str, n: int, threads: int) -> dict[str, str]:
    """The figures of one back end, as printed."""
    from durak_nb.classroom.store import Store

    out: dict[str, str] = {}
    with Store(url) as store:
        k = store.create_class("bench", "Teacher", "en", "h" * 64)
        t = store.open_table(k.id, [{"bot": 1}, {"bot": 1}], _doc())
        one: list[float] = []
        t0 = time.perf_counter()
        for seq in range(n):
            s = time.perf_counter()
            store.append_move(t.id, seq, MOVE)
            one.append(time.perf_counter() - s)
        wall = time.perf_counter() - t0
        out["commits/s, 1 writer"] = f"{n / wall:,.0f}"
        out["commit p50 / p99 ms"] = f"{_ms(one, 0.5):.2f} / {_ms(one, 0.99):.2f}"

        tables = [store.open_table(k.id, [{"bot": 1}, {"bot": 1}], _doc()) for _i in range(threads)]
        each = max(1, n // threads)
        many: list[float] = []
        lock = threading.Lock()

        def write(table_id: int) -> None:
            mine = []
            for seq in range(each):
                s = time.perf_counter()
                store.append_move(table_id, seq, MOVE)
                mine.append(time.perf_counter() - s)
            with lock:
                many.extend(mine)

        workers = [threading.Thread(target=write, args=(x.id,)) for x in tables]
        t0 = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        wall = time.perf_counter() - t0
        out[f"commits/s, {threads} writers"] = f"{each * threads / wall:,.0f}"
        out[f"commit p50 / p99 ms, {threads} writers"] = f"{_ms(many, 0.5):.2f} / {_ms(many, 0.99):.2f}"

        def timed(call: Callable[[], object], times: int = 200) -> list[float]:
            got = []
            for _i in range(times):
                s = time.perf_counter()
                call()
                got.append(time.perf_counter() - s)
            return got

        tail = timed(lambda: store.moves(t.id, since=n - 1))
        whole = timed(lambda: store.moves(t.id), times=50)
        count = timed(lambda: store.count(t.id))
        out["moves(since=last) p50 / p99 ms"] = f"{_ms(tail, 0.5):.2f} / {_ms(tail, 0.99):.2f}"
        out[f"moves(all {n}) p50 / p99 ms"] = f"{_ms(whole, 0.5):.2f} / {_ms(whole, 0.99):.2f}"
        out["count p50 / p99 ms"] = f"{_ms(count, 0.5):.2f} / {_ms(count, 0.99):.2f}"
        assert store.count(t.id) == n
    return out


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    import pgserver

    columns: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        columns["SQLite (WAL, FULL)"] = measure(str(Path(folder) / "bench.sqlite"), n, threads)
    why = pgserver.why_not()
    if why is None:
        server = pgserver.PgServer(fsync=True)
        try:
            columns["PostgreSQL (fsync on)"] = measure(server.database(), n, threads)
        finally:
            server.stop()
    else:
        print(f"PostgreSQL: not measured ({why})")
    rows = list(next(iter(columns.values())))
    width = max(len(r) for r in rows) + 2
    print(f"{n} moves, {threads} writer threads; each commit durable before append_move returns")
    print(f"{'':<{width}}" + "".join(f"{name:>24}" for name in columns))
    for r in rows:
        print(f"{r:<{width}}" + "".join(f"{col.get(r, '-'):>24}" for col in columns.values()))


if __name__ == "__main__":
    main()
