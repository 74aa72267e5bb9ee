"""The ``durak-nb/1`` JSON form of a recording (INTERCHANGE.md): read, check, write.

Reading never runs or renders anything the document holds: names, comments and
``meta`` are kept as plain data.  Every problem is a :class:`RecordingError` that
names the place (file, line, column, the move's index) and the rule id.

>>> Recording.from_json_text('''{"format": "durak-nb/1", "rules": "podkidnoy",
...   "players": ["Anna", "Boris"],
...   "deal": {"dealer": "Boris", "deck": ["7S", "7S"]}, "moves": []}''')
Traceback (most recent call last):
...
durak_nb.record.base.RecordingError: <string>:3:11: error: [R1] deal.deck: 7♠ appears twice
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardError, Suit, lowest_rank
from ..engine import (
    Action,
    Event,
    Game,
    IllegalMove,
    Move,
    Position,
    Refusal,
    Result,
    SetupError,
    Start,
    names_problem,
)
from ..errors import DurakError
from ..i18n import N_, _, ngettext
from ..numbering import move_number
from ..rules import Rules, RulesError
from ..text import json_shown
from ..unseen import PartialDeal, PartialError, PartialGame, PartialReplay, SeenDraw, replay_partial
from . import jsonio
from .annotations import ANNOTATION_KEYS, annotation_problem, move_to_json, variation_depth, variation_moves
from .base import (
    MAX_BOUT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_JSON_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    Deal,
    RecordingError,
    RecordingWarning,
)
from .headers import header_lines
from .overboard import DEAL_KEYS, deal_problem, deal_to_json, json_member, known_state

__all__ = [
    "FORMAT",
    "MAX_BOUT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "Deal",
    "Recording",
    "RecordingError",
    "RecordingWarning",
    "Start",
    "ValidationReport",
    "check_folder",
    "json_compact",
    "json_document",
    "move_to_json",
    "read_bytes",
    "read_text",
    "replace_atomically",
    "validate_file",
    "validate_recording",
    "write_atomic",
]

FORMAT = "durak-nb/1"

_MOVE_KEYS = {"player", "action", "cards", "card", "target", "show", "deck", "turned_up"}
_TOP_KEYS = {"format", "rules", "players", "deal", "start", "moves", "result", "meta"}
_RESULT_KEYS = {"durak", "draw", "epaulettes", "out_order", "losing_team"}


@dataclass
class Recording:
    """A recorded game: rules, players, a deal or start position, moves, result, meta.

    Attributes:
        rules: the :class:`Rules`.
        players: names in clockwise seat order.
        deal: the :class:`Deal`, or ``None`` when ``start`` is given; it may also be a
            :class:`~durak_nb.unseen.PartialDeal` (a deal nobody saw whole: an
            over-the-board recording), which :meth:`new_game`, :meth:`steps`,
            :meth:`replay` and :meth:`partial_game` play.
        start: the :class:`Start`, or ``None`` when ``deal`` is given.
        moves: the moves in the order played.
        result: the ``result`` member as written (``None`` if absent).
        meta: free text and annotations, kept as data, never interpreted.
        file: where it was read from (for error places).
        move_places: (line, column) of each move in the file, when read from text (a
            sequence; read from JSON, a :class:`~durak_nb.record.jsonio.LazySequence`
            whose places are found on first use).
        result_place: (line, column) of the ``result`` member, for its error place.
        warnings: the :class:`RecordingWarning` s of the reading (a header name close to
            a standard one), which ``validate`` prints; not compared.

    Two recordings are equal when they hold the same game, meta included; where they
    were read from (``file``, ``move_places``) is not compared, so a game read from
    JSON equals the same game read from the notation.
    """

    rules: Rules
    players: tuple[str, ...]
    deal: Deal | PartialDeal | None = None
    start: Start | None = None
    moves: list[Move] = field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    file: str = field(default="<string>", compare=False)
    move_places: Sequence[tuple[int, int]] = field(default_factory=list, compare=False)
    result_place: Sequence[int] = field(default=(1, 1), compare=False)
    warnings: tuple[RecordingWarning, ...] = field(default=(), compare=False)

    # -------------------------------------------------------------- reading

    @classmethod
    def load(cls, path: str | Path) -> Recording:
        """Read a ``durak-nb/1`` JSON file.

        Raises:
            RecordingError: unreadable file, bad JSON, or a document that breaks
                INTERCHANGE.md (``move`` is ``None``); the message names the place.
        """
        p = Path(path)
        return cls.from_json_text(read_text(p, encoding="utf-8-sig"), file=str(p))

    @classmethod
    def from_json_text(cls, text: str, *, file: str = "<string>") -> Recording:
        """Read a document from JSON text (the strict decoder of :mod:`~durak_nb.record.jsonio`).

        Args:
            text: the JSON text.
            file: the name used in error places.

        Raises:
            RecordingError: as :meth:`load`.
        """
        if len(text) > MAX_BYTES:
            raise RecordingError(
                ngettext(
                    "the document has {n} character; the limit is {limit}",
                    "the document has {n} characters; the limit is {limit}",
                    len(text),
                ).format(n=len(text), limit=MAX_BYTES),
                file=file,
            )
        try:
            doc = jsonio.decode(text)
        except jsonio.JSONProblem as exc:
            line, col = jsonio.line_col(text, exc.index)
            raise RecordingError(
                _("bad JSON: {why}").format(why=exc.message), file=file, line=line, column=col
            ) from None
        # the members' places are found only when an error must name one (issue 13)
        return cls.from_json(doc, file=file, places=jsonio.LazyPlaces(text))

    @classmethod
    def from_json(
        cls,
        doc: object,
        *,
        file: str = "<string>",
        places: Mapping[str, tuple[int, int]] | None = None,
    ) -> Recording:
        """Read a document already parsed from JSON (dicts, lists, strings, numbers).

        ``places`` maps JSON paths (``'moves[3]'``, ``'start'``) to (line, column).

        Raises:
            RecordingError: a document that breaks INTERCHANGE.md (``move`` is ``None``),
                or whose ``meta`` passes a documented bound (variations nested more than
                :data:`MAX_DEPTH` deep, another member nested more than
                :data:`MAX_JSON_DEPTH` deep): what the notation could not write is not read.
        """
        return _DocReader(file, places if places is not None else {}).read(doc)

    # -------------------------------------------------------------- replaying

    def new_game(self) -> Game:
        """The game at its start, before the first move.

        For a :class:`~durak_nb.unseen.PartialDeal` this is the engine game dealt from a
        witness: one full deck order that agrees with everything recorded and makes every
        move up to the first illegal one legal (:func:`~durak_nb.unseen.replay_partial`).
        Its hidden cards are internal: what a person may see is
        :meth:`PartialReplay.seen_at <durak_nb.unseen.PartialReplay.seen_at>`.

        Raises:
            SetupError: the deal or start position breaks R1–R4 or R22 (for a partial
                deal: facts no order meets, a ``draws`` entry after the last move, R16).
        """
        if self._partial_deal() is not None:
            return self.partial()[0].witness_start()
        kept = _FRESH.pop(id(self), None)
        if kept is not None:
            rules, players, deal, start, fresh = kept
            if rules is self.rules and players is self.players and deal is self.deal and start is self.start:
                return fresh  # dealt from these very values when read, never handed out
        if isinstance(self.deal, Deal):
            d = self.deal
            return Game.deal(
                self.rules,
                self.players,
                deck_order=d.deck,
                dealer=d.dealer,
                trump=d.trump,
                attacker=d.attacker,
            )
        assert self.start is not None
        return Game.from_start(self.rules, self.players, self.start)

    def _partial_deal(self) -> PartialDeal | None:
        """The deal when it is a :class:`~durak_nb.unseen.PartialDeal`, else ``None``."""
        deal: object = self.deal  # a Deal, a PartialDeal or None
        return deal if isinstance(deal, PartialDeal) else None

    def partial(self) -> tuple[PartialReplay, PartialError | None]:
        """A recording whose deal nobody saw whole, decided (once: the answer is cached):
        the :class:`~durak_nb.unseen.PartialReplay` of its legal moves (every move, or those
        before the first illegal one) and the :class:`~durak_nb.unseen.PartialError` of
        the first move no deck order allows, or ``None``.  ``replay.seen_at(k)`` is what a
        person may see before move ``k`` (the STATE of a partial game).

        Raises:
            RecordingError: the deal is not a :class:`~durak_nb.unseen.PartialDeal`.
            SetupError: as :meth:`new_game`.
        """
        if self._partial_deal() is None:
            raise RecordingError(_("partial: the deal of this recording is not a partial deal"), file=self.file)
        deal = self._partial_deal()
        assert deal is not None
        key = (self.rules, tuple(self.players), deal, tuple(self.moves))
        try:
            hash(key)
        except TypeError:  # a move built by hand with a list inside: decided without the cache
            return _decided.__wrapped__(*key)
        return _decided(*key)

    def partial_game(self) -> PartialGame:
        """The live :class:`~durak_nb.unseen.PartialGame` after every move of a recording
        whose deal nobody saw whole (to go on recording it).

        Raises:
            RecordingError: an illegal move (as :meth:`steps`), or the deal is not a
                :class:`~durak_nb.unseen.PartialDeal`.
            SetupError: as :meth:`new_game`.
        """
        if self._partial_deal() is None:
            raise RecordingError(_("partial_game: the deal of this recording is not a partial deal"), file=self.file)
        replay, error = self.partial()
        if error is not None:
            raise self._move_error(error.index, error.refusal, error.game.witness().position()) from error
        return replay.game

    def steps(self, game: Game | None = None) -> Iterator[tuple[Game, Move, list[Event]]]:
        """Replay the moves: yields (the live game after the move, the move, its events).

        ``game``: a fresh :meth:`new_game` to play the moves on (saves dealing again;
        ignored for a :class:`~durak_nb.unseen.PartialDeal`); default: a new one.

        The game object is the same one throughout; take :meth:`Game.position`
        snapshots to keep states.  For a :class:`~durak_nb.unseen.PartialDeal` the game
        is the witness of :meth:`new_game` (its hidden cards are internal) and a refill
        is an :class:`~durak_nb.unseen.UnseenDrew` holding only the cards known.

        Raises:
            RecordingError: an illegal move (``move`` index, ``rule`` and ``state``
                set), or a move after the game ended.  For a partial deal, the first move
                no deck order allows, with its rule (INTERCHANGE.md).
            SetupError: a partial deal's facts no order meets (as :meth:`new_game`).
        """
        if self._partial_deal() is not None:
            yield from self._partial_steps()
            return
        if game is None:
            game = self.new_game()
        for k, move in enumerate(self.moves):
            try:
                events = game.play(move)
            except IllegalMove as exc:
                raise self._move_error(k, exc.refusal, game.position()) from exc
            yield game, move, events

    def _partial_steps(self) -> Iterator[tuple[Game, Move, list[Event]]]:
        replay, error = self.partial()
        game = replay.witness_start()
        for k, wmove in enumerate(replay.witness_moves()):
            game.play(wmove)
            yield game, self.moves[k], replay.events(k)
        if error is not None:
            raise self._move_error(error.index, error.refusal, game.position()) from error

    def replay(self, game: Game | None = None) -> Game:
        """The game after every move (for a partial deal, the witness of :meth:`steps`).

        ``game``: a fresh :meth:`new_game` to play the moves on, as for :meth:`steps`
        (ignored for a :class:`~durak_nb.unseen.PartialDeal`); default: a new one.

        Raises:
            RecordingError: as :meth:`steps`.
            SetupError: as :meth:`new_game`.
        """
        if self._partial_deal() is not None:
            last = None
            for now, _move, _events in self.steps():
                last = now
            return last if last is not None else self.new_game()
        if game is None:
            game = self.new_game()
        play = game.play
        for k, move in enumerate(self.moves):  # as steps(), without a generator's step per move
            try:
                play(move)
            except IllegalMove as exc:
                raise self._move_error(k, exc.refusal, game.position()) from exc
        return game

    def _move_error(self, k: int, refusal: Refusal, state: Position) -> RecordingError:
        line, col = self.move_places[k] if k < len(self.move_places) else (1, 1)
        return RecordingError(
            # TRANSLATORS: {move} is the move in words ("Anna covers 8♦ with Q♠"), {why} the engine's refusal
            _("move {k} ({move}): {why}").format(
                k=move_number(k), move=self.moves[k].describe(self.players), why=refusal.message
            ),  # as people count moves; ``move=k`` below stays 0-based (INTERCHANGE.md)
            file=self.file,
            line=line,
            column=col,
            move=k,
            rule=refusal.rule,
            state=state,
        )

    def check_result(self, game: Game | PartialGame) -> None:
        """Check that the written ``result`` agrees with the replay (INTERCHANGE.md).

        Raises:
            RecordingError: the written result differs; ``move`` is ``None``.
        """
        if self.result is None:
            return
        want = self.result
        got = game.result
        problems = []
        if got is None:
            problems.append(_("the game is not finished"))
        else:
            durak = None if got.durak is None else self.players[got.durak]
            if "durak" in want and want["durak"] != durak:
                problems.append(
                    _("durak is {got}, not {want}").format(got=json_shown(durak), want=json_shown(want["durak"]))
                )
            if bool(want.get("draw", False)) != got.draw:
                # TRANSLATORS: draw is the JSON member; {value} is true or false as JSON writes it
                problems.append(_("draw is {value}").format(value=str(got.draw).lower()))
            if "epaulettes" in want and bool(want["epaulettes"]) != got.epaulettes:
                problems.append(_("epaulettes is {value}").format(value=str(got.epaulettes).lower()))
            if "out_order" in want and want["out_order"] != [self.players[s] for s in got.out_order]:
                problems.append(_("out_order is {value}").format(value=[self.players[s] for s in got.out_order]))
            if "losing_team" in want:
                lt = None if got.losing_team is None else [self.players[s] for s in got.losing_team]
                if want["losing_team"] != lt:
                    problems.append(_("losing_team is {value}").format(value=lt))
        if problems:
            line, col = self.result_place
            raise RecordingError(
                _("the written result disagrees with the replay: {problems}").format(problems="; ".join(problems)),
                file=self.file,
                line=line,
                column=col,
                rule="R25",
            )

    # -------------------------------------------------------------- writing

    def to_json(self) -> dict[str, Any]:
        """The document as JSON-ready data (INTERCHANGE.md); a partial deal as a
        ``deal`` without ``deck`` (:func:`~durak_nb.record.overboard.deal_to_json`), its
        redeals' turned-up cards in their ``redeal`` moves."""
        names = self.players
        doc: dict[str, Any] = {"format": FORMAT, "rules": self.rules.to_json(names), "players": list(names)}
        if isinstance(self.deal, PartialDeal):
            doc["deal"] = deal_to_json(self.deal, names)
        elif self.deal is not None:
            d: dict[str, Any] = {"dealer": names[self.deal.dealer], "deck": [c.code for c in self.deal.deck]}
            if self.deal.trump is not None:
                d["trump"] = self.deal.trump.code
            if self.deal.attacker is not None:
                d["attacker"] = names[self.deal.attacker]
            doc["deal"] = d
        else:
            assert self.start is not None
            s = self.start
            doc["start"] = {
                "hands": {names[i]: [c.code for c in h] for i, h in enumerate(s.hands)},
                "talon": [c.code for c in s.talon],
                "trump": s.trump.code,
                "discard": [c.code for c in s.discard],
                "attacker": names[s.attacker],
                "first_bito_done": s.first_bito_done,
                "bout": s.bout,
            }
        doc["moves"] = [move_to_json(m, names) for m in self.moves]
        if isinstance(self.deal, PartialDeal):
            for k, card in self.deal.redeals:  # the new deal's turned-up card (R5)
                if 0 <= k < len(self.moves) and self.moves[k].action is Action.REDEAL:
                    doc["moves"][k]["turned_up"] = card.code
        if self.result is not None:
            doc["result"] = self.result
        if self.meta:
            doc["meta"] = self.meta
        return doc

    def dumps(self) -> str:
        """The canonical JSON text, for people as much as for programs.

        Normalises: members in the order format, rules, players, deal/start, moves,
        result, meta; two-space indent; an object or list is kept on one line when it
        fits in :data:`WIDTH` columns, and a list of plain values (a deck, a hand) always
        is; so each move, each hand and each comment gets its own line.  UTF-8
        characters are kept; the text ends with a newline.

        Raises:
            RecordingError: ``players`` its reader refuses (R2, :func:`players_problem`),
                or ``meta`` holds what JSON cannot carry (a non-finite number,
                a lone surrogate, a value that is not JSON data) or nests too deeply.
        """
        check_players(self.players, self.file)
        return json_document(self.to_json(), self.file)

    def dump(self, path: str | Path) -> None:
        """Write :meth:`dumps` to ``path`` (UTF-8), atomically (:func:`write_atomic`).

        Raises:
            RecordingError: as :meth:`dumps`, or the file cannot be written.
        """
        try:
            text = self.dumps()
        except RecordingError as exc:
            raise exc.naming(path) from None
        write_atomic(path, text)

    def result_json(self, game: Game) -> dict[str, Any]:
        """The result of a replayed game in the ``result`` member's form."""
        r = game.result
        if r is None:
            return {}
        out: dict[str, Any] = {"durak": None if r.durak is None else self.players[r.durak]}
        if r.draw:
            out["draw"] = True
        if r.epaulettes:
            out["epaulettes"] = True
        if r.losing_team is not None:
            out["losing_team"] = [self.players[s] for s in r.losing_team]
        return out


