"""Bots from outside: a line protocol spoken by a separate process (docs/bot-protocol.md).

A bot written in any language runs as a child process and speaks JSON over its standard
input and output, one object per line, as chess engines speak UCI: a ``hello``
handshake, a ``game`` message when a game begins, a ``move`` request carrying the
player's view (:class:`~durak_nb.bots.SeatView`: nothing hidden) with the legal moves,
answered by a move in INTERCHANGE.md's JSON move form, and ``game_over``.
:class:`ProcessBot` implements the :class:`~durak_nb.bots.Bot` interface, so an outside
bot plays in tournaments (:mod:`durak_nb.tournament`) and wherever a bot is asked.

The kit referees every answer with the engine (:meth:`Game.why_illegal`).  An answer
that is refused, late, missing, not JSON, too long, or a process that died raises
:class:`~durak_nb.bots.BotFault` naming the bot, the move and the rule; nothing is
played for the bot and no move is substituted: the game stays as it was, and a
tournament records the game as the bot's forfeit.  After a fault the bot's process is
stopped (terminated, then killed, always waited for: no zombie) and the bot answers
nothing more.

Bounds: :data:`MAX_LINE` bytes per line, ``timeout`` seconds per move (``hello_timeout``
for the handshake), :data:`QUIT_GRACE` seconds to leave after ``quit``.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from .bots import BotFault, seat_view, turn_seat
from .engine import Game, Move
from .i18n import N_, Np_, _, pgettext
from .record.annotations import move_from_input
from .record.json_form import os_why
from .strictjson import MAX_DIGITS, StrictJSONError, strict_json
from .text import visible

__all__ = [
    "HELLO_TIMEOUT",
    "MAX_LINE",
    "MAX_TIMEOUT",
    "PROTOCOL",
    "QUIT_GRACE",
    "ProcessBot",
    "close_all",
    "strict_json",
]

#: The protocol's name and version, sent in ``hello``.
PROTOCOL = "durak-nb-bot/1"
#: The longest line either side may send, in bytes (the newline included).
MAX_LINE = 1 << 16
#: Seconds a bot has to leave after ``quit`` before it is terminated, then killed.
QUIT_GRACE = 1.0
#: The longest ``timeout`` and ``hello_timeout`` of a :class:`ProcessBot`, in seconds.
MAX_TIMEOUT = 3600.0
#: The default ``hello_timeout``: seconds a bot has to start and answer ``hello``.
HELLO_TIMEOUT = 10.0
#: The keeper program every bot is started under (it ends the bot's whole process tree).
KEEPER = Path(__file__).with_name("botkeeper.py")
#: Seconds the kit waits, beyond the keeper's own grace, for the keeper to end a tree.
KEEPER_MARGIN = 2.0

#: Person-facing words of this module (one place, for translation later).
WORDS = {
    "start": N_("bot {bot}: cannot start {command}: {error}"),
    "late": N_("bot {bot} gave no answer to {what} within {timeout:g} s"),
    "ended": N_("bot {bot} ended (exit code {code}) before answering {what}"),
    "ended_signal": N_("bot {bot} was ended by signal {signal} before answering {what}"),
    "closed_out": N_("bot {bot} closed its output before answering {what} but went on running; it was stopped"),
    "no_keeper": N_("the keeper of the bot's processes (botkeeper.py) did not start"),
    "log_hint": N_("{fault} (its error output: {log})"),
    "log": N_("bot {bot}: cannot open the log {file}: {error}"),
    "long": N_("bot {bot} sent a line longer than {most} bytes in answer to {what}"),
    "not_json": N_("bot {bot} sent a line that is not a JSON object in answer to {what}: {line}"),
    "not_utf8": N_("bot {bot} sent a line that is not UTF-8 text in answer to {what}"),
    # TRANSLATORS: {member} is the JSON member's name as the bot wrote it, escaped ("id")
    "twice": N_("bot {bot} sent a line with the member {member} twice in answer to {what} (strict JSON)"),
    # TRANSLATORS: {number} is the number as the bot wrote it (NaN, Infinity, 1e400)
    "number": N_(
        "bot {bot} sent a line with the number {number} in answer to {what}: JSON has no NaN or Infinity,"
        " and a number must be finite (strict JSON)"
    ),
    # TRANSLATORS: {number} is the start of the whole number as the bot wrote it, {most} a count of digits
    "digits": N_(
        "bot {bot} sent a line with a whole number of more than {most} digits ({number}) in answer to {what}:"
        " no member of the protocol takes one (strict JSON)"
    ),
    # TRANSLATORS: a lone surrogate is half of a UTF-16 pair (\ud800) written alone: not a character
    "surrogate": N_("bot {bot} sent a line with a lone surrogate {text} in answer to {what}: not Unicode text"),
    # TRANSLATORS: {got} is the bot's "type" as JSON, escaped ("moov", null); {want} is hello or move, kept as it is
    "wrong_type": N_("bot {bot} answered {what} with the message type {got}, not {want}"),
    # TRANSLATORS: {got} is the bot's id as JSON (5, true, "5", null)
    "wrong_id": N_("bot {bot} answered the move at index {got}, not at index {want}"),
    # TRANSLATORS: {got} is the bot's "protocol" as JSON, escaped
    "hello": N_("bot {bot} speaks the protocol {got}, not {want}"),
    "not_move": N_("bot {bot} answered the move at index {k} with something that is not a move: {error}"),
    "other_seat": N_("bot {bot} answered the move at index {k} with a move of {who}; it plays {me}"),
    "illegal": N_("bot {bot} answered the move at index {k} with '{move}', refused: {refusal}"),
    "stopped": N_("bot {bot} was stopped after an earlier fault and plays no more"),
    "deaf": N_("bot {bot} did not read its input within {timeout:g} s"),
    "what_hello": Np_("bot message", "hello"),
    "what_move": N_("the move at index {k}"),
}


def _signal(proc: subprocess.Popen[bytes], sig: int) -> None:
    """Send ``sig`` to the bot's process group (it runs in a session of its own, so
    whatever it started goes too); a group already gone is fine."""
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(sig)


def _group_alive(pgid: int) -> bool:
    """Some process of group ``pgid`` still runs: signal 0 reaches the group and, where
    ``/proc`` tells (Linux), one of its members is not a zombie waiting for its parent."""
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    try:
        entries = os.listdir("/proc")
    except OSError:  # no /proc: signal 0 is all there is
        return True
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z":  # state, ppid, pgrp
                return True
    return False


def _end_group(pgid: int) -> None:
    """End what is left of the bot's process group ``pgid`` (its children, after the
    bot itself was waited for): SIGTERM, up to :data:`QUIT_GRACE` seconds, then SIGKILL.
    The group's id is the bot's pid, which no new group can take while the group has a
    member, so no other process is signalled."""
    if not _group_alive(pgid):
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + QUIT_GRACE
    while _group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.01)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _options(game: Game) -> dict[str, Any]:
    """Every option of RULES.md with its value in ``game`` (the preset's defaults
    included): the full rules object a bot simulates the game by; ``teams`` as lists of
    names (R22), or ``None``."""
    out: dict[str, Any] = dict(game.rules.options())
    if out.get("teams") is not None:
        out["teams"] = [[game.players[s] for s in team] for team in out["teams"]]
    return out


def _signal_name(number: int) -> str:
    """A signal as a person reads it: ``9 (SIGKILL)``."""
    try:
        return f"{number} ({signal.Signals(number).name})"
    except ValueError:
        return str(number)


#: Every :class:`ProcessBot` of this process whose program runs (:func:`close_all`).
_RUNNING: weakref.WeakSet[ProcessBot] = weakref.WeakSet()


def close_all() -> None:
    """Close every outside bot of this process whose program runs
    (:meth:`ProcessBot.close`): what a worker process does before it is stopped."""
    for bot in list(_RUNNING):
        bot.close()


def _shown(line: bytes) -> str:
    """A bot's line for a message: at most 80 characters, control characters escaped."""
    text = line[:80].decode("utf-8", "replace")
    return json.dumps(text + ("…" if len(line) > 80 else ""), ensure_ascii=True)


