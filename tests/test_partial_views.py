"""An over-the-board game (a deal nobody saw whole, INTERCHANGE.md "Over-the-board
recordings") shown everywhere with only what is known: ``Replay.seen``, the board's card
backs, player views, tables, the exported page; no card nobody saw ever reaches a person.

The hand-made game (podkidnoy, 24 cards, R1): Anna and Boris, Boris deals (R3), 9♥ turned
up (R3), Anna shows 10♥, her lowest trump and the lowest dealt, and leads (R4):

0. Anna leads 9♠            (she held it: she had drawn nothing yet)
1. Boris covers 9♠ with J♠  (he held it)
2. Anna passes: bito (R15); Anna draws 1, Boris 1 (R16), nobody sees them
3. Boris leads K♦
4. Anna takes (R14)
5. Boris passes: K♦ goes back into Anna's hand, known; Boris draws 1
6. Boris leads Q♦
7. Anna covers Q♦ with K♦   (the card she took)
8. Boris passes: bito; Boris draws 1

The recording stops there: 16 cards are never seen (the game's witness deals them, and
no view may show them).  In the second game the writer is Boris: his starting hand and
his draw after move 5 (Q♦) are recorded.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_nb.cards import Card, Suit, parse_cards
from durak_nb.engine import IllegalMove, Move
from durak_nb.knowledge import PlayerView
from durak_nb.record import Recording, move_to_json
from durak_nb.replay import Replay, VariationError, drawn_count
from durak_nb.rules import Rules
from durak_nb.selfplay import record_bot_game
from durak_nb.tables import event_rows, moves_frame, replay_rows
from durak_nb.unseen import PartialDeal, Seen, SeenDraw, UnseenDrew
from durak_nb.views import export
from durak_nb.views.html import (
    board_html,
    frame,
    frame_parts,
    frame_slot,
    replay_summary_html,
    replayer_frames,
)

RULES = Rules.make("podkidnoy", deck_size=24)
NAMES = ("Anna", "Boris")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text))) if text else ()


def c(code: str) -> Card:
    return Card.parse(code)


MOVES = [
    Move.attack(0, "9S"),
    Move.defend(1, "JS", "9S"),
    Move.pass_(0),
    Move.attack(1, "KD"),
    Move.take(0),
    Move.pass_(1),
    Move.attack(1, "QD"),
    Move.defend(0, "KD", "QD"),
    Move.pass_(1),
]

DEAL = PartialDeal(dealer=1, turned_up=c("9H"), shown=((0, (c("TH"),)),))
#: Boris writes: his own starting hand, and his draw after move 5 (the take's refill)
WRITER_DEAL = replace(
    DEAL,
    hands=((1, cards("JS KD 9C TC QC AC")),),
    draws=(SeenDraw(5, 1, (c("QD"),)),),
)


def recording(deal: PartialDeal) -> Recording:
    return Recording(rules=RULES, players=NAMES, deal=deal, moves=list(MOVES))


@pytest.fixture(scope="module")
def otb() -> Replay:
    return Replay(recording(DEAL))


@pytest.fixture(scope="module")
def written() -> Replay:
    return Replay(recording(WRITER_DEAL))


def unknown_talon(n: int, known: dict[int, Card] | None = None) -> tuple[Card | None, ...]:
    """A talon of ``n`` cards whose last is the turned-up 9♥ (R3), the others unknown
    but those in ``known`` (index: card)."""
    out: list[Card | None] = [None] * (n - 1) + [c("9H")]
    for i, card in (known or {}).items():
        out[i] = card
    return tuple(out)


# ----------------------------------------------------------------------------- Replay.seen


#: index: (Anna's known cards, Anna's unknown count, Boris's known, Boris's unknown, talon size)
OTB_SEEN = {
    0: ("9S TH", 4, "JS", 5, 12),  # R4: 10♥ shown; 9♠ and J♠ laid before any draw
    1: ("TH", 4, "JS", 5, 12),
    2: ("TH", 4, "", 5, 12),
    3: ("TH", 5, "KD", 5, 10),  # K♦ laid next, before Boris draws again
    4: ("TH", 5, "", 5, 10),
    5: ("TH", 5, "", 5, 10),
    6: ("KD TH", 5, "QD", 5, 9),  # R14: K♦ taken back, known
    7: ("KD TH", 5, "", 5, 9),
    8: ("TH", 5, "", 5, 9),
    9: ("TH", 5, "", 6, 8),
}


@pytest.mark.parametrize("k", sorted(OTB_SEEN))
def test_seen_exact_hands_unknown_and_talon_per_index(otb: Replay, k: int) -> None:
    anna, anna_unknown, boris, boris_unknown, talon = OTB_SEEN[k]
    assert otb.seen(k) == Seen(
        hands=(cards(anna), cards(boris)),
        unknown=(anna_unknown, boris_unknown),
        talon=unknown_talon(talon),
    )
    # the witness position has the same sizes: the known cards and the count make every hand
    pos = otb.position(k)
    assert [len(h) for h in pos.hands] == [len(cards(anna)) + anna_unknown, len(cards(boris)) + boris_unknown]
    assert len(pos.talon) == talon


#: the writer's game: index -> (Boris's known cards, Boris's unknown count); the talon
#: knows Q♦ (Boris drew it after move 5, the talon's third card from the top)
WRITTEN_BORIS = {
    0: ("JS KD 9C TC QC AC", 0),
    1: ("JS KD 9C TC QC AC", 0),
    2: ("KD 9C TC QC AC", 0),
    3: ("KD 9C TC QC AC", 1),
    4: ("9C TC QC AC", 1),
    5: ("9C TC QC AC", 1),
    6: ("9C TC QC AC QD", 1),
    7: ("9C TC QC AC", 1),
    8: ("9C TC QC AC", 1),
    9: ("9C TC QC AC", 2),
}


@pytest.mark.parametrize("k", sorted(WRITTEN_BORIS))
def test_seen_of_the_writers_hand_and_draw(written: Replay, otb: Replay, k: int) -> None:
    boris, unknown = WRITTEN_BORIS[k]
    seen = written.seen(k)
    assert (seen.hands[1], seen.unknown[1]) == (cards(boris), unknown)
    assert (seen.hands[0], seen.unknown[0]) == (otb.seen(k).hands[0], otb.seen(k).unknown[0])  # Anna's as before
    talon = {0: unknown_talon(12, {2: c("QD")}), 3: unknown_talon(10, {0: c("QD")}), 6: unknown_talon(9)}
    if k in talon:
        assert seen.talon == talon[k]


def test_a_full_deck_game_is_seen_whole(pod: Replay) -> None:
    assert not pod.partial
    for k in range(len(pod) + 1):
        pos = pod.position(k)
        assert pod.seen(k) == Seen(pos.hands, (0, 0), pos.talon)


def test_partial_and_index_errors(otb: Replay) -> None:
    assert otb.partial
    with pytest.raises(IndexError):
        otb.seen(len(otb) + 1)
    with pytest.raises(TypeError):
        otb.seen(1.0)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- events: draws nobody saw


def test_draws_nobody_saw_are_counted_not_named_r16(otb: Replay, written: Replay) -> None:
    assert otb.events(2)[-2:] == (UnseenDrew(0, (), 1), UnseenDrew(1, (), 1))
    assert [drawn_count(e) for e in otb.events(2)[-2:]] == [1, 1]
    assert otb.words(2) == (
        "Anna passes; bito: 9♠ J♠ to the discard (R15); Anna draws 1 card (R16); Boris draws 1 card (R16)"
    )
    assert written.events(5)[-1] == UnseenDrew(1, (c("QD"),), 1)
    assert written.words(5).endswith("Boris draws 1 card: Q♦ (R16)")
    assert otb.explain(5).endswith("Boris draws 1 card (R16)")
    assert [e for s in otb.steps() for e in s.events if isinstance(e, UnseenDrew)] == [
        e for k in range(len(otb)) for e in otb.events(k) if isinstance(e, UnseenDrew)
    ]


# ----------------------------------------------------------------------------- the board: backs counted


BACK = 'class="dnb-card dnb-back"'


def face_up(html: str) -> list[Card]:
    return [Card.parse(code) for code in re.findall(r'data-card="([2-9TJQKA][SHDC])"', html)]


def test_board_draws_unknown_cards_as_backs_counted(otb: Replay) -> None:
    """The open hands show what was known then (``Replay.seen_then``); the cards the
    recording knows only from later moves are in ``later_cards`` (issue 22)."""
    for k in range(len(otb) + 1):
        parts = frame_parts(otb, k, otb.game(k).legal_moves())
        seen, then = otb.seen(k), otb.seen_then(k)
        for s in range(2):
            html = parts.open_cards[s]
            assert sorted(face_up(html)) == list(then.hands[s]), (k, s)
            assert html.count(BACK) == then.unknown[s], (k, s)
            later = parts.later_cards[s]
            assert sorted(face_up(later)) == list(seen.hands[s]), (k, s)
            assert later.count(BACK) == seen.unknown[s], (k, s)
            public = parts.public_cards[s]
            assert set(face_up(public)) <= set(then.hands[s])
            assert len(face_up(public)) + public.count(BACK) == len(otb.position(k).hands[s])
    frames = replayer_frames(otb)
    # before move 1 Anna's 9♠ is known only because she leads it: not shown then (R4: 10♥ shown)
    assert (otb.seen(0).hands[0], otb.seen_then(0).hands[0]) == (cards("9S TH"), cards("TH"))
    assert (otb.seen(0).hands[1], otb.seen_then(0).hands[1]) == (cards("JS"), ())
    assert frames.captions[0][0].count("5 nobody saw") == 1
    assert "(6 nobody saw)" in frames.captions[1][0]
    # Anna before move 6: K♦ (taken, R14) and 10♥ (shown, R4) face up, five backs
    assert tuple(sorted(face_up(frames.open_cards[0][6]))) == cards("KD TH")
    assert frames.open_cards[0][6].count(BACK) == 5


def test_board_lists_only_moves_with_known_cards(otb: Replay) -> None:
    parts = frame_parts(otb, 0, otb.game(0).legal_moves())
    turn = parts.turn[0]
    assert "Anna</b> may lead" in turn
    # 9♠ is known only because Anna leads it: not listed before she does (issue 22)
    assert "9♠" not in turn and "10♥" in turn
    assert "not listed: moves with the 5 cards nobody saw" in turn
    assert parts.acting == otb.whose_turn(0)
    board = board_html(2, 0, lambda name: frame_slot(parts, 0, name))
    assert board.count(BACK) >= 4 + 5  # the hands' unknown cards, besides the talon's backs


def test_the_first_view_is_all_that_is_known(otb: Replay, pod: Replay) -> None:
    assert replayer_frames(otb).views == ("all that was known then", "Anna's view", "Boris's view")
    assert replayer_frames(pod).views[0] == "all hands open"


def test_talon_is_backs_with_the_turned_up_trump(otb: Replay) -> None:
    stock = replayer_frames(otb).stock[0]
    assert face_up(stock) == [c("9H")]
    assert "9♥" in stock


def test_summary_and_frame_show_known_cards_and_counts(otb: Replay) -> None:
    summary = replay_summary_html(otb)
    assert "Anna: 10♥ + 5 cards nobody saw" in summary
    assert "Boris: 6 cards nobody saw" in summary
    f = frame(otb, 6)
    assert "Anna" in f.hands[0] and "K♦" in f.hands[0] and "5 cards nobody saw" in f.hands[0]


# ----------------------------------------------------------------------------- player views


def test_player_views_own_hand_is_what_the_recording_knows(otb: Replay) -> None:
    anna = otb.view(0, "Anna")
    assert anna.hand == cards("9S TH")
    assert anna.hidden == (4, 6)
    assert anna.known == (cards("9S TH"), ())
    boris = otb.view(0, "Boris")
    assert boris.hand == cards("JS")
    assert boris.known == (cards("TH"), cards("JS"))  # R4: 10♥ shown to all
    assert boris.hidden == (5, 5)
    assert boris.to_json()["hand_hidden"] == 5
    # R14: K♦ taken back is known to Boris
    assert otb.view(6, "Boris").known[0] == cards("KD TH")


def test_player_views_of_the_writers_game(written: Replay) -> None:
    """The writer's hand is known to the recording, not to the other player."""
    assert written.view(0, "Boris").hand == cards("JS KD 9C TC QC AC")
    assert written.view(0, "Boris").hidden[1] == 0
    assert "hand_hidden" not in written.view(0, "Boris").to_json()
    anna = written.view(0, "Anna")
    assert anna.known[1] == ()
    assert anna.hidden[1] == 6
    assert isinstance(anna, PlayerView)


