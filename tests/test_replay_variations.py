"""Replay of variations: side lines from ``meta.variations`` (docs/notation.md), stepped into
and out of, each checked against the engine from its branching position.

The game: podkidnoy, seed 1 (R3: 7H turned up, hearts trump); Anna 6D 8C TC JC AH AD,
Boris 8D TH TD JD QC KD; Boris holds the lowest trump TH and attacks first (R4).  Main
line: Boris leads 8D, Anna covers with AD, Boris passes (bito), Anna leads 8H 8C, Boris
covers 8H with TH.  Before move 1: line 1.1 (Anna takes) and line 1.2 (Anna covers with
AH ...), which has line 1.2 > 2.1 before its move 2; before move 3: line 3.1.
"""

from __future__ import annotations

import copy
import inspect
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tree import mv

from durak_nb.cards import Card, parse_cards
from durak_nb.engine import Bito, Drew, Game, Move, Took
from durak_nb.i18n import language
from durak_nb.record import Deal, Recording, RecordingError, move_to_json
from durak_nb.replay import Replay, Variation, VariationError, path_text
from durak_nb.selfplay import record_bot_game


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text else ()


MAIN = [
    Move.attack(1, "8D"),
    Move.defend(0, "AD", "8D"),
    Move.pass_(1),
    Move.attack(0, "8H 8C"),
    Move.defend(1, "TH", "8H"),
]


def annotated(meta: dict[str, Any] | None = None) -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    rec = Recording(g.rules, g.players, deal=Deal(1, g.deck_order), moves=list(MAIN))
    rec.meta = meta if meta is not None else annotated_meta()
    return rec


def annotated_meta() -> dict[str, Any]:
    return {
        "title": "Which ace?",
        "comments": {"1": "Anna spends an ace."},
        "glyphs": {"1": "?!"},
        "variations": {
            "1": [
                {
                    "moves": [mv("Anna", "take"), mv("Boris", "pass")],
                    "comments": {"0": "Keep both aces."},
                    "glyphs": {"0": "!"},
                },
                {
                    "moves": [mv("Anna", "defend", "AH", "8D"), mv("Boris", "pass"), mv("Anna", "attack", "6D")],
                    "variations": {"2": [{"moves": [mv("Anna", "attack", "8H", "8C"), mv("Boris", "take")]}]},
                },
            ],
            "3": [{"moves": [mv("Anna", "attack", "TC")], "comments_before": {"0": "One card only."}}],
        },
    }


@pytest.fixture(scope="module")
def r() -> Replay:
    return Replay(annotated())


# ----------------------------------------------------------------------------- listing lines


def test_variations_list_the_main_line_first(r: Replay) -> None:
    assert r.variations(1) == [
        Variation(1, 0, tuple(MAIN[1:]), ((1, 0),)),
        Variation(1, 1, (Move.take(0), Move.pass_(1)), ((1, 1),)),
        Variation(1, 2, (Move.defend(0, "AH", "8D"), Move.pass_(1), Move.attack(0, "6D")), ((1, 2),)),
    ]
    assert r.variations(3) == [
        Variation(3, 0, tuple(MAIN[3:]), ((3, 0),)),
        Variation(3, 1, (Move.attack(0, "TC"),), ((3, 1),)),
    ]
    assert [len(r.variations(k)) for k in range(len(r))] == [1, 3, 1, 2, 1]
    assert [v.describe(r.players) for v in r.variations(1)] == [
        "main line: Anna covers 8♦ with A♦ … (4 moves)",
        "2.1: Anna takes … (2 moves)",
        "2.2: Anna covers 8♦ with A♥ … (3 moves)",
    ]
    # a side line's own continuation is named as that line, never «2.2 > 2.0» (issue 22)
    assert [v.name for v in r.enter(1, 2).variations(1)] == ["2.2"]
    with language("ru"):
        assert [v.name for v in r.variations(1)] == ["основная линия", "2.1", "2.2"]
    with language("uk"):
        assert r.variations(3)[0].name == "основна лінія"
    with pytest.raises(IndexError):
        r.variations(5)


def test_path_text() -> None:
    assert path_text(()) == "main line"
    # people count moves from 1 (durak_nb.numbering): side line 1 instead of move index 12 is 13.1
    assert path_text(((12, 1), (3, 2))) == "13.1 > 4.2"


