"""Defects of the lessons' area found in issue 8, each with a test that failed before its fix."""

from __future__ import annotations

import subprocess
from pathlib import Path

import nbformat
import pytest
import test_notebooks as notebook_tests

from durak_nb.rules import Rules
from durak_nb.views.exercises import CanBeat


def test_issue8_s1_R8_japanese_spade_over_spade_is_called_R8_not_R6() -> None:
    """Issue 8 §1: CanBeat re-decided the beating clause and called a japanese
    spade-over-spade cover R6; it now asks the engine's beat_clause (R8)."""
    ex = CanBeat("8S", "7S", "D", rules="japanese")
    assert ex.answer(0) is True
    assert ex.feedback == "✔ Right: 8S beats 7S: in Japanese durak a spade is beaten only by a higher spade (R8)."
    assert ex.answer(1) is False
    assert ex.feedback == "✘ It does: 8S beats 7S: in Japanese durak a spade is beaten only by a higher spade (R8)."
    # the other clauses keep their words (R6 both halves, R7)
    assert CanBeat("8D", "7D", "D", rules="japanese").answer(0) is True
    same = CanBeat("8D", "7D", "D", rules="japanese")
    same.answer(0)
    assert same.feedback == "✔ Right: 8D beats 7D: a higher card of the same suit beats it (R6)."
    six = CanBeat("6H", "AH", "H", rules=Rules.make("podkidnoy", trump_six_beats_ace=True))
    six.answer(0)
    assert six.feedback == (
        "✔ Right: 6H beats AH: the trump six beats the trump ace with the option «trump six beats the ace» (R7)."
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
