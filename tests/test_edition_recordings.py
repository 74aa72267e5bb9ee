"""The course's games in every edition (issue 20): ``recordings/ru/`` and
``recordings/uk/`` hold every shipped recording with the players' names and the texts in
that language (:mod:`durak_nb.lessons.edition`), and what a reader of those editions sees
of them (``durak-nb replay``, the puzzle page, lesson pages) holds no word in Latin
letters (no Latin name, no English sentence) and no word of the other Cyrillic language.

The check is by script, not by a list of today's bad strings: every word of the text is
looked at; allowed in Latin letters are only the rule ids (R17), the program's own name
(durak-nb, Jupyter…), a file's path and what a page shows as code (``<code>``).
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from durak_nb import cli
from durak_nb.i18n import language
from durak_nb.lessons import lesson
from durak_nb.lessons.edition import (
    EDITIONS,
    NAMES,
    RECORDINGS,
    edition_games,
    person_name,
    recording_path,
    shipped,
    write_editions,
)
from durak_nb.lessons.helpers import recording
from durak_nb.record.io import load_games, validate_path
from durak_nb.views.html import unseal

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SHIPPED = shipped()

#: A word: letters of any script, with inner apostrophes and hyphens (п'ять, durak-nb).
WORD = re.compile(r"[^\W\d_](?:[\w'’-]*\w)?")
#: Latin words a reader of any edition may meet: a rule id, the program's and Jupyter's names.
ALLOWED_LATIN = re.compile(
    r"R\d+[a-z]?|durak-nb|Jupyter(?:Lab|Lite)?|pandas"
)  # pandas: lesson 8's title, in the "Next" link
#: What is not prose: a file's path or suffix, a ``{placeholder}`` of a page's script, a
#: command, a one-letter variable («позиция k»), and a quotation of a rule text in its own
#: language («текст 1: «первый кон переводить нельзя»», the rule texts are Russian and Ukrainian;
#: the lessons number them 1-5, as the course's index lists them).
NOT_PROSE = re.compile(
    r"[\w./-]*\.(?:json|durak|py|ipynb|md|html)\b|\{[a-z_]+\}|durak-nb (?:play|replay|validate)[^·\n]*"
    r"|\b[a-z]\b|(?:[Тт]екст\w*|правил)\s+[1-5]\b[^«\n]{0,40}«[^»]*»"
)
#: Letters only one of the two Cyrillic languages writes.
ONLY = {"ru": set("ыэъё"), "uk": set("іїєґ")}


def bad_words(texts: list[str], lang: str) -> set[str]:
    """The words of ``texts`` a reader of edition ``lang`` should not meet: Latin ones
    (but :data:`ALLOWED_LATIN`), words mixing Latin and Cyrillic letters, and words with a
    letter only the other language writes."""
    other = ONLY["uk" if lang == "ru" else "ru"]
    bad = set()
    for text in texts:
        for word in WORD.findall(NOT_PROSE.sub(" ", text)):
            latin = any("a" <= c.lower() <= "z" for c in word)
            cyrillic = any("\u0400" <= c <= "\u04ff" for c in word)
            if (latin and (cyrillic or not ALLOWED_LATIN.fullmatch(word))) or set(word.lower()) & other:
                bad.add(word)
    return bad


def test_the_checker_finds_latin_names_english_and_the_other_language() -> None:
    assert bad_words(["Vera бьёт 7♦ картой Д♦ (R10)"], "ru") == {"Vera"}
    assert bad_words(["Two cards are left in the talon."], "uk") == {
        "Two",
        "cards",
        "are",
        "left",
        "in",
        "the",
        "talon",
    }
    assert bad_words(["Вера бьёт 7♦", "Віра б'є 7♦"], "ru") == {"Віра", "б'є"}
    assert bad_words(["Віра б'є 7♦ (R10, durak-nb, recordings/uk/draw.json)"], "uk") == set()
    assert bad_words(["Bерa"], "ru") == {"Bерa"}  # a Latin B among Cyrillic letters
    assert bad_words(["Текст 1: «первый кон переводить нельзя» — перший кон переводити не можна."], "uk") == set()
    assert bad_words(["Текст 9: «первый кон»"], "uk") == {"первый"}  # the index lists texts 1-5 only
    assert bad_words(["позиция k, файл .durak", "first bito"], "ru") == {"first", "bito"}


# ----------------------------------------------------------------- the edition files


def test_every_shipped_recording_has_its_twin_in_each_edition_up_to_date() -> None:
    assert len(SHIPPED) > 50 and "annotated-transfer-or-cover.durak" in SHIPPED and "lessons/bout.json" in SHIPPED
    for lang in EDITIONS:
        assert all((RECORDINGS / lang / rel).is_file() for rel in SHIPPED), lang
    assert write_editions(check=True, out=lambda line: None) == []  # made from the catalogue, none stale


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("rel", SHIPPED)
def test_an_edition_file_is_the_same_game_with_its_names_and_texts(lang: str, rel: str) -> None:
    english, twins = load_games(RECORDINGS / rel), load_games(RECORDINGS / lang / rel)
    reports = validate_path(RECORDINGS / lang / rel)  # valid: every move legal, the result agrees (R25)
    assert [r.ok for r in reports] == [True] * len(english)
    for en, ed in zip(english, twins, strict=True):
        with language(lang):
            assert ed.players == tuple(person_name(p) for p in en.players)
        assert (ed.rules, ed.deal, ed.start, ed.moves) == (en.rules, en.deal, en.start, en.moves)
        assert ed.meta.get("glyphs") == en.meta.get("glyphs")
        for key in ("comments", "comments_before"):
            assert sorted(ed.meta.get(key, {})) == sorted(en.meta.get(key, {}))
        assert not set(ed.players) & set(NAMES)  # no name left in Latin letters


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_lessons_read_the_edition_file(lang: str) -> None:
    with language(lang):
        rec = recording("lessons/bout.json")
        assert recording_path(RECORDINGS / "draw.json") == RECORDINGS / lang / "draw.json"
    assert rec == load_games(RECORDINGS / lang / "lessons" / "bout.json")[0]
    assert rec.players[:2] == ("Анна", "Борис")
    puzzle = edition_games("annotated-transfer-or-cover.durak", lang)[0]
    assert puzzle == load_games(RECORDINGS / lang / "annotated-transfer-or-cover.durak")[0]
    assert puzzle.players == (("Анна", "Борис", "Вера") if lang == "ru" else ("Анна", "Борис", "Віра"))
    line = puzzle.meta["variations"]["1"][0]["moves"][0]  # the side line's moves name the edition's players
    assert line["player"] == "Борис"
    assert recording_path(RECORDINGS / lang / "draw.json", "en") == RECORDINGS / lang / "draw.json"
    assert recording_path("elsewhere/draw.json", lang) == Path("elsewhere/draw.json")  # a user's file as it is


LESSON_NUMBER = {"ru": "Урок", "uk": "Урок", "en": "Lesson"}


@pytest.mark.parametrize("lang", ("en", *EDITIONS))
def test_a_title_that_names_a_lesson_names_the_lesson_that_teaches_its_rules(lang: str) -> None:
    """«Урок 5: …» only on a game whose rule ids (in its texts) lesson 5 teaches
    (``durak_nb.lessons.LESSONS``: the transfer or cover puzzle is lesson 5's, R17)."""
    folder = RECORDINGS if lang == "en" else RECORDINGS / lang
    seen = 0
    for rel in SHIPPED:
        for game in load_games(folder / rel):
            for key in ("title", "event"):
                m = re.match(LESSON_NUMBER[lang] + r" (\d+):", str(game.meta.get(key, "")))
                if m is None:
                    continue
                seen += 1
                cited = set(re.findall(r"\bR\d+", json.dumps(game.meta, ensure_ascii=False)))
                taught = {r.rstrip("abc") for r in lesson(int(m.group(1))).rules}
                assert cited & taught, (rel, key, m.group(0), sorted(cited))
    assert seen >= 15
    puzzle = load_games(folder / "annotated-transfer-or-cover.durak")[0]
    assert puzzle.meta["event"].startswith(f"{LESSON_NUMBER[lang]} 5:")


# ----------------------------------------------------------------- what a reader sees


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", EDITIONS)
def test_durak_nb_replay_of_every_shipped_recording_speaks_the_edition(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines: list[str] = []
    for rel in SHIPPED:  # the English file given: the reader's edition shown
        lines += _run(capsys, "--lang", lang, "replay", str(RECORDINGS / rel)).splitlines()
    assert len(lines) > 5000
    assert bad_words(lines, lang) == set()
    head = _run(capsys, "--lang", lang, "replay", str(RECORDINGS / "annotated-transfer-or-cover.durak")).splitlines()
    assert head[0] == (
        "переводной дурак: Анна, Борис, Вера; козырь ♥"
        if lang == "ru"
        else "переказний дурень: Анна, Борис, Віра; козир ♥"
    )


class _Page(HTMLParser):
    """A page's text as a reader meets it: the text outside scripts, styles and code, the
    titles of its buttons, its data's strings (opened when sealed) and its frames' pages."""

    SKIP = ("script", "style", "code", "pre", "svg")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.data: list[str] = []
        self.frames: list[str] = []
        self.open: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "iframe" and a.get("srcdoc"):
            self.frames.append(a["srcdoc"] or "")
        self.texts += [v for k, v in a.items() if k in ("title", "aria-label", "alt") and v]
        if tag not in ("br", "img", "input", "meta", "link", "hr"):
            self.open.append((tag, a.get("type")))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        tags = [t for t, _ in self.open]
        if tags and tags[-1] == "script" and self.open[-1][1] == "application/json":
            self.data.append(data)
        elif not any(t in self.SKIP for t in tags):
            self.texts.append(data)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def page_texts(page: str) -> list[str]:
    parsed = _Page()
    parsed.feed(page)
    out = list(parsed.texts)
    for raw in parsed.data:
        for s in _strings(unseal(json.loads(raw))):
            if s.lstrip().startswith(("<svg", "data:")):
                continue
            inner = _Page()
            inner.feed(s)
            out += inner.texts
    for frame in parsed.frames:
        out += page_texts(frame)
    return [html.unescape(t) for t in out]


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_puzzle_page_speaks_the_edition(lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "puzzle.html"
    _run(
        capsys,
        "--lang",
        lang,
        "export",
        "--puzzle",
        str(RECORDINGS / "annotated-transfer-or-cover.durak"),
        "-o",
        str(page),
    )
    texts = page_texts(page.read_text(encoding="utf-8"))
    assert bad_words(texts, lang) == set()
    joined = "\n".join(texts)
    assert ("Урок 5: перевести или покрыть?" if lang == "ru" else "Урок 5: перевести чи покрити?") in joined
    assert ("Вера" if lang == "ru" else "Віра") in joined and "Lesson" not in joined


#: Technical words a lesson page names as they are written (a format, a language, a
#: library, a folder, the English menu of the site's front-end, a file's address)
TECHNICAL = re.compile(
    r"file://\S+|\b(?:JSON|Python|pandas|HTML|jsonl|recordings)\b|Run ▸ Run All Cells|my-game\.durak\.jsonl"
)
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_page_reads_as_its_edition(lang: str, name: str, tmp_path: Path) -> None:
    """Every lesson page of the edition (exported as a teacher would): no Latin word but
    names of programs and formats, no word of the other language, and nothing the
    grammar checker (pymorphy3's own analysis: tests/grammarkit.py) marks: names
    declined after a noun or a preposition, numerals' nouns in their case, verbs agreeing."""
    from grammarkit import problems

    from durak_nb.i18n import LANGUAGE_NAMES
    from durak_nb.lessons import TERMS
    from durak_nb.views.lesson_page import export_lesson

    with language(lang):
        page, _held = export_lesson(NOTEBOOKS / lang / name, tmp_path / "lesson.html")
    # the course's term table (lesson 0) and its language menu name the words in all three
    table = {*TERMS, *(w for pair in TERMS.values() for w in pair), *LANGUAGE_NAMES.values(), "English"}
    texts = [TECHNICAL.sub(" ", t) for t in page_texts(page.read_text(encoding="utf-8")) if t.strip() not in table]
    assert bad_words(texts, lang) == set()
    assert [p for t in texts for p in problems(t, lang) if not p.startswith("Latin word")] == []
    if name in ("00_replay.ipynb", "05_perevodnoy.ipynb", "07_variants.ipynb"):  # the editions' games
        assert ("Борис" in "\n".join(texts)) and "Boris" not in "\n".join(texts)


# ----------------------------------------------------------------- the analysis's words


@pytest.fixture(scope="module")
def analysed_in_english() -> dict[str, Any]:
    """The Ukrainian and Russian editions of a lesson game, analysed in English (as a
    teacher's kit set to English would write them)."""
    from durak_nb.analysis.evaluation import analyse

    with language("en"):
        return {
            lang: analyse(load_games(RECORDINGS / lang / "seed000-vdogonku.json")[0], samples=4, seed=1)
            for lang in EDITIONS
        }


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_analysis_of_another_language_is_shown_in_the_readers(
    lang: str, analysed_in_english: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from durak_nb.analysis.evaluation import in_reader_language

    rec = analysed_in_english[lang]
    original = load_games(RECORDINGS / lang / "seed000-vdogonku.json")[0]
    english = rec.meta["comments"]
    assert all("Analysis: " in text for text in english.values())
    assert bad_words(list(english.values()), lang)  # English words, as written
    with language(lang):
        shown = in_reader_language(rec)
    said = shown.meta["comments"]
    assert sorted(said) == sorted(english)
    prefix = "Анализ: " if lang == "ru" else "Аналіз: "
    for k, text in said.items():
        mine = original.meta["comments"].get(k)
        assert text.startswith(f"{mine} {prefix}" if mine else prefix)  # the writer's comment as typed, first
    assert bad_words(list(said.values()), lang) == set()
    assert [f["comment"] for f in shown.meta["analysis"]] == [
        t[t.index(prefix) :] for _, t in sorted(said.items(), key=lambda kv: int(kv[0]))
    ]
    with language("en"):
        assert in_reader_language(shown) == rec  # said again in English: the file as analysed
    with language(lang):
        assert in_reader_language(shown) is shown
    # the command line and the exported page say it in the reader's language too
    path = tmp_path / "analysed.json"
    path.write_text(rec.dumps(), encoding="utf-8")
    out = _run(capsys, "--lang", lang, "replay", str(path))
    assert prefix in out and "Analysis" not in out and bad_words(out.splitlines(), lang) == set()
    page = tmp_path / "analysed.html"
    _run(capsys, "--lang", lang, "export", str(path), "-o", str(page))
    texts = page_texts(page.read_text(encoding="utf-8"))
    assert any(prefix in t for t in texts) and bad_words(texts, lang) == set()


def test_an_edited_or_older_analysis_text_stays_as_written(analysed_in_english: dict[str, Any]) -> None:
    from durak_nb.analysis.evaluation import in_reader_language

    rec = analysed_in_english["uk"]
    figs = [dict(f) for f in rec.meta["analysis"]]
    del figs[0]["comment"]  # a figure from before the analysis recorded its texts
    edited = dict(rec.meta["comments"], **{"1": rec.meta["comments"]["1"] + " (I disagree)"})
    old = dataclasses.replace(rec, meta={**rec.meta, "analysis": figs, "comments": edited})
    with language("uk"):
        shown = in_reader_language(old)
    assert shown.meta["comments"]["0"] == edited["0"] and shown.meta["comments"]["1"] == edited["1"]
    assert shown.meta["comments"]["2"].startswith("Аналіз: ") or "Аналіз: " in shown.meta["comments"]["2"]


def test_export_view_of_a_shipped_game_takes_the_english_name_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "v.html"
    _run(capsys, "--lang", "uk", "export", str(RECORDINGS / "draw.json"), "--view", "Vera", "-o", str(page))
    assert "Віра" in "\n".join(page_texts(page.read_text(encoding="utf-8")))
    assert cli.main(["--lang", "uk", "export", str(RECORDINGS / "draw.json"), "--view", "Zoe", "-o", str(page)]) == 2
    assert "гравці: Анна, Борис, Віра" in capsys.readouterr().err
