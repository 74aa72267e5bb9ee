"""graphviz views: game trees, bout diagrams and the variation tree of a recording.

Every function returns a :class:`Diagram`, a ``graphviz.Digraph`` that also keeps
what it drew as plain data (:attr:`Diagram.nodes_info`, :attr:`Diagram.edges_info`:
kinds and label texts, for tests and for anyone who wants the tree without a
picture).  The engine decides everything (legal moves, events, results); nothing
here re-decides a rule.  The engine never imports this module (nor ``graphviz``).

* :func:`game_tree`: positions as nodes, legal moves as edges, bounded by a depth and
  a node budget (the children that do not fit are folded into one ``+N more`` node),
  draws from the talon as chance nodes (diamonds, R16), results on terminal nodes
  (R22, R24–R27), a recorded line highlighted.
* :func:`bout_diagram`: one bout of a recording: who attacked, transferred (R17) and
  threw in (R11; after take «вдогонку», R14), which card covered which (R10), where
  the cards went (discard R15, or the defender's hand R14) and who drew what in which
  order (R16).
* :func:`variation_tree`: the main line and the variations of an annotated recording
  (``durak_nb.record.tree``), with glyphs and comments; each straight run of moves is
  one node, so the tree of a long annotated game is a few nodes tall.

**Text is text.**  Every label is built by :func:`dot_label`: backslashes are doubled
(so ``\\N``, ``\\l`` and friends stay literal), line breaks become DOT line breaks,
an ``&`` starting an entity reference becomes ``&amp;`` (graphviz decodes ``&amp;``,
``&#10;`` … in labels: a name ``Tom &amp; Jerry`` shows as typed), characters DOT cannot
hold become U+FFFD, and the result is marked with
``graphviz.nohtml`` so that graphviz's own quoting escapes the quotes and never turns
a ``<...>`` text (say, a player named ``<img src=x onerror=...>``) into an HTML-like
label.  No label here is ever an HTML-like label; the style callbacks' values are
marked the same way.

**Words.**  Every label a person reads (roles, actions, the legend's words) is made when
the diagram is made, in the language in use then (:func:`durak_nb.i18n.set_language`);
names and comments are shown as written, cards as a person reads them (``10♥``).

**Without ``dot``.**  Showing a diagram in Jupyter (``_repr_mimebundle_``) returns
``image/svg+xml`` when graphviz's ``dot`` program runs, and otherwise the DOT source
as ``text/plain`` followed by a one-line hint (:data:`HINT`), never a traceback.
:func:`show` wraps any ``graphviz`` graph the same way.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import graphviz

from ..cards import Card, card_text, cards_text
from ..engine import Action, Drew, Event, Game, IllegalMove, Move, Position
from ..explain import Caused, caused
from ..i18n import N_, _, ngettext, pgettext
from ..numbering import move_number
from ..record.json_form import Recording
from ..record.tree import GameNode, GameTree
from ..replay import Replay, drawn_count
from ..rules import Rules, preset_words
from ..site.browser import in_browser, render_svg, start
from ..text import visible
from ..unseen import PartialGame, UnseenDrew
from .bounds import MAX_TREE_MOVES, MAX_TREE_NODES, check_moves

start()  # in a browser (Pyodide) there is no `dot`: begin loading its WASM Graphviz (a no-op elsewhere)

__all__ = [
    "HINT",
    "Diagram",
    "EdgeInfo",
    "GraphView",
    "NodeInfo",
    "bout_diagram",
    "dot_label",
    "dot_text",
    "game_tree",
    "mimebundle",
    "position_label",
    "show",
    "variation_tree",
]

#: The one line shown under the DOT source when the ``dot`` program is missing.
HINT = N_(
    "# graphviz's `dot` program was not found, so this is the DOT source: install Graphviz "
    "(apt-get install graphviz, brew install graphviz or conda install graphviz) to see the picture."
)

#: an ``&`` that graphviz would read as the start of an entity reference (``&amp;``, ``&#10;``, ``&#x41;``)
_ENTITY = re.compile(r"&(?=(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)")
_NOT_DOT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")

HIGHLIGHT = "#1565c0"
RED = "#c62828"
BLACK = "#111111"
GOLD = "#d4a017"


# ----------------------------------------------------------------------------- text


def dot_text(text: object) -> str:
    """``text`` as a piece of a DOT label that shows exactly as typed.

    Backslashes are doubled (DOT reads ``\\\\`` as one backslash, so a typed ``\\N``
    or ``\\l`` stays literal), CR/LF line breaks become DOT's ``\\n``, an ``&`` that
    starts an entity reference (``&amp;``, ``&#10;``, ``&#x41;``: graphviz decodes them
    in every label) becomes ``&amp;`` so that the reference shows as typed (defect 11),
    characters that cannot be in a DOT file become U+FFFD, and other control, format,
    bidi and line-separator characters (U+202E, U+0085, U+2028) are shown as visible
    escapes (:func:`durak_nb.text.visible`, defect N11).  Quotes are left to
    graphviz's own quoting (which escapes every quote once backslashes are doubled).

    >>> print(dot_text('a\\\\b "c"\\nd'))
    a\\\\b "c"\\nd
    >>> print(dot_text("Tom &amp; Jerry & co"))
    Tom &amp;amp; Jerry & co
    """
    s = _NOT_DOT.sub("\ufffd", str(text)).replace("\r\n", "\n").replace("\r", "\n")
    s = visible(s, keep="\n\t")
    s = _ENTITY.sub("&amp;", s)
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def dot_label(*lines: object) -> str:
    """A DOT label of ``lines`` (each shown as typed, one under another), marked with
    ``graphviz.nohtml`` so that it can never become an HTML-like label.

    >>> g = graphviz.Digraph()
    >>> g.node("n0", label=dot_label("<img src=x onerror=alert(1)>"))
    >>> print(g.source.splitlines()[1].strip())
    n0 [label="<img src=x onerror=alert(1)>"]
    """
    label: str = graphviz.nohtml("\\n".join(dot_text(line) for line in lines))
    return label  # a graphviz.quoting.NoHtml: str() of it would lose the mark


def _safe_attrs(attrs: Mapping[str, object]) -> dict[str, str]:
    """Attribute values from callbacks: strings, never HTML-like labels."""
    return {str(k): graphviz.nohtml(str(v)) for k, v in attrs.items()}


# ----------------------------------------------------------------------------- rendering


def mimebundle(
    graph: Any, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None
) -> dict[str, str]:
    """What Jupyter shows for ``graph`` (any ``graphviz`` graph).

    Returns:
        ``{"image/svg+xml": svg}`` when ``dot`` runs; otherwise ``{"text/plain":
        DOT source + "\\n" + HINT}`` (``dot`` missing) or the source and ``dot``'s
        first error line (``dot`` failed).  ``include``/``exclude`` filter the
        result by MIME type like IPython's own.

    Never raises for a missing or failing ``dot``.
    """
    svg = render_svg(graph.source) if in_browser() else None
    try:
        if svg is None and in_browser():
            raise graphviz.ExecutableNotFound(["dot"])
        out = {"image/svg+xml": svg if svg is not None else str(graph.pipe(format="svg", encoding="utf-8"))}
    except graphviz.ExecutableNotFound:
        out = {"text/plain": f"{graph.source}\n{_(HINT)}"}
    except graphviz.CalledProcessError as exc:
        stderr = exc.stderr.decode("utf-8", "replace") if isinstance(exc.stderr, bytes) else str(exc.stderr or "")
        first = stderr.strip().splitlines()[0] if stderr.strip() else f"exit status {exc.returncode}"
        # TRANSLATORS: {error} is the first line of graphviz's own error message (English)
        failed = _("# dot failed: {error}").format(error=first)
        out = {"text/plain": f"{graph.source}\n{failed}"}
    if include is not None:
        wanted = set(include)
        out = {k: v for k, v in out.items() if k in wanted}
    if exclude is not None:
        unwanted = set(exclude)
        out = {k: v for k, v in out.items() if k not in unwanted}
    return out


class GraphView:
    """Any ``graphviz`` graph, shown in Jupyter as SVG, or as its DOT source and
    :data:`HINT` when ``dot`` is missing (:func:`mimebundle`).

    Args:
        graph: a ``graphviz.Graph`` or ``graphviz.Digraph``.
    """

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def _repr_mimebundle_(
        self, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None, **_: Any
    ) -> dict[str, str]:
        return mimebundle(self.graph, include, exclude)

    def __str__(self) -> str:
        return str(self.graph.source)


def show(graph: Any) -> GraphView:
    """Wrap ``graph`` so that Jupyter shows it without a traceback even without
    ``dot`` (see :class:`GraphView`)."""
    return GraphView(graph)


# ----------------------------------------------------------------------------- the diagram


@dataclass(frozen=True)
class NodeInfo:
    """One node as drawn: its DOT name, kind and label text (as typed, unescaped).

    Kinds: ``position``, ``terminal``, ``chance``, ``more`` (game trees); ``player``,
    ``card``, ``shown``, ``talon``, ``discard`` (bout diagrams); ``start``, ``move``
    (variation trees).
    """

    name: str
    kind: str
    label: str


@dataclass(frozen=True)
class EdgeInfo:
    """One edge as drawn: tail and head DOT names, the label text, highlighted or not."""

    tail: str
    head: str
    label: str
    highlighted: bool = False


class Diagram(graphviz.Digraph):  # type: ignore[misc]
    """A ``graphviz.Digraph`` that remembers what it drew and never shows a traceback.

    Attributes:
        nodes_info: the nodes by DOT name, in the order added.
        edges_info: the edges, in the order added.
        caption: the graph's label as plain text (empty if none).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nodes_info: dict[str, NodeInfo] = {}
        self.edges_info: list[EdgeInfo] = []
        self.caption = ""

    def add_node(self, name: str, kind: str, lines: Sequence[object], graph: Any = None, **attrs: str) -> str:
        """Add node ``name`` labelled with ``lines`` (plain text) to this diagram (or to
        ``graph``, a subgraph being built) and remember it; returns ``name``."""
        target = self if graph is None else graph
        target.node(name, label=dot_label(*lines), **attrs)
        self.nodes_info[name] = NodeInfo(name, kind, "\n".join(str(x) for x in lines))
        return name

    def add_edge(
        self,
        tail: str,
        head: str,
        label: str = "",
        *,
        highlighted: bool = False,
        attrs: Mapping[str, str] | None = None,
        **more: str,
    ) -> None:
        """Add an edge labelled ``label`` (plain text; line breaks kept) with DOT
        attributes ``attrs`` and ``more``, and remember it."""
        attrs = {**(attrs or {}), **more}
        if label:
            attrs["label"] = dot_label(*label.split("\n"))
        self.edge(tail, head, **attrs)
        self.edges_info.append(EdgeInfo(tail, head, label, highlighted))

    def kinds(self) -> dict[str, int]:
        """How many nodes of each kind, e.g. ``{"position": 5, "more": 1}``."""
        out: dict[str, int] = {}
        for info in self.nodes_info.values():
            out[info.kind] = out.get(info.kind, 0) + 1
        return out

    def _repr_mimebundle_(
        self, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None, **_: Any
    ) -> dict[str, str]:
        return mimebundle(self, include, exclude)


