"""durak_nb.views.trees: exact game trees (legal moves R9–R14 as edges, "+N more"
folding, chance nodes for the refill R16, results R24/R25 on terminal nodes, the
highlighted line), bout diagrams of two lesson recordings (R10, R11, R14–R17), the
variation tree, escaping of every recorded text, and showing without ``dot``."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import graphviz
import pytest
from conftest import RECORDINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_replay import podkidnoy_doc, renamed

from durak_nb.cards import Card
from durak_nb.engine import Game, Move
from durak_nb.record import Recording
from durak_nb.record.tree import GameTree, move_to_json
from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views.trees import (
    HINT,
    Diagram,
    EdgeInfo,
    GraphView,
    bout_diagram,
    dot_label,
    dot_text,
    game_tree,
    mimebundle,
    position_label,
    show,
    variation_tree,
)

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<img src=x onerror=\"alert(1)\"> & 'Q'\nline2 \\N \\l"
EVIL_LINES = ["<img src=x onerror=\"alert(1)\"> & 'Q'", "line2 \\N \\l"]
HAS_DOT = shutil.which("dot") is not None


def small(**kw: Any) -> Game:
    """Anna 7S 7H AD against Boris 8S 9C, diamonds trump, talon empty, after the first bito."""
    return Game.from_position(
        "podkidnoy",
        kw.pop("names", ["Anna", "Boris"]),
        hands=kw.pop("hands", ["7S 7H AD", "8S 9C"]),
        talon=kw.pop("talon", ""),
        trump=kw.pop("trump", "D"),
        attacker=0,
        first_bito_done=True,
        rest_to_discard=True,
    )


def edges(d: Diagram) -> list[tuple[str, str, str]]:
    return [(e.tail, e.head, e.label) for e in d.edges_info]


def labels(d: Diagram) -> dict[str, str]:
    return {n.name: n.label for n in d.nodes_info.values()}


def svg_texts(d: Any) -> list[str]:
    root = ET.fromstring(d.pipe(format="svg", encoding="utf-8"))
    return [t.text or "" for t in root.iter(NS + "text")]


# ----------------------------------------------------------------------------- game tree


def test_game_tree_depth_1_the_leads_r9() -> None:
    d = game_tree(small(), depth=1)
    assert d.kinds() == {"position": 5}
    assert edges(d) == [
        ("p0", "p1", "Anna attacks 7♠"),
        ("p0", "p2", "Anna attacks 7♥"),
        ("p0", "p3", "Anna attacks 7♠ 7♥"),
        ("p0", "p4", "Anna attacks A♦"),
    ]
    assert labels(d)["p0"] == "bout 1: Anna → Boris\ntable empty\ntalon 0 · hands 3/2"
    assert labels(d)["p3"] == "bout 1: Anna → Boris\n7♠/– 7♥/–\ntalon 0 · hands 1/2"


def test_game_tree_depth_2_defence_throw_in_take_pass_r10_r11_r12_r13b_r14() -> None:
    d = game_tree(small(), depth=2)
    assert d.kinds() == {"position": 17}
    assert len(d.edges_info) == 16
    assert edges(d)[4:] == [
        ("p1", "p5", "Boris covers 7♠ with 8♠"),
        ("p1", "p6", "Boris takes"),
        ("p1", "p7", "Anna throws in 7♥"),  # R13b: Boris holds 2, one uncovered: room for 1
        ("p1", "p8", "Anna passes"),
        ("p2", "p9", "Boris takes"),  # nothing of Boris's beats 7H (R6)
        ("p2", "p10", "Anna throws in 7♠"),
        ("p2", "p11", "Anna passes"),
        ("p3", "p12", "Boris covers 7♠ with 8♠"),
        ("p3", "p13", "Boris takes"),
        ("p3", "p14", "Anna passes"),  # R13b: two uncovered against two cards: no room
        ("p4", "p15", "Boris takes"),
        ("p4", "p16", "Anna passes"),
    ]
    assert labels(d)["p8"] == "bout 1: Anna → Boris\n7♠/–\ntalon 0 · hands 2/2\npassed: Anna"
    assert labels(d)["p6"] == "bout 1: Anna → Boris (takes)\n7♠/–\ntalon 0 · hands 2/2"


def test_game_tree_from_a_position_needs_rules_and_a_bout_start() -> None:
    g = small()
    from_position = game_tree(g.position(), rules="podkidnoy", depth=2)
    assert edges(from_position) == edges(game_tree(g, depth=2))
    with pytest.raises(ValueError, match="a Position carries no rules"):
        game_tree(g.position())
    g.play(Move.attack(0, "7S"))
    with pytest.raises(ValueError, match="starts at a bout start"):
        game_tree(g.position(), rules="podkidnoy")
    assert len(game_tree(g, depth=1).edges_info) == 4  # a live game inside a bout is fine
    assert len(g.history) == 1  # and is never changed


def test_budget_folds_the_rest_into_more_nodes() -> None:
    d = game_tree(small(), depth=2, max_nodes=3)
    assert d.kinds() == {"position": 3, "more": 3}
    assert edges(d) == [
        ("p0", "p1", "Anna attacks 7♠"),
        ("p0", "p2", "Anna attacks 7♥"),
        ("p0", "m0", ""),
        ("p1", "m1", ""),
        ("p2", "m2", ""),
    ]
    assert [labels(d)[m] for m in ("m0", "m1", "m2")] == ["+2 more", "+4 more", "+3 more"]
    assert game_tree(small(), depth=2, max_nodes=17).kinds() == {"position": 17}
    assert game_tree(small(), depth=2, max_nodes=16).kinds() == {"position": 16, "more": 1}


def test_highlighted_line_r10() -> None:
    line = [Move.attack(0, "7S 7H"), Move.defend(1, "8S", "7S"), Move.pass_(0)]
    d = game_tree(small(), depth=2, highlight=line)
    assert [(e.tail, e.head, e.label) for e in d.edges_info if e.highlighted] == [
        ("p0", "p1", "Anna attacks 7♠ 7♥"),
        ("p1", "p5", "Boris covers 7♠ with 8♠"),
    ]
    assert sum(e.highlighted for e in d.edges_info) == 2
    assert 'p0 -> p1 [label="Anna attacks 7♠ 7♥" color="#1565c0"' in d.source
    # the recorded line is drawn even past the budget
    tight = game_tree(small(), depth=2, max_nodes=1, highlight=line)
    assert edges(tight) == [
        ("p0", "p1", "Anna attacks 7♠ 7♥"),
        ("p0", "m0", ""),
        ("p1", "p2", "Boris covers 7♠ with 8♠"),
        ("p1", "m1", ""),
    ]
    assert [labels(tight)["m0"], labels(tight)["m1"]] == ["+3 more", "+2 more"]


def test_highlight_that_is_not_legal_is_refused_r9() -> None:
    with pytest.raises(ValueError, match=re.escape("highlight[0] (Boris attacks 8♠) is not legal here: [R9]")):
        game_tree(small(), highlight=[Move.attack(1, "8S")])


def test_chance_nodes_for_the_refill_r16_and_results_r24_r25() -> None:
    g = small(hands=["6S", "7S 8H"], talon="9C TD")  # Anna has one card: the bout ends at once
    d = game_tree(g, depth=3)
    assert d.kinds() == {"position": 7, "chance": 2}
    assert edges(d) == [
        ("p0", "p1", "Anna attacks 6♠"),
        ("p1", "c0", "Boris covers 6♠ with 7♠"),  # bito (R15): Anna has no card to throw in
        ("c0", "p2", ""),
        ("p1", "c1", "Boris takes"),  # the take ends the bout at once too (R14)
        ("c1", "p3", ""),
        ("p2", "p4", "Boris attacks 8♥"),  # R23: after bito the defender leads
        ("p3", "p5", "Anna attacks 9♣"),  # R23: after take the player left of the defender
        ("p3", "p6", "Anna attacks 10♦"),
    ]
    assert labels(d)["p2"] == "bout 2: Boris → Anna\ntable empty\ntalon 0 · hands 2/1"
    assert labels(d)["c0"] == "draw (R16)\n1. Anna 9♣ 10♦"
    assert labels(d)["c1"] == "draw (R16)\n1. Anna 9♣ 10♦"
    hidden = game_tree(g, depth=2, reveal_draws=False)
    assert labels(hidden)["c0"] == "draw 2 cards (R16)\n1. Anna 2"
    assert hidden.nodes_info["c0"].kind == "chance"
    assert 'c0 [label="draw 2 cards (R16)\\n1. Anna 2" fillcolor="#e3f2fd" fontsize=9 shape=diamond style=filled]' in (
        hidden.source
    )
    end = game_tree(small(hands=["7S", "8S"]), depth=2)
    assert {n.label for n in end.nodes_info.values() if n.kind == "terminal"} == {
        "game over\ndraw (R25)",  # both out in the same bout (R25)
        "game over\nBoris is the durak",  # Boris took: Anna is out (R24)
    }


def test_finished_position_is_one_terminal_node_r25() -> None:
    rec = Recording.load(RECORDINGS / "draw.json")
    d = game_tree(rec.replay().position())
    assert d.kinds() == {"terminal": 1}
    assert labels(d) == {"p0": "game over\ndraw (R25)"}


def test_style_callbacks_override_and_are_never_html() -> None:
    d = game_tree(
        small(),
        depth=1,
        node_label=lambda p: f"{len(p.table)} on the table",
        edge_label=lambda m: m.action.value,
        node_style=lambda p: {"fillcolor": "<b>x</b>", "style": "filled"},
        edge_style=lambda m: {"color": "red" if m.cards[0].code == "AD" else "black"},
    )
    assert edges(d)[3] == ("p0", "p4", "attack")
    assert labels(d)["p3"] == "2 on the table"
    assert 'p4 [label="1 on the table" fillcolor="<b>x</b>" shape=box style=filled]' in d.source
    assert "p0 -> p4 [label=attack color=red]" in d.source


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="depth must be 0 or more"):
        game_tree(small(), depth=-1)
    with pytest.raises(ValueError, match="max_nodes must be at least 1"):
        game_tree(small(), max_nodes=0)
    with pytest.raises(TypeError, match="needs a Game or a Position"):
        game_tree("podkidnoy")  # type: ignore[arg-type]
    assert game_tree(small(), depth=0).kinds() == {"position": 1}


# ----------------------------------------------------------------------------- bout diagrams


def test_bout_diagram_transfer_twice_r10_r11_r15_r16_r17() -> None:
    d = bout_diagram(Replay.load(RECORDINGS / "transfer-twice.json"), 3)
    assert d.caption == "Bout 3: Anna attacks Boris"
    assert edges(d) == [
        ("s0", "k8S", "1. attacks Boris"),
        ("s1", "k8H", "2. transfers to Vera (R17)"),
        ("s2", "k8D", "3. transfers to Gleb (R17)"),
        ("s3", "k9S", "4. covers"),
        ("k9S", "k8S", "beats"),
        ("s3", "kTH", "5. covers"),
        ("kTH", "k8H", "beats"),
        ("s3", "kQD", "6. covers"),
        ("kQD", "k8D", "beats"),
        ("s0", "k9H", "7. throws in"),
        ("s3", "kJH", "8. covers"),
        ("kJH", "k9H", "beats"),
        ("k8S", "discard", "bito: 8 cards (R15)"),
        ("talon", "s0", "draw 1: 7♦ J♠"),  # R16: the bout's first attacker first
        ("talon", "s1", "draw 2: Q♠"),
        ("talon", "s2", "draw 3: 7♣"),
        ("talon", "s3", "draw 4: K♣ A♥ Q♥ A♣"),  # the defender last
    ]
    assert d.kinds() == {"card": 8, "player": 4, "discard": 1, "talon": 1}
    assert labels(d)["kTH"] == "10♥"
    assert labels(d)["talon"] == "talon\n10 cards"
    assert "subgraph cluster_table {" in d.source
    assert 'k8S -> discard [label="bito: 8 cards (R15)" ltail=cluster_table penwidth=2]' in d.source


def test_bout_diagram_short_talon_r11_r12_r16() -> None:
    rec = Recording.load(RECORDINGS / "drawing-order-short-talon.json")
    d = bout_diagram(rec, 9)
    assert d.caption == "Bout 9: Anna attacks Boris"
    assert edges(d) == [
        ("s0", "k7S", "1. attacks Boris"),
        ("s0", "k7C", "1. attacks Boris"),
        ("s1", "k9S", "2. covers"),
        ("k9S", "k7S", "beats"),
        ("s1", "kTC", "3. covers"),
        ("kTC", "k7C", "beats"),
        ("s2", "k9D", "4. throws in"),
        ("s1", "kJD", "5. covers"),
        ("kJD", "k9D", "beats"),
        ("k7S", "discard", "bito: 6 cards (R15)"),
        ("talon", "s0", "draw 1: 9♣ Q♦"),
        ("talon", "s2", "draw 2: 6♥"),  # the turned-up trump, drawn last (R3); Gleb full, Boris none
    ]
    assert [n for n, info in d.nodes_info.items() if info.kind == "player"] == ["s0", "s1", "s2"]
    assert labels(d)["talon"] == "talon\n3 cards"


def test_bout_diagram_take_and_vdogonku_r14() -> None:
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    d = bout_diagram(replay, 1)
    assert edges(d) == [
        ("s0", "k6S", "1. attacks Boris"),
        ("s1", "k7S", "2. covers"),
        ("k7S", "k6S", "beats"),
        ("s0", "k6C", "3. throws in"),
        ("s0", "k6D", "5. throws in вдогонку (R14)"),
        ("k6S", "s1", "4. takes: picks up 4 cards (R14)"),
        ("talon", "s0", "draw 1: 9♣ 10♥"),
    ]
    assert 'color="#e65100"' in d.source  # вдогонку in orange
    last = bout_diagram(replay, 3)
    assert last.caption == "Bout 3: Boris attacks Anna\ngame over: Boris is the durak"
    assert labels(last)["s0"] == "Anna\nout (R24)"
    with pytest.raises(ValueError, match=re.escape("bout 7 has no move in this recording (its bouts: 1..3)")):
        bout_diagram(replay, 7)


def test_bout_diagram_shown_trump_transfer_r20() -> None:
    d = bout_diagram(Replay.load(RECORDINGS / "show-trump-transfer.json"), 4)
    assert edges(d)[:4] == [
        ("s0", "k9S", "1. attacks Boris"),
        ("s1", "k9H_shown", "2. shows to Anna (R20)"),  # kept in hand
        ("s0", "k9D", "3. transfers to Boris (R17)"),  # R21: with two players, back to the attacker
        ("s1", "k9H", "4. transfers to Anna (R17)"),  # transferred onto again: must lay it (R20)
    ]
    assert labels(d)["k9H_shown"] == "9♥\nshown"
    assert d.nodes_info["k9H_shown"].kind == "shown"
    assert edges(d)[-2:] == [("talon", "s1", "draw 1: 7♠"), ("talon", "s0", "draw 2: 8♣ K♠ Q♣ 6♦ 10♠")]


def test_bout_diagram_lead_passed_english_r9() -> None:
    d = bout_diagram(Replay.load(RECORDINGS / "english-4p.json"), 2)
    assert d.caption == "Bout 2: Anna attacks Boris"
    assert edges(d) == [
        ("s2", "s3", "1. passes the lead (R9)"),
        ("s3", "s0", "2. passes the lead (R9)"),
        ("s0", "k7D", "3. attacks Boris"),
        ("s0", "k7C", "3. attacks Boris"),
        ("k7D", "s1", "4. takes: picks up 2 cards (R14)"),
        ("talon", "s0", "draw 1: 10♥ A♥"),
    ]


def test_every_bout_of_every_recording_has_its_cards() -> None:
    """Each bout diagram has one card node per card laid in the bout (R10, R11, R17);
    after a redeal (R5) bout 1 is the new deal's."""
    for path in sorted(RECORDINGS.glob("*.json")):
        replay = Replay.load(path)
        for bout in sorted({replay.position(k).bout for k in range(len(replay))}):
            d = bout_diagram(replay, bout)
            ks = [k for k in range(len(replay)) if replay.position(k).bout == bout]
            redeals = [k for k in ks if replay.move(k).action.value == "redeal"]
            if redeals:  # R5: a redeal starts bout 1 afresh; the diagram shows what follows the last one
                ks = [k for k in ks if k > redeals[-1]]
            laid = {
                c.code
                for k in ks
                if not replay.move(k).show
                for c in replay.move(k).cards
                if replay.move(k).action.value in ("attack", "throw", "transfer", "defend")
            }
            assert {n.label for n in d.nodes_info.values() if n.kind == "card"} == {
                Card.parse(c).pretty for c in laid
            }, (path.name, bout)


