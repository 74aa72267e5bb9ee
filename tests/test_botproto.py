"""Outside bots (durak_nb/botproto.py, docs/bot-protocol.md): bots run as separate
processes (tests/data/bots/*.py) play through :class:`ProcessBot`; the kit referees
every answer.  An illegal answer (the engine's rule), a late one, none, a dead process,
garbage and an over-long line each raise :class:`BotFault` naming the bot and the move;
the game is kept unchanged; no process is left behind (no zombie)."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import pytest

from durak_nb.botproto import MAX_LINE, PROTOCOL, ProcessBot
from durak_nb.bots import BotFault, LowestCardBot, turn_seat
from durak_nb.engine import Game, Move
from durak_nb.tournament import BotSpec, run_tournament

BOTS = Path(__file__).parent / "data" / "bots"


def bot(script: str, *args: str, timeout: float = 1.0, hello_timeout: float = 5.0) -> ProcessBot:
    return ProcessBot([sys.executable, str(BOTS / f"{script}.py"), *args], timeout=timeout, hello_timeout=hello_timeout)


def gone(pid: int) -> bool:
    """The process is neither running nor a zombie (it was waited for)."""
    return not os.path.exists(f"/proc/{pid}")


def children() -> list[int]:
    """The pids of this process's children, running or zombie (from /proc)."""
    me, out = os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                out.append(int(entry))
    return out


def first_request(b: ProcessBot) -> tuple[Game, list[Move], BotFault]:
    """Deal seed 3 (Anna defends first), let Boris lead with the lowest card bot and ask
    ``b`` for Anna's answer; returns the game, its moves then, and the fault."""
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
    g.play(LowestCardBot().choose(g, turn_seat(g)))
    before = list(g.history)
    assert turn_seat(g) == 1  # the attacker first (R12, INTERCHANGE.md); Anna is asked as the defender
    with pytest.raises(BotFault) as info:
        b.choose(g, 0)
    return g, before, info.value


def test_good_bot_plays_a_whole_game_refereed() -> None:
    with bot("good") as b:
        g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=3)
        other = LowestCardBot()
        while not g.finished:
            s = turn_seat(g)
            g.play(b.choose(g, s) if s == 0 else other.choose(g, s))
        assert b.hello == {"type": "hello", "protocol": PROTOCOL, "name": "good", "version": "1.0"}
        assert b.name == "good"
        assert g.result is not None and g.result.rule == "R25"
        pid = b.proc.pid if b.proc else -1
        b.game_over(g)
    assert gone(pid)


def test_R11_an_illegal_answer_is_refused_with_the_engines_rule_and_the_game_kept() -> None:
    b = bot("illegal")
    g, before, fault = first_request(b)
    assert fault.rule == "R11" and fault.bot == "illegal" and fault.move == 1
    assert str(fault) == (
        "[R11] bot illegal answered the move at index 1 with 'Anna passes', refused: "
        "the defender cannot throw in or pass; they cover, transfer or take"
    )
    assert g.history == before  # nothing played for the bot, nothing substituted
    assert b.proc is None and b.fault is fault
    with pytest.raises(BotFault, match="bot illegal was stopped after an earlier fault"):
        b.choose(g, 0)


@pytest.mark.parametrize(
    ("script", "args", "words"),
    [
        ("slow", (), "bot slow gave no answer to the move at index 1 within 1 s"),
        ("silent", (), "bot silent gave no answer to the move at index 1 within 1 s"),
        ("silent", ("--stubborn",), "bot silent gave no answer to the move at index 1 within 1 s"),
        ("dies", (), "bot dies ended (exit code 3) before answering the move at index 1"),
        (
            "garbage",
            (),
            "bot garbage sent a line that is not a JSON object in answer to the move at index 1: "
            '"attack \\u001b[31m7S please {"',
        ),
        (
            "garbage",
            ("--long",),
            f"bot garbage sent a line longer than {MAX_LINE} bytes in answer to the move at index 1",
        ),
    ],
)
def test_a_faulty_bot_is_refused_the_game_kept_and_its_process_reaped(
    script: str, args: tuple[str, ...], words: str
) -> None:
    b = bot(script, *args)
    b.start()
    assert b.proc is not None
    pid = b.proc.pid
    g, before, fault = first_request(b)
    assert str(fault) == words
    assert fault.rule is None and fault.move == 1
    assert g.history == before and not g.finished
    assert gone(pid)  # terminated (a stubborn one killed) and waited for


