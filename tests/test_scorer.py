"""The scorer widget (durak_nb/views/scorer.py): a live over-the-board game written down.

Driven from Python as a scorer taps: the cards offered are exactly those some deck order
allows (the turned-up card R3 and the cards seen elsewhere never, R1; covers that beat
R6; ranks on the table for a throw-in R11), passes nobody said are implied (R12), the
bito and take endings close the bout (R15, R14), undo takes back a whole entry, and the
journal (implied passes, undo lines, refills seen) survives a crash.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from durak_nb.cards import Card, deck, parse_cards
from durak_nb.engine import Move
from durak_nb.record.recorder import JournalWarning, read_journal
from durak_nb.unseen import PartialDeal, SeenDraw
from durak_nb.views.card_buttons import HIDDEN
from durak_nb.views.scorer import ScorerWidget

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
VERA = "6S 9S KD TC AH 8C"  # the scorer, Vera, plays too


def start(tmp_path: Path, name: str = "kitchen") -> ScorerWidget:
    """Anna leads against Boris; Gleb dealt, 7♥ turned up (hearts trump); Vera scores."""
    w = ScorerWidget(tmp_path / f"{name}.durak.jsonl")
    w.setup(rules="podkidnoy", players=NAMES, dealer="Gleb", turned_up="7H", attacker="Anna", me="Vera", hand=VERA)
    assert w.begin() is True
    return w


def codes(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]


def lines(w: ScorerWidget) -> list[dict[str, Any]]:
    return [json.loads(line) for line in w.path.read_text(encoding="utf-8").splitlines()]


def said(w: ScorerWidget) -> list[str]:
    return [m.describe(NAMES) for m in w.moves]


def by_suit(cards: list[Card]) -> list[str]:
    """Card codes in the picker's order: a row per suit (♠ ♥ ♦ ♣ by suit number), ranks up."""
    return [c.code for c in sorted(cards, key=lambda c: (int(c.suit), c.rank))]


def test_R3_R4_the_set_up_starts_the_journal_with_a_deal_nobody_saw(tmp_path: Path) -> None:
    w = start(tmp_path)
    assert lines(w) == [
        {
            "format": "durak-nb/1",
            "rules": "podkidnoy",
            "players": NAMES,
            "deal": {
                "dealer": "Gleb",
                "turned_up": "7H",
                "attacker": "Anna",
                "hands": {"Vera": ["6S", "8C", "9S", "TC", "KD", "AH"]},
            },
            "meta": {"scorer": "Vera"},
        }
    ]
    assert "dnb-off" in w.form._dom_classes and "dnb-off" not in w.game_box._dom_classes
    assert (w.me, w.actor, w.who.value) == (2, 0, "Anna")  # the attacker is preselected to lead (R4)
    w.close()


def test_R1_R2_a_form_that_is_no_legal_start_is_refused_in_words(tmp_path: Path) -> None:
    w = ScorerWidget(tmp_path / "bad.durak.jsonl")
    w.setup(rules="podkidnoy", players=["Anna"], dealer="Anna", turned_up="7H", attacker="Anna")
    assert w.begin() is False
    assert w.form_note.value == (
        '<span class="dnb-refusal">[R2] give two or more player names, separated by commas</span>'
    )
    w.setup(rules="podkidnoy", players=NAMES, dealer="Gleb", turned_up="7X", attacker="Anna")
    assert w.begin() is False
    assert "[R1]" in w.form_note.value
    w.setup(rules="podkidnoy", players=NAMES, dealer="Gleb", turned_up="7H", attacker="Anna", me="Vera", hand="7H")
    assert w.begin() is False  # the turned-up card is under the talon, not in a hand (R1, R3)
    assert w.form_note.value.startswith('<span class="dnb-refusal">[R')
    assert not w.path.exists() and w.recorder is None
    w.close()


