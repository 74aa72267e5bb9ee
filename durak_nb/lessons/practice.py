"""The bouts a learner plays in each lesson: which recording, which position, which seat.

Each :class:`Practice` names a position of a lesson's recordings (the position before
move ``move`` of ``recordings/<recording>``, :meth:`~durak_nb.replay.Replay.game`), the
seat the learner plays, where the practice stops, and the task in one sentence.  The
widget :class:`durak_nb.views.practice.PracticeBout` plays it
(``PracticeBout.lesson(2)``); nothing here decides a rule.

>>> [p.recording for p in practice_of(2)]
['lessons/bout.json', 'lessons/bout.json']
>>> practice_of(5)[0].game().legal_moves("Boris")[-1].describe(practice_of(5)[0].game().players)
'Boris takes'
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Game
from ..i18n import N_, _
from .edition import person_name
from .helpers import replay

__all__ = ["PRACTICE", "Practice", "practice_of", "take_lesson"]


class _Fields(NamedTuple):
    lesson: int
    recording: str
    move: int
    learner_as_written: str
    stop: str
    task_in_english: str


class Practice(_Fields):
    """One practice bout of a lesson.

    Attributes:
        lesson: the lesson's number (1..7).
        recording: the recording, relative to ``recordings/``.
        move: the position before this move of the recording.
        learner_as_written: the seat the learner plays, as the recording names it.
        stop: ``"bout"`` or ``"game"`` (:data:`durak_nb.views.practice.STOPS`).
        task_in_english: what the learner is asked to do, one sentence (the catalogue's
            ``lessons`` part translates it).
    """

    __slots__ = ()

    @property
    def learner(self) -> str:
        """The seat the learner plays, named as the edition in the language in use names
        it (:func:`~durak_nb.lessons.edition.person_name`: ``'Анна'`` in Russian)."""
        return person_name(self.learner_as_written)

    @property
    def task(self) -> str:
        """What the learner is asked to do, in the language in use."""
        return _(self.task_in_english)

    def game(self) -> Game:
        """A fresh game at the practice's position.

        Raises:
            RecordingError: the recording is missing or invalid.
        """
        return replay(self.recording).game(self.move)


#: the practice bouts of each lesson, the first one the main one
PRACTICE: dict[int, tuple[Practice, ...]] = {
    1: (
        Practice(
            1,
            "redeal-five-of-a-suit.json",
            3,
            "Anna",
            "bout",
            N_("Vera leads 8♥ against you: beat it with a higher heart or a trump (R6)."),
        ),
    ),
    2: (
        Practice(
            2,
            "lessons/bout.json",
            0,
            "Anna",
            "bout",
            N_("You attack Boris: lead, throw in cards of the ranks on the table, pass when you are done (R9–R12)."),
        ),
        Practice(
            2,
            "lessons/bout.json",
            1,
            "Boris",
            "bout",
            N_("Anna leads 7♠ 7♣ against you: cover every card, or take (R10)."),
        ),
    ),
    3: (
        Practice(
            3,
            "seed000-vdogonku.json",
            2,
            "Anna",
            "bout",
            N_("Boris takes: give him more cards вдогонку, but no more than he can take (R13, R14)."),
        ),
        Practice(
            3,
            "lessons/bout-limit.json",
            2,
            "Anna",
            "bout",
            N_("Throw in your eights: a bout holds at most six attack cards (R13)."),
        ),
    ),
    4: (
        Practice(
            4,
            "drawing-order-short-talon.json",
            0,
            "Anna",
            "bout",
            N_("Play the bout to its end: who draws which cards, in which order (R16), and who attacks next (R23)?"),
        ),
    ),
    5: (
        Practice(
            5,
            "transfer-twice.json",
            1,
            "Boris",
            "bout",
            N_("Anna leads 8♠ against you: transfer it to Vera with your 8♥, or cover, or take (R17)."),
        ),
        Practice(
            5,
            "show-trump-transfer.json",
            1,
            "Boris",
            "bout",
            N_("Transfer by showing your trump 9♥ and keep it (проездной, R20, R21)."),
        ),
    ),
    6: (
        Practice(
            6,
            "draw.json",
            0,
            "Anna",
            "game",
            N_("Play to the end of the game: who is out, who is the durak, or is it a draw (R24, R25)?"),
        ),
        Practice(
            6,
            "epaulettes.json",
            3,
            "Anna",
            "game",
            N_("Lead your two sixes and go out: epaulettes for Boris (R26)."),
        ),
    ),
    7: (
        Practice(
            7,
            "lessons/english-no-pair.json",
            0,
            "Anna",
            "bout",
            N_("English durak: you hold no pair, so pass the lead (R9)."),
        ),
        Practice(
            7,
            "lessons/trump-six-over-ace.json",
            1,
            "Boris",
            "bout",
            N_("Anna leads the trump ace: with this option the trump six beats it (R7)."),
        ),
    ),
}


def practice_of(lesson: int) -> tuple[Practice, ...]:
    """The practice bouts of ``lesson`` (1..7), the main one first.

    Raises:
        KeyError: ``lesson`` has no practice bout.
    """
    return PRACTICE[lesson]


def take_lesson() -> Game:
    """The set-up position of ``notebooks/10_play_against_bots.ipynb``, fresh: podkidnoy,
    Anna (the learner) defends against Boris, who holds two sixes and two sevens;
    diamonds are trump, the talon is empty and the first bito is done (R13), the other
    cards are in the discard.  Boris (a bot) leads 6♠ 6♣; Anna may cover 6♠ with 7♠
    (R6) and take (R14), and Boris then gives 7♥ 7♣ after the take (вдогонку, R14).

    >>> g = take_lesson()
    >>> [len(h) for h in g.hands], g.trump.symbol, g.position().attacker
    ([6, 6], '♦', 1)
    """
    anna, boris = person_name("Anna"), person_name("Boris")
    return Game.from_position(
        "podkidnoy",
        [anna, boris],
        hands={anna: "6H 7S 9S JD QC AH", boris: "6S 6C 7C 7H KS AS"},
        talon="",
        trump="D",
        attacker=boris,
        first_bito_done=True,
        rest_to_discard=True,
    )
