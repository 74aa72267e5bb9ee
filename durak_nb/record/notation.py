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

This module is the public face of the notation; the work is done by
:mod:`~durak_nb.record.lexer` (tokens and header values, with places),
:mod:`~durak_nb.record.reader` (tokens to a game tree, every move checked by the
engine), :mod:`~durak_nb.record.writer` (the canonical text) and
:mod:`~durak_nb.record.io` (files by suffix, for both forms).

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
durak_nb.record.base.RecordingError: <string>:11:43: error: [R15] move 3 (Boris take): every card is covered: \
there is nothing to take; legal moves: Anna +7H, Anna pass
"""

from __future__ import annotations

from .io import check_match, json_text, load_games, validate_path
from .json_form import (
    MAX_BOUT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_JSON_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    Recording,
    RecordingError,
    ValidationReport,
    validate_file,
    validate_recording,
)
from .lexer import (
    KEYWORDS,
    MAX_GAMES,
    MAX_HEADER_CHARS,
    MAX_HEADERS,
    STANDARD_HEADERS,
    SUFFIX,
    format_move,
    quote_name,
)
from .reader import GameBuilder, Reading, Visitor, load, parse, read, read_games
from .writer import WIDTH, dump, write

__all__ = [
    "KEYWORDS",
    "MAX_BOUT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_GAMES",
    "MAX_HEADERS",
    "MAX_HEADER_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "STANDARD_HEADERS",
    "SUFFIX",
    "WIDTH",
    "GameBuilder",
    "Reading",
    "Recording",
    "RecordingError",
    "ValidationReport",
    "Visitor",
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
    "validate_file",
    "validate_path",
    "validate_recording",
    "write",
]
