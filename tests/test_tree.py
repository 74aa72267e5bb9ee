"""durak_nb.record.tree: the game tree of a recording, lossless to and from ``meta``.

The annotations live in ``meta`` (docs/notation.md): ``comments``, ``comments_before``,
``glyphs`` and ``variations`` keyed by move index; everything else is free data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS

from durak_nb.cards import parse_cards
from durak_nb.engine import Game, Move
from durak_nb.record import Deal, Recording, RecordingError, move_to_json
from durak_nb.record.tree import GLYPHS, GameNode, GameTree, move_from_json
from durak_nb.rules import Rules

JSON_FILES = sorted(RECORDINGS.glob("*.json"))


def seed1() -> Recording:
    """Podkidnoy, Anna and Boris, seed 1 (R3): hearts trump; hands Anna 6D 8C TC JC AH AD,
    Boris 8D TH TD JD QC KD; Boris holds the lower trump (TH) and leads (R4)."""
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    return Recording(g.rules, g.players, deal=Deal(1, g.deck_order))


def mv(player: str, action: str, *rest: Any) -> dict[str, Any]:
    """A move object of the JSON form."""
    out: dict[str, Any] = {"player": player, "action": action}
    if action == "defend":
        out["card"], out["target"] = rest
    elif rest:
        out["cards"] = list(rest)
    return out


def annotated() -> Recording:
    """Seed 1 with two main-line moves and a nested variation two levels deep."""
    rec = seed1()
    rec.moves = [Move.attack(1, "8D"), Move.defend(0, "AD", "8D"), Move.pass_(1)]
    rec.meta = {
        "title": "Cover or take",
        "comments": {"0": "Boris leads his lowest card.", "2": "Bito next."},
        "comments_before": {"0": "A short lesson."},
        "glyphs": {"1": "?!"},
        "variations": {
            "1": [
                {
                    "moves": [mv("Anna", "defend", "AH", "8D"), mv("Boris", "pass")],
                    "glyphs": {"0": "?"},
                    "variations": {"1": [{"moves": [mv("Boris", "throw", "8D")]}]},
                },
                {"moves": [mv("Anna", "take")], "comments": {"0": "Keep both aces."}, "glyphs": {"0": "!"}},
            ]
        },
        "event": "after the annotations: kept in place",
    }
    return rec


# ----------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("path", JSON_FILES, ids=[p.name for p in JSON_FILES])
def test_every_recording_round_trips_through_the_tree(path: Path) -> None:
    """from_recording(rec).to_recording() == rec, with the JSON text unchanged (R1-R27 games)."""
    rec = Recording.load(path)
    back = GameTree.from_recording(rec).to_recording()
    assert back == rec
    assert back.dumps() == path.read_text(encoding="utf-8")
    assert list(back.meta) == list(rec.meta)


def test_annotated_recording_round_trips_and_keeps_meta_order() -> None:
    rec = annotated()
    back = GameTree.from_recording(rec).to_recording()
    assert back == rec
    assert list(back.meta) == ["title", "comments", "comments_before", "glyphs", "variations", "event"]
    assert back.dumps() == rec.dumps()


def test_nodes_carry_the_annotations_r10_r14() -> None:
    """Main line 8♦ / A♦ covers (R10) / pass; variations: A♥ covers, and take (R14)."""
    tree = GameTree.from_recording(annotated())
    main = tree.mainline()
    assert [n.move for n in main] == [Move.attack(1, "8D"), Move.defend(0, "AD", "8D"), Move.pass_(1)]
    assert [(n.comment_before, n.comment_after, n.glyph) for n in main] == [
        ("A short lesson.", "Boris leads his lowest card.", None),
        (None, None, "?!"),
        (None, "Bito next.", None),
    ]
    first, second = main[1].siblings()
    assert first.move == Move.defend(0, "AH", "8D") and first.glyph == "?"
    assert [n.move for n in first.mainline()] == [Move.pass_(1)]
    nested = first.variations[0].siblings()
    assert [n.move for n in nested] == [Move.throw(1, "8D")]
    assert second.move == Move.take(0)
    assert (second.comment_after, second.glyph) == ("Keep both aces.", "!")
    assert tree.meta == {"title": "Cover or take", "event": "after the annotations: kept in place"}


def test_node_positions_ply_address_path() -> None:
    tree = GameTree.from_recording(annotated())
    main = tree.mainline()
    first, second = main[1].siblings()
    deep = first.variations[0].siblings()[0]
    assert [n.ply for n in main] == [0, 1, 2]
    assert (first.ply, first.variations[0].ply, deep.ply, second.ply) == (0, 1, 0, 0)
    assert tree.root.ply == -1
    assert main[2].address() == (0, 0, 0)
    assert first.address() == (0, 1)
    assert second.address() == (0, 2)
    assert deep.address() == (0, 1, 1)
    assert tree.node_at(deep.address()) is deep
    with pytest.raises(KeyError):
        tree.node_at((0, 5))
    assert deep.moves() == [Move.attack(1, "8D"), Move.defend(0, "AH", "8D"), Move.throw(1, "8D")]
    assert [n.is_mainline() for n in (main[2], first, deep)] == [True, False, False]
    assert first.starts_variation() and not main[1].starts_variation()
    assert first.variations[0].line_start() is first
    assert main[2].line_start() is tree.root
    assert deep.root() is tree.root and first.end() is first.variations[0]
    assert [n.move for n in tree.walk()] == [
        Move.attack(1, "8D"),
        Move.defend(0, "AD", "8D"),
        Move.pass_(1),
        Move.defend(0, "AH", "8D"),
        Move.pass_(1),
        Move.throw(1, "8D"),
        Move.take(0),
    ]


def test_game_after_a_variation_node_r6_r11() -> None:
    """The position after AH covers 8D (R6) and Boris throws in the eight... of the
    nested line: Boris may throw only ranks on the table (R11)."""
    tree = GameTree.from_recording(annotated())
    deep = tree.mainline()[1].siblings()[0].variations[0].siblings()[0]
    with pytest.raises(RecordingError) as info:
        tree.game_after(deep)  # Boris no longer holds 8D: he led it
    assert info.value.rule == "R11"
    assert info.value.message == "move 3 of the path (Boris throws in 8♦): Boris does not hold 8♦"
    g = tree.game_after(tree.mainline()[1].siblings()[0])
    assert g.table == [(parse_cards("8D")[0], parse_cards("AH")[0])]
    assert g.hands[0] == parse_cards("6D 8C TC JC AD")


def test_building_a_tree_by_hand() -> None:
    rec = seed1()
    tree = GameTree(rec)
    lead = tree.root.add_variation(Move.attack(1, "TH TD"), glyph="!!")
    take = lead.add_variation(Move.take(0))
    lead.add_main_variation(Move.defend(0, "AH", "TH"), comment_after="cover one")
    assert lead.variations[1] is take
    take.promote_to_main()
    assert lead.next is take
    take.demote()
    assert lead.variations[1] is take
    take.promote()
    assert lead.variations[0] is take
    out = tree.to_recording()
    assert out.moves == [Move.attack(1, "TH TD"), Move.take(0)]
    assert out.meta == {
        "glyphs": {"0": "!!"},
        "variations": {
            "1": [
                {
                    "moves": [{"player": "Anna", "action": "defend", "card": "AH", "target": "TH"}],
                    "comments": {"0": "cover one"},
                }
            ]
        },
    }
    take.remove()
    assert tree.to_recording().moves == [Move.attack(1, "TH TD"), Move.defend(0, "AH", "TH")]
    with pytest.raises(ValueError, match="glyph"):
        GameNode(Move.take(0), glyph="!!!")
    assert GLYPHS == ("!", "?", "!!", "??", "!?", "?!")


def test_game_comment_without_moves_sits_on_the_root() -> None:
    rec = seed1()
    rec.meta = {"comments_before": {"0": "Find Boris's best lead."}}
    tree = GameTree.from_recording(rec)
    assert tree.root.comment_before == "Find Boris's best lead."
    assert tree.mainline() == []
    assert tree.to_recording() == rec


# ----------------------------------------------------------------------------- odd meta stays free


@pytest.mark.parametrize(
    "key,value",
    [
        ("comments", {"3": "index out of range"}),
        ("comments", {"01": "not a canonical index"}),
        ("comments", {"0": 5}),
        ("comments", {}),
        ("comments", "not an object"),
        ("comments_before", {"0": None}),
        ("glyphs", {"0": "!!!"}),
        ("glyphs", {"0": "$1"}),
        ("variations", {"0": []}),
        ("variations", {"0": [{"moves": []}]}),
        ("variations", {"0": [{"moves": [{"player": "Gleb", "action": "take"}]}]}),
        ("variations", {"0": [{"moves": [{"player": "Anna", "action": "take", "cards": []}]}]}),
        ("variations", {"0": [{"moves": [{"player": "Anna", "action": "attack", "cards": ["7S"], "show": False}]}]}),
        ("variations", {"0": [{"moves": [{"player": "Anna", "action": "take"}], "note": "extra member"}]}),
        ("variations", {"0": [{"moves": [{"player": "Anna", "action": "take"}], "comments": {}}]}),
        # a variation of a variation's first move would be a sibling: not nestable, kept as data
        (
            "variations",
            {
                "0": [
                    {
                        "moves": [{"player": "Boris", "action": "attack", "cards": ["TH"]}],
                        "variations": {"0": [{"moves": [{"player": "Boris", "action": "attack", "cards": ["TD"]}]}]},
                    }
                ]
            },
        ),
    ],
)
def test_annotation_members_not_of_the_documented_form_stay_free_data(key: str, value: Any) -> None:
    rec = seed1()
    rec.moves = [Move.attack(1, "8D"), Move.take(0)]
    rec.meta = {key: value, "comments_before": {"1": "well formed"}} if key != "comments_before" else {key: value}
    tree = GameTree.from_recording(rec)
    assert tree.meta[key] == value
    assert tree.to_recording() == rec


def test_move_from_json_reads_exactly() -> None:
    names = ("Anna", "Boris")
    for obj in (
        mv("Anna", "attack", "7S", "7H"),
        mv("Boris", "defend", "9S", "7S"),
        {"player": "Boris", "action": "transfer", "cards": ["7D"], "show": True},
        mv("Anna", "take"),
        mv("Anna", "pass"),
        {"player": "Anna", "action": "redeal", "deck": ["7S", "KH"]},
    ):
        assert move_to_json(move_from_json(obj, names), names) == obj
    for bad in (
        [],
        {"player": "Vera", "action": "take"},
        {"player": "Anna", "action": "fold"},
        {"player": "Anna", "action": "attack", "cards": "7S"},
        {"player": "Anna", "action": "attack", "cards": ["1S"]},
        {"player": "Anna", "action": "defend", "card": "9S"},
        {"player": "Anna", "action": ["attack"]},
    ):
        with pytest.raises(ValueError):
            move_from_json(bad, names)


# ----------------------------------------------------------------------------- depth


def long_game() -> Recording:
    rec = Recording.load(RECORDINGS / "perevodnoy-6p-52cards.json")
    assert len(rec.moves) > 300
    return rec


def test_deep_nesting_without_recursion() -> None:
    """3000 nested variations (each replacing the second move of its parent line):
    built, written to meta and read back with explicit stacks (no RecursionError)."""
    rec = long_game()
    names = rec.players
    depth = 3000
    tree = GameTree.from_recording(rec)
    main = tree.mainline()
    # level d: a variation at main[i]'s place holding main[i], main[i+1]
    line: dict[str, Any] = {}
    top = line
    for d in range(depth):
        i = d % (len(main) - 3) + 1
        line["moves"] = [move_to_json(main[i].move, names), move_to_json(main[i + 1].move, names)]  # type: ignore[arg-type]
        if d < depth - 1:
            sub: dict[str, Any] = {}
            line["variations"] = {"1": [sub]}
            line = sub
    rec.meta = {**rec.meta, "variations": {"1": [top]}}
    tree = GameTree.from_recording(rec)
    assert "variations" not in tree.meta
    count = 0
    node: GameNode = tree.mainline()[1].siblings()[0]
    while True:
        count += 1
        alts = node.variations[0].siblings()
        if not alts:
            break
        node = alts[0]
    assert count == depth
    assert sum(1 for _ in tree.walk()) == len(main) + 2 * depth
    back = GameTree.from_recording(tree.to_recording())
    assert [n.address() for n in back.walk()][-3:] == [n.address() for n in tree.walk()][-3:]


def test_rules_and_players_are_kept() -> None:
    rec = annotated()
    rec.rules = Rules.make("podkidnoy", first_bout_limit=6)
    out = GameTree.from_recording(rec).to_recording()
    assert out.rules == rec.rules and out.players == ("Anna", "Boris") and out.deal == rec.deal