# ----------------------------------------------------------------------------- game tree


def _pair(attack: Card, cover: Card | None) -> str:
    return card_text(attack) + "/" + ("–" if cover is None else card_text(cover))


#: Over the board a main line's live game holds facts (seen refills) of its own later moves.
NOT_A_BRANCH = N_(
    "{move} is offered but the game refuses it ({why}): over the board explore "
    "Replay.branch_game(k), the game of a line leaving the main line there"
)
#: Over the board a node's callbacks would be handed a witness's hands (cards nobody saw).
NO_CALLBACKS = N_(
    "over the board (a PartialGame) the positions' hands hold cards nobody saw: "
    "node_label and node_style are not allowed; the default label shows only what is public"
)


def position_label(position: Position) -> str:
    """The default label of a game-tree node (plain text, several lines): the result
    of a finished game (R22, R25–R27); else the bout, who attacks whom (and whether
    the defender takes, R14), the table as attack/cover pairs, the talon and hand
    sizes, and who has passed since the last card (R12).

    >>> from durak_nb.engine import Game
    >>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "7S", "Boris": "8S"},
    ...     talon="", trump="D", attacker="Anna", first_bito_done=True, rest_to_discard=True)
    >>> print(position_label(g.position()))
    bout 1: Anna → Boris
    table empty
    talon 0 · hands 1/1
    """
    names = position.players
    if position.result is not None:
        return _("game over") + "\n" + position.result.describe(names)
    if position.attacker is not None and position.defender is not None:
        who = {"bout": position.bout, "attacker": names[position.attacker], "defender": names[position.defender]}
        if position.taking:
            # TRANSLATORS: a game-tree node's first line: the bout, who attacks → who defends, and the defender takes
            head = _("bout {bout}: {attacker} → {defender} (takes)").format(**who)
        else:
            head = _("bout {bout}: {attacker} → {defender}").format(**who)
    else:
        head = _("bout {bout}").format(bout=position.bout)
    table = " ".join(_pair(a, d) for a, d in position.table) or _("table empty")
    sizes = "/".join(str(len(h)) for h in position.hands)
    # TRANSLATORS: {talon} is the number of cards in the talon, {sizes} the hand sizes by seat («6/5/6»)
    text = f"{head}\n{table}\n" + _("talon {talon} · hands {sizes}").format(talon=len(position.talon), sizes=sizes)
    if position.passed:
        passed = ", ".join(names[s] for s in sorted(position.passed))
        # TRANSLATORS: {names} are the players who have passed since the last card (R12)
        text += "\n" + _("passed: {names}").format(names=passed)
    return text


