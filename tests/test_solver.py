"""The exact endgame solver (issue 13, section 2; INTERCHANGE.md "Analysis commands").

The solver's answers are checked against a plain minimax written here: no pruning, no
table, every line played out on the engine (whose R27 count ends repetitions), with
the R12 reading INTERCHANGE.md fixes (the thrower decides first; a pass waits; then the
defender). Random small endgames of every preset, hand-made positions with their best
moves written out, the refusals, the node budget and the command line.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from durak_nb.analysis import Solution, SolverBudgetError, SolverError, decision, evaluate, seat_values, solve
from durak_nb.analysis.solver import MANY_MAX_CARDS, MAX_NODE_BUDGET
from durak_nb.bots import SearchBot
from durak_nb.cards import Suit, deck
from durak_nb.cli import main
from durak_nb.engine import Game, Move
from durak_nb.rules import Rules

NAMES = ["Anna", "Boris"]


# ----------------------------------------------------------------------------- the plain minimax


def mover_and_moves(game: Game) -> tuple[int, list[Move]]:
    """R12 as INTERCHANGE.md reads it, written again here: a thrower's moves (throw-in,
    pass) come first; the defender decides once no thrower may act."""
    moves = game.legal_moves()
    throwing = [m for m in moves if m.player != game.defender]
    chosen = throwing or moves
    return chosen[0].player, chosen


def outcome(game: Game, pair: tuple[int, int]) -> int:
    """The result from the side of ``pair[0]``: +1 when ``pair[1]`` is the durak (or
    their team loses), -1 the other way round, 0 for a draw."""
    r = game.result
    assert r is not None
    if r.draw:
        return 0
    loser = r.durak if r.durak is not None else next(s for s in pair if r.losing_team and s in r.losing_team)
    return 1 if loser == pair[1] else -1


class TooBig(Exception):
    """The plain minimax would run too long on this position (it has no table)."""


PLAIN_BOUND = 30_000


def minimax(game: Game, pair: tuple[int, int], counter: list[int]) -> int:
    counter[0] -= 1
    if counter[0] < 0:
        raise TooBig
    if game.result is not None:
        return outcome(game, pair)
    mover, moves = mover_and_moves(game)
    values = []
    for m in moves:
        child = game.copy()
        child.play(m)
        values.append(minimax(child, pair, counter))
    return max(values) if mover == pair[0] else min(values)


def plain_answer(game: Game, bound: int = PLAIN_BOUND) -> tuple[int, int | None, set[Move], dict[Move, int | None]]:
    """(to_act, durak or None, best moves, every move's durak) by the plain minimax."""
    on_table = {game.attacker, game.defender} if game.attack_cards else set()
    pair = tuple(s for s in range(game.n) if game.hands[s] or s in on_table)  # R24: in the game
    assert len(pair) == 2
    durak_of = {1: pair[1], -1: pair[0], 0: None}
    mover, moves = mover_and_moves(game)
    counter = [bound]
    values = {}
    for m in moves:
        child = game.copy()
        child.play(m)
        values[m] = minimax(child, pair, counter)
    target = max(values.values()) if mover == pair[0] else min(values.values())
    return (
        mover,
        durak_of[target],
        {m for m, v in values.items() if v == target},
        {m: durak_of[v] for m, v in values.items()},
    )


# ----------------------------------------------------------------------------- random endgames


def random_endgame(rng: random.Random, preset: str, options: dict[str, object], most: int) -> Game | None:
    """A two-player endgame with the talon empty: 1..``most`` cards each from a few
    ranks (so that throw-ins, transfers and repetitions happen), then 0–4 random moves.
    ``None`` when the game ended on the way."""
    rules = Rules.make(preset, **options)
    ranks = rng.sample(sorted({c.rank for c in deck(rules.deck_size)}), rng.choice([2, 3, 4]))
    pool = [c for c in deck(rules.deck_size) if c.rank in ranks]
    rng.shuffle(pool)
    n0, n1 = rng.randint(1, most), rng.randint(1, most)
    if n0 + n1 > len(pool):
        return None
    trump = Suit.D if preset == "japanese" else rng.choice(list(Suit))
    game = Game.from_position(
        rules,
        NAMES,
        hands=[pool[:n0], pool[n0 : n0 + n1]],
        talon="",
        trump=trump,
        attacker=rng.randint(0, 1),
        first_bito_done=rng.random() < 0.6,
        bout=rng.choice([1, 3]),
        rest_to_discard=True,
    )
    for _ in range(rng.randint(0, 4)):
        if game.result is not None:
            return None
        game.play(rng.choice(game.legal_moves()))
    return None if game.result is not None else game


VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("podkidnoy", {}),
    ("podkidnoy", {"draw_allowed": False, "first_bout_limit": 6}),
    ("podkidnoy", {"trump_six_beats_ace": True, "two_sixes_win": True}),
    ("perevodnoy", {}),
    ("perevodnoy", {"show_trump_transfer": True}),
    ("perevodnoy", {"repetition_draw": 2, "transfer_first_bout": True}),
    ("prostoy", {}),
    ("english", {}),
    ("english", {"repetition_draw": 2}),
    ("japanese", {}),
]


