"""The exact endgame solver: two players holding cards, the talon empty (issue 13).

With the talon empty every card is known to a player who watched the discard, so the
rest of the game is a finite game of perfect information with three outcomes for each
of the two players: not the durak (a win), a draw (R25, R27), the durak (a loss). Each
prefers winning to a draw to losing. :func:`solve` searches it exactly, under the
game's own rules: every move and every end comes from :class:`~durak_nb.engine.Game`
(``legal_moves``, ``play``, ``result``), or from the endgame core that a differential test
holds to it (below); nothing is re-decided here.

Turn order where both may act (R12), as INTERCHANGE.md "Analysis commands" fixes it:
the engine lets the thrower (who holds the first right) and the defender act at once;
the solver makes it a sequence. The thrower decides first, to throw in or to pass; a
pass waits (the engine records it, R12), and a defence card gives the thrower the right
back (the engine clears the passes); then the defender decides (cover, transfer, take).
So where the thrower has a move, the decision is the thrower's and the defender's
moves wait; where only one player has moves, it is theirs (:func:`decision`).

The search (issue 21). Two-seat games of podkidnoy, perevodnoy and japanese, with every
option, are searched on the endgame core (:mod:`.endgame_core`: hands as bit sets, the
table keyed by one whole number, null-window alpha-beta, R27 exact), which the engine
meets only at the root and a differential test holds to the engine. The rest (prostoy,
english, teams, more than two seats with two holding cards) is searched on the engine
itself: alpha-beta over the three values with a transposition table of bounds, keyed on
the position (:func:`_packed`): the hands, the table (as a set of pairs), the roles
(attacker, defender, first attacker), who may act (take declared, the passes, the
attacker's pass, english lead passes, shown trumps: R20), whether a bout has ended in bito
(R13c) and whether this is the first bout (R19).

Repetition (R27, a draw at the ``repetition_draw``-th occurrence, k). In podkidnoy,
japanese and prostoy with two players holding cards no position can occur twice (within
a bout the table only grows; a take moves cards only from the attacker, who attacks
again, to the defender; a bito empties the engine's count), so the position alone is the
key. Where a position can recur (transfers, R17; english lead passing, R9; takes with
three players or more holding cards, :func:`seat_values`) the key is still the position
alone while no position other than the current one has occurred k - 1 times since the
last bito (the set S of such positions is empty): the value is then that of the game
where endless play is a draw, which depends on the position only (the side that wins has
a strategy that never visits a position twice, so no count reaches k; the side that holds
a draw holds it whether or not R27 ends the game first). Once S is not empty, the past
matters. The endgame core (:class:`~.endgame_core.Search`) still reads the table then:
making the positions of S draws only moves a value towards a draw, so an entry's bounds
widen to take in 0 (a draw of the endless game is a draw whatever the past), and a win or
a loss found under S is one of the endless game too (the strategy that forces it avoids
S), so it is stored; a draw found under S depends on the past and is never stored. The
search on the engine (:class:`_Search`) searches such positions without the table. Either
way the table holds one entry per position searched at most, whatever the position
(issue 23), and the answer stays exact. With R27 off (``repetition_draw`` 0) in such
rules a game may never end, and the solver refuses.

Three players or more holding cards, the talon empty (issue 21): :func:`seat_values`
solves the position exactly for one seat against all the others taken as one side (what
the seat can make sure of however they play), on the engine, where at most
:data:`MANY_MAX_CARDS` cards are in the hands and on the table; the analysis and the hint
give it at most :data:`MANY_NODE_BUDGET` positions. Several throwers may then act (R12):
the attacker decides first, then the others clockwise, then the defender
(:func:`decision_many`).

Beyond ``node_budget`` positions searched (at most :data:`MAX_NODE_BUDGET`) the solver
stops with :class:`SolverBudgetError`: never a guess. Memory: one table entry per position
searched at most, each about :data:`ENTRY_BYTES` bytes, so the default budget of
1,000,000 positions keeps the table under about 200 MB, on any deck
(``benchmarks/bench_solver.py`` measures it on a 12-against-12 endgame of 52 cards).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import Action, Game, Move, Result
from ..errors import DurakError
from ..i18n import N_, Nn_, Np_, _, ngettext, pgettext, whole

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "MAX_NODE_BUDGET",
    "Evaluation",
    "Solution",
    "SolverBudgetError",
    "SolverError",
    "SolverTable",
    "decision",
    "decision_many",
    "seat_values",
    "solve",
]

#: The positions :func:`solve` searches before it stops (SolverBudgetError).
DEFAULT_NODE_BUDGET = 1_000_000
#: The largest node budget :func:`solve`, ``durak-nb solve --budget`` and the analysis
#: take (issue 23: the one home of the bound): a solve's memory is bounded by its budget
#: (at most one table entry per position searched, :data:`ENTRY_BYTES` each).
MAX_NODE_BUDGET = 1_000_000
#: Bytes of memory per transposition-table entry, at most (the key, one whole number of
#: :func:`_packed`; its bounds; the dict's slot), as ``benchmarks/bench_solver.py``
#: measures it with tracemalloc (163 at 172,000 entries; the dict's growth in steps of
#: two moves it by some 40). A solve keeps at most one entry per position searched, so its
#: ``node_budget`` bounds its table: the default budget, about 200 MB.
ENTRY_BYTES = 200
#: Three players or more holding cards, the talon empty (issue 21): :func:`seat_values`
#: solves the position exactly for one seat against the others where at most this many
#: cards are in the hands and on the table (and within its node budget); beyond it the
#: analysis leaves the move not evaluated (``"known"``).
MANY_MAX_CARDS = 9
#: The most positions the analysis and the hint give :func:`seat_values` (its search plays
#: every move on the engine, some 20,000–30,000 positions a CPU second): about 2 s at most.
MANY_NODE_BUDGET = 50_000
#: The deepest line searched (moves after the position solved); a bound, never reached
#: by a real endgame (every line ends, R25/R27), kept so that no input runs unbounded.
MAX_DEPTH = 5_000

# person-facing words, in one place: marked for the catalogue, translated at use (:func:`_words`)
_WORDS = {
    "not_game": N_("solve: the position must be a durak_nb Game (or a game whose cards are all known), not {what}"),
    "over": N_("the game is over ({result}): there is nothing to solve"),
    "redeal": N_("a redeal may still be claimed (R5): a new deal is not an endgame"),
    # the budget was already the largest (MAX_NODE_BUDGET): a larger one cannot be given
    "budget_max": N_(
        "the solver stopped at its largest node budget, {budget} positions, before finishing: the position "
        "has {hands} cards in hand and {table} on the table, too many for an exact answer; solve a later "
        "position of the game, with fewer cards in hand"
    ),
    "endless": N_(
        "repetition_draw is 0 (R27 off) and these rules let a position recur (transfers R17, english lead "
        "passing R9), so a game may never end: the solver needs R27"
    ),
    "depth": N_("the solver stopped: a line longer than {depth} moves (a bound of the search)"),
    "durak": N_("{name} is the durak"),
    "draw": Np_("outcome", "a draw"),  # the word as a sentence's subject (see analyse._VALUE)
    "to_act": N_("{name} to decide"),
    "best": N_("best moves (keep the outcome): {moves}"),
    "outcome": N_("outcome with best play by both: {outcome}"),
}


#: the sentences with a number: the forms for one and for many (ngettext), at use
_COUNTED = {
    "talon": Nn_(
        "the talon still holds {n} card: the solver needs the talon empty (every card known, R16)",
        "the talon still holds {n} cards: the solver needs the talon empty (every card known, R16)",
    ),
    # R24: a player who laid their last card in this bout is still in the game
    "holders": Nn_(
        "{n} player is still in the game ({names}): the solver needs exactly two",
        "{n} players are still in the game ({names}): the solver needs exactly two",
    ),
    # three or more players holding cards: the bound of seat_values ({most}: MANY_MAX_CARDS)
    "many_cards": Nn_(
        "{n} card is in the hands and on the table: with three players or more the solver answers up to {most}",
        "{n} cards are in the hands and on the table: with three players or more the solver answers up to {most}",
    ),
    # {budget}: the number of positions, written as the language writes numbers ("1,000,000")
    "budget": Nn_(
        "the solver stopped at its node budget of {budget} position before finishing: the position has "
        "{hands} cards in hand and {table} on the table; give a larger node_budget (or --budget) or a smaller position",
        "the solver stopped at its node budget of {budget} positions before finishing: the position has "
        "{hands} cards in hand and {table} on the table; give a larger node_budget (or --budget) or a smaller position",
    ),
    "unknown": Nn_(
        "{n} card in the hands is not known: the solver needs every card known",
        "{n} cards in the hands are not known: the solver needs every card known",
    ),
}


def _words(key: str, **fields: object) -> str:
    """The sentence ``key`` of :data:`_WORDS` in the language in use, its fields filled."""
    return _(_WORDS[key]).format(**fields)


def _counted(key: str, n: int, **fields: object) -> str:
    """The sentence ``key`` of :data:`_COUNTED` in the form for ``n``, its fields filled
    (``{n}`` is ``n`` unless a field says otherwise)."""
    one, many = _COUNTED[key]
    return ngettext(one, many, n).format(**{"n": n, **fields})


class SolverError(DurakError):
    """A position :func:`solve` does not answer; the message names the condition that
    fails (the game is over, the talon is not empty, not exactly two players hold
    cards, a redeal may be claimed, R27 off where positions recur) and its rule."""


class SolverBudgetError(SolverError):
    """The search reached its node budget before the answer was exact.

    Attributes:
        budget: the node budget given.
        hands: the number of cards in each of the two hands (seat order).
        table: the number of cards on the table.
    """

    def __init__(self, budget: int, hands: tuple[int, ...], table: int) -> None:
        self.budget = budget
        self.hands = hands
        self.table = table
        text = " + ".join(str(h) for h in hands)
        if budget >= MAX_NODE_BUDGET:  # a larger budget is refused: say what can be done
            words = _words("budget_max", budget=whole(budget), hands=text, table=table)
        else:
            words = _counted("budget", budget, budget=whole(budget), hands=text, table=table)
        super().__init__(None, words)

    def __reduce__(self) -> tuple[object, ...]:
        return (SolverBudgetError, (self.budget, self.hands, self.table))


@dataclass(frozen=True)
class Evaluation:
    """The outcome after one move, with best play by both from there.

    Attributes:
        move: the move (of :attr:`Solution.to_act`).
        durak: the seat that ends as the durak, or ``None`` for a draw.
    """

    move: Move
    durak: int | None

    @property
    def draw(self) -> bool:
        """The move leads to a draw with best play."""
        return self.durak is None


@dataclass(frozen=True)
class Solution:
    """The answer of :func:`solve`.

    Attributes:
        players: the two seats holding cards, in seat order.
        to_act: the seat whose decision it is (R12, as :func:`decision` models it).
        durak: the seat that ends as the durak with best play by both, or ``None`` for a
            draw (R25, R27). In a team game (R22) it is the one of the two holders whose
            team loses.
        best: every move of ``to_act`` that keeps that outcome, in the engine's order.
        evaluations: every move of ``to_act`` with the outcome after it.
        nodes: the positions searched.
    """

    players: tuple[int, int]
    to_act: int
    durak: int | None
    best: tuple[Move, ...]
    evaluations: tuple[Evaluation, ...]
    nodes: int

    @property
    def draw(self) -> bool:
        """The outcome with best play is a draw."""
        return self.durak is None

    def outcome_text(self, names: Sequence[str]) -> str:
        """The outcome in words: ``'Boris is the durak'`` or ``'a draw'``."""
        if self.durak is None:
            return pgettext("outcome", _WORDS["draw"])
        return _words("durak", name=names[self.durak])

    def describe(self, names: Sequence[str]) -> str:
        """Three lines: who decides, the outcome, the best moves (cards as 10♥)."""
        moves = "; ".join(m.describe(names) for m in self.best)
        return "\n".join(
            [
                _words("to_act", name=names[self.to_act]),
                _words("outcome", outcome=self.outcome_text(names)),
                _words("best", moves=moves),
            ]
        )

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The answer of ``durak-nb solve --json`` (INTERCHANGE.md "Analysis commands"):
        ``{"outcome": {"durak": NAME} | {"draw": true}, "best": [MOVE, ...], "to_act": NAME}``
        with moves in the JSON move form."""
        from ..record.json_form import move_to_json  # the one home of the move's JSON form

        outcome: dict[str, Any] = {"draw": True} if self.durak is None else {"durak": names[self.durak]}
        return {
            "outcome": outcome,
            "best": [move_to_json(m, names) for m in self.best],
            "to_act": names[self.to_act],
        }


