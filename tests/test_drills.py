"""Drills (durak_nb/lessons/drills.py) and the drill widget (durak_nb/views/drills.py).

Every generated drill's stated answer is recomputed here through the engine, by a
different road than the generator's: ``throw_in_room`` throws k and k+1 cards with
``why_illegal``; ``draw_order`` plays the bout's last move and reads the ``Drew``
events; ``next_attacker`` reads the position after the bout's end; ``may_transfer``
asks ``why_illegal`` of the transfer; ``how_it_ends`` plays the last move and reads the
result; ``legal_move`` asks ``why_illegal`` of every option's move.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets.widgets import widget as widget_module

from durak_nb.cards import Card
from durak_nb.engine import Action, Bito, Drew, Game, Move, Took
from durak_nb.explain import move_words
from durak_nb.lessons import drills
from durak_nb.lessons.drills import KIND_LESSONS, KINDS, Drill, DrillError, make
from durak_nb.views.drills import DrillWidget

CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")
SEEDS = st.integers(min_value=0, max_value=2**31)


def person_texts(d: Drill) -> list[str]:
    return [d.context, d.question, *d.options, d.reason, *d.mistakes]


def pretty_draws(game: Game, events: list) -> str:
    """The draws of ``events`` in words, one player's cards in a row merged (R16)."""
    merged: list[tuple[int, list[Card]]] = []
    for e in events:
        if isinstance(e, Drew):
            if merged and merged[-1][0] == e.player:
                merged[-1][1].extend(e.cards)
            else:
                merged.append((e.player, list(e.cards)))
    return ", then ".join(f"{game.players[s]} draws {' '.join(c.pretty for c in cs)}" for s, cs in merged)


# ----------------------------------------------------------------------------- the engine's answer, per kind


def check_which_beats(d: Drill) -> None:
    g = d.game()
    target = g.attack_cards[0]
    assert len(g.attack_cards) == 1 and g.defender == 1 and d.move is None
    assert d.question.startswith(f"{g.players[0]} leads {target.pretty} at {g.players[1]}.")
    assert [(m.action, m.player, m.target) for m in d.option_moves] == [(Action.DEFEND, 1, target)] * 4
    assert d.options == tuple(m.cards[0].pretty for m in d.option_moves)
    refusals = [g.why_illegal(m) for m in d.option_moves]
    assert [r is None for r in refusals] == [i == d.answer for i in range(4)]
    assert d.rule == g.beat_clause(d.option_moves[d.answer].cards[0], target)
    for i, r in enumerate(refusals):
        if r is not None:
            assert d.mistakes[i] == str(r) + "."
    assert d.rules.japanese == (d.rule == "R8") and d.rules.trump_six_beats_ace == (d.rule == "R7")


def check_legal_move(d: Drill) -> None:
    g = d.game()
    assert len(d.option_moves) == len(d.options) >= 3
    refusals = [g.why_illegal(m) for m in d.option_moves]
    assert [r is None for r in refusals] == [i == d.answer for i in range(len(d.options))]
    assert d.options == tuple(move_words(m, g.players) for m in d.option_moves)
    # mistakes of different kinds: of different rules, or (lesson 2's leads, R9 only) one
    # by a player who may not act now and one by the player who may
    acting = {m.player for m in g.legal_moves()}
    kinds = {(r.rule, m.player in acting) for m, r in zip(d.option_moves, refusals, strict=True) if r is not None}
    assert len(kinds) >= 2
    for i, r in enumerate(refusals):
        if r is not None:
            assert d.mistakes[i] == f"“{d.options[i]}” is not legal: {r}."
    assert d.reason.startswith(f"“{d.options[d.answer]}” is the legal move ({d.rule}")


def check_throw_in_room(d: Drill) -> None:
    g = d.game()
    k = d.answer
    assert d.rule in ("R13a", "R13b", "R13c")
    assert max(g.room(), 0) == k
    throws = [m for m in g.legal_moves() if m.action is Action.THROW]
    assert max((len(m.cards) for m in throws), default=0) == k
    ranks = {c.rank for a, b in g.table for c in (a, b) if c is not None}
    refused_by = set()
    for s in g.throwers():
        if g.why_illegal(Move.pass_(s)) is not None:  # not this thrower's turn (R12)
            continue
        cards = [c for c in g.hands[s] if c.rank in ranks]
        if len(cards) > k:
            if k:
                assert g.why_illegal(Move.throw(s, cards[:k])) is None  # k cards may follow
            refusal = g.why_illegal(Move.throw(s, cards[: k + 1]))  # k + 1 may not
            assert refusal is not None
            refused_by.add(refusal.rule)
    assert refused_by == {d.rule}
    assert d.reason.startswith(f"[{d.rule}] ")
    assert ("no more may follow" in d.reason) == (k == 0)
    assert (f"only {k} more may follow" in d.reason) == (k > 0)