# ----------------------------------------------------------------------------- stepping in and out


def test_enter_a_side_line_and_back_r4_r14_r16(r: Replay) -> None:
    """Line 1.1 starts from the position before main-line move 1: Anna takes 8D (R14),
    Boris draws 6H (R16).  Boris's TH, shown for R4, stays known in the line."""
    a = r.enter(1, 1)
    assert (a.parent, a.branch, a.path, a.name) == (r, (1, 1), ((1, 1),), "2.1")
    assert a.exit() is r
    assert a.root is r
    assert r.enter(1, 1) is a
    assert repr(a) == "<Replay podkidnoy Anna, Boris: variation 2.1, 2 moves, not finished>"
    assert len(a) == 2
    assert a.position(0) == r.position(1)
    assert a.position(0).table == ((Card.parse("8D"), None),)
    assert [a.words(j) for j in range(2)] == [
        "Anna takes",
        "Boris passes; Anna picks up 8♦ (R14); Boris draws 6♥ (R16)",
    ]
    assert a.events(1) == (Took(0, cards("8D")), Drew(1, cards("6H")))
    assert [" ".join(c.code for c in h) for h in a.final.hands] == ["6D 8D 8C TC JC AH AD", "6H TH TD JD QC KD"]
    assert (a.final.attacker, a.final.defender, a.final.bout) == (1, 0, 2)  # R23: after a take, 2 players
    assert a.known(0) == ((), cards("TH"))
    assert a.known(2) == (cards("8D"), cards("TH"))
    assert a.view(2, "Boris").hidden == (6, 0)
    assert a.game(2).position() == a.final
    assert (a.comment(0), a.glyph(0), a.comment(1), a.glyph(1)) == ("Keep both aces.", "!", None, None)
    assert a.variations(0) == [Variation(0, 0, (Move.take(0), Move.pass_(1)), ((1, 1), (0, 0)))]
    assert (r.comment(1), r.glyph(1), r.comment_before(1)) == ("Anna spends an ace.", "?!", None)
    assert r.enter(3, 1).comment_before(0) == "One card only."


def test_nested_line_r15_r16(r: Replay) -> None:
    """Line 1.2 > 2.1: after the bito of line 1.2 (8D AH, R15) and the draws (R16), Anna
    leads 8H 8C instead of 6D, and Boris takes."""
    b = r.enter(1, 2)
    assert b.events(1) == (Bito(cards("8D AH")), Drew(1, cards("6H")), Drew(0, cards("8H")))
    assert b.variations(2) == [
        Variation(2, 0, (Move.attack(0, "6D"),), ((1, 2), (2, 0))),
        Variation(2, 1, (Move.attack(0, "8H 8C"), Move.take(1)), ((1, 2), (2, 1))),
    ]
    b1 = b.enter(2, 1)
    assert (b1.name, b1.path, b1.branch) == ("2.2 > 3.1", ((1, 2), (2, 1)), (2, 1))
    assert b1.position(0) == b.position(2)
    assert b1.position(0).hands == (cards("6D 8H 8C TC JC AD"), cards("6H TH TD JD QC KD"))
    assert b1.position(2).table == ((Card.parse("8H"), None), (Card.parse("8C"), None))
    assert b1.position(2).taking is True
    assert b1.whose_turn(2) == (0,)  # R14: Anna may still give cards вдогонку or pass
    assert b1.exit() is b and b1.exit().exit() is r and b1.root is r
    with pytest.raises(ValueError):
        r.exit()
    with pytest.raises(IndexError):
        b.enter(2, 2)
    with pytest.raises(IndexError):
        b.enter(3, 0)


def test_enter_the_own_continuation(r: Replay) -> None:
    """variations(k)[0] is the line itself from move k: its positions are the line's."""
    z = r.enter(1, 0)
    assert [z.position(j) for j in range(len(z) + 1)] == [r.position(k) for k in range(1, len(r) + 1)]
    assert [z.move(j) for j in range(len(z))] == MAIN[1:]
    assert (z.comment(0), z.glyph(0)) == ("Anna spends an ace.", "?!")
    assert [v.path for v in z.variations(0)] == [((1, 0), (0, 0)), ((1, 0), (0, 1)), ((1, 0), (0, 2))]
    assert [z.enter(0, 1).move(j) for j in range(2)] == [r.enter(1, 1).move(j) for j in range(2)]
    assert z.view(2, "Anna") == r.view(3, "Anna")