@pytest.mark.parametrize(("preset", "options"), VARIANTS, ids=[f"{p}-{'-'.join(o) or 'default'}" for p, o in VARIANTS])
def test_solver_agrees_with_plain_minimax_on_random_endgames(preset: str, options: dict[str, object]) -> None:
    rng = random.Random(f"{preset}{sorted(options.items())}")
    checked = tries = 0
    while checked < 25:
        tries += 1
        assert tries < 400
        game = random_endgame(rng, preset, options, most=3)
        if game is None:
            continue
        try:
            to_act, durak, best, every = plain_answer(game)
        except TooBig:  # the plain minimax has no table: too big for it, not for the solver
            continue
        before = game.position()
        history = list(game.history)
        sol = solve(game)
        assert game.position() == before and game.history == history  # the game is not changed
        assert (sol.to_act, sol.durak) == (to_act, durak), game.position()
        assert set(sol.best) == best
        assert {e.move: e.durak for e in sol.evaluations} == every
        assert len(sol.best) == len(best)  # no move listed twice
        checked += 1


def test_solver_agrees_with_plain_minimax_on_larger_podkidnoy_endgames() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 3:
        game = random_endgame(rng, "podkidnoy", {}, most=4)
        if game is None or sum(map(len, game.hands)) < 6:
            continue
        try:
            to_act, durak, best, _ = plain_answer(game)
        except TooBig:
            continue
        sol = solve(game)
        assert (sol.to_act, sol.durak, set(sol.best)) == (to_act, durak, best)
        checked += 1


def test_R27_a_repetition_in_the_past_changes_the_outcome() -> None:
    """R27 (english, R9 lead passing): Boris's pair 8♦ 8♣ goes back and forth; Boris is
    to lead at Anna (8♦ 8♣ J♣ Q♦ against 9♠ J♦) for the second time, and his lead of the
    pair has lain before her twice. Fresh, Anna wins (she covers both eights the next time
    Boris leads them, and goes out). Here the next time would be the third occurrence of
    that position: a draw (R27), which Boris forces. The plain minimax, playing on the
    engine with its count, agrees on both."""
    game = Game.from_code("english", NAMES, "JCQD/8D8C9SJD - C 1 * 1 + -")
    for m in [
        Move.attack(1, "8D 8C"),
        Move.defend(0, "JC", "8C"),
        Move.take(0),
        Move.pass_(1),  # no pair: Boris passes the lead (R9)
        Move.attack(0, "8D 8C"),
        Move.take(1),
        Move.pass_(0),
        Move.attack(1, "8D 8C"),
        Move.take(0),
    ]:
        game.play(m)
    fresh = Game.from_code("english", NAMES, game.position().code())
    assert fresh.position().hands == game.position().hands and fresh.attacker == game.attacker == 1
    sol, first = solve(game), solve(fresh)
    assert (first.to_act, first.durak, first.best) == (1, 1, (Move.pass_(1),))
    assert (sol.to_act, sol.durak, sol.best) == (1, None, (Move.pass_(1),))
    assert plain_answer(game)[:3] == (1, None, {Move.pass_(1)})
    assert plain_answer(fresh)[:3] == (1, 1, {Move.pass_(1)})


