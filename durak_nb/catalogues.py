"""The translators' tool: extract, update, compile and check the gettext catalogues (Babel).

The kit's strings are in parts (:data:`PARTS`): each source file belongs to exactly one,
and each part has one catalogue per language, ``durak_nb/locale/<lang>/LC_MESSAGES/<part>.po``
(:mod:`durak_nb.i18n` merges them at run time).  The ``recordings`` part holds the
titles, descriptions and comments of the shipped recordings, read from the files themselves
(:mod:`durak_nb.lessons.edition` shows them translated).

Run as ``python -m durak_nb.catalogues COMMAND``:

* ``update [PART ...]``: extract the English strings from the sources and bring every
  language's ``.po`` up to date with them (new entries empty, vanished ones dropped; no
  fuzzy guessing), keeping the translations there are;
* ``compile``: write the ``.mo`` next to each ``.po`` (set-up and the build do this);
* ``check``: every string translated in ``ru`` and ``uk``, none fuzzy, every placeholder
  and rule id kept; prints what is wrong, exit status 1 if anything;
* ``missing PART LANG``: the English strings of a part still untranslated in a language;
* ``memo [--check]``: write (or compare) ``durak_nb/grammar_memo.json``, the dictionary's
  answers for the words the course declines (:func:`memo_words`,
  :func:`durak_nb.grammar.make_memo`); run it after a translation adds a counted noun or
  a name.

Strings are marked in the sources with ``_``, ``N_``, ``ngettext``, ``pgettext``,
``npgettext``, ``Np_``, ``Nn_`` (see :mod:`durak_nb.i18n`) and, in the lessons, the text of a
``claim(...)`` (its second argument).
"""

from __future__ import annotations

import argparse
import json
import re
import string
import sys
from collections.abc import Sequence
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .grammar import MEMO_PATH, is_spec, make_memo
from .i18n import LANGUAGES, LOCALE_DIR, _, language

__all__ = [
    "KEYWORDS",
    "PARTS",
    "TARGETS",
    "check",
    "compile_all",
    "extract",
    "main",
    "memo_words",
    "part_of",
    "po_path",
    "update",
]

PACKAGE = Path(__file__).resolve().parent
#: The languages that need catalogues (English is the source).
TARGETS: tuple[str, ...] = tuple(lang for lang in LANGUAGES if lang != "en")

#: Each part of the kit and the source files (globs under ``durak_nb/``) it holds.
PARTS: dict[str, tuple[str, ...]] = {
    "engine": (
        "engine.py",
        "checks.py",
        "cards.py",
        "rules.py",
        "explain.py",
        "errors.py",
        "unseen.py",
        "implied.py",
        "text.py",
        "numbering.py",
        "knowledge.py",
        "i18n.py",
        "grammar.py",
        "catalogues.py",
        "__init__.py",
    ),
    "reader": (
        "record/reader.py",
        "record/lexer.py",
        "record/jsonio.py",
        "record/io.py",
        "record/jsonlines.py",
        "record/notation.py",
        "record/overboard.py",
    ),
    "record": (
        "record/json_form.py",
        "record/base.py",
        "record/headers.py",
        "record/recorder.py",
        "record/writer.py",
        "record/tree.py",
        "record/annotations.py",
        "record/__init__.py",
        "annotate.py",
        "game_text.py",
        "replay.py",
    ),
    "cli": (
        "cli.py",
        "console.py",
        "entry.py",
        "analysis/*.py",
        "bots.py",
        "ismcts.py",
        "botproto.py",
        "strictjson.py",
        "botkeeper.py",
        "tournament.py",
        "corpus.py",
        "selfplay.py",
        "tables.py",
    ),
    "board": (
        "views/play.py",
        "views/scorer.py",
        "views/replayer.py",
        "views/html.py",
        "views/cards_svg.py",
        "views/textfit.py",
        "views/text_widths.py",
        "views/display.py",
        "views/card_buttons.py",
        "views/bounds.py",
        "views/evalgraph.py",
        "views/__init__.py",
        "views/offline.py",
    ),
    "teach": (
        "views/export.py",
        "views/trees.py",
        "views/exercises.py",
        "views/practice.py",
        "views/drills.py",
        "views/course_show.py",
        "views/lesson_page.py",
    ),
    "lessons": ("lessons/*.py",),
    "site": ("site.py", "site/*.py"),
    # the class server (docs/class-protocol.md): its store and export, its server, its clients
    "classstore": ("classroom/__init__.py", "classroom/store.py", "classroom/exports.py"),
    "classserver": (
        "classroom/command.py",
        "classroom/protocol.py",
        "classroom/referee.py",
        "classroom/server.py",
        "classroom/auth.py",
        "classroom/transport.py",
    ),
    "classclient": ("classroom/client.py", "classroom/widgets.py", "classroom/pages.py"),
    "recordings": (
        "recordings/*.json",
        "recordings/lessons/*.json",
        "recordings/overboard/*.json",
        "recordings/*.durak",
        "recordings/overboard/*.durak",
    ),
}