# ----------------------------------------------------------------------------- variation tree


def annotated_doc() -> dict[str, Any]:
    doc = podkidnoy_doc()
    doc["meta"] = {
        "title": "Two lines",
        "comments_before": {"0": "A game comment."},
        "comments": {"1": "Covering the six with the seven."},
        "glyphs": {"1": "?!"},
        "variations": {
            "1": [
                {
                    "moves": [{"player": "Boris", "action": "take"}, {"player": "Anna", "action": "pass"}],
                    "comments": {"0": "Keep the seven."},
                    "glyphs": {"0": "!"},
                }
            ]
        },
    }
    return doc


def test_variation_tree_glyphs_and_comments() -> None:
    d = variation_tree(Recording.from_json(annotated_doc()), fold=False)
    assert d.kinds() == {"start": 1, "move": 16}
    assert labels(d)["v"] == "podkidnoy: Anna, Boris\nTwo lines"
    assert labels(d)["v1"] == "“A game comment.”\n1. Anna attacks 6♠"
    assert labels(d)["v2"] == "2. Boris covers 6♠ with 7♠ ?!\nCovering the six with the seven."
    assert labels(d)["v3"] == "3. Anna throws in 6♣"
    assert labels(d)["v15"] == "2. Boris takes !\nKeep the seven."
    assert labels(d)["v16"] == "3. Anna passes"
    assert edges(d)[:3] == [("v", "v1", ""), ("v1", "v2", ""), ("v2", "v3", "")]
    assert edges(d)[-2:] == [("v1", "v15", "variation"), ("v15", "v16", "")]
    assert [e.highlighted for e in d.edges_info] == [True] * 14 + [False, False]  # the main line
    assert 'v2 [label="2. Boris covers 6♠ with 7♠ ?!\\nCovering the six with the seven." color="#e65100"' in d.source
    # a GameTree works too, and a deep nesting is walked without recursion
    tree = GameTree.from_recording(Recording.from_json(podkidnoy_doc()))
    node = tree.root
    for _ in range(3000):
        node = node.add_variation(Move.pass_(0))
    assert variation_tree(tree, fold=False).kinds() == {"start": 1, "move": 3014}
    assert variation_tree(tree).kinds() == {"start": 1, "run": 2}  # the main line, the 3,000 passes


