"""Write down a live over-the-board game as it happens: :class:`ScorerWidget`.

The person keeping the record (the *scorer*) sits at a real table, where nobody knows the
deck.  They set the game up (the rules, the players, the dealer, the turned-up card, who
led first and, if they play too, their own hand; the cards typed as the views print them
in the language in use, «Д♠ 10♣ Т♥» in Russian and Ukrainian, or as codes, R1:
:func:`~durak_nb.cards.typed_cards`), then enter each move as it is made:

* the player who may act now is preselected (the attacker to lead, the defender facing an
  uncovered card, else the attacker, whose right to throw in comes first, R12); another
  seat is one tap away;
* the cards the player laid are tapped from the cards *not yet seen* (and the cards known
  to be in that player's hand), shaped by the rules: only ranks on the table for a
  throw-in (R11), only cards that beat the chosen attack card for a cover (R6–R8), only
  cards of the attack rank for a transfer (R17); the engine of the over-the-board game
  (:class:`durak_nb.unseen.PartialGame`) lists them (``candidates``), nothing is decided
  here;
* *Take*, *Bito* (every thrower still to speak has passed: the cards go to the discard,
  R15, or after a take to the defender, R14) and *Transfer*; passes nobody says aloud are
  filled in by :mod:`durak_nb.implied` (R12), e.g. Vera's throw-in before Anna, the
  attacker, has passed; *Pass* writes a pass that was said (an english lead pass, R9);
* *Undo* takes back the last entry (a move with the passes it implied);
* the scorer's own refills, once seen, are written too (``deal.draws``).

Every move is journalled by the crash-safe :class:`~durak_nb.record.recorder.Recorder`
(``fsync``-ed before the widget answers); :meth:`ScorerWidget.resume` continues after a
crash.  A refusal is shown in words with its rule (``[R11] K♦: only ranks already on the
table may be thrown in``).

The widgets are built once and few: one board (an HTML widget), the set-up form, the
seat chooser, the attack card to cover, one pool of card buttons (one per card of the
deck, hidden when not offered) and the action buttons; a change sets values and classes.
Names and every recorded text go through :func:`~durak_nb.views.html.esc`.

>>> import tempfile, os
>>> w = ScorerWidget(os.path.join(tempfile.mkdtemp(), "kitchen.durak.jsonl"))
>>> w.setup(players=["Anna", "Boris", "Vera"], dealer="Vera", turned_up="7H", attacker="Anna")
>>> w.begin(), w.actor                       # Anna, the first attacker, is preselected
(True, 0)
>>> w.tap("7S"), w.lay(), w.message
(False, True, 'Anna attacks 7♠')
>>> w.choose("Vera"), w.tap("7D"), w.lay(), w.message   # Vera throws in before Anna passed
(True, False, True, 'Anna passes (implied); Vera throws in 7♦')
>>> w.actor, w.target_box.options           # Boris defends: which attack card he covers
(1, ('7S', '7D'))
>>> w.tap("KC"), w.message
(False, '[R6] K♣ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♥)')
>>> w.close()
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_selection import ToggleButtonsStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from ..cards import Card, CardError, Suit, cards_text, deck, parse_cards, typed_card, typed_cards
from ..engine import Action, Event, IllegalMove, Move, Refusal, SetupError
from ..errors import DurakError
from ..i18n import N_, _, get_language
from ..implied import ImpliedPassesError, implied_passes, passes_to_end
from ..numbering import move_number
from ..record.json_form import RecordingError
from ..rules import PRESETS, Rules
from ..unseen import PartialDeal, SeenDraw
from .card_buttons import HIDDEN, SELECTED, set_classes
from .cards_svg import table_svg, talon_svg
from .html import STYLE, cards_part_html, esc, hand_order, in_own_language, preset_words, saved_words
from .textfit import COLUMN, label_width, text_width

__all__ = ["WORDS", "ScorerWidget", "label_width", "text_box_width"]

_SCOPES = itertools.count(1)

#: Every sentence the scorer shows a person, translated at use (``_(WORDS[key])``).
WORDS: dict[str, str] = {
    "setup_head": N_("Set up the game"),
    "rules": N_("Rules"),
    "players": N_("Players"),
    "players_hint": N_("clockwise, e.g. Anna, Boris, Vera, Gleb"),
    "dealer": N_("Dealer"),
    "turned_up": N_("Turned-up card"),
    "turned_up_hint": N_("e.g. {card} (all dealt: the trump suit, {suit})"),
    "attacker": N_("First attacker"),
    "shown": N_("Lowest trump shown"),
    "shown_hint": N_("optional, e.g. {card} (R4)"),
    "me": N_("I am"),
    "nobody": N_("(not playing)"),
    "my_hand": N_("My hand"),
    "my_hand_hint": N_("optional, e.g. {cards}"),
    "start": N_("Start"),
    "who": N_("Who"),
    "target": N_("Covers"),
    "lead": N_("Lead"),
    "throw": N_("Throw in"),
    "cover": N_("Cover"),
    "transfer": N_("Transfer"),
    "show": N_("Show trump"),
    "take": N_("Take"),
    "bito": N_("Bito"),
    "cards_go": N_("Cards to {name}"),
    "pass": N_("Pass"),
    "undo": N_("Undo"),
    "my_draw": N_("I drew"),
    "my_draw_hint": N_("cards you drew, e.g. {cards}"),
    "add_draw": N_("Add my draw"),
    "no_players": N_("give two or more player names, separated by commas"),
    "not_started": N_("set up the game first"),
    "nothing_to_undo": N_("nothing to undo"),
    "undone": N_("taken back: {moves}"),
    "select_cards": N_("tap the cards first"),
    "no_bout_end": N_("no bout has ended yet: a refill follows a bout"),
    "no_seat": N_("you are not playing: choose your seat in the set-up"),
    "drew": N_("{name} drew {cards}"),
    "bad_draw": N_("{name} cannot have drawn {cards}: {why}"),
    "where_move": N_("{card} is already recorded: move {number}, bout {bout}: {move}"),
    "where_turned": N_("{card} is already recorded: it is the turned-up card (R3)"),
    "where_shown": N_("{card} is already recorded: {name} showed it as the lowest trump (R4)"),
    "where_hand": N_("{card} is already recorded: it was dealt to {name}"),
    "where_draw": N_("{card} is already recorded: {name} drew it after bout {bout}"),
    "save": N_("Save"),
    "save_as": N_("Save as"),
    "save_hint": N_("file name, e.g. kitchen.durak"),
    "tip_save": N_("save the game so far as a .durak file (the notation), checked and written whole"),
    "save_exists": N_("{path} exists already: choose another name (it is never written over)"),
    "save_suffix": N_("a game is saved as a .durak file: the name ends in .durak, not {name}"),
    "save_empty": N_("give the file a name, e.g. kitchen.durak"),
    "implied": N_("{move} (implied)"),
    "talon": N_("talon: {n}"),
    "discard": N_("discard: {n}"),
    "unknown": N_("{n} unknown"),
    "known": N_("known: {cards}"),
    "no_cards": N_("no cards"),
    "may_act": N_("may act: {names}"),
    "over": N_("game over: {result}"),
    "moves_head": N_("Moves"),
    "journal": N_("journal: {path}"),
    "waiting": N_("Tap the cards {name} laid, or a button."),
    "roles_attacker": N_("attacker"),
    "roles_defender": N_("defender"),
    "roles_takes": N_("defender, takes"),
    "roles_out": N_("out"),
    "tip_start": N_("begin recording (R3, R4)"),
    "tip_lay": N_("lead or throw in the tapped cards (R9, R11)"),
    "tip_cover": N_("cover the chosen attack card (R10)"),
    "tip_transfer": N_("transfer with the tapped cards (R17)"),
    "tip_show": N_("transfer by showing the trump of the attack rank (R20)"),
    "tip_take": N_("the defender takes (R14)"),
    "tip_bito": N_("every thrower has passed: the bout ends (R14, R15)"),
    "tip_pass": N_("a pass that was said (R12; R9 in english durak)"),
    "tip_undo": N_("take back the last entry"),
    "tip_draw": N_("the cards you drew in the last refill (R16)"),
    "one_cover": N_("a defence covers exactly one attack card with one card"),
    "seat_n": N_("seat {n}"),
    "no_such_seat": N_("{who} is not at this table: the players are {names}"),
    "not_uncovered": N_("{card} is not an uncovered attack card: cover one of {cards}"),
    "nothing_to_cover": N_("{card} is not an uncovered attack card: no attack card is uncovered"),
}

#: The journal's ``meta`` member naming the scorer when they play too (their seat after a resume).
SCORER_KEY = "scorer"

#: How many moves the board's log shows (the last ones).
LOG_LINES = 8

#: The set-up form's class: its labels and text boxes are wide enough for the longest label
#: ("Lowest trump shown") and hint at 1366 px (the JupyterLab defaults, 80 px and 300 px, cut them).
FORM_CLASS = "dnb-sc-form"

_CSS = (
    "<style>"
    f".dnb-scorer .{FORM_CLASS}{{--jp-widgets-inline-label-width:9.5em;--jp-widgets-inline-width:29em}}"
    # a row of two boxes, each as wide as its placeholder, wraps in a narrow column (issue 22)
    f".dnb-scorer .{FORM_CLASS} .widget-hbox{{flex-wrap:wrap}}"
    ".dnb-scorer{font:14px/1.4 sans-serif;gap:4px}"
    ".dnb-scorer .dnb-sc-board{max-width:1300px}"
    ".dnb-scorer .dnb-sc-grid{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}"
    # the board takes the room the log leaves and wraps its words in it: a long line (a bito's
    # refills) never widens it and pushes the log below (issue 22)
    ".dnb-scorer .dnb-sc-main{flex:1 1 420px;min-width:0;overflow-wrap:anywhere}"
    ".dnb-scorer .dnb-sc-seats{display:flex;flex-wrap:wrap;gap:6px 14px}"
    ".dnb-scorer .dnb-sc-seat{padding:1px 6px;border-radius:6px;border-left:4px solid transparent}"
    ".dnb-scorer .dnb-sc-seat.dnb-acting{border-left-color:#2e7d32;background:#f1f8f1}"
    ".dnb-scorer .dnb-sc-felt{display:flex;gap:10px;background:#cfe5cc;border-radius:12px;padding:4px 8px;"
    "align-items:flex-start}"
    ".dnb-scorer .dnb-sc-log{font:13px/1.35 sans-serif;color:#333;flex:0 1 300px;min-width:240px;max-width:420px;"
    "overflow-wrap:anywhere}"
    ".dnb-scorer .dnb-sc-log ol{margin:0;padding-left:2.6em}"
    ".dnb-scorer .dnb-refusal{color:#b00020;font-weight:600}"
    ".dnb-scorer .dnb-said{color:#1f4e8c}"
    ".dnb-scorer .dnb-sc-implied{color:#777;font-style:italic}"
    ".dnb-scorer .dnb-sc-picker{display:grid;grid-template-columns:repeat(13,max-content);gap:3px}"
    ".dnb-scorer .dnb-sc-picker.dnb-sc-r6{grid-template-columns:repeat(6,max-content)}"
    ".dnb-scorer .dnb-sc-picker.dnb-sc-r9{grid-template-columns:repeat(9,max-content)}"
    ".dnb-scorer .dnb-sc-card.jupyter-button{width:46px;height:32px;padding:0;font:600 15px/1 monospace;"
    "background:#fff;border:1px solid #888;border-radius:5px;color:#111}"
    ".dnb-scorer .dnb-sc-card.dnb-red.jupyter-button{color:#c62828}"
    ".dnb-scorer .dnb-sc-card.dnb-sc-mine.jupyter-button{background:#fff7d6}"
    f".dnb-scorer .dnb-sc-card.{SELECTED}.jupyter-button{{box-shadow:0 0 0 3px #1e88e5;background:#e3f2fd}}"
    ".dnb-scorer .dnb-sc-gone{visibility:hidden}"
    f".dnb-scorer .{HIDDEN}{{display:none !important}}"
    ".dnb-scorer .dnb-sc-act.jupyter-button{width:auto;min-width:5.5em}"
    ".dnb-scorer .widget-toggle-buttons .widget-toggle-button{width:auto;min-width:4.5em}"
    "</style>"
)


class _Public(NamedTuple):
    """What everyone at the table knows of the game now (no hidden card)."""

    table: tuple[tuple[Card, Card | None], ...]
    attacker: int | None
    defender: int | None
    taking: bool
    talon: int
    discard: int
    trump: Suit
    trump_card: Card | None
    sizes: tuple[int, ...]
    out: tuple[int, ...]


def _public(game: Any) -> _Public:
    """The public facts of ``game`` (an engine game or a partial one): the table, the
    roles, the sizes of the talon, the discard and the hands.  Taken from one consistent
    deck order (``witness``) where the game has one: these facts are the same in every
    such order; its hidden cards are never read here."""
    g = game.witness() if hasattr(game, "witness") else game
    return _Public(
        table=tuple(zip(g.attack_cards, g.defence_cards, strict=True)),
        attacker=game.attacker,  # a partial game's own: None while R4 decides it from cards nobody saw
        defender=game.defender,
        taking=g.taking,
        talon=len(g.talon),
        discard=len(g.discard),
        trump=g.trump,
        trump_card=g.trump_card,
        sizes=tuple(len(h) for h in g.hands),
        out=tuple(g.out_order),
    )


def _moves_of(game: Any) -> list[Move]:
    """The moves played (``moves`` of a partial game, ``history`` of an engine game)."""
    moves = getattr(game, "moves", None)
    return list(moves if moves is not None else game.history)


def _known(game: Any, seat: int) -> tuple[Card, ...]:
    """The cards known to be in ``seat``'s hand now (:meth:`PartialGame.seen`)."""
    if hasattr(game, "seen"):
        return tuple(game.seen().hands[seat])
    return tuple(game.hands[seat])


