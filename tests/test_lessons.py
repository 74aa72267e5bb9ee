"""The course against the engine: every rule claim of the lessons, every exercise.

How drift is prevented:

* every sentence a lesson marks with ``✔`` is a :class:`durak_nb.lessons.Claim`; here its
  engine answer is compared with the value pinned in :data:`PINNED` (exact values, written
  out), and the notebook's ``✔`` lines must be exactly the registered claims of that
  lesson, each once (``test_notebook_claims_are_the_registered_claims``);
* every exercise widget a lesson notebook builds is found by running the notebook's code
  in this process, and answered right and wrong with its exact feedback text;
* the lesson positions are the recordings (package data, ``recordings/`` links to them):
  each validates and is canonical, and each file a lesson names exists;
* lesson 1's first exercise is answered by clicking in JupyterLab, in Debian's Chromium
  driven by Playwright (marked ``browser``; skipped without them unless ``CI=true``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest
from browserkit import chromium, jupyter_lab, open_notebook, require_browser, run_all, shot
from conftest import NOTEBOOKS, RECORDINGS, ROOT

from durak_nb import RULE_TEXTS, Drew, Game, IllegalMove, Move, Rules, lessons
from durak_nb.cards import Card, Suit
from durak_nb.lessons import CLAIMS, LESSON_RECORDINGS, LESSONS, lesson8, lesson9
from durak_nb.record import Recording, validate_file
from durak_nb.views.cards_svg import card_svg
from durak_nb.views.exercises import (
    EXERCISE_STYLE,
    CanBeat,
    ChooseLegalMove,
    Exercise,
    PredictDraw,
    PredictOutcome,
    SpotIllegalThrowIn,
    feedback_html,
)

# ----------------------------------------------------------------------------- the claims

#: Every claim's engine answer, written out: the values the lessons' sentences state.
PINNED: dict[str, Any] = {
    # lesson 1 (R1, R3-R8)
    "deck_36_ranks": (9, "6", "A", 4),
    "short_and_long_decks": ("9", "2"),
    "talon_after_deal": (6, 6, 24, True),
    "first_attacker_example": ("♥", "10♥", "A♥", "Boris"),
    "redeal_five_of_a_suit": (["Boris claims a redeal"], "♣", "7♣", "Vera"),
    "same_suit_beats": (True, False),
    "trump_beats_ace_of_spades": True,
    "trump_only_by_higher_trump": (False, True),
    "beaters_of_six_of_spades": (17, 8, 9),
    "trump_ace": ([], ["6♥"]),
    "japanese_spades": (True, False),
    # lesson 2 (R9-R12, R15)
    "leads_in_bout_example": 7,
    "lead_of_two_ranks": "[R9] a lead is one or more cards of one rank",
    "vera_waits": "[R12] Anna has the first right: Vera waits until Anna passes",
    "boris_defences": [
        "Boris covers 7♠ with 6♥",
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with 9♠",
        "Boris covers 7♣ with 6♥",
        "Boris covers 7♣ with 10♣",
        "Boris takes",
    ],
    "anna_throw_ins": ["Anna throws in 9♦"],
    "vera_throw_ins": ["Vera throws in 7♦", "Vera throws in 9♣", "Vera throws in 7♦ 9♣"],
    "pass_until_next_card": (
        "[R12] Anna has passed; they may act again once another card is laid",
        ["Anna throws in 9♦", "Anna passes"],
    ),
    "bout_bito": "7♠ 9♠ 7♣ 10♣ 9♣ 6♥",
    # lesson 3 (R13, R14)
    "room_after_take": 2,
    "third_card_refused": (
        "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow"
    ),
    "boris_picks_up": ("Boris", "7♠ 7♥ 7♦"),
    "first_bout_limit": (
        5,
        "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends",
    ),
    "sixth_card_after_take": (1, "Boris", 7),
    "seventh_card_refused": (0, "[R13a] a bout holds at most 6 attack cards"),
    "lead_against_two_cards": (
        ["Anna attacks 8♠ 8♥", "Anna attacks 8♠ 8♦", "Anna attacks 8♥ 8♦"],
        "[R13b] Boris holds 2 cards; no more than that may lie uncovered before Boris",
    ),
    # lesson 4 (R3, R16, R23)
    "short_talon_draws": [("Anna", "9♣ Q♦"), ("Vera", "6♥")],
    "short_talon_hands": (6, 3, 0),
    "next_after_bito": "Boris",
    "full_refill": ([("Anna", "8♦ 10♦"), ("Vera", "8♥"), ("Boris", "Q♥ 6♣ K♠")], ["A♥"]),
    "next_after_take": "Vera",
    # lesson 5 (R16-R21)
    "first_transfer": ("Boris", "Vera", 2),
    "second_transfer": ("Vera", "Gleb", 3, 6),
    "no_transfer_after_cover": "[R18] no transfer once an attack card is covered",
    "transfer_draw_order": ["Anna", "Boris", "Vera", "Gleb"],
    "transfer_too_many": (
        "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)"
    ),
    "no_transfer_first_bout": "[R19] no transfer in the first bout of the game",
    "transfer_goes_back": "Anna",
    "shown_trump_kept": (True, 1),
    "show_only_once": "[R20] Boris already transferred by showing a trump this bout: now lay the card",
    # lesson 6 (R24-R27)
    "vera_goes_out": ["Vera"],
    "the_draw": (True, None, "R25", ["Vera", "Anna", "Boris"]),
    "no_draws_allowed": (False, "Boris"),
    "durak_with_epaulettes": ("Boris", True, "Boris is the durak with epaulettes (R26)"),
    "no_cards_but_talon": ([], 6),
    "repetition_draw": (6, 12, "draw by repetition (R27)"),
    "two_sixes_win": ("Boris", True, "R26"),
    # lesson 7 (variants and options)
    "prostoy_lead": (5, "[R9] in simple durak the lead is one card or a pair"),
    "prostoy_no_throw_ins": "[R11] no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken",
    "english_pass_the_lead": (["Anna passes"], ("Anna", "Boris")),
    "japanese_refusal": (
        "[R8] 6♦ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♦); "
        "spades only by higher spades"
    ),
    "teams_throwers": (["Anna", "Vera"], "[R22] Gleb is Boris's partner and may not throw in on them"),
    "neighbours_only": (
        ["Anna", "Vera"],
        ["Anna", "Vera", "Gleb", "Dana", "Egor"],
        "[R11] only the defender's neighbours may throw in with more than 4 players",
    ),
    "trump_six_over_ace": (
        "[R6] 6♥ does not beat A♥: a card is beaten by a higher card of its suit or by a trump (♥)",
        None,
    ),
    "most_players": (4, 6, 8),
    # lesson 8 (the recordings)
    "recordings_all_legal": True,
    "bouts_end_in_bito_or_take": True,
}

_RULE_ID = re.compile(r"R([1-9]|1[0-9]|2[0-7])[abc]?")


def test_every_claim_is_pinned() -> None:
    assert sorted(CLAIMS) == sorted(PINNED)


@pytest.mark.parametrize("key", list(PINNED))
def test_claim_engine_answer_is_the_stated_value(key: str) -> None:
    """The engine answers every claim with the value its sentence states (rule ids in
    ``CLAIMS[key].rules``)."""
    claim = CLAIMS[key]
    assert claim.answer() == PINNED[key]
    assert claim.expected == PINNED[key]
    assert claim.check() is True


def test_claims_cite_rule_ids_of_rules_md() -> None:
    bad = {k: c.rules for k, c in CLAIMS.items() if not all(_RULE_ID.fullmatch(r) for r in c.rules)}
    assert bad == {}
    assert all(r.rstrip("abc") in RULE_TEXTS for c in CLAIMS.values() for r in c.rules)


def test_every_rule_a_lesson_teaches_is_checked_by_one_of_its_claims() -> None:
    missing = {}
    for item in LESSONS:
        if item.number == 9:  # lesson 9 teaches R16 with its exercise on your own game
            continue
        cited = {r.rstrip("abc") for c in lessons.claims_of(item.number) for r in c.rules}
        left = [r for r in item.rules if r not in cited]
        if left:
            missing[item.number] = left
    assert missing == {}


# A few claims spelled out with their rule ids, as the lessons state them.


def test_R13b_R14_seed000_after_a_take_only_two_more_cards_may_follow() -> None:
    assert lessons.room_after_take() == 2
    g = lessons.seed000().game(2)
    assert sorted(m.describe(g.players) for m in g.legal_moves()) == [
        "Anna passes",
        "Anna throws in 7♣",
        "Anna throws in 7♥",
        "Anna throws in 7♥ 7♣",
    ]


def test_R7_the_trump_six_beats_the_ace_only_with_the_option() -> None:
    assert lessons.trump_ace() == ([], ["6♥"])
    assert lessons.trump_six_over_ace()[1] is None


def test_R16_draw_order_lists() -> None:
    assert lessons.short_talon_draws() == [("Anna", "9♣ Q♦"), ("Vera", "6♥")]
    assert lessons.full_refill()[0] == [("Anna", "8♦ 10♦"), ("Vera", "8♥"), ("Boris", "Q♥ 6♣ K♠")]
    assert lessons.transfer_draw_order() == ["Anna", "Boris", "Vera", "Gleb"]


def test_claim_rows_show_the_engine_answers() -> None:
    assert lessons.claim_rows(4)[2] == {
        "rules": "R23",
        "claim": "After bito the defender attacks next: Boris leads the next bout.",
        "engine": "Boris",
        "agrees": True,
    }
    assert [len(lessons.claims_of(i.number)) for i in LESSONS] == [11, 8, 7, 5, 9, 7, 8, 2, 0]


# ----------------------------------------------------------------------------- the notebooks

LESSON_FILES = {item.number: NOTEBOOKS / item.notebook for item in LESSONS}


def markdown(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def claim_lines(text: str) -> list[str]:
    """The ``✔`` lines of a markdown text (a list or quote marker before it is allowed)."""
    out = []
    for line in text.splitlines():
        bare = re.sub(r"^\s*(?:[-*>]\s*)*", "", line)
        if bare.startswith("✔"):
            out.append(bare)
    return out


@pytest.mark.parametrize("number", sorted(LESSON_FILES))
def test_notebook_claims_are_the_registered_claims(number: int) -> None:
    """A lesson's ``✔`` lines are exactly its claims, each once: a sentence edited in the
    notebook or in lessons.py alone, or a new ``✔`` sentence without an engine answer, fails."""
    lines = claim_lines(markdown(LESSON_FILES[number]))
    assert sorted(lines) == sorted("✔ " + c.text for c in lessons.claims_of(number))


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_only_lessons_make_claims(path: Path) -> None:
    if path in LESSON_FILES.values():
        return
    assert claim_lines(markdown(path)) == []


@pytest.mark.parametrize("number", sorted(LESSON_FILES))
def test_lesson_names_its_terms_in_russian_and_ukrainian(number: int) -> None:
    text = markdown(LESSON_FILES[number])
    assert [t for t in lessons.lesson(number).terms if lessons.term(t) not in text] == []


def test_the_index_opens_first_and_links_every_lesson() -> None:
    names = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert names[0] == "00_index.ipynb"
    text = markdown(NOTEBOOKS / "00_index.ipynb")
    for item in LESSONS:
        assert (NOTEBOOKS / item.notebook).is_file()
        assert f"]({item.notebook})" in text
    assert "](00_replay.ipynb)" in text
    assert [item.number for item in LESSONS] == list(range(1, 10))


# ----------------------------------------------------------------------------- the exercises

_NAMESPACES: dict[str, dict[str, Any]] = {}


def run_in_process(name: str) -> dict[str, Any]:
    """Run a notebook's code cells in this process (cwd ``notebooks/``, as JupyterLab
    runs them) and return its namespace, once per test session."""
    if name not in _NAMESPACES:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        ns: dict[str, Any] = {"__name__": "__lesson__"}
        here = os.getcwd()
        os.chdir(NOTEBOOKS)
        try:
            for cell in nb.cells:
                if cell.cell_type == "code":
                    exec(compile(cell.source, name, "exec"), ns)
        finally:
            os.chdir(here)
        _NAMESPACES[name] = ns
    return _NAMESPACES[name]


def exercises_of(name: str) -> dict[str, Exercise]:
    return {k: v for k, v in run_in_process(name).items() if isinstance(v, Exercise)}


R16_LINE = (
    "R16: the bout's first attacker draws first, then the others clockwise, the defender last; "
    "each draws up to 6 at once, and the turned-up trump is the last card drawn."
)
R6_LINE = "R6: A higher card of the suit, or a trump, beats a card (побить)."
R11_LINE = "R11: Throw-ins: cards of ranks already on the table (подкинуть)."
R13_LINE = "R13: Limits: six cards, never more than the defender holds, five before the first bito."

YES_NO = ("Yes, it beats it", "No, it does not")

#: notebook -> exercise variable -> (options, right answers, {answer: exact feedback})
EXERCISES: dict[str, dict[str, tuple[tuple[str, ...], tuple[int, ...], dict[int, str]]]] = {
    "01_cards_trump_beating.ipynb": {
        "can_beat_1": (
            YES_NO,
            (0,),
            {
                0: "✔ Right: J♣ beats 9♣: a higher card of the same suit beats it (R6).",
                1: "✘ It does: J♣ beats 9♣: a higher card of the same suit beats it (R6).",
            },
        ),
        "can_beat_2": (
            YES_NO,
            (1,),
            {
                0: "✘ It does not: "
                + "the engine refuses it: [R6] K♦ does not beat 6♠: a card is beaten by a higher card of its "
                "suit or by a trump (♥).",
                1: "✔ Right: "
                + "the engine refuses it: [R6] K♦ does not beat 6♠: a card is beaten by a higher card of its "
                "suit or by a trump (♥).",
            },
        ),
        "can_beat_3": (
            YES_NO,
            (0,),
            {
                0: "✔ Right: 6♥ beats K♠: a trump beats any card of another suit (R6).",
                1: "✘ It does: 6♥ beats K♠: a trump beats any card of another suit (R6).",
            },
        ),
        "can_beat_4": (
            YES_NO,
            (1,),
            {
                0: "✘ It does not: "
                + "the engine refuses it: [R8] 7♦ does not beat 8♠: a card is beaten by a higher card of its "
                "suit or by a trump (♦); spades only by higher spades.",
                1: "✔ Right: "
                + "the engine refuses it: [R8] 7♦ does not beat 8♠: a card is beaten by a higher card of its "
                "suit or by a trump (♦); spades only by higher spades.",
            },
        ),
    },
    "07_variants.ipynb": {
        "can_beat_japanese": (
            YES_NO,
            (0,),
            {
                0: "✔ Right: Q♠ beats 10♠: in Japanese durak a spade is beaten only by a higher spade (R8).",
                1: "✘ It does: Q♠ beats 10♠: in Japanese durak a spade is beaten only by a higher spade (R8).",
            },
        ),
        "can_beat_japanese_2": (
            YES_NO,
            (0,),
            {
                0: "✔ Right: 10♦ beats 9♣: a trump beats any card of another suit (R6).",
                1: "✘ It does: 10♦ beats 9♣: a trump beats any card of another suit (R6).",
            },
        ),
    },
    "08_analysing_games.ipynb": {
        "choose_from_data": (
            ("Boris covers Q♦ with Q♠", "Boris throws in 6♣", "Boris covers Q♦ with 7♣", "Boris throws in Q♠"),
            (3,),
            {
                0: "✘ Not legal: “Boris covers Q♦ with Q♠”. The engine refuses it: [R10] only the defender Anna may "
                "defend. R10: The defender beats, transfers or takes (отбивающийся).",
                1: "✘ Not legal: “Boris throws in 6♣”. The engine refuses it: [R11] 6♣: only ranks already on the "
                "table may be thrown in. " + R11_LINE,
                3: "✔ Right: “Boris throws in Q♠” is legal. " + R11_LINE,
            },
        ),
    },
}


#: the practice bouts (``PracticeBout.lesson(n, i)``) and drill kinds (``DrillWidget(kind, …)``)
#: each lesson's cells call, issue 9 §2
PRACTICE_AND_DRILLS: dict[int, tuple[list[str], list[str]]] = {
    1: (["PracticeBout.lesson(1)"], ["which_beats"]),
    2: (["PracticeBout.lesson(2)", "PracticeBout.lesson(2, 1)"], ["legal_move"]),
    3: (["PracticeBout.lesson(3)", "PracticeBout.lesson(3, 1)"], ["throw_in_room"]),
    4: (["PracticeBout.lesson(4)"], ["draw_order", "next_attacker"]),
    5: (["PracticeBout.lesson(5)", "PracticeBout.lesson(5, 1)"], ["may_transfer"]),
    6: (["PracticeBout.lesson(6)", "PracticeBout.lesson(6, 1)"], ["how_it_ends"]),
    7: (["PracticeBout.lesson(7)", "PracticeBout.lesson(7, 1)"], []),
    8: (["PracticeBout(practice.game()"], []),
    9: (["PlayWidget("], []),
}


def code_of(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


@pytest.mark.parametrize("number", sorted(PRACTICE_AND_DRILLS))
def test_every_lesson_has_a_bout_to_play_and_exercises(number: int) -> None:
    """Issue 9 §2: a bout the learner plays, and exercises on positions the lesson did not
    just explain (drills of fresh positions in lessons 2–6, new card pairs in 1 and 7)."""
    source = code_of(lessons.lesson(number).notebook)
    bouts, kinds = PRACTICE_AND_DRILLS[number]
    assert [b for b in bouts if b not in source] == []
    assert re.findall(r'DrillWidget\("(\w+)"', source) == kinds
    assert kinds or exercises_of(lessons.lesson(number).notebook)


def test_every_exercise_widget_of_the_lessons_is_pinned() -> None:
    found = {item.notebook: sorted(exercises_of(item.notebook)) for item in LESSONS}
    assert {k: v for k, v in found.items() if v} == {
        **{k: sorted(v) for k, v in EXERCISES.items()},
        "09_record_and_share.ipynb": ["predict_my_draw"],
    }


def test_lesson_8_tables_fit_the_page_and_read_as_words() -> None:
    """Issue 9 §2: lesson 8 shows few columns, head rows, rounded numbers, no ``<NA>``."""
    games = lesson8.games_table(8)
    assert list(games.data.columns) == [
        "title",
        "variant",
        "players",
        "result",
        "bouts",
        "moves",
        "takes",
        "transfers",
    ]
    assert len(games.data) == 8
    html_text = games.to_html()
    assert "<NA>" not in html_text and "nan" not in html_text
    assert list(games.data["result"][:2]) == ["not played to the end", "a draw"]
    stats = lesson8.variant_stats_table().to_html()
    assert "42.670000" not in stats and "000000" not in stats
    moves = lesson8.moves_table("podkidnoy-2p.json", 12).data
    assert list(moves.columns) == ["bout", "player", "role", "move", "rules", "what it caused"]
    assert list(moves["move"][:2]) == ["Boris attacks 10♥", "Anna covers 10♥ with A♥"]
    assert "<svg" in lesson8.action_plot()._repr_svg_()
    assert lesson8.data_practice().learner == "Boris"


def test_lesson_8_tables_and_plot_fit_a_projectors_column() -> None:
    """Issue 22: at 1024×768 the statistics table was 639 px and the plot 756 px in a
    592 px column: the tables' cells are 11 px, padded 2 px 4 px (scoped to each table), the plot
    shows inline, scaled down to its column."""
    for table in (lesson8.games_table(8), lesson8.variant_stats_table(bars=True), lesson8.moves_table()):
        html_text = table.to_html()
        uuid = html_text.split('<table id="', 1)[1].split('"', 1)[0]
        assert f"#{uuid} th {{\n  padding: 2px 3px;\n  font-size: 11px;\n}}" in html_text
    picture = lesson8.action_plot()._repr_html_()
    assert picture.startswith('<div class="dnb-picture"><svg style="max-width:100%;height:auto" ')
    assert "<?xml" not in picture and picture.endswith("</svg>\n</div>")


@pytest.mark.parametrize(
    ("notebook", "name"), [(nb, name) for nb, table in EXERCISES.items() for name in table], ids=lambda x: str(x)
)
def test_notebook_exercise_answered_right_and_wrong(notebook: str, name: str) -> None:
    ex = exercises_of(notebook)[name]
    options, right, feedback = EXERCISES[notebook][name]
    assert ex.options == options
    assert ex.right_answers == right
    assert any(i not in right for i in feedback) and any(i in right for i in feedback)
    for i, text in feedback.items():
        assert ex.answer(i) is (i in right)
        assert (ex.chosen, ex.correct, ex.feedback) == (i, i in right, text)
        assert ex.feedback_widget.value == feedback_html(i in right, text)


def test_R16_lesson_9_predict_the_draw_of_your_own_game() -> None:
    """The game is recorded by bots in the notebook, so the expected texts come from the
    engine's Drew events of that game."""
    ns = run_in_process("09_record_and_share.ipynb")
    ex = ns["predict_my_draw"]
    assert isinstance(ex, PredictDraw)
    game, move = lessons.first_refill(ns["recording"])
    events = game.copy().play(move)
    answer = lessons.draw_text(lessons.draws_of(events, game.players))
    assert ex.right_answers == (ex.options.index(answer),)
    assert ex.answer(ex.options.index(answer)) is True
    assert ex.feedback == f"✔ Right: {answer}. {R16_LINE}"
    wrong = next(i for i in range(len(ex.options)) if i not in ex.right_answers)
    assert ex.answer(wrong) is False
    reasons = [
        "the defender draws last, not first (R16)",
        "the defender waits until everyone else has drawn (R16)",
        "each player draws all the cards they need at once (R16)",
        "the turned-up trump is the last card drawn, not the first (R3, R16)",
    ]
    assert ex.feedback in [f"✘ Not so: {why}. The engine's refill: {answer}. {R16_LINE}" for why in reasons]
    assert ns["again"] == ns["annotated"]
    assert ns["recording"].players == ("Anna", "Boris")
    assert lesson9.result_words(ns["recording"]) == "Boris is the durak after 54 moves."