def test_variation_tree_wraps_long_comments() -> None:
    doc = annotated_doc()
    doc["meta"]["comments"]["1"] = "word " * 20
    d = variation_tree(Recording.from_json(doc), wrap=30, fold=False)
    assert labels(d)["v2"].split("\n")[1:] == [
        "word word word word word word",
        "word word word word word word",
        "word word word word word word",
        "word word",
    ]
    with pytest.raises(ValueError, match="wrap must be at least 10"):
        variation_tree(Recording.from_json(doc), wrap=5)
    with pytest.raises(ValueError, match="run_width must be at least 10"):
        variation_tree(Recording.from_json(doc), run_width=9)
    folded = variation_tree(Recording.from_json(doc), wrap=30)
    assert labels(folded)["v2"].split("\n")[:3] == [
        "2–14",
        "2. Boris covers 6♠ with 7♠ ?!",
        "word word word word word word",
    ]


FOLDED_DOT = [
    "digraph variations {",
    "\tgraph [nodesep=0.3 rankdir=TB]",
    '\tnode [fontname="DejaVu Sans" fontsize=10 shape=box style=rounded]',
    '\tedge [fontname="DejaVu Sans"]',
    '\tv [label="podkidnoy: Anna, Boris\\nTwo lines" fillcolor="#eef5ec" style="rounded,filled"]',
    '\tv1 [label="“A game comment.”\\n1. Anna attacks 6♠" style="rounded,bold"]',
    "\tv -> v1 [penwidth=2]",
    '\tv2 [label="2–14\\n2. Boris covers 6♠ with 7♠ ?!\\nCovering the six with the seven.\\n'
    "3. Anna throws in 6♣ · 4. Boris takes · 5. Anna throws in 6♦\\n"
    "6. Anna passes · 7. Anna attacks 9♠ 9♣ · 8. Boris covers 9♠ with A♠\\n"
    "9. Boris covers 9♣ with Q♣ · 10. Anna passes · 11. Boris attacks 6♠ 6♦\\n"
    "12. Anna covers 6♠ with 10♥ · 13. Anna covers 6♦ with K♥\\n"
    '14. Boris passes" color="#e65100" penwidth=2 style="rounded,bold"]',
    "\tv1 -> v2 [penwidth=2]",
    '\tv3 [label="2–3\\n2. Boris takes !\\nKeep the seven.\\n3. Anna passes" color="#2e7d32" penwidth=2]',
    '\tv1 -> v3 [label=variation color="#777777" fontcolor="#777777" style=dashed]',
    "}",
]