# ----------------------------------------------------------------------------- tables


def test_moves_frame_counts_unknown_cards(otb: Replay) -> None:
    df = moves_frame(otb)
    assert df["unknown"].tolist() == [(OTB_SEEN[k][1], OTB_SEEN[k][3]) for k in range(9)]
    assert df["unknown_Anna"].tolist() == [4, 4, 4, 5, 5, 5, 5, 5, 5]
    assert df["unknown_Boris"].tolist() == [5] * 9
    assert df["hand_Anna"].tolist() == [6, 5, 5, 6, 6, 6, 7, 7, 6]
    assert df.loc[2, "events"] == (
        "bito: 9♠ J♠ to the discard (R15); Anna draws 1 card (R16); Boris draws 1 card (R16)"
    )
    # from the recording itself, too: what is known, never the witness
    pd_rec = moves_frame(otb.recording)
    assert pd_rec["unknown"].tolist() == df["unknown"].tolist()
    assert pd_rec["events"].tolist() == df["events"].tolist()


def test_event_rows_count_draws_nobody_saw(otb: Replay, written: Replay) -> None:
    assert event_rows(otb)[2]["drew"] == "Anna: 1 unseen; Boris: 1 unseen"
    assert event_rows(written)[5]["drew"] == "Boris: QD"
    assert event_rows(written)[2]["drew"] == "Anna: 1 unseen; Boris: 1 unseen"


