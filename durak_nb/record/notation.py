"""The human notation of recorded games (``.durak`` files): a reader and one writer.

docs/notation.md is the specification; in short::

    [Event "Class 5B, lesson 3"]
    [Players Anna Boris Vera]
    [Rules perevodnoy]
    [Dealer Vera]
    [Seed 7]

    1. Anna 7S Boris >7H {Boris transfers (R17).} Vera 9S/7S Vera 8H/7H!
       Boris pass Anna pass
    2. Vera 8D ...

Headers ``[Name value]`` (one per line) give the players in seat order, the rules, the
deal (a seed, a deck order, or a set-up position) and the result; the moves follow,
each bout numbered (``12.``) and every move naming its player: ``Anna 7S 7H`` (attack),
``Anna +7D`` (throw in), ``Boris 9S/7S`` (cover 7S with 9S), ``Boris >7H`` (transfer),
``Boris show 7H`` (shown-trump transfer, R20), ``Boris take``, ``Anna pass``,
``Anna redeal <deck>`` (R5).  ``{comments}`` go before or after a move, glyphs
(``! ? !! ?? !? ?!``) right after it, and ``( ... )`` holds a variation that replaces
the move before it.  Several games in one file make a match (R4).

Reading is strict by default: the first problem raises a
:class:`~durak_nb.record.json_form.RecordingError` naming the file, line, column, the
move, the rule id and the legal moves at that point.  ``strict=False`` keeps every
move before the problem and reports it.  Nothing recurses on the nesting depth.

>>> text = '''[Players Anna Boris]
... [Rules podkidnoy]
... [Hand Anna 7S 7H]
... [Hand Boris 9S 8D]
... [Talon -]
... [Trump D]
... [Discard rest]
... [Attacker Anna]
... [FirstBito yes]
...
... 1. Anna 7S Boris 9S/7S! {The only cover.} Anna pass
... 2. Boris 8D Anna take'''
>>> rec = read(text)
>>> rec.moves[:2]
[Move.attack(0, '7S'), Move.defend(1, '9S', '7S')]
>>> rec.meta
{'comments': {'1': 'The only cover.'}, 'glyphs': {'1': '!'}}
>>> read(text.replace("Anna pass", "Boris take"))
Traceback (most recent call last):
...
durak_nb.record.json_form.RecordingError: <string>:11:43: error: [R15] move 2 (Boris take): every card is covered: \
there is nothing to take; legal moves: Anna +7H, Anna pass
"""

from __future__ import annotations

import bisect
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardError, Suit, deck
from ..engine import Action, Bito, Game, Move, Redealt, SetupError, Took
from ..rules import OPTION_NAMES, PRESETS, Rules, RulesError
from . import jsonio
from .json_form import (
    MAX_BOUT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_JSON_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    Deal,
    Recording,
    RecordingError,
    Start,
    ValidationReport,
    json_document,
    read_text,
    validate_file,
    validate_recording,
    write_atomic,
)
from .tree import ANNOTATION_KEYS, GLYPHS, GameNode, GameTree

__all__ = [
    "MAX_BOUT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_GAMES",
    "MAX_HEADERS",
    "MAX_HEADER_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "SUFFIX",
    "WIDTH",
    "Reading",
    "check_match",
    "dump",
    "format_move",
    "json_text",
    "load",
    "load_games",
    "parse",
    "quote_name",
    "read",
    "read_games",
    "validate_path",
    "write",
]

#: The file suffix of the notation.
SUFFIX = ".durak"
#: Documented bounds (docs/notation.md): larger input is refused with a clear error.
#: MAX_BYTES, MAX_MOVES (counting every variation), MAX_DEPTH (variations nested in
#: variations), MAX_NAME, MAX_BOUT and MAX_JSON_DEPTH (a JSON header value) are the JSON
#: form's (json_form), so that both forms accept the same games.
MAX_GAMES = 1000  #: games in one file
MAX_HEADERS = 200  #: headers of one game
MAX_HEADER_CHARS = 65_536  #: characters in one header line
#: Width of the canonical writer's move lines.
WIDTH = 100
_INDENT = "    "

KEYWORDS = ("take", "pass", "show", "redeal")
#: Header names with a meaning of their own; any other capitalised header is kept
#: in ``meta["headers"]``, a lower-case one is a ``meta`` member with a JSON value.
STANDARD_HEADERS = (
    "Players",
    "Rules",
    "Teams",
    "Result",
    "Dealer",
    "Seed",
    "Deck",
    "Trump",
    "Attacker",
    "Hand",
    "Talon",
    "Discard",
    "FirstBito",
    "Bout",
    "Event",
    "Meta",
)
_DEAL_HEADERS = ("Dealer", "Seed", "Deck")
_START_HEADERS = ("Hand", "Talon", "Discard", "FirstBito", "Bout")

_BARE = re.compile(r"[^\W\d_][\w'-]*")
_HEADER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
_META_KEY = re.compile(r"[a-z][A-Za-z0-9_]{0,63}")
_DELIMS = frozenset('{}()"[]+>/!?,.')
_BOUT_EVENTS = (Took, Bito, Redealt)


# ----------------------------------------------------------------------------- names and moves


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


def _looks_like_card(word: str) -> bool:
    """A word meant as a card code but mistyped (``7X``, ``1H``, ``11S``)."""
    return 2 <= len(word) <= 3 and word[0] in "123456789TJQKAtjqka" and not _is_card(word)


def quote_name(name: str) -> str:
    """A player's name as written in the notation: bare when it is a word that is not
    a card code nor a keyword, else in double quotes (JSON string syntax).

    >>> quote_name("Anna"), quote_name("Vera Ivanovna"), quote_name("take"), quote_name("As")
    ('Anna', '"Vera Ivanovna"', '"take"', '"As"')
    """
    if _BARE.fullmatch(name) and name not in KEYWORDS and not _is_card(name):
        return name
    return json.dumps(name, ensure_ascii=False)


def format_move(move: Move, names: Sequence[str]) -> str:
    """One move in the notation: ``Anna 7S 7H``, ``Anna +7D``, ``Boris 9S/7S``,
    ``Boris >7H``, ``Boris show 7H``, ``Boris take``, ``Anna pass``, ``Anna redeal …``.

    >>> format_move(Move.defend(1, "9S", "7S"), ["Anna", "Boris"])
    'Boris 9S/7S'
    """
    who = quote_name(names[move.player])
    codes = " ".join(c.code for c in move.cards)
    a = move.action
    if a is Action.ATTACK:
        return f"{who} {codes}"
    if a is Action.THROW:
        return f"{who} +{codes}"
    if a is Action.TRANSFER:
        return f"{who} show {codes}" if move.show else f"{who} >{codes}"
    if a is Action.DEFEND:
        target = move.target.code if move.target is not None else "?"
        return f"{who} {codes}/{target}"
    if a is Action.REDEAL:
        if move.deck is None:
            return f"{who} redeal <the new deck, top card first>"
        return f"{who} redeal {' '.join(c.code for c in move.deck)}"
    return f"{who} {a.value}"


# ----------------------------------------------------------------------------- errors


def _where(k: int, branch: Sequence[tuple[int, int]]) -> str:
    text = f"move {k}"
    for at, v in reversed(branch):
        text += f" in variation {v} of move {at}"
    return text


def _short(text: str, most: int = 40) -> str:
    """``text`` quoted for a message, cut after ``most`` characters."""
    return repr(text if len(text) <= most else text[:most] + "…")


def _legal_list(game: Game) -> list[str]:
    out: list[str] = []
    for m in game.legal_moves():
        t = format_move(m, game.players)
        if t not in out:
            out.append(t)
    return out


_LEGAL_SHOWN = 60


def _legal_text(legal: Sequence[str]) -> str:
    if not legal:
        return "; no move is legal here (the game is over)"
    shown = ", ".join(legal[:_LEGAL_SHOWN])
    more = f" and {len(legal) - _LEGAL_SHOWN} more" if len(legal) > _LEGAL_SHOWN else ""
    return f"; legal moves: {shown}{more}"


