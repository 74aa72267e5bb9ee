"""pandas tables of recorded games: one row per move, or one row per game file.

:func:`moves_frame` turns one game into a :class:`pandas.DataFrame` with a row per move
of the main line; :func:`games_frame` turns a folder (or a list) of recordings into a
frame with a row per game.  Every value comes from the engine: the positions before and
after each move (:meth:`~durak_nb.record.Recording.steps`, :class:`~durak_nb.replay.Replay`),
the events each move caused and the game's :class:`~durak_nb.engine.Result`; nothing here
decides a rule again.  pandas is imported here only, never by the engine core.

Files are read through :func:`load_recordings`, which picks a reader by the file's
suffix in :mod:`durak_nb.record.io`'s one registry (``.json``: the ``durak-nb/1`` JSON
form or a match; ``.durak.jsonl``: a recorder journal; ``.durak``: the text notation);
:func:`register_loader` (io's, re-exported) adds more.

>>> from durak_nb.record import Recording
>>> doc = {"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"],
...        "start": {"hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]}, "talon": [], "trump": "H",
...                  "discard": ["6H", "6D", "6C", "7H", "7D", "7C", "8S", "8H", "8D", "8C",
...                              "9S", "9H", "9D", "9C", "TS", "TH", "TD", "TC", "JS", "JH", "JD", "JC",
...                              "QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AD", "AC"],
...                  "attacker": "Anna", "first_bito_done": True},
...        "moves": [{"player": "Anna", "action": "attack", "cards": ["6S"]},
...                  {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"},
...                  {"player": "Anna", "action": "pass"}]}
>>> df = moves_frame(Recording.from_json(doc))
>>> cols = ["player", "role", "action", "cards", "target", "hand_Anna", "hand_Boris", "rules"]
>>> print(df[cols].to_string(index_names=False))
  player      role  action cards target  hand_Anna  hand_Boris            rules
0   Anna  attacker  attack    6S   <NA>          2           1               R9
1  Boris  defender  defend    7S     6S          1           1               R6
2   Anna  attacker    pass         <NA>          1           0  R12 R15 R24 R25
>>> print(df.loc[2, "events"])
bito: 6♠ 7♠ to the discard (R15); Boris is out (R24); game over: Anna is the durak
"""

from __future__ import annotations

import functools
import json
import operator
import os
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from .engine import Action, Event, Move, Position
from .explain import move_rules
from .i18n import _, ngettext
from .record import io
from .record.json_form import Recording, RecordingError
from .replay import Replay, card_codes, event_rows, replay_rows
from .rules import Rules
from .unseen import PartialDeal

__all__ = [
    "ACTIONS",
    "GAME_COLUMNS",
    "MOST_WORKERS",
    "MOVE_COLUMNS",
    "PARALLEL_THRESHOLD",
    "PROGRESS_THRESHOLD",
    "ROLES",
    "MoveColumns",
    "event_rows",
    "games_frame",
    "load_recording",
    "load_recordings",
    "move_rules",
    "moves_frame",
    "pool_context",
    "readable",
    "register_loader",
    "replay_rows",
]

#: The categories of the ``role`` column, in this order.
ROLES: tuple[str, ...] = ("attacker", "defender", "thrower")
#: The categories of the ``action`` column (INTERCHANGE.md's actions), in this order.
ACTIONS: tuple[str, ...] = tuple(a.value for a in Action)
#: :func:`games_frame` shows a progress bar by itself for more files than this.
PROGRESS_THRESHOLD = 20
#: :func:`games_frame` reads files in worker processes only when there are at least
#: this many (fewer are read sooner than processes start).
PARALLEL_THRESHOLD = 200
#: The most worker processes :func:`games_frame` starts by itself (``workers=None``).
MOST_WORKERS = 8

#: The fixed columns of :func:`moves_frame`, in order; one ``hand_<name>`` column per
#: seat follows ``hands``, one ``unknown_<name>`` column per seat follows ``unknown``.
MOVE_COLUMNS: tuple[str, ...] = (
    "bout",
    "seat",
    "player",
    "role",
    "action",
    "cards",
    "target",
    "show",
    "hands",
    "unknown",
    "talon",
    "discard",
    "table",
    "rules",
    "text",
    "events",
)

