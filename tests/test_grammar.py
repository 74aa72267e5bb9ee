"""Grammar, not templates (issue 20): names declined, verbs agreeing, numerals in case.

The unit tests hold :mod:`durak_nb.grammar` to exact words; the Done-when test renders
drills of every kind over 40 seeds in Russian and Ukrainian and reads them with
:func:`grammarkit.problems` (pymorphy3's own analysis of the words, no list of bad strings).
"""

from __future__ import annotations

import random

import pytest
from grammarkit import page_texts, problems, shown_texts, without_files

from durak_nb.catalogues import _message_problems
from durak_nb.engine import Game
from durak_nb.explain import move_words
from durak_nb.grammar import CASES, count_in_case, decline, fill, person
from durak_nb.i18n import Phrase, language
from durak_nb.lessons import drills
from durak_nb.lessons.edition import person_name

# ----------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("lang", "name", "forms", "gender"),
    [
        ("ru", "Анна", ["Анна", "Анны", "Анне", "Анну", "Анной", "Анне"], "femn"),
        ("ru", "Борис", ["Борис", "Бориса", "Борису", "Бориса", "Борисом", "Борисе"], "masc"),
        ("ru", "Вера", ["Вера", "Веры", "Вере", "Веру", "Верой", "Вере"], "femn"),
        ("ru", "Глеб", ["Глеб", "Глеба", "Глебу", "Глеба", "Глебом", "Глебе"], "masc"),
        ("ru", "Даша", ["Даша", "Даши", "Даше", "Дашу", "Дашей", "Даше"], "femn"),
        ("ru", "Дана", ["Дана", "Даны", "Дане", "Дану", "Даной", "Дане"], "femn"),
        ("ru", "Егор", ["Егор", "Егора", "Егору", "Егора", "Егором", "Егоре"], "masc"),
        ("uk", "Віра", ["Віра", "Віри", "Вірі", "Віру", "Вірою", "Вірі"], "femn"),
        ("uk", "Гліб", ["Гліб", "Гліба", "Глібові", "Гліба", "Глібом", "Глібі"], "masc"),
        ("uk", "Даша", ["Даша", "Даші", "Даші", "Дашу", "Дашею", "Даші"], "femn"),
        ("uk", "Єгор", ["Єгор", "Єгора", "Єгорові", "Єгора", "Єгором", "Єгорі"], "masc"),
        # names a user types, not the course's
        ("ru", "Лев", ["Лев", "Льва", "Льву", "Льва", "Львом", "Льве"], "masc"),
        ("uk", "Леся", ["Леся", "Лесі", "Лесі", "Лесю", "Лесею", "Лесі"], "femn"),
        ("uk", "Тарас", ["Тарас", "Тараса", "Тарасові", "Тараса", "Тарасом", "Тарасі"], "masc"),
    ],
)
def test_a_name_the_dictionary_knows_is_declined(lang: str, name: str, forms: list[str], gender: str) -> None:
    assert [decline(name, case, lang) for case in CASES] == forms
    assert person(name, lang).gender == gender


@pytest.mark.parametrize(("lang", "noun"), [("ru", "игрока"), ("uk", "гравця")])
@pytest.mark.parametrize("name", ["Xyz", "Zoë", "Мишель", "Анна-Мария", "P1"])
def test_a_name_it_does_not_know_keeps_a_grammatical_sentence(lang: str, noun: str, name: str) -> None:
    assert decline(name, "gent", lang) == f"{noun} {name}"
    assert decline(name, "accs", lang) == f"{noun} {name}"
    said = fill("{a} ходит 7♠ под {d:accs}.", {"a": "Борис", "d": name}, lang)
    assert said == f"Борис ходит 7♠ под {noun} {name}."


def test_a_name_of_either_gender_is_declined_but_its_verb_takes_the_player() -> None:
    assert decline("Саша", "gent", "ru") == "Саши"
    assert fill("Этот кон {s:начал|начала} {s:nomn}.", {"s": "Саша"}, "ru") == "Этот кон начал игрок Саша."


