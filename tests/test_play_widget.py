"""The play widget (durak_nb/views/play.py): a game against bots in a notebook.

The engine decides: the clickable cards are exactly the cards of the human's legal
moves (R10), refusals are the engine's (R6, R10, R17, R25), a take is followed by
throw-ins after take and passes (вдогонку, R14, R12), transfers (R17) and shown-trump
transfers (R20) are offered in perevodnoy; every move is in the journal as played, the
replay ends in the same position, and a whole game against bots ends and validates.
"""

from __future__ import annotations

import html
import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_nb.bots import LowestCardBot, RandomBot
from durak_nb.cards import Card, deck
from durak_nb.engine import Action, Game, Move, Refusal
from durak_nb.record import Recording, RecordingError, move_to_json
from durak_nb.record.json_form import validate_file
from durak_nb.record.recorder import read_journal
from durak_nb.replay import Replay
from durak_nb.rules import Rules
from durak_nb.views.html import hand_order
from durak_nb.views.play import PlayWidget, discard_words, journal_words, log_html, table_words, talon_words
from durak_nb.views.replayer import ReplayerWidget

NAMES2 = ["Anna", "Boris"]
NAMES3 = ["Anna", "Boris", "Vera"]
R6_TEXT = "a card is beaten by a higher card of its suit or by a trump (♦)"


def lesson(rules: str | Rules, names: list[str], hands: dict[str, str], attacker: str, **kw: Any) -> Game:
    """A set-up position (Game.from_position): the rest of the deck in the discard."""
    return Game.from_position(
        rules, names, hands=hands, talon="", trump="D", attacker=attacker, rest_to_discard=True, **kw
    )


def take_lesson(tmp_path: Path, name: str = "take", **options: Any) -> PlayWidget:
    """Anna (you) defends against Boris (LowestCardBot), who leads 6S 6C at once;
    ``options`` go to :class:`PlayWidget` (e.g. ``delay``)."""
    g = lesson(
        "podkidnoy",
        NAMES2,
        {"Anna": "6H 7S 9S JD QC AH", "Boris": "6S 6C 7C 7H KS AS"},
        "Boris",
        first_bito_done=True,
    )
    return PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / f"{name}.durak.jsonl", **options)


def shown(b: widgets.Widget) -> bool:
    """A button of a pool or an action button is hidden by the class ``dnb-off``."""
    return "dnb-off" not in b._dom_classes


def hand_buttons(w: PlayWidget) -> list[str]:
    """The visible card buttons of your hand, as drawn (their descriptions)."""
    return [b.description for b in w.card_buttons if shown(b)]


def dimmed(w: PlayWidget) -> list[str]:
    """The visible card buttons shown dimmed (the cards in no legal move now)."""
    return [b.description for b in w.card_buttons if shown(b) and "dnb-dim" in b._dom_classes]


def marked(buttons: list[Any], mark: str) -> list[str]:
    """The visible buttons carrying the class ``mark``."""
    return [b.description for b in buttons if shown(b) and mark in b._dom_classes]


def table_buttons(w: PlayWidget) -> list[str]:
    return [b.description for b in w.table_buttons if shown(b)]


def actions(w: PlayWidget) -> list[tuple[str, bool]]:
    """(label, enabled) of the visible action buttons, left to right."""
    row = [w.lead_button, w.transfer_button, w.show_button, w.take_button, w.pass_button, w.redeal_button]
    return [(b.description, not b.disabled) for b in row if b is not None and shown(b)]


def journal_moves(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:]]


def all_widgets(w: widgets.Widget) -> list[widgets.Widget]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += all_widgets(child)
    return out


# ----------------------------------------------------------------------------- clickable cards