class _Src:
    """The text being read, with (line, column) of any index (1-based, in characters)."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.starts = [0]
        at = text.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)

    def lc(self, i: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, i)
        return line, i - self.starts[line - 1] + 1

    def error(
        self,
        message: str,
        i: int,
        *,
        rule: str | None = None,
        move: int | None = None,
        branch: Sequence[tuple[int, int]] = (),
        game: Game | None = None,
    ) -> RecordingError:
        line, col = self.lc(i)
        legal: list[str] = []
        if game is not None:
            legal = _legal_list(game)
            message += _legal_text(legal)
        return RecordingError(
            message,
            file=self.file,
            line=line,
            column=col,
            move=move,
            rule=rule,
            state=game.position() if game is not None and move is not None else None,
            legal=legal,
            branch=branch,
        )


# ----------------------------------------------------------------------------- tokens


@dataclass
class _Tok:
    kind: str  # word, quoted, comment, open, close, number, glyph, plus, gt, slash, next, eof
    value: Any
    start: int
    end: int


def _lex(src: _Src, i: int) -> _Tok:
    """The next movetext token at or after ``i``.

    Raises:
        RecordingError: an unclosed comment or quoted name, a stray character.
    """
    text = src.text
    n = len(text)
    while i < n and (text[i].isspace() or text[i] == ","):
        i += 1
    if i >= n:
        return _Tok("eof", None, n, n)
    c = text[i]
    if c == "{":
        j = i + 1
        parts: list[str] = []
        while True:
            k = j
            while k < n and text[k] not in "}\\":
                k += 1
            if k >= n:
                raise src.error("this comment is not closed: a '}' is missing", i)
            parts.append(text[j:k])
            if text[k] == "}":
                return _Tok("comment", "".join(parts), i, k + 1)
            if k + 1 < n and text[k + 1] in "\\}":  # the escapes \\ and \}
                parts.append(text[k + 1])
                j = k + 2
            else:
                parts.append("\\")
                j = k + 1
    if c == "}":
        raise src.error("'}' without '{'", i)
    if c == "(":
        return _Tok("open", None, i, i + 1)
    if c == ")":
        return _Tok("close", None, i, i + 1)
    if c == "+":
        return _Tok("plus", None, i, i + 1)
    if c == ">":
        return _Tok("gt", None, i, i + 1)
    if c == "/":
        return _Tok("slash", None, i, i + 1)
    if c in "!?":
        j = i
        while j < n and text[j] in "!?":
            j += 1
        g = text[i:j]
        if g not in GLYPHS:
            raise src.error(f"{_short(g)} is not a glyph: use one of {' '.join(GLYPHS)}", i)
        return _Tok("glyph", g, i, j)
    if c == '"':
        j = i + 1
        while j < n and text[j] not in '"\n':
            j += 2 if text[j] == "\\" else 1
        if j >= n or text[j] != '"':
            raise src.error("this quoted name is not closed on its line: a '\"' is missing", i)
        return _Tok("quoted", _quoted(src, text[i : j + 1], i, "quoted name"), i, j + 1)
    if c == "[":
        if text[src.starts[src.lc(i)[0] - 1] : i].strip() == "":
            return _Tok("next", None, i, i)
        raise src.error("'[' inside the moves: headers start a game, each on a line of its own", i)
    if c in "].":
        raise src.error(f"unexpected {c!r}", i)
    j = i
    while j < n and not text[j].isspace() and text[j] not in _DELIMS:
        j += 1
    word = text[i:j]
    if word.isascii() and word.isdigit() and j < n and text[j] == ".":
        k = j
        while k < n and text[k] == ".":
            k += 1
        dots = k - j
        if dots not in (1, 3):
            raise src.error(f"{text[i:k]!r}: a bout number is written '{word}.' (or '{word}...' within a bout)", i)
        if len(word) > 12:  # the start's bout (at most MAX_BOUT) plus the bouts played
            raise src.error(f"{word}: no game has that many bouts", i)
        return _Tok("number", (int(word), dots), i, k)
    return _Tok("word", word, i, j)


# ----------------------------------------------------------------------------- headers


@dataclass
class _Header:
    name: str
    raw: str  # the value text
    start: int  # index of '['
    value_start: int  # index of the value text


def _header_tokens(src: _Src, h: _Header) -> list[tuple[str, int, bool]]:
    """The value of ``h`` as (token, index, quoted) triples: bare words and quoted strings;
    commas separate like spaces."""
    out: list[tuple[str, int, bool]] = []
    text = h.raw
    i, n = 0, len(text)
    while True:
        while i < n and (text[i].isspace() or text[i] == ","):
            i += 1
        if i >= n:
            return out
        if text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise src.error("this quoted text is not closed: a '\"' is missing", h.value_start + i)
            out.append((_quoted(src, text[i : j + 1], h.value_start + i, "quoted text"), h.value_start + i, True))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in ',"':
                j += 1
            if j < n and text[j] == '"':
                raise src.error("a quote inside a word: put spaces around quoted text", h.value_start + j)
            out.append((text[i:j], h.value_start + i, False))
            i = j


def _strict_json(src: _Src, text: str, at: int, what: str) -> Any:
    """The JSON value ``text`` of a header (starting at index ``at`` of the file), by the
    one strict decoder (:func:`~durak_nb.record.jsonio.decode`), nested at most
    :data:`MAX_JSON_DEPTH` deep.

    Raises:
        RecordingError: bad or refused JSON, at its place in the file.
    """
    try:
        return jsonio.decode(text, max_depth=MAX_JSON_DEPTH)
    except jsonio.JSONProblem as exc:
        if exc.too_deep:
            raise src.error(f"{what}: a JSON value nested more than {MAX_JSON_DEPTH} deep", at) from None
        raise src.error(f"{what}: bad JSON value: {exc.message}", at + exc.index) from None


def _quoted(src: _Src, text: str, at: int, what: str) -> str:
    """The quoted string ``text`` (JSON string syntax) found at index ``at`` of the file.

    Raises:
        RecordingError: bad JSON string syntax or a lone surrogate (not Unicode text).
    """
    try:
        value = jsonio.decode(text)
    except jsonio.JSONProblem as exc:
        raise src.error(f"bad {what}: {exc.message}", at + exc.index) from None
    assert isinstance(value, str)
    return value


# ----------------------------------------------------------------------------- reading


@dataclass
class Reading:
    """What :func:`parse` read.

    Attributes:
        games: the games read, in file order (a match when more than one).
        problems: the problems found (at most one: reading stops at the first); empty
            when the whole file was read.  In lenient mode the game in which the problem
            arose keeps every move before it (and loses its written result).
    """

    games: list[Recording] = field(default_factory=list)
    problems: list[RecordingError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem was found."""
        return not self.problems


@dataclass
class _Line:
    """A line of play being read: the main line or a variation."""

    game: Game
    start_game: Game  # a copy of the game before the line's first move (never played on)
    branch_node: GameNode  # the node after which this line's first move goes
    at_start: bool  # the next move begins a bout
    branch: tuple[tuple[int, int], ...] = ()
    owner_branch: tuple[tuple[int, int], ...] = ()
    owner_index: int = 0
    open_at: int = 0
    nodes: list[GameNode] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    starts: list[bool] = field(default_factory=list)
    base: Game | None = None  # a checkpoint: the game after ``base_index`` moves
    base_index: int = 0
    pending: tuple[str, int] | None = None  # a comment waiting for the next move
    after_ok: bool = False  # the next comment is the last move's comment after
    glyph_ok: bool = False
    number: tuple[int, int, int] | None = None  # (bout, dots, index) read before the next move

    def game_before(self, j: int) -> Game:
        """The game before this line's move ``j`` (a fresh object)."""
        if self.base is None or self.base_index > j:
            g = self.start_game.copy()
            done = 0
        else:
            g = self.base.copy()
            done = self.base_index
        for m in self.moves[done:j]:
            g.play(m)
        self.base, self.base_index = g.copy(), j
        return g