@pytest.mark.parametrize(
    ("lang", "template", "name", "said"),
    [
        ("uk", "Цей кон {s:почав|почала} {s:nomn}.", "Анна", "Цей кон почала Анна."),
        ("uk", "Цей кон {s:почав|почала} {s:nomn}.", "Борис", "Цей кон почав Борис."),
        ("uk", "Цей кон {s:почав|почала} {s:nomn}.", "Xyz", "Цей кон почав гравець Xyz."),
        ("ru", "Этот кон {s:начал|начала} {s:nomn}.", "Даша", "Этот кон начала Даша."),
        ("ru", "Этот кон {s:начал|начала} {s:nomn}.", "Zoe", "Этот кон начал игрок Zoe."),
    ],
)
def test_the_past_tense_agrees_with_the_player(lang: str, template: str, name: str, said: str) -> None:
    assert fill(template, {"s": name}, lang) == said


# ----------------------------------------------------------------------------- numerals


@pytest.mark.parametrize(
    ("lang", "count", "case", "said"),
    [
        ("ru", "1 карта", "gent", "1 карты"),
        ("ru", "2 карты", "gent", "2 карт"),
        ("ru", "5 карт", "gent", "5 карт"),
        ("ru", "21 карта", "gent", "21 карты"),
        ("ru", "2 карты", "ablt", "2 картами"),
        ("ru", "12 карт", "accs", "12 карт"),
        ("ru", "3 карты", "accs", "3 карты"),
        ("uk", "1 карта", "gent", "1 карти"),
        ("uk", "2 карти", "gent", "2 карт"),
        ("uk", "5 карт", "gent", "5 карт"),
        ("uk", "2 карти", "ablt", "2 картами"),
        ("uk", "22 карти", "datv", "22 картам"),
    ],
)
def test_a_count_is_put_in_the_case_the_preposition_takes(lang: str, count: str, case: str, said: str) -> None:
    assert count_in_case(count, case, lang) == said


def test_a_phrase_formats_with_the_grammar_of_the_language() -> None:
    with language("uk"):
        said = Phrase("тоді відбиватися від {cards:gent} буде {next}; у {name:gent} на руках {held}").format(
            cards="2 карти", next="Даша", name="Гліб", held="1 карта"
        )
    assert said == "тоді відбиватися від 2 карт буде Даша; у Гліба на руках 1 карта"


# ----------------------------------------------------------------------------- English, You


def test_a_player_called_you_is_the_second_person() -> None:
    assert fill("{name} attacks 6♦", {"name": "You"}, "en") == "You attack 6♦"
    assert fill("{name} is out (R24)", {"name": "You"}, "en") == "You are out (R24)"
    assert fill("{name}'s win chance {p}", {"name": "You", "p": "0.62"}, "en") == "Your win chance 0.62"
    assert fill("a win for {name}", {"name": "You"}, "en") == "a win for you"
    assert fill("[R13b] {name} holds 3 cards", {"name": "You"}, "en") == "[R13b] You hold 3 cards"
    assert fill("{name} passes; {other} takes", {"name": "You", "other": "Boris"}, "en") == "You pass; Boris takes"
    # every verb of the sentence after «and», not only the first; a noun after «and» stays
    took = "Not {name}: {name} picked up the cards and loses the next attack."
    assert fill(took, {"name": "You"}, "en") == "Not you: you picked up the cards and lose the next attack."
    assert fill("{name} covers 7♠ and has 2 cards", {"name": "You"}, "en") == "You cover 7♠ and have 2 cards"
    assert fill("{name} leads 6♦ and hearts are trump", {"name": "You"}, "en") == "You lead 6♦ and hearts are trump"
    assert fill("{name} takes. Anna and Boris wins", {"name": "You"}, "en") == "You take. Anna and Boris wins"


def test_a_game_with_you_reads_in_the_second_person() -> None:
    game = Game.deal("podkidnoy", ["You", "Boris", "Vera"], seed=1)
    rng = random.Random(1)
    said: set[str] = set()
    while game.result is None:
        move = rng.choice(game.legal_moves())
        if move.player == 0:
            said.add(move_words(move, game.players).split(" ")[1])
        for event in game.play(move):
            text = event.describe(game.players)
            if text.startswith("You"):
                said.add(text.split(" ")[1])
    assert said >= {"attack", "draw"}
    assert not {w for w in said if w.endswith("s") and w not in ("pass",)}  # «You attacks», «You is»…


# ----------------------------------------------------------------------------- the catalogues


def test_the_catalogue_check_refuses_a_grammar_spec_it_does_not_know() -> None:
    from babel.messages.catalog import Message

    bad = Message("{name} takes", "{name:genitive} берёт")
    good = Message("Not {name}: {name} has no cards.", "Не {name}: у {name:gent} нет карт.")
    assert any("unknown grammar spec" in p for p in _message_problems("x.po", bad))
    assert _message_problems("x.po", good) == []


