"""ReplayerWidget: one board widget whose value the kernel sets to the frame (few
models); exactly the engine's cards in every part of every frame and view; player views
that hide what the viewer cannot know (R4, R14, R16, R20); the move explained with its
rule ids; every recorded text escaped."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget_link import Link
from test_replay import podkidnoy_doc, renamed
from test_views_html import AMP, AMP_ESC, EVIL, EVIL_ESC

from durak_nb.cards import Card, parse_cards
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views import ReplayerWidget
from durak_nb.views.cards_svg import shared_faces
from durak_nb.views.html import board_html, frame_slot, hand_order, replayer_frames

CARD = re.compile(r'class="dnb-card( dnb-attack| dnb-cover)?" data-card="(\w\w)"')


def face_up(part: str) -> list[str]:
    """The codes of the face-up cards in ``part``, in the order drawn."""
    return [m.group(2) for m in CARD.finditer(part)]


def backs(part: str) -> int:
    return part.count("dnb-back")


def pairs(table: str) -> list[tuple[str, str | None]]:
    """The table's (attack, cover) pairs from its SVG: each cover follows its attack card."""
    out: list[tuple[str, str | None]] = []
    for m in CARD.finditer(table):
        if m.group(1) == " dnb-attack":
            out.append((m.group(2), None))
        else:
            assert m.group(1) == " dnb-cover" and out and out[-1][1] is None
            out[-1] = (out[-1][0], m.group(2))
    return out


def codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def all_widgets(w: widgets.Widget) -> list[widgets.Widget]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += all_widgets(child)
    return out


@pytest.fixture()
def widget(pod: Replay) -> ReplayerWidget:
    return ReplayerWidget(pod, interval=500)


def check_every_frame(w: ReplayerWidget) -> None:
    """Every frame, every view: the cards shown are the engine's (hands held sorted,
    the table's pairs in the order laid)."""
    replay = w.replay
    for k in range(len(replay) + 1):
        pos = replay.position(k)
        known = replay.known(k)
        for v in range(len(replay.players) + 1):
            shown = w.shown(k, v)
            for s, hand in enumerate(pos.hands):
                if v in (0, s + 1):
                    assert (face_up(shown.cards[s]), backs(shown.cards[s])) == (codes(hand_order(hand, pos.trump)), 0)
                else:
                    seen = hand_order(known[s], pos.trump)
                    assert (face_up(shown.cards[s]), backs(shown.cards[s])) == (codes(seen), len(hand) - len(seen))
            assert pairs(shown.table) == [(a.code, None if d is None else d.code) for a, d in pos.table]


def test_every_frame_shows_the_engines_cards_r10(widget: ReplayerWidget) -> None:
    check_every_frame(widget)


def test_every_frame_of_a_transfer_game_r17_r20(per: Replay) -> None:
    check_every_frame(ReplayerWidget(per))


def test_every_frame_of_a_4_player_game_r11_r16() -> None:
    rec = record_bot_game("podkidnoy", 4, 3, {})
    check_every_frame(ReplayerWidget(Replay(rec)))


def test_hands_are_shown_as_held_trumps_last() -> None:
    assert codes(hand_order(parse_cards("7H AS 6D 9S 6H TC"), Card.parse("6H").suit)) == [
        "9S",
        "AS",
        "TC",
        "6D",
        "6H",
        "7H",
    ]


def test_player_views_r4_r14_r16_r20(pod: Replay, per: Replay) -> None:
    """Boris's view after the take (R14): Anna's hand face down but the turned-up TH she
    drew last (R3, R16); Anna's view: Boris's four picked-up cards face up, the fifth
    hidden.  In the transfer game, Vera's trump shown for the transfer (R20) stays
    face up for the others."""
    w = ReplayerWidget(pod, start=6, perspective="Boris")
    assert (w.view, w.index) == (2, 6)
    shown = w.shown()
    assert (face_up(shown.cards[0]), backs(shown.cards[0])) == (["TH"], 3)
    assert (face_up(shown.cards[1]), backs(shown.cards[1])) == (["6S", "7S", "AS", "6C", "QC", "6D", "8D", "JH"], 0)
    anna = w.shown(6, 1)
    assert (face_up(anna.cards[1]), backs(anna.cards[1])) == (["6S", "7S", "6C", "6D"], 4)
    assert face_up(anna.cards[0]) == ["9S", "9C", "TH", "KH"]
    wp = ReplayerWidget(per)
    after_show = wp.shown(3, 1)  # Anna's view after Vera transferred by showing 7S (R20)
    assert (face_up(after_show.cards[2]), backs(after_show.cards[2])) == (["7S"], 2)
    assert (face_up(after_show.cards[1]), backs(after_show.cards[1])) == ([], 2)
    assert pairs(after_show.table) == [("7C", None), ("7H", None)]


