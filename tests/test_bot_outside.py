"""Outside bots without friction and under attack (issues 21 and 23; docs/bot-protocol.md):
each test runs a bot of tests/data/bots/ as a process of its own.

- cards as RULES.md R1 accepts them on input (10C, T♣, lower case), a refusal that names
  the member at fault; bot text shown escaped, never a Python repr;
- strict JSON: a repeated member, NaN, Infinity, 1e400, a lone surrogate, each named;
- a bot that closes its output and runs on is said so, in en/ru/uk;
- the whole process tree ends with close(), setsid children and double forks included;
- the bot's stderr kept in a log (ProcessBot(log=), tournament --bot-log), the `game`
  message's full rules object, the hello time-out from the command line;
- the referee asks the attacker first where both may act (R12, INTERCHANGE.md);
- tournament: a round robin, the Elo zero at the random bot, --option, and a bot that
  cannot start stopping it at once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from durak_nb import i18n
from durak_nb.botproto import ProcessBot, strict_json
from durak_nb.bots import BotFault, LowestCardBot, turn_seat
from durak_nb.engine import Action, Game, Move
from durak_nb.tournament import BotSpec, play_game, run_tournament

BOTS = Path(__file__).parent / "data" / "bots"
PY = sys.executable


def bot(script: str, *args: str, timeout: float = 2.0, **kw: object) -> ProcessBot:
    return ProcessBot([PY, str(BOTS / f"{script}.py"), *args], timeout=timeout, hello_timeout=10.0, **kw)  # type: ignore[arg-type]


def alive(pid: int) -> bool:
    """The process runs (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def ask(b: ProcessBot) -> tuple[Game, list[Move], BotFault]:
    """Deal seed 3, Boris leads with the lowest card bot, ``b`` answers for Anna."""
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    g.play(LowestCardBot().choose(g, turn_seat(g)))
    before = list(g.history)
    with pytest.raises(BotFault) as info:
        b.choose(g, 0)
    return g, before, info.value


# ---------------------------------------------------------------------- cards as R1 reads them


@pytest.mark.parametrize("mode", ["--ten", "--symbol", "--lower"])
def test_R1_card_codes_as_written_on_input_are_accepted(mode: str) -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    with bot("codes", mode) as b:
        lead = b.choose(g, 1)  # Boris leads: his legal[0], cards rewritten by the bot
    assert lead == Move.attack(1, "8C")  # written 10C-style, as 8♣, as 8c
    g.play(lead)
    for _ in range(200):  # on to a position where Anna may cover
        if any(m.action is Action.DEFEND for m in g.legal_moves(0)):
            break
        g.play(LowestCardBot().choose(g))
    with bot("codes", mode) as b:
        cover = b.choose(g, 0)
    assert cover == next(m for m in g.legal_moves(0) if m.action is Action.DEFEND)


def test_R1_a_card_that_is_no_card_names_the_member() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    with pytest.raises(BotFault) as info:
        bot("codes", "--bad").choose(g, 1)
    assert str(info.value) == (
        "bot codes.py answered the move at index 0 with something that is not a move: the member "
        "\"cards[0]\": [R1] 'XX' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit "
        "(S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'"
    )


def test_a_member_the_move_does_not_take_is_named_and_shown_escaped() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    with pytest.raises(BotFault) as info:
        bot("codes", "--extra").choose(g, 1)
    assert str(info.value) == (
        "bot codes.py answered the move at index 0 with something that is not a move: the member "
        '"comment" is not one that the action attack takes (as given: "\\u202eoops")'
    )


def test_a_wrong_message_type_is_shown_as_escaped_json_not_a_repr() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    with pytest.raises(BotFault) as info:
        bot("codes", "--type").choose(g, 1)
    assert str(info.value) == 'bot codes.py answered the move at index 0 with the message type "mo\\u001bve", not move'


# ---------------------------------------------------------------------- strict JSON


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("--twice", 'with the member "id" twice in answer to the move at index 1 (strict JSON)'),
        ("--nan", "with the number NaN in answer to the move at index 1: JSON has no NaN or Infinity"),
        ("--inf", "with the number -Infinity in answer to the move at index 1: JSON has no NaN or Infinity"),
        ("--big", "with the number 1e400 in answer to the move at index 1: JSON has no NaN or Infinity"),
        ("--surrogate", 'with a lone surrogate "\\ud800" in answer to the move at index 1: not Unicode text'),
        (
            "--digits",
            "with a whole number of more than 100 digits (77777777777777777777…) in answer to the move at index 1:"
            " no member of the protocol takes one (strict JSON)",
        ),
    ],
)
def test_bot_lines_are_read_as_strict_json_and_the_true_cause_named(mode: str, words: str) -> None:
    g, before, fault = ask(bot("strict", mode))
    assert str(fault).startswith(f"bot strict.py sent a line {words}")
    assert g.history == before and fault.move == 1


