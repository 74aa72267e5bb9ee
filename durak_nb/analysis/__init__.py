"""Analysis built on the engine: the exact endgame solver (issue 13).

:func:`solve` answers a two-player position with the talon empty exactly: who is the
durak with best play by both sides, whose decision it is, and every move of theirs that
keeps that outcome (INTERCHANGE.md "Analysis commands").
"""

from __future__ import annotations

from .solver import (
    DEFAULT_NODE_BUDGET,
    Evaluation,
    Solution,
    SolverBudgetError,
    SolverError,
    decision,
    solve,
)

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "Evaluation",
    "Solution",
    "SolverBudgetError",
    "SolverError",
    "decision",
    "solve",
]
