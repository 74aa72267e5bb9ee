"""The ``durak-nb`` command's entry point: Ctrl-C taken over before the kit is imported
(while the engine and the record layer load, a Ctrl-C prints one line and exits 130),
then :func:`durak_nb.cli.main`.  The locale's encoding is :mod:`durak_nb.console`'s."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType
from typing import TextIO

__all__ = ["main"]


def _interrupted_early(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while the kit is being imported: nothing has been written yet."""
    words = "durak-nb: interrupted; nothing written"
    try:
        from . import i18n

        words = i18n._(words)
    except BaseException:  # pragma: no cover - the catalogue itself half-imported
        pass
    err: TextIO = sys.stderr
    try:
        err.write(words + "\n")
        err.flush()
    finally:
        os._exit(128 + signal.SIGINT)


def main() -> int:
    """The ``durak-nb`` command (:func:`durak_nb.cli.main`), with Ctrl-C taken over before
    the kit is imported; returns the exit status."""
    previous = signal.signal(signal.SIGINT, _interrupted_early)
    from .cli import main as run  # the heavy imports: the engine, the record layer, ...

    signal.signal(signal.SIGINT, previous)
    return run()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
