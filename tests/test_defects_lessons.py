"""Defects of the lessons' area found in issue 8, each with a test that failed before its fix."""

from __future__ import annotations

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
