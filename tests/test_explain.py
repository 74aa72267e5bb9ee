"""durak_nb.explain: one reading of a move serves its rule ids and its words.

The beating clause of a cover is the engine's (cards.beat_clause): R6, R7 (the trump six
over the trump ace) and R8 (japanese: a spade only by a higher spade) come out the same
in the table's rule ids and in the learner's words.
"""

from __future__ import annotations

from durak_nb.engine import Bito, Drew, Game, GameOver, Move, Out, Result, Took
from durak_nb.explain import Reading, caused, ends_bout, move_rules, reading
from durak_nb.rules import Rules


def cover(preset: str | Rules, hands: dict[str, str], trump: str, lead: str, card: str) -> tuple[Game, Move, tuple]:
    """The game after Anna leads ``lead`` and Boris covers it with ``card``; returns the
    game, the cover and (before, events, after) of the cover."""
    g = Game.from_position(
        preset,
        ["Anna", "Boris"],
        hands=hands,
        talon="",
        trump=trump,
        attacker="Anna",
        first_bito_done=True,
        rest_to_discard=True,
    )
    g.attack("Anna", lead)
    before = g.position()
    move = Move.defend(1, card, lead)
    events = tuple(g.play(move))
    return g, move, (before, events, g.position())


def test_r6_r7_r8_cover_clause_from_the_engine() -> None:
    _, m6, (b6, e6, a6) = cover("podkidnoy", {"Anna": "7S 8D", "Boris": "9S 9D"}, "H", "7S", "9S")
    assert reading(m6, b6, a6, Rules.make("podkidnoy")) == Reading("cover", clause="R6")
    assert move_rules(m6, b6, e6, a6, Rules.make("podkidnoy")) == ("R6",)

    r7 = Rules.make("podkidnoy", trump_six_beats_ace=True)
    _, m7, (b7, e7, a7) = cover(r7, {"Anna": "AH 8D", "Boris": "6H 9D"}, "H", "AH", "6H")
    assert reading(m7, b7, a7, r7) == Reading("cover", clause="R7")
    assert move_rules(m7, b7, e7, a7, r7) == ("R7",)

    jp = Rules.make("japanese")
    gj, mj, (bj, ej, aj) = cover(jp, {"Anna": "7S 8C", "Boris": "9S 9C"}, "D", "7S", "9S")
    assert reading(mj, bj, aj, jp) == Reading("cover", clause="R8")
    assert move_rules(mj, bj, ej, aj, jp) == ("R8",)
    assert gj.beat_clause("9S", "7S") == "R8"


def test_a_multi_card_lead_binds_r13_and_a_transfer_back_is_r21() -> None:
    g = Game.from_position(
        "perevodnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S 7C 9D 9S 8S", "Boris": "7H 8D 9C"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        bout=2,
        rest_to_discard=True,
    )  # bout 2: no transfer in the first bout (R19)
    before = g.position()
    lead = Move.attack(0, "7S 7C")
    events = g.play(lead)
    assert move_rules(lead, before, events, g.position(), g.rules) == ("R9", "R13")
    before = g.position()
    back = Move.transfer(1, "7H")
    events = g.play(back)
    assert reading(back, before, g.position(), g.rules) == Reading("transfer", back=True)
    assert move_rules(back, before, events, g.position(), g.rules) == ("R17", "R21")


def test_caused_sorts_the_events_of_a_move_once() -> None:
    result = Result(durak=1, draw=False, epaulettes=True, out_order=(0,), losing_team=None, rule="R25")
    events = [Bito(()), Drew(0, ()), Drew(1, ()), Out(0), GameOver(result)]
    got = caused(events)
    assert (got.took, got.bito, got.drew, got.out, got.lead_passed, got.redealt) == (
        None,
        Bito(()),
        (Drew(0, ()), Drew(1, ())),
        (Out(0),),
        (),
        None,
    )
    assert got.game_over == GameOver(result)
    assert ends_bout(events) and ends_bout([Took(1, ())]) and not ends_bout([Drew(0, ())])
    assert [e.rule for e in events] == ["R15", "R16", "R16", "R24", "R25"]


def _rules_uncached(move: Move, before: object, events: tuple, after: object, rules: Rules) -> tuple[str, ...]:
    """move_rules as it was before its pure part was cached: the reference."""
    from durak_nb.explain import _KIND_RULES, _rule_key

    read = reading(move, before, after, rules)  # type: ignore[arg-type]
    ids = set(_KIND_RULES[read.kind])
    if read.kind == "lead" and len(move.cards) > 1:
        ids.add("R13")
    if read.clause is not None:
        ids.add(read.clause)
    if read.back:
        ids.add("R21")
    for e in events:
        ids.add(e.rule)
        if isinstance(e, GameOver) and e.result.epaulettes:
            ids.add("R26")
    if ends_bout(events) and after.result is None:  # type: ignore[attr-defined]
        ids.add("R23")
    return tuple(sorted(ids, key=_rule_key))


def test_move_rules_cached_part_gives_the_ids_it_gave_and_stays_bounded() -> None:
    """The pure part of move_rules (explain._rule_ids) is cached, bounded: every move of
    self-play games of every preset gets the ids the uncached reading gave."""
    from durak_nb import explain
    from durak_nb.rules import PRESETS
    from durak_nb.selfplay import record_bot_game

    assert explain._rule_ids.cache_info().maxsize == 4096
    seen: set[tuple[str, ...]] = set()
    for preset in sorted(PRESETS):
        for players in (2, 3):
            steps: list[tuple] = []
            keep = steps.append
            rec = record_bot_game(preset, players, 5, on_step=lambda b, m, e, a, keep=keep: keep((b, m, tuple(e), a)))
            for before, move, events, after in steps:
                got = move_rules(move, before, events, after, rec.rules)
                assert got == _rules_uncached(move, before, events, after, rec.rules)
                seen.add(got)
    assert {("R11", "R12", "R13", "R14"), ("R12", "R15", "R16", "R23"), ("R17", "R21"), ("R9", "R13")} <= seen
    assert explain._rule_ids.cache_info().currsize <= 4096
