"""The ``durak-nb`` command line (INTERCHANGE.md "Command-line contract").

- ``durak-nb validate [--json] FILE...``: exit 0 when every file is a legal game.
- ``durak-nb play --preset P --players N --seed S [--option k=v ...] -o FILE``: a game
  between random bots, recorded in the ``durak-nb/1`` JSON form.
- ``durak-nb replay FILE``: print a recording move by move with what each move caused,
  its comments and glyphs, and its side lines indented (:func:`durak_nb.game_text.game_lines`).
- ``durak-nb convert IN OUT [--game K] [--passes implied]``: between the notation (``.durak``) and
  the JSON form (``.json``), by suffix, without loss; a match (several games) is a JSON
  array; ``--game K`` takes game K alone (of a match or a corpus file); ``--passes implied``
  leaves out the passes the notation's reader fills in.
- ``durak-nb selfplay N -o DIR [--preset P] [--players N] [--bots B ...] [--seed S]
  [--workers W | --dask SCHEDULER]``: a self-play corpus (:func:`durak_nb.corpus.selfplay`).
- ``durak-nb export FILE -o PAGE.html [--game N] [--title T] [--view NAME] [--puzzle]``: a replay
  as one self-contained HTML page that plays with no kernel and no network
  (:func:`durak_nb.views.export.export_html`); ``--puzzle``: the learner chooses each move
  first; of a lesson notebook (``.ipynb``), the lesson as one page: its text, replayers and
  exercises (:func:`durak_nb.views.lesson_page.export_lesson`).
- ``durak-nb solve FILE [--json] [--budget N]``: the exact endgame solver on the position
  after the last move (:func:`durak_nb.analysis.command.solve_command`).
- ``durak-nb analyse FILE -o OUT [--samples N] [--max-samples N] [--seed S] [--budget N]``: every move
  evaluated into an annotated recording (:func:`durak_nb.analysis.command.analyse_command`).

Every command takes ``--lang {en,ru,uk}``, before or after its name (``durak-nb --lang uk
validate x.json``, ``durak-nb validate --lang uk x.json``): the language of its messages,
of ``--help`` and of argparse's own words; without it ``DURAK_NB_LANG``, then the locale
(:func:`durak_nb.i18n.default_language`).  Option names, preset names and file contents are
the same in every language.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from . import i18n
from .console import locale_streams, writes_unicode
from .engine import SetupError
from .game_text import game_lines
from .i18n import LANGUAGES, Np_, _, ngettext, npgettext, pgettext
from .record import Recording, RecordingError, ValidationReport, io, notation
from .record.json_form import check_folder, os_why, write_atomic
from .rules import RulesError
from .selfplay import record_bot_game
from .text import visible

__all__ = ["bounded_words", "main", "shown"]

_SPACES = re.compile(r"(\s+)")


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
    # TRANSLATORS: {command} is a command's name (validate, play, ...), kept as it is
    _say(_("durak-nb {command}: error: {text}").format(command=command, text=text), error=True)
    return 2


def _problem(exc: RecordingError, file: str) -> str:
    """The error's ``FILE:LINE:COL: error: [RULE] message`` line (INTERCHANGE.md), from
    its fields; an error raised on text (``<string>``) names ``file``, where the text came from."""
    if exc.file == "<string>":
        exc = RecordingError(
            exc.message,
            file=file,
            line=exc.line,
            column=exc.column,
            move=exc.move,
            rule=exc.rule,
            branch=exc.branch,
            whole=exc.whole,
        )
    return exc.format()


def _no_such_game(command: str, file: str, n: int) -> int:
    """``--game K`` of ``command`` (convert, export) beyond the ``n`` games of ``file``:
    said, exit status 2."""
    # TRANSLATORS: {n} is the number of games; a translation may write "games: {n}"
    words = ngettext("{file} holds {n} game: --game 1..{n}", "{file} holds {n} games: --game 1..{n}", n)
    return _usage(command, words.format(file=file, n=n))


def _analysis_bounds() -> tuple[int, int]:
    """The most deals ``analyse --samples`` samples per move and the most solver
    positions ``solve``/``analyse --budget`` search (per move): the analysis API's own
    bounds (:data:`durak_nb.analysis.evaluation.MAX_SAMPLES`, ``MAX_NODE_BUDGET``)."""
    from .analysis.evaluation import MAX_NODE_BUDGET, MAX_SAMPLES

    return MAX_SAMPLES, MAX_NODE_BUDGET


def _whole_option(command: str, option: str, value: int, most: int) -> int | None:
    """``None`` when ``value`` of ``option`` (``--budget``, ``--samples``) is a whole
    number from 1 to ``most``; else the exit status 2 after saying so, naming the option
    (the one home of these checks, made before any file is read)."""
    if 1 <= value <= most:
        return None
    words = {
        # TRANSLATORS: {most} is the largest number allowed; {value} the number given
        "--budget": _("--budget must be a whole number of positions from 1 to {most}, not {value}"),
        # TRANSLATORS: {most} is the largest number allowed; {value} the number given
        "--samples": _("--samples must be a whole number of deals from 1 to {most}, not {value}"),
        # TRANSLATORS: {most} is the largest number allowed; {value} the number given
        "--max-samples": _("--max-samples must be a whole number of deals from 1 to {most}, not {value}"),
    }[option]
    return _usage(command, words.format(most=i18n.whole(most), value=value))


def _seconds_option(command: str, option: str, value: float, most: float) -> int | None:
    """``None`` when ``value`` of ``option`` (``--timeout``, ``--dask-timeout``) is a
    number of seconds above 0 and at most ``most``; else the exit status 2 after saying
    so, naming the option."""
    if 0 < value <= most:  # NaN fails too
        return None
    # TRANSLATORS: {option} is an option's name (--timeout), kept as it is; {most} a number of seconds (600)
    words = _("{option} must be a number of seconds above 0 and at most {most}, not {value}")
    return _usage(command, words.format(option=option, most=f"{most:g}", value=f"{value:g}"))


def _option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(
            _("{text}: write an option as name=value, e.g. first_bout_limit=6").format(text=repr(text))
        )
    name, raw = text.split("=", 1)
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    except RecursionError:
        raise argparse.ArgumentTypeError(
            _("{name}: the value is nested too deeply").format(name=repr(name.strip()))
        ) from None
    return name.strip(), value


class _Parser(argparse.ArgumentParser):
    """argparse's parser whose error lines are shown safely (:func:`shown`): an unknown
    option or a bad value is quoted back with its control characters escaped (N12)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``PROG: error: MESSAGE`` (escaped, every overlong word cut to
        an excerpt by :func:`bounded_words`) on stderr; exit 2."""
        self.print_usage(sys.stderr)
        words = pgettext("argparse", "%(prog)s: error: %(message)s\n")
        self.exit(2, words % {"prog": shown(self.prog), "message": shown(bounded_words(message))})


#: the longest run of characters without a space that an error line quotes whole
WORD_MOST = 60


def bounded_words(message: str, most: int = WORD_MOST) -> str:
    """``message`` with every run of more than ``most`` characters without white space
    (a 5,000-digit number, a pasted file quoted back by argparse) cut to its first 40
    characters, "…" and its length, so that an error line stays one readable line.

    >>> print(bounded_words("invalid int value: '" + "1" * 5000 + "'"))
    invalid int value: '111111111111111111111111111111111111111… (5,002 characters)
    >>> bounded_words("argument --seed: invalid int value: 'x'")
    "argument --seed: invalid int value: 'x'"
    """

    def cut(word: str) -> str:
        if len(word) <= most:
            return word
        # TRANSLATORS: {start} is the beginning of an overlong value quoted back; {n} its length
        length = ngettext("{start}… ({n} character)", "{start}… ({n} characters)", len(word))
        return length.format(start=word[:40], n=i18n.whole(len(word)))

    return "".join(cut(part) for part in _SPACES.split(message))


#: argparse's own words that ``durak-nb`` can print (Python 3.11's msgids, marked here
#: for the catalogue with the context ``argparse``, so that no other part's word of the
#: same spelling, such as "options", is taken for them; :func:`_argparse_words` makes
#: argparse look them up in ours).
_ARGPARSE_WORDS = (
    Np_("argparse", "usage: "),
    Np_("argparse", "positional arguments"),
    Np_("argparse", "options"),
    Np_("argparse", "show this help message and exit"),
    Np_("argparse", "%(prog)s: error: %(message)s\n"),
    Np_("argparse", "argument %(argument_name)s: %(message)s"),
    Np_("argparse", "the following arguments are required: %s"),
    Np_("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    Np_("argparse", "invalid %(type)s value: %(value)r"),
    Np_("argparse", "unrecognized arguments: %s"),
    Np_("argparse", "expected one argument"),
    Np_("argparse", "expected at most one argument"),
    Np_("argparse", "expected at least one argument"),
    Np_("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    Np_("argparse", "not allowed with argument %s"),
    Np_("argparse", "ignored explicit argument %r"),
    Np_("argparse", "unexpected option string: %s"),
    Np_("argparse", "one of the arguments %s is required"),
)


def _expected(n: int) -> str:
    """argparse's one plural message, as argparse asks for it (here for the catalogue).

    >>> with i18n.language("ru"):
    ...     print(_expected(2), "/", _expected(5))
    ожидается 2 аргумента / ожидается 5 аргументов
    """
    return npgettext("argparse", "expected %s argument", "expected %s arguments", n) % n


def _argparse_gettext(message: str) -> str:
    """One of argparse's words in the language in use (context ``argparse``)."""
    return pgettext("argparse", message)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """One of argparse's plural words in the language in use (context ``argparse``)."""
    return npgettext("argparse", singular, plural, n)


