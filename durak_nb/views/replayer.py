"""An ipywidgets replayer: play a recording move by move in a notebook.

The widgets are built once.  A frame is drawn by setting the ``value`` of the
existing HTML widgets (never by rebuilding or re-displaying them), so stepping does
not flicker.  The ``Play`` widget and the move slider are joined with ``jslink``, so
they move together in the browser even without a kernel round trip; the kernel
redraws the HTML parts when the slider's value arrives.

>>> from durak_nb.cards import deck
>>> from durak_nb.record import Recording
>>> from durak_nb.replay import Replay
>>> doc = {"format": "durak-nb/1", "rules": "podkidnoy", "players": ["Anna", "Boris"],
...        "start": {"hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]}, "talon": [], "trump": "H",
...                  "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
...                  "attacker": "Anna", "first_bito_done": True},
...        "moves": [{"player": "Anna", "action": "attack", "cards": ["6S"]}]}
>>> w = ReplayerWidget(Replay(Recording.from_json(doc)))
>>> w.slider.value = 1
>>> w.table.value
'<b>Table</b> (стол): 1 attack, 0 covered<table class="dnb-pairs"><tr><td><span class="dnb-card" \
style="color:#111">6♠</span></td></tr><tr><td></td></tr></table>'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..replay import Replay
from .html import STYLE, frame, header_html

__all__ = ["ReplayerWidget"]


class ReplayerWidget(widgets.VBox):  # type: ignore[misc]
    """A replayer of one :class:`~durak_nb.replay.Replay`.

    Args:
        replay: the replayed recording.
        interval: milliseconds per move while playing (adjustable with :attr:`speed`).
        start: the first frame shown (the position before move ``start``).

    Attributes:
        play: the ``Play`` widget (values ``0..len(replay)``).
        slider: the move slider, ``jslink``-ed to :attr:`play`; frame ``k`` shows the
            position before move ``k``.
        speed: milliseconds per move, ``jslink``-ed to ``play.interval``.
        back, forward: step buttons.
        header, hands, table, trump, stock, turn, move, events, result: the HTML
            widgets (``hands`` is a tuple, one per seat).

    Raises:
        IndexError: ``start`` not in ``0..len(replay)``.
    """

    def __init__(self, replay: Replay, *, interval: int = 800, start: int = 0) -> None:
        n = len(replay)
        if not 0 <= start <= n:
            raise IndexError(f"start {start} is not in 0..{n}")
        self.replay = replay
        self.play = widgets.Play(
            value=start, min=0, max=n, step=1, interval=interval, description="play", show_repeat=False
        )
        self.slider = widgets.IntSlider(value=start, min=0, max=n, step=1, description="move", continuous_update=True)
        self.speed = widgets.IntSlider(
            value=interval, min=100, max=3000, step=100, description="ms/move", continuous_update=False
        )
        self.links = (
            widgets.jslink((self.play, "value"), (self.slider, "value")),
            widgets.jslink((self.speed, "value"), (self.play, "interval")),
        )
        self.back = widgets.Button(description="◀", tooltip="one move back", layout=widgets.Layout(width="3em"))
        self.forward = widgets.Button(description="▶", tooltip="one move forward", layout=widgets.Layout(width="3em"))
        self.back.on_click(lambda _b: self.step(-1))
        self.forward.on_click(lambda _b: self.step(1))
        rec = replay.recording
        self.header = widgets.HTML(STYLE + header_html(rec.rules.preset, replay.players, rec.meta))
        self.hands = tuple(widgets.HTML() for _ in replay.players)
        self.table = widgets.HTML()
        self.trump = widgets.HTML()
        self.stock = widgets.HTML()
        self.turn = widgets.HTML()
        self.move = widgets.HTML()
        self.events = widgets.HTML()
        self.result = widgets.HTML()
        controls = widgets.HBox([self.play, self.back, self.slider, self.forward, self.speed])
        board = widgets.HBox(
            [
                widgets.VBox([*self.hands, self.table], layout=widgets.Layout(width="62%")),
                widgets.VBox([self.trump, self.stock, self.turn], layout=widgets.Layout(width="38%")),
            ]
        )
        super().__init__([self.header, controls, board, self.move, self.events, self.result])
        self.slider.observe(self._on_slider, names="value")
        self.draw(start)

    @property
    def index(self) -> int:
        """The frame shown: the position before move ``index``."""
        return int(self.slider.value)

    def step(self, delta: int) -> None:
        """Move the slider by ``delta`` moves (clamped to ``0..len(replay)``)."""
        self.slider.value = max(0, min(len(self.replay), self.index + delta))

    def _on_slider(self, change: dict[str, Any]) -> None:
        self.draw(int(change["new"]))

    def draw(self, k: int) -> None:
        """Show frame ``k`` by setting the ``value`` of the existing HTML widgets.

        Raises:
            IndexError: ``k`` not in ``0..len(replay)``.
        """
        f = frame(self.replay, k)
        for widget, value in zip(self.hands, f.hands, strict=True):
            widget.value = value
        self.table.value = f.table
        self.trump.value = f.trump
        self.stock.value = f.stock
        self.turn.value = f.turn
        self.move.value = f.move
        self.events.value = f.events
        self.result.value = f.result
        self.back.disabled = k == 0
        self.forward.disabled = k == len(self.replay)