def test_variation_tree_folds_straight_runs_exact_dot() -> None:
    """A straight run of moves is one node headed by its numbers, its moves packed into
    lines, glyphs right after their moves and comments on lines of their own; the run
    breaks where a move has an alternative (move 2: Boris covers, or takes, R14)."""
    d = variation_tree(Recording.from_json(annotated_doc()))
    assert d.source.splitlines() == FOLDED_DOT
    assert d.kinds() == {"start": 1, "run": 3}
    assert [e.highlighted for e in d.edges_info] == [True, True, False]


def hundred_moves_three_side_lines() -> Recording:
    """The first 100 moves of a bot game (2 players) with side lines of 5 moves
    replacing moves 20, 50 and 80 (each a legal alternative, then the engine's first
    legal move), a comment after move 30 and a glyph on move 60."""
    rec = record_bot_game("podkidnoy", 2, 7, {})
    doc = rec.to_json()
    doc["moves"] = doc["moves"][:100]
    doc.pop("result", None)
    replay = Replay(Recording.from_json(doc))
    variations = {}
    for k in (20, 50, 80):
        game = replay.game(k)
        line = [next(m for m in game.legal_moves() if m != replay.move(k))]
        game.play(line[0])
        for _ in range(4):
            line.append(game.legal_moves()[0])
            game.play(line[-1])
        variations[str(k)] = [{"moves": [move_to_json(m, rec.players) for m in line]}]
    doc["meta"] = {"comments": {"30": "a comment"}, "glyphs": {"60": "?"}, "variations": variations}
    return Recording.from_json(doc)


