"""Issue 11, the engine part: the engine's words in Russian and Ukrainian, word for word.

Refusals keep their rule ids (``[R13b] …``); moves are said in the present tense, the
name first (docs/glossary.md); cards read with the letters В Д К Т; numbers of cards take
the plural form of the language (``count_cards``); English stays as it was.
"""

from __future__ import annotations

import pytest
from rulekit import refusal, setup

from durak_nb import catalogues
from durak_nb.cards import Card, Rank, Suit, card_text, cards_text, count_cards, parse_cards, rank_name, suit_name
from durak_nb.engine import Bito, Drew, GameOver, LeadPassed, Move, Out, Redealt, Result, Took
from durak_nb.i18n import language
from durak_nb.rules import Rules, RulesError, option_text, preset_text, rule_text

RU = ["Анна", "Борис", "Вера"]
UK = ["Анна", "Борис", "Віра"]


def test_the_engine_catalogues_are_complete() -> None:
    assert catalogues.check(["engine"]) == []


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("en", "J♠ Q♥ K♦ A♣ 10♠ 7♥"),
        ("ru", "В♠ Д♥ К♦ Т♣ 10♠ 7♥"),
        ("uk", "В♠ Д♥ К♦ Т♣ 10♠ 7♥"),
    ],
)
def test_card_text_letters_in_each_language(lang: str, want: str) -> None:
    cards = parse_cards("JS QH KD AC TS 7H")
    with language(lang):
        assert cards_text(cards) == want
        assert [card_text(c) for c in cards] == want.split()
        assert Card.parse("QS").pretty == want.split()[1][0] + "♠"
    assert card_text(Card.parse("QS")) == "Q♠"  # back in English after the block
    assert str(Card.parse("QS")) == "QS"  # the code never changes


