"""The rules engine: positions, moves, legal moves, refusals and the bout protocol.

Every rule of RULES.md (R1–R27) is enforced here and nowhere else.  A :class:`Game`
holds the live position; :meth:`Game.legal_moves` lists the moves of every player who
may act now, :meth:`Game.why_illegal` explains a refusal with its rule id, and
:meth:`Game.play` applies a move and returns the :class:`Event` values it caused
(draws in order, bito, take, a player going out, the end of the game).

>>> g = Game.from_position(
...     Rules.make("podkidnoy"), ["Anna", "Boris"],
...     hands={"Anna": "7S 7H AD", "Boris": "8S 9C"}, talon="", trump="D",
...     attacker="Anna", first_bito_done=True, rest_to_discard=True)
>>> sorted(m.describe(g.players) for m in g.legal_moves())
['Anna attacks 7♠', 'Anna attacks 7♠ 7♥', 'Anna attacks 7♥', 'Anna attacks A♦']
>>> g.play(Move.attack(0, "7S 7H"))
[]
>>> print(g.why_illegal(Move.defend(1, "9C", "7H")))
[R6] 9♣ does not beat 7♥: a card is beaten by a higher card of its suit or by a trump (♦)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, compress
from typing import Any, ClassVar, NamedTuple

from .cards import (
    CARD_AT,
    Card,
    CardError,
    Suit,
    beat_clause,
    beats,
    card_text,
    cards_text,
    count_cards,
    deck,
    lowest_rank,
    parse_cards,
    rank_text,
)
from .checks import cards_arg, players_arg, rules_arg, seat_arg, shown
from .errors import DurakError
from .i18n import N_, _, ngettext
from .rules import Rules, RulesError, preset_text

__all__ = [
    "MAX_BOUT",
    "MAX_NAME",
    "Action",
    "Bito",
    "Drew",
    "Event",
    "Game",
    "GameOver",
    "IllegalMove",
    "LeadPassed",
    "Move",
    "Out",
    "PlayerError",
    "Position",
    "Redealt",
    "Refusal",
    "Result",
    "SetupError",
    "Start",
    "Took",
    "names_problem",
]


class SetupError(DurakError):
    """A deal or set-up position that is not a legal start (R1–R4, R22).

    ``rule`` names the rule broken: a card twice or missing (R1), a wrong number of
    players (R2), a trump that disagrees with the turned-up card (R3), an unknown
    player.
    """


class PlayerError(DurakError, KeyError):
    """A player named or seated who is not in this game (R2: the seats are 0..n-1).

    Both a :class:`~durak_nb.errors.DurakError` (``rule`` ``'R2'``, ``message``) and,
    as before, a :class:`KeyError`, so ``except KeyError`` still catches it.
    ``str(error)`` is ``"[R2] message"``; ``args[0]`` is the bare message, as a
    KeyError's argument.
    """

    def __init__(self, rule: str | None, message: str) -> None:
        super().__init__(rule, message)
        self.args = (message,)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}" if self.rule else self.message


class Action(StrEnum):
    """The kinds of move (INTERCHANGE.md ``action``)."""

    ATTACK = "attack"  #: lead a bout (R9)
    THROW = "throw"  #: throw in (R11), also after take: вдогонку (R14)
    TRANSFER = "transfer"  #: перевод (R17), or проездной with ``show`` (R20)
    DEFEND = "defend"  #: cover one attack card (R10)
    TAKE = "take"  #: declare take (R14)
    PASS = "pass"  #: nothing (more) from me now (R12); in english durak: pass the lead (R9)
    REDEAL = "redeal"  #: claim a redeal (R5)

    def __str__(self) -> str:
        return self.value


#: a move in words, one whole sentence per kind of move (``who``, ``cards`` as card text),
#: translated at use (:meth:`Move.describe`)
_MOVE_WORDS: dict[Action, str] = {
    # TRANSLATORS: {who} is a player's name, {cards} the cards led (7♥ or 7♥ 7♠)
    Action.ATTACK: N_("{who} attacks {cards}"),
    # TRANSLATORS: {who} is a player's name, {cards} the cards thrown in
    Action.THROW: N_("{who} throws in {cards}"),
    # TRANSLATORS: {who} is the defender's name, {cards} the cards of the transfer
    Action.TRANSFER: N_("{who} transfers {cards}"),
    # TRANSLATORS: a defence whose target is unknown: {who} is the defender, {cards} the cover
    Action.DEFEND: N_("{who} covers {cards}"),  # a defence without its target (never legal)
    # TRANSLATORS: the defender declares take (R14)
    Action.TAKE: N_("{who} takes"),
    # TRANSLATORS: a thrower has nothing (more) to throw in (R12)
    Action.PASS: N_("{who} passes"),
    # TRANSLATORS: a player claims a redeal, having been dealt five cards of one suit (R5)
    Action.REDEAL: N_("{who} claims a redeal"),
}


class Move(NamedTuple):
    """One move by one player: a small immutable value.

    Attributes:
        player: the mover's seat (0-based, clockwise).
        action: the :class:`Action`.
        cards: the cards laid (attack, throw, transfer), the cover (defend, one card),
            or the shown trump (transfer with ``show``); empty for take and pass.
        target: the attack card covered (defend only).
        show: a shown-trump transfer (R20): ``cards`` holds the one trump shown.
        deck: the new shuffle, top card first (redeal only; ``None`` in a listed legal
            redeal means "shuffle with the game's random generator").

    Build moves with the class methods, which accept card codes:

    >>> Move.defend(1, "9S", "7S")
    Move.defend(1, '9S', '7S')
    """

    player: int
    action: Action
    cards: tuple[Card, ...] = ()
    target: Card | None = None
    show: bool = False
    deck: tuple[Card, ...] | None = None

    @classmethod
    def attack(cls, player: int, cards: str | Iterable[str | Card]) -> Move:
        """Lead ``cards`` (R9)."""
        return cls(seat_arg(player, "Move.attack"), Action.ATTACK, _sorted(cards_arg(cards)))

    @classmethod
    def throw(cls, player: int, cards: str | Iterable[str | Card]) -> Move:
        """Throw in ``cards`` (R11, R14)."""
        return cls(seat_arg(player, "Move.throw"), Action.THROW, _sorted(cards_arg(cards)))

    @classmethod
    def transfer(cls, player: int, cards: str | Iterable[str | Card], show: bool = False) -> Move:
        """Transfer with ``cards`` (R17), or by showing one trump (R20) with ``show``."""
        return cls(seat_arg(player, "Move.transfer"), Action.TRANSFER, _sorted(cards_arg(cards)), None, show)

    @classmethod
    def defend(cls, player: int, card: str | Card, target: str | Card) -> Move:
        """Cover ``target`` with ``card`` (R10)."""
        return cls(seat_arg(player, "Move.defend"), Action.DEFEND, (Card.parse(card),), Card.parse(target))

    @classmethod
    def take(cls, player: int) -> Move:
        """Declare take (R14)."""
        return cls(seat_arg(player, "Move.take"), Action.TAKE)

    @classmethod
    def pass_(cls, player: int) -> Move:
        """Pass (R12), or pass the lead in english durak (R9)."""
        return cls(seat_arg(player, "Move.pass_"), Action.PASS)

    @classmethod
    def redeal(cls, player: int, new_deck: Iterable[str | Card] | None = None) -> Move:
        """Claim a redeal (R5); ``new_deck`` top card first, or ``None`` to shuffle."""
        seat = seat_arg(player, "Move.redeal")
        return cls(seat, Action.REDEAL, (), None, False, None if new_deck is None else cards_arg(new_deck))

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The move in words with cards as a person reads them (:func:`~durak_nb.cards.card_text`),
        e.g. ``'Boris covers 7♠ with 9♠'``.

        Args:
            names: the seat names (``P1``, ``P2`` … without them).

        Raises:
            PlayerError: ``names`` has no name for the mover's seat (R2).
        """
        p = self.player
        if names is None:
            who = f"P{p + 1}" if isinstance(p, int) else str(p)
        elif isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(names):
            who = names[p]
        else:
            raise PlayerError("R2", f"Move.describe: no name for seat {shown(p)} among {len(names)} names")
        if not self._well_formed():
            return f"{who} {self.action} {self.cards!r}"
        if self.action is Action.DEFEND and self.target is not None:
            # TRANSLATORS: {who} is the defender's name; {target} the card covered, {card} the cover
            return _("{who} covers {target} with {card}").format(
                who=who, target=card_text(self.target), card=card_text(self.cards[0])
            )
        if self.action is Action.TRANSFER and self.show:
            # TRANSLATORS: a shown-trump transfer (R20): {card} is the trump shown
            return _("{who} transfers by showing {card}").format(who=who, card=card_text(self.cards[0]))
        return _(_MOVE_WORDS[self.action]).format(who=who, cards=cards_text(self.cards)).rstrip()

    def _well_formed(self) -> bool:
        """The fields have the types the class methods give them (a Move built by hand
        may not: then repr and describe show the raw fields)."""
        cards, target, new_deck = self.cards, self.target, self.deck
        return (
            isinstance(self.action, Action)
            and isinstance(cards, tuple)
            and all(isinstance(c, Card) for c in cards)
            and (target is None or isinstance(target, Card))
            and (new_deck is None or (isinstance(new_deck, tuple) and all(isinstance(c, Card) for c in new_deck)))
            and (self.action is not Action.DEFEND or len(cards) == 1)
            and (not self.show or len(cards) == 1)
        )

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        if not self._well_formed():
            fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
            return f"Move({fields})"
        codes = " ".join(c.code for c in self.cards)
        a = self.action
        if a is Action.DEFEND:
            return f"Move.defend({self.player}, {codes!r}, {self.target.code if self.target else None!r})"
        if a is Action.TRANSFER and self.show:
            return f"Move.transfer({self.player}, {codes!r}, show=True)"
        if a in (Action.ATTACK, Action.THROW, Action.TRANSFER):
            return f"Move.{a.value}({self.player}, {codes!r})"
        if a is Action.PASS:
            return f"Move.pass_({self.player})"
        if a is Action.REDEAL:
            d = None if self.deck is None else " ".join(c.code for c in self.deck)
            return f"Move.redeal({self.player}, {d!r})"
        return f"Move.{a.value}({self.player})"


def _count(n: int) -> str:
    """``'1 card'``, ``'3 cards'`` in the language in use (:func:`~durak_nb.cards.count_cards`)."""
    return count_cards(n)


def _names_and(names: Sequence[str]) -> str:
    """Names as a list a person reads: ``'Anna and Vera'``, ``'Anna, Boris and Vera'``."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the last two names of a list ("Anna and Vera", "Anna, Boris and Vera")
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


#: R10: who may defend, take or transfer (the defender), one sentence per action
_DEFENDER_ONLY: dict[Action, str] = {
    # TRANSLATORS: {name} is the defender
    Action.DEFEND: N_("only the defender {name} may defend"),
    Action.TAKE: N_("only the defender {name} may take"),
    Action.TRANSFER: N_("only the defender {name} may transfer"),
}

#: R17: the refusal of a transfer in each preset without transfers (whole sentences: the
#: preset's name takes a different case in Russian and Ukrainian)
_NO_TRANSFERS: dict[str, str] = {
    "podkidnoy": N_("no transfers in podkidnoy: transfers are played in perevodnoy"),
    "prostoy": N_("no transfers in prostoy: transfers are played in perevodnoy"),
    "english": N_("no transfers in english: transfers are played in perevodnoy"),
    "japanese": N_("no transfers in japanese: transfers are played in perevodnoy"),
}

#: R11: the refusal of a throw-in in each preset without throw-ins
_NO_THROW_INS: dict[str, str] = {
    "prostoy": N_("no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken"),
    "english": N_("no throw-ins in english durak: the bout ends when the lead is beaten or taken"),
}


@dataclass(frozen=True)
class Refusal:
    """Why a move is illegal: the rule id and a sentence a learner understands.

    Attributes:
        rule: e.g. ``'R13b'``.
        message: the explanation, without the rule id.
    """

    rule: str
    message: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


class IllegalMove(DurakError):
    """Raised by :meth:`Game.play` for a move the rules forbid.

    Attributes:
        refusal: the :class:`Refusal` (rule id and message).
        move: the refused :class:`Move`.
    """

    def __init__(self, refusal: Refusal, move: Move) -> None:
        super().__init__(refusal.rule, refusal.message)
        self.refusal = refusal
        self.move = move

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.refusal, self.move))


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something a move caused besides itself (base class).

    Every event type names the rule that makes it happen in :attr:`rule` (a class
    attribute): views and tables ask the event, they do not re-decide it.
    """

    rule: ClassVar[str] = ""

    def describe(self, names: Sequence[str]) -> str:  # pragma: no cover - overridden
        """The event in words."""
        return type(self).__name__


@dataclass(frozen=True)
class Took(Event):
    """R14: the defender picked up every card on the table."""

    rule: ClassVar[str] = "R14"

    player: int
    cards: tuple[Card, ...]

    def describe(self, names: Sequence[str]) -> str:
        # TRANSLATORS: the defender picks up the table after a take
        return _("{name} picks up {cards} (R14)").format(name=names[self.player], cards=cards_text(self.cards))


@dataclass(frozen=True)
class Bito(Event):
    """R15: every attack card covered, every thrower passed; cards to the discard."""

    rule: ClassVar[str] = "R15"

    cards: tuple[Card, ...]

    def describe(self, names: Sequence[str]) -> str:
        return _("bito: {cards} to the discard (R15)").format(cards=cards_text(self.cards))


@dataclass(frozen=True)
class Drew(Event):
    """R16: ``player`` drew ``cards`` from the talon (top first)."""

    rule: ClassVar[str] = "R16"

    player: int
    cards: tuple[Card, ...]

    def describe(self, names: Sequence[str]) -> str:
        # TRANSLATORS: a player refills the hand from the talon
        return _("{name} draws {cards} (R16)").format(name=names[self.player], cards=cards_text(self.cards))


@dataclass(frozen=True)
class Out(Event):
    """R24: ``player`` has no cards with the talon empty and is out."""

    rule: ClassVar[str] = "R24"

    player: int

    def describe(self, names: Sequence[str]) -> str:
        return _("{name} is out (R24)").format(name=names[self.player])


@dataclass(frozen=True)
class LeadPassed(Event):
    """R9 (english durak): the lead passes from ``player`` to ``to``."""

    rule: ClassVar[str] = "R9"

    player: int
    to: int

    def describe(self, names: Sequence[str]) -> str:
        # TRANSLATORS: english durak: {name} has no pair and passes the lead on to {to}
        return _("the lead passes from {name} to {to} (R9)").format(name=names[self.player], to=names[self.to])


@dataclass(frozen=True)
class Redealt(Event):
    """R5: the cards were dealt again."""

    rule: ClassVar[str] = "R5"

    player: int

    def describe(self, names: Sequence[str]) -> str:
        return _("{name} shows five of a suit: the cards are dealt again (R5)").format(name=names[self.player])


