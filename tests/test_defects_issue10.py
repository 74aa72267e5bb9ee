"""Defects found in issue 10's work (over-the-board games), each test failing before its fix.

1. A side line before a refill someone saw: the main line's seen refills after the
   branching are talon facts the line inherits (``unseen.side_line_deal``), one rule for
   Replay, the annotator and the notation's reader and writer.
2. ``PartialGame.candidates()`` offered witness moves that a refill still to come refuses (R16).
3. ``variation_tree`` numbers moves from 0, as the replayer, the page and ``durak-nb replay`` do.
4. The notation writer refuses a match breaking R4 (the durak deals the next game).
5. ``durak-nb export`` reports the side lines beside the main line's moves.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS

from durak_nb.annotate import AnnotateError, Annotator
from durak_nb.bots import RandomBot, play_out
from durak_nb.cards import Card, parse_cards
from durak_nb.cli import main
from durak_nb.engine import Game, Move
from durak_nb.game_text import game_lines
from durak_nb.record import Deal, Recording, RecordingError, io, move_to_json, notation
from durak_nb.replay import Replay, VariationError
from durak_nb.unseen import PartialGame, SeenDraw, SeenPlace, UnseenDrew, side_line_deal
from durak_nb.views.trees import variation_tree

OVERBOARD = RECORDINGS / "overboard"
SCORER = OVERBOARD / "perevodnoy-3p-scorer-hand.json"
NAMES = ("Anna", "Boris", "Vera")


def scorer_doc() -> dict[str, Any]:
    """Anna's perevodnoy game: she saw every card she drew (9♣ after move 30, Q♥ after
    34, 7♥ after 38, A♠ after 47, A♣ after 51)."""
    doc: dict[str, Any] = json.loads(SCORER.read_text(encoding="utf-8"))
    return doc


def with_line(k: int, moves: list[Move]) -> Recording:
    doc = copy.deepcopy(scorer_doc())
    doc.setdefault("meta", {})["variations"] = {str(k): [{"moves": [move_to_json(m, list(NAMES)) for m in moves]}]}
    return Recording.from_json(doc)


#: Q♥, which Anna drew after move 34, laid by Boris in a line replacing move 26.
QH_EARLY = [Move.defend(1, "QH", "QS")]
#: Boris takes at once (move 26), and the bout after it ends at the line's move 32, not 30.
TAKE_AT_ONCE = [
    Move.take(1),
    Move.pass_(0),
    Move.pass_(2),
    Move.attack(2, "6H"),
    Move.defend(0, "JH", "6H"),
    Move.pass_(2),
    Move.pass_(1),
]
IN_TALON = "Q♥ is still in the talon (by what was recorded)"


# ----------------------------------------------------------------------------- 1


def test_1_the_main_lines_later_refills_are_talon_places_in_a_side_line() -> None:
    rec = Recording.from_json(scorer_doc())
    facts = side_line_deal(rec.rules, rec.players, rec.deal, rec.moves, 31)  # type: ignore[arg-type]
    assert facts.draws == (SeenDraw(30, 0, (Card.parse("9C"),)),)  # before the branching: as recorded
    assert facts.placed == (
        SeenPlace(0, (10,), (Card.parse("QH"),)),
        SeenPlace(0, (11,), (Card.parse("7H"),)),
        SeenPlace(0, (13,), (Card.parse("AS"),)),
        SeenPlace(0, (14,), (Card.parse("AC"),)),
    )
    assert side_line_deal(rec.rules, rec.players, rec.deal, rec.moves, 26).placed[0] == SeenPlace(  # type: ignore[arg-type]
        0, (8,), (Card.parse("9C"),)
    )
    assert side_line_deal(rec.rules, rec.players, rec.deal, rec.moves, None) is rec.deal  # type: ignore[arg-type]


def test_1_a_card_drawn_later_in_the_main_line_is_in_the_talon_for_every_reader(tmp_path: Path) -> None:
    """Before: Replay and the annotator accepted Boris's Q♥ at move 26, the writer refused it (R1)."""
    rec = with_line(26, QH_EARLY)
    with pytest.raises(VariationError) as replayed:
        Replay(rec)
    assert (replayed.value.rule, replayed.value.move) == ("R1", 0)
    assert replayed.value.message.endswith(f"variation 27.1, move 1 (Boris covers Q♠ with Q♥): {IN_TALON}")
    with pytest.raises(RecordingError) as written:
        notation.write(rec)
    assert written.value.rule == "R1" and written.value.message.endswith(IN_TALON)
    with pytest.raises(RecordingError) as dumped:
        io.dump(rec, tmp_path / "x.json")
    assert dumped.value.rule == "R1"
    annotator = Annotator(Recording.from_json(scorer_doc()))
    with pytest.raises(AnnotateError) as annotated:
        annotator.add_variation(annotator.tree.mainline()[26], QH_EARLY)
    assert annotated.value.rule == "R1" and annotated.value.message.endswith(IN_TALON)
    # the notation's reader: the line read before the refill after move 34 is
    good = notation.write(with_line(26, TAKE_AT_ONCE))
    text = good.replace(
        "(5... Boris take Anna pass Vera pass 6. Vera 6H Anna JH/6H Vera pass Boris pass)", "(5... Boris QH/QS)"
    )
    assert text != good
    with pytest.raises(RecordingError) as read:
        notation.read(text)
    assert (read.value.rule, read.value.line, read.value.column) == ("R1", 21, 15)
    assert read.value.message.endswith(f"move 1 in variation 1 of move 27 (Boris QH/QS): {IN_TALON}")