def test_main_line_only(r: Replay) -> None:
    only = Replay(annotated(), variations=False)
    assert only.variations(1) == [r.variations(1)[0]]
    assert only.comment(1) == "Anna spends an ace."
    with pytest.raises(IndexError):
        only.enter(1, 1)


def test_a_recording_without_variations_has_one_line_everywhere() -> None:
    rec = annotated({})
    plain = Replay(rec)
    assert [len(plain.variations(k)) for k in range(len(plain))] == [1] * 5
    assert (plain.comment(1), plain.glyph(1), plain.comment_before(0)) == (None, None, None)


# ----------------------------------------------------------------------------- checked against the engine


def test_illegal_move_in_a_line_names_the_path_and_move_r9() -> None:
    meta = annotated_meta()
    meta["variations"]["1"][1]["moves"][2] = mv("Anna", "attack", "9S")
    with pytest.raises(VariationError) as info:
        Replay(annotated(meta))
    err = info.value
    assert isinstance(err, RecordingError)
    assert str(err) == "<string>:1:1: error: [R9] variation 2.2, move 3 (Anna attacks 9♠): Anna does not hold 9♠"
    assert (err.path, err.move, err.rule) == (((1, 2),), 2, "R9")
    assert err.state is not None
    assert err.state.hands == (cards("6D 8H 8C TC JC AD"), cards("6H TH TD JD QC KD"))


def test_illegal_move_in_a_nested_line_r6() -> None:
    meta = annotated_meta()
    meta["variations"]["1"][1]["variations"]["2"][0]["moves"].insert(1, mv("Boris", "defend", "TD", "8C"))
    with pytest.raises(VariationError) as info:
        Replay(annotated(meta))
    err = info.value
    assert err.message == (
        "variation 2.2 > 3.1, move 2 (Boris covers 8♣ with 10♦): "
        "10♦ does not beat 8♣: a card is beaten by a higher card of its suit or by a trump (♥)"
    )
    assert (err.path, err.move, err.rule) == (((1, 2), (2, 1)), 1, "R6")
    assert err.state is not None and err.state.table == ((Card.parse("8H"), None), (Card.parse("8C"), None))


def test_the_first_illegal_line_in_reading_order_is_reported_r6_r9() -> None:
    """Line 1.2 and its nested line 1.2 > 2.1 are both illegal, and so is line 3.1: the
    report names 1.2 (a line is checked before the lines branching from it)."""
    meta = annotated_meta()
    meta["variations"]["3"][0]["moves"] = [mv("Boris", "attack", "6H")]  # not Boris's lead (R9)
    meta["variations"]["1"][1]["moves"][2] = mv("Anna", "attack", "9S")
    meta["variations"]["1"][1]["variations"]["2"][0]["moves"].insert(1, mv("Boris", "defend", "TD", "8C"))
    with pytest.raises(VariationError) as info:
        Replay(annotated(meta))
    assert info.value.path == ((1, 2),)
    del meta["variations"]["1"]
    with pytest.raises(VariationError) as info:
        Replay(annotated(meta))
    assert (info.value.path, info.value.rule, info.value.message) == (
        ((3, 1),),
        "R9",
        "variation 4.1, move 1 (Boris attacks 6♥): it is Anna's lead, not Boris's",
    )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda v: v.update({"9": v.pop("3")}), "['9']: the line has 5 moves"),
        (
            lambda v: v["1"][0]["moves"].__setitem__(1, {"player": "Boris", "action": "jump"}),
            "['1'][0].moves[1]: unknown action 'jump'",
        ),
        (
            lambda v: v["1"][1]["variations"].update({"0": v["1"][1]["variations"].pop("2")}),
            "['1'][1].variations['0']: a line's first move has no variations (they are variations of the line before)",
        ),
        (
            lambda v: v["1"][0].update({"glyphs": {"0": "!!!"}}),
            "['1'][0].glyphs['0']: a glyph is one of ! ? !! ?? !? ?!",
        ),
        (lambda v: v["1"][0].update({"moves": []}), "['1'][0]: a line is an object with a non-empty 'moves' list"),
        (lambda v: v.update({"01": v.pop("3")}), "['01']: a key is a move index: 0, 1, 2, …"),
    ],
)
def test_malformed_variations_are_refused(change: Any, problem: str) -> None:
    """A meta.variations that the game tree does not take (not the documented form) is
    refused with the place of the problem; variations=False still replays the main line."""
    meta = annotated_meta()
    change(meta["variations"])
    with pytest.raises(VariationError) as info:
        Replay(annotated(meta))
    assert (info.value.message, info.value.path, info.value.move) == (f"meta.variations: {problem}", (), None)
    assert len(Replay(annotated(meta), variations=False)) == 5