def decision(game: Game) -> tuple[int, list[Move]]:
    """Whose decision it is now and their moves, under the solver's reading of R12.

    Where the engine lets the thrower and the defender act at once, the thrower (who
    holds the first right) decides first, to throw in or to pass; the defender's moves
    wait until the thrower has passed (a defence card gives the right back, R12). A
    redeal (R5) is not a move of an endgame and is never listed.

    Args:
        game: a game not over, at most one thrower besides the defender acting.

    Returns:
        (seat, moves): the deciding seat and its legal moves, in the engine's order.

    Raises:
        SolverError: the game is over, or more than one thrower may act (more than two
            players holding cards).
    """
    if game.result is not None:
        raise SolverError(game.result.rule, _words("over", result=game.result.describe(game.players)))
    moves = [m for m in game.legal_moves() if m.action is not Action.REDEAL]
    d = game.defender
    thrower = [m for m in moves if m.player != d]
    if thrower:
        seats = {m.player for m in thrower}
        if len(seats) > 1:
            raise SolverError("R12", _counted("holders", len(seats) + 1, names=_names(game, seats)))
        return thrower[0].player, thrower
    return moves[0].player, moves


def decision_many(game: Game) -> tuple[int, list[Move]]:
    """:func:`decision` for any number of players holding cards (R12 as the solver reads
    it): where several throwers may act, the first of them clockwise from the attacker
    decides (the attacker first, holding the first right; a pass waits, a card placed
    gives everyone the right back), the defender after them all.

    Raises:
        SolverError: the game is over.
    """
    if game.result is not None:
        raise SolverError(game.result.rule, _words("over", result=game.result.describe(game.players)))
    moves = [m for m in game.legal_moves() if m.action is not Action.REDEAL]
    d = game.defender
    thrower = [m for m in moves if m.player != d]
    if thrower:
        seats = {m.player for m in thrower}
        start = game.attacker if game.attacker is not None else 0
        first = min(seats, key=lambda s: (s - start) % game.n)
        return first, [m for m in thrower if m.player == first]
    return moves[0].player, moves