@functools.lru_cache(maxsize=8)
def _decided(
    rules: Rules, players: tuple[str, ...], deal: PartialDeal, moves: tuple[Move, ...]
) -> tuple[PartialReplay, PartialError | None]:
    """A partial recording decided once (:func:`~durak_nb.unseen.replay_partial`):
    reading, :meth:`Recording.new_game` and :meth:`Recording.steps` ask the same; the
    answer's methods give copies, so it is shared safely.

    Raises:
        SetupError: as :meth:`Recording.new_game`.
    """
    live, error = replay_partial(rules, players, deal, moves)
    return PartialReplay(live), error


#: Width of the canonical JSON writer (:meth:`Recording.dumps`).
WIDTH = 100


def players_problem(players: object) -> str | None:
    """What is wrong with ``players`` as the ``players`` member (R2), or ``None``.

    The ONE name check: every reader (JSON, notation, journal) and every writer
    (:meth:`Recording.dumps`, self-play) uses it, so what is written can be read back;
    past the list itself it is the engine's :func:`~durak_nb.engine.names_problem`,
    so that every game the engine plays can be recorded (issue 23).
    ``players`` must be a non-empty list (or tuple) of unique strings, each with a
    character that is not white space, at most :data:`MAX_NAME` characters, and no
    lone surrogate.
    """
    if not isinstance(players, (list, tuple)) or not players:
        return _("'players' must be a list of non-empty names (at most {limit} characters)").format(limit=MAX_NAME)
    return names_problem(players)  # the engine's one name check (R2)