# ----------------------------------------------------------------------------- the checker


@pytest.mark.parametrize(
    ("lang", "text", "found"),
    [
        ("uk", "Єгор ходить 7♠ під гравця Даша.", "undeclined name after a noun"),
        ("ru", "У игрока Глеб на руках 1 карта.", "undeclined name after a noun"),
        ("ru", "Егор ходит 7♠ под Даша.", "name in the nominative after a preposition"),
        ("uk", "тоді відбиватися від 2 карти буде Даша.", "numeral after 'від' not in its case"),
        ("ru", "тогда отбиваться от 2 карты будет Даша.", "numeral after 'от' not in its case"),
        ("ru", "На руках 2 карта.", "noun not agreeing with its numeral"),
        ("ru", "Vera бьёт 7♦ картой Д♦.", "Latin word 'Vera'"),
        ("uk", "Two cards are left in the talon.", "Latin word 'Two'"),
        ("ru", "Этот кон начинал Анна.", "past tense not agreeing with 'Анна'"),
    ],
)
def test_the_checker_marks_what_a_teacher_marks(lang: str, text: str, found: str) -> None:
    assert any(p.startswith(found) for p in problems(text, lang)), problems(text, lang)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("uk", "Єгор ходить 7♠ під Дашу. Цей кон почала Анна, у Гліба на руках 1 карта."),
        ("ru", "[R17] Да: Глеб может положить К♣ рядом с картами хода; тогда отбиваться от 2 карт будет Даша."),
        ("ru", "Егор ходит 7♠ под игрока Мишель."),  # the fallback for a name the dictionary does not know
        ("uk", "Карти лишилися тільки в Анни: Анна — дурень."),
    ],
)
def test_the_checker_passes_what_a_teacher_passes(lang: str, text: str) -> None:
    assert problems(text, lang) == []


# ----------------------------------------------------------------------------- Done when


def _drill_texts(d: drills.Drill) -> list[str]:
    texts = [d.title, d.context, d.question, *d.options, *d.mistakes, d.reason]
    if d.options:
        texts += [d.check(i).text for i in range(len(d.options))]
    else:
        texts += [d.check(d.answer).text, d.check(d.answer + 1).text]
    return texts


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("kind", drills.KINDS)
def test_drills_of_every_kind_over_40_seeds_read_as_a_native_teacher_writes(kind: str, lang: str) -> None:
    found: list[str] = []
    names: set[str] = set()
    with language(lang):
        for seed in range(40):
            d = drills.make(kind, seed)
            names.update(person_name(n) for n in d.players)
            for text in _drill_texts(d):
                found.extend(f"seed {seed}: {p}" for p in problems(text, lang))
    assert found == []
    assert names and all(person(n, lang).forms is not None for n in names)  # the course's names, declinable


def test_ukrainian_says_u_before_v_and_f() -> None:
    # euphony: «тільки у Віри», «у Федора», but «тільки в Анни»
    said = fill("Карти лишилися тільки в {n:gent}; в {m:gent} — ні.", {"n": "Віра", "m": "Анна"}, "uk")
    assert said == "Карти лишилися тільки у Віри; в Анни — ні."
    assert fill("в {n:gent}", {"n": "Федір"}, "uk") == "у Федора"


@pytest.mark.parametrize(
    ("template", "name", "said"),
    [
        ("играет с {name:ablt}", "Станислав", "играет со Станиславом"),
        ("С {name:ablt} играет", "Святослав", "Со Святославом играет"),
        ("подходит ко {name:datv}", "Борис", "подходит ко Борису"),  # a template's own «ко» is kept
        ("подходит к {name:datv}", "Всеволод", "подходит ко Всеволоду"),
        ("подходит к {name:datv}", "Гвидон", "подходит к Гвидону"),
        ("думает о {name:loct}", "Вера", "думает о Вере"),
        ("в {name:loct}", "Влад", "во Владе"),
        ("играет с {name:ablt}", "Анна", "играет с Анной"),
        ("играет с {name:ablt}", "Сергей", "играет с Сергеем"),
    ],
)
def test_russian_euphony_со_ко_во_before_a_cluster(template: str, name: str, said: str) -> None:
    """«со», «ко», «во» before a name opening with a cluster that calls for them (the
    Russian rule beside the Ukrainian у/в one), not before a vowel or a plain consonant."""
    assert fill(template, {"name": name}, "ru") == said


