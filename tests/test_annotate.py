"""durak_nb.annotate: comments, glyphs, variations, promote/demote/delete, undo and
redo, every edit round-tripping byte-identical through the canonical writer.

The small game: podkidnoy, seed 1 (R3: 7H turned up, hearts trump); Anna 6D 8C TC JC AH
AD, Boris 8D TH TD JD QC KD; Boris holds the lowest trump TH and attacks first (R4).
Main line: Boris leads 8D, Anna covers with AD, Boris passes (bito, R15), Anna leads
8H 8C, Boris covers 8H with TH.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_nb import annotate
from durak_nb.annotate import AnnotateError, Annotator, line_nodes, line_path, node_depth, where
from durak_nb.engine import Game, Move
from durak_nb.record import Deal, Recording, RecordingError, io, json_form, notation
from durak_nb.record.tree import GLYPHS, GameNode
from durak_nb.replay import Replay

MAIN = [
    Move.attack(1, "8D"),
    Move.defend(0, "AD", "8D"),
    Move.pass_(1),
    Move.attack(0, "8H 8C"),
    Move.defend(1, "TH", "8H"),
]

HEAD = (
    "[Players Anna Boris]\n[Rules podkidnoy]\n[Dealer Boris]\n"
    "[Deck AD JD 6D KD TC QC JC TH AH 8D 8C TD 7H 6H 8H AS AC KH JH 9H QD 6S KS 6C 7D QH 9S JS 9C 9D QS KC 7C TS 7S 8S]"
    "\n\n"
)

LESSON = RECORDINGS / "annotated-transfer-or-cover.durak"


def seed1(moves: list[Move] | None = None) -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    return Recording(g.rules, g.players, deal=Deal(1, g.deck_order), moves=list(MAIN if moves is None else moves))


def text(a: Annotator) -> str:
    return notation.write(a.recording())


def round_trips(a: Annotator) -> str:
    """The canonical text, checked: read back it is the same recording and writes the
    same bytes; the JSON form reads back as the same recording too."""
    out = text(a)
    back = notation.read(out)
    assert notation.write(back) == out
    assert back == a.recording()
    js = a.text("json")
    assert Recording.from_json_text(js) == back
    assert notation.write(Recording.from_json_text(js)) == out
    Replay(back)  # every side line replays (the replayer's reader)
    return out


# ----------------------------------------------------------------------------- exact files


def test_a_sequence_of_edits_gives_this_exact_file_r6_r14_r15() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    assert round_trips(a) == HEAD + "1. Boris 8D Anna AD/8D Boris pass\n2. Anna 8H 8C Boris TH/8H\n"
    a.set_comment(m[0], "Boris leads his lowest card.", before=True)
    a.set_glyph(m[1], "?!")
    a.set_comment(m[1], "An ace for an eight.")
    take = a.add_variation(m[1], [Move.take(0)])
    assert (line_path(take), take.ply, where(take)) == (((1, 1),), 0, "move 1 of line 2.1")
    bito = a.play(take, Move.pass_(1))  # Boris passes: Anna takes the 8D (R14)
    a.set_glyph(take, "!")
    a.set_comment(bito, "Anna keeps both aces} and \\ draws nothing.")
    a.set_glyph(m[4], "!!")
    a.set_glyph(m[4], "?")  # one glyph per move: another replaces it
    assert round_trips(a) == HEAD + (
        "{Boris leads his lowest card.}\n"
        "1. Boris 8D Anna AD/8D?! {An ace for an eight.}\n"
        "    (1... Anna take! Boris pass {Anna keeps both aces\\} and \\\\ draws nothing.})\n"
        "    1... Boris pass\n"
        "2. Anna 8H 8C Boris TH/8H?\n"
    )
    assert a.history() == [
        "the comment before move 1 of the main line (Boris attacks 8♦)",
        "glyph ?! on move 2 of the main line (Anna covers 8♦ with A♦)",
        "the comment after move 2 of the main line (Anna covers 8♦ with A♦)",
        "a line at move 2 of the main line: Anna takes",
        "a line at the end of line 2.1: Boris passes",
        "glyph ! on move 1 of line 2.1 (Anna takes)",
        "the comment after move 2 of line 2.1 (Boris passes)",
        "glyph !! on move 5 of the main line (Boris covers 8♥ with 10♥)",
        "glyph ? on move 5 of the main line (Boris covers 8♥ with 10♥)",
    ]
    # a second alternative, then the order of the lines at move 1
    ah = a.add_variation(m[1], [Move.defend(0, "AH", "8D")])
    assert line_path(ah) == ((1, 2),)
    a.promote(ah)
    assert line_path(ah) == ((1, 1),) and line_path(take) == ((1, 2),)
    assert round_trips(a) == HEAD + (
        "{Boris leads his lowest card.}\n"
        "1. Boris 8D Anna AD/8D?! {An ace for an eight.}\n"
        "    (1... Anna AH/8D)\n"
        "    (1... Anna take! Boris pass {Anna keeps both aces\\} and \\\\ draws nothing.})\n"
        "    1... Boris pass\n"
        "2. Anna 8H 8C Boris TH/8H?\n"
    )
    a.set_glyph(m[4], None)
    a.set_comment(m[1], None)
    a.demote(ah)
    assert a.remove(take) is m[0]
    a.set_comment(m[0], None, before=True)
    assert round_trips(a) == HEAD + (
        "1. Boris 8D Anna AD/8D?!\n    (1... Anna AH/8D)\n    1... Boris pass\n2. Anna 8H 8C Boris TH/8H\n"
    )


def test_a_nested_line_and_promote_to_main_r11_r14() -> None:
    """Line 2.2 (Anna covers with AH instead), a line nested in it (Anna's next lead
    varied: line 2.2 > 3.1), then that nested line made the continuation of line 2.2,
    then line 2.2 the main line's continuation: the old main line becomes line 2.1."""
    a = Annotator(seed1())
    m = a.tree.mainline()
    take = a.add_variation(m[1], [Move.take(0), Move.pass_(1)]).parent
    assert take is not None
    # after the take Boris may only pass: he holds no other 8 to give (R11, R14)
    assert [mv.describe(a.players) for mv in a.legal_moves(take)] == ["Boris passes"]
    ah = a.add_variation(m[1], [Move.defend(0, "AH", "8D"), Move.pass_(1)])
    assert (line_path(ah), node_depth(ah), ah.ply) == (((1, 2),), 1, 1)
    lead = a.play(ah, Move.attack(0, "6D"))
    alt = a.add_variation(lead, [Move.attack(0, "8C")])
    assert (line_path(alt), node_depth(alt), where(alt)) == (((1, 2), (2, 1)), 2, "move 1 of line 2.2 > 3.1")
    assert round_trips(a) == HEAD + (
        "1. Boris 8D Anna AD/8D\n"
        "    (1... Anna take Boris pass)\n"
        "    (1... Anna AH/8D Boris pass 2. Anna 6D (2. Anna 8C))\n"
        "    1... Boris pass\n"
        "2. Anna 8H 8C Boris TH/8H\n"
    )
    a.promote_to_main(alt)
    assert (line_path(alt), line_path(lead)) == (((1, 2),), ((1, 2), (2, 1)))
    a.promote_to_main(alt)
    assert (line_path(alt), node_depth(alt)) == ((), 0)
    assert line_path(m[4]) == ((1, 1),)
    assert round_trips(a) == HEAD + (
        "1. Boris 8D Anna AH/8D\n"
        "    (1... Anna AD/8D Boris pass 2. Anna 8H 8C Boris TH/8H)\n"
        "    (1... Anna take Boris pass)\n"
        "    1... Boris pass\n"
        "2. Anna 8C\n"
        "    (2. Anna 6D)\n"
    )
    assert [n.move for n in line_nodes(a.tree, ())] == [
        Move.attack(1, "8D"),
        Move.defend(0, "AH", "8D"),
        Move.pass_(1),
        Move.attack(0, "8C"),
    ]
    with pytest.raises(KeyError):
        line_nodes(a.tree, ((1, 3),))


