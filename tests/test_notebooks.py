"""Every notebook runs headless without an error (the replayer widget: tests/test_replayer.py).

The notebooks run with nbclient on the ``python3`` kernel with ``notebooks/`` as the
working directory (as JupyterLab opens them), each cell within 120 s.  The kernel must
be this interpreter (the project's virtual environment): jupyter_client starts a
kernel spec whose command is ``python`` with ``sys.executable``, which
``test_kernel_is_this_python`` checks.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import NOTEBOOKS
from nbclient import NotebookClient

from durak_nb.lessons import LESSONS, claims_of

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))


def client_for(nb: nbformat.NotebookNode) -> NotebookClient:
    """The one way these tests run a notebook: in notebooks/, errors kept as outputs."""
    return NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )


def run(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    client_for(nb).execute()
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


#: the notebooks a learner reads: the index, the replayer's tour, the lessons and the
#: play page (issue 9 §1): code hidden, every output rich, every cell re-runnable
COURSE = ["00_index.ipynb", "00_replay.ipynb", *(item.notebook for item in LESSONS), "10_play_against_bots.ipynb"]

_EXECUTED: dict[str, nbformat.NotebookNode] = {}
_RERUN: dict[str, list[str]] = {}


def run_and_rerun(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, list[str]]:
    """Run ``nb`` top to bottom, then every code cell once more in reverse order in the
    same kernel (as a learner re-running cells out of order); returns the notebook as
    the first run left it and the errors of the second."""
    client = client_for(nb)
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            client.execute_cell(cell, i)
        first = copy.deepcopy(nb)
        for i in reversed(range(len(nb.cells))):
            if nb.cells[i].cell_type == "code":
                client.execute_cell(nb.cells[i], i)
    return first, errors(nb)


def executed(name: str) -> nbformat.NotebookNode:
    """The notebook ``name`` executed (once per test session); the course's notebooks
    are then re-run in reverse order (:func:`run_and_rerun`, errors in ``_RERUN``)."""
    if name not in _EXECUTED:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        if name in COURSE:
            _EXECUTED[name], _RERUN[name] = run_and_rerun(nb)
        else:
            _EXECUTED[name] = run(nb)
    return _EXECUTED[name]


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[p.name for p in NOTEBOOK_FILES])
def test_notebook_runs_without_errors(path: Any) -> None:
    assert errors(executed(path.name)) == []


def outputs(nb: nbformat.NotebookNode) -> list[list[dict[str, Any]]]:
    """Per code cell, its outputs' data (``text/plain``, ``text/html`` …)."""
    return [[o.get("data", {}) for o in c.get("outputs", [])] for c in nb.cells if c.cell_type == "code"]


def test_00_replay_outputs() -> None:
    """The replayer's tour shows recordings/podkidnoy-2p.json, one replayer, the first
    six moves in words, the вдогонку position and moves (R14) and the result (R25)."""
    nb = executed("00_replay.ipynb")
    out = outputs(nb)
    assert [[sorted(d) for d in cell] for cell in out] == [
        [["text/html", "text/plain"]],
        [["application/vnd.jupyter.widget-view+json", "text/plain"]],
        [["text/html", "text/plain"]],
        [["image/svg+xml", "text/plain"]],
        [["text/html", "text/plain"]],
        [["text/html", "text/plain"]],
        [["image/svg+xml", "text/plain"]],
    ]
    assert out[0][0]["text/plain"] == "<Replay podkidnoy Anna, Boris: 134 moves, Anna is the durak>"
    assert "podkidnoy · Anna, Boris · 134 moves · Anna is the durak" in out[0][0]["text/html"]
    assert out[2][0]["text/plain"].splitlines() == [
        "Move 1: Boris attacks 10♥ — the lead (заход, R9); Anna defends (R10)",
        "Move 2: Anna covers 10♥ with A♥ — a higher ♥ beats it (побить, R6); every attack card is covered",
        "Move 3: Boris passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then bito: 10♥ A♥ to the discard (R15); Boris draws 6♥ (R16); Anna draws 8♥ (R16)",
        "Move 4: Anna attacks 6♦ — the lead (заход, R9); Boris defends (R10)",
        "Move 5: Boris covers 6♦ with J♦ — a higher ♦ beats it (побить, R6); every attack card is covered",
        "Move 6: Anna passes — nothing more: every thrower has passed, so the bout ends (R12); "
        "then bito: 6♦ J♦ to the discard (R15); Anna draws A♠ (R16); Boris draws A♣ (R16)",
    ]
    assert "<li>Move 1: Boris attacks 10♥ — the lead (заход, R9); Anna defends (R10)</li>" in out[2][0]["text/html"]
    assert out[4][0]["text/plain"].splitlines() == [
        "Move 51: Anna takes — принять, take (R14): Boris may still give up to 4 more cards вдогонку (R13, R14)",
        "Move 52: Boris throws in Q♠ — вдогонку, a throw-in after take (R14): 3 more cards may still be given (R13)",
    ]
    assert out[5][0]["text/plain"] == "Game over: Anna is the durak (R25)."
    assert 'aria-label="Game over: Anna is the durak"' in out[6][0]["image/svg+xml"]