def _start_game(start: Game | PartialGame | Position, rules: Rules | str | None) -> Game | PartialGame | Position:
    """A copy of the game to explore, or a finished Position (drawn as one node)."""
    if isinstance(start, Game | PartialGame):
        return start.copy()
    if not isinstance(start, Position):
        raise TypeError(
            f"game_tree needs a Game or a Position (over the board a PartialGame), not {type(start).__name__}"
        )
    if start.result is not None:
        return start
    if rules is None:
        raise ValueError(_("a Position carries no rules: pass rules=... (e.g. replay.recording.rules)"))
    if start.table or start.attacker is None:
        raise ValueError(
            _(
                "a game tree from a Position starts at a bout start (an empty table); "
                "for a position inside a bout pass the live Game (e.g. Replay.game(k))"
            )
        )
    return Game.from_start(rules, start.players, start.start())


def _public(game: Game | PartialGame) -> Position:
    """The position to label: the game's; over the board (a
    :class:`~durak_nb.unseen.PartialGame`) a witness's, of which only the public part
    is read (:func:`position_label`: the table, sizes, roles), with no attacker while R4
    decides the first one from cards nobody saw."""
    if isinstance(game, Game):
        return game.position()
    pos = game.witness().position()
    if game.attacker is None:
        pos = dataclasses.replace(pos, attacker=None, defender=None)
    return pos


def _moves_of(game: Game | PartialGame) -> list[Move]:
    """The moves to draw: the engine's legal moves; over the board every move some
    consistent deck order allows, in an order that tells nothing of a witness
    (:func:`durak_nb.annotate.offered_moves`)."""
    if isinstance(game, PartialGame):
        from ..annotate import offered_moves

        return offered_moves(game)
    return game.legal_moves()


def _same_move(a: Move, b: Move) -> bool:
    """Equal moves; a listed redeal (``deck=None``) matches a recorded one (R5)."""
    if a.action is Action.REDEAL and b.action is Action.REDEAL:
        return a.player == b.player
    return a == b


def _drawn_words(event: Drew, names: Sequence[str], *, who: bool = True) -> str:
    """What a refill drew (R16), as a person may read it: the cards (``7♦ J♠``); over
    the board (:class:`~durak_nb.unseen.UnseenDrew`, only the known cards named) the
    count and the cards known (``2 cards: Q♦ and 1 unseen``, ``1 card``), never a
    witness's card.  ``who``: the drawer's name first."""
    head = f"{names[event.player]} " if who else ""
    if not isinstance(event, UnseenDrew):
        return head + cards_text(event.cards)
    n = drawn_count(event)
    words = _count_cards(n)
    hidden = n - len(event.cards)
    if event.cards and hidden:
        # TRANSLATORS: a refill over the board: {count} is «2 cards», {cards} the cards known, {hidden} how many unseen
        words = ngettext("{count}: {cards} and {hidden} unseen", "{count}: {cards} and {hidden} unseen", hidden).format(
            count=words, cards=cards_text(event.cards), hidden=hidden
        )
    elif event.cards:
        words = _("{count}: {cards}").format(count=words, cards=cards_text(event.cards))
    return head + words


