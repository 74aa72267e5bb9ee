"""durak_nb.replay: positions by index, moves, events, who may act, moves explained.

Two small hand-made recordings (set-up positions, so every card is known):

* PODKIDNOY (2 players, hearts trump): a throw-in (R11), a take with a throw-in after
  take (вдогонку, R14), a draw with a short talon (R16), bito (R15), a player out (R24)
  and the durak (R25);
* PEREVODNOY (3 players, spades trump, show_trump_transfer): a transfer (R17), a
  shown-trump transfer (R20), a take with no room left (R13b) and the passes (R12).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS

from durak_nb.cards import Card, deck, parse_cards
from durak_nb.engine import Action, Bito, Drew, GameOver, Move, Out, Result, Took
from durak_nb.record import Recording, RecordingError
from durak_nb.replay import Replay


def shared_recording(name: str) -> Path:
    """The path of ``recordings/NAME``, which must exist: a test of a shared recording
    fails when the file is missing (it never skips)."""
    path = RECORDINGS / name
    assert path.is_file(), f"recordings/{name} is missing"
    return path


def _doc(
    rules: Any, players: list[str], hands: dict[str, list[str]], talon: list[str], trump: str, **start: Any
) -> dict[str, Any]:
    used = {c for h in hands.values() for c in h} | set(talon)
    return {
        "format": "durak-nb/1",
        "rules": rules,
        "players": players,
        "start": {
            "hands": hands,
            "talon": talon,
            "trump": trump,
            "discard": [c.code for c in deck(36) if c.code not in used],
            **start,
        },
        "moves": [],
    }


def _m(player: str, action: str, *args: Any) -> dict[str, Any]:
    if action == "defend":
        return {"player": player, "action": action, "card": args[0], "target": args[1]}
    if args:
        return {"player": player, "action": action, "cards": args[0], **(args[1] if len(args) > 1 else {})}
    return {"player": player, "action": action}


def podkidnoy_doc() -> dict[str, Any]:
    doc = _doc(
        "podkidnoy",
        ["Anna", "Boris"],
        {"Anna": ["6S", "6C", "6D", "KH", "9S"], "Boris": ["7S", "8D", "QC", "AS", "JH"]},
        ["9C", "TH"],
        "H",
        attacker="Anna",
    )
    doc["moves"] = [
        _m("Anna", "attack", ["6S"]),  # 0
        _m("Boris", "defend", "7S", "6S"),  # 1
        _m("Anna", "throw", ["6C"]),  # 2
        _m("Boris", "take"),  # 3
        _m("Anna", "throw", ["6D"]),  # 4 вдогонку
        _m("Anna", "pass"),  # 5 Boris picks up; Anna draws 9C TH
        _m("Anna", "attack", ["9S", "9C"]),  # 6
        _m("Boris", "defend", "AS", "9S"),  # 7
        _m("Boris", "defend", "QC", "9C"),  # 8
        _m("Anna", "pass"),  # 9 bito
        _m("Boris", "attack", ["6S", "6D"]),  # 10
        _m("Anna", "defend", "TH", "6S"),  # 11
        _m("Anna", "defend", "KH", "6D"),  # 12
        _m("Boris", "pass"),  # 13 bito; Anna out; Boris the durak
    ]
    doc["meta"] = {"event": "test game", "comments": {"4": "вдогонку: after the take"}}
    return doc


def perevodnoy_doc() -> dict[str, Any]:
    doc = _doc(
        {"preset": "perevodnoy", "show_trump_transfer": True},
        ["Anna", "Boris", "Vera"],
        {"Anna": ["7C", "8C", "KD"], "Boris": ["7H", "9D", "TD"], "Vera": ["7S", "QC", "AD"]},
        [],
        "S",
        attacker="Anna",
        first_bito_done=True,
        bout=3,
    )
    doc["moves"] = [
        _m("Anna", "attack", ["7C"]),
        _m("Boris", "transfer", ["7H"]),
        _m("Vera", "transfer", ["7S"], {"show": True}),
        _m("Anna", "take"),
        _m("Vera", "pass"),
        _m("Boris", "pass"),
    ]
    return doc


def renamed(doc: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``doc`` with players renamed (every JSON string equal to an old name)."""
    text = json.dumps(doc, ensure_ascii=False)
    for old, new in names.items():
        text = text.replace(json.dumps(old, ensure_ascii=False), json.dumps(new, ensure_ascii=False))
    out: dict[str, Any] = json.loads(text)
    return out


