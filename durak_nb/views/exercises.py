"""Exercise widgets for the lessons: the learner answers, the engine judges.

Every exercise is an ``ipywidgets.VBox`` with a prompt (with a picture of the cards),
one button per option and a feedback line.  Clicking a button calls :meth:`Exercise.answer`,
which is also the method API for tests and scripts; it sets :attr:`Exercise.correct`,
:attr:`Exercise.feedback` (plain text) and the ``value`` of the existing feedback widget,
so the widget is built once and updated by value.  Everything shown is escaped HTML (the
buttons' descriptions are plain text by construction).

Every word a learner reads (questions, options, verdicts) is made when the exercise is
made or answered, in the language in use then (:func:`durak_nb.i18n.set_language`).

Nothing here decides a rule: the verdicts come from the engine
(:meth:`Game.why_illegal`, the events of :meth:`Game.play`), and a wrong answer shows
the engine's refusal with its rule id and the rule's text.

* :class:`CanBeat` — "can this card beat that one?" (R6–R8), lesson 1.
* :class:`ChooseLegalMove` — which of these moves is legal now?
* :class:`SpotIllegalThrowIn` — which of these throw-ins is illegal (R11–R13)?
* :class:`PredictDraw` — who draws which cards, in which order (R16)?
* :class:`PredictOutcome` — how does the game end (R24–R27)?

>>> ex = CanBeat("7H", "AS", "H")
>>> ex.options
('Yes, it beats it', 'No, it does not')
>>> ex.answer(1)
False
>>> print(ex.feedback)
✘ It does: 7♥ beats A♠: a trump beats any card of another suit (R6).
>>> ex.answer(0), ex.correct
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as widgets

from ..cards import Card, Suit, card_text, cards_text
from ..engine import Action, Bito, Drew, Game, GameOver, Move, Took
from ..i18n import N_, _, get_language, language, ngettext
from ..lessons.helpers import draw_text, merge_draws, rule_text
from ..rules import Rules
from .cards_svg import card_svg, esc, position_svg

__all__ = [
    "CanBeat",
    "ChooseLegalMove",
    "Exercise",
    "PredictDraw",
    "PredictOutcome",
    "SpotIllegalThrowIn",
]

#: The style of the prompt and the feedback (inserted with each exercise).
EXERCISE_STYLE = (
    "<style>"
    ".dnb-prompt{font-weight:600;margin:4px 0}"
    ".dnb-right{color:#1b5e20;background:#e8f5e9;padding:4px 8px;border-radius:4px}"
    ".dnb-wrong{color:#b71c1c;background:#ffebee;padding:4px 8px;border-radius:4px}"
    # an option's words wrap inside its button, never cut to «…» (a drawing order in
    # words is long: «Віра добирає Д♠, потім Борис добирає 10♦, …», issue 22)
    ".jupyter-widgets.jupyter-button.dnb-option{white-space:normal;height:auto;min-height:28px;max-width:100%;"
    "text-align:left;line-height:1.3;padding-top:4px;padding-bottom:4px}"
    "</style>"
)

#: The rule a legal move of each kind follows, for the feedback on a right answer (a
#: cover names the clause the engine's :meth:`Game.beat_clause` gives: R6, R7 or R8).
_ACTION_RULE = {
    Action.ATTACK: "R9",
    Action.THROW: "R11",
    Action.TRANSFER: "R17",
    Action.DEFEND: "R6",
    Action.TAKE: "R14",
    Action.PASS: "R12",
    Action.REDEAL: "R5",
}


def _rule_line(rule: str) -> str:
    """``'R13: Limits: …'`` for a rule id such as ``R13b``."""
    base = rule.rstrip("abc")
    return f"{base}: {rule_text(base)}"


def feedback_html(correct: bool, text: str) -> str:
    """The feedback ``text`` as escaped HTML, green when ``correct``, red otherwise."""
    cls = "dnb-right" if correct else "dnb-wrong"
    return f'<div class="{cls}">' + "<br>".join(esc(line) for line in text.split("\n")) + "</div>"


class Exercise(widgets.VBox):  # type: ignore[misc]
    """A question with options; subclasses judge an answer with the engine.

    Args:
        prompt: the question (plain text, escaped when shown).
        options: the options' texts (plain text: each becomes a button).
        picture: an SVG or HTML picture made by this package's views (already safe).

    Attributes:
        options: the options' texts.
        buttons: one ``Button`` per option (CSS classes ``dnb-option`` and
            ``dnb-option-<i>``); clicking one answers it.
        prompt_widget: the ``HTML`` widget of the prompt and picture.
        feedback_widget: the ``HTML`` widget of the feedback (class ``dnb-feedback``).
        chosen: the index of the last answer, or ``None``.
        correct: whether the last answer was right, or ``None`` before any.
        feedback: the feedback of the last answer as plain text (``''`` before any).
        language: the language of its words (the one in use when it was made); the
            feedback is in it too.
    """

    def __init__(self, prompt: str, options: Sequence[str], picture: str = "") -> None:
        if len(options) < 2:
            raise ValueError(_("an exercise needs at least two options"))
        self.language = get_language()
        self.prompt = prompt
        self.options = tuple(options)
        self.chosen: int | None = None
        self.correct: bool | None = None
        self.feedback = ""
        self.prompt_widget = widgets.HTML(EXERCISE_STYLE + f'<div class="dnb-prompt">{esc(prompt)}</div>' + picture)
        self.buttons = tuple(
            widgets.Button(description=text, tooltip=text, layout=widgets.Layout(width="auto", max_width="100%"))
            for text in self.options
        )
        for i, button in enumerate(self.buttons):
            button.add_class("dnb-option")
            button.add_class(f"dnb-option-{i}")
            button.on_click(lambda _b, i=i: self.answer(i))
        self.feedback_widget = widgets.HTML("")
        self.feedback_widget.add_class("dnb-feedback")
        options_box = widgets.VBox(list(self.buttons), layout=widgets.Layout(align_items="flex-start"))
        super().__init__([self.prompt_widget, options_box, self.feedback_widget])
        self.add_class("dnb-exercise")

    @property
    def right_answers(self) -> tuple[int, ...]:
        """The indices of the options the engine counts as right."""
        with language(self.language):
            return tuple(i for i in range(len(self.options)) if self._judge(i)[0])

    def answer(self, i: int) -> bool:
        """Answer with option ``i`` (0-based): judge it, show the feedback, return
        whether it was right.  The learner may answer again.

        Raises:
            IndexError: ``i`` is not an option's index.
        """
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self.options):
            raise IndexError(f"option {i!r}: choose 0..{len(self.options) - 1}")
        with language(self.language):
            ok, text = self._judge(i)
        self.chosen, self.correct, self.feedback = i, ok, text
        for j, button in enumerate(self.buttons):
            button.button_style = ("success" if ok else "danger") if j == i else ""
        self.feedback_widget.value = feedback_html(ok, text)
        return ok

    def _judge(self, i: int) -> tuple[bool, str]:  # pragma: no cover - overridden
        raise NotImplementedError


# ----------------------------------------------------------------------------- lesson 1


#: Why a cover beats its card, by the clause the engine names (:meth:`Game.beat_clause`).
_BEAT_REASONS = {
    "R7": N_("the trump six beats the trump ace with the option «trump six beats the ace» (R7)"),
    "R8": N_("in Japanese durak a spade is beaten only by a higher spade (R8)"),
}


def _beat_reason(game: Game, cover: Card, target: Card) -> str:
    """Why ``cover`` beats ``target`` in ``game``, in the words of the clause the engine
    names (R6, R7, R8); asked only once the engine has said that it beats."""
    clause = game.beat_clause(cover, target)
    if clause in _BEAT_REASONS:
        return _(_BEAT_REASONS[clause])
    if cover.suit == target.suit:  # R6's first half: a higher card of the suit
        return _("a higher card of the same suit beats it (R6)")
    return _("a trump beats any card of another suit (R6)")


class CanBeat(Exercise):
    """Can ``card`` beat ``target``?  The engine answers through a two-card position:
    an attacker leads ``target`` at a defender holding ``card`` (R6, R7, R8).

    Args:
        card: the covering card (code or :class:`Card`).
        target: the attack card.
        trump: the trump suit (``'D'`` in japanese durak, R8).
        rules: a :class:`Rules` or preset name, e.g. ``Rules.make("podkidnoy",
            trump_six_beats_ace=True)`` or ``"japanese"``.
        prompt: the question; default "Can 7♥ beat A♠? Trump: ♥."

    Raises:
        ValueError: ``card`` and ``target`` are the same card.
        SetupError: a card not in the deck, or a trump the rules forbid (R8).
    """

    def __init__(
        self,
        card: str | Card,
        target: str | Card,
        trump: str | Suit,
        *,
        rules: Rules | str = "podkidnoy",
        prompt: str | None = None,
    ) -> None:
        self.card, self.target = Card.parse(card), Card.parse(target)
        if self.card == self.target:
            raise ValueError(_("a card cannot cover itself"))
        suit = Suit.parse(trump) if isinstance(trump, str) else Suit(trump)
        self.game = Game.from_position(
            rules,
            ["Attacker", "Defender"],
            hands={"Attacker": [self.target], "Defender": [self.card]},
            talon="",
            trump=suit,
            attacker="Attacker",
            first_bito_done=True,
            bout=2,
            rest_to_discard=True,
        )
        self.game.play(Move.attack(0, [self.target]))
        self.refusal = self.game.why_illegal(Move.defend(1, self.card, self.target))
        r = self.game.rules
        if prompt is None:
            # TRANSLATORS: {card} covers {target}, both cards as 10♥; {suit} is the trump suit's symbol
            prompt = _("Can {card} beat {target}? Trump: {suit}.").format(
                card=card_text(self.card), target=card_text(self.target), suit=suit.symbol
            )
            if r.trump_six_beats_ace:
                prompt += " " + _("Option: the trump six beats the trump ace.")
            if r.japanese:
                prompt += " " + _("Japanese durak: spades are beaten only by higher spades.")
        picture = card_svg(self.target, trump=suit) + " " + card_svg(self.card, trump=suit)
        super().__init__(prompt, (_("Yes, it beats it"), _("No, it does not")), picture)

    @property
    def beats(self) -> bool:
        """The engine's verdict: the defender may cover ``target`` with ``card``."""
        return self.refusal is None

    def _judge(self, i: int) -> tuple[bool, str]:
        said_yes = i == 0
        right = said_yes == self.beats
        c, t = card_text(self.card), card_text(self.target)
        if self.beats:
            reason = _beat_reason(self.game, self.card, self.target)
            if right:
                # TRANSLATORS: {reason} is a clause such as «a trump beats any card of another suit (R6)»
                return True, _("✔ Right: {card} beats {target}: {reason}.").format(card=c, target=t, reason=reason)
            return False, _("✘ It does: {card} beats {target}: {reason}.").format(card=c, target=t, reason=reason)
        if right:
            # TRANSLATORS: {refusal} is the engine's refusal with its rule id: «[R6] 7♠ does not beat A♠: …»
            return True, _("✔ Right: the engine refuses it: {refusal}.").format(refusal=self.refusal)
        return False, _("✘ It does not: the engine refuses it: {refusal}.").format(refusal=self.refusal)


