"""The languages a person reads: English, Russian and Ukrainian (gettext catalogues, Babel).

Every sentence, label and button a person reads goes through this module; the notation,
the JSON form and every file keep card codes and names as written, in no language.

* **The catalogues** are gettext ``.po`` files, one per *part* of the kit and language,
  in ``durak_nb/locale/<lang>/LC_MESSAGES/<part>.po`` (``ru``, ``uk``; English is the
  source language and needs none).  :mod:`durak_nb.catalogues` extracts, updates,
  compiles (``.mo``, at build and set-up time) and checks them with Babel.  At run time
  all parts of a language are merged into one catalogue.  A compiled ``.mo`` older than
  its ``.po`` (a translator's edit not yet compiled) is not used: the ``.po`` is
  compiled in memory instead, so what a person reads is always what the ``.po`` says.
* **The language** is, in this order: the :func:`language` block around the call (its
  own to each thread and each asyncio task: a server speaks each connection's language at
  once), the last :func:`set_language` (global: a notebook's setting lasts across its
  cells), the environment variable ``DURAK_NB_LANG``, the locale
  (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), English.
* **Marking a string**: ``_("Anna takes")`` translates now; a table built at import time
  marks its strings with :func:`N_` (no translation; :func:`Nn_` for a pair of plural
  forms, :func:`Np_` with a context) and translates at use with :func:`_`;
  :func:`ngettext` chooses the plural form of the language (1 карта, 2 карты, 5 карт);
  :func:`pgettext` separates two uses of the same English word
  (``pgettext("rank", "K")``).  Placeholders are ``str.format`` fields
  (``"{name} takes"``), kept by every translation (:func:`durak_nb.catalogues.check`
  refuses one that drops or adds a field).
* **Grammar**: every text these functions return is a :class:`Phrase`, whose
  ``.format`` fills its places with the grammar of the language (:mod:`durak_nb.grammar`):
  a translation writes ``{defender:accs}`` for a name in the accusative («под Дашу»),
  ``{name:начал|начала}`` for a word agreeing with the player's gender, ``{cards:gent}``
  for a count in the genitive («от 2 карт»); in English a player called You takes the
  second person («You attack 6♦»).

>>> with language("ru"):
...     get_language()
'ru'
>>> get_language()
'en'
>>> _("no such sentence is in any catalogue")
'no such sentence is in any catalogue'
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from .grammar import fill, prepare, uses_grammar

__all__ = [
    "ENV",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "N_",
    "LanguageWarning",
    "Nn_",
    "Np_",
    "Phrase",
    "_",
    "decimal",
    "default_language",
    "get_language",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "reload",
    "set_language",
    "setting_problem",
    "translations",
    "whole",
]

#: The languages the kit speaks, English (the source) first.
LANGUAGES: tuple[str, ...] = ("en", "ru", "uk")
#: Each language's own name, as its readers write it (for a language menu).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский", "uk": "Українська"}
#: The environment variable that chooses the language (``ru``, ``uk``, ``en``; a locale
#: name such as ``uk_UA.UTF-8`` works too).
ENV = "DURAK_NB_LANG"
#: Where the catalogues are: ``LOCALE_DIR/<lang>/LC_MESSAGES/<part>.po`` (and ``.mo``).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_lock = threading.Lock()
_chosen: str | None = None
#: the :func:`language` block's language: its own to each thread and asyncio task (a
#: thread starts with none; a task starts with its creator's)
_block: ContextVar[str | None] = ContextVar("durak_nb_language", default=None)
#: :func:`default_language`'s answer, read once (the environment is read again after
#: ``set_language(None)`` or :func:`reload`): every word the kit makes asks for it
_default: str | None = None
_cache: dict[str, gettext.NullTranslations] = {}


def _match(name: str | None) -> str | None:
    """The language of a locale or language name (``'uk_UA.UTF-8'`` -> ``'uk'``), or None."""
    if not name:
        return None
    head = name.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if head in ("c", "posix"):  # the C locale (C, C.UTF-8, POSIX): English
        return "en"
    code = head.split("_")[0]
    return code if code in LANGUAGES else None


class LanguageWarning(UserWarning):
    """``DURAK_NB_LANG`` names a language the kit does not speak: English is used."""


def setting_problem() -> str | None:
    """What is wrong with ``DURAK_NB_LANG`` (``"DURAK_NB_LANG='fr': durak-nb speaks en, ru,
    uk; going on in English"``), or ``None`` when it is unset or names a language the kit
    speaks.  The command line prints it as a note and goes on (in English)."""
    env = os.environ.get(ENV, "").strip()
    if not env or _match(env) is not None:
        return None
    return f"{ENV}={env!r}: durak-nb speaks {', '.join(LANGUAGES)}; going on in English"


def default_language() -> str:
    """The language when none was set: ``DURAK_NB_LANG``, else the locale, else ``'en'``.

    The locale is read as gettext reads it: the first of ``LANGUAGE`` (a colon-separated
    list; its first entry we speak), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set,
    then :func:`locale.getlocale`.  ``C`` and ``POSIX`` mean English.

    A ``DURAK_NB_LANG`` that names a language the kit does not speak (``fr``) means
    English, with a :class:`LanguageWarning` saying so (:func:`setting_problem`); it
    raises nothing, so that no lesson and no command stops for it.
    """
    env = os.environ.get(ENV, "").strip()
    if env:
        got = _match(env)
        if got is None:
            import warnings

            warnings.warn(str(setting_problem()), LanguageWarning, stacklevel=2)
            return "en"
        return got
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for entry in value.split(":"):
            got = _match(entry)
            if got is not None:
                return got
        if var != "LANGUAGE":
            return "en"
    try:
        got = _match(locale.getlocale(locale.LC_CTYPE)[0])
    except ValueError:  # pragma: no cover - a malformed locale setting
        got = None
    return got or "en"


def set_language(lang: str | None = None) -> None:
    """Choose the language of everything the kit writes for a person from now on.

    Args:
        lang: ``'en'``, ``'ru'`` or ``'uk'`` (a locale name such as ``'ru_RU.UTF-8'``
            works too); ``None`` goes back to the default (:func:`default_language`).

    Raises:
        ValueError: a language the kit does not speak (the message lists the ones it does).

    Widgets and pages made before the call keep their words; new ones use the new language.
    Inside a :func:`language` block it changes that block's language only (in its thread or
    task), until the block ends.
    It returns nothing, so that a lesson's cell ending with it shows nothing; the language
    now in use is :func:`get_language`.
    """
    global _chosen, _default
    inside = _block.get() is not None  # within a language() block: it changes the block's
    if lang is None:
        if inside:
            _block.set(default_language())
            return
        _chosen = _default = None
        return
    got = _match(lang)
    if got is None:
        raise ValueError(f"language {lang!r}: durak-nb speaks {', '.join(LANGUAGES)}")
    if inside:
        _block.set(got)  # undone when the block ends (a lesson exported inside one)
    else:
        _chosen = got
    prepare(got)  # the browser's site loads a language's dictionary when it is chosen


def get_language() -> str:
    """The language in use: ``'en'``, ``'ru'`` or ``'uk'`` (see :func:`set_language`).

    No language set and a ``DURAK_NB_LANG`` the kit does not speak: English
    (:func:`default_language`).
    """
    global _default
    block = _block.get()
    if block is not None:
        return block
    if _chosen is not None:
        return _chosen
    if _default is None:
        _default = default_language()
    return _default


@contextmanager
def language(lang: str) -> Iterator[str]:
    """A block in another language: ``with language("uk"): ...``; the one before comes back.

    The block's language holds only in the thread (or asyncio task) that entered it: two
    threads, each in its own block, each speak their own language at once (the class
    server speaks every connection's language).  A :func:`set_language` inside the block
    changes the block's language, and the language before the block comes back when it ends.

    Raises:
        ValueError: as :func:`set_language`.
    """
    got = _match(lang)
    if got is None:
        raise ValueError(f"language {lang!r}: durak-nb speaks {', '.join(LANGUAGES)}")
    token = _block.set(got)
    try:
        yield got
    finally:
        _block.reset(token)


def _load_part(po: Path) -> gettext.GNUTranslations:
    """One part's catalogue: its ``.mo`` if not older than the ``.po``, else the ``.po``
    compiled in memory with Babel (fuzzy entries left out, as ``pybabel compile`` does)."""
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fp:
        catalog = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def translations(lang: str | None = None) -> gettext.NullTranslations:
    """The merged catalogue of ``lang`` (default: the language in use); English: none.

    Raises:
        ValueError: a language the kit does not speak.
    """
    code = get_language() if lang is None else _match(lang)
    if code is None:
        raise ValueError(f"language {lang!r}: durak-nb speaks {', '.join(LANGUAGES)}")
    with _lock:
        got = _cache.get(code)
        if got is None:
            got = gettext.NullTranslations()
            folder = LOCALE_DIR / code / "LC_MESSAGES"
            if code != "en" and folder.is_dir():
                parts = sorted(folder.glob("*.po"))
                if parts:
                    got = _load_part(parts[0])
                    for po in parts[1:]:
                        got.add_fallback(_load_part(po))
            _cache[code] = got
        return got


def reload() -> None:
    """Forget the loaded catalogues (after a translator edits a ``.po`` in a session) and
    the default language (read from the environment again when next needed)."""
    global _default
    with _lock:
        _cache.clear()
        _default = None


class Phrase(str):
    """A text from the catalogue: a ``str`` whose :meth:`format` applies the grammar of the
    language in use (:func:`durak_nb.grammar.fill`) when a place asks for it.

    >>> with language("ru"):
    ...     Phrase("У {name:gent} на руках {held}.").format(name="Борис", held="2 карты")
    'У Бориса на руках 2 карты.'
    """

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        """``str.format``, with :mod:`durak_nb.grammar`'s specs and the English second person.

        Raises:
            KeyError, IndexError, ValueError: as ``str.format``.
        """
        if args:
            return str.format(self, *args, **kwargs)
        lang = get_language()
        if uses_grammar(self, kwargs, lang):
            return fill(self, kwargs, lang)
        return str.format(self, **kwargs)

    def format_map(self, mapping: Any) -> str:
        """:meth:`format` with the places' values in ``mapping``."""
        return self.format(**dict(mapping))


def _(message: str) -> str:
    """``message`` in the language in use (itself if the catalogue lacks it), a :class:`Phrase`."""
    return Phrase(translations().gettext(message))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (tables built at import
    time; translate at use with :func:`_`)."""
    return message


def Np_(context: str, message: str) -> str:
    """Mark ``message`` with its context for the catalogue without translating it
    (translate at use with :func:`pgettext` and the same context)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for the catalogue without translating it (a table
    built at import time); translate at use with ``ngettext(*pair, n)``."""
    return (singular, plural)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message for the number ``n`` in the language in use (Russian and
    Ukrainian have three: 1 карта, 2 карты, 5 карт).  The caller formats ``{n}``."""
    return Phrase(translations().ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, for one use of it (``pgettext("rank", "K")``)."""
    return Phrase(translations().pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for one use of the message (see :func:`pgettext`)."""
    return Phrase(translations().npgettext(context, singular, plural, n))


#: The decimal sign and the thousands separator of each language the kit speaks (CLDR's:
#: a comma and a no-break space in Russian and Ukrainian); kept here rather than asked of
#: Babel's locale data, which the browser-only site (JupyterLite) does not ship.
DECIMAL_SIGNS: dict[str, str] = {"en": ".", "ru": ",", "uk": ","}
GROUP_SEPARATORS: dict[str, str] = {"en": ",", "ru": "\u00a0", "uk": "\u00a0"}


def whole(n: int) -> str:
    """The whole number ``n`` as the language in use writes it: ``1,000`` in English,
    ``1 000`` (a no-break space) in Russian and Ukrainian.

    >>> with language("uk"):
    ...     whole(12345)
    '12\xa0345'
    """
    return f"{n:,}".replace(",", GROUP_SEPARATORS.get(get_language(), ","))


def decimal(x: float, places: int = 2, *, sign: bool = False) -> str:
    """``x`` with ``places`` decimals as the language in use writes it: ``0.62`` in
    English, ``0,62`` in Russian and Ukrainian; with ``sign``, ``+0.27`` / ``-0.27``
    (a minus sign as the hyphen, as Python writes it).

    >>> with language("ru"):
    ...     decimal(0.625), decimal(0.27, sign=True)
    ('0,62', '+0,27')
    """
    text = f"{x:+.{places}f}" if sign else f"{x:.{places}f}"
    return text.replace(".", DECIMAL_SIGNS.get(get_language(), "."))