def test_rank_names() -> None:
    ranks = [Rank(r) for r in range(6, 15)]
    assert [rank_name(r) for r in ranks] == ["six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
    with language("ru"):
        assert [rank_name(r) for r in ranks] == [
            "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз"
        ]  # fmt: skip
    with language("uk"):
        assert [rank_name(r) for r in ranks] == [
            "шістка", "сімка", "вісімка", "дев'ятка", "десятка", "валет", "дама", "король", "туз"
        ]  # fmt: skip


def test_suit_names() -> None:
    assert [suit_name(s) for s in Suit] == ["spades", "hearts", "diamonds", "clubs"]
    with language("ru"):
        assert [suit_name(s) for s in Suit] == ["пики", "червы", "бубны", "трефы"]
    with language("uk"):
        assert [suit_name(s) for s in Suit] == ["піки", "чирви", "бубни", "трефи"]


_RU_FORMS = {1: "карта", 2: "карты", 5: "карт"}
_UK_FORMS = {1: "карта", 2: "карти", 5: "карт"}
#: the form of each number 0..25 and 101: 1 (карта), 2 (карты/карти) or 5 (карт)
_FORM = {
    0: 5, 1: 1, 2: 2, 3: 2, 4: 2, 5: 5, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5,
    11: 5, 12: 5, 13: 5, 14: 5, 15: 5, 16: 5, 17: 5, 18: 5, 19: 5, 20: 5,
    21: 1, 22: 2, 23: 2, 24: 2, 25: 5, 101: 1,
}  # fmt: skip


def test_count_cards_0_to_25_and_101() -> None:
    numbers = [*range(26), 101]
    assert [count_cards(n) for n in numbers] == [f"{n} card" if n == 1 else f"{n} cards" for n in numbers]
    with language("ru"):
        got_ru = [count_cards(n) for n in numbers]
    with language("uk"):
        got_uk = [count_cards(n) for n in numbers]
    assert got_ru == [f"{n} {_RU_FORMS[_FORM[n]]}" for n in numbers]
    assert got_uk == [f"{n} {_UK_FORMS[_FORM[n]]}" for n in numbers]
    assert got_ru[:6] == ["0 карт", "1 карта", "2 карты", "3 карты", "4 карты", "5 карт"]
    assert got_ru[11:13] + got_ru[21:23] + got_ru[-1:] == ["11 карт", "12 карт", "21 карта", "22 карты", "101 карта"]
    assert got_uk[:6] == ["0 карт", "1 карта", "2 карти", "3 карти", "4 карти", "5 карт"]
    assert got_uk[11:13] + got_uk[21:23] + got_uk[-1:] == ["11 карт", "12 карт", "21 карта", "22 карти", "101 карта"]


# ----------------------------------------------------------------------------- moves and events


def _moves() -> list[Move]:
    return [
        Move.attack(0, "7H"),
        Move.attack(0, "7H 7S"),
        Move.defend(1, "9H", "7H"),
        Move.throw(2, "7D"),
        Move.take(1),
        Move.transfer(1, "7C"),
        Move.transfer(1, "QD", show=True),
        Move.pass_(2),
        Move.redeal(0),
    ]


def test_each_move_in_words() -> None:
    assert [m.describe(["Anna", "Boris", "Vera"]) for m in _moves()] == [
        "Anna attacks 7♥",
        "Anna attacks 7♠ 7♥",
        "Boris covers 7♥ with 9♥",
        "Vera throws in 7♦",
        "Boris takes",
        "Boris transfers 7♣",
        "Boris transfers by showing Q♦",
        "Vera passes",
        "Anna claims a redeal",
    ]
    with language("ru"):
        assert [m.describe(RU) for m in _moves()] == [
            "Анна ходит 7♥",
            "Анна ходит 7♠ 7♥",
            "Борис бьёт 7♥ картой 9♥",
            "Вера подкидывает 7♦",
            "Борис берёт",
            "Борис переводит 7♣",
            "Борис переводит, показав Д♦ («проездной»)",
            "Вера пасует",
            "Анна требует пересдачи",
        ]
    with language("uk"):
        assert [m.describe(UK) for m in _moves()] == [
            "Анна ходить 7♥",
            "Анна ходить 7♠ 7♥",
            "Борис б'є 7♥ картою 9♥",
            "Віра підкидає 7♦",
            "Борис бере",
            "Борис переводить 7♣",
            "Борис переводить, показавши Д♦ («проїзний»)",
            "Віра пасує",
            "Анна вимагає перездачі",
        ]


def _events() -> list[object]:
    c = tuple(parse_cards("7H 9H"))
    return [
        Took(1, c),
        Bito(c),
        Drew(0, c),
        Out(2),
        LeadPassed(0, 1),
        Redealt(0),
        GameOver(Result(1, False, False, (0, 2), None, "R25")),
        GameOver(Result(1, False, True, (0, 2), None, "R26")),
        GameOver(Result(None, True, False, (0, 1), None, "R25")),
        GameOver(Result(None, True, False, (0,), None, "R27")),
        GameOver(Result(None, False, False, (0,), (1, 3), "R22")),
    ]


def test_each_event_in_words() -> None:
    four_ru, four_uk = [*RU, "Глеб"], [*UK, "Гліб"]
    with language("ru"):
        assert [e.describe(four_ru) for e in _events()] == [  # type: ignore[attr-defined]
            "Борис забирает 7♥ 9♥ (R14)",
            "бито: 7♥ 9♥ уходят в отбой (R15)",
            "Анна добирает 7♥ 9♥ (R16)",
            "Вера выходит из игры (R24)",
            "Анна пропускает ход, теперь ходит Борис (R9)",
            "Анна показывает пять карт одной масти: пересдача (R5)",
            "игра окончена: Борис — дурак",
            "игра окончена: Борис — дурак с погонами (R26)",
            "игра окончена: ничья (R25)",
            "игра окончена: ничья из-за повторения позиции (R27)",
            "игра окончена: в дураках остаются Борис и Глеб (R22)",
        ]
    with language("uk"):
        assert [e.describe(four_uk) for e in _events()] == [  # type: ignore[attr-defined]
            "Борис забирає 7♥ 9♥ (R14)",
            "біто: 7♥ 9♥ ідуть у відбій (R15)",
            "Анна добирає 7♥ 9♥ (R16)",
            "Віра вибуває з гри (R24)",
            "Анна пропускає хід, тепер ходить Борис (R9)",
            "Анна показує п'ять карт однієї масті: перездача (R5)",
            "гру закінчено: Борис — дурень",
            "гру закінчено: Борис — дурень з погонами (R26)",
            "гру закінчено: нічия (R25)",
            "гру закінчено: нічия: позиція повторилася (R27)",
            "гру закінчено: у дурнях залишаються Борис і Гліб (R22)",
        ]


# ----------------------------------------------------------------------------- refusals


def test_R6_and_R7_beating_refusals() -> None:
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S 7H", "Борис": "9C 6D AS"}, "Анна", trump="D")
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.defend(1, "9C", "7S")) == (
        "[R6] 9♣ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♦)"
    )
    with language("ru"):
        assert refusal(g, Move.defend(1, "9C", "7S")) == (
            "[R6] 9♣ не бьёт 7♠: карту бьют старшей картой той же масти или козырем (♦)"
        )
    with language("uk"):
        assert refusal(g, Move.defend(1, "9C", "7S")) == (
            "[R6] 9♣ не б'є 7♠: карту б'ють старшою картою тієї ж масті або козирем (♦)"
        )
    # R7 off: the trump six does not beat the trump ace
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "AD 7H", "Борис": "6D 9C"}, "Анна", trump="D")
    g.play(Move.attack(0, "AD"))
    with language("ru"):
        assert refusal(g, Move.defend(1, "6D", "AD")) == (
            "[R6] 6♦ не бьёт Т♦: карту бьют старшей картой той же масти или козырем (♦)"
        )
    with language("uk"):
        assert refusal(g, Move.defend(1, "6D", "AD")) == (
            "[R6] 6♦ не б'є Т♦: карту б'ють старшою картою тієї ж масті або козирем (♦)"
        )
    # japanese durak: spades only by higher spades (R8)
    g = setup("japanese", ["Анна", "Борис"], {"Анна": "7S 7H", "Борис": "9D 6S"}, "Анна", trump="D")
    g.play(Move.attack(0, "7S"))
    with language("ru"):
        assert refusal(g, Move.defend(1, "9D", "7S")) == (
            "[R8] 9♦ не бьёт 7♠: карту бьют старшей картой той же масти или козырем (♦); "
            "пики бьют только старшими пиками"
        )