# ----------------------------------------------------------------------------- no card nobody saw, anywhere

_PRETTY = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_CODE = re.compile(r'"([2-9TJQKA][SHDC])"')  # data-card="9H", a JSON string
_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def named_cards(text: str) -> set[Card]:
    """Every card a text names: as a person reads it (10♥, in HTML, SVG titles, words)
    or as a code in a ``data-card`` attribute or a JSON string (``"TH"``)."""
    out = {Card.parse(("T" if rank == "10" else rank) + _SYMBOL[suit]) for rank, suit in _PRETTY.findall(text)}
    return out | {Card.parse(code) for code in _CODE.findall(text)}


def known_anywhere(replay: Replay) -> set[Card]:
    """Every card the recording knows at some index: in a hand or the talon as seen,
    on the table, in the discard, laid by a move."""
    out: set[Card] = set()
    for k in range(len(replay) + 1):
        seen, pos = replay.seen(k), replay.position(k)
        out |= {card for hand in seen.hands for card in hand}
        out |= {card for card in seen.talon if card is not None}
        out |= {card for pair in pos.table for card in pair if card is not None} | set(pos.discard)
    return out | {card for k in range(len(replay)) for card in replay.move(k).cards}


def every_view(replay: Replay) -> dict[str, str]:
    """Every view of the replay a person may see, as text, by name."""
    out: dict[str, str] = {}
    frames = replayer_frames(replay)
    players = len(replay.players)
    for k in range(len(replay) + 1):
        parts = frame_parts(replay, k, replay.game(k).legal_moves())
        for v in range(1 + players):
            out[f"board view {v} frame {k}"] = board_html(players, v, lambda name, p=parts, w=v: frame_slot(p, w, name))
            for s in range(players):
                out[f"replayer view {v} seat {s} frame {k}"] = frames.seat(v, s, k)
            out[f"replayer turn {v} frame {k}"] = frames.turn[v][k]
            out[f"replayer events {v} frame {k}"] = frames.events[v][k]
        for name in ("table", "stock", "story", "result", "labels"):
            out[f"replayer {name} frame {k}"] = getattr(frames, name)[k]
        out[f"frame {k}"] = "".join(str(part) for part in frame(replay, k))
        for p in replay.players:
            out[f"view {p} {k}"] = json.dumps(replay.view(k, p).to_json(), ensure_ascii=False)
        out[f"known {k}"] = " ".join(card.code for hand in replay.known(k) for card in hand)
    for k in range(len(replay)):
        out[f"words {k}"] = replay.words(k)
        out[f"explain {k}"] = replay.explain(k)
    out["summary"] = replay_summary_html(replay)
    out["moves_frame"] = moves_frame(replay).to_json(force_ascii=False)
    if replay.parent is None:  # a side line's recording is the main line's
        out["moves_frame of the recording"] = moves_frame(replay.recording).to_json(force_ascii=False)
    out["event rows"] = json.dumps(event_rows(replay), ensure_ascii=False)
    out["replay rows"] = json.dumps(replay_rows(replay), ensure_ascii=False)
    out["exported page data"] = json.dumps(export.page_data(replay), ensure_ascii=False)
    return out