def _count_cards(n: int) -> str:
    """``'1 card'``, ``'2 cards'`` in the language in use (ru/uk: 1 карта, 2 карты, 5 карт)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _chance_lines(events: Sequence[Event], names: Sequence[str], reveal: bool) -> list[str] | None:
    """The label of the chance node a move's events call for, or ``None``."""
    c = caused(events)
    if c.redealt is not None:
        return [_("redeal: a new shuffle (R5)")]
    draws = c.drew
    if not draws:
        return None
    total = sum(drawn_count(d) for d in draws)
    if reveal:  # over the board a refill names only the cards known (UnseenDrew)
        return [_("draw (R16)")] + [f"{j}. {_drawn_words(d, names)}" for j, d in enumerate(draws, 1)]
    return [ngettext("draw {n} card (R16)", "draw {n} cards (R16)", total).format(n=total)] + [
        f"{j}. {names[d.player]} {drawn_count(d)}" for j, d in enumerate(draws, 1)
    ]


def _not_legal_here(k: int, move: str, why: object) -> str:
    """The refusal of highlighted move ``k`` (``move`` in words; ``why`` the engine's
    refusal with its rule id, or ``None``), in the language in use."""
    if why is None:
        return _("highlight[{k}] ({move}) is not legal here").format(k=k, move=move)
    # TRANSLATORS: {why} is the engine's refusal with its rule id
    return _("highlight[{k}] ({move}) is not legal here: {why}").format(k=k, move=move, why=why)


