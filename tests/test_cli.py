"""The command line's shape (issue 8, "Replay, cli"): ``durak_nb.cli`` only parses
arguments, calls library functions and prints; nothing imports library code from it;
one ``record_bot_game`` (durak_nb.selfplay); ``record/`` imports nothing above the
engine.  And ``durak-nb play`` is the library's bot game (R3, R25).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from conftest import ROOT

from durak_nb.cli import main, shown
from durak_nb.record import Recording
from durak_nb.record.recorder import read_journal
from durak_nb.selfplay import NAMES, play_command, record_bot_game, seat_names

PACKAGE = ROOT / "durak_nb"
SOURCES = [
    p
    for folder in ("durak_nb", "tests", "scripts", "benchmarks")
    for p in sorted((ROOT / folder).rglob("*.py"))
    if "static" not in p.parts
]


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every import in a file, relative ones made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            out.append((module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def test_nothing_imports_library_code_from_the_cli() -> None:
    """Only ``main`` (to run the command line in tests) and ``shown`` come from the cli."""
    found = {
        str(p.relative_to(ROOT)): names
        for p in SOURCES
        if p.name != "cli.py"
        for module, names in imports(p)
        if module == "durak_nb.cli" and set(names) - {"main", "shown"}
    }
    assert found == {}


def test_record_imports_nothing_above_the_engine() -> None:
    # the engine's level: unseen.py decides games whose deal nobody saw, implied.py the
    # passes a recording leaves out (both import only the engine)
    allowed = {
        "durak_nb.cards",
        "durak_nb.rules",
        "durak_nb.engine",
        "durak_nb.checks",  # the engine's public argument checks (issue 23)
        "durak_nb.errors",
        "durak_nb.unseen",
        "durak_nb.implied",
        "durak_nb.i18n",  # the languages (issue 11): imports only durak_nb.grammar
        "durak_nb.grammar",  # names declined, numerals in case (issue 20): imports nothing of the kit
        "durak_nb.text",  # what user text may be shown raw (text.visible): imports nothing of the kit
        "durak_nb.numbering",  # a move's number as people count (issue 22): imports nothing of the kit
    }
    above = {
        str(p.relative_to(ROOT)): module
        for p in sorted((PACKAGE / "record").glob("*.py"))
        for module, _ in imports(p)
        if module.startswith("durak_nb") and module not in allowed and not module.startswith("durak_nb.record")
    }
    assert above == {}
    # the leaves allowed above import nothing of the kit themselves (i18n only the grammar)
    for leaf in ("grammar", "text", "numbering"):
        assert [m for m, _ in imports(PACKAGE / f"{leaf}.py") if m.startswith("durak_nb")] == []
    assert [m for m, _ in imports(PACKAGE / "i18n.py") if m.startswith("durak_nb")] in ([], ["durak_nb.grammar"])


def test_one_record_bot_game() -> None:
    defined = [
        str(p.relative_to(ROOT))
        for p in sorted(PACKAGE.rglob("*.py"))
        if "static" not in p.parts
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "record_bot_game"
    ]
    assert defined == ["durak_nb/selfplay.py"]


def test_play_writes_the_library_bot_game_R3_R25(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``durak-nb play`` writes ``record_bot_game``'s recording, whose ``meta.event``
    is the command; in memory and through a journal the moves are the same."""
    out = tmp_path / "g.json"
    argv = ["play", "--preset", "podkidnoy", "--players", "4", "--seed", "3", "--option", "teams=[[0,2],[1,3]]"]
    assert main([*argv, "-o", str(out)]) == 0
    rec = record_bot_game("podkidnoy", 4, 3, {"teams": [[0, 2], [1, 3]]})
    assert capsys.readouterr().out == f"{out}: {len(rec.moves)} moves, the team of Anna and Vera loses (R22)\n"
    assert out.read_text(encoding="utf-8") == rec.dumps()
    assert rec.meta == {
        "event": "durak-nb play --preset podkidnoy --players 4 --seed 3 --option 'teams=[[0,2],[1,3]]'",
        "bots": "random",
    }
    journal = record_bot_game("podkidnoy", 4, 3, {"teams": [[0, 2], [1, 3]]}, path=tmp_path / "g.durak.jsonl")
    assert journal.to_json() == rec.to_json()
    assert read_journal(tmp_path / "g.durak.jsonl").recording.to_json() == rec.to_json()
    assert Recording.load(out).replay().result == rec.replay().result


def test_record_bot_game_names_meta_and_cut() -> None:
    assert seat_names(2) == ["Anna", "Boris"] and seat_names(9) == [f"P{i}" for i in range(1, 10)]
    assert len(NAMES) == 8
    named = record_bot_game("podkidnoy", ["Ann", "Bob"], seed=1)
    assert named.players == ("Ann", "Bob") and named.meta == {}
    short = record_bot_game("podkidnoy", 2, 1, max_moves=5)
    whole = record_bot_game("podkidnoy", 2, 1)
    assert short.moves == whole.moves[:5] and short.result is None
    assert short.meta == whole.meta == {"event": play_command("podkidnoy", 2, 1), "bots": "random"}
    assert record_bot_game("podkidnoy", 2, 1, meta={"x": 1}).meta == {"x": 1}


def test_shown_keeps_text_and_escapes_controls() -> None:
    assert shown("Жора ♠ 10♥ back\\slash") == "Жора ♠ 10♥ back\\slash"
    assert shown("a\tb\x00c\x7fd\x85e\u200bf\u202eg\ud800") == "a\\tb\\x00c\\x7fd\\x85e\\u200bf\\u202eg\\ud800"
    text = json.dumps({"n": "a\x9b\u2028"}, ensure_ascii=False)
    assert json.loads(shown(text, json_string=True)) == {"n": "a\x9b\u2028"}


def test_convert_writes_through_a_symbolic_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.durak"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.durak"
    link.symlink_to(real)
    assert main(["convert", str(ROOT / "recordings" / "draw.json"), str(link)]) == 0
    assert capsys.readouterr().out == f"{link}: 1 game\n"
    assert link.is_symlink()
    assert real.read_bytes() == (ROOT / "recordings" / "draw.durak").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.durak", "real.durak"]


def test_play_refuses_an_option_nested_too_deeply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--option", "x=" + "[" * 50_000, "-o", str(tmp_path / "g.json")])
    assert done.value.code == 2
    assert capsys.readouterr().err.endswith("error: argument --option: 'x': the value is nested too deeply\n")
    assert list(tmp_path.iterdir()) == []
