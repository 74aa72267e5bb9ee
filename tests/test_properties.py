"""Property tests: random games under a random mix of rules (tests/strategies.py).

1. R1: after every move every card of the deck is in exactly one place.
2. R22–R27: every game ends, and its Result is coherent.
3. R5–R21: the engine accepts exactly the moves it lists; every refusal names a rule.
4. INTERCHANGE.md: a recording round-trips through its JSON text.
5. INTERCHANGE.md: a position's STATE has exactly the specified keys.

The examples are derandomized (the same games on every run) so that the suite stays
reproducible; set ``DURAK_HYPOTHESIS=thorough`` for a longer, randomized hunt.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import MOVE_CAP, NAMES, Mix, candidate_moves, mixes, move_key, play_random, random_game, recording_of

from durak_nb.cards import Card, Suit, deck
from durak_nb.engine import Action, Event, Game, GameOver, IllegalMove, Move, Position, Start
from durak_nb.record.json_form import Recording
from durak_nb.rules import PRESETS, Rules

# Profiles are registered here, not in tests/conftest.py, and applied per test, so that
# other test files keep hypothesis' own defaults.
settings.register_profile(
    "durak-fast",
    deadline=None,
    derandomize=True,
    database=None,
    # a random game is a whole game: tens of milliseconds is the nature of the example
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "durak-thorough",
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = settings.get_profile("durak-thorough" if os.environ.get("DURAK_HYPOTHESIS") == "thorough" else "durak-fast")
#: examples per property in the fast profile; the thorough profile runs ten times as many
SCALE = 10 if os.environ.get("DURAK_HYPOTHESIS") == "thorough" else 1

RULE_ID = re.compile(r"^R\d+[a-c]?$")
STATE_KEYS = {"hands", "talon", "trump", "table", "discard", "attacker", "defender", "bout"}


def examples(n: int) -> settings:
    """The profile with ``n`` examples (times :data:`SCALE`)."""
    return settings(PROFILE, max_examples=n * SCALE)


# ----------------------------------------------------------------------------- checks


def check_cards_in_one_place(game: Game) -> None:
    """R1: every card of the deck in exactly one place; no hand holds a card twice."""
    assert sorted(game.all_cards()) == sorted(deck(game.rules.deck_size))
    for hand in game.hands:
        assert len(set(hand)) == len(hand)


def check_result(game: Game) -> None:
    """R22, R24–R27: the Result agrees with the final position."""
    res = game.result
    assert res is not None
    rules = game.rules
    holders = {s for s in range(game.n) if game.hands[s]}
    assert len(set(res.out_order)) == len(res.out_order)
    assert game.legal_moves() == []
    if res.rule == "R26":
        # two_sixes_win: the winner holding exactly two sixes is recorded last in out_order
        assert rules.two_sixes_win and not game.talon and rules.teams is None and not res.draw
        winner = res.out_order[-1]
        assert [c.rank for c in game.hands[winner]] == [6, 6]
        assert holders == {winner, res.durak}
        assert set(res.out_order[:-1]).isdisjoint(holders)
        assert res.epaulettes
        return
    assert set(res.out_order).isdisjoint(holders)
    if res.draw:
        assert res.durak is None and res.losing_team is None and not res.epaulettes
        if res.rule == "R25":
            assert not game.talon and not holders  # everyone went out in the last bout
        else:
            assert res.rule == "R27" and rules.repetition_draw >= 2
        return
    assert not game.talon
    if rules.teams is not None:
        assert res.rule in ("R22", "R25") and res.durak is None and res.losing_team is not None
        assert res.losing_team in rules.teams
        if holders:  # R22: only the losing team still holds cards
            assert holders <= set(res.losing_team)
        else:  # R25 with draw_allowed off: the last defender's team loses
            assert not rules.draw_allowed
        return
    assert res.rule == "R25" and res.losing_team is None and res.durak is not None
    if holders:
        assert holders == {res.durak}  # the last player holding cards
        assert sorted((*res.out_order, res.durak)) == list(range(game.n))
    else:  # the last players went out together, draw_allowed off: the last defender loses
        assert not rules.draw_allowed and res.durak in res.out_order and not res.epaulettes


def check_refusal(game: Game, move: Move) -> None:
    """The refusal names a rule id (R1..R27 with an optional a-c) and says why."""
    refusal = game.why_illegal(move)
    assert refusal is not None, move
    assert RULE_ID.match(refusal.rule), (move, refusal)
    assert refusal.message.strip(), (move, refusal)


def check_legality_oracle(game: Game) -> None:
    """R5–R21: why_illegal(m) is None exactly for the listed moves (card sets compared
    order-insensitively); every listed move plays on a copy; every refusal names a rule."""
    legal = game.legal_moves()
    keys = {move_key(m) for m in legal}
    assert len(keys) == len(legal), "a move is listed twice"
    before = game.position()
    for m in legal:
        assert game.why_illegal(m) is None, m
        assert game.why_illegal(m._replace(cards=m.cards[::-1])) is None, m
        trial = game.copy()
        trial.play(m._replace(cards=m.cards[::-1]))
        check_cards_in_one_place(trial)
    assert game.position() == before  # playing on copies left the game alone
    assert game.legal_moves() == legal
    for m in candidate_moves(game):
        refusal = game.why_illegal(m)
        if move_key(m) in keys:
            assert refusal is None, (m, refusal)
        else:
            assert refusal is not None, f"{m!r} is accepted but not listed"
            assert RULE_ID.match(refusal.rule), (m, refusal)
            assert refusal.message.strip(), (m, refusal)
    # and play() refuses with the same refusal, leaving the game unchanged
    refused = next((m for m in candidate_moves(game) if move_key(m) not in keys), None)
    if refused is not None:
        with pytest.raises(IllegalMove) as info:
            game.play(refused)
        assert info.value.refusal == game.why_illegal(refused)
        assert game.position() == before


def check_state(pos: Position) -> None:
    """INTERCHANGE.md STATE: exactly the specified keys, names and card codes."""
    state = pos.to_json()
    assert set(state) == STATE_KEYS
    assert list(state["hands"]) == list(pos.players)
    assert state["hands"] == {n: [c.code for c in h] for n, h in zip(pos.players, pos.hands, strict=True)}
    assert [Card.parse(c) for c in state["talon"]] == list(pos.talon)
    assert state["trump"] == pos.trump.code
    assert state["table"] == [[a.code, None if d is None else d.code] for a, d in pos.table]
    assert [Card.parse(c) for c in state["discard"]] == list(pos.discard)
    assert state["attacker"] == (None if pos.attacker is None else pos.players[pos.attacker])
    assert state["defender"] == (None if pos.defender is None else pos.players[pos.defender])
    assert state["bout"] == pos.bout and isinstance(state["bout"], int)
    assert json.loads(json.dumps(state)) == state


# ----------------------------------------------------------------------------- properties


@examples(500)
@given(mixes())
def test_r1_every_card_in_exactly_one_place_after_every_move(mix: Mix) -> None:
    """R1 (with R3, R14–R16, R5): hands, talon, table and discard always hold the deck."""
    game = random_game(mix)
    check_cards_in_one_place(game)
    play_random(game, random.Random(mix.seed), after=lambda g, _m: check_cards_in_one_place(g))
    assert game.finished


@examples(1000)
@given(mixes())
def test_r22_r25_r27_every_game_ends_with_a_coherent_result(mix: Mix) -> None:
    """R27 (repetition_draw >= 2) bounds every game; the Result fits R22, R24–R26."""
    game = random_game(mix)
    played = play_random(game, random.Random(mix.seed))
    assert game.finished, f"no end after {played} moves"
    assert played < MOVE_CAP
    assert len(game.history) == played
    check_result(game)


def repetition_key(game: Game) -> tuple[object, ...]:
    """R27's "same position", worked out independently of the engine's own key: every
    field of :class:`Position` (the bout only as first or later, and that only where the
    first bout has moves of its own: R5, R19), plus the lead passes of english durak (R9)
    and the players who showed a trump this bout (R20)."""
    pos = game.position()
    r = game.rules
    first_differs = r.redeal_five_of_suit or (r.transfers and not r.transfer_first_bout)
    bout = min(pos.bout, 2) if first_differs else 0
    return (dataclasses.replace(pos, bout=bout), game.lead_passes, frozenset(game.shown))


@examples(200)
@given(mixes())
def test_r27_the_game_ends_at_the_first_move_whose_position_occurs_the_nth_time(mix: Mix) -> None:
    """R27: positions are compared after every move (and the starting one counts): the
    game is drawn by the move that makes some position occur for the
    ``repetition_draw``-th time, inside a bout as at a bout start, and not before. A
    twin game without R27 plays the same moves and counts the positions itself."""
    game = random_game(mix)
    twin = Game.deal(mix.rules.replace(repetition_draw=0), mix.players, seed=mix.seed)
    n = mix.rules.repetition_draw
    counts = {repetition_key(twin): 1}
    rng = random.Random(mix.seed)
    while not game.finished:
        events = game.play(rng.choice(game.legal_moves()))
        move = game.history[-1]  # a redeal carries its shuffled deck (R5)
        twin_events = twin.play(move)
        if move.action is Action.REDEAL:
            counts = {}
        key = repetition_key(twin)
        counts[key] = counts.get(key, 0) + 1
        if game.result is not None and game.result.rule == "R27":
            assert counts[key] == n and twin.result is None
            assert events == [*twin_events, GameOver(game.result)]
            assert game.table == twin.table and game.hands == twin.hands
        else:
            assert counts[key] < n
            assert events == twin_events and game.result == twin.result


@examples(150)
@given(mixes())
def test_r5_r21_engine_accepts_exactly_the_moves_it_lists(mix: Mix) -> None:
    """R5–R21: at sampled moments (the deal, about one move in thirty, the end) the
    listed moves and why_illegal agree on a superset of candidate moves."""
    game = random_game(mix)
    rng = random.Random(mix.seed)
    check_legality_oracle(game)
    while not game.finished:
        game.play(rng.choice(game.legal_moves()))
        if rng.random() < 1 / 30:
            check_legality_oracle(game)
    check_legality_oracle(game)
    for m in candidate_moves(game):  # the game is over: R25 refuses everything
        check_refusal(game, m)


@examples(200)
@given(mixes())
def test_interchange_recording_round_trips(mix: Mix) -> None:
    """INTERCHANGE.md: dumps -> from_json_text keeps moves, players and rules; the replay
    reaches the same Position and Result (R5 redeals carry their deck); dumps is stable."""
    game = random_game(mix)
    start = game.copy()
    rng = random.Random(mix.seed)
    # about one game in five is cut short: unfinished games are recordings too
    cap = rng.randrange(1, 60) if rng.random() < 0.2 else MOVE_CAP
    play_random(game, rng, cap=cap)
    rec = recording_of(start, game, meta={"event": "свойства", "comments": {"0": "R9 <b>lead</b>"}})
    text = rec.dumps()
    back = Recording.from_json_text(text)
    assert back.moves == game.history
    assert back.players == mix.players
    assert back.rules == mix.rules
    assert back.rules.to_json(back.players) == mix.rules.to_json(mix.players)
    replayed = back.replay()
    assert replayed.position() == game.position()
    assert replayed.result == game.result
    back.check_result(replayed)
    assert back.dumps() == text


@examples(100)
@given(mixes())
def test_interchange_state_has_exactly_the_specified_keys(mix: Mix) -> None:
    """INTERCHANGE.md STATE after every move, at the deal and at the end."""
    game = random_game(mix)
    check_state(game.position())
    play_random(game, random.Random(mix.seed), after=lambda g, _m: check_state(g.position()))
    assert game.position().attacker is None and game.position().defender is None


@examples(300)
@given(mixes(repetition=(0, 2, 3, 4)))
def test_r1_r27_rules_repr_evaluates_to_the_same_rules(mix: Mix) -> None:
    """repr(Rules) is Rules.make(preset, the options that differ): it evaluates back."""
    text = repr(mix.rules)
    assert text.startswith(f"Rules.make({mix.rules.preset!r}")
    assert eval(text, {"Rules": Rules}) == mix.rules


@examples(100)
@given(mixes())
def test_interchange_position_code_round_trips_at_every_bout_start(mix: Mix) -> None:
    """Start.code / Game.from_code: at the deal and at every bout start of a random game
    the code gives back the same Start, the same code, and (once the first bout is
    over, outside english durak's lead passes, R5, R9) the same legal moves."""
    game = random_game(mix)
    rng = random.Random(mix.seed)
    starts = 0
    while True:
        if not game.finished and not game.table:
            start = game.start()
            code = start.code()
            assert Start.from_code(code) == start
            again = Game.from_code(mix.rules, mix.players, code)
            assert again.start() == start and again.position().code() == code
            if game.lead_passes == 0 and game.bout > 1:
                assert again.legal_moves() == game.legal_moves()
            starts += 1
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()))
    assert starts >= 1