def _names(game: Game, seats: object) -> str:
    return ", ".join(game.players[s] for s in sorted(seats))  # type: ignore[call-overload]


# ----------------------------------------------------------------------------- the engine, in one place


class KnownCards(Protocol):
    """A game whose deal nobody saw (``unseen.PartialGame``, issue 10), as the solver
    uses it: ``seen()`` (with ``unknown``, per seat) and ``witness()`` (an engine game)."""

    def seen(self) -> Any: ...
    def witness(self) -> Game: ...


def _endgame_of(who: str, game: object, node_budget: object) -> Game:
    """The checks :func:`solve` and :func:`seat_values` share: ``node_budget`` a whole
    number from 1 to :data:`MAX_NODE_BUDGET` (``who`` names the function in the error),
    then ``game`` with every card known, not over, the talon empty (R16).

    Raises:
        TypeError, ValueError: the budget, as :func:`solve` says.
        SolverError: as :func:`_known_game`; the game is over; the talon is not empty (R16).
    """
    if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
        raise TypeError(f"{who}: node_budget must be a positive whole number, not {node_budget!r}")
    if node_budget > MAX_NODE_BUDGET:
        raise ValueError(f"{who}: node_budget is at most {MAX_NODE_BUDGET:,} positions, not {node_budget:,}")
    g = _known_game(game)
    if g.result is not None:
        raise SolverError(g.result.rule, _words("over", result=g.result.describe(g.players)))
    if g.talon:
        raise SolverError("R16", _counted("talon", len(g.talon)))
    return g


