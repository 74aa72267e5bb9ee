"""What a lesson's hidden cells display: the engine's answers as sentences a learner reads.

The course's data and claims live in :mod:`durak_nb.lessons`; this view renders them
(a notebook imports it as ``from durak_nb.views import course_show as show``).

A lesson notebook hides its code (``jupyter.source_hidden``) and shows only text,
pictures and widgets; no cell output is a raw Python value.  The functions here turn the
engine's answers into :class:`Sentences`, a small object that shows itself as an HTML
list (``_repr_html_``) and as plain text, with cards written as a person reads them
(``10♥``, :func:`durak_nb.explain.cards_words`).  Every call builds what it shows from a
fresh game, so a cell can run again, or out of order, without an error.  Every sentence
is in the language in use when it is made (:func:`durak_nb.i18n.set_language`); a claim's
sentence and value are the lesson's own (:meth:`~durak_nb.lessons.course.Claim.sentence`,
:meth:`~durak_nb.lessons.course.Claim.stated`).

>>> from durak_nb import lessons
>>> str(legal_moves(lessons.bout().game(1), "Boris")).splitlines()[0]
'Boris covers 7♠ with 6♥'
>>> str(refusal(lessons.bout().game(0), "Anna", "attack", "7S 9D"))
'The engine refuses it: a lead is one or more cards of one rank (R9).'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..cards import Card, Suit, beats
from ..cards import deck as _deck
from ..engine import Event, Game, Move
from ..explain import event_words, move_words
from ..i18n import _, ngettext
from ..lessons.course import CLAIMS, TERMS, claims_of
from ..numbering import move_number
from ..replay import Replay
from .cards_svg import rows_svg
from .display import HandView

__all__ = [
    "DeckView",
    "Lines",
    "Sentences",
    "beaters",
    "claims_summary",
    "deck",
    "ending",
    "events",
    "legal_moves",
    "moves",
    "refusal",
    "result",
    "room",
    "teachers",
    "terms",
]


class Sentences:
    """Sentences shown as an HTML list (one item each), or one paragraph if there is one.

    Args:
        lines: the sentences, already whole (one literal each, for translation).
        title: an optional heading line shown above them.
    """

    def __init__(self, lines: Iterable[str], title: str | None = None) -> None:
        self.lines = [str(line) for line in lines]
        self.title = title

    def __str__(self) -> str:
        head = [self.title] if self.title else []
        return "\n".join(head + self.lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = f"<p style='margin:0.2em 0'><b>{html.escape(self.title)}</b></p>" if self.title else ""
        if len(self.lines) == 1:
            return f"<div class='dnb-say'>{head}<p style='margin:0.2em 0'>{html.escape(self.lines[0])}</p></div>"
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines)
        return f"<div class='dnb-say'>{head}<ul style='margin:0.2em 0'>{items}</ul></div>"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))


def legal_moves(game: Game, player: int | str, title: str | None = None) -> Sentences:
    """Every legal move of ``player`` now, in words (``'Boris covers 7♠ with 8♠'``),
    in the engine's order (:meth:`Game.legal_moves`)."""
    return Sentences((move_words(m, game.players) for m in game.legal_moves(player)), title)


#: A rule id (or ids, «R13a/R13c») in brackets that ends a sentence of the engine.
_NAMED_RULE = re.compile(r"\s*\((R\d+[a-z]?(?:/R\d+[a-z]?)*)\)$")


def refusal(game: Game, player: int | str, action: str, cards: str, target: str | None = None) -> Sentences:
    """What the engine says of a move of ``player``: its refusal with the rule id, or that
    it is legal.

    Args:
        game: the position (not changed).
        player: a seat or a name.
        action: ``'attack'``, ``'throw'``, ``'defend'`` or ``'transfer'``.
        cards: the card codes (``'7S 9D'``; for ``defend`` the covering card).
        target: for ``defend``, the attack card covered.

    Raises:
        ValueError: an unknown action, player or card code.
    """
    seat = player if isinstance(player, int) else game.players.index(player)
    if action == "defend":
        if target is None:
            raise ValueError(_("a defence needs the attack card it covers"))
        move = Move.defend(seat, cards, target)
    elif action in ("attack", "throw", "transfer"):
        move = getattr(Move, action)(seat, cards)
    else:
        # TRANSLATORS: {action} is the name given (kept as typed); the actions are code names: attack, throw, …
        raise ValueError(_("unknown action {action}").format(action=repr(action)))
    why = game.why_illegal(move)
    if why is None:
        # TRANSLATORS: {move} is the move in words («Anna attacks 7♠»)
        return Sentences([_("The engine allows it: {move}.").format(move=move_words(move, game.players))])
    # A sentence that already ends with the rule it applies (R18's «… than they hold (R13b)»)
    # shows that id once, in the brackets: never «… (R13b) (R18).».
    message, rule = why.message, why.rule
    named = _NAMED_RULE.search(message)
    if named is not None:
        message, rule = message[: named.start()], named.group(1)
    # TRANSLATORS: {refusal} is the engine's sentence, {rule} its rule id (R9)
    return Sentences([_("The engine refuses it: {refusal} ({rule}).").format(refusal=message, rule=rule)])


