"""The notation's lexer: tokens of the movetext and values of headers, each with its
place (docs/notation.md), and the spelling of names and moves shared by the reader and
the writer.

>>> src = Source("1. Anna 7S {lead}", "<string>")
>>> [lex(src, i).kind for i in (0, 2, 7)]
['number', 'word', 'word']
>>> lex(src, 10).value
'lead'
"""

from __future__ import annotations

import bisect
import functools
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardError
from ..engine import Action, Bito, Game, Move, Position, Redealt, Took
from ..i18n import N_, _
from ..numbering import move_number
from ..text import HIDDEN_CATEGORIES
from ..unseen import PartialGame
from . import jsonio
from .annotations import GLYPHS
from .base import MAX_JSON_DEPTH, RecordingError
from .overboard import known_state

#: The file suffix of the notation.
SUFFIX = ".durak"
#: Documented bounds (docs/notation.md): larger input is refused with a clear error.
#: MAX_BYTES, MAX_MOVES (counting every variation), MAX_DEPTH (variations nested in
#: variations), MAX_NAME, MAX_BOUT and MAX_JSON_DEPTH (a JSON header value) are the JSON
#: form's (json_form), so that both forms accept the same games.
MAX_GAMES = 1000  #: games in one file
MAX_HEADERS = 200  #: headers of one game
MAX_HEADER_CHARS = 65_536  #: characters in one header line

KEYWORDS = ("take", "pass", "show", "redeal", "up", "bito")
#: The word that ends a bout in bito, the passes before it left out (the reader fills
#: them in where the protocol allows one reading, R12).
BITO = "bito"
#: The word before a redeal's new turned-up card in a deal nobody saw (R5).
UP = "up"
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
    "TurnedUp",
    "Shown",
    "Dealt",
    "Drew",
)
DEAL_HEADERS = ("Dealer", "Seed", "Deck")
#: The headers of a deal nobody saw whole (INTERCHANGE.md "Over-the-board recordings").
PARTIAL_HEADERS = ("TurnedUp", "Shown", "Dealt", "Drew")
#: Headers given once per player (or per refill).
REPEATED_HEADERS = ("Hand", "Shown", "Dealt", "Drew")
START_HEADERS = ("Hand", "Talon", "Discard", "FirstBito", "Bout")

BARE_NAME = re.compile(r"[^\W\d_][\w'-]*")
HEADER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
META_KEY = re.compile(r"[a-z][A-Za-z0-9_]{0,63}")
_DELIMS = frozenset('{}()"[]+>/!?,.')
BOUT_EVENTS = (Took, Bito, Redealt)


# ----------------------------------------------------------------------------- names and moves


def is_card(word: str) -> bool:
    if type(word) is str:
        return _is_card_text(word)
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


@functools.lru_cache(maxsize=4096)
def _is_card_text(word: str) -> bool:
    """:func:`is_card` of a text, kept: a name is asked again for each game written or read."""
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


def looks_like_card(word: str) -> bool:
    """A word meant as a card code but mistyped (``7X``, ``1H``, ``11S``)."""
    return 2 <= len(word) <= 3 and word[0] in "123456789TJQKAtjqka" and not is_card(word)


def quote_name(name: str) -> str:
    """A player's name as written in the notation: bare when it is a word that is not
    a card code nor a keyword, else in double quotes (JSON string syntax).

    >>> quote_name("Anna"), quote_name("Vera Ivanovna"), quote_name("take"), quote_name("As")
    ('Anna', '"Vera Ivanovna"', '"take"', '"As"')
    """
    if BARE_NAME.fullmatch(name) and name not in KEYWORDS and not is_card(name):
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
        if move.deck is None and move.cards:  # a deal nobody saw: the cards claimed (R5)
            return f"{who} redeal {codes}"
        if move.deck is None:
            # TRANSLATORS: stands for the cards a player writes after "redeal" (the rest stays as written)
            return f"{who} redeal " + _("<the new deck, top card first>")
        return f"{who} redeal {' '.join(c.code for c in move.deck)}"
    return f"{who} {a.value}"


# ----------------------------------------------------------------------------- errors