def test_lesson_9_cells_build_the_same_game_again(tmp_path: Path) -> None:
    """Each call records the game afresh: the same moves, the journal rewritten (rerunnable cells)."""
    first = lesson9.bots_game(tmp_path, stop=20)
    assert lesson9.bots_game(tmp_path, stop=20) == first
    assert len(first.moves) == 20 and len(lesson9.journal_lines(tmp_path, 1, 30)) == 22
    annotated, k = lesson9.with_variation(lesson9.bots_game(tmp_path))
    assert (k, lesson9.variation_words(annotated, k)) == (
        5,
        ["main line: Anna covers 7♥ with K♥ … (49 moves)", "6.1: Anna takes"],
    )
    lesson9.notation_text(annotated, tmp_path)
    assert lesson9.read_back(tmp_path) == annotated


# ----------------------------------------------------------------------------- the widgets


def test_exercise_buttons_answer_and_update_the_same_widgets_by_value() -> None:
    ex = CanBeat("9C", "7S", "H")
    parts = (ex.prompt_widget, ex.feedback_widget, *ex.buttons)
    assert ex.feedback_widget.value == "" and (ex.chosen, ex.correct, ex.feedback) == (None, None, "")
    ex.buttons[1].click()
    assert (ex.chosen, ex.correct) == (1, True)
    assert [b.button_style for b in ex.buttons] == ["", "success"]
    ex.buttons[0].click()
    assert (ex.chosen, ex.correct) == (0, False)
    assert [b.button_style for b in ex.buttons] == ["danger", ""]
    assert ex.feedback == (
        "✘ It does not: the engine refuses it: [R6] 9♣ does not beat 7♠: a card is beaten by a higher card of its suit "
        "or by a trump (♥)."
    )
    assert (ex.prompt_widget, ex.feedback_widget, *ex.buttons) == parts
    assert [c for c in ex.children[1].children] == list(ex.buttons)
    assert ex.buttons[0]._dom_classes == ("dnb-option", "dnb-option-0")
    assert ex._dom_classes == ("dnb-exercise",)