#: The columns of :func:`games_frame`, in order.
GAME_COLUMNS: tuple[str, ...] = (
    "file",
    "game",
    "ok",
    "error",
    "title",
    "preset",
    "options",
    "players",
    "names",
    "partial",
    "first_attacker",
    "finished",
    "unknown",
    "durak",
    "draw",
    "epaulettes",
    "losing_team",
    "result_rule",
    "bouts",
    "moves",
    "transfers",
    "takes",
    "throw_ins",
)

# ----------------------------------------------------------------------------- reading files

#: A reader (:data:`durak_nb.record.io.Loader`): a path in; out one :class:`Recording`,
#: a sequence of them (a match), or an object holding one in its ``recording`` attribute.
Loader = io.Loader

#: :func:`durak_nb.record.io.register_loader`, re-exported: the one registry of readers
#: by suffix, shared by these tables, the replayer, the command line and ``io.load_games``.
register_loader = io.register_loader


def readable(path: str | Path) -> bool:
    """Whether :func:`load_recordings` has a reader for ``path``'s suffix
    (:func:`durak_nb.record.io.loader_for`; the file itself is not opened)."""
    return io.loader_for(path) is not None


def load_recordings(path: str | Path) -> list[Recording]:
    """Every game in the file at ``path``, read by the reader for its suffix
    (:func:`durak_nb.record.io.load_games`).

    Args:
        path: a ``.json`` file (the ``durak-nb/1`` JSON form, or a JSON array of such
            documents: a match), a ``.durak`` file (the text notation), a
            ``.durak.jsonl`` recorder journal, or a file of a suffix given to
            :func:`register_loader`.

    Returns:
        The recordings, in file order (one for a single game, several for a match).

    Raises:
        RecordingError: no reader for this suffix (unlike ``io.load_games``, which
            reads any other name as JSON), or the reader's own error for a file that
            cannot be read.
    """
    p = Path(path)
    if not readable(p):
        known = ", ".join(io.suffixes())
        raise RecordingError(_("no reader for this kind of file (readable: {known})").format(known=known), file=str(p))
    return io.load_games(p)


def load_recording(path: str | Path) -> Recording:
    """The one game in the file at ``path`` (see :func:`load_recordings`).

    Raises:
        RecordingError: as :func:`load_recordings`, or the file holds several games.
    """
    recs = load_recordings(path)
    if len(recs) != 1:
        words = ngettext(
            "the file holds {n} game; read it with load_recordings()",
            "the file holds {n} games; read it with load_recordings()",
            len(recs),
        )
        raise RecordingError(words.format(n=len(recs)), file=str(path))
    return recs[0]


# ----------------------------------------------------------------------------- one game


@dataclass(frozen=True)
class _Step:
    before: Position
    move: Move
    events: tuple[Event, ...]
    after: Position
    unknown: tuple[int, ...]  #: per seat, the cards nobody saw before the move


def _partial(rec: Recording) -> bool:
    """An over-the-board recording (INTERCHANGE.md): a deal nobody saw whole."""
    deal: object = rec.deal
    return isinstance(deal, PartialDeal)


def _steps(source: Recording | Replay) -> Iterator[_Step]:
    if isinstance(source, Recording) and _partial(source):
        source = Replay(source, variations=False)  # what is known (Replay.seen, masked draws), never a witness's
    if isinstance(source, Replay):
        for k in range(len(source)):
            yield _Step(
                source.position(k), source.move(k), source.events(k), source.position(k + 1), source.seen(k).unknown
            )
        return
    before = source.new_game().position()
    none = (0,) * len(before.hands)
    for game, move, events in source.steps():
        after = game.position()
        yield _Step(before, move, tuple(events), after, none)
        before = after


