"""A lesson as one page (durak_nb.views.lesson_page, ``durak-nb export LESSON.ipynb``):
the lesson's headings, which exercises are in it and their verdicts judged at export
time, the page's language, markdown's raw HTML escaped, the bounds, the command line.

The page in a real browser (a replayer stepped, an exercise answered): tests/test_browser_lesson_page.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from test_export import Page

from durak_nb.catalogues import check
from durak_nb.cli import main
from durak_nb.i18n import get_language, language, ngettext
from durak_nb.views import lesson_page as lp
from durak_nb.views.html import unseal
from durak_nb.views.lesson_page import LessonPageError, export_lesson, lesson_page, lesson_page_html

LESSON3 = ROOT / "notebooks" / "03_limits.ipynb"
LESSON1 = ROOT / "notebooks" / "01_cards_trump_beating.ipynb"
LESSON3_EDITIONS = {
    "ru": ROOT / "notebooks" / "ru" / "03_limits.ipynb",
    "uk": ROOT / "notebooks" / "uk" / "03_limits.ipynb",
}
HEADINGS3 = [
    "Lesson 3 · The limits (R13, R14)",
    "Six at most — R13a",
    "Never more than the defender holds — R13b",
    "Throw-ins after the take (R14)",
    "The first bout (R13c)",
    "Your turn: play it",
    "Exercises: how many more cards may follow?",
    "For teachers",
    "Next",
]
REASON3 = "[R13b] Boris holds 2 cards with 1 still to cover, so only 1 more may follow."
PRACTICE_NOTE = "Practice bout: play it in JupyterLab (it needs the engine running, which this page has not)."


def notebook(path: Path, *cells: tuple[str, str]) -> Path:
    """A notebook of ``(kind, source)`` cells, without outputs."""
    doc = {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source}
            | ({"outputs": [], "execution_count": None} if kind == "code" else {})
            for kind, source in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def page3() -> lp.LessonPage:
    return lesson_page(LESSON3)


def test_lesson3_headings_replayers_notes(page3: lp.LessonPage) -> None:
    """Every markdown heading of lesson 3 in order; its two replayers; the two practice
    bouts as notes; the page in English."""
    assert page3.headings == HEADINGS3
    assert page3.title == HEADINGS3[0]
    assert page3.lang == "en"
    assert page3.replayers == 2
    assert page3.notes == [PRACTICE_NOTE, PRACTICE_NOTE]
    # "For teachers" is collapsed in the notebook: a <details> closed until clicked, the teachers' table in it
    opened = [i for i, b in enumerate(page3.body) if b.startswith('<details class="dnb-lesson-collapsed">')]
    assert len(opened) == 1
    assert page3.body[opened[0]].startswith(
        '<details class="dnb-lesson-collapsed"><summary><h2>For teachers</h2></summary>'
    )
    assert "class='dnb-claims'" in page3.body[opened[0] + 1] and page3.body[-2] == "</details>"
    # the "Next" heading after it, outside the <details> (issue 22: Run All leaves it active)
    assert page3.body[-1] == (
        '<div class="dnb-lesson-text"><h2>Next</h2>\n<p><a href="04_drawing_order.ipynb">Lesson 4 · Drawing after '
        'a bout, and who attacks next</a> — or back to <a href="00_index.ipynb">the course\'s index</a>.</p>\n</div>'
    )


def test_lesson3_drills_judged_at_export_r13(page3: lp.LessonPage) -> None:
    """The drill widget's first DRILLS drills, each numeric, each number 0..36 judged by
    the engine; drill 1 (seed 6): 1 more may follow (R13b), so 3 is wrong and 1 right."""
    assert [e["kind"] for e in page3.exercises] == ["drill throw_in_room"] * lp.DRILLS
    first = page3.exercises[0]["numbers"]
    assert len(first) == 37
    assert first[3] == [False, "✘ Not 3: " + REASON3]
    assert first[1] == [True, "✔ Right: " + REASON3]
    assert [i for i, (right, _text) in enumerate(first) if right] == [1]


def test_lesson1_can_beat_options_and_verdicts_r6_r8() -> None:
    """Lesson 1's CanBeat exercises: both options judged, the right and the wrong one's
    words exactly (R6; the Japanese spade rule R8)."""
    page = lesson_page(LESSON1)
    kinds = [e["kind"] for e in page.exercises]
    assert kinds[:4] == ["CanBeat"] * 4
    assert kinds[4:] == ["drill which_beats"] * lp.DRILLS
    first = page.exercises[0]
    assert first["options"] == ["Yes, it beats it", "No, it does not"]
    assert first["verdicts"] == [
        [True, "✔ Right: J♣ beats 9♣: a higher card of the same suit beats it (R6)."],
        [False, "✘ It does: J♣ beats 9♣: a higher card of the same suit beats it (R6)."],
    ]
    fourth = page.exercises[3]["verdicts"]
    refusal = (
        "the engine refuses it: [R8] 7♦ does not beat 8♠: a card is beaten by a higher card of its suit or by"
        " a trump (♦); spades only by higher spades."
    )
    assert fourth == [[False, "✘ It does not: " + refusal], [True, "✔ Right: " + refusal]]


def test_page_self_contained_and_in_its_language(tmp_path: Path) -> None:
    """The written page: ``<html lang="en">``, the headings as h1/h2, two replayer
    frames holding the exported player, every verdict in the page's data, nothing
    fetched from elsewhere (no src= or href= outside the page)."""
    out, page = export_lesson(LESSON3, tmp_path / "page.html")
    text = out.read_text(encoding="utf-8")
    assert text.startswith('<!DOCTYPE html>\n<html lang="en">')
    parsed = Page()
    parsed.feed(text)
    tags = [t for t, _a in parsed.tags]
    assert tags.count("iframe") == 2 and tags.count("h1") == 1 and tags.count("h2") == 8  # "Next" the eighth (issue 22)
    # no src=; the only href= that leave the page are the "Next" links to the course's neighbours (issue 22)
    assert all(not a.get("src") for _t, a in parsed.tags)
    outside = [a["href"] for _t, a in parsed.tags if (a.get("href") or "#").split("#")[0]]
    assert outside == ["04_drawing_order.ipynb", "00_index.ipynb"]
    box = json.loads(dict((a.get("id"), s) for a, s in parsed.scripts)["dnb-lesson-data"])
    assert sorted(box) == ["salt", "sealed"]  # the verdicts sealed: none reads in the source
    data = unseal(box)
    assert data[0]["numbers"][1] == [True, "✔ Right: " + REASON3]
    assert REASON3 not in text and "✔ Right" not in text and "true" not in text.split("dnb-lesson-data")[1]
    assert page.exercises[0]["numbers"] == data[0]["numbers"]
    frames = [a["srcdoc"] or "" for t, a in parsed.tags if t == "iframe"]
    assert all(f.startswith('<!DOCTYPE html>\n<html lang="en">') and 'id="dnb-forward"' in f for f in frames)
    assert text.count("<script") == 2  # the page's data and its script; the replayers' are in srcdoc
    # the card faces once in the page (its pictures and its replayers point to them)
    assert text.count('id="dnb-f-back"') == 1 and list(page.defs) == ["en"]
    slot = '<div class="dnb-defs-slot" data-lang="en" hidden></div>'
    assert all(slot in f and "#dnb-f-" in f and 'id="dnb-f-back"' not in f for f in frames)


def test_the_editions_language_decides_and_is_restored() -> None:
    """Lesson 3's Russian and Ukrainian editions: their own headings, the page says
    ``<html lang="ru">`` / ``"uk"``, the drill's verdicts and the notes in the edition's
    language (R13b); the language in use afterwards is the one before."""
    with language("ru"):
        uk = lesson_page(LESSON3_EDITIONS["uk"])
        assert get_language() == "ru"
    ru = lesson_page(LESSON3_EDITIONS["ru"])
    assert get_language() == "en"
    assert (ru.lang, uk.lang) == ("ru", "uk")
    assert ru.headings == [
        "Урок 3 · Ограничения (R13, R14)",
        "Не больше шести — R13a",
        "Не больше, чем на руках у отбивающегося — R13b",
        "Вдогонку: подкидывание после взятия (R14)",
        "Первый кон (R13c)",
        "Ваш черёд: сыграйте сами",
        "Упражнения: сколько ещё карт можно подкинуть?",
        "Для учителя",
        "Дальше",
    ]
    assert uk.headings[0] == "Урок 3 · Обмеження (R13, R14)" and uk.headings[-2:] == ["Для вчителя", "Далі"]
    assert (ru.replayers, uk.replayers) == (2, 2)
    assert [e["kind"] for e in uk.exercises] == ["drill throw_in_room"] * lp.DRILLS
    reason_ru = "[R13b] У Бориса на руках 2 карты, а непокрытых карт перед ним — 1, так что подкинуть можно ещё 1."
    assert ru.exercises[0]["numbers"][3] == [False, "✘ Не 3: " + reason_ru]
    assert ru.exercises[0]["numbers"][1] == [True, "✔ Верно: " + reason_ru]
    reason_uk = "[R13b] У Бориса на руках 2 карти, а непокритих карт перед ним — 1, тож підкинути можна ще 1."
    assert uk.exercises[0]["numbers"][3] == [False, "✘ Не 3: " + reason_uk]
    assert uk.exercises[0]["numbers"][1] == [True, "✔ Правильно: " + reason_uk]
    assert ru.notes[0] == (
        "Тренировочный кон: сыграйте его в JupyterLab (для него нужен работающий движок, а на этой странице его нет)."
    )
    assert uk.notes[0] == (
        "Тренувальний кон: зіграйте його в JupyterLab (для нього потрібен рушій, що працює, а на цій сторінці "
        "його немає)."
    )
    html = lp.lesson_page_html_from(uk)
    assert html.startswith('<!DOCTYPE html>\n<html lang="uk">')
    assert "<title>Урок 3 · Обмеження (R13, R14)</title>" in html
    assert "Урок durak-nb: його перегляди партій і вправи працюють на цій сторінці без ядра" in html


def test_markdown_raw_html_escaped_and_no_outside_pictures(tmp_path: Path) -> None:
    """Raw HTML in a markdown cell is text; a picture from elsewhere is left out (its
    alternative text shown); the kit's outputs are inline, other objects as text;
    ``set_language(..)``'s value is not shown."""
    path = notebook(
        tmp_path / "evil.ipynb",
        ("markdown", "# Title & <b>bold</b>\n\n<script>alert(1)</script>\n\n![a pic](http://example.com/x.png)"),
        ("markdown", "[x](javascript:alert(2)) [lesson 3](03_limits.ipynb)"),
        ("code", 'from durak_nb import set_language\nset_language("en")'),
        ("code", "from durak_nb.cards import parse_cards\nparse_cards('7S')[0]"),
        ("code", "'<i>not markup</i>'"),
    )
    page = lesson_page(path)
    body = "\n".join(page.body)
    assert page.headings == ["Title & <b>bold</b>"]
    assert "<script>" not in body and "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<img" not in body and '<span class="dnb-no-picture">[a pic]</span>' in body
    assert '<a href="#harmful-link">x</a> <a href="03_limits.ipynb">lesson 3</a>' in body
    assert "<svg" in body  # the card, drawn
    assert "&lt;i&gt;not markup&lt;/i&gt;" in body and "<i>" not in body
    assert '<pre class="dnb-lesson-text">en</pre>' not in body