def test_R6_R11_the_cards_offered_are_shaped_by_the_rules(tmp_path: Path) -> None:
    w = start(tmp_path)
    unseen = [c for c in deck(36) if c not in parse_cards(VERA) and c != Card.parse("7H")]
    # the lead: any card not seen (not the turned-up 7♥, none of Vera's)
    assert w.shown_cards == by_suit(unseen)
    assert w.tap("7S") is False and w.lay() is True
    # Boris, the defender, is preselected: only the cards that beat 7♠ (R6: higher spades, trumps)
    assert (w.actor, w.target) == (1, Card.parse("7S"))
    assert w.shown_cards == codes("8S TS JS QS KS AS 6H 8H 9H TH JH QH KH")
    assert w.tap("8S") is True  # a cover is played at once (R10)
    # Anna may throw in the ranks on the table (R11): 7 and 8, none of them Vera's
    assert w.actor == 0
    assert w.shown_cards == codes("8H 7D 8D 7C")
    w.choose("Vera")  # Vera's hand is known whole: only her 8♣
    assert w.shown_cards == ["8C"]
    w.close()


def test_R12_R15_passes_nobody_says_are_implied(tmp_path: Path) -> None:
    w = start(tmp_path)
    w.tap("7S")
    w.lay()
    w.tap("8S")
    w.choose("Vera")
    assert w.tap("8C") is False and w.lay() is True
    assert w.message == "Anna passes (implied); Vera throws in 8♣"  # Anna's first right (R12)
    assert w.tap("9C") is True
    assert w.bito_button.description == "Bito"
    assert w.bito() is True
    assert w.message.startswith(
        "Anna passes (implied); Vera passes (implied); Gleb passes (implied); bito: 7♠ 8♠ 8♣ 9♣ to the discard (R15)"
    )
    assert said(w) == [
        "Anna attacks 7♠",
        "Boris covers 7♠ with 8♠",
        "Anna passes",
        "Vera throws in 8♣",
        "Boris covers 8♣ with 9♣",
        "Anna passes",
        "Vera passes",
        "Gleb passes",
    ]
    assert w.recorder.implied == [2, 5, 6, 7]
    assert lines(w)[3] == {"player": "Anna", "action": "pass", "implied": True}
    assert w.actor == 1  # after bito the defender leads (R23)
    assert read_journal(w.path).recording.moves == w.moves
    w.close()


def test_R1_R6_R12_refusals_are_shown_in_words_with_their_rule(tmp_path: Path) -> None:
    w = start(tmp_path)
    assert w.tap("6S") is False
    assert w.message == "[R1] 6♠ is already in Vera's hand"
    w.tap("7S")
    w.lay()
    assert w.tap("7D") is False
    assert w.message == "[R6] 7♦ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♥)"
    assert "dnb-refusal" in w.board.value and "7♦ does not beat 7♠" in w.board.value
    w.choose("Gleb")
    assert w.tap("QC") is False  # no queen on the table: R11, not "wait for Anna" (R12)
    assert w.message == "[R11] Q♣: only ranks already on the table may be thrown in"
    assert len(w.moves) == 1
    w.close()


def test_R14_take_then_the_cards_go_to_the_defender(tmp_path: Path) -> None:
    w = start(tmp_path)
    w.tap("7S")
    w.lay()
    assert w.take() is True
    assert (w.message, w.bito_button.description, w.actor) == ("Boris takes", "Cards to Boris", 0)
    w.choose("Gleb")
    assert w.tap("7C") is False and w.lay() is True  # a throw-in after take (R14) implies Anna's pass
    assert w.message == "Anna passes (implied); Gleb throws in 7♣"
    assert w.bito() is True
    assert said(w)[4:] == ["Anna passes", "Vera passes", "Gleb passes"]
    assert "Boris picks up 7♠ 7♣ (R14)" in w.message
    assert w.actor == 2  # left of the defender leads after a take (R23)
    w.close()