def _candidates(game: Any, seat: int) -> list[Move]:
    """Every move ``seat`` may make now under some consistent deck order."""
    if hasattr(game, "candidates"):
        return list(game.candidates(seat))
    return list(game.legal_moves(seat))


#: the words of the form's labelled boxes (:data:`WORDS`), whose labels share one width
_LABELS = ("rules", "players", "dealer", "turned_up", "attacker", "shown", "me", "my_hand", "my_draw", "save_as")


#: a text box of the form, in pixels: its 29em (:data:`_CSS`) at the widgets' 13 px
TEXT_BOX = 377

#: a text box's room beyond its label and hint: the label's 8 px margin, the input's
#: 4 px padding each side and 1 px border each side, 2 px to spare (the widgets' style sheet)
TEXT_PAD = 20


def text_box_width(label: int, hint: str) -> int:
    """The width in whole pixels of a form's text box whose label is ``label`` px wide
    (:func:`label_width`) that shows its placeholder ``hint`` whole at the widgets' 13 px
    (:func:`~.textfit.text_width`): at least :data:`TEXT_BOX`, at most the lesson column
    (:data:`~.textfit.COLUMN`; the form's rows wrap).  Issue 22: «по часовой стрелке:
    Анна, Борис, Вера, Гл[еб]» was cut in the 29em box.

    >>> text_box_width(80, "Anna"), text_box_width(129, "по часовой стрелке: Анна, Борис, Вера, Глеб")
    (377, 457)
    """
    return min(COLUMN, max(TEXT_BOX, label + math.ceil(text_width(hint, 13)) + TEXT_PAD))