def leaks(replay: Replay, views: dict[str, str]) -> dict[str, list[str]]:
    allowed = known_anywhere(replay)
    out = {}
    for name, text in views.items():
        bad = named_cards(text) - allowed
        if bad:
            out[name] = sorted(card.code for card in bad)
    return out


@pytest.mark.parametrize("which", ["otb", "written"])
def test_no_view_shows_a_card_nobody_saw(which: str, request: pytest.FixtureRequest) -> None:
    replay: Replay = request.getfixturevalue(which)
    never = set(parse_cards(" ".join(f"{r}{s}" for r in "9TJQKA" for s in "SHDC"))) - known_anywhere(replay)
    assert len(never) >= 14  # the witness holds them: the test has something to find
    witness = {card for hand in replay.position(len(replay)).hands for card in hand} | set(replay.final.talon)
    assert never <= witness
    views = every_view(replay)
    assert leaks(replay, views) == {}


def test_the_leak_check_finds_a_witness_card(otb: Replay) -> None:
    """The check is not blind: the witness's hands, shown as a full-deck game would,
    are caught."""
    from durak_nb.views.html import hand_html

    views: dict[str, Any] = {"witness hands": hand_html(otb.position(9), 1)}
    assert leaks(otb, views)["witness hands"]


def test_seats_show_only_their_seen_cards_in_every_view(otb: Replay) -> None:
    frames = replayer_frames(otb)
    for k in range(len(otb) + 1):
        seen = otb.seen(k)
        for v in range(3):
            for s in range(2):
                assert set(face_up(frames.seat(v, s, k))) <= set(seen.hands[s]), (v, s, k)
    assert otb.final.trump is Suit.H


