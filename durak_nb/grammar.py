"""Grammar for the texts a person reads: names declined, verbs agreeing, numerals in case.

A translation says what grammar a place needs with a *format spec* on the field, and
:func:`fill` (which :meth:`durak_nb.i18n.Phrase.format` calls for every catalogue text)
does the rest with the morphological analyser `pymorphy3
<https://pypi.org/project/pymorphy3/>`_ and its OpenCorpora (ru) and VESUM/LanguageTool (uk)
dictionaries — no hand-made table of names:

* ``{name:gent}`` (also ``nomn``, ``datv``, ``accs``, ``ablt``, ``loct``): the player's name
  in that case, «под {defender:accs}» -> «под Дашу», «у {name:gent}» -> «у Бориса».  A name
  the dictionary does not know as a first name of one gender and one declension (a foreign,
  invented or Latin-script name: ``Xyz``, ``Мишель``) is not declined: the word *player*
  (:data:`PLAYER`) is put before it in that case, «под игрока Xyz», «у гравця Xyz», a
  sentence still grammatical.  ``nomn`` gives the name itself, or «игрок Xyz» when its
  gender is unknown (for a past-tense sentence, whose verb then agrees with «игрок»).
* ``{name:начал|начала}``: the word agreeing with the player's gender, masculine first
  («Цей кон {starter:почав|почала} {starter:nomn}» -> «Цей кон почала Анна»); an unknown
  gender takes the masculine, which agrees with the fallback «игрок Xyz».
* ``{held:gent}`` where the value is a count as the catalogue wrote it (``'2 карты'``): the
  count in that case, the noun agreeing with the number («от {cards:gent}» -> «от 2 карт»,
  «от 1 карты», «з 5 карт»).  Most counts need no spec: each plural form of a
  catalogue entry is written in its case («отбиваться от {n} карт»).
* English has no catalogue; a player called ``You`` is the second person: «You attack 6♦»,
  «You are out», «Your win chance», «a win for you» (:func:`fill`, ``lang='en'``).

This module imports nothing of the kit (the analyser only, loaded on first use, one per
language).  The dictionary's answers for the words the course itself declines (its
players' names, the word *player*, the nouns the catalogues count) are also kept in
``grammar_memo.json`` beside this module (:data:`MEMO_PATH`), made from the dictionary by
``python -m durak_nb.catalogues memo`` and held to it by a test: a page of the course
then needs no dictionary (the site's Russian and Ukrainian lessons load none), and any
other word asks the dictionary.  The memo is used only while it was made by the
installed dictionaries (or none is installed, as on the site before a load).  Without
pymorphy3 a word the memo lacks is treated as unknown (a name) or keeps the catalogue's
form (a count).

>>> fill("{a} ходит 7♠ под {d:accs}.", {"a": "Егор", "d": "Даша"}, "ru")
'Егор ходит 7♠ под Дашу.'
>>> fill("{a} ходит 7♠ под {d:accs}.", {"a": "Егор", "d": "Xyz"}, "ru")
'Егор ходит 7♠ под игрока Xyz.'
>>> fill("Цей кон {s:почав|почала} {s:nomn}.", {"s": "Анна"}, "uk")
'Цей кон почала Анна.'
>>> fill("Карти лишилися тільки в {n:gent}.", {"n": "Віра"}, "uk")
'Карти лишилися тільки у Віри.'
>>> fill("тоді відбиватися від {c:gent}", {"c": "2 карти"}, "uk")
'тоді відбиватися від 2 карт'
>>> fill("{name} attacks 6♦. {name}'s win chance", {"name": "You"}, "en")
'You attack 6♦. Your win chance'
"""

from __future__ import annotations

import contextlib
import json
import re
import string
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = [
    "CASES",
    "MEMO_PATH",
    "PLAYER",
    "Person",
    "analyzer",
    "count_in_case",
    "decline",
    "fill",
    "is_spec",
    "make_memo",
    "person",
    "prepare",
    "uses_grammar",
]

