"""The practice bout (durak_nb/views/practice.py, durak_nb/lessons/practice.py): the
learner plays one seat of a lesson position against bots, every attempt judged by the
engine (a refusal: its rule id and sentence, nothing changes), a hint with its rule
ids, start again.  Driven from Python on the lessons' own positions; exact values.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_nb import lessons
from durak_nb.bots import LowestCardBot
from durak_nb.cards import Card, parse_cards
from durak_nb.engine import Action, Move
from durak_nb.explain import event_words, move_words
from durak_nb.lessons.practice import PRACTICE, practice_of
from durak_nb.views.practice import Controls, PracticeBout, PracticeState

BOUT = "lessons/bout.json"  # lesson 2: Anna leads against Boris, Vera throws in (trump ♥)
SEED000 = "seed000-vdogonku.json"  # lesson 3: Boris takes, вдогонку (R13, R14)
TRANSFER = "transfer-twice.json"  # lesson 5: perevodnoy, four players (trump ♣)


def state(name: str, k: int, learner: str = "Anna", **options: Any) -> PracticeState:
    return PracticeState(lessons.replay(name).game(k), learner=learner, **options)


def codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def table(s: PracticeState) -> list[tuple[str, str | None]]:
    return [(a.code, None if d is None else d.code) for a, d in s.game.table]


# ----------------------------------------------------------------------------- legal moves


def test_lead_one_card_then_the_bot_covers_r9_r10() -> None:
    s = state(BOUT, 0)
    assert codes(s.hand) == ["7S", "QS", "7C", "JC", "9D", "AD"]  # as held: by suit, trumps (♥) last
    assert s.prompt == "Your move: lead"
    assert s.click_card("7S") is False  # a click selects; nothing is played
    assert s.selected == [Card.parse("7S")] and s.game.table == []
    assert s.lay() is True
    assert table(s) == [("7S", "8S")]
    assert s.log == ["Anna attacks 7♠", "Boris covers 7♠ with 8♠"]
    assert s.message == "Anna attacks 7♠; Boris covers 7♠ with 8♠"
    assert s.selected == [] and s.refusal is None
    assert codes(s.hand) == ["QS", "7C", "JC", "9D", "AD"]
    assert s.prompt == "Your move: throw in or pass"


def test_pass_lets_vera_throw_in_r12() -> None:
    s = state(BOUT, 0)
    s.click_card("7S")
    s.lay()
    assert s.pass_() is True
    assert s.said == ["Anna passes", "Vera throws in 7♦", "Boris covers 7♦ with Q♦"]
    assert table(s) == [("7S", "8S"), ("7D", "QD")]
    assert s.prompt == "Your move: throw in or pass"  # a pass lasts until the next card (R12)


def test_cover_card_then_attack_card_or_attack_card_first_r10() -> None:
    s = state(BOUT, 1, "Boris")  # Anna led 7♠ 7♣
    assert table(s) == [("7S", None), ("7C", None)]
    s.click_card("9S")
    assert s.click_table("7S") is True
    assert s.log == ["Boris covers 7♠ with 9♠"]
    assert s.click_table("7C") is False  # the attack card first …
    assert s.note == "Now click the card that covers 7♣."
    assert s.click_card("TC") is True  # … then the card that covers it
    assert s.log[:3] == ["Boris covers 7♠ with 9♠", "Boris covers 7♣ with 10♣", "Anna throws in 9♦"]
    assert table(s)[:2] == [("7S", "9S"), ("7C", "TC")]


def test_take_then_the_others_give_more_and_the_bout_ends_r14() -> None:
    s = state(SEED000, 1, "Boris")  # Anna led 7♠
    assert s.controls() == Controls(
        active=True,
        lay=False,
        lay_label="Throw in",
        transfer=False,
        show=False,
        take=True,
        pass_=False,
        pass_label="Pass",
    )
    assert s.take() is True
    assert s.log == [
        "Boris takes",
        "Anna throws in 7♣",
        "Anna passes",
        "Vera throws in 7♦",
        "Anna passes",
        "Vera passes",
        "Boris picks up 7♠ 7♣ 7♦ (R14)",
    ]
    assert s.over is True
    assert codes(s.game.hands[1]) == ["6C", "7S", "7D", "7C", "8D", "9C"]
    assert s.prompt == "The bout is over. Press “Start again” to play it once more."
    assert s.legal == [] and s.controls().active is False
    # nothing more is played; the end of the bout is said once, by the prompt (issue 22)
    assert s.take() is False and s.note == ""
    assert s.hint() == s.prompt and s.note == ""


def test_transfer_in_perevodnoy_r17() -> None:
    s = state(TRANSFER, 1, "Boris")  # Anna led 8♠ against Boris
    c = s.controls()
    assert (c.transfer, c.take, c.lay, c.pass_) == (True, True, False, False)
    s.click_card("8H")
    assert s.transfer() is True
    assert s.log == ["Boris transfers 8♥", "Vera covers 8♠ with K♠", "Vera covers 8♥ with 6♣"]
    assert s.game.defender == 2  # Vera defends now
    assert s.prompt == "Your move: throw in or pass"


def test_shown_trump_transfer_r20() -> None:
    s = state("show-trump-transfer.json", 1, "Boris")
    assert s.controls().show is True
    s.click_card("9H")
    assert s.transfer(show=True) is True
    assert s.log == ["Boris transfers by showing 9♥", "Anna covers 9♠ with J♠"]
    assert "9H" in codes(s.game.hands[1])  # the shown trump is kept (R20)


def test_english_durak_pass_the_lead_r9() -> None:
    s = state("lessons/english-no-pair.json", 0)
    c = s.controls()
    assert (c.pass_, c.pass_label, c.lay_label) == (True, "Pass the lead", "Lead")
    assert s.pass_() is True
    assert s.log[:3] == ["Anna passes", "the lead passes from Anna to Boris (R9)", "Boris attacks 7♠ 7♦"]
    assert s.over is True  # the bout Boris led ended in bito
    assert s.log[-1] == "bito: 7♠ 9♠ 7♦ K♣ to the discard (R15)"


def test_podkidnoy_offers_no_pass_on_an_empty_table_r9() -> None:
    c = state(BOUT, 0).controls()
    assert (c.lay, c.pass_, c.transfer, c.take) == (True, False, False, False)


def test_stop_game_plays_to_the_draw_r25() -> None:
    s = state("draw.json", 0, stop="game")
    assert s.log == ["Vera attacks 7♦"]  # the bot leads before the learner has a move
    while not s.over:
        s.attempt(LowestCardBot().choose(s.game, s.learner))
    assert s.log[-1] == "game over: draw (R25)"
    assert s.prompt == "Game over: draw (R25)"


# ----------------------------------------------------------------------------- refusals


def test_throw_in_of_a_rank_not_on_the_table_is_refused_r11() -> None:
    s = state(BOUT, 0)
    s.click_card("7S")
    s.lay()
    before, log = s.game.position(), list(s.log)
    s.click_card("9D")
    assert s.lay() is False
    assert s.message == "[R11] 9♦: only ranks already on the table may be thrown in"
    assert (s.refusal.rule if s.refusal else None) == "R11"
    assert s.game.position() == before and s.log == log and s.selected == []


def test_more_than_the_defender_holds_is_refused_r13b() -> None:
    s = state(SEED000, 2)  # Boris has declared take and holds 3 cards
    s.click_card("7H")
    s.lay()
    s.pass_()  # Vera gives 7♦
    before = s.game.position()
    s.click_card("7C")
    assert s.lay() is False
    assert s.message == (
        "[R13b] Boris holds 3 cards; no more than that may lie uncovered before Boris, so no more may follow"
    )
    assert s.game.position() == before


def test_the_bout_limit_is_refused_r13a() -> None:
    s = state("lessons/bout-limit.json", 2)
    for c in ("8H", "8C", "8D"):
        s.click_card(c)
    assert s.lay() is False
    assert s.message == "[R13a] a bout holds at most 6 attack cards"


def test_a_cover_that_does_not_beat_is_refused_r6() -> None:
    s = state("lessons/transfer-too-many.json", 1, "Boris")
    before = s.game.position()
    s.click_card("8H")
    assert s.click_table("8S") is False
    assert s.message == "[R6] 8♥ does not beat 8♠: a card is beaten by a higher card of its suit or by a trump (♦)"
    s.click_card("8H")
    assert s.transfer() is False
    assert s.message == (
        "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)"
    )
    assert s.game.position() == before


def test_the_defender_cannot_throw_in_and_covers_one_card_r10_r11() -> None:
    s = state(BOUT, 1, "Boris")
    s.click_card("6H")
    s.click_card("9S")
    assert s.click_table("7S") is False
    assert s.message == "[R10] a defence covers exactly one attack card with one card"
    s.click_card("6H")
    assert s.lay() is False
    assert s.message == "[R11] the defender cannot throw in or pass; they cover, transfer or take"
    s.click_card("9S")
    s.click_table("7S")
    # choosing a covered card is refused at once (R10), and the refusal is gone once the
    # next card is chosen (issue 22)
    assert s.click_table("7S") is False and s.target is None
    assert s.message == "[R10] 7♠ is already covered"
    assert s.click_card("8S") is False and (s.refusal, s.selected) == (None, [Card.parse("8S")])
    assert s.message == "Boris covers 7♠ with 9♠"


def test_a_legal_move_after_a_refusal_clears_it() -> None:
    s = state(BOUT, 0)
    assert s.lay() is False and s.message == "[R9] a lead needs at least one card"
    s.click_card("7C")
    assert s.lay() is True and s.refusal is None
    assert s.message == "Anna attacks 7♣; Boris covers 7♣ with 10♣"


def test_unknown_card_code_is_an_r1_refusal() -> None:
    s = state(BOUT, 0)
    assert s.click_card("XX") is False
    assert s.refusal is not None and s.refusal.rule == "R1"


# ----------------------------------------------------------------------------- hint, start again


def test_hint_words_and_rule_ids_r6_r9_r12_r14() -> None:
    assert state(BOUT, 0).hint() == "Hint: lead 7♠ 7♣ (R9, R13)."
    assert state(BOUT, 1, "Boris").hint() == "Hint: cover 7♠ with 8♠ (R6)."
    assert state(SEED000, 1, "Boris").hint() == "Hint: take the cards (R14)."
    assert state(SEED000, 2).hint() == "Hint: throw in 7♣ (R11, R12, R13, R14)."
    assert state("lessons/english-no-pair.json", 0).hint() == "Hint: pass the lead (R9)."
    assert state("show-trump-transfer.json", 1, "Boris").hint() == "Hint: transfer by showing 9♥ (R17, R20, R21)."
    assert state("lessons/trump-six-over-ace.json", 1, "Boris").hint() == "Hint: cover A♥ with 6♥ (R7)."
    s = state(BOUT, 0)
    before = s.game.position()
    s.hint()
    assert s.game.position() == before and s.log == []
    assert s.note == "Hint: lead 7♠ 7♣ (R9, R13)."


def test_the_hint_is_a_legal_move() -> None:
    s = state(BOUT, 0)
    while not s.over:
        s.hint()
        move = LowestCardBot().choose(s.game, s.learner)
        assert move in s.legal
        assert s.attempt(move) is True


def test_start_again_restores_the_exact_position() -> None:
    s = state(BOUT, 0)
    start_hands = [codes(h) for h in s.game.hands]
    s.click_card("7S")
    s.lay()
    s.pass_()
    s.click_card("QS")
    s.restart()
    assert (
        [codes(h) for h in s.game.hands]
        == start_hands
        == [
            ["7S", "7C", "9D", "JC", "QS", "AD"],
            ["6H", "8S", "9S", "TC", "QD", "KD"],
            ["6D", "7D", "9C", "JS", "KC", "AS"],
        ]
    )
    assert s.game.table == [] and s.log == [] and s.said == [] and s.selected == []
    assert s.game.position() == lessons.replay(BOUT).game(0).position()


def test_seeded_random_bots_replay_the_same_after_start_again() -> None:
    s = state(BOUT, 0, seed=3)
    s.click_card("7S")
    s.lay()
    first = list(s.log)
    s.restart()
    s.click_card("7S")
    s.lay()
    assert s.log == first


def test_the_lesson_position_itself_is_not_touched() -> None:
    game = lessons.replay(BOUT).game(0)
    before = game.position()
    s = PracticeState(game)
    s.click_card("7S")
    s.lay()
    assert game.position() == before


def test_refused_set_ups() -> None:
    game = lessons.replay(BOUT).game(0)
    with pytest.raises(ValueError, match="stop is one of bout, game"):
        PracticeState(game, stop="match")
    with pytest.raises(ValueError, match="a Start needs rules= and players="):
        PracticeState(game.start())
    with pytest.raises(TypeError, match="position is a Game or a Start"):
        PracticeState("podkidnoy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the game of this position is over"):
        PracticeState(lessons.replay("draw.json").game(6))


def test_a_start_with_rules_and_players() -> None:
    game = lessons.replay(BOUT).game(0)
    s = PracticeState(game.start(), rules="podkidnoy", players=["Anna", "Boris", "Vera"], learner="Boris")
    assert s.learner == 1 and s.log[:1] == ["Anna attacks 7♠ 7♣"]  # the bot Anna leads


# ----------------------------------------------------------------------------- words with 10♥


def test_move_and_event_words_write_cards_as_10_of_hearts() -> None:
    names = ["Anna", "Boris"]
    assert move_words(Move.defend(1, "TH", "7H"), names) == "Boris covers 7♥ with 10♥"
    assert move_words(Move.throw(0, "TS TC"), names) == "Anna throws in 10♠ 10♣"
    assert move_words(Move.transfer(1, "9H", show=True), names) == "Boris transfers by showing 9♥"
    assert move_words(Move.take(1), names) == "Boris takes"
    from durak_nb.engine import Drew, Took

    assert event_words(Took(1, tuple(parse_cards("7S TS"))), names) == "Boris picks up 7♠ 10♠ (R14)"
    assert event_words(Drew(0, tuple(parse_cards("TD"))), names) == "Anna draws 10♦ (R16)"


# ----------------------------------------------------------------------------- the lessons' practice bouts


@pytest.mark.parametrize("lesson", sorted(PRACTICE))
def test_every_lesson_practice_can_be_played_to_its_end(lesson: int) -> None:
    for p in practice_of(lesson):
        s = PracticeState(p.game(), learner=p.learner, stop=p.stop)
        assert s.legal and not s.over, p  # the learner has a move at once
        for _ in range(40):
            if s.over:
                break
            assert s.attempt(LowestCardBot().choose(s.game, s.learner)) is True
        assert s.over, p


def test_lessons_1_to_7_have_a_practice_bout() -> None:
    assert sorted(PRACTICE) == [1, 2, 3, 4, 5, 6, 7]
    assert all(p.lesson == n for n, ps in PRACTICE.items() for p in ps)


def test_the_tasks_say_what_the_engine_says() -> None:
    """Each fact a task sentence states, asked of the engine."""
    g1 = practice_of(1)[0].game()  # "Vera leads 8♥ against you"
    assert g1.attacker is not None and g1.players[g1.attacker] == "Vera"
    assert [a.code for a, _d in g1.table] == ["8H"]
    assert g1.defender == g1.seat("Anna")
    g2 = practice_of(2)[1].game()  # "Anna leads 7♠ 7♣ against you"
    assert [a.code for a, _d in g2.table] == ["7S", "7C"] and g2.defender == g2.seat("Boris")
    g5 = practice_of(5)[0].game()  # "transfer it to Vera with your 8♥"
    assert [a.code for a, _d in g5.table] == ["8S"]
    trial = g5.copy()
    trial.play(Move.transfer(1, "8H"))
    assert trial.defender is not None and trial.players[trial.defender] == "Vera"
    g5b = practice_of(5)[1].game()  # "showing your trump 9♥"
    assert Move.transfer(1, "9H", show=True) in g5b.legal_moves("Boris")
    g6b = PracticeState(practice_of(6)[1].game(), stop="game")  # "epaulettes for Boris"
    g6b.click_card("6S")
    g6b.click_card("6C")
    g6b.lay()
    assert g6b.log[-1] == "game over: Boris is the durak with epaulettes (R26)"
    g7 = practice_of(7)[0].game()  # "you hold no pair, so pass the lead"
    assert {m.action for m in g7.legal_moves("Anna")} == {Action.PASS}
    g7b = practice_of(7)[1].game()  # "the trump six beats it"
    assert Move.defend(1, "6H", "AH") in g7b.legal_moves("Boris")


# ----------------------------------------------------------------------------- the widget


def visible(buttons: list[Any]) -> list[str]:
    return [b.description for b in buttons if "dnb-off" not in b._dom_classes]


def test_widget_click_card_and_lead_through_the_buttons() -> None:
    w = PracticeBout(lessons.replay(BOUT).game(0))
    hand_buttons, table_buttons = list(w.hand_buttons), list(w.table_buttons)
    assert visible(w.hand_buttons) == ["7♠", "Q♠", "7♣", "J♣", "9♦", "A♦"]
    assert visible(w.table_buttons) == []
    assert w.table_caption.value == '<div class="dnb-caption"><b>Table</b> (стол): empty</div>'
    assert "dnb-c-7S" in w.hand_buttons[0]._dom_classes
    assert "data:image/svg+xml;base64," in w.faces.value
    assert visible([w.lay_button, w.transfer_button, w.show_button, w.take_button, w.pass_button]) == ["Lead"]
    w.hand_buttons[0].click()  # 7♠
    assert "dnb-sel" in w.hand_buttons[0]._dom_classes
    w.lay_button.click()
    assert w.state.log == ["Anna attacks 7♠", "Boris covers 7♠ with 8♠"]
    assert visible(w.table_buttons) == ["7♠ covered by 8♠"]
    assert "dnb-t-7S-8S" in w.table_buttons[0]._dom_classes
    assert visible(w.hand_buttons) == ["Q♠", "7♣", "J♣", "9♦", "A♦"]
    assert visible([w.lay_button, w.transfer_button, w.show_button, w.take_button, w.pass_button]) == [
        "Throw in",
        "Pass",
    ]
    assert "Anna attacks 7♠; Boris covers 7♠ with 8♠" in w.status.value
    assert w.log_view.value == (
        '<div class="dnb-log"><span class="dnb-n">1</span><span>Anna attacks 7♠</span>'
        '<span class="dnb-n">2</span><span>Boris covers 7♠ with 8♠</span></div>'
    )
    # the same widgets, updated in place
    assert w.hand_buttons == hand_buttons and w.table_buttons == table_buttons
    w.close()


def test_widget_models_are_few_and_made_once() -> None:
    """One model per button and HTML, shared layouts and styles: 37 models for lesson 2's
    bout (6 cards, 6 table places, 7 actions), and none more while it is played."""
    from ipywidgets.widgets.widget import _instances

    before = len(_instances)
    w = PracticeBout.lesson(2)
    made = len(_instances) - before
    w.click_card("7S")
    w.lay()
    w.pass_()
    w.restart()
    assert (made, len(_instances) - before) == (37, 37)
    w.close()


def test_widget_refusal_hint_and_start_again() -> None:
    w = PracticeBout(lessons.replay(BOUT).game(1), learner="Boris")
    w.click_card("TC")
    w.click_table("7S")
    assert (
        w.state.message == "[R6] 10♣ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♥)"
    )
    assert '<div class="dnb-refusal">[R6] 10♣ does not beat 7♠' in w.status.value
    w.hint_button.click()
    assert "Hint: cover 7♠ with 8♠ (R6)." in w.status.value
    w.click_card("8S")
    w.click_table("7S")
    assert visible(w.table_buttons) == ["7♠ covered by 8♠", "7♣"]
    w.again_button.click()
    assert visible(w.table_buttons) == ["7♠", "7♣"]
    assert w.state.log == [] and w.log_view.value == ""
    w.close()


def test_widget_for_a_lesson_shows_its_task() -> None:
    w = PracticeBout.lesson(5)
    assert w.state.learner == 1 and w.state.stop == "bout"
    assert "transfer it to Vera with your 8♥" in w.board.value
    assert visible([w.lay_button, w.transfer_button, w.show_button, w.take_button, w.pass_button]) == [
        "Transfer",
        "Take",
    ]
    w.close()


# ----------------------------------------------------------------------------- invariants


ACTIONS = ("card", "table", "lay", "transfer", "show", "take", "pass", "hint")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.sampled_from(
        [(SEED000, 1, "Boris")] + [(p.recording, p.move, p.learner) for ps in PRACTICE.values() for p in ps]
    ),
    clicks=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 11)), max_size=25),
)
def test_a_refusal_changes_nothing_and_every_card_stays_once(which: tuple[str, int, str], clicks: list[Any]) -> None:
    """Whatever the learner clicks: a refused attempt leaves the position as it was, a
    played one is in the log, and every card of the deck is in exactly one place."""
    name, k, who = which
    s = state(name, k, who)
    deck = sorted(s.game.all_cards())
    for kind, i in clicks:
        before, log = s.game.position(), len(s.log)
        if kind == "card":
            hand = s.hand
            played = s.click_card(hand[i % len(hand)]) if hand else False
        elif kind == "table":
            tab = s.game.table
            played = s.click_table(tab[i % len(tab)][0]) if tab else False
        elif kind == "hint":
            s.hint()
            played = False
        else:
            act = {"lay": s.lay, "transfer": s.transfer, "take": s.take, "pass": s.pass_}
            played = s.transfer(show=True) if kind == "show" else act[kind]()
        if played:
            assert len(s.log) > log and s.refusal is None
        else:
            assert s.game.position() == before and len(s.log) == log
        assert sorted(s.game.all_cards()) == deck


def test_the_learner_reads_no_card_another_player_draws_r16() -> None:
    """Lesson 1's bout (the walk's finding): after the learner's cover and the bito, Vera's
    refill is counted, never named (her hand is face down), the learner's own is named (R16)."""
    b = PracticeBout.lesson(1)
    b.state.attempt(Move.defend(0, "TH", "8H"))
    assert b.state.log == [
        "Anna covers 8♥ with 10♥",
        "Vera passes",
        "Boris passes",
        "bito: 8♥ 10♥ to the discard (R15)",
        "Vera draws 1 card (R16)",
        "Anna draws 6♣ (R16)",
    ]