# ----------------------------------------------------------------------------- moves


def _picture(game: Game) -> str:
    return position_svg(game.position(), actors=game.actors())


def _seat(game: Game, player: int | str) -> int:
    return game.seat(player)


def _candidates(game: Game, seat: int) -> list[Move]:
    """Moves ``seat`` might try with the cards in hand (legal or not), for options."""
    hand = game.hands[seat]
    out: list[Move] = []
    uncovered = [a for a, d in zip(game.attack_cards, game.defence_cards, strict=True) if d is None]
    for c in hand:
        if not game.attack_cards:
            out.append(Move.attack(seat, [c]))
        else:
            out.append(Move.throw(seat, [c]))
            out.extend(Move.defend(seat, c, t) for t in uncovered)
            if game.rules.transfers:
                out.append(Move.transfer(seat, [c]))
    out += [Move.take(seat), Move.pass_(seat)]
    return out


def _auto_options(game: Game, seats: Sequence[int], count: int, seed: int) -> list[Move]:
    """One legal move and ``count - 1`` illegal ones (different rules first), shuffled."""
    rng = random.Random(seed)
    legal = [m for m in game.legal_moves() if m.player in seats and len(m.cards) <= 2]
    if not legal:
        # TRANSLATORS: {names} are players' names, separated by commas
        raise ValueError(_("no legal move for {names}").format(names=", ".join(game.players[s] for s in seats)))
    by_rule: dict[str, list[Move]] = {}
    for s in seats:
        for m in _candidates(game, s):
            refusal = game.why_illegal(m)
            if refusal is not None and m not in by_rule.get(refusal.rule, []):
                by_rule.setdefault(refusal.rule, []).append(m)
    picked = [rng.choice(legal)]
    rules = sorted(by_rule)
    rng.shuffle(rules)
    for rule in rules:
        if len(picked) >= count:
            break
        picked.append(rng.choice(by_rule[rule]))
    rest = [m for rule in sorted(by_rule) for m in by_rule[rule] if m not in picked]
    while len(picked) < count and rest:
        picked.append(rest.pop(rng.randrange(len(rest))))
    rng.shuffle(picked)
    return picked