def check_draw_order(d: Drill) -> None:
    g = d.game()
    assert d.move is not None and d.rule == "R16"
    events = g.play(d.move)
    assert any(isinstance(e, Bito | Took) for e in events) and not g.finished
    assert len({e.player for e in events if isinstance(e, Drew)}) >= 2
    assert d.options[d.answer] == pretty_draws(g, events)
    assert len(set(d.options)) == len(d.options) >= 3


def check_next_attacker(d: Drill) -> None:
    g = d.game()
    assert d.move is not None and d.rule == "R23"
    events = g.play(d.move)
    assert any(isinstance(e, Bito | Took) for e in events) and not g.finished
    assert g.attacker is not None
    assert d.options[d.answer] == g.players[g.attacker]


def check_may_transfer(d: Drill) -> None:
    g = d.game()
    m = d.move
    assert m is not None and m.action is Action.TRANSFER and m.player == g.defender and len(m.cards) == 1
    assert d.question.endswith(f"May {g.players[m.player]} transfer with {m.cards[0].pretty}?")
    refusal = g.why_illegal(m)
    assert d.options[d.answer] == ("Yes" if refusal is None else "No")
    if refusal is None:
        assert d.rule == "R17"
        after = g.copy()
        after.play(m)
        assert after.defender is not None and g.players[after.defender] in d.reason
    else:
        assert d.rule == refusal.rule
        assert str(refusal) in d.reason


def check_how_it_ends(d: Drill) -> None:
    g = d.game()
    assert d.move is not None and not g.talon
    g.play(d.move)
    r = g.result
    assert r is not None
    if r.draw:
        expected = "Nobody: the game is a draw"
    elif r.epaulettes:
        expected = f"{g.players[r.durak]} is the durak, with epaulettes"
    else:
        expected = f"{g.players[r.durak]} is the durak"
    assert d.options[d.answer] == expected
    assert d.rule == ("R26" if r.epaulettes else r.rule)


def check_best_move(d: Drill) -> None:
    from durak_nb.analysis import solve

    g = d.game()
    sol = solve(g)
    value = {e.move: (0 if e.durak == sol.to_act else 1 if e.durak is None else 2) for e in sol.evaluations}
    best = max(value.values())
    assert value[d.option_moves[d.answer]] == best
    assert all(value[m] < best for i, m in enumerate(d.option_moves) if i != d.answer)
    assert d.options == tuple(move_words(m, g.players) for m in d.option_moves)
    assert d.question.startswith(f"{g.players[sol.to_act]} to decide.")
    assert d.rule == "R25" and d.reason.startswith(f"[R25] “{d.options[d.answer]}” gives ")


CHECKS = {
    "which_beats": check_which_beats,
    "legal_move": check_legal_move,
    "throw_in_room": check_throw_in_room,
    "draw_order": check_draw_order,
    "next_attacker": check_next_attacker,
    "may_transfer": check_may_transfer,
    "how_it_ends": check_how_it_ends,
    "best_move": check_best_move,
}


def test_every_kind_is_checked_and_has_a_lesson():
    assert set(CHECKS) == set(KINDS) == set(KIND_LESSONS)
    assert KIND_LESSONS == {
        "which_beats": 1,
        "legal_move": 2,
        "throw_in_room": 3,
        "draw_order": 4,
        "next_attacker": 4,
        "may_transfer": 5,
        "how_it_ends": 6,
        "best_move": 8,
    }


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_the_stated_answer_is_the_engines(kind, seed):
    d = make(kind, seed)
    assert (d.kind, d.seed) == (kind, seed)
    CHECKS[kind](d)
    # the verdicts: the answer is right, every other answer is wrong and says why, with the rule
    assert d.check(d.answer) == (True, f"✔ Right: {d.reason}")
    assert f"[{d.rule}]" in d.reason or f"({d.rule}" in d.reason
    wrong = [d.answer + 1, d.answer + 2] if d.numeric else [i for i in range(len(d.options)) if i != d.answer]
    for i in wrong:
        verdict = d.check(i)
        assert not verdict.right
        expected = f"✘ Not {i}: {d.reason}" if d.numeric else f"✘ {d.mistakes[i]} {d.reason}"
        assert verdict.text == expected
    assert len(set(d.options)) == len(d.options)
    # a person reads 10♥, never a code nor a raw repr
    for text in person_texts(d):
        assert not CODE.search(text), text
        assert "Move(" not in text and "Card(" not in text and "Refusal(" not in text


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_drill(kind, seed):
    assert make(kind, seed) == make(kind, seed)