def _known_game(game: object) -> Game:
    """The engine game to search: ``game`` itself, or for a game whose deal nobody saw
    (``unseen.PartialGame``: ``seen()`` and ``witness()``) its witness game once every
    card in the hands is known (with the talon empty, the witness then is the game)."""
    if isinstance(game, Game):
        return game
    seen = getattr(game, "seen", None)
    witness = getattr(game, "witness", None)
    if callable(seen) and callable(witness):
        unknown = sum(getattr(seen(), "unknown", ()))
        if unknown:
            raise SolverError("R1", _counted("unknown", unknown))
        found = witness()
        if isinstance(found, Game):
            return found
    raise SolverError(None, _words("not_game", what=type(game).__name__))


#: The engine undoes a move (``Game.push``/``pop``, issue 13): the search then moves one
#: game forward and back instead of copying it.
_UNDO = hasattr(Game, "push") and hasattr(Game, "pop")


def _repeated(game: Game, k: int) -> bool:
    """R27: whether a position other than the current one has occurred ``k - 1`` times
    since the last bito (one more occurrence would end the game in a draw)."""
    seen = game._seen
    if all(v < k - 1 for v in seen.values()):
        return False
    now = game._position_key()
    return any(v >= k - 1 for key, v in seen.items() if key != now)


