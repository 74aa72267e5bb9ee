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

**An analysed game** (a recording made by :func:`durak_nb.analysis.analyse`, its figures
in ``meta["analysis"]``): under the board, in the same HTML, a small graph over the game
(:mod:`.evalgraph`: the mover's solved outcome or win chance per move, the move to come
marked) and the best move at the move to come in words (:meth:`ReplayerWidget.evaluation`;
in a player's view only at that player's own moves).  Nothing changes for a recording
without analysis, and no widget is added.

**Controls.**  ◀ ``Play`` ▶ (one move back, play/pause, one move forward), the move
slider, the speed (ms per move), the view list (every hand open, or one player's view
from :meth:`~durak_nb.replay.Replay.view`: the cards that player cannot know face
down, the cards seen taken (R14) or shown (R4, R20) face up) and a go-to list (one
entry per frame, a frame where a bout begins marked ``▶ Bout 4 begins``).

**Lines and annotating** (``annotate=True``; by default the replayer alone, as in the
lessons).  Under the controls: the
lines at the move annotated (the move that led to the frame shown), the line shown
among its alternatives: one click steps into a side line (:meth:`ReplayerWidget.enter_line`),
another back, nested lines too; ``◂ back`` returns to the line this one branches from.
Then a compact panel, one Textarea, the glyph buttons and a few buttons: a comment
after or before the move, its glyph (``! ? !! ?? !? ?!``), "a variation instead of move 13" (one
of the engine's legal moves at the position shown; the widget goes on in the new
line, where the next move continues it), promote, demote, delete the line, undo,
redo and save (``.durak`` through the canonical writer, or ``.json``; atomically).
The edits are :mod:`durak_nb.annotate`'s; a refused one shows its words and changes
nothing.  The panel adds 40 widget models (74 in all), whatever the game's length.

