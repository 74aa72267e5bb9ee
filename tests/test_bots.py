"""The bots (durak_nb/bots.py): every choice is one of the engine's legal moves.

``LowestCardBot`` plays the lowest card that works (non-trumps first): exact choices
in set-up positions for the lead (R9), the defence (R6, R10), transfers (R17, R20),
take (R14), throw-ins (R11, вдогонку R14) and passes (R12; the lead in english, R9).
``choose(game, player)`` picks a move of that seat only (the play widget asks so).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak_nb.bots import (
    HeuristicBot,
    LowestCardBot,
    RandomBot,
    SearchBot,
    determinize,
    play_out,
    seat_view,
    turn_seat,
)
from durak_nb.cards import Card
from durak_nb.engine import Game, Move
from durak_nb.record import Recording
from durak_nb.record.json_form import Deal, validate_recording
from durak_nb.rules import Rules

NAMES2 = ["Anna", "Boris"]
NAMES3 = ["Anna", "Boris", "Vera"]


def lesson(rules: str | Rules, names: list[str], hands: dict[str, str], attacker: str, **kw: Any) -> Game:
    """A small set-up position: the rest of the deck is in the discard, no talon."""
    return Game.from_position(
        rules, names, hands=hands, talon="", trump="D", attacker=attacker, rest_to_discard=True, **kw
    )


def test_R9_lowest_card_bot_leads_every_non_trump_card_of_its_lowest_rank() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H 6D 9C AD", "Boris": "7S 8S 9S TS JS QS"}, "Anna")
    assert LowestCardBot().choose(g) == Move.attack(0, "6S 6H")


def test_R13c_lowest_card_bot_leads_within_the_first_bout_limit() -> None:
    """Before the first bito and with a defender of 1 card, a lead is 1 card (R13b)."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H 6C", "Boris": "7S"}, "Anna")
    assert LowestCardBot().choose(g) == Move.attack(0, "6S")


def test_R9_lowest_card_bot_prefers_a_pair_without_trumps_in_english() -> None:
    g = lesson("english", NAMES2, {"Anna": "6S 6D 9H 9C", "Boris": "7S 8S 9S TS JS"}, "Anna")
    assert LowestCardBot().choose(g) == Move.attack(0, "9H 9C")


def test_R9_lowest_card_bot_passes_the_lead_without_a_pair_in_english() -> None:
    g = lesson("english", NAMES2, {"Anna": "6S 7H 9C", "Boris": "7S 8S 9S TS JS"}, "Anna")
    assert LowestCardBot().choose(g) == Move.pass_(0)


def test_R6_lowest_card_bot_covers_with_the_lowest_card_that_beats() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H", "Boris": "6D 7S 9S 7H"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S 6H")
    bot = LowestCardBot()
    assert bot.choose(g) == Move.defend(1, "7S", "6S")
    g.play(bot.choose(g))
    assert bot.choose(g) == Move.defend(1, "7H", "6H")


def test_R14_lowest_card_bot_takes_when_it_cannot_cover_everything() -> None:
    """6C cannot be beaten (no club, no trump): it takes at once instead of covering 6S."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6C", "Boris": "7S 8H"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S 6C")
    assert LowestCardBot().choose(g) == Move.take(1)


def test_R17_lowest_card_bot_transfers_when_it_cannot_cover() -> None:
    g = lesson("perevodnoy", NAMES3, {"Anna": "6S", "Boris": "6H 8C", "Vera": "7S 8S"}, "Anna", bout=2)
    g.attack("Anna", "6S")
    assert LowestCardBot().choose(g, 1) == Move.transfer(1, "6H")


def test_R20_lowest_card_bot_transfers_by_showing_a_trump_first() -> None:
    rules = Rules.make("perevodnoy", show_trump_transfer=True)
    g = lesson(rules, NAMES3, {"Anna": "6S", "Boris": "6H 6D 8C", "Vera": "7S 8S"}, "Anna", bout=2)
    g.attack("Anna", "6S")
    assert LowestCardBot().choose(g, 1) == Move.transfer(1, "6D", show=True)


def test_R11_lowest_card_bot_throws_its_lowest_non_trump_then_passes() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 7S 7H 9C", "Boris": "8S 9S TS JS QS"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.defend("Boris", "8S", "6S")
    assert g.legal_moves(0) == [Move.pass_(0)]  # nothing of rank 6 or 8 left
    assert LowestCardBot().choose(g, 0) == Move.pass_(0)
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 7S 7H 7C", "Boris": "7D 9S TS JS QS"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.defend("Boris", "7D", "6S")
    assert LowestCardBot().choose(g, 0) == Move.throw(0, "7S")


def test_R6_lowest_card_bot_never_throws_a_trump_and_passes() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 7D", "Boris": "7S 9S"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.defend("Boris", "7S", "6S")
    assert g.legal_moves(0) == [Move.throw(0, "7D"), Move.pass_(0)]
    assert LowestCardBot().choose(g, 0) == Move.pass_(0)


def test_R14_lowest_card_bot_throws_in_after_take() -> None:
    """вдогонку: after take the bot still gives its lowest non-trump of a rank on the table."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H 6C AS", "Boris": "7H 8C 9C"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.take("Boris")
    bot = LowestCardBot()
    assert bot.choose(g) == Move.throw(0, "6H")
    play_out(g, bot)
    assert [m.describe(g.players) for m in g.history] == [
        "Anna attacks 6♠",
        "Boris takes",
        "Anna throws in 6♥",
        "Anna throws in 6♣",
        "Anna passes",
        "Anna attacks A♠",
        "Boris takes",
    ]


