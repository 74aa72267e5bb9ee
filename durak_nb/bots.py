"""Bots: players that choose a legal move.  Every bot asks the engine; none re-decides a rule.

The ladder, weakest first (measured by :mod:`durak_nb.tournament`, README "Bots"):
:class:`RandomBot`, :class:`LowestCardBot`, :class:`HeuristicBot` (rules of thumb of
good players) and :class:`SearchBot` (determinized sampling of the hidden cards, then
playouts by the heuristic bot; its strength level is the number of samples).  The
heuristic and search bots decide from a :class:`SeatView` only (:func:`seat_view`: the
player's own hand and what every player saw), never from the hidden cards.

A bot's :meth:`~Bot.choose` picks one of ``game.legal_moves()`` (any player who may
act), or, given ``player``, one of ``game.legal_moves(player)`` (that seat's move, as
the play widget asks for the seats it does not play).

>>> from durak_nb.engine import Game
>>> g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=7)
>>> moves = play_out(g, RandomBot(seed=7))
>>> g.finished, len(moves) == len(g.history)
(True, True)
>>> g = Game.deal("perevodnoy", ["Anna", "Boris", "Vera"], seed=3)
>>> moves = play_out(g, LowestCardBot())
>>> g.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import Card, beats, deck
from .engine import Action, Game, IllegalMove, Move, SetupError
from .errors import DurakError
from .i18n import N_, _
from .knowledge import PlayerView, player_view
from .record.annotations import move_to_json
from .rules import Rules

__all__ = [
    "Bot",
    "BotFault",
    "HeuristicBot",
    "LowestCardBot",
    "RandomBot",
    "SearchBot",
    "SeatView",
    "determinize",
    "moves_to_choose",
    "outcome",
    "play_out",
    "search_candidates",
    "seat_view",
    "turn_seat",
    "waits",
]

#: A bound on moves in one game; R27 ends every game long before it.
MAX_MOVES = 100_000


class Bot(Protocol):
    """Anything that picks one move from a game's legal moves."""

    def choose(self, game: Game, player: int | None = None) -> Move:
        """Return one of ``game.legal_moves()``, or of ``game.legal_moves(player)``
        when ``player`` (a seat) is given."""
        ...


def moves_to_choose(game: Game, player: int | None) -> list[Move]:
    """The legal moves a bot chooses among: all of ``game``'s, or ``player``'s (a seat).

    Raises:
        ValueError: there is none (the game is over, or the seat may not act now).
    """
    moves = game.legal_moves() if player is None else game.legal_moves(player)
    if not moves:
        who = "" if player is None else f" for {game.players[player]}"
        raise ValueError(f"no legal move to choose{who}" + (": the game is over" if game.finished else ""))
    return moves


class RandomBot:
    """Picks uniformly at random among the legal moves.

    Args:
        seed: seed of its own ``random.Random`` (reproducible games).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        """The call that makes this bot afresh, e.g. ``RandomBot(seed=3)``."""
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, game: Game, player: int | None = None) -> Move:
        """A uniformly random legal move (of every player who may act, or of ``player``).

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        return self.rng.choice(moves_to_choose(game, player))


