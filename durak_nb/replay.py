"""Replay a recording: positions before and after every move, events, player views, variations.

A :class:`Replay` walks a :class:`~durak_nb.record.Recording` once, through the
recording's own :meth:`~durak_nb.record.Recording.steps` (so the engine decides every
rule), and keeps for every index ``k`` in ``0..len(replay)``: the immutable
:class:`~durak_nb.engine.Position` before move ``k`` (index ``len(replay)`` is the final
position; consecutive positions share the parts that did not change) and what every
player knows of the others' hands then (:meth:`Replay.view`); for ``k < len(replay)``,
move ``k`` and the events it caused.  Every :data:`SNAPSHOT_EVERY` moves it keeps a copy
of the live game, so that :meth:`Replay.game` (the live :class:`~durak_nb.engine.Game`
at any index) replays at most ``SNAPSHOT_EVERY - 1`` moves (in a game longer than
``THIN_AFTER * SNAPSHOT_EVERY`` = 1,024 moves the copies thin out, :data:`THIN_AFTER`,
so that building stays linear in the length); who may act, who may throw in and the
room left (R11–R13) are asked of that game when first wanted, then kept.

Variations (``meta.variations``, docs/notation.md) are read through the
:class:`~durak_nb.record.tree.GameTree`: :meth:`Replay.variations` lists the lines
branching before a move (the line's own continuation first), :meth:`Replay.enter`
steps into one (a :class:`Replay` whose index 0 is the branching position) and
:meth:`Replay.exit` steps back.  Every side line is checked against the engine when
the replay is made.

The module is the navigation: positions, moves, events, live games and variations.
What a player may know is :mod:`durak_nb.knowledge` (:class:`PlayerView` is
re-exported here); the move in words and its rule ids, :mod:`durak_nb.explain`
(:meth:`Replay.explain`); the rows of :meth:`Replay.rows` and
:meth:`Replay.events_table`, :mod:`durak_nb.tables`; the HTML summary,
:mod:`durak_nb.views.html`.

>>> from durak_nb.cards import deck
>>> from durak_nb.record import Recording
>>> doc = {"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"],
...        "start": {"hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]}, "talon": [], "trump": "H",
...                  "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
...                  "attacker": "Anna", "first_bito_done": True},
...        "moves": [{"player": "Anna", "action": "attack", "cards": ["6S"]},
...                  {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"},
...                  {"player": "Anna", "action": "pass"}]}
>>> replay = Replay(Recording.from_json(doc))
>>> len(replay)
3
>>> replay.position(1).table
((Card('6S'), None),)
>>> replay.after(0) is replay.position(1)
True
>>> replay.whose_turn(1)
(0, 1)
>>> print(replay.explain(1))
Boris covers 6♠ with 7♠ — a higher ♠ beats it (побить, R6); every attack card is covered
>>> print(replay.words(2))
Anna passes; bito: 6♠ 7♠ to the discard (R15); Boris is out (R24); game over: Anna is the durak
>>> replay.result.describe(replay.players)
'Anna is the durak'
>>> replay.view(1, "Boris").hidden
(1, 0)
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, cast

from .cards import Card
from .checks import shown
from .engine import Action, Drew, Event, Game, IllegalMove, Move, Position, Result
from .explain import caused, explain_move
from .i18n import N_, _, get_language, ngettext
from .knowledge import Known, PlayerView, next_known, player_view, start_known
from .numbering import line_number, move_number
from .record import io
from .record.json_form import Recording, RecordingError
from .record.tree import ANNOTATION_KEYS, GameNode, GameTree, variations_refusal
from .rules import Rules, preset_words
from .text import esc, name_html
from .unseen import (
    PartialDeal,
    PartialError,
    PartialGame,
    PartialReplay,
    Seen,
    UnseenDrew,
    check_partial,
    side_line_deal,
)

__all__ = [
    "SNAPSHOT_EVERY",
    "THIN_AFTER",
    "PlayerView",
    "Replay",
    "Step",
    "Variation",
    "VariationError",
    "card_codes",
    "drawn_count",
    "event_rows",
    "line_branch",
    "line_deal",
    "partial_line_game",
    "path_text",
    "replay_rows",
    "replay_summary_html",
    "unseen_cards_text",
]

#: A copy of the live game is kept before every ``SNAPSHOT_EVERY``-th move.
SNAPSHOT_EVERY = 16
#: Past ``THIN_AFTER * snapshot_every`` moves the kept games thin out: the next is kept
#: ``k // THIN_AFTER`` moves after the one at ``k``.  A copy costs time and memory in
#: the moves played (the game's history, R27's positions seen), so copies every 16
#: moves of a 100,000-move game would cost time and memory quadratic in its length
#: (16 s and gigabytes); thinned, about ``THIN_AFTER`` copies per doubling of the length,
#: linear in it, and :meth:`Replay.game` replays at most ``k // THIN_AFTER`` moves.
THIN_AFTER = 64


class Step(NamedTuple):
    """One move with the positions around it (:meth:`Replay.steps`).  Over the board
    (:attr:`Replay.partial`) the positions' hands and talon are a witness's, never to be
    shown (:meth:`Replay.seen`), and a draw names only the cards known.

    Attributes:
        k: the move's 0-based index.
        before: the position before the move.
        move: the move.
        events: what the move caused (take, bito, draws, out, game over), in order.
        after: the position after the move.
    """

    k: int
    before: Position
    move: Move
    events: tuple[Event, ...]
    after: Position


def drawn_count(event: Drew) -> int:
    """How many cards a draw took from the talon (R16), known or not: over the board a
    refill is an :class:`~durak_nb.unseen.UnseenDrew` naming only the cards known."""
    return event.count if isinstance(event, UnseenDrew) else len(event.cards)


#: Person-facing words of the rows (:func:`event_rows`) about cards nobody saw (over-the-board games).
#: Marked for the catalogue, translated at use (``_(UNSEEN_WORDS[key])``).
UNSEEN_WORDS = {
    # TRANSLATORS: the cards a player drew: the codes seen and how many nobody saw, "7H QS +2 unseen"
    "drew": N_("{codes} +{n} unseen"),
    # TRANSLATORS: a draw of cards nobody saw: "2 unseen"
    "drew_none": N_("{n} unseen"),
}


def card_codes(cards: Iterable[Card]) -> str:
    """The cards' codes, space-separated (``'7S TH'``): how the tables write cards."""
    return " ".join(c.code for c in cards)