def test_caption_turn_and_options_from_the_engine_r6_r10_r11_r14(widget: ReplayerWidget) -> None:
    """Frame 1: Anna may throw in 6♣ or 6♦ or pass; Boris may cover 6♠ with 7♠, A♠ or
    J♥, or take — and from Boris's view only Boris's own moves are listed."""
    red, black = '<span class="dnb-card" style="color:#c62828">', '<span class="dnb-card" style="color:#111">'
    s = widget.shown(1, 0)
    assert s.captions == (
        '<div class="dnb-caption dnb-acting" data-seat="0"><b>Anna</b> · 4 cards · <span class="dnb-role">attacker'
        '</span> · <span class="dnb-acting-mark">▶ may act now</span></div>',
        '<div class="dnb-caption dnb-acting" data-seat="1"><b>Boris</b> · 5 cards · <span class="dnb-role">defender'
        '</span> · <span class="dnb-acting-mark">▶ may act now</span></div>',
    )
    head = '<div class="dnb-turn"><b>Bout 1</b> · Anna attacks Boris · may throw in: Anna (R11)<ul class="dnb-options">'
    boris = (
        f"<li><b>Boris</b> may cover {black}6♠</span> with {black}7♠</span>, {black}A♠</span> or {red}J♥</span> "
        "(R6, R10); take (R14)</li>"
    )
    assert s.turn == (
        head + f"<li><b>Anna</b> may throw in {black}6♣</span> or {red}6♦</span> (also several of one rank at once) "
        "(R11); pass (R12)</li>" + boris + "</ul></div>"
    )
    assert widget.shown(1, 2).turn == head + boris + "<li>also may act now: Anna</li></ul></div>"
    assert widget.shown(1, 1).turn == head + (
        f"<li><b>Anna</b> may throw in {black}6♣</span> or {red}6♦</span> (also several of one rank at once) "
        "(R11); pass (R12)</li><li>also may act now: Boris</li></ul></div>"
    )
    assert widget.shown(14, 0).turn == '<div class="dnb-turn"><b>Game over</b></div>'


def test_story_events_and_result_r12_r14_r15_r16_r24(widget: ReplayerWidget) -> None:
    assert widget.shown(0).story == (
        '<b>Start</b> (0 of 14 moves played)<div class="dnb-none">next, move 1: Anna attacks 6♠</div>'
    )
    assert widget.shown(5).story == (
        "<b>Move 5</b> (5 of 14 played): Anna throws in 6♦ — вдогонку, a throw-in after take (R14): "
        '2 more cards may still be given (R13)<div class="dnb-comment">вдогонку: after the take</div>'
        '<div class="dnb-none">next, move 6: Anna passes</div>'
    )
    taken = (
        '<div class="dnb-events-head">What move 6 caused:</div><ul class="dnb-events">'
        "<li>Boris picks up 6♠ 7♠ 6♣ 6♦ (R14)</li>"
        "<li>refill from the talon (R16): the bout's first attacker first, the defender last</li>"
    )
    assert widget.shown(6, 0).events == taken + '<li class="dnb-draw">1. Anna draws 9♣ 10♥ (R16)</li></ul>'
    assert widget.shown(6, 1).events == widget.shown(6, 0).events
    assert widget.shown(6, 2).events == (
        taken + '<li class="dnb-draw">1. Anna draws 2 cards, the last the turned-up 10♥ (R3, R16)</li></ul>'
    )
    assert widget.shown(5).events == ""
    assert widget.shown(14).events == (
        '<div class="dnb-events-head">What move 14 caused:</div><ul class="dnb-events">'
        "<li>bito: 6♠ 10♥ 6♦ K♥ to the discard (R15)</li><li>Anna is out (R24)</li>"
        "<li>game over: Boris is the durak</li></ul>"
    )
    assert widget.shown(14).result == "<b>Result</b>: Boris is the durak · out in order: Anna"
    assert widget.shown(13).result == ""
    assert (
        '<span class="dnb-card" style="color:#c62828">10♥</span> turned up under the talon (R3)'
        in widget.shown(0).stock
    )
    assert (
        'the turned-up <span class="dnb-card" style="color:#c62828">10♥</span> '
        "was drawn as the talon's last card (R3, R16)" in widget.shown(6).stock
    )
    assert widget.shown(1).table.startswith(
        '<div class="dnb-table"><div class="dnb-caption"><b>Table</b> (стол) · 1 attack, 0 covered · room for 4 more '
        "(R13)</div><svg "
    )


