"""The notation's reader (docs/notation.md): text in, :class:`Reading` out.

The reader walks the tokens of :mod:`~durak_nb.record.lexer` once, checks every token
and every move (the engine decides legality) and reports what it reads to a
:class:`Visitor`, as python-chess's PGN reader does; the default visitor,
:class:`GameBuilder`, builds the game tree of :mod:`~durak_nb.record.tree`.  Headers are
read one check per header.  Nothing recurses on the nesting depth.

>>> class Count(GameBuilder):
...     moves = 0
...     def visit_move(self, parent, move, comment_before):
...         Count.moves += 1
...         return super().visit_move(parent, move, comment_before)
>>> text = "[Players Anna Boris]\\n[Seed 1]\\n\\n1. Boris 8D (1. Boris JD) Anna AD/8D"
>>> [len(g.moves) for g in parse(text, visitor=Count).games], Count.moves
([2], 3)
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardError, Suit, deck
from ..engine import Action, Bito, Event, Game, Move, SetupError, Took
from ..errors import DurakError
from ..i18n import N_, _, ngettext
from ..implied import passes_to_end
from ..rules import OPTION_NAMES, PRESETS, Rules, RulesError
from ..unseen import PartialDeal, PartialGame, SeenDraw
from . import jsonio
from .json_form import (
    MAX_BOUT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    Deal,
    Recording,
    RecordingError,
    RecordingWarning,
    Start,
    read_text,
)
from .lexer import (
    BARE_NAME,
    BITO,
    BOUT_EVENTS,
    DEAL_HEADERS,
    HEADER_NAME,
    KEYWORDS,
    MAX_GAMES,
    MAX_HEADER_CHARS,
    MAX_HEADERS,
    PARTIAL_HEADERS,
    REPEATED_HEADERS,
    STANDARD_HEADERS,
    START_HEADERS,
    UP,
    Header,
    Source,
    Token,
    char_shown,
    format_move,
    header_json,
    header_tokens,
    is_card,
    lex,
    looks_like_card,
    quote_name,
    short,
    state_of,
    where_in_tree,
)
from .overboard import FactProblem, deal_problem, first_game, known_state, side_line_start, taking
from .tree import ANNOTATION_KEYS, GameNode, GameTree
from .writer import check_lines

# ----------------------------------------------------------------------------- reading

#: A word meant as a card code but mistyped (``7X``): the codes are the notation's, in
#: every language (R1).
_NOT_A_CARD = N_("{word} is not a card: a rank 2-9, T (or 10), J, Q, K, A, then a suit S, H, D, C (or ♠ ♥ ♦ ♣)")


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


class Visitor:
    """What the reader reports as it reads one game, in reading order, as python-chess's
    ``pgn.BaseVisitor`` does: the reader checks every token and every move (the engine
    decides legality, R1-R27), the visitor only builds.  :class:`GameBuilder`, the
    default, builds the game tree (:mod:`~durak_nb.record.tree`) and its recording.

    Handles are whatever the visitor returns for a move (hashable), handed back for the
    annotations of that move and as the parent of the moves after it; :attr:`root` is
    the handle before the first move.
    """

    root: object = None

    def begin_game(self, rec: Recording) -> None:
        """A game begins: ``rec`` holds its headers (rules, players, deal or start,
        result, the headers' ``meta``), no moves yet.  For a deal nobody saw,
        ``rec.deal`` is replaced as the moves are read (refills join as their bouts end,
        a redeal's turned-up card at the redeal): the same ``rec`` holds the whole deal
        by :meth:`end_game`."""

    def visit_move(self, parent: object, move: Move, comment_before: str | None) -> object:
        """A legal move after ``parent`` (the first one after a handle is its main
        continuation, every later one a variation replacing it); returns its handle.
        The passes the reader fills in (``bito``, a new bout's number: R12) come here
        like written moves, without comments."""
        return None

    def visit_comment_after(self, handle: object, text: str) -> None:
        """The comment after the move of ``handle``."""

    def visit_glyph(self, handle: object, glyph: str) -> None:
        """The glyph of the move of ``handle`` (one of :data:`~durak_nb.record.tree.GLYPHS`)."""

    def visit_game_comment(self, text: str) -> None:
        """The comment of a game without moves."""

    def has(self, key: str) -> bool:
        """Whether the moves gave the annotation ``key`` (``'comments'``, ``'glyphs'`` ...)."""
        return False

    def end_game(self, meta: dict[str, Any]) -> Recording:
        """The game read: ``meta`` holds the headers' members; returns the recording."""
        raise NotImplementedError


class GameBuilder(Visitor):
    """The default :class:`Visitor`: builds a :class:`~durak_nb.record.tree.GameTree`
    and returns its recording (main line in ``moves``, annotations in ``meta``)."""

    def __init__(self) -> None:
        self.root: GameNode = GameNode()
        self.rec: Recording | None = None
        self.cut_at: int | None = None  # lenient reading: keep the main line's moves before this one

    def begin_game(self, rec: Recording) -> None:
        self.root = GameNode()
        self.rec = rec

    def visit_move(self, parent: object, move: Move, comment_before: str | None) -> GameNode:
        assert isinstance(parent, GameNode)
        return parent.add_variation(move, comment_before=comment_before)

    def visit_comment_after(self, handle: object, text: str) -> None:
        assert isinstance(handle, GameNode)
        handle.comment_after = text

    def visit_glyph(self, handle: object, glyph: str) -> None:
        assert isinstance(handle, GameNode)
        handle.glyph = glyph

    def visit_game_comment(self, text: str) -> None:
        self.root.comment_before = text

    def has(self, key: str) -> bool:
        stack = [self.root]
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

    def end_game(self, meta: dict[str, Any]) -> Recording:
        assert self.rec is not None
        return GameTree(self.rec, self.root, meta).to_recording()


def _cards_missing(start: Start, rules: Rules) -> bool:
    """Whether the cards of a set-up position are cards of the deck, each once, but not
    all of them (R1): what ``[Discard rest]`` mends."""
    cards = [c for hand in start.hands for c in hand] + [*start.talon, *start.discard]
    return len(set(cards)) == len(cards) and set(cards) < set(deck(rules.deck_size))


#: How an error names a header of a deal nobody saw that is missing.
_MISSING = {"TurnedUp": "[TurnedUp card]", "Trump": "[Trump X]", "Attacker": "[Attacker name]"}


@dataclass
class _Partial:
    """What the reader knows of a deal nobody saw while it reads one game: the facts so
    far (refills join as their bouts end), and the places of their headers."""

    first: int  # the place of the deal's first header
    deal: PartialDeal = field(default_factory=lambda: PartialDeal(dealer=0))
    headers: dict[str, Header] = field(default_factory=dict)  # TurnedUp, Trump, Attacker, Dealer
    shown: dict[int, Header] = field(default_factory=dict)  # by seat
    dealt: dict[int, Header] = field(default_factory=dict)  # by seat
    drew: list[tuple[int, int, tuple[Card, ...], Header]] = field(default_factory=list)  # bout, seat, cards
    resolved: int = 0  # how many of ``drew`` are facts (their bout has ended)
    move_starts: list[int] = field(default_factory=list)  # the index of each main-line move in the text


@dataclass
class _Line:
    """A line of play being read: the main line or a variation."""

    game: Game | PartialGame
    start_game: Game | PartialGame  # a copy of the game before the line's first move (never played on)
    branch_node: object  # the handle after which this line's first move goes
    at_start: bool  # the next move begins a bout
    branch: tuple[tuple[int, int], ...] = ()
    owner_branch: tuple[tuple[int, int], ...] = ()
    owner_index: int = 0
    open_at: int = 0
    nodes: list[object] = field(default_factory=list)  # the visitor's handles of the moves
    parents: list[object] = field(default_factory=list)  # the handle before each move
    has_after: bool = False  # the last move has its comment after
    moves: list[Move] = field(default_factory=list)
    starts: list[bool] = field(default_factory=list)
    base: Game | PartialGame | None = None  # a checkpoint: the game after ``base_index`` moves
    base_index: int = 0
    pending: tuple[str, int] | None = None  # a comment waiting for the next move
    after_ok: bool = False  # the next comment is the last move's comment after
    glyph_ok: bool = False
    number: tuple[int, int, int] | None = None  # (bout, dots, index) read before the next move
    bito_ended: bool = False  # the last move ended the bout in bito
    implied_last: bool = False  # the last move is a pass the reader filled in (R12)

    def game_before(self, j: int) -> Game | PartialGame:
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
    def __init__(self, text: str, file: str, strict: bool, visitor: Callable[[], Visitor] = GameBuilder) -> None:
        self.visitor_of = visitor
        self.visitor: Visitor = GameBuilder()
        self.children: dict[object, int] = {}  # moves after each handle, to number variations
        self.src = Source(text, file)
        self.strict = strict
        self.reading = Reading()
        self.partial: _Partial | None = None  # the game's deal nobody saw whole
        self._multi: dict[str, list[Header]] = {}
        self.move_places: list[tuple[int, int]] = []  # (line, column) of each main-line move
        self.up: tuple[Card, int] | None = None  # a redeal's new turned-up card and its place
        self.rec: Recording | None = None
        self.cut_at: int | None = None  # lenient reading: keep the main line's moves before this one
        self.warnings: list[RecordingWarning] = []  # the doubts about the game being read (_header_doubt)
        self.option_at: dict[str, int] = {}  # where each option of [Rules ...] stands (_options)

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
                    raise self.src.error(_("more than {most} games in one file").format(most=MAX_GAMES), i)
                i = self._game(i, len(games) + 1)
            if not games:
                raise self.src.error(_("no game here: a game begins with its headers, e.g. [Players Anna Boris]"), i)
        except RecordingError as exc:
            exc.warnings = tuple(self.warnings)  # the game's doubts, said beside its error
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
        headers: list[Header] = []
        self.warnings = []  # this game's doubts
        try:
            i = self._header_lines(i, headers)
        except RecordingError:  # the doubts about the headers read before it are said beside the error
            for h in headers:
                if _own_header(h.name):
                    self._header_doubt(h)
            raise
        if not headers:
            raise src.error(_("a game begins with its headers, e.g. [Players Anna Boris]"), i)
        rec, meta, places, game_no = self._setup(headers, number)
        return self._moves(i, rec, meta, places, game_no)

    def _header_lines(self, i: int, headers: list[Header]) -> int:
        """Read the header lines from ``i`` into ``headers``; the index after them.
        Raises :class:`RecordingError` at a line that is no header."""
        src = self.src
        text = src.text
        while i < len(text) and text[i] == "[":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            if end - i > MAX_HEADER_CHARS:
                msg = _("this header has {count} characters; the limit is {most}")
                raise src.error(msg.format(count=end - i, most=MAX_HEADER_CHARS), i)
            if len(headers) >= MAX_HEADERS:
                raise src.error(_("more than {most} headers in one game").format(most=MAX_HEADERS), i)
            headers.append(self._header_line(i, end))
            i = end + 1 if end < len(text) else end
            # headers stand on consecutive lines; spaces before the next one are allowed
            j = i
            while j < len(text) and text[j] in " \t\r":
                j += 1
            if j < len(text) and text[j] == "[":
                i = j
        return i

    def _header_line(self, i: int, end: int) -> Header:
        src = self.src
        line = src.text[i:end].rstrip()
        if not line.endswith("]") or len(line) < 3:
            raise src.error(_("a header is written [Name value] on a line of its own, ending with ']'"), i)
        m = HEADER_NAME.match(line, 1)
        stop = m.end() if m is not None else 1  # the first character that is not the name's
        if m is not None and re.match(r"[A-Za-z0-9_]", line[stop]):
            msg = _("a header name has at most {most} characters").format(most=len(m.group(0)))
            raise src.error(msg, i + stop)
        if m is None or (stop < len(line) - 1 and not line[stop].isspace() and line[stop] not in '"[{('):
            # the name holds a character that is not a Latin letter or digit (Игроки, a Cyrillic е, U+202E)
            # TRANSLATORS: {char} is the character as shown, e.g. 'е' (U+0435) or U+202E; A-Z, a-z, 0-9 and _ kept
            msg = _(
                "{char} cannot be in a header name: a header name is Latin letters and digits "
                "(A-Z, a-z, 0-9 and _, beginning with a letter), e.g. [Players Anna Boris]"
            )
            raise src.error(msg.format(char=char_shown(line[stop])), i + stop)
        name = m.group(0)
        rest = line[m.end() : -1]
        if rest and not rest[0].isspace():
            msg = _("a space goes between the header name {name} and its value").format(name=repr(name))
            raise src.error(msg, i + m.end())
        value = rest.strip()
        if not value:
            raise src.error(_("the header {name} has no value").format(name=name), i)
        lead = len(rest) - len(rest.lstrip())
        return Header(name, value, i, i + m.end() + lead)

    def _setup(self, headers: list[Header], number: int) -> tuple[Recording, dict[str, Any], dict[str, int], int]:
        """Rules, players, deal or start, result and meta from the headers: one check
        per header (``_players``, ``_rules``, ``_deal``, ``_start``, ``_result``, ...)."""
        src = self.src
        seen, multi, meta, meta_at = self._sort_headers(headers)
        self._multi = multi
        self.cut_at = None
        hands = multi["Hand"]
        names = self._players(seen, headers, number)
        rules = self._rules(seen, names)
        is_deal = self._is_deal(seen, multi, headers, number)
        trump = self._suit(seen["Trump"]) if "Trump" in seen else None
        attacker = self._one_player(seen, "Attacker", names, "R4")
        places: dict[str, int] = {"players": seen["Players"].start}
        deal: Deal | PartialDeal | None = None
        start: Start | None = None
        self.partial = None
        if is_deal and "Seed" not in seen and "Deck" not in seen:  # a deal nobody saw whole
            self.partial = self._partial_deal(seen, multi, headers, names, rules, trump, attacker, number)
            deal = self.partial.deal
            places["deal"] = self.partial.first
        elif is_deal:
            deal = self._deal(seen, names, rules, trump, attacker, meta, number)
            places["deal"] = (seen.get("Deck") or seen["Seed"]).start
        else:
            start = self._start(seen, hands, headers, names, rules, trump, attacker)
            places["deal"] = (hands[0] if hands else seen.get("Talon") or headers[0]).start
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
            if exc.rule == "R1" and start is not None and "Discard" not in seen and _cards_missing(start, rules):
                msg = _("{problem} (write [Discard rest] to put every card not named into the discard)").format(
                    problem=msg
                )
            raise src.error(msg, places["deal"], rule=exc.rule) from exc
        places.update({f"meta:{k}": v for k, v in meta_at.items()})
        return rec, meta, places, number

    def _sort_headers(
        self, headers: list[Header]
    ) -> tuple[dict[str, Header], dict[str, list[Header]], dict[str, Any], dict[str, int]]:
        """The standard headers by name, the headers given once per player or refill
        (``Hand``, ``Shown``, ``Dealt``, ``Drew``) in file order, and ``meta`` (with the
        place of each member) from the others; a header given twice is refused."""
        src = self.src
        seen: dict[str, Header] = {}
        multi: dict[str, list[Header]] = {name: [] for name in REPEATED_HEADERS}
        meta: dict[str, Any] = {}
        meta_at: dict[str, int] = {}
        free = False  # meta["headers"] holds headers of their own
        for h in headers:
            if h.name in multi:
                multi[h.name].append(h)
                continue
            if h.name in seen and h.name != "Meta" and (h.name in STANDARD_HEADERS or h.name[0].isupper()):
                raise src.error(_("the header {name} is given twice").format(name=h.name), h.start)
            seen[h.name] = h
            if h.name in STANDARD_HEADERS and h.name not in ("Event", "Seed", "Meta"):
                continue
            if _own_header(h.name):  # a header of its own: meta["headers"]
                if "headers" in meta and not free:
                    raise src.error(_("meta {key} is given twice").format(key=repr("headers")), h.start)
                free = True
                self._header_doubt(h)
                meta.setdefault("headers", {})[h.name] = self._text_value(h)
                meta_at.setdefault("headers", h.start)
                continue
            key, value = self._meta_member(h)
            if key in meta:
                raise src.error(_("meta {key} is given twice").format(key=repr(key)), h.start)
            meta[key] = value
            meta_at[key] = h.start
        return seen, multi, meta, meta_at

    def _header_doubt(self, h: Header) -> None:
        """A header of its own (kept in ``meta["headers"]``, as PGN keeps unknown tags)
        whose name is close to a standard one (:func:`close_header`): a
        :class:`RecordingWarning` at its name, "did you mean Rules?"."""
        near = close_header(h.name)
        if near is None:
            return
        line, column = self.src.lc(h.start + 1)
        # TRANSLATORS: {name} is the header as written (Rulez), {near} the standard one (Rules); kept as they are
        words = _("unknown header {name} (kept in meta.headers): did you mean {near}?")
        self.warnings.append(
            RecordingWarning(words.format(name=h.name, near=near), file=self.src.file, line=line, column=column)
        )

    def _meta_member(self, h: Header) -> tuple[str, Any]:
        """The ``meta`` member of an ``Event``, ``Seed``, ``Meta`` or lower-case header."""
        if h.name == "Event":
            return "event", self._text_value(h)
        if h.name == "Seed":
            return "seed", self._whole(h, "Seed", lowest=None)
        if h.name == "Meta":
            key, rest_at = self._meta_key(h)
            return key, header_json(self.src, h.raw[rest_at:], h.value_start + rest_at, f"meta {key!r}")
        return h.name, header_json(self.src, h.raw, h.value_start, f"meta {h.name!r}")

    def _players(self, seen: dict[str, Header], headers: list[Header], number: int) -> list[str]:
        """``[Players ...]``: at least two names, each once (R2)."""
        src = self.src
        if "Players" not in seen:
            if number > 1 or headers[0].start > 0:
                msg = _("game {number} has no [Players ...] header (a blank line ends a game's headers)")
            else:
                msg = _("game {number} has no [Players ...] header")
            raise src.error(msg.format(number=number), headers[0].start)
        ph = seen["Players"]
        names = [self._name(tok, at, quoted) for tok, at, quoted in header_tokens(src, ph)]
        if len(names) < 2:
            raise src.error(_("[Players ...] names at least two players, in seat order"), ph.value_start, rule="R2")
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise src.error(_("the player {name} is named twice").format(name=repr(dup)), ph.value_start, rule="R2")
        return names

    def _seat(self, tok: str, at: int, quoted: bool, names: list[str], rule: str) -> int:
        """The seat of the player named by a header token."""
        name = self._name(tok, at, quoted)
        if name not in names:
            msg = _("{name} is not a player: the players are {players}").format(
                name=short(name), players=", ".join(names)
            )
            raise self.src.error(msg, at, rule=rule)
        return names.index(name)

    def _one_player(self, seen: dict[str, Header], header: str, names: list[str], rule: str) -> int | None:
        """The seat named by ``[Attacker name]`` or ``[Dealer name]``, if given."""
        if header not in seen:
            return None
        toks = header_tokens(self.src, seen[header])
        if len(toks) != 1:
            msg = _("[{header} name]: one player").format(header=header)
            raise self.src.error(msg, seen[header].value_start, rule=rule)
        return self._seat(*toks[0], names, rule)

    def _options(self, rh: Header) -> tuple[str, dict[str, Any]]:
        """``[Rules preset option=value ...]``: the preset and the options (the place of
        each option's token in :attr:`option_at`, for an error about its value)."""
        self.option_at = {}
        return self._read_options(rh)

    def _read_options(self, rh: Header) -> tuple[str, dict[str, Any]]:
        """``[Rules preset option=value ...]``: the preset and the options."""
        src = self.src
        toks = header_tokens(src, rh)
        if not toks or "=" in toks[0][0]:
            msg = _("[Rules preset option=value ...]: the preset first ({presets})").format(presets=", ".join(PRESETS))
            raise src.error(msg, rh.start)
        preset = toks[0][0]
        if preset not in PRESETS:
            msg = _("unknown preset {preset}: use one of {presets}").format(
                preset=short(preset), presets=", ".join(PRESETS)
            )
            raise src.error(msg, toks[0][1])
        options: dict[str, Any] = {}
        for tok, at, _q in toks[1:]:
            if "=" not in tok:
                raise src.error(
                    _("{word}: write an option as name=value, e.g. first_bout_limit=6").format(word=short(tok)), at
                )
            oname, raw = tok.split("=", 1)
            if oname == "teams":
                raise src.error(_("write the teams in a [Teams ...] header, e.g. [Teams Anna Vera | Boris Gleb]"), at)
            if oname not in OPTION_NAMES:
                msg = _("unknown option {option}: the options are {options}")
                raise src.error(msg.format(option=short(oname), options=", ".join(OPTION_NAMES)), at)
            if oname in options:
                raise src.error(_("the option {option} is given twice").format(option=oname), at)
            self.option_at[oname] = at
            try:
                options[oname] = jsonio.decode(raw, max_depth=1)
            except jsonio.JSONProblem as exc:
                msg = _("option {option}: {value} is not a value (a number, true or false)")
                raise src.error(msg.format(option=oname, value=short(raw)), at) from exc
        return preset, options

    def _rules(self, seen: dict[str, Header], names: list[str]) -> Rules:
        """``[Rules ...]`` and ``[Teams ...]`` (R22), checked against the players (R2)."""
        rh = seen.get("Rules")
        preset, options = self._options(rh) if rh is not None else ("podkidnoy", {})
        th = seen.get("Teams")
        if th is not None:
            groups: list[list[int]] = [[]]
            for tok, at, quoted in header_tokens(self.src, th):
                if tok == "|" and not quoted:
                    groups.append([])
                else:
                    groups[-1].append(self._seat(tok, at, quoted, names, "R22"))
            options["teams"] = groups
        try:
            rules = Rules.make(preset, **options)
            rules.check_players(len(names))
        except RulesError as exc:
            at = (th if th is not None and exc.rule == "R22" else rh or seen["Players"]).start
            if rh is not None and exc.option in self.option_at:  # a value out of range: at its option
                at = self.option_at[exc.option]
            raise self.src.error(exc.message, at, rule=exc.rule) from exc
        return rules

    def _is_deal(
        self, seen: dict[str, Header], multi: dict[str, list[Header]], headers: list[Header], number: int
    ) -> bool:
        """Whether the game is dealt (``Seed``/``Deck``, or a deal nobody saw whole:
        ``TurnedUp``, ``Shown``, ``Dealt``, ``Drew``) rather than set up (``Hand``...):
        exactly one of the two."""
        src = self.src
        dealt = [seen[n] for n in DEAL_HEADERS + PARTIAL_HEADERS if n in seen]
        dealt += [h for n in PARTIAL_HEADERS for h in multi.get(n, [])]
        is_deal = bool(dealt)
        is_start = bool(multi["Hand"]) or any(n in seen for n in START_HEADERS)
        if is_deal and is_start:
            at = min(h.start for h in dealt)
            raise src.error(
                _(
                    "a game has either a deal ([Seed n] or [Deck ...]) or a set-up position ([Hand ...], [Talon ...]),"
                    " not both"
                ),
                at,
            )
        if not is_deal and not is_start:
            raise src.error(
                _(
                    "game {number} has no deal: give [Seed n] or [Deck ...] (a deal), or [Hand name cards] for "
                    "each player with [Talon ...], [Trump X], [Attacker name] (a set-up position), or [Dealer name]"
                    " and [TurnedUp card] with the cards seen (a game played over the board)"
                ).format(number=number),
                headers[0].start,
            )
        return is_deal

    def _deal(
        self,
        seen: dict[str, Header],
        names: list[str],
        rules: Rules,
        trump: Suit | None,
        attacker: int | None,
        meta: dict[str, Any],
        number: int,
    ) -> Deal:
        """``[Dealer]``, ``[Seed]`` or ``[Deck]``, ``[Trump]``, ``[Attacker]`` (R3, R4)."""
        src = self.src
        for bad in START_HEADERS:
            if bad in seen:
                raise src.error(
                    _("[{header} ...] belongs to a set-up position, not to a deal").format(header=bad), seen[bad].start
                )
        for bad in PARTIAL_HEADERS:
            given = [seen[bad]] if bad in seen else self._multi.get(bad, [])
            if given:
                raise src.error(
                    _(
                        "[{header} ...] belongs to a game played over the board, whose deal nobody saw: leave out"
                        " [Seed n] and [Deck ...]"
                    ).format(header=bad),
                    given[0].start,
                )
        dealer = self._one_player(seen, "Dealer", names, "R3")
        dealer, attacker = self._match_rule(number, names, dealer, attacker, seen)
        if dealer is None:
            dealer = len(names) - 1
        if "Seed" in seen and "Deck" in seen:
            raise src.error(_("a deal is given by [Seed n] or by [Deck ...], not both"), seen["Deck"].start)
        where = seen.get("Deck") or seen.get("Seed")
        if where is None:
            raise src.error(
                _("a deal needs the cards: [Seed n] (a shuffle) or [Deck ...] (top card first)"),
                seen["Dealer"].start,
                rule="R3",
            )
        no_card_room = len(names) * rules.hand_size
        if "Seed" in seen:
            cards = list(deck(rules.deck_size))
            rng = random.Random(meta["seed"])
            rng.shuffle(cards)
            if trump is None and len(cards) <= no_card_room and not rules.japanese:
                trump = Suit(rng.randrange(4))  # R3, as Game.deal(seed=...) chooses it
            order = tuple(cards)
        else:
            order = tuple(self._cards(seen["Deck"], rules))
            if trump is None and len(order) <= no_card_room and not rules.japanese:
                raise src.error(
                    _("no card is left to turn up after the deal: name the trump suit with [Trump X]"),
                    where.start,
                    rule="R3",
                )
        return Deal(dealer=dealer, deck=order, trump=trump, attacker=attacker)

    def _partial_deal(
        self,
        seen: dict[str, Header],
        multi: dict[str, list[Header]],
        headers: list[Header],
        names: list[str],
        rules: Rules,
        trump: Suit | None,
        attacker: int | None,
        number: int,
    ) -> _Partial:
        """A deal nobody saw whole (docs/notation.md, "Games played over the board"):
        ``[Dealer]``, ``[TurnedUp]`` or ``[Trump]``, ``[Attacker]``, ``[Shown]`` and
        ``[Dealt]`` per player, ``[Drew]`` per refill.  The refills name bouts, so they
        become facts (:class:`~durak_nb.unseen.SeenDraw`) as the moves reach the end of
        each bout; the other facts are checked here (R1, R3, R4, R8)."""
        src = self.src
        for bad in START_HEADERS:
            if bad in seen:  # pragma: no cover - refused by _is_deal first
                raise src.error(
                    _("[{header} ...] belongs to a set-up position, not to a deal").format(header=bad), seen[bad].start
                )
        dealer = self._one_player(seen, "Dealer", names, "R3")
        dealer, attacker = self._match_rule(number, names, dealer, attacker, seen)
        firsts = [seen[n] for n in ("Dealer", "TurnedUp", "Trump", "Attacker") if n in seen]
        firsts += [h for n in ("Shown", "Dealt", "Drew") for h in multi[n]]
        state = _Partial(first=min((h.start for h in firsts), default=headers[0].start))
        state.headers = {n: seen[n] for n in ("TurnedUp", "Trump", "Attacker", "Dealer") if n in seen}
        turned_up = None
        if "TurnedUp" in seen:
            cards = self._cards(seen["TurnedUp"], rules)
            if len(cards) != 1:
                raise src.error(
                    _("[TurnedUp card]: the one card turned up under the talon"),
                    seen["TurnedUp"].value_start,
                    rule="R3",
                )
            turned_up = cards[0]
        shown = self._per_player(multi["Shown"], names, rules, state.shown, "Shown", "R4")
        dealt = self._per_player(multi["Dealt"], names, rules, state.dealt, "Dealt", "R3")
        last_bout = 0
        for h in multi["Drew"]:
            toks = header_tokens(src, h)
            if len(toks) < 3 or toks[0][2] or not re.fullmatch(r"[1-9][0-9]{0,11}", toks[0][0]):
                raise src.error(
                    _("[Drew BOUT name cards]: the bout after which the player drew, the player, the cards drawn"),
                    h.value_start,
                    rule="R16",
                )
            bout = int(toks[0][0])
            if bout < last_bout:
                raise src.error(
                    _(
                        "[Drew {bout} …] comes after a refill of bout {last}: list the refills in the order of the game"
                    ).format(bout=bout, last=last_bout),
                    h.start,
                    rule="R16",
                )
            last_bout = bout
            seat = self._seat(*toks[1], names, "R16")
            cards = self._cards(h, rules, skip=2)
            state.drew.append((bout, seat, tuple(sorted(cards)), h))
        state.deal = PartialDeal(
            dealer=len(names) - 1 if dealer is None else dealer,
            turned_up=turned_up,
            trump=trump,
            attacker=attacker,
            shown=shown,
            hands=dealt,
        )
        self._check_facts(state, names, rules, [])
        return state

    def _per_player(
        self,
        given: list[Header],
        names: list[str],
        rules: Rules,
        where: dict[int, Header],
        header: str,
        rule: str,
    ) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """``[Shown name cards]`` or ``[Dealt name cards]``, once per player, by seat."""
        out = []
        for h in given:
            toks = header_tokens(self.src, h)
            if len(toks) < 2:
                msg = _("[{header} name cards]: the player, then the cards").format(header=header)
                raise self.src.error(msg, h.value_start, rule=rule)
            seat = self._seat(*toks[0], names, rule)
            if seat in where:
                msg = _("[{header} {name} …] is given twice").format(header=header, name=quote_name(names[seat]))
                raise self.src.error(msg, h.start, rule=rule)
            where[seat] = h
            out.append((seat, tuple(self._cards(h, rules, skip=1))))
        return tuple(sorted(out, key=lambda pair: pair[0]))

    def _check_facts(self, state: _Partial, names: list[str], rules: Rules, moves: list[Move]) -> None:
        """The facts of the deal against each other and the moves
        (:func:`~durak_nb.record.overboard.deal_problem`), an error at the header (or
        move) at fault, naming it."""
        problem = deal_problem(rules, names, state.deal, moves)
        if problem is None:
            return
        member = problem.member
        head = member[0]
        fallback = state.first
        move: int | None = None
        if head == "moves":
            move = int(member[1])
            k = int(member[1])
            at = state.move_starts[k] if k < len(state.move_starts) else fallback
            label = f"{where_in_tree(k, ())} ({format_move(moves[k], names)})"
        elif head in ("shown", "hands"):
            h = (state.shown if head == "shown" else state.dealt)[int(member[1])]
            at = h.start
            label = f"[{'Shown' if head == 'shown' else 'Dealt'} {quote_name(names[int(member[1])])} …]"
        elif head == "draws":
            bout, seat, _cards, h = state.drew[int(member[1])]
            at = h.start
            label = f"[Drew {bout} {quote_name(names[seat])} …]"
        else:
            header = {"turned_up": "TurnedUp", "trump": "Trump", "attacker": "Attacker"}[str(head)]
            found = state.headers.get(header)
            at = found.start if found is not None else fallback
            label = f"[{header} …]" if found is not None else _MISSING[header]
            if header == "TurnedUp" and not (state.shown or state.dealt or state.drew):
                problem = FactProblem(
                    problem.member,
                    _("{problem} (or give the whole deal: [Seed n] or [Deck ...])").format(problem=problem.message),
                    problem.rule,
                )
        raise self.src.error(f"{label}: {problem.message}", at, rule=problem.rule, move=move)

    def _start(
        self,
        seen: dict[str, Header],
        hands: list[Header],
        headers: list[Header],
        names: list[str],
        rules: Rules,
        trump: Suit | None,
        attacker: int | None,
    ) -> Start:
        """``[Hand]`` for each player, ``[Talon]``, ``[Trump]``, ``[Discard]``,
        ``[Attacker]``, ``[FirstBito]``, ``[Bout]`` (R1, R3, R4, R13c, R19)."""
        src = self.src
        for bad in DEAL_HEADERS:
            if bad in seen:
                msg = _("[{header} ...] belongs to a deal, not to a set-up position").format(header=bad)
                raise src.error(msg, seen[bad].start)
        if trump is None:
            raise src.error(_("a set-up position names the trump suit: [Trump X]"), headers[0].start, rule="R3")
        if attacker is None:
            raise src.error(_("a set-up position names who leads: [Attacker name]"), headers[0].start, rule="R4")
        held: list[tuple[Card, ...] | None] = [None] * len(names)
        for h in hands:
            toks = header_tokens(src, h)
            if not toks:
                raise src.error(_("[Hand name cards]: the player, then the cards (or -)"), h.value_start)
            s = self._seat(*toks[0], names, "R2")
            if held[s] is not None:
                raise src.error(_("{name}'s hand is given twice").format(name=names[s]), h.start)
            held[s] = tuple(self._cards(h, rules, skip=1))
        hands_t = tuple(h if h is not None else () for h in held)
        talon = tuple(self._cards(seen["Talon"], rules)) if "Talon" in seen else ()
        return Start(
            hands=hands_t,
            talon=talon,
            trump=trump,
            attacker=attacker,
            discard=self._discard(seen.get("Discard"), rules, hands_t, talon),
            first_bito_done=self._first_bito(seen.get("FirstBito")),
            bout=self._bout(seen.get("Bout")),
        )

    def _discard(
        self, dh: Header | None, rules: Rules, hands: tuple[tuple[Card, ...], ...], talon: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """``[Discard cards]``, or ``[Discard rest]``: every card in no hand and not in the talon."""
        if dh is None:
            return ()
        if dh.raw.strip() == "rest":
            used = {c for h in hands for c in h} | set(talon)
            return tuple(c for c in deck(rules.deck_size) if c not in used)
        return tuple(self._cards(dh, rules))

    def _first_bito(self, fb: Header | None) -> bool:
        """``[FirstBito yes]`` or ``[FirstBito no]`` (R13c)."""
        if fb is None:
            return False
        word = fb.raw.strip().lower()
        if word not in ("yes", "no", "true", "false"):
            raise self.src.error(_("[FirstBito yes] or [FirstBito no]"), fb.value_start, rule="R13c")
        return word in ("yes", "true")

    def _bout(self, bh: Header | None) -> int:
        """``[Bout n]``: 1 to :data:`MAX_BOUT` (R19)."""
        if bh is None:
            return 1
        bout = self._whole(bh, "Bout", lowest=1)
        if bout > MAX_BOUT:
            raise self.src.error(_("[Bout n]: at most {most}").format(most=MAX_BOUT), bh.value_start, rule="R19")
        return bout

    def _match_rule(
        self,
        number: int,
        names: list[str],
        dealer: int | None,
        attacker: int | None,
        seen: dict[str, Header],
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
                    _(
                        "game {before}'s durak, {durak}, does not play game {number}: name [Dealer ...] and"
                        " [Attacker ...]"
                    ).format(before=number - 1, durak=durak, number=number),
                    seen["Players"].start,
                    rule="R4",
                )
            return dealer, attacker
        d = names.index(durak)
        left = (d + 1) % len(names)
        if dealer is not None and dealer != d:
            raise src.error(
                _("in a match the durak of the game before deals: {durak}, not {dealer}").format(
                    durak=durak, dealer=names[dealer]
                ),
                seen["Dealer"].value_start,
                rule="R4",
            )
        if attacker is not None and attacker != left:
            raise src.error(
                _(
                    "in a match the player to the left of the durak ({durak}) attacks first: {left}, not {attacker}"
                ).format(durak=durak, left=names[left], attacker=names[attacker]),
                seen["Attacker"].value_start,
                rule="R4",
            )
        return d, left

    # ------------------------------------------------------------------ header values

    def _meta_key(self, h: Header) -> tuple[str, int]:
        """The quoted key of ``[Meta "key" value]`` and the index of the value after it."""
        if not h.raw.startswith('"'):
            raise self.src.error(_('[Meta "key" value]: the key in quotes, then a JSON value'), h.value_start)
        try:
            key, end = jsonio.scan(h.raw, 0)
        except jsonio.JSONProblem as exc:
            msg = _("[Meta ...]: bad quoted key: {problem}").format(problem=exc.message)
            raise self.src.error(msg, h.value_start + exc.index) from None
        if not isinstance(key, str):  # pragma: no cover - a quoted JSON value is a string
            raise self.src.error(_('[Meta "key" value]: the key in quotes'), h.value_start)
        return key, end

    def _name(self, tok: str, at: int, quoted: bool) -> str:
        src = self.src
        if not quoted and not (BARE_NAME.fullmatch(tok) and tok not in KEYWORDS and not is_card(tok)):
            raise src.error(
                _(
                    "{word}: a name that is not a plain word (or looks like a card or a keyword) goes in quotes:"
                    " {quoted}"
                ).format(word=short(tok), quoted=short(json.dumps(tok, ensure_ascii=False), 60)[1:-1]),
                at,
                rule="R2",
            )
        if not tok.strip() or len(tok) > MAX_NAME:
            raise src.error(_("a player's name has 1 to {most} characters").format(most=MAX_NAME), at, rule="R2")
        return tok

    def _text_value(self, h: Header) -> str:
        toks = header_tokens(self.src, h)
        if len(toks) == 1 and toks[0][2]:
            return toks[0][0]
        if any(q for _t, _a, q in toks):
            raise self.src.error(
                _("[{header} ...]: one quoted text, or plain words").format(header=h.name), h.value_start
            )
        return " ".join(t for t, _a, _q in toks)

    def _whole(self, h: Header, what: str, lowest: int | None) -> int:
        word = h.raw.strip()
        if not re.fullmatch(r"-?[0-9]{1,40}", word) or (lowest is not None and int(word) < lowest):
            if lowest is None:
                msg = _("[{header} n]: a whole number, not {word}").format(header=what, word=short(word))
            else:
                msg = _("[{header} n]: a whole number from {lowest}, not {word}").format(
                    header=what, lowest=lowest, word=short(word)
                )
            raise self.src.error(
                msg,
                h.value_start,
                rule="R19" if what == "Bout" else None,
            )
        return int(word)

    def _suit(self, h: Header) -> Suit:
        try:
            return Suit.parse(h.raw.strip())
        except CardError as exc:
            raise self.src.error(
                _("[Trump X]: a suit S, H, D or C (or ♠ ♥ ♦ ♣), not {word}").format(word=short(h.raw.strip())),
                h.value_start,
                rule="R3",
            ) from exc

    def _cards(self, h: Header, rules: Rules, skip: int = 0) -> list[Card]:
        toks = header_tokens(self.src, h)[skip:]
        if len(toks) == 1 and toks[0][0] == "-" and not toks[0][2]:
            return []
        out = []
        for tok, at, _q in toks:
            try:
                out.append(Card.parse(tok))
            except CardError as exc:
                raise self.src.error(exc.message, at, rule="R1") from exc
        if not out and h.name != "Hand":
            raise self.src.error(
                _("[{header} ...]: card codes, or - for none").format(header=h.name), h.value_start, rule="R1"
            )
        return out

    def _result(self, h: Header, names: list[str]) -> dict[str, Any]:
        src = self.src
        raw = h.raw.strip()
        if raw.startswith("{"):
            value = header_json(src, raw, h.value_start, "Result")
            keys = {"durak", "draw", "epaulettes", "out_order", "losing_team"}
            if not isinstance(value, dict) or set(value) - keys:
                msg = _("[Result {{...}}]: an object with members among {keys}").format(keys=", ".join(sorted(keys)))
                raise src.error(msg, h.start)
            return value
        toks = header_tokens(src, h)
        first = toks[0][0] if toks and not toks[0][2] else ""
        if first == "draw" and len(toks) == 1:
            return {"durak": None, "draw": True}
        if first == "durak" and len(toks) in (2, 3):
            who = self._name(*toks[1])
            if who not in names:
                raise src.error(_("{name} is not a player").format(name=repr(who)), toks[1][1], rule="R25")
            if len(toks) == 3:
                if toks[2][0] != "epaulettes" or toks[2][2]:
                    raise src.error(_("[Result durak NAME epaulettes]"), toks[2][1], rule="R26")
                return {"durak": who, "epaulettes": True}
            return {"durak": who}
        if first == "losers" and len(toks) >= 2:
            team = []
            for tok, at, quoted in toks[1:]:
                who = self._name(tok, at, quoted)
                if who not in names:
                    raise src.error(_("{name} is not a player").format(name=repr(who)), at, rule="R22")
                team.append(who)
            return {"durak": None, "losing_team": team}
        raise src.error(
            _(
                "[Result durak NAME], [Result durak NAME epaulettes], [Result draw], [Result losers NAME NAME] "
                "or [Result {{JSON object}}]"
            ).format(),
            h.value_start,
            rule="R25",
        )

    # ------------------------------------------------------------------ the moves

    def _moves(self, i: int, rec: Recording, meta: dict[str, Any], places: dict[str, int], number: int) -> int:
        src = self.src
        self.visitor = visitor = self.visitor_of()
        visitor.begin_game(rec)
        self.children = {}
        root = visitor.root
        game = first_game(rec)
        main = _Line(game=game, start_game=game.copy(), branch_node=root, at_start=True)
        stack: list[_Line] = [main]
        move_places: list[tuple[int, int]] = []
        self.move_places = move_places
        self.rec = rec
        total = 0
        problem: RecordingError | None = None
        end = i
        try:
            while True:
                tok = lex(src, i)
                i = tok.end
                line = stack[-1]
                k = len(line.moves)
                if tok.kind in ("eof", "next"):
                    if len(stack) > 1:
                        raise src.error(_("this variation is not closed: a ')' is missing"), line.open_at)
                    self._end_line(line, tok.start, is_main=True)
                    if self.partial is not None:
                        self._partial_end(main)
                    end = tok.start
                    break
                if tok.kind == "comment":
                    self._comment(line, tok, k)
                elif tok.kind == "glyph":
                    self._glyph(line, tok)
                elif tok.kind == "number":
                    self._number(line, tok, k)
                    line.after_ok = line.glyph_ok = False
                elif tok.kind in ("open", "close"):
                    self._parenthesis(stack, tok, k)
                elif tok.kind == "word" and tok.value == BITO:
                    self._bito(line, tok, k)
                elif tok.kind in ("word", "quoted"):
                    total += 1
                    if total > MAX_MOVES:
                        raise src.error(_("more than {most} moves in one game").format(most=MAX_MOVES), tok.start)
                    move, i = self._move(line, tok, k)
                    self._play(line, move, tok.start, k)
                else:
                    what = {"plus": "'+'", "gt": "'>'", "slash": "'/'"}.get(tok.kind, tok.kind)
                    raise src.error(
                        _("unexpected {what}: a move begins with its player's name").format(what=what),
                        tok.start,
                        move=k,
                        branch=line.branch,
                        game=line.game,
                    )
        except RecordingError as exc:
            if exc.move is not None and exc.state is None and exc.known is None:  # a syntax error inside a move
                here = stack[-1].game
                exc.state = state_of(here)
                exc.known = known_state(here) if isinstance(here, PartialGame) else None
            if self.strict:
                raise
            problem = exc
            if self.cut_at is not None:  # a later fact made an earlier move illegal
                self._cut_main(main, self.cut_at)
        # the recording: headers' meta first, then the annotations of the tree
        for key in ANNOTATION_KEYS:
            if key in meta and visitor.has(key):
                err = src.error(
                    _("meta {key} is given in a header and in the moves: keep one").format(key=repr(key)),
                    places.get(f"meta:{key}", 0),
                )
                if self.strict:
                    raise err
                problem = problem or err
                meta.pop(key)
        out = visitor.end_game(meta)
        out.move_places = move_places
        out.file = src.file
        out.warnings = tuple(self.warnings)
        final = main.game
        if problem is None:
            problem = self._late_lines(out)
        if problem is None and out.result is not None:
            try:
                out.check_result(final.witness() if isinstance(final, PartialGame) else final)
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

    def _comment(self, line: _Line, tok: Token, k: int) -> None:
        """A comment: after the move just read, or pending before the next one."""
        if line.after_ok and not line.has_after:
            self.visitor.visit_comment_after(line.nodes[-1], tok.value)
            line.has_after = True
        elif line.pending is not None:
            raise self.src.error(
                _("a move has one comment before it: join the two comments into one"),
                tok.start,
                move=k,
                branch=line.branch,
            )
        else:
            line.pending = (tok.value, tok.start)
        line.after_ok = line.glyph_ok = False

    def _glyph(self, line: _Line, tok: Token) -> None:
        """A glyph, right after the move it marks."""
        if not line.glyph_ok:
            raise self.src.error(
                _("the glyph {glyph} goes right after the move it marks, e.g. 'Anna 7S{glyph}'").format(
                    glyph=tok.value
                ),
                tok.start,
            )
        self.visitor.visit_glyph(line.nodes[-1], tok.value)
        line.glyph_ok = False

    def _parenthesis(self, stack: list[_Line], tok: Token, k: int) -> None:
        """``(`` opens a variation of the move before it (at most :data:`MAX_DEPTH` deep);
        ``)`` closes the innermost one."""
        src = self.src
        line = stack[-1]
        if tok.kind == "open":
            if line.implied_last:
                raise src.error(
                    _(
                        "a variation '( ... )' follows the move it replaces, and the passes before it are left out"
                        " here ('{bito}' or a bout number): write them out to vary one"
                    ).format(bito=BITO),
                    tok.start,
                    move=k,
                    branch=line.branch,
                )
            if not line.nodes:
                raise src.error(
                    _("a variation '( ... )' follows the move it replaces; there is none before it"),
                    tok.start,
                    move=k,
                    branch=line.branch,
                )
            if len(stack) > MAX_DEPTH:
                raise src.error(_("variations nested more than {most} deep").format(most=MAX_DEPTH), tok.start)
            stack.append(self._variation(line, tok.start))
            line.after_ok = line.glyph_ok = False
            return
        if len(stack) == 1:
            raise src.error(_("')' without '('"), tok.start)
        if not line.nodes:
            raise src.error(_("an empty variation: '( ... )' holds at least one move"), line.open_at)
        self._end_line(line, tok.start, is_main=False)
        stack.pop()
        stack[-1].after_ok = stack[-1].glyph_ok = False

    def _number(self, line: _Line, tok: Token, k: int) -> None:
        src = self.src
        n, dots = tok.value
        game = line.game
        if line.number is not None:
            raise src.error(_("two bout numbers in a row"), tok.start, move=k, branch=line.branch)
        if game.result is not None:
            raise src.error(_("the game is over: no bout follows"), tok.start, rule="R25", move=k, branch=line.branch)
        if dots == 1 and not line.at_start and n == game.bout + 1 and line.nodes:
            # the next bout's number: the passes that end this one were left out (R12)
            self._implied_end(line, tok, k, None)
            game = line.game
        # 'N.' begins bout N, 'N...' recalls it within the bout: each must match the engine
        if (dots == 1) != line.at_start:
            msg = (
                _("bout {bout} is not over here, so no new bout begins: write '{bout}...' to recall the bout within it")
                if dots == 1
                else _("bout {bout} begins here: write '{bout}.'")
            ).format(bout=game.bout)
            raise src.error(msg, tok.start, move=k, branch=line.branch, game=game)
        if n != game.bout:
            msg = _("this is bout {bout}, not {n}").format(bout=game.bout, n=n)
            raise src.error(msg, tok.start, move=k, branch=line.branch, game=game)
        line.number = (n, dots, tok.start)

    def _variation(self, line: _Line, at: int) -> _Line:
        j = len(line.nodes) - 1
        branch_node = line.parents[j]
        if j == 0 and line.branch:  # replaces a variation's first move: one more alternative there
            owner_branch, owner_index = line.owner_branch, line.owner_index
        else:
            owner_branch, owner_index = line.branch, j
        vnum = self.children[branch_node]  # the main continuation is 0, variations from 1
        game = line.game_before(j)
        if not line.branch and self.partial is not None and self.rec is not None:
            # over the board: the main line's seen refills from here on are talon facts
            # the line inherits (unseen.side_line_deal); those read later, at the end
            self.rec.deal = self.partial.deal
            try:
                game = side_line_start(self.rec, game, line.moves, j)
            except SetupError as exc:
                raise self.src.error(exc.message, self.partial.first, rule=exc.rule) from exc
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

    def _end_line(self, line: _Line, at: int, *, is_main: bool) -> None:
        src = self.src
        if line.number is not None:
            raise src.error(_("a bout number with no move after it"), line.number[2], move=len(line.moves))
        if line.pending is not None:
            text, where = line.pending
            if not line.nodes:
                if is_main:
                    self.visitor.visit_game_comment(text)
                    return
                raise src.error(_("an empty variation"), where)  # pragma: no cover - caught before
            if line.has_after:
                raise src.error(
                    _("the last move already has its comment after it: join the two comments into one"),
                    where,
                    move=len(line.moves) - 1,
                    branch=line.branch,
                )
            self.visitor.visit_comment_after(line.nodes[-1], text)
            line.has_after = True

    def _move(self, line: _Line, tok: Token, k: int) -> tuple[Move, int]:
        """Read one move starting with the player's name ``tok``; returns it and the index after it."""
        src = self.src
        game = line.game
        names = game.players
        name = tok.value
        if name not in names:
            if tok.kind == "word" and is_card(name):
                msg = _("{word}: a move begins with its player's name ({players})").format(
                    word=name, players=", ".join(names)
                )
            elif tok.kind == "word" and name in KEYWORDS:
                msg = _("{word}: whose move? write the player's name first, e.g. '{name} {word}'").format(
                    word=name, name=quote_name(names[0])
                )
            elif tok.kind == "word" and looks_like_card(name):
                msg = _(_NOT_A_CARD).format(word=repr(name))
            else:
                msg = _("{name} is not a player: the players are {players}").format(
                    name=short(name), players=", ".join(names)
                )
            raise src.error(msg, tok.start, move=k, branch=line.branch, game=game)
        if tok.kind == "word" and quote_name(name) != name:
            raise src.error(_("write the name in quotes: {quoted}").format(quoted=quote_name(name)), tok.start)
        p = names.index(name)
        i = tok.end
        act = lex(src, i)
        who = quote_name(name)

        def cards_from(i: int, first: Card | None = None) -> tuple[list[Card], int]:
            out = [first] if first is not None else []
            while True:
                nxt = lex(src, i)
                if nxt.kind == "word" and is_card(nxt.value):
                    out.append(Card.parse(nxt.value))
                    i = nxt.end
                else:
                    return out, i

        def need_cards(cards: list[Card], at: int, what: str) -> None:
            if not cards:
                msg = _("{sign}: the cards follow, e.g. {name} {sign}7S").format(sign=what, name=who)
                raise src.error(msg, at, move=k, branch=line.branch)

        if act.kind == "word" and act.value in ("take", "pass"):
            return Move(p, Action(act.value)), act.end
        if act.kind == "word" and act.value == "show":
            nxt = lex(src, act.end)
            if not (nxt.kind == "word" and is_card(nxt.value)):
                raise src.error(
                    _("show: the trump shown follows, e.g. {name} show 7H").format(name=who),
                    act.start if nxt.kind in ("eof", "next") else nxt.start,
                    move=k,
                    branch=line.branch,
                )
            return Move(p, Action.TRANSFER, (Card.parse(nxt.value),), None, True), nxt.end
        if act.kind == "word" and act.value == "redeal" and self.partial is not None:
            return self._partial_redeal(line, p, act, k, cards_from)
        if act.kind == "word" and act.value == "redeal":
            cards, i = cards_from(act.end)
            if not cards:
                raise src.error(
                    _("redeal: the new deck follows, top card first"), act.end, move=k, branch=line.branch, rule="R5"
                )
            after = lex(src, i)
            if after.kind == "word" and after.value == UP:
                raise src.error(
                    _(
                        "'{up}' names the new turned-up card of a redeal in a game whose deal nobody saw; this game's"
                        " redeal names the whole new deck, top card first"
                    ).format(up=UP),
                    after.start,
                    move=k,
                    branch=line.branch,
                    rule="R5",
                )
            return Move(p, Action.REDEAL, (), None, False, tuple(cards)), i
        if act.kind in ("plus", "gt"):
            cards, i = cards_from(act.end)
            need_cards(cards, act.end, "+" if act.kind == "plus" else ">")
            return Move(p, Action.THROW if act.kind == "plus" else Action.TRANSFER, tuple(cards)), i
        if act.kind == "word" and is_card(act.value):
            first = Card.parse(act.value)
            nxt = lex(src, act.end)
            if nxt.kind == "slash":
                tgt = lex(src, nxt.end)
                if not (tgt.kind == "word" and is_card(tgt.value)):
                    raise src.error(
                        _("{card}/: the card covered follows the slash, e.g. {name} 9S/7S").format(
                            card=act.value, name=who
                        ),
                        nxt.start if tgt.kind in ("eof", "next") else tgt.start,
                        move=k,
                        branch=line.branch,
                    )
                return Move(p, Action.DEFEND, (first,), Card.parse(tgt.value)), tgt.end
            cards, i = cards_from(act.end, first)
            return Move(p, Action.ATTACK, tuple(cards)), i
        if act.kind == "word" and looks_like_card(act.value) and act.value not in names:
            raise src.error(
                _(_NOT_A_CARD).format(word=repr(act.value)),
                act.start,
                rule="R1",
                move=k,
                branch=line.branch,
                game=game,
            )
        raise src.error(
            _(
                "what does {player} do? write cards to attack ({name} 7S), +cards to throw in ({name} +7S),"
                " card/target to cover ({name} 9S/7S), >cards to transfer, show card, take or pass"
            ).format(player=name, name=who),
            act.start,
            move=k,
            branch=line.branch,
            game=game,
        )

    def _partial_redeal(
        self, line: _Line, p: int, act: Token, k: int, cards_from: Callable[[int], tuple[list[Card], int]]
    ) -> tuple[Move, int]:
        """``NAME redeal CARDS [up CARD]`` in a game whose deal nobody saw: the cards
        claimed (five or more of one suit) and the new deal's turned-up card (R5)."""
        src = self.src
        cards, i = cards_from(act.end)
        who = quote_name(line.game.players[p])
        if not cards:
            raise src.error(
                _(
                    "redeal: the cards claimed follow (five or more of one suit), e.g. {name} redeal 6S 8S TS QS AS"
                ).format(name=who),
                act.end,
                move=k,
                branch=line.branch,
                rule="R5",
            )
        nxt = lex(src, i)
        if nxt.kind == "word" and nxt.value == UP:
            card = lex(src, nxt.end)
            if not (card.kind == "word" and is_card(card.value)):
                raise src.error(
                    _("{up}: the new deal's turned-up card follows, e.g. {name} redeal 6S 8S TS QS AS {up} 9D").format(
                        up=UP, name=who
                    ),
                    nxt.start if card.kind in ("eof", "next") else card.start,
                    move=k,
                    branch=line.branch,
                    rule="R3",
                )
            self.up = (Card.parse(card.value), nxt.start)
            i = card.end
        return Move(p, Action.REDEAL, tuple(cards)), i

    def _play(self, line: _Line, move: Move, at: int, k: int, *, implied: bool = False) -> None:
        """Check and play one move of ``line`` (at index ``at`` of the text); an
        ``implied`` pass (filled in by the reader, R12) needs no bout number and leaves a
        waiting comment for the next written move."""
        src = self.src
        game = line.game
        names = game.players
        if line.at_start and line.number is None and game.result is None and not implied:
            raise src.error(
                _("bout {bout} begins here: write '{bout}.' before its first move").format(bout=game.bout),
                at,
                move=k,
                branch=line.branch,
                game=game,
            )
        up, self.up = self.up, None
        if up is not None and line.branch:
            raise src.error(
                _(
                    "a redeal's new turned-up card is recorded in the main line only (INTERCHANGE.md): leave out"
                    " '{up} {card}' in a variation"
                ).format(up=UP, card=up[0].code),
                up[1],
                rule="R5",
                move=k,
                branch=line.branch,
            )
        if up is not None and self.partial is not None:  # the new deal's turned-up card is a fact first
            state = self.partial
            state.deal = dataclasses.replace(state.deal, redeals=(*state.deal.redeals, (k, up[0])))
            self._rebuild(line, [*line.moves, move])
            game = line.game
        refusal = game.why_illegal(move)
        if refusal is not None:
            raise src.error(
                f"{where_in_tree(k, line.branch)} ({format_move(move, names)}): {refusal.message}",
                at,
                rule=refusal.rule,
                move=k,
                branch=line.branch,
                game=game,
            )
        bout = game.bout
        events = game.play(move)
        parent = line.nodes[-1] if line.nodes else line.branch_node
        comment = None if implied or line.pending is None else line.pending[0]
        node = self.visitor.visit_move(parent, move, comment)
        self.children[parent] = self.children.get(parent, 0) + 1
        if not implied:
            line.pending = None
        line.nodes.append(node)
        line.parents.append(parent)
        line.has_after = False
        line.moves.append(move)
        line.starts.append(line.at_start)
        line.at_start = any(isinstance(e, BOUT_EVENTS) for e in events)
        line.bito_ended = any(isinstance(e, Bito) for e in events)
        line.after_ok = line.glyph_ok = not implied
        line.implied_last = implied
        line.number = None
        if not line.branch:
            self.move_places.append(src.lc(at))
            if self.partial is not None:
                self.partial.move_starts.append(at)
                self._partial_after(line, move, events, bout)

    # ------------------------------------------------------------------ passes nobody says aloud

    def _bito(self, line: _Line, tok: Token, k: int) -> None:
        """The word ``bito``: the bout ends in bito here, the passes not written are
        filled in where the protocol allows one reading (R12, R13)."""
        src = self.src
        game = line.game
        if line.number is not None and line.number[1] == 1:
            raise src.error(
                _("'{bito}' ends the bout before it: write it before the next bout's number").format(bito=BITO),
                tok.start,
                move=k,
                branch=line.branch,
            )
        line.number = None  # 'N... bito' recalls the bout it ends (checked by _number)
        if game.result is not None:
            raise src.error(_("the game is over: no bout to end"), tok.start, rule="R25", move=k, branch=line.branch)
        if line.at_start and not line.bito_ended:
            raise src.error(
                _("'{bito}' ends a bout whose last passes are left out; no bout is under way here").format(bito=BITO),
                tok.start,
                move=k,
                branch=line.branch,
                game=game,
            )
        if not line.at_start:
            self._implied_end(line, tok, k, "bito")
        line.bito_ended = False  # said once: a second 'bito' has no bout to end
        line.after_ok = line.glyph_ok = False

    def _implied_end(self, line: _Line, tok: Token, k: int, ending: str | None) -> None:
        """Fill in the passes that end the bout (:func:`durak_nb.implied.passes_to_end`):
        in bito for the word ``bito``, else (a new bout's number) in a take when the
        defender took, or in bito (R12, R13, R14, R15)."""
        src = self.src
        game = line.game
        kind = ending or ("take" if taking(game) else "bito")
        try:
            passes = passes_to_end(game, kind)
        except DurakError as exc:
            if ending:
                msg = f"'{BITO}': {exc.message}"  # the engine's words (translated there), after the word read
            else:
                # TRANSLATORS: {refusal} is the engine's reason, already in the language in use
                msg = _("bout {bout} does not end here ('{next}.'): {refusal}").format(
                    bout=game.bout, next=game.bout + 1, refusal=exc.message
                )
            raise src.error(msg, tok.start, rule=exc.rule, move=k, branch=line.branch, game=game) from None
        for p in passes:
            self._play(line, p, tok.start, len(line.moves), implied=True)

    # ------------------------------------------------------------------ a deal nobody saw

    def _partial_after(self, line: _Line, move: Move, events: list[Event], bout: int) -> None:
        """After a main-line move of a game whose deal nobody saw: the refills of a bout
        that ended become facts (the game is replayed with them: a later fact can make an
        earlier move illegal); a redeal claim is checked at once (R5)."""
        state = self.partial
        assert state is not None and self.rec is not None
        names = list(line.game.players)
        changed = False
        k = len(line.moves) - 1
        if any(isinstance(e, Took | Bito) for e in events):
            draws = list(state.deal.draws)
            while state.resolved < len(state.drew) and state.drew[state.resolved][0] <= bout:
                drew_bout, seat, cards, _h = state.drew[state.resolved]
                if drew_bout < bout:
                    raise self._no_refill(state.drew[state.resolved], names)
                draws.append(SeenDraw(k, seat, cards))
                state.resolved += 1
                changed = True
            state.deal = dataclasses.replace(state.deal, draws=tuple(draws))
        if changed or move.action is Action.REDEAL:
            self._check_facts(state, names, self.rec.rules, line.moves)
        if changed:
            self._rebuild(line)

    def _late_lines(self, rec: Recording) -> RecordingError | None:
        """Over the board, where a seen refill after a side line's branching was read
        after that side line (so it was read without it): every line checked again as
        the writer checks them (unseen.side_line_deal's talon facts); the error, raised
        when reading strictly."""
        deal: object = rec.deal
        if self.partial is None or not isinstance(deal, PartialDeal) or not deal.draws:
            return None
        last = max(f.after for f in deal.draws)
        variations = rec.meta.get("variations")
        if not isinstance(variations, dict) or not any(int(k) < last for k in variations if str(k).isdigit()):
            return None
        try:
            check_lines(rec)
        except RecordingError as exc:
            if self.strict:
                raise
            return exc
        return None

    def _no_refill(self, drew: tuple[int, int, tuple[Card, ...], Header], names: list[str]) -> RecordingError:
        bout, seat, _cards, h = drew
        return self.src.error(
            _(
                "[Drew {bout} {name} …]: bout {bout} does not end in bito or a take in the moves,"
                " so no refill follows it"
            ).format(bout=bout, name=quote_name(names[seat])),
            h.start,
            rule="R16",
        )

    def _rebuild(self, line: _Line, moves: list[Move] | None = None) -> None:
        """Replay the main line from a deal with new facts; the first move they make
        illegal is the error, at its place.  ``moves``: the line's moves and those to
        come that the game is told of (its redeals), by default the line's."""
        state, rec = self.partial, self.rec
        assert state is not None and rec is not None
        rec.deal = state.deal
        try:
            game = first_game(rec, line.moves if moves is None else moves)
        except SetupError as exc:
            raise self.src.error(exc.message, state.first, rule=exc.rule) from exc
        start = game.copy()
        names = game.players
        for j, m in enumerate(line.moves):
            refusal = game.why_illegal(m)
            if refusal is not None:
                self.cut_at = j
                raise self.src.error(
                    f"{where_in_tree(j, ())} ({format_move(m, names)}): {refusal.message}",
                    state.move_starts[j],
                    rule=refusal.rule,
                    move=j,
                    game=game,
                )
            game.play(m)
        line.game, line.start_game, line.base, line.base_index = game, start, None, 0

    def _partial_end(self, main: _Line) -> None:
        """The end of the main line: every refill's bout has ended; the facts hold with
        every move (R1, R5, R16)."""
        state, rec = self.partial, self.rec
        assert state is not None and rec is not None
        names = list(main.game.players)
        if state.resolved < len(state.drew):
            raise self._no_refill(state.drew[state.resolved], names)
        self._check_facts(state, names, rec.rules, main.moves)
        rec.deal = state.deal

    def _cut_main(self, main: _Line, j: int) -> None:
        """Lenient reading: keep the main line's moves before move ``j`` (a fact read
        later made it illegal), with only the facts about them."""
        del self.move_places[j:]
        if isinstance(self.visitor, GameBuilder) and j < len(main.parents):
            parent = main.parents[j]
            assert isinstance(parent, GameNode)
            parent.variations.clear()
        if self.partial is not None and self.rec is not None:
            d = self.partial.deal
            self.rec.deal = dataclasses.replace(
                d,
                draws=tuple(x for x in d.draws if x.after < j),
                redeals=tuple((r, c) for r, c in d.redeals if r < j),
            )


def _own_header(name: str) -> bool:
    """Whether ``name`` is a header of its own, kept in ``meta["headers"]``: capitalised
    and not a standard one (nor one given per player)."""
    return name[0].isupper() and name not in STANDARD_HEADERS and name not in REPEATED_HEADERS


def close_header(name: str) -> str | None:
    """The standard header (:data:`~durak_nb.record.lexer.STANDARD_HEADERS`) that the
    header of its own ``name`` is close to, as :mod:`difflib` measures it, ignoring
    case; ``None`` for a name close to none (``Date``, ``Site``, ``Round``, …).

    >>> close_header("Rulez"), close_header("Player"), close_header("RULES"), close_header("Date")
    ('Rules', 'Players', 'Rules', None)
    """
    lower = {header.lower(): header for header in STANDARD_HEADERS}
    near = difflib.get_close_matches(name.lower(), list(lower), n=1, cutoff=0.75)
    return lower[near[0]] if near else None


def parse(
    text: str, *, file: str = "<string>", strict: bool = True, visitor: Callable[[], Visitor] = GameBuilder
) -> Reading:
    """Read every game of a notation text.

    Args:
        text: the text (a file's content).
        file: the name used in error places.
        strict: stop at the first problem with an exception (default); ``False``
            keeps every move before the first problem and reports it in
            :attr:`Reading.problems`.
        visitor: makes the :class:`Visitor` of each game (default :class:`GameBuilder`).

    Raises:
        RecordingError: (strict mode) the first problem: a syntax error, a bound
            passed, a header that breaks the rules (R1-R4, R22), an illegal move (its
            rule id), a written result that disagrees with the replay (R25), or R4 in
            a match; the error names file, line, column and move, and lists the legal
            moves where a move was expected.
        TypeError: ``text`` is not a ``str`` (bytes: decode them first, or read the file
            with :func:`load`).
    """
    if not isinstance(text, str):
        kind = type(text).__name__  # type: ignore[unreachable]  # a caller without types
        raise TypeError(
            f"text must be the notation as a str, not {kind} (decode bytes first, or read the file with load)"
        )
    err = None
    bad = jsonio.lone_surrogate(text)
    if len(text) > MAX_BYTES:
        err = RecordingError(
            _("the text has {count} characters; the limit is {most}").format(count=len(text), most=MAX_BYTES), file=file
        )
    elif bad >= 0:
        err = Source(text, file).error(
            _("the text holds U+{code}, a lone surrogate, which is not valid Unicode text").format(
                code=f"{ord(text[bad]):04X}"
            ),
            bad,
        )
    if err is not None:
        if strict:
            raise err
        return Reading([], [err])
    return _Reader(text, file, strict, visitor).run()


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
        raise RecordingError(
            ngettext(
                "the text holds {count} game (a match): read it with read_games",
                "the text holds {count} games (a match): read it with read_games",
                len(games),
            ).format(count=len(games)),
            file=file,
        )
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