@contextmanager
def _argparse_words() -> Iterator[None]:
    """argparse's own words ("usage:", "options", "error:", "the following arguments
    are required: %s", ...) from the kit's catalogue while the block runs.

    argparse translates its words by calling the module-level names ``_`` and
    ``ngettext`` it bound from :mod:`gettext` at import (domain ``argparse``, from the
    system's catalogues, which have no Russian or Ukrainian on most machines and never
    follow ``--lang``).  Pointing those two names at :mod:`durak_nb.i18n` for the length
    of one command makes them follow the language chosen, from the catalogue of this
    part (``cli.po``, where :data:`_ARGPARSE_WORDS` puts them); putting them back
    afterwards leaves every other user of argparse in the process as it was.
    """
    module: Any = argparse  # its ``_`` and ``ngettext`` are not in its typed interface
    saved = (module._, module.ngettext)
    module._, module.ngettext = _argparse_gettext, _argparse_ngettext
    try:
        yield
    finally:
        module._, module.ngettext = saved


def _lang_given(argv: Sequence[str]) -> str | None:
    """The language the last ``--lang L`` or ``--lang=L`` before ``--`` names (the one
    argparse keeps), if it is one the kit speaks (a bad one is left for the parser to
    refuse, in the default language); ``None`` without one.

    >>> _lang_given(["--lang", "ru", "validate", "--lang=uk", "x.json"]), _lang_given(["validate", "--lang", "de"])
    ('uk', None)
    """
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.split("=", 1)[1]
    return found if found in LANGUAGES else None