def test_undo_takes_back_a_whole_entry(tmp_path: Path) -> None:
    w = start(tmp_path)
    w.tap("7S")
    w.lay()
    w.tap("8S")
    w.choose("Vera")
    w.tap("8C")
    w.lay()
    assert w.undo() is True
    assert w.message == "taken back: Anna passes; Vera throws in 8♣"
    assert said(w) == ["Anna attacks 7♠", "Boris covers 7♠ with 8♠"]
    assert (w.actor, w.recorder.implied) == (0, [])
    assert lines(w)[-1] == {"undo": 2}
    assert w.undo() is True and w.undo() is True
    assert w.moves == [] and w.undo() is False
    assert w.message == "[R1] nothing to undo"
    assert read_journal(w.path).recording.moves == []
    w.close()


def test_R16_the_scorers_own_refill(tmp_path: Path) -> None:
    w = start(tmp_path)
    for step in (lambda: w.tap("7S"), w.lay, lambda: w.tap("8S"), lambda: w.choose("Vera")):
        step()
    w.tap("8C")
    w.lay()
    w.tap("9C")
    w.bito()
    assert "dnb-off" not in w.draw_row._dom_classes
    assert w.add_draw("7S") is False  # 7♠ went to the discard (R15)
    assert w.message.startswith("[R1] Vera cannot have drawn 7♠: ")
    assert lines(w)[-1]["player"] == "Gleb"  # nothing written
    assert w.add_draw("QS") is True
    assert w.message == "Vera drew Q♠"
    assert lines(w)[-1] == {"draw": {"after": 7, "player": "Vera", "cards": ["QS"]}}
    assert w.game.seen().hands[2] == tuple(parse_cards("6S 9S TC QS KD AH"))
    deal = w.recorder.recording().deal
    assert isinstance(deal, PartialDeal) and deal.draws == (SeenDraw(7, 2, (Card.parse("QS"),)),)
    w.close()


def test_the_journal_is_recovered_after_a_crash(tmp_path: Path) -> None:
    w = start(tmp_path)
    w.tap("7S")
    w.lay()
    w.tap("8S")
    w.choose("Vera")
    w.tap("8C")
    w.lay()
    w.tap("9C")
    w.bito()
    w.add_draw("QS")
    moves = w.moves
    # the kernel dies while a move is being written: its lock goes, half a line stays
    w.recorder.close()
    with open(w.path, "ab") as f:
        f.write(b'{"player": "Boris", "act')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = ScorerWidget.resume(w.path)
    assert [type(x.message) for x in caught] == [JournalWarning]
    assert again.moves == moves
    assert (again.me, again.actor, again.recorder.implied) == (2, 1, [2, 5, 6, 7])
    assert again.game.seen().hands[2] == tuple(parse_cards("6S 9S TC QS KD AH"))
    assert again.recorder.torn is not None and again.recorder.torn.data == b'{"player": "Boris", "act'
    # undo knows the entries again: the bito's three passes, then Vera's throw-in with Anna's pass
    assert again.undo() is True
    assert again.message == "taken back: Anna passes; Vera passes; Gleb passes"
    deal = again.recorder.recording().deal
    assert isinstance(deal, PartialDeal) and deal.draws == ()  # the refill after the bout went with it
    # recording goes on: Anna passed in this bout already, so Gleb throws in at once (R12)
    again.choose("Gleb")
    assert again.tap("9D") is False and again.lay() is True
    assert again.message == "Gleb throws in 9♦"
    assert read_journal(again.path).recording.moves == [*moves[:5], Move.throw(3, "9D")]
    again.close()