def room(game: Game) -> Sentences:
    """How many more attack cards may follow now (R13), as a sentence."""
    n = game.room()
    if n == 0:
        return Sentences([_("No more cards may follow (R13).")])
    return Sentences([ngettext("One more card may follow (R13).", "{n} more cards may follow (R13).", n).format(n=n)])


def events(happened: Sequence[Event], names: Sequence[str]) -> Sentences:
    """What a move caused, in words with cards as 10♥ and the rule ids
    (:func:`durak_nb.explain.event_words`)."""
    return Sentences(event_words(e, names) for e in happened)


def ending(replay: Replay, k: int) -> Sentences:
    """What move ``k`` of ``replay`` causes (bito R15, a take R14, the draws R16, …), in
    words: the move first, then its events (:func:`events`)."""
    move = replay.move(k)
    lines = [move_words(move, replay.players)]
    lines += [event_words(e, replay.players) for e in replay.events(k)]
    return Sentences(lines)


def moves(replay: Replay, ks: Iterable[int], title: str | None = None) -> Sentences:
    """Moves ``ks`` of ``replay`` in words with the rules behind them
    (:meth:`Replay.explain`), one sentence each, numbered as people count
    (:func:`~durak_nb.numbering.move_number`): ``'Move 1: Boris attacks 10♥ — the lead
    (заход, R9); Anna defends (R10)'``.

    Raises:
        IndexError: a move number not in ``0..len(replay) - 1``.
    """
    # TRANSLATORS: {k} is the move's number, {words} the move and the rules behind it
    return Sentences((_("Move {k}: {words}").format(k=move_number(k), words=replay.explain(k)) for k in ks), title)


def result(replay: Replay) -> Sentences:
    """How the game of ``replay`` ended, as a sentence with its rule id (R22–R27):
    ``'Game over: Anna is the durak (R25).'``.

    Raises:
        ValueError: the recording stops before the game is over.
    """
    got = replay.result
    if got is None:
        raise ValueError(_("the recording stops before the game is over"))
    text = got.describe(replay.players)
    if "(R" in text:
        # TRANSLATORS: {result} is how the game ended, with its rule id («Anna is the durak (R25)»)
        return Sentences([_("Game over: {result}.").format(result=text)])
    return Sentences([_("Game over: {result} ({rule}).").format(result=text, rule=got.rule)])


class DeckView:
    """The deck as a picture, one row per suit (:func:`~.cards_svg.rows_svg`), low to high.

    Attributes:
        cards: the deck's cards, suit by suit; width: one card's width in pixels.
    """

    def __init__(self, cards: Iterable[Card], *, width: float = 34) -> None:
        self.cards = tuple(cards)
        self.width = width

    def rows(self) -> list[tuple[Card, ...]]:
        """The cards suit by suit, in the deck's order of suits."""
        suits = list(dict.fromkeys(c.suit for c in self.cards))
        return [tuple(c for c in self.cards if c.suit == s) for s in suits]

    def _repr_svg_(self) -> str:
        return rows_svg(self.rows(), width=self.width)

    def _repr_html_(self) -> str:
        return f'<div class="dnb-hand-svg">{self._repr_svg_()}</div>'

    def __repr__(self) -> str:
        return f"DeckView({' '.join(c.code for c in self.cards)!r})"


def deck(size: int = 36, width: float = 34) -> DeckView:
    """The deck of ``size`` cards (R1) as one picture, a row per suit, low to high (a
    single row of 36 overlapping cards shrank to unreadable in a projector's column,
    issue 22).

    Raises:
        ValueError: ``size`` is not a deck's size (24, 36, 52).
    """
    return DeckView(_deck(size), width=width)


def beaters(card: str, trump: str, size: int = 36, width: float = 34) -> HandView:
    """Every card of the ``size``-card deck that beats ``card`` with ``trump`` (R6), as a
    picture (the trump suit marked).

    Raises:
        ValueError: a bad card code or suit.
    """
    target, suit = Card.parse(card), Suit.parse(trump)
    return HandView([c for c in _deck(size) if beats(c, target, suit)], trump=suit, width=width)


