"""The ``durak-nb`` command line (INTERCHANGE.md "Command-line contract").

- ``durak-nb validate [--json] FILE...``: exit 0 when every file is a legal game.
- ``durak-nb play --preset P --players N --seed S [--option k=v ...] -o FILE``: a game
  between random bots, recorded in the ``durak-nb/1`` JSON form.
- ``durak-nb replay FILE``: print a recording move by move with what each move caused,
  its comments and glyphs, and its side lines indented (:func:`durak_nb.game_text.game_lines`).
- ``durak-nb convert IN OUT [--passes implied]``: between the notation (``.durak``) and
  the JSON form (``.json``), by suffix, without loss; a match (several games) is a JSON
  array; ``--passes implied`` leaves out the passes the notation's reader fills in.
- ``durak-nb selfplay N -o DIR [--preset P] [--players N] [--bots B ...] [--seed S]
  [--workers W | --dask SCHEDULER]``: a self-play corpus (:func:`durak_nb.corpus.selfplay`).
- ``durak-nb export FILE -o PAGE.html [--game N] [--title T] [--view NAME]``: a replay
  as one self-contained HTML page that plays with no kernel and no network
  (:func:`durak_nb.views.export.export_html`).
- ``durak-nb solve FILE [--json] [--budget N]``: the exact endgame solver on the position
  after the last move (:func:`durak_nb.analysis.command.solve_command`).
- ``durak-nb analyse FILE -o OUT [--samples N] [--seed S] [--budget N]``: every move
  evaluated into an annotated recording (:func:`durak_nb.analysis.command.analyse_command`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .engine import SetupError
from .game_text import game_lines
from .record import Recording, RecordingError, ValidationReport, io, notation
from .record.json_form import write_atomic
from .rules import RulesError
from .selfplay import record_bot_game
from .text import visible

__all__ = ["main", "shown"]


def shown(text: str, *, json_string: bool = False) -> str:
    r"""``text`` as the command line prints it: every control or format character
    escaped, so that nothing a user wrote (names, comments, titles, file names) can
    forge a line of output or drive the terminal; other text (Cyrillic, ♠) stays.

    The escapes are Python's (``\x1b``, ``\r``, ``\u202e``), or with ``json_string``
    JSON's (``\u001b``), for output whose strings are JSON.  A backslash itself is
    printed as it is.

    >>> print(shown("Vera\rOVERWRITTEN \x1b[2J Жора ♠"), shown("a\x9bb\u2028", json_string=True))
    Vera\rOVERWRITTEN \x1b[2J Жора ♠ a\u009bb\u2028
    """
    return visible(text, json_string=json_string)


def _say(text: str, *, error: bool = False) -> None:
    """Print one line (to stderr for an ``error``), shown safely (:func:`shown`)."""
    print(shown(text), file=sys.stderr if error else sys.stdout)


def _usage(command: str, text: str) -> int:
    """``durak-nb COMMAND: error: TEXT`` on stderr; the exit status 2 (a bad request)."""
    _say(f"durak-nb {command}: error: {text}", error=True)
    return 2


def _problem(exc: RecordingError, file: str) -> str:
    """The error's ``FILE:LINE:COL: error: [RULE] message`` line (INTERCHANGE.md), from
    its fields; an error raised on text (``<string>``) names ``file``, where the text came from."""
    if exc.file == "<string>":
        exc = RecordingError(
            exc.message, file=file, line=exc.line, column=exc.column, move=exc.move, rule=exc.rule, branch=exc.branch
        )
    return exc.format()


def _option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"{text!r}: write an option as name=value, e.g. first_bout_limit=6")
    name, raw = text.split("=", 1)
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    except RecursionError:
        raise argparse.ArgumentTypeError(f"{name.strip()!r}: the value is nested too deeply") from None
    return name.strip(), value


class _Parser(argparse.ArgumentParser):
    """argparse's parser whose error lines are shown safely (:func:`shown`): an unknown
    option or a bad value is quoted back with its control characters escaped (N12)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``PROG: error: MESSAGE`` (escaped) on stderr; exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{shown(self.prog)}: error: {shown(message)}\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="durak-nb", description="Durak (дурак) recordings: validate, play, replay.")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("validate", help="check that recordings are legal games")
    v.add_argument("--json", action="store_true", help="print one JSON object per file (INTERCHANGE.md)")
    v.add_argument("files", nargs="+", metavar="FILE")

    pl = sub.add_parser("play", help="record a game between random bots")
    pl.add_argument("--preset", default="podkidnoy", help="podkidnoy, perevodnoy, prostoy, english or japanese")
    pl.add_argument("--players", type=int, default=2, help="number of players (R2)")
    pl.add_argument("--seed", type=int, default=0, help="seed of the shuffle and of the bots")
    pl.add_argument(
        "--option",
        action="append",
        default=[],
        type=_option,
        metavar="NAME=VALUE",
        help="a rule option of RULES.md, e.g. first_bout_limit=6 or teams=[[0,2],[1,3]]",
    )
    pl.add_argument("-o", "--output", required=True, metavar="FILE", help="where to write the JSON recording")

    _selfplay_parser(sub)

    r = sub.add_parser("replay", help="print a recording move by move")
    r.add_argument("file", metavar="FILE")

    c = sub.add_parser("convert", help="convert between the notation (.durak) and the JSON form (.json)")
    c.add_argument("input", metavar="IN", help="a .durak or .json file")
    c.add_argument("output", metavar="OUT", help="a .durak or .json file (a match becomes a JSON array)")
    c.add_argument(
        "--passes",
        choices=("all", "implied"),
        default="all",
        help="in a .durak OUT: write every pass (the canonical form, default) or leave out those the reader"
        " fills in (bito, the next bout's number)",
    )

    e = sub.add_parser("export", help="write a replay as a self-contained HTML page (no kernel, no network)")
    e.add_argument("file", metavar="FILE", help="a .json or .durak recording")
    e.add_argument("-o", "--output", required=True, metavar="PAGE.html", help="the page to write")
    e.add_argument("--game", type=int, default=1, metavar="N", help="which game of a match (1, 2, …; default 1)")
    e.add_argument("--title", help="the page's title (default: the recording's title, or variant and players)")
    e.add_argument("--view", metavar="NAME", help="the view shown first: a player's name (default: all hands open)")
    so = sub.add_parser("solve", help="solve the position after the last move exactly (two players, talon empty)")
    so.add_argument("file", metavar="FILE")
    so.add_argument("--json", action="store_true", help="print one JSON object (INTERCHANGE.md)")
    so.add_argument("--budget", type=int, default=None, metavar="N", help="the most positions searched")
    an = sub.add_parser("analyse", help="evaluate every move (exact where solvable, else sampled) into OUT")
    an.add_argument("file", metavar="FILE")
    an.add_argument("-o", "--output", required=True, metavar="OUT", help="the annotated recording (.durak or .json)")
    an.add_argument("--samples", type=int, default=8, metavar="N", help="deals sampled per move (default 8)")
    an.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    an.add_argument("--budget", type=int, default=5000, metavar="N", help="solver positions per move (default 5000)")
    t = sub.add_parser("tournament", help="play a ladder of bots (weakest first) on paired deals; print the Elo table")
    t.add_argument("bots", nargs="+", metavar="BOT", help="random, lowest, heuristic, search or search-N")
    t.add_argument("--rules", default="podkidnoy", help="the preset (default podkidnoy)")
    t.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    t.add_argument("--deals", type=int, default=100, help="deals per pairing (default 100)")
    t.add_argument("--workers", type=int, default=2, help="worker processes (default 2; 0 or 1: none)")
    t.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    t.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="resamples for the Elo intervals")
    return p


