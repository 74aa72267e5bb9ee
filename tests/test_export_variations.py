"""The exported page keeps every side line, steppable (issue 10, section 4): the exact
lines of its data (names, where each branches, the way back, the button words with the
glyph right after the move's words, the comment before a side line's first move),
every frame of every side line exactly the replayer's frames of that line, the bound
counting side-line moves, user text only as text; and in Chromium, with every network
request refused, a click steps into a side line, a nested one, and back (R14, R10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browserkit import shot
from conftest import RECORDINGS
from test_browser import expected_seats, expected_table, open_offline, seats_shown, table_shown
from test_export import page_json, parse
from test_replay import podkidnoy_doc

from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.cards_svg import shared_faces
from durak_nb.views.export import ExportError, export_html, page_data, page_html, page_lines
from durak_nb.views.html import replayer_frames

EVIL = "<img src=x onerror=alert(1)>\u202e & </script>"
VIEWPORT = {"width": 1366, "height": 768}


def annotated_doc(before: str = "<b>Keep</b> the seven?") -> dict[str, Any]:
    """podkidnoy_doc with a glyph on move 1, side line 2.1 (Boris takes instead of
    covering, R14; Anna throws in вдогонку, then passes) holding side line 2.1 > 2.1
    (Anna passes at once), and side line 8.1 (Boris takes the 9♠ 9♣)."""
    doc = podkidnoy_doc()
    doc["meta"]["glyphs"] = {"1": "?!"}
    doc["meta"]["variations"] = {
        "1": [
            {
                "moves": [
                    {"player": "Boris", "action": "take"},
                    {"player": "Anna", "action": "throw", "cards": ["6C"]},
                    {"player": "Anna", "action": "pass"},
                ],
                "comments": {"1": "a comment after"},
                "comments_before": {"0": before},
                "glyphs": {"0": "!"},
                "variations": {
                    "1": [
                        {
                            "moves": [{"player": "Anna", "action": "pass"}],
                            "comments": {"0": "Anna misses a throw-in."},
                            "glyphs": {"0": "?"},
                        }
                    ]
                },
            }
        ],
        "7": [{"moves": [{"player": "Boris", "action": "take"}]}],
    }
    return doc


def replay_of(doc: dict[str, Any]) -> Replay:
    return Replay(Recording.from_json(doc))


def words(line: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in line.items() if k not in ("fields", "labels")}


def test_the_lines_of_the_page_exactly() -> None:
    data = page_data(replay_of(annotated_doc()))
    assert [words(line) for line in data["lines"]] == [
        {
            "name": "main line",
            "branches": {
                "1": {"head": "Instead of move 2 (Boris covers 6♠ with 7♠):", "lines": [1]},
                "7": {"head": "Instead of move 8 (Boris covers 9♠ with A♠):", "lines": [2]},
            },
        },
        {
            "parent": 0,
            "at": 1,
            "name": "side line 2.1",
            "where": "instead of move 2 of the main line",
            "back": "⤴ back to the main line",
            "label": "2.1: Boris takes ! … (3 moves)",
            "before": "<b>Keep</b> the seven?",
            "branches": {"1": {"head": "Instead of move 2 (Anna throws in 6♣):", "lines": [3]}},
        },
        {
            "parent": 0,
            "at": 7,
            "name": "side line 8.1",
            "where": "instead of move 8 of the main line",
            "back": "⤴ back to the main line",
            "label": "8.1: Boris takes",
            "before": None,
            "branches": {},
        },
        {
            "parent": 1,
            "at": 1,
            "name": "side line 2.1 > 2.1",
            "where": "instead of move 2 of the side line 2.1",
            "back": "⤴ back to the side line 2.1",
            "label": "2.1 > 2.1: Anna passes ?",
            "before": None,
            "branches": {},
        },
    ]
    assert data["lines"][1]["labels"] == [
        "▶ Bout 1 begins · start (0/3)",
        "Bout 1 · 1/3 · after Boris takes",
        "Bout 1 · 2/3 · after Anna throws in 6♣",
        "▶ Bout 2 begins · 3/3 · after Anna passes",
    ]
    assert data["lines"][3]["labels"] == ["▶ Bout 1 begins · start (0/1)", "▶ Bout 2 begins · 1/1 · after Anna passes"]


def test_every_frame_of_every_side_line_is_the_replayers() -> None:
    """Each side line's frame k of each part is exactly the replayer's frame k of that
    line (``Replay.enter``); the main line keeps its own ``fields`` and ``labels``."""
    replay = replay_of(annotated_doc())
    data = page_data(replay)
    parts = data["parts"]
    assert len(parts) == len(set(parts))
    lines = [replay, replay.enter(1, 1), replay.enter(7, 1), replay.enter(1, 1).enter(1, 1)]
    assert [line.replay for line in page_lines(replay)] == lines
    for j, line in enumerate(lines):
        frames = replayer_frames(line)
        fields = data["fields"] if j == 0 else data["lines"][j]["fields"]
        labels = data["labels"] if j == 0 else data["lines"][j]["labels"]
        assert labels == list(frames.labels)
        assert all(len(ix) == len(line) + 1 for ix in fields.values())
        assert [parts[i] for i in fields["story"]] == [shared_faces(t) for t in frames.story]
        assert [parts[i] for i in fields["table"]] == [shared_faces(t) for t in frames.table]
        assert [parts[i] for i in fields["open 1"]] == [shared_faces(t) for t in frames.open_cards[1]]
        assert [parts[i] for i in fields["events 2"]] == list(frames.events[2])
    side = data["lines"][1]["fields"]["story"]
    # the glyph right after its move's words, then the reasons; comments before and after
    assert parts[side[0]] == (
        '<b>Start</b> (0 of 3 moves played)<div class="dnb-none">next, move 1: Boris takes</div>'
        '<div class="dnb-comment">before move 1: &lt;b&gt;Keep&lt;/b&gt; the seven?</div>'
    )
    assert parts[side[2]] == (
        "<b>Move 2</b> (2 of 3 played): Anna throws in 6♣ — вдогонку, a throw-in after take (R14): 3 more cards "
        'may still be given (R13)<div class="dnb-comment">a comment after</div>'
        '<div class="dnb-none">next, move 3: Anna passes</div>'
    )
    nested = data["lines"][3]["fields"]["story"]
    assert parts[nested[1]].startswith("<b>Move 1</b> (1 of 1 played): Anna passes ? — ") and parts[nested[1]].endswith(
        '<div class="dnb-comment">Anna misses a throw-in.</div>'
    )
    assert parts[data["fields"]["story"][2]].startswith("<b>Move 2</b> (2 of 14 played): Boris covers 6♠ with 7♠ ?! — ")


def test_the_bound_counts_side_line_moves(tmp_path: Path) -> None:
    """14 main-line moves and 3 + 1 + 1 in side lines: 19 moves fit max_moves=19, not 18."""
    rec = Recording.from_json(annotated_doc())
    assert len(page_data(Replay(rec), max_moves=19)["lines"]) == 4
    with pytest.raises(
        ExportError,
        match=r"^an exported page shows at most 18 moves \(max_moves\); this game and its side lines have 19$",
    ):
        export_html(rec, tmp_path / "big.html", max_moves=18)
    with pytest.raises(ExportError, match=r"this game and its side lines have at least 19$"):
        page_html(Replay(rec), max_moves=18)
    assert not (tmp_path / "big.html").exists()
    # a replay made without its side lines: the main line only
    assert [words(line) for line in page_data(Replay(rec, variations=False), max_moves=14)["lines"]] == [
        {"name": "main line", "branches": {}}
    ]


def test_user_text_in_the_lines_stays_text() -> None:
    """A comment before a side line's first move with markup, a bidi override and
    ``</script>``: in the data it is plain text (the script sets it as ``textContent``),
    the override shown as an escape, and nothing closes the data script."""
    text = page_html(replay_of(annotated_doc(before=EVIL)))
    data = page_json(parse(text))
    assert data["lines"][1]["before"] == "<img src=x onerror=alert(1)>\\u202e & </script>"
    raw = text.split('<script type="application/json" id="dnb-data">', 1)[1].split("</script>", 1)[0]
    assert "</script" not in raw.lower() and "\u202e" not in raw
    assert [t for t, _a in parse(text).tags if t == "img"] == []


def test_the_annotated_lesson_has_its_nested_line() -> None:
    """recordings/annotated-transfer-or-cover.durak: the cover instead of the transfer
    (R17) and, inside it, Vera's pass instead of her throw-in (R12)."""
    data = page_data(Replay.load(RECORDINGS / "annotated-transfer-or-cover.durak"))
    assert [(line.get("name"), line.get("label")) for line in data["lines"]] == [
        ("main line", None),
        ("side line 2.1", "2.1: Boris covers 7♠ with 8♠ ?! … (8 moves)"),
        ("side line 2.1 > 5.1", "2.1 > 5.1: Vera passes ?"),
    ]