@dataclass(frozen=True)
class Result:
    """How a game ended (R24–R27).

    Attributes:
        durak: the losing seat, or ``None`` (a draw, or a team game).
        draw: the game is drawn (R25, R27).
        epaulettes: the durak got epaulettes (R26).
        out_order: seats in the order they went out (R24).
        losing_team: the seats of the losing team in a team game (R22), else ``None``.
        rule: the rule that ended the game: ``R25``, ``R22``, ``R26`` or ``R27``.
    """

    durak: int | None
    draw: bool
    epaulettes: bool
    out_order: tuple[int, ...]
    losing_team: tuple[int, ...] | None
    rule: str

    def describe(self, names: Sequence[str]) -> str:
        """The result in words."""
        if self.draw:
            return _("draw by repetition (R27)") if self.rule == "R27" else _("draw (R25)")
        if self.losing_team is not None:
            # TRANSLATORS: {names} are the losing partners, "Anna and Vera"
            return _("the team of {names} loses (R22)").format(names=_names_and([names[s] for s in self.losing_team]))
        assert self.durak is not None
        if self.epaulettes:
            return _("{name} is the durak with epaulettes (R26)").format(name=names[self.durak])
        return _("{name} is the durak").format(name=names[self.durak])


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended with ``result``."""

    result: Result

    @property
    def rule(self) -> str:  # type: ignore[override]
        """The rule that ended the game (R22, R25, R26 or R27): the result's."""
        return self.result.rule

    def describe(self, names: Sequence[str]) -> str:
        # TRANSLATORS: {result} is the result in words ("Boris is the durak", "draw (R25)")
        return _("game over: {result}").format(result=self.result.describe(names))


@dataclass(frozen=True)
class Start:
    """A set-up position at a bout start: the attacker is about to lead (INTERCHANGE.md
    ``start``). The one start type: the JSON form, the notation, lessons, the play
    widget and the game trees all build a game from it with :meth:`Game.from_start`, and
    :meth:`Game.start` / :meth:`Position.start` give it back.

    Attributes:
        hands: each seat's cards (tuple per seat, clockwise).
        talon: top card first; its last card is the turned-up trump (R3).
        trump: the trump suit.
        attacker: seat of the player about to lead (R4, R9).
        discard: cards already discarded (R15).
        first_bito_done: a bout already ended in bito (R13c).
        bout: the number of the coming bout, from 1 (R19).
        out: seats already out, in the order they went out (R24).
    """

    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    trump: Suit
    attacker: int
    discard: tuple[Card, ...] = ()
    first_bito_done: bool = False
    bout: int = 1
    out: tuple[int, ...] = ()

    def code(self) -> str:
        """This start as a one-line position code (like chess's FEN): eight fields
        separated by spaces.

        1. the hands, seat by seat, separated by ``/``: card codes written together
           (``7S7HAD``), ``-`` for an empty hand;
        2. the talon, top card first (its last card the turned-up trump, R3), ``-`` if empty;
        3. the trump suit, ``S H D C``;
        4. the attacker's seat (0-based);
        5. the discard in the order discarded, ``-`` if empty (on input to
           :meth:`Game.from_code`, ``*`` puts every card not named there);
        6. the number of the coming bout (R19);
        7. ``+`` if a bout has ended in bito (R13c), else ``-``;
        8. the seats already out, in order, separated by commas, ``-`` for none (R24).

        >>> Start(hands=(tuple(parse_cards("7S 7H AD")), tuple(parse_cards("8S 9C"))),
        ...       talon=(), trump=Suit.D, attacker=0, bout=4, first_bito_done=True).code()
        '7S7HAD/8S9C - D 0 - 4 + -'
        """
        return " ".join(
            [
                "/".join(_cards_code(h) for h in self.hands),
                _cards_code(self.talon),
                self.trump.code,
                str(self.attacker),
                _cards_code(self.discard),
                str(self.bout),
                "+" if self.first_bito_done else "-",
                ",".join(str(s) for s in self.out) or "-",
            ]
        )

    @classmethod
    def from_code(cls, code: str) -> Start:
        """The start written by :meth:`code` (every field explicit; ``*`` for the
        discard is read by :meth:`Game.from_code`).

        Raises:
            SetupError: not a position code (the message names the field), or a card
                code that is not a card (R1). Whether the position is a legal start is
                checked by :meth:`Game.from_start`.
            TypeError: ``code`` is not a string.
        """
        if not isinstance(code, str):
            raise TypeError(f"Start.from_code: a position code is a string, not {shown(code)}")
        if len(code) > _CODE_MAX:
            raise SetupError(
                None,
                ngettext(
                    "position code: longer than {n} character", "position code: longer than {n} characters", _CODE_MAX
                ).format(n=_CODE_MAX),
            )
        fields = code.split()
        if len(fields) != 8:
            raise SetupError(
                None,
                _("position code: 8 fields separated by spaces ({fields}), not {n}").format(
                    fields=" ".join(_CODE_FIELDS), n=len(fields)
                ),
            )
        hands, talon, trump, attacker, discard, bout, bito, out = fields
        try:
            suit = Suit.parse(trump)
        except CardError as exc:
            raise SetupError("R1", _("position code: trump: {why}").format(why=exc.message)) from exc
        if bito not in ("+", "-"):
            raise SetupError(None, _("position code: bito is + or -, not {value}").format(value=repr(bito)))
        return cls(
            hands=tuple(_code_cards(h, f"hand {i + 1}") for i, h in enumerate(hands.split("/"))),
            talon=_code_cards(talon, "talon"),
            trump=suit,
            attacker=_code_number(attacker, "attacker"),
            discard=_code_cards(discard, "discard"),
            first_bito_done=bito == "+",
            bout=_code_number(bout, "bout"),
            out=() if out == "-" else tuple(_code_number(x, "out") for x in out.split(",")),
        )


#: The fields of a position code (:meth:`Start.code`).
_CODE_FIELDS = ("hands", "talon", "trump", "attacker", "discard", "bout", "bito", "out")
#: The longest position code read: 52 cards of two characters, separators, numbers.
_CODE_MAX = 400
_NUMBER = re.compile(r"[0-9]{1,9}")


def _cards_code(cards: Iterable[Card]) -> str:
    """Card codes written together, ``-`` for none (a field of a position code)."""
    return "".join(c.code for c in cards) or "-"


def _code_cards(text: str, field: str) -> tuple[Card, ...]:
    """The cards of one field of a position code (R1)."""
    if text == "-":
        return ()
    if len(text) % 2:
        raise SetupError(
            None,
            # TRANSLATORS: {field} is a field of the position code as written there (talon, hand 1)
            _("position code: {field} {text} is not card codes of two characters written together").format(
                field=field, text=repr(text)
            ),
        )
    try:
        return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))
    except CardError as exc:
        raise SetupError("R1", _("position code: {field}: {why}").format(field=field, why=exc.message)) from exc


def _code_number(text: str, field: str) -> int:
    """A whole number field of a position code (at most nine digits)."""
    if not _NUMBER.fullmatch(text):
        raise SetupError(
            None, _("position code: {field} is a whole number, not {text}").format(field=field, text=repr(text))
        )
    return int(text)


# ----------------------------------------------------------------------------- position


@dataclass(frozen=True, repr=False)
class Position:
    """An immutable snapshot of a game, for replays, views and tables.

    Attributes:
        players: seat names, clockwise.
        hands: each seat's cards, sorted.
        talon: top card first; its last card is the turned-up trump (R3).
        trump: the trump suit.
        trump_card: the turned-up card (``None`` when none was left, or in japanese).
        table: (attack, defence or ``None``) pairs, in the order laid.
        discard: the discard pile (R15), in the order discarded.
        attacker: the bout's attacker (after a transfer, the transferring player, R17),
            or ``None`` once the game is over.
        first_attacker: who led the bout (first to draw, R16).
        defender: the defender, or ``None`` once the game is over.
        bout: 1 for the first bout.
        first_bito_done: a bout has ended in bito (R13c).
        taking: the defender has declared take (R14).
        passed: throwers who passed since the last card (R12).
        attacker_passed: the attacker has passed this bout (R12).
        out_order: seats that are out, in order (R24).
        result: the :class:`Result`, or ``None`` while the game goes on.
    """

    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    trump: Suit
    trump_card: Card | None
    table: tuple[tuple[Card, Card | None], ...]
    discard: tuple[Card, ...]
    attacker: int | None
    first_attacker: int | None
    defender: int | None
    bout: int
    first_bito_done: bool
    taking: bool
    passed: frozenset[int]
    attacker_passed: bool
    out_order: tuple[int, ...]
    result: Result | None

    def start(self) -> Start:
        """This position as a :class:`Start` (a bout start: empty table, attacker to lead).

        Raises:
            SetupError: the position is inside a bout or the game is over (R9: a start
                position has the attacker about to lead).
        """
        if self.table or self.attacker is None or self.result is not None:
            raise SetupError(
                "R9",
                _(
                    "a start position is a bout start (an empty table, the attacker to lead), "
                    "not a position inside a bout"
                ),
            )
        return Start(
            hands=self.hands,
            talon=self.talon,
            trump=self.trump,
            attacker=self.attacker,
            discard=self.discard,
            first_bito_done=self.first_bito_done,
            bout=self.bout,
            out=self.out_order,
        )

    def code(self) -> str:
        """The one-line position code of this bout start (see :meth:`Start.code`).

        Raises:
            SetupError: the position is inside a bout or the game is over.
        """
        return self.start().code()

    def __repr__(self) -> str:
        names = self.players
        if self.result is not None:
            state = "over: " + self.result.describe(names)
        elif self.attacker is not None and self.defender is not None:
            state = f"bout {self.bout}, {names[self.attacker]} attacks {names[self.defender]}"
        else:  # pragma: no cover - a position is either over or has both roles
            state = f"bout {self.bout}"
        hands = ", ".join(f"{names[i]} {_cards_code(h)}" for i, h in enumerate(self.hands))
        table = " ".join(f"{a.code}:{'-' if d is None else d.code}" for a, d in self.table) or "-"
        return (
            f"<Position {state}; hands {hands}; table {table}; talon {len(self.talon)}; "
            f"discard {len(self.discard)}; trump {self.trump.code}>"
        )

    def to_json(self) -> dict[str, Any]:
        """The STATE object of INTERCHANGE.md (names and card codes)."""
        names = self.players
        return {
            "hands": {names[i]: [c.code for c in h] for i, h in enumerate(self.hands)},
            "talon": [c.code for c in self.talon],
            "trump": self.trump.code,
            "table": [[a.code, None if d is None else d.code] for a, d in self.table],
            "discard": [c.code for c in self.discard],
            "attacker": None if self.attacker is None else names[self.attacker],
            "defender": None if self.defender is None else names[self.defender],
            "bout": self.bout,
        }


# ----------------------------------------------------------------------------- the game

#: (deck size, trump, R7 option, R8) -> per card int c (0..59): the mask of the cards that
#: beat c (bit b for the card b, R6-R8); 0 for a card not in the deck.
_BEAT_MASKS: dict[tuple[int, int, bool, bool], list[int]] = {}
_new = tuple.__new__
_object_new = object.__new__
#: the card of each int 0..59 (a Card is rank * 4 + suit)
_CARD = CARD_AT
#: _RANK_CARDS[r]: the mask of the four cards of rank r
_RANK_CARDS = [0b1111 << (4 * r) for r in range(15)]


def _mask(cards: Iterable[int]) -> int:
    """The bitmask of ``cards`` (bit c for the card c)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


#: deck size -> the mask of its cards
_DECK_MASKS: dict[int, int] = {}


def _deck_mask(full: tuple[Card, ...]) -> int:
    m = _DECK_MASKS[len(full)] = _mask(full)
    return m


#: the state of ``random.Random(0)``, every game's generator until dealt with a seed
_ZERO_STATE = random.Random(0).getstate()


class _GameRandom(random.Random):
    """The game's generator (:attr:`Game.rng`): a ``random.Random`` that equals another
    generator in the same state, so a copy of it taken before a refused move equals it
    after (a refused move draws nothing: issue 23, ``shared/repro/engine_misuse.py``)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, random.Random):
            return NotImplemented
        return bool(self.getstate() == other.getstate())

    __hash__ = None  # type: ignore[assignment]


#: _BIT_LENGTHS[n]: ``n.bit_length()``, for :func:`_shuffle`
_BIT_LENGTHS = [n.bit_length() for n in range(53)]


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)`` for a plain ``random.Random``: the same permutation (the
    standard library's Fisher-Yates walk, each index drawn by rejection from
    ``getrandbits(k)``), without two calls per card. :data:`_SHUFFLE_SAME` says whether
    it is the same on this Python; otherwise ``rng.shuffle`` is used."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _BIT_LENGTHS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_same() -> bool:
    for seed in (0, 1, 2, 3):
        mine, theirs = list(range(52)), list(range(52))
        _shuffle(random.Random(seed), mine)  # type: ignore[arg-type]
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


#: :func:`_shuffle` deals exactly as ``random.Random.shuffle`` on this Python (R3: the
#: games of a seed stay those of ``random.Random(seed).shuffle``)
_SHUFFLE_SAME = _shuffle_same()

#: hand mask -> the hand as a tuple of cards, ascending (for positions)
_HAND_TUPLES: dict[int, tuple[Card, ...]] = {0: ()}


def _hand_tuple(mask: int) -> tuple[Card, ...]:
    hand = tuple(_cards_of(mask))
    if len(_HAND_TUPLES) < _INTERN_MAX:
        _HAND_TUPLES[mask] = hand
    return hand


def _cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, ascending (the order hands are kept in)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD[low.bit_length() - 1])
        mask ^= low
    return out


#: _LEADS[r][pattern][k - 1]: the masks of the k-card leads (or transfers) of rank r from
#: the held cards of that rank ``pattern`` (4 bits, S H D C), in itertools.combinations
#: order of the held cards ascending (the order legal moves are listed in)
def _held(r: int, pattern: int) -> list[int]:
    """The cards of rank ``r`` whose suits are the bits of ``pattern``, ascending."""
    return [4 * r + s for s in range(4) if pattern >> s & 1]


_LEADS: list[list[list[list[int]]]] = [
    [[[_mask(combo) for combo in combinations(_held(r, pattern), k)] for k in (1, 2, 3, 4)] for pattern in range(16)]
    for r in range(15)
]

# Interned moves (issue 13): every listed legal move is one shared Move value, made once.
#: (player, action) -> card mask -> the attack, throw-in or laid transfer of those cards
_BY_MASK: dict[tuple[int, Action], dict[int, Move]] = {}
#: player -> a list indexed by (target << 6 | the cover's bit_length(), i.e. cover + 1) of
#: the defences (``None``: not made yet); list indexing with small ints, where a dict
#: would hash a big int per defence
_DEFENCES: dict[int, list[Move | None]] = {}
#: per seat (at most 52 players: 52 cards, hands of one, R2): the take, the pass and the
#: listed redeal (``deck=None``)
_TAKES = [Move(s, Action.TAKE) for s in range(52)]
_PASSES = [Move(s, Action.PASS) for s in range(52)]
_REDEALS = [Move(s, Action.REDEAL) for s in range(52)]
#: a bound on each table (moves beyond it are made anew, not kept)
_INTERN_MAX = 200_000


def _move_arg(move: object) -> None:
    """Raise TypeError unless ``move`` is a :class:`Move` (:meth:`Game.play`'s argument)."""
    if type(move) is not Move and not isinstance(move, Move):
        raise TypeError(f"play: move must be a Move (e.g. Move.attack(0, '7S')), not {shown(move)}")


def _same_types(move: Move) -> bool:
    """The fields of ``move`` have exactly the types the engine lists (an int seat, an
    :class:`Action`, :class:`Card` values), so a move equal to a listed one is that move
    (``True == 1`` and ``'pass' == Action.PASS``, yet :meth:`Game.why_illegal` refuses them)."""
    p, act, cards, target, _show, _deck = move
    if type(p) is not int or type(act) is not Action or (target is not None and type(target) is not Card):
        return False
    for c in cards:  # noqa: SIM110 (a plain loop, no generator: this runs for every move a replay reads)
        if type(c) is not Card:
            return False
    return True


def _by_mask(player: int, action: Action) -> dict[int, Move]:
    table = _BY_MASK.get((player, action))
    if table is None:
        table = _BY_MASK[(player, action)] = {}
    return table