class _Reader:
    def __init__(self, text: str, file: str, strict: bool) -> None:
        self.src = _Src(text, file)
        self.strict = strict
        self.reading = Reading()

    # ------------------------------------------------------------------ the file

    def run(self) -> Reading:
        text = self.src.text
        i = 1 if text.startswith("\ufeff") else 0
        games = self.reading.games
        try:
            while True:
                i = self._skip_blank(i)
                if i >= len(text):
                    break
                if len(games) >= MAX_GAMES:
                    raise self.src.error(f"more than {MAX_GAMES} games in one file", i)
                i = self._game(i, len(games) + 1)
            if not games:
                raise self.src.error("no game here: a game begins with its headers, e.g. [Players Anna Boris]", i)
        except RecordingError as exc:
            if self.strict:
                raise
            self.reading.problems.append(exc)
        return self.reading

    def _skip_blank(self, i: int) -> int:
        text = self.src.text
        while i < len(text) and text[i].isspace():
            i += 1
        return i

    # ------------------------------------------------------------------ one game

    def _game(self, i: int, number: int) -> int:
        src = self.src
        text = src.text
        headers: list[_Header] = []
        while i < len(text) and text[i] == "[":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            if end - i > MAX_HEADER_CHARS:
                raise src.error(f"this header has {end - i} characters; the limit is {MAX_HEADER_CHARS}", i)
            if len(headers) >= MAX_HEADERS:
                raise src.error(f"more than {MAX_HEADERS} headers in one game", i)
            headers.append(self._header_line(i, end))
            i = end + 1 if end < len(text) else end
            # headers stand on consecutive lines; spaces before the next one are allowed
            j = i
            while j < len(text) and text[j] in " \t\r":
                j += 1
            if j < len(text) and text[j] == "[":
                i = j
        if not headers:
            raise src.error(
                "a game begins with its headers, e.g. [Players Anna Boris]",
                i,
            )
        rec, meta, places, game_no = self._setup(headers, number)
        return self._moves(i, rec, meta, places, game_no)

    def _header_line(self, i: int, end: int) -> _Header:
        src = self.src
        line = src.text[i:end].rstrip()
        if not line.endswith("]") or len(line) < 3:
            raise src.error("a header is written [Name value] on a line of its own, ending with ']'", i)
        m = _HEADER_NAME.match(line, 1)
        if m is None:
            raise src.error("a header name is a word of letters and digits, e.g. [Players Anna Boris]", i + 1)
        name = m.group(0)
        rest = line[m.end() : -1]
        if rest and not rest[0].isspace():
            raise src.error(f"a space goes between the header name {name!r} and its value", i + m.end())
        value = rest.strip()
        if not value:
            raise src.error(f"the header {name} has no value", i)
        lead = len(rest) - len(rest.lstrip())
        return _Header(name, value, i, i + m.end() + lead)

    def _setup(self, headers: list[_Header], number: int) -> tuple[Recording, dict[str, Any], dict[str, int], int]:
        """Rules, players, deal or start, result and meta from the headers."""
        src = self.src
        seen: dict[str, _Header] = {}
        hands: list[_Header] = []
        meta: dict[str, Any] = {}
        meta_at: dict[str, int] = {}
        free: set[str] = set()
        for h in headers:
            if h.name == "Hand":
                hands.append(h)
                continue
            if h.name in seen and h.name != "Meta" and (h.name in STANDARD_HEADERS or h.name[0].isupper()):
                raise src.error(f"the header {h.name} is given twice", h.start)
            seen[h.name] = h
            key: str | None = None
            value: Any = None
            if h.name == "Event":
                key, value = "event", self._text_value(h)
            elif h.name == "Seed":
                key, value = "seed", self._whole(h, "Seed", lowest=None)
            elif h.name == "Meta":
                key, rest_at = self._meta_key(h)
                value = _strict_json(src, h.raw[rest_at:], h.value_start + rest_at, f"meta {key!r}")
            elif h.name in STANDARD_HEADERS:
                continue
            elif h.name[0].isupper():  # a header of its own: kept in meta["headers"]
                if "headers" in meta and "headers" not in free:
                    raise src.error("meta 'headers' is given twice", h.start)
                free.add("headers")
                meta.setdefault("headers", {})[h.name] = self._text_value(h)
                meta_at.setdefault("headers", h.start)
                continue
            else:
                key, value = h.name, _strict_json(src, h.raw, h.value_start, f"meta {h.name!r}")
            if key in meta:
                raise src.error(f"meta {key!r} is given twice", h.start)
            meta[key] = value
            meta_at[key] = h.start
        if "Players" not in seen:
            hint = " (a blank line ends a game's headers)" if number > 1 or headers[0].start > 0 else ""
            raise src.error(f"game {number} has no [Players ...] header{hint}", headers[0].start)
        ph = seen["Players"]
        names: list[str] = []
        for tok, at, quoted in _header_tokens(src, ph):
            names.append(self._name(tok, at, quoted))
        if len(names) < 2:
            raise src.error("[Players ...] names at least two players, in seat order", ph.value_start, rule="R2")
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise src.error(f"the player {dup!r} is named twice", ph.value_start, rule="R2")
        seats = {name: s for s, name in enumerate(names)}

        def seat(tok: str, at: int, quoted: bool, rule: str) -> int:
            name = self._name(tok, at, quoted)
            if name not in seats:
                raise src.error(f"{_short(name)} is not a player: the players are {', '.join(names)}", at, rule=rule)
            return seats[name]

        # rules and teams
        options: dict[str, Any] = {}
        preset = "podkidnoy"
        rh = seen.get("Rules")
        if rh is not None:
            toks = _header_tokens(src, rh)
            if not toks or "=" in toks[0][0]:
                raise src.error(f"[Rules preset option=value ...]: the preset first ({', '.join(PRESETS)})", rh.start)
            preset = toks[0][0]
            if preset not in PRESETS:
                raise src.error(f"unknown preset {_short(preset)}: use one of {', '.join(PRESETS)}", toks[0][1])
            for tok, at, _q in toks[1:]:
                if "=" not in tok:
                    raise src.error(f"{_short(tok)}: write an option as name=value, e.g. first_bout_limit=6", at)
                oname, raw = tok.split("=", 1)
                if oname == "teams":
                    raise src.error("write the teams in a [Teams ...] header, e.g. [Teams Anna Vera | Boris Gleb]", at)
                if oname not in OPTION_NAMES:
                    raise src.error(f"unknown option {_short(oname)}: the options are {', '.join(OPTION_NAMES)}", at)
                if oname in options:
                    raise src.error(f"the option {oname} is given twice", at)
                try:
                    options[oname] = jsonio.decode(raw, max_depth=1)
                except jsonio.JSONProblem as exc:
                    raise src.error(
                        f"option {oname}: {_short(raw)} is not a value (a number, true or false)", at
                    ) from exc
        th = seen.get("Teams")
        if th is not None:
            groups: list[list[int]] = [[]]
            for tok, at, quoted in _header_tokens(src, th):
                if tok == "|" and not quoted:
                    groups.append([])
                else:
                    groups[-1].append(seat(tok, at, quoted, "R22"))
            options["teams"] = groups
        try:
            rules = Rules.make(preset, **options)
            rules.check_players(len(names))
        except RulesError as exc:
            at = (th if th is not None and exc.rule == "R22" else rh or ph).start
            raise src.error(exc.message, at, rule=exc.rule) from exc
        # deal or start
        is_deal = any(n in seen for n in _DEAL_HEADERS)
        is_start = bool(hands) or any(n in seen for n in _START_HEADERS)
        if is_deal == is_start:
            at = headers[0].start
            if is_deal:
                at = min(seen[n].start for n in _DEAL_HEADERS if n in seen)
                raise src.error(
                    "a game has either a deal ([Seed n] or [Deck ...]) or a set-up position ([Hand ...], [Talon ...]),"
                    " not both",
                    at,
                )
            raise src.error(
                f"game {number} has no deal: give [Seed n] or [Deck ...] (a deal), or [Hand name cards] for "
                "each player with [Talon ...], [Trump X], [Attacker name] (a set-up position)",
                at,
            )
        places: dict[str, int] = {"players": ph.start}
        deal: Deal | None = None
        start: Start | None = None
        trump: Suit | None = None
        if "Trump" in seen:
            trump = self._suit(seen["Trump"])
        attacker = None
        if "Attacker" in seen:
            toks = _header_tokens(src, seen["Attacker"])
            if len(toks) != 1:
                raise src.error("[Attacker name]: one player", seen["Attacker"].value_start, rule="R4")
            attacker = seat(*toks[0], "R4")
        if is_deal:
            for bad in ("Hand", "Talon", "Discard", "FirstBito", "Bout"):
                if bad in seen:
                    raise src.error(f"[{bad} ...] belongs to a set-up position, not to a deal", seen[bad].start)
            dealer = None
            if "Dealer" in seen:
                toks = _header_tokens(src, seen["Dealer"])
                if len(toks) != 1:
                    raise src.error("[Dealer name]: one player", seen["Dealer"].value_start, rule="R3")
                dealer = seat(*toks[0], "R3")
            dealer, attacker = self._match_rule(number, names, dealer, attacker, seen)
            if dealer is None:
                dealer = len(names) - 1
            if "Seed" in seen and "Deck" in seen:
                raise src.error("a deal is given by [Seed n] or by [Deck ...], not both", seen["Deck"].start)
            where = seen.get("Deck") or seen.get("Seed")
            if where is None:
                raise src.error(
                    "a deal needs the cards: [Seed n] (a shuffle) or [Deck ...] (top card first)",
                    seen["Dealer"].start,
                    rule="R3",
                )
            if "Seed" in seen:
                seed = meta["seed"]
                cards = list(deck(rules.deck_size))
                rng = random.Random(seed)
                rng.shuffle(cards)
                no_card = len(cards) <= len(names) * rules.hand_size
                if trump is None and no_card and not rules.japanese:
                    trump = Suit(rng.randrange(4))  # R3, as Game.deal(seed=...) chooses it
                order = tuple(cards)
            else:
                order = tuple(self._cards(seen["Deck"], rules))
                no_card = len(order) <= len(names) * rules.hand_size
                if trump is None and no_card and not rules.japanese:
                    raise src.error(
                        "no card is left to turn up after the deal: name the trump suit with [Trump X]",
                        where.start,
                        rule="R3",
                    )
            deal = Deal(dealer=dealer, deck=order, trump=trump, attacker=attacker)
            places["deal"] = where.start
        else:
            for bad in ("Dealer", "Seed", "Deck"):
                if bad in seen:
                    raise src.error(f"[{bad} ...] belongs to a deal, not to a set-up position", seen[bad].start)
            if trump is None:
                raise src.error("a set-up position names the trump suit: [Trump X]", headers[0].start, rule="R3")
            if attacker is None:
                raise src.error("a set-up position names who leads: [Attacker name]", headers[0].start, rule="R4")
            held: list[tuple[Card, ...] | None] = [None] * len(names)
            for h in hands:
                toks = _header_tokens(src, h)
                if not toks:
                    raise src.error("[Hand name cards]: the player, then the cards (or -)", h.value_start)
                s = seat(*toks[0], "R2")
                if held[s] is not None:
                    raise src.error(f"{names[s]}'s hand is given twice", h.start)
                held[s] = tuple(self._cards(h, rules, skip=1))
            talon = tuple(self._cards(seen["Talon"], rules)) if "Talon" in seen else ()
            first_bito = False
            if "FirstBito" in seen:
                fb = seen["FirstBito"]
                word = fb.raw.strip().lower()
                if word not in ("yes", "no", "true", "false"):
                    raise src.error("[FirstBito yes] or [FirstBito no]", fb.value_start, rule="R13c")
                first_bito = word in ("yes", "true")
            bout = self._whole(seen["Bout"], "Bout", lowest=1) if "Bout" in seen else 1
            if bout > MAX_BOUT:
                raise src.error(f"[Bout n]: at most {MAX_BOUT}", seen["Bout"].value_start, rule="R19")
            hands_t = tuple(h if h is not None else () for h in held)
            discard: tuple[Card, ...] = ()
            if "Discard" in seen:
                dh = seen["Discard"]
                if dh.raw.strip() == "rest":
                    used = {c for h in hands_t for c in h} | set(talon)
                    discard = tuple(c for c in deck(rules.deck_size) if c not in used)
                else:
                    discard = tuple(self._cards(dh, rules))
            start = Start(
                hands=hands_t,
                talon=talon,
                trump=trump,
                attacker=attacker,
                discard=discard,
                first_bito_done=first_bito,
                bout=bout,
            )
            places["deal"] = (hands[0] if hands else seen.get("Talon") or headers[0]).start
        # result
        result: dict[str, Any] | None = None
        if "Result" in seen:
            result = self._result(seen["Result"], names)
            places["result"] = seen["Result"].start
        rec = Recording(
            rules=rules,
            players=tuple(names),
            deal=deal,
            start=start,
            result=result,
            meta=meta,
            file=src.file,
        )
        try:
            rec.new_game()
        except SetupError as exc:
            msg = exc.message
            if exc.rule == "R1" and start is not None and "missing" in msg and "Discard" not in seen:
                msg += " (write [Discard rest] to put every card not named into the discard)"
            raise src.error(msg, places["deal"], rule=exc.rule) from exc
        places.update({f"meta:{k}": v for k, v in meta_at.items()})
        return rec, meta, places, number

    def _match_rule(
        self,
        number: int,
        names: list[str],
        dealer: int | None,
        attacker: int | None,
        seen: dict[str, _Header],
    ) -> tuple[int | None, int | None]:
        """R4 in a match: in game 2 on, the durak of the game before deals and the player
        to the durak's left attacks first; checked when named, else filled in."""
        if number < 2 or not self.reading.games:
            return dealer, attacker
        prev = self.reading.games[-1]
        result = prev.replay().result
        if result is None or result.durak is None:
            return dealer, attacker  # a draw, a team game or an unfinished game: nothing to follow
        durak = prev.players[result.durak]
        src = self.src
        if durak not in names:
            if dealer is None or attacker is None:
                raise src.error(
                    f"game {number - 1}'s durak, {durak}, does not play game {number}: name [Dealer ...] and"
                    " [Attacker ...]",
                    seen["Players"].start,
                    rule="R4",
                )
            return dealer, attacker
        d = names.index(durak)
        left = (d + 1) % len(names)
        if dealer is not None and dealer != d:
            raise src.error(
                f"in a match the durak of the game before deals: {durak}, not {names[dealer]}",
                seen["Dealer"].value_start,
                rule="R4",
            )
        if attacker is not None and attacker != left:
            raise src.error(
                f"in a match the player to the left of the durak ({durak}) attacks first: {names[left]}, "
                f"not {names[attacker]}",
                seen["Attacker"].value_start,
                rule="R4",
            )
        return d, left

    # ------------------------------------------------------------------ header values

    def _meta_key(self, h: _Header) -> tuple[str, int]:
        """The quoted key of ``[Meta "key" value]`` and the index of the value after it."""
        if not h.raw.startswith('"'):
            raise self.src.error('[Meta "key" value]: the key in quotes, then a JSON value', h.value_start)
        try:
            key, end = jsonio.scan(h.raw, 0)
        except jsonio.JSONProblem as exc:
            raise self.src.error(f"[Meta ...]: bad quoted key: {exc.message}", h.value_start + exc.index) from None
        if not isinstance(key, str):  # pragma: no cover - a quoted JSON value is a string
            raise self.src.error('[Meta "key" value]: the key in quotes', h.value_start)
        return key, end

    def _name(self, tok: str, at: int, quoted: bool) -> str:
        src = self.src
        if not quoted and not (_BARE.fullmatch(tok) and tok not in KEYWORDS and not _is_card(tok)):
            raise src.error(
                f"{_short(tok)}: a name that is not a plain word (or looks like a card or a keyword) goes in quotes:"
                f" {_short(json.dumps(tok, ensure_ascii=False), 60)[1:-1]}",
                at,
                rule="R2",
            )
        if not tok.strip() or len(tok) > MAX_NAME:
            raise src.error(f"a player's name has 1 to {MAX_NAME} characters", at, rule="R2")
        return tok

    def _text_value(self, h: _Header) -> str:
        toks = _header_tokens(self.src, h)
        if len(toks) == 1 and toks[0][2]:
            return toks[0][0]
        if any(q for _t, _a, q in toks):
            raise self.src.error(f"[{h.name} ...]: one quoted text, or plain words", h.value_start)
        return " ".join(t for t, _a, _q in toks)

    def _whole(self, h: _Header, what: str, lowest: int | None) -> int:
        word = h.raw.strip()
        if not re.fullmatch(r"-?[0-9]{1,40}", word) or (lowest is not None and int(word) < lowest):
            bound = f" from {lowest}" if lowest is not None else ""
            raise self.src.error(
                f"[{what} n]: a whole number{bound}, not {_short(word)}",
                h.value_start,
                rule="R19" if what == "Bout" else None,
            )
        return int(word)

    def _suit(self, h: _Header) -> Suit:
        try:
            return Suit.parse(h.raw.strip())
        except CardError as exc:
            raise self.src.error(
                f"[Trump X]: a suit S, H, D or C (or ♠ ♥ ♦ ♣), not {_short(h.raw.strip())}", h.value_start, rule="R3"
            ) from exc

    def _cards(self, h: _Header, rules: Rules, skip: int = 0) -> list[Card]:
        toks = _header_tokens(self.src, h)[skip:]
        if len(toks) == 1 and toks[0][0] == "-" and not toks[0][2]:
            return []
        out = []
        for tok, at, _q in toks:
            try:
                out.append(Card.parse(tok))
            except CardError as exc:
                raise self.src.error(exc.message, at, rule="R1") from exc
        if not out and h.name != "Hand":
            raise self.src.error(f"[{h.name} ...]: card codes, or - for none", h.value_start, rule="R1")
        return out

    def _result(self, h: _Header, names: list[str]) -> dict[str, Any]:
        src = self.src
        raw = h.raw.strip()
        if raw.startswith("{"):
            value = _strict_json(src, raw, h.value_start, "Result")
            keys = {"durak", "draw", "epaulettes", "out_order", "losing_team"}
            if not isinstance(value, dict) or set(value) - keys:
                raise src.error(f"[Result {{...}}]: an object with members among {', '.join(sorted(keys))}", h.start)
            return value
        toks = _header_tokens(src, h)
        first = toks[0][0] if toks and not toks[0][2] else ""
        if first == "draw" and len(toks) == 1:
            return {"durak": None, "draw": True}
        if first == "durak" and len(toks) in (2, 3):
            who = self._name(*toks[1])
            if who not in names:
                raise src.error(f"{who!r} is not a player", toks[1][1], rule="R25")
            if len(toks) == 3:
                if toks[2][0] != "epaulettes" or toks[2][2]:
                    raise src.error("[Result durak NAME epaulettes]", toks[2][1], rule="R26")
                return {"durak": who, "epaulettes": True}
            return {"durak": who}
        if first == "losers" and len(toks) >= 2:
            team = []
            for tok, at, quoted in toks[1:]:
                who = self._name(tok, at, quoted)
                if who not in names:
                    raise src.error(f"{who!r} is not a player", at, rule="R22")
                team.append(who)
            return {"durak": None, "losing_team": team}
        raise src.error(
            "[Result durak NAME], [Result durak NAME epaulettes], [Result draw], [Result losers NAME NAME] "
            "or [Result {JSON object}]",
            h.value_start,
            rule="R25",
        )

    # ------------------------------------------------------------------ the moves

    def _moves(self, i: int, rec: Recording, meta: dict[str, Any], places: dict[str, int], number: int) -> int:
        src = self.src
        root = GameNode()
        game = rec.new_game()
        main = _Line(game=game, start_game=game.copy(), branch_node=root, at_start=True)
        stack: list[_Line] = [main]
        move_places: list[tuple[int, int]] = []
        total = 0
        problem: RecordingError | None = None
        end = i
        try:
            while True:
                tok = _lex(src, i)
                i = tok.end
                line = stack[-1]
                k = len(line.moves)
                if tok.kind in ("eof", "next"):
                    if len(stack) > 1:
                        raise src.error("this variation is not closed: a ')' is missing", line.open_at)
                    self._end_line(line, root, tok.start, is_main=True)
                    end = tok.start
                    break
                if tok.kind == "comment":
                    if line.after_ok and line.nodes[-1].comment_after is None:
                        line.nodes[-1].comment_after = tok.value
                    elif line.pending is not None:
                        raise src.error(
                            "a move has one comment before it: join the two comments into one",
                            tok.start,
                            move=k,
                            branch=line.branch,
                        )
                    else:
                        line.pending = (tok.value, tok.start)
                    line.after_ok = line.glyph_ok = False
                elif tok.kind == "glyph":
                    if not line.glyph_ok:
                        raise src.error(
                            f"the glyph {tok.value} goes right after the move it marks, e.g. 'Anna 7S{tok.value}'",
                            tok.start,
                        )
                    line.nodes[-1].glyph = tok.value
                    line.glyph_ok = False
                elif tok.kind == "number":
                    self._number(line, tok, k)
                    line.after_ok = line.glyph_ok = False
                elif tok.kind == "open":
                    if not line.nodes:
                        raise src.error(
                            "a variation '( ... )' follows the move it replaces; there is none before it",
                            tok.start,
                            move=k,
                            branch=line.branch,
                        )
                    if len(stack) > MAX_DEPTH:
                        raise src.error(f"variations nested more than {MAX_DEPTH} deep", tok.start)
                    stack.append(self._variation(line, tok.start))
                    line.after_ok = line.glyph_ok = False
                elif tok.kind == "close":
                    if len(stack) == 1:
                        raise src.error("')' without '('", tok.start)
                    if not line.nodes:
                        raise src.error("an empty variation: '( ... )' holds at least one move", line.open_at)
                    self._end_line(line, root, tok.start, is_main=False)
                    stack.pop()
                    stack[-1].after_ok = stack[-1].glyph_ok = False
                elif tok.kind in ("word", "quoted"):
                    total += 1
                    if total > MAX_MOVES:
                        raise src.error(f"more than {MAX_MOVES} moves in one game", tok.start)
                    move, i = self._move(line, tok, k)
                    self._play(line, move, tok.start, k)
                    if len(stack) == 1:
                        move_places.append(src.lc(tok.start))
                else:
                    what = {"plus": "'+'", "gt": "'>'", "slash": "'/'"}.get(tok.kind, tok.kind)
                    raise src.error(
                        f"unexpected {what}: a move begins with its player's name",
                        tok.start,
                        move=k,
                        branch=line.branch,
                        game=line.game,
                    )
        except RecordingError as exc:
            if self.strict:
                raise
            problem = exc
        # the recording: headers' meta first, then the annotations of the tree
        for key in ANNOTATION_KEYS:
            if key in meta and _tree_has(root, key):
                err = src.error(
                    f"meta {key!r} is given in a header and in the moves: keep one", places.get(f"meta:{key}", 0)
                )
                if self.strict:
                    raise err
                problem = problem or err
                meta.pop(key)
        tree = GameTree(rec, root, meta)
        out = tree.to_recording()
        out.move_places = move_places
        out.file = src.file
        final = main.game
        if problem is None and out.result is not None:
            try:
                out.check_result(final)
            except RecordingError as exc:
                err = src.error(exc.message, places.get("result", 0), rule=exc.rule)
                if self.strict:
                    raise err from exc
                problem = err
        if problem is not None:
            out.result = None
            self.reading.games.append(out)
            raise problem
        self.reading.games.append(out)
        return end

    def _number(self, line: _Line, tok: _Tok, k: int) -> None:
        src = self.src
        n, dots = tok.value
        game = line.game
        if line.number is not None:
            raise src.error("two bout numbers in a row", tok.start, move=k, branch=line.branch)
        if game.result is not None:
            raise src.error("the game is over: no bout follows", tok.start, rule="R25", move=k, branch=line.branch)
        if dots == 1:
            if not line.at_start:
                raise src.error(
                    f"bout {game.bout} is not over here, so no new bout begins: write '{game.bout}...' to recall the"
                    " bout within it",
                    tok.start,
                    move=k,
                    branch=line.branch,
                    game=game,
                )
            if n != game.bout:
                raise src.error(f"this is bout {game.bout}, not {n}", tok.start, move=k, branch=line.branch, game=game)
        else:
            if line.at_start:
                raise src.error(
                    f"bout {game.bout} begins here: write '{game.bout}.'",
                    tok.start,
                    move=k,
                    branch=line.branch,
                    game=game,
                )
            if n != game.bout:
                raise src.error(f"this is bout {game.bout}, not {n}", tok.start, move=k, branch=line.branch, game=game)
        line.number = (n, dots, tok.start)

    def _variation(self, line: _Line, at: int) -> _Line:
        j = len(line.nodes) - 1
        x = line.nodes[j]
        branch_node = x.parent
        assert branch_node is not None
        if j == 0 and line.branch:  # replaces a variation's first move: one more alternative there
            owner_branch, owner_index = line.owner_branch, line.owner_index
        else:
            owner_branch, owner_index = line.branch, j
        vnum = len(branch_node.variations)
        game = line.game_before(j)
        return _Line(
            game=game,
            start_game=game.copy(),
            branch_node=branch_node,
            at_start=line.starts[j],
            branch=(*owner_branch, (owner_index, vnum)),
            owner_branch=owner_branch,
            owner_index=owner_index,
            open_at=at,
        )

    def _end_line(self, line: _Line, root: GameNode, at: int, *, is_main: bool) -> None:
        src = self.src
        if line.number is not None:
            raise src.error("a bout number with no move after it", line.number[2], move=len(line.moves))
        if line.pending is not None:
            text, where = line.pending
            if not line.nodes:
                if is_main:
                    root.comment_before = text
                    return
                raise src.error("an empty variation", where)  # pragma: no cover - caught before
            last = line.nodes[-1]
            if last.comment_after is not None:
                raise src.error(
                    "the last move already has its comment after it: join the two comments into one",
                    where,
                    move=len(line.moves) - 1,
                    branch=line.branch,
                )
            last.comment_after = text

    def _move(self, line: _Line, tok: _Tok, k: int) -> tuple[Move, int]:
        """Read one move starting with the player's name ``tok``; returns it and the index after it."""
        src = self.src
        game = line.game
        names = game.players
        name = tok.value
        if name not in names:
            if tok.kind == "word" and _is_card(name):
                msg = f"{name}: a move begins with its player's name ({', '.join(names)})"
            elif tok.kind == "word" and name in KEYWORDS:
                msg = f"{name}: whose move? write the player's name first, e.g. '{quote_name(names[0])} {name}'"
            elif tok.kind == "word" and _looks_like_card(name):
                msg = f"{name!r} is not a card: a rank 2-9, T (or 10), J, Q, K, A, then a suit S, H, D, C (or ♠ ♥ ♦ ♣)"
            else:
                msg = f"{_short(name)} is not a player: the players are {', '.join(names)}"
            raise src.error(msg, tok.start, move=k, branch=line.branch, game=game)
        if tok.kind == "word" and quote_name(name) != name:
            raise src.error(f"write the name in quotes: {quote_name(name)}", tok.start)
        p = names.index(name)
        i = tok.end
        act = _lex(src, i)
        who = quote_name(name)

        def cards_from(i: int, first: Card | None = None) -> tuple[list[Card], int]:
            out = [first] if first is not None else []
            while True:
                nxt = _lex(src, i)
                if nxt.kind == "word" and _is_card(nxt.value):
                    out.append(Card.parse(nxt.value))
                    i = nxt.end
                else:
                    return out, i

        def need_cards(cards: list[Card], at: int, what: str) -> None:
            if not cards:
                raise src.error(f"{what}: the cards follow, e.g. {who} {what}7S", at, move=k, branch=line.branch)

        if act.kind == "word" and act.value in ("take", "pass"):
            return Move(p, Action(act.value)), act.end
        if act.kind == "word" and act.value == "show":
            nxt = _lex(src, act.end)
            if not (nxt.kind == "word" and _is_card(nxt.value)):
                raise src.error(
                    f"show: the trump shown follows, e.g. {who} show 7H",
                    act.start if nxt.kind in ("eof", "next") else nxt.start,
                    move=k,
                    branch=line.branch,
                )
            return Move(p, Action.TRANSFER, (Card.parse(nxt.value),), None, True), nxt.end
        if act.kind == "word" and act.value == "redeal":
            cards, i = cards_from(act.end)
            if not cards:
                raise src.error(
                    "redeal: the new deck follows, top card first", act.end, move=k, branch=line.branch, rule="R5"
                )
            return Move(p, Action.REDEAL, (), None, False, tuple(cards)), i
        if act.kind in ("plus", "gt"):
            cards, i = cards_from(act.end)
            need_cards(cards, act.end, "+" if act.kind == "plus" else ">")
            return Move(p, Action.THROW if act.kind == "plus" else Action.TRANSFER, tuple(cards)), i
        if act.kind == "word" and _is_card(act.value):
            first = Card.parse(act.value)
            nxt = _lex(src, act.end)
            if nxt.kind == "slash":
                tgt = _lex(src, nxt.end)
                if not (tgt.kind == "word" and _is_card(tgt.value)):
                    raise src.error(
                        f"{act.value}/: the card covered follows the slash, e.g. {who} 9S/7S",
                        nxt.start if tgt.kind in ("eof", "next") else tgt.start,
                        move=k,
                        branch=line.branch,
                    )
                return Move(p, Action.DEFEND, (first,), Card.parse(tgt.value)), tgt.end
            cards, i = cards_from(act.end, first)
            return Move(p, Action.ATTACK, tuple(cards)), i
        if act.kind == "word" and _looks_like_card(act.value) and act.value not in names:
            raise src.error(
                f"{act.value!r} is not a card: a rank 2-9, T (or 10), J, Q, K, A, then a suit S, H, D, C (or ♠ ♥ ♦ ♣)",
                act.start,
                rule="R1",
                move=k,
                branch=line.branch,
                game=game,
            )
        raise src.error(
            f"what does {name} do? write cards to attack ({who} 7S), +cards to throw in ({who} +7S),"
            f" card/target to cover ({who} 9S/7S), >cards to transfer, show card, take or pass",
            act.start,
            move=k,
            branch=line.branch,
            game=game,
        )

    def _play(self, line: _Line, move: Move, at: int, k: int) -> None:
        src = self.src
        game = line.game
        names = game.players
        if line.at_start and line.number is None and game.result is None:
            raise src.error(
                f"bout {game.bout} begins here: write '{game.bout}.' before its first move",
                at,
                move=k,
                branch=line.branch,
                game=game,
            )
        refusal = game.why_illegal(move)
        if refusal is not None:
            raise src.error(
                f"{_where(k, line.branch)} ({format_move(move, names)}): {refusal.message}",
                at,
                rule=refusal.rule,
                move=k,
                branch=line.branch,
                game=game,
            )
        events = game.play(move)
        parent = line.nodes[-1] if line.nodes else line.branch_node
        node = parent.add_variation(move)
        if line.pending is not None:
            node.comment_before = line.pending[0]
            line.pending = None
        line.nodes.append(node)
        line.moves.append(move)
        line.starts.append(line.at_start)
        line.at_start = any(isinstance(e, _BOUT_EVENTS) for e in events)
        line.after_ok = line.glyph_ok = True
        line.number = None


