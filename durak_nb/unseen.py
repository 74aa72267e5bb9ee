"""Games whose deal nobody saw whole: over-the-board recordings (INTERCHANGE.md,
"Over-the-board recordings").

A game played with a real deck and written down by someone at the table knows only
what was shown: the turned-up trump (R3), the cards laid on the table, the lowest trump
shown for the first lead (R4), and any hand or refill the writer saw.  Such a game is
legal when at least one full deck order agrees with everything recorded and makes every
move legal under the rules (R1–R27); the first move for which none does is the illegal
one.

The facts are :class:`PartialDeal` and :class:`SeenDraw`; :class:`PartialGame` is the live
game of such a deal, :func:`check_partial` decides a whole recording and gives a
:class:`PartialReplay` with what is known at every move (:class:`Seen`).

>>> g = PartialGame("podkidnoy", ["Anna", "Boris"], PartialDeal(dealer=1, turned_up=Card.parse("7H"), attacker=0))
>>> g.play(Move.attack(0, "9S"))
[]
>>> g.seen().unknown
(5, 6)
>>> print(g.why_illegal(Move.defend(1, "7H", "9S")))
[R1] 7♥ is the turned-up card under the talon
>>> print(g.why_illegal(Move.defend(1, "8S", "9S")))
[R6] 8♠ does not beat 9♠: a card is beaten by a higher card of its suit or by a trump (♥)
>>> len(g.candidates(1))  # take, and a cover with each card nobody saw that beats 9♠
14

How it is decided
-----------------
Every rule decision stays in the engine.  A :class:`PartialGame` drives an ordinary
:class:`~durak_nb.engine.Game` dealt (R3) from a *witness*: one full deck order that
agrees with every constraint so far.  Its hidden cards are internal and never shown.

*Deck positions.*  Position ``i`` is index ``i`` of the deck, top card first, as
:meth:`Game.deal <durak_nb.engine.Game.deal>` deals it: the first ``n·hand_size`` are the
hands (one card at a time clockwise from the dealer's left, R3; a hand is a set, so only
the seat matters), the next one is the turned-up card (the talon's last, R3; in japanese
durak nothing is turned up and the talon is drawn in deck order, R8), then the talon from
the top.  Every talon position is drawn by a known seat after a known move (R16): the
order of the refills depends only on hand sizes, which the moves fix, so it is read off
the witness game's ``Drew`` events and is the same for every consistent order.

*Constraints.*  Each is "card ``c`` lies at one of a set of positions" (a bit mask):
``turned_up`` → its position; ``hands[P]`` → P's dealt positions; ``shown[P]`` (R4) → P's
dealt positions, every lower trump not in P's hand, and every trump below the lowest shown
one in the talon; a ``draws`` entry → exactly the talon positions P drew in that refill, and
before the refill is reached the talon positions not yet drawn; a card first named by P
at a move (laid, or shown for an R20 transfer, or shown for an R5 claim) → P's dealt
positions and the talon positions P drew before that move; a card never named → anywhere.
R4 for a deal whose first attacker is not recorded (after a redeal, R5, or with neither
``attacker`` nor ``shown``) is a choice of alternatives, one per candidate lowest trump
``t`` ("``t`` dealt to the player who led, every lower trump in the talon") plus "no trump
dealt" when the player left of the dealer led; it is decided exactly by trying each.

*Why a perfect matching decides it.*  A full order is a bijection cards → positions.
Replay the moves on the engine from an order σ: by induction, after moves ``0..t-1``
every public part of the position (table, discard, roles, passes, hand and talon sizes,
bout, the refill order) is the same for every σ that accepted them, and a card first named
at move ``t`` has not moved since it was dealt or drawn, so it is in P's hand under σ iff
σ puts it at one of P's positions so far.  The engine's refusals read the hidden cards only
through "the mover holds the cards" (R9/R10/R11/R17 and R20's shown trump): a refusal is
recognised as one of these when the engine withdraws or changes it on a copy of the
witness whose mover holds the named cards (the engine decides, nothing parses a message).
Every other refusal reads only the public part and is the same for every σ.  Hence the
orders that accept every move are exactly the perfect matchings of the bipartite graph
card–allowed position; Kuhn's augmenting paths on bit masks decide it (52 cards at most),
repairing the previous matching after each new constraint.  A refused ownership check is
answered by adding the constraint and re-solving: a new witness is dealt and every move
replayed on it (they must all be accepted), then the move is played.  None: the move is
illegal, with ``R1`` when a named card cannot be in the mover's hand by itself (already on
the table, in the discard, in another hand, under or in the talon, by a recorded fact or by
inference), else the rule of the ownership check ("no order lets P hold these cards
together").  A ``draws`` entry that no order meets at its refill makes that move illegal
(``R16``); since every ``draws`` entry constrains the talon from the start, a later entry
can make an earlier move the first one no order allows, which is what
:func:`check_partial` reports (the first prefix of moves that with the facts is infeasible:
the constraints only grow, so it is found move by move).

*Exceptions* (where the hidden cards decide more than ownership):
- R4 (above), exact.
- R5: a claim in a partial game names the claimant's five or six cards of one suit in
  ``Move.cards``; they become "dealt to the claimant"; exact.  The new deal starts a fresh
  system (what was known of the old hands is void); its turned-up card is required where
  one is turned up (``PartialDeal.redeals``), else the trump suit would be unknown and the
  move is refused (R5).
- R27 compares hands, but two positions counted against each other lie between the same
  two refills, where hands differ only by cards laid or taken, which are public: the same
  for every order.
- R9 english durak: a lead pass needs "no pair in the attacker's hand", and R26's
  ``two_sixes_win`` ends the game on "a hand of exactly two sixes": conditions on several
  hidden cards at once, not of the matching form.  They are decided exactly by a bounded
  branching search over witnesses (:data:`MAX_BRANCHES` nodes; beyond it the move is
  refused with the rule and "undecided"), and knowledge (:class:`Seen`) ignores them: what
  it states is still true, it may miss an inference they would add.

*Order of refusals.*  A card the move names that lies in public view elsewhere (the
table, the discard, another hand after a take) is ``R1`` before anything else
(INTERCHANGE.md); otherwise the engine's order holds (whose turn, then which cards, then
the limits), with the ownership check answered as above; a first lead no order allows
(R4 deciding from hidden cards) is ``R4``.

*Candidates* (what a scorer may tap, :meth:`PartialGame.candidates`): the witness
game's legal moves, which that order allows (each decided again while a seen refill is
still to come, R16: that order meets the refill after the recorded moves, not
necessarily after another move), and every move of the shapes the rules allow
(a lead of one rank, a cover that beats, a throw-in of ranks on the table, a transfer of
the attack rank, a shown trump, an R5 claim) with at least one card not yet seen that may
be in the mover's hand, each decided exactly as :meth:`PartialGame.why_illegal` does.

*Tested* (``tests/test_unseen_bruteforce.py``) against brute force on 24-card decks:
every deck order that agrees with the facts, replayed on the engine, for the verdict, the
first illegal move, the candidates and every index's :class:`Seen`.

*Live games.*  A :class:`PartialGame` played move by move knows only the moves so far:
before the first lead of a deal whose first attacker R4 decides from hidden cards,
:attr:`PartialGame.attacker` is ``None`` and :meth:`PartialGame.actors` lists every seat
some order makes the first attacker; a ``draws`` entry of a refill not yet reached
constrains the current deal unless a redeal known to come (``redeals``) lies between; and
where ``two_sixes_win`` ends the witness game by R26, the end may be the witness's alone:
the next move, if any, is decided against every order (:attr:`PartialGame.finished`
reports the witness until then).

*Side lines.*  A variation of an over-the-board game is played with the same physical
deck (:func:`side_line_deal`, the one rule every reader, writer and view asks): the seen
refills before the move it replaces hold as recorded; one of the main line's seen refills
after it becomes a :class:`SeenPlace` ("these cards lay at the talon places that refill
drew", read off the main line's refill order), since which player draws those places
after which move depends on the line's own moves (R16).  Facts of a deal after a
main-line redeal (R5) past the branching are dropped (a new shuffle the line never
reaches).

*Knowledge.*  With one perfect matching ``M``, the positions card ``c`` can hold in some
consistent order are ``M(c)`` and the allowed positions in ``c``'s strongly connected
component of the alternating digraph (matched edges position → card, other allowed edges
card → position; Dulmage–Mendelsohn).  Before move ``k`` a card not yet named is known in
P's hand iff all its possible positions are P's positions drawn by then, known in the talon
at position ``j`` iff ``j`` is its only one; a named card is where the moves put it (a card
taken back, R14, or shown, R20, is known in the hand).  :class:`PartialReplay` asks the
constraints of the whole recording, so at the end the last hand is forced this way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

from .cards import Card, Suit, card_text, cards_text, deck
from .engine import Action, Drew, Event, Game, IllegalMove, Move, Refusal, Result, SetupError
from .i18n import N_, _, ngettext
from .rules import Rules

__all__ = [
    "MAX_BRANCHES",
    "MAX_CANDIDATES",
    "PartialDeal",
    "PartialError",
    "PartialGame",
    "PartialReplay",
    "Seen",
    "SeenDraw",
    "SeenPlace",
    "UnseenDrew",
    "check_partial",
    "replay_partial",
    "side_line_deal",
]

#: The most nodes of the branching search for R9 (english lead pass) and R26
#: (``two_sixes_win``) conditions, per move.
MAX_BRANCHES = 2000
#: The most moves :meth:`PartialGame.candidates` checks for one seat (combinations of
#: cards not yet seen); it lists the single-card moves first, so a scorer always has them.
MAX_CANDIDATES = 4000

#: The words a person reads (one place), translated at use (:func:`_say`).
_WORDS = {
    "on_table": N_("{card} is already on the table"),
    "in_discard": N_("{card} is already in the discard"),
    # TRANSLATORS: {who} is the player who holds {card}
    "in_hand": N_("{card} is already in {who}'s hand"),
    "turned_up": N_("{card} is the turned-up card under the talon"),
    "in_talon": N_("{card} is still in the talon (by what was recorded)"),
    "elsewhere": N_("{card} cannot be in {who}'s hand: what was recorded puts it elsewhere"),
    "together": N_("{who} cannot hold {cards}: no deck order agrees with everything recorded so far"),
    # TRANSLATORS: {want} and {got} are numbers of cards; {k} a move's number
    "refill_count": N_("the record says {who} drew {want} after move {k}, but {who} draws {got} there"),
    "refill": N_("no deck order agrees with the refill after move {k} and the recorded draws"),
    "r4": N_(
        "{who} cannot lead first: no deck order agrees with everything recorded and gives {who} the lowest trump dealt"
    ),
    "r4_table": N_("the table is empty: the first attacker must lead"),
    "r5_cards": N_("a redeal claim shows five or more cards of one suit, all dealt to the claimant"),
    "r5_turned": N_(
        "the redeal at move {k} needs the new deal's turned-up card (deal.redeals): "
        "without it the trump suit is unknown"
    ),
    "r5_dealt": N_("{who} was not dealt {cards}: no deck order agrees with everything recorded"),
    "pair": N_("{who} holds a pair in every deck order that agrees with everything recorded, and must lead it"),
    "sixes": N_("the game ended there in every deck order that agrees with everything recorded (two sixes win, R26)"),
    "facts": N_("no deck order agrees with the recorded deal (turned-up card, hands, shown cards, draws)"),
    "redeals_at": N_("deal.redeals: move {k} is not a redeal"),
}


def _counted(key: str, n: int) -> str:
    """The sentence ``key`` with the plural form for the number ``n`` (not yet formatted)."""
    if key == "undecided":
        return ngettext(
            "undecided: more than {n} deck order tried for this move",
            "undecided: more than {n} deck orders tried for this move",
            n,
        )
    return ngettext(
        "deal.draws: a refill after move {k}, but the recording has {n} move",
        "deal.draws: a refill after move {k}, but the recording has {n} moves",
        n,
    )


def _say(key: str, **values: object) -> str:
    """The sentence ``key`` in the language in use, its fields filled (``undecided`` and
    ``draws_after`` take the plural form of their number ``n``)."""
    if key in ("undecided", "draws_after"):
        n = values["n"]
        assert isinstance(n, int)
        return _counted(key, n).format(**values)
    return _(_WORDS[key]).format(**values)


@dataclass(frozen=True)
class SeenDraw:
    """A refill someone saw (``deal.draws`` in INTERCHANGE.md).

    Attributes:
        after: 0-based index of the main-line move that ended the bout after which the
            refill took place (R16).
        player: the seat that drew.
        cards: the whole set of cards that player drew in that refill, sorted.
    """

    after: int
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SeenPlace:
    """Cards of a refill someone saw, as a fact of the physical deck: they lay, in some
    order, at the talon places ``places`` of the deal that began at move ``start``.

    What a side line inherits from the main line's seen refills after its branching
    (:func:`side_line_deal`): the deck is the same in every line, but which refill
    draws those places is the line's own (R16).  Never read from or written to a file.

    Attributes:
        start: the index of the deal's first move (0, or the move after an R5 redeal).
        places: talon places, 0 being the talon's top card when the deal was dealt (the
            turned-up card, R3, is the last place).
        cards: the cards lying there, sorted; no more than ``places``.
    """

    start: int
    places: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PartialDeal:
    """A deal known in part: the ``deal`` member without ``deck``.

    Attributes:
        dealer: seat of the dealer (R3, R4).
        turned_up: the card under the talon (R3), or ``None`` where no card is turned
            up (every card dealt; japanese, R8): then ``trump`` names the suit.
        trump: the trump suit where no card is turned up, else ``None``.
        attacker: who led first, or ``None`` when ``shown`` makes R4 decide it.
        shown: ``(seat, cards)`` pairs, by seat: cards players showed (R4's lowest
            trump: that player's lowest trump and the lowest trump dealt).
        hands: ``(seat, cards)`` pairs, by seat: whole starting hands the writer saw.
        draws: refills the writer saw, in the order of ``after``.
        redeals: ``(move index, turned_up)`` pairs: the turned-up card of the new deal
            after the ``redeal`` move at that index (R5), where it was recorded.
        placed: talon facts (:class:`SeenPlace`): only in a side line's deal
            (:func:`side_line_deal`), never in a recording's.
    """

    dealer: int
    turned_up: Card | None = None
    trump: Suit | None = None
    attacker: int | None = None
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    draws: tuple[SeenDraw, ...] = ()
    redeals: tuple[tuple[int, Card], ...] = ()
    placed: tuple[SeenPlace, ...] = ()


@dataclass(frozen=True)
class Seen:
    """What is known of the hidden cards at one moment of a partial game.

    Attributes:
        hands: per seat (clockwise), the cards known to be in that hand, sorted: seen
            there (R4 shown, a recorded hand or refill, taken back at R14, shown for R20)
            or forced there by what was recorded.
        unknown: per seat, how many cards of the hand are not known.
        talon: the talon top card first, ``None`` where the card is not known (the
            turned-up card, R3, is known).
    For a game whose every card is determined, ``unknown`` is all 0 and ``talon`` has no
    ``None``.
    """

    hands: tuple[tuple[Card, ...], ...]
    unknown: tuple[int, ...]
    talon: tuple[Card | None, ...]


@dataclass(frozen=True)
class UnseenDrew(Drew):
    """R16: ``player`` drew ``count`` cards from the talon, of which ``cards`` are known
    (the others nobody saw).  What :meth:`PartialGame.play` reports instead of
    :class:`~durak_nb.engine.Drew`, whose cards would be the witness's."""

    count: int = 0

    def describe(self, names: Sequence[str]) -> str:
        hidden = self.count - len(self.cards)
        name, n = names[self.player], self.count
        if not self.cards:
            words = ngettext("{name} draws {n} card (R16)", "{name} draws {n} cards (R16)", n)
        elif hidden:
            # TRANSLATORS: {cards} are the cards seen; {hidden} how many more nobody saw
            words = ngettext(
                "{name} draws {n} card: {cards} and {hidden} unseen (R16)",
                "{name} draws {n} cards: {cards} and {hidden} unseen (R16)",
                n,
            )
        else:
            words = ngettext("{name} draws {n} card: {cards} (R16)", "{name} draws {n} cards: {cards} (R16)", n)
        return words.format(name=name, n=n, cards=cards_text(self.cards), hidden=hidden)


class PartialError(IllegalMove):
    """The first move of a partial recording that no deck order allows
    (:func:`check_partial`).

    Attributes:
        refusal, move: as :class:`~durak_nb.engine.IllegalMove` (``R1`` when a card named
            is already elsewhere, else the rule every remaining order breaks).
        index: the 0-based index of that move.
        game: the :class:`PartialGame` before it (its :meth:`PartialGame.seen` is what
            is known there).
    """

    def __init__(self, refusal: Refusal, move: Move, index: int, game: PartialGame) -> None:
        super().__init__(refusal, move)
        self.index = index
        self.game = game

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.refusal, self.move, self.index, self.game))