def test_R10_choose_for_a_player_picks_only_that_players_moves() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 8H 8C", "Boris": "8S 9H TS JS"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.defend("Boris", "8S", "6S")
    g.throw("Anna", "8H")
    assert g.actors() == [0, 1]
    # the attacker first (R12, INTERCHANGE.md); the lowest card bot waits for the defence
    assert turn_seat(g) == 0 and LowestCardBot().choose(g) == Move.pass_(0)
    assert LowestCardBot().choose(g, 1) == Move.defend(1, "9H", "8H")
    rng = RandomBot(seed=1)
    assert {rng.choose(g, 0) for _ in range(40)} == {Move.throw(0, "8C"), Move.pass_(0)}
    assert {rng.choose(g, 1) for _ in range(40)} == {Move.defend(1, "9H", "8H"), Move.take(1)}
    g.defend("Boris", "9H", "8H")  # answered: now it throws in
    assert LowestCardBot().choose(g) == Move.throw(0, "8C")


def test_R25_choose_refuses_when_there_is_no_move() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S", "Boris": "8S 9S"}, "Anna", first_bito_done=True)
    with pytest.raises(ValueError, match="no legal move to choose for Boris"):
        LowestCardBot().choose(g, 1)
    g.attack("Anna", "6S")
    g.defend("Boris", "8S", "6S")  # Anna is out (R24), Boris the durak (R25)
    assert g.finished
    for bot in (LowestCardBot(), RandomBot(1)):
        with pytest.raises(ValueError, match="the game is over"):
            bot.choose(g)


def test_random_bot_without_a_player_is_unchanged() -> None:
    """Without ``player`` RandomBot draws from every legal move, as before (the CLI and
    the recorder's bot games depend on it)."""
    a, b = Game.deal("podkidnoy", NAMES2, seed=11), Game.deal("podkidnoy", NAMES2, seed=11)
    play_out(a, RandomBot(11))
    rng = RandomBot(11)
    while not b.finished:
        b.play(rng.rng.choice(b.legal_moves()))
    assert a.history == b.history


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "prostoy", "english", "japanese"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R27_lowest_card_bot_games_end_and_replay(preset: str, players: int) -> None:
    """Every game of the bot ends (R25, or R27 when it passes pairs back and forth in
    english durak) and its recording replays to the same result."""
    for seed in range(6):
        g = Game.deal(preset, players, seed=seed)
        moves = play_out(g, LowestCardBot())
        assert g.result is not None and g.result.rule in ("R25", "R27")
        assert g.dealer is not None
        rec = Recording(rules=g.rules, players=g.players, deal=Deal(dealer=g.dealer, deck=g.deck_order), moves=moves)
        report = validate_recording(rec)
        assert report.ok and report.game is not None
        assert report.game.result == g.result


# ----------------------------------------------------------------------------- the ladder


def test_R20_heuristic_bot_transfers_by_showing_a_trump_first() -> None:
    rules = Rules.make("perevodnoy", show_trump_transfer=True)
    g = lesson(rules, NAMES3, {"Anna": "6S", "Boris": "6H 6D 8C", "Vera": "7S 8S"}, "Anna", bout=2)
    g.attack("Anna", "6S")
    assert HeuristicBot().choose(g, 1) == Move.transfer(1, "6D", show=True)


