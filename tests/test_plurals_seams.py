"""Issue 22: counts through the catalogues' plural forms (no «1 side lines»)."""

from __future__ import annotations

from durak_nb.annotate import Annotator
from durak_nb.cli import _lines_words
from durak_nb.engine import Game, Move
from durak_nb.i18n import language
from durak_nb.record import Deal, Recording


def _one_side_line(moves: int) -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)  # hearts trump; Boris leads
    rec = Recording(
        g.rules, g.players, deal=Deal(1, g.deck_order), moves=[Move.attack(1, "8D"), Move.defend(0, "AD", "8D")]
    )
    a = Annotator(rec)
    cover = a.tree.mainline()[1]
    a.add_variation(cover, [Move.take(0), Move.pass_(1)][:moves])
    return a.recording()


def test_export_counts_side_lines_with_the_plural_of_each_number() -> None:
    one, two = _one_side_line(1), _one_side_line(2)
    assert _lines_words(one) == "2 moves in the main line and 1 side line of 1 move"
    assert _lines_words(two) == "2 moves in the main line and 1 side line of 2 moves"
    with language("ru"):
        assert _lines_words(one) == "2 хода в основной линии и 1 вариант, в них 1 ход"
        assert _lines_words(two) == "2 хода в основной линии и 1 вариант, в них 2 хода"
    with language("uk"):
        assert _lines_words(one) == "2 ходи в основній лінії і 1 варіант, у них 1 хід"