def test_exercise_answer_out_of_range() -> None:
    ex = CanBeat("9C", "7S", "H")
    for bad in (2, -1, True, "0"):
        with pytest.raises(IndexError):
            ex.answer(bad)  # type: ignore[arg-type]
    assert ex.chosen is None


def test_R6_can_beat_prompt_and_same_card() -> None:
    ex = CanBeat("7H", "AS", "H")
    assert ex.prompt == "Can 7♥ beat A♠? Trump: ♥."
    assert ex.beats is True
    assert CanBeat("8S", "7S", "D", rules="japanese").answer(0) is True
    with pytest.raises(ValueError, match="cannot cover itself"):
        CanBeat("7H", "7H", "H")


def test_names_and_texts_are_escaped() -> None:
    g = Game.from_position(
        "podkidnoy",
        ["<b>Anna</b>", "Boris & co"],
        hands={"<b>Anna</b>": "7S 8S", "Boris & co": "9D JC"},
        talon="",
        trump="H",
        attacker="<b>Anna</b>",
        first_bito_done=True,
        rest_to_discard=True,
    )
    ex = ChooseLegalMove(g, "<b>Anna</b>", options=[Move.attack(0, "7S"), Move.attack(0, "7S 8S")])
    assert "<b>Anna</b>" not in ex.prompt_widget.value
    assert "&lt;b&gt;Anna&lt;/b&gt; make now?" in ex.prompt_widget.value
    ex.answer(1)
    assert ex.feedback == (
        "✘ Not legal: “<b>Anna</b> attacks 7♠ 8♠”. The engine refuses it: [R9] a lead is one or more cards of one "
        "rank. R9: The lead: one or more cards of one rank (заход)."
    )
    assert ex.feedback_widget.value == (
        '<div class="dnb-wrong">✘ Not legal: “&lt;b&gt;Anna&lt;/b&gt; attacks 7♠ 8♠”. The engine refuses it: '
        "[R9] a lead is one or more cards of one rank. R9: The lead: one or more cards of one rank (заход).</div>"
    )
    assert feedback_html(True, "a\n<i>") == '<div class="dnb-right">a<br>&lt;i&gt;</div>'
    assert CanBeat("7H", "AS", "H", prompt="<script>").prompt_widget.value.count("&lt;script&gt;") == 1


