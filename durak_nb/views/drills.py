"""The drill widget: fresh exercises on fresh positions, with "another one" and a score.

:class:`DrillWidget` shows one :class:`~durak_nb.lessons.drills.Drill` at a time (made
by :func:`durak_nb.lessons.drills.make`, which asks the engine every answer): the
position as a picture (:func:`~durak_nb.views.cards_svg.position_svg`), the rules
the learner needs and the question, one button per option (or a number box and
*Check*), the feedback with the rule id, *Another one* and the running score ("3 of 4
right"; each drill counts once, at its first answer).

The widgets are built once; a new drill or an answer only sets values (HTML, button
descriptions and styles, a shared layout that shows or hides a button), so re-running
the cell just builds a new widget and nothing is rebuilt while it is used.  Every text
is escaped HTML, in the language in use when the widget was made (its drills too).

>>> w = DrillWidget(["throw_in_room"], seed=3)
>>> w.drill.kind, w.score_text
('throw_in_room', 'Score: nothing answered yet.')
>>> w.answer(w.drill.answer)
True
>>> w.score_text
'Score: 1 of 1 right.'
>>> w.another(); w.drill.seed
4
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..i18n import _, get_language, language, ngettext, pgettext
from ..lessons.drills import KIND_LESSONS, KINDS, Drill, DrillError, make, text
from .cards_svg import esc, position_svg
from .exercises import EXERCISE_STYLE, feedback_html

__all__ = ["DrillWidget"]

#: How many further seeds "another one" tries when a seed yields no drill (DrillError).
_SKIPS = 5

#: The drills' style sheet (a ``<style>`` element): the widget's and the lesson page's
DRILL_STYLE = _STYLE = EXERCISE_STYLE + (
    "<style>"
    ".dnb-drill-heading{margin:2px 0;font-weight:700;color:#1f4e8c}"
    ".dnb-drill-context{margin:2px 0;color:#333}"
    ".dnb-drill-score{margin:4px 8px;font-weight:600;color:#333}"
    # a position wider than the notebook's column (4 players at 1024 px) is scaled to it,
    # its words with it: never cut, never a sideways scroll (issue 22)
    ".dnb-drill svg{max-width:100%;height:auto}"
    ".dnb-drill .widget-html-content{min-width:0;overflow-wrap:anywhere}"
    "</style>"
)


def _score_text(right: int, answered: int) -> str:
    if answered == 0:
        return _("Score: nothing answered yet.")
    # TRANSLATORS: {right} drills answered right of {answered} drills answered
    return ngettext("Score: {right} of {answered} right.", "Score: {right} of {answered} right.", answered).format(
        right=right, answered=answered
    )


class DrillWidget(widgets.VBox):  # type: ignore[misc]
    """Drills of the given kinds, one after another, judged by the engine.

    Args:
        kinds: one kind or several (:data:`~durak_nb.lessons.drills.KINDS`, the
            default: all of them); drill ``i`` is of kind ``kinds[i % len(kinds)]``.
        seed: the seed of the first drill of each kind; "another one" moves on to the
            next kind, and to the next seed once every kind has had one, so a class
            given one seed sees the same drills in the same order.
        card_width: the width of one card in the picture, in pixels.

    Attributes:
        drill: the :class:`~durak_nb.lessons.drills.Drill` shown.
        feedback: the feedback on the last answer as plain text (``''`` before one).
        right, answered: the score: drills answered right at the first try, drills
            answered.
        board: the ``HTML`` of the rules, the question and the picture.
        option_buttons: the option buttons (a pool that grows to the most options
            ever shown; unused ones are hidden).
        number_box, check_button: the number box and *Check* (numeric drills).
        feedback_view: the ``HTML`` of the feedback (class ``dnb-feedback``).
        next_button: *Another one*; ``score_view``: the ``HTML`` of the score.

    Raises:
        DrillError: an unknown kind, or no drill for ``seed`` (nor the next seeds).
    """

    def __init__(self, kinds: str | Sequence[str] = KINDS, seed: int = 0, *, card_width: float = 44) -> None:
        self.kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
        if not self.kinds:
            # TRANSLATORS: {kinds} are the drills' kinds as code names (kept: throw_in_room, …)
            raise DrillError(None, _("a drill widget needs at least one kind: {kinds}").format(kinds=", ".join(KINDS)))
        unknown = [k for k in self.kinds if k not in KINDS]
        if unknown:
            raise DrillError(
                None,
                _("unknown drill kind {kind}: use one of {kinds}").format(
                    kind=repr(unknown[0]), kinds=", ".join(KINDS)
                ),
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a drill's seed is a whole number, not {seed!r}")
        self.seed = seed
        #: the language of every word the widget shows (the one in use when it was made)
        self.language = get_language()
        self.card_width = float(card_width)
        self.index = 0
        self.right = 0
        self.answered = 0
        self.feedback = ""
        self._counted = False
        # shared layouts and styles: each is one widget model, whatever uses it
        self._shown = widgets.Layout(width="auto", max_width="100%")
        self._hidden = widgets.Layout(display="none")
        self._plain = widgets.Layout()
        self._button_style = widgets.ButtonStyle()
        self._html_style = HTMLStyle()
        self.board = self._html()
        self.option_buttons: list[widgets.Button] = []
        self.options_box = widgets.VBox(layout=widgets.Layout(align_items="flex-start"))
        self.number_box = widgets.BoundedIntText(value=0, min=0, max=36, layout=widgets.Layout(width="6em"))
        self.check_button = self._button(pgettext("button", "Check"), _("check the number"))
        self.check_button.on_click(lambda _b: self.answer(int(self.number_box.value)))
        self.number_row = widgets.HBox([self.number_box, self.check_button])
        self.feedback_view = self._html()
        self.feedback_view.add_class("dnb-feedback")
        self.next_button = self._button(pgettext("button", "Another one"), _("a new position"))
        self.next_button.on_click(lambda _b: self.another())
        self.score_view = self._html()
        footer = widgets.HBox([self.next_button, self.score_view])
        super().__init__([self.board, self.options_box, self.number_row, self.feedback_view, footer])
        self.add_class("dnb-drill")
        self.drill = self._make(0)
        self._show()

    @classmethod
    def lesson(cls, number: int, seed: int = 0, *, card_width: float = 44) -> DrillWidget:
        """The drills of lesson ``number`` (:data:`~durak_nb.lessons.drills.KIND_LESSONS`),
        e.g. ``DrillWidget.lesson(4, seed=3)``: who draws which cards, then who attacks next.

        Raises:
            DrillError: the lesson has no drills.
        """
        kinds = [k for k in KINDS if KIND_LESSONS[k] == number]
        if not kinds:
            have = sorted(set(KIND_LESSONS.values()))
            raise DrillError(
                None,
                _("lesson {number} has no drills; drills belong to lessons {lessons}").format(
                    number=repr(number), lessons=", ".join(map(str, have))
                ),
            )
        return cls(kinds, seed, card_width=card_width)

    # ------------------------------------------------------------------ the API

    @property
    def score_text(self) -> str:
        """``'Score: 3 of 4 right.'`` (``'Score: nothing answered yet.'`` before any)."""
        with language(self.language):
            return _score_text(self.right, self.answered)

    def answer(self, given: int) -> bool:
        """Answer the drill shown: an option's index (0-based), or the number.  Shows
        the feedback; the first answer to each drill counts for the score.

        Returns:
            whether the answer is the engine's.

        Raises:
            IndexError: not an option's index; TypeError: not a whole number.
        """
        with language(self.language):
            verdict = self.drill.check(given)
        if not self._counted:
            self._counted = True
            self.answered += 1
            self.right += verdict.right
        self.feedback = verdict.text
        if not self.drill.numeric:
            for i, button in enumerate(self.option_buttons):
                button.button_style = ("success" if verdict.right else "danger") if i == given else ""
        self.feedback_view.value = feedback_html(verdict.right, verdict.text)
        self.score_view.value = self._score_html()
        return verdict.right

    def another(self) -> None:
        """Show the next drill (the next kind, or the next seed; see the class)."""
        self.index += 1
        with language(self.language):
            self.drill = self._make(self.index)
            self._show()

    # ------------------------------------------------------------------ drawing

    def _make(self, index: int) -> Drill:
        n = len(self.kinds)
        kind = self.kinds[index % n]
        seed = self.seed + index // n
        for skip in range(_SKIPS + 1):
            try:
                return make(kind, seed + skip)
            except DrillError:
                if skip == _SKIPS:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _html(self) -> widgets.HTML:
        return widgets.HTML(layout=self._plain, style=self._html_style)

    def _button(self, description: str, tooltip: str) -> widgets.Button:
        return widgets.Button(description=description, tooltip=tooltip, layout=self._shown, style=self._button_style)

    def _score_html(self) -> str:
        return f'<div class="dnb-drill-score">{esc(self.score_text)}</div>'

    def _grow(self, n: int) -> None:
        while len(self.option_buttons) < n:
            i = len(self.option_buttons)
            button = self._button("", "")
            button.add_class("dnb-option")
            button.add_class(f"dnb-option-{i}")
            button.on_click(lambda _b, i=i: self._click(i))
            self.option_buttons.append(button)
        if len(self.options_box.children) != len(self.option_buttons):
            self.options_box.children = tuple(self.option_buttons)

    def _click(self, i: int) -> None:
        if i < len(self.drill.options):
            self.answer(i)

    def _show(self) -> None:
        d = self.drill
        game = d.game()
        picture = position_svg(game.position(), actors=game.actors(), width=self.card_width)
        heading = text("heading", title=d.title, number=self.index + 1, seed=d.seed)
        self.board.value = (
            _STYLE
            + f'<div class="dnb-drill-heading">{esc(heading)}</div>'
            + f'<div class="dnb-drill-context">{esc(d.context)}</div>'
            + f'<div class="dnb-prompt">{esc(d.question)}</div>'
            + picture
        )
        self._grow(len(d.options))
        for i, button in enumerate(self.option_buttons):
            if i < len(d.options):
                button.description = d.options[i]
                button.tooltip = d.options[i]
                button.layout = self._shown
            else:
                button.layout = self._hidden
            button.button_style = ""
        self.options_box.layout.display = "none" if d.numeric else None
        self.number_row.layout.display = None if d.numeric else "none"
        self.number_box.value = 0
        self.feedback = ""
        self._counted = False
        self.feedback_view.value = ""
        self.score_view.value = self._score_html()