#: The marking functions and where their message arguments are (Babel's keyword form).
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "Np_": ((1, "c"), 2),
    "Nn_": (1, 2),
    "claim": (2,),
}


def part_of(relative: str) -> str | None:
    """The part a source file (path under ``durak_nb/``, ``/``-separated) belongs to."""
    for part, globs in PARTS.items():
        if any(fnmatch(relative, g) for g in globs):
            return part
    return None


def sources(part: str) -> list[Path]:
    """The files of ``part``, sorted.

    Raises:
        KeyError: no such part.
    """
    globs = PARTS[part]
    out: set[Path] = set()
    for g in globs:
        out.update(p for p in PACKAGE.glob(g) if p.is_file() and "__pycache__" not in p.parts)
    return sorted(out)


def po_path(part: str, lang: str) -> Path:
    """``durak_nb/locale/<lang>/LC_MESSAGES/<part>.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{part}.po"


def extract(part: str) -> Catalog:
    """The English template of ``part``: every marked string of its sources (for the
    ``recordings`` part: the title, description, ending and comments of each shipped
    recording, with the contexts of :data:`durak_nb.lessons.edition.CONTEXTS`), in order
    of appearance, with ``#.`` translator comments from ``# TRANSLATORS:`` lines.

    Raises:
        KeyError: no such part.
    """
    template = Catalog(domain=part, project="durak-nb", charset="utf-8", fuzzy=False)
    for path in sources(part):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if path.suffix in (".json", ".durak"):  # a shipped recording: its texts as the kit's reader reads them
            from .lessons.edition import meta_texts
            from .record.io import load_games

            for game in load_games(path):
                for context, text in meta_texts(game.meta):
                    template.add(text, locations=[(rel, 0)], context=context)
            continue
        for lineno, message, comments, msgctxt in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            template.add(message, locations=[(rel, lineno)], auto_comments=comments, context=msgctxt or None)
    return template


def _read(path: Path, lang: str, part: str) -> Catalog:
    if path.exists():
        with path.open("rb") as fp:
            return read_po(fp, locale=lang, domain=part)
    catalog = Catalog(
        locale=lang,
        domain=part,
        project="durak-nb",
        version="0.1",
        copyright_holder="the durak-nb authors",
        charset="utf-8",
        fuzzy=False,
    )
    catalog.header_comment = (
        f"# {'Russian' if lang == 'ru' else 'Ukrainian'} words of durak-nb: the {part} part.\n"
        "# Made and checked with `python -m durak_nb.catalogues` (see docs/translating.md).\n"
    )
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".po.tmp")
    with tmp.open("wb") as fp:
        write_po(fp, catalog, include_lineno=False, ignore_obsolete=True, width=100)
    tmp.replace(path)


def update(parts: Sequence[str] | None = None) -> list[Path]:
    """Bring the ``.po`` of each of ``parts`` (default: all) and each language up to date
    with the sources: new strings added untranslated, vanished ones dropped, no fuzzy
    matching; the translations already there are kept.  Returns the files written."""
    written = []
    for part in parts or list(PARTS):
        template = extract(part)
        for lang in TARGETS:
            path = po_path(part, lang)
            catalog = _read(path, lang, part)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=False)
            catalog.fuzzy = False
            _write(path, catalog)
            written.append(path)
    return written


def compile_all() -> list[Path]:
    """Write every ``.mo`` from its ``.po`` (fuzzy entries left out).  Returns them."""
    out = []
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fp:
            catalog = read_po(fp)
        mo = po.with_suffix(".mo")
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as fp:
            write_mo(fp, catalog, use_fuzzy=False)
        tmp.replace(mo)
        out.append(mo)
    return out


_FORMATTER = string.Formatter()


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` (``'{name} takes {n}'`` -> ``{'name', 'n'}``);
    a text that is not a valid format string: ``{'<invalid>'}``."""
    try:
        return {name for _, name, _, _ in _FORMATTER.parse(text) if name is not None}
    except ValueError:
        return {"<invalid>"}