def test_R10_clickable_cards_are_exactly_the_legal_ones(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    assert w.message == "Boris attacks 6♠ 6♣"
    legal = w.game.legal_moves(0)
    assert sorted(map(repr, legal)) == sorted(
        map(
            repr,
            [
                Move.defend(0, "7S", "6S"),
                Move.defend(0, "9S", "6S"),
                Move.defend(0, "JD", "6S"),
                Move.defend(0, "JD", "6C"),
                Move.defend(0, "QC", "6C"),
                Move.take(0),
            ],
        )
    )
    # the hand as held (by suit, the trump ♦ last), drawn once: the cards in no legal move dimmed
    assert w.clickable == ["7S", "9S", "QC", "JD"]
    assert hand_buttons(w) == ["7♠", "9♠", "6♥", "A♥", "Q♣", "J♦"]
    assert dimmed(w) == ["6♥", "A♥"]
    assert [b.disabled for b in w.card_buttons] == [False] * 6
    assert [b._dom_classes for b in w.card_buttons[:2]] == [("dnb-pc", "dnb-c-7S"), ("dnb-pc", "dnb-c-9S")]
    assert w.card_buttons[5].tooltip == "J♦ (trump)"
    # the attack cards to cover are the table's card pictures; the defender's actions
    assert w.targets == ["6S", "6C"]
    assert table_buttons(w) == ["6♠", "6♣"]
    assert [b._dom_classes for b in w.table_buttons[:3]] == [
        ("dnb-pc", "dnb-pt", "dnb-t-6S"),
        ("dnb-pc", "dnb-pt", "dnb-t-6C"),
        ("dnb-pc", "dnb-pt", "dnb-off"),
    ]
    assert actions(w) == [("Take", True)]  # no Lead or Pass for the defender
    assert (w.transfer_button, w.show_button, w.redeal_button) == (None, None, None)  # not in podkidnoy
    assert w.status.value == (
        '<div class="dnb-said">Boris attacks 6♠ 6♣</div><div class="dnb-prompt">Your move: cover or take</div>'
    )
    # a selected card is raised; the attack cards it may cover are ringed
    assert w.click_card("7S") is False
    assert w.selected == [Card.parse("7S")]
    assert marked(w.card_buttons, "dnb-sel") == ["7♠"]
    assert w.targets == ["6S"]
    assert marked(w.table_buttons, "dnb-ok") == ["6♠"]
    assert w.status.value == (
        '<div class="dnb-said">Boris attacks 6♠ 6♣</div>'
        '<div class="dnb-note">Selected: 7♠. Click 6♠ on the table to cover it with 7♠.</div>'
        '<div class="dnb-prompt">Your move: cover or take</div>'
    )
    assert w.click_card("7S") is False  # unselected again
    assert (w.selected, w.targets, marked(w.card_buttons, "dnb-sel")) == ([], ["6S", "6C"], [])
    w.close()


def test_R10_the_clickable_cards_follow_the_legal_moves_as_the_game_goes(tmp_path: Path) -> None:
    """After every move of a whole bot game, the hand is drawn as held, and the dimmed
    card buttons are exactly the cards in none of the human's legal moves."""
    w = PlayWidget("perevodnoy", NAMES3, seed=4, journal=tmp_path / "g.durak.jsonl")
    me = RandomBot(4)
    steps = 0
    while not w.game.finished:
        usable = {c for m in w.game.legal_moves(0) for c in m.cards}
        held = hand_order(w.game.hands[0], w.game.trump)
        assert hand_buttons(w) == [c.pretty for c in held]
        assert dimmed(w) == [c.pretty for c in held if c not in usable]
        assert w.clickable == [c.code for c in held if c in usable]
        assert table_buttons(w) == [
            a.pretty if d is None else f"{a.pretty} covered by {d.pretty}" for a, d in w.game.table
        ]
        assert play_as(w, me.choose(w.game, 0)) is True
        steps += 1
    assert [b.disabled for b in w.card_buttons if shown(b)] == [True] * len(w.game.hands[0])
    assert steps > 10


# ----------------------------------------------------------------------------- refusals


def test_R6_a_card_that_cannot_cover_the_chosen_target_is_refused(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    assert w.click_target("6S") is False  # choose the attack card first …
    assert w.target == Card.parse("6S")
    assert marked(w.table_buttons, "dnb-sel") == ["6♠"]
    # … the cards able to cover it are ringed
    assert marked(w.card_buttons, "dnb-ok") == ["7♠", "9♠", "J♦"]
    assert "Now click the card that covers 6♠." in w.status.value
    assert w.click_card("QC") is False  # … Q♣ covers 6♣, but not 6♠
    assert w.refusal == Refusal("R6", "Q♣ does not beat 6♠: " + R6_TEXT)
    assert w.message == "[R6] Q♣ does not beat 6♠: " + R6_TEXT  # the engine's sentence, its cards as 10♥
    assert w.status.value == (
        '<div class="dnb-refusal">[R6] Q♣ does not beat 6♠: ' + R6_TEXT + "</div>"
        '<div class="dnb-prompt">Your move: cover or take</div>'
    )
    assert (w.target, w.selected) == (None, [])
    assert (marked(w.table_buttons, "dnb-sel"), marked(w.card_buttons, "dnb-ok")) == ([], [])
    # the other order: the card first, then the target
    assert w.click_card("QC") is False
    assert w.click_target("6S") is False
    assert w.message == "[R6] Q♣ does not beat 6♠: " + R6_TEXT
    # nothing was played or written
    assert [m.describe(NAMES2) for m in w.game.history] == ["Boris attacks 6♠ 6♣"]
    assert journal_moves(w.journal) == [{"player": "Boris", "action": "attack", "cards": ["6S", "6C"]}]
    w.close()


def test_R10_cards_with_no_legal_move_are_refused_with_the_engines_reason(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    assert w.click_card("AH") is False  # a disabled button; through the API the engine says why
    assert w.message == "[R6] A♥ does not beat 6♠: " + R6_TEXT
    assert w.selected == []
    assert w.click_card("KS") is False
    assert w.message == "[R10] Anna does not hold K♠"  # a card of Boris: the engine names it as 10♥ here too
    assert w.click_card("XX") is False
    assert w.refusal is not None and w.refusal.rule == "R1"
    assert w.click_card("7S") is False
    assert w.click_card("9S") is False
    assert w.click_target("6S") is False  # two cards for one target
    assert w.message == "[R10] a defence covers exactly one attack card with one card"
    assert w.play("7S") is False
    assert w.message == "[R11] the defender cannot throw in or pass; they cover, transfer or take"
    assert w.pass_() is False
    assert w.message == "[R11] the defender cannot throw in or pass; they cover, transfer or take"
    assert w.transfer("6H") is False
    assert w.message == "[R17] no transfers in podkidnoy: transfers are played in perevodnoy"
    assert len(w.game.history) == 1
    w.close()


def test_R9_a_lead_of_two_ranks_is_refused_then_a_pair_is_led(tmp_path: Path) -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H 7C", "Boris": "8S 9S TS JS"}, "Anna", first_bito_done=True)
    w = PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / "lead.durak.jsonl")
    assert w.message == ""
    # no "Pass the lead" in podkidnoy (R9); *Lead* waits for a card (issue 22: no press refused)
    assert actions(w) == [("Lead", False)]
    assert w.clickable == ["6S", "6H", "7C"]
    w.click_card("6S")
    assert actions(w) == [("Lead", True)]
    assert w.status.value == (
        '<div class="dnb-note">Selected: 6♠. Press “Lead” to lead 6♠.</div>'
        '<div class="dnb-prompt">Your move: lead</div>'
    )
    w.click_card("7C")
    assert actions(w) == [("Lead", False)]  # two ranks: the reason said before any press (R9)
    assert w.status.value == (
        '<div class="dnb-note">Selected: 6♠ 7♣.</div>'
        '<div class="dnb-note">[R9] a lead is one or more cards of one rank</div>'
        '<div class="dnb-prompt">Your move: lead</div>'
    )
    assert w.message == ""
    assert marked(w.card_buttons, "dnb-sel") == ["6♠", "7♣"]
    assert w.play() is False  # the method still asks the engine, which refuses
    assert w.message == "[R9] a lead is one or more cards of one rank"
    w.click_card("6S")
    w.click_card("6H")
    assert "Press “Lead” to lead 6♠ 6♥." in w.status.value
    assert w.play() is True
    assert w.message == "Anna attacks 6♠ 6♥; Boris takes"  # 6♥ cannot be beaten: no heart, no trump (R6)
    assert w.legal == [Move.pass_(0)]  # no six left to give after take (R14)
    assert actions(w) == [("Throw in", False), ("Pass", True)]
    w.close()


def test_throw_in_is_disabled_until_a_card_that_may_be_thrown_in_is_chosen_r11(tmp_path: Path) -> None:
    """Issue 22: *Throw in* is offered only when the chosen cards may be thrown in; the
    engine's reason stands beside it before any press (as in the practice bout)."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H 9D", "Boris": "8S 9S TS JS"}, "Anna", first_bito_done=True)
    w = PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / "throw.durak.jsonl")
    assert w.click_card("6S") is False and w.lead_button.click() is None
    assert w.message == "Anna attacks 6♠; Boris covers 6♠ with 8♠"
    assert actions(w) == [("Throw in", False), ("Pass", True)]
    assert "dnb-note" not in w.status.value
    assert w.click_card("9D") is False  # 9♦ takes part in no legal move: not chosen, said why (R11)
    assert (w.selected, actions(w)) == ([], [("Throw in", False), ("Pass", True)])
    assert w.status.value == (
        '<div class="dnb-refusal">[R11] 9♦: only ranks already on the table may be thrown in</div>'
        '<div class="dnb-prompt">Your move: throw in or pass</div>'
    )
    w.click_card("6H")
    assert actions(w) == [("Throw in", True), ("Pass", True)]
    assert "[R11]" not in w.status.value
    assert w.refusal is None
    w.lead_button.click()
    assert w.message.startswith("Anna throws in 6♥")
    w.close()


def test_R9_pass_the_lead_only_in_english_durak(tmp_path: Path) -> None:
    """On an empty table the attacker's buttons are *Lead* and, in english durak only,
    *Pass the lead* (R9: with no pair to lead); podkidnoy shows no pass before the lead."""
    hands = {"Anna": "6S 7H 8C 9D", "Boris": "TS JS QS KS"}
    english = PlayWidget(
        "english", NAMES2, start=lesson("english", NAMES2, hands, "Anna"), journal=tmp_path / "e.durak.jsonl"
    )
    assert english.legal == [Move.pass_(0)]  # no pair: the lead passes (R9)
    assert actions(english) == [("Lead", False), ("Pass the lead", True)]
    assert english.status.value == '<div class="dnb-prompt">Your move: pass the lead</div>'
    english.pass_button.click()
    assert english.message == (
        "Anna passes; the lead passes from Anna to Boris (R9); Boris passes; the lead passes from Boris to Anna (R9)"
    )
    # every player has passed the lead: now a single card is led (R9)
    assert actions(english) == [("Lead", False), ("Pass the lead", False)]  # Lead waits for a card
    english.click_card("6S")
    assert actions(english) == [("Lead", True), ("Pass the lead", False)]
    english.close()
    podkidnoy = PlayWidget(
        "podkidnoy", NAMES2, start=lesson("podkidnoy", NAMES2, hands, "Anna"), journal=tmp_path / "p.durak.jsonl"
    )
    assert actions(podkidnoy) == [("Lead", False)]
    assert shown(podkidnoy.pass_button) is False
    assert podkidnoy.click_card("6S") is False and podkidnoy.play() is True
    assert podkidnoy.message == "Anna attacks 6♠; Boris covers 6♠ with 10♠"
    assert actions(podkidnoy) == [("Throw in", False), ("Pass", True)]  # the pass after the lead (R12)
    podkidnoy.close()


# ----------------------------------------------------------------------------- take and throw-ins


def test_R14_take_then_bots_throw_in_after_take_and_pass(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    pool = list(w.card_buttons)
    assert len(pool) == 6
    assert w.click_card("7S") is False
    assert w.click_target("6S") is True
    assert w.message == "Anna covers 6♠ with 7♠"  # Boris waits: Anna still defends
    assert table_buttons(w) == ["6♠ covered by 7♠", "6♣"]
    assert w.take() is True
    assert w.message == (
        "Anna takes; Boris throws in 7♥; Boris throws in 7♣; Boris passes; "
        "Anna picks up 6♠ 7♠ 6♣ 7♥ 7♣ (R14); Boris attacks K♠"
    )
    assert [c.code for c in w.game.hands[0]] == ["6S", "6H", "6C", "7S", "7H", "7C", "9S", "JD", "QC", "AH"]
    assert [c.code for c in w.game.hands[1]] == ["AS"]
    # the pool grew to ten buttons; the first six are the same widgets
    assert len(w.card_buttons) == 10 and w.card_buttons[:6] == pool
    assert hand_buttons(w) == ["6♠", "7♠", "9♠", "6♥", "7♥", "A♥", "6♣", "7♣", "Q♣", "J♦"]
    assert dimmed(w) == ["6♠", "7♠", "9♠", "6♥", "7♥", "A♥", "6♣", "7♣", "Q♣"]  # J♦ alone beats K♠ (R6)
    assert w.hand_row._dom_classes == ("dnb-row", "dnb-tight")  # ten cards: drawn overlapped
    assert table_buttons(w) == ["K♠"]
    assert w.narration == [
        "Boris attacks 6♠ 6♣",
        "Anna covers 6♠ with 7♠",
        "Anna takes",
        "Boris throws in 7♥",
        "Boris throws in 7♣",
        "Boris passes",
        "Anna picks up 6♠ 7♠ 6♣ 7♥ 7♣ (R14)",
        "Boris attacks K♠",
    ]
    assert (
        '<div class="dnb-turn"><b>Bout 2</b> · attacker <b>Boris</b> · defender <b>Anna</b> · throwers: Boris · '
        "may act: <b>Anna, Boris</b></div>"
    ) in w.top.value
    w.close()


def test_R12_auto_pass_passes_for_you_when_pass_is_your_only_move(tmp_path: Path) -> None:
    g = lesson("podkidnoy", NAMES3, {"Anna": "9H", "Boris": "6S 9C", "Vera": "7S 8C"}, "Boris", first_bito_done=True)
    plain = PlayWidget("podkidnoy", NAMES3, start=g, journal=tmp_path / "a.durak.jsonl")
    assert plain.message == "Boris attacks 6♠; Vera covers 6♠ with 7♠; Boris passes"
    assert [m for m in plain.legal] == [Move.pass_(0)]
    assert actions(plain) == [("Throw in", False), ("Pass", True)]
    assert plain.status.value.endswith('<div class="dnb-prompt">Your move: pass</div>')
    plain.close()
    auto = PlayWidget("podkidnoy", NAMES3, start=g, journal=tmp_path / "b.durak.jsonl", auto_pass=True)
    assert auto.message == (
        "Boris attacks 6♠; Vera covers 6♠ with 7♠; Boris passes; Anna passes (auto); "
        "bito: 6♠ 7♠ to the discard (R15); Vera attacks 8♣"
    )
    assert auto.legal == [Move.take(0)]  # 9♥ cannot beat 8♣: taking is not automatic
    assert [m.describe(NAMES3) for m in auto.game.history][3] == "Anna passes"  # recorded as a plain pass
    auto.close()


# ----------------------------------------------------------------------------- transfers


def test_R17_transfer_in_perevodnoy(tmp_path: Path) -> None:
    g = lesson(
        "perevodnoy",
        NAMES3,
        {"Anna": "7H 8H 9D", "Boris": "8S TS JD QH", "Vera": "7S 9C KC"},
        "Vera",
        first_bito_done=True,
        bout=2,
    )
    w = PlayWidget("perevodnoy", NAMES3, start=g, journal=tmp_path / "t.durak.jsonl")
    assert w.message == "Vera attacks 7♠"
    assert w.clickable == ["7H", "9D"]
    assert actions(w) == [("Transfer", True), ("Take", True)]
    assert w.show_button is None  # show_trump_transfer is off (R20)
    assert w.click_card("7H") is False
    assert w.status.value.endswith(
        '<div class="dnb-note">Selected: 7♥. Press “Transfer” to transfer with 7♥.</div>'
        '<div class="dnb-prompt">Your move: cover, transfer or take</div>'
    )
    assert w.transfer() is True
    assert w.message == "Anna transfers 7♥; Boris covers 7♠ with 8♠; Boris covers 7♥ with Q♥"
    assert table_buttons(w) == ["7♠ covered by 8♠", "7♥ covered by Q♥"]
    assert hand_buttons(w) == ["8♥", "9♦"]
    pos = w.game.position()
    assert (pos.attacker, pos.defender) == (0, 1)  # Anna is the bout's attacker now (R17)
    assert pos.table == ((Card.parse("7S"), Card.parse("8S")), (Card.parse("7H"), Card.parse("QH")))
    assert [c.code for c in pos.hands[0]] == ["8H", "9D"]
    assert w.clickable == ["8H"]  # a throw-in of rank 8 (R11)
    assert actions(w) == [("Throw in", False), ("Pass", True)]  # no Transfer for the attacker
    assert w.click_card("8H") is False
    assert actions(w) == [("Throw in", True), ("Pass", True)]  # 8♥ may be thrown in (R11)
    assert w.transfer("8H") is False
    assert w.message == "[R10] only the defender Boris may transfer"
    w.close()


def test_R18_a_transfer_needs_the_attack_rank_and_room_for_the_next_defender(tmp_path: Path) -> None:
    g = lesson("perevodnoy", NAMES2, {"Anna": "7H 8H 9D", "Boris": "7S 9C"}, "Boris", first_bito_done=True, bout=2)
    w = PlayWidget("perevodnoy", NAMES2, start=g, journal=tmp_path / "t.durak.jsonl")
    assert w.message == "Boris attacks 7♠"
    # Boris holds 1 card after his lead: a transfer would give him 2 (R18 with R13b, R21)
    assert actions(w) == [("Transfer", False), ("Take", True)]
    assert w.clickable == ["9D"]
    assert w.transfer("7H") is False
    assert (
        w.message == "[R18] Boris holds 1 card and would face 2: no one may be given more cards than they hold (R13b)"
    )
    assert w.transfer("8H") is False
    assert w.message == "[R17] a transfer must use cards of the attack rank 7"
    assert w.transfer() is False  # nothing selected
    assert w.message == "[R17] a transfer lays one or more cards of the attack rank"
    assert len(w.game.history) == 1
    w.close()


def test_R20_shown_trump_transfer_in_perevodnoy(tmp_path: Path) -> None:
    rules = Rules.make("perevodnoy", show_trump_transfer=True)
    g = lesson(
        rules,
        NAMES3,
        {"Anna": "7H 7D 9H", "Boris": "8S TS JD QH", "Vera": "7S 9C KC"},
        "Vera",
        first_bito_done=True,
        bout=2,
    )
    w = PlayWidget(rules, NAMES3, start=g, journal=tmp_path / "s.durak.jsonl")
    assert w.message == "Vera attacks 7♠"
    assert actions(w) == [("Transfer", True), ("Show trump", True), ("Take", True)]
    w.click_card("7D")
    assert "Press “Show trump” to transfer by showing 7♦." in w.status.value
    w.clear()
    assert w.transfer(show=True) is True  # the trump of the attack rank the engine offers
    assert w.game.history[-2] == Move.transfer(0, "7D", show=True)
    assert w.message == "Anna transfers by showing 7♦; Boris covers 7♠ with 8♠"
    assert [c.code for c in w.game.hands[0]] == ["7H", "7D", "9H"]  # the shown trump stays in hand
    assert hand_buttons(w) == ["7♥", "9♥", "7♦"]
    assert (shown(w.show_button), w.show_button.disabled) == (False, True)  # Anna attacks now
    w.close()


# ----------------------------------------------------------------------------- the journal and the replay


def test_R14_the_journal_holds_exactly_the_moves_played(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    w.click_target("6S")
    w.click_card("QC")  # refused (R6): not written
    w.click_card("7S")
    w.click_target("6S")
    w.take()
    expected = [
        {"player": "Boris", "action": "attack", "cards": ["6S", "6C"]},
        {"player": "Anna", "action": "defend", "card": "7S", "target": "6S"},
        {"player": "Anna", "action": "take"},
        {"player": "Boris", "action": "throw", "cards": ["7H"]},
        {"player": "Boris", "action": "throw", "cards": ["7C"]},
        {"player": "Boris", "action": "pass"},
        {"player": "Boris", "action": "attack", "cards": ["KS"]},
    ]
    assert journal_moves(w.journal) == expected
    assert [move_to_json(m, NAMES2) for m in w.game.history] == expected
    head = json.loads(w.journal.read_text(encoding="utf-8").splitlines()[0])
    assert head["start"]["hands"] == {
        "Anna": ["6H", "7S", "9S", "JD", "QC", "AH"],
        "Boris": ["6S", "6C", "7H", "7C", "KS", "AS"],
    }
    assert (head["start"]["attacker"], head["start"]["first_bito_done"]) == ("Boris", True)
    j = read_journal(w.journal)
    assert j.recording == w.recording()
    assert j.game.position() == w.game.position()
    w.close()


def test_R25_the_replay_of_the_recording_reproduces_the_final_position(tmp_path: Path) -> None:
    w = take_lesson(tmp_path)
    w.click_card("7S")
    w.click_target("6S")
    w.take()
    replay = w.replay()
    assert isinstance(replay, Replay)
    assert len(replay) == 7
    assert replay.final == w.game.position()
    viewer = w.show_replay()
    assert isinstance(viewer, ReplayerWidget)
    assert w.replay_box.children == (viewer,)
    assert viewer.index == 7
    assert viewer.perspective.index == 1  # Anna's own view while the game goes on
    # play on to the end: the replay follows the live game
    assert w.click_card("JD") is False and w.click_target("KS") is True
    assert w.message == "Anna covers K♠ with J♦; Boris passes; bito: K♠ J♦ to the discard (R15)"
    assert w.click_card("6S") is False and w.play() is True
    assert w.message == "Anna attacks 6♠; Boris covers 6♠ with A♠"
    assert w.pass_() is True
    assert w.message == (
        "Anna passes; bito: 6♠ A♠ to the discard (R15); Boris is out (R24); game over: Anna is the durak"
    )
    final = w.replay().final
    assert final == w.game.position()
    assert final.result is not None and final.result.describe(NAMES2) == "Anna is the durak"
    assert [c.code for c in final.hands[0]] == ["6H", "6C", "7S", "7H", "7C", "9S", "QC", "AH"]
    assert len(w.replay()) == 12
    viewer = w.show_replay()
    assert viewer is not None and viewer.perspective.index == 0  # the game is over: every hand open
    # the journal stays open for comments after the game, until the widget is closed
    w.recorder.comment("Boris had kept AS for the end")
    assert read_journal(w.journal).recording.meta == {"comments": {"11": "Boris had kept AS for the end"}}
    assert w.recorder.closed is False
    w.close()
    assert w.recorder.closed is True


def test_R25_a_full_game_against_bots_finishes_and_its_recording_validates(tmp_path: Path) -> None:
    path = tmp_path / "full.durak.jsonl"
    w = PlayWidget("podkidnoy", NAMES3, seed=2, journal=path, bot=RandomBot(2))
    me = LowestCardBot()
    human_moves = 0
    while not w.game.finished:
        assert play_as(w, me.choose(w.game, 0)) is True
        human_moves += 1
    result = w.game.result
    assert result is not None
    assert (len(w.game.history), human_moves) == (148, 45)
    assert result.out_order == (0, 2)  # Anna out first, then Vera (R24)
    assert result.describe(NAMES3) == "Boris is the durak"
    assert w.status.value.endswith('<div class="dnb-prompt">Game over: Boris is the durak</div>')
    rec = w.recording()
    assert rec.result == {"durak": "Boris"}
    out = tmp_path / "full.json"
    rec.dump(out)
    report = validate_file(out)
    assert report.ok and report.game is not None
    assert report.game.position() == w.game.position()
    assert read_journal(path).recording == rec
    # every button is off once the game is over
    assert [b.disabled for b in (w.lead_button, w.take_button, w.pass_button)] == [True, True, True]
    assert w.click_card("AS") is False
    assert w.message == "[R25] the game is over: no more moves"


# ----------------------------------------------------------------------------- starting points


def test_R4_start_from_a_recording_and_resume_after_closing(tmp_path: Path) -> None:
    doc = {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": NAMES2,
        "start": {
            "hands": {"Anna": ["6H", "7S", "9S", "JD", "QC", "AH"], "Boris": ["6S", "6C", "7C", "7H", "KS", "AS"]},
            "talon": [],
            "trump": "D",
            "discard": [c.code for c in deck(36) if c.code not in "6H 7S 9S JD QC AH 6S 6C 7C 7H KS AS"],
            "attacker": "Boris",
            "first_bito_done": True,
        },
        "moves": [
            {"player": "Boris", "action": "attack", "cards": ["6S", "6C"]},
            {"player": "Anna", "action": "defend", "card": "7S", "target": "6S"},
        ],
    }
    path = tmp_path / "on.durak.jsonl"
    w = PlayWidget.from_recording(Recording.from_json(doc), journal=path)
    assert w.message == ""  # Anna (you) still defends: no bot moves first
    assert w.clickable == ["QC", "JD"]
    assert journal_moves(path) == doc["moves"]
    w.close()
    again = PlayWidget.resume(path)
    assert again.game.position() == w.game.position()
    assert again.click_card("QC") is False and again.click_target("6C") is True
    assert again.message == "Anna covers 6♣ with Q♣; Boris throws in 7♥"
    assert len(journal_moves(path)) == 4
    # the log numbers the moves of the game: the recording's two moves came first
    assert again.log_view.value == (
        '<div class="dnb-log-head">Moves</div><div class="dnb-log">'
        '<span class="dnb-n">3</span><span>Anna covers 6♣ with Q♣</span>'
        '<span class="dnb-n">4</span><span>Boris throws in 7♥</span></div>'
    )
    again.close()


def test_R2_a_human_seat_that_is_not_a_player_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="human: 'Zoe' is not a player: Anna, Boris"):
        PlayWidget("podkidnoy", NAMES2, human="Zoe", seed=1, journal=tmp_path / "x.durak.jsonl")
    # the journal was released: it can be replaced
    w = PlayWidget("podkidnoy", NAMES2, human="Boris", seed=1, journal=tmp_path / "x.durak.jsonl", overwrite=True)
    assert w.human == 1
    w.close()


def test_R2_an_existing_journal_is_never_replaced_without_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "g.durak.jsonl"
    w = PlayWidget("podkidnoy", NAMES2, seed=1, journal=path)
    before = path.read_bytes()
    with pytest.raises(RecordingError) as exists:
        PlayWidget("podkidnoy", NAMES2, seed=2, journal=path)
    assert exists.value.message == (
        "the journal exists already: PlayWidget.resume(path) continues its game, overwrite=True starts a new one"
    )
    with pytest.raises(RecordingError) as held:
        PlayWidget("podkidnoy", NAMES2, seed=2, journal=path, overwrite=True)
    assert held.value.message == "another recorder has this journal open"
    assert path.read_bytes() == before
    w.close()
    again = PlayWidget("podkidnoy", NAMES2, seed=2, journal=path, overwrite=True)
    assert read_journal(path).recording == again.recording()
    again.close()


def test_R4_a_game_with_moves_is_no_start(tmp_path: Path) -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S", "Boris": "8S 9S"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    with pytest.raises(ValueError, match="no move played"):
        PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / "x.durak.jsonl")


# ----------------------------------------------------------------------------- the frame


def test_R16_the_frame_updates_in_place(tmp_path: Path) -> None:
    """Moves change values, never the widgets; the card row grows only when the hand
    is larger than ever before (here: 7 cards after the first take, R14)."""
    w = PlayWidget("podkidnoy", NAMES2, seed=3, journal=tmp_path / "f.durak.jsonl")
    me = LowestCardBot()
    before = all_widgets(w)
    play_as(w, me.choose(w.game, 0))
    # the bot's refill is counted, not named: Anna cannot see it drawn (R16; walk finding)
    assert w.message == "Anna takes; Boris passes; Anna picks up 8♣ (R14); Boris draws 1 card (R16); Boris attacks 8♦"
    assert (len(w.game.hands[0]), len(w.card_buttons)) == (7, 7)
    grown = all_widgets(w)
    assert len(grown) == len(before) + 1
    assert [x for x in grown if not any(x is y for y in before)] == [w.hand_row.children[6]]
    sizes = []
    for _ in range(11):
        play_as(w, me.choose(w.game, 0))
        sizes.append(len(w.game.hands[0]))
        now = all_widgets(w)
        assert len(now) == len(grown) and all(a is b for a, b in zip(now, grown, strict=True))
        assert hand_buttons(w) == [c.pretty for c in w.hand]
        assert dimmed(w) == [c.pretty for c in w.hand if c.code not in w.clickable]
    assert sizes == [6, 5, 6, 6, 5, 4, 6, 5, 4, 6, 5]
    w.close()


def test_R2_names_and_texts_are_escaped(tmp_path: Path) -> None:
    evil = ['<img src=x onerror="alert(1)">', 'Bo & "ris"\n<script>']
    w = PlayWidget("podkidnoy", evil, seed=1, journal=tmp_path / "e.durak.jsonl", meta={"title": "<b>x</b>"})
    me = LowestCardBot()
    for _ in range(4):
        if w.game.finished:
            break
        play_as(w, me.choose(w.game, 0))
    assert w.click_card(w.game.hands[1][0]) is False  # Boris's card: the refusal names the player
    assert w.message == '[R10] <img src=x onerror="alert(1)"> does not hold 6♥'
    html_values = [x.value for x in all_widgets(w) if isinstance(x, widgets.HTML)]
    joined = "\n".join(html_values)
    assert "<img" not in joined and "<script" not in joined and "<b>x</b>" not in joined
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in joined
    assert "Bo &amp; &quot;ris&quot;\n&lt;script&gt;" in joined
    assert "&lt;b&gt;x&lt;/b&gt;" in w.top.value
    assert w.status.value.startswith(
        '<div class="dnb-refusal">[R10] &lt;img src=x onerror=&quot;alert(1)&quot;&gt; does not hold 6♥</div>'
    )
    w.close()


def test_R12_bots_move_one_at_a_time_with_the_delay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a delay, each bot move after yours is drawn after a pause (no wall clock:
    the pauses are counted)."""
    pauses: list[float] = []
    monkeypatch.setattr("durak_nb.views.play.time.sleep", pauses.append)
    w = take_lesson(tmp_path, "d", delay=0.4)
    assert pauses == []  # before the widget is shown, the bots move at once
    w.click_card("7S")
    w.click_target("6S")
    w.take()
    assert pauses == [0.4, 0.4, 0.4, 0.4]  # 7H, 7C, pass, the next lead
    w.close()


def test_R24_no_pauses_once_you_are_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("durak_nb.views.play.time.sleep", pauses.append)
    g = lesson(
        "podkidnoy", NAMES3, {"Anna": "6S", "Boris": "7S 8H 9C", "Vera": "6H 8S TC"}, "Anna", first_bito_done=True
    )
    w = PlayWidget("podkidnoy", NAMES3, start=g, journal=tmp_path / "o.durak.jsonl", delay=0.5)
    assert w.play("6S") is True
    assert w.narration == [
        "Anna attacks 6♠",
        "Boris covers 6♠ with 7♠",
        "Vera throws in 6♥",
        "Boris covers 6♥ with 8♥",
        "Vera throws in 8♠",
        "Boris takes",
        "Vera passes",
        "Boris picks up 6♠ 7♠ 6♥ 8♥ 8♠ (R14)",
        "Anna is out (R24)",
        "Vera attacks 10♣",
        "Boris takes",
        "Boris picks up 10♣ (R14)",
        "Vera is out (R24)",
        "game over: Boris is the durak",
    ]
    assert pauses == [0.5] * 6  # before the six bot moves played while Anna was still in


def test_R5_redeal_is_offered_and_recorded_with_its_deck(tmp_path: Path) -> None:
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    w = PlayWidget(rules, NAMES2, seed=62, journal=tmp_path / "r.durak.jsonl")
    assert [c.code for c in w.game.hands[0]] == ["7D", "8D", "9D", "JD", "KD", "KC"]  # five diamonds
    assert actions(w) == [("Lead", False), ("Redeal", True)]  # no card chosen: Lead waits
    assert w.status.value == '<div class="dnb-prompt">Your move: claim a redeal or lead</div>'
    assert w.redeal() is True
    assert w.message == "Anna claims a redeal; Anna shows five of a suit: the cards are dealt again (R5)"
    redeal = journal_moves(w.journal)[0]
    assert (redeal["player"], redeal["action"], len(redeal["deck"])) == ("Anna", "redeal", 36)
    assert [c.code for c in w.game.hands[0]] == ["9D", "TH", "JS", "QS", "QD", "KS"]
    assert (shown(w.redeal_button), w.redeal_button.disabled) == (False, True)  # nobody has five of a suit now
    assert read_journal(w.journal).game.position() == w.game.position()
    w.close()


# ----------------------------------------------------------------------------- the card table


def test_R3_R15_R13_the_talon_the_discard_and_the_table_in_words(tmp_path: Path) -> None:
    """The talon says its size and the trump under it (R3, R16), the discard its size
    (R15), the table its cards and the room left (R13)."""
    dealt = Game.deal("podkidnoy", NAMES2, seed=1).position()
    assert (talon_words(dealt), discard_words(dealt)) == ("talon: 24 cards, trump 7♥ under it", "discard: empty")
    two = lesson("podkidnoy", NAMES2, {"Anna": "6H 7S", "Boris": "6S 6C"}, "Boris").position()
    assert talon_words(two) == "talon: empty, trump ♦"
    assert discard_words(two) == "discard: 32 cards"
    last = Game.from_position(
        "podkidnoy",
        NAMES2,
        hands={"Anna": "6H", "Boris": "6S"},
        talon="9D",
        trump="D",
        attacker="Boris",
        rest_to_discard=True,
    ).position()
    assert talon_words(last) == "talon: 1 card, the trump 9♦"  # the turned-up card is drawn last (R16)
    japanese = Game.deal("japanese", NAMES2, seed=1).position()
    assert talon_words(japanese) == "talon: 24 cards, trump ♦"  # no card is turned up (R8)
    # the widget shows them above the pictures of the talon and the discard
    w = take_lesson(tmp_path)
    assert '<div class="dnb-caption">talon: empty, trump ♦</div><svg' in w.stock.value
    assert '<div class="dnb-caption">discard: 24 cards</div><svg' in w.stock.value
    assert '<div class="dnb-caption">table: 2 attack cards, 0 covered; room for 4 more (R13)</div>' in w.top.value
    w.click_card("7S")
    w.click_target("6S")
    assert '<div class="dnb-caption">table: 2 attack cards, 1 covered; room for 4 more (R13)</div>' in w.top.value
    w.close()
    g = lesson("podkidnoy", NAMES2, {"Anna": "9H", "Boris": "6S 6C 9C"}, "Boris", first_bito_done=True)
    full = PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / "full.durak.jsonl")
    assert full.message == "Boris attacks 6♠"
    assert table_words(full.game.position(), full.game.room()) == (
        "table: 1 attack card, 0 covered; no more cards may be given (R13)"  # Anna holds one card
    )
    full.close()


def test_the_seats_sit_around_the_table_clockwise_from_your_left(tmp_path: Path) -> None:
    """The other seats across the top, clockwise from the viewer's left (the next seat
    attacks to the left, R2); the viewer's seat at the bottom, as a caption over the hand."""
    names = ["Anna", "Boris", "Vera", "Gleb"]
    w = PlayWidget("podkidnoy", names, human="Vera", seed=5, journal=tmp_path / "four.durak.jsonl")
    assert re.findall(r'class="dnb-seat[^"]*" data-seat="(\d)"', w.top.value) == ["3", "0", "1"]
    assert w.seat_caption.value.startswith('<div class="dnb-caption')
    assert "<b>Vera</b> · 6 cards" in w.seat_caption.value and w.seat_caption.value.endswith(" · <b>you</b></div>")
    assert "Vera" not in w.top.value.split('<div class="dnb-seats">')[1]  # your hand is drawn once, as buttons
    assert hand_buttons(w) == [c.pretty for c in hand_order(w.game.hands[2], w.game.trump)]
    w.close()


def test_widget_models_are_few_and_made_once(tmp_path: Path) -> None:
    """One Layout, one button style and one HTML style shared by every widget: 38 models
    for the take lesson (7 HTML, 6 card and 6 table buttons, 8 action buttons (one the
    hidden *Show my hand* of several people at one screen; *Hint* and *Analyse my game*,
    issue 13; *Save .durak*, issue 22), 8 boxes;
    103 before the card pictures were the buttons), none more while it is played, and
    one per card when the hand grows past any size before (R14)."""
    from ipywidgets.widgets.widget import _instances

    before = len(_instances)
    w = take_lesson(tmp_path)
    made = len(_instances) - before
    kinds = Counter(type(x).__name__ for x in list(_instances.values())[before:])
    assert made == 38
    assert kinds == Counter(
        Button=20, HTML=7, Box=3, HBox=2, VBox=2, Layout=1, ButtonStyle=1, HTMLStyle=1, PlayWidget=1
    )
    w.click_target("6S")
    w.click_card("QC")  # refused (R6)
    w.click_card("7S")
    w.click_target("6S")
    assert len(_instances) - before == 38
    w.take()  # ten cards now: four more card buttons
    assert (len(w.game.hands[0]), len(_instances) - before) == (10, 42)
    w.close()


def test_R9_R10_clicking_the_card_pictures_plays_the_moves(tmp_path: Path) -> None:
    """A click on a card's picture (its button) selects it, *Lead* leads it (R9); a
    click on an attack card's picture on the table, then on a card of the hand, covers
    it (R10).  The faces are the buttons' backgrounds, from one style sheet."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 7C 9H", "Boris": "8S TC JC QH"}, "Anna", first_bito_done=True)
    w = PlayWidget("podkidnoy", NAMES2, start=g, journal=tmp_path / "clicks.durak.jsonl")
    assert hand_buttons(w) == ["6♠", "9♥", "7♣"]
    face = f".{w.scope} .dnb-c-6S{{background-image:url(data:image/svg+xml;base64,"
    assert face in w.faces.value
    w.card_buttons[0].click()  # the picture of 6♠
    assert w.selected == [Card.parse("6S")] and marked(w.card_buttons, "dnb-sel") == ["6♠"]
    w.lead_button.click()
    assert w.message == "Anna attacks 6♠; Boris covers 6♠ with 8♠"
    assert w.game.table == [(Card.parse("6S"), Card.parse("8S"))]
    assert table_buttons(w) == ["6♠ covered by 8♠"]
    assert w.table_buttons[0]._dom_classes == ("dnb-pc", "dnb-pt", "dnb-t-6S-8S")
    assert f".{w.scope} .dnb-t-6S-8S{{background-image:url(data:image/svg+xml;base64," in w.faces.value
    assert face not in w.faces.value  # 6♠ left the hand: its face is no longer sent
    assert hand_buttons(w) == ["9♥", "7♣"]
    assert [c.code for c in w.game.hands[0]] == ["7C", "9H"]
    w.pass_button.click()
    assert w.message == "Anna passes; bito: 6♠ 8♠ to the discard (R15); Boris attacks 10♣"
    # cover: the attack card's picture, then the card's
    w.table_buttons[0].click()
    # neither 9♥ nor 7♣ beats 10♣ (R6): the note, derived from the legal moves, says so and
    # the card is not chosen; no "click the card that covers" beside "take" (issue 22)
    assert w.target is None
    assert marked(w.card_buttons, "dnb-ok") == []
    assert w.status.value == (
        '<div class="dnb-said">Anna passes; bito: 6♠ 8♠ to the discard (R15); Boris attacks 10♣</div>'
        '<div class="dnb-note">None of your cards may cover 10♣ now.</div>'
        '<div class="dnb-prompt">Your move: take</div>'
    )
    w.take_button.click()
    assert w.message == "Anna takes; Boris passes; Anna picks up 10♣ (R14); Boris attacks J♣"
    assert hand_buttons(w) == ["9♥", "7♣", "10♣"]
    w.close()
    t = take_lesson(tmp_path, "cover")
    t.table_buttons[1].click()  # 6♣
    assert marked(t.card_buttons, "dnb-ok") == ["Q♣", "J♦"]
    t.card_buttons[4].click()  # Q♣
    assert t.message == "Anna covers 6♣ with Q♣"  # 6♠ is still to cover: Boris waits
    assert t.game.table == [(Card.parse("6S"), None), (Card.parse("6C"), Card.parse("QC"))]
    assert table_buttons(t) == ["6♠", "6♣ covered by Q♣"]
    assert hand_buttons(t) == ["7♠", "9♠", "6♥", "A♥", "J♦"]
    assert journal_moves(t.journal)[1:] == [{"player": "Anna", "action": "defend", "card": "QC", "target": "6C"}]
    t.close()


def test_the_journal_place_is_shown_to_the_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "mine.durak.jsonl"
    w = PlayWidget("podkidnoy", NAMES2, seed=1, journal=path)
    assert w.journal_view.value == f"This game is saved after every move in {path}."
    w.close()
    monkeypatch.chdir(tmp_path)
    rel = PlayWidget("podkidnoy", NAMES2, seed=1, journal="rel.durak.jsonl")  # said as an absolute path
    assert rel.journal_view.value == f"This game is saved after every move in {tmp_path / 'rel.durak.jsonl'}."
    rel.close()
    temp = PlayWidget("podkidnoy", NAMES2, seed=1)
    where = str(temp.journal)
    assert where.startswith(tempfile.gettempdir()) and where.endswith("/game.durak.jsonl")
    # the kit's own journal: no internal path, what the player needs (issue 22)
    assert temp.journal_view.value == (
        "Your game is kept after every move. “Save .durak” writes it as a file in this notebook&#x27;s folder."
    )
    temp.close()
    again = PlayWidget.resume(where)  # still the temporary folder
    assert again.journal_view.value == html.escape(journal_words(Path(where), temporary=True))
    again.close()


def test_the_move_log_numbers_the_moves_in_a_column_of_their_own(tmp_path: Path) -> None:
    """Each move has its number in the game, the events it caused none; the numbers
    stand in a grid column as wide as the widest (``max-content``), so none is clipped."""
    lines = ["Anna takes", "Boris throws in 7♥", "Anna picks up 6♠ 7♥ (R14)", "Boris attacks K♠"]
    assert log_html(lines, [99, 100, None, 101], last=3) == (
        '<div class="dnb-log-head">Moves</div><div class="dnb-log">'
        '<span class="dnb-n">100</span><span>Boris throws in 7♥</span>'
        '<span class="dnb-n"></span><span>Anna picks up 6♠ 7♥ (R14)</span>'
        '<span class="dnb-n">101</span><span>Boris attacks K♠</span></div>'
    )
    assert log_html([], []) == ""
    w = take_lesson(tmp_path)
    assert ".dnb-play .dnb-log{display:grid;grid-template-columns:max-content 1fr;" in w.faces.value
    w.click_card("7S")
    w.click_target("6S")
    w.take()
    shown_lines = re.findall(r'<span class="dnb-n">(\d*)</span><span>([^<]*)</span>', w.log_view.value)
    assert shown_lines == [
        ("1", "Boris attacks 6♠ 6♣"),
        ("2", "Anna covers 6♠ with 7♠"),
        ("3", "Anna takes"),
        ("4", "Boris throws in 7♥"),
        ("5", "Boris throws in 7♣"),
        ("6", "Boris passes"),
        ("", "Anna picks up 6♠ 7♠ 6♣ 7♥ 7♣ (R14)"),
        ("7", "Boris attacks K♠"),
    ]
    w.close()


def play_as(w: PlayWidget, move: Move) -> bool:
    """Make the human's ``move`` through the widget's clicks and buttons."""
    a = move.action
    if a is Action.DEFEND:
        assert move.target is not None
        assert w.click_card(move.cards[0]) is False
        return w.click_target(move.target)
    if a in (Action.ATTACK, Action.THROW):
        for c in move.cards:
            assert w.click_card(c) is False
        return w.play()
    if a is Action.TRANSFER:
        if move.show:
            return w.transfer(show=True)
        for c in move.cards:
            w.click_card(c)
        return w.transfer()
    if a is Action.TAKE:
        return w.take()
    if a is Action.PASS:
        return w.pass_()
    return w.redeal()


def test_R14_the_play_notebook_shows_the_lesson() -> None:
    """notebooks/10_play_against_bots.ipynb runs headless (no cell waits for a click): it
    shows the lesson's widget, Anna's legal moves after Boris's lead in words, and a whole
    game's widget; its text names no Python call.  The lesson played as its text says:
    the refusal (R6), then the cover, the take and the throw-ins after take (R14)."""
    from test_notebooks import errors, executed, outputs

    from durak_nb.lessons.practice import take_lesson

    nb = executed("10_play_against_bots.ipynb")
    assert errors(nb) == []
    out = outputs(nb)
    assert [[sorted(d) for d in cell] for cell in out] == [
        [["application/vnd.jupyter.widget-view+json", "text/plain"]],
        [["text/html", "text/plain"]],
        [["application/vnd.jupyter.widget-view+json", "text/plain"]],
    ]
    assert out[1][0]["text/plain"].splitlines() == [
        "Anna covers 6♠ with 7♠",
        "Anna covers 6♠ with 9♠",
        "Anna covers 6♠ with J♦",
        "Anna covers 6♣ with J♦",
        "Anna covers 6♣ with Q♣",
        "Anna takes",
    ]
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "`" not in text and "()" not in text
    assert "| take the cards (принять, R14) | **Take** |" in text

    w = PlayWidget("podkidnoy", ["Anna", "Boris"], start=take_lesson(), open_hands=True, fsync=False)
    assert w.message == "Boris attacks 6♠ 6♣"
    w.click_target("6S")
    w.click_card("QC")
    assert w.message == "[R6] Q♣ does not beat 6♠: " + R6_TEXT
    w.click_card("7S")
    w.click_target("6S")
    w.take()
    assert w.message == (
        "Anna takes; Boris throws in 7♥; Boris throws in 7♣; Boris passes; "
        "Anna picks up 6♠ 7♠ 6♣ 7♥ 7♣ (R14); Boris attacks K♠"
    )
    assert " ".join(c.code for c in w.game.hands[0]) == "6S 6H 6C 7S 7H 7C 9S JD QC AH"
    lines = w.journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) - 1 == 7  # a header, then the seven moves
    assert w.replay().final == w.game.position()


CLICKS = ("card", "table", "lead", "transfer", "show", "take", "pass", "clear")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 50),
    rules=st.sampled_from(["podkidnoy", "perevodnoy", "english"]),
    clicks=st.lists(st.tuples(st.sampled_from(CLICKS), st.integers(0, 11)), max_size=30),
)
def test_R10_whatever_is_clicked_the_pictures_show_the_game_and_the_journal_holds_it(
    tmp_path_factory: pytest.TempPathFactory, seed: int, rules: str, clicks: list[tuple[str, int]]
) -> None:
    """Clicks on the card pictures and the buttons, in any order: a refused one changes
    nothing; after each, the hand's buttons are the hand as held, the table's buttons
    the table's pairs, the journal holds exactly the moves played, and every card of the
    deck is in one place."""
    path = tmp_path_factory.mktemp("clicks") / "g.durak.jsonl"
    w = PlayWidget(rules, NAMES3, seed=seed, journal=path, fsync=False)
    deck_cards = sorted(w.game.all_cards())
    for kind, i in clicks:
        before = (w.game.position(), len(w.game.history))
        if kind in ("card", "table"):
            pool = [b for b in (w.card_buttons if kind == "card" else w.table_buttons) if shown(b)]
            if pool:
                pool[i % len(pool)].click()
        elif kind == "clear":
            w.clear()
        else:
            button = {
                "lead": w.lead_button,
                "transfer": w.transfer_button,
                "show": w.show_button,
                "take": w.take_button,
                "pass": w.pass_button,
            }[kind]
            if button is not None and shown(button) and not button.disabled:
                button.click()
        if w.refusal is not None:
            assert (w.game.position(), len(w.game.history)) == before
        assert hand_buttons(w) == [c.pretty for c in hand_order(w.game.hands[0], w.game.trump)]
        assert table_buttons(w) == [
            a.pretty if d is None else f"{a.pretty} covered by {d.pretty}" for a, d in w.game.table
        ]
        assert journal_moves(path) == [move_to_json(m, NAMES3) for m in w.game.history]
        assert sorted(w.game.all_cards()) == deck_cards
    w.close()


# ----------------------------------------------------------------------------- several people at one screen


def several(tmp_path: Path) -> PlayWidget:
    """Anna and Vera at one screen, Boris a bot (LowestCardBot); Anna leads."""
    g = lesson(
        "podkidnoy", NAMES3, {"Anna": "7S 9H", "Boris": "8S TC JD", "Vera": "7H KD"}, "Anna", first_bito_done=True
    )
    return PlayWidget("podkidnoy", NAMES3, humans=["Anna", "Vera"], start=g, journal=tmp_path / "two.durak.jsonl")


def test_R12_several_people_each_hand_hidden_until_its_owner_shows_it(tmp_path: Path) -> None:
    w = several(tmp_path)
    assert (w.humans, w.human, w.revealed, sorted(w.bots)) == ((0, 2), 0, False, [1])
    # the hand-over screen: no card of Anna's is drawn, nothing may be played
    assert (w.hand, hand_buttons(w), w.clickable, w.legal) == ((), [], [], [])
    assert (w.hand_button.description, shown(w.hand_button)) == ("Show my hand", True)
    assert w.status.value == (
        '<div class="dnb-prompt">Anna&#x27;s turn: pass the screen to Anna, who presses “Show my hand”.</div>'
    )
    assert actions(w) == [("Lead", False)]
    assert w.play("7S") is False
    assert w.message == "Anna's hand is hidden: press “Show my hand” first"
    assert journal_moves(w.journal) == []
    assert "7S" not in w.faces.value.split("</style>", 2)[-1]  # no face of a hidden card is sent
    w.hand_button.click()  # Anna presses "Show my hand"
    assert (w.revealed, hand_buttons(w), w.hand_button.description) == (True, ["7♠", "9♥"], "Hide my hand")
    assert w.click_card("7S") is False and w.play() is True
    # the bot defender answers at once; Anna has nothing to throw in (no 7 or 8): her pass,
    # her only legal move, is implied (R12) and the screen goes to Vera, her hand hidden
    assert w.message == "Anna attacks 7♠; Boris covers 7♠ with 8♠; Anna passes (implied)"
    assert (w.human, w.revealed, hand_buttons(w)) == (2, False, [])
    assert [m.get("implied", False) for m in journal_moves(w.journal)] == [False, False, True]
    assert "Vera&#x27;s turn: pass the screen to Vera" in w.status.value
    w.show_hand()
    assert (hand_buttons(w), w.clickable) == (["7♥", "K♦"], ["7H"])
    assert w.click_card("7H") is False and w.play() is True
    # nobody has anything to throw in: both passes are implied and the bout ends (R12, R15);
    # Boris leads at Vera, who defends at once: the screen stays with her
    assert w.message == (
        "Vera throws in 7♥; Boris covers 7♥ with J♦; Anna passes (implied); Vera passes (implied); "
        "bito: 7♠ 8♠ 7♥ J♦ to the discard (R15); Boris attacks 10♣"
    )
    assert (w.human, w.revealed, hand_buttons(w), [m.describe(w.game.players) for m in w.legal]) == (
        2,
        True,
        ["K♦"],
        ["Vera covers 10♣ with K♦", "Vera takes"],
    )
    w.hide_hand()
    assert (w.revealed, hand_buttons(w), w.legal) == (False, [], [])
    assert [m["action"] for m in journal_moves(w.journal)] == [
        "attack",
        "defend",
        "pass",
        "throw",
        "defend",
        "pass",
        "pass",
        "attack",
    ]
    w.close()


def test_R12_two_people_and_no_bot_take_turns_at_one_screen(tmp_path: Path) -> None:
    """Every seat a person: each move hands the screen to whoever acts next (the
    defender answers an attack, the attacker throws in or passes), never a bot."""
    w = PlayWidget("podkidnoy", NAMES2, humans=[0, 1], seed=3, journal=tmp_path / "people.durak.jsonl")
    assert w.bots == {}
    handovers = 0
    while not w.game.finished and len(w.game.history) < 30:
        if not w.revealed:  # a hand-over: the next person's hand is hidden until shown
            assert (w.legal, hand_buttons(w)) == ([], [])
            handovers += 1
            w.show_hand()
        before = w.human
        move = w.legal[0]
        assert move.player == before
        assert play_as(w, move) is True
        assert w.revealed is (w.human == before)  # the same person goes on seeing their hand
    assert len(w.game.history) == 30
    assert all(m.player in (0, 1) for m in w.game.history)
    assert handovers >= 10  # the screen changed hands
    replay = Replay(read_journal(w.journal).recording)
    assert replay.final == w.game.position()
    w.close()


def test_R2_the_seats_of_people_must_be_players(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="humans: 'Zoe' is not a player: Anna, Boris"):
        PlayWidget("podkidnoy", NAMES2, humans=["Anna", "Zoe"], seed=1, journal=tmp_path / "x.durak.jsonl")
    with pytest.raises(ValueError, match="humans: a list of one or more seats or names"):
        PlayWidget("podkidnoy", NAMES2, humans=[], seed=1, journal=tmp_path / "y.durak.jsonl", overwrite=True)
    w = PlayWidget("podkidnoy", NAMES2, humans=["Boris"], seed=1, journal=tmp_path / "z.durak.jsonl")
    assert (w.humans, w.revealed, shown(w.hand_button)) == ((1,), True, False)  # one person: no hand-over
    w.close()


def test_R12_several_people_resume_with_hands_hidden(tmp_path: Path) -> None:
    w = several(tmp_path)
    w.show_hand()
    w.click_card("7S")
    w.play()
    w.close()
    again = PlayWidget.resume(w.journal, humans=["Anna", "Vera"])
    # Anna's pass was implied (R12): Vera's turn to throw in, her hand hidden
    assert (again.human, again.revealed, hand_buttons(again)) == (2, False, [])
    assert len(again.game.history) == 3
    assert again.show_replay() is None  # no replay from a hidden seat
    again.show_hand()
    viewer = again.show_replay()
    assert viewer is not None and viewer.perspective.index == 3  # Vera's view
    again.close()


def test_human_seat_prefers_the_person_at_the_screen_then_defender_then_attacker() -> None:
    from durak_nb.views.play import bot_seat, human_seat

    g = lesson(
        "podkidnoy",
        ["Anna", "Boris", "Vera", "Gleb"],
        {"Anna": "7S 9H", "Boris": "8S TC", "Vera": "7H", "Gleb": "7C"},
        "Anna",
        first_bito_done=True,
    )
    g.play(Move.attack(0, "7S"))
    # Boris may cover or take, Anna throw in or pass; Vera and Gleb wait for Anna (R12);
    # the defender answers at once, also with Anna at the screen (issue 22)
    assert human_seat(g, [0, 1, 2]) == 1
    assert human_seat(g, [0, 1, 2], current=0) == 1
    assert human_seat(g, [0, 2], current=0) == 0
    assert human_seat(g, [2, 3]) is None
    assert bot_seat(g, [2, 3]) == 1  # nobody at the screen may act: the bot defender answers
    assert bot_seat(g, {0, 1}) is None
