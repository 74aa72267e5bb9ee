"""Defects of issue 8's second hostile trial (N1…N17), each with a test that failed
before its fix: outputs that are not regular files (N1), an output that is its own
input (N2), cyclic and shared ``meta`` (N3), names the readers refuse written by
``Recording`` (N5), a str of players (N6), argparse errors shown raw (N12).

Rule ids: R2 (players' names).  No test writes to ``/dev``: a FIFO made in ``tmp_path``
stands for every file that is not a regular one.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from durak_nb.cli import main
from durak_nb.record import Recording, RecordingError, jsonio
from durak_nb.record.json_form import write_atomic


@pytest.fixture
def good(tmp_path: Path) -> Path:
    """A legal two-player recording (the trial's good.json), copied into ``tmp_path``."""
    from durak_nb.engine import Game
    from durak_nb.record import Deal

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    rec = Recording(g.rules, g.players, deal=Deal(1, g.deck_order), moves=tuple(g.history))
    path = tmp_path / "good.json"
    path.write_text(rec.dumps(), encoding="utf-8")
    return path


# ---------------------------------------------------------------------- N1: outputs that are not regular files


@pytest.mark.parametrize("command", ["export", "convert"])
@pytest.mark.parametrize("through_link", [False, True])
def test_n1_outputs_refuse_a_fifo(
    good: Path, command: str, through_link: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = good.parent / ("out.html" if command == "export" else "out.json")
    os.mkfifo(fifo)
    target = fifo
    if through_link:
        target = good.parent / ("link.html" if command == "export" else "link.json")
        target.symlink_to(fifo.name)
    argv = ["export", str(good), "-o", str(target)] if command == "export" else ["convert", str(good), str(target)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "not a regular file" in err and str(target) in err
    assert fifo.is_fifo() and (not through_link or target.is_symlink())


def test_n1_write_atomic_refuses_a_fifo_and_a_directory(tmp_path: Path) -> None:
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(RecordingError) as info:
            write_atomic(path, "{}")
        assert info.value.message == (
            "cannot write the file: it is not a regular file (a directory, a device, a pipe or a socket)"
        )
        assert info.value.file == str(path)
    assert fifo.is_fifo() and os.listdir(tmp_path) == ["x.json"]  # no temporary file left


def test_n1_export_html_refuses_a_fifo(good: Path) -> None:
    from durak_nb.views.export import export_html

    fifo = good.parent / "page.html"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        export_html(Recording.from_json_text(good.read_text()), fifo)
    assert fifo.is_fifo()


def test_n1_regular_files_and_links_to_them_are_still_replaced(good: Path) -> None:
    real = good.parent / "real.json"
    real.write_text("old")
    link = good.parent / "link.json"
    link.symlink_to(real.name)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


# ---------------------------------------------------------------------- N2: OUT is IN


@pytest.mark.parametrize("command", ["export", "convert"])
def test_n2_output_is_the_input(good: Path, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = good.read_bytes()
    other = good.parent / "alias.json"
    other.symlink_to(good.name)
    argv = ["export", str(good), "-o", str(other)] if command == "export" else ["convert", str(good), str(other)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"durak-nb {command}: error: {other}: ")
    assert good.read_bytes() == before


# ---------------------------------------------------------------------- N3: cyclic and shared meta


def _doc(good: Path, meta: object) -> dict[str, object]:
    return {**json.loads(good.read_text()), "meta": meta}


def test_n3_cyclic_meta_is_refused(good: Path) -> None:
    m: dict[str, object] = {}
    m["m"] = m
    with pytest.raises(RecordingError) as info:
        Recording.from_json(_doc(good, m))
    assert info.value.message == "meta 'm': an object holds itself (a cycle), which no JSON text can hold"
    a: list[object] = []
    a.append(a)
    with pytest.raises(RecordingError, match="an array holds itself"):
        Recording.from_json(_doc(good, {"x": a}))


def test_n3_shared_meta_is_bounded(good: Path) -> None:
    x: list[object] = [1]
    for _ in range(40):
        x = [x, x]
    start = time.monotonic()
    with pytest.raises(RecordingError) as info:
        Recording.from_json(_doc(good, {"x": x}))
    assert time.monotonic() - start < 5
    assert info.value.message == (
        f"meta 'x': more than {jsonio.MAX_DATA_NODES} values once written out (arrays shared many times over)"
    )
    shared = [1, 2]
    assert Recording.from_json(_doc(good, {"a": shared, "b": [shared, shared]})).meta["b"] == [[1, 2], [1, 2]]


def test_n3_data_problem_counts_values_written_out() -> None:
    x: list[object] = [1]
    x = [x, x]  # 2 + 2 * 2 = ... the outer list, two inner lists, two 1s
    assert jsonio.data_problem(x, max_nodes=5) is None
    assert jsonio.data_problem(x, max_nodes=4) is not None


# ---------------------------------------------------------------------- N12: argparse errors


def test_n12_argparse_errors_are_escaped(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["export", str(good), "-o", "ex.html", "--perspective", "\x1b[31mZ"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert err.endswith("durak-nb: error: unrecognized arguments: --perspective \\x1b[31mZ\n")