def hands(replay: Replay, k: int) -> list[str]:
    return [" ".join(c.code for c in h) for h in replay.position(k).hands]


def codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


# ----------------------------------------------------------------------------- positions


def test_length_and_indices(pod: Replay) -> None:
    assert len(pod) == 14
    assert pod.players == ("Anna", "Boris")
    assert pod.position(14) is pod.final
    with pytest.raises(IndexError):
        pod.position(15)
    with pytest.raises(IndexError):
        pod.position(-1)
    with pytest.raises(IndexError):
        pod.move(14)
    with pytest.raises(IndexError):
        pod.events(14)
    with pytest.raises(IndexError):
        pod.explain(14)


def test_hands_at_each_index_r10_r14_r16_r24(pod: Replay) -> None:
    """Hands before moves 0, 3, 6 (after take R14 and the draw R16), 10 (after bito R15)
    and at the end (Anna out, R24)."""
    assert hands(pod, 0) == ["6S 6D 6C 9S KH", "7S 8D JH QC AS"]
    assert hands(pod, 3) == ["6D 9S KH", "8D JH QC AS"]
    assert hands(pod, 5) == ["9S KH", "8D JH QC AS"]
    assert hands(pod, 6) == ["9S 9C TH KH", "6S 6D 6C 7S 8D JH QC AS"]
    assert hands(pod, 10) == ["TH KH", "6S 6D 6C 7S 8D JH"]
    assert hands(pod, 13) == ["", "6C 7S 8D JH"]
    assert hands(pod, 14) == ["", "6C 7S 8D JH"]


def test_tables_talon_discard_roles(pod: Replay) -> None:
    """Tables as attack/defence pairs; the talon runs out at the draw after move 5 (R16);
    the discard grows by each bito (R15); R23: after take the attacker stays (2 players),
    after bito the defender attacks."""
    p5 = pod.position(5)
    assert p5.table == (
        (Card.parse("6S"), Card.parse("7S")),
        (Card.parse("6C"), None),
        (Card.parse("6D"), None),
    )
    assert p5.taking is True
    assert (p5.attacker, p5.defender, p5.bout) == (0, 1, 1)
    assert p5.talon == tuple(parse_cards("9C TH"))
    assert p5.trump_card == Card.parse("TH")
    p6 = pod.position(6)
    assert (p6.table, p6.talon, len(p6.discard), p6.attacker, p6.defender, p6.bout) == ((), (), 24, 0, 1, 2)
    p10 = pod.position(10)
    assert (len(p10.discard), p10.attacker, p10.defender, p10.bout, p10.first_bito_done) == (28, 1, 0, 3, True)
    assert p10.discard[-4:] == tuple(parse_cards("9S AS 9C QC"))
    final = pod.position(14)
    assert (final.attacker, final.defender, final.out_order, len(final.discard)) == (None, None, (0,), 32)
    assert final.result == Result(1, False, False, (0,), None, "R25")
    assert pod.result == final.result


def test_positions_are_engine_positions_replayed(pod: Replay) -> None:
    """Every kept position equals the engine's position after replaying k moves."""
    rec = pod.recording
    game = rec.new_game()
    for k in range(len(pod)):
        assert pod.position(k) == game.position()
        assert pod.game(k).position() == game.position()
        game.play(pod.move(k))
    assert pod.final == game.position()


def test_moves_and_iteration(pod: Replay) -> None:
    assert pod.move(0) == Move.attack(0, "6S")
    assert pod.move(4) == Move.throw(0, "6D")
    assert pod.move(11) == Move.defend(0, "TH", "6S")
    pairs = list(pod)
    assert len(pairs) == 14
    assert pairs[3] == (pod.position(3), Move.take(1))
    assert [m.action for _p, m in pairs][:6] == [
        Action.ATTACK,
        Action.DEFEND,
        Action.THROW,
        Action.TAKE,
        Action.THROW,
        Action.PASS,
    ]


def test_events_r14_r15_r16_r24(pod: Replay) -> None:
    assert pod.events(4) == ()
    assert pod.events(5) == (Took(1, tuple(parse_cards("6S 7S 6C 6D"))), Drew(0, tuple(parse_cards("9C TH"))))
    assert pod.events(9) == (Bito(tuple(parse_cards("9S AS 9C QC"))),)
    assert pod.events(13) == (
        Bito(tuple(parse_cards("6S TH 6D KH"))),
        Out(0),
        GameOver(Result(1, False, False, (0,), None, "R25")),
    )


