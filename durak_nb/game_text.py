"""A recorded game as plain text, move by move: what ``durak-nb replay`` prints.

Each move on a line of its own, numbered from 0 as everywhere in the kit, in words with
cards as a person reads them (10♥) and its glyph right after the move's words; the
comment before a move on the line above it and the comment after it on the line below,
in braces as in the notation; what the move caused (take, bito, draws, out, game over)
indented under it; and after a move, every side line that replaces it (its variations,
docs/notation.md), indented deeper the deeper it is nested, its moves numbered within
the line (``side line 1.1 > 3.2`` replaces move 3 of side line 1.1, as
:func:`durak_nb.replay.path_text` names it), with their comments, glyphs and events.

Every text a user wrote (names, comments) goes through :func:`durak_nb.text.visible`:
no control character reaches the terminal, and a line break in a comment starts a new
output line at the comment's indent.  Every line is checked by the engine first
(:class:`~durak_nb.replay.Replay`: the main line and every side line).  The side lines
are walked with an explicit stack (any nesting depth) on live games copied where a
line branches, so the work is linear in the moves of the recording.

>>> from durak_nb.cards import deck
>>> from durak_nb.record import Recording
>>> doc = {"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"],
...        "start": {"hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]}, "talon": [], "trump": "H",
...                  "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
...                  "attacker": "Anna", "first_bito_done": True},
...        "moves": [{"player": "Anna", "action": "attack", "cards": ["6S"]},
...                  {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"}],
...        "meta": {"glyphs": {"1": "!"}, "comments": {"1": "The only cover."},
...                 "variations": {"1": [{"moves": [{"player": "Boris", "action": "take"}]}]}}}
>>> print("\\n".join(game_lines(Recording.from_json(doc))))
podkidnoy: Anna, Boris; trump ♥
   1  Anna attacks 6♠
   2  Boris covers 6♠ with 7♠ !
      {The only cover.}
      side line 2.1, instead of move 2:
         1  Boris takes
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .engine import Event, Game, Move
from .i18n import N_, _
from .numbering import move_number
from .record.json_form import Recording
from .record.tree import ANNOTATION_KEYS, GameNode
from .replay import LinePath, Replay, partial_line_game, path_text
from .rules import preset_words
from .text import visible
from .unseen import PartialGame

__all__ = ["INDENT", "WORDS", "game_lines"]

#: how much deeper a side line stands than the line it branches from
INDENT = " " * 6
#: the words of the text (plain text; ``{…}`` filled in)
WORDS = {
    # TRANSLATORS: {title} is "game 2 of 3: " or nothing, {preset} a preset name as files write it
    # (podkidnoy), {players} the names, {trump} the trump suit's symbol (♥)
    "head": N_("{title}{preset}: {players}; trump {trump}"),
    # TRANSLATORS: {name} is the side line's path (1.1, 3.2 > 1.1), {k} a move number
    "side": N_("side line {name}, instead of move {k}:"),
    "comment": "{{{text}}}",
}


def _comment(prefix: str, text: str) -> Iterator[str]:
    """A comment in braces at ``prefix`` + :data:`INDENT`, one output line per line of
    the comment (every other control character shown as an escape)."""
    for line in WORDS["comment"].format(text=visible(text, keep="\n")).split("\n"):
        yield f"{prefix}{INDENT}{line}"


def _move(
    prefix: str, j: int, move: Move, events: Iterable[Event], node: GameNode | None, names: Sequence[str]
) -> Iterator[str]:
    """Move ``j`` of a line: the comment before it, the move with its glyph, the
    comment after it, then its events."""
    if node is not None and node.comment_before is not None:
        yield from _comment(prefix, node.comment_before)
    glyph = f" {node.glyph}" if node is not None and node.glyph else ""
    yield visible(f"{prefix}{move_number(j):4d}  {move.describe(names)}{glyph}")
    if node is not None and node.comment_after is not None:
        yield from _comment(prefix, node.comment_after)
    for e in events:
        yield visible(f"{prefix}        {e.describe(names)}")


#: a side line still to print: its indent, path, nodes, the live game before move
#: ``j`` of the line, and ``j``
_Todo = tuple[str, LinePath, list[GameNode], Game | PartialGame, int]


def _branches(prefix: str, path: LinePath, j: int, node: GameNode, game: Game | PartialGame) -> list[_Todo]:
    """The side lines replacing ``node`` (move ``j`` of the line ``path``), each with
    its own copy of ``game`` (standing before the move), in reverse order (a stack)."""
    return [
        (prefix + INDENT, (*path, (j, i)), [alt, *alt.mainline()], game.copy(), 0)
        for i, alt in reversed(list(enumerate(node.siblings(), 1)))
    ]


def _side_lines(todo: list[_Todo], names: Sequence[str]) -> Iterator[str]:
    """Print the side lines on ``todo`` (a stack) and the lines nested in them: each
    line's moves in order, and after a move the lines that replace it."""
    while todo:
        prefix, path, nodes, game, j = todo.pop()
        if j == 0:
            yield visible(prefix + _(WORDS["side"]).format(name=path_text(path), k=move_number(path[-1][0])))
        node = nodes[j]
        assert node.move is not None
        nested = _branches(prefix, path, j, node, game) if node.siblings() else []
        events = game.play(node.move)  # legal: the Replay checked every side line
        yield from _move(prefix, j, node.move, events, node, names)
        if j + 1 < len(nodes):
            todo.append((prefix, path, nodes, game, j + 1))
        todo.extend(nested)


