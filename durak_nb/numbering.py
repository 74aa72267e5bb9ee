"""The one home of the numbers a person reads of moves.

Inside the kit and in the files, moves are indexed from 0: ``Replay.move(0)`` is the
first move of a line, ``meta`` annotations and ``variations`` keep their 0-based ``k``
(INTERCHANGE.md), and a :class:`~durak_nb.record.json_form.RecordingError` carries the
0-based ``move``.  A person counts as players do, from 1: the first move of the game is
"move 1".  Every view (the scorer's log, the replayer's story, slider and go-to list, the
annotator, the names of side lines, ``durak-nb replay``, the exported pages) asks
:func:`move_number` for the number it shows, so no two views ever disagree.

A replayer's frame ``k`` is the position after ``k`` moves, that is after move
``move_number(k - 1) == k``: the slider's value and the move shown as "the last move
played" are one number.

This module imports nothing of the kit (a leaf, like :mod:`durak_nb.text`).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["line_number", "move_number"]


def move_number(i: int) -> int:
    """The number a person reads of move index ``i`` (0-based, as the files and the
    engine index moves): ``move_number(0) == 1``.

    Args:
        i (int): a move's 0-based index in its line, ``>= 0``.

    Raises:
        ValueError: ``i`` is negative (there is no move before the first).

    >>> move_number(0), move_number(10)
    (1, 11)
    """
    if i < 0:
        raise ValueError(f"a move index is 0 or more, not {i}")
    return i + 1


def line_number(path: Iterable[tuple[int, int]]) -> str:
    """A side line's name as a person reads it: ``'12.1 > 3.2'`` is side line 2 instead
    of move 3 of side line 1, which stands instead of move 12 of the main line (moves as
    :func:`move_number` counts them, side lines from 1 in their recorded order).

    Args:
        path: ``(k, i)`` steps from the main line, ``k`` the 0-based index of the move
            the side line replaces, ``i`` the side line (1, 2, …)
            (:func:`durak_nb.annotate.line_path`).  Empty for the main line: ``''``.

    Raises:
        ValueError: a negative move index.

    >>> line_number(((11, 1), (2, 2)))
    '12.1 > 3.2'
    """
    return " > ".join(f"{move_number(k)}.{i}" for k, i in path)
