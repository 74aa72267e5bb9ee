"""The move in words for a learner, and the rule ids behind it.

One reading of a played move (:func:`reading`: what kind of move it is in the rules'
terms, e.g. a throw-in after take, a transfer back to the attacker, a cover by R7)
serves both the rule ids of a move (:func:`move_rules`, the ``rules`` column of
:func:`durak_nb.tables.moves_frame`) and the learner's words
(:func:`explain_move`, :meth:`durak_nb.replay.Replay.explain`).  The engine decides
every fact used here: which beating clause a cover uses is asked of
:func:`durak_nb.cards.beat_clause`, the rule of each event of the event itself
(:attr:`durak_nb.engine.Event.rule`), who may still throw in and the room left of the
replay (``Game.throwers()``, ``Game.room()``, R11–R13).

>>> from durak_nb.engine import Game, Move
>>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "6S AH", "Boris": "7S"},
...     talon="", trump="H", attacker="Anna", first_bito_done=True, rest_to_discard=True)
>>> _ = g.attack("Anna", "6S")
>>> before, cover = g.position(), Move.defend(1, "7S", "6S")
>>> events = g.play(cover)
>>> reading(cover, before, g.position(), g.rules)
Reading(kind='cover', clause='R6', back=False)
>>> move_rules(cover, before, events, g.position(), g.rules)
('R6',)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol

from .cards import Card, beat_clause, card_text, cards_text
from .engine import Action, Bito, Drew, Event, GameOver, LeadPassed, Move, Out, Position, Redealt, Took
from .i18n import _, ngettext
from .rules import Rules

__all__ = [
    "Caused",
    "Reading",
    "Replayed",
    "cards_words",
    "caused",
    "ends_bout",
    "event_words",
    "explain_move",
    "gloss",
    "move_rules",
    "move_words",
    "reading",
    "seen_event_words",
]


class Reading(NamedTuple):
    """What a played move is in the rules' terms (:func:`reading`).

    Attributes:
        kind: ``'lead'`` (R9), ``'throw-in'`` (R11), ``'throw-in after take'``
            (вдогонку, R14), ``'transfer'`` (R17), ``'shown transfer'`` (R20),
            ``'cover'`` (R10 with ``clause``), ``'take'`` (R14), ``'pass'`` (R12),
            ``'pass after take'`` (R12, R14), ``'lead passes'`` (english, an empty
            table, R9), ``'redeal'`` (R5).
        clause: for a cover, the beating clause it used (``'R6'``, ``'R7'`` or
            ``'R8'``, :func:`durak_nb.cards.beat_clause`), else ``None``.
        back: for a transfer, it goes back to the bout's attacker (two players
            left, R21).
    """

    kind: str
    clause: str | None = None
    back: bool = False


#: the move's own rule ids, by :attr:`Reading.kind`
_KIND_RULES: dict[str, tuple[str, ...]] = {
    "lead": ("R9",),
    "throw-in": ("R11", "R12", "R13"),
    "throw-in after take": ("R11", "R12", "R13", "R14"),
    "transfer": ("R17",),
    "shown transfer": ("R17", "R20"),
    "cover": (),
    "take": ("R14",),
    "pass": ("R12",),
    "pass after take": ("R12", "R14"),
    "lead passes": ("R9",),
    "redeal": ("R5",),
}


def reading(move: Move, before: Position, after: Position, rules: Rules) -> Reading:
    """What the (legal, engine-played) ``move`` is, between ``before`` and ``after``.

    Args:
        move: the move.
        before: the position before it; ``after``: the position after it.
        rules: the game's rules (the beating options R7, R8).
    """
    act = move.action
    if act is Action.ATTACK:
        return Reading("lead")
    if act is Action.THROW:
        return Reading("throw-in after take" if before.taking else "throw-in")
    if act is Action.DEFEND:
        assert move.target is not None
        clause = beat_clause(
            move.cards[0],
            move.target,
            before.trump,
            trump_six_beats_ace=rules.trump_six_beats_ace,
            japanese=rules.japanese,
        )
        return Reading("cover", clause=clause)
    if act is Action.TRANSFER:
        back = after.defender is not None and after.defender == before.attacker
        return Reading("shown transfer" if move.show else "transfer", back=back)
    if act is Action.TAKE:
        return Reading("take")
    if act is Action.PASS:
        if not before.table:
            return Reading("lead passes")
        return Reading("pass after take" if before.taking else "pass")
    return Reading("redeal")


def ends_bout(events: Iterable[Event]) -> bool:
    """Whether the events end the bout: a take picked up (R14) or bito (R15)."""
    return any(isinstance(e, Took | Bito) for e in events)


class Caused(NamedTuple):
    """A move's events sorted by kind (:func:`caused`), each in the order caused.

    Attributes:
        took: the pick-up (R14), or ``None``; ``bito``: the bito (R15), or ``None``.
        drew: the draws, in R16 order; ``out``: players going out (R24).
        lead_passed: the lead passed on (R9, english); ``redealt``: a redeal (R5).
        game_over: the end of the game, or ``None``.
    """

    took: Took | None
    bito: Bito | None
    drew: tuple[Drew, ...]
    out: tuple[Out, ...]
    lead_passed: tuple[LeadPassed, ...]
    redealt: Redealt | None
    game_over: GameOver | None


def caused(events: Iterable[Event]) -> Caused:
    """The events of one move sorted by kind: the one walk over the event types that
    the rows of a replay (:func:`durak_nb.replay.event_rows`) and the bout diagrams
    (:func:`durak_nb.views.trees.bout_diagram`) share."""
    took: Took | None = None
    bito: Bito | None = None
    redealt: Redealt | None = None
    over: GameOver | None = None
    drew: list[Drew] = []
    out: list[Out] = []
    passed: list[LeadPassed] = []
    for e in events:
        if isinstance(e, Drew):
            drew.append(e)
        elif isinstance(e, Out):
            out.append(e)
        elif isinstance(e, LeadPassed):
            passed.append(e)
        elif isinstance(e, Took):
            took = e
        elif isinstance(e, Bito):
            bito = e
        elif isinstance(e, Redealt):
            redealt = e
        elif isinstance(e, GameOver):
            over = e
    return Caused(took, bito, tuple(drew), tuple(out), tuple(passed), redealt, over)


def _rule_key(rule: str) -> tuple[int, str]:
    digits = "".join(ch for ch in rule[1:] if ch.isdigit())
    return int(digits or 0), rule


def move_rules(move: Move, before: Position, events: Sequence[Event], after: Position, rules: Rules) -> tuple[str, ...]:
    """The rule ids behind one played move and the events it caused, sorted by number.

    Args:
        move: the move (legal: the engine played it).
        before: the position before the move; ``after``: the position after it.
        events: the events the move caused (:meth:`Game.play`'s answer).
        rules: the game's rules.

    The move's own rules (:func:`reading`):

    - attack: R9; R13 too when more than one card is led (the limits bind a
      multi-card lead);
    - throw: R11 R12 R13; R14 too after take (вдогонку);
    - defend: R6 (a higher card of the suit, or a trump), R7 (the trump six over the
      trump ace) or R8 (japanese: a spade beaten by a higher spade);
    - transfer: R17; R20 too for a shown trump; R21 too when it goes back to the
      bout's attacker (two players left);
    - take: R14;
    - pass: R12 during a bout (R14 too after take); R9 with an empty table (english:
      the lead passes);
    - redeal: R5.

    The events' rules (each event's :attr:`~durak_nb.engine.Event.rule`): a pick-up
    R14, bito R15, draws R16, a player out R24, the lead passed R9, a redeal R5, the
    end of the game its :attr:`Result.rule` (R22, R25, R26 or R27), and R26 for
    epaulettes; R23 for the next attack after a bout that did not end the game.
    """
    read = reading(move, before, after, rules)
    epaulettes = ended = False
    for e in events:  # one walk: the events' rules, the bout's end (R14, R15), epaulettes (R26)
        if isinstance(e, Took | Bito):
            ended = True
        elif isinstance(e, GameOver) and e.result.epaulettes:
            epaulettes = True
    return _rule_ids(
        read.kind,
        read.clause,
        read.back,
        read.kind == "lead" and len(move.cards) > 1,
        frozenset([e.rule for e in events]),
        epaulettes,
        ended and after.result is None,
    )


@functools.lru_cache(maxsize=4096)
def _rule_ids(
    kind: str,
    clause: str | None,
    back: bool,
    many: bool,
    caused_rules: frozenset[str],
    epaulettes: bool,
    next_attack: bool,
) -> tuple[str, ...]:
    """The sorted rule ids of a move of :attr:`Reading.kind` ``kind`` (its beating
    ``clause``, a transfer ``back`` to the attacker R21, a lead of ``many`` cards R13),
    the rules of the events it caused, epaulettes (R26) and the next attack (R23).  Pure
    and called for every move of a table or corpus (:func:`move_rules`), so kept (a
    bounded cache: the combinations are few)."""
    ids = set(_KIND_RULES[kind])
    if many:
        ids.add("R13")
    if clause is not None:
        ids.add(clause)
    if back:
        ids.add("R21")
    ids |= caused_rules
    if epaulettes:
        ids.add("R26")
    if next_attack:
        ids.add("R23")
    return tuple(sorted(ids, key=_rule_key))


# ----------------------------------------------------------------------------- words


class Replayed(Protocol):
    """What :func:`explain_move` reads of a replay (:class:`durak_nb.replay.Replay` has it)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    def move(self, k: int) -> Move: ...

    def events(self, k: int) -> tuple[Event, ...]: ...

    def position(self, k: int) -> Position: ...

    def throwers(self, k: int) -> tuple[int, ...]: ...

    def room(self, k: int) -> int: ...

    @property
    def rules(self) -> Rules: ...