def test_choose_legal_move_automatic_options_are_one_legal_and_illegal_ones() -> None:
    ex = ChooseLegalMove(lessons.seed000().game(2), "Anna", seed=3)
    assert ex.options == ("Anna throws in K♠", "Anna covers 7♠ with K♠", "Anna takes", "Anna throws in 7♣")
    assert ex.right_answers == (3,)
    assert ex.prompt == "Which of these moves may Anna make now?"
    assert ChooseLegalMove(lessons.seed000().game(2)).prompt == "Which of these moves is legal now?"


def test_choose_legal_move_refuses_options_without_a_legal_move() -> None:
    with pytest.raises(ValueError, match="none of the options is legal"):
        ChooseLegalMove(lessons.bout().game(1), "Boris", options=[Move.throw(1, "9S"), Move.defend(1, "8S", "7C")])
    with pytest.raises(ValueError, match="no legal move for Boris"):
        ChooseLegalMove(lessons.bout().game(0), "Boris")
    with pytest.raises(ValueError, match="at least two options"):
        ChooseLegalMove(lessons.bout().game(1), "Boris", options=[Move.take(1)])


def test_exercises_copy_the_game() -> None:
    g = lessons.bout().game(1)
    ex = ChooseLegalMove(g, "Boris", options=lessons.bout_exercise_options())
    g.play(Move.take(1))
    assert ex.answer(1) is True