def _tree_has(root: GameNode, key: str) -> bool:
    stack = [root]
    while stack:
        node = stack.pop()
        if key == "comments" and node.comment_after is not None:
            return True
        if key == "comments_before" and node.comment_before is not None:
            return True
        if key == "glyphs" and node.glyph is not None:
            return True
        if key == "variations" and len(node.variations) > 1:
            return True
        stack.extend(node.variations)
    return False


def parse(text: str, *, file: str = "<string>", strict: bool = True) -> Reading:
    """Read every game of a notation text.

    Args:
        text: the text (a file's content).
        file: the name used in error places.
        strict: stop at the first problem with an exception (default); ``False``
            keeps every move before the first problem and reports it in
            :attr:`Reading.problems`.

    Raises:
        RecordingError: (strict mode) the first problem: a syntax error, a bound
            passed, a header that breaks the rules (R1-R4, R22), an illegal move (its
            rule id), a written result that disagrees with the replay (R25), or R4 in
            a match; the error names file, line, column and move, and lists the legal
            moves where a move was expected.
    """
    err = None
    bad = jsonio.lone_surrogate(text)
    if len(text) > MAX_BYTES:
        err = RecordingError(f"the text has {len(text)} characters; the limit is {MAX_BYTES}", file=file)
    elif bad >= 0:
        err = _Src(text, file).error(
            f"the text holds U+{ord(text[bad]):04X}, a lone surrogate, which is not valid Unicode text", bad
        )
    if err is not None:
        if strict:
            raise err
        return Reading([], [err])
    return _Reader(text, file, strict).run()


