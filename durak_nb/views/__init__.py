"""Views of games for Jupyter: HTML fragments (:mod:`.html`), SVG card faces
(:mod:`.cards_svg`), graphviz diagrams (:mod:`.trees`) and widgets.

Views import the engine and the replay, never the reverse.  :mod:`.html` and
:mod:`.cards_svg` need only the standard library; :class:`ReplayerWidget` needs
``ipywidgets`` and is imported on first use, so ``durak_nb.views.html`` works without
a kernel or widgets.

Importing this package registers IPython display formatters (:func:`.display.register`)
so that cards and positions show as SVG and recordings as HTML in a running kernel;
the engine itself never imports a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .display import register

if TYPE_CHECKING:
    from .replayer import ReplayerWidget

__all__ = ["ReplayerWidget", "register"]

register()  # a no-op outside a running IPython kernel


def __getattr__(name: str) -> Any:
    if name == "ReplayerWidget":
        from .replayer import ReplayerWidget

        return ReplayerWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