def test_R11_R12_spot_illegal_throw_in_needs_throws_and_an_illegal_one() -> None:
    g = lessons.bout().game(1)
    ex = SpotIllegalThrowIn(g, [Move.throw(0, "9D"), Move.throw(2, "7D")])
    assert ex.right_answers == (0, 1)  # 9D: no nine on the table yet (R11); Vera waits for Anna (R12)
    assert ex.answer(1) is True
    assert ex.feedback == (
        "✔ Right: the engine refuses “Vera throws in 7♦”: [R12] Anna has the first right: Vera waits until Anna "
        "passes. R12: The attacker throws first; a pass lasts until the next card."
    )
    with pytest.raises(ValueError, match="must be a throw-in"):
        SpotIllegalThrowIn(g, [Move.take(1), Move.throw(2, "7D")])
    with pytest.raises(ValueError, match="nothing to spot"):
        SpotIllegalThrowIn(lessons.bout().game(4), [Move.throw(2, "7D"), Move.throw(2, "9C")])


def test_R16_predict_draw_needs_a_bout_end_with_a_refill() -> None:
    with pytest.raises(ValueError, match="4 legal moves: give the move that ends the bout"):
        PredictDraw(lessons.bout().game(7))
    with pytest.raises(ValueError, match="does not end the bout"):
        PredictDraw(lessons.bout().game(7), Move.throw(2, "7D"))
    with pytest.raises(ValueError, match="the talon is empty: nobody draws"):
        PredictDraw(lessons.seed000().game(6))
    with pytest.raises(IllegalMove):
        PredictDraw(lessons.bout().game(7), Move.pass_(1))
    ex = PredictDraw(lessons.drawing().game(8), seed=1)
    assert ex.prompt == "Gleb passes, and the bout ends. Who draws which cards, in which order?"
    assert sorted(ex.options) == sorted(
        (
            "Anna draws 9♣ Q♦, then Boris draws 6♥",
            "Boris draws 9♣ Q♦ 6♥",
            "Anna draws 9♣ Q♦, then Vera draws 6♥",
            "Anna draws 6♥ Q♦, then Vera draws 9♣",
            "Anna draws 9♣, then Vera draws Q♦, then Boris draws 6♥",
        )
    )


