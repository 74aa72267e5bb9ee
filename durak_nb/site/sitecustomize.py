"""The site's Python looks in the notebook's folder last (added to the site's standard
library as ``sitecustomize``, which Python runs when it starts; :func:`install`).

On the course's site the current directory is JupyterLite's drive (``/drive``), and
Pyodide puts it (``''``) first on ``sys.path``: every module imported for the first time
asked the drive, each look-up a request from the kernel to the page, before the standard
library and the installed packages were searched (about a hundred requests while the
kernel and a lesson start).  :class:`FolderLastPathFinder` searches ``sys.path`` in order
with the current directory moved to the end: a module found elsewhere never asks the
drive, and a learner's own module, found nowhere else, still imports.  Nothing of the kit
is imported here.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from typing import Any

__all__ = ["FolderLastPathFinder", "install"]


class FolderLastPathFinder(PathFinder):
    """:class:`importlib.machinery.PathFinder` that searches the current directory
    (``''``, ``'.'`` or its absolute path on ``sys.path``) after every other entry."""

    @classmethod
    def find_spec(cls, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        """The module's spec, searched as :class:`PathFinder` does, the current directory last."""
        if path is None:
            try:
                cwd: str | None = os.getcwd()
            except OSError:
                cwd = None
            here = [p for p in sys.path if p in ("", ".") or p == cwd]
            if here:
                rest = [p for p in sys.path if p not in here]
                spec = PathFinder.find_spec(fullname, rest, target)
                if spec is not None and spec.loader is not None:
                    return spec
                found = PathFinder.find_spec(fullname, here, target)
                return found if found is not None else spec
        return PathFinder.find_spec(fullname, path, target)


def install() -> bool:
    """Put :class:`FolderLastPathFinder` in the place of ``PathFinder`` on
    ``sys.meta_path``; returns whether it was there to replace."""
    for i, finder in enumerate(sys.meta_path):
        if finder is PathFinder:
            sys.meta_path[i] = FolderLastPathFinder
            return True
    return False


if __name__ == "sitecustomize":  # pragma: no cover - Python starting in the browser
    install()
