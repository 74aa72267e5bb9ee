"""The endgame core held to the engine (issue 21: "a faster core for search is held to the
engine by a differential test"), and the solver's memory bound (issue 23).

Every move the core makes is played through :class:`~durak_nb.engine.Game`: at each
position the core's legal moves (as engine moves) must be the solver's reading of the
engine's (``decision``), the seat deciding the same, each move's result the core's
position of the engine game afterwards (or the same outcome, R24–R27), and the core's R27
count the engine's. Seeded sweeps from real deals played until the talon is empty, and
hypothesis on set-up endgames, over podkidnoy, perevodnoy and japanese with the options.
Then the core's outcomes against a plain minimax on the engine (no table, no pruning).
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_nb.analysis import SolverBudgetError, decision, solve
from durak_nb.analysis.endgame_core import LEAD, PASS, SHOW, TAKE, CoreRefused, Endgame, Search, solve_core
from durak_nb.analysis.solver import ENTRY_BYTES, MAX_NODE_BUDGET
from durak_nb.cards import Card, Suit, deck
from durak_nb.engine import Action, Game, Move
from durak_nb.rules import Rules

NAMES = ["Anna", "Boris"]

VARIANTS = [
    ("podkidnoy", {}),
    ("perevodnoy", {}),
    ("japanese", {}),
    ("perevodnoy", {"show_trump_transfer": True}),
    ("perevodnoy", {"transfer_first_bout": True, "repetition_draw": 2}),
    ("podkidnoy", {"deck_size": 24, "bout_limit": 3}),
    ("perevodnoy", {"deck_size": 52, "first_bout_limit": 6}),
    ("podkidnoy", {"trump_six_beats_ace": True, "draw_allowed": False}),
    ("perevodnoy", {"two_sixes_win": True, "show_trump_transfer": True, "repetition_draw": 2}),
    ("japanese", {"two_sixes_win": True, "draw_allowed": False, "trump_six_beats_ace": True}),
    # the whole deck dealt: the endgame starts in the first bout (R13c, R19)
    ("perevodnoy", {"deck_size": 24, "hand_size": 12, "show_trump_transfer": True}),
    ("podkidnoy", {"deck_size": 24, "hand_size": 12, "bout_limit": 12}),
    ("perevodnoy", {"deck_size": 24, "hand_size": 12, "transfer_first_bout": True, "bout_limit": 4}),
]


def _outcome(game: Game) -> int:
    r = game.result
    assert r is not None
    return 0 if r.draw else (-1 if r.durak == 0 else 1)


#: the search's children that step over a forced pass (:meth:`Endgame._settle`), counted by walk
STEPPED = [0]


def walk(game: Game, rng: random.Random, kinds: dict[object, int], script: list[str] | None = None) -> int:
    """Play ``game`` (talon empty, two players) to its end with random moves (the moves of
    ``script`` first, by their text), checking the core at every position against the
    engine; returns the positions checked."""
    core, state = Endgame.from_game(game)
    history = core.history(game)
    checked = 0
    while True:
        mover, moves = decision(game)
        assert core.mover(state) == mover
        made = {core.to_move(state, mv): mv for mv in core.moves(state)}
        assert set(made) == set(moves), game
        assert len(made) == len(core.moves(state))  # no move twice
        singles = core.expand(state, True)[1]
        assert {mv for mv, _ in singles} <= set(made.values())
        for mv, child in singles:  # the search's child: the move's, or after the forced pass
            full = core.play(state, mv)
            if child != full:
                assert not isinstance(full, int) and core.moves(full) == [(PASS, 0, 0)], (state, mv)
                assert core.play(full, (PASS, 0, 0)) == child
                STEPPED[0] += 1
        assert core.history(game) == history
        checked += 1
        if script:
            text = script.pop(0)
            move = next(m for m in moves if said(m) == text)
        else:
            move = rng.choice(moves)
        mv = made[move]
        kinds[mv[0]] = kinds.get(mv[0], 0) + 1
        child = core.play(state, mv)
        game.play(move)
        if isinstance(child, int):
            assert game.result is not None and game.result.rule != "R27"
            assert _outcome(game) == child
            return checked
        if core.repetition:  # R27, as Search counts it
            if core.clears(state, child):
                history = {}
            n = history.get(child, 0) + 1
            if n >= core.repetition:
                assert game.result is not None and game.result.rule == "R27", game.result
                kinds["R27"] = kinds.get("R27", 0) + 1
                return checked
            history[child] = n
        assert game.result is None
        state = child
        assert Endgame.from_game(game)[1] == state


def dealt_endgame(preset: str, options: dict[str, object], seed: int) -> Game | None:
    """A real deal played with random moves until the talon is empty (None: over by then)."""
    rng = random.Random(seed)
    game = Game.deal(Rules.make(preset, **options), NAMES, seed=seed)
    while game.result is None and game.talon:
        game.play(rng.choice([m for m in game.legal_moves() if m.action is not Action.REDEAL]))
    return None if game.result is not None else game


def test_differential_sweep_from_real_deals() -> None:
    kinds: dict[object, int] = {}
    checked = 0
    for seed in range(40):
        for preset, options in VARIANTS:
            game = dealt_endgame(preset, options, seed)
            if game is not None:
                checked += walk(game, random.Random(seed), kinds)
    assert checked > 20_000
    assert STEPPED[0] > 1_000  # the search's step over a forced pass, checked as often
    # every kind of move was made (lead, throw, pass, cover, take, transfer, shown trump)
    assert set(range(7)) <= set(kinds)


def show_cycle_game(k: int) -> Game:
    """Perevodnoy with shown-trump transfers (R20): each side shows the trump of the lead's
    rank and the leader takes their own card back, so the same position comes again (R27)."""
    rules = Rules.make("perevodnoy", show_trump_transfer=True, repetition_draw=k)
    return Game.from_position(
        rules,
        NAMES,
        hands=[["7S", "8D", "9C"], ["8S", "7D", "9H"]],
        talon="",
        trump="D",
        attacker=0,
        first_bito_done=True,
        bout=5,
        rest_to_discard=True,
    )


#: the cycle of :func:`show_cycle_game`, once round
CYCLE = [
    *("0 attack 7S", "0 pass", "1 transfer 7D shown", "1 pass", "0 take", "1 pass"),
    *("1 attack 8S", "1 pass", "0 transfer 8D shown", "0 pass", "1 take", "0 pass"),
]


def said(move: Move) -> str:
    """A move as the scripts above write it: seat, action, cards."""
    return " ".join(
        [str(move.player), move.action.value, *(c.code for c in move.cards), *(["shown"] if move.show else [])]
    )


@pytest.mark.parametrize("k", [2, 3, 4])
def test_repetition_draws_reached_and_counted(k: int) -> None:
    assert [said(m) for m in decision(show_cycle_game(k))[1]][:1] == ["0 attack 7S"]
    kinds: dict[object, int] = {}
    walk(show_cycle_game(k), random.Random(0), kinds, CYCLE * (k - 1))
    assert kinds == {LEAD: 2 * (k - 1), SHOW: 2 * (k - 1), PASS: 6 * (k - 1), TAKE: 2 * (k - 1), "R27": 1}
    for seed in range(100):  # the cycle part of the way, then random moves
        walk(show_cycle_game(k), random.Random(seed), kinds, (CYCLE * (k - 1))[: seed % (12 * (k - 1))])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    sizes=st.tuples(st.integers(1, 7), st.integers(1, 7)),
    seed=st.integers(0, 10**6),
    first_bito=st.booleans(),
    first_bout=st.booleans(),
)
def test_differential_on_set_up_endgames(
    variant: tuple[str, dict[str, object]], sizes: tuple[int, int], seed: int, first_bito: bool, first_bout: bool
) -> None:
    preset, options = variant
    rules = Rules.make(preset, **{k: v for k, v in options.items() if k != "hand_size"})
    rng = random.Random(seed)
    cards = list(deck(rules.deck_size))
    rng.shuffle(cards)
    a, b = sizes
    trump = Suit.D if rules.japanese else rng.choice(list(Suit))
    game = Game.from_position(
        rules,
        NAMES,
        hands=[cards[:a], cards[a : a + b]],
        talon="",
        trump=trump,
        attacker=rng.randrange(2),
        first_bito_done=first_bito,
        bout=1 if first_bout else 4,
        rest_to_discard=True,
    )
    if game.result is None:
        walk(game, rng, {})


# ----------------------------------------------------------------------------- outcomes


def minimax(game: Game, counter: list[int]) -> int:
    """The outcome for seat 0 with best play, every line played on the engine (its own
    R27 count ends repetitions), no table, no pruning."""
    counter[0] -= 1
    if counter[0] < 0:
        raise OverflowError
    if game.result is not None:
        return _outcome(game)
    mover, moves = decision(game)
    values = []
    for m in moves:
        game.push(m)
        try:
            values.append(minimax(game, counter))
        finally:
            game.pop()
    return max(values) if mover == 0 else min(values)


def small_endgames() -> list[Game]:
    out = []
    for seed in range(400):
        preset, options = VARIANTS[seed % len(VARIANTS)]
        rules = Rules.make(preset, **{k: v for k, v in options.items() if k != "hand_size"})
        rng = random.Random(seed)
        cards = list(deck(rules.deck_size))
        rng.shuffle(cards)
        a, b = rng.randint(1, 3), rng.randint(1, 3)
        game = Game.from_position(
            rules,
            NAMES,
            hands=[cards[:a], cards[a : a + b]],
            talon="",
            trump=Suit.D if rules.japanese else rng.choice(list(Suit)),
            attacker=seed % 2,
            first_bito_done=seed % 3 != 0,
            bout=1 if seed % 5 == 0 else 3,
            rest_to_discard=True,
        )
        if game.result is None:
            out.append(game)
    for k in (2, 3, 4):  # R27 with a past: the cycle played once or twice first
        for first in range(2):
            game = show_cycle_game(k)
            rng = random.Random(k * 10 + first)
            for _ in range(6 + 3 * first):
                if game.result is not None:
                    break
                game.play(rng.choice(decision(game)[1]))
            if game.result is None:
                out.append(game)
    return out


def test_outcomes_against_plain_minimax() -> None:
    compared = 0
    for game in small_endgames():
        _mover, moves, values, _nodes = solve_core(game, 200_000, root=decision(game))
        for move, value in zip(moves, values, strict=True):
            child = game.copy()
            child.play(move)
            try:
                expected = minimax(child, [40_000])
            except OverflowError:
                continue
            assert value == expected, (game, move)
            compared += 1
    assert compared > 500


def test_R27_entries_stored_under_a_past_hold_without_it() -> None:
    """R27, the graph-history interaction: a search with a past (positions seen k - 1
    times) stores only what holds whatever the past (wins and losses), so the same
    table then gives every position its value without that past, as a fresh search."""
    compared = 0
    for game in small_endgames():
        core, state = Endgame.from_game(game)
        history = core.history(game)
        if not core.repetition or not any(n >= core.repetition - 1 for n in history.values()):
            continue
        table: dict[int, int] = {}
        Search(core, 200_000, table, history).value(state)  # under the past
        for pos, _n in history.items():
            fresh = Search(core, 200_000).value(pos)
            assert Search(core, 200_000, table).value(pos) == fresh, game
            compared += 1
    assert compared >= 4


def test_R27_the_repetition_endgame_within_the_budget() -> None:
    """The perevodnoy endgame of 6 cards each with R27 at the second occurrence
    (bench_solver's seed 6000): searched without the table under a past, it reached the
    default budget of 1,000,000 positions; with the table of G∞ bounds it is solved."""
    rules = Rules.make("perevodnoy", repetition_draw=2, draw_allowed=False)
    rng = random.Random(6000)
    cards = list(deck(rules.deck_size))
    rng.shuffle(cards)
    game = Game.from_position(
        rules,
        NAMES,
        hands=[cards[:6], cards[6:12]],
        talon="",
        trump=rng.choice(list(Suit)),
        attacker=0,
        first_bito_done=True,
        bout=5,
        rest_to_discard=True,
    )
    solution = solve(game)
    assert solution.durak == 1
    assert solution.nodes < 1_000_000


def test_search_value_of_the_current_position() -> None:
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    core, state = Endgame.from_game(game)
    assert Search(core, 10_000).value(state) == 1  # Boris is the durak (test_solver's example)


def test_core_refuses_what_it_does_not_play() -> None:
    game = Game.from_position(
        "english", NAMES, hands=[["7S", "7D"], ["8S"]], talon="", trump="H", attacker=0, rest_to_discard=True
    )
    with pytest.raises(CoreRefused) as info:
        Endgame.from_game(game)
    assert info.value.rule == "R9"
    assert solve(game).durak is not None  # the solver falls back to the engine search


# ----------------------------------------------------------------------------- memory (issue 23)


def big_endgame() -> Game:
    """The 12-against-12 perevodnoy endgame of 52 cards (../shared/repro/round3)."""
    return Game.from_position(
        Rules.make("perevodnoy", deck_size=52),
        NAMES,
        hands=[
            ["4C", "6D", "4H", "JD", "QC", "8C", "AH", "JS", "AD", "AC", "AS", "8H"],
            ["QS", "TS", "9S", "9C", "6H", "7H", "5D", "7S", "6C", "3S", "2D", "8D"],
        ],
        talon="",
        trump="H",
        attacker=0,
        first_bito_done=True,
        bout=9,
        rest_to_discard=True,
    )


def test_memory_per_position_is_bounded_on_the_largest_deck() -> None:
    """Before the fix the engine search kept each position's R27 past in its key: 3.7 GB at
    1,000,000 positions on this endgame. Now at most one entry of about ENTRY_BYTES bytes
    per position searched (the benchmark measures the full budget)."""
    budget = 15_000
    gc.collect()
    tracemalloc.start()
    try:
        with pytest.raises(SolverBudgetError):
            solve(big_endgame(), node_budget=budget)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / budget <= ENTRY_BYTES


def test_node_budget_bound_is_the_cli_one() -> None:
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    with pytest.raises(ValueError, match="1,000,000"):
        solve(game, node_budget=MAX_NODE_BUDGET + 1)
    assert solve(game, node_budget=MAX_NODE_BUDGET).durak == 1


def _mask(text: str) -> int:
    out = 0
    for code in text.split():
        out |= 1 << Card.parse(code)
    return out


def _codes(mask: int) -> str:
    return " ".join(Card.of(c >> 2, c & 3).code for c in range(60) if mask >> c & 1)


def test_canonical_form_closes_the_ranks_and_orders_the_plain_suits() -> None:
    """The search's form of a bout's start (hearts trump): the ranks no card holds
    dropped (8, 10, J: 9 → 8, Q → 9, K → 10, A → J), then the plain suits in order of
    what each holds (diamonds', clubs', spades' cards become spades', diamonds', clubs')."""
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    core, state = Endgame.from_game(game)
    assert (core.close_ranks, core.alike) == (True, [Suit.S, Suit.D, Suit.C])

    def form(h0: str, h1: str) -> tuple[str, str]:
        after = (_mask(h0), _mask(h1), *state[2:])
        before = (*after[:3], _mask("8H TH"), *after[4:])  # a bito: 8♥ 10♥ to the discard
        found = core.canonical(before, after)
        assert found[2:] == after[2:]
        return _codes(found[0]), _codes(found[1])

    assert form("9S 9C 6D AH", "KS 7D QC") == ("6S 8D 8C JH", "7S 9D TC")
    # two positions that play alike have one form: 7♣ 8♣ against 10♠ J♦, and 6♦ 7♦ against 8♣ 9♠
    assert form("7C 8C", "TS JD") == form("6D 7D", "8C 9S") == ("6S 7S", "8D 9C")
    assert form("6S 7S", "8D 9C") == ("6S 7S", "8D 9C")  # the form of a form is itself


@pytest.mark.parametrize(
    ("preset", "options", "close_ranks", "alike"),
    [
        ("podkidnoy", {"deck_size": 24}, True, 3),
        ("japanese", {}, True, 2),  # R8: spades are beaten by no trump, diamonds are trumps
        ("podkidnoy", {"trump_six_beats_ace": True}, False, 3),  # R7: the trump six and ace
        ("perevodnoy", {"two_sixes_win": True}, False, 3),  # R26 names the sixes
    ],
)
def test_the_symmetries_are_read_off_the_rules(
    preset: str, options: dict[str, object], close_ranks: bool, alike: int
) -> None:
    rules = Rules.make(preset, **options)
    cards = list(deck(rules.deck_size))
    game = Game.from_position(
        rules, NAMES, hands=[cards[-3:], cards[-6:-3]], talon="", trump=Suit.D, attacker=0, rest_to_discard=True
    )
    core, _state = Endgame.from_game(game)
    assert (core.close_ranks, len(core.alike)) == (close_ranks, alike)
    if rules.japanese:
        assert core.alike == [Suit.H, Suit.C]


def test_the_canonical_form_changes_no_outcome() -> None:
    """Every root move's outcome, searched with the canonical form of each bout's start
    and without it (the core's own positions throughout), on endgames of every variant
    (the outcomes against a plain minimax on the engine: test_outcomes_against_plain_minimax)."""
    compared = changed = 0
    for preset, options in VARIANTS:
        rules = Rules.make(preset, **options)
        for seed in range(6):
            rng = random.Random(9100 + seed)
            cards = list(deck(rules.deck_size))
            rng.shuffle(cards)
            n = 2 + seed % 3
            game = Game.from_position(
                rules,
                NAMES,
                hands=[cards[:n], cards[n : 2 * n]],
                talon="",
                trump=Suit.D if rules.japanese else rng.choice(list(Suit)),
                attacker=0,
                first_bito_done=True,
                bout=5,
                rest_to_discard=True,
            )
            if game.result is not None:
                continue
            core, state = Endgame.from_game(game)
            kids = [c for _mv, c in core.expand(state, False)[1]]
            with_form = [Search(core, 500_000, None, core.history(game)).after(state, c) for c in kids]
            changed += sum(form >= 0 for form in core._forms.values())
            plain = Search(core, 500_000, None, core.history(game))
            plain.canon = False
            without = [plain.after(state, c) for c in kids]
            assert with_form == without, (preset, options, seed)
            compared += len(kids)
    assert compared > 200
    assert changed > 100  # bout starts the form relabelled