def test_1_a_side_line_draws_the_seen_card_at_its_own_refill() -> None:
    """Before: the writer and the reader applied "Anna drew 9♣ after move 30" to the
    line's move 30 and refused it (R16); now whoever draws that talon place draws 9♣."""
    rec = with_line(26, TAKE_AT_ONCE)
    line = Replay(rec).enter(26, 1)
    assert (line.name, len(line)) == ("27.1", 7)
    drew = [e for e in line.events(6) if isinstance(e, UnseenDrew)]
    assert [(e.player, e.cards, e.count) for e in drew] == [(2, (Card.parse("9C"),), 1), (0, (), 1)]
    seen = line.seen(7)
    assert seen.hands == (tuple(parse_cards("7D 8S JD QC AD")), tuple(parse_cards("QS QD")), (Card.parse("9C"),))
    assert seen.unknown == (1, 6, 5)
    assert seen.talon == (
        Card.parse("QH"),
        Card.parse("7H"),
        None,
        Card.parse("AS"),
        Card.parse("AC"),
        None,
        None,
        Card.parse("TH"),
    )
    text = notation.write(rec)
    assert "    (5... Boris take Anna pass Vera pass 6. Vera 6H Anna JH/6H Vera pass Boris pass)" in text.splitlines()
    assert notation.read(text) == rec
    annotator = Annotator(Recording.from_json(scorer_doc()))
    annotator.add_variation(annotator.tree.mainline()[26], TAKE_AT_ONCE)
    assert notation.write(annotator.tree.to_recording()) == text


def test_1_a_line_replacing_the_move_before_a_seen_refill() -> None:
    """Vera throws in K♠ instead of the pass that ended bout 5 (move 30): before, the
    reader refused it (R16: "Anna drew 1 after move 30"), the replayer accepted it."""
    rec = with_line(30, [Move.throw(2, "KS")])
    text = notation.write(rec)
    assert notation.read(text) == rec
    assert Replay(rec).enter(30, 1).name == "31.1"


# ----------------------------------------------------------------------------- 2


def test_2_candidates_are_checked_against_the_refills_to_come() -> None:
    replay = Replay(Recording.from_json(scorer_doc()))
    game = replay.partial_game(30)
    # before: also "Vera throws in K♠", which play() refuses (R16: Anna then draws nothing after move 30)
    assert [m.describe(NAMES) for m in game.candidates()] == ["Vera passes"]
    assert str(game.why_illegal(Move.throw(2, "KS"))) == (
        "[R16] the record says Anna drew 1 after move 31, but Anna draws 0 there"  # as people count
    )


@pytest.mark.parametrize("name", ["perevodnoy-3p-scorer-hand.json", "podkidnoy-4p-laid-cards.json"])
def test_2_every_candidate_is_playable_at_every_index(name: str) -> None:
    replay = Replay(Recording.load(OVERBOARD / name))
    refused = []
    for k in range(len(replay) + 1):
        game = replay.partial_game(k)
        assert isinstance(game, PartialGame)
        for move in game.candidates():
            probe = game.copy()
            try:
                probe.play(move)
            except Exception as exc:
                refused.append((k, move.describe(NAMES), str(exc)))
    assert refused == []


