"""Lessons never ahead of themselves (issue 22): each lesson's drills ask only about what
that lesson and the earlier ones taught.

The one table of what each lesson teaches is :data:`durak_nb.lessons.course.LESSONS`
(rule ids and variants), read through :func:`durak_nb.lessons.course.taught`.  Here every
lesson notebook's drills (all three editions) are read from the notebook, made over
many seeds, and every preset, option, rule id cited, move and position is held to that
table: before lesson 5 no perevodnoy and no transfer, before lesson 3 no limit (R13)
and no throw-in after a take (R14).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from durak_nb.engine import Action
from durak_nb.i18n import language
from durak_nb.lessons import LESSONS, lesson, taught
from durak_nb.lessons.drills import KIND_LESSONS, KINDS, Drill, make
from durak_nb.rules import OPTION_TEXTS, Rules

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RULE_ID = re.compile(r"\bR\d+[abc]?\b")
DRILL_CALL = re.compile(r"DrillWidget\(\s*\[?\s*\"(\w+)\"")
#: seeds per kind (the solver's kind is slower: fewer)
SEEDS = {kind: range(10) if kind == "best_move" else range(50) for kind in KINDS}


def notebook_kinds() -> dict[tuple[str, int], list[str]]:
    """(edition, lesson number) -> the drill kinds its code cells show."""
    found: dict[tuple[str, int], list[str]] = {}
    for edition, folder in (("en", NOTEBOOKS), ("ru", NOTEBOOKS / "ru"), ("uk", NOTEBOOKS / "uk")):
        for item in LESSONS:
            cells = json.loads((folder / item.notebook).read_text(encoding="utf-8"))["cells"]
            code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
            found[(edition, item.number)] = [k for src in code for k in DRILL_CALL.findall(src)]
    return found


def cited(d: Drill) -> set[str]:
    """Every rule id a person reads in the drill (English: the ids are the same in all)."""
    texts = [d.context, d.question, *d.options, d.reason, *d.mistakes]
    return {m for t in texts for m in RULE_ID.findall(t)} | {d.rule}


def option_rules(rules: Rules) -> set[str]:
    """The rule ids of the options set away from the preset's default (OPTION_TEXTS)."""
    default = Rules.make(rules.preset).options()
    changed = [name for name, value in rules.options().items() if value != default[name]]
    return {RULE_ID.findall(OPTION_TEXTS[name])[0] for name in changed}


def test_what_each_lesson_teaches_is_one_table():
    assert [item.variants for item in LESSONS] == [
        ("podkidnoy", "japanese"),
        (),
        (),
        (),
        ("perevodnoy",),
        (),
        ("prostoy", "english", "japanese"),
        (),
        (),
    ]
    two = taught(2)
    assert two.rules == {"R1", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R15"}
    assert two.variants == {"podkidnoy", "japanese"}
    assert two.knows("R12") and not two.knows("R13b") and not two.knows("R17")
    assert taught(3).knows("R13b") and taught(3).knows("R14") and not taught(4).knows("R17")
    assert "perevodnoy" not in taught(4).variants and "perevodnoy" in taught(5).variants
    assert taught(5).knows("R19") and not taught(5).knows("R25")
    assert taught(4).among(("podkidnoy", "podkidnoy", "perevodnoy")) == ("podkidnoy", "podkidnoy")
    with pytest.raises(KeyError):
        taught(12)


def test_every_lessons_drills_belong_to_it_or_an_earlier_one():
    found = notebook_kinds()
    for edition in ("en", "ru", "uk"):
        shown = {n: found[(edition, n)] for n in range(1, 10)}
        assert shown == {
            1: ["which_beats"],
            2: ["legal_move"],
            3: ["throw_in_room"],
            4: ["draw_order", "next_attacker"],
            5: ["may_transfer"],
            6: ["how_it_ends"],
            7: [],
            8: ["best_move"],
            9: [],
        }, edition
        for number, kinds in shown.items():
            for kind in kinds:
                assert KIND_LESSONS[kind] <= number, (edition, number, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_a_drill_asks_only_what_its_lesson_has_taught(kind):
    number = KIND_LESSONS[kind]
    known = taught(number)
    title = lesson(number).title
    presets = set()
    with language("en"):
        for seed in SEEDS[kind]:
            d = make(kind, seed)
            where = f"{kind} seed {seed} (lesson {number}, {title})"
            presets.add(d.rules.preset)
            assert d.rules.preset in known.variants, where
            for rule in option_rules(d.rules) | cited(d):
                assert known.knows(rule), f"{where}: {rule} is not taught by then"
            moves = [*d.moves, *d.option_moves, *([d.move] if d.move is not None else [])]
            if not known.knows("R17"):
                assert not d.rules.transfers, where
                assert all(m.action is not Action.TRANSFER for m in moves), where
            if not known.knows("R14"):
                assert not d.game().taking, where  # throwing in after a take: lesson 3
    if number < 5:
        assert "perevodnoy" not in presets
    if number >= 6 and kind != "best_move":
        assert presets == {"podkidnoy", "perevodnoy"}  # both games, once both are taught


def test_lesson_2_still_asks_about_every_move_it_teaches():
    """Constrained to lesson 2's rules, its drill still asks for a lead, a cover and a
    throw-in, with wrong options of lesson 2's rules only (R6, R9, R11, R12)."""
    drills_ = [make("legal_move", s) for s in range(40)]
    assert {d.option_moves[d.answer].action for d in drills_} == {Action.ATTACK, Action.DEFEND, Action.THROW}
    said = [m for d in drills_ for i, m in enumerate(d.mistakes) if i != d.answer]
    wrong = {rule for words in said for rule in RULE_ID.findall(words)}
    assert wrong == {"R6", "R9", "R11", "R12"}


def test_every_practice_bout_plays_a_variant_taught_by_then():
    """The bouts a lesson gives to play (PracticeBout.lesson) are held to the same table."""
    from durak_nb.lessons.practice import PRACTICE

    seen = {}
    for number, bouts in PRACTICE.items():
        for bout in bouts:
            rules = bout.game().rules
            assert rules.preset in taught(number).variants, (number, bout.recording)
            for rule in option_rules(rules):
                assert taught(number).knows(rule), (number, bout.recording, rule)
            seen.setdefault(number, set()).add(rules.preset)
    assert all(seen[n] == {"podkidnoy"} for n in (1, 2, 3, 4)) and seen[5] == {"perevodnoy"}
