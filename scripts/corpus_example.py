"""Lesson 8's questions over a self-play corpus, answered by pandas and by DuckDB.

Make a corpus first (README "Self-play corpora"), e.g. 100,000 games::

    durak-nb selfplay 100000 -o corpus --seed 1

then ``python scripts/corpus_example.py corpus``.  It prints, from ``games.parquet`` and
``moves.parquet`` (:mod:`durak_nb.corpus`):

- how often the first attacker (R4) is the durak;
- the durak's share by seat (seat 0 is the first name, clockwise);
- how many cards a take picks up on average (R14: the cards the defender picked up,
  throw-ins after the take included);

each twice, once with pandas and once with DuckDB's SQL over the same files (DuckDB
only when it is installed: the ``corpus`` extra).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd

#: The SQL of each question; ``{games}`` and ``{moves}`` are the Parquet files.
SQL = {
    "first_attacker_loses": """
        SELECT avg(CASE WHEN durak = first_attacker THEN 1.0 ELSE 0.0 END)
        FROM '{games}' WHERE durak IS NOT NULL""",
    "durak_by_seat": """
        SELECT durak_seat, count(*) / sum(count(*)) OVER () AS share
        FROM '{games}' WHERE durak_seat IS NOT NULL GROUP BY durak_seat ORDER BY durak_seat""",
    "cards_per_take": "SELECT avg(took) FROM '{moves}' WHERE took > 0",
}


def pandas_answers(corpus: str | Path) -> dict[str, Any]:
    """The three answers from ``pd.read_parquet``."""
    folder = Path(corpus)
    games = pd.read_parquet(folder / "games.parquet")
    took = pd.read_parquet(folder / "moves.parquet", columns=["took"])["took"]
    lost = games.dropna(subset=["durak"])
    return {
        "first_attacker_loses": float((lost["durak"] == lost["first_attacker"]).mean()),
        "durak_by_seat": {
            int(k): float(v) for k, v in lost["durak_seat"].value_counts(normalize=True).sort_index().items()
        },
        "cards_per_take": float(took[took > 0].mean()),
    }


def duckdb_answers(corpus: str | Path) -> dict[str, Any]:
    """The same answers from DuckDB's SQL (:data:`SQL`) over the Parquet files."""
    import duckdb

    folder = Path(corpus)
    files = {"games": (folder / "games.parquet").as_posix(), "moves": (folder / "moves.parquet").as_posix()}
    con = duckdb.connect()
    try:

        def one(name: str) -> list[tuple[Any, ...]]:
            return con.sql(SQL[name].format(**files)).fetchall()

        return {
            "first_attacker_loses": float(one("first_attacker_loses")[0][0]),
            "durak_by_seat": {int(seat): float(share) for seat, share in one("durak_by_seat")},
            "cards_per_take": float(one("cards_per_take")[0][0]),
        }
    finally:
        con.close()


def report(answers: dict[str, Any]) -> list[str]:
    """The answers in words."""
    seats = ", ".join(f"seat {s}: {v:.1%}" for s, v in answers["durak_by_seat"].items())
    return [
        f"the first attacker is the durak in {answers['first_attacker_loses']:.2%} of the games with a durak",
        f"the durak's share by seat: {seats}",
        f"a take picks up {answers['cards_per_take']:.3f} cards on average",
    ]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python scripts/corpus_example.py CORPUS_FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    games = pd.read_parquet(folder / "games.parquet", columns=["game"])
    print(f"{folder}: {len(games):,} games")
    t = time.perf_counter()
    answers = pandas_answers(folder)
    print(f"pandas ({time.perf_counter() - t:.2f} s):")
    for line in report(answers):
        print("  " + line)
    try:
        import duckdb  # noqa: F401
    except ImportError:
        print("DuckDB is not installed (pip install 'durak-nb[corpus]')")
        return 0
    t = time.perf_counter()
    sql = duckdb_answers(folder)
    print(f"DuckDB ({time.perf_counter() - t:.2f} s):")
    for line in report(sql):
        print("  " + line)
    same = all(abs(sql["durak_by_seat"][k] - v) < 1e-12 for k, v in answers["durak_by_seat"].items()) and all(
        abs(sql[k] - answers[k]) < 1e-12 for k in ("first_attacker_loses", "cards_per_take")
    )
    print("pandas and DuckDB agree" if same else "pandas and DuckDB DISAGREE")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
