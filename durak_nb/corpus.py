"""Self-play corpora: many bot games played in parallel, kept as recordings and as tables.

:func:`selfplay` plays ``n_games`` games between bots (any bot of :mod:`durak_nb.bots`,
by name: :func:`bot_names`) in worker processes on this machine
(:class:`concurrent.futures.ProcessPoolExecutor`) or on a Dask cluster (``dask=`` a
scheduler address or a ``distributed.Client``; ``durak-nb selfplay --dask SCHEDULER``).
Game ``i`` is dealt and played with the seed :func:`game_seed(seed, i) <game_seed>`, so a
corpus is the same whatever the number of workers, the chunk size or the cluster.

The corpus folder (``out_dir``) holds, each file written whole or not at all (a temporary
file, then a rename: a crash leaves no half file):

- ``games/games-NNNNNNN.jsonl``: the recordings, one ``durak-nb/1`` document
  (INTERCHANGE.md) per line, one file per chunk, named by its first game's number
  (:mod:`durak_nb.record.jsonlines`; ``io.load_games``, ``tables.games_frame`` and the
  replayer read them: this module registers the ``.jsonl`` reader).  Each game's
  ``meta`` names its corpus game and seed; a game of random bots on the default names
  is ``durak-nb play --seed S`` for its own seed (``meta.event``).
- ``moves.parquet``: one row per move (:data:`MOVE_TABLE_COLUMNS`), the rows of
  :func:`durak_nb.tables.moves_frame` (nothing re-derived here) with the game's number,
  the move's number and the cards a take picked up.  They are filled while each game is
  played, by moves_frame's own row builder (:class:`durak_nb.tables.MoveColumns`, fed by
  ``record_bot_game(on_step=...)``): no game is replayed, one DataFrame is made per chunk.
- ``games.parquet``: one row per game (:data:`GAME_TABLE_COLUMNS`).
- ``corpus.json``: what was asked (format ``durak-nb-corpus/1``), written last.

Both tables are read by ``pandas.read_parquet`` and by DuckDB
(``SELECT … FROM 'corpus/games.parquet'``); README "Self-play corpora" answers lesson-8
questions with both.  pyarrow (and dask for ``dask=``) are the ``corpus`` extra:
``pip install 'durak-nb[corpus]'``.

>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
>>> [n for n in ("random", "lowest_card") if n in bot_names()]
['random', 'lowest_card']
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import os
import re
import shutil
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from . import bots as _bots
from .engine import Action, Event, Game, Move, Position, Took
from .errors import DurakError
from .i18n import N_, Np_, _, pgettext
from .record.json_form import WRITE_WORDS, Recording, RecordingError, json_document, os_why, write_atomic
from .record.jsonlines import JSONL_SUFFIX, jsonl_text, read_jsonl
from .record.lexer import MAX_GAMES
from .rules import Rules
from .selfplay import (
    DASK_TIMEOUT,
    MAX_DASK_TIMEOUT,
    Step,
    play_command,
    quiet_worker,
    record_bot_game,
    seat_names,
    stop_pool,
)
from .tables import MOVE_COLUMNS, MoveColumns

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow as pa

__all__ = [
    "CORPUS_FORMAT",
    "DASK_TIMEOUT",
    "DEFAULT_CHUNK",
    "GAME_TABLE_COLUMNS",
    "MAX_CORPUS_GAMES",
    "MAX_DASK_TIMEOUT",
    "MOVE_TABLE_COLUMNS",
    "Corpus",
    "CorpusError",
    "SchedulerError",
    "bot_names",
    "game_seed",
    "make_bot",
    "play_chunk",
    "selfplay",
]

#: The ``format`` of ``corpus.json``.
CORPUS_FORMAT = "durak-nb-corpus/1"
#: Games per chunk (one task, one recordings file) unless told.
DEFAULT_CHUNK = 200
#: The most games one :func:`selfplay` call plays.
MAX_CORPUS_GAMES = 10_000_000
MANIFEST = "corpus.json"
MOVES_FILE = "moves.parquet"
GAMES_FILE = "games.parquet"
GAMES_DIR = "games"

#: Columns of ``moves.parquet``, in order; one ``hand_<name>`` column per seat follows
#: ``hand sizes`` as in :func:`~durak_nb.tables.moves_frame` (``hand_Anna`` …).  ``game``
#: (int64): the corpus game; ``move`` (int64): the move's index in its game; then
#: moves_frame's columns (``bout``, ``seat``, ``player``, ``role``, ``action``, ``cards``
#: as codes, ``target``, ``show``, the hand sizes, ``talon``, ``discard``, ``table``,
#: ``rules``: all of the position BEFORE the move), without its ``hands`` tuple and its
#: words (``text``, ``events``: the recordings have them) and its counts of cards nobody
#: saw (``unknown``, ``unknown_<name>``: a bot game's deal is known whole); ``took`` (int64): the cards
#: the defender picked up because of this move (R14: the move that ended a taken bout),
#: else 0.
MOVE_TABLE_COLUMNS: tuple[str, ...] = (
    "game",
    "move",
    *(c for c in MOVE_COLUMNS if c not in ("hands", "text", "events", "unknown")),
    "took",
)
_DROPPED = ("hands", "text", "events", "unknown")

#: Columns of ``games.parquet``, in order: ``game`` (int64), ``seed`` (int64: the deal's
#: and the bots' seed, :func:`game_seed`), ``file`` (string: the recordings file, relative
#: to the corpus), ``line`` (int64: its line there, from 1), ``preset``, ``players``
#: (int64), ``bots`` (string: per seat, ``', '``-separated), ``first_attacker`` (string)
#: and ``first_attacker_seat`` (int64: who leads the first bout, R4), ``finished``,
#: ``durak`` (string, ``<NA>`` for a draw or a team game), ``durak_seat`` (Int64),
#: ``draw``, ``epaulettes`` (bool), ``result_rule`` (R25, R22, R26 or R27), ``moves``,
#: ``bouts`` (attack moves), ``takes``, ``transfers``, ``throw_ins`` (moves of that
#: action), ``cards_taken`` (int64: every card picked up, R14).
GAME_TABLE_COLUMNS: tuple[str, ...] = (
    "game",
    "seed",
    "file",
    "line",
    "preset",
    "players",
    "bots",
    "first_attacker",
    "first_attacker_seat",
    "finished",
    "durak",
    "durak_seat",
    "draw",
    "epaulettes",
    "result_rule",
    "moves",
    "bouts",
    "takes",
    "transfers",
    "throw_ins",
    "cards_taken",
)

#: Person-facing words of this module.
WORDS = {
    "n_games": N_("the number of games must be a whole number from 1 to {limit}, not {value!r}"),
    "chunk": N_("chunk must be a whole number from 1 to {limit} (games in one recordings file), not {value!r}"),
    "workers": N_("workers must be a whole number from 0 (0 or 1: in this process) to {limit}, not {value!r}"),
    "bot": N_("no bot named {name!r}; the bots: {known}"),
    "bots_count": N_("{count} bots for {players} players: give one bot name, or one per seat"),
    "exists": N_(
        "{path} already holds a corpus (corpus.json or a table): choose another folder, or replace it"
        " (--overwrite; overwrite=True in Python)"
    ),
    "not_dir": N_("{path} exists and is not a folder"),
    "extra": N_("self-play corpora need pyarrow (and dask for a cluster): pip install 'durak-nb[corpus]'"),
    "game": N_("game {i} (seed {seed}): {error}"),
    "desc": Np_("progress bar", "games"),
    # TRANSLATORS: {address} is the scheduler's address as given; {why} one of the two sentences below
    "dask": N_("cannot reach the Dask scheduler {address}: {why}"),
    "dask_address": N_("it is not an address like tcp://host:8786"),
    # TRANSLATORS: {timeout} is a number of seconds
    "dask_late": N_("no answer within {timeout} s (is the scheduler running there?)"),
    "dask_timeout": N_("the Dask connect timeout is a number of seconds above 0 and at most {most}, not {value!r}"),
    "no_corpus": N_("{path} is not a corpus folder (its corpus.json cannot be read: {error})"),
}


class CorpusError(DurakError):
    """A corpus that cannot be made: a bad request (no rule), or a game that could not
    be played (the engine's rule, with the game's number and seed in the message)."""


class SchedulerError(CorpusError):
    """No Dask scheduler answers at the address given (:func:`selfplay`'s ``dask``):
    nobody listens there, it is not an address, or it answered too late."""


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of the corpus of ``seed``: a 63-bit number hashed from both
    (BLAKE2b), the same on every machine and in every process.

    >>> game_seed(0, 0)
    1680920178446491136
    """
    digest = hashlib.blake2b(f"durak-nb corpus {int(seed)} {int(i)}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


# ----------------------------------------------------------------------------- bots by name


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _bot_classes() -> dict[str, type]:
    """Every bot class :mod:`durak_nb.bots` exports (``__all__``), by its name in snake
    case without ``Bot`` (``LowestCardBot`` → ``lowest_card``): new bots appear here."""
    out: dict[str, type] = {}
    for attr in getattr(_bots, "__all__", ()):
        obj = getattr(_bots, attr, None)
        if (
            inspect.isclass(obj)
            and attr.endswith("Bot")
            and attr != "Bot"
            and callable(getattr(obj, "choose", None))
            and not issubclass(obj, BaseException)
        ):
            out[_snake(attr[: -len("Bot")])] = obj
    return out


def bot_names() -> list[str]:
    """The names :func:`make_bot` knows, sorted (``random``, ``lowest_card``, …)."""
    return sorted(_bot_classes())


def make_bot(name: str, seed: int) -> _bots.Bot:
    """The bot called ``name`` (:func:`bot_names`, or a name of the tournaments:
    ``lowest``, ``search-N``, see :func:`durak_nb.tournament.bot_spec`), seeded with
    ``seed`` when it takes a seed.

    Raises:
        CorpusError: no bot of that name (the known names listed).
    """
    cls = _bot_classes().get(name)
    if cls is None:
        if "=" not in name:  # the tournament's names too (lowest, search-N): one way to name a bot
            from .tournament import bot_spec

            try:
                return bot_spec(name).make(seed)
            except ValueError:
                pass
        raise CorpusError(None, _(WORDS["bot"]).format(name=name, known=", ".join(bot_names())))
    params = inspect.signature(cls).parameters
    bot: _bots.Bot = cls(seed=seed) if "seed" in params else cls()
    return bot


class _Seats:
    """One bot per seat: each moves for its own seat (the seat picked as the kit's bots
    pick it when several may act: the defender, the attacker, then clockwise)."""

    def __init__(self, bots: Sequence[_bots.Bot]) -> None:
        self.bots = list(bots)
        self._seat: Callable[[Game], int] = getattr(_bots, "turn_seat", None) or _bots.LowestCardBot._seat

    def choose(self, game: Game, player: int | None = None) -> Move:
        seat = self._seat(game) if player is None else player
        return self.bots[seat].choose(game, seat)


# ----------------------------------------------------------------------------- one chunk


@dataclass(frozen=True)
class _Spec:
    """What every game of a corpus shares (sent to the workers)."""

    preset: str
    options: dict[str, Any]
    players: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int

    def same_bot(self) -> bool:
        return len(set(self.bots)) == 1


@dataclass
class _Chunk:
    start: int
    stop: int
    text: str
    moves: pd.DataFrame
    games: pd.DataFrame


def _chunk_file(start: int) -> str:
    return f"{GAMES_DIR}/games-{start:07d}{JSONL_SUFFIX}"


def _play_one(spec: _Spec, i: int, on_step: Step | None = None) -> Recording:
    s = game_seed(spec.seed, i)
    if spec.same_bot():
        bot: _bots.Bot = make_bot(spec.bots[0], s)
    else:
        bot = _Seats([make_bot(b, game_seed(s, seat)) for seat, b in enumerate(spec.bots)])
    meta: dict[str, Any] = {"corpus_game": i, "corpus_seed": spec.seed, "seed": s, "bots": ", ".join(spec.bots)}
    if spec.bots == ("random",) * len(spec.players) and list(spec.players) == seat_names(len(spec.players)):
        meta["event"] = play_command(spec.preset, len(spec.players), s, spec.options)  # the same game
    return record_bot_game(spec.preset, list(spec.players), s, spec.options, bot=bot, meta=meta, on_step=on_step)


class _Rows:
    """The two tables' rows of a chunk, filled while its games are played: the move
    rows by :class:`~durak_nb.tables.MoveColumns` (moves_frame's own row builder) with
    ``game``, ``move`` and ``took``; one row per game.  No game is replayed."""

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        self.moves = MoveColumns(spec.players, Rules.make(spec.preset, **spec.options), drop=self.dropped(spec.players))
        self.game: list[int] = []
        self.move: list[int] = []
        self.took: list[int] = []
        self.games: list[dict[str, Any]] = []
        self._i = 0
        self._k = 0
        self._last: Position | None = None
        self._counts: dict[Action, int] = {}

    @staticmethod
    def dropped(players: Sequence[str]) -> tuple[str, ...]:
        """moves_frame's columns ``moves.parquet`` has not (:data:`MOVE_TABLE_COLUMNS`)."""
        return (*_DROPPED, *(f"unknown_{name}" for name in players))

    def start(self, i: int) -> None:
        self._i, self._k, self._last, self._counts = i, 0, None, dict.fromkeys(Action, 0)

    def step(self, before: Position, move: Move, events: Sequence[Event], after: Position) -> None:
        """One move played (:data:`durak_nb.selfplay.Step`)."""
        self.moves.add(before, move, events, after)
        self.game.append(self._i)
        self.move.append(self._k)
        self.took.append(sum(len(e.cards) for e in events if isinstance(e, Took)) if events else 0)
        self._counts[move.action] += 1
        self._k += 1
        self._last = after

    def finish(self, rec: Recording, file: str, line: int) -> None:
        """The game's row, once it is over (``file``, ``line``: where its recording is)."""
        i = self._i
        names = rec.players
        first = rec.new_game().attacker
        result = None if self._last is None else self._last.result
        durak = None if result is None else result.durak
        counts = self._counts
        self.games.append(
            {
                "game": i,
                "seed": game_seed(self.spec.seed, i),
                "file": file,
                "line": line,
                "first_attacker": None if first is None else names[first],
                "first_attacker_seat": first,
                "finished": result is not None,
                "durak": None if durak is None else names[durak],
                "durak_seat": durak,
                "draw": bool(result and result.draw),
                "epaulettes": bool(result and result.epaulettes),
                "result_rule": None if result is None else result.rule,
                "moves": len(rec.moves),
                "bouts": counts[Action.ATTACK],
                "takes": counts[Action.TAKE],
                "transfers": counts[Action.TRANSFER],
                "throw_ins": counts[Action.THROW],
                "cards_taken": sum(self.took[len(self.took) - self._k :]),
            }
        )

    def moves_frame(self) -> pd.DataFrame:
        """The chunk's ``moves.parquet`` rows, dtypes as moves_frame's."""
        index = pd.RangeIndex(len(self.game))
        return pd.DataFrame(
            {
                "game": pd.Series(self.game, index=index, dtype="int64"),
                "move": pd.Series(self.move, index=index, dtype="int64"),
                **self.moves.series(index),
                "took": pd.Series(self.took, index=index, dtype="int64"),
            },
            index=index,
        )


def play_chunk(spec: _Spec, start: int, stop: int) -> _Chunk:
    """Play games ``start..stop-1`` of the corpus ``spec`` (run in a worker process).

    Returns the recordings' text and the two tables' rows for these games, the move
    rows filled while each game is played (:class:`~durak_nb.tables.MoveColumns`, the
    rows of :func:`~durak_nb.tables.moves_frame`).

    Raises:
        CorpusError: a game could not be played (its number, seed and the rule named;
            a bot's own error by its Python name and words).
    """
    recs: list[Recording] = []
    rows = _Rows(spec)
    file = _chunk_file(start)
    for line, i in enumerate(range(start, stop), 1):
        rows.start(i)
        try:
            rec = _play_one(spec, i, rows.step)
        except DurakError as exc:
            raise CorpusError(exc.rule, _(WORDS["game"]).format(i=i, seed=game_seed(spec.seed, i), error=exc)) from exc
        except (ArithmeticError, AttributeError, LookupError, RuntimeError, TypeError, ValueError) as exc:
            # a bot's own bug (or a game without end, R27 off): said as a fault of this
            # game, not a traceback; the corpus stops (see selfplay)
            error = f"{type(exc).__name__}: {exc}"
            raise CorpusError(None, _(WORDS["game"]).format(i=i, seed=game_seed(spec.seed, i), error=error)) from exc
        rows.finish(rec, file, line)
        recs.append(rec)
    return _Chunk(start, stop, jsonl_text(recs), rows.moves_frame(), _games_frame(rows.games, spec))


_GAME_DTYPES = {
    "game": "int64",
    "seed": "int64",
    "file": "string",
    "line": "int64",
    "preset": "string",
    "players": "int64",
    "bots": "string",
    "first_attacker": "string",
    "first_attacker_seat": "Int64",
    "finished": "bool",
    "durak": "string",
    "durak_seat": "Int64",
    "draw": "bool",
    "epaulettes": "bool",
    "result_rule": "string",
    "moves": "int64",
    "bouts": "int64",
    "takes": "int64",
    "transfers": "int64",
    "throw_ins": "int64",
    "cards_taken": "int64",
}


def _games_frame(rows: list[dict[str, Any]], spec: _Spec) -> pd.DataFrame:
    for r in rows:
        r.update(preset=spec.preset, players=len(spec.players), bots=", ".join(spec.bots))
    return pd.DataFrame(
        {c: pd.Series([r[c] for r in rows], dtype=_GAME_DTYPES[c]) for c in GAME_TABLE_COLUMNS},
    )


# ----------------------------------------------------------------------------- the corpus


@dataclass
class Corpus:
    """A corpus folder (:func:`selfplay` returns one; ``Corpus(path)`` opens one).

    Attributes:
        path: the folder.
        n_games: games in it (from ``corpus.json``).
        seconds: how long :func:`selfplay` took (``None`` when opened).
        manifest: ``corpus.json`` as read.

    Raises:
        CorpusError: ``Corpus(path)`` on a folder without a readable ``corpus.json``.
    """

    path: Path
    n_games: int = 0
    seconds: float | None = None
    manifest: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        if not self.manifest:
            try:
                self.manifest = json.loads((self.path / MANIFEST).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise CorpusError(None, _(WORDS["no_corpus"]).format(path=self.path, error=exc)) from None
        self.n_games = int(self.manifest["n_games"])

    @property
    def moves_path(self) -> Path:
        """``moves.parquet`` (one row per move)."""
        return self.path / MOVES_FILE

    @property
    def games_path(self) -> Path:
        """``games.parquet`` (one row per game)."""
        return self.path / GAMES_FILE

    def moves(self, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """``moves.parquet`` as a DataFrame (only ``columns`` when given)."""
        return pd.read_parquet(self.moves_path, columns=None if columns is None else list(columns))

    def games(self) -> pd.DataFrame:
        """``games.parquet`` as a DataFrame."""
        return pd.read_parquet(self.games_path)

    def files(self) -> list[Path]:
        """The recordings files, in game order."""
        return sorted((self.path / GAMES_DIR).glob(f"games-*{JSONL_SUFFIX}"))

    def recordings(self) -> Iterator[Recording]:
        """Every game as a :class:`Recording`, in game order, one file at a time."""
        for f in self.files():
            yield from read_jsonl(f)

    def size(self) -> int:
        """Bytes of every file of the corpus."""
        return sum(p.stat().st_size for p in self.path.rglob("*") if p.is_file())


def _whole(value: object, what: str, limit: int, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= limit:
        raise CorpusError(None, _(WORDS[what]).format(limit=limit, value=value))
    return value


def _spec(
    preset: str | Rules, players: Sequence[str] | int, bots: str | Sequence[str], seed: int, options: Mapping[str, Any]
) -> _Spec:
    if isinstance(preset, Rules):
        shown = preset.to_json()
        opts = {} if isinstance(shown, str) else {k: v for k, v in shown.items() if k != "preset"}
        name = preset.preset
    else:
        name, opts = preset, {}
    opts.update(options)
    names = tuple(seat_names(players))
    Rules.make(name, **opts).check_players(len(names))  # RulesError now, not in a worker
    wanted = (bots,) * len(names) if isinstance(bots, str) else tuple(bots)
    if len(wanted) == 1:
        wanted = wanted * len(names)
    if len(wanted) != len(names):
        raise CorpusError(None, _(WORDS["bots_count"]).format(count=len(wanted), players=len(names)))
    for b in wanted:
        make_bot(b, 0)  # an unknown name is refused here
    return _Spec(name, dict(opts), names, wanted, int(seed))


def _arrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - the corpus extra is installed in the tests
        raise CorpusError(None, _(WORDS["extra"])) from None
    return pa, pq


class _TableFile:
    """A Parquet file written row group by row group into a temporary file, renamed
    into place by :meth:`close` (a crash leaves no half file under the real name)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmp = path.with_name(f".{path.name}.partial-{os.getpid()}")
        self.writer: Any = None
        self.schema: pa.Schema | None = None

    def _cannot(self, exc: OSError) -> RecordingError:
        """The write error as the record layer says it (the table's name, the OS's words)."""
        return RecordingError(_(WRITE_WORDS["cannot"]).format(why=os_why(exc)), file=str(self.path), whole=True)

    def write(self, df: pd.DataFrame) -> None:
        """Append ``df`` as a row group.

        Raises:
            RecordingError: the file cannot be written (a full disk: pyarrow's OSError).
        """
        pa, pq = _arrow()
        table = pa.Table.from_pandas(df, schema=self.schema, preserve_index=False)
        try:
            if self.writer is None:
                self.schema = table.schema
                self.writer = pq.ParquetWriter(self.tmp, table.schema, compression="zstd")
            self.writer.write_table(table)
        except OSError as exc:
            raise self._cannot(exc) from None

    def close(self) -> None:
        """Finish the file and rename it into place.

        Raises:
            RecordingError: it cannot be written.
        """
        if self.writer is not None:
            try:
                self.writer.close()
                os.replace(self.tmp, self.path)
            except OSError as exc:
                raise self._cannot(exc) from None

    def abandon(self) -> None:
        """Drop the temporary file (a full disk may refuse even the closing: no matter)."""
        if self.writer is not None:
            with contextlib.suppress(OSError):
                self.writer.close()
        self.tmp.unlink(missing_ok=True)


def _prepare(out: Path, overwrite: bool, *, make: bool = True) -> None:
    """Check that ``out`` may hold a new corpus and, with ``make``, empty it of an old one
    (``overwrite``) and make its games folder."""
    if out.exists() and not out.is_dir():
        raise CorpusError(None, _(WORDS["not_dir"]).format(path=out))
    held = [out / MANIFEST, out / MOVES_FILE, out / GAMES_FILE]
    if any(p.exists() for p in held) or (out / GAMES_DIR).exists():
        if not overwrite:
            raise CorpusError(None, _(WORDS["exists"]).format(path=out))
        if not make:
            return
        for p in held:
            p.unlink(missing_ok=True)
        shutil.rmtree(out / GAMES_DIR, ignore_errors=True)
    if make:
        (out / GAMES_DIR).mkdir(parents=True, exist_ok=True)


def _local_results(spec: _Spec, bounds: list[tuple[int, int]], workers: int) -> Iterator[_Chunk]:
    """Chunks in order; at most ``2 * workers`` in flight (memory stays bounded)."""
    if workers == 1:
        for a, b in bounds:
            yield play_chunk(spec, a, b)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=quiet_worker) as pool:
        pending: deque[Future[_Chunk]] = deque()
        todo = iter(bounds)
        try:
            for a, b in todo:
                pending.append(pool.submit(play_chunk, spec, a, b))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                done = pending.popleft().result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append(pool.submit(play_chunk, spec, *nxt))
                yield done
        except BaseException:  # Ctrl-C, a failed game, the reader gone: no chunk under way is waited for
            stop_pool(pool)
            raise


def _dask_client(dask: Any, timeout: float) -> tuple[Any, bool]:
    """The ``distributed.Client`` of ``dask`` (a scheduler address, connected within
    ``timeout`` seconds, or a client given) and whether it is ours to close.

    Raises:
        CorpusError: distributed is missing.
        SchedulerError: no scheduler answers at the address (nobody listens, it is not
            an address, it times out).
    """
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - the corpus extra is installed in the tests
        raise CorpusError(None, _(WORDS["extra"])) from None
    if isinstance(dask, Client):
        return dask, False
    connect: Any = Client  # distributed has no type hints
    try:
        return connect(dask, timeout=timeout), True
    except Exception as exc:  # OSError (timed out, refused), ValueError (no port), ... from distributed
        if isinstance(exc, ValueError | TypeError):
            why = _(WORDS["dask_address"])
        else:
            why = _(WORDS["dask_late"]).format(timeout=f"{timeout:g}")
        raise SchedulerError(None, _(WORDS["dask"]).format(address=repr(str(dask)), why=why)) from None


def _dask_results(spec: _Spec, bounds: list[tuple[int, int]], client: Any, own: bool) -> Iterator[_Chunk]:
    """Chunks in order from a Dask cluster (its ``distributed.Client``, closed at the end
    when ``own``); at most twice the cluster's threads in flight."""
    try:
        window = max(2, 2 * sum(client.nthreads().values()))
        pending: deque[Any] = deque()
        todo = iter(bounds)
        for a, b in todo:
            pending.append(client.submit(play_chunk, spec, a, b, pure=False))
            if len(pending) >= window:
                break
        while pending:
            fut = pending.popleft()
            done = fut.result()
            fut.release()
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(client.submit(play_chunk, spec, *nxt, pure=False))
            yield done
        for fut in pending:  # pragma: no cover - only after an error
            fut.cancel()
    finally:
        if own:
            client.close()


def selfplay(
    n_games: int,
    preset: str | Rules = "podkidnoy",
    players: Sequence[str] | int = 2,
    bots: str | Sequence[str] = "random",
    seed: int = 0,
    out_dir: str | Path = "corpus",
    *,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    dask: Any = None,
    chunk: int = DEFAULT_CHUNK,
    progress: bool | None = None,
    overwrite: bool = False,
    dask_timeout: float = DASK_TIMEOUT,
) -> Corpus:
    """Play ``n_games`` bot games and write them as a corpus in ``out_dir`` (module doc).

    Args:
        n_games: games to play, 1 to :data:`MAX_CORPUS_GAMES`.
        preset: a preset name (``podkidnoy``, ``perevodnoy`` …) or a :class:`Rules`.
        players: names in seat order, or a count (the default names, R2).
        bots: one bot name for every seat, or one per seat (:func:`bot_names`).
        seed: the corpus's seed; game ``i`` uses :func:`game_seed(seed, i) <game_seed>`.
        out_dir: the corpus folder (made if missing).
        options: rule options on top of the preset (RULES.md names).
        workers: processes on this machine (default: the CPU count); 0 or 1 plays in
            this process.  Ignored with ``dask``.
        dask: a Dask scheduler address (``"tcp://host:8786"``) or a
            ``distributed.Client``: the chunks run on its workers (which need durak-nb
            installed).
        chunk: games per task and per recordings file, 1 to
            :data:`~durak_nb.record.lexer.MAX_GAMES`.  The tables do not depend on it.
        progress: a tqdm progress bar (default: when more than one chunk).
        overwrite: replace a corpus already in ``out_dir``.
        dask_timeout: seconds to reach the scheduler of a ``dask`` address (above 0, at
            most :data:`MAX_DASK_TIMEOUT`); it is reached before any folder is made.

    Returns:
        The :class:`Corpus`.

    Raises:
        CorpusError: a bad count, chunk, worker count or bot name, ``out_dir`` already
            holds a corpus, pyarrow is missing, or a game failed (its number and seed named).
            A bot's fault in one game (an error it raised, a move the engine refused)
            stops the whole corpus, by choice (issue 23): a corpus is a sample of
            games between the named bots, and one skipped silently would bias it; the
            error names the game and its seed so the game replays alone
            (``record_bot_game(preset, players, seed)``), no table and no manifest are
            written, and the recordings files written before it stay as evidence.
        SchedulerError: no Dask scheduler answers at ``dask`` within ``dask_timeout``
            (a :class:`CorpusError`; nothing is made then).
        KeyboardInterrupt: Ctrl-C; the recordings files and folders this call made are
            removed again (after a failed game its whole recordings files stay; never a
            table or a manifest).
        RulesError: unknown preset or option, or a player count R2 forbids.
        RecordingError: a file could not be written (a full disk, a read-only folder),
            the file named; as after Ctrl-C, what this call wrote is removed again.
    """
    t0 = time.perf_counter()
    n = _whole(n_games, "n_games", MAX_CORPUS_GAMES)
    size = _whole(chunk, "chunk", MAX_GAMES)
    if workers is not None:
        workers = max(1, _whole(workers, "workers", 1 << 16, low=0))  # 0 as the tournament's: none
    spec = _spec(preset, players, bots, seed, options or {})
    if isinstance(dask_timeout, bool) or not isinstance(dask_timeout, int | float):
        raise TypeError(f"selfplay: dask_timeout is a number of seconds, not {dask_timeout!r}")
    if not 0 < dask_timeout <= MAX_DASK_TIMEOUT:
        raise CorpusError(None, _(WORDS["dask_timeout"]).format(most=MAX_DASK_TIMEOUT, value=dask_timeout))
    _arrow()
    out = Path(out_dir)
    _prepare(out, overwrite, make=False)  # a refusal before connecting
    made = [p for p in (out, out / GAMES_DIR) if not p.exists()]  # removed again if the run stops
    bounds = [(a, min(a + size, n)) for a in range(0, n, size)]
    if dask is not None:
        client, own = _dask_client(dask, float(dask_timeout))  # before any folder is made
        try:
            _prepare(out, overwrite)
        except BaseException:
            if own:
                client.close()
            raise
        results = _dask_results(spec, bounds, client, own)
    else:
        _prepare(out, overwrite)
        results = _local_results(spec, bounds, workers or os.cpu_count() or 1)
    from tqdm.auto import tqdm

    show_bar = progress if progress is not None else len(bounds) > 1
    bar = tqdm(total=n, desc=pgettext("progress bar", WORDS["desc"]), unit="game", disable=not show_bar)
    moves, games = _TableFile(out / MOVES_FILE), _TableFile(out / GAMES_FILE)
    written: list[Path] = []
    try:
        for got in results:
            written.append(out / _chunk_file(got.start))
            write_atomic(written[-1], got.text)
            moves.write(got.moves)
            games.write(got.games)
            bar.update(got.stop - got.start)
        moves.close()
        games.close()
    except BaseException as exc:  # no table and no manifest: never a half corpus
        close = getattr(results, "close", None)
        if close is not None:
            close()  # the workers stopped now, not when the generator is collected
        moves.abandon()
        games.abandon()
        if isinstance(exc, KeyboardInterrupt | RecordingError):
            # the user stopped it, or a file could not be written (a full disk): nothing
            # is left written (whole recordings files without their tables are no corpus)
            _remove(written, made)
        raise  # a failed game: the whole recordings files before it stay, as evidence
    finally:
        bar.close()
    manifest = {
        "format": CORPUS_FORMAT,
        "n_games": n,
        "preset": spec.preset,
        "options": spec.options,
        "players": list(spec.players),
        "bots": list(spec.bots),
        "seed": spec.seed,
        "chunk": size,
        "game_seed": "blake2b-64('durak-nb corpus {seed} {i}') >> 1",
    }
    try:
        write_atomic(out / MANIFEST, json_document(manifest, str(out / MANIFEST)))
    except RecordingError:  # the tables without the manifest are no corpus either
        _remove([*written, out / MOVES_FILE, out / GAMES_FILE], made)
        raise
    return Corpus(out, n, time.perf_counter() - t0, manifest)


def _remove(files: Sequence[Path], folders: Sequence[Path]) -> None:
    """Remove ``files`` and then the empty ``folders`` (deepest first) a stopped run made."""
    for p in files:
        with contextlib.suppress(OSError):
            p.unlink(missing_ok=True)
    for folder in reversed(folders):
        with contextlib.suppress(OSError):  # a folder someone else filled meanwhile stays
            folder.rmdir()
