"""The class server's referee: each open table as an engine game rebuilt from the store,
every move checked by the engine, the views each seat and the teacher are sent, and the
bots asked (docs/class-protocol.md "Refereeing").

Nothing here decides a rule: a move is read by the record layer's reader
(:func:`durak_nb.record.annotations.move_from_input`, R1 card spellings) and checked with
:meth:`durak_nb.engine.Game.why_illegal`; a seat's view is :func:`durak_nb.bots.seat_view`
(nothing hidden), its picture :func:`durak_nb.views.cards_svg.position_svg` from the seat's
side (other hands face down: a back carries no card code); the teacher's table is the
replayer's table view (:func:`durak_nb.views.html.table_view_html`, every hand open); bots
are :func:`durak_nb.tournament.bot_spec`'s, asked in :func:`durak_nb.bots.turn_seat`'s order.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..bots import Bot, LowestCardBot, seat_view, turn_seat
from ..engine import Action, Game, Move, SetupError
from ..i18n import Np_, get_language, pgettext
from ..lessons import drills as drill_kinds
from ..record.annotations import move_from_input, move_from_json
from ..record.json_form import Recording
from ..record.recorder import deal_of
from ..replay import Replay
from ..rules import Rules, RulesError
from ..views.cards_svg import position_svg, shared_faces
from ..views.html import table_view_html
from .protocol import Refused

__all__ = [
    "BOT_SECONDS",
    "LEVELS",
    "LEVEL_NAMES",
    "LEVEL_WORDS",
    "Live",
    "bot_move",
    "check_seats",
    "deal_problem",
    "drill_questions",
    "level_text",
    "levels_text",
    "new_table",
    "read_rules",
    "result_json",
    "table_html",
]

#: The bot levels a teacher may seat (the tournament's names, durak_nb.tournament.BOT_NAMES,
#: without outside programs: nothing a client names is run).
LEVELS = ("random", "lowest", "heuristic", "search")
#: What a person reads of each level (the codes stay in the protocol and the files): the
#: name a bot's seat gets (:func:`bot_name`) and what the level does, as the board's choice
#: of bots shows it (:func:`level_text`).  Translated at use.
LEVEL_NAMES = {
    "random": Np_("bot seat", "Random bot"),
    "lowest": Np_("bot seat", "Beginner bot"),
    "heuristic": Np_("bot seat", "Experienced bot"),
    "search": Np_("bot seat", "Strong bot"),
}
LEVEL_WORDS = {
    "random": Np_("bot level", "random: any legal move"),
    "lowest": Np_("bot level", "beginner: always the lowest card"),
    "heuristic": Np_("bot level", "experienced: plays by rules of thumb"),
    "search": Np_("bot level", "strong: looks ahead over the deals possible"),
}
#: Seconds a bot has for one move; past it the lowest-card bot's move is played for it.
BOT_SECONDS = 5.0


def read_rules(spec: object, players: int) -> Rules:
    """The rules of INTERCHANGE's ``rules`` member (a preset name or an object) for a table
    of ``players`` seats.

    Raises:
        Refused: ``malformed`` (member ``rules``) with the rule id and the reason.
    """
    try:
        rules = Rules.from_json(spec)
        rules.check_players(players)
    except RulesError as exc:
        raise Refused("malformed", "rules", member="rules", rule=exc.rule, why=exc.message) from None
    except (TypeError, ValueError) as exc:
        raise Refused("malformed", "rules", member="rules", why=str(exc)) from None
    return rules


def level_text(level: str) -> str:
    """What the bot level ``level`` (:data:`LEVELS`) does, in the language in use
    (``'beginner: always the lowest card'``); a code not of :data:`LEVELS` as it is."""
    words = LEVEL_WORDS.get(level)
    return level if words is None else str(pgettext("bot level", words))


def levels_text() -> str:
    """The levels a teacher may type (``bot:LEVEL``), each with its words, in the language
    in use: ``'random (random: any legal move), lowest (…), …'``."""
    return ", ".join(f"{level} ({level_text(level)})" for level in LEVELS)


def bot_name(level: str, taken: Sequence[str]) -> str:
    """A bot's seat name in the language in use (the teacher's, who opens the table):
    ``Experienced bot``, ``Experienced bot 2`` … (not a name in ``taken``); the name is
    the player's name in the recording, as a student's is.

    Raises:
        KeyError: ``level`` is not one of :data:`LEVELS`.
    """
    base = str(pgettext("bot seat", LEVEL_NAMES[level]))
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base} {k}"
    return name


def new_table(rules: Rules, players: Sequence[str], seed: int) -> dict[str, Any]:
    """A table's document: INTERCHANGE's ``format``, ``rules``, ``players`` and ``deal``
    (the deck shuffled with ``seed``, R3), no moves: what the store keeps of a table.

    Raises:
        SetupError: the engine cannot deal it (R2, R3).
    """
    game = Game.deal(rules, list(players), seed=seed)
    doc = Recording(rules, tuple(players), deal=deal_of(game)).to_json()
    doc.pop("moves", None)
    return doc


def result_json(game: Game, players: Sequence[str]) -> dict[str, Any] | None:
    """INTERCHANGE's ``result`` member of a finished game, else ``None``."""
    if game.result is None:
        return None
    return Recording(game.rules, tuple(players)).result_json(game)


