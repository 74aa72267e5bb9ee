"""A native reader's checks of Russian and Ukrainian text, with pymorphy3's own analysis.

:func:`problems` reads a text as a teacher marks it and returns what is wrong, one line
each (empty: nothing found).  It knows no sentence of the kit: every check asks the
morphological dictionary (:func:`durak_nb.grammar.analyzer`) about the words themselves.

* **a Latin word** (two letters or more) other than a rule id (``R13b``) or a word the
  caller allows (``allow``): a name not in the reader's alphabet, or an English sentence;
* **an undeclined name after a noun**: «игрока Даша», «у гравця Анна», when the
  dictionary declines that name (the «игрок Xyz» form is the fallback for names it does
  not know, and only for them);
* **a name in the nominative after a preposition**: «под Даша», «у Борис»;
* **a numeral's noun in the wrong case**: after a preposition or a word that governs
  the genitive («от 2 карты», «більше 5 карти»), the noun must be the form agreeing
  with the number in a case the preposition takes (:data:`GOVERNS`); anywhere else it
  must agree with the number in some case («2 карта» never does);
* **a past-tense verb whose gender is not its subject's** beside a name the dictionary
  knows («Этот кон начинал Анна»).

Used by tests/test_grammar.py on the drills, on lessons 7–10 as a notebook shows them
(:func:`shown_texts`: the words of every widget, table and page a cell shows) and on the
class server's pages (:func:`page_texts`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from durak_nb.grammar import PLAYER, analyzer, person

__all__ = ["GOVERNS", "page_texts", "problems", "shown_texts", "without_files"]

#: The cases each preposition (and comparative word) takes before a numeral: grammar
#: facts of the two languages, used only to check (the kit's texts never read them).
GOVERNS: dict[str, dict[str, set[str] | frozenset[str]]] = {
    "ru": {
        **dict.fromkeys(
            ["от", "из", "до", "у", "без", "для", "после", "около", "кроме", "против", "среди", "из-за"],
            frozenset({"gent"}),
        ),
        **dict.fromkeys(["больше", "меньше", "более", "менее", "свыше"], frozenset({"gent"})),
        "к": {"datv"},
        "по": {"datv", "accs", "loct"},
        "с": {"ablt", "gent", "accs"},
        "со": {"ablt", "gent"},
        "под": {"ablt", "accs"},
        "за": {"ablt", "accs"},
        "над": {"ablt"},
        "перед": {"ablt"},
        "между": {"ablt"},
        "в": {"loct", "accs"},
        "во": {"loct", "accs"},
        "на": {"loct", "accs"},
        "о": {"loct", "accs"},
        "об": {"loct", "accs"},
        "при": {"loct"},
        "про": {"accs"},
        "через": {"accs"},
    },
    "uk": {
        **dict.fromkeys(
            ["від", "до", "без", "для", "після", "біля", "крім", "проти", "серед", "із-за", "з-під"],
            frozenset({"gent"}),
        ),
        **dict.fromkeys(["більше", "менше"], frozenset({"gent"})),
        "у": {"gent", "loct", "accs"},
        "в": {"gent", "loct", "accs"},
        "з": {"gent", "ablt", "accs"},
        "із": {"gent", "ablt", "accs"},
        "зі": {"gent", "ablt", "accs"},
        "к": {"datv"},
        "по": {"datv", "accs", "loct"},
        "під": {"ablt", "accs"},
        "за": {"ablt", "accs"},
        "над": {"ablt"},
        "перед": {"ablt"},
        "між": {"ablt"},
        "на": {"loct", "accs"},
        "о": {"loct", "accs"},
        "об": {"loct", "accs"},
        "при": {"loct"},
        "про": {"accs"},
        "через": {"accs"},
    },
}

_TOKEN = re.compile(r"[A-Za-zА-Яа-яЁёІіЇїЄєҐґ'ʼ’-]+|\d+|[^\sA-Za-zА-Яа-яЁёІіЇїЄєҐґ\d]")
_LATIN = re.compile(r"^[A-Za-z][A-Za-z'-]+$")
_RULE_ID = re.compile(r"^R\d+[a-z]?$")
_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


def _known_name(word: str, lang: str) -> bool:
    return word[:1].isupper() and person(word, lang).forms is not None


def _name_forms(word: str, lang: str) -> set[str]:
    """The cases ``word`` (a capitalised word) is in, as a form of a first name the
    dictionary knows; empty if it is no such form."""
    morph = analyzer(lang)
    if morph is None or not word[:1].isupper():
        return set()
    out = set()
    for p in morph.parse(word.lower()):
        if "Name" in p.tag.grammemes:
            out |= {c for c in _CASES if c in p.tag.grammemes}
    return out


def _agreeing(noun: str, n: int, lang: str) -> dict[str, set[str]]:
    """For each lemma ``noun`` may be a form of: the cases in which ``noun`` is the form
    agreeing with the number ``n`` written in digits."""
    from durak_nb.grammar import _lemma_parse, _number_form

    morph = analyzer(lang)
    out: dict[str, set[str]] = {}
    if morph is None:
        return out
    parses = morph.parse(noun.lower())
    if not parses or parses[0].tag.POS != "NOUN":  # most likely not a noun («2 відомі всім»)
        return out
    for p in parses:
        if p.tag.POS != "NOUN":
            continue
        base = _lemma_parse(morph, p.normal_form)
        if base is None:
            continue
        cases = {c for c in _CASES if _number_form(base, n, c, lang) == noun.lower()}
        if "Coun" in p.tag.grammemes:  # a counting form («5 байт») stands for the genitive plural
            gent_plur = base.inflect({"gent", "plur"})
            cases |= {c for c in _CASES if gent_plur is not None and _number_form(base, n, c, lang) == gent_plur.word}
        if {"plur", "gent"} <= p.tag.grammemes and not (n % 10 == 1 and n % 100 != 11):
            # after a number in the genitive every count but 1, 21, … takes the genitive
            # plural, also where the dictionary's plural is another stem («4 человек»:
            # «человек» plur,gent beside «людей»)
            cases.add("gent")
        out.setdefault(p.normal_form, set()).update(cases)
    return out


def problems(text: str, lang: str, *, allow: Iterable[str] = ()) -> list[str]:
    """What a native teacher of ``lang`` (``'ru'``, ``'uk'``) marks in ``text``, one line
    each (see the module's text); ``allow``: Latin words that may appear (option names)."""
    allowed = set(allow)
    morph = analyzer(lang)
    assert morph is not None, f"no dictionary for {lang}"
    tokens = _TOKEN.findall(text)
    words = [t for t in tokens]
    out: list[str] = []
    governs = GOVERNS[lang]
    player = PLAYER[lang]
    player_forms = {str(f.word) for f in morph.parse(player)[0].lexeme}
    for i, tok in enumerate(words):
        prev = words[i - 1] if i else ""
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if _LATIN.match(tok) and not _RULE_ID.match(tok) and tok not in allowed:
            out.append(f"Latin word {tok!r} in {text!r}")
            continue
        if prev.lower() in player_forms and _known_name(tok, lang):
            out.append(f"undeclined name after a noun: {prev} {tok!r} in {text!r}")
        if prev.lower() in governs and tok[:1].isupper():
            forms = _name_forms(tok, lang)
            if forms == {"nomn"}:
                out.append(f"name in the nominative after a preposition: {prev} {tok!r} in {text!r}")
        # a number before a name is a move's number in a list («12  Борис берёт»), not a count
        if tok.isdigit() and nxt and nxt[:1].isalpha() and not _LATIN.match(nxt) and not _known_name(nxt, lang):
            agree = _agreeing(nxt, int(tok), lang)
            if agree:
                ok_cases = set().union(*agree.values())
                gov = governs.get(prev.lower())
                if gov is not None and not ok_cases & gov:
                    out.append(f"numeral after {prev!r} not in its case: {prev} {tok} {nxt!r} in {text!r}")
                elif gov is None and not ok_cases:
                    out.append(f"noun not agreeing with its numeral: {tok} {nxt!r} in {text!r}")
        if tok[:1].isalpha() and not _LATIN.match(tok):
            for other in (prev, nxt):
                if not _known_name(other, lang):
                    continue
                gender = person(other, lang).gender
                verbs = [p for p in morph.parse(tok.lower()) if p.tag.POS == "VERB" and "past" in p.tag.grammemes]
                if (
                    gender
                    and verbs
                    and all(("plur" not in p.tag.grammemes) and gender not in p.tag.grammemes for p in verbs)
                ):
                    out.append(f"past tense not agreeing with {other!r}: {tok!r} in {text!r}")
    return out


# ----------------------------------------------------------------------------- what a page shows

_TAG = re.compile(r"<[^>]+>")
_HIDDEN = re.compile(r"<(style|script|svg)\b.*?</\1>", re.S | re.I)
_BLOCK = re.compile(r"<(br|p|div|li|tr|td|th|h\d|option|label|button|span|b|i|summary)\b[^>]*>", re.I)
#: a file's name or path, a URL, a code (``redeal_five_of_suit``): data a sentence shows,
#: not words of the sentence
_FILE = re.compile(
    r"(?:file://|https?://|/tmp/)\S+|[\w./-]*\.(?:json|jsonl|durak|html|ipynb|py|md|sqlite)\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b"
)


def without_files(text: str) -> str:
    """``text`` with every file name, path, URL and code in it removed (:data:`_FILE`)."""
    return _FILE.sub(" ", text)


def page_texts(markup: str) -> list[str]:
    """The texts a person reads on an HTML page or fragment, one per element (styles,
    scripts and SVG pictures left out, entities decoded)."""
    import html

    body = _BLOCK.sub("\n", _HIDDEN.sub(" ", markup))
    out = []
    for line in html.unescape(_TAG.sub(" ", body)).splitlines():
        line = " ".join(line.split())
        if line:
            out.append(line)
    return out


def shown_texts(value: object, seen: set[int] | None = None) -> list[str]:
    """What a person reads of ``value`` as a notebook cell shows it: a widget's
    description, tooltip, placeholder, text value and option labels (its children too),
    an HTML representation's texts (:func:`page_texts`), or the text of anything else
    shown as text.  ``None`` shows nothing."""
    seen = set() if seen is None else seen
    if value is None or id(value) in seen:
        return []
    seen.add(id(value))
    out: list[str] = []
    traits = getattr(value, "trait_names", None)
    if callable(traits):  # an ipywidgets widget
        names = set(traits())
        # a selection widget shows its options' labels; its value is the chosen option's code
        shown = ("description", "tooltip", "placeholder") + (() if "_options_labels" in names else ("value",))
        for name in shown:
            got = getattr(value, name, None) if name in names else None
            if isinstance(got, str) and got.strip():
                out += page_texts(got) if "<" in got else [got]
        if "_options_labels" in names:
            out += [str(label) for label in value._options_labels]  # type: ignore[attr-defined]
        for child in getattr(value, "children", ()) if "children" in names else ():
            out += shown_texts(child, seen)
        return out
    to_html = getattr(value, "to_html", None) or getattr(value, "_repr_html_", None)
    if callable(to_html):
        got = to_html()
        if isinstance(got, str):
            return page_texts(got)
    return [str(value)]
