"""Defects found by trying to break annotating (issue 10, sections 3 and 4) as a player
who annotates their games would: each test is the exact reproducer, with exact values.

- A1: in a match, a promotion that changes the durak of a game made ``Annotator.save``
  write a ``.durak`` file that its own reader refuses (R4: the durak of the game before
  deals), and overwrite the good file with it; the JSON form was refused.
- A2: the comment of a game without moves (the game's comment, at the start) stayed on
  the start once the first move was played: the widget's "before the move" field did not
  show it, and a comment set there silently dropped it from the file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import RECORDINGS

from durak_nb.annotate import Annotator
from durak_nb.engine import Game, Move
from durak_nb.record import Deal, Recording, RecordingError, io, json_form, notation
from durak_nb.replay import Replay
from durak_nb.views import ReplayerWidget

MATCH = RECORDINGS / "match-4p-podkidnoy.durak"

#: a line replacing move 206 of game 1 of the match after which Vera, not Boris, is the durak
VERA_LOSES = [
    Move.defend(1, "TH", "KD"),
    Move.pass_(2),
    Move.attack(1, "TD"),
    Move.take(2),
    Move.pass_(1),
    Move.attack(1, "8D 8C"),
    Move.defend(2, "QD", "8D"),
    Move.take(2),
    Move.pass_(1),
    Move.attack(1, "7S 7D"),
    Move.defend(2, "QD", "7D"),
    Move.take(2),
    Move.throw(1, "QS"),
    Move.pass_(1),
    Move.attack(1, "9D"),
    Move.take(2),
]


def match_copy(tmp_path: Path) -> Path:
    path = tmp_path / "match.durak"
    shutil.copy(MATCH, path)
    return path


# ----------------------------------------------------------------------------- A1


@pytest.mark.parametrize("suffix", [".durak", ".json"])
def test_a1_a_match_whose_durak_changed_is_refused_r4_and_the_file_kept(tmp_path: Path, suffix: str) -> None:
    path = match_copy(tmp_path)
    if suffix == ".json":
        io.dump(io.load_games(path), path.with_suffix(".json"))
        path = path.with_suffix(".json")
    before = path.read_bytes()
    a = Annotator.load(path, game=0)
    assert a.result == {"durak": "Boris"}
    node = a.tree.mainline()[206]
    line = a.add_variation(node, VERA_LOSES)
    a.promote(line)
    assert a.result == {"durak": "Vera"}
    with pytest.raises(RecordingError) as err:
        a.save()
    assert err.value.rule == "R4"
    assert "game 2 of the match: the durak of game 1, Vera, deals" in err.value.message
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name] + (["match.durak"] if suffix == ".json" else [])
    with pytest.raises(RecordingError):
        a.text("durak")
    a.undo()  # the old main line back: the match saves again, byte for byte
    assert a.result == {"durak": "Boris"}
    assert a.save() == path
    reread = io.load_games(path)
    assert len(reread) == 3
    assert reread[0].meta["variations"]["206"][0]["moves"][0] == {
        "player": "Boris",
        "action": "defend",
        "card": "TH",
        "target": "KD",
    }


# ----------------------------------------------------------------------------- A2


def empty_game() -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    return Recording(g.rules, g.players, deal=Deal(1, g.deck_order), moves=[])


def test_a2_the_game_comment_goes_with_the_first_move_played() -> None:
    a = Annotator(empty_game())
    a.set_comment(a.tree.root, "Anna and Boris, Sunday.", before=True)
    first = a.play(a.tree.root, Move.attack(1, "8D"))
    # the comment before move 0 is the game's comment (docs/notation.md): one place for it
    assert first.comment_before == "Anna and Boris, Sunday."
    assert a.tree.root.comment_before is None
    assert notation.write(a.recording()).endswith("\n\n{Anna and Boris, Sunday.}\n1. Boris 8D\n")
    a.set_comment(first, "Boris leads his lowest.", before=True)
    assert notation.write(a.recording()).endswith("\n\n{Boris leads his lowest.}\n1. Boris 8D\n")
    a.undo()
    assert first.comment_before == "Anna and Boris, Sunday."
    a.undo()  # the move taken back: the comment is the start's again, exactly as before
    assert a.tree.root.comment_before == "Anna and Boris, Sunday."
    assert first.comment_before is None
    assert notation.write(a.recording()).endswith("\n\n{Anna and Boris, Sunday.}\n")
    a.redo()
    assert (a.tree.root.comment_before, first.comment_before) == (None, "Anna and Boris, Sunday.")


def test_a2_the_widget_shows_the_game_comment_before_the_first_move(tmp_path: Path) -> None:
    from durak_nb.replay import Replay
    from durak_nb.views import ReplayerWidget

    w = ReplayerWidget(Replay(empty_game()), annotate=True, path=str(tmp_path / "g.durak"))
    w.comment_place.value = "before"
    w.comment.value = "Anna and Boris, Sunday."
    w.set_comment.click()
    w.add.click()  # Boris leads 8♦ (the first legal move)
    assert w.index == 1
    w.comment_place.value = "before"
    assert w.comment.value == "Anna and Boris, Sunday."
    w.save.click()
    assert (tmp_path / "g.durak").read_text(encoding="utf-8").endswith("\n\n{Anna and Boris, Sunday.}\n1. Boris 8D\n")


# ----------------------------------------------------------------------------- A3


def test_a3_a_malformed_annotation_member_is_refused_not_the_edits_silently_lost() -> None:
    from test_replay import podkidnoy_doc

    from durak_nb.annotate import AnnotateError

    doc = podkidnoy_doc()
    doc["meta"]["glyphs"] = {"0": "!!!"}  # not a glyph: the writer keeps it as free data
    rec = Recording.from_json(doc)
    assert notation.read(notation.write(rec)).meta["glyphs"] == {"0": "!!!"}  # it survives as it is
    # before: set_glyph(move 1, "!") was accepted and the saved file held no glyph on move 1
    with pytest.raises(AnnotateError) as err:
        Annotator(rec)
    assert err.value.message == (
        "meta.glyphs is not of the documented form (['0']: a glyph is one of ! ? !! ?? !? ?!): the file keeps"
        " it as it is, as free data, and an edit could not join it (it would be lost on saving); correct or"
        " remove it first (docs/notation.md, the JSON form)"
    )


def test_a3_the_widget_says_why_annotating_is_off() -> None:
    from test_replay import podkidnoy_doc

    from durak_nb.replay import Replay
    from durak_nb.views import ReplayerWidget

    doc = podkidnoy_doc()
    doc["meta"]["comments"] = {"99": "about a move the game does not have"}
    w = ReplayerWidget(Replay(Recording.from_json(doc)), annotate=True)
    assert w.annotator is None
    assert w.note.value.startswith("annotating is off: meta.comments is not of the documented form (")
    assert w.glyph.disabled and w.set_comment.disabled and w.save.disabled


# ----------------------------------------------------------------------------- A4


def test_a4_text_typed_in_the_comment_box_survives_the_place_toggle_and_a_glyph(tmp_path: Path) -> None:
    """Before: choosing "before the move" or a glyph after typing a comment emptied the
    box (the text was gone, nothing said so)."""
    from durak_nb.replay import Replay
    from durak_nb.views import ReplayerWidget

    lesson = tmp_path / "lesson.durak"
    shutil.copy(RECORDINGS / "annotated-transfer-or-cover.durak", lesson)
    w = ReplayerWidget(Replay.load(lesson), annotate=True)
    w.show(3)  # move 3: Vera covers 7♠ with 9♠, no comment yet
    assert w.comment.value == ""
    w.comment.value = "Vera could take here."
    w.comment_place.value = "before"
    assert w.comment.value == "Vera could take here."
    w.glyph.value = "?"
    assert w.note.value.endswith("done: glyph ? on move 3 of the main line (Vera covers 7♠ with 9♠)")
    assert w.comment.value == "Vera could take here."
    w.set_comment.click()
    assert w.annotator is not None
    node = w.annotator.tree.mainline()[2]
    assert (node.comment_before, node.comment_after, node.glyph) == ("Vera could take here.", None, "?")
    w.comment_place.value = "after"  # nothing typed: the box shows the comment of the place chosen
    assert w.comment.value == ""
    w.comment_place.value = "before"
    assert w.comment.value == "Vera could take here."
    w.undo.click()  # the comment taken back: the box follows
    assert w.comment.value == ""
    w.show(2)  # another move: its own comment
    assert w.comment.value == ""
    w.comment_place.value = "after"
    assert w.comment.value.startswith("Boris holds a seven, so he transfers")


# ----------------------------------------------------------------------------- A5


def test_a5_the_variation_tree_numbers_moves_as_the_replayer_the_page_and_the_text_do() -> None:
    from durak_nb.game_text import game_lines
    from durak_nb.replay import Replay
    from durak_nb.views.trees import variation_tree

    rec = io.load(RECORDINGS / "annotated-transfer-or-cover.durak")
    text = list(game_lines(rec))
    # the replay text, the replayer's panel and the exported page: move 2, side line 2.1
    assert text[3:6] == [
        "   2  Boris transfers 7♦ !",
        text[4],
        "      side line 2.1, instead of move 2:",
    ]
    assert Replay(rec).enter(1, 1).name == "2.1"
    labels = [info.label for info in variation_tree(rec, fold=False).nodes_info.values()]
    assert labels[2].splitlines()[0] == "2. Boris transfers 7♦ !"


# ----------------------------------------------------------------------------- A6


def test_a6_saving_over_a_journal_names_the_file_to_save_to(tmp_path: Path) -> None:
    """The kit's own path: play with a journal (PlayWidget(journal=…)), annotate it, save."""
    from durak_nb.record.recorder import Recorder

    journal = tmp_path / "mine.durak.jsonl"
    r = Recorder.create(journal, "podkidnoy", ["Anna", "Boris"], seed=1, fsync=False)
    for move in (Move.attack(1, "8D"), Move.defend(0, "AH", "8D"), Move.pass_(1)):
        r.play(move)
    r.close()
    a = Annotator.load(journal)
    a.set_glyph(a.tree.mainline()[1], "?")
    with pytest.raises(RecordingError) as err:
        a.save()
    assert str(err.value) == (  # the file named once (A7)
        f"{journal}: error: it is a recorder's journal (.durak.jsonl): save the annotated game as"
        f" {tmp_path / 'mine.durak'} or a .json file"
    )
    saved = a.save(tmp_path / "mine.durak").read_text(encoding="utf-8")
    assert saved.endswith("\n\n1. Boris 8D Anna AH/8D? Boris pass\n")


