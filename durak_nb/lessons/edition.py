"""The course in the reader's language: the shipped recordings as an edition shows them.

The recordings in ``recordings/`` are files: their players' names and their comments stay
as written (English, Latin letters), whatever the language.  A lesson in Russian or
Ukrainian shows them in its reader's words: :func:`localized` gives the recording with

* the players' names in the reader's alphabet (:data:`NAMES`: Anna, Boris, Vera, Gleb,
  Dasha, Dana, Egor are Анна, Борис, Вера / Віра, Глеб / Гліб, Даша, Дана, Егор / Єгор),
  seats unchanged, so every move and rule decision is the same;
* its title, description and comments (also those of its side lines) translated by the
  catalogue's ``recordings`` part (contexts :data:`CONTEXTS`), which
  :mod:`durak_nb.catalogues` extracts from the shipped files with :func:`meta_texts`.

A name or text the catalogue does not hold (a recording of the user's own) is shown as
written.

>>> from durak_nb.i18n import language
>>> from durak_nb.lessons.helpers import RECORDINGS
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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from ..i18n import N_, _, get_language, pgettext
from ..record.json_form import Recording

__all__ = ["CONTEXTS", "NAMES", "localized", "meta_texts", "person_name", "translate_meta"]

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
}

#: How deep side lines may nest before :func:`meta_texts` stops (the readers refuse
#: deeper ones long before: a bound, never reached by a valid recording).
MAX_DEPTH = 64


def person_name(name: str) -> str:
    """``name`` as the reader's edition writes it: one of :data:`NAMES` in the language in
    use (``'Boris'`` -> ``'Борис'`` in ru and uk), any other name as written."""
    return _(name) if name in NAMES else name


def _walk(node: dict[str, Any], fn: Callable[[str, str], str], depth: int) -> dict[str, Any]:
    """``node`` (a ``meta`` or a side line) with each text of a :data:`CONTEXTS` member
    replaced by ``fn(context, text)``; side lines walked the same way."""
    out = dict(node)
    for key, context in CONTEXTS.items():
        value = node.get(key)
        if isinstance(value, str) and value.strip():
            out[key] = fn(context, value)
        elif isinstance(value, dict) and key.startswith("comments"):
            out[key] = {k: fn(context, v) if isinstance(v, str) and v.strip() else v for k, v in value.items()}
    lines = node.get("variations")
    if isinstance(lines, dict) and depth < MAX_DEPTH:
        out["variations"] = {
            k: [_walk(line, fn, depth + 1) if isinstance(line, dict) else line for line in v]
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
    :data:`NAMES` and the texts of its ``meta`` translated; in English the recording
    itself.  Seats, deal, moves and result are those of the file.

    Raises:
        Nothing beyond what :func:`dataclasses.replace` of a valid recording raises.
    """
    if get_language() == "en":
        return recording
    players = tuple(person_name(p) for p in recording.players)
    meta = translate_meta(recording.meta, pgettext) if recording.meta else recording.meta
    return dataclasses.replace(recording, players=players, meta=meta)