def test_goto_list_marks_the_bouts(widget: ReplayerWidget) -> None:
    assert [label for label, _k in widget.goto.options] == [
        "▶ Bout 1 begins · start (0/14)",
        "Bout 1 · 1/14 · after Anna attacks 6♠",
        "Bout 1 · 2/14 · after Boris covers 6♠ with 7♠",
        "Bout 1 · 3/14 · after Anna throws in 6♣",
        "Bout 1 · 4/14 · after Boris takes",
        "Bout 1 · 5/14 · after Anna throws in 6♦",
        "▶ Bout 2 begins · 6/14 · after Anna passes",
        "Bout 2 · 7/14 · after Anna attacks 9♠ 9♣",
        "Bout 2 · 8/14 · after Boris covers 9♠ with A♠",
        "Bout 2 · 9/14 · after Boris covers 9♣ with Q♣",
        "▶ Bout 3 begins · 10/14 · after Anna passes",
        "Bout 3 · 11/14 · after Boris attacks 6♠ 6♦",
        "Bout 3 · 12/14 · after Anna covers 6♠ with 10♥",
        "Bout 3 · 13/14 · after Anna covers 6♦ with K♥",
        "Game over · 14/14 · after Boris passes",
    ]
    assert [k for _label, k in widget.goto.options] == list(range(15))
    assert [label for label, _v in widget.perspective.options] == ["all hands open", "Anna's view", "Boris's view"]


def models(root: widgets.Widget) -> list[widgets.Widget]:
    """``root`` and every widget model it refers to (children, layouts, styles), once each:
    what a frontend must create to show it."""
    seen: dict[int, widgets.Widget] = {}
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            items = value if isinstance(value, list | tuple) else (value,)
            todo.extend(v for v in items if isinstance(v, widgets.Widget))
    return list(seen.values())


def board_of(w: ReplayerWidget, k: int, view: int) -> str:
    """The board the replayer must show at frame ``k`` in view ``view``."""
    parts = w.parts(k)
    return shared_faces(board_html(len(w.replay.players), view, lambda name: frame_slot(parts, view, name)))


def test_one_board_widget_drawn_by_value_never_rebuilt(widget: ReplayerWidget) -> None:
    """A dozen widgets: the controls, the header, ONE board whose value is the frame
    (the kernel sets it when the slider, the go-to list or the view list changes); the
    browser links only Play ↔ slider and the speed ↔ Play's interval."""
    before = models(widget)
    # the replayer alone (the default, as lessons show it): alike widgets share their
    # layout or style (34 models before)
    assert len(before) == 25
    # 40 more for the lines and the annotation panel
    assert len(models(ReplayerWidget(widget.replay, annotate=True))) == 65
    assert [type(x) for x in widget.links] == [Link, Link]
    assert [(x.source, x.target) for x in widget.links] == [
        ((widget.play, "value"), (widget.slider, "value")),
        ((widget.speed, "value"), (widget.play, "interval")),
    ]
    controls = widget.children[1]
    assert list(controls.children) == [
        widget.back,
        widget.play,
        widget.forward,
        widget.slider,
        widget.speed,  # beside the slider it sets the pace of (the row takes two lines at 1024 px)
        widget.perspective,
        widget.goto,
    ]
    assert list(widget.children) == [widget.header, controls, widget.board, widget.legend]
    annotating = ReplayerWidget(widget.replay, annotate=True)
    panel = annotating.children[3]
    assert list(annotating.children) == [
        annotating.header,
        annotating.children[1],
        annotating.board,
        panel,
        annotating.legend,
    ]
    assert widget.board.value == board_of(widget, 0, 0)
    for k in (6, 14, 0, 9):
        widget.slider.value = k
        assert (widget.index, widget.goto.index) == (k, k)
        assert widget.board.value == board_of(widget, k, 0)
        assert {id(m) for m in models(widget)} == {id(m) for m in before}
    widget.goto.index = 3
    assert (widget.index, widget.board.value) == (3, board_of(widget, 3, 0))
    widget.perspective.index = 2
    assert widget.board.value == board_of(widget, 3, 2)
    assert widget.board.value.startswith('<div class="dnb-board" data-view="2">')
    assert (widget.play.min, widget.play.max, widget.play.interval) == (0, 14, 500)


