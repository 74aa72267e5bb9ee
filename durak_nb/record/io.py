"""Recording files by suffix, in one place: :func:`load_games` / :func:`load`,
:func:`dump` and :func:`validate_path` for ``.json`` (a ``durak-nb/1`` document, or a
JSON array of them: a match), ``.durak`` (the notation) and ``.durak.jsonl`` (a
recorder journal), plus readers other code registers (:func:`register_loader`).

Every file is read by :func:`~durak_nb.record.json_form.read_bytes` (at most the bound
plus one byte, regular files only) and written atomically
(:func:`~durak_nb.record.json_form.write_atomic`): a failed write leaves an existing file
as it was.  What is written is checked first as the readers check it (every move legal,
the written result agreeing with the replay, the bounds), so ``dump`` never writes a
file that ``validate_path`` refuses.

>>> import tempfile, pathlib
>>> from durak_nb.engine import Game
>>> from durak_nb.record import Deal, Recording
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
>>> rec = Recording(g.rules, g.players, deal=Deal(1, g.deck_order))
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> dump(rec, folder / "game.durak"); dump(rec, folder / "game.json")
>>> load(folder / "game.durak") == load(folder / "game.json") == rec
True
>>> [r.ok for r in validate_path(folder / "game.json")]
[True]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from ..i18n import _, ngettext
from . import jsonio
from .json_form import (
    Recording,
    RecordingError,
    ValidationReport,
    json_document,
    read_bytes,
    read_text,
    validate_recording,
    write_atomic,
)
from .jsonlines import JSONL_SUFFIX, read_jsonl
from .lexer import MAX_GAMES, SUFFIX, Source
from .reader import parse
from .recorder import JOURNAL_SUFFIX, read_journal
from .writer import check_lines, check_match, write

__all__ = [
    "JOURNAL_SUFFIX",
    "JSON_SUFFIX",
    "SUFFIX",
    "Loader",
    "check_match",
    "dump",
    "json_text",
    "load",
    "load_game",
    "load_games",
    "loader_for",
    "read_bytes",
    "read_text",
    "register_loader",
    "suffixes",
    "validate_path",
    "write_form",
]

#: The suffix of the JSON form; of a recorder journal (``durak_nb.record.recorder``).
JSON_SUFFIX = ".json"

#: The forms a recording is written in, by the suffix that names them (:func:`write_form`).
WRITE_FORMS = {SUFFIX: "durak", JSON_SUFFIX: "json"}


def write_form(path: str | Path) -> str | None:
    """The form a recording is written in at ``path``, by its file name's suffix,
    whatever its case (as :func:`loader_for` reads): ``'durak'`` for ``.durak`` (the
    notation), ``'json'`` for ``.json`` (the JSON form), ``None`` for any other name
    (a recorder journal ``.durak.jsonl`` too).  The one place every command and
    ``save`` that picks a form by suffix asks (``convert``, ``analyse``, :func:`dump`,
    ``Annotator.save``).

    >>> write_form("game.durak"), write_form("OUT.JSON"), write_form("lesson.Durak"), write_form("x.durak.jsonl")
    ('durak', 'json', 'durak', None)
    """
    name = (path.name if isinstance(path, Path) else Path(path).name).lower()
    for suffix, form in WRITE_FORMS.items():
        if name.endswith(suffix):
            return form
    return None


#: A reader: a path in; out one :class:`Recording`, a sequence of them (a match), or an
#: object holding one in its ``recording`` attribute (a recorder journal).
Loader = Callable[[Path], object]

#: Readers given to :func:`register_loader`, by suffix (they come first).
_LOADERS: dict[str, Loader] = {}
#: Every suffix with a reader, the longest first (:func:`loader_for`), by the suffixes
#: registered when it was made (one entry: made again when they change).
_ORDER: dict[tuple[str, ...], list[str]] = {}


# ----------------------------------------------------------------------------- reading


def _read_json_file(path: Path) -> list[Recording]:
    text = read_text(path, encoding="utf-8-sig")
    if not text.lstrip(" \t\r\n").startswith("["):
        return [Recording.from_json_text(text, file=str(path))]
    return _json_array(text, str(path))


def _shifted(places: Sequence[tuple[int, int]], line0: int, col0: int) -> Sequence[tuple[int, int]]:
    """The places of an element's text (``places``, from its line 1 column 1) in the
    file where the element starts at (``line0``, ``col0``), found on first use."""
    return jsonio.LazySequence(lambda: [(ln + line0 - 1, c + (col0 - 1 if ln == 1 else 0)) for ln, c in places])


def _read_notation_file(path: Path) -> list[Recording]:
    return parse(read_text(path), file=str(path)).games


def _read_journal_file(path: Path) -> object:
    return read_journal(path)


_BUILTIN: dict[str, Loader] = {
    JSON_SUFFIX: _read_json_file,
    SUFFIX: _read_notation_file,
    JOURNAL_SUFFIX: _read_journal_file,
    JSONL_SUFFIX: read_jsonl,  # games, one document per line (corpora: record.jsonlines)
}


def register_loader(suffix: str, loader: Loader) -> None:
    """Read files whose name ends with ``suffix`` (e.g. ``'.pgn'``) with ``loader``.

    Args:
        suffix: the end of the file name, with its dot; the longest suffix that a name
            ends with wins (``'.durak.jsonl'`` before ``'.jsonl'``); a registered
            reader comes before the kit's own for the same suffix.
        loader: a function ``Path -> Recording`` (or a sequence of recordings, for a
            file holding a match; or an object with a ``recording`` attribute); it
            raises an exception for a bad file.

    Raises:
        ValueError: ``suffix`` does not start with a dot.
    """
    if not suffix.startswith("."):
        raise ValueError(_("a suffix starts with a dot: {suffix}").format(suffix=repr(suffix)))
    _LOADERS[suffix.lower()] = loader


def suffixes() -> list[str]:
    """Every suffix with a reader, the kit's and the registered ones, sorted."""
    return sorted(set(_LOADERS) | set(_BUILTIN))


