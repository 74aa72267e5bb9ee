"""The exported page (durak_nb.views.export, ``durak-nb export``): self-contained, no
network, every frame in it, and every recorded text escaped — the page is parsed the way
a browser parses it: no element is made from user text, the text is there escaped.

The page in a real browser (playing with no kernel): tests/test_browser.py.
"""

from __future__ import annotations

import hashlib
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
from durak_nb.views import export
from durak_nb.views.export import BUNDLE, BUNDLE_SHA256, ExportError, export_html, page_html

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


def widget_state(page: Page) -> dict[str, Any]:
    (state,) = [t for a, t in page.scripts if a.get("type") == "application/vnd.jupyter.widget-state+json"]
    out: dict[str, Any] = json.loads(state)
    return out


def test_page_is_self_contained(evil_page: str) -> None:
    """Three scripts (the inline widget manager, the widget state, the view) and nothing
    that loads from elsewhere: no src, no href, no link, no import."""
    page = parse(evil_page)
    assert [(a.get("type"), bool(t.strip())) for a, t in page.scripts] == [
        (None, True),
        ("application/vnd.jupyter.widget-state+json", True),
        ("application/vnd.jupyter.widget-view+json", True),
    ]
    assert page.scripts[0][1].strip() == BUNDLE.read_text(encoding="utf-8").strip()
    assert [t for t, a in page.tags if "src" in a or "href" in a] == []
    assert [t for t, _a in page.tags] == ["html", "head", "meta", "meta", "meta", "title", "style", "body", "div"] + [
        "script"
    ] * 3
    assert "@import" not in evil_page.split("<script>", 1)[0]
    assert hashlib.sha256(BUNDLE.read_bytes()).hexdigest() == BUNDLE_SHA256


def test_user_text_makes_no_element_and_shows_escaped(evil_page: str) -> None:
    """Names `<img src=x onerror=alert(1)>` and one with quotes, `&`, markup and a
    newline; a comment with `</script><script>`: outside the scripts the page has only our
    own elements; inside the state every HTML value, parsed as the browser's innerHTML
    would, makes no element from them and holds the text as typed."""
    page = parse(evil_page)
    assert page.tags[5] == ("title", {})
    assert "".join(page.text).count("<b>t</b> & co") == 1  # the title, as text
    state = widget_state(page)["state"]
    values = [m["state"].get("value", "") for m in state.values() if m["model_name"] == "HTMLModel"]
    assert len(values) > 50
    made: set[str] = set()
    text = []
    for v in values:
        p = parse(v)
        made.update(t for t, _a in p.tags)
        assert not any(k.startswith("on") for _t, a in p.tags for k in a)
        text.append("".join(p.text))
    assert made <= {"b", "div", "span", "ul", "li", "style", "details", "summary", "svg"} | {
        "rect",
        "g",
        "text",
        "title",
        "path",
        "circle",
    }
    assert "i" not in made and "img" not in made and "script" not in made  # the names' <i>: text, as next
    joined = "\n".join(text)
    assert joined.count(EVIL) > 50
    assert joined.count(NL) > 50
    assert COMMENT in joined
    assert "<script>alert('e')</script>" in joined
    assert all("<img" not in v and "<script" not in v and "</script" not in v for v in values)
    labels = [
        label
        for m in state.values()
        if m["model_name"] == "DropdownModel"
        for label in m["state"].get("_options_labels", [])
    ]
    assert f"{EVIL}'s view" in labels and f"{NL}'s view" in labels
    # inside the state script, the markup of user text cannot close the script
    raw_state = evil_page.split('type="application/vnd.jupyter.widget-state+json">', 1)[1].split("</script>", 1)[0]
    assert "</script" not in raw_state.lower() and "<script" not in raw_state.lower()


def test_every_frame_is_in_the_page() -> None:
    """The page holds every frame: each Stack with its 15 children, linked to the slider."""
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    state = widget_state(parse(page_html(replay)))["state"]
    stacks = [m for m in state.values() if m["model_name"] == "StackModel"]
    assert sorted(len(m["state"]["children"]) for m in stacks) == [3] + [15] * 16
    links = [m for m in state.values() if m["model_name"] in ("LinkModel", "DirectionalLinkModel")]
    assert len(links) == 5 + 16
    buttons = [m for m in state.values() if m["model_name"] == "ButtonModel"]
    assert buttons == []  # the ◀ ▶ buttons need a kernel: not in a page


def test_export_html_writes_the_page(tmp_path: Path) -> None:
    rec = Recording.load(RECORDINGS / "podkidnoy-2p.json")
    out = export_html(rec, tmp_path / "p.html", perspective="Boris")
    text = out.read_text(encoding="utf-8")
    assert out == tmp_path / "p.html"
    assert "<title>Podkidnoy, 2 players, a full game</title>" in text
    state = widget_state(parse(text))["state"]
    views = [m for m in state.values() if m["model_name"] == "StackModel" and len(m["state"]["children"]) == 3]
    assert [m["state"]["selected_index"] for m in views] == [2]
    with pytest.raises(KeyError):
        export_html(rec, tmp_path / "q.html", perspective="Nobody")
    assert not (tmp_path / "q.html").exists()


def test_a_missing_or_altered_bundle_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = Recording.from_json(podkidnoy_doc())
    monkeypatch.setattr(export, "BUNDLE", tmp_path / "none.js")
    with pytest.raises(ExportError, match=r"python scripts/vendor_html_manager\.py"):
        export_html(rec, tmp_path / "p.html")
    (tmp_path / "bad.js").write_text("alert(1)")
    monkeypatch.setattr(export, "BUNDLE", tmp_path / "bad.js")
    with pytest.raises(ExportError, match="is not the recorded"):
        export_html(rec, tmp_path / "p.html")


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
    assert capsys.readouterr().err == f"durak-nb export: error: {rec} holds 1 game(s): --game 1..1\n"
    assert main(["export", str(tmp_path / "none.json"), "-o", str(tmp_path / "a.html")]) == 1
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'none.json'}:1:1: error: cannot read the file")
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
