"""Analysis built on the engine (issue 13): the exact endgame solver and annotated games.

- :func:`solve` answers a two-player position with the talon empty exactly: who is the
  durak with best play by both sides, whose decision it is, and every move of theirs that
  keeps that outcome (INTERCHANGE.md "Analysis commands"; :mod:`.solver`).
- :func:`analyse` gives a recording with every move of its main line evaluated (exactly
  where the solver applies, else sampled from the mover's view), glyphs and the better
  move as a variation; :func:`hint` the best move of one seat now; :func:`evaluate` one
  move (:mod:`.evaluation`).
"""

from __future__ import annotations

from .evaluation import (
    AnalysisError,
    Hint,
    MoveEvaluation,
    analyse,
    analysis_prefixes,
    evaluate,
    hint,
)
from .solver import (
    DEFAULT_NODE_BUDGET,
    Evaluation,
    Solution,
    SolverBudgetError,
    SolverError,
    SolverTable,
    decision,
    seat_values,
    solve,
)

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "AnalysisError",
    "Evaluation",
    "Hint",
    "MoveEvaluation",
    "Solution",
    "SolverBudgetError",
    "SolverError",
    "SolverTable",
    "analyse",
    "analysis_prefixes",
    "decision",
    "evaluate",
    "hint",
    "seat_values",
    "solve",
]