def test_R27_a_position_seen_twice_with_transfers() -> None:
    """R27 with transfers (R17): two takes bring back the start position (its second
    occurrence); the answer stays Anna's lead of 7♠."""
    game = Game.from_code("perevodnoy", NAMES, "7S8D9D/7H7C8S9S - D 0 * 3 + -")
    start = game.position()
    cycle = [
        Move.attack(0, "7S"),
        Move.pass_(0),
        Move.transfer(1, "7H"),
        Move.pass_(1),
        Move.take(0),  # Anna 7♠ 7♥ 8♦ 9♦, Boris attacks next (R23)
        Move.pass_(1),
        Move.attack(1, "7C"),
        Move.pass_(1),
        Move.transfer(0, "7H"),
        Move.pass_(0),
        Move.take(1),
        Move.pass_(0),
    ]
    for m in cycle:
        game.play(m)
    assert (game.position().hands, game.attacker, game.result) == (start.hands, 0, None)
    sol = solve(game)
    assert (sol.to_act, sol.durak, sol.best) == (0, 1, (Move.attack(0, "7S"),))
    assert {e.move: e.durak for e in sol.evaluations} == {
        Move.attack(0, "7S"): 1,
        Move.attack(0, "8D"): 0,
        Move.attack(0, "9D"): 0,
    }


# ----------------------------------------------------------------------------- hand-made positions


def test_lead_into_a_defender_who_cannot_beat_twice() -> None:
    """Podkidnoy, trump ♦: Anna 7♠ 7♥ A♦ attacks Boris 8♠ 9♣. Whatever Anna leads,
    Boris cannot get rid of both cards: Boris is the durak, every lead keeps it."""
    game = Game.from_code("podkidnoy", NAMES, "7S7HAD/8S9C - D 0 * 5 + -")
    sol = solve(game)
    assert sol.to_act == 0 and sol.durak == 1
    assert sol.best == (
        Move.attack(0, "7S"),
        Move.attack(0, "7H"),
        Move.attack(0, "7S 7H"),
        Move.attack(0, "AD"),
    )
    assert sol.describe(NAMES).splitlines() == [
        "Anna to decide",
        "outcome with best play by both: Boris is the durak",
        "best moves (keep the outcome): Anna attacks 7♠; Anna attacks 7♥; Anna attacks 7♠ 7♥; Anna attacks A♦",
    ]


def test_only_the_nines_win() -> None:
    """Podkidnoy, trump ♥: Anna 9♠ 9♣ 6♦ attacks Boris K♠ 7♦. With both nines on the
    table (led together, or one led and the other thrown in) Boris cannot cover 9♣ and
    takes; Anna goes out with 6♦ next. Leading 6♦ loses: 7♦ covers it, and Boris's K♠
    then goes unbeaten."""
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    sol = solve(game)
    assert (sol.to_act, sol.durak) == (0, 1)
    assert sol.best == (Move.attack(0, "9S"), Move.attack(0, "9C"), Move.attack(0, "9S 9C"))
    assert {e.move: e.durak for e in sol.evaluations} == {
        Move.attack(0, "6D"): 0,
        Move.attack(0, "9S"): 1,
        Move.attack(0, "9C"): 1,
        Move.attack(0, "9S 9C"): 1,
    }


def test_R12_the_thrower_decides_first_then_the_defender() -> None:
    """R12 as INTERCHANGE.md reads it: with 7♠ on the table both Anna (thrower) and Boris
    (defender) may act; the decision is Anna's. After her pass it is Boris's."""
    game = Game.from_code("podkidnoy", NAMES, "7S7H8C/8S9H6C - D 0 * 5 + -")
    game.play(Move.attack(0, "7S"))
    assert {m.player for m in game.legal_moves()} == {0, 1}
    seat, moves = decision(game)
    assert seat == 0 and set(moves) == {Move.throw(0, "7H"), Move.pass_(0)}
    assert solve(game).to_act == 0
    game.play(Move.pass_(0))
    seat, moves = decision(game)
    assert seat == 1 and set(moves) == {Move.defend(1, "8S", "7S"), Move.take(1)}
    sol = solve(game)
    assert sol.to_act == 1
    assert set(sol.best) | {e.move for e in sol.evaluations} == {Move.defend(1, "8S", "7S"), Move.take(1)}


