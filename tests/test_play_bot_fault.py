"""A faulty outside bot in the play widget (issue 13 §3): its words are shown (the bot,
the move, the rule), the game is kept as it was, the bots stop; nothing raises out."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from durak_nb.botproto import ProcessBot
from durak_nb.engine import Move
from durak_nb.views.play import PlayWidget

BOTS = Path(__file__).parent / "data" / "bots"

R11 = (
    "[R11] bot illegal answered the move at index 1 with 'Anna passes', refused: "
    "the defender cannot throw in or pass; they cover, transfer or take"
)


def widget(tmp_path: Path, script: str, timeout: float = 5.0) -> PlayWidget:
    # deal seed 3: Boris (you) leads, Anna (the outside bot) defends first
    b = ProcessBot([sys.executable, str(BOTS / f"{script}.py")], timeout=timeout)
    return PlayWidget("podkidnoy", ["Anna", "Boris"], human=1, seed=3, bot=b, journal=tmp_path / "g.durak.jsonl")


def test_R11_an_illegal_answer_stops_the_bots_and_keeps_the_game(tmp_path: Path) -> None:
    w = widget(tmp_path, "illegal")
    try:
        assert w.play("8C") is True  # your move is played; the bot's answer is refused
        assert w.fault is not None and w.fault.rule == "R11" and w.fault.bot == "illegal" and w.fault.move == 1
        assert str(w.fault) == R11
        assert w.message == (
            f"Boris attacks 8♣; the bots are stopped: {R11}. The game is kept as it was before that move."
        )
        assert w.game.history == [Move.attack(1, "8C")]
        assert w.recording().moves == [Move.attack(1, "8C")]
        assert "bot illegal answered the move at index 1 with &#x27;Anna passes&#x27;" in w.status.value
        # the bots stay stopped: your pass is played, no bot is asked again
        assert w.pass_() is True
        assert w.game.history == [Move.attack(1, "8C"), Move.pass_(1)]
        assert w.message == "Boris passes"
        assert (
            '<div class="dnb-refusal">the bots are stopped: [R11] bot illegal answered the move at index 1'
            in w.status.value
        )
    finally:
        w.close()


def test_a_silent_bot_is_timed_out_and_its_process_reaped(tmp_path: Path) -> None:
    w = widget(tmp_path, "silent", timeout=1.0)
    try:
        bot = w.bots[0]
        assert isinstance(bot, ProcessBot)
        w.play("8C")
        assert w.fault is not None and w.fault.rule is None
        assert str(w.fault) == "bot silent gave no answer to the move at index 1 within 1 s"
        assert w.game.history == [Move.attack(1, "8C")] and not w.game.finished
        assert bot.proc is None
    finally:
        w.close()


def test_closing_the_widget_ends_a_good_bots_process(tmp_path: Path) -> None:
    w = widget(tmp_path, "good")
    bot = w.bots[0]
    assert isinstance(bot, ProcessBot)
    w.play("8C")
    assert w.fault is None and len(w.game.history) >= 2
    proc = bot.proc
    assert proc is not None
    pid = proc.pid
    w.close()
    assert not os.path.exists(f"/proc/{pid}")
