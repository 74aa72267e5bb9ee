"""One move numbering for people (issue 22): durak_nb.numbering is the one home, and
the views count moves from 1 as players do; files keep their 0-based indices."""

import pytest

from durak_nb.numbering import line_number, move_number
from durak_nb.replay import path_text
from durak_nb.views.html import move_html


def test_move_number_counts_from_one() -> None:
    assert [move_number(i) for i in (0, 1, 10)] == [1, 2, 11]
    with pytest.raises(ValueError, match="a move index is 0 or more, not -1"):
        move_number(-1)


def test_side_line_names_use_move_numbers() -> None:
    assert line_number(()) == ""
    assert line_number(((11, 1), (2, 2))) == "12.1 > 3.2"
    assert path_text(((0, 1),)) == "1.1"
    assert path_text(()) == "main line"


def test_the_story_and_the_slider_agree() -> None:
    # frame 3 (three moves played, slider value 3) tells move 3 and announces move 4
    assert move_html(3, 8, "Anna passes", "Boris attacks 7♠") == (
        '<b>Move 3</b> (3 of 8 played): Anna passes<div class="dnb-none">next, move 4: Boris attacks 7♠</div>'
    )