def _add_lang(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """``--lang {en,ru,uk}`` on the main parser and, suppressed as a default so that it
    never hides the main parser's, on every command's (before or after the command)."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None if top else argparse.SUPPRESS,
        help=_("the language of the messages and of --help (default: DURAK_NB_LANG, else the locale)"),
    )


def _command(sub: Any, name: str, help: str) -> argparse.ArgumentParser:
    """The parser of command ``name`` (its one-line ``help``), with ``--lang``."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help)
    _add_lang(parser)
    return parser


def _parser() -> argparse.ArgumentParser:
    """The parser of ``durak-nb``, its help texts in the language in use (make it after
    choosing the language)."""
    from .views.bounds import CELL_TIMEOUT

    p = _Parser(prog="durak-nb", description=_("Durak (дурак) recordings: validate, play, replay."))
    _add_lang(p, top=True)
    sub = p.add_subparsers(dest="command", required=True)

    v = _command(sub, "validate", help=_("check that recordings are legal games"))
    v.add_argument("--json", action="store_true", help=_("print one JSON object per file (INTERCHANGE.md)"))
    v.add_argument("files", nargs="+", metavar="FILE")

    pl = _command(sub, "play", help=_("record a game between random bots"))
    pl.add_argument("--preset", default="podkidnoy", help=_("podkidnoy, perevodnoy, prostoy, english or japanese"))
    pl.add_argument("--players", type=int, default=2, help=_("number of players (R2)"))
    pl.add_argument("--seed", type=int, default=0, help=_("seed of the shuffle and of the bots"))
    pl.add_argument(
        "--option",
        action="append",
        default=[],
        type=_option,
        metavar="NAME=VALUE",
        help=_("a rule option of RULES.md, e.g. first_bout_limit=6 or teams=[[0,2],[1,3]]"),
    )
    pl.add_argument("-o", "--output", required=True, metavar="FILE", help=_("where to write the JSON recording"))

    _selfplay_parser(sub)

    r = _command(sub, "replay", help=_("print a recording move by move"))
    r.add_argument("file", metavar="FILE")

    c = _command(sub, "convert", help=_("convert between the notation (.durak) and the JSON form (.json)"))
    c.add_argument("input", metavar="IN", help=_("a .durak or .json file"))
    c.add_argument("output", metavar="OUT", help=_("a .durak or .json file (a match becomes a JSON array)"))
    c.add_argument(
        "--game",
        type=int,
        default=None,
        metavar="K",
        help=_("only game K of a match or a corpus file (1, 2, …; default: every game)"),
    )
    c.add_argument(
        "--passes",
        choices=("all", "implied"),
        default="all",
        help=_(
            "in a .durak OUT: write every pass (the canonical form, default) or leave out those the reader"
            " fills in (bito, the next bout's number)"
        ),
    )

    e = _command(sub, "export", help=_("write a replay as a self-contained HTML page (no kernel, no network)"))
    e.add_argument(
        "file",
        metavar="FILE",
        help=_("a .json or .durak recording, or a lesson notebook (.ipynb: its text, replayers and exercises)"),
    )
    e.add_argument("-o", "--output", required=True, metavar="PAGE.html", help=_("the page to write"))
    e.add_argument("--game", type=int, default=1, metavar="N", help=_("which game of a match (1, 2, …; default 1)"))
    e.add_argument("--title", help=_("the page's title (default: the recording's title, or variant and players)"))
    e.add_argument("--view", metavar="NAME", help=_("the view shown first: a player's name (default: all hands open)"))
    e.add_argument(
        "--puzzle",
        action="store_true",
        help=_("a puzzle: at each move the learner chooses a move before the move played is shown"),
    )
    e.add_argument(
        "--cell-timeout",
        type=float,
        default=None,
        metavar="S",
        # TRANSLATORS: {default} is a number of seconds (60)
        help=_("for a lesson notebook: the seconds each code cell may run (default {default})").format(
            default=f"{CELL_TIMEOUT:g}"
        ),
    )
    so = _command(sub, "solve", help=_("solve the position after the last move exactly (two players, talon empty)"))
    so.add_argument("file", metavar="FILE")
    so.add_argument("--json", action="store_true", help=_("print one JSON object (INTERCHANGE.md)"))
    so.add_argument("--budget", type=int, default=None, metavar="N", help=_("the most positions searched"))
    an = _command(sub, "analyse", help=_("evaluate every move (exact where solvable, else sampled) into OUT"))
    an.add_argument("file", metavar="FILE")
    an.add_argument("-o", "--output", required=True, metavar="OUT", help=_("the annotated recording (.durak or .json)"))
    an.add_argument("--samples", type=int, default=8, metavar="N", help=_("deals sampled per move (default 8)"))
    an.add_argument(
        "--max-samples",
        type=int,
        default=None,  # 32, or --samples where that is more
        metavar="N",
        help=_("the most deals sampled per move until the best move is decided (default 32, at least --samples)"),
    )
    an.add_argument("--seed", type=int, default=0, help=_("seed of the sampling (default 0)"))
    an.add_argument("--budget", type=int, default=5000, metavar="N", help=_("solver positions per move (default 5000)"))
    t = _command(
        sub, "tournament", help=_("play a ladder of bots (weakest first) on paired deals; print the Elo table")
    )
    t.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help=_(
            "random, lowest, heuristic, search or search-N, ismcts or ismcts-N; or NAME=COMMAND, an outside bot started"
            " as COMMAND"
            " (docs/bot-protocol.md)"
        ),
    )
    t.add_argument(
        "--timeout", type=float, default=5.0, metavar="S", help=_("seconds an outside bot has per move (default 5)")
    )
    t.add_argument(
        "--hello-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help=_("seconds an outside bot has to start and answer hello (default 10)"),
    )
    t.add_argument(
        "--bot-log",
        metavar="DIR",
        help=_("append each outside bot's error output (stderr) to DIR/NAME.log, so that its crash is seen"),
    )
    t.add_argument(
        "--round-robin",
        action="store_true",
        help=_("every bot meets every other, not only its neighbours in the ladder"),
    )
    t.add_argument("--rules", default="podkidnoy", help=_("the preset (default podkidnoy)"))
    t.add_argument("--option", action="append", default=[], type=_option, metavar="NAME=VALUE", help=_("a rule option"))
    t.add_argument("--players", type=int, default=2, help=_("players per game (default 2)"))
    t.add_argument("--deals", type=int, default=100, help=_("deals per pairing (default 100)"))
    t.add_argument("--workers", type=int, default=2, help=_("worker processes (default 2; 0 or 1: none)"))
    t.add_argument("--seed", type=int, default=0, help=_("the first deal's seed (default 0)"))
    t.add_argument("--bootstrap", type=int, default=1000, metavar="N", help=_("resamples for the Elo intervals"))
    t.add_argument(
        "--record",
        metavar="FILE.jsonl",
        help=_("also write every game to FILE.jsonl, one recording per line (a forfeit up to the failed move)"),
    )

    from .site import DESCRIPTION as SITE_DESCRIPTION
    from .site import add_arguments as site_arguments

    st = _command(sub, "site", help=_("build the course as a static site that runs in the browser (JupyterLite)"))
    st.description = _(SITE_DESCRIPTION)
    site_arguments(st)

    from .classroom.command import add_arguments as class_arguments

    cl = _command(sub, "class", help=_("a class at their own screens: the class server, and a class's games"))
    class_arguments(cl)
    return p