def _hand_masks(g: Game) -> Sequence[int]:
    """Each seat's hand as a bitmask (bit c for card c): the engine's own (a private
    member, read here only), else made from :attr:`Game.hands`."""
    masks = getattr(g, "_hm", None)
    if isinstance(masks, list):
        return masks
    return [sum(1 << c for c in hand) for hand in g.hands]


def _seats(seats: object) -> int:
    bits = 0
    for s in seats:  # type: ignore[attr-defined]
        bits |= 1 << s
    return bits


def _packed(g: Game) -> int:
    """The position as one whole number, each fact in its own bits (so that two
    positions have the same number exactly when they are the same position): the hands
    (64 bits a seat), the table as a set of pairs (the order laid changes no move), the
    roles (attacker, defender, first attacker), who may act (take declared, the passes,
    the attacker's pass, english lead passes, shown trumps: R20), whether a bout has ended
    in bito (R13c), whether this is the first bout (R19) and how many are out (R24).

    One number of about 40–80 bytes instead of a tuple of tuples and sets (about 900
    bytes): a transposition table entry then costs about :data:`ENTRY_BYTES`."""
    key = 0
    for m in _hand_masks(g):
        key = (key << 64) | m
    attack = g.attack_cards
    pairs = 0
    if attack:
        for x in sorted(a * 64 + (63 if d is None else d) for a, d in zip(attack, g.defence_cards, strict=True)):
            pairs = (pairs << 12) | x
        pairs = (pairs << 5) | len(attack)
    small = (
        (0 if g.attacker is None else g.attacker + 1),
        (0 if g.defender is None else g.defender + 1),
        (0 if g.first_attacker is None else g.first_attacker + 1),
        int(g.taking),
        passed if isinstance(passed := getattr(g, "_passed", None), int) else _seats(g.passed),
        int(g.attacker_passed),
        g.lead_passes,
        _seats(g.shown),
        int(g.first_bito_done),
        int(g.bout == 1),
        len(g.out_order),
    )
    rest = pairs
    for x in small:  # 16 bits each: seats, counts and flags of a game of at most a few players
        rest = (rest << 16) | x
    return (rest << (64 * len(g.hands))) | key


# ----------------------------------------------------------------------------- the search


def _value(result: Result, p0: int, p1: int) -> int:
    """+1 when ``p1`` is the durak, -1 when ``p0`` is, 0 for a draw (R22, R25–R27)."""
    if result.draw:
        return 0
    if result.durak is not None:
        return -1 if result.durak == p0 else 1
    team = result.losing_team or ()
    return -1 if p0 in team else 1