def depth(d: Diagram) -> int:
    """The number of nodes on the longest path from the start node (the graph's height)."""
    children: dict[str, list[str]] = {}
    for e in d.edges_info:
        children.setdefault(e.tail, []).append(e.head)
    best, todo = 0, [("v", 1)]
    while todo:
        name, n = todo.pop()
        best = max(best, n)
        todo.extend((c, n + 1) for c in children.get(name, []))
    return best


def test_a_100_move_game_with_3_side_lines_is_a_few_nodes_tall() -> None:
    rec = hundred_moves_three_side_lines()
    d = variation_tree(rec)
    assert d.kinds() == {"start": 1, "run": 7}  # 4 stretches of the main line, 3 side lines
    assert depth(d) == 5
    assert [labels(d)[f"v{i}"].split("\n")[0] for i in range(1, 8)] == [
        "1–20",
        "21–50",
        "51–80",
        "81–100",
        "81–85",
        "51–55",
        "21–25",
    ]
    assert "\na comment\n" in labels(d)["v2"] and "61. Boris passes ?" in labels(d)["v3"]
    assert [(e.tail, e.head, e.label) for e in d.edges_info if e.label] == [
        ("v3", "v5", "variation"),
        ("v2", "v6", "variation"),
        ("v1", "v7", "variation"),
    ]
    unfolded = variation_tree(rec, fold=False)
    assert unfolded.kinds() == {"start": 1, "move": 115} and depth(unfolded) == 101


