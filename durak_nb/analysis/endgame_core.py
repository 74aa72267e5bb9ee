"""A search core made for endgames (issue 21): two players, the talon empty, every card known.

:func:`durak_nb.analysis.solve` plays every move of its search here instead of on the
engine (:class:`~durak_nb.engine.Game`), which it calls only at the root. The rules are
the engine's, written again for this one case, and held to the engine by a differential
test (``tests/test_endgame_core.py``): every move the core makes is played through
``Game`` and the legal moves and outcomes compared, over thousands of positions of every
preset and option the core takes.

What it takes (:meth:`Endgame.from_game` refuses the rest with :class:`CoreRefused`, and
the solver then searches on the engine as before): a game of two seats (R2), leads of any
cards of one rank with throw-ins (podkidnoy, perevodnoy, japanese: R9, R11; prostoy and
english refused), with every option that can occur there: ``deck_size``, ``bout_limit``,
``first_bout_limit`` (R13), ``transfer_first_bout`` (R19), ``show_trump_transfer`` (R20),
``trump_six_beats_ace`` (R7, in the beat table the engine made), ``draw_allowed`` (R25),
``two_sixes_win`` (R26), ``repetition_draw`` (R27); ``hand_size`` and
``neighbours_only_over_4`` change nothing here; a redeal (R5) is no move of an endgame.

The position (a :data:`State`, a tuple of whole numbers) holds the hands as bit sets (bit
``c`` for the card ``c`` = rank * 4 + suit, as the engine's), the table as two bit sets
(every card on it, and the attack cards still uncovered: the order laid changes no move),
the roles and who may act, and, for R27 only, the table in the order laid. A move makes a
new tuple from the old one (nothing to undo: the caller's tuple is the position before).

Turn order where both may act (R12) is the solver's (:func:`~durak_nb.analysis.decision`):
the attacker, the one thrower of a two-player game (R11), decides first, to throw in or to
pass; then the defender (cover, transfer, take).

The search (:class:`Search`): the outcome for seat 0 (+1: seat 1 is the durak, 0 a draw,
-1: seat 0 is the durak) by null-window alpha-beta tests (MTD: "at least a draw?", then
"a win?"), with a transposition table of bounds keyed by one whole number
(:func:`Endgame.key`), the table's best move first, then covers with the lowest card, low
leads before trumps, the take last. Where a lead, throw-in or transfer of several cards
reaches the position that one card at a time reaches (the same player keeps the
decision, R12, with the same room, R13), only single cards are searched below the root.
Where the attacker's only move is the pass (no card of a rank on the table, or no room:
R11, R13) the search makes it at once (:meth:`Endgame._settle`): about half the positions
of a bout are such, and none of them gets a table entry. R27 stays exact (each occurrence
of the position stepped over is followed by one of the next, which reaches the count no
later, on the same line); the differential test checks every step against play + pass.

Positions that play alike share one table entry (:meth:`Endgame.canonical`): where a bout
ends in bito (and, where no position can recur, in a take) the search relabels the hands
to one form, the ranks no card in play holds dropped (only which rank is higher and which
are equal decides a beat or a throw-in, R6, R11; not so with R7's trump six or R26's
sixes) and the plain suits put in order of what each holds (suits beaten and beating
alike: in japanese not spades, R8). What is alike is read off the engine's beat table.
R27's count is emptied at a bito, so it never meets a relabelled position. On the
benchmark's endgames of 7 cards each it searches 17-38 % fewer positions (0-4 % with R7, R26).

R27, exact (rules with transfers, where a position can recur; elsewhere none can, as the
engine's own ``_no_repeat`` says): the core counts every position after every move since
the last bito, as the engine does, in the engine's own sense of "the same position" (the
table in the order laid, roles, passes, shown trumps). While no position other than the
current one has been seen ``repetition_draw - 1`` times, a position's value is that of
the game where endless play is a draw, which depends on the position alone (the side
that wins has a strategy that never visits a position twice; the side that holds a draw
holds it whether or not R27 ends the game first): the table is used. Otherwise the past
matters and the position is searched without the table (never stored, so the table's
memory stays one entry per position searched).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from ..cards import Card, deck
from ..engine import Action, Game, Move
from ..errors import DurakError

__all__ = ["CoreRefused", "Endgame", "Search", "SearchBudgetLimit", "State", "best_move", "legal", "solve_core"]


class CoreRefused(DurakError):
    """The core does not take this game (the solver then searches on the engine); ``rule``
    names the rule that makes it differ (R2, R9, R16, R22, R25). A signal between the
    solver and its core: the solver never shows its message to a person."""


class SearchBudgetLimit(Exception):
    """The search reached its node budget (the solver turns it into SolverBudgetError)."""


#: A position of the core: (h0, h1, att, table, uncovered, ranks, attacks, taking,
#: passed, shown, first_bito, bout1, attacker_passed, first_attacker, order, covers):
#: the hands of seats 0 and 1 (bit sets), the attacker's seat, every card on the table,
#: the uncovered attack cards, every card of a rank on the table (R11), the number of
#: attack cards (R13), take declared (R14), the attacker passed since the last card (R12),
#: the seats that showed a trump this bout (bits, R20), a bout ended in bito (R13c), this
#: is the first bout (R19), the attacker passed this bout, the bout's first attacker, the
#: attack cards in the order laid (6 bits each) and each attack card's cover (6 bits at
#: 6 * the attack card); the last four only for R27's count.
State = tuple[int, ...]

# move kinds: (kind, cards, target)
LEAD, THROW, PASS, COVER, TAKE, TRANSFER, SHOW = range(7)
_PASS_MOVE = (PASS, 0, 0)
_TAKE_MOVE = (TAKE, 0, 0)
SIXES = 15 << 24  # the four sixes (rank 6, R26)
_LOW64 = (1 << 64) - 1
#: the most canonical forms of hands an :class:`Endgame` remembers (about 150 bytes each)
FORMS = 50_000


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _subsets(cards: list[int], most: int) -> Iterator[int]:
    """Every set of 1..``most`` of ``cards`` as a mask: singles first, then pairs …"""
    for k in range(1, min(most, len(cards)) + 1):
        for combo in combinations(cards, k):
            m = 0
            for c in combo:
                m |= 1 << c
            yield m


class Endgame:
    """The rules of one two-player endgame, made once per game: the beat table (R6–R8 with
    R7's option, the engine's own), the limits (R13), the options; and the moves, their
    effect and the outcome on :data:`State` positions.

    Use :meth:`from_game` to make one and its first state; then :meth:`moves`,
    :meth:`play` (a new state, or the outcome as -1/0/+1 when the game ends),
    :meth:`mover`, :meth:`to_move` / :meth:`from_move` (engine :class:`Move` values).
    """

    def __init__(self, game: Game) -> None:
        r = game.rules
        self.rules = r
        self.beat: list[int] = list(game._beat)
        self.trump = int(game.trump)
        self.bout_limit = r.bout_limit
        self.first_limit = min(r.first_bout_limit, r.bout_limit)  # R13c, as the engine's
        self.transfers = r.transfers
        self.transfer_first = r.transfer_first_bout
        self.show = r.show_trump_transfer
        self.draw_allowed = r.draw_allowed
        self.two_sixes = r.two_sixes_win
        self.repetition = r.repetition_draw if r.transfers else 0  # R27 counts only where positions recur
        # R27: the engine empties its count after the first bout where that bout differs (R19)
        self.first_differs = r.transfers and not r.transfer_first_bout
        #: the positions the search stepped over (the attacker's forced pass, :meth:`_settle`),
        #: counted for the benchmark's positions per second
        self.stepped = 0
        #: every card of the trump suit (move ordering only)
        self.trumps = sum(1 << (4 * rank + self.trump) for rank in range(2, 15))
        self._symmetries()

    def _symmetries(self) -> None:
        """Which relabellings of the cards leave this game's rules unchanged, read off the
        beat table the engine made (R6-R8): dropping the ranks no card in play holds, where
        beating depends only on the suits and which rank is higher (not with R7's trump six;
        not with R26, which names the sixes), and exchanging suits that beat and are beaten
        alike (the plain suits; in japanese not spades, R8)."""
        cards = list(deck(self.rules.deck_size))
        beat = self.beat
        #: the deck's lowest rank's first bit (ranks close up towards it)
        self.low = 4 * (cards[0] >> 2)
        by_order: dict[tuple[int, int, int], int] = {}
        ranks_ok = not self.two_sixes
        for a in cards:
            for b in cards:
                k = (a & 3, b & 3, (b >> 2 > a >> 2) - (b >> 2 < a >> 2))
                bit = beat[a] >> b & 1
                if by_order.setdefault(k, bit) != bit:
                    ranks_ok = False
        self.close_ranks = ranks_ok

        def swap(c: int, s: int, t: int) -> int:
            u = c & 3
            return c & ~3 | (t if u == s else s if u == t else u)

        def same(s: int, t: int) -> bool:
            return all((beat[a] >> b & 1) == (beat[swap(a, s, t)] >> swap(b, s, t) & 1) for a in cards for b in cards)

        classes: list[list[int]] = []
        for s in range(4):
            for group in classes:
                if same(group[0], s):
                    group.append(s)
                    break
            else:
                classes.append([s])
        alike = max(classes, key=len)
        #: the suits that may be exchanged (two or more, else none)
        self.alike = alike if len(alike) > 1 else []
        spread = sum(1 << (4 * r) for r in range(15))
        self.spread = spread
        self.fixed = ~sum(spread << s for s in self.alike)
        #: the hands' canonical forms found so far (:meth:`canonical`; at most :data:`FORMS`)
        self._forms: dict[int, int] = {}

    def canonical(self, before: State, st: State) -> State:
        """The position ``st`` that starts a bout after ``before`` (a position of the bout
        that ended), relabelled to one form for the positions that play alike
        (:meth:`_symmetries`): the ranks no card in a hand holds are dropped (the ranks
        above move down) and the exchangeable suits are put in order of what each holds;
        after a take too where no position can recur (with R27 a take keeps the count
        going, so not then). A function of the position alone, whatever the line to it:
        the outcome and the moves correspond one to one, so the search's table keeps one
        entry for all of them; only :class:`Search` makes such positions."""
        h0, h1 = st[0], st[1]
        if self.repetition and (h0 | h1).bit_count() == (before[0] | before[1] | before[3]).bit_count():
            return st  # a take, with R27
        key = h0 << 64 | h1
        found = self._forms.get(key)
        if found is not None:
            return st if found < 0 else (found >> 64, found & _LOW64, *st[2:])  # -1: as it is
        if len(self._forms) >= FORMS:
            self._forms.clear()
        if self.close_ranks:
            live = h0 | h1
            spread = self.spread
            held = (live | live >> 1 | live >> 2 | live >> 3) & spread  # a bit at 4 * rank for each rank held
            top = held.bit_length()
            gaps = ~held & spread & ((1 << top) - 1) & ~((1 << self.low) - 1)
            while gaps:  # a rank below the highest one held that nobody holds: dropped
                r4 = gaps.bit_length() - 1  # the highest first: the lower ones stay where they are
                gaps ^= 1 << r4
                below = (1 << r4) - 1
                h0 = h0 & below | (h0 >> (r4 + 4)) << r4
                h1 = h1 & below | (h1 >> (r4 + 4)) << r4
        alike = self.alike
        if alike:
            spread = self.spread
            parts = sorted([(((h0 >> s) & spread) << 1 | ((h1 >> s) & spread), s) for s in alike])
            fixed = self.fixed
            n0, n1 = h0 & fixed, h1 & fixed
            for (_sig, s), t in zip(parts, alike, strict=True):
                n0 |= ((h0 >> s) & spread) << t
                n1 |= ((h1 >> s) & spread) << t
            h0, h1 = n0, n1
        if h0 == st[0] and h1 == st[1]:
            self._forms[key] = -1
            return st
        self._forms[key] = h0 << 64 | h1
        return (h0, h1, *st[2:])

    # ------------------------------------------------------------------ from and to the engine

    @classmethod
    def from_game(cls, game: Game) -> tuple[Endgame, State]:
        """The core's rules and position for ``game``.

        Raises:
            CoreRefused: the game is not one the core takes (not two seats, R2; prostoy or
                english leads, R9; no throw-ins, R11; teams, R22; the talon not empty, R16;
                over); the message names the rule.
        """
        r = game.rules
        if game.n != 2:
            raise CoreRefused("R2", "the core plays two-seat games")
        if r.lead_style != "any" or not r.throw_ins:
            raise CoreRefused("R9", f"the core plays leads of any cards with throw-ins, not {r.preset}")
        if r.teams is not None:
            raise CoreRefused("R22", "the core plays no teams")
        if game.talon:
            raise CoreRefused("R16", "the talon is not empty")
        if game.result is not None or game.attacker is None or game.defender is None:
            raise CoreRefused("R25", "the game is over")
        core = cls(game)
        att = game.attacker
        hm = game._hm
        table = 0
        uncovered = 0
        order = 0
        covers = 0
        for a, d in zip(game.attack_cards, game.defence_cards, strict=True):
            table |= 1 << a
            order = order << 6 | a
            if d is None:
                uncovered |= 1 << a
            else:
                table |= 1 << d
                covers |= d << (6 * a)
        ranks = 0
        for c in _bits(table):
            ranks |= 15 << (c & ~3)
        shown = 0
        for s in game.shown:
            shown |= 1 << s
        first = game.first_attacker if game.first_attacker is not None else att
        state = (
            hm[0],
            hm[1],
            att,
            table,
            uncovered,
            ranks,
            len(game.attack_cards),
            int(game.taking),
            int(bool(game._passed >> att & 1)),
            shown,
            int(game.first_bito_done),
            int(game.bout == 1 and core.first_differs),  # R19 (the only rule the first bout changes here)
            int(game.attacker_passed),
            first,
            order,
            covers,
        )
        return core, state

    def history(self, game: Game) -> dict[State, int]:
        """R27: the engine's count of the positions since the last bito, as core
        positions. Within one such stretch the first bito and the first bout do not
        change, and the table, its uncovered cards and ranks follow from the table in the
        order laid, so two core positions there are equal exactly when the engine's keys
        are (:meth:`Game._position_key`)."""
        out: dict[State, int] = {}
        if not self.repetition:
            return out
        fb = int(game.first_bito_done)
        bout1 = int(game.bout == 1 and self.first_differs)
        seen: dict[Any, int] = game._seen
        for key, n in seen.items():
            hands, attack, defence, attacker, _d, first, taking, passed, apassed, _lp, shown = key
            order = covers = table = uncovered = ranks = 0
            for a, dc in zip(attack, defence, strict=True):
                order = order << 6 | a
                table |= 1 << a
                ranks |= 15 << (a & ~3)
                if dc is None:
                    uncovered |= 1 << a
                else:
                    covers |= dc << (6 * a)
                    table |= 1 << dc
                    ranks |= 15 << (dc & ~3)
            sh = 0
            for seat in shown or ():
                sh |= 1 << seat
            st: tuple[Any, ...] = (hands[0], hands[1], attacker, table, uncovered, ranks, len(attack), int(taking))
            st += (int(bool(passed)), sh, fb, bout1, int(apassed), first, order, covers)
            out[st] = n
        return out

    @staticmethod
    def key(st: State) -> int:
        """The position as one whole number for the transposition table: the hands, the
        table (all its cards and the uncovered ones), the attacker, take, the pass, the
        shown trumps (R20), the first bito (R13c) and the first bout (R19): all that
        decides the moves from here on."""
        return (((st[4] << 64 | st[3]) << 64 | st[1]) << 64 | st[0]) << 7 | (
            st[2] | st[7] << 1 | st[8] << 2 | st[9] << 3 | st[10] << 5 | st[11] << 6
        )

    def to_move(self, st: State, mv: tuple[int, int, int]) -> Move:
        """The engine's :class:`Move` for the core's move ``mv`` in ``st``."""
        kind, cards, target = mv
        att = st[2]
        d = 1 - att
        of = [Card.of(c >> 2, c & 3) for c in _bits(cards)]
        if kind == LEAD:
            return Move(att, Action.ATTACK, tuple(of))
        if kind == THROW:
            return Move(att, Action.THROW, tuple(of))
        if kind == PASS:
            return Move(att, Action.PASS)
        if kind == TAKE:
            return Move(d, Action.TAKE)
        if kind == COVER:
            return Move(d, Action.DEFEND, tuple(of), Card.of(target >> 2, target & 3))
        if kind == TRANSFER:
            return Move(d, Action.TRANSFER, tuple(of))
        return Move(d, Action.TRANSFER, (Card.of(target >> 2, target & 3),), None, True)

    def from_move(self, st: State, move: Move) -> tuple[int, int, int]:
        """The core's move for the engine's ``move`` (one of :meth:`moves`' in ``st``).

        Raises:
            ValueError: ``move`` is not a legal move of ``st``."""
        for mv in self.moves(st, singles=False):
            if self.to_move(st, mv) == move:
                return mv
        raise ValueError(f"not a legal move here: {move!r}")

    # ------------------------------------------------------------------ moves

    def mover(self, st: State) -> int:
        """The seat whose decision it is (R12 as the solver reads it: the attacker first)."""
        att = st[2]
        if not st[3] or (st[att] and not st[8]):
            return att
        return 1 - att

    def moves(self, st: State, singles: bool = False) -> list[tuple[int, int, int]]:
        """The legal moves of the seat deciding in ``st`` (the engine's set, R9–R20), or
        with ``singles`` only the single-card leads, throw-ins and transfers (the rest
        reaches the same positions, see the module's text); in the search's order."""
        return [mv for mv, _child in self.expand(st, singles)[1]]

    def play(self, st: State, mv: tuple[int, int, int]) -> State | int:
        """The position after ``mv`` (a move of :meth:`moves`), or the outcome for seat 0
        (+1, 0, -1) when the game ends (R24–R26). R27's draw is the caller's count
        (:class:`Search` keeps it).

        Raises:
            ValueError: ``mv`` is not a legal move in ``st``."""
        for m, child in self.expand(st, False)[1]:
            if m == mv:
                return child
        raise ValueError(f"not a legal move here: {mv!r}")

    def expand(self, st: State, singles: bool) -> tuple[int, list[tuple[tuple[int, int, int], State | int]]]:  # noqa: C901
        """The seat deciding in ``st`` and each of its moves with what follows it (a
        position, or the outcome for seat 0 when the game ends), in the search's order:
        cards before trumps, low before high, the pass after the plain throw-ins, the take
        last. The one place the core applies the rules (R9–R26); :meth:`moves` and
        :meth:`play` read it, and so does the differential test."""
        h0, h1, att, table, uncovered, ranks, na, taking, passed, shown, fb, bout1, apassed, first, order, covers = st
        if att:
            ha, hd = h1, h0
        else:
            ha, hd = h0, h1
        d = 1 - att
        trumps = self.trumps
        out: list[tuple[tuple[int, int, int], State | int]] = []
        if not table:  # the lead (R9, R13a-c)
            if singles:
                for c in _bits(ha & ~trumps) + _bits(ha & trumps):
                    bit = 1 << c
                    if att:
                        c0, c1 = h0, h1 ^ bit
                    else:
                        c0, c1 = h0 ^ bit, h1
                    out.append(
                        ((LEAD, bit, 0), (c0, c1, att, bit, bit, 15 << (c & ~3), 1, 0, 0, 0, fb, bout1, 0, att, c, 0))
                    )
                settle = self._settle
                out = [(mv, settle(c)) for mv, c in out]
                return att, out
            most = self.bout_limit if fb else self.first_limit
            held = hd.bit_count()
            if held < most:
                most = held
            if most > 4:
                most = 4
            h = ha
            while h:
                low = h & -h
                r4 = (low.bit_length() - 1) & ~3
                pattern = h & (15 << r4)
                h ^= pattern
                for m in _subsets(_bits(pattern), most):
                    out.append(((LEAD, m, 0), self._laid(st, m, LEAD)))
            return att, out
        if ha and not passed:  # the attacker, the one thrower, decides first (R11, R12)
            nu = uncovered.bit_count()
            room = (self.bout_limit if (fb or taking) else self.first_limit) - na
            held = hd.bit_count() - nu
            if held < room:
                room = held
            cands = ha & ranks
            # the pass (R12): after take the bout ends (R14); all covered, bito (R15)
            if taking:
                after_pass: State | int = self._end(h0, h1, att, table, True, fb)
            elif not uncovered:
                after_pass = self._end(h0, h1, att, table, False, fb)
            else:
                after_pass = (h0, h1, att, table, uncovered, ranks, na, 0, 1, shown, fb, bout1, 1, first, order, covers)
            if room > 0 and cands:
                if singles:
                    laid = self._laid
                    for m in (cands & ~trumps, cands & trumps):
                        while m:
                            low = m & -m
                            m ^= low
                            out.append(((THROW, low, 0), laid(st, low, THROW)))
                    out.append((_PASS_MOVE, after_pass))
                    settle = self._settle
                    out = [(mv, settle(c)) for mv, c in out]
                    return att, out
                for m in _subsets(_bits(cands), room):
                    out.append(((THROW, m, 0), self._laid(st, m, THROW)))
            out.append((_PASS_MOVE, after_pass))
            return att, out
        # the defender (R10, R17, R20, R14)
        beat = self.beat
        later = []
        # after a cover the attacker may throw in (R11, R13): room and a card to cover it
        can_throw = ha and (self.bout_limit if fb else self.first_limit) > na and hd.bit_count() > uncovered.bit_count()
        un = uncovered
        while un:
            xb = un & -un
            un ^= xb
            x = xb.bit_length() - 1
            m = beat[x] & hd
            left = uncovered ^ xb
            while m:
                low = m & -m
                m ^= low
                y = low.bit_length() - 1
                if att:
                    c0, c1 = h0 ^ low, h1
                else:
                    c0, c1 = h0, h1 ^ low
                if not left and not ha:  # the last cover and no thrower: bito (R15)
                    child: State | int = self._end(c0, c1, att, table | low, False, fb)
                elif singles and ha and not (can_throw and ha & (ranks | 15 << (y & ~3))):
                    # the search: the attacker can only pass, made at once (:meth:`_settle`)
                    self.stepped += 1
                    if not left:
                        child = self._end(c0, c1, att, table | low, False, fb)
                    else:
                        child = (
                            c0,
                            c1,
                            att,
                            table | low,
                            left,
                            ranks | 15 << (y & ~3),
                            na,
                            0,
                            1,
                            shown,
                            fb,
                            bout1,
                            1,
                            first,
                            order,
                            covers | y << (6 * x),
                        )
                else:
                    child = (
                        c0,
                        c1,
                        att,
                        table | low,
                        left,
                        ranks | 15 << (y & ~3),
                        na,
                        0,
                        0,
                        shown,
                        fb,
                        bout1,
                        apassed,
                        first,
                        order,
                        covers | y << (6 * x),
                    )
                if low & trumps:
                    later.append(((COVER, low, x), child))
                else:
                    out.append(((COVER, low, x), child))
        out += later
        covered = len(out)
        if self.transfers and uncovered == table and ha and (not bout1 or self.transfer_first):  # R17-R19
            tsize = ha.bit_count()
            r4 = (uncovered & -uncovered).bit_length() - 1 & ~3
            most = (self.bout_limit if fb else self.first_limit) - na
            if tsize - na < most:
                most = tsize - na
            pattern = hd & (15 << r4)
            if pattern and most > 0:
                for m in (1 << c for c in _bits(pattern)) if singles else _subsets(_bits(pattern), most):
                    out.append(((TRANSFER, m, 0), self._laid(st, m, TRANSFER)))
            if self.show and not shown >> d & 1 and na <= tsize:  # R20: shown, kept in hand
                card = r4 | self.trump
                if hd >> card & 1:
                    out.append(
                        (
                            (SHOW, 0, card),
                            (
                                h0,
                                h1,
                                d,
                                table,
                                uncovered,
                                ranks,
                                na,
                                0,
                                0,
                                shown | 1 << d,
                                fb,
                                bout1,
                                0,
                                first,
                                order,
                                covers,
                            ),
                        )
                    )
        # the take (R14): with the thrower holding no cards the bout ends at once
        if ha:
            took: State | int = (
                h0,
                h1,
                att,
                table,
                uncovered,
                ranks,
                na,
                1,
                0,
                shown,
                fb,
                bout1,
                apassed,
                first,
                order,
                covers,
            )
        else:
            took = self._end(h0, h1, att, table, True, fb)
        out.append((_TAKE_MOVE, took))
        if singles:  # the search: a forced pass made at once (the covers' made above)
            settle = self._settle
            for i in range(covered, len(out)):
                mv, kid = out[i]
                out[i] = (mv, settle(kid))
        return d, out

    def _settle(self, c: State | int) -> State | int:
        """``c``, or where the attacker decides there and has nothing to throw in (no
        card of a rank on the table, or no room, R11, R13), the position after their pass
        (R12, R14, R15): the search's step over a forced move (used with ``singles``).

        R27 stays exact: the skipped position's one move leads to the one made, so each
        occurrence of it is followed by one of that one, whose count reaches
        ``repetition_draw`` no later than the skipped one's would have, on the same line
        and with the same outcome (a draw); the differential test checks each step."""
        if isinstance(c, int):
            return c
        h0, h1, att, table, uncovered, ranks, na, taking, passed, shown, fb, bout1, _ap, first, order, covers = c
        if passed or not table:  # the defender decides, or a lead
            return c
        if att:
            ha, hd = h1, h0
        else:
            ha, hd = h0, h1
        if not ha:
            return c
        if ha & ranks:
            room = (self.bout_limit if (fb or taking) else self.first_limit) - na
            if room > 0 and hd.bit_count() > uncovered.bit_count():
                return c
        self.stepped += 1
        if taking:
            return self._end(h0, h1, att, table, True, fb)
        if not uncovered:
            return self._end(h0, h1, att, table, False, fb)
        return (h0, h1, att, table, uncovered, ranks, na, 0, 1, shown, fb, bout1, 1, first, order, covers)

    def _laid(self, st: State, cards: int, kind: int) -> State | int:
        """The position after a lead, throw-in or transfer of ``cards`` (R9, R11, R17)."""
        h0, h1, att, table, uncovered, ranks, na, taking, _passed, shown, fb, bout1, apassed, first, order, covers = st
        m = cards
        while m:
            low = m & -m
            c = low.bit_length() - 1
            order = order << 6 | c
            ranks |= 15 << (c & ~3)
            na += 1
            m ^= low
        table |= cards
        uncovered |= cards
        if kind == TRANSFER:  # R17, R21: back to the attacker, who becomes the defender
            if att:
                h0 ^= cards
            else:
                h1 ^= cards
            return (h0, h1, 1 - att, table, uncovered, ranks, na, 0, 0, shown, fb, bout1, 0, first, order, covers)
        if att:
            h1 ^= cards
            ha = h1
        else:
            h0 ^= cards
            ha = h0
        if kind == LEAD:
            return (h0, h1, att, table, uncovered, ranks, na, 0, 0, 0, fb, bout1, 0, att, order, 0)
        if taking and not ha:  # R14: the thrower laid their last card after take
            return self._end(h0, h1, att, table, True, fb)
        return (h0, h1, att, table, uncovered, ranks, na, taking, 0, shown, fb, bout1, apassed, first, order, covers)

    def _end(self, h0: int, h1: int, att: int, table: int, took: bool, fb: int) -> State | int:
        """The bout ends (R14 take, R15 bito): the end of the game (R24, R25, R26) or the
        next bout (R23)."""
        d = 1 - att
        if took:
            if d:
                h1 |= table
            else:
                h0 |= table
        if not h0 or not h1:
            if h0:
                return -1  # seat 0 holds cards: the durak (R25)
            if h1:
                return 1
            if self.draw_allowed:
                return 0
            return -1 if d == 0 else 1  # R25 option off: the last defender loses
        if self.two_sixes:  # R26: exactly two sixes wins (seat 0 asked first, as the engine)
            if h0.bit_count() == 2 and not h0 & ~SIXES:
                return 1
            if h1.bit_count() == 2 and not h1 & ~SIXES:
                return -1
        nxt = att if took else d  # R23
        return (h0, h1, nxt, 0, 0, 0, 0, 0, 0, 0, fb if took else 1, 0, 0, nxt, 0, 0)

    def clears(self, before: State, after: State) -> bool:
        """R27: whether the engine empties its count of positions between ``before`` and
        ``after`` (a bito, or the end of the first bout where it differs, R19)."""
        if after[3] or not before[3]:
            return False
        if self.first_differs and before[11]:
            return True
        # a bito: cards left the hands and the table for the discard
        return (after[0] | after[1]).bit_count() < (before[0] | before[1] | before[3]).bit_count()


class Search:
    """The exact search on :class:`Endgame` positions: alpha-beta of null windows (MTD over
    the three values) with a transposition table of (lower, upper) bounds.

    Args:
        core: the rules.
        budget: the most positions searched; past it :class:`SearchBudgetLimit`.
        table: the transposition table to use (a dict, kept by the caller), or ``None``.
        history: R27's count of positions since the last bito (:meth:`Endgame.history`).
    """

    def __init__(
        self, core: Endgame, budget: int, table: dict[int, int] | None = None, history: dict[State, int] | None = None
    ) -> None:
        self.core = core
        #: each bout's start in its canonical form (:meth:`Endgame.canonical`)
        self.canon = core.close_ranks or bool(core.alike)
        self.budget = budget
        #: the positions searched: new to the table, or searched without it (R27); the
        #: budget bounds these, and so the table (one entry each at most)
        self.nodes = 0
        #: every expansion, a position searched again (another window, the second
        #: null-window test) counted each time: the figure of positions per second
        self.expanded = 0
        self.tt: dict[int, int] = {} if table is None else table
        self.k = core.repetition
        self.hist: dict[State, int] = dict(history or {})
        self.hot = sum(1 for v in self.hist.values() if v >= self.k - 1) if self.k else 0

    def value(self, st: State) -> int:
        """The exact outcome of the game's current position ``st`` (already counted for
        R27) for seat 0: +1 (seat 1 is the durak), 0 (a draw), -1, with best play by both."""
        v = self._ab(st, -1, 0)  # at least a draw?
        if v < 0:
            return -1
        return 1 if self._ab(st, 0, 1) >= 1 else 0  # a win?

    def after(self, st: State, child: State | int) -> int:
        """The exact outcome of ``child``, a position after a move from ``st`` (R27 counts it)."""
        if isinstance(child, int):
            return child
        if not self.k:
            return self.value(child)
        return self._visit(st, child, -2, 2)

    def _visit(self, st: State, child: State, alpha: int, beta: int) -> int:
        """R27: count ``child`` (a position after a move from ``st``), a draw at its
        ``repetition_draw``-th occurrence; else its value (the exact one when the window
        is (-2, 2))."""
        saved = None
        if not child[3] and st[3] and self.core.clears(st, child):
            saved = self.hist, self.hot
            self.hist, self.hot = {}, 0
        hist = self.hist
        n = hist.get(child, 0) + 1
        try:
            if n >= self.k:
                return 0
            hist[child] = n
            hot = n == self.k - 1
            if hot:
                self.hot += 1
            try:
                if alpha == -2:
                    return self.value(child)
                return self._ab(child, alpha, beta)
            finally:
                if hot:
                    self.hot -= 1
                if n == 1:
                    del hist[child]
                else:
                    hist[child] = n - 1
        finally:
            if saved is not None:
                self.hist, self.hot = saved

    def _ab(self, st: State, alpha: int, beta: int) -> int:  # noqa: C901 - the hot loop, inline
        """Fail-soft alpha-beta over ``st`` (counted for R27 by the caller); seat 0 maximizes.

        One loop for every rule set: with ``k`` (R27's ``repetition_draw``) 0, where no
        position recurs, each child is searched at once; else it is counted first, a draw
        at its k-th occurrence since the last bito.

        The table (R27, the graph-history interaction): an entry holds bounds on G∞(p),
        the value of the position p in the game where endless play is a draw, and the
        best move's place. With S the positions other than p seen k - 1 times since the
        last bito (one more visit ends the game, R27), the value of p after its history is
        G_S(p): G∞ with the positions of S made draws. (The side that needs a real end of
        the game has a strategy of G_S that never visits a position twice and never enters
        S, so no count reaches k on its line; the other side holds what G_S gives it,
        since R27 ends every endless line in a draw.) So with S empty the entry is the
        value itself (stored and read as bounds, as without R27); with S not empty,
        making positions draws only moves the value towards a draw: G_S(p) lies between
        0 and G∞(p), so an entry gives the bounds [min(lo, 0), max(hi, 0)] (a draw of G∞
        is a draw whatever the past), and a win or loss found under S is one of G∞ too
        (the strategy that forces it avoids S), so it is stored; a draw found under S
        depends on the past and is not stored. Nothing else is kept, so the table holds
        one entry per position at most, whatever the history (issue 23's bound).
        """
        k = self.k
        free = True  # S is empty: the value is G∞'s
        singles = True
        if self.hot:  # R27: the positions seen k - 1 times are S, unless the one is this one
            free = self.hot == 1 and self.hist.get(st, 0) >= k - 1
            singles = False  # several cards at once avoid the positions between (S may hold them)
        tt = self.tt
        key = (((st[4] << 64 | st[3]) << 64 | st[1]) << 64 | st[0]) << 7 | (
            st[2] | st[7] << 1 | st[8] << 2 | st[9] << 3 | st[10] << 5 | st[11] << 6
        )
        e = tt.get(key)
        first = 0
        lo = glo = -1
        hi = ghi = 1
        if e is not None:
            glo = lo = (e >> 2 & 3) - 1
            ghi = hi = (e & 3) - 1
            if not free:  # G_S(p) lies between 0 and G∞(p)
                if lo > 0:
                    lo = 0
                if hi < 0:
                    hi = 0
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            first = e >> 4
        if e is None or not free:  # a position new to the table, or searched again under S
            self.nodes += 1
            if self.nodes > self.budget:
                raise SearchBudgetLimit
        self.expanded += 1
        core = self.core
        mover, found = core.expand(st, singles)
        kids: list[Any] = found
        if 0 < first < len(kids):
            kids.insert(0, kids.pop(first))
        else:
            first = 0
        hist = self.hist  # _visit swaps it for a child after a bito and puts it back
        ab = self._ab
        hot_at = k - 1
        laid = st[3]
        best_i = 0
        a, b = alpha, beta
        i = 0
        sign = 1 if mover == 0 else -1  # seat 0 maximizes: the loop maximizes sign * value
        best = -2
        if sign < 0:
            a, b = -beta, -alpha
        canon = self.canon and laid
        canonical = core.canonical
        for _mv, child in kids:
            if canon and child.__class__ is not int and not child[3]:  # a bout's start: its canonical form
                child = canonical(st, child)
            if child.__class__ is int:
                v = child
            elif not k:
                v = ab(child, a, b) if sign > 0 else ab(child, -b, -a)
            elif laid and not child[3] and core.clears(st, child):
                v = self._visit(st, child, a, b) if sign > 0 else self._visit(st, child, -b, -a)
            else:  # R27, inline: count the child, a draw at its k-th occurrence
                n = hist.get(child, 0) + 1
                if n >= k:
                    v = 0
                else:
                    hist[child] = n
                    if n == hot_at:
                        self.hot += 1
                    try:
                        v = ab(child, a, b) if sign > 0 else ab(child, -b, -a)
                    finally:
                        if n == hot_at:
                            self.hot -= 1
                        if n == 1:
                            del hist[child]
                        else:
                            hist[child] = n - 1
            v *= sign
            if v > best:
                best, best_i = v, i
                if v > a:
                    a = v
                    if a >= b:
                        break
            i += 1  # noqa: SIM113 - the hot loop: enumerate is slower
        best *= sign
        # the best move's place in the list as made (before the table's move came first)
        if first:
            best_i = first if best_i == 0 else best_i - 1 if best_i <= first else best_i
        if free:
            if best <= alpha:
                if best < ghi:
                    ghi = best
            elif best >= beta:
                if best > glo:
                    glo = best
            else:
                glo = ghi = best
        elif best == 1 or best == -1:  # under S: a win or a loss is G∞'s too; a draw is the past's
            glo = ghi = best
        elif e is not None:
            return best  # keep the entry's bounds and its move
        tt[key] = best_i << 4 | (glo + 1) << 2 | (ghi + 1)
        return best


def solve_core(
    game: Game,
    budget: int,
    table: dict[int, int] | None = None,
    stats: dict[str, int] | None = None,
    *,
    root: tuple[int, list[Move]],
) -> tuple[int, list[Move], list[int], int]:
    """The exact outcome of every move of a known two-player endgame.

    Args:
        game: an engine game the core takes (:meth:`Endgame.from_game`), not over.
        budget: the most positions searched.
        table: a transposition table to keep between solves of positions of the same game
            (used only where no position can recur: no transfers), or ``None``.
        stats: a dict that receives ``"expanded"``, every expansion (:attr:`Search.expanded`),
            and ``"stepped"``, the forced passes stepped over (:attr:`Endgame.stepped`).
        root: the deciding seat and its moves, as the solver's reading of R12 gives them
            (:func:`durak_nb.analysis.solver.decision` of ``game``; the solver, above this
            module, passes it in).

    Returns:
        (mover, moves, values, nodes): the seat deciding, its moves as the solver lists
        them (:func:`~durak_nb.analysis.decision`, in the engine's order), the outcome for
        seat 0 after each (+1: seat 1 is the durak, 0 a draw, -1: seat 0 is), the
        positions searched.

    Raises:
        CoreRefused: the core does not take ``game``.
        SearchBudgetLimit: more than ``budget`` positions.
    """
    core, st = Endgame.from_game(game)
    mover, moves = root
    search = Search(core, budget, table if not core.transfers else None, core.history(game))
    kids = dict(core.expand(st, False)[1])
    collecting = gc.isenabled()
    gc.disable()  # the search makes no reference cycles: the collector would only walk its tuples
    try:
        values = [search.after(st, kids[core.from_move(st, m)]) for m in moves]
    finally:
        if collecting:
            gc.enable()
        if stats is not None:
            stats["expanded"] = search.expanded
            stats["stepped"] = core.stepped
    return mover, moves, values, search.nodes


def best_move(game: Game, budget: int, *, root: tuple[int, list[Move]]) -> tuple[int, Move, int]:
    """The exact outcome and one best move of a known two-player endgame, for bots.

    Returns:
        (value, move, nodes): the outcome for the seat deciding (+1: the other is the
        durak, 0 a draw, -1: it is), a move keeping it, the positions searched.

    Raises:
        CoreRefused, SearchBudgetLimit: as :func:`solve_core`.
    """
    mover, moves, values, nodes = solve_core(game, budget, root=root)
    sign = 1 if mover == 0 else -1
    best = max(range(len(moves)), key=lambda i: sign * values[i])
    return sign * values[best], moves[best], nodes


def legal(core: Endgame, st: State) -> Sequence[tuple[int, int, int]]:
    """The legal moves in ``st`` (every one, as the engine lists them), for playouts."""
    return core.moves(st, singles=False)
