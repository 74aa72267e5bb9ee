"""Cards, hands, positions and recordings that show themselves in Jupyter.

**How the hook works.**  The engine core (:mod:`durak_nb.cards`,
:mod:`durak_nb.engine`, :mod:`durak_nb.record`) imports nothing from the views and
has no ``_repr_svg_`` of its own (ARCHITECTURE.md: data flows one way).  Instead,
importing :mod:`durak_nb.views` (or any module in it) calls :func:`register`, which
adds display formatters to the running IPython kernel, if there is one:

* :class:`~durak_nb.cards.Card` → ``image/svg+xml`` (:func:`.cards_svg.card_svg`);
* :class:`~durak_nb.engine.Position` → ``image/svg+xml`` (every hand open, the table,
  trump, talon, discard and whose turn, :func:`.cards_svg.position_svg`);
* :class:`~durak_nb.record.Recording` → ``text/html`` (a summary and the final
  position, :class:`RecordingView`);
* :class:`~durak_nb.replay.Replay` → ``text/html`` (the same from the replay's own final
  position, and how to step through it: :class:`~.replayer.ReplayerWidget`).

Outside a kernel :func:`register` does nothing and returns ``False``.  In a notebook
that has not imported the views yet, ``import durak_nb.views`` (or the IPython
extension: ``%load_ext durak_nb.views.display``) turns the pictures on.

A hand has no class of its own (it is a tuple of cards), so :class:`HandView` wraps
one; :class:`PositionView` and :class:`RecordingView` wrap the others with options
(perspective, who may act).  All three have ``_repr_svg_`` / ``_repr_html_`` and work
anywhere, kernel or not.  Every recorded text (names, titles, results) is escaped.

>>> from durak_nb.cards import parse_cards, Suit
>>> HandView(parse_cards("7S 7H"), trump=Suit.H)._repr_svg_().count("<svg")
3
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card, Suit
from ..engine import Game, Position
from ..i18n import _, ngettext
from ..record.json_form import Recording
from ..replay import Replay
from ..unseen import PartialDeal
from .cards_svg import card_svg, esc, hand_svg, position_svg
from .html import preset_words

__all__ = ["HandView", "PositionView", "RecordingView", "load_ipython_extension", "register"]


class HandView:
    """A hand of cards that shows itself as SVG (R1 colours, R3 trump marked).

    Args:
        cards: the cards, in the order shown.
        trump: the trump suit, if known.
        face_up: ``False`` shows the backs only.
        fan: fan the cards out instead of a row.
        width: one card's width in pixels.
    """

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        trump: Suit | None = None,
        face_up: bool = True,
        fan: bool = False,
        width: float = 60,
    ) -> None:
        self.cards = tuple(cards)
        self.trump = trump
        self.face_up = face_up
        self.fan = fan
        self.width = width

    def _repr_svg_(self) -> str:
        return hand_svg(self.cards, trump=self.trump, face_up=self.face_up, fan=self.fan, width=self.width)

    def _repr_html_(self) -> str:
        return f'<div class="dnb-hand-svg">{self._repr_svg_()}</div>'

    def __repr__(self) -> str:
        return f"HandView({' '.join(c.code for c in self.cards)!r})"


class PositionView:
    """A position that shows itself as SVG: every hand (or one player's view), the
    table, trump, talon, discard and whose turn it is.

    Args:
        position: the position.
        perspective: the seat whose cards are face up; ``None`` opens every hand.
        actors: the seats that may act (from the engine, e.g. ``Replay.whose_turn``).
        width: one card's width in pixels.
    """

    def __init__(
        self,
        position: Position,
        *,
        perspective: int | None = None,
        actors: Sequence[int] | None = None,
        width: float = 44,
    ) -> None:
        self.position = position
        self.perspective = perspective
        self.actors = None if actors is None else tuple(actors)
        self.width = width

    def _repr_svg_(self) -> str:
        return position_svg(self.position, perspective=self.perspective, actors=self.actors, width=self.width)

    def _repr_html_(self) -> str:
        return f'<div class="dnb-position-svg">{self._repr_svg_()}</div>'


class RecordingView:
    """A recording's summary (variant, players, title, number of moves, result) and
    its final position, as HTML.  Every recorded text is escaped.

    Args:
        recording: the recording; it is replayed once (the engine checks every move).

    Raises:
        RecordingError: an illegal move in the recording (when first shown).
    """

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self._final: Game | None = None

    def final(self) -> Game:
        """The game after the last move (replayed once, then kept).

        Raises:
            RecordingError: an illegal move in the recording.
        """
        if self._final is None:
            self._final = self.recording.replay()
        return self._final

    def summary(self) -> str:
        """One line: variant, players, title, moves and the result, as plain text.

        Raises:
            RecordingError: an illegal move in the recording.
        """
        rec = self.recording
        game = self.final()
        n = len(rec.moves)
        parts = [preset_words(rec.rules.preset), ", ".join(rec.players)]
        title = rec.meta.get("title")
        if title is not None:
            parts.append(str(title))
        parts.append(ngettext("{n} move", "{n} moves", n).format(n=n))
        parts.append(game.result.describe(rec.players) if game.result is not None else _("not finished"))
        return " · ".join(parts)

    def _repr_html_(self) -> str:
        """The summary and the final position; over the board (a deal nobody saw whole,
        INTERCHANGE.md) the hands show only the cards known (``Replay.seen``)."""
        deal: object = self.recording.deal
        if isinstance(deal, PartialDeal):
            svg = _final_svg(Replay(self.recording, variations=False))
        else:
            svg = position_svg(self.final().position())
        return f'<div class="dnb-recording"><div>{esc(self.summary())}</div><div>{svg}</div></div>'


def _card_svg(card: Card) -> str:
    return card_svg(card)


def _position_svg(position: Position) -> str:
    return position_svg(position)


def _recording_html(recording: Recording) -> str:
    return RecordingView(recording)._repr_html_()


def _final_svg(replay: Replay) -> str:
    """The replay's final position; over the board only the cards known (``Replay.seen``)."""
    return position_svg(replay.final, seen=replay.seen(len(replay)) if replay.partial else None)


def _replay_html(replay: Replay) -> str:
    """A replay's summary (variant, players, moves, result), its final position and a hint."""
    rec = replay.recording
    n = len(replay)
    parts = [preset_words(rec.rules.preset), ", ".join(replay.players)]
    if replay.path:
        parts.append(_("variation {name}").format(name=replay.name))
    parts.append(ngettext("{n} move", "{n} moves", n).format(n=n))
    parts.append(replay.result.describe(replay.players) if replay.result is not None else _("not finished"))
    hint = _("The replayer steps through it move by move.")
    return (
        f'<div class="dnb-replay"><div>{esc(" · ".join(parts))}</div><div>{_final_svg(replay)}</div>'
        f"<div>{hint}</div></div>"
    )


def register(ipython: Any = None) -> bool:
    """Teach IPython to draw cards and positions as SVG and recordings as HTML.

    Args:
        ipython: an IPython shell (anything with ``display_formatter.formatters``);
            default: the running one, if IPython is loaded and a shell runs.

    Returns:
        ``True`` if the formatters were added, ``False`` outside IPython.
    """
    if ipython is None:
        module = sys.modules.get("IPython")
        if module is None:
            return False
        ipython = module.get_ipython()
        if ipython is None:
            return False
    formatters = ipython.display_formatter.formatters
    formatters["image/svg+xml"].for_type(Card, _card_svg)
    formatters["image/svg+xml"].for_type(Position, _position_svg)
    formatters["text/html"].for_type(Recording, _recording_html)
    formatters["text/html"].for_type(Replay, _replay_html)
    return True


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext durak_nb.views.display``: the same as :func:`register`."""
    register(ipython)