def _source(recording_or_replay: Recording | Replay | str | Path) -> tuple[Recording, Recording | Replay]:
    if isinstance(recording_or_replay, Replay):
        return recording_or_replay.recording, recording_or_replay
    if isinstance(recording_or_replay, Recording):
        return recording_or_replay, recording_or_replay
    rec = load_recording(recording_or_replay)
    return rec, rec


def moves_frame(recording_or_replay: Recording | Replay | str | Path) -> pd.DataFrame:
    """One game as a DataFrame, one row per move of the main line.

    Args:
        recording_or_replay: a :class:`~durak_nb.record.Recording`, a
            :class:`~durak_nb.replay.Replay`, or the path of a file
            :func:`load_recording` reads.

    Returns:
        A frame indexed by the 0-based move index (index name ``move``).  Every
        position column describes the position BEFORE the move (as ``role`` does);
        the last move's consequences are in ``events`` and ``rules``.  Columns:

        - ``bout`` (int64): the bout number before the move (1 for the first bout).
        - ``seat`` (int64): the mover's seat, 0-based, clockwise.
        - ``player`` (category; categories: the names in seat order): the mover.
        - ``role`` (category: attacker, defender, thrower): the mover's role before the
          move: the bout's attacker for R12 (after a transfer, the transferring
          player, R17), the defender (a transferring defender is ``defender``), else a
          thrower.
        - ``action`` (category: attack, throw, transfer, defend, take, pass, redeal).
        - ``cards`` (string): the card codes laid, shown or used to cover, joined by
          spaces (``'7S 7H'``); ``''`` for take, pass and redeal.
        - ``target`` (string): the attack card covered (defend), else ``<NA>``.
        - ``show`` (bool): a shown-trump transfer (R20).
        - ``hands`` (object): a tuple of every seat's hand size, in seat order.
        - ``hand_<name>`` (int64): one column per seat, named after the player
          (``hand_Anna``), right after ``hands``.
        - ``unknown`` (object): a tuple of every seat's number of cards nobody saw
          (an over-the-board game, INTERCHANGE.md: its hands are known in part,
          :meth:`Replay.seen <durak_nb.replay.Replay.seen>`; all 0 in a full-deck
          game), and ``unknown_<name>`` (int64) one column per seat right after it.
          ``hands`` counts every card, known or not.
        - ``talon``, ``discard``, ``table`` (int64): the talon's size (the turned-up
          trump included), the discard's size, the number of cards on the table
          (attack and defence cards).
        - ``rules`` (string): the rule ids behind the move and its events, sorted,
          space-separated (:func:`move_rules`), e.g. ``'R11 R12 R13 R14'``.
        - ``text`` (string): the move in words (``'Boris covers 7S with 9S'``).
        - ``events`` (string): the events it caused in words, ``'; '``-separated, or ``''``
          (over the board, a draw names only the cards known and counts the others).

    Raises:
        RecordingError: the file cannot be read, or a move is illegal (index and rule
            id named).
    """
    rec, source = _source(recording_or_replay)
    columns = MoveColumns(rec.players, rec.rules)
    for step in _steps(source):
        columns.add(step.before, step.move, step.events, step.after, step.unknown)
    return columns.frame(pd.RangeIndex(len(columns), name="move"))


#: The role of a mover (``role`` column) by ``ROLES`` index.
_ATTACKER, _DEFENDER, _THROWER = range(3)
#: The ``action`` column's category index of each action.
_ACTION_CODE = {a: k for k, a in enumerate(Action)}