@pytest.mark.parametrize("kind", KINDS)
def test_seeds_give_varied_positions(kind):
    drills_ = [make(kind, s) for s in range(12)]
    assert len({(d.start, d.moves) for d in drills_}) == 12
    assert len({d.question + " ".join(d.options) + d.reason for d in drills_}) >= 8


def test_answers_vary_within_a_kind():
    assert {make("which_beats", s).rule for s in range(30)} == {"R6", "R7", "R8"}
    assert {make("throw_in_room", s).answer for s in range(30)} >= {0, 1, 2, 3}
    assert {make("throw_in_room", s).rule for s in range(30)} == {"R13a", "R13b", "R13c"}
    assert {make("may_transfer", s).options[make("may_transfer", s).answer] for s in range(20)} == {"Yes", "No"}
    assert {make("may_transfer", s).rule for s in range(30)} >= {"R17", "R18", "R19"}
    # lesson 2's drill: a lead, a cover or a throw-in; never a transfer (lesson 5)
    assert {make("legal_move", s).option_moves[make("legal_move", s).answer].action for s in range(30)} == {
        Action.ATTACK,
        Action.THROW,
        Action.DEFEND,
    }
    ends = {make("how_it_ends", s).reason.split(":")[-1].strip() for s in range(40)}
    assert "the game is a draw." in ends
    assert any(e.endswith("with epaulettes.") for e in ends)
    ends_with = {type(e) for s in range(30) for e in _ending_events(make("next_attacker", s))}
    assert {Took, Bito} <= ends_with


def _ending_events(d: Drill) -> list:
    g = d.game()
    assert d.move is not None
    return g.play(d.move)


# ----------------------------------------------------------------------------- exact texts, one seed per kind


def test_which_beats_texts():
    d = make("which_beats", 1)
    assert d.players == ("Egor", "Boris")
    assert d.context == "Podkidnoy durak, 2 players. Trump: ♥."
    assert d.question == "Egor leads 7♦ at Boris. Which of these cards of Boris's may cover it?"
    assert (d.options, d.answer, d.rule) == (("7♠", "8♠", "10♥", "J♠"), 2, "R6")
    assert d.check(0).text == (
        "✘ [R6] 7♠ does not beat 7♦: a card is beaten by a higher card of its suit or by a trump (♥). "
        "[R6] 10♥ is a trump, and a trump beats any card of another suit: it beats 7♦."
    )
    d = make("which_beats", 0)
    assert d.context == (
        "Japanese durak, 2 players. Trump: ♦, always (R8). "
        "In japanese durak a spade is beaten only by a higher spade, never by a trump (R8)."
    )
    assert (d.options, d.answer, d.rule) == (("K♥", "A♠", "A♣", "7♦"), 1, "R8")
    assert d.check(3).text == (
        "✘ [R8] 7♦ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♦); "
        "spades only by higher spades. [R8] A spade is beaten only by a higher spade: A♠ beats 7♠."
    )


def test_legal_move_text():
    d = make("legal_move", 11)
    assert d.players == ("Boris", "Vera", "Anna", "Egor")
    assert d.context == "Podkidnoy durak, 4 players. Trump: ♥."
    assert d.question == "Which of these moves is legal now?"
    assert d.options == ("Boris throws in K♠", "Egor covers 6♥ with 7♦", "Vera throws in 7♠", "Anna throws in Q♦")
    assert d.answer == 2
    assert d.rule == "R11"
    # legal by R11 and R12; within R13's limits too, but lesson 2 has not taught them
    assert d.reason == "“Vera throws in 7♠” is the legal move (R11, R12)."
    assert d.check(0).text == (
        "✘ “Boris throws in K♠” is not legal: [R11] K♠: only ranks already on the table may be thrown in. "
        "“Vera throws in 7♠” is the legal move (R11, R12)."
    )
    assert d.check(1).text == (
        "✘ “Egor covers 6♥ with 7♦” is not legal: [R6] 7♦ does not beat 6♥: a card is beaten by a higher card "
        "of its suit or by a trump (♥). “Vera throws in 7♠” is the legal move (R11, R12)."
    )
    d = make("legal_move", 20)  # a lead: R9's two mistakes, a lead out of turn and one of two ranks
    assert d.options == ("Boris attacks 10♠ 10♦", "Vera attacks 6♥", "Boris attacks 10♥ K♠", "Boris attacks 10♥ Q♣")
    assert (d.answer, d.rule) == (0, "R9")
    assert d.mistakes[1:] == (
        "“Vera attacks 6♥” is not legal: [R9] it is Boris's lead, not Vera's.",
        "“Boris attacks 10♥ K♠” is not legal: [R9] a lead is one or more cards of one rank.",
        "“Boris attacks 10♥ Q♣” is not legal: [R9] a lead is one or more cards of one rank.",
    )