def read_games(text: str, *, file: str = "<string>") -> list[Recording]:
    """Every game of the text, read strictly (:func:`parse`).

    Raises:
        RecordingError: as :func:`parse`.
    """
    return parse(text, file=file).games


def read(text: str, *, file: str = "<string>") -> Recording:
    """The one game of the text, read strictly (:func:`parse`).

    Raises:
        RecordingError: as :func:`parse`, or the text holds a match (use :func:`read_games`).
    """
    games = read_games(text, file=file)
    if len(games) != 1:
        raise RecordingError(f"the text holds {len(games)} games (a match): read it with read_games", file=file)
    return games[0]


def _read_text(path: Path) -> str:
    return read_text(path)


def load(path: str | Path, *, strict: bool = True) -> Reading:
    """Read a ``.durak`` file (:func:`parse`).

    Raises:
        RecordingError: unreadable file; in strict mode, as :func:`parse`.
    """
    p = Path(path)
    try:
        text = _read_text(p)
    except RecordingError as exc:
        if strict:
            raise
        return Reading([], [exc])
    return parse(text, file=str(p), strict=strict)


# ----------------------------------------------------------------------------- the JSON side


def load_games(path: str | Path) -> list[Recording]:
    """The games of a file, by suffix: ``.durak`` (the notation) or ``.json`` (one
    ``durak-nb/1`` document, or an array of them: a match, checked for R4).

    Raises:
        RecordingError: as :func:`parse` or :meth:`Recording.load`.
    """
    p = Path(path)
    if p.suffix == SUFFIX:
        return load(p).games
    text = _read_text(p)
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped.startswith("["):
        return [Recording.from_json_text(text.lstrip("\ufeff"), file=str(p))]
    return _json_array(text, str(p))


