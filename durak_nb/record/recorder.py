"""Record a live game move by move to a JSON Lines journal that survives a crash.

A journal (``*.durak.jsonl``, UTF-8) is the ``durak-nb/1`` JSON form of
INTERCHANGE.md cut into lines:

- line 1, the *head*: ``{"format": "durak-nb/1", "rules": …, "players": […],
  "deal": {…}`` (or ``"start": {…}``) ``, "meta": {…}}``;
- every later line either one move object of the JSON form
  (``{"player": "Anna", "action": "attack", "cards": ["7S"]}``) or an annotation:
  ``{"comment": TEXT, "move": k}`` (a comment after move ``k``, 0-based),
  ``{"comment": TEXT, "before": 0}`` (before the first move: a game-level comment)
  or ``{"glyph": "!?", "move": k}``;
- for a live over-the-board game (a ``deal`` without ``deck``, INTERCHANGE.md
  "Over-the-board recordings", :class:`~durak_nb.unseen.PartialDeal`), also: a move line
  may carry ``"implied": true`` (a pass nobody said, filled in by :mod:`durak_nb.implied`,
  R12); ``{"undo": k}`` takes back moves ``k`` and after (with their annotations and the
  refills seen after them); ``{"draw": {"after": k, "player": NAME, "cards": [...]}}`` is
  a refill someone saw, added to the head's ``deal.draws`` (its entry form).  An undo
  or a refill is a line of its own, so that the journal stays append-only.

Every line is written whole (``os.write`` on the file descriptor: no buffer to flush,
short writes are continued) and then ``fsync``-ed before
:meth:`Recorder.play` returns, so a killed process or kernel loses at most the line
in flight.  **A line counts only once its newline is written**: a last line without
its newline is *torn* (the move that was being written when the process died).
Reading drops it and says so (:attr:`Recorder.torn`, a :class:`JournalWarning`),
never silently; any other line that cannot be read is a :class:`RecordingError`
naming its line.  Blank lines are ignored.  A journal is exported through
:meth:`Recorder.recording`, a :class:`Recording` (JSON form, notation): comments go
to ``meta.comments`` / ``meta.comments_before``, glyphs to ``meta.glyphs``.

>>> import tempfile, os
>>> from durak_nb.engine import Move
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "lesson.durak.jsonl")
>>> with Recorder.create(path, "podkidnoy", ["Anna", "Boris"], seed=1) as rec:
...     rec.play(Move.attack(1, "8D"))
...     rec.comment("Boris leads his lowest card")
...     rec.play(Move.defend(0, "AD", "8D"))
[]
[]
>>> print(open(path, encoding="utf-8").read().split("\\n", 1)[1], end="")
{"player": "Boris", "action": "attack", "cards": ["8D"]}
{"comment": "Boris leads his lowest card", "move": 0}
{"player": "Anna", "action": "defend", "card": "AD", "target": "8D"}
>>> with Recorder.open(path) as rec:        # a later session continues the game
...     len(rec.game.history), rec.recording().meta
(2, {'comments': {'0': 'Boris leads his lowest card'}})
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import os
import stat
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType
from typing import Any

from ..cards import Card, Suit
from ..checks import players_arg
from ..engine import Action, Event, Game, IllegalMove, Move
from ..i18n import _, ngettext
from ..rules import Rules
from ..unseen import PartialDeal, PartialGame, SeenDraw
from . import jsonio
from .annotations import move_to_json
from .base import RecordingWarning
from .json_form import (
    FORMAT,
    MAX_BYTES,
    MAX_MOVES,
    NOT_REGULAR,
    Deal,
    Recording,
    RecordingError,
    Start,
    check_players,
    os_why,
    read_bytes,
)

if sys.platform != "win32":  # POSIX: one recorder per journal at a time (Windows has no flock)
    import fcntl

__all__ = [
    "GLYPHS",
    "Journal",
    "JournalWarning",
    "Recorder",
    "TornLine",
    "deal_of",
    "read_journal",
]

#: The annotation glyphs a move may carry (docs/notation.md, ``meta.glyphs``).
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")

#: How many bytes the recorder reads at a time when it checks the journal before a write.
_CHUNK = 1 << 20

#: The end of a recorder journal's name: the readers (``record.io``, ``Replay.load``,
#: the command line) tell a journal by it.
JOURNAL_SUFFIX = ".durak.jsonl"

_HEAD_KEYS = {"format", "rules", "players", "deal", "start", "meta"}
#: The member of a move line that marks a pass nobody said (R12, :mod:`durak_nb.implied`).
IMPLIED = "implied"


def _history(game: Game | PartialGame) -> list[Move]:
    """The moves played: :attr:`Game.history`, or a partial game's ``moves``."""
    return game.history if isinstance(game, Game) else game.moves


def _live(rec: Recording) -> Game | PartialGame:
    """The live game after every move of ``rec``: an engine game, or for a deal nobody
    saw whole the :class:`~durak_nb.unseen.PartialGame` (never its witness).

    Raises:
        RecordingError: an illegal move (its index and rule).
    """
    if isinstance(rec.deal, PartialDeal):
        return rec.partial_game()
    return rec.replay()


def _result_json(rec: Recording, game: Game | PartialGame) -> dict[str, Any]:
    """``rec.result_json`` of a game of either kind (it reads only ``result``)."""
    return rec.result_json(game)  # type: ignore[arg-type]


_ANNOTATION_KEYS = ("comments", "comments_before", "glyphs")


class JournalWarning(UserWarning):
    """Issued when reading a journal drops a torn last line (see :class:`TornLine`)."""


