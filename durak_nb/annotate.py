"""Annotating a recording: comments, glyphs and variations, every edit undoable.

An :class:`Annotator` holds the :class:`~durak_nb.record.tree.GameTree` of one
recording (the main line, comments, glyphs, variations, as python-chess's ``pgn``
holds a game) and edits it:

- a comment before or after a move (:meth:`Annotator.set_comment`), a glyph
  (:meth:`Annotator.set_glyph`: one of ``! ? !! ?? !? ?!`` per move; setting another
  replaces it, ``None`` clears it);
- a line played from a position (:meth:`Annotator.play`, :meth:`Annotator.add_line`)
  or an alternative to a move (:meth:`Annotator.add_variation`), every move checked by
  the engine from its position (only legal moves: the refusal names its rule);
- the order of the lines at a branch (:meth:`Annotator.promote`,
  :meth:`Annotator.demote`, :meth:`Annotator.promote_to_main`) and deleting a side
  line (:meth:`Annotator.remove`);
- :meth:`Annotator.undo` and :meth:`Annotator.redo` of every edit (at most
  :data:`MAX_UNDO` kept).

An edit that would break a bound of the notation (docs/notation.md, "Bounds": moves
counting every variation :data:`~durak_nb.record.json_form.MAX_MOVES`, nesting
:data:`~durak_nb.record.json_form.MAX_DEPTH`, the file size) is refused with an
:class:`AnnotateError` before anything changes; a refused edit changes nothing.

The result is saved through the canonical writers (:meth:`Annotator.save`: ``.durak``
by :func:`durak_nb.record.notation.write`, ``.json`` by the JSON form), atomically
(:func:`durak_nb.record.json_form.write_atomic`), so every reader reads it back.

When the recording has a written ``result``, it follows the main line: promoting a
line into the main line writes the result of the new main line's end (none while that
line is unfinished), and the recorded result comes back with the recorded end (R25).

>>> from durak_nb.engine import Game, Move
>>> from durak_nb.record import Deal, Recording, notation
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)   # hearts trump; Boris leads
>>> rec = Recording(g.rules, g.players, deal=Deal(1, g.deck_order),
...                 moves=[Move.attack(1, "8D"), Move.defend(0, "AD", "8D")])
>>> a = Annotator(rec)
>>> cover = a.tree.mainline()[1]
>>> a.set_glyph(cover, "?!")
>>> take = a.add_variation(cover, [Move.take(0)])
>>> a.set_comment(take, "Keep the aces.")
>>> print(notation.write(a.recording()).split("\\n\\n")[1], end="")
1. Boris 8D Anna AD/8D?!
    (1... Anna take {Keep the aces.})
>>> print(a.undo().what)
the comment after move 1 of line 2.1 (Anna takes)
>>> a.history()
['glyph ?! on move 2 of the main line (Anna covers 8♦ with A♦)', 'a line at move 2 of the main line: Anna takes']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from .engine import Action, Game, IllegalMove, Move
from .errors import DurakError
from .i18n import N_, Np_, _, ngettext, pgettext
from .numbering import move_number
from .record import io, jsonio
from .record.json_form import MAX_BYTES, MAX_DEPTH, MAX_MOVES, Recording, RecordingError, write_atomic
from .record.lexer import format_move
from .record.tree import GLYPHS, GameNode, GameTree, check_annotations
from .record.writer import check_lines, write
from .replay import LinePath, Replay, line_deal, partial_line_game, path_text
from .unseen import PartialDeal, PartialGame

__all__ = [
    "MAX_UNDO",
    "AnnotateError",
    "Annotator",
    "Edit",
    "line_nodes",
    "line_path",
    "node_depth",
    "offered_moves",
    "where",
]

#: The most edits kept for undo (the oldest are forgotten first).
MAX_UNDO = 1000

#: The person-facing words of this module (translated at use: ``_(WORDS[key])``).
WORDS = {
    "start": N_("the start"),
    # TRANSLATORS: a place in the game tree, said on its own (an edit's heading, "… is already …")
    "move_main": N_("move {k} of the main line"),
    # TRANSLATORS: {name} is a side line's path such as 1.1 or 3.2 > 1.1
    "move_line": N_("move {k} of line {name}"),
    "main": N_("the main line"),
    "line": N_("line {name}"),
    "comment_after": N_("the comment after {where} ({move})"),
    "comment_before": N_("the comment before {where} ({move})"),
    "game_comment": N_("the game's comment"),
    "glyph": N_("glyph {glyph} on {where} ({move})"),
    "no_glyph": N_("no glyph on {where} ({move})"),
    "added": N_("a line at {where}: {moves}"),
    "added_end_main": N_("a line at the end of the main line: {moves}"),
    "added_end_line": N_("a line at the end of line {name}: {moves}"),
    "promoted": N_("{line} promoted"),
    "promoted_main": N_("{line} made the main continuation"),
    "demoted": N_("{line} demoted"),
    "removed": N_("{line} deleted ({move})"),
    "root_glyph": N_("the start has no move: a glyph belongs to a move"),
    "root_variation": N_("the start has no move: a variation belongs to a move"),
    "root_comment": N_("the start has no move: the game's comment is the comment before move 0"),
    "glyph_bad": N_("glyph {glyph!r}: use one of {glyphs}, or None to clear it"),
    "text_bad": N_("a comment is text (str) or None to clear it, not {kind}"),
    "surrogate": N_("the comment holds U+{code:04X}, a lone surrogate, which is not valid Unicode text"),
    "too_long": N_("a comment of {n} characters; the limit is {limit} (MAX_BYTES, the file size bound)"),
    # TRANSLATORS: {where} is a place said after "after" (see the context "after"), {move} a move in words
    "illegal": N_("after {where}: {move} is not legal here: {why}"),
    "same_move": N_("{where} is already {move}: a variation plays another move"),
    "no_moves": N_("a line needs at least one move"),
    "main_line_promote": N_("the main line is the game as played: step into a side line to promote it"),
    "main_line_demote": N_("the main line is the game as played: step into a side line to demote it"),
    "main_line_delete": N_("the main line is the game as played: step into a side line to delete it"),
    "main_line_promoted_promote": N_("the main line was changed by a promotion: step into a side line to promote it"),
    "main_line_promoted_demote": N_("the main line was changed by a promotion: step into a side line to demote it"),
    "main_line_promoted_delete": N_("the main line was changed by a promotion: step into a side line to delete it"),
    # TRANSLATORS: {k} is the number of the move after which {name} was seen drawing
    "seen_draws": N_(
        "{line} cannot become the main line: in a game whose deal nobody saw, the refills seen"
        " belong to the game as played, and it goes on to one after move {k} ({name} drew)"
    ),
    "first": N_("{line} is already first at its branch"),
    "last": N_("{line} is already last at its branch"),
    "too_many": N_("the game would hold {n} moves counting every variation; the limit is {limit} (MAX_MOVES)"),
    "too_deep": N_("variations would nest {n} deep; the limit is {limit} (MAX_DEPTH)"),
    "no_undo": N_("nothing to undo"),
    "no_redo": N_("nothing to redo"),
    "suffix": N_("save as .durak (the notation) or .json (the JSON form)"),
    "journal": N_("it is a recorder's journal (.durak.jsonl): save the annotated game as {durak} or a .json file"),
    "too_big": N_("the text has {n} bytes; the limit is {limit} (MAX_BYTES)"),
    "not_recording": "Annotator: recording must be a Recording, not {kind}",  # a programming error: not translated
    "foreign": N_("the node is not in this annotator's tree"),
    "kept": N_(
        "meta.{key} is not of the documented form ({why}): the file keeps it as it is, as free data,"
        " and an edit could not join it (it would be lost on saving); correct or remove it first"
        " (docs/notation.md, the JSON form)"
    ),
}

#: The places of :func:`where` as they stand after "after" and "at" in :data:`WORDS`
#: ("illegal", "added"): Russian and Ukrainian say them in another case (genitive).
AFTER_WORDS = {
    "start": Np_("after", "the start"),
    "move_main": Np_("after", "move {k} of the main line"),
    "move_line": Np_("after", "move {k} of line {name}"),
}


class AnnotateError(DurakError):
    """An edit refused: an illegal move (``rule`` is the engine's rule id, ``legal`` the
    legal moves there as the notation writes them), a bound passed, or an edit that
    does not apply (the main line is not promoted); nothing was changed.

    Attributes:
        rule: the rule id (``None`` for a bound or an edit that does not apply).
        message: what is wrong, with the place (move and line).
        legal: the legal moves at the place (for an illegal move), else empty.
    """

    def __init__(self, rule: str | None, message: str, *, legal: Sequence[str] = ()) -> None:
        super().__init__(rule, message)
        self.legal = tuple(legal)

    def __reduce__(self) -> tuple[object, ...]:
        return (_annotate_error, (self.rule, self.message, self.legal))


def _annotate_error(rule: str | None, message: str, legal: tuple[str, ...]) -> AnnotateError:
    return AnnotateError(rule, message, legal=legal)


# ----------------------------------------------------------------------------- nodes and lines


def line_path(node: GameNode) -> LinePath:
    """The path of the line ``node`` lies on, as :class:`~durak_nb.replay.Replay` steps
    into it: ``()`` for the main line, else ``((k, i), ...)``, each step "side line
    ``i`` (1, 2, …) of those replacing move ``k`` of the line before"
    (:meth:`Replay.enter <durak_nb.replay.Replay.enter>`); the node is move
    ``node.ply`` of that line.  Walks up with a loop (no recursion)."""
    steps: list[tuple[int, int]] = []
    n = node
    while True:
        start = n.line_start()
        parent = start.parent
        if parent is None:
            break
        main = parent.variations[0]
        steps.append((main.ply, parent.variations.index(start)))
        n = main
    steps.reverse()
    return tuple(steps)


def line_nodes(tree: GameTree, path: LinePath) -> list[GameNode]:
    """The nodes of the line at ``path`` (:func:`line_path`), in order: move ``j`` of
    the line is ``line_nodes(tree, path)[j]``.

    Raises:
        KeyError: no such line in ``tree``.
    """
    nodes = tree.mainline()
    for k, i in path:
        if not 0 <= k < len(nodes):
            raise KeyError(f"no line {path_text(path)}: the line before has no move {k}")
        parent = nodes[k].parent
        assert parent is not None
        if i < 1 or i >= len(parent.variations):
            raise KeyError(f"no line {path_text(path)}: no side line {i} before move {k}")
        alt = parent.variations[i]
        nodes = [alt, *alt.mainline()]
    return nodes


def node_depth(node: GameNode) -> int:
    """How deeply ``node``'s line is nested: 0 on the main line, 1 in a variation of the
    main line, … (the number of variation starts on its path; the writer's and reader's
    nesting, bounded by :data:`~durak_nb.record.json_form.MAX_DEPTH`)."""
    d = 0
    n: GameNode | None = node
    while n is not None and n.parent is not None:
        if n.parent.variations[0] is not n:
            d += 1
        n = n.parent
    return d


def _subtree(node: GameNode) -> tuple[int, int]:
    """The number of nodes from ``node`` on (itself and everything after it) and the
    deepest nesting among them relative to ``node`` (0: no variation below it)."""
    count, most = 0, 0
    todo = [(node, 0)]
    while todo:
        n, d = todo.pop()
        count += 1
        most = max(most, d)
        for i, child in enumerate(n.variations):
            todo.append((child, d + (1 if i else 0)))
    return count, most


def where(node: GameNode, *, after: bool = False) -> str:
    """``node``'s place in words: ``'move 3 of the main line'``, ``'move 0 of line
    12.1'``, ``'the start'`` at the root.  ``after``: the form that follows "after"
    (:data:`AFTER_WORDS`; the same words in English)."""
    if node.parent is None:
        return pgettext("after", AFTER_WORDS["start"]) if after else _(WORDS["start"])
    path = line_path(node)
    key = "move_line" if path else "move_main"
    words = pgettext("after", AFTER_WORDS[key]) if after else _(WORDS[key])
    return words.format(k=move_number(node.ply), name=path_text(path))


def _line_name(node: GameNode) -> str:
    path = line_path(node)
    return _(WORDS["main"]) if not path else _(WORDS["line"]).format(name=path_text(path))


#: The order of the actions among the moves offered over the board (:func:`offered_moves`).
_ACTION_ORDER = {a: j for j, a in enumerate(Action)}


def offered_moves(game: PartialGame) -> list[Move]:
    """The moves to offer at a live over-the-board game (a deal nobody saw whole,
    :class:`~durak_nb.unseen.PartialGame`): every move some deck order consistent with
    everything so far allows (:meth:`~durak_nb.unseen.PartialGame.candidates`, R1–R27),
    in an order of their own, never the witness's.

    A player annotating their own kitchen-table game knows more than was written down
    (their hand, what they remember) and asks "what if I had led the ace?": so the
    cards nobody saw that the rules allow are offered too, as the scorer offers them
    (only ranks on the table for a throw-in R11, only cards that beat for a cover R6–R8,
    the attack rank for a transfer R17).  That set is the same for every consistent
    deck order, so it tells nothing of the witness's hidden cards; the witness's own
    order (its hand first) would, so the moves are sorted: by seat, the moves of cards
    known in the hand (:meth:`~durak_nb.unseen.PartialGame.seen`; passes, takes) first,
    then by action, number of cards and the cards.
    """
    known = game.seen().hands

    def key(m: Move) -> tuple[Any, ...]:
        unseen = any(c not in known[m.player] for c in m.cards)
        target = "" if m.target is None else m.target.code
        return (m.player, unseen, _ACTION_ORDER[m.action], len(m.cards), m.cards, target, m.show)

    return sorted(game.candidates(), key=key)


def _legal(game: Game | PartialGame) -> list[Move]:
    """The moves to offer at a live game: the engine's legal moves, or over the board
    :func:`offered_moves` (never a witness's legal moves)."""
    if isinstance(game, PartialGame):
        return offered_moves(game)
    return game.legal_moves()


def _line_branch(node: GameNode) -> int:
    """Where a line played after ``node`` leaves the main line: the index of the first
    move on ``node``'s path that starts a variation, else (``node`` on the main line)
    the move a new line there would replace."""
    for j, n in enumerate(node.path()):
        if n.starts_variation():
            return j
    return len(node.path())


def _checked(rec: Recording) -> Game | PartialGame:
    """Every line of ``rec`` checked (the main line and every side line), and the game
    at the main line's end, for R25: as the writer checks them
    (:func:`~durak_nb.record.writer.check_lines`); over the board
    (:class:`~durak_nb.unseen.PartialDeal`) as :class:`~durak_nb.replay.Replay`
    decides them, each line from the deal with its own consistent deck order (a side
    line may lay a card the main line's witness put elsewhere).

    Raises:
        RecordingError: the first illegal move (a side line's: a
            :class:`~durak_nb.replay.VariationError`), a bound passed.
    """
    deal: object = rec.deal  # a Deal, a PartialDeal or None
    if not isinstance(deal, PartialDeal):
        return check_lines(rec)
    replay = Replay(rec)
    return replay.game(len(replay))  # a witness: only its result (public, R25) is read


# ----------------------------------------------------------------------------- edits


@dataclass
class Edit:
    """One edit, as :meth:`Annotator.undo` and :meth:`Annotator.redo` replay it.

    Attributes:
        what: the edit in words (``'glyph ?! on move 3 of the main line (…)'``).
        kind: ``'comment_after'``, ``'comment_before'``, ``'glyph'``, ``'insert'``,
            ``'remove'`` or ``'reorder'``.
        node: the node edited (for ``insert``, the first new node; ``remove``, the
            removed line's first node; ``reorder``, the moved line's first node).
        parent: the node under which a line is inserted, removed or reordered.
        old, new: the text or glyph before and after; for ``insert``/``remove``/
            ``reorder``, the index in ``parent.variations`` before and after (``None``:
            not there).
        done: the node to show after the edit is done or redone.
        undone: the node to show after it is undone.
        game_comment: for the ``insert`` of the first move of a game without moves,
            the game's comment, which the edit moves from the start to the comment
            before that move (the notation's one place for it), else ``None``.
    """

    what: str
    kind: str
    node: GameNode
    parent: GameNode | None
    old: Any
    new: Any
    done: GameNode
    undone: GameNode
    game_comment: str | None = None


class Annotator:
    """The edit model of one recording's annotations and variations (see the module).

    Args:
        recording: the recording; every line of it must be legal (checked now, as the
            writer checks it: :func:`~durak_nb.record.writer.check_lines`).
        max_undo: the most edits kept for :meth:`undo`.
        match: the other games of the file it came from (a match), for :meth:`save`;
            ``index`` is this game's place among them.

    Raises:
        TypeError: ``recording`` is not a :class:`Recording`.
        RecordingError: an illegal move in it (its rule, move and line), a bound passed,
            or a written result that disagrees with the replay (R25).
        AnnotateError: an annotation member of ``meta`` (``comments``, ``glyphs`` …)
            that is not of the documented form: kept as free data by the writer, it
            would win over the edits of that member, which would be lost on saving.

    Attributes:
        tree: the :class:`~durak_nb.record.tree.GameTree` edited.
        file: the file it was loaded from (``'<string>'`` when made from a recording).
        version: a count of the edits done, undone and redone (it changes exactly when
            the tree does).
    """

    def __init__(
        self,
        recording: Recording,
        *,
        max_undo: int = MAX_UNDO,
        match: Sequence[Recording] = (),
        index: int = 0,
    ) -> None:
        given = cast(object, recording)
        if not isinstance(given, Recording):
            raise TypeError(WORDS["not_recording"].format(kind=type(given).__name__))
        recording.check_result(_checked(recording))
        kept = check_annotations(recording.meta, len(recording.moves), recording.players)
        if kept:  # the writer keeps such a member as it is: the tree's own one would be dropped for it
            key, why = next(iter(kept.items()))
            raise AnnotateError(None, _(WORDS["kept"]).format(key=key, why=why))
        self.tree = GameTree.from_recording(recording)
        self.file = recording.file
        self.max_undo = max_undo
        self._match = list(match)
        self._index = index
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._count = sum(1 for _ in self.tree.walk())
        self._keeps_result = recording.result is not None
        end = self.tree.root.end()
        self._results: dict[GameNode, dict[str, Any] | None] = {end: recording.result}
        self._main_end = end
        self._played = tuple(recording.moves)  # the main line as loaded: the game as played
        self._partial = isinstance(recording.deal, PartialDeal)
        self._cache: tuple[GameNode, Any, Game | PartialGame] | None = None
        self.version = 0

    @classmethod
    def load(cls, path: str | Path, game: int = 0, **options: Any) -> Annotator:
        """An annotator of game ``game`` (0-based) of the file ``path`` (``.durak`` or
        ``.json``, by suffix); :meth:`save` writes the whole file back (every game of a match).

        Raises:
            TypeError: ``game`` is not an int (a bool is not a game number).
            RecordingError: the file cannot be read or holds an illegal move.
            IndexError: the file has no game ``game`` (:func:`~durak_nb.record.io.load_game`).
        """
        games, k = io.load_game(path, game)  # the one home of "game k of the file"
        return cls(games[k], match=games, index=k, **options)

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> tuple[str, ...]:
        """The seat names."""
        return tuple(self.tree.recording.players)

    @property
    def result(self) -> dict[str, Any] | None:
        """The ``result`` written with the main line now (see the module's text)."""
        if not self._keeps_result:
            return None
        return self._results.get(self._main_end)

    @property
    def moves_count(self) -> int:
        """The moves of the game counting every variation (bounded by MAX_MOVES)."""
        return self._count

    def recording(self) -> Recording:
        """The edited recording (a new :class:`Recording`; the main line as ``moves``,
        the annotations in ``meta``)."""
        rec = self.tree.to_recording()
        rec.result = self.result
        return rec

    def recordings(self) -> list[Recording]:
        """Every game of the file (the edited one in its place): what :meth:`save` writes."""
        games = list(self._match) or [self.recording()]
        if self._match:
            games[self._index] = self.recording()
        return games

    def text(self, form: str = "durak") -> str:
        """The canonical text of the file: ``form`` ``'durak'`` (the notation's canonical
        writer) or ``'json'`` (the JSON form).

        Raises:
            RecordingError: the writer refuses (it cannot, for edits made here, but a
                match may break R4 when a result changed), or the text passes MAX_BYTES.
            ValueError: another ``form``.
        """
        if form not in ("durak", "json"):
            raise ValueError(f"form {form!r}: 'durak' or 'json'")
        games = self.recordings()
        if form == "durak":
            text = write(games)
        else:
            for rec in games:
                rec.check_result(_checked(rec))  # R25, as io.dump checks
            text = io.json_text(games)
        # R4 in both forms: a promotion may change the durak of a game of a match, and
        # the reader refuses the next game's deal then (the notation's writer does not check it)
        io.check_match(games)
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BYTES:
            raise RecordingError(_(WORDS["too_big"]).format(n=size, limit=MAX_BYTES), file=self.file)
        return text

    def save(self, path: str | Path | None = None) -> Path:
        """Write the file to ``path`` (default: the file it was loaded from) in the form
        its suffix names (``.durak`` or ``.json``), atomically: when writing fails the
        file is left as it was.  Returns the path written.

        Raises:
            RecordingError: as :meth:`text`, or the file cannot be written, its name
                holds a NUL character (:func:`~durak_nb.record.json_form.write_atomic`)
                or it has another suffix: these name the file once, without a line and
                column (:attr:`RecordingError.whole`).
        """
        target = Path(self.file if path is None else path)
        form = io.write_form(target)  # by suffix, whatever its case (one home)
        if form is None:
            if target.name.lower().endswith(".durak.jsonl"):
                durak = target.with_name(target.name[: -len(".jsonl")])
                raise RecordingError(_(WORDS["journal"]).format(durak=durak), file=str(target), whole=True)
            raise RecordingError(_(WORDS["suffix"]), file=str(target), whole=True)
        try:
            text = self.text(form)
        except RecordingError as exc:
            raise exc.naming(target) from None
        write_atomic(target, text)
        return target

    def game_after(self, node: GameNode) -> Game | PartialGame:
        """A fresh live game after ``node``'s move (at the root: the start).  Yours to
        play on.

        Over the board (the recording's deal is a :class:`~durak_nb.unseen.PartialDeal`)
        it is the :class:`~durak_nb.unseen.PartialGame` of the line a move played there
        joins, from the facts that line is decided from
        (:func:`~durak_nb.replay.partial_line_game`, as :class:`~durak_nb.replay.Replay`
        decides side lines): it allows what some consistent deck order allows, and
        never shows a hidden card.

        Raises:
            AnnotateError: ``node`` is not in this tree.
        """
        self._check_node(node)
        facts = self._facts(node) if self._partial else None
        cached = self._cache
        if cached is not None and cached[0] is node and cached[1] == facts:
            return cached[2].copy()
        game: Game | PartialGame
        if cached is not None and node.parent is cached[0] and cached[1] == facts and node.move is not None:
            game = cached[2].copy()
            game.play(node.move)
        elif self._partial:
            game = partial_line_game(
                self.tree.recording, node.moves(), _line_branch(node), self.tree.root.mainline_moves()
            )
        else:
            game = self.tree.game_after(node)
        self._cache = (node, facts, game.copy())
        return game

    def legal_moves(self, node: GameNode) -> list[Move]:
        """The moves :meth:`play` accepts after ``node``: the engine's legal moves; over
        the board every move some deck order consistent with the line so far allows,
        cards nobody saw included, in an order that tells nothing of a witness
        (:func:`offered_moves`: what a player annotating their own game may ask)."""
        return _legal(self.game_after(node))

    def history(self) -> list[str]:
        """The edits that :meth:`undo` can take back, oldest first, in words."""
        return [e.what for e in self._undo]

    @property
    def last_edit(self) -> Edit | None:
        """The last edit done or redone (what :meth:`undo` would take back), or ``None``."""
        return self._undo[-1] if self._undo else None

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._redo)

    # ------------------------------------------------------------------ comments and glyphs

    def set_comment(self, node: GameNode, text: str | None, *, before: bool = False) -> None:
        """Set the comment after ``node``'s move (``before``: the comment before it) to
        ``text``, exactly as given (spaces and line breaks kept); ``None`` clears it.
        At the root of a game without moves, ``before=True`` sets the game's comment.
        Nothing is recorded when the comment is already ``text``.

        Raises:
            AnnotateError: the root (other than the game's comment), text that is not a
                str, holds a lone surrogate, or is longer than MAX_BYTES; ``node`` not
                in this tree.
        """
        self._check_node(node)
        if node.parent is None and (not before or node.variations):
            raise AnnotateError(None, _(WORDS["root_comment"]))
        if text is not None:
            if not isinstance(text, str):
                raise AnnotateError(None, _(WORDS["text_bad"]).format(kind=type(text).__name__))
            bad = jsonio.lone_surrogate(text)
            if bad >= 0:
                raise AnnotateError(None, _(WORDS["surrogate"]).format(code=ord(text[bad])))
            if len(text) > MAX_BYTES:
                raise AnnotateError(None, _(WORDS["too_long"]).format(n=len(text), limit=MAX_BYTES))
        kind = "comment_before" if before else "comment_after"
        old = getattr(node, kind)
        if old == text:
            return
        if node.parent is None:
            what = _(WORDS["game_comment"])
        else:
            what = _(WORDS[kind]).format(where=where(node), move=self._words(node))
        self._apply(Edit(what, kind, node, None, old, text, node, node))

    def set_glyph(self, node: GameNode, glyph: str | None) -> None:
        """Set the glyph of ``node``'s move (one of ``! ? !! ?? !? ?!``; one per move, so
        another replaces it); ``None`` clears it.  Nothing is recorded when it is
        already ``glyph``.

        Raises:
            AnnotateError: another glyph, the root, or ``node`` not in this tree.
        """
        self._check_node(node)
        if glyph is not None and glyph not in GLYPHS:
            raise AnnotateError(None, _(WORDS["glyph_bad"]).format(glyph=glyph, glyphs=" ".join(GLYPHS)))
        if node.parent is None:
            raise AnnotateError(None, _(WORDS["root_glyph"]))
        if node.glyph == glyph:
            return
        key = "no_glyph" if glyph is None else "glyph"
        what = _(WORDS[key]).format(glyph=glyph, where=where(node), move=self._words(node))
        self._apply(Edit(what, "glyph", node, None, node.glyph, glyph, node, node))

    # ------------------------------------------------------------------ lines

    def play(self, node: GameNode, move: Move) -> GameNode:
        """Play ``move`` after ``node`` and return its node: the node already there when
        a line plays it (nothing recorded), else a new one, the continuation when
        ``node`` ends its line, else a variation of the continuation.

        Raises:
            AnnotateError: an illegal move (the engine's rule, the legal moves), a bound
                passed (MAX_MOVES, MAX_DEPTH), or ``node`` not in this tree.
        """
        return self.add_line(node, [move])

    def add_line(self, node: GameNode, moves: Sequence[Move]) -> GameNode:
        """Play ``moves`` one after another from the position after ``node``, following
        the lines already there as long as they play the same moves, and return the
        node of the last move; the new moves (if any) are ONE edit.

        Raises:
            AnnotateError: no moves, an illegal move (nothing is added: its rule, the
                legal moves there), a bound passed, or ``node`` not in this tree.
        """
        self._check_node(node)
        if not moves:
            raise AnnotateError(None, _(WORDS["no_moves"]))
        at = node
        rest = list(moves)
        while rest and at.has_variation(rest[0]):
            at = at.variation(rest.pop(0))
        if not rest:
            return at
        game = self.game_after(at)
        names = self.players
        for j, move in enumerate(rest):
            refusal = game.why_illegal(move)
            if refusal is not None:
                if j == 0:
                    words = _(WORDS["illegal"]).format(
                        where=where(at, after=True), move=move.describe(names), why=refusal.message
                    )
                else:
                    words = ngettext(
                        "after {where}, then {j} more: {move} is not legal here: {why}",
                        "after {where}, then {j} more: {move} is not legal here: {why}",
                        j,
                    ).format(where=where(at, after=True), j=j, move=move.describe(names), why=refusal.message)
                raise AnnotateError(
                    refusal.rule,
                    words,
                    legal=[format_move(m, names) for m in _legal(game)],
                )
            try:
                game.play(move)
            except IllegalMove as exc:  # why_illegal said yes: never, but keep the words
                raise AnnotateError(exc.refusal.rule, exc.refusal.message) from None
        total = self._count + len(rest)
        if total > MAX_MOVES:
            raise AnnotateError(None, _(WORDS["too_many"]).format(n=total, limit=MAX_MOVES))
        depth = node_depth(at) + (1 if at.variations else 0)
        if depth > MAX_DEPTH:
            raise AnnotateError(None, _(WORDS["too_deep"]).format(n=depth, limit=MAX_DEPTH))
        first = GameNode(rest[0])
        last = first
        for move in rest[1:]:
            last = last.add_variation(move)
        words = ", ".join(m.describe(names) for m in rest)
        if at.variations:
            what = _(WORDS["added"]).format(where=where(at.variations[0], after=True), moves=words)
        elif line_path(at):
            what = _(WORDS["added_end_line"]).format(name=path_text(line_path(at)), moves=words)
        else:
            what = _(WORDS["added_end_main"]).format(moves=words)
        # the first move of a game without moves: the game's comment becomes the comment before it
        carried = at.comment_before if at.parent is None and not at.variations else None
        self._apply(Edit(what, "insert", first, at, None, len(at.variations), last, at, carried))
        self._cache = (last, self._facts(last) if self._partial else None, game)
        return last

    def add_variation(self, node: GameNode, moves: Sequence[Move]) -> GameNode:
        """Add a line that replaces ``node``'s move: ``moves`` from the position before
        it (python-chess's ``add_variation`` on the parent), following lines already
        there; returns the node of the last move.

        Raises:
            AnnotateError: ``moves[0]`` is ``node``'s own move, the root, an illegal
                move, a bound passed (as :meth:`add_line`).
        """
        self._check_node(node)
        if node.parent is None:
            raise AnnotateError(None, _(WORDS["root_variation"]))
        if moves and moves[0] == node.move:
            raise AnnotateError(None, _(WORDS["same_move"]).format(where=where(node), move=self._words(node)))
        return self.add_line(node.parent, moves)

    def promote(self, node: GameNode) -> None:
        """Move the side line ``node`` lies on one place up among the lines at its
        branch; the first side line becomes the continuation (python-chess ``promote``).

        Raises:
            AnnotateError: ``node`` is on the main line, or a bound (MAX_DEPTH).
        """
        start, parent, i = self._side_line(node, "promote")
        self._reorder(start, parent, i, i - 1, "promoted" if i > 1 else "promoted_main")

    def promote_to_main(self, node: GameNode) -> None:
        """Make the side line ``node`` lies on the continuation at its branch
        (python-chess ``promote_to_main``: the old continuation becomes side line 1).

        Raises:
            AnnotateError: ``node`` is on the main line, or a bound (MAX_DEPTH).
        """
        start, parent, i = self._side_line(node, "promote")
        self._reorder(start, parent, i, 0, "promoted_main")

    def demote(self, node: GameNode) -> None:
        """Move the side line ``node`` lies on one place down among the lines at its branch.

        Raises:
            AnnotateError: ``node`` is on the main line, or its line is the last.
        """
        start, parent, i = self._side_line(node, "demote")
        if i == len(parent.variations) - 1:
            raise AnnotateError(None, _(WORDS["last"]).format(line=_line_name(start).capitalize()))
        self._reorder(start, parent, i, i + 1, "demoted")

    def remove(self, node: GameNode) -> GameNode:
        """Delete the side line ``node`` lies on (from its first move, with every line
        branching from it: python-chess ``remove_variation``); returns the node before
        it (the position where it branched off).

        Raises:
            AnnotateError: ``node`` is on the main line.
        """
        start, parent, i = self._side_line(node, "delete")
        what = _(WORDS["removed"]).format(line=_line_name(start).capitalize(), move=self._words(start))
        self._apply(Edit(what, "remove", start, parent, i, None, parent, start))
        return parent

    # ------------------------------------------------------------------ undo

    def undo(self) -> Edit:
        """Take back the last edit (the tree is exactly as before it) and return it.

        Raises:
            AnnotateError: nothing to undo.
        """
        if not self._undo:
            raise AnnotateError(None, _(WORDS["no_undo"]))
        edit = self._undo.pop()
        self._run(edit, undo=True)
        self.version += 1
        self._redo.append(edit)
        return edit

    def redo(self) -> Edit:
        """Do again the last edit taken back and return it.

        Raises:
            AnnotateError: nothing to redo (a new edit forgets what was undone).
        """
        if not self._redo:
            raise AnnotateError(None, _(WORDS["no_redo"]))
        edit = self._redo.pop()
        self._run(edit, undo=False)
        self.version += 1
        self._undo.append(edit)
        return edit

    # ------------------------------------------------------------------ internals

    def _facts(self, node: GameNode) -> PartialDeal:
        deal: object = self.tree.recording.deal
        assert isinstance(deal, PartialDeal)
        return line_deal(self.tree.recording, _line_branch(node), self.tree.root.mainline_moves())

    def _check_node(self, node: GameNode) -> None:
        if not isinstance(node, GameNode) or node.root() is not self.tree.root:
            raise AnnotateError(None, _(WORDS["foreign"]))

    def _words(self, node: GameNode) -> str:
        return node.move.describe(self.players) if node.move is not None else _(WORDS["start"])

    def _side_line(self, node: GameNode, verb: str) -> tuple[GameNode, GameNode, int]:
        self._check_node(node)
        start = node.line_start()
        parent = start.parent
        if parent is None:
            # a promotion put a side line into the main line when the game as played no
            # longer starts it (moves added at its end keep it the game as played)
            now = self.tree.root.mainline_moves()
            key = "main_line" if tuple(now[: len(self._played)]) == self._played else "main_line_promoted"
            raise AnnotateError(None, _(WORDS[f"{key}_{verb}"]))
        return start, parent, parent.variations.index(start)

    def _reorder(self, start: GameNode, parent: GameNode, i: int, j: int, key: str) -> None:
        if i == j or j < 0:
            raise AnnotateError(None, _(WORDS["first"]).format(line=_line_name(start).capitalize()))
        if j == 0 and self._partial and node_depth(parent) == 0:
            # the played line's seen refills (deal.draws, R16) name its moves: a side line
            # may become the main line only before the first of them
            branch = len(parent.path())
            deal = cast(PartialDeal, self.tree.recording.deal)
            seen = [d for d in deal.draws if d.after >= branch]
            if seen:
                first = min(seen, key=lambda d: d.after)
                raise AnnotateError(
                    "R16",
                    _(WORDS["seen_draws"]).format(
                        line=_line_name(start).capitalize(), k=move_number(first.after), name=self.players[first.player]
                    ),
                )
        if j == 0:
            # the old continuation becomes a variation: its lines nest one deeper
            _n, most = _subtree(parent.variations[0])
            depth = node_depth(parent) + 1 + most
            if depth > MAX_DEPTH:
                raise AnnotateError(None, _(WORDS["too_deep"]).format(n=depth, limit=MAX_DEPTH))
        what = _(WORDS[key]).format(line=_line_name(start).capitalize())
        self._apply(Edit(what, "reorder", start, parent, i, j, start, start))

    def _apply(self, edit: Edit) -> None:
        self._run(edit, undo=False)
        self.version += 1
        self._undo.append(edit)
        if len(self._undo) > self.max_undo:
            del self._undo[0]
        self._redo.clear()

    def _run(self, edit: Edit, *, undo: bool) -> None:
        """Do (or undo) ``edit`` on the tree; then the main line's end and result."""
        value = edit.old if undo else edit.new
        node = edit.node
        if edit.kind in ("comment_after", "comment_before", "glyph"):
            setattr(node, edit.kind, value)
            return
        parent = edit.parent
        assert parent is not None
        self._cache = None
        if edit.kind == "reorder":
            sibs = parent.variations
            sibs.insert(value, sibs.pop(sibs.index(node)))
        elif value is None:  # take the line out
            self._count -= _subtree(node)[0]
            node.remove()
        else:  # put it (back) in
            self._count += _subtree(node)[0]
            node.reattach(parent, value)
        if edit.game_comment is not None:  # the game's comment: before move 0, or at the start of no moves
            moved = edit.game_comment
            parent.comment_before, node.comment_before = (moved, None) if undo else (None, moved)
        end = self.tree.root.end()
        if end is not self._main_end:
            self._main_end = end
            if self._keeps_result and end not in self._results:
                game = self.game_after(end) if self._partial else self.tree.game_after(end)
                got = self.tree.recording.result_json(cast(Game, game))  # reads only the result (R25)
                self._results[end] = got if game.result is not None else None