class MoveColumns:
    """The columns of :func:`moves_frame`, filled one move at a time: the one home of
    what a move's row holds, shared by :func:`moves_frame` (one game) and the self-play
    corpus's ``moves.parquet`` (:mod:`durak_nb.corpus`: many games, filled while they
    are played, with no replay).

    Args:
        players: the names in seat order (the ``player`` categories, the ``hand_<name>``
            and ``unknown_<name>`` columns).
        rules: the game's :class:`~durak_nb.rules.Rules` (the ``rules`` column,
            :func:`~durak_nb.explain.move_rules`).
        drop: column names (of :attr:`columns`) not to build, e.g. ``("text",
            "events")``: a dropped column costs nothing.

    Attributes:
        columns: the names of the columns built, in :func:`moves_frame`'s order.

    Raises:
        ValueError: ``drop`` names a column :func:`moves_frame` has not.

    >>> from durak_nb.engine import Game
    >>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    >>> cols = MoveColumns(g.players, g.rules, drop=("hands", "unknown", "unknown_Anna", "unknown_Boris"))
    >>> before = g.position()
    >>> move = g.legal_moves()[0]
    >>> cols.add(before, move, g.play(move), g.position())
    >>> print(cols.frame()[["player", "role", "action", "cards", "hand_Boris", "rules"]].to_string())
      player      role  action cards  hand_Boris rules
    0  Boris  attacker  attack    8D           6    R9
    """

    def __init__(self, players: Sequence[str], rules: Rules, *, drop: Iterable[str] = ()) -> None:
        names = tuple(players)
        self.names = names
        self.rules = rules
        every: list[str] = []
        for col in MOVE_COLUMNS:
            every.append(col)
            if col == "hands":
                every.extend(f"hand_{name}" for name in names)
            elif col == "unknown":
                every.extend(f"unknown_{name}" for name in names)
        dropped = set(drop)
        unknown = dropped.difference(every)
        if unknown:
            raise ValueError(f"MoveColumns: no column {sorted(unknown)!r} (columns: {every})")
        self.columns: tuple[str, ...] = tuple(c for c in every if c not in dropped)
        kept = set(self.columns)
        self._kept = kept
        self._data: dict[str, list[Any]] = {c: [] for c in self.columns}
        self._per_seat: list[list[int]] = [[] for _ in names]
        self._unknown_per_seat: list[list[int]] = [[] for _ in names]
        #: (seat, its column's list) of the hand_<name> and unknown_<name> columns built
        self._hand_lists = [(s, self._per_seat[s]) for s, name in enumerate(names) if f"hand_{name}" in kept]
        self._unknown_lists = [
            (s, self._unknown_per_seat[s]) for s, name in enumerate(names) if f"unknown_{name}" in kept
        ]
        self._move_codes: dict[Move, tuple[int, str, str | None]] = {}  # a move's action code, cards, target
        self._words: dict[Move, str] = {}
        self._none = (0,) * len(names)
        self._n = 0

    def __len__(self) -> int:
        """The rows added."""
        return self._n

    def add(
        self,
        before: Position,
        move: Move,
        events: Sequence[Event],
        after: Position,
        unknown: Sequence[int] | None = None,
    ) -> None:
        """Add the row of one played move.

        Args:
            before: the position before the move; ``after``: the position after it.
            move: the move (legal: the engine played it).
            events: the events it caused (:meth:`Game.play <durak_nb.engine.Game.play>`'s answer).
            unknown: per seat, the cards nobody saw before the move (an over-the-board
                game, :meth:`Replay.seen <durak_nb.replay.Replay.seen>`); ``None``: all known.
        """
        d, kept = self._data, self._kept
        seat = move.player
        hands = before.hands
        self._n += 1
        if "bout" in kept:
            d["bout"].append(before.bout)
        if "seat" in kept:
            d["seat"].append(seat)
        if "player" in kept:
            d["player"].append(seat)  # a category code: the categories are the names in seat order
        if "role" in kept:
            d["role"].append(
                _ATTACKER if seat == before.attacker else _DEFENDER if seat == before.defender else _THROWER
            )
        codes = self._move_codes.get(move)
        if codes is None:
            target = move.target
            codes = self._move_codes[move] = (
                _ACTION_CODE[move.action],
                card_codes(move.cards),
                None if target is None else target.code,
            )
        if "action" in kept:
            d["action"].append(codes[0])
        if "cards" in kept:
            d["cards"].append(codes[1])
        if "target" in kept:
            d["target"].append(codes[2])
        if "show" in kept:
            d["show"].append(move.show)
        if "hands" in kept:
            d["hands"].append(tuple(len(h) for h in hands))
        for s, sizes in self._hand_lists:
            sizes.append(len(hands[s]))
        seen = self._none if unknown is None else tuple(unknown)
        if "unknown" in kept:
            d["unknown"].append(seen)
        for s, counts in self._unknown_lists:
            counts.append(seen[s])
        if "talon" in kept:
            d["talon"].append(len(before.talon))
        if "discard" in kept:
            d["discard"].append(len(before.discard))
        if "table" in kept:
            table = before.table
            d["table"].append(2 * len(table) - [cover for _attack, cover in table].count(None))
        if "rules" in kept:
            d["rules"].append(" ".join(move_rules(move, before, events, after, self.rules)))
        if "text" in kept:
            text = self._words.get(move)
            if text is None:
                text = self._words[move] = move.describe(self.names)  # a move's words are its own (Moves are values)
            d["text"].append(text)
        if "events" in kept:
            d["events"].append("; ".join(e.describe(self.names) for e in events))

    def series(self, index: pd.Index | None = None) -> dict[str, pd.Series[Any]]:
        """The columns as Series (dtypes as :func:`moves_frame` documents), by name, in
        :attr:`columns` order; ``index``: theirs (default a ``RangeIndex``)."""
        if index is None:
            index = pd.RangeIndex(self._n)
        hand = {f"hand_{name}": s for s, name in enumerate(self.names)}
        unknown = {f"unknown_{name}": s for s, name in enumerate(self.names)}
        out: dict[str, pd.Series[Any]] = {}
        for col in self.columns:
            series: pd.Series[Any]
            if col in hand:
                series = pd.Series(self._per_seat[hand[col]], index=index, dtype="int64")
            elif col in unknown:
                series = pd.Series(self._unknown_per_seat[unknown[col]], index=index, dtype="int64")
            elif col in ("player", "role", "action"):
                categories = {"player": list(self.names), "role": list(ROLES), "action": list(ACTIONS)}[col]
                dtype = pd.CategoricalDtype(categories)
                series = pd.Series(pd.Categorical.from_codes(self._data[col], dtype=dtype), index=index)
            elif col in ("cards", "target", "rules", "text", "events"):
                series = pd.Series(self._data[col], index=index, dtype="string")
            elif col == "show":
                series = pd.Series(self._data[col], index=index, dtype="bool")
            elif col in ("hands", "unknown"):
                series = pd.Series(self._data[col], index=index, dtype="object")
            else:
                series = pd.Series(self._data[col], index=index, dtype="int64")
            out[col] = series
        return out

    def frame(self, index: pd.Index | None = None) -> pd.DataFrame:
        """The columns as a DataFrame (:meth:`series`)."""
        index = pd.RangeIndex(self._n) if index is None else index
        return pd.DataFrame(self.series(index), index=index)


