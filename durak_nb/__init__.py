"""durak-nb: learn, replay and annotate games of Durak (дурак) in Jupyter.

The engine core (:mod:`durak_nb.cards`, :mod:`durak_nb.rules`, :mod:`durak_nb.engine`)
implements every rule of RULES.md (R1–R27); recordings, replays and views build on it.

Everything a person reads is in English, Russian or Ukrainian: ``durak_nb.set_language("uk")``
(or ``with durak_nb.language("ru"): ...``, or the environment variable ``DURAK_NB_LANG``;
see :mod:`durak_nb.i18n`).
"""

from typing import TYPE_CHECKING, Any

from .errors import DurakError
from .i18n import get_language, language, set_language
from .rules import PRESETS, RULE_TEXTS, Rules, RulesError

if TYPE_CHECKING:
    from .cards import (
        Card,
        CardError,
        Rank,
        Suit,
        beats,
        card_text,
        cards_text,
        count_cards,
        deck,
        parse_card,
        parse_cards,
    )
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

#: The engine's names, imported when first asked for (``durak_nb.Game``): ``import
#: durak_nb`` itself stays light, so that the console entry point (:mod:`durak_nb.console`)
#: takes over Ctrl-C before the engine is imported (issue 23).
_LAZY: dict[str, str] = {
    **dict.fromkeys(
        (
            "Card",
            "CardError",
            "Rank",
            "Suit",
            "beats",
            "card_text",
            "cards_text",
            "count_cards",
            "deck",
            "parse_card",
            "parse_cards",
        ),
        ".cards",
    ),
    **dict.fromkeys(
        (
            "Action",
            "Bito",
            "Drew",
            "Event",
            "Game",
            "GameOver",
            "IllegalMove",
            "LeadPassed",
            "Move",
            "Out",
            "Position",
            "Redealt",
            "Refusal",
            "Result",
            "SetupError",
            "Start",
            "Took",
        ),
        ".engine",
    ),
}


def __getattr__(name: str) -> Any:
    """``durak_nb.Game`` and the other names of :data:`_LAZY`, imported on first use."""
    if name == "__version__":  # the version has one home: the package metadata (pyproject.toml)
        from importlib import metadata

        try:
            version = metadata.version("durak-nb")
        except metadata.PackageNotFoundError:  # pragma: no cover - a source tree without install
            version = "0+unknown"
        globals()[name] = version
        return version
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


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