def check_players(players: object, file: str = "<string>") -> None:
    """Raise :class:`RecordingError` (R2, naming ``file``) when :func:`players_problem` finds a fault."""
    problem = players_problem(players)
    if problem is not None:
        raise RecordingError(problem, file=file, rule="R2")


def json_document(value: object, file: str = "<string>") -> str:
    """The canonical JSON text of a document (or an array of them, a match), refusing
    what the strict reader would refuse, so that everything written reads back.

    Raises:
        RecordingError: a non-finite number, a lone surrogate, a value that is not JSON
            data, or nesting deeper than :data:`jsonio.MAX_NESTING`.
    """
    return _checked_text(value, file, lambda v: _pretty(v, 0) + "\n")


def json_compact(value: object, file: str = "<string>") -> str:
    """The document in compact JSON (one line, ``,`` and ``:`` without spaces: a line of
    a ``.jsonl`` file), refusing what :func:`json_document` refuses, without writing the
    indented form first.

    Raises:
        RecordingError: as :func:`json_document`.
    """
    return _checked_text(
        value, file, lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    )


def _checked_text(value: object, file: str, render: Callable[[object], str]) -> str:
    """``render(value)``, refusing what the strict reader would refuse (see :func:`json_document`)."""
    if jsonio.depth(value, jsonio.MAX_NESTING) > jsonio.MAX_NESTING:
        raise RecordingError(
            _("the document nests arrays and objects more than {limit} deep: it cannot be written").format(
                limit=jsonio.MAX_NESTING
            ),
            file=file,
        )
    try:
        text = render(value)
    except (ValueError, TypeError) as exc:
        raise RecordingError(_("the document cannot be written as JSON: {why}").format(why=exc), file=file) from None
    bad = jsonio.lone_surrogate(text)
    if bad >= 0:
        raise RecordingError(
            _("the document holds {char}, a lone surrogate, which is not valid Unicode text").format(
                char=repr(text[bad])
            ),
            file=file,
        )
    return text


def _pretty(value: object, depth: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False)
    if not isinstance(value, dict | list) or not value:
        return flat
    plain_list = isinstance(value, list) and not any(isinstance(x, dict | list) for x in value)
    if plain_list or 2 * depth + len(flat) <= WIDTH:
        return flat
    pad = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(x, depth + 1)}" for k, x in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [pad + _pretty(x, depth + 1) for x in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