class ChooseLegalMove(Exercise):
    """Which of these moves is legal now?  Checked by :meth:`Game.why_illegal`; a wrong
    answer shows the engine's refusal (rule id and sentence) and the rule's text.

    Args:
        game: the position (copied: later moves on it do not change the exercise).
        player: whose moves the options are (name or seat), for the automatic options
            and the default prompt; ``None``: every player who may act.
        prompt: the question; default "Which of these moves may Boris make now?".
        options: the moves to choose from (legal and illegal); default: one legal move
            of ``player`` and ``count - 1`` illegal ones with the cards in hand,
            chosen with ``random.Random(seed)``.
        count: the number of automatic options.
        seed: the seed of the automatic choice.
        show_position: draw the position above the options.

    Raises:
        ValueError: no option is legal, or fewer than two options.
        KeyError: an unknown player.
    """

    def __init__(
        self,
        game: Game,
        player: int | str | None = None,
        prompt: str | None = None,
        *,
        options: Sequence[Move] | None = None,
        count: int = 4,
        seed: int = 0,
        show_position: bool = True,
    ) -> None:
        self.game = game.copy()
        seats = [_seat(self.game, player)] if player is not None else self.game.actors()
        self.moves = tuple(options) if options is not None else tuple(_auto_options(self.game, seats, count, seed))
        names = self.game.players
        if not any(self.game.why_illegal(m) is None for m in self.moves):
            raise ValueError(_("none of the options is legal: the learner could not answer"))
        if prompt is None:
            if player is None:
                prompt = _("Which of these moves is legal now?")
            else:
                # TRANSLATORS: {name} is a player's name
                prompt = _("Which of these moves may {name} make now?").format(name=names[seats[0]])
        picture = _picture(self.game) if show_position else ""
        super().__init__(prompt, [m.describe(names) for m in self.moves], picture)

    def _judge(self, i: int) -> tuple[bool, str]:
        move = self.moves[i]
        text = move.describe(self.game.players)
        refusal = self.game.why_illegal(move)
        if refusal is None:
            rule = "R20" if move.show else _ACTION_RULE[move.action]
            if move.action is Action.PASS and not self.game.attack_cards:
                rule = "R9"  # english durak: passing the lead
            if move.action is Action.DEFEND and move.target is not None:
                rule = self.game.beat_clause(move.cards[0], move.target) or rule  # R6, R7 or R8: the engine's
            # TRANSLATORS: {move} is the move in words («Boris covers 7♠ with 9♠»); {rule} the rule's id and text
            return True, _("✔ Right: “{move}” is legal. {rule}").format(move=text, rule=_rule_line(rule))
        return False, _("✘ Not legal: “{move}”. The engine refuses it: {refusal}. {rule}").format(
            move=text, refusal=refusal, rule=_rule_line(refusal.rule)
        )