@pytest.mark.parametrize(
    ("lang", "context", "reason"),
    [
        (
            "ru",
            "Подкидной дурак, 3 игрока. Козырь: ♣. Первый отбой уже был.",
            "[R13b] У Глеба на руках 1 карта, и столько же карт (1) перед ним ещё не покрыто, "
            "так что больше подкидывать нельзя.",
        ),
        (
            "uk",
            "Підкидний дурень, 3 гравці. Козир: ♣. Перший відбій уже був.",
            "[R13b] У Гліба на руках 1 карта, і стільки ж карт (1) перед ним ще не покрито, "
            "тож більше підкидати не можна.",
        ),
    ],
)
def test_a_throw_in_room_drill_reads_as_a_teacher_says_it(lang: str, context: str, reason: str) -> None:
    """«Первый отбой уже был», as players say it (was «Один кон уже кончился словом «бито»»),
    and the full R13b reason in words (was «непокрытых карт: 1»)."""
    with language(lang):
        d = drills.make("throw_in_room", 1)
    assert (d.context, d.reason) == (context, reason)


@pytest.mark.parametrize(
    ("lang", "start"), [("ru", "Переводной дурак, 4 игрока."), ("uk", "Переказний дурень, 4 гравці.")]
)
def test_the_perevodnoy_drill_names_the_game_once(lang: str, start: str) -> None:
    """«Переводной дурак», not «Переводной дурак (с переводом)»: the name says it already."""
    with language(lang):
        d = drills.make("may_transfer", 3)
    assert d.context.startswith(start), d.context


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Сколько ещё карт можно подкинуть? Упражнение 1, расклад 6."),
        ("uk", "Скільки ще карт можна підкинути? Вправа 1, розклад 6."),
    ],
)
def test_a_drill_heading_names_the_deal_not_the_seed(lang: str, said: str) -> None:
    """A learner reads «расклад 6» / «розклад 6» (was «зерно 6», a programmer's word; «вариант» is
    the glossary's word for a side line)."""
    with language(lang):
        d = drills.make("throw_in_room", 6)
        assert drills.text("heading", title=d.title, number=1, seed=d.seed) == said


# ----------------------------------------------------------------------------- uk reading, lessons 7–10 and class pages


@pytest.mark.parametrize(
    ("template", "name", "said"),
    [
        ("[R13b] у {n:gent}, яка відбивається", "Анна", "[R13b] в Анни, яка відбивається"),
        ("У {n:gent} на руках 1 карта.", "Анна", "В Анни на руках 1 карта."),
        ("У {n:gent} на руках 1 карта.", "Гліб", "У Гліба на руках 1 карта."),
        ("тільки в {n:gent}", "Гліб", "тільки в Гліба"),
        ("брат в {n:gent}", "Борис", "брат у Бориса"),
        ("у {n:gent}", "Святослав", "у Святослава"),
    ],
)
def test_ukrainian_euphony_u_v_before_a_name(template: str, name: str, said: str) -> None:
    """«в» before a vowel («[R13b] в Анни», was «у Анни»), «у» between consonants and at the
    start before a consonant, «у» before в, ф, св… (Правопис § 23)."""
    assert fill(template, {"n": name}, "uk") == said


def test_lesson_8_tables_read_as_a_native_teacher_writes() -> None:
    """The variants' table named its rows by the presets' codes («english», «perevodnoy») with
    decimal points, the throw-ins' table its games by file names («first-bout-limit.json»)."""
    from durak_nb.lessons import lesson8

    found: list[str] = []
    with language("uk"):
        stats = lesson8.variant_stats_table()
        cells = [str(v) for v in stats.data.index]
        html_text = stats.to_html()
        after = lesson8.throws_after_take(5).data
        cells += [str(v) for col in after.columns for v in after[col]]
    for text in cells:
        found += problems(text, "uk")
    assert found == []
    assert "42,7" in html_text and "42.7" not in html_text


# ----------------------------------------------------------------------------- lessons 7–10, the class pages

#: Latin words a Russian page may show: names of programs and formats, and the codes a
#: learner types (option and preset names in files, the notation's keywords)
RU_LATIN = frozenset(
    {
        "pandas",
        "Python",
        "JSON",
        "HTML",
        "JavaScript",
        "PostgreSQL",
        "SQLite",
        "durak-nb",
        "class",
        "serve",
        "bot",
        "KiB",
        "English",  # the language switcher names each language in its own words
    }
)


