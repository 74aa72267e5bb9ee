"""One error base for the whole kit: every refusal carries its rule id and its words.

:class:`DurakError` is the base of :class:`~durak_nb.cards.CardError`,
:class:`~durak_nb.rules.RulesError`, :class:`~durak_nb.engine.SetupError`,
:class:`~durak_nb.engine.IllegalMove` and :class:`~durak_nb.record.RecordingError`.
Code that needs the rule id reads :attr:`DurakError.rule`; no code parses it back out of
a message string.

>>> err = DurakError("R13b", "only 2 more may follow")
>>> (err.rule, err.message, str(err))
('R13b', 'only 2 more may follow', '[R13b] only 2 more may follow')
>>> str(DurakError(None, "not a recording"))
'not a recording'
"""

from __future__ import annotations

__all__ = ["DurakError"]


class DurakError(ValueError):
    """A refusal by the kit: bad input or a move the rules forbid.

    Args:
        rule: the rule id of RULES.md the input breaks (``'R13b'``), or ``None`` for a
            problem of form with no rule behind it (bad JSON, a bound exceeded).
        message: what is wrong, in words, without the rule id.

    Attributes:
        rule, message: as given. ``str(error)`` is ``"[rule] message"`` (or the bare
        message when there is no rule).
    """

    def __init__(self, rule: str | None, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"[{rule}] {message}" if rule else message)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rule, self.message))
