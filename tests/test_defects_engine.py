"""Defect 16 of issue 8 (API misuse, ../shared/repro/engine_misuse.py): every misuse of
the engine's API ends in a clear error that names the argument (a DurakError with its
rule id where a rule is behind it, R1/R2, else a TypeError), never an AttributeError
from deep inside and never silent acceptance; a refused call leaves the game as it was.
One test per row of the reproducer that failed before the fix."""

from __future__ import annotations

import pytest

from durak_nb import Game, Move, Rules
from durak_nb.cards import Card, CardError, deck
from durak_nb.engine import Action, PlayerError
from durak_nb.errors import DurakError

ABV = ["Anna", "Boris", "Vera"]


@pytest.fixture
def game() -> Game:
    """The reproducer's game: podkidnoy, three players, seed 3 (Vera leads, R4)."""
    g = Game.deal(Rules.make("podkidnoy"), ABV, seed=3)
    assert g.attacker == 2 and [c.code for c in g.hands[2]] == ["6H", "6C", "7H", "QS", "KH", "KC"]
    return g


def raises_unchanged(game: Game, exc: type[Exception], message: str, call: object) -> None:
    """``call()`` raises ``exc`` with exactly ``message`` and leaves ``game`` unchanged."""
    before = (game.position(), list(game.history), game.rng.getstate())
    with pytest.raises(exc) as info:
        call()  # type: ignore[operator]
    assert str(info.value) == message
    assert (game.position(), list(game.history), game.rng.getstate()) == before


# ----------------------------------------------------------------------------- construction


def test_defect16_deal_rules_none_is_a_type_error() -> None:
    with pytest.raises(TypeError) as info:
        Game.deal(None, ["A", "B"], seed=1)  # type: ignore[arg-type]
    assert str(info.value) == "Game.deal: rules must be a Rules or a preset name such as 'podkidnoy', not None"


def test_defect16_deal_rules_int_is_a_type_error() -> None:
    with pytest.raises(TypeError) as info:
        Game.deal(5, ["A", "B"], seed=1)  # type: ignore[arg-type]
    assert str(info.value) == "Game.deal: rules must be a Rules or a preset name such as 'podkidnoy', not 5"


def test_defect16_from_position_and_game_check_rules_too() -> None:
    with pytest.raises(TypeError) as info:
        Game.from_position(None, ["A", "B"], hands=["7S", "8S"], talon="", trump="D", attacker=0)  # type: ignore[arg-type]
    assert str(info.value) == (
        "Game.from_position: rules must be a Rules or a preset name such as 'podkidnoy', not None"
    )
    with pytest.raises(TypeError) as info:
        Game(None, ["A", "B"])  # type: ignore[arg-type]
    assert str(info.value) == "Game: rules must be a Rules or a preset name such as 'podkidnoy', not None"


def test_defect16_deal_players_string_is_not_a_list_of_names() -> None:
    """'AB' used to become the two players 'A' and 'B'."""
    with pytest.raises(TypeError) as info:
        Game.deal("podkidnoy", "AB", seed=1)
    assert str(info.value) == "Game.deal: players must be a list of names, not the string 'AB'"


def test_defect16_deal_players_none_is_a_type_error() -> None:
    with pytest.raises(TypeError) as info:
        Game.deal("podkidnoy", None, seed=1)  # type: ignore[arg-type]
    assert str(info.value) == "Game.deal: players must be a list of names or a count, not None"


def test_defect16_deal_players_count_and_list_still_work() -> None:
    assert Game.deal("podkidnoy", 3, seed=1).players == ("P1", "P2", "P3")
    assert Game.deal("podkidnoy", ("Anna", "Boris"), seed=1).players == ("Anna", "Boris")


def test_defect16_deal_seed_must_be_a_whole_number() -> None:
    """A list seed failed deep inside random; a str or float was taken silently."""
    for seed, shown in (([1], "[1]"), ("x", "'x'"), (1.5, "1.5"), (True, "True")):
        with pytest.raises(TypeError) as info:
            Game.deal("podkidnoy", ["A", "B"], seed=seed)  # type: ignore[arg-type]
        assert str(info.value) == f"Game.deal: seed must be a whole number or None, not {shown}"
    assert (
        Game.deal("podkidnoy", ["A", "B"], seed=10**400).trump == Game.deal("podkidnoy", ["A", "B"], seed=10**400).trump
    )


def test_defect16_deal_deck_order_of_ints_is_a_card_error() -> None:
    """R1: ints are not card codes (an AttributeError before)."""
    with pytest.raises(CardError) as info:
        Game.deal("podkidnoy", ["A", "B"], deck_order=list(range(36)))  # type: ignore[arg-type]
    assert (info.value.rule, str(info.value)) == ("R1", "[R1] a card code must be a string, not 0")


def test_defect16_deal_deck_order_not_iterable_is_a_card_error() -> None:
    with pytest.raises(CardError) as info:
        Game.deal("podkidnoy", ["A", "B"], deck_order=5)  # type: ignore[arg-type]
    assert str(info.value) == "[R1] cards are codes such as '7S KH' or a list of them, not 5"


def test_defect16_deal_deck_order_of_cards_and_codes_still_works() -> None:
    order = list(deck(36))
    order[0] = order[0].code  # type: ignore[call-overload]
    g = Game.deal("podkidnoy", ["A", "B"], deck_order=order)
    assert g.deck_order == deck(36)


