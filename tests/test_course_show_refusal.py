"""Issue 22: a refusal the lessons show names its rule once (R13b, R18)."""

from __future__ import annotations

from durak_nb import lessons
from durak_nb.engine import Move
from durak_nb.i18n import language
from durak_nb.views import course_show


def test_r18_a_refusal_that_names_its_rule_shows_it_once() -> None:
    game = lessons.replay("lessons/transfer-too-many.json").game(1)  # lesson 5: Boris may not transfer 8♥
    why = game.why_illegal(Move.transfer(game.players.index("Boris"), "8H"))
    assert why is not None and why.rule == "R18" and why.message.endswith("(R13b)")
    assert str(course_show.refusal(game, "Boris", "transfer", "8H")) == (
        "The engine refuses it: Vera holds 2 cards and would face 3: "
        "no one may be given more cards than they hold (R13b)."
    )
    with language("ru"):
        said = str(course_show.refusal(game, "Boris", "transfer", "8H"))
    assert said.startswith("Так нельзя: ") and said.endswith("(R13b).") and "(R18)" not in said


def test_r9_a_refusal_without_a_rule_of_its_own_shows_the_refusals_rule() -> None:
    game = lessons.bout().game(0)
    why = game.why_illegal(Move.attack(0, "7S 9D"))
    assert why is not None
    assert str(course_show.refusal(game, "Anna", "attack", "7S 9D")) == f"The engine refuses it: {why.message} (R9)."
