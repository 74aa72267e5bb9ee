"""Helpers shared by the rule-id tests (tests/test_rules_*.py): small set-up positions
and their legal moves, hands, table and refusals as plain strings, so that every
expectation in those tests is an exact value."""

from __future__ import annotations

from collections.abc import Iterable

from durak_nb import Card, Game, Move, Rules


def setup(
    rules: Rules | str,
    names: list[str],
    hands: dict[str, str],
    attacker: str,
    *,
    talon: str = "",
    trump: str = "D",
    first_bito_done: bool = True,
    bout: int = 2,
    out: tuple[str, ...] = (),
) -> Game:
    """A small set-up position, by default after the first bito (bout 2, R13c does not
    apply); every card not named goes to the discard."""
    return Game.from_position(
        rules,
        names,
        hands=hands,
        talon=talon,
        trump=trump,
        attacker=attacker,
        first_bito_done=first_bito_done,
        bout=bout,
        out=out,
        rest_to_discard=True,
    )


def legal(g: Game, player: int | str | None = None) -> list[str]:
    """The legal moves in words, sorted."""
    return sorted(m.describe(g.players) for m in g.legal_moves(player))


def hands(g: Game) -> dict[str, str]:
    """Each player's hand as a string of codes."""
    return {g.players[i]: " ".join(c.code for c in h) for i, h in enumerate(g.hands)}


def table(g: Game) -> list[tuple[str, str | None]]:
    """The table as (attack, defence) code pairs."""
    return [(a.code, None if d is None else d.code) for a, d in g.table]


def refusal(g: Game, move: Move) -> str:
    """The refusal of ``move`` as ``[rule] message`` (the move must be illegal)."""
    r = g.why_illegal(move)
    assert r is not None, f"{move} is legal"
    return str(r)


def codes(cards: Iterable[Card]) -> list[str]:
    """The codes of some cards, in their order."""
    return [c.code for c in cards]