def test_a_finished_bout_shows_no_task_and_no_turn_beside_its_end() -> None:
    """Once the bout is over the board no longer says «Vera leads 8♥ against you: beat it…»
    nor who may act in the next bout: the prompt alone says it is over (issue 22)."""
    b = PracticeBout.lesson(1)
    assert "Vera leads 8♥ against you" in b.board.value and "may act" in b.board.value
    b.state.attempt(Move.defend(0, "TH", "8H"))
    b.draw()
    assert "against you" not in b.board.value and "may act" not in b.board.value
    assert b.state.prompt == "The bout is over. Press “Start again” to play it once more."


def test_the_log_numbers_moves_as_the_replayer_does_and_events_not_at_all() -> None:
    """The log was an ordered list of every line, so a draw or a bito got a move's number
    ("8. Vera draws 1 card", issue 22 walk) and a bout begun mid-game counted from 1. Now
    each move has its number in the game (numbering.move_number, as the replayer's slider
    and story count), the events it caused none."""
    s = state("lessons/english-no-pair.json", 0)
    assert s.pass_() is True
    assert s.log_numbers == [1, None, 2, 3, 4, None]
    assert s.log[1] == "the lead passes from Anna to Boris (R9)" and s.log[5].startswith("bito:")
    w = PracticeBout(lessons.replay(BOUT).game(1), learner="Boris")  # move 1, Anna's lead, already played
    w.click_card("8S")
    w.click_table("7S")
    assert w.state.log_numbers == [2]
    assert w.log_view.value == (
        '<div class="dnb-log"><span class="dnb-n">2</span><span>Boris covers 7♠ with 8♠</span></div>'
    )
    w.again_button.click()
    assert (w.state.log, w.state.log_numbers, w.log_view.value) == ([], [], "")
    w.close()