def _selfplay_parser(sub: Any) -> None:
    from .selfplay import DASK_TIMEOUT

    s = _command(sub, "selfplay", help=_("play many bot games in parallel: recordings plus Parquet tables"))
    s.add_argument("games", type=int, metavar="N", help=_("how many games"))
    s.add_argument("-o", "--output", required=True, metavar="DIR", help=_("the corpus folder"))
    s.add_argument("--preset", default="podkidnoy", help=_("podkidnoy, perevodnoy, prostoy, english or japanese"))
    s.add_argument("--players", type=int, default=2, help=_("number of players (R2)"))
    s.add_argument(
        "--bots", nargs="+", default=["random"], metavar="BOT", help=_("one bot for all seats, or one per seat")
    )
    s.add_argument("--seed", type=int, default=0, help=_("the corpus's seed (game i: a seed made from it and i)"))
    s.add_argument("--option", action="append", default=[], type=_option, metavar="NAME=VALUE", help=_("a rule option"))
    s.add_argument("--workers", type=int, help=_("processes on this machine (default: the CPU count)"))
    s.add_argument("--dask", metavar="SCHEDULER", help=_("play on a Dask cluster, e.g. tcp://host:8786"))
    s.add_argument(
        "--dask-timeout",
        type=float,
        default=DASK_TIMEOUT,
        metavar="S",
        # TRANSLATORS: {default} is a number of seconds (10)
        help=_("seconds to reach the Dask scheduler before giving up (default {default})").format(
            default=f"{DASK_TIMEOUT:g}"
        ),
    )
    s.add_argument("--chunk", type=int, default=200, help=_("games per task and per recordings file (default 200)"))
    s.add_argument("--overwrite", action="store_true", help=_("replace a corpus already in DIR"))


