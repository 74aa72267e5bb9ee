"""Issue 22: counts through the catalogues' plural forms (no «1 side lines»)."""

from __future__ import annotations

from pathlib import Path

import pytest

from durak_nb.annotate import Annotator
from durak_nb.cli import main
from durak_nb.engine import Game, Move
from durak_nb.i18n import language
from durak_nb.record import Deal, Recording
from durak_nb.record.writer import dump


def _one_side_line(tmp_path: Path, moves: int) -> Path:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)  # hearts trump; Boris leads
    played = [Move.attack(1, "8D"), Move.defend(0, "AD", "8D")]
    a = Annotator(Recording(g.rules, g.players, deal=Deal(1, g.deck_order), moves=played))
    a.add_variation(a.tree.mainline()[1], [Move.take(0), Move.pass_(1)][:moves])
    path = tmp_path / f"side{moves}.durak"
    dump(a.recording(), path)
    return path


def _said(path: Path, capsys: pytest.CaptureFixture[str], lang: str = "en") -> str:
    page = path.with_suffix(".html")
    with language(lang):
        assert main(["export", str(path), "-o", str(page)]) == 0
    out = capsys.readouterr().out
    return out.split(", ", 1)[1].split(";", 1)[0]  # after the size ("… bytes, " / "… байт, ")


def test_export_counts_side_lines_with_the_plural_of_each_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = _one_side_line(tmp_path, 1), _one_side_line(tmp_path, 2)
    assert _said(one, capsys) == "2 moves in the main line and 1 side line of 1 move"
    assert _said(two, capsys) == "2 moves in the main line and 1 side line of 2 moves"
    assert _said(one, capsys, "ru") == "2 хода в основной линии и 1 вариант, в них 1 ход"
    assert _said(two, capsys, "ru") == "2 хода в основной линии и 1 вариант, в них 2 хода"
    assert _said(one, capsys, "uk") == "2 ходи в основній лінії і 1 варіант, у них 1 хід"