def test_R17_heuristic_bot_transfers_rather_than_spend_a_trump() -> None:
    """Boris could cover 6S only with the trump 9D: he passes the bout on with 6H."""
    g = lesson("perevodnoy", NAMES3, {"Anna": "6S", "Boris": "6H 9D 8C", "Vera": "7S 8S"}, "Anna", bout=2)
    g.attack("Anna", "6S")
    assert LowestCardBot().choose(g, 1) == Move.defend(1, "9D", "6S")
    assert HeuristicBot().choose(g, 1) == Move.transfer(1, "6H")


def test_R14_heuristic_bot_takes_low_cards_rather_than_spend_two_trumps_early() -> None:
    """Covering 6S and 6C would cost both of Boris's trumps while 12 cards lie in the
    talon: he takes (the lowest card bot covers)."""
    g = Game.from_position(
        "podkidnoy",
        NAMES2,
        hands={"Anna": "6S 6C 9C", "Boris": "7D 8D 9H TH JH QH"},
        talon="AH AS AC KH KS KC QS QC JS JC TS AD",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    g.attack("Anna", "6S 6C")
    assert LowestCardBot().choose(g, 1).action.value == "defend"
    assert HeuristicBot().choose(g, 1) == Move.take(1)


def test_R24_heuristic_bot_leads_what_the_last_rival_cannot_beat() -> None:
    """Two players, no talon: Boris holds every card not seen (9S 6C), so Anna leads 8H,
    which he cannot beat, not her lowest card 7S (which 9S beats)."""
    g = lesson("podkidnoy", NAMES2, {"Anna": "7S 8H", "Boris": "9S 6C"}, "Anna", first_bito_done=True)
    assert LowestCardBot().choose(g) == Move.attack(0, "7S")
    assert HeuristicBot().choose(g) == Move.attack(0, "8H")
    assert HeuristicBot().choose_view(seat_view(g, 0)) == Move.attack(0, "8H")


def test_R11_heuristic_bot_throws_low_non_trumps_and_keeps_trumps() -> None:
    """With a talon it throws in 7H and keeps the trump 7D; with no talon and two
    players it throws in first what the rival (holding every unseen card) cannot beat."""
    hands = {"Anna": "6S 7H 7D AS", "Boris": "7S 9H TS JS QS KS"}
    g = Game.from_position(
        "podkidnoy",
        NAMES2,
        hands=hands,
        talon="AH KH AD",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    g.attack("Anna", "6S")
    g.defend("Boris", "7S", "6S")
    assert HeuristicBot().choose(g, 0) == Move.throw(0, "7H")
    g = lesson("podkidnoy", NAMES2, hands, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.defend("Boris", "7S", "6S")
    assert HeuristicBot().choose(g, 0) == Move.throw(0, "7D")


def hidden_twins(seed: int) -> tuple[Game, Game]:
    """Two games that differ only in cards Anna cannot see: Boris's unseen cards and the
    talon (its top card, which Anna draws, and its turned-up trump kept) dealt from two
    different shuffles; the same
    public moves played in both (Anna leads 6S, Boris takes it, Anna leads 7S, Boris
    takes again: Anna may throw in now)."""
    anna = "6S 7S 8H 9C TD JS"
    trump_card = "6D"
    top = "KH"  # Anna draws it after bout 1 in both games
    fixed = set(anna.split()) | {trump_card, top}
    from durak_nb.cards import deck

    rest = [c.code for c in deck(36) if c.code not in fixed]
    games = []
    for k in (seed, seed + 100):
        import random

        cards = rest[:]
        random.Random(k).shuffle(cards)
        g = Game.from_position(
            "podkidnoy",
            NAMES2,
            hands={"Anna": anna, "Boris": cards[:6]},
            talon=[top, *cards[6:], trump_card],
            trump="D",
            attacker="Anna",
            first_bito_done=True,
        )
        g.attack("Anna", "6S")
        g.take("Boris")
        g.pass_("Anna")  # the bout ends: Boris took 6S (seen by all), both draw; Anna leads again (R23)
        g.attack("Anna", "7S")
        g.take("Boris")
        games.append(g)
    a, b = games
    assert a.hands[1] != b.hands[1] and a.talon != b.talon and a.hands[0] == b.hands[0]
    return a, b


@pytest.mark.parametrize("seed", range(4))
def test_bots_never_see_hidden_cards(seed: int) -> None:
    """The same view with the hidden cards permuted gives the same choice (seeded)."""
    a, b = hidden_twins(seed)
    assert seat_view(a, 0) == seat_view(b, 0)
    assert seat_view(a, 0).view.known[1] == (Card.parse("6S"),)  # picked up in bout 1 (R14)
    assert HeuristicBot().choose(a, 0) == HeuristicBot().choose(b, 0)
    assert SearchBot(samples=6, seed=seed).choose(a, 0) == SearchBot(samples=6, seed=seed).choose(b, 0)
    sa, sb = determinize(seat_view(a, 0), random.Random(9)), determinize(seat_view(b, 0), random.Random(9))
    assert sa.hands == sb.hands and sa.talon == sb.talon  # the samples cannot carry the real cards


def test_R14_seat_view_knows_the_cards_picked_up() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "6S 6H AH", "Boris": "8H 9C TC KC"}, "Anna", first_bito_done=True)
    g.attack("Anna", "6S")
    g.take("Boris")
    g.throw("Anna", "6H")
    g.pass_("Anna")
    sv = seat_view(g, 0)
    assert sv.view.known == ((Card.parse("AH"),), tuple(Card.parse_many("6S 6H")))
    assert sv.view.hidden == (0, 4)
    assert sv.unseen() == tuple(Card.parse_many("8H 9C TC KC"))  # the discard is counted
    js = sv.to_json()
    assert len(js.pop("discard")) == 29  # the lesson's rest of the deck
    assert js == {
        "player": "Anna",
        "hand": ["AH"],
        "others": {"Boris": {"known": ["6S", "6H"], "hidden": 4}},
        "table": [],
        "trump": "D",
        "trump_card": None,
        "talon": 0,
        "attacker": "Anna",
        "defender": "Boris",
        "bout": 2,
        "hand_sizes": {"Anna": 1, "Boris": 6},
        "first_bito_done": True,
        "taking": False,
        "out": [],
        "bout_moves": [],
        "legal": [{"player": "Anna", "action": "attack", "cards": ["AH"]}],
    }


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "english", "japanese"])
def test_determinize_keeps_everything_the_viewer_knows(preset: str) -> None:
    """At every decision of a few games: the sample has the viewer's hand, the table,
    the hand sizes, the talon size, the discard and every known card where it is, and
    the viewer's legal moves."""
    rng = random.Random(1)
    for seed in range(3):
        g = Game.deal(preset, 3, seed=seed)
        while not g.finished:
            seat = turn_seat(g)
            sv = seat_view(g, seat)
            s = determinize(sv, rng)
            assert s.hands[seat] == g.hands[seat] and s.table == g.table
            assert [len(h) for h in s.hands] == [len(h) for h in g.hands]
            assert len(s.talon) == len(g.talon) and s.discard == g.discard
            assert all(set(k) <= set(h) for k, h in zip(sv.view.known, s.hands, strict=True))
            assert s.legal_moves(seat) == g.legal_moves(seat)
            g.play(HeuristicBot().choose(g, seat))