class Lines:
    """Lines of a file shown as they are (a ``<pre>`` block), e.g. a journal or a notation file."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        text = html.escape(str(self))
        return f"<pre style='white-space:pre-wrap;word-break:break-all;font-size:85%'>{text}</pre>"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))


class _Table:
    """An HTML table of strings (escaped), of the class ``cls`` (``dnb-claims``: the
    teachers' table of ✔ sentences; ``dnb-terms``: the course's terms, for everyone)."""

    def __init__(self, head: Sequence[str], rows: Sequence[Sequence[str]], cls: str = "dnb-claims") -> None:
        self.head = list(head)
        self.rows = [list(r) for r in rows]
        self.cls = cls

    def __str__(self) -> str:
        return "\n".join(" | ".join(r) for r in [self.head, *self.rows])

    def _repr_html_(self) -> str:
        th = "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in self.head)
        body = "".join(
            "<tr>" + "".join(f"<td style='text-align:left'>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        return f"<table class='{self.cls}'><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


#: packages some claims need that a Python may lack (the site's Pyodide has no pandas):
#: such a claim is said to be not checked there, never a traceback
OPTIONAL_PACKAGES = ("pandas", "numpy", "matplotlib")


def _asked(ask: Callable[[], Any]) -> tuple[Any, str | None]:
    """``(ask(), None)``, or ``(None, package)`` when ``ask`` needs a package of
    :data:`OPTIONAL_PACKAGES` that this Python lacks.

    Raises:
        ModuleNotFoundError: ``ask`` needs a missing package not in :data:`OPTIONAL_PACKAGES`.
    """
    try:
        return ask(), None
    except ModuleNotFoundError as error:
        package = (error.name or "").split(".")[0]
        if package not in OPTIONAL_PACKAGES:
            raise
        return None, package


def teachers(number: int) -> _Table:
    """For teachers: every ✔ sentence of lesson ``number`` with the engine's answer and
    whether it agrees (the same check as ``tests/test_lessons.py``), as a table with the
    columns *rules*, *sentence*, *engine's answer*, *agrees*, in the language in use
    (the sentence as that edition shows it, :meth:`~durak_nb.lessons.course.Claim.sentence`;
    the answer checked against the value it states there, ``Claim.stated``)."""
    rows = []
    for c in claims_of(number):
        got, package = _asked(c.answer)
        if package is not None:
            # TRANSLATORS: a claim the engine could not be asked here; {package} is e.g. pandas
            rows.append(
                [" ".join(c.rules), c.sentence(), _("not checked here: needs {package}").format(package=package), "—"]
            )
            continue
        agrees = _("yes") if got == c.stated() else _("NO")
        rows.append([" ".join(c.rules), c.sentence(), _plain(got), agrees])
    return _Table([_("rules"), _("sentence"), _("engine's answer"), _("agrees")], rows)


def terms() -> _Table:
    """The course's terms (:data:`~durak_nb.lessons.TERMS`) as a table: English, Russian, Ukrainian."""
    return _Table(
        [_("English"), _("Russian"), _("Ukrainian")], [[en, ru, uk] for en, (ru, uk) in TERMS.items()], "dnb-terms"
    )


def claims_summary() -> Sentences:
    """How many of the course's ✔ sentences agree with the engine, as a sentence; those
    that need a package this Python lacks (:data:`OPTIONAL_PACKAGES`: the site has no
    pandas) are counted apart, as not checked here.

    Raises:
        ModuleNotFoundError: a claim needs a missing package not in :data:`OPTIONAL_PACKAGES`.
    """
    agree = 0
    unchecked: dict[str, int] = {}
    for c in CLAIMS.values():
        agrees, package = _asked(c.check)
        if package is None:
            agree += agrees
        else:
            unchecked[package] = unchecked.get(package, 0) + 1
    total = len(CLAIMS) - sum(unchecked.values())
    # TRANSLATORS: {agree} sentences of {total} agree with the engine's answers
    said = [
        ngettext(
            "{agree} of {total} sentences of the course agree with the engine.",
            "{agree} of {total} sentences of the course agree with the engine.",
            total,
        ).format(agree=agree, total=total)
    ]
    for package, count in unchecked.items():
        said.append(
            ngettext(
                "{count} sentence is not checked here: it needs {package}, which this Python does not have.",
                "{count} sentences are not checked here: they need {package}, which this Python does not have.",
                count,
            ).format(count=count, package=package)
        )
    return Sentences(said)


def _plain(value: Any) -> str:
    """A claim's answer as text: tuples and lists joined with ``; ``."""
    if isinstance(value, tuple | list):
        return "; ".join(_plain(v) for v in value)
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if value is None:  # e.g. no refusal, no durak: shown as a dash, not as Python's None
        return "—"
    return str(value)
