"""An ipywidgets replayer: play a recording move by move, on a card table.

**What it shows.**  Frame ``k`` is the position before move ``k`` (``0..len(replay)``),
laid out as a card table (:func:`.html.board_html`): the other players across the top,
the viewer at the bottom, each seat with its caption (name, number of cards,
attacker/defender/takes/out, a mark on whoever may act now) and its cards as SVG
faces (:mod:`.cards_svg`: red and black suits, trumps with a gold band and border);
the table in the middle, each covering card turned across the card it beats, with the
room left (R13); the talon with the turned-up trump under it crosswise (R3) and the
discard (R15) beside it; next to the table whose move it is and what each player may
do (the engine's legal moves), the move that led here in words with its rule ids
(``Replay.explain``), its comment and glyph, the move to come, what the move caused,
in order (take, bito, who draws what in the order of R16, who goes out), the result.
Cards read as 10♥ everywhere.

**Controls.**  ◀ ``Play`` ▶ (one move back, play/pause, one move forward), the move
slider, the speed (ms per move), the view list (every hand open, or one player's view
from :meth:`~durak_nb.replay.Replay.view`: the cards that player cannot know face
down, the cards seen taken (R14) or shown (R4, R20) face up) and a go-to list (one
entry per frame, a frame where a bout begins marked ``▶ Bout 4 begins``).

**Design: few widgets, the frame drawn by the kernel.**  The replayer is a dozen
widgets (about 40 models with their layouts and styles): the controls, a header and
ONE HTML widget, the board, whose ``value`` the kernel sets to the frame's HTML when
the slider or the view changes (:meth:`ReplayerWidget.show`).  A frame is made when
first shown and kept (:func:`.html.frame_parts`, the engine asked for that frame's
legal moves).  The previous design (every frame precomputed into ``Stack`` widgets
switched by ``jslink``) made ~2,049 models for a 300-move 4-player game and took a
median 2.8 s to show in JupyterLab; this one shows at once
(``benchmarks/bench_replayer_chromium.py``).  A page with no kernel is
:func:`.export.export_html`: it holds every frame and plays them with a small script.

Every recorded text (names, comments, ``meta``) is escaped (:mod:`.html`); widget
labels that hold names (the view list, the go-to list) are plain text, shown as text
by the widget library.

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
>>> 'data-card="6S"' in w.board.value, '<use href="#dnb-f-6S"/>' in w.board.value
(True, True)
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, NamedTuple

import ipywidgets as widgets

from ..replay import Replay
from .bounds import MAX_REPLAYER_MOVES, check_moves
from .cards_svg import card_defs, shared_faces
from .html import (
    STYLE,
    FrameParts,
    ReplayerFrames,
    board_html,
    frame_label,
    frame_parts,
    frame_slot,
    header_html,
    new_caches,
    replayer_frames,
    view_names,
)

__all__ = ["LEGEND", "ReplayerWidget", "Shown"]

LEGEND = (
    '<div class="dnb-none" style="font-size:12px;line-height:1.4">'
    "Red suits in red; trumps with a gold band and border (R3). "
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


class ReplayerWidget(widgets.VBox):  # type: ignore[misc]
    """A replayer of one :class:`~durak_nb.replay.Replay` (see the module's text).

    Args:
        replay: the replayed recording.
        interval: milliseconds per move while playing (adjustable with :attr:`speed`).
        start: the first frame shown (the position before move ``start``).
        perspective: the view shown first: ``None`` (every hand open), a seat or a name.
        width: one card's width in pixels.
        kernel_buttons: kept for compatibility: the ◀ ▶ buttons are always there (an
            exported page has its own, :mod:`.export`).
        max_moves: the most moves shown (:data:`~.bounds.MAX_REPLAYER_MOVES`, 1,000).

    Attributes:
        replay: the replay.
        play: the ``Play`` widget (values ``0..len(replay)``), linked to the slider in
            the browser.
        slider: the move slider: frame ``k`` shows the position before move ``k``.
        speed: milliseconds per move, linked to ``play.interval``.
        goto: the go-to list, one entry per frame (its ``index`` is the frame).
        perspective: the view list: ``'all hands open'``, then each player's view.
        back, forward: the ◀ ▶ buttons.
        header: the HTML header: the style sheet, every card face once
            (:func:`.cards_svg.card_defs`), variant, players, title.
        board: the one HTML widget showing the frame (:func:`.html.board_html`), each
            card a ``<use>`` of its face in the header (:func:`.cards_svg.shared_faces`).
        links: the ``jslink``-s (play ↔ slider, speed ↔ play's interval).

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
        width: float = 48,
        kernel_buttons: bool = True,
        max_moves: int = MAX_REPLAYER_MOVES,
    ) -> None:
        n = len(replay)
        check_moves("the replayer", n, max_moves)
        if not 0 <= start <= n:
            raise IndexError(f"start {start} is not in 0..{n}")
        if not width > 0:
            raise ValueError(f"width must be positive, not {width!r}")
        view0 = 0 if perspective is None else replay._seat(perspective) + 1
        self.replay = replay
        self.width = width
        self.max_moves = max_moves
        self._parts: dict[int, FrameParts] = {}
        self._caches = new_caches()
        del kernel_buttons
        names = view_names(replay.players)

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
            layout=widgets.Layout(width="340px"),
        )
        self.speed = widgets.IntSlider(
            value=interval,
            min=100,
            max=3000,
            step=100,
            description="ms/move",
            continuous_update=False,
            layout=widgets.Layout(width="230px"),
        )
        self.goto = widgets.Dropdown(
            options=[(frame_label(replay, k), k) for k in range(n + 1)],
            index=start,
            description="go to",
            layout=widgets.Layout(width="360px"),
        )
        self.perspective = widgets.Dropdown(
            options=[(name, v) for v, name in enumerate(names)],
            index=view0,
            description="view",
            layout=widgets.Layout(width="250px"),
        )
        self.back = widgets.Button(description="◀", tooltip="one move back", layout=widgets.Layout(width="3em"))
        self.forward = widgets.Button(description="▶", tooltip="one move forward", layout=widgets.Layout(width="3em"))
        self.back.on_click(lambda _b: self.step(-1))
        self.forward.on_click(lambda _b: self.step(1))
        self.links = (
            widgets.jslink((self.play, "value"), (self.slider, "value")),
            widgets.jslink((self.speed, "value"), (self.play, "interval")),
        )
        rec = replay.recording
        self.header = widgets.HTML(
            STYLE
            + card_defs()
            + '<div class="dnb-story">'
            + header_html(rec.rules.preset, replay.players, rec.meta)
            + "</div>"
        )
        self.board = widgets.HTML(self._board(start, view0))
        self.legend = widgets.HTML(LEGEND)
        self._shown = (start, view0)
        self.slider.observe(self._on_slider, names="value")
        self.goto.observe(self._on_goto, names="index")
        self.perspective.observe(self._on_view, names="index")
        controls = widgets.HBox(
            [self.back, self.play, self.forward, self.slider, self.perspective, self.goto, self.speed],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([self.header, controls, self.board, self.legend])
        self.add_class("dnb-replayer")

    # ------------------------------------------------------------------ frames

    def parts(self, k: int) -> FrameParts:
        """Every part of frame ``k`` (made when first asked for, then kept).

        Raises:
            IndexError: ``k`` not in ``0..len(replay)``.
        """
        if not 0 <= k <= len(self.replay):
            raise IndexError(f"frame {k} is not in 0..{len(self.replay)}")
        got = self._parts.get(k)
        if got is None:
            legal = self.replay.game(k).legal_moves()
            got = self._parts[k] = frame_parts(self.replay, k, legal, width=self.width, caches=self._caches)
        return got

    @cached_property
    def frames(self) -> ReplayerFrames:
        """Every part of every frame (:func:`.html.replayer_frames`), made when first
        asked for: what an exported page holds."""
        return replayer_frames(self.replay, width=self.width, max_moves=self.max_moves)

    def _board(self, k: int, view: int) -> str:
        parts = self.parts(k)
        players = len(self.replay.players)
        return shared_faces(board_html(players, view, lambda name: frame_slot(parts, view, name)))

    def _redraw(self) -> None:
        now = (self.index, self.view)
        if now != self._shown:
            self._shown = now
            self.board.value = self._board(*now)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self.goto.index != change["new"]:
            self.goto.index = change["new"]
        self._redraw()

    def _on_goto(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and self.slider.value != change["new"]:
            self.slider.value = change["new"]

    def _on_view(self, _change: dict[str, Any]) -> None:
        self._redraw()

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
        """Move the slider by ``delta`` moves (clamped to ``0..len(replay)``)."""
        self.slider.value = max(0, min(len(self.replay), self.index + delta))

    def show(self, k: int, view: int | None = None) -> None:
        """Show frame ``k`` (and view ``view``, if given).

        Raises:
            IndexError: ``k`` not in ``0..len(replay)`` or ``view`` not a view.
        """
        if not 0 <= k <= len(self.replay):
            raise IndexError(f"frame {k} is not in 0..{len(self.replay)}")
        if view is not None:
            if not 0 <= view <= len(self.replay.players):
                raise IndexError(f"view {view} is not in 0..{len(self.replay.players)}")
            self.perspective.index = view
        self.slider.value = k

    def shown(self, k: int | None = None, view: int | None = None) -> Shown:
        """The parts of frame ``k`` in view ``view`` (default: the ones shown now).

        Raises:
            IndexError: ``k`` or ``view`` out of range.
        """
        k = self.index if k is None else k
        v = self.view if view is None else view
        if not 0 <= v <= len(self.replay.players):
            raise IndexError(f"view {v} is not in 0..{len(self.replay.players)}")
        p = self.parts(k)
        seats = range(len(self.replay.players))
        return Shown(
            captions=p.captions,
            cards=tuple(p.open_cards[s] if v in (0, s + 1) else p.public_cards[s] for s in seats),
            table=p.table,
            stock=p.stock,
            turn=p.turn[v],
            story=p.story,
            events=p.events[v],
            result=p.result,
        )

    def __repr__(self) -> str:
        return f"<ReplayerWidget of {self.replay!r}, frame {self.index}>"
