r"""User text shown to a person: the one home of neutralising what a user wrote.

Names, comments, titles and file names are typed by users; shown raw, a control
character could drive a terminal (``\x1b[2J``), forge a line (``\r``, U+2028, U+0085)
or reverse the text after it (U+202E, a bidi override).  :func:`visible` turns every
such character into a visible escape; the command line, the HTML views and the DOT
diagrams all use it.
"""

from __future__ import annotations

import html
import json
import unicodedata

__all__ = ["HIDDEN_CATEGORIES", "esc", "json_shown", "name_html", "visible"]

#: Unicode categories never shown raw: controls (C0, C1), format characters (bidi
#: controls, zero-width joiners), surrogates, line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def visible(text: str, *, json_string: bool = False, keep: str = "") -> str:
    r"""``text`` with every control or format character escaped, so that nothing a
    user wrote can forge a line of output, drive a terminal or reorder text; other
    text (Cyrillic, ♠) stays.

    ``text`` (str): the user's text.  ``json_string`` (bool): escape JSON's way
    (``\u001b``) instead of Python's (``\x1b``, ``\r``, ``\u202e``).  ``keep`` (str):
    characters left as they are (e.g. ``"\n"`` where the caller breaks lines itself).
    A backslash itself is left as it is.  Raises nothing.

    >>> print(visible("Vera\rOVERWRITTEN \x1b[2J Жора ♠"), visible("a\x9bb\u2028", json_string=True))
    Vera\rOVERWRITTEN \x1b[2J Жора ♠ a\u009bb\u2028
    >>> print(visible("B\u202eA\x85"))
    B\u202eA\x85
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in keep or unicodedata.category(ch) not in HIDDEN_CATEGORIES:
            out.append(ch)
        else:
            out.append(json.dumps(ch)[1:-1] if json_string else repr(ch)[1:-1])
    return "".join(out)


def esc(text: object) -> str:
    """``text`` (anything; ``str()`` of it) as HTML text: control, format, bidi and
    line-separator characters shown as visible escapes (:func:`visible`,
    defect N11: ``\\u202e`` cannot reverse the page), then ``& < > " '`` escaped
    (:func:`html.escape`).  Line feeds and tabs stay (HTML shows them as spaces)."""
    return html.escape(visible(str(text), keep="\n\t"), quote=True)


def name_html(name: object) -> str:
    """A player's ``name`` in running HTML text, escaped (:func:`esc`, N11): the one
    place where a name is put into a page."""
    return esc(name)


def json_shown(value: object, most: int = 60) -> str:
    """A value from a file, in a message, as JSON writes it (``null``, ``true``,
    ``"Anna"``), not as Python does (``None``, ``True``, ``'Anna'``); at most ``most``
    characters (then ``…``).  Not JSON data (a Python object): its ``repr``.

    >>> json_shown(None), json_shown(True), json_shown("Anna"), json_shown([1, "x"])
    ('null', 'true', '"Anna"', '[1, "x"]')
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"