def test_R13b_limit_refusals() -> None:
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S 7H 7D", "Борис": "8S 9C"}, "Анна")
    assert refusal(g, Move.attack(0, "7S 7H 7D")) == (
        "[R13b] Борис holds 2 cards; no more than that may lie uncovered before Борис"
    )
    with language("ru"):
        assert refusal(g, Move.attack(0, "7S 7H 7D")) == (
            "[R13b] у Бориса, который отбивается, на руках 2 карты: больше неотбитых карт перед ним лежать не может"
        )
    with language("uk"):
        assert refusal(g, Move.attack(0, "7S 7H 7D")) == (
            "[R13b] у Бориса, який відбивається, на руках 2 карти: більше невідбитих карт перед ним лежати не може"
        )
    g.play(Move.attack(0, "7S"))
    with language("ru"):
        assert refusal(g, Move.throw(0, "7H 7D")) == (
            "[R13b] у Бориса, который отбивается, на руках 2 карты: больше неотбитых карт перед ним лежать не может, "
            "так что подкинуть можно ещё только 1 карту"
        )
    with language("uk"):
        assert refusal(g, Move.throw(0, "7H 7D")) == (
            "[R13b] у Бориса, який відбивається, на руках 2 карти: "
            "більше невідбитих карт перед ним лежати не може, тож підкинути можна ще тільки 1 карту"
        )


@pytest.mark.parametrize(
    ("lang", "defender", "said"),
    [
        (
            "ru",
            "Анна",
            "[R13b] у Анны, которая отбивается, на руках 2 карты: больше неотбитых карт перед ней лежать не может",
        ),
        (
            "uk",
            "Віра",
            "[R13b] у Віри, яка відбивається, на руках 2 карти: більше невідбитих карт перед нею лежати не може",
        ),
        (
            "ru",
            "Xyz",
            "[R13b] у игрока Xyz, который отбивается, на руках 2 карты: "
            "больше неотбитых карт перед ним лежать не может",
        ),
        (
            "uk",
            "Xyz",
            "[R13b] у гравця Xyz, який відбивається, на руках 2 карти: більше невідбитих карт перед ним лежати не може",
        ),
    ],
)
def test_R13b_refusal_declines_the_defender_and_agrees_with_her(lang: str, defender: str, said: str) -> None:
    """The defender's name is in the genitive after «у», and the pronouns agree with the
    player (before: «у отбивающегося (Анна) ... перед ним»)."""
    g = setup("podkidnoy", ["Борис", defender], {"Борис": "7S 7H 7D", defender: "8S 9C"}, "Борис")
    with language(lang):
        assert refusal(g, Move.attack(0, "7S 7H 7D")) == said


