"""A minimal pure-Python loop of random 2-player podkidnoy (36 cards): the yardstick of issue 13.

It plays exactly the games that ``durak_nb.engine.Game`` plays in
``bench_engine.py`` for the same seed: the same deal (``random.Random(seed)`` shuffles
the 36 cards in ascending order, R3), the same first attacker (R4), the same legal moves
in the same order, one of them chosen by ``random.Random(seed).choice`` (a second
generator with the same seed, as the engine's benchmark does). ``tests/test_minimal_loop.py``
holds it to that, move by move.

What makes it minimal: hands are bitmasks (bit ``c`` for the card ``c = rank * 4 + suit``
of :class:`durak_nb.cards.Card`), a move is one ``int``, and it knows only what 2-player
podkidnoy with the default options needs (R3, R4, R6, R9-R16, R23-R25). It keeps no
history, no events, no names, checks no move (it plays only moves it listed) and counts
no positions: with two players and no transfers no position can occur twice (every bout
ends with a card gone to the discard, a card drawn, or the attacker holding fewer cards
than in the bout before; inside a bout the table only grows), so R27 never ends such a
game.

A move ``m``: ``m & 7`` the kind (:data:`ATTACK`, :data:`THROW`, :data:`DEFEND`,
:data:`TAKE`, :data:`PASS`), ``m >> 3 & 1`` the player, ``m >> 4 & 63`` the attack card
covered (defend), ``m >> 10`` the card mask (attack, throw) or the covering card (defend).

Run: ``python benchmarks/minimal_loop.py [--seconds S]`` prints games per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations

__all__ = ["ATTACK", "DEFEND", "PASS", "TAKE", "THROW", "decode", "game_moves", "play_game"]

ATTACK, THROW, DEFEND, TAKE, PASS = range(5)
HAND, LIMIT, FIRST_LIMIT = 6, 6, 5  # R3/R16 hand size, R13a bout limit, R13c before the first bito
LOW, HIGH = 6 * 4, 15 * 4  # the 36-card deck: cards 24..59 (six to ace)

#: RANK_CARDS[r]: the mask of the four cards of rank r
RANK_CARDS = [0b1111 << (4 * r) for r in range(15)]


def _beat_masks(trump: int) -> list[int]:
    """BEAT[x]: the mask of the cards that beat ``x`` (R6)."""
    out = [0] * HIGH
    for x in range(LOW, HIGH):
        m = 0
        for c in range(LOW, HIGH):
            if (c & 3) == (x & 3):
                if c > x:
                    m |= 1 << c
            elif (c & 3) == trump:
                m |= 1 << c
        out[x] = m
    return out


BEAT = [_beat_masks(t) for t in range(4)]


def _bits(mask: int) -> list[int]:
    """The cards of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lead_table() -> list[list[list[int]]]:
    """LEADS[r][pattern]: per count k-1, the leads of k cards of rank ``r`` (as masks, in
    ``itertools.combinations`` order) from the held cards ``pattern`` (4 bits, S H D C)."""
    table = []
    for r in range(15):
        per = []
        for pattern in range(16):
            cards = [4 * r + s for s in range(4) if pattern >> s & 1]
            per.append([[sum(1 << c for c in combo) for combo in combinations(cards, k)] for k in range(1, 5)])
        table.append(per)
    return table


LEADS = _lead_table()