def test_R25_a_draw_when_both_go_out_in_the_last_bout() -> None:
    """R25: Anna 7♠ attacks Boris 8♠, each holding one card: Boris covers, both are out
    in the same bout, a draw; taking makes Boris the durak."""
    game = Game.from_code("podkidnoy", NAMES, "7S/8S - D 0 * 5 + -")
    sol = solve(game)
    assert (sol.to_act, sol.durak, sol.best) == (0, None, (Move.attack(0, "7S"),))
    game.play(Move.attack(0, "7S"))  # Anna's last card: she throws no more (R11), Boris decides
    sol = solve(game)
    assert sol.to_act == 1 and sol.draw and sol.best == (Move.defend(1, "8S", "7S"),)
    assert {e.move: e.durak for e in sol.evaluations} == {Move.defend(1, "8S", "7S"): None, Move.take(1): 1}
    assert sol.to_json(NAMES) == {
        "outcome": {"draw": True},
        "best": [{"player": "Boris", "action": "defend", "card": "8S", "target": "7S"}],
        "to_act": "Boris",
    }


def test_R25_draw_allowed_off_the_last_defender_loses() -> None:
    """R25 with draw_allowed off: the same bout makes the defender Boris the durak."""
    game = Game.from_code(Rules.make("podkidnoy", draw_allowed=False), NAMES, "7S/8S - D 0 * 5 + -")
    sol = solve(game)
    assert (sol.to_act, sol.durak, sol.best) == (0, 1, (Move.attack(0, "7S"),))


# ----------------------------------------------------------------------------- refusals


def test_R16_refuses_the_talon_not_empty() -> None:
    game = Game.deal("podkidnoy", NAMES, seed=3)
    with pytest.raises(SolverError) as err:
        solve(game)
    assert err.value.rule == "R16"
    assert "the talon still holds 24 cards:" in str(err.value)


def test_R24_refuses_three_players_holding_cards() -> None:
    game = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S/8S/9S - D 0 * 5 + -")
    with pytest.raises(SolverError) as err:
        solve(game)
    assert err.value.rule == "R24"
    assert "3 players are still in the game (Anna, Boris, Vera): the solver needs exactly two" in str(err.value)


def test_refuses_a_game_that_is_over() -> None:
    game = Game.from_code("podkidnoy", NAMES, "7S/8S - D 0 * 5 + -")
    game.play(Move.attack(0, "7S"))
    game.play(Move.take(1))
    assert game.result is not None
    with pytest.raises(SolverError, match=r"the game is over \(Boris is the durak\)"):
        solve(game)


def test_R27_refuses_endless_play_when_off() -> None:
    game = Game.from_code(Rules.make("perevodnoy", repetition_draw=0), NAMES, "7S/8S - D 0 * 5 + -")
    with pytest.raises(SolverError) as err:
        solve(game)
    assert err.value.rule == "R27"
    # without transfers no position recurs: R27 off is no obstacle
    assert solve(Game.from_code(Rules.make("podkidnoy", repetition_draw=0), NAMES, "7S/8S - D 0 * 5 + -")).draw


def test_a_player_out_and_a_third_seat() -> None:
    """Three seats, Vera already out (R24): the two holders' endgame is solved with
    their seat numbers."""
    game = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S7HAD/8S9C/- - D 0 * 5 + 2")
    sol = solve(game)
    assert sol.players == (0, 1) and sol.durak == 1 and sol.to_act == 0


def test_at_the_largest_budget_the_refusal_asks_for_a_smaller_position_not_a_larger_budget() -> None:
    """Issue 23's 12-against-12 endgame stops at 1,000,000 positions, the most a solve may be
    given: the words must not ask for a larger --budget, which the kit would refuse."""
    from durak_nb.i18n import language

    e = SolverBudgetError(MAX_NODE_BUDGET, (12, 12), 0)
    assert str(e) == (
        "the solver stopped at its largest node budget, 1,000,000 positions, before finishing: the position has "
        "12 + 12 cards in hand and 0 on the table, too many for an exact answer; solve a later position of the game, "
        "with fewer cards in hand"
    )
    with language("ru"):
        ru = str(SolverBudgetError(MAX_NODE_BUDGET, (12, 12), 0))
    with language("uk"):
        uk = str(SolverBudgetError(MAX_NODE_BUDGET, (12, 12), 0))
    assert ru == (
        "решатель остановился, не закончив: исчерпан наибольший бюджет, 1\xa0000\xa0000 позиций; "
        "карт на руках: 12 + 12, на столе: 0 — слишком много для точного ответа; "
        "решите более позднюю позицию партии, когда карт на руках меньше"
    )
    assert uk == (
        "розв'язувач зупинився, не закінчивши: вичерпано найбільший бюджет, 1\xa0000\xa0000 позицій; "
        "карт на руках: 12 + 12, на столі: 0 — забагато для точної відповіді; "
        "розв'яжіть пізнішу позицію партії, коли карт на руках менше"
    )
    assert "larger" in str(SolverBudgetError(MAX_NODE_BUDGET - 1, (12, 12), 0))  # below it, a larger one helps