#: The cases a spec may name (pymorphy3's grammemes): nominative, genitive, dative,
#: accusative, instrumental, locative.
CASES: tuple[str, ...] = ("nomn", "gent", "datv", "accs", "ablt", "loct")

#: The glossary's word for *player* (docs/glossary.md), put before a name the dictionary
#: cannot decline: «под игрока Xyz», «у гравця Xyz».
PLAYER: dict[str, str] = {"ru": "игрок", "uk": "гравець"}

#: The languages with a dictionary (pymorphy3-dicts-ru, pymorphy3-dicts-uk).
_MORPH_LANGS = ("ru", "uk")

_lock = threading.Lock()
_analyzers: dict[str, Any] = {}

#: The dictionary's answers for the course's own words (see the module's text): for each
#: language, ``persons`` (name -> gender and forms, as :class:`Person`), ``player``
#: (:data:`PLAYER` in each case) and ``nouns`` (a counted noun as a catalogue writes it ->
#: its animacy, whether its tags carry a number, and each inflection a count asks), with
#: the versions of the dictionaries that made it (``made_by``).
MEMO_PATH = Path(__file__).with_name("grammar_memo.json")
#: each language's part of the memo, read once (:func:`_memo`)
_memos: dict[str, dict[str, Any]] = {}
_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁёІіЇїЄєҐґ'ʼ’]+$")
_COUNT = re.compile(r"^(\d+)(\s+)(\S+)(.*)$", re.S)


def analyzer(lang: str) -> Any | None:
    """The pymorphy3 ``MorphAnalyzer`` of ``lang`` (``'ru'``, ``'uk'``), made once; ``None``
    for another language or when pymorphy3 or the language's dictionary is not installed."""
    if lang not in _MORPH_LANGS:
        return None
    with _lock:
        if lang not in _analyzers:
            try:
                import importlib

                _load_in_browser(lang, wait=True)
                import pymorphy3

                # the dictionary's own path (no scan of every installed package's entry points)
                dicts = importlib.import_module(f"pymorphy3_dicts_{lang}")
                _analyzers[lang] = pymorphy3.MorphAnalyzer(path=dicts.get_path(), lang=lang)
            except (ImportError, ValueError, OSError):  # pragma: no cover - no dictionary
                if _in_browser():
                    return None  # still arriving (a browser without JSPI): asked again next time
                _analyzers[lang] = None
        return _analyzers[lang]


#: the browser's Python (Pyodide, on the course's site): the packages of each language's
#: grammar, which the site loads only for the pages that need them (docs/site.md)
_BROWSER_PACKAGES = {lang: ("pymorphy3", f"pymorphy3-dicts-{lang}") for lang in _MORPH_LANGS}
_loading: dict[str, Any] = {}


def _in_browser() -> bool:
    import sys

    return sys.platform == "emscripten"


def _load_in_browser(lang: str, *, wait: bool) -> None:
    """In the browser's Python (Pyodide), begin loading ``lang``'s grammar packages from the
    site (once), and with ``wait`` wait for them where the browser can (WebAssembly stack
    switching, JSPI: Chromium has it); elsewhere, or when they are loaded, nothing."""
    if not _in_browser() or lang not in _BROWSER_PACKAGES:
        return
    try:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.ffi import run_sync
    except ImportError:  # pragma: no cover - not Pyodide's kernel
        return
    if lang not in _loading:
        _loading[lang] = pyodide_js.loadPackage(list(_BROWSER_PACKAGES[lang]))
    if wait:
        with contextlib.suppress(Exception):  # no JSPI here: the names wait for the packages
            run_sync(_loading[lang])


def prepare(lang: str) -> None:
    """Begin loading ``lang``'s dictionary where it is loaded on demand (the course's site:
    :func:`durak_nb.i18n.set_language` calls this), so that it is there when the first
    name is declined; nothing where the memo answers for the course's words (the site's
    lessons then load no dictionary: a word the memo lacks loads it, :func:`analyzer`),
    nothing outside the browser."""
    if lang in _MORPH_LANGS and lang not in _analyzers and not _memo(lang):
        _load_in_browser(lang, wait=False)


