"""benchmarks/bench_class.py in its quick mode (4 students, 2 tables), so it cannot rot:
a real ``durak-nb class serve`` SIGKILLed mid-play and restarted loses no acknowledged move
and resumes every table.  No time is asserted."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_class


def test_the_quick_load_run_loses_no_move_and_resumes_every_table(tmp_path: Path) -> None:
    res = bench_class.run(str(tmp_path / "class.sqlite"), students=4)
    assert res.tables == 2 and res.acked_before_kill > 0
    assert res.moves_lost == 0
    assert res.tables_resumed == 2
