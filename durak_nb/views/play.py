"""Play a game against bots in a notebook: :class:`PlayWidget`.

The engine decides everything.  The widget asks ``game.legal_moves(human)`` which of
your cards take part in a move (the others are shown dimmed), which attack cards a
selected card may cover and which of *Lead / Throw in*, *Transfer*, *Show trump*,
*Take* and *Pass* are enabled; every move you make is checked with
:meth:`~durak_nb.engine.Game.why_illegal`, and a refusal is shown with its rule id and
the engine's sentence, its cards as 10♥ (``[R6] 7♥ does not beat 6♠: …``).  No rule is decided here.

How to play (the same through the card pictures and buttons, or the methods):

* **lead or throw in**: click one or more of your cards, then *Lead* / *Throw in*
  (:meth:`PlayWidget.click_card`, :meth:`PlayWidget.play`);
* **cover**: click your card, then the attack card on the table
  (:meth:`PlayWidget.click_target`); or first the attack card, then your card;
* **transfer** (perevodnoy, R17): click the cards, then *Transfer*; *Show trump*
  transfers by showing the trump of the attack rank (проездной, R20,
  :meth:`PlayWidget.transfer` with ``show=True``);
* **take** (R14) and **pass** (R12); *Pass the lead* only in english durak, where a
  player with no pair to lead passes the lead (R9).

It looks like a card table: the other seats across the top (clockwise from your
left), the table in the middle with each cover lying across its attack card, the
talon with the turned-up trump under it and the discard at the side, each labelled in
words (:func:`talon_words`, :func:`discard_words`), and your seat at the bottom: your
hand is drawn once, as card buttons whose faces are the SVG pictures of
:mod:`.cards_svg` (:mod:`.card_buttons`: a class per card and one style sheet).  Beside
the table: what happened, what you may do, the numbered move log and where the game
is saved (:func:`journal_words`).  Cards read as 10♥ (:mod:`durak_nb.explain`).

The other seats are played by bots (:mod:`durak_nb.bots`), one move at a time, with
an optional delay so that you see each move.  Several people may play at one screen
(``humans=["Anna", "Vera"]``): the screen shows the hand of the person whose turn it is
only once they press *Show my hand* (a hand-over screen in between, so that nobody sees
another's cards); *Hide my hand* covers it again (:func:`human_seat` says whose turn it
is).  Several players may act at once in a bout (R10–R12); the widget lets a bot
defender answer first, then waits for you whenever you have a move, and lets the bots move otherwise (:func:`bot_seat`).

Every move is written by a :class:`~durak_nb.record.recorder.Recorder` to a journal
(JSON Lines, ``fsync``-ed per move) as it is played: after a crash
:meth:`PlayWidget.resume` continues the game.  :meth:`PlayWidget.recording` and
:meth:`PlayWidget.replay` give the game so far at once; the *Replay* button shows it
in a :class:`~durak_nb.views.replayer.ReplayerWidget`.

The widgets are built once and few (one ``Layout`` and one style per kind shared by
all): a frame sets values and classes; the pools of card buttons only grow when a
hand or the table is larger than ever before.  Player names and every text from a
move go through :func:`html.escape`.

>>> from durak_nb.engine import Game
>>> g = Game.from_position("podkidnoy", ["Anna", "Boris"], hands={"Anna": "7S 9D", "Boris": "6S 8H"},
...     talon="", trump="D", attacker="Boris", first_bito_done=True, rest_to_discard=True)
>>> w = PlayWidget("podkidnoy", ["Anna", "Boris"], start=g)   # Boris (a bot) leads 6S at once
>>> w.message
'Boris attacks 6♠'
>>> w.clickable
['7S', '9D']
>>> w.click_target("6S"), w.click_card("9D")    # choose 6♠, cover it with a trump (R6)
(False, True)
>>> w.message
'Anna covers 6♠ with 9♦; Boris passes; bito: 6♠ 9♦ to the discard (R15)'
>>> w.close()
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..bots import Bot, BotFault, LowestCardBot
from ..cards import Card, CardError, parse_cards
from ..engine import Action, Game, Move, Position, Refusal
from ..explain import cards_words, move_words, seen_event_words
from ..i18n import N_, Np_, _, get_language, ngettext, pgettext
from ..record.json_form import Recording, RecordingError, Start
from ..record.recorder import Recorder
from ..replay import Replay
from ..rules import Rules
from .card_buttons import (
    HIDDEN,
    SELECTED,
    button_css,
    card_class,
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
from .cards_svg import discard_svg, seat_svg, talon_svg
from .html import (
    STYLE,
    esc,
    hand_order,
    header_html,
    in_own_language,
    saved_words,
    seat_caption_html,
    turn_html,
)
from .replayer import ReplayerWidget

__all__ = [
    "PLAY_WORDS",
    "PlayWidget",
    "bot_seat",
    "discard_words",
    "human_seat",
    "journal_words",
    "lay_move",
    "lay_refusal",
    "log_html",
    "prompt_text",
    "table_words",
    "talon_words",
]

#: how many lines of the move log are shown (the last ones; *Replay* shows the whole game)
LOG_LINES = 10
#: a hand of more cards than this is drawn overlapped, so that it stays on one or two rows
TIGHT = 9

_SCOPES = itertools.count(1)

#: the sentences of the hand-over between people at one screen, the hint and the analysis
#: (translated at use: ``_(PLAY_WORDS[key])``)
PLAY_WORDS: dict[str, str] = {
    "show": N_("Show my hand"),
    "hide": N_("Hide my hand"),
    "show_tip": N_("show the cards of the player whose turn it is (only they should look)"),
    "hand_over": N_("{name}'s turn: pass the screen to {name}, who presses “Show my hand”."),
    "hidden": N_("{name}'s hand is hidden: press “Show my hand” first"),
    "hint": N_("Hint"),
    "hint_tip": N_(
        "the best move for you now: exact where the endgame is solved, else the search bot's, from your view"
    ),
    "hint_said": N_("Hint: {words}"),
    "analyse": N_("Analyse my game"),
    "analyse_tip": N_("every move of the finished game evaluated, in a replayer below"),
    "save": N_("Save .durak"),
    "save_tip": N_("save the game so far as a .durak file (the notation) in this notebook's folder"),
    "saved_again": N_("Press “Save .durak” again as the game goes on: the same file is brought up to date."),
    "not_over": N_("the game is not over yet: analyse it when it has ended"),
    "bot_fault": N_("the bots are stopped: {words}. The game is kept as it was before that move."),
}

#: classes of the card buttons besides the face: dimmed (in no legal move now), able to
#: cover the chosen attack card / to be covered by the selected card
_DIM, _OK = "dnb-dim", "dnb-ok"

#: the play widget's own styles (the card buttons' rules: :func:`.card_buttons.button_css`)
_CSS = (
    ".dnb-play{display:flex;flex-flow:row wrap;gap:10px;align-items:flex-start}"
    ".dnb-play .dnb-faces{display:none}"
    ".dnb-play .widget-html-content{line-height:1.4}"
    ".dnb-play .dnb-felt{flex:1 1 560px;max-width:780px;background:#cfe5cc;border:3px solid #7aa874;"
    "border-radius:18px;padding:6px 10px;gap:2px}"
    ".dnb-play .dnb-side{flex:1 1 280px;max-width:440px;gap:6px;align-items:flex-start}"
    ".dnb-play .dnb-replay{flex:1 1 100%}"
    ".dnb-play .dnb-head,.dnb-play .dnb-turn{font:13px/1.4 sans-serif}"
    ".dnb-play .dnb-seats{display:flex;flex-wrap:wrap;justify-content:space-around;gap:6px;margin:2px 0}"
    ".dnb-play .dnb-seat{margin:0;padding:2px 4px;border-radius:6px;border-left:0}"
    ".dnb-play .dnb-seat.dnb-acting{background:#fff7d6}"
    ".dnb-play .dnb-seat svg,.dnb-play .dnb-stock svg{vertical-align:top}"
    ".dnb-play .dnb-middle{gap:10px;align-items:flex-start;justify-content:space-between}"
    ".dnb-play .dnb-tablerow{flex:1 1 auto;background:#bcd9b7;border-radius:8px;padding:4px 6px 4px;"
    "min-height:100px}"
    ".dnb-play .dnb-stock{display:flex;gap:8px}"
    ".dnb-play .dnb-pile .dnb-caption{font:12px/1.3 sans-serif;max-width:9em}"
    ".dnb-play .dnb-caption{font:14px/1.4 sans-serif;margin:1px 0}"
    ".dnb-play .dnb-caption.dnb-acting{background:#fff7d6;border-radius:4px}"
    ".dnb-play .dnb-pc.jupyter-button.dnb-dim{filter:saturate(.4) brightness(.8)}"
    ".dnb-play .dnb-pc.jupyter-button.dnb-ok{box-shadow:0 0 0 3px #43a047}"
    ".dnb-play .dnb-act.jupyter-button{width:auto;min-width:5.5em}"
    ".dnb-play .dnb-actions{gap:4px;flex-wrap:wrap}"
    ".dnb-play .dnb-status{font:15px/1.45 sans-serif}"
    ".dnb-play .dnb-refusal{color:#b00020;font-weight:600}"
    ".dnb-play .dnb-prompt{color:#1f4e8c;font-weight:600}"
    ".dnb-play .dnb-note{color:#2e5d2e}"
    ".dnb-play .dnb-log{display:grid;grid-template-columns:max-content 1fr;column-gap:.5em;"
    "font:13px/1.35 sans-serif;color:#333}"
    ".dnb-play .dnb-log .dnb-n{text-align:right;color:#666;font-variant-numeric:tabular-nums}"
    ".dnb-play .dnb-log-head{font:600 13px/1.4 sans-serif;color:#333}"
    ".dnb-play .dnb-journal{font:12px/1.4 sans-serif;color:#555;overflow-wrap:anywhere}"
)


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


# ----------------------------------------------------------------------------- words


def talon_words(position: Position) -> str:
    """The talon (R3, R16) in words: ``'talon: 12 cards, trump 7♥ under it'``.

    The turned-up trump lies under the talon and is drawn last (R16); in japanese durak
    no card is turned up (R8); an empty talon still says the trump suit.

    >>> from durak_nb.engine import Game
    >>> talon_words(Game.deal("podkidnoy", ["Anna", "Boris"], seed=1).position())
    'talon: 24 cards, trump 7♥ under it'
    """
    n, card, suit = len(position.talon), position.trump_card, position.trump.symbol
    if n == 0:
        return _("talon: empty, trump {suit}").format(suit=suit)
    if card is None:
        return ngettext("talon: {n} card, trump {suit}", "talon: {n} cards, trump {suit}", n).format(n=n, suit=suit)
    if n == 1:
        return _("talon: 1 card, the trump {card}").format(card=card.pretty)
    return ngettext("talon: {n} card, trump {card} under it", "talon: {n} cards, trump {card} under it", n).format(
        n=n, card=card.pretty
    )


def discard_words(position: Position) -> str:
    """The discard (отбой, R15) in words: ``'discard: 8 cards'``, ``'discard: empty'``."""
    n = len(position.discard)
    if n == 0:
        return _("discard: empty")
    return ngettext("discard: {n} card", "discard: {n} cards", n).format(n=n)


def table_words(position: Position, room: int) -> str:
    """The table in words: how many attack cards, how many covered, and how many more
    cards may still be given (``room``, ``Game.room()``, R13).

    >>> from durak_nb.engine import Game
    >>> table_words(Game.deal("podkidnoy", ["Anna", "Boris"], seed=1).position(), 5)
    'table: empty'
    """
    n = len(position.table)
    if n == 0:
        return _("table: empty")
    covered = sum(1 for _a, d in position.table if d is not None)
    if room <= 0:
        return ngettext(
            "table: {n} attack card, {covered} covered; no more cards may be given (R13)",
            "table: {n} attack cards, {covered} covered; no more cards may be given (R13)",
            n,
        ).format(n=n, covered=covered)
    return ngettext(
        "table: {n} attack card, {covered} covered; room for {room} more (R13)",
        "table: {n} attack cards, {covered} covered; room for {room} more (R13)",
        n,
    ).format(n=n, covered=covered, room=room)


def journal_words(path: Path, *, temporary: bool = False) -> str:
    """Where the game is saved, for the player: the journal's absolute path when the
    player chose it (``journal=``); for a journal of the kit's own in a temporary folder
    no path (an internal place, issue 22), but what the player needs: the game is kept,
    and *Save .durak* writes it as a file to keep (:meth:`PlayWidget.save`).

    Args:
        path: the journal file.
        temporary: the journal is in a temporary folder (no ``journal=`` given).

    >>> journal_words(Path("/home/anna/games/mine.durak.jsonl"))
    'This game is saved after every move in /home/anna/games/mine.durak.jsonl.'
    >>> journal_words(Path("/tmp/durak-nb-play-x/game.durak.jsonl"), temporary=True)
    "Your game is kept after every move. “Save .durak” writes it as a file in this notebook's folder."
    """
    if temporary:
        return _("Your game is kept after every move. “Save .durak” writes it as a file in this notebook's folder.")
    return _("This game is saved after every move in {path}.").format(path=str(path.absolute()))


#: what the selected cards may do, one whole sentence per kind (``cards``, ``card``, ``target``)
_OPTIONS: dict[str, str] = {
    "cover": N_("Click {target} on the table to cover it with {card}."),
    "lead": N_("Press “Lead” to lead {cards}."),
    "throw": N_("Press “Throw in” to throw in {cards}."),
    "transfer": N_("Press “Transfer” to transfer with {cards}."),
    "show": N_("Press “Show trump” to transfer by showing {card}."),
}


def _option_words(move: Move) -> str:
    key = {Action.DEFEND: "cover", Action.ATTACK: "lead", Action.THROW: "throw"}.get(move.action)
    if key is None:
        key = "show" if move.show else "transfer"
    return _(_OPTIONS[key]).format(
        cards=cards_words(move.cards),
        card=move.cards[0].pretty,
        target=move.target.pretty if move.target is not None else "",
    )


def _selection_words(selected: Sequence[Card], legal: Sequence[Move]) -> str:
    """The selected cards and what they may do (from the legal moves), in sentences."""
    sel = set(selected)
    options = []
    for m in legal:
        if m.action is Action.DEFEND and len(sel) == 1 and m.cards[0] in sel:
            options.append(_option_words(m))
        elif m.action in (Action.ATTACK, Action.THROW, Action.TRANSFER) and set(m.cards) == sel:
            options.append(_option_words(Move(m.player, m.action, tuple(selected), m.target, m.show)))
    head = _("Selected: {cards}.").format(cards=cards_words(selected))
    return " ".join([head, *dict.fromkeys(options)])


def lay_move(game: Game, seat: int, cards: Sequence[Card]) -> Move:
    """The lead (an empty table, R9) or throw-in (R11) of ``cards`` by ``seat``: what
    *Lead* / *Throw in* plays (the play widget and the practice bout alike)."""
    chosen = tuple(cards)
    return Move.attack(seat, chosen) if not game.attack_cards else Move.throw(seat, chosen)


def lay_refusal(game: Game, seat: int, selected: Sequence[Card]) -> Refusal | None:
    """Why *Lead* / *Throw in* of ``selected`` by ``seat`` would be refused (R9, R11):
    the engine's :class:`~durak_nb.engine.Refusal` (:meth:`~durak_nb.engine.Game.why_illegal`),
    shown beside the disabled button; ``None`` when the move would be played, when
    nothing is selected or ``seat`` defends (the button is not shown then)."""
    if not selected or game.defender == seat:
        return None
    return game.why_illegal(lay_move(game, seat, selected))


class _Shown(NamedTuple):
    """Which action buttons show, their labels, and which are enabled (the engine's legal moves)."""

    lay: bool
    lay_label: str
    transfer: bool
    show: bool
    take: bool
    pass_: bool
    pass_label: str
    redeal: bool
    enabled: frozenset[str]


def _controls(game: Game, seat: int, legal: Sequence[Move], selected: Sequence[Card] = ()) -> _Shown:
    """The action buttons of ``seat``: the defender's (transfer R17, show trump R20,
    take R14) or the others' (lead R9 / throw in R11, pass R12); *Pass the lead* on an
    empty table only in english durak (R9); *Redeal* while a claim is legal (R5).
    *Lead* / *Throw in* is enabled only when ``selected`` may be led or thrown in now
    (:func:`lay_refusal`): a press is never refused for want of a card (issue 22)."""
    r = game.rules
    defending = game.defender == seat and not game.finished
    empty = not game.attack_cards
    enabled = set()
    lay_ok = bool(selected) and lay_refusal(game, seat, selected) is None  # asked once, not per legal move
    for m in legal:
        a = m.action
        if a in (Action.ATTACK, Action.THROW):
            if lay_ok:
                enabled.add("lay")
        elif a is Action.TRANSFER:
            enabled.add("show" if m.show else "transfer")
        else:
            enabled.add({Action.TAKE: "take", Action.PASS: "pass", Action.REDEAL: "redeal", Action.DEFEND: "cover"}[a])
    return _Shown(
        lay=not defending,
        lay_label=pgettext("button", "Lead") if empty else pgettext("button", "Throw in"),
        transfer=defending and r.transfers,
        show=defending and r.show_trump_transfer,
        take=defending,
        pass_=not defending and (not empty or r.lead_style == "pair"),
        pass_label=pgettext("button", "Pass the lead") if empty else pgettext("button", "Pass"),
        redeal="redeal" in enabled,
        enabled=frozenset(enabled),
    )


class PlayWidget(widgets.HBox):  # type: ignore[misc]
    """Play a game of durak against bots, recorded move by move.

    Args:
        rules: a :class:`~durak_nb.rules.Rules` or a preset name (``'perevodnoy'``).
        players: names in clockwise seat order, or a count (``P1``, ``P2`` …).
        human: your seat (or name); every other seat is a bot.
        humans: the seats (or names) played by people at this screen, instead of
            ``human``: every other seat is a bot.  With two or more, each hand stays
            hidden until its owner presses *Show my hand* (:meth:`show_hand`), and the
            hand-over screen names whose turn it is.  After each move the screen goes
            to the person who may act (:func:`human_seat`: the defender facing an
            uncovered card at once, R10, else the attacker first, R12); a thrower
            whose only legal move is a pass passes without being asked (an implied
            pass, journalled as such, R12).
        seed: the shuffle (R3), as :meth:`Game.deal`; ``None``: a fresh random deal.
        journal: the journal file (``*.durak.jsonl``) the game is recorded to; ``None``
            records to a new file in a temporary directory (:attr:`journal`); where it
            is, is shown under the move log (:func:`journal_words`).
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
        card_width: the width of a card of your hand in pixels (the table's cards are
            drawn at 0.85 of it, the others' at 0.6, the talon and the discard at 0.75).

    Raises:
        ValueError: an unknown ``human`` seat, a ``start`` game with moves played, or a
            ``card_width`` that is not positive.
        RecordingError: the journal exists (without ``overwrite``), or is still held
            by another widget (close it first), or as :meth:`Recorder.create`.
        RulesError, SetupError: as :meth:`Recorder.create`.

    Attributes:
        recorder: the :class:`Recorder` writing the journal.
        human: the seat of the person whose turn it is (with one person, theirs).
        humans: the seats played by people, in seat order.
        revealed: whether :attr:`human`'s hand is shown now (always, with one person).
        bots: the bot of each other seat.
        selected: the cards you have selected, in the order clicked.
        target: the attack card you chose to cover before choosing a card, or ``None``.
        message: the last refusal (``'[R6] Q♣ does not beat 6♠: …'``: the engine's rule id
            and sentence, its cards written as 10♥ by the engine)
            or what happened since your last move.
        refusal: the last :class:`~durak_nb.engine.Refusal` (as the engine gives it), ``None``
            after a legal move.
        fault: the :class:`~durak_nb.bots.BotFault` of a bot that failed (an outside
            bot, :class:`~durak_nb.botproto.ProcessBot`, that answered illegally, late or
            not at all): the bots are stopped, the game kept; ``None`` while all is well.
        narration: every move and event so far, in words (cards as 10♥).
        card_buttons, table_buttons: the pools of card buttons (the cards of your hand
            as held, the table's pairs); a hidden one has the class ``dnb-off``.
        lead_button, take_button, pass_button, replay_button: the action buttons;
            hand_button: *Show my hand* / *Hide my hand* (hidden with one person);
            transfer_button (perevodnoy, R17), show_button (R20), redeal_button (R5):
            the same, or ``None`` when the rules have no such move.
        faces, top, stock, seat_caption, status, log_view, journal_view: the HTML
            widgets (the style sheet with the card faces; the header, whose turn, the
            other seats and the table's words; the talon and the discard; your seat's
            caption; what happened and what you may do; the move log; where the game is
            saved).
        replay_box: holds the replayer after *Replay* is pressed.
    """

    def __init__(
        self,
        rules: Rules | str = "podkidnoy",
        players: Sequence[str] | int = 2,
        *,
        human: int | str = 0,
        humans: Sequence[int | str] | None = None,
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
        card_width: float = 56,
    ) -> None:
        self.lang = get_language()  # the widget's words and card faces stay in it
        if card_width <= 0:
            raise ValueError(f"card_width is a positive number of pixels, not {card_width!r}")
        if recorder is None:
            path = Path(journal) if journal is not None else _temp_journal()
            if isinstance(start, Game):
                start = _start_of(start)
            if path.exists() and not overwrite:  # e.g. a notebook cell run again
                raise RecordingError(
                    _(
                        "the journal exists already: PlayWidget.resume(path) continues its game, "
                        "overwrite=True starts a new one"
                    ),
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
            if humans is None:
                self.humans: tuple[int, ...] = (game.seat(human),)
            else:
                if isinstance(humans, str) or not humans:
                    raise ValueError("humans: a list of one or more seats or names")
                self.humans = tuple(sorted({game.seat(h) for h in humans}))
        except KeyError as exc:
            recorder.close()
            raise ValueError(f"{'human' if humans is None else 'humans'}: {exc.args[0]}") from exc
        except (ValueError, TypeError):
            recorder.close()
            raise
        self.human = self.humans[0]
        self.revealed = len(self.humans) == 1
        self.bots: dict[int, Bot] = {}
        for s in range(game.n):
            if s not in self.humans:
                self.bots[s] = _bot_for(bot, s, names)
        self.delay = float(delay)
        self.open_hands = bool(open_hands)
        self.auto_pass = bool(auto_pass)
        self.card_width = float(card_width)
        self.selected: list[Card] = []
        self.target: Card | None = None
        self.message = ""
        self.refusal: Refusal | None = None
        self.fault: BotFault | None = None
        self.narration: list[str] = []
        self._numbers: list[int | None] = []  # the move number of each narration line (None: an event)
        self._note = ""  # a word on the selection (no move)
        self._hinted = False  # the message is a hint: stale once the next action starts
        self.scope = f"dnb-pw{next(_SCOPES)}"
        self._build(game)
        said = self._run_bots(show=False)
        self.message = "; ".join(said)
        self.draw()

    def _build(self, game: Game) -> None:
        """Make the widgets, once: one Layout and one style per kind, shared by all."""
        r = game.rules
        w = self.card_width
        self._css = (
            STYLE
            + "<style>"
            + button_css(f".{self.scope}", width=w, table_width=self._table_width)
            + f".{self.scope} .dnb-tight .dnb-pc.jupyter-button{{margin-right:-{round(w * 0.45)}px}}"
            + _CSS
            + "</style>"
        )
        self._layout = widgets.Layout()
        self._button_style = widgets.ButtonStyle()
        html_style = HTMLStyle()

        def html(*classes: str) -> Any:
            h = widgets.HTML(layout=self._layout, style=html_style)
            for c in classes:
                h.add_class(c)
            return h

        def box(kind: Any, children: Sequence[Any], *classes: str) -> Any:
            b = kind(children, layout=self._layout)
            for c in classes:
                b.add_class(c)
            return b

        self._header = header_html(r.preset, game.players, self.recorder.recording().meta)
        self.faces = html("dnb-faces")
        self.top = html()
        self.stock = html()
        self.seat_caption = html()
        self.status = html("dnb-status")
        self.log_view = html()
        self.journal_view = html("dnb-journal")
        self.journal_view.value = esc(journal_words(self.journal, temporary=_is_temporary(self.journal)))
        self.card_buttons: list[Any] = []
        self.table_buttons: list[Any] = []
        self._hand_cards: list[Card | None] = []
        self._table_cards: list[Card | None] = []
        self.hand_row = box(widgets.Box, (), "dnb-row")
        self.table_row = box(widgets.Box, (), "dnb-row", "dnb-tablerow")
        most = max(len(game.hands[h]) for h in self.humans)
        self._grow(self.card_buttons, self._hand_cards, self.hand_row, max(r.hand_size, most))
        self._grow(self.table_buttons, self._table_cards, self.table_row, min(r.bout_limit, r.deck_size))

        def button(description: str, tooltip: str, action: Any, needed: bool = True) -> Any:
            if not needed:
                return None
            b = widgets.Button(description=description, tooltip=tooltip, layout=self._layout, style=self._button_style)
            b.add_class("dnb-act")
            b.on_click(lambda _b: action())
            return b

        self.lead_button = button(
            pgettext("button", "Lead"), _("lead or throw in the selected cards (R9, R11)"), self.play
        )
        self.transfer_button = button(
            pgettext("button", "Transfer"),
            _("transfer with the selected cards (перевод, R17)"),
            self.transfer,
            r.transfers,
        )
        self.show_button = button(
            pgettext("button", "Show trump"),
            _("transfer by showing the trump of the attack rank (проездной, R20)"),
            lambda: self.transfer(show=True),
            r.show_trump_transfer,
        )
        self.take_button = button(pgettext("button", "Take"), _("pick up the cards on the table (R14)"), self.take)
        self.pass_button = button(pgettext("button", "Pass"), _("nothing (more) from me now (R12)"), self.pass_)
        self.redeal_button = button(
            pgettext("button", "Redeal"),
            _("five or more cards of one suit: claim a redeal (R5)"),
            self.redeal,
            r.redeal_five_of_suit,
        )
        self.replay_button = button(pgettext("button", "Replay"), _("replay the game so far"), self.show_replay)
        self.hand_button = button(_(PLAY_WORDS["show"]), _(PLAY_WORDS["show_tip"]), self._toggle_hand)
        self.hint_button = button(_(PLAY_WORDS["hint"]), _(PLAY_WORDS["hint_tip"]), self.hint)
        self.analyse_button = button(_(PLAY_WORDS["analyse"]), _(PLAY_WORDS["analyse_tip"]), self.show_analysis)
        self.save_button = button(_(PLAY_WORDS["save"]), _(PLAY_WORDS["save_tip"]), self.save)
        self._saved: Path | None = None  # the .durak file this widget wrote (saved again in place)
        self.replay_box = box(widgets.Box, (), "dnb-replay")
        actions = [
            b
            for b in (
                self.hand_button,
                self.lead_button,
                self.transfer_button,
                self.show_button,
                self.take_button,
                self.pass_button,
                self.redeal_button,
            )
            if b is not None
        ]
        felt = box(
            widgets.VBox,
            [
                self.top,
                box(widgets.HBox, [self.table_row, self.stock], "dnb-middle"),
                self.seat_caption,
                self.hand_row,
                box(widgets.HBox, actions, "dnb-actions"),
            ],
            "dnb-felt",
        )
        side = box(
            widgets.VBox,
            [
                self.status,
                self.log_view,
                self.journal_view,
                self.save_button,
                self.replay_button,
                self.hint_button,
                self.analyse_button,
            ],
            "dnb-side",
        )
        super().__init__([self.faces, felt, side, self.replay_box], layout=self._layout)
        self.add_class("dnb-play")
        self.add_class(self.scope)

    @property
    def _table_width(self) -> float:
        return self.card_width * 0.85

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_recording(
        cls,
        recording: Recording,
        *,
        human: int | str = 0,
        humans: Sequence[int | str] | None = None,
        journal: str | Path | None = None,
        overwrite: bool = False,
        fsync: bool = True,
        **options: Any,
    ) -> PlayWidget:
        """Play on from a recording (a lesson position or a saved game, its moves
        included), recorded to a new journal.

        Args:
            recording: the recording to continue.
            human, humans, journal, overwrite, fsync: as in :class:`PlayWidget`.
            options: ``bot``, ``delay``, ``open_hands``, ``auto_pass``, ``card_width``.

        Raises:
            RecordingError: a move of the recording breaks a rule, or as :meth:`Recorder.from_recording`.
        """
        path = Path(journal) if journal is not None else _temp_journal()
        rec = Recorder.from_recording(path, recording, overwrite=overwrite, fsync=fsync)
        return cls(human=human, humans=humans, recorder=rec, **options)

    @classmethod
    def resume(
        cls,
        journal: str | Path,
        *,
        human: int | str = 0,
        humans: Sequence[int | str] | None = None,
        fsync: bool = True,
        **options: Any,
    ) -> PlayWidget:
        """Continue the game of a journal (e.g. after the kernel died); a torn last
        line is dropped and reported as :meth:`Recorder.open` does.

        Raises:
            RecordingError: as :meth:`Recorder.open`.
        """
        return cls(human=human, humans=humans, recorder=Recorder.open(journal, fsync=fsync), **options)

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
        """Your legal moves now (``game.legal_moves(human)``); none while your hand is
        hidden (several people at one screen)."""
        if self.game.finished or not self.revealed:
            return []
        return self.game.legal_moves(self.human)

    @in_own_language
    def show_hand(self) -> None:
        """Show the hand of the person whose turn it is (*Show my hand*)."""
        self.revealed = True
        self.draw()

    @in_own_language
    def hide_hand(self) -> None:
        """Hide the hand again (*Hide my hand*; with one person the hand always shows)."""
        if len(self.humans) > 1:
            self.revealed = False
            self.selected, self.target, self._note = [], None, ""
        self.draw()

    def _toggle_hand(self) -> None:
        if self.revealed:
            self.hide_hand()
        else:
            self.show_hand()

    def _hand_over(self, seat: int) -> None:
        """The turn goes to person ``seat``: with several people, the hand is hidden
        until they show it."""
        if seat != self.human:
            self.human = seat
            self.revealed = len(self.humans) == 1
            self.selected, self.target, self._note = [], None, ""

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your cards as held and shown: by suit, the trump suit last, low to high
        (none while your hand is hidden)."""
        if not self.revealed:
            return ()
        return hand_order(self.game.hands[self.human], self.game.trump)

    @property
    def clickable(self) -> list[str]:
        """The codes of your cards that take part in a legal move now, as held (the
        other cards are shown dimmed; a click on one says why it cannot be played)."""
        usable = {c for m in self.legal for c in m.cards}
        return [c.code for c in self.hand if c in usable]

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

    @in_own_language
    def show_replay(self) -> ReplayerWidget | None:
        """Show the game so far in a replayer below the table, at its last position:
        from your view while the game goes on (the bots' cards face down unless
        ``open_hands``), with every hand open once it is over.  While the hand of the
        person whose turn it is is hidden (several people at one screen), nothing is
        shown and ``None`` is returned."""
        replay = self.replay()
        secret = not (self.game.finished or self.open_hands)
        if secret and not self.revealed:  # several people at one screen, the hand covered
            self.replay_box.children = ()
            self.message = _(PLAY_WORDS["hidden"]).format(name=self.game.players[self.human])
            self.refusal = None
            self.draw()
            return None
        viewer = ReplayerWidget(replay, start=len(replay), perspective=self.human if secret else None)
        self.replay_box.children = (viewer,)
        return viewer

    @in_own_language
    def hint(self) -> str | None:
        """Say the best move for the human seat now (:func:`durak_nb.analysis.hint`:
        the solver where the endgame is solved, else the search bot's samples of that
        seat's own view) in the status line, and return those words; ``None`` (and say
        why) while that seat's hand is hidden (several people at one screen)."""
        from ..analysis import hint

        words: str | None = None
        if not (self.revealed or self.game.finished):
            self.message = _(PLAY_WORDS["hidden"]).format(name=self.game.players[self.human])
        else:
            found = hint(self.game, self.human)  # seeded by the position, as the analysis (one verdict)
            words = self.message = _(PLAY_WORDS["hint_said"]).format(words=found.words)
            self._hinted = True
            # one instruction at a time: the hint replaces a half-made move's note
            self.selected, self.target, self._note = [], None, ""
        self.refusal = None
        self.draw()
        return words

    @in_own_language
    def show_analysis(self, *, samples: int = 8) -> ReplayerWidget | None:
        """Analyse the finished game (:func:`durak_nb.analysis.analyse`: a comment,
        and where it applies a glyph and the better move as a side line, on every move)
        and show it below the table in a replayer with its annotation panel. Before the
        game's end nothing is shown, the status says so and ``None`` is returned."""
        from ..analysis import analyse

        if not self.game.finished:
            self.message = _(PLAY_WORDS["not_over"])
            self.refusal = None
            self.draw()
            return None
        viewer = ReplayerWidget(Replay(analyse(self.recording(), samples=samples)), annotate=True)
        self.replay_box.children = (viewer,)
        return viewer

    @in_own_language
    def save(self, path: str | Path | None = None) -> Path:
        """Save the game so far as a ``.durak`` file (the notation,
        :func:`durak_nb.record.writer.dump`: every move checked, written whole), the
        button *Save .durak*.  By default in the current folder (the notebook's, where
        the file browser shows it): ``my-game.durak`` for a game in a temporary journal,
        else the journal's name (``kitchen.durak.jsonl`` gives ``kitchen.durak``).  A
        file this widget did not write is never written over: the next free name is
        taken (``my-game-2.durak``); saved again, the widget's own file is replaced.
        A ``path`` given is written as asked.
        The place is said under the move log (:func:`~.html.saved_words`, no temporary
        folder named).

        Args:
            path: the file to write (relative: to the current folder); ``None``: as above.

        Returns:
            the file written.

        Raises:
            RecordingError: the file cannot be written (the writer's error, naming it).
        """
        from ..record.writer import dump

        if path is not None:
            target = Path(path).expanduser()
        elif self._saved is not None:
            target = self._saved
        else:
            stem = "my-game" if _is_temporary(self.journal) else _stem(self.journal.name)
            target = Path(stem + ".durak")
            n = 1
            while target.exists():
                n += 1
                target = Path(f"{stem}-{n}.durak")
        target = target if target.is_absolute() else Path.cwd() / target
        dump(self.recording(), target)
        self._saved = target
        self.journal_view.value = esc(saved_words(target) + " " + _(PLAY_WORDS["saved_again"]))
        return target

    def close(self) -> None:
        """Release the journal and close the widgets.  Until then the journal stays
        open, also after the game, for :meth:`Recorder.comment` and :meth:`Recorder.glyph`.
        Bots with a ``close`` (an outside bot's process, :class:`~durak_nb.botproto.ProcessBot`)
        are closed too."""
        recorder = self.__dict__.get("recorder")  # absent when the constructor failed early
        if recorder is not None:
            recorder.close()
        for bot in self.__dict__.get("bots", {}).values():
            close = getattr(bot, "close", None)
            if callable(close):
                close()
        super().close()

    # ------------------------------------------------------------------ your moves

    @in_own_language
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
            return self._refuse(card_refusal(exc))
        self._begin()
        h = self.human
        if self.target is not None:
            target, self.target = self.target, None
            self.selected = []
            return self._human(Move.defend(h, c, target))
        if c in self.selected:
            self.selected.remove(c)
            self._note = _selection_words(self.selected, self.legal) if self.selected else ""
            self.draw()
            return False
        if c.code not in self.clickable:
            refusal = self._why_card(c)
            if refusal is not None:
                return self._refuse(refusal)
        self.selected.append(c)
        self._note = _selection_words(self.selected, self.legal)
        self.draw()
        return False

    @in_own_language
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
            return self._refuse(card_refusal(exc))
        self._begin()
        if not self.revealed:  # several people at one screen: nothing is chosen from a hidden hand
            return self._hidden()
        move, self.target = cover_or_choose(self.human, self.selected, self.target, t)
        if move is not None:
            self.selected = []
            return self._human(move)
        if self.target is not None and not covers_of(self.target, self.legal):
            # no card may cover it: the engine says why (covered already, not the defender),
            # or the note says that none of the cards beats it; nothing stays chosen
            chosen, self.target = self.target, None
            why = target_refusal(self.game, self.human, chosen)
            if why is not None:
                return self._refuse(why)
            self._note = no_cover(chosen)
        else:
            self._note = cover_note(self.target, self.legal)  # derived from the legal moves
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
        return self._human(lay_move(self.game, self.human, chosen))

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

    @in_own_language
    def clear(self) -> None:
        """Unselect every card and the chosen attack card."""
        self.selected, self.target, self._note = [], None, ""
        self.draw()

    # ------------------------------------------------------------------ internals

    def _begin(self) -> None:
        """A new action starts (a card or an attack card clicked): a refusal or a hint
        said before it is stale and cleared, so that no old instruction stays beside
        the new one."""
        if self.refusal is not None or self._hinted:
            self.refusal = None
            self.message = ""
            self._hinted = False

    def _cards(self, cards: str | Iterable[str | Card] | None) -> tuple[Card, ...] | None:
        if cards is None:
            return tuple(self.selected)
        try:
            return tuple(parse_cards(cards))
        except CardError as exc:
            self._refuse(card_refusal(exc))
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

    @in_own_language
    def _refuse(self, refusal: Refusal) -> bool:
        self.refusal = refusal
        self.message = str(refusal)  # the engine writes its cards as 10♥ (cards.card_text)
        self._hinted = False
        self.selected, self.target, self._note = [], None, ""
        self.draw()
        return False

    def _hidden(self) -> bool:
        """Say that the hand of the person whose turn it is is hidden (nothing is done)."""
        self.message = _(PLAY_WORDS["hidden"]).format(name=self.game.players[self.human])
        self.refusal = None
        self.draw()
        return False

    @in_own_language
    def _human(self, move: Move) -> bool:
        """Play your ``move`` if the engine allows it, then let the bots answer."""
        if not self.revealed:
            return self._hidden()
        refusal = self.game.why_illegal(move)
        if refusal is not None:
            return self._refuse(refusal)
        self.refusal, self._hinted = None, False
        self.selected, self.target, self._note = [], None, ""
        said = self._play(move)
        said += self._run_bots(show=True)
        self.message = "; ".join(said)
        self.draw()
        return True

    @in_own_language
    def _play(self, move: Move, *, auto: bool = False, implied: bool = False) -> list[str]:
        """Record and play ``move``; returns it and its events in words (cards as 10♥).

        ``auto``: a pass the widget made for the player (``auto_pass``); ``implied``: a
        thrower's forced pass nobody said (R12, :mod:`durak_nb.implied`: journalled with
        ``"implied": true``, as the scorer writes it)."""
        events = self.recorder.play(move, implied=implied)
        g = self.game
        names = g.players
        words = move_words(g.history[-1], names)
        if auto:
            # TRANSLATORS: a pass the widget made for the player (auto_pass)
            words = _("{move} (auto)").format(move=words)
        elif implied:
            # TRANSLATORS: a pass nobody said, implied by the rules (R12)
            words = _("{move} (implied)").format(move=words)
        # what the people at this screen may read: one player's own draws named, another's
        # counted (R16, the turned-up trump public: R3); hot-seat (several people, one
        # screen) names no draw; open hands name every card
        viewer = None if self.open_hands else (self.human if len(self.humans) == 1 else -1)
        said = [words] + [seen_event_words(e, names, viewer=viewer, trump_card=g.trump_card) for e in events]
        self.narration.extend(said)
        self._numbers.extend([len(g.history)] + [None] * len(events))
        return said

    @in_own_language
    def _run_bots(self, *, show: bool) -> list[str]:
        """Let the bots move until you have a move or the game is over (whose turn it is:
        :func:`bot_seat`).  A bot that fails (:class:`~durak_nb.bots.BotFault`: an outside
        bot's illegal answer, named with the engine's rule, or a late, broken or missing
        one) stops the bots: its words are said and kept in :attr:`fault`, the game stays
        as it was before the move asked for, and no bot is asked again."""
        said: list[str] = []
        g = self.game
        while not g.finished and self.fault is None:
            seat = bot_seat(g, self.humans)
            if seat is None:  # a person is waited for
                h = human_seat(g, self.humans, self.human)
                if h is None:  # pragma: no cover - bot_seat found a person with a move
                    break
                mine = g.legal_moves(h)
                if len(mine) == 1 and mine[0].action is Action.PASS and g.attack_cards:
                    if self.auto_pass:
                        self._hand_over(h)
                        said += self._play(mine[0], auto=True)
                        continue
                    if len(self.humans) > 1:  # hot-seat: a thrower's forced pass is implied (R12)
                        said += self._play(mine[0], implied=True)
                        continue
                self._hand_over(h)
                break
            out = all(h in g.out_order for h in self.humans)
            if show and self.delay > 0 and not out:  # once every person is out, the rest goes at once
                self.message = "; ".join(said)
                self.draw()
                time.sleep(self.delay)
            try:
                move = self.bots[seat].choose(g, seat)
            except BotFault as fault:  # the game is kept; the bots stop
                self.fault = fault
                said.append(_(PLAY_WORDS["bot_fault"]).format(words=str(fault)))
                break
            said += self._play(move)
        return said

    def _grow(self, pool: list[Any], cards: list[Card | None], row: Any, n: int) -> None:
        """Make a pool of card buttons at least ``n`` long (the row is rebuilt only then)."""
        table = pool is self.table_buttons
        click = self.click_target if table else self.click_card
        grow_pool(
            pool, cards, row, n, click=click, layout=self._layout, style=self._button_style, table=table, hidden=True
        )

    # ------------------------------------------------------------------ drawing

    @in_own_language
    def draw(self) -> None:
        """Show the game now by setting the values and classes of the existing widgets."""
        g = self.game
        pos = g.position()
        legal = self.legal
        faces = self._css + face_rules(
            self.scope, self.hand, pos.table, trump=pos.trump, width=self.card_width, table_width=self._table_width
        )
        if self.faces.value != faces:
            self.faces.value = faces
        self._draw_top(pos)
        self._draw_hand(legal)
        self._draw_table(pos, legal)
        self._draw_controls(legal)
        self._draw_status(legal)

    def _draw_top(self, pos: Position) -> None:
        """The header, whose turn, the other seats (clockwise from your left), the
        table's words, the stock (talon and discard), your seat's caption."""
        g, h = self.game, self.human
        actors = set(g.actors())
        seats = []
        for k in range(1, g.n):
            s = (h + k) % g.n
            cls = "dnb-seat dnb-acting" if s in actors else "dnb-seat"
            svg = seat_svg(pos, s, face_up=self.open_hands, width=self.card_width * 0.6)
            seats.append(f'<div class="{cls}" data-seat="{s}">{svg}</div>')
        self.top.value = (
            f'<div class="dnb-head">{self._header}</div>'
            f'<div class="dnb-turn">{turn_html(pos, g.actors(), g.throwers())}</div>'
            f'<div class="dnb-seats">{"".join(seats)}</div>'
            f'<div class="dnb-caption">{esc(table_words(pos, g.room()))}</div>'
        )
        small = self.card_width * 0.75
        talon_card = pos.trump_card if pos.talon else None
        self.stock.value = (
            '<div class="dnb-stock">'
            f'<div class="dnb-pile"><div class="dnb-caption">{esc(talon_words(pos))}</div>'
            f"{talon_svg(len(pos.talon), talon_card, trump=pos.trump, width=small)}</div>"
            f'<div class="dnb-pile"><div class="dnb-caption">{esc(discard_words(pos))}</div>'
            f"{discard_svg(len(pos.discard), width=small)}</div>"
            "</div>"
        )
        acting = h in actors and not g.finished
        cls = "dnb-caption dnb-acting" if acting else "dnb-caption"
        you = _("<b>you</b>")
        self.seat_caption.value = f'<div class="{cls}">{seat_caption_html(pos, h, acting=acting)} · {you}</div>'

    def _draw_hand(self, legal: Sequence[Move]) -> None:
        hand = self.hand
        self._grow(self.card_buttons, self._hand_cards, self.hand_row, len(hand))
        set_classes(self.hand_row, ("dnb-row", "dnb-tight") if len(hand) > TIGHT else ("dnb-row",))
        usable = {c for m in legal for c in m.cards}
        covers = {m.cards[0] for m in legal if m.action is Action.DEFEND and m.target == self.target}
        trump = self.game.trump
        for i, b in enumerate(self.card_buttons):
            if i >= len(hand):
                self._hand_cards[i] = None
                set_classes(b, ("dnb-pc", HIDDEN))
                continue
            c = hand[i]
            self._hand_cards[i] = c
            label_card(b, c, trump=trump)
            b.disabled = not legal
            marks = [card_class(c)]
            if c in self.selected:
                marks.append(SELECTED)
            elif self.target is not None and c in covers:
                marks.append(_OK)
            elif c not in usable:
                marks.append(_DIM)
            set_classes(b, ("dnb-pc", *marks))

    def _draw_table(self, pos: Position, legal: Sequence[Move]) -> None:
        table = pos.table
        self._grow(self.table_buttons, self._table_cards, self.table_row, len(table))
        ok = set(self._targets()) if self.selected else set()
        for i, b in enumerate(self.table_buttons):
            if i >= len(table):
                self._table_cards[i] = None
                set_classes(b, ("dnb-pc", "dnb-pt", HIDDEN))
                continue
            a, d = table[i]
            self._table_cards[i] = a
            label_pair(b, a, d)
            b.disabled = not legal
            marks = [pair_class(a, d)]
            if a == self.target:
                marks.append(SELECTED)
            elif a in ok:
                marks.append(_OK)
            set_classes(b, ("dnb-pc", "dnb-pt", *marks))

    def _draw_controls(self, legal: Sequence[Move]) -> None:
        several = len(self.humans) > 1 and not self.game.finished
        self.hand_button.description = _(PLAY_WORDS["hide" if self.revealed else "show"])
        set_classes(self.hand_button, ("dnb-act",) if several else ("dnb-act", HIDDEN))
        over = self.game.finished  # a hint while playing; the analysis once the game is over
        set_classes(self.hint_button, ("dnb-act", HIDDEN) if over else ("dnb-act",))
        set_classes(self.analyse_button, ("dnb-act",) if over else ("dnb-act", HIDDEN))
        c = _controls(self.game, self.human, legal, self.selected)
        self.lead_button.description = c.lay_label
        self.pass_button.description = c.pass_label
        buttons = {
            "lay": (self.lead_button, c.lay),
            "transfer": (self.transfer_button, c.transfer),
            "show": (self.show_button, c.show),
            "take": (self.take_button, c.take),
            "pass": (self.pass_button, c.pass_),
            "redeal": (self.redeal_button, c.redeal),
        }
        for key, (b, shown) in buttons.items():
            if b is None:
                continue
            set_classes(b, ("dnb-act",) if shown else ("dnb-act", HIDDEN))
            b.disabled = key not in c.enabled

    def _draw_status(self, legal: Sequence[Move]) -> None:
        parts = []
        if self.refusal is not None:
            parts.append(f'<div class="dnb-refusal">{esc(self.message)}</div>')
        elif self.message:
            parts.append(f'<div class="dnb-said">{esc(self.message)}</div>')
        fault = None if self.fault is None else _(PLAY_WORDS["bot_fault"]).format(words=self.fault)
        if fault is not None and fault not in self.message:
            parts.append(f'<div class="dnb-refusal">{esc(fault)}</div>')
        if self._note:
            parts.append(f'<div class="dnb-note">{esc(self._note)}</div>')
        cannot = lay_refusal(self.game, self.human, self.selected) if legal else None
        if cannot is not None and self.refusal is None:  # why *Lead* / *Throw in* waits, before any press
            parts.append(f'<div class="dnb-note">{esc(cannot)}</div>')
        if self.revealed or self.game.finished:
            prompt = prompt_text(self.game, legal)
        else:
            prompt = _(PLAY_WORDS["hand_over"]).format(name=self.game.players[self.human])
        parts.append(f'<div class="dnb-prompt">{esc(prompt)}</div>')
        self.status.value = "".join(parts)
        self.log_view.value = log_html(self.narration, self._numbers)


def log_html(lines: Sequence[str], numbers: Sequence[int | None], *, last: int = LOG_LINES, head: bool = True) -> str:
    """The move log: the ``last`` lines, each move with its number in the game (1 for
    the first move), the events it caused under it without one; the numbers stand in a
    column of their own, as wide as the widest (never clipped).

    Args:
        lines: the moves and events in words.
        numbers: the move number of each line, ``None`` for an event.
        last: how many lines are shown (the newest).
        head: the "Moves" heading above them (the practice bout shows none).

    >>> log_html(["Boris takes", "Boris picks up 7♠ (R14)"], [10, None])
    '<div class="dnb-log-head">Moves</div><div class="dnb-log"><span class="dnb-n">10</span><span>Boris takes</span>\
<span class="dnb-n"></span><span>Boris picks up 7♠ (R14)</span></div>'
    """
    if not lines:
        return ""
    cells = "".join(
        f'<span class="dnb-n">{"" if n is None else n}</span><span>{esc(t)}</span>'
        for t, n in zip(lines[-last:], numbers[-last:], strict=True)
    )
    title = f'<div class="dnb-log-head">{_("Moves")}</div>' if head else ""
    return f'{title}<div class="dnb-log">{cells}</div>'


def bot_seat(game: Game, human: int | Iterable[int]) -> int | None:
    """Whose bot moves next when people play ``human`` (one seat or several) and bots
    play the others.

    Turn-taking among players who may act at once (R10–R12) is the widgets' choice,
    not a rule: a bot defender answers first; otherwise a person is waited for
    whenever one has a move (a redeal claim aside, R5); otherwise the bot defender,
    else the attacker, else the first bot clockwise from the attacker.

    Args:
        game: the game (its legal moves are asked, nothing is played).
        human: the seat, or seats, played by people.

    Returns:
        the seat whose bot moves now, or ``None``: a person is waited for, or nobody
        may move (the game is over).
    """
    humans = {human} if isinstance(human, int) else set(human)
    if game.finished:
        return None
    moves = game.legal_moves()
    movers = sorted({m.player for m in moves if m.action is not Action.REDEAL}) or sorted({m.player for m in moves})
    if not movers:  # pragma: no cover - the engine always has a move while the game goes on
        return None
    d, a = game.defender, game.attacker
    if humans & set(movers):
        return d if d is not None and d not in humans and d in movers else None
    if d is not None and d in movers:
        return d
    if a is not None and a in movers:
        return a
    first = a if a is not None else 0
    return min(movers, key=lambda s: (s - first) % game.n)


def human_seat(game: Game, humans: Iterable[int], current: int | None = None) -> int | None:
    """Which person acts next when several play at one screen, following who may act
    at the table (R10–R12): the defender facing an uncovered attack card (R10: they
    may answer at once, nobody's pass awaited); else the attacker, whose right to
    throw in comes first (R12); else ``current`` while they still have a move (no
    hand-over needed); else the first person clockwise from the attacker who has a
    move (a redeal claim, R5, only when nobody has another).

    Args:
        game: the game (nothing is played).
        humans: the seats played by people.
        current: the person at the screen now, or ``None``.

    Returns:
        a seat of ``humans``, or ``None`` when none of them may move.

    >>> g = Game.from_position("podkidnoy", ["Anna", "Boris", "Vera"],
    ...     hands={"Anna": "7S 9H", "Boris": "8S TC", "Vera": "7H KD"}, talon="", trump="D",
    ...     attacker="Anna", first_bito_done=True, rest_to_discard=True)
    >>> human_seat(g, [1, 2]) is None, human_seat(g, [0, 2])
    (True, 0)
    >>> _ = g.play(Move.attack(0, "7S"))       # Anna leads: Boris, the defender, answers at once
    >>> human_seat(g, [0, 1], current=0)
    1
    """
    people = set(humans)
    moves = game.legal_moves()
    movers = {m.player for m in moves if m.action is not Action.REDEAL} & people
    if not movers:
        movers = {m.player for m in moves} & people
    if not movers:
        return None
    d, a = game.defender, game.attacker
    facing = not game.taking and any(c is None for c in game.defence_cards)
    if d is not None and d in movers and facing:
        return d
    if a is not None and a in movers:
        return a
    if current is not None and current in movers:
        return current
    if d is not None and d in movers:
        return d
    first = a if a is not None else 0
    return min(movers, key=lambda s: (s - first) % game.n)


def prompt_text(game: Game, legal: Sequence[Move]) -> str:
    """What a person playing one seat is asked to do: ``'Your move: throw in or pass'``
    (the kinds of their ``legal`` moves), whom they wait for, or the result.

    Args:
        game: the game.
        legal: that person's legal moves now (``game.legal_moves(seat)``).
    """
    names = game.players
    if game.result is not None:
        return _("Game over: {result}").format(result=game.result.describe(names))
    # what the person is told to do, addressed to them (the imperative in Russian and
    # Ukrainian: «Ваш ход: заходите»; context "prompt", not the infinitives of "option")
    words = {
        Action.ATTACK: Np_("prompt", "lead"),
        Action.THROW: Np_("prompt", "throw in"),
        Action.DEFEND: Np_("prompt", "cover"),
        Action.TRANSFER: Np_("prompt", "transfer"),
        Action.TAKE: Np_("prompt", "take"),
        Action.PASS: Np_("prompt", "pass the lead") if not game.attack_cards else Np_("prompt", "pass"),
        Action.REDEAL: Np_("prompt", "claim a redeal"),
    }
    kinds = list(dict.fromkeys(pgettext("prompt", words[m.action]) for m in legal))
    if not kinds:
        return _("Waiting for {names}").format(names=", ".join(names[s] for s in game.actors()))
    # the last of several is joined with «or» («Ваш ход: покройте или возьмите»), as the
    # cards offered are
    options = (
        kinds[0] if len(kinds) == 1 else _("{cards} or {last}").format(cards=", ".join(kinds[:-1]), last=kinds[-1])
    )
    # TRANSLATORS: {options} lists what the player may do: "throw in or pass"
    return _("Your move: {options}").format(options=options)


#: the prefix of the temporary folders that hold the journals of games given no ``journal=``
_TEMP_PREFIX = "durak-nb-play-"


def _stem(name: str) -> str:
    """A journal's name without its ending (``kitchen.durak.jsonl``: ``kitchen``)."""
    for suffix in (".durak.jsonl", ".jsonl", ".durak"):
        if name.endswith(suffix):
            return name[: -len(suffix)] or "game"
    return name or "game"


def _temp_journal() -> Path:
    return Path(tempfile.mkdtemp(prefix=_TEMP_PREFIX)) / "game.durak.jsonl"


def _is_temporary(path: Path) -> bool:
    """Whether ``path`` is a journal in a folder made by :func:`_temp_journal`."""
    folder = path.absolute().parent
    return folder.parent == Path(tempfile.gettempdir()).absolute() and folder.name.startswith(_TEMP_PREFIX)


def _bot_for(bot: Bot | Mapping[int | str, Bot] | None, seat: int, names: Sequence[str]) -> Bot:
    if bot is None:
        return LowestCardBot()
    if isinstance(bot, Mapping):
        for key in (seat, names[seat]):
            if key in bot:
                return bot[key]
        return LowestCardBot()
    return bot
