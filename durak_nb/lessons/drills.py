"""Drills: exercises on fresh positions, one generator per rule kind (no widgets here).

:func:`make` (``kind``, ``seed``) deals a game (or sets up an end game), plays it with
legal moves until a moment of the wanted kind, and asks the engine the answer: the
question is about a position no lesson text has just explained, and the same seed
gives the same drill (a teacher gives the class one seed).  Every answer, every
refusal and every number comes from the engine (:meth:`Game.why_illegal`,
:meth:`Game.room`, the :class:`~durak_nb.engine.Drew` events of the move that ends a
bout, the position after it, the :class:`~durak_nb.engine.Result`); nothing here
decides a rule.  The wrong options are built from common mistakes and are judged by
the engine too.

Kinds (:data:`KINDS`), with the lesson each belongs to (:data:`KIND_LESSONS`):

* ``which_beats`` — which of these cards may cover the lead? (R6, and R7/R8 in their
  variants; lesson 1)
* ``legal_move`` — which of these moves is legal now? (R6–R13, R17–R19; lesson 2)
* ``throw_in_room`` — how many more cards may follow? (R13a/b/c; lesson 3; a number)
* ``draw_order`` — who draws which cards, in which order? (R16; lesson 4)
* ``next_attacker`` — who attacks next, after bito or a take? (R23; lesson 4)
* ``may_transfer`` — may the defender transfer with this card? (R17–R19; lesson 5)
* ``how_it_ends`` — who is the durak, or is it a draw, with epaulettes? (R24–R26; lesson 6)
* ``best_move`` — find the best move in a solved end game (two players, the talon
  empty): the exact solver (:func:`durak_nb.analysis.solve`) gives the answer and its
  line with best play by both is the explanation (R24, R25; lesson 8)

A drill asks only about what its lesson and the lessons before it taught
(:func:`durak_nb.lessons.course.taught`, from :data:`~durak_nb.lessons.course.LESSONS`):
it deals only the variants introduced by then (no perevodnoy before lesson 5), and its
position, its answer and every wrong option rest on rules taught by then (lesson 2's
``legal_move`` never offers a transfer, nor a move wrong by R13's limits, lesson 3).

>>> d = make("throw_in_room", 3)
>>> d == make("throw_in_room", 3), d.numeric, d.rule[:3]
(True, True, 'R13')
>>> d.check(d.answer).right
True
>>> make("legal_move", 1).check(make("legal_move", 1).answer).text.startswith("✔ Right: ")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..bots import LowestCardBot
from ..cards import Card, Suit, deck
from ..engine import Action, Drew, Event, Game, GameOver, Move, Out, Position, Result, Start, Took
from ..errors import DurakError
from ..explain import cards_words, ends_bout, move_rules, move_words
from ..i18n import N_, Nn_, _, ngettext
from ..rules import Rules
from .course import Taught, taught
from .edition import person_name
from .helpers import draw_text, merge_draws

__all__ = [
    "KINDS",
    "KIND_LESSONS",
    "MAX_TRIES",
    "TEXTS",
    "Drill",
    "DrillError",
    "Verdict",
    "make",
    "text",
]

#: The drill kinds, in the order of the course.
KINDS = (
    "which_beats",
    "legal_move",
    "throw_in_room",
    "draw_order",
    "next_attacker",
    "may_transfer",
    "how_it_ends",
    "best_move",
)

#: The lesson (notebook number) each kind belongs to.
KIND_LESSONS = {
    "which_beats": 1,
    "legal_move": 2,
    "throw_in_room": 3,
    "draw_order": 4,
    "next_attacker": 4,
    "may_transfer": 5,
    "how_it_ends": 6,
    "best_move": 8,
}

#: The most candidate games (deals or set-up end games) one drill tries.
MAX_TRIES = 200

#: The most moves played in one candidate game (R27 ends every game well before).
_MAX_MOVES = 600

#: The names seats get, chosen per drill.
_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")


class DrillError(DurakError):
    """No drill of the kind was found within :data:`MAX_TRIES` candidate games, or an
    unknown kind (``rule`` is ``None``: a bound or a name, not a rule)."""


class Verdict(NamedTuple):
    """The judgement of one answer (:meth:`Drill.check`).

    Attributes:
        right: the answer is the engine's.
        text: the feedback, ``'✔ Right: …'`` or ``'✘ …'``, with the rule id.
    """

    right: bool
    text: str


@dataclass(frozen=True)
class Drill:
    """One exercise on one position: a frozen value.

    Attributes:
        kind: one of :data:`KINDS`.
        seed: the seed it was made from (:func:`make`).
        rules: the game's :class:`Rules`.
        players: seat names, clockwise.
        start: the bout start the position grows from (:class:`Start`).
        moves: the moves played from ``start`` to the position asked about.
        context: the rules and facts the learner needs beside the picture (the
            variant, the trump, the talon's cards, a house rule), one or more sentences.
        question: the question.
        options: the options' texts; empty for a numeric answer.
        answer: the index of the right option, or the number (numeric drills).
        reason: why the answer is right, with the rule id (``'[R13b] Boris holds
            2 cards, so only 1 more may follow.'``).
        mistakes: per option, why it is wrong (``''`` for the right one); empty for
            a numeric answer.
        rule: the rule id the answer rests on, e.g. ``'R13b'``.
        move: the move the question names: the next move, which ends the bout or
            the game (``draw_order``, ``next_attacker``, ``how_it_ends``), or the
            transfer asked about (``may_transfer``); else ``None``.
        option_moves: the move of each option (``which_beats``, ``legal_move``); else empty.
    """

    kind: str
    seed: int
    rules: Rules
    players: tuple[str, ...]
    start: Start
    moves: tuple[Move, ...]
    context: str
    question: str
    options: tuple[str, ...]
    answer: int
    reason: str
    mistakes: tuple[str, ...]
    rule: str
    move: Move | None = None
    option_moves: tuple[Move, ...] = ()

    @property
    def title(self) -> str:
        """The kind's title, e.g. ``'How many more cards may follow?'``."""
        return text(f"title {self.kind}")

    @property
    def numeric(self) -> bool:
        """The answer is a number (typed), not one of :attr:`options`."""
        return not self.options

    def game(self) -> Game:
        """A fresh :class:`Game` at the position asked about (``start`` plus ``moves``).

        Raises:
            SetupError, IllegalMove: never for a drill made by :func:`make`.
        """
        game = Game.from_start(self.rules, self.players, self.start)
        for move in self.moves:
            game.play(move)
        return game

    def position(self) -> Position:
        """The position asked about (:meth:`game`'s)."""
        return self.game().position()

    def check(self, given: int) -> Verdict:
        """Judge ``given``: an option's index, or the number for a numeric drill.

        Returns:
            the :class:`Verdict`; a wrong answer's text says why, with the rule id.

        Raises:
            IndexError: not an option's index (option drills).
            TypeError: ``given`` is not a whole number.
        """
        if isinstance(given, bool) or not isinstance(given, int):
            raise TypeError(f"an answer is a whole number, not {given!r}")
        if self.numeric:
            if given == self.answer:
                return Verdict(True, text("right", reason=self.reason))
            return Verdict(False, text("wrong number", given=given, reason=self.reason))
        if not 0 <= given < len(self.options):
            raise IndexError(f"option {given}: choose 0..{len(self.options) - 1}")
        if given == self.answer:
            return Verdict(True, text("right", reason=self.reason))
        return Verdict(False, text("wrong", mistake=self.mistakes[given], reason=self.reason))


# ----------------------------------------------------------------------------- words

#: Every sentence a learner reads, by key: whole sentences with named places, one
#: home for each, marked for the catalogue (the ``lessons`` part) and translated at use
#: by :func:`text` into the language in use.
TEXTS: dict[str, str | tuple[str, str]] = {
    # the kinds' titles (KINDS), and a drill's heading (the widget's)
    "title which_beats": N_("Which card beats it?"),
    "title legal_move": N_("Which move is legal?"),
    "title throw_in_room": N_("How many more cards may follow?"),
    "title draw_order": N_("Who draws which cards?"),
    "title next_attacker": N_("Who attacks next?"),
    "title may_transfer": N_("May this card transfer?"),
    "title how_it_ends": N_("How does the game end?"),
    "title best_move": N_("Which is the best move?"),
    "heading": N_("{title} Drill {number}, deal {seed}."),
    # verdicts (Drill.check)
    "right": N_("✔ Right: {reason}"),
    "wrong": N_("✘ {mistake} {reason}"),
    "wrong number": N_("✘ Not {given}: {reason}"),
    "not so": N_("Not so."),
    # words
    "two names": N_("{first} and {last}"),
    # the context
    "podkidnoy": Nn_("Podkidnoy durak, {n} player. Trump: {trump}.", "Podkidnoy durak, {n} players. Trump: {trump}."),
    "perevodnoy": Nn_(
        "Perevodnoy durak (with transfers), {n} player. Trump: {trump}.",
        "Perevodnoy durak (with transfers), {n} players. Trump: {trump}.",
    ),
    "japanese": Nn_(
        "Japanese durak, {n} player. Trump: {trump}, always (R8).",
        "Japanese durak, {n} players. Trump: {trump}, always (R8).",
    ),
    "option R7": N_("Option: the trump six beats the trump ace (R7)."),
    "rule R8": N_("In japanese durak a spade is beaten only by a higher spade, never by a trump (R8)."),
    "other variant": Nn_("{variant}, {n} player. Trump: {trump}.", "{variant}, {n} players. Trump: {trump}."),
    "bito done": N_("A bout has already ended in bito."),
    "no bito yet": N_("No bout has ended in bito yet."),
    "led": N_("{name} led this bout."),
    "talon and more": N_("The talon, top card first: {cards}, and {more} more."),
    "talon": N_("The talon, top card first: {cards}."),
    "turned-up trump": N_("Its last card is the turned-up trump {card}."),
    "talon empty": N_("The talon is empty."),
    "no draws": N_(
        "House rule: no draws. If the last players run out of cards in the same bout, "
        "the defender of that bout loses (R25)."
    ),
    # which_beats (R6-R8)
    "beats question": N_("{attacker} leads {target} at {defender}. Which of these cards of {defender}'s may cover it?"),
    "beats same suit": N_("[R6] {cover} is a higher card of the same suit: it beats {target}."),
    "beats by trump": N_("[R6] {cover} is a trump, and a trump beats any card of another suit: it beats {target}."),
    "beats R7": N_("[R7] With this option the trump six beats the trump ace: {cover} beats {target}."),
    "beats R8": N_("[R8] A spade is beaten only by a higher spade: {cover} beats {target}."),
    "refused": N_("{refusal}."),
    # legal_move
    "legal question": N_("Which of these moves is legal now?"),
    "legal reason": N_("“{move}” is the legal move ({rules})."),
    "illegal": N_("“{move}” is not legal: {refusal}."),
    # throw_in_room: the clause that binds, and whether any card may follow (R13a/b/c)
    "room question": N_("{name} defends. How many more cards may still be thrown in during this bout?"),
    "room question after take": N_(
        "{name} has declared take. How many more cards may still be given to them in this bout?"
    ),
    "R13a room": N_(
        "[R13a] A bout holds at most {limit} attack cards; this one has {on_table}, so only {room} more may follow."
    ),
    "R13a full": N_(
        "[R13a] A bout holds at most {limit} attack cards; this one has {on_table}, so no more may follow."
    ),
    "R13b room": N_("[R13b] {name} holds {held} with {uncovered} still to cover, so only {room} more may follow."),
    "R13b full": N_("[R13b] {name} holds {held} with {uncovered} still to cover, so no more may follow."),
    "R13b-covered room": N_(
        "[R13b] {name} holds {held} and has covered every attack card, so only {room} more may follow."
    ),
    "R13b-covered full": N_("[R13b] {name} has covered every attack card and holds no cards, so no more may follow."),
    "R13c room": N_(
        "[R13c] Before the first bito a bout holds at most {limit} attack cards while the defender "
        "defends; this one has {on_table}, so only {room} more may follow."
    ),
    "R13c full": N_(
        "[R13c] Before the first bito a bout holds at most {limit} attack cards while the defender "
        "defends; this one has {on_table}, so no more may follow."
    ),
    # draw_order (R16)
    "draw question": N_("Next: {move}, and the bout ends. Who draws which cards, in which order?"),
    "draw reason": N_(
        "[R16] {first} led the bout and draws first, then the others clockwise, and {defender}, "
        "the defender, last; each draws up to {size} cards: {draws}."
    ),
    "defender first": N_("[R16] The defender draws last, not first."),
    "seat order": N_("[R16] The defender draws last, after every other player, wherever they sit."),
    "one at a time": N_("[R16] Each player draws all the cards they need at once."),
    "last attacker first": N_("[R16] The player who led the bout draws first: {first}."),
    # next_attacker (R23)
    "next question": N_("Next: {move}, and the bout ends. Who attacks next?"),
    "after take": N_("[R23] After a take the player left of the defender attacks next: {next}."),
    "after take, skip": N_(
        "[R23] After a take the player left of the defender attacks next; {left} has no cards, "
        "so the next player clockwise with cards, {next}, attacks."
    ),
    "after bito": N_("[R23] After bito the defender attacks next: {next}."),
    "after bito, skip": N_(
        "[R23] After bito the defender attacks next; {defender} has no cards, "
        "so the next player clockwise with cards, {next}, attacks."
    ),
    "not this player": N_("Not {name}."),
    "has no cards": N_("Not {name}: {name} has no cards."),
    "took": N_("Not {name}: {name} picked up the cards and loses the next attack."),
    # may_transfer (R17-R19)
    "transfer question": N_("{name} defends. May {name} transfer with {card}?"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "may transfer": N_(
        "[R17] Yes: {name} may lay {card} beside the attack cards; then {next} defends against {cards}."
    ),
    "may not transfer": N_("{name} may not transfer with {card}: {refusal}."),
    # how_it_ends (R24-R26)
    "end question": N_("Next: {move}. How does the game end?"),
    "a draw": N_("Nobody: the game is a draw"),
    "durak": N_("{name} is the durak"),
    "durak with epaulettes": N_("{name} is the durak, with epaulettes"),
    "look at the lead": N_("Not only that: look at the lead."),
    "a draw reason": N_("[R25] {names} run out of cards in the same bout: the game is a draw."),
    "no draw reason": N_(
        "[R25] {names} run out of cards in the same bout; with draws off, the defender of that "
        "last bout loses: {name} is the durak."
    ),
    "epaulettes reason": N_(
        "[R26] {name} is the last player holding cards, and the last bout against {name} was "
        "led with two sixes: {name} is the durak with epaulettes."
    ),
    "durak reason": N_("[R25] {name} is the last player holding cards: {name} is the durak."),
    # best_move (the exact solver, R24/R25)
    "best question": N_("{name} to decide. Which move gives {name} the best result, with best play by both?"),
    "best every card": N_("Every card is known: the rest lies in the discard."),
    "best win": N_("a win for {name}"),
    "best draw": N_("a draw"),
    "best loss": N_("{name} is the durak"),
    # the reason in whole sentences, one per outcome (the outcome is the verb's object, its
    # case in Russian and Ukrainian is not the subject's: «даёт победу», not «победа»)
    "best reason win": N_("[R25] “{move}” gives a win for {name} with best play by both: {line}."),
    "best reason draw": N_("[R25] “{move}” gives a draw with best play by both: {line}."),
    "best reason loss": N_("[R25] “{move}” leaves {name} the durak with best play by both: {line}."),
    "best worse": N_("“{move}” is worse: {line}."),
    "line end": N_("{moves}, and {outcome}"),
}


def text(key: str, **values: object) -> str:
    """The sentence :data:`TEXTS` ``[key]`` with ``values`` in its places.

    >>> text("durak", name="Boris")
    'Boris is the durak'

    Raises:
        KeyError: an unknown key, or a place without a value.
    """
    words = TEXTS[key]
    if isinstance(words, tuple):  # a pair of plural forms (Nn_): the form for values["n"]
        count = values["n"]
        assert isinstance(count, int)
        return ngettext(words[0], words[1], count).format(**values)
    return _(words).format(**values)


def _count(n: int) -> str:
    """``'1 card'``, ``'5 cards'`` in the language in use (its plural forms)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _names(names: Sequence[str]) -> str:
    """``'Anna'``, ``'Anna and Boris'``, ``'Anna, Boris and Vera'``."""
    if len(names) <= 1:
        return "".join(names)
    return text("two names", first=", ".join(names[:-1]), last=names[-1])


def _context(game: Game) -> str:
    """The variant and the trump, e.g. ``'Podkidnoy durak, 3 players. Trump: ♥.'``."""
    preset = game.rules.preset
    key = preset if preset in ("podkidnoy", "perevodnoy", "japanese") else "other variant"
    return text(key, variant=preset, n=game.n, trump=game.trump.symbol)


# ----------------------------------------------------------------------------- playing


def _policy(game: Game, rng: random.Random, bot: LowestCardBot) -> Move:
    """A natural but varied legal move: mostly the lowest card that works, sometimes a
    random legal move (a random player, then a random kind of move, then a move)."""
    if rng.random() < 0.65:
        return bot.choose(game)
    moves = game.legal_moves()
    seat = rng.choice(sorted({m.player for m in moves}))
    mine = [m for m in moves if m.player == seat]
    action = rng.choice(sorted({m.action.value for m in mine}))
    return rng.choice([m for m in mine if m.action.value == action])


def _rebuild(rules: Rules, players: Sequence[str], start: Start, moves: Sequence[Move]) -> Game:
    game = Game.from_start(rules, players, start)
    for m in moves:
        game.play(m)
    return game


class _Moment(NamedTuple):
    """A position found by a walk: the game rebuilt from ``start`` and ``moves``, and
    the move the players were about to make there."""

    game: Game
    start: Start
    moves: tuple[Move, ...]
    next_move: Move


#: Build a drill's parts at a moment (or ``None``: not a moment of this kind after all).
_Builder = Callable[[_Moment, random.Random], "_Parts | None"]


class _Parts(NamedTuple):
    """What a builder gives: :class:`Drill`'s fields from ``context`` on."""

    context: str
    question: str
    options: tuple[str, ...]
    answer: int
    reason: str
    mistakes: tuple[str, ...]
    rule: str
    move: Move | None = None
    option_moves: tuple[Move, ...] = ()


def _walk(
    game: Game,
    rng: random.Random,
    wanted: Callable[[Game, Move], bool],
    build: _Builder,
    chance: float,
) -> tuple[_Moment, _Parts] | None:
    """Play ``game`` on with :func:`_policy`; at each moment ``wanted`` accepts (and a
    coin with ``chance`` says yes), rebuild the position from its bout start and ask
    ``build`` for the drill.  ``None`` when the game ends first."""
    bot = LowestCardBot()
    start, since = game.start(), 0
    rules, players = game.rules, game.players
    for _attempt in range(_MAX_MOVES):
        if game.finished:
            return None
        if not game.attack_cards:  # a bout start (R9)
            start, since = game.start(), len(game.history)
        move = _policy(game, rng, bot)
        if wanted(game, move) and rng.random() < chance:
            moves = tuple(game.history[since:])
            moment = _Moment(_rebuild(rules, players, start, moves), start, moves, move)
            parts = build(moment, rng)
            if parts is not None:
                return moment, parts
        game.play(move)
    return None


def _players(rng: random.Random, low: int, high: int) -> list[str]:
    return [person_name(name) for name in rng.sample(_NAMES, rng.randint(low, high))]


def _variants(known: Taught, presets: tuple[str, ...]) -> tuple[str, ...]:
    """The presets of ``presets`` the drill's lesson may deal (:meth:`Taught.among`:
    no perevodnoy before lesson 5, which teaches it)."""
    allowed = known.among(presets)
    if not allowed:
        names = ", ".join(sorted(set(presets)))
        raise DrillError(None, f"lesson {known.lesson} has taught none of the variants {names}")
    return allowed


def _deal(rng: random.Random, presets: Sequence[str], low: int, high: int) -> Game:
    rules = Rules.make(rng.choice(presets))
    return Game.deal(rules, _players(rng, low, high), seed=rng.randrange(2**31))


def _shuffled(rng: random.Random, options: list[str], mistakes: list[str]) -> tuple[list[str], list[str], int]:
    """Shuffle options (the first is the right one) with their mistakes; the right index."""
    order = list(range(len(options)))
    rng.shuffle(order)
    return [options[i] for i in order], [mistakes[i] for i in order], order.index(0)


def _planned(shares: Sequence[tuple[str, int]], plan: float) -> str:
    """The name whose share of the total holds ``plan`` (0 <= plan < 1)."""
    total = sum(w for _k, w in shares)
    at = plan * total
    for name, w in shares:
        if at < w:
            return name
        at -= w
    return shares[-1][0]


# ----------------------------------------------------------------------------- which_beats

#: The rules of a ``which_beats`` drill, with their shares: plain beating (R6), the
#: option of the trump six (R7), japanese durak (R8).
_BEAT_RULES = (("R6", 6), ("R7", 2), ("R8", 2))


def _beat_position(rng: random.Random, clause: str) -> tuple[Game, Card, list[Card]]:
    """A two-player position: the attacker is about to lead a card at a defender who
    holds four cards, exactly one of which beats it (the engine says which)."""
    names = _players(rng, 2, 2)
    rules = Rules.make("japanese" if clause == "R8" else "podkidnoy", trump_six_beats_ace=clause == "R7")
    trump = Suit.D if clause == "R8" else rng.choice(list(Suit))
    cards = list(deck(36))
    rng.shuffle(cards)
    if clause == "R7":
        target = Card.of(14, trump)
    elif clause == "R8":
        target = next(c for c in cards if c.suit == Suit.S and int(c.rank) < 14)
    else:
        target = cards[0]
    rest = [c for c in cards if c != target]
    options = rest[:4]
    if clause == "R7":
        options = [Card.of(6, trump), *[c for c in rest if c.suit != trump][:3]]
    elif clause == "R8":
        options = [c for c in rest if c.suit == trump][:1] + [c for c in rest if c.suit != trump][:3]
    used = {target, *options}
    others = [c for c in rest if c not in used]
    talon = [c for c in others[2:7] if c.suit != trump or clause == "R8"]
    if clause != "R8":
        talon.append(next(c for c in others[7:] if c.suit == trump))
    game = Game.from_position(
        rules,
        names,
        hands=[[target, *others[:2]], options],
        talon=talon,
        trump=trump,
        attacker=0,
        first_bito_done=True,
        bout=rng.randint(2, 9),
        rest_to_discard=True,
    )
    return game, target, options


def _beat_reason(game: Game, cover: Card, target: Card) -> tuple[str, str]:
    """Why ``cover`` beats ``target``, by the clause the engine names (R6, R7, R8)."""
    clause = game.beat_clause(cover, target)
    assert clause is not None
    if clause == "R6":
        key = "beats same suit" if cover.suit == target.suit else "beats by trump"
    else:
        key = f"beats {clause}"
    return text(key, cover=cover.pretty, target=target.pretty), clause


def _which_beats(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    clause = _planned([(rule, share) for rule, share in _BEAT_RULES if known.knows(rule)], plan)
    found = _beat_position(rng, clause)
    game, target, cards = found
    start = game.start()
    lead = Move.attack(0, [target])
    game.play(lead)
    moves = [Move.defend(1, c, target) for c in cards]
    refusals = [game.why_illegal(m) for m in moves]
    if sum(r is None for r in refusals) != 1:
        return None
    order = list(range(4))
    rng.shuffle(order)
    names = game.players
    right = next(i for i, r in enumerate(refusals) if r is None)
    reason, rule = _beat_reason(game, cards[right], target)
    if rule != clause:
        return None
    mistakes = ["" if r is None else text("refused", refusal=str(r)) for r in refusals]
    context = _context(game)
    if game.rules.trump_six_beats_ace:
        context += " " + text("option R7")
    if game.rules.japanese:
        context += " " + text("rule R8")
    parts = _Parts(
        context,
        text("beats question", attacker=names[0], target=target.pretty, defender=names[1]),
        tuple(cards[i].pretty for i in order),
        order.index(right),
        reason,
        tuple(mistakes[i] for i in order),
        rule,
        None,
        tuple(moves[i] for i in order),
    )
    return _Moment(game, start, (lead,), lead), parts


# ----------------------------------------------------------------------------- legal_move


#: The legal move a ``legal_move`` drill asks for, with the share of drills of each, and
#: the rule that must have been taught for it (a transfer: lesson 5).
_LEGAL_KINDS = (("defend", 3, "R10"), ("throw", 3, "R11"), ("attack", 2, "R9"), ("transfer", 2, "R17"))


def _card_moves(game: Game) -> list[Move]:
    """The card moves each player might try with the cards in hand (legal or not)."""
    out: list[Move] = []
    d = game.defender
    uncovered = [a for a, c in game.table if c is None]
    for s in range(game.n):
        hand = game.hands[s]
        if not game.attack_cards:
            out += [Move.attack(s, [c]) for c in hand]
            if s == game.attacker:
                out += [Move.attack(s, [x, y]) for i, x in enumerate(hand) for y in hand[i + 1 :]]
            continue
        if s == d:
            out += [Move.defend(s, c, t) for c in hand for t in uncovered]
            if game.rules.transfers:
                out += [Move.transfer(s, [c]) for c in hand]
        else:
            out += [Move.throw(s, [c]) for c in hand]
    return out


def _legal_words(game: Game, move: Move, known: Taught) -> tuple[str, str] | None:
    """The reason of a ``legal_move`` drill and its rule: the move's own rule ids
    (:func:`~durak_nb.explain.move_rules`, without those of the bout's end), those taught
    by the drill's lesson (a throw-in within the limits is legal by R11 and R12 in
    lesson 2, which has not taught R13 yet); ``None`` when none of them is taught."""
    after = game.copy()
    events = after.play(move)
    ids = move_rules(move, game.position(), events, after.position(), game.rules)
    own = [i for i in ids if i not in ("R15", "R16", "R23", "R24", "R25", "R26", "R27")] or list(ids)
    own = [i for i in own if known.knows(i)]
    if not own:
        return None
    return text("legal reason", move=move_words(move, game.players), rules=", ".join(own)), own[0]


def _build_legal_move(moment: _Moment, rng: random.Random, want: str, known: Taught) -> _Parts | None:
    game = moment.game
    if game.taking and not known.knows("R14"):  # throwing in after a take: lesson 3
        return None
    legal: list[Move] = []
    # the wrong moves by mistake: the rule that refuses them, and whether their player
    # may act now at all (R9 refuses both a lead out of turn and a lead of two ranks)
    refused: dict[tuple[str, bool], list[tuple[Move, str]]] = {}
    acting = {m.player for m in game.legal_moves()}
    for m in _card_moves(game):
        refusal = game.why_illegal(m)
        if refusal is None:
            legal.append(m)
        elif known.knows(refusal.rule):  # a wrong option is wrong by a rule taught by now
            refused.setdefault((refusal.rule, m.player in acting), []).append((m, str(refusal)))
    right_ones = [m for m in legal if m.action.value == want]
    if not right_ones or len(refused) < 2:
        return None
    right = rng.choice(right_ones)
    legal_words = _legal_words(game, right, known)
    if legal_words is None:
        return None
    reason, rule = legal_words
    mistakes = sorted(refused)
    rng.shuffle(mistakes)
    picked = [rng.choice(refused[key]) for key in mistakes[:3]]  # different mistakes first
    rest = [x for key in sorted(refused) for x in refused[key] if x not in picked]
    while len(picked) < 3 and rest:
        picked.append(rest.pop(rng.randrange(len(rest))))
    names = game.players
    rows = [(move_words(right, names), "", right)]
    for m, why in picked:
        words = move_words(m, names)
        rows.append((words, text("illegal", move=words, refusal=why), m))
    order = list(range(len(rows)))
    rng.shuffle(order)
    shuffled = [rows[i] for i in order]
    return _Parts(
        _context(game),
        text("legal question"),
        tuple(r[0] for r in shuffled),
        order.index(0),
        reason,
        tuple(r[1] for r in shuffled),
        rule,
        option_moves=tuple(r[2] for r in shuffled),
    )


def _legal_move(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    want = _planned([(kind, share) for kind, share, rule in _LEGAL_KINDS if known.knows(rule)], plan)
    presets = ("perevodnoy",) if want == "transfer" else ("podkidnoy", "podkidnoy", "perevodnoy")
    game = _deal(rng, _variants(known, presets), 2, 4)

    def build(moment: _Moment, r: random.Random) -> _Parts | None:
        return _build_legal_move(moment, r, want, known)

    def wanted(g: Game, m: Move) -> bool:
        return not g.attack_cards if want == "attack" else bool(g.attack_cards)

    return _walk(game, rng, wanted, build, 0.3 if want == "attack" else 0.08)


# ----------------------------------------------------------------------------- throw_in_room


def _table_ranks(game: Game) -> set[int]:
    return {int(c.rank) for a, d in game.table for c in (a, d) if c is not None}


def _room_thrower(game: Game) -> tuple[int, list[Card]] | None:
    """A thrower who may throw now and holds more cards of the table's ranks than
    may follow, so that the limit, not the hand, decides (R11–R13)."""
    if not game.attack_cards or game.defender is None:
        return None
    ranks = _table_ranks(game)
    room = max(game.room(), 0)
    for s in game.throwers():
        if game.why_illegal(Move.pass_(s)) is not None:  # not this thrower's turn (R12)
            continue
        cards = [c for c in game.hands[s] if int(c.rank) in ranks]
        if len(cards) > room:
            return s, cards
    return None


def _room_reason(game: Game, rule: str, room: int) -> str:
    """The reason of a ``throw_in_room`` drill, with the engine's numbers."""
    d = game.defender
    assert d is not None
    uncovered = game.defence_cards.count(None)
    key = "R13b-covered" if rule == "R13b" and uncovered == 0 else rule
    return text(
        f"{key} {'room' if room > 0 else 'full'}",
        name=game.players[d],
        held=_count(len(game.hands[d])),
        uncovered=uncovered,
        on_table=len(game.attack_cards),
        limit=game.limit(),
        room=room,
    )


def _build_throw_in_room(moment: _Moment, rng: random.Random) -> _Parts | None:
    game = moment.game
    found = _room_thrower(game)
    if found is None:
        return None
    seat, cards = found
    room = max(game.room(), 0)
    if room == 0 and rng.random() < 0.6:  # "none" is right often enough without all of these
        return None
    refusal = game.why_illegal(Move.throw(seat, cards[: room + 1]))
    if refusal is None or not refusal.rule.startswith("R13"):
        return None
    d = game.defender
    assert d is not None
    names = game.players
    bito = text("bito done" if game.first_bito_done else "no bito yet")
    question = text("room question after take" if game.taking else "room question", name=names[d])
    context = f"{_context(game)} {bito}"
    return _Parts(context, question, (), room, _room_reason(game, refusal.rule, room), (), refusal.rule)


def _throw_in_room(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    game = _deal(rng, _variants(known, ("podkidnoy", "podkidnoy", "perevodnoy")), 2, 4)
    return _walk(game, rng, lambda g, m: _room_thrower(g) is not None, _build_throw_in_room, 0.5)


# ----------------------------------------------------------------------------- bout endings


def _ending(game: Game, move: Move) -> tuple[Game, list[Event]] | None:
    """The game after ``move`` and its events, when ``move`` ends the bout and not the
    game (R14, R15)."""
    if move.action not in (Action.PASS, Action.TAKE, Action.DEFEND, Action.THROW):
        return None
    after = game.copy()
    events = after.play(move)
    if not ends_bout(events) or after.finished:
        return None
    return after, events


def _drew(events: Sequence[Event]) -> list[tuple[int, tuple[Card, ...]]]:
    return [(e.player, e.cards) for e in events if isinstance(e, Drew)]


def _draw_words(names: Sequence[str], draws: Sequence[tuple[int, tuple[Card, ...]]]) -> str:
    return draw_text([(names[s], cards_words(cards)) for s, cards in merge_draws(draws)])


def _deal_out(
    order: Sequence[int], need: dict[int, int], talon: Sequence[Card], *, one_at_a_time: bool = False
) -> list[tuple[int, tuple[Card, ...]]]:
    """A refill done in ``order`` (a mistake's order), for the wrong options."""
    left = list(talon)
    want = {s: need.get(s, 0) for s in order}
    out: list[tuple[int, tuple[Card, ...]]] = []
    if not one_at_a_time:
        for s in order:
            got, left = tuple(left[: want[s]]), left[want[s] :]
            if got:
                out.append((s, got))
        return out
    while left and any(want.values()):
        for s in order:
            if left and want[s]:
                out.append((s, (left.pop(0),)))
                want[s] -= 1
    return out


def _talon_words(talon: Sequence[Card], shown: int, trump_card: Card | None) -> str:
    top = cards_words(talon[:shown])
    more = len(talon) - shown
    words = text("talon and more", cards=top, more=_count(more)) if more > 0 else text("talon", cards=top)
    if trump_card is not None and trump_card in talon:
        words += " " + text("turned-up trump", card=trump_card.pretty)
    return words


def _build_draw_order(moment: _Moment, rng: random.Random) -> _Parts | None:
    game, move = moment.game, moment.next_move
    ended = _ending(game, move)
    if ended is None:
        return None
    after, events = ended
    draws = _drew(events)
    if len({s for s, _c in draws}) < 2:
        return None
    names = game.players
    n = game.n
    first, d = game.first_attacker, game.defender
    assert first is not None and d is not None
    drawn = {s: sum(len(c) for t, c in draws if t == s) for s in range(n)}
    before = {s: len(after.hands[s]) - drawn[s] for s in range(n)}
    need = {s: max(0, game.rules.hand_size - before[s]) for s in range(n)}
    clockwise = [(first + i) % n for i in range(n)]
    r16 = [s for s in clockwise if s != d] + [d]
    talon = list(game.talon)
    right = _draw_words(names, draws)
    wrong = [
        (text("defender first"), _deal_out([d, *r16[:-1]], need, talon)),
        (text("seat order"), _deal_out(clockwise, need, talon)),
        (text("one at a time"), _deal_out(r16, need, talon, one_at_a_time=True)),
    ]
    if game.attacker is not None and game.attacker != first:
        a = game.attacker
        order = [(a + i) % n for i in range(n) if (a + i) % n != d] + [d]
        wrong.append((text("last attacker first", first=names[first]), _deal_out(order, need, talon)))
    options, mistakes = [right], [""]
    for why, alt in wrong:
        words = _draw_words(names, alt)
        if words not in options:
            options.append(words)
            mistakes.append(why)
    if len(options) < 3:
        return None
    options, mistakes, answer = _shuffled(rng, options, mistakes)
    used = sum(drawn.values())
    led = text("led", name=names[first])  # after a transfer the picture shows the last attacker (R17)
    context = f"{_context(game)} {led} {_talon_words(talon, min(len(talon), used + 2), game.trump_card)}"
    question = text("draw question", move=move_words(move, names))
    reason = text("draw reason", first=names[first], defender=names[d], size=game.rules.hand_size, draws=right)
    return _Parts(context, question, tuple(options), answer, reason, tuple(mistakes), "R16", move)


def _may_end_bout(game: Game, move: Move) -> bool:
    return (
        bool(game.talon)
        and move.action in (Action.PASS, Action.TAKE, Action.DEFEND)
        and _ending(game, move) is not None
    )


def _draw_order(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    game = _deal(rng, _variants(known, ("podkidnoy", "podkidnoy", "perevodnoy")), 3, 5)
    return _walk(game, rng, _may_end_bout, _build_draw_order, 0.5)


def _next_reason(game: Game, after: Game, took: bool) -> str:
    names = game.players
    d = game.defender
    assert d is not None and after.attacker is not None
    nxt = names[after.attacker]
    if took:
        left = (d + 1) % game.n
        if left == after.attacker:
            return text("after take", next=nxt)
        return text("after take, skip", left=names[left], next=nxt)
    if d == after.attacker:
        return text("after bito", next=nxt)
    return text("after bito, skip", defender=names[d], next=nxt)


def _build_next_attacker(moment: _Moment, rng: random.Random, want_take: bool) -> _Parts | None:
    game, move = moment.game, moment.next_move
    ended = _ending(game, move)
    if ended is None:
        return None
    after, events = ended
    took = any(isinstance(e, Took) for e in events)
    if took != want_take:
        return None
    d = game.defender
    assert d is not None and after.attacker is not None
    names = game.players
    seats = [s for s in range(game.n) if s not in game.out_order]
    options = [names[s] for s in seats]
    mistakes = []
    for s in seats:
        if s == after.attacker:
            mistakes.append("")
        elif not after.hands[s]:
            mistakes.append(text("has no cards", name=names[s]))
        elif took and s == d:
            mistakes.append(text("took", name=names[s]))
        else:
            mistakes.append(text("not this player", name=names[s]))
    answer = seats.index(after.attacker)
    question = text("next question", move=move_words(move, names))
    return _Parts(
        _context(game),
        question,
        tuple(options),
        answer,
        _next_reason(game, after, took),
        tuple(mistakes),
        "R23",
        move,
    )


def _next_attacker(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    game = _deal(rng, _variants(known, ("podkidnoy", "podkidnoy", "perevodnoy")), 3, 5)
    want_take = plan < 0.5

    def build(moment: _Moment, r: random.Random) -> _Parts | None:
        return _build_next_attacker(moment, r, want_take)

    def wanted(g: Game, m: Move) -> bool:
        return m.action in (Action.PASS, Action.TAKE, Action.DEFEND) and _ending(g, m) is not None

    return _walk(game, rng, wanted, build, 0.4)


# ----------------------------------------------------------------------------- may_transfer


def _transfer_card(game: Game, rng: random.Random) -> Card | None:
    """A card the defender might try to transfer with: mostly one of the attack rank."""
    d = game.defender
    if d is None or not game.attack_cards or game.taking:
        return None
    hand = game.hands[d]
    rank = game.attack_cards[0].rank
    same = [c for c in hand if c.rank == rank]
    if same and rng.random() < 0.85:
        return rng.choice(same)
    if hand and rng.random() < 0.15:
        return rng.choice(hand)
    return None


def _build_may_transfer(moment: _Moment, rng: random.Random, want_yes: bool) -> _Parts | None:
    game = moment.game
    card = _transfer_card(game, rng)
    if card is None:
        return None
    d = game.defender
    assert d is not None
    move = Move.transfer(d, [card])
    refusal = game.why_illegal(move)
    if (refusal is None) != want_yes:
        return None
    names = game.players
    who = names[d]
    question = text("transfer question", name=who, card=card.pretty)
    options = (text("yes"), text("no"))
    if refusal is None:
        after = game.copy()
        after.play(move)
        assert after.defender is not None
        reason = text(
            "may transfer",
            name=who,
            card=card.pretty,
            next=names[after.defender],
            cards=_count(len(after.attack_cards)),
        )
        return _Parts(_context(game), question, options, 0, reason, ("", text("not so")), "R17", move)
    reason = text("may not transfer", name=who, card=card.pretty, refusal=str(refusal))
    return _Parts(_context(game), question, options, 1, reason, (text("not so"), ""), refusal.rule, move)


def _may_transfer(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    rules = Rules.make(_variants(known, ("perevodnoy",))[0])
    game = Game.deal(rules, _players(rng, 2, 4), seed=rng.randrange(2**31))
    want_yes = plan < 0.5

    def build(moment: _Moment, r: random.Random) -> _Parts | None:
        return _build_may_transfer(moment, r, want_yes)

    def wanted(g: Game, m: Move) -> bool:
        return bool(g.attack_cards) and not g.taking

    return _walk(game, rng, wanted, build, 0.3)


# ----------------------------------------------------------------------------- how_it_ends


#: How an end game may end, with the share of drills asking about each.
_ENDINGS = (("durak", 4), ("draw", 3), ("no draw", 1), ("epaulettes", 2))


def _endgame(rng: random.Random, want: str, known: Taught) -> Game:
    """A set-up end game: the talon empty, one to three cards per player, shaped so
    that the wanted ending is likely: a pair of sixes for the attacker (R26), short
    hands for a draw, draws off for "no draw" (R25)."""
    preset = rng.choice(_variants(known, ("podkidnoy", "podkidnoy", "perevodnoy")))
    rules = Rules.make(preset, draw_allowed=want != "no draw")
    two = want in ("draw", "no draw") and rng.random() < 0.7
    names = _players(rng, 2, 2 if two else 3)
    cards = list(deck(36))
    rng.shuffle(cards)
    trump = rng.choice(list(Suit))
    attacker = rng.randrange(len(names))
    hands: list[list[Card]] = [[] for _ in names]
    if want == "epaulettes":
        sixes = [c for c in cards if int(c.rank) == 6 and c.suit != trump][:2]
        hands[attacker] += sixes
        cards = [c for c in cards if c not in sixes]
    most = 2 if want in ("draw", "no draw") else 3
    for hand in hands:
        for _attempt in range(rng.randint(1, most) - (len(hand) > 0)):
            hand.append(cards.pop())
    return Game.from_position(
        rules,
        names,
        hands=hands,
        talon="",
        trump=trump,
        attacker=attacker,
        first_bito_done=True,
        bout=rng.randint(8, 15),
        rest_to_discard=True,
    )


def _end_reason(game: Game, events: Sequence[Event]) -> tuple[str, str]:
    """Why the game ends as the engine says (reason, rule id)."""
    result = next(e for e in events if isinstance(e, GameOver)).result
    names = game.players
    went_out = _names([names[e.player] for e in events if isinstance(e, Out)])
    kind = _ending_kind(result, events)
    if kind == "draw":
        return text("a draw reason", names=went_out), "R25"
    assert result.durak is not None
    durak = names[result.durak]
    if kind == "no draw":
        return text("no draw reason", names=went_out, name=durak), "R25"
    if kind == "epaulettes":
        return text("epaulettes reason", name=durak), "R26"
    return text("durak reason", name=durak), "R25"


def _end_options(game: Game, durak: int | None, epaulettes: bool) -> tuple[list[str], list[str]]:
    """The options (the right one first) and their mistakes."""
    names = game.players
    seats = [s for s in range(game.n) if s not in game.out_order]
    d = game.defender
    lead = [a for a, _c in game.table][:2]
    if durak is None:
        right = text("a draw")
    else:
        right = text("durak with epaulettes" if epaulettes else "durak", name=names[durak])
    options, mistakes = [right], [""]
    for s in seats:
        words = text("durak", name=names[s])
        if words not in options:
            options.append(words)
            mistakes.append(text("look at the lead") if durak == s else text("not so"))
    if d is not None and len(lead) == 2 and lead[0].rank == lead[1].rank:
        words = text("durak with epaulettes", name=names[d])
        if words not in options:
            options.append(words)
            mistakes.append(text("not so"))
    if text("a draw") not in options:
        options.append(text("a draw"))
        mistakes.append(text("not so"))
    return options, mistakes


def _ending_kind(result: Result, events: Sequence[Event]) -> str:
    """Which of :data:`_ENDINGS` the engine's ``result`` is."""
    if result.draw:
        return "draw"
    if result.epaulettes:
        return "epaulettes"
    if result.durak in [e.player for e in events if isinstance(e, Out)]:
        return "no draw"  # the last players ran out together; the defender lost (R25)
    return "durak"


def _build_how_it_ends(moment: _Moment, rng: random.Random, defenders: set[int], want: str) -> _Parts | None:
    game, move = moment.game, moment.next_move
    after = game.copy()
    events = after.play(move)
    result = after.result
    if result is None or result.rule not in ("R25", "R26") or result.losing_team is not None:
        return None
    # the learner sees this bout only: the durak's last bout as defender must be this one
    if result.durak is not None and result.durak != game.defender and result.durak in defenders:
        return None
    if _ending_kind(result, events) != want:
        return None
    reason, rule = _end_reason(game, events)
    options, mistakes = _end_options(game, result.durak, result.epaulettes)
    options, mistakes, answer = _shuffled(rng, options, mistakes)
    names = game.players
    context = _context(game) + " " + text("talon empty")
    if not game.rules.draw_allowed:
        context += " " + text("no draws")
    question = text("end question", move=move_words(move, names))
    return _Parts(context, question, tuple(options), answer, reason, tuple(mistakes), rule, move)


def _how_it_ends(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    want = _planned(_ENDINGS, plan)
    if want == "durak" and rng.random() < 0.5:
        game = _deal(rng, _variants(known, ("podkidnoy", "perevodnoy")), 2, 4)
    else:
        game = _endgame(rng, want, known)
    defenders: set[int] = set()

    def wanted(g: Game, m: Move) -> bool:
        trial = g.copy()
        events = trial.play(m)
        if ends_bout(events) and g.defender is not None and not trial.finished:
            defenders.add(g.defender)
        return trial.finished

    def build(moment: _Moment, r: random.Random) -> _Parts | None:
        return _build_how_it_ends(moment, r, defenders, want)

    return _walk(game, rng, wanted, build, 1.0)


# ----------------------------------------------------------------------------- best_move

#: Solver positions for one best_move position (the drill is skipped beyond it).
_SOLVE_BUDGET = 20_000

#: The most moves of a solved line shown.
_LINE_MOVES = 30


def _solved_outcome(names: Sequence[str], mover: int, durak: int | None) -> str:
    if durak is None:
        return text("best draw")
    return text("best loss" if durak == mover else "best win", name=names[mover])


def _solved_line(game: Game, mover: int) -> str:
    """The line with best play by both from ``game`` (the solver's first best move at
    each step) to the game's end, in words (passes left out: they only say "no more
    from me", R12), with the outcome for ``mover``."""
    from ..analysis import solve

    g = game.copy()
    moves: list[str] = []
    for _attempt in range(_LINE_MOVES):
        if g.finished:
            break
        m = solve(g, node_budget=_SOLVE_BUDGET).best[0]
        if m.action is not Action.PASS:
            moves.append(move_words(m, g.players))
        g.play(m)
    r = g.result
    durak = None if r is None or r.draw else r.durak
    return text("line end", moves="; ".join(moves), outcome=_solved_outcome(g.players, mover, durak))


def _best_move(rng: random.Random, plan: float, known: Taught) -> tuple[_Moment, _Parts] | None:
    """A set-up end game of two players (the talon empty, 2–4 cards each) whose deciding
    player has a best move and a worse one (the solver's evaluations)."""
    from ..analysis import SolverError, solve

    preset = rng.choice(_variants(known, ("podkidnoy", "podkidnoy", "perevodnoy")))
    rules = Rules.make(preset)
    names = _players(rng, 2, 2)
    cards = list(deck(36))
    rng.shuffle(cards)
    hands = [[cards.pop() for _attempt in range(rng.randint(2, 4))] for _ in names]
    game = Game.from_position(
        rules,
        names,
        hands=hands,
        talon="",
        trump=rng.choice(list(Suit)),
        attacker=rng.randrange(2),
        first_bito_done=True,
        bout=rng.randint(8, 15),
        rest_to_discard=True,
    )
    try:
        sol = solve(game, node_budget=_SOLVE_BUDGET)
        mover = sol.to_act
        rank = {None: 1, mover: 0}  # the mover's value: 2 a win, 1 a draw, 0 the durak

        def value(durak: int | None) -> int:
            return rank.get(durak, 2)

        best = [e for e in sol.evaluations if value(e.durak) == value(sol.durak)]
        worse = [e for e in sol.evaluations if value(e.durak) < value(sol.durak)]
        if not worse:
            return None
        right = rng.choice(best)
        wrong = rng.sample(worse, min(3, len(worse)))
        chosen = [right, *wrong]
        options = [move_words(e.move, names) for e in chosen]
        if len(set(options)) != len(options):
            return None
        lines = []
        for e in chosen:
            after = game.copy()
            after.play(e.move)
            lines.append(_solved_line(after, mover))
    except SolverError:
        return None
    said = (
        "best reason draw" if right.durak is None else "best reason loss" if right.durak == mover else "best reason win"
    )
    reason = text(said, move=options[0], name=names[mover], line=lines[0])
    mistakes = [""] + [text("best worse", move=o, line=ln) for o, ln in zip(options[1:], lines[1:], strict=True)]
    moves_of = dict(zip(options, (e.move for e in chosen), strict=True))
    shown, mistakes_shown, answer = _shuffled(rng, options, mistakes)
    context = " ".join([_context(game), text("talon empty"), text("best every card")])
    question = text("best question", name=names[mover])
    moment = _Moment(game, game.start(), (), right.move)
    parts = _Parts(
        context,
        question,
        tuple(shown),
        answer,
        reason,
        tuple(mistakes_shown),
        "R25",
        None,
        tuple(moves_of[o] for o in shown),
    )
    return moment, parts


# ----------------------------------------------------------------------------- make

_GENERATORS: dict[str, Callable[[random.Random, float, Taught], tuple[_Moment, _Parts] | None]] = {
    "which_beats": _which_beats,
    "legal_move": _legal_move,
    "throw_in_room": _throw_in_room,
    "draw_order": _draw_order,
    "next_attacker": _next_attacker,
    "may_transfer": _may_transfer,
    "how_it_ends": _how_it_ends,
    "best_move": _best_move,
}


def make(kind: str, seed: int) -> Drill:
    """A drill of ``kind`` made with ``random.Random`` seeded by ``kind`` and ``seed``:
    the same kind and seed give the same drill.

    Args:
        kind: one of :data:`KINDS`.
        seed: any whole number (a teacher gives the class one).

    Raises:
        DrillError: an unknown kind, or no position of the kind within
            :data:`MAX_TRIES` candidate games (bounded work).
    """
    if kind not in _GENERATORS:
        raise DrillError(None, f"unknown drill kind {kind!r}: use one of {', '.join(KINDS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a drill's seed is a whole number, not {seed!r}")
    rng = random.Random(f"durak-nb drill {kind} {seed}")
    generate = _GENERATORS[kind]
    known = taught(KIND_LESSONS[kind])  # a drill asks only what its lesson and those before it taught
    plan = rng.random()  # what this drill asks about (e.g. bito or a take), fixed over the tries
    for _attempt in range(MAX_TRIES):
        found = generate(rng, plan, known)
        if found is not None:
            moment, parts = found
            game = moment.game
            return Drill(kind, seed, game.rules, game.players, moment.start, moment.moves, *parts)
    raise DrillError(None, f"no {kind} drill found in {MAX_TRIES} candidate games with seed {seed}")