def test_throw_in_room_text():
    d = make("throw_in_room", 14)
    assert d.numeric and d.options == () and d.mistakes == ()
    assert d.context == "Podkidnoy durak, 4 players. Trump: ♦. A bout has already ended in bito."
    assert d.question == "Egor defends. How many more cards may still be thrown in during this bout?"
    assert (d.answer, d.rule) == (2, "R13a")
    assert d.check(4).text == (
        "✘ Not 4: [R13a] A bout holds at most 6 attack cards; this one has 4, so only 2 more may follow."
    )
    assert d.check(2).text == (
        "✔ Right: [R13a] A bout holds at most 6 attack cards; this one has 4, so only 2 more may follow."
    )


def test_draw_order_text():
    d = make("draw_order", 36)
    assert d.players == ("Dasha", "Gleb", "Anna")
    assert d.rules.preset == "podkidnoy"  # lesson 4: no perevodnoy before lesson 5
    assert d.context == (
        "Podkidnoy durak, 3 players. Trump: ♣. Gleb led this bout. The talon, top card first: "
        "J♥ Q♠ Q♦ A♦ 6♦ K♣ 7♠ 6♠, and 10 cards more. Its last card is the turned-up trump Q♣."
    )
    assert d.question == "Next: Dasha passes, and the bout ends. Who draws which cards, in which order?"
    assert d.options == (
        "Anna draws J♥ Q♠ Q♦, then Gleb draws A♦ 6♦, then Dasha draws K♣",
        "Gleb draws J♥ Q♠, then Dasha draws Q♦, then Anna draws A♦ 6♦ K♣",
        "Gleb draws J♥ Q♠, then Anna draws Q♦ A♦ 6♦, then Dasha draws K♣",
        "Gleb draws J♥, then Dasha draws Q♠, then Anna draws Q♦, then Gleb draws A♦, then Anna draws 6♦ K♣",
    )
    assert d.answer == 1
    assert d.check(0).text == (
        "✘ [R16] The defender draws last, not first. [R16] Gleb led the bout and draws first, then the others "
        "clockwise, and Anna, the defender, last; each draws up to 6 cards: Gleb draws J♥ Q♠, then Dasha draws "
        "Q♦, then Anna draws A♦ 6♦ K♣."
    )
    assert d.check(2).text.startswith("✘ [R16] The defender draws last, after every other player, wherever they")
    assert d.check(3).text.startswith("✘ [R16] Each player draws all the cards they need at once. [R16] Gleb led")


def test_next_attacker_text():
    d = make("next_attacker", 11)
    assert d.players == ("Anna", "Vera", "Dasha", "Boris", "Egor")
    assert d.context == "Podkidnoy durak, 5 players. Trump: ♦."
    assert d.question == "Next: Boris passes, and the bout ends. Who attacks next?"
    assert d.options == ("Anna", "Vera", "Dasha", "Boris", "Egor")
    assert d.answer == 1
    assert d.check(4).text == (
        "✘ Not Egor: Egor has no cards. [R23] After a take the player left of the defender attacks next: Vera."
    )
    assert d.check(0).text == (
        "✘ Not Anna: Anna picked up the cards and loses the next attack. [R23] After a take the player left of "
        "the defender attacks next: Vera."
    )
    assert d.check(2).text.startswith("✘ Not Dasha. [R23] After a take")


