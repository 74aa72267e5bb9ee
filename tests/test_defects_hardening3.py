"""Defects found by the third hostile trial (hardening 3), each cited by number."""

from __future__ import annotations

from typing import Any

from durak_nb.cards import deck
from durak_nb.cli import shown
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.text import visible
from durak_nb.views.html import esc, header_html, name_html, story_html, view_names
from durak_nb.views.trees import bout_diagram, dot_text

EVIL = ["A\u202eB\x1b[31m", "x\r\ny\u2028z\x85"]


def _doc(names: list[str]) -> dict[str, Any]:
    return {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": names,
        "start": {
            "hands": {names[0]: ["6S", "AH"], names[1]: ["7S"]},
            "talon": [],
            "trump": "H",
            "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
            "attacker": names[0],
            "first_bito_done": True,
        },
        "moves": [{"player": names[0], "action": "attack", "cards": ["6S"]}],
    }


def test_n11_one_home_for_user_text() -> None:
    assert visible("A\u202eB\x1b\u2028\x85\r\n") == "A\\u202eB\\x1b\\u2028\\x85\\r\\n"
    assert visible("a\nb", keep="\n") == "a\nb"
    assert visible("Жора ♠ \\N") == "Жора ♠ \\N"
    assert shown("A\u202eB\x1b") == visible("A\u202eB\x1b") == "A\\u202eB\\x1b"
    assert shown("\x1b", json_string=True) == "\\u001b"


def test_n11_html_names_neutralised() -> None:
    assert esc("A\u202eB\x1b<") == "A\\u202eB\\x1b&lt;"
    assert name_html("A\u202e<b>") == "A\\u202e&lt;b&gt;"
    replay = Replay(Recording.from_json(_doc(EVIL)))
    page = story_html(replay, 1) + header_html("podkidnoy", EVIL, {})
    for raw in ("\u202e", "\x1b", "\u2028", "\x85", "\r"):
        assert raw not in page
    assert "A\\u202eB\\x1b[31m" in page
    assert "x\\r\ny\\u2028z\\x85" in page  # a line feed is a space in HTML
    assert view_names(EVIL) == ("all hands open", "A\\u202eB\\x1b[31m's view", "x\\r\ny\\u2028z\\x85's view")


def test_n11_dot_labels_neutralise_names() -> None:
    assert dot_text("B\u202eC\u2028D\x85") == "B\\\\u202eC\\\\u2028D\\\\x85"
    source = bout_diagram(Replay(Recording.from_json(_doc(EVIL))), 1).source
    for raw in ("\u202e", "\x1b", "\u2028", "\x85", "\r"):
        assert raw not in source
    # a typed line break stays a DOT line break (dot_text's contract); the rest is visible
    assert "x\\ny\\\\u2028z\\\\x85" in source