class LowestCardBot:
    """A simple heuristic player: the lowest card that works.

    It only chooses among the engine's legal moves; "lowest" means non-trumps before
    trumps, then by rank (the trump suit is read from the game, R3/R8).

    * Leading (R9): the lead with the fewest trumps, then the lowest card, then the
      most cards of that rank; passes the lead when that is its only move (english durak).
    * Defending (R10): a transfer by showing a trump first (R20: it costs no card);
      then, when it can cover every uncovered card one by one (checked greedily with
      :meth:`Game.beats`, hardest card first), it covers with the lowest card that
      beats; otherwise it transfers (R17) when it may, else it takes (R14).
    * Throwing in (R11, R14 вдогонку): its lowest non-trump card of a rank on the
      table, one at a time, once the defender has answered (:func:`waits`: while a card
      lies uncovered it passes, and the defence card gives the right back); else it
      passes (R12).
    * It never claims a redeal (R5).

    Without ``player`` it moves for the seat :func:`turn_seat` picks.
    """

    def __repr__(self) -> str:
        """The call that makes this bot afresh: ``LowestCardBot()``."""
        return "LowestCardBot()"

    def choose(self, game: Game, player: int | None = None) -> Move:
        """The move of ``player`` (or of the seat picked as above).

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        seat = self._seat(game) if player is None else player
        moves = [m for m in moves_to_choose(game, seat) if m.action is not Action.REDEAL] or moves_to_choose(game, seat)
        trump = game.trump

        def cheap(c: Card) -> tuple[bool, int]:
            return (c.suit == trump, int(c.rank))

        by_action: dict[Action, list[Move]] = {}
        for m in moves:
            by_action.setdefault(m.action, []).append(m)
        attacks = by_action.get(Action.ATTACK)
        if attacks:
            # fewest trumps, then the lowest card, then as many cards of that rank as allowed
            return min(
                attacks, key=lambda m: (sum(c.suit == trump for c in m.cards), min(map(cheap, m.cards)), -len(m.cards))
            )
        defends = by_action.get(Action.DEFEND, [])
        transfers = by_action.get(Action.TRANSFER, [])
        if defends or transfers or Action.TAKE in by_action:
            shown = [m for m in transfers if m.show]
            if shown:  # it costs no card
                return shown[0]
            plan = self._cover_all(game, seat, cheap)
            if plan is not None:
                card, target = plan
                return Move.defend(seat, card, target)
            if transfers:
                return min(transfers, key=lambda m: (len(m.cards), [cheap(c) for c in m.cards]))
            if Action.TAKE in by_action:
                return by_action[Action.TAKE][0]
        if Action.PASS in by_action and waits(game):  # the defender answers first (R12)
            return by_action[Action.PASS][0]
        throws = [m for m in by_action.get(Action.THROW, []) if len(m.cards) == 1 and m.cards[0].suit != trump]
        if throws:
            return min(throws, key=lambda m: cheap(m.cards[0]))
        if Action.PASS in by_action:
            return by_action[Action.PASS][0]
        return moves[0]

    @staticmethod
    def _seat(game: Game) -> int:
        return turn_seat(game)

    @staticmethod
    def _cover_all(game: Game, seat: int, cheap: Callable[[Card], tuple[bool, int]]) -> tuple[Card, Card] | None:
        """The first (cover, target) of a plan covering every uncovered card, or ``None``.

        Only legal defences are used: each step is checked with :meth:`Game.why_illegal`
        for the first pair, and :meth:`Game.beats` (R6–R8) for the rest of the plan.
        """
        uncovered = [a for a, d in game.table if d is None]
        if not uncovered or game.defender != seat:
            return None
        hand = sorted(game.hands[seat], key=cheap)
        used: set[Card] = set()
        plan: list[tuple[Card, Card]] = []
        for target in sorted(uncovered, key=cheap, reverse=True):  # the hardest card first
            cover = next((c for c in hand if c not in used and game.beats(c, target)), None)
            if cover is None:
                return None
            used.add(cover)
            plan.append((cover, target))
        first = plan[0]
        if game.why_illegal(Move.defend(seat, first[0], first[1])) is not None:
            return None
        return first


def play_out(game: Game, bot: Bot, max_moves: int = MAX_MOVES) -> list[Move]:
    """Let ``bot`` play every seat until the game ends; returns the moves played.

    Raises:
        RuntimeError: more than ``max_moves`` moves (cannot happen with R27 on).
    """
    played: list[Move] = []
    while not game.finished:
        if len(played) >= max_moves:
            raise RuntimeError(_("no end after {n} moves (is repetition_draw off? R27)").format(n=max_moves))
        move = bot.choose(game)
        game.play(move)
        played.append(game.history[-1])
    return played


# ----------------------------------------------------------------------------- whose turn


def turn_seat(game: Game) -> int:
    """The seat a referee asks for the next move when several may act (R10–R12), in
    the order INTERCHANGE.md "Analysis commands" gives and the solver follows
    (:func:`durak_nb.analysis.solver.decision`): a thrower first, the attacker holding
    the first right (R12), then the other throwers clockwise from the attacker; the
    defender when no thrower may act.  A thrower who would rather see the defence first
    passes: a pass waits, and a defence card gives every thrower the right back (R12).
    Tournaments, the corpus, playouts and :func:`play_out` ask in this order.

    Raises:
        ValueError: nobody may act (the game is over).
    """
    actors = game.actors()
    if not actors:
        raise ValueError("no legal move to choose" + (": the game is over" if game.finished else ""))
    throwers = [s for s in actors if s != game.defender]
    if not throwers:
        return actors[0]
    a = game.attacker if game.attacker is not None else 0
    return min(throwers, key=lambda s: (s - a) % game.n)


def waits(game: Game) -> bool:
    """A thrower asked now would wait for the defence: a card lies uncovered and the
    defender has not declared take (R12, R14), so a pass waits and the defence card
    gives the right back.  :class:`LowestCardBot` and :class:`HeuristicBot` wait."""
    return not game.taking and any(d is None for d in game.defence_cards)


# ----------------------------------------------------------------------------- what a bot may know


@dataclass(frozen=True)
class SeatView:
    """Everything a bot may know when it is asked for a move: nothing hidden.

    Attributes:
        rules: the game's :class:`Rules`.
        view: the :class:`~durak_nb.knowledge.PlayerView` of the seat (own hand, the
            table, sizes, the cards seen in other hands: R3, R4, R14, R20).
        discard: the cards in the discard (R15).  They lie face down, but every one of
            them lay face up on the table before (or was named by a set-up position), so a
            player who counts cards knows them; good players do.
        first_bito_done: a bout has ended in bito (R13c).
        bout_moves: the moves of the bout in progress, from its lead (all public);
            at a bout start the lead passes made there (english durak, R9), else empty.
        legal: the seat's legal moves now (the engine's :meth:`Game.legal_moves`).
    """

    rules: Rules
    view: PlayerView
    discard: tuple[Card, ...]
    first_bito_done: bool
    bout_moves: tuple[Move, ...]
    legal: tuple[Move, ...]

    @property
    def seat(self) -> int:
        """The viewer's seat."""
        return self.view.player

    def unseen(self) -> tuple[Card, ...]:
        """The cards the viewer cannot place (sorted): in other hands, not seen, or in
        the talon (its turned-up last card excepted, R3)."""
        v = self.view
        placed = set(v.hand).union(self.discard)
        for a, d in v.table:
            placed.add(a)
            if d is not None:
                placed.add(d)
        for s, known in enumerate(v.known):
            if s != v.player:
                placed.update(known)
        if v.trump_card is not None:
            placed.add(v.trump_card)
        return tuple(c for c in _deck(self.rules.deck_size) if c not in placed)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (docs/bot-protocol.md ``view``): the player view's
        members (:meth:`PlayerView.to_json`), ``discard`` (codes), ``first_bito_done``,
        ``bout_moves`` and ``legal`` (moves in INTERCHANGE.md's JSON move form)."""
        names = self.view.players
        out = self.view.to_json()
        out["hand_sizes"] = {names[s]: n for s, n in enumerate(self.view.hand_sizes)}
        out["discard"] = [c.code for c in self.discard]
        out["first_bito_done"] = self.first_bito_done
        out["taking"] = self.view.taking
        out["out"] = [names[s] for s in self.view.out_order]
        out["bout_moves"] = [move_to_json(m, names) for m in self.bout_moves]
        out["legal"] = [move_to_json(m, names) for m in self.legal]
        return out


def _public_cards(game: Game) -> set[Card]:
    """Cards every player has seen since the last redeal (R5): every card a move named
    (laid face up, or shown for a transfer, R20), the turned-up trump (R3) and the
    lowest trump the first attacker of a dealt game showed (R4).

    R4 is read off the game: a dealt game whose first attacker holds the lowest trump
    dealt is taken to have found its attacker by it (the engine does not record an
    attacker named for a later game of a match, R4 "из-под дурака"; there the card was
    not shown, and this one card would count as seen)."""
    history = game.history
    start = 0
    for k in range(len(history) - 1, -1, -1):
        if history[k].action is Action.REDEAL:
            start = k + 1
            break
    seen: set[Card] = set()
    for m in history[start:]:
        seen.update(m.cards)
    if game.trump_card is not None:
        seen.add(game.trump_card)
    if game.dealer is not None and game.dealt_hands:  # R4: the holder of the lowest trump showed it
        first = history[start].player if len(history) > start else game.attacker
        trumps = [c for h in game.dealt_hands for c in h if c.suit == game.trump]
        if first is not None and trumps and min(trumps) in game.dealt_hands[first]:
            seen.add(min(trumps))
    return seen


def _bout_moves(game: Game) -> tuple[Move, ...]:
    """The moves of the bout in progress, from its lead (R9) on, with the lead passes
    before it in english durak (R9: there a pass is only ever a lead pass, as nobody
    throws in); empty at a bout start elsewhere."""
    history = game.history
    k = len(history)
    if game.attack_cards:
        k -= 1
        while k > 0 and history[k].action is not Action.ATTACK:
            k -= 1
    if game.rules.lead_style == "pair":
        while k > 0 and history[k - 1].action is Action.PASS:
            k -= 1
    return tuple(history[k:])


def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may know of ``game`` now, as a :class:`SeatView`: its own hand,
    everything public, and of the other hands only the cards seen (R3, R4, R14, R20).

    A card of another hand is known exactly when it was seen (:func:`_public_cards`)
    since the last redeal: a card that lay face up can only be back in a hand by a take
    (R14), and a shown card stays until it is played.  Two games that differ only in
    cards nobody saw give equal views.

    Raises:
        PlayerError, TypeError: ``seat`` is not a seat of ``game``.
        TypeError: ``game`` is not a :class:`~durak_nb.engine.Game`.
    """
    if not isinstance(game, Game):
        raise TypeError(f"seat_view: game must be a durak_nb Game, not {type(game).__name__}")
    seat = game.seat(seat)
    seen = _public_cards(game)
    pos = game.position()
    public = tuple(tuple(c for c in pos.hands[s] if c in seen) for s in range(game.n))
    view = player_view(pos, seat, public)  # the one home of a player's view (knowledge.py)
    return SeatView(
        rules=game.rules,
        view=view,
        discard=pos.discard,
        first_bito_done=pos.first_bito_done,
        bout_moves=_bout_moves(game),
        legal=tuple(game.legal_moves(seat)),
    )


#: Deals :func:`determinize` tries before it gives up (rejection sampling).
DETERMINIZE_TRIES = 50


def determinize(sv: SeatView, rng: random.Random, tries: int = DETERMINIZE_TRIES) -> Game:
    """One full game consistent with what ``sv`` shows: the unseen cards
    (:meth:`SeatView.unseen`) dealt at random to the other hands' unknown places and to
    the talon (its turned-up card kept last, R3), at the start of the bout in progress,
    and the bout's moves played again.  A deal under which a bout move is refused (in
    english durak a lead pass says "I hold no pair", R9) is rejected and another drawn,
    up to ``tries`` times.

    The result depends only on ``sv`` and ``rng`` (the unseen cards are taken in sorted
    order, then shuffled), so it cannot carry the real hidden cards.  What the sample
    does not know: which cards were dealt rather than drawn (a played card's past) and
    the R27 count of earlier positions (it starts afresh).

    Raises:
        ValueError: the view is of a finished game.
        SetupError, IllegalMove: no consistent deal found in ``tries`` (the last refusal).
    """
    v = sv.view
    if v.result is not None or v.attacker is None:
        raise ValueError("determinize: the game is over")
    unseen = list(sv.unseen())
    lead = sv.bout_moves[0].player if sv.bout_moves else v.attacker
    laid: list[list[Card]] = [[] for _ in v.players]
    for m in sv.bout_moves:  # the bout's cards back to the hands they came from
        if m.action in (Action.ATTACK, Action.THROW, Action.DEFEND) or (m.action is Action.TRANSFER and not m.show):
            laid[m.player].extend(m.cards)
    error: Exception | None = None
    for _try in range(max(1, tries)):
        pool = unseen[:]
        rng.shuffle(pool)
        hands: list[list[Card]] = []
        for s in range(len(v.players)):
            if s == v.player:
                hand = list(v.hand)
            else:
                need = v.hand_sizes[s] - len(v.known[s])
                hand = list(v.known[s]) + pool[:need]
                del pool[:need]
            hands.append(hand + laid[s])
        talon = [*pool, v.trump_card] if v.trump_card is not None and v.talon_size else pool
        if len(talon) != v.talon_size:
            raise SetupError("R1", f"determinize: {len(talon)} cards for a talon of {v.talon_size}")
        try:
            g = Game.from_position(
                sv.rules,
                list(v.players),
                hands=hands,
                talon=talon,
                trump=v.trump,
                attacker=lead,
                discard=sv.discard,
                first_bito_done=sv.first_bito_done,
                bout=v.bout,
                out=v.out_order,
            )
            for m in sv.bout_moves:
                g.play(m)
        except (SetupError, IllegalMove) as exc:
            error = exc
            continue
        return g
    assert error is not None
    raise error


# ----------------------------------------------------------------------------- the heuristic bot

#: The heuristic bot's rules of thumb, in words (README "Bots" and the docstring); marked for
#: the catalogue: a reader's words are ``[_(rule) for rule in HEURISTIC_RULES]``.
HEURISTIC_RULES = (
    N_("A card's worth is its rank; a trump is worth more than every non-trump: keep trumps."),
    N_("Lead the lowest non-trump rank, every card of it the rules allow (a pair sheds two cards)."),
    N_(
        "Throw in the lowest non-trump of a rank on the table, one at a time, once the defender has answered"
        " (wait while a card lies uncovered); never a trump while cards are unknown."
    ),
    N_(
        "Transfer by showing a trump when you may (it costs no card); transfer with a non-trump when covering "
        "would cost a trump or a queen or higher, or when you cannot cover."
    ),
    N_("Cover with the cheapest plan that covers every card (the hardest card first, each with the cheapest beater)."),
    N_("Take while ten or more cards lie in the talon when covering would spend two trumps on low non-trumps."),
    N_(
        "Count cards: with two players left and no talon the rival holds every card not seen; lead what they "
        "cannot beat, and throw in first what they cannot beat (a trump too)."
    ),
)


_DECKS: dict[int, tuple[Card, ...]] = {}


def _deck(size: int) -> tuple[Card, ...]:
    """:func:`durak_nb.cards.deck`, kept (the bots ask for it at every move of a playout)."""
    d = _DECKS.get(size)
    if d is None:
        d = _DECKS[size] = deck(size)
    return d


def _worth(c: Card, trump: int) -> int:
    """A card's worth: its rank, plus 20 for a trump (every trump above every non-trump)."""
    return (c >> 2) + (20 if (c & 3) == trump else 0)


class HeuristicBot:
    """Plays by the rules of thumb of good players (:data:`HEURISTIC_RULES`).

    It sees only its own hand and what is public (the table, the trump, the sizes of the
    hands and of the talon, the discard): :meth:`choose` reads nothing else of the game,
    and it only chooses among the engine's legal moves.  It never claims a redeal (R5).

    * Leading (R9): the lowest non-trump rank, every card of it the engine allows;
      trumps only when nothing else is left.
    * Throwing in (R11, R14): its lowest non-trump of a rank on the table, one at a
      time, once the defender has answered (:func:`waits`); else it passes (R12).
    * Defending (R10): a shown-trump transfer (R20) first; a transfer (R17) with a
      non-trump when covering would spend a trump or a queen or higher, or when it
      cannot cover; take (R14) while :attr:`take_talon` or more cards lie in the talon
      when covering would spend two trumps on non-trumps below a queen; otherwise the
      cheapest plan covering every card (the hardest card first).
    * Counting cards (R24): with two players left and the talon empty, the rival holds
      every card not in its hand, on the table or in the discard; it leads what the
      rival cannot beat and throws that in first (even a trump).

    Measured (``benchmarks/bench_ladder.py``): it beats :class:`LowestCardBot` in
    2-player podkidnoy at 95 % confidence (README "Bots").
    """

    #: take rather than spend two trumps only while the talon holds at least this many cards
    take_talon = 10

    def __repr__(self) -> str:
        """The call that makes this bot afresh: ``HeuristicBot()``."""
        return "HeuristicBot()"

    def choose(self, game: Game, player: int | None = None) -> Move:
        """The move of ``player`` (or of :func:`turn_seat`).

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        seat = turn_seat(game) if player is None else player
        moves = moves_to_choose(game, seat)
        hand = game.hands[seat]
        rival: frozenset[Card] | None = None
        if not game.talon and game.n - len(game.out_order) == 2:
            # two players left and no talon: every card not in my hand, on the table or in
            # the discard is in the rival's hand (all public, counted as good players do)
            gone = set(hand).union(game.attack_cards, game.discard)
            gone.update(c for c in game.defence_cards if c is not None)
            rival = frozenset(c for c in _deck(game.rules.deck_size) if c not in gone)
        return self._decide(
            seat,
            moves,
            hand,
            game.attack_cards,
            game.defence_cards,
            int(game.trump),
            len(game.talon),
            _beats_for(game.rules, game.trump),
            rival,
            waits(game),
        )

    def choose_view(self, sv: SeatView) -> Move:
        """The same choice from a :class:`SeatView`.

        Raises:
            ValueError: the view lists no legal move.
        """
        v = sv.view
        if not sv.legal:
            raise ValueError(f"no legal move to choose for {v.players[v.player]}")
        trump = int(v.trump)
        attack = [a for a, _ in v.table]
        defence = [d for _, d in v.table]
        beaters = _beats_for(sv.rules, v.trump)
        rival: frozenset[Card] | None = None
        if v.talon_size == 0 and len(v.players) - len(v.out_order) == 2:
            rival = frozenset(sv.unseen()).union(*(k for s, k in enumerate(v.known) if s != v.player))
        wait = not v.taking and any(d is None for d in defence)
        return self._decide(
            v.player, list(sv.legal), list(v.hand), attack, defence, trump, v.talon_size, beaters, rival, wait
        )

    def _decide(
        self,
        seat: int,
        moves: list[Move],
        hand: Sequence[Card],
        attack: Sequence[Card],
        defence: Sequence[Card | None],
        trump: int,
        talon: int,
        beats: Callable[[Card, Card], bool],
        rival: frozenset[Card] | None = None,
        wait: bool = False,
    ) -> Move:
        by_action: dict[Action, list[Move]] = {}
        for m in moves:
            if m.action is not Action.REDEAL:
                by_action.setdefault(m.action, []).append(m)
        if not by_action:
            return moves[0]
        attacks = by_action.get(Action.ATTACK)
        if attacks:

            def beaten(m: Move) -> bool:  # the rival (two players, no talon) can beat every card
                return rival is not None and all(any(beats(r, c) for r in rival) for c in m.cards)

            return min(
                attacks,
                key=lambda m: (
                    beaten(m),
                    sum((c & 3) == trump for c in m.cards),
                    min(_worth(c, trump) for c in m.cards),
                    -len(m.cards),
                ),
            )
        defends = by_action.get(Action.DEFEND, [])
        transfers = by_action.get(Action.TRANSFER, [])
        takes = by_action.get(Action.TAKE, [])
        if defends or transfers or takes:
            shown = [m for m in transfers if m.show]
            if shown:  # R20: it costs no card
                return shown[0]
            plan = _cover_plan(hand, attack, defence, trump, beats)
            plain = [m for m in transfers if not m.show and all((c & 3) != trump for c in m.cards)]
            cheapest = min(plain, key=lambda m: (len(m.cards), [_worth(c, trump) for c in m.cards]), default=None)
            if plan is None:
                if cheapest is not None:
                    return cheapest
                if transfers:
                    return min(transfers, key=lambda m: (len(m.cards), [_worth(c, trump) for c in m.cards]))
                if takes:
                    return takes[0]
            else:
                covers = [c for c, _ in plan]
                trumps = [c for c in covers if (c & 3) == trump]
                if cheapest is not None and (trumps or max(c >> 2 for c in covers) >= 12):
                    return cheapest
                low_table = all((a >> 2) < 12 and (a & 3) != trump for a in attack)
                if takes and talon >= self.take_talon and len(trumps) >= 2 and low_table:
                    return takes[0]
                card, target = plan[0]
                for m in defends:
                    if m.cards[0] == card and m.target == target:
                        return m
                if defends:  # pragma: no cover - the plan is made of legal covers
                    return min(defends, key=lambda m: _worth(m.cards[0], trump))
                return takes[0]
        passes = by_action.get(Action.PASS)
        if passes and wait:  # the defender answers first (R12): a pass waits
            return passes[0]
        if rival is not None:
            hard = [
                m
                for m in by_action.get(Action.THROW, [])
                if len(m.cards) == 1 and not any(beats(r, m.cards[0]) for r in rival)
            ]
            if hard:
                return min(hard, key=lambda m: _worth(m.cards[0], trump))
        throws = [m for m in by_action.get(Action.THROW, []) if len(m.cards) == 1 and (m.cards[0] & 3) != trump]
        if throws:
            return min(throws, key=lambda m: _worth(m.cards[0], trump))
        if passes:
            return passes[0]
        return next(iter(by_action.values()))[0]


def _beats_for(rules: Rules, trump: Any) -> Callable[[Card, Card], bool]:
    """The beating relation of a game with these rules and trump (R6–R8), from the one
    home of it (:func:`durak_nb.cards.beats`)."""
    six, japanese = rules.trump_six_beats_ace, rules.japanese
    if not six and not japanese:  # R6 alone, the common case, as int arithmetic (Card is an int)
        t = int(trump)

        def plain(cover: Card, attack: Card) -> bool:
            cs = cover & 3
            if cs == attack & 3:
                return cover > attack
            return cs == t

        return plain

    def f(cover: Card, attack: Card) -> bool:
        return beats(cover, attack, trump, trump_six_beats_ace=six, japanese=japanese)

    return f


def _cover_plan(
    hand: Sequence[Card],
    attack: Sequence[Card],
    defence: Sequence[Card | None],
    trump: int,
    beats: Callable[[Card, Card], bool],
) -> list[tuple[Card, Card]] | None:
    """A plan covering every uncovered card (the hardest first, each with the cheapest
    card that beats it, R6–R8), or ``None`` when the hand cannot cover them all."""
    uncovered = [a for a, d in zip(attack, defence, strict=True) if d is None]
    if not uncovered:
        return None
    free = sorted(hand, key=lambda c: _worth(c, trump))
    plan: list[tuple[Card, Card]] = []
    for target in sorted(uncovered, key=lambda c: _worth(c, trump), reverse=True):
        cover = next((c for c in free if beats(c, target)), None)
        if cover is None:
            return None
        free.remove(cover)
        plan.append((cover, target))
    return plan


# ----------------------------------------------------------------------------- the search bot


def outcome(game: Game, seat: int) -> float:
    """1 when ``seat`` did not lose, 0 when it is the durak (or in the losing team,
    R22), 0.5 for a draw (R25, R27)."""
    r = game.result
    if r is None or r.draw:
        return 0.5
    if r.losing_team is not None:
        return 0.0 if seat in r.losing_team else 1.0
    return 0.0 if r.durak == seat else 1.0


def search_candidates(moves: Sequence[Move]) -> list[Move]:
    """The moves worth searching: no redeal (R5); of leads, throw-ins and transfers with
    several cards only the ones with every card of their rank the engine lists."""
    out: list[Move] = []
    biggest: dict[tuple[int, Action, int], Move] = {}
    for m in moves:
        if m.action is Action.REDEAL:
            continue
        if m.action in (Action.ATTACK, Action.THROW, Action.TRANSFER) and len(m.cards) > 1 and not m.show:
            key = (m.player, m.action, m.cards[0] >> 2)
            if key not in biggest or len(m.cards) > len(biggest[key].cards):
                biggest[key] = m
            continue
        out.append(m)
    out.extend(biggest.values())
    return out


class SearchBot:
    """A search bot for hidden cards: determinized sampling and playouts.

    For each of ``samples`` deals of the unseen cards consistent with its
    :class:`SeatView` (:func:`determinize`), it plays every candidate move and then the
    game out with :class:`HeuristicBot` at every seat (the same samples for every
    candidate), and picks the move that lost least often (ties: the heuristic bot's
    move).  Its strength level is ``samples``; with 0 samples it is the heuristic bot.
    Playouts stop after ``playout_moves`` moves (an unfinished playout counts as a draw).

    Args:
        samples: deals sampled per decision (the strength level).
        seed: seed of its own ``random.Random``.
        playout_moves: a bound on each playout.
    """

    def __init__(self, samples: int = 8, seed: int | None = 0, playout_moves: int = 400) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
            raise ValueError(f"SearchBot: samples is a whole number from 0, not {samples!r}")
        self.samples = samples
        self.seed = seed
        self.rng = random.Random(seed)
        self.playout_moves = playout_moves
        self.heuristic = HeuristicBot()
        #: decisions whose sample could not be built (see :func:`determinize`)
        self.failed_samples = 0

    def __repr__(self) -> str:
        """The call that makes this bot afresh, e.g. ``SearchBot(samples=8, seed=0, playout_moves=400)``."""
        return f"SearchBot(samples={self.samples!r}, seed={self.seed!r}, playout_moves={self.playout_moves!r})"

    def choose(self, game: Game, player: int | None = None) -> Move:
        """The move of ``player`` (or of :func:`turn_seat`), from its :class:`SeatView` only.

        Raises:
            ValueError: no legal move (the game is over, or ``player`` may not act now).
        """
        seat = turn_seat(game) if player is None else game.seat(player)
        moves_to_choose(game, seat)
        return self.choose_view(seat_view(game, seat))

    def choose_view(self, sv: SeatView) -> Move:
        """The move chosen from ``sv`` (what the seat may know, nothing hidden).

        Raises:
            ValueError: the view lists no legal move.
        """
        default = self.heuristic.choose_view(sv)
        cands = search_candidates(sv.legal)
        if default not in cands:
            cands.append(default)
        if len(cands) == 1 or self.samples == 0:
            return default
        outcomes = self.sample_outcomes(sv, cands)
        score = {m: sum(v) for m, v in outcomes.items()}
        best = max(score.values())
        if score[default] == best:
            return default
        return next(m for m in cands if score[m] == best)

    def sample_outcomes(self, sv: SeatView, moves: Sequence[Move]) -> dict[Move, list[float]]:
        """The playout outcomes of each of ``moves`` for the viewer of ``sv``: one per
        sample built (:func:`determinize` from ``sv`` only, the same samples for every
        move), each 1 (not the durak), 0.5 (a draw or an unfinished playout) or 0 (the
        durak, or in the losing team, R22).  The one home of the search bot's sampling:
        :meth:`choose_view` and the analysis (``durak_nb.analysis.analyse``) ask it.

        Args:
            sv: what the seat may know (nothing hidden).
            moves: legal moves of the viewer (each must be in ``sv.legal``).

        Returns:
            ``{move: [outcome, ...]}``, lists of equal length (at most :attr:`samples`;
            a sample that could not be built is skipped and counted in
            :attr:`failed_samples`).
        """
        seat = sv.seat
        out: dict[Move, list[float]] = {m: [] for m in moves}
        bot = self.heuristic
        for _sample in range(self.samples):
            try:
                base = determinize(sv, self.rng)
            except (SetupError, IllegalMove):
                self.failed_samples += 1
                continue
            for m in out:
                g = base.copy()
                g.play(m)
                k = 0
                while not g.finished and k < self.playout_moves:
                    g.play(bot.choose(g))
                    k += 1
                out[m].append(outcome(g, seat))
        return out


class BotFault(DurakError):
    """A bot failed to give a legal move: it answered a move the rules refuse, too
    late, nothing at all, or something that is not a move.  The message names the bot,
    the move (its 0-based index in the game) and the rule; the game is unchanged (no
    move is played for the bot).  Tournaments record the game as the bot's forfeit.

    Attributes:
        rule: the rule the answer broke (``'R6'`` …) or ``None`` (timeout, garbage).
        bot: the bot's name.
        move: the index of the move it was asked for.
    """

    def __init__(self, rule: str | None, message: str, *, bot: str = "", move: int | None = None) -> None:
        super().__init__(rule, message)
        self.bot = bot
        self.move = move

    def __reduce__(self) -> tuple[object, ...]:
        return (_bot_fault, (self.rule, self.message, self.bot, self.move))


def _bot_fault(rule: str | None, message: str, bot: str, move: int | None) -> BotFault:
    return BotFault(rule, message, bot=bot, move=move)
