"""durak-nb: learn, replay and annotate games of Durak (дурак) in Jupyter.

The engine core (:mod:`durak_nb.cards`, :mod:`durak_nb.rules`, :mod:`durak_nb.engine`)
implements every rule of RULES.md (R1–R27); recordings, replays and views build on it.

Everything a person reads is in English, Russian or Ukrainian: ``durak_nb.set_language("uk")``
(or ``with durak_nb.language("ru"): ...``, or the environment variable ``DURAK_NB_LANG``;
see :mod:`durak_nb.i18n`).
"""

from importlib import metadata as _metadata

from .cards import Card, CardError, Rank, Suit, beats, card_text, cards_text, count_cards, deck, parse_card, parse_cards
from .engine import (
    Action,
    Bito,
    Drew,
    Event,
    Game,
    GameOver,
    IllegalMove,
    LeadPassed,
    Move,
    Out,
    Position,
    Redealt,
    Refusal,
    Result,
    SetupError,
    Start,
    Took,
)
from .errors import DurakError
from .i18n import get_language, language, set_language
from .rules import PRESETS, RULE_TEXTS, Rules, RulesError

try:  # the version has one home: the package metadata (pyproject.toml)
    __version__ = _metadata.version("durak-nb")
except _metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree without install
    __version__ = "0+unknown"

__all__ = [
    "PRESETS",
    "RULE_TEXTS",
    "Action",
    "Bito",
    "Card",
    "CardError",
    "Drew",
    "DurakError",
    "Event",
    "Game",
    "GameOver",
    "IllegalMove",
    "LeadPassed",
    "Move",
    "Out",
    "Position",
    "Rank",
    "Redealt",
    "Refusal",
    "Result",
    "Rules",
    "RulesError",
    "SetupError",
    "Start",
    "Suit",
    "Took",
    "beats",
    "card_text",
    "cards_text",
    "count_cards",
    "deck",
    "get_language",
    "language",
    "parse_card",
    "parse_cards",
    "set_language",
]