def _cover_words(move: Move, read: Reading, trump_symbol: str) -> str:
    cover = move.cards[0]
    if read.clause == "R8":
        return _("a higher ♠ beats it: spades only by higher spades (R8)")
    if read.clause == "R7":
        return _("the trump six beats the trump ace (R7)")
    assert move.target is not None
    if cover.suit == move.target.suit:
        # TRANSLATORS: {suit} is the suit's symbol (♥)
        return _("a higher {suit} beats it (побить, R6)").format(suit=cover.suit.symbol)
    return _("a trump ({trump}) beats any other suit (козырь, R6)").format(trump=trump_symbol)


def _throw_words(replay: Replayed, k: int, read: Reading, ended: bool) -> str:
    late = read.kind == "throw-in after take"
    room = 0 if ended else replay.room(k + 1)
    if late:
        if ended:
            return _("вдогонку, a throw-in after take (R14)")
        if room == 0:
            return _("вдогонку, a throw-in after take (R14): no more cards may be given (R13)")
        return ngettext(
            "вдогонку, a throw-in after take (R14): {n} more card may still be given (R13)",
            "вдогонку, a throw-in after take (R14): {n} more cards may still be given (R13)",
            room,
        ).format(n=room)
    if ended:
        return _("a throw-in of a rank already on the table (подкинуть, R11)")
    if room == 0:
        return _("a throw-in of a rank already on the table (подкинуть, R11): no more cards may be thrown in (R13)")
    return ngettext(
        "a throw-in of a rank already on the table (подкинуть, R11): {n} more card may still be thrown in (R13)",
        "a throw-in of a rank already on the table (подкинуть, R11): {n} more cards may still be thrown in (R13)",
        room,
    ).format(n=room)


