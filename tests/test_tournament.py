"""Tournaments (durak_nb/tournament.py): paired deals with the seats rotated, Elo from a
Bradley–Terry fit with bootstrap intervals, head-to-head scores, forfeits, bounds."""

from __future__ import annotations

import math
from typing import Any

import pytest

from durak_nb.bots import BotFault, HeuristicBot, LowestCardBot, RandomBot
from durak_nb.engine import Game, Move
from durak_nb.rules import PRESETS, Rules
from durak_nb.tournament import BotSpec, GameResult, Tournament, play_game, run_tournament

RANDOM = BotSpec("random", RandomBot, seeded=True)
LOWEST = BotSpec("lowest", LowestCardBot)
HEURISTIC = BotSpec("heuristic", HeuristicBot)


def result(lineup: tuple[str, ...], losing: tuple[int, ...], deal: int = 0, rotation: int = 0) -> GameResult:
    return GameResult(deal, rotation, lineup, losing[0] if losing else None, losing, not losing, None, None, 10)


def test_R3_paired_deals_play_the_same_deck_with_the_seats_swapped() -> None:
    t = run_tournament([RANDOM, LOWEST], deals=3, workers=1, seed=7, bootstrap=0)
    assert [(g.deal, g.rotation, g.lineup) for g in t.games] == [
        (d, k, lineup) for d in (7, 8, 9) for k, lineup in ((0, ("random", "lowest")), (1, ("lowest", "random")))
    ]
    # the same game again from the record: deck of the deal, the bots in their seats
    g = t.games[1]
    again = play_game(Rules.make("podkidnoy"), [RANDOM, LOWEST], g.deal, g.rotation)
    assert again == g


def test_R2_two_bots_sit_in_turn_at_bigger_tables_every_seat_equally_often() -> None:
    t = run_tournament([RANDOM, LOWEST], players=3, deals=1, workers=1, bootstrap=0)
    r, lo = "random", "lowest"
    assert [g.lineup for g in t.games] == [(r, lo, r), (lo, r, r), (r, r, lo), (lo, r, lo), (r, lo, lo), (lo, lo, r)]
    t = run_tournament([RANDOM, LOWEST], players=4, deals=1, workers=1, bootstrap=0)
    assert [g.lineup for g in t.games] == [(r, lo, r, lo), (lo, r, lo, r)]
    # one result per game and pair of bots: the durak's bot loses to the other
    w = t._pairs([result((r, lo, r), (1,)), result((r, lo, r), (0,)), result((r, lo, r), ())])
    assert w.tolist() == [[0.0, 1.5], [1.5, 0.0]]


def test_R2_more_players_sit_in_every_rotation_of_each_window() -> None:
    t = run_tournament(
        [RANDOM, LOWEST, HEURISTIC, BotSpec("lowest2", LowestCardBot)],
        players=3,
        deals=1,
        workers=1,
        bootstrap=0,
        tables="windows",
    )
    assert [g.lineup for g in t.games] == [
        ("random", "lowest", "heuristic"),
        ("lowest", "heuristic", "random"),
        ("heuristic", "random", "lowest"),
        ("lowest", "heuristic", "lowest2"),
        ("heuristic", "lowest2", "lowest"),
        ("lowest2", "lowest", "heuristic"),
    ]
    assert all(len(g.losing) == 1 or g.draw for g in t.games)