_KEYS = ["0", "1", "2", "3", "4", "9", "01", "1" * 12, "moves", "comments", "comments_before", "glyphs", "variations"]
_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from(["!", "?!", "!!!", "Anna", "8D", "take", ""]),
    st.sampled_from(
        [
            mv("Anna", "take"),
            mv("Boris", "pass"),
            mv("Anna", "defend", "AH", "8D"),
            mv("Anna", "attack", "TC"),
            mv("Anna", "attack", "9S"),
            mv("Vera", "pass"),
            {"player": "Boris", "action": "jump"},
            {"player": "Anna", "action": "attack", "cards": "8D"},
        ]
    ),
)
_MOVES = st.sampled_from(
    [mv("Anna", "take"), mv("Boris", "pass"), mv("Anna", "defend", "AH", "8D"), mv("Anna", "attack", "6D")]
)
_LINES = st.recursive(
    st.fixed_dictionaries({"moves": st.lists(_MOVES, min_size=1, max_size=3)}),
    lambda inner: st.fixed_dictionaries(
        {
            "moves": st.lists(_MOVES, min_size=2, max_size=3),
            "variations": st.fixed_dictionaries({"1": st.lists(inner, min_size=1, max_size=2)}),
        }
    ),
    max_leaves=4,
)
_JUNK = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(_KEYS), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=st.one_of(_JUNK, _LINES), where=st.sampled_from(["top", "line", "nested"]))
def test_any_variations_member_replays_or_raises_a_recording_error(junk: Any, where: str) -> None:
    """Whatever ``meta.variations`` holds, Replay either replays (and every line can be
    entered) or raises a RecordingError (VariationError): never another exception."""
    meta = annotated_meta()
    if where == "top":
        meta["variations"] = junk
    elif where == "line":
        meta["variations"]["1"][0] = junk
    else:
        meta["variations"]["1"][1]["variations"] = junk
    try:
        r = Replay(annotated(meta))
    except VariationError as exc:
        assert isinstance(exc, RecordingError)
        assert exc.message
        return
    todo = [r]
    while todo:
        line = todo.pop()
        for k in range(len(line)):
            for v in line.variations(k)[1:]:
                todo.append(line.enter(k, v.index))


def test_a_loaded_file_names_itself_in_the_error(tmp_path: Any) -> None:
    meta = annotated_meta()
    meta["variations"]["3"][0]["moves"] = [mv("Boris", "attack", "6H")]
    path = tmp_path / "lesson.json"
    annotated(meta).dump(path)
    with pytest.raises(VariationError) as info:
        Replay.load(path)
    assert str(info.value).startswith(f"{path}:1:1: error: [R9] variation 4.1, move 1 (Boris attacks 6♥)")


# ----------------------------------------------------------------------------- depth


def test_deep_nesting_without_recursion() -> None:
    """298 lines nested in one another (each branching before move 1 of the line before,
    along the 300-move game) are checked, entered and left with the Python recursion limit
    set well below the depth: nothing recurses in proportion to the depth."""
    long = record_bot_game("perevodnoy", 6, 98, {})
    names = long.players
    moves = [move_to_json(m, names) for m in long.moves]
    deepest: dict[str, Any] = {"moves": moves[298:300]}
    line = deepest
    for d in range(297, 0, -1):
        line = {"moves": moves[d : d + 2], "variations": {"1": [line]}}
    rec = copy.copy(long)
    rec.meta = {"variations": {"1": [line]}}
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        r = Replay(rec)
        here = r.enter(1, 1)
        for _ in range(2, 299):
            here = here.enter(1, 1)
        assert here.path == ((1, 1),) * 298
        assert here.position(0) == r.position(298)
        assert here.final == r.final
        assert here.root is r
        steps = 0
        while here.parent is not None:
            here = here.exit()
            steps += 1
    finally:
        sys.setrecursionlimit(limit)
    assert (steps, here) == (298, r)