def _seconds(at: object) -> float:
    """A store's time (a ``datetime`` or seconds since the epoch) as seconds since the epoch."""
    if isinstance(at, datetime):
        return at.timestamp()
    if isinstance(at, (int, float)):
        return float(at)
    return time.time()


@dataclass
class Live:
    """One table held by the server: its store row, the game after its moves, and when
    the last move came.

    Attributes:
        info: the store's ``TableInfo`` (``id``, ``class_id``, ``name``, ``seats``, ``doc``).
        players: the seat names, clockwise.
        game: the engine game after :attr:`moves`.
        moves: the moves played, INTERCHANGE's JSON form.
        last_at: when the last move (or the table) came, seconds since the epoch.
        students: the student id of each seat, ``None`` for a bot's.
        levels: the bot level of each seat, ``None`` for a student's.
        sent: the count of moves whose views were sent (-1: none yet).
        shown: the last :meth:`table_html`: its count of moves, its language, its HTML.
    """

    info: Any
    players: tuple[str, ...]
    game: Game
    moves: list[dict[str, Any]] = field(default_factory=list)
    last_at: float = 0.0
    students: tuple[int | None, ...] = ()
    levels: tuple[str | None, ...] = ()
    sent: int = -1
    shown: tuple[int, str, str] = (-1, "", "")

    @classmethod
    def build(cls, info: Any, rows: Sequence[Any]) -> Live:
        """The table ``info`` after the stored moves ``rows`` (``MoveRow`` s in order).

        Raises:
            durak_nb.record.base.RecordingError: the stored document is not a game (never
                for a table this server opened).
        """
        doc = dict(info.doc)
        doc.pop("moves", None)
        rec = Recording.from_json(doc)
        live = cls(
            info,
            rec.players,
            rec.new_game(),
            last_at=_seconds(info.created),
            students=tuple(s.get("student") if isinstance(s, dict) else None for s in info.seats),
            levels=tuple(s.get("bot") if isinstance(s, dict) else None for s in info.seats),
        )
        live.apply(rows)
        return live

    @property
    def count(self) -> int:
        """The moves played: the index the next move takes (``seq``)."""
        return len(self.moves)

    def apply(self, rows: Sequence[Any]) -> int:
        """Play the stored moves ``rows`` past :attr:`count` (others' processes' moves);
        returns how many were new."""
        new = 0
        for row in rows:
            if row.seq < self.count:
                continue
            if row.seq != self.count:  # a gap: never from a store whose moves are (table, seq) keyed
                break
            self.game.play(move_from_json(row.move, self.players))
            self.moves.append(row.move)
            self.last_at = _seconds(row.at)
            new += 1
        return new

    def seat_of(self, student_id: int) -> int | None:
        """The seat of the student ``student_id`` here, or ``None``."""
        return self.students.index(student_id) if student_id in self.students else None

    def read_move(self, seat: int, obj: dict[str, Any], seq: int) -> Move:
        """A seated student's move at ``seq``, checked: read (R1 spellings), the seat's own,
        legal now.  A redeal claim (R5) gets the server's shuffle.

        Raises:
            Refused: ``over`` (the game has ended), ``stale`` (``seq`` is not
                :attr:`count`), ``malformed`` (not a move), ``not_yours`` (another seat's
                move), ``illegal`` (the engine's refusal and its rule id).
        """
        if self.game.finished:
            raise Refused("over", member="table")
        if seq != self.count:
            raise Refused("stale", member="seq", count=self.count, seq=seq)
        redeal = obj.get("action") == "redeal" and set(obj) <= {"player", "action", "deck"} and not obj.get("deck")
        try:
            move = move_from_input({"player": obj.get("player"), "action": "redeal"} if redeal else obj, self.players)
        except ValueError as exc:
            raise Refused("malformed", "not_move", member="move", why=str(exc)) from None
        if move.player != seat:
            raise Refused("not_yours", member="move")
        if move.action is Action.REDEAL:
            if move.deck or move.cards:
                raise Refused("malformed", "redeal_deck", member="move", rule="R5")
            deck = list(self.game.deck_order)
            secrets.SystemRandom().shuffle(deck)
            move = Move.redeal(seat, deck)
        refusal = self.game.why_illegal(move)
        if refusal is not None:
            raise Refused("illegal", member="move", rule=refusal.rule, text=refusal.message)
        return move

    def to_act(self) -> int | None:
        """The seat the referee asks next (:func:`durak_nb.bots.turn_seat`), ``None`` when
        the game is over."""
        return None if self.game.finished else turn_seat(self.game)

    def last_words(self) -> str | None:
        """The last move in words, in the language in use (``None`` before the first)."""
        if not self.game.history:
            return None
        return self.game.history[-1].describe(self.players)

    def summary(self) -> dict[str, Any]:
        """The table in a board's list: ``id``, ``name``, ``players``, ``seats``, ``seq``,
        ``to_act``, ``result``."""
        seats = [
            {"name": name, "bot": level} if level is not None else {"name": name, "student": sid}
            for name, sid, level in zip(self.players, self.students, self.levels, strict=True)
        ]
        act = self.to_act()
        return {
            "id": self.info.id,
            "name": self.info.name,
            "players": list(self.players),
            "seats": seats,
            "seq": self.count,
            "to_act": None if act is None else self.players[act],
            "result": result_json(self.game, self.players),
        }

    def view(self, seat: int, pictures: bool) -> dict[str, Any]:
        """The ``view`` message of ``seat``, in the language in use: only what the seat may
        see (its hand, what every player saw, sizes; the picture with other hands face down)."""
        game = self.game
        msg: dict[str, Any] = {
            "type": "view",
            "table": self.info.id,
            "seq": self.count,
            "players": list(self.players),
            "seat": self.players[seat],
            "view": seat_view(game, seat).to_json(),
            "last": self.last_words(),
        }
        if pictures:
            msg["picture"] = position_svg(game.position(), perspective=seat, actors=game.actors())
        result = result_json(game, self.players)
        if result is not None:
            msg["result"] = result
        return msg

    def teacher_view(self, pictures: bool, now: float | None = None) -> dict[str, Any]:
        """The ``table`` message for the teacher, in the language in use: every hand."""
        game = self.game
        pos = game.position()
        msg: dict[str, Any] = {
            "type": "table",
            "table": self.info.id,
            "name": self.info.name,
            "seq": self.count,
            "players": list(self.players),
            "rules": game.rules.to_json(self.players),
            "moves": list(self.moves),
            "hands": {name: [c.code for c in pos.hands[s]] for s, name in enumerate(self.players)},
            "last": self.last_words(),
            "result": result_json(game, self.players),
            "stuck": None if game.finished else max(0, round((time.time() if now is None else now) - self.last_at)),
        }
        if pictures:
            msg["table_html"] = self.table_html()
        return msg

    def table_html(self) -> str:
        """The table as the replayer shows its last frame, every hand open (the teacher
        sees them all), in the language in use: :func:`durak_nb.views.html.table_view_html`
        with shared faces (:func:`durak_nb.views.cards_svg.shared_faces`: the page holds
        :func:`~durak_nb.views.cards_svg.card_defs` once).  Made once per move and language
        (every teacher watching gets the same string)."""
        lang = get_language()
        if self.shown[:2] != (self.count, lang):
            self.shown = (self.count, lang, table_html(self.info.doc, self.moves))
        return self.shown[2]

    def game_over(self) -> dict[str, Any]:
        """The ``game_over`` message, its words in the language in use."""
        assert self.game.result is not None
        return {
            "type": "game_over",
            "table": self.info.id,
            "result": result_json(self.game, self.players),
            "words": self.game.result.describe(self.players),
        }


