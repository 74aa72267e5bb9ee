"""The teach part speaks Russian and Ukrainian (issue 11): the exercises' questions and
verdicts, the practice bout's buttons and words, the drill widget, the lessons' small
displays, the exported page (its headings, buttons, script words and ``<html lang>``),
the tree views' labels; each word for word, in the language in use when the thing is
made; English unchanged; the catalogue complete (``catalogues.check(["teach"]) == []``).

Only the teach part's own words are compared literally; a word another part makes (a
move's words, a refusal of the engine) is asked of that part in the same language, so
these tests keep holding while the other parts are translated.  Cards are chosen with
number ranks (their letters are the engine's: В Д К Т in ru/uk).
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from test_replay import podkidnoy_doc

from durak_nb import catalogues, lessons
from durak_nb.engine import Game, Move
from durak_nb.i18n import language
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views import course_show
from durak_nb.views.bounds import ViewBoundError, check_moves
from durak_nb.views.drills import DrillWidget
from durak_nb.views.exercises import CanBeat, ChooseLegalMove, PredictOutcome, _rule_line
from durak_nb.views.export import ExportError, page_data, page_html, page_words
from durak_nb.views.practice import PracticeBout, PracticeState, hint_words
from durak_nb.views.trees import bout_diagram, position_label


def test_the_catalogue_of_the_teach_part_is_complete() -> None:
    assert catalogues.check(["teach"]) == []


# ----------------------------------------------------------------------------- exercises


@pytest.mark.parametrize(
    ("lang", "prompt", "options", "right", "wrong"),
    [
        (
            "ru",
            "Можно ли побить 9♠ картой 7♥? Козырь: ♥.",
            ("Да, побьёт", "Нет, не побьёт"),
            "✔ Верно! 7♥ бьёт 9♠: козырь бьёт любую карту другой масти (R6).",
            "✘ Не так: 7♥ бьёт 9♠: козырь бьёт любую карту другой масти (R6).",
        ),
        (
            "uk",
            "Чи можна побити 9♠ картою 7♥? Козир: ♥.",
            ("Так, поб'є", "Ні, не поб'є"),
            "✔ Правильно! 7♥ б'є 9♠: козир б'є будь-яку карту іншої масті (R6).",
            "✘ Не так: 7♥ б'є 9♠: козир б'є будь-яку карту іншої масті (R6).",
        ),
    ],
)
def test_can_beat_question_and_verdicts_r6(
    lang: str, prompt: str, options: tuple[str, str], right: str, wrong: str
) -> None:
    with language(lang):
        ex = CanBeat("7H", "9S", "H")
    assert (ex.prompt, ex.options) == (prompt, options)
    assert [b.description for b in ex.buttons] == list(options)
    # answered later, in English: the exercise keeps the language it was made in
    assert ex.answer(1) is False
    assert ex.feedback == wrong
    assert ex.answer(0) is True
    assert ex.feedback == right
    assert "dnb-right" in ex.feedback_widget.value and "7♥ " in ex.feedback_widget.value


@pytest.mark.parametrize(
    ("lang", "right_head", "wrong_head"),
    [
        ("ru", "✔ Верно! Не побьёт: ", "✘ Не так: не побьёт. "),
        ("uk", "✔ Правильно! Не поб'є: ", "✘ Не так: не поб'є. "),
    ],
)
def test_can_beat_refused_verdicts_keep_the_rule_id_r6(lang: str, right_head: str, wrong_head: str) -> None:
    with language(lang):
        ex = CanBeat("7S", "9S", "H")
        refusal = str(ex.refusal)
        assert ex.answer(1) is True
        assert ex.feedback == f"{right_head}{refusal}."
        assert ex.answer(0) is False
        assert ex.feedback == f"{wrong_head}{refusal}."
    assert refusal.startswith("[R6] ")


def test_can_beat_options_stay_english_by_default() -> None:
    ex = CanBeat("7H", "9S", "H")
    assert ex.prompt == "Can 7♥ beat 9♠? Trump: ♥."
    assert ex.options == ("Yes, it beats it", "No, it does not")
    ex.answer(0)
    assert ex.feedback == "✔ Right: 7♥ beats 9♠: a trump beats any card of another suit (R6)."


@pytest.mark.parametrize(
    ("lang", "prompt", "right", "wrong"),
    [
        (
            "ru",
            "Какой из этих ходов Борис может сделать сейчас?",
            "✔ Верно! «{move}» — так можно. {rule}",
            "✘ Так нельзя: «{move}». {refusal}. {rule}",
        ),
        (
            "uk",
            "Який із цих ходів Борис може зробити зараз?",
            "✔ Правильно! «{move}» — так можна. {rule}",
            "✘ Так не можна: «{move}». {refusal}. {rule}",
        ),
    ],
)
def test_choose_legal_move_question_and_verdicts_r6_r11(lang: str, prompt: str, right: str, wrong: str) -> None:
    with language(lang):
        game = lessons.replay("lessons/bout.json").game(1)
        ex = ChooseLegalMove(game, 1)  # Boris, named in the lesson's language (Борис)
        assert ex.prompt == prompt
        names = ex.game.players
        verdicts = []
        for i, move in enumerate(ex.moves):
            words = move.describe(names)
            assert ex.options[i] == words
            refusal = ex.game.why_illegal(move)
            verdicts.append(ex.answer(i))
            if refusal is None:
                rule = _rule_line(ex.game.beat_clause(move.cards[0], move.target) or "R6")
                assert ex.feedback == right.format(move=words, rule=rule)
            else:
                assert ex.feedback == wrong.format(move=words, refusal=refusal, rule=_rule_line(refusal.rule))
    assert verdicts.count(True) == 1 and len(verdicts) == 4


def test_predict_outcome_options_ru_uk_r25() -> None:
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    game = replay.game(10)
    moves = [Move.attack(1, ["6S", "6D"]), Move.defend(0, "TH", "6S"), Move.defend(0, "KH", "6D"), Move.pass_(1)]
    with language("ru"):
        ex = PredictOutcome(game, moves)
    assert ex.options == ("Anna — дурак", "Boris — дурак", "Никто: ничья")
    assert ex.prompt.endswith(". Чем закончится партия?")
    with language("uk"):
        ex = PredictOutcome(game, moves)
    assert ex.options == ("Anna — дурень", "Boris — дурень", "Ніхто: нічия")
    assert ex.prompt.endswith(". Чим закінчиться партія?")
    assert ex.answer(1) is True and ex.feedback.startswith("✔ Правильно! ")
    assert ex.answer(2) is False and ex.feedback.startswith("✘ Ні, насправді: ")


# ----------------------------------------------------------------------------- practice


@pytest.mark.parametrize(
    ("lang", "buttons", "tips"),
    [
        (
            "ru",
            ["Ходить", "Перевести", "Показать козырь", "Взять", "Пропустить ход", "Подсказка", "Сначала"],
            ["зайти выбранными картами или подкинуть их (R9, R11)", "забрать карты со стола (R14)"],
        ),
        (
            "uk",
            ["Ходити", "Перевести", "Показати козир", "Взяти", "Пропустити хід", "Підказка", "Спочатку"],
            ["зайти або підкинути вибрані карти (R9, R11)", "забрати карти зі столу (R14)"],
        ),
    ],
)
def test_practice_bout_buttons_r9_r14(lang: str, buttons: list[str], tips: list[str]) -> None:
    with language(lang):
        w = PracticeBout(lessons.replay("lessons/bout.json").game(0), learner=0)
    row = [
        w.lay_button,
        w.transfer_button,
        w.show_button,
        w.take_button,
        w.pass_button,
        w.hint_button,
        w.again_button,
    ]
    assert [b.description for b in row] == buttons
    assert [w.lay_button.tooltip, w.take_button.tooltip] == tips
    # after a lead the table has cards: the lay button says throw in, in the widget's language
    w.click_card("7S")
    w.lay()
    throw, pass_ = {"ru": ("Подкинуть", "Пас"), "uk": ("Підкинути", "Пас")}[lang]
    assert (w.lay_button.description, w.pass_button.description) == (throw, pass_)
    table = {
        "ru": "<b>Стол</b>: 1 карта хода, из них покрыто 1",
        "uk": "<b>Стіл</b>: 1 карта ходу, покрито 1",
    }[lang]
    assert table in w.table_caption.value
    you = {"ru": " · <b>вы</b>", "uk": " · <b>ви</b>"}[lang]
    assert you in w.seat_caption.value


def test_practice_bout_hint_and_end_words_ru_uk_r6() -> None:
    state = PracticeState(lessons.replay("lessons/bout.json").game(0), learner="Anna")
    with language("ru"):
        assert hint_words(Move.defend(1, "9S", "7S"), ["R6"], table_empty=False) == (
            "Подсказка: побейте 7♠ картой 9♠ (R6)."
        )
        assert hint_words(Move.take(1), ["R14"], table_empty=False) == "Подсказка: возьмите карты (R14)."
        assert hint_words(Move.pass_(0), ["R9"], table_empty=True) == "Подсказка: пропустите ход (R9)."
        state.over = True
        assert state.prompt == "Кон окончен. Нажмите «Сначала», чтобы сыграть его ещё раз."
    with language("uk"):
        assert hint_words(Move.defend(1, "9S", "7S"), ["R6"], table_empty=False) == (
            "Підказка: побийте 7♠ картою 9♠ (R6)."
        )
        assert hint_words(Move.throw(0, ["7D"]), ["R11"], table_empty=False) == "Підказка: підкиньте 7♦ (R11)."
        assert state.prompt == "Кон закінчено. Натисніть «Спочатку», щоб зіграти його ще раз."


# ----------------------------------------------------------------------------- drills


@pytest.mark.parametrize(
    ("lang", "check", "another", "before", "after"),
    [
        ("ru", "Проверить", "Дальше", "Счёт: ответов пока нет.", "Счёт: верно 1 из 1."),
        ("uk", "Перевірити", "Далі", "Рахунок: відповідей ще немає.", "Рахунок: правильно 1 з 1."),
    ],
)
def test_drill_widget_buttons_and_score(lang: str, check: str, another: str, before: str, after: str) -> None:
    with language(lang):
        w = DrillWidget(["throw_in_room"], seed=3)
    assert (w.check_button.description, w.next_button.description) == (check, another)
    assert w.score_text == before
    w.answer(w.drill.answer)
    assert w.score_text == after
    assert after in w.score_view.value


# ----------------------------------------------------------------------------- the lessons' displays


class _Room:
    def __init__(self, n: int) -> None:
        self.n = n

    def room(self) -> int:
        return self.n


@pytest.mark.parametrize(
    ("n", "ru", "uk"),
    [
        (0, "Больше подкидывать нельзя (R13).", "Більше підкидати не можна (R13)."),
        (1, "Можно подкинуть ещё 1 карту (R13).", "Можна підкинути ще 1 карту (R13)."),
        (2, "Можно подкинуть ещё 2 карты (R13).", "Можна підкинути ще 2 карти (R13)."),
        (5, "Можно подкинуть ещё 5 карт (R13).", "Можна підкинути ще 5 карт (R13)."),
        (11, "Можно подкинуть ещё 11 карт (R13).", "Можна підкинути ще 11 карт (R13)."),
        (21, "Можно подкинуть ещё 21 карту (R13).", "Можна підкинути ще 21 карту (R13)."),
        (22, "Можно подкинуть ещё 22 карты (R13).", "Можна підкинути ще 22 карти (R13)."),
    ],
)
def test_room_sentence_plurals_r13(n: int, ru: str, uk: str) -> None:
    game: Any = _Room(n)
    with language("ru"):
        assert str(course_show.room(game)) == ru
    with language("uk"):
        assert str(course_show.room(game)) == uk
    english = {0: "No more cards may follow (R13).", 1: "One more card may follow (R13)."}
    assert str(course_show.room(game)) == english.get(n, f"{n} more cards may follow (R13).")


def test_refusal_and_teachers_table_ru_uk_r9() -> None:
    game = lessons.bout().game(0)
    with language("ru"):
        why = game.why_illegal(Move.attack(0, "7S 9D"))
        assert why is not None
        assert str(course_show.refusal(game, "Anna", "attack", "7S 9D")) == f"Так нельзя: {why.message} (R9)."
        table = course_show.teachers(1)
        assert table.head == ["правила", "утверждение", "ответ движка", "совпадает"]
        assert {row[3] for row in table.rows} == {"да"}
        assert [row[1] for row in table.rows] == [c.sentence() for c in lessons.course.claims_of(1)]
    with language("uk"):
        table = course_show.teachers(1)
        assert table.head == ["правила", "твердження", "відповідь рушія", "збігається"]
        assert {row[3] for row in table.rows} == {"так"}
        assert course_show.terms().head == ["Англійською", "Російською", "Українською"]


# ----------------------------------------------------------------------------- trees


def test_position_label_ru_uk() -> None:
    g = Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S", "Boris": "8S"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    with language("ru"):
        assert position_label(g.position()) == "кон 1: Anna → Boris\nстол пуст\nколода 0 · на руках 1/1"
    with language("uk"):
        assert position_label(g.position()) == "кон 1: Anna → Boris\nстіл порожній\nколода 0 · на руках 1/1"


@pytest.mark.parametrize(
    ("lang", "caption", "edges", "talon", "table"),
    [
        (
            "ru",
            "Кон 1: Anna ходит, Boris отбивается",
            [
                ("s0", "k6S", "1. ходит → Boris"),
                ("s1", "k7S", "2. отбивается"),
                ("k7S", "k6S", "бьёт"),
                ("s0", "k6C", "3. подкидывает"),
                ("s0", "k6D", "5. подкидывает вдогонку (R14)"),
                ("k6S", "s1", "4. берёт 4 карты (R14)"),
                ("talon", "s0", "добор 1: 9♣ 10♥"),
            ],
            "колода\n2 карты",
            "стол",
        ),
        (
            "uk",
            "Кон 1: Anna ходить, Boris відбивається",
            [
                ("s0", "k6S", "1. ходить → Boris"),
                ("s1", "k7S", "2. відбивається"),
                ("k7S", "k6S", "б'є"),
                ("s0", "k6C", "3. підкидає"),
                ("s0", "k6D", "5. підкидає навздогін (R14)"),
                ("k6S", "s1", "4. бере 4 карти (R14)"),
                ("talon", "s0", "добір 1: 9♣ 10♥"),
            ],
            "колода\n2 карти",
            "стіл",
        ),
    ],
)
def test_bout_diagram_labels_ru_uk_r14_r16(
    lang: str, caption: str, edges: list[tuple[str, str, str]], talon: str, table: str
) -> None:
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    with language(lang):
        d = bout_diagram(replay, 1)
    assert d.caption == caption
    assert [(e.tail, e.head, e.label) for e in d.edges_info] == edges
    assert d.nodes_info["talon"].label == talon
    assert f'label="{table}"' in d.source


# ----------------------------------------------------------------------------- the exported page


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: dict[str, str] = {}
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._open.append(dict(attrs).get("id") or dict(attrs).get("class") or tag)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open:
            key = self._open[-1]
            self.text[key] = self.text.get(key, "") + data


def _parsed(html: str) -> _Page:
    p = _Page()
    p.feed(html)
    return p


UK_PAGE = {
    "note": (
        "Перегляд партії durak-nb: усе працює просто на цій сторінці, ядро Jupyter не потрібне.\n"
        "◀ ▶ — на хід назад або вперед (або стрілки на клавіатурі), «▶ пуск» показує ходи один за одним, "
        "повзунок і список «перейти до» переносять до будь-якого ходу."
    ),
    "play": "▶ пуск",
    "pause": "⏸ пауза",
    "title": "durak-nb, перегляд партії: підкидний дурень · Anna, Boris",
}


def test_exported_page_in_ukrainian_headings_buttons_and_script_words() -> None:
    doc = podkidnoy_doc()
    del doc["meta"]["event"]
    replay = Replay(Recording.from_json(doc))
    with language("uk"):
        html = page_html(replay)
        data = page_data(replay)
    page = _parsed(html)
    assert page.tags[0] == ("html", {"lang": "uk"})
    assert page.text["title"] == UK_PAGE["title"]
    assert page.text["dnb-export-note"] == UK_PAGE["note"]
    assert page.text["dnb-play"] == UK_PAGE["play"]
    buttons = {a["id"]: a.get("title") for t, a in page.tags if t == "button"}
    assert buttons == {
        "dnb-back": "на хід назад",
        "dnb-play": "пуск або пауза",
        "dnb-forward": "на хід уперед",
        "dnb-exit": "назад до варіанта, від якого відходить цей",
    }
    for word in ("хід <input", "вигляд <select", "перейти до <select", "мс/хід <input", 'aria-label="хід"'):
        assert word in html
    assert data["words"] == {"play": "▶ пуск", "pause": "⏸ пауза"}
    assert data["lines"][0]["name"] == "основна лінія"
    assert "W.play" in html and '"▶ play"' not in html  # the script's words come from the data


def test_exported_page_in_russian_and_english_r14() -> None:
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    with language("ru"):
        words = page_words()
        html = page_html(replay)
    assert (words["play"], words["pause"], words["move"], words["go to"]) == ("▶ пуск", "⏸ пауза", "ход", "перейти к")
    assert '<html lang="ru">' in html and ">▶ пуск</button>" in html
    english = page_html(replay)
    assert '<html lang="en">' in english and ">▶ play</button>" in english
    assert page_words()["note"].startswith("A durak-nb replay: it plays in this page, no kernel needed.\n")


def test_exported_page_side_lines_words_ru_uk() -> None:
    from test_export_variations import annotated_doc

    replay = Replay(Recording.from_json(annotated_doc()))
    with language("ru"):
        lines = page_data(replay)["lines"]
    assert lines[0]["name"] == "основная линия"
    assert lines[0]["branches"]["1"]["head"].startswith("Вместо хода 2 (")
    side = lines[1]
    assert (side["name"], side["where"], side["back"]) == (
        "вариант 2.1",
        "вместо хода 2 основной линии",
        "⤴ назад к основной линии",
    )
    assert side["label"].endswith(" … (3 хода)")
    nested = lines[3]
    assert nested["name"] == "вариант 2.1 > 2.1"
    assert (nested["where"], nested["back"]) == ("вместо хода 2 варианта 2.1", "⤴ назад к варианту 2.1")
    with language("uk"):
        lines = page_data(replay)["lines"]
    assert (lines[1]["name"], lines[1]["where"], lines[1]["back"]) == (
        "варіант 2.1",
        "замість ходу 2 основної лінії",
        "⤴ назад до основної лінії",
    )
    assert lines[1]["label"].endswith(" … (3 ходи)")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_export_bound_refusal_is_the_views_bound_sentence(lang: str) -> None:
    """The page's bound refusal is views.bounds' sentence (its one home), in the language in use."""
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    with language(lang):
        with pytest.raises(ViewBoundError) as bound:
            check_moves("an exported page", 14, 5)
        with pytest.raises(ExportError) as err:
            page_html(replay, max_moves=5)
    assert str(err.value) == str(bound.value)
    if lang == "en":
        assert str(err.value) == "an exported page shows at most 5 moves (max_moves); this game has 14"


def test_the_terms_table_is_not_the_teachers_table() -> None:
    """The index's table of terms is for everyone: its own class (``dnb-terms``), never the
    teachers' ``dnb-claims`` (the browser tests look for that one to be folded; issue 22)."""
    from durak_nb.views import course_show

    assert course_show.terms()._repr_html_().startswith("<table class='dnb-terms'><thead><tr><th")
    assert course_show.teachers(1)._repr_html_().startswith("<table class='dnb-claims'><thead><tr><th")