def _selfplay_parser(sub: Any) -> None:
    s = sub.add_parser("selfplay", help="play many bot games in parallel: recordings plus Parquet tables")
    s.add_argument("games", type=int, metavar="N", help="how many games")
    s.add_argument("-o", "--output", required=True, metavar="DIR", help="the corpus folder")
    s.add_argument("--preset", default="podkidnoy", help="podkidnoy, perevodnoy, prostoy, english or japanese")
    s.add_argument("--players", type=int, default=2, help="number of players (R2)")
    s.add_argument(
        "--bots", nargs="+", default=["random"], metavar="BOT", help="one bot for all seats, or one per seat"
    )
    s.add_argument("--seed", type=int, default=0, help="the corpus's seed (game i: a seed made from it and i)")
    s.add_argument("--option", action="append", default=[], type=_option, metavar="NAME=VALUE", help="a rule option")
    s.add_argument("--workers", type=int, help="processes on this machine (default: the CPU count)")
    s.add_argument("--dask", metavar="SCHEDULER", help="play on a Dask cluster, e.g. tcp://host:8786")
    s.add_argument("--chunk", type=int, default=200, help="games per task and per recordings file (default 200)")
    s.add_argument("--overwrite", action="store_true", help="replace a corpus already in DIR")


def _selfplay(args: argparse.Namespace) -> int:
    from .corpus import CorpusError, selfplay

    try:
        c = selfplay(
            args.games,
            args.preset,
            args.players,
            args.bots,
            args.seed,
            args.output,
            options=dict(args.option),
            workers=args.workers,
            dask=args.dask,
            chunk=args.chunk,
            overwrite=args.overwrite,
        )
    except (CorpusError, RulesError, SetupError) as exc:
        return _usage("selfplay", str(exc))
    except RecordingError as exc:
        return _usage("selfplay", exc.format())
    _say(f"{c.path}: {c.n_games} games in {c.seconds:.1f} s, {c.size()} bytes")
    return 0


