"""The course's frame: the lessons, their claims, and the Russian and Ukrainian terms.

* :data:`LESSONS` lists the notebooks of the course (:class:`Lesson`).
* Every sentence a lesson states about the rules is a :class:`Claim` in :data:`CLAIMS`,
  registered by the lesson's module (``lesson1`` … ``lesson8``) with :func:`claim`.
* :data:`TERMS` gives the Russian and Ukrainian words beside each English term
  (:func:`term`).

>>> term("take")
'take — принять (ru) / взяти (uk)'
>>> lesson(3).notebook
'03_limits.ipynb'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..cards import cards_text, parse_cards
from ..i18n import N_, _, get_language
from .edition import NAMES, person_name

#: The default of :meth:`Claim.check`'s answer: ask the engine.
_UNSET: Any = object()

__all__ = [
    "CLAIMS",
    "COURSE",
    "LESSONS",
    "TERMS",
    "Claim",
    "Lesson",
    "Taught",
    "claim",
    "claim_rows",
    "claims_of",
    "lesson",
    "taught",
    "term",
]

# ----------------------------------------------------------------------------- terms

#: English term -> (Russian, Ukrainian), one word each, used the same way in every notebook
#: and widget.  Russian words follow the Russian seed texts (000, 001: "принять" for a
#: take, "отбой" for the discard), Ukrainian words the Ukrainian ones (002, 004: "взяти",
#: "відбій") where they name the thing, else common usage.
TERMS: dict[str, tuple[str, str]] = {
    "durak": ("дурак", "дурень"),
    "podkidnoy": ("подкидной", "підкидний"),
    "perevodnoy": ("переводной", "переказний"),
    "trump": ("козырь", "козир"),
    "suit": ("масть", "масть"),
    "rank": ("достоинство", "ранг"),
    "deck": ("колода", "колода"),
    "deal": ("сдача", "роздача"),
    "talon": ("колода", "колода"),  # docs/glossary.md: the seeds 003 and 002/004 (001 says талон)
    "lowest trump": ("младший козырь", "молодший козир"),
    "beat": ("побить", "побити"),
    "attacker": ("ходящий", "той, хто ходить"),
    "defender": ("отбивающийся", "той, хто відбивається"),
    "lead": ("заход", "хід"),
    "throw-in": ("подкинуть", "підкинути"),
    "take": ("принять", "взяти"),
    "throw-in after take": ("вдогонку", "навздогін"),
    "bito": ("бито", "біто"),
    "discard": ("отбой", "відбій"),
    "first bito": ("первый отбой", "перший відбій"),
    "draw": ("добор", "добір"),
    "transfer": ("перевод", "переведення"),
    "shown-trump transfer": ("проездной", "проїзний"),
    "going out": ("выйти из игры", "вибути з гри"),
    "a draw": ("ничья", "нічия"),
    "epaulettes": ("погоны", "погони"),
    "repetition": ("повторение позиции", "повторення позиції"),
    "teams": ("пара на пару", "два на два"),
    "simple durak": ("простой дурак", "простий дурень"),
    "english durak": ("английский дурак", "англійський дурень"),
    "japanese durak": ("японский дурак", "японський дурень"),
    "neighbours only": ("подкидывают только соседи", "підкидають лише сусіди"),
    "trump six beats the ace": ("козырная шестёрка бьёт туза", "козирна шістка б'є туза"),
    "from under the durak": ("из-под дурака", "з-під дурня"),
    "redeal": ("пересдача", "перездача"),
}


def term(name: str) -> str:
    """``name`` with its Russian and Ukrainian words: ``'take — принять (ru) / взяти (uk)'``.

    Raises:
        KeyError: ``name`` is not in :data:`TERMS`.
    """
    ru, uk = TERMS[name]
    return f"{name} — {ru} (ru) / {uk} (uk)"


# ----------------------------------------------------------------------------- lessons


@dataclass(frozen=True)
class Lesson:
    """One notebook of the course.

    Attributes:
        number: 1..9.
        notebook: the file name in ``notebooks/``.
        title: the lesson's title, in English (``_(lesson.title)`` in the language in use).
        rules: the rule ids of RULES.md it teaches.
        terms: the :data:`TERMS` keys its text names (with :func:`term`'s wording).
        teaches: what the learner comes away with, one sentence (the index shows it; in
            English, ``_(lesson.teaches)`` in the language in use).
        minutes: about how long the lesson takes, reading, playing and exercises.
        variants: the presets (RULES.md, "Variants") this lesson introduces: a drill of
            this lesson or a later one may deal a game of them (:func:`taught`).
    """

    number: int
    notebook: str
    title: str
    rules: tuple[str, ...]
    terms: tuple[str, ...]
    teaches: str = ""
    minutes: int = 0
    variants: tuple[str, ...] = ()


#: The lessons in order (the index notebook lists them).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        1,
        "01_cards_trump_beating.ipynb",
        N_("Cards, trump and beating"),
        ("R1", "R3", "R4", "R5", "R6", "R7", "R8"),
        ("deck", "rank", "suit", "trump", "deal", "talon", "lowest trump", "redeal", "beat"),
        N_("Which card beats which, what trump does, how the cards are dealt and who attacks first."),
        20,
        # the beating of podkidnoy, the course's first game, and of japanese durak (R8)
        variants=("podkidnoy", "japanese"),
    ),
    Lesson(
        2,
        "02_a_bout.ipynb",
        N_("A bout of podkidnoy: leading, covering, throwing in"),
        ("R9", "R10", "R11", "R12", "R15"),
        ("podkidnoy", "attacker", "defender", "lead", "beat", "throw-in", "take", "bito", "discard"),
        N_("How a bout goes: the lead, covering, throwing in, taking, and bito."),
        25,
    ),
    Lesson(
        3,
        "03_limits.ipynb",
        N_("The limits: six cards, five in the first bout, never more than the defender holds"),
        ("R13", "R14"),
        ("first bito", "take", "throw-in after take"),
        N_("How many cards may be thrown at a defender, and throwing in after a take (вдогонку)."),
        25,
    ),
    Lesson(
        4,
        "04_drawing_order.ipynb",
        N_("Drawing after a bout, and who attacks next"),
        ("R3", "R16", "R23"),
        ("draw", "talon", "trump"),
        N_("Who draws which cards after a bout, in which order, and who attacks next."),
        20,
    ),
    Lesson(
        5,
        "05_perevodnoy.ipynb",
        N_("Perevodnoy: the transfer"),
        ("R17", "R18", "R19", "R20", "R21"),
        ("perevodnoy", "transfer", "shown-trump transfer"),
        N_("Perevodnoy: passing the attack on to the next player, and when you may not."),
        25,
        variants=("perevodnoy",),
    ),
    Lesson(
        6,
        "06_the_end.ipynb",
        N_("The end: going out, the durak, draws, epaulettes, repetition"),
        ("R24", "R25", "R26", "R27"),
        ("going out", "durak", "a draw", "epaulettes", "repetition"),
        N_("How a game ends: going out, the durak, a draw, epaulettes and repetition."),
        25,
    ),
    Lesson(
        7,
        "07_variants.ipynb",
        N_("Variants: prostoy, english, japanese, teams and the options"),
        ("R1", "R2", "R7", "R8", "R9", "R11", "R22"),
        (
            "simple durak",
            "english durak",
            "japanese durak",
            "teams",
            "neighbours only",
            "trump six beats the ace",
        ),
        N_("The other games: simple, English and Japanese durak, teams and the house options."),
        30,
        variants=("prostoy", "english", "japanese"),
    ),
    Lesson(
        8,
        "08_analysing_games.ipynb",
        N_("Analysing games with pandas"),
        ("R14", "R15"),
        ("take", "transfer"),
        N_("Reading many games at once: tables and a chart of who takes, transfers and throws in."),
        30,
    ),
    Lesson(
        9,
        "09_record_and_share.ipynb",
        N_("Record, annotate and share your own game"),
        ("R16",),
        ("draw",),
        N_("Playing, recording, commenting and sharing a game of your own."),
        25,
    ),
)


#: Every notebook the course's index lists, in its order: the replay tour (lesson 0), the
#: lessons of :data:`LESSONS`, and the game against the bots (lesson 10).  The index's
#: heading counts these («a course in 11 lessons»; tests/test_editions.py holds every
#: edition's heading and table to this list).
COURSE: tuple[str, ...] = (
    "00_replay.ipynb",
    *(item.notebook for item in LESSONS),
    "10_play_against_bots.ipynb",
)


def lesson(number: int) -> Lesson:
    """The :class:`Lesson` numbered ``number``.

    Raises:
        KeyError: no such lesson.
    """
    for item in LESSONS:
        if item.number == number:
            return item
    raise KeyError(f"no lesson {number}: the lessons are 1..{len(LESSONS)}")


@dataclass(frozen=True)
class Taught:
    """What the course has taught by the end of one lesson (:func:`taught`).

    Attributes:
        lesson: the lesson's number.
        rules: the rule ids taught by it and the lessons before it (``'R13'`` covers
            R13a, R13b and R13c).
        variants: the presets introduced by then (:attr:`Lesson.variants`).
    """

    lesson: int
    rules: frozenset[str]
    variants: frozenset[str]

    def knows(self, rule: str) -> bool:
        """Whether rule id ``rule`` (``'R13b'``, ``'R17'``) has been taught."""
        return rule in self.rules or rule.rstrip("abc") in self.rules

    def among(self, presets: tuple[str, ...]) -> tuple[str, ...]:
        """The presets of ``presets`` (repeats kept: they weigh a random choice) that
        have been introduced."""
        return tuple(p for p in presets if p in self.variants)


def taught(number: int) -> Taught:
    """What lessons 1..``number`` teach together: their rule ids and variants.  The one
    table a lesson's drills are held to (:mod:`durak_nb.lessons.drills`: a drill of
    lesson 2 never deals perevodnoy, which lesson 5 teaches).

    >>> taught(2).knows("R12"), taught(2).knows("R13b"), sorted(taught(2).variants)
    (True, False, ['japanese', 'podkidnoy'])
    >>> "perevodnoy" in taught(5).variants
    True

    Raises:
        KeyError: no such lesson.
    """
    lesson(number)
    upto = [item for item in LESSONS if item.number <= number]
    return Taught(
        number,
        frozenset(r for item in upto for r in item.rules),
        frozenset(v for item in upto for v in item.variants),
    )


# ----------------------------------------------------------------------------- claims


@dataclass(frozen=True)
class Claim:
    """A sentence a lesson states about the rules, with the engine's answer.

    Attributes:
        key: the name of the function that asks the engine.
        lesson: the lesson's number.
        text: the sentence exactly as the notebook shows it (after ``✔``).
        rules: the rule ids it illustrates.
        expected: the value the sentence states (in the function's terms).
        answer: asks the engine; returns a plain value (numbers, names, refusal
            texts, cards written as a person reads them: ``'10♥'``).
    """

    key: str
    lesson: int
    text: str
    rules: tuple[str, ...]
    expected: Any
    answer: Callable[[], Any]

    def sentence(self) -> str:
        """The sentence in the language in use (:func:`durak_nb.i18n.set_language`): what
        the edition of the lesson in that language shows after ``✔``."""
        return _(self.text)

    def stated(self) -> Any:
        """The value the sentence states, in the language in use: the engine's answer
        when they agree (:meth:`check`), else :attr:`expected` with its names and cards
        written as the language writes them."""
        got = self.answer()
        return got if self.check(got) else _localized(self.expected)

    def check(self, got: Any = _UNSET) -> bool:
        """Whether the engine's answer (``got``, default: asked now) is the value the
        sentence states, in the language in use.

        In English the answer equals :attr:`expected`.  In another language the answer
        has the same shape, numbers and truth values; its cards are the expected cards
        (written with the language's rank letters), its names the expected names (in the
        language's alphabet, :func:`~durak_nb.lessons.edition.person_name`), and a text
        the English sentence quotes (a refusal, a move's words) is quoted word for word,
        as the engine says it in that language, by the translated :meth:`sentence`.
        """
        if got is _UNSET:
            got = self.answer()
        if get_language() == "en":
            return bool(got == self.expected)
        return _agrees(self.expected, got, self.text, self.sentence())


_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUIT_CODE = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _cards_here(text: str) -> str | None:
    """``text`` (English card words: ``'9♣ Q♦'``) with the language's rank letters, or
    ``None`` when ``text`` is not a run of cards."""
    tokens = text.split()
    if not tokens or not all(_CARD.fullmatch(t) for t in tokens):
        return None
    codes = [("T" if t[:-1] == "10" else t[:-1]) + _SUIT_CODE[t[-1]] for t in tokens]
    return cards_text(parse_cards(codes))


def _localized(value: Any) -> Any:
    """``value`` with its names and cards as the language in use writes them."""
    if isinstance(value, str):
        cards = _cards_here(value)
        return cards if cards is not None else person_name(value)
    if isinstance(value, tuple):
        return tuple(_localized(v) for v in value)
    if isinstance(value, list):
        return [_localized(v) for v in value]
    return value


def _agrees(expected: Any, got: Any, text: str, sentence: str) -> bool:
    """:meth:`Claim.check` outside English, leaf by leaf."""
    if isinstance(expected, str):
        if not isinstance(got, str) or not got:
            return False
        cards = _cards_here(expected)
        if cards is not None:
            return got == cards
        if expected in NAMES:
            return got == person_name(expected)
        if len(expected) > 12 and expected in text:
            return got in sentence
        return True
    if isinstance(expected, (tuple, list)):
        return (
            type(got) is type(expected)
            and len(got) == len(expected)
            and all(_agrees(e, g, text, sentence) for e, g in zip(expected, got, strict=True))
        )
    return bool(got == expected)


#: Every claim, by key, in the order the lessons make them.
CLAIMS: dict[str, Claim] = {}

_F = TypeVar("_F", bound=Callable[[], Any])


def claim(number: int, text: str, expected: Any, *rules: str) -> Callable[[_F], _F]:
    """Register the decorated function as the engine's answer to a claim of lesson ``number``.

    Args:
        number: the lesson (1..9).
        text: the sentence exactly as the notebook shows it after ``✔``.
        expected: the value the sentence states, in the function's terms.
        rules: the rule ids it illustrates (``'R13b'``).

    Raises:
        ValueError: (when decorating) a function of that name is registered already.
    """

    def register(fn: _F) -> _F:
        if fn.__name__ in CLAIMS:  # pragma: no cover - a programming error
            raise ValueError(f"claim {fn.__name__} registered twice")
        CLAIMS[fn.__name__] = Claim(fn.__name__, number, text, tuple(rules), expected, fn)
        return fn

    return register


def claims_of(number: int) -> list[Claim]:
    """The claims of lesson ``number``, in the order the lesson makes them."""
    return [c for c in CLAIMS.values() if c.lesson == number]


def claim_rows(number: int) -> list[dict[str, Any]]:
    """The claims of lesson ``number`` with the engine's answers, as rows for a table
    (``pandas.DataFrame(claim_rows(3))``): ``rules``, ``claim``, ``engine``, ``agrees``."""
    rows = []
    for c in claims_of(number):
        got = c.answer()
        rows.append({"rules": " ".join(c.rules), "claim": c.sentence(), "engine": got, "agrees": c.check(got)})
    return rows
