"""The one schema of a recording's annotations and move objects (docs/notation.md,
"The JSON form"): which ``meta`` members the game tree takes in, and why not.

``meta.comments``, ``meta.comments_before``, ``meta.glyphs`` and ``meta.variations``
have an exact form; :func:`annotation_problem` says what is wrong with one, with the
place inside it (``"['3'][0].moves[1]: unknown action 'jump'"``), or ``None`` when the
member has that form.  The game tree (:mod:`durak_nb.record.tree`), the JSON reader's
bounds and the replay of variations all ask it, so they cannot disagree.

>>> annotation_problem("glyphs", {"0": "!"}, 1, ["Anna", "Boris"]) is None
True
>>> annotation_problem("comments_before", {"0": "The game's comment."}, 0, ["Anna", "Boris"]) is None
True
>>> annotation_problem("variations", {"3": []}, 5, ["Anna", "Boris"])
"['3']: a non-empty list of lines"
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from ..cards import Card, CardError
from ..engine import Action, Move
from ..i18n import _, ngettext
from ..text import visible

__all__ = [
    "ANNOTATION_KEYS",
    "GLYPHS",
    "annotation_problem",
    "move_from_input",
    "move_from_json",
    "move_to_json",
    "variation_depth",
    "variation_moves",
    "variations_problem",
]

#: The annotation glyphs, as in PGN: good, mistake, brilliant, blunder, interesting, dubious.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")

#: The ``meta`` members (and LINE members) that the tree takes in, in the order written.
ANNOTATION_KEYS = ("comments", "comments_before", "glyphs", "variations")

_INDEX = re.compile(r"0|[1-9][0-9]*")


def move_to_json(move: Move, names: Sequence[str]) -> dict[str, Any]:
    """One move as a JSON object (INTERCHANGE.md ``moves``); a redeal with no new deck
    but the cards claimed (a deal nobody saw, R5) as ``cards``."""
    out: dict[str, Any] = {"player": names[move.player], "action": move.action.value}
    a = move.action
    if a is Action.DEFEND:
        out["card"] = move.cards[0].code
        out["target"] = move.target.code if move.target is not None else None
    elif a in (Action.ATTACK, Action.THROW, Action.TRANSFER):
        out["cards"] = [c.code for c in move.cards]
        if move.show:
            out["show"] = True
    elif a is Action.REDEAL and move.deck is None and move.cards:
        out["cards"] = [c.code for c in move.cards]  # a deal nobody saw: the cards claimed (R5)
    elif a is Action.REDEAL:
        out["deck"] = [c.code for c in move.deck or ()]
    return out


def move_from_json(obj: object, players: Sequence[str]) -> Move:
    """A move object of the JSON form (INTERCHANGE.md ``moves``) as a :class:`Move`,
    read exactly: ``move_to_json(move_from_json(m, names), names) == m``.

    The move is not checked against any game.

    Raises:
        ValueError: not a move object of that exact form.
    """
    if not isinstance(obj, dict):
        raise ValueError(_("a move is an object"))
    player = obj.get("player")
    if not isinstance(player, str) or player not in players:
        raise ValueError(_("{value!r} is not a player").format(value=player))
    raw = obj.get("action")
    if not isinstance(raw, str) or raw not in {a.value for a in Action}:
        raise ValueError(_("unknown action {value!r}").format(value=raw))
    action = Action(raw)
    seat = list(players).index(player)
    try:
        if action in (Action.ATTACK, Action.THROW, Action.TRANSFER):
            move = Move(seat, action, _codes(obj.get("cards")), None, obj.get("show") is True)
        elif action is Action.DEFEND:
            card, target = _codes([obj.get("card"), obj.get("target")])
            move = Move(seat, action, (card,), target)
        elif action is Action.REDEAL and "cards" in obj:
            move = Move(seat, action, _codes(obj.get("cards")))
        elif action is Action.REDEAL:
            move = Move(seat, action, (), None, False, _codes(obj.get("deck")))
        else:
            move = Move(seat, action)
    except CardError as exc:
        raise ValueError(str(exc)) from exc
    if move_to_json(move, players) != obj:
        raise ValueError(_("the move object has members its action does not take"))
    return move


#: The members of a JSON move that hold card codes: ``True`` for a list of them.
_CARD_MEMBERS = {"cards": True, "deck": True, "card": False, "target": False}


def move_from_input(obj: object, players: Sequence[str]) -> Move:
    """A move object in the JSON form (INTERCHANGE.md ``moves``) as a program writes
    it (an outside bot, docs/bot-protocol.md): card codes as RULES.md R1 accepts them on
    input (``10C``, ``T♣``, ``tc`` for ``TC``), the rest exactly as
    :func:`move_from_json` reads it.  The refusal names the member at fault.

    Args:
        obj: the parsed JSON value.
        players: the names, in seat order.

    Raises:
        ValueError: not a move object; the message names the member (``cards[1]``,
            ``target``, a member the action does not take) and, for a card, the R1 words.
    """
    if not isinstance(obj, dict):
        raise ValueError(_("a move is an object"))
    canon = dict(obj)
    player, action = canon.get("player"), canon.get("action")
    if not isinstance(player, str) or player not in players:
        words = _("the member {member}: {value} is not a player here: {players}")
        raise ValueError(words.format(member=_member("player"), value=_value(player), players=", ".join(players)))
    if not isinstance(action, str) or action not in {a.value for a in Action}:
        words = _("the member {member}: {value} is not an action: {actions}")
        actions = ", ".join(a.value for a in Action)
        raise ValueError(words.format(member=_member("action"), value=_value(action), actions=actions))
    for key, many in _CARD_MEMBERS.items():
        if key not in canon:
            continue
        value = canon[key]
        if many and not isinstance(value, list):
            raise ValueError(_("the member {member}: a list of card codes").format(member=_member(key)))
        items = value if many else [value]
        codes = []
        for i, item in enumerate(items):
            where = f"{key}[{i}]" if many else key
            if not isinstance(item, str):
                raise ValueError(_("the member {member}: a card code is text").format(member=_member(where)))
            try:
                codes.append(Card.parse(item).code)
            except CardError as exc:
                raise ValueError(_("the member {member}: {error}").format(member=_member(where), error=exc)) from None
        canon[key] = codes if many else codes[0]
    needs = {"defend": ("card", "target"), "attack": ("cards",), "throw": ("cards",), "transfer": ("cards",)}
    for key in needs.get(action, ()):
        if key not in canon:
            raise ValueError(_("the member {member} is missing").format(member=_member(key)))
    if canon.get("show") is False:  # not shown: the exact form leaves it out
        del canon["show"]
    takes = _TAKES.get(action, frozenset())
    move = move_from_json({k: v for k, v in canon.items() if k in takes or k in ("player", "action")}, players)
    expected = move_to_json(move, players)
    for key, value in canon.items():
        if key not in expected or expected[key] != value:
            words = _("the member {member} is not one that the action {action} takes (as given: {value})")
            raise ValueError(words.format(member=_member(key), action=move.action.value, value=_value(value)))
    return move


#: The members each action's JSON move may have besides ``player`` and ``action``.
_TAKES = {
    "attack": frozenset({"cards", "show"}),
    "throw": frozenset({"cards", "show"}),
    "transfer": frozenset({"cards", "show"}),
    "defend": frozenset({"card", "target"}),
    "redeal": frozenset({"cards", "deck"}),
}


def _value(value: object) -> str:
    """A value as given, for a message: JSON, at most 40 characters, escaped."""
    text = json.dumps(value, ensure_ascii=False)
    return visible(text[:40] + ("…" if len(text) > 40 else ""), json_string=True)


def _member(name: str) -> str:
    """A member's name as a message shows it: quoted JSON, control characters escaped."""
    return visible(json.dumps(name, ensure_ascii=False), json_string=True)