def _validate(files: Sequence[str], as_json: bool) -> int:
    status = 0
    answers = []
    for f in files:
        for report in notation.validate_path(f):  # .json or .durak; a match: one report per game
            if not report.ok:
                status = 1
            if as_json:
                answers.append(report.to_json())
            else:
                _say(report.describe(), error=not report.ok)
    for a in answers:
        print(shown(json.dumps(a, ensure_ascii=False), json_string=True))
    return status


def _play(args: argparse.Namespace) -> int:
    options = dict(args.option)
    if "preset" in options:
        return _usage("play", "choose the preset with --preset, not --option preset=...")
    try:
        rec = record_bot_game(args.preset, args.players, args.seed, options)
    except (RulesError, SetupError) as exc:
        return _usage("play", str(exc))
    try:
        rec.dump(args.output)  # whole or not at all (json_form.write_atomic)
    except RecordingError as exc:
        return _usage("play", f"{exc.file}: {exc.message}")
    game = rec.replay()
    assert game.result is not None
    _say(f"{args.output}: {len(rec.moves)} moves, {game.result.describe(rec.players)}")
    return 0


def _replay(path: str) -> int:
    try:
        games = notation.load_games(path)  # .durak or .json, one game or a match
        for number, rec in enumerate(games, 1):
            title = f"game {number} of {len(games)}: " if len(games) > 1 else ""
            for line in game_lines(rec, title=title):  # comments, glyphs, side lines indented
                _say(line)
    except RecordingError as exc:
        _say(_problem(exc, path), error=True)
        return 1
    return 0


def _checked(path: str) -> list[ValidationReport] | None:
    """The games of ``path`` checked as ``durak-nb validate`` checks them (the same
    reports), or ``None`` after printing the reports of the games that are not legal."""
    reports = notation.validate_path(path)
    bad = [r for r in reports if not r.ok]
    for report in bad:
        _say(report.describe(), error=True)
    return None if bad else reports


def _same_file(src: str, dst: str) -> bool:
    """``dst`` names the file ``src`` names (the same inode, through links: N2); false
    when either does not exist or cannot be looked at."""
    try:
        return os.path.samefile(src, dst)
    except (OSError, ValueError):
        return False


def _convert(src: str, dst: str, passes: str = "all") -> int:
    """Read ``src`` strictly, check it as ``validate`` does, and write ``dst`` (whole
    or not at all) in the form its suffix names (a notation ``dst`` with ``passes``,
    :func:`durak_nb.record.writer.write`)."""
    if io.loader_for(src) is None:  # any file the kit reads: a journal or a corpus file too
        return _usage("convert", f"{src}: the file name ends in {', '.join(io.suffixes())}")
    if not dst.endswith((notation.SUFFIX, ".json")):
        return _usage("convert", f"{dst}: the file name ends in .durak or .json")
    if _same_file(src, dst):
        return _usage("convert", f"{dst}: OUT is the input file IN; write to another file")
    reports = _checked(src)
    if reports is None:
        return 1
    games = [r.recording for r in reports if r.recording is not None]
    try:  # a problem of the games names src; one of writing names dst
        text = notation.write(games, passes=passes) if dst.endswith(notation.SUFFIX) else notation.json_text(games)
        write_atomic(dst, text)  # whole or not at all: an existing dst is never truncated
    except RecordingError as exc:
        _say(_problem(exc, src), error=True)
        return 1
    _say(f"{dst}: {len(games)} game{'s' if len(games) != 1 else ''}")
    return 0


