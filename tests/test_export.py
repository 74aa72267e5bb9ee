"""The exported page (durak_nb.views.export, ``durak-nb export``): self-contained, no
network, every frame in it, and every recorded text escaped — the page is parsed the way
a browser parses it: no element is made from user text, the text is there escaped.

The page in a real browser (playing with no kernel): tests/test_browser.py.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from test_replay import podkidnoy_doc, renamed
from test_views_html import EVIL

from durak_nb.cli import main
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.selfplay import record_bot_game
from durak_nb.views.cards_svg import shared_faces
from durak_nb.views.export import PLAYER_JS, export_html, page_html
from durak_nb.views.html import board_html, replayer_frames

NL = 'Vera "V"\n& <i>co</i>'
COMMENT = "<img src=y onerror=alert(2)>\nline 2 & </script><script>alert(3)</script>"


class Page(HTMLParser):
    """Every element of a page with its attributes, the text outside scripts, and the
    text of each script element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.text: list[str] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._script = dict(attrs)
            self.scripts.append((self._script, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        else:
            self.text.append(data)


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    p.close()
    return p


def evil_recording() -> Recording:
    doc = renamed(podkidnoy_doc(), {"Anna": EVIL, "Boris": NL})
    doc["meta"] = {"title": "<b>t</b> & co", "event": "<script>alert('e')</script>", "comments": {"0": COMMENT}}
    return Recording.from_json(doc)


@pytest.fixture(scope="module")
def evil_page() -> str:
    return page_html(Replay(evil_recording()))


def page_json(page: Page) -> dict[str, Any]:
    """The page's data; a puzzle's, sealed in the page (views.html.seal), opened."""
    from durak_nb.views.html import unseal

    (data,) = [t for a, t in page.scripts if a.get("type") == "application/json"]
    out: dict[str, Any] = unseal(json.loads(data))
    return out


def test_page_is_self_contained(evil_page: str) -> None:
    """Two scripts (the frames as JSON, the player) and nothing that loads from
    elsewhere: no src, no href but the <use> elements pointing into the page's own card
    faces, no link, no import."""
    page = parse(evil_page)
    assert [(a.get("type"), a.get("id")) for a, _t in page.scripts] == [("application/json", "dnb-data"), (None, None)]
    assert page.scripts[1][1] == "\n" + PLAYER_JS
    assert [t for t, a in page.tags if "src" in a] == []
    hrefs = {a["href"] for t, a in page.tags if "href" in a}
    ids = {a["id"] for _t, a in page.tags if "id" in a}
    assert hrefs and all(h is not None and h.startswith("#dnb-") and h[1:] in ids for h in hrefs)
    assert [t for t, _a in page.tags][:8] == ["html", "head", "meta", "meta", "meta", "title", "style", "style"]
    assert (
        "@import" not in evil_page
        and "<link" not in evil_page
        and "http" not in evil_page.replace("http://www.w3.org/2000/svg", "")
    )
    ids_in_order = [a["id"] for t, a in page.tags if t in ("button", "input", "select") and "id" in a]
    assert ids_in_order == [
        "dnb-back",
        "dnb-play",
        "dnb-forward",
        "dnb-slider",
        "dnb-number",
        "dnb-view",
        "dnb-goto",
        "dnb-speed",
        "dnb-exit",
    ]


def test_user_text_makes_no_element_and_shows_escaped(evil_page: str) -> None:
    """Names `<img src=x onerror=alert(1)>` and one with quotes, `&`, markup and a
    newline; a comment with `</script><script>`: outside the scripts the page has only our
    own elements; inside the data every part, parsed as the browser's innerHTML would,
    makes no element from them and holds the text as typed."""
    page = parse(evil_page)
    assert page.tags[5] == ("title", {})
    assert "".join(page.text).count("<b>t</b> & co") == 2  # the <title> and the header, as text
    assert [t for t, _a in page.tags if t in ("img", "i")] == []  # the names make no element
    data = page_json(page)
    values = data["parts"] + data["skeletons"]
    assert len(values) > 50
    made: set[str] = set()
    text = []
    for v in values:
        p = parse(v)
        made.update(t for t, _a in p.tags)
        assert not any(k.startswith("on") for _t, a in p.tags for k in a)
        text.append("".join(p.text))
    assert made <= {"b", "div", "span", "ul", "li", "details", "summary", "svg", "rect", "g", "text", "title", "use"}
    assert "i" not in made and "img" not in made and "script" not in made  # the names' <i>: text, as next
    joined = "\n".join(text)
    assert joined.count(EVIL) > 20
    assert joined.count(NL) > 20
    assert COMMENT in joined
    assert "<script>alert('e')</script>" in "".join(page.text)  # the header's event, as text
    assert all("<img" not in v and "<script" not in v and "</script" not in v for v in values)
    assert f"{EVIL}'s view" in data["views"] and f"{NL}'s view" in data["views"]
    # inside the data script, the markup of user text cannot close the script
    raw = evil_page.split('<script type="application/json" id="dnb-data">', 1)[1].split("</script>", 1)[0]
    assert "</script" not in raw.lower() and "<script" not in raw.lower() and "<!--" not in raw


def test_every_frame_is_in_the_page() -> None:
    """The page holds every frame of every part: frame k of a part is an index into the
    distinct parts, and each index gives exactly the replayer's part (card faces as
    <use>)."""
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    data = page_json(parse(page_html(replay)))
    frames = replayer_frames(replay)
    fields = data["fields"]
    assert sorted(fields) == sorted(
        [
            *("caption 0", "caption 1", "open 0", "open 1", "public 0", "public 1"),
            *("table", "stock", "story", "result", "turn 0", "turn 1", "turn 2", "events 0", "events 1", "events 2"),
            *("story 0", "story 1", "story 2"),  # each view's story (issue 22: no hidden card named)
        ]
    )
    assert all(len(ix) == 15 for ix in fields.values())
    parts = data["parts"]
    assert len(parts) == len(set(parts))  # each distinct part once
    assert [parts[i] for i in fields["table"]] == [shared_faces(t) for t in frames.table]
    assert [parts[i] for i in fields["turn 2"]] == list(frames.turn[2])
    assert [parts[i] for i in fields["open 1"]] == [shared_faces(c) for c in frames.open_cards[1]]
    assert [parts[i] for i in fields["story 2"]] == [shared_faces(t) for t in frames.stories[2]]
    assert fields["story 0"] == fields["story"]
    assert data["labels"] == list(frames.labels) and data["views"] == list(frames.views)
    assert data["skeletons"] == [board_html(2, v, lambda _n: "") for v in range(3)]
    assert (data["start"], data["view"]) == (0, 0)


def test_export_html_writes_the_page(tmp_path: Path) -> None:
    rec = Recording.load(RECORDINGS / "podkidnoy-2p.json")
    out = export_html(rec, tmp_path / "p.html", perspective="Boris")
    text = out.read_text(encoding="utf-8")
    assert out == tmp_path / "p.html"
    assert "<title>Podkidnoy, 2 players, a full game</title>" in text
    assert page_json(parse(text))["view"] == 2
    with pytest.raises(KeyError):
        export_html(rec, tmp_path / "q.html", perspective="Nobody")
    assert not (tmp_path / "q.html").exists()


def test_a_300_move_4_player_page_is_small() -> None:
    """The benchmark's game: well under 1.5 MB (it was 6.3 MB with the widget manager)."""
    rec = record_bot_game("podkidnoy", 4, 100, {})
    size = len(page_html(Replay(rec)).encode("utf-8"))
    assert size < 1_500_000


# ----------------------------------------------------------------------------- the command


def test_cli_export_json_and_notation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(RECORDINGS / "podkidnoy-2p.json"), "-o", str(tmp_path / "a.html")]) == 0
    out = capsys.readouterr().out
    size = (tmp_path / "a.html").stat().st_size
    assert out == f"{tmp_path / 'a.html'}: {size} bytes, 134 moves; open it in a browser (no kernel needed)\n"
    assert (
        main(["export", str(RECORDINGS / "podkidnoy-2p.durak"), "-o", str(tmp_path / "b.html"), "--title", "T&"]) == 0
    )
    assert "<title>T&amp;</title>" in (tmp_path / "b.html").read_text(encoding="utf-8")


