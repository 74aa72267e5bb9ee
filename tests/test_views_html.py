"""durak_nb.views.html: exact HTML fragments of positions, and escaping of everything
a recording holds (names, meta, comments): nothing recorded is rendered as raw HTML."""

from __future__ import annotations

import subprocess
import sys

from test_replay import perevodnoy_doc, podkidnoy_doc, renamed

from durak_nb.cards import Card, Suit, parse_cards
from durak_nb.engine import Game
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.html import (
    Frame,
    board_html,
    card_html,
    cards_html,
    events_html,
    frame,
    hand_html,
    header_html,
    move_html,
    result_html,
    seat_places,
    stock_html,
    suit_html,
    table_html,
    trump_html,
    turn_html,
)

S6 = '<span class="dnb-card" style="color:#111">6♠</span>'
S7 = '<span class="dnb-card" style="color:#111">7♠</span>'
C6 = '<span class="dnb-card" style="color:#111">6♣</span>'
D6 = '<span class="dnb-card" style="color:#c62828">6♦</span>'
H10 = '<span class="dnb-card" style="color:#c62828">10♥</span>'
HK = '<span class="dnb-card" style="color:#c62828">K♥</span>'
S9 = '<span class="dnb-card" style="color:#111">9♠</span>'


def test_cards_red_suits_in_red_r1() -> None:
    assert card_html(Card.parse("6S")) == S6
    assert card_html(Card.parse("TH")) == H10
    assert card_html(Card.parse("6D")) == D6
    assert card_html(Card.parse("6C")) == C6
    assert cards_html(parse_cards("6S 6D")) == S6 + D6
    assert cards_html([]) == '<span class="dnb-none">—</span>'
    assert suit_html(Suit.H) == '<span style="color:#c62828">♥</span>'
    assert suit_html(Suit.C) == '<span style="color:#111">♣</span>'


def test_hand_roles_r10_r14_r24_r25(pod: Replay) -> None:
    assert hand_html(pod.position(5), 0) == (
        f'<div class="dnb-hand"><b>Anna</b> <span class="dnb-role">attacker</span> (2 cards): {S9}{HK}</div>'
    )
    assert hand_html(pod.position(5), 1).startswith(
        '<div class="dnb-hand"><b>Boris</b> <span class="dnb-role">defender, takes</span> (4 cards): '
    )
    final = pod.position(14)
    assert hand_html(final, 0) == (
        '<div class="dnb-hand"><b>Anna</b> <span class="dnb-role">out #1</span> (0 cards): '
        '<span class="dnb-none">—</span></div>'
    )
    assert hand_html(final, 1) == (
        '<div class="dnb-hand"><b>Boris</b> <span class="dnb-role">durak</span> (4 cards): '
        f"{C6}{S7}"
        '<span class="dnb-card" style="color:#c62828">8♦</span>'
        '<span class="dnb-card" style="color:#c62828">J♥</span></div>'
    )


def test_table_as_attack_defence_pairs_r10(pod: Replay) -> None:
    assert table_html(pod.position(0)) == '<b>Table</b> (стол): <span class="dnb-none">empty</span>'
    assert table_html(pod.position(5)) == (
        "<b>Table</b> (стол): 3 attack, 1 covered"
        f'<table class="dnb-pairs"><tr><td>{S6}</td><td>{C6}</td><td>{D6}</td></tr>'
        f"<tr><td>{S7}</td><td></td><td></td></tr></table>"
    )
    assert table_html(pod.position(13)) == (
        "<b>Table</b> (стол): 2 attack, 2 covered"
        f'<table class="dnb-pairs"><tr><td>{S6}</td><td>{D6}</td></tr>'
        f"<tr><td>{H10}</td><td>{HK}</td></tr></table>"
    )


def test_trump_and_stock_r3_r15_r16(pod: Replay) -> None:
    head = '<b>Trump</b> (козырь): <span style="color:#c62828">♥</span>'
    assert trump_html(pod.position(5)) == f"{head} turned up {H10} (under the talon)"
    assert trump_html(pod.position(6)) == f"{head} turned up {H10} (drawn)"
    assert stock_html(pod.position(0)) == "<b>Talon</b> (колода): 2 cards · <b>Discard</b> (отбой): 24 cards"
    assert stock_html(pod.position(14)) == "<b>Talon</b> (колода): 0 cards · <b>Discard</b> (отбой): 32 cards"


