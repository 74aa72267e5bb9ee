"""What runs inside the browser (Pyodide) on the course's site: Graphviz as WebAssembly.

The ``dot`` program cannot run in a browser.  There :func:`render_svg` draws the same DOT
source with @viz-js/viz (Graphviz compiled to WebAssembly, shipped on the site as the wheel
``durak-nb-viz``).  Its instance is made asynchronously: :func:`start` begins that when the
kit's diagrams are first imported, and a diagram shown before it is ready shows its DOT
source with a line saying so (run the cell again).  Outside Pyodide nothing here is used.
"""

from __future__ import annotations

import sys
from typing import Any

_state: dict[str, Any] = {}


def in_browser() -> bool:
    """Whether the kit runs in the browser's Python (Pyodide: ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten"


def start() -> bool:
    """Begin loading the WASM Graphviz (once); False when it is not available here."""
    if "instance" in _state or "pending" in _state:
        return True
    if not in_browser():
        return False
    try:
        from importlib.resources import files

        import js
        from pyodide.code import run_js
        from pyodide.ffi import create_once_callable

        source = files("durak_nb_viz").joinpath("viz-global.js").read_text(encoding="utf-8")
    except (ImportError, OSError, ModuleNotFoundError):
        return False
    run_js(source)

    def ready(instance: Any) -> None:
        _state["instance"] = instance

    _state["pending"] = js.Viz.instance().then(create_once_callable(ready))
    return True


def render_svg(dot: str) -> str | None:  # pragma: no cover - runs in Pyodide only
    """The SVG of the DOT source ``dot`` drawn by the WASM Graphviz, or None when it is
    not available (not in a browser, or still loading: :func:`start`)."""
    if not start():
        return None
    import js

    instance = _state.get("instance")
    if instance is None:
        try:  # with WebAssembly stack switching (JSPI), wait for the instance here
            from pyodide.ffi import run_sync

            instance = _state["instance"] = run_sync(js.Viz.instance())
        except Exception:  # no JSPI in this browser or this call: the instance comes later
            return None
    return str(instance.renderString(dot, format="svg"))
