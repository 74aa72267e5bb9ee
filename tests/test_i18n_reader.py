"""The readers speak Russian and Ukrainian (issue 11): every reading error a person can
cause, word for word, with its place (file:line:column) and rule id.

The notation itself stays language-neutral: card codes, keywords (take, pass, bito, show,
redeal, up) and header names are read and shown as written; only what is said about
them is translated.  A refusal of the engine is taken as the engine says it, in the
language in use (the engine part translates it), never translated again here.
"""

from __future__ import annotations

import pathlib

import pytest

from durak_nb import catalogues
from durak_nb.cards import Card, deck
from durak_nb.engine import Game, Move
from durak_nb.i18n import language
from durak_nb.record import io
from durak_nb.record.json_form import RecordingError
from durak_nb.record.jsonio import JSONProblem, decode
from durak_nb.record.lexer import where_in_tree, with_legal
from durak_nb.record.notation import read
from durak_nb.record.overboard import deal_problem
from durak_nb.rules import Rules
from durak_nb.unseen import PartialDeal

BASE = "[Players Anna Boris]\n[Seed 1]\n\n"
#: Boris leads the deal of seed 1; his moves, as the notation writes them.
BORIS_LEADS = "Boris 8D, Boris TH, Boris TD, Boris TH TD, Boris JD, Boris QC, Boris KD"
ANNA_ANSWERS = "Anna AH/8D, Anna AD/8D, Anna take, Boris pass"
OVER_THE_BOARD = "[Players Anna Boris]\n[Rules podkidnoy]\n[Dealer Boris]\n[TurnedUp 7H]\n"


def said(exc: RecordingError) -> str:
    """The place, rule and words of an error (the ``error:`` word is the record part's)."""
    tag = f"[{exc.rule}] " if exc.rule else ""
    return f"{exc.file}:{exc.line}:{exc.column}: {tag}{exc.message}"


def refused(text: str, lang: str) -> str:
    with language(lang), pytest.raises(RecordingError) as info:
        read(text, file="game.durak")
    return said(info.value)


# ----------------------------------------------------------------------------- the notation

