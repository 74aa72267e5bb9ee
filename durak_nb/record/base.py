"""The ground floor of :mod:`durak_nb.record`: the documented bounds, the error and the
warning every format step raises or keeps (:class:`RecordingError`,
:class:`RecordingWarning`) and the ``deal`` member (:class:`Deal`).  It imports nothing
else of ``record/``; :mod:`.json_form` gives the same names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, Suit
from ..engine import MAX_BOUT, MAX_NAME, Position
from ..errors import DurakError
from ..i18n import N_, get_language, translations

__all__ = [
    "MAX_BOUT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "Deal",
    "RecordingError",
    "RecordingWarning",
]

#: Documented bounds (docs/notation.md, "Bounds"), the same for the JSON form and the
#: notation: a larger document is refused with a clear error.
MAX_BYTES = 16 * 1024 * 1024  #: bytes in a file (characters in a text)
MAX_MOVES = 100_000  #: moves in one game (the notation counts every variation)
# MAX_NAME (characters in a player name, R2) and MAX_BOUT (``start.bout``, ``[Bout n]``, R19)
# are the engine's bounds, imported above and exported from here for the readers.
MAX_DEPTH = 100  #: variations nested in variations
MAX_JSON_DEPTH = 100  #: arrays and objects nested in a ``meta`` value (a notation header)


class RecordingError(DurakError):
    """A recording that cannot be read or replayed.

    Attributes:
        file: the file name (``'<string>'`` for text).
        line, column: 1-based place of the problem in the file.
        move: 0-based index of the offending move, or ``None`` for a document error.
        rule: the rule id (e.g. ``'R13b'``), or ``None`` for a pure format error.
        message: what is wrong, in words.
        state: the position before the offending move (illegal moves only).
        legal: the legal moves at that point, as the notation writes them (empty when
            unknown); the notation reader also names them in ``message``.
        branch: where the move lies when it is in a variation: (move index, variation
            number from 1) steps from the main line, so ``((5, 2),)`` is the second
            variation of main-line move 5 and ``move`` counts within it; empty for the
            main line.
        known: for a game whose deal nobody saw (where ``state`` is ``None``: its
            hidden cards are never shown), the STATE of INTERCHANGE.md before the move,
            with only what is known (:func:`~durak_nb.record.overboard.known_state`).
        whole: the error is about the whole file, not a place in it (a write error, or
            a file that cannot be read: :func:`read_bytes`): :meth:`format` names the
            file without a line and column.
        language: the language ``message`` was said in (``'en'``, ``'ru'``, ``'uk'``):
            :meth:`format` frames it in the same one (``error:``, ``ошибка:``, ``помилка:``),
            whatever language is in use when it is shown.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "<string>",
        line: int = 1,
        column: int = 1,
        move: int | None = None,
        rule: str | None = None,
        state: Position | None = None,
        legal: Sequence[str] = (),
        branch: Sequence[tuple[int, int]] = (),
        known: dict[str, Any] | None = None,
        whole: bool = False,
    ) -> None:
        super().__init__(rule, message)
        self.whole = whole
        self.file, self.line, self.column = file, line, column
        self.move, self.state = move, state
        self.legal: tuple[str, ...] = tuple(legal)
        self.branch: tuple[tuple[int, int], ...] = tuple(branch)
        self.known = known
        #: doubts about the game read before the error (:class:`RecordingWarning`): the
        #: notation's reader sets them, ``validate`` prints them beside the error
        self.warnings: tuple[RecordingWarning, ...] = ()
        self.language = get_language()  # the language of ``message``: the frame says the same
        self.args = (self.format(),)

    def __str__(self) -> str:
        return self.format()

    def __reduce__(self) -> tuple[object, ...]:
        keep = {k: getattr(self, k) for k in ("file", *_KEPT)}
        return (_recording_error, (self.message, keep, self.language))

    def naming(self, file: str | Path) -> RecordingError:
        """This error, or the same error naming ``file`` when it has no place of its own
        (no file, or no line, column and move in it): a writer's error about the whole
        document names the file being written."""
        placed = self.move is not None or (self.line, self.column) != (1, 1)
        if self.file != "<string>" and placed:
            return self
        keep = {k: getattr(self, k) for k in _KEPT}
        return _recording_error(self.message, {"file": str(file), **keep}, self.language)

    def format(self) -> str:
        """``FILE:LINE:COL: error: [RULE] message`` (INTERCHANGE.md); ``FILE: error:
        message`` for an error about the whole file (:attr:`whole`: a write error)."""
        tag = f"[{self.rule}] " if self.rule else ""
        words = translations(getattr(self, "language", None)).gettext  # the message's language
        if self.whole:
            return words(_FRAME_WHOLE).format(file=self.file, tag=tag, message=self.message)
        return words(_FRAME).format(file=self.file, line=self.line, column=self.column, tag=tag, message=self.message)


# TRANSLATORS: {tag} is a rule id such as "[R13b] " (or nothing); {message} is already in words
_FRAME = N_("{file}:{line}:{column}: error: {tag}{message}")
# TRANSLATORS: a write error, about the whole file; {tag} as above
_FRAME_WHOLE = N_("{file}: error: {tag}{message}")


# TRANSLATORS: a doubt about a file that is still read (validate's exit status is unchanged)
_FRAME_WARNING = N_("{file}:{line}:{column}: warning: {message}")


@dataclass(frozen=True)
class RecordingWarning:
    """A doubt about a recording that is still read and kept as written: ``durak-nb
    validate`` prints it and still exits 0 (e.g. a header of its own whose name is close
    to a standard one, docs/notation.md "Headers": ``[Rulez …]``, did you mean Rules?).

    Attributes:
        message: what is doubtful, in words (in :attr:`language`).
        file: the file name (``'<string>'`` for text).
        line, column: 1-based place in the file.
        language: the language ``message`` was said in; :meth:`format` frames it in it.
    """

    message: str
    file: str = "<string>"
    line: int = 1
    column: int = 1
    language: str = field(default_factory=get_language)

    def format(self) -> str:
        """``FILE:LINE:COL: warning: message``."""
        words = translations(self.language).gettext
        return words(_FRAME_WARNING).format(file=self.file, line=self.line, column=self.column, message=self.message)

    def to_json(self) -> dict[str, Any]:
        """``{"line": n, "column": n, "message": "..."}``: an item of ``validate --json``'s ``warnings``."""
        return {"line": self.line, "column": self.column, "message": self.message}


#: what a :class:`RecordingError` carries besides its message and file (pickled, renamed)
_KEPT = ("line", "column", "move", "rule", "state", "legal", "branch", "known", "whole")


def _recording_error(message: str, keep: dict[str, Any], lang: str | None = None) -> RecordingError:
    error = RecordingError(message, **keep)
    if lang is not None:
        error.language = lang
        error.args = (error.format(),)
    return error


@dataclass(frozen=True)
class Deal:
    """The ``deal`` member: a whole deck dealt by R3 from ``dealer``.

    Attributes:
        dealer: seat of the dealer.
        deck: the whole deck, top card first.
        trump: the trump suit where R3 leaves no card to turn up, else ``None``.
        attacker: the first attacker where R4's lowest trump does not apply, or ``None``.
    """

    dealer: int
    deck: tuple[Card, ...]
    trump: Suit | None = None
    attacker: int | None = None