def _json_array(text: str, file: str) -> list[Recording]:
    src = _Src(text, file)
    start = text.index("[")
    try:
        value = jsonio.decode(text[start:])
    except jsonio.JSONProblem as exc:
        raise src.error(f"a match: bad JSON value: {exc.message}", start + exc.index) from None
    if not isinstance(value, list) or not value:
        raise src.error("a match is a JSON array of durak-nb/1 documents", start)
    if len(value) > MAX_GAMES:
        raise src.error(f"more than {MAX_GAMES} games in one file", start)
    # the text of each element, so that its errors name places in the file
    dec = json.JSONDecoder()
    recs = []
    i = start + 1
    for _ in value:
        while text[i] in " \t\r\n,":
            i += 1
        _obj, j = dec.raw_decode(text, i)
        line0, col0 = src.lc(i)
        try:
            rec = Recording.from_json_text(text[i:j], file=file)
        except RecordingError as exc:
            col = exc.column + (col0 - 1 if exc.line == 1 else 0)
            raise RecordingError(
                exc.message, file=file, line=exc.line + line0 - 1, column=col, move=exc.move, rule=exc.rule
            ) from exc
        rec.move_places = [(ln + line0 - 1, c + (col0 - 1 if ln == 1 else 0)) for ln, c in rec.move_places]
        recs.append(rec)
        i = j
    check_match(recs)
    return recs


