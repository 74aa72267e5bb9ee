"""How wide a text of the kit's pictures is, and how it wraps to a width (issue 22).

The pictures (:mod:`.cards_svg`) write their text in :data:`.cards_svg.FONT`, DejaVu Sans
first; a picture is made before any browser sees it, so the widths are those of DejaVu
Sans and DejaVu Sans Bold (:mod:`.text_widths`, read from the fonts by
``scripts/make_text_widths.py``).  The fallbacks (Arial, Segoe UI) are narrower, so a
text that fits in DejaVu Sans fits in them too.  A character the table lacks counts as
one em, wider than any letter.

>>> round(text_width("Anna", 14), 1)
35.9
>>> wrap("Bout 5: Anna attacks Boris · may act: Anna, Vera", 14, 200, bold=True)
['Bout 5: Anna attacks', 'Boris · may act: Anna,', 'Vera']
>>> fit_lines("Maximilian-Alexander (6 cards) — attacker", 13, 120)
(['Maximilian-Alexander', '(6 cards) — attacker'], 11.0, 120)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

from .text_widths import BOLD, BOOK, CHARS, EM

__all__ = ["COLUMN", "dropdown_width", "fit_lines", "fit_size", "label_width", "text_width", "wrap"]

#: the lesson column of a projector's 1024 px window, in pixels (issue 22): no widget wider
COLUMN = 592

#: a dropdown's list box beyond its text: 8 px padding on the left, 20 px for the arrow,
#: 1 px border each side, 2 px to spare (the widgets' style sheet)
ARROW = 32

#: a widget description's room beyond its text (the label's padding)
LABEL_PAD = 10


@cache
def _table(bold: bool) -> dict[str, float]:
    return {ch: w / EM for ch, w in zip(CHARS, BOLD if bold else BOOK, strict=True)}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in pixels of ``text`` (one line) at font size ``size`` (pixels)."""
    table = _table(bold)
    return size * sum(table.get(ch, 1.0) for ch in text)


def wrap(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines each at most ``width`` pixels wide at font size
    ``size``; a single word wider than ``width`` keeps a line of its own (never cut).
    An empty text is one empty line."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size, bold=bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return lines


def fit_size(text: str, size: float, width: float, *, bold: bool = False, smallest: float = 7.0) -> float:
    """The font size, at most ``size`` and at least ``smallest``, at which ``text`` is at
    most ``width`` pixels wide (rounded down to a tenth); ``smallest`` if even that is too
    wide (the caller then widens its box: :func:`text_width` at ``smallest``)."""
    wide = text_width(text, size, bold=bold)
    if wide <= width:
        return size
    return max(smallest, int(size * width / wide * 10) / 10)


def fit_lines(
    text: str, size: float, width: float, *, bold: bool = False, smallest: float = 9.0
) -> tuple[list[str], float, float]:
    """``text`` fitted to a box ``width`` pixels wide: wrapped at spaces (:func:`wrap`),
    set smaller (down to ``smallest``, :func:`fit_size`) when one word alone is wider than
    the box, and the box widened only when even that is too wide (a word is never cut).

    Returns:
        ``(lines, font size, box width)``: the box width is ``width``, or more when a
        single word at ``smallest`` needs more (rounded up to a whole pixel).
    """
    word = max(text.split(" "), key=lambda w: text_width(w, size, bold=bold))
    if text_width(word, size, bold=bold) > width:
        size = fit_size(word, size, width, bold=bold, smallest=smallest)
        width = max(width, math.ceil(text_width(word, size, bold=bold)))
    return wrap(text, size, width, bold=bold), size, width


def label_width(labels: Iterable[str], *, least: int = 80, size: float = 13) -> int:
    """The width in pixels a widget's description needs to show each of ``labels`` whole
    at the widgets' ``size`` px (:func:`text_width` of DejaVu Sans, the widest of the fonts
    the page may use, and :data:`LABEL_PAD` for the label's padding), at least ``least``.

    >>> label_width(["Rules"]), label_width(["Сохранить как"])
    (80, 111)
    """
    return max(least, *(math.ceil(text_width(t, size)) + LABEL_PAD for t in labels))


def dropdown_width(description: str, options: Iterable[str], *, size: float = 13, cap: float = COLUMN) -> int:
    """The width in whole pixels of a dropdown whose description is ``description`` (sized
    to its words: ``description_width="initial"``) that shows each of ``options`` whole at
    the widgets' ``size`` px: the description and :data:`LABEL_PAD`, the longest option,
    and :data:`ARROW`; at most ``cap`` (the lesson column, :data:`COLUMN`; a wider option
    is then cut at the column's edge, never the page widened).  An empty description
    takes no room.

    >>> dropdown_width("view", ["all hands open", "Anna's view"])
    168
    >>> dropdown_width("", ["x" * 200])
    592

    Raises:
        ValueError: ``options`` is empty.
    """
    texts = list(options)
    if not texts:
        raise ValueError("dropdown_width: a dropdown needs at least one option")
    label = label_width([description], least=0, size=size) if description else 0
    widest = max(math.ceil(text_width(t, size)) for t in texts)
    return int(min(cap, label + widest + ARROW))