def read_bytes(path: str | Path, *, limit: int = MAX_BYTES, what: str = "file") -> bytes:
    """The bytes of a recording file (JSON document, notation, journal), read within
    the documented size bound: at most ``limit`` + 1 bytes are ever read, so a device
    such as ``/dev/zero`` or a file growing while read cannot exhaust memory.  The file
    is opened without blocking and must be a regular file (a FIFO would wait forever).
    This is the one function that reads every recording file.

    Args:
        path: the file.
        limit: the most bytes accepted (default :data:`MAX_BYTES`).
        what: the word used in the messages (``'file'``, ``'journal'``).

    Raises:
        RecordingError: the file cannot be opened or read (not found, no permission),
            is not a regular file (a folder, a device), or has more than ``limit``
            bytes; ``file`` names it, with no line and column (:attr:`RecordingError.whole`:
            ``FILE: error: cannot read the file: …``), for every command and reader alike.
    """
    name = str(path)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise RecordingError(_read_words(what, "cannot").format(why=os_why(exc)), file=name, whole=True) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "directory" if stat.S_ISDIR(mode) else "irregular"
            raise RecordingError(_read_words(what, kind), file=name, whole=True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise RecordingError(_read_words(what, "cannot").format(why=os_why(exc)), file=name, whole=True) from None
    finally:
        os.close(fd)
    if size > limit:
        if what == "journal":
            big = ngettext(
                "the journal is larger than the limit of {limit} byte",
                "the journal is larger than the limit of {limit} bytes",
                limit,
            )
        else:
            big = ngettext(
                "the file is larger than the limit of {limit} byte",
                "the file is larger than the limit of {limit} bytes",
                limit,
            )
        raise RecordingError(big.format(limit=limit), file=name, whole=True)
    return b"".join(chunks)


#: The operating system's commonest reasons, in words: the English ones are the C library's
#: ``strerror`` (so English output is as before), translated for ru and uk.
OS_WORDS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
}


def os_why(exc: OSError) -> str:
    """Why an operating-system call failed, in the reader's language: the words of
    :data:`OS_WORDS` for its ``errno``, else its ``strerror`` (or the exception's name)."""
    words = OS_WORDS.get(exc.errno) if exc.errno is not None else None
    if words is not None:
        return _(words)
    if exc.strerror == NOT_REGULAR:
        return _(NOT_REGULAR)
    return str(exc.strerror or type(exc).__name__)


#: The words of :func:`read_bytes`'s errors, by the ``what`` it is given and the fault.
READ_WORDS = {
    ("file", "cannot"): N_("cannot read the file: {why}"),
    ("file", "directory"): N_("cannot read the file: it is a directory"),
    ("file", "irregular"): N_("cannot read the file: it is not a regular file (a device, a pipe or a socket)"),
    ("journal", "cannot"): N_("cannot read the journal: {why}"),
    ("journal", "directory"): N_("cannot read the journal: it is a directory"),
    ("journal", "irregular"): N_("cannot read the journal: it is not a regular file (a device, a pipe or a socket)"),
}


def _read_words(what: str, fault: str) -> str:
    """The sentence of a read error about the ``what`` (``'file'``, ``'journal'``), translated."""
    return _(READ_WORDS.get((what, fault), READ_WORDS[("file", fault)]))