def test_strict_json_reads_what_json_allows() -> None:
    assert strict_json('{"a": [1, 2.5, -0.0, "Жора ♠ \\ud83c\\udca1"], "b": {"a": null}}') == {
        "a": [1, 2.5, -0.0, "Жора ♠ 🂡"],
        "b": {"a": None},
    }


def test_the_round3_reproducer_line_names_a_true_cause() -> None:
    # ../shared/repro/round3/bot_dup_id_nan.py: "id" twice, NaN, 1e400, a lone surrogate;
    # no longer "answered the move at index 3, not at index 1"
    line = '{"type":"move","id":1,"move":{"player":"\\ud800","action":"attack","cards":[1e400, NaN]}, "id": 3}'
    with pytest.raises(ValueError) as info:
        strict_json(line)
    assert getattr(info.value, "key", None) == "number"


# ---------------------------------------------------------------------- a closed output


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "bot closes_out.py closed its output before answering the move at index 1 but went on running;"),
        ("ru", "бот closes_out.py закрыл свой вывод, не ответив на ход с номером 1, но продолжал работать;"),
        ("uk", "бот closes_out.py закрив свій вивід, не відповівши на хід з номером 1, але працював далі;"),
    ],
)
def test_a_bot_that_closes_its_output_and_runs_on_is_said_so_and_ended(lang: str, words: str) -> None:
    b = bot("closes_out")
    b.start()
    pid = b.bot_pid
    assert pid is not None and alive(pid)
    with i18n.language(lang):
        _g, _before, fault = ask(b)
    assert str(fault).startswith(words)
    assert "None" not in str(fault)
    assert not alive(pid)  # it ignored SIGTERM: killed, waited for


def test_a_bot_ended_by_a_signal_is_said_so() -> None:
    b = bot("good")
    b.start()
    assert b.bot_pid is not None
    os.kill(b.bot_pid, signal.SIGKILL)
    _g, _before, fault = ask(b)
    assert str(fault) == "bot good was ended by signal 9 (SIGKILL) before answering the move at index 1"


# ---------------------------------------------------------------------- the whole tree ends