def test_elo_is_the_bradley_terry_fit_with_one_virtual_draw() -> None:
    """B beats A 3 times of 4: with the virtual draw 3.5 of 5, p = 0.7, so B is
    400·log10(0.7/0.3) = 147.2 Elo above A (A at 0); C beats B 1 of 2: 1.5 of 3, equal."""
    games = [result(("A", "B"), (0,), d) for d in range(3)] + [result(("A", "B"), (1,), 3)]
    games += [result(("B", "C"), (0,), 4), result(("B", "C"), (1,), 5)]
    t = Tournament(("A", "B", "C"), Rules.make("podkidnoy"), 2, games, bootstrap=0)
    elo = t.elo()
    assert elo["A"][0] == 0.0 and all(math.isnan(x) for x in elo["A"][1:])  # bootstrap=0: no interval
    assert elo["B"][0] == pytest.approx(400 * math.log10(0.7 / 0.3), abs=1e-6)
    assert elo["C"][0] == pytest.approx(elo["B"][0], abs=1e-6)
    s, low, high, n = t.head_to_head("B", "A")
    assert (s, n) == (0.75, 4)
    # 4 paired deals, fewer than MIN_DEALS: Wilson's score interval (centre
    # (0.75 + 1.96²/8) / (1 + 1.96²/4), half 1.96·√(0.75·0.25/4 + 1.96²/64) / (1 + 1.96²/4))
    z = 1.96
    centre = (0.75 + z * z / 8) / (1 + z * z / 4)
    half = z * math.sqrt(0.75 * 0.25 / 4 + z * z / 64) / (1 + z * z / 4)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert (round(low, 3), round(high, 3)) == (0.301, 0.954)
    assert math.isnan(t.head_to_head("A", "C")[0])  # never met


def test_R25_a_draw_is_half_a_win_and_non_losers_do_not_score_against_each_other() -> None:
    games = [result(("A", "B", "C"), (2,)), result(("A", "B", "C"), ())]
    t = Tournament(("A", "B", "C"), Rules.make("podkidnoy"), 3, games, bootstrap=0)
    w = t._pairs(games)
    assert w.tolist() == [[0.0, 0.5, 1.5], [0.5, 0.0, 1.5], [0.5, 0.5, 0.0]]


def test_the_table_shows_each_bot_beating_the_one_below() -> None:
    t = run_tournament([RANDOM, LOWEST], deals=30, workers=1, bootstrap=200)
    table = t.table()
    assert list(table.index) == ["random", "lowest"]
    assert list(table.columns) == [
        "elo",
        "elo_low",
        "elo_high",
        "games",
        "forfeits",
        "vs_below",
        "vs_below_low",
        "vs_below_high",
        "beats_below",
    ]
    row = table.loc["lowest"]
    assert row["games"] == 60 and row["forfeits"] == 0
    assert row["elo_low"] <= row["elo"] <= row["elo_high"] and row["elo_low"] > 0
    assert row["vs_below_low"] > 0.5 and bool(row["beats_below"])
    assert not table.loc["random", "beats_below"]


def test_parallel_workers_play_the_same_games() -> None:
    one = run_tournament([RANDOM, LOWEST], deals=4, workers=1, bootstrap=0)
    two = run_tournament([RANDOM, LOWEST], deals=4, workers=2, bootstrap=0)
    assert one.games == two.games


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays(preset: str) -> None:
    t = run_tournament([RANDOM, LOWEST, HEURISTIC], rules=preset, deals=2, workers=1, bootstrap=0)
    assert len(t.games) == 8
    assert all(g.forfeit is None and g.moves > 0 for g in t.games)


class Cheater:
    """A bot that answers a move of another seat: the referee refuses it."""

    def choose(self, game: Game, player: int | None = None) -> Move:
        raise BotFault("R10", "cheater answered for the wrong seat", bot="cheater", move=len(game.history))


def test_a_fault_is_that_bots_forfeit_recorded_as_such() -> None:
    t = run_tournament([LOWEST, BotSpec("cheater", Cheater)], deals=1, workers=1, bootstrap=0)
    assert [(g.forfeit, g.losing, g.reason) for g in t.games] == [
        (1, (1,), "cheater forfeits: [R10] cheater answered for the wrong seat"),
        (0, (0,), "cheater forfeits: [R10] cheater answered for the wrong seat"),
    ]
    assert t.head_to_head("lowest", "cheater")[0] == 1.0