def loader_for(path: str | Path) -> Loader | None:
    """The reader for ``path``'s name (the longest matching suffix; a registered reader
    first), or ``None``.  The file is not opened."""
    name = (path.name if isinstance(path, Path) else Path(path).name).lower()
    registered = tuple(_LOADERS)
    if _ORDER.get(registered) is None:
        _ORDER.clear()
        _ORDER[registered] = sorted(set(_LOADERS) | set(_BUILTIN), key=len, reverse=True)
    for suffix in _ORDER[registered]:
        if name.endswith(suffix):
            return _LOADERS.get(suffix) or _BUILTIN[suffix]
    return None


def _as_recordings(got: object, path: Path) -> list[Recording]:
    items = list(got) if isinstance(got, Sequence) else [got]
    out: list[Recording] = []
    for item in items:
        rec = getattr(item, "recording", item)
        if not isinstance(rec, Recording):
            raise RecordingError(
                _("the reader gave {type}, not a recording").format(type=type(item).__name__), file=str(path)
            )
        out.append(rec)
    return out


def load_games(path: str | Path) -> list[Recording]:
    """Every game of the file at ``path``, by its suffix: ``.durak`` (the notation),
    ``.durak.jsonl`` (a recorder journal), a registered suffix, and otherwise the JSON
    form (one ``durak-nb/1`` document, or an array of them: a match, checked for R4).

    Raises:
        RecordingError: the file cannot be read (past the size bound, not a regular
            file, not UTF-8) or does not hold legal games: the reader's error, naming
            the file, line, column, move and rule.
    """
    p = Path(path)
    loader = loader_for(p) or _read_unnamed_file
    return _as_recordings(loader(p), p)


def _read_unnamed_file(path: Path) -> list[Recording]:
    """A file whose name ends in no reader's suffix: read as the JSON form when it
    holds JSON (an object, or an array of objects); else refused, naming the suffixes
    (a notation file saved as ``game.txt`` was "bad JSON value")."""
    text = read_text(path, encoding="utf-8-sig")
    head = text.lstrip(" \t\r\n")
    if head.startswith("{") or (head.startswith("[") and head[1:].lstrip(" \t\r\n")[:1] in ("{", "]")):
        if not head.startswith("["):
            return [Recording.from_json_text(text, file=str(path))]
        return _json_array(text, str(path))
    raise RecordingError(
        # TRANSLATORS: {suffixes} lists the file name endings the kit reads (.durak, .json, ...)
        _("the file name ends in none of {suffixes}, and the file is not JSON: name it by its form").format(
            suffixes=", ".join(suffixes())
        ),
        file=str(path),
    )


def load_game(path: str | Path, game: int = 0) -> tuple[list[Recording], int]:
    """Every game of the file at ``path`` (:func:`load_games`) and the index ``game``
    of the one asked for (0-based), checked: the one home of "game ``game`` of the
    file" (``Replay.load``, ``Annotator.load``).

    Raises:
        TypeError: ``game`` is not an int (a bool is not a game number), before the
            file is read.
        RecordingError: as :func:`load_games`.
        IndexError: the file has no game ``game``: the message names the file and
            how many games it holds.
    """
    if isinstance(game, bool) or not isinstance(game, int):
        raise TypeError(f"game must be an int (an index), not {game!r}")
    games = load_games(path)
    if not 0 <= game < len(games):
        raise IndexError(
            ngettext(
                "{path} holds {n} game; there is no game {game} (games are counted from 0)",
                "{path} holds {n} games; there is no game {game} (games are counted from 0)",
                len(games),
            ).format(path=path, n=len(games), game=game)
        )
    return games, game