def game_tree(
    start: Game | PartialGame | Position,
    *,
    rules: Rules | str | None = None,
    depth: int = 2,
    max_nodes: int = 60,
    highlight: Sequence[Move] | None = None,
    reveal_draws: bool = True,
    node_label: Callable[[Position], str] | None = None,
    edge_label: Callable[[Move], str] | None = None,
    node_style: Callable[[Position], Mapping[str, object]] | None = None,
    edge_style: Callable[[Move], Mapping[str, object]] | None = None,
    rankdir: str = "LR",
) -> Diagram:
    """The game tree from a position: positions as nodes, legal moves as edges.

    The tree is built breadth first; each node's children follow the engine's
    :meth:`~durak_nb.engine.Game.legal_moves` order (the highlighted move first).

    Args:
        start: a live :class:`~durak_nb.engine.Game` (copied, never changed), or a
            :class:`~durak_nb.engine.Position` at a bout start (empty table) with
            ``rules``; a finished Position is one terminal node.  From a Position the
            engine starts afresh, so R27's repetition count starts there.  Over the
            board pass the :class:`~durak_nb.unseen.PartialGame` of a line played from
            there (``Replay.branch_game(k)``; never ``Replay.game(k)``, a witness whose
            hidden cards would be drawn): its
            edges are every move some consistent deck order allows (cards nobody saw
            included, in an order that tells nothing of a witness), its refills name only
            the cards known, and its nodes the public part only (no ``node_label`` or
            ``node_style``).
        rules: the rules, needed with a Position.
        depth: how many moves deep (edges from the start) to expand.
        max_nodes: at most this many position nodes (the start included); a node's
            children that do not fit are folded into one ``+N more`` node (N = how
            many).  The highlighted line is always drawn, even past the budget.
            Chance and ``+N more`` nodes are not counted.
        highlight: a recorded line from ``start`` (e.g. ``replay.moves[k:]``), drawn
            with bold blue edges; a redeal matches a listed redeal of the same player.
        reveal_draws: a bout that ends with a talon is followed by a chance node
            (diamond) for the refill (R16), showing who drew which cards in order;
            ``False`` (the viewer does not know the talon) shows only how many each
            draws.  The subtree below follows the engine's actual talon.
        node_label: text of a position node (default :func:`position_label`).
        edge_label: text of a move edge (default ``move.describe(players)``).
        node_style: extra DOT attributes of a position node (override the defaults).
        edge_style: extra DOT attributes of a move edge (override the defaults and the
            highlight).
        rankdir: the graph's direction (``"LR"`` or ``"TB"``).

    The work is bounded: at most ``max_nodes`` positions, plus the highlighted line
    (at most ``depth``), plus one chance and one ``+N more`` node per drawn position;
    ``max_nodes`` and ``depth`` are each at most :data:`~.bounds.MAX_TREE_NODES` (5,000).

    Raises:
        ViewBoundError: ``max_nodes`` or ``depth`` above :data:`~.bounds.MAX_TREE_NODES`.
        ValueError: ``depth`` < 0 or ``max_nodes`` < 1; a Position inside a bout or
            without ``rules``; ``node_label`` or ``node_style`` with a PartialGame, or
            a PartialGame that refuses a move it offers (one holding the seen refills
            of its own later moves: ``Replay.partial_game``); a highlighted move that is not legal where it stands
            (the message names its index and the rule that forbids it).
        TypeError: ``start`` is neither a Game nor a Position.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth!r}")
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, not {max_nodes!r}")
    check_moves("the game tree", max_nodes, MAX_TREE_NODES, what="positions", name="MAX_TREE_NODES", has="asked for")
    check_moves("the game tree", depth, MAX_TREE_NODES, what="moves deep", name="MAX_TREE_NODES", has="asked for")
    if isinstance(start, PartialGame) and (node_label is not None or node_style is not None):
        raise ValueError(_(NO_CALLBACKS))
    line = list(highlight or ())
    root_state = _start_game(start, rules)
    names = root_state.players
    label_of = node_label or position_label
    words = edge_label or (lambda m: m.describe(names))
    d = Diagram(name="game_tree", graph_attr={"rankdir": rankdir, "nodesep": "0.25", "ranksep": "0.5"})
    d.attr("node", fontname="DejaVu Sans", fontsize="10")
    d.attr("edge", fontname="DejaVu Sans", fontsize="9")
    counter = [0, 0, 0]

    def position_node(pos: Position, *, on_line: bool, cut: bool = False, root: bool = False) -> str:
        name = f"p{counter[0]}"
        counter[0] += 1
        kind = "terminal" if pos.result is not None else "position"
        attrs = {"shape": "box", "style": "rounded"}
        if kind == "terminal":
            attrs.update(style="rounded,filled,bold", fillcolor="#fff3c4")
        elif cut:
            attrs.update(style="rounded,dashed")
        if root:
            attrs["penwidth"] = "2"
        if on_line:
            attrs["color"] = HIGHLIGHT
        if node_style is not None:
            attrs.update(_safe_attrs(node_style(pos)))
        return d.add_node(name, kind, label_of(pos).split("\n"), **attrs)

    def chance_node(lines: list[str], on_line: bool) -> str:
        name = f"c{counter[1]}"
        counter[1] += 1
        attrs = {"shape": "diamond", "style": "filled", "fillcolor": "#e3f2fd", "fontsize": "9"}
        if on_line:
            attrs["color"] = HIGHLIGHT
        return d.add_node(name, "chance", lines, **attrs)

    def move_edge(tail: str, head: str, move: Move | None, on_line: bool) -> None:
        attrs: dict[str, str] = {}
        if on_line:
            attrs.update(color=HIGHLIGHT, fontcolor=HIGHLIGHT, penwidth="2.5", style="bold")
        if move is not None and edge_style is not None:
            attrs.update(_safe_attrs(edge_style(move)))
        d.add_edge(tail, head, words(move) if move is not None else "", highlighted=on_line, attrs=attrs)

    if isinstance(root_state, Position):  # a finished game: one terminal node
        position_node(root_state, on_line=False, root=True)
        return d
    queue: deque[tuple[str, Game | PartialGame, int, bool]] = deque()
    root_pos = _public(root_state)
    has_moves = root_state.result is None and bool(_moves_of(root_state))
    queue.append(
        (
            position_node(root_pos, on_line=bool(line), cut=depth == 0 and has_moves, root=True),
            root_state,
            0,
            bool(line),
        )
    )
    drawn = 1
    while queue:
        parent, game, level, on_line = queue.popleft()
        if game.result is not None or level >= depth:
            continue
        moves = _moves_of(game)
        recorded = line[level] if on_line and level < len(line) else None
        if recorded is not None:
            found = next((m for m in moves if _same_move(m, recorded)), None)
            if found is None:
                why = game.why_illegal(recorded)
                raise ValueError(_not_legal_here(level, recorded.describe(names), why))
            moves = [found] + [m for m in moves if m is not found]
        shown = 0
        for i, move in enumerate(moves):
            hl = recorded is not None and i == 0
            if not hl and drawn >= max_nodes:
                break
            child = game.copy()
            try:
                events = child.play(recorded if hl and recorded is not None else move)
            except IllegalMove as exc:  # over the board: a game holding the facts of moves it replaces
                raise ValueError(_(NOT_A_BRANCH).format(move=move.describe(names), why=exc.refusal)) from None
            drawn += 1
            shown += 1
            pos = _public(child)
            cut = level + 1 >= depth and child.result is None
            node = position_node(pos, on_line=hl, cut=cut)
            chance = _chance_lines(events, names, reveal_draws)
            if chance is not None:
                c = chance_node(chance, hl)
                move_edge(parent, c, move, hl)
                move_edge(c, node, None, hl)
            else:
                move_edge(parent, node, move, hl)
            queue.append((node, child, level + 1, hl))
        rest = len(moves) - shown
        if rest:
            name = f"m{counter[2]}"
            counter[2] += 1
            # TRANSLATORS: a game-tree node standing for {rest} more moves not drawn
            more = ngettext("+{rest} more", "+{rest} more", rest).format(rest=rest)
            d.add_node(name, "more", [more], shape="plaintext", fontcolor="#666666")
            d.add_edge(parent, name, style="dashed", color="#999999")
    return d


# ----------------------------------------------------------------------------- bout diagram


def _card_attrs(card: Card, trump: Any) -> dict[str, str]:
    attrs = {
        "shape": "box",
        "style": "rounded,filled",
        "fillcolor": "white",
        "fontcolor": RED if card.suit.is_red else BLACK,
        "fontsize": "14",
        "width": "0.45",
        "height": "0.6",
        "fixedsize": "true",
    }
    if card.suit == trump:
        attrs.update(color=GOLD, penwidth="2.5")
    return attrs


def bout_diagram(source: Replay | Recording, bout: int, *, rankdir: str = "LR") -> Diagram:
    """One bout of a recording as a diagram.

    Nodes: the players who acted or drew, one node per card laid (in a ``table``
    cluster; trumps with a gold border; a card shown for проездной, R20, is a dashed
    node of its own, since it stays in hand), the talon and the discard.  Edges, with
    the actions numbered in order (passes are not drawn; R12):

    * player → card: ``"1. attacks Boris"`` (R9), ``"2. transfers to Vera (R17)"``,
      ``"2. shows to Vera (R20)"``, ``"7. throws in"`` (R11), ``"7. throws in
      вдогонку (R14)"`` after take, ``"4. covers"`` (R10);
    * cover card → attack card: ``"beats"`` (R6);
    * where the cards went: table → discard ``"bito: 10 cards (R15)"``, or table →
      defender ``"5. takes: picks up 4 cards (R14)"`` (the number is the take's);
    * talon → player: ``"draw 1: 7D JS"``, ``"draw 2: QS"`` … in R16 order.

    Args:
        source: a :class:`~durak_nb.replay.Replay` or a recording (replayed here).
        bout: the bout number (``Position.bout``: 1 for the first bout of a game).
        rankdir: the graph's direction.

    Raises:
        ValueError: the recording has no move in bout ``bout`` (the message lists the
            bouts it has).
        RecordingError: an illegal move in the recording.
    """
    replay = source if isinstance(source, Replay) else Replay(source)
    names = replay.players
    ks = [k for k in range(len(replay)) if replay.position(k).bout == bout]
    redeals = [k for k in ks if caused(replay.events(k)).redealt is not None]
    if redeals:  # R5: a redeal starts bout 1 afresh; keep what follows the last one
        ks = [j for j in ks if j > redeals[-1]]
    if not ks:
        bouts = sorted({replay.position(k).bout for k in range(len(replay))})
        have = f"{bouts[0]}..{bouts[-1]}" if bouts else _("none")
        # TRANSLATORS: {bouts} is a range of bout numbers («1..3») or «none»
        raise ValueError(
            _("bout {bout} has no move in this recording (its bouts: {bouts})").format(bout=bout, bouts=have)
        )
    first = replay.position(ks[0])
    trump = first.trump
    d = Diagram(
        name=f"bout_{bout}",
        graph_attr={"rankdir": rankdir, "compound": "true", "labelloc": "t", "nodesep": "0.3"},
    )
    d.attr("graph", fontname="DejaVu Sans")
    d.attr("node", fontname="DejaVu Sans", fontsize="11")
    d.attr("edge", fontname="DejaVu Sans", fontsize="10")
    # the caption names who led and at whom (in english durak, after the lead passed, R9)
    lead = next((replay.position(k) for k in ks if replay.move(k).action is Action.ATTACK), first)
    if lead.attacker is not None and lead.defender is not None:
        # TRANSLATORS: a bout diagram's caption: who led the bout and who defended
        title = [
            _("Bout {bout}: {attacker} attacks {defender}").format(
                bout=bout, attacker=names[lead.attacker], defender=names[lead.defender]
            )
        ]
    else:
        title = [_("Bout {bout}").format(bout=bout)]
    drawing = _BoutDrawing(d, names, trump)
    for k in ks:
        drawing.move(replay.move(k), replay.position(k), replay.position(k + 1), caused(replay.events(k)))
    drawing.finish(len(first.talon))
    if drawing.result_text is not None:
        title.append(_("game over: {result}").format(result=drawing.result_text))
    d.attr(label=dot_label(*title))
    d.caption = "\n".join(title)
    return d


class _BoutDrawing:
    """The nodes and edges of one bout, gathered move by move (:func:`bout_diagram`)."""

    def __init__(self, d: Diagram, names: Sequence[str], trump: Any) -> None:
        self.d, self.names, self.trump = d, names, trump
        table = dot_text(pgettext("diagram", "table"))
        self.table = graphviz.Digraph(name="cluster_table", graph_attr={"label": table, "style": "rounded,dashed"})
        self.players: set[int] = set()
        self.steps: list[tuple[str, str, str, dict[str, str]]] = []  # edges, added after the nodes
        self.card_nodes: list[str] = []
        self.ending: tuple[str, str, dict[str, str]] | None = None  # (head, label, attrs) of the cards' way out
        self.draws: list[tuple[int, str]] = []  # seat, what was drawn in words
        self.out: list[int] = []
        self.take_step: int | None = None
        self.result_text: str | None = None
        self.step = 0

    def player(self, seat: int) -> str:
        self.players.add(seat)
        return f"s{seat}"

    def card(self, c: Card, *, shown: bool = False) -> str:
        name = f"k{c.code}" + ("_shown" if shown else "")
        if name not in self.d.nodes_info:
            attrs = _card_attrs(c, self.trump)
            if shown:
                attrs["style"] = "rounded,dashed"
                # TRANSLATORS: under a card shown for a transfer (R20): it stays in the hand
                self.d.add_node(name, "shown", [card_text(c), pgettext("card", "shown")], graph=self.table, **attrs)
            else:
                self.d.add_node(name, "card", [card_text(c)], graph=self.table, **attrs)
            self.card_nodes.append(name)
        return name

    def _seat_name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else "?"

    def _lay(self, move: Move, pos: Position, after: Position) -> None:
        """The edges of a move that lays, shows or takes (numbered ``self.step``)."""
        p, act, step = move.player, move.action, self.step
        if act is Action.ATTACK:
            for c in move.cards:
                # TRANSLATORS: an edge from the attacker to a card: {step} is the action's number
                text = _("{step}. attacks {defender}").format(step=step, defender=self._seat_name(pos.defender))
                self.steps.append((self.player(p), self.card(c), text, {}))
        elif act is Action.THROW:
            late = pos.taking
            text = _("{step}. throws in вдогонку (R14)") if late else _("{step}. throws in")
            text = text.format(step=step)
            attrs = {"color": "#e65100", "fontcolor": "#e65100"} if late else {}
            for c in move.cards:
                self.steps.append((self.player(p), self.card(c), text, attrs))
        elif act is Action.TRANSFER:
            target = self._seat_name(after.defender)
            if move.show:
                shown = self.card(move.cards[0], shown=True)
                text = _("{step}. shows to {defender} (R20)").format(step=step, defender=target)
                self.steps.append((self.player(p), shown, text, {"style": "dashed"}))
            else:
                text = _("{step}. transfers to {defender} (R17)").format(step=step, defender=target)
                for c in move.cards:
                    self.steps.append((self.player(p), self.card(c), text, {}))
        elif act is Action.DEFEND:
            assert move.target is not None
            cover = self.card(move.cards[0])
            self.steps.append((self.player(p), cover, _("{step}. covers").format(step=step), {}))
            # TRANSLATORS: an edge from the covering card to the card it beats
            self.steps.append((cover, self.card(move.target), pgettext("diagram", "beats"), {"style": "bold"}))
        elif act is Action.TAKE:
            self.take_step = step
            self.player(p)

    def move(self, move: Move, pos: Position, after: Position, got: Caused) -> None:
        """Draw one move of the bout and what it caused (passes are not drawn, R12)."""
        if move.action is Action.PASS:
            for e in got.lead_passed:  # R9 (english): the lead passes on
                self.step += 1
                edge = (
                    self.player(e.player),
                    self.player(e.to),
                    _("{step}. passes the lead (R9)").format(step=self.step),
                )
                self.steps.append((*edge, {"style": "dashed"}))
        elif move.action is not Action.REDEAL:
            self.step += 1
            self._lay(move, pos, after)
        if got.bito is not None:
            n = len(got.bito.cards)
            self.ending = ("discard", ngettext("bito: {n} card (R15)", "bito: {n} cards (R15)", n).format(n=n), {})
        if got.took is not None:
            n = len(got.took.cards)
            if self.take_step is not None:
                text = ngettext(
                    "{step}. takes: picks up {n} card (R14)", "{step}. takes: picks up {n} cards (R14)", n
                ).format(step=self.take_step, n=n)
            else:
                text = ngettext("takes: picks up {n} card (R14)", "takes: picks up {n} cards (R14)", n).format(n=n)
            self.ending = (self.player(got.took.player), text, {"color": RED})
        self.draws += [(e.player, _drawn_words(e, self.names, who=False)) for e in got.drew]
        self.out += [e.player for e in got.out]
        if got.game_over is not None:
            self.result_text = got.game_over.result.describe(self.names)

    def finish(self, talon_left: int) -> None:
        """Add the nodes (players in seat order, the table cluster, the talon and the
        discard), then the edges."""
        d = self.d
        for seat, _cards in self.draws:
            self.player(seat)
        for seat in self.out:
            self.player(seat)
        for seat in sorted(self.players):
            # TRANSLATORS: under a player who has no cards left and leaves the game (R24)
            lines = [self.names[seat]] + ([_("out (R24)")] if seat in self.out else [])
            d.add_node(f"s{seat}", "player", lines, shape="box", style="rounded,filled", fillcolor="#eef5ec")
        if self.card_nodes:
            d.subgraph(self.table)
        if self.ending is not None and self.ending[0] == "discard":
            d.add_node("discard", "discard", [_("discard")], shape="folder", style="filled", fillcolor="#dddddd")
        if self.draws:
            d.add_node("talon", "talon", [_("talon"), _count_cards(talon_left)], shape="box3d")
        for tail, head, text, attrs in self.steps:
            d.add_edge(tail, head, text, attrs=attrs)
        if self.ending is not None and self.card_nodes:
            head, text, attrs = self.ending
            d.add_edge(self.card_nodes[0], head, text, ltail="cluster_table", penwidth="2", attrs=attrs)
        for j, (seat, words) in enumerate(self.draws, 1):
            # TRANSLATORS: an edge from the talon to a player: {j} is the place in the drawing order (R16)
            d.add_edge("talon", f"s{seat}", _("draw {j}: {cards}").format(j=j, cards=words), color="#2e7d32")


# ----------------------------------------------------------------------------- variation tree

_GLYPH_COLORS = {"!": "#2e7d32", "!!": "#1b5e20", "?": RED, "??": "#8e0000", "!?": "#1565c0", "?!": "#e65100"}


def _wrap(text: str, width: int) -> list[str]:
    """A comment as lines of at most ``width`` characters (its own line breaks kept)."""
    out: list[str] = []
    for para in text.splitlines() or [""]:
        out.extend(textwrap.wrap(para, width) or [""])
    return out


def _quoted(comment: str) -> str:
    """A comment before a move in the language's quotation marks (“…”; ru/uk «…»)."""
    # TRANSLATORS: a recorded comment shown in quotation marks: use your language's own
    return pgettext("quoted", "“{comment}”").format(comment=comment)


def _tree_size(tree: GameTree) -> int:
    """The number of moves in ``tree`` (an explicit stack: any nesting depth)."""
    count = 0
    stack: list[GameNode] = list(tree.root.variations)
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.variations)
    return count