**A puzzle** (``puzzle=True``; not with ``annotate``).  Above the board: "what would you
play?" with the engine's legal moves of the player to act (:func:`puzzle_question`) in a
list where one click chooses; until then the board tells neither the move to come nor
the list of legal moves (the story without move ``k``'s words, :func:`ask_story_html`),
nor its glyph, comment or evaluation, and the slider, the go-to list and ▶ stop at that
frame; Play and the speed are hidden.  After the choice: the verdict (the move played,
with its rules), the comment after it, "↺ try again" after a wrong choice, "▶ step on";
the score counts the first tries (:attr:`ReplayerWidget.score`).  In another player's
view the choices are not shown (they would show hidden cards).  The puzzle adds 18
widget models, made once; every frame only changes their values.

**Design: few widgets, the frame drawn by the kernel.**  The replayer is a dozen
widgets (27 models with their layouts and styles): the controls, a header and
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

from collections.abc import Callable, Iterable
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from ..annotate import Annotator, line_nodes, line_path, where
from ..engine import Move
from ..errors import DurakError
from ..explain import explain_move, move_words
from ..i18n import N_, _, get_language, language, ngettext
from ..numbering import move_number
from ..record import Recording, RecordingError, io
from ..record.tree import GLYPHS, GameNode
from ..replay import LinePath, Replay, path_text
from ..text import visible
from .bounds import MAX_REPLAYER_MOVES, check_moves
from .cards_svg import card_defs, shared_faces
from .evalgraph import EVAL_WORDS, eval_html, figures_of
from .html import (
    STYLE,
    FrameParts,
    ReplayerFrames,
    board_html,
    card_width,
    esc,
    frame_label,
    frame_parts,
    frame_slot,
    header_html,
    in_own_language,
    in_reader_language,
    move_html,
    new_caches,
    replayer_frames,
    story_html,
    view_names,
)
from .textfit import dropdown_width

__all__ = [
    "LEGEND",
    "PANEL_WORDS",
    "PUZZLE_WORDS",
    "PuzzleQuestion",
    "ReplayerWidget",
    "Shown",
    "ask_story_html",
    "legend_html",
    "puzzle_question",
]

#: The legend's words under the board (translated at use: :func:`legend_html`).
LEGEND_WORDS = N_(
    "Red suits in red; trumps with a gold band and border (R3). "
    "A player's view shows that player's cards, and of the others only the cards everyone has seen "
    "(picked up at a take R14, shown R4/R20, the turned-up trump R3); the rest face down."
)
#: The legend's one-line title: the legend is folded under it (issue 22: the 4-player
#: table and its text within a 768 px screen), one click opens it.
LEGEND_TITLE = N_("Key to the pictures")
_LEGEND_DIV = (
    '<details class="dnb-none dnb-legend" style="font-size:11.5px;line-height:1.35">'
    "<summary>{title}</summary>{words}</details>"
)


def legend_html() -> str:
    """The legend under the board (the card pictures' colours and marks, what a player's
    view shows) in the language in use, as HTML: folded under its title
    (:data:`LEGEND_TITLE`), opened by a click."""
    return _LEGEND_DIV.format(title=_(LEGEND_TITLE), words=_(LEGEND_WORDS))


#: The legend in English (kept for callers of the constant; :func:`legend_html` speaks the
#: language in use).
LEGEND = _LEGEND_DIV.format(title=LEGEND_TITLE, words=LEGEND_WORDS)


#: The person-facing words of the annotation panel, translated at use (``_(PANEL_WORDS[key])``).
PANEL_WORDS = {
    "lines": N_("lines"),
    "lines_tip": N_("the lines at the move annotated: one click steps into a line"),
    "back": N_("◂ back to {line}"),
    "back_main": N_("◂ back"),
    "comment": N_("comment"),
    "after": N_("after the move"),
    "before": N_("before the move"),
    "set": N_("✓ set comment"),
    "set_tip": N_("set the comment (empty: remove it)"),
    # TRANSLATORS: {move} is a whole phrase of a place, "move 105 of the main line" or "the start"
    # (annotate.where), already holding its own word for "move": write it after a colon
    "placeholder": N_("a comment on {move}"),
    "glyph": N_("glyph"),
    "no_glyph": N_("–"),
    "moves": N_("move"),
    "add_tip": N_("play the chosen legal move from the position shown, then go on in that line"),
    # TRANSLATORS: the buttons and labels say which move they apply to, as people count
    # moves; {where} is a whole place phrase, "move 13 of the main line" (annotate.where)
    "add_instead": N_("+ a variation instead of move {number}"),
    "add_instead_of": N_("+ a variation instead of {where}"),
    "add_after": N_("+ continue after move {number}"),
    "add_start": N_("+ a first move"),
    "add_instead_tip": N_("play the chosen legal move instead of {where} ({move}), then go on in that line"),
    "add_after_tip": N_("play the chosen legal move after {where} ({move}), then go on in that line"),
    "set_on": N_("✓ set comment on move {number}"),
    "glyph_on": N_("glyph on move {number}"),
    "promote": N_("▲ promote"),
    "demote": N_("▼ demote"),
    "delete": N_("✕ delete line"),
    "undo": N_("↶ undo"),
    "redo": N_("↷ redo"),
    "save": N_("save"),
    "save_tip": N_("save to this file (.durak: the notation; .json: the JSON form), atomically"),
    "path": N_("file"),
    "default_path": "annotated.durak",
    "main": N_("main line"),
    "the_main": N_("the main line"),
    "line": N_("line {name}"),
    "start": N_("the start"),
    "annotating": N_("<b>{line}</b> · annotating {where}: {move}"),
    "no_move": N_("<b>{line}</b> · the game has no moves yet: the comment before the start is the game's comment"),
    "one": N_("{name}: {move}"),
    "in_line": N_("{move} (in a line: step along it)"),
    "done": N_("done: {what}"),
    "undone": N_("undone: {what}"),
    "redone": N_("redone: {what}"),
    "saved": N_("saved to {path}"),
    "refused": N_("refused: {why}"),
    "file_refused": N_("{file}: {why}"),
    "off": N_("annotating is off: {why}"),
}


#: The over-the-board replayer's choice of what the open hands show (translated at use).
LATER_WORDS = {
    "later": N_("everything known later"),
    "later_tip": N_(
        "also the cards the recording places in a hand only because they are laid or seen later"
        " (a spoiler at the table): by default a hand shows what was known at that moment"
    ),
}


#: The glyph buttons' tooltips, in the order of the buttons (none, then GLYPHS).
GLYPH_TIPS = (
    N_("no glyph"),
    N_("good move"),
    N_("mistake"),
    N_("brilliant move"),
    N_("blunder"),
    N_("interesting move"),
    N_("dubious move"),
)


#: The puzzle's words (:class:`PuzzleQuestion`, ``ReplayerWidget(..., puzzle=True)`` and the
#: exported page's puzzle mode), plain text, translated at use (``_(PUZZLE_WORDS[key])``).
PUZZLE_WORDS = {
    # TRANSLATORS: the puzzle's question at a move; {name} is the player to act
    "ask": N_("Your move for {name}: what would you play?"),
    # TRANSLATORS: {move} is the move played, with the rules behind it
    "right": N_("✔ Right: this is the move played: {move}"),
    # TRANSLATORS: {chosen} is the learner's move, {move} the move played with the rules behind it
    "wrong": N_("✘ Not the move played. You chose: {chosen}. The game went on with: {move}"),
    # TRANSLATORS: a move with no choice: {name} is the player, {move} the move with its rules
    "only": N_("{name} has one legal move here: {move}"),
    "unknown": N_("The move played is not among the legal moves listed here: {move}"),
    # TRANSLATORS: the running score: moves found at the first try of those asked
    "score": N_("{found} of {asked} found"),
    "again": N_("↺ try again"),
    "on": N_("▶ step on"),
    "watch": N_("It is {name}'s move: the choice is shown with every hand open or in {name}'s view."),
    "end": N_("The end of the game."),
    "note": N_(
        "\nPuzzle: at each move choose what you would play; the move played, its comment and its glyph "
        "show once you have chosen."
    ),
    "partial": N_(
        "puzzle mode needs every hand known: this game was played over the board, and its legal moves "
        "would be a guess at the hidden cards"
    ),
}


#: the widget's verdict, set tight: the puzzle panel stays small above the board
_VERDICT_DIV = '<div class="dnb-verdict" style="font-size:13px;line-height:1.35">{}</div>'


class PuzzleQuestion(NamedTuple):
    """The puzzle at frame ``k`` of a replay (:func:`puzzle_question`): what the learner
    is asked before move ``k`` is shown.

    Attributes:
        k: the frame (the position before move ``k``).
        player: the seat of the player to act (the one who made move ``k``).
        choices: the engine's legal moves of that player at frame ``k``, in the engine's
            order (``Game.legal_moves``, never re-derived).
        answer: the index of move ``k`` (the move played) in ``choices``, or ``-1`` when
            it is not there (it should always be).
        labels: each choice in words (``Move.describe``), plain text.
        ask: the question in words (:data:`PUZZLE_WORDS` ``"ask"``).
        move: move ``k`` explained with the rules behind it and its glyph
            (:func:`~durak_nb.explain.explain_move`, no events), plain text.
        comment: the comment after move ``k``, or ``None`` (plain text, never markup).
    """

    k: int
    player: int
    choices: tuple[Move, ...]
    answer: int
    labels: tuple[str, ...]
    ask: str
    move: str
    comment: str | None

    def verdict(self, choice: int) -> str:
        """The words after the learner chose ``choices[choice]``: right (the move played)
        or not, and then which was played, with its rules (plain text).

        Raises:
            IndexError: ``choice`` is not an index of ``choices``.
        """
        if not 0 <= choice < len(self.choices):
            raise IndexError(f"choice {choice} is not in 0..{len(self.choices) - 1}")
        if choice == self.answer:
            return _(PUZZLE_WORDS["right"]).format(move=self.move)
        return _(PUZZLE_WORDS["wrong"]).format(chosen=self.labels[choice], move=self.move)

    @property
    def asked(self) -> bool:
        """Whether the learner is asked at all: the move played is among two or more choices
        (a frame with a single legal move is shown as it is, and not counted)."""
        return self.answer >= 0 and len(self.choices) > 1


def ask_story_html(replay: Replay, k: int) -> str:
    """The story of frame ``k`` as a puzzle shows it before the learner has chosen: the
    frame's story (:func:`.html.story_html`: move ``k - 1`` explained, its glyph and
    comment, the comment before move ``k``) without move ``k``'s words.

    Raises:
        IndexError: ``k`` not in ``0..len(replay)``.
    """
    full = story_html(replay, k)
    n = len(replay)
    if k >= n:
        return full
    glyph = replay.glyph(k - 1) if k > 0 else None
    last = explain_move(replay, k - 1, with_events=False, glyph=glyph) if k > 0 else None
    comment = replay.comment(k - 1) if k > 0 else None
    told = move_html(k, n, last, move_words(replay.move(k), replay.players), comment)
    if not full.startswith(told):  # the story is move_html's, then the comments before
        raise AssertionError(f"the story of frame {k} does not start with its move_html")
    return move_html(k, n, last, None, comment) + full[len(told) :]


def _same_move(legal: Move, played: Move) -> bool:
    """Whether ``played`` (move ``k`` as recorded) is the legal move ``legal``: equal, or
    both the redeal (R5: a listed legal redeal carries no deck, the played one its deck)."""
    if legal == played:
        return True
    return legal._replace(deck=None) == played._replace(deck=None) and legal.deck is None


def puzzle_question(replay: Replay, k: int, legal_moves: Iterable[Move] | None = None) -> PuzzleQuestion:
    """The puzzle at frame ``k`` of ``replay``, in the language in use: the legal moves of
    the player who made move ``k``, as the engine lists them, and the move played.

    Args:
        replay: a replay whose hands are all known (not over the board).
        k: the frame, ``0..len(replay) - 1`` (there is a move to choose).
        legal_moves: the engine's legal moves at ``k`` (``replay.game(k).legal_moves()``),
            when the caller has them already.

    Raises:
        IndexError: ``k`` is not in ``0..len(replay) - 1``.
        ValueError: the replay was played over the board (``Replay.partial``): its legal
            moves are a witness's, a guess at cards nobody saw.
    """
    if replay.partial:
        raise ValueError(_(PUZZLE_WORDS["partial"]))
    if not 0 <= k < len(replay):
        raise IndexError(f"frame {k} has no move to choose: not in 0..{len(replay) - 1}")
    played = replay.move(k)
    legal = replay.game(k).legal_moves() if legal_moves is None else legal_moves
    choices = tuple(m for m in legal if m.player == played.player)
    answer = next((i for i, m in enumerate(choices) if _same_move(m, played)), -1)
    names = replay.players
    return PuzzleQuestion(
        k=k,
        player=played.player,
        choices=choices,
        answer=answer,
        labels=tuple(visible(m.describe(names), keep="\n\t") for m in choices),
        ask=visible(_(PUZZLE_WORDS["ask"]).format(name=names[played.player]), keep="\n\t"),
        move=visible(explain_move(replay, k, with_events=False, glyph=replay.glyph(k)), keep="\n\t"),
        comment=replay.comment(k),
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


#: the kit's own folder: recordings shipped with it (the lessons') are course data
_PACKAGE = Path(__file__).resolve().parent.parent


def _file_of(rec: Recording) -> tuple[bool, list[Recording], int]:
    """Whether saving to the file ``rec`` was read from loses nothing, and, when that
    file is a match holding ``rec``, its games and ``rec``'s place among them (saving
    writes every game); else ``(…, [], 0)``.  A file that does not exist loses nothing; a
    recording shipped with the kit (a lesson's) is never a default to save over."""
    if io.write_form(rec.file) is None:
        return False, [], 0
    if Path(rec.file).resolve().is_relative_to(_PACKAGE):  # the course's recordings are never overwritten
        return False, [], 0
    if not Path(rec.file).exists():
        return True, [], 0
    try:
        games = io.load_games(rec.file)
    except DurakError:
        return False, [], 0
    if games == [rec]:
        return True, [], 0
    for i, game in enumerate(games):
        if len(games) > 1 and game == rec:
            return True, games, i
    return False, [], 0


class ReplayerWidget(widgets.VBox):  # type: ignore[misc]
    """A replayer of one :class:`~durak_nb.replay.Replay` (see the module's text), with
    its lines and, unless ``annotate=False``, the annotation panel.

    Args:
        replay: the replayed recording (its main line, or a side line to start in).
        interval: milliseconds per move while playing (adjustable with :attr:`speed`).
        start: the first frame shown (the position before move ``start``).
        perspective: the view shown first: ``None`` (every hand open), a seat or a name.
        width: one card's width in pixels; ``None``: :func:`~.html.card_width` of the
            number of players (48, or 44 with four or more: the 4-player table within a
            768 px screen, issue 22).
        kernel_buttons: kept for compatibility: the ◀ ▶ buttons are always there (an
            exported page has its own, :mod:`.export`).
        max_moves: the most moves shown (:data:`~.bounds.MAX_REPLAYER_MOVES`, 1,000).
        annotate: show the lines at the current move and the annotation panel
            (comments, glyphs, variations, promote, demote, delete, undo, redo, save:
            :mod:`durak_nb.annotate`); ``False``: the replayer alone.
        path: the file the panel saves to (default: the recording's file when it is a
            ``.durak`` or ``.json`` file, else ``annotated.durak``).
        puzzle: a puzzle (see the module's text): :meth:`choose`, :meth:`try_again`,
            :meth:`question`, :meth:`answered`, :attr:`score`; the widgets :attr:`ask`,
            :attr:`choices`, :attr:`verdict`, :attr:`again`, :attr:`step_on`.  The frames
            before ``start`` count as seen, not asked.

    **The move annotated** is the one that led to the frame shown (move ``k - 1`` at
    frame ``k``; at a line's frame 0, its first move); a variation is added at the
    position shown (it replaces move ``k``, or continues a line at its end).  Every
    edit goes through :attr:`annotator`, then the replay is made again from its
    recording and the frame of the edited move is shown.

    Attributes:
        replay: the line shown now (the main line, or a side line: :meth:`enter_line`).
        annotator: the :class:`~durak_nb.annotate.Annotator` (``None`` without
            ``annotate``, or when the recording cannot be annotated: :attr:`note` says why).
        play: the ``Play`` widget (values ``0..len(replay)``), linked to the slider in
            the browser.
        slider: the move slider: frame ``k`` shows the position before move ``k``.
        speed: milliseconds per move, linked to ``play.interval``.
        goto: the go-to list, one entry per frame (its ``index`` is the frame).
        perspective: the view list: ``'all hands open'``, then each player's view.
        later: over the board only (else ``None``): the choice "everything known later"
            (off by default: the open hands show what was known at that moment,
            :meth:`~durak_nb.replay.Replay.seen_then`).
        back, forward: the ◀ ▶ buttons.
        header: the HTML header: the style sheet, every card face once
            (:func:`.cards_svg.card_defs`), variant, players, title.
        board: the one HTML widget showing the frame (:func:`.html.board_html`), each
            card a ``<use>`` of its face in the header (:func:`.cards_svg.shared_faces`).
        links: the ``jslink``-s (play ↔ slider, speed ↔ play's interval).
        lines: the lines at the move annotated (a ``Select``: the line shown first
            among its alternatives; one click steps into another), ``exit_line`` the
            button back to the line this one branches from.
        note: the line, the move annotated and the last edit's words (or refusal).
        comment, comment_place, set_comment: the comment text, whether it is the
            comment after or before the move, and the button that sets it.
        glyph: the glyph buttons (``none ! ? !! ?? !? ?!``): a click sets the glyph.
        moves, add: the engine's legal moves at the position shown (in a player's
            view, that player's only: the others' would show their hidden cards), and
            the button that plays the chosen one there (a variation, or the line continued).
        promote, demote, delete, undo, redo, save: the edit buttons; ``path`` the
            file :attr:`save` writes.

    Raises:
        ViewBoundError: the replay has more than ``max_moves`` moves (checked first).
        IndexError: ``start`` not in ``0..len(replay)``.
        KeyError: ``perspective`` is not a seat or a name of the game.
        ValueError: ``width`` is not positive; ``puzzle`` with ``annotate``, or for a
            game played over the board.
    """

    def __init__(
        self,
        replay: Replay,
        *,
        interval: int = 800,
        start: int = 0,
        perspective: int | str | None = None,
        width: float | None = None,
        kernel_buttons: bool = True,
        max_moves: int = MAX_REPLAYER_MOVES,
        annotate: bool = False,
        path: str | None = None,
        puzzle: bool = False,
    ) -> None:
        self.lang = get_language()  # the widget's words and card faces stay in it
        replay = in_reader_language(replay)  # the analysis's texts too; the writer's comments as written
        n = len(replay)
        check_moves("the replayer", n, max_moves)
        if not 0 <= start <= n:
            raise IndexError(f"start {start} is not in 0..{n}")
        if width is None:
            width = card_width(len(replay.players))
        if not width > 0:
            raise ValueError(f"width must be positive, not {width!r}")
        if puzzle and replay.partial:
            raise ValueError(_(PUZZLE_WORDS["partial"]))
        if puzzle and annotate:
            raise ValueError("puzzle=True and annotate=True: the panel would show the moves and comments to find")
        self.puzzle = puzzle
        self._path: LinePath = ()
        #: the puzzle's answers: (line, frame) -> [first choice, last choice, trying again]
        self._answers: dict[tuple[LinePath, int], list[Any]] = {}
        self._questions: dict[tuple[LinePath, int], PuzzleQuestion] = {}
        self.found = self.asked = 0
        for k in range(start):  # the frames before the start are given, not asked
            self._answers[((), k)] = [None, None, False]
        view0 = 0 if perspective is None else replay._seat(perspective) + 1
        self.replay = replay
        self.width = width
        self.max_moves = max_moves
        self._parts: dict[int, FrameParts] = {}
        self._caches = new_caches()
        self._quiet = False
        del kernel_buttons
        names = view_names(replay.players, partial=replay.partial)

        self.play = widgets.Play(
            value=start,
            min=0,
            max=n,
            step=1,
            interval=interval,
            description=_("play"),
            show_repeat=False,
            layout=widgets.Layout(width="96px"),
        )
        # the controls take two rows in a projector's 592 px column (issue 22: the table
        # within 768 px): each label as wide as its words, not the library's 80 px.
        # Widgets that look alike share one layout or style model, never changed later:
        # each model is one more message at the start in JupyterLab (36 models are 27)
        slider_style = widgets.SliderStyle(description_width="initial")
        self.slider = widgets.IntSlider(
            value=start,
            min=0,
            max=n,
            step=1,
            description=_("move"),
            continuous_update=True,
            style=slider_style,
            layout=widgets.Layout(width="210px"),
        )
        self.speed = widgets.IntSlider(
            value=interval,
            min=100,
            max=3000,
            step=100,
            description=_("ms/move"),
            continuous_update=False,
            style=slider_style,
            layout=widgets.Layout(width="170px"),
        )
        # each dropdown as wide as its description and longest option at the widgets'
        # 13 px, at most the lesson column (issue 22: «всё, что было известно то[гда]»,
        # «Игра окончена · 118/118 · после хода: Г…» were cut at a fixed width)
        labels = [frame_label(replay, k) for k in range(n + 1)]
        label_style = DescriptionStyle(description_width="initial")
        self.goto = widgets.Dropdown(
            options=[(label, k) for k, label in enumerate(labels)],
            index=start,
            description=_("go to"),
            style=label_style,
            layout=widgets.Layout(width=f"{dropdown_width(_('go to'), labels)}px"),
        )
        self.perspective = widgets.Dropdown(
            options=[(name, v) for v, name in enumerate(names)],
            index=view0,
            description=_("view"),
            style=label_style,
            layout=widgets.Layout(width=f"{dropdown_width(_('view'), names)}px"),
        )
        step_layout, step_style = widgets.Layout(width="3em"), widgets.ButtonStyle()
        self.back = widgets.Button(description="◀", tooltip=_("one move back"), layout=step_layout, style=step_style)
        self.forward = widgets.Button(
            description="▶", tooltip=_("one move forward"), layout=step_layout, style=step_style
        )
        self.back.on_click(lambda _b: self.step(-1))
        self.forward.on_click(lambda _b: self.step(1))
        self.links = (
            widgets.jslink((self.play, "value"), (self.slider, "value")),
            widgets.jslink((self.speed, "value"), (self.play, "interval")),
        )
        rec = replay.recording
        # the header, the board, the legend and the replayer's own box: one plain layout
        plain, html_style = widgets.Layout(), HTMLStyle()
        self.header = widgets.HTML(
            STYLE
            + card_defs()
            + '<div class="dnb-story">'
            + header_html(rec.rules.preset, replay.players, rec.meta)
            + "</div>",
            layout=plain,
            style=html_style,
        )
        # over the board: what was known then by default; "everything known later" (the cards
        # the recording places in a hand because they are laid later) a separate choice
        # (made only for such a game: a full-deck replay has no widget more)
        self.later: widgets.Checkbox | None = None
        if replay.partial:
            self.later = widgets.Checkbox(
                value=False,
                description=_(LATER_WORDS["later"]),
                tooltip=_(LATER_WORDS["later_tip"]),
                indent=False,
                layout=widgets.Layout(width="auto"),
            )
        self.board = widgets.HTML(self._board(start, view0), layout=plain, style=html_style)
        self.legend = widgets.HTML(legend_html(), layout=plain, style=html_style)
        self._shown: tuple[int, int] | None = (start, view0)
        self.slider.observe(self._on_slider, names="value")
        self.goto.observe(self._on_goto, names="index")
        self.perspective.observe(self._on_view, names="index")
        row = [self.back, self.play, self.forward, self.slider, self.speed, self.perspective, self.goto]
        if self.later is not None:
            self.later.observe(self._on_later, names="value")
            row.insert(6, self.later)
        controls = widgets.HBox(
            row,
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("dnb-controls")
        children = [self.header, controls, self.board, self.legend]
        self.annotator: Annotator | None = None
        self._root = replay.root
        if annotate:
            children.insert(3, self._make_panel(replay, start, path))
        if puzzle:
            children.insert(2, self._make_puzzle())
        super().__init__(children, layout=plain)
        self.add_class("dnb-replayer")

    # ------------------------------------------------------------------ the puzzle

    def _make_puzzle(self) -> widgets.Widget:
        """The puzzle's widgets (made once; their values change with the frame): the
        question with the score, the choices (a ``Select``: one click chooses), the
        verdict with the comment after the move, "try again" and "step on"."""
        w = PUZZLE_WORDS
        auto = widgets.Layout(width="auto")
        plain = widgets.ButtonStyle()
        self.ask = widgets.HTML()
        self.choices = widgets.Select(options=[], rows=4, layout=widgets.Layout(width="420px"))
        self.verdict = widgets.HTML(layout=widgets.Layout(max_width="760px"))
        self.again = widgets.Button(description=_(w["again"]), layout=auto, style=plain)
        self.step_on = widgets.Button(description=_(w["on"]), layout=auto, style=plain)
        self.choices.observe(self._on_choice, names="index")
        self.again.on_click(lambda _b: self.try_again())
        self.step_on.on_click(lambda _b: self.step(1))
        for control in (self.play, self.speed):  # playing would show the moves to find
            control.layout.display = "none"
        self._limit = -1
        self._refresh_puzzle()
        box = widgets.Layout()  # one layout for the panel's boxes: fewer widget models
        buttons = widgets.HBox([self.again, self.step_on], layout=box)
        right = widgets.VBox([self.verdict, buttons], layout=box)
        panel = widgets.VBox([self.ask, widgets.HBox([self.choices, right], layout=box)], layout=box)
        panel.add_class("dnb-puzzle")
        return panel

    def question(self, k: int | None = None) -> PuzzleQuestion | None:
        """The puzzle at frame ``k`` of the line shown (default: the frame shown), or
        ``None`` at the end (:func:`puzzle_question`; made once, then kept).

        Raises:
            IndexError: ``k`` not in ``0..len(replay)``.
        """
        k = self.index if k is None else k
        n = len(self.replay)
        if not 0 <= k <= n:
            raise IndexError(f"frame {k} is not in 0..{n}")
        if k == n:
            return None
        key = (self._path, k)
        got = self._questions.get(key)
        if got is None:
            with language(self.lang):
                got = self._questions[key] = puzzle_question(self.replay, k)
        return got

    def answered(self, k: int | None = None) -> bool:
        """Whether frame ``k`` (default: the frame shown) shows its move: the learner has
        chosen there (and is not trying again), or there is nothing to choose (the end,
        a single legal move), or the replayer is no puzzle."""
        k = self.index if k is None else k
        if not self.puzzle:
            return True
        q = self.question(k)
        if q is None or not q.asked:
            return True
        a = self._answers.get((self._path, k))
        return a is not None and not a[2]

    def _frontier(self) -> int:
        """The last frame the learner may see: every frame before it answered."""
        k, n = 0, len(self.replay)
        while k < n and self.answered(k):
            k += 1
        return k

    @property
    def score(self) -> tuple[int, int]:
        """The puzzle's score: ``(found, asked)``, the moves found at the first try of the
        moves chosen (a frame with a single legal move is not asked)."""
        return self.found, self.asked

    def choose(self, i: int) -> None:
        """Choose ``question().choices[i]`` at the frame shown: the verdict, the move
        played with its rules, its comment and glyph show; the first choice at a frame counts.

        Raises:
            ValueError: no puzzle, or nothing to choose at the frame shown.
            IndexError: no choice ``i``.
        """
        q = self.question() if self.puzzle else None
        if q is None or not q.asked:
            raise ValueError(f"nothing to choose at frame {self.index}")
        if not 0 <= i < len(q.choices):
            raise IndexError(f"choice {i} is not in 0..{len(q.choices) - 1}")
        key = (self._path, self.index)
        a = self._answers.get(key)
        if a is None:
            a = self._answers[key] = [i, i, False]
            self.asked += 1
            self.found += i == q.answer
        a[1], a[2] = i, False
        self._shown = None
        self._redraw()

    def try_again(self) -> None:
        """Choose again at the frame shown (the first choice still counts).

        Raises:
            ValueError: nothing was chosen at the frame shown.
        """
        a = self._answers.get((self._path, self.index))
        if a is None or a[1] is None:
            raise ValueError(f"nothing was chosen at frame {self.index}")
        a[2] = True
        self._shown = None
        self._redraw()

    @in_own_language
    def _refresh_puzzle(self) -> None:
        """Set the puzzle's values for the frame shown (values only: no widget is made)."""
        if not self.puzzle:
            return
        w = PUZZLE_WORDS
        most = self._frontier()
        self._quiet = True
        try:
            if most != self._limit:  # the slider and the go-to list reach the frames answered
                self._limit = most
                self.slider.max = self.play.max = most
                self.goto.options = [(frame_label(self.replay, j), j) for j in range(most + 1)]
                self.goto.index = min(self.index, most)
            q = self.question()
            a = self._answers.get((self._path, self.index))
            score = esc(_(w["score"]).format(found=self.found, asked=self.asked))
            ask, verdict, options, index, show_buttons = "", "", [], None, False
            if q is None:
                ask = esc(_(w["end"]))
            elif not q.asked:
                key = "only" if q.answer >= 0 else "unknown"
                verdict = esc(_(w[key]).format(name=self.replay.players[q.player], move=q.move))
                show_buttons = True
            elif a is None and self.view not in (0, q.player + 1):
                ask = esc(_(w["watch"]).format(name=self.replay.players[q.player]))
            else:
                ask = esc(q.ask)
                options = list(q.labels)
                if a is not None and not a[2]:
                    index = a[1]
                    # a[1] None: a frame before the start, given, not asked
                    verdict = esc(q.move) if a[1] is None else esc(q.verdict(a[1]))
                    show_buttons = True
            if q is not None and show_buttons and q.comment:
                verdict += f'<div class="dnb-comment">{esc(q.comment)}</div>'
            self.ask.value = f'<b>{ask}</b> <span class="dnb-none">{score}</span>'
            self.choices.options = options
            self.choices.index = index
            self.choices.rows = max(2, min(8, len(options)))
            self.choices.disabled = index is not None or not options
            self.verdict.value = _VERDICT_DIV.format(verdict) if verdict else ""
            wrong = a is not None and not a[2] and a[1] is not None and q is not None and a[1] != q.answer
            self.again.layout.display = None if wrong else "none"
            self.step_on.layout.display = None if show_buttons and q is not None else "none"
        finally:
            self._quiet = False

    def _on_choice(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        self.choose(int(change["new"]))

    # ------------------------------------------------------------------ frames

    @in_own_language
    def parts(self, k: int) -> FrameParts:
        """Every part of frame ``k`` of the line shown (made when first asked for, then kept).

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
        """Every part of every frame of the line shown (:func:`.html.replayer_frames`),
        made when first asked for: what an exported page holds."""
        return replayer_frames(self.replay, width=self.width, max_moves=self.max_moves)

    @in_own_language
    def _board(self, k: int, view: int) -> str:
        parts = self.parts(k)
        players = len(self.replay.players)
        hide = not self.answered(k)

        def slot(name: str) -> str:
            if hide and name == "story":  # the move to find is not told
                return ask_story_html(self.replay, k)
            if hide and name == "turn":  # nor the list of legal moves: they are the choices
                return ""
            return frame_slot(parts, view, name, later=self.known_later)

        board = shared_faces(board_html(players, view, slot))
        return board + ("" if hide else self.evaluation(k, view))

    def evaluation(self, k: int | None = None, view: int | None = None) -> str:
        """The evaluation strip at frame ``k`` in view ``view`` (default: the ones shown;
        :func:`.evalgraph.eval_html`: the sparkline of the analysis's figures with move
        ``k`` marked, and the best move at move ``k`` in words), or ``''`` when the
        recording carries no analysis (``meta["analysis"]``, :func:`durak_nb.analysis.analyse`)
        or a side line is shown (the figures are the main line's).  In a player's view
        the words are shown only at that player's own moves (a better move may hold a
        card the viewer cannot know)."""
        k = self.index if k is None else k
        view = self.view if view is None else view
        line = self.replay
        if line.parent is not None:
            return ""
        figures = figures_of(line.recording.meta, len(line))
        if figures is None:
            return ""
        names = line.players
        # the tooltips name a move only where the viewer may read it: every move in the
        # open view; in a player's view the moves played so far and the viewer's own
        # (another player's move to come would name a card the viewer cannot see)
        moves: list[str | None] = [
            line.move(j).describe(names) if view == 0 or j < k or line.move(j).player == view - 1 else None
            for j in range(len(line))
        ]
        if k >= len(line):
            return eval_html(figures, k, names=names, move=None, mover=None, node=None, moves=moves)
        move = line.move(k)
        if view not in (0, move.player + 1):
            hidden = _(EVAL_WORDS["hidden"]).format(name=names[move.player])
            return eval_html(
                figures,
                k,
                names=names,
                move=move.describe(names),
                mover=names[move.player],
                node=None,
                words=hidden,
                moves=moves,
            )
        node = line.tree.mainline()[k]
        return eval_html(
            figures, k, names=names, move=move.describe(names), mover=names[move.player], node=node, moves=moves
        )

    def _redraw(self) -> None:
        now = (self.index, self.view)
        if now != self._shown:
            self._shown = now
            self.board.value = self._board(*now)
            self._refresh_panel()
            self._refresh_puzzle()

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._message = ""  # the last edit's words stay until the frame changes
        if self.goto.index != change["new"]:
            self.goto.index = change["new"]
        self._redraw()

    def _on_goto(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"] is not None and self.slider.value != change["new"]:
            self.slider.value = change["new"]

    def _on_view(self, _change: dict[str, Any]) -> None:
        self._redraw()

    def _on_later(self, _change: dict[str, Any]) -> None:
        self._shown = None  # the same frame and view, other cards: draw it again
        self._redraw()

    # ------------------------------------------------------------------ state

    @property
    def index(self) -> int:
        """The frame shown: the position before move ``index`` of the line shown."""
        return int(self.slider.value)

    @property
    def known_later(self) -> bool:
        """Over the board: whether the open hands show everything known later (the
        :attr:`later` choice), not what was known then (the default)."""
        return self.later is not None and bool(self.later.value)

    @property
    def view(self) -> int:
        """The view shown: 0 = every hand open, ``s + 1`` = seat ``s``'s view."""
        return int(self.perspective.index)

    def step(self, delta: int) -> None:
        """Move the slider by ``delta`` moves (clamped to ``0..len(replay)``; in a puzzle,
        to the frames answered: a move is shown once chosen)."""
        most = self._frontier() if self.puzzle else len(self.replay)
        self.slider.value = max(0, min(most, self.index + delta))

    def show(self, k: int, view: int | None = None) -> None:
        """Show frame ``k`` of the line shown (and view ``view``, if given).

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
        later = self.known_later and bool(p.later_cards)
        opened = p.later_cards if later else p.open_cards
        return Shown(
            captions=tuple((p.later_captions[s] if later and v in (0, s + 1) else p.captions[s]) for s in seats),
            cards=tuple(opened[s] if v in (0, s + 1) else p.public_cards[s] for s in seats),
            table=p.table,
            stock=p.stock,
            turn=p.turn[v] if self.answered(k) else "",
            story=(p.stories[v] if p.stories else p.story) if self.answered(k) else ask_story_html(self.replay, k),
            events=p.events[v],
            result=p.result,
        )

    # ------------------------------------------------------------------ lines

    @property
    def line(self) -> str:
        """The line shown, in words: ``'main line'`` or e.g. ``'12.1 > 3.2'``."""
        return path_text(self._path)

    @in_own_language
    def show_line(self, path: LinePath, k: int = 0) -> None:
        """Show frame ``k`` of the line at ``path`` (``()``: the main line; ``((12, 1),)``:
        side line 1 replacing move 12, :meth:`Replay.enter <durak_nb.replay.Replay.enter>`).

        Raises:
            IndexError: no such line, or ``k`` not in ``0..len(line)``.
            ViewBoundError: the line has more than ``max_moves`` moves.
        """
        self._message = ""
        try:
            line = self._enter(path)
        except IndexError:
            if self.annotator is None or not path:
                raise
            # a replay made without its side lines (variations=False): make it with them
            self._root = Replay(self.annotator.recording(), snapshot_every=self._root.snapshot_every)
            line = self._enter(path)
        n = len(line)
        check_moves("the replayer", n, self.max_moves)
        if not 0 <= k <= n:
            raise IndexError(f"frame {k} is not in 0..{n}")
        changed = line is not self.replay
        self.replay = line
        self._path = tuple(path)
        if changed:
            self._limit = -1
            self._parts = {}
            self.__dict__.pop("frames", None)
            self._quiet = True
            try:
                self.slider.value = 0
                self.play.value = 0
                self.slider.max = self.play.max = n
                self.goto.options = [(frame_label(line, j), j) for j in range(n + 1)]
                self.goto.index = k
                self.slider.value = k
                self.play.value = k
            finally:
                self._quiet = False
            self._shown = None
            self._redraw()
        else:
            self.show(k)
            self._redraw()
            self._refresh_panel()

    def _enter(self, path: LinePath) -> Replay:
        line = self._root
        for step in path:
            line = line.enter(*step)
        return line

    def enter_line(self, i: int) -> None:
        """Step into line ``i`` of :attr:`lines` (the alternatives at the move annotated,
        in their order; the line shown is among them): its frame after that move.

        Raises:
            IndexError: no line ``i`` there.
        """
        node = self.current_node()
        if node.parent is None or not 0 <= i < len(node.parent.variations):
            raise IndexError(f"line {i} is not among the {len(self.lines.options)} lines here")
        self.show_node(node.parent.variations[i])

    def exit_to_parent(self) -> None:
        """Step back to the line this one branches from, at the frame after the move it
        replaces.

        Raises:
            ValueError: the main line is shown.
        """
        if not self._path:
            raise ValueError("the main line does not branch from another line")
        k, _i = self._path[-1]
        self.show_line(self._path[:-1], k + 1)

    def show_node(self, node: GameNode) -> None:
        """Show the frame after ``node``'s move, in the line it lies on (the root: the
        main line's frame 0)."""
        if node.parent is None:
            self.show_line((), 0)
        else:
            self.show_line(line_path(node), node.ply + 1)

    def current_node(self) -> GameNode:
        """The node of the move annotated: move ``index - 1`` of the line shown (at
        frame 0, the line's first move; the root for a game without moves).

        Raises:
            ValueError: no :attr:`annotator`.
        """
        nodes = self._nodes()
        if not nodes:
            return self._tree_root()
        return nodes[max(self.index, 1) - 1]

    def position_node(self) -> GameNode:
        """The node after which the position shown stands (where :attr:`add` plays)."""
        nodes = self._nodes()
        if self.index > 0:
            return nodes[self.index - 1]
        if nodes and nodes[0].parent is not None:
            return nodes[0].parent
        return self._tree_root()

    def _tree_root(self) -> GameNode:
        return self._annotator().tree.root

    def _nodes(self) -> list[GameNode]:
        return line_nodes(self._annotator().tree, self._path)

    # ------------------------------------------------------------------ the panel

    def _make_panel(self, replay: Replay, start: int, path: str | None) -> widgets.Widget:
        w = PANEL_WORDS
        # the panel's buttons share one layout and one style: fewer widget models
        auto = widgets.Layout(width="auto")
        plain = widgets.ButtonStyle()

        def button(key: str, tip: str | None = None) -> widgets.Button:
            return widgets.Button(description=_(w[key]), tooltip=_(w[tip]) if tip else None, layout=auto, style=plain)

        tight = {"description_width": "initial"}
        self.note = widgets.HTML(layout=widgets.Layout(width="auto"))
        self.lines = widgets.Select(
            options=[],
            rows=2,
            description=_(w["lines"]),
            tooltip=_(w["lines_tip"]),
            style=tight,
            # the list and the comment box take the room their rows leave, down to what
            # their words need: the panel is a note and three rows at 1366 px (issue 22)
            layout=widgets.Layout(width="auto", flex="1 1 320px", max_width="480px"),
        )
        self.exit_line = button("back_main")
        self.comment = widgets.Textarea(
            rows=2, layout=widgets.Layout(width="auto", flex="1 1 160px", min_width="160px", max_width="360px")
        )
        self.comment_place = widgets.ToggleButtons(
            options=[(_(w["after"]), "after"), (_(w["before"]), "before")],
            value="after",
            style={"button_width": "auto"},
        )
        self.set_comment = button("set", "set_tip")
        self.glyph = widgets.ToggleButtons(
            options=[(_(w["no_glyph"]), ""), *((g, g) for g in GLYPHS)],
            value="",
            tooltips=[_(tip) for tip in GLYPH_TIPS],
            style={"button_width": "2.6em", "description_width": "initial"},
        )
        self.moves = widgets.Dropdown(
            options=[], description=_(w["moves"]), style=tight, layout=widgets.Layout(width="260px")
        )
        self.add = button("add_start", "add_tip")  # its words are set per frame (_label_actions)
        self.promote = button("promote")
        self.demote = button("demote")
        self.delete = button("delete")
        self.undo = button("undo")
        self.redo = button("redo")
        rec = replay.root.recording
        safe, match, index = _file_of(rec)
        if path is None:
            path = rec.file if safe else w["default_path"]
        self.path = widgets.Text(
            value=path, description=_(w["path"]), style=tight, layout=widgets.Layout(width="180px")
        )
        self.save = button("save", "save_tip")
        self._message = ""
        self._moves_here: list[Move] = []
        # the move whose comment the text box shows, and the text put there: anything
        # else in the box is the learner's typing, kept while that move stays annotated
        self._comment_for: tuple[GameNode | None, str] = (None, "")
        try:
            self.annotator = Annotator(rec, match=match, index=index)
        except DurakError as exc:
            self._message = _(w["off"]).format(why=esc(exc.message))
        # the line the widget was given (a side line entered with i = 0 lies on its parent line)
        steps: list[tuple[int, int]] = []
        offset = 0
        for k, i in replay.path:
            if i == 0:
                offset += k
            else:
                steps.append((offset + k, i))
                offset = 0
        self._path = tuple(steps)
        if offset:  # the same position, on the whole line
            self.show_line(self._path, offset + start)
        self.lines.observe(self._on_lines, names="index")
        self.comment_place.observe(lambda _c: self._refresh_panel(), names="value")
        self.glyph.observe(self._on_glyph, names="value")
        self.exit_line.on_click(lambda _b: self._act(self.exit_to_parent))
        self.set_comment.on_click(lambda _b: self._edit(self._set_comment))
        self.add.on_click(lambda _b: self._edit(self._add))
        self.promote.on_click(lambda _b: self._edit(lambda: self._line_edit("promote")))
        self.demote.on_click(lambda _b: self._edit(lambda: self._line_edit("demote")))
        self.delete.on_click(lambda _b: self._edit(lambda: self._line_edit("remove")))
        self.undo.on_click(lambda _b: self._edit(self._undo))
        self.redo.on_click(lambda _b: self._edit(self._redo))
        self.save.on_click(lambda _b: self._act(self._save))
        row = {"flex_flow": "row wrap", "align_items": "center"}
        first = [self.lines, self.exit_line, self.glyph]
        second = [self.comment_place, self.comment, self.set_comment, self.path, self.save]
        third = [self.moves, self.add, self.promote, self.demote, self.delete, self.undo, self.redo]
        panel = widgets.VBox(
            [self.note, *(widgets.HBox(r, layout=widgets.Layout(**row)) for r in (first, second, third))]
        )
        panel.add_class("dnb-annotate")
        if self.annotator is None:
            for control in self._controls():
                control.disabled = True
            self.note.value = self._message
        else:
            self._refresh_panel()
        return panel

    def _controls(self) -> list[widgets.Widget]:
        return [
            self.lines,
            self.exit_line,
            self.comment,
            self.comment_place,
            self.set_comment,
            self.glyph,
            self.moves,
            self.add,
            self.promote,
            self.demote,
            self.delete,
            self.undo,
            self.redo,
            self.path,
            self.save,
        ]

    @in_own_language
    def _refresh_panel(self) -> None:
        """Set the panel's values for the frame and line shown (values only: no widget
        is made or dropped)."""
        a = self.annotator
        if a is None:
            return
        w = PANEL_WORDS
        names = a.players
        node = self.current_node()
        pos = self.position_node()
        line = _(w["main"]) if not self._path else _(w["line"]).format(name=path_text(self._path))
        self._quiet = True
        try:
            if node.parent is None:
                head = _(w["no_move"]).format(line=esc(line))
                self.lines.options = []
            else:
                words = node.move.describe(names) if node.move is not None else ""
                mark = f" {node.glyph}" if node.glyph else ""
                head = _(w["annotating"]).format(line=esc(line), where=esc(where(node)), move=esc(words + mark))
                alts = node.parent.variations
                self.lines.options = [(self._line_label(c), j) for j, c in enumerate(alts)]
                self.lines.index = alts.index(node)
                self.lines.rows = max(2, min(4, len(alts)))
            self.note.value = head + (f"<br>{self._message}" if self._message else "")
            self.exit_line.disabled = not self._path
            up = self._path[:-1]
            to = _(w["the_main"]) if not up else _(w["line"]).format(name=path_text(up))
            self.exit_line.description = _(w["back"]).format(line=to) if self._path else _(w["back_main"])
            before = self.comment_place.value == "before"
            text = (node.comment_before if before else node.comment_after) or ""
            shown_for, shown = self._comment_for
            if shown_for is not node or self.comment.value == shown:  # no text typed and not yet set here
                self.comment.value = text
            self._comment_for = (node, text)
            self.comment.placeholder = _(w["placeholder"]).format(
                move=where(node) if node.parent is not None else _(w["start"])
            )
            self.comment.disabled = self.set_comment.disabled = node.parent is None and (not before)
            self.glyph.value = node.glyph or ""
            self.glyph.disabled = node.parent is None
            self._label_actions(node, pos)
            legal = a.legal_moves(pos)
            if self.view > 0:  # a player's view: only their own moves (the others' would show hidden cards)
                legal = [m for m in legal if m.player == self.view - 1]
            self._moves_here = legal
            self.moves.options = [
                (_(w["in_line"]).format(move=m.describe(names)) if pos.has_variation(m) else m.describe(names), j)
                for j, m in enumerate(legal)
            ]
            fresh = [j for j, m in enumerate(legal) if not pos.has_variation(m)]
            self.moves.index = (fresh or [0])[0] if legal else None
            self.moves.disabled = self.add.disabled = not legal
            start = node.line_start()
            side = start.parent is not None
            self.promote.disabled = self.delete.disabled = not side
            self.demote.disabled = not side or start.parent is None or start.parent.variations[-1] is start
            self.undo.disabled = not a.can_undo
            self.redo.disabled = not a.can_redo
        finally:
            self._quiet = False

    def _label_actions(self, node: GameNode, pos: GameNode) -> None:
        """Say on each action which move it applies to, as people count moves
        (:func:`~durak_nb.numbering.move_number`, the same numbers as the header's
        :func:`~durak_nb.annotate.where`): the comment and the glyph go on ``node``, the
        move annotated; a variation played from ``pos`` replaces the next move of the
        line shown, or continues the line after its last move."""
        w = PANEL_WORDS
        names = self.replay.players
        if node.parent is None:
            self.set_comment.description = _(w["set"])
            self.glyph.description = _(w["glyph"])
        else:
            number = move_number(node.ply)
            self.set_comment.description = _(w["set_on"]).format(number=number)
            self.glyph.description = _(w["glyph_on"]).format(number=number)
        nodes = self._nodes()
        following = nodes[self.index] if self.index < len(nodes) else None  # the move after ``pos`` in the line shown
        if following is not None and following.move is not None:
            there = where(following, after=True)  # the form after a preposition ("instead of", "after")
            if line_path(following) == line_path(pos) or pos.parent is None:
                label = _(w["add_instead"]).format(number=move_number(following.ply))
            else:  # the next move starts a side line: name it whole
                label = _(w["add_instead_of"]).format(where=there)
            tip = _(w["add_instead_tip"]).format(where=there, move=following.move.describe(names))
        elif pos.parent is not None and pos.move is not None:
            label = _(w["add_after"]).format(number=move_number(pos.ply))
            tip = _(w["add_after_tip"]).format(where=where(pos, after=True), move=pos.move.describe(names))
        else:
            label, tip = _(w["add_start"]), _(w["add_tip"])
        self.add.description = label
        self.add.tooltip = tip

    @in_own_language
    def _line_label(self, child: GameNode) -> str:
        """A line at a branch, plain text: ``'12.1: Boris covers 7♠ with 8♠ … (6 moves)'``."""
        names = self.replay.players
        name = path_text(line_path(child))
        move = child.move.describe(names) if child.move is not None else ""
        n = 1 + len(child.mainline())
        if n > 1:
            return ngettext("{name}: {move} … ({n} moves)", "{name}: {move} … ({n} moves)", n).format(
                name=name, move=move, n=n
            )
        return _(PANEL_WORDS["one"]).format(name=name, move=move)

    def _on_lines(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        self._act(lambda: self.enter_line(int(change["new"])))

    def _on_glyph(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        value = change["new"] or None
        self._edit(lambda: self._set_glyph(value))

    # ------------------------------------------------------------------ edits

    @in_own_language
    def _act(self, action: Callable[[], None]) -> None:
        """Run ``action``; a refusal is shown in :attr:`note` (words, never a traceback)."""
        try:
            action()
        except (DurakError, IndexError, ValueError) as exc:
            why = exc.message if isinstance(exc, DurakError) else str(exc)
            if isinstance(exc, RecordingError) and exc.whole:  # a save error: the file, once
                why = _(PANEL_WORDS["file_refused"]).format(file=exc.file, why=why)
            self._message = _(PANEL_WORDS["refused"]).format(why=esc(why))
            self._refresh_panel()

    def _edit(self, action: Callable[[], tuple[str, GameNode] | None]) -> None:
        """Run the edit ``action`` (it answers the words of what was done and the node
        to show), make the replay again from the annotator's recording and show it."""

        def run() -> None:
            got = action()
            if got is None:
                self._refresh_panel()
                return
            message, focus = got
            self._rebuild()
            self.show_node(focus)
            self._message = esc(message)
            self._refresh_panel()

        self._act(run)

    @in_own_language
    def _rebuild(self) -> None:
        a = self.annotator
        assert a is not None
        self._root = Replay(a.recording(), snapshot_every=self._root.snapshot_every)
        self.replay = self._root
        self._path = ()
        self._parts = {}
        self.__dict__.pop("frames", None)
        self._shown = None
        # the replay is new: show_node re-enters the line and sets every value
        self._quiet = True
        try:
            n = len(self._root)
            self.slider.value = self.play.value = 0
            self.slider.max = self.play.max = n
            self.goto.options = [(frame_label(self._root, j), j) for j in range(n + 1)]
        finally:
            self._quiet = False

    def _changed(self, version: int, focus: GameNode | None = None) -> tuple[str, GameNode] | None:
        """The words of the edit just made and the node to show, or ``None`` when the
        annotator recorded nothing (the edit changed nothing)."""
        a = self.annotator
        assert a is not None
        edit = a.last_edit
        if a.version == version or edit is None:
            return None
        return _(PANEL_WORDS["done"]).format(what=edit.what), edit.done if focus is None else focus

    def _set_glyph(self, glyph: str | None) -> tuple[str, GameNode] | None:
        a = self._annotator()
        version = a.version
        a.set_glyph(self.current_node(), glyph)
        return self._changed(version)

    def _set_comment(self) -> tuple[str, GameNode] | None:
        a = self._annotator()
        version = a.version
        a.set_comment(self.current_node(), self.comment.value or None, before=self.comment_place.value == "before")
        return self._changed(version)

    def _add(self) -> tuple[str, GameNode] | None:
        a = self._annotator()
        j = self.moves.value
        if j is None:
            return None
        version = a.version
        if self.index == len(self.replay):  # the line grows by one: within the replayer's bound
            check_moves("the replayer", len(self.replay) + 1, self.max_moves)
        node = a.play(self.position_node(), self._moves_here[int(j)])
        got = self._changed(version, node)
        if got is None:  # the move was already a line there: step along it
            self._message = ""
            self.show_node(node)
        return got

    def _line_edit(self, verb: str) -> tuple[str, GameNode] | None:
        a = self._annotator()
        version = a.version
        getattr(a, verb)(self.current_node())
        return self._changed(version)

    def _undo(self) -> tuple[str, GameNode] | None:
        edit = self._annotator().undo()
        return _(PANEL_WORDS["undone"]).format(what=edit.what), edit.undone

    def _redo(self) -> tuple[str, GameNode] | None:
        edit = self._annotator().redo()
        return _(PANEL_WORDS["redone"]).format(what=edit.what), edit.done

    def _annotator(self) -> Annotator:
        if self.annotator is None:
            raise ValueError("the replayer was made with annotate=False")
        return self.annotator

    def _save(self) -> None:
        target = self._annotator().save(Path(self.path.value).expanduser())  # ~ as a shell reads it
        self._message = _(PANEL_WORDS["saved"]).format(path=esc(str(target)))
        self._refresh_panel()

    def __repr__(self) -> str:
        return f"<ReplayerWidget of {self.replay!r}, frame {self.index}>"