def test_whose_turn_r12(pod: Replay) -> None:
    """Who may act before each move: the attacker leads alone (R9); during a bout the
    defender and the thrower act concurrently; a passed or fully covered side waits."""
    assert [pod.whose_turn(k) for k in range(15)] == [
        (0,),
        (0, 1),
        (0,),  # all covered: only Anna (throw or pass)
        (0, 1),
        (0,),  # Boris took: only throw-ins вдогонку or a pass
        (0,),
        (0,),
        (0, 1),
        (0, 1),
        (0,),
        (1,),
        (0, 1),
        (0, 1),
        (1,),  # Anna holds nothing more: Boris may only pass
        (),  # game over
    ]
    assert pod.throwers(4) == (0,)
    assert pod.room(4) == 3
    assert pod.room(5) == 2


def test_words(pod: Replay) -> None:
    assert pod.words(0) == "Anna attacks 6♠"
    assert pod.words(5) == "Anna passes; Boris picks up 6♠ 7♠ 6♣ 6♦ (R14); Anna draws 9♣ 10♥ (R16)"
    assert pod.words(13) == (
        "Boris passes; bito: 6♠ 10♥ 6♦ K♥ to the discard (R15); Anna is out (R24); game over: Boris is the durak"
    )


def test_explain_exact_texts_podkidnoy_r6_r11_r12_r13_r14(pod: Replay) -> None:
    assert [pod.explain(k) for k in range(len(pod))] == [
        "Anna attacks 6♠ — the lead (заход, R9); Boris defends (R10)",
        "Boris covers 6♠ with 7♠ — a higher ♠ beats it (побить, R6); every attack card is covered",
        "Anna throws in 6♣ — a throw-in of a rank already on the table (подкинуть, R11): "
        "3 more cards may still be thrown in (R13)",
        "Boris takes — принять, take (R14): Anna may still give up to 3 more cards вдогонку (R13, R14)",
        "Anna throws in 6♦ — вдогонку, a throw-in after take (R14): 2 more cards may still be given (R13)",
        "Anna passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then Boris picks up 6♠ 7♠ 6♣ 6♦ (R14); Anna draws 9♣ 10♥ (R16)",
        "Anna attacks 9♠ 9♣ — the lead (заход, R9); Boris defends (R10)",
        "Boris covers 9♠ with A♠ — a higher ♠ beats it (побить, R6)",
        "Boris covers 9♣ with Q♣ — a higher ♣ beats it (побить, R6); every attack card is covered",
        "Anna passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then bito: 9♠ A♠ 9♣ Q♣ to the discard (R15)",
        "Boris attacks 6♠ 6♦ — the lead (заход, R9); Anna defends (R10)",
        "Anna covers 6♠ with 10♥ — a trump (♥) beats any other suit (козырь, R6)",
        "Anna covers 6♦ with K♥ — a trump (♥) beats any other suit (козырь, R6); every attack card is covered",
        "Boris passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then bito: 6♠ 10♥ 6♦ K♥ to the discard (R15); Anna is out (R24); game over: Boris is the durak",
    ]
    assert pod.explain(5, with_events=False) == (
        "Anna passes — nothing more: every thrower has passed, so the bout ends (R12)"
    )


def test_explain_vdogonku_room_comes_from_engine_r13c_r14(pod: Replay) -> None:
    """Before the first bito the defending limit is 5 (R13c); after take it is 6 (R14),
    but Boris holds 4 cards with 2 uncovered, so R13b leaves 2 more: the number in the
    text is Game.room() after the move."""
    g = pod.game(5)
    assert (g.limit(), len(g.attack_cards), len(g.hands[1]), g.room()) == (6, 3, 4, 2)
    assert "2 more cards may still be given (R13)" in pod.explain(4)


def test_explain_transfers_r17_r20_take_without_room_r13b(per: Replay) -> None:
    assert [per.explain(k) for k in range(len(per))] == [
        "Anna attacks 7♣ — the lead (заход, R9); Boris defends (R10)",
        "Boris transfers 7♥ — перевод, a transfer (R17): Vera now defends",
        "Vera transfers by showing 7♠ — проездной, a transfer by showing the trump (R20): Anna now defends",
        "Anna takes — принять, take (R14): no more cards may be given (R13); Boris, Vera may only pass (R12)",
        "Vera passes — nothing more from the attacker for now; the other throwers may now act (R12)",
        "Boris passes — nothing more: every thrower has passed, so the bout ends (R12); then Anna picks up 7♣ 7♥ (R14)",
    ]
    assert [per.whose_turn(k) for k in range(len(per) + 1)] == [(0,), (0, 1), (1, 2), (0, 2), (2,), (1,), (1,)]
    assert hands(per, 3) == ["8C KD", "9D TD", "7S QC AD"]  # R20: the shown 7S stays in Vera's hand
    assert hands(per, 6) == ["7H 7C 8C KD", "9D TD", "7S QC AD"]
    assert (per.final.attacker, per.final.defender, per.final.bout) == (1, 2, 4)