class SolverTable:
    """A transposition table kept from one :func:`solve` to the next, for solves of the
    positions of one game (:func:`~durak_nb.analysis.analyse` asks the solver before every
    move of an end game, and the positions below one move's root are mostly those below
    the next one's).

    An entry is a bound on a position's outcome under the same rules between the same two
    players, so it stays true from any root; the table is used only where positions
    cannot recur (no transfers, no english lead passing: R27's count never joins the key).

    Args:
        max_entries: a bound on the positions kept (a positive whole number); past it the
            table is emptied after a solve, so memory stays bounded: at most
            ``max_entries`` plus one solve's node budget entries, each about
            :data:`ENTRY_BYTES` bytes (``benchmarks/bench_solver.py`` measures it), so by
            default at most about 100 MB between solves and about 300 MB during a solve
            at the default node budget (the analysis gives each solve 5,000 positions).
    """

    def __init__(self, max_entries: int = 500_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise TypeError(f"SolverTable: max_entries must be a positive whole number, not {max_entries!r}")
        self.max_entries = max_entries
        self._owner: tuple[object, ...] | None = None
        self._entries: dict[object, tuple[int, int, Move | None]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def entries(self, rules: object, p0: int, p1: int) -> dict[object, tuple[int, int, Move | None]]:
        """The entries for positions of ``rules`` between ``p0`` and ``p1`` (emptied
        when asked for other rules or players than the last time)."""
        owner = (rules, p0, p1)
        if owner != self._owner:
            self._owner = owner
            self._entries = {}
        return self._entries

    def trim(self) -> None:
        """Empty the table when it holds more than ``max_entries`` positions."""
        if len(self._entries) > self.max_entries:
            self._entries = {}


class _Search:
    """Alpha-beta with a transposition table of (lower, upper) bounds; values from the
    side of ``p0`` (+1: ``p1`` is the durak)."""

    def __init__(self, game: Game, p0: int, p1: int, budget: int, many: bool = False) -> None:
        r = game.rules
        #: three or more players holding cards: ``p0`` against all the others (:func:`seat_values`)
        self.many = many
        self.p0, self.p1 = p0, p1
        self.budget = budget
        self.nodes = 0
        self.tt: dict[object, tuple[int, int, Move | None]] = {}
        # R27: only transfers (R17) and english lead passing (R9) let a position recur
        # (and takes with three players or more holding cards: the cards go round the table)
        self.recurs = bool(r.transfers or r.lead_style == "pair" or many)
        self.repetition = r.repetition_draw
        self.trump = game.trump
        # With throw-ins and no repetition, a lead or throw-in of several cards reaches the
        # position that one card at a time reaches: the thrower keeps the decision after
        # each card (R12 as read here), and the room is the same (R13). Below the root the
        # search lays one card at a time.
        # (With several throwers a card placed gives the attacker the right back first.)
        self.singles = bool(r.throw_ins and not self.recurs and not many)
        self.root = game

    def key(self, g: Game) -> int | None:
        """The position as one whole number (:func:`_packed`), or ``None`` where the past
        matters for R27: such a position is searched without the table (issue 23: a key
        holding the engine's count grew without bound, 3.7 GB at 1,000,000 positions)."""
        if self.recurs and _repeated(g, self.repetition):
            return None
        return _packed(g)

    def order(self, m: Move) -> tuple[int, int, int, int]:
        """Move ordering, for pruning only: cards before a pass or a take, the lowest
        non-trump single cards first (what usually keeps a hand strong)."""
        if not m.cards:
            return (1, 0, 0, 0)
        c = m.cards[0]
        return (0, c.suit == self.trump, len(m.cards), c.rank)

    def after(self, g: Game, move: Move, alpha: int, beta: int, depth: int) -> int:
        """The one place the search moves the engine: the value of the game after
        ``move``, with ``g`` as it was afterwards (push and pop, or else a copy)."""
        if _UNDO:
            undo: Any = g  # Game.push/pop where the engine has them (issue 13, section 1)
            undo.push(move)
            try:
                return self.search(g, alpha, beta, depth)
            finally:
                undo.pop()
        child = g.copy()
        child.play(move)
        return self.search(child, alpha, beta, depth)

    def search(self, g: Game, alpha: int, beta: int, depth: int) -> int:
        result = g.result
        if result is not None:
            return _value(result, self.p0, self.p1)
        key = self.key(g)
        entry = None if key is None else self.tt.get(key)
        first: Move | None = None
        lo, hi = -1, 1
        if entry is not None:
            lo, hi, first = entry
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        self.nodes += 1
        if self.nodes > self.budget:
            self.stop()
        if depth > MAX_DEPTH:
            raise SolverError(None, _words("depth", depth=MAX_DEPTH))
        mover, moves = decision_many(g) if self.many else decision(g)
        if self.singles:
            moves = [m for m in moves if len(m.cards) < 2 or m.action is Action.TRANSFER]
        if len(moves) > 1:
            moves.sort(key=self.order)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximize = mover == self.p0
        a, b = alpha, beta
        best = -2 if maximize else 2
        best_move: Move | None = None
        for m in moves:
            v = self.after(g, m, a, b, depth + 1)
            if maximize:
                if v > best:
                    best, best_move = v, m
                    if v > a:
                        a = v
            elif v < best:
                best, best_move = v, m
                if v < b:
                    b = v
            if a >= b:
                break
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        if key is not None:
            self.tt[key] = (lo, hi, best_move)
        return best

    def stop(self) -> None:
        g = self.root
        hands = (len(g.hands[self.p0]), len(g.hands[self.p1]))
        raise SolverBudgetError(self.budget, hands, len(g.attack_cards) + sum(y is not None for y in g.defence_cards))


def solve(
    game: Game | KnownCards, *, node_budget: int = DEFAULT_NODE_BUDGET, table: SolverTable | None = None
) -> Solution:
    """Solve the position of ``game`` exactly: two players holding cards, the talon empty.

    The outcome is the result with best play by both (each prefers not being the durak
    to a draw to being the durak, R25–R27); ``best`` lists every move of the player to
    decide that keeps it. Turn order where both may act (R12): the thrower first, then
    the defender (see :func:`decision` and the module's text). ``game`` is not changed.

    Args:
        game: an engine :class:`~durak_nb.engine.Game` (or a game whose deal nobody saw,
            once every card in the hands is known).
        node_budget: the most positions searched (a positive whole number, at most
            :data:`MAX_NODE_BUDGET`).
        table: a :class:`SolverTable` to keep what this solve learns for the next solves
            of the same game (and to use what earlier ones learnt); ``None``: a table of
            this solve only.

    Returns:
        The :class:`Solution`.

    Raises:
        SolverError: the game is over (R25); the talon is not empty (R16); not exactly
            two players hold cards (R24); a redeal may be claimed (R5); R27 is off where
            positions can recur; a card in the hands is not known.
        SolverBudgetError: the answer needs more than ``node_budget`` positions.
        TypeError: ``node_budget`` is not a positive whole number.
        ValueError: ``node_budget`` is above :data:`MAX_NODE_BUDGET` (the bound the
            command line has too, issue 23).

    >>> g = Game.from_code("podkidnoy", ["Anna", "Boris"], "9S9C6D/KS7D - H 0 * 5 + -")
    >>> print(solve(g).describe(g.players))
    Anna to decide
    outcome with best play by both: Boris is the durak
    best moves (keep the outcome): Anna attacks 9♠; Anna attacks 9♣; Anna attacks 9♠ 9♣
    """
    g = _endgame_of("solve", game, node_budget)
    # R24: a player who laid their last card this bout is still in the game
    laid = {s for s in (g.attacker, g.defender) if s is not None} if g.attack_cards else set()
    holders = sorted({s for s in range(g.n) if g.hands[s]} | laid)
    if len(holders) != 2:
        names = _names(g, holders) or pgettext("players", "none")
        raise SolverError("R24", _counted("holders", len(holders), names=names))
    if any(m.action is Action.REDEAL for m in g.legal_moves()):
        raise SolverError("R5", _(_WORDS["redeal"]))
    p0, p1 = holders
    recurs = bool(g.rules.transfers or g.rules.lead_style == "pair")
    if recurs and not g.rules.repetition_draw:
        raise SolverError("R27", _(_WORDS["endless"]))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * MAX_DEPTH + 1000))  # the engine's frames and ours, per move
    try:
        found = _solve_core(g, node_budget, table)
        if found is None:  # a game the core does not take: the search on the engine
            mover, moves, values, nodes = _solve_engine(g, p0, p1, node_budget, table)
        else:
            mover, moves, values, nodes = found
    except RecursionError:
        raise SolverError(None, _words("depth", depth=MAX_DEPTH)) from None
    finally:
        sys.setrecursionlimit(limit)
        if table is not None:
            table.trim()
    target = max(values) if mover == p0 else min(values)
    durak_of = {1: p1, -1: p0, 0: None}
    return Solution(
        players=(p0, p1),
        to_act=mover,
        durak=durak_of[target],
        best=tuple(m for m, v in zip(moves, values, strict=True) if v == target),
        evaluations=tuple(Evaluation(m, durak_of[v]) for m, v in zip(moves, values, strict=True)),
        nodes=nodes,
    )