def test_widget_models_are_few(tmp_path: Path) -> None:
    """One Layout and one style per kind shared by all: 48 models before the game (11
    buttons, 6 texts, 4 dropdowns, 4 HTML, 2 toggle rows, 11 boxes, 6 shared layout and
    styles, the widget; and one Layout per width of a text box wider than the form's, for
    its placeholder: in English the players' 417 px, the turned-up card's 403 px, the hand's 407 px),
    then one button per card of the deck; none more while playing."""
    from ipywidgets.widgets.widget import _instances

    before = len(_instances)
    w = start(tmp_path)
    made = len(_instances) - before
    w.tap("7S")
    w.lay()
    w.tap("8S")
    assert len(_instances) - before == made  # a move changes values, makes no widget
    assert made == 48 + 36
    w.close()


def test_R17_a_transfer_is_tapped_then_pressed(tmp_path: Path) -> None:
    """Perevodnoy, bout 2 (no transfer in the first, R19): Vera lays 9♥ beside Boris's
    9♠ (a card that could also cover, hearts being trump: so it is selected, not
    played), presses *Transfer*; Anna, the new defender (R17), transfers again."""
    w = ScorerWidget(tmp_path / "transfer.durak.jsonl")
    w.setup(rules="perevodnoy", players=["Anna", "Boris", "Vera"], dealer="Vera", turned_up="7H", attacker="Anna")
    assert w.begin() is True
    w.tap("7S")
    w.lay()
    w.tap("8S")
    assert w.bito() is True
    assert w.actor == 1 and w.tap("9S") is False and w.lay() is True
    assert w.actor == 2
    assert w.shown_cards == codes("TS JS QS KS AS 6H 8H 9H TH JH QH KH AH 9D 9C")
    shown_buttons = [
        b.description for b in (w.lay_button, w.cover_button, w.transfer_button) if "dnb-off" not in b._dom_classes
    ]
    assert shown_buttons == ["Cover", "Transfer"]
    assert w.tap("9H") is False and w.selected == [Card.parse("9H")]
    assert w.transfer() is True and w.message == "Vera transfers 9♥"
    assert (w.actor, w.target_box.options) == (0, ("9S", "9H"))
    assert "dnb-off" not in w.target_box._dom_classes  # two cards to cover: which one is chosen
    assert w.tap("9D") is False and w.transfer() is True
    assert said(w)[4:] == ["Boris attacks 9♠", "Vera transfers 9♥", "Anna transfers 9♦"]
    w.close()


# ----------------------------------------------------------------------------- the journal's new lines


def test_recorder_undo_of_a_full_deck_game_is_a_line_of_its_own(tmp_path: Path) -> None:
    from durak_nb.record.recorder import Recorder

    path = tmp_path / "undo.durak.jsonl"
    with Recorder.create(path, "podkidnoy", ["Anna", "Boris"], seed=1) as rec:
        rec.play(Move.attack(1, "8D"))
        rec.comment("a low lead")
        rec.play(Move.defend(0, "AD", "8D"))
        assert rec.undo(2) == [Move.attack(1, "8D"), Move.defend(0, "AD", "8D")]
        assert rec.game.history == [] and rec.recording().meta == {}
        rec.play(Move.attack(1, "8D"))
    tail = path.read_text(encoding="utf-8").splitlines()[1:]
    assert [json.loads(x) for x in tail] == [
        {"player": "Boris", "action": "attack", "cards": ["8D"]},
        {"comment": "a low lead", "move": 0},
        {"player": "Anna", "action": "defend", "card": "AD", "target": "8D"},
        {"undo": 0},
        {"player": "Boris", "action": "attack", "cards": ["8D"]},
    ]
    again = read_journal(path)
    assert (again.recording.moves, again.recording.meta, again.implied) == ([Move.attack(1, "8D")], {}, ())