@dataclass(frozen=True)
class TornLine:
    """The torn last line of a journal: bytes after the last newline, dropped on reading.

    Attributes:
        line: its 1-based line number.
        offset: the byte offset where it starts (the journal is cut back to it).
        data: the dropped bytes, kept so that nothing is lost without a trace.
    """

    line: int
    offset: int
    data: bytes

    @property
    def size(self) -> int:
        """How many bytes were dropped."""
        return len(self.data)

    def warning(self, file: str) -> RecordingWarning:
        """The doubt a reader of the journal ``file`` is told (``durak-nb validate`` prints
        it, and exits 0): the line dropped, the moves before it kept."""
        message = ngettext(
            "line {line} is torn (written only in part when the recording stopped): its {n} byte was "
            "dropped, the moves before it are kept",
            "line {line} is torn (written only in part when the recording stopped): its {n} bytes were "
            "dropped, the moves before it are kept",
            self.size,
        ).format(line=self.line, n=self.size)
        return RecordingWarning(message, file=file, line=self.line, column=1)

    def describe(self, file: str) -> str:
        """One sentence for people, e.g. ``g.jsonl: line 5 is torn …: dropped 17 bytes``."""
        shown = self.data[:60].decode("utf-8", "replace")
        more = "…" if len(self.data) > 60 else ""
        # TRANSLATORS: {shown} is the start of the dropped bytes as text, {more} is "…" or nothing
        return ngettext(
            "{file}: line {line} is torn (written only in part when the recording stopped): "
            "dropped its {n} byte {shown!r}{more}",
            "{file}: line {line} is torn (written only in part when the recording stopped): "
            "dropped its {n} bytes {shown!r}{more}",
            self.size,
        ).format(file=file, line=self.line, n=self.size, shown=shown, more=more)


@dataclass
class _Annotations:
    """Annotation lines in journal order: ``(kind, move, text)`` with kind one of
    ``'comment'``, ``'before'``, ``'glyph'``."""

    items: list[tuple[str, int, str]]

    def apply(self, meta: dict[str, Any]) -> dict[str, Any]:
        """``meta`` (copied) with the annotations merged in; several comments on one
        move are joined with a newline, a later glyph replaces an earlier one."""
        out = copy.deepcopy(meta)
        for kind, k, text in self.items:
            key = {"comment": "comments", "before": "comments_before", "glyph": "glyphs"}[kind]
            table: dict[str, str] = out.setdefault(key, {})
            old = table.get(str(k))
            table[str(k)] = text if old is None or kind == "glyph" else f"{old}\n{text}"
        return out


@dataclass(frozen=True)
class Journal:
    """A journal as read from disk by :func:`read_journal` (the file is not changed).

    Attributes:
        recording: the recording: head, every complete move line, annotations in ``meta``,
            ``result`` when the game is over.
        game: the live game after every move.
        torn: the dropped last line, or ``None``.
        size: the byte length of the complete lines (where a torn line starts).
        lines: how many complete, non-blank lines there are (head included).
        head_meta: the head line's ``meta``, before the annotation lines are merged in.
        annotations: the annotation lines in order, as ``(kind, move, text)`` with kind
            ``'comment'`` (after the move), ``'before'`` (before move 0) or ``'glyph'``.
        implied: the indices of the moves written as implied passes (R12).

    Reading a journal that a live recorder is still writing is safe: it sees the
    moves written so far (perhaps with a torn line in flight, reported, not cut).
    """

    recording: Recording
    game: Game | PartialGame
    torn: TornLine | None
    size: int
    lines: int
    head_meta: dict[str, Any]
    annotations: list[tuple[str, int, str]]
    implied: tuple[int, ...] = field(default=())


def _check_meta(meta: object, file: str, line: int) -> dict[str, Any]:
    if not isinstance(meta, dict):
        raise RecordingError(_("'meta' must be an object"), file=file, line=line)
    for key in _ANNOTATION_KEYS:
        value = meta.get(key)
        if value is not None and not (
            isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
        ):
            raise RecordingError(_("meta.{key} must map move indices to text").format(key=key), file=file, line=line)
    try:
        jsonio.encode(meta, max_depth=jsonio.MAX_NESTING - 1)  # the head line holds it one deeper
    except ValueError as exc:  # what the journal's reader would refuse (jsonio.decode)
        raise RecordingError(_("'meta' must be plain JSON data: {why}").format(why=exc), file=file, line=line) from exc
    return meta


def _annotation(obj: dict[str, Any], moves: int, file: str, line: int) -> tuple[str, int, str]:
    """Check one annotation line, written after ``moves`` moves."""

    def fail(msg: str) -> RecordingError:
        return RecordingError(msg, file=file, line=line)

    if "comment" in obj:
        text = obj["comment"]
        if not isinstance(text, str):
            raise fail(_("a comment is text"))
        if set(obj) == {"comment", "before"}:
            if obj["before"] != 0 or isinstance(obj["before"], bool):
                raise fail(_('a comment before a move is {{"comment": TEXT, "before": 0}} (before the first move)'))
            return "before", 0, text
        kind = "comment"
    else:
        text = obj["glyph"]
        if text not in GLYPHS:
            raise fail(_("glyph {glyph!r}: use one of {glyphs}").format(glyph=text, glyphs=" ".join(GLYPHS)))
        kind = "glyph"
    if set(obj) != {kind, "move"}:
        raise fail(_('an annotation line is {{"{kind}": …, "move": k}}, with no other member').format(kind=kind))
    k = obj["move"]
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < moves:
        raise fail(
            ngettext(
                "'move': {k!r} is not one of the {n} moves written before this line (0-based)",
                "'move': {k!r} is not one of the {n} moves written before this line (0-based)",
                moves,
            ).format(k=k, n=moves)
        )
    return kind, k, text


