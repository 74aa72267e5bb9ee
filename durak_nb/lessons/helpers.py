"""What the lessons and the exercise widgets share: where the recordings are, positions
read from them, and the engine's answers in words.

The lesson positions are recordings shipped inside the package (``durak_nb/recordings``,
the ``recordings/`` of a source checkout): the games of ``recordings/*.json`` and the
small positions of ``recordings/lessons/*.json`` that only the lessons use.  A lesson
asks for the position before move ``k`` of a recording with
``replay(name).game(k)`` (:meth:`durak_nb.replay.Replay.game`), so a position is
written once, in its file.

>>> replay("seed000-vdogonku.json").game(2).room()
2
>>> draw_text([("Anna", "9♣ Q♦"), ("Vera", "6♥")])
'Anna draws 9♣ Q♦, then Vera draws 6♥'
>>> rule_text("R13b") == rule_text("R13")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card, cards_text
from ..engine import Drew, Event, Game, GameOver, IllegalMove, Move
from ..i18n import _
from ..record.json_form import Recording
from ..replay import Replay
from ..rules import rule_text as rules_rule_text
from .edition import RECORDINGS, recording_path

__all__ = [
    "LESSON_RECORDINGS",
    "RECORDINGS",
    "draw_text",
    "draws_of",
    "first_refill",
    "merge_draws",
    "play_moves",
    "recording",
    "recording_of",
    "refusal_text",
    "replay",
    "rule_text",
    "variant",
]

# RECORDINGS: the recordings shipped with the package (``recordings/`` in a source
# checkout is a link to it): games in JSON and in the notation, ``README.md`` describing
# each, and each edition's twins in ``ru/`` and ``uk/`` (:mod:`.edition`).

#: The positions only the lessons use (``recordings/lessons/*.json``).
LESSON_RECORDINGS = RECORDINGS / "lessons"


def recording(name: str) -> Recording:
    """The recording ``recordings/<name>`` (``'draw.json'``, ``'lessons/bout.json'``),
    read afresh (yours to change), in the edition of the language in use: the file
    ``recordings/<lang>/<name>`` (its players' names and texts in that language,
    :mod:`~durak_nb.lessons.edition`), the English file in English.

    Raises:
        RecordingError: the file is missing, unreadable or not a valid recording.
    """
    return Recording.load(recording_path(RECORDINGS / name))


def replay(name: str) -> Replay:
    """The :class:`~durak_nb.replay.Replay` of ``recordings/<name>``: ``.game(k)`` is
    a fresh :class:`Game` before move ``k``, ``.move(k)`` the move ``k``.

    Raises:
        RecordingError: as :func:`recording`, or an illegal move in the file.
    """
    return Replay(recording(name))


def variant(name: str, count: int = 0, **options: Any) -> Game:
    """The start of ``recordings/<name>`` played under its rules changed by
    ``options`` (e.g. ``draw_allowed=False``), with its first ``count`` moves played.

    Raises:
        RulesError: an unknown option or a bad value.
        IllegalMove: one of those moves is illegal under the changed rules.
        ValueError: the recording starts from a deal, not a ``start`` position.
    """
    rec = recording(name)
    if rec.start is None:
        raise ValueError(f"{name} starts from a deal, not a start position")
    game = Game.from_start(rec.rules.replace(**options), rec.players, rec.start)
    play_moves(game, rec.moves[:count])
    return game


def play_moves(game: Game, moves: Iterable[Move]) -> list[Event]:
    """Play ``moves`` on ``game``; returns the events of the last move.

    Raises:
        IllegalMove: a move the engine refuses (the game keeps the moves before it).
    """
    events: list[Event] = []
    for move in moves:
        events = game.play(move)
    return events


def refusal_text(game: Game, move: Move) -> str | None:
    """The engine's refusal of ``move`` as ``'[R12] …'``, or ``None`` if it is legal."""
    refusal = game.why_illegal(move)
    return None if refusal is None else str(refusal)


def draws_of(events: Iterable[Event], names: Sequence[str]) -> list[tuple[str, str]]:
    """The :class:`~durak_nb.engine.Drew` events in order, as ``(name, cards)`` with the cards
    written as a person reads them (:func:`~durak_nb.cards.cards_text`): ``('Anna', '9♣ Q♦')`` (R16)."""
    return [(names[e.player], cards_text(e.cards)) for e in events if isinstance(e, Drew)]


def merge_draws(draws: Iterable[tuple[int, tuple[Card, ...]]]) -> list[tuple[int, tuple[Card, ...]]]:
    """``(seat, cards)`` draws, in order, with the draws of one seat in a row joined
    into one (R16: each player draws all they need at once), as a refill is told:
    seat 1 drawing 9♣ and then Q♦ is one draw of 9♣ Q♦."""
    merged: list[tuple[int, tuple[Card, ...]]] = []
    for s, cards in draws:
        if merged and merged[-1][0] == s:
            merged[-1] = (s, merged[-1][1] + cards)
        else:
            merged.append((s, cards))
    return merged


def draw_text(draws: Sequence[tuple[str, str]]) -> str:
    """A refill in words: ``'Anna draws 9♣ Q♦, then Vera draws 6♥'`` (``'nobody draws'``)."""
    if not draws:
        return _("nobody draws")
    # TRANSLATORS: one draw of a refill; {name} is a player, {cards} the cards drawn
    words = [_("{name} draws {cards}").format(name=name, cards=cards) for name, cards in draws]
    text = words[0]
    for later in words[1:]:
        # TRANSLATORS: {before} is the refill so far, {draw} the next player's draw
        text = _("{before}, then {draw}").format(before=text, draw=later)
    return text


def rule_text(rule: str) -> str:
    """The short text of ``rule`` (``'R13b'`` reads R13's) in the language in use
    (:func:`durak_nb.rules.rule_text`, the one home of the rules' words).

    Raises:
        KeyError: not a rule id of RULES.md.
    """
    return rules_rule_text(rule)


def recording_of(game: Game, moves: Sequence[Move], meta: dict[str, Any] | None = None) -> Recording:
    """A :class:`Recording` of a set-up ``game`` (before any move, :meth:`Game.start`)
    and ``moves``, e.g. to save a position of your own for the replayer.

    Raises:
        ValueError: ``game`` has moves already.
        SetupError: the game is not at a bout start (R9).
        RecordingError: (when replayed) a move the engine refuses.
    """
    if game.history:
        raise ValueError("recording_of needs the game before its first move")
    return Recording(game.rules, game.players, start=game.start(), moves=list(moves), meta=dict(meta or {}))


def first_refill(recording: Recording) -> tuple[Game, Move]:
    """The game just before the first bout of ``recording`` that ends with a refill, and
    the move that ends it (for a "predict the draw" exercise, R16).

    Raises:
        ValueError: no bout of the recording ends with a draw from the talon.
        RecordingError: an illegal move in the recording.
    """
    game = recording.new_game()
    for move in recording.moves:
        trial = game.copy()
        try:
            events = trial.play(move)
        except IllegalMove:
            break
        if any(isinstance(e, Drew) for e in events) and not any(isinstance(e, GameOver) for e in events):
            return game, move
        game = trial
    raise ValueError("no bout of this recording ends with a draw from the talon (R16)")


def names(game: Game, seats: Iterable[int]) -> list[str]:
    """The names of ``seats``."""
    return [game.players[s] for s in seats]