def _selfplay(args: argparse.Namespace) -> int:
    from .corpus import MAX_DASK_TIMEOUT, CorpusError, SchedulerError, selfplay

    refused = _seconds_option("selfplay", "--dask-timeout", args.dask_timeout, MAX_DASK_TIMEOUT)
    if refused is not None:
        return refused
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
            dask_timeout=args.dask_timeout,
        )
    except SchedulerError as exc:  # the request was fine, the cluster is not there: nothing made
        _usage("selfplay", str(exc))
        return 1
    except (CorpusError, RulesError, SetupError) as exc:
        return _usage("selfplay", str(exc))
    except RecordingError as exc:
        return _usage("selfplay", exc.format())
    # TRANSLATORS: {path} is the corpus folder; {bytes} is the size, e.g. "12345 bytes"
    words = ngettext("{path}: {n} game in {seconds} s, {bytes}", "{path}: {n} games in {seconds} s, {bytes}", c.n_games)
    _say(words.format(path=c.path, n=c.n_games, seconds=f"{c.seconds:.1f}", bytes=_bytes(c.size())))
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
                for warning in report.warnings:  # doubts that leave the file legal (a header like [Rulez …])
                    _say(warning.format(), error=True)
                _say(report.describe(), error=not report.ok)
    for a in answers:
        print(shown(json.dumps(a, ensure_ascii=not writes_unicode()), json_string=True))
    return status


def _play(args: argparse.Namespace) -> int:
    options = dict(args.option)
    if "preset" in options:
        return _usage("play", _("choose the preset with --preset, not --option preset=..."))
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
    # TRANSLATORS: {result} is the game's result in words, e.g. "Anna is the durak (R25)"
    words = ngettext("{file}: {n} move, {result}", "{file}: {n} moves, {result}", len(rec.moves))
    _say(words.format(file=args.output, n=len(rec.moves), result=game.result.describe(rec.players)))
    return 0


def _edition(path: str) -> str:
    """``path``, or for a recording shipped with the kit its file in the edition of the
    language in use (``recordings/uk/draw.json`` for ``recordings/draw.json`` under
    ``--lang uk``: :func:`durak_nb.lessons.edition.recording_path`), so that a reader sees
    the course's games with the names and comments of that edition."""
    from .lessons.edition import recording_path

    return str(recording_path(path))


def _replay(path: str) -> int:
    try:
        games = notation.load_games(_edition(path))  # .durak or .json, one game or a match
        for number, rec in enumerate(games, 1):
            for warning in rec.warnings:  # e.g. a journal's torn last line, dropped
                _say(warning.format(), error=True)
            title = _("game {number} of {count}: ").format(number=number, count=len(games)) if len(games) > 1 else ""
            if rec.meta.get("analysis"):  # the analysis's texts in the reader's language
                from .analysis.evaluation import in_reader_language

                rec = in_reader_language(rec)
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


def _convert(src: str, dst: str, passes: str = "all", game: int | None = None) -> int:
    """Read ``src`` strictly, check it as ``validate`` does, and write ``dst`` (whole
    or not at all) in the form its suffix names (a notation ``dst`` with ``passes``,
    :func:`durak_nb.record.writer.write`); with ``game``, only that game (1-based, as
    ``export --game``), e.g. one game of a corpus file for ``analyse``."""
    if io.loader_for(src) is None:  # any file the kit reads: a journal or a corpus file too
        words = _("{file}: the file name ends in {suffixes}")
        return _usage("convert", words.format(file=src, suffixes=", ".join(io.suffixes())))
    form = io.write_form(dst)  # .durak or .json, whatever the case (one home)
    if form is None:
        return _usage("convert", _("{file}: the file name ends in .durak or .json").format(file=dst))
    if _same_file(src, dst):
        return _usage("convert", _("{file}: OUT is the input file IN; write to another file").format(file=dst))
    reports = _checked(src)
    if reports is None:
        return 1
    for report in reports:
        for warning in report.warnings:  # as validate says them (a journal's torn line: dropped)
            _say(warning.format(), error=True)
    if game is not None:
        if not 1 <= game <= len(reports):
            return _no_such_game("convert", src, len(reports))
        reports = [reports[game - 1]]
    games = [r.recording for r in reports if r.recording is not None]
    try:  # a problem of the games names src; one of writing names dst
        text = notation.write(games, passes=passes) if form == "durak" else notation.json_text(games)
        write_atomic(dst, text)  # whole or not at all: an existing dst is never truncated
    except RecordingError as exc:
        _say(_problem(exc, src), error=True)
        return 1
    _say(ngettext("{file}: {n} game", "{file}: {n} games", len(games)).format(file=dst, n=len(games)))
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