def test_00_replay_names_the_replayers_controls() -> None:
    """The tour explains every control of the current replayer by its label (◀ ▶, play,
    move, view, go to, ms/move) and the views and go-to entries as the widget words them."""
    from durak_nb import lessons
    from durak_nb.views import ReplayerWidget

    w = ReplayerWidget(lessons.replay("podkidnoy-2p.json"))
    nb = nbformat.read(NOTEBOOKS / "00_replay.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    labels = [w.back.description, w.forward.description, w.play.description, w.slider.description]
    labels += [w.perspective.description, w.goto.description, w.speed.description]
    assert labels == ["◀", "▶", "play", "move", "view", "go to", "ms/move"]
    assert "| **◀** and **▶** | one move back, one move forward |" in text
    for label in labels[2:]:
        assert f"| **{label}** |" in text
    views = [label for label, _ in w.perspective.options]
    assert views == ["all hands open", "Anna's view", "Boris's view"]
    assert all(f"*{v}*" in text for v in views)
    goto = [label for label, _ in w.goto.options]
    assert goto[52] == "Bout 13 · 52/134 · after Boris throws in Q♠"
    assert goto[6] == "▶ Bout 3 begins · 6/134 · after Anna passes"
    assert goto[51] == "Bout 13 · 51/134 · after Anna takes"
    assert all(f"*{entry}*" in text for entry in (goto[52], goto[6], goto[51], "▶ Bout 3 begins"))
    assert "`" not in text and "()" not in text  # no Python names or calls


@pytest.mark.parametrize("name", COURSE)
def test_course_cells_run_again_in_reverse_order_without_errors(name: str) -> None:
    """Issue 9 §1: any cell can be run again, or out of order (no cell changes a game
    another cell shows)."""
    executed(name)
    assert _RERUN[name] == []


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[p.name for p in NOTEBOOK_FILES])
def test_code_is_hidden_from_the_learner(path: Path) -> None:
    """Every code cell hides its source: ``jupyter.source_hidden`` (JupyterLab, Notebook 7,
    JupyterLite) and the ``hide-input`` tag (nbconvert, Jupyter Book); Voila hides code anyway."""
    nb = nbformat.read(path, as_version=4)
    shown = [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code"
        and not (
            c.metadata.get("jupyter", {}).get("source_hidden") is True and "hide-input" in c.metadata.get("tags", [])
        )
    ]
    assert shown == []


#: output types a learner may see: rendered tables, pictures, widgets (never a bare repr)
RICH = ("text/html", "image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json", "text/markdown")


@pytest.mark.parametrize("name", COURSE)
def test_no_output_is_a_raw_repr(name: str) -> None:
    """Issue 9 §1: every output of a lesson is rich (HTML, a picture, a widget), and no
    cell prints."""
    nb = executed(name)
    bare = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream" and o.get("name") == "stdout":
                bare.append((i, o.get("text", "")[:60]))
            elif o.get("output_type") in ("execute_result", "display_data") and not any(
                k in o.get("data", {}) for k in RICH
            ):
                bare.append((i, o.get("data", {}).get("text/plain", "")[:60]))
    assert bare == []


@pytest.mark.parametrize("item", [i for i in LESSONS if claims_of(i.number)], ids=lambda i: i.notebook)
def test_lesson_ends_with_a_collapsed_part_for_teachers(item: object) -> None:
    """The ✔ check is at the end, under a collapsed "For teachers" heading (JupyterLab's
    ``jp-MarkdownHeadingCollapsed``; the table's output hidden too), followed by the
    "Next" heading: Run All leaves the last cell active and the front-ends open the
    headings above the active cell, so the last cell must not be the teachers' (issue 22)."""
    nb = nbformat.read(NOTEBOOKS / item.notebook, as_version=4)  # type: ignore[attr-defined]
    head, table, after = nb.cells[-3], nb.cells[-2], nb.cells[-1]
    following = next(i for i in LESSONS if i.number == item.number + 1)  # type: ignore[attr-defined]
    assert after.cell_type == "markdown" and after.source == (
        f"## Next\n\n[Lesson {following.number} · {following.title}]({following.notebook}) — "
        "or back to [the course's index](00_index.ipynb)."
    )
    assert head.cell_type == "markdown" and head.source.startswith("## For teachers\n")
    assert head.metadata.get("jp-MarkdownHeadingCollapsed") is True
    assert table.source == f"show.teachers({item.number})"  # type: ignore[attr-defined]
    assert table.metadata["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert sum("For teachers" in c.source for c in nb.cells if c.cell_type == "markdown") == 1


def test_index_is_a_landing_page() -> None:
    """Per lesson: a link, what it teaches, how long it takes (issue 9 §1)."""
    nb = nbformat.read(NOTEBOOKS / "00_index.ipynb", as_version=4)
    text = nb.cells[0].source
    for item in LESSONS:
        assert f"| {item.number} | [{item.title}]({item.notebook}) | {item.teaches} | {item.minutes} min |" in text
        assert item.teaches and 10 <= item.minutes <= 60


def test_notebook_10_title_says_10() -> None:
    nb = nbformat.read(NOTEBOOKS / "10_play_against_bots.ipynb", as_version=4)
    assert nb.cells[0].source.startswith("# 10 · Playing against bots")