def _shown_by(notebook: str) -> list[tuple[int, str]]:
    """Run the code cells of ``notebooks/<notebook>`` in this process (cwd its folder, as
    JupyterLab runs them) and return what each shows: the texts of its last expression's
    value (:func:`grammarkit.shown_texts`), with the cell's number.  A file's lines shown
    as they are (``show.Lines``: a journal, a notation file) are data, not sentences."""
    import ast
    import os

    import nbformat
    from conftest import NOTEBOOKS

    from durak_nb.i18n import set_language
    from durak_nb.views.course_show import Lines

    path = NOTEBOOKS / notebook
    nb = nbformat.read(path, as_version=4)
    ns: dict[str, object] = {"__name__": "__lesson__"}
    out: list[tuple[int, str]] = []
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, notebook, "exec"), ns)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), notebook, "eval"), ns)
                if not isinstance(value, Lines):
                    out += [(i, text) for text in shown_texts(value)]
    finally:
        os.chdir(here)
        set_language(None)
    return out


@pytest.mark.parametrize(
    "notebook",
    [
        "ru/07_variants.ipynb",
        "ru/08_analysing_games.ipynb",
        "ru/09_record_and_share.ipynb",
        "ru/10_play_against_bots.ipynb",
    ],
)
def test_lessons_7_to_10_show_what_a_native_teacher_writes(notebook: str) -> None:
    """Every widget, table and sentence lessons 7–10 of the Russian edition show (the
    notebook's own code, run here) passes the native reader's checks: no Latin word (the
    variants' table said «podkidnoy», «english»), no undeclined name, no numeral out of
    its case, no past tense disagreeing with its player."""
    found = [
        f"cell {i}: {p}" for i, text in _shown_by(notebook) for p in problems(without_files(text), "ru", allow=RU_LATIN)
    ]
    assert found == []


#: what the class pages' script puts into its templates (class.js fills them as they are)
CLASS_SAMPLE = {
    "name": "Борис",
    "title": "Дурак по пятницам",
    "words": "Анна ходит 7♠",
    "code": "K7Q2",
    "address": "http://127.0.0.1:8765/",
    "count": 5,
    "right": 3,
    "seconds": 75,
    "drills": "Какой ход допустим?",
    "table": 1,
    "players": "Анна, Борис",
    "card": "Д♦",
    "cards": "7♠ 7♥",
    "target": "7♠",
}


@pytest.mark.parametrize("page", ["student", "teacher"])
def test_the_class_pages_read_as_a_native_teacher_writes(page: str) -> None:
    """The class server's pages in Russian (durak-nb class serve: ``/`` and ``/teacher``),
    their HTML and every word their script shows (the words block, its templates filled as
    the script fills them, each plural form with its number 1, 2, 5), pass the native
    reader's checks; the cards are the players' letters (В Д К Т)."""
    from durak_nb.classroom.pages import render, words

    said = words("ru")
    texts = page_texts(render(page, "ru"))
    for key, value in said.items():
        if key in ("lang", "cards"):
            continue
        if key in ("moves", "others"):  # the plural forms for 1, 2 and 5
            texts += [form.format(n=n, **CLASS_SAMPLE) for form, n in zip(value, (1, 2, 5), strict=True)]
        elif key in ("presets", "kinds", "bots"):  # [code, words]: the words are read
            texts += [words_ for _, words_ in value]
        else:
            texts += [
                str(v).format(n=2, **CLASS_SAMPLE) for v in (value.values() if isinstance(value, dict) else [value])
            ]
    found = [p for text in texts for p in problems(without_files(text), "ru", allow=RU_LATIN)]
    assert found == []
    assert [said["cards"][c] for c in ("TH", "JS", "QD", "KC", "AH")] == ["10♥", "В♠", "Д♦", "К♣", "Т♥"]


def test_the_teachers_seed_is_the_deal_a_learner_reads() -> None:
    """The teacher's board names a drill's seed with the word a learner reads in the
    drill's heading («Упражнение 1, расклад 6»), not «Зерно», a programmer's word."""
    from durak_nb.classroom.pages import words

    with language("ru"):
        heading = drills.text("heading", title="…", number=1, seed=6)
    assert words("ru")["seed"] == "Расклад"
    assert f"{words('ru')['seed'].lower()} 6" in heading


