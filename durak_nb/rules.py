"""Rule presets and options (RULES.md "Variants" and "Options"), and the rule-id table.

>>> r = Rules.make("perevodnoy", first_bout_limit=6)
>>> r.transfers, r.throw_ins, r.hand_size, r.first_bout_limit
(True, True, 6, 6)
>>> Rules.make("english").hand_size
5
>>> r
Rules.make('perevodnoy', first_bout_limit=6)
>>> Rules.make("podkidnoy", bout_limit=7, deck_size=40)
Traceback (most recent call last):
...
durak_nb.rules.RulesError: [R1] option deck_size: a deck has 24, 36 or 52 cards, not 40
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import DurakError
from .i18n import N_, _, get_language, ngettext
from .text import json_shown

__all__ = [
    "MAX_REPETITION_DRAW",
    "OPTION_NAMES",
    "OPTION_TEXTS",
    "PRESETS",
    "PRESET_NAMES",
    "RULE_TEXTS",
    "Rules",
    "RulesError",
    "option_text",
    "preset_text",
    "preset_words",
    "rule_text",
]


class RulesError(DurakError):
    """An unknown preset or option, or an option value out of range.

    ``rule`` is the rule id the option belongs to (``None`` for an unknown preset or
    option name); the message names the option.  ``option`` is the name of the option
    whose value is out of range or of the wrong type (``'bout_limit'``), else ``None``:
    a reader places the error at that option (``[Rules podkidnoy bout_limit=…]``).
    """

    def __init__(self, rule: str | None, message: str, option: str | None = None) -> None:
        super().__init__(rule, message)
        self.option = option

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rule, self.message, self.option))


#: Preset name -> (hand size, throw-ins, transfers, lead style, japanese).
#: Lead style: ``"any"`` (one or more of a rank), ``"single_or_pair"`` (prostoy),
#: ``"pair"`` (english, R9).
PRESETS: dict[str, tuple[int, bool, bool, str, bool]] = {
    "podkidnoy": (6, True, False, "any", False),
    "perevodnoy": (6, True, True, "any", False),
    "prostoy": (5, False, False, "single_or_pair", False),
    "english": (5, False, False, "pair", False),
    "japanese": (6, True, False, "any", True),
}

#: Short texts of every rule id, English with the Russian term, for messages and lessons;
#: a person reads them through :func:`rule_text` (in the language in use).
RULE_TEXTS: dict[str, str] = {
    "R1": N_("Decks of 24, 36 or 52 cards; card codes (колода)."),
    "R2": N_("2 players up to deck size // hand size; attacks go to the left."),
    "R3": N_("Deal one card at a time; the next card turned up is trump (козырь)."),
    "R4": N_("The lowest trump attacks first; later games: from under the durak (из-под дурака)."),
    "R5": N_("Redeal when dealt five or more of one suit (пересдача)."),
    "R6": N_("A higher card of the suit, or a trump, beats a card (побить)."),
    "R7": N_("Option: the trump six beats the trump ace."),
    "R8": N_("Japanese durak: diamonds are trump; spades only by higher spades."),
    "R9": N_("The lead: one or more cards of one rank (заход)."),
    "R10": N_("The defender beats, transfers or takes (отбивающийся)."),
    "R11": N_("Throw-ins: cards of ranks already on the table (подкинуть)."),
    "R12": N_("The attacker throws first; a pass lasts until the next card."),
    "R13": N_("Limits: six cards, never more than the defender holds, five before the first bito."),
    "R14": N_("Take (принять); throw-ins after take (вдогонку)."),
    "R15": N_("Bito: all covered, all passed, cards to the discard (бито, отбой)."),
    "R16": N_("Draw up to the hand size: attacker first, defender last (добор)."),
    "R17": N_("Transfer: add cards of the attack rank, pass the bout on (перевод)."),
    "R18": N_("No transfer once a card is covered, nor past the next defender's hand or the limit."),
    "R19": N_("No transfer in the first bout (первый кон переводить нельзя)."),
    "R20": N_("Shown-trump transfer, once per bout (проездной)."),
    "R21": N_("With two players a transfer goes back to the attacker."),
    "R22": N_("Teams: partners never attack or throw in on each other (пара на пару)."),
    "R23": N_("Next attack: the defender after bito; left of the defender after take."),
    "R24": N_("With the talon empty, a player without cards is out (вышел)."),
    "R25": N_("The last player with cards is the durak (дурак); going out together is a draw (ничья)."),
    "R26": N_("Epaulettes: the last bout led with two sixes (погоны)."),
    "R27": N_("A position seen for the third time ends the game in a draw (repetition)."),
}


#: Each preset as people call it (a person reads it through :func:`preset_text`).
PRESET_NAMES: dict[str, str] = {
    "podkidnoy": N_("podkidnoy (throw-in durak)"),
    "perevodnoy": N_("perevodnoy (transfer durak)"),
    "prostoy": N_("prostoy (simple durak)"),
    "english": N_("english durak"),
    "japanese": N_("japanese durak"),
}

#: What each option means, in one line with its rule id (a person reads it through
#: :func:`option_text`).
OPTION_TEXTS: dict[str, str] = {
    "deck_size": N_("cards in the deck: 24, 36 or 52 (R1)"),
    "hand_size": N_("cards dealt, and drawn up to after each bout (R3, R16)"),
    "bout_limit": N_("the most attack cards in one bout (R13a)"),
    "first_bout_limit": N_("the most attack cards before the first bito: 5 or 6 (R13c)"),
    "transfer_first_bout": N_("transfers allowed in the first bout too (R19)"),
    "show_trump_transfer": N_("transfer by showing the trump of the attack rank, проездной (R20)"),
    "trump_six_beats_ace": N_("the trump six beats the trump ace (R7)"),
    "neighbours_only_over_4": N_("with more than 4 players only the defender's neighbours throw in (R11)"),
    "draw_allowed": N_("going out together is a draw; off: the last defender loses (R25)"),
    "two_sixes_win": N_("two players left: one holding exactly two sixes wins (R26)"),
    "redeal_five_of_suit": N_("a player dealt five or more cards of one suit may claim a redeal (R5)"),
    "repetition_draw": N_("a position seen this many times ends the game in a draw; 0: off (R27)"),
    "teams": N_("teams of partners, e.g. [[0, 2], [1, 3]] (R22)"),
}


def rule_text(rule: str) -> str:
    """The short text of ``rule`` (:data:`RULE_TEXTS`) in the language in use; ``'R13b'``
    reads R13's.

    Raises:
        KeyError: no such rule id.

    >>> rule_text("R19")
    'No transfer in the first bout (первый кон переводить нельзя).'
    >>> from durak_nb.i18n import language
    >>> with language("ru"):
    ...     rule_text("R19")
    'Первый кон переводить нельзя.'
    """
    return _(RULE_TEXTS[rule.rstrip("abc")])


def preset_text(preset: str) -> str:
    """A preset as people call it, in the language in use: ``'podkidnoy (throw-in
    durak)'``, «подкидной дурак», «підкидний дурень»; an unknown name is given back as it is.

    >>> from durak_nb.i18n import language
    >>> with language("uk"):
    ...     preset_text("perevodnoy")
    'переказний дурень'
    """
    said = PRESET_NAMES.get(preset)
    return preset if said is None else _(said)


def preset_words(preset: str) -> str:
    """A preset where a person reads it beside other words (a replay's first line, a
    page's header): the name itself in English (``'podkidnoy'``, the glossary's English
    word, as files write it), the game's name in Russian and Ukrainian
    (:func:`preset_text`: «переводной дурак», «переказний дурень»); an unknown name as it is.

    >>> from durak_nb.i18n import language
    >>> preset_words("perevodnoy")
    'perevodnoy'
    >>> with language("ru"):
    ...     preset_words("perevodnoy")
    'переводной дурак'
    """
    return preset if get_language() == "en" else preset_text(preset)


def option_text(name: str) -> str:
    """What option ``name`` means, in the language in use (:data:`OPTION_TEXTS`).

    Raises:
        KeyError: no such option.

    >>> option_text("trump_six_beats_ace")
    'the trump six beats the trump ace (R7)'
    """
    return _(OPTION_TEXTS[name])


#: The most occurrences of one position ``repetition_draw`` may wait for (R27): the
#: bound of the option, as the deck size bounds ``hand_size`` (R3) and ``bout_limit`` (R13a).
MAX_REPETITION_DRAW = 100

OPTION_NAMES = (
    "deck_size",
    "hand_size",
    "bout_limit",
    "first_bout_limit",
    "transfer_first_bout",
    "show_trump_transfer",
    "trump_six_beats_ace",
    "neighbours_only_over_4",
    "draw_allowed",
    "two_sixes_win",
    "redeal_five_of_suit",
    "repetition_draw",
    "teams",
)

_OPTION_RULE = {
    "deck_size": "R1",
    "hand_size": "R3",
    "bout_limit": "R13a",
    "first_bout_limit": "R13c",
    "transfer_first_bout": "R19",
    "show_trump_transfer": "R20",
    "trump_six_beats_ace": "R7",
    "neighbours_only_over_4": "R11",
    "draw_allowed": "R25",
    "two_sixes_win": "R26",
    "redeal_five_of_suit": "R5",
    "repetition_draw": "R27",
    "teams": "R22",
}


#: The declared type (a string) of each :class:`Rules` field, filled on first use (``_check``).
_FIELD_TYPES: dict[str, Any] = {}


@dataclass(frozen=True, repr=False)
class Rules:
    """A preset plus options: everything the engine needs to know about the variant.

    Build with :meth:`make` (defaults filled in per preset, values checked) or
    :meth:`from_json` (the ``rules`` member of a ``durak-nb/1`` document).

    Attributes:
        preset: ``podkidnoy`` (default), ``perevodnoy``, ``prostoy``, ``english``, ``japanese``.
        deck_size: 24, 36 or 52 (R1).
        hand_size: cards dealt and drawn up to (R3, R16); 6, or 5 in prostoy/english;
            1 to half the deck.
        bout_limit: most attack cards in one bout (R13a), default 6; 1 to the deck size.
        first_bout_limit: most attack cards before the first bito while defending (R13c), 5 or 6.
        transfer_first_bout: allow transfers in the first bout (R19).
        show_trump_transfer: проездной (R20).
        trump_six_beats_ace: R7.
        neighbours_only_over_4: only the defender's neighbours throw in with > 4 players (R11).
        draw_allowed: going out together is a draw; off: the last defender loses (R25).
        two_sixes_win: two players left, one holding exactly two sixes wins (R26).
        redeal_five_of_suit: R5.
        repetition_draw: the occurrence of a position that ends the game (R27); 0 = off,
            else 2 to :data:`MAX_REPETITION_DRAW`.
        teams: seat groups (tuples of 0-based seats), or ``None`` (R22).
    """

    preset: str = "podkidnoy"
    deck_size: int = 36
    hand_size: int = 6
    bout_limit: int = 6
    first_bout_limit: int = 5
    transfer_first_bout: bool = False
    show_trump_transfer: bool = False
    trump_six_beats_ace: bool = False
    neighbours_only_over_4: bool = False
    draw_allowed: bool = True
    two_sixes_win: bool = False
    redeal_five_of_suit: bool = False
    repetition_draw: int = 3
    teams: tuple[tuple[int, ...], ...] | None = None
    # derived from the preset, not options
    throw_ins: bool = field(default=True, init=False, compare=False)
    transfers: bool = field(default=False, init=False, compare=False)
    lead_style: str = field(default="any", init=False, compare=False)
    japanese: bool = field(default=False, init=False, compare=False)

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise RulesError(
                None,
                _("unknown preset {preset}: use one of {presets}").format(
                    preset=repr(self.preset), presets=", ".join(PRESETS)
                ),
            )
        _hand, throw_ins, transfers, lead_style, japanese = PRESETS[self.preset]
        object.__setattr__(self, "throw_ins", throw_ins)
        object.__setattr__(self, "transfers", transfers)
        object.__setattr__(self, "lead_style", lead_style)
        object.__setattr__(self, "japanese", japanese)
        self._check()

    @classmethod
    def make(cls, preset: str | Mapping[str, Any] = "podkidnoy", **options: Any) -> Rules:
        """Rules of ``preset`` with ``options`` (names of RULES.md's option table).

        ``preset`` may also be a mapping with ``preset`` and options, as the JSON form's
        ``rules`` member (:meth:`from_json`): ``Rules.make({"preset": "perevodnoy"})``.

        ``hand_size`` defaults to 5 in prostoy and english, 6 elsewhere; ``teams`` is a
        list of seat groups (lists of 0-based seats).

        Raises:
            RulesError: a preset that is neither a name nor a mapping (a list, a number);
                unknown preset or option name, or a value out of range; the
                message names the option, its rule id and the values allowed
                (``deck_size`` 24, 36 or 52, R1; ``hand_size`` 1 to half the deck, R3;
                ``bout_limit`` 1 to the deck size, R13a; ``first_bout_limit`` 5 or 6,
                R13c; ``repetition_draw`` 0 or 2 to :data:`MAX_REPETITION_DRAW`, R27).
                The players are bounded by :meth:`check_players` (R2).
        """
        if isinstance(preset, Mapping) and not options:  # Rules.make({"preset": ..., "deck_size": 36})
            return cls.from_json(preset)
        if not isinstance(preset, str):
            raise RulesError(
                None,
                _("the preset is a name ({presets}) or an object with 'preset' and options").format(
                    presets=", ".join(PRESETS)
                ),
            )
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(
                None,
                _("unknown option {option}: the options are {options}").format(
                    option=repr(unknown[0]), options=", ".join(OPTION_NAMES)
                ),
            )
        if preset not in PRESETS:
            raise RulesError(
                None,
                _("unknown preset {preset}: use one of {presets}").format(
                    preset=repr(preset), presets=", ".join(PRESETS)
                ),
            )
        options.setdefault("hand_size", PRESETS[preset][0])
        teams = options.get("teams")
        if teams is not None:
            if not isinstance(teams, Sequence) or isinstance(teams, str):
                raise RulesError("R22", _("option teams: a list of seat groups, e.g. [[0, 2], [1, 3]]"))
            ok = all(
                isinstance(group, Sequence)
                and not isinstance(group, str)
                and all(isinstance(seat, int) and not isinstance(seat, bool) for seat in group)
                for group in teams
            )
            if not ok:
                raise RulesError(
                    "R22", _("option teams: a list of seat groups of whole numbers, e.g. [[0, 2], [1, 3]]")
                )
            options["teams"] = tuple(tuple(group) for group in teams)
        return cls(preset=preset, **options)

    @classmethod
    def from_json(cls, value: object, players: Sequence[str] | None = None) -> Rules:
        """Rules from the ``rules`` member of a ``durak-nb/1`` document.

        Args:
            value: a preset name, or an object with ``preset`` and options.
            players: seat names, so that ``teams`` may name players instead of seats.

        Raises:
            RulesError: not a string or object, unknown preset or option, bad value.
        """
        if isinstance(value, str):
            return cls.make(value)
        if not isinstance(value, Mapping):
            raise RulesError(None, _("rules: a preset name or an object with 'preset' and options"))
        opts = dict(value)
        preset = opts.pop("preset", "podkidnoy")
        if not isinstance(preset, str):
            raise RulesError(None, _("rules.preset: a preset name"))
        teams = opts.get("teams")
        if teams is not None and players is not None and isinstance(teams, list):
            seats = {name: i for i, name in enumerate(players)}
            groups = []
            for group in teams:
                if not isinstance(group, list):
                    raise RulesError("R22", _("option teams: a list of seat groups, e.g. [[0, 2], [1, 3]]"))
                row = []
                for member in group:
                    if isinstance(member, str):
                        if member not in seats:
                            raise RulesError(
                                "R22", _("option teams: {member} is not a player").format(member=repr(member))
                            )
                        row.append(seats[member])
                    else:
                        row.append(member)
                groups.append(row)
            opts["teams"] = groups
        return cls.make(preset, **opts)

    def to_json(self, players: Sequence[str] | None = None) -> str | dict[str, Any]:
        """The ``rules`` member: the preset name alone when every option is at its
        default, else an object with ``preset`` and the options that differ.

        Teams are written with player names when ``players`` is given.
        """
        default = Rules.make(self.preset)
        out: dict[str, Any] = {}
        for name in OPTION_NAMES:
            mine = getattr(self, name)
            if mine != getattr(default, name):
                if name == "teams" and mine is not None:
                    mine = [[players[s] if players else s for s in g] for g in mine]
                out[name] = mine
        if not out:
            return self.preset
        return {"preset": self.preset, **out}

    def __repr__(self) -> str:
        """The call that makes these rules, with the options that differ from the
        preset's defaults: ``Rules.make('perevodnoy', first_bout_limit=6)``."""
        default = Rules.make(self.preset)
        changed = [
            f"{name}={getattr(self, name)!r}" for name in OPTION_NAMES if getattr(self, name) != getattr(default, name)
        ]
        return f"Rules.make({', '.join([repr(self.preset), *changed])})"

    def options(self) -> dict[str, Any]:
        """Every option as a dict (name -> value)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked as in :meth:`make`)."""
        opts = {n: getattr(self, n) for n in OPTION_NAMES}
        opts.update(changes)
        preset = opts.pop("preset", self.preset) if "preset" in opts else self.preset
        return Rules.make(preset, **opts)

    def team_of(self, seat: int) -> int | None:
        """Index of the team holding ``seat`` (R22), or ``None`` without teams."""
        if self.teams is None:
            return None
        for i, group in enumerate(self.teams):
            if seat in group:
                return i
        return None

    def check_players(self, count: int) -> None:
        """Check that ``count`` players fit these rules (R2) and the teams (R22).

        Raises:
            RulesError: too few or too many players, or teams that do not cover every
                seat exactly once or seat partners side by side.
        """
        most = self.deck_size // self.hand_size
        if not 2 <= count <= most:
            raise RulesError(
                "R2",
                ngettext(
                    "{count} player: with {deck} cards and hands of {hand} the game takes 2 to {most} players",
                    "{count} players: with {deck} cards and hands of {hand} the game takes 2 to {most} players",
                    count,
                ).format(count=count, deck=self.deck_size, hand=self.hand_size, most=most),
            )
        if self.teams is not None:
            seats = sorted(s for g in self.teams for s in g)
            if seats != list(range(count)):
                raise RulesError(
                    "R22",
                    _("option teams: every seat 0..{last} must be in exactly one team, got {teams}").format(
                        last=count - 1, teams=[list(g) for g in self.teams]
                    ),
                )
            for s in range(count):
                if self.team_of(s) == self.team_of((s + 1) % count):
                    raise RulesError(
                        "R22",
                        _(
                            "option teams: partners sit alternately, but seats {a} and {b} are partners and neighbours"
                        ).format(a=s, b=(s + 1) % count),
                    )

    def _check(self) -> None:
        def bad(name: str, why: str) -> RulesError:
            # TRANSLATORS: {name} is the option's name as written (deck_size); {why} what it must be
            return RulesError(_OPTION_RULE[name], _("option {name}: {why}").format(name=name, why=why), option=name)

        types = _FIELD_TYPES
        if not types:  # once: the declared type of each field
            types.update({f.name: f.type for f in dataclasses.fields(self)})
        for name in OPTION_NAMES:
            value = getattr(self, name)
            kind = types[name]
            if kind in ("bool",) and not isinstance(value, bool):
                raise bad(name, _("true or false, not {value}").format(value=json_shown(value)))
            if kind in ("int",) and (isinstance(value, bool) or not isinstance(value, int)):
                raise bad(name, _("a whole number, not {value}").format(value=json_shown(value)))
        if self.deck_size not in (24, 36, 52):
            raise bad("deck_size", _("a deck has 24, 36 or 52 cards, not {n}").format(n=self.deck_size))
        if not 1 <= self.hand_size <= self.deck_size // 2:
            raise bad(
                "hand_size", _("between 1 and {most}, not {n}").format(most=self.deck_size // 2, n=self.hand_size)
            )
        if not 1 <= self.bout_limit <= self.deck_size:  # R13a: no bout holds more cards than the deck
            raise bad("bout_limit", _("between 1 and {most}, not {n}").format(most=self.deck_size, n=self.bout_limit))
        if self.first_bout_limit not in (5, 6):
            raise bad("first_bout_limit", _("5 or 6, not {n}").format(n=self.first_bout_limit))
        if not (self.repetition_draw == 0 or 2 <= self.repetition_draw <= MAX_REPETITION_DRAW):
            raise bad(
                "repetition_draw",
                _("0 (off) or 2 to {most}, not {n}").format(most=MAX_REPETITION_DRAW, n=self.repetition_draw),
            )
        if self.teams is not None and (len(self.teams) < 2 or any(len(g) < 2 for g in self.teams)):
            raise bad("teams", _("at least two teams of at least two partners each (2 vs 2, 3 vs 3)"))
