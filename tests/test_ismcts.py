"""The ISMCTS bot (issue 21, "Bots that play well"): it decides from the seat's view only,
plays legal games of every size, solves what is known, and is named in tournaments."""

from __future__ import annotations

import pytest

from durak_nb.analysis import solve
from durak_nb.bots import HeuristicBot, play_out, turn_seat
from durak_nb.engine import Game, Move
from durak_nb.ismcts import ISMCTSBot, _Node, _rewards
from durak_nb.rules import Rules
from durak_nb.tournament import bot_spec, run_tournament

#: Anna to lead in a two-player end game (talon empty): the solver's best leads are the
#: nines; the 6♦ lead loses (Boris covers with 7♦ and leads K♠ … Anna is the durak)
CODE = "9S9C6D/KS7D - H 0 * 5 + -"


def test_it_plays_what_the_solver_proves_where_every_card_is_known() -> None:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    best = set(solve(g).best)
    assert best == {Move.attack(0, "9S"), Move.attack(0, "9C"), Move.attack(0, "9S 9C")}
    bot = ISMCTSBot(iterations=5, seed=0)
    assert bot.choose(g, 0) in best
    assert (bot.solved, bot.iterations_run) == (1, 0)  # no search where the solver answered


def test_without_the_solver_it_searches_and_still_finds_the_win() -> None:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    bot = ISMCTSBot(iterations=60, seed=0, node_budget=0)
    assert bot.choose(g, 0) in set(solve(g).best)
    assert bot.solved == 0 and 0 < bot.iterations_run <= 60


def test_two_deals_differing_only_in_hidden_cards_give_the_same_move() -> None:
    # Boris's hidden cards and the talon differ; Anna's view is the same: so is her move
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], "6S7S8C9HTDJSQC/6C7C8DKD9CTHJC 8H9SJD7H H 0 * 1 + -")
    h = Game.from_code("podkidnoy", ["Anna", "Boris"], "6S7S8C9HTDJSQC/8H9SJDKD9CTHJC 6C7C8D7H H 0 * 1 + -")
    a = ISMCTSBot(iterations=40, seed=3)
    b = ISMCTSBot(iterations=40, seed=3)
    assert a.choose(g, 0) == b.choose(h, 0)
    assert a.iterations_run == b.iterations_run


@pytest.mark.parametrize(("preset", "players"), [("podkidnoy", 2), ("perevodnoy", 3), ("podkidnoy", 4)])
def test_it_plays_whole_legal_games(preset: str, players: int) -> None:
    deck_size = 36 if players == 2 else 24  # a whole 36-card deck in the two-player game; shorter ones beside it
    g = Game.deal(Rules.make(preset, deck_size=deck_size), [f"P{k}" for k in range(players)], seed=11)
    bot = ISMCTSBot(iterations=8, seed=1)
    moves = play_out(g, bot)
    assert g.finished and len(moves) == len(g.history)
    assert bot.iterations_run > 0


def test_asked_for_a_seat_it_moves_for_that_seat() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Vera"], seed=4)
    g.play(HeuristicBot().choose(g))  # a lead: now the defender and the throwers may act
    seat = turn_seat(g)
    move = ISMCTSBot(iterations=10, seed=0).choose(g, seat)
    assert move in g.legal_moves(seat)


def test_rewards_of_a_finished_game() -> None:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    play_out(g, HeuristicBot())
    assert g.result is not None and g.result.durak is not None
    assert _rewards(g) == [0.0 if s == g.result.durak else 1.0 for s in range(2)]
    unfinished = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    assert _rewards(unfinished) == [0.5, 0.5]  # a playout cut short counts as a draw


def test_bad_settings_are_refused() -> None:
    for kw in (
        {"iterations": 0},
        {"iterations": True},
        {"playout_moves": 0},
        {"node_budget": -1},
        {"seconds": 0},
        {"playout_solve": -1},
        {"playout_solve": 1.5},
        {"margin": -1},
        {"margin": "1"},
    ):
        with pytest.raises(ValueError, match="ISMCTSBot"):
            ISMCTSBot(**kw)  # type: ignore[arg-type]


def test_named_in_tournaments() -> None:
    spec = bot_spec("ismcts-50")
    assert (spec.name, spec.factory, dict(spec.kwargs), spec.seeded) == (
        "ismcts-50",
        ISMCTSBot,
        {"iterations": 50},
        True,
    )
    assert dict(bot_spec("ismcts").kwargs) == {"iterations": 200}
    for bad in ("ismcts-0", "ismcts-x", "ismcts-100001"):
        with pytest.raises(ValueError, match="ismcts-N"):
            bot_spec(bad)
    t = run_tournament([bot_spec("heuristic"), bot_spec("ismcts-4")], deals=1, workers=1, bootstrap=0)
    assert [g.lineup for g in t.games] == [("heuristic", "ismcts-4"), ("ismcts-4", "heuristic")]
    assert all(g.forfeit is None for g in t.games)