def _before(replay: Replay, k: int) -> Game | PartialGame:
    """The live game before main-line move ``k``, to play its side lines on: the
    engine's; over the board the :class:`~durak_nb.unseen.PartialGame` of a line
    leaving the main line there (:func:`~durak_nb.replay.partial_line_game`, as the
    Replay decided it), whose refills name only the cards known (never a witness's
    game: its draws name cards nobody saw, and it may refuse what another order allows)."""
    if replay.partial:
        return partial_line_game(replay.recording, [replay.move(j) for j in range(k)], k)
    return replay.game(k)


def game_lines(recording: Recording, *, title: str = "") -> Iterator[str]:
    """The lines of text of ``recording`` (see the module's text): a head line
    (``'podkidnoy: Anna, Boris; trump ♥'``, after ``title``), then every move with its
    comments, glyph and events, and after each move the side lines that replace it,
    indented (nested lines deeper).  Every line is safe to print (user text through
    :func:`durak_nb.text.visible`).

    Args:
        recording: the game.
        title: words before the head line (``'game 2 of 3: '`` in a match).

    Raises:
        RecordingError: an illegal move of the main line (with its index and rule id),
            or a written ``result`` that disagrees with the replay (after the moves).
        VariationError: an illegal move in a side line, or a malformed
            ``meta.variations`` (:class:`~durak_nb.replay.Replay`); raised before any
            line is given.
    """
    replay = Replay(recording)
    names = replay.players
    start = replay.position(0)
    players = ", ".join(names)
    yield visible(
        _(WORDS["head"]).format(
            title=title, preset=preset_words(recording.rules.preset), players=players, trump=start.trump.symbol
        )
    )
    annotated = any(key in recording.meta for key in ANNOTATION_KEYS)
    nodes = replay.tree.mainline() if annotated else []
    if annotated and not nodes and replay.tree.root.comment_before is not None:
        yield from _comment("", replay.tree.root.comment_before)  # a game of no moves, with its comment
    for k in range(len(replay)):
        node = nodes[k] if nodes else None
        yield from _move("", k, replay.move(k), replay.events(k), node, names)
        if node is not None and node.siblings():
            yield from _side_lines(_branches("", (), k, node, _before(replay, k)), names)
    recording.check_result(replay.game(len(replay)))