def where_in_tree(k: int, branch: Sequence[tuple[int, int]]) -> str:
    """Where move ``k`` (0-based) of a line is, in words, its moves numbered as people
    count them (:func:`~durak_nb.numbering.move_number`: the first move is move 1):
    ``move 4``, ``move 2 in variation 2 of move 6`` (``branch`` as
    :attr:`RecordingError.branch`, its move indices 0-based too), in the language in
    use.  The indices themselves stay 0-based where a program reads them (the error's
    ``move`` and ``branch``, ``validate --json``: INTERCHANGE.md).

    >>> where_in_tree(1, ((5, 2),))
    'move 2 in variation 2 of move 6'
    """
    text = _("move {k}").format(k=move_number(k))
    for at, v in reversed(branch):
        # TRANSLATORS: {place} is "move 1" (or a longer place ending with a move)
        text = _("{place} in variation {variation} of move {move}").format(
            place=text, variation=v, move=move_number(at)
        )
    return text


def char_shown(ch: str) -> str:
    """One character of the user's text as an error shows it, visibly and safely:
    ``'е' (U+0435)``, or only ``U+202E`` for a control, format (bidi), surrogate or
    separator character that must never reach a terminal as it is.  ``ch`` (str): one
    character.  Raises nothing.

    >>> print(char_shown("е"), char_shown("\u202e"), char_shown("\x1b"))
    'е' (U+0435) U+202E U+001B
    """
    code = f"U+{ord(ch):04X}"
    if not ch.isprintable() or unicodedata.category(ch) in HIDDEN_CATEGORIES:
        return code
    return f"'{ch}' ({code})"


def short(text: str, most: int = 40) -> str:
    """``text`` quoted for a message, cut after ``most`` characters."""
    return repr(text if len(text) <= most else text[:most] + "…")


def legal_list(game: Game | PartialGame) -> list[str]:
    """The legal moves as the notation writes them; for a deal nobody saw, every move
    some deck order allows (:meth:`~durak_nb.unseen.PartialGame.candidates`)."""
    out: list[str] = []
    for m in game.candidates() if isinstance(game, PartialGame) else game.legal_moves():
        t = format_move(m, game.players)
        if t not in out:
            out.append(t)
    return out


_LEGAL_SHOWN = 60


def with_legal(problem: str, legal: Sequence[str]) -> str:
    """``problem`` followed by the legal moves as the notation writes them (the first
    :data:`_LEGAL_SHOWN`, then how many more), in the language in use.

    >>> with_legal("bad move", ["Anna pass"]), with_legal("bad move", [])
    ('bad move; legal moves: Anna pass', 'bad move; no move is legal here (the game is over)')
    """
    if not legal:
        return _("{problem}; no move is legal here (the game is over)").format(problem=problem)
    shown = ", ".join(legal[:_LEGAL_SHOWN])
    if len(legal) > _LEGAL_SHOWN:
        # TRANSLATORS: {moves} are moves in the notation (Anna 7S, Boris take), {more} a number
        text = _("{problem}; legal moves: {moves} and {more} more")
        return text.format(problem=problem, moves=shown, more=len(legal) - _LEGAL_SHOWN)
    # TRANSLATORS: {moves} are moves in the notation (Anna 7S, Boris take): they stay as written
    return _("{problem}; legal moves: {moves}").format(problem=problem, moves=shown)


def state_of(game: Game | PartialGame) -> Position | None:
    """The position an error carries as its ``state``: ``None`` for a deal nobody saw,
    whose hidden cards no error may show (``validate --json`` gives what is known)."""
    return None if isinstance(game, PartialGame) else game.position()


class Source:
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
        game: Game | PartialGame | None = None,
    ) -> RecordingError:
        line, col = self.lc(i)
        legal: list[str] = []
        if game is not None:
            legal = legal_list(game)
            message = with_legal(message, legal)
        return RecordingError(
            message,
            file=self.file,
            line=line,
            column=col,
            move=move,
            rule=rule,
            state=state_of(game) if game is not None and move is not None else None,
            legal=legal,
            branch=branch,
            known=known_state(game) if isinstance(game, PartialGame) and move is not None else None,
        )


# ----------------------------------------------------------------------------- tokens


@dataclass
class Token:
    kind: str  # word, quoted, comment, open, close, number, glyph, plus, gt, slash, next, eof
    value: Any
    start: int
    end: int