def test_cli_export_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = str(RECORDINGS / "podkidnoy-2p.json")
    assert main(["export", rec, "-o", str(tmp_path / "a.html"), "--view", "Nobody"]) == 2
    assert capsys.readouterr().err == "durak-nb export: error: --view 'Nobody' is not a player: Anna, Boris\n"
    assert main(["export", rec, "-o", str(tmp_path / "a.html"), "--game", "2"]) == 2
    assert capsys.readouterr().err == f"durak-nb export: error: {rec} holds 1 game: --game 1..1\n"
    assert main(["export", str(tmp_path / "none.json"), "-o", str(tmp_path / "a.html")]) == 1
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'none.json'}: error: cannot read the file")
    assert main(["export", rec, "-o", str(tmp_path / "no" / "a.html")]) == 1
    assert (
        capsys.readouterr().err == f"durak-nb export: error: {tmp_path / 'no' / 'a.html'}: No such file or directory\n"
    )
    bad = json.loads((RECORDINGS / "podkidnoy-2p.json").read_text(encoding="utf-8"))
    bad["moves"][1], bad["moves"][2] = bad["moves"][2], bad["moves"][1]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert main(["export", str(tmp_path / "bad.json"), "-o", str(tmp_path / "a.html")]) == 1
    assert "error: [R" in capsys.readouterr().err
    assert not (tmp_path / "a.html").exists()


def test_cli_export_a_game_of_a_match_r4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = RECORDINGS / "match-4p-podkidnoy.durak"
    assert main(["export", str(match), "-o", str(tmp_path / "m.html"), "--game", "2"]) == 0
    assert "moves; open it in a browser" in capsys.readouterr().out