def table_html(doc: dict[str, Any], moves: Sequence[dict[str, Any]]) -> str:
    """The table ``doc`` (a table's document, :func:`new_table`) after ``moves`` (INTERCHANGE's
    JSON form) as the replayer shows its last frame, every hand open, in the language in
    use: :func:`durak_nb.views.html.table_view_html`, the faces shared
    (:func:`durak_nb.views.cards_svg.shared_faces`).

    Raises:
        durak_nb.record.base.RecordingError: not a game (never for a table this server opened).
    """
    rec = Recording.from_json({**doc, "moves": list(moves)})
    return shared_faces(table_view_html(Replay(rec, variations=False)))


def make_bot(level: str, seed: int) -> Bot:
    """The bot of ``level`` (:data:`LEVELS`), seeded with ``seed``.

    Raises:
        ValueError: not a level of :data:`LEVELS`.
    """
    if level not in LEVELS:
        raise ValueError(level)
    from ..tournament import bot_spec

    return bot_spec(level).make(seed)


def bot_move(doc: dict[str, Any], moves: Sequence[dict[str, Any]], seat: int, level: str, seed: int) -> Move:
    """The move the bot of ``level`` plays at ``seat`` of the table ``doc`` after ``moves``
    (run in a worker thread: it plays on its own game, rebuilt here, so the table's game
    is never touched off the event loop's thread).

    Raises:
        ValueError: the seat has no legal move, or not a level of :data:`LEVELS`.
    """
    game = Recording.from_json({**doc, "moves": list(moves)}).replay()
    move = make_bot(level, seed).choose(game, seat)
    if move.action is Action.REDEAL and move.deck is None:
        deck = list(game.deck_order)
        random.Random(seed).shuffle(deck)
        move = Move.redeal(seat, deck)
    return move