# ----------------------------------------------------------------------------- text is text


def test_dot_text_keeps_what_was_typed() -> None:
    assert dot_text('a\\N "b"\r\nc\x00') == 'a\\\\N "b"\\nc\ufffd'
    g = graphviz.Digraph()
    g.node("n", label=dot_label(EVIL))
    assert g.source.splitlines()[1] == '\tn [label="<img src=x onerror=\\"alert(1)\\"> & \'Q\'\\nline2 \\\\N \\\\l"]'


def _evil_views() -> list[Diagram]:
    doc = renamed(json.loads((RECORDINGS / "transfer-twice.json").read_text()), {"Anna": EVIL})
    doc["meta"]["title"] = EVIL
    doc["meta"]["comments"]["1"] = EVIL
    doc["meta"]["comments_before"] = {"0": EVIL}
    rec = Recording.from_json(doc)
    replay = Replay(rec)
    return [
        game_tree(replay.game(0), depth=1),
        bout_diagram(replay, 3),
        variation_tree(rec),
    ]


def test_no_html_label_in_any_view() -> None:
    for d in _evil_views():
        assert "label=<" not in d.source and "=<" not in d.source
        assert "<img src=x onerror=\\\"alert(1)\\\"> & 'Q'\\nline2 \\\\N \\\\l" in d.source