# ----------------------------------------------------------------------------- many games


@functools.lru_cache(maxsize=64)
def _options_text(rules: Rules, names: tuple[str, ...]) -> str:
    spec = rules.to_json(names)
    if isinstance(spec, str):
        return ""
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in spec.items() if k != "preset")


def _summary(rec: Recording) -> dict[str, Any]:
    """The columns known without replaying."""
    names = tuple(rec.players)
    title = rec.meta.get("title")
    return {
        "title": title if isinstance(title, str) else None,
        "preset": rec.rules.preset,
        "options": _options_text(rec.rules, names),
        "players": len(names),
        "names": ", ".join(names),
        "partial": _partial(rec),
    }


def _game_row(rec: Recording) -> dict[str, Any]:
    """Replay ``rec`` and summarise it; an illegal move or a written result that
    disagrees with the replay makes the row not ok (``error`` set)."""
    names = tuple(rec.players)
    row = _summary(rec)
    first = rec.new_game()
    row["first_attacker"] = None if first.attacker is None else names[first.attacker]
    try:
        game = rec.replay(first)  # played on ``first``: dealt once
    except RecordingError as exc:
        row.update(ok=False, error=exc.format())
        return row
    counts = Counter(map(_ACTION_OF, rec.moves))
    result = game.result
    row.update(
        ok=True,
        error=None,
        finished=result is not None,
        durak=None if result is None or result.durak is None else names[result.durak],
        draw=bool(result and result.draw),
        epaulettes=bool(result and result.epaulettes),
        losing_team=None
        if result is None or result.losing_team is None
        else ", ".join(names[s] for s in result.losing_team),
        result_rule=None if result is None else result.rule,
        bouts=counts.get(Action.ATTACK, 0),
        moves=len(rec.moves),
        transfers=counts.get(Action.TRANSFER, 0),
        takes=counts.get(Action.TAKE, 0),
        throw_ins=counts.get(Action.THROW, 0),
    )
    row["unknown"] = _unknown_at_end(rec) if row["partial"] else 0
    try:
        rec.check_result(game)
    except RecordingError as exc:
        row.update(ok=False, error=exc.format())
    return row


