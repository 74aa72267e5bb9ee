"""durak_nb.views.cards_svg and .display: exact SVG structure of card faces, hands, the
table, the talon and positions (R1 colours, R3 trump marker and turned-up card, R15
discard face down), escaping, display hooks, and that the engine imports no view."""

from __future__ import annotations

import itertools
import json
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from conftest import RECORDINGS
from test_replay import renamed

from durak_nb.cards import Card, Suit, deck, parse_cards
from durak_nb.engine import Game
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.cards_svg import (
    BLACK,
    GOLD,
    RED,
    card_defs,
    card_svg,
    discard_svg,
    esc,
    hand_svg,
    position_svg,
    seat_svg,
    shared_faces,
    svg_frame,
    table_svg,
    talon_svg,
)
from durak_nb.views.display import HandView, PositionView, RecordingView, register

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<img src=x onerror=\"alert(1)\"> & 'Q'\nline2"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") is not None
    return root


def svgs(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(NS + "svg"))


def cards_in(root: ET.Element) -> list[str]:
    """Codes of the face-up cards, in document order."""
    return [e.get("data-card", "") for e in svgs(root) if e.get("data-card")]


def backs(root: ET.Element) -> int:
    return sum(1 for e in svgs(root) if "dnb-back" in e.get("class", "").split())


def trump_badges(root: ET.Element) -> int:
    return sum(1 for e in root.iter(NS + "g") if e.get("class") == "dnb-trump")


def texts(root: ET.Element) -> list[tuple[str, str | None]]:
    return [(e.text or "", e.get("fill")) for e in root.iter(NS + "text")]


# ----------------------------------------------------------------------------- one card


def test_card_face_is_a_standalone_svg_r1() -> None:
    svg = card_svg(Card.parse("TH"), width=60)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="84" viewBox="0 0 60 84"')
    assert "<script" not in svg and "href" not in svg and " id=" not in svg
    root = parse(svg)
    assert len(svgs(root)) == 2  # the document and the card
    assert cards_in(root) == ["TH"]
    # corners: rank and suit twice; middle: ten pips
    assert [t for t, _ in texts(root)] == ["10", "♥", "10", "♥"] + ["♥"] * 10
    assert root.find(f"{NS}svg/{NS}title").text == "10♥"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("code", "colour"),
    [("7H", RED), ("QD", RED), ("AH", RED), ("7S", BLACK), ("KC", BLACK), ("AS", BLACK), ("TC", BLACK)],
)
def test_red_and_black_suits_r1(code: str, colour: str) -> None:
    root = parse(card_svg(Card.parse(code)))
    fills = {fill for _t, fill in texts(root)}
    assert fills == {colour}


@pytest.mark.parametrize(
    ("code", "middle"),
    [
        ("6S", ["♠"] * 6),
        ("9D", ["♦"] * 9),
        ("JH", []),  # court cards: the vendored picture, no text in the middle
        ("QC", []),
        ("KS", []),
        ("AD", ["♦"]),
        ("2C", ["♣"] * 2),
    ],
)
def test_pips_or_picture_in_the_middle_r1(code: str, middle: list[str]) -> None:
    card = Card.parse(code)
    root = parse(card_svg(card))
    rank = "10" if code[0] == "T" else code[0]
    assert [t for t, _ in texts(root)] == [rank, card.suit.symbol] * 2 + middle


def test_trump_marker_only_on_trumps_r3() -> None:
    trump = parse(card_svg(Card.parse("6H"), trump=Suit.H))
    assert trump_badges(trump) == 1
    assert [t for t, _ in texts(trump)][-1] == "★"
    # the plain face's grey border, then the gold border over it and the gold band across the top
    assert [r.get("stroke") for r in trump.findall(f"{NS}svg/{NS}rect")] == ["#444", GOLD]
    band = trump.find(f"{NS}svg/{NS}g[@class='dnb-trump']/{NS}path")
    assert band is not None and band.get("fill") == GOLD and band.get("d", "").startswith("M3.5 12V9.5")
    assert trump.find(f"{NS}svg/{NS}title").text == "6♥ (trump)"  # type: ignore[union-attr]
    other = parse(card_svg(Card.parse("6S"), trump=Suit.H))
    assert trump_badges(other) == 0
    assert [r.get("stroke") for r in other.findall(f"{NS}svg/{NS}rect")] == ["#444"]
    assert trump_badges(parse(card_svg(Card.parse("6H")))) == 0  # no trump given: no marker


