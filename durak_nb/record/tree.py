"""The game tree of a recording: the main line, comments, glyphs and variations.

A :class:`~durak_nb.record.json_form.Recording` keeps the main line in ``moves`` and
every annotation in ``meta`` (docs/notation.md, "The JSON form"):

- ``comments`` ``{k: text}``: the comment after move ``k``;
- ``comments_before`` ``{k: text}``: the comment before move ``k`` (``"0"`` also holds
  a game-level comment; in a game without moves it is the only place for one);
- ``glyphs`` ``{k: "!?"}``: one of :data:`GLYPHS`;
- ``variations`` ``{k: [LINE, ...]}``: lines that replace move ``k`` (they start from
  the position before move ``k``), LINE being ``{"moves": [...], "comments": {...},
  "comments_before": {...}, "glyphs": {...}, "variations": {...}}`` with indices
  relative to that line, nested to any depth.

``k`` is a move index, 0-based, as a decimal string.  :class:`GameTree` turns this
into linked :class:`GameNode` objects (python-chess style: ``variations[0]`` is the
main continuation) and back, without loss: ``GameTree.from_recording(rec).to_recording()
== rec``.  An annotation member that does not have exactly this form (an index out of
range, a glyph not in :data:`GLYPHS`, a move object that does not read back the same)
is not taken into the tree but kept, untouched, with the other free ``meta`` data.

Nothing here recurses on the Python stack in proportion to the nesting depth: every
walk uses an explicit stack or queue.

>>> from durak_nb.engine import Game, Move
>>> from durak_nb.record import Deal, Recording
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)   # hearts trump; Boris leads
>>> rec = Recording(g.rules, g.players, deal=Deal(1, g.deck_order))
>>> tree = GameTree(rec)
>>> lead = tree.root.add_variation(Move.attack(1, "8D"), comment_before="Boris leads low.")
>>> cover = lead.add_variation(Move.defend(0, "AD", "8D"), glyph="?")
>>> better = lead.add_variation(Move.take(0), comment_after="Keep the aces.")
>>> out = tree.to_recording()
>>> out.moves
[Move.attack(1, '8D'), Move.defend(0, 'AD', '8D')]
>>> out.meta["comments_before"], out.meta["glyphs"]
({'0': 'Boris leads low.'}, {'1': '?'})
>>> out.meta["variations"]
{'1': [{'moves': [{'player': 'Anna', 'action': 'take'}], 'comments': {'0': 'Keep the aces.'}}]}
>>> again = GameTree.from_recording(out)
>>> again.mainline()[1].siblings()[0].comment_after
'Keep the aces.'
>>> again.to_recording() == out
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..engine import Game, IllegalMove, Move
from ..i18n import _
from ..numbering import move_number
from .annotations import (
    ANNOTATION_KEYS,
    GLYPHS,
    annotation_problem,
    move_from_json,
    move_to_json,
    variations_problem,
)
from .json_form import Recording, RecordingError

__all__ = [
    "ANNOTATION_KEYS",
    "GLYPHS",
    "GameNode",
    "GameTree",
    "annotation_problem",
    "check_annotations",
    "move_from_json",
    "variations_problem",
    "variations_refusal",
]


def check_annotations(meta: Mapping[str, Any], moves_count: int, players: Sequence[str]) -> dict[str, str]:
    """The annotation members of ``meta`` (a main line of ``moves_count`` moves) that
    the tree does not take in, each with what is wrong and where
    (:func:`~durak_nb.record.annotations.annotation_problem`); empty when every one
    present has the documented form.

    >>> check_annotations({"glyphs": {"0": "!!!"}, "event": "x"}, 1, ["Anna", "Boris"])
    {'glyphs': "['0']: a glyph is one of ! ? !! ?? !? ?!"}
    """
    out: dict[str, str] = {}
    for key in ANNOTATION_KEYS:
        if key in meta:
            problem = annotation_problem(key, meta[key], moves_count, players)
            if problem is not None:
                out[key] = problem
    return out


def variations_refusal(rec: Recording) -> RecordingError | None:
    """The refusal of a ``meta.variations`` member of ``rec`` that is not of the
    documented form (the tree does not take it in): ``meta.variations: ['3']: a
    non-empty list of lines``, naming the file; ``None`` when there is no such member
    or it has that form.  The one check: replaying (:class:`~durak_nb.replay.Replay`,
    hence ``durak-nb replay`` and ``export``) and validating
    (:func:`~durak_nb.record.writer.check_lines`, hence ``durak-nb validate`` and the
    JSON writer) ask it.
    """
    if "variations" not in rec.meta:
        return None
    problem = variations_problem(rec.meta["variations"], len(rec.moves), rec.players)
    if problem is None:
        return None
    return RecordingError(_("meta.variations: {why}").format(why=problem), file=rec.file)


class GameNode:
    """One move of the tree (the root has no move), with its annotations.

    Attributes:
        move: the :class:`~durak_nb.engine.Move`, or ``None`` at the root.
        parent: the node before, or ``None`` at the root.
        variations: the next moves: ``variations[0]`` continues this node's line, the
            others are alternative lines that replace it (variations).
        comment_before: the comment before the move (at the root: a game-level
            comment of a game without moves), or ``None``.
        comment_after: the comment after the move, or ``None``.
        glyph: one of :data:`GLYPHS`, or ``None``.
    """

    __slots__ = ("comment_after", "comment_before", "glyph", "move", "parent", "variations")

    def __init__(
        self,
        move: Move | None = None,
        parent: GameNode | None = None,
        *,
        comment_before: str | None = None,
        comment_after: str | None = None,
        glyph: str | None = None,
    ) -> None:
        """A node; usually made with :meth:`add_variation`.

        Raises:
            ValueError: ``glyph`` is not one of :data:`GLYPHS`.
        """
        if glyph is not None and glyph not in GLYPHS:
            raise ValueError(_("glyph {glyph!r}: use one of {glyphs}").format(glyph=glyph, glyphs=" ".join(GLYPHS)))
        self.move = move
        self.parent = parent
        self.variations: list[GameNode] = []
        self.comment_before = comment_before
        self.comment_after = comment_after
        self.glyph = glyph

    # ------------------------------------------------------------------ building

    def add_variation(
        self,
        move: Move,
        *,
        comment_before: str | None = None,
        comment_after: str | None = None,
        glyph: str | None = None,
    ) -> GameNode:
        """Add ``move`` after this node, as the last of :attr:`variations`
        (the main continuation if there was none), and return the new node.

        Raises:
            ValueError: a glyph not in :data:`GLYPHS`.
        """
        node = GameNode(move, self, comment_before=comment_before, comment_after=comment_after, glyph=glyph)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Move, **annotations: Any) -> GameNode:
        """Add ``move`` after this node as the main continuation (``variations[0]``);
        the old continuation becomes the first variation.  Returns the new node."""
        node = self.add_variation(move, **annotations)
        self.variations.insert(0, self.variations.pop())
        return node

    def promote_to_main(self) -> None:
        """Make this node its parent's main continuation (``variations[0]``)."""
        if self.parent is not None:
            sibs = self.parent.variations
            sibs.insert(0, sibs.pop(sibs.index(self)))

    def promote(self) -> None:
        """Move this node one place up among its parent's :attr:`variations`."""
        if self.parent is not None:
            sibs = self.parent.variations
            i = sibs.index(self)
            if i > 0:
                sibs[i - 1], sibs[i] = sibs[i], sibs[i - 1]

    def demote(self) -> None:
        """Move this node one place down among its parent's :attr:`variations`."""
        if self.parent is not None:
            sibs = self.parent.variations
            i = sibs.index(self)
            if i < len(sibs) - 1:
                sibs[i + 1], sibs[i] = sibs[i], sibs[i + 1]

    def remove(self) -> None:
        """Detach this node (and everything after it) from its parent."""
        if self.parent is not None:
            self.parent.variations.remove(self)
            self.parent = None

    def reattach(self, parent: GameNode, index: int) -> None:
        """Put this detached node (and everything after it) back under ``parent`` as
        ``parent.variations[index]``: the inverse of :meth:`remove`, for undo.

        Raises:
            ValueError: the node is still attached, or ``index`` is not in
                ``0..len(parent.variations)``.
        """
        if self.parent is not None:
            raise ValueError("the node is attached: remove it first")
        if not 0 <= index <= len(parent.variations):
            raise ValueError(f"index {index} is not in 0..{len(parent.variations)}")
        parent.variations.insert(index, self)
        self.parent = parent

    # python-chess's names, on the parent: the child is given by its move or itself

    def variation(self, move: Move | GameNode) -> GameNode:
        """The child of this node whose move is ``move`` (or the child ``move`` itself).

        Raises:
            KeyError: no child plays that move.
        """
        for child in self.variations:
            if child is move or child.move == move:
                return child
        raise KeyError(f"no variation {move!r} after {self!r}")

    def has_variation(self, move: Move | GameNode) -> bool:
        """Whether a child of this node plays ``move`` (or is ``move``)."""
        return any(child is move or child.move == move for child in self.variations)

    def remove_variation(self, move: Move | GameNode) -> GameNode:
        """Detach the child playing ``move`` (with everything after it) and return it.

        Raises:
            KeyError: no child plays that move.
        """
        child = self.variation(move)
        child.remove()
        return child

    # ------------------------------------------------------------------ reading

    @property
    def next(self) -> GameNode | None:
        """The main continuation (``variations[0]``), or ``None`` at the end of a line."""
        return self.variations[0] if self.variations else None

    def siblings(self) -> list[GameNode]:
        """The alternatives to this node's move when it is a main continuation:
        the parent's other :attr:`variations` (empty for a variation's node)."""
        if self.parent is None or self.parent.variations[0] is not self:
            return []
        return self.parent.variations[1:]

    def root(self) -> GameNode:
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def end(self) -> GameNode:
        """The last node of this node's line (following ``variations[0]``)."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def mainline(self) -> list[GameNode]:
        """The nodes after this one along ``variations[0]``, in order."""
        out = []
        node = self
        while node.variations:
            node = node.variations[0]
            out.append(node)
        return out

    def mainline_moves(self) -> list[Move]:
        """The moves of :meth:`mainline`."""
        return [n.move for n in self.mainline() if n.move is not None]

    def is_main_variation(self) -> bool:
        """This node is its parent's main continuation (or the root)."""
        return self.parent is None or self.parent.variations[0] is self

    def starts_variation(self) -> bool:
        """This node is the first move of a variation (not a main continuation)."""
        return not self.is_main_variation()

    def is_mainline(self) -> bool:
        """This node lies on the tree's main line (every step a main continuation)."""
        node: GameNode | None = self
        while node is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    def line_start(self) -> GameNode:
        """The first node of the line this node belongs to (the root for the main line)."""
        node = self
        while node.parent is not None and node.is_main_variation():
            node = node.parent
        return node

    @property
    def ply(self) -> int:
        """The index of this node's move in its line (0 for a line's first move), the
        ``k`` of the ``meta`` annotations; -1 at the root."""
        k = -1
        node = self
        while node.parent is not None:
            k += 1
            if not node.is_main_variation():
                break
            node = node.parent
        return k

    def path(self) -> list[GameNode]:
        """The nodes from the first move of the game to this one (empty at the root)."""
        out = []
        node = self
        while node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def moves(self) -> list[Move]:
        """The moves played from the start of the game up to and including this one."""
        return [n.move for n in self.path() if n.move is not None]

    def address(self) -> tuple[int, ...]:
        """The child indices from the root to this node (``()`` at the root);
        :meth:`GameTree.node_at` finds the node again."""
        return tuple(n.parent.variations.index(n) for n in self.path() if n.parent is not None)

    def __repr__(self) -> str:
        if self.move is None:
            return "<GameNode root>"
        return f"<GameNode {self.move!r} at {self.address()}>"


