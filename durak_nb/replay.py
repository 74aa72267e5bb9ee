"""Replay a recording: the position before every move, the move, its events, in words.

A :class:`Replay` walks a :class:`~durak_nb.record.Recording` once, through the
recording's own :meth:`~durak_nb.record.Recording.steps` (so the engine decides every
rule), and keeps for every index ``k`` in ``0..len(replay)``: the immutable
:class:`~durak_nb.engine.Position` before move ``k`` (index ``len(replay)`` is the final
position), the seats that may act then, and, for ``k < len(replay)``, move ``k``, the
events it caused and the move in words.

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
>>> replay.whose_turn(1)
(0, 1)
>>> print(replay.explain(1))
Boris covers 6S with 7S — a higher ♠ beats it (побить, R6); every attack card is covered
>>> print(replay.words(2))
Anna passes; bito: 6S 7S to the discard (R15); Boris is out (R24); game over: Anna is the durak
>>> replay.result.describe(replay.players)
'Anna is the durak'
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Action, Bito, Event, Game, Move, Position, Result, Took
from .record.json_form import Recording

__all__ = ["Replay"]


@dataclass(frozen=True)
class _State:
    """What the replay keeps about the game before one move (engine answers only)."""

    position: Position
    actors: tuple[int, ...]  #: seats with a legal move (Game.actors)
    throwers: tuple[int, ...]  #: seats allowed to throw in (Game.throwers, R11)
    room: int  #: how many more attack cards may be added now (Game.room, R13)


def _state(game: Game) -> _State:
    return _State(game.position(), tuple(game.actors()), tuple(game.throwers()), game.room())


def _cards(n: int) -> str:
    return f"{n} more card" if n == 1 else f"{n} more cards"


class Replay:
    """A recording replayed once, with every position kept.

    Args:
        recording: the :class:`~durak_nb.record.Recording` to replay.

    Raises:
        RecordingError: an illegal move (raised by the recording's ``steps()``, with
            the move index, the rule id and the position before it).

    Index ``k`` runs over ``0..len(self)`` for positions and turns, over
    ``0..len(self) - 1`` for moves, events and texts; a wrong index raises
    ``IndexError``.  Iterating yields ``(position before move k, move k)`` pairs.
    """

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.players: tuple[str, ...] = tuple(recording.players)
        self._moves: list[Move] = []
        self._events: list[tuple[Event, ...]] = []
        self._states: list[_State] = [_state(recording.new_game())]
        for game, move, events in recording.steps():
            # the live game now stands after ``move``; store a snapshot of it
            self._moves.append(move)
            self._events.append(tuple(events))
            self._states.append(_state(game))
        self._words = [self._in_words(k) for k in range(len(self._moves))]

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a ``durak-nb/1`` JSON file and replay it.

        Raises:
            RecordingError: the file cannot be read, is not a valid document, or
                holds an illegal move.
        """
        return cls(Recording.load(path))

    # ------------------------------------------------------------------ access

    def __len__(self) -> int:
        """The number of moves."""
        return len(self._moves)

    def __iter__(self) -> Iterator[tuple[Position, Move]]:
        """``(position before move k, move k)`` for every move, in order."""
        for k, move in enumerate(self._moves):
            yield self._states[k].position, move

    def _state_at(self, k: int) -> _State:
        if not 0 <= k <= len(self._moves):
            raise IndexError(f"position index {k} is not in 0..{len(self._moves)}")
        return self._states[k]

    def _move_index(self, k: int) -> int:
        if not 0 <= k < len(self._moves):
            raise IndexError(f"move index {k} is not in 0..{len(self._moves) - 1}")
        return k

    def position(self, k: int) -> Position:
        """The position before move ``k``; ``position(len(self))`` is the final one.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._state_at(k).position

    @property
    def final(self) -> Position:
        """The position after the last move."""
        return self._states[-1].position

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

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._events[self._move_index(k)]

    def whose_turn(self, k: int) -> tuple[int, ...]:
        """The seats that may act before move ``k``: those with at least one legal
        move (R9–R14: during a bout the defender and the throwers act concurrently).
        Empty at the end of a finished game.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._state_at(k).actors

    def throwers(self, k: int) -> tuple[int, ...]:
        """The seats allowed to throw in before move ``k`` (R11, R22), as the engine
        answers; with an empty table, those who could throw once the bout is led.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._state_at(k).throwers

    def room(self, k: int) -> int:
        """How many more attack cards may be added before move ``k`` (R13a–c).

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        return self._state_at(k).room

    def comment(self, k: int) -> str | None:
        """The annotation of move ``k`` in ``meta.comments`` (keyed by the 0-based
        index as a string), as plain text, or ``None``.  Never interpreted."""
        comments = self.recording.meta.get("comments")
        if not isinstance(comments, dict):
            return None
        value = comments.get(str(k))
        return None if value is None else str(value)

    def game(self, k: int) -> Game:
        """A fresh live :class:`Game` standing before move ``k`` (replayed from the
        start), e.g. to ask for its legal moves or why a move would be illegal.

        Raises:
            IndexError: ``k`` not in ``0..len(self)``.
        """
        self._state_at(k)
        g = self.recording.new_game()
        for move in self._moves[:k]:
            g.play(move)
        return g

    # ------------------------------------------------------------------ words

    def words(self, k: int) -> str:
        """Move ``k`` in words followed by its events' words, joined by ``'; '``.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        return self._words[self._move_index(k)]

    def _in_words(self, k: int) -> str:
        parts = [self._moves[k].describe(self.players)]
        parts += [e.describe(self.players) for e in self._events[k]]
        return "; ".join(parts)

    def explain(self, k: int, *, with_events: bool = True) -> str:
        """Move ``k`` in words with the rules behind it, then (``with_events``) what
        it caused.

        Every number comes from the engine (e.g. ``Game.room()`` for how many more
        cards may still be given, R13); no rule is decided here.

        Raises:
            IndexError: ``k`` not in ``0..len(self) - 1``.
        """
        move = self.move(k)
        before, after = self._states[k], self._states[k + 1]
        events = self._events[k]
        names = self.players
        ended = any(isinstance(e, Took | Bito) for e in events)
        text = move.describe(names) + " — " + self._gloss(move, before, after, ended)
        if events and with_events:
            text += "; then " + "; ".join(e.describe(names) for e in events)
        return text

    def _gloss(self, move: Move, before: _State, after: _State, ended: bool) -> str:
        names = self.players
        pos, nxt = before.position, after.position
        act = move.action
        if act is Action.ATTACK:
            d = names[pos.defender] if pos.defender is not None else "?"
            return f"the lead (заход, R9); {d} defends (R10)"
        if act is Action.THROW:
            verb = "given" if pos.taking else "thrown in"
            if ended:
                room = ""
            elif after.room == 0:
                room = f": no more cards may be {verb} (R13)"
            else:
                room = f": {_cards(after.room)} may still be {verb} (R13)"
            if pos.taking:
                return "вдогонку, a throw-in after take (R14)" + room
            return "a throw-in of a rank already on the table (подкинуть, R11)" + room
        if act is Action.TRANSFER:
            d = names[nxt.defender] if nxt.defender is not None else "?"
            back = " (back to the attacker, R21)" if nxt.defender == pos.attacker else ""
            if move.show:
                return f"проездной, a transfer by showing the trump (R20): {d} now defends{back}"
            return f"перевод, a transfer (R17): {d} now defends{back}"
        if act is Action.DEFEND:
            return self._defence_gloss(move, pos) + (
                "; every attack card is covered" if all(dc is not None for _a, dc in nxt.table) and nxt.table else ""
            )
        if act is Action.TAKE:
            if ended:
                return "взять, take (R14)"
            who = ", ".join(names[s] for s in after.throwers) or "nobody"
            if after.room == 0:
                return f"взять, take (R14): no more cards may be given (R13); {who} may only pass (R12)"
            return f"взять, take (R14): {who} may still give up to {_cards(after.room)} вдогонку (R13, R14)"
        if act is Action.PASS:
            if not pos.table:
                return "no pair to lead: the lead passes on (R9)"
            if ended:
                return "nothing more: every thrower has passed, so the bout ends (R12)"
            if move.player == pos.attacker and not pos.attacker_passed:
                others = [s for s in before.throwers if s != move.player]
                if others:
                    return "nothing more from the attacker for now; the other throwers may now act (R12)"
            return "nothing (more) for now (R12)"
        if act is Action.REDEAL:
            return "five or more cards of one suit: the cards are dealt again (пересдача, R5)"
        return act.value  # pragma: no cover - every action is handled above

    def _defence_gloss(self, move: Move, pos: Position) -> str:
        cover, target = move.cards[0], move.target
        assert target is not None
        if cover.suit == target.suit:
            if cover.rank > target.rank:
                if self.recording.rules.japanese and target.suit.code == "S":
                    return "a higher ♠ beats it: spades only by higher spades (R8)"
                return f"a higher {cover.suit.symbol} beats it (побить, R6)"
            return "the trump six beats the trump ace (R7)"
        return f"a trump ({pos.trump.symbol}) beats any other suit (козырь, R6)"

    def rows(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """Moves ``start..stop-1`` as plain rows (e.g. for ``pandas.DataFrame``):
        ``{"k", "bout", "player", "action", "cards", "explained"}``."""
        out: list[dict[str, Any]] = []
        for k in range(start, len(self) if stop is None else min(stop, len(self))):
            m = self._moves[k]
            out.append(
                {
                    "k": k,
                    "bout": self._states[k].position.bout,
                    "player": self.players[m.player],
                    "action": m.action.value,
                    "cards": " ".join(c.code for c in m.cards)
                    + (f" on {m.target.code}" if m.target is not None else ""),
                    "explained": self.explain(k),
                }
            )
        return out

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        state = self.result.describe(self.players) if self.result is not None else "not finished"
        return f"<Replay {self.recording.rules.preset} {', '.join(self.players)}: {len(self)} moves, {state}>"

    def _repr_html_(self) -> str:
        """A short summary for Jupyter; every recorded text is HTML-escaped."""
        e = html.escape
        state = self.result.describe(self.players) if self.result is not None else "not finished"
        final = self.final
        hands = "".join(
            f"<li>{e(name)}: {e(' '.join(c.pretty for c in final.hands[s])) or '—'}</li>"
            for s, name in enumerate(self.players)
        )
        return (
            f"<div class='dnb-replay'><b>{e(self.recording.rules.preset)}</b>: {e(', '.join(self.players))}; "
            f"{len(self)} moves; {e(state)}<br>final hands:<ul>{hands}</ul></div>"
        )
