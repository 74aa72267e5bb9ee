"""The format step of over-the-board recordings (INTERCHANGE.md, "Over-the-board
recordings"): the facts of a :class:`~durak_nb.unseen.PartialDeal` checked against
each other, and written as the JSON form's ``deal`` member.

Both readers (the JSON form and the notation) build a ``PartialDeal`` and ask
:func:`deal_problem` what is wrong with its facts, so they refuse the same documents
with the same rule; each names the member in its own words (``deal.hands.Boris``,
``[Dealt Boris …]``).  Whether some deck order makes every *move* legal is the
decision of :mod:`durak_nb.unseen`, not of this module.

>>> from durak_nb.rules import Rules
>>> from durak_nb.cards import Card
>>> rules = Rules.make("podkidnoy")
>>> deal = PartialDeal(dealer=1, turned_up=Card.parse("7H"), shown=((0, (Card.parse("6S"),)),))
>>> deal_problem(rules, ["Anna", "Boris"], deal, [])
FactProblem(member=('shown', 0), message='6♠ is not a trump: the trump suit is ♥ (the turned-up 7♥)', rule='R4')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import Card, Suit, card_text
from ..engine import Action, Game, Move
from ..i18n import N_, _, ngettext
from ..rules import Rules
from ..unseen import PartialDeal, PartialGame, Seen, side_line_deal

__all__ = [
    "DEAL_KEYS",
    "FactProblem",
    "Recorded",
    "deal_problem",
    "deal_to_json",
    "first_game",
    "json_member",
    "known_state",
    "nothing_turned_up",
    "redeal_turned_up",
    "side_line_start",
    "taking",
    "trump_of",
]

#: The members of a ``deal`` without ``deck``, in the order the canonical writer writes them.
DEAL_KEYS = ("dealer", "turned_up", "trump", "attacker", "shown", "hands", "draws")

#: Fewest cards of one suit a redeal claim shows (R5).
REDEAL_SUIT = 5

# The words of the problems (marked for the catalogue, translated at use).
_SAY = {
    "japanese_turned": N_("in japanese durak no card is turned up: diamonds are always trump"),
    "japanese_trump": N_("in japanese durak diamonds are always trump, not {suit}"),
    "dealt_turned": N_("every card is dealt, so no card is left to turn up: name the trump suit instead"),
    "dealt_trump": N_(
        "every card is dealt, so no card is left to turn up and the trump suit was chosen at random: name it"
    ),
    "turned_missing": N_("the card turned up under the talon is missing (its suit is trump)"),
    "turned_trump": N_("a card is turned up ({card}), so its suit is trump: leave the trump suit out"),
    "not_trump": N_("{card} is not a trump: the trump suit is {suit}"),
    "not_trump_turned": N_("{card} is not a trump: the trump suit is {suit} (the turned-up {turned})"),
    "twice_in": N_("{card} is named twice"),
    "elsewhere": N_("{card} is already {where}"),
    "shown_empty": N_("the cards shown: at least one"),
    "shown_not_held": N_("{card} is shown but is not in {name}'s starting hand"),
    "no_attacker": N_("who led first? name the attacker, or the lowest trump shown"),
    "lower_trump": N_(
        "{low} is a lower trump than {card}, the lowest trump shown for the first lead: every lower"
        " trump was in the talon"
    ),
    "draw_empty": N_("a refill draws at least one card"),
    "draw_order": N_(
        "after move {after} comes before the refill after move {before}: list the refills in the order of the game"
    ),
    "draw_twice": N_("{name} draws once in the refill after move {after}"),
    "draw_before_redeal": N_(
        "a refill after move {after} comes before the redeal at move {redeal}: a redeal is"
        " claimed before the first bout ends"
    ),
    "claim_size": N_("a redeal claim shows {least} or more cards of one suit (and at most {size}), not {count}"),
    "claim_suit": N_("a redeal claim shows cards of one suit: {cards}"),
    "claim_held": N_("{card} is claimed but is not in {name}'s starting hand"),
    "redeal_turned": N_("the new deal's turned-up card {card} is among the cards claimed"),
}

_WHERE = {
    "turned_up": N_("the card turned up under the talon"),
    "shown": N_("shown by {name}"),
    "hands": N_("in {name}'s starting hand"),
    "draws": N_("drawn by {name} after move {after}"),
}


@dataclass(frozen=True)
class FactProblem:
    """What is wrong with the facts of a partial deal.

    Attributes:
        member: where: ``('turned_up',)``, ``('trump',)``, ``('attacker',)``,
            ``('shown', seat)``, ``('hands', seat)``, ``('draws', i)``,
            ``('draws', i, 'after')`` or ``('moves', k)`` (a redeal move, R5).
        message: the reason in words, without the member's name.
        rule: the rule id (R1, R3, R4, R5, R8, R16).
    """

    member: tuple[str | int, ...]
    message: str
    rule: str


def json_member(member: tuple[str | int, ...], names: Sequence[str]) -> str:
    """The JSON path of a :attr:`FactProblem.member`: ``deal.hands.Boris``,
    ``deal.draws[2].after``, ``moves[5]``.

    >>> json_member(("draws", 2, "after"), ["Anna", "Boris"]), json_member(("shown", 1), ["Anna", "Boris"])
    ('deal.draws[2].after', 'deal.shown.Boris')
    """
    head = member[0]
    if head == "moves":
        return f"moves[{member[1]}]"
    path = f"deal.{head}"
    if head in ("shown", "hands") and len(member) > 1:
        path += f".{names[int(member[1])]}"
    elif head == "draws" and len(member) > 1:
        path += f"[{member[1]}]" + "".join(f".{m}" for m in member[2:])
    return path


def nothing_turned_up(rules: Rules, players: int) -> bool:
    """No card is turned up after the deal: every card is dealt (R3), or japanese (R8)."""
    return rules.japanese or rules.deck_size <= players * rules.hand_size


def trump_of(rules: Rules, deal: PartialDeal) -> Suit | None:
    """The trump suit of the first deal: diamonds in japanese durak (R8), else the
    turned-up card's suit or the recorded suit (R3); ``None`` when not recorded."""
    if rules.japanese:
        return Suit.D
    if deal.turned_up is not None:
        return deal.turned_up.suit
    return deal.trump