def _take_words(replay: Replayed, k: int, ended: bool) -> str:
    if ended:
        return _("принять, take (R14)")
    names = replay.players
    throwers = [names[s] for s in replay.throwers(k + 1)]
    who = ", ".join(throwers)
    room = replay.room(k + 1)
    if room == 0:
        if not throwers:
            return _("принять, take (R14): no more cards may be given (R13); nobody may only pass (R12)")
        # TRANSLATORS: {who} are the names of the throwers, "Anna, Vera"
        return _("принять, take (R14): no more cards may be given (R13); {who} may only pass (R12)").format(who=who)
    if not throwers:
        return ngettext(
            "принять, take (R14): nobody may still give up to {n} more card вдогонку (R13, R14)",
            "принять, take (R14): nobody may still give up to {n} more cards вдогонку (R13, R14)",
            room,
        ).format(n=room)
    return ngettext(
        "принять, take (R14): {who} may still give up to {n} more card вдогонку (R13, R14)",
        "принять, take (R14): {who} may still give up to {n} more cards вдогонку (R13, R14)",
        room,
    ).format(who=who, n=room)


def _pass_words(replay: Replayed, k: int, move: Move, pos: Position, read: Reading, ended: bool) -> str:
    if read.kind == "lead passes":
        return _("no pair to lead: the lead passes on (R9)")
    if ended:
        return _("nothing more: every thrower has passed, so the bout ends (R12)")
    attacker_first = move.player == pos.attacker and not pos.attacker_passed
    if attacker_first and any(s != move.player for s in replay.throwers(k)):
        return _("nothing more from the attacker for now; the other throwers may now act (R12)")
    return _("nothing (more) for now (R12)")


