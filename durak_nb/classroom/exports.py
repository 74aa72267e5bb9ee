"""A class's work after class (docs/class-protocol.md, "After class";
``durak-nb class export CODE -o DIR``): every game as a recording, and two tables.

:func:`export_class` writes, into ``DIR``:

- ``games/<table>.json`` and ``games/<table>.durak`` for every table of the class
  (``T1``, ``T2``…), finished or not (an unfinished game is a valid recording without a
  result), in INTERCHANGE's JSON form and in the notation, both through the record
  layer's writers (:func:`durak_nb.record.io.dump`), which replay every move first.
  The headers say the class's title (``Event``), its code (``Class``), the teacher
  (``Teacher``), the day the table was opened (``Date``, UTC), the table's name
  (``Table``) and which players were students (``Students``; the other seats were
  bots); ``Players`` names everyone in seat order.
- ``games.parquet``: one row per game (:data:`GAME_COLUMNS`): the table and the class,
  then the columns of :func:`durak_nb.tables.games_frame` read from the written files
  (preset, options, players, names, finished, durak, draw, moves, bouts, takes…).
- ``answers.parquet``: one row per drill answer (:data:`ANSWER_COLUMNS`).

Everything is written to a staging folder inside ``DIR`` first and moved into place
only once every file is written: a failed export changes nothing in ``DIR``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ..i18n import _, ngettext
from ..record import Recording, RecordingError
from ..record.io import dump
from ..rules import RulesError
from .store import ClassInfo, Store, StoreError, TableInfo, UnknownRow

__all__ = ["ANSWER_COLUMNS", "GAME_COLUMNS", "ExportReport", "export_class", "recording_of"]

#: The columns of ``games.parquet``, in order: ``table`` (``T1``…), ``class`` (the
#: code), ``class_title``, ``teacher``, ``students`` (the names of the seats students
#: held, ``', '``-separated), ``opened``, ``closed`` (UTC; ``closed`` is empty while
#: the game goes on), ``json``, ``durak_file`` (the files, relative to the export
#: folder), then :data:`durak_nb.tables.GAME_COLUMNS` without ``file``.
GAME_COLUMNS: tuple[str, ...] = (
    "table",
    "class",
    "class_title",
    "teacher",
    "students",
    "opened",
    "closed",
    "json",
    "durak_file",
)
#: The columns of ``answers.parquet``, in order: ``class`` (the code), ``student``
#: (the name), ``drill`` (its number in the class, from 1), ``kind``, ``seed``,
#: ``question`` (0-based), ``answer``, ``right``, ``at`` (UTC).
ANSWER_COLUMNS: tuple[str, ...] = ("class", "student", "drill", "kind", "seed", "question", "answer", "right", "at")


@dataclass(frozen=True)
class ExportReport:
    """What :func:`export_class` wrote.

    Attributes:
        folder: the export folder.
        code, title: the class's code and title.
        games: the JSON files written, one per table, in table order.
        notation: the ``.durak`` files written, in the same order.
        games_table, answers_table: the two Parquet files.
        finished: how many of the games are finished.
        answers: the rows of ``answers.parquet``.
    """

    folder: Path
    code: str
    title: str
    games: tuple[Path, ...]
    notation: tuple[Path, ...]
    games_table: Path
    answers_table: Path
    finished: int
    answers: int

    def describe(self) -> str:
        """The report in words (the current language), for ``durak-nb class export``."""
        n = len(self.games)
        games = ngettext("{n} game ({finished} finished)", "{n} games ({finished} finished)", n).format(
            n=n, finished=self.finished
        )
        answers = ngettext("{n} drill answer", "{n} drill answers", self.answers).format(n=self.answers)
        # TRANSLATORS: {title} is the class's title as the teacher wrote it, {code} its code (K7M2QX)
        return _("Class {title} ({code}): {games} and {answers} written to {folder}").format(
            title=self.title, code=self.code, games=games, answers=answers, folder=self.folder
        )


def recording_of(store: Store, klass: ClassInfo, table: TableInfo) -> Recording:
    """The recording of ``table``: its document, every committed move, its result when
    finished, and the class's headers (title, code, teacher, date, table, students).

    Raises:
        StoreError: the stored game is not a valid recording (the record layer's words,
            the table named); it cannot happen to a game the server refereed.
    """
    moves = [m.move for m in store.moves(table.id)]
    meta: dict[str, Any] = dict(table.doc.get("meta") or {})
    meta.setdefault("event", klass.title)
    headers = dict(meta.get("headers") or {})
    names = list(table.doc.get("players") or [])
    students = [names[i] for i, seat in enumerate(table.seats) if "student" in seat and i < len(names)]
    own = {
        "Class": klass.code,
        "Teacher": klass.teacher,
        "Date": table.created.strftime("%Y-%m-%d"),
        "Table": table.name,
        "Students": ", ".join(students) if students else "-",
    }
    for key, value in own.items():
        headers.setdefault(key, value)
    meta["headers"] = headers
    doc: dict[str, Any] = {**table.doc, "moves": moves, "meta": meta}
    if table.result is not None:
        doc["result"] = table.result
    try:
        return Recording.from_json(doc, file=f"{table.name}.json")
    except (RecordingError, RulesError) as exc:
        raise StoreError(
            _("table {table} of class {code} is not a valid recording: {why}").format(
                table=table.name, code=klass.code, why=exc
            )
        ) from None


def _answers_frame(store: Store, klass: ClassInfo) -> pd.DataFrame:
    names = {s.id: s.name for s in store.students(klass.id)}
    drills = {d.id: (number, d) for number, d in enumerate(store.drills(klass.id), start=1)}
    rows = [
        {
            "class": klass.code,
            "student": names.get(a.student_id),
            "drill": drills[a.drill_id][0],
            "kind": drills[a.drill_id][1].kind,
            "seed": drills[a.drill_id][1].seed,
            "question": a.question,
            "answer": a.answer,
            "right": a.right,
            "at": a.at,
        }
        for a in store.answers(klass.id)
    ]
    frame = pd.DataFrame(rows, columns=list(ANSWER_COLUMNS))
    return frame.astype(
        {
            "class": "string",
            "student": "string",
            "drill": "Int64",
            "kind": "string",
            "seed": "Int64",
            "question": "Int64",
            "answer": "Int64",
            "right": "boolean",
            "at": "datetime64[us, UTC]",
        }
    )


def _games_frame(rows: list[dict[str, Any]], files: list[Path]) -> pd.DataFrame:
    from ..tables import GAME_COLUMNS as READ_COLUMNS
    from ..tables import games_frame

    read = games_frame(files, progress=False, workers=1) if files else pd.DataFrame(columns=list(READ_COLUMNS))
    read = read.drop(columns=["file"]).reset_index(drop=True)
    ours = pd.DataFrame(rows, columns=list(GAME_COLUMNS)).astype(
        {
            "table": "string",
            "class": "string",
            "class_title": "string",
            "teacher": "string",
            "students": "string",
            "opened": "datetime64[us, UTC]",
            "closed": "datetime64[us, UTC]",
            "json": "string",
            "durak_file": "string",
        }
    )
    return pd.concat([ours, read], axis=1)


def export_class(store: Store, code: str, out: Path) -> ExportReport:
    """Write class ``code``'s games and tables into the folder ``out`` (made when
    missing; files of an earlier export of the same names are replaced).

    Args:
        store: the class store.
        code: the class code as typed (case, spaces and dashes ignored).
        out: the export folder.

    Returns:
        An :class:`ExportReport` of the files written.

    Raises:
        UnknownRow: no class has this code.
        StoreError: a stored game is not a valid recording, the folder cannot be made
            or written (nothing in ``out`` is changed then), pyarrow is missing, or
            the store cannot be read.
    """
    klass = store.class_by_code(code)
    if klass is None:
        raise UnknownRow(_("no class has the code {code}").format(code=repr(str(code))[:40]))
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".export-", dir=out))
    except OSError as exc:
        raise StoreError(_("cannot write the folder {folder}: {why}").format(folder=out, why=exc.strerror)) from None
    try:
        return _export(store, klass, out, stage)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _export(store: Store, klass: ClassInfo, out: Path, stage: Path) -> ExportReport:
    (stage / "games").mkdir()
    rows: list[dict[str, Any]] = []
    staged: list[Path] = []
    for table in store.tables(klass.id):
        rec = recording_of(store, klass, table)
        names = list(rec.players)
        for suffix in (".json", ".durak"):
            path = stage / "games" / f"{table.name}{suffix}"
            try:
                dump(rec, path)
            except RecordingError as exc:
                raise StoreError(
                    _("table {table} of class {code} cannot be written: {why}").format(
                        table=table.name, code=klass.code, why=exc
                    )
                ) from None
        staged.append(stage / "games" / f"{table.name}.json")
        rows.append(
            {
                "table": table.name,
                "class": klass.code,
                "class_title": klass.title,
                "teacher": klass.teacher,
                "students": ", ".join(n for i, n in enumerate(names) if "student" in table.seats[i]),
                "opened": table.created,
                "closed": table.finished,
                "json": f"games/{table.name}.json",
                "durak_file": f"games/{table.name}.durak",
            }
        )
    games = _games_frame(rows, staged)
    answers = _answers_frame(store, klass)
    try:
        games.to_parquet(stage / "games.parquet", index=False)
        answers.to_parquet(stage / "answers.parquet", index=False)
    except ImportError:
        raise StoreError(_("Parquet tables need pyarrow: pip install pyarrow")) from None
    except OSError as exc:
        raise StoreError(_("cannot write the folder {folder}: {why}").format(folder=out, why=exc.strerror)) from None
    # every file is written: move them into place (a rename each, on one file system);
    # a file of an earlier export is set aside first and put back if a rename fails
    names = [f"games/{r['table']}{s}" for r in rows for s in (".json", ".durak")] + ["games.parquet", "answers.parquet"]
    old = stage / "old"
    done: list[str] = []
    try:
        (out / "games").mkdir(exist_ok=True)
        (old / "games").mkdir(parents=True)
        for name in names:
            if (out / name).exists():
                os.replace(out / name, old / name)
            done.append(name)
            os.replace(stage / name, out / name)
    except OSError as exc:
        for name in done:  # a half-moved export is taken back
            with contextlib.suppress(OSError):
                if (old / name).exists():
                    os.replace(old / name, out / name)
                elif (out / name).exists() and not (stage / name).exists():
                    (out / name).unlink()
        raise StoreError(_("cannot write the folder {folder}: {why}").format(folder=out, why=exc.strerror)) from None
    return ExportReport(
        folder=out,
        code=klass.code,
        title=klass.title,
        games=tuple(out / "games" / f"{r['table']}.json" for r in rows),
        notation=tuple(out / "games" / f"{r['table']}.durak" for r in rows),
        games_table=out / "games.parquet",
        answers_table=out / "answers.parquet",
        finished=int(games["finished"].fillna(False).astype(bool).sum()) if len(games) else 0,
        answers=len(answers),
    )
