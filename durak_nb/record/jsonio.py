"""The one strict JSON decoder and encoder of the kit's readers and writers.

Every JSON text the kit reads (a ``durak-nb/1`` document, a match, a JSON value in a
notation header, a quoted name) goes through :func:`decode`, which is stricter than the
standard library where RFC 8259 leaves room or Python is lenient:

- a member name given twice in one object is refused (the standard library keeps the last);
- ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``) are refused;
- a lone surrogate (``"\\ud800"``) is refused: it is not Unicode text, and nothing
  downstream could write or print it;
- arrays and objects nest at most ``max_depth`` deep (default :data:`MAX_NESTING`);
- a whole number of more than 4300 digits (:data:`MAX_DIGITS`, Python's conversion limit) is
  refused in the kit's words.

Each refusal is a :class:`JSONProblem` with the index of the offending character, so
that every reader names the place (:func:`line_col`).  Nothing recurses on the Python
stack in proportion to the nesting depth: valid text is decoded by the standard
library's C scanner after a bounded check, and any problem is located by an iterative
scan.

>>> decode('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> decode('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
durak_nb.record.jsonio.JSONProblem: the member 'a' appears twice in one object (at index 9)
>>> decode('[1e400]')
Traceback (most recent call last):
...
durak_nb.record.jsonio.JSONProblem: 1e400 is not a finite number (at index 1)
>>> decode_or_none('"\\\\ud800"') is None
True
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

from ..i18n import N_, _, ngettext

_T = TypeVar("_T")

__all__ = [
    "MAX_DATA_NODES",
    "MAX_NESTING",
    "JSONProblem",
    "LazyPlaces",
    "LazySequence",
    "data_problem",
    "decode",
    "decode_or_none",
    "depth",
    "encode",
    "line_col",
    "lone_surrogate",
    "member_places",
    "scan",
    "stdlib_words",
]

#: Arrays and objects nested in one JSON file (a document or a match): enough for
#: variations nested the notation's 100 deep (three levels each) inside ``meta``.
MAX_NESTING = 400

_LONE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_WHITE = re.compile(r"[ \t\n\r]*")  # RFC 8259 white space


def _skip(text: str, i: int) -> int:
    """The index of the first character at or after ``i`` that is not white space."""
    m = _WHITE.match(text, i)
    return i if m is None else m.end()


#: The standard library's words for bad JSON (``json.JSONDecodeError.msg``), marked for
#: the catalogue: a reader says them in the language in use (:func:`_said`).
_STDLIB_WORDS = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Extra data"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)


def stdlib_words(msg: str) -> str:
    """The standard library's ``msg`` (a :class:`json.JSONDecodeError`'s, e.g.
    ``'Expecting value'``) in the language in use; itself when the kit has no words for it."""
    return _(msg) if msg in _STDLIB_WORDS else msg


_said = stdlib_words  # this module's own short name for it


_NUMBER = json.scanner.NUMBER_RE.match
_scanstring: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]


class JSONProblem(ValueError):
    """JSON text that is refused, with the index of the offending character.

    Attributes:
        message: what is wrong, in words (without the index).
        index: 0-based index into the text given to the decoder.
        too_deep: the problem is the nesting bound (the caller may name the value's start).
    """

    def __init__(self, message: str, index: int, *, too_deep: bool = False) -> None:
        super().__init__(_("{message} (at index {index})").format(message=message, index=index))
        self.message = message
        self.index = index
        self.too_deep = too_deep


def lone_surrogate(text: str) -> int:
    """The index of the first lone surrogate code point in ``text`` (a str that cannot be
    encoded as UTF-8), or -1 when there is none.

    >>> lone_surrogate("ok"), lone_surrogate("a\\ud800")
    (-1, 1)
    """
    m = _LONE.search(text)
    return -1 if m is None else m.start()


def _surrogate_message(s: str) -> str:
    i = lone_surrogate(s)
    return _("the text holds U+{code}, a lone surrogate, which is not valid Unicode text").format(
        code=f"{ord(s[i]):04X}"
    )


def line_col(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of ``index`` in ``text``.

    >>> line_col("ab\\ncd", 4)
    (2, 2)
    """
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


# ----------------------------------------------------------------------------- decoding


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a member given twice")
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(_("{word} is not a JSON number").format(word=name))


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(_("{number} is not a finite number").format(number=literal))
    return value


#: The most digits of a whole number (Python's own limit for reading one, ``sys.int_info``).
MAX_DIGITS = 4300


def _whole(literal: str) -> int:
    digits = len(literal) - literal.startswith("-")
    if digits > MAX_DIGITS:  # said in the kit's words, not Python's (issue 23)
        raise ValueError(
            ngettext(
                "a whole number of {n} digit: at most {most} digits",
                "a whole number of {n} digits: at most {most} digits",
                digits,
            ).format(n=digits, most=MAX_DIGITS)
        )
    return int(literal)


_FAST = json.JSONDecoder(
    object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_float=_finite, parse_int=_whole
)
#: The C scanner building its objects itself (no hook per object): a member given twice
#: is then found by counting (:func:`_members`), and :data:`_FAST` decodes the text again.
_PLAIN = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite, parse_int=_whole)


