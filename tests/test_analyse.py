"""durak_nb.analysis.analyse (issue 13 §4): every move evaluated, glyphs, the better move
as a variation, the user's annotations kept, a recording every reader reads back."""

from __future__ import annotations

import collections

import pytest

from durak_nb.analysis import AnalysisError, MoveEvaluation, analyse, evaluate
from durak_nb.bots import LowestCardBot, SearchBot, play_out
from durak_nb.engine import Game, Move
from durak_nb.record import Deal, Recording, notation
from durak_nb.record.io import json_text, load
from durak_nb.record.tree import GameTree

#: Anna to lead with 6♦ 9♠ 9♣ against Boris's 7♦ K♠, hearts trump, talon empty: the
#: 6♦ lead loses (Boris covers with 7♦ and leads K♠... Anna is left with the nines), every
#: other lead wins (the solver's doctest).
CODE = "9S9C6D/KS7D - H 0 * 5 + -"


def endgame(*moves: Move, meta: dict[str, object] | None = None) -> Recording:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    return Recording(g.rules, g.players, start=g.start(), moves=list(moves), meta=dict(meta or {}))


def seeded_game() -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    moves = play_out(g.copy(), LowestCardBot())
    return Recording(g.rules, g.players, deal=Deal(g.dealer, g.deck_order), moves=moves)