# ----------------------------------------------------------------------------- in Chromium


def at(page: Any, line: int, k: int) -> None:
    page.wait_for_function(
        "([j, k]) => { const b = document.getElementById('dnb-board');"
        " return b.getAttribute('data-line') == j && b.getAttribute('data-frame') == k; }",
        arg=[line, k],
        timeout=15000,
    )


def bar(page: Any) -> dict[str, Any]:
    """What the lines bar shows: the line's name, the back button (or None) and the
    alternatives' heading and buttons."""
    return dict(
        page.evaluate(
            """() => ({name: document.getElementById('dnb-line-name').textContent,
              back: document.getElementById('dnb-exit').hidden ? null : document.getElementById('dnb-exit').textContent,
              alts: Array.from(document.querySelectorAll('#dnb-alts > *')).map(e => [e.tagName, e.textContent])})"""
        )
    )


@pytest.mark.browser
def test_steps_into_a_side_line_a_nested_one_and_back_offline(browser: Any, tmp_path: Path) -> None:
    replay = replay_of(annotated_doc(before=EVIL))
    side = replay.enter(1, 1)
    nested = side.enter(1, 1)
    page, asked = open_offline(browser, export_html(replay, tmp_path / "lines.html"))
    page.set_viewport_size(VIEWPORT)
    try:
        at(page, 0, 0)
        assert bar(page) == {"name": "main line", "back": None, "alts": []}
        page.click("#dnb-forward")
        at(page, 0, 1)
        assert bar(page) == {
            "name": "main line",
            "back": None,
            "alts": [
                ["SPAN", "Instead of move 2 (Boris covers 6♠ with 7♠):"],
                ["BUTTON", "2.1: Boris takes ! … (3 moves)"],
                ["SPAN", "<img src=x onerror=alert(1)>\\u202e & </script>"],
            ],
        }
        assert page.locator("#dnb-lines img").count() == 0
        shot(page, "export-variations-branch.png")
        page.click("#dnb-alts button")  # into side line 2.1, after its first move: Boris takes (R14)
        at(page, 1, 1)
        assert (seats_shown(page), table_shown(page)) == (expected_seats(side, 1), expected_table(side, 1))
        assert bar(page) == {
            "name": "side line 2.1 (instead of move 2 of the main line)",
            "back": "⤴ back to the main line",
            "alts": [
                ["SPAN", "Instead of move 2 (Anna throws in 6♣):"],
                ["BUTTON", "2.1 > 2.1: Anna passes ?"],
            ],
        }
        assert "Boris takes ! — " in page.inner_text("[data-slot=story]")
        shot(page, "export-variations-side-line.png")
        page.click("#dnb-forward")
        at(page, 1, 2)
        assert table_shown(page) == expected_table(side, 2) == [["6S", None], ["6C", None]]
        page.click("#dnb-back")
        at(page, 1, 1)
        page.click("#dnb-alts button")  # the nested line: Anna passes at once
        at(page, 3, 1)
        assert seats_shown(page) == expected_seats(nested, 1)
        assert "Anna misses a throw-in." in page.inner_text("[data-slot=story]")
        assert bar(page)["back"] == "⤴ back to the side line 2.1"
        shot(page, "export-variations-nested.png")
        page.click("#dnb-exit")
        at(page, 1, 1)
        page.click("#dnb-exit")
        at(page, 0, 1)
        assert table_shown(page) == expected_table(replay, 1) == [["6S", None]]
        assert page.input_value("#dnb-number") == "1"
        assert page.evaluate("document.getElementById('dnb-goto').options.length") == 15
        assert asked == []
    except BaseException:
        shot(page, "export-variations-failure.png")
        raise
    finally:
        page.close()


@pytest.mark.browser
def test_the_lesson_page_fits_1366x768(browser: Any, tmp_path: Path) -> None:
    replay = Replay.load(RECORDINGS / "annotated-transfer-or-cover.durak")
    page, asked = open_offline(browser, export_html(replay, tmp_path / "lesson.html"))
    page.set_viewport_size(VIEWPORT)
    try:
        page.click("#dnb-forward")
        at(page, 0, 1)
        page.click("#dnb-alts button")
        at(page, 1, 1)
        boxes = page.evaluate(
            """() => ['dnb-back', 'dnb-forward', 'dnb-exit', 'dnb-alts'].map(id => {
              const r = document.getElementById(id).getBoundingClientRect(); return [id, r.bottom, r.right]; })"""
        )
        felt = page.locator(".dnb-felt").first.bounding_box()
        assert all(bottom <= 768 and right <= 1366 for _id, bottom, right in boxes), boxes
        assert felt["y"] + felt["height"] <= 768, felt
        shot(page, "export-variations-lesson-1366x768.png")
        assert asked == []
    finally:
        page.close()


def test_page_data_is_json() -> None:
    data = page_data(replay_of(annotated_doc()))
    assert json.loads(json.dumps(data)) == data