def test_bounds_and_failures_name_the_file(tmp_path: Path, monkeypatch: Any) -> None:
    """Too many cells, not a notebook, a failing cell: refused with the file (and cell)."""
    monkeypatch.setattr(lp, "MAX_CELLS", 3)
    big = notebook(tmp_path / "big.ipynb", *[("markdown", "x")] * 4)
    with pytest.raises(LessonPageError) as err:
        lesson_page(big)
    assert str(err.value) == f"{big}: the notebook has 4 cells, more than the 3 a lesson page holds"
    bad = tmp_path / "bad.ipynb"
    bad.write_text('{"cells": 3}', encoding="utf-8")
    with pytest.raises(LessonPageError, match=r"bad\.ipynb: not a notebook: it has no list of cells"):
        lesson_page(bad)
    failing = notebook(tmp_path / "fail.ipynb", ("markdown", "# t"), ("code", "1 / 0"))
    with pytest.raises(LessonPageError) as err:
        lesson_page(failing)
    assert str(err.value) == f"{failing}: cell 2 fails: ZeroDivisionError: division by zero"
    with language("ru"), pytest.raises(LessonPageError) as err:
        lesson_page(failing)
    assert str(err.value) == f"{failing}: ячейка 2 не выполняется: ZeroDivisionError: division by zero"
    with pytest.raises(LessonPageError, match=r"missing\.ipynb: cannot read the file: No such file or directory"):
        lesson_page_html(tmp_path / "missing.ipynb")