NOTATION = {
    "bad card code": (
        BASE + "1. Boris 8X",
        {
            "en": "game.durak:4:10: [R1] '8X' is not a card: a rank 2-9, T (or 10), J, Q, K, A, then a suit"
            f" S, H, D, C (or ♠ ♥ ♦ ♣); legal moves: {BORIS_LEADS}",
            "ru": "game.durak:4:10: [R1] '8X' — не карта: сначала достоинство 2–9, T (или 10), J, Q, K, A, затем"
            f" масть S, H, D, C (или ♠ ♥ ♦ ♣); допустимые ходы: {BORIS_LEADS}",
            "uk": "game.durak:4:10: [R1] '8X' — не карта: спершу ранг 2–9, T (або 10), J, Q, K, A, потім масть"
            f" S, H, D, C (або ♠ ♥ ♦ ♣); дозволені ходи: {BORIS_LEADS}",
        },
    ),
    "unknown word for a player": (
        BASE + "1. Boris 8D Frodo take",
        {
            "en": f"game.durak:4:13: 'Frodo' is not a player: the players are Anna, Boris; legal moves: {ANNA_ANSWERS}",
            "ru": f"game.durak:4:13: 'Frodo' — не игрок: играют Anna, Boris; допустимые ходы: {ANNA_ANSWERS}",
            "uk": f"game.durak:4:13: 'Frodo' — не гравець: грають Anna, Boris; дозволені ходи: {ANNA_ANSWERS}",
        },
    ),
    "unknown word for a move": (
        BASE + "1. Boris 8D Anna frobnicate",
        {
            "en": "game.durak:4:18: what does Anna do? write cards to attack (Anna 7S), +cards to throw in"
            " (Anna +7S), card/target to cover (Anna 9S/7S), >cards to transfer, show card, take or pass;"
            f" legal moves: {ANNA_ANSWERS}",
            "ru": "game.durak:4:18: что делает Anna? Напишите карты, чтобы зайти (Anna 7S), +карты, чтобы"
            " подкинуть (Anna +7S), карта/покрываемая карта, чтобы покрыть (Anna 9S/7S), >карты, чтобы"
            f" перевести, show карта, take или pass; допустимые ходы: {ANNA_ANSWERS}",
            "uk": "game.durak:4:18: що робить Anna? Напишіть карти, щоб зайти (Anna 7S), +карти, щоб підкинути"
            " (Anna +7S), карта/карта, яку покривають, щоб покрити (Anna 9S/7S), >карти, щоб перевести,"
            f" show карта, take або pass; дозволені ходи: {ANNA_ANSWERS}",
        },
    ),
    "a keyword without its player": (
        BASE + "take",
        {
            "en": "game.durak:4:1: take: whose move? write the player's name first, e.g. 'Anna take';"
            f" legal moves: {BORIS_LEADS}",
            "ru": "game.durak:4:1: take: чей это ход? Сначала напишите имя игрока, например 'Anna take';"
            f" допустимые ходы: {BORIS_LEADS}",
            "uk": "game.durak:4:1: take: чий це хід? Спершу напишіть ім'я гравця, наприклад 'Anna take';"
            f" дозволені ходи: {BORIS_LEADS}",
        },
    ),
    "a bout number inside a bout": (
        BASE + "1. Boris 8D\n1. Anna 9D",
        {
            "en": "game.durak:5:1: bout 1 is not over here, so no new bout begins: write '1...' to recall the"
            f" bout within it; legal moves: {ANNA_ANSWERS}",
            "ru": "game.durak:5:1: кон 1 здесь не закончен, и новый кон не начинается: чтобы напомнить номер"
            f" внутри кона, напишите '1...'; допустимые ходы: {ANNA_ANSWERS}",
            "uk": "game.durak:5:1: кон 1 тут не закінчено, і новий кон не починається: щоб нагадати номер"
            f" усередині кону, напишіть '1...'; дозволені ходи: {ANNA_ANSWERS}",
        },
    ),
    "an unclosed comment": (
        BASE + "1. Boris 8D {lead",
        {
            "en": "game.durak:4:13: this comment is not closed: a '}' is missing",
            "ru": "game.durak:4:13: комментарий не закрыт: не хватает '}'",
            "uk": "game.durak:4:13: коментар не закрито: бракує '}'",
        },
    ),
    "a header not closed": (
        "[Players Anna Boris\n[Seed 1]\n\n1. Boris 8D",
        {
            "en": "game.durak:1:1: a header is written [Name value] on a line of its own, ending with ']'",
            "ru": "game.durak:1:1: заголовок пишут на отдельной строке так: [Название значение], в конце ']'",
            "uk": "game.durak:1:1: заголовок пишуть на окремому рядку так: [Назва значення], наприкінці ']'",
        },
    ),
    "a bad header value": (
        "[Players Anna Boris]\n[Seed one]\n\n1. Boris 8D",
        {
            "en": "game.durak:2:7: [Seed n]: a whole number, not 'one'",
            "ru": "game.durak:2:7: [Seed n]: нужно целое число, а не 'one'",
            "uk": "game.durak:2:7: [Seed n]: потрібне ціле число, а не 'one'",
        },
    ),
    "a header given twice": (
        "[Players Anna Boris]\n[Seed 1]\n[Seed 2]\n\n1. Boris 8D",
        {
            "en": "game.durak:3:1: the header Seed is given twice",
            "ru": "game.durak:3:1: заголовок Seed указан дважды",
            "uk": "game.durak:3:1: заголовок Seed вказано двічі",
        },
    ),
    "a result naming someone who does not play": (
        "[Players Anna Boris]\n[Seed 1]\n[Result durak Vera]\n\n1. Boris 8D",
        {
            "en": "game.durak:3:15: [R25] 'Vera' is not a player",
            "ru": "game.durak:3:15: [R25] 'Vera' — не игрок",
            "uk": "game.durak:3:15: [R25] 'Vera' — не гравець",
        },
    ),
    "an unknown preset": (
        "[Players Anna Boris]\n[Rules podkidnoi]\n[Seed 1]\n\n1. Boris 8D",
        {
            "en": "game.durak:2:8: unknown preset 'podkidnoi': use one of"
            " podkidnoy, perevodnoy, prostoy, english, japanese",
            "ru": "game.durak:2:8: неизвестный набор правил 'podkidnoi': выберите один из"
            " podkidnoy, perevodnoy, prostoy, english, japanese",
            "uk": "game.durak:2:8: невідомий набір правил 'podkidnoi': виберіть один із"
            " podkidnoy, perevodnoy, prostoy, english, japanese",
        },
    ),
    "a duplicate key in a header's JSON value": (
        '[Players Anna Boris]\n[Seed 1]\n[note {"a": 1, "a": 2}]\n\n1. Boris 8D',
        {
            "en": "game.durak:3:16: meta 'note': bad JSON value: the member 'a' appears twice in one object",
            "ru": "game.durak:3:16: meta 'note': неверное значение JSON: ключ 'a' встречается в одном объекте дважды",
            "uk": "game.durak:3:16: meta 'note': неправильне значення JSON:"
            " ключ 'a' трапляється в одному об'єкті двічі",
        },
    ),
    "a shown card that is not a trump (over the board)": (
        OVER_THE_BOARD + "[Shown Anna 6S]\n\n1. Anna 6S",
        {
            "en": "game.durak:5:1: [R4] [Shown Anna …]: 6♠ is not a trump: the trump suit is ♥ (the turned-up 7♥)",
            "ru": "game.durak:5:1: [R4] [Shown Anna …]: 6♠ — не козырь: козыри ♥ (открыт 7♥)",
            "uk": "game.durak:5:1: [R4] [Shown Anna …]: 6♠ — не козир: козирі ♥ (відкрито 7♥)",
        },
    ),
    "a starting hand too short (over the board)": (
        OVER_THE_BOARD + "[Dealt Anna 6H 7S 8S]\n\n1. Anna 6H",
        {
            "en": "game.durak:5:1: [R3] [Dealt Anna …]: 3 cards; a starting hand has 6",
            "ru": "game.durak:5:1: [R3] [Dealt Anna …]: 3 карты, а в начальной руке их 6",
            "uk": "game.durak:5:1: [R3] [Dealt Anna …]: 3 карти, а в початковій руці їх 6",
        },
    ),
    "a card in two hands (over the board)": (
        OVER_THE_BOARD + "[Dealt Anna 6H 7S 8S 9S TS JS]\n[Dealt Boris 6H 7C 8C 9C TC JC]\n\n1. Anna 6H",
        {
            "en": "game.durak:6:1: [R1] [Dealt Boris …]: 6♥ is already in Anna's starting hand",
            "ru": "game.durak:6:1: [R1] [Dealt Boris …]: 6♥ уже в начальной руке игрока Anna",
            "uk": "game.durak:6:1: [R1] [Dealt Boris …]: 6♥ уже в початковій руці гравця Anna",
        },
    ),
}


