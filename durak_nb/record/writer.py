"""The notation's canonical writer (docs/notation.md, "The canonical form").

It replays every line with the engine (bout numbers come from it), so it refuses what
the reader would refuse: everything it writes reads back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine import Action, Bito, Event, Game, Move, Refusal, SetupError, Took
from ..errors import DurakError
from ..i18n import N_, _, ngettext
from ..implied import passes_to_end
from ..unseen import PartialDeal, PartialGame
from . import jsonio
from .headers import header_lines
from .json_form import (
    MAX_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    Recording,
    RecordingError,
    write_atomic,
)
from .lexer import (
    BITO,
    BOUT_EVENTS,
    MAX_GAMES,
    UP,
    format_move,
    legal_list,
    state_of,
    where_in_tree,
)
from .overboard import first_game, side_line_start
from .tree import GameNode, GameTree, variations_refusal

#: Width of the canonical writer's move lines.
WIDTH = 100
_INDENT = "    "
#: A redeal that names the cards claimed (a deal nobody saw) in a game with a whole deck.
_WHOLE_DECK_REDEAL = N_("a redeal in a game dealt from a whole deck names the new deck, top card first")
#: How :func:`write` writes passes: every one (the canonical form), or only those the
#: reader cannot fill in (docs/notation.md, "Passes nobody says aloud").
PASSES = ("all", "implied")

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
    game: Game | PartialGame
    depth: int
    at_start: bool
    cont: bool  # write 'N...' before the next move (a variation's start, or after a variation)
    branch: tuple[tuple[int, int], ...]
    i: int = 0
    alts: list[tuple[int, GameNode]] | None = None  # alternatives of nodes[i] still to write, the last first:
    # (the place among the parent's variations, the node)
    before: Game | PartialGame | None = None  # the game before nodes[i]
    start_before: bool = False  # nodes[i] begins a bout
    omit: tuple[int, int, bool] = (0, 0, False)  # passes left out: from, to (exclusive), end with 'bito'
    looked: int = 0  # nodes before this index were looked at for passes to leave out
    recall: str = ""  # 'N... ' before the 'bito' of passes left out right after a variation


@dataclass
class _Walk:
    """What :func:`_write_moves` gives back besides the pieces."""

    game: Game | PartialGame  # at the end of the main line
    ends: dict[int, int]  # main-line move index -> the bout it ended in bito or a take (R16)


def _advance(f: _WFrame, move: Move, walk: _Walk) -> None:
    """Play ``move`` on the frame's game; a main-line move ending a bout in bito or a
    take is remembered with its bout (the refills of a deal nobody saw name it)."""
    bout = f.game.bout
    events = f.game.play(move)
    f.at_start = any(isinstance(e, BOUT_EVENTS) for e in events)
    if f.depth == 0 and any(isinstance(e, Took | Bito) for e in events):
        walk.ends[f.i] = bout


def _annotated(node: GameNode) -> bool:
    return (
        node.comment_before is not None
        or node.comment_after is not None
        or node.glyph is not None
        or bool(node.siblings())
    )


def _implied_run(f: _WFrame) -> tuple[int, int, bool] | None:
    """The passes from ``f.nodes[f.i]`` on that the reader would fill in: ``(from,
    to, bito)`` where the bout's last passes ``nodes[from:to]`` are exactly
    :func:`durak_nb.implied.passes_to_end` of the game before them; ``bito``: the bout
    ends in bito (the writer writes the word), else in a take (the next bout's number
    marks it, so a take's passes are left out only where a bout follows in the line).
    ``None`` when no pass can be left out.  Passes with a comment, a glyph or a
    variation are never left out."""
    nodes = f.nodes
    game = f.game.copy()
    j = f.i
    ending: str | None = None
    while j < len(nodes) and ending is None:
        node = nodes[j]
        assert node.move is not None
        if node.move.action is not Action.PASS or _annotated(node):
            break
        events: list[Event] = game.play(node.move)
        j += 1
        if any(isinstance(e, Bito) for e in events):
            ending = "bito"
        elif any(isinstance(e, Took) for e in events):
            ending = "take"
    f.looked = max(j, f.i + 1)
    if ending is None or (ending == "take" and j >= len(nodes)):
        return None
    game = f.game.copy()
    for s in range(f.i, j):
        try:
            got = passes_to_end(game.copy(), ending)
        except DurakError:
            got = None
        if got is not None and list(got) == [n.move for n in nodes[s:j]]:
            return s, j, ending == "bito"
        move = nodes[s].move
        assert move is not None
        game.play(move)
    return None


def _write_moves(tree: GameTree, names: Sequence[str], file: str, passes: str = "all") -> tuple[list[_Piece], _Walk]:
    """The movetext pieces, walking the tree with an explicit stack, and the game at
    the end of the main line; with ``passes="implied"`` the passes the reader fills in
    are left out (:func:`_implied_run`)."""
    pieces: list[_Piece] = []
    game = first_game(tree.recording)
    walk = _Walk(game, {})
    deal = tree.recording.deal
    turned = dict(deal.redeals) if isinstance(deal, PartialDeal) else {}
    root = tree.root
    if not root.variations and root.comment_before is not None:
        pieces.append(_Piece(_comment(root.comment_before), brk="line"))
        return pieces, walk
    total = 0
    main_moves = [n.move for n in root.mainline() if n.move is not None]
    stack = [_WFrame(root.mainline(), game, 0, True, False, ())]
    while stack:
        f = stack[-1]
        if f.alts is not None:
            if f.alts:
                vnum, alt = f.alts.pop()  # each alternative once: linear in their number
                assert f.before is not None and alt.parent is not None
                if f.depth + 1 > MAX_DEPTH:
                    raise RecordingError(
                        _("variations nested more than {limit} deep cannot be written").format(limit=MAX_DEPTH),
                        file=file,
                        rule=None,
                    )
                pieces.append(_Piece("(", glue_after=True, brk="indent" if f.depth == 0 else ""))
                nodes = [alt, *alt.mainline()]
                stack.append(
                    _WFrame(
                        nodes,
                        side_line_start(
                            tree.recording,
                            f.before,
                            main_moves,
                            f.i,
                            [n.move for n in nodes if n.move is not None],
                        )
                        if f.depth == 0
                        else f.before.copy(),
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
            _advance(f, node.move, walk)
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
            raise RecordingError(
                _("more than {limit} moves in one game cannot be written").format(limit=MAX_MOVES), file=file
            )
        g = f.game
        refusal = g.why_illegal(move)
        if refusal is None and isinstance(g, Game) and move.action is Action.REDEAL and move.deck is None:
            refusal = Refusal("R5", _(_WHOLE_DECK_REDEAL))  # the cards claimed name a deal nobody saw
        if refusal is not None:
            # a variation's move is placed at the main-line move it branches from (in
            # JSON the variation itself is in meta.variations of that move)
            places = tree.recording.move_places
            at = f.branch[0][0] if f.branch else f.i
            line, col = places[at] if at < len(places) else (1, 1)
            raise RecordingError(
                # TRANSLATORS: {where} is the move's place in words ("move 1 in variation 1 of move 1"),
                # {move} the move as the notation writes it, {why} the engine's refusal
                _("{where} ({move}): {why}").format(
                    where=where_in_tree(f.i, f.branch), move=format_move(move, names), why=refusal.message
                ),
                file=file,
                line=line,
                column=col,
                move=f.i,
                rule=refusal.rule,
                state=state_of(g),
                legal=legal_list(g),
                branch=f.branch,
            )
        if passes == "implied" and f.i >= f.looked and f.i >= f.omit[1] and move.action is Action.PASS:
            f.omit = _implied_run(f) or f.omit
        if f.omit[0] <= f.i < f.omit[1]:  # a pass the reader fills in
            if f.i == f.omit[0] and f.cont:  # after a variation: 'N... bito' recalls the bout
                f.recall = f"{g.bout}... "
            _advance(f, move, walk)
            f.cont = False
            f.i += 1
            if f.i == f.omit[1] and f.omit[2]:
                pieces.append(_Piece(f.recall + BITO))
                f.recall = ""
            continue
        text = format_move(move, names)
        if f.depth == 0 and f.i in turned:
            text += f" {UP} {turned[f.i].code}"  # a redeal's new turned-up card (R5)
        _write_move(pieces, f, node, text + (node.glyph or ""))
        if node.comment_after is not None:
            pieces.append(_Piece(_comment(node.comment_after)))
        alts = node.siblings()
        if alts:
            f.before = g.copy()
            f.start_before = f.at_start
            f.alts = [(v, alt) for v, alt in enumerate(alts, start=1)][::-1]
            continue
        _advance(f, move, walk)
        f.cont = False
        f.i += 1
    return pieces, walk


def _write_move(pieces: list[_Piece], f: _WFrame, node: GameNode, text: str) -> None:
    """The pieces of one move: its comment before, its bout number, the move and glyph.

    A comment before a move that directly follows another move with no comment after
    it would read back as that move's comment after, so it goes after the move's bout
    number (``2. {...} Boris TS``, ``2... {...} Boris 9S/7S``, docs/notation.md).
    """
    g = f.game
    main = f.depth == 0
    start_line = "line" if main and f.at_start else ""
    prev = f.nodes[f.i - 1] if f.i > 0 else None
    glued = node.comment_before is not None and prev is not None and prev.comment_after is None and not f.cont
    if f.at_start:
        number = f"{g.bout}."
    elif f.cont or glued:
        number = f"{g.bout}..."
    else:
        number = ""
    if glued:
        assert node.comment_before is not None
        pieces.append(_Piece(number, brk=start_line))
        pieces.append(_Piece(_comment(node.comment_before)))
        pieces.append(_Piece(text))
        return
    if node.comment_before is not None:
        pieces.append(_Piece(_comment(node.comment_before), brk=start_line, brk_after=start_line))
    pieces.append(_Piece(f"{number} {text}" if number else text, brk=start_line))


def check_lines(rec: Recording) -> Game | PartialGame:
    """Replay every line of ``rec`` as :func:`write` does (the main line and each
    variation in ``meta.variations``, in the notation's order, each variation from its
    branching position), without writing: validate and the JSON writer ask it, so that
    the commands give one answer (defect 9).

    Returns:
        The game at the end of the main line (a
        :class:`~durak_nb.unseen.PartialGame` for a deal nobody saw).

    Raises:
        RecordingError: the first illegal move: its ``rule``, ``move`` (counted within
            its line), ``branch`` (the ``(move, variation)`` steps from the main line;
            empty for the main line), ``state`` and ``legal``; placed at the move in the
            file, or for a move in a variation at the main-line move it branches from.
            Also a bound passed (moves counting every variation, nesting depth), or a
            ``meta.variations`` not of the documented form
            (:func:`~durak_nb.record.tree.variations_refusal`, as replaying refuses it).
        SetupError: the deal or start position breaks R1-R4 or R22.
    """
    refusal = variations_refusal(rec)
    if refusal is not None:
        raise refusal
    return _write_moves(GameTree.from_recording(rec), rec.players, rec.file)[1].game


def _write_game(rec: Recording, passes: str = "all") -> str:
    tree = GameTree.from_recording(rec)
    out = header_lines(rec, tree.meta)
    pieces, walk = _write_moves(tree, rec.players, rec.file, passes)
    if isinstance(rec.deal, PartialDeal) and rec.deal.draws:
        out = header_lines(rec, tree.meta, walk.ends)  # the refills name their bouts
    final = walk.game
    rec.check_result(final.witness() if isinstance(final, PartialGame) else final)  # the reader checks it too (R25)
    moves = _layout(pieces)
    text = "\n".join(out) + "\n"
    if moves:
        text += "\n" + "\n".join(moves) + "\n"
    return text


def check_match(games: Sequence[Recording]) -> None:
    """R4 between the games of a match: in game 2 on, the durak of the game before deals
    and the player to the durak's left attacks first (when the game before ended with
    one durak and the game is dealt).  The one check of it for a list of games: the
    notation writer (:func:`write`), ``io.dump`` in either form and ``io.load_games`` ask
    it (the notation reader checks the same while it reads, placing the error at the
    header).

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
                # TRANSLATORS: {durak} and {left} are players' names
                _(
                    "game {n} of the match: the durak of game {before}, {durak}, deals and {left},"
                    " to the durak's left, attacks first"
                ).format(n=n + 1, before=n, durak=durak, left=rec.players[left]),
                file=rec.file,
                rule="R4",
            )


