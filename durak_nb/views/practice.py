"""Practise a bout of a lesson in a notebook: :class:`PracticeBout` over :class:`PracticeState`.

The learner plays one seat on a lesson's position; bots (:mod:`durak_nb.bots`) play
the others, until the bout ends (take R14 or bito R15) or, with ``stop="game"``, the
game.  The engine decides everything: every attempt goes through
:meth:`~durak_nb.engine.Game.why_illegal`, a refusal is shown as ``[R11] …`` (the rule
id and the engine's sentence) and changes nothing; a legal move is played, the bots
answer, and what happened is told in words with cards as 10♥
(:func:`durak_nb.explain.move_words`).  A hint names one legal move (the lowest card
that works, :class:`~durak_nb.bots.LowestCardBot`) with its rule ids
(:func:`durak_nb.explain.move_rules`); *start again* goes back to the lesson's position.

How to play (the same through the pictures and buttons or the methods):

* **lead / throw in**: click one or more of your cards, then *Lead* (*Throw in* once
  the table has cards): :meth:`PracticeState.click_card`, :meth:`PracticeState.lay`;
* **cover**: click your card, then the attack card on the table
  (:meth:`PracticeState.click_table`); or the attack card first, then your card;
* **transfer** (perevodnoy, R17): click your cards, then *Transfer*; *Show trump*
  (R20) with the trump selected;
* **take** (R14), **pass** (R12; *pass the lead* in english durak, R9).

Every word is in the language in use when the widget is made
(:func:`durak_nb.i18n.set_language`): the widget keeps it for all it says later.

:class:`PracticeState` holds the whole state machine (no widgets): the game, the
selection, the log; :class:`PracticeBout` is a thin widget over it.  The widget is
built once: the cards of your hand and the pairs on the table are buttons whose faces
are the SVG pictures of :mod:`.cards_svg`, set by a style sheet (one HTML widget) and a
class per button; a frame changes values and classes, never the widgets.

>>> from durak_nb import lessons
>>> s = PracticeState(lessons.replay("lessons/bout.json").game(0), learner="Anna")
>>> s.click_card("7S"), s.lay()
(False, True)
>>> s.log
['Anna attacks 7♠', 'Boris covers 7♠ with 8♠']
>>> s.click_card("9D"), s.lay()
(False, False)
>>> s.message
'[R11] 9♦: only ranks already on the table may be thrown in'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..bots import Bot, LowestCardBot, RandomBot
from ..cards import Card, CardError, card_text
from ..engine import Action, Bito, Event, Game, GameOver, Move, Refusal, Start, Took
from ..explain import cards_words, move_rules, move_words, seen_event_words
from ..i18n import N_, _, get_language, language, ngettext, pgettext
from ..numbering import move_number
from ..rules import Rules
from .card_buttons import (
    button_css,
    card_refusal,
    cover_note,
    cover_or_choose,
    covers_of,
    face_rules,
    grow_pool,
    label_card,
    label_pair,
    no_cover,
    pair_class,
    set_classes,
    target_refusal,
)
from .html import STYLE, cards_div, cards_part_html, esc, hand_order, seat_caption_html, stock_part_html, turn_html
from .play import bot_seat, lay_move, lay_refusal, log_html, prompt_text

__all__ = ["STOPS", "Controls", "PracticeBout", "PracticeState", "hint_words"]

#: where a practice ends: when the bout ends (take R14 or bito R15), or the game (R24–R27)
STOPS = ("bout", "game")

#: how many lines of the log the widget shows
LOG_LINES = 8


def _ends_bout(events: Sequence[Event]) -> bool:
    return any(isinstance(e, Took | Bito | GameOver) for e in events)


#: a hint, one whole sentence per kind of move (``cards``, ``target``, ``card``, ``rules``)
#: (translated at use; ``{rules}`` is a list of rule ids such as ``R6, R10``)
_HINTS: dict[str, str] = {
    "lead": N_("Hint: lead {cards} ({rules})."),
    "throw": N_("Hint: throw in {cards} ({rules})."),
    "cover": N_("Hint: cover {target} with {card} ({rules})."),
    "transfer": N_("Hint: transfer with {cards} ({rules})."),
    "show": N_("Hint: transfer by showing {card} ({rules})."),
    "take": N_("Hint: take the cards ({rules})."),
    "pass": N_("Hint: pass ({rules})."),
    "pass the lead": N_("Hint: pass the lead ({rules})."),
    "redeal": N_("Hint: claim a redeal ({rules})."),
}


def hint_words(move: Move, rules: Sequence[str], *, table_empty: bool) -> str:
    """A hint in words, addressed to the learner: ``'Hint: cover 7♠ with 9♠ (R6).'``.

    Args:
        move: the move hinted at.
        rules: its rule ids (:func:`durak_nb.explain.move_rules`).
        table_empty: the table is empty (a pass then passes the lead, R9).
    """
    a = move.action
    key = {
        Action.ATTACK: "lead",
        Action.THROW: "throw",
        Action.DEFEND: "cover",
        Action.TRANSFER: "show" if move.show else "transfer",
        Action.TAKE: "take",
        Action.PASS: "pass the lead" if table_empty else "pass",
        Action.REDEAL: "redeal",
    }[a]
    return _(_HINTS[key]).format(
        cards=cards_words(move.cards),
        card=card_text(move.cards[0]) if move.cards else "",
        target=card_text(move.target) if move.target is not None else "",
        rules=", ".join(rules),
    )


class Controls(NamedTuple):
    """Which action buttons the position offers the learner (the engine still judges each press).

    Attributes:
        active: the learner may act now (a legal move, the practice not over).
        lay: *Lead* / *Throw in* is shown (the learner is not the defender);
            ``lay_label`` its label.
        lay_ok: *Lead* / *Throw in* can succeed: cards are selected and the engine would
            accept leading or throwing in exactly them (R9, R11); the button is disabled
            otherwise, so a press is never refused for want of a card.
        transfer: *Transfer* is shown (the defender in perevodnoy, R17).
        show: *Show trump* is shown (the defender, the проездной option on, R20).
        take: *Take* is shown (the defender, R14).
        pass_: *Pass* is shown (not the defender; on an empty table only when the
            engine offers passing the lead, R9); ``pass_label`` its label.
    """

    active: bool
    lay: bool
    lay_label: str
    transfer: bool
    show: bool
    take: bool
    pass_: bool
    pass_label: str
    lay_ok: bool = False


class PracticeState:
    """The learner's bout on a lesson position, without widgets.

    Args:
        position: the lesson's position: a :class:`~durak_nb.engine.Game` (copied, e.g.
            ``lessons.replay("lessons/bout.json").game(0)``) or a
            :class:`~durak_nb.engine.Start` (then ``rules`` and ``players`` are needed).
        learner: the learner's seat or name; every other seat is a bot.
        bots: the bot of every other seat, or a mapping from seat (or name) to bot;
            ``None``: :class:`~durak_nb.bots.LowestCardBot` (the lowest card that works).
        seed: with ``bots=None``, the other seats play
            :class:`~durak_nb.bots.RandomBot` seeded ``seed + seat`` instead (the same
            game for a class; *start again* seeds them afresh).
        stop: ``"bout"``: the practice ends when the bout ends (take R14, bito R15);
            ``"game"``: when the game ends (R24–R27).
        rules, players: the rules and seat names of a ``Start``.

    Raises:
        ValueError: ``stop`` is not in :data:`STOPS`; a ``Start`` without rules or
            players; the game is over already (nothing to play).
        TypeError: ``position`` is neither a Game nor a Start.
        KeyError: ``learner`` is not a seat (as :meth:`Game.seat`, R2).
        SetupError: a ``Start`` the engine refuses (as :meth:`Game.from_start`).

    Attributes:
        game: the live game (do not play on it directly).
        learner: the learner's seat.
        bots: the bot of each other seat.
        selected: the learner's selected cards, in the order clicked.
        target: the attack card chosen to cover before a card was chosen, or ``None``.
        refusal: the engine's refusal of the learner's last attempt, ``None`` after a legal move.
        said: what happened after the learner's last legal move (their move, the bots'
            answers, the events), in words.
        log: every move and event of the practice so far, in words.
        log_numbers: each line's move number in the game (:func:`~durak_nb.numbering.move_number`,
            as the replayer counts), ``None`` for an event the move caused.
        note: a hint or a word on the selection (no move), or ``""``.
        over: the practice has ended (see ``stop``).
    """

    def __init__(
        self,
        position: Game | Start,
        *,
        learner: int | str = "Anna",
        bots: Bot | Mapping[int | str, Bot] | None = None,
        seed: int | None = None,
        stop: str = "bout",
        rules: Rules | str | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        if stop not in STOPS:
            raise ValueError(f"stop is one of {', '.join(STOPS)}, not {stop!r}")
        if isinstance(position, Start):
            if rules is None or players is None:
                raise ValueError(_("a Start needs rules= and players= (the seat names clockwise)"))
            origin = Game.from_start(rules, players, position)
        elif isinstance(position, Game):
            origin = position.copy()
        else:
            raise TypeError(f"position is a Game or a Start, not {type(position).__name__}")
        if origin.finished:
            raise ValueError(_("the game of this position is over: there is nothing to practise"))
        self._origin = origin
        self.learner = origin.seat(learner)
        self.stop = stop
        self.seed = seed
        self._bots = bots
        self.restart()

    # ------------------------------------------------------------------ state

    def restart(self) -> None:
        """Start again from the lesson's position (the bots re-made, the log emptied)."""
        self.game = self._origin.copy()
        self.bots = {s: self._bot(s) for s in range(self.game.n) if s != self.learner}
        self.selected: list[Card] = []
        self.target: Card | None = None
        self.refusal: Refusal | None = None
        self.log: list[str] = []
        self.log_numbers: list[int | None] = []
        self.note = ""
        self.over = False
        self.said = self._bots_reply()

    def _bot(self, seat: int) -> Bot:
        spec = self._bots
        if spec is None:
            return LowestCardBot() if self.seed is None else RandomBot(self.seed + seat)
        if isinstance(spec, Mapping):
            for key in (seat, self.game.players[seat]):
                if key in spec:
                    return spec[key]
            return LowestCardBot()
        return spec

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(self.game.players)

    @property
    def legal(self) -> list[Move]:
        """The learner's legal moves now (none once the practice is over)."""
        if self.over or self.game.finished:
            return []
        return self.game.legal_moves(self.learner)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The learner's cards as held: by suit, the trump suit last, low to high."""
        return hand_order(self.game.hands[self.learner], self.game.trump)

    @property
    def message(self) -> str:
        """The refusal of the last attempt (``'[R11] …'``), else what happened since the
        learner's last move (``'Anna attacks 7♠; Boris covers 7♠ with 9♠'``)."""
        if self.refusal is not None:
            return str(self.refusal)
        return "; ".join(self.said)

    @property
    def prompt(self) -> str:
        """What the learner is asked now: their kinds of move, or how the practice ended."""
        g = self.game
        if g.result is None and self.over:
            return _("The bout is over. Press “Start again” to play it once more.")
        return prompt_text(g, self.legal)

    def controls(self) -> Controls:
        """The action buttons the position offers the learner now (:class:`Controls`)."""
        g, me = self.game, self.learner
        legal = self.legal
        defending = g.defender == me
        empty = not g.attack_cards
        r = g.rules
        lead_pass = empty and any(m.action is Action.PASS for m in legal)
        return Controls(
            active=bool(legal),
            lay=not defending,
            lay_label=pgettext("button", "Lead") if empty else pgettext("button", "Throw in"),
            transfer=defending and r.transfers,
            show=defending and r.show_trump_transfer,
            take=defending,
            pass_=not defending and (not empty or lead_pass),
            pass_label=pgettext("button", "Pass the lead") if empty else pgettext("button", "Pass"),
            lay_ok=not defending and bool(self.selected) and self.lay_refusal() is None,
        )

    # ------------------------------------------------------------------ the learner's clicks

    def click_card(self, card: str | Card) -> bool:
        """Click one of the learner's cards: it is selected, or unselected when selected
        already.  With an attack card chosen first (:meth:`click_table`), the card
        covers it (R10).

        Returns:
            whether a move was played.
        """
        try:
            c = Card.parse(card)
        except CardError as exc:
            return self._refuse(card_refusal(exc))
        self.refusal = None  # a new action: the last refusal is stale
        if self.target is not None:
            target, self.target = self.target, None
            self.selected = []
            return self.attempt(Move.defend(self.learner, c, target))
        if c in self.selected:
            self.selected.remove(c)
        else:
            self.selected.append(c)
        self.note = ""
        return False

    def click_table(self, card: str | Card) -> bool:
        """Click an attack card on the table: the selected card covers it (R10; the
        engine refuses anything but one card).  With no card selected, the attack card
        is chosen and the next card clicked covers it (clicking it again unchooses it).

        Returns:
            whether a move was played.
        """
        try:
            t = Card.parse(card)
        except CardError as exc:
            return self._refuse(card_refusal(exc))
        self.refusal = None  # a new action: the last refusal is stale
        move, self.target = cover_or_choose(self.learner, self.selected, self.target, t)
        if move is not None:
            self.selected = []
            return self.attempt(move)
        legal = self.legal
        if self.target is not None and not covers_of(self.target, legal):
            # no card may cover it: the engine says why (covered already, not the defender),
            # or the note says that none of the cards beats it; nothing stays chosen
            chosen, self.target = self.target, None
            why = target_refusal(self.game, self.learner, chosen)
            if why is not None:
                return self._refuse(why)
            self.note = no_cover(chosen)
        else:
            self.note = cover_note(self.target, legal)  # derived from the legal moves
        return False

    def lay(self) -> bool:
        """*Lead* (an empty table, R9) or *Throw in* (R11, R14) the selected cards.

        Returns:
            whether the move was played.
        """
        return self.attempt(lay_move(self.game, self.learner, self.selected))

    def lay_refusal(self) -> Refusal | None:
        """Why *Lead* / *Throw in* of the selected cards would be refused (R9, R11): the
        engine's :class:`~durak_nb.engine.Refusal`, shown beside the disabled button; ``None``
        when the move would be played, when nothing is selected or the learner defends.
        """
        return lay_refusal(self.game, self.learner, self.selected)

    def transfer(self, *, show: bool = False) -> bool:
        """*Transfer* with the selected cards (R17), or with ``show`` by showing the
        selected trump (R20).  Returns whether the move was played."""
        return self.attempt(Move.transfer(self.learner, tuple(self.selected), show=show))

    def take(self) -> bool:
        """*Take* (R14). Returns whether the move was played."""
        return self.attempt(Move.take(self.learner))

    def pass_(self) -> bool:
        """*Pass* (R12), or pass the lead in english durak (R9). Returns whether the move was played."""
        return self.attempt(Move.pass_(self.learner))

    def hint(self) -> str:
        """One legal move of the learner in words with its rule ids (the lowest card
        that works, :class:`~durak_nb.bots.LowestCardBot`), also kept in :attr:`note`:
        ``'Hint: cover 7♠ with 9♠ (R6).'``."""
        g = self.game
        self.refusal = None
        self.selected, self.target = [], None  # one instruction at a time: the hint replaces a half-made move
        if not self.legal:
            self.note = ""  # the prompt says it already (the end of the bout said once)
            return self.prompt
        move = LowestCardBot().choose(g, self.learner)
        after = g.copy()
        after.play(move)
        ids = move_rules(move, g.position(), (), after.position(), g.rules)
        self.note = hint_words(move, ids, table_empty=not g.attack_cards)
        return self.note

    # ------------------------------------------------------------------ moves

    def attempt(self, move: Move) -> bool:
        """The learner's ``move``: refused with the engine's rule id and sentence (nothing
        changes but the selection), or played, then the bots answer.

        Returns:
            whether the move was played.
        """
        if self.over:
            self.note = ""  # the prompt says the bout is over: said once
            return False
        refusal = self.game.why_illegal(move)
        if refusal is not None:
            return self._refuse(refusal)
        self.refusal = None
        self.selected, self.target, self.note = [], None, ""
        said = self._play(move)
        said += self._bots_reply()
        self.said = said
        return True

    def _refuse(self, refusal: Refusal) -> bool:
        self.refusal = refusal
        self.selected, self.target, self.note = [], None, ""
        return False

    def _play(self, move: Move) -> list[str]:
        """Play ``move``; returns it and its events in words (and marks the end, ``stop``)."""
        g = self.game
        events = g.play(move)
        # the learner's view: another's draw is counted, not named (R16; the turned-up trump is public, R3)
        said = [move_words(g.history[-1], g.players)] + [
            seen_event_words(e, g.players, viewer=self.learner, trump_card=g.trump_card) for e in events
        ]
        self.log.extend(said)
        # the move as every view numbers it (numbering.move_number: its place in the game),
        # the events it caused unnumbered under it
        self.log_numbers += [move_number(len(g.history) - 1)] + [None] * (len(said) - 1)
        if g.finished or (self.stop == "bout" and _ends_bout(events)):
            self.over = True
        return said

    def _bots_reply(self) -> list[str]:
        """The bots move until the learner has a move, or the practice is over (whose
        turn it is: :func:`~durak_nb.views.play.bot_seat`)."""
        said: list[str] = []
        while not self.over:
            seat = bot_seat(self.game, self.learner)
            if seat is None:
                break
            said += self._play(self.bots[seat].choose(self.game, seat))
        return said


