"""Passes nobody says aloud: the ones a recording implies (R12, R14, R15).

At a real table nobody says "pass": a thrower who throws in while the attacker has said
nothing has, by R12, let the attacker pass first; a defender who says "bito" (or the cards
silently going to the discard) means every thrower still to speak has passed (R15); after
a take the cards go to the defender once every thrower has passed (R14).  A recording
made at the table (the scorer widget, the notation's implied passes) writes the moves
that were seen and lets this module fill in the passes.

What "the protocol allows exactly one reading" means here:

* A *reading* of a move ``m`` in a position is a set ``S`` of throwers whose passes,
  made one after another (each legal when made, R12), make ``m`` legal, and which is
  *minimal*: no smaller set (no proper subset) does.  Only minimal sets count, since a
  pass nobody said is implied only where the move needs it: a move legal now implies no
  pass, and "Vera throws in" before Anna (the attacker) passed implies Anna's pass and
  nothing more, although Gleb may also have passed silently.
* Different orders of the same passes are one reading: a pass only adds its thrower to
  the passed set (R12), so every order of ``S`` leads to the same position.  The passes
  are returned in one order, the *canonical* one: at each step the first thrower,
  clockwise from the bout's attacker (the attacker first), whose pass is legal then.
  So the attacker, who has the first right (R12), always passes first, and the others
  follow round the table (the defender is skipped: the defender never passes).
* Exactly one reading: the passes of the one minimal set, canonically ordered.  More
  than one minimal set: :class:`ImpliedPassesError` with rule R12 names them all
  (under the rules the engine implements the sets a move needs are forced, the
  attacker's pass for another thrower's throw-in or pass, every remaining thrower for a
  move of the next bout, so this guards the rules to come).  No set at all: the move is
  illegal whatever was passed: :class:`ImpliedPassesError` with the move's own refusal,
  taken in the first position of the search (fewest passes first) whose refusal is not
  an R12 one, so "Vera throws in 5♣" before Anna passed is refused with R11 (no 5 on the
  table), not with "Vera waits until Anna passes".
* Only R12 passes (with cards on the table) are implied.  An english durak lead pass
  (R9) depends on the hand, which a scorer may not know; it is always written.

A bout that ends with a word (:func:`passes_to_end`): ``"bito"`` is every remaining
thrower's pass, in the canonical order, ending the bout in bito (R15); ``"take"`` is, after
the defender's take, the remaining throwers' passes until the cards go to the defender
(R14).  Where repetition (R27) ends the game during those passes, the passes up to that
point are returned.

The functions work on any game with the surface of :class:`durak_nb.engine.Game` that they
use (:class:`PassTable`): :class:`~durak_nb.engine.Game` and
:class:`durak_nb.unseen.PartialGame`.  They never change ``game``: they try passes on
copies.  The work is bounded: at most one copy per set of throwers (2**(players - 1)).

>>> from durak_nb.engine import Game, Move
>>> g = Game.from_position("podkidnoy", ["Anna", "Boris", "Vera"],
...     hands={"Anna": "7S 9H", "Boris": "8S TC", "Vera": "7H KD"}, talon="", trump="D",
...     attacker="Anna", first_bito_done=True, rest_to_discard=True)
>>> g.play(Move.attack(0, "7S"))
[]
>>> implied_passes(g, Move.throw(2, "7H"))
[Move.pass_(0)]
>>> g.play(Move.defend(1, "8S", "7S"))
[]
>>> [m.describe(g.players) for m in passes_to_end(g, "bito")]
['Anna passes', 'Vera passes']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, Self

from .engine import Event, IllegalMove, Move, Refusal
from .i18n import N_, _

__all__ = ["ENDINGS", "ImpliedPassesError", "PassTable", "implied_passes", "passes_to_end"]

#: The words that end a bout without every pass written (R14, R15).
ENDINGS = ("bito", "take")

#: Person-facing sentences of this module (one place), translated at use.
WORDS = {
    "several": N_("{move} may follow {readings}: write the passes that were made"),
    "reading": N_("the pass of {names}"),
    "readings": N_("the passes of {names}"),
    "or": N_(" or "),
    "and": N_(" and "),
    "no_bito": N_("the bout cannot end in bito now: every attack card must be covered and every thrower pass"),
    "took_not_bito": N_("the defender has declared take: the cards go to the defender, not to the discard"),
    "no_take": N_("the defender has not declared take, so the cards cannot go to the defender"),
    "bito_not_take": N_("the defender has not declared take: every card is covered, so the bout ends in bito"),
}

#: The rule that ends a bout, per ending word (R15 bito, R14 take).
_ENDING_RULE = {"bito": "R15", "take": "R14"}


class PassTable(Protocol):
    """What this module asks of a game: the surface shared by
    :class:`durak_nb.engine.Game` and :class:`durak_nb.unseen.PartialGame`."""

    @property
    def players(self) -> Sequence[str]:
        """Seat names, clockwise."""

    @property
    def attacker(self) -> int | None:
        """The bout's attacker for R12 (``None`` once the game is over)."""

    @property
    def finished(self) -> bool:
        """The game is over."""

    def throwers(self) -> list[int]:
        """Seats allowed to throw in now (R11)."""

    def why_illegal(self, move: Move) -> Refusal | None:
        """``None`` if ``move`` is legal now, else the refusal."""

    def can_play(self, move: Move) -> bool:
        """Whether ``move`` is legal now."""

    def play(self, move: Move) -> list[Event]:
        """Apply ``move``; the events it caused."""

    def copy(self) -> Self:
        """An independent copy."""


