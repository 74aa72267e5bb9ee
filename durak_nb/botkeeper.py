"""The keeper of an outside bot's processes (docs/bot-protocol.md "Processes").

:class:`~durak_nb.botproto.ProcessBot` does not start a bot's program itself: it starts
this small program (``python -I botkeeper.py STATUS_FD LOG LIFE_FD -- COMMAND...``, run as a
file, so it imports nothing of the kit and starts in a few tens of milliseconds), which
starts the bot as its child, on the same standard input and output, and stays its
parent until the bot and everything it started have ended.

On Linux the keeper is a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): a process
the bot starts that leaves the process group or the session (``setsid``, a double
fork) is still re-parented to the keeper, never to ``init``, so the keeper finds it by
walking ``/proc`` from itself and ends it.  Elsewhere (macOS, the BSDs: no subreaper
for an unprivileged process) it ends the bot's process group only, and a process that
left it is out of reach: the documented limit.

The keeper ends the tree (SIGTERM to every process in it, :data:`GRACE` seconds, then
SIGKILL until none is left, each one waited for) when the bot itself has ended, or when
it gets SIGTERM (from :meth:`ProcessBot.close`), and then exits as the bot did: the
bot's exit code, or the bot's signal raised on itself, so the kit sees what the bot did.

``STATUS_FD`` is a pipe to the kit: the keeper writes ``ok <pid>\\n`` once the bot runs,
or ``error <errno> <strerror>\\n`` when the command cannot be started, then closes it.
``LOG`` is the number of an open file descriptor (the kit's log file, opened for
appending) that becomes the bot's standard error, or ``-`` for none.  ``LIFE_FD`` is the
read end of a pipe whose write end only the kit holds and never writes: it reads as
ended when the kit has ended in any way (SIGKILL included, where no handler of the kit
runs), and the keeper then ends the tree as for SIGTERM, so no bot outlives the kit.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
import threading
import time

#: Seconds the processes of the tree have, after SIGTERM, before SIGKILL.
GRACE = 1.0
#: ``prctl`` option of Linux: make this process the subreaper of its descendants.
PR_SET_CHILD_SUBREAPER = 36


class _Stop(Exception):
    """SIGTERM reached the keeper: end the tree now."""


def subreaper() -> bool:
    """Make this process the subreaper of its descendants (Linux); ``False`` where the
    system gives no way (then only the bot's process group can be ended)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def descendants(root: int) -> list[int]:
    """Every living (not zombie) process below ``root``, read from ``/proc``."""
    children: dict[int, list[int]] = {}
    alive: set[int] = set()
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid, state, ppid = int(entry), fields[0], int(fields[1])
        children.setdefault(ppid, []).append(pid)
        if state != "Z":
            alive.add(pid)
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return [p for p in found if p in alive]


def _reap(bot: int, status: list[int]) -> None:
    """Wait for every ended child (the bot's own status kept in ``status``)."""
    while True:
        try:
            pid, st = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid == bot:
            status.append(st)


def _signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


def end_tree(bot: int, status: list[int], reaper: bool) -> None:
    """SIGTERM to every process of the tree, up to :data:`GRACE` seconds, then SIGKILL
    until none is left, each child waited for (with ``reaper``; else the bot's process
    group, the keeper's, gets SIGTERM while the bot runs, and the kit ends what is left
    of the group after the keeper has exited)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM: already ending
    me = os.getpid()
    if not reaper:  # the bot's process group (the keeper's) only; the kit ends it after
        if not status:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(os.getpgid(0), signal.SIGTERM)  # the keeper ignores it now
            deadline = time.monotonic() + GRACE
            while not status and time.monotonic() < deadline:
                _reap(bot, status)
                time.sleep(0.01)
            if not status:
                _signal_all([bot], signal.SIGKILL)
                with contextlib.suppress(ChildProcessError):
                    status.append(os.waitpid(bot, 0)[1])
        return
    _signal_all(descendants(me), signal.SIGTERM)
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline:
        _reap(bot, status)
        if not descendants(me):
            break
        time.sleep(0.01)
    for _round in range(10_000):  # a bound: each round kills what it finds, forks included
        left = descendants(me)
        _reap(bot, status)
        if not left:
            break
        _signal_all(left, signal.SIGKILL)
        time.sleep(0.005)
    _reap(bot, status)


def _exit_as(status: list[int]) -> None:
    """Exit as the bot did: its exit code, or its signal raised on the keeper itself."""
    if not status:
        os._exit(1)
    st = status[0]
    if os.WIFSIGNALED(st):
        sig = os.WTERMSIG(st)
        with contextlib.suppress(OSError, ValueError):  # SIGKILL, SIGSTOP have no handler to reset
            signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        time.sleep(1)
        os._exit(128 + sig)
    os._exit(os.WEXITSTATUS(st) if os.WIFEXITED(st) else 1)


def _watch_the_kit(life_fd: int) -> None:
    """Wait (in a thread) until the pipe ``life_fd`` reads as ended (the kit is gone,
    or closed its end), then SIGTERM this keeper: the tree ends as on
    :meth:`~durak_nb.botproto.ProcessBot.close`."""

    def watch() -> None:
        with contextlib.suppress(OSError):
            while os.read(life_fd, 512):
                pass  # the kit writes nothing; anything written is not a sign of life's end
        with contextlib.suppress(OSError):
            os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="kit-watch", daemon=True).start()


def main(argv: list[str]) -> None:
    """``botkeeper.py STATUS_FD LOG LIFE_FD -- COMMAND...`` (see the module's text).  The
    keeper asks nothing of the system but ``prctl``, ``fork``/``exec``, ``waitpid``,
    signals, a pipe and ``/proc``; it never reads what the bot writes."""
    status_fd, log, life = int(argv[0]), argv[1], int(argv[2])
    command = argv[4:]
    reaper = subreaper()

    def stop(_sig: int, _frame: object) -> None:
        raise _Stop

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _watch_the_kit(life)
    try:
        err = int(log) if log != "-" else subprocess.DEVNULL
        proc = subprocess.Popen(command, stdin=0, stdout=1, stderr=err, close_fds=True)
        if log != "-":
            os.close(int(log))
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.write(status_fd, f"error {exc.errno or 0} {exc.strerror or type(exc).__name__}\n".encode())
        os._exit(127)
    except _Stop:
        os._exit(1)
    bot = proc.pid
    status: list[int] = []
    try:
        # the bot holds the pipes now: the keeper lets go of them, so that the kit reads
        # the end of the bot's output when the bot closes it
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.write(status_fd, f"ok {bot}\n".encode())
        os.close(status_fd)
        while not status:
            try:
                pid, st = os.waitpid(-1, 0)
            except ChildProcessError:
                break
            if pid == bot:
                status.append(st)
    except _Stop:
        pass
    except OSError:
        pass
    end_tree(bot, status, reaper)
    _exit_as(status)


if __name__ == "__main__":
    main(sys.argv[1:])