def _installed_version(distribution: str) -> str | None:
    import importlib.metadata

    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _memo(lang: str) -> dict[str, Any]:
    """The memo's part for ``lang`` (empty when there is none, it cannot be read, or the
    installed dictionaries are not the ones that made it); the file is read once, for
    every language."""
    if lang not in _memos:
        data: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(MEMO_PATH.read_text(encoding="utf-8"))
            made_by = data.get("made_by", {})
            if any(_installed_version(d) not in (None, v) for d, v in made_by.items()):
                data = {}
        for each in _MORPH_LANGS:
            _memos.setdefault(each, data.get(each, {}))
    return _memos.get(lang, {})


@dataclass(frozen=True)
class Person:
    """What the dictionary says of one name in one language.

    Attributes:
        name: the name as written.
        gender: ``'masc'``, ``'femn'``, or ``None`` (unknown, or a name of either gender
            such as «Саша»).
        forms: the name in each of :data:`CASES`, capitalised as written; ``None`` when the
            dictionary does not decline it one way (unknown, or two ways as «Мишель»).
    """

    name: str
    gender: str | None
    forms: dict[str, str] | None


def _cased(word: str, like: str) -> str:
    """``word`` (lower case, from the dictionary) capitalised as ``like`` is."""
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _case_form(parse: Any, case: str) -> str | None:
    # the singular form in that case; Ukrainian tags carry no number for the singular
    got = parse.inflect({case, "sing"}) if "sing" in parse.tag.grammemes else parse.inflect({case})
    return None if got is None else str(got.word)


@lru_cache(maxsize=4096)
def person(name: str, lang: str) -> Person:
    """The gender and case forms of ``name`` in ``lang`` (see :class:`Person`).

    A name is known when it is one Cyrillic word that the dictionary has as a first name
    (grammeme ``Name``) in the nominative singular, every such reading giving the same
    forms; its gender is known when those readings agree on one (``ms-f``, «Саша», is
    either).  Anything else (Latin letters, a space, a digit, a surname or a common
    noun only) is unknown.
    """
    if lang not in _MORPH_LANGS or not _CYRILLIC_WORD.match(name):
        return Person(name, None, None)
    kept = _memo(lang).get("persons", {}).get(name)
    if kept is not None:
        return Person(name, kept["gender"], kept["forms"])
    morph = analyzer(lang)
    if morph is None:
        return Person(name, None, None)
    low = name.lower()
    readings = [
        p
        for p in morph.parse(low)
        if {"Name", "nomn"} <= p.tag.grammemes
        and "plur" not in p.tag.grammemes
        and p.word.replace("ё", "е") == low.replace("ё", "е")
    ]
    if not readings:
        return Person(name, None, None)
    genders = {g for p in readings for g in ("masc", "femn", "ms-f") if g in p.tag.grammemes}
    gender = genders.pop() if len(genders) == 1 else None
    gender = None if gender == "ms-f" else gender
    forms: dict[str, str] = {}
    for case in CASES:
        got = {_case_form(p, case) for p in readings}
        if len(got) != 1 or None in got:
            return Person(name, gender, None)
        word = got.pop()
        assert word is not None
        forms[case] = name if case == "nomn" else _cased(word, name)
    return Person(name, gender, forms)


@lru_cache(maxsize=256)
def _player(case: str, lang: str) -> str:
    """:data:`PLAYER` of ``lang`` in ``case`` (singular)."""
    word = PLAYER[lang]
    kept = _memo(lang).get("player", {}).get(case)
    if kept is not None:
        return str(kept)
    morph = analyzer(lang)
    if morph is None:
        return word
    parse = next(p for p in morph.parse(word) if p.tag.POS == "NOUN" and "nomn" in p.tag.grammemes)
    return _case_form(parse, case) or word