class GeneralPaths(Game):
    """A game that takes the general paths where two-player games have their own
    (issue 13): the move lists of :meth:`Game._generate` (not the two-player lists made
    inline in :meth:`Game.legal_moves`) and the bout end of
    :meth:`Game._end_bout`; after every move it asks :meth:`Game._settle`, which must
    find nothing to end (so the two-player shortcuts past it skip nothing)."""

    def legal_moves(self, player: int | str | None = None) -> list[Move]:
        self._two = False  # not the two-player path inline in Game.legal_moves
        try:
            return super().legal_moves(player)
        finally:
            self._two = True

    def _end_bout2(self, events: list[Event], took: bool) -> None:
        self._end_bout(events, took=took)

    def play(self, move: Move) -> list[Event]:
        events = super().play(move)
        if self.result is None:
            before, extra = self.position(), []
            self._settle(extra)
            assert extra == [] and self.position() == before, f"R14/R15: the bout should have ended at {move}"
        return events


def check_two_player_paths(rules: Rules, players: tuple[str, ...], seed: int) -> None:
    """Play a random game of two with the hot paths and with :class:`GeneralPaths`,
    comparing them move by move (the two-player lead tables, two ranks a look-up, and
    the shared one-pair events of the two-player bout end against the general ones)."""
    game = Game.deal(rules, players, seed=seed)
    twin = GeneralPaths.deal(rules, players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        moves = game.legal_moves()
        assert moves == twin.legal_moves()
        move = rng.choice(moves)
        assert game.play(move) == twin.play(move), move
        assert game.position() == twin.position() and game._seen == twin._seen
        assert game._last_lead_on == twin._last_lead_on
        # the hands view (made anew only when a hand changed) and every card in one place
        assert game.hands == twin.hands == [list(h) for h in game.position().hands]
    assert twin.finished and game.result == twin.result and game.history == twin.history


@examples(300)
@given(mixes())
def test_r9_r27_two_player_hot_paths_equal_the_general_paths(mix: Mix) -> None:
    """Issue 13: a two-player game plays, lists and reports exactly what the general
    paths do: the same legal moves in the same order, the same events (R14-R16, R24,
    R25), the same positions, results and R27 counts, move by move."""
    rules = mix.rules.replace(teams=None) if mix.rules.teams is not None else mix.rules
    check_two_player_paths(rules, mix.players[:2], mix.seed)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_r14_r16_two_player_hot_paths_equal_the_general_paths_for_each_preset(preset: str) -> None:
    """As above, for 120 seeds of each preset as it is (rare bout ends, such as the
    defender finding the talon emptied by the attacker's draw, R16, come up here)."""
    for seed in range(120):
        check_two_player_paths(Rules.make(preset), NAMES[:2], seed)


def test_rules_mix_covers_every_preset_and_teams() -> None:
    """The strategy itself: presets, deck sizes, 2v2 and 3v3 teams and R2's extremes occur."""
    seen: set[tuple[object, ...]] = set()

    @settings(PROFILE, max_examples=300)
    @given(mixes())
    def collect(mix: Mix) -> None:
        r = mix.rules
        seen.add(("preset", r.preset))
        seen.add(("deck", r.deck_size))
        seen.add(("teams", None if r.teams is None else len(r.teams[0])))
        if len(mix.players) == r.deck_size // r.hand_size:
            seen.add(("most players", r.deck_size))
        Rules.make(r.preset, **r.options()).check_players(len(mix.players))

    collect()
    for preset in ("podkidnoy", "perevodnoy", "prostoy", "english", "japanese"):
        assert ("preset", preset) in seen
    for size in (24, 36, 52):
        assert ("deck", size) in seen
    assert {("teams", None), ("teams", 2), ("teams", 3)} <= seen
    assert ("most players", 36) in seen


# ----------------------------------------------------------------------------- regressions
# Engine bugs the properties found, kept as plain tests with the exact failing example.


def test_r9_r13a_english_pass_when_the_limit_forbids_a_pair() -> None:
    """R9 with R13a: with bout_limit=1 no pair can be led, so an attacker holding a pair
    passes the lead.  The engine listed the pass but why_illegal refused it ("holds a
    pair and must lead it"); found by the legality property with
    english/bout_limit=1/draw_allowed=False/repetition_draw=2, 2 players, seed 0."""
    game = Game.from_position(
        Rules.make("english", bout_limit=1),
        ["Anna", "Boris"],
        hands={"Anna": "7S 7H 9C", "Boris": "8S 8H QD"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    assert game.legal_moves() == [Move.pass_(0)]
    assert game.why_illegal(Move.pass_(0)) is None
    assert str(game.why_illegal(Move.attack(0, "7S 7H"))) == "[R13a] a bout holds at most 1 attack card"
    assert game.why_illegal(Move.attack(0, "7S")) is not None
    game.play(Move.pass_(0))
    assert game.legal_moves() == [Move.pass_(1)]
    game.play(Move.pass_(1))
    # R9: every player passed the lead in a row: now a single card may be led
    assert game.legal_moves() == [Move.attack(0, "7S"), Move.attack(0, "7H"), Move.attack(0, "9C")]


def test_r9_english_bout_limit_1_seed_0_listed_moves_are_accepted() -> None:
    """The exact failing example of the R9/R13a bug above, replayed to its end."""
    mix = Mix(
        Rules.make("english", bout_limit=1, draw_allowed=False, repetition_draw=2),
        ("Anna", "Boris"),
        0,
    )
    game = random_game(mix)
    rng = random.Random(mix.seed)
    while not game.finished:
        check_legality_oracle(game)
        game.play(rng.choice(game.legal_moves()))
    check_result(game)


def test_r3_r5_redeal_without_turned_up_card_keeps_the_trump_and_replays() -> None:
    """R3/R5: six players with 36 cards leave no card to turn up, so the trump is chosen
    at random and recorded in the deal.  A redeal chose it afresh with the game's random
    generator, which a recording (the redeal move carries only its deck) cannot
    reproduce: the game turned clubs trump at its redeal (move 1), and its replay drew
    a fresh trump, so it usually failed at move 2 ("[R9] move 2 (Egor attacks 6C): it
    is Vera's lead, not Egor's").  Now the recorded trump stands through the redeal."""
    mix = Mix(Rules.make("podkidnoy", redeal_five_of_suit=True), NAMES[:6], 36)
    game = random_game(mix)
    start = game.copy()
    assert start.trump_card is None and start.talon == [] and start.trump == Suit.D
    play_random(game, random.Random(mix.seed))
    assert [k for k, m in enumerate(game.history) if m.action is Action.REDEAL] == [1]
    assert game.trump == Suit.D
    back = Recording.from_json_text(recording_of(start, game).dumps())
    replayed = back.replay()
    assert replayed.position() == game.position()
    assert replayed.result == game.result
