"""What a player may know at one moment of a game: the player-knowledge model.

Public knowledge (what every player knows of each seat's hand) is folded over the
moves of a game: :func:`start_known` gives it before the first move,
:func:`next_known` after each move; :func:`player_view` combines it with a position
into one player's :class:`PlayerView`.  :class:`durak_nb.replay.Replay` keeps it for
every index (:meth:`~durak_nb.replay.Replay.view`, :meth:`~durak_nb.replay.Replay.known`).

Seen cards: those picked up at a take (R14), a trump shown for a transfer (R20), the
lowest trump shown by the first attacker of a dealt game (R4, again after a redeal R5)
and the turned-up trump drawn last (R3, R16); a card leaves the knowledge when it is
played.

Over the board (a deal nobody saw whole, INTERCHANGE.md "Over-the-board recordings") the
positions are a witness's: :func:`player_view` then takes what the recording knows
(:class:`~durak_nb.unseen.Seen`) and shows only that, and :func:`start_known` takes the
shown cards of the deal (R4), never a witness's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit
from .engine import Action, Drew, Event, Move, Position, Redealt, Result, Took
from .record.json_form import Recording
from .unseen import PartialDeal, Seen

__all__ = ["Known", "PlayerView", "next_known", "player_view", "start_known"]

#: What every player knows of each seat's hand (public knowledge): sorted cards per seat.
Known = tuple[tuple[Card, ...], ...]

_LAID = (Action.ATTACK, Action.THROW, Action.DEFEND, Action.TRANSFER)


@dataclass(frozen=True)
class PlayerView:
    """What one player may know at one moment of the game.

    Public: the table, the trump suit and the turned-up trump card (R3), the sizes of
    the talon and of the discard (face down, R15), every hand's size, the roles and
    the bout.  Of the other players' hands only the cards that were *seen* are known,
    until they are played again:

    * cards picked up at a take (R14): they lay face up on the table;
    * a trump shown for a transfer (проездной, R20): it stays in the hand;
    * the lowest trump shown by the first attacker of a dealt game (R4; again after a
      redeal, R5), when the engine chose the attacker by it;
    * the turned-up trump, held by whoever drew the talon's last card (R3, R16).

    Everything else is hidden: :attr:`hidden` counts it, seat by seat.

    In an over-the-board game (INTERCHANGE.md, "Over-the-board recordings") even the
    viewer's own hand is known only in part: :attr:`hand` holds the cards the
    recording knows of it and ``hidden[player]`` counts the others; of the other
    players, the cards the viewer saw and the recording knows.

    Attributes:
        player: the viewer's seat.
        players: seat names, clockwise.
        hand: the viewer's own cards, sorted (over the board: those known).
        table: (attack, defence or ``None``) pairs, in the order laid.
        trump: the trump suit.
        trump_card: the turned-up card (public even after it is drawn), or ``None``.
        talon_size: cards left in the talon.
        discard_size: cards in the discard.
        hand_sizes: each seat's number of cards.
        known: for each seat, the cards the viewer knows it holds, sorted (the
            viewer's own seat: the whole hand).
        attacker, defender, bout, taking, out_order, result: as in
            :class:`~durak_nb.engine.Position`.
    """

    player: int
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    table: tuple[tuple[Card, Card | None], ...]
    trump: Suit
    trump_card: Card | None
    talon_size: int
    discard_size: int
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    attacker: int | None
    defender: int | None
    bout: int
    taking: bool
    out_order: tuple[int, ...]
    result: Result | None

    @property
    def hidden(self) -> tuple[int, ...]:
        """For each seat, how many of its cards the viewer does not know (0 for the
        viewer, but in an over-the-board game: the viewer's cards nobody recorded)."""
        return tuple(n - len(k) for n, k in zip(self.hand_sizes, self.known, strict=True))

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (names and card codes); other hands as
        ``{"known": [...], "hidden": n}``; in an over-the-board game whose recording
        does not know all of the viewer's cards, ``"hand_hidden": n`` counts them."""
        names = self.players
        out: dict[str, Any] = {
            "player": names[self.player],
            "hand": [c.code for c in self.hand],
            "others": {
                names[s]: {"known": [c.code for c in self.known[s]], "hidden": self.hidden[s]}
                for s in range(len(names))
                if s != self.player
            },
            "table": [[a.code, None if d is None else d.code] for a, d in self.table],
            "trump": self.trump.code,
            "trump_card": None if self.trump_card is None else self.trump_card.code,
            "talon": self.talon_size,
            "discard": self.discard_size,
            "attacker": None if self.attacker is None else names[self.attacker],
            "defender": None if self.defender is None else names[self.defender],
            "bout": self.bout,
        }
        if self.hidden[self.player]:  # over the board: own cards nobody recorded
            out["hand_hidden"] = self.hidden[self.player]
        return out


def _r4_shown(pos: Position) -> tuple[Card, ...]:
    """R4: the first attacker, chosen by the engine as the holder of the lowest trump,
    showed it: the lowest trump of the attacker's hand (none held: left of the dealer,
    nothing shown)."""
    if pos.attacker is None:
        return ()
    trumps = [c for c in pos.hands[pos.attacker] if c.suit == pos.trump]
    return (min(trumps, key=lambda c: c.rank),) if trumps else ()


def start_known(recording: Recording, start: Position) -> Known:
    """Public knowledge before the first move of ``recording`` (whose start position
    is ``start``): R4's shown trump in a dealt game whose first attacker the engine
    found by the lowest trump (not named in the deal)."""
    known: list[tuple[Card, ...]] = [() for _ in start.players]
    deal: object = recording.deal  # a Deal, a PartialDeal or None
    if isinstance(deal, PartialDeal):  # over the board: what was shown to all (R4's trump), never a witness's hand
        for seat, cards in deal.shown:
            known[seat] = tuple(sorted({*known[seat], *cards}))
        return tuple(known)
    if recording.deal is not None and recording.deal.attacker is None and start.attacker is not None:
        known[start.attacker] = _r4_shown(start)
    return tuple(known)


def next_known(known: Known, move: Move, events: tuple[Event, ...], after: Position) -> Known:
    """Public knowledge after ``move``: a played card leaves the hand (and what is known
    of it); a shown trump (R20), the cards picked up at a take (R14) and the turned-up
    trump drawn last (R3, R16) become known; a redeal (R5) forgets everything but the
    new R4 trump.  Returns ``known`` itself when nothing changed."""
    out: list[tuple[Card, ...]] | None = None
    p = move.player
    if move.action in _LAID and move.cards:
        if move.action is Action.TRANSFER and move.show:  # R20: shown, kept in hand
            out = list(known)
            out[p] = tuple(sorted({*out[p], *move.cards}))
        elif any(c in known[p] for c in move.cards):
            out = list(known)
            out[p] = tuple(c for c in out[p] if c not in move.cards)
    for e in events:
        if isinstance(e, Took):  # R14: the table was face up
            out = list(out or known)
            out[e.player] = tuple(sorted({*out[e.player], *e.cards}))
        elif isinstance(e, Drew) and after.trump_card is not None and after.trump_card in e.cards:  # R3, R16
            out = list(out or known)
            out[e.player] = tuple(sorted({*out[e.player], after.trump_card}))
        elif isinstance(e, Redealt):  # R5: new hands; R4 again
            out = [() for _ in known]
            if after.attacker is not None:
                out[after.attacker] = _r4_shown(after)
    return known if out is None else tuple(out)


def player_view(pos: Position, seat: int, known: Known, seen: Seen | None = None) -> PlayerView:
    """What seat ``seat`` may know at ``pos``, given the public knowledge ``known``
    there (:func:`next_known`): its own hand whole, of the others the cards seen.

    Args:
        pos: the position (in an over-the-board game, a witness's: its hands hold
            cards nobody saw, and only their sizes are used).
        seat: the viewer.
        known: public knowledge at ``pos``.
        seen: in an over-the-board game (INTERCHANGE.md, "Over-the-board
            recordings"), what the recording knows at ``pos``
            (:meth:`durak_nb.replay.Replay.seen`): the viewer's own hand is then the
            cards the recording knows of it (:attr:`PlayerView.hidden` counts the
            rest), and of the others the cards the viewer saw AND the recording
            knows.  ``None``: a full-deck game, every hand as ``pos`` holds it.
    """
    if seen is None:
        hands = pos.hands
        public = known
    else:
        hands = seen.hands
        public = tuple(tuple(c for c in cards if c in seen.hands[s]) for s, cards in enumerate(known))
    return PlayerView(
        player=seat,
        players=pos.players,
        hand=hands[seat],
        table=pos.table,
        trump=pos.trump,
        trump_card=pos.trump_card,
        talon_size=len(pos.talon),
        discard_size=len(pos.discard),
        hand_sizes=tuple(len(h) for h in pos.hands),
        known=tuple(hands[s] if s == seat else public[s] for s in range(len(pos.hands))),
        attacker=pos.attacker,
        defender=pos.defender,
        bout=pos.bout,
        taking=pos.taking,
        out_order=pos.out_order,
        result=pos.result,
    )