def _intern(table: dict[int, Move], player: int, action: Action, mask: int) -> Move:
    """The move of ``player`` laying the cards of ``mask`` (made and kept on first use)."""
    move = _new(Move, (player, action, tuple(_cards_of(mask)), None, False, None))
    if len(table) < _INTERN_MAX:
        table[mask] = move
    return move


#: player -> per byte j of a hand mask (the two ranks 2j, 2j+1): a list indexed by (the
#: held cards of those ranks, that byte, << 3 | the most cards a lead may hold, 1..4) of
#: the leads of those cards in the listed order (``None``: not made yet). The hand is
#: read a byte at a time (``int.to_bytes``): small ints and list indexing, where walking
#: the bits of a 60-bit mask makes a new big int at every step.
_LEAD_CHUNKS: dict[int, list[list[tuple[Move, ...] | None]]] = {}


def _lead_chunks(player: int) -> list[list[tuple[Move, ...] | None]]:
    chunks = _LEAD_CHUNKS[player] = [[None] * (256 << 3) for _ in range(8)]
    return chunks


#: (player, shift) -> for the two ranks of a hand mask from bit ``shift`` on (rank
#: ``shift // 4`` and the one above it): a list indexed by (the most cards a lead may
#: hold, 1..4, << 8 | the held cards of those ranks, 8 bits) of the leads of those cards
#: in the listed order (``None``: not made yet). The two-player leads read a hand two
#: ranks at a time from the deck's lowest rank (five look-ups for 36 cards, three for
#: 24), with no bytes object made per lead: see :func:`_lead_parts`. (Three ranks a
#: look-up met four times as many hand patterns, each made once and kept, for little.)
_LEAD_PARTS: dict[tuple[int, int], list[tuple[Move, ...] | None]] = {}
#: player -> a list indexed by (rank << 7 | held cards of the rank << 3 | most, 0..4) of
#: the leads (R9) of one rank, of which the entries of :data:`_LEAD_PARTS` are joined (all
#: made at once, when a two-player game first seats the player: 1200 of them)
_RANK_LEADS: dict[int, list[tuple[Move, ...]]] = {}


def _rank_leads(player: int) -> list[tuple[Move, ...]]:
    table = _RANK_LEADS.get(player)
    if table is None:
        table = _RANK_LEADS[player] = [()] * (16 << 7)  # (rank 15: none, for a last part of one rank)
        for rank in range(15):
            for pattern in range(1, 16):
                for most in range(1, 5):
                    found: list[Move] = []
                    Game._lead_chunk(found, player, pattern << 4 * rank, most, 0)
                    table[rank << 7 | pattern << 3 | most] = tuple(found)
    return table


def _lead_parts(player: int, low_rank: int) -> tuple[tuple[int, list[tuple[Move, ...] | None]], ...]:
    """The (shift, table) pairs of :data:`_LEAD_PARTS` covering the ranks ``low_rank``
    to the ace (14), ascending, for ``player``'s leads."""
    parts = []
    _rank_leads(player)
    for rank in range(low_rank, 15, 2):
        table = _LEAD_PARTS.get((player, 4 * rank))
        if table is None:
            table = _LEAD_PARTS[(player, 4 * rank)] = [None] * (5 << 8)
        parts.append((4 * rank, table))
    return tuple(parts)


def _lead_part(table: list[tuple[Move, ...] | None], player: int, shift: int, key: int) -> tuple[Move, ...]:
    """Make (and keep) the entry ``key`` (most << 8 | held cards) of a :data:`_LEAD_PARTS`
    table: the leads (R9) of ``player`` from those cards, as :meth:`Game._lead_moves`
    lists them (each rank ascending, then by count), joined from the ranks' leads."""
    ranks = _RANK_LEADS[player]
    most = key >> 8
    rank = shift >> 2
    got = ranks[rank << 7 | (key & 15) << 3 | most] + ranks[rank + 1 << 7 | (key >> 4 & 15) << 3 | most]
    table[key] = got
    return got


#: per seat: (the cards that may be thrown in << 3 | the room, at most 7 and at most the
#: number of those cards: more room lists no more) -> the throw-ins, one card, then two …
#: (each in itertools.combinations order), R11, R13; see :func:`_throw_key`
_THROW_LISTS: list[dict[int, tuple[Move, ...]]] = [{} for _ in range(52)]


def _throw_key(cands: int, room: int) -> int:
    """The key of :data:`_THROW_LISTS` for the cards ``cands`` (a mask) and ``room``."""
    n = cands.bit_count()
    return cands << 3 | (room if room < n and room < 7 else n if n < 7 else 7)


def _throw_list(player: int, cands: int, room: int, table: dict[int, Move] | None = None) -> tuple[Move, ...]:
    """The throw-ins of ``player`` from the cards ``cands`` (a mask) with ``room`` (R11, R13);
    ``table``: the player's throw-ins by mask (``_by_mask(player, THROW)``), if at hand."""
    if table is None:
        table = _by_mask(player, _THROW)
    one = []
    out = []
    while cands:
        low = cands & -cands
        one.append(low)
        out.append(table.get(low) or _intern(table, player, _THROW, low))
        cands ^= low
    for k in range(2, min(room, len(one)) + 1):
        for combo in combinations(one, k):
            m = sum(combo)
            out.append(table.get(m) or _intern(table, player, _THROW, m))
    got = tuple(out)
    lists = _THROW_LISTS[player]
    if len(lists) < _INTERN_MAX:
        lists[_throw_key(sum(one), room)] = got
    return got


def _defences(player: int) -> list[Move | None]:
    table = _DEFENCES.get(player)
    if table is None:
        table = _DEFENCES[player] = [None] * (64 << 6)
    return table


def _intern_defence(table: list[Move | None], player: int, key: int) -> Move:
    """The defence ``key`` (target << 6 | cover + 1, see :data:`_DEFENCES`) of ``player``."""
    move = _new(Move, (player, _DEFEND, (_CARD[(key & 63) - 1],), _CARD[key >> 6], False, None))
    table[key] = move
    return move


# Interned events (issue 13): the bout ends of two players report the most frequent
# events, those of one pair or one card, as shared values (events are frozen, compared
# by value), made once: a look-up by a small int instead of a new object.
#: Took(d, (x,)) by ``d << 12 | x << 6``, Took(d, (x, y)) by ``d << 12 | x << 6 | y`` (R14)
_TOOK: dict[int, Event] = {}
#: Bito((x, y)) by ``x << 6 | y`` (R15)
_BITO: dict[int, Event] = {}
#: Drew(s, (c,)) by ``s << 6 | c`` (R16)
_DREW: dict[int, Event] = {}


def _keep(table: dict[int, Event], key: int, event: Event) -> Event:
    """Keep ``event`` in ``table`` under ``key`` (within :data:`_INTERN_MAX`); return it."""
    if len(table) < _INTERN_MAX:
        table[key] = event
    return event


#: Suit.D read once (an enum member's look-up is slow): a new game's trump until dealt, R8's
_DIAMONDS = Suit.D

_ATTACK, _THROW, _TRANSFER, _DEFEND, _TAKE, _PASS, _REDEAL = (
    Action.ATTACK,
    Action.THROW,
    Action.TRANSFER,
    Action.DEFEND,
    Action.TAKE,
    Action.PASS,
    Action.REDEAL,
)


class _Seating(NamedTuple):
    """What every game of one seating (rules and seat names) shares, never changed."""

    rules: Rules
    names: tuple[str, ...]
    first_limit: int
    first_bout_differs: bool
    team: list[int]
    no_repeat: bool
    two: bool
    defence_tables: list[list[Move | None]]
    lead_parts: list[tuple[tuple[int, list[tuple[Move, ...] | None]], ...]]
    throw_tables: list[dict[int, Move]]


#: id(rules) -> the last seating checked with those rules; the rules are kept in it, so
#: that their id stays theirs
_SEATINGS: dict[int, _Seating] = {}


#: The most characters in a player's name (R2), for the engine and every reader and writer.
MAX_NAME = 200
#: The highest bout number a position may start at (R19: ``start.bout``, ``[Bout n]``).
MAX_BOUT = 999_999_999


def names_problem(names: Sequence[object]) -> str | None:
    """What is wrong with ``names`` as the seat names of a game (R2), or ``None``: the one
    name check of the engine (:meth:`Game.deal`, :meth:`Game.from_position`) and of every
    reader and writer of recordings (:func:`durak_nb.record.json_form.players_problem`),
    so that a game the engine plays can always be recorded and read back.

    Each name is a string with a character that is not white space, at most
    :data:`MAX_NAME` characters and no lone surrogate; the names are unique.

    >>> names_problem(["Anna", "Boris"]) is None, names_problem(["Anna", " "])
    (True, "'players' must be a list of non-empty names (at most 200 characters)")
    """
    if not all(isinstance(p, str) and p.strip() and len(p) <= MAX_NAME for p in names):
        return _("'players' must be a list of non-empty names (at most {limit} characters)").format(limit=MAX_NAME)
    if len(set(names)) != len(names):
        return _("'players' must be unique names")
    if any("\ud800" <= c <= "\udfff" for p in names for c in str(p)):
        return _("'players': a name holds a lone surrogate, which is not valid Unicode text")
    return None


