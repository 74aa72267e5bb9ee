"""Play a game against bots in a notebook: :class:`PlayWidget`.

The engine decides everything.  The widget asks ``game.legal_moves(human)`` which of
your cards may be clicked, which attack cards a selected card may cover and whether
*lead / throw in*, *transfer*, *show trump*, *take* and *pass* are enabled; every move
you make is checked with :meth:`~durak_nb.engine.Game.why_illegal`, and a refusal is
shown with its rule id and sentence (``[R6] 7H does not beat 6S: …``).  No rule is
decided here.

How to play (the same through the buttons or the methods):

* **lead or throw in**: click one or more cards, then *Lead* / *Throw in*
  (:meth:`PlayWidget.click_card`, :meth:`PlayWidget.play`);
* **cover**: click a card, then the attack card to cover (:meth:`PlayWidget.click_target`);
  or first the attack card, then your card;
* **transfer** (perevodnoy, R17): click the cards, then *Transfer*; *Show trump*
  transfers by showing the trump of the attack rank (проездной, R20,
  :meth:`PlayWidget.transfer` with ``show=True``);
* **take** (R14) and **pass** (R12; in english durak also passing the lead, R9).

The other seats are played by bots (:mod:`durak_nb.bots`), one move at a time, with
an optional delay so that you see each move.  Several players may act at once in a
bout (R10–R12); the widget lets a bot defender answer first, then waits for you
whenever you have a move, and lets the bots move otherwise.

Every move is written by a :class:`~durak_nb.record.recorder.Recorder` to a journal
(JSON Lines, ``fsync``-ed per move) as it is played: after a crash
:meth:`PlayWidget.resume` continues the game.  :meth:`PlayWidget.recording` and
:meth:`PlayWidget.replay` give the game so far at once; the *Replay* button shows it
in a :class:`~durak_nb.views.replayer.ReplayerWidget`.

The frame is updated by setting values (HTML, button descriptions, ``disabled``,
``layout.display``) of widgets built once; the row of card buttons only grows when a
hand is larger than ever before.  Player names and every text from a move go through
:func:`html.escape`.

>>> from durak_nb.engine import Game
>>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "7S 9D", "Boris": "6S 8H"},
...     talon="", trump="D", attacker="Boris", first_bito_done=True, rest_to_discard=True)
>>> w = PlayWidget("podkidnoy", ["Anna", "Boris"], start=g)   # Boris (a bot) leads 6S at once
>>> w.message
'Boris attacks 6S'
>>> w.clickable
['7S', '9D']
>>> w.click_target("6S"), w.click_card("9D")    # choose 6S, cover it with a trump (R6)
(False, True)
>>> w.message
'Anna covers 6S with 9D; Boris passes; bito: 6S 9D to the discard (R15)'
>>> w.close()
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..bots import Bot, LowestCardBot
from ..cards import Card, CardError, parse_cards
from ..engine import Action, Game, Move, Refusal
from ..record.json_form import Recording, RecordingError, Start
from ..record.recorder import Recorder
from ..replay import Replay
from ..rules import Rules
from .cards_svg import RED, discard_svg, seat_svg, table_svg, talon_svg
from .html import STYLE, esc, header_html, turn_html
from .replayer import ReplayerWidget

__all__ = ["PlayWidget", "bot_seat", "prompt_text"]

#: colours of the card buttons: plain, trump (R3), selected, able to cover the chosen target
_PLAIN, _TRUMP, _SELECTED, _COVERS = "#ffffff", "#fff3c4", "#90caf9", "#c8e6c9"
_BLACK = "#111111"
#: how many lines of the move log are shown
LOG_LINES = 12

_STYLE = STYLE + (
    "<style>"
    ".dnb-refusal{color:#b00020;font-weight:600}"
    ".dnb-said{color:#222}"
    ".dnb-prompt{color:#1f4e8c;font-weight:600}"
    ".dnb-log{margin:2px 0;padding-left:1.4em;color:#333;font-size:90%}"
    "</style>"
)


def _card_refusal(exc: CardError) -> Refusal:
    """A card code that cannot be read, as the engine's refusal (R1): the error's own
    rule and message, never parsed back out of its text."""
    return Refusal(exc.rule or "R1", exc.message)


def _start_of(game: Game) -> Start:
    """The ``start`` of a game at its beginning (no move played): the set-up position
    (:meth:`Game.start`, the one Game → Start mapping).

    Raises:
        ValueError: moves were played, or players are already out (R24; a journal's
            ``start`` has no place for them).
    """
    if game.history or game.attack_cards or game.result is not None:
        raise ValueError("start from a game at its beginning (no move played): give a Recording to continue a game")
    if game.out_order:
        raise ValueError("a start position holds no players who are out (R24)")
    return game.start()


class PlayWidget(widgets.VBox):  # type: ignore[misc]
    """Play a game of durak against bots, recorded move by move.

    Args:
        rules: a :class:`~durak_nb.rules.Rules` or a preset name (``'perevodnoy'``).
        players: names in clockwise seat order, or a count (``P1``, ``P2`` …).
        human: your seat (or name); every other seat is a bot.
        seed: the shuffle (R3), as :meth:`Game.deal`; ``None``: a fresh random deal.
        journal: the journal file (``*.durak.jsonl``) the game is recorded to; ``None``
            records to a new file in a temporary directory (:attr:`journal`).
        bot: the bot of every other seat, or a mapping from seat (or name) to bot;
            default :class:`~durak_nb.bots.LowestCardBot`.
        start: a set-up position instead of a deal: a :class:`Game` at its beginning
            (e.g. :meth:`Game.from_position`), a :class:`Start`, or the INTERCHANGE.md
            ``start`` object.
        delay: seconds to wait before each bot move, redrawing after each, so that
            their moves are seen one at a time (``0``: the bots answer at once; once
            you are out, R24, the bots finish the game at once).
        open_hands: show the bots' hands face up (a lesson); by default face down.
        auto_pass: pass for you when passing is your only legal move (R12 allows tools
            to generate such passes).
        overwrite: replace an existing journal (by default it is never touched).
        fsync: ``fsync`` each journal line (see :class:`Recorder`).
        meta: free data for the journal's head (``event``, ``title`` …).
        recorder: an open :class:`Recorder` to play on (then ``rules``, ``players``,
            ``seed``, ``journal``, ``start``, ``meta`` are taken from it); see
            :meth:`from_recording` and :meth:`resume`.
        card_width: the width of a drawn card in pixels.

    Raises:
        ValueError: an unknown ``human`` seat, or a ``start`` game with moves played.
        RecordingError: the journal exists (without ``overwrite``), or is still held
            by another widget (close it first), or as :meth:`Recorder.create`.
        RulesError, SetupError: as :meth:`Recorder.create`.

    Attributes:
        recorder: the :class:`Recorder` writing the journal.
        human: your seat.
        bots: the bot of each other seat.
        selected: the cards you have selected, in the order clicked.
        target: the attack card you chose to cover before choosing a card, or ``None``.
        message: the last refusal (``'[R6] …'``) or what happened since your last move.
        refusal: the last :class:`~durak_nb.engine.Refusal`, ``None`` after a legal move.
        narration: every move and event so far, in words.
        card_buttons, target_buttons: the pools of buttons (cards of your hand, attack
            cards to cover).
        lead_button, transfer_button, show_button, take_button, pass_button,
        redeal_button, replay_button: the action buttons.
        header, headline, seat_views, table_view, talon_view, discard_view, status,
        log_view: the HTML widgets (``seat_views`` one per seat).
        replay_box: holds the replayer after *Replay* is pressed.
    """

    def __init__(
        self,
        rules: Rules | str = "podkidnoy",
        players: Sequence[str] | int = 2,
        *,
        human: int | str = 0,
        seed: int | None = None,
        journal: str | Path | None = None,
        bot: Bot | Mapping[int | str, Bot] | None = None,
        start: Game | Start | Mapping[str, Any] | None = None,
        delay: float = 0.0,
        open_hands: bool = False,
        auto_pass: bool = False,
        overwrite: bool = False,
        fsync: bool = True,
        meta: Mapping[str, Any] | None = None,
        recorder: Recorder | None = None,
        card_width: float = 44,
    ) -> None:
        if recorder is None:
            path = Path(journal) if journal is not None else _temp_journal()
            if isinstance(start, Game):
                start = _start_of(start)
            if path.exists() and not overwrite:  # e.g. a notebook cell run again
                raise RecordingError(
                    "the journal exists already: PlayWidget.resume(path) continues its game, "
                    "overwrite=True starts a new one",
                    file=str(path),
                )
            if start is not None:
                recorder = Recorder.create(
                    path, rules, players, start=start, meta=meta, overwrite=overwrite, fsync=fsync
                )
            else:
                recorder = Recorder.create(path, rules, players, seed=seed, meta=meta, overwrite=overwrite, fsync=fsync)
        self.recorder = recorder
        game = recorder.game
        names = game.players
        try:
            self.human = game.seat(human)
        except KeyError as exc:
            recorder.close()
            raise ValueError(f"human: {exc.args[0]}") from exc
        self.bots: dict[int, Bot] = {}
        for s in range(game.n):
            if s != self.human:
                self.bots[s] = _bot_for(bot, s, names)
        self.delay = float(delay)
        self.open_hands = bool(open_hands)
        self.auto_pass = bool(auto_pass)
        self.card_width = float(card_width)
        self.selected: list[Card] = []
        self.target: Card | None = None
        self.message = ""
        self.refusal: Refusal | None = None
        self.narration: list[str] = []
        self._note = ""  # a hint after selecting (not a move)
        self._button_cards: list[Card | None] = []
        self._target_cards: list[Card | None] = []

        r = game.rules
        self.header = widgets.HTML(_STYLE + header_html(r.preset, names, recorder.recording().meta))
        self.headline = widgets.HTML()
        self.seat_views = tuple(widgets.HTML() for _ in names)
        self.table_view = widgets.HTML()
        self.talon_view = widgets.HTML()
        self.discard_view = widgets.HTML()
        self.status = widgets.HTML()
        self.log_view = widgets.HTML()
        self.target_buttons = [self._new_target_button(i) for i in range(min(r.bout_limit, r.deck_size))]
        self.card_buttons: list[widgets.Button] = []
        self.cards_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._grow(max(r.hand_size, len(game.hands[self.human])))

        def button(description: str, tooltip: str, action: Any, shown: bool = True) -> widgets.Button:
            b = widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b: action())
            if not shown:
                b.layout.display = "none"
            return b

        self.lead_button = button("Lead", "lead or throw in the selected cards (R9, R11)", self.play)
        self.transfer_button = button(
            "Transfer", "transfer with the selected cards (перевод, R17)", self.transfer, r.transfers
        )
        self.show_button = button(
            "Show trump",
            "transfer by showing the trump of the attack rank (проездной, R20)",
            lambda: self.transfer(show=True),
            r.show_trump_transfer,
        )
        self.take_button = button("Take", "pick up the cards on the table (R14)", self.take)
        self.pass_button = button("Pass", "nothing (more) from me now (R12)", self.pass_)
        self.redeal_button = button(
            "Redeal", "five or more cards of one suit: claim a redeal (R5)", self.redeal, r.redeal_five_of_suit
        )
        self.replay_button = button("Replay", "replay the game so far", self.show_replay)
        self.replay_box = widgets.VBox()
        self.targets_row = widgets.HBox([widgets.HTML("cover:&nbsp;"), *self.target_buttons])
        others = [self.seat_views[s] for s in range(game.n) if s != self.human]
        board = widgets.HBox(
            [
                widgets.VBox([*others, self.table_view, self.targets_row]),
                widgets.VBox([self.talon_view, self.discard_view]),
            ]
        )
        actions = widgets.HBox(
            [
                self.lead_button,
                self.transfer_button,
                self.show_button,
                self.take_button,
                self.pass_button,
                self.redeal_button,
                self.replay_button,
            ]
        )
        super().__init__(
            [
                self.header,
                self.headline,
                board,
                self.seat_views[self.human],
                self.cards_row,
                actions,
                self.status,
                self.log_view,
                self.replay_box,
            ]
        )
        said = self._run_bots(show=False)
        self.message = "; ".join(said)
        self.draw()

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_recording(
        cls,
        recording: Recording,
        *,
        human: int | str = 0,
        journal: str | Path | None = None,
        overwrite: bool = False,
        fsync: bool = True,
        **options: Any,
    ) -> PlayWidget:
        """Play on from a recording (a lesson position or a saved game, its moves
        included), recorded to a new journal.

        Args:
            recording: the recording to continue.
            human, journal, overwrite, fsync: as in :class:`PlayWidget`.
            options: ``bot``, ``delay``, ``open_hands``, ``auto_pass``, ``card_width``.

        Raises:
            RecordingError: a move of the recording breaks a rule, or as :meth:`Recorder.from_recording`.
        """
        path = Path(journal) if journal is not None else _temp_journal()
        rec = Recorder.from_recording(path, recording, overwrite=overwrite, fsync=fsync)
        return cls(human=human, recorder=rec, **options)

    @classmethod
    def resume(cls, journal: str | Path, *, human: int | str = 0, fsync: bool = True, **options: Any) -> PlayWidget:
        """Continue the game of a journal (e.g. after the kernel died); a torn last
        line is dropped and reported as :meth:`Recorder.open` does.

        Raises:
            RecordingError: as :meth:`Recorder.open`.
        """
        return cls(human=human, recorder=Recorder.open(journal, fsync=fsync), **options)

    # ------------------------------------------------------------------ state

    @property
    def game(self) -> Game:
        """The live game (do not play on it directly: use the widget or :attr:`recorder`)."""
        return self.recorder.game

    @property
    def journal(self) -> Path:
        """The journal file the game is recorded to."""
        return self.recorder.path

    @property
    def legal(self) -> list[Move]:
        """Your legal moves now (``game.legal_moves(human)``)."""
        return [] if self.game.finished else self.game.legal_moves(self.human)

    @property
    def clickable(self) -> list[str]:
        """The codes of your cards that take part in a legal move now, in hand order."""
        usable = {c for m in self.legal for c in m.cards}
        return [c.code for c in self.game.hands[self.human] if c in usable]

    @property
    def targets(self) -> list[str]:
        """The attack cards you may click to cover now: those the selected card may
        cover (one card selected), else every one some card of yours may cover."""
        return [c.code for c in self._targets()]

    def _targets(self) -> list[Card]:
        defends = [m for m in self.legal if m.action is Action.DEFEND]
        if len(self.selected) == 1:
            defends = [m for m in defends if m.cards[0] == self.selected[0]]
        ok = {m.target for m in defends}
        return [a for a in self.game.attack_cards if a in ok]

    def recording(self) -> Recording:
        """The game so far as a :class:`Recording` (the journal's head and moves; the
        result once the game is over)."""
        return self.recorder.recording()

    def replay(self) -> Replay:
        """A :class:`~durak_nb.replay.Replay` of the game so far."""
        return Replay(self.recording())

    def show_replay(self) -> ReplayerWidget:
        """Show the game so far in a replayer below the table, at its last position:
        from your view while the game goes on (the bots' cards face down unless
        ``open_hands``), with every hand open once it is over."""
        replay = self.replay()
        secret = not (self.game.finished or self.open_hands)
        viewer = ReplayerWidget(replay, start=len(replay), perspective=self.human if secret else None)
        self.replay_box.children = (viewer,)
        return viewer

    def close(self) -> None:
        """Release the journal and close the widgets.  Until then the journal stays
        open, also after the game, for :meth:`Recorder.comment` and :meth:`Recorder.glyph`."""
        recorder = self.__dict__.get("recorder")  # absent when the constructor failed early
        if recorder is not None:
            recorder.close()
        super().close()

    # ------------------------------------------------------------------ your moves

    def click_card(self, card: str | Card) -> bool:
        """Click one of your cards.

        With an attack card chosen first (:meth:`click_target`), the card covers it
        (R10).  Otherwise the card is selected (or unselected when selected already);
        a card that takes part in no legal move is not selected, and the engine says
        why it cannot be played.

        Returns:
            whether a move was played.
        """
        try:
            c = Card.parse(card)
        except CardError as exc:
            return self._refuse(_card_refusal(exc))
        h = self.human
        if self.target is not None:
            target, self.target = self.target, None
            self.selected = []
            return self._human(Move.defend(h, c, target))
        if c in self.selected:
            self.selected.remove(c)
            self._note = ""
            self.draw()
            return False
        if c.code not in self.clickable:
            refusal = self._why_card(c)
            if refusal is not None:
                return self._refuse(refusal)
        self.selected.append(c)
        self._note = self._hint()
        self.draw()
        return False

    def click_target(self, target: str | Card) -> bool:
        """Click an attack card on the table: the one selected card covers it (R10);
        with no card selected, the attack card is chosen and the next card clicked
        covers it (clicking it again unchooses it).

        Returns:
            whether a move was played.
        """
        try:
            t = Card.parse(target)
        except CardError as exc:
            return self._refuse(_card_refusal(exc))
        if self.selected:
            cards, self.selected = tuple(self.selected), []
            return self._human(Move(self.human, Action.DEFEND, cards, t))
        self.target = None if self.target == t else t
        self._note = "" if self.target is None else f"cover {t.code}: click the card to cover it with"
        self.draw()
        return False

    def play(self, cards: str | Iterable[str | Card] | None = None) -> bool:
        """Lead (empty table, R9) or throw in (R11, R14) ``cards`` (default: the selected cards).

        Returns:
            whether the move was played.
        """
        chosen = self._cards(cards)
        if chosen is None:
            return False
        h = self.human
        move = Move.attack(h, chosen) if not self.game.attack_cards else Move.throw(h, chosen)
        return self._human(move)

    def transfer(self, cards: str | Iterable[str | Card] | None = None, *, show: bool = False) -> bool:
        """Transfer (R17) with ``cards`` (default: the selected cards); with ``show``,
        by showing the trump of the attack rank (R20: the selected card, or the one
        your legal moves offer).

        Returns:
            whether the move was played.
        """
        chosen = self._cards(cards)
        if chosen is None:
            return False
        if show and not chosen:
            offered = [m.cards for m in self.legal if m.action is Action.TRANSFER and m.show]
            chosen = tuple(offered[0]) if offered else ()
        return self._human(Move(self.human, Action.TRANSFER, tuple(sorted(chosen)), None, show))

    def take(self) -> bool:
        """Declare take (R14). Returns whether the move was played."""
        return self._human(Move.take(self.human))

    def pass_(self) -> bool:
        """Pass (R12), or pass the lead in english durak (R9). Returns whether the move was played."""
        return self._human(Move.pass_(self.human))

    def redeal(self) -> bool:
        """Claim a redeal (R5). Returns whether the move was played."""
        return self._human(Move.redeal(self.human))

    def clear(self) -> None:
        """Unselect every card and the chosen attack card."""
        self.selected, self.target, self._note = [], None, ""
        self.draw()

    # ------------------------------------------------------------------ internals

    def _cards(self, cards: str | Iterable[str | Card] | None) -> tuple[Card, ...] | None:
        if cards is None:
            return tuple(self.selected)
        try:
            return tuple(parse_cards(cards))
        except CardError as exc:
            self._refuse(_card_refusal(exc))
            return None

    def _why_card(self, c: Card) -> Refusal | None:
        """The engine's reason why card ``c`` takes part in no legal move now: the
        refusal of the move a click on it would mean (a lead, a cover of the first
        uncovered card, or a throw-in); ``None`` if the engine allows that move."""
        g, h = self.game, self.human
        uncovered = [a for a, d in g.table if d is None]
        if not g.attack_cards:
            move = Move.attack(h, (c,))
        elif h == g.defender and not g.taking and uncovered:
            move = Move.defend(h, c, uncovered[0])
        else:
            move = Move.throw(h, (c,))
        return g.why_illegal(move)

    def _refuse(self, refusal: Refusal) -> bool:
        self.refusal = refusal
        self.message = str(refusal)
        self.selected, self.target, self._note = [], None, ""
        self.draw()
        return False

    def _hint(self) -> str:
        """What the selected cards may do, from your legal moves."""
        sel = set(self.selected)
        kinds = []
        for m in self.legal:
            if m.action is Action.DEFEND and len(sel) == 1 and m.cards[0] in sel:
                kinds.append(f"cover {m.target.code if m.target else ''}")
            elif m.action in (Action.ATTACK, Action.THROW, Action.TRANSFER) and set(m.cards) == sel:
                word = {Action.ATTACK: "lead", Action.THROW: "throw in", Action.TRANSFER: "transfer"}[m.action]
                kinds.append(word + (" by showing it" if m.show else ""))
        codes = " ".join(c.code for c in self.selected)
        return f"selected {codes}" + (": " + ", ".join(dict.fromkeys(kinds)) if kinds else "")

    def _human(self, move: Move) -> bool:
        """Play your ``move`` if the engine allows it, then let the bots answer."""
        refusal = self.game.why_illegal(move)
        if refusal is not None:
            return self._refuse(refusal)
        self.refusal = None
        self.selected, self.target, self._note = [], None, ""
        said = self._play(move)
        said += self._run_bots(show=True)
        self.message = "; ".join(said)
        self.draw()
        return True

    def _play(self, move: Move, note: str = "") -> list[str]:
        """Record and play ``move``; returns it and its events in words."""
        events = self.recorder.play(move)
        names = self.game.players
        said = [self.game.history[-1].describe(names) + note] + [e.describe(names) for e in events]
        self.narration.extend(said)
        return said

    def _run_bots(self, *, show: bool) -> list[str]:
        """Let the bots move until you have a move or the game is over (whose turn it is:
        :func:`bot_seat`)."""
        said: list[str] = []
        g, h = self.game, self.human
        while not g.finished:
            seat = bot_seat(g, h)
            if seat is None:  # you are waited for
                mine = g.legal_moves(h)
                if self.auto_pass and len(mine) == 1 and mine[0].action is Action.PASS:
                    said += self._play(mine[0], " (auto)")
                    continue
                break
            if show and self.delay > 0 and h not in g.out_order:  # once you are out, the rest goes at once
                self.message = "; ".join(said)
                self.draw()
                time.sleep(self.delay)
            said += self._play(self.bots[seat].choose(g, seat))
        return said

    def _grow(self, n: int) -> None:
        """Make the pool of card buttons at least ``n`` long (the row is rebuilt only then)."""
        if n <= len(self.card_buttons):
            return
        while len(self.card_buttons) < n:
            i = len(self.card_buttons)
            b = widgets.Button(
                layout=widgets.Layout(width="4.4em", height="2.6em", border="1px solid #999", display="none")
            )
            b.style.font_weight = "bold"
            b.style.font_size = "15px"
            b.on_click(lambda _b, i=i: self._on_card(i))
            self.card_buttons.append(b)
            self._button_cards.append(None)
        self.cards_row.children = tuple(self.card_buttons)

    def _new_target_button(self, i: int) -> widgets.Button:
        b = widgets.Button(layout=widgets.Layout(width="4.4em", border="1px solid #999", display="none"))
        b.style.font_weight = "bold"
        b.on_click(lambda _b: self._on_target(i))
        self._target_cards.append(None)
        return b

    def _on_card(self, i: int) -> None:
        c = self._button_cards[i]
        if c is not None:
            self.click_card(c)

    def _on_target(self, i: int) -> None:
        c = self._target_cards[i]
        if c is not None:
            self.click_target(c)

    def _prompt(self) -> str:
        return prompt_text(self.game, self.legal)

    def draw(self) -> None:
        """Show the game now by setting the values of the existing widgets."""
        g, h = self.game, self.human
        pos = g.position()
        legal = self.legal
        w = self.card_width
        self.headline.value = turn_html(pos, g.actors(), g.throwers())
        for s, view in enumerate(self.seat_views):
            view.value = seat_svg(pos, s, face_up=self.open_hands or s == h, width=w)
        self.table_view.value = "<b>Table</b> (стол)<br>" + table_svg(pos.table, trump=pos.trump, width=w)
        talon_card = pos.trump_card if pos.talon else None
        self.talon_view.value = talon_svg(len(pos.talon), talon_card, trump=pos.trump, width=w)
        self.discard_view.value = discard_svg(len(pos.discard), width=w)

        # your hand: a pool of buttons whose description, colour and state change
        hand = pos.hands[h]
        self._grow(len(hand))
        usable = {c for m in legal for c in m.cards}
        covers = {m.cards[0] for m in legal if m.action is Action.DEFEND and m.target == self.target}
        for i, b in enumerate(self.card_buttons):
            if i < len(hand):
                c = hand[i]
                self._button_cards[i] = c
                b.description = c.pretty
                is_trump = c.suit == pos.trump
                b.tooltip = c.pretty + (" (trump)" if is_trump else "")
                b.disabled = c not in usable
                b.style.text_color = RED if c.suit.is_red else _BLACK
                b.style.button_color = (
                    _SELECTED
                    if c in self.selected
                    else _COVERS
                    if self.target is not None and c in covers
                    else _TRUMP
                    if is_trump
                    else _PLAIN
                )
                b.layout.display = None
            else:
                self._button_cards[i] = None
                b.layout.display = "none"

        # the attack cards you may cover
        defending = any(m.action is Action.DEFEND for m in legal)
        uncovered = [a for a, d in pos.table if d is None] if defending else []
        ok = set(self._targets())
        for i, b in enumerate(self.target_buttons):
            if i < len(uncovered):
                c = uncovered[i]
                self._target_cards[i] = c
                b.description = c.pretty
                b.tooltip = f"cover {c.pretty}"
                b.disabled = c not in ok
                b.style.text_color = RED if c.suit.is_red else _BLACK
                b.style.button_color = _SELECTED if c == self.target else _PLAIN
                b.layout.display = None
            else:
                self._target_cards[i] = None
                b.layout.display = "none"
        self.targets_row.layout.display = None if uncovered else "none"

        actions = {m.action for m in legal}
        self.lead_button.description = "Throw in" if pos.table else "Lead"
        self.lead_button.disabled = not actions & {Action.ATTACK, Action.THROW}
        self.transfer_button.disabled = not any(m.action is Action.TRANSFER and not m.show for m in legal)
        self.show_button.disabled = not any(m.action is Action.TRANSFER and m.show for m in legal)
        self.take_button.disabled = Action.TAKE not in actions
        self.pass_button.description = "Pass" if pos.table else "Pass the lead"
        self.pass_button.disabled = Action.PASS not in actions
        self.redeal_button.disabled = Action.REDEAL not in actions

        parts = []
        if self.refusal is not None:
            parts.append(f'<div class="dnb-refusal">Refused {esc(self.refusal)}</div>')
        elif self.message:
            parts.append(f'<div class="dnb-said">{esc(self.message)}</div>')
        if self._note:
            parts.append(f'<div class="dnb-none">{esc(self._note)}</div>')
        parts.append(f'<div class="dnb-prompt">{esc(self._prompt())}</div>')
        self.status.value = "".join(parts)
        recent = self.narration[-LOG_LINES:]
        self.log_view.value = (
            f'<ol class="dnb-log" start="{len(self.narration) - len(recent) + 1}">'
            + "".join(f"<li>{esc(t)}</li>" for t in recent)
            + "</ol>"
            if recent
            else ""
        )


def bot_seat(game: Game, human: int) -> int | None:
    """Whose bot moves next when ``human`` plays one seat and bots play the others.

    Turn-taking among players who may act at once (R10–R12) is the widgets' choice,
    not a rule: a bot defender answers first; otherwise ``human`` is waited for
    whenever they have a move (a redeal claim aside, R5); otherwise the bot defender,
    else the attacker, else the first bot clockwise from the attacker.

    Args:
        game: the game (its legal moves are asked, nothing is played).
        human: the seat played by a person.

    Returns:
        the seat whose bot moves now, or ``None``: ``human`` is waited for, or nobody
        may move (the game is over).
    """
    if game.finished:
        return None
    moves = game.legal_moves()
    movers = sorted({m.player for m in moves if m.action is not Action.REDEAL}) or sorted({m.player for m in moves})
    if not movers:  # pragma: no cover - the engine always has a move while the game goes on
        return None
    d, a = game.defender, game.attacker
    if human in movers:
        return d if d is not None and d != human and d in movers else None
    if d is not None and d in movers:
        return d
    if a is not None and a in movers:
        return a
    first = a if a is not None else 0
    return min(movers, key=lambda s: (s - first) % game.n)


def prompt_text(game: Game, legal: Sequence[Move]) -> str:
    """What a person playing one seat is asked to do: ``'Your move: throw in, pass'``
    (the kinds of their ``legal`` moves), whom they wait for, or the result.

    Args:
        game: the game.
        legal: that person's legal moves now (``game.legal_moves(seat)``).
    """
    names = game.players
    if game.result is not None:
        return "Game over: " + game.result.describe(names)
    words = {
        Action.ATTACK: "lead",
        Action.THROW: "throw in",
        Action.DEFEND: "cover",
        Action.TRANSFER: "transfer",
        Action.TAKE: "take",
        Action.PASS: "pass the lead" if not game.attack_cards else "pass",
        Action.REDEAL: "claim a redeal",
    }
    kinds = list(dict.fromkeys(words[m.action] for m in legal))
    if not kinds:
        return "Waiting for " + ", ".join(names[s] for s in game.actors())
    return "Your move: " + ", ".join(kinds)


def _temp_journal() -> Path:
    return Path(tempfile.mkdtemp(prefix="durak-nb-play-")) / "game.durak.jsonl"


def _bot_for(bot: Bot | Mapping[int | str, Bot] | None, seat: int, names: Sequence[str]) -> Bot:
    if bot is None:
        return LowestCardBot()
    if isinstance(bot, Mapping):
        for key in (seat, names[seat]):
            if key in bot:
                return bot[key]
        return LowestCardBot()
    return bot