# ----------------------------------------------------------------------------- 3


def test_3_the_tree_numbers_moves_as_the_replayer() -> None:
    """Move 2 (Boris transfers) and side line 2.1 replacing it, in every view."""
    rec = io.load(RECORDINGS / "annotated-transfer-or-cover.durak")
    assert list(game_lines(rec))[3] == "   2  Boris transfers 7♦ !"
    assert Replay(rec).enter(1, 1).name == "2.1"
    unfolded = [info.label.splitlines()[0] for info in variation_tree(rec, fold=False).nodes_info.values()]
    assert unfolded[2:5] == ["2. Boris transfers 7♦ !", "3. Vera covers 7♠ with 9♠", "4. Vera covers 7♦ with 8♦"]
    folded = [info.label.splitlines()[0] for info in variation_tree(rec).nodes_info.values()]
    assert folded[2:] == ["2–19", "2–5", "6–9", "6. Vera passes ?"]  # moves as people count them, from 1


# ----------------------------------------------------------------------------- 4


def _played(seed: int, dealer: int | None = None, attacker: int | None = None) -> Recording:
    g = Game.deal("podkidnoy", list(NAMES), seed=seed, dealer=dealer, attacker=attacker)
    start = g.copy()
    play_out(g, RandomBot(seed))
    rec = Recording(
        g.rules,
        g.players,
        deal=Deal(start.dealer if start.dealer is not None else 2, start.deck_order, attacker=attacker),
        moves=list(g.history),
        meta={"seed": seed},
    )
    rec.result = rec.result_json(g)
    return rec


def test_4_the_notation_writer_refuses_a_match_breaking_r4(tmp_path: Path) -> None:
    first = _played(1)
    durak = first.players.index(first.result["durak"])  # type: ignore[index]
    wrong = _played(2, dealer=(durak + 1) % 3, attacker=(durak + 2) % 3)
    message = (
        f"game 2 of the match: the durak of game 1, {NAMES[durak]}, deals and"
        f" {NAMES[(durak + 1) % 3]}, to the durak's left, attacks first"
    )
    with pytest.raises(RecordingError) as written:
        notation.write([first, wrong])
    assert (written.value.rule, written.value.message) == ("R4", message)
    for suffix in (".durak", ".json"):
        path = tmp_path / f"match{suffix}"
        with pytest.raises(RecordingError) as dumped:
            io.dump([first, wrong], path)
        assert (dumped.value.rule, dumped.value.message) == ("R4", message)
        assert not path.exists()
    good = _played(2, dealer=durak, attacker=(durak + 1) % 3)
    assert notation.read_games(notation.write([first, good])) == [first, good]


# ----------------------------------------------------------------------------- 5


def test_5_export_reports_the_side_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "a.html"
    assert main(["export", str(RECORDINGS / "annotated-transfer-or-cover.durak"), "-o", str(page)]) == 0
    size = page.stat().st_size
    assert capsys.readouterr().out == (
        f"{page}: {size} bytes, 19 moves in the main line and 2 side lines of 9 moves;"
        " open it in a browser (no kernel needed)\n"
    )


def test_convert_reads_a_journal_and_names_what_it_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`durak-nb convert kitchen.durak.jsonl kitchen.durak` (a scorer's journal) refused
    with "the file name ends in .durak or .json", though validate read it: IN is any file
    the kit reads; a wrong IN names the suffixes read, a wrong OUT the two written."""
    from durak_nb.views.scorer import ScorerWidget

    journal = tmp_path / "kitchen.durak.jsonl"
    w = ScorerWidget(str(journal))
    w.setup(players=["Anna", "Boris"], dealer="Boris", turned_up="7H", attacker="Anna")
    assert w.begin()
    w.tap("7S")
    assert w.lay()
    w.close()
    assert main(["convert", str(journal), str(tmp_path / "kitchen.durak")]) == 0
    assert capsys.readouterr().out == f"{tmp_path}/kitchen.durak: 1 game\n"
    text = (tmp_path / "kitchen.durak").read_text(encoding="utf-8")
    assert "[TurnedUp 7H]" in text and "Anna 7S" in text
    assert main(["convert", str(tmp_path / "x.txt"), str(tmp_path / "y.durak")]) == 2
    assert capsys.readouterr().err == (
        f"durak-nb convert: error: {tmp_path}/x.txt: the file name ends in .durak, .durak.jsonl, .json, .jsonl\n"
    )