class ScorerWidget(widgets.VBox):  # type: ignore[misc]
    """Record a live over-the-board game, move by move, to a crash-safe journal.

    Args:
        journal: the journal file (``*.durak.jsonl``) to create when the game starts.
        overwrite: replace an existing journal (by default it is never touched).
        fsync: ``fsync`` each journal line (see :class:`~durak_nb.record.recorder.Recorder`).
        recorder: an open recorder of an over-the-board game to continue (see :meth:`resume`).

    Attributes:
        recorder: the :class:`~durak_nb.record.recorder.Recorder` once the game started, else ``None``.
        me: the scorer's own seat, or ``None``.
        selected: the cards tapped so far for the next move, in the order tapped.
        message: what happened last, or the last refusal in words with its rule.
        refusal: the last :class:`~durak_nb.engine.Refusal`, ``None`` after a move.
        write_error: the journal's last refusal to write (a full disk: the
            :class:`~durak_nb.record.json_form.RecordingError`, the move not played),
            ``None`` after a move.
        board: the HTML widget showing the game.
        form: the set-up box; ``preset``, ``names``, ``dealer``, ``turned_up``,
            ``attacker_box``, ``shown_box``, ``me_box``, ``hand_box``, ``start_button``: its fields.
        who: the seat chooser; ``target_box``: the attack card to cover.
        card_buttons: one button per card of the deck (hidden when not offered).
        lay_button, cover_button, transfer_button, show_button, take_button,
        bito_button, pass_button, undo_button: the actions; ``draw_box``,
        ``draw_button``: the scorer's refill.
    """

    def __init__(
        self,
        journal: str | Path,
        *,
        overwrite: bool = False,
        fsync: bool = True,
        recorder: Any = None,
    ) -> None:
        self.lang = get_language()  # the widget's words stay in it
        self.path = Path(journal) if recorder is None else Path(recorder.path)
        self.overwrite = overwrite
        self.fsync = fsync
        self.recorder: Any = recorder
        self.me: int | None = None
        self.selected: list[Card] = []
        self.message = ""
        self.refusal: Refusal | None = None
        self.write_error: RecordingError | None = None  # the journal refused the last entry
        self._groups: list[int] = []  # the number of moves of each entry, in order
        self._bout_ends: list[int] = []  # indices of the moves that ended a bout (R14, R15)
        self._offer_cache: tuple[object, list[Move]] | None = None
        self._saved: set[Path] = set()  # the .durak files this widget wrote (saved again freely)
        self.scope = f"dnb-sc{next(_SCOPES)}"
        self._build()
        super().__init__([self.style, self.form, self.game_box], layout=self._layout)
        self.add_class("dnb-scorer")
        self.add_class(self.scope)
        if recorder is not None:
            self._started(recorder)

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        """Make every widget once: one Layout and one style per kind, shared."""
        self._layout = widgets.Layout()
        self._bstyle = widgets.ButtonStyle()
        self._hstyle = HTMLStyle()
        # the form's labels share one width, that of the widest in the language in use
        # (13 px, :func:`~.textfit.text_width`; at least the widgets' own 80 px): none
        # is cut («Сохранить как», issue 22)
        label = label_width(_(WORDS[k]) for k in _LABELS)
        wide = {"description_width": f"{label}px"}
        self._tstyle = TextStyle(**wide)
        self._dstyle = DescriptionStyle(**wide)
        self._tbstyle = ToggleButtonsStyle()
        self.style = widgets.HTML(STYLE + _CSS, layout=self._layout, style=self._hstyle)
        self.style.add_class(HIDDEN)  # a style sheet shows nothing itself

        width = label
        wider: dict[int, Any] = {}

        def text(label: str, hint: str = "", value: str = "") -> Any:
            # as wide as its placeholder needs, never cut (issue 22): the shared layout
            # (the form's 29em) when that is enough, else one layout per width needed
            px = text_box_width(width, hint)
            box = self._layout if px == TEXT_BOX else wider.setdefault(px, widgets.Layout(width=f"{px}px"))
            return widgets.Text(value=value, description=label, placeholder=hint, layout=box, style=self._tstyle)

        self.preset = self._dropdown(_(WORDS["rules"]), [(preset_words(p), p) for p in sorted(PRESETS)])
        self.preset.value = "podkidnoy"
        self.names = text(_(WORDS["players"]), _(WORDS["players_hint"]))
        self.dealer = self._dropdown(_(WORDS["dealer"]), [])
        self.turned_up = text(
            _(WORDS["turned_up"]), _(WORDS["turned_up_hint"]).format(card=_typed("7H"), suit=Suit.H.symbol)
        )
        self.attacker_box = self._dropdown(_(WORDS["attacker"]), [])
        self.shown_box = text(_(WORDS["shown"]), _(WORDS["shown_hint"]).format(card=_typed("6H")))
        self._nobody = _(WORDS["nobody"])  # the own-seat list's first entry, in the language of the form
        self.me_box = self._dropdown(_(WORDS["me"]), [self._nobody])
        self.hand_box = text(_(WORDS["my_hand"]), _(WORDS["my_hand_hint"]).format(cards=_typed("6S 9S QD TC AH 8C")))
        self.start_button = self._button(_(WORDS["start"]), _(WORDS["tip_start"]), self.begin)
        self.form_note = widgets.HTML(layout=self._layout, style=self._hstyle)
        self.names.observe(lambda _change: self._names_changed(), names="value")
        self.form = widgets.VBox(
            [
                widgets.HTML(f"<b>{esc(_(WORDS['setup_head']))}</b>", layout=self._layout, style=self._hstyle),
                widgets.HBox([self.preset, self.names], layout=self._layout),
                widgets.HBox([self.dealer, self.turned_up], layout=self._layout),
                widgets.HBox([self.attacker_box, self.shown_box], layout=self._layout),
                widgets.HBox([self.me_box, self.hand_box], layout=self._layout),
                widgets.HBox([self.start_button, self.form_note], layout=self._layout),
            ],
            layout=self._layout,
        )
        self.form.add_class(FORM_CLASS)
        # the game
        self.board = widgets.HTML(layout=self._layout, style=self._hstyle)
        self.board.add_class("dnb-sc-board")
        self.who = widgets.ToggleButtons(
            options=[], description=_(WORDS["who"]), layout=self._layout, style=self._tbstyle
        )
        self.who.observe(lambda _change: self._who_changed(), names="value")
        self.target_box = widgets.ToggleButtons(
            options=[], description=_(WORDS["target"]), layout=self._layout, style=self._tbstyle
        )
        self.target_box.observe(lambda _change: self._redraw(keep_message=True), names="value")
        self.card_buttons: list[Any] = []
        self._button_cards: list[Card] = []
        self.picker = widgets.Box(layout=self._layout)
        self.picker.add_class("dnb-sc-picker")
        self.lay_button = self._button(_(WORDS["lead"]), _(WORDS["tip_lay"]), self.lay)
        self.cover_button = self._button(_(WORDS["cover"]), _(WORDS["tip_cover"]), self.cover)
        self.transfer_button = self._button(_(WORDS["transfer"]), _(WORDS["tip_transfer"]), self.transfer)
        self.show_button = self._button(_(WORDS["show"]), _(WORDS["tip_show"]), lambda: self.transfer(show=True))
        self.take_button = self._button(_(WORDS["take"]), _(WORDS["tip_take"]), self.take)
        self.bito_button = self._button(_(WORDS["bito"]), _(WORDS["tip_bito"]), self.bito)
        self.pass_button = self._button(_(WORDS["pass"]), _(WORDS["tip_pass"]), self.pass_)
        self.undo_button = self._button(_(WORDS["undo"]), _(WORDS["tip_undo"]), self.undo)
        self.draw_box = text(_(WORDS["my_draw"]), _(WORDS["my_draw_hint"]).format(cards=_typed("QS 7D")))
        self.draw_button = self._button(_(WORDS["add_draw"]), _(WORDS["tip_draw"]), self.add_draw)
        actions = widgets.HBox(
            [
                self.lay_button,
                self.cover_button,
                self.transfer_button,
                self.show_button,
                self.take_button,
                self.bito_button,
                self.pass_button,
                self.undo_button,
            ],
            layout=self._layout,
        )
        self.draw_row = widgets.HBox([self.draw_box, self.draw_button], layout=self._layout)
        self.save_box = text(_(WORDS["save_as"]), _(WORDS["save_hint"]), _default_save(self.path))
        self.save_button = self._button(_(WORDS["save"]), _(WORDS["tip_save"]), self.save)
        self.save_row = widgets.HBox([self.save_box, self.save_button], layout=self._layout)
        self.game_box = widgets.VBox(
            [self.board, self.who, self.target_box, self.picker, actions, self.draw_row, self.save_row],
            layout=self._layout,
        )
        self.game_box.add_class(HIDDEN)

    def _dropdown(self, label: str, options: list[Any]) -> Any:
        return widgets.Dropdown(options=options, description=label, layout=self._layout, style=self._dstyle)

    def _button(self, label: str, tooltip: str, action: Any) -> Any:
        b = widgets.Button(description=label, tooltip=tooltip, layout=self._layout, style=self._bstyle)
        b.add_class("dnb-sc-act")
        b.on_click(lambda _b: action())
        return b

    def _names_changed(self) -> None:
        """New names: the dealer, first attacker and own seat choose among them."""
        names = _split_names(self.names.value)
        for box, extra in ((self.dealer, []), (self.attacker_box, []), (self.me_box, [self._nobody])):
            keep = box.value
            box.options = [*extra, *names]
            if keep in box.options:
                box.value = keep
        if names and self.dealer.value is None:
            self.dealer.value = names[-1]

    # ------------------------------------------------------------------ set-up

    def setup(
        self,
        *,
        rules: str = "podkidnoy",
        players: Sequence[str],
        dealer: str,
        turned_up: str,
        attacker: str,
        shown: str = "",
        me: str | None = None,
        hand: str = "",
    ) -> None:
        """Fill in the set-up form (as the scorer would type it); :meth:`begin` starts.

        Args:
            rules: a preset name (RULES.md "Variants").
            players: the names, clockwise.
            dealer: the dealer's name (R3).
            turned_up: the turned-up card's code (R3), or the trump suit where every card
                was dealt.
            attacker: who led first (R4).
            shown: the lowest trump the first attacker showed (R4), or ``""``.
            me: the scorer's own name, or ``None``; ``hand``: their dealt cards, or ``""``.
        """
        self.preset.value = rules
        self.names.value = ", ".join(players)
        self.dealer.value = dealer
        self.turned_up.value = turned_up
        self.attacker_box.value = attacker
        self.shown_box.value = shown
        self.me_box.value = self._nobody if me is None else me
        self.hand_box.value = hand

    @in_own_language
    def begin(self) -> bool:
        """Start recording the game the form describes: create the journal and show the
        game.  A form that does not describe a legal start is refused in words (the
        rule named), and nothing is written.

        Returns:
            whether the game started.
        """
        try:
            rules = Rules.make(self.preset.value)
            names = _split_names(self.names.value)
            if len(names) < 2:
                raise DurakError("R2", _(WORDS["no_players"]))
            deal, me = self._deal_of_form(names, rules)
            from ..record.recorder import Recorder

            meta = {} if me is None else {SCORER_KEY: names[me]}  # the scorer's seat, for a resume
            recorder = Recorder.create(
                self.path, rules, names, deal=deal, meta=meta, overwrite=self.overwrite, fsync=self.fsync
            )
        except (DurakError, CardError, SetupError) as exc:
            self.form_note.value = f'<span class="dnb-refusal">{esc(str(exc))}</span>'
            return False
        self.me = me
        self._started(recorder)
        return True

    def _deal_of_form(self, names: list[str], rules: Rules) -> tuple[PartialDeal, int | None]:
        """The :class:`PartialDeal` the form describes, and the scorer's seat."""
        dealer = names.index(self.dealer.value) if self.dealer.value in names else len(names) - 1
        up_text = self.turned_up.value.strip()
        turned: Card | None = None
        trump: Suit | None = None
        if rules.japanese:
            trump = Suit.D  # R8: no card is turned up
        elif len(up_text) == 1:
            trump = Suit.parse(up_text)
        elif up_text:
            turned = typed_card(up_text)
        attacker = names.index(self.attacker_box.value) if self.attacker_box.value in names else None
        shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        if self.shown_box.value.strip() and attacker is not None:
            shown = ((attacker, tuple(typed_cards(self.shown_box.value))),)
        me = names.index(self.me_box.value) if self.me_box.value in names else None
        hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        if me is not None and self.hand_box.value.strip():
            hands = ((me, tuple(sorted(typed_cards(self.hand_box.value)))),)
        deal = PartialDeal(dealer=dealer, turned_up=turned, trump=trump, attacker=attacker, shown=shown, hands=hands)
        return deal, me

    @in_own_language
    def _started(self, recorder: Any) -> None:
        self.recorder = recorder
        game = recorder.live
        if self.me is None:
            name = recorder.recording().meta.get(SCORER_KEY)
            self.me = game.players.index(name) if name in game.players else None
        self._bout_ends = _bout_ends_of(recorder)
        self._groups = _groups_of(recorder, self._bout_ends)
        self._make_cards(game.rules.deck_size)
        self.who.options = list(game.players)
        set_classes(self.form, (FORM_CLASS, HIDDEN))
        set_classes(self.game_box, ())
        self.message = ""
        self._preselect()
        self._redraw()

    def _make_cards(self, size: int) -> None:
        """One button per card of the deck, in a grid: a row per suit, ranks in order."""
        if self.card_buttons:
            return
        cards = sorted(deck(size), key=lambda c: (int(c.suit), c.rank))
        for c in cards:
            b = widgets.Button(description=c.pretty, tooltip=c.pretty, layout=self._layout, style=self._bstyle)
            b.add_class("dnb-sc-card")
            b.on_click(lambda _b, c=c: self.tap(c))
            self.card_buttons.append(b)
            self._button_cards.append(c)
        self.picker.children = tuple(self.card_buttons)
        self.picker.add_class(f"dnb-sc-r{size // 4}")  # a row per suit

    # ------------------------------------------------------------------ constructors

    @classmethod
    def resume(cls, journal: str | Path, *, fsync: bool = True) -> ScorerWidget:
        """Continue recording the game of a journal (e.g. after a crash); a torn last
        line is dropped and reported as :meth:`Recorder.open` does.

        Raises:
            RecordingError: as :meth:`~durak_nb.record.recorder.Recorder.open`.
        """
        from ..record.recorder import Recorder

        return cls(journal, recorder=Recorder.open(journal, fsync=fsync))

    def close(self) -> None:
        """Release the journal and close the widgets."""
        recorder = self.__dict__.get("recorder")
        if recorder is not None:
            recorder.close()
        super().close()

    # ------------------------------------------------------------------ state

    @property
    def game(self) -> Any:
        """The live over-the-board game (play only through the widget)."""
        if self.recorder is None:
            raise ValueError(_(WORDS["not_started"]))
        return self.recorder.live

    @property
    def moves(self) -> list[Move]:
        """The moves recorded so far, implied passes included."""
        return [] if self.recorder is None else _moves_of(self.recorder.live)

    @property
    def actor(self) -> int | None:
        """The seat chosen to act (preselected after every entry)."""
        if self.recorder is None or self.who.value is None:
            return None
        return int(self.game.players.index(self.who.value))

    @in_own_language
    def choose(self, player: int | str) -> bool:
        """Choose who acts (a seat or a name).

        Returns:
            whether the seat was chosen; a seat or name not at the table is refused in
            words (R2), the choice unchanged.
        """
        names = list(self.game.players)
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(names):
            self.who.value = names[player]
            return True
        if isinstance(player, str) and player in names:
            self.who.value = player
            return True
        who = _(WORDS["seat_n"]).format(n=player) if isinstance(player, int) else player
        why = _(WORDS["no_such_seat"]).format(who=who, names=", ".join(names))
        return self._refuse(Refusal("R2", why))

    @property
    def target(self) -> Card | None:
        """The attack card a cover goes on (preselected: the first uncovered one)."""
        v = self.target_box.value
        return None if v is None else Card.parse(v)

    @in_own_language
    def aim(self, card: str | Card) -> bool:
        """Choose the attack card to cover (R10).

        Returns:
            whether it was chosen; a card that is not an uncovered attack card on the
            table (or not a card, R1) is refused in words (R10), the choice unchanged.
        """
        try:
            c = Card.parse(card)
        except CardError as exc:
            return self._refuse(Refusal(exc.rule or "R1", exc.message))
        if c.code not in self.target_box.options:
            uncovered = " ".join(Card.parse(o).pretty for o in self.target_box.options)
            words = _(WORDS["not_uncovered"]) if uncovered else _(WORDS["nothing_to_cover"])
            return self._refuse(Refusal("R10", words.format(card=c.pretty, cards=uncovered)))
        self.target_box.value = c.code
        return True

    @property
    def shown_cards(self) -> list[str]:
        """The codes of the cards offered now for the chosen player, in deck order
        (a row per suit): what the scorer may tap."""
        offered = self._offered()
        return [c.code for c in self._button_cards if c in offered]

    def _preview(self, seat: int) -> Any:
        """The game in which ``seat``'s next move would be made: now; or after the passes
        its turn implies (R12: the attacker passed first); or after the bout ends (the
        next bout's lead)."""
        game = self.game
        if any(m.action is not Action.PASS for m in _candidates(game, seat)):
            return game
        try:
            passes = implied_passes(game, Move.pass_(seat))
        except ImpliedPassesError:
            passes = []
        if passes:
            g = game.copy()
            for p in passes:
                g.play(p)
            return g
        for ending in ("bito", "take"):
            try:
                passes = passes_to_end(game, ending)
            except ImpliedPassesError:
                continue
            g = game.copy()
            for p in passes:
                g.play(p)
            return g
        return game

    def _offered_moves(self) -> list[Move]:
        """The moves with cards the chosen player may make next (after the passes their
        turn implies), asked of the game once per position and seat."""
        seat = self.actor
        if seat is None or self.game.finished:
            return []
        key = (id(self.game), tuple(self.moves), seat)
        if self._offer_cache is None or self._offer_cache[0] != key:
            moves = [m for m in _candidates(self._preview(seat), seat) if m.cards]
            self._offer_cache = (key, moves)
        return list(self._offer_cache[1])

    def _offered(self) -> set[Card]:
        target = self.target
        out: set[Card] = set()
        for m in self._offered_moves():
            if m.action is Action.DEFEND and m.target != target:
                continue
            out.update(m.cards)
        return out

    # ------------------------------------------------------------------ entering moves

    @in_own_language
    def tap(self, card: str | Card) -> bool:
        """Tap a card the chosen player laid.

        A cover card (the chosen player defends and the card beats the chosen attack
        card, and transfers with it are not possible) is played at once (R10).
        Otherwise the card is selected, or unselected when tapped again; then *Lead*,
        *Throw in* or *Transfer*.

        Returns:
            whether a move was recorded.
        """
        try:
            c = Card.parse(card)
        except CardError as exc:
            return self._refuse(Refusal(exc.rule or "R1", exc.message))
        if self.recorder is None:
            return self._refuse(Refusal("R1", _(WORDS["not_started"])))
        if c in self.selected:
            self.selected.remove(c)
            self._redraw(keep_message=True)
            return False
        moves = self._offered_moves()
        seat = self.actor
        if seat is not None and c not in self._offered():
            why = self._why_card(seat, c)
            if why is not None:
                return self._refuse(why)
        covers = [m for m in moves if m.action is Action.DEFEND and m.cards == (c,) and m.target == self.target]
        transfers = [m for m in moves if m.action is Action.TRANSFER and c in m.cards]
        if covers and not transfers and not self.selected and seat is not None:
            return self._enter(Move.defend(seat, c, covers[0].target or c))
        self.selected.append(c)
        self._redraw(keep_message=True)
        return False

    def _why_card(self, seat: int, c: Card) -> Refusal | None:
        """Why ``seat`` cannot lay ``c`` now, in the engine's words: the refusal of the
        move a tap on it would mean (a cover of the chosen attack card, else a lead or a
        throw-in), after the passes that move implies (R12); ``None`` when it is legal
        (a card past the candidates' bound)."""
        game = self.game
        pub = _public(game)
        target = self.target
        if seat == pub.defender and not pub.taking and target is not None:
            move = Move.defend(seat, c, target)
        elif pub.table and seat != pub.defender:
            move = Move.throw(seat, (c,))
        else:
            move = Move.attack(seat, (c,))
        try:
            passes = implied_passes(game, move)
        except ImpliedPassesError as exc:
            return exc.refusal
        g = game.copy()
        for p in passes:
            g.play(p)
        why: Refusal | None = g.why_illegal(move)
        return why

    @in_own_language
    def lay(self) -> bool:
        """Lead (R9) or throw in (R11, R14) the tapped cards."""
        seat = self.actor
        if seat is None:
            return self._refuse(Refusal("R1", _(WORDS["not_started"])))
        if not self.selected:
            return self._refuse(Refusal("R9", _(WORDS["select_cards"])))
        cards = tuple(sorted(self.selected))
        kinds = {m.action for m in self._offered_moves() if set(m.cards) == set(cards)}
        if Action.ATTACK in kinds or (Action.THROW not in kinds and not _public(self._preview(seat)).table):
            return self._enter(Move.attack(seat, cards))
        return self._enter(Move.throw(seat, cards))

    @in_own_language
    def cover(self) -> bool:
        """Cover the chosen attack card with the one tapped card (R10)."""
        seat, target = self.actor, self.target
        if seat is None or target is None or len(self.selected) != 1:
            return self._refuse(Refusal("R10", _(WORDS["one_cover"])))
        return self._enter(Move.defend(seat, self.selected[0], target))

    @in_own_language
    def transfer(self, *, show: bool = False) -> bool:
        """Transfer with the tapped cards (R17), or by showing one trump (R20)."""
        seat = self.actor
        if seat is None:
            return self._refuse(Refusal("R1", _(WORDS["not_started"])))
        if not self.selected:
            return self._refuse(Refusal("R17", _(WORDS["select_cards"])))
        return self._enter(Move.transfer(seat, tuple(sorted(self.selected)), show=show))

    @in_own_language
    def take(self) -> bool:
        """The defender takes (R14)."""
        d = _public(self.game).defender if self.recorder is not None else None
        if d is None:
            return self._refuse(Refusal("R14", _(WORDS["not_started"])))
        return self._enter(Move.take(d))

    @in_own_language
    def pass_(self) -> bool:
        """A pass the chosen player said (R12; the english lead pass, R9)."""
        seat = self.actor
        if seat is None:
            return self._refuse(Refusal("R1", _(WORDS["not_started"])))
        return self._enter(Move.pass_(seat))

    @in_own_language
    def bito(self) -> bool:
        """The bout ends: every thrower still to speak passes; the cards go to the
        discard (bito, R15) or, after a take, to the defender (R14)."""
        if self.recorder is None:
            return self._refuse(Refusal("R15", _(WORDS["not_started"])))
        ending = "take" if _public(self.game).taking else "bito"
        try:
            passes = passes_to_end(self.game, ending)
        except ImpliedPassesError as exc:
            return self._refuse(exc.refusal)
        return self._record(passes, implied=len(passes))

    def _enter(self, move: Move) -> bool:
        """Record ``move`` after the passes it implies (R12), or show the refusal."""
        try:
            passes = implied_passes(self.game, move)
        except ImpliedPassesError as exc:
            return self._refuse(exc.refusal)
        return self._record([*passes, move], implied=len(passes))

    @in_own_language
    def _record(self, moves: list[Move], *, implied: int) -> bool:
        """Journal and play ``moves`` (the first ``implied`` are implied passes) as one entry."""
        names = self.game.players
        done = 0
        said: list[str] = []
        try:
            for i, m in enumerate(moves):
                events = self.recorder.play(m, implied=i < implied)
                done += 1
                words = m.describe(names)
                said.append(_(WORDS["implied"]).format(move=words) if i < implied else words)
                said += [_event_words(e, names) for e in events]
                if any(e.rule in ("R14", "R15") for e in events):
                    self._bout_ends.append(len(self.moves) - 1)
        except IllegalMove as exc:
            if done:
                self.recorder.undo(done)
            return self._refuse(exc.refusal)
        except RecordingError as exc:
            # the journal could not take the move (a full disk, a folder gone): the game
            # stays as the journal has it, the cards chosen stay chosen, and the error is
            # said, so that the move can be entered again once there is room
            if done:
                try:
                    self.recorder.undo(done)
                except RecordingError:
                    self._groups.append(done)  # recorded and kept: the entry's first moves
                    done = 0
            return self._failed_write(exc)
        if done:
            self._groups.append(done)
        self.refusal = None
        self.write_error = None
        self.selected = []
        self.message = "; ".join(said)
        self._preselect()
        self._redraw(keep_message=True)
        return True

    @in_own_language
    def undo(self) -> bool:
        """Take back the last entry: a move with the passes it implied, or a bout's
        closing passes.

        Returns:
            whether anything was taken back.
        """
        if self.recorder is None or not self.moves:
            return self._refuse(Refusal("R1", _(WORDS["nothing_to_undo"])))
        n = self._groups.pop() if self._groups else 1
        names = self.game.players
        taken = self.recorder.undo(n)
        k = len(self.moves)
        self._bout_ends = [i for i in self._bout_ends if i < k]
        self.refusal = None
        self.selected = []
        self.message = _(WORDS["undone"]).format(moves="; ".join(m.describe(names) for m in taken))
        self._preselect()
        self._redraw(keep_message=True)
        return True

    @in_own_language
    def add_draw(self, cards: str | Iterable[str | Card] | None = None) -> bool:
        """Record the cards the scorer drew in the last refill (R16; ``deal.draws``):
        ``cards`` (default: the text in :attr:`draw_box`).

        Returns:
            whether the refill was recorded (refused in words when no deck order agrees).
        """
        if self.recorder is None:
            return self._refuse(Refusal("R16", _(WORDS["not_started"])))
        if self.me is None:
            return self._refuse(Refusal("R16", _(WORDS["no_seat"])))
        if not self._bout_ends:
            return self._refuse(Refusal("R16", _(WORDS["no_bout_end"])))
        name = self.game.players[self.me]
        try:
            got = tuple(sorted(typed_cards(self.draw_box.value) if cards is None else parse_cards(cards)))
        except CardError as exc:
            return self._refuse(Refusal(exc.rule or "R1", exc.message))
        for c in got:  # a card recorded already: say where it is (R1: no card in two places)
            where = self.where(c)
            if where is not None:
                words = " ".join(x.pretty for x in got)
                return self._refuse(Refusal("R1", _(WORDS["bad_draw"]).format(name=name, cards=words, why=where)))
        try:
            self.recorder.saw_draw(SeenDraw(self._bout_ends[-1], self.me, got))
        except DurakError as exc:
            words = " ".join(c.pretty for c in got)
            why = _(WORDS["bad_draw"]).format(name=name, cards=words, why=exc.message)
            return self._refuse(Refusal(exc.rule or "R16", why))
        self.draw_box.value = ""
        self.refusal = None
        self.message = _(WORDS["drew"]).format(name=name, cards=" ".join(c.pretty for c in got))
        self._redraw(keep_message=True)
        return True

    def _bout_of(self, k: int) -> int:
        """The bout (from 1) move index ``k`` belongs to: one more than the bouts ended before it."""
        return 1 + sum(1 for e in self._bout_ends if e < k)

    @in_own_language
    def where(self, card: str | Card) -> str | None:
        """Where ``card`` is already recorded, in words, or ``None``: laid in a move
        (its number as people count it, :func:`~durak_nb.numbering.move_number`, its bout
        and the move in words), the turned-up card (R3), the lowest trump shown (R4), the
        scorer's dealt hand, or a refill the scorer drew (R16).

        >>> import tempfile, os
        >>> w = ScorerWidget(os.path.join(tempfile.mkdtemp(), "k.durak.jsonl"))
        >>> w.setup(players=["Anna", "Boris"], dealer="Boris", turned_up="7H", attacker="Anna")
        >>> w.begin(), w.tap("8D"), w.lay()
        (True, False, True)
        >>> w.where("8D")
        '8♦ is already recorded: move 1, bout 1: Anna attacks 8♦'
        >>> w.where("7H"), w.where("9S")
        ('7♥ is already recorded: it is the turned-up card (R3)', None)
        >>> w.close()

        Raises:
            CardError: ``card`` is not a card code (R1).
        """
        c = card if isinstance(card, Card) else Card.parse(card)
        if self.recorder is None:
            return None
        names = self.game.players
        for k, m in enumerate(self.moves):
            if c in m.cards and not (m.action is Action.TRANSFER and m.show):  # a shown trump stays in hand (R20)
                return _(WORDS["where_move"]).format(
                    card=c.pretty, number=move_number(k), bout=self._bout_of(k), move=m.describe(names)
                )
        deal = self.recorder.recording().deal
        if not isinstance(deal, PartialDeal):
            return None
        if deal.turned_up == c:
            return _(WORDS["where_turned"]).format(card=c.pretty)
        for seat, cards in deal.shown:
            if c in cards:
                return _(WORDS["where_shown"]).format(card=c.pretty, name=names[seat])
        for seat, cards in deal.hands:
            if c in cards:
                return _(WORDS["where_hand"]).format(card=c.pretty, name=names[seat])
        for d in deal.draws:
            if c in d.cards:
                return _(WORDS["where_draw"]).format(card=c.pretty, name=names[d.player], bout=self._bout_of(d.after))
        return None

    @in_own_language
    def save(self, path: str | Path | None = None) -> bool:
        """Save the game so far as a ``.durak`` file (the notation,
        :func:`durak_nb.record.writer.dump`: every move checked, written atomically, so a
        file is never left half written): to ``path``, default the name in
        :attr:`save_box`, a name without folder in the current folder (the notebook's,
        where its file browser shows the file; said so, :func:`~.html.saved_words`,
        issue 22: not the folder of a journal in a temporary folder).  A file that exists
        is never written over, unless this widget saved it before (saving again as the
        game goes on).

        Returns:
            whether the file was written; a refusal in words otherwise (the name, or the
            writer's error naming the file).
        """
        from ..record.json_form import RecordingError
        from ..record.writer import dump

        if self.recorder is None:
            return self._refuse(Refusal("R1", _(WORDS["not_started"])))
        name = str(path if path is not None else self.save_box.value).strip()
        if not name:
            return self._refuse(Refusal("R1", _(WORDS["save_empty"])))
        target = Path(name).expanduser()
        if not target.is_absolute():  # the notebook's folder, where its file browser shows it
            target = Path.cwd() / target
        if target.suffix != ".durak":
            return self._refuse(Refusal("R1", _(WORDS["save_suffix"]).format(name=target.name)))
        if target.exists() and target.absolute() not in self._saved:
            return self._refuse(Refusal("R1", _(WORDS["save_exists"]).format(path=str(target))))
        try:
            dump(self.recorder.recording(), target)
        except RecordingError as exc:
            return self._refuse(Refusal(exc.rule or "R1", str(exc)))
        self._saved.add(target.absolute())
        self.refusal = None
        self.message = saved_words(target)
        self._redraw(keep_message=True)
        return True

    @in_own_language
    def _failed_write(self, exc: RecordingError) -> bool:
        """Say that the journal refused a write (its file and the system's words)."""
        self.refusal = None
        self.write_error = exc
        self.message = str(exc)
        self._redraw(keep_message=True)
        return False

    def _refuse(self, refusal: Refusal) -> bool:
        self.refusal = refusal
        self.message = str(refusal)
        self.selected = []
        if self.recorder is not None:
            self._redraw(keep_message=True)
        else:
            self.form_note.value = f'<span class="dnb-refusal">{esc(self.message)}</span>'
        return False

    # ------------------------------------------------------------------ who acts

    def _preselect(self) -> None:
        """Preselect who may act now: the attacker to lead; the defender facing an
        uncovered card; else the first thrower, clockwise from the attacker, who may
        still throw in (R12: the attacker first)."""
        game = self.game
        if game.finished:
            return
        pub = _public(game)
        seat: int | None = None
        uncovered = [a for a, d in pub.table if d is None]
        if not pub.table:
            seat = pub.attacker
        elif uncovered and not pub.taking:
            seat = pub.defender
        else:
            throwers = set(game.throwers())
            n = len(game.players)
            a = pub.attacker if pub.attacker is not None else 0
            for s in ((a + i) % n for i in range(n)):
                if s in throwers and game.can_play(Move.pass_(s)):
                    seat = s
                    break
            if seat is None:
                actors = game.actors()
                seat = actors[0] if actors else pub.attacker
        if seat is not None:
            self.who.value = game.players[seat]

    def _who_changed(self) -> None:
        self.selected = []
        self._redraw(keep_message=True)

    # ------------------------------------------------------------------ drawing

    @in_own_language
    def _redraw(self, *, keep_message: bool = False) -> None:
        """Show the game now: set the values and classes of the existing widgets."""
        if self.recorder is None:
            return
        if not keep_message:
            self.refusal = None
            self.write_error = None
        game = self.game
        pub = _public(game)
        uncovered = [a.code for a, d in pub.table if d is None]
        seat = self.actor
        defending = seat is not None and seat == pub.defender and not pub.taking and bool(uncovered)
        if list(self.target_box.options) != uncovered:
            self.target_box.options = uncovered
        if uncovered and self.target_box.value not in uncovered:
            self.target_box.value = uncovered[0]
        set_classes(self.target_box, () if defending and len(uncovered) > 1 else (HIDDEN,))
        self._draw_cards(seat)
        self._draw_buttons(pub, seat, defending)
        self.board.value = self._board_html(pub)

    def _draw_cards(self, seat: int | None) -> None:
        offered = self._offered()
        mine = set(_known(self.game, seat)) if seat is not None else set()
        for b, c in zip(self.card_buttons, self._button_cards, strict=True):
            classes = ["dnb-sc-card"]
            if c.suit.is_red:
                classes.append("dnb-red")
            if c in mine:
                classes.append("dnb-sc-mine")
            if c in self.selected:
                classes.append(SELECTED)
            if c not in offered and c not in self.selected:
                classes.append("dnb-sc-gone")
            set_classes(b, classes)
            b.disabled = c not in offered and c not in self.selected

    def _draw_buttons(self, pub: _Public, seat: int | None, defending: bool) -> None:
        game = self.game
        over = game.finished
        rules = game.rules
        kinds = {m.action for m in self._offered_moves()}
        uncovered = any(d is None for _a, d in pub.table)
        self.lay_button.description = (
            _(WORDS["throw"]) if pub.table and Action.ATTACK not in kinds else _(WORDS["lead"])
        )
        ok = self.possible()
        shown = {
            self.lay_button: "lay" in ok and not defending,
            self.cover_button: "cover" in ok and defending,
            self.transfer_button: "transfer" in ok and defending and rules.transfers,
            self.show_button: "show" in ok and defending and rules.show_trump_transfer,
            self.take_button: "take" in ok,
            # bito only once every attack card is covered, or after a take (R15, R14)
            self.bito_button: "bito" in ok and rules.throw_ins and (pub.taking or not uncovered),
            self.pass_button: "pass" in ok,
            self.undo_button: bool(self.moves),
        }
        for b, on in shown.items():
            set_classes(b, ("dnb-sc-act",) if on else ("dnb-sc-act", HIDDEN))
        if pub.taking and pub.defender is not None:
            self.bito_button.description = _(WORDS["cards_go"]).format(name=game.players[pub.defender])
        else:
            self.bito_button.description = _(WORDS["bito"])
        set_classes(self.draw_row, () if self.me is not None and self._bout_ends and not over else (HIDDEN,))

    def possible(self) -> frozenset[str]:
        """The actions that can succeed now, asked of the engine of the over-the-board
        game (its candidate moves and refusals, after the passes each implies, R12), so
        that only they are offered as buttons: ``"lay"`` (a lead or throw-in, R9, R11),
        ``"cover"`` (R10), ``"transfer"`` (R17), ``"show"`` (R20) for the chosen
        player; ``"take"`` for the defender (R14); ``"bito"`` (the bout can end, R14,
        R15); ``"pass"`` (the chosen player's pass is legal, R12; on an empty table
        only the english lead pass, R9).  Empty once the game is over.

        >>> import tempfile, os
        >>> w = ScorerWidget(os.path.join(tempfile.mkdtemp(), "k.durak.jsonl"))
        >>> w.setup(players=["Anna", "Boris"], dealer="Boris", turned_up="7H", attacker="Anna")
        >>> w.begin(), sorted(w.possible())    # an empty table: no pass, no take, no bito
        (True, ['lay'])
        >>> w.close()
        """
        if self.recorder is None or self.game.finished:
            return frozenset()
        game = self.game
        ok: set[str] = set()
        for m in self._offered_moves():
            if m.action in (Action.ATTACK, Action.THROW):
                ok.add("lay")
            elif m.action is Action.DEFEND:
                ok.add("cover")
            elif m.action is Action.TRANSFER:
                ok.add("show" if m.show else "transfer")
        d = _public(game).defender
        if d is not None and game.why_illegal(Move.take(d)) is None:
            ok.add("take")
        ending = "take" if _public(game).taking else "bito"
        try:
            passes_to_end(game, ending)
            ok.add("bito")
        except ImpliedPassesError:
            pass
        seat = self.actor
        if seat is not None:
            try:
                implied_passes(game, Move.pass_(seat))
                ok.add("pass")
            except ImpliedPassesError:
                pass
        return frozenset(ok)

    def _board_html(self, pub: _Public) -> str:
        game = self.game
        names = game.players
        actors = set() if game.finished else set(game.actors())
        seats = []
        for s, name in enumerate(names):
            known = hand_order(_known(game, s), pub.trump)
            down = pub.sizes[s] - len(known)
            roles = _roles(pub, s)
            head = f"<b>{esc(name)}</b>" + (f" · <i>{esc(', '.join(roles))}</i>" if roles else "")
            cards = cards_part_html(known, down, pub.trump, width=26) if pub.sizes[s] else esc(_(WORDS["no_cards"]))
            cls = "dnb-sc-seat dnb-acting" if s in actors else "dnb-sc-seat"
            seats.append(f'<div class="{cls}" data-seat="{s}">{head}<br>{cards}</div>')
        talon = talon_svg(pub.talon, pub.trump_card if pub.talon else None, trump=pub.trump, width=34)
        felt = (
            f'<div class="dnb-sc-felt"><div>{table_svg(pub.table, trump=pub.trump, width=40)}</div>'
            f"<div>{talon}</div><div>{esc(_(WORDS['discard']).format(n=pub.discard))}</div></div>"
        )
        if game.finished and game.result is not None:
            turn = esc(_(WORDS["over"]).format(result=game.result.describe(names)))
        else:
            turn = esc(_(WORDS["may_act"]).format(names=", ".join(names[s] for s in sorted(actors))))
        said = ""
        if self.message:
            cls = "dnb-refusal" if self.refusal is not None or self.write_error is not None else "dnb-said"
            said = f'<div class="{cls}">{esc(self.message)}</div>'
        seat = self.actor
        if not game.finished and seat is not None:  # what to do next, in words
            said += f'<div class="dnb-sc-prompt">{esc(_(WORDS["waiting"]).format(name=names[seat]))}</div>'
        return (
            f'<div class="dnb-sc-grid"><div class="dnb-sc-main"><div class="dnb-sc-seats">{"".join(seats)}</div>{felt}'
            f"<div>{turn}</div>{said}</div>{self._log_html()}</div>"
        )

    def _log_html(self) -> str:
        moves = self.moves
        implied = set(_implied_of(self.recorder))
        names = self.game.players
        first = max(0, len(moves) - LOG_LINES)
        items = []
        for k in range(first, len(moves)):
            words = moves[k].describe(names)
            text = esc(words)
            if k in implied:
                text = f'<span class="dnb-sc-implied">{esc(_(WORDS["implied"]).format(move=words))}</span>'
            items.append(f"<li>{text}</li>")
        journal = esc(_(WORDS["journal"]).format(path=str(self.path.absolute())))
        return (
            f'<div class="dnb-sc-log"><b>{esc(_(WORDS["moves_head"]))}</b>'
            f'<ol start="{first + 1}">{"".join(items)}</ol><small>{journal}</small></div>'
        )


