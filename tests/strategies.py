"""Hypothesis strategies and helpers for the property tests (tests/test_properties.py).

A :class:`Mix` is one drawn rule set (every preset, deck sizes 24/36/52, player counts
2 up to the R2 maximum, the options of RULES.md, teams 2 vs 2 and 3 vs 3 with
alternating seats) plus a seed.  :func:`random_game` deals it and :func:`play_random`
plays uniformly random legal moves, seeded, so every example is reproducible from its
``Mix`` alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from durak_nb.cards import Card, deck
from durak_nb.engine import Action, Game, Move
from durak_nb.record.json_form import Deal, Recording
from durak_nb.rules import PRESETS, Rules

#: Seat names; games of up to 10 players (52 cards, hands of 5) need ten.
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya", "Kira", "Lev")

#: A bound on the moves of one random game, far above what random play needs (R27
#: ends every game; a few hundred moves is typical).
MOVE_CAP = 20_000


@dataclass(frozen=True)
class Mix:
    """One drawn example: rules, seat names and the seed of the deal and of the moves."""

    rules: Rules
    players: tuple[str, ...]
    seed: int

    def __repr__(self) -> str:
        # the form a regression test copies: Rules.make(...) with the options that differ
        return f"Mix(rules={self.rules!r}, players={len(self.players)}, seed={self.seed})"


@st.composite
def mixes(draw: st.DrawFn, *, repetition: tuple[int, ...] = (2, 3, 4)) -> Mix:
    """A rule mix and a seed.

    Args:
        repetition: the values ``repetition_draw`` (R27) may take; the default keeps
            it on (>= 2), so that every game ends.
    """
    preset = draw(st.sampled_from(sorted(PRESETS)))
    deck_size = draw(st.sampled_from((36, 24, 52)))
    hand = PRESETS[preset][0]
    most = deck_size // hand  # R2
    # a full table in about one example of four: then R3 may leave no card to turn up
    n = most if draw(st.integers(0, 3)) == 0 else draw(st.integers(2, most))
    opts: dict[str, Any] = {
        "deck_size": deck_size,
        "first_bout_limit": draw(st.sampled_from((5, 6))),
        "bout_limit": draw(st.one_of(st.just(6), st.integers(1, 8))),
        "transfer_first_bout": draw(st.booleans()),
        "show_trump_transfer": draw(st.booleans()),
        "trump_six_beats_ace": draw(st.booleans()),
        "draw_allowed": draw(st.booleans()),
        "two_sixes_win": draw(st.booleans()),
        "redeal_five_of_suit": draw(st.booleans()),
        "repetition_draw": draw(st.sampled_from(repetition)),
    }
    if n >= 5:
        opts["neighbours_only_over_4"] = draw(st.booleans())
    if n in (4, 6) and draw(st.booleans()):  # R22: partners sit alternately
        opts["teams"] = [list(range(0, n, 2)), list(range(1, n, 2))]
    rules = Rules.make(preset, **opts)
    seed = draw(st.integers(0, 2**32 - 1))
    return Mix(rules, NAMES[:n], seed)


def random_game(mix: Mix) -> Game:
    """Deal ``mix`` (R3, R4) with its seed."""
    return Game.deal(mix.rules, mix.players, seed=mix.seed)


def play_random(
    game: Game,
    rng: random.Random,
    *,
    after: Callable[[Game, Move], None] | None = None,
    cap: int = MOVE_CAP,
) -> int:
    """Play uniformly random legal moves until the game ends; returns the moves played.

    Args:
        game: the game, changed in place.
        rng: chooses the moves.
        after: called with the game and the move after every move.
        cap: stop after this many moves even if the game goes on.
    """
    played = 0
    while not game.finished and played < cap:
        move = rng.choice(game.legal_moves())
        game.play(move)
        played += 1
        if after is not None:
            after(game, move)
    return played


def recording_of(start: Game, game: Game, meta: dict[str, Any] | None = None) -> Recording:
    """The ``durak-nb/1`` recording of ``game``, dealt as ``start`` (a copy taken before
    the first move), built as ``durak_nb.selfplay.record_bot_game`` builds it."""
    rules = game.rules
    assert start.dealer is not None
    rec = Recording(
        rules=rules,
        players=game.players,
        deal=Deal(
            dealer=start.dealer,
            deck=start.deck_order,
            trump=start.trump if start.trump_card is None and not rules.japanese else None,
        ),
        moves=list(game.history),
        meta=dict(meta or {}),
    )
    if game.finished:
        rec.result = rec.result_json(game)
    return rec


def move_key(move: Move) -> tuple[object, ...]:
    """A move with its cards as a set: the engine treats card order as irrelevant."""
    return (move.player, move.action, frozenset(move.cards), move.target, move.show, move.deck)


def candidate_moves(game: Game) -> Iterator[Move]:
    """A superset of the legal moves (R9–R21, R5): for every player, each of attack,
    throw and transfer with no card, every single card and every pair of the hand; a
    shown-trump transfer with every card; a cover of every attack card on the table
    (and of one card that is not there) with every card; take, pass and redeal; and
    every listed move of several cards, also grown by one more card of the hand."""
    attack_cards = list(game.attack_cards)
    off_table = next((c for c in deck(game.rules.deck_size) if c not in attack_cards), None)
    for p in range(game.n):
        hand = game.hands[p]
        groups: list[tuple[Card, ...]] = [(), *((c,) for c in hand), *combinations(hand, 2)]
        for action in (Action.ATTACK, Action.THROW, Action.TRANSFER):
            for cards in groups:
                yield Move(p, action, cards)
        for c in hand:
            yield Move(p, Action.TRANSFER, (c,), None, True)
            for t in attack_cards:
                yield Move(p, Action.DEFEND, (c,), t)
            if off_table is not None:
                yield Move(p, Action.DEFEND, (c,), off_table)
        yield Move(p, Action.TAKE)
        yield Move(p, Action.PASS)
        yield Move(p, Action.REDEAL)
    for m in game.legal_moves():
        if len(m.cards) > 1 and not m.show:
            yield m
            for c in game.hands[m.player]:
                if c not in m.cards:
                    yield m._replace(cards=(*m.cards, c))