def test_lead_and_throw_in_can_be_pressed_only_with_cards_that_may_be_played_r9_r11() -> None:
    s = state(BOUT, 0)
    c = s.controls()
    assert (c.lay, c.lay_label, c.lay_ok) == (True, "Lead", False)  # nothing chosen: no lead (R9)
    s.click_card("7S")
    assert s.controls().lay_ok is True
    s.click_card("QS")
    assert s.controls().lay_ok is False  # 7♠ Q♠: a lead is cards of one rank (R9)
    s.click_card("QS")
    assert s.lay() is True
    c = s.controls()
    assert (c.lay, c.lay_label, c.lay_ok, c.pass_) == (True, "Throw in", False, True)  # 7♠ 8♠ on the table
    s.click_card("9D")
    assert s.controls().lay_ok is False  # no 9 on the table (R11)
    assert str(s.lay_refusal()) == "[R11] 9♦: only ranks already on the table may be thrown in"
    s.click_card("9D")
    s.click_card("7C")
    assert (s.controls().lay_ok, s.lay_refusal()) == (True, None)


def test_widget_throw_in_is_disabled_until_a_card_that_may_be_thrown_in_is_chosen_r11() -> None:
    w = PracticeBout(lessons.replay(BOUT).game(0))
    try:
        assert (w.lay_button.description, w.lay_button.disabled) == ("Lead", True)
        w.click_card("7S")
        assert w.lay_button.disabled is False
        w.lay_button.click()
        assert (w.lay_button.description, w.lay_button.disabled, w.pass_button.disabled) == ("Throw in", True, False)
        assert "dnb-note" not in w.status.value
        w.click_card("9D")
        assert w.lay_button.disabled is True  # 9♦ may not be thrown in (R11): said before any press
        assert w.status.value == (
            '<div class="dnb-status"><div>Anna attacks 7♠; Boris covers 7♠ with 8♠</div>'
            '<div class="dnb-note">Selected: 9♦</div>'
            '<div class="dnb-note">[R11] 9♦: only ranks already on the table may be thrown in</div>'
            '<div class="dnb-prompt">Your move: throw in or pass</div></div>'
        )
        w.click_card("9D")
        w.click_card("7C")
        assert w.lay_button.disabled is False
        assert "[R11]" not in w.status.value
        assert w.state.refusal is None  # nothing was pressed only to be refused
    finally:
        w.close()
