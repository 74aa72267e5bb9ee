"""durak-nb: learn, replay and annotate games of Durak (дурак) in Jupyter.

The engine core (:mod:`durak_nb.cards`, :mod:`durak_nb.rules`, :mod:`durak_nb.engine`)
implements every rule of RULES.md (R1–R27); recordings, replays and views build on it.

Everything a person reads is in English, Russian or Ukrainian: ``durak_nb.set_language("uk")``
(or ``with durak_nb.language("ru"): ...``, or the environment variable ``DURAK_NB_LANG``;
see :mod:`durak_nb.i18n`).

The public names are listed once, in the imports below: the light ones are imported at
once; the engine's (the ``if TYPE_CHECKING:`` block, which type checkers read) are
imported when first asked for (``durak_nb.Game``), so that ``import durak_nb`` stays
light and the console entry point (:mod:`durak_nb.console`) takes over Ctrl-C before the
engine is imported (issue 23).  :data:`__all__` and the table of lazy names
(:func:`_public_names`) are read off these imports, never written a second time.
"""

from typing import TYPE_CHECKING, Any

from .errors import DurakError as DurakError
from .i18n import get_language as get_language
from .i18n import language as language
from .i18n import set_language as set_language
from .rules import PRESETS as PRESETS
from .rules import RULE_TEXTS as RULE_TEXTS
from .rules import Rules as Rules
from .rules import RulesError as RulesError

if TYPE_CHECKING:  # the lazy names: the one list of them (see _public_names)
    from .cards import Card as Card
    from .cards import CardError as CardError
    from .cards import Rank as Rank
    from .cards import Suit as Suit
    from .cards import beats as beats
    from .cards import card_text as card_text
    from .cards import cards_text as cards_text
    from .cards import count_cards as count_cards
    from .cards import deck as deck
    from .cards import parse_card as parse_card
    from .cards import parse_cards as parse_cards
    from .engine import Action as Action
    from .engine import Bito as Bito
    from .engine import Drew as Drew
    from .engine import Event as Event
    from .engine import Game as Game
    from .engine import GameOver as GameOver
    from .engine import IllegalMove as IllegalMove
    from .engine import LeadPassed as LeadPassed
    from .engine import Move as Move
    from .engine import Out as Out
    from .engine import Position as Position
    from .engine import Redealt as Redealt
    from .engine import Refusal as Refusal
    from .engine import Result as Result
    from .engine import SetupError as SetupError
    from .engine import Start as Start
    from .engine import Took as Took


def _public_names() -> tuple[list[str], dict[str, str]]:
    """The public names as this file's imports list them, read off its own source: the
    names imported at once, and those of the ``if TYPE_CHECKING:`` block each with the
    module it is imported from (``{"Game": ".engine", ...}``), imported on first use.

    Returns:
        ``(eager, lazy)``: the names in the order of the imports.

    Raises:
        OSError: this file's source cannot be read (an install without its sources).
    """
    import ast
    from pathlib import Path

    def names(imp: ast.stmt) -> list[tuple[str, str]]:
        if not (isinstance(imp, ast.ImportFrom) and imp.level == 1 and imp.module):
            return []  # typing's own names
        return [(a.asname or a.name, "." + imp.module) for a in imp.names]

    eager: list[str] = []
    lazy: dict[str, str] = {}
    for node in ast.parse(Path(__file__).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            lazy.update(pair for imp in node.body for pair in names(imp))
        else:
            eager.extend(name for name, _ in names(node))
    return eager, lazy


_EAGER, _LAZY = _public_names()

#: Every public name: those the imports above list (read off them, :func:`_public_names`).
__all__ = sorted([*_EAGER, *_LAZY])


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