def test_playing_a_move_already_there_follows_it_and_records_nothing() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    assert a.play(m[0], Move.defend(0, "AD", "8D")) is m[1]
    assert a.add_line(a.tree.root, MAIN[:3]) is m[2]
    assert a.history() == []
    end = a.add_line(a.tree.root, [*MAIN, Move.take(1)])  # extends the main line (R14)
    assert end.parent is m[4] and a.tree.mainline()[-1] is end
    assert a.history() == ["a line at the end of the main line: Boris takes"]


# ----------------------------------------------------------------------------- undo and redo


def edits(a: Annotator) -> list[Any]:
    """Edits on the seed-1 game, each a function of nothing; ``at(i)`` is line ``i`` at
    move 4 (``at(0)`` its continuation) when the edit is made."""
    m = a.tree.mainline()

    def at(i: int) -> GameNode:
        return m[2].variations[i]

    return [
        lambda: a.set_comment(m[0], "Game comment {with braces}", before=True),
        lambda: a.set_comment(m[2], "line 1\n  line 2  "),
        lambda: a.set_glyph(m[3], "!?"),
        lambda: a.set_glyph(m[3], "??"),
        lambda: a.add_variation(m[3], [Move.attack(0, "6D"), Move.take(1)]),
        lambda: a.add_variation(m[3], [Move.attack(0, "TC")]),
        lambda: a.promote_to_main(at(2)),  # TC: the main line now ends after it
        lambda: a.demote(at(1)),  # the played 8H 8C below 6D
        lambda: a.promote_to_main(at(2)),  # 8H 8C the main line's again
        lambda: a.remove(at(1)),
        lambda: a.set_glyph(m[3], None),
        lambda: a.set_comment(m[2], None),
        lambda: a.set_comment(at(1), "", before=True),
    ]