# ----------------------------------------------------------------------------- positions


class _Layout:
    """The deck positions of one deal (R3): who is dealt which index, where the talon
    positions lie in the deck."""

    __slots__ = ("cards", "dealt", "index", "n", "seat_mask", "talon_mask", "talon_pos", "turned")

    def __init__(self, rules: Rules, n: int, dealer: int) -> None:
        self.cards: tuple[Card, ...] = deck(rules.deck_size)
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.n = n
        size = len(self.cards)
        dealt = self.dealt = n * rules.hand_size
        self.seat_mask = [0] * n
        for i in range(dealt):
            self.seat_mask[(dealer + 1 + i) % n] |= 1 << i
        rest = size - dealt
        if rules.japanese:  # R8: nothing turned up, the talon in deck order
            self.talon_pos = list(range(dealt, size))
            self.turned: int | None = None
        elif rest:  # R3: the turned-up card lies under the talon, the last drawn
            self.talon_pos = [*range(dealt + 1, size), dealt]
            self.turned = dealt
        else:
            self.talon_pos = []
            self.turned = None
        self.talon_mask = sum(1 << p for p in self.talon_pos)

    def talon_bits(self, first: int, count: int) -> int:
        """The positions of talon places ``first .. first+count-1`` (top first) as a mask."""
        m = 0
        for j in range(first, first + count):
            m |= 1 << self.talon_pos[j]
        return m

    def undrawn(self, drawn: int) -> int:
        """The talon positions not yet drawn after ``drawn`` cards were drawn."""
        return self.talon_bits(drawn, len(self.talon_pos) - drawn)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _matching(allowed: Sequence[int], hint: Sequence[int] | None) -> list[int] | None:
    """A perfect matching cards → positions (``pos[c]``), each card at an allowed
    position, or ``None``: Kuhn's augmenting paths, starting from the still valid part of
    ``hint``.  Work: at most cards × edges steps (52 × 2704)."""
    size = len(allowed)
    pos = [-1] * size
    card_at = [-1] * size
    if hint is not None:
        for c, p in enumerate(hint):
            if p >= 0 and allowed[c] >> p & 1 and card_at[p] < 0:
                pos[c], card_at[p] = p, c
    seen = 0

    def augment(c: int) -> bool:
        nonlocal seen
        m = allowed[c] & ~seen
        while m:
            low = m & -m
            m ^= low
            seen |= low
            p = low.bit_length() - 1
            if card_at[p] < 0 or augment(card_at[p]):
                pos[c], card_at[p] = p, c
                return True
        return False

    for c in range(size):
        if pos[c] < 0:
            if not allowed[c]:
                return None
            seen = 0
            if not augment(c):
                return None
    return pos


