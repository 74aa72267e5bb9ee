"""Defects of the hostile trial (issue 8, §4) in the views: each test failed before its fix.

- 11: graphviz decodes entity references in labels (``Tom &amp; Jerry`` showed as
  "Tom & Jerry", ``x&#10;y`` as two lines): every label now shows as typed.
- 7: ``export`` of a legal 99,996-move game took 238 s and 6.3 GB: every view has a
  documented bound on work (durak_nb.views.bounds), refused at once past it with a
  DurakError naming the bound and the game's size; a game at the bound works.
- 10 (export part): a title holding a lone surrogate crashed ``export_html`` with
  UnicodeEncodeError and left a 0-byte page: the text is refused with a clear error
  and the page is written atomically (whole or not at all).
"""

from __future__ import annotations

import os
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from test_replay import podkidnoy_doc

from durak_nb.cards import deck
from durak_nb.errors import DurakError
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views import bounds
from durak_nb.views.bounds import MAX_REPLAYER_MOVES, MAX_TREE_NODES, ViewBoundError
from durak_nb.views.export import ExportError, export_html, page_html
from durak_nb.views.html import replayer_frames
from durak_nb.views.replayer import ReplayerWidget
from durak_nb.views.trees import bout_diagram, dot_text, game_tree, variation_tree

HAS_DOT = shutil.which("dot") is not None
NS = "{http://www.w3.org/2000/svg}"

# ----------------------------------------------------------------------------- defect 11

NAMES = ["Tom &amp; Jerry", "x&#10;y"]


def entity_replay() -> Replay:
    doc = {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": NAMES,
        "start": {
            "hands": {NAMES[0]: ["6S", "AH"], NAMES[1]: ["7S"]},
            "talon": [],
            "trump": "H",
            "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
            "attacker": NAMES[0],
            "first_bito_done": True,
        },
        "moves": [{"player": NAMES[0], "action": "attack", "cards": ["6S"]}],
    }
    return Replay(Recording.from_json(doc))


def test_defect_11_dot_text_escapes_entity_references() -> None:
    assert dot_text("Tom &amp; Jerry") == "Tom &amp;amp; Jerry"
    assert dot_text("x&#10;y &#x41; &lt;b&gt;") == "x&amp;#10;y &amp;#x41; &amp;lt;b&amp;gt;"
    assert dot_text("A & B; C&D") == "A & B; C&D"  # no entity: nothing to escape
    assert dot_text("a\\nb \\l") == "a\\\\nb \\\\l"  # DOT escapes stay literal too


def test_defect_11_bout_diagram_source_keeps_names_as_typed() -> None:
    d = bout_diagram(entity_replay(), 1)
    assert '"Tom &amp;amp; Jerry"' in d.source
    assert '"1. attacks x&amp;#10;y"' in d.source
    assert d.caption == "Bout 1: Tom &amp; Jerry attacks x&#10;y"


@pytest.mark.skipif(not HAS_DOT, reason="graphviz's dot program is not installed")
def test_defect_11_rendered_names_show_as_typed() -> None:
    d = bout_diagram(entity_replay(), 1)
    root = ET.fromstring(d.pipe(format="svg", encoding="utf-8"))
    shown = [t.text or "" for t in root.iter(NS + "text")]
    assert shown == [
        "Bout 1: Tom &amp; Jerry attacks x&#10;y",
        "table",
        "Tom &amp; Jerry",
        "6♠",
        "1. attacks x&#10;y",
    ]


# ----------------------------------------------------------------------------- defect 7

LOOP_START: dict[str, Any] = {
    "hands": {"Anna": ["7H", "9S"], "Boris": ["8H", "TS", "AS", "AC"]},
    "talon": [],
    "trump": "D",
    "discard": [c.code for c in deck(36) if c.code not in ("7H", "9S", "8H", "TS", "AS", "AC")],
    "attacker": "Anna",
    "first_bito_done": True,
    "bout": 40,
}
LOOP = [
    {"player": "Boris", "action": "attack", "cards": ["AS", "AC"]},
    {"player": "Anna", "action": "take"},
    {"player": "Boris", "action": "pass"},
    {"player": "Anna", "action": "attack", "cards": ["AS", "AC"]},
    {"player": "Boris", "action": "take"},
    {"player": "Anna", "action": "pass"},
]