def test_R25_R26_predict_outcome() -> None:
    rep = lessons.epaulettes()
    moves = rep.recording.moves
    ex = PredictOutcome(rep.game(3), moves[3:], prompt="Who loses?")
    assert ex.options == ("Anna is the durak", "Boris is the durak", "Nobody: a draw")
    assert ex.answer(0) is False
    assert ex.feedback == (
        "✘ No: the engine says: Boris is the durak with epaulettes (R26). R25: The last player with cards is the "
        "durak (дурак); going out together is a draw (ничья)."
    )
    assert ex.answer(1) is True
    with pytest.raises(ValueError, match="do not end the game"):
        PredictOutcome(rep.game(0), moves[:3])
    with pytest.raises(ValueError, match="team game"):
        PredictOutcome(lessons.replay(lessons.TEAMS).game(0), [Move.attack(0, "7H")])


# ----------------------------------------------------------------------------- positions = recordings

LESSON_FILES_ON_DISK = sorted(LESSON_RECORDINGS.glob("*.json"))


def test_lesson_positions_are_package_data_behind_the_recordings_link() -> None:
    """The recordings live in the package (an installed wheel has them); the checkout's
    ``recordings/`` is a link to them, so its paths keep working."""
    assert RECORDINGS.resolve() == lessons.RECORDINGS.resolve()
    assert lessons.RECORDINGS.resolve().parent == Path(lessons.__file__).resolve().parent.parent
    assert RECORDINGS.is_symlink() and RECORDINGS.resolve() == (RECORDINGS.parent / "durak_nb" / "recordings")
    assert lessons.LESSON_RECORDINGS == lessons.RECORDINGS / "lessons"