def test_undo_restores_the_exact_previous_bytes_and_redo_the_next() -> None:
    a = Annotator(seed1())
    texts = [round_trips(a)]
    for edit in edits(a):
        edit()
        texts.append(round_trips(a))
        a.undo()
        assert text(a) == texts[-2]
        a.redo()
        assert text(a) == texts[-1]
    assert all(x != y for x, y in itertools.pairwise(texts))  # every edit changed the file
    for want in reversed(texts[:-1]):
        a.undo()
        assert round_trips(a) == want
    with pytest.raises(AnnotateError, match="nothing to undo"):
        a.undo()
    for want in texts[1:]:
        a.redo()
        assert text(a) == want
    with pytest.raises(AnnotateError, match="nothing to redo"):
        a.redo()
    a.undo()
    a.set_glyph(a.tree.mainline()[0], "!")  # a new edit forgets what was undone
    assert not a.can_redo


def test_undo_keeps_at_most_max_undo_edits() -> None:
    a = Annotator(seed1(), max_undo=3)
    m = a.tree.mainline()
    for g in GLYPHS:
        a.set_glyph(m[0], g)
    assert len(a.history()) == 3
    for _ in range(3):
        a.undo()
    assert m[0].glyph == "!!" and not a.can_undo


def test_an_edit_that_changes_nothing_is_not_recorded() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    a.set_glyph(m[0], None)
    a.set_comment(m[0], None)
    assert a.history() == []


# ----------------------------------------------------------------------------- refusals


def test_only_legal_moves_with_the_rule_and_the_legal_moves_r6_r9_r10() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    before = text(a)
    with pytest.raises(AnnotateError) as err:
        a.add_variation(m[1], [Move.defend(0, "6D", "8D")])  # a lower diamond does not beat (R6)
    assert err.value.rule == "R6"
    assert err.value.message.startswith("after move 1 of the main line: Anna covers 8♦ with 6♦ is not legal here: ")
    assert err.value.legal == ("Anna AH/8D", "Anna AD/8D", "Anna take", "Boris pass")
    with pytest.raises(AnnotateError) as err:  # the second move of the line is illegal: nothing is added
        a.add_variation(m[1], [Move.take(0), Move.attack(1, "QC")])
    assert err.value.rule == "R9"  # a lead only on an empty table
    assert "after move 1 of the main line, then 1 more: Boris attacks Q♣ is not legal here" in err.value.message
    assert err.value.legal == ("Boris pass",)
    with pytest.raises(AnnotateError, match="move 2 of the main line is already Anna covers 8♦ with A♦"):
        a.add_variation(m[1], [Move.defend(0, "AD", "8D")])
    assert text(a) == before and a.history() == []