def play_game(seed: int, record: list[int] | None = None) -> tuple[int, int | None]:  # noqa: C901 - one loop, no calls
    """Play one random game; returns (moves, the durak's seat or ``None`` for a draw).

    Args:
        seed: seeds the shuffle and the choice of moves (two generators).
        record: a list to append every move to (for the test), or ``None``.

    Raises:
        AssertionError: at the end, a card is missing or doubled.
    """
    cards = list(range(LOW, HIGH))
    random.Random(seed).shuffle(cards)
    choose = random.Random(seed).choice
    hands = [0, 0]
    for i in range(12):  # R3: one card at a time, from seat 0 (left of the dealer, seat 1)
        hands[i & 1] |= 1 << cards[i]
    trump = cards[12] & 3
    talon = cards[13:] + cards[12:13]  # the turned-up card goes under the talon
    beat = BEAT[trump]
    # R4: the lowest trump leads
    trumps = [(hands[s] >> trump) & 0x1111111111111111 for s in (0, 1)]
    low0, low1 = trumps[0] & -trumps[0], trumps[1] & -trumps[1]
    a = 1 if low1 and (not low0 or low1 < low0) else 0
    d = 1 - a
    top = 0  # the talon's top card is talon[top]
    left = len(talon)
    discard = 0
    first_bito = False
    att: list[int] = []  # attack cards, in the order laid
    cov: list[int] = []  # the card covering each, or -1
    uncovered = 0
    ranks = 0  # the cards of every rank on the table
    taking = passed = False
    moves = 0
    while True:
        # ---- the legal moves, in the engine's order
        out = []
        if not att:  # R9: the lead, one or more cards of one rank, within R13a-c
            cap = min(LIMIT if first_bito else FIRST_LIMIT, hands[d].bit_count())
            h = hands[a] >> LOW
            r = 6
            while h:
                pattern = h & 15
                if pattern:
                    per = LEADS[r][pattern]
                    for k in range(min(cap, pattern.bit_count())):
                        for m in per[k]:
                            out.append(m << 10 | a << 3)  # ATTACK is 0
                h >>= 4
                r += 1
        else:
            if not taking:  # R10: cover an uncovered card; R14: take
                dh = hands[d]
                for i in range(len(att)):
                    if cov[i] < 0:
                        x = att[i]
                        m = beat[x] & dh
                        while m:
                            low = m & -m
                            out.append((low.bit_length() - 1) << 10 | x << 4 | d << 3 | DEFEND)
                            m ^= low
                if uncovered:
                    out.append(d << 3 | TAKE)
            if hands[a] and not passed:  # R11-R13: throw in, or pass (R12)
                limit = LIMIT if first_bito or taking else FIRST_LIMIT
                room = min(limit - len(att), hands[d].bit_count() - uncovered)
                if room > 0:
                    cands = hands[a] & ranks
                    if cands:
                        one = _bits(cands)
                        for c in one:
                            out.append(1 << c << 10 | a << 3 | THROW)
                        for k in range(2, min(room, len(one)) + 1):
                            for combo in combinations(one, k):
                                m = 0
                                for c in combo:
                                    m |= 1 << c
                                out.append(m << 10 | a << 3 | THROW)
                out.append(a << 3 | PASS)
        # ---- choose and apply
        move = choose(out)
        moves += 1
        if record is not None:
            record.append(move)
        kind = move & 7
        end = False
        if kind == DEFEND:
            c = move >> 10
            hands[d] ^= 1 << c
            cov[att.index(move >> 4 & 63)] = c
            ranks |= RANK_CARDS[c >> 2]
            uncovered -= 1
            passed = False
            end = not uncovered and not hands[a]  # R15: all covered, nobody left to throw in
        elif kind == PASS:
            passed = True
            end = taking or not uncovered
        elif kind in (THROW, ATTACK):
            m = move >> 10
            hands[a] ^= m
            for c in _bits(m):
                att.append(c)
                cov.append(-1)
                ranks |= RANK_CARDS[c >> 2]
                uncovered += 1
            passed = False
            if kind == THROW:
                end = taking and not hands[a]  # R14: the thrower laid their last card
        else:  # TAKE
            taking = True
            passed = False
            end = not hands[a]
        if not end:
            continue
        # ---- the bout ends (R14, R15), then draws (R16), who is out (R24), the end (R25)
        table = 0
        for c in att:
            table |= 1 << c
        for c in cov:
            if c >= 0:
                table |= 1 << c
        if taking:
            hands[d] |= table
        else:
            discard += len(att) + len(att) - uncovered
            first_bito = True
        att, cov, uncovered, ranks, passed = [], [], 0, 0, False
        for s in (a, d):  # R16: the attacker first, the defender last
            if top == left:
                break
            need = HAND - hands[s].bit_count()
            while need > 0 and top < left:
                hands[s] |= 1 << talon[top]
                top += 1
                need -= 1
        if top == left and not (hands[0] and hands[1]):  # R24, R25
            durak = 0 if hands[0] else 1 if hands[1] else None
            total = hands[0].bit_count() + hands[1].bit_count() + discard + left - top
            if total != HIGH - LOW:
                raise AssertionError(f"seed {seed}: {total} cards instead of {HIGH - LOW}")
            return moves, durak
        # R23: after take the attacker attacks again (two players); after bito the defender
        if not taking:
            a, d = d, a
        taking = False


def game_moves(seed: int) -> list[int]:
    """Every move of the game of ``seed``, in order."""
    record: list[int] = []
    play_game(seed, record)
    return record


def decode(move: int) -> tuple[int, str, tuple[int, ...], int | None]:
    """A move as (player, action word, cards ascending, target or ``None``), the fields of
    ``durak_nb.engine.Move`` (``action`` as its value, cards as ints)."""
    kind, player = move & 7, move >> 3 & 1
    word = ("attack", "throw", "defend", "take", "pass")[kind]
    if kind == DEFEND:
        return player, word, (move >> 10,), move >> 4 & 63
    if kind in (ATTACK, THROW):
        return player, word, tuple(_bits(move >> 10)), None
    return player, word, (), None


def main(argv: list[str] | None = None) -> int:
    """Play games for ``--seconds`` of CPU time and print games per second."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        moves += play_game(games)[0]
        games += 1
    spent = time.process_time() - start
    print(f"minimal loop: {games} games, {games / spent:.1f} games/s, {moves / spent:.0f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