def _budget_error(g: Game, p0: int, p1: int, budget: int) -> SolverBudgetError:
    table = len(g.attack_cards) + sum(y is not None for y in g.defence_cards)
    return SolverBudgetError(budget, (len(g.hands[p0]), len(g.hands[p1])), table)


def _solve_core(g: Game, budget: int, table: SolverTable | None) -> tuple[int, list[Move], list[int], int] | None:
    """The search on the endgame core (:mod:`.endgame_core`), or ``None`` where the core
    does not take the game (then :func:`_solve_engine`)."""
    from .endgame_core import CoreRefused, SearchBudgetLimit, solve_core

    try:
        entries = None
        if table is not None and not g.rules.transfers:  # no position recurs: R27 never joins a key
            entries = table.entries(("core", g.rules, int(g.trump)), 0, 1)
        return solve_core(g, budget, entries, root=decision(g))  # type: ignore[arg-type]
    except CoreRefused:
        return None
    except SearchBudgetLimit:
        raise _budget_error(g, 0, 1, budget) from None


def _solve_engine(
    g: Game, p0: int, p1: int, budget: int, table: SolverTable | None
) -> tuple[int, list[Move], list[int], int]:
    """The search on the engine (every move played by :class:`Game`), for the games the
    core does not take (prostoy, english, teams, more than two seats)."""
    search = _Search(g, p0, p1, budget)
    if table is not None and not search.recurs:
        search.tt = table.entries(g.rules, p0, p1)
    mover, moves = decision(g)
    work = g.copy()  # the caller's game is never moved
    values = [search.after(work, m, -1, 1, 1) for m in moves]
    return mover, moves, values, search.nodes