def test_position_pictures_with_seen_show_known_cards_and_backs(otb: Replay) -> None:
    from durak_nb.views.cards_svg import position_svg, seat_svg, svg_frame

    k = 6
    seen, pos = otb.seen(k), otb.position(k)
    svg = position_svg(pos, seen=seen)
    assert sorted(face_up(svg)) == sorted([*seen.hands[0], *seen.hands[1], c("9H")])
    assert svg.count(BACK) >= sum(seen.unknown)
    seat = seat_svg(pos, 0, seen=seen)
    assert (tuple(sorted(face_up(seat))), seat.count(BACK)) == (cards("KD TH"), 5)
    assert face_up(seat_svg(pos, 0, face_up=False, seen=seen)) == []
    frame_svg = svg_frame(pos, perspective=1, seen=seen)
    assert face_up(frame_svg.hands[0]) == [] and frame_svg.hands[0].count(BACK) == 7
    assert sorted(face_up(frame_svg.hands[1])) == list(seen.hands[1])
    assert leaks(otb, {"svg": svg, "frame": "".join(frame_svg.hands)}) == {}


def test_jupyter_pictures_of_a_partial_game_show_only_the_known(otb: Replay) -> None:
    from durak_nb.views.display import RecordingView, _replay_html

    for name, html in {"recording": RecordingView(otb.recording)._repr_html_(), "replay": _replay_html(otb)}.items():
        assert leaks(otb, {name: html}) == {}
        assert sorted(face_up(html)) == sorted([c("TH"), c("9H")])  # Anna's 10♥; 9♥ turned up


# ----------------------------------------------------------------------------- side lines over the board


def side_line(lead: Card) -> Recording:
    """The game with a side line before move 3: Boris leads ``lead`` instead of K♦, Anna
    takes (R14), Boris passes."""
    rec = recording(DEAL)
    alt = [Move.attack(1, lead.code), Move.take(0), Move.pass_(1)]
    rec.meta = {"variations": {"3": [{"moves": [move_to_json(m, NAMES) for m in alt]}]}}
    return rec


