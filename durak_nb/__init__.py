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
(:func:`_public_names`) are read off these imports (the compiled code), never written twice.
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
    """The public names as this module's imports list them, read off its own compiled
    code (its loader's ``get_code``: a sourceless install, the JupyterLite site's, has no
    ``.py``): the names imported at once, and those of the ``if TYPE_CHECKING:`` block,
    never run, each with the module it is imported from (``{"Game": ".engine", ...}``).

    Returns:
        ``(eager, lazy)``: the names in the order of the imports.

    Raises:
        ImportError: the loader gives no code for this module.
    """
    import dis
    import sys

    spec = sys.modules[__name__].__spec__
    loader = None if spec is None else spec.loader
    code = None if loader is None else loader.get_code(__name__)  # type: ignore[attr-defined]
    if code is None:  # pragma: no cover - every file or zip loader gives it
        raise ImportError(f"{__name__}: no code to read the public names from")
    eager: list[str] = []
    lazy: dict[str, str] = {}
    consts: list[object] = []
    for ins in dis.get_instructions(code):
        if ins.opname == "LOAD_CONST":
            consts = [*consts[-1:], ins.argval]
        elif ins.opname == "IMPORT_NAME" and len(consts) == 2 and consts[0] == 1 and isinstance(consts[1], tuple):
            for name in consts[1]:  # from .module import name as name
                if name in globals():
                    eager.append(name)
                else:
                    lazy[name] = "." + str(ins.argval)
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