# ----------------------------------------------------------------------------- the widget

_SCOPES = itertools.count(1)

#: the practice's own styles (the card buttons' rules come from :func:`.card_buttons.button_css`)
_CSS = (
    ".dnb-practice .dnb-refusal{color:#b00020;font-weight:600}"
    ".dnb-practice .dnb-prompt{color:#1f4e8c;font-weight:600}"
    ".dnb-practice .dnb-note{color:#2e5d2e}"
    ".dnb-practice .dnb-status{font:15px/1.45 sans-serif}"
    ".dnb-practice .dnb-log{margin:2px 0;display:grid;grid-template-columns:max-content 1fr;column-gap:.5em;"
    "color:#333;font:13px/1.35 sans-serif}"
    ".dnb-practice .dnb-log .dnb-n{text-align:right;color:#666;font-variant-numeric:tabular-nums}"
    ".dnb-practice .dnb-board{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}"
    # the trump's words wrap above the piles, so that the stock fits beside two opponents'
    # hands: the hand and the buttons stay within a 768 px screen (issue 22)
    ".dnb-practice .dnb-board .dnb-stock>.dnb-caption{max-width:11em}"
    ".dnb-practice .dnb-board .dnb-piles{gap:8px}"
    ".dnb-practice .dnb-turn{font:14px/1.45 sans-serif}"
    ".dnb-practice .dnb-task{font:600 15px/1.45 sans-serif;color:#1f4e8c;margin-bottom:2px}"
)


