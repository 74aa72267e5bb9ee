"""benchmarks/bench_solver.py's "before" column (section 2, issue 21): the engine-driven
search of before under a CPU-time bound, so the column cannot rot. No time is asserted:
the bound is 0 s (cut at the first look at the clock) or generous."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_solver

from durak_nb.analysis import solve, solver


def test_before_solves_as_the_core_does() -> None:
    for preset, options in (("podkidnoy", {}), ("perevodnoy", {}), ("japanese", {"two_sixes_win": True})):
        for seed in range(3):
            game = bench_solver.endgame(preset, 3, 3000 + seed, options)
            if game.result is not None:
                continue
            _spent, end, value = bench_solver.before(game, 60.0)
            durak = solve(game).durak
            assert end == "solved", (preset, seed)
            assert value == {1: 1, 0: -1, None: 0}[durak], (preset, seed)
    assert solver._Search is bench_solver._Search  # the search put back after each run


def test_before_is_cut_at_its_bound() -> None:
    game = bench_solver.endgame("perevodnoy", 6, 6000)  # more than STEP positions on the engine
    _spent, end, value = bench_solver.before(game, 0.0)
    assert (end, value) == ("over", None)
    assert solver._Search is bench_solver._Search