def test_every_recording_a_lesson_names_exists_and_the_lessons_folder_holds_no_other() -> None:
    named = {v for k, v in vars(lessons).items() if k.isupper() and isinstance(v, str) and v.endswith(".json")}
    assert all((lessons.RECORDINGS / name).is_file() for name in named), named
    assert {f"lessons/{p.name}" for p in LESSON_FILES_ON_DISK} <= named
    assert len(LESSON_FILES_ON_DISK) == 14


@pytest.mark.parametrize("path", LESSON_FILES_ON_DISK, ids=lambda p: p.name)
def test_lesson_recording_validates_and_is_canonical(path: Path) -> None:
    """Every lesson position validates (each move legal, R1-R27, the written result the
    replay's, R25-R27), has a title, and is in the canonical JSON form (edited as a file)."""
    report = validate_file(path)
    assert report.ok, report.error
    rec = Recording.load(path)
    assert rec.dumps() == path.read_text(encoding="utf-8")
    assert isinstance(rec.meta["title"], str) and rec.meta["title"].startswith("Lesson ")
    assert set(rec.meta.get("comments", {})) <= {str(k) for k in range(len(rec.moves))}


def test_make_lesson_recordings_check_passes_on_the_lessons_folder() -> None:
    """scripts/make_lesson_recordings.py --check --dir recordings/lessons: canonical files,
    results as replayed."""
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "make_lesson_recordings.py"),
            "--check",
            "--dir",
            str(LESSON_RECORDINGS),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [f"{p}: ok" for p in LESSON_FILES_ON_DISK]


def test_recordings_the_lessons_replay() -> None:
    bout = lessons.recording(lessons.BOUT)
    assert bout.replay().position() == lessons.bout().game(len(lessons.bout())).position()
    assert bout.meta["comments"]["3"] == (
        "Anna, the attacker, had the first right (R12); now that she has passed, Vera may throw in."
    )
    rep = lessons.recording(lessons.REPETITION)
    assert len(rep.moves) == 48
    assert rep.replay().result is not None and rep.replay().result.rule == "R27"  # type: ignore[union-attr]
    assert lessons.draw().recording.replay().result.draw is True  # type: ignore[union-attr]


def test_R25_variant_plays_a_recording_under_other_options() -> None:
    g = lessons.variant(lessons.DRAW, 6, draw_allowed=False)
    assert g.rules == Rules.make("podkidnoy", draw_allowed=False)
    assert g.result is not None and (g.result.draw, g.result.durak) == (False, 1)
    with pytest.raises(ValueError, match="starts from a deal"):
        lessons.variant(lessons.REDEAL)


# ----------------------------------------------------------------------------- helpers


def test_terms_and_lessons_lookup() -> None:
    assert lessons.term("take") == "take — принять (ru) / взяти (uk)"
    assert lessons.term("transfer") == "transfer — перевод (ru) / переведення (uk)"
    with pytest.raises(KeyError):
        lessons.term("chess")
    assert lessons.lesson(3).notebook == "03_limits.ipynb"
    with pytest.raises(KeyError, match="no lesson 10"):
        lessons.lesson(10)
    assert lessons.rule_text("R13b") == RULE_TEXTS["R13"]
    assert all(t in lessons.TERMS for item in LESSONS for t in item.terms)


def test_recording_of_needs_a_fresh_game() -> None:
    g = lessons.bout().game(1)
    with pytest.raises(ValueError, match="before its first move"):
        lessons.recording_of(g, [])


def test_R16_first_refill_of_a_recording() -> None:
    game, move = lessons.first_refill(Recording.load(RECORDINGS / "drawing-order-short-talon.json"))
    assert move == Move.pass_(3)
    assert lessons.draws_of(game.copy().play(move), game.players) == [("Anna", "9♣ Q♦"), ("Vera", "6♥")]
    with pytest.raises(ValueError, match="no bout of this recording ends with a draw"):
        lessons.first_refill(Recording.load(RECORDINGS / "seed000-vdogonku.json"))
    assert lessons.draw_text([]) == "nobody draws"
    assert next(e for e in game.copy().play(move) if isinstance(e, Drew)).player == 0