def test_trump_japanese_no_card_turned_up_r8() -> None:
    g = Game.from_position(
        "japanese",
        ["Anna", "Boris"],
        hands={"Anna": "7S", "Boris": "8D"},
        talon="9C",
        trump="D",
        attacker="Anna",
        rest_to_discard=True,
    )
    assert trump_html(g.position()) == (
        '<b>Trump</b> (козырь): <span style="color:#c62828">♦</span> <span class="dnb-none">no card turned up</span>'
    )
    assert stock_html(g.position()) == "<b>Talon</b> (колода): 1 card · <b>Discard</b> (отбой): 33 cards"


def test_turn_r9_r12_r14(pod: Replay) -> None:
    assert turn_html(pod.position(0), pod.whose_turn(0), pod.throwers(0)) == (
        "<b>Bout 1</b> · attacker <b>Anna</b> · defender <b>Boris</b> · may act: <b>Anna</b>"
    )
    assert turn_html(pod.position(1), pod.whose_turn(1), pod.throwers(1)) == (
        "<b>Bout 1</b> · attacker <b>Anna</b> · defender <b>Boris</b> · throwers: Anna · may act: <b>Anna, Boris</b>"
    )
    assert turn_html(pod.position(5), pod.whose_turn(5), pod.throwers(5)) == (
        "<b>Bout 1</b> · attacker <b>Anna</b> · defender <b>Boris</b> (takes) · throwers: Anna · may act: <b>Anna</b>"
    )
    assert turn_html(pod.position(14), (), ()) == "<b>Game over</b>"


def test_turn_with_transfer_r17_r20() -> None:
    per = Replay(Recording.from_json(perevodnoy_doc()))
    assert turn_html(per.position(3), per.whose_turn(3), per.throwers(3)) == (
        "<b>Bout 3</b> · attacker <b>Vera</b> · defender <b>Anna</b> · throwers: Boris, Vera · "
        "may act: <b>Anna, Vera</b>"
    )


def test_move_events_result(pod: Replay) -> None:
    assert move_html(0, 14, None, "Anna attacks 6♠") == (
        '<b>Start</b> (0 of 14 moves played)<div class="dnb-none">next, move 1: Anna attacks 6♠</div>'
    )
    assert move_html(14, 14, "Boris passes", None, "a <b>comment</b>") == (
        '<b>Move 14</b> (14 of 14 played): Boris passes<div class="dnb-comment">a &lt;b&gt;comment&lt;/b&gt;</div>'
    )
    assert events_html([]) == ""
    assert events_html(["Anna draws 9♣ 10♥ (R16)", "a < b"]) == (
        '<ul class="dnb-events"><li>Anna draws 9♣ 10♥ (R16)</li><li>a &lt; b</li></ul>'
    )
    assert result_html(pod.position(13)) == ""
    assert result_html(pod.position(14)) == "<b>Result</b>: Boris is the durak · out in order: Anna"


def test_frame_at_index_5(pod: Replay) -> None:
    """Frame 5: the position before move index 5, move 5 as people count it (вдогонку, R14)
    explained with its comment."""
    f = frame(pod, 5)
    assert isinstance(f, Frame)
    assert f.move == (
        "<b>Move 5</b> (5 of 14 played): Anna throws in 6♦ — вдогонку, a throw-in after take (R14): "
        '2 more cards may still be given (R13)<div class="dnb-comment">вдогонку: after the take</div>'
        '<div class="dnb-none">next, move 6: Anna passes</div>'
    )
    assert f.events == ""
    assert f.table == table_html(pod.position(5))
    assert f.hands == (hand_html(pod.position(5), 0), hand_html(pod.position(5), 1))
    assert f.result == ""
    f6 = frame(pod, 6)
    assert f6.events == (
        '<ul class="dnb-events"><li>Boris picks up 6♠ 7♠ 6♣ 6♦ (R14)</li><li>Anna draws 9♣ 10♥ (R16)</li></ul>'
    )


EVIL = "<img src=x onerror=alert(1)>"
AMP = 'A&B "q"'
EVIL_ESC = "&lt;img src=x onerror=alert(1)&gt;"
AMP_ESC = "A&amp;B &quot;q&quot;"


def evil_replay() -> Replay:
    doc = renamed(podkidnoy_doc(), {"Anna": EVIL, "Boris": AMP})
    doc["meta"] = {
        "event": "<script>alert('e')</script>",
        "title": "<b>t</b>",
        "description": "x & y <hr>",
        "comments": {"0": "<img src=y onerror=alert(2)>", "4": "5 < 6 & 7 > 2"},
    }
    return Replay(Recording.from_json(doc))