class GameTree:
    """A recording as a tree of :class:`GameNode` objects.

    Attributes:
        root: the node before the first move.
        recording: the recording the tree was made from (rules, players, deal or
            start, result are taken from it; its moves and annotations are not used).
        meta: the free ``meta`` members (everything the tree does not take in), in order.
    """

    def __init__(self, recording: Recording, root: GameNode | None = None, meta: dict[str, Any] | None = None) -> None:
        """A tree for ``recording``'s game (rules, players, deal or start, result).

        Args:
            recording: the game's recording; its moves are not taken (see
                :meth:`from_recording` for that).
            root: the root node (default: a new one, no moves).
            meta: the free ``meta`` members (default: the recording's, without the
                annotation members).
        """
        self.recording = recording
        self.root = root if root is not None else GameNode()
        if meta is None:
            meta = {k: v for k, v in recording.meta.items() if k not in ANNOTATION_KEYS}
        self.meta: dict[str, Any] = dict(meta)
        self._key_order: list[str] = list(self.meta)

    # ------------------------------------------------------------------ from / to a recording

    @classmethod
    def from_recording(cls, rec: Recording) -> GameTree:
        """The tree of ``rec``: its moves as the main line, ``meta``'s annotations on
        the nodes, the rest of ``meta`` in :attr:`meta`.

        Never raises for odd ``meta``: an annotation member that is not exactly of the
        documented form stays in :attr:`meta` as free data.
        """
        free = dict(rec.meta)
        taken: dict[str, Any] = {}
        moves_count = len(rec.moves)
        for key in ANNOTATION_KEYS:
            if key in free and annotation_problem(key, free[key], moves_count, rec.players) is None:
                taken[key] = free.pop(key)
        tree = cls(rec, GameNode(), free)
        tree._key_order = list(rec.meta)
        main = {"moves": rec.moves, **taken}
        queue: deque[tuple[GameNode, Mapping[str, Any], bool]] = deque([(tree.root, main, True)])
        while queue:
            parent, line, is_main = queue.popleft()
            moves = line["moves"] if is_main else [move_from_json(m, rec.players) for m in line["moves"]]
            comments = line.get("comments", {})
            before = line.get("comments_before", {})
            glyphs = line.get("glyphs", {})
            variations = line.get("variations", {})
            if not moves:
                parent.comment_before = before.get("0")
                continue
            chain = []
            node = parent
            for k, move in enumerate(moves):
                key = str(k)
                child = GameNode(
                    move,
                    node,
                    comment_before=before.get(key),
                    comment_after=comments.get(key),
                    glyph=glyphs.get(key),
                )
                # the branch node already has its main continuation, so a variation's
                # first node comes after it (and after earlier variations), in order
                node.variations.append(child)
                chain.append(child)
                node = child
            for key, lines in variations.items():
                branch = chain[int(key)].parent
                assert branch is not None
                for sub in lines:
                    queue.append((branch, sub, False))
        return tree

    def to_recording(self) -> Recording:
        """The recording: the main line as ``moves``, annotations in ``meta``
        (docs/notation.md), the free ``meta`` members in their first order.

        Raises:
            ValueError: a node of the tree has no move (only the root may).
        """
        rec = self.recording
        main: dict[str, Any] = {}
        work: list[tuple[GameNode, dict[str, Any], bool]] = [(self.root, main, True)]
        while work:
            start, out, is_main = work.pop()
            nodes = start.mainline() if is_main else [start, *start.mainline()]
            moves: list[Any] = []
            comments: dict[str, str] = {}
            before: dict[str, str] = {}
            glyphs: dict[str, str] = {}
            variations: dict[str, list[dict[str, Any]]] = {}
            if is_main and not nodes and start.comment_before is not None:
                before["0"] = start.comment_before
            for k, node in enumerate(nodes):
                if node.move is None:
                    raise ValueError("a node other than the root has no move")
                moves.append(node.move if is_main else move_to_json(node.move, rec.players))
                key = str(k)
                if node.comment_after is not None:
                    comments[key] = node.comment_after
                if node.comment_before is not None:
                    before[key] = node.comment_before
                if node.glyph is not None:
                    glyphs[key] = node.glyph
                alternatives = node.siblings()
                if alternatives:
                    slots: list[dict[str, Any]] = [{} for _ in alternatives]
                    variations[key] = slots
                    for alt, slot in zip(alternatives, slots, strict=True):
                        work.append((alt, slot, False))
            if is_main and nodes and self.root.comment_before is not None and "0" not in before:
                before["0"] = self.root.comment_before
            out["moves"] = moves
            for key, value in (
                ("comments", comments),
                ("comments_before", before),
                ("glyphs", glyphs),
                ("variations", variations),
            ):
                if value:
                    out[key] = value
        meta: dict[str, Any] = {}
        for key in self._key_order:
            if key in self.meta:
                meta[key] = self.meta[key]
            elif key in main and key != "moves":
                meta[key] = main[key]
        for key in (*self.meta, *ANNOTATION_KEYS):
            if key not in meta:
                if key in self.meta:
                    meta[key] = self.meta[key]
                elif key in main:
                    meta[key] = main[key]
        moves = list(main["moves"])
        return Recording(
            rules=rec.rules,
            players=rec.players,
            deal=rec.deal,
            start=rec.start,
            moves=moves,
            result=rec.result,
            meta=meta,
            file=rec.file,
            move_places=list(rec.move_places) if moves == rec.moves else [],
        )

    # ------------------------------------------------------------------ walking

    def mainline(self) -> list[GameNode]:
        """The nodes of the main line, in order."""
        return self.root.mainline()

    def walk(self) -> Iterator[GameNode]:
        """Every node but the root, depth first, in reading order: a move, then the
        variations that replace it, then the rest of its line."""
        stack: list[GameNode] = list(reversed(self.root.variations))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    def node_at(self, address: Sequence[int]) -> GameNode:
        """The node at ``address`` (:meth:`GameNode.address`).

        Raises:
            KeyError: no such node.
        """
        node = self.root
        for i in address:
            if not 0 <= i < len(node.variations):
                raise KeyError(f"no node at {tuple(address)}")
            node = node.variations[i]
        return node

    def game_after(self, node: GameNode) -> Game:
        """The game after ``node``'s move (at the root: before the first move).

        Raises:
            RecordingError: a move on the way is illegal (``rule`` names why).
        """
        game = self.recording.new_game()
        for k, n in enumerate(node.path()):
            assert n.move is not None
            try:
                game.play(n.move)
            except IllegalMove as exc:
                raise RecordingError(
                    _("move {k} of the path ({move}): {why}").format(
                        k=move_number(k), move=n.move.describe(game.players), why=exc.refusal.message
                    ),
                    file=self.recording.file,
                    move=k,
                    rule=exc.refusal.rule,
                    state=game.position(),
                ) from exc
        return game