class ImpliedPassesError(IllegalMove):
    """No reading, or more than one, of a move or an ending word (R12, R14, R15).

    An :class:`~durak_nb.engine.IllegalMove`, so a reader's handler of illegal moves
    catches it too.

    Attributes:
        refusal: the rule and the words: ``R12`` for several readings; the move's own
            refusal where no passes make it legal; ``R15``/``R14`` for an ending word
            that does not fit the bout.
        move: the move asked about (for an ending word, the first pass it stands for,
            or the attacker's pass).
        readings: the possible readings, each a canonically ordered list of passes
            (empty where there is none).
    """

    def __init__(self, refusal: Refusal, move: Move, readings: Sequence[Sequence[Move]] = ()) -> None:
        super().__init__(refusal, move)
        self.readings: tuple[tuple[Move, ...], ...] = tuple(tuple(r) for r in readings)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.refusal, self.move, self.readings))


def _clockwise(game: PassTable) -> list[int]:
    """Every seat, clockwise from the bout's attacker (the canonical order of passes)."""
    n = len(game.players)
    a = getattr(game, "attacker", None)  # a game without the attribute: from seat 0 (R12's forced pass still first)
    start = a if isinstance(a, int) else 0
    return [(start + i) % n for i in range(n)]


def _legal_passes(game: PassTable) -> list[Move]:
    """The R12 passes legal now, in the canonical order (a pass from a thrower only:
    the english lead pass, R9, is not implied)."""
    if game.finished:
        return []
    throwers = set(game.throwers())
    out: list[Move] = []
    for s in _clockwise(game):
        if s in throwers:
            p = Move.pass_(s)
            if game.can_play(p):
                out.append(p)
    return out


def _bout_end(events: list[Event]) -> str | None:
    """``'R15'`` (bito) or ``'R14'`` (take) when the events end a bout, else ``None``."""
    for e in events:
        if e.rule in ("R14", "R15"):
            return e.rule
    return None


def _names(game: PassTable, reading: Sequence[Move]) -> str:
    names = [game.players[m.player] for m in reading]
    joined = _(WORDS["and"]).join(names) if len(names) <= 2 else ", ".join(names[:-1]) + _(WORDS["and"]) + names[-1]
    return _(WORDS["reading" if len(names) == 1 else "readings"]).format(names=joined)


