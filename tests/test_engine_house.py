"""The engine's house (issue 23): ``Game``'s state a move may change is listed once
(``engine.UNDONE``, from which ``_state`` and ``_restore`` are written), and the argument
checks the recorder, the replay and self-play share are public, in ``durak_nb.checks``.
"""

from __future__ import annotations

import ast

import pytest
from conftest import ROOT

from durak_nb import checks, engine
from durak_nb.cards import Card
from durak_nb.engine import UNDONE, Game, Move
from durak_nb.rules import Rules

#: The fields no move changes (set at the deal, the rules' look-up tables, caches and
#: the push/pop stack itself); every other field of Game is in UNDONE.
FIXED = {
    "_bout_limit",
    "_defence_tables",
    "_first_bout_differs",
    "_first_limit",
    "_hv",  # the hands' view, made anew when asked
    "_lead_parts",
    "_no_repeat",
    "_noted",
    "_rng",  # kept through the "rng" entry (its state)
    "_rng_state",
    "_team",
    "_throw_ins",
    "_throw_tables",
    "_transfers",
    "_two",
    "_undo",
    "n",
    "players",
    "rules",
}


def test_every_field_is_undone_or_fixed_once() -> None:
    names = [name for name, _ in UNDONE]
    assert len(names) == len(set(names))
    assert set(names) - {"rng"} | FIXED == set(Game.__slots__)
    assert set(names) & FIXED == set()
    assert {kind for _, kind in UNDONE} == {"value", "copy", "grown", "cut", "dict", "rng"}


def test_state_and_restore_are_written_from_the_one_table() -> None:
    game = Game.deal("podkidnoy", 2, seed=4)
    saved = game._state()
    extra = sum(1 for _, kind in UNDONE if kind in ("grown", "dict"))
    assert len(saved) == len(UNDONE) + extra
    assert saved[engine._SEEN_AT] is game._seen
    game.play(game.legal_moves()[0])
    game._restore(saved)
    assert game.history == [] and game.position() == Game.deal("podkidnoy", 2, seed=4).position()
    with pytest.raises(ValueError, match="x: unknown kind 'nothing'"):
        engine._undo_methods([("x", "nothing")])


def test_push_pop_over_a_whole_game_gives_back_every_position() -> None:
    """Four players (the general bout end), every move pushed, then popped back."""
    game = Game.deal("podkidnoy", 4, seed=11)
    positions, codes = [], []
    while game.result is None:
        positions.append(game.position())
        codes.append((list(game.history), game.all_cards(), game.legal_moves()))
        game.push(game.legal_moves()[len(game.history) % len(game.legal_moves())])
    while positions:
        game.pop()
        assert (game.position(), (list(game.history), game.all_cards(), game.legal_moves())) == (
            positions.pop(),
            codes.pop(),
        )


def test_the_checks_are_public_and_shared() -> None:
    assert checks.rules_arg("podkidnoy", "f") == Rules.make("podkidnoy")
    assert checks.players_arg(3, "f") == ["P1", "P2", "P3"]
    assert checks.players_arg(("Anna", "Boris"), "f") == ["Anna", "Boris"]
    assert checks.cards_arg("7S TH") == (Card.parse("7S"), Card.parse("TH"))
    assert checks.seat_arg(1, "f") == 1
    assert checks.shown("x" * 100) == repr("x" * 100)[:57] + "..."
    with pytest.raises(TypeError, match=r"^Recorder.create: players must be a list of names, not the string 'Anna'$"):
        checks.players_arg("Anna", "Recorder.create")
    with pytest.raises(TypeError, match=r"^f: rules must be a Rules or a preset name such as 'podkidnoy', not 3$"):
        checks.rules_arg(3, "f")
    with pytest.raises(TypeError, match=r"^f: the player is a seat number"):
        checks.seat_arg(True, "f")
    # the engine asks the same checks
    with pytest.raises(TypeError, match=r"^Game.deal: players must be a list of names, not the string 'AB'$"):
        Game.deal("podkidnoy", "AB")
    assert Move.attack(0, "7S") == Move(0, engine.Action.ATTACK, (Card.parse("7S"),))


def test_nothing_imports_a_private_name_of_the_engine_core() -> None:
    """Outside the core (cards, rules, engine, checks, which share their internals), no
    module imports a private name of it: the recorder, the replay and self-play once
    imported ``engine._players_arg`` and ``engine._shown``; the checks are public now
    (issue 23)."""
    core = {"durak_nb.cards", "durak_nb.rules", "durak_nb.engine", "durak_nb.checks"}
    found = []
    for path in sorted((ROOT / "durak_nb").rglob("*.py")):
        if "static" in path.parts or ".".join(path.relative_to(ROOT).with_suffix("").parts) in core:
            continue
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                module = ".".join([*base, node.module] if node.module else base)
                if module in core:
                    found += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert found == []