# ----------------------------------------------------------------------------- A7-A9

LESSON = RECORDINGS / "annotated-transfer-or-cover.durak"


def _panel(**kw: object) -> ReplayerWidget:
    return ReplayerWidget(Replay.load(LESSON), annotate=True, **kw)  # type: ignore[arg-type]


def _refusal(w: ReplayerWidget) -> str:
    return w.note.value.split("<br>", 1)[1]


def test_a7_a_save_error_names_the_file_once_without_a_line_and_column(tmp_path: Path) -> None:
    a = Annotator.load(LESSON)
    missing = tmp_path / "none" / "x.durak"
    with pytest.raises(RecordingError) as err:
        a.save(missing)
    assert str(err.value) == f"{missing}: error: cannot write the file: No such file or directory"
    assert err.value.whole
    with pytest.raises(RecordingError) as err:
        a.save(tmp_path / "x.txt")
    assert str(err.value) == f"{tmp_path / 'x.txt'}: error: save as .durak (the notation) or .json (the JSON form)"
    # every write of the kit goes through write_atomic: the same form
    with pytest.raises(RecordingError) as err:
        json_form.write_atomic(missing, "x")
    assert str(err.value) == f"{missing}: error: cannot write the file: No such file or directory"
    w = _panel(path=str(missing))
    w.save.click()
    assert _refusal(w) == f"refused: {missing}: cannot write the file: No such file or directory"
    w.path.value = str(tmp_path / "x.txt")
    w.save.click()
    assert _refusal(w) == f"refused: {tmp_path / 'x.txt'}: save as .durak (the notation) or .json (the JSON form)"