def _parse(data: bytes, file: str) -> Journal:
    """Read journal bytes: split at newlines, drop a torn tail, replay.

    Raises:
        RecordingError: a complete line that cannot be read, a move the rules refuse,
            or no complete head line.
    """
    if len(data) > MAX_BYTES:
        raise RecordingError(
            ngettext(
                "the journal is larger than the limit of {limit} byte",
                "the journal is larger than the limit of {limit} bytes",
                MAX_BYTES,
            ).format(limit=MAX_BYTES),
            file=file,
        )
    parts = data.split(b"\n")
    tail = parts.pop()  # the bytes after the last newline: b"" in a clean journal
    size = len(data) - len(tail)
    torn = TornLine(len(parts) + 1, size, tail) if tail else None
    head: dict[str, Any] | None = None
    head_line = 0
    raw_moves: list[Any] = []
    places: dict[str, tuple[int, int]] = {}
    notes: list[tuple[str, int, str]] = []
    implied: list[bool] = []
    draws: list[Any] = []
    for i, raw in enumerate(parts):
        line = i + 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordingError(
                _("not UTF-8 text (byte {n} of the line)").format(n=exc.start + 1), file=file, line=line
            ) from exc
        if not text.strip():
            continue
        try:  # the kit's one strict decoder: no member twice, no NaN or 1e400, no lone surrogate
            obj = jsonio.decode(text)
        except jsonio.JSONProblem as exc:
            raise RecordingError(
                _("bad JSON: {why}").format(why=exc.message), file=file, line=line, column=exc.index + 1
            ) from None
        if not isinstance(obj, dict):
            raise RecordingError(_("every line of a journal is one JSON object"), file=file, line=line)
        if head is None:
            bad = sorted(set(obj) - _HEAD_KEYS)
            if bad:
                raise RecordingError(
                    _(
                        "the head line has no member {member!r}: its members are {members},"
                        " and each move is a line of its own"
                    ).format(member=bad[0], members=", ".join(sorted(_HEAD_KEYS))),
                    file=file,
                    line=line,
                )
            head, head_line = obj, line
            places = {"": (line, 1)}
        elif "comment" in obj or "glyph" in obj:
            notes.append(_annotation(obj, len(raw_moves), file, line))
        elif "undo" in obj:
            k = _undo_line(obj, len(raw_moves), file, line)
            del raw_moves[k:], implied[k:]
            notes = [n for n in notes if n[0] == "before" or n[1] < k]
            draws = [d for d in draws if d["after"] < k]
        elif "draw" in obj:
            draws.append(_draw_line(obj, len(raw_moves), file, line))
        else:
            places[f"moves[{len(raw_moves)}]"] = (line, 1)
            flag = obj.pop(IMPLIED, False)
            if flag is not True and flag is not False:
                raise RecordingError(
                    _("'{member}': true or false, not {value!r}").format(member=IMPLIED, value=flag),
                    file=file,
                    line=line,
                )
            raw_moves.append(obj)
            implied.append(flag)
    if head is None:
        if torn:
            words = ngettext(
                "the journal has no complete head line; its first line is torn ({n} bytes)",
                "the journal has no complete head line; its first line is torn ({n} bytes)",
                torn.size,
            ).format(n=torn.size)
        else:
            words = _("the journal has no complete head line")
        raise RecordingError(words, file=file)
    head_meta = _check_meta(head.get("meta", {}), file, head_line)
    if draws:
        deal = head.get("deal")
        if not isinstance(deal, dict) or "deck" in deal:
            raise RecordingError(
                _("a refill line belongs to an over-the-board game (a deal without deck)"), file=file, line=head_line
            )
        head = {**head, "deal": {**deal, "draws": [*deal.get("draws", []), *draws]}}
    rec = Recording.from_json({**head, "moves": raw_moves}, file=file, places=places)
    game = _live(rec)  # RecordingError names the line of an illegal move
    rec.meta = _Annotations(notes).apply(head_meta)
    if game.finished:
        rec.result = _result_json(rec, game)
    if torn is not None:  # said wherever the journal is read (validate, replay, convert), not only by open()
        rec.warnings = (*rec.warnings, torn.warning(file))
    return Journal(
        rec,
        game,
        torn,
        size,
        sum(1 for p in parts if p.strip()),
        head_meta,
        notes,
        tuple(k for k, f in enumerate(implied) if f),
    )


def _undo_line(obj: dict[str, Any], moves: int, file: str, line: int) -> int:
    """Check an undo line ``{"undo": k}`` written after ``moves`` moves; returns ``k``."""
    k = obj["undo"]
    if set(obj) != {"undo"} or isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < moves:
        raise RecordingError(
            ngettext(
                'an undo line is {{"undo": k}}, k one of the {n} moves written before it (0-based), not {k!r}',
                'an undo line is {{"undo": k}}, k one of the {n} moves written before it (0-based), not {k!r}',
                moves,
            ).format(n=moves, k=k),
            file=file,
            line=line,
        )
    return k


def _draw_line(obj: dict[str, Any], moves: int, file: str, line: int) -> dict[str, Any]:
    """Check a refill line ``{"draw": {"after": k, "player": NAME, "cards": [...]}}``
    (R16) written after ``moves`` moves; returns its ``deal.draws`` entry."""
    d = obj["draw"]
    if (
        set(obj) != {"draw"}
        or not isinstance(d, dict)
        or set(d) != {"after", "player", "cards"}
        or isinstance(d["after"], bool)
        or not isinstance(d["after"], int)
        or not 0 <= d["after"] < moves
    ):
        raise RecordingError(
            ngettext(
                'a refill line is {{"draw": {{"after": k, "player": NAME, "cards": [...]}}}}, '
                "k one of the {n} moves written before it",
                'a refill line is {{"draw": {{"after": k, "player": NAME, "cards": [...]}}}}, '
                "k one of the {n} moves written before it",
                moves,
            ).format(n=moves),
            file=file,
            line=line,
            rule="R16",
        )
    return dict(d)