def check_match(games: Sequence[Recording]) -> None:
    """R4 between the games of a match: in game 2 on, the durak of the game before deals
    and the player to the durak's left attacks first (when the game before ended with
    one durak and the game is dealt).

    Raises:
        RecordingError: a game breaks it (``rule`` R4).
    """
    for n in range(1, len(games)):
        prev, rec = games[n - 1], games[n]
        if rec.deal is None:
            continue
        result = prev.replay().result
        if result is None or result.durak is None:
            continue
        durak = prev.players[result.durak]
        if durak not in rec.players:
            continue
        d = rec.players.index(durak)
        left = (d + 1) % len(rec.players)
        if rec.deal.dealer != d or rec.deal.attacker != left:
            raise RecordingError(
                f"game {n + 1} of the match: the durak of game {n}, {durak}, deals and {rec.players[left]},"
                " to the durak's left, attacks first",
                file=rec.file,
                rule="R4",
            )


def json_text(games: Recording | Sequence[Recording]) -> str:
    """The canonical JSON text: one document, or an array of them for a match.

    Raises:
        RecordingError: ``meta`` holds what the strict reader refuses (a non-finite
            number, a lone surrogate, nesting past the bound), so it cannot be written.
    """
    if isinstance(games, Recording):
        return games.dumps()
    if len(games) == 1:
        return games[0].dumps()
    return json_document([g.to_json() for g in games], games[0].file if games else "<string>")


def validate_path(path: str | Path) -> list[ValidationReport]:
    """``durak-nb validate`` for one file of either form: one report per game (a match
    gives several).  Never raises for bad input.

    A ``.json`` file holding one document is checked by
    :func:`~durak_nb.record.json_form.validate_file`; a ``.durak`` file is read
    strictly, so its report names the line and column of the first problem in the
    notation text (R4 included for a match).
    """
    p = Path(path)
    if p.suffix != SUFFIX and not _looks_like_array(p):
        return [validate_file(p)]
    try:
        games = load_games(p)
    except RecordingError as exc:
        return [ValidationReport(str(p), False, exc, None, None)]
    reports = []
    for n, rec in enumerate(games, 1):
        report = validate_recording(rec)
        if len(games) > 1:
            report = ValidationReport(
                f"{p} (game {n} of {len(games)})", report.ok, report.error, report.game, report.recording
            )
        reports.append(report)
    return reports


def _looks_like_array(p: Path) -> bool:
    try:
        with p.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return head.decode("utf-8", "replace").lstrip("\ufeff \t\r\n").startswith("[")


# ----------------------------------------------------------------------------- writing


@dataclass
class _Piece:
    """A unit of the movetext layout: a move, a comment, a parenthesis."""

    text: str
    glue_before: bool = False  # no space before it (a ')')
    glue_after: bool = False  # no space after it (a '(')
    brk: str = ""  # "line": it starts a new line; "indent": a new indented line
    brk_after: str = ""  # the same, for the piece after it


def _layout(pieces: list[_Piece]) -> list[str]:
    """Lines of at most :data:`WIDTH` columns where the pieces allow (a long comment
    stands alone on its line), continuation lines indented by four spaces."""
    lines: list[str] = []
    cur = ""
    glue = False
    pending = ""
    for p in pieces:
        brk = "line" if "line" in (p.brk, pending) else p.brk or pending
        if brk and cur.strip():
            lines.append(cur)
            cur = _INDENT if brk == "indent" else ""
        elif brk == "indent" and not cur:
            cur = _INDENT
        col = len(cur) - (cur.rfind("\n") + 1)
        first_line = p.text.split("\n", 1)[0]
        if not cur.strip() or glue or p.glue_before:
            cur += p.text
        elif col + 1 + len(first_line) > WIDTH:
            lines.append(cur)
            cur = _INDENT + p.text
        else:
            cur += " " + p.text
        glue = p.glue_after
        pending = p.brk_after
    if cur.strip():
        lines.append(cur)
    return lines


def _comment(text: str) -> str:
    return "{" + text.replace("\\", "\\\\").replace("}", "\\}") + "}"


@dataclass
class _WFrame:
    nodes: list[GameNode]
    game: Game
    depth: int
    at_start: bool
    cont: bool  # write 'N...' before the next move (a variation's start, or after a variation)
    branch: tuple[tuple[int, int], ...]
    i: int = 0
    alts: list[GameNode] | None = None  # alternatives of nodes[i] still to write
    before: Game | None = None  # the game before nodes[i]
    start_before: bool = False  # nodes[i] begins a bout


def _write_moves(tree: GameTree, names: Sequence[str], file: str) -> tuple[list[_Piece], Game]:
    """The movetext pieces, walking the tree with an explicit stack, and the game at
    the end of the main line."""
    pieces: list[_Piece] = []
    game = tree.recording.new_game()
    root = tree.root
    if not root.variations and root.comment_before is not None:
        pieces.append(_Piece(_comment(root.comment_before), brk="line"))
        return pieces, game
    total = 0
    stack = [_WFrame(root.mainline(), game, 0, True, False, ())]
    while stack:
        f = stack[-1]
        if f.alts is not None:
            if f.alts:
                alt = f.alts.pop(0)
                assert f.before is not None and alt.parent is not None
                if f.depth + 1 > MAX_DEPTH:
                    raise RecordingError(
                        f"variations nested more than {MAX_DEPTH} deep cannot be written", file=file, rule=None
                    )
                vnum = alt.parent.variations.index(alt)
                pieces.append(_Piece("(", glue_after=True, brk="indent" if f.depth == 0 else ""))
                stack.append(
                    _WFrame(
                        [alt, *alt.mainline()],
                        f.before.copy(),
                        f.depth + 1,
                        f.start_before,
                        True,
                        (*f.branch, (f.i, vnum)),
                    )
                )
                continue
            # every alternative written: play the move and go on
            node = f.nodes[f.i]
            assert node.move is not None
            events = f.game.play(node.move)
            f.at_start = any(isinstance(e, _BOUT_EVENTS) for e in events)
            f.cont = True
            f.alts = None
            f.before = None
            f.i += 1
            continue
        if f.i >= len(f.nodes):
            stack.pop()
            if f.depth > 0:
                pieces.append(_Piece(")", glue_before=True, brk_after="indent" if f.depth == 1 else ""))
            continue
        node = f.nodes[f.i]
        move = node.move
        assert move is not None
        total += 1
        if total > MAX_MOVES:
            raise RecordingError(f"more than {MAX_MOVES} moves in one game cannot be written", file=file)
        g = f.game
        refusal = g.why_illegal(move)
        if refusal is not None:
            raise RecordingError(
                f"{_where(f.i, f.branch)} ({format_move(move, names)}): {refusal.message}",
                file=file,
                move=f.i,
                rule=refusal.rule,
                state=g.position(),
            )
        main = f.depth == 0
        if node.comment_before is not None:
            own_line = "line" if main and f.at_start else ""
            pieces.append(_Piece(_comment(node.comment_before), brk=own_line, brk_after=own_line))
        if f.at_start:
            number = f"{g.bout}."
        elif f.cont:
            number = f"{g.bout}..."
        else:
            number = ""
        text = format_move(move, names) + (node.glyph or "")
        pieces.append(_Piece(f"{number} {text}" if number else text, brk="line" if main and f.at_start else ""))
        if node.comment_after is not None:
            pieces.append(_Piece(_comment(node.comment_after)))
        alts = node.siblings()
        if alts:
            f.before = g.copy()
            f.start_before = f.at_start
            f.alts = list(alts)
            continue
        events = g.play(move)
        f.at_start = any(isinstance(e, _BOUT_EVENTS) for e in events)
        f.cont = False
        f.i += 1
    return pieces, game