def test_may_transfer_text():
    d = make("may_transfer", 10)
    assert d.players == ("Dasha", "Boris", "Anna", "Egor")
    assert d.context == "Perevodnoy durak (with transfers), 4 players. Trump: ♦."
    assert d.question == "Egor defends. May Egor transfer with 6♣?"
    assert (d.options, d.answer, d.rule) == (("Yes", "No"), 1, "R18")
    assert d.check(0).text == (
        "✘ Not so. Egor may not transfer with 6♣: [R18] no transfer once an attack card is covered."
    )
    d = make("may_transfer", 0)
    assert (
        d.check(0).text == "✘ Not so. Dasha may not transfer with 9♣: [R19] no transfer in the first bout of the game."
    )


def test_how_it_ends_texts():
    d = make("how_it_ends", 13)
    assert d.players == ("Dasha", "Boris")
    assert d.context == "Podkidnoy durak, 2 players. Trump: ♥. The talon is empty."
    assert d.question == "Next: Dasha takes. How does the game end?"
    assert d.options == (
        "Dasha is the durak",
        "Nobody: the game is a draw",
        "Boris is the durak",
        "Dasha is the durak, with epaulettes",
    )
    assert (d.answer, d.rule) == (3, "R26")
    assert d.check(0).text == (
        "✘ Not only that: look at the lead. [R26] Dasha is the last player holding cards, and the last bout "
        "against Dasha was led with two sixes: Dasha is the durak with epaulettes."
    )
    d = make("how_it_ends", 23)  # draws off (R25)
    assert d.context.endswith(
        "The talon is empty. House rule: no draws. If the last players run out of cards in the same bout, "
        "the defender of that bout loses (R25)."
    )
    assert d.options[d.answer] == "Egor is the durak"
    assert d.reason == (
        "[R25] Anna and Egor run out of cards in the same bout; with draws off, the defender of that last bout "
        "loses: Egor is the durak."
    )


# ----------------------------------------------------------------------------- errors and bounds


def test_unknown_kind_and_bad_seed():
    with pytest.raises(DrillError) as info:
        make("nonsense", 1)
    assert str(info.value) == (
        "unknown drill kind 'nonsense': use one of which_beats, legal_move, throw_in_room, draw_order, next_attacker, "
        "may_transfer, how_it_ends, best_move"
    )
    with pytest.raises(TypeError):
        make("legal_move", "1")  # type: ignore[arg-type]
    with pytest.raises(DrillError):
        DrillWidget(["legal_move", "nonsense"])


def test_bounded_work(monkeypatch):
    calls = []

    def never(rng, plan, known):
        calls.append(1)

    monkeypatch.setitem(drills._GENERATORS, "legal_move", never)
    with pytest.raises(DrillError) as info:
        make("legal_move", 5)
    assert len(calls) == drills.MAX_TRIES == 200
    assert str(info.value) == "no legal_move drill found in 200 candidate games with seed 5"
    assert info.value.rule is None


# ----------------------------------------------------------------------------- the widget


def shown(w: widgets.Widget) -> bool:
    return w.layout.display != "none"


def test_widget_numeric_answer_and_score():
    w = DrillWidget(["throw_in_room"], seed=49)
    assert w.drill == make("throw_in_room", 49)
    assert shown(w.number_row) and not shown(w.options_box)
    assert "Boris defends. How many more cards may still be thrown in during this bout?" in w.board.value
    assert "<svg" in w.board.value
    assert w.score_text == "Score: nothing answered yet."
    w.number_box.value = 2
    w.check_button.click()
    assert (
        w.feedback == "✘ Not 2: [R13a] A bout holds at most 6 attack cards; this one has 3, so only 3 more may follow."
    )
    assert 'class="dnb-wrong"' in w.feedback_view.value and "[R13a] A bout holds at most 6" in w.feedback_view.value
    assert w.score_text == "Score: 0 of 1 right."
    assert "Score: 0 of 1 right." in w.score_view.value
    w.number_box.value = 3
    w.check_button.click()  # right now, but only the first answer counts
    assert w.feedback.startswith("✔ Right: [R13a]")
    assert w.score_text == "Score: 0 of 1 right."
    w.next_button.click()
    assert w.drill == make("throw_in_room", 50)
    assert (w.feedback, w.feedback_view.value) == ("", "")
    assert w.answer(w.drill.answer) is True
    assert w.score_text == "Score: 1 of 2 right."


