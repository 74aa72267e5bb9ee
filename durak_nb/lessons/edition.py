"""The course in the reader's language: the shipped recordings in each edition.

Every recording shipped in ``recordings/`` (English, Latin letters: the English edition)
has a twin in each other edition, ``recordings/ru/<same path>`` and
``recordings/uk/<same path>`` (``lessons/`` and ``overboard/`` too): one file per
language, in the same form (JSON or the notation), the same game (rules, deal or start,
moves, result, glyphs), with

* the players' names in that language (:data:`NAMES`: Anna, Boris, Vera, Gleb, Dasha,
  Dana, Egor are Анна, Борис, Вера / Віра, Глеб / Гліб, Даша, Дана, Егор / Єгор), in the
  players' list and in every side line;
* its title, event, description, ending and comments (also those of its side lines) in
  that language, as the catalogue's ``recordings`` part holds them (contexts
  :data:`CONTEXTS`; :mod:`durak_nb.catalogues` extracts the English texts from the shipped
  files with :func:`meta_texts`, a translator writes the rest).

The catalogue is where a translator writes; the edition files are what a reader, a lesson
and any other program reads (``durak-nb replay recordings/uk/draw.json``).  They are made
from the two by :func:`edition_games`, written by ``python scripts/make_edition_recordings.py``
(:func:`main`; ``--check`` compares without writing, and a test runs it), as
``scripts/make_notation_recordings.py`` writes the notation twins.  :func:`recording_path`
finds the file of the reader's edition: the lessons, ``durak-nb replay`` and
``durak-nb export`` of a shipped recording show that edition's file.  A name or text
the catalogue does not hold (a recording of the user's own) is shown as written.

>>> from durak_nb.i18n import language
>>> from durak_nb.record.json_form import Recording
>>> rec = Recording.load(RECORDINGS / "draw.json")
>>> localized(rec).players
('Anna', 'Boris', 'Vera')
>>> with language("ru"):
...     localized(rec).players
('Анна', 'Борис', 'Вера')
>>> with language("uk"):
...     person_name("Vera"), person_name("Zoe")
('Віра', 'Zoe')
>>> recording_path(RECORDINGS / "draw.json", "uk").relative_to(RECORDINGS).as_posix()
'uk/draw.json'
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, N_, _, get_language, language, pgettext
from ..record.json_form import Recording

__all__ = [
    "CONTEXTS",
    "EDITIONS",
    "NAMES",
    "RECORDINGS",
    "edition_games",
    "edition_text",
    "localized",
    "main",
    "meta_texts",
    "person_name",
    "recording_path",
    "shipped",
    "translate_meta",
    "write_editions",
]

#: The recordings shipped with the package (``recordings/`` in a source checkout is a
#: link to it), the English edition; installed packages are plain folders, so a real path.
RECORDINGS = Path(str(files("durak_nb") / "recordings"))

#: The editions that have their own files, each in ``RECORDINGS / lang`` (English is
#: ``RECORDINGS`` itself).
EDITIONS: tuple[str, ...] = tuple(lang for lang in LANGUAGES if lang != "en")

#: The suffixes of the recordings that have editions.
SUFFIXES = (".json", ".durak")

#: The players' names of the shipped recordings, translated as names (the catalogue's
#: ``lessons`` part): the only names the kit ever writes in another alphabet.
NAMES: tuple[str, ...] = (
    N_("Anna"),
    N_("Boris"),
    N_("Vera"),
    N_("Gleb"),
    N_("Dasha"),
    N_("Dana"),
    N_("Egor"),
)

#: The catalogue context of each kind of text in a recording's ``meta``.
CONTEXTS: dict[str, str] = {
    "title": "recording title",
    "description": "recording description",
    "ends": "recording ending",
    "comments": "recording comment",
    "comments_before": "recording comment",
    "event": "recording event",
    "headers": "recording header",
}

#: The start of an ``event`` that is a command (a bot game's ``durak-nb play …``): the
#: same in every language, never translated nor extracted.
COMMAND = "durak-nb "

#: How deep side lines may nest before :func:`meta_texts` stops (the readers refuse
#: deeper ones long before: a bound, never reached by a valid recording).
MAX_DEPTH = 64


def person_name(name: str) -> str:
    """``name`` as the reader's edition writes it: one of :data:`NAMES` in the language in
    use (``'Boris'`` -> ``'Борис'`` in ru and uk), any other name as written."""
    return _(name) if name in NAMES else name


def _has_words(text: str) -> bool:
    """``text`` holds a letter (a header's words, not a date or a round number)."""
    return any(c.isalpha() for c in text)


def _walk(node: dict[str, Any], fn: Callable[[str, str], str], depth: int) -> dict[str, Any]:
    """``node`` (a ``meta`` or a side line) with each text of a :data:`CONTEXTS` member
    replaced by ``fn(context, text)``; side lines walked the same way."""
    out = dict(node)
    for key, context in CONTEXTS.items():
        value = node.get(key)
        if isinstance(value, str) and value.strip():
            if not (key == "event" and value.startswith(COMMAND)):
                out[key] = fn(context, value)
        elif isinstance(value, dict) and key.startswith("comments"):
            out[key] = {k: fn(context, v) if isinstance(v, str) and v.strip() else v for k, v in value.items()}
        elif isinstance(value, dict) and key == "headers":  # the notation's other headers: words, not dates or numbers
            out[key] = {
                k: fn(context, v) if isinstance(v, str) and any(c.isalpha() for c in v) else v for k, v in value.items()
            }
    lines = node.get("variations")
    if isinstance(lines, dict) and depth < MAX_DEPTH:
        out["variations"] = {
            k: [_walk(line, fn, depth + 1) if isinstance(line, dict) else line for line in v]
            if isinstance(v, list)
            else v
            for k, v in lines.items()
        }
    return out


def _rename(node: dict[str, Any], depth: int) -> dict[str, Any]:
    """``node`` (a ``meta`` or a side line) with the ``player`` of each side line's moves
    given by :func:`person_name`, side lines of side lines too."""
    out = dict(node)
    moves = node.get("moves")
    if isinstance(moves, list):
        out["moves"] = [
            {**m, "player": person_name(m["player"])} if isinstance(m, dict) and isinstance(m.get("player"), str) else m
            for m in moves
        ]
    lines = node.get("variations")
    if isinstance(lines, dict) and depth < MAX_DEPTH:
        out["variations"] = {
            k: [_rename(line, depth + 1) if isinstance(line, dict) else line for line in v]
            if isinstance(v, list)
            else v
            for k, v in lines.items()
        }
    return out


def translate_meta(meta: dict[str, Any], fn: Callable[[str, str], str]) -> dict[str, Any]:
    """A copy of a recording's ``meta`` with every title, description, ending and comment
    (side lines' too) replaced by ``fn(context, text)``; the rest (glyphs, moves, data)
    kept as it is.  ``meta`` is not changed."""
    return _walk(meta, fn, 0)


def meta_texts(meta: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every ``(context, text)`` of a recording's ``meta`` that :func:`translate_meta`
    translates, in document order (what the catalogue's ``recordings`` part holds)."""
    found: list[tuple[str, str]] = []

    def keep(context: str, text: str) -> str:
        found.append((context, text))
        return text

    translate_meta(meta, keep)
    yield from found


def localized(recording: Recording) -> Recording:
    """``recording`` as the edition in the language in use shows it: the names of
    :data:`NAMES` (in the players' list and in the side lines' moves) and the texts of its
    ``meta`` translated; in English the recording itself.  Seats, deal, moves and result
    are those of the file.

    Raises:
        Nothing beyond what :func:`dataclasses.replace` of a valid recording raises.
    """
    if get_language() == "en":
        return recording
    players = tuple(person_name(p) for p in recording.players)
    meta = _rename(translate_meta(recording.meta, pgettext), 0) if recording.meta else recording.meta
    result = recording.result
    if result is not None:  # the result names players: the durak, the losing team
        result = {
            k: person_name(v) if isinstance(v, str) else [person_name(n) for n in v] if isinstance(v, list) else v
            for k, v in result.items()
        }
    return dataclasses.replace(recording, players=players, meta=meta, result=result)


def shipped() -> list[str]:
    """Every recording of the English edition that has editions: the ``.json`` and
    ``.durak`` files under :data:`RECORDINGS` (``lessons/``, ``overboard/``), outside the
    editions' folders, as ``/``-separated paths relative to :data:`RECORDINGS`, sorted."""
    out = []
    for path in RECORDINGS.rglob("*"):
        rel = path.relative_to(RECORDINGS)
        if path.suffix in SUFFIXES and path.is_file() and rel.parts[0] not in EDITIONS:
            out.append(rel.as_posix())
    return sorted(out)


def recording_path(path: str | Path, lang: str | None = None) -> Path:
    """The file of ``path``'s game in the edition of ``lang`` (default: the language in
    use): for a recording shipped in :data:`RECORDINGS` (``recordings/draw.json``, through
    any link) and ``lang`` ``'ru'`` or ``'uk'``, its twin ``recordings/<lang>/draw.json``
    when that exists; any other path (a file of the user's, an edition's file, English) as
    it is.  Nothing is read but the file system's names.

    Raises:
        ValueError: ``lang`` is not a language the kit speaks.
    """
    lang = get_language() if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    given = Path(path)
    if lang == "en":
        return given
    try:
        rel = given.resolve().relative_to(RECORDINGS.resolve())
    except (OSError, ValueError, RuntimeError):  # not under the shipped recordings, or a link loop
        return given
    if not rel.parts or rel.parts[0] in EDITIONS:
        return given
    twin = RECORDINGS / lang / rel
    return twin if twin.is_file() else given


def edition_games(rel: str, lang: str) -> list[Recording]:
    """The games of the shipped recording ``rel`` (a path of :func:`shipped`) as the
    edition ``lang`` writes them (:func:`localized` in that language).

    Raises:
        RecordingError: the English file cannot be read.
    """
    from ..record.io import load_games

    with language(lang):
        return [localized(game) for game in load_games(RECORDINGS / rel)]


def edition_text(rel: str, lang: str) -> str:
    """The text of ``recordings/<lang>/<rel>``: the canonical form of
    :func:`edition_games` (JSON, or the notation for a ``.durak`` file).

    Raises:
        RecordingError: the English file cannot be read, or a translated game cannot be
            written (a translated name the readers refuse).
    """
    from ..record.io import json_text
    from ..record.writer import write

    games = edition_games(rel, lang)
    return write(games) if rel.endswith(".durak") else json_text(games)


def write_editions(*, check: bool = False, out: Callable[[str], None] = print) -> list[str]:
    """Write (or with ``check`` only compare) the file of every shipped recording in
    every edition (:data:`EDITIONS`, :func:`edition_text`), and remove an edition's file
    whose English recording is gone; ``out`` gets one line per file that differs.

    Returns:
        The paths (relative to :data:`RECORDINGS`) that differed, were missing or were
        stale: empty when every edition is up to date.

    Raises:
        RecordingError: as :func:`edition_text`.
        OSError: a file cannot be written.
    """
    differ: list[str] = []
    names = shipped()
    for lang in EDITIONS:
        wanted = {f"{lang}/{rel}": edition_text(rel, lang) for rel in names}
        folder = RECORDINGS / lang
        present = {p.relative_to(RECORDINGS).as_posix() for p in folder.rglob("*") if p.suffix in SUFFIXES}
        for rel in sorted(present - set(wanted)):
            differ.append(rel)
            out(f"stale: {rel}")
            if not check:
                (RECORDINGS / rel).unlink()
        for rel, text in wanted.items():
            path = RECORDINGS / rel
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                continue
            differ.append(rel)
            out(("differs: " if check else "wrote: ") + rel)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return differ


def main(argv: Sequence[str] | None = None) -> int:
    """``python scripts/make_edition_recordings.py [--check]``: :func:`write_editions`; exit
    status 1 when ``--check`` finds a file that differs."""
    parser = argparse.ArgumentParser(prog="make_edition_recordings.py", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if an edition file differs")
    args = parser.parse_args(argv)
    differ = write_editions(check=args.check)
    return 1 if args.check and differ else 0