def test_bad_journal_lines_are_refused_with_their_line(tmp_path: Path) -> None:
    import pytest

    from durak_nb.record import RecordingError

    w = start(tmp_path)
    w.tap("7S")
    w.lay()
    w.close()
    head = w.path.read_text(encoding="utf-8")
    cases = [
        ('{"undo": 3}', None, 'an undo line is {"undo": k}, k one of the 1 moves written before it (0-based), not 3'),
        (
            '{"draw": {"after": 0, "player": "Vera"}}',
            "R16",
            'a refill line is {"draw": {"after": k, "player": NAME, "cards": [...]}}, k one of the 1 moves '
            "written before it",
        ),
        ('{"player": "Boris", "action": "take", "implied": 1}', None, "'implied': true or false, not 1"),
    ]
    for i, (line, rule, words) in enumerate(cases):
        bad = tmp_path / f"bad{i}.durak.jsonl"
        bad.write_text(head + line + "\n", encoding="utf-8")
        with pytest.raises(RecordingError) as info:
            read_journal(bad)
        assert (info.value.line, info.value.rule, info.value.message) == (3, rule, words)


def test_the_scorers_seat_survives_a_resume_without_their_hand(tmp_path: Path) -> None:
    w = ScorerWidget(tmp_path / "gleb.durak.jsonl")
    w.setup(rules="podkidnoy", players=NAMES, dealer="Vera", turned_up="7H", attacker="Anna", me="Gleb")
    assert w.begin() is True and w.me == 3
    assert lines(w)[0]["meta"] == {"scorer": "Gleb"} and "hands" not in lines(w)[0]["deal"]
    w.close()
    again = ScorerWidget.resume(w.path)
    assert again.me == 3
    again.close()


def test_R4_the_lowest_trump_shown_is_known_in_the_first_attackers_hand(tmp_path: Path) -> None:
    w = ScorerWidget(tmp_path / "shown.durak.jsonl")
    w.setup(rules="podkidnoy", players=NAMES[:3], dealer="Vera", turned_up="7H", attacker="Anna", shown="6H")
    assert w.begin() is True
    assert lines(w)[0]["deal"] == {"dealer": "Vera", "turned_up": "7H", "attacker": "Anna", "shown": {"Anna": ["6H"]}}
    assert w.game.seen().hands == ((Card.parse("6H"),), (), ())
    mine = [b.description for b in w.card_buttons if "dnb-sc-mine" in b._dom_classes]
    assert mine == ["6♥"]  # marked as known to be Anna's
    assert len(w.shown_cards) == 35  # every card but the turned-up 7♥
    w.close()


def test_aim_and_choose_refuse_in_words(tmp_path: Path) -> None:
    """A slip of the scorer (a card not on the table to cover, a name not at the table)
    is refused in words with its rule, the choice unchanged: no widget traceback."""
    w = start(tmp_path)
    w.tap("6H")
    assert w.lay() is True
    assert w.actor == 1 and w.target == Card.parse("6H")
    assert w.aim("7S") is False
    assert w.message == "[R10] 7♠ is not an uncovered attack card: cover one of 6♥"
    assert w.target == Card.parse("6H")
    assert w.aim("XX") is False
    assert w.message.startswith("[R1] 'XX' is not a card")
    assert w.choose("Olga") is False
    assert w.message == "[R2] Olga is not at this table: the players are Anna, Boris, Vera, Gleb"
    assert w.choose(7) is False
    assert w.message == "[R2] seat 7 is not at this table: the players are Anna, Boris, Vera, Gleb"
    assert w.actor == 1
    assert w.choose("Vera") is True and w.actor == 2
    assert w.choose(1) is True and w.aim("6H") is True
    assert w.tap("9H") is True and w.message == "Boris covers 6♥ with 9♥"
    w.close()


def test_setup_form_words_fit(tmp_path: Path) -> None:
    """The set-up form carries the class whose CSS widens its labels (the longest,
    "Lowest trump shown", was cut to "Lowest tru…" at 1366 px); the hints are short
    examples that fit their boxes."""
    w = ScorerWidget(tmp_path / "k.durak.jsonl")
    assert "dnb-sc-form" in w.form._dom_classes
    assert "--jp-widgets-inline-label-width:9.5em" in w.style.value
    assert [w.names.placeholder, w.turned_up.placeholder, w.shown_box.placeholder, w.hand_box.placeholder] == [
        "clockwise, e.g. Anna, Boris, Vera, Gleb",
        "e.g. 7♥ (all dealt: the trump suit, ♥)",
        "optional, e.g. 6♥ (R4)",
        "optional, e.g. 6♠ 9♠ Q♦ 10♣ A♥ 8♣",
    ]
    w.close()


