"""Nothing cut off (issue 22): the replayer's dropdowns are as wide as their longest option
and the scorer's text boxes as wide as their placeholder, measured at the widgets' 13 px
(:func:`durak_nb.views.textfit.text_width`, DejaVu Sans), at most the lesson column
(592 px at 1024×768), in en, ru and uk."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from test_partial_views import DEAL, recording

from durak_nb.i18n import language
from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views import ReplayerWidget
from durak_nb.views.scorer import TEXT_BOX, TEXT_PAD, ScorerWidget, text_box_width
from durak_nb.views.textfit import ARROW, COLUMN, LABEL_PAD, dropdown_width, text_width


def px(width: str) -> int:
    assert width.endswith("px")
    return int(width[:-2])


def room(dropdown: object) -> int:
    """The pixels a dropdown leaves for its option's text: its width less its description and arrow."""
    desc = math.ceil(text_width(dropdown.description, 13)) + LABEL_PAD  # type: ignore[attr-defined]
    return px(dropdown.layout.width) - desc - ARROW  # type: ignore[attr-defined]


def longest(dropdown: object) -> float:
    return max(text_width(label, 13) for label, _v in dropdown.options)  # type: ignore[attr-defined]


#: (go to, view) widths of the 4-player bot game (seed 3, 118 moves) and of the
#: over-the-board game of test_partial_views («всё, что было известно тогда»)
WIDTHS = {
    "en": ((419, 168), (362, 228)),
    "ru": ((532, 214), (452, 271)),
    "uk": ((511, 222), (445, 261)),
}


@pytest.mark.parametrize("lang", list(WIDTHS))
def test_replayer_dropdowns_fit_their_longest_option(lang: str) -> None:
    four = Replay(record_bot_game("podkidnoy", 4, 3, {}))
    otb = Replay(recording(DEAL))
    with language(lang):
        widgets = [ReplayerWidget(four), ReplayerWidget(otb)]
    got = tuple((px(w.goto.layout.width), px(w.perspective.layout.width)) for w in widgets)
    assert got == WIDTHS[lang]
    for w in widgets:
        for dropdown in (w.goto, w.perspective):
            assert room(dropdown) >= longest(dropdown)  # the longest option shows whole
            assert room(dropdown) < longest(dropdown) + 1  # and no wider than it needs
    assert (
        widgets[0]
        .goto.options[-1][0]
        .startswith(
            {"en": "Game over · 118/118", "ru": "Игра окончена · 118/118", "uk": "Гру закінчено · 118/118"}[lang]
        )
    )
    assert (
        widgets[1].perspective.options[0][0]
        == {
            "en": "all that was known then",
            "ru": "всё, что было известно тогда",
            "uk": "усе, що було відомо тоді",
        }[lang]
    )


def test_dropdown_width_is_capped_at_the_lesson_column_and_needs_an_option() -> None:
    assert COLUMN == 592
    assert dropdown_width("go to", ["x" * 300]) == 592
    assert dropdown_width("", ["Anna"]) == math.ceil(text_width("Anna", 13)) + ARROW == 66
    with pytest.raises(ValueError, match="at least one option"):
        dropdown_width("view", [])


#: the scorer's players box: its width, and its placeholder (issue 22: the ru one was cut at «Гл»)
PLAYERS = {
    "en": (417, "clockwise, e.g. Anna, Boris, Vera, Gleb"),
    "ru": (457, "по часовой стрелке: Анна, Борис, Вера, Глеб"),
    "uk": (497, "за годинниковою стрілкою: Анна, Борис, Віра, Гліб"),
}


@pytest.mark.parametrize("lang", list(PLAYERS))
def test_scorer_text_boxes_show_their_placeholder_whole(tmp_path: Path, lang: str) -> None:
    with language(lang):
        w = ScorerWidget(tmp_path / "g.durak.jsonl")
    label = px(w.names.style.description_width)
    assert (px(w.names.layout.width), w.names.placeholder) == PLAYERS[lang]
    boxes = (w.names, w.turned_up, w.shown_box, w.hand_box, w.draw_box, w.save_box)
    for box in boxes:
        width = px(box.layout.width) if box.layout.width else TEXT_BOX  # the form's own 29em
        assert width - label - TEXT_PAD >= text_width(box.placeholder, 13), (box.description, box.placeholder)
        assert width <= COLUMN
    w.close()


def test_text_box_width_least_and_most() -> None:
    assert text_box_width(80, "") == TEXT_BOX == 377
    assert text_box_width(146, "x" * 200) == COLUMN