#: a Python without pandas, as the site's Pyodide is: ``import pandas`` fails as it does there
_NO_PANDAS = """
import sys
class NoPandas:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "pandas":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, NoPandas())
from durak_nb.i18n import language
from durak_nb.views import course_show as show
for lang in ("en", "ru", "uk"):
    with language(lang):
        print(lang, "|", " ".join(show.claims_summary().lines))
        row = [r for r in show.teachers(8).rows if r[3] == "—"][0]
        print(lang, "|", row[2])
"""


def test_the_course_summary_without_pandas_counts_what_it_could_not_check() -> None:
    """The index's «For teachers» on the site (no pandas in Pyodide): no traceback
    (ModuleNotFoundError was shown), the two lesson-8 sentences that need pandas are said
    to be not checked, in en/ru/uk, and lesson 8's table says so in their rows."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _NO_PANDAS], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "en | 55 of 55 sentences of the course agree with the engine. 2 sentences are not checked here:"
        " they need pandas, which this Python does not have.",
        "en | not checked here: needs pandas",
        "ru | 55 из 55 утверждений курса совпадают с ответами движка. 2 утверждения здесь не проверены:"
        " для них нужен pandas, а в этом Python его нет.",
        "ru | здесь не проверено: нужен pandas",
        "uk | 55 з 55 тверджень курсу збігаються з відповідями рушія. 2 твердження тут не перевірено:"
        " для них потрібен pandas, а в цьому Python його немає.",
        "uk | тут не перевірено: потрібен pandas",
    ]
