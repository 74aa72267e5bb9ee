"""The replayer's lines and annotation panel, driven from Python: stepping into side
lines and back (nested too), glyphs right after their move's words, comments before and
after, a variation played from the engine's legal moves, promote, demote, delete, undo,
redo and save; exact texts, the same widget models throughout.

The game: recordings/annotated-transfer-or-cover.durak (perevodnoy, Anna Boris Vera,
bout 12 from a set-up position; hearts trump).  Before main-line move 2 (Boris >7D)
there is line 2.1 (Boris 8S/7S, 8 moves), and inside it, before its move 5 (Vera +8D),
line 2.1 > 5.1 (Vera pass).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RECORDINGS
from test_replayer import evil_widget, models
from test_views_html import EVIL, EVIL_ESC

from durak_nb.engine import Move
from durak_nb.record import io, notation
from durak_nb.replay import Replay
from durak_nb.views import ReplayerWidget

LESSON = RECORDINGS / "annotated-transfer-or-cover.durak"


@pytest.fixture()
def w() -> ReplayerWidget:
    return ReplayerWidget(annotate=True, replay=Replay.load(LESSON), start=2, path="unused.durak")


def saved(w: ReplayerWidget) -> str:
    """The file the panel would save now."""
    assert w.annotator is not None
    return notation.write(w.annotator.recording())


def labels(w: ReplayerWidget) -> list[str]:
    return [label for label, _j in w.lines.options]


def pick(w: ReplayerWidget, words: str) -> None:
    """Choose the legal move ``words`` (as the list shows it) in the move list."""
    w.moves.value = next(j for label, j in w.moves.options if label == words)


# ----------------------------------------------------------------------------- lines


def test_the_lines_at_a_move_one_click_in_one_click_back_r17_r6(w: ReplayerWidget) -> None:
    assert (w.line, w.index) == ("main line", 2)
    assert labels(w) == ["main line: Boris transfers 7♦ … (18 moves)", "2.1: Boris covers 7♠ with 8♠ … (8 moves)"]
    assert (w.lines.index, w.exit_line.disabled) == (0, True)
    assert w.note.value == "<b>main line</b> · annotating move 2 of the main line: Boris transfers 7♦ !"
    assert w.shown().story.startswith(
        "<b>Move 2</b> (2 of 19 played): Boris transfers 7♦ ! — перевод, a transfer (R17): Vera now defends"
    )
    w.lines.index = 1  # one click: into line 2.1, after its first move
    assert (w.line, w.index, len(w.replay), w.slider.max, len(w.goto.options)) == ("2.1", 1, 8, 8, 9)
    assert w.replay is w.replay.root.enter(1, 1)
    assert w.note.value == "<b>line 2.1</b> · annotating move 1 of line 2.1: Boris covers 7♠ with 8♠ ?!"
    assert w.shown().story == (
        "<b>Move 1</b> (1 of 8 played): Boris covers 7♠ with 8♠ ?! — a higher ♠ beats it (побить, R6); every "
        'attack card is covered<div class="dnb-comment">Covering works, but see what it costs.</div>'
        '<div class="dnb-none">next, move 2: Anna throws in 7♣</div>'
    )
    assert (w.lines.index, w.exit_line.description, w.exit_line.disabled) == (1, "◂ back to the main line", False)
    assert w.goto.options[1][0] == "Bout 12 · 1/8 · after Boris covers 7♠ with 8♠"
    w.lines.index = 0  # another: back to the main line, after the move it replaces
    assert (w.line, w.index, w.lines.index) == ("main line", 2, 0)


def test_nested_lines_and_the_back_button_r12_r15(w: ReplayerWidget) -> None:
    w.lines.index = 1
    w.show(5)
    assert labels(w) == ["2.1: Vera throws in 8♦ … (4 moves)", "2.1 > 5.1: Vera passes"]
    w.lines.index = 1
    assert (w.line, w.index) == ("2.1 > 5.1", 1)
    assert w.note.value == "<b>line 2.1 &gt; 5.1</b> · annotating move 1 of line 2.1 &gt; 5.1: Vera passes ?"
    assert w.shown().story == (
        "<b>Move 1</b> (1 of 1 played): Vera passes ? — nothing more: every thrower has passed, so the bout ends "
        '(R12)<div class="dnb-comment">Vera misses her chance to shed a card: bito at once (R15).</div>'
    )
    assert w.exit_line.description == "◂ back to line 2.1"
    w.exit_line.click()
    assert (w.line, w.index) == ("2.1", 5)
    w.exit_line.click()
    assert (w.line, w.index) == ("main line", 2)
    w.exit_line.click()  # disabled in a browser; from Python: refused with words
    assert w.note.value.endswith("<br>refused: the main line does not branch from another line")


def test_show_line_and_show_node(w: ReplayerWidget) -> None:
    w.show_line(((1, 1), (4, 1)), 0)
    assert (w.line, w.index, w.current_node().move) == ("2.1 > 5.1", 0, Move.pass_(2))
    assert w.position_node().move == Move.pass_(0)  # the branch: after Anna passes in line 2.1
    with pytest.raises(IndexError):
        w.show_line(((1, 2),))
    w.show_node(w.position_node())
    assert (w.line, w.index) == ("2.1", 4)


# ----------------------------------------------------------------------------- glyphs and comments


def test_glyph_buttons_set_replace_and_clear_r6(w: ReplayerWidget) -> None:
    w.show(3)  # after Vera 9S/7S
    assert w.glyph.value == ""
    w.glyph.value = "?!"
    assert w.shown().story.startswith(
        "<b>Move 3</b> (3 of 19 played): Vera covers 7♠ with 9♠ ?! — a higher ♠ beats it (побить, R6)"
    )
    assert "12... Vera 9S/7S?! Vera 8D/7D" in saved(w)
    assert w.note.value.endswith("<br>done: glyph ?! on move 3 of the main line (Vera covers 7♠ with 9♠)")
    w.glyph.value = "!!"  # one per move: it replaces
    assert "Vera 9S/7S!! Vera 8D/7D" in saved(w)
    w.glyph.value = ""
    assert "Vera 9S/7S Vera 8D/7D" in saved(w)
    assert w.note.value.endswith("<br>done: no glyph on move 3 of the main line (Vera covers 7♠ with 9♠)")
    assert (w.line, w.index) == ("main line", 3)


def test_comments_after_and_before_the_move(w: ReplayerWidget) -> None:
    w.show(3)
    w.comment.value = "Spades: a higher spade {beats} it."
    w.set_comment.click()
    assert "Vera 9S/7S {Spades: a higher spade {beats\\} it.}" in saved(w)
    assert '<div class="dnb-comment">Spades: a higher spade {beats} it.</div>' in w.shown().story
    w.comment_place.value = "before"
    assert w.comment.value == ""
    w.comment.value = "Vera must cover both sevens."
    w.set_comment.click()
    assert "    {Vera must cover both sevens.} 12... Vera 9S/7S {Spades: a higher spade {beats\\} it.} Vera" in saved(w)
    assert w.shown(2).story.endswith('<div class="dnb-comment">before move 3: Vera must cover both sevens.</div>')
    w.comment.value = ""  # empty: the comment is removed
    w.set_comment.click()
    w.comment_place.value = "after"
    assert w.comment.value == "Spades: a higher spade {beats} it."
    assert "{Vera must" not in saved(w)


def test_a_refused_edit_shows_words_and_changes_nothing(w: ReplayerWidget) -> None:
    before = saved(w)
    w.comment.value = "bad \ud800"
    w.set_comment.click()
    assert w.note.value == (
        "<b>main line</b> · annotating move 2 of the main line: Boris transfers 7♦ !<br>"
        "refused: the comment holds U+D800, a lone surrogate, which is not valid Unicode text"
    )
    w.promote.click()  # disabled on the main line; from Python: refused
    assert w.note.value.endswith("refused: the main line is the game as played: step into a side line to promote it")
    assert saved(w) == before


# ----------------------------------------------------------------------------- variations


def test_add_a_variation_here_then_go_on_in_it_r6_r12(w: ReplayerWidget) -> None:
    """At frame 3 (Vera must cover 7♦ next) play Vera QD/7D instead of 8D/7D, then Boris
    passes in the new line: the file holds it as line 4.1."""
    w.show(3)
    # each action says the move it applies to (issue 22): the comment and the glyph go on
    # move 3 (the header's), a variation from here replaces move 4
    assert (w.set_comment.description, w.glyph.description) == ("✓ set comment on move 3", "glyph on move 3")
    assert w.add.description == "+ a variation instead of move 4"
    assert w.add.tooltip == (
        "play the chosen legal move instead of move 4 of the main line (Vera covers 7♦ with 8♦), "
        "then go on in that line"
    )
    assert [label for label, _j in w.moves.options] == [
        "Vera covers 7♦ with 8♦ (in a line: step along it)",
        "Vera covers 7♦ with Q♦",
        "Vera takes",
        "Boris passes",
    ]
    pick(w, "Vera covers 7♦ with Q♦")
    w.add.click()
    assert (w.line, w.index) == ("4.1", 1)
    assert labels(w) == ["main line: Vera covers 7♦ with 8♦ … (16 moves)", "4.1: Vera covers 7♦ with Q♦"]
    assert w.note.value == (
        "<b>line 4.1</b> · annotating move 1 of line 4.1: Vera covers 7♦ with Q♦<br>"
        "done: a line at move 4 of the main line: Vera covers 7♦ with Q♦"
    )
    assert w.add.description == "+ continue after move 1"
    assert [label for label, _j in w.moves.options] == ["Boris passes"]
    pick(w, "Boris passes")
    w.add.click()
    assert (w.line, w.index, len(w.replay)) == ("4.1", 2, 2)
    # the line replaces move 3, the move before the parenthesis
    assert "    12... Vera 9S/7S Vera 8D/7D\n    (12... Vera QD/7D Boris pass)\n    12... Boris pass {" in saved(w)
    # the move already in a line: the widget steps along it, nothing is recorded
    w.exit_line.click()
    w.show(3)
    pick(w, "Vera covers 7♦ with 8♦ (in a line: step along it)")
    w.add.click()
    assert (w.line, w.index) == ("main line", 4)
    assert w.annotator is not None and len(w.annotator.history()) == 2


def test_promote_demote_delete_undo_redo_and_save(w: ReplayerWidget, tmp_path: Path) -> None:
    original = saved(w)
    w.show(3)
    pick(w, "Vera takes")
    w.add.click()
    assert (w.line, w.promote.disabled, w.demote.disabled, w.delete.disabled) == ("4.1", False, True, False)
    w.promote.click()  # line 4.1 becomes the main line's continuation
    assert (w.line, w.index) == ("main line", 4)
    assert w.note.value.endswith("<br>done: Line 4.1 made the main continuation")
    assert labels(w) == ["main line: Vera takes", "4.1: Vera covers 7♦ with 8♦ … (16 moves)"]
    assert "12... Vera 9S/7S Vera take\n    (12... Vera 8D/7D Boris pass" in saved(w)
    w.lines.index = 1
    assert (w.line, w.demote.disabled) == ("4.1", True)
    w.promote.click()
    w.undo.click()
    assert (w.line, w.index) == ("4.1", 1)
    assert w.note.value.endswith("<br>undone: Line 4.1 made the main continuation")
    w.undo.click()
    w.undo.click()
    assert saved(w) == original and w.undo.disabled
    w.redo.click()
    assert (w.line, w.index) == ("4.1", 1)
    w.delete.click()
    assert (w.line, w.index) == ("main line", 3)
    assert saved(w) == original
    w.path.value = str(tmp_path / "lesson.durak")
    w.save.click()
    assert w.note.value.endswith(f"<br>saved to {tmp_path / 'lesson.durak'}")
    assert (tmp_path / "lesson.durak").read_text(encoding="utf-8") == original
    w.path.value = str(tmp_path / "lesson.json")
    w.save.click()
    assert io.load(tmp_path / "lesson.json") == io.load(LESSON)


def test_edits_change_values_never_widgets(w: ReplayerWidget) -> None:
    before = {id(m) for m in models(w)}
    w.show(3)
    pick(w, "Vera takes")
    w.add.click()
    w.glyph.value = "?"
    w.comment.value = "Taking early."
    w.set_comment.click()
    w.promote.click()
    w.undo.click()
    w.lines.index = 0
    w.show(10)
    assert {id(m) for m in models(w)} == before


# ----------------------------------------------------------------------------- without the panel, odd input


def test_without_the_panel_and_names_escaped() -> None:
    plain = ReplayerWidget(Replay.load(LESSON), annotate=False)
    assert plain.annotator is None
    with pytest.raises(ValueError, match="annotate=False"):
        plain.current_node()
    evil = evil_widget(annotate=True)
    assert EVIL not in evil.note.value and EVIL_ESC in evil.note.value
    assert evil.note.value == f"<b>main line</b> · annotating move 1 of the main line: {EVIL_ESC} attacks 6♠"
    assert labels(evil) == [f"main line: {EVIL} attacks 6♠ … (14 moves)"]  # a label is plain text


def test_the_default_file_and_a_side_line_given(tmp_path: Path) -> None:
    r = Replay.load(LESSON)
    assert (
        ReplayerWidget(annotate=True, replay=r).path.value == "annotated.durak"
    )  # recordings/ is the kit's: never saved over
    copy = tmp_path / "lesson.durak"
    copy.write_text(LESSON.read_text(encoding="utf-8"), encoding="utf-8")
    assert ReplayerWidget(annotate=True, replay=Replay.load(copy)).path.value == str(copy)
    side = ReplayerWidget(annotate=True, replay=r.enter(1, 1), start=4)
    assert (side.line, side.index, side.current_node().move) == ("2.1", 4, Move.pass_(0))
    own = ReplayerWidget(annotate=True, replay=r.enter(1, 0), start=1)  # the main line's own continuation from move 1
    assert (own.line, own.index) == ("main line", 2)


def test_a_game_of_a_match_saves_every_game(tmp_path: Path) -> None:
    """The replayer of game 2 of a match saves the whole file: the other games stay."""
    copy = tmp_path / "match.durak"
    copy.write_text((RECORDINGS / "match-4p-podkidnoy.durak").read_text(encoding="utf-8"), encoding="utf-8")
    games = io.load_games(copy)
    m = ReplayerWidget(annotate=True, replay=Replay.load(copy, game=1), start=4)
    assert m.path.value == str(copy)
    m.glyph.value = "!"
    m.save.click()
    back = io.load_games(copy)
    assert (len(back), back[0], back[2:]) == (len(games), games[0], games[2:])
    assert back[1].meta["glyphs"] == {"3": "!"}
    # a game that is not its file's (changed since it was read): saved elsewhere by default
    rec = io.load(LESSON)
    rec.moves = rec.moves[:5]
    rec.meta = {k: v for k, v in rec.meta.items() if k not in ("variations", "comments", "glyphs")}
    assert ReplayerWidget(annotate=True, replay=Replay(rec)).path.value == "annotated.durak"


def test_a_replay_made_without_its_side_lines_still_steps_into_them() -> None:
    w = ReplayerWidget(annotate=True, replay=Replay(io.load(LESSON), variations=False), start=2)
    assert labels(w) == ["main line: Boris transfers 7♦ … (18 moves)", "2.1: Boris covers 7♠ with 8♠ … (8 moves)"]
    w.lines.index = 1
    assert (w.line, w.index, w.note.value) == (
        "2.1",
        1,
        "<b>line 2.1</b> · annotating move 1 of line 2.1: Boris covers 7♠ with 8♠ ?!",
    )


def test_a_lessons_recording_is_never_the_default_file() -> None:
    from durak_nb import lessons

    assert ReplayerWidget(annotate=True, replay=lessons.replay("podkidnoy-2p.json")).path.value == "annotated.durak"


def test_a_players_view_lists_only_that_players_moves_r10_r12() -> None:
    """From Vera's view the move list holds Vera's moves only: Anna's and Boris's legal
    moves would show cards Vera cannot see."""
    w = ReplayerWidget(annotate=True, replay=Replay.load(LESSON), start=3, perspective="Vera")
    assert [label for label, _j in w.moves.options] == [
        "Vera covers 7♦ with 8♦ (in a line: step along it)",
        "Vera covers 7♦ with Q♦",
        "Vera takes",
    ]
    w.perspective.index = 2  # Boris's view
    assert [label for label, _j in w.moves.options] == ["Boris passes"]
    w.perspective.index = 0
    assert len(w.moves.options) == 4


def test_a_line_never_grows_past_the_replayers_bound() -> None:
    """At the end of the 19-move main line, a replayer bound to 19 moves refuses to
    continue it (the game is not over: Boris could lead), and nothing changes."""
    w = ReplayerWidget(annotate=True, replay=Replay.load(LESSON), start=19, max_moves=19)
    before = saved(w)
    assert (w.add.description, w.moves.options[0][0]) == ("+ continue after move 19", "Boris attacks 6♠")
    w.add.click()
    assert w.note.value.endswith("<br>refused: the replayer shows at most 19 moves (max_moves); this game has 20")
    assert (saved(w), w.annotator is not None and w.annotator.history()) == (before, [])


def test_the_last_edits_words_stay_until_the_frame_changes(w: ReplayerWidget) -> None:
    w.glyph.value = "?"
    assert w.note.value.endswith("<br>done: glyph ? on move 2 of the main line (Boris transfers 7♦)")
    w.forward.click()
    assert "<br>" not in w.note.value
    w.undo.click()
    assert w.note.value.endswith("<br>undone: glyph ? on move 2 of the main line (Boris transfers 7♦)")
    assert (w.line, w.index, w.glyph.value) == ("main line", 2, "!")
    w.lines.index = 1
    assert "<br>" not in w.note.value