# ----------------------------------------------------------------------------- seats


def test_defect16_attack_by_none_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not None",
        lambda: game.attack(None, "7S"),  # type: ignore[arg-type]
    )


def test_defect16_attack_by_float_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not 1.5",
        lambda: game.attack(1.5, "7S"),  # type: ignore[arg-type]
    )


def test_defect16_take_by_seat_99_is_an_R2_player_error(game: Game) -> None:
    raises_unchanged(game, PlayerError, "[R2] no seat 99: the seats are 0..2", lambda: game.take(99))


def test_defect16_pass_by_seat_minus_4_is_an_R2_player_error(game: Game) -> None:
    raises_unchanged(game, PlayerError, "[R2] no seat -4: the seats are 0..2", lambda: game.pass_(-4))


def test_defect16_seat_float_is_refused_not_returned(game: Game) -> None:
    """seat(1.5) returned 1.5."""
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not 1.5",
        lambda: game.seat(1.5),  # type: ignore[arg-type]
    )
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not True",
        lambda: game.seat(True),
    )


def test_defect16_seat_none_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not None",
        lambda: game.seat(None),  # type: ignore[arg-type]
    )


def test_defect16_legal_moves_of_a_float_seat_is_refused_not_empty(game: Game) -> None:
    """legal_moves(1.5) returned []."""
    raises_unchanged(
        game,
        TypeError,
        "player: a player's name or a seat number 0..2, not 1.5",
        lambda: game.legal_moves(1.5),  # type: ignore[arg-type]
    )
    assert [m.describe(game.players) for m in game.legal_moves(2)][:2] == ["Vera attacks 6♥", "Vera attacks 6♣"]


def test_defect16_player_error_is_still_a_key_error_with_the_bare_message(game: Game) -> None:
    """PlayerError (R2) is a DurakError and, as before, a KeyError: ``except KeyError``
    keeps working and ``args[0]`` is the message without the rule id."""
    with pytest.raises(KeyError) as info:
        game.seat("Zed")
    exc = info.value
    assert isinstance(exc, PlayerError) and isinstance(exc, DurakError)
    assert (exc.rule, exc.message, exc.args[0]) == ("R2", "'Zed' is not a player: Anna, Boris, Vera", exc.message)
    assert str(exc) == "[R2] 'Zed' is not a player: Anna, Boris, Vera"


# ----------------------------------------------------------------------------- moves


def test_defect16_why_illegal_none_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "why_illegal: move must be a Move (e.g. Move.attack(0, '7S')), not None",
        lambda: game.why_illegal(None),  # type: ignore[arg-type]
    )


def test_defect16_why_illegal_of_a_string_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "why_illegal: move must be a Move (e.g. Move.attack(0, '7S')), not 'Anna 7S'",
        lambda: game.why_illegal("Anna 7S"),  # type: ignore[arg-type]
    )


def test_defect16_play_none_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "play: move must be a Move (e.g. Move.attack(0, '7S')), not None",
        lambda: game.play(None),  # type: ignore[arg-type]
    )


def test_defect16_play_of_a_tuple_is_a_type_error(game: Game) -> None:
    raises_unchanged(
        game,
        TypeError,
        "play: move must be a Move (e.g. Move.attack(0, '7S')), not ('attack',)",
        lambda: game.play(("attack",)),  # type: ignore[arg-type]
    )
    # a plain tuple equal to a legal move is not taken for it either
    legal = tuple(game.legal_moves()[0])
    raises_unchanged(
        game,
        TypeError,
        "play: move must be a Move (e.g. Move.attack(0, '7S')), "
        "not (2, <Action.ATTACK: 'attack'>, (Card('6H'),), None, False...",
        lambda: game.play(legal),  # type: ignore[arg-type]
    )


def test_defect16_repr_of_a_move_with_string_cards_shows_its_fields() -> None:
    """A Move built by hand with codes instead of Cards: repr crashed."""
    assert repr(Move(0, Action.ATTACK, ("7S",))) == (  # type: ignore[arg-type]
        "Move(player=0, action=<Action.ATTACK: 'attack'>, cards=('7S',), target=None, show=False, deck=None)"
    )
    assert Move(0, Action.ATTACK, ("7S",)).describe(["Anna"]) == "Anna attack ('7S',)"  # type: ignore[arg-type]
    assert repr(Move.defend(1, "9S", "7S")) == "Move.defend(1, '9S', '7S')"


def test_defect16_describe_without_a_name_for_the_seat_is_an_R2_error() -> None:
    """describe(['A']) of seat 2 raised an IndexError."""
    with pytest.raises(PlayerError) as info:
        Move.attack(2, "7S").describe(["A"])
    assert str(info.value) == "[R2] Move.describe: no name for seat 2 among 1 names"
    assert Move.attack(2, "7S").describe() == "P3 attacks 7♠"


def test_defect16_move_redeal_checks_its_seat() -> None:
    with pytest.raises(TypeError) as info:
        Move.redeal("Anna")  # type: ignore[arg-type]
    assert str(info.value).startswith("Move.redeal: the player is a seat number (0 for the first player), not 'Anna'")
    assert Move.redeal(1) == Move(1, Action.REDEAL)
    assert Move.redeal(0, deck(24)).deck == deck(24)
    assert isinstance(Move.redeal(0, [c.code for c in deck(24)]).deck[0], Card)  # type: ignore[index]
