"""Implied passes (durak_nb/implied.py): R12's one reading, bout-ending words (R14, R15)."""

from __future__ import annotations

import random
from typing import Self

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import mixes, play_random, random_game

from durak_nb.cards import parse_cards
from durak_nb.engine import Action, Event, Game, IllegalMove, Move, Refusal
from durak_nb.implied import ENDINGS, ImpliedPassesError, implied_passes, passes_to_end
from durak_nb.selfplay import record_bot_game
from durak_nb.unseen import PartialDeal, PartialGame

P = Move.pass_
NAMES4 = ["Anna", "Boris", "Vera", "Gleb"]


def four() -> Game:
    """Anna attacks Boris; Vera and Gleb throw in after Anna has passed (R12)."""
    return Game.from_position(
        "podkidnoy",
        NAMES4,
        hands={"Anna": "7S 9H", "Boris": "8S TC 9S JD", "Vera": "7H KD", "Gleb": "7C QC"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )


def led() -> Game:
    g = four()
    g.play(Move.attack(0, "7S"))
    return g


def covered() -> Game:
    g = led()
    g.play(Move.defend(1, "8S", "7S"))
    return g


# ------------------------------------------------------------------ implied_passes


def test_throw_in_before_the_attacker_passed_implies_the_attackers_pass() -> None:
    g = led()
    assert implied_passes(g, Move.throw(2, "7H")) == [P(0)]
    assert implied_passes(g, Move.throw(3, "7C")) == [P(0)]
    assert implied_passes(g, P(2)) == [P(0)]  # a pass is a thrower's right only after Anna's (R12)


def test_a_legal_move_implies_nothing() -> None:
    g = led()
    assert implied_passes(g, P(0)) == []
    assert implied_passes(g, Move.defend(1, "8S", "7S")) == []
    assert implied_passes(g, Move.take(1)) == []
    g.play(P(0))
    assert implied_passes(g, Move.throw(2, "7H")) == []


def test_the_game_is_not_changed() -> None:
    g = led()
    before = (g.position(), list(g.history))
    with pytest.raises(ImpliedPassesError):
        implied_passes(g, Move.attack(1, "9S"))
    implied_passes(g, Move.throw(2, "7H"))
    assert (g.position(), list(g.history)) == before


def test_a_lead_of_the_next_bout_implies_every_remaining_pass_attacker_first() -> None:
    g = covered()
    # bito (R15), then Boris, the defender, leads (R23)
    assert implied_passes(g, Move.attack(1, "9S")) == [P(0), P(2), P(3)]
    g.play(P(0))
    g.play(P(3))
    assert implied_passes(g, Move.attack(1, "9S")) == [P(2)]


def test_a_lead_after_take_implies_the_passes_until_the_cards_go() -> None:
    g = led()
    g.play(Move.take(1))
    # after take Vera, left of the defender, leads (R14, R23)
    assert implied_passes(g, Move.attack(2, "7H")) == [P(0), P(2), P(3)]
    assert implied_passes(g, Move.throw(3, "7C")) == [P(0)]  # throw-in after take (R14) waits for Anna (R12)


def test_after_a_cover_the_attackers_earlier_pass_still_stands() -> None:
    g = led()
    g.play(P(0))
    g.play(Move.defend(1, "8S", "7S"))
    # Anna passed this bout: Gleb may throw in without a new pass from her (R12)
    assert implied_passes(g, Move.throw(3, "7C")) == []
    # but every thrower passes again before bito: canonical order, Anna first
    assert implied_passes(g, Move.attack(1, "9S")) == [P(0), P(2), P(3)]


def test_no_reading_gives_the_moves_own_refusal() -> None:
    g = led()
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(g, Move.throw(2, "KD"))  # no king on the table: R11, not "wait for Anna"
    assert info.value.rule == "R11"
    assert info.value.message == "K♦: only ranks already on the table may be thrown in"
    assert info.value.readings == ()
    assert isinstance(info.value, IllegalMove)
    g.play(P(0))
    g.play(P(2))
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(g, Move.throw(2, "7H"))  # Vera passed; no pass brings her right back
    assert (info.value.rule, info.value.message) == (
        "R12",
        "Vera has passed; they may act again once another card is laid",
    )


def test_a_lead_with_uncovered_cards_has_no_reading() -> None:
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(led(), Move.attack(1, "9S"))
    assert info.value.rule == "R9"
    assert info.value.message == "the bout is already led: add cards with a throw-in"


def test_transfer_makes_the_transferring_player_the_attacker_for_r12() -> None:
    g = Game.from_position(
        "perevodnoy",
        ["Anna", "Boris", "Vera"],
        hands={"Anna": "7S 7C 9H", "Boris": "7H TC", "Vera": "8S 9S JD QD"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        bout=2,
        rest_to_discard=True,
    )
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7H"))
    assert implied_passes(g, Move.throw(0, "7C")) == [P(1)]  # Boris has the first right now (R17, R12)
    assert implied_passes(g, P(0)) == [P(1)]
    assert implied_passes(g, Move.defend(2, "8S", "7S")) == []


def test_no_throw_ins_no_implied_passes() -> None:
    g = Game.from_position(
        "english",
        ["Anna", "Boris"],
        hands={"Anna": "7S 9H", "Boris": "8S 8H TC"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    # Anna has no pair and passes the lead (R9): that pass depends on her hand and is never implied
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(g, Move.attack(1, "8S 8H"))
    assert info.value.rule == "R9"


class TwoWays:
    """A made-up game where a move follows either seat 1's pass or seat 2's: the engine's
    rules never allow two readings, so the R12 refusal is shown on this one."""

    players = ("Anna", "Boris", "Vera", "Gleb")
    attacker: int | None = 0
    finished = False

    def __init__(self) -> None:
        self.passed: set[int] = set()

    def throwers(self) -> list[int]:
        return [1, 2, 3]

    def why_illegal(self, move: Move) -> Refusal | None:
        if move.action is Action.PASS:
            return None if move.player not in self.passed else Refusal("R12", "passed")
        if self.passed & {1, 2}:
            return None
        return Refusal("R12", "waits")

    def can_play(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    def play(self, move: Move) -> list[Event]:
        self.passed.add(move.player)
        return []

    def copy(self) -> Self:
        c = type(self)()
        c.passed = set(self.passed)
        return c


def test_several_readings_are_refused_with_r12_naming_them() -> None:
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(TwoWays(), Move.throw(3, "7C"))
    err = info.value
    assert err.rule == "R12"
    assert err.message == (
        "Gleb throws in 7♣ may follow the pass of Boris or the pass of Vera: write the passes that were made"
    )
    assert err.readings == ((P(1),), (P(2),))


# ------------------------------------------------------------------ passes_to_end


def test_bito_is_every_remaining_throwers_pass_attacker_first() -> None:
    g = covered()
    assert passes_to_end(g, "bito") == [P(0), P(2), P(3)]
    g.play(P(0))
    g.play(P(3))
    assert passes_to_end(g, "bito") == [P(2)]
    h = g.copy()
    events = [e for p in passes_to_end(g, "bito") for e in h.play(p)]
    assert events[0].rule == "R15"


def test_take_is_the_passes_until_the_cards_go_to_the_defender() -> None:
    g = led()
    g.play(Move.take(1))
    assert passes_to_end(g, "take") == [P(0), P(2), P(3)]
    g.play(P(0))
    g.play(Move.throw(2, "7H"))  # a throw-in after take lets everyone throw again (R12, R14)
    assert passes_to_end(g, "take") == [P(0), P(2), P(3)]
    h = g.copy()
    events = [e for p in passes_to_end(g, "take") for e in h.play(p)]
    assert events[0].rule == "R14"
    assert h.hands[1] == sorted(parse_cards("7S 7H 8S TC 9S JD"))


def test_ending_words_that_do_not_fit() -> None:
    cases = [
        (
            led(),
            "bito",
            "R15",
            "the bout cannot end in bito now: every attack card must be covered and every thrower pass",
        ),
        (led(), "take", "R14", "the defender has not declared take, so the cards cannot go to the defender"),
        (
            covered(),
            "take",
            "R14",
            "the defender has not declared take: every card is covered, so the bout ends in bito",
        ),
    ]
    took = led()
    took.play(Move.take(1))
    cases.append(
        (took, "bito", "R15", "the defender has declared take: the cards go to the defender, not to the discard")
    )
    for game, word, rule, message in cases:
        with pytest.raises(ImpliedPassesError) as info:
            passes_to_end(game, word)
        assert (info.value.rule, info.value.message) == (rule, message), word
    with pytest.raises(ValueError, match="ending is one of 'bito', 'take'"):
        passes_to_end(covered(), "pass")
    assert ENDINGS == ("bito", "take")


def test_two_players_bito_is_the_attackers_pass() -> None:
    g = Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S 9H", "Boris": "8S TC"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    g.play(Move.attack(0, "7S"))
    g.play(Move.defend(1, "8S", "7S"))
    assert passes_to_end(g, "bito") == [P(0)]
    assert implied_passes(g, Move.attack(1, "TC")) == [P(0)]


# ------------------------------------------------------------------ the property


Item = Move | str


def _is_implicable(game: Game, move: Move) -> bool:
    """An R12 pass (with throw-ins; an english lead pass, R9, is always written)."""
    return move.action is Action.PASS and game.rules.throw_ins


def _ends(game: Game, run: list[Move]) -> str | None:
    """The ending word when playing ``run`` ends the bout on its last pass."""
    g = game.copy()
    events: list[Event] = []
    for p in run:
        events = g.play(p)
    rules = {e.rule for e in events}
    return "bito" if "R15" in rules else "take" if "R14" in rules else None


def reduce_moves(start: Game, moves: list[Move]) -> list[Item]:
    """Drop every pass that implied_passes/passes_to_end restores: in each run of passes,
    keep only those the next kept move would not bring back."""
    g = start.copy()
    items: list[Item] = []
    i = 0
    while i < len(moves):
        if not _is_implicable(g, moves[i]):
            items.append(moves[i])
            g.play(moves[i])
            i += 1
            continue
        j = i
        while j < len(moves) and _is_implicable(g, moves[j]):
            j += 1
        run, nxt = moves[i:j], (moves[j] if j < len(moves) else None)
        ends = _ends(g, run)
        idx = 0
        while idx < len(run):
            rest = run[idx:]
            if ends is not None and passes_to_end(g, ends) == rest:
                items.append(ends)
                done = len(rest)
            elif ends is None and nxt is not None and implied_passes(g, nxt) == rest:
                done = len(rest)
            else:  # keep the last pass that brings back the ones before it
                t = next(t for t in range(len(rest) - 1, -1, -1) if implied_passes(g, rest[t]) == rest[:t])
                items.append(rest[t])
                done = t + 1
            for p in rest[:done]:
                g.play(p)
            idx += done
        i = j
    return items


def restore(start: Game, items: list[Item], *, snapshots: list[tuple[Game, int]] | None = None) -> list[Move]:
    g = start.copy()
    out: list[Move] = []
    for it in items:
        if snapshots is not None:
            snapshots.append((g.copy(), len(out)))
        seq = passes_to_end(g, it) if isinstance(it, str) else [*implied_passes(g, it), it]
        for m in seq:
            g.play(m)
            out.append(m)
    return out


def _differs_without(start: Game, items: list[Item], k: int, moves: list[Move], snap: tuple[Game, int]) -> bool:
    """Restoring ``items`` without item ``k`` gives another move list (or no reading)."""
    g, pos = snap[0].copy(), snap[1]
    try:
        for it in items[k + 1 :]:
            seq = passes_to_end(g, it) if isinstance(it, str) else [*implied_passes(g, it), it]
            for m in seq:
                if pos >= len(moves) or moves[pos] != m:
                    return True
                g.play(m)
                pos += 1
    except IllegalMove:
        return True
    return pos != len(moves)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixes())
def test_dropping_the_implied_passes_and_restoring_gives_the_same_moves(mix: object) -> None:
    """A random bot game (durak_nb.selfplay, RandomBot): drop every pass the reader would
    restore, restore them, get the same moves; every pass kept is needed."""
    rec = record_bot_game(mix.rules, list(mix.players), mix.seed, max_moves=600)  # type: ignore[attr-defined]
    start = rec.new_game()
    moves = list(rec.moves)
    items = reduce_moves(start, moves)
    snapshots: list[tuple[Game, int]] = []
    assert restore(start, items, snapshots=snapshots) == moves
    # every pass left is needed: without it the restored game differs
    for k, it in enumerate(items):
        if isinstance(it, Move) and it.action is Action.PASS and start.rules.throw_ins:
            assert _differs_without(start, items, k, moves, snapshots[k]), (k, it)
    passes = sum(1 for m in moves if m.action is Action.PASS)
    kept = sum(1 for it in items if isinstance(it, Move) and it.action is Action.PASS)
    ended_by_pass = any(isinstance(it, str) for it in items)
    assert kept < passes or not ended_by_pass


# ------------------------------------------------------------------ over-the-board games


def partial_start(game: Game) -> PartialGame:
    """The over-the-board game of ``game``'s deal: only the turned-up card (R3) and the
    first attacker (R4) known, every hand unseen."""
    deal = PartialDeal(
        dealer=game.dealer if game.dealer is not None else len(game.players) - 1,
        turned_up=game.trump_card,
        trump=game.trump if game.trump_card is None else None,
        attacker=game.attacker,
    )
    return PartialGame(game.rules, game.players, deal)


def test_implied_passes_on_a_game_nobody_saw_whole() -> None:
    """Gleb leads 7♦ at Anna; nobody saw the hands, only the turned-up 8♣ (R3)."""
    pg = partial_start(Game.deal("podkidnoy", NAMES4, seed=5))
    assert (pg.attacker, pg.defender) == (3, 0)
    pg.play(Move.attack(3, "7D"))
    assert implied_passes(pg, Move.throw(1, "7S")) == [P(3)]  # Boris waits for Gleb (R12)
    assert implied_passes(pg, P(2)) == [P(3)]
    with pytest.raises(ImpliedPassesError) as info:
        implied_passes(pg, Move.throw(1, "8C"))  # the turned-up card lies under the talon (R1)
    assert info.value.rule == "R1"
    with pytest.raises(ImpliedPassesError) as info:
        passes_to_end(pg, "bito")  # 7♦ is not covered (R15)
    assert info.value.rule == "R15"
    pg.play(Move.take(0))
    assert passes_to_end(pg, "take") == [P(3), P(1), P(2)]  # clockwise from Gleb, Anna skipped
    assert implied_passes(pg, Move.attack(1, "9S")) == [P(3), P(1), P(2)]  # left of Anna leads (R23)
    assert pg.moves == [Move.attack(3, "7D"), Move.take(0)]  # the game itself is not changed


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixes().filter(lambda mix: not mix.rules.redeal_five_of_suit and mix.rules.lead_style != "pair"))
def test_dropping_and_restoring_the_passes_of_a_game_nobody_saw_whole(mix: object) -> None:
    """The same property on :class:`~durak_nb.unseen.PartialGame`: only the laid cards
    are known, yet the passes restored are the same.  (Redeals, R5, name cards, not a
    deck, in such a game; english durak is left out until PartialGame's witness keeps to
    an english lead pass, R9: today ``why_illegal`` allows one its ``play`` refuses.)"""
    start = random_game(mix)  # type: ignore[arg-type]
    game = start.copy()
    play_random(game, random.Random(mix.seed), cap=300)  # type: ignore[attr-defined]
    moves = list(game.history)
    table = partial_start(start)
    items = reduce_moves(table, moves)  # type: ignore[arg-type]
    assert restore(table, items) == moves  # type: ignore[arg-type]
    assert sum(isinstance(it, Move) for it in items) <= len(moves)