def _grammar_specs(text: str) -> set[str]:
    """The format specs of ``text``'s fields that are words (``gent``, ``начал|начала``),
    not ``str.format``'s own (``.1f``, ``g``, ``04X``)."""
    try:
        return {
            spec
            for _, name, spec, _ in _FORMATTER.parse(text)
            if name is not None and spec and spec[0].isalpha() and len(spec) > 1
        }
    except ValueError:
        return set()


def _specs(texts: Sequence[str]) -> set[str]:
    return set().union(*(_grammar_specs(t) for t in texts))


_RULE_ID = re.compile(r"\[R\d+[a-z]?\]")


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple of texts (one per plural form)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(v or "") for v in value)
    return (str(value or ""),)


def _message_problems(where: str, message: Message) -> list[str]:
    ids = _texts(message.id)
    strs = _texts(message.string)
    shown = ids[0] if len(ids[0]) <= 60 else ids[0][:57] + "..."
    out = []
    if message.fuzzy:
        out.append(f"{where}: fuzzy: {shown!r}")
    if not all(strs):
        out.append(f"{where}: untranslated: {shown!r}")
        return out
    want = set().union(*(fields(i) for i in ids))
    bad_specs = sorted({spec for s in strs for spec in _grammar_specs(s) if not is_spec(spec)} - _specs(ids))
    if bad_specs:
        out.append(f"{where}: unknown grammar spec(s) {bad_specs} in {shown!r} (see durak_nb.grammar)")
    for s in strs:
        got = fields(s)
        if got != want and not (len(ids) > 1 and got <= want):
            out.append(f"{where}: placeholders {sorted(got)} != {sorted(want)} in {shown!r}")
            break
    if _RULE_ID.findall(ids[0]) and any(sorted(_RULE_ID.findall(s)) != sorted(_RULE_ID.findall(ids[0])) for s in strs):
        out.append(f"{where}: rule ids changed in {shown!r}")
    return out


def check(parts: Sequence[str] | None = None) -> list[str]:
    """Everything wrong with the catalogues, one line each (empty: all is well): a source
    file in no part, a string of the sources with no entry or an empty or fuzzy
    translation in a language, a placeholder or rule id (``[R13b]``) dropped or added.
    (A ``.mo`` older than its ``.po`` is no problem: :mod:`durak_nb.i18n` then reads the
    ``.po``; ``compile`` brings it up to date.)"""
    problems = []
    if parts is None:
        for path in sorted(PACKAGE.rglob("*.py")):
            rel = path.relative_to(PACKAGE).as_posix()
            if "__pycache__" not in rel and part_of(rel) is None:
                problems.append(f"durak_nb/{rel}: in no part of durak_nb.catalogues.PARTS")
    for part in parts or list(PARTS):
        template = extract(part)
        for lang in TARGETS:
            path = po_path(part, lang)
            where = path.relative_to(PACKAGE.parent).as_posix()
            if not path.exists():
                if len(template):
                    problems.append(f"{where}: missing ({len(template)} strings to translate)")
                continue
            catalog = _read(path, lang, part)
            for message in template:
                if not message.id:
                    continue
                got = catalog.get(message.id, message.context)
                if got is None:
                    problems.append(f"{where}: no entry for {message.id!r}")
                    continue
                problems.extend(_message_problems(where, got))
    return problems