def write(games: Recording | Sequence[Recording], *, passes: str = "all") -> str:
    """The canonical notation of one game, or of a match (several games, in order).

    The writer replays every line (the bout numbers come from the engine), so an
    illegal move, in the main line or in a variation, is refused.  What it normalises
    is listed in docs/notation.md ("The canonical form").

    Args:
        games: a recording, or the games of a match.
        passes: ``"all"`` (the canonical form: every pass written) or ``"implied"``
            (the short form: the last passes of a bout that the reader fills in
            uniquely are left out, R12; a bout ending in bito gets the word ``bito``,
            one ending in a take the next bout's number; docs/notation.md, "Passes
            nobody says aloud").  Both read back as the same recording.

    Raises:
        RecordingError: an illegal move (its rule id), a written result that disagrees
            with the replay (R25), a match whose next game is not dealt by the durak
            of the game before (R4, :func:`check_match`), a bound passed (moves, nesting depth, header size),
            or a ``meta`` value that is not JSON data.
    """
    if passes not in PASSES:
        raise ValueError(f"passes={passes!r}: use one of {', '.join(PASSES)}")
    recs = [games] if isinstance(games, Recording) else list(games)
    if not recs:
        raise RecordingError(_("nothing to write: no game"))
    if len(recs) > MAX_GAMES:
        raise RecordingError(
            ngettext("{n} game; the limit is {limit}", "{n} games; the limit is {limit}", len(recs)).format(
                n=len(recs), limit=MAX_GAMES
            )
        )
    for rec in recs:
        for name in rec.players:
            if not name.strip() or len(name) > MAX_NAME:
                raise RecordingError(
                    _("a player's name has 1 to {limit} characters").format(limit=MAX_NAME), file=rec.file, rule="R2"
                )
    check_match(recs)  # R4: what the reader would refuse is not written
    out = []
    for rec in recs:
        try:
            out.append(_write_game(rec, passes))
        except SetupError as exc:
            raise RecordingError(exc.message, file=rec.file, rule=exc.rule) from exc
    text = "\n".join(out)
    bad = jsonio.lone_surrogate(text)
    if bad >= 0:  # a name or a comment: what the reader refuses is not written (defect 1)
        raise RecordingError(
            _("the text holds U+{code:04X}, a lone surrogate, which is not valid Unicode text").format(
                code=ord(text[bad])
            ),
            file=recs[0].file,
        )
    return text


def dump(games: Recording | Sequence[Recording], path: str | Path) -> None:
    """Write :func:`write`'s text to ``path`` (UTF-8), atomically
    (:func:`~durak_nb.record.json_form.write_atomic`): an existing file is never left
    truncated when writing fails.

    Raises:
        RecordingError: as :func:`write` (an error with no place of its own names
            ``path``), text that is not valid Unicode, or the file cannot be written.
    """
    try:
        text = write(games)
    except RecordingError as exc:
        raise exc.naming(path) from None
    write_atomic(path, text)