@pytest.mark.parametrize("case", list(NOTATION))
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_notation_errors_word_for_word(case: str, lang: str) -> None:
    text, want = NOTATION[case]
    assert refused(text, lang) == want[lang]


def test_the_keywords_and_codes_stay_as_written() -> None:
    """What is read is not translated: the keywords, card codes and header names in the
    messages are the notation's own, in every language."""
    for lang in ("ru", "uk"):
        got = refused(BASE + "1. Boris 8D Anna frobnicate", lang)
        for word in ("show", "take", "pass", "Anna 9S/7S", "Anna +7S", "Anna AD/8D"):
            assert word in got
        assert "[Seed n]" in refused("[Players Anna Boris]\n[Seed one]\n\n1. Boris 8D", lang)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_an_engine_refusal_is_taken_as_the_engine_says_it(lang: str) -> None:
    """The reader names the move's place in its own words and takes the engine's refusal
    as a field (translated by the engine, in the language in use)."""
    with language(lang):
        refusal = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1).why_illegal(Move.attack(0, "8D"))
        assert refusal is not None and refusal.rule == "R9"
        place = {
            "en": "move 1 in variation 1 of move 1",  # moves as people count (issue 22)
            "ru": "ход 1 в варианте 1 хода 1",
            "uk": "хід 1 у варіанті 1 ходу 1",
        }[lang]
        legal = {"en": "legal moves", "ru": "допустимые ходы", "uk": "дозволені ходи"}[lang]
        got = refused(BASE + "1. Boris 8D (1. Anna 8D)", lang)
        assert got == f"game.durak:4:17: [R9] {place} (Anna 8D): {refusal.message}; {legal}: {BORIS_LEADS}"