def missing(part: str, lang: str) -> list[str]:
    """The English strings of ``part`` with no translation (or a fuzzy one) in ``lang``."""
    template = extract(part)
    catalog = _read(po_path(part, lang), lang, part)
    out = []
    for message in template:
        if not message.id:
            continue
        got = catalog.get(message.id, message.context)
        if got is None or got.fuzzy or not all(_texts(got.string)):
            out.append(_texts(message.id)[0])
    return out


#: a word after a count's placeholder in a plural form («{n} карты»): the counted noun
_COUNTED = re.compile(r"\{[A-Za-z_]\w*\}\s+([А-Яа-яЁёІіЇїЄєҐґ'ʼ’]+)")

#: the distributions whose answers the memo keeps
MEMO_MADE_BY = ("pymorphy3", "pymorphy3-dicts-ru", "pymorphy3-dicts-uk")


def memo_words() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The words the course declines in each of :data:`TARGETS`, for
    :func:`durak_nb.grammar.make_memo`: the shipped recordings' players' names in that
    edition (:data:`durak_nb.lessons.edition.NAMES`, translated) and each noun a plural
    form of that language's catalogues counts («{n} карты» gives «карты»)."""
    from .lessons.edition import NAMES  # the tool's own step: the engine layers never see it

    names: dict[str, list[str]] = {}
    nouns: dict[str, list[str]] = {}
    for lang in TARGETS:
        with language(lang):
            names[lang] = sorted({_(name) for name in NAMES})
        counted: set[str] = set()
        for part in PARTS:
            path = po_path(part, lang)
            if not path.exists():
                continue
            for message in _read(path, lang, part):
                if isinstance(message.id, tuple | list):
                    for text in _texts(message.string):
                        counted.update(w.lower() for w in _COUNTED.findall(text))
        nouns[lang] = sorted(counted)
    return names, nouns


def memo() -> str:
    """The text :data:`durak_nb.grammar.MEMO_PATH` should hold (JSON, keys sorted, indented).

    Raises:
        RuntimeError: pymorphy3 or a dictionary is not installed.
    """
    import importlib.metadata

    names, nouns = memo_words()
    versions = {d: importlib.metadata.version(d) for d in MEMO_MADE_BY}
    return json.dumps(make_memo(names, nouns, versions), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m durak_nb.catalogues {update,compile,check,missing,memo}``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m durak_nb.catalogues", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update", help="extract the strings and update every .po")
    up.add_argument("parts", nargs="*", help=f"parts to update (default: all): {', '.join(PARTS)}")
    sub.add_parser("compile", help="write every .mo")
    ck = sub.add_parser("check", help="report untranslated, fuzzy or broken entries")
    ck.add_argument("parts", nargs="*")
    ms = sub.add_parser("missing", help="list the untranslated strings of a part in a language")
    ms.add_argument("part", choices=list(PARTS))
    ms.add_argument("lang", choices=list(TARGETS))
    mm = sub.add_parser("memo", help="write the grammar's memo of the course's words (grammar_memo.json)")
    mm.add_argument("--check", action="store_true", help="compare only: exit status 1 if the file differs")
    args = parser.parse_args(argv)
    unknown = [p for p in getattr(args, "parts", []) if p not in PARTS]
    if unknown:
        parser.error(f"no such part: {', '.join(unknown)} (the parts: {', '.join(PARTS)})")
    if args.command == "update":
        for path in update(args.parts or None):
            print(path.relative_to(PACKAGE.parent))
        return 0
    if args.command == "compile":
        for path in compile_all():
            print(path.relative_to(PACKAGE.parent))
        return 0
    if args.command == "memo":
        want = memo()
        have = MEMO_PATH.read_text(encoding="utf-8") if MEMO_PATH.exists() else None
        if args.check:
            print(f"{MEMO_PATH.relative_to(PACKAGE.parent)}: {'up to date' if have == want else 'differs'}")
            return 0 if have == want else 1
        if have != want:
            MEMO_PATH.write_text(want, encoding="utf-8")
            print(MEMO_PATH.relative_to(PACKAGE.parent))
        return 0
    if args.command == "missing":
        for text in missing(args.part, args.lang):
            print(text)
        return 0
    problems = check(args.parts or None)
    for line in problems:
        print(line)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
