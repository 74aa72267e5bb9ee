"""One word per thing (issue 20): no catalogue or lesson uses a word docs/glossary.md rules out.

The rules are the glossary's own table («Words ruled out»): a language, a regular
expression, the word to say instead and the thing.  Each catalogue's translations (every
plural form, wrapped lines joined) and each lesson of that edition are searched.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

from durak_nb.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"


class Rule(NamedTuple):
    lang: str
    pattern: re.Pattern[str]
    instead: str
    thing: str


def rules(text: str | None = None) -> list[Rule]:
    """The rows of the glossary's «Words ruled out» table."""
    text = GLOSSARY.read_text(encoding="utf-8") if text is None else text
    section = text.split("## Words ruled out", 1)[1]
    out = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] not in ("ru", "uk"):
            continue
        out.append(Rule(cells[0], re.compile(cells[1].strip("`"), re.IGNORECASE), cells[2], cells[3]))
    return out


def offences(lang: str, texts: dict[str, str], table: list[Rule]) -> list[str]:
    """``where: «word» (say «instead» for the thing)`` for each use of a ruled-out word."""
    out = []
    for where, text in texts.items():
        for rule in table:
            if rule.lang != lang:
                continue
            for m in rule.pattern.finditer(text):
                out.append(f"{where}: «{m.group(0)}» (the glossary says {rule.instead} for {rule.thing})")
    return out


def catalogue_texts(lang: str) -> dict[str, str]:
    out = {}
    for po in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fp:
            catalog = read_po(fp)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            for k, s in enumerate(strings):
                if s:
                    out[f"{po.relative_to(ROOT)} {msgid[:50]!r} [{k}]"] = s
    return out


def notebook_texts(lang: str) -> dict[str, str]:
    out = {}
    for nb in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            out[f"{nb.relative_to(ROOT)} cell {i}"] = "".join(cell["source"])
    return out


def test_the_glossary_rules_words_out_in_both_languages() -> None:
    table = rules()
    assert {r.lang for r in table} == {"ru", "uk"}
    assert any(r.pattern.search("атакуючий") for r in table if r.lang == "uk")
    assert len(table) >= 10


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_catalogue_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    assert offences(lang, catalogue_texts(lang), rules()) == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_lesson_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    assert offences(lang, notebook_texts(lang), rules()) == []


def test_a_ruled_out_word_is_found_where_it_is() -> None:
    # the check fails on the texts issue 20 found (it is not a list of them: the table is)
    table = rules()
    texts = {
        "a": "спершу підкидає атакуючий (Анна)",
        "b": "у кону не більше 5 карт заходу",
        "c": "Догравайте кон до кінця",
        "d": "пока в партии не было ни одного бито",
        "e": "в этом коне уже зашли",
        "f": "Карты остались только у игрока {name}",
        "g": "тоді відбиватися від {cards} буде {next}",
        "h": "у цьому коні вже зайшли",
    }
    uk = offences("uk", {k: v for k, v in texts.items() if k in "abcgh"}, table)
    ru = offences("ru", {k: v for k, v in texts.items() if k in "def"}, table)
    assert [o.split(":")[0] for o in uk] == ["a", "b", "c", "h"]
    assert [o.split(":")[0] for o in ru] == ["d", "e", "f"]
    assert "той, хто ходить" in uk[0]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_one_english_text_has_one_translation_in_every_part(lang: str) -> None:
    # the parts are merged at run time (durak_nb.i18n): a text translated two ways in two
    # parts is read one way everywhere, the other part's words silently lost (the drill's
    # «…, и ничья» read «…, и ничью», the object form of the evaluation graph)
    seen: dict[tuple[str | None, object], tuple[str, object]] = {}
    clashes = []
    for po in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fp:
            catalog = read_po(fp)
        for message in catalog:
            if not message.id:
                continue
            key = (message.context, message.id if isinstance(message.id, str) else tuple(message.id))
            text = message.string if isinstance(message.string, str) else tuple(message.string)
            first = seen.setdefault(key, (po.name, text))
            if first[1] != text:
                clashes.append(f"{key}: {first} != {(po.name, text)}")
    assert clashes == []