def test_bounds_and_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="at least two bots"):
        run_tournament([LOWEST])
    with pytest.raises(ValueError, match="unique"):
        run_tournament([LOWEST, LOWEST])
    with pytest.raises(ValueError, match="workers: a whole number from 0 to 64"):
        run_tournament([RANDOM, LOWEST], workers=1000)
    with pytest.raises(ValueError, match="deals: a whole number from 1"):
        run_tournament([RANDOM, LOWEST], deals=0)
    with pytest.raises(ValueError, match="deals: a whole number from 1"):
        run_tournament([RANDOM, LOWEST], deals=[1, 2])
    with pytest.raises(ValueError, match="tables: 'pairs', 'windows' or 'round_robin', not 'all'"):
        run_tournament([RANDOM, LOWEST], tables="all")


def test_bot_spec_names_the_ladder() -> None:
    from durak_nb.bots import SearchBot
    from durak_nb.tournament import bot_spec

    assert bot_spec("random") == RANDOM and bot_spec("lowest") == LOWEST and bot_spec("heuristic") == HEURISTIC
    assert bot_spec("search-4") == BotSpec("search-4", SearchBot, {"samples": 4}, seeded=True)
    assert bot_spec("search").kwargs == {"samples": 8}
    for bad in ("bogus", "search-0", "search-x", "search-257", "search-٣"):
        with pytest.raises(ValueError, match="unknown bot"):
            bot_spec(bad)


