"""Defects of the lessons' area found in issue 8, each with a test that failed before its fix."""

from __future__ import annotations

import subprocess
from pathlib import Path

import nbformat
import pytest
import test_notebooks as notebook_tests

from durak_nb.cards import CardError
from durak_nb.engine import Game, Move, Refusal
from durak_nb.rules import RULE_TEXTS, Rules
from durak_nb.views.exercises import CanBeat, ChooseLegalMove
from durak_nb.views.play import PlayWidget

CARD_FORMS = "write a rank (2-9, T or 10, J, Q, K, A) then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'"


def test_issue8_s1_R8_japanese_spade_over_spade_is_called_R8_not_R6() -> None:
    """Issue 8 §1: CanBeat re-decided the beating clause and called a japanese
    spade-over-spade cover R6; it now asks the engine's beat_clause (R8)."""
    ex = CanBeat("8S", "7S", "D", rules="japanese")
    assert ex.answer(0) is True
    assert ex.feedback == "✔ Right: 8♠ beats 7♠: in Japanese durak a spade is beaten only by a higher spade (R8)."
    assert ex.answer(1) is False
    assert ex.feedback == "✘ It does: 8♠ beats 7♠: in Japanese durak a spade is beaten only by a higher spade (R8)."
    # the other clauses keep their words (R6 both halves, R7)
    assert CanBeat("8D", "7D", "D", rules="japanese").answer(0) is True
    same = CanBeat("8D", "7D", "D", rules="japanese")
    same.answer(0)
    assert same.feedback == "✔ Right: 8♦ beats 7♦: a higher card of the same suit beats it (R6)."
    six = CanBeat("6H", "AH", "H", rules=Rules.make("podkidnoy", trump_six_beats_ace=True))
    six.answer(0)
    assert six.feedback == (
        "✔ Right: 6♥ beats A♥: the trump six beats the trump ace with the option «trump six beats the ace» (R7)."
    )


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, timeout=30)


def test_issue8_s2_a_lesson_run_and_saved_does_not_fail_the_outputs_check(tmp_path: Path) -> None:
    """Issue 8 §2: running and saving the lessons as the README invites wrote outputs into
    notebooks/ and made 12 tests fail (test_notebook_is_committed_without_outputs read the
    working file). The check now reads what git would commit; a notebook staged with
    outputs still fails it."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1")]
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "lesson.ipynb")
    ran = nbformat.read(path, as_version=4)
    ran.cells[0].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)]
    ran.cells[0].execution_count = 1
    nbformat.write(ran, path)  # run and saved, as after normal use
    assert notebook_tests.committed_notebook(path).cells[0].outputs == []
    notebook_tests.test_notebook_is_committed_without_outputs(path)
    _git(tmp_path, "add", "lesson.ipynb")  # staged with outputs: caught
    assert notebook_tests.committed_notebook(path).cells[0].outputs != []
    with pytest.raises(AssertionError):
        notebook_tests.test_notebook_is_committed_without_outputs(path)


def _cover_exercise(rules: str | Rules, trump: str, lead: str, covers: tuple[str, str]) -> ChooseLegalMove:
    """Anna has led ``lead`` at Boris, who holds ``covers``; the options: each cover."""
    game = Game.from_position(
        rules,
        ["Anna", "Boris"],
        hands={"Anna": lead, "Boris": " ".join(covers)},
        talon="",
        trump=trump,
        attacker="Anna",
        first_bito_done=True,
        bout=3,
        rest_to_discard=True,
    )
    game.play(Move.attack(0, lead))
    return ChooseLegalMove(game, "Boris", options=[Move.defend(1, c, lead) for c in covers])


def test_issue8_s1_R8_R7_a_right_cover_names_the_engines_clause() -> None:
    """Issue 8 §1: ChooseLegalMove called every legal cover R6; it names the clause
    Game.beat_clause gives (R8 for a spade over a spade in japanese durak, R7 for the
    trump six over the trump ace)."""
    ex = _cover_exercise("japanese", "D", "7S", ("8S", "6D"))
    assert ex.answer(0) is True
    assert ex.feedback == "✔ Right: “Boris covers 7♠ with 8♠” is legal. R8: " + RULE_TEXTS["R8"]
    ex = _cover_exercise(Rules.make("podkidnoy", trump_six_beats_ace=True), "H", "AH", ("6H", "7C"))
    assert ex.answer(0) is True
    assert ex.feedback == "✔ Right: “Boris covers A♥ with 6♥” is legal. R7: " + RULE_TEXTS["R7"]


def test_issue8_s1_R1_the_play_widget_takes_a_bad_card_code_from_the_errors_fields(tmp_path: Path) -> None:
    """Issue 8 §1: the play widget parsed the rule id back out of a CardError's text
    (``str(exc).split("] ")``); it now reads ``exc.rule`` and ``exc.message`` (R1).  The
    learner sees the same refusal."""
    g = Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S 9D", "Boris": "6S 8H"},
        talon="",
        trump="D",
        attacker="Boris",
        first_bito_done=True,
        rest_to_discard=True,
    )
    w = PlayWidget("podkidnoy", ["Anna", "Boris"], start=g, journal=tmp_path / "bad.durak.jsonl")
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(CardError, "__str__", lambda self: "no rule id in this text")
            for click, code in ((w.click_card, "ZZ"), (w.click_target, "1X"), (w.play, "QQ")):
                assert click(code) is False
                assert w.refusal == Refusal("R1", f"{code!r} is not a card: {CARD_FORMS}")
                assert w.message == f"[R1] {code!r} is not a card: {CARD_FORMS}"
    finally:
        w.close()