def read_journal(path: str | Path) -> Journal:
    """Read a journal without changing it (a torn last line is reported, not cut).

    Example: ``read_journal("game.durak.jsonl").recording.dump("game.json")``.

    Raises:
        RecordingError: the file cannot be read, a complete line is not JSON or not a
            move, annotation or head (line number given), a move breaks a rule (line,
            move index and rule id given, e.g. ``[R12]``), or the head line is missing.
    """
    p = Path(path)
    return _parse(read_bytes(p, limit=MAX_BYTES, what="journal"), str(p))


class Recorder:
    """A live game that appends each move to its journal before :meth:`play` returns.

    Make one with :meth:`create` (a new game), :meth:`from_recording` (continue a
    recording, e.g. a lesson position) or :meth:`open` (continue a journal after a
    crash or in a later session).  Use it as a context manager, or call :meth:`close`.
    One recorder at a time may hold a journal (an ``flock``; a second gets a
    :class:`RecordingError`).

    Attributes:
        path: the journal's path.
        live: the live game: a :class:`Game`, or for an over-the-board game (a
            :class:`~durak_nb.unseen.PartialDeal`) a :class:`~durak_nb.unseen.PartialGame`;
            play through :meth:`play` so that every move is written (or call :meth:`sync`
            after playing on the game directly).
        game: the same, when it is an engine :class:`Game`.
        torn: the torn last line :meth:`open` dropped, or ``None``.
        fsync: whether each line is ``fsync``-ed (default; off only for throw-away
            journals, where speed matters more than a crash).
    """

    def __init__(
        self,
        path: Path,
        fd: int,
        game: Game | PartialGame,
        recording: Recording,
        *,
        size: int,
        head_meta: dict[str, Any],
        annotations: list[tuple[str, int, str]] | None = None,
        torn: TornLine | None = None,
        fsync: bool = True,
        content: bytes = b"",
        implied: Sequence[int] = (),
    ) -> None:
        """Low level: use :meth:`create`, :meth:`from_recording` or :meth:`open`.

        ``size`` is the journal's length and ``content`` its bytes, as this recorder
        knows them: before each write the file is checked against their hash (see
        :meth:`play`; defect 13 and issue 23: an outside append, or a rewrite of the same size)."""
        self.path = path
        self._absolute = os.path.abspath(path)  # the file checked before each write, wherever the cwd goes
        self.live: Game | PartialGame = game
        self.torn = torn
        self.fsync = fsync
        self._fd: int | None = fd
        self._size = size
        self._digest = hashlib.blake2b(content)  # of every byte of the journal, as written
        self._head = recording
        self._head_meta = head_meta
        self._notes: list[tuple[str, int, str]] = list(annotations or [])
        self._written = len(_history(game))
        self._implied: set[int] = set(implied)

    # ------------------------------------------------------------------ making

    @classmethod
    def create(
        cls,
        path: str | Path,
        rules: Rules | str = "podkidnoy",
        players: Sequence[str] | int = 2,
        *,
        seed: int | None = None,
        deck_order: Sequence[str | Card] | str | None = None,
        dealer: int | str | None = None,
        trump: Suit | str | None = None,
        attacker: int | str | None = None,
        start: Start | Mapping[str, Any] | None = None,
        deal: PartialDeal | None = None,
        meta: Mapping[str, Any] | None = None,
        overwrite: bool = False,
        fsync: bool = True,
    ) -> Recorder:
        """Deal a new game (or set up a position, or begin an over-the-board game) and
        start its journal with the head line.

        Args:
            path: the journal to create; its name ends in ``.durak.jsonl`` (N9).
            rules: a :class:`Rules` or a preset name.
            players: names in clockwise seat order (a list, not a str), or a count
                (``P1``, ``P2`` …).
            seed: shuffle with ``random.Random(seed)`` (R3); the journal records the
                deck itself, so any seed (or none: a fresh random shuffle) replays.
            deck_order: the whole deck, top card first, instead of a seed.
            dealer, trump, attacker: as in :meth:`Game.deal` (R3, R4).
            start: a set-up position instead of a deal: a :class:`Start` or the
                INTERCHANGE.md ``start`` object (``{"hands": {"Anna": [...]}, ...}``).
            deal: a deal nobody saw whole (:class:`~durak_nb.unseen.PartialDeal`, INTERCHANGE.md
                "Over-the-board recordings"): the game is a
                :class:`~durak_nb.unseen.PartialGame`, recorded as it is played at a real table.
            meta: free data and annotations for the head (``event``, ``comments`` …).
            overwrite: replace an existing file; by default an existing journal is
                never touched.
            fsync: ``fsync`` every line (see :class:`Recorder`).

        Raises:
            TypeError: ``players`` is a str or neither names nor a count (as :meth:`Game.deal`).
            ValueError: more than one of a deal (``seed``, ``deck_order``, ``dealer``, ``trump``,
                ``attacker``), ``start`` and a partial ``deal`` given.
            RulesError: bad rules or a player count R2 forbids.
            SetupError: a deck or position that breaks R1–R4 or R22.
            RecordingError: a ``start`` object or ``meta`` that INTERCHANGE.md
                refuses, names the reader refuses (R2), a ``path`` not ending in
                ``.durak.jsonl``, an existing file (without ``overwrite``), a path that
                is not a regular file (a FIFO, a device, a directory), a journal held
                by another recorder, or a failed write.
        """
        r = Rules.make(rules) if isinstance(rules, str) else rules
        names = players_arg(players, "Recorder.create")  # a str is one name, not a list (N6)
        file = str(path)
        check_players(names, file)  # the reader's (and the engine's) one name check, before the engine's SetupError
        _check_journal_name(path)
        head_meta = _check_meta(copy.deepcopy(dict(meta or {})), file, 1)
        if deal is not None:
            if start is not None or any(x is not None for x in (seed, deck_order, dealer, trump, attacker)):
                raise ValueError("give one of a deal (seed, deck_order, ...), 'start' and a partial 'deal'")
            rec = Recording(rules=r, players=tuple(names), deal=deal, file=file)
            game: Game | PartialGame = rec.partial_game()
        elif start is not None:
            if any(x is not None for x in (seed, deck_order, dealer, trump, attacker)):
                raise ValueError("give either a deal (seed, deck_order, dealer, trump, attacker) or 'start', not both")
            if not isinstance(start, Start):
                doc = {"format": FORMAT, "rules": r.to_json(names), "players": names, "start": dict(start)}
                parsed = Recording.from_json(doc, file=file)
                assert parsed.start is not None
                start = parsed.start
            rec = Recording(rules=r, players=tuple(names), start=start, file=file)
            game = rec.new_game()
        else:
            game = Game.deal(r, names, seed=seed, deck_order=deck_order, dealer=dealer, trump=trump, attacker=attacker)
            rec = Recording(rules=r, players=tuple(names), deal=deal_of(game, attacker=attacker), file=file)
            # the head must replay to this very game (else a reopened journal would differ)
            assert rec.new_game().position() == game.position()
        rec.meta = head_meta
        return cls._start(Path(path), rec, game, overwrite=overwrite, fsync=fsync)

    @classmethod
    def from_recording(
        cls, path: str | Path, recording: Recording, *, overwrite: bool = False, fsync: bool = True
    ) -> Recorder:
        """Start a journal from a recording (its head, ``meta`` and moves) and continue live.

        Use it to record a game that goes on from a lesson position or a saved game.

        Raises:
            RecordingError: a move of the recording breaks a rule (``rule`` names it),
                an existing file (without ``overwrite``), or a failed write.
        """
        check_players(list(recording.players), str(path))  # as the reader will, before the engine's SetupError
        game = _live(recording)
        head = Recording(
            rules=recording.rules,
            players=recording.players,
            deal=recording.deal,
            start=recording.start,
            meta=_check_meta(copy.deepcopy(recording.meta), str(path), 1),
            file=str(path),
        )
        return cls._start(Path(path), head, game, overwrite=overwrite, fsync=fsync)

    @classmethod
    def _start(cls, path: Path, head: Recording, game: Game | PartialGame, *, overwrite: bool, fsync: bool) -> Recorder:
        _check_journal_name(path)
        doc = head.to_json()
        del doc["moves"]
        doc["meta"] = head.meta
        lines = [doc] + [move_to_json(m, head.players) for m in _history(game)]
        data = b"".join(_encode(x, str(path), n) for n, x in enumerate(lines, 1))
        # R2 and every other check of the journal's reader, before anything is written:
        # a journal this recorder starts can always be read back and reopened (defect 12)
        _parse(data, str(path))
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        flags |= 0 if overwrite else os.O_EXCL
        try:
            if overwrite and path.exists() and not path.is_file():  # never open a device or a FIFO (N8)
                raise RecordingError(
                    _("cannot create the journal: {why}").format(why=_(NOT_REGULAR)), file=str(path), whole=True
                )
            fd = os.open(path, flags, 0o644)
        except FileExistsError as exc:
            raise RecordingError(
                _("the journal exists already: Recorder.open() continues it, overwrite=True replaces it"),
                file=str(path),
                whole=True,
            ) from exc
        except OSError as exc:
            raise RecordingError(
                _("cannot create the journal: {why}").format(why=os_why(exc)), file=str(path), whole=True
            ) from exc
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced by one between the check and the open
                raise RecordingError(
                    _("cannot create the journal: {why}").format(why=_(NOT_REGULAR)), file=str(path), whole=True
                )
            _lock(fd, path)
            os.ftruncate(fd, 0)
            rec = cls(path, fd, game, head, size=0, head_meta=head.meta, fsync=fsync)
            rec._append(data)
        except BaseException:
            os.close(fd)
            raise
        if fsync:
            _fsync_dir(path)
        return rec

    @classmethod
    def open(cls, path: str | Path, *, fsync: bool = True) -> Recorder:
        """Replay a journal and continue its game.

        A torn last line (see the module docs) is cut off the file, reported in
        :attr:`torn` and by a :class:`JournalWarning`; the game continues after the
        last complete move.

        Raises:
            RecordingError: as :func:`read_journal`; or the journal is held by another
                recorder, or cannot be opened for writing.
        """
        p = Path(path)
        try:  # without blocking: a FIFO would wait for a writer
            fd = os.open(p, os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise RecordingError(
                _("cannot open the journal: {why}").format(why=os_why(exc)), file=str(p), whole=True
            ) from exc
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise RecordingError(_("cannot open the journal: it is not a regular file"), file=str(p), whole=True)
            _lock(fd, p)
            data = read_bytes(p, limit=MAX_BYTES, what="journal")  # bounded (defect 6)
            j = _parse(data, str(p))
            if j.torn is not None:
                warnings.warn(JournalWarning(j.torn.describe(str(p))), stacklevel=2)
                os.ftruncate(fd, j.size)
                if fsync:
                    os.fsync(fd)
        except BaseException:
            os.close(fd)
            raise
        head = copy.copy(j.recording)
        head.moves, head.result = [], None
        return cls(
            p,
            fd,
            j.game,
            head,
            size=j.size,
            head_meta=j.head_meta,
            annotations=j.annotations,
            torn=j.torn,
            fsync=fsync,
            content=data[: j.size],
            implied=j.implied,
        )

    @property
    def game(self) -> Game:
        """The live engine :class:`Game` (see :attr:`live`).

        Raises:
            TypeError: the game is an over-the-board one: use :attr:`live`.
        """
        if not isinstance(self.live, Game):
            raise TypeError("this recorder records an over-the-board game (a partial deal): use recorder.live")
        return self.live

    # ------------------------------------------------------------------ recording

    def play(self, move: Move, *, implied: bool = False) -> list[Event]:
        """Check ``move`` with the engine, append it to the journal (written and
        ``fsync``-ed), then play it; returns the events it caused.

        ``implied``: the move is a pass nobody said (R12, :mod:`durak_nb.implied`); the
        journal line carries ``"implied": true`` and :attr:`implied` lists it.

        A redeal without a deck (R5) is shuffled first, and the journal records the
        new deck.

        Raises:
            IllegalMove: the engine refuses the move (its ``refusal`` names the rule);
                nothing is written and the game is unchanged.
            RecordingError: the recorder is closed, the game was changed outside the
                recorder (see :meth:`sync`), the move would pass the journal's bound
                (:data:`~durak_nb.record.json_form.MAX_MOVES` moves, as many as can
                be read back), the journal was changed on disk by
                someone else (see below), or the write failed (the journal is cut back
                and the game unchanged, its random generator included).

        Before every line it writes (moves, comments, glyphs), the recorder checks
        that the journal is still the file it holds, as long as it left it, and with
        the bytes it wrote (a hash of the whole file: one read of the journal, at most
        ``MAX_BYTES``, per line).  A journal that another program appended to,
        rewrote (even to the same size), replaced or deleted is never written over: the line is refused with
        a :class:`RecordingError` naming the file, nothing on disk is cut, and the
        game stays as it was; :meth:`close` and :meth:`open` read the journal again
        (and refuse it when what was added is not a journal line).
        """
        self._check_open()
        game = self.live
        self._check_synced()
        refusal = game.why_illegal(move)
        if refusal is not None:
            raise IllegalMove(refusal, move)
        self._check_bound(len(_history(game)) + 1)
        recorded, shuffled = move, None
        if move.action is Action.REDEAL and move.deck is None and isinstance(game, Game):
            trial = game.copy()  # draw the shuffle on a copy, so nothing changes before the write
            trial.play(move)
            recorded, shuffled = trial.history[-1], trial.rng.getstate()
        before, mark = self._size, self._digest.copy()
        rng = game.rng.getstate() if isinstance(game, Game) else None
        line = move_to_json(recorded, game.players)
        if implied:
            line[IMPLIED] = True
        self._append(self._line(line))  # fails: the game is as it was
        if shuffled is not None and isinstance(game, Game):  # the shuffle is drawn once the move is written (R5)
            game.rng.setstate(shuffled)
        try:
            events = game.play(recorded)
        except BaseException:
            if len(_history(game)) == self._written:  # not played after all: unwrite it
                self._cut(before, mark)
                if isinstance(game, Game) and rng is not None:
                    game.rng.setstate(rng)
            raise
        if implied:
            self._implied.add(self._written)
        self._written = len(_history(game))
        return events

    @property
    def implied(self) -> list[int]:
        """The indices of the moves journalled as implied passes (R12), in order."""
        return sorted(self._implied)

    def undo(self, count: int = 1) -> list[Move]:
        """Take back the last ``count`` moves: the journal gets the line ``{"undo": k}``
        (``k`` the first move taken back; comments, glyphs and refills seen on or after
        move ``k`` go too), then the game is as it was before move ``k``.

        Returns:
            the moves taken back, in the order they were played.

        Raises:
            ValueError: ``count`` is not between 1 and the number of moves played.
            RecordingError: the recorder is closed, or the write failed (nothing is
                taken back).
        """
        self._check_open()
        self._check_synced()
        history = _history(self.live)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= len(history):
            raise ValueError(
                ngettext(
                    "undo: count is 1 to the {n} moves played, not {count!r}",
                    "undo: count is 1 to the {n} moves played, not {count!r}",
                    len(history),
                ).format(n=len(history), count=count)
            )
        k = len(history) - count
        taken = list(history[k:])
        head = self._head
        deal = head.deal
        if isinstance(deal, PartialDeal) and any(d.after >= k for d in deal.draws):
            head = replace(head, deal=replace(deal, draws=tuple(d for d in deal.draws if d.after < k)))
        game = _live(
            Recording(rules=head.rules, players=head.players, deal=head.deal, start=head.start, moves=history[:k])
        )
        self._append(self._line({"undo": k}))
        self.live, self._head = game, head
        self._written = k
        self._implied = {i for i in self._implied if i < k}
        self._notes = [n for n in self._notes if n[0] == "before" or n[1] < k]
        return taken

    def saw_draw(self, draw: SeenDraw) -> None:
        """Record a refill someone saw (R16; ``deal.draws`` of an over-the-board game):
        the journal gets a ``{"draw": …}`` line and the game knows the cards.

        Raises:
            ValueError: the game's deal is not a :class:`~durak_nb.unseen.PartialDeal`,
                or ``draw.after`` is not a move played.
            RecordingError: no deck order agrees with the refill and the moves (the
                rule named; nothing is written), the recorder is closed, or the write
                failed.
        """
        self._check_open()
        self._check_synced()
        deal = self._head.deal
        history = _history(self.live)
        if not isinstance(deal, PartialDeal):
            raise ValueError(_("saw_draw: only an over-the-board game (a partial deal) records refills seen"))
        if not 0 <= draw.after < len(history):
            raise ValueError(
                ngettext(
                    "saw_draw: after is one of the {n} moves played, not {after!r}",
                    "saw_draw: after is one of the {n} moves played, not {after!r}",
                    len(history),
                ).format(n=len(history), after=draw.after)
            )
        head = replace(self._head, deal=replace(deal, draws=tuple(sorted((*deal.draws, draw), key=lambda d: d.after))))
        game = _live(Recording(rules=head.rules, players=head.players, deal=head.deal, moves=list(history)))
        names = head.players
        entry = {"after": draw.after, "player": names[draw.player], "cards": [c.code for c in draw.cards]}
        self._append(self._line({"draw": entry}))
        self.live, self._head = game, head

    def sync(self) -> int:
        """Write the moves played on :attr:`game` directly (not through :meth:`play`).

        Returns how many moves were written.

        Raises:
            RecordingError: the recorder is closed, the game's history no longer
                starts with the journal's moves, more moves than
                :data:`~durak_nb.record.json_form.MAX_MOVES`, or the write failed.
        """
        self._check_open()
        history = _history(self.live)
        if len(history) < self._written:
            raise RecordingError(
                ngettext(
                    "the game has {n} moves but the journal {written}: it was replaced or rewound",
                    "the game has {n} moves but the journal {written}: it was replaced or rewound",
                    len(history),
                ).format(n=len(history), written=self._written),
                file=str(self.path),
                whole=True,
            )
        new = history[self._written :]
        self._check_bound(len(history))
        if new:
            self._append(b"".join(self._line(move_to_json(m, self.live.players)) for m in new))
            self._written = len(history)
        return len(new)

    def comment(self, text: str, *, move: int | None = None) -> None:
        """Append a comment after ``move`` (default: the last move played).

        Before any move, the comment is a game-level one (before move 0).  Several
        comments on one move are joined with a newline in :meth:`recording`.

        Raises:
            TypeError: ``text`` is not a string.
            ValueError: ``move`` is not a move played so far, or ``text`` is not
                Unicode text (a lone surrogate).
            RecordingError: the recorder is closed, or the write failed.
        """
        if not isinstance(text, str):
            raise TypeError(f"a comment is text, not {type(text).__name__}")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(_("a comment with a lone surrogate is not Unicode text")) from exc
        self._check_open()
        self._check_synced()
        n = len(_history(self.live))
        if move is None and n == 0:
            note: tuple[str, int, str] = ("before", 0, text)
            line: dict[str, Any] = {"comment": text, "before": 0}
        else:
            k = self._move_index(move)
            note, line = ("comment", k, text), {"comment": text, "move": k}
        self._append(self._line(line))
        self._notes.append(note)

    def glyph(self, glyph: str, *, move: int | None = None) -> None:
        """Append an annotation glyph (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``) to
        ``move`` (default: the last move); a later glyph replaces an earlier one.

        Raises:
            ValueError: an unknown glyph, or ``move`` is not a move played so far.
            RecordingError: the recorder is closed, or the write failed.
        """
        if glyph not in GLYPHS:
            raise ValueError(_("glyph {glyph!r}: use one of {glyphs}").format(glyph=glyph, glyphs=" ".join(GLYPHS)))
        self._check_open()
        self._check_synced()
        k = self._move_index(move)
        self._append(self._line({"glyph": glyph, "move": k}))
        self._notes.append(("glyph", k, glyph))

    def recording(self) -> Recording:
        """The game so far as a :class:`Recording`: the head, every move, annotations
        merged into ``meta`` (``comments``, ``comments_before``, ``glyphs``) and
        ``result`` once the game is over.  Export it with ``.dump(path)`` (JSON form)."""
        head = self._head
        rec = Recording(
            rules=head.rules,
            players=head.players,
            deal=head.deal,
            start=head.start,
            moves=list(_history(self.live)),
            meta=_Annotations(self._notes).apply(self._head_meta),
            file=str(self.path),
        )
        if self.live.finished:
            rec.result = _result_json(rec, self.live)
        return rec

    # ------------------------------------------------------------------ closing

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._fd is None

    def close(self) -> None:
        """Release the journal (the game object stays usable).  Closing twice is harmless."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> Recorder:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(_history(self.live))} moves"
        return f"<Recorder {str(self.path)!r}: {state}>"

    # ------------------------------------------------------------------ internals

    def _check_open(self) -> None:
        if self._fd is None:
            raise RecordingError(
                _("the recorder is closed: Recorder.open() continues the journal"), file=str(self.path), whole=True
            )

    def _check_synced(self) -> None:
        if len(_history(self.live)) != self._written:
            raise RecordingError(
                ngettext(
                    "the game has {n} moves but the journal {written}: "
                    "moves were played on recorder.game directly; call recorder.sync() to write them",
                    "the game has {n} moves but the journal {written}: "
                    "moves were played on recorder.game directly; call recorder.sync() to write them",
                    len(_history(self.live)),
                ).format(n=len(_history(self.live)), written=self._written),
                file=str(self.path),
                whole=True,
            )

    def _check_bound(self, moves: int) -> None:
        if moves > MAX_MOVES:
            raise RecordingError(
                _("the journal would hold {n} moves; {limit} is the limit for reading it back").format(
                    n=moves, limit=MAX_MOVES
                ),
                file=str(self.path),
                whole=True,
            )

    def _move_index(self, move: int | None) -> int:
        n = len(_history(self.live))
        k = n - 1 if move is None else move
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n:
            raise ValueError(
                ngettext(
                    "move {k!r} is not one of the {n} moves played (0-based)",
                    "move {k!r} is not one of the {n} moves played (0-based)",
                    n,
                ).format(k=k, n=n)
            )
        return k

    def _line(self, obj: dict[str, Any]) -> bytes:
        return _encode(obj, str(self.path), 0)

    def _check_unchanged(self, fd: int) -> None:
        """Refuse to write when the journal on disk is not as this recorder left it
        (defect 13: an outside append would be written over; issue 23: nor a rewrite of
        the same size, which the last bytes alone did not show)."""
        held = os.fstat(fd)
        try:
            named = os.stat(self._absolute)
        except OSError:
            named = None
        if named is None or (named.st_ino, named.st_dev) != (held.st_ino, held.st_dev):
            raise RecordingError(
                _(
                    "the journal was moved, replaced or deleted while this recorder held it; nothing was "
                    "written: open the journal again with Recorder.open()"
                ),
                file=str(self.path),
                whole=True,
            )
        if held.st_size == self._size and _digest_of(fd, self._size) != self._digest.digest():
            raise RecordingError(
                _(
                    "the journal was rewritten by another program while this recorder held it (its "
                    "{size} bytes are not the ones this recorder wrote); nothing was written or cut: "
                    "close this recorder and read the journal again with Recorder.open()"
                ).format(size=held.st_size),
                file=str(self.path),
                whole=True,
            )
        if held.st_size != self._size:
            raise RecordingError(
                _(
                    "the journal was changed by another program while this recorder held it (it has "
                    "{size} bytes, this recorder wrote {wrote}); nothing was written or cut: "
                    "close this recorder and continue with Recorder.open(), which reads what was added"
                ).format(size=held.st_size, wrote=self._size),
                file=str(self.path),
                whole=True,
            )

    def _append(self, data: bytes) -> None:
        """Write ``data`` at the end and ``fsync``; on any failure cut the journal back."""
        assert self._fd is not None
        if self._size + len(data) > MAX_BYTES:
            raise RecordingError(
                _("the journal would grow past {limit} bytes, the limit for reading it back").format(limit=MAX_BYTES),
                file=str(self.path),
                whole=True,
            )
        fd, before, mark = self._fd, self._size, self._digest.copy()
        try:
            self._check_unchanged(fd)
        except OSError as exc:
            raise RecordingError(
                _("cannot check the journal: {why}").format(why=os_why(exc)), file=str(self.path), whole=True
            ) from exc
        try:
            os.lseek(fd, before, os.SEEK_SET)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if self.fsync:
                os.fsync(fd)
        except BaseException as exc:
            self._cut(before, mark)
            if isinstance(exc, OSError):
                raise RecordingError(
                    _("cannot write the journal: {why}; nothing was recorded").format(why=os_why(exc)),
                    file=str(self.path),
                    whole=True,
                ) from exc
            raise
        self._size = before + len(data)
        self._digest.update(data)

    def _cut(self, size: int, mark: hashlib.blake2b) -> None:
        """Cut the journal back to ``size`` bytes, whose hash is ``mark``."""
        assert self._fd is not None
        with contextlib.suppress(OSError):  # else a later open() reports the torn line
            os.ftruncate(self._fd, size)
        self._size, self._digest = size, mark


def _check_journal_name(path: str | Path) -> None:
    """Refuse a journal name that does not end in :data:`JOURNAL_SUFFIX` (N9).

    :meth:`Replay.load <durak_nb.replay.Replay.load>` and the command line tell a
    journal from a JSON recording by its name, so a journal called ``game.json``
    would be misread.

    Raises:
        RecordingError: the name does not end in ``.durak.jsonl``.
    """
    if not Path(path).name.lower().endswith(JOURNAL_SUFFIX):
        raise RecordingError(
            _(
                "a journal's name must end in '{suffix}' (e.g. 'game{suffix}'): "
                "a reader tells a journal from a JSON recording ('.json') or the notation ('.durak') by its name"
            ).format(suffix=JOURNAL_SUFFIX),
            file=str(path),
            whole=True,
        )


def _encode(obj: dict[str, Any], file: str, line: int) -> bytes:
    """One journal line: compact JSON as the reader reads it, UTF-8, with its newline.

    Raises:
        RecordingError: text that is not Unicode (a lone surrogate), e.g. in a name.
    """
    try:
        text = jsonio.encode(obj)  # refuses what jsonio.decode, the reader, would refuse
    except ValueError as exc:
        raise RecordingError(
            _("{why}: the journal could not be read back").format(why=exc), file=file, line=max(line, 1)
        ) from None
    return (text + "\n").encode("utf-8")


def _digest_of(fd: int, size: int) -> bytes:
    """The hash of the first ``size`` bytes of the file ``fd`` (read in chunks of
    :data:`_CHUNK`; a journal is at most ``MAX_BYTES`` long)."""
    digest = hashlib.blake2b()
    offset = 0
    while offset < size:
        chunk = _read_at(fd, offset, min(_CHUNK, size - offset))
        if not chunk:
            break
        digest.update(chunk)
        offset += len(chunk)
    return digest.digest()


def _read_at(fd: int, offset: int, size: int) -> bytes:
    """``size`` bytes of the file at ``offset`` (the recorder seeks before each write)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(fd, size)  # pragma: no cover


def _lock(fd: int, path: Path) -> None:
    if sys.platform == "win32":  # pragma: no cover
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError as exc:
        raise RecordingError(_("another recorder has this journal open"), file=str(path), whole=True) from exc


def _fsync_dir(path: Path) -> None:
    """Make the new file's directory entry durable too (POSIX)."""
    try:
        dfd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dfd)


def deal_of(game: Game, *, attacker: int | str | None = None) -> Deal:
    """The ``deal`` member that deals ``game`` again (R3, R4): its dealer and deck,
    the trump only when no card was turned up (R3; never in japanese durak, R8),
    and ``attacker`` (a seat or name) only when the deal chose the first attacker.

    ``game`` must be fresh from :meth:`Game.deal` (its :attr:`Game.deck_order`).
    """
    assert game.dealer is not None
    return Deal(
        dealer=game.dealer,
        deck=game.deck_order,
        trump=game.trump if game.trump_card is None and not game.rules.japanese else None,
        attacker=None if attacker is None else game.seat(attacker),
    )