def lex(src: Source, i: int) -> Token:
    """The next movetext token at or after ``i``.

    Raises:
        RecordingError: an unclosed comment or quoted name, a stray character.
    """
    text = src.text
    n = len(text)
    while i < n and (text[i].isspace() or text[i] == ","):
        i += 1
    if i >= n:
        return Token("eof", None, n, n)
    c = text[i]
    if c == "{":
        return _comment(src, i)
    if c == "}":
        raise src.error(_("'}}' without '{{'").format(), i)
    if c == "(":
        return Token("open", None, i, i + 1)
    if c == ")":
        return Token("close", None, i, i + 1)
    if c == "+":
        return Token("plus", None, i, i + 1)
    if c == ">":
        return Token("gt", None, i, i + 1)
    if c == "/":
        return Token("slash", None, i, i + 1)
    if c in "!?":
        j = i
        while j < n and text[j] in "!?":
            j += 1
        g = text[i:j]
        if g not in GLYPHS:
            raise src.error(
                _("{glyph} is not a glyph: use one of {glyphs}").format(glyph=short(g), glyphs=" ".join(GLYPHS)), i
            )
        return Token("glyph", g, i, j)
    if c == '"':
        j = i + 1
        while j < n and text[j] not in '"\n':
            j += 2 if text[j] == "\\" else 1
        if j >= n or text[j] != '"':
            raise src.error(_("this quoted name is not closed on its line: a '\"' is missing"), i)
        return Token("quoted", quoted_string(src, text[i : j + 1], i, "quoted name"), i, j + 1)
    if c == "[":
        if text[src.starts[src.lc(i)[0] - 1] : i].strip() == "":
            return Token("next", None, i, i)
        raise src.error(_("'[' inside the moves: headers start a game, each on a line of its own"), i)
    if c in "].":
        raise src.error(_("unexpected {char}").format(char=repr(c)), i)
    return _word(src, i)


def _comment(src: Source, i: int) -> Token:
    """The comment ``{...}`` opening at ``i``: its text with the escapes ``\\\\`` and ``\\}`` undone."""
    text = src.text
    n = len(text)
    j = i + 1
    parts: list[str] = []
    while True:
        k = j
        while k < n and text[k] not in "}\\":
            k += 1
        if k >= n:
            raise src.error(_("this comment is not closed: a '}}' is missing").format(), i)
        parts.append(text[j:k])
        if text[k] == "}":
            return Token("comment", "".join(parts), i, k + 1)
        if k + 1 < n and text[k + 1] in "\\}":  # the escapes \\ and \}
            parts.append(text[k + 1])
            j = k + 2
        else:
            parts.append("\\")
            j = k + 1


def _word(src: Source, i: int) -> Token:
    """The word at ``i`` (a name, a card, a keyword), or a bout number ``12.`` / ``12...``."""
    text = src.text
    n = len(text)
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
            msg = _("{written}: a bout number is written '{n}.' (or '{n}...' within a bout)")
            raise src.error(msg.format(written=repr(text[i:k]), n=word), i)
        if len(word) > 12:  # the start's bout (at most MAX_BOUT) plus the bouts played
            raise src.error(_("{n}: no game has that many bouts").format(n=word), i)
        return Token("number", (int(word), dots), i, k)
    return Token("word", word, i, j)


# ----------------------------------------------------------------------------- headers


@dataclass
class Header:
    name: str
    raw: str  # the value text
    start: int  # index of '['
    value_start: int  # index of the value text


def header_tokens(src: Source, h: Header) -> list[tuple[str, int, bool]]:
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
                raise src.error(_("this quoted text is not closed: a '\"' is missing"), h.value_start + i)
            out.append((quoted_string(src, text[i : j + 1], h.value_start + i, "quoted text"), h.value_start + i, True))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in ',"':
                j += 1
            if j < n and text[j] == '"':
                raise src.error(_("a quote inside a word: put spaces around quoted text"), h.value_start + j)
            out.append((text[i:j], h.value_start + i, False))
            i = j


def header_json(src: Source, text: str, at: int, what: str) -> Any:
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
            msg = _("{what}: a JSON value nested more than {depth} deep").format(what=what, depth=MAX_JSON_DEPTH)
            raise src.error(msg, at) from None
        # TRANSLATORS: {what} is a header as written (Result, meta 'note'); {problem} says what is wrong
        msg = _("{what}: bad JSON value: {problem}").format(what=what, problem=exc.message)
        raise src.error(msg, at + exc.index) from None


_BAD_QUOTED = {"quoted name": N_("bad quoted name: {problem}"), "quoted text": N_("bad quoted text: {problem}")}


def quoted_string(src: Source, text: str, at: int, what: str) -> str:
    """The quoted string ``text`` (JSON string syntax) found at index ``at`` of the file;
    ``what`` is ``'quoted name'`` (in the moves) or ``'quoted text'`` (in a header).

    Raises:
        RecordingError: bad JSON string syntax or a lone surrogate (not Unicode text).
    """
    try:
        value = jsonio.decode(text)
    except jsonio.JSONProblem as exc:
        said = _BAD_QUOTED.get(what, _BAD_QUOTED["quoted text"])
        raise src.error(_(said).format(problem=exc.message), at + exc.index) from None
    assert isinstance(value, str)
    return value
