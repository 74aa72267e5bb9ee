"""The checks of a public function's arguments, in one place: the engine, the recorder,
the replay and self-play read rules, seat names, cards and seats through them, so that a
misused argument gets the same clear ``TypeError`` (naming the function, ``where``)
everywhere.  They decide no rule (the engine does).  Imports only the cards and the rules.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, parse_cards
from .rules import Rules

__all__ = ["cards_arg", "players_arg", "rules_arg", "seat_arg", "shown"]


def shown(value: object) -> str:
    """``repr(value)`` cut to 60 characters, for messages about a misused argument."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def rules_arg(rules: object, where: str) -> Rules:
    """``rules`` as a :class:`Rules`: a Rules, or a preset name read by :meth:`Rules.make`.

    Raises:
        TypeError: neither.
        RulesError: an unknown preset name.
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.make(rules)
    raise TypeError(f"{where}: rules must be a Rules or a preset name such as 'podkidnoy', not {shown(rules)}")


#: a count of players -> their names P1, P2 …, made once per count
_COUNT_NAMES: dict[int, tuple[str, ...]] = {}


def players_arg(players: object, where: str) -> list[str]:
    """Seat names from a list of names or a count (``P1``, ``P2`` …).

    Raises:
        TypeError: a string (one name is not a list of names), or neither a count nor
            an iterable.
    """
    if isinstance(players, bool):
        raise TypeError(f"{where}: players must be a list of names or a count, not {shown(players)}")
    if isinstance(players, int):
        names = _COUNT_NAMES.get(players)
        if names is None:
            names = tuple(f"P{i + 1}" for i in range(players))
            if 0 <= players <= 52:  # R2: at most 52 seats; other counts are refused later
                _COUNT_NAMES[players] = names
        return list(names)
    if isinstance(players, str):
        raise TypeError(f"{where}: players must be a list of names, not the string {shown(players)}")
    if not isinstance(players, Iterable):
        raise TypeError(f"{where}: players must be a list of names or a count, not {shown(players)}")
    return list(players)


def cards_arg(cards: str | Card | Iterable[str | Card]) -> tuple[Card, ...]:
    """``cards`` as a tuple: one :class:`~durak_nb.cards.Card`, or codes / cards read by
    :func:`~durak_nb.cards.parse_cards` (``"7S TH"``, ``["7S", Card(...)]``).

    Raises:
        CardError: a code that names no card.
    """
    if isinstance(cards, Card):
        return (cards,)
    return tuple(parse_cards(cards))


def seat_arg(player: int, where: str) -> int:
    """``player`` when it is a seat number (an int, not a bool).

    Raises:
        TypeError: anything else (a name: the message says how to use names).
    """
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(
            f"{where}: the player is a seat number (0 for the first player), not {player!r}; "
            "with names, use game.seat('Anna') or the game's own methods, e.g. game.attack('Anna', '7S')"
        )
    return player
