"""Places found on first use (issue 13, games_frame speed): the same lines and columns
as the eager scan, and the reader's checking deal handed out once, never shared."""

from __future__ import annotations

import json

from durak_nb.record import Recording, jsonio
from durak_nb.selfplay import record_bot_game


def _text() -> str:
    doc = record_bot_game("podkidnoy", 2, 7).to_json()
    return json.dumps(doc, indent=2)


def test_move_and_result_places_are_the_member_places() -> None:
    text = _text()
    rec = Recording.from_json_text(text, file="g.json")
    places = jsonio.member_places(text)
    assert isinstance(rec.move_places, jsonio.LazySequence)
    assert list(rec.move_places) == [places[f"moves[{k}]"] for k in range(len(rec.moves))]
    assert rec.move_places == [places[f"moves[{k}]"] for k in range(len(rec.moves))]
    assert tuple(rec.result_place) == places["result"]
    assert rec.move_places[0] == (places["moves[0]"][0], 5)  # indent 2, inside "moves": [


def test_lazy_places_mapping() -> None:
    text = '{\n  "a": 1,\n  "moves": [\n    {"x": 2}\n  ]\n}'
    lazy = jsonio.LazyPlaces(text)
    assert dict(lazy) == jsonio.member_places(text)
    assert lazy["moves[0]"] == (4, 5) and "a" in lazy and "b" not in lazy


def test_the_checking_deal_is_handed_out_once() -> None:
    rec = Recording.from_json_text(_text())
    first, second = rec.new_game(), rec.new_game()
    assert first is not second
    assert first.position() == second.position()
    first.play(first.legal_moves()[0])
    assert rec.new_game().position() == second.position()  # played games are never handed out


def test_a_changed_recording_deals_anew() -> None:
    rec = Recording.from_json_text(_text())
    other = record_bot_game("podkidnoy", 2, 8)
    rec.deal = other.deal  # the kept deal is of the old values: not handed out
    assert rec.new_game().position() == other.new_game().position()