def seat_values(
    game: Game | KnownCards, seat: int, *, node_budget: int = DEFAULT_NODE_BUDGET
) -> tuple[dict[Move, int], int]:
    """The outcome ``seat`` can make sure of after each of its legal moves, whatever the
    other players do: every card known, the talon empty, any number of players holding
    cards (issue 21: three or more are solved exactly where small enough). The others are
    taken as one side playing against ``seat`` (each of them would rather see ``seat`` the
    durak): so +1 means ``seat`` is not the durak however they play, -1 that they can make
    it the durak, 0 that they can hold it to a draw (R25, R27) and no further. With two
    players holding cards this is :func:`solve`'s outcome.

    The search is the engine's (:class:`_Search`, every move played by ``Game``); where
    several throwers may act it follows :func:`decision_many` (the attacker first, then
    clockwise). ``game`` is not changed.

    Args:
        game: an engine :class:`~durak_nb.engine.Game` (or a game whose cards are all known).
        seat: the seat whose moves are valued (its legal moves now, a redeal claim left out).
        node_budget: the most positions searched (as :func:`solve`).

    Returns:
        (values, nodes): each legal move of ``seat`` (in the engine's order) with its
        outcome for ``seat``; the positions searched.

    Raises:
        SolverError: the game is over; the talon is not empty (R16); a redeal may be
            claimed (R5); R27 is off (with three players holding cards positions recur
            in every variant: the cards go round by takes); a card is not known; more than
            :data:`MANY_MAX_CARDS` cards are in the hands and on the table.
        SolverBudgetError: the answer needs more than ``node_budget`` positions.
        TypeError, ValueError: ``node_budget`` as :func:`solve` refuses it.
    """
    g = _endgame_of("seat_values", game, node_budget)
    legal = g.legal_moves(seat)
    moves = [m for m in legal if m.action is not Action.REDEAL]
    if len(moves) < len(legal):
        raise SolverError("R5", _(_WORDS["redeal"]))
    if not g.rules.repetition_draw:  # with three or more holding cards, takes let positions recur too
        raise SolverError("R27", _(_WORDS["endless"]))
    cards = sum(len(h) for h in g.hands) + len(g.attack_cards) + sum(d is not None for d in g.defence_cards)
    if cards > MANY_MAX_CARDS:
        raise SolverError(None, _counted("many_cards", cards, most=MANY_MAX_CARDS))
    other = next((s for s in range(g.n) if s != seat and g.hands[s]), (seat + 1) % g.n)
    search = _Search(g, seat, other, node_budget, many=True)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * MAX_DEPTH + 1000))
    try:
        work = g.copy()  # the caller's game is never moved
        values = {m: search.after(work, m, -1, 1, 1) for m in moves}
    except RecursionError:
        raise SolverError(None, _words("depth", depth=MAX_DEPTH)) from None
    finally:
        sys.setrecursionlimit(limit)
    return values, search.nodes