def _codes(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise CardError("R1", _("a list of card codes"))
    return tuple(Card.parse(c) for c in value)


def _entry_problem(key: str, k: object, item: object, count: int, root: bool, at: str) -> str | None:
    """What is wrong with one entry ``k: item`` of the member ``key`` of a line of ``count`` moves."""
    if not isinstance(k, str) or not _INDEX.fullmatch(k):
        return _("{at}: a key is a move index: 0, 1, 2, …").format(at=at)
    in_range = len(k) <= 9 and int(k) < count
    if not in_range and not (key == "comments_before" and root and count == 0 and k == "0"):
        return ngettext("{at}: the line has {n} moves", "{at}: the line has {n} moves", count).format(at=at, n=count)
    # a variation replacing a variation's first move is one more alternative at the
    # same branch point (a sibling in the tree), so it cannot nest there
    if key == "variations" and not root and k == "0":
        return _("{at}: a line's first move has no variations (they are variations of the line before)").format(at=at)
    if key in ("comments", "comments_before") and not isinstance(item, str):
        return _("{at}: a comment is text").format(at=at)
    if key == "glyphs" and item not in GLYPHS:
        return _("{at}: a glyph is one of {glyphs}").format(at=at, glyphs=" ".join(GLYPHS))
    if key == "variations" and (not isinstance(item, list) or not item):
        return _("{at}: a non-empty list of lines").format(at=at)
    return None


def _line_problem(line: object, players: Sequence[str], here: str) -> str | None:
    """What is wrong with one LINE object of a variation, apart from its annotations."""
    if not isinstance(line, dict) or not isinstance(line.get("moves"), list) or not line["moves"]:
        return _("{at}: a line is an object with a non-empty 'moves' list").format(at=here)
    extra = [key for key in line if key != "moves" and key not in ANNOTATION_KEYS]
    if extra:
        return _("{at}: unknown member {member!r}").format(at=here, member=extra[0])
    for m, obj in enumerate(line["moves"]):
        try:
            move_from_json(obj, players)
        except ValueError as exc:
            return f"{here}.moves[{m}]: {exc}"
    return None


def annotation_problem(key: str, value: object, count: int, players: Sequence[str], *, root: bool = True) -> str | None:
    """What is wrong with the annotation member ``key`` (one of :data:`ANNOTATION_KEYS`)
    of a line of ``count`` moves, with the place inside it, or ``None`` when it has
    exactly the documented form (so that the tree takes it in and gives it back
    unchanged).  ``root``: the member belongs to the main line (where
    ``comments_before["0"]`` is also the comment of a game without moves).

    Variations are checked with an explicit stack, never by recursion.

    Args:
        key: ``'comments'``, ``'comments_before'``, ``'glyphs'`` or ``'variations'``.
        value: the member's value.
        count: the number of moves of the line it annotates.
        players: the seat names (move objects name their player).
    """
    todo: list[tuple[str, str, object, int, bool]] = [(key, "", value, count, root)]
    while todo:
        key, where, value, count, root = todo.pop()
        if not isinstance(value, dict) or not value:
            if not where:
                return _("it: {key} must be a non-empty object keyed by move index").format(key=key)
            return _("{at}: {key} must be a non-empty object keyed by move index").format(at=where, key=key)
        for k, item in value.items():
            at = f"{where}[{k!r}]" if where else f"[{k!r}]"
            problem = _entry_problem(key, k, item, count, root, at)
            if problem is not None:
                return problem
            if key != "variations":
                continue
            assert isinstance(item, list)
            for n, line in enumerate(item):
                here = f"{at}[{n}]"
                problem = _line_problem(line, players, here)
                if problem is not None:
                    return problem
                assert isinstance(line, dict)
                for sub in ANNOTATION_KEYS:
                    if sub in line:
                        todo.append((sub, f"{here}.{sub}", line[sub], len(line["moves"]), False))
    return None


def variations_problem(value: object, count: int, players: Sequence[str]) -> str | None:
    """:func:`annotation_problem` of a main line's ``meta.variations`` (``count`` moves)."""
    return annotation_problem("variations", value, count, players)


def variation_moves(value: object) -> int:
    """How many moves the lines of a well-formed ``variations`` member hold, nested ones
    included, counted with an explicit stack."""
    total = 0
    todo: list[object] = [value]
    while todo:
        member = todo.pop()
        if not isinstance(member, dict):
            continue
        for lines in member.values():
            for line in lines if isinstance(lines, list) else ():
                if isinstance(line, dict):
                    moves = line.get("moves")
                    total += len(moves) if isinstance(moves, list) else 0
                    todo.append(line.get("variations"))
    return total


def variation_depth(value: object) -> int:
    """How deeply the lines of a well-formed ``variations`` member nest (1: variations
    of the main line only), walked with an explicit stack."""
    most = 0
    todo: list[tuple[object, int]] = [(value, 1)]
    while todo:
        member, d = todo.pop()
        if not isinstance(member, dict):
            continue
        most = max(most, d)
        for lines in member.values():
            for line in lines if isinstance(lines, list) else ():
                if isinstance(line, dict) and "variations" in line:
                    todo.append((line["variations"], d + 1))
    return most