def loop_recording(n: int) -> Recording:
    """A legal english game of ``n`` moves (repetition draw off, R27): the two aces go
    back and forth, taken every bout (the game of the trial's loop100k.json)."""
    moves = [{"player": "Anna", "action": "pass"}] + [LOOP[i % 6] for i in range(n - 1)]
    return Recording.from_json(
        {
            "format": "durak-nb/1",
            "rules": {"preset": "english", "repetition_draw": 0},
            "players": ["Anna", "Boris"],
            "start": LOOP_START,
            "meta": {"title": "long loop"},
            "moves": moves,
        }
    )


def test_defect_7_export_of_the_trial_game_is_refused_at_once(tmp_path: Path) -> None:
    rec = loop_recording(99_996)
    page = tmp_path / "big.html"
    t0 = time.process_time()
    with pytest.raises(ExportError) as err:
        export_html(rec, page)
    assert time.process_time() - t0 < 0.5  # refused before replaying: no move is played
    assert isinstance(err.value, DurakError) and err.value.rule is None
    assert str(err.value) == "an exported page shows at most 1,000 moves (max_moves); this game has 99,996"
    assert not page.exists()


def test_defect_7_the_cli_export_names_the_bound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from durak_nb.cli import main

    src = tmp_path / "long.json"
    loop_recording(MAX_REPLAYER_MOVES + 1).dump(src)
    assert main(["export", str(src), "-o", str(tmp_path / "p.html")]) == 1
    assert capsys.readouterr().err == (
        "durak-nb export: error: an exported page shows at most 1,000 moves (max_moves); this game has 1,001\n"
    )
    assert not (tmp_path / "p.html").exists()


def test_defect_7_every_view_refuses_past_its_bound_and_works_at_it(tmp_path: Path) -> None:
    at, past = Replay(loop_recording(24)), Replay(loop_recording(25))
    # the replayer's frames and widget
    assert len(replayer_frames(at, max_moves=24).story) == 25
    with pytest.raises(ViewBoundError) as err:
        replayer_frames(past, max_moves=24)
    assert str(err.value) == "the replayer shows at most 24 moves (max_moves); this game has 25"
    assert (err.value.bound, err.value.size) == (24, 25)
    assert len(ReplayerWidget(at, max_moves=24).goto.options) == 25
    with pytest.raises(ViewBoundError, match=r"^the replayer shows at most 24 moves \(max_moves\); this game has 25$"):
        ReplayerWidget(past, max_moves=24)
    # the exported page, from a replay and from a recording
    assert 'id="dnb-board"' in export_html(at, tmp_path / "at.html", max_moves=24).read_text(encoding="utf-8")
    for source in (past, past.recording):
        with pytest.raises(
            ExportError, match=r"^an exported page shows at most 24 moves \(max_moves\); this game has 25$"
        ):
            export_html(source, tmp_path / "past.html", max_moves=24)
    with pytest.raises(ExportError, match="at most 24 moves"):
        page_html(past, max_moves=24)
    assert not (tmp_path / "past.html").exists()
    # the variation tree: one node per move (fold=False), or one per straight run
    assert variation_tree(at.recording, max_moves=24, fold=False).kinds() == {"start": 1, "move": 24}
    with pytest.raises(
        ViewBoundError, match=r"^the variation tree shows at most 24 moves \(max_moves\); this game has 25$"
    ):
        variation_tree(past.recording, max_moves=24)
    # the game tree: max_nodes and depth at most MAX_TREE_NODES
    game = at.game(0)
    assert game_tree(game, depth=1, max_nodes=MAX_TREE_NODES).kinds()["position"] >= 2
    with pytest.raises(
        ViewBoundError, match=r"^the game tree shows at most 5,000 positions \(MAX_TREE_NODES\); asked for 5,001$"
    ):
        game_tree(game, max_nodes=MAX_TREE_NODES + 1)
    with pytest.raises(
        ViewBoundError, match=r"^the game tree shows at most 5,000 moves deep \(MAX_TREE_NODES\); asked for 5,001$"
    ):
        game_tree(game, depth=MAX_TREE_NODES + 1)


