"""JSON Lines of games: one ``durak-nb/1`` document (INTERCHANGE.md) per line.

The form of a self-play corpus's recordings (:mod:`durak_nb.corpus`): many independent
games in one file, each line a whole document in the compact canonical JSON (no line
breaks inside; every string's control characters escaped).  Unlike a JSON array (a
match, whose games follow each other under R4), the games of a ``.jsonl`` file are
independent deals.  :func:`read_jsonl` is registered for the ``.jsonl`` suffix with
:func:`durak_nb.record.io.register_loader` (by :mod:`durak_nb.corpus`), so
``io.load_games``, ``tables.games_frame`` and the replayer read these files; a
recorder journal (``.durak.jsonl``) keeps its own reader (the longer suffix wins).

>>> from durak_nb.selfplay import record_bot_game
>>> recs = [record_bot_game("podkidnoy", 2, s) for s in (1, 2)]
>>> text = jsonl_text(recs)
>>> text.count("\\n"), [r.result for r in parse_jsonl(text)] == [r.result for r in recs]
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..i18n import _, ngettext
from . import jsonio
from .json_form import MAX_BYTES, Recording, RecordingError, json_compact, read_text
from .lexer import MAX_GAMES

__all__ = ["JSONL_SUFFIX", "jsonl_line", "jsonl_text", "parse_jsonl", "read_jsonl"]

#: The suffix of a file of games, one document per line.
JSONL_SUFFIX = ".jsonl"


def jsonl_line(rec: Recording) -> str:
    """One game as one line (no newline at its end): the canonical document
    in compact form, checked as the readers check it
    (:func:`~durak_nb.record.json_form.json_compact`, as ``json_document`` checks the
    indented form).

    Raises:
        RecordingError: ``meta`` holds what the strict reader refuses.
    """
    # refuses what the reader would refuse (non-finite, surrogates, nesting), as json_document
    return json_compact(rec.to_json(), rec.file)


def jsonl_text(games: Sequence[Recording]) -> str:
    """The games, one line each, every line ended by ``\\n``.

    Raises:
        RecordingError: more than :data:`~durak_nb.record.lexer.MAX_GAMES` games, a text
            longer than :data:`~durak_nb.record.json_form.MAX_BYTES` (the readers'
            bounds), or a game :func:`jsonl_line` refuses.
    """
    if len(games) > MAX_GAMES:
        raise RecordingError(
            ngettext(
                "{count} game; the limit of one file is {most}",
                "{count} games; the limit of one file is {most}",
                len(games),
            ).format(count=len(games), most=MAX_GAMES)
        )
    text = "".join(jsonl_line(g) + "\n" for g in games)
    if len(text) > MAX_BYTES:
        raise RecordingError(
            _("the games take {count} characters; the limit of one file is {most}").format(
                count=len(text), most=MAX_BYTES
            )
        )
    return text


def parse_jsonl(text: str, file: str = "<string>") -> list[Recording]:
    """Every game of a JSON Lines text (blank lines skipped), each read by the strict
    reader and replayed (:meth:`Recording.from_json_text`).

    Raises:
        RecordingError: no game, more than :data:`~durak_nb.record.lexer.MAX_GAMES`, or
            a line that is not a legal game; the error names the file, the line of the
            file, the column and the move (and the rule of an illegal move).
    """
    recs: list[Recording] = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip(" \t\r"):
            continue
        if len(recs) >= MAX_GAMES:
            raise RecordingError(
                _("more than {most} games in one file").format(most=MAX_GAMES), file=file, line=n, column=1
            )
        try:
            rec = Recording.from_json_text(line, file=file)
        except RecordingError as exc:
            raise RecordingError(
                exc.message, file=file, line=n + exc.line - 1, column=exc.column, move=exc.move, rule=exc.rule
            ) from exc
        rec.move_places = _shifted(rec.move_places, n)
        recs.append(rec)
    if not recs:
        raise RecordingError(_("no game: a .jsonl file holds one durak-nb/1 document per line"), file=file, line=1)
    return recs


def _shifted(places: Sequence[tuple[int, int]], line: int) -> Sequence[tuple[int, int]]:
    """The places of a document on line ``line`` of the file, found on first use."""
    return jsonio.LazySequence(lambda: [(line + ln - 1, c) for ln, c in places])


def read_jsonl(path: str | Path) -> list[Recording]:
    """Every game of the ``.jsonl`` file at ``path`` (:func:`parse_jsonl`), read within
    the readers' bound (:data:`~durak_nb.record.json_form.MAX_BYTES`).

    Raises:
        RecordingError: as :func:`parse_jsonl`, or the file cannot be read.
    """
    return parse_jsonl(read_text(path, encoding="utf-8-sig"), str(path))