def test_every_card_of_the_deck_parses_and_only_trumps_are_marked_r1_r3() -> None:
    for card in deck(52):
        root = parse(card_svg(card, trump=Suit.D))
        assert cards_in(root) == [card.code]
        assert trump_badges(root) == (1 if card.suit == Suit.D else 0)


def test_card_back_tells_nothing() -> None:
    svg = card_svg(Card.parse("AS"), face_up=False)
    root = parse(svg)
    assert texts(root) == []
    assert cards_in(root) == []
    assert backs(root) == 1
    assert "AS" not in svg and "♠" not in svg and "A♠" not in svg
    assert root.find(f"{NS}svg/{NS}title").text == "a card face down"  # type: ignore[union-attr]
    assert root.get("aria-label") == "a card face down"
    # a face-down trump shows no trump marker either
    assert trump_badges(parse(card_svg(Card.parse("6H"), trump=Suit.H, face_up=False))) == 0


def test_bad_width_is_refused() -> None:
    with pytest.raises(ValueError, match="width must be positive"):
        card_svg(Card.parse("6S"), width=0)


# ----------------------------------------------------------------------------- hand, table, talon


def test_hand_in_a_row() -> None:
    hand = parse_cards("6S 7H 8D 9C TS JH")
    root = parse(hand_svg(hand, trump=Suit.D, width=50))
    assert len(svgs(root)) == 7
    assert cards_in(root) == ["6S", "7H", "8D", "9C", "TS", "JH"]
    assert trump_badges(root) == 1  # 8D only
    xs = [e.get("x") for e in svgs(root)[1:]]
    assert xs == ["2", "32", "62", "92", "122", "152"]  # 60 % of a card apart
    assert root.get("width") == "204"  # 50 + 5 × 30 + 4
    assert root.get("aria-label") == "6♠ 7♥ 8♦ 9♣ 10♠ J♥"


def test_hand_fanned_8_degrees_apart() -> None:
    root = parse(hand_svg(parse_cards("6S 7H 8D"), fan=True))
    turns = [g.get("transform", "").split()[0] for g in root.findall(f"{NS}g")]
    assert turns == ["rotate(-8", "rotate(0", "rotate(8"]
    assert cards_in(root) == ["6S", "7H", "8D"]


def test_hand_face_down_and_empty() -> None:
    root = parse(hand_svg(parse_cards("6S 7H"), face_up=False))
    assert (cards_in(root), backs(root), texts(root)) == ([], 2, [])
    assert root.get("aria-label") == "2 cards face down"
    empty = parse(hand_svg([]))
    assert len(svgs(empty)) == 1
    assert texts(empty) == [("no cards", "#777")]


def test_table_pairs_cover_overlaps_offset_r10() -> None:
    pairs = [(Card.parse("7S"), Card.parse("9S")), (Card.parse("7H"), None), (Card.parse("8C"), Card.parse("6H"))]
    root = parse(table_svg(pairs, trump=Suit.H, width=60))
    placed = [(e.get("data-card"), e.get("class"), e.get("x"), e.get("y")) for e in svgs(root)[1:]]
    assert placed == [
        ("7S", "dnb-card dnb-attack", "2", "2"),
        ("9S", "dnb-card dnb-cover", "27.2", "23.6"),  # 0.42 and 0.36 of a card across and down
        ("7H", "dnb-card dnb-attack", "92", "2"),
        ("8C", "dnb-card dnb-attack", "182", "2"),
        ("6H", "dnb-card dnb-cover", "207.2", "23.6"),
    ]
    # each cover turned 24° about its own centre: laid across the card it beats
    turns = [g.get("transform") for g in root.findall(f"{NS}g")]
    assert turns == ["rotate(24 57.2 65.6)", "rotate(24 237.2 65.6)"]
    assert trump_badges(root) == 2  # 7H and 6H
    assert root.get("aria-label") == "7♠ covered by 9♠, 7♥, 8♣ covered by 6♥"
    assert texts(parse(table_svg([]))) == [("empty", "#777")]