def fallback_move(game: Game, seat: int) -> Move:
    """The lowest-card bot's move for a bot that ran past :data:`BOT_SECONDS`."""
    return LowestCardBot().choose(game, seat)


def drill_questions(kind: str, seed: int, count: int, pictures: bool) -> tuple[list[Any], list[dict[str, Any]]]:
    """The drills of a set (question ``i`` made with the seed ``seed + i``, the same for
    every student) in the language in use, and their questions as the ``drill`` message
    carries them.

    Raises:
        durak_nb.lessons.drills.DrillError: no drill of the kind for a seed (bounded work).
    """
    made = [drill_kinds.make(kind, seed + i) for i in range(count)]
    questions = []
    for d in made:
        q: dict[str, Any] = {"context": d.context, "question": d.question, "options": list(d.options)}
        q["numeric"] = d.numeric
        if pictures:
            q["picture"] = position_svg(d.position())
        questions.append(q)
    return made, questions


def check_seats(seats: list[dict[str, Any]], students: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of an ``open_table`` as the store keeps them (``{"student": id}`` or
    ``{"bot": level}``), with each seat's name.

    Args:
        seats: the message's ``seats``.
        students: the class's students by name.

    Raises:
        Refused: ``bound`` (2–6 seats, a student not of the class or named twice, an
            unknown level).
    """
    if not 2 <= len(seats) <= 6:
        raise Refused("bound", "seats", member="seats")
    out: list[dict[str, Any]] = []
    for seat in seats:
        if set(seat) == {"student"} and isinstance(seat["student"], str):
            student = students.get(seat["student"])
            if student is None:
                raise Refused("bound", "no_student", member="seats", name=_shown_name(seat["student"]))
            if any(s.get("student") == student.id for s in out):
                raise Refused("bound", "seats", member="seats")
            out.append({"student": student.id, "name": student.name})
        elif set(seat) == {"bot"} and isinstance(seat["bot"], str):
            if seat["bot"] not in LEVELS:
                raise Refused("bound", "bot", member="seats", level=_shown_name(seat["bot"]), levels=levels_text())
            out.append({"bot": seat["bot"]})
        else:
            raise Refused("bound", "seats", member="seats")
    taken = [s["name"] for s in out if "name" in s]
    for s in out:
        if "bot" in s:
            s["name"] = bot_name(s["bot"], taken)
            taken.append(s["name"])
    return out


def _shown_name(text: str) -> str:
    from ..text import visible

    return visible(text[:40], json_string=True)


def deal_problem(rules: Rules, players: Sequence[str], seed: int) -> dict[str, Any]:
    """:func:`new_table`, its :class:`SetupError` a ``malformed`` refusal (member ``rules``)."""
    try:
        return new_table(rules, players, seed)
    except SetupError as exc:
        raise Refused("malformed", "rules", member="rules", rule=exc.rule, why=exc.message) from None