def test_board_is_a_card_table_viewer_at_the_bottom(widget: ReplayerWidget) -> None:
    """Boris's view (view 2): Anna across the top, Boris at the bottom, the table and the
    talon with the discard between them; beside it the story, the turn, the events and
    the result; every card a <use> of the face in the header's definitions."""
    board = board_of(widget, 1, 2)
    slots = re.findall(r'data-slot="([^"]+)"', board)
    assert slots == ["seat 0", "table", "stock", "seat 1", "story", "turn", "events", "result"]
    assert '<div class="dnb-bottom"><div class="dnb-seat dnb-me" data-slot="seat 1">' in board
    assert board.count("<use href=") == board.count("data-card=") + board.count(' dnb-back"') == 7 + 8
    assert 'id="dnb-f-6S"' in widget.header.value and 'id="dnb-f-6S-t"' in widget.header.value
    assert 'id="dnb-f-6S"' not in board


def test_buttons_step_the_slider_and_clamp(widget: ReplayerWidget) -> None:
    assert widget.back is not None and widget.forward is not None
    widget.forward.click()
    widget.forward.click()
    assert widget.index == 2
    widget.back.click()
    widget.back.click()
    widget.back.click()
    assert widget.index == 0
    widget.show(14)
    widget.forward.click()
    assert widget.index == 14
    widget.show(3, view=2)
    assert (widget.index, widget.view, widget.perspective.value) == (3, 2, 2)
    with pytest.raises(IndexError):
        widget.show(15)
    with pytest.raises(IndexError):
        widget.show(0, view=3)
    with pytest.raises(IndexError):
        widget.shown(15)


def test_start_and_perspective_are_checked(pod: Replay) -> None:
    w = ReplayerWidget(pod, start=14, perspective=1)
    assert (w.index, w.view, w.goto.index, w.perspective.value) == (14, 2, 14, 2)
    assert w.board.value == board_of(w, 14, 2)
    with pytest.raises(IndexError):
        ReplayerWidget(pod, start=15)
    with pytest.raises(KeyError):
        ReplayerWidget(pod, perspective="Nobody")
    with pytest.raises(ValueError):
        ReplayerWidget(pod, width=0)


NL = 'Vera "V"\n& <i>co</i>'


def evil_widget(*, annotate: bool = False) -> ReplayerWidget:
    doc = renamed(podkidnoy_doc(), {"Anna": EVIL, "Boris": NL})
    doc["meta"] = {
        "title": "<b>t</b>",
        "event": "<script>alert('e')</script>",
        "comments": {"0": "<img src=y onerror=alert(2)>\nline 2", "4": "5 < 6 & 7 > 2"},
    }
    return ReplayerWidget(Replay(Recording.from_json(doc)), annotate=annotate)