def test_widget_options_click_wrong_then_right():
    w = DrillWidget("legal_move", seed=11)
    buttons = w.option_buttons
    assert [b.description for b in buttons] == list(make("legal_move", 11).options)
    assert shown(w.options_box) and not shown(w.number_row)
    buttons[1].click()
    assert w.feedback == (
        "✘ “Egor covers 6♥ with 7♦” is not legal: [R6] 7♦ does not beat 6♥: a card is beaten by a higher card "
        "of its suit or by a trump (♥). “Vera throws in 7♠” is the legal move (R11, R12)."
    )
    assert [b.button_style for b in buttons] == ["", "danger", "", ""]
    assert w.score_text == "Score: 0 of 1 right."
    buttons[2].click()
    assert w.feedback == "✔ Right: “Vera throws in 7♠” is the legal move (R11, R12)."
    assert [b.button_style for b in buttons] == ["", "", "success", ""]
    w.another()
    assert w.drill == make("legal_move", 12)
    assert [b.description for b in buttons if shown(b)] == list(w.drill.options)
    assert all(b.button_style == "" for b in buttons)
    assert w.score_text == "Score: 0 of 1 right."


def test_widget_updates_values_not_widgets():
    w = DrillWidget(["legal_move", "next_attacker", "may_transfer"], seed=3)
    children = w.children
    models = set(widget_module._instances)
    most = max(len(w.drill.options), 1)
    for _ in range(8):
        w.another()
        most = max(most, len(w.drill.options))
        assert w.children is children or w.children == children
    new = set(widget_module._instances) - models
    # only option buttons are ever added (the pool grows to the most options shown)
    assert all(isinstance(widget_module._instances[k], widgets.Button) for k in new)
    assert len(w.option_buttons) == most
    for b in w.option_buttons[len(w.drill.options) :]:
        assert not shown(b)
        before = w.feedback
        b.click()  # a hidden button does nothing
        assert w.feedback == before


def test_widget_models_are_few():
    from ipywidgets.embed import dependency_state

    w = DrillWidget(["throw_in_room"], seed=2)
    assert len(dependency_state(w)) == 20  # boxes, three HTML, two buttons, the number box, shared styles
    w = DrillWidget(["next_attacker"], seed=0)
    assert len(w.drill.options) == 5
    assert len(dependency_state(w)) == 25  # five option buttons more, sharing one layout and one style


def test_widget_kinds_in_turn_and_seeds():
    w = DrillWidget(["draw_order", "next_attacker"], seed=5)
    seen = [(w.drill.kind, w.drill.seed)]
    for _ in range(3):
        w.another()
        seen.append((w.drill.kind, w.drill.seed))
    assert seen == [("draw_order", 5), ("next_attacker", 5), ("draw_order", 6), ("next_attacker", 6)]


def test_widget_of_a_lesson_and_of_every_kind():
    w = DrillWidget.lesson(4, seed=3)
    assert (w.kinds, w.drill) == (("draw_order", "next_attacker"), make("draw_order", 3))
    assert "Who draws which cards? Drill 1, deal 3." in w.board.value
    w.another()
    assert w.drill == make("next_attacker", 3)
    assert "Who attacks next? Drill 2, deal 3." in w.board.value
    assert DrillWidget.lesson(1).kinds == ("which_beats",)
    assert DrillWidget.lesson(8).kinds == ("best_move",)  # issue 13: find the best move
    assert "Which is the best move? Drill 1, deal 0." in DrillWidget.lesson(8).board.value
    with pytest.raises(DrillError) as info:
        DrillWidget.lesson(7)
    assert str(info.value) == "lesson 7 has no drills; drills belong to lessons 1, 2, 3, 4, 5, 6, 8"
    every = DrillWidget(seed=1)
    assert every.kinds == KINDS
    kinds = []
    for _ in KINDS:
        kinds.append(every.drill.kind)
        every.another()
    assert tuple(kinds) == KINDS


def test_widget_rerun_and_no_raw_repr():
    a = DrillWidget(["how_it_ends"], seed=13)
    b = DrillWidget(["how_it_ends"], seed=13)  # the cell run again: the same drill, a fresh widget
    assert a.board.value == b.board.value and a is not b
    a.answer(0)
    assert b.score_text == "Score: nothing answered yet."
    texts = [a.board.value, a.feedback_view.value, *(x.description for x in a.option_buttons)]
    for text in texts:
        assert "Move(" not in text and "Card(" not in text and "Drill(" not in text
    assert not CODE.search(a.feedback)
    assert not CODE.search(re.sub(r"<[^>]*>", " ", a.board.value.split("<svg", 1)[0]))
