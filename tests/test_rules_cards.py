"""Rule-id tests for the cards and the beating relation: R1 (decks, card codes), R6
(beating), R7 (option ``trump_six_beats_ace``) and R8 (japanese durak).

Each test shows the engine allowing what the rule allows and refusing what it forbids,
with exact card lists, legal-move sets and refusal texts.
"""

from __future__ import annotations

import pytest
from rulekit import codes, legal, setup

from durak_nb import Action, Card, CardError, Game, Move, Rules, RulesError, SetupError, Suit, beats, deck, parse_cards

# ----------------------------------------------------------------------------- R1


def test_R1_deck_of_36_runs_six_to_ace() -> None:
    d = deck(36)
    assert len(d) == 36
    assert codes(d[:5]) == ["6S", "6H", "6D", "6C", "7S"]
    assert codes(d[-4:]) == ["AS", "AH", "AD", "AC"]
    assert sorted({c.rank for c in d}) == list(range(6, 15))


def test_R1_deck_of_24_runs_nine_to_ace() -> None:
    d = deck(24)
    assert len(d) == 24
    assert codes(d[:4]) == ["9S", "9H", "9D", "9C"]
    assert sorted({c.rank for c in d}) == list(range(9, 15))


def test_R1_deck_of_52_runs_two_to_ace() -> None:
    d = deck(52)
    assert len(d) == 52
    assert codes(d[:4]) == ["2S", "2H", "2D", "2C"]
    assert sorted({c.rank for c in d}) == list(range(2, 15))
    assert len(set(d)) == 52


def test_R1_no_other_deck_size() -> None:
    with pytest.raises(ValueError, match=r"^\[R1\] a deck has 24, 36 or 52 cards, not 40$"):
        deck(40)
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", deck_size=40)
    assert str(exc.value) == "[R1] option deck_size: a deck has 24, 36 or 52 cards, not 40"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("TS", "TS"),
        ("10S", "TS"),
        ("10♥", "TH"),
        ("t♠", "TS"),
        ("7h", "7H"),
        ("A♦", "AD"),
        ("Q♣", "QC"),
        (" KD ", "KD"),
    ],
)
def test_R1_card_codes_accept_ten_and_suit_symbols(text: str, code: str) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize("text", ["1S", "11H", "TX", "S7", "", "7"])
def test_R1_bad_card_code_is_refused_with_a_readable_message(text: str) -> None:
    with pytest.raises(CardError) as exc:
        Card.parse(text)
    assert str(exc.value) == (
        f"[R1] {text!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
        "then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'"
    )


def test_R1_parse_cards_reads_space_and_comma_lists() -> None:
    assert codes(parse_cards("7S KH, 10D")) == ["7S", "KH", "TD"]


def test_R1_ranks_order_by_face_and_suits_have_no_order() -> None:
    # ranks: 2 < ... < T < J < Q < K < A
    ranks = [Card.parse(f"{r}S").rank for r in "23456789TJQKA"]
    assert ranks == sorted(ranks) and len(set(ranks)) == 13
    # suits have no order: among non-trumps no card of one suit beats another suit's card
    for a, b in [("AS", "6H"), ("6H", "AS"), ("AC", "6D"), ("AD", "6C")]:
        assert not beats(Card.parse(a), Card.parse(b), None)


def test_R1_a_24_card_game_refuses_a_six() -> None:
    with pytest.raises(SetupError) as exc:
        setup(Rules.make("podkidnoy", deck_size=24), ["Anna", "Boris"], {"Anna": "6S", "Boris": "9S"}, "Anna")
    assert str(exc.value) == "[R1] start: 6♠ is not in a 24-card deck"


def test_R1_a_52_card_game_plays_twos() -> None:
    g = setup(Rules.make("podkidnoy", deck_size=52), ["Anna", "Boris"], {"Anna": "2S 2H", "Boris": "3S 3C"}, "Anna")
    assert legal(g) == ["Anna attacks 2♠", "Anna attacks 2♠ 2♥", "Anna attacks 2♥"]
    g.play(Move.attack(0, "2S"))
    assert legal(g, "Boris") == ["Boris covers 2♠ with 3♠", "Boris takes"]
    assert len(g.all_cards()) == 52


def test_R1_a_deal_needs_exactly_the_deck() -> None:
    order = [c.code for c in deck(36)]
    with pytest.raises(SetupError) as exc:
        Game.deal("podkidnoy", ["Anna", "Boris"], deck_order=order[:-1])
    assert str(exc.value) == "[R1] deal.deck: 1 card of the 36-card deck is missing: A♣"
    with pytest.raises(SetupError) as exc:
        Game.deal("podkidnoy", ["Anna", "Boris"], deck_order=[*order[:-1], "AS"])
    assert str(exc.value) == "[R1] deal.deck: A♠ appears twice"