def test_names_and_comments_are_text_in_every_part() -> None:
    """Names `<img src=x onerror=alert(1)>` and one with quotes, `&`, markup and a newline,
    and markup in meta and comments: every part of every frame holds them escaped only;
    the list labels (shown as text by the widget library) hold them as typed."""
    w = evil_widget()
    f = w.frames
    values = [w.header.value, w.board.value, *f.story, *f.turn[0], *f.turn[1], *f.events[0], *f.result]
    values += [*f.captions[0], *f.captions[1], *f.table, *f.stock]
    joined = "\n".join(values)
    for raw in (EVIL, "<img", "<script", "<i>", "<b>t</b>", '"V"', "& <"):
        assert raw not in joined
    nl_esc = "Vera &quot;V&quot;\n&amp; &lt;i&gt;co&lt;/i&gt;"
    assert joined.count(EVIL_ESC) > 50
    assert joined.count(nl_esc) > 50
    assert "&lt;img src=y onerror=alert(2)&gt;\nline 2" in w.shown(1).story
    assert "5 &lt; 6 &amp; 7 &gt; 2" in w.shown(5).story
    assert "&lt;b&gt;t&lt;/b&gt;" in w.header.value
    assert [label for label, _v in w.perspective.options] == ["all hands open", f"{EVIL}'s view", f"{NL}'s view"]
    assert w.goto.options[1][0] == f"Bout 1 · 1/14 · after {EVIL} attacks 6♠"


def test_escaping_of_the_amp_name_in_frames() -> None:
    doc = renamed(podkidnoy_doc(), {"Boris": AMP})
    f = replayer_frames(Replay(Recording.from_json(doc)))
    texts = [*f.captions[1], *f.turn[0], *f.story, *f.events[0], *f.result]
    assert not any(AMP in t for t in texts)
    assert sum(AMP_ESC in t for t in texts) > 20


def test_a_300_move_4_player_game_stays_few_models() -> None:
    """The 300-move 4-player game of the benchmark: the same 65 models as any game (25
    without the annotation panel; the design of Stacks made 2,049), and a board of a
    few kilobytes per frame."""
    rec = record_bot_game("podkidnoy", 4, 100, {})
    w = ReplayerWidget(Replay(rec), annotate=True)
    assert len(w.replay) == 300
    assert len(models(w)) == 65
    assert len(models(ReplayerWidget(Replay(rec)))) == 25
    assert len(w.goto.options) == 301
    sizes = []
    for k in range(0, 301, 50):
        w.slider.value = k
        sizes.append(len(w.board.value))
    assert max(sizes) < 30_000


def test_cards_hands_positions_recordings_and_replays_show_themselves_r1_r3(pod: Replay) -> None:
    """With the views' formatters (durak_nb.views.display.register): a card and a
    position as SVG, a hand (HandView) as SVG and HTML, a recording and a replay as HTML
    with the final position; every recorded text escaped."""
    from IPython.core.formatters import DisplayFormatter

    from durak_nb.views.display import HandView, register

    class Shell:
        display_formatter = DisplayFormatter()

    shell = Shell()
    assert register(shell) is True
    fmt = shell.display_formatter.format
    card, _ = fmt(Card.parse("TH"))
    assert face_up(card["image/svg+xml"]) == ["TH"]
    assert card["image/svg+xml"].startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    hand, _ = fmt(HandView(parse_cards("7S 7H"), trump=Card.parse("7H").suit))
    assert sorted(hand) == ["image/svg+xml", "text/html", "text/plain"]
    assert hand["image/svg+xml"].count("data-card=") == 2 and hand["image/svg+xml"].count('class="dnb-trump"') == 1
    pos, _ = fmt(pod.position(6))
    assert pos["image/svg+xml"].count("data-card=") == 4 + 8  # both hands open; the talon is empty
    rec, _ = fmt(pod.recording)
    assert rec["text/html"].startswith('<div class="dnb-recording"><div>podkidnoy · Anna, Boris · 14 moves')
    rep, _ = fmt(pod)
    assert rep["text/plain"] == "<Replay podkidnoy Anna, Boris: 14 moves, Boris is the durak>"
    assert rep["text/html"].startswith(
        '<div class="dnb-replay"><div>podkidnoy · Anna, Boris · 14 moves · Boris is the durak</div><div><svg '
    )
    assert rep["text/html"].endswith("<div>The replayer steps through it move by move.</div></div>")
    evil = evil_widget().replay
    html, _ = fmt(evil)
    assert EVIL not in html["text/html"] and EVIL_ESC in html["text/html"]
    assert NL not in html["text/html"]