def test_a_side_line_is_decided_from_the_deal_not_the_main_witness(otb: Replay) -> None:
    """A side line may lay a card the main line's witness put in another hand: some deck
    order allows it, and the line gets its own witness; what it knows is its own."""
    witness = otb.game(3)
    lead = next(card for card in witness.hands[0] if card not in otb.seen(3).hands[0])  # Anna's, unseen
    with pytest.raises(IllegalMove):  # the main witness cannot play it ...
        witness.play(Move.attack(1, lead.code))
    replay = Replay(side_line(lead))  # ... yet the line is legal
    sub = replay.enter(3, 1)
    assert [sub.move(j) for j in range(len(sub))] == [Move.attack(1, lead.code), Move.take(0), Move.pass_(1)]
    assert lead in sub.seen(0).hands[1]  # Boris held it: he leads it before drawing again
    assert sub.seen(3).hands[0] == tuple(sorted((lead, c("TH"))))  # taken back (R14), 10♥ shown (R4)
    assert sub.seen(3).unknown == (5, 6)  # Boris: five he kept and one drawn, none seen
    assert sub.seen(0).hands[0] == otb.seen(3).hands[0] == cards("TH")
    assert leaks(sub, every_view(sub)) == {}
    # the exported page holds the side line too: nothing in it beyond what either line knows
    page = json.dumps(export.page_data(replay), ensure_ascii=False)
    assert named_cards(page) - known_anywhere(replay) - known_anywhere(sub) == set()
    assert lead in named_cards(page)


def test_an_impossible_side_line_is_refused_with_its_move_r1(otb: Replay) -> None:
    """A side line laying a card already gone (9♠, discarded at move 2's bito, R15) is
    refused at its move 0 with R1."""
    with pytest.raises(VariationError) as err:
        Replay(side_line(c("9S")))
    assert (err.value.path, err.value.move, err.value.rule, err.value.state) == (((3, 1),), 0, "R1", None)


# ----------------------------------------------------------------------------- games_frame