@pytest.mark.skipif(not HAS_DOT, reason="graphviz's dot program is not installed")
def test_names_and_comments_render_as_typed() -> None:
    for d in _evil_views():
        shown = svg_texts(d)
        for line in EVIL_LINES:
            assert any(line in t for t in shown), (d.name, line)
        assert not any(t.startswith("<img") and "line2" in t for t in shown)


# ----------------------------------------------------------------------------- without dot


@pytest.mark.skipif(not HAS_DOT, reason="graphviz's dot program is not installed")
def test_with_dot_the_picture() -> None:
    d = game_tree(small(), depth=1)
    bundle = d._repr_mimebundle_()
    assert list(bundle) == ["image/svg+xml"]
    assert ET.fromstring(bundle["image/svg+xml"]).tag == NS + "svg"
    assert d._repr_mimebundle_(exclude=["image/svg+xml"]) == {}


def test_without_dot_the_source_and_a_hint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty directory: no dot
    d = game_tree(small(), depth=1)
    assert d._repr_mimebundle_() == {"text/plain": d.source + "\n" + HINT}
    assert HINT.count("\n") == 0 and "apt-get install graphviz" in HINT
    plain = graphviz.Digraph()
    plain.edge("a", "b")
    view = show(plain)
    assert isinstance(view, GraphView)
    assert view._repr_mimebundle_() == {"text/plain": plain.source + "\n" + HINT}
    assert str(view) == plain.source
    # through IPython's own display machinery: no traceback, the text shows
    from IPython.core.formatters import DisplayFormatter

    data, _meta = DisplayFormatter().format(d)
    assert data["text/plain"] == d.source + "\n" + HINT


def test_failing_dot_shows_its_first_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_a: Any, **_k: Any) -> str:
        raise graphviz.CalledProcessError(1, ["dot"], stderr=b"Error: syntax error in line 3\nmore\n")

    g = graphviz.Digraph()
    monkeypatch.setattr(g, "pipe", fail)
    assert mimebundle(g) == {"text/plain": g.source + "\n# dot failed: Error: syntax error in line 3"}


def test_position_label() -> None:
    assert position_label(small().position()) == "bout 1: Anna → Boris\ntable empty\ntalon 0 · hands 3/2"
    assert game_tree(small(), depth=1).edges_info[0] == EdgeInfo("p0", "p1", "Anna attacks 7♠", False)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 6)), max_size=12))
def test_folding_lists_every_move_once_in_one_node_per_run(branches: list[tuple[int, int]]) -> None:
    """Invariant: on any tree (side lines of passes hung at random nodes) the folded
    tree has one node per straight run (a run starts at every move after the start and
    at every child of a node with other than one child), and the run labels list every
    move exactly once, numbered by its place in the game from 1 (as people count moves,
    durak_nb.numbering, and the replayer numbers them)."""
    tree = GameTree.from_recording(Recording.from_json(podkidnoy_doc()))
    nodes = [tree.root, *tree.mainline()]
    for where, length in branches:
        node = nodes[where % len(nodes)]
        for _ in range(length):
            node = node.add_variation(Move.pass_(0))
            nodes.append(node)
    d = variation_tree(tree, run_width=10_000)
    starts = [c for n in nodes if n is tree.root or len(n.variations) != 1 for c in n.variations]
    assert d.kinds() == {"start": 1, "run": len(starts)}
    listed = [
        item
        for info in d.nodes_info.values()
        if info.kind == "run"
        for line in info.label.split("\n")
        for item in line.split(" · ")
        if ". " in item
    ]
    assert len(listed) == len(nodes) - 1
    depth_of = {id(tree.root): 0}
    for n in nodes[1:]:
        assert n.parent is not None
        depth_of[id(n)] = depth_of[id(n.parent)] + 1
    assert sorted(int(item.split(".")[0]) for item in listed) == sorted(depth_of[id(n)] for n in nodes[1:])