def test_a_bot_without_hello_is_refused_at_the_handshake() -> None:
    b = bot("silent", "--no-hello", hello_timeout=0.5)
    with pytest.raises(BotFault, match=r"^bot silent\.py gave no answer to hello within 0\.5 s$"):
        b.start()
    assert b.proc is None


def test_a_program_that_cannot_start_is_named() -> None:
    with pytest.raises(BotFault, match=r"^bot no-such-bot: cannot start /nonexistent/no-such-bot: "):
        ProcessBot(["/nonexistent/no-such-bot"]).start()


def test_process_bot_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="a list of words"):
        ProcessBot("python3 bot.py")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout is a number of seconds above 0"):
        ProcessBot(["python3"], timeout=0)


def test_outside_bots_play_in_a_tournament_and_faults_are_forfeits() -> None:
    py = sys.executable
    ladder = [
        BotSpec("lowest", LowestCardBot),
        BotSpec("good", ProcessBot, {"command": [py, str(BOTS / "good.py")], "timeout": 5.0}),
        BotSpec("illegal", ProcessBot, {"command": [py, str(BOTS / "illegal.py")], "timeout": 5.0}),
    ]
    before = children()
    t = run_tournament(ladder, deals=2, workers=1, bootstrap=0)
    assert children() == before  # every bot process of every game was waited for
    good = [g for g in t.games if g.lineup in (("lowest", "good"), ("good", "lowest"))]
    assert len(good) == 4 and all(g.forfeit is None and g.reason is None for g in good)
    bad = [g for g in t.games if "illegal" in g.lineup]
    assert len(bad) == 4
    for g in bad:  # the illegal bot forfeits every game, at its first request
        assert g.forfeit == g.lineup.index("illegal") and g.losing == (g.forfeit,)
        assert g.reason is not None and g.reason.startswith("illegal forfeits: [R")
        assert "bot illegal answered the move at index" in g.reason
    assert t.table().loc["illegal", "forfeits"] == 4


def test_a_bot_that_stops_reading_cannot_hang_the_kit() -> None:
    """Writing to a bot that never reads is bounded by its timeout too (a view of a big
    game may be longer than a pipe holds): a fault, and the process reaped."""
    b = bot("deaf", timeout=0.5)
    b.start()
    assert b.proc is not None
    pid = b.proc.pid
    with pytest.raises(BotFault, match=r"^bot deaf did not read its input within 0\.5 s$"):
        for k in range(10_000):
            b._send({"type": "noise", "pad": "x" * 1000}, k=k)
    assert b.fault is not None and gone(pid)


def test_outside_bots_play_in_worker_processes_and_leave_none_behind() -> None:
    py = sys.executable
    ladder = [
        BotSpec("lowest", LowestCardBot),
        BotSpec("good", ProcessBot, {"command": [py, str(BOTS / "good.py")], "timeout": 5.0}),
    ]
    t = run_tournament(ladder, deals=2, workers=2, bootstrap=0)
    assert [g.lineup for g in t.games] == [("lowest", "good"), ("good", "lowest")] * 2
    assert all(g.forfeit is None and g.moves > 0 for g in t.games)
    assert t.games == run_tournament(ladder, deals=2, workers=1, bootstrap=0).games  # the good bot is deterministic


