"""Strict JSON (RFC 8259) as the kit's line and socket protocols read it: the one home of
that reader, for the bot protocol (:mod:`durak_nb.botproto`) and the class server
(:mod:`durak_nb.classroom.protocol`).  A leaf: it imports nothing of the kit.

>>> strict_json('{"a": [1, 2.5, "♠"]}')
{'a': [1, 2.5, '♠']}
>>> try:
...     strict_json('{"a": 1, "a": 2}')
... except StrictJSONError as exc:
...     exc.key, exc.value
('twice', 'a')
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["MAX_DIGITS", "StrictJSONError", "strict_json"]


class StrictJSONError(ValueError):
    """Text that JSON's grammar reads but strict JSON does not: ``key`` names the fault
    (``twice``: a member repeated in one object; ``number``: NaN, Infinity or a number too
    large to be finite; ``digits``: a whole number of more than :data:`MAX_DIGITS` digits;
    ``surrogate``: a lone surrogate), ``value`` what was written."""

    def __init__(self, key: str, value: str) -> None:
        super().__init__(key)
        self.key, self.value = key, value


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise StrictJSONError("twice", key)
        obj[key] = value
    return obj


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400
        raise StrictJSONError("number", text)
    return value


def _constant(text: str) -> Any:  # NaN, Infinity, -Infinity: not JSON (RFC 8259)
    raise StrictJSONError("number", text)


#: The most digits of a whole number (a move's index is below 2**53: 16 digits); Python's
#: own bound (4,300) would be a ValueError read as "not JSON"
MAX_DIGITS = 100


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise StrictJSONError("digits", text[:20] + "…")
    return int(text)


def strict_json(text: str) -> Any:
    """``text`` read as strict JSON (RFC 8259): a member repeated in one object, ``NaN``,
    ``Infinity``, a number too large to be finite (``1e400``), a whole number of more than
    :data:`MAX_DIGITS` digits and a lone surrogate (``"\\ud800"``, half of a UTF-16 pair: no
    character) are refused, each by its own cause.

    Raises:
        StrictJSONError: one of those causes (``key``: ``twice``, ``number``, ``digits``, ``surrogate``).
        ValueError: not JSON at all (:class:`json.JSONDecodeError`).
        RecursionError: nested too deep.
    """
    value = json.loads(
        text, object_pairs_hook=_no_twice, parse_float=_finite, parse_constant=_constant, parse_int=_whole
    )
    todo = [value]
    while todo:  # every string, keys too: no lone surrogate
        item = todo.pop()
        if isinstance(item, str):
            items: list[Any] = [item]
        elif isinstance(item, dict):
            items = list(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
            continue
        else:
            continue
        for string in items:
            try:
                string.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise StrictJSONError("surrogate", string[exc.start : exc.end]) from None
    return value