def test_board_says_what_to_do_next(tmp_path: Path) -> None:
    """Before the first card (no message yet) and after each entry, the board says whose
    cards to tap: the prompt follows the preselected seat (it was written but never shown)."""
    w = start(tmp_path)
    prompt = '<div class="dnb-sc-prompt">Tap the cards {} laid, or a button.</div>'
    assert prompt.format("Anna") in w.board.value
    w.tap("6H")
    w.lay()
    assert prompt.format("Boris") in w.board.value
    w.choose("Gleb")
    assert prompt.format("Gleb") in w.board.value and prompt.format("Boris") not in w.board.value
    w.close()


def test_bito_shown_only_when_the_bout_can_end(tmp_path: Path) -> None:
    """*Bito* is offered only when every attack card is covered (R15) or the defender
    takes (R14, as "Cards to Boris"); with 6♥ uncovered it would only be refused."""
    w = start(tmp_path)

    def bito_shown() -> bool:
        return HIDDEN not in w.bito_button._dom_classes

    w.tap("6H")
    w.lay()
    assert bito_shown() is False
    w.tap("9H")
    assert w.message == "Boris covers 6♥ with 9♥" and bito_shown() is True
    w.undo()
    assert w.take() is True and bito_shown() is True and w.bito_button.description == "Cards to Boris"
    w.close()


def test_a_full_disk_is_said_the_cards_stay_chosen_and_the_move_goes_in_once_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal refuses a write (ENOSPC): the scorer says so in red with the file,
    plays nothing (the game is what the journal holds), keeps the cards tapped, and the
    same entry goes in when the disk has room again (before: the error escaped the
    button's callback as a traceback)."""
    from durak_nb.record import recorder as recorder_module

    w = start(tmp_path)
    real = recorder_module.os.write

    def full(fd: int, data: Any) -> int:
        raise OSError(28, "No space left on device")

    w.tap("7S")
    monkeypatch.setattr(recorder_module.os, "write", full)
    assert w.lay() is False
    assert w.message == f"{w.path}: error: cannot write the journal: No space left on device; nothing was recorded"
    assert 'class="dnb-refusal"' in w.board.value and "No space left on device" in w.board.value
    assert (said(w), [c.code for c in w.selected], len(lines(w))) == ([], ["7S"], 1)
    monkeypatch.setattr(recorder_module.os, "write", real)
    assert w.lay() is True
    assert (said(w), w.message, len(lines(w))) == (["Anna attacks 7♠"], "Anna attacks 7♠", 2)
    assert 'class="dnb-refusal"' not in w.board.value
    w.close()


@pytest.mark.parametrize(("lang", "wide"), [("en", "146px"), ("ru", "129px"), ("uk", "127px")])
def test_the_forms_labels_are_as_wide_as_the_widest_in_the_language(tmp_path: Path, lang: str, wide: str) -> None:
    """Issue 22: «Сохранить как» was cut to «Сохранить…» in the widgets’ 80 px (and «Lowest
    trump shown», «Младший козырь» on the set-up form); every
    labelled box of the form shares the width of the widest label (at least 80 px)."""
    from durak_nb.i18n import language

    with language(lang):
        w = ScorerWidget(tmp_path / f"{lang}.durak.jsonl")
    boxes = (w.names, w.turned_up, w.shown_box, w.hand_box, w.draw_box, w.save_box, w.preset, w.dealer, w.me_box)
    assert {b.style.description_width for b in boxes} == {wide}