def variation_tree(
    source: Recording | GameTree,
    *,
    wrap: int = 40,
    rankdir: str = "TB",
    max_moves: int = MAX_TREE_MOVES,
    fold: bool = True,
    run_width: int = 72,
) -> Diagram:
    """The main line and the variations of an annotated recording, as a tree.

    Moves are numbered by their place in the game from 0, as the replayer, the exported
    page and ``durak-nb replay`` number them (``"3. Boris covers 7♠ with 9♠ ?!"`` is move
    3, the fourth: the move's number, the move in words and its glyph right after them), with their
    comments: the one before the move in quotes above, the one after below, wrapped at
    ``wrap`` characters.

    ``fold`` (the default): each straight run of moves (a chain where no move has an
    alternative) is one node (kind ``run``) headed by its numbers (``"12–19"``), its
    moves joined by ``" · "`` in lines of at most ``run_width`` characters, each
    comment on lines of its own where it stands: so an annotated game is a picture a few
    nodes tall, one node per stretch between branch points, not a column of moves.
    ``fold=False``: one node per move (kind ``move``).

    Main-line nodes and edges are bold, variation edges dashed (labelled
    ``variation``); a node with a glyph is outlined in the colour of its (first) glyph
    (``!``/``!!`` green, ``?``/``??`` red, ``!?`` blue, ``?!`` orange).  The start node
    names the variant, the players and the title, and holds a game-level comment.
    Built with an explicit stack (no recursion), so any nesting depth works.  Moves are
    not replayed: the tree shows what the recording says.

    Args:
        source: a recording (its ``meta`` annotations, docs/notation.md) or a
            :class:`~durak_nb.record.tree.GameTree`.
        wrap: the width at which comments are wrapped.
        rankdir: the graph's direction.
        max_moves: the most moves drawn, the main line and the variations together
            (:data:`~.bounds.MAX_TREE_MOVES`, 5,000); the work is linear in them.
        fold: one node per straight run of moves (``True``) or per move.
        run_width: the most characters in a line of moves of a folded node.

    Raises:
        ViewBoundError: more than ``max_moves`` moves (the main line is counted
            before the tree is read).
        ValueError: ``wrap`` or ``run_width`` < 10.
    """
    if wrap < 10:
        raise ValueError(f"wrap must be at least 10, not {wrap!r}")
    if run_width < 10:
        raise ValueError(f"run_width must be at least 10, not {run_width!r}")
    if isinstance(source, Recording):
        check_moves("the variation tree", len(source.moves), max_moves)
    tree = source if isinstance(source, GameTree) else GameTree.from_recording(source)
    check_moves("the variation tree", _tree_size(tree), max_moves)
    rec = tree.recording
    names = rec.players
    d = Diagram(name="variations", graph_attr={"rankdir": rankdir, "nodesep": "0.3"})
    d.attr("node", fontname="DejaVu Sans", fontsize="10", shape="box", style="rounded")
    d.attr("edge", fontname="DejaVu Sans")
    start = [f"{preset_words(rec.rules.preset)}: {', '.join(names)}"]
    title = tree.meta.get("title")
    if title is not None:
        start += _wrap(str(title), wrap)
    if tree.root.comment_before is not None:
        start += _wrap(_quoted(tree.root.comment_before), wrap)
    d.add_node("v", "start", start, style="rounded,filled", fillcolor="#eef5ec")
    # each entry: the first node of a run, the DOT name of the node before it, its number
    # as people count moves (durak_nb.numbering: the game's first move is 1)
    stack: list[tuple[GameNode, str, int]] = [(node, "v", move_number(0)) for node in reversed(tree.root.variations)]
    count = 0
    while stack:
        first, tail, number = stack.pop()
        run = [first]
        if fold:
            while len(run[-1].variations) == 1:
                run.append(run[-1].variations[0])
        count += 1
        name = f"v{count}"
        lines = _run_lines(run, number, names, wrap, run_width) if fold else _move_lines(first, number, names, wrap)
        main = first.is_mainline()
        attrs: dict[str, str] = {}
        glyph = next((n.glyph for n in run if n.glyph is not None), None)
        if glyph is not None:
            attrs.update(color=_GLYPH_COLORS[glyph], penwidth="2")
        if main:
            attrs["style"] = "rounded,bold"
        d.add_node(name, "run" if fold else "move", lines, **attrs)
        d.add_edge(
            tail,
            name,
            pgettext("tree", "variation") if first.starts_variation() else "",
            highlighted=main,
            attrs={"style": "dashed", "color": "#777777", "fontcolor": "#777777"} if not main else {"penwidth": "2"},
        )
        after = number + len(run)
        stack.extend((node, name, after) for node in reversed(run[-1].variations))
    return d


