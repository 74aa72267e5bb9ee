"""Games whose deal nobody saw (durak_nb.unseen; issue 10, INTERCHANGE.md "Over-the-board
recordings"): real games recorded with only what was shown, what follows from it, and
the first move no deck order allows.

Each game here is a real engine game (a seeded deal, seeded random legal moves) recorded
as someone at the table would: the turned-up card (R3), who led (R4), the moves, and
where said, the writer's own hand and refills (R16).
"""

from __future__ import annotations

import random

import pytest

from durak_nb.cards import Card, beats, deck, parse_cards
from durak_nb.engine import Action, Bito, Drew, Game, IllegalMove, Move, SetupError, Took
from durak_nb.record.json_form import Recording, RecordingError
from durak_nb.rules import Rules
from durak_nb.unseen import (
    PartialDeal,
    PartialError,
    PartialGame,
    Seen,
    SeenDraw,
    UnseenDrew,
    check_partial,
    replay_partial,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb")


def real_game(preset: str = "podkidnoy", n: int = 4, seed: int = 11, **options: object) -> Game:
    """A finished real game: seeded deal, seeded random legal moves (passes as often as not)."""
    rules = Rules.make(preset, **options)
    g = Game.deal(rules, NAMES[:n], seed=seed)
    rng = random.Random(seed)
    while not g.finished:
        moves = g.legal_moves()
        passes = [m for m in moves if m.action is Action.PASS]
        g.play(rng.choice(passes if passes and rng.random() < 0.5 else moves))
    return g


def first_attacker(game: Game) -> int:
    start = Game.deal(game.rules, game.players, deck_order=game.deck_order, dealer=game.dealer)
    assert start.attacker is not None
    return start.attacker


def laid_only(game: Game, **facts: object) -> PartialDeal:
    """What a writer at the table knows of the deal: the turned-up card and who led."""
    assert game.dealer is not None
    return PartialDeal(dealer=game.dealer, turned_up=game.trump_card, attacker=first_attacker(game), **facts)  # type: ignore[arg-type]


def true_states(game: Game) -> list[Game]:
    """The true game before every move and after the last."""
    g = Game.deal(game.rules, game.players, deck_order=game.deck_order, dealer=game.dealer)
    out = [g.copy()]
    for m in game.history:
        g.play(m)
        out.append(g.copy())
    return out


def scorer_facts(game: Game, seat: int = 0) -> tuple[tuple[int, tuple[Card, ...]], tuple[SeenDraw, ...]]:
    """The writer's own dealt hand and every refill they drew (R3, R16)."""
    g = Game.deal(game.rules, game.players, deck_order=game.deck_order, dealer=game.dealer)
    hand = (seat, tuple(g.hands[seat]))
    draws = []
    for k, m in enumerate(game.history):
        for ev in g.play(m):
            if isinstance(ev, Drew) and ev.player == seat:
                draws.append(SeenDraw(k, seat, tuple(sorted(ev.cards))))
    return hand, tuple(draws)


@pytest.fixture(scope="module")
def four() -> Game:
    return real_game()


# ----------------------------------------------------------------------------- legal games


def test_four_players_only_the_laid_cards_known_is_legal_and_the_last_hand_is_forced(four: Game) -> None:
    deal = laid_only(four)
    rec = Recording(four.rules, four.players, deal=deal, moves=list(four.history))
    last = rec.replay()
    assert last.result == four.result
    assert four.result is not None and four.result.durak is not None
    replay = check_partial(four.rules, four.players, deal, four.history)
    end = replay.seen_at(len(four.history))
    durak = four.result.durak
    # at the end every card not laid is in the durak's hand: forced there (INTERCHANGE.md)
    assert end.hands[durak] == tuple(sorted(four.hands[durak]))
    assert end.unknown == (0, 0, 0, 0)
    assert end.talon == ()
    # the start: four hands of six nobody saw, the turned-up card known under the talon
    start = replay.seen_at(0)
    assert start.unknown == tuple(6 - len(h) for h in start.hands)
    assert start.talon[-1] == four.trump_card
    assert len(start.talon) == 36 - 24


def test_what_is_known_is_true_at_every_move(four: Game) -> None:
    """Every card Seen puts in a hand or at a talon place is there in the real game, and
    a card taken back (R14) is known in the taker's hand from then on."""
    deal = laid_only(four)
    replay = check_partial(four.rules, four.players, deal, four.history)
    live = PartialGame(four.rules, four.players, deal)
    truth = true_states(four)
    taken: set[Card] = set()
    for k, state in enumerate(truth):
        for seen in (replay.seen_at(k), live.seen()):
            for s in range(4):
                assert set(seen.hands[s]) <= set(state.hands[s]), (k, s)
                assert seen.unknown[s] == len(state.hands[s]) - len(seen.hands[s])
            assert [c for c in seen.talon if c is not None] == [
                c for c, d in zip(state.talon, seen.talon, strict=True) if d is not None
            ]
        assert taken & {c for h in state.hands for c in h} <= {c for h in live.seen().hands for c in h}
        if k < len(four.history):
            for ev in live.play(four.history[k]):
                if isinstance(ev, Took):
                    taken |= set(ev.cards)
                if isinstance(ev, Bito):
                    taken -= set(ev.cards)
            taken &= {c for h in truth[k + 1].hands for c in h}
    assert taken  # the game had takes


def test_the_scorers_own_hand_and_draws_are_known_throughout(four: Game) -> None:
    hand, draws = scorer_facts(four, seat=0)
    deal = laid_only(four, hands=(hand,), draws=draws)
    live = PartialGame(four.rules, four.players, deal)
    for k, state in enumerate(true_states(four)):
        seen = live.seen()
        assert seen.hands[0] == tuple(sorted(state.hands[0])), k
        assert seen.unknown[0] == 0
        if k < len(four.history):
            live.play(four.history[k])
    # the whole recording places the single cards Anna draws at their talon places
    replay = check_partial(four.rules, four.players, deal, four.history)
    start = replay.seen_at(0)
    truth = true_states(four)[0]
    singles = {d.cards[0] for d in draws if len(d.cards) == 1}
    assert {c for c in start.talon if c is not None} >= singles | {four.trump_card}
    for c, d in zip(start.talon, truth.talon, strict=True):
        assert c is None or c == d


def test_refills_are_reported_with_only_the_known_cards(four: Game) -> None:
    hand, draws = scorer_facts(four, seat=0)
    live = PartialGame(four.rules, four.players, laid_only(four, hands=(hand,), draws=draws))
    reported = []
    for m in four.history:
        reported += [ev for ev in live.play(m) if isinstance(ev, Drew)]
    assert reported and all(isinstance(ev, UnseenDrew) for ev in reported)
    mine = [ev for ev in reported if ev.player == 0]
    assert [ev.cards for ev in mine] == [d.cards for d in draws]
    assert all(ev.count == len(ev.cards) for ev in mine)
    other = next(ev for ev in reported if ev.player != 0 and not ev.cards)
    assert other.describe(NAMES).endswith(f"draws {other.count} card{'s' if other.count > 1 else ''} (R16)")


@pytest.mark.parametrize(("preset", "n", "seed"), [("perevodnoy", 3, 5), ("perevodnoy", 2, 8), ("prostoy", 3, 2)])
def test_other_variants_forgotten_deals_are_legal(preset: str, n: int, seed: int) -> None:
    game = real_game(preset, n, seed)
    if preset == "perevodnoy":
        assert any(m.action is Action.TRANSFER for m in game.history)
    replay = check_partial(game.rules, game.players, laid_only(game), game.history)
    assert replay.witness().result == game.result
    assert replay.seen_at(len(game.history)).unknown == (0,) * n


def test_a_forced_card_in_a_small_deal() -> None:
    """24 cards, 4 players, every card dealt (no talon: the trump recorded, R3).  Anna saw
    her own hand; Boris, Vera and Gleb lay cards.  Whatever is neither Anna's, nor laid,
    nor possible elsewhere is forced."""
    rules = Rules.make("podkidnoy", deck_size=24)
    anna = tuple(parse_cards("9S TS JS QS KS AS"))
    deal = PartialDeal(dealer=3, trump=Card.parse("9H").suit, attacker=0, hands=((0, anna),))
    game = PartialGame(rules, NAMES, deal)
    game.play(Move.attack(0, "9S"))
    game.play(Move.defend(1, "TH", "9S"))  # Boris covers with a trump
    seen = game.seen()
    assert seen.hands == (tuple(parse_cards("TS JS QS KS AS")), (), (), ())
    assert seen.unknown == (0, 5, 6, 6)
    assert seen.talon == ()
    # Boris, Vera and Gleb hold the 17 other cards; no card is forced yet
    game.play(Move.pass_(0))
    game.play(Move.pass_(2))
    game.play(Move.pass_(3))  # bito (R15); Boris leads (R23)
    assert game.attacker == 1
    with pytest.raises(IllegalMove) as exc:
        game.play(Move.attack(1, "TS"))
    assert exc.value.refusal.rule == "R1"
    assert exc.value.refusal.message == "10♠ is already in Anna's hand"


# ----------------------------------------------------------------------------- illegal games


def test_a_card_in_the_scorers_hand_laid_by_another_is_refused_with_r1(four: Game) -> None:
    hand, draws = scorer_facts(four, seat=0)
    deal = laid_only(four, hands=(hand,), draws=draws)
    truth = true_states(four)
    k = next(i for i, m in enumerate(four.history) if m.action is Action.ATTACK and m.player != 0 and i > 0)
    card = truth[k].hands[0][0]
    moves = list(four.history)
    moves[k] = Move.attack(moves[k].player, [card])
    with pytest.raises(PartialError) as exc:
        check_partial(four.rules, four.players, deal, moves)
    err = exc.value
    assert (err.index, err.refusal.rule) == (k, "R1")
    assert err.refusal.message == f"{card.pretty} is already in Anna's hand"
    assert len(err.game.moves) == k


def test_a_card_laid_twice_is_refused_with_r1(four: Game) -> None:
    k, card = next(
        (i, four.history[j].cards[0])
        for i, m in enumerate(four.history)
        if m.action is Action.ATTACK and i > 10
        for j in range(i)
        if four.history[j].action is Action.ATTACK
        and four.history[j].cards[0] not in m.cards
        and four.history[j].cards[0] in true_states(four)[i].discard
    )
    moves = list(four.history)
    moves[k] = Move.attack(moves[k].player, [card])
    _game, err = replay_partial(four.rules, four.players, laid_only(four), moves)
    assert err is not None
    assert (err.index, err.refusal.rule) == (k, "R1")
    assert err.refusal.message == f"{card.pretty} is already in the discard"


def test_a_later_draws_entry_makes_an_earlier_move_the_illegal_one(four: Game) -> None:
    """Boris lays a card at move t1 that the record says Anna drew later (after move t2):
    no order allows move t1 (R1: the card is still in the talon)."""
    _hand, draws = scorer_facts(four, seat=0)
    late = next(d for d in draws if d.after > 20)
    card = late.cards[0]
    t1 = next(i for i, m in enumerate(four.history) if m.action is Action.ATTACK and m.player == 1 and i < late.after)
    moves = list(four.history)
    moves[t1] = Move.attack(1, [card])
    _g, err = replay_partial(four.rules, four.players, laid_only(four, draws=(late,)), moves)
    assert err is not None
    assert (err.index, err.refusal.rule) == (t1, "R1")
    assert err.refusal.message == f"{card.pretty} is still in the talon (by what was recorded)"
    # without the later fact the same move is allowed: Boris may hold that card
    _g, without = replay_partial(four.rules, four.players, laid_only(four), moves)
    assert without is None or without.index > t1


def test_a_refill_that_disagrees_with_the_draws_entry_is_r16(four: Game) -> None:
    _hand, draws = scorer_facts(four, seat=0)
    d = next(x for x in draws if len(x.cards) >= 2)
    wrong = SeenDraw(d.after, 0, d.cards[:-1])
    _g, err = replay_partial(four.rules, four.players, laid_only(four, draws=(wrong,)), four.history)
    assert err is not None
    assert (err.index, err.refusal.rule) == (d.after, "R16")
    assert err.refusal.message == (
        f"the record says Anna drew {len(d.cards) - 1} after move {d.after + 1}, but Anna draws {len(d.cards)} there"
    )
    # a refill after a move that ends no bout: nobody draws there
    k = d.after - 1
    _g, err = replay_partial(four.rules, four.players, laid_only(four, draws=(SeenDraw(k, 0, d.cards),)), four.history)
    assert err is not None and (err.index, err.refusal.rule) == (k, "R16")


def test_facts_no_deck_order_meets_are_setup_errors(four: Game) -> None:
    tu = four.trump_card
    assert tu is not None
    others = [c for c in deck(36) if c != tu]
    bad = {
        "R1": laid_only(four, hands=((0, (tu, *others[:5])),)),
        "R3": laid_only(four, hands=((0, tuple(others[:5])),)),
        "R4": laid_only(four, shown=((1, (next(c for c in others if c.suit != tu.suit),)),)),
    }
    for rule, deal in bad.items():
        with pytest.raises(SetupError) as exc:
            PartialGame(four.rules, four.players, deal)
        assert exc.value.rule == rule
    with pytest.raises(SetupError) as exc:
        check_partial(four.rules, four.players, laid_only(four, draws=(SeenDraw(999, 0, (others[0],)),)), four.history)
    assert exc.value.rule == "R16"


def test_recording_steps_and_replay_a_partial_deal(four: Game) -> None:
    deal = laid_only(four)
    rec = Recording(four.rules, four.players, deal=deal, moves=list(four.history))
    steps = list(rec.steps())
    assert len(steps) == len(four.history)
    assert [m for _g, m, _e in steps] == four.history
    assert all(not isinstance(ev, Drew) or isinstance(ev, UnseenDrew) for _g, _m, evs in steps for ev in evs)
    assert rec.new_game().position().table == ()
    assert rec.partial_game().moves == four.history
    # an illegal move: the RecordingError names the move and the rule
    k = next(i for i, m in enumerate(four.history) if m.action is Action.ATTACK and i > 0)
    moves = list(four.history)
    moves[k] = Move.attack(moves[k].player, [four.trump_card])
    bad = Recording(four.rules, four.players, deal=deal, moves=moves)
    with pytest.raises(RecordingError) as exc:
        bad.replay()
    assert (exc.value.move, exc.value.rule) == (k, "R1")
    assert "is the turned-up card under the talon" in exc.value.message
    with pytest.raises(RecordingError):
        bad.partial_game()
    # what a person may see before the illegal move (the STATE of validate --json)
    prefix, err = bad.partial()
    assert err is not None and err.index == k and len(prefix) == k
    assert prefix.seen_at(k) == err.game.seen()
    assert sum(prefix.seen_at(k).unknown) > 0
    whole, none = rec.partial()
    assert none is None and len(whole) == len(four.history)
    with pytest.raises(RecordingError):
        Recording(four.rules, four.players, start=true_states(four)[0].start()).partial()


# ----------------------------------------------------------------------------- the scorer's view


def test_candidates_for_a_cover_are_every_unseen_card_that_beats() -> None:
    game = real_game(seed=3)
    hand, _draws = scorer_facts(game, seat=0)
    deal = laid_only(game, hands=(hand,))
    live = PartialGame(game.rules, game.players, deal)
    lead = game.history[0]
    live.play(lead)
    d = live.defender
    assert d is not None
    target = lead.cards[0]
    unseen = [c for c in deck(36) if c not in hand[1] and c != game.trump_card and c not in lead.cards]
    covers = {Move.defend(d, c, x) for x in lead.cards for c in unseen if beats(c, x, live.trump)}
    got = live.candidates(d)
    assert len(covers) >= 4  # the higher hearts (trump) nobody has seen
    assert Move.take(d) in got
    assert {m for m in got if m.action is Action.DEFEND} == covers
    assert {m.action for m in got} == {Action.DEFEND, Action.TAKE}
    assert target in lead.cards
    # Anna, whose hand is known, has exactly the engine's moves; the others wait (R12)
    assert live.candidates(0) == live.witness().legal_moves(0)
    assert live.actors() == sorted({0, d})


def test_candidates_for_a_throw_in_are_only_ranks_on_the_table() -> None:
    game = real_game(seed=3)
    hand, _draws = scorer_facts(game, seat=0)
    live = PartialGame(game.rules, game.players, laid_only(game, hands=(hand,)))
    k = 0
    while True:  # up to the first pass by the attacker with another thrower to act
        m = game.history[k]
        live.play(m)
        k += 1
        if m.action is Action.PASS and m.player == 0 and len(live.throwers()) > 1:
            break
    table = live.witness().attack_cards + [c for c in live.witness().defence_cards if c is not None]
    ranks = {c.rank for c in table}
    s = next(t for t in live.throwers() if t != 0 and t in live.actors())
    single = {m.cards[0] for m in live.candidates(s) if m.action is Action.THROW and len(m.cards) == 1}
    named = {c for m in live.moves for c in m.cards}
    expected = {c for c in deck(36) if c.rank in ranks and c not in hand[1] and c not in named and c != game.trump_card}
    assert single == expected
    assert Move.pass_(s) in live.candidates(s)
    assert all(c.rank in ranks for m in live.candidates(s) for c in m.cards)


def test_undo_and_copy(four: Game) -> None:
    live = PartialGame(four.rules, four.players, laid_only(four))
    for m in four.history[:12]:
        live.play(m)
    before = live.seen()
    other = live.copy()
    live.play(four.history[12])
    assert live.undo() == four.history[12]
    assert live.seen() == before and live.moves == four.history[:12]
    other.play(four.history[12])
    assert len(other.moves) == 13 and len(live.moves) == 12
    with pytest.raises(IndexError):
        PartialGame(four.rules, four.players, laid_only(four)).undo()


# ----------------------------------------------------------------------------- R4, R5


def test_r4_a_shown_lowest_trump_names_the_first_attacker() -> None:
    for seed in range(20, 60):  # a deal whose lowest trump dealt is not the deck's lowest
        four = real_game(seed=seed)
        start = true_states(four)[0]
        a = first_attacker(four)
        low = min(c for c in start.hands[a] if c.suit == four.trump)
        if low.rank > 6:
            break
    assert four.dealer is not None
    deal = PartialDeal(dealer=four.dealer, turned_up=four.trump_card, shown=((a, (low,)),))
    live = PartialGame(four.rules, four.players, deal)
    assert live.attacker == a
    assert live.seen().hands[a] == (low,)
    other = (a + 1) % 4
    assert live.why_illegal(Move.attack(other, [low])) is not None
    check_partial(four.rules, four.players, deal, four.history)
    lower = [c for c in deck(36) if c.suit == four.trump and c < low]
    assert lower  # a lower trump was not dealt (R4): laid in the first bout, it is refused
    refusal = live.why_illegal(Move.attack(a, [lower[0]]))
    assert refusal is not None and refusal.rule == "R1"
    assert refusal.message == f"{lower[0].pretty} is still in the talon (by what was recorded)"


def test_r4_the_first_lead_decides_the_first_attacker_when_nobody_recorded_it(four: Game) -> None:
    assert four.dealer is not None
    deal = PartialDeal(dealer=four.dealer, turned_up=four.trump_card)
    live = PartialGame(four.rules, four.players, deal)
    assert live.attacker is None
    assert live.actors() == [0, 1, 2, 3]
    check_partial(four.rules, four.players, deal, four.history)
    # Anna's hand seen without a trump: she cannot hold the lowest trump dealt, and (not
    # left of the dealer) cannot lead first by "no trump dealt" either
    no_trump = tuple(c for c in deck(36) if c.suit != four.trump)[:6]
    dealer = 2  # Gleb (3) is left of the dealer
    blind = PartialGame(
        four.rules, four.players, PartialDeal(dealer=dealer, turned_up=four.trump_card, hands=((0, no_trump),))
    )
    refusal = blind.why_illegal(Move.attack(0, [no_trump[0]]))
    assert refusal is not None and refusal.rule == "R4"
    assert 0 not in blind.actors()


def test_r5_a_redeal_names_the_claimed_cards_and_starts_a_fresh_deal() -> None:
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    hearts = tuple(parse_cards("6H 8H TH QH AH"))
    deal = PartialDeal(dealer=3, turned_up=Card.parse("7C"), attacker=0, redeals=((0, Card.parse("9D")),))
    live = PartialGame(rules, NAMES, deal)
    assert 1 in live.actors()  # Boris may have been dealt five hearts
    claim = Move(1, Action.REDEAL, hearts)
    assert live.why_illegal(Move(1, Action.REDEAL, hearts[:4])).rule == "R5"  # type: ignore[union-attr]
    live.play(claim)
    assert live.trump == Card.parse("9D").suit
    assert live.seen() == Seen(((),) * 4, (6, 6, 6, 6), (None,) * 11 + (Card.parse("9D"),))
    assert live.attacker is None  # R4 decides from the new deal
    # a redeal whose new turned-up card was not recorded: the trump is unknown (R5)
    blind = PartialGame(rules, NAMES, PartialDeal(dealer=3, turned_up=Card.parse("7C"), attacker=0))
    refusal = blind.why_illegal(claim)
    assert refusal is not None and refusal.rule == "R5"
    # the claimed cards must be the claimant's: 7C is the turned-up card (R1)
    refusal = live.copy().why_illegal(Move(2, Action.REDEAL, tuple(parse_cards("7D 8D TD QD AD"))))
    assert refusal is not None


def test_r5_a_real_game_with_a_redeal_recorded_in_part() -> None:
    """A real game with a redeal (R5): recorded with the claimed cards and the new deal's
    turned-up card only, it is legal and the end is known."""
    rules = Rules.make("podkidnoy", redeal_five_of_suit=True)
    for seed in range(200):
        g = Game.deal(rules, NAMES, seed=seed)
        claimant = next((s for s in range(4) if g.can_play(Move.redeal(s))), None)
        if claimant is not None:
            break
    assert claimant is not None
    first = g.attacker
    suit = max(range(4), key=lambda u: sum(c.suit == u for c in g.hands[claimant]))
    cards = tuple(c for c in g.hands[claimant] if c.suit == suit)
    new_deck = list(deck(36))
    random.Random(seed).shuffle(new_deck)
    g.play(Move.redeal(claimant, new_deck))
    rng = random.Random(seed)
    while not g.finished:
        g.play(rng.choice([m for m in g.legal_moves() if m.action is not Action.REDEAL]))
    moves = [Move(claimant, Action.REDEAL, cards), *g.history[1:]]
    assert g.trump_card is not None and g.dealer is not None
    deal = PartialDeal(
        dealer=g.dealer,
        turned_up=Game.deal(rules, NAMES, seed=seed).trump_card,
        attacker=first,
        redeals=((0, g.trump_card),),
    )
    replay = check_partial(rules, NAMES, deal, moves)
    assert len(replay.decks) == 2
    assert replay.witness().result == g.result
    assert replay.seen_at(len(moves)).unknown == (0, 0, 0, 0)
    assert replay.seen_at(0).hands[claimant] == tuple(sorted(cards))
    assert replay.seen_at(1).talon[-1] == g.trump_card
    rec = Recording(rules, NAMES, deal=deal, moves=moves)
    assert rec.replay().result == g.result


def test_a_redeals_entry_for_a_move_that_is_no_redeal_is_refused(four: Game) -> None:
    deal = laid_only(four, redeals=((2, Card.parse("9D")),))
    with pytest.raises(SetupError) as exc:
        check_partial(four.rules, four.players, deal, four.history)
    assert (exc.value.rule, exc.value.message) == ("R5", "deal.redeals: move 3 is not a redeal")  # as people count