class SpotIllegalThrowIn(Exercise):
    """Which of these throw-ins would the engine refuse (R11 ranks, R12 order, R13
    limits)?  Right: an option :meth:`Game.why_illegal` refuses; the feedback shows why.

    Args:
        game: the position during a bout (copied).
        throws: throw-in moves, at least one of them illegal.
        prompt: the question; default "Which of these throw-ins is illegal?".
        show_position: draw the position above the options.

    Raises:
        ValueError: a move that is not a throw-in, or no illegal option.
    """

    def __init__(
        self,
        game: Game,
        throws: Sequence[Move],
        prompt: str | None = None,
        *,
        show_position: bool = True,
    ) -> None:
        self.game = game.copy()
        self.moves = tuple(throws)
        if any(m.action is not Action.THROW for m in self.moves):
            raise ValueError(_("every option must be a throw-in (Move.throw)"))
        if all(self.game.why_illegal(m) is None for m in self.moves):
            raise ValueError(_("every option is legal: there is nothing to spot"))
        picture = _picture(self.game) if show_position else ""
        names = self.game.players
        super().__init__(
            prompt or _("Which of these throw-ins is illegal?"), [m.describe(names) for m in self.moves], picture
        )

    def _judge(self, i: int) -> tuple[bool, str]:
        move = self.moves[i]
        text = move.describe(self.game.players)
        refusal = self.game.why_illegal(move)
        if refusal is not None:
            return True, _("✔ Right: the engine refuses “{move}”: {refusal}. {rule}").format(
                move=text, refusal=refusal, rule=_rule_line(refusal.rule)
            )
        room = self.game.room()
        # TRANSLATORS: {room} is a number: how many more cards may still be thrown in
        return False, _(
            "✘ “{move}” is legal: the engine accepts it. Look at the ranks on the table (R11), "
            "who may throw in now (R12) and how many more cards may follow: {room} (R13)."
        ).format(move=text, room=room)


