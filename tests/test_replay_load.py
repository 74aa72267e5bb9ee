"""Replay.load reads both forms of a recording, and a game of a match."""

from __future__ import annotations

from pathlib import Path

import pytest

from durak_nb.replay import Replay

RECORDINGS = Path(__file__).resolve().parent.parent / "recordings"


def test_notation_and_json_twins_replay_alike() -> None:
    a = Replay.load(RECORDINGS / "podkidnoy-2p.json")
    b = Replay.load(RECORDINGS / "podkidnoy-2p.durak")
    assert len(a) == len(b) == 134
    assert a.position(134) == b.position(134)
    assert a.result == b.result and a.result is not None and a.result.durak == 0


def test_R4_a_game_of_a_match_by_number() -> None:
    path = RECORDINGS / "match-4p-podkidnoy.durak"
    duraks = [Replay.load(path, game=k).result for k in range(3)]
    assert [r.durak if r else None for r in duraks] == [1, 2, 3]
    with pytest.raises(IndexError, match="holds 3 game"):
        Replay.load(path, game=3)
