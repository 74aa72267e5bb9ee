"""Views of games for Jupyter: HTML fragments (:mod:`.html`) and widgets.

Views import the engine and the replay, never the reverse.  :mod:`.html` needs only
the standard library; :class:`ReplayerWidget` needs ``ipywidgets`` and is imported
on first use, so ``durak_nb.views.html`` works without a kernel or widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .replayer import ReplayerWidget

__all__ = ["ReplayerWidget"]


def __getattr__(name: str) -> Any:
    if name == "ReplayerWidget":
        from .replayer import ReplayerWidget

        return ReplayerWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