def test_cli_exports_a_lesson(tmp_path: Path, capsys: Any) -> None:
    """``durak-nb export LESSON.ipynb -o page.html``: the page written, the message in
    the language asked; ``--view`` refused for a lesson (exit 2), a bad notebook exit 1."""
    out = tmp_path / "page.html"
    assert main(["export", str(LESSON3), "-o", str(out)]) == 0
    said = capsys.readouterr().out.strip()
    size = out.stat().st_size
    assert said == f"{out}: {size} bytes, a lesson page with 5 exercises; open it in a browser (no kernel needed)"
    assert main(["--lang", "uk", "export", str(LESSON3_EDITIONS["uk"]), "-o", str(out)]) == 0
    size = out.stat().st_size
    with language("uk"):
        size_words = ngettext("{n} byte", "{n} bytes", size).format(n=size)  # the cli part's plural of the size
    assert capsys.readouterr().out.strip() == (
        f"{out}: {size_words}, сторінка уроку, вправ: 5; відкрийте її в браузері (ядро не потрібне)"
    )
    assert out.read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="uk">')
    assert main(["--lang", "ru", "export", str(LESSON3), "-o", str(out), "--view", "Anna"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"durak-nb export: ошибка: {LESSON3}: в блокноте урока нет партий на выбор: "
        "--view, --game, --puzzle — для записи партии"
    )
    bad = notebook(tmp_path / "fail.ipynb", ("code", "raise ValueError('no')"))
    assert main(["export", str(bad), "-o", str(tmp_path / "x.html")]) == 1
    assert capsys.readouterr().err.strip() == f"durak-nb export: error: {bad}: cell 1 fails: ValueError: no"
    assert not (tmp_path / "x.html").exists()


def test_catalogues_complete() -> None:
    assert check(["teach", "cli"]) == []


def test_choose_legal_move_and_predict_draw_r6_r11_r16(tmp_path: Path) -> None:
    """ChooseLegalMove and PredictDraw exported with every option judged: the legal move
    right (R6), a throw-in by the defender wrong (R11); the refill's order right, the
    defender first wrong (R16)."""
    path = notebook(
        tmp_path / "two.ipynb",
        (
            "code",
            "from durak_nb import lessons\nfrom durak_nb.views.exercises import ChooseLegalMove, PredictDraw\n"
            "ChooseLegalMove(lessons.bout().game(1), 'Boris', seed=2)",
        ),
        ("code", "PredictDraw(*lessons.first_refill(lessons.replay('podkidnoy-2p.json').recording))"),
    )
    choose, draw = lesson_page(path).exercises
    assert choose["kind"] == "ChooseLegalMove"
    assert [right for right, _text in choose["verdicts"]] == [False, True, False, False]
    assert choose["verdicts"][1][1] == (
        "✔ Right: “Boris covers 7♠ with 6♥” is legal. R6: A higher card of the suit, or a trump, beats a card (побить)."
    )
    assert choose["verdicts"][0][1] == (
        "✘ Not legal: “Boris throws in 10♣”. The engine refuses it: [R11] the defender cannot throw in or pass; "
        "they cover, transfer or take. R11: Throw-ins: cards of ranks already on the table (подкинуть)."
    )
    assert draw["kind"] == "PredictDraw"
    assert draw["options"] == [
        "Boris draws 6♥, then Anna draws 8♥",
        "Boris draws 7♥, then Anna draws 8♠",
        "Anna draws 6♥, then Boris draws 8♥",
    ]
    rule = (
        "R16: the bout's first attacker draws first, then the others clockwise, the defender last; each draws up to 6"
        " at once, and the turned-up trump is the last card drawn."
    )
    assert draw["verdicts"][0] == [True, "✔ Right: Boris draws 6♥, then Anna draws 8♥. " + rule]
    assert draw["verdicts"][2] == [
        False,
        "✘ Not so: the defender draws last, not first (R16). The engine's refill: Boris draws 6♥, then Anna draws 8♥. "
        + rule,
    ]
    # the page's source: the options as buttons, but no word of which is right nor why (sealed)
    text = lesson_page_html(path)
    assert "Boris covers 7♠ with 6♥" in text and "Boris draws 6♥, then Anna draws 8♥" in text
    assert "✔ Right" not in text and "✘ Not" not in text and "is legal" not in text and "R16: the bout" not in text
    raw = text.split('id="dnb-lesson-data">', 1)[1].split("</script>", 1)[0]
    assert "[true," not in raw and "[false," not in raw
    assert unseal(json.loads(raw)) == [{"verdicts": choose["verdicts"]}, {"verdicts": draw["verdicts"]}]


def test_lone_surrogate_refused_nothing_written(tmp_path: Path) -> None:
    """A ``\\udcff`` escape in the notebook's JSON (a lone surrogate) cannot be written as
    UTF-8: refused with the file named, the page not written."""
    path = tmp_path / "odd.ipynb"
    path.write_text('{"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# a \\udcff b"}]}')
    out = tmp_path / "odd.html"
    with pytest.raises(LessonPageError) as err:
        export_lesson(path, out)
    assert str(err.value) == (
        f"{path}: the page would hold text that is not valid Unicode (a lone surrogate, U+DCFF); "
        "correct the notebook or the title"
    )
    assert not out.exists()


def test_diagram_inline_live_widget_noted(tmp_path: Path) -> None:
    """A bout diagram (graphviz) is inline SVG without its XML prologue; a widget that
    needs a kernel (the scorer) is a note."""
    path = notebook(
        tmp_path / "diagram.ipynb",
        (
            "code",
            "from durak_nb import lessons\nfrom durak_nb.views.trees import bout_diagram\n"
            "bout_diagram(lessons.replay('podkidnoy-2p.json'), 1)",
        ),
        ("code", f"from durak_nb.views.scorer import ScorerWidget\nScorerWidget({str(tmp_path / 'j.durak.jsonl')!r})"),
    )
    page = lesson_page(path)
    assert page.body[0].startswith('<div class="dnb-lesson-picture"><svg')
    assert page.notes == ["An interactive part: open the lesson in JupyterLab to use it (it needs a running kernel)."]


# ------------------------------------------------------------------ the time bound of a cell (a defect: none before)


def test_a_cell_past_its_time_bound_is_stopped_and_nothing_written(tmp_path: Path) -> None:
    """Every piece of work has a bound: a cell still running after ``cell_timeout``
    seconds is stopped (here a ``time.sleep`` of 30 s, ended by the timer), the error
    names the notebook, the cell's number and the bound, and an existing page is left
    as it was (no temporary file beside it either)."""
    import signal

    slow = notebook(
        tmp_path / "slow.ipynb", ("markdown", "# slow"), ("code", "x = 1"), ("code", "import time\ntime.sleep(30)")
    )
    out = tmp_path / "slow.html"
    out.write_text("the page before", encoding="utf-8")
    before = signal.getsignal(signal.SIGALRM)
    with pytest.raises(LessonPageError) as err:
        export_lesson(slow, out, cell_timeout=0.2)
    assert str(err.value) == (
        f"{slow}: cell 3 did not finish within 0.2 s, the time bound of a cell, and was stopped "
        "(--cell-timeout S sets the bound)"
    )
    assert err.value.rule is None
    assert out.read_text(encoding="utf-8") == "the page before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slow.html", "slow.ipynb"]
    assert signal.getsignal(signal.SIGALRM) is before and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with language("ru"), pytest.raises(LessonPageError) as err:
        lesson_page(slow, cell_timeout=0.2)
    assert str(err.value) == (
        f"{slow}: ячейка 3 не завершилась за 0,2 с (предел времени одной ячейки) и была остановлена "
        "(предел задаёт --cell-timeout S)"
    )
    with language("uk"), pytest.raises(LessonPageError) as err:
        lesson_page(slow, cell_timeout=0.2)
    assert str(err.value) == (
        f"{slow}: клітинка 3 не завершилася за 0,2 с (межа часу однієї клітинки) і була зупинена "
        "(межу задає --cell-timeout S)"
    )