def test_R1_a_move_naming_a_card_twice_is_refused() -> None:
    g = setup("podkidnoy", ["Anna", "Boris"], {"Anna": "7S 7H", "Boris": "8S 8H"}, "Anna")
    refusal = g.why_illegal(Move(0, Action.ATTACK, (Card.parse("7S"), Card.parse("7S"))))
    assert refusal is not None
    assert (refusal.rule, refusal.message) == ("R1", "Anna names the same card twice")


# ----------------------------------------------------------------------------- R6


@pytest.mark.parametrize(
    ("cover", "attack", "result"),
    [
        ("8S", "7S", True),  # higher card of the same suit
        ("AS", "KS", True),
        ("7S", "8S", False),  # lower card of the same suit
        ("7S", "7S", False),
        ("AH", "6S", False),  # another non-trump suit never beats
        ("6D", "AS", True),  # any trump beats a non-trump
        ("6D", "AC", True),
        ("7D", "6D", True),  # a trump only by a higher trump
        ("6D", "7D", False),
        ("AS", "6D", False),  # a non-trump never beats a trump
    ],
)
def test_R6_beating_relation(cover: str, attack: str, result: bool) -> None:
    assert beats(Card.parse(cover), Card.parse(attack), Suit.D) is result


def test_R6_defender_covers_with_higher_of_suit_or_any_trump() -> None:
    g = setup("podkidnoy", ["Anna", "Boris"], {"Anna": "9S 9D", "Boris": "7S TS 6D JD AH"}, "Anna", trump="D")
    g.play(Move.attack(0, "9S 9D"))
    assert legal(g, "Boris") == [
        "Boris covers 9♠ with 10♠",
        "Boris covers 9♠ with 6♦",
        "Boris covers 9♠ with J♦",
        "Boris covers 9♦ with J♦",
        "Boris takes",
    ]


def test_R6_lower_card_other_suit_and_lower_trump_are_refused() -> None:
    g = setup("podkidnoy", ["Anna", "Boris"], {"Anna": "9S 9D", "Boris": "7S TS 6D JD AH"}, "Anna", trump="D")
    g.play(Move.attack(0, "9S 9D"))
    for cover, target, words in [
        ("7S", "9S", "7♠ does not beat 9♠"),
        ("AH", "9S", "A♥ does not beat 9♠"),
        ("6D", "9D", "6♦ does not beat 9♦"),
        ("TS", "9D", "10♠ does not beat 9♦"),
    ]:
        refusal = g.why_illegal(Move.defend(1, cover, target))
        assert refusal is not None
        assert refusal.rule == "R6"
        assert refusal.message == (f"{words}: a card is beaten by a higher card of its suit or by a trump (♦)")


# ----------------------------------------------------------------------------- R7


def test_R7_trump_six_beats_trump_ace_with_option() -> None:
    six, ace = Card.parse("6D"), Card.parse("AD")
    assert beats(six, ace, Suit.D, trump_six_beats_ace=True)
    assert not beats(six, ace, Suit.D)
    # only the trump six, only against the trump ace
    assert not beats(Card.parse("6S"), Card.parse("AS"), Suit.D, trump_six_beats_ace=True)
    assert not beats(six, Card.parse("KD"), Suit.D, trump_six_beats_ace=True)
    assert not beats(Card.parse("7D"), ace, Suit.D, trump_six_beats_ace=True)


def test_R7_option_on_defender_may_cover_trump_ace_with_trump_six() -> None:
    r = Rules.make("podkidnoy", trump_six_beats_ace=True)
    g = setup(r, ["Anna", "Boris"], {"Anna": "AD AS", "Boris": "6D 6S"}, "Anna", trump="D")
    g.play(Move.attack(0, "AD"))
    assert legal(g, "Boris") == ["Boris covers A♦ with 6♦", "Boris takes"]
    g.play(Move.defend(1, "6D", "AD"))
    assert g.table == [(Card.parse("AD"), Card.parse("6D"))]


def test_R7_option_off_trump_six_does_not_beat_trump_ace() -> None:
    g = setup("podkidnoy", ["Anna", "Boris"], {"Anna": "AD AS", "Boris": "6D 6S"}, "Anna", trump="D")
    g.play(Move.attack(0, "AD"))
    assert legal(g, "Boris") == ["Boris takes"]
    refusal = g.why_illegal(Move.defend(1, "6D", "AD"))
    assert refusal is not None and refusal.rule == "R6"
    assert refusal.message == "6♦ does not beat A♦: a card is beaten by a higher card of its suit or by a trump (♦)"


def test_R7_option_does_not_let_a_non_trump_six_beat_its_ace() -> None:
    r = Rules.make("podkidnoy", trump_six_beats_ace=True)
    g = setup(r, ["Anna", "Boris"], {"Anna": "AS AH", "Boris": "6S 7C"}, "Anna", trump="D")
    g.play(Move.attack(0, "AS"))
    assert legal(g, "Boris") == ["Boris takes"]