def test_places_in_words() -> None:
    with language("ru"):
        # indices 0-based, words as people count (issue 22): index 3 is move 4
        assert where_in_tree(3, ()) == "ход 4"
        assert where_in_tree(1, ((5, 2), (7, 1))) == "ход 2 в варианте 1 хода 8 в варианте 2 хода 6"
        assert with_legal("плохо", []) == "плохо; здесь нет ни одного допустимого хода (партия окончена)"
        many = [f"move{i}" for i in range(72)]
        assert with_legal("плохо", many) == f"плохо; допустимые ходы: {', '.join(many[:60])} и ещё 12"
    with language("uk"):
        assert where_in_tree(1, ((5, 2),)) == "хід 2 у варіанті 2 ходу 6"
        assert with_legal("погано", ["Anna pass"]) == "погано; дозволені ходи: Anna pass"


# ----------------------------------------------------------------------------- over the board, plural forms


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", ["1 card", "2 cards", "5 cards", "11 cards", "21 cards"]),
        ("ru", ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта"]),
        ("uk", ["1 карта", "2 карти", "5 карт", "11 карт", "21 карта"]),
    ],
)
def test_a_starting_hand_of_the_wrong_size_counts_its_cards(lang: str, forms: list[str]) -> None:
    rules = Rules.make("podkidnoy")
    up = Card.parse("7H")
    cards = [c for c in deck(36) if c != up]
    tail = {"en": "; a starting hand has 6", "ru": ", а в начальной руке их 6", "uk": ", а в початковій руці їх 6"}
    with language(lang):
        for n, form in zip((1, 2, 5, 11, 21), forms, strict=True):
            deal = PartialDeal(dealer=1, turned_up=up, hands=((0, tuple(cards[:n])),))
            problem = deal_problem(rules, ["Anna", "Boris"], deal, [])
            assert problem is not None and problem.rule == "R3" and problem.member == ("hands", 0)
            assert problem.message == form + tail[lang]


# ----------------------------------------------------------------------------- JSON


def _document() -> str:
    from durak_nb.record import Deal, Recording

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    return Recording(g.rules, g.players, deal=Deal(1, g.deck_order)).dumps()


