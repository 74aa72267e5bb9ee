"""Replay.view(k, player): what one player may know, derived from the engine's moves and events.

Known cards of other players: picked up at a take (R14), shown for a transfer (R20), the
lowest trump shown for the first attack of a dealt game (R4, again after a redeal R5),
the turned-up trump drawn last from the talon (R3, R16); each until it is played again.
Everything else is hidden, as counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from test_replay import shared_recording

from durak_nb.cards import Card, Suit, deck, parse_cards
from durak_nb.engine import Move, Redealt, Took
from durak_nb.record import Deal, Recording
from durak_nb.replay import PlayerView, Replay
from durak_nb.rules import Rules

JSON_FILES = sorted(RECORDINGS.glob("*.json"))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text else ()


def codes(cs: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cs)


def dealt(rules: Rules, anna: str, boris: str, turned: str, **deal: Any) -> tuple[Rules, Deal]:
    """A 2-player deal (dealer Boris, so Anna gets the first card, R3) giving these hands
    and turning up ``turned``; the rest of the deck follows in deck order."""
    a, b = anna.split(), boris.split()
    top = [x for pair in zip(a, b, strict=True) for x in pair] + [turned]
    rest = [c.code for c in deck(rules.deck_size) if c.code not in top]
    return rules, Deal(1, cards(" ".join(top + rest)), **deal)


# ----------------------------------------------------------------------------- the take (R14), the last card (R16)


def test_view_after_take_and_last_draw_exact_r14_r16(pod: Replay) -> None:
    """Before move 6 Boris has picked up 6S 7S 6C 6D (R14) and Anna has drawn 9C and the
    turned-up TH (the talon's last card, R3, R16): each sees those of the other's cards."""
    assert pod.view(6, "Anna") == PlayerView(
        player=0,
        players=("Anna", "Boris"),
        hand=cards("9S 9C TH KH"),
        table=(),
        trump=Suit.H,
        trump_card=Card.parse("TH"),
        talon_size=0,
        discard_size=24,
        hand_sizes=(4, 8),
        known=(cards("9S 9C TH KH"), cards("6S 6D 6C 7S")),
        attacker=0,
        defender=1,
        bout=2,
        taking=False,
        out_order=(),
        result=None,
    )
    boris = pod.view(6, 1)
    assert boris.hand == cards("6S 6D 6C 7S 8D JH QC AS")
    assert boris.known == (cards("TH"), boris.hand)
    assert boris.hidden == (3, 0)
    assert pod.view(6, "Anna").hidden == (0, 4)


def test_view_before_the_pick_up_knows_nothing_r14(pod: Replay) -> None:
    """Take is declared at move 3, but the cards reach Boris's hand only when the bout
    ends (move 5): before that they lie on the table, public as the table."""
    v = pod.view(5, "Anna")
    assert v.taking is True
    assert v.table == ((Card.parse("6S"), Card.parse("7S")), (Card.parse("6C"), None), (Card.parse("6D"), None))
    assert (v.known[1], v.hidden, v.talon_size, v.trump_card) == ((), (0, 4), 2, Card.parse("TH"))


def test_known_cards_leave_the_hand_when_played_r14_r16(pod: Replay) -> None:
    """Boris leads 6S 6D (move 10), two of his known cards; Anna covers with TH (move 11),
    her known card: each leaves what is known."""
    assert [codes(pod.view(k, "Anna").known[1]) for k in range(15)] == ([""] * 6 + ["6S 6D 6C 7S"] * 5 + ["6C 7S"] * 4)
    assert [codes(pod.view(k, "Boris").known[0]) for k in range(15)] == [""] * 6 + ["TH"] * 6 + [""] * 3
    final = pod.view(14, "Anna")
    assert (final.hand, final.known[1], final.hidden, final.out_order) == ((), cards("6C 7S"), (0, 2), (0,))
    assert final.result == pod.result


def test_view_to_json(pod: Replay) -> None:
    assert pod.view(6, "Anna").to_json() == {
        "player": "Anna",
        "hand": ["9S", "9C", "TH", "KH"],
        "others": {"Boris": {"known": ["6S", "6D", "6C", "7S"], "hidden": 4}},
        "table": [],
        "trump": "H",
        "trump_card": "TH",
        "talon": 0,
        "discard": 24,
        "attacker": "Anna",
        "defender": "Boris",
        "bout": 2,
    }


# ----------------------------------------------------------------------------- over the board (seen)


def test_player_view_with_seen_keeps_to_what_the_recording_knows(pod: Replay) -> None:
    """Over the board (INTERCHANGE.md) ``player_view`` takes what the recording knows
    (``Seen``): the viewer's own hand is those cards (``hidden`` counts the rest), the
    others' known cards are those the viewer saw AND the recording knows (R14)."""
    from durak_nb.knowledge import player_view
    from durak_nb.unseen import Seen

    pos = pod.position(6)  # Anna 9S 9C TH KH; Boris picked up 6S 6D 6C 7S (R14)
    seen = Seen(hands=(cards("TH KH"), cards("6S 6C")), unknown=(2, 6), talon=())
    anna = player_view(pos, 0, pod.known(6), seen)
    assert (anna.hand, anna.known, anna.hidden) == (cards("TH KH"), (cards("TH KH"), cards("6S 6C")), (2, 6))
    assert anna.hand_sizes == (4, 8)
    assert anna.to_json()["hand_hidden"] == 2
    assert anna.to_json()["others"] == {"Boris": {"known": ["6S", "6C"], "hidden": 6}}
    boris = player_view(pos, 1, pod.known(6), seen)
    assert (boris.hand, boris.known, boris.hidden) == (cards("6S 6C"), (cards("TH"), cards("6S 6C")), (3, 6))
    # without seen (a full-deck game) nothing changes
    assert player_view(pos, 0, pod.known(6)) == pod.view(6, "Anna")
    assert "hand_hidden" not in pod.view(6, "Anna").to_json()


def test_full_deck_views_are_their_positions_seen(pod: Replay) -> None:
    assert not pod.partial
    for k in range(len(pod) + 1):
        view = pod.view(k, "Boris")
        assert view.hand == pod.seen(k).hands[1] == pod.position(k).hands[1]
        assert view.hidden[1] == pod.seen(k).unknown[1] == 0


# ----------------------------------------------------------------------------- the shown trump (R20)


def test_shown_trump_stays_known_in_hand_r20_and_take_r14(per: Replay) -> None:
    """Vera transfers by showing 7S (move 2): it stays in her hand, known to all; Anna
    then picks up 7C 7H (R14)."""
    assert [codes(k[2]) for k in (per.known(i) for i in range(7))] == ["", "", "", "7S", "7S", "7S", "7S"]
    anna = per.view(3, "Anna")
    assert anna.known == (cards("8C KD"), (), cards("7S"))
    assert anna.hidden == (0, 2, 2)
    assert anna.table == ((Card.parse("7C"), None), (Card.parse("7H"), None))
    boris = per.view(6, "Boris")
    assert boris.known == (cards("7H 7C"), cards("9D TD"), cards("7S"))
    assert boris.hand_sizes == (4, 2, 3)
    assert boris.hidden == (2, 0, 2)
    assert per.known(6) == (cards("7H 7C"), (), cards("7S"))


# ----------------------------------------------------------------------------- R4 and R5


def test_r4_lowest_trump_shown_then_forgotten_by_redeal_r5() -> None:
    """Dealt game (hearts, AH turned up): Boris holds 7H, the lowest trump, and attacks
    first (R4): everyone knows he holds 7H.  Anna, dealt five spades, claims a redeal (R5):
    new hands, and the new lowest trump (6D, Anna's) is shown.  Anna leads 7C, Boris takes
    it (R14)."""
    rules, deal = dealt(
        Rules.make("podkidnoy", redeal_five_of_suit=True), "6S 7S 8S 9S TS 9H", "6C 7C 8C 9D 7H JD", "AH"
    )
    _, again = dealt(rules, "6D 7C 8H 9S TC QH", "7D 8C 9H TS JC KS", "AD")
    rec = Recording(
        rules,
        ("Anna", "Boris"),
        deal=deal,
        moves=[Move.redeal(0, again.deck), Move.attack(0, "7C"), Move.take(1), Move.pass_(0)],
    )
    r = Replay(rec)
    assert r.position(0).attacker == 1
    assert r.known(0) == ((), cards("7H"))
    assert r.view(0, "Anna").hidden == (0, 5)
    assert r.events(0) == (Redealt(0),)
    assert (r.position(1).trump, r.position(1).attacker) == (Suit.D, 0)
    assert r.known(1) == (cards("6D"), ())
    assert r.known(2) == (cards("6D"), ())  # Anna led 7C, not the shown trump
    assert r.events(3)[0] == Took(1, cards("7C"))
    assert r.known(4) == (cards("6D"), cards("7C"))
    assert r.view(4, "Anna").hidden == (0, 6)
    assert r.view(4, "Boris").hidden == (5, 0)


def test_r4_nothing_shown_with_an_explicit_attacker_or_no_trump_or_a_set_up_position(pod: Replay) -> None:
    """R4: a deal that names the first attacker (a later game of a match) shows nothing;
    nor does a deal where nobody holds a trump (the player left of the dealer leads); nor a
    set-up position (``start``)."""
    rules, deal = dealt(Rules.make("podkidnoy"), "6S 7S 8S 9S TS 9H", "6C 7C 8C 9D 7H JD", "AH", attacker=0)
    named = Replay(Recording(rules, ("Anna", "Boris"), deal=deal))
    assert (named.position(0).attacker, named.known(0)) == (0, ((), ()))
    rules, deal = dealt(Rules.make("podkidnoy"), "6S 7S 8S 9S TS JD", "6C 7C 8C 9D QD KD", "AH")
    none = Replay(Recording(rules, ("Anna", "Boris"), deal=deal))
    assert (none.position(0).attacker, none.known(0)) == (0, ((), ()))
    assert pod.known(0) == ((), ())


def test_r4_shown_trump_in_the_shared_recording() -> None:
    """recordings/podkidnoy-2p.json: Boris holds TH, Anna AH (hearts, 7H turned up):
    Boris's TH is known until he leads it (move 0)."""
    path = shared_recording("podkidnoy-2p.json")
    r = Replay.load(path)
    assert r.known(0) == ((), cards("TH"))
    assert r.view(0, "Anna").hidden == (0, 5)
    assert r.known(1) == ((), ())


def test_shown_trump_laid_on_a_second_transfer_leaves_what_is_known_r20_r21() -> None:
    """recordings/show-trump-transfer.json: Boris shows 9H (R20) and keeps it; Anna
    transfers back (R21); transferred onto again in the same bout, Boris must lay 9H."""
    path = shared_recording("show-trump-transfer.json")
    r = Replay.load(path)
    assert [codes(r.known(k)[1]) for k in range(len(r) + 1)] == ["", "", "9H", "9H", "", "", "", "", ""]
    assert r.view(2, "Anna").hidden == (0, 5)


def test_r4_lowest_trump_in_japanese_and_english_recordings_r8_r9() -> None:
    """R4 with R8 (diamonds always trump, nothing turned up) and in English durak."""
    japanese, english = shared_recording("japanese-3p.json"), shared_recording("english-4p.json")
    j = Replay.load(japanese)
    assert (j.position(0).trump_card, j.known(0)) == (None, (cards("8D"), (), ()))
    e = Replay.load(english)
    assert e.known(0) == (cards("6H"), (), (), ())


def test_view_seat_errors(pod: Replay) -> None:
    with pytest.raises(KeyError):
        pod.view(0, "Vera")
    with pytest.raises(KeyError):
        pod.view(0, 2)
    with pytest.raises(IndexError):
        pod.view(15, 0)


# ----------------------------------------------------------------------------- every recording


def test_the_shared_json_recordings_are_there() -> None:
    """The parametrized test below checks every JSON recording: with none, it would
    pass without checking anything."""
    assert len(JSON_FILES) >= 20, "the shared JSON recordings are missing"


@pytest.mark.parametrize("path", JSON_FILES, ids=[p.name for p in JSON_FILES])
def test_known_cards_are_in_the_hand_in_every_recording(path: Path) -> None:
    """At every index of every recording (R1-R27 games), what is known of a seat is in its
    hand; a view's public parts are the position's; hidden counts add up."""
    r = Replay.load(path)
    for k in range(len(r) + 1):
        pos = r.position(k)
        known = r.known(k)
        for s in range(len(r.players)):
            assert set(known[s]) <= set(pos.hands[s]), (k, s)
            v = r.view(k, s)
            assert v.hand == pos.hands[s]
            assert v.known == tuple(pos.hands[t] if t == s else known[t] for t in range(len(r.players)))
            assert (v.table, v.trump, v.trump_card, v.talon_size, v.discard_size) == (
                pos.table,
                pos.trump,
                pos.trump_card,
                len(pos.talon),
                len(pos.discard),
            )
            assert sum(v.hidden) == sum(len(h) for h in pos.hands) - sum(len(x) for x in v.known)
