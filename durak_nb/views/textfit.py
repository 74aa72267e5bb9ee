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
"""

from __future__ import annotations

from functools import cache

from .text_widths import BOLD, BOOK, CHARS, EM

__all__ = ["fit_size", "text_width", "wrap"]


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
