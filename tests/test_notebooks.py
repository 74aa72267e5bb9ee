"""Every notebook runs headless without an error (the replayer widget: tests/test_replayer.py).

The notebooks run with nbclient on the ``python3`` kernel with ``notebooks/`` as the
working directory (as JupyterLab opens them), each cell within 120 s.  The kernel must
be this interpreter (the project's virtual environment): jupyter_client starts a
kernel spec whose command is ``python`` with ``sys.executable``, which
``test_kernel_is_this_python`` checks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import NOTEBOOKS
from nbclient import NotebookClient

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))


def run(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    client = NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    client.execute()
    return nb


def errors(nb: nbformat.NotebookNode) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "error":
                out.append(f"cell {i}: {o.get('ename')}: {o.get('evalue')}")
    return out


def test_kernel_is_this_python() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import os, sys; print(sys.prefix); print(os.getcwd())")]
    run(nb)
    assert errors(nb) == []
    text = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert text.splitlines() == [sys.prefix, str(NOTEBOOKS)]


def test_there_are_notebooks() -> None:
    assert "00_replay.ipynb" in [p.name for p in NOTEBOOK_FILES]


def committed_notebook(path: Path) -> nbformat.NotebookNode:
    """The notebook at ``path`` as git holds it for the next commit (the index), so that
    running and saving a lesson, which writes outputs into the working file as the README
    invites, does not fail the check; a file git does not know (or outside a git
    checkout): the file itself."""
    folder = path.resolve().parent
    try:
        top = subprocess.run(
            ["git", "-C", str(folder), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        if top.returncode == 0:
            rel = path.resolve().relative_to(Path(top.stdout.strip()).resolve()).as_posix()
            shown = subprocess.run(
                ["git", "-C", str(folder), "show", f":{rel}"],
                capture_output=True,
                text=True,
                encoding="utf-8",
                timeout=30,
                check=False,
            )
            if shown.returncode == 0:
                return nbformat.reads(shown.stdout, as_version=4)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        pass
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[p.name for p in NOTEBOOK_FILES])
def test_notebook_is_committed_without_outputs(path: Any) -> None:
    """What git would commit has no outputs (the working file may: a lesson run and saved)."""
    nb = committed_notebook(path)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [(c.get("outputs"), c.get("execution_count")) for c in code] == [([], None)] * len(code)


_EXECUTED: dict[str, nbformat.NotebookNode] = {}


def executed(name: str) -> nbformat.NotebookNode:
    """The notebook ``name`` executed (once per test session)."""
    if name not in _EXECUTED:
        _EXECUTED[name] = run(nbformat.read(NOTEBOOKS / name, as_version=4))
    return _EXECUTED[name]


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[p.name for p in NOTEBOOK_FILES])
def test_notebook_runs_without_errors(path: Any) -> None:
    assert errors(executed(path.name)) == []


def test_00_replay_outputs() -> None:
    """The first notebook shows the replay, the widget, the table, the вдогонку move
    (R14) and the result (R25) of recordings/podkidnoy-2p.json."""
    nb = executed("00_replay.ipynb")
    texts = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            texts.append(o.get("text", "") + o.get("data", {}).get("text/plain", ""))
    joined = "\n".join(texts)
    assert "<Replay podkidnoy Anna, Boris: 134 moves, Anna is the durak>" in joined
    assert (
        "move 51: Boris throws in Q♠ — вдогонку, a throw-in after take (R14): 3 more cards may still be given (R13)"
    ) in joined
    assert "Anna is the durak\n" in joined
    widget_views = [
        o
        for cell in nb.cells
        for o in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(widget_views) == 1