def test_cli_tournament_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    argv = ["tournament", "random", "lowest", "--deals", "3", "--workers", "1", "--bootstrap", "20"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "podkidnoy, 2 players, 3 deals per pairing (6 games); Elo with 95 % intervals"
    assert lines[1].split() == [
        "elo",
        "elo_low",
        "elo_high",
        "games",
        "forfeits",
        "vs_below",
        "vs_below_low",
        "vs_below_high",
        "beats_below",
    ]
    # 3 deals: too few for an Elo interval, and Wilson's interval for the score (3 deals
    # won of 3 do not show a bot better at 95 %); the first bot has nothing below it
    assert lines[3].split() == ["random", "0", "—", "—", "6", "0", "—", "—", "—", "—"]
    assert lines[4].split() == ["lowest", "446", "—", "—", "6", "0", "1.000", "0.438", "1.000", "no"]
    # the same games in two worker processes
    assert main([*argv[:-4], "--workers", "2", "--bootstrap", "20"]) == 0
    assert capsys.readouterr().out.splitlines() == lines


def test_cli_tournament_refuses_a_bad_request(capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    assert main(["tournament", "random", "bogus"]) == 2
    assert capsys.readouterr().err.startswith("durak-nb tournament: error: unknown bot 'bogus': one of random, ")
    assert main(["tournament", "random", "lowest", "--players", "7"]) == 2
    assert "[R2] 7 players" in capsys.readouterr().err
    assert main(["tournament", "random", "lowest", "--deals", "0"]) == 2
    assert "deals: a whole number from 1" in capsys.readouterr().err


def test_a_clean_sweep_of_few_deals_is_no_proof() -> None:
    # every paired deal won: no spread measured, so the interval is Wilson's (2 deals:
    # 0.342..1, not above one half); from 10 deals on, with spread, the normal approximation
    from durak_nb.tournament import MIN_DEALS, _wilson

    assert MIN_DEALS == 10
    low, high = _wilson(1.0, 2)
    assert (round(low, 3), high) == (0.342, 1.0)
    low, high = _wilson(1.0, 20)
    assert (round(low, 3), high) == (0.839, 1.0)
    t = run_tournament([RANDOM, LOWEST], deals=2, workers=1, bootstrap=20)
    row = t.table().loc["lowest"]
    assert not row["beats_below"] and row["vs_below_low"] < 0.5
    assert t.elo()["lowest"][1:] != t.elo()["lowest"][1:]  # NaN: too few deals for an interval


class LateCheater:
    """Plays the lowest card for two turns, then answers for the wrong seat (R10)."""

    def __init__(self) -> None:
        self.turns = 0
        self.inner = LowestCardBot()

    def choose(self, game: Game, player: int | None = None) -> Move:
        self.turns += 1
        if self.turns > 2:
            raise BotFault("R10", "late answered for the wrong seat", bot="late", move=len(game.history))
        return self.inner.choose(game, player)


LATE = BotSpec("late", LateCheater)
LATE_REASON = "late forfeits: [R10] late answered for the wrong seat"


def test_a_forfeit_keeps_the_moves_played_up_to_it_and_replays_to_that_point(tmp_path: Any) -> None:
    """A forfeited game keeps its moves (the bot's refused answer not among them): its
    recording replays to the point of the forfeit, no result; the file written holds
    every game, read back with the same moves and meta."""
    from durak_nb.record import io
    from durak_nb.selfplay import seat_names

    t = run_tournament([LOWEST, LATE], deals=1, workers=1, bootstrap=0)
    names = ("Anna", "Boris")
    # the attacker is asked first (R12, INTERCHANGE.md): the lowest card bot waits for the defence
    first = ["Anna attacks 6♠", "Anna passes", "Boris covers 6♠ with 10♣"]
    assert [(g.forfeit, g.moves, g.reason) for g in t.games] == [(1, 5, LATE_REASON), (0, 3, LATE_REASON)]
    assert [m.describe(names) for m in t.games[0].played] == [*first, "Anna passes", "Boris attacks 7♥"]
    assert [m.describe(names) for m in t.games[1].played] == first
    recs = t.recordings()
    assert [r.meta for r in recs] == [
        {"bots": "lowest, late", "seed": 0, "rotation": 0, "forfeit": LATE_REASON, "forfeit_seat": 1},
        {"bots": "late, lowest", "seed": 0, "rotation": 1, "forfeit": LATE_REASON, "forfeit_seat": 0},
    ]
    assert [r.result for r in recs] == [None, None]
    for g, rec in zip(t.games, recs, strict=True):
        assert rec.players == tuple(seat_names(2)) and rec.moves == list(g.played)
        end = rec.replay()  # the same deck (R3), the moves played again: where the bot failed
        again = Game.deal(t.rules, seat_names(2), seed=g.deal)
        for move in g.played:
            again.play(move)
        assert end.position() == again.position() and not end.finished
        assert g.forfeit in end.actors()  # the forfeiting bot was to act
    path = t.write(tmp_path / "games.jsonl")
    back = io.load_games(path)
    assert [(r.moves, r.meta, r.result) for r in back] == [(r.moves, r.meta, r.result) for r in recs]


def test_a_finished_game_keeps_its_moves_and_result(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Every game keeps its moves: a finished one replays to its written result (R25);
    ``durak-nb tournament --record FILE.jsonl`` writes them all (a missing folder is
    refused before any game is played)."""
    from durak_nb.cli import main
    from durak_nb.record import io

    t = run_tournament([RANDOM, LOWEST], deals=2, workers=1, bootstrap=0)
    for g, rec in zip(t.games, t.recordings(), strict=True):
        assert len(g.played) == g.moves == len(rec.moves) and g.forfeit is None
        assert rec.result is not None and rec.result["durak"] == (None if g.durak is None else rec.players[g.durak])
    out = tmp_path / "t.jsonl"
    argv = ["tournament", "random", "lowest", "--deals", "2", "--workers", "1", "--bootstrap", "0"]
    assert main([*argv, "--record", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{out}: 4 games written"
    assert [r.moves for r in io.load_games(out)] == [list(g.played) for g in t.games]
    assert main(["--lang", "uk", *argv, "--record", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{out}: записано 4 партії"
    missing = tmp_path / "no" / "t.jsonl"
    assert main(["--lang", "ru", *argv, "--record", str(missing)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"durak-nb tournament: ошибка: {missing}: ")
    assert not missing.parent.exists()


def test_the_heading_writes_its_counts_as_the_language_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The heading's deals and games with the language's digit grouping (i18n.whole), as the table's."""
    from durak_nb.cli import main

    argv = ["tournament", "random", "lowest", "--deals", "500", "--workers", "0", "--bootstrap", "0"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "podkidnoy, 2 players, 500 deals per pairing (1,000 games); Elo with 95 % intervals"
    )
    assert main(["--lang", "uk", *argv]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "podkidnoy; гравців: 2, роздач на пару: 500 (партій: 1\xa0000); Ело з 95-відсотковими інтервалами"
    )