def _members(value: object) -> int:
    """How many members the objects in the decoded ``value`` hold, all together
    (walked level by level, no stack)."""
    n = 0
    level: list[Any] = [value] if type(value) is dict or type(value) is list else []
    while level:
        children: list[Any] = []
        for item in level:
            if type(item) is dict:
                n += len(item)
                children.extend(item.values())
            else:
                children.extend(item)
        level = [c for c in children if type(c) is dict or type(c) is list]
    return n


def _decode_fast(text: str) -> Any:
    """``_FAST.decode(text)``, quicker for a text whose string tokens hold no colon.

    In valid JSON text a colon outside a string token separates a member name from its
    value, so ``text.count(":")`` is the members written plus the colons inside string
    tokens; the decoded objects hold the members written less those given twice.  When
    the two counts agree, no member was given twice and the plain decoder's value is
    the one :data:`_FAST` gives; otherwise (or on any error, so that the same problem is
    named first) :data:`_FAST` decodes the text again.
    """
    try:
        value = _PLAIN.decode(text)
    except (ValueError, RecursionError):
        return _FAST.decode(text)
    if text.count(":") != _members(value):
        return _FAST.decode(text)
    return value


def depth(value: object, most: int | None = None) -> int:
    """How deeply arrays and objects nest in the decoded ``value`` (0 for a scalar),
    walked with an explicit stack; stops early once past ``most``.

    >>> depth([1, {"a": []}]), depth("x")
    (3, 0)
    """
    # level by level: the containers at depth d, then their children (C loops, no stack)
    level: list[Any] = [value] if isinstance(value, dict | list) else []
    d = 0
    while level:
        d += 1
        if most is not None and d > most:
            return d
        children: list[Any] = []
        for item in level:
            children.extend(item.values() if isinstance(item, dict) else item)
        level = [c for c in children if isinstance(c, dict | list)]
    return d


#: The most values (strings, numbers, arrays, objects…; a list shared by two others
#: counted twice, as its JSON text would hold it twice) :func:`data_problem` accepts:
#: one per byte of the largest file (``json_form.MAX_BYTES``, 16 MiB), since every value
#: takes at least one character of JSON text.
MAX_DATA_NODES = 16 * 1024 * 1024


def _scalar_problem(item: object) -> str | None:
    if isinstance(item, str):
        return _("the text {text} holds a lone surrogate").format(text=repr(item[:40])) if _LONE.search(item) else None
    if isinstance(item, float):
        return None if math.isfinite(item) else _("{number} is not a finite number").format(number=repr(item))
    if item is not None and not isinstance(item, bool | int):
        return _("a {type} is not JSON data").format(type=type(item).__name__)
    return None