def redeal_turned_up(deal: PartialDeal) -> dict[int, Card]:
    """The new deal's turned-up card by the index of its ``redeal`` move (R5)."""
    return dict(deal.redeals)


class Recorded(Protocol):
    """What :func:`first_game` and :func:`side_line_start` read of a recording (a
    :class:`~durak_nb.record.json_form.Recording` is one): this module sits below the
    JSON form, which asks it about deals."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def deal(self) -> object: ...
    @property
    def moves(self) -> Sequence[Move]: ...
    def new_game(self) -> Game: ...


def first_game(rec: Recorded, moves: Sequence[Move] | None = None) -> Game | PartialGame:
    """The live game before the first move, for the notation's reader and writer: an
    engine :class:`~durak_nb.engine.Game`, or for a deal nobody saw the
    :class:`~durak_nb.unseen.PartialGame` of the facts (told of the redeal moves among
    ``moves``, by default the recording's, so a refill after one constrains the later
    deal), which decides each move from what is known so far and never shows a hidden
    card.

    Raises:
        SetupError: the deal breaks R1-R4 (for a partial deal: facts no order meets).
    """
    deal = rec.deal
    if isinstance(deal, PartialDeal):
        redeals = [k for k, m in enumerate(rec.moves if moves is None else moves) if m.action is Action.REDEAL]
        return PartialGame(rec.rules, rec.players, deal, redeals=redeals)
    return rec.new_game()


def side_line_start(
    rec: Recorded, before: Game | PartialGame, mainline: Sequence[Move], branch: int, line: Sequence[Move] = ()
) -> Game | PartialGame:
    """The live game a side line replacing main-line move ``branch`` starts from, for
    the notation's reader and writer (as ``replay.line_deal`` for the views): a copy of
    ``before`` (the main line's game there) for a full deck, or where the line inherits
    nothing new; over the board, the :class:`~durak_nb.unseen.PartialGame` dealt from
    :func:`~durak_nb.unseen.side_line_deal` (the one rule: the main line's seen refills
    after ``branch`` become "these cards lay at these talon places"), told of the redeals
    among the moves to ``branch`` and ``line``, the moves to ``branch`` replayed.

    Args:
        rec: the recording; ``mainline``: its main line's moves (those known so far
            will do for the reader: the refills it has read); ``line``: the side line's
            moves where known.

    Raises:
        SetupError: the facts break R1-R4 (as :func:`first_game`).
    """
    deal = rec.deal
    if not isinstance(before, PartialGame) or not isinstance(deal, PartialDeal):
        return before.copy()
    facts = side_line_deal(rec.rules, rec.players, deal, mainline, branch)
    if facts == deal:
        return before.copy()
    moves = [*mainline[:branch], *line]
    game = PartialGame(
        rec.rules, rec.players, facts, redeals=[j for j, m in enumerate(moves) if m.action is Action.REDEAL]
    )
    for m in mainline[:branch]:
        game.play(m)  # accepted: every order the main line's facts allow meets the line's
    return game


def taking(game: Game | PartialGame) -> bool:
    """Whether the defender has declared take this bout (R14): public in either game."""
    return (game.witness() if isinstance(game, PartialGame) else game).taking


def known_state(game: PartialGame, seen: Seen | None = None) -> dict[str, Any]:
    """The STATE of INTERCHANGE.md for a game whose deal nobody saw: per hand the cards
    known to be there (``hands``) and for every player how many are not (``unknown``),
    the talon top first with ``null`` for an unknown card, then what everyone saw: the
    trump, the table, the discard, the attacker and defender (``null`` while R4 decides
    the first attacker from cards nobody saw) and the bout.  No hidden card is read.

    Args:
        game: the live game.
        seen: the knowledge to state (default ``game.seen()``, from the moves so far;
            :meth:`~durak_nb.unseen.PartialReplay.seen_at` knows more).
    """
    seen = game.seen() if seen is None else seen
    names = game.players
    public = game.witness().position()  # only what everyone saw is taken from it
    a, d = game.attacker, game.defender
    return {
        "hands": {names[i]: [c.code for c in hand] for i, hand in enumerate(seen.hands)},
        "unknown": {names[i]: n for i, n in enumerate(seen.unknown)},
        "talon": [None if c is None else c.code for c in seen.talon],
        "trump": game.trump.code,
        "table": [[x.code, None if y is None else y.code] for x, y in public.table],
        "discard": [c.code for c in public.discard],
        "attacker": None if a is None else names[a],
        "defender": None if d is None else names[d],
        "bout": game.bout,
    }


def deal_problem(rules: Rules, players: Sequence[str], deal: PartialDeal, moves: Sequence[Move]) -> FactProblem | None:
    """The first fault in the facts of ``deal`` (a deal without deck), or ``None``.

    Checked, in this order: the turned-up card or trump suit (R3, R8); the cards shown
    (trumps, R4); the starting hands (``hand_size`` cards each, R3); the refills (at
    least one card, at most ``hand_size``, after a move of the game, in order, one per
    player and refill: R16; after the last redeal, R5); the redeal moves (five or more
    cards of one suit, R5); that no card is in two places (R1): turned up, shown by one
    player and in another's hand (or shown but not in the player's known hand), drawn
    twice, drawn though dealt; and the first attacker (named, or decided by the lowest
    trump shown, so no known hand holds a lower trump: R4).  Cards are cards of the deck
    (the readers check that while reading).

    Args:
        rules: the game's rules.
        players: the names in seat order.
        deal: the facts.
        moves: the main line (draws name its moves; redeals are among them).
    """
    n = len(players)
    redeals = [k for k, m in enumerate(moves) if m.action is Action.REDEAL]
    return (
        _trump_problem(rules, n, deal)
        or _shown_problem(rules, players, deal)
        or _hands_problem(rules, deal)
        or _draws_problem(rules, players, deal, len(moves), redeals)
        or _redeal_problem(rules, players, deal, moves, redeals)
        or _places_problem(players, deal, bool(redeals))
        or _attacker_problem(rules, deal)
    )


def _trump_problem(rules: Rules, n: int, deal: PartialDeal) -> FactProblem | None:
    if rules.japanese:
        if deal.turned_up is not None:
            return FactProblem(("turned_up",), _(_SAY["japanese_turned"]), "R8")
        if deal.trump not in (None, Suit.D):
            return FactProblem(("trump",), _(_SAY["japanese_trump"]).format(suit=deal.trump), "R8")
        return None
    if nothing_turned_up(rules, n):
        if deal.turned_up is not None:
            return FactProblem(("turned_up",), _(_SAY["dealt_turned"]), "R3")
        if deal.trump is None:
            return FactProblem(("trump",), _(_SAY["dealt_trump"]), "R3")
        return None
    if deal.turned_up is None:
        return FactProblem(("turned_up",), _(_SAY["turned_missing"]), "R3")
    if deal.trump is not None:
        return FactProblem(("trump",), _(_SAY["turned_trump"]).format(card=card_text(deal.turned_up)), "R3")
    return None


def _shown_problem(rules: Rules, players: Sequence[str], deal: PartialDeal) -> FactProblem | None:
    trump = trump_of(rules, deal)
    for seat, cards in deal.shown:
        if not cards:
            return FactProblem(("shown", seat), _(_SAY["shown_empty"]), "R4")
        for c in cards:
            if trump is not None and c.suit != trump:
                if deal.turned_up is None:
                    msg = _(_SAY["not_trump"]).format(card=card_text(c), suit=trump.symbol)
                else:
                    msg = _(_SAY["not_trump_turned"]).format(
                        card=card_text(c), suit=trump.symbol, turned=card_text(deal.turned_up)
                    )
                return FactProblem(("shown", seat), msg, "R4")
        twice = _twice(cards)
        if twice is not None:
            return FactProblem(("shown", seat), _(_SAY["twice_in"]).format(card=card_text(twice)), "R1")
    return None


def _hands_problem(rules: Rules, deal: PartialDeal) -> FactProblem | None:
    for seat, cards in deal.hands:
        if len(cards) != rules.hand_size:
            msg = ngettext(
                "{count} card; a starting hand has {size}", "{count} cards; a starting hand has {size}", len(cards)
            ).format(count=len(cards), size=rules.hand_size)
            return FactProblem(("hands", seat), msg, "R3")
        twice = _twice(cards)
        if twice is not None:
            return FactProblem(("hands", seat), _(_SAY["twice_in"]).format(card=card_text(twice)), "R1")
    return None


def _attacker_problem(rules: Rules, deal: PartialDeal) -> FactProblem | None:
    """R4: without a named attacker the lowest trump shown decides; it is its holder's
    lowest trump and the lowest trump dealt, so no known hand holds a lower one."""
    if deal.attacker is not None:
        return None
    if not deal.shown:
        return FactProblem(("attacker",), _(_SAY["no_attacker"]), "R4")
    trump = trump_of(rules, deal)
    lowest = min((c for _s, cards in deal.shown for c in cards), key=lambda c: c.rank)
    for seat, cards in deal.hands:
        for c in cards:
            if c.suit == trump and c.rank < lowest.rank:
                msg = _(_SAY["lower_trump"]).format(low=card_text(c), card=card_text(lowest))
                return FactProblem(("hands", seat), msg, "R4")
    return None


def _draws_problem(
    rules: Rules, players: Sequence[str], deal: PartialDeal, count: int, redeals: list[int]
) -> FactProblem | None:
    seen: set[tuple[int, int]] = set()
    last = -1
    for i, d in enumerate(deal.draws):
        if not 0 <= d.after < count:
            msg = ngettext(
                "after move {after}, but the game has {count} move",
                "after move {after}, but the game has {count} moves",
                count,
            ).format(after=d.after + 1, count=count)  # moves as people count them (the field is 0-based)
            return FactProblem(("draws", i, "after"), msg, "R16")
        if d.after < last:
            return FactProblem(
                ("draws", i, "after"), _(_SAY["draw_order"]).format(after=d.after + 1, before=last + 1), "R16"
            )
        if redeals and d.after < redeals[-1]:
            msg = _(_SAY["draw_before_redeal"]).format(after=d.after + 1, redeal=redeals[-1] + 1)
            return FactProblem(("draws", i, "after"), msg, "R5")
        last = d.after
        if (d.after, d.player) in seen:
            return FactProblem(
                ("draws", i), _(_SAY["draw_twice"]).format(name=players[d.player], after=d.after + 1), "R16"
            )
        seen.add((d.after, d.player))
        if not d.cards:
            return FactProblem(("draws", i), _(_SAY["draw_empty"]), "R16")
        if len(d.cards) > rules.hand_size:
            msg = ngettext(
                "{count} card in one refill; a hand is refilled up to {size}",
                "{count} cards in one refill; a hand is refilled up to {size}",
                len(d.cards),
            ).format(count=len(d.cards), size=rules.hand_size)
            return FactProblem(("draws", i), msg, "R16")
        twice = _twice(d.cards)
        if twice is not None:
            return FactProblem(("draws", i), _(_SAY["twice_in"]).format(card=card_text(twice)), "R1")
    return None


def _redeal_problem(
    rules: Rules, players: Sequence[str], deal: PartialDeal, moves: Sequence[Move], redeals: list[int]
) -> FactProblem | None:
    """The shape of each redeal claim (R5) and its new turned-up card (R1, R3, R8)."""
    turned = redeal_turned_up(deal)
    hands = dict(deal.hands)
    for k in redeals:
        m = moves[k]
        cards = m.cards
        if m.deck is not None:  # a whole new deck: the engine's matter
            continue
        if not REDEAL_SUIT <= len(cards) <= rules.hand_size:
            msg = _(_SAY["claim_size"]).format(least=REDEAL_SUIT, size=rules.hand_size, count=len(cards))
            return FactProblem(("moves", k), msg, "R5")
        if len({c.suit for c in cards}) != 1:
            msg = _(_SAY["claim_suit"]).format(cards=" ".join(card_text(c) for c in cards))
            return FactProblem(("moves", k), msg, "R5")
        twice = _twice(cards)
        if twice is not None:
            return FactProblem(("moves", k), _(_SAY["twice_in"]).format(card=card_text(twice)), "R1")
        if k == redeals[0] and m.player in hands:
            for c in cards:
                if c not in hands[m.player]:
                    msg = _(_SAY["claim_held"]).format(card=card_text(c), name=players[m.player])
                    return FactProblem(("moves", k), msg, "R1")
        up = turned.get(k)
        if up is not None:
            if rules.japanese:
                return FactProblem(("moves", k), _(_SAY["japanese_turned"]), "R8")
            if nothing_turned_up(rules, len(players)):
                return FactProblem(("moves", k), _(_SAY["dealt_turned"]), "R3")
            if up in cards:
                return FactProblem(("moves", k), _(_SAY["redeal_turned"]).format(card=card_text(up)), "R1")
    return None


def _places_problem(players: Sequence[str], deal: PartialDeal, redealt: bool) -> FactProblem | None:
    """R1: no card in two places among the facts.  After a redeal the first deal's
    facts (turned-up card, shown cards, starting hands) and the refills belong to
    different deals, so only the refills are checked against each other."""
    where: dict[Card, tuple[tuple[str | int, ...], str]] = {}

    def put(card: Card, member: tuple[str | int, ...], said: str) -> FactProblem | None:
        if card in where:
            _first, first_said = where[card]
            return FactProblem(member, _(_SAY["elsewhere"]).format(card=card_text(card), where=first_said), "R1")
        where[card] = (member, said)
        return None

    if not redealt:
        if deal.turned_up is not None:
            where[deal.turned_up] = (("turned_up",), _(_WHERE["turned_up"]))
        held = dict(deal.hands)
        for seat, cards in deal.hands:
            for c in cards:
                problem = put(c, ("hands", seat), _(_WHERE["hands"]).format(name=players[seat]))
                if problem is not None:
                    return problem
        for seat, cards in deal.shown:
            for c in cards:
                if seat in held:
                    if c not in held[seat]:
                        return FactProblem(
                            ("shown", seat),
                            _(_SAY["shown_not_held"]).format(card=card_text(c), name=players[seat]),
                            "R1",
                        )
                    continue
                problem = put(c, ("shown", seat), _(_WHERE["shown"]).format(name=players[seat]))
                if problem is not None:
                    return problem
    for i, d in enumerate(deal.draws):
        for c in d.cards:
            if not redealt and c == deal.turned_up:
                continue  # the turned-up card is the talon's last card: it is drawn
            problem = put(c, ("draws", i), _(_WHERE["draws"]).format(name=players[d.player], after=d.after + 1))
            if problem is not None:
                return problem
    return None


def _twice(cards: Sequence[Card]) -> Card | None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            return c
        seen.add(c)
    return None


def deal_to_json(deal: PartialDeal, names: Sequence[str]) -> dict[str, Any]:
    """The ``deal`` member of a partial deal (INTERCHANGE.md): ``dealer``, then
    ``turned_up`` or ``trump``, ``attacker``, ``shown``, ``hands``, ``draws``, each
    only when recorded; cards in the order stored."""
    out: dict[str, Any] = {"dealer": names[deal.dealer]}
    if deal.turned_up is not None:
        out["turned_up"] = deal.turned_up.code
    if deal.trump is not None:
        out["trump"] = deal.trump.code
    if deal.attacker is not None:
        out["attacker"] = names[deal.attacker]
    if deal.shown:
        out["shown"] = {names[s]: [c.code for c in cards] for s, cards in deal.shown}
    if deal.hands:
        out["hands"] = {names[s]: [c.code for c in cards] for s, cards in deal.hands}
    if deal.draws:
        out["draws"] = [
            {"after": d.after, "player": names[d.player], "cards": [c.code for c in d.cards]} for d in deal.draws
        ]
    return out