def test_explain_transfer_back_r21() -> None:
    doc = _doc(
        "perevodnoy",
        ["Anna", "Boris"],
        {"Anna": ["7C", "8C", "KD"], "Boris": ["7H", "9D", "TD"]},
        [],
        "S",
        attacker="Anna",
        first_bito_done=True,
        bout=2,
    )
    doc["moves"] = [_m("Anna", "attack", ["7C"]), _m("Boris", "transfer", ["7H"])]
    r = Replay(Recording.from_json(doc))
    assert (
        r.explain(1) == "Boris transfers 7♥ — перевод, a transfer (R17): Anna now defends (back to the attacker, R21)"
    )
    assert r.whose_turn(2) == (0, 1)
    assert r.result is None


def test_comment_is_plain_text(pod: Replay) -> None:
    assert pod.comment(4) == "вдогонку: after the take"
    assert pod.comment(3) is None


def test_rows(pod: Replay) -> None:
    assert pod.rows(3, 5) == [
        {
            "k": 3,
            "bout": 1,
            "player": "Boris",
            "action": "take",
            "cards": "",
            "explained": pod.explain(3),
        },
        {"k": 4, "bout": 1, "player": "Anna", "action": "throw", "cards": "6D", "explained": pod.explain(4)},
    ]
    assert pod.rows(1, 2)[0]["cards"] == "7S on 6S"


def test_illegal_recording_raises_recording_error_r6() -> None:
    """An illegal move raises the RecordingError of Recording.steps(): index, rule, state."""
    doc = podkidnoy_doc()
    doc["moves"][1] = _m("Boris", "defend", "8D", "6S")
    rec = Recording.from_json(doc)
    with pytest.raises(RecordingError) as info:
        Replay(rec)
    err = info.value
    assert (err.move, err.rule) == (1, "R6")
    assert err.state is not None
    assert err.state.table == ((Card.parse("6S"), None),)


def test_load_and_repr(tmp_path: Path) -> None:
    rec = Recording.from_json(podkidnoy_doc())
    path = tmp_path / "game.json"
    rec.dump(path)
    r = Replay.load(path)
    assert len(r) == 14
    assert repr(r) == "<Replay podkidnoy Anna, Boris: 14 moves, Boris is the durak>"
    assert r._repr_html_() == (
        "<div class='dnb-replay'><b>podkidnoy</b>: Anna, Boris; 14 moves; Boris is the durak<br>"
        "final hands:<ul><li>Anna: —</li><li>Boris: 6♣ 7♠ 8♦ J♥</li></ul></div>"
    )


def test_repr_html_escapes_names() -> None:
    out = Replay(Recording.from_json(renamed(podkidnoy_doc(), {"Anna": "<i>Anna</i>"})))._repr_html_()
    assert "<i>" not in out
    assert "&lt;i&gt;Anna&lt;/i&gt;" in out


def test_podkidnoy_2p_recording_r4_first_bout() -> None:
    """The shared 2-player recording: R4, the lowest trump leads (Boris holds TH, Anna AH); the
    first bout ends in bito with the draws of R16."""
    path = shared_recording("podkidnoy-2p.json")
    r = Replay.load(path)
    start = r.position(0)
    assert (start.trump, start.trump_card, start.attacker, start.defender) == (
        Card.parse("7H").suit,
        Card.parse("7H"),
        1,
        0,
    )
    assert r.explain(0) == "Boris attacks 10♥ — the lead (заход, R9); Anna defends (R10)"
    assert r.explain(2) == (
        "Boris passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then bito: 10♥ A♥ to the discard (R15); Boris draws 6♥ (R16); Anna draws 8♥ (R16)"
    )
    assert [codes(h) for h in r.position(0).hands] == ["6D 8C TC JC AH AD", "8D TH TD JD QC KD"]
    assert [codes(h) for h in r.position(3).hands] == ["6D 8H 8C TC JC AD", "6H 8D TD JD QC KD"]