def data_problem(value: object, *, max_nodes: int = MAX_DATA_NODES) -> str | None:
    """What in the decoded ``value`` :func:`decode` would never give (so :func:`encode`
    would refuse or the text could not be printed): a lone surrogate in a string or a
    key, a non-finite number, a value that is not JSON data, an array or object that
    holds itself (a cycle), more than ``max_nodes`` values once written out (arrays
    shared many times over: ``x = [x, x]`` forty times); ``None`` when there is
    nothing.  Walked with an explicit stack, each array and object once (one shared
    twice is counted, not walked, again): work linear in the distinct values.  For
    data built in Python rather than read.

    >>> data_problem({"a": [1, "x"]}), data_problem([float("nan")]), data_problem({"k": {1}})
    (None, 'nan is not a finite number', 'a set is not JSON data')
    >>> data_problem({chr(0xD800): 1}).endswith("holds a lone surrogate")
    True
    >>> m = {}; m["m"] = m; data_problem(m)
    'an object holds itself (a cycle), which no JSON text can hold'
    >>> x = [1]; x = [x, x]; data_problem(x), data_problem(x, max_nodes=4)
    (None, 'more than 4 values once written out (arrays shared many times over)')
    """
    done: dict[int, int] = {}  # id of an array or object walked -> its values written out
    inside: set[int] = set()  # the arrays and objects around the one walked
    counts = [0]  # values written out, per array or object open on the stack
    todo: list[tuple[object, bool]] = [(value, False)]
    while todo:
        item, leaving = todo.pop()
        if leaving:
            n = counts.pop()
            if n > max_nodes:
                return _too_many(max_nodes)
            done[id(item)] = n
            inside.discard(id(item))
            counts[-1] += n
        elif not isinstance(item, dict | list):
            problem = _scalar_problem(item)
            if problem is not None:
                return problem
            counts[-1] += 1
        elif id(item) in inside:
            if isinstance(item, dict):
                return _("an object holds itself (a cycle), which no JSON text can hold")
            return _("an array holds itself (a cycle), which no JSON text can hold")
        elif id(item) in done:
            counts[-1] += done[id(item)]
        else:
            inside.add(id(item))
            counts.append(1)
            todo.append((item, True))
            if isinstance(item, list):
                todo.extend((v, False) for v in item)
                continue
            for k, v in item.items():
                if not isinstance(k, str):
                    return _("the key {key} is not text").format(key=repr(k))
                if _LONE.search(k):
                    return _("the key {key} holds a lone surrogate").format(key=repr(k[:40]))
                todo.append((v, False))
    if counts[0] > max_nodes:
        return _too_many(max_nodes)
    return None


def _too_many(most: int) -> str:
    return _("more than {most} values once written out (arrays shared many times over)").format(most=most)


def decode(text: str, *, max_depth: int = MAX_NESTING) -> Any:
    """The JSON value of the whole ``text`` (leading and trailing white space allowed).

    Args:
        text: the JSON text.
        max_depth: arrays and objects nested at most this deep.

    Raises:
        JSONProblem: bad JSON or one of the refusals of this module, at its index.
    """
    try:
        value = _decode_fast(text)
    except json.JSONDecodeError as exc:
        raise JSONProblem(_said(exc.msg), exc.pos) from None
    except (ValueError, RecursionError):
        value, end = scan(text, _skip(text, 0), max_depth=max_depth)
        _trailing(text, end)
        return value  # the C scanner ran out of stack on text within the bound
    if (
        ("\\u" in text and _ESCAPED_SURROGATE.search(text))
        or (not text.isascii() and _LONE.search(text))  # isascii: a flag of the str, no scan
        # fewer brackets than the bound: no need to walk the value
        or (text.count("[") + text.count("{") > max_depth and depth(value, max_depth) > max_depth)
    ):
        value, end = scan(text, _skip(text, 0), max_depth=max_depth)
        _trailing(text, end)
    return value


def _trailing(text: str, end: int) -> None:
    end = _skip(text, end)
    if end != len(text):
        raise JSONProblem(_("Extra data"), end)


def decode_or_none(text: str) -> Any:
    """:func:`decode`, or ``None`` when the text is refused (for doctests and probes)."""
    try:
        return decode(text)
    except JSONProblem:
        return None


def scan(text: str, i: int, *, max_depth: int = MAX_NESTING) -> tuple[Any, int]:
    """Decode the one JSON value starting at index ``i`` (no white space before it);
    returns the value and the index just after it.  Iterative: the depth costs no stack.

    Raises:
        JSONProblem: as :func:`decode`.
    """
    return _Scanner(text, max_depth).run(i)