def decline(name: str, case: str, lang: str) -> str:
    """``name`` in ``case`` (:data:`CASES`) in ``lang``: declined when the dictionary knows
    it, else :data:`PLAYER` in that case before it («игрока Xyz»); in the nominative an
    unknown gender also takes «игрок» (for a verb that agrees).  Other languages: ``name``.

    Raises:
        ValueError: ``case`` is not one of :data:`CASES`.
    """
    if case not in CASES:
        raise ValueError(f"no such case {case!r}: one of {', '.join(CASES)}")
    if lang not in _MORPH_LANGS:
        return name
    got = person(name, lang)
    if got.forms is not None and (case != "nomn" or got.gender is not None):
        return got.forms[case]
    return f"{_player(case, lang)} {name}"


def _agree(name: str, choice: str, lang: str) -> str:
    """The word of ``'masc|femn'`` agreeing with ``name``'s gender (masculine if unknown)."""
    masc, femn = choice.split("|", 1)
    got = person(name, lang) if lang in _MORPH_LANGS else Person(name, None, None)
    # a known feminine name whose nominative is itself (not «игрок Xyz»)
    return femn if got.gender == "femn" and got.forms is not None else masc


def _wanted(n: int, case: str, lang: str, *, anim: bool, sing: bool, numbered: bool) -> frozenset[str]:
    """The grammemes of the noun agreeing with the number ``n`` written in digits, in
    ``case``: one (1, 21, 101) takes the singular; two to four (2, 23, not 12–14) in the
    nominative or inanimate accusative take the genitive singular in Russian and the
    nominative plural in Ukrainian; the rest the genitive plural; every other case the
    plural of that case.  ``anim``, ``sing``: the noun's tags say animate, singular;
    ``numbered``: they carry a number (Ukrainian tags give none for the singular)."""
    last, tens = n % 10, n % 100
    direct = case == "nomn" or (case == "accs" and not anim)
    if last == 1 and tens != 11:
        want = {case, "sing"} if sing else {case}
    elif direct and 2 <= last <= 4 and not 12 <= tens <= 14:
        want = {"gent", "sing"} if lang == "ru" else {"nomn", "plur"}
    elif direct or (case == "accs" and anim):
        want = {"gent", "plur"}
    else:
        want = {case, "plur"}
    if not numbered:
        want.discard("sing")
    return frozenset(want)


def _numbered(parse: Any) -> bool:
    return bool({"sing", "plur"} & parse.tag.grammemes)


def _number_form(parse: Any, n: int, case: str, lang: str) -> str | None:
    """The noun of ``parse`` (a pymorphy3 reading in the nominative singular) agreeing with
    the number ``n`` written in digits, in ``case`` (:func:`_wanted`)."""
    tags = parse.tag.grammemes
    want = _wanted(n, case, lang, anim="anim" in tags, sing="sing" in tags, numbered=_numbered(parse))
    got = parse.inflect(set(want))
    return None if got is None else str(got.word)


def _key(want: Iterable[str]) -> str:
    return ",".join(sorted(want))


def _count_wants(lang: str, *, anim: bool, sing: bool, numbered: bool) -> list[frozenset[str]]:
    """Every grammeme set :func:`_wanted` can give for a noun of these tags (the
    numbers 1–100 give every one there is: it looks at ``n % 100`` only)."""
    out = {_wanted(n, case, lang, anim=anim, sing=sing, numbered=numbered) for n in range(1, 101) for case in CASES}
    return sorted(out, key=_key)


def _lemma_parse(morph: Any, lemma: str) -> Any | None:
    """The reading of the noun ``lemma`` in the nominative singular (a counting form such
    as «байт», genitive plural, is not it)."""
    return next(
        (
            p
            for p in morph.parse(lemma)
            if p.tag.POS == "NOUN"
            and p.normal_form == lemma
            and "nomn" in p.tag.grammemes
            and "plur" not in p.tag.grammemes
        ),
        None,
    )