def _possible(allowed: Sequence[int], pos: Sequence[int]) -> list[int]:
    """Per card, the positions it holds in some perfect matching (Dulmage–Mendelsohn):
    its matched position and every allowed position in its strongly connected component
    of the alternating digraph (card → allowed unmatched position, position → its matched
    card).  Tarjan's algorithm, iterative; linear in the edges."""
    size = len(allowed)
    card_at = [0] * size
    for c, p in enumerate(pos):
        card_at[p] = c
    # nodes 0..size-1 cards, size..2size-1 positions
    nodes = 2 * size
    succ: list[list[int]] = [[size + p for p in _bits(allowed[c] & ~(1 << pos[c]))] for c in range(size)]
    succ += [[card_at[p]] for p in range(size)]
    index = [-1] * nodes
    low = [0] * nodes
    comp = [-1] * nodes
    on = [False] * nodes
    stack: list[int] = []
    counter = 0
    ncomp = 0
    for root in range(nodes):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = True
        while work:
            v, i = work[-1]
            if i < len(succ[v]):
                work[-1] = (v, i + 1)
                w = succ[v][i]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = True
                    work.append((w, 0))
                elif on[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on[w] = False
                    comp[w] = ncomp
                    if w == v:
                        break
                ncomp += 1
    out = []
    for c in range(size):
        m = 1 << pos[c]
        for p in _bits(allowed[c]):
            if comp[size + p] == comp[c]:
                m |= 1 << p
        out.append(m)
    return out


@dataclass(frozen=True)
class _System:
    """The constraints of one deal: per card (index in deck order) the allowed positions,
    R4's alternatives (each a tuple of (card, mask) restrictions, one must hold), and a
    perfect matching (``None`` when none exists)."""

    allowed: tuple[int, ...]
    alts: tuple[tuple[tuple[int, int], ...], ...] | None = None
    pos: tuple[int, ...] | None = None

    def restrict(self, items: Iterable[tuple[int, int]]) -> _System:
        """The system with card ``c`` restricted to ``mask`` for each pair (not solved)."""
        allowed = list(self.allowed)
        for c, m in items:
            allowed[c] &= m
        return replace(self, allowed=tuple(allowed))

    def _variants(self) -> Iterator[list[int]]:
        if self.alts is None:
            yield list(self.allowed)
            return
        for alt in self.alts:
            allowed = list(self.allowed)
            for c, m in alt:
                allowed[c] &= m
            yield allowed

    def solve(self) -> _System | None:
        """The system with a perfect matching, or ``None`` when there is none (the
        first R4 alternative that has one is used)."""
        for allowed in self._variants():
            pos = _matching(allowed, self.pos)
            if pos is not None:
                return replace(self, pos=tuple(pos))
        return None

    def possible(self) -> list[int]:
        """Per card, every position it holds in some consistent order (the union over
        R4's alternatives that have a matching)."""
        out = [0] * len(self.allowed)
        for allowed in self._variants():
            pos = _matching(allowed, self.pos)
            if pos is None:
                continue
            for c, m in enumerate(_possible(allowed, pos)):
                out[c] |= m
        return out

    def deck(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The witness deck order, top card first."""
        assert self.pos is not None
        order = [cards[0]] * len(cards)
        for c, p in enumerate(self.pos):
            order[p] = cards[c]
        return tuple(order)


@dataclass(frozen=True)
class _Deal:
    """One deal of a partial game (the first, or one after an R5 redeal).

    Attributes:
        start: index of the first move of this deal.
        layout: its deck positions.
        system: its constraints, solved.
        trump: the trump suit.
        attacker: the first attacker when known (recorded, or R4 by a shown card, or the
            first lead); ``None`` while R4 decides it from hidden cards.
        named: cards named by a move of this deal so far (their places are public).
        drawn: per seat, the talon positions drawn so far.
        ndrawn: how many talon cards were drawn so far.
    """

    start: int
    layout: _Layout
    system: _System
    trump: Suit
    attacker: int | None
    named: frozenset[Card] = frozenset()
    drawn: tuple[int, ...] = ()
    ndrawn: int = 0
    log: tuple[tuple[int, int, int], ...] = field(default=())  #: (move, seat, positions) per refill draw

    def deck(self) -> tuple[Card, ...]:
        return self.system.deck(self.layout.cards)

    def mine(self, seat: int) -> int:
        """The positions of ``seat``'s cards so far: dealt and drawn."""
        return self.layout.seat_mask[seat] | self.drawn[seat]


# ----------------------------------------------------------------------------- the live game


class _Failed(Exception):
    """The witness engine game refused move ``index`` (``game`` is the game before it)."""

    def __init__(self, index: int, game: Game, refusal: Refusal) -> None:
        super().__init__(index)
        self.index, self.game, self.refusal = index, game, refusal


class _Undecided(Exception):
    """The branching search passed :data:`MAX_BRANCHES` nodes."""


_Outcome = Refusal | tuple[tuple["_Deal", ...], Game, list[Event]] | None


def _count(mask: int) -> int:
    return bin(mask).count("1")


class PartialGame:
    """The live game of a deal known in part (INTERCHANGE.md, "Over-the-board
    recordings"): the same surface as :class:`~durak_nb.engine.Game` where it makes sense.

    Args:
        rules: a :class:`~durak_nb.rules.Rules` or a preset name.
        players: seat names, clockwise.
        deal: the :class:`PartialDeal` (seats are indices into ``players``).
        redeals: indices of the ``redeal`` moves known to come (:func:`check_partial`
            passes those of the whole recording), so that a ``draws`` entry after one of
            them constrains the later deal, not this one.

    Raises:
        SetupError: facts that break R1–R4 (a card not of the deck or in two places, a
            hand of the wrong size, a shown card that is not a trump, a trump that
            disagrees with the turned-up card, a seat that is not a player), or that no
            deck order meets together.
        TypeError: arguments of the wrong type.

    Attributes:
        rules, players: as given (``players`` a tuple).
        deal: the facts.
        moves: the moves played, in order (a list; do not change it).

    Every method's work is bounded: a move costs a few perfect matchings of at most 52
    cards and, when the witness changes, one replay of the moves on the engine;
    :meth:`candidates` checks at most :data:`MAX_CANDIDATES` moves per seat.
    """

    def __init__(
        self, rules: Rules | str, players: Sequence[str], deal: PartialDeal, *, redeals: Iterable[int] = ()
    ) -> None:
        if isinstance(rules, str):
            rules = Rules.make(rules)
        if not isinstance(rules, Rules):
            raise TypeError(f"PartialGame: rules must be a Rules or a preset name, not {type(rules).__name__}")
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise TypeError("PartialGame: players must be a list of names")
        if not isinstance(deal, PartialDeal):
            raise TypeError(f"PartialGame: deal must be a PartialDeal, not {type(deal).__name__}")
        self.rules = rules
        self.players: tuple[str, ...] = tuple(players)
        self.deal = deal
        self.moves: list[Move] = []
        self._redeals = frozenset(redeals)
        self._sides = rules.lead_style == "pair" or rules.two_sixes_win  # R9, R26: see the module
        Game(rules, self.players)  # R2: the names and the number of players
        self._deals: tuple[_Deal, ...] = (self._first_deal(),)
        self._game, _events = self._witness(self._deals, [])
        self._history: list[tuple[tuple[_Deal, ...], Game]] = []

    # ------------------------------------------------------------------ facts

    def _seat(self, s: object, what: str, rule: str) -> int:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(self.players):
            raise SetupError(
                rule,
                # TRANSLATORS: {what} is the member of deal as written (dealer, hands, shown)
                _("deal.{what}: {seat} is not a seat 0..{last}").format(
                    what=what, seat=repr(s), last=len(self.players) - 1
                ),
            )
        return s

    def _ix(self, layout: _Layout, c: object, what: str) -> int:
        i = layout.index.get(c) if isinstance(c, Card) else None
        if i is None:
            raise SetupError(
                "R1",
                _("deal.{what}: {card} is not a card of the {size}-card deck").format(
                    what=what, card=repr(c), size=len(layout.cards)
                ),
            )
        return i

    def _in_deal(self, start: int, after: int) -> bool:
        """A ``draws`` entry after move ``after`` belongs to the deal that began at move
        ``start``: no redeal known between them."""
        return after >= start and not any(start <= r <= after for r in self._redeals)

    def _placed(self, layout: _Layout, start: int) -> list[tuple[int, int]]:
        """The :class:`SeenPlace` facts of the deal beginning at move ``start`` as
        constraints (card, talon positions)."""
        items: list[tuple[int, int]] = []
        for f in self.deal.placed:
            if f.start != start:
                continue
            if not f.places or not all(isinstance(j, int) and 0 <= j < len(layout.talon_pos) for j in f.places):
                raise SetupError("R16", _("deal.placed: {places} are not talon places").format(places=repr(f.places)))
            mask = sum(1 << layout.talon_pos[j] for j in set(f.places))
            items += [(self._ix(layout, c, "placed"), mask) for c in f.cards]
        return items

    def _first_deal(self) -> _Deal:
        """Deal 0 with the facts of :attr:`deal` (R3, R4)."""
        d, r, n = self.deal, self.rules, len(self.players)
        dealer = self._seat(d.dealer, "dealer", "R3")
        layout = _Layout(r, n, dealer)
        full = (1 << len(layout.cards)) - 1
        items: list[tuple[int, int]] = []
        if r.japanese:  # R8
            if d.turned_up is not None or d.trump not in (None, Suit.D):
                raise SetupError("R8", _("deal: in japanese durak diamonds are trump and nothing is turned up"))
            trump = Suit.D
        elif layout.turned is None:  # R3: every card dealt
            if d.turned_up is not None:
                raise SetupError("R3", _("deal.turned_up: every card is dealt, so none is turned up: record trump"))
            if d.trump is None:
                raise SetupError("R3", _("deal.trump is required: every card is dealt, so the trump was chosen"))
            trump = d.trump
        elif d.turned_up is not None:
            trump = d.turned_up.suit
            if d.trump is not None and d.trump != trump:
                raise SetupError(
                    "R3", _("deal.trump disagrees with the turned-up card {card}").format(card=card_text(d.turned_up))
                )
            items.append((self._ix(layout, d.turned_up, "turned_up"), 1 << layout.turned))
        elif d.trump is not None:  # the turned-up card unknown, its suit known
            trump = d.trump
            items += [(i, full & ~(1 << layout.turned)) for i, c in enumerate(layout.cards) if c.suit != trump]
        else:
            raise SetupError("R3", _("deal.turned_up is required (or trump, where no card is turned up)"))
        for seat, cards in d.hands:
            s = self._seat(seat, "hands", "R2")
            if len(cards) != r.hand_size:
                raise SetupError(
                    "R3",
                    ngettext(
                        "deal.hands: {who} was dealt {n} card, not {got}",
                        "deal.hands: {who} was dealt {n} cards, not {got}",
                        r.hand_size,
                    ).format(who=self.players[s], n=r.hand_size, got=len(cards)),
                )
            items += [(self._ix(layout, c, "hands"), layout.seat_mask[s]) for c in cards]
        lowest: list[tuple[Card, int]] = []
        for seat, cards in d.shown:
            s = self._seat(seat, "shown", "R2")
            for c in cards:
                i = self._ix(layout, c, "shown")
                if c.suit != trump:
                    raise SetupError(
                        "R4",
                        _("deal.shown: {card} is not a trump: R4 shows the lowest trump").format(card=card_text(c)),
                    )
                items.append((i, layout.seat_mask[s]))
            if cards:
                low = min(cards)
                lowest.append((low, s))
                items += [
                    (layout.index[t], full & ~layout.seat_mask[s]) for t in layout.cards if t.suit == trump and t < low
                ]
        if lowest:  # R4: every trump below the lowest shown one was not dealt
            low = min(lowest)[0]
            items += [(layout.index[t], layout.talon_mask) for t in layout.cards if t.suit == trump and t < low]
        for f in d.draws:
            self._seat(f.player, "draws", "R16")
            if isinstance(f.after, bool) or not isinstance(f.after, int) or f.after < 0:
                raise SetupError(
                    "R16", _("deal.draws: after must be a move index, not {after}").format(after=repr(f.after))
                )
            if self._in_deal(0, f.after):
                items += [(self._ix(layout, c, "draws"), layout.talon_mask) for c in f.cards]
        items += self._placed(layout, 0)
        attacker = d.attacker
        if attacker is not None:
            self._seat(attacker, "attacker", "R4")
        elif lowest:
            attacker = min(lowest)[1]
        system = _System((full,) * len(layout.cards)).restrict(items)
        for i, m in enumerate(system.allowed):
            if not m:
                raise SetupError(
                    "R1", _("deal: {card} is recorded in two places").format(card=card_text(layout.cards[i]))
                )
        solved = system.solve()
        if solved is None:
            raise SetupError("R1", _say("facts"))
        return _Deal(0, layout, solved, trump, attacker, drawn=(0,) * n)

    # ------------------------------------------------------------------ the witness

    def _witness(self, deals: Sequence[_Deal], moves: Sequence[Move]) -> tuple[Game, list[Event]]:
        """The engine game dealt from the witness decks after ``moves``, and the events of
        the last move.

        Raises:
            _Failed: the engine refuses a move (an R9/R26 condition on hidden cards that
                this witness breaks): the index, the game before it and the refusal.
        """
        d0 = deals[0]
        no_card = d0.layout.turned is None and not self.rules.japanese
        game = Game.deal(
            self.rules,
            self.players,
            deck_order=d0.deck(),
            dealer=self.deal.dealer,
            trump=d0.trump if no_card else None,
            attacker=d0.attacker,
        )
        events: list[Event] = []
        i = 0
        for k, m in enumerate(moves):
            if m.action is Action.REDEAL:
                i += 1
                m = Move(m.player, Action.REDEAL, (), None, False, deals[i].deck())
            try:
                events = game.play(m)
            except IllegalMove as exc:
                raise _Failed(k, game, exc.refusal) from None
        return game, events

    def _branches(self, cur: _Deal, failed: _Failed, moves: Sequence[Move]) -> list[list[tuple[int, int]]]:
        """The ways to rule out why the witness failed at ``failed.index`` (R9 english: a
        pair in the hand of the attacker passing the lead; R26: a hand of exactly two sixes
        that ended the game): one pair ``c1, c2`` of the hand, "``c1`` not there" or
        "``c1`` there and ``c2`` not", as restrictions; empty when it cannot be ruled out."""
        game, k = failed.game, failed.index
        lay = cur.layout
        if k < cur.start:
            return []
        named = {c for m in moves[cur.start : k] for c in m.cards}
        if game.finished and game.result is not None and game.result.rule == "R26" and game.result.out_order:
            seat = game.result.out_order[-1]  # the winner by two sixes (R26)
            cards = list(game.hands[seat])
            upto = k  # the refill of the move that ended the game counts
        elif self.rules.lead_style == "pair" and game.attacker is not None and not game.attack_cards:
            seat = game.attacker
            hand = game.hands[seat]
            pairs = [(x, y) for x, y in combinations(hand, 2) if x.rank == y.rank]
            if not pairs:
                return []
            pairs.sort(key=lambda p: (p[0] in named) + (p[1] in named))
            cards = list(pairs[0])
            upto = k
        else:
            return []
        mine = lay.seat_mask[seat]
        for kk, s, m in cur.log:
            if s == seat and kk < upto:
                mine |= m
        full = (1 << len(lay.cards)) - 1
        out: list[list[tuple[int, int]]] = []
        fixed: list[tuple[int, int]] = []
        for c in cards[:2]:
            if c not in named:
                out.append([*fixed, (lay.index[c], full & ~mine)])
                fixed.append((lay.index[c], mine))
        return out

    def _realise(
        self, deals: list[_Deal], moves: Sequence[Move], known: tuple[Game, list[Event]] | None = None
    ) -> tuple[list[_Deal], Game, list[Event]] | None:
        """Solve the last deal's constraints into a witness whose engine game accepts
        every one of ``moves``, or ``None`` when no deck order does.  Where the engine
        refuses a move for an R9 (english lead pass) or R26 (two sixes) condition on hidden
        cards, branch (:meth:`_branches`), at most :data:`MAX_BRANCHES` nodes.

        ``known``: the game and events already played from the last deal's current
        matching, reused when the solution keeps it.

        Raises:
            _Undecided: more than :data:`MAX_BRANCHES` nodes.
        """
        cur = deals[-1]
        stack = [cur.system]
        nodes = 0
        before = cur.system.deck(cur.layout.cards) if cur.system.pos is not None else None
        while stack:
            nodes += 1
            if nodes > MAX_BRANCHES:
                raise _Undecided
            solved = stack.pop().solve()
            if solved is None:
                continue
            # keep the constraints, not the branch taken: only the matching is the witness's
            trial = [*deals[:-1], replace(cur, system=replace(cur.system, pos=solved.pos))]
            if known is not None and solved.deck(cur.layout.cards) == before:
                return trial, known[0], known[1]
            try:
                game, events = self._witness(trial, moves)
            except _Failed as failed:
                stack += [solved.restrict(items) for items in reversed(self._branches(trial[-1], failed, moves))]
                continue
            return trial, game, events
        return None

    def witness_moves(self) -> list[Move]:
        """The moves as the witness game plays them: a redeal (R5) carries its witness deck
        instead of the claimed cards (internal use)."""
        out, i = [], 0
        for m in self.moves:
            if m.action is Action.REDEAL:
                i += 1
                m = Move(m.player, Action.REDEAL, (), None, False, self._deals[i].deck())
            out.append(m)
        return out

    def witness_start(self) -> Game:
        """The engine game before the first move, dealt from the witness (internal use
        only: its hidden cards must never be shown to a person)."""
        return self._witness(self._deals, [])[0]

    # ------------------------------------------------------------------ deciding a move

    def _is_lead(self, move: Move) -> bool:
        return move.action is Action.ATTACK or (move.action is Action.PASS and self.rules.lead_style == "pair")

    def _first_attacker(self, cur: _Deal, seat: int) -> _Deal | None:
        """``cur`` with R4 deciding ``seat`` as the first attacker (alternatives: the
        lowest trump dealt is ``t``, in ``seat``'s hand, every lower trump in the talon;
        or no trump dealt and ``seat`` left of the dealer), or ``None`` if no order does."""
        lay = cur.layout
        trumps = sorted(c for c in lay.cards if c.suit == cur.trump)
        alts = [
            ((lay.index[t], lay.seat_mask[seat]), *((lay.index[u], lay.talon_mask) for u in trumps[:i]))
            for i, t in enumerate(trumps)
        ]
        if seat == (self.deal.dealer + 1) % len(self.players):
            alts.append(tuple((lay.index[u], lay.talon_mask) for u in trumps))
        solved = replace(cur.system, alts=tuple(alts)).solve()
        return None if solved is None else replace(cur, system=solved, attacker=seat)

    def _where(self, cur: _Deal, mask: int, card: Card, seat: int) -> str:
        """Where ``mask`` (a card's positions) puts ``card``, for an R1 refusal."""
        lay = cur.layout
        text = card_text(card)
        if lay.turned is not None and mask == 1 << lay.turned:
            return _say("turned_up", card=text)
        for s in range(len(self.players)):
            if s != seat and mask and not mask & ~cur.mine(s):
                return _say("in_hand", card=text, who=self.players[s])
        if mask and not mask & ~lay.talon_mask:
            return _say("in_talon", card=text)
        return _say("elsewhere", card=text, who=self.players[seat])

    def _where_public(self, game: Game, card: Card) -> str:
        """Where a card already named lies now (R1)."""
        text = card_text(card)
        if card in game.attack_cards or card in game.defence_cards:
            return _say("on_table", card=text)
        if card in game.discard:
            return _say("in_discard", card=text)
        for s, h in enumerate(game.hands):
            if card in h:
                return _say("in_hand", card=text, who=self.players[s])
        return _say("in_discard", card=text)  # pragma: no cover - every named card is somewhere

    def _holds_probe(self, game: Game, move: Move, missing: Sequence[Card]) -> Game | None:
        """A copy of ``game`` whose mover holds ``missing`` (each swapped with a card of
        theirs the move does not name), for asking the engine its verdict on the public
        part of the move; ``None`` when the mover has too few other cards or a missing
        card lies on the table or in the discard."""
        probe = game.copy()
        hands = [list(h) for h in probe.hands]  # the engine's hands are set whole, never edited
        hand = hands[move.player]
        spare = [c for c in hand if c not in move.cards]
        if len(spare) < len(missing):
            return None
        for c, d in zip(missing, spare, strict=False):
            for h in hands:
                if c in h:
                    h[h.index(c)] = d
                    break
            else:
                if c not in probe.talon:
                    return None
                probe.talon[probe.talon.index(c)] = d
            hand[hand.index(d)] = c
        probe.hands = hands
        return probe

    def _probe(self, game: Game, cur: _Deal, system: _System) -> Game:
        """A copy of ``game`` whose hidden cards are those of ``system``'s matching (the
        public part unchanged): the engine's verdict on it is that order's."""
        probe = game.copy()
        lay = cur.layout
        order = system.deck(lay.cards)
        hands = []
        for s, hand in enumerate(probe.hands):
            mine = cur.mine(s)
            hidden = [order[p] for p in _bits(mine)]
            hands.append([c for c in hand if c in cur.named] + [c for c in hidden if c not in cur.named])
        probe.hands = hands  # the engine's hands are set whole, never edited
        probe.talon[:] = [order[lay.talon_pos[j]] for j in range(cur.ndrawn, len(lay.talon_pos))]
        return probe

    def _pending(self, cur: _Deal, k: int) -> bool:
        """Some ``draws`` entry of this deal is still to come at move ``k`` or later."""
        return any(f.after >= k and self._in_deal(cur.start, f.after) for f in self.deal.draws)

    def _decide(self, move: Move, *, full: bool = True) -> _Outcome:
        """The refusal of ``move``, or (with ``full``) the new deals, witness game and
        public events; without ``full``, ``None`` for a legal move."""
        try:
            return self._decide_move(move, full=full)
        except _Undecided:
            return Refusal(self._rule_of(move), _say("undecided", n=MAX_BRANCHES))

    def _rule_of(self, move: Move) -> str:
        act = move.action
        return {Action.DEFEND: "R10", Action.ATTACK: "R9", Action.TRANSFER: "R17", Action.PASS: "R9"}.get(
            act, "R5" if act is Action.REDEAL else "R11"
        )

    def _after_sixes(self, deals: list[_Deal], move: Move) -> Refusal | tuple[list[_Deal], Game]:
        """A move after the witness game ended: R25, unless the end was R26's two sixes
        (``two_sixes_win``), which may be this witness's alone: then the deals and witness
        game (before ``move``) of an order where the game goes on."""
        game = self._game
        over = game.why_illegal(move)
        result = game.result
        if not (self.rules.two_sixes_win and result is not None and result.rule == "R26"):
            assert over is not None
            return over
        got = self._realise(deals, [*self.moves, move])
        if got is None:
            return Refusal("R26", _say("sixes"))
        return got[0], self._witness(got[0], self.moves)[0]

    def _decide_move(self, move: Move, *, full: bool) -> _Outcome:
        if not isinstance(move, Move):
            raise TypeError(f"PartialGame: move must be a Move (e.g. Move.attack(0, '7S')), not {type(move).__name__}")
        game = self._game
        deals = list(self._deals)
        cur = deals[-1]
        if game.finished:
            went_on = self._after_sixes(deals, move)
            if isinstance(went_on, Refusal):
                return went_on
            deals, game = went_on
            cur = deals[-1]
        if move.action is Action.REDEAL:
            return self._decide_redeal(move, deals, game, full=full)
        p = move.player
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.players):
            return game.why_illegal(move)  # R2
        if cur.attacker is None and not game.attack_cards:  # R4 decides the first attacker
            if not self._is_lead(move):
                return game.why_illegal(move) and Refusal("R9", _say("r4_table"))
            got_deal = self._first_attacker(cur, p)
            realised = None if got_deal is None else self._realise([*deals[:-1], got_deal], self.moves)
            if realised is None:
                return Refusal("R4", _say("r4", who=self.players[p]))
            deals, game, _events = realised
            cur = deals[-1]
        refusal = game.why_illegal(move)
        fresh = [c for c in move.cards if c not in cur.named]
        lay = cur.layout
        if refusal is None:
            system = cur.system.restrict((lay.index[c], cur.mine(p)) for c in fresh)
            return self._commit(deals, cur, system, game, move, full=full, refusal=refusal)
        missing = [c for c in move.cards if isinstance(c, Card) and c in lay.index and c not in game.hands[p]]
        if not missing:
            if self._sides:  # R9 english lead pass: a pair in the hand may be another order's
                side = self._realise(deals, [*self.moves, move])
                if side is not None:
                    d = side[0][-1]
                    return self._commit(side[0], d, d.system, None, move, full=full, refusal=refusal)
            return refusal  # the same in every order (for R9: every order leaves a pair)
        for c in missing:
            if c in cur.named:  # R1 first: the card lies in public view elsewhere
                return Refusal("R1", self._where_public(game, c))
        holding = self._holds_probe(game, move, missing)
        if holding is not None and holding.why_illegal(move) == refusal:
            return refusal  # the refusal does not depend on who holds what
        system = cur.system.restrict((lay.index[c], cur.mine(p)) for c in fresh)
        for c in missing:
            if not system.allowed[lay.index[c]]:
                return Refusal("R1", self._where(cur, cur.system.allowed[lay.index[c]], c, p))
        solved = system.solve()
        if solved is None:
            possible = cur.system.possible()
            for c in missing:
                if not possible[lay.index[c]] & cur.mine(p):
                    return Refusal("R1", self._where(cur, possible[lay.index[c]], c, p))
            return Refusal(refusal.rule, _say("together", who=self.players[p], cards=cards_text(missing)))
        probe = self._probe(game, cur, solved)
        second = probe.why_illegal(move)
        if second is not None:
            return second
        together = Refusal(refusal.rule, _say("together", who=self.players[p], cards=cards_text(missing)))
        return self._commit(deals, cur, solved, None, move, full=full, refusal=together)

    def _commit(
        self,
        deals: list[_Deal],
        cur: _Deal,
        system: _System,
        game: Game | None,
        move: Move,
        *,
        full: bool,
        refusal: Refusal | None,
    ) -> _Outcome:
        """Play ``move`` on the witness of ``system`` (realised again when ``game`` is
        ``None``; ``refusal`` when no order accepts it), then the refill's recorded draws
        (R16)."""
        k = len(self.moves)
        if not full and not self._sides and not self._pending(cur, k):
            return None
        cur = replace(cur, system=system, named=cur.named | set(move.cards))
        deals = [*deals[:-1], cur]
        if game is None:
            got = self._realise(deals, [*self.moves, move])
            if got is None:
                assert refusal is not None
                return refusal
            deals, game, events = got
            cur = deals[-1]
        else:
            game = game.copy()
            events = game.play(move)
        lay = cur.layout
        drawn, nd, log = list(cur.drawn), cur.ndrawn, list(cur.log)
        refill: dict[int, int] = {}
        for ev in events:
            if isinstance(ev, Drew):
                m = lay.talon_bits(nd, len(ev.cards))
                drawn[ev.player] |= m
                refill[ev.player] = m
                nd += len(ev.cards)
                log.append((k, ev.player, m))
        items: list[tuple[int, int]] = []
        for f in self.deal.draws:
            if not self._in_deal(cur.start, f.after) or f.after < k:
                continue
            if f.after == k:
                got_mask = refill.get(f.player, 0)
                if _count(got_mask) != len(f.cards):
                    return Refusal(
                        "R16",
                        _say(
                            "refill_count",
                            who=self.players[f.player],
                            want=len(f.cards),
                            got=_count(got_mask),
                            k=k + 1,  # as people count moves
                        ),
                    )
                items += [(lay.index[c], got_mask) for c in f.cards]
            elif refill:
                items += [(lay.index[c], lay.undrawn(nd)) for c in f.cards]
        cur = replace(cur, drawn=tuple(drawn), ndrawn=nd, log=tuple(log))
        deals[-1] = cur
        if items:
            restricted = replace(cur, system=cur.system.restrict(items))
            got = self._realise([*deals[:-1], restricted], [*self.moves, move], (game, events))
            if got is None:
                return Refusal("R16", _say("refill", k=k + 1))  # move k + 1 as people count
            deals, game, events = got
            cur = deals[-1]
        if not full:
            return None
        return tuple(deals), game, self._public_events(cur, events, k)

    def _public_events(self, cur: _Deal, events: list[Event], k: int) -> list[Event]:
        """The events with every refill as :class:`UnseenDrew`: only the cards known."""
        if not any(isinstance(ev, Drew) for ev in events):
            return events
        possible = cur.system.possible()
        lay = cur.layout
        masks = [m for (kk, _s, m) in cur.log if kk == k]
        out: list[Event] = []
        i = 0
        for ev in events:
            if isinstance(ev, Drew):
                m = masks[i]
                i += 1
                known = tuple(sorted(c for c in ev.cards if not possible[lay.index[c]] & ~m))
                out.append(UnseenDrew(ev.player, known, len(ev.cards)))
            else:
                out.append(ev)
        return out

    def _decide_redeal(self, move: Move, deals: list[_Deal], game: Game, *, full: bool) -> _Outcome:
        """R5 in a partial game: ``move.cards`` are five or six cards of one suit dealt to
        the claimant; the new deal starts a fresh system."""
        cur = deals[-1]
        lay = cur.layout
        p = move.player
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.players):
            return game.why_illegal(move)
        cards = move.cards
        probe = game.copy()
        probe.dealt_hands = [list(h) for h in game.dealt_hands]
        # five of a suit dealt: the engine then asks only the option and the bout (R5)
        probe.dealt_hands[p] = [c for c in lay.cards if c.suit == Suit.S][:5]
        public = probe.why_illegal(Move(p, Action.REDEAL))
        if public is not None:
            return public
        if (
            not all(isinstance(c, Card) and c in lay.index for c in cards)
            or len(set(cards)) != len(cards)
            or not 5 <= len(cards) <= self.rules.hand_size
            or len({c.suit for c in cards}) != 1
        ):
            return Refusal("R5", _say("r5_cards"))
        mask = lay.seat_mask[p]
        system = cur.system.restrict((lay.index[c], mask) for c in cards)
        for c in cards:
            if not system.allowed[lay.index[c]]:
                if c in cur.named:
                    return Refusal("R1", self._where_public(game, c))
                return Refusal("R1", self._where(cur, cur.system.allowed[lay.index[c]], c, p))
        k = len(self.moves)
        turned = dict(self.deal.redeals).get(k)
        full_mask = (1 << len(lay.cards)) - 1
        items: list[tuple[int, int]] = []
        if self.rules.japanese or lay.turned is None:
            trump = cur.trump  # R8, or R3/R5: no card turned up, the recorded trump stands
            if turned is not None:
                return Refusal("R5", _say("r5_turned", k=k + 1))  # as people count
        elif turned is None:
            return Refusal("R5", _say("r5_turned", k=k + 1))  # as people count
        else:
            trump = turned.suit
            items.append((lay.index[turned], 1 << lay.turned))
        for f in self.deal.draws:
            if self._in_deal(k + 1, f.after):
                items += [(lay.index[c], lay.talon_mask) for c in f.cards]
        items += self._placed(lay, k + 1)
        fresh = _System((full_mask,) * len(lay.cards)).restrict(items).solve()
        if fresh is None:
            return Refusal("R16", _say("facts"))
        claimed = replace(cur, system=system, named=cur.named | set(cards))
        got = self._realise([*deals[:-1], claimed], self.moves)
        if got is None:
            return Refusal("R5", _say("r5_dealt", who=self.players[p], cards=cards_text(cards)))
        if not full:
            return None
        new_deals = [*got[0], _Deal(k + 1, lay, fresh, trump, None, drawn=(0,) * len(self.players))]
        new_game, events = self._witness(new_deals, [*self.moves, move])
        return tuple(new_deals), new_game, events

    # ------------------------------------------------------------------ the surface

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` if some deck order consistent with everything so far allows it,
        and return its events (refills as :class:`UnseenDrew`: only the known cards).

        Raises:
            IllegalMove: no such order; the game is unchanged.  ``R1`` when a card the
                move names is already elsewhere (the table, the discard, another known
                hand, the turned-up card, the talon by a recorded refill), ``R4`` when the
                player cannot be the first attacker, ``R16`` when a recorded refill cannot
                be met, else the engine's rule (R9–R20, R25).
            TypeError: ``move`` is not a :class:`~durak_nb.engine.Move`.
        """
        got = self._decide(move)
        if got is None or isinstance(got, Refusal):
            assert got is not None
            raise IllegalMove(got, move)
        deals, game, events = got
        self._history.append((self._deals, self._game))
        self._deals, self._game = deals, game
        self.moves.append(move)
        return events

    def why_illegal(self, move: Move) -> Refusal | None:
        """``None`` if some consistent deck order allows ``move`` now, else the refusal
        :meth:`play` would raise.

        Raises:
            TypeError: ``move`` is not a Move.
        """
        got = self._decide(move, full=False)
        return got if isinstance(got, Refusal) else None

    def can_play(self, move: Move) -> bool:
        """Whether some consistent deck order allows ``move`` now."""
        return self.why_illegal(move) is None

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IndexError: no move to take back.
        """
        if not self.moves:
            raise IndexError("undo: no move to take back")
        self._deals, self._game = self._history.pop()
        return self.moves.pop()

    def copy(self) -> PartialGame:
        """An independent copy (moves and undo history included)."""
        other = PartialGame.__new__(PartialGame)
        other.rules, other.players, other.deal = self.rules, self.players, self.deal
        other.moves = list(self.moves)
        other._redeals = self._redeals
        other._sides = self._sides
        other._deals = self._deals
        other._game = self._game.copy()
        other._history = list(self._history)
        return other

    @property
    def finished(self) -> bool:
        """The game is over (R22, R25–R27)."""
        return self._game.finished

    @property
    def result(self) -> Result | None:
        """The :class:`~durak_nb.engine.Result`, or ``None`` while the game goes on."""
        return self._game.result

    @property
    def attacker(self) -> int | None:
        """The bout's attacker (``None`` once over, or while R4 decides the first one from
        cards nobody saw)."""
        return None if self._deals[-1].attacker is None else self._game.attacker

    @property
    def defender(self) -> int | None:
        """The defender (``None`` once over or while the first attacker is unknown)."""
        return None if self.attacker is None else self._game.defender

    @property
    def trump(self) -> Suit:
        """The trump suit of the current deal."""
        return self._deals[-1].trump

    @property
    def bout(self) -> int:
        """The bout number, from 1 (R19)."""
        return self._game.bout

    def hand_sizes(self) -> tuple[int, ...]:
        """Per seat, how many cards the hand holds."""
        return tuple(len(h) for h in self._game.hands)

    def throwers(self) -> list[int]:
        """Seats allowed to throw in now (R11): public, as :meth:`Game.throwers`."""
        return self._game.throwers()

    def room(self) -> int:
        """How many more attack cards may be added now (R13a–c)."""
        return self._game.room()

    def limit(self) -> int:
        """The most attack cards this bout may hold now (R13a, R13c)."""
        return self._game.limit()

    def witness(self) -> Game:
        """A copy of the engine game after the same moves from one consistent full deck
        order.  Internal use only: its hidden cards must never be shown to a person."""
        return self._game.copy()

    def seen(self) -> Seen:
        """What is known now from the facts and the moves so far (:class:`Seen`)."""
        cur = self._deals[-1]
        return _seen(cur, cur.system.possible(), self._game)

    def actors(self) -> list[int]:
        """Seats that some consistent deck order gives a legal move now, in seat order."""
        game = self._game
        if game.finished:
            return []
        cur = self._deals[-1]
        seats: set[int] = set()
        if cur.attacker is None and not game.attack_cards:
            seats |= {s for s in range(len(self.players)) if self._first_attacker(cur, s) is not None}
        else:
            seats |= {m.player for m in game.legal_moves() if m.action is not Action.REDEAL}
        if self.rules.redeal_five_of_suit and game.bout == 1:
            seats |= {s for s in range(len(self.players)) if s not in seats and self._claims(s, 1)}
        return sorted(seats)

    def candidates(self, player: int | None = None) -> list[Move]:
        """Every move some deck order consistent with everything so far allows now, of
        ``player`` (or of every seat): what a scorer may tap; :meth:`play` accepts each.
        The witness game's legal moves (decided again as :meth:`why_illegal` does while a
        seen refill, R16, is still to come: the witness's order need not meet it after
        another move), then moves with cards not yet seen (leads, covers that beat R6–R8, ranks on
        the table for a throw-in R11, the attack rank for a transfer R17, R20's shown
        trump, R5 claims), each decided as :meth:`why_illegal` does; at most
        :data:`MAX_CANDIDATES` such moves are checked per seat (single cards first).

        Raises:
            TypeError, PlayerError: ``player`` is not a seat of this game.
        """
        game = self._game
        if game.finished:
            return []
        seats = range(len(self.players)) if player is None else [game.seat(player)]
        out: list[Move] = []
        for s in seats:
            cur = self._deals[-1]
            if cur.attacker is None and not game.attack_cards:
                got = self._first_attacker(cur, s)
                if got is None:
                    continue
                realised = self._realise([*self._deals[:-1], got], self.moves)
                if realised is None:
                    continue
                sub = self.copy()
                sub._deals, sub._game = tuple(realised[0]), realised[1]
                out += sub._candidates_of(s)
            else:
                out += self._candidates_of(s)
            if self.rules.redeal_five_of_suit and game.bout == 1:
                out += self._claims(s, MAX_CANDIDATES)
        return out

    def _candidates_of(self, s: int) -> list[Move]:
        game = self._game
        cur = self._deals[-1]
        lay = cur.layout
        moves = [m for m in game.legal_moves(s) if m.action is not Action.REDEAL]
        if self._pending(cur, len(self.moves)):  # a seen refill still to come may refuse them (R16)
            moves = [m for m in moves if self._decide(m, full=False) is None]
        known = set(moves)
        possible = cur.system.possible()
        mine = cur.mine(s)
        hand = set(game.hands[s])
        unseen = {c for c in lay.cards if c not in cur.named and c not in hand and possible[lay.index[c]] & mine}
        if not unseen:
            return moves
        budget = MAX_CANDIDATES
        for m in self._shapes(game, s, sorted(hand | unseen), unseen):
            if budget <= 0:
                break
            if m in known:
                continue
            budget -= 1
            if self._decide(m, full=False) is None:
                moves.append(m)
                known.add(m)
        return moves

    def _shapes(self, game: Game, s: int, hand: list[Card], unseen: set[Card]) -> Iterator[Move]:
        """Moves of ``s`` with at least one card of ``unseen``, from the hypothetical hand
        ``hand``, in the shapes the engine accepts (R9, R10, R11, R17, R20), fewer cards
        first; the engine decides each."""
        a, d = game.attacker, game.defender
        table = game.attack_cards
        pools: list[tuple[Action, list[Card], int]] = []
        if not table:
            if s == a:
                for rank in sorted({c.rank for c in hand}):
                    pools.append((Action.ATTACK, [c for c in hand if c.rank == rank], 4))
        else:
            if s == d and not game.taking:
                for x, y in zip(table, game.defence_cards, strict=True):
                    if y is None:
                        for c in hand:
                            if c in unseen and game.beats(c, x):
                                yield Move(s, Action.DEFEND, (c,), x)
                if self.rules.transfers and all(y is None for y in game.defence_cards):
                    rank = table[0].rank
                    pools.append((Action.TRANSFER, [c for c in hand if c.rank == rank], 4))
                    trump = Card.of(rank, self._deals[-1].trump)
                    if self.rules.show_trump_transfer and trump in unseen:
                        yield Move(s, Action.TRANSFER, (trump,), None, True)
            if s in game.throwers():
                ranks = {c.rank for c in table} | {c.rank for c in game.defence_cards if c is not None}
                pools.append((Action.THROW, [c for c in hand if c.rank in ranks], max(game.room(), 0)))
        for size in range(1, 7):
            for action, pool, most in pools:
                if size > min(most, len(pool)):
                    continue
                for combo in combinations(pool, size):
                    if any(c in unseen for c in combo):
                        yield Move(s, action, combo)

    def _claims(self, s: int, most: int) -> list[Move]:
        """Up to ``most`` R5 claims ``s`` may make: five or more cards of one suit some
        consistent order deals to ``s``."""
        game = self._game
        cur = self._deals[-1]
        lay = cur.layout
        if game.bout != 1 or not self.rules.redeal_five_of_suit:
            return []
        possible = cur.system.possible()
        out: list[Move] = []
        tried = 0
        for suit in Suit:
            pool = [c for c in lay.cards if c.suit == suit and possible[lay.index[c]] & lay.seat_mask[s]]
            for size in range(5, min(self.rules.hand_size, len(pool)) + 1):
                for combo in combinations(pool, size):
                    if len(out) >= most or tried >= MAX_CANDIDATES:
                        return out
                    tried += 1
                    m = Move(s, Action.REDEAL, combo)
                    if self._decide(m, full=False) is None:
                        out.append(m)
        return out

    def __repr__(self) -> str:
        state = "over" if self.finished else f"bout {self.bout}"
        return f"<PartialGame {self.rules.preset} {', '.join(self.players)}: {state}, {len(self.moves)} moves>"


# ----------------------------------------------------------------------------- a whole recording


@dataclass(frozen=True)
class _Moment:
    """The witness at one index of a :class:`PartialReplay`: the deal and the state."""

    deal: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    named: frozenset[Card]
    drawn: tuple[int, ...]
    ndrawn: int


class PartialReplay:
    """A partial recording decided whole (:func:`check_partial`): one witness for every
    move, and what is known at every index from everything recorded.

    Attributes:
        rules, players, deal, moves: as given.
        deck: the witness deck of the first deal, top card first (internal use only:
            its hidden cards must never be shown to a person).
        decks: one witness deck per deal (more than one after R5 redeals).
        game: the live :class:`PartialGame` after every move (a copy per access).
    """

    def __init__(self, game: PartialGame) -> None:
        self._live = game.copy()
        self.rules, self.players, self.deal = game.rules, game.players, game.deal
        self.moves: tuple[Move, ...] = tuple(game.moves)
        self.decks: tuple[tuple[Card, ...], ...] = tuple(d.deck() for d in game._deals)
        self.deck = self.decks[0]
        self._possible = [d.system.possible() for d in game._deals]
        self._deals = game._deals
        self._wmoves = game.witness_moves()
        self._moments: list[_Moment] = []
        self._events: list[list[Event]] = []
        witness = game.witness_start()
        i = 0
        d = self._deals[0]
        named: set[Card] = set()
        drawn = [0] * len(self.players)
        nd = 0
        self._note(witness, 0, named, drawn, nd)
        for k, (move, wmove) in enumerate(zip(self.moves, self._wmoves, strict=True)):
            events = witness.play(wmove)
            if move.action is Action.REDEAL:
                i += 1
                d = self._deals[i]
                named, drawn, nd = set(), [0] * len(self.players), 0
            else:
                named |= set(move.cards)
            public: list[Event] = []
            for ev in events:
                if isinstance(ev, Drew):
                    m = d.layout.talon_bits(nd, len(ev.cards))
                    drawn[ev.player] |= m
                    nd += len(ev.cards)
                    poss = self._possible[i]
                    known = tuple(sorted(c for c in ev.cards if not poss[d.layout.index[c]] & ~m))
                    public.append(UnseenDrew(ev.player, known, len(ev.cards)))
                else:
                    public.append(ev)
            self._events.append(public)
            self._note(witness, i, named, drawn, nd)
            del k
        self._final = witness

    def _note(self, game: Game, i: int, named: set[Card], drawn: list[int], nd: int) -> None:
        self._moments.append(
            _Moment(i, tuple(tuple(h) for h in game.hands), tuple(game.talon), frozenset(named), tuple(drawn), nd)
        )

    def __len__(self) -> int:
        return len(self.moves)

    def seen_at(self, k: int) -> Seen:
        """What is known before move ``k`` (``k = len(moves)``: after the last), from
        everything the recording says, later moves and facts included.

        Raises:
            IndexError: ``k`` outside ``0..len(moves)``.
            TypeError: ``k`` is not an int.
        """
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"seen_at: k must be an int, not {type(k).__name__}")
        if not 0 <= k <= len(self.moves):
            raise IndexError(f"seen_at: k must be 0..{len(self.moves)}, not {k}")
        m = self._moments[k]
        d = replace(self._deals[m.deal], drawn=m.drawn, ndrawn=m.ndrawn)
        return _seen_of(d, self._possible[m.deal], m.hands, m.talon, m.named)

    def events(self, k: int) -> list[Event]:
        """The events of move ``k`` as a person may see them (refills as
        :class:`UnseenDrew`, with the cards known from the whole recording).

        Raises:
            IndexError: ``k`` outside ``0..len(moves)-1``.
        """
        return list(self._events[k])

    def witness(self) -> Game:
        """The engine game after every move, dealt from the witness decks (internal use
        only: its hidden cards must never be shown to a person)."""
        return self._final.copy()

    def witness_start(self) -> Game:
        """The engine game before the first move, dealt from the witness (internal use)."""
        return self._live.witness_start()

    def witness_moves(self) -> list[Move]:
        """The moves as the witness game plays them: a redeal (R5) carries its witness
        deck instead of the claimed cards (internal use)."""
        return list(self._wmoves)

    @property
    def game(self) -> PartialGame:
        """The live game after every move (a copy: play on it freely)."""
        return self._live.copy()


def _seen_of(
    cur: _Deal,
    possible: Sequence[int],
    hands: Sequence[Sequence[Card]],
    talon: Sequence[Card],
    named: frozenset[Card],
) -> Seen:
    lay = cur.layout
    known_hands, unknown = [], []
    for s, hand in enumerate(hands):
        mine = cur.mine(s)
        known = tuple(sorted(c for c in hand if c in named or not possible[lay.index[c]] & ~mine))
        known_hands.append(known)
        unknown.append(len(hand) - len(known))
    top = tuple(
        c if possible[lay.index[c]] == 1 << lay.talon_pos[cur.ndrawn + j] else None for j, c in enumerate(talon)
    )
    return Seen(tuple(known_hands), tuple(unknown), top)


def _seen(cur: _Deal, possible: Sequence[int], game: Game) -> Seen:
    """What is known in ``game`` (the witness now, in deal ``cur``)."""
    return _seen_of(cur, possible, game.hands, game.talon, cur.named)


def replay_partial(
    rules: Rules | str, players: Sequence[str], deal: PartialDeal, moves: Iterable[Move]
) -> tuple[PartialGame, PartialError | None]:
    """Play ``moves`` on a :class:`PartialGame` as far as some deck order allows.

    Returns:
        (the game after the legal moves, ``None``) or (the game before the first illegal
        move, the :class:`PartialError` naming it).  ``draws`` entries after a later
        redeal constrain the later deal (the whole list's redeals are known).

    Raises:
        SetupError: the facts break R1–R4, a ``draws`` entry lies after the last move
            (R16), or a ``redeals`` entry names a move that is not a redeal (R5).
    """
    moves = list(moves)
    redeals = [k for k, m in enumerate(moves) if isinstance(m, Move) and m.action is Action.REDEAL]
    game = PartialGame(rules, players, deal, redeals=redeals)
    for f in deal.draws:
        if f.after >= len(moves):
            raise SetupError("R16", _say("draws_after", k=f.after + 1, n=len(moves)))  # as people count
    for k, _card in deal.redeals:
        if k not in redeals:
            raise SetupError("R5", _say("redeals_at", k=k + 1))  # as people count
    for k, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMove as exc:
            return game, PartialError(exc.refusal, move, k, game)
    return game, None


def check_partial(
    rules: Rules | str, players: Sequence[str], deal: PartialDeal, moves: Iterable[Move]
) -> PartialReplay:
    """Decide a partial recording: some full deck order agrees with everything it says and
    makes every move legal (INTERCHANGE.md, "Over-the-board recordings").

    Args:
        rules: a Rules or a preset name.
        players: seat names, clockwise.
        deal: the facts.
        moves: the moves in order (a ``redeal`` names the claimed cards in ``cards``).

    Returns:
        the :class:`PartialReplay`: the witness decks and :meth:`PartialReplay.seen_at`.

    Raises:
        PartialError: the first move no order allows (``index``, ``refusal`` with the
            rule: ``R1`` when a card it names is already elsewhere, else the rule every
            remaining order breaks; a later ``draws`` entry can make an earlier move the
            one).
        SetupError: the facts break R1–R4 or no order meets them, or a ``draws`` entry
            lies after the last move (R16).
    """
    game, error = replay_partial(rules, players, deal, moves)
    if error is not None:
        raise error
    return PartialReplay(game)


def side_line_deal(
    rules: Rules | str, players: Sequence[str], deal: PartialDeal, mainline: Sequence[Move], branch: int | None
) -> PartialDeal:
    """The facts a side line of an over-the-board game is decided from: the one rule for
    every reader, writer and view (``replay.line_deal``, the notation's reader and
    writer, the annotator).

    A line leaving the main line before move ``branch`` (it replaces that move) shares
    the moves before it and the physical deck.  The recording's seen refills (R16) and
    redeals (R5) before ``branch`` stay as they are.  A seen refill of the main line
    after ``branch`` (``after >= branch``) tells which cards lay at the talon places the
    main line's refill drew: it becomes a :class:`SeenPlace` fact of the same deal ("these
    cards lay at these talon places"), which the side line inherits whoever draws them
    there; what it says of *who drew after which move* is the main line's and is dropped.
    A seen refill or redeal after a main-line redeal at or after ``branch`` belongs to a
    deal the line never reaches (a new shuffle) and is dropped.  ``branch=None`` (the
    main line) gives ``deal`` itself.

    Args:
        rules, players: the game's rules (or preset name) and seat names.
        deal: the recording's :class:`PartialDeal`.
        mainline: the main line's moves (the refills' talon places are read off them,
            R16: they depend only on hand sizes, the same in every consistent order).
        branch: the index of the main-line move the line replaces, or ``None``.

    Raises:
        SetupError: ``deal`` is facts no deck order meets (as :class:`PartialGame`).

    The main line is replayed up to its last seen refill after ``branch``; where it is
    illegal before that, the refills it never reaches give no fact (the main line's own
    error is reported where it stands).
    """
    if branch is None:
        return deal
    if not any(f.after >= branch for f in deal.draws) and not any(r[0] >= branch for r in deal.redeals):
        return deal
    redeals = [j for j, m in enumerate(mainline) if m.action is Action.REDEAL]
    start = max((r + 1 for r in redeals if r < branch), default=0)
    later = [f for f in deal.draws if f.after >= branch and not any(branch <= r <= f.after for r in redeals)]
    placed = list(deal.placed)
    if later:
        last = max(f.after for f in later)
        if isinstance(rules, str):
            rules = Rules.make(rules)
        key = (rules, tuple(players), deal, tuple(mainline[: last + 1]), tuple(redeals), start)
        try:
            hash(key)
        except TypeError:  # a deal built by hand with lists: not cached
            refills = _refills.__wrapped__(*key)
        else:
            refills = _refills(*key)
        for f in later:
            places = tuple(sorted(j for k, seat, got in refills if k == f.after and seat == f.player for j in got))
            if places:
                placed.append(SeenPlace(start, places, f.cards))
    return replace(
        deal,
        draws=tuple(f for f in deal.draws if f.after < branch),
        redeals=tuple(r for r in deal.redeals if r[0] < branch),
        placed=tuple(placed),
    )


@lru_cache(maxsize=32)
def _refills(
    rules: Rules,
    players: tuple[str, ...],
    deal: PartialDeal,
    moves: tuple[Move, ...],
    redeals: tuple[int, ...],
    start: int,
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """The refills (R16) of the deal beginning at move ``start`` as the main line
    ``moves`` makes them: ``(move, seat, talon places)`` each, up to the first move no
    order allows (the main line's own error is reported where it stands).  Cached: every
    side line of a recording asks it."""
    game = PartialGame(rules, players, deal, redeals=redeals)
    try:
        for m in moves:
            game.play(m)
    except IllegalMove:
        pass
    cur = next((d for d in game._deals if d.start == start), None)
    if cur is None:
        return ()
    pos = cur.layout.talon_pos
    return tuple((k, seat, tuple(j for j, p in enumerate(pos) if got >> p & 1)) for k, seat, got in cur.log)