def test_talon_with_the_turned_up_trump_under_it_r3_r16() -> None:
    root = parse(talon_svg(12, Card.parse("6H")))
    assert cards_in(root) == ["6H"]
    turned = next(e for e in svgs(root) if e.get("data-card") == "6H")
    assert turned.get("class") == "dnb-card dnb-turned-up"
    assert trump_badges(root) == 1
    assert backs(root) == 3  # the stack's thickness, not one back per card
    assert [t for t, _ in texts(root)][-2:] == ["12 cards", "trump ♥"]
    assert root.get("aria-label") == "talon: 12 cards, 6♥ turned up"
    # R16: the turned-up card is drawn last, so it is all that is left
    last = parse(talon_svg(1, Card.parse("6H")))
    assert (cards_in(last), backs(last)) == (["6H"], 0)
    assert [t for t, _ in texts(last)][-2:] == ["1 card", "trump ♥"]
    empty = parse(talon_svg(0, Card.parse("6H")))
    assert (cards_in(empty), backs(empty)) == ([], 0)
    # the outline holds no word: the caption under it says it (issue 22: no tiny «порожньо» inside)
    assert [t for t, _ in texts(empty)] == ["talon empty", "trump ♥"]
    # R3 with nothing left to turn up (or R8 japanese): only the suit is shown
    none = parse(talon_svg(0, None, trump=Suit.D))
    assert [t for t, _ in texts(none)] == ["talon empty", "trump ♦"]
    with pytest.raises(ValueError, match="0 or more"):
        talon_svg(-1, None)


def test_discard_face_down_r15() -> None:
    root = parse(discard_svg(9))
    assert (cards_in(root), backs(root)) == ([], 3)
    assert [t for t, _ in texts(root)] == ["9 cards"]
    assert [t for t, _ in texts(parse(discard_svg(0)))] == ["empty"]  # under the outline, not in it too


# ----------------------------------------------------------------------------- positions


@pytest.fixture(scope="module")
def transfer() -> Replay:
    return Replay.load(RECORDINGS / "transfer-twice.json")


def test_position_all_hands_open(transfer: Replay) -> None:
    pos = transfer.position(5)  # Gleb has covered 8S and 8H; 8D is still open
    root = parse(position_svg(pos, actors=transfer.whose_turn(5)))
    hands = [
        "6D",
        "7S",
        "9H",
        "JC",
        "KH",
        "6H",
        "7H",
        "TS",
        "QC",
        "AS",
        "6C",
        "9D",
        "TD",
        "KS",
        "AD",
        "6S",
        "8C",
        "JH",
        "QD",
    ]
    assert [c.code for h in pos.hands for c in h] == hands
    assert cards_in(root) == [*hands, "8S", "9S", "8H", "TH", "8D", "9C"]  # hands, table, turned-up (R3)
    assert backs(root) == 3 + 2  # talon stack (3 backs at most) and the 2-card discard pile
    assert trump_badges(root) == 5  # clubs: JC, QC, 6C, 8C and the turned-up 9C
    assert [t for t, _ in texts(root) if not t.isdigit() and t not in "♠♥♦♣★JQKA"] == [
        "Bout 3: Vera attacks Gleb · may act: Vera, Gleb",
        "Anna (5 cards)",
        "Boris (5 cards)",
        "Vera (5 cards) — attacker",
        "Gleb (4 cards) — defender",
        "Table",
        "Talon",
        "10 cards",
        "trump ♣",
        "Discard",
        "2 cards",
    ]