class PracticeBout(widgets.VBox):  # type: ignore[misc]
    """The learner's bout on a lesson position as a widget, over a :class:`PracticeState`.

    Args:
        position, learner, bots, seed, stop, rules, players: as :class:`PracticeState`.
        open_hands: show the bots' hands face up (by default face down).
        card_width: the width of a card of your hand, in pixels.
        task: what the learner is asked to do, shown above the table.

    Raises:
        as :class:`PracticeState`.

    Attributes:
        state: the :class:`PracticeState` (the logic).
        hand_buttons, table_buttons: the pools of card buttons (your hand, the table's pairs).
        lay_button, transfer_button, show_button, take_button, pass_button,
        hint_button, again_button: the action buttons.
        faces, board, table_caption, seat_caption, status, log_view: the HTML widgets.
    """

    def __init__(
        self,
        position: Game | Start,
        *,
        learner: int | str = "Anna",
        bots: Bot | Mapping[int | str, Bot] | None = None,
        seed: int | None = None,
        stop: str = "bout",
        rules: Rules | str | None = None,
        players: Sequence[str] | None = None,
        open_hands: bool = False,
        card_width: float = 60,
        task: str = "",
    ) -> None:
        self.task = task
        #: the language of every word the widget shows (the one in use when it was made)
        self.language = get_language()
        self.state = PracticeState(
            position, learner=learner, bots=bots, seed=seed, stop=stop, rules=rules, players=players
        )
        self.open_hands = bool(open_hands)
        self.card_width = float(card_width)
        self.scope = f"dnb-pb{next(_SCOPES)}"
        w = self.card_width
        self._css = STYLE + "<style>" + button_css(".dnb-practice", width=w) + _CSS + "</style>"
        self._shared_style = widgets.ButtonStyle()
        self._html_layout = widgets.Layout()
        style = HTMLStyle()
        html = [widgets.HTML(layout=self._html_layout, style=style) for _ in range(6)]
        self.faces, self.board, self.table_caption, self.seat_caption, self.status, self.log_view = html
        self.hand_buttons: list[Any] = []
        self.table_buttons: list[Any] = []
        self._hand_cards: list[Card | None] = []
        self._table_cards: list[Card | None] = []
        self.hand_row = widgets.Box()
        self.table_row = widgets.Box()
        self.hand_row.add_class("dnb-row")
        self.table_row.add_class("dnb-row")
        g = self.state.game
        self._grow(self.hand_buttons, self._hand_cards, self.hand_row, max(g.rules.hand_size, len(self.state.hand)))
        self._grow(self.table_buttons, self._table_cards, self.table_row, g.rules.bout_limit)

        layout = widgets.Layout(width="auto")

        def button(description: str, tooltip: str, action: Any) -> Any:
            b = widgets.Button(description=description, tooltip=tooltip, layout=layout, style=self._shared_style)
            b.on_click(lambda _b: self._do(action))
            return b

        s = self.state
        self.lay_button = button(pgettext("button", "Lead"), _("lead or throw in the selected cards (R9, R11)"), s.lay)
        self.transfer_button = button(
            pgettext("button", "Transfer"), _("transfer with the selected cards (перевод, R17)"), s.transfer
        )
        self.show_button = button(
            pgettext("button", "Show trump"),
            _("transfer by showing the selected trump (проездной, R20)"),
            lambda: s.transfer(show=True),
        )
        self.take_button = button(pgettext("button", "Take"), _("pick up the cards on the table (R14)"), s.take)
        self.pass_button = button(pgettext("button", "Pass"), _("nothing (more) from me now (R12)"), s.pass_)
        self.hint_button = button(pgettext("button", "Hint"), _("one move you may make, with its rule"), s.hint)
        self.again_button = button(pgettext("button", "Start again"), _("back to the lesson's position"), s.restart)
        actions = widgets.HBox(
            [
                self.lay_button,
                self.transfer_button,
                self.show_button,
                self.take_button,
                self.pass_button,
                self.hint_button,
                self.again_button,
            ]
        )
        super().__init__(
            [
                self.faces,
                self.board,
                self.table_caption,
                self.table_row,
                self.seat_caption,
                self.hand_row,
                actions,
                self.status,
                self.log_view,
            ]
        )
        self.add_class("dnb-practice")
        self.add_class(self.scope)
        self.draw()

    @classmethod
    def lesson(cls, number: int, index: int = 0, **options: Any) -> PracticeBout:
        """The practice bout ``index`` of lesson ``number``
        (:data:`durak_nb.lessons.practice.PRACTICE`): its position, seat, stop and task.

        Args:
            number: the lesson (1..7).
            index: which of the lesson's practice bouts (0: the main one).
            options: ``bots``, ``seed``, ``open_hands``, ``card_width``.

        Raises:
            KeyError: the lesson has no practice bout; IndexError: no bout ``index``.
        """
        from ..lessons.practice import practice_of

        p = practice_of(number)[index]
        return cls(p.game(), learner=p.learner, stop=p.stop, task=p.task, **options)

    # ------------------------------------------------------------------ the learner's clicks

    def click_card(self, card: str | Card) -> bool:
        """As :meth:`PracticeState.click_card`, then redraw."""
        return self._do(lambda: self.state.click_card(card))

    def click_table(self, card: str | Card) -> bool:
        """As :meth:`PracticeState.click_table`, then redraw."""
        return self._do(lambda: self.state.click_table(card))

    def lay(self) -> bool:
        """*Lead* / *Throw in* (:meth:`PracticeState.lay`), then redraw."""
        return self._do(self.state.lay)

    def transfer(self, *, show: bool = False) -> bool:
        """*Transfer* / *Show trump* (:meth:`PracticeState.transfer`), then redraw."""
        return self._do(lambda: self.state.transfer(show=show))

    def take(self) -> bool:
        """*Take* (:meth:`PracticeState.take`), then redraw."""
        return self._do(self.state.take)

    def pass_(self) -> bool:
        """*Pass* (:meth:`PracticeState.pass_`), then redraw."""
        return self._do(self.state.pass_)

    def hint(self) -> str:
        """*Hint* (:meth:`PracticeState.hint`), then redraw."""
        with language(self.language):
            text = self.state.hint()
            self.draw()
        return text

    def restart(self) -> None:
        """*Start again* (:meth:`PracticeState.restart`), then redraw."""
        with language(self.language):
            self.state.restart()
            self.draw()

    def _do(self, action: Any) -> bool:
        """Run the learner's ``action`` and redraw, in the widget's language."""
        with language(self.language):
            played = action()
            self.draw()
        return bool(played)

    # ------------------------------------------------------------------ drawing

    def _grow(self, pool: list[Any], cards: list[Card | None], row: Any, n: int) -> None:
        """Make a pool of card buttons at least ``n`` long (the row is rebuilt only then)."""
        table = pool is self.table_buttons
        click = self.click_table if table else self.click_card
        grow_pool(pool, cards, row, n, click=click, layout=self._html_layout, style=self._shared_style, table=table)

    @staticmethod
    def _classes(button: Any, base: Sequence[str], extra: Sequence[str]) -> None:
        set_classes(button, tuple(base) + tuple(extra))

    def _face_rules(self) -> str:
        """The style rules of the faces of the cards shown now (your hand, the table's pairs)."""
        s = self.state
        return face_rules(self.scope, s.hand, s.game.table, trump=s.game.trump, width=self.card_width)

    def _draw_board(self) -> None:
        s = self.state
        g, me = s.game, s.learner
        pos = g.position()
        small = max(self.card_width * 0.6, 24)
        seats = []
        for seat in range(g.n):
            if seat == me:
                continue
            hand = pos.hands[seat]
            up = hand_order(hand, pos.trump) if self.open_hands else ()
            cards = cards_part_html(up, 0 if self.open_hands else len(hand), pos.trump, width=small)
            caption = seat_caption_html(pos, seat)
            seats.append(
                f'<div class="dnb-seat"><div class="dnb-caption">{caption}</div>{cards_div(cards, seat=seat)}</div>'
            )
        stock = stock_part_html(pos, width=small)
        # the task and whose turn it is while the bout is played; once it is over the prompt
        # alone speaks («The bout is over…»): no stale instruction beside it (issue 22)
        head = f'<div class="dnb-task">{esc(self.task)}</div>' if self.task and not s.over else ""
        if not s.over:
            head += f'<div class="dnb-turn">{turn_html(pos, g.actors(), g.throwers())}</div>'
        self.board.value = head + '<div class="dnb-board">' + "".join(seats) + stock + "</div>"
        n = len(pos.table)
        covered = sum(1 for _a, d in pos.table if d is not None)
        if not n:
            words = pgettext("table", "empty")
        else:
            # TRANSLATORS: {n} cards attack on the table, {covered} of them are covered
            words = ngettext("{n} attack, {covered} covered", "{n} attack, {covered} covered", n).format(
                n=n, covered=covered
            )
        # TRANSLATORS: the caption above the table's cards; keep <b>…</b>
        caption = _("<b>Table</b> (стол): {words}").format(words=esc(words))
        self.table_caption.value = f'<div class="dnb-caption">{caption}</div>'
        you = seat_caption_html(pos, me, acting=bool(s.legal))
        # TRANSLATORS: beside the learner's own seat («Anna · you»)
        mine = esc(pgettext("seat", "you"))
        self.seat_caption.value = f'<div class="dnb-caption">{you} · <b>{mine}</b></div>'

    def _draw_cards(self) -> None:
        s = self.state
        hand = s.hand
        self._grow(self.hand_buttons, self._hand_cards, self.hand_row, len(hand))
        active = bool(s.legal)
        trump = s.game.trump
        for i, b in enumerate(self.hand_buttons):
            if i < len(hand):
                c = hand[i]
                self._hand_cards[i] = c
                label_card(b, c, trump=trump)
                b.disabled = not active
                self._classes(b, ("dnb-pc", f"dnb-c-{c.code}"), ("dnb-sel",) if c in s.selected else ())
            else:
                self._hand_cards[i] = None
                self._classes(b, ("dnb-pc", "dnb-off"), ())
        table = s.game.table
        self._grow(self.table_buttons, self._table_cards, self.table_row, len(table))
        for i, b in enumerate(self.table_buttons):
            if i < len(table):
                a, d = table[i]
                self._table_cards[i] = a
                label_pair(b, a, d)
                b.disabled = not active
                chosen = ("dnb-sel",) if s.target == a else ()
                self._classes(b, ("dnb-pc", "dnb-pt", pair_class(a, d)), chosen)
            else:
                self._table_cards[i] = None
                self._classes(b, ("dnb-pc", "dnb-pt", "dnb-off"), ())

    def _draw_controls(self) -> None:
        c = self.state.controls()
        shown = {
            self.lay_button: c.lay,
            self.transfer_button: c.transfer,
            self.show_button: c.show,
            self.take_button: c.take,
            self.pass_button: c.pass_,
        }
        self.lay_button.description = c.lay_label
        self.pass_button.description = c.pass_label
        for b, on in shown.items():
            self._classes(b, (), () if on else ("dnb-off",))
            b.disabled = not c.active
        self.lay_button.disabled = not (c.active and c.lay_ok)  # only a press that can succeed
        self.hint_button.disabled = False
        self.again_button.disabled = False

    def _draw_status(self) -> None:
        s = self.state
        parts = []
        if s.refusal is not None:
            parts.append(f'<div class="dnb-refusal">{esc(s.refusal)}</div>')
        elif s.said:
            parts.append(f"<div>{esc(s.message)}</div>")
        if s.selected:
            selected = _("Selected: {cards}").format(cards=cards_words(s.selected))
            parts.append(f'<div class="dnb-note">{esc(selected)}</div>')
            cannot = s.lay_refusal()  # why *Lead* / *Throw in* waits, said before any press
            if cannot is not None:
                parts.append(f'<div class="dnb-note">{esc(cannot)}</div>')
        if s.note:
            parts.append(f'<div class="dnb-note">{esc(s.note)}</div>')
        parts.append(f'<div class="dnb-prompt">{esc(s.prompt)}</div>')
        self.status.value = '<div class="dnb-status">' + "".join(parts) + "</div>"
        self.log_view.value = log_html(s.log, s.log_numbers, last=LOG_LINES, head=False)

    def draw(self) -> None:
        """Show the practice now by setting the values and classes of the existing widgets."""
        faces = self._css + self._face_rules()
        if self.faces.value != faces:
            self.faces.value = faces
        self._draw_board()
        self._draw_cards()
        self._draw_controls()
        self._draw_status()