def test_budget_refusal_names_the_budget_and_the_size() -> None:
    game = Game.from_code("podkidnoy", NAMES, "6S7S8S9HTHAD/6H7H8H9STSAC - D 0 * 5 + -")
    with pytest.raises(SolverBudgetError) as err:
        solve(game, node_budget=50)
    e = err.value
    assert (e.budget, e.hands, e.table) == (50, (6, 6), 0)
    assert "node budget of 50 positions" in str(e) and "6 + 6 cards in hand and 0 on the table" in str(e)
    with pytest.raises(TypeError):
        solve(game, node_budget=0)


def test_solution_is_a_value() -> None:
    sol = solve(Game.from_code("podkidnoy", NAMES, "7S/8S - D 0 * 5 + -"))
    assert isinstance(sol, Solution) and sol.nodes >= 1
    with pytest.raises(AttributeError):
        sol.durak = 0  # type: ignore[misc]


# ----------------------------------------------------------------------------- the command line


def start_doc(hands: dict[str, list[str]], moves: list[dict[str, object]], trump: str = "D") -> dict[str, Any]:
    used = {c for h in hands.values() for c in h}
    return {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": list(hands),
        "start": {
            "hands": hands,
            "talon": [],
            "trump": trump,
            "discard": [c.code for c in deck(36) if c.code not in used],
            "attacker": next(iter(hands)),
            "first_bito_done": True,
            "bout": 5,
        },
        "moves": moves,
    }


