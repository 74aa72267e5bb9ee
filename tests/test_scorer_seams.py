"""Issue 22: the scorer offers only buttons that can succeed, saves a ``.durak`` file and
says where a contradicting card already is."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from durak_nb.i18n import language
from durak_nb.record.io import validate_path
from durak_nb.record.reader import read
from durak_nb.views.card_buttons import HIDDEN
from durak_nb.views.scorer import ScorerWidget

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
VERA = "6S 9S KD TC AH 8C"


def start(tmp_path: Path, name: str = "kitchen", names: list[str] = NAMES) -> ScorerWidget:
    w = ScorerWidget(tmp_path / f"{name}.durak.jsonl")
    w.setup(
        rules="podkidnoy", players=names, dealer=names[3], turned_up="7H", attacker=names[0], me=names[2], hand=VERA
    )
    assert w.begin() is True
    return w


def offered(w: ScorerWidget) -> list[str]:
    buttons = [
        w.lay_button,
        w.cover_button,
        w.transfer_button,
        w.show_button,
        w.take_button,
        w.bito_button,
        w.pass_button,
        w.undo_button,
    ]
    return [b.description for b in buttons if HIDDEN not in b._dom_classes]


def test_R9_R12_R15_only_buttons_that_can_succeed_are_offered(tmp_path: Path) -> None:
    w = start(tmp_path)
    try:
        # an empty table: a lead only (no pass, R9 outside english durak; no take, no bito)
        assert (w.actor, offered(w), sorted(w.possible())) == (0, ["Lead"], ["lay"])
        assert w.pass_() is False and w.message.startswith("[R9]")  # what is not offered is refused
        w.tap("7S")
        w.lay()
        # Boris faces 7♠: cover or take; nobody's pass, no bito while 7♠ is uncovered (R15)
        assert (w.actor, offered(w)) == (1, ["Cover", "Take", "Undo"])
        w.tap("8S")
        assert (w.actor, offered(w)) == (0, ["Throw in", "Bito", "Pass", "Undo"])
        w.bito()
        assert (w.actor, offered(w)) == (1, ["Lead", "Undo"])  # Boris leads the next bout
    finally:
        w.close()


def test_R1_a_contradicting_draw_says_where_the_card_already_is(tmp_path: Path) -> None:
    w = start(tmp_path)
    try:
        w.tap("7S")
        w.lay()
        w.tap("8S")
        w.bito()
        assert w.add_draw("8S") is False
        assert w.message == (
            "[R1] Vera cannot have drawn 8♠: 8♠ is already recorded: move 2, bout 1: Boris covers 7♠ with 8♠"
        )
        assert w.where("7H") == "7♥ is already recorded: it is the turned-up card (R3)"
        assert w.where("KD") == "K♦ is already recorded: it was dealt to Vera"
        assert w.where("QS") is None
    finally:
        w.close()
    with language("ru"):
        r = start(tmp_path, "ru", ["Анна", "Борис", "Вера", "Глеб"])
    try:
        r.tap("7S")
        r.lay()
        r.tap("8S")
        r.bito()
        assert r.add_draw("7S") is False
        assert r.message == "[R1] Вера не может добрать 7♠: 7♠ уже записана: ход 1, кон 1: Анна ходит 7♠"
        assert r.where("KD") == "К♦ уже записана: её сдали Вере"
    finally:
        r.close()


def test_the_scorer_saves_a_durak_file_that_validates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the notebook's folder: a name without folder is saved there
    w = start(tmp_path)
    try:
        assert w.save_box.value == "kitchen.durak" and HIDDEN not in w.save_row._dom_classes
        w.tap("7S")
        w.lay()
        w.tap("8S")
        assert w.save_button.description == "Save"
        w.save_button.click()
        out = tmp_path / "kitchen.durak"
        assert w.message == "Saved as kitchen.durak, in this notebook's folder."
        text = out.read_text(encoding="utf-8")
        assert text.splitlines()[-1] == "1. Anna 7S Boris 8S/7S"
        [report] = validate_path(out)
        assert report.ok is True and report.recording is not None
        assert report.recording.moves == w.recorder.recording().moves
        w.bito()
        assert w.save() is True  # saved again as the game goes on: its own file is replaced
        assert read(out.read_text(encoding="utf-8")).moves == w.recorder.recording().moves
        (tmp_path / "other.durak").write_text("kept", encoding="utf-8")
        assert w.save("other.durak") is False
        assert (
            w.message
            == f"[R1] {tmp_path / 'other.durak'} exists already: choose another name (it is never written over)"
        )
        assert (tmp_path / "other.durak").read_text(encoding="utf-8") == "kept"
        assert w.save("game.txt") is False
        assert w.message == "[R1] a game is saved as a .durak file: the name ends in .durak, not game.txt"
        assert w.save("  ") is False and w.message == "[R1] give the file a name, e.g. kitchen.durak"
    finally:
        w.close()
    with language("uk"):
        u = start(tmp_path, "uk")
    try:
        assert (u.save_button.description, u.save_box.description) == ("Зберегти", "Зберегти як")
        assert u.save() is True and u.message == "Збережено як uk.durak у теці цього блокнота."
    finally:
        u.close()


def test_R1_the_scorer_reads_cards_as_the_russian_and_ukrainian_views_print_them(tmp_path: Path) -> None:
    for lang, hints in (
        (
            "ru",
            ("напр. 7♥ (всё раздано — масть, ♥)", "по желанию, напр. 6♥ (R4)", "по желанию, напр. 6♠ 9♠ Д♦ 10♣ Т♥ 8♣"),
        ),
        (
            "uk",
            (
                "напр. 7♥ (усе роздано — масть, ♥)",
                "за бажанням, напр. 6♥ (R4)",
                "за бажанням, напр. 6♠ 9♠ Д♦ 10♣ Т♥ 8♣",
            ),
        ),
    ):
        with language(lang):
            w = ScorerWidget(tmp_path / f"{lang}.durak.jsonl")
        try:
            assert (w.turned_up.placeholder, w.shown_box.placeholder, w.hand_box.placeholder) == hints
            assert w.draw_box.placeholder.endswith("Д♠ 7♦")
            # В Д К Т as the views print them, 10 for the ten, any case, suits as symbols or letters
            w.setup(
                rules="podkidnoy",
                players=NAMES,
                dealer="Gleb",
                turned_up="7♥",
                attacker="Anna",
                me="Vera",
                hand="6♠ 9s к♦ 10♣ Т♥ В♣",
            )
            assert w.begin() is True
            assert [c.code for c in w.game.seen().hands[2]] == ["6S", "9S", "TC", "JC", "KD", "AH"]
        finally:
            w.close()


def test_R1_a_card_the_scorer_cannot_read_is_refused_in_the_language_in_use(tmp_path: Path) -> None:
    refusals = {
        "en": "[R1] 'X♠' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit "
        "(S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'",
        "ru": "[R1] 'X♠' — не карта: напишите достоинство (2-9, 10, В, Д, К, Т), затем масть "
        "(♠ ♥ ♦ ♣ или S H D C), например Д♠ или 10♥",
        "uk": "[R1] 'X♠' — не карта: напишіть значення (2-9, 10, В, Д, К, Т), потім масть "
        "(♠ ♥ ♦ ♣ або S H D C), наприклад Д♠ або 10♥",
    }
    for lang, refusal in refusals.items():
        with language(lang):
            w = ScorerWidget(tmp_path / f"bad-{lang}.durak.jsonl")
        try:
            w.setup(
                rules="podkidnoy", players=NAMES, dealer="Gleb", turned_up="7H", attacker="Anna", me="Vera", hand="X♠"
            )
            assert w.begin() is False
            assert w.form_note.value == f'<span class="dnb-refusal">{html.escape(refusal)}</span>'
            assert not w.path.exists()
        finally:
            w.close()
