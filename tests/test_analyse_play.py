"""The play widget's hint button and "Analyse my game" (issue 13 §4), driven from Python."""

from __future__ import annotations

from pathlib import Path

from durak_nb.engine import Action, Game, Move
from durak_nb.views.card_buttons import HIDDEN
from durak_nb.views.play import PlayWidget
from durak_nb.views.replayer import ReplayerWidget

#: Anna (the human) leads with 6♦ 9♠ 9♣ against Boris's 7♦ K♠, hearts trump, talon
#: empty: leading 6♦ loses, a nine wins (the solver's doctest)
CODE = "9S9C6D/KS7D - H 0 * 5 + -"


def widget(tmp_path: Path) -> PlayWidget:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    return PlayWidget("podkidnoy", ["Anna", "Boris"], start=g, journal=tmp_path / "g.durak.jsonl")


def finish(w: PlayWidget) -> None:
    """Play Anna's first legal move until the game ends (the bot plays Boris)."""
    for _ in range(50):
        if w.game.finished:
            return
        m = w.legal[0]
        if m.action is Action.PASS:
            assert w.pass_()
        elif m.action is Action.TAKE:
            assert w.take()
        else:
            assert w.play([c.code for c in m.cards])
    raise AssertionError("the game did not end")


def test_the_hint_is_the_solved_move_in_words(tmp_path: Path) -> None:
    w = widget(tmp_path)
    assert w.hint_button.description == "Hint"
    assert w.hint() == "Hint: Anna attacks 9♠: a win with best play (exact)"
    assert "Hint: Anna attacks 9♠: a win with best play (exact)" in w.status.value
    assert w.game.history == []  # a hint plays nothing
    w.close()


def test_analyse_my_game_waits_for_the_end_then_shows_the_annotated_game(tmp_path: Path) -> None:
    w = widget(tmp_path)
    assert HIDDEN in w.analyse_button._dom_classes and HIDDEN not in w.hint_button._dom_classes
    assert w.show_analysis() is None
    assert "the game is not over yet" in w.status.value
    assert w.play("6D")  # the losing lead
    finish(w)
    assert HIDDEN not in w.analyse_button._dom_classes and HIDDEN in w.hint_button._dom_classes
    assert w.analyse_button.description == "Analyse my game"
    viewer = w.show_analysis()
    assert isinstance(viewer, ReplayerWidget)
    assert w.replay_box.children == (viewer,)
    rec = viewer.replay.recording
    assert rec.moves[0] == Move.attack(0, "6D")
    assert rec.meta["glyphs"]["0"] == "??"
    assert rec.meta["comments"]["0"] == (
        "Analysis: exact, a loss for Anna with best play; Anna attacks 9♠ would have kept a win"
    )
    assert rec.meta["variations"]["0"][0]["moves"] == [{"player": "Anna", "action": "attack", "cards": ["9S"]}]
    w.close()