_ACTION_OF = operator.attrgetter("action")


def _unknown_at_end(rec: Recording) -> int:
    """How many cards in the hands and the talon nobody saw after the last move of an
    over-the-board recording (:meth:`Replay.seen <durak_nb.replay.Replay.seen>`)."""
    replay = Replay(rec, variations=False)
    seen = replay.seen(len(replay))
    return sum(seen.unknown) + sum(1 for c in seen.talon if c is None)


def _file_rows(path: Path) -> list[dict[str, Any]]:
    try:
        recs = load_recordings(path)
    except Exception as exc:  # every reader error becomes an error row
        return [{"file": str(path), "game": None, "ok": False, "error": _error_text(exc, path)}]
    rows = []
    for k, rec in enumerate(recs):
        try:
            row = _game_row(rec)
        except Exception as exc:  # a set-up or engine error becomes an error row
            row = {**_summary(rec), "ok": False, "error": _error_text(exc, path)}
        rows.append({"file": str(path), "game": k, **row})
    return rows


def _error_text(exc: BaseException, path: Path) -> str:
    if isinstance(exc, RecordingError):
        return exc.format()
    # TRANSLATORS: {kind} is the Python name of the error (ValueError), kept as it is
    return _("{file}: error: {kind}: {text}").format(file=path, kind=type(exc).__name__, text=exc)


def _files(paths_or_folder: str | Path | Iterable[str | Path]) -> list[Path]:
    if isinstance(paths_or_folder, str | Path):
        p = Path(paths_or_folder)
        if p.is_dir():
            return sorted((f for f in p.iterdir() if f.is_file() and readable(f)), key=lambda f: f.name)
        return [p]
    return [Path(x) for x in paths_or_folder]


_GAME_DTYPES: dict[str, str] = {
    "file": "string",
    "game": "Int64",
    "ok": "bool",
    "error": "string",
    "title": "string",
    "options": "string",
    "players": "Int64",
    "names": "string",
    "partial": "boolean",
    "first_attacker": "string",
    "finished": "boolean",
    "unknown": "Int64",
    "durak": "string",
    "draw": "boolean",
    "epaulettes": "boolean",
    "losing_team": "string",
    "result_rule": "string",
    "bouts": "Int64",
    "moves": "Int64",
    "transfers": "Int64",
    "takes": "Int64",
    "throw_ins": "Int64",
}