def test_R14_refusal_after_take() -> None:
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S 7H", "Борис": "8S 9C"}, "Анна")
    g.play(Move.attack(0, "7S"))
    g.play(Move.take(1))
    assert refusal(g, Move.defend(1, "8S", "7S")) == "[R14] Борис has declared take and may only wait for throw-ins"
    with language("ru"):
        assert refusal(g, Move.defend(1, "8S", "7S")) == (
            "[R14] Борис уже берёт: остаётся только ждать, что подкинут вдогонку"
        )
    with language("uk"):
        assert refusal(g, Move.defend(1, "8S", "7S")) == (
            "[R14] Борис уже бере: лишається тільки чекати, що підкинуть навздогін"
        )


def test_R19_and_R20_transfer_refusals() -> None:
    names = ["Анна", "Борис", "Вера"]
    hands = {"Анна": "7S 8S", "Борис": "7D 8H", "Вера": "7C 8C"}
    g = setup("perevodnoy", names, hands, "Анна", bout=1, first_bito_done=False)
    g.play(Move.attack(0, "7S"))
    with language("ru"):
        assert refusal(g, Move.transfer(1, "7D")) == "[R19] первый кон переводить нельзя"
    with language("uk"):
        assert refusal(g, Move.transfer(1, "7D")) == "[R19] перший кон переводити не можна"
    g = setup("perevodnoy", names, hands, "Анна")
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.transfer(1, "7D", show=True)) == (
        "[R20] shown-trump transfers (проездной) are off in these rules"
    )
    with language("ru"):
        assert refusal(g, Move.transfer(1, "7D", show=True)) == (
            "[R20] по этим правилам «проездной» (перевод показом козыря) не играют"
        )
    with language("uk"):
        assert refusal(g, Move.transfer(1, "7D", show=True)) == (
            "[R20] за цими правилами «проїзний» (переведення показом козиря) не грають"
        )
    r = Rules.make("perevodnoy", show_trump_transfer=True)
    g = setup(r, ["Анна", "Борис"], {"Анна": "7S 7H 8S", "Борис": "7D 8H 9H"}, "Анна")
    g.play(Move.attack(0, "7S"))
    g.play(Move.transfer(1, "7D", show=True))
    g.play(Move.transfer(0, "7H"))
    with language("ru"):
        assert refusal(g, Move.transfer(1, "7D", show=True)) == (
            "[R20] Борис: в этом кону козырь уже показан, теперь карту нужно положить на стол"
        )
    with language("uk"):
        assert refusal(g, Move.transfer(1, "7D", show=True)) == (
            "[R20] Борис: у цьому кону козир уже показано, тепер карту треба покласти на стіл"
        )


def test_R17_refusal_names_the_preset_in_its_case() -> None:
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S", "Борис": "7D 8H"}, "Анна")
    g.play(Move.attack(0, "7S"))
    assert refusal(g, Move.transfer(1, "7D")) == "[R17] no transfers in podkidnoy: transfers are played in perevodnoy"
    with language("ru"):
        assert refusal(g, Move.transfer(1, "7D")) == "[R17] в подкидном дураке не переводят: переводят в переводном"
    with language("uk"):
        assert refusal(g, Move.transfer(1, "7D")) == (
            "[R17] у підкидному дурні не переводять: переводять у переказному"
        )