def _said(value: object) -> str:
    """A value a bot sent (a ``type``, a ``protocol``, an ``id``) for a message: as JSON
    (``"moov"``, ``null``, ``5``), at most 40 characters, every control or format
    character escaped (:func:`durak_nb.text.visible`): never a Python repr, never raw."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # pragma: no cover - parsed JSON always dumps
        text = "?"
    return visible(text[:40] + ("…" if len(text) > 40 else ""), json_string=True)


class ProcessBot:
    """A bot run as a separate process, speaking :data:`PROTOCOL` (docs/bot-protocol.md).

    The process starts at the first request (or :meth:`start`) and is reused for every
    game it is asked about; :meth:`close` (or ``with``) ends it.

    Args:
        command: the program and its arguments (no shell is used).
        timeout: seconds the bot has for each move (a bound; also enforced per line).
        hello_timeout: seconds for the handshake (a program may be slow to start).
        name: the bot's name in messages (default: the one its ``hello`` gives, else the
            program's file name).
        cwd, env: as for :class:`subprocess.Popen`.
        log: a file the bot's standard error is appended to (created if missing), so
            that what it printed before a crash is seen; default: discarded.  A fault
            of a bot with a log names the file.

    Attributes:
        hello: the bot's ``hello`` message (its ``name`` and ``version``), after start.
        proc: the keeper process (:mod:`durak_nb.botkeeper`) while the bot runs.
        bot_pid: the bot program's own process id, after start.
        fault: the :class:`BotFault` that stopped it, or ``None``.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = 5.0,
        hello_timeout: float = HELLO_TIMEOUT,
        name: str | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        log: str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(command, str) or not all(isinstance(w, str) for w in command):
            raise TypeError(f"ProcessBot: command is a list of words, e.g. ['python3', 'bot.py'], not {command!r}")
        if not command or not command[0]:
            raise ValueError(
                "ProcessBot: command is empty: give the program and its arguments, e.g. ['python3', 'bot.py']"
            )
        for what, value in (("timeout", timeout), ("hello_timeout", hello_timeout)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_TIMEOUT:
                raise ValueError(
                    f"ProcessBot: {what} is a number of seconds above 0 and at most {MAX_TIMEOUT:g}, not {value!r}"
                )
        self.command = list(command)
        self.timeout = float(timeout)
        self.hello_timeout = float(hello_timeout)
        words = [w for w in command[1:] if not w.startswith("-")] or [command[0]]
        self.name = name or os.path.basename(words[0])
        self._named = name is not None
        self.cwd, self.env = cwd, env
        self.log = None if log is None else Path(log)
        self.bot_pid: int | None = None
        self._life: int | None = None  # the write end of the keeper's life pipe (botkeeper.py)
        self.proc: subprocess.Popen[bytes] | None = None
        self.hello: dict[str, Any] | None = None
        self.fault: BotFault | None = None
        self._buffer = b""
        self._game: tuple[int, int] | None = None  # (id of the game, its seat) last announced
        self._asked = 0

    # ------------------------------------------------------------------ process

    def start(self) -> None:
        """Start the process and shake hands (``hello``).

        Raises:
            BotFault: the program cannot start, or its ``hello`` is late, wrong or missing.
        """
        if self.proc is not None:
            return
        log_fd = None
        if self.log is not None:
            try:
                log_fd = os.open(self.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                words = _(WORDS["log"]).format(bot=self.name, file=visible(str(self.log)), error=os_why(exc))
                raise self._fail(None, words) from exc
        status_r, status_w = os.pipe()
        # the keeper's sign that the kit lives: the kit holds the write end until close()
        # (a SIGKILLed kit's end closes with it, and the keeper ends the bot's tree)
        life_r, self._life = os.pipe()
        log_arg = "-" if log_fd is None else str(log_fd)
        keeper = [sys.executable, "-I", str(KEEPER), str(status_w), log_arg, str(life_r), "--"]
        try:
            self.proc = subprocess.Popen(
                [*keeper, *self.command],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
                pass_fds=(status_w, life_r) if log_fd is None else (status_w, life_r, log_fd),
            )
        except OSError as exc:  # the folder cwd names is missing, say
            os.close(status_r)
            self._close_life()
            raise self._cannot_start(exc) from exc
        finally:
            os.close(status_w)
            os.close(life_r)
            if log_fd is not None:
                os.close(log_fd)
        _RUNNING.add(self)
        status = self._keeper_status(status_r)
        if status.startswith("error "):
            _word, code, why = [*status.split(" ", 2), "", ""][:3]
            failed = OSError(int(code) if code.isdigit() else 0, why.strip())
            raise self._cannot_start(failed) from None
        if not status.startswith("ok "):
            raise self._cannot_start(OSError(0, _(WORDS["no_keeper"])))
        self.bot_pid = int(status.split()[1])
        _RUNNING.add(self)
        self._send({"type": "hello", "protocol": PROTOCOL}, self.hello_timeout)
        what = pgettext("bot message", WORDS["what_hello"])
        msg = self._receive(self.hello_timeout, what)
        if msg.get("type") != "hello":
            raise self._fail(
                None, _(WORDS["wrong_type"]).format(bot=self.name, what=what, got=_said(msg.get("type")), want="hello")
            )
        if msg.get("protocol") != PROTOCOL:
            raise self._fail(
                None, _(WORDS["hello"]).format(bot=self.name, got=_said(msg.get("protocol")), want=PROTOCOL)
            )
        self.hello = msg
        given = msg.get("name")
        if not self._named and isinstance(given, str) and given.strip():
            self.name = json.dumps(given[:40], ensure_ascii=False)[1:-1]  # shown, never run or rendered

    def close(self) -> None:
        """Say ``quit`` and end the process: it has :data:`QUIT_GRACE` seconds, then it
        is terminated, then killed; it is always waited for (no zombie).  Whatever it
        started (its process group: the bot runs in a session of its own) is then sent
        SIGTERM and, if still there after the grace, SIGKILL, even when the bot itself
        left in time: no child of a bot outlives :meth:`close`."""
        proc, self.proc = self.proc, None
        if proc is None:
            self._close_life()
            return
        _RUNNING.discard(self)
        try:
            if proc.poll() is None and proc.stdin is not None:
                with contextlib.suppress(OSError):  # a full pipe or a dead bot: the signals follow
                    os.write(proc.stdin.fileno(), b'{"type": "quit"}\n')
            try:
                proc.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                # the keeper ends the whole tree: SIGTERM, QUIT_GRACE, SIGKILL (botkeeper.py)
                with contextlib.suppress(ProcessLookupError):
                    proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(QUIT_GRACE + KEEPER_MARGIN)
                except subprocess.TimeoutExpired:  # a keeper that cannot answer: its group, at least
                    _signal(proc, signal.SIGKILL)
                    proc.wait()
            _end_group(proc.pid)
        finally:
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
            self._close_life()

    def _close_life(self) -> None:
        """Let go of the keeper's life pipe (it then ends the bot's tree, if not yet done)."""
        life, self._life = self._life, None
        if life is not None:
            with contextlib.suppress(OSError):
                os.close(life)

    def __repr__(self) -> str:
        """The call that makes this bot again (as ``RandomBot(seed=None)``): its command,
        and the options that differ from their defaults."""
        words = [repr(self.command)]
        if self.timeout != 5.0:
            words.append(f"timeout={self.timeout!r}")
        if self.hello_timeout != HELLO_TIMEOUT:
            words.append(f"hello_timeout={self.hello_timeout!r}")
        if self._named:
            words.append(f"name={self.name!r}")
        if self.cwd is not None:
            words.append(f"cwd={self.cwd!r}")
        if self.env is not None:
            words.append("env={...}")
        if self.log is not None:
            words.append(f"log={str(self.log)!r}")
        return f"ProcessBot({', '.join(words)})"

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten bot leaves no process behind
        with contextlib.suppress(Exception):  # at interpreter shutdown
            self.close()

    def _cannot_start(self, exc: OSError) -> BotFault:
        """The fault of a program that cannot be started, the reason in the reader's language."""
        why = os_why(exc)  # the reason in the reader's language ("no such file or directory")
        words = _(WORDS["start"]).format(bot=self.name, command=visible(shlex.join(self.command)), error=why)
        return self._fail(None, words)

    def _keeper_status(self, fd: int) -> str:
        """The keeper's one status line (``ok PID`` or ``error ERRNO WHY``), read within
        ``hello_timeout`` seconds from the pipe ``fd`` (closed after)."""
        data = b""
        deadline = time.monotonic() + self.hello_timeout
        try:
            with selectors.DefaultSelector() as sel:
                sel.register(fd, selectors.EVENT_READ)
                while b"\n" not in data:
                    left = deadline - time.monotonic()
                    if left <= 0 or not sel.select(left):
                        break
                    chunk = os.read(fd, 512)
                    if not chunk:
                        break
                    data += chunk
        finally:
            os.close(fd)
        return data.decode("utf-8", "replace").strip()

    # ------------------------------------------------------------------ lines

    def _fail(self, rule: str | None, message: str, move: int | None = None) -> BotFault:
        """Record the fault, stop the process, and return the error to raise (naming
        the bot's log, when it has one, where its error output went)."""
        if self.log is not None and self.proc is not None:
            message = _(WORDS["log_hint"]).format(fault=message, log=visible(str(self.log)))
        fault = BotFault(rule, message, bot=self.name, move=move)
        self.fault = fault
        self.close()
        return fault

    def _send(self, msg: dict[str, Any], timeout: float | None = None, k: int | None = None) -> None:
        """Write one line to the bot within ``timeout`` seconds (default the move's):
        a bot that stops reading its input cannot hang the kit.

        Raises:
            BotFault: the line could not be written in time.
        """
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        data = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        fd = proc.stdin.fileno()
        os.set_blocking(fd, False)
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        view = memoryview(data)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while view:
                try:
                    view = view[os.write(fd, view) :]
                    continue
                except BlockingIOError:
                    pass
                except OSError:
                    return  # a dead bot: the next read says so with its exit code
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise self._fail(None, _(WORDS["deaf"]).format(bot=self.name, timeout=wait), k)

    def _receive(self, timeout: float, what: str, k: int | None = None) -> dict[str, Any]:
        """The bot's next line as a JSON object, within ``timeout`` seconds.

        Raises:
            BotFault: late, ended, too long, not UTF-8, not a JSON object.
        """
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        out: IO[bytes] = proc.stdout
        fd = out.fileno()
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) >= MAX_LINE:
                    raise self._fail(None, _(WORDS["long"]).format(bot=self.name, most=MAX_LINE, what=what), k)
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise self._fail(None, _(WORDS["late"]).format(bot=self.name, what=what, timeout=timeout), k)
                chunk = os.read(fd, MAX_LINE)
                if not chunk:  # the bot's output ended: did the bot end, or only close it?
                    try:
                        code = proc.wait(QUIT_GRACE + KEEPER_MARGIN)  # the keeper ends as the bot did
                    except subprocess.TimeoutExpired:
                        raise self._fail(None, _(WORDS["closed_out"]).format(bot=self.name, what=what), k) from None
                    if code < 0:
                        words = _(WORDS["ended_signal"]).format(bot=self.name, signal=_signal_name(-code), what=what)
                    else:
                        words = _(WORDS["ended"]).format(bot=self.name, code=code, what=what)
                    raise self._fail(None, words, k)
                self._buffer += chunk
        line, _sep, self._buffer = self._buffer.partition(b"\n")
        if len(line) >= MAX_LINE:
            raise self._fail(None, _(WORDS["long"]).format(bot=self.name, most=MAX_LINE, what=what), k)
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise self._fail(None, _(WORDS["not_utf8"]).format(bot=self.name, what=what), k) from None
        try:
            msg = strict_json(text)
        except StrictJSONError as exc:
            shown = exc.value[:40] if exc.key in ("number", "digits") else _said(exc.value)
            words = _(WORDS[exc.key]).format(
                bot=self.name, what=what, member=shown, number=shown, text=shown, most=MAX_DIGITS
            )
            raise self._fail(None, words, k) from None
        except (ValueError, RecursionError):
            msg = None
        if not isinstance(msg, dict):
            raise self._fail(None, _(WORDS["not_json"]).format(bot=self.name, what=what, line=_shown(line)), k)
        return msg

    # ------------------------------------------------------------------ the Bot interface

    def choose(self, game: Game, player: int | None = None) -> Move:
        """Ask the bot for the move of ``player`` (or of :func:`~durak_nb.bots.turn_seat`):
        it is sent that seat's :class:`~durak_nb.bots.SeatView` and its legal moves, and
        its answer is refereed by the engine.

        Raises:
            ValueError: no legal move to ask for (the game is over, or ``player`` may
                not act now).
            BotFault: the bot answered a move the rules refuse (the refusal's rule), a
                move of another seat, something that is not a move, nothing in time, or
                it died; the game is unchanged and the bot stopped.
        """
        seat = turn_seat(game) if player is None else game.seat(player)
        if self.fault is not None:
            raise BotFault(self.fault.rule, _(WORDS["stopped"]).format(bot=self.name), bot=self.name)
        sv = seat_view(game, seat)
        if not sv.legal:
            raise ValueError(f"no legal move to choose for {game.players[seat]}")
        self.start()
        names = game.players
        key = (id(game), seat)
        if self._game != key or len(game.history) < self._asked:
            self._send(
                {
                    "type": "game",
                    "rules": game.rules.to_json(list(names)),
                    "options": _options(game),
                    "players": list(names),
                    "seat": names[seat],
                }
            )
            self._game = key
        k = len(game.history)
        self._asked = k
        self._send({"type": "move", "id": k, "view": sv.to_json()}, k=k)
        what = _(WORDS["what_move"]).format(k=k)
        msg = self._receive(self.timeout, what, k)
        if msg.get("type") != "move":
            raise self._fail(
                None,
                _(WORDS["wrong_type"]).format(bot=self.name, what=what, got=_said(msg.get("type")), want="move"),
                k,
            )
        if type(msg.get("id")) is not int or msg.get("id") != k:  # JSON true is no index (bool is not int here)
            got = _said(msg.get("id"))  # as the bot wrote it, escaped
            raise self._fail(None, _(WORDS["wrong_id"]).format(bot=self.name, got=got, want=k), k)
        try:
            move = move_from_input(msg.get("move"), names)
        except ValueError as exc:
            raise self._fail(None, _(WORDS["not_move"]).format(bot=self.name, k=k, error=exc), k) from None
        if move.player != seat:
            raise self._fail(
                None, _(WORDS["other_seat"]).format(bot=self.name, k=k, who=names[move.player], me=names[seat]), k
            )
        refusal = game.why_illegal(move)
        if refusal is not None:
            raise self._fail(
                refusal.rule,
                _(WORDS["illegal"]).format(bot=self.name, k=k, move=move.describe(names), refusal=refusal.message),
                k,
            )
        return move

    def game_over(self, game: Game) -> None:
        """Tell the bot the game ended (``game_over`` with INTERCHANGE.md's ``result``);
        nothing is answered.  Does nothing for a bot never asked or stopped."""
        if self.proc is None or game.result is None:
            return
        r = game.result
        names = game.players
        result: dict[str, Any] = {"durak": None if r.durak is None else names[r.durak]}
        if r.draw:
            result["draw"] = True
        if r.losing_team is not None:
            result["losing_team"] = [names[s] for s in r.losing_team]
        self._send({"type": "game_over", "result": result})
        self._game = None