def _seating(rules: Rules, names: tuple[str, ...]) -> _Seating:
    """Check the seat names against the rules (R2, R22) and work out what a game of
    them keeps per seat and per rules (shared by every game of that seating, never
    changed): the first bout's limit, R27's first-bout test, the teams, R27's shortcut,
    the two-player hot path and the move tables of each seat.

    Raises:
        SetupError: names not unique or empty, or a number of players R2/R22 forbid.
    """
    if (problem := names_problem(names)) is not None:
        raise SetupError("R2", problem)
    n = len(names)
    try:
        rules.check_players(n)
    except RulesError as exc:
        raise SetupError(exc.rule, exc.message) from exc
    seating = _Seating(
        rules,
        names,
        min(rules.first_bout_limit, rules.bout_limit),  # R13c
        # R27: a position of the first bout differs from a later one only where the
        # first bout has moves of its own: a redeal (R5), or no transfer (R19)
        rules.redeal_five_of_suit or (rules.transfers and not rules.transfer_first_bout),
        # R22: a team index per seat; without teams every seat is its own side
        [t if (t := rules.team_of(s)) is not None else s for s in range(n)],
        # R27 never ends a game of two players without transfers and without english lead
        # passes: every bout then ends with a card gone to the discard or drawn (the key
        # count is emptied), or after a take with the same attacker holding fewer cards
        # than at the bout before (R23), and inside a bout the table only grows; so no
        # position is counted there (the counts stay empty)
        n == 2 and not rules.transfers and rules.lead_style != "pair",
        # the hot path of two-player games (R9 leads of any cards, no redeals)
        n == 2 and rules.lead_style == "any" and not rules.redeal_five_of_suit,
        [_defences(s) for s in range(n)],
        # the two-player leads, two ranks at a time from the deck's lowest rank (R1: 15 -
        # deck_size / 4, its cards 4 * rank ...)
        [_lead_parts(s, 15 - rules.deck_size // 4) for s in range(n)] if n == 2 else [],
        [_by_mask(s, _THROW) for s in range(n)],
    )
    if len(_SEATINGS) < 256:
        _SEATINGS[id(rules)] = seating
    return seating


#: What a move may change, each field once, in order, with how :meth:`Game.push` keeps it
#: for :meth:`Game.pop`: ``"value"`` the value itself (put back as it was), ``"copy"`` a
#: copy of the list, ``"grown"`` the list and its length (a move only appends: put back and
#: cut to that length), ``"cut"`` the length of a list a move only appends to and never
#: replaces (cut back to it), ``"dict"`` the dict and a copy of its items (put back, refilled),
#: ``"rng"`` the generator's state where a listed redeal may draw from it (R5). The two
#: methods are written from this table once, at import (as :mod:`dataclasses` writes an
#: ``__init__``), so they run as fast as the two hand-written lists they replace.
UNDONE: tuple[tuple[str, str], ...] = (
    ("attacker", "value"),
    ("defender", "value"),
    ("first_attacker", "value"),
    ("bout", "value"),
    ("first_bito_done", "value"),
    ("taking", "value"),
    ("attacker_passed", "value"),
    ("lead_passes", "value"),
    ("result", "value"),
    ("_lead", "value"),
    ("_passed", "value"),
    ("_tranks", "value"),
    ("_hm", "copy"),
    ("attack_cards", "copy"),
    ("defence_cards", "copy"),
    ("talon", "copy"),
    ("_seen", "value"),  # R27: the count table (a move adds one count, see push)
    ("discard", "grown"),
    ("out_order", "grown"),
    ("shown", "value"),
    ("_last_lead_on", "dict"),
    ("_legal_cache", "value"),
    ("history", "cut"),
    ("rng", "rng"),  # changed by a redeal only (R5), as are the five below
    ("trump", "value"),
    ("trump_card", "value"),
    ("deck_order", "value"),
    ("dealt_hands", "value"),
    ("dealer", "value"),
    ("_beat", "value"),
)


def _undo_methods(
    fields: Sequence[tuple[str, str]],
) -> tuple[Callable[[Any], tuple[Any, ...]], Callable[[Any, tuple[Any, ...]], None], int]:
    """``Game._state``, ``Game._restore`` written from ``fields`` (:data:`UNDONE`), and
    the index of ``_seen`` in the saved tuple.

    Raises:
        ValueError: an unknown kind.
    """
    save: list[str] = []
    load: list[str] = []
    after: list[str] = []
    seen_at = -1
    for name, kind in fields:
        if name == "_seen":
            seen_at = len(save)
        if kind == "value":
            save.append(f"self.{name}")
            load.append(f"self.{name}")
        elif kind == "copy":
            save.append(f"self.{name}[:]")
            load.append(f"self.{name}")
        elif kind == "grown":
            save += [f"self.{name}", f"len(self.{name})"]
            load += [f"self.{name}", f"n{name}"]
            after.append(f"del self.{name}[n{name}:]")
        elif kind == "cut":
            save.append(f"len(self.{name})")
            load.append(f"n{name}")
            after.append(f"del self.{name}[n{name}:]")
        elif kind == "dict":
            save += [f"self.{name}", f"dict(self.{name})"]
            load += [f"self.{name}", f"d{name}"]
            after += [f"self.{name}.clear()", f"self.{name}.update(d{name})"]
        elif kind == "rng":
            save.append("self.rng.getstate() if self.rules.redeal_five_of_suit and self.bout == 1 else None")
            load.append("rng")
            after.append("if rng is not None: self.rng.setstate(rng)")
        else:
            raise ValueError(f"{name}: unknown kind {kind!r}")
    code = (
        "def _state(self):\n"
        '    """What a move may change, for pop (written from engine.UNDONE)."""\n'
        f"    return ({', '.join(save)},)\n"
        "def _restore(self, saved):\n"
        f"    ({', '.join(load)},) = saved\n" + "".join(f"    {line}\n" for line in after)
    )
    made: dict[str, Any] = {}
    exec(compile(code, "<durak_nb.engine.UNDONE>", "exec"), made)  # our own table, never a user's text
    return made["_state"], made["_restore"], seen_at


_STATE, _RESTORE, _SEEN_AT = _undo_methods(UNDONE)


class Game:
    """A live game: the position, the bout protocol, legal moves and refusals.

    Create with :meth:`deal` (a seed or an explicit deck order, R3–R4) or
    :meth:`from_position` (a set-up position for lessons).  Then, repeatedly,
    :meth:`legal_moves` and :meth:`play`; :meth:`why_illegal` explains refusals.
    Seats are 0-based ints, clockwise; :attr:`players` holds the names.

    Who may act (R10–R14): with an empty table, the attacker leads; during a bout
    the defender (until take) and every thrower allowed by R11–R12 act at once, so
    :meth:`legal_moves` lists moves of several players.

    For search, :meth:`push` plays a move and :meth:`pop` takes it back exactly,
    without copying the game (as python-chess's ``Board.push``/``pop``)::

        for move in game.legal_moves():
            game.push(move)
            ...  # look deeper
            game.pop()

    Inside, a hand is a bitmask (bit ``c`` for the card ``c``, a :class:`Card` being
    ``rank * 4 + suit``) and every listed legal move is one shared :class:`Move` value.

    Attributes:
        rules: the :class:`Rules`.
        players: seat names.
        hands: each seat's cards, sorted (lists made from the bitmasks when asked, the
            same objects until a move changes a hand: do not change them).
        talon: top card first; the last card is the turned-up trump.
        trump: the trump suit.
        trump_card: the turned-up trump card, or ``None``.
        attack_cards: the attack cards on the table, in the order laid (live list).
        defence_cards: the card covering each attack card, or ``None`` (live list).
        passed: the throwers who passed since the last card (R12), a new set when read.
        discard, table, attacker, defender, bout, first_bito_done, taking,
        attacker_passed, out_order, result: as in :class:`Position`.
        history: the moves played, in order (redeal moves carry their deck).
        dealer: the dealer's seat (``None`` for a set-up position).
        deck_order: the deck as last dealt, top card first (empty for a set-up position).
        dealt_hands: each seat's hand as dealt (R5 looks at it).
    """

    __slots__ = (
        "_beat",
        "_bout_limit",
        "_defence_tables",
        "_first_bout_differs",
        "_first_limit",
        "_hm",
        "_hv",
        "_last_lead_on",
        "_lead",
        "_lead_parts",
        "_legal_cache",
        "_no_repeat",
        "_noted",
        "_passed",
        "_rng",
        "_rng_state",
        "_seen",
        "_team",
        "_throw_ins",
        "_throw_tables",
        "_tranks",
        "_transfers",
        "_two",
        "_undo",
        "attack_cards",
        "attacker",
        "attacker_passed",
        "bout",
        "dealer",
        "dealt_hands",
        "deck_order",
        "defence_cards",
        "defender",
        "discard",
        "first_attacker",
        "first_bito_done",
        "history",
        "lead_passes",
        "n",
        "out_order",
        "players",
        "result",
        "rules",
        "shown",
        "taking",
        "talon",
        "trump",
        "trump_card",
    )

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        """Low-level constructor: use :meth:`deal` or :meth:`from_position`.

        Raises:
            SetupError: player names not unique, or a number of players R2/R22 forbid.
            TypeError: ``rules`` or ``players`` of the wrong type.
        """
        rules = rules_arg(rules, "Game")
        names = tuple(players_arg(players, "Game"))
        seating = _SEATINGS.get(id(rules))
        if seating is None or seating.rules is not rules or seating.names != names:
            seating = _seating(rules, names)
        self._first_limit = seating.first_limit  # R13c
        self._first_bout_differs = seating.first_bout_differs
        self._team = seating.team
        self._no_repeat = seating.no_repeat
        self._two = seating.two
        self._defence_tables = seating.defence_tables
        self._lead_parts = seating.lead_parts
        self._throw_tables = seating.throw_tables
        self.rules = rules
        self.players = names
        self.n = len(names)
        self._hm: list[int] = [0] * len(names)  # each seat's hand as a bitmask (bit c: the card c)
        # the hands as sorted lists, made when asked, with the masks they were made from
        # (so that a move changing a hand needs no write here)
        self._hv: tuple[list[int], list[list[Card]]] | None = None
        self.talon: list[Card] = []
        self.trump = _DIAMONDS
        self.trump_card: Card | None = None
        self.discard: list[Card] = []
        self.attack_cards: list[Card] = []
        self.defence_cards: list[Card | None] = []
        self.attacker: int | None = None
        self.first_attacker: int | None = None
        self.defender: int | None = None
        self.bout = 1
        self.first_bito_done = False
        self.taking = False
        self._passed = 0  # a bit per seat that passed since the last card (R12)
        self._tranks = 0  # the cards of every rank on the table (R11)
        self.attacker_passed = False
        self.shown: set[int] = set()
        self.lead_passes = 0
        self.out_order: list[int] = []
        self.result: Result | None = None
        self.history: list[Move] = []
        self.dealer: int | None = None
        self.deck_order: tuple[Card, ...] = ()
        self.dealt_hands: list[list[Card]] = []
        # the generator (R3 trump choice, R5 shuffles): a Random made when first asked
        # (:attr:`rng`), from a state shared by copies until then
        self._rng: random.Random | None = None
        self._rng_state: tuple[Any, ...] | None = _ZERO_STATE
        self._beat: list[int] = [0] * 60
        self._seen: dict[tuple[object, ...], int] = {}
        self._noted: tuple[object, ...] | None = None  # the R27 key counted by the last move
        self._undo: list[tuple[Any, ...]] = []  # push()'s stack
        self._lead: tuple[Card, ...] = ()
        self._last_lead_on: dict[int, tuple[Card, ...]] = {}
        self._legal_cache: list[Move] | None = None
        self._bout_limit, self._throw_ins, self._transfers = rules.bout_limit, rules.throw_ins, rules.transfers

    # ------------------------------------------------------------------ the hands, the passes

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, sorted (R1 order: rank, then suit S H D C).

        The engine keeps a hand as a bitmask; these lists are made from it when asked
        and stay the same objects until the next move changes a hand: read them, do not
        change them (assign ``game.hands = [...]`` to set every hand)."""
        view = self._hv
        hm = self._hm
        if view is None or view[0] != hm:  # made anew only when a hand changed
            view = self._hv = (hm[:], [_cards_of(m) for m in hm])
        return view[1]

    @hands.setter
    def hands(self, hands: Sequence[Iterable[Card]]) -> None:
        self._hm = [_mask(h) for h in hands]
        self._hv = None

    @property
    def rng(self) -> random.Random:
        """The game's random generator (R3: a trump chosen when no card is turned up; R5:
        the shuffle of a listed redeal); seeded by :meth:`deal`, ``Random(0)`` otherwise.
        A copy gets an independent generator in the same state."""
        rng = self._rng
        if rng is None:
            rng = self._rng = _GameRandom()
            rng.setstate(self._rng_state)  # type: ignore[arg-type]
            self._rng_state = None
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_state = rng, None

    @property
    def passed(self) -> set[int]:
        """The throwers who passed since the last card was laid (R12), a new set."""
        bits, out, s = self._passed, set(), 0
        while bits:
            if bits & 1:
                out.add(s)
            bits >>= 1
            s += 1
        return out

    @passed.setter
    def passed(self, seats: Iterable[int]) -> None:
        bits = 0
        for s in seats:
            bits |= 1 << s
        self._passed = bits

    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(
        cls,
        rules: Rules | str = "podkidnoy",
        players: Sequence[str] | int = 2,
        *,
        seed: int | None = None,
        deck_order: Sequence[str | Card] | str | None = None,
        dealer: int | str | None = None,
        trump: Suit | str | None = None,
        attacker: int | str | None = None,
    ) -> Game:
        """Deal a new game (R3) and find the first attacker (R4).

        Args:
            rules: a :class:`Rules` or a preset name.
            players: seat names clockwise, or a count (names ``P1``, ``P2`` …).
            seed: shuffle the deck with ``random.Random(seed)`` (when no ``deck_order``).
            deck_order: the whole deck, top card first (codes or cards).
            dealer: seat or name of the dealer; default the last seat, so the first
                card goes to seat 0.
            trump: the trump suit when R3 leaves no card to turn up (chosen with the
                seeded generator if omitted); must be left out otherwise.
            attacker: the first attacker where R4's lowest trump does not apply (a
                later game of a match); default: the lowest trump, else left of dealer.

        Raises:
            SetupError: a deck that is not exactly this game's deck, a trump given
                where a card is turned up, an unknown dealer or attacker.
            CardError: a card code in ``deck_order`` that is not a card (R1).
            RulesError: bad rules.
            TypeError: ``rules``, ``players`` or ``seed`` of the wrong type (a string is
                not a list of players).
        """
        r = rules_arg(rules, "Game.deal")
        game = cls(r, players_arg(players, "Game.deal"))
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"Game.deal: seed must be a whole number or None, not {shown(seed)}")
        rng = game.rng = _GameRandom(seed)
        if deck_order is None:  # the kit's own shuffle of the whole deck: no need to check it
            cards = list(deck(r.deck_size))
            if _SHUFFLE_SAME:
                _shuffle(rng, cards)
            else:  # pragma: no cover - a Python whose shuffle differs
                rng.shuffle(cards)
        else:
            cards = parse_cards(deck_order)
        game.dealer = game._seat(dealer, "dealer", "R3") if dealer is not None else game.n - 1
        game._deal_cards(
            cards,
            None if trump is None else Suit.parse(trump) if isinstance(trump, str) else trump,
            checked=deck_order is None,
        )
        game._start_first_bout(None if attacker is None else game._seat(attacker, "attacker", "R4"))
        return game

    @classmethod
    def from_position(
        cls,
        rules: Rules | str,
        players: Sequence[str] | int,
        *,
        hands: Mapping[str, str | Iterable[str | Card]] | Sequence[str | Iterable[str | Card]],
        talon: str | Iterable[str | Card],
        trump: Suit | str,
        attacker: int | str,
        discard: str | Iterable[str | Card] = (),
        first_bito_done: bool = False,
        bout: int = 1,
        out: Iterable[int | str] = (),
        rest_to_discard: bool = False,
    ) -> Game:
        """A set-up position (INTERCHANGE.md ``start``): the attacker is about to lead.

        Args:
            rules: a :class:`Rules` or a preset name.
            players: seat names clockwise, or a count (names ``P1``, ``P2`` …).
            hands: each player's cards, by name (a dict) or by seat.
            talon: top card first; its last card is the turned-up trump (R3), which
                must then be of the ``trump`` suit (not checked in japanese).
            trump: the trump suit (``'D'`` in japanese, R8).
            attacker: who leads first (seat or name); must hold cards.
            discard: cards already discarded.
            first_bito_done: a bout already ended in bito (R13c).
            bout: the number of the coming bout (R19 counts the first bout).
            out: players already out (R24), in order; they must hold no cards.
            rest_to_discard: put every card of the deck not named anywhere into the
                discard, so that a lesson can set up a small position; off, every
                card must be placed (as in the JSON ``start`` form).

        Raises:
            SetupError: a card twice, missing, or not of this deck (R1); an unknown
                player; an attacker without cards; a trump that disagrees.
        """
        r = rules_arg(rules, "Game.from_position")
        game = cls(r, players_arg(players, "Game.from_position"))
        try:
            if isinstance(hands, Mapping):
                unknown = [k for k in hands if k not in game.players]
                if unknown:
                    raise SetupError(
                        "R2", _("start.hands names {name}, who is not a player").format(name=repr(unknown[0]))
                    )
                hand_list = [cards_arg(hands.get(name, ())) for name in game.players]
            else:
                if len(hands) != game.n:
                    raise SetupError(
                        "R2",
                        _("start.hands has {hands} hands for {players} players").format(
                            hands=len(hands), players=game.n
                        ),
                    )
                hand_list = [cards_arg(h) for h in hands]
            talon_cards = list(cards_arg(talon))
            discard_cards = list(cards_arg(discard))
            trump_suit = Suit.parse(trump) if isinstance(trump, str) else Suit(trump)
        except CardError as exc:
            raise SetupError(exc.rule, exc.message) from exc
        placed = [c for h in hand_list for c in h] + talon_cards + discard_cards
        if rest_to_discard:
            named = set(placed)
            discard_cards += [c for c in deck(r.deck_size) if c not in named]
            placed = [c for h in hand_list for c in h] + talon_cards + discard_cards
        game._check_cards(placed, "start")
        if r.japanese and trump_suit != Suit.D:
            raise SetupError("R8", _("in japanese durak diamonds are always trump: trump must be 'D'"))
        if talon_cards and not r.japanese and talon_cards[-1].suit != trump_suit:
            raise SetupError(
                "R3",
                _("the talon's last card {card} is the turned-up trump, but trump is {suit}").format(
                    card=card_text(talon_cards[-1]), suit=trump_suit.symbol
                ),
            )
        game.hands = [sorted(h) for h in hand_list]
        game.talon = talon_cards
        game.discard = discard_cards
        game.trump = trump_suit
        game.trump_card = talon_cards[-1] if talon_cards and not r.japanese else None
        if isinstance(bout, bool) or not isinstance(bout, int) or not 1 <= bout <= MAX_BOUT:
            raise SetupError(
                "R19",
                _("start.bout must be a whole number from 1 to {limit}, not {bout}").format(
                    limit=MAX_BOUT, bout=shown(bout)
                ),
            )
        if not isinstance(first_bito_done, bool):
            raise SetupError(
                "R13c",
                _("start.first_bito_done must be true or false, not {value}").format(value=shown(first_bito_done)),
            )
        game.first_bito_done = first_bito_done
        game.bout = bout
        game.dealt_hands = [list(h) for h in game.hands]
        game._make_beaters()
        for who in out:
            seat = game._seat(who, "out", "R24")
            if game.hands[seat] or game.talon:
                raise SetupError(
                    "R24",
                    _("{name} cannot be out: they hold cards or the talon is not empty").format(
                        name=game.players[seat]
                    ),
                )
            game.out_order.append(seat)
        seat = game._seat(attacker, "attacker", "R4")
        if game._check_end([], last_defender=None):
            return game
        if not game.hands[seat]:
            raise SetupError("R4", _("the attacker {name} holds no cards").format(name=game.players[seat]))
        if game._next_opponent(seat) is None:
            raise SetupError("R22", _("no opponent of {name} holds cards to defend").format(name=game.players[seat]))
        game._begin_bout(seat, check_end=True)
        game._note_position()  # R27: the set-up position is the first occurrence
        return game

    @classmethod
    def from_start(
        cls, rules: Rules | str, players: Sequence[str], start: Start, *, rest_to_discard: bool = False
    ) -> Game:
        """The game at a :class:`Start` position (the one Start → Game mapping).

        Args:
            rules: a :class:`Rules` or a preset name.
            players: seat names clockwise.
            start: the set-up position.
            rest_to_discard: as for :meth:`from_position`.

        Raises:
            SetupError: as for :meth:`from_position` (R1–R4, R8, R19, R22, R24).
        """
        return cls.from_position(
            rules,
            players,
            hands=list(start.hands),
            talon=start.talon,
            trump=start.trump,
            attacker=start.attacker,
            discard=start.discard,
            first_bito_done=start.first_bito_done,
            bout=start.bout,
            out=start.out,
            rest_to_discard=rest_to_discard,
        )

    @classmethod
    def from_code(cls, rules: Rules | str, players: Sequence[str] | int, code: str) -> Game:
        """The game at a position code (:meth:`Start.code`), e.g. for lessons and tests:

        >>> g = Game.from_code("podkidnoy", ["Anna", "Boris"], "7S7HAD/8S9C - D 0 * 2 + -")
        >>> g.position()
        <Position bout 2, Anna attacks Boris; hands Anna 7S7HAD, Boris 8S9C; table -; talon 0; discard 31; trump D>
        >>> g.position().code() == "7S7HAD/8S9C - D 0 " + "".join(c.code for c in g.discard) + " 2 + -"
        True

        A discard of ``*`` puts every card not named in the discard (as
        ``rest_to_discard`` does); otherwise every card must be placed.

        Raises:
            SetupError: not a position code, or not a legal start (as :meth:`from_start`).
            TypeError: ``code`` is not a string, or ``rules``/``players`` of the wrong type.
        """
        if not isinstance(code, str):
            raise TypeError(f"Game.from_code: a position code is a string, not {shown(code)}")
        fields = code.split()
        rest = len(fields) == 8 and fields[4] == "*"
        if rest:
            fields[4] = "-"
        start = Start.from_code(" ".join(fields))
        return cls.from_start(rules, players_arg(players, "Game.from_code"), start, rest_to_discard=rest)

    def start(self) -> Start:
        """The game now as a :class:`Start` (only at a bout start; see :meth:`Position.start`).

        Raises:
            SetupError: the game is inside a bout or over.
        """
        return self.position().start()

    def _seat(self, who: int | str, what: str, rule: str) -> int:
        if isinstance(who, str):
            if who not in self.players:
                # TRANSLATORS: {what} is the member of the set-up as written (dealer, attacker, out)
                raise SetupError(rule, _("{what} {who} is not a player").format(what=what, who=repr(who)))
            return self.players.index(who)
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < self.n:
            raise SetupError(
                rule, _("{what} {who} is not a seat 0..{last}").format(what=what, who=repr(who), last=self.n - 1)
            )
        return who

    def _check_cards(self, cards: list[Card], where: str) -> None:
        full = deck(self.rules.deck_size)
        low = lowest_rank(self.rules.deck_size) * 4
        seen = 0  # a bit per card
        for c in cards:
            if c < low:
                raise SetupError(
                    "R1",
                    # TRANSLATORS: {where} is the member of the set-up as written (start, deal.deck)
                    _("{where}: {card} is not in a {size}-card deck").format(
                        where=where, card=card_text(c), size=self.rules.deck_size
                    ),
                )
            if seen >> c & 1:
                raise SetupError("R1", _("{where}: {card} appears twice").format(where=where, card=card_text(c)))
            seen |= 1 << c
        if seen != _DECK_MASKS.get(len(full), 0) and seen != _deck_mask(full):
            missing = [c for c in full if not seen >> c & 1]
            raise SetupError(
                "R1",
                ngettext(
                    "{where}: {n} card of the {size}-card deck is missing: {cards}",
                    "{where}: {n} cards of the {size}-card deck are missing: {cards}",
                    len(missing),
                ).format(where=where, n=len(missing), size=self.rules.deck_size, cards=cards_text(missing)),
            )

    def _deal_cards(self, cards: list[Card], trump: Suit | None, *, checked: bool = False) -> None:
        """Deal ``cards`` (top first, R3); ``checked``: they are this game's deck, as
        shuffled by :meth:`deal` itself (else checked, R1)."""
        r = self.rules
        if not checked:
            self._check_cards(cards, "deal.deck")
        self.deck_order = tuple(cards)
        n, h = self.n, r.hand_size
        assert self.dealer is not None
        first = (self.dealer + 1) % n
        top = n * h
        # R3: one card at a time, clockwise, from left of the dealer: seat s gets every
        # n-th card from the ((s - first) mod n)-th on
        dealt: list[list[Card]] = [cards[(s - first) % n : top : n] for s in range(n)]
        rest = cards[top:]
        if r.japanese:  # R8: diamonds are trump; nothing is turned up
            if trump is not None and trump != Suit.D:
                raise SetupError("R8", _("in japanese durak diamonds are always trump"))
            self.trump, self.trump_card, self.talon = _DIAMONDS, None, rest
        elif rest:
            if trump is not None and trump != rest[0].suit:
                raise SetupError(
                    "R3",
                    _("the trump is the turned-up card {card}; leave 'trump' out of the deal").format(
                        card=card_text(rest[0])
                    ),
                )
            self.trump, self.trump_card, self.talon = rest[0].suit, rest[0], rest[1:] + rest[:1]
        else:  # R3: no card left to turn up: the trump is chosen at random and recorded
            self.trump = trump if trump is not None else Suit(self.rng.randrange(4))
            self.trump_card, self.talon = None, []
        for hand in dealt:
            hand.sort()
        self.hands = dealt
        self.dealt_hands = [list(hd) for hd in dealt]
        self.discard = []
        self._make_beaters()

    def _start_first_bout(self, attacker: int | None) -> None:
        if attacker is None:  # R4: the lowest trump leads; no trump in hand: left of the dealer
            best: tuple[int, int] | None = None
            trumps = 0x1111_1111_1111_1111 << self.trump  # the trump suit's bits
            for seat, hand in enumerate(self._hm):
                low = hand & trumps & -(hand & trumps)  # the seat's lowest trump
                if low and (best is None or low < best[0]):
                    best = (low, seat)
            assert self.dealer is not None
            attacker = best[1] if best is not None else (self.dealer + 1) % self.n
        self._begin_bout(attacker, check_end=False)
        self._note_position()  # R27: the dealt position is the first occurrence

    def _make_beaters(self) -> None:
        r = self.rules
        key = (r.deck_size, int(self.trump), r.trump_six_beats_ace, r.japanese)
        table = _BEAT_MASKS.get(key)
        if table is None:
            full = deck(r.deck_size)
            table = [0] * 60
            for a in full:
                table[a] = _mask(
                    c
                    for c in full
                    if beats(c, a, self.trump, trump_six_beats_ace=r.trump_six_beats_ace, japanese=r.japanese)
                )
            _BEAT_MASKS[key] = table
        self._beat = table

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        """The game is over (:attr:`result` is set)."""
        return self.result is not None

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        """The table as (attack, defence or ``None``) pairs, in the order laid."""
        return list(zip(self.attack_cards, self.defence_cards, strict=True))

    def beats(self, cover: Card | str, attack: Card | str) -> bool:
        """Whether ``cover`` beats ``attack`` in this game (R6–R8)."""
        return bool(self._beat[Card.parse(attack)] >> Card.parse(cover) & 1)

    def beat_clause(self, cover: Card | str, attack: Card | str) -> str | None:
        """Which beating rule lets ``cover`` beat ``attack`` in this game: ``'R6'``,
        ``'R7'`` or ``'R8'``, or ``None`` when it does not beat (see
        :func:`durak_nb.cards.beat_clause`)."""
        r = self.rules
        return beat_clause(
            Card.parse(cover),
            Card.parse(attack),
            self.trump,
            trump_six_beats_ace=r.trump_six_beats_ace,
            japanese=r.japanese,
        )

    def seat(self, who: int | str) -> int:
        """The seat of a player given by name or seat.

        Raises:
            PlayerError: no such player or seat (R2; a :class:`KeyError` too).
            TypeError: ``who`` is neither a name nor a seat number.
        """
        if isinstance(who, str):
            if who not in self.players:
                raise PlayerError(
                    "R2", _("{who} is not a player: {players}").format(who=repr(who), players=", ".join(self.players))
                )
            return self.players.index(who)
        if isinstance(who, bool) or not isinstance(who, int):
            raise TypeError(f"player: a player's name or a seat number 0..{self.n - 1}, not {shown(who)}")
        if not 0 <= who < self.n:
            raise PlayerError("R2", _("no seat {seat}: the seats are 0..{last}").format(seat=who, last=self.n - 1))
        return who

    def throwers(self) -> list[int]:
        """Seats allowed to throw in now (R11): players with cards except the defender,
        the defender's partners (R22) and, with ``neighbours_only_over_4`` and more
        than 4 players in the game, all but the defender's two neighbours."""
        r = self.rules
        d = self.defender
        if d is None or not r.throw_ins:
            return []
        hm = self._hm
        if self.n == 2:  # the hot path of two-player games: the other player, if holding cards
            return [1 - d] if hm[1 - d] else []
        team = self._team
        td = team[d]
        seats = [s for s in range(self.n) if s != d and hm[s] and team[s] != td]
        if r.neighbours_only_over_4 and self.n - len(self.out_order) > 4:
            left, right = self._next_with_cards(d), self._prev_with_cards(d)
            seats = [s for s in seats if s in (left, right)]
        return seats

    def limit(self) -> int:
        """The most attack cards this bout may hold now (R13a, R13c)."""
        if self.first_bito_done or self.taking:
            return self.rules.bout_limit
        return self._first_limit

    def room(self) -> int:
        """How many more attack cards may be added now (R13a–c): the limit less the
        attack cards, and never more than the defender's hand less the uncovered cards."""
        if self.defender is None:
            return 0
        uncovered = self.defence_cards.count(None)
        return min(self.limit() - len(self.attack_cards), self._hm[self.defender].bit_count() - uncovered)

    def actors(self) -> list[int]:
        """Seats that have at least one legal move now, in seat order."""
        return sorted({m.player for m in self.legal_moves()})

    def legal_moves(self, player: int | str | None = None) -> list[Move]:
        """Every legal move now, of every player who may act (or of ``player`` only).

        Throws and leads list every allowed combination of cards; a redeal (R5) is
        listed once per entitled player with ``deck=None``. The moves are shared values
        (one :class:`Move` object per move, made once), in a fixed order: redeals, then
        the lead; or the defences (each uncovered card in the order laid, the covers
        ascending), transfers, take, then each thrower's throw-ins (one card, then two …)
        and pass.

        Raises:
            PlayerError, TypeError: ``player`` is not a player of this game (as :meth:`seat`).

        >>> g = Game.deal("podkidnoy", ["A", "B"], seed=1)
        >>> {m.action.value for m in g.legal_moves()}
        {'attack'}
        """
        # the player first: a bad one is refused before anything is made (R2)
        seat = None if player is None else self.seat(player)
        moves = self._legal_cache
        if moves is None:
            d = self.defender
            # a game over has no defender (_finish), nor has a game not dealt yet
            if d is None or not self._two:
                moves = self._legal_cache = self._generate()
            else:
                # The hot path of issue 13, inline (no call per move): two players, leads
                # of any cards and no redeals. The same moves in the same order as
                # _generate (R9-R20), with the attacker the one thrower (R11, R21); the
                # property tests hold both equal.
                a = 1 - d
                hm = self._hm
                out: list[Move] = []
                attack = self.attack_cards
                if not attack:  # the lead (R9, R13): as _lead_moves, inline
                    most = self._bout_limit if self.first_bito_done else self._first_limit
                    held = hm[d].bit_count()
                    if held < most:
                        most = held
                    if most > 4:
                        most = 4  # a rank has four cards
                    h = hm[a]
                    most <<= 8
                    # each two ranks of the hand, ascending, from the deck's lowest
                    for shift, part in self._lead_parts[a]:
                        pattern = h >> shift & 255
                        if pattern:
                            key = most | pattern
                            out += part[key] or _lead_part(part, a, shift, key)
                else:  # during a bout
                    defence = self.defence_cards
                    uncovered = defence.count(None)
                    taking = self.taking
                    if not taking and uncovered:  # R10, R17, R14
                        dh = hm[d]
                        if dh:
                            beat = self._beat
                            dtable = self._defence_tables[d]
                            if uncovered == 1:  # most often the card laid last
                                x: int = attack[-1] if defence[-1] is None else attack[defence.index(None)]
                                m = beat[x] & dh
                                xk = x << 6
                                while m:
                                    low = m & -m
                                    key = xk | low.bit_length()
                                    out.append(dtable[key] or _intern_defence(dtable, d, key))
                                    m ^= low
                            else:
                                for i, y in enumerate(defence):
                                    if y is None:
                                        x = attack[i]
                                        m = beat[x] & dh
                                        xk = x << 6
                                        while m:
                                            low = m & -m
                                            key = xk | low.bit_length()
                                            out.append(dtable[key] or _intern_defence(dtable, d, key))
                                            m ^= low
                        if self._transfers and uncovered == len(attack):  # R17
                            self._transfer_moves(out, d)
                        out.append(_TAKES[d])
                    ah = hm[a]
                    if ah and not self._passed >> a & 1 and self._throw_ins:  # R11-R13, R12
                        cands = ah & self._tranks
                        if cands:
                            room = (self._bout_limit if (self.first_bito_done or taking) else self._first_limit) - len(
                                attack
                            )
                            held = hm[d].bit_count() - uncovered
                            if held < room:
                                room = held
                            if room > 0:
                                if cands & (cands - 1) == 0:  # one card to throw
                                    table = self._throw_tables[a]
                                    out.append(table.get(cands) or _intern(table, a, _THROW, cands))
                                else:
                                    got = _THROW_LISTS[a].get(_throw_key(cands, room))
                                    out.extend(got or _throw_list(a, cands, room, self._throw_tables[a]))
                        out.append(_PASSES[a])
                moves = self._legal_cache = out
        if seat is None:
            return moves.copy()  # (copy() makes no slice object, as [:] does)
        return [m for m in moves if m.player == seat]

    def _generate(self) -> list[Move]:
        # The hot path of every bot and benchmark: R9-R20 as in the _why_*() checks, which the
        # property tests hold it to, with hands as bitmasks, interned moves, and room() and
        # throwers() inlined for two players.
        if self.result is not None:
            return []
        if self._two and self.defender is not None:  # the two-player moves are made inline in legal_moves
            self._legal_cache = None
            return self.legal_moves()
        r = self.rules
        out: list[Move] = []
        a, d = self.attacker, self.defender
        assert a is not None and d is not None
        hm = self._hm
        if r.redeal_five_of_suit and self.bout == 1:  # R5: before the first bout ends
            for s in range(self.n):
                if self._may_redeal(s):
                    out.append(_REDEALS[s])
        attack = self.attack_cards
        if not attack:  # the lead (R9)
            cap = min(self.limit(), hm[d].bit_count())
            style = r.lead_style
            if style == "any":
                self._lead_moves(out, a, cap)
            elif style == "pair" and self.lead_passes < self._holders():
                # R9 english: pairs only; none (or defender < 2 cards): pass the lead
                pairs = self._pair_leads(a, d)
                out.extend(pairs if pairs else [_PASSES[a]])
            else:
                self._lead_moves(out, a, min(2, cap))  # prostoy; english once all passed
            return out
        defence = self.defence_cards
        uncovered = defence.count(None)
        # during a bout: the defender (R10, R17, R20, R14)
        if not self.taking:
            dh = hm[d]
            if uncovered and dh:
                beat = self._beat
                dtable = _DEFENCES.get(d) or _defences(d)
                for i, y in enumerate(defence):
                    if y is None:
                        x = attack[i]
                        m = beat[x] & dh
                        xk = x << 6
                        while m:
                            low = m & -m
                            key = xk | low.bit_length()
                            out.append(dtable[key] or _intern_defence(dtable, d, key))
                            m ^= low
            if r.transfers and uncovered == len(attack):
                self._transfer_moves(out, d)
            if uncovered:
                out.append(_TAKES[d])
        if not r.throw_ins:
            return out
        if self.n == 2:  # the one thrower is the attacker (R11, R12)
            s = 1 - d
            if hm[s] and not self._passed >> s & 1:
                self._throws(out, s, uncovered)
            return out
        throwers = self.throwers()
        if throwers:
            passed = self._passed
            others_may = self.attacker_passed or a not in throwers
            for s in throwers:
                if not passed >> s & 1 and (s == a or others_may):
                    self._throws(out, s, uncovered)
        return out

    def _throws(self, out: list[Move], s: int, uncovered: int) -> None:
        """Append the throw-ins and the pass of the thrower ``s`` (R11–R14) to ``out``."""
        d = self.defender
        assert d is not None
        limit = self.rules.bout_limit if (self.first_bito_done or self.taking) else self._first_limit
        room = min(limit - len(self.attack_cards), self._hm[d].bit_count() - uncovered)  # R13a/c, R13b
        if room > 0:
            cands = self._hm[s] & self._tranks
            if cands:
                out.extend(_THROW_LISTS[s].get(_throw_key(cands, room)) or _throw_list(s, cands, room))
        out.append(_PASSES[s])

    def _may_redeal(self, seat: int) -> bool:
        counts = [0, 0, 0, 0]
        for c in self.dealt_hands[seat] if self.dealt_hands else ():
            counts[c & 3] += 1
        return max(counts) >= 5

    def _holders(self) -> int:
        return sum(1 for h in self._hm if h)

    def _lead_moves(self, out: list[Move], a: int, most: int, only: int = 0) -> None:
        """Append the leads of ``a`` of at most ``most`` cards of one rank (R9), each rank
        ascending, then by count (only the leads of ``only`` cards when given). The
        leads of each two ranks of a hand (8 bits of its mask) are kept by the held
        cards of those ranks and ``most``: see :data:`_LEAD_CHUNKS`."""
        if most <= 0:
            return
        h = self._hm[a]
        if only:
            self._lead_chunk(out, a, h, most, only)
            return
        most = min(most, 4)  # a rank has four cards
        chunks = _LEAD_CHUNKS.get(a) or _lead_chunks(a)
        for j, pattern in enumerate(h.to_bytes(8, "little")):  # each two ranks, ascending
            if pattern:
                table, key = chunks[j], pattern << 3 | most
                got = table[key]
                if got is None:
                    found: list[Move] = []
                    self._lead_chunk(found, a, pattern << 8 * j, most, 0)
                    got = table[key] = tuple(found)
                out.extend(got)

    @staticmethod
    def _lead_chunk(out: list[Move], a: int, h: int, most: int, only: int) -> None:
        """Append the leads of ``a`` from the cards ``h`` (a mask), as :meth:`_lead_moves`."""
        table = _BY_MASK.get((a, _ATTACK)) or _by_mask(a, _ATTACK)
        while h:
            r = (h & -h).bit_length() - 1 >> 2
            pattern = h >> 4 * r & 15
            h ^= pattern << 4 * r
            per = _LEADS[r][pattern]
            groups = per[only - 1 : only] if only else per[: min(most, pattern.bit_count())]
            for group in groups:
                for m in group:
                    out.append(table.get(m) or _intern(table, a, _ATTACK, m))

    def _pair_leads(self, a: int, d: int) -> list[Move]:
        """R9 (english) with R13a/b: the pairs ``a`` may lead at ``d`` (none when the
        limit or the defender's hand is below two)."""
        if min(self.limit(), self._hm[d].bit_count()) < 2:
            return []
        out: list[Move] = []
        self._lead_moves(out, a, 2, only=2)
        return out

    def _next_opponent(self, s: int) -> int | None:
        """The next player to the left of ``s`` holding cards who is not ``s``'s partner
        (R22), or ``None``: whom ``s`` attacks (R23), or to whom ``s`` transfers
        (R17, R21: with two players, back to the attacker)."""
        team, hm, n = self._team, self._hm, self.n
        for i in range(1, n):
            t = (s + i) % n
            if hm[t] and team[t] != team[s]:
                return t
        return None

    def _transfer_moves(self, out: list[Move], d: int) -> None:
        r = self.rules
        if self.bout == 1 and not r.transfer_first_bout:  # R19
            return
        target = self._next_opponent(d)
        if target is None:
            return
        rank = self.attack_cards[0] >> 2
        tsize = self._hm[target].bit_count()
        total = len(self.attack_cards)
        pattern = self._hm[d] >> (4 * rank) & 15
        most = min(self.limit() - total, tsize - total)  # R18: R13a/c and R13b for the next defender
        if pattern and most > 0:
            table = _BY_MASK.get((d, _TRANSFER)) or _by_mask(d, _TRANSFER)
            for per in _LEADS[rank][pattern][: min(most, pattern.bit_count())]:
                for m in per:
                    out.append(table.get(m) or _intern(table, d, _TRANSFER, m))
        if r.show_trump_transfer and d not in self.shown and total <= tsize:  # R20
            shown = Card.of(rank, self.trump)
            if self._hm[d] >> shown & 1:
                out.append(Move(d, Action.TRANSFER, (shown,), None, True))

    # ------------------------------------------------------------------ refusals

    def why_illegal(self, move: Move) -> Refusal | None:
        """``None`` if ``move`` is legal now, else the :class:`Refusal` with rule id.

        The checks follow the bout protocol in order, so the refusal names the first
        rule the move breaks, in words a learner understands.

        Raises:
            TypeError: ``move`` is not a :class:`Move`.
        """
        if not isinstance(move, Move):
            raise TypeError(f"why_illegal: move must be a Move (e.g. Move.attack(0, '7S')), not {shown(move)}")
        try:
            return self._why(move)
        except CardError as exc:
            return Refusal("R1", _("malformed move: {why}").format(why=exc))

    def can_play(self, move: Move) -> bool:
        """Whether ``move`` is legal now."""
        return self.why_illegal(move) is None

    def _why(self, move: Move) -> Refusal | None:
        """The refusal of ``move``, or ``None``: the checks common to every action (the
        game goes on, the seat, the action, the cards: R25, R2, R1), then one check per
        action, in the order of the bout protocol."""
        if self.result is not None:
            return Refusal("R25", _("the game is over: no more moves"))
        p = move.player
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.n:
            return Refusal("R2", _("there is no seat {seat}").format(seat=repr(p)))
        act: object = move.action  # a Move built by hand may hold anything
        if not isinstance(act, Action):
            return Refusal("R1", _("unknown action {action}").format(action=repr(act)))
        refusal = self._why_cards(move)
        if refusal is not None:
            return refusal
        if act is Action.REDEAL:
            return self._why_redeal(move)
        if not self.attack_cards:
            return self._why_lead(move)
        if act is Action.ATTACK:
            return Refusal("R9", _("the bout is already led: add cards with a throw-in"))
        if act in (Action.DEFEND, Action.TAKE, Action.TRANSFER):
            refusal = self._why_defender(move)
            if refusal is not None:
                return refusal
            if act is Action.TAKE:
                return self._why_take()
            if act is Action.DEFEND:
                return self._why_defend(move)
            return self._why_transfer(move)
        return self._why_thrower(move)

    def _why_cards(self, move: Move) -> Refusal | None:
        """R1: the move's cards are cards of this deck, each named once."""
        cards = move.cards
        if any(not isinstance(c, Card) for c in cards):
            return Refusal("R1", _("cards must be Card values"))
        low = lowest_rank(self.rules.deck_size)
        alien = [c for c in cards if c.rank < low]
        if alien:
            return Refusal(
                "R1",
                _("{card} is not in a {size}-card deck").format(card=card_text(alien[0]), size=self.rules.deck_size),
            )
        if len(set(cards)) != len(cards):
            return Refusal("R1", _("{who} names the same card twice").format(who=self.players[move.player]))
        return None

    def _not_held(self, move: Move) -> Refusal | None:
        """The cards of ``move`` its player does not hold, as a refusal under the rule of
        the action (R9 lead, R10 defence, R17 transfer, R11 throw-in), or ``None``. Asked
        only once the move is this player's to make, so that the refusal names the rule
        a learner needs first (whose turn, then which cards)."""
        held = self._hm[move.player]  # the mask, not the hands' view: a refusal changes nothing
        missing = [c for c in move.cards if not held >> c & 1]
        if not missing:
            return None
        act = move.action
        rule = (
            "R10"
            if act is Action.DEFEND
            else "R9"
            if act is Action.ATTACK
            else "R17"
            if act is Action.TRANSFER
            else "R11"
        )
        return Refusal(
            rule, _("{who} does not hold {cards}").format(who=self.players[move.player], cards=cards_text(missing))
        )

    def _why_redeal(self, move: Move) -> Refusal | None:
        """R5: a redeal claim (option on, first bout, five of a suit dealt, a whole deck)."""
        if not self.rules.redeal_five_of_suit:
            return Refusal("R5", _("redeals are not played (option redeal_five_of_suit is off)"))
        if self.bout > 1:
            return Refusal("R5", _("a redeal may only be claimed before the first bout ends"))
        if not self._may_redeal(move.player):
            return Refusal(
                "R5", _("{who} was not dealt five or more cards of one suit").format(who=self.players[move.player])
            )
        if move.deck is not None:
            try:
                self._check_cards(list(move.deck), "redeal.deck")
            except SetupError as exc:
                return Refusal("R5", exc.message)
        return None

    def _why_lead(self, move: Move) -> Refusal | None:
        """R9 (with R13): the move on an empty table, a lead or an english lead pass."""
        r = self.rules
        names = self.players
        p, act, cards = move.player, move.action, move.cards
        a, d = self.attacker, self.defender
        assert a is not None and d is not None
        who = names[p]
        if act is Action.PASS and r.lead_style == "pair" and p == a:
            if self.lead_passes >= self._holders():
                return Refusal("R9", _("every player has passed the lead: now a single card must be led"))
            if self._pair_leads(a, d):
                return Refusal("R9", _("{who} holds a pair and must lead it").format(who=who))
            return None
        if act is not Action.ATTACK:
            return Refusal("R9", _("the table is empty: {attacker} must lead first").format(attacker=names[a]))
        if p != a:
            return Refusal("R9", _("it is {attacker}'s lead, not {who}'s").format(attacker=names[a], who=who))
        not_held = self._not_held(move)
        if not_held is not None:
            return not_held
        if not cards:
            return Refusal("R9", _("a lead needs at least one card"))
        if len({c >> 2 for c in cards}) > 1:
            return Refusal("R9", _("a lead is one or more cards of one rank"))
        style = r.lead_style
        if style == "single_or_pair" and len(cards) > 2:
            return Refusal("R9", _("in simple durak the lead is one card or a pair"))
        if style == "pair":
            if self.lead_passes < self._holders() and len(cards) != 2:
                return Refusal(
                    "R9",
                    _("in english durak the lead is a pair: {who} holds one and must lead it").format(who=who)
                    if self._pair_leads(a, d)
                    else _("in english durak the lead is a pair; with no pair, pass the lead"),
                )
            if len(cards) > 2:
                return Refusal("R9", _("in english durak the lead is a pair, or a single card once all passed"))
        return self._limit_refusal(len(cards), lead=True)

    def _why_defender(self, move: Move) -> Refusal | None:
        """R10, R14: a defence, take or transfer is the defender's, before take, with
        cards the defender holds (a shown trump is checked by R20)."""
        d = self.defender
        assert d is not None
        if move.player != d:
            return Refusal("R10", _(_DEFENDER_ONLY[move.action]).format(name=self.players[d]))
        if self.taking:
            return Refusal(
                "R14", _("{name} has declared take and may only wait for throw-ins").format(name=self.players[d])
            )
        if move.action is not Action.TAKE and not move.show:
            return self._not_held(move)
        return None

    def _uncovered(self) -> list[Card]:
        """The attack cards on the table not yet covered, in the order laid."""
        return [x for x, y in zip(self.attack_cards, self.defence_cards, strict=True) if y is None]

    def _why_take(self) -> Refusal | None:
        """R14, R15: take needs an uncovered card."""
        if self._uncovered():
            return None
        return Refusal("R15", _("every card is covered: there is nothing to take"))

    def _why_defend(self, move: Move) -> Refusal | None:
        """R10 with R6–R8: one card covers one uncovered attack card it beats. Which
        beating rule forbids a cover is asked of :meth:`beat_clause`: R8 when the cover
        would beat but for japanese durak's spades, else R6."""
        cards, t = move.cards, move.target
        if len(cards) != 1 or t is None:
            return Refusal("R10", _("a defence covers exactly one attack card with one card"))
        if t not in self.attack_cards:
            return Refusal("R10", _("{card} is not an attack card on the table").format(card=card_text(t)))
        if t not in self._uncovered():
            return Refusal("R10", _("{card} is already covered").format(card=card_text(t)))
        cover = cards[0]
        if self._beat[t] >> cover & 1:
            return None
        r = self.rules
        spades_only = (
            r.japanese and beat_clause(cover, t, self.trump, trump_six_beats_ace=r.trump_six_beats_ace) is not None
        )
        rule = "R8" if spades_only else "R6"
        if not r.japanese:
            # TRANSLATORS: {cover} is the card laid, {target} the attack card, {trump} the trump suit's symbol
            words = _(
                "{cover} does not beat {target}: a card is beaten by a higher card of its suit or by a trump ({trump})"
            )
        elif rule == "R6":
            words = _(
                "{cover} does not beat {target}: a card is beaten by a higher card of its suit "
                "or by a trump ({trump}); spades only by higher spades (R8)"
            )
        else:
            words = _(
                "{cover} does not beat {target}: a card is beaten by a higher card of its suit "
                "or by a trump ({trump}); spades only by higher spades"
            )
        return Refusal(rule, words.format(cover=card_text(cover), target=card_text(t), trump=self.trump.symbol))

    def _why_transfer(self, move: Move) -> Refusal | None:
        """R17–R20 (with R13): a transfer, laid or shown."""
        r = self.rules
        cards = move.cards
        if not r.transfers:
            said = _NO_TRANSFERS.get(r.preset)
            if said is None:  # pragma: no cover - every preset without transfers is in the table
                return Refusal(
                    "R17",
                    _("no transfers in {preset}: transfers are played in perevodnoy").format(
                        preset=preset_text(r.preset)
                    ),
                )
            return Refusal("R17", _(said))
        if self.bout == 1 and not r.transfer_first_bout:
            return Refusal("R19", _("no transfer in the first bout of the game"))
        if len(self._uncovered()) != len(self.attack_cards):
            return Refusal("R18", _("no transfer once an attack card is covered"))
        if not cards:
            return Refusal("R17", _("a transfer lays one or more cards of the attack rank"))
        rank = self.attack_cards[0] >> 2
        if any(c >> 2 != rank for c in cards):
            return Refusal(
                "R17",
                # TRANSLATORS: {rank} is the rank as written on cards (7, 10, Q)
                _("a transfer must use cards of the attack rank {rank}").format(
                    rank=rank_text(self.attack_cards[0].rank)
                ),
            )
        d = self.defender
        assert d is not None
        target = self._next_opponent(d)
        if target is None:
            return Refusal("R17", _("no player to the left holds cards to take the transfer"))
        if move.show:
            refusal = self._why_show(move)
            if refusal is not None:
                return refusal
        total = len(self.attack_cards) + (0 if move.show else len(cards))
        tsize = self._hm[target].bit_count()
        if total > tsize:
            return Refusal(
                "R18",
                # TRANSLATORS: {name} is the next defender, {cards} "3 cards", {total} a number of cards
                _(
                    "{name} holds {cards} and would face {total}: no one may be given more cards than they hold (R13b)"
                ).format(name=self.players[target], cards=_count(tsize), total=total),
            )
        if total > self.limit():
            return Refusal(
                "R18",
                _("a transfer to {total} cards passes the limit of {limit} (R13a/R13c)").format(
                    total=total, limit=self.limit()
                ),
            )
        return None

    def _why_show(self, move: Move) -> Refusal | None:
        """R20: a shown-trump transfer (проездной) shows one held trump, once per bout."""
        cards = move.cards
        who = self.players[move.player]
        if not self.rules.show_trump_transfer:
            return Refusal("R20", _("shown-trump transfers (проездной) are off in these rules"))
        if len(cards) != 1 or cards[0].suit != self.trump:
            return Refusal("R20", _("a shown-trump transfer shows exactly one trump of the attack rank"))
        if not self._hm[move.player] >> cards[0] & 1:
            return Refusal("R20", _("{who} does not hold {card}").format(who=who, card=card_text(cards[0])))
        if move.player in self.shown:
            return Refusal(
                "R20", _("{who} already transferred by showing a trump this bout: now lay the card").format(who=who)
            )
        return None

    def _why_thrower(self, move: Move) -> Refusal | None:
        """R11, R12, R22: a throw-in or pass is a thrower's, in their turn; then
        :meth:`_why_throw` checks the cards."""
        r = self.rules
        names = self.players
        p, act = move.player, move.action
        a, d = self.attacker, self.defender
        assert a is not None and d is not None
        who = names[p]
        if act not in (Action.THROW, Action.PASS):
            return Refusal("R1", _("unknown action {action}").format(action=repr(act)))
        if p == d:
            return Refusal("R11", _("the defender cannot throw in or pass; they cover, transfer or take"))
        if not r.throw_ins:
            said = _NO_THROW_INS.get(r.preset)
            if said is None:  # pragma: no cover - every preset without throw-ins is in the table
                return Refusal(
                    "R11",
                    _("no throw-ins in {preset}: the bout ends when the lead is beaten or taken").format(
                        preset=preset_text(r.preset)
                    ),
                )
            return Refusal("R11", _(said))
        throwers = self.throwers()
        if p not in throwers:
            if not self._hm[p]:
                return Refusal("R11", _("{who} holds no cards").format(who=who))
            if self._team[p] == self._team[d]:
                return Refusal(
                    "R22",
                    # TRANSLATORS: {who} would throw in on the defender {defender}, a partner
                    _("{who} is {defender}'s partner and may not throw in on them").format(who=who, defender=names[d]),
                )
            return Refusal("R11", _("only the defender's neighbours may throw in with more than 4 players"))
        if p in self.passed:
            return Refusal("R12", _("{who} has passed; they may act again once another card is laid").format(who=who))
        if p != a and not (self.attacker_passed or a not in throwers):
            return Refusal(
                "R12",
                # TRANSLATORS: {attacker} is the bout's attacker, who throws in first (R12)
                _("{attacker} has the first right: {who} waits until {attacker} passes").format(
                    attacker=names[a], who=who
                ),
            )
        if act is Action.PASS:
            return None
        return self._why_throw(move)

    def _why_throw(self, move: Move) -> Refusal | None:
        """R11, R13: a throw-in lays held cards of ranks on the table, within the limits."""
        not_held = self._not_held(move)
        if not_held is not None:
            return not_held
        cards = move.cards
        if not cards:
            return Refusal("R11", _("a throw-in needs at least one card"))
        ranks = {c >> 2 for c in self.attack_cards} | {c >> 2 for c in self.defence_cards if c is not None}
        bad = [c for c in cards if c >> 2 not in ranks]
        if bad:
            return Refusal(
                "R11", _("{card}: only ranks already on the table may be thrown in").format(card=card_text(bad[0]))
            )
        return self._limit_refusal(len(cards), lead=False)

    def _limit_refusal(self, k: int, *, lead: bool) -> Refusal | None:
        d = self.defender
        assert d is not None
        total = len(self.attack_cards) + k
        limit = self.limit()
        if total > limit:
            if limit < self.rules.bout_limit:
                return Refusal(
                    "R13c",
                    ngettext(
                        "before the first bito a bout holds at most {limit} attack card while the defender defends",
                        "before the first bito a bout holds at most {limit} attack cards while the defender defends",
                        limit,
                    ).format(limit=limit),
                )
            return Refusal(
                "R13a",
                ngettext(
                    "a bout holds at most {limit} attack card", "a bout holds at most {limit} attack cards", limit
                ).format(limit=limit),
            )
        uncovered = self.defence_cards.count(None) + k
        dsize = self._hm[d].bit_count()
        if uncovered > dsize:
            name, cards = self.players[d], _count(dsize)
            room = dsize - self.defence_cards.count(None)
            if lead:
                # TRANSLATORS: {name} is the defender, {cards} how many they hold ("3 cards")
                words = _("{name} holds {cards}; no more than that may lie uncovered before {name}")
            elif room <= 0:
                words = _(
                    "{name} holds {cards}; no more than that may lie uncovered before {name}, so no more may follow"
                )
            else:
                words = ngettext(
                    "{name} holds {cards}; no more than that may lie uncovered before {name}, "
                    "so only {room} more may follow",
                    "{name} holds {cards}; no more than that may lie uncovered before {name}, "
                    "so only {room} more may follow",
                    room,
                )
            return Refusal("R13b", words.format(name=name, cards=cards, room=room))
        return None

    # ------------------------------------------------------------------ playing

    def play(self, move: Move) -> list[Event]:  # noqa: C901 - the whole move inline: it runs for every move
        """Apply ``move`` and return the events it caused, in order.

        Raises:
            IllegalMove: the move breaks a rule; the game is unchanged and the
                exception's ``refusal`` names the rule (e.g. ``[R12] …``).
            TypeError: ``move`` is not a :class:`Move`.
        """
        cache = self._legal_cache
        if cache is None:
            _move_arg(move)
            cache = self._legal_cache = self._generate()
        listed = move
        # a listed move itself (what bots play) is found by identity, the last one (a
        # pass, the most frequent move) first; the listed moves are Moves, so only a move
        # not found so is checked for its type
        if not cache or cache[-1] is not move:
            for listed in cache:
                if listed is move:
                    break
            else:  # an equal move made elsewhere: the listed one is played
                _move_arg(move)
                found: Move | None
                try:
                    found = cache[cache.index(move)]
                except ValueError:
                    found = None
                if found is None or not _same_types(move):
                    refusal = self.why_illegal(move)
                    if refusal is not None:
                        raise IllegalMove(refusal, move)
                # an equal listed move is played as listed; a legal move not listed is a
                # redeal with its deck (R5)
                listed = move if found is None else found
        # the move is legal: apply it (inline, not a method: this runs for every move)
        self._legal_cache = None
        # only the fields each action needs are read (a Move is a tuple: player, action,
        # cards, target, show, deck)
        p = listed[0]
        act = listed[1]
        events: list[Event] = []
        self.history.append(listed)  # a listed redeal's entry gets its deck below (R5)
        # the most frequent actions first; R14/R15: a lead, throw-in or transfer leaves a
        # card uncovered, so the bout ends only on a pass, a take, the last cover, or a
        # throw-in after take (the thrower laid their last card)
        #
        # With two players the one thrower is the attacker (R11); a defence, a take and a
        # throw-in clear the pass flags (R12, R14), so right after them the bout can end
        # only if the attacker may not throw in (no throw-ins, or no cards): _settle is
        # asked only then (``self.n == 2`` below, the same test as _settle's; asked only in
        # the branches that need it).
        if act is _PASS:
            if self.attack_cards:  # R12, then R14/R15
                self._passed |= 1 << p
                if p == self.attacker:
                    self.attacker_passed = True
                if self.n != 2:
                    self._settle(events)
                elif self.taking:  # two players: the one thrower passed
                    self._end_bout2(events, True)
                elif None not in self.defence_cards:
                    self._end_bout2(events, False)
            else:  # R9 english: pass the lead to the left
                self.lead_passes += 1
                new_attacker = self._next_with_cards(p)
                events.append(LeadPassed(p, new_attacker))
                self._begin_bout(new_attacker, check_end=False, keep_lead_passes=True)
                if self.result is not None:
                    events.append(GameOver(self.result))
        elif act is _DEFEND:
            c = listed[2][0]
            hm = self._hm
            hm[p] ^= 1 << c
            defence = self.defence_cards
            defence[self.attack_cards.index(listed[3])] = c  # type: ignore[arg-type]
            self._tranks |= _RANK_CARDS[c >> 2]
            self._passed = 0
            if None not in defence and not (self.n == 2 and self._throw_ins and hm[1 - p]):
                self._settle(events)
        elif act is _ATTACK or act is _THROW:
            cards = listed[2]
            if len(cards) == 1:
                c = cards[0]
                self._hm[p] ^= 1 << c
                self._tranks |= _RANK_CARDS[c >> 2]
                self.attack_cards.append(c)
                self.defence_cards.append(None)
            else:
                self._lay(p, cards)
            self._passed = 0
            if act is _ATTACK:
                self._lead = cards
                self.lead_passes = 0
            elif self.taking and not (self.n == 2 and self._hm[p]):  # two: p is the one thrower
                self._settle(events)
        elif act is _TAKE:
            self.taking = True
            self._passed = 0  # R14: every thrower gets a say on throw-ins after take
            if not (self.n == 2 and self._throw_ins and self._hm[1 - p]):
                self._settle(events)
        elif act is _TRANSFER:
            if listed[4]:  # R20: shown, kept in hand
                self.shown = self.shown | {p}
            else:
                self._lay(p, listed[2])
            new_defender = self._next_opponent(p)
            assert new_defender is not None
            self.attacker = p  # R17: the transferring player becomes the attacker for R12
            self.defender = new_defender
            self.attacker_passed = False
            self._passed = 0
        else:  # R5: a redeal
            new_deck = listed[5]
            new = list(new_deck) if new_deck is not None else list(deck(self.rules.deck_size))
            if new_deck is None:
                self.rng.shuffle(new)
                self.history[-1] = listed._replace(deck=tuple(new))
            self._redeal(new)
            events.append(Redealt(p))
            return events
        if not self._no_repeat:
            drawn = self._note_position()  # R27: positions are compared after every move
            if drawn is not None:
                events.append(GameOver(drawn))
        return events

    def push(self, move: Move) -> list[Event]:
        """Play ``move`` as :meth:`play` does, keeping what :meth:`pop` needs to take it
        back: search without copying the game (as python-chess's ``Board.push``).

        Returns the events the move caused; raises as :meth:`play` (the game unchanged).

        >>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
        >>> before = g.position()
        >>> lead = g.legal_moves()[0]
        >>> g.push(lead)
        []
        >>> g.pop() == lead, g.position() == before, g.history
        (True, True, [])
        """
        saved = self._state()
        self._noted = None
        events = self.play(move)
        noted = self._noted if self._seen is saved[_SEEN_AT] else None
        self._undo.append((saved, noted))
        return events

    def pop(self) -> Move:
        """Take back the last move made by :meth:`push` and return it: the position, the
        legal moves, the history, the R27 counts and the generator behind a listed
        redeal are exactly as before that push.

        Raises:
            IndexError: no pushed move to take back (moves made by :meth:`play` are not
                taken back).
        """
        if not self._undo:
            raise IndexError("pop: no move was pushed (play() keeps no undo)")
        saved, noted = self._undo.pop()
        move = self.history[-1]
        self._restore(saved)
        if noted is not None:  # R27: the count the move added
            seen = self._seen
            left = seen[noted] - 1
            if left:
                seen[noted] = left
            else:
                del seen[noted]
        return move

    _state = _STATE
    _restore = _RESTORE

    def _lay(self, p: int, cards: tuple[Card, ...]) -> None:
        """``p`` lays ``cards`` on the table as attack cards (R9, R11, R17)."""
        m = 0
        tranks = self._tranks
        for c in cards:
            m |= 1 << c
            tranks |= _RANK_CARDS[c >> 2]
        self._hm[p] ^= m
        self._tranks = tranks
        self.attack_cards.extend(cards)
        if len(cards) == 1:
            self.defence_cards.append(None)
        else:
            self.defence_cards.extend([None] * len(cards))

    def _settle(self, events: list[Event]) -> None:
        """End the bout if R14 (take) or R15 (bito) says so."""
        if not self.attack_cards:
            return
        passed = self._passed
        if self.n == 2:
            d = self.defender
            assert d is not None
            if self._throw_ins and self._hm[1 - d] and not passed >> (1 - d) & 1:
                return  # the one thrower (R11) may still throw in or pass (R12)
            if self.taking:
                self._end_bout2(events, True)
            elif None not in self.defence_cards:
                self._end_bout2(events, False)
            return
        for s in self.throwers():
            if not passed >> s & 1:
                return
        if self.taking:
            self._end_bout(events, took=True)
        elif None not in self.defence_cards:
            self._end_bout(events, took=False)

    def _table_off(self, d: int, took: bool) -> Event:
        """The bout's table leaves (the one home of it for both bout ends): to the
        defender ``d``'s hand (take, R14: the pairs in the order laid, the uncovered places
        dropped) or to the discard (bito, R15: every card covered). The table is cleared,
        ``d``'s lead noted (R27). Returns the :class:`Took` or :class:`Bito`: for one pair
        (the common end) the shared event of the pair."""
        attack = self.attack_cards
        hm = self._hm
        cards: tuple[Card, ...]
        event: Event
        if len(attack) == 1:  # one pair (or one card): no interleaving to do
            x = attack[0]
            y = self.defence_cards[0]
            if not took:  # R15: bito
                key = x << 6 | y  # type: ignore[operator]
                event = _BITO.get(key) or _keep(_BITO, key, Bito((x, y)))  # type: ignore[arg-type]
                self.discard.extend(event.cards)  # type: ignore[attr-defined]
                self.first_bito_done = True
            elif y is None:  # R14: take one uncovered card
                key = d << 12 | x << 6  # (no card is 0, R1)
                hm[d] |= 1 << x
                event = _TOOK.get(key) or _keep(_TOOK, key, Took(d, (x,)))
            else:  # R14: take the pair
                key = d << 12 | x << 6 | y
                hm[d] |= 1 << x | 1 << y
                event = _TOOK.get(key) or _keep(_TOOK, key, Took(d, (x, y)))
        else:  # the table pairs in the order laid
            laid: list[Card | None] = [None] * (2 * len(attack))
            laid[::2] = attack
            laid[1::2] = self.defence_cards
            if took:  # R14: the uncovered places (None) dropped
                cards = tuple(compress(laid, laid))  # type: ignore[arg-type] # no card is 0 (R1)
                m = 0
                for c in cards:
                    m |= 1 << c
                hm[d] |= m
                event = _object_new(Took)  # Took(d, cards), made faster (a frozen dataclass)
                fields = event.__dict__
                fields["player"] = d
                fields["cards"] = cards
            else:  # R15: after bito every card is covered, no None among them
                cards = tuple(laid)  # type: ignore[arg-type]
                event = _object_new(Bito)  # Bito(cards)
                event.__dict__["cards"] = cards
                self.discard.extend(cards)
                self.first_bito_done = True
        self._last_lead_on[d] = self._lead
        self.attack_cards = []
        self.defence_cards = []
        self._tranks = 0
        return event

    def _draw(self, s: int, need: int) -> Event:
        """Seat ``s`` draws ``need`` (at least 1) cards from the top of the talon, or those
        left (R16), for both bout ends; the talon is not empty. Returns the :class:`Drew`:
        for one card the shared event of the seat and card."""
        talon = self.talon
        if need == 1:
            c = talon.pop(0)
            self._hm[s] |= 1 << c
            key = s << 6 | c
            return _DREW.get(key) or _keep(_DREW, key, Drew(s, (c,)))
        got = tuple(talon[:need])
        del talon[:need]
        m = 0
        for c in got:
            m |= 1 << c
        self._hm[s] |= m
        event = _object_new(Drew)  # Drew(s, got), made faster (a frozen dataclass)
        fields = event.__dict__
        fields["player"] = s
        fields["cards"] = got
        return event

    def _end_bout(self, events: list[Event], *, took: bool) -> None:
        """The bout ends: take (R14) or bito (R15), the draws (R16), the players out (R24),
        the end of the game (R22, R25, R26) or the next bout (R23)."""
        d, first = self.defender, self.first_attacker
        assert d is not None and first is not None
        talon, hm, n = self.talon, self._hm, self.n
        talon_before, out_before = len(talon), len(self.out_order)
        events.append(self._table_off(d, took))  # R14 or R15
        # R16: draw, the bout's first attacker first, clockwise, the defender last
        order: tuple[int, ...]
        if n == 2:
            order = (1 - d, d)
        else:
            seats = [(first + i) % n for i in range(n)]
            seats.remove(d)
            seats.append(d)
            order = tuple(seats)
        if talon:
            size = self.rules.hand_size
            for s in order:
                need = size - hm[s].bit_count()
                if need > 0:
                    events.append(self._draw(s, need))
                    if not talon:
                        break
        if not talon:  # R24: with the talon empty, players without cards are out
            for s in order:
                if not hm[s] and s not in self.out_order:
                    self.out_order.append(s)
                    events.append(Out(s))
        if self._seen and (
            not took
            or (self.bout == 1 and self._first_bout_differs)
            or len(talon) != talon_before
            or len(self.out_order) != out_before
        ):
            # R27: the talon only shrinks, the discard, the first bito, the players out and
            # the bout number only grow, so no position counted before can occur again
            self._seen = {}
        self.bout += 1
        if not talon and self._check_end(events, last_defender=d):
            return
        # R23: next attacker
        if took:
            nxt = self._next_with_cards(d)
        elif hm[d]:
            nxt = d
        else:
            nxt = self._next_partner_or_player(d)
        if n == 2 and hm[1 - nxt]:  # the defender holds cards
            self._new_bout2(nxt)
            return
        self._begin_bout(nxt, check_end=False)
        if self.result is not None:
            events.append(GameOver(self.result))

    def _end_bout2(self, events: list[Event], took: bool) -> None:
        """:meth:`_end_bout` for two players (the hot path of issue 13): the same state
        and events, with the draw order (R16: the attacker ``1 - d``, then the defender
        ``d``), the players out (R24) and the next attacker (R23) worked out for two
        seats; the property tests hold both paths equal. The table's leaving
        (:meth:`_table_off`) and each draw (:meth:`_draw`) are the steps both share.

        Written for the common end: one pair on the table, each seat drawing at most
        once, and, with the talon left not empty, both
        seats holding cards, so that R24 (out), R22/R25/R26 (the end) and R23's search
        for a seat with cards need no asking."""
        d = self.defender
        assert d is not None
        a = 1 - d
        hm = self._hm
        events.append(self._table_off(d, took))  # R14 or R15
        talon = self.talon
        seen = self._seen
        before = (len(talon), len(self.out_order)) if seen else None
        if talon:  # R16: the attacker draws first, the defender last (top card first)
            size = self.rules.hand_size
            for s in (a, d):
                need = size - hm[s].bit_count()
                if need > 0 and talon:
                    events.append(self._draw(s, need))
            if talon:
                # The common end: both seats drew up to the hand size (hand_size >= 1), so
                # both hold cards, nobody is out (R24) and the game goes on (R25, R22 and
                # R26 need the talon empty). R23: after a take the attacker leads again,
                # after bito the defender (_new_bout2).
                if before is not None and (
                    not took or (self.bout == 1 and self._first_bout_differs) or before[0] != len(talon)
                ):
                    self._seen = {}  # R27: as in _end_bout
                self.bout += 1
                self._new_bout2(a if took else d)
                return
        # the talon is empty: R24, with the talon empty, players without cards are out
        out = self.out_order
        if not hm[a] and a not in out:
            out.append(a)
            events.append(Out(a))
        if not hm[d] and d not in out:
            out.append(d)
            events.append(Out(d))
        if before is not None and (
            not took or (self.bout == 1 and self._first_bout_differs) or before != (len(talon), len(out))
        ):
            self._seen = {}  # R27: as in _end_bout
        self.bout += 1
        # R22, R25, R26: with both seats holding cards the game goes on, unless R26 (two
        # sixes) or teams may end it: only then is _check_end asked
        if (not hm[0] or not hm[1] or self.rules.two_sixes_win or self.rules.teams is not None) and self._check_end(
            events, last_defender=d
        ):
            return
        # R23: next attacker (as _next_with_cards and _next_partner_or_player for two seats)
        if took:
            nxt = a if hm[a] else d
        elif hm[d]:
            nxt = d
        else:
            nxt = self._next_partner_or_player(d)
        if hm[1 - nxt]:  # the defender holds cards
            self._new_bout2(nxt)
            return
        self._begin_bout(nxt, check_end=False)
        if self.result is not None:
            events.append(GameOver(self.result))

    def _check_end(self, events: list[Event], last_defender: int | None) -> bool:
        """R22, R25, R26: is the game over?  Sets :attr:`result` and adds GameOver."""
        if self.talon:
            return False
        r = self.rules
        hm = self._hm
        holders = [s for s in range(self.n) if hm[s]]
        result: Result | None = None
        if r.teams is not None:
            teams_left = {self._team[s] for s in holders}
            if len(teams_left) <= 1:
                if teams_left:
                    t = teams_left.pop()
                    result = Result(None, False, False, tuple(self.out_order), tuple(r.teams[t]), "R22")
                elif r.draw_allowed or last_defender is None:
                    result = Result(None, True, False, tuple(self.out_order), None, "R25")
                else:
                    t = self._team[last_defender]
                    result = Result(None, False, False, tuple(self.out_order), tuple(r.teams[t]), "R25")
        else:
            if len(holders) == 1:
                durak = holders[0]
                lead = self._last_lead_on.get(durak, ())
                ep = len(lead) == 2 and all(c >> 2 == 6 for c in lead)
                result = Result(durak, False, ep, tuple(self.out_order), None, "R25")
            elif not holders:
                if r.draw_allowed or last_defender is None:
                    result = Result(None, True, False, tuple(self.out_order), None, "R25")
                else:
                    result = Result(last_defender, False, False, tuple(self.out_order), None, "R25")
            elif r.two_sixes_win and len(holders) == 2:  # R26 option
                for s in holders:
                    h = hm[s]
                    if h.bit_count() == 2 and not h & ~_RANK_CARDS[6]:
                        other = holders[0] if holders[1] == s else holders[1]
                        order = (*self.out_order, s)
                        result = Result(other, False, True, order, None, "R26")
                        break
        if result is None:
            return False
        self._finish(result, events)
        return True

    def _finish(self, result: Result, events: list[Event]) -> None:
        self.result = result
        self.attacker = self.defender = self.first_attacker = None
        self._passed = 0
        self.taking = False
        events.append(GameOver(result))

    def _next_with_cards(self, s: int) -> int:
        hm, n = self._hm, self.n
        for i in range(1, n + 1):
            t = (s + i) % n
            if hm[t]:
                return t
        return s

    def _prev_with_cards(self, s: int) -> int:
        hm, n = self._hm, self.n
        for i in range(1, n + 1):
            t = (s - i) % n
            if hm[t]:
                return t
        return s

    def _next_partner_or_player(self, s: int) -> int:
        """R22: after bito by a defender who went out, the next partner clockwise with
        cards attacks; R23 without teams: the next player with cards."""
        if self.rules.teams is not None:
            for i in range(1, self.n):
                t = (s + i) % self.n
                if self._hm[t] and self._team[t] == self._team[s]:
                    return t
        return self._next_with_cards(s)

    def _new_bout2(self, attacker: int) -> None:
        """:meth:`_begin_bout` for two players whose defender ``1 - attacker`` holds cards
        (R23): the roles set, the bout's passes, take, shown trumps (R20) and lead cleared."""
        self.attacker = self.first_attacker = attacker
        self.defender = 1 - attacker
        self.taking = self.attacker_passed = False
        self._passed = 0
        if self.shown:
            self.shown = set()
        self._lead = ()
        self.lead_passes = 0

    def _begin_bout(self, attacker: int, *, check_end: bool, keep_lead_passes: bool = False) -> None:
        if check_end and self._check_end([], last_defender=None):
            return
        defender = self._next_opponent(attacker)
        if defender is None:  # only one side holds cards: the end (reached with talon empty)
            self._check_end([], last_defender=None)
            return
        self.attacker = self.first_attacker = attacker
        self.defender = defender
        self.taking = False
        self._passed = 0
        self.attacker_passed = False
        if self.shown:
            self.shown = set()
        self._lead = ()
        if not keep_lead_passes:
            self.lead_passes = 0
        self._legal_cache = None

    def _position_key(self) -> tuple[object, ...]:
        """R27: what "the same position" compares, as one hashable value.

        The hands (as bitmasks: a hand is its set of cards), the table pairs in the
        order laid, the roles (attacker, defender, first attacker) and who may act next
        (taking, the passed seats, the attacker's pass, the lead passes of english durak,
        the players who showed a trump this bout, R20). The rest of a position is the
        same for every key in :attr:`_seen`, which is emptied whenever it changes (see
        :meth:`_end_bout`): the talon (it only shrinks), the discard and the first bito
        (they only grow), the players out (R24) and, where the first bout has moves of
        its own (R5, R19), whether this is the first bout. The bout number otherwise and
        the game's history are not compared.
        """
        shown = self.shown
        return (
            tuple(self._hm),
            tuple(self.attack_cards),
            tuple(self.defence_cards),
            self.attacker,
            self.defender,
            self.first_attacker,
            self.taking,
            self._passed,
            self.attacker_passed,
            self.lead_passes,
            frozenset(shown) if shown else None,
        )

    def _bout_ends_in_progress(self) -> bool:
        """R27's shortcut: True when this bout surely ends with a card leaving the talon
        or reaching the discard, so that no position of it can ever occur again and
        none needs counting. That is so inside a bout with the talon not empty when a
        player who is not the defender holds fewer than ``hand_size`` cards (hands only
        shrink until the bout ends, and after a take that player draws, R16); while a
        transfer may still change the defender (R17), two such players are needed. Asked
        only with the talon not empty and cards on the table."""
        size = self.rules.hand_size
        # the defender is fixed without transfers, after take and once a card is covered
        # (R18): then one short player besides them is enough
        defence = self.defence_cards
        fixed = not self.rules.transfers or self.taking or defence.count(None) != len(defence)
        d = self.defender if fixed and self.defender is not None else -1
        short = 0
        for s, h in enumerate(self._hm):
            if h.bit_count() < size:
                if s != d and d >= 0:
                    return True
                short += 1
                if short > 1:
                    return True
        return False

    def _note_position(self) -> Result | None:
        """R27: count the position now; its ``repetition_draw``-th occurrence ends the
        game in a draw, which is returned (and set as :attr:`result`). Called after
        every move and for the position a game starts from (not at all where no
        position can occur twice, see ``_no_repeat`` in :meth:`__init__`)."""
        self._noted = None
        n = self.rules.repetition_draw
        if not n or self.result is not None or self._no_repeat:
            return None
        if self.talon and self.attack_cards and self._bout_ends_in_progress():
            return None
        key = self._position_key()
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        self._noted = key
        if seen < n:
            return None
        result = Result(None, True, False, tuple(self.out_order), None, "R27")
        self._finish(result, [])
        return result

    def _redeal(self, cards: list[Card]) -> None:
        """R5: the same dealer deals the new shuffle; the first attacker is found again."""
        if self.dealer is None:
            self.dealer = self.n - 1
        self.attack_cards, self.defence_cards = [], []
        self._tranks = 0
        self.bout = 1
        self.first_bito_done = False
        self.out_order = []
        self._seen = {}
        self._last_lead_on = {}
        # R3/R5: when the new deal leaves no card to turn up, the trump chosen (and
        # recorded) for the first deal stands; a fresh random choice could not be
        # replayed, since a redeal move records only its deck (INTERCHANGE.md)
        nothing_left = len(cards) <= self.n * self.rules.hand_size
        self._deal_cards(cards, self.trump if nothing_left else None)
        self._start_first_bout(None)

    # ------------------------------------------------------------------ by name

    def attack(self, player: int | str, cards: str | Iterable[str | Card]) -> list[Event]:
        """Lead ``cards`` as ``player`` (seat or name), e.g. ``game.attack("Anna", "7S 7H")`` (R9).

        Raises:
            PlayerError: no such player or seat (R2; a :class:`KeyError` too).
            TypeError: ``player`` is neither a name nor a seat number.
            IllegalMove: as :meth:`play`.
        """
        return self.play(Move.attack(self.seat(player), cards))

    def throw(self, player: int | str, cards: str | Iterable[str | Card]) -> list[Event]:
        """Throw in ``cards`` as ``player`` (R11–R14). Raises as :meth:`attack`."""
        return self.play(Move.throw(self.seat(player), cards))

    def defend(self, player: int | str, card: str | Card, target: str | Card) -> list[Event]:
        """Cover ``target`` with ``card`` as ``player`` (R10). Raises as :meth:`attack`."""
        return self.play(Move.defend(self.seat(player), card, target))

    def transfer(self, player: int | str, cards: str | Iterable[str | Card], show: bool = False) -> list[Event]:
        """Transfer with ``cards`` (R17), or by showing one trump (R20). Raises as :meth:`attack`."""
        return self.play(Move.transfer(self.seat(player), cards, show))

    def take(self, player: int | str) -> list[Event]:
        """Declare take as ``player`` (R14). Raises as :meth:`attack`."""
        return self.play(Move.take(self.seat(player)))

    def pass_(self, player: int | str) -> list[Event]:
        """Pass as ``player`` (R12; the lead in english durak, R9). Raises as :meth:`attack`."""
        return self.play(Move.pass_(self.seat(player)))

    # ------------------------------------------------------------------ snapshots

    def position(self) -> Position:
        """An immutable :class:`Position` of the game now."""
        position = _object_new(Position)  # Position(...) without the frozen dataclass's __init__
        position.__dict__.update(
            players=self.players,
            hands=tuple([_HAND_TUPLES.get(m) or _hand_tuple(m) for m in self._hm]),
            talon=tuple(self.talon),
            trump=self.trump,
            trump_card=self.trump_card,
            table=tuple(zip(self.attack_cards, self.defence_cards, strict=True)),
            discard=tuple(self.discard),
            attacker=self.attacker,
            first_attacker=self.first_attacker,
            defender=self.defender,
            bout=self.bout,
            first_bito_done=self.first_bito_done,
            taking=self.taking,
            passed=frozenset(self.passed) if self._passed else frozenset(),
            attacker_passed=self.attacker_passed,
            out_order=tuple(self.out_order),
            result=self.result,
        )
        return position

    def copy(self) -> Game:
        """An independent copy (history included) for trying moves; its :meth:`pop`
        stack starts empty (use :meth:`push` and :meth:`pop` to search without copies)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g._hm = self._hm[:]
        g._hv = None
        g._undo = []
        g.talon = list(self.talon)
        g.discard = list(self.discard)
        g.attack_cards = list(self.attack_cards)
        g.defence_cards = list(self.defence_cards)
        g.shown = set(self.shown)
        g.out_order = list(self.out_order)
        g.history = list(self.history)
        g._seen = dict(self._seen)
        g._last_lead_on = dict(self._last_lead_on)
        if self._rng is not None:  # from now on, both share the state until one asks for rng
            self._rng_state, self._rng = self._rng.getstate(), None
        g._rng, g._rng_state = None, self._rng_state
        return g

    def all_cards(self) -> list[Card]:
        """Every card in every place (hands, talon, table, discard): each card of the
        deck exactly once, an invariant the tests check after every move."""
        out: list[Card] = []
        for m in self._hm:  # the hands, each ascending (as :attr:`hands`, without the view)
            out += _cards_of(m)
        out += self.talon
        out += self.attack_cards
        out += [c for c in self.defence_cards if c is not None]
        out += self.discard
        return out

    def __repr__(self) -> str:
        state = "over" if self.result else f"bout {self.bout}"
        return f"<Game {self.rules.preset} {', '.join(self.players)}: {state}>"