def test_the_variants_table_names_the_variants_in_words() -> None:
    """Lesson 8's statistics by variant: each row is the variant as people call it
    (the data keep the codes)."""
    from durak_nb.lessons import lesson8

    with language("ru"):
        shown = list(lesson8.variant_stats_table().data.index)
    assert shown == ["английский дурак", "японский дурак", "переводной дурак", "подкидной дурак", "простой дурак"]
    assert list(lesson8.variant_stats().index) == ["english", "japanese", "perevodnoy", "podkidnoy", "prostoy"]


# ----------------------------------------------------------------------------- refusals


def _refusals(preset: str, names: list[str], seed: int) -> set[str]:
    """The engine's refusals, in the language in use, of illegal moves tried at every
    position of one random game: every action with cards of the player's hand or the deck."""
    from durak_nb.engine import Move

    game = Game.deal(preset, names, seed=seed)
    rng = random.Random(seed)
    full = list(game.all_cards())
    said: set[str] = set()
    while game.result is None:
        for _ in range(6):
            p = rng.randrange(len(names))
            pool = game.hands[p] if game.hands[p] and rng.random() < 0.8 else full
            cards = rng.sample(pool, min(rng.choice([1, 1, 2, 3]), len(pool)))
            targets = [c for c, cover in game.table if cover is None] or full
            for move in (
                Move.attack(p, cards),
                Move.throw(p, cards),
                Move.transfer(p, cards),
                Move.transfer(p, cards[:1], show=True),
                Move.defend(p, cards[0], rng.choice(targets)),
                Move.take(p),
                Move.pass_(p),
                Move.redeal(p),
            ):
                refusal = game.why_illegal(move)
                if refusal is not None:
                    said.add(str(refusal))
        game.play(rng.choice(game.legal_moves()))
    return said


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "prostoy", "english", "japanese"])
def test_refusals_read_as_a_native_teacher_writes(preset: str) -> None:
    """Illegal moves of every kind tried through whole games (2 to 4 players, 2 deals
    each) are refused in Russian that passes the native reader's checks; the option a
    refusal names keeps its code (``redeal_five_of_suit``)."""
    said: set[str] = set()
    with language("ru"):
        for n in (2, 3, 4):
            for seed in range(2):
                said |= _refusals(preset, ["Анна", "Борис", "Вера", "Глеб"][:n], seed)
    assert len(said) > 20
    found = [p for text in sorted(said) for p in problems(without_files(text), "ru")]
    assert found == []


def test_refusals_say_it_as_a_teacher_does() -> None:
    """«Вера уже спасовала» (was «Вера: уже был пас»), «у Анны есть пара» (was «Анна
    держит пару»), «того же достоинства, что и карты хода (7)» (was «…достоинства: 7»),
    «по этим правилам пересдачи нет» (was «пересдачу не играют»)."""
    from rulekit import refusal, setup

    from durak_nb.engine import Move

    with language("ru"):
        g = setup("podkidnoy", ["Анна", "Борис", "Вера"], {"Анна": "7S 7H", "Борис": "8S 9C", "Вера": "7D 7C"}, "Анна")
        g.play(Move.attack(0, "7S"))
        g.play(Move.pass_(0))
        g.play(Move.pass_(2))
        assert refusal(g, Move.throw(2, "7D")) == (
            "[R12] Вера уже спасовала: подкидывать снова можно, когда на стол ляжет ещё одна карта"
        )
        g = setup("english", ["Анна", "Борис"], {"Анна": "7S 7H 9C", "Борис": "8S 9D 8H"}, "Анна")
        assert refusal(g, Move.attack(0, "9C")) == (
            "[R9] в английском дураке заходят парой: у Анны есть пара, заходить нужно с неё"
        )
        g = setup("perevodnoy", ["Анна", "Борис", "Вера"], {"Анна": "7S 8S", "Борис": "7D 8H", "Вера": "7C"}, "Анна")
        g.play(Move.attack(0, "7S"))
        assert refusal(g, Move.transfer(1, "8H")) == (
            "[R17] переводят только картами того же достоинства, что и карты хода (7)"
        )
        g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S 7H", "Борис": "8S 9C"}, "Анна")
        assert (
            refusal(g, Move.redeal(0)) == "[R5] по этим правилам пересдачи нет (параметр redeal_five_of_suit выключен)"
        )