def all_html(replay: Replay) -> str:
    rec = replay.recording
    parts = [header_html(rec.rules.preset, replay.players, rec.meta), replay._repr_html_()]
    for k in range(len(replay) + 1):
        f = frame(replay, k)
        parts += [*f.hands, f.table, f.trump, f.stock, f.turn, f.move, f.events, f.result]
    return "\n".join(parts)


def test_names_and_meta_are_escaped_everywhere() -> None:
    """Player names `<img src=x onerror=alert(1)>` and `A&B "q"`, and markup in meta
    and comments, appear only in escaped form in every fragment of every frame."""
    replay = evil_replay()
    out = all_html(replay)
    assert EVIL not in out
    assert "<img" not in out
    assert "<script" not in out
    assert "<b>t</b>" not in out
    assert "<hr>" not in out
    assert AMP not in out
    assert "A&B" not in out
    assert '"q"' not in out
    assert out.count(EVIL_ESC) > 30
    assert out.count(AMP_ESC) > 30
    header = header_html(replay.recording.rules.preset, replay.players, replay.recording.meta)
    assert header == (
        f"<b>podkidnoy</b> · {EVIL_ESC}, {AMP_ESC} · &lt;b&gt;t&lt;/b&gt; · "
        "&lt;script&gt;alert(&#x27;e&#x27;)&lt;/script&gt;"
        '<details class="dnb-none"><summary>about this recording</summary>x &amp; y &lt;hr&gt;</details>'
    )
    f = frame(replay, 1)
    assert f.hands[0].startswith(f'<div class="dnb-hand"><b>{EVIL_ESC}</b> <span class="dnb-role">attacker</span>')
    assert f.move == (
        f"<b>Move 1</b> (1 of 14 played): {EVIL_ESC} attacks 6♠ — the lead (заход, R9); {AMP_ESC} defends (R10)"
        '<div class="dnb-comment">&lt;img src=y onerror=alert(2)&gt;</div>'
        f'<div class="dnb-none">next, move 2: {AMP_ESC} covers 6♠ with 7♠</div>'
    )
    assert frame(replay, 5).move.count("5 &lt; 6 &amp; 7 &gt; 2") == 1
    assert frame(replay, 14).result == f"<b>Result</b>: {AMP_ESC} is the durak · out in order: {EVIL_ESC}"


def test_engine_and_replay_never_import_views() -> None:
    """Data flows one way: importing the engine, recordings and the replay loads
    neither the views nor ipywidgets (ARCHITECTURE.md principle 2)."""
    code = (
        "import sys, durak_nb, durak_nb.engine, durak_nb.record, durak_nb.replay, durak_nb.bots, durak_nb.cli\n"
        "print(sorted(m for m in sys.modules if m.startswith(('durak_nb.views', 'ipywidgets'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_seat_places_viewer_at_the_bottom_others_in_the_order_of_play_r9() -> None:
    assert seat_places(2, 0) == ((1,), 0)
    assert seat_places(2, 1) == ((1,), 0)
    assert seat_places(2, 2) == ((0,), 1)
    assert seat_places(3, 3) == ((0, 1), 2)
    assert seat_places(4, 0) == ((1, 2, 3), 0)
    assert seat_places(6, 4) == ((4, 5, 0, 1, 2), 3)


def test_board_layout_slots_in_order() -> None:
    """The felt (the others across the top, the table with the talon and discard, the
    viewer at the bottom), then the text beside it; each slot filled by name."""
    board = board_html(3, 2, lambda name: f"<i>{name}</i>")
    assert board == (
        '<div class="dnb-board" data-view="2"><div class="dnb-felt">'
        '<div class="dnb-top"><div class="dnb-seat" data-slot="seat 2"><i>seat 2</i></div>'
        '<div class="dnb-seat" data-slot="seat 0"><i>seat 0</i></div></div>'
        '<div class="dnb-middle"><div class="dnb-table-slot" data-slot="table"><i>table</i></div>'
        '<div class="dnb-stock-slot" data-slot="stock"><i>stock</i></div></div>'
        '<div class="dnb-bottom"><div class="dnb-seat dnb-me" data-slot="seat 1"><i>seat 1</i></div></div></div>'
        '<div class="dnb-text"><div class="dnb-story" data-slot="story"><i>story</i></div>'
        '<div class="dnb-turn-slot" data-slot="turn"><i>turn</i></div>'
        '<div class="dnb-events-slot" data-slot="events"><i>events</i></div>'
        '<div class="dnb-result" data-slot="result"><i>result</i></div></div></div>'
    )