def test_a_cell_that_swallows_the_stop_or_runs_off_the_main_thread_is_refused(tmp_path: Path) -> None:
    """A cell catching every exception still ends past its bound: refused when it ends.
    Off the main thread (no ``SIGALRM`` there) a busy cell is stopped by the watchdog."""
    import threading

    sly = notebook(
        tmp_path / "sly.ipynb",
        ("code", "import time\ntry:\n    time.sleep(30)\nexcept BaseException:\n    time.sleep(0.3)"),
    )
    with pytest.raises(LessonPageError) as err:
        lesson_page(sly, cell_timeout=0.1)
    assert str(err.value).startswith(f"{sly}: cell 1 did not finish within 0.1 s")
    turned = notebook(
        tmp_path / "turned.ipynb",
        ("code", "import time\ntry:\n    time.sleep(30)\nexcept BaseException:\n    raise ValueError('stopped?')"),
    )
    with pytest.raises(LessonPageError) as err:
        lesson_page(turned, cell_timeout=0.1)
    assert str(err.value).startswith(f"{turned}: cell 1 did not finish within 0.1 s")
    busy = notebook(tmp_path / "busy.ipynb", ("code", "n = 0\nwhile True:\n    n += 1"))
    caught: list[BaseException] = []

    def run() -> None:
        try:
            lesson_page(busy, cell_timeout=0.2)
        except BaseException as exc:  # the test reads it in the main thread
            caught.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert not worker.is_alive()
    assert [type(e) for e in caught] == [LessonPageError]
    assert str(caught[0]) == (
        f"{busy}: cell 1 did not finish within 0.2 s, the time bound of a cell, and was stopped "
        "(--cell-timeout S sets the bound)"
    )


