"""The notation's header lines of a game (docs/notation.md, "Headers"): what the
canonical writer (:mod:`.writer`) writes above the moves, and what the JSON reader
(:mod:`.json_form`) asks of every document it accepts, so that each one can be written
(defect 9: one answer).  It sits below both: it knows a recording only by the members
it reads (:class:`Headed`).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any, Protocol

from ..cards import deck
from ..engine import Start
from ..i18n import _, ngettext
from ..rules import Rules
from ..unseen import PartialDeal
from . import jsonio
from .base import MAX_BOUT, MAX_JSON_DEPTH, Deal, RecordingError
from .lexer import HEADER_NAME, MAX_HEADER_CHARS, MAX_HEADERS, META_KEY, STANDARD_HEADERS, quote_name

__all__ = ["Headed", "header_lines"]


class Headed(Protocol):
    """What :func:`header_lines` reads of a recording (a
    :class:`~durak_nb.record.json_form.Recording` is one)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def deal(self) -> Deal | PartialDeal | None: ...
    @property
    def start(self) -> Start | None: ...
    @property
    def result(self) -> dict[str, Any] | None: ...
    @property
    def file(self) -> str: ...


def _header(name: str, value: str) -> str:
    return f"[{name} {value}]"


def _json_value(value: Any, file: str) -> str:
    if jsonio.depth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise RecordingError(
            _("a meta value nested more than {limit} deep cannot be written").format(limit=MAX_JSON_DEPTH), file=file
        )
    try:
        return jsonio.encode(value)
    except ValueError as exc:
        raise RecordingError(_("a meta value cannot be written as JSON: {why}").format(why=exc), file=file) from None


def _seed_matches(rec: Headed, seed: object) -> bool:
    """Whether ``[Seed seed]`` reads back as ``rec``'s deal (deck and trump)."""
    d = rec.deal
    if not isinstance(d, Deal) or not isinstance(seed, int) or isinstance(seed, bool):
        return False
    if not re.fullmatch(r"-?[0-9]{1,40}", str(seed)):
        return False
    cards = list(deck(rec.rules.deck_size))
    rng = random.Random(seed)
    rng.shuffle(cards)
    no_card = len(cards) <= len(rec.players) * rec.rules.hand_size
    if d.trump is None and no_card and not rec.rules.japanese:
        return False
    return tuple(cards) == d.deck