def test_position_from_one_players_view(transfer: Replay) -> None:
    pos = transfer.position(5)
    root = parse(position_svg(pos, perspective=1))
    assert cards_in(root) == ["6H", "7H", "TS", "QC", "AS", "8S", "9S", "8H", "TH", "8D", "9C"]
    assert backs(root) == 5 + 5 + 4 + 3 + 2  # the other hands, talon, discard
    with pytest.raises(ValueError, match=r"perspective 4 is not a seat 0\.\.3"):
        position_svg(pos, perspective=4)


def test_frame_parts_for_a_widget(transfer: Replay) -> None:
    pos = transfer.position(5)
    f = svg_frame(pos, perspective=3, actors=transfer.whose_turn(5))
    assert f.headline == "Bout 3: Vera attacks Gleb · may act: Vera, Gleb"
    assert [(cards_in(parse(h)), backs(parse(h))) for h in f.hands] == [
        ([], 5),
        ([], 5),
        ([], 5),
        (["6S", "8C", "JH", "QD"], 0),
    ]
    assert next(t for t, _ in texts(parse(f.hands[2]))) == "Vera (5 cards) — attacker"
    assert cards_in(parse(f.table)) == ["8S", "9S", "8H", "TH", "8D"]
    assert cards_in(parse(f.talon)) == ["9C"]
    assert [t for t, _ in texts(parse(f.discard))] == ["2 cards"]
    assert seat_svg(pos, 3) == f.hands[3]
    with pytest.raises(ValueError, match=r"seat 4 is not a seat 0\.\.3"):
        seat_svg(pos, 4)
    with pytest.raises(ValueError, match=r"perspective -1 is not a seat"):
        svg_frame(pos, perspective=-1)


def test_position_game_over_r25() -> None:
    rec = Recording.load(RECORDINGS / "draw.json")
    words = [t for t, _ in texts(parse(position_svg(rec.replay().position())))]
    assert words[0] == "Game over: draw (R25)"


def _evil_game() -> Game:
    return Game.from_position(
        "podkidnoy",
        [EVIL, "B&B"],
        hands={EVIL: "7S 7H", "B&B": "8S"},
        talon="",
        trump="H",
        attacker=EVIL,
        first_bito_done=True,
        rest_to_discard=True,
    )


def test_names_are_text_never_markup() -> None:
    svg = position_svg(_evil_game().position())
    root = parse(svg)  # still well-formed XML
    assert "<img" not in svg and 'onerror="' not in svg
    assert root.find(f".//{NS}img") is None and root.find(".//img") is None
    words = [t for t, _ in texts(root)]
    # the headline wraps to the picture's width (issue 22), wider than 520 px on one line
    assert words[:2] == [f"Bout 1: {EVIL} attacks", "B&B"]
    assert f"{EVIL} (2 cards) — attacker" in words
    assert "B&B (1 card) — defender" in words
    assert esc("a\x00b\x1bc") == "a\ufffdb\ufffdc"  # XML cannot hold control characters


# ----------------------------------------------------------------------------- display hooks


def test_views_show_themselves() -> None:
    hand = HandView(parse_cards("7S 7H"), trump=Suit.H)
    assert cards_in(parse(hand._repr_svg_())) == ["7S", "7H"]
    assert hand._repr_html_().startswith('<div class="dnb-hand-svg"><svg xmlns=')
    assert repr(hand) == "HandView('7S 7H')"
    game = _evil_game()
    view = PositionView(game.position(), perspective=0, actors=[0])
    root = parse(view._repr_svg_())
    assert cards_in(root) == ["7S", "7H"]
    assert [t for t, _ in texts(root)][:2] == [f"Bout 1: {EVIL} attacks", f"B&B · may act: {EVIL}"]