# ----------------------------------------------------------------------------- draws


def _simulate(
    order: Sequence[int], need: Sequence[int], talon: Sequence[Card], *, one_at_a_time: bool = False
) -> list[tuple[int, tuple[Card, ...]]]:
    """A refill in a *wrong* order, for the options of :class:`PredictDraw` only (the
    right one always comes from the engine's :class:`Drew` events)."""
    cards = list(talon)
    want = list(need)
    out: list[tuple[int, tuple[Card, ...]]] = []
    if one_at_a_time:
        while cards and any(want[s] > 0 for s in order):
            for s in order:
                if cards and want[s] > 0:
                    out.append((s, (cards.pop(0),)))
                    want[s] -= 1
        return out
    for s in order:
        if cards and want[s] > 0:
            got = cards[: want[s]]
            del cards[: want[s]]
            out.append((s, tuple(got)))
    return out


class PredictDraw(Exercise):
    """Who draws which cards, in which order, when this bout ends?  Checked against the
    engine's :class:`~durak_nb.engine.Drew` events (R16, R3).

    The wrong options are refills in orders people often believe: the defender first,
    the defender in turn at their seat, one card at a time, the turned-up trump first.

    Args:
        game: the position just before the move that ends the bout (copied).
        move: that move; default the only legal move (e.g. the last pass).
        prompt: the question; default "Anna passes and the bout ends. Who draws which
            cards, in which order?".
        seed: orders the options (``random.Random(seed)``).
        show_position: draw the position above the options.

    Raises:
        ValueError: no ``move`` given and more than one legal move; the move does not
            end the bout; nobody draws (the talon is empty); no wrong order differs.
        IllegalMove: the move is illegal.
    """

    def __init__(
        self,
        game: Game,
        move: Move | None = None,
        prompt: str | None = None,
        *,
        seed: int = 0,
        show_position: bool = True,
    ) -> None:
        self.game = game.copy()
        if move is None:
            legal = self.game.legal_moves()
            if len(legal) != 1:
                raise ValueError(
                    ngettext(
                        "{n} legal move: give the move that ends the bout",
                        "{n} legal moves: give the move that ends the bout",
                        len(legal),
                    ).format(n=len(legal))
                )
            move = legal[0]
        self.move = move
        after = self.game.copy()
        events = after.play(move)
        if not any(isinstance(e, Bito | Took) for e in events):
            # TRANSLATORS: {move} is a move in words («Anna passes»)
            raise ValueError(_("{move} does not end the bout").format(move=move.describe(self.game.players)))
        self.draws = tuple((e.player, e.cards) for e in events if isinstance(e, Drew))
        if not self.draws:
            raise ValueError(_("the talon is empty: nobody draws"))
        names = self.game.players
        n = self.game.n
        drawn = {s: len(c) for s, c in self.draws}
        need = [max(0, self.game.rules.hand_size - (len(after.hands[s]) - drawn.get(s, 0))) for s in range(n)]
        first, d = self.game.first_attacker, self.game.defender
        assert first is not None and d is not None
        clockwise = [(first + i) % n for i in range(n)]
        r16 = [s for s in clockwise if s != d] + [d]
        talon = list(self.game.talon)
        wrong = [
            (_("the defender draws last, not first (R16)"), _simulate([d, *r16[:-1]], need, talon)),
            (_("the defender waits until everyone else has drawn (R16)"), _simulate(clockwise, need, talon)),
            (
                _("each player draws all the cards they need at once (R16)"),
                _simulate(r16, need, talon, one_at_a_time=True),
            ),
            (
                _("the turned-up trump is the last card drawn, not the first (R3, R16)"),
                _simulate(r16, need, talon[::-1]),
            ),
        ]
        self.answer_text = self._text(self.draws)
        texts = [self.answer_text]
        self.mistakes: dict[str, str] = {}
        for why, draws in wrong:
            text = self._text(draws)
            if text not in texts:
                texts.append(text)
                self.mistakes[text] = why
        if len(texts) < 2:
            raise ValueError(_("this refill can only happen one way: nothing to predict"))
        random.Random(seed).shuffle(texts)
        self.right = texts.index(self.answer_text)
        if prompt is None:
            # TRANSLATORS: {move} is the move in words («Anna passes»)
            prompt = _("{move}, and the bout ends. Who draws which cards, in which order?").format(
                move=move.describe(names)
            )
        picture = _picture(self.game) if show_position else ""
        super().__init__(prompt, texts, picture)

    def _text(self, draws: Sequence[tuple[int, tuple[Card, ...]]]) -> str:
        names = self.game.players
        return draw_text([(names[s], cards_text(cards)) for s, cards in merge_draws(draws)])

    def _judge(self, i: int) -> tuple[bool, str]:
        size = self.game.rules.hand_size
        rule = ngettext(
            "R16: the bout's first attacker draws first, then the others clockwise, the defender last; "
            "each draws up to {size} at once, and the turned-up trump is the last card drawn.",
            "R16: the bout's first attacker draws first, then the others clockwise, the defender last; "
            "each draws up to {size} at once, and the turned-up trump is the last card drawn.",
            size,
        ).format(size=size)
        if i == self.right:
            # TRANSLATORS: {said} is the right answer in words; {rule} the rule's id and text
            return True, _("✔ Right: {said}. {rule}").format(said=self.answer_text, rule=rule)
        why = self.mistakes[self.options[i]]
        # TRANSLATORS: {why} is the learner's mistake; {said} the refill as the engine makes it
        return False, _("✘ Not so: {why}. The engine's refill: {said}. {rule}").format(
            why=why, said=self.answer_text, rule=rule
        )


