"""Every notebook runs headless without an error; the replayer widget steps in place.

The notebooks run with nbclient on the ``python3`` kernel with ``notebooks/`` as the
working directory (as JupyterLab opens them), each cell within 120 s.  The kernel must
be this interpreter (the project's virtual environment): jupyter_client starts a
kernel spec whose command is ``python`` with ``sys.executable``, which
``test_kernel_is_this_python`` checks.
"""

from __future__ import annotations

import sys
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest
from conftest import NOTEBOOKS
from ipywidgets.widgets.widget_link import Link
from nbclient import NotebookClient
from test_replay import podkidnoy_doc

from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views import ReplayerWidget
from durak_nb.views.html import frame

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


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[p.name for p in NOTEBOOK_FILES])
def test_notebook_is_committed_without_outputs(path: Any) -> None:
    nb = nbformat.read(path, as_version=4)
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
        "move 51: Boris throws in QS — вдогонку, a throw-in after take (R14): 3 more cards may still be given (R13)"
    ) in joined
    assert "Anna is the durak\n" in joined
    widget_views = [
        o
        for cell in nb.cells
        for o in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(widget_views) == 1


# ----------------------------------------------------------------------------- the widget


def all_widgets(w: widgets.Widget) -> list[widgets.Widget]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += all_widgets(child)
    return out


@pytest.fixture()
def widget() -> ReplayerWidget:
    return ReplayerWidget(Replay(Recording.from_json(podkidnoy_doc())), interval=500)


def test_widget_steps_in_place(widget: ReplayerWidget) -> None:
    """Stepping sets the value of the same HTML widgets: no widget is rebuilt."""
    before = all_widgets(widget)
    parts = [widget.table, widget.trump, widget.stock, widget.turn, widget.move, widget.events, widget.result]
    hands = list(widget.hands)
    assert widget.table.value == '<b>Table</b> (стол): <span class="dnb-none">empty</span>'
    assert (
        widget.move.value
        == '<b>Start</b> (0 of 14 moves played)<div class="dnb-none">next, move 0: Anna attacks 6S</div>'
    )

    widget.slider.value = 6  # after the take (R14) and the draw (R16)

    after = all_widgets(widget)
    assert len(after) == len(before)
    assert all(a is b for a, b in zip(after, before, strict=True))
    assert [widget.table, widget.trump, widget.stock, widget.turn, widget.move, widget.events, widget.result] == parts
    assert all(a is b for a, b in zip(widget.hands, hands, strict=True))
    assert widget.table.value == '<b>Table</b> (стол): <span class="dnb-none">empty</span>'
    assert widget.move.value == (
        "<b>Move 5</b> (6 of 14 played): Anna passes — nothing more: every thrower has passed, so the bout ends (R12)"
        '<div class="dnb-none">next, move 6: Anna attacks 9S 9C</div>'
    )
    assert widget.events.value == (
        '<ul class="dnb-events"><li>Boris picks up 6S 7S 6C 6D (R14)</li><li>Anna draws 9C TH (R16)</li></ul>'
    )
    assert widget.stock.value == "<b>Talon</b> (талон): 0 cards · <b>Discard</b> (отбой): 24 cards"
    assert widget.turn.value == "<b>Bout 2</b> · attacker <b>Anna</b> · defender <b>Boris</b> · may act: <b>Anna</b>"
    assert widget.hands[0].value == (
        '<div class="dnb-hand"><b>Anna</b> <span class="dnb-role">attacker</span> (4 cards): '
        '<span class="dnb-card" style="color:#111">9♠</span><span class="dnb-card" style="color:#111">9♣</span>'
        '<span class="dnb-card" style="color:#c62828">10♥</span><span class="dnb-card" style="color:#c62828">K♥</span>'
        "</div>"
    )
    assert widget.result.value == ""

    widget.slider.value = 14
    assert all(a is b for a, b in zip(all_widgets(widget), before, strict=True))
    assert widget.result.value == "<b>Result</b>: Boris is the durak · out in order: Anna"
    assert widget.turn.value == "<b>Game over</b>"
    f = frame(widget.replay, 14)
    assert [h.value for h in widget.hands] == list(f.hands)
    assert (widget.trump.value, widget.table.value) == (f.trump, f.table)
    assert widget.forward.disabled is True
    assert widget.back.disabled is False


def test_widget_buttons_step_the_slider(widget: ReplayerWidget) -> None:
    assert widget.back.disabled is True
    widget.forward.click()
    widget.forward.click()
    assert (widget.slider.value, widget.index) == (2, 2)
    assert widget.move.value == (
        "<b>Move 1</b> (2 of 14 played): Boris covers 6S with 7S — a higher ♠ beats it (побить, R6); "
        "every attack card is covered"
        '<div class="dnb-none">next, move 2: Anna throws in 6C</div>'
    )
    widget.back.click()
    assert widget.slider.value == 1
    widget.back.click()
    widget.back.click()
    assert widget.slider.value == 0
    widget.slider.value = 14
    widget.forward.click()
    assert widget.slider.value == 14


def test_widget_play_and_slider_are_jslinked(widget: ReplayerWidget) -> None:
    """The Play widget drives the slider in the browser (jslink), and the speed slider
    sets the Play widget's interval."""
    link, speed_link = widget.links
    assert type(link) is Link and type(speed_link) is Link
    assert link.source == (widget.play, "value") and link.target == (widget.slider, "value")
    assert speed_link.source == (widget.speed, "value") and speed_link.target == (widget.play, "interval")
    assert (widget.play.min, widget.play.max, widget.play.interval) == (0, 14, 500)
    assert (widget.slider.min, widget.slider.max) == (0, 14)


def test_widget_start_index_and_bounds() -> None:
    replay = Replay(Recording.from_json(podkidnoy_doc()))
    w = ReplayerWidget(replay, start=14)
    assert w.result.value == "<b>Result</b>: Boris is the durak · out in order: Anna"
    with pytest.raises(IndexError):
        ReplayerWidget(replay, start=15)
