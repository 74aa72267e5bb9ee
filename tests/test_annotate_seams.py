"""Issue 22: every action of the annotation panel says which move it applies to, as
people count moves, and the words agree with the header (annotate.where)."""

from __future__ import annotations

from pathlib import Path

from durak_nb.i18n import language
from durak_nb.replay import Replay
from durak_nb.views.replayer import ReplayerWidget

LESSON = Path(__file__).resolve().parent.parent / "recordings" / "annotated-transfer-or-cover.durak"


def labels(w: ReplayerWidget) -> tuple[str, str, str, str, str]:
    return (w.note.value, w.set_comment.description, w.glyph.description, w.add.description, w.add.tooltip)


def test_each_action_names_its_move() -> None:
    w = ReplayerWidget(annotate=True, replay=Replay.load(LESSON), start=3, path="unused.durak")
    assert labels(w) == (
        "<b>main line</b> · annotating move 3 of the main line: Vera covers 7♠ with 9♠",
        "✓ set comment on move 3",
        "glyph on move 3",
        "+ a variation instead of move 4",
        "play the chosen legal move instead of move 4 of the main line (Vera covers 7♦ with 8♦), "
        "then go on in that line",
    )
    w.glyph.value = "?!"  # the glyph goes where the labels say: move 3 (index 2 in the file)
    assert w.annotator is not None and w.annotator.tree.mainline()[2].glyph == "?!"
    assert w.note.value.endswith("done: glyph ?! on move 3 of the main line (Vera covers 7♠ with 9♠)")
    w.moves.index = [label for label, _j in w.moves.options].index("Vera takes")
    w.add.click()  # the variation stands instead of move 4, as the button said
    assert (w.line, w.annotator.tree.mainline()[2].variations[1].move.describe(w.replay.players)) == (
        "4.1",
        "Vera takes",
    )
    assert labels(w)[1:4] == ("✓ set comment on move 1", "glyph on move 1", "+ continue after move 1")
    w.show(0)  # a side line's frame 0: the variation would stand beside its first move
    assert w.add.description == "+ a variation instead of move 1 of line 4.1"


def test_the_labels_in_ukrainian() -> None:
    with language("uk"):
        w = ReplayerWidget(annotate=True, replay=Replay.load(LESSON), start=3, path="unused.durak")
    assert labels(w) == (
        "<b>основна лінія</b> · коментуємо хід 3 основної лінії: Vera б&#x27;є 7♠ картою 9♠",
        "✓ записати коментар до ходу 3",
        "знак до ходу 3",
        "+ варіант замість ходу 4",
        "зіграти вибраний хід замість ходу 4 основної лінії (Vera б'є 7♦ картою 8♦) і продовжити в цьому варіанті",
    )