def test_cell_timeout_default_range_and_command_line(tmp_path: Path, capsys: Any) -> None:
    """The default bound is :data:`CELL_TIMEOUT` (60 s); ``--cell-timeout S`` sets it (a
    bound out of range is a usage error, exit 2; for a recording it is refused)."""
    assert lp.CELL_TIMEOUT == 60.0 and lp.MAX_CELL_TIMEOUT == 3600.0
    for bad in (0, -1, float("nan"), float("inf"), 3601, "5", True):
        with pytest.raises(ValueError, match="cell_timeout must be"):
            lp.check_cell_timeout(bad)
    assert lp.check_cell_timeout(2) == 2.0
    slow = notebook(tmp_path / "slow.ipynb", ("code", "import time\ntime.sleep(30)"))
    out = tmp_path / "slow.html"
    assert main(["export", str(slow), "-o", str(out), "--cell-timeout", "0.25"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"durak-nb export: error: {slow}: cell 1 did not finish within 0.25 s, the time bound of a cell, "
        "and was stopped (--cell-timeout S sets the bound)"
    )
    assert not out.exists()
    assert main(["export", str(slow), "-o", str(out), "--cell-timeout", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "durak-nb export: error: --cell-timeout must be a number of seconds above 0 and at most 3600, not 0"
    )
    rec = ROOT / "recordings" / "podkidnoy-2p.json"
    assert main(["--lang", "uk", "export", str(rec), "-o", str(out), "--cell-timeout", "5"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"durak-nb export: помилка: {rec}: --cell-timeout — для блокнота уроку (.ipynb), не для запису партії"
    )
    assert not out.exists()
    quick = notebook(tmp_path / "quick.ipynb", ("markdown", "# quick"), ("code", "1 + 1"))
    assert main(["export", str(quick), "-o", str(out), "--cell-timeout", "30"]) == 0
    assert '<pre class="dnb-lesson-text">2</pre>' in out.read_text(encoding="utf-8")


def test_the_lesson_page_and_the_game_page_open_with_the_one_head(tmp_path: Path) -> None:
    """The lesson page and the exported game page share one head
    (:func:`durak_nb.views.html.page_head`): the same six lines, the title escaped."""
    from durak_nb.record import io as record_io
    from durak_nb.replay import Replay
    from durak_nb.views.export import page_html
    from durak_nb.views.html import page_head

    quick = notebook(tmp_path / "quick.ipynb", ("markdown", "# A <b> & c"))
    text = lesson_page_html(quick)
    assert text.startswith(page_head("en", "A <b> & c") + "<style>")
    assert text.startswith(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="durak-nb">\n<title>A &lt;b&gt; &amp; c</title>\n'
    )
    rec = record_io.load(ROOT / "recordings" / "podkidnoy-2p.json")
    with language("ru"):
        game = page_html(Replay(rec), title="x")
    assert game.startswith(page_head("ru", "x"))
    assert game.count("<meta charset") == 1 and text.count("<head>") == 1


def test_a_cell_that_catches_the_stop_is_stopped_again() -> None:
    """The bound raises its stop again every _AGAIN seconds until the code ends: code that
    catches the first stops (``except BaseException``) is still stopped, in the main thread
    (SIGALRM) and off it (the watchdog)."""
    import threading
    import time

    from durak_nb.views.lesson_page import _CellTimeout, _time_bound

    def run() -> tuple[int, bool]:
        caught = 0
        stopped = False
        try:
            with _time_bound(0.05):
                for _ in range(3):
                    try:
                        for _ in range(100):  # short sleeps: off the main thread a sleep is not interrupted
                            time.sleep(0.05)
                    except _CellTimeout:
                        caught += 1
                for _ in range(200):
                    time.sleep(0.05)
        except _CellTimeout:
            stopped = True
        return caught, stopped

    assert run() == (3, True)
    got: list[tuple[int, bool]] = []
    worker = threading.Thread(target=lambda: got.append(run()))
    worker.start()
    worker.join()
    assert got == [(3, True)]


def test_hostile_notebooks_are_refused_naming_the_file_and_the_cell(tmp_path: Path) -> None:
    """A hostile trial's notebooks (issue 23): JSON nested 100,000 deep (a RecursionError
    from deep inside, before), a cell whose source is a number (taken as the text "5",
    before), a cell printing 50 MB (a 50 MB page, before): each refused in words."""
    deep = tmp_path / "deep.ipynb"
    deep.write_text('{"cells":' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(LessonPageError) as err:
        lesson_page(deep)
    assert str(err.value) == f"{deep}: not a notebook: its JSON is nested more than 64 deep"
    numbered = tmp_path / "numbered.ipynb"
    numbered.write_text(
        json.dumps({"cells": [{"cell_type": "markdown", "source": "# A"}, {"cell_type": "code", "source": 5}]}),
        encoding="utf-8",
    )
    with pytest.raises(LessonPageError) as err:
        lesson_page(numbered)
    assert str(err.value) == f"{numbered}: cell 2: its source is not text (nbformat: a text or a list of lines)"
    loud = notebook(tmp_path / "loud.ipynb", ("markdown", "# Loud"), ("code", "print('x' * 50_000_000)"))
    with pytest.raises(LessonPageError) as err:
        lesson_page(loud)
    assert str(err.value) == (
        f"{loud}: cell 2 printed more than 1,000,000 characters, the bound of a cell's output on a page"
    )
    fits = notebook(tmp_path / "fits.ipynb", ("code", "print('x' * 999_999)"))
    assert "x" * 999_999 in lesson_page_html(fits)
