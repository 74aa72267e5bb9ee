"""Write durak_nb/views/text_widths.py: the advance widths of DejaVu Sans and DejaVu Sans
Bold (the first font of the kit's pictures, durak_nb.views.cards_svg.FONT) for the
characters the pictures write (Latin, Cyrillic with Ukrainian letters, the suits,
punctuation), read from matplotlib's copy of the fonts with fontTools.

The views cannot read a font at run time (the JupyterLite site has no matplotlib), so the
numbers are kept in the package; run this again only to add characters:
``python scripts/make_text_widths.py``.
"""

from pathlib import Path

import matplotlib
from fontTools.ttLib import TTFont

RANGES = [
    (0x20, 0x7E), (0xA0, 0xFF), (0x400, 0x45F), (0x490, 0x491), (0x2010, 0x2027), (0x2030, 0x203A),
    (0x2116, 0x2116), (0x2190, 0x2193), (0x2212, 0x2212), (0x25B6, 0x25B6), (0x25C0, 0x25C0),
    (0x2605, 0x2606), (0x2660, 0x2667), (0x2713, 0x2718),
]  # fmt: skip
FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"


def widths(name: str) -> tuple[str, list[int], int]:
    font = TTFont(FONTS / name)
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    chars = [chr(c) for a, b in RANGES for c in range(a, b + 1) if c in cmap]
    return "".join(chars), [hmtx[cmap[ord(ch)]][0] for ch in chars], font["head"].unitsPerEm


def main() -> None:
    chars, book, em = widths("DejaVuSans.ttf")
    chars_b, bold, em_b = widths("DejaVuSans-Bold.ttf")
    assert chars == chars_b and em == em_b
    out = Path(__file__).resolve().parents[1] / "durak_nb" / "views" / "text_widths.py"
    out.write_text(
        "# ruff: noqa: E501\n"
        '"""Advance widths of DejaVu Sans and DejaVu Sans Bold (made by scripts/make_text_widths.py;\n'
        'do not edit): ``CHARS[i]`` is ``BOOK[i] / EM`` (``BOLD[i] / EM``) of the font size wide."""\n\n'
        "# fmt: off\n"
        f"EM = {em}\n"
        f"CHARS = {chars!r}\n"
        f"BOOK = {tuple(book)!r}\n"
        f"BOLD = {tuple(bold)!r}\n"
        "# fmt: on\n",
        encoding="utf-8",
    )
    print(out, len(chars))


if __name__ == "__main__":
    main()
