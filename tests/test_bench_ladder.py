"""benchmarks/bench_ladder.py's targets run (issue 21): a deal of a pairing is the tournament's
own paired deal, the log resumes where it stopped, and the report's score, interval and
verdict are those of the games logged. Cheap bots only (no ISMCTS game is played here)."""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_ladder

from durak_nb.tournament import bot_spec, run_tournament


def test_a_deal_is_the_tournaments_paired_deal() -> None:
    row = bench_ladder._target_deal((3, "random", "lowest", 1000, {}))
    t = run_tournament([bot_spec("random"), bot_spec("lowest")], players=3, deals=1, workers=1, seed=1000, bootstrap=0)
    assert len(row["games"]) == 6  # A B A and B A B, each rotated (R2: 3 seats)
    got = [(g["rotation"], tuple(g["lineup"]), g["durak"], tuple(g["losing"]), g["moves"]) for g in row["games"]]
    assert got == [(g.rotation, g.lineup, g.durak, g.losing, g.moves) for g in t.games]
    assert (row["players"], row["low"], row["high"], row["deal"], row["moves"]) == (3, "random", "lowest", 1000, 0)


def _deal_row(deal: int, winners: list[bool]) -> dict[str, object]:
    """A logged 2-player deal of ismcts-200 against lowest: one game per seating, won or lost."""
    games = []
    for rotation, won in enumerate(winners):
        lineup = ["lowest", "ismcts-200"] if rotation == 0 else ["ismcts-200", "lowest"]
        durak = lineup.index("lowest" if won else "ismcts-200")
        games.append(
            {
                "deal": deal,
                "rotation": rotation,
                "lineup": lineup,
                "durak": durak,
                "losing": [durak],
                "draw": False,
                "forfeit": None,
                "reason": None,
                "moves": 40,
            }
        )
    return {
        "players": 2,
        "low": "lowest",
        "high": "ismcts-200",
        "deal": deal,
        "cpu": 1.0,
        "moves": 20,
        "move_s": 2.0,
        "move_max": 0.25,
        "games": games,
    }


def test_report_gives_the_logged_score_and_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_ladder, "TARGETS", [(2, "lowest", "ismcts-200", 12, 1)])
    log = tmp_path / "deals.jsonl"
    wins = [[True, True]] * 9 + [[True, False]] * 3  # per deal 1.0 nine times, 0.5 three times
    log.write_text("".join(json.dumps(_deal_row(1000 + d, w)) + "\n" for d, w in enumerate(wins)) + '{"cut', "utf-8")
    bench_ladder.report_targets(str(log))
    out = capsys.readouterr().out
    per = [sum(w) / 2 for w in wins]
    mean, half = statistics.fmean(per), 1.96 * statistics.stdev(per) / math.sqrt(len(per))
    top = min(1.0, mean + half)  # a score lies in 0..1
    assert top == 1.0
    assert f"ismcts-200 vs lowest: {mean:.3f} ({mean - half:.3f}-{top:.3f}), 24 games, 12 of 12" in out
    assert "beats it: yes" in out
    assert "0.100 s a move (largest 0.25, 240 moves" in out  # 24 s over 240 moves
    assert "target, 2 players: ismcts-200 beats every bot below at 95 %: met (1 of 1)" in out
    assert "target, 2, 3 and 4 players: NOT met" in out  # 3 and 4 players not played


def test_a_run_resumes_its_log_and_stops_at_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_ladder, "TARGETS", [(2, "random", "lowest", 3, 1), (2, "lowest", "heuristic", 2, 2)])
    log = tmp_path / "deals.jsonl"
    bench_ladder.run_targets(str(log), 1, {}, 0.0)  # the stop time is past: nothing is played
    assert not log.exists()
    log.write_text(json.dumps(bench_ladder._target_deal((2, "random", "lowest", 1001, {}))) + "\n", "utf-8")
    bench_ladder.run_targets(str(log), 1, {}, None)
    rows = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    # the deal logged before is not played again; the first tier is played out before the second
    assert [(r["low"], r["deal"]) for r in rows] == [
        ("random", 1001),
        ("random", 1000),
        ("random", 1002),
        ("lowest", 1000),
        ("lowest", 1001),
    ]
    out = capsys.readouterr().out
    assert "2 players: lowest vs random:" in out and "3 of 3 paired deals" in out
    assert "2 players: heuristic vs lowest:" in out and "2 of 2 paired deals" in out