def _roles(pub: _Public, seat: int) -> list[str]:
    if seat in pub.out:
        return [_(WORDS["roles_out"])]
    if seat == pub.defender:
        return [_(WORDS["roles_takes"]) if pub.taking else _(WORDS["roles_defender"])]
    if seat == pub.attacker:
        return [_(WORDS["roles_attacker"])]
    return []


def _event_words(event: Event, names: Sequence[str]) -> str:
    from ..explain import event_words

    return str(event_words(event, names))


def _typed(codes: str) -> str:
    """The cards of ``codes`` as the language in use prints them, for a field's example:
    what a person may type there (:func:`~durak_nb.cards.typed_cards`, R1)."""
    return cards_text(parse_cards(codes))


def _default_save(journal: Path) -> str:
    """The ``.durak`` file a journal's game is saved to by default: ``kitchen.durak``
    beside ``kitchen.durak.jsonl``."""
    name = journal.name
    for suffix in (".durak.jsonl", ".jsonl", ".durak"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return (name or "game") + ".durak"


def _split_names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def _implied_of(recorder: Any) -> list[int]:
    """Indices of the moves journalled as implied passes."""
    return list(getattr(recorder, "implied", ()))


def _groups_of(recorder: Any, bout_ends: Sequence[int]) -> list[int]:
    """The entries of a journal read back: each move with the implied passes just
    before it; implied passes that end a bout (R14, R15) close an entry of their own."""
    implied = set(_implied_of(recorder))
    ends = set(bout_ends)
    groups: list[int] = []
    size = 0
    for k in range(len(_moves_of(recorder.live))):
        size += 1
        if k not in implied or k in ends:
            groups.append(size)
            size = 0
    if size:
        groups.append(size)
    return groups


def _bout_ends_of(recorder: Any) -> list[int]:
    """Indices of the moves that ended a bout (R14, R15), by replaying the recording."""
    ends = []
    for k, (_g, _m, events) in enumerate(recorder.recording().steps()):
        if any(e.rule in ("R14", "R15") for e in events):
            ends.append(k)
    return ends