def header_lines(rec: Headed, meta: dict[str, Any], ends: dict[int, int] | None = None) -> list[str]:
    """The header lines of ``rec``'s game in the canonical form, ``meta`` being its free
    members (those the game tree does not take), within the notation's bounds.  The JSON
    reader asks it too, so that every document it accepts can be written.

    ``ends`` maps a main-line move that ends a bout (in bito or a take) to that bout's
    number: a refill of a deal nobody saw (``[Drew BOUT …]``) names the bout.  Without
    it (a bound check only) a refill after move ``k`` is written with ``k + 1``, as
    long as any bout number it can have.

    Raises:
        RecordingError: more than :data:`MAX_HEADERS` headers, a line longer than
            :data:`MAX_HEADER_CHARS`, a ``meta`` value that is not JSON data or nests
            too deeply, or a bout past :data:`MAX_BOUT`.
    """
    names = rec.players
    file = rec.file
    out: list[str] = []
    # meta, in its order
    uses_seed = False
    for key, value in meta.items():
        if key == "event" and isinstance(value, str):
            out.append(_header("Event", json.dumps(value, ensure_ascii=False)))
        elif (
            key == "headers"
            and isinstance(value, dict)
            and value
            and all(
                isinstance(k, str)
                and HEADER_NAME.fullmatch(k)
                and k[0].isupper()
                and k not in STANDARD_HEADERS
                and isinstance(v, str)
                for k, v in value.items()
            )
        ):
            out.extend(_header(k, json.dumps(v, ensure_ascii=False)) for k, v in value.items())
        elif key == "seed" and _seed_matches(rec, value):
            uses_seed = True
            out.append(_header("Seed", str(value)))
        elif META_KEY.fullmatch(key):
            out.append(_header(key, _json_value(value, file)))
        else:
            out.append(_header("Meta", f"{json.dumps(key, ensure_ascii=False)} {_json_value(value, file)}"))
    # the game
    out.append(_header("Players", " ".join(quote_name(n) for n in names)))
    rules_json = rec.rules.to_json(names)
    words = [rec.rules.preset]
    if isinstance(rules_json, dict):
        words += [f"{k}={json.dumps(v)}" for k, v in rules_json.items() if k not in ("preset", "teams")]
    out.append(_header("Rules", " ".join(words)))
    if rec.rules.teams is not None:
        out.append(_header("Teams", " | ".join(" ".join(quote_name(names[s]) for s in g) for g in rec.rules.teams)))
    if rec.result is not None:
        out.append(_header("Result", _result_text(rec.result, names, file)))
    if isinstance(rec.deal, PartialDeal):
        out.extend(_partial_headers(rec.deal, names, file, ends))
    elif rec.deal is not None:
        d = rec.deal
        out.append(_header("Dealer", quote_name(names[d.dealer])))
        if not uses_seed:
            out.append(_header("Deck", " ".join(c.code for c in d.deck)))
        if d.trump is not None:
            out.append(_header("Trump", d.trump.code))
        if d.attacker is not None:
            out.append(_header("Attacker", quote_name(names[d.attacker])))
    else:
        s = rec.start
        assert s is not None
        for seat, hand in enumerate(s.hands):
            out.append(_header("Hand", f"{quote_name(names[seat])} {' '.join(c.code for c in hand) or '-'}"))
        out.append(_header("Talon", " ".join(c.code for c in s.talon) or "-"))
        out.append(_header("Trump", s.trump.code))
        if s.discard:
            used = {c for h in s.hands for c in h} | set(s.talon)
            rest = tuple(c for c in deck(rec.rules.deck_size) if c not in used)
            out.append(_header("Discard", "rest" if s.discard == rest else " ".join(c.code for c in s.discard)))
        out.append(_header("Attacker", quote_name(names[s.attacker])))
        if s.first_bito_done:
            out.append(_header("FirstBito", "yes"))
        if s.bout > MAX_BOUT:
            raise RecordingError(
                _("start.bout {bout}: the notation's bout numbers go up to {limit}").format(
                    bout=s.bout, limit=MAX_BOUT
                ),
                file=file,
            )
        if s.bout != 1:
            out.append(_header("Bout", str(s.bout)))
    for line in out:
        if len(line) > MAX_HEADER_CHARS:
            raise RecordingError(
                _("the header {start}... would have {n} characters; the limit is {limit}").format(
                    start=line[:30], n=len(line), limit=MAX_HEADER_CHARS
                ),
                file=file,
            )
    if len(out) > MAX_HEADERS:
        raise RecordingError(
            ngettext("{n} header; the limit is {limit}", "{n} headers; the limit is {limit}", len(out)).format(
                n=len(out), limit=MAX_HEADERS
            ),
            file=file,
        )
    return out


def _partial_headers(d: PartialDeal, names: Sequence[str], file: str, ends: dict[int, int] | None) -> list[str]:
    """The headers of a deal nobody saw whole: ``Dealer``, ``TurnedUp`` or ``Trump``,
    ``Attacker``, ``Shown`` and ``Dealt`` per player (seat order), ``Drew`` per refill."""
    out = [_header("Dealer", quote_name(names[d.dealer]))]
    if d.turned_up is not None:
        out.append(_header("TurnedUp", d.turned_up.code))
    if d.trump is not None:
        out.append(_header("Trump", d.trump.code))
    if d.attacker is not None:
        out.append(_header("Attacker", quote_name(names[d.attacker])))
    for header, pairs in (("Shown", d.shown), ("Dealt", d.hands)):
        for seat, cards in pairs:
            out.append(_header(header, f"{quote_name(names[seat])} {' '.join(c.code for c in cards)}"))
    for i, draw in enumerate(d.draws):
        if ends is None:
            bout = draw.after + 1
        elif draw.after in ends:
            bout = ends[draw.after]
        else:
            raise RecordingError(
                _("{member}: move {k} does not end a bout in bito or a take, so no refill follows it").format(
                    member=f"deal.draws[{i}]",
                    k=draw.after + 1,  # as people count moves
                ),
                file=file,
                rule="R16",
            )
        drawn = " ".join(c.code for c in draw.cards)
        out.append(_header("Drew", f"{bout} {quote_name(names[draw.player])} {drawn}"))
    return out


def _result_text(result: dict[str, Any], names: Sequence[str], file: str) -> str:
    items = list(result.items())
    durak = result.get("durak")
    if isinstance(durak, str) and durak in names:
        if items == [("durak", durak)]:
            return f"durak {quote_name(durak)}"
        if items == [("durak", durak), ("epaulettes", True)]:
            return f"durak {quote_name(durak)} epaulettes"
    if items == [("durak", None), ("draw", True)]:
        return "draw"
    team = result.get("losing_team")
    if (
        isinstance(team, list)
        and team
        and all(isinstance(t, str) and t in names for t in team)
        and items == [("durak", None), ("losing_team", team)]
    ):
        return "losers " + " ".join(quote_name(t) for t in team)
    return _json_value(result, file)