def write(tmp_path: Path, doc: dict[str, Any], name: str = "g.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_cli_solve_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        start_doc(
            {"Anna": ["7S"], "Boris": ["8S"]},
            [{"player": "Anna", "action": "attack", "cards": ["7S"]}],
        ),
    )
    assert main(["solve", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "outcome": {"draw": True},
        "best": [{"player": "Boris", "action": "defend", "card": "8S", "target": "7S"}],
        "to_act": "Boris",
    }


def test_cli_solve_words_and_durak(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, start_doc({"Anna": ["9S", "9C", "6D"], "Boris": ["KS", "7D"]}, [], trump="H"))
    assert main(["solve", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "outcome": {"durak": "Boris"},
        "best": [
            {"player": "Anna", "action": "attack", "cards": ["9S"]},
            {"player": "Anna", "action": "attack", "cards": ["9C"]},
            {"player": "Anna", "action": "attack", "cards": ["9S", "9C"]},
        ],
        "to_act": "Anna",
    }
    assert main(["solve", path]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Anna to decide",
        "outcome with best play by both: Boris is the durak",
        "best moves (keep the outcome): Anna attacks 9♠; Anna attacks 9♣; Anna attacks 9♠ 9♣",
    ]


def test_cli_solve_refusals_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dealt = {"format": "durak-nb/1", "rules": "podkidnoy", "players": NAMES,
             "deal": {"dealer": "Boris", "deck": [c.code for c in deck(36)]}, "moves": []}  # fmt: skip
    path = write(tmp_path, dealt)
    assert main(["solve", path, "--json"]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert "durak-nb solve: error:" in err.err and "[R16] the talon still holds 24 cards:" in err.err
    six = {"Anna": ["6S", "7S", "8S", "9H", "TH", "AD"], "Boris": ["6H", "7H", "8H", "9S", "TS", "AC"]}
    big = write(tmp_path, start_doc(six, []), "big.json")
    assert main(["solve", big, "--budget", "10"]) == 2
    assert "node budget of 10 positions" in capsys.readouterr().err
    assert main(["solve", big, "--budget", "0"]) == 2
    assert (
        "durak-nb solve: error: --budget must be a whole number of positions from 1 to 1,000,000, not 0"
        in capsys.readouterr().err
    )


def test_cli_solve_bad_file_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, start_doc({"Anna": ["7S"], "Boris": ["8S"]}, [{"player": "Boris", "action": "take"}]))
    assert main(["solve", path]) == 1
    assert "error:" in capsys.readouterr().err
    missing = tmp_path / "none.json"
    assert main(["solve", str(missing)]) == 1


class FakePartial:
    """The surface of ``unseen.PartialGame`` the solver uses: ``seen()`` and ``witness()``."""

    def __init__(self, game: Game, unknown: tuple[int, ...]) -> None:
        self.game, self.unknown = game, unknown

    def seen(self) -> object:
        return type("Seen", (), {"unknown": self.unknown})()

    def witness(self) -> Game:
        return self.game.copy()


def test_a_game_whose_deal_nobody_saw() -> None:
    """Over-the-board (issue 10): solved once every card in the hands is known, else
    refused naming how many are not (R1)."""
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    assert solve(FakePartial(game, (0, 0))).best == solve(game).best
    with pytest.raises(SolverError, match=r"2 cards in the hands are not known"):
        solve(FakePartial(game, (0, 2)))
    with pytest.raises(SolverError, match="must be a durak_nb Game"):
        solve("9S9C6D/KS7D")  # type: ignore[arg-type]


def test_R22_teams_two_holders_left() -> None:
    """R22: Anna (team of Anna and Vera) and Boris (Boris and Gleb) hold the last cards;
    the durak named is the holder whose team loses, seats as in the game."""
    rules = Rules.make("podkidnoy", teams=[[0, 2], [1, 3]])
    game = Game.from_code(rules, ["Anna", "Boris", "Vera", "Gleb"], "-/8S9C/7S7HAD/- - D 2 * 5 + 0,3")
    sol = solve(game)
    assert (sol.players, sol.to_act, sol.durak) == ((1, 2), 2, 1)
    assert (
        set(sol.best)
        == plain_answer(game)[2]
        == {
            Move.attack(2, "7S"),
            Move.attack(2, "7H"),
            Move.attack(2, "7S 7H"),
            Move.attack(2, "AD"),
        }
    )


def test_a_table_kept_between_solves_changes_no_answer_and_saves_work() -> None:
    # SolverTable: every position of a played-out end game solved with one table kept
    # from move to move gives the answers of solves each with its own table, in fewer
    # positions; other players or rules empty it; its size is bounded
    from durak_nb.analysis import SolverTable
    from durak_nb.bots import LowestCardBot

    rng = random.Random(11)
    fresh_nodes = kept_nodes = positions = 0
    table = SolverTable()
    for _ in range(40):
        game = random_endgame(rng, "podkidnoy", {}, most=5)
        if game is None:
            continue
        bot = LowestCardBot()
        while True:
            try:
                alone = solve(game)
            except SolverError:
                break
            shared = solve(game, table=table)
            assert (shared.to_act, shared.durak, shared.best, shared.evaluations) == (
                alone.to_act,
                alone.durak,
                alone.best,
                alone.evaluations,
            )
            fresh_nodes += alone.nodes
            kept_nodes += shared.nodes
            positions += 1
            game.play(bot.choose(game))
    assert positions > 100
    assert kept_nodes < fresh_nodes
    small = SolverTable(max_entries=5)
    game = random_endgame(random.Random(3), "podkidnoy", {}, most=5)
    assert game is not None
    solve(game, table=small)
    assert len(small) <= 5
    with pytest.raises(TypeError, match="max_entries must be a positive whole number"):
        SolverTable(max_entries=0)


# ----------------------------------------------------------------------------- three players or more (issue 21)


def seat_minimax(game: Game, seat: int, counter: list[int]) -> int:
    """The plain minimax of ``seat`` against all the others (no table, no pruning), with
    the solver's reading of R12 for several throwers: the first clockwise from the
    attacker decides, the defender after them."""
    counter[0] -= 1
    if counter[0] < 0:
        raise TooBig
    r = game.result
    if r is not None:
        return 0 if r.draw else (-1 if r.durak == seat else 1)
    moves = game.legal_moves()
    throwing = [m for m in moves if m.player != game.defender]
    if throwing:
        first = min({m.player for m in throwing}, key=lambda s: (s - (game.attacker or 0)) % game.n)
        moves = [m for m in throwing if m.player == first]
    values = []
    for m in moves:
        child = game.copy()
        child.play(m)
        values.append(seat_minimax(child, seat, counter))
    return max(values) if moves[0].player == seat else min(values)


def three_player_endgame(preset: str, sizes: tuple[int, ...], seed: int) -> Game:
    rules = Rules.make(preset)
    rng = random.Random(seed)
    cards = list(deck(rules.deck_size))
    rng.shuffle(cards)
    trump = Suit.D if rules.japanese else rng.choice(list(Suit))
    hands, i = [], 0
    for n in sizes:
        hands.append(cards[i : i + n])
        i += n
    return Game.from_position(
        rules,
        ["Anna", "Boris", "Vera", "Gleb"][: len(sizes)],
        hands=hands,
        talon="",
        trump=trump,
        attacker=rng.randrange(len(sizes)),
        first_bito_done=True,
        bout=5,
        rest_to_discard=True,
    )


@pytest.mark.parametrize("preset", ["podkidnoy", "japanese", "perevodnoy"])
def test_seat_values_agree_with_a_plain_minimax_for_three_and_four_players(preset: str) -> None:
    compared = outcomes = over = 0
    for seed in range(40):
        sizes = [(1, 2, 2), (2, 1, 1), (1, 1, 1, 1)][seed % 3]
        game = three_player_endgame(preset, sizes, seed)
        if game.result is not None:
            continue
        seat = seed % len(sizes)
        try:
            values, _nodes = seat_values(game, seat, node_budget=20_000)
        except SolverBudgetError:  # takes send the cards round: R27's past searched without the table
            over += 1
            continue
        moves = list(game.legal_moves(seat))
        assert list(values) == moves
        for m in moves:
            child = game.copy()
            child.play(m)
            try:
                plain = seat_minimax(child, seat, [20_000])
            except (TooBig, RecursionError):  # a long line before R27 ends it
                continue
            assert values[m] == plain, (seed, m)
            compared += 1
        outcomes += bool(moves)
    assert compared >= 5
    assert over < 8


def test_seat_values_with_two_holders_is_the_solvers_outcome() -> None:
    game = Game.from_code("podkidnoy", NAMES, "9S9C6D/KS7D - H 0 * 5 + -")
    values, _nodes = seat_values(game, 0)
    sol = solve(game)
    assert {m: v for m, v in values.items()} == {e.move: (1 if e.durak == 1 else -1) for e in sol.evaluations}


def test_seat_values_bound_and_refusals() -> None:
    game = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S8S9S/8H9H/TSJS8C9CQC - D 0 * 5 + -")
    with pytest.raises(SolverError) as err:
        seat_values(game, 0)
    assert err.value.rule is None
    assert str(err.value) == (
        "10 cards are in the hands and on the table: with three players or more the solver answers up to"
        f" {MANY_MAX_CARDS}"
    )
    with pytest.raises(SolverError) as err:
        seat_values(Game.deal("podkidnoy", ["Anna", "Boris", "Vera"], seed=3), 0)
    assert err.value.rule == "R16"
    with pytest.raises(TypeError):
        seat_values(game, 0, node_budget=0)
    small = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S8S/9H/TSJS - D 0 * 5 + -")
    with pytest.raises(SolverBudgetError):
        seat_values(small, 0, node_budget=3)
    values, _nodes = seat_values(small, 0)
    assert {m.describe(small.players): v for m, v in values.items()} == {"Anna attacks 7♠": 1, "Anna attacks 8♠": -1}


def test_analysis_evaluates_three_players_exactly_where_small_enough() -> None:
    game = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S8S/9H/TSJS - D 0 * 5 + -")
    bot = SearchBot(samples=4, seed=0)
    ev = evaluate(game, Move.attack(0, "8S"), bot=bot)
    assert (ev.how, ev.value, ev.best_value, ev.glyph, ev.best) == ("exact", 0.0, 1.0, "??", Move.attack(0, "7S"))
    ev = evaluate(game, Move.attack(0, "7S"), bot=bot)
    assert (ev.how, ev.value, ev.best_value, ev.glyph) == ("exact", 1.0, 1.0, "!")
    big = Game.from_code("podkidnoy", ["Anna", "Boris", "Vera"], "7S8S9S/8H9H/TSJS8C9CQC - D 0 * 5 + -")
    # over the bound of solver.MANY_MAX_CARDS: the mover's view (the discard not seen here) is sampled
    assert evaluate(big, Move.attack(0, "7S"), bot=bot).how == "sampled"