def _bytes(n: int) -> str:
    """A size in words: ``'1234 bytes'`` (the plural form of the language)."""
    return ngettext("{n} byte", "{n} bytes", n).format(n=n)


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
    n = len(rec.moves)
    if not sides:
        return ngettext("{n} move", "{n} moves", n).format(n=n)
    # each count takes its own plural form (no «1 side lines»): three ngettext pieces
    main = ngettext("{n} move in the main line", "{n} moves in the main line", n).format(n=n)
    lines = ngettext("{v} side line", "{v} side lines", sides).format(v=sides)
    held = ngettext("{m} move", "{m} moves", moves).format(m=moves)
    # TRANSLATORS: {main} is "19 moves in the main line", {lines} "2 side lines" (variations),
    # {moves} "9 moves": the moves the side lines hold in all
    return _("{main} and {lines} of {moves}").format(main=main, lines=lines, moves=held)


def _export_page(
    args: argparse.Namespace, options: Sequence[str], replaces: str, write: Callable[[], str | int]
) -> int:
    """The one home of ``durak-nb export``'s refusals and errors, for a recording's page
    and a lesson's alike: an option of ``options`` (``--title``, ``--view``) that is not
    UTF-8 text, or a page that would replace ``args.file`` (``replaces``, its words with
    ``{file}``), refused before anything is read (exit 2); then ``write()``, which
    gives the line to print on success or the exit status of a problem it has
    already printed.  A file that cannot be read (a recording or a lesson) or a game
    the readers refuse prints the reader's ``FILE[:LINE:COL]: error: …`` line
    (:func:`_problem`); a page that
    cannot be made (:class:`~durak_nb.views.export.ExportError`) or written
    (:class:`OSError`) ``durak-nb export: error: …``; each exits 1.
    """
    from .views.export import ExportError  # ipywidgets only for this command

    for option in options:
        given = _not_text(getattr(args, option.lstrip("-")))
        if given is not None:
            return _usage("export", _("{option} is not UTF-8 text: {given}").format(option=option, given=given))
    if _same_file(args.file, args.output):
        return _usage("export", replaces.format(file=args.output))
    try:
        done = write()
    except RecordingError as exc:
        _say(_problem(exc, args.file), error=True)
        return 1
    except ExportError as exc:
        cause = exc.__cause__
        if isinstance(cause, RecordingError) and cause.whole:  # a lesson that cannot be read: as a recording
            _say(_problem(cause, args.file), error=True)
        else:
            _usage("export", str(exc))
        return 1
    except OSError as exc:
        _usage("export", f"{args.output}: {os_why(exc)}")
        return 1
    if isinstance(done, int):
        return done
    _say(done)
    return 0


def _export(args: argparse.Namespace) -> int:
    """Read ``args.file`` strictly, check it as ``validate`` does (R25 results
    included), and write game ``args.game`` as a page (:func:`_export_page`)."""
    from .views.export import export_html  # ipywidgets only for this command
    from .views.lesson_page import is_lesson

    if is_lesson(args.file):
        return _export_lesson(args)

    if args.cell_timeout is not None:
        # TRANSLATORS: {option} is --cell-timeout, kept as it is
        words = _("{file}: {option} is for a lesson notebook (.ipynb), not a recording")
        return _usage("export", words.format(file=args.file, option="--cell-timeout"))

    def write() -> str | int:
        reports = notation.validate_path(_edition(args.file))  # a shipped recording: the reader's edition
        if reports[0].recording is None:  # the file could not be read
            _say(reports[0].describe(), error=True)
            return 1
        if not 1 <= args.game <= len(reports):
            return _no_such_game("export", args.file, len(reports))
        report = reports[args.game - 1]
        rec = report.recording
        assert rec is not None
        if not report.ok:
            _say(report.describe(), error=True)
            return 1
        view = args.view
        if view is not None and view not in rec.players:  # ``--view Anna`` of a shipped game in its edition: Анна
            from .lessons.edition import person_name

            view = person_name(view)
        if args.view is not None and view not in rec.players:
            words = _("--view {name} is not a player: {players}")
            return _usage("export", words.format(name=repr(args.view), players=", ".join(rec.players)))
        page = export_html(rec, args.output, title=args.title, perspective=view, puzzle=args.puzzle)
        # TRANSLATORS: {bytes} is the page's size ("12345 bytes"), {lines} the moves it shows ("134 moves")
        words = _("{page}: {bytes}, {lines}; open it in a browser (no kernel needed)")
        return words.format(page=page, bytes=_bytes(page.stat().st_size), lines=_lines_words(rec))

    replaces = _("{file}: the page would replace the recording it shows; write to another file")
    return _export_page(args, ("--title", "--view"), replaces, write)