def gloss(replay: Replayed, k: int) -> str:
    """The rules behind move ``k`` of ``replay``, in words (what follows the dash of
    :func:`explain_move`).  Every number comes from the engine (e.g. ``Game.room()``
    for how many more cards may still be given, R13).

    Raises:
        IndexError: ``k`` not a move index of ``replay``.
    """
    move = replay.move(k)
    names = replay.players
    pos, nxt = replay.position(k), replay.position(k + 1)
    read = reading(move, pos, nxt, replay.rules)
    ended = ends_bout(replay.events(k))
    kind = read.kind
    if kind == "lead":
        d = names[pos.defender] if pos.defender is not None else "?"
        # TRANSLATORS: {defender} is the defender's name
        return _("the lead (заход, R9); {defender} defends (R10)").format(defender=d)
    if kind.startswith("throw-in"):
        return _throw_words(replay, k, read, ended)
    if kind.endswith("transfer"):
        d = names[nxt.defender] if nxt.defender is not None else "?"
        if move.show:
            if read.back:
                words = _(
                    "проездной, a transfer by showing the trump (R20): {defender} now defends "
                    "(back to the attacker, R21)"
                )
            else:
                words = _("проездной, a transfer by showing the trump (R20): {defender} now defends")
        elif read.back:
            words = _("перевод, a transfer (R17): {defender} now defends (back to the attacker, R21)")
        else:
            words = _("перевод, a transfer (R17): {defender} now defends")
        return words.format(defender=d)
    if kind == "cover":
        covered = bool(nxt.table) and all(dc is not None for _a, dc in nxt.table)
        reason = _cover_words(move, read, pos.trump.symbol)
        # TRANSLATORS: {reason} is why the cover beats ("a higher ♥ beats it (R6)")
        return _("{reason}; every attack card is covered").format(reason=reason) if covered else reason
    if kind == "take":
        return _take_words(replay, k, ended)
    if kind == "redeal":
        return _("five or more cards of one suit: the cards are dealt again (пересдача, R5)")
    return _pass_words(replay, k, move, pos, read, ended)


def explain_move(replay: Replayed, k: int, *, with_events: bool = True, glyph: str | None = None) -> str:
    """Move ``k`` of ``replay`` in words with the rules behind it (:func:`gloss`), then
    (``with_events``) what it caused.  A ``glyph`` (``'?!'``) stands right after the
    move's words, before the rules: ``'Boris covers 7♠ with 9♠ ?! — a higher ♠ …'``.

    Raises:
        IndexError: ``k`` not a move index of ``replay``.
    """
    move = replay.move(k)
    events = replay.events(k)
    names = replay.players
    marked = move_words(move, names) + (f" {glyph}" if glyph else "")
    # TRANSLATORS: {move} is the move in words, {gloss} the rules behind it
    text = _("{move} — {gloss}").format(move=marked, gloss=gloss(replay, k))
    if events and with_events:
        # TRANSLATORS: {text} is the move with its rules, {events} what it caused ("Boris draws 7♥ (R16)")
        text = _("{text}; then {events}").format(text=text, events="; ".join(event_words(e, names) for e in events))
    return text