def count_in_case(text: str, case: str, lang: str) -> str:
    """A count as a catalogue wrote it (``'2 карты'``, ``'5 карт'``) put in ``case``: the
    noun inflected and agreeing with the number («2 карт» in the genitive).  A text that
    is not a number and a noun the dictionary knows is returned as it is.

    Raises:
        ValueError: ``case`` is not one of :data:`CASES`.
    """
    if case not in CASES:
        raise ValueError(f"no such case {case!r}: one of {', '.join(CASES)}")
    match = _COUNT.match(text)
    if match is None or lang not in _MORPH_LANGS:
        return text
    digits, space, noun, rest = match.groups()
    n = int(digits)
    nouns_kept = _memo(lang).get("nouns", {})
    if noun.lower() in nouns_kept:
        kept = nouns_kept[noun.lower()]
        if kept is None:
            return text
        want = _wanted(n, case, lang, anim=kept["anim"], sing=kept["sing"], numbered=kept["numbered"])
        got = kept["forms"].get(_key(want))
    else:
        base = _count_base(noun, lang)
        got = None if base is None else _number_form(base, n, case, lang)
    return text if got is None else f"{digits}{space}{_cased(got, noun)}{rest}"


def _count_base(noun: str, lang: str) -> Any | None:
    """The dictionary's reading, in the nominative singular, of the noun ``noun`` is a form
    of (its first reading as a noun); ``None`` when it is no noun or there is no dictionary."""
    morph = analyzer(lang)
    if morph is None:
        return None
    nouns = [p for p in morph.parse(noun.lower()) if p.tag.POS == "NOUN"]
    return _lemma_parse(morph, nouns[0].normal_form) if nouns else None


def make_memo(
    names: Mapping[str, Iterable[str]], nouns: Mapping[str, Iterable[str]], versions: Mapping[str, str | None]
) -> dict[str, Any]:
    """The memo (:data:`MEMO_PATH`'s content) the installed dictionaries give for ``names``
    (language -> players' names) and ``nouns`` (language -> counted nouns as catalogues
    write them, e.g. ``'карты'``), stamped with ``versions`` (distribution -> version).

    Raises:
        RuntimeError: pymorphy3 or a language's dictionary is not installed.
    """
    out: dict[str, Any] = {"made_by": dict(sorted(versions.items()))}
    for lang in _MORPH_LANGS:
        lang_names = sorted(set(names.get(lang, ())))
        lang_nouns = sorted({n.lower() for n in nouns.get(lang, ())})
        if analyzer(lang) is None:
            raise RuntimeError(f"no dictionary for {lang!r}: install pymorphy3-dicts-{lang}")
        saved = _memos.pop(lang, None)
        _memos[lang] = {}  # the dictionary's own answers, not the memo's
        try:
            persons = {}
            for name in lang_names:
                if _CYRILLIC_WORD.match(name):
                    got = person.__wrapped__(name, lang)
                    persons[name] = {"gender": got.gender, "forms": got.forms}
            player = {case: _player.__wrapped__(case, lang) for case in CASES}
            counted: dict[str, Any] = {}
            for noun in lang_nouns:
                base = _count_base(noun, lang)
                if base is None:
                    counted[noun] = None
                    continue
                tags = base.tag.grammemes
                flags = {"anim": "anim" in tags, "sing": "sing" in tags, "numbered": _numbered(base)}
                forms = {}
                for want in _count_wants(lang, **flags):
                    inflected = base.inflect(set(want))
                    forms[_key(want)] = None if inflected is None else str(inflected.word)
                counted[noun] = {**flags, "forms": forms}
        finally:
            _memos.pop(lang)
            if saved is not None:
                _memos[lang] = saved
        out[lang] = {"persons": persons, "player": player, "nouns": counted}
    return out


def is_spec(spec: str) -> bool:
    """``spec`` is a grammar spec (:data:`CASES` or ``'masc|femn'``), not a ``str.format`` one."""
    return spec in CASES or ("|" in spec and spec.count("|") == 1 and all(spec.split("|")))