def _export_lesson(args: argparse.Namespace) -> int:
    """``durak-nb export LESSON.ipynb -o PAGE.html``: the lesson as one page
    (:func:`durak_nb.views.lesson_page.export_lesson`, through :func:`_export_page`)."""
    from .views.lesson_page import CELL_TIMEOUT, MAX_CELL_TIMEOUT, export_lesson

    if args.view is not None or args.game != 1 or getattr(args, "puzzle", False):
        # TRANSLATORS: {options} are option names, kept as they are (--view, --game, --puzzle)
        words = _("{file}: a lesson notebook has no games to choose: {options} are for a recording")
        return _usage("export", words.format(file=args.file, options="--view, --game, --puzzle"))
    bound = CELL_TIMEOUT if args.cell_timeout is None else args.cell_timeout
    if not 0 < bound <= MAX_CELL_TIMEOUT:  # NaN too
        # TRANSLATORS: {most} is the longest bound in seconds (3600); {value} the number given
        words = _("--cell-timeout must be a number of seconds above 0 and at most {most}, not {value}")
        return _usage("export", words.format(most=f"{MAX_CELL_TIMEOUT:g}", value=f"{bound:g}"))

    def write() -> str:
        page, held = export_lesson(args.file, args.output, title=args.title, cell_timeout=bound)
        n = len(held.exercises)
        # TRANSLATORS: {bytes} is the page's size ("12345 bytes"), {n} the exercises and drills the page holds
        words = ngettext(
            "{page}: {bytes}, a lesson page with {n} exercise; open it in a browser (no kernel needed)",
            "{page}: {bytes}, a lesson page with {n} exercises; open it in a browser (no kernel needed)",
            n,
        )
        return words.format(page=page, bytes=_bytes(page.stat().st_size), n=n)

    replaces = _("{file}: the page would replace the lesson it shows; write to another file")
    return _export_page(args, ("--title",), replaces, write)


def _analyse(args: argparse.Namespace) -> int:
    """``durak-nb analyse``: its options checked here (:func:`_whole_option`), then
    :func:`durak_nb.analysis.command.analyse_command`."""
    from .analysis.command import analyse_command
    from .record.io import check_match

    samples, budget = _analysis_bounds()
    given_most = args.max_samples is not None
    if not given_most:  # the default bound: 32 deals, or one round of --samples where that is more
        args.max_samples = max(32, args.samples) if isinstance(args.samples, int) else 32
    bounds = (
        ("--samples", args.samples, samples),
        ("--max-samples", args.max_samples, samples),
        ("--budget", args.budget, budget),
    )
    for option, value, most in bounds:
        refused = _whole_option("analyse", option, value, most)
        if refused is not None:
            return refused
    if given_most and args.max_samples < args.samples:  # the bound on rounds of --samples deals: at least one round
        return _usage(
            "analyse",
            _("--max-samples ({most}) must be at least --samples ({samples}): one round of deals").format(
                most=args.max_samples, samples=args.samples
            ),
        )
    try:
        games = notation.load_games(args.file)
    except RecordingError:
        games = []  # analyse_command says why, naming the place
    if len(games) > 1:
        try:
            check_match(games)  # one output file holds several games only as a match (R4)
        except RecordingError:
            # TRANSLATORS: {n} is the number of games (2 or more; a corpus file holds games dealt apart);
            # the command after "e.g." is kept as it is
            words = _(
                "{file} holds {n} games that are not one match (R4), and OUT holds one game or a match:"
                " take the game to analyse into a file of its own first, e.g. durak-nb convert {file}"
                " game.durak --game 1"
            )
            return _usage("analyse", words.format(file=args.file, n=len(games)))
    return analyse_command(
        args.file,
        args.output,
        samples=args.samples,
        seed=args.seed,
        node_budget=args.budget,
        max_samples=args.max_samples,
    )


