"""``durak-nb solve FILE [--json] [--budget N]``: the solver on the position after the
last move of a recording (INTERCHANGE.md "Analysis commands"); ``durak_nb.cli`` only
parses the arguments and calls :func:`solve_command`. ``durak-nb analyse FILE -o OUT``:
:func:`analyse_command` (exit status below it).

Exit status: 0 with the answer; 1 when the file cannot be read or is not a legal game
(the reader's ``FILE:LINE:COL: error: [RULE] …`` line, as ``validate`` prints it); 2 with
``durak-nb solve: error: …`` when the position is not one the solver answers (which
condition fails, :class:`~durak_nb.analysis.solver.SolverError`) or the node budget is
reached (:class:`~durak_nb.analysis.solver.SolverBudgetError`).
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter

from ..console import writes_unicode
from ..i18n import N_, _, ngettext
from ..record import RecordingError, notation
from ..record.io import check_match, dump, write_form
from ..record.json_form import check_folder
from ..text import visible
from .evaluation import DEFAULT_MAX_SAMPLES, DEFAULT_SAMPLES, AnalysisError, analyse
from .evaluation import DEFAULT_NODE_BUDGET as ANALYSE_NODE_BUDGET
from .solver import DEFAULT_NODE_BUDGET, SolverError, solve

__all__ = ["analyse_command", "solve_command"]

#: The words of the commands (marked for the catalogue, translated at use).
_WORDS = {
    "error": N_("durak-nb solve: error: {file}: {text}"),
    "budget": N_("--budget is a positive whole number of positions, not {n!r}"),
    "a_error": N_("durak-nb analyse: error: {file}: {text}"),
    "a_suffix": N_("the file name ends in .durak or .json"),
    "a_same": N_("OUT is the input file; write to another file"),
}


def _words(key: str, **fields: object) -> str:
    """The sentence ``key`` of :data:`_WORDS` in the language in use, its fields filled."""
    return _(_WORDS[key]).format(**fields)


def _say(text: str, *, error: bool = False, json_string: bool = False) -> None:
    print(visible(text, json_string=json_string), file=sys.stderr if error else sys.stdout)


def _match(n: int) -> str:
    """Why the solver refuses a match of ``n`` games (the file is named before it)."""
    words = ngettext(
        "the file holds {n} game (a match): the solver answers one game",
        "the file holds {n} games (a match): the solver answers one game",
        n,
    )
    return words.format(n=n)


def solve_command(path: str, *, as_json: bool = False, node_budget: int = DEFAULT_NODE_BUDGET) -> int:
    """Solve the position after the last move of the recording at ``path`` and print the
    answer: the INTERCHANGE.md JSON object with ``as_json``, else three lines of words.

    Args:
        path: a recording (``.json``, ``.durak`` or any suffix the reader knows).
        as_json: print ``{"outcome": …, "best": […], "to_act": NAME}``.
        node_budget: the most positions searched.

    Returns:
        The exit status (0, 1 or 2, see the module's text). Never raises for bad input.
    """
    if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
        _say(_words("error", file=path, text=_words("budget", n=node_budget)), error=True)
        return 2
    try:
        games = notation.load_games(path)
    except RecordingError as exc:
        _say(exc.format(), error=True)
        return 1
    if len(games) != 1:
        _say(_words("error", file=path, text=_match(len(games))), error=True)
        return 2
    rec = games[0]
    try:
        game = rec.replay()
        rec.check_result(game)
    except RecordingError as exc:
        _say(exc.format(), error=True)
        return 1
    try:
        solution = solve(game, node_budget=node_budget)
    except SolverError as exc:
        _say(_words("error", file=path, text=str(exc)), error=True)
        return 2
    names = rec.players
    if as_json:
        _say(json.dumps(solution.to_json(names), ensure_ascii=not writes_unicode()), json_string=True)
    else:
        for line in solution.describe(names).splitlines():  # each line shown safely (names are user text)
            _say(line)
    return 0


def analyse_command(
    path: str,
    output: str,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    node_budget: int = ANALYSE_NODE_BUDGET,
    max_samples: int = DEFAULT_MAX_SAMPLES,
) -> int:
    """Analyse every game of the recording at ``path``
    (:func:`~durak_nb.analysis.analyse`) and write the result to ``output``
    (``.durak``: the notation; ``.json``: the JSON form), whole or not at all.

    Exit status: 0 written (one line says how many moves were evaluated how); 1 the
    input cannot be read or is not a legal game (the reader's ``FILE:LINE:COL: error:
    [RULE] …`` line), or ``output`` cannot be written; 2 with ``durak-nb analyse: error:
    …`` for an ``output`` not ending in ``.durak``/``.json``, ``output`` the input file, or
    a bound that is not a positive whole number. Never raises for bad input.
    """
    if write_form(output) is None:  # .durak or .json, whatever the case; the input: any file the readers know
        _say(_words("a_error", file=output, text=_(_WORDS["a_suffix"])), error=True)
        return 2
    if os.path.exists(output) and os.path.exists(path) and os.path.samefile(path, output):
        _say(_words("a_error", file=output, text=_(_WORDS["a_same"])), error=True)
        return 2
    try:
        check_folder(output)  # said before the analysis, not after its minutes of work
    except RecordingError as exc:
        _say(exc.format(), error=True)
        return 1
    try:
        games = notation.load_games(path)
    except RecordingError as exc:
        _say(exc.format(), error=True)
        return 1
    if len(games) > 1:  # one output file holds them as a match (R4): said before the work
        try:
            check_match(games)
        except RecordingError as exc:
            _say(exc.naming(output).format(), error=True)
            return 1
    out = []
    for rec in games:
        try:
            rec.check_result(rec.replay())
            out.append(analyse(rec, samples=samples, seed=seed, node_budget=node_budget, max_samples=max_samples))
        except RecordingError as exc:
            _say(exc.format(), error=True)
            return 1
        except AnalysisError as exc:
            cause = exc.__cause__
            if isinstance(cause, RecordingError):
                _say(cause.format(), error=True)
                return 1
            _say(_words("a_error", file=path, text=str(exc)), error=True)
            return 2
    try:
        dump(out, output)
    except RecordingError as exc:
        _say(exc.format(), error=True)
        return 1
    hows = Counter(f["how"] for rec in out for f in rec.meta.get("analysis", []))
    done = ngettext(
        "{out}: {games} game analysed: {exact} moves exact, {sampled} sampled, {forced} forced,"
        " {unknown} not evaluated",
        "{out}: {games} games analysed: {exact} moves exact, {sampled} sampled, {forced} forced,"
        " {unknown} not evaluated",
        len(out),
    )
    _say(
        done.format(
            out=output,
            games=len(out),
            exact=hows["exact"],
            sampled=hows["sampled"],
            forced=hows["forced"],
            unknown=sum(hows[h] for h in ("unknown", "unsolved", "unsampled", "known", "redeal")),
        )
    )
    return 0