def test_the_tournament_command_takes_an_outside_bot(capsys: pytest.CaptureFixture[str]) -> None:
    # BOT as NAME=COMMAND: a ProcessBot named NAME (the command split as a POSIX shell
    # would, no shell run); the illegal one forfeits every game it plays, refereed
    from durak_nb.cli import main

    py = sys.executable
    argv = ["tournament", "lowest", f"good={py} {BOTS / 'good.py'}", f"bad={py} {BOTS / 'illegal.py'}"]
    assert main([*argv, "--deals", "2", "--workers", "1", "--bootstrap", "0", "--timeout", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in out[3:6]}
    # each distinct forfeit reason once, under the table
    assert out[6] == "why the forfeits happened:"
    reason = "bad forfeits: [R9] bot bad answered the move at index 0 with 'Anna passes', refused: the table is empty"
    assert f"  {reason}: Anna must lead first" in out[7:]
    assert len(out[7:]) == len(set(out[7:])) == 4
    assert set(rows) == {"lowest", "good", "bad"}
    assert rows["good"][4:6] == ["8", "0"]  # games, forfeits
    assert rows["bad"][4:6] == ["4", "4"]
    assert main(["tournament", "lowest", "=python3 x.py", "--deals", "1"]) == 2
    assert "outside bot '=python3 x.py': NAME=COMMAND needs a name and a command" in capsys.readouterr().err
    assert main(["tournament", "lowest", "x='unclosed", "--deals", "1"]) == 2


def test_close_ends_what_the_bot_started_even_when_the_bot_leaves_in_time() -> None:
    # the fork bot answers quit at once; its sleeping child is in the bot's process
    # group (a session of its own) and is ended by close() too (no orphan left)
    b = bot("forks")
    b.start()
    assert b.hello is not None and b.proc is not None
    child, pid = int(b.hello["child"]), b.proc.pid
    assert os.getpgid(child) == pid  # the bot's group
    b.close()
    assert gone(pid)
    state = ""
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
    assert state in ("", "Z")  # ended (a zombie until its new parent reaps it, or gone)


def test_a_boolean_id_is_refused() -> None:
    # JSON true is not the move's index 1 (bool is no whole number in the protocol)
    g, before, fault = first_request(bot("bool_id"))
    assert str(fault) == "bot bool_id answered the move at index true, not at index 1"
    assert g.history == before
    from durak_nb import i18n

    with i18n.language("uk"):
        _g, _before, fault = first_request(bot("bool_id"))
    assert str(fault) == "бот bool_id відповів на хід з номером true, а не 1"


def test_process_bot_repr_and_an_empty_command() -> None:
    assert repr(ProcessBot(["python3", "bot.py"])) == "ProcessBot(['python3', 'bot.py'])"
    b = ProcessBot(["python3", "bot.py"], timeout=2, name="mine", cwd="/tmp")
    assert repr(b) == "ProcessBot(['python3', 'bot.py'], timeout=2.0, name='mine', cwd='/tmp')"
    with pytest.raises(ValueError, match=r"^ProcessBot: command is empty: give the program and its arguments"):
        ProcessBot([])
    with pytest.raises(ValueError, match=r"^ProcessBot: command is empty"):
        ProcessBot([""])


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "bot no-such-bot: cannot start /nonexistent/no-such-bot: No such file or directory"),
        ("ru", "бот no-such-bot: не удаётся запустить /nonexistent/no-such-bot: нет такого файла или папки"),
        ("uk", "бот no-such-bot: не вдається запустити /nonexistent/no-such-bot: немає такого файлу чи теки"),
    ],
)
def test_a_program_that_cannot_start_says_why_in_the_readers_language(lang: str, words: str) -> None:
    from durak_nb import i18n

    with i18n.language(lang), pytest.raises(BotFault) as info:
        ProcessBot(["/nonexistent/no-such-bot"]).start()
    assert str(info.value) == words