# ----------------------------------------------------------------------------- R8


def test_R8_japanese_spades_only_by_higher_spades() -> None:
    for cover, attack, result in [
        ("7S", "6S", True),
        ("6D", "6S", False),  # a trump never beats a spade
        ("AD", "KS", False),
        ("6D", "AH", True),  # other suits: a trump still beats them
        ("6D", "AC", True),
        ("7D", "6D", True),
        ("AS", "6D", False),  # a spade does not beat a trump
    ]:
        got = beats(Card.parse(cover), Card.parse(attack), Suit.D, japanese=True)
        assert got is result, (cover, attack)


def test_R8_japanese_defender_cannot_trump_a_spade_refusal_names_R8() -> None:
    g = setup("japanese", ["Anna", "Boris"], {"Anna": "9S 9H", "Boris": "TS 6D"}, "Anna", trump="D")
    g.play(Move.attack(0, "9S 9H"))
    assert legal(g, "Boris") == ["Boris covers 9♠ with 10♠", "Boris covers 9♥ with 6♦", "Boris takes"]
    refusal = g.why_illegal(Move.defend(1, "6D", "9S"))
    assert refusal is not None and refusal.rule == "R8"
    assert refusal.message == (
        "6♦ does not beat 9♠: a card is beaten by a higher card of its suit or by a trump (♦); "
        "spades only by higher spades"
    )


def test_R8_japanese_trump_is_always_diamonds_nothing_turned_up() -> None:
    order = [c.code for c in deck(36)]  # 6S 6H 6D 6C 7S ... : the 13th card would be 9S
    g = Game.deal("japanese", ["Anna", "Boris"], deck_order=order)
    assert g.trump == Suit.D
    assert g.trump_card is None
    assert codes(g.talon) == order[12:]  # nothing turned up: the talon stays in deck order
    # R4 with diamonds as trump: Anna holds 6D, the lowest diamond
    assert codes(g.hands[0]) == ["6S", "6D", "7S", "7D", "8S", "8D"]
    assert g.attacker == 0


def test_R8_japanese_refuses_another_trump_suit() -> None:
    with pytest.raises(SetupError) as exc:
        setup("japanese", ["Anna", "Boris"], {"Anna": "9S", "Boris": "TS"}, "Anna", trump="H")
    assert str(exc.value) == "[R8] in japanese durak diamonds are always trump: trump must be 'D'"


# ----------------------------------------------------------------------------- options table


def test_R1_options_table_defaults_and_unknown_options() -> None:
    # RULES.md "Options": name, default
    assert Rules.make().options() == {
        "deck_size": 36,
        "hand_size": 6,
        "bout_limit": 6,
        "first_bout_limit": 5,
        "transfer_first_bout": False,
        "show_trump_transfer": False,
        "trump_six_beats_ace": False,
        "neighbours_only_over_4": False,
        "draw_allowed": True,
        "two_sixes_win": False,
        "redeal_five_of_suit": False,
        "repetition_draw": 3,
        "teams": None,
    }
    assert Rules.make().preset == "podkidnoy"
    assert Rules.make("prostoy").hand_size == Rules.make("english").hand_size == 5
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", trump_seven_beats_ace=True)
    assert str(exc.value).startswith("unknown option 'trump_seven_beats_ace': the options are deck_size, hand_size")
    with pytest.raises(RulesError) as exc:
        Rules.make("durak")
    assert str(exc.value) == "unknown preset 'durak': use one of podkidnoy, perevodnoy, prostoy, english, japanese"
    with pytest.raises(RulesError) as exc:
        Rules.make("podkidnoy", trump_six_beats_ace=1)
    assert str(exc.value) == "[R7] option trump_six_beats_ace: true or false, not 1"


def test_R1_typed_cards_read_the_ranks_as_the_language_in_use_prints_them() -> None:
    from durak_nb.cards import typed_card, typed_cards
    from durak_nb.i18n import language

    for lang in ("ru", "uk"):
        with language(lang):
            got = [c.code for c in typed_cards("Д♠ т♦, В♣ К♥ 10S 7h TD AC")]
            # the Cyrillic Т is the ace as the views print it; the Latin T stays the code of the ten
            assert got == ["QS", "AD", "JC", "KH", "TS", "7H", "TD", "AC"]
            with pytest.raises(CardError) as err:
                typed_card("Ж♠")
            assert err.value.rule == "R1"
    assert [c.code for c in typed_cards("QS 10h")] == ["QS", "TH"]
    with pytest.raises(CardError) as err:
        typed_card("Д♠")  # English prints Q♠: the Cyrillic letters are not English ranks
    assert err.value.message == (
        "'Д♠' is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
        "then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'"
    )
    assert Card.parse("QS").code == "QS"
    with pytest.raises(CardError):
        Card.parse("Д♠")  # files keep the codes (R1)