def _cpu_count() -> int:
    """The CPUs this process may run on (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def _worker_count(workers: int | None, files: int) -> int:
    """How many worker processes :func:`games_frame` uses for ``files`` files: 1 (read
    here, in this process) where processes cannot start (Pyodide, JupyterLite: no
    processes; inside a daemonic process: no children) or are not worth it (fewer than
    :data:`PARALLEL_THRESHOLD` files), or where a reader registered here cannot be sent
    to them (one that does not pickle, such as a lambda: the workers are started fresh,
    :func:`pool_context`, and know only what they are sent)."""
    if workers is None:
        workers = min(_cpu_count(), MOST_WORKERS)
    elif isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"games_frame: workers must be a whole number from 1, or None, not {workers!r}")
    if workers == 1 or files < PARALLEL_THRESHOLD or sys.platform in ("emscripten", "wasi"):
        return 1
    try:
        import multiprocessing

        if multiprocessing.current_process().daemon:
            return 1
    except (ImportError, OSError, ValueError, RuntimeError):
        return 1
    if io._LOADERS and _sent_loaders() is None:
        return 1
    return min(workers, files // (PARALLEL_THRESHOLD // 2))


def pool_context() -> Any:
    """The :mod:`multiprocessing` context :func:`games_frame`'s workers start in, chosen
    explicitly (never the platform's default): ``forkserver`` where the system has it
    (POSIX), else ``spawn``.  Both start each worker from a fresh process, safe when
    this one runs threads (``fork`` copies their locks half-held, and Python 3.12 warns
    of it); the workers import :mod:`durak_nb.tables` (the forkserver once, before
    forking them) and are sent the caller's language and registered readers.

    Raises:
        ImportError, ValueError: :mod:`multiprocessing` has neither method here.
    """
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload([__name__])  # imported once by the forkserver (until it starts), not per worker
    return ctx


def _sent_loaders() -> dict[str, Any] | None:
    """The readers given to :func:`register_loader` as the workers are sent them, or
    ``None`` when one does not pickle (a lambda, a function inside a function)."""
    import pickle

    loaders = dict(io._LOADERS)
    try:
        pickle.dumps(loaders)
    except Exception:  # pickle raises PicklingError, AttributeError, TypeError … for what it cannot send
        return None
    return loaders


def _start_worker(lang: str, loaders: dict[str, Any] | None = None) -> None:
    """A worker process of :func:`games_frame` speaks the language of the caller and
    reads with the caller's registered readers."""
    from .i18n import set_language

    set_language(lang)
    for suffix, loader in (loaders or {}).items():
        io.register_loader(suffix, loader)


def _rows_of_files(paths: list[str]) -> list[dict[str, Any]]:
    """The rows of ``paths`` (:func:`_file_rows`), in a worker process."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        rows.extend(_file_rows(Path(path)))
    return rows


def _parallel_rows(files: list[Path], workers: int, bar: Any) -> list[dict[str, Any]]:
    """The rows of ``files`` in order, read by ``workers`` processes in chunks
    (:class:`concurrent.futures.ProcessPoolExecutor`); the chunks no process could
    read (the processes would not start, or one died) are read here: the same rows."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from .i18n import get_language

    size = max(PARALLEL_THRESHOLD // 8, -(-len(files) // (workers * 32)))  # small: the last ones end together
    chunks = [files[i : i + size] for i in range(0, len(files), size)]
    rows: list[dict[str, Any]] = []
    done = 0
    try:
        context = pool_context()
        initargs = (get_language(), _sent_loaders())
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=initargs) as pool:
            for got in pool.map(_rows_of_files, [[str(f) for f in chunk] for chunk in chunks]):
                rows.extend(got)
                if bar is not None:
                    bar.update(len(chunks[done]))
                done += 1
    except (BrokenProcessPool, OSError, NotImplementedError, ImportError, ValueError):
        pass  # no processes here (or one died): the rest is read in this process
    for chunk in chunks[done:]:
        for path in chunk:
            rows.extend(_file_rows(path))
            if bar is not None:
                bar.update(1)
    return rows


def games_frame(
    paths_or_folder: str | Path | Iterable[str | Path],
    *,
    progress: bool | None = None,
    workers: int | None = None,
) -> pd.DataFrame:
    """A folder (or list) of recordings as a DataFrame, one row per game.

    Args:
        paths_or_folder: a folder (every file in it, not its subfolders, that
            :func:`readable` accepts, sorted by name: ``.json``, ``.durak``,
            ``.durak.jsonl`` and registered suffixes), one file, or an iterable of file paths (read
            whatever their suffix; an unreadable one becomes an error row).
        progress: ``None`` shows a :mod:`tqdm.auto` progress bar when there are more
            than :data:`PROGRESS_THRESHOLD` files; ``True`` always; ``False`` never.
        workers: how many processes read the files (:mod:`concurrent.futures`, in
            chunks, the rows kept in file order): ``None`` (the default) as many as
            this process has CPUs, at most :data:`MOST_WORKERS`; ``1`` reads every file
            in this process.  The files are read in this process anyway where there
            are fewer than :data:`PARALLEL_THRESHOLD`, where processes cannot start
            (Pyodide and JupyterLite, a daemonic process, or the processes fail to
            start) and where a reader given to :func:`register_loader` cannot be sent
            to them (it does not pickle: a lambda).  The workers start fresh
            (:func:`pool_context`: ``forkserver``, else ``spawn``; never ``fork``,
            unsafe beside threads), so a script that calls this with workers keeps its
            work under ``if __name__ == "__main__":``, as every such program does
            (a notebook needs nothing).  The frame is the same whichever way it was
            read, errors included.

    Returns:
        A frame with a default integer index and the columns (in this order, see
        :data:`GAME_COLUMNS`):

        - ``file`` (string): the path as found or given.
        - ``game`` (Int64): the game's 0-based index in its file (0 unless the file
          holds a match); ``<NA>`` when the file could not be read.
        - ``ok`` (bool): the file was read, replayed, and its written result (if any)
          agrees with the replay.  ``error`` (string): why not, as
          ``FILE:LINE:COL: error: [RULE] message``, else ``<NA>``.
        - ``title`` (string): ``meta.title``, or ``<NA>``.
        - ``preset`` (category), ``options`` (string: the options that differ from
          the preset's defaults, ``name=value`` with JSON values, ``', '``-separated,
          ``''`` for none), ``players`` (Int64: the count), ``names`` (string: seat
          order, ``', '``-separated), ``partial`` (boolean: an over-the-board game,
          a deal nobody saw whole, INTERCHANGE.md), ``first_attacker`` (string: who
          leads the first bout of the recording, R4).
        - ``finished`` (boolean), ``unknown`` (Int64: the cards in the hands and the
          talon nobody saw after the last move, :meth:`Replay.seen
          <durak_nb.replay.Replay.seen>`; 0 for a full-deck game), ``durak`` (string, ``<NA>`` for a draw, a team game
          or an unfinished one), ``draw``, ``epaulettes`` (boolean), ``losing_team``
          (string, R22), ``result_rule`` (string: R25, R22, R26 or R27).
        - ``bouts`` (Int64: bouts led, i.e. attack moves), ``moves`` (Int64: the main
          line's moves), ``transfers``, ``takes``, ``throw_ins`` (Int64: moves of that
          action; a throw-in of two cards counts once).

        Columns the replay decides are ``<NA>`` where the file could not be read or
        holds an illegal move (the columns read from the header stay filled).

    Never raises for a bad file: every exception a reader or the replay raises
    becomes a row with ``ok`` False.

    Raises:
        ValueError: ``workers`` is not ``None`` nor a whole number from 1.
    """
    files = _files(paths_or_folder)
    show = progress if progress is not None else len(files) > PROGRESS_THRESHOLD
    count = _worker_count(workers, len(files))
    rows: list[dict[str, Any]] = []
    if count > 1:
        bar = None
        if show:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(files), desc="recordings", unit="file", disable=False)
        try:
            rows = _parallel_rows(files, count, bar)
        finally:
            if bar is not None:
                bar.close()
    else:
        iterable: Iterable[Path] = files
        if show:
            from tqdm.auto import tqdm

            iterable = tqdm(files, desc="recordings", unit="file", disable=False)
        for path in iterable:
            rows.extend(_file_rows(path))
    columns: dict[str, pd.Series[Any]] = {}
    presets = sorted({r["preset"] for r in rows if r.get("preset") is not None})
    for col in GAME_COLUMNS:
        values = [r.get(col) for r in rows]
        if col == "preset":
            columns[col] = pd.Series(pd.Categorical(values, categories=presets))
        else:
            columns[col] = pd.Series(values, dtype=_GAME_DTYPES[col])
    return pd.DataFrame(columns, index=pd.RangeIndex(len(rows)))