# ----------------------------------------------------------------------------- cards as a person reads them


def cards_words(cards: Iterable[Card]) -> str:
    """Cards as a person reads them, space-separated: :func:`durak_nb.cards.cards_text`.

    >>> from durak_nb.cards import parse_cards
    >>> cards_words(parse_cards("TH 7S"))
    '10♥ 7♠'
    """
    return cards_text(cards)


def move_words(move: Move, names: Sequence[str]) -> str:
    """A move in words with cards as a person reads them (10♥):
    :meth:`Move.describe <durak_nb.engine.Move.describe>`, the one home of a move's words.

    Args:
        move: the move (legal or not; nothing is checked).
        names: the players' names by seat.

    Raises:
        PlayerError: ``move.player`` is not a seat of ``names`` (R2).

    >>> from durak_nb.engine import Move
    >>> move_words(Move.defend(1, "9S", "7S"), ["Anna", "Boris"])
    'Boris covers 7♠ with 9♠'
    >>> move_words(Move.attack(0, "TH TS"), ["Anna", "Boris"])
    'Anna attacks 10♠ 10♥'
    """
    return move.describe(names)


def seen_event_words(
    event: Event,
    names: Sequence[str],
    *,
    viewer: int | None,
    trump_card: Card | None = None,
    drawn: int | None = None,
) -> str:
    """:func:`event_words` as one seat sees it: the cards another player draws (R16) are
    counted, not named, except the turned-up trump (R3: public even when drawn); every
    other event is as :func:`event_words` says it (they show only public cards).

    Args:
        event: the event.
        names: the players' names by seat.
        viewer: the seat whose view this is; ``None``: every hand open (each card named);
            ``-1``: nobody's (hot-seat, several people at one screen: no draw named).
        trump_card: the turned-up card, if any.
        drawn: how many cards the draw took, where its ``cards`` hold only the ones known
            (over the board: :func:`durak_nb.replay.drawn_count`); default ``len(cards)``.

    >>> from durak_nb.cards import parse_cards
    >>> seen_event_words(Drew(1, tuple(parse_cards("KH 7S"))), ["Anna", "Boris"], viewer=0)
    'Boris draws 2 cards (R16)'
    >>> seen_event_words(Drew(1, tuple(parse_cards("KH 7S"))), ["Anna", "Boris"], viewer=1)
    'Boris draws K♥ 7♠ (R16)'
    """
    if not isinstance(event, Drew) or viewer is None or viewer == event.player:
        return event_words(event, names)
    n = len(event.cards) if drawn is None else drawn
    if trump_card is not None and trump_card in event.cards:
        return ngettext(
            "{name} draws {n} card, the last the turned-up {card} (R3, R16)",
            "{name} draws {n} cards, the last the turned-up {card} (R3, R16)",
            n,
        ).format(name=names[event.player], n=n, card=card_text(trump_card))
    return ngettext("{name} draws {n} card (R16)", "{name} draws {n} cards (R16)", n).format(
        name=names[event.player], n=n
    )


def event_words(event: Event, names: Sequence[str]) -> str:
    """What a move caused, in words with cards as a person reads them (10♥) and the
    event's rule id: :meth:`Event.describe <durak_nb.engine.Event.describe>`.

    Args:
        event: the event (:class:`Took` R14, :class:`Bito` R15, :class:`Drew` R16,
            :class:`Out` R24, :class:`LeadPassed` R9, :class:`Redealt` R5, :class:`GameOver`).
        names: the players' names by seat.

    >>> from durak_nb.cards import parse_cards
    >>> event_words(Bito(tuple(parse_cards("7S 9S"))), ["Anna", "Boris"])
    'bito: 7♠ 9♠ to the discard (R15)'
    """
    return event.describe(names)