JSON_FILES = {
    "a duplicate key in a match": (
        "dup.json",
        lambda doc: '[{"format": "durak-nb/1", "format": "x"}]',
        {
            "en": "1:27: a match: bad JSON value: the member 'format' appears twice in one object",
            "ru": "1:27: матч: неверное значение JSON: ключ 'format' встречается в одном объекте дважды",
            "uk": "1:27: матч: неправильне значення JSON: ключ 'format' трапляється в одному об'єкті двічі",
        },
    ),
    "a truncated match": (
        "cut.json",
        lambda doc: "[" + doc + ',\n  {"format": "durak-nb/1"',
        {
            "en": "LAST:26: a match: bad JSON value: Expecting ',' delimiter",
            "ru": "LAST:26: матч: неверное значение JSON: здесь должна быть запятая ','",
            "uk": "LAST:26: матч: неправильне значення JSON: тут має бути кома ','",
        },
    ),
    "a match cut inside a string": (
        "cut2.json",
        lambda doc: "[" + doc[:40],
        {
            "en": "3:12: a match: bad JSON value: Unterminated string starting at",
            "ru": "3:12: матч: неверное значение JSON: текст в кавычках не закрыт: не хватает '\"'",
            "uk": "3:12: матч: неправильне значення JSON: текст у лапках не закрито: бракує '\"'",
        },
    ),
    "an empty journal of games": (
        "games.jsonl",
        lambda doc: "\n\n",
        {
            "en": "1:1: no game: a .jsonl file holds one durak-nb/1 document per line",
            "ru": "1:1: нет ни одной партии: в файле .jsonl по одному документу durak-nb/1 на строку",
            "uk": "1:1: немає жодної партії: у файлі .jsonl по одному документу durak-nb/1 на рядок",
        },
    ),
}


@pytest.mark.parametrize("case", list(JSON_FILES))
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_json_file_errors_word_for_word(case: str, lang: str, tmp_path: pathlib.Path) -> None:
    name, make, want = JSON_FILES[case]
    path = tmp_path / name
    text = make(_document())
    path.write_text(text, encoding="utf-8")
    want = {k: v.replace("LAST", str(text.count("\n") + 1)) for k, v in want.items()}  # the file's last line
    with language(lang), pytest.raises(RecordingError) as info:
        io.load_games(path)
    assert said(info.value) == f"{path}:{want[lang]}"


@pytest.mark.parametrize(
    ("text", "index", "words"),
    [
        (
            '{"a": 1, "a": 2}',
            9,
            ("ключ 'a' встречается в одном объекте дважды", "ключ 'a' трапляється в одному об'єкті двічі"),
        ),
        ("[1e400]", 1, ("1e400 — не конечное число", "1e400 — не скінченне число")),
        ("[NaN]", 1, ("NaN — не число JSON", "NaN — не число JSON")),
        ("[1, 2", 5, ("здесь должна быть запятая ','", "тут має бути кома ','")),
        ("[1] 2", 4, ("лишний текст после значения JSON", "зайвий текст після значення JSON")),
        ('{"a" 1}', 5, ("здесь должно быть двоеточие ':'", "тут має бути двокрапка ':'")),
        (
            "[[[1]]]",
            2,
            ("массивы и объекты вложены глубже 2 уровней", "масиви й об'єкти вкладені глибше ніж на 2 рівнів"),
        ),
    ],
)
def test_strict_json_decoding_in_each_language(text: str, index: int, words: tuple[str, str]) -> None:
    for lang, want in zip(("ru", "uk"), words, strict=True):
        with language(lang), pytest.raises(JSONProblem) as info:
            decode(text, max_depth=2)
        assert (info.value.message, info.value.index) == (want, index)


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("en", "the file holds 2 games (a match): read it with load_games"),
        ("ru", "в файле 2 партии (матч): читайте его через load_games"),
        ("uk", "у файлі 2 партії (матч): читайте його через load_games"),
    ],
)
def test_a_match_read_as_one_game(lang: str, want: str, tmp_path: pathlib.Path) -> None:
    doc = _document()
    path = tmp_path / "two.json"
    path.write_text(f"[{doc},{doc}]", encoding="utf-8")
    with language(lang), pytest.raises(RecordingError) as info:
        io.load(path)
    assert info.value.message == want
    with language(lang):
        names = [r.file for r in io.validate_path(path)]
    game = {"en": "game", "ru": "партия", "uk": "партія"}[lang]
    of = {"en": "of", "ru": "из", "uk": "з"}[lang]
    assert names == [f"{path} ({game} {n} {of} 2)" for n in (1, 2)]


# ----------------------------------------------------------------------------- the catalogue


def test_the_reader_catalogue_is_complete() -> None:
    assert catalogues.check(["reader"]) == []