def test_defect_7_the_default_bounds_are_documented() -> None:
    assert (bounds.MAX_REPLAYER_MOVES, bounds.MAX_TREE_MOVES, bounds.MAX_TREE_NODES) == (1_000, 5_000, 5_000)
    for func in (replayer_frames, ReplayerWidget, export_html, variation_tree):
        assert func.__doc__ is not None and "max_moves" in func.__doc__
    assert bounds.__doc__ is not None and "MAX_REPLAYER_MOVES" in bounds.__doc__


# ----------------------------------------------------------------------------- defect 10


def test_defect_10_a_lone_surrogate_title_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    rec = Recording.from_json(podkidnoy_doc())
    page = tmp_path / "t.html"
    with pytest.raises(ExportError) as err:
        export_html(rec, page, title="\udcff")
    assert str(err.value) == (
        "the title is not valid text: character 1 is a lone surrogate (U+DCFF), "
        "which UTF-8 cannot hold; give the text as valid UTF-8"
    )
    assert not page.exists()
    page.write_text("the old page", encoding="utf-8")
    with pytest.raises(ExportError, match="character 3 is a lone surrogate"):
        export_html(rec, page, title="ab\ud800")
    assert page.read_text(encoding="utf-8") == "the old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.html"]


def test_defect_10_the_page_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = Recording.from_json(podkidnoy_doc())
    page = tmp_path / "t.html"
    page.write_text("the old page", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)  # the os module export.py writes with
    with pytest.raises(OSError, match="No space left"):
        export_html(rec, page)
    assert page.read_text(encoding="utf-8") == "the old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.html"]  # no temporary file left
    monkeypatch.undo()
    export_html(rec, page, title="ok")
    assert "<title>ok</title>" in page.read_text(encoding="utf-8")
    umask = os.umask(0)
    os.umask(umask)
    assert page.stat().st_mode & 0o777 == 0o666 & ~umask
    page.chmod(0o640)
    export_html(rec, page, title="again")
    assert page.stat().st_mode & 0o777 == 0o640


def test_defect_10_a_page_through_a_symbolic_link_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    """Not a defect of its own: the atomic write keeps what the plain write did."""
    rec = Recording.from_json(podkidnoy_doc())
    real = tmp_path / "real.html"
    real.write_text("the old page", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    assert export_html(rec, link, title="via a link") == link
    assert link.is_symlink()
    assert "<title>via a link</title>" in real.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.html", "real.html"]


class CopyCounter:
    """Counts ``Game.copy`` calls while patched in (a live game copied costs the moves played)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from durak_nb.engine import Game

        self.count = 0
        real_copy = Game.copy

        def counting_copy(game: Game) -> Game:
            self.count += 1
            return real_copy(game)

        self._monkeypatch = monkeypatch
        self._copy = counting_copy

    def __enter__(self) -> CopyCounter:
        from durak_nb.engine import Game

        self.count = 0
        self._monkeypatch.setattr(Game, "copy", self._copy)
        return self

    def __exit__(self, *exc: object) -> None:
        self._monkeypatch.undo()


def test_defect_7_the_replayer_walks_the_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linear within the bound: the frames ask the engine in one walk (a fixed number
    of live games copied, not one per frame as before)."""
    for n in (60, 240):
        replay = Replay(loop_recording(n))
        with CopyCounter(monkeypatch) as copies:
            replayer_frames(replay)
        assert copies.count == 2, n  # the game(0) the frames walk, and the prefetch's walk


def test_defect_7_a_long_replay_keeps_fewer_live_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replay (under every view) keeps a live game every 16 moves up to 1,024 moves,
    then thinner (THIN_AFTER): each copy costs the moves played, so copies every 16
    moves cost time and memory quadratic in a long game (16 s and gigabytes for the
    trial's 99,996 moves; 4.5 s and 177 MB now).  Seeks stay exact."""
    from durak_nb.replay import THIN_AFTER

    assert THIN_AFTER == 64
    rec = loop_recording(4_000)
    with CopyCounter(monkeypatch) as copies:
        replay = Replay(rec)
    assert copies.count == 153  # 63 up to move 1,024 (as before), then 90 more: not 250
    assert len(Replay(loop_recording(1_000))) == 1_000
    game = rec.new_game()
    for k, move in enumerate(rec.moves):
        if k in (0, 1_023, 1_024, 1_105, 2_222, 3_984):
            assert replay.game(k).position() == game.position() == replay.position(k)
        game.play(move)
    assert replay.game(4_000).position() == game.position()