# ----------------------------------------------------------------------------- outcome


class PredictOutcome(Exercise):
    """How does the game end after these moves?  Checked against the engine's result
    (R24–R27).

    Args:
        game: the position (copied).
        moves: moves that end the game.
        prompt: the question; default "After these moves, who is the durak?".
        show_position: draw the position above the options.

    Raises:
        ValueError: the moves do not end the game, or a team game (R22).
        IllegalMove: a move the engine refuses.
    """

    def __init__(
        self,
        game: Game,
        moves: Sequence[Move],
        prompt: str | None = None,
        *,
        show_position: bool = True,
    ) -> None:
        self.game = game.copy()
        if self.game.rules.teams is not None:
            raise ValueError(_("PredictOutcome asks for a durak: not for a team game (R22)"))
        after = self.game.copy()
        events: list[object] = []
        for m in moves:
            events = list(after.play(m))
        over = [e for e in events if isinstance(e, GameOver)]
        if not over:
            raise ValueError(_("these moves do not end the game"))
        self.result = over[0].result
        names = self.game.players
        self.in_play = [s for s in range(self.game.n) if s not in self.game.out_order]
        # TRANSLATORS: {name} is a player's name
        options = [_("{name} is the durak").format(name=names[s]) for s in self.in_play] + [_("Nobody: a draw")]
        self.right = len(self.in_play) if self.result.durak is None else self.in_play.index(self.result.durak)
        if prompt is None:
            said = "; ".join(m.describe(names) for m in moves)
            # TRANSLATORS: {moves} are moves in words, separated by «; »
            prompt = _("{moves}. How does the game end?").format(moves=said)
        picture = _picture(self.game) if show_position else ""
        super().__init__(prompt, options, picture)

    def _judge(self, i: int) -> tuple[bool, str]:
        said = self.result.describe(self.game.players)
        line = _rule_line(self.result.rule)
        if i == self.right:
            return True, _("✔ Right: {said}. {rule}").format(said=said, rule=line)
        # TRANSLATORS: {said} is how the game ends («Anna is the durak (R25)»)
        return False, _("✘ No: the engine says: {said}. {rule}").format(said=said, rule=line)