def test_a8_the_panel_expands_a_tilde_in_the_file_box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    w = _panel(path="~/mine.durak")
    w.save.click()
    assert _refusal(w) == f"saved to {tmp_path / 'mine.durak'}"
    assert (tmp_path / "mine.durak").read_text(encoding="utf-8") == LESSON.read_text(encoding="utf-8")
    assert not (tmp_path / "~").exists()


def test_a9_a_nul_in_a_save_path_is_the_kits_error(tmp_path: Path) -> None:
    bad = f"{tmp_path}/a\0b.durak"
    with pytest.raises(RecordingError) as err:
        Annotator.load(LESSON).save(bad)
    assert str(err.value) == f"{tmp_path}/a\\0b.durak: error: a file name cannot hold a NUL character"
    w = _panel(path=bad)
    w.save.click()
    assert _refusal(w) == f"refused: {tmp_path}/a\\0b.durak: a file name cannot hold a NUL character"
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------------------- A10


def test_a10_after_a_promotion_the_main_line_is_not_called_the_game_as_played() -> None:
    w = _panel(start=2, path="unused.durak")
    w.promote.click()  # disabled on the main line; from Python: refused
    assert _refusal(w) == "refused: the main line is the game as played: step into a side line to promote it"
    w.show(3)
    for j, label in enumerate(w.moves.options):
        if label[0] == "Vera takes":
            w.moves.index = j
    w.add.click()
    w.promote.click()  # line 4.1 becomes the main line's continuation
    assert (w.line, w.index) == ("main line", 4)
    w.promote.click()
    assert _refusal(w) == "refused: the main line was changed by a promotion: step into a side line to promote it"
    w.undo.click()  # the promotion
    w.undo.click()  # the added line
    w.show_line((), 2)
    w.promote.click()
    assert _refusal(w) == "refused: the main line is the game as played: step into a side line to promote it"