def test_edits_that_do_not_apply_are_refused_with_words() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    side = a.add_variation(m[1], [Move.take(0)])
    cases = [
        (lambda: a.promote(m[2]), "the main line is the game as played: step into a side line to promote it"),
        (lambda: a.demote(m[2]), "the main line is the game as played: step into a side line to demote it"),
        (lambda: a.remove(m[0]), "the main line is the game as played: step into a side line to delete it"),
        (lambda: a.demote(side), "Line 2.1 is already last at its branch"),
        (lambda: a.set_glyph(m[0], "!!!"), "glyph '!!!': use one of ! ? !! ?? !? ?!, or None to clear it"),
        (lambda: a.set_glyph(a.tree.root, "!"), "the start has no move: a glyph belongs to a move"),
        (lambda: a.set_comment(a.tree.root, "x", before=True), "the start has no move: the game's comment is the"),
        (lambda: a.set_comment(m[0], 7), "a comment is text (str) or None to clear it, not int"),  # type: ignore[arg-type]
        (lambda: a.set_comment(m[0], "a\ud800"), "the comment holds U+D800, a lone surrogate"),
        (lambda: a.add_line(m[0], []), "a line needs at least one move"),
        (lambda: a.set_glyph(GameNode(MAIN[0]), "!"), "the node is not in this annotator's tree"),
    ]
    before = text(a)
    for edit, words in cases:
        with pytest.raises(AnnotateError) as err:
            edit()
        assert err.value.rule is None
        assert err.value.message.startswith(words)
    assert text(a) == before


def test_the_game_comment_of_a_game_without_moves() -> None:
    a = Annotator(seed1([]))
    a.set_comment(a.tree.root, "No moves yet.", before=True)
    assert round_trips(a) == HEAD + "{No moves yet.}\n"
    a.undo()
    assert round_trips(a) == HEAD[:-1]


