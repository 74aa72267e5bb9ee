"""Issue 22: the play widget follows the table (hot-seat hand-over, R10–R12) and says one
instruction at a time (a refusal or a hint is stale once the next action starts)."""

from __future__ import annotations

import json
from pathlib import Path

from durak_nb.engine import Game
from durak_nb.i18n import language
from durak_nb.views.play import PlayWidget
from durak_nb.views.practice import PracticeState


def _game(names: list[str], hands: dict[str, str], attacker: str) -> Game:
    return Game.from_position(
        "podkidnoy", names, hands=hands, talon="", trump="D", attacker=attacker,
        first_bito_done=True, rest_to_discard=True,
    )  # fmt: skip


def _moves(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_R10_R12_hot_seat_the_defender_acts_at_once_after_a_lead(tmp_path: Path) -> None:
    """Vera leads at Anna, both people at one screen: the screen goes to Anna, who covers
    at once, without Vera pressing Pass; Vera's forced pass is implied (R12)."""
    g = _game(["Vera", "Anna", "Boris"], {"Vera": "7S 9H", "Anna": "8S TC", "Boris": "7C QH"}, "Vera")
    w = PlayWidget(
        "podkidnoy", ["Vera", "Anna", "Boris"], humans=["Vera", "Anna"], start=g, journal=tmp_path / "h.durak.jsonl"
    )
    try:
        assert (w.human, w.revealed) == (0, False)
        w.show_hand()
        assert w.play("7S") is True
        # Vera could still pass or throw in nothing: the screen goes to Anna, the defender (R10)
        assert (w.message, w.human, w.revealed) == ("Vera attacks 7♠", 1, False)
        assert "Anna&#x27;s turn: pass the screen to Anna" in w.status.value
        w.show_hand()
        assert [m.describe(w.game.players) for m in w.legal] == ["Anna covers 7♠ with 8♠", "Anna takes"]
        assert w.click_card("8S") is False and w.click_target("7S") is True
        # Vera has nothing to throw in (no 7 or 8): her pass is implied; Boris (a bot) may
        # now throw in (R12): he throws in 7♣, and Anna defends again
        assert w.message == "Anna covers 7♠ with 8♠; Vera passes (implied); Boris throws in 7♣"
        assert (w.human, w.revealed, [c.pretty for c in w.hand]) == (1, True, ["10♣"])
        assert _moves(w.journal) == [
            {"player": "Vera", "action": "attack", "cards": ["7S"]},
            {"player": "Anna", "action": "defend", "card": "8S", "target": "7S"},
            {"player": "Vera", "action": "pass", "implied": True},
            {"player": "Boris", "action": "throw", "cards": ["7C"]},
        ]
    finally:
        w.close()


def _defending(tmp_path: Path, hand: str, name: str = "a") -> PlayWidget:
    """Boris leads 8♣ at Anna (a person), trumps ♦."""
    g = _game(["Boris", "Anna"], {"Boris": "8C 9S", "Anna": hand}, "Boris")
    return PlayWidget("podkidnoy", ["Boris", "Anna"], human="Anna", start=g, journal=tmp_path / f"{name}.durak.jsonl")


def test_a_refusal_is_cleared_when_the_next_card_is_chosen(tmp_path: Path) -> None:
    for lang, refusal, note, prompt in (
        (
            "en",
            "[R6] 7♠ does not beat 8♣: a card is beaten by a higher card of its suit or by a trump (♦)",
            "Selected: 6♦. Click 8♣ on the table to cover it with 6♦.",
            "Your move: cover or take",
        ),
        (
            "ru",
            "[R6] 7♠ не бьёт 8♣: карту бьют старшей картой той же масти или козырем (♦)",
            "Выбрано: 6♦. Нажмите на 8♣ на столе, чтобы покрыть её картой 6♦.",
            "Ваш ход: покройте или возьмите",
        ),
    ):
        with language(lang):
            w = _defending(tmp_path, "9H 6D 7S", lang)
        try:
            assert w.click_card("7S") is False
            assert w.status.value == f'<div class="dnb-refusal">{refusal}</div><div class="dnb-prompt">{prompt}</div>'
            assert w.click_card("6D") is False  # the next card: the refusal is gone
            assert (w.refusal, w.message) == (None, "")
            assert w.status.value == f'<div class="dnb-note">{note}</div><div class="dnb-prompt">{prompt}</div>'
        finally:
            w.close()


def test_a_hint_and_a_cover_note_are_never_shown_together(tmp_path: Path) -> None:
    """«Anna takes: the only legal move» never stands above «Now click the card that
    covers 8♣»: one instruction, derived from the engine's legal moves."""
    w = _defending(tmp_path, "9H 7S")  # nothing beats 8♣: take is the only legal move
    try:
        assert w.hint() == "Hint: Anna takes: the only legal move"
        assert w.click_target("8C") is False
        assert (w.target, w.message) == (None, "")
        assert w.status.value == (
            '<div class="dnb-note">None of your cards may cover 8♣ now.</div>'
            '<div class="dnb-prompt">Your move: take</div>'
        )
    finally:
        w.close()
    with language("uk"):
        w = _defending(tmp_path, "9H 6D 7S", "uk")
    try:
        assert w.click_target("8C") is False and w.target is not None
        assert w.status.value == (
            '<div class="dnb-said">Boris ходить 8♣</div>'
            '<div class="dnb-note">Тепер натисніть на карту, якою покриєте 8♣.</div>'
            '<div class="dnb-prompt">Ваш хід: покрийте або візьміть</div>'
        )
        hint = w.hint()
        assert hint == "Підказка: Anna б'є 8♣ картою 6♦: виграш за найкращої гри (точно)"
        assert w.target is None  # the hint replaces the half-made cover
        assert w.status.value == (
            '<div class="dnb-said">Підказка: Anna б&#x27;є 8♣ картою 6♦: виграш за найкращої гри (точно)</div>'
            '<div class="dnb-prompt">Ваш хід: покрийте або візьміть</div>'
        )
        w.click_card("7S")  # the next action: the hint is stale
        assert w.message.startswith("[R6] 7♠ не б") and "Підказка" not in w.status.value
    finally:
        w.close()


def test_practice_says_the_end_of_the_bout_once() -> None:
    from durak_nb import lessons

    s = PracticeState(lessons.replay("lessons/bout.json").game(0), learner="Anna")
    while not s.over:
        s.attempt(s.legal[-1])
    assert s.prompt == "The bout is over. Press “Start again” to play it once more."
    assert s.hint() == s.prompt and s.note == ""
    assert s.take() is False and s.note == ""


def test_practice_a_covered_card_is_refused_when_chosen_and_the_refusal_goes_with_the_next_click() -> None:
    from durak_nb import lessons

    s = PracticeState(lessons.replay("lessons/bout.json").game(1), learner="Boris")
    s.click_card("9S")
    assert s.click_table("7S") is True
    with language("ru"):
        assert s.click_table("7S") is False
        assert s.message == "[R10] 7♠ уже побита"
    assert s.click_card("8S") is False and s.refusal is None