def test_recording_view_summary_and_final_position() -> None:
    rec = Recording.load(RECORDINGS / "drawing-order-short-talon.json")
    view = RecordingView(rec)
    assert view.summary() == (
        "podkidnoy · Anna, Boris, Vera, Gleb · Drawing order with a short talon · 9 moves · not finished"
    )
    html = view._repr_html_()
    assert html.startswith(f'<div class="dnb-recording"><div>{view.summary()}</div><div><svg xmlns=')
    doc = renamed(json.loads((RECORDINGS / "drawing-order-short-talon.json").read_text()), {"Anna": EVIL})
    doc["meta"]["title"] = "<script>alert(1)</script>"
    evil = RecordingView(Recording.from_json(doc))._repr_html_()
    assert "<script" not in evil and "<img" not in evil
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in evil
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in evil


def test_register_adds_ipython_formatters() -> None:
    from IPython.core.formatters import DisplayFormatter

    class Shell:
        display_formatter = DisplayFormatter()

    shell = Shell()
    assert register(shell) is True
    data, _meta = shell.display_formatter.format(Card.parse("QD"))
    assert cards_in(parse(data["image/svg+xml"])) == ["QD"]
    assert data["text/plain"] == "Card('QD')"
    pos = _evil_game().position()
    data, _meta = shell.display_formatter.format(pos)
    assert cards_in(parse(data["image/svg+xml"])) == ["7S", "7H", "8S"]
    rec = Recording.load(RECORDINGS / "draw.json")
    data, _meta = shell.display_formatter.format(rec)
    assert data["text/html"].startswith('<div class="dnb-recording"><div>podkidnoy')
    # outside a kernel there is nothing to register with
    assert register() is False