class _Scanner:
    """An explicit-stack JSON scanner that knows where it is."""

    def __init__(self, text: str, max_depth: int) -> None:
        self.text = text
        self.max_depth = max_depth
        # each open container: [value, key waiting for its value or None, start index]
        self.stack: list[list[Any]] = []

    def run(self, i: int) -> tuple[Any, int]:
        text = self.text
        while True:
            value, i, opened = self._value(i)
            if opened:
                i = _skip(text, i)
                if text[i : i + 1] in ("]", "}"):
                    value, i = self._close(i)
                elif isinstance(self.stack[-1][0], dict):
                    i = self._key(i)
                    continue
                else:
                    continue
            # a value is complete: put it into its container, close what ends here
            while True:
                if not self.stack:
                    return value, i
                self._put(value, i)
                i = _skip(text, i)
                c = text[i : i + 1]
                if c == ",":
                    i = _skip(text, i + 1)
                    if isinstance(self.stack[-1][0], dict):
                        i = self._key(i)
                    break
                if c in ("]", "}"):
                    value, i = self._close(i)
                    continue
                raise JSONProblem(_("Expecting ',' delimiter"), i)

    def _value(self, i: int) -> tuple[Any, int, bool]:
        """A scalar, or an opened container (``opened``)."""
        text = self.text
        c = text[i : i + 1]
        if c in ("[", "{"):
            if len(self.stack) >= self.max_depth:
                msg = _("arrays and objects nested more than {depth} deep").format(depth=self.max_depth)
                raise JSONProblem(msg, i, too_deep=True)
            self.stack.append([[] if c == "[" else {}, None, i])
            return None, i + 1, True
        if c == '"':
            return (*self._string(i), False)
        m = _NUMBER(text, i)
        if m is not None:
            integer, frac, exp = m.groups()
            literal = integer + (frac or "") + (exp or "")
            try:
                number: Any = _finite(literal) if frac or exp else _whole(integer)
            except ValueError as exc:
                raise JSONProblem(str(exc), i) from None
            return number, m.end(), False
        for word, value in (("null", None), ("true", True), ("false", False)):
            if text.startswith(word, i):
                return value, i + len(word), False
        for word in ("NaN", "Infinity", "-Infinity"):
            if text.startswith(word, i):
                raise JSONProblem(_("{word} is not a JSON number").format(word=word), i)
        raise JSONProblem(_("Expecting value"), i)

    def _string(self, i: int) -> tuple[str, int]:
        try:
            s, end = _scanstring(self.text, i + 1, True)
        except json.JSONDecodeError as exc:
            raise JSONProblem(_said(exc.msg), exc.pos) from None
        if _LONE.search(s):
            raise JSONProblem(_surrogate_message(s), i)
        return s, end

    def _key(self, i: int) -> int:
        text = self.text
        if text[i : i + 1] != '"':
            raise JSONProblem(_("Expecting property name enclosed in double quotes"), i)
        key, end = self._string(i)
        if key in self.stack[-1][0]:
            raise JSONProblem(_("the member {key} appears twice in one object").format(key=repr(key)), i)
        end = _skip(text, end)
        if text[end : end + 1] != ":":
            raise JSONProblem(_("Expecting ':' delimiter"), end)
        self.stack[-1][1] = key
        return _skip(text, end + 1)

    def _put(self, value: Any, i: int) -> None:
        top = self.stack[-1]
        if isinstance(top[0], dict):
            top[0][top[1]] = value
        else:
            top[0].append(value)

    def _close(self, i: int) -> tuple[Any, int]:
        container, _key, _start = self.stack[-1]
        want = "}" if isinstance(container, dict) else "]"
        if self.text[i] != want:
            raise JSONProblem(_("Expecting '{bracket}'").format(bracket=want), i)
        self.stack.pop()
        return container, i + 1


# ----------------------------------------------------------------------------- places


#: How deep :func:`member_places` records the places inside ``deal`` (an over-the-board
#: deal: ``deal.hands.Boris[2]``, ``deal.draws[1].after``).
_DEAL_LEVELS = 3


class LazySequence(Sequence[_T]):
    """A read-only sequence whose items ``make()`` computes on first use (then kept):
    the places of a document's members are found only when an error must name one.
    Equal to any sequence with the same items."""

    __slots__ = ("_items", "_make")

    def __init__(self, make: Callable[[], Sequence[_T]]) -> None:
        self._make: Callable[[], Sequence[_T]] | None = make
        self._items: Sequence[_T] = ()

    def _got(self) -> Sequence[_T]:
        if self._make is not None:
            self._items, self._make = self._make(), None
        return self._items

    @overload
    def __getitem__(self, i: int) -> _T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[_T]: ...
    def __getitem__(self, i: int | slice) -> _T | Sequence[_T]:
        return self._got()[i]

    def __len__(self) -> int:
        return len(self._got())

    def __iter__(self) -> Iterator[_T]:
        return iter(self._got())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self._got()) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._got())