def read_text(path: str | Path, *, encoding: str = "utf-8") -> str:
    """The text of a recording file, within the documented size bound (:func:`read_bytes`).

    Raises:
        RecordingError: as :func:`read_bytes`, or the file is not UTF-8 text (the
            message names the first bad byte).
    """
    raw = read_bytes(path)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        # the place of the first bad byte: its line, and its column in the characters before it
        start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[start : exc.start].decode(encoding, "replace")) + 1
        raise RecordingError(
            _("the file is not UTF-8 text (byte {n})").format(n=exc.start), file=str(path), line=line, column=column
        ) from exc


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (:func:`replace_atomically`): into a
    temporary file in the same folder, then :func:`os.replace`, so that an existing file
    is never left truncated or half written when writing fails.

    Raises:
        RecordingError: the text is not valid Unicode (a lone surrogate), ``path`` (or
            the file a symbolic link ``path`` points to) exists and is not a regular file
            (a directory, a device, a pipe or a socket: it is never replaced), or the file
            cannot be written, or ``path`` holds a NUL character; ``file`` names ``path``
            (a NUL shown as ``\\0``) and :attr:`RecordingError.whole` is set (no line
            or column: the error is about the whole file).
    """
    name = str(path)
    if "\0" in name:
        raise RecordingError(_(WRITE_WORDS["nul"]), file=name.replace("\0", "\\0"), whole=True)
    bad = jsonio.lone_surrogate(text)
    if bad >= 0:
        raise RecordingError(_(WRITE_WORDS["surrogate"]).format(char=repr(text[bad])), file=name, whole=True)
    try:
        replace_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        # strerror alone: str(exc) repeats the file name the error already gives
        why = os_why(exc)
        raise RecordingError(_(WRITE_WORDS["cannot"]).format(why=why), file=name, whole=True) from None


def check_folder(path: str | Path) -> None:
    """Refuse, before any work, a ``path`` that :func:`write_atomic` could not write
    because its folder is missing, with the error that write would raise.

    Raises:
        RecordingError: the folder of ``path`` does not exist (or is not a folder);
            ``file`` names ``path`` and :attr:`RecordingError.whole` is set.
    """
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        missing = FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        raise RecordingError(_(WRITE_WORDS["cannot"]).format(why=os_why(missing)), file=str(path), whole=True)


#: The words of :func:`write_atomic`'s errors (each names the file once, in ``file``).
WRITE_WORDS = {
    "nul": N_("a file name cannot hold a NUL character"),
    "surrogate": N_("the text holds {char}, a lone surrogate, which is not valid Unicode"),
    "cannot": N_("cannot write the file: {why}"),
}


#: The ``strerror`` of the :class:`OSError` :func:`replace_atomically` raises for an
#: output that exists and is not a regular file.
NOT_REGULAR = N_("it is not a regular file (a directory, a device, a pipe or a socket)")


def replace_atomically(path: str | Path, data: bytes) -> None:
    """Write ``data`` to a temporary file in the folder of ``path`` (through a symbolic
    link, as ``open()`` writes), then rename it over ``path`` (``os.replace``): a reader
    sees the old file or the whole new one, never a part.  The one atomic writer of the
    kit (recordings by :func:`write_atomic`, pages by
    :func:`durak_nb.views.export.export_html`).  An existing file keeps its permissions;
    a new one gets those ``open()`` would give it.

    Raises:
        OSError: ``path`` exists and is not a regular file (``strerror`` is
            :data:`NOT_REGULAR`; a device, a FIFO or a directory is never replaced), or
            the folder cannot be written (the temporary file is removed).
    """
    target = Path(os.path.realpath(path))  # through a symbolic link, as open() writes
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, NOT_REGULAR, str(path))
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if mode is not None:
            with contextlib.suppress(OSError):
                os.chmod(tmp, stat.S_IMODE(mode))
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_ACTIONS: dict[str, Action] = {a.value: a for a in Action}

#: Card codes the reader accepted (``Card.parse`` and R1's deck check), by deck size:
#: a code read again is that card (at most :data:`_MOST_CODES` spellings kept per size).
_KNOWN_CODES: dict[int, dict[str, Card]] = {}
_MOST_CODES = 1000
#: The rules of a ``rules`` member that is a preset's name, by that name (a frozen value).
_PRESETS: dict[str, Rules] = {}

#: Moves :meth:`_DocReader._usual_move` read, by (the players, the deck size), then by
#: the move object's member count, then by its values (:meth:`_DocReader._moves`): an
#: object with the same member count and the same values is that move again.  At most
#: :data:`_MOST_MOVES` moves per member count and :data:`_MOST_TABLES` games' settings kept.
_KNOWN_MOVES: dict[tuple[tuple[str, ...], int], dict[int, dict[tuple[Any, ...], Move]]] = {}
_MOST_MOVES = 20_000
_MOST_TABLES = 16

#: The game the reader dealt to check the last recording it read (R1-R4), by the
#: recording's ``id``, with the values it was dealt from: that recording's next
#: :meth:`Recording.new_game` hands it out (once) instead of dealing again when the
#: recording still holds those very values (one entry: reading is followed by replaying).
_FRESH: dict[int, tuple[Rules, tuple[str, ...], object, object, Game]] = {}
_LAYING = (Action.ATTACK, Action.THROW, Action.TRANSFER)
_DEFEND_KEYS = frozenset({"player", "action", "card", "target"})
_LAYING_KEYS = frozenset({"player", "action", "cards"})
_SHOW_KEYS = frozenset({"player", "action", "cards", "show"})
_BARE_KEYS = frozenset({"player", "action"})


def _place_of(where: Mapping[str, tuple[int, int]], path: str) -> tuple[int, int]:
    while path:
        if path in where:
            return where[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return where.get("", (1, 1))


@dataclass(frozen=True)
class ValidationReport:
    """The answer of ``durak-nb validate`` for one file.

    Attributes:
        file: the file name.
        ok: the file is a legal game (finished or not).
        error: the :class:`RecordingError` when not ok.
        game: the replayed game when ok (or up to the error, for illegal moves).
        recording: the recording, when it could be read.
        warnings: doubts the reading raised that do not make the file illegal
            (:class:`RecordingWarning`), ok or not.
    """

    file: str
    ok: bool
    error: RecordingError | None
    game: Game | None
    recording: Recording | None
    warnings: tuple[RecordingWarning, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` answer of INTERCHANGE.md, with ``warnings`` (a list of
        :meth:`RecordingWarning.to_json`) when there are any (docs/notation.md)."""
        out = self._answer()
        if self.warnings:
            out["warnings"] = [w.to_json() for w in self.warnings]
        return out

    def _answer(self) -> dict[str, Any]:
        if self.ok:
            assert self.game is not None and self.recording is not None
            g, names = self.game, self.recording.players
            r: Result | None = g.result
            return {
                "ok": True,
                "finished": r is not None,
                "durak": None if r is None or r.durak is None else names[r.durak],
                "draw": bool(r and r.draw),
                "epaulettes": bool(r and r.epaulettes),
                "out_order": [names[s] for s in (r.out_order if r else g.out_order)],
                "losing_team": None if r is None or r.losing_team is None else [names[s] for s in r.losing_team],
                "state": partial_state(self.recording, None)
                if isinstance(self.recording.deal, PartialDeal)
                else g.position().to_json(),
            }
        assert self.error is not None
        e = self.error
        out: dict[str, Any] = {"ok": False, "move": e.move, "rule": e.rule, "message": e.message}
        if e.branch:  # a move in a variation (the notation): where it lies
            out["branch"] = [list(step) for step in e.branch]
        if e.legal:
            out["legal"] = list(e.legal)
        rec = self.recording
        if e.move is not None and e.known is not None:  # a deal nobody saw, read from the notation
            out["state"] = e.known
        elif rec is not None and isinstance(rec.deal, PartialDeal):
            if e.move is not None and not e.branch:  # what is known before the move
                state = partial_state(rec, e.move)
                if state is not None:
                    out["state"] = state
        elif e.move is not None and e.state is not None:
            out["state"] = e.state.to_json()
        return out

    def describe(self) -> str:
        """One line: ``FILE: ok, …`` or the error in ``FILE:LINE:COL: error: …`` form."""
        if not self.ok:
            assert self.error is not None
            return self.error.format()
        assert self.game is not None and self.recording is not None
        r = self.game.result
        state = r.describe(self.recording.players) if r else _("not finished (bout {bout})").format(bout=self.game.bout)
        n = len(self.recording.moves)
        # TRANSLATORS: {state} is how the game ended, in words, or "not finished (bout 3)"
        return ngettext("{file}: ok, {n} move, {state}", "{file}: ok, {n} moves, {state}", n).format(
            file=self.file, n=n, state=state
        )


def partial_state(rec: Recording, k: int | None) -> dict[str, Any] | None:
    """The STATE of a game whose deal nobody saw (INTERCHANGE.md;
    :func:`~durak_nb.record.overboard.known_state`), after its moves (``k`` ``None``) or
    before move ``k``.  Knowledge comes from the whole recording
    (:meth:`Recording.partial`, :meth:`durak_nb.unseen.PartialReplay.seen_at`: at the
    end, whatever must be in the last hand).

    Returns ``None`` when the moves before ``k`` are not a legal game themselves (or
    the facts are ones no deck order meets).
    """
    try:
        replay, _error = rec.partial()
    except DurakError:
        return None
    at = len(replay) if k is None else k
    if at > len(replay):
        return None
    game = replay.game
    for _step in range(len(replay) - at):  # back to the position before move ``at``
        game.undo()
    return known_state(game, replay.seen_at(at))


def validate_recording(rec: Recording) -> ValidationReport:
    """Replay ``rec`` and check its written result.  Never raises for bad games."""
    try:
        game = rec.replay()
        rec.check_result(game)
    except RecordingError as exc:
        return ValidationReport(rec.file, False, exc, None, rec, rec.warnings)
    return ValidationReport(rec.file, True, None, game, rec, rec.warnings)


def validate_file(path: str | Path) -> ValidationReport:
    """Read and replay one ``durak-nb/1`` JSON file (INTERCHANGE.md ``validate``).

    Never raises for bad input: every problem is in the report.
    """
    try:
        rec = Recording.load(path)
    except RecordingError as exc:
        return ValidationReport(str(path), False, exc, None, None)
    return validate_recording(rec)


# ----------------------------------------------------------------------------- reading a document