_PARSED: dict[str, tuple[tuple[str, str | None, str, str | None], ...]] = {}


def _parse(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    got = _PARSED.get(template)
    if got is None:
        got = tuple((lit, field, spec or "", conv) for lit, field, spec, conv in string.Formatter().parse(template))
        if len(_PARSED) < 8192:
            _PARSED[template] = got
    return got


def uses_grammar(template: str, values: Mapping[str, Any], lang: str) -> bool:
    """``template`` needs :func:`fill` rather than ``str.format``: a field has a grammar
    spec, or (English) a value is the player ``You``."""
    try:
        pieces = _parse(template)
    except ValueError:
        return False
    if any(field is not None and is_spec(spec) for _, field, spec, _ in pieces):
        return True
    return lang == "en" and any(isinstance(v, str) and v == "You" for v in values.values())


#: a Ukrainian «у »/«в » ending the text before a name (euphony, :func:`_uk_euphony`)
_UK_U_V = re.compile(r"(^|[\s\[(«\"„])([уУвВ]) $")
_UK_VOWELS = set("аеєиіїоуюяАЕЄИІЇОУЮЯ")
#: the openings before which Ukrainian writes «у», whatever comes before (Правопис § 23)
_UK_U_ONLY = ("в", "ф", "льв", "св", "тв", "хв", "зв")


def _uk_euphony(before: str, word: str) -> str:
    """``before`` with its last preposition «у»/«в» (before a declined name ``word``) as
    Ukrainian euphony writes it (Правопис § 23): «у» before в, ф, льв, св, тв, хв, зв
    («у Віри», «у Святослава»); «в» before a vowel («в Анни», «В Анни» opening a
    sentence); before another consonant «в» after a vowel («тільки в Гліба») and «у»
    after a consonant, a sign or at the start («У Гліба», «[R13b] у Бориса»)."""
    match = _UK_U_V.search(before)
    if match is None or not word:
        return before
    prep = match.group(2)
    head = word.lower()
    if head.startswith(_UK_U_ONLY):
        want = "у"
    elif word[0] in _UK_VOWELS:
        want = "в"
    else:
        prev = before[: match.start(2)].rstrip()
        want = "в" if prev and prev[-1] in _UK_VOWELS else "у"
    want = want.upper() if prep.isupper() else want
    return before[: match.start(2)] + want + " "


#: Russian euphony: «с», «к», «в» take an «о» before a word opening with a cluster that
#: calls for it («со Станиславом», «со Щукарём», «ко Всеволоду», «во Владе», «во Фриде»;
#: but «к Гвидону», «с Анной»): the clusters for each, a letter then ``+`` for "a consonant"
_RU_O_BEFORE = {
    "с": ("с+", "з+", "ш+", "ж+", "щ", "мн", "вс"),
    "к": ("мн", "вс", "вт"),
    "в": ("в+", "ф+", "мн", "вс"),
}
_RU_PREPOSITION = re.compile(r"(^|\s)([скв]) $", re.IGNORECASE)
_RU_VOWELS = set("аеёиоуыэюяьъй")


def _ru_euphony(before: str, word: str) -> str:
    """``before`` with its last preposition «с»/«к»/«в» made «со»/«ко»/«во» when ``word``
    opens with a cluster of :data:`_RU_O_BEFORE`."""
    match = _RU_PREPOSITION.search(before)
    if match is None or len(word) < 2:
        return before
    prep = match.group(2)
    head = word[:2].lower()
    for cluster in _RU_O_BEFORE[prep.lower()]:
        if cluster.endswith("+"):
            hit = head[0] == cluster[0] and head[1].isalpha() and head[1] not in _RU_VOWELS
        else:
            hit = head.startswith(cluster)
        if hit:
            return before[: match.start(2)] + prep + "о "
    return before


# English, second person: the verb after a field whose value is «You»
_BE = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_NOT_VERBS = {"plus", "as", "us", "this", "thus", "bonus", "always"}
_WORD = re.compile(r"^(\s+)([a-z]+)\b")
_SENTENCE_START = re.compile(r"(^|[.!?]\s+|\]\s+|\n\s*|“|\()$")


def _second_person(verb: str) -> str:
    if verb in _BE:
        return _BE[verb]
    if verb in _NOT_VERBS or not verb.endswith("s") or verb.endswith("ss") or len(verb) < 3:
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


#: the kit's verbs that follow «and» in a sentence about a player («You picked up the cards
#: and lose»); another word after «and» (a noun: «and hearts are trump») is left alone
_AND_VERBS = frozenset(
    {
        "has",
        "is",
        "was",
        "does",
        "goes",
        "holds",
        "loses",
        "wins",
        "takes",
        "covers",
        "draws",
        "plays",
        "attacks",
        "leads",
        "throws",
        "passes",
        "transfers",
        "beats",
        "picks",
        "keeps",
        "gets",
        "ends",
        "becomes",
        "stays",
        "moves",
        "must",
        "may",
        "would",
        "can",
    }
)
_AND_VERB = re.compile(r"(\band\s+)([a-z]+)\b")
_CLAUSE_END = re.compile(r"[.!?;:]")


def _and_verbs(text: str) -> str:
    """``text`` with each of :data:`_AND_VERBS` after «and» in the second person, up to the
    end of the sentence (or the clause: ``.``, ``!``, ``?``, ``;``, ``:``)."""
    end = _CLAUSE_END.search(text)
    head, tail = (text[: end.start()], text[end.start() :]) if end else (text, "")

    def second(match: re.Match[str]) -> str:
        word = match.group(2)
        return match.group(1) + (_second_person(word) if word in _AND_VERBS else word)

    return _AND_VERB.sub(second, head) + tail


def _you(out: list[str], after: str) -> tuple[str, str]:
    """«You»/«you» (or «Your»/«your» before ``'s``) and the literal after it, its first verb
    and each verb after «and» in the same sentence in the second person."""
    start = bool(_SENTENCE_START.search("".join(out)))
    if after.startswith("'s"):
        return ("Your" if start else "your"), after[2:]
    match = _WORD.match(after)
    if match:
        space, verb = match.groups()
        after = space + _second_person(verb) + _and_verbs(after[match.end() :])
    return ("You" if start else "you"), after


def fill(template: str, values: Mapping[str, Any], lang: str) -> str:
    """``template.format(**values)`` with the grammar of ``lang`` (see the module's text):
    grammar specs on fields, and in English the second person for a player called You.

    Raises:
        KeyError: a field without a value.
        ValueError: a malformed template, or a spec ``str.format`` refuses.
    """
    out: list[str] = []
    pieces = list(_parse(template))
    formatter = string.Formatter()
    pending: str | None = None  # the literal after a «You», its verb in the second person
    for i, (literal, field, spec, conv) in enumerate(pieces):
        out.append(literal if pending is None else pending)
        pending = None
        if field is None:
            continue
        value, _ = formatter.get_field(field, (), values)
        if conv:
            value = formatter.convert_field(value, conv)
        if isinstance(value, str) and spec in CASES:
            word = count_in_case(value, spec, lang) if _COUNT.match(value) else decline(value, spec, lang)
            if lang == "uk" and out:
                out[-1] = _uk_euphony(out[-1], word)  # «у Віри», «в Анни» (euphony)
            elif lang == "ru" and out:
                out[-1] = _ru_euphony(out[-1], word)
            out.append(word)
        elif isinstance(value, str) and is_spec(spec):
            out.append(_agree(value, spec, lang))
        elif lang == "en" and value == "You" and not spec:
            nxt = pieces[i + 1][0] if i + 1 < len(pieces) else ""
            word, rest = _you(out, nxt)
            out.append(word)
            pending = rest
        elif isinstance(value, int) and spec in CASES:
            out.append(str(value))
        else:
            out.append(format(value, spec))
    return "".join(out)