def load(path: str | Path) -> Recording:
    """The one game of the file at ``path`` (:func:`load_games`).

    Raises:
        RecordingError: as :func:`load_games`, or the file holds several games (a match).
    """
    games = load_games(path)
    if len(games) != 1:
        raise RecordingError(
            ngettext(
                "the file holds {count} game (a match): read it with load_games",
                "the file holds {count} games (a match): read it with load_games",
                len(games),
            ).format(count=len(games)),
            file=str(path),
        )
    return games[0]


def _json_array(text: str, file: str) -> list[Recording]:
    src = Source(text, file)
    start = text.index("[")
    try:
        value = jsonio.decode(text[start:])
    except jsonio.JSONProblem as exc:
        raise src.error(
            _("a match: bad JSON value: {problem}").format(problem=exc.message), start + exc.index
        ) from None
    if not isinstance(value, list) or not value:
        raise src.error(_("a match is a JSON array of durak-nb/1 documents"), start)
    if len(value) > MAX_GAMES:
        raise src.error(_("more than {most} games in one file").format(most=MAX_GAMES), start)
    # the text of each element, so that its errors name places in the file
    dec = json.JSONDecoder()  # the text is known to decode: the C scanner finds each element
    recs = []
    i = start + 1
    for _element in value:
        while text[i] in " \t\r\n,":
            i += 1
        _obj, j = dec.raw_decode(text, i)
        line0, col0 = src.lc(i)
        try:
            rec = Recording.from_json_text(text[i:j], file=file)
        except RecordingError as exc:
            col = exc.column + (col0 - 1 if exc.line == 1 else 0)
            raise RecordingError(
                exc.message, file=file, line=exc.line + line0 - 1, column=col, move=exc.move, rule=exc.rule
            ) from exc
        rec.move_places = _shifted(rec.move_places, line0, col0)
        recs.append(rec)
        i = j
    check_match(recs)
    return recs


def json_text(games: Recording | Sequence[Recording]) -> str:
    """The canonical JSON text: one document, or an array of them for a match.

    Raises:
        RecordingError: ``meta`` holds what the strict reader refuses (a non-finite
            number, a lone surrogate, nesting past the bound), so it cannot be written.
    """
    if isinstance(games, Recording):
        return games.dumps()
    if len(games) == 1:
        return games[0].dumps()
    return json_document([g.to_json() for g in games], games[0].file if games else "<string>")


def validate_path(path: str | Path) -> list[ValidationReport]:
    """``durak-nb validate`` for one file of any readable form: one report per game (a
    match gives several).  Never raises for bad input.

    The report of a notation file names the line and column of the first problem in
    the notation text (R4 included for a match); of a JSON file, the place of the
    offending member or move.
    """
    p = Path(path)
    try:
        games = load_games(p)
    except RecordingError as exc:
        return [ValidationReport(str(p), False, exc, None, None, exc.warnings)]
    reports = []
    for n, rec in enumerate(games, 1):
        report = _validate_game(rec)
        if len(games) > 1:
            report = ValidationReport(
                # TRANSLATORS: {file} is a file name; the games of a match are counted from 1
                _("{file} (game {n} of {count})").format(file=p, n=n, count=len(games)),
                report.ok,
                report.error,
                report.game,
                report.recording,
                report.warnings,
            )
        reports.append(report)
    return reports


def _validate_game(rec: Recording) -> ValidationReport:
    """The main line and its result (``validate_recording``), then every variation of
    ``meta.variations`` as the writer replays them (:func:`~durak_nb.record.writer.check_lines`)."""
    report = validate_recording(rec)
    if report.ok and "variations" in rec.meta:  # a malformed one too (variations_refusal)
        try:
            check_lines(rec)
        except RecordingError as exc:
            return ValidationReport(rec.file, False, exc, None, rec, rec.warnings)
    return report


# ----------------------------------------------------------------------------- writing


def dump(games: Recording | Sequence[Recording], path: str | Path) -> None:
    """Write one game or a match to ``path`` in the form its suffix names: ``.durak``
    the notation (:func:`~durak_nb.record.writer.write`), anything else the JSON form
    (:func:`json_text`).  The games are checked first as :func:`validate_path` checks
    them (every move legal, each written result agreeing with the replay: R25; R4
    between the games of a match), then written atomically.

    Raises:
        RecordingError: a game that the readers would refuse (its move, rule and, for a
            game read from a file, the place there), what the form cannot hold, or the
            file cannot be written; an error with no place of its own names
            ``path``.  ``path`` is left as it was.
    """
    recs = [games] if isinstance(games, Recording) else list(games)
    try:
        if write_form(path) == "durak":  # any other name: the JSON form
            text = write(recs)
        else:
            if not recs:
                raise RecordingError(_("nothing to write: no game"))
            for rec in recs:
                rec.check_result(rec.replay())
                if "variations" in rec.meta:
                    check_lines(rec)  # every variation legal, as the notation writer checks
            check_match(recs)
            text = json_text(recs)
    except RecordingError as exc:
        raise exc.naming(path) from None
    write_atomic(path, text)
