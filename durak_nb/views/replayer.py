"""An ipywidgets replayer: play a recording move by move, in a notebook or in a page with no kernel.

**What it shows.**  Frame ``k`` is the position before move ``k`` (``0..len(replay)``):
every seat with its caption (name, number of cards, attacker/defender/takes/out, a
mark on whoever may act now) and its cards as SVG card faces
(:mod:`.cards_svg`: red and black suits, trumps with a gold border and ★); the table
as attack/defence pairs (the covering card lying across the card it beats) with the
room left (R13); the talon with the turned-up trump under it (R3) and the discard
(R15); whose move it is and what each player may do, from the engine's legal moves;
the move that led here in words with its rule ids (``Replay.explain``), its comment
and glyph, and the move to come; what the move caused, in order (take, bito, who
draws what in the refill order of R16, who goes out); the result.

**Controls.**  ``Play`` (play/pause/stop) with a speed slider (ms per move), the move
slider, a number box whose arrows step one move back or forward, a go-to list (one
entry per frame, the frames where a bout begins marked ``▶ Bout 4 begins``: choosing
one jumps there), a perspective list (every hand open, or one player's view from
:meth:`~durak_nb.replay.Replay.view`: the cards that player cannot know face down,
the cards seen taken (R14) or shown (R4, R20) face up); in a live kernel also ◀ ▶
buttons.

**Design: every frame precomputed, switched in the browser.**  Two designs were
measured on a 300-move, 4-player game (``benchmarks/bench_widget_frames.py``; this
machine, 2 cores, shared):

* *Update values*: a dozen HTML widgets whose ``value`` the kernel recomputes and sets
  on every slider change: 3.5 ms per frame (1.7 ms CPU; p99 8 ms) and ~32 KB sent per
  frame, built at once.  But the frames exist only while a kernel runs: in an
  exported page (or a notebook saved with its widget state) the slider moves and
  nothing else does.
* *Precomputed frames* (chosen): every part of every frame is made once
  (:func:`.html.replayer_frames`) and put into ``ipywidgets.Stack`` widgets, one Stack
  per part (each seat's caption, each seat's cards face up and as the others see
  them, the table, the talon and discard, whose turn and what they may do (per view),
  the move in words, the events (per view), the result), child ``k`` = frame ``k``.
  Equal parts are one widget (a hand that did not change is the same child), and all
  parts share one ``Layout`` and one style, so that game needs 1,875 HTML widgets
  holding 2.7 MB of HTML/SVG (4.2 MB of widget state as JSON), not 301 × 26 parts.
  Every Stack's ``selected_index`` is ``jsdlink``-ed to the slider, and the slider to
  the Play widget, the number box and the go-to list with ``jslink``; the views are
  under one outer Stack ``jsdlink``-ed to the perspective list.  A frame change is
  then done by the browser alone: no kernel round trip and nothing recomputed
  (setting the slider from Python: 0.03 ms; 0.2 ms in a real kernel).  A Stack shows
  only its selected child, and a part that did not change keeps its child, so its
  view stays in place: no flicker.  The price is paid once, at build: 1.0 s (0.7 s
  CPU) without a kernel, 2.7 s in a real kernel (every widget opened over a comm),
  10 MiB of kernel memory; the exported page is 6.3 MB (2.1 MB of it the widget
  manager).

The chosen design is what :func:`.export.export_html` saves: the page plays, steps,
slides and switches views with no kernel.  The Python side stays consistent without a
browser: :attr:`ReplayerWidget.index` is the slider's value and :meth:`shown` returns
what the Stacks show at that index.  The ◀ ▶ buttons need a kernel (they are left out
of an export); the number box's arrows do the same in the browser alone.

Every recorded text (names, comments, ``meta``) is escaped (:mod:`.html`); widget
labels that hold names (the perspective list, the go-to list) are plain text, shown
as text by the widget library.

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
>>> w.shown().table.count('class="dnb-card dnb-attack"')
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..replay import Replay
from .bounds import MAX_REPLAYER_MOVES, check_moves
from .html import STYLE, ReplayerFrames, header_html, replayer_frames

__all__ = ["ReplayerWidget", "Shown"]

#: the parts shared by every view, in :class:`Shown` order after the seats
_SHARED = ("table", "stock", "story", "result")

LEGEND = (
    '<div class="dnb-none" style="font-size:12px;line-height:1.4">'
    "Red suits in red; trumps with a gold border and ★ (R3). "
    "A player's view shows that player's cards, and of the others only the cards everyone has seen "
    "(picked up at a take R14, shown R4/R20, the turned-up trump R3); the rest face down.</div>"
)


class Shown(NamedTuple):
    """What the replayer shows now (HTML strings), for one view and one frame."""

    captions: tuple[str, ...]
    cards: tuple[str, ...]
    table: str
    stock: str
    turn: str
    story: str
    events: str
    result: str


def _label_options(labels: Sequence[str]) -> list[tuple[str, int]]:
    return [(label, k) for k, label in enumerate(labels)]


class ReplayerWidget(widgets.VBox):  # type: ignore[misc]
    """A replayer of one :class:`~durak_nb.replay.Replay` (see the module's text).

    Args:
        replay: the replayed recording.
        interval: milliseconds per move while playing (adjustable with :attr:`speed`).
        start: the first frame shown (the position before move ``start``).
        perspective: the view shown first: ``None`` (every hand open), a seat or a name.
        width: one card's width in pixels.
        kernel_buttons: add the ◀ ▶ buttons, which need a running kernel (an export
            leaves them out; the number box's arrows step without one).
        max_moves: the most moves shown (:data:`~.bounds.MAX_REPLAYER_MOVES`, 1,000):
            every frame is made in advance, in work linear in the moves.

    Attributes:
        replay: the replay.
        frames: every part of every frame (:class:`~.html.ReplayerFrames`).
        play: the ``Play`` widget (values ``0..len(replay)``).
        slider: the move slider: frame ``k`` shows the position before move ``k``.
        stepper: a ``BoundedIntText`` holding the frame; its arrows step one move.
        speed: milliseconds per move, linked to ``play.interval``.
        goto: the go-to list, one entry per frame (its ``index`` is the frame).
        perspective: the view list: ``'all hands open'``, then each player's view.
        back, forward: the ◀ ▶ buttons (``None`` without ``kernel_buttons``).
        header: the HTML header (style sheet, variant, players, title).
        stacks: every Stack by name (``'table'``, ``'caption 0'``, ``'open 0'``,
            ``'public 0'``, ``'turn 0'``, ``'events 0'`` …; views numbered 0 = open,
            ``s + 1`` = seat ``s``), each child ``k`` showing frame ``k``.
        views: the outer Stack, child ``v`` = view ``v``.
        links: every ``jslink``/``jsdlink``.

    Raises:
        ViewBoundError: the replay has more than ``max_moves`` moves (checked first).
        IndexError: ``start`` not in ``0..len(replay)``.
        KeyError: ``perspective`` is not a seat or a name of the game.
        ValueError: ``width`` is not positive.
    """

    def __init__(
        self,
        replay: Replay,
        *,
        interval: int = 800,
        start: int = 0,
        perspective: int | str | None = None,
        width: float = 52,
        kernel_buttons: bool = True,
        max_moves: int = MAX_REPLAYER_MOVES,
    ) -> None:
        n = len(replay)
        check_moves("the replayer", n, max_moves)
        if not 0 <= start <= n:
            raise IndexError(f"start {start} is not in 0..{n}")
        view0 = 0 if perspective is None else replay._seat(perspective) + 1
        self.replay = replay
        self.frames: ReplayerFrames = replayer_frames(replay, width=width, max_moves=max_moves)
        f = self.frames
        self._cache: dict[str, widgets.HTML] = {}
        # one Layout and one style for every part: a widget each would triple the widgets
        self._layout = widgets.Layout()
        self._style = HTMLStyle()
        self.stacks: dict[str, widgets.Stack] = {}

        # ---------------------------------------------------------------- controls
        self.play = widgets.Play(
            value=start, min=0, max=n, step=1, interval=interval, description="play", show_repeat=False
        )
        self.slider = widgets.IntSlider(
            value=start,
            min=0,
            max=n,
            step=1,
            description="move",
            continuous_update=True,
            layout=widgets.Layout(width="46%", min_width="260px"),
        )
        self.stepper = widgets.BoundedIntText(
            value=start,
            min=0,
            max=n,
            step=1,
            continuous_update=True,
            tooltip="the frame shown: its arrows step one move back or forward",
            layout=widgets.Layout(width="5.5em"),
        )
        self.speed = widgets.IntSlider(
            value=interval,
            min=100,
            max=3000,
            step=100,
            description="ms/move",
            continuous_update=False,
            layout=widgets.Layout(width="260px"),
        )
        self.goto = widgets.Dropdown(
            options=_label_options(f.labels), index=start, description="go to", layout=widgets.Layout(width="52%")
        )
        self.perspective = widgets.Dropdown(
            options=[(name, v) for v, name in enumerate(f.views)],
            index=view0,
            description="view",
            layout=widgets.Layout(width="36%"),
        )
        self.back: widgets.Button | None = None
        self.forward: widgets.Button | None = None
        if kernel_buttons:
            self.back = widgets.Button(description="◀", tooltip="one move back", layout=widgets.Layout(width="3em"))
            self.forward = widgets.Button(
                description="▶", tooltip="one move forward", layout=widgets.Layout(width="3em")
            )
            self.back.on_click(lambda _b: self.step(-1))
            self.forward.on_click(lambda _b: self.step(1))

        # ---------------------------------------------------------------- the frames
        seats = range(len(replay.players))
        for s in seats:
            self._stack(f"caption {s}", f.captions[s], start)
            self._stack(f"open {s}", f.open_cards[s], start)
            self._stack(f"public {s}", f.public_cards[s], start)
        for name in _SHARED:
            self._stack(name, getattr(f, name), start)
        for v in range(len(f.views)):
            self._stack(f"turn {v}", f.turn[v], start)
            self._stack(f"events {v}", f.events[v], start)
        self.views = widgets.Stack(
            [self._view(v) for v in range(len(f.views))], selected_index=view0, layout=widgets.Layout(width="100%")
        )

        links: list[Any] = [
            widgets.jslink((self.play, "value"), (self.slider, "value")),
            widgets.jslink((self.slider, "value"), (self.stepper, "value")),
            widgets.jslink((self.goto, "index"), (self.slider, "value")),
            widgets.jslink((self.speed, "value"), (self.play, "interval")),
            widgets.jsdlink((self.perspective, "index"), (self.views, "selected_index")),
        ]
        links += [widgets.jsdlink((self.slider, "value"), (st, "selected_index")) for st in self.stacks.values()]
        self.links = tuple(links)

        rec = replay.recording
        self.header = widgets.HTML(
            STYLE
            + '<div class="dnb-story">'
            + header_html(rec.rules.preset, replay.players, rec.meta)
            + "</div>"
            + LEGEND,
            layout=widgets.Layout(margin="0 0 4px 0"),
        )
        steps = [self.stepper] if self.back is None or self.forward is None else [self.back, self.stepper, self.forward]
        controls = widgets.HBox(
            [self.play, self.slider, *steps, self.speed],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        nav = widgets.HBox([self.goto, self.perspective], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.header, controls, nav, self.views])
        self.add_class("dnb-replayer")

    # ------------------------------------------------------------------ building

    def _html(self, value: str) -> widgets.HTML:
        """The one HTML widget holding ``value`` (equal parts share a widget)."""
        w = self._cache.get(value)
        if w is None:
            w = self._cache[value] = widgets.HTML(value, layout=self._layout, style=self._style)
        return w

    def _stack(self, name: str, values: Sequence[str], start: int) -> widgets.Stack:
        st = widgets.Stack([self._html(v) for v in values], selected_index=start, layout=self._layout)
        self.stacks[name] = st
        return st

    def _seat_box(self, seat: int, view: int) -> widgets.VBox:
        face = "open" if view in (0, seat + 1) else "public"
        box = widgets.VBox([self.stacks[f"caption {seat}"], self.stacks[f"{face} {seat}"]])
        box.add_class("dnb-seat-box")
        return box

    def _view(self, v: int) -> widgets.VBox:
        """View ``v``: the seats (the viewer's own last, below the table), the table,
        the talon and discard, whose turn, the move in words, the events, the result."""
        n = len(self.replay.players)
        if v == 0:
            top, bottom = list(range(n)), []
        else:
            me = v - 1
            top, bottom = [(me + i) % n for i in range(1, n)], [me]
        left = widgets.VBox(
            [
                *(self._seat_box(s, v) for s in top),
                self.stacks["table"],
                *(self._seat_box(s, v) for s in bottom),
            ],
            layout=widgets.Layout(width="58%", min_width="360px"),
        )
        right = widgets.VBox(
            [self.stacks["stock"], self.stacks[f"turn {v}"]], layout=widgets.Layout(width="40%", min_width="260px")
        )
        board = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        return widgets.VBox(
            [board, self.stacks["story"], self.stacks[f"events {v}"], self.stacks["result"]],
            layout=widgets.Layout(width="100%"),
        )

    # ------------------------------------------------------------------ state

    @property
    def index(self) -> int:
        """The frame shown: the position before move ``index``."""
        return int(self.slider.value)

    @property
    def view(self) -> int:
        """The view shown: 0 = every hand open, ``s + 1`` = seat ``s``'s view."""
        return int(self.perspective.index)

    def step(self, delta: int) -> None:
        """Move the slider by ``delta`` moves (clamped to ``0..len(replay)``); in the
        browser the links move everything else."""
        self.slider.value = max(0, min(len(self.replay), self.index + delta))

    def show(self, k: int, view: int | None = None) -> None:
        """Show frame ``k`` (and view ``view``, if given) by setting the slider (and the
        view list); the Stacks follow through their links in the browser.

        Raises:
            IndexError: ``k`` not in ``0..len(replay)`` or ``view`` not a view.
        """
        if not 0 <= k <= len(self.replay):
            raise IndexError(f"frame {k} is not in 0..{len(self.replay)}")
        if view is not None:
            if not 0 <= view < len(self.frames.views):
                raise IndexError(f"view {view} is not in 0..{len(self.frames.views) - 1}")
            self.perspective.index = view
        self.slider.value = k

    def shown(self, k: int | None = None, view: int | None = None) -> Shown:
        """What the replayer shows at frame ``k`` in view ``view`` (default: the current
        ones), read from the Stacks' children: the HTML the browser displays.

        Raises:
            IndexError: ``k`` or ``view`` out of range.
        """
        k = self.index if k is None else k
        v = self.view if view is None else view
        if not 0 <= k <= len(self.replay):
            raise IndexError(f"frame {k} is not in 0..{len(self.replay)}")
        if not 0 <= v < len(self.frames.views):
            raise IndexError(f"view {v} is not in 0..{len(self.frames.views) - 1}")
        st = self.stacks
        seats = range(len(self.replay.players))

        def at(name: str) -> str:
            return str(st[name].children[k].value)

        return Shown(
            captions=tuple(at(f"caption {s}") for s in seats),
            cards=tuple(at(f"open {s}" if v in (0, s + 1) else f"public {s}") for s in seats),
            table=at("table"),
            stock=at("stock"),
            turn=at(f"turn {v}"),
            story=at("story"),
            events=at(f"events {v}"),
            result=at("result"),
        )

    def html_widgets(self) -> list[widgets.HTML]:
        """Every distinct HTML widget the frames use (one per distinct part)."""
        return list(self._cache.values())

    def __repr__(self) -> str:
        return f"<ReplayerWidget of {self.replay!r}, frame {self.index}>"
