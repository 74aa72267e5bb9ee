"""durak-nb: learn, replay and annotate games of Durak (дурак) in Jupyter.

The engine core (:mod:`durak_nb.cards`, :mod:`durak_nb.rules`, :mod:`durak_nb.engine`)
implements every rule of RULES.md (R1–R27); recordings, replays and views build on it.
"""

from .cards import Card, CardError, Rank, Suit, beats, deck, parse_card, parse_cards
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
    Took,
)
from .rules import PRESETS, RULE_TEXTS, Rules, RulesError

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "RULE_TEXTS",
    "Action",
    "Bito",
    "Card",
    "CardError",
    "Drew",
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
    "Suit",
    "Took",
    "beats",
    "deck",
    "parse_card",
    "parse_cards",
]