def test_R24_with_no_talon_and_two_players_the_sample_is_the_game() -> None:
    g = lesson("podkidnoy", NAMES2, {"Anna": "7S 8H", "Boris": "9S 6C TH"}, "Anna", first_bito_done=True)
    s = determinize(seat_view(g, 0), random.Random(0))
    assert s.hands == g.hands and s.talon == [] and s.discard == g.discard


def test_search_bot_with_no_samples_is_the_heuristic_bot() -> None:
    for seed in range(3):
        a, b = Game.deal("podkidnoy", NAMES2, seed=seed), Game.deal("podkidnoy", NAMES2, seed=seed)
        play_out(a, HeuristicBot())
        play_out(b, SearchBot(samples=0))
        assert a.history == b.history


def test_search_bot_games_end_and_every_choice_is_legal() -> None:
    g = Game.deal("perevodnoy", NAMES3, seed=5)
    bot = SearchBot(samples=2, seed=1)
    moves = play_out(g, bot)
    assert g.finished and len(moves) == len(g.history) and bot.failed_samples == 0
    with pytest.raises(ValueError, match="samples is a whole number"):
        SearchBot(samples=-1)


def test_bots_read_as_the_call_that_makes_them() -> None:
    from durak_nb import bots

    made = [bots.RandomBot(seed=3), bots.LowestCardBot(), bots.HeuristicBot(), bots.SearchBot(samples=4, seed=1)]
    assert [repr(b) for b in made] == [
        "RandomBot(seed=3)",
        "LowestCardBot()",
        "HeuristicBot()",
        "SearchBot(samples=4, seed=1, playout_moves=400)",
    ]
    assert [repr(eval(repr(b), vars(bots))) for b in made] == [repr(b) for b in made]  # our own reprs
    with pytest.raises(TypeError, match="seat_view: game must be a durak_nb Game, not str"):
        bots.seat_view("x", 0)  # type: ignore[arg-type]