def test_exercise_widget_shows_the_prompt_the_cards_the_options_and_the_feedback() -> None:
    """The widget a lesson shows: a VBox of the prompt (style, escaped text, the two cards
    drawn), one button per option and the feedback line, with their exact texts (R6)."""
    ex = CanBeat("7H", "AS", "H", rules=Rules.make("podkidnoy"))
    assert isinstance(ex, widgets.VBox)
    prompt, box, feedback = ex.children
    assert (prompt, feedback) == (ex.prompt_widget, ex.feedback_widget)
    assert prompt.value == (
        EXERCISE_STYLE
        + '<div class="dnb-prompt">Can 7♥ beat A♠? Trump: ♥.</div>'
        + card_svg(Card.parse("AS"), trump=Suit.H)
        + " "
        + card_svg(Card.parse("7H"), trump=Suit.H)
    )
    assert [(b.description, b.tooltip, b.button_style) for b in box.children] == [
        ("Yes, it beats it", "Yes, it beats it", ""),
        ("No, it does not", "No, it does not", ""),
    ]
    assert (feedback.value, feedback._dom_classes) == ("", ("dnb-feedback",))
    box.children[0].click()
    assert feedback.value == (
        '<div class="dnb-right">✔ Right: 7♥ beats A♠: a trump beats any card of another suit (R6).</div>'
    )
    assert [b.button_style for b in box.children] == ["success", ""]


# ----------------------------------------------------------------------------- in a real browser


@pytest.fixture(scope="module")
def lesson_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a copy of lesson 1 (tests/browserkit.py: its own config, runtime
    and settings folders, autosave off, stopped by its own PID); yields its base URL."""
    require_browser()
    with jupyter_lab(tmp_path_factory.mktemp("lesson-lab"), [LESSON_FILES[1]]) as base:
        yield base


@pytest.mark.browser
def test_R6_lesson_1_exercise_answered_in_the_browser(lesson_lab: str) -> None:
    """Run All in JupyterLab on lesson 1, click the first exercise's buttons as a learner
    would: the feedback shown is the engine's, wrong then right (R6)."""
    wrong = EXERCISES["01_cards_trump_beating.ipynb"]["can_beat_1"][2][1]
    right = EXERCISES["01_cards_trump_beating.ipynb"]["can_beat_1"][2][0]
    with chromium() as ctx:
        page = ctx.new_page()
        open_notebook(page, lesson_lab, f"notebooks/{LESSON_FILES[1].name}")
        run_all(page, ".dnb-exercise .dnb-option-1")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90000)
        text = page.inner_text(".jp-Notebook")
        assert not any(s in text for s in ("Error displaying widget", "odel not found", "Traceback"))
        assert page.locator(".dnb-exercise").count() == 4
        # issue 9 §1: no code is shown, only the collapsed placeholders of hidden inputs
        assert page.locator(".jp-CodeCell .jp-InputArea-editor:visible").count() == 0
        assert page.locator(".jp-CodeCell .jp-InputPlaceholder").count() >= 10
        # nor an execution count ("[5]:") beside a hidden cell's output (lesson-style extension)
        prompts = page.locator(".jp-CodeCell:has(.jp-InputPlaceholder) .jp-OutputPrompt")
        shown = "els => els.filter(e => getComputedStyle(e).visibility !== 'hidden' && e.innerText.trim()).length"
        assert prompts.count() >= 1 and prompts.evaluate_all(shown) == 0
        page.set_viewport_size({"width": 1366, "height": 768})
        page.locator(".dnb-drill").first.scroll_into_view_if_needed()
        shot(page, "lesson-01-1366x768.png")
        first = page.locator(".dnb-exercise").first
        assert first.locator(".dnb-prompt").inner_text() == "Can J♣ beat 9♣? Trump: ♥."
        feedback = first.locator(".dnb-feedback")
        first.locator(".dnb-option-1").scroll_into_view_if_needed()
        first.locator(".dnb-option-1").click()
        page.wait_for_function("el => el.innerText.startsWith('✘')", arg=feedback.element_handle(), timeout=15000)
        assert feedback.inner_text() == wrong
        assert "mod-danger" in (first.locator(".dnb-option-1").get_attribute("class") or "")
        first.locator(".dnb-option-0").click()
        page.wait_for_function("el => el.innerText.startsWith('✔')", arg=feedback.element_handle(), timeout=15000)
        assert feedback.inner_text() == right
        shot(page, "lesson-01-exercise.png", ".dnb-exercise")


def test_lesson_8_action_counts_show_as_a_compact_table() -> None:
    """Issue 22: the counts of moves by kind were 639 px in a 592 px column: shown with the
    lesson's compact cells (11 px, 2 px 4 px); a frame made from them is a plain DataFrame."""
    import pandas as pd

    counts = lesson8.action_counts()
    html_text = counts._repr_html_()
    uuid = html_text.split('<table id="', 1)[1].split('"', 1)[0]
    assert f"#{uuid} th {{\n  padding: 2px 3px;\n  font-size: 11px;\n}}" in html_text
    assert type(counts.iloc[:1]) is pd.DataFrame and int(counts.to_numpy().sum()) > 0