def _not_text(value: str | None) -> str | None:
    """``None`` when a command-line argument is text; else the argument as the bytes
    given (``b'\\xff'``): bytes that are not UTF-8, which Python keeps as lone
    surrogates, and which no page or file can hold (defect 10)."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return repr(value.encode("utf-8", "surrogateescape"))  # the bytes of the command line
        except UnicodeEncodeError:
            return repr(value)
    return None


#: What ``export`` says of the lines it wrote (one place, for translation later).
_LINES_WORDS = {
    "main": "{n} moves",
    "sides": "{n} moves in the main line and {v} side lines of {m} moves",
}


def _lines_words(rec: Recording) -> str:
    """The moves of ``rec``'s main line and, when it has any, its side lines and their
    moves (every nesting depth): what the exported page lets a reader step through."""
    from .record.tree import GameTree

    sides = moves = 0
    root = GameTree.from_recording(rec).root
    stack = [(node, j == 0) for j, node in enumerate(root.variations)]  # (node, on the main line)
    while stack:
        node, on_main = stack.pop()
        if not on_main:
            moves += 1
            sides += node.starts_variation()
        stack.extend((child, on_main and j == 0) for j, child in enumerate(node.variations))
    if not sides:
        return _LINES_WORDS["main"].format(n=len(rec.moves))
    return _LINES_WORDS["sides"].format(n=len(rec.moves), v=sides, m=moves)


def _export(args: argparse.Namespace) -> int:
    """Read ``args.file`` strictly, check it as ``validate`` does (R25 results
    included), and write game ``args.game`` as a page."""
    from .views.export import ExportError, export_html  # ipywidgets only for this command

    for option, value in (("--title", args.title), ("--view", args.view)):
        given = _not_text(value)
        if given is not None:
            return _usage("export", f"{option} is not UTF-8 text: {given}")
    if _same_file(args.file, args.output):
        return _usage("export", f"{args.output}: the page would replace the recording FILE; write to another file")
    reports = notation.validate_path(args.file)
    if reports[0].recording is None:  # the file could not be read
        _say(reports[0].describe(), error=True)
        return 1
    if not 1 <= args.game <= len(reports):
        return _usage("export", f"{args.file} holds {len(reports)} game(s): --game 1..{len(reports)}")
    report = reports[args.game - 1]
    rec = report.recording
    assert rec is not None
    if not report.ok:
        _say(report.describe(), error=True)
        return 1
    if args.view is not None and args.view not in rec.players:
        return _usage("export", f"--view {args.view!r} is not a player: {', '.join(rec.players)}")
    try:
        page = export_html(rec, args.output, title=args.title, perspective=args.view)
    except RecordingError as exc:
        _say(_problem(exc, args.file), error=True)
        return 1
    except ExportError as exc:
        _say(f"durak-nb export: error: {exc}", error=True)
        return 1
    except OSError as exc:
        _say(f"durak-nb export: error: {args.output}: {exc.strerror or exc}", error=True)
        return 1
    _say(f"{page}: {page.stat().st_size} bytes, {_lines_words(rec)}; open it in a browser (no kernel needed)")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    """``durak-nb tournament``: :func:`durak_nb.tournament.run_tournament`, its table printed."""
    from .rules import RulesError
    from .tournament import bot_spec, run_tournament, tournament_text

    try:
        ladder = [bot_spec(name) for name in args.bots]
        t = run_tournament(
            ladder,
            rules=args.rules,
            players=args.players,
            deals=args.deals,
            workers=args.workers,
            seed=args.seed,
            bootstrap=args.bootstrap,
        )
    except (ValueError, RulesError) as exc:  # a bad request: an unknown bot, a bound, R2
        return _usage("tournament", str(exc))
    for line in tournament_text(t, args.deals).splitlines():
        _say(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "validate":
            return _validate(args.files, args.json)
        if args.command == "play":
            return _play(args)
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "replay":
            return _replay(args.file)
        if args.command == "convert":
            return _convert(args.input, args.output, args.passes)
        if args.command == "export":
            return _export(args)
        if args.command == "solve":
            from .analysis.command import solve_command

            budget = {} if args.budget is None else {"node_budget": args.budget}
            return solve_command(args.file, as_json=args.json, **budget)
        if args.command == "analyse":
            from .analysis.command import analyse_command

            return analyse_command(
                args.file, args.output, samples=args.samples, seed=args.seed, node_budget=args.budget
            )
        if args.command == "tournament":
            return _tournament(args)
    except BrokenPipeError:  # e.g. `durak-nb replay FILE | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 2  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