def test_engine_imports_no_view() -> None:
    code = (
        "import sys, durak_nb, durak_nb.cards, durak_nb.engine, durak_nb.rules, durak_nb.record, durak_nb.replay;"
        "print(sorted(m for m in sys.modules if m.startswith('durak_nb.views') or m.split('.')[0] in "
        "('graphviz', 'ipywidgets', 'IPython')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_pictures_in_a_real_kernel() -> None:
    """In a kernel, importing the views makes cards and positions show as SVG and
    recordings as HTML; a diagram shows as SVG, and as DOT source + hint without dot."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("from durak_nb.cards import Card\nCard.parse('TH')"),  # no views yet: text only
        nbformat.v4.new_code_cell(
            "import os\nfrom IPython.display import display\nimport durak_nb.views\n"
            "from durak_nb.record import Recording\nfrom durak_nb.views.trees import game_tree\n"
            f"rec = Recording.load({str(RECORDINGS / 'draw.json')!r})\n"
            "d = game_tree(rec.new_game(), depth=1)\n"
            "display(Card.parse('TH'), rec.replay().position(), rec, d)\n"
            "os.environ['PATH'] = '/nonexistent'\ndisplay(d)"
        ),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(RECORDINGS)}}).execute()
    data = [nb.cells[0].outputs[0]["data"]] + [o["data"] for o in nb.cells[1].outputs]
    assert sorted(data[0]) == ["text/plain"]
    assert data[0]["text/plain"] == "Card('TH')"
    assert sorted(data[1]) == ["image/svg+xml", "text/plain"]
    assert cards_in(parse(data[1]["image/svg+xml"])) == ["TH"]
    assert sorted(data[2]) == ["image/svg+xml", "text/plain"]
    assert next(t for t, _ in texts(parse(data[2]["image/svg+xml"]))) == "Game over: draw (R25)"
    assert data[3]["text/html"].startswith('<div class="dnb-recording"><div>podkidnoy')
    assert sorted(data[4]) == ["image/svg+xml", "text/plain"]
    assert sorted(data[5]) == ["text/plain"]
    assert data[5]["text/plain"].startswith("digraph game_tree {")
    assert data[5]["text/plain"].endswith("to see the picture.")


def test_court_cards_wear_the_vendored_cc0_faces_r1() -> None:
    """J, Q, K of each suit: Adrian Kennard's faces from @letele/playing-cards (CC0-1.0),
    checked by their sha256, with the licence notice beside them; our index over theirs."""
    import hashlib

    from durak_nb.views.cards_svg import COURT_FACES, COURT_FACES_SHA256

    data = COURT_FACES.read_bytes()
    assert hashlib.sha256(data).hexdigest() == COURT_FACES_SHA256
    notice = (COURT_FACES.parent / "court-faces-NOTICE.txt").read_text(encoding="utf-8")
    assert "@letele/playing-cards 0.1.0" in notice and "CC0 1.0 Universal" in notice
    faces = json.loads(data)
    assert sorted(faces) == sorted(r + s for r in "JQK" for s in "SHDC")
    for code in faces:
        svg = card_svg(Card.parse(code))
        assert svg.count('class="dnb-court"') == 1 and f'id="dnb-{code}-' in svg
        assert [t for t, _ in texts(parse(svg))] == [code[0], Card.parse(code).suit.symbol] * 2
    assert 'class="dnb-court"' not in card_svg(Card.parse("TS")) + card_svg(Card.parse("AS"))


def test_shared_faces_point_to_the_definitions_once_each() -> None:
    """card_defs holds each face once (104 faces and the back; a trump face is the plain
    face under the trump's marks); shared_faces swaps each card's face for a <use>."""
    defs = card_defs()
    ids = re.findall(r'<g id="(dnb-f-[^"]+)"', defs)
    assert len(ids) == len(set(ids)) == 52 * 2 + 1
    assert '<g id="dnb-f-TH-t"><use href="#dnb-f-TH"/>' in defs
    hand = hand_svg(parse_cards("6S TH"), trump=Suit.H, width=40)
    shared = shared_faces(hand)
    assert re.findall(r'<use href="#([^"]+)"/>', shared) == ["dnb-f-6S", "dnb-f-TH-t"]
    assert re.findall(r'data-card="(\w\w)"', shared) == ["6S", "TH"]
    backs_only = shared_faces(hand_svg(parse_cards("6S"), face_up=False))
    assert re.findall(r'<use href="#([^"]+)"/>', backs_only) == ["dnb-f-back"]
    assert shared_faces("<b>no cards</b>") == "<b>no cards</b>"


# ----------------------------------------------------------------------------- captions fitted (issue 22)

LONG = "Friedrich-Wilhelm Maximilian-Alexander von Hohenzollern-Sigmaringen"


def _long_named(lang: str) -> Game:
    from durak_nb.i18n import language

    with language(lang):
        return Game.from_position(
            "podkidnoy",
            [LONG, "Вера Павловна Долгорукова-Оболенская"],
            hands={LONG: "7S 7H", "Вера Павловна Долгорукова-Оболенская": "8S 9S TS"},
            talon="",
            trump="H",
            attacker=LONG,
            first_bito_done=True,
            rest_to_discard=True,
        )


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_long_name_wraps_in_its_seats_box_never_past_the_picture(lang: str) -> None:
    """A seat's caption longer than the picture wraps at spaces into lines within it (each
    line's width by the font's own widths), every word kept: the picture stays at most
    HEADLINE_WIDTH (520 px) wide instead of widening to the caption (issue 22)."""
    from durak_nb.i18n import language
    from durak_nb.views.cards_svg import HEADLINE_WIDTH, SEAT_WIDTH, _caption
    from durak_nb.views.textfit import text_width

    with language(lang):
        pos = _long_named(lang).position()
        whole = [_caption(pos, s) for s in range(2)]
        root = parse(position_svg(pos))
        seat = parse(seat_svg(pos, 0))
    width = float(root.get("width") or 0)
    assert width <= HEADLINE_WIDTH
    for s, caption in enumerate(whole):
        group = next(g for g in root.iter(NS + "g") if g.get("data-seat") == str(s))
        lines = [t for t in group.iter(NS + "text") if float(t.get("x") or 0) == 8.0]
        assert " ".join(t.text or "" for t in lines) == caption
        assert len(lines) >= (2 if s == 0 else 1)
        for t in lines:
            assert 8 + text_width(t.text or "", float(t.get("font-size") or 0)) <= width - 8 + 0.01
    seat_lines = [t for t in seat.iter(NS + "text") if t.get("x") == "2"]
    assert " ".join(t.text or "" for t in seat_lines) == whole[0]
    assert float(seat.get("width") or 0) == pytest.approx(SEAT_WIDTH + 4)
    assert all(text_width(t.text or "", 13) <= SEAT_WIDTH for t in seat_lines)


def test_a_word_wider_than_the_box_is_set_smaller_not_cut() -> None:
    from durak_nb.views.textfit import fit_lines, text_width

    lines, size, box = fit_lines("Вольфгангамадейусмоцартовна (6 карт)", 13, 150)
    assert lines == ["Вольфгангамадейусмоцартовна", "(6 карт)"]
    # at the smallest size, 9 px, the word is still wider than 150 px: the box widens to it
    assert size == 9.0 and box == math.ceil(text_width(lines[0], 9.0)) == 155
    assert fit_lines("Anna (6 cards)", 13, 150) == (["Anna (6 cards)"], 13, 150)


def test_the_deck_is_a_row_per_suit_never_one_row_of_36() -> None:
    """Lesson 1's deck (``course_show.deck``): four rows of nine, one under the other
    with a gap (no row overlaps another), 201 px wide instead of 748 (issue 22: one row of
    36 was scaled down to unreadable in a 592 px column)."""
    from durak_nb.views import course_show
    from durak_nb.views.cards_svg import rows_svg

    view = course_show.deck(36)
    assert [c.code for c in view.rows()[0]] == ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    assert [len(r) for r in view.rows()] == [9, 9, 9, 9]
    root = parse(view._repr_svg_())
    assert (root.get("width"), root.get("height")) == ("201.2", "212.76")
    cards = [c for c in svgs(root) if c.get("data-card")]
    assert len(cards) == 36
    tops = sorted({float(c.get("y") or 0) for c in cards})
    assert tops == [2.0, 55.72, 109.44, 163.16]  # a card is 47.6 px tall: 6.12 px between rows
    assert all(b - a > 34 * 1.4 for a, b in itertools.pairwise(tops))
    with pytest.raises(ValueError, match="at least one card"):
        rows_svg([[], []])


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_six_attacks_put_talon_and_discard_under_the_table_within_the_column(lang: str) -> None:
    """Lesson 3's full table (six attack cards, R13a) beside the talon and the discard was
    614, 622 and 642 px wide (en, ru, uk) in the 592 px lesson column, which scrolled
    sideways with «Відбій» cut: the talon and the discard go on a row under the table
    there (issue 22); with fewer cards on the table they stay beside it."""
    from durak_nb import lessons
    from durak_nb.i18n import language
    from durak_nb.views.textfit import COLUMN

    def captions(root: ET.Element, *words: str) -> dict[str, tuple[float, float]]:
        return {
            e.text or "": (float(e.get("x") or 0), float(e.get("y") or 0))
            for e in root.iter(NS + "text")
            if e.text in words
        }

    with language(lang):
        full = lessons.bout_limit().game(3)
        words = (
            ("Table", "Talon", "Discard")
            if lang == "en"
            else {"ru": ("Стол", "Колода", "Отбой"), "uk": ("Стіл", "Колода", "Відбій")}[lang]
        )
        root = parse(position_svg(full.position()))
        small = parse(position_svg(lessons.small_hand().game(0).position()))
    assert len(full.position().table) == 6
    width = float(root.get("width") or 0)
    assert width == pytest.approx(417.28) and width <= COLUMN  # the table's own width
    at = captions(root, *words)
    table, talon, discard = (at[w] for w in words)
    assert talon[0] == table[0] == 8.0 and talon[1] > table[1] + 100 and discard[1] == talon[1]
    at = captions(small, *words)
    assert at[words[1]][0] > at[words[0]][0] and at[words[1]][1] == at[words[0]][1]  # beside the table