def _move_lines(node: GameNode, number: int, names: Sequence[str], wrap: int) -> list[str]:
    """One move's label: the comment before it in quotes, ``"3. Boris covers 7♠ with 9♠ ?!"``,
    the comment after it."""
    assert node.move is not None
    lines: list[str] = []
    if node.comment_before is not None:
        lines += _wrap(_quoted(node.comment_before), wrap)
    head = f"{number}. {node.move.describe(names)}"
    if node.glyph is not None:
        head += f" {node.glyph}"
    lines.append(head)
    if node.comment_after is not None:
        lines += _wrap(node.comment_after, wrap)
    return lines


def _run_lines(run: Sequence[GameNode], number: int, names: Sequence[str], wrap: int, width: int) -> list[str]:
    """A straight run's label: ``"12–19"`` (for more than one move), then its moves
    (``"12. Anna attacks 7♠ · 13. Boris covers 7♠ with 9♠ ?!"``) packed into lines of
    at most ``width`` characters (a longer move alone on its line), each comment on
    lines of its own (wrapped at ``wrap``; the one before a move in quotes)."""
    lines = [f"{number}–{number + len(run) - 1}"] if len(run) > 1 else []
    packed = ""
    for j, node in enumerate(run):
        assert node.move is not None
        if node.comment_before is not None:
            if packed:
                lines.append(packed)
                packed = ""
            lines += _wrap(_quoted(node.comment_before), wrap)
        item = f"{number + j}. {node.move.describe(names)}" + (f" {node.glyph}" if node.glyph is not None else "")
        if packed and len(packed) + len(_SEP) + len(item) <= width:
            packed += _SEP + item
        else:
            if packed:
                lines.append(packed)
            packed = item
        if node.comment_after is not None:
            lines.append(packed)
            packed = ""
            lines += _wrap(node.comment_after, wrap)
    if packed:
        lines.append(packed)
    return lines


#: between the moves of a folded node
_SEP = " · "