def test_english_says_the_defenders_name_not_them() -> None:
    """R13b names the defender («before Boris», «before you»), not «before them»."""
    from rulekit import refusal, setup

    from durak_nb.engine import Move

    g = setup("podkidnoy", ["Anna", "Boris"], {"Anna": "7S 7H 7D", "Boris": "8S 9C"}, "Anna")
    assert refusal(g, Move.attack(0, "7S 7H 7D")) == (
        "[R13b] Boris holds 2 cards; no more than that may lie uncovered before Boris"
    )
    g = setup("podkidnoy", ["Anna", "You"], {"Anna": "7S 7H 7D", "You": "8S 9C"}, "Anna")
    assert refusal(g, Move.attack(0, "7S 7H 7D")) == (
        "[R13b] You hold 2 cards; no more than that may lie uncovered before you"
    )


def test_a_lone_pass_the_lead_prompt_names_the_move_once() -> None:
    """«Ваш ход: пропустите его» (was «Ваш ход: пропустите ход»)."""
    from rulekit import setup

    from durak_nb.views.play import prompt_text

    with language("ru"):
        g = setup("english", ["Анна", "Борис", "Вера"], {"Анна": "7S 9C", "Борис": "8S 9D", "Вера": "6S 6H"}, "Анна")
        assert prompt_text(g, g.legal_moves(0)) == "Ваш ход: пропустите его"


# ----------------------------------------------------------------------------- the memo


def _course_words(lang: str) -> list[str]:
    """What a learner of ``lang`` reads in the drills (every kind, 12 seeds) and the practice
    bouts of every lesson played to their end (the first legal move each time)."""
    from durak_nb.lessons.practice import PRACTICE
    from durak_nb.views.practice import PracticeBout

    out: list[str] = []
    with language(lang):
        for kind in drills.KINDS:
            for seed in range(12):
                out += _drill_texts(drills.make(kind, seed))
        for number, bouts in sorted(PRACTICE.items()):
            for index in range(len(bouts)):
                bout = PracticeBout.lesson(number, index)
                for _step in range(60):
                    out += shown_texts(bout)
                    out += [bout.state.hint(), *bout.state.log]
                    legal = bout.state.legal
                    if not legal:
                        break
                    bout.state.attempt(legal[0])
                    bout.draw()
    return out


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_course_asks_no_dictionary_the_memo_answers_as_it_would(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22 (a site lesson interactive within 10 s) and issue 20 (grammar from the
    library): the memo ``grammar_memo.json`` is what the installed dictionaries say of the
    course's words (``python -m durak_nb.catalogues memo --check``), and the drills and the
    practice bouts of every lesson read word for word the same with the dictionary out of
    reach, so the site's Russian and Ukrainian lessons need not load it."""
    from durak_nb import catalogues, grammar

    assert catalogues.main(["memo", "--check"]) == 0
    grammar.person.cache_clear()
    grammar._player.cache_clear()
    grammar._memos.clear()
    monkeypatch.setattr(grammar, "_memos", {lang: {}})  # the dictionary's own answers
    with_dictionary = _course_words(lang)

    asked: list[str] = []

    def no_dictionary(lang: str) -> None:
        asked.append(lang)
        return None

    grammar.person.cache_clear()
    grammar._player.cache_clear()
    monkeypatch.setattr(grammar, "_memos", {})
    monkeypatch.setattr(grammar, "analyzer", no_dictionary)
    try:
        from_memo = _course_words(lang)
    finally:
        grammar.person.cache_clear()
        grammar._player.cache_clear()
    assert asked == []
    assert from_memo == with_dictionary
    assert any("Бориса" in text for text in from_memo)  # names declined, from the memo


def test_the_memo_is_not_used_with_another_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memo made by other dictionaries' versions than the installed ones is left aside:
    the installed dictionary answers."""
    from durak_nb import grammar

    monkeypatch.setattr(grammar, "_memos", {})
    real = grammar._installed_version
    monkeypatch.setattr(grammar, "_installed_version", lambda d: "0.0" if d == "pymorphy3-dicts-ru" else real(d))
    assert grammar._memo("ru") == {}
    monkeypatch.setattr(grammar, "_memos", {})
    monkeypatch.setattr(grammar, "_installed_version", lambda d: None)  # none installed: the site
    assert grammar._memo("uk")["persons"]["Віра"]["forms"]["gent"] == "Віри"
