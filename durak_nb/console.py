"""The ``durak-nb`` console entry point, and the output streams in the locale's encoding.

This module imports nothing of the kit at import time (only the standard library), so
that :func:`main` can take over Ctrl-C before the kit itself is imported: a Ctrl-C in the
first fraction of a second (while :mod:`durak_nb.cli` and the engine are being imported)
prints ``durak-nb: interrupted; nothing written`` and exits with 130, as a Ctrl-C later
does (issue 23), instead of a traceback from deep inside an import.

:func:`locale_streams` gives stdout and stderr the encoding the locale names
(``LANG=uk_UA.KOI8-U`` writes KOI8-U), whatever Python chose (Python falls back to UTF-8
when the locale is not installed); what that encoding cannot write is written as
:func:`text_for` says: the suits as their letters (``10♠`` -> ``10S``, as the notation
reads them), a few marks as their plain forms, anything else as a ``\\uXXXX`` escape.
"""

from __future__ import annotations

import codecs
import os
import sys
from typing import TextIO

__all__ = ["ERRORS", "locale_encoding", "locale_streams", "text_for", "writes_unicode"]

#: The name of the codec error handler :func:`locale_streams` writes with.
ERRORS = "durak-nb-text"

#: What an encoding without them writes for these characters.
_PLAIN = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "—": "-",
    "–": "-",
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "’": "'",
    "…": "...",
    "×": "x",
    "→": "->",
    "←": "<-",
    "№": "No.",
    "\u00a0": " ",
}


def text_for(char: str) -> str:
    """What an encoding that lacks ``char`` writes instead: ``'S'`` for ``'♠'`` (the suit
    letters S H D C, which the notation reads), ``'-'`` for a dash, ``'\\u2605'`` (an
    escape, in ASCII) for anything else."""
    if char in _PLAIN:
        return _PLAIN[char]
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _replace(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):  # pragma: no cover - registered for writing only
        raise exc
    return "".join(text_for(c) for c in exc.object[exc.start : exc.end]), exc.end


codecs.register_error(ERRORS, _replace)


def locale_encoding(environ: dict[str, str] | None = None) -> str | None:
    """The codec of the encoding the locale names (``LC_ALL``, else ``LC_CTYPE``, else
    ``LANG``: ``uk_UA.KOI8-U`` -> ``'koi8-u'``), or ``None`` when it names none
    (``C``, ``ru_RU``) or one Python does not know.  An ``LC_CTYPE`` of ``C.UTF-8`` is
    passed over (Python sets it itself when the locale is not installed, PEP 538).

    >>> locale_encoding({"LANG": "uk_UA.KOI8-U", "LC_CTYPE": "C.UTF-8"})
    'koi8-u'
    >>> locale_encoding({"LC_ALL": "ru_RU.CP1251", "LANG": "uk_UA.UTF-8"}), locale_encoding({"LANG": "C"})
    ('cp1251', None)
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(var, "")
        if var == "LC_CTYPE" and value.split(".")[0] == "C" and not env.get("LC_ALL"):
            continue  # Python's own C-locale coercion (PEP 538) sets LC_CTYPE=C.UTF-8: LANG says
        if value:
            codeset = value.partition(".")[2].partition("@")[0]
            if not codeset:
                return None
            try:
                return codecs.lookup(codeset).name
            except LookupError:
                return None
    return None


def locale_streams() -> None:
    """Give ``sys.stdout`` and ``sys.stderr`` the locale's encoding (:func:`locale_encoding`)
    and the :data:`ERRORS` handler, unless ``PYTHONIOENCODING`` chose the encoding (then
    the streams keep it and get the handler, unless it named one too: ``ascii:strict``); a
    stream that cannot be reconfigured (not a text file) is left as it is."""
    chosen = os.environ.get("PYTHONIOENCODING")
    if chosen:
        if ":" not in chosen:  # PYTHONIOENCODING=ascii: 10H, not a UnicodeEncodeError's traceback
            for stream in (sys.stdout, sys.stderr):
                reconfigure = getattr(stream, "reconfigure", None)
                current = getattr(stream, "encoding", None)
                if reconfigure is None or not current or codecs.lookup(current).name.startswith("utf"):
                    continue
                try:
                    reconfigure(errors=ERRORS)
                except (ValueError, OSError):  # pragma: no cover - e.g. a stream already read from
                    continue
        return
    wanted = locale_encoding()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        current = getattr(stream, "encoding", None)
        if reconfigure is None or not current:
            continue
        try:
            same = wanted is None or codecs.lookup(current).name == wanted
        except LookupError:  # pragma: no cover - a stream with an encoding Python does not know
            same = False
        if same and (wanted or codecs.lookup(current).name).startswith("utf"):
            continue  # UTF-8 writes everything
        try:
            if same:
                reconfigure(errors=ERRORS)
            else:
                reconfigure(encoding=wanted, errors=ERRORS)
        except (ValueError, OSError):  # pragma: no cover - e.g. a stream already read from
            continue


def writes_unicode(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (stdout) writes every character (a UTF encoding): JSON output
    is written with ``\\uXXXX`` escapes (``ensure_ascii``) when it does not, so that no
    string in it changes."""
    encoding = getattr(sys.stdout if stream is None else stream, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:  # pragma: no cover
        return False