def replay_rows(replay: Replay, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
    """Moves ``start..stop-1`` of ``replay`` as plain rows (e.g. for ``pandas.DataFrame``;
    :meth:`Replay.rows <durak_nb.replay.Replay.rows>`): ``{"k", "bout", "player",
    "action", "cards", "explained"}``, ``cards`` the codes laid (``"7S on 6S"`` for a
    cover), ``explained`` the move in words with its rule ids
    (:func:`durak_nb.explain.explain_move`)."""
    stop = len(replay) if stop is None else min(stop, len(replay))
    replay.prefetch(max(start, 0), stop + 1)
    names = replay.players
    out: list[dict[str, Any]] = []
    for k in range(start, stop):
        m = replay.move(k)
        out.append(
            {
                "k": k,
                "bout": replay.position(k).bout,
                "player": names[m.player],
                "action": m.action.value,
                "cards": card_codes(m.cards) + (f" on {m.target.code}" if m.target is not None else ""),
                "explained": replay.explain(k),
            }
        )
    return out


def _drawn(event: Drew) -> str:
    """A draw's cards as codes; over the board, the known ones and ``'+2 unseen'``."""
    unseen = drawn_count(event) - len(event.cards)
    if not unseen:
        return card_codes(event.cards)
    key = "drew" if event.cards else "drew_none"
    return _(UNSEEN_WORDS[key]).format(codes=card_codes(event.cards), n=unseen)


def event_rows(replay: Replay, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
    """Moves ``start..stop-1`` of ``replay`` with the events each caused beside them,
    one row per move (e.g. for ``pandas.DataFrame``; :meth:`Replay.events_table
    <durak_nb.replay.Replay.events_table>`):

    ``k``, ``bout`` (the bout the move belongs to), ``player``, ``move`` (in words);
    ``took`` (``"Boris: 6S 7S"``, R14), ``bito`` (the cards discarded, R15),
    ``drew`` (the draws in order, ``"Anna: 9C TH; Boris: 6H"``, R16; over the board
    the cards known and a count of the others, ``"Anna: 9C +1 unseen"``), ``out``
    (players out, in order, R24), ``lead_passed`` (R9), ``redeal`` (R5), ``result``
    (the game over text, R22/R25–R27); each ``""`` when the move caused none.
    """
    names = replay.players
    out: list[dict[str, Any]] = []
    for k in range(max(start, 0), len(replay) if stop is None else min(stop, len(replay))):
        c = caused(replay.events(k))
        lead = c.lead_passed[-1] if c.lead_passed else None
        out.append(
            {
                "k": k,
                "bout": replay.position(k).bout,
                "player": names[replay.move(k).player],
                "move": replay.move(k).describe(names),
                "took": "" if c.took is None else f"{names[c.took.player]}: {card_codes(c.took.cards)}",
                "bito": "" if c.bito is None else card_codes(c.bito.cards),
                "drew": "; ".join(f"{names[d.player]}: {_drawn(d)}" for d in c.drew),
                "out": ", ".join(names[o.player] for o in c.out),
                "lead_passed": "" if lead is None else f"{names[lead.player]} to {names[lead.to]}",
                "redeal": "" if c.redealt is None else names[c.redealt.player],
                "result": "" if c.game_over is None else c.game_over.result.describe(names),
            }
        )
    return out


def unseen_cards_text(n: int) -> str:
    """``'3 cards nobody saw'`` in the language in use (over the board)."""
    return ngettext("{n} card nobody saw", "{n} cards nobody saw", n).format(n=n)


def replay_summary_html(replay: Replay) -> str:
    """A short summary of ``replay`` (variant, players, moves, the result and the final
    hands): what Jupyter shows for a :class:`~durak_nb.replay.Replay`
    (``Replay._repr_html_``).  Every recorded text is escaped.  Over the board
    (``Replay.partial``) a hand shows the cards known and counts the others."""
    state = replay.result.describe(replay.players) if replay.result is not None else _("not finished")
    final = replay.seen(len(replay))  # over the board: the cards known, and a count of the others

    def hand(s: int) -> str:
        text = " ".join(c.pretty for c in final.hands[s])
        if final.unknown[s]:
            text = (text + " + " if text else "") + unseen_cards_text(final.unknown[s])
        return esc(text) or "—"

    hands = "".join(f"<li>{name_html(name)}: {hand(s)}</li>" for s, name in enumerate(replay.players))
    n = len(replay)
    # TRANSLATORS: {preset} is the variant's name, {players} the names, {state} the result
    summary = ngettext(
        "<b>{preset}</b>: {players}; {n} moves; {state}<br>final hands:",
        "<b>{preset}</b>: {players}; {n} moves; {state}<br>final hands:",
        n,
    ).format(
        preset=esc(preset_words(replay.recording.rules.preset)),
        players=esc(", ".join(replay.players)),
        n=n,
        state=esc(state),
    )
    return f"<div class='dnb-replay'>{summary}<ul>{hands}</ul></div>"


#: A line's path from the main line: ``((k, i), ...)``, each step "line ``i`` of those
#: branching before move ``k`` of the line before" (``i = 0``: that line's own continuation).
LinePath = tuple[tuple[int, int], ...]


def path_text(path: LinePath) -> str:
    """A line path in words: ``'main line'``, or ``'12.1 > 3.2'`` for side line 2 instead
    of move 3 of side line 1, which stands instead of move 12 of the main line (moves as
    people count them, from 1: :func:`durak_nb.numbering.line_number`; the path's own
    steps stay 0-based; lines 1-based, ``.0`` is a line's own continuation)."""
    return line_number(path) if path else _("main line")


@dataclass(frozen=True)
class Variation:
    """One of the lines that branch before move ``k`` (:meth:`Replay.variations`).

    Attributes:
        k: the move of the current line that the line replaces (it starts from the
            position before move ``k``).
        index: 0 for the current line's own continuation (the main line is the first),
            1, 2, … for the side lines in their recorded order.
        moves: the line's moves.
        path: the line's path from the main line (:func:`path_text`).
    """

    k: int
    index: int
    moves: tuple[Move, ...]
    path: LinePath

    @property
    def name(self) -> str:
        """The line in words, e.g. ``'12.1'`` (:func:`path_text`); the current line's own
        continuation (``index`` 0) is named as that line is: ``'main line'`` on the main
        line (issue 22: lesson 9 listed it as ``'6.0'``), ``'12.1'`` on side line 12.1."""
        return path_text(self.path[:-1] if self.index == 0 else self.path)

    def describe(self, names: Sequence[str]) -> str:
        """``'12.1: Anna takes … (3 moves)'``."""
        if not self.moves:
            return _("{name}: no moves").format(name=self.name)
        first = self.moves[0].describe(names)
        if len(self.moves) == 1:
            # TRANSLATORS: {name} is a line's path ("12.1"), {move} its first move in words
            return _("{name}: {move}").format(name=self.name, move=first)
        n = len(self.moves)
        return ngettext("{name}: {move} … ({n} moves)", "{name}: {move} … ({n} moves)", n).format(
            name=self.name, move=first, n=n
        )


class VariationError(RecordingError):
    """An illegal move in a side line (a :class:`RecordingError` whose ``move`` is the
    index in the line), or a ``meta.variations`` member that is not of the documented form.

    Attributes:
        path: the line's path from the main line (:func:`path_text`); ``()`` for a
            malformed ``meta.variations``.
    """

    def __init__(self, message: str, *, path: LinePath, **where: Any) -> None:
        self.path = path
        super().__init__(message, **where)


@dataclass(frozen=True)
class _Info:
    """Engine answers about the game before one move (asked when first wanted)."""

    actors: tuple[int, ...]  #: seats with a legal move (Game.actors)
    throwers: tuple[int, ...]  #: seats allowed to throw in (Game.throwers, R11)
    room: int  #: how many more attack cards may be added now (Game.room, R13)


def _share(pos: Position, prev: Position, passes: dict[frozenset[int], frozenset[int]]) -> Position:
    """``pos`` (the engine's ``Game.position()`` after a move, new and not yet shown to
    anyone), with every part that equals ``prev``'s taken from ``prev`` (the same tuple
    objects: a hand that did not change is one tuple) and each set of passed seats kept
    once in ``passes``, so that consecutive positions share what did not change
    (memory).  Knows no field list of :class:`~durak_nb.engine.Position`: every tuple
    or frozenset field (:data:`_PARTS`) is shared alike."""
    for f in _PARTS:
        new, old = getattr(pos, f), getattr(prev, f)
        if new is old:
            continue
        if new == old:
            shared = old
        elif isinstance(new, frozenset):
            shared = passes.setdefault(new, new)
        elif f == "hands":  # one tuple per seat: share the hands that did not change
            shared = tuple(oh if nh == oh else nh for nh, oh in zip(new, old, strict=True))
        else:
            continue
        object.__setattr__(pos, f, shared)  # pos is new: sharing equal parts changes no value
    return pos


#: the fields of :class:`~durak_nb.engine.Position` holding tuples or sets (the parts
#: consecutive positions share), as the dataclass declares them
_PARTS = tuple(f.name for f in dataclasses.fields(Position) if str(f.type).startswith(("tuple", "frozenset")))


def _play_in_line(game: Game, move: Move, j: int, path: LinePath, rec: Recording) -> list[Event]:
    """Play move ``j`` of the side line ``path`` on ``game``.

    Raises:
        VariationError: the move is illegal there.
    """
    try:
        return game.play(move)
    except IllegalMove as exc:
        raise VariationError(
            # TRANSLATORS: {line} is a side line's path ("7.1"), {move} the move in words, {why} the engine's refusal
            _("variation {line}, move {j} ({move}): {why}").format(
                line=path_text(path), j=move_number(j), move=move.describe(rec.players), why=exc.refusal.message
            ),
            path=path,
            file=rec.file,
            move=j,
            rule=exc.refusal.rule,
            state=game.position(),
        ) from exc


def _line_steps(
    game: Game, moves: Iterable[Move], path: LinePath, rec: Recording
) -> Iterator[tuple[Game, Move, list[Event]]]:
    """Like ``Recording.steps()`` for a side line: the live game after each move."""
    for j, move in enumerate(moves):
        events = _play_in_line(game, move, j, path, rec)
        yield game, move, events


def line_branch(path: LinePath) -> int | None:
    """The main-line move that the line at ``path`` replaces: the index where it leaves
    the main line (``None`` for the main line and its own continuations, ``i = 0``).

    >>> line_branch(((12, 1), (3, 2))), line_branch(((12, 0), (3, 2))), line_branch(((4, 0),))
    (12, 15, None)
    """
    at = 0
    for k, i in path:
        at += k
        if i:
            return at
    return None


def line_deal(rec: Recording, branch: int | None, mainline: Sequence[Move] | None = None) -> PartialDeal:
    """The facts an over-the-board line is decided from: the recording's
    :class:`~durak_nb.unseen.PartialDeal`; for a line leaving the main line before move
    ``branch`` (:func:`line_branch`), :func:`~durak_nb.unseen.side_line_deal` (the one
    rule, which the notation's reader and writer ask too): the seen draws (R16) after
    the branching become "these cards lay at these talon places" facts, which the line
    inherits; who drew them after which move is the main line's.  ``branch=None``: the
    deal itself.

    Args:
        rec: an over-the-board recording.
        branch: the main-line move the line replaces, or ``None``.
        mainline: the main line's moves (``rec.moves`` unless given: an annotator's
            edited tree).

    Raises:
        ValueError: ``rec``'s deal is not a :class:`~durak_nb.unseen.PartialDeal`.
    """
    deal: object = rec.deal
    if not isinstance(deal, PartialDeal):
        raise ValueError("line_deal: the recording's deal is not a partial deal (a full-deck game)")
    return side_line_deal(rec.rules, rec.players, deal, rec.moves if mainline is None else mainline, branch)


def partial_line_game(
    rec: Recording, moves: Sequence[Move], branch: int | None, mainline: Sequence[Move] | None = None
) -> PartialGame:
    """The live :class:`~durak_nb.unseen.PartialGame` of an over-the-board line after
    ``moves`` (from the deal), the line leaving the main line before move ``branch``
    (:func:`line_deal`): what may be offered or played there, as :class:`Replay`
    decides its lines.  The redeals (R5) among ``moves`` are announced, as
    :func:`~durak_nb.unseen.check_partial` does.  ``mainline``: as :func:`line_deal`.

    Raises:
        ValueError: ``rec``'s deal is not a :class:`~durak_nb.unseen.PartialDeal`.
        IllegalMove: a move of ``moves`` that no consistent deck order allows (its rule).
    """
    deal: object = rec.deal
    if not isinstance(deal, PartialDeal):
        raise ValueError("partial_line_game: the recording's deal is not a partial deal (a full-deck game)")
    redeals = [j for j, m in enumerate(moves) if m.action is Action.REDEAL]
    g = PartialGame(rec.rules, rec.players, line_deal(rec, branch, mainline), redeals=redeals)
    for m in moves:
        g.play(m)
    return g


def _decide(rec: Recording) -> PartialReplay:
    """An over-the-board recording decided whole: the recording's own decision
    (:meth:`~durak_nb.record.json_form.Recording.partial`, made once and kept, so a
    recording the reader has just checked is not decided again).

    Raises:
        RecordingError: the first move no deck order allows, with its place and rule
            (as the recording's own ``steps()`` says it).
        SetupError: facts no deck order meets (R1–R4, R16).
    """
    decided, error = rec.partial()
    if error is not None:
        for _step in rec.steps():  # the recording's own error: the move's place and its rule
            pass
        raise error
    return decided


def _decide_line(
    rec: Recording, deal: PartialDeal, prefix: Sequence[Move], moves: Sequence[Move], path: LinePath
) -> PartialReplay:
    """A side line of an over-the-board game decided: the moves ``prefix`` from the deal
    to its branching, then its own ``moves``.

    Raises:
        VariationError: the first move of the line no deck order allows (its index in
            the line, the rule; no ``state``: a witness's position holds cards nobody saw).
    """
    try:
        return check_partial(rec.rules, rec.players, line_deal(rec, line_branch(path)), [*prefix, *moves])
    except PartialError as exc:
        j = exc.index - len(prefix)
        raise VariationError(
            _("variation {line}, move {j} ({move}): {why}").format(
                line=path_text(path), j=move_number(j), move=exc.move.describe(rec.players), why=exc.refusal.message
            ),
            path=path,
            file=rec.file,
            move=j,
            rule=exc.refusal.rule,
        ) from exc


def _witness_line(
    decided: PartialReplay, start: int, moves: Sequence[Move]
) -> tuple[Game, Iterator[tuple[Game, Move, list[Event]]], list[Move]]:
    """The witness of an over-the-board line from index ``start`` of ``decided``: the
    engine game there (kept, never played on), the steps after it (the live witness,
    the recorded move, the events as a person may see them: refills as
    :class:`~durak_nb.unseen.UnseenDrew`) and the moves as the witness plays them (a
    redeal, R5, carries its witness deck).  Internal: a witness's hidden cards are never
    shown to a person."""
    played = decided.witness_moves()
    game = decided.witness_start()
    for m in played[:start]:
        game.play(m)

    def steps() -> Iterator[tuple[Game, Move, list[Event]]]:
        live = game.copy()
        for j, m in enumerate(played[start:]):
            live.play(m)
            yield live, moves[j], decided.events(start + j)

    return game, steps(), played[start:]


def _check_index(k: object, what: str) -> None:
    """Refuse an index that is not an int (N10): a float, a str, ``None``, or a bool
    (``True`` is not move 1).

    Raises:
        TypeError: naming ``what`` and the value given.
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"{what} must be an int (an index), not {shown(k)}")


class Replay:
    """A recording replayed once, with every position kept; or one line of its variations.

    Args:
        recording: the :class:`~durak_nb.record.Recording` to replay.
        snapshot_every: keep a copy of the live game every that many moves (bigger:
            less memory, slower :meth:`game`); past ``THIN_AFTER * snapshot_every``
            moves, one every ``k // THIN_AFTER`` moves (:data:`THIN_AFTER`).
        variations: take the side lines of ``meta.variations`` (docs/notation.md):
            each is checked against the engine from its branching position now, and
            :meth:`enter` steps into it.  ``False``: the main line only.

    Raises:
        RecordingError: an illegal move of the main line (raised by the recording's
            ``steps()``, with the move index, the rule id and the position before it).
        VariationError: an illegal move in a side line (its path, the move's index in
            the line, the rule id, the position before it), or a ``meta.variations``
            that is not of the documented form.
        TypeError: ``recording`` is not a :class:`Recording` (a path: use :meth:`load`).
        ValueError: ``snapshot_every`` below 1.

    Index ``k`` runs over ``0..len(self)`` for positions, views and turns, over
    ``0..len(self) - 1`` for moves, events and texts; a wrong index raises
    ``IndexError``, one that is not an int (a float, a str, ``None``, a bool)
    ``TypeError``.  Iterating yields ``(position before move k, move k)`` pairs.

    A side line is a :class:`Replay` too (:meth:`enter`): its index 0 is the position
    where it branches off; :attr:`parent` (or :meth:`exit`) leads back.

    Attributes:
        recording: the recording (of the whole game, for a side line too).
        players: seat names.
        snapshot_every: as given.
        parent: the line this one branches from (``None`` for the main line).
        branch: ``(k, i)``: this line is ``parent.variations(k)[i]`` (``None`` for the main line).
        path: the line's path from the main line (``()`` for the main line, :func:`path_text`).
    """

    #: over the board: the line's decision and the moves as its witness plays them (internal)
    _witness: PartialReplay | None
    _played: list[Move] | None

    def __init__(self, recording: Recording, *, snapshot_every: int = SNAPSHOT_EVERY, variations: bool = True) -> None:
        given = cast(object, recording)  # a caller may pass anything
        if not isinstance(given, Recording):  # e.g. a path: that is Replay.load (N10)
            hint = ": Replay.load(path) reads a file" if isinstance(given, (str, Path)) else ""
            raise TypeError(f"Replay: recording must be a Recording, not {shown(given)}{hint}")
        deal: object = recording.deal
        decided = None
        if isinstance(deal, PartialDeal):  # over the board: one decision, its witness's steps
            decided = _decide(recording)
            start, steps, played = _witness_line(decided, 0, recording.moves)
        else:
            start, steps = recording.new_game(), recording.steps()
        self._build(recording, start, steps, start_known(recording, start.position()), snapshot_every)
        if decided is not None:
            self._witness, self._played = decided, played
        self._line_init(None, None, None, variations)
        if variations and "variations" in recording.meta:
            self._check_side_lines()

    def _line_init(
        self, parent: Replay | None, branch: tuple[int, int] | None, nodes: list[GameNode] | None, side_lines: bool
    ) -> None:
        self.parent = parent
        self.branch = branch
        #: the moves from the deal to this line's position 0 (``()`` for the main line)
        self._prefix: tuple[Move, ...] = (
            () if parent is None or branch is None else (*parent._prefix, *parent._moves[: branch[0]])
        )
        self.path: LinePath = () if parent is None or branch is None else (*parent.path, branch)
        self._tree: GameTree | None = None
        self._nodes = nodes
        self._lines: dict[tuple[int, int], Replay] = {}
        self._side_lines = side_lines

    def _build(
        self,
        recording: Recording,
        start: Game,
        steps: Iterable[tuple[Game, Move, list[Event]]],
        known: Known,
        snapshot_every: int,
    ) -> None:
        """Walk ``steps`` (the live game after each move) from ``start`` (kept, never played on)."""
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be at least 1, not {snapshot_every}")
        self.recording = recording
        self.players: tuple[str, ...] = tuple(recording.players)
        self.snapshot_every = snapshot_every
        self._moves: list[Move] = []
        self._events: list[tuple[Event, ...]] = []
        self._positions: list[Position] = [start.position()]
        self._known: list[Known] = [known]
        self._snapshots: list[Game] = [start]
        self._snapshot_at: list[int] = [0]  #: the index each kept game stands at, ascending
        due = snapshot_every
        passes = {self._positions[0].passed: self._positions[0].passed}
        for game, move, events in steps:
            # the live game now stands after ``move``
            ev = tuple(events)
            after = _share(game.position(), self._positions[-1], passes)
            self._moves.append(move)
            self._events.append(ev)
            self._positions.append(after)
            known = next_known(known, move, ev, after)
            self._known.append(known)
            if len(self._moves) == due:
                self._snapshots.append(game.copy())
                self._snapshot_at.append(due)
                due += max(snapshot_every, due // THIN_AFTER)
        self._infos: list[_Info | None] = [None] * len(self._positions)
        self._words: list[str | None] = [None] * len(self._moves)
        self._words_lang = get_language()  # the language the words in _words are in
        self._seen: list[Seen | None] = [None] * len(self._positions)
        self._witness = None
        self._played = None

    @classmethod
    def load(cls, path: str | Path, game: int = 0) -> Replay:
        """Read a recording and replay it: the notation (``.durak``) or the JSON form
        (``.json``: a document, or an array of them, a match), by suffix.

        Args:
            path: the file.
            game: which game of a match (0-based); 0 for a file of one game.

        Raises:
            RecordingError: the file cannot be read, is not a valid document, or
                holds an illegal move.
            TypeError: ``game`` is not an int (a bool is not a game number).
            IndexError: the file has no game number ``game``.
        """
        _check_index(game, "Replay.load: game")
        games, k = io.load_game(path, game)  # the one home of "game k of the file"
        return cls(games[k])

    # ------------------------------------------------------------------ access

    def __len__(self) -> int:
        """The number of moves."""
        return len(self._moves)

    def __iter__(self) -> Iterator[tuple[Position, Move]]:
        """``(position before move k, move k)`` for every move, in order."""
        for k, move in enumerate(self._moves):
            yield self._positions[k], move

    def steps(self, start: int = 0, stop: int | None = None) -> Iterator[Step]:
        """:class:`Step` ``(k, before, move, events, after)`` for moves ``start..stop-1``."""
        n = len(self._moves)
        for k in range(max(start, 0), n if stop is None else min(stop, n)):
            yield Step(k, self._positions[k], self._moves[k], self.events(k), self._positions[k + 1])

    def _pos_index(self, k: int) -> int:
        _check_index(k, "k")
        if not 0 <= k <= len(self._moves):
            raise IndexError(f"position index {k} is not in 0..{len(self._moves)}")
        return k

    def _move_index(self, k: int) -> int:
        _check_index(k, "k")
        if not 0 <= k < len(self._moves):
            raise IndexError(f"move index {k} is not in 0..{len(self._moves) - 1}")
        return k

    def position(self, k: int) -> Position:
        """The position before move ``k``; ``position(len(self))`` is the final one.

        Over the board (:attr:`partial`) its hands and talon are a witness's (one deck
        order consistent with the recording): never show them to a person; the sizes,
        the table, the discard and the roles are the game's.  :meth:`seen` is what is
        known of the cards.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._positions[self._pos_index(k)]

    def before(self, k: int) -> Position:
        """The position before move ``k`` (the same object as ``position(k)``).

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._positions[self._move_index(k)]

    def after(self, k: int) -> Position:
        """The position after move ``k`` (the same object as ``position(k + 1)``).

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._positions[self._move_index(k) + 1]

    @property
    def rules(self) -> Rules:
        """The game's rules (the recording's)."""
        return self.recording.rules

    @property
    def final(self) -> Position:
        """The position after the last move."""
        return self._positions[-1]

    @property
    def result(self) -> Result | None:
        """How the game ended (R22, R24–R27), or ``None`` if the recording stops early."""
        return self.final.result

    def move(self, k: int) -> Move:
        """Move ``k`` (0-based), as played (a redeal carries its deck, R5).

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._moves[self._move_index(k)]

    def events(self, k: int) -> tuple[Event, ...]:
        """The events move ``k`` caused, in order (take, bito, draws, out, game over).

        In an over-the-board game (:attr:`partial`) each draw (R16) is an
        :class:`~durak_nb.unseen.UnseenDrew`: the cards drawn that the whole recording
        knows, and how many were drawn (:func:`drawn_count`).

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._events[self._move_index(k)]

    # ------------------------------------------------------------------ what is known

    @property
    def partial(self) -> bool:
        """Whether this is an over-the-board game: a deal nobody saw whole
        (:class:`~durak_nb.unseen.PartialDeal`; INTERCHANGE.md, "Over-the-board
        recordings").  Its positions then come from one deck order consistent with the
        recording (a witness): their hands and talon hold cards nobody saw and are
        never to be shown; :meth:`seen` is what is known."""
        return isinstance(self.recording.deal, PartialDeal)

    def seen(self, k: int) -> Seen:
        """What is known of the cards before move ``k``: per seat the cards known to be
        in the hand (sorted) and how many are not known, and the talon (top first,
        ``None`` for a card not known).

        A full-deck game: the position's hands, ``unknown`` all 0, the talon as it is.
        An over-the-board game (:attr:`partial`): what the whole recording tells
        (:func:`durak_nb.unseen.check_partial`'s ``seen_at``): cards laid and taken
        back into a hand (R14), shown (R4, R20), seen dealt or drawn, or forced there
        (e.g. at the end, whatever must be in the last hand).  A side line knows what
        its own moves and the recording before its branching tell.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        i = self._pos_index(k)
        got = self._seen[i]
        if got is None:
            if self.partial:
                got = self._partial_replay().seen_at(len(self._prefix) + i)
            else:
                pos = self._positions[i]
                got = Seen(pos.hands, (0,) * len(pos.hands), pos.talon)
            self._seen[i] = got
        return got

    def seen_then(self, k: int) -> Seen:
        """What was known of the hands *at* move ``k``, from what happened up to then:
        :meth:`seen` without what only later moves tell.  Over the board
        (:attr:`partial`) a card shows in a hand at ``k`` only when it was seen there by
        then: public knowledge (taken R14, shown R4/R20, the turned-up trump drawn
        R3/R16: :meth:`known`), a hand seen dealt (the first deal's, before any redeal,
        R5) or a refill seen drawn in a bout ended before ``k`` (R16).  A card that
        :meth:`seen` places in a hand only because the player lays it later (a spoiler
        at the table) is counted unknown.  A full-deck game: :meth:`seen` itself.
        The talon is :meth:`seen`'s.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        later = self.seen(k)
        if not self.partial:
            return later
        i = self._pos_index(k)
        done = len(self._prefix) + i  # moves played before move k, from the deal
        deal = self._line_deal()
        base = [set(cards) for cards in self.known(k)]
        played = [*self._prefix, *self._moves[:i]]
        if not any(m.action is Action.REDEAL for m in played):
            for seat, cards in deal.hands:
                base[seat].update(cards)
            for d in deal.draws:
                if d.after < done:
                    base[d.player].update(d.cards)
        hands = tuple(tuple(c for c in cards if c in base[s]) for s, cards in enumerate(later.hands))
        unknown = tuple(u + len(cards) - len(h) for u, cards, h in zip(later.unknown, later.hands, hands, strict=True))
        return Seen(hands, unknown, later.talon)

    def _partial_replay(self) -> PartialReplay:
        """The over-the-board line's decision (:func:`durak_nb.unseen.check_partial`)
        over the moves from the deal to this line's end (made with the line)."""
        if self._witness is None:
            rec = self.recording
            self._witness = check_partial(rec.rules, rec.players, self._line_deal(), [*self._prefix, *self._moves])
        return self._witness

    def game(self, k: int) -> Game:
        """A fresh live :class:`Game` standing before move ``k`` (a copy of the nearest
        kept game, with the moves after it replayed), e.g. to ask for its legal moves
        or why a move would be illegal.  Yours to play on.

        Over the board (:attr:`partial`) it is a witness's game (one deck order
        consistent with the recording): its hands and talon hold cards nobody saw,
        never to be shown to a person; show :meth:`seen`.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        self._pos_index(k)
        i = bisect.bisect_right(self._snapshot_at, k) - 1
        g = self._snapshots[i].copy()
        moves = self._moves if self._played is None else self._played  # a witness plays a redeal with its deck
        for move in moves[self._snapshot_at[i] : k]:
            g.play(move)
        return g

    def _info(self, k: int) -> _Info:
        info = self._infos[self._pos_index(k)]
        if info is None:
            self._fill_infos(k, k + 1)
            info = self._infos[k]
            assert info is not None
        return info

    def _fill_infos(self, start: int, stop: int) -> None:
        """Ask the engine who may act etc. at every index ``start..stop-1`` not yet
        known, walking one live game forward.  Over the board (:attr:`partial`) the
        live game is an :class:`~durak_nb.unseen.PartialGame` (who may act in SOME deck
        order consistent with the moves so far), never the witness: a witness's
        hidden cards would decide who may act."""
        if self.partial:
            self._fill_partial_infos()
            return
        g: Game | None = None
        for k in range(start, stop):
            if self._infos[k] is not None:
                g = None
                continue
            if g is None:
                g = self.game(k)
            self._infos[k] = _Info(tuple(g.actors()), tuple(g.throwers()), g.room())
            if k < len(self._moves):
                g.play(self._moves[k])

    def _line_deal(self) -> PartialDeal:
        """The over-the-board deal this line is played from: the recording's; for a
        side line, :func:`line_deal` (the main line's seen draws after its branching as
        talon facts)."""
        return line_deal(self.recording, line_branch(self.path))

    def partial_game(self, k: int) -> PartialGame:
        """Over the board (:attr:`partial`): a fresh live
        :class:`~durak_nb.unseen.PartialGame` standing before move ``k``, what may be
        offered to a person there (its ``candidates()``: every move some deck order
        consistent with the moves so far allows; ``why_illegal``, ``seen()``), never a
        witness's legal moves.  Yours to play on.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
            ValueError: this is a full-deck game (:meth:`game` is its live game).
        """
        self._pos_index(k)
        if not self.partial:
            raise ValueError("partial_game: a full-deck game; Replay.game(k) is its live game")
        g = self._line_start()
        for m in self._moves[:k]:
            g.play(m)
        return g

    def branch_game(self, k: int) -> Game | PartialGame:
        """A fresh live game to play a new line from, one replacing move ``k`` (or
        continuing the line at its end): :meth:`game` ``(k)``; over the board
        (:attr:`partial`) the :class:`~durak_nb.unseen.PartialGame` of such a line, from
        the facts it is decided from (:func:`line_deal`: no seen draw of the moves it
        replaces), as :meth:`enter` decides side lines.  What a game tree or an
        annotator explores; yours to play on.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        self._pos_index(k)
        if not self.partial:
            return self.game(k)
        branch = line_branch(self.path)
        moves = [*self._prefix, *self._moves[:k]]
        return partial_line_game(self.recording, moves, len(moves) if branch is None else branch)

    def _line_start(self) -> PartialGame:
        """A live :class:`~durak_nb.unseen.PartialGame` at this over-the-board line's
        position 0: dealt from the line's facts, the moves to its branching played
        (the redeals, R5, of the whole line announced, as ``check_partial`` does)."""
        rec = self.recording
        line = [*self._prefix, *self._moves]
        redeals = [j for j, m in enumerate(line) if m.action is Action.REDEAL]
        g = PartialGame(rec.rules, rec.players, self._line_deal(), redeals=redeals)
        for m in self._prefix:
            g.play(m)
        return g

    def _fill_partial_infos(self) -> None:
        """Who may act, throw in and the room (R11–R13) at every index of an
        over-the-board line, from one :class:`~durak_nb.unseen.PartialGame` walked from
        the deal (no witness asked): all at once, the first time one is wanted (a walk
        costs the decision again, so stepping through the line walks once)."""
        if self._infos[-1] is not None:
            return
        g = self._line_start()
        for k in range(len(self._infos)):
            if self._infos[k] is None:
                self._infos[k] = _Info(tuple(g.actors()), tuple(g.throwers()), g.room())
            if k < len(self._moves):
                g.play(self._moves[k])

    def whose_turn(self, k: int) -> tuple[int, ...]:
        """The seats that may act before move ``k``: those with at least one legal
        move (R9–R14: during a bout the defender and the throwers act concurrently).
        Empty at the end of a finished game.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._info(k).actors

    def throwers(self, k: int) -> tuple[int, ...]:
        """The seats allowed to throw in before move ``k`` (R11, R22), as the engine
        answers; with an empty table, those who could throw once the bout is led.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._info(k).throwers

    def room(self, k: int) -> int:
        """How many more attack cards may be added before move ``k`` (R13a–c).

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._info(k).room

    # ------------------------------------------------------------------ annotations

    def _node(self, k: int) -> GameNode | None:
        """The tree node of move ``k`` of this line, or ``None`` (no such move, or a
        recording without annotations: then no tree is built)."""
        if not 0 <= k < len(self._moves):
            return None
        if not any(key in self.root.recording.meta for key in ANNOTATION_KEYS):
            return None
        return self._line_nodes()[k]

    def comment(self, k: int) -> str | None:
        """The comment after move ``k`` of this line (``meta.comments``, or the line's
        ``comments``), as plain text, or ``None``.  Never interpreted."""
        node = self._node(k)
        return None if node is None else node.comment_after

    def comment_before(self, k: int) -> str | None:
        """The comment before move ``k`` of this line (``comments_before``), or ``None``."""
        node = self._node(k)
        return None if node is None else node.comment_before

    def glyph(self, k: int) -> str | None:
        """The annotation glyph of move ``k`` of this line (one of ``! ? !! ?? !? ?!``), or ``None``."""
        node = self._node(k)
        return None if node is None else node.glyph

    # ------------------------------------------------------------------ variations

    @property
    def tree(self) -> GameTree:
        """The :class:`~durak_nb.record.tree.GameTree` of the whole recording (made
        when first wanted; shared by every line)."""
        root = self.root
        if root._tree is None:
            root._tree = GameTree.from_recording(root.recording)
        return root._tree

    @property
    def root(self) -> Replay:
        """The main line's replay."""
        line = self
        while line.parent is not None:
            line = line.parent
        return line

    @property
    def name(self) -> str:
        """This line's path in words: ``'main line'`` or e.g. ``'12.1 > 3.2'``."""
        return path_text(self.path)

    def _line_nodes(self) -> list[GameNode]:
        """The tree nodes of this line's moves, in order."""
        if self._nodes is None:
            if self.parent is None or self.branch is None:
                self._nodes = self.tree.mainline()
            else:  # a line's own continuation from move k
                self._nodes = self.parent._line_nodes()[self.branch[0] :]
        return self._nodes

    def _has_side_lines(self) -> bool:
        return self._side_lines and "variations" in self.root.recording.meta

    def variations(self, k: int) -> list[Variation]:
        """The lines that branch before move ``k`` (each replaces move ``k`` and starts
        from :meth:`position` ``(k)``): first this line's own continuation (the main
        line is the first), then the side lines recorded there, in order.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        self._move_index(k)
        out = [Variation(k, 0, tuple(self._moves[k:]), (*self.path, (k, 0)))]
        if self._has_side_lines():
            for i, alt in enumerate(self._line_nodes()[k].siblings(), 1):
                moves = tuple(n.move for n in (alt, *alt.mainline()) if n.move is not None)
                out.append(Variation(k, i, moves, (*self.path, (k, i))))
        return out

    def enter(self, k: int, i: int = 1) -> Replay:
        """Step into line ``i`` of :meth:`variations` ``(k)``: a :class:`Replay` of that
        line whose position 0 is this line's position ``k`` (``i = 0``: the rest of this
        line from move ``k``).  The same object every time; :meth:`exit` leads back.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``, or no line ``i`` there.
        """
        lines = self.variations(k)
        if not 0 <= i < len(lines):
            raise IndexError(f"line index {i} is not in 0..{len(lines) - 1} (lines before move {k})")
        sub = self._lines.get((k, i))
        if sub is None:
            nodes = None
            if i > 0:
                alt = self._line_nodes()[k].siblings()[i - 1]
                nodes = [alt, *alt.mainline()]
            sub = type(self).__new__(type(self))
            path = (*self.path, (k, i))
            decided = None
            if self.partial:  # over the board: the line decided from the deal, its own witness
                prefix = (*self._prefix, *self._moves[:k])
                decided = _decide_line(self.recording, self._root_deal(), prefix, lines[i].moves, path)
                start, steps, played = _witness_line(decided, len(prefix), lines[i].moves)
            else:
                start = self.game(k)
                steps = _line_steps(start.copy(), lines[i].moves, path, self.recording)
            sub._build(self.recording, start, steps, self._known[k], self.snapshot_every)
            if decided is not None:
                sub._witness, sub._played = decided, played
            sub._line_init(self, (k, i), nodes, self._side_lines)
            self._lines[(k, i)] = sub
        return sub

    def exit(self) -> Replay:
        """The line this one branches from (:attr:`parent`).

        Raises:
            ValueError: this is the main line.
        """
        if self.parent is None:
            raise ValueError("the main line does not branch from another line")
        return self.parent

    def _check_side_lines(self) -> None:
        """Play every side line of ``meta.variations`` from its branching position
        (an explicit stack: no recursion however deep the nesting).

        Raises:
            VariationError: a malformed ``meta.variations``, or an illegal move (the
                first in reading order: a line, then the lines branching from it).
        """
        rec = self.recording
        refusal = variations_refusal(rec)  # the tree did not take it: not the documented form
        if refusal is not None:
            raise VariationError(refusal.message, path=(), file=refusal.file)
        if self.partial:
            self._check_partial_side_lines()
            return
        todo: list[tuple[Game, list[GameNode], LinePath]] = []
        for k, node in enumerate(self._line_nodes()):
            for i, alt in enumerate(node.siblings(), 1):
                todo.append((self.game(k), [alt, *alt.mainline()], ((k, i),)))
        todo.reverse()
        while todo:
            game, nodes, path = todo.pop()
            branches: list[tuple[Game, list[GameNode], LinePath]] = []
            for j, node in enumerate(nodes):
                for i, alt in enumerate(node.siblings(), 1):
                    branches.append((game.copy(), [alt, *alt.mainline()], (*path, (j, i))))
                assert node.move is not None
                _play_in_line(game, node.move, j, path, rec)
            todo.extend(reversed(branches))

    def _root_deal(self) -> PartialDeal:
        """The recording's over-the-board deal (:attr:`partial` only)."""
        deal: object = self.recording.deal
        assert isinstance(deal, PartialDeal)
        return deal

    def _check_partial_side_lines(self) -> None:
        """:meth:`_check_side_lines` over the board: each side line decided from the
        deal (the moves to its branching, then its own), in the same reading order.

        Raises:
            VariationError: the first move of a line no deck order allows.
        """
        rec, deal = self.recording, self._root_deal()
        todo: list[tuple[list[Move], list[GameNode], LinePath]] = []
        for k, node in enumerate(self._line_nodes()):
            for i, alt in enumerate(node.siblings(), 1):
                todo.append((self._moves[:k], [alt, *alt.mainline()], ((k, i),)))
        todo.reverse()
        while todo:
            prefix, nodes, path = todo.pop()
            moves = [n.move for n in nodes if n.move is not None]
            _decide_line(rec, deal, prefix, moves, path)
            branches = [
                ([*prefix, *moves[:j]], [alt, *alt.mainline()], (*path, (j, i)))
                for j, node in enumerate(nodes)
                for i, alt in enumerate(node.siblings(), 1)
            ]
            todo.extend(reversed(branches))

    # ------------------------------------------------------------------ a player's view

    def view(self, k: int, player: int | str) -> PlayerView:
        """What ``player`` (a seat or a name) may know before move ``k``: own hand,
        table, trump card, talon and discard sizes, hand sizes, and the other players'
        cards seen taken (R14), shown (R4, R20) or drawn face up (the turned-up trump,
        R3, R16); see :class:`PlayerView`.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
            KeyError: ``player`` is not a seat or a name of this game.
        """
        pos = self._positions[self._pos_index(k)]
        return player_view(pos, self._seat(player), self._known[k], self.seen(k) if self.partial else None)

    def known(self, k: int) -> tuple[tuple[Card, ...], ...]:
        """The cards every player knows each seat holds before move ``k`` (public
        knowledge: taken R14, shown R4/R20, the turned-up trump drawn R3/R16), sorted.

        In an over-the-board game (:attr:`partial`) only cards the recording knows
        (:meth:`seen`): what the players saw and the recording knows.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        known = self._known[self._pos_index(k)]
        if not self.partial:
            return known
        seen = self.seen(k).hands
        return tuple(tuple(c for c in cards if c in seen[s]) for s, cards in enumerate(known))

    def _seat(self, player: int | str) -> int:
        if isinstance(player, str):
            if player not in self.players:
                raise KeyError(f"{player!r} is not a player of this game")
            return self.players.index(player)
        if isinstance(player, bool) or not 0 <= player < len(self.players):
            raise KeyError(f"seat {player!r} is not in 0..{len(self.players) - 1}")
        return player

    # ------------------------------------------------------------------ words

    def words(self, k: int) -> str:
        """Move ``k`` in words followed by its events' words, joined by ``'; '``.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        k = self._move_index(k)
        if self._words_lang != get_language():  # another language now: the words are said again
            self._words = [None] * len(self._moves)
            self._words_lang = get_language()
        text = self._words[k]
        if text is None:
            parts = [self._moves[k].describe(self.players)]
            parts += [e.describe(self.players) for e in self.events(k)]
            text = self._words[k] = "; ".join(parts)
        return text

    def explain(self, k: int, *, with_events: bool = True) -> str:
        """Move ``k`` in words with the rules behind it, then (``with_events``) what
        it caused.

        Every number comes from the engine (e.g. ``Game.room()`` for how many more
        cards may still be given, R13); no rule is decided here.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        self._move_index(k)
        return explain_move(self, k, with_events=with_events)

    # ------------------------------------------------------------------ tables

    def rows(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """Moves ``start..stop-1`` as plain rows (e.g. for ``pandas.DataFrame``):
        ``{"k", "bout", "player", "action", "cards", "explained"}``
        (:func:`replay_rows`)."""
        return replay_rows(self, start, stop)

    def events_table(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """Moves ``start..stop-1`` with the events each caused beside them, one row per
        move (:func:`event_rows`, whose text lists the columns)."""
        return event_rows(self, start, stop)

    def prefetch(self, start: int, stop: int) -> None:
        """Ask the engine once, walking one live game, who may act, who may throw in and
        the room left at every index ``start..stop-1`` (what :meth:`whose_turn`,
        :meth:`throwers` and :meth:`room` answer), so that reading many indices in a
        row replays no move twice."""
        self._fill_infos(max(start, 0), min(stop, len(self._positions)))

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        state = self.result.describe(self.players) if self.result is not None else "not finished"
        line = f" variation {self.name}," if self.path else ""
        moves = f"{len(self)} move" if len(self) == 1 else f"{len(self)} moves"
        return f"<Replay {self.recording.rules.preset} {', '.join(self.players)}:{line} {moves}, {state}>"

    def _repr_html_(self) -> str:
        """A short summary for Jupyter (:func:`replay_summary_html`); every recorded
        text is HTML-escaped."""
        return replay_summary_html(self)