def test_bounds_max_depth_and_max_moves_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit that would nest lines deeper than MAX_DEPTH, or hold more moves than
    MAX_MOVES counting every variation, is refused and changes nothing (the bounds
    lowered here so that a small game reaches them)."""
    a = Annotator(seed1())
    m = a.tree.mainline()
    monkeypatch.setattr(annotate, "MAX_DEPTH", 1)
    take = a.add_variation(m[1], [Move.take(0), Move.pass_(1)]).parent  # depth 1: allowed
    assert take is not None
    lead = a.add_variation(m[1], [Move.defend(0, "AH", "8D"), Move.pass_(1), Move.attack(0, "6D")])
    before = text(a)
    with pytest.raises(AnnotateError, match=r"variations would nest 2 deep; the limit is 1 \(MAX_DEPTH\)"):
        a.add_variation(lead, [Move.attack(0, "8C")])
    assert text(a) == before
    a.add_variation(m[3], [Move.attack(0, "TC")])  # line 4.1, depth 1
    before = text(a)
    with pytest.raises(AnnotateError, match="nest 2 deep"):
        a.promote(take)  # the old continuation would become line 2.1, holding line 4.1 one deeper
    assert text(a) == before
    monkeypatch.setattr(annotate, "MAX_MOVES", 12)
    assert a.moves_count == 5 + 2 + 3 + 1
    a.play(m[4], Move.take(1))
    with pytest.raises(AnnotateError, match=r"the game would hold 13 moves counting every variation; the limit is 12"):
        a.add_variation(m[4], [Move.take(1)])
    a.remove(take)
    assert a.moves_count == 10
    a.undo()
    assert a.moves_count == 12


# ----------------------------------------------------------------------------- the result


def test_the_written_result_follows_the_main_line_r24_r25() -> None:
    """A finished game with its written result: promoting an unfinished line into the
    main line drops the result (R25 would refuse it), promoting the played line back
    restores the recorded one, byte for byte."""
    rec = io.load(RECORDINGS / "podkidnoy-2p.durak")
    assert rec.result is not None
    a = Annotator(rec)
    m = a.tree.mainline()
    original = text(a)
    other = next(mv for mv in a.legal_moves(m[0]) if mv != m[1].move)
    side = a.add_variation(m[1], [other])
    a.promote(side)
    assert a.result is None and a.recording().result is None
    assert "[Result" not in round_trips(a)
    a.promote(m[1])
    assert a.result == rec.result
    a.remove(side)
    assert round_trips(a) == original


# ----------------------------------------------------------------------------- files


def test_save_both_forms_atomically_and_every_reader_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = Annotator.load(LESSON)
    m = a.tree.mainline()
    a.set_glyph(m[0], "!?")
    a.set_comment(m[0], "Anna leads the lowest spade.")
    side = a.add_variation(m[1], [Move.defend(1, "AH", "7S")])  # a trump covers anything (R6)
    d = a.save(tmp_path / "lesson.durak")
    j = a.save(tmp_path / "lesson.json")
    assert d.read_text(encoding="utf-8") == a.text("durak")
    assert j.read_text(encoding="utf-8") == a.text("json")
    assert "Anna 7S!? {Anna leads the lowest spade.}" in d.read_text(encoding="utf-8")
    for path in (d, j):
        assert [r.ok for r in io.validate_path(path)] == [True]
        assert io.load(path) == a.recording()
        r = Replay.load(path)
        assert (r.glyph(0), r.comment(0)) == ("!?", "Anna leads the lowest spade.")
        assert [v.name for v in r.variations(1)] == ["main line", "2.1", "2.2"]
        assert r.enter(1, 2).move(0) == Move.defend(1, "AH", "7S")
    assert json.loads(j.read_text(encoding="utf-8"))["meta"]["glyphs"]["0"] == "!?"
    assert line_path(side) == ((1, 2),)
    # a failing save leaves the file as it was, and names it
    before = d.read_text(encoding="utf-8")
    a.set_glyph(m[0], "?")
    with pytest.raises(RecordingError, match=r"x\.txt: error: save as \.durak"):
        a.save(tmp_path / "x.txt")
    (tmp_path / "dir.durak").mkdir()
    with pytest.raises(RecordingError) as err:
        a.save(tmp_path / "dir.durak")
    assert err.value.file == str(tmp_path / "dir.durak")

    def fail(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(json_form.os, "replace", fail)  # the rename of the written temporary file fails
    with pytest.raises(RecordingError, match=r"lesson\.durak: error: cannot write the file: No space left"):
        a.save(d)
    monkeypatch.undo()
    assert d.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.durak", "lesson.durak", "lesson.json"]
    b = Annotator.load(d)
    b.set_glyph(b.tree.mainline()[0], None)
    assert b.save() == d  # by default, the file it was loaded from
    assert io.load(d).meta["glyphs"] == io.load(LESSON).meta["glyphs"]


def test_saving_a_match_keeps_the_other_games(tmp_path: Path) -> None:
    src = RECORDINGS / "match-4p-podkidnoy.durak"
    copy = tmp_path / "match.durak"
    copy.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    games = io.load_games(copy)
    a = Annotator.load(copy, 1)
    a.set_comment(a.tree.mainline()[3], "Game 2, move 3.")
    a.save()
    back = io.load_games(copy)
    assert len(back) == len(games)
    assert [g for k, g in enumerate(back) if k != 1] == [g for k, g in enumerate(games) if k != 1]
    assert back[1].meta["comments"]["3"] == "Game 2, move 3."
    with pytest.raises(IndexError):
        Annotator.load(copy, len(games))


def test_an_illegal_recording_is_refused_at_its_move() -> None:
    rec = seed1([Move.attack(1, "8D"), Move.defend(0, "6D", "8D")])
    with pytest.raises(RecordingError) as err:
        Annotator(rec)
    assert (err.value.move, err.value.rule) == (1, "R6")
    with pytest.raises(TypeError, match="must be a Recording, not str"):
        Annotator("x.durak")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- random edit sequences


def random_edit(a: Annotator, rnd: random.Random) -> None:
    """One random edit (it may be refused: then nothing changes)."""
    nodes = [a.tree.root, *a.tree.walk()]
    node = rnd.choice(nodes)
    op = rnd.randrange(9)
    if op == 0:
        a.set_comment(node, rnd.choice([None, "", "x", "{a}\\b}", "two\nlines ", "Ход ♠"]), before=rnd.random() < 0.5)
    elif op == 1:
        a.set_glyph(node, rnd.choice([None, *GLYPHS]))
    elif op in (2, 3):
        legal = a.legal_moves(node)
        if legal:
            a.play(node, rnd.choice(legal))
    elif op == 4 and node.parent is not None:
        legal = [mv for mv in a.legal_moves(node.parent) if mv != node.move]
        if legal:
            a.add_variation(node, [rnd.choice(legal)])
    elif op == 5:
        rnd.choice([a.promote, a.demote, a.promote_to_main])(node)
    elif op == 6:
        a.remove(node)
    elif op == 7 and a.can_undo:
        a.undo()
    elif op == 8 and a.can_redo:
        a.redo()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 25))
def test_random_edit_sequences_round_trip_and_undo_to_the_start(seed: int, count: int) -> None:
    """Random edits on the lesson game: after each, the file reads back and writes the
    same bytes; a refused edit changes nothing; undoing everything gives the file
    back byte for byte, redoing everything the last one."""
    rnd = random.Random(seed)
    a = Annotator.load(LESSON)
    start = text(a)
    assert start == LESSON.read_text(encoding="utf-8")
    for _ in range(count):
        before = text(a)
        try:
            random_edit(a, rnd)
        except AnnotateError:
            assert text(a) == before
        round_trips(a)
        assert a.moves_count == sum(1 for _ in a.tree.walk())
    last = text(a)
    n = len(a.history())
    for _ in range(n):
        a.undo()
    assert text(a) == start
    for _ in range(n):
        a.redo()
    assert text(a) == last


# ----------------------------------------------------------------------------- the tree's python-chess names


def test_tree_variation_has_variation_remove_variation_reattach() -> None:
    a = Annotator(seed1())
    m = a.tree.mainline()
    take = a.add_variation(m[1], [Move.take(0)])
    first = m[0]
    assert first.variation(Move.take(0)) is take and first.variation(m[1]) is m[1]
    assert first.has_variation(Move.take(0)) and not first.has_variation(Move.pass_(1))
    with pytest.raises(KeyError):
        first.variation(Move.pass_(1))
    assert first.remove_variation(Move.take(0)) is take
    assert (take.parent, first.variations) == (None, [m[1]])
    take.reattach(first, 0)
    assert first.variations == [take, m[1]] and take.parent is first
    with pytest.raises(ValueError, match="attached"):
        take.reattach(first, 0)
    take.remove()
    with pytest.raises(ValueError, match=r"index 3 is not in 0\.\.1"):
        take.reattach(first, 3)


def test_the_real_max_depth_100_nested_lines_then_refused() -> None:
    """Along the 134 moves of recordings/podkidnoy-2p.durak, every move where another is
    legal is played as a variation of that other one, each nested in the one before:
    100 levels are written and read back (the reader's bound, MAX_DEPTH), the 101st is
    refused with the bound's words and changes nothing."""
    rec = io.load(RECORDINGS / "podkidnoy-2p.durak")
    played = list(rec.moves)
    rec.moves, rec.result, rec.meta = [], None, {}
    a = Annotator(rec)
    node = a.tree.root
    for k, move in enumerate(played):
        others = [m for m in a.legal_moves(node) if m != move]
        if others:
            a.play(node, others[0])  # the continuation here, so that `move` opens a deeper line
        before = text(a) if node_depth(node) == 100 else None
        try:
            node = a.play(node, move)
        except AnnotateError as err:
            assert (k, err.rule, err.message) == (
                124,
                None,
                "variations would nest 101 deep; the limit is 100 (MAX_DEPTH)",
            )
            assert text(a) == before
            break
    else:
        pytest.fail("the 101st level was never reached")
    assert node_depth(node) == 100
    out = text(a)
    assert notation.write(notation.read(out)) == out
    line = Replay(notation.read(out))
    for step in line_path(node):  # the replay steps into every level
        line = line.enter(*step)
    assert (len(line.path), line.move(node.ply)) == (100, node.move)
