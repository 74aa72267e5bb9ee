"""Games between bots, recorded: the one home of ``durak-nb play``'s game.

:func:`record_bot_game` deals a game (R3, R4), lets a bot play every seat until the
game ends (R25, R27) and returns it as a :class:`~durak_nb.record.Recording`; given
``path``, it also writes the game move by move to a crash-safe journal
(:class:`~durak_nb.record.recorder.Recorder`).  Both ways play the same moves for the
same seed, the moves of ``durak-nb play --seed S``.

>>> rec = record_bot_game("podkidnoy", 2, 7)
>>> rec.players, rec.result, rec.meta["event"]
(('Anna', 'Boris'), {'durak': 'Boris'}, 'durak-nb play --preset podkidnoy --players 2 --seed 7')
>>> len(rec.moves) == len(rec.replay().history)
True
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .bots import MAX_MOVES, Bot, RandomBot
from .checks import players_arg
from .engine import Event, Game, Move, Position
from .i18n import _
from .record import Recording
from .record.json_form import check_players
from .record.recorder import Recorder, deal_of
from .rules import Rules

__all__ = ["NAMES", "Step", "play_command", "quiet_worker", "record_bot_game", "seat_names", "stop_pool"]

#: What ``on_step`` of :func:`record_bot_game` is called with after each move: the
#: position before the move, the move (as the game's history holds it), the events it
#: caused and the position after it.
Step = Callable[[Position, Move, Sequence[Event], Position], None]

#: Seconds :func:`durak_nb.corpus.selfplay` waits by default to reach a Dask scheduler, and the
#: most it may be given (here, not in :mod:`~durak_nb.corpus`, so that the command line's help
#: reads them without importing pandas)
DASK_TIMEOUT = 10.0
MAX_DASK_TIMEOUT = 600.0
#: Default names for bot games, in seat order.
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya")


def quiet_worker() -> None:
    """The initializer of a worker process (tournament, self-play): Ctrl-C (SIGINT,
    sent to the terminal's whole process group) is left to the parent, which stops
    the pool (:func:`stop_pool`) and says so once (``durak-nb``: "interrupted; nothing
    written"), instead of every worker printing its own traceback; SIGTERM (the
    parent's stop) closes the worker's outside bots (:func:`durak_nb.botproto.close_all`:
    no process left behind) and ends the worker at once, its task unfinished."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)


def _stopped(_sig: int, _frame: object) -> None:
    """A worker's SIGTERM: its outside bots closed, then the process ends (status 1)."""
    import sys

    botproto = sys.modules.get("durak_nb.botproto")
    if botproto is not None:
        with contextlib.suppress(Exception):
            botproto.close_all()
    os._exit(1)


def stop_pool(pool: Any) -> None:
    """Stop a :class:`concurrent.futures.ProcessPoolExecutor` whose workers began with
    :func:`quiet_worker` at once (Ctrl-C, an error): the tasks not begun are cancelled,
    the workers are sent SIGTERM (a task under way is not waited for), and the pool is
    shut down, its processes waited for."""
    import signal

    processes = dict(getattr(pool, "_processes", None) or {})  # CPython's pool keeps them there
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes.values():
        if proc.is_alive():
            with contextlib.suppress(OSError, ValueError):
                os.kill(proc.pid, signal.SIGTERM)
    for proc in processes.values():
        proc.join(5)
        if proc.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            proc.kill()
            proc.join()


def seat_names(players: Sequence[str] | int) -> list[str]:
    """The players' names: ``players`` itself, or for a count the first of
    :data:`NAMES` (``P1``, ``P2`` … past eight players).

    >>> seat_names(3), seat_names(["Ann", "Bob"])
    (['Anna', 'Boris', 'Vera'], ['Ann', 'Bob'])
    """
    if isinstance(players, int) and not isinstance(players, bool):
        return list(NAMES[: max(players, 0)]) if players <= len(NAMES) else [f"P{i + 1}" for i in range(players)]
    return players_arg(players, "seat_names")  # the engine's check: a str is one name, not a list (N6)


def play_command(preset: str, players: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """The ``durak-nb play`` command that makes this bot game again (``meta.event``).

    >>> play_command("podkidnoy", 4, 3, {"teams": [[0, 2], [1, 3]]})
    "durak-nb play --preset podkidnoy --players 4 --seed 3 --option 'teams=[[0,2],[1,3]]'"
    """
    words = ["durak-nb", "play", "--preset", preset, "--players", str(players), "--seed", str(seed)]
    for name, value in (options or {}).items():
        text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
        words += ["--option", shlex.quote(f"{name}={text}")]
    return " ".join(words)


def _rules(rules: Rules | str, options: Mapping[str, Any] | None) -> tuple[Rules, dict[str, Any]]:
    """The rules and the options that differ from their preset (for the command)."""
    if isinstance(rules, str):
        opts = dict(options or {})
        return Rules.make(rules, **opts), opts
    r = rules.replace(**options) if options else rules
    shown = r.to_json()
    return r, ({} if isinstance(shown, str) else {k: v for k, v in shown.items() if k != "preset"})


def record_bot_game(
    rules: Rules | str = "podkidnoy",
    players: Sequence[str] | int = 2,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    bot: Bot | None = None,
    path: str | Path | None = None,
    max_moves: int | None = None,
    meta: Mapping[str, Any] | None = None,
    on_move: Callable[[int, Move], None] | None = None,
    on_step: Step | None = None,
    overwrite: bool = False,
    fsync: bool = True,
) -> Recording:
    """A game between bots, dealt with ``random.Random(seed)`` (R3), as a :class:`Recording`.

    Args:
        rules: a preset name or a :class:`Rules`.
        players: names in clockwise seat order, or a count (names from :data:`NAMES`).
        seed: the seed of the shuffle and of the default bot (``None``: a fresh shuffle).
        options: rule options on top of ``rules`` (RULES.md names, e.g. ``first_bout_limit``).
        bot: the player of every seat (default ``RandomBot(seed)``, as ``durak-nb play``).
        path: also write the game, move by move, to this journal
            (:meth:`Recorder.create`; ``overwrite`` and ``fsync`` as there).
        max_moves: stop after this many moves (the game is left unfinished).
        meta: the recording's ``meta``; default: for a game ``durak-nb play`` makes
            again (random bots, a seed, the default names) its command in ``event``
            and ``"bots": "random"`` (a game cut short by ``max_moves`` is the
            beginning of that game), else nothing.
        on_move: called with (index, move) after each move is played (and written).
        on_step: called with (position before, move, events, position after) after each
            move (:data:`Step`): what a table of the moves needs, without replaying the
            game (:mod:`durak_nb.corpus`); one :class:`Position` is made per move.

    Returns:
        The recording, with ``result`` when the game is over (R25).

    Raises:
        TypeError: ``players`` is a str, not a list of names (as :meth:`Game.deal`).
        RulesError: unknown preset or option, a bad value, or a player count R2 forbids.
        SetupError: the deal breaks R1–R4 or R22.
        RecordingError: names the readers refuse (R2: blank, too long, repeated), as
            :meth:`Recorder.create` (with ``path``), or a failed write.
        RuntimeError: no end after :data:`durak_nb.bots.MAX_MOVES` moves (R27 off).
    """
    r, opts = _rules(rules, options)
    if isinstance(players, int) and not isinstance(players, bool):
        r.check_players(players)  # a count R2 forbids (0, -3) is refused before any name is made
    names = seat_names(players)
    check_players(names, "<self-play>" if path is None else str(path))  # the readers' one name check (N5)
    r.check_players(len(names))
    if meta is None:  # the command that makes it again, when there is one
        again = bot is None and names == seat_names(len(names))
        meta = (
            {"event": play_command(r.preset, len(names), seed, opts), "bots": "random"}
            if again and seed is not None
            else {}
        )
    chooser = bot if bot is not None else RandomBot(seed)
    if path is not None:
        with Recorder.create(path, r, names, seed=seed, meta=meta, overwrite=overwrite, fsync=fsync) as recorder:
            _play_out(recorder.game, recorder.play, chooser, max_moves, on_move, on_step)
            return recorder.recording()
    game = Game.deal(r, names, seed=seed)
    rec = Recording(rules=r, players=tuple(names), deal=deal_of(game), meta=dict(meta))
    _play_out(game, game.play, chooser, max_moves, on_move, on_step)
    rec.moves = list(game.history)
    if game.finished:
        rec.result = rec.result_json(game)
    return rec


def _play_out(
    game: Game,
    play: Callable[[Move], Sequence[Event]],
    bot: Bot,
    max_moves: int | None,
    on_move: Callable[[int, Move], None] | None,
    on_step: Step | None = None,
) -> None:
    """Let ``bot`` choose every move of ``game``, played with ``play``, until the end."""
    bound = MAX_MOVES if max_moves is None else max_moves
    if on_step is None:
        while not game.finished and len(game.history) < bound:
            play(bot.choose(game))
            if on_move is not None:
                on_move(len(game.history) - 1, game.history[-1])
    else:
        before = game.position()
        while not game.finished and len(game.history) < bound:
            events = play(bot.choose(game))
            after = game.position()
            on_step(before, game.history[-1], events, after)  # the history's move: a redeal with its deck (R5)
            if on_move is not None:
                on_move(len(game.history) - 1, game.history[-1])
            before = after
    if not game.finished and max_moves is None:
        raise RuntimeError(_("no end after {n} moves (is repetition_draw off? R27)").format(n=MAX_MOVES))