#: two-player endgames (talon empty, every card known) of podkidnoy and perevodnoy
ENDGAMES = [
    ("podkidnoy", CODE),
    ("podkidnoy", "9S9C6DAH/KS7D8H - H 0 * 5 + -"),
    ("perevodnoy", "9S9C6D/KS7D9H - H 0 * 5 + -"),
]


@pytest.mark.parametrize(("preset", "code"), ENDGAMES)
def test_a_solved_playout_is_the_solvers_outcome(preset: str, code: str) -> None:
    g = Game.from_code(preset, ["Anna", "Boris"], code)
    durak = solve(g).durak
    bot = ISMCTSBot(iterations=5, seed=0, playout_solve=10_000)
    want = [0.5, 0.5] if durak is None else [0.0 if s == durak else 1.0 for s in range(2)]
    assert bot._playout(g.copy()) == want
    assert (bot.playouts_solved, bot.playouts_over) == (1, 0)


def test_a_playout_beyond_its_solver_budget_is_played_out() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    h = HeuristicBot()
    while g.talon or g.attack_cards:  # on to the first bout with the talon empty
        g.play(h.choose(g))
    bot = ISMCTSBot(iterations=5, seed=0, playout_solve=1)
    heuristic = g.copy()
    play_out(heuristic, h)
    assert bot._playout(g) == _rewards(heuristic)  # the heuristic bot's own game, tried at each bout
    assert bot.playouts_solved == 0 and bot.playouts_over >= 1


@pytest.mark.parametrize(("preset", "players"), [("podkidnoy", 2), ("perevodnoy", 2), ("podkidnoy", 3)])
def test_with_solved_playouts_it_plays_legal_games_and_repeats_itself(preset: str, players: int) -> None:
    games = []
    for _ in range(2):  # the 24-card deck: a shorter game, the same ways to the endgame
        g = Game.deal(Rules.make(preset, deck_size=24), [f"P{k}" for k in range(players)], seed=21)
        bot = ISMCTSBot(iterations=4, seed=2, playout_solve=500)
        moves = play_out(g, bot)
        assert g.finished and len(moves) == len(g.history)
        games.append((moves, bot.playouts_solved, bot.playouts_over))
    assert games[0] == games[1]
    if players == 2:
        assert games[0][1] > 0  # the endgame core answered some playouts


def _kid(n: int, wins: float, draws: int = 0) -> _Node:
    """A root child of ``n`` visits: ``wins`` outcomes of 1, ``draws`` of 1/2, the rest 0."""
    node = _Node(0)
    node.n = n
    node.w = wins + draws / 2
    node.w2 = wins + draws / 4
    return node


def test_with_a_margin_it_leaves_the_heuristic_move_only_on_evidence() -> None:
    bot = ISMCTSBot(iterations=5, seed=0, margin=1.0)
    heuristic, other, untried = Move.attack(0, "6D"), Move.attack(0, "9S"), Move.attack(0, "9C")
    root = _Node(0)
    bot.last_root = root
    # 12 of 20 against 10 of 20: 0.6 - 0.5 = 0.1 is less than one standard error (0.156)
    root.children = {heuristic: _kid(20, 10), other: _kid(20, 12)}
    assert not bot._better(other, heuristic)
    # 36 of 40 against 20 of 40: 0.4 more, 4.3 standard errors (0.092)
    root.children = {heuristic: _kid(40, 20), other: _kid(40, 36)}
    assert bot._better(other, heuristic)
    assert not bot._better(untried, heuristic)  # never tried: no evidence
    assert bot._better(other, untried)  # the heuristic move never tried: nothing against it
    bot.margin = 5.0
    assert not bot._better(other, heuristic)


def test_its_repr_makes_it_afresh() -> None:
    assert repr(ISMCTSBot(iterations=200, seed=0)) == "ISMCTSBot(iterations=200, seed=0)"
    bot = ISMCTSBot(iterations=50, seed=3, playout_solve=1000, margin=0)
    assert repr(bot) == "ISMCTSBot(iterations=50, seed=3, playout_solve=1000, margin=0.0)"
    again = eval(repr(bot), {"ISMCTSBot": ISMCTSBot})
    assert (again.iterations, again.seed, again.playout_solve, again.margin) == (50, 3, 1000, 0.0)