def test_R12_refusal_and_rules_errors() -> None:
    g = setup("podkidnoy", ["Анна", "Борис", "Вера"], {"Анна": "7S 7H", "Борис": "8S 9C", "Вера": "7D"}, "Анна")
    g.play(Move.attack(0, "7S"))
    with language("ru"):
        assert refusal(g, Move.throw(2, "7D")) == (
            "[R12] сначала подкидывает ходящий (Анна): Вера ждёт, пока Анна не спасует"
        )
        with pytest.raises(RulesError) as err:
            Rules.make("podkidnoy", deck_size=40)
        assert str(err.value) == "[R1] параметр deck_size: в колоде 24, 36 или 52 карты, а не 40"
    with language("uk"):
        with pytest.raises(RulesError) as err:
            Rules.make("podkidnoy").check_players(7)
        assert str(err.value) == "[R2] 7 гравців: у колоді 36 карт, роздають по 6, тому грають від 2 до 6 гравців"


def test_rule_preset_and_option_texts() -> None:
    assert rule_text("R13b") == "Limits: six cards, never more than the defender holds, five before the first bito."
    with language("ru"):
        assert rule_text("R19") == "Первый кон переводить нельзя."
        assert preset_text("podkidnoy") == "подкидной дурак"
        assert option_text("trump_six_beats_ace") == "козырная шестёрка бьёт козырного туза (R7)"
    with language("uk"):
        assert rule_text("R19") == "Перший кон переводити не можна."
        assert preset_text("perevodnoy") == "переказний дурень"
        assert option_text("teams") == "команди партнерів, наприклад [[0, 2], [1, 3]] (R22)"


def test_the_package_chooses_the_language() -> None:
    import durak_nb

    durak_nb.set_language("uk")
    assert durak_nb.get_language() == "uk"
    try:
        assert durak_nb.get_language() == "uk"
        assert durak_nb.count_cards(3) == "3 карти"
        assert durak_nb.Move.take(1).describe(UK) == "Борис бере"
    finally:
        durak_nb.set_language("en")
    with durak_nb.language("ru"):
        assert durak_nb.cards_text(parse_cards("AS 10H")) == "Т♠ 10♥"


def test_implied_passes_refusal_names_the_readings() -> None:
    from test_implied import TwoWays

    from durak_nb.implied import ImpliedPassesError, implied_passes, passes_to_end

    with language("ru"), pytest.raises(ImpliedPassesError) as info:
        implied_passes(TwoWays(), Move.throw(3, "7C"))
    assert str(info.value) == (
        "[R12] ходу «Gleb подкидывает 7♣» могли предшествовать разные пасы: пас (Boris) или пас (Vera); "
        "запишите, какие пасы были"
    )
    g = setup("podkidnoy", ["Анна", "Борис"], {"Анна": "7S 7H", "Борис": "8S 9C"}, "Анна")
    g.play(Move.attack(0, "7S"))
    with language("uk"), pytest.raises(ImpliedPassesError) as info:
        passes_to_end(g, "bito")
    assert str(info.value) == (
        "[R15] «біто» поки сказати не можна: усі карти мають бути побиті, а всі, хто підкидає, — спасувати"
    )


def test_unseen_draws_in_words() -> None:
    from durak_nb.unseen import UnseenDrew

    seen = tuple(parse_cards("7H"))
    draws = [UnseenDrew(0, (), 1), UnseenDrew(0, (), 5), UnseenDrew(0, seen, 2), UnseenDrew(0, seen, 1)]
    assert [d.describe(RU) for d in draws] == [
        "Анна draws 1 card (R16)",
        "Анна draws 5 cards (R16)",
        "Анна draws 2 cards: 7♥ and 1 unseen (R16)",
        "Анна draws 1 card: 7♥ (R16)",
    ]
    with language("ru"):
        assert [d.describe(RU) for d in draws] == [
            "Анна добирает 1 карту (R16)",
            "Анна добирает 5 карт (R16)",
            "Анна добирает 2 карты: 7♥, а ещё 1 никто не видел (R16)",
            "Анна добирает 1 карту: 7♥ (R16)",
        ]
    with language("uk"):
        assert [d.describe(UK) for d in draws] == [
            "Анна добирає 1 карту (R16)",
            "Анна добирає 5 карт (R16)",
            "Анна добирає 2 карти: 7♥, а ще 1 ніхто не бачив (R16)",
            "Анна добирає 1 карту: 7♥ (R16)",
        ]