def _tournament(args: argparse.Namespace) -> int:
    """``durak-nb tournament``: :func:`durak_nb.tournament.run_tournament`, its table printed."""
    from .botproto import MAX_TIMEOUT
    from .bots import BotFault
    from .rules import Rules, RulesError
    from .tournament import bot_spec, run_tournament, tournament_text

    for option, value in (("--timeout", args.timeout), ("--hello-timeout", args.hello_timeout)):
        refused = _seconds_option("tournament", option, value, MAX_TIMEOUT)
        if refused is not None:
            return refused
    options = dict(args.option)
    if "preset" in options:
        return _usage("tournament", _("choose the preset with --rules, not --option preset=..."))
    if args.bot_log is not None and not os.path.isdir(args.bot_log):
        # TRANSLATORS: {folder} is the folder given to --bot-log
        return _usage("tournament", _("--bot-log {folder}: no such folder").format(folder=args.bot_log))

    if args.record is not None:
        try:
            check_folder(args.record)  # before the games are played
        except RecordingError as exc:
            return _usage("tournament", exc.format())
    try:
        ladder = [
            bot_spec(name, timeout=args.timeout, hello_timeout=args.hello_timeout, log_dir=args.bot_log)
            for name in args.bots
        ]
        t = run_tournament(
            ladder,
            rules=Rules.make(args.rules, **options),
            players=args.players,
            deals=args.deals,
            workers=args.workers,
            seed=args.seed,
            bootstrap=args.bootstrap,
            tables="round_robin" if args.round_robin else "pairs",
        )
    except BotFault as exc:  # an outside bot that cannot start: no game is played
        _usage("tournament", str(exc))
        return 1
    except (ValueError, RulesError) as exc:  # a bad request: an unknown bot, a bound, R2
        return _usage("tournament", str(exc))
    for line in tournament_text(t, args.deals).splitlines():
        _say(line)
    if args.record is not None:
        try:
            t.write(args.record)
        except RecordingError as exc:
            _usage("tournament", exc.format())
            return 1
        except OSError as exc:
            _usage("tournament", f"{args.record}: {os_why(exc)}")
            return 1
        n = len(t.games)
        # TRANSLATORS: {file} is the file written; {n} the games in it
        _say(ngettext("{file}: {n} game written", "{file}: {n} games written", n).format(file=args.record, n=n))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    The language of every message and of ``--help`` is ``--lang`` (before or after the
    command), else ``DURAK_NB_LANG``, else the locale (:func:`durak_nb.i18n.default_language`);
    it is chosen before the parser is made, so that the parser's help texts and
    argparse's own words are in it too, and given back when the command ends.  The output
    is in the locale's encoding (:func:`durak_nb.console.locale_streams`).

    Ctrl-C (SIGINT) in any command prints ``durak-nb: interrupted; nothing written``
    and returns 130 (128 + SIGINT, as a shell reports it): every file a command writes
    is written whole or not at all, and an interrupted self-play corpus removes what it
    had begun.
    """
    locale_streams()  # LANG=uk_UA.KOI8-U: KOI8-U out, whatever Python chose
    words = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_given(words)
    if lang is None:
        with warnings.catch_warnings():  # said once, as the command line says things
            warnings.simplefilter("ignore", i18n.LanguageWarning)
            lang = i18n.get_language()
        if (problem := i18n.setting_problem()) is not None:  # DURAK_NB_LANG=fr: said, then English
            _say(f"durak-nb: note: {problem}", error=True)
    with i18n.language(lang), _argparse_words():
        try:
            return _run(words)
        except KeyboardInterrupt:  # Ctrl-C in any command: one line, no traceback (every write is atomic)
            _say(_("durak-nb: interrupted; nothing written"), error=True)
            return 130


def _run(argv: Sequence[str]) -> int:
    """Parse ``argv`` and run the command, in the language in use."""
    args = _parser().parse_args(argv)
    if args.lang is not None and args.lang != i18n.get_language():  # e.g. ``--la uk``, an abbreviation
        with i18n.language(args.lang):
            return _command_run(args)
    return _command_run(args)


def _command_run(args: argparse.Namespace) -> int:
    """Run the command ``args`` names; returns the exit status."""
    stdout = sys.stdout
    sys.stdout = _Output(stdout)
    try:
        try:
            return _dispatch(args)
        finally:
            sys.stdout.flush()  # a full disk is said here, not at Python's exit
    except BrokenPipeError:  # e.g. `durak-nb replay FILE | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        return 1
    except OSError as exc:
        if not _stdout_failed(exc):
            raise
        # e.g. `durak-nb replay FILE > /dev/full`: said in one line, not a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        _say(_("durak-nb: error: cannot write the output: {why}").format(why=os_why(exc)), error=True)
        return 1
    finally:
        sys.stdout = stdout


def _dispatch(args: argparse.Namespace) -> int:
    """Run the command ``args`` names (:func:`_command_run` says a broken output)."""
    if args.command == "validate":
        return _validate(args.files, args.json)
    if args.command == "play":
        return _play(args)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "convert":
        return _convert(args.input, args.output, args.passes, args.game)
    if args.command == "export":
        return _export(args)
    if args.command == "solve":
        from .analysis.command import solve_command

        most = _analysis_bounds()[1]
        if args.budget is not None and (refused := _whole_option("solve", "--budget", args.budget, most)):
            return refused
        budget = {} if args.budget is None else {"node_budget": args.budget}
        return solve_command(args.file, as_json=args.json, **budget)
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "site":
        from .site import run as site_run

        return site_run(args)
    if args.command == "class":
        from .classroom.command import run as class_run

        return class_run(args)
    return 2  # pragma: no cover - argparse requires a command


class _Output:
    """The standard output, whose write errors are marked as its own (``durak_nb_output``)
    for :func:`_command_run` to say in one line; everything else is the stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` to the stream; its :class:`OSError` is marked."""
        try:
            return int(self._stream.write(text))
        except OSError as exc:
            exc.durak_nb_output = True  # type: ignore[attr-defined]
            raise

    def flush(self) -> None:
        """Flush the stream; its :class:`OSError` is marked."""
        try:
            self._stream.flush()
        except OSError as exc:
            exc.durak_nb_output = True  # type: ignore[attr-defined]
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _stdout_failed(exc: OSError) -> bool:
    """Whether ``exc`` came from writing the standard output (a full disk, a closed
    device), not from a file a command reads or writes."""
    return bool(getattr(exc, "durak_nb_output", False))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