def test_close_ends_children_that_left_the_process_group_and_the_session() -> None:
    b = bot("setsid_kids")
    b.start()
    assert b.hello is not None
    kids = [int(k) for k in b.hello["kids"]]
    assert len(kids) == 2 and all(alive(k) for k in kids)
    assert all(os.getsid(k) != os.getsid(b.bot_pid or 0) for k in kids)  # out of the bot's session
    b.close()
    deadline = time.monotonic() + 1.0
    while any(alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(alive(k) for k in kids)  # the one deaf to SIGTERM too


def test_a_kit_killed_by_sigkill_leaves_no_process_of_its_bot() -> None:
    """The keeper reads the kit's life pipe: when the kit is SIGKILLed (no handler of it
    runs, close() is never called) the bot (one that runs on when its input ends) and the
    children that left its session end."""
    kit = textwrap.dedent(
        f"""
        import json, sys, time
        from durak_nb.botproto import ProcessBot
        b = ProcessBot([{PY!r}, {str(BOTS / "setsid_kids.py")!r}, "--stay"], timeout=5.0, hello_timeout=10.0)
        b.start()
        print(json.dumps([b.bot_pid, *b.hello["kids"]]), flush=True)
        time.sleep(300)
        """
    )
    proc = subprocess.Popen([PY, "-c", kit], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    pids = [int(p) for p in json.loads(proc.stdout.readline())]
    assert len(pids) == 3 and all(alive(p) for p in pids)
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10.0
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [p for p in pids if alive(p)] == []


def test_a_tournament_leaves_no_process_of_a_setsid_bot() -> None:
    spec = BotSpec("kids", ProcessBot, {"command": [PY, str(BOTS / "setsid_kids.py")], "timeout": 5.0})
    seen: set[int] = set()

    class Watch(ProcessBot):
        def start(self) -> None:
            super().start()
            if self.hello:
                seen.update(int(k) for k in self.hello["kids"])

    spec = BotSpec("kids", Watch, spec.kwargs)
    t = run_tournament([BotSpec("lowest", LowestCardBot), spec], deals=1, workers=0, bootstrap=0)
    assert [g.forfeit for g in t.games] == [None, None]
    assert len(seen) == 6  # the probe and two games, two children each
    time.sleep(0.2)
    assert not any(alive(k) for k in seen)


# ---------------------------------------------------------------------- the log, the rules object


def test_the_bots_stderr_is_kept_in_its_log_and_the_fault_names_it(tmp_path: Path) -> None:
    log = tmp_path / "crash.log"
    b = bot("crash", log=log)
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    with pytest.raises(BotFault) as info:
        b.choose(g, 1)
    assert str(info.value) == (
        f"bot crash.py ended (exit code 1) before answering the move at index 0 (its error output: {log})"
    )
    text = log.read_text()
    assert text.endswith("Traceback (most recent call last):\nZeroDivisionError: boom\n")
    game = json.loads(text.splitlines()[0].removeprefix("GAME "))
    # what a bot may simulate: the full rules object (INTERCHANGE.md `rules`), the seat its name
    assert game == {
        "type": "game",
        "rules": "podkidnoy",
        "options": {
            "deck_size": 36, "hand_size": 6, "bout_limit": 6, "first_bout_limit": 5, "transfer_first_bout": False,
            "show_trump_transfer": False, "trump_six_beats_ace": False, "neighbours_only_over_4": False,
            "draw_allowed": True, "two_sixes_win": False, "redeal_five_of_suit": False, "repetition_draw": 3,
            "teams": None,
        },
        "players": ["Anna", "Boris"],
        "seat": "Boris",
    }  # fmt: skip


def test_a_log_that_cannot_be_opened_is_said(tmp_path: Path) -> None:
    with pytest.raises(BotFault) as info:
        bot("good", log=tmp_path / "no" / "such.log").start()
    assert (
        str(info.value) == f"bot good.py: cannot open the log {tmp_path / 'no' / 'such.log'}: No such file or directory"
    )


# ---------------------------------------------------------------------- R12: the attacker first


def test_R12_an_attacker_bot_is_asked_to_throw_in_while_a_card_lies_uncovered() -> None:
    spec = BotSpec("thrower", ProcessBot, {"command": [PY, str(BOTS / "thrower.py")], "timeout": 5.0})
    result = play_game(
        Game.deal("podkidnoy", ["Anna", "Boris"], seed=0).rules, [spec, BotSpec("lowest", LowestCardBot)], 0
    )
    assert result.forfeit is None
    game = Game.deal(Game.deal("podkidnoy", ["Anna", "Boris"], seed=0).rules, ["Anna", "Boris"], seed=0)
    early = 0
    for move in result.played:
        if move.action is Action.THROW and any(d is None for d in game.defence_cards):
            early += 1  # thrown in before the defender answered
        game.play(move)
    assert early > 0


def test_R12_turn_seat_is_the_solvers_decision() -> None:
    from durak_nb.analysis.solver import decision

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    for _ in range(40):
        if g.finished:
            break
        if len(g.actors()) > 1:
            assert turn_seat(g) == decision(g)[0] == g.attacker
        g.play(LowestCardBot().choose(g))


# ---------------------------------------------------------------------- the tournament


def test_a_round_robin_meets_everyone_and_prints_the_scores(capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    argv = ["tournament", "lowest", "random", "heuristic", "--round-robin", "--deals", "2", "--workers", "0"]
    assert main([*argv, "--bootstrap", "0", "--option", "first_bout_limit=6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "podkidnoy, 2 players, 2 deals per pairing (12 games); Elo with 95 % intervals"
    rows = {line.split()[0]: line.split() for line in out[3:6]}
    assert rows["random"][1] == "0"  # the Elo zero: the random bot, wherever it stands
    assert [rows[b][4] for b in ("lowest", "random", "heuristic")] == ["8", "8", "8"]  # everyone met everyone
    assert out[6] == "round robin: the score of each bot (row) against each other (column):"
    assert out[7].split() == ["lowest", "random", "heuristic"]
    assert out[8].split()[:2] == ["lowest", "—"] and len(out) == 11


def test_tournament_option_and_hello_timeout_reach_the_games() -> None:
    from durak_nb.rules import Rules
    from durak_nb.tournament import bot_spec

    spec = bot_spec("b=python3 b.py", hello_timeout=0.5)
    assert spec.kwargs["hello_timeout"] == 0.5
    rules = Rules.make("perevodnoy", first_bout_limit=6)
    t = run_tournament([bot_spec("lowest"), bot_spec("heuristic")], rules=rules, deals=1, workers=0, bootstrap=0)
    assert t.rules.first_bout_limit == 6 and t.recordings()[0].rules == rules


def test_a_slow_hello_stops_the_tournament_with_the_hello_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    argv = ["tournament", "lowest", f"mute={PY} {BOTS / 'silent.py'} --no-hello", "--deals", "5", "--workers", "0"]
    assert main([*argv, "--hello-timeout", "0.5"]) == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == "durak-nb tournament: error: bot mute gave no answer to hello within 0.5 s\n"


def test_bot_log_option_writes_a_log_per_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    argv = ["tournament", "lowest", f"my bot={PY} {BOTS / 'crash.py'}", "--deals", "1", "--workers", "0"]
    assert main([*argv, "--bot-log", str(tmp_path), "--bootstrap", "0"]) == 0
    out = capsys.readouterr().out
    assert f"(its error output: {tmp_path / 'my_bot.log'})" in out
    assert (tmp_path / "my_bot.log").read_text().count("ZeroDivisionError: boom") == 2
    assert main([*argv, "--bot-log", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err == f"durak-nb tournament: error: --bot-log {tmp_path / 'none'}: no such folder\n"