def test_games_frame_marks_partial_games_and_counts_their_unknown_cards(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``partial``: an over-the-board game; ``unknown``: the cards in the hands and the
    talon nobody saw after the last move (11 in the hands, 7 in the talon)."""
    from durak_nb.record import io
    from durak_nb.tables import games_frame

    monkeypatch.setitem(io._LOADERS, ".otb", lambda path: recording(DEAL))  # a reader for a made-up suffix
    path = tmp_path / "kitchen.otb"
    path.write_text("")
    row = games_frame([path]).iloc[0]
    assert (row["ok"], row["partial"], row["unknown"], row["finished"], row["moves"]) == (True, True, 18, False, 9)
    assert (row["first_attacker"], row["takes"], row["bouts"]) == ("Anna", 1, 3)


def test_who_may_act_throwers_and_room_come_from_the_partial_game_r11_r12_r13(otb: Replay) -> None:
    """Asked of a PartialGame (some deck order), never of the witness: the attacker
    leads (R9), defender and attacker act together in a bout (R12), the room is the
    limit or the defender's hand (R13)."""
    assert [otb.whose_turn(k) for k in range(len(otb) + 1)] == [
        (0,),
        (0, 1),
        (0,),
        (1,),
        (0, 1),
        (1,),
        (1,),
        (0, 1),
        (1,),
        (0,),
    ]
    assert [otb.throwers(k) for k in range(len(otb) + 1)] == [(0,)] * 3 + [(1,)] * 6 + [(0,)]
    assert [otb.room(k) for k in range(len(otb) + 1)] == [5, 4, 4, 6, 5, 5, 6, 5, 5, 6]


# ----------------------------------------------------------------------------- any game, its deck forgotten


def forgotten(rec: Recording) -> Recording:
    """A recorded game with its deck forgotten: what an over-the-board writer who saw
    only the table knows (the turned-up card R3, who led R4, the laid cards)."""
    start = rec.new_game().position()
    assert rec.deal is not None
    deal = PartialDeal(
        dealer=rec.deal.dealer,
        turned_up=start.trump_card,
        trump=None if start.trump_card is not None else start.trump,
        attacker=start.attacker,
    )
    return replace(rec, deal=deal, result=None, meta={})


@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["podkidnoy", "perevodnoy"]),
    players=st.integers(2, 3),
    deck_size=st.sampled_from([24, 36]),
    stop=st.integers(10, 60),
)
def test_any_forgotten_deck_shows_only_what_is_known(
    seed: int, preset: str, players: int, deck_size: int, stop: int
) -> None:
    """Invariants over the board, for bot games whose deck is forgotten and that stop
    early: the known cards and the unknown count make every hand, what is known is
    where the witness has it, the board shows exactly the known cards face up and a back
    for every other, and no frame or text names a card never known."""
    rec = record_bot_game(Rules.make(preset, deck_size=deck_size), players, seed, max_moves=stop)
    replay = Replay(forgotten(rec))
    frames = replayer_frames(replay)
    for k in range(len(replay) + 1):
        seen, pos = replay.seen(k), replay.position(k)
        assert len(seen.talon) == len(pos.talon)
        assert all(card in (None, real) for card, real in zip(seen.talon, pos.talon, strict=True))
        for s in range(players):
            assert len(seen.hands[s]) + seen.unknown[s] == len(pos.hands[s])
            assert set(seen.hands[s]) <= set(pos.hands[s])
            # the board shows what was known then (issue 22): a part of what is known
            then = replay.seen_then(k)
            assert set(then.hands[s]) <= set(seen.hands[s])
            assert len(then.hands[s]) + then.unknown[s] == len(pos.hands[s])
            assert sorted(face_up(frames.open_cards[s][k])) == list(then.hands[s])
            assert frames.open_cards[s][k].count(BACK) == then.unknown[s]
    texts = {f"frame {k}": "".join(str(p) for p in frame(replay, k)) for k in range(len(replay) + 1)}
    texts |= {f"words {k}": replay.words(k) for k in range(len(replay))}
    texts["frames"] = json.dumps(frames._asdict(), ensure_ascii=False)
    assert leaks(replay, texts) == {}


def test_partial_game_offers_what_some_deck_order_allows(otb: Replay, pod: Replay) -> None:
    """``Replay.partial_game(k)``: the live game to offer moves from (a variation, a
    scorer), never the witness's legal moves."""
    live = otb.partial_game(3)
    assert live.seen().hands == (cards("TH"), ())  # the moves so far: K♦ is not laid yet
    assert otb.seen(3).hands == (cards("TH"), cards("KD"))  # the whole recording
    leads = {m.cards[0] for m in live.candidates(1) if len(m.cards) == 1}
    # every card but the discarded 9♠ J♠ (R15), Anna's shown 10♥ (R4) and the turned-up 9♥ (R3)
    assert leads == set(parse_cards(" ".join(f"{r}{s}" for r in "9TJQKA" for s in "SHDC"))) - set(cards("9S JS TH 9H"))
    with pytest.raises(ValueError):
        pod.partial_game(0)
    with pytest.raises(IndexError):
        otb.partial_game(len(otb) + 1)


# ----------------------------------------------------------------------------- the kit's over-the-board recordings

OVERBOARD = sorted((Path(__file__).parent.parent / "durak_nb" / "recordings" / "overboard").glob("*.json"))


@pytest.mark.parametrize(
    "path",
    OVERBOARD
    or [
        pytest.param(None, marks=pytest.mark.skip(reason="no durak_nb/recordings/overboard/ on this branch (formats)"))
    ],
    ids=lambda p: p.name if isinstance(p, Path) else "none",
)
def test_the_kits_over_the_board_recordings_show_no_card_nobody_saw(path: Path) -> None:
    """Every view of every recording of real shape (a 4-player game with only the laid
    cards known, one with the scorer's hand and refills) names only cards known."""
    replay = Replay.load(path)
    assert replay.partial
    assert leaks(replay, every_view(replay)) == {}
    for k in range(len(replay) + 1):
        seen, pos = replay.seen(k), replay.position(k)
        assert [len(h) + n for h, n in zip(seen.hands, seen.unknown, strict=True)] == [len(h) for h in pos.hands]