def test_a_solved_win_thrown_away_gets_double_question_and_the_winning_move() -> None:
    out = analyse(endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D")))
    assert out.meta["glyphs"] == {"0": "??", "1": "!"}
    assert out.meta["comments"] == {
        "0": "Analysis: exact, a loss for Anna with best play; Anna attacks 9♠ would have kept a win",
        "1": "Analysis: exact, a win for Boris with best play; the only move that keeps it",
    }
    assert out.meta["variations"] == {
        "0": [
            {
                "moves": [{"player": "Anna", "action": "attack", "cards": ["9S"]}],
                "comments": {"0": "Analysis: keeps a win: Anna attacks 9♠ (exact, best play by both)"},
            }
        ]
    }
    assert out.meta["analysis"] == [
        {
            "how": "exact",
            "value": 0.0,
            "best": 1.0,
            "best_move": {"player": "Anna", "action": "attack", "cards": ["9S"]},
            "comment": "Analysis: exact, a loss for Anna with best play; Anna attacks 9♠ would have kept a win",
            "glyph": "??",
            "variation_comment": "Analysis: keeps a win: Anna attacks 9♠ (exact, best play by both)",
            "variation": True,
        },
        {
            "how": "exact",
            "value": 1.0,
            "best": 1.0,
            "comment": "Analysis: exact, a win for Boris with best play; the only move that keeps it",
            "glyph": "!",
        },
    ]
    assert out.moves == [Move.attack(0, "6D"), Move.defend(1, "7D", "6D")]


def test_a_winning_move_gets_no_glyph_and_no_variation() -> None:
    out = analyse(endgame(Move.attack(0, "9S")))
    assert "glyphs" not in out.meta
    assert "variations" not in out.meta
    assert out.meta["comments"] == {"0": "Analysis: exact, a win for Anna with best play"}


def test_the_users_annotations_are_kept() -> None:
    rec = endgame(
        Move.attack(0, "6D"),
        meta={"comments": {"0": "I wanted to keep the nines."}, "glyphs": {"0": "!?"}, "event": "club"},
    )
    out = analyse(rec)
    assert out.meta["comments"]["0"] == (
        "I wanted to keep the nines. Analysis: exact, a loss for Anna with best play; "
        "Anna attacks 9♠ would have kept a win"
    )
    assert out.meta["glyphs"] == {"0": "!?"}  # the user's glyph stays
    assert out.meta["event"] == "club"
    assert out.meta["variations"]["0"][0]["moves"] == [{"player": "Anna", "action": "attack", "cards": ["9S"]}]
    assert rec.meta["comments"] == {"0": "I wanted to keep the nines."}  # the input is not changed


def test_analysing_an_analysed_game_replaces_the_analysis() -> None:
    # the comments, the variation and the glyphs the first analysis added are taken back
    # (meta["analysis"] names the glyphs and the variation it added); the user's stay
    once = analyse(endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D")))
    assert analyse(once) == once
    with_user = endgame(
        Move.attack(0, "6D"),
        Move.defend(1, "7D", "6D"),
        meta={"comments": {"0": "I wanted to keep the nines."}, "glyphs": {"1": "!?"}},
    )
    tree = GameTree.from_recording(with_user)
    tree.root.add_variation(Move.attack(0, "9C"))  # the user's own side line, no comment
    first = analyse(tree.to_recording())
    again = analyse(first)
    assert again == first
    assert again.meta["comments"]["0"] == (
        "I wanted to keep the nines. Analysis: exact, a loss for Anna with best play; "
        "Anna attacks 9♠ would have kept a win"
    )
    assert again.meta["glyphs"] == {"0": "??", "1": "!?"}
    assert [line["moves"][0]["cards"] for line in again.meta["variations"]["0"]] == [["9C"], ["9S"]]
    # an analysis in another language is replaced too, not added to
    from durak_nb.i18n import language

    with language("ru"):
        russian = analyse(once)
    assert russian.meta["comments"]["0"].startswith("Анализ: ") and "Analysis" not in russian.meta["comments"]["0"]
    assert analyse(russian) == once


def test_an_existing_side_line_with_the_better_move_gets_the_comment_not_a_copy() -> None:
    tree = GameTree(endgame())
    tree.root.add_variation(Move.attack(0, "6D"))
    tree.root.add_variation(Move.attack(0, "9S"), comment_after="my line")
    out = analyse(tree.to_recording())
    lines = out.meta["variations"]["0"]
    assert len(lines) == 1
    assert lines[0]["comments"]["0"] == "my line Analysis: keeps a win: Anna attacks 9♠ (exact, best play by both)"


def test_round_trips_through_the_notation_writer_and_the_json_form() -> None:
    out = analyse(endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D")))
    text = notation.write(out)
    assert (
        "5. Anna 6D??\n    {Analysis: exact, a loss for Anna with best play; Anna attacks 9♠ would have kept a win}"
    ) in text
    assert "(5. Anna 9S {Analysis: keeps a win: Anna attacks 9♠ (exact, best play by both)})" in text
    assert notation.read(text) == out
    assert Recording.from_json_text(json_text(out)) == out
    from durak_nb.replay import Replay

    assert analyse(Replay(endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D")))) == out  # a Replay too


def test_sampled_moves_are_deterministic_with_a_seed() -> None:
    rec = seeded_game()
    a = analyse(rec, samples=2, seed=5, max_samples=2)  # one round: the bound is the first round
    b = analyse(rec, samples=2, seed=5, max_samples=2)
    assert a == b
    hows = collections.Counter(f["how"] for f in a.meta["analysis"])
    # the attacker asked first (R12): the lowest card bot's waiting passes are moves too
    assert hows == {"sampled": 33, "exact": 14, "forced": 18}
    assert len(a.meta["analysis"]) == len(rec.moves) == 65
    first = a.meta["analysis"][0]
    assert first["how"] == "sampled" and first["samples"] == 2
    assert a.meta["comments"]["1"] == "Analysis: the only legal move"
    assert notation.read(notation.write(a)) == a


def test_a_sampled_evaluation_sees_only_the_movers_view() -> None:
    # two deals that differ only in Boris's hidden cards give the same evaluation of
    # Anna's lead (the samples are drawn from Anna's view)
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], "6S7S8C9HTDJSQC/6C7C8DKD9CTHJC 8H9SJD7H H 0 * 1 + -")
    h = Game.from_code("podkidnoy", ["Anna", "Boris"], "6S7S8C9HTDJSQC/8H9SJDKD9CTHJC 6C7C8D7H H 0 * 1 + -")
    move = Move.attack(0, "6S")
    a = evaluate(g, move, bot=SearchBot(samples=6, seed=2))
    b = evaluate(h, move, bot=SearchBot(samples=6, seed=2))
    assert a.how == "sampled" and a.samples == 6
    assert a == b


def test_a_forced_move_is_marked_forced() -> None:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    g.play(Move.attack(0, "9S"))
    # Boris: cover with K♠ or take
    assert evaluate(g, Move.take(1), bot=SearchBot(samples=1)).how == "exact"
    assert MoveEvaluation("forced").to_json() == {"how": "forced"}


def test_bounds_and_illegal_moves_are_refused_with_the_rule() -> None:
    with pytest.raises(AnalysisError, match="samples is a whole number from 1 to 256, not 0"):
        analyse(endgame(), samples=0)
    with pytest.raises(AnalysisError, match="node_budget is a whole number from 1 to 1,000,000, not True"):
        analyse(endgame(), node_budget=True)
    with pytest.raises(AnalysisError) as info:
        analyse(endgame(Move.attack(1, "KS")))
    assert info.value.rule is not None
    assert "move 1 (Boris attacks K♠)" in str(info.value)
    with pytest.raises(TypeError):
        analyse("game.durak")


# ----------------------------------------------------------------------------- durak-nb analyse


def test_the_command_writes_the_annotated_recording(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from durak_nb.cli import main

    src = tmp_path / "in.durak"
    src.write_text(notation.write(endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D"))), encoding="utf-8")
    for name in ("out.json", "out.durak"):
        out = tmp_path / name
        assert main(["analyse", str(src), "-o", str(out)]) == 0
        said = capsys.readouterr().out
        assert said == f"{out}: 1 game analysed: 2 moves exact, 0 sampled, 0 forced, 0 not evaluated\n"
        assert load(out) == analyse(load(src))
    assert main(["analyse", str(src), "-o", str(tmp_path / "out.txt")]) == 2
    assert "the file name ends in .durak or .json" in capsys.readouterr().err
    assert main(["analyse", str(src), "-o", str(src)]) == 2
    assert "OUT is the input file" in capsys.readouterr().err
    assert main(["analyse", str(src), "-o", str(tmp_path / "x.json"), "--samples", "0"]) == 2
    assert "error: --samples must be a whole number of deals from 1 to 256, not 0" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.durak"), "-o", str(tmp_path / "x.json")]) == 1
    assert "missing.durak: error: cannot read the file" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_the_command_names_the_illegal_move_and_its_rule(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from durak_nb.cli import main

    src = tmp_path / "bad.json"
    good = json_text(endgame(Move.attack(0, "9S")))
    src.write_text(good.replace('"player": "Anna"', '"player": "Boris"'), encoding="utf-8")
    assert main(["analyse", str(src), "-o", str(tmp_path / "out.json")]) == 1
    err = capsys.readouterr().err
    assert "bad.json:" in err and "error: [R" in err
    assert not (tmp_path / "out.json").exists()


def test_a_deal_nobody_saw_is_analysed_from_what_is_known() -> None:
    # durak_nb.unseen: a move whose mover holds a card nobody saw is not evaluated; with
    # the mover's hand known it is sampled from the mover's view; with every hand known
    # and the solver applying, exact; beyond the budget there "unsolved" (every card is known
    # to the mover then: samples would repeat one deal), never sampled
    rec = load("durak_nb/recordings/overboard/perevodnoy-3p-scorer-hand.json")
    out = analyse(rec, node_budget=1000, samples=2, max_samples=2)
    figures = out.meta["analysis"]
    assert len(figures) == len(rec.moves) == 142
    assert collections.Counter(f["how"] for f in figures) == {
        "sampled": 44,
        "unknown": 37,
        "forced": 34,
        "exact": 3,
        "unsolved": 11,
        # three players hold cards, the talon empty, every card known to the mover: the
        # samples would all be the one deal, so the move is not evaluated (no false bar of 0)
        "known": 13,
    }
    assert [k for k, f in enumerate(figures) if f["how"] == "known"] == [
        97, 98, 102, 104, 106, 109, 110, 111, 113, 115, 116, 117, 121,
    ]  # fmt: skip
    assert out.meta["comments"]["97"] == (
        "Analysis: not evaluated (every card is known to Boris, so every sample would be the one deal, "
        "and the solver does not answer this position)"
    )
    assert out.meta["comments"]["66"] == "Analysis: not evaluated (cards nobody saw)"
    assert out.meta["comments"]["137"] == "Analysis: exact, a loss for Vera with best play"
    assert figures[67]["how"] == "sampled" and figures[67]["samples"] == 2
    assert notation.read(notation.write(out)) == out


def test_beyond_the_budget_an_end_game_is_unsolved_never_sampled() -> None:
    # every card is known to the mover there: samples would all be the one deal, and their
    # error bar of 0 would make one heuristic play-out look like a proof
    from durak_nb.analysis import hint

    rec = endgame(Move.attack(0, "6D"))
    g = rec.new_game()
    ev = evaluate(g, Move.attack(0, "6D"), bot=SearchBot(samples=8), node_budget=2)
    assert (ev.how, ev.glyph, ev.samples) == ("unsolved", None, 0)
    out = analyse(rec, node_budget=2)
    assert out.meta["analysis"] == [
        {"how": "unsolved", "comment": "Analysis: not evaluated (not solved within the budget)"}
    ]
    assert out.meta["comments"] == {"0": "Analysis: not evaluated (not solved within the budget)"}
    assert "glyphs" not in out.meta
    h = hint(g, 0, node_budget=2)
    assert h.how == "heuristic"
    assert h.words == (
        f"{h.move.describe(g.players)}: the heuristic bot's move (the end game needs more than 2 positions to solve)"
    )
    assert hint(g, 0).how == "exact"


def test_the_command_checks_the_output_first_and_reads_any_recording(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    # a missing output folder is said before minutes of analysis; the input may be any
    # file the readers know (here a JSON-lines file of one game)
    from durak_nb.cli import main
    from durak_nb.record.jsonlines import jsonl_text

    src = tmp_path / "one.jsonl"
    src.write_text(jsonl_text([endgame(Move.attack(0, "9S"))]), encoding="utf-8")
    assert main(["analyse", str(src), "-o", str(tmp_path / "nowhere" / "out.json")]) == 1
    err = capsys.readouterr().err
    out = tmp_path / "nowhere" / "out.json"
    assert err.strip() == f"{out}: error: cannot write the file: No such file or directory"
    assert main(["analyse", str(src), "-o", str(tmp_path / "out.json")]) == 0
    assert load(tmp_path / "out.json").meta["comments"] == {"0": "Analysis: exact, a win for Anna with best play"}
    assert main(["analyse", str(src), "-o", str(tmp_path / "out.txt")]) == 2
    assert "the file name ends in .durak or .json" in capsys.readouterr().err


def test_the_command_line_takes_max_samples(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    # issue 21: ``analyse --max-samples N`` is the API's ``max_samples`` (the bound of the
    # rounds that choose the best move); its refusal names it
    from durak_nb.cli import main

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    moves = play_out(g.copy(), LowestCardBot())[:3]
    rec = Recording(g.rules, g.players, deal=Deal(g.dealer, g.deck_order), moves=moves)
    src = tmp_path / "in.durak"
    src.write_text(notation.write(rec), encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["analyse", str(src), "-o", str(out), "--samples", "2", "--max-samples", "4"]) == 0
    capsys.readouterr()
    got = load(out)
    assert got == analyse(load(src), samples=2, max_samples=4)
    sampled = [f for f in got.meta["analysis"] if f["how"] == "sampled"]
    assert sampled and all(f["samples"] <= 4 for f in sampled)
    assert [f.get("bound") for f in sampled if not f["decided"]] == [4] * sum(not f["decided"] for f in sampled)
    assert main(["analyse", str(src), "-o", str(tmp_path / "x.json"), "--max-samples", "0"]) == 2
    err = capsys.readouterr().err
    assert "error: --max-samples must be a whole number of deals from 1 to 256, not 0" in err
    assert not (tmp_path / "x.json").exists()