class _DocReader:
    """Reads one decoded ``durak-nb/1`` document into a :class:`Recording`: one method
    per member, each error at the member's place."""

    def __init__(self, file: str, where: Mapping[str, tuple[int, int]]) -> None:
        self.file = file
        self.where = where
        self.players: list[str] = []
        self.seats: dict[str, int] = {}
        self.rules: Rules | None = None
        self.partial = False  # a deal without deck: redeals name cards (R5)
        self.redeal_turned: dict[int, Card] = {}  # the new deal's turned-up card, by move index
        self.known: dict[str, Card] = {}  # card codes read and accepted in this deck size (cards_of)
        self.known_moves: dict[int, dict[tuple[Any, ...], Move]] = {2: {}, 3: {}, 4: {}}  # see _KNOWN_MOVES

    def fail(self, msg: str, path: str = "", rule: str | None = None) -> RecordingError:
        line, col = _place_of(self.where, path)
        return RecordingError(msg, file=self.file, line=line, column=col, rule=rule)

    def read(self, doc: object) -> Recording:
        if not isinstance(doc, dict):
            raise self.fail(_("a recording is a JSON object"))
        unknown = sorted(set(doc) - _TOP_KEYS)
        if unknown:
            names = ", ".join(sorted(_TOP_KEYS))
            raise self.fail(
                _("unknown member {member!r}: the members are {names}").format(member=unknown[0], names=names),
                unknown[0],
            )
        if doc.get("format") != FORMAT:
            raise self.fail(
                _("'format' must be {want}, not {got}").format(
                    want=json_shown(FORMAT), got=json_shown(doc.get("format"))
                ),
                "format",
            )
        rules = self._rules(doc)
        deal = start = None
        if ("deal" in doc) == ("start" in doc):
            raise self.fail(_("exactly one of 'deal' and 'start' is required"), "")
        if "deal" in doc:
            deal = self._deal(doc["deal"], rules)
        else:
            start = self._start(doc["start"])
        moves, move_places = self._moves(doc.get("moves", []))
        if isinstance(deal, PartialDeal):
            deal = self._partial_facts(deal, rules, moves)
        result = doc.get("result")
        if result is not None and (not isinstance(result, dict) or set(result) - _RESULT_KEYS):
            raise self.fail(
                _('\'result\': an object such as {{"durak": "Boris"}} or {{"durak": null, "draw": true}}').format(),
                "result",
                "R25",
            )
        meta = self._meta(doc.get("meta", {}), len(moves))
        rec = Recording(
            rules=rules,
            players=tuple(self.players),
            deal=deal,
            start=start,
            moves=moves,
            result=result,
            meta=meta,
            file=self.file,
            move_places=move_places,
            result_place=jsonio.LazySequence(functools.partial(_place_of, self.where, "result")),
        )
        try:
            fresh = rec.new_game()
        except SetupError as exc:
            raise self.fail(exc.message, "deal" if deal else "start", exc.rule) from exc
        self._headers(rec, len(moves))
        if not isinstance(deal, PartialDeal):  # the next new_game() of this recording: no second deal
            _FRESH.clear()
            _FRESH[id(rec)] = (rec.rules, rec.players, rec.deal, rec.start, fresh)
        return rec

    def _headers(self, rec: Recording, count: int) -> None:
        """The notation's header bounds (docs/notation.md): what the writer could not
        write as headers (too many, a line too long) is not read either."""
        free = {
            k: v
            for k, v in rec.meta.items()
            if not (k in ANNOTATION_KEYS and annotation_problem(k, v, count, self.players) is None)
        }
        try:
            header_lines(rec, free)
        except RecordingError as exc:
            raise self.fail(_("{why} (as notation headers)").format(why=exc.message), "meta", exc.rule) from None

    # ------------------------------------------------------------------ members

    def _rules(self, doc: dict[str, Any]) -> Rules:
        players = doc.get("players")
        problem = players_problem(players)
        if problem is not None:
            raise self.fail(problem, "players", "R2")
        assert isinstance(players, list)
        self.players = players
        self.seats = {name: i for i, name in enumerate(players)}
        if "rules" not in doc:
            raise self.fail(_("'rules' is missing: a preset name or an object"), "")
        spec = doc["rules"]
        try:
            rules = _PRESETS.get(spec) if type(spec) is str else None
            if rules is None:
                rules = Rules.from_json(spec, players)
                if type(spec) is str and len(_PRESETS) < _MOST_CODES:
                    _PRESETS[spec] = rules
            rules.check_players(len(players))
        except RulesError as exc:  # a value out of range: at its member
            at = f"rules.{exc.option}" if exc.option is not None and isinstance(spec, dict) else "rules"
            raise self.fail(exc.message, at, exc.rule) from exc
        self.rules = rules
        self.known = _KNOWN_CODES.setdefault(rules.deck_size, {})
        table = (tuple(players), rules.deck_size)
        if table not in _KNOWN_MOVES and len(_KNOWN_MOVES) >= _MOST_TABLES:
            _KNOWN_MOVES.clear()
        self.known_moves = _KNOWN_MOVES.setdefault(table, {2: {}, 3: {}, 4: {}})  # names: text (R2)
        return rules

    def seat_of(self, value: object, path: str, rule: str) -> int:
        if not isinstance(value, str) or value not in self.seats:
            raise self.fail(_("{path}: {value!r} is not a player").format(path=path, value=value), path, rule)
        return self.seats[value]

    def cards_of(self, value: object, path: str) -> tuple[Card, ...]:
        if type(value) is list:  # every code read before for this deck size: its card
            try:
                return tuple([self.known[code] for code in value])
            except (KeyError, TypeError):
                pass
        assert self.rules is not None
        size = self.rules.deck_size
        if not isinstance(value, list):
            raise self.fail(_("{path}: a list of card codes").format(path=path), path, "R1")
        out = []
        for i, code in enumerate(value):
            try:
                c = Card.parse(code)
            except CardError as exc:
                raise self.fail(f"{path}[{i}]: {exc.message}", f"{path}[{i}]", "R1") from exc  # the engine's words
            if c.rank < lowest_rank(size):
                raise self.fail(
                    _("{path}: {card} is not in a {size}-card deck").format(path=f"{path}[{i}]", card=c, size=size),
                    f"{path}[{i}]",
                    "R1",
                )
            if type(code) is str and len(self.known) < _MOST_CODES:
                self.known[code] = c
            out.append(c)
        return tuple(out)

    def suit_of(self, value: object, path: str) -> Suit:
        try:
            if not isinstance(value, str):
                raise CardError("R3", "not a string")
            return Suit.parse(value)
        except CardError as exc:
            raise self.fail(
                _("{path}: a suit S, H, D or C, not {value!r}").format(path=path, value=value), path, "R3"
            ) from exc

    def _deal(self, d: object, rules: Rules) -> Deal | PartialDeal:
        if not isinstance(d, dict):
            raise self.fail(_("'deal' must be an object"), "deal")
        if "deck" not in d:  # a deal nobody saw whole (INTERCHANGE.md "Over-the-board recordings")
            return self._partial_deal(d)
        bad = sorted(set(d) - {"dealer", "deck", "trump", "attacker"})
        if bad:
            raise self.fail(_("deal: unknown member {member!r}").format(member=bad[0]), "deal")
        dealer = self.seat_of(d["dealer"], "deal.dealer", "R3") if "dealer" in d else len(self.players) - 1
        if "deck" not in d:
            raise self.fail(_("deal.deck is missing: the whole deck, top card first"), "deal", "R3")
        deck_cards = self.cards_of(d["deck"], "deal.deck")
        complete = len(set(deck_cards)) == len(deck_cards) == rules.deck_size  # else R1 speaks first
        nothing_turned_up = not rules.japanese and len(deck_cards) <= len(self.players) * rules.hand_size
        if complete and nothing_turned_up and d.get("trump") is None:
            raise self.fail(
                _(
                    "deal.trump is required: after the deal no card is left to turn up, so the trump "
                    "suit was chosen at random and must be recorded"
                ),
                "deal",
                "R3",
            )
        return Deal(
            dealer=dealer,
            deck=deck_cards,
            trump=self.suit_of(d["trump"], "deal.trump") if d.get("trump") is not None else None,
            attacker=self.seat_of(d["attacker"], "deal.attacker", "R4") if d.get("attacker") is not None else None,
        )

    def _partial_deal(self, d: dict[str, Any]) -> PartialDeal:
        """A ``deal`` without ``deck``: each member read at its place; the facts are
        checked against each other once the moves are read (:meth:`_partial_facts`)."""
        bad = sorted(set(d) - set(DEAL_KEYS))
        if bad:
            if bad[0] == "deck":
                words = _(
                    "deal: unknown member {member!r}: a deal without 'deck' has {keys}"
                    " (a 'deck' member makes it a whole deal)"
                )
            else:
                words = _("deal: unknown member {member!r}: a deal without 'deck' has {keys}")
            raise self.fail(words.format(member=bad[0], keys=", ".join(DEAL_KEYS)), f"deal.{bad[0]}")
        self.partial = True
        dealer = self.seat_of(d["dealer"], "deal.dealer", "R3") if "dealer" in d else len(self.players) - 1
        turned_up = None
        if d.get("turned_up") is not None:
            if not isinstance(d["turned_up"], str):
                raise self.fail(_('deal.turned_up: one card code, e.g. "7H"'), "deal.turned_up", "R3")
            turned_up = self.cards_of([d["turned_up"]], "deal.turned_up")[0]
        return PartialDeal(
            dealer=dealer,
            turned_up=turned_up,
            trump=self.suit_of(d["trump"], "deal.trump") if d.get("trump") is not None else None,
            attacker=self.seat_of(d["attacker"], "deal.attacker", "R4") if d.get("attacker") is not None else None,
            shown=self._by_player(d.get("shown", {}), "deal.shown", "R4"),
            hands=self._by_player(d.get("hands", {}), "deal.hands", "R3"),
            draws=self._draws(d.get("draws", [])),
        )

    def _by_player(self, value: object, path: str, rule: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """``{name: [cards]}`` as ``(seat, cards)`` pairs in seat order."""
        if not isinstance(value, dict):
            raise self.fail(
                _('{path}: an object of player name -> cards, e.g. {{"Anna": ["6H"]}}').format(path=path), path, rule
            )
        out = []
        for name, cards in value.items():
            seat = self.seat_of(name, f"{path}.{name}", rule)
            out.append((seat, self.cards_of(cards, f"{path}.{name}")))
        return tuple(sorted(out, key=lambda pair: pair[0]))

    def _draws(self, value: object) -> tuple[SeenDraw, ...]:
        """``[{"after": k, "player": name, "cards": [...]}, ...]``; each draw's cards sorted."""
        if not isinstance(value, list):
            raise self.fail(
                _('deal.draws: a list of {{"after": k, "player": name, "cards": [...]}}'), "deal.draws", "R16"
            )
        out = []
        for i, item in enumerate(value):
            path = f"deal.draws[{i}]"
            if not isinstance(item, dict) or set(item) != {"after", "player", "cards"}:
                raise self.fail(
                    _("{path}: an object with exactly 'after' (a move index), 'player' and 'cards'").format(path=path),
                    path,
                    "R16",
                )
            after = item["after"]
            if isinstance(after, bool) or not isinstance(after, int) or after < 0:
                raise self.fail(
                    _("{path}: the index of the move that ended the bout (0, 1, 2, …), not {value!r}").format(
                        path=f"{path}.after", value=after
                    ),
                    f"{path}.after",
                    "R16",
                )
            seat = self.seat_of(item["player"], f"{path}.player", "R16")
            cards = self.cards_of(item["cards"], f"{path}.cards")
            out.append(SeenDraw(after, seat, tuple(sorted(cards))))
        return tuple(out)

    def _partial_facts(self, deal: PartialDeal, rules: Rules, moves: list[Move]) -> PartialDeal:
        """The deal with its redeals' turned-up cards, its facts checked against each
        other and the moves (:func:`~durak_nb.record.overboard.deal_problem`: R1, R3,
        R4, R5, R8, R16), an error at the member at fault."""
        if self.redeal_turned:
            deal = dataclasses.replace(deal, redeals=tuple(sorted(self.redeal_turned.items())))
        problem = deal_problem(rules, self.players, deal, moves)
        if problem is not None:
            path = json_member(problem.member, self.players)
            raise self.fail(f"{path}: {problem.message}", path, problem.rule)  # the reader part's words
        return deal

    def _start(self, s: object) -> Start:
        if not isinstance(s, dict):
            raise self.fail(_("'start' must be an object"), "start")
        bad = sorted(set(s) - {"hands", "talon", "trump", "discard", "attacker", "first_bito_done", "bout"})
        if bad:
            raise self.fail(_("start: unknown member {member!r}").format(member=bad[0]), "start")
        for need in ("hands", "talon", "trump", "attacker"):
            if need not in s:
                raise self.fail(_("{member} is missing").format(member=f"start.{need}"), "start")
        hands = s["hands"]
        if not isinstance(hands, dict):
            raise self.fail(_("start.hands: an object of player name -> cards"), "start")
        for name in hands:
            self.seat_of(name, "start.hands", "R2")
        fbd = s.get("first_bito_done", False)
        if not isinstance(fbd, bool):
            raise self.fail(_("{member}: true or false").format(member="start.first_bito_done"), "start", "R13c")
        bout = s.get("bout", 1)
        if isinstance(bout, bool) or not isinstance(bout, int) or not 1 <= bout <= MAX_BOUT:
            raise self.fail(_("start.bout: a whole number from 1 to {limit}").format(limit=MAX_BOUT), "start", "R19")
        return Start(
            hands=tuple(self.cards_of(hands.get(name, []), f"start.hands.{name}") for name in self.players),
            talon=self.cards_of(s["talon"], "start.talon"),
            trump=self.suit_of(s["trump"], "start.trump"),
            attacker=self.seat_of(s["attacker"], "start.attacker", "R4"),
            discard=self.cards_of(s.get("discard", []), "start.discard"),
            first_bito_done=fbd,
            bout=bout,
        )

    def _moves(self, raw_moves: object) -> tuple[list[Move], Sequence[tuple[int, int]]]:
        if not isinstance(raw_moves, list):
            raise self.fail(_("'moves' must be a list"), "moves")
        if len(raw_moves) > MAX_MOVES:
            raise self.fail(
                ngettext("{n} move; the limit is {limit}", "{n} moves; the limit is {limit}", len(raw_moves)).format(
                    n=len(raw_moves), limit=MAX_MOVES
                ),
                "moves",
            )
        moves: list[Move] = []
        append, known = moves.append, self.known_moves
        two, three, four = known[2], known[3], known[4]
        for k, m in enumerate(raw_moves):
            move = None
            if type(m) is dict:
                # the key: every value of an object of n members the writer writes, so that
                # an object of n members with the same key has the same members and values
                n, get = len(m), m.get
                key: tuple[Any, ...] | None = None
                kept = two
                if n == 2:  # player, action
                    key = (get("player"), get("action"))
                elif n == 3:  # player, action, cards
                    cards, kept = get("cards"), three
                    if type(cards) is list:
                        key = (get("player"), get("action"), *cards)
                elif n == 4:  # player, action (defend), card, target; or player, action, cards, show
                    said, kept = get("action"), four
                    if said == "defend":
                        key = (get("player"), said, get("card"), get("target"))
                    else:
                        cards, show = get("cards"), get("show")
                        if type(cards) is list and type(show) is bool:
                            key = (get("player"), said, show, *cards)
                if key is not None:
                    try:
                        move = kept.get(key)
                    except TypeError:  # a value that is not text (an object, a list): read below
                        key = None
                if move is None:
                    move = self._usual_move(m)
                    if move is not None and key is not None:
                        if len(kept) >= _MOST_MOVES:
                            kept.clear()
                        kept[key] = move
            append(move if move is not None else self._move(m, f"moves[{k}]", k))
        where, n = self.where, len(moves)
        return moves, jsonio.LazySequence(lambda: [_place_of(where, f"moves[{k}]") for k in range(n)])

    def _usual_move(self, m: dict[str, Any]) -> Move | None:
        """The move :meth:`_move` reads from ``m`` when ``m`` has exactly the members
        the writer writes and card codes already read in this document, else ``None``
        (then :meth:`_move` reads it, or names what is wrong)."""
        said, name = m.get("action"), m.get("player")
        if type(said) is not str or type(name) is not str:
            return None
        action, p = _ACTIONS.get(said), self.seats.get(name)
        if action is None or p is None:
            return None
        keys, known = m.keys(), self.known
        try:
            if action is Action.DEFEND:
                if keys == _DEFEND_KEYS:
                    return Move(p, action, (known[m["card"]],), known[m["target"]])
            elif action in _LAYING:
                cards = m.get("cards")
                if type(cards) is list and (keys == _LAYING_KEYS or (keys == _SHOW_KEYS and action is Action.TRANSFER)):
                    show = m.get("show", False)
                    if type(show) is bool:
                        return Move(p, action, tuple([known[c] for c in cards]), None, show)
            elif action is not Action.REDEAL and keys == _BARE_KEYS:
                return Move(p, action)
        except (KeyError, TypeError):  # a code not read before (or not a string)
            pass
        return None

    def _move(self, m: object, path: str, k: int = -1) -> Move:
        if not isinstance(m, dict):
            raise self.fail(_("{path}: a move is an object").format(path=path), path)
        bad = sorted(set(m) - _MOVE_KEYS)
        if bad:
            raise self.fail(_("{path}: unknown member {member!r}").format(path=path, member=bad[0]), path)
        p = self.seat_of(m.get("player"), f"{path}.player", "R2")
        try:
            said = m.get("action")
            action = (_ACTIONS.get(said) if type(said) is str else None) or Action(str(said))
        except ValueError as exc:
            raise self.fail(
                _("{path}: action {value!r}: use one of {actions}").format(
                    path=path, value=m.get("action"), actions=", ".join(a.value for a in Action)
                ),
                path,
            ) from exc
        show = m.get("show", False)
        if not isinstance(show, bool):
            raise self.fail(_("{member}: true or false").format(member=f"{path}.show"), path, "R20")
        if action in (Action.ATTACK, Action.THROW, Action.TRANSFER):
            if set(m) - {"player", "action", "cards", "show"} or (show and action is not Action.TRANSFER):
                if action is Action.TRANSFER:
                    words = _("{path}: {action} takes 'cards' and 'show'")
                else:
                    words = _("{path}: {action} takes 'cards'")
                raise self.fail(words.format(path=path, action=action.value), path)
            return Move(p, action, self.cards_of(m.get("cards"), f"{path}.cards"), None, show)
        if action is Action.DEFEND:
            if set(m) - {"player", "action", "card", "target"} or "card" not in m or "target" not in m:
                raise self.fail(_("{path}: defend takes 'card' and 'target'").format(path=path), path)
            card = self.cards_of([m["card"]], f"{path}.card")[0]
            target = self.cards_of([m["target"]], f"{path}.target")[0]
            return Move(p, action, (card,), target)
        if action is Action.REDEAL:
            if self.partial:
                return self._partial_redeal(m, path, p, k)
            if set(m) - {"player", "action", "deck"} or "deck" not in m:
                raise self.fail(_("{path}: redeal takes 'deck', the new shuffle").format(path=path), path, "R5")
            return Move(p, action, (), None, False, self.cards_of(m["deck"], f"{path}.deck"))
        if set(m) - {"player", "action"}:
            raise self.fail(_("{path}: {action} takes no cards").format(path=path, action=action.value), path)
        return Move(p, action)

    def _partial_redeal(self, m: dict[str, Any], path: str, p: int, k: int) -> Move:
        """A redeal in a game whose deal nobody saw (R5): the claimant's cards of one
        suit as ``cards``, and optionally the new deal's ``turned_up`` card."""
        if set(m) - {"player", "action", "cards", "turned_up"} or "cards" not in m:
            raise self.fail(
                _(
                    "{path}: in a deal without deck a redeal names the cards claimed ('cards', five or more of one"
                    " suit) and may name the new deal's 'turned_up' card"
                ).format(path=path),
                path,
                "R5",
            )
        cards = self.cards_of(m["cards"], f"{path}.cards")
        if m.get("turned_up") is not None:
            if not isinstance(m["turned_up"], str):
                raise self.fail(
                    _('{path}: one card code, e.g. "7H"').format(path=f"{path}.turned_up"), f"{path}.turned_up", "R3"
                )
            self.redeal_turned[k] = self.cards_of([m["turned_up"]], f"{path}.turned_up")[0]
        return Move(p, Action.REDEAL, cards)

    def _meta(self, meta: object, count: int) -> dict[str, Any]:
        """``meta`` within the notation's bounds (docs/notation.md, "Bounds")."""
        if not isinstance(meta, dict):
            raise self.fail(_("'meta' must be an object"), "meta")
        for key, value in meta.items():
            if not isinstance(key, str):  # data built in Python (N10)
                raise self.fail(_("meta: the key {key!r} is not text").format(key=key), "meta")
            problem = jsonio.data_problem(value) if jsonio.lone_surrogate(key) < 0 else _("a lone surrogate")
            if problem is not None:  # data built in Python: what no JSON text can hold
                raise self.fail(_("meta {key!r}: {why}").format(key=key, why=problem), "meta")
            if key in ANNOTATION_KEYS and annotation_problem(key, value, count, self.players) is None:
                if key == "variations" and variation_depth(value) > MAX_DEPTH:
                    raise self.fail(
                        _("meta.variations: variations nested more than {limit} deep").format(limit=MAX_DEPTH), "meta"
                    )
                if key == "variations" and count + variation_moves(value) > MAX_MOVES:
                    raise self.fail(
                        _("more than {limit} moves in one game, counting every variation (meta.variations)").format(
                            limit=MAX_MOVES
                        ),
                        "meta",
                    )
            elif jsonio.depth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
                raise self.fail(
                    _("meta {key!r}: a JSON value nested more than {limit} deep").format(key=key, limit=MAX_JSON_DEPTH),
                    "meta",
                )
        return meta