class LazyPlaces(Mapping[str, tuple[int, int]]):
    """:func:`member_places` of ``text``, found on first use (valid documents, the
    common case, never need them)."""

    __slots__ = ("_places", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._places: dict[str, tuple[int, int]] | None = None

    def _got(self) -> dict[str, tuple[int, int]]:
        if self._places is None:
            self._places = member_places(self._text)
        return self._places

    def __getitem__(self, key: str) -> tuple[int, int]:
        return self._got()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._got()

    def __len__(self) -> int:
        return len(self._got())

    def __iter__(self) -> Iterator[str]:
        return iter(self._got())


def member_places(text: str) -> dict[str, tuple[int, int]]:
    """(line, column) of the top-level members of the JSON object ``text`` (key ``''``
    for the object itself), of each element of its ``moves`` array (``'moves[3]'``) and
    of each member of a ``moves`` element (``'moves[3].turned_up'``), and of the members
    inside ``deal`` down to three levels (``'deal.hands.Boris'``, ``'deal.hands.Boris[2]'``,
    ``'deal.draws[1].after'``) and of the options of ``rules`` (``'rules.bout_limit'``),
    found with the standard library's own scanner (the text is known to decode)."""
    out: dict[str, tuple[int, int]] = {}
    scanner = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)

    def lc(i: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, i)
        return line, i - starts[line - 1] + 1

    i = _skip(text, 1 if text.startswith("\ufeff") else 0)
    if text[i : i + 1] != "{":
        return out
    out[""] = lc(i)
    i += 1
    ws = " \t\r\n"
    try:
        while True:
            while i < len(text) and text[i] in ws + ",":
                i += 1
            if i >= len(text) or text[i] == "}":
                break
            key, i = scanner(text, i)
            while text[i] in ws + ":":
                i += 1
            if isinstance(key, str):
                out[key] = lc(i)
            if key == "moves" and text[i] == "[":
                i += 1
                k = 0
                while True:
                    while text[i] in ws + ",":
                        i += 1
                    if text[i] == "]":
                        i += 1
                        break
                    out[f"moves[{k}]"] = lc(i)
                    i = _inner_places(text, i, f"moves[{k}]", 1, out, lc, scanner)
                    k += 1
            elif key == "deal":
                i = _inner_places(text, i, "deal", _DEAL_LEVELS, out, lc, scanner)
            elif key == "rules":  # each option, for an error about its value (R13a ...)
                i = _inner_places(text, i, "rules", 1, out, lc, scanner)
            else:
                _, i = scanner(text, i)
    except (StopIteration, IndexError, RecursionError, ValueError):
        pass
    return out


def _inner_places(
    text: str,
    i: int,
    path: str,
    levels: int,
    out: dict[str, tuple[int, int]],
    lc: Callable[[int], tuple[int, int]],
    scanner: Callable[[str, int], tuple[Any, int]],
) -> int:
    """Record the places of the members (``path.key``) and elements (``path[n]``) of the
    value at ``i``, ``levels`` deep (a small fixed bound: the recursion is at most that
    deep); returns the index after the value."""
    ws = " \t\r\n,"
    if levels <= 0 or text[i] not in "[{":
        return int(scanner(text, i)[1])
    is_object = text[i] == "{"
    close = "}" if is_object else "]"
    i += 1
    n = 0
    while True:
        while text[i] in ws:
            i += 1
        if text[i] == close:
            return i + 1
        if is_object:
            key, i = scanner(text, i)
            while text[i] in ws + ":":
                i += 1
            here = f"{path}.{key}"
        else:
            here = f"{path}[{n}]"
            n += 1
        out.setdefault(here, lc(i))
        i = _inner_places(text, i, here, levels - 1, out, lc, scanner)


# ----------------------------------------------------------------------------- encoding


def encode(value: object, *, max_depth: int | None = None) -> str:
    """``value`` as compact JSON text on one line (UTF-8 characters kept), refusing what
    :func:`decode` would refuse, so that everything written reads back.

    Raises:
        ValueError: not JSON data (a non-string key, a set, ...), a non-finite number,
            a lone surrogate, or nested deeper than ``max_depth`` (when given).
    """
    if max_depth is not None and depth(value, max_depth) > max_depth:
        raise ValueError(_("nested more than {depth} deep").format(depth=max_depth))
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except RecursionError:
        raise ValueError(_("nested too deeply to be written as JSON")) from None
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    if _LONE.search(text):
        raise ValueError(_surrogate_message(text))
    return text