def implied_passes(game: PassTable, move: Move) -> list[Move]:
    """The passes that must come before ``move`` for it to be legal (R12), where there is
    exactly one reading (see the module's docstring for what a reading is).

    Args:
        game: the game now (an :class:`~durak_nb.engine.Game` or a
            :class:`~durak_nb.unseen.PartialGame`); it is not changed.
        move: the move that was seen.

    Returns:
        The passes, canonically ordered (the attacker first, then clockwise); ``[]``
        when ``move`` is legal now.

    Raises:
        ImpliedPassesError: (an :class:`~durak_nb.engine.IllegalMove`) no passes make
            ``move`` legal (the move's own refusal), or several readings do (R12; the
            error's ``readings`` lists them).
        TypeError: ``move`` is not a :class:`~durak_nb.engine.Move`.
    """
    first = game.why_illegal(move)
    if first is None:
        return []
    # every set of throwers that can pass one after another, smallest first (BFS); a
    # set's path is its canonical order: expansions follow the canonical order
    paths: dict[frozenset[int], tuple[list[Move], PassTable]] = {frozenset(): ([], game)}
    frontier = [frozenset[int]()]
    wins: list[frozenset[int]] = []
    refusal = first
    while frontier:
        later: list[frozenset[int]] = []
        for key in frontier:
            passes, g = paths[key]
            if key:
                why = g.why_illegal(move)
                if why is None:
                    wins.append(key)
                    continue  # a superset of a win is never minimal
                if refusal.rule == "R12" and why.rule != "R12":
                    refusal = why
            for p in _legal_passes(g):
                nxt = key | {p.player}
                if nxt in paths or any(w <= nxt for w in wins):
                    continue
                h = g.copy()
                h.play(p)
                paths[nxt] = ([*passes, p], h)
                later.append(nxt)
        frontier = later
    minimal = [w for w in wins if not any(v < w for v in wins)]
    if len(minimal) == 1:
        return list(paths[minimal[0]][0])
    readings = [paths[w][0] for w in minimal]
    if not readings:
        raise ImpliedPassesError(refusal, move)
    text = _(WORDS["or"]).join(_names(game, r) for r in readings)
    raise ImpliedPassesError(
        Refusal("R12", _(WORDS["several"]).format(move=move.describe(game.players), readings=text)), move, readings
    )


def passes_to_end(game: PassTable, ending: str) -> list[Move]:
    """The passes a bout-ending word stands for, canonically ordered (the attacker first,
    then clockwise).

    Args:
        game: the game now; it is not changed.
        ending: ``"bito"``: every remaining thrower passes and the bout ends in bito
            (R15); ``"take"``: after the defender's take (and any throw-ins after it),
            the remaining throwers pass and the cards go to the defender (R14).

    Returns:
        The passes; where repetition (R27) ends the game on the way, those up to then.

    Raises:
        ImpliedPassesError: the bout cannot end so now (rule R15 for ``"bito"``, R14
            for ``"take"``): a card uncovered, no take declared, or a take declared
            where ``"bito"`` was said.
        ValueError: ``ending`` is not one of :data:`ENDINGS`.
    """
    if ending not in ENDINGS:
        raise ValueError(f"passes_to_end: ending is one of {', '.join(map(repr, ENDINGS))}, not {ending!r}")
    g = game.copy()
    passes: list[Move] = []
    a = game.attacker
    stand_for = Move.pass_(a if a is not None else 0)
    while True:
        legal = _legal_passes(g)
        if not legal:
            break
        p = legal[0]
        if not passes:
            stand_for = p
        events = g.play(p)
        passes.append(p)
        end = _bout_end(events)
        if end is not None:
            if end == _ENDING_RULE[ending]:
                return passes
            key = "took_not_bito" if ending == "bito" else "bito_not_take"
            raise ImpliedPassesError(Refusal(_ENDING_RULE[ending], _(WORDS[key])), stand_for)
        if g.finished:  # R27: a repetition ended the game on the way
            return passes
    key = "no_bito" if ending == "bito" else "no_take"
    raise ImpliedPassesError(Refusal(_ENDING_RULE[ending], _(WORDS[key])), stand_for)
