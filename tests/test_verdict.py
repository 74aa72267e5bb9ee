"""One verdict (issue 21): the hint and the analysis sample one way, their intervals are
honest (never ± 0 from samples of hidden cards), sampling says whether it decided the best
move or reached its bound, and the hint never recommends a move the analysis calls a
mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from durak_nb.analysis import analyse, evaluate, hint
from durak_nb.analysis.evaluation import paired_interval, wilson
from durak_nb.bots import HeuristicBot, SearchBot, turn_seat
from durak_nb.engine import Game, Move
from durak_nb.record import Deal
from durak_nb.record.json_form import Recording


def test_the_wilson_interval_is_never_empty() -> None:
    assert [round(x, 3) for x in wilson([1.0] * 8)] == [0.676, 1.0]
    assert [round(x, 3) for x in wilson([0.0] * 8)] == [0.0, 0.324]
    assert [round(x, 3) for x in wilson([0.0, 1.0] * 4)] == [0.215, 0.785]
    assert wilson([]) == (0.0, 1.0)
    # paired differences: two pseudo-samples at -1 and +1, so 8 equal outcomes are not "no difference ± 0"
    assert [round(x, 3) for x in paired_interval([0.0] * 8)] == [-0.292, 0.292]
    assert [round(x, 3) for x in paired_interval([0.0] * 32)] == [-0.083, 0.083]
    assert [round(x, 3) for x in paired_interval([1.0] * 8)] == [0.408, 1.0]


def test_the_reported_hint_no_longer_leads_the_lowest_trump() -> None:
    # Anna holds 6♥ 7♦ 7♣ 8♥ 9♥ 10♦, trumps ♦: before, the hint said "Anna attacks 7♦"
    # (the lowest trump: the first of candidates whose 8-sample means tied at the top);
    # no lead is surely better than the rules of thumb' 6♥ in 32 samples, and it says so
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=223)
    assert sorted(c.code for c in g.hands[0]) == sorted(["6H", "7D", "7C", "8H", "9H", "TD"])
    h = hint(g, 0)
    assert h.move == Move.attack(0, "6H") == HeuristicBot().choose(g, 0)
    assert h.how == "sampled"
    assert h.words.startswith("Anna attacks 6♥: win chance ")
    assert h.words.endswith("(32 samples of Anna's view) (the best move not decided within the bound of 32 samples)")


def test_all_wins_of_hidden_cards_are_not_plus_minus_zero() -> None:
    # Anna's 9♠ lead wins in every sample (Boris's hand is hidden from her): 1.00 ± 0.32, not ± 0.00
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], "9S9C6D/KS7D 8C8H H 0 * 5 + -")
    ev = evaluate(g, Move.attack(0, "9S"), bot=SearchBot(samples=8, seed=0))
    assert (ev.how, ev.value, ev.samples, ev.bound) == ("sampled", 1.0, 8, 8)
    assert round(ev.margin, 2) == 0.32 and ev.high == 1.0
    assert not ev.decided  # 9♣ wins too: 8 samples cannot say the two are equal
    ev = evaluate(g, Move.attack(0, "9S"), bot=SearchBot(samples=8, seed=0), max_samples=32)
    assert (ev.value, ev.samples, ev.decided, round(ev.margin, 2)) == (1.0, 24, True, 0.14)  # rounds until decided
    fig = ev.to_json()
    assert fig["low"] == 0.862 and fig["high"] == 1.0 and fig["decided"] is True
    rec = Recording(g.rules, g.players, start=g.start(), moves=[Move.attack(0, "9S")])
    assert analyse(rec).meta["comments"]["0"] == (
        "Analysis: Anna's win chance 1.00 ± 0.14 (24 samples of Anna's view); no better move found"
        " (the best move decided after 24 samples)"
    )


def _positions() -> list[tuple[Game, int]]:
    """Positions of bot games with hidden cards: 2 and 3 players, several moments."""
    out = []
    for players, seed, stops in ((2, 5, (0, 6, 14)), (3, 9, (0, 9, 20))):
        g = Game.deal("podkidnoy", [f"P{k}" for k in range(players)], seed=seed)
        bot = HeuristicBot()
        for k in range(max(stops) + 1):
            if g.finished:
                break
            if k in stops and g.talon:
                out.append((g.copy(), turn_seat(g)))
            g.play(bot.choose(g))
    return out


@pytest.mark.parametrize("index", range(6))
def test_hint_and_analysis_agree(index: int) -> None:
    game, seat = _positions()[index]
    h = hint(game, seat, seed=0)
    assert h.move is not None
    if h.how != "sampled":
        return
    ev = evaluate(game, h.move, bot=SearchBot(samples=8, seed=0), max_samples=32)
    assert ev.how == "sampled"
    assert ev.glyph not in ("?", "??")  # the analysis never calls the hint's move a mistake
    # the same deals (seeded by the position): the analysis chose the hint's move too, on
    # as many samples, decided or not alike
    assert ev.best is None and ev.value == ev.best_value
    assert f"({ev.samples} samples of " in h.words
    assert ("not decided within the bound" in h.words) == (not ev.decided)
    assert ev.low is not None and ev.high is not None
    said = float(h.words.split("win chance ")[1].split(" ")[0])
    margin = float(h.words.split("± ")[1].split(" ")[0])
    assert said - margin <= ev.high and ev.low <= said + margin  # the two intervals overlap


def test_the_analysis_of_a_position_does_not_depend_on_what_came_before() -> None:
    # the samples at a position are seeded by it (position_seed): the analysis of a game
    # gives each move what evaluate() gives that position alone, as the hint does; before,
    # one random stream ran through the game, so a move's figures hung on the moves before
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=5)
    work, moves = g.copy(), []
    for _ in range(5):
        moves.append(HeuristicBot().choose(work))
        work.play(moves[-1])
    rec = Recording(g.rules, g.players, deal=Deal(g.dealer, g.deck_order), moves=moves)
    figures = analyse(rec, samples=4, max_samples=8).meta["analysis"]
    assert sum(f["how"] == "sampled" for f in figures) >= 3
    work = g.copy()
    for move, fig in zip(moves, figures, strict=True):
        alone = evaluate(work, move, bot=SearchBot(samples=4, seed=0), max_samples=8).to_json()
        assert {k: fig[k] for k in alone} == alone
        work.play(move)


def test_the_play_widgets_hint_is_the_hint_of_the_position(tmp_path: Path) -> None:
    # the widget asks hint() seeded as the analysis, not by the number of moves played
    from durak_nb.views.play import PlayWidget

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=5)
    work = g.copy()
    while len(work.history) < 3 or turn_seat(work) != 0:
        work.play(HeuristicBot().choose(work))
    rec = Recording(g.rules, g.players, deal=Deal(g.dealer, g.deck_order), moves=list(work.history))
    w = PlayWidget.from_recording(rec, journal=tmp_path / "g.durak.jsonl")
    assert len(w.game.history) >= 3 and w.game.talon
    said = w.hint()
    assert said == "Hint: " + hint(w.game, 0).words
    assert "samples of Anna's view" in said


# ----------------------------------------------------------------------------- the test set of one verdict

#: the moments of a game in the test set: the talon still holding cards (after a few
#: moves), the talon empty, and two players left with the talon empty (3 and 4 players)
_MOMENTS = ("talon", "empty", "two_left")


def _verdict_positions(preset: str, players: int) -> dict[str, tuple[Game, int]]:
    """Positions of heuristic-bot games of ``preset`` where the mover has a choice: the
    first of each moment of :data:`_MOMENTS` (deal seeds 11 on, until every moment that
    can occur was found or 6 deals were played)."""
    want = set(_MOMENTS) if players > 2 else {"talon", "empty"}
    got: dict[str, tuple[Game, int]] = {}
    for seed in range(11, 17):
        g = Game.deal(preset, [f"P{k}" for k in range(players)], seed=seed)
        bot = HeuristicBot()
        while not g.finished:
            s = turn_seat(g)
            if len(g.legal_moves(s)) > 1:
                if g.talon:
                    key = "talon" if len(g.history) >= 6 else None
                elif players - len(g.out_order) == 2:
                    key = "two_left" if players > 2 else "empty"
                else:
                    key = "empty"
                if key is not None and key not in got:
                    got[key] = (g.copy(), s)
            g.play(bot.choose(g))
        if want <= set(got):
            break
    return got


def _said(words: str) -> tuple[float, float]:
    return float(words.split("win chance ")[1].split(" ")[0]), float(words.split("± ")[1].split(" ")[0])


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "prostoy", "english", "japanese"])
def test_one_verdict_over_every_preset_and_player_count(preset: str) -> None:
    # Hint (what the play widget shows) and the analysis of the same move, each position
    # of the test set: the same best move, the same way of knowing it, intervals that
    # overlap, and no ± 0.00 from samples of hidden cards
    kinds: dict[tuple[int, str], tuple[str, str]] = {}
    for players in (2, 3, 4):
        positions = _verdict_positions(preset, players)
        assert {"talon", "empty"} <= set(positions), (players, sorted(positions))
        for moment, (game, seat) in positions.items():
            h = hint(game, seat, samples=4, max_samples=8)
            assert h.move is not None
            ev = evaluate(game, h.move, bot=SearchBot(samples=4, seed=0), max_samples=8)
            kinds[(players, moment)] = (h.how, ev.how)
            assert ev.glyph not in ("?", "??"), (players, moment, h.words)  # never a move the analysis calls a mistake
            assert "± 0.00" not in h.words
            if h.how == "exact":  # the solver: the engine's first move keeping the best outcome
                assert ev.how == "exact" and ev.value == ev.best_value and ev.best is None
                assert h.words.endswith("with best play (exact)")
            elif h.how == "heuristic":  # the solver applies beyond its budget, or nothing is hidden
                assert ev.how in ("unsolved", "known")
            else:
                assert (h.how, ev.how) == ("sampled", "sampled")
                assert ev.best is None and ev.value == ev.best_value  # the analysis chose the hint's move
                assert ev.margin > 0.0 and ev.low is not None and ev.high is not None
                assert f"({ev.samples} samples of " in h.words
                assert ("not decided within the bound" in h.words) == (not ev.decided)
                p, margin = _said(h.words)
                assert margin > 0.0
                assert p - margin <= ev.high and ev.low <= p + margin  # within their stated intervals
    # the set holds the talon full and empty in 2, 3 and 4 players, sampled figures in each
    assert {n for (n, _m), (how, _e) in kinds.items() if how == "sampled"} == {2, 3, 4}
    assert any(m != "talon" and how == "sampled" for (_n, m), (how, _e) in kinds.items())