def _header(name: str, value: str) -> str:
    return f"[{name} {value}]"


def _json_value(value: Any, file: str) -> str:
    if jsonio.depth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise RecordingError(f"a meta value nested more than {MAX_JSON_DEPTH} deep cannot be written", file=file)
    try:
        return jsonio.encode(value)
    except ValueError as exc:
        raise RecordingError(f"a meta value cannot be written as JSON: {exc}", file=file) from None


def _seed_matches(rec: Recording, seed: object) -> bool:
    """Whether ``[Seed seed]`` reads back as ``rec``'s deal (deck and trump)."""
    d = rec.deal
    if d is None or not isinstance(seed, int) or isinstance(seed, bool):
        return False
    if not re.fullmatch(r"-?[0-9]{1,40}", str(seed)):
        return False
    cards = list(deck(rec.rules.deck_size))
    rng = random.Random(seed)
    rng.shuffle(cards)
    no_card = len(cards) <= len(rec.players) * rec.rules.hand_size
    if d.trump is None and no_card and not rec.rules.japanese:
        return False
    return tuple(cards) == d.deck


def _write_game(rec: Recording) -> str:
    names = rec.players
    file = rec.file
    tree = GameTree.from_recording(rec)
    out: list[str] = []
    # meta, in its order
    uses_seed = False
    for key, value in tree.meta.items():
        if key == "event" and isinstance(value, str):
            out.append(_header("Event", json.dumps(value, ensure_ascii=False)))
        elif (
            key == "headers"
            and isinstance(value, dict)
            and value
            and all(
                isinstance(k, str)
                and _HEADER_NAME.fullmatch(k)
                and k[0].isupper()
                and k not in STANDARD_HEADERS
                and isinstance(v, str)
                for k, v in value.items()
            )
        ):
            out.extend(_header(k, json.dumps(v, ensure_ascii=False)) for k, v in value.items())
        elif key == "seed" and _seed_matches(rec, value):
            uses_seed = True
            out.append(_header("Seed", str(value)))
        elif _META_KEY.fullmatch(key):
            out.append(_header(key, _json_value(value, file)))
        else:
            out.append(_header("Meta", f"{json.dumps(key, ensure_ascii=False)} {_json_value(value, file)}"))
    # the game
    out.append(_header("Players", " ".join(quote_name(n) for n in names)))
    rules_json = rec.rules.to_json(names)
    words = [rec.rules.preset]
    if isinstance(rules_json, dict):
        words += [f"{k}={json.dumps(v)}" for k, v in rules_json.items() if k not in ("preset", "teams")]
    out.append(_header("Rules", " ".join(words)))
    if rec.rules.teams is not None:
        out.append(_header("Teams", " | ".join(" ".join(quote_name(names[s]) for s in g) for g in rec.rules.teams)))
    if rec.result is not None:
        out.append(_header("Result", _result_text(rec.result, names, file)))
    if rec.deal is not None:
        d = rec.deal
        out.append(_header("Dealer", quote_name(names[d.dealer])))
        if not uses_seed:
            out.append(_header("Deck", " ".join(c.code for c in d.deck)))
        if d.trump is not None:
            out.append(_header("Trump", d.trump.code))
        if d.attacker is not None:
            out.append(_header("Attacker", quote_name(names[d.attacker])))
    else:
        s = rec.start
        assert s is not None
        for seat, hand in enumerate(s.hands):
            out.append(_header("Hand", f"{quote_name(names[seat])} {' '.join(c.code for c in hand) or '-'}"))
        out.append(_header("Talon", " ".join(c.code for c in s.talon) or "-"))
        out.append(_header("Trump", s.trump.code))
        if s.discard:
            used = {c for h in s.hands for c in h} | set(s.talon)
            rest = tuple(c for c in deck(rec.rules.deck_size) if c not in used)
            out.append(_header("Discard", "rest" if s.discard == rest else " ".join(c.code for c in s.discard)))
        out.append(_header("Attacker", quote_name(names[s.attacker])))
        if s.first_bito_done:
            out.append(_header("FirstBito", "yes"))
        if s.bout > MAX_BOUT:
            raise RecordingError(f"start.bout {s.bout}: the notation's bout numbers go up to {MAX_BOUT}", file=file)
        if s.bout != 1:
            out.append(_header("Bout", str(s.bout)))
    for line in out:
        if len(line) > MAX_HEADER_CHARS:
            raise RecordingError(
                f"the header {line[:30]}... would have {len(line)} characters; the limit is {MAX_HEADER_CHARS}",
                file=file,
            )
    if len(out) > MAX_HEADERS:
        raise RecordingError(f"{len(out)} headers; the limit is {MAX_HEADERS}", file=file)
    pieces, final = _write_moves(tree, names, file)
    rec.check_result(final)  # the reader checks it too (R25)
    moves = _layout(pieces)
    text = "\n".join(out) + "\n"
    if moves:
        text += "\n" + "\n".join(moves) + "\n"
    return text


def _result_text(result: dict[str, Any], names: Sequence[str], file: str) -> str:
    items = list(result.items())
    durak = result.get("durak")
    if isinstance(durak, str) and durak in names:
        if items == [("durak", durak)]:
            return f"durak {quote_name(durak)}"
        if items == [("durak", durak), ("epaulettes", True)]:
            return f"durak {quote_name(durak)} epaulettes"
    if items == [("durak", None), ("draw", True)]:
        return "draw"
    team = result.get("losing_team")
    if (
        isinstance(team, list)
        and team
        and all(isinstance(t, str) and t in names for t in team)
        and items == [("durak", None), ("losing_team", team)]
    ):
        return "losers " + " ".join(quote_name(t) for t in team)
    return _json_value(result, file)


def write(games: Recording | Sequence[Recording]) -> str:
    """The canonical notation of one game, or of a match (several games, in order).

    The writer replays every line (the bout numbers come from the engine), so an
    illegal move, in the main line or in a variation, is refused.  What it normalises
    is listed in docs/notation.md ("The canonical form").

    Raises:
        RecordingError: an illegal move (its rule id), a written result that disagrees
            with the replay (R25), a bound passed (moves, nesting depth, header size),
            or a ``meta`` value that is not JSON data.
    """
    recs = [games] if isinstance(games, Recording) else list(games)
    if not recs:
        raise RecordingError("nothing to write: no game")
    if len(recs) > MAX_GAMES:
        raise RecordingError(f"{len(recs)} games; the limit is {MAX_GAMES}")
    for rec in recs:
        for name in rec.players:
            if not name.strip() or len(name) > MAX_NAME:
                raise RecordingError(f"a player's name has 1 to {MAX_NAME} characters", file=rec.file, rule="R2")
    out = []
    for rec in recs:
        try:
            out.append(_write_game(rec))
        except SetupError as exc:
            raise RecordingError(exc.message, file=rec.file, rule=exc.rule) from exc
    text = "\n".join(out)
    bad = jsonio.lone_surrogate(text)
    if bad >= 0:  # a name or a comment: what the reader refuses is not written (defect 1)
        raise RecordingError(
            f"the text holds U+{ord(text[bad]):04X}, a lone surrogate, which is not valid Unicode text",
            file=recs[0].file,
        )
    return text


def dump(games: Recording | Sequence[Recording], path: str | Path) -> None:
    """Write :func:`write`'s text to ``path`` (UTF-8), atomically
    (:func:`~durak_nb.record.json_form.write_atomic`): an existing file is never left
    truncated when writing fails.

    Raises:
        RecordingError: as :func:`write` (an error that names no file of its own names
            ``path``), text that is not valid Unicode, or the file cannot be written.
    """
    try:
        text = write(games)
    except RecordingError as exc:
        raise _naming(exc, path) from None
    write_atomic(path, text)


def _naming(exc: RecordingError, path: str | Path) -> RecordingError:
    """``exc``, or the same error naming ``path`` when it names no file (``<string>``)."""
    if exc.file != "<string>":
        return exc
    return RecordingError(
        exc.message,
        file=str(path),
        line=exc.line,
        column=exc.column,
        move=exc.move,
        rule=exc.rule,
        state=exc.state,
        legal=exc.legal,
        branch=exc.branch,
    )