# ----------------------------------------------------------------------------- A11


def test_a11_the_page_of_a_game_without_moves_shows_the_game_comment() -> None:
    from durak_nb.views.export import page_data, page_html

    a = Annotator(empty_game())
    a.set_comment(a.tree.root, "Anna & Boris, <Sunday>.", before=True)
    data = page_data(Replay(a.recording()))
    assert data["parts"][data["fields"]["story"][0]] == (
        '<b>Start</b> (0 of 0 moves played)<div class="dnb-comment">the game\'s comment: Anna &amp; Boris,'
        " &lt;Sunday&gt;.</div>"
    )
    assert "the game's comment: Anna &amp; Boris, &lt;Sunday&gt;." in page_html(Replay(a.recording()))


# ----------------------------------------------------------------------------- A12


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({"1": "junk"}, "['1']: a non-empty list of lines"),
        ({"99": [{"moves": []}]}, "['99']: the line has 19 moves"),
        ([], "it: variations must be a non-empty object keyed by move index"),
    ],
)
def test_a12_validate_refuses_a_malformed_meta_variations_as_replay_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: object, problem: str
) -> None:
    import json

    from durak_nb.cli import main

    doc = json.loads(io.load(LESSON).dumps())
    doc["meta"]["variations"] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    said = f"{bad}:1:1: error: meta.variations: {problem}\n"
    assert main(["validate", str(bad)]) == 1
    assert capsys.readouterr().err == said
    main(["replay", str(bad)])
    assert capsys.readouterr().err == said
    [report] = io.validate_path(bad)
    assert (report.ok, str(report.error)) == (False, said[:-1])
