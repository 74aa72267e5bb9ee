"""The ``durak-nb`` command line (INTERCHANGE.md "Command-line contract").

- ``durak-nb validate [--json] FILE...``: exit 0 when every file is a legal game.
- ``durak-nb play --preset P --players N --seed S [--option k=v ...] -o FILE``: a game
  between random bots, recorded in the ``durak-nb/1`` JSON form.
- ``durak-nb replay FILE``: print a recording move by move with what each move caused.
- ``durak-nb convert IN OUT``: between the notation (``.durak``) and the JSON form
  (``.json``), by suffix, without loss; a match (several games) is a JSON array.
- ``durak-nb export FILE -o PAGE.html [--game N] [--title T] [--view NAME]``: a replay
  as one self-contained HTML page that plays with no kernel and no network
  (:func:`durak_nb.views.export.export_html`).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Sequence
from typing import Any

from .bots import RandomBot, play_out
from .engine import Game, SetupError
from .record import Recording, RecordingError, notation
from .record.json_form import Deal
from .rules import Rules, RulesError

__all__ = ["main"]

#: Default names for bot games, in seat order.
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya")


def _option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"{text!r}: write an option as name=value, e.g. first_bout_limit=6")
    name, raw = text.split("=", 1)
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="durak-nb", description="Durak (дурак) recordings: validate, play, replay.")
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

    r = sub.add_parser("replay", help="print a recording move by move")
    r.add_argument("file", metavar="FILE")

    c = sub.add_parser("convert", help="convert between the notation (.durak) and the JSON form (.json)")
    c.add_argument("input", metavar="IN", help="a .durak or .json file")
    c.add_argument("output", metavar="OUT", help="a .durak or .json file (a match becomes a JSON array)")

    e = sub.add_parser("export", help="write a replay as a self-contained HTML page (no kernel, no network)")
    e.add_argument("file", metavar="FILE", help="a .json or .durak recording")
    e.add_argument("-o", "--output", required=True, metavar="PAGE.html", help="the page to write")
    e.add_argument("--game", type=int, default=1, metavar="N", help="which game of a match (1, 2, …; default 1)")
    e.add_argument("--title", help="the page's title (default: the recording's title, or variant and players)")
    e.add_argument("--view", metavar="NAME", help="the view shown first: a player's name (default: all hands open)")
    return p


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
                stream = sys.stdout if report.ok else sys.stderr
                print(report.describe(), file=stream)
    if as_json:
        for a in answers:
            print(json.dumps(a, ensure_ascii=False))
    return status


def record_bot_game(preset: str, players: int, seed: int, options: dict[str, Any]) -> Recording:
    """A complete game between :class:`RandomBot` players, as a :class:`Recording`.

    The deck is shuffled with ``random.Random(seed)``; the bots use the same seed.

    Raises:
        RulesError: unknown preset or option, bad value, or a player count R2 forbids.
    """
    rules = Rules.make(preset, **options)
    rules.check_players(players)
    names = list(NAMES[:players]) if players <= len(NAMES) else [f"P{i + 1}" for i in range(players)]
    game = Game.deal(rules, names, seed=seed)
    start = game.copy()
    play_out(game, RandomBot(seed))
    rec = Recording(
        rules=rules,
        players=tuple(names),
        deal=Deal(
            dealer=game.dealer if game.dealer is not None else players - 1,
            deck=start.deck_order,
            trump=start.trump if start.trump_card is None and not rules.japanese else None,
        ),
        moves=list(game.history),
        meta={"event": _command(preset, players, seed, options), "bots": "random"},
    )
    rec.result = rec.result_json(game)
    return rec


def _command(preset: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """The ``durak-nb play`` command that makes this game again."""
    words = ["durak-nb", "play", "--preset", preset, "--players", str(players), "--seed", str(seed)]
    for name, value in options.items():
        text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
        words += ["--option", shlex.quote(f"{name}={text}")]
    return " ".join(words)


def _play(args: argparse.Namespace) -> int:
    options = dict(args.option)
    if "preset" in options:
        print("durak-nb play: error: choose the preset with --preset, not --option preset=...", file=sys.stderr)
        return 2
    try:
        rec = record_bot_game(args.preset, args.players, args.seed, options)
    except (RulesError, SetupError) as exc:
        print(f"durak-nb play: error: {exc}", file=sys.stderr)
        return 2
    try:
        rec.dump(args.output)
    except OSError as exc:
        print(f"durak-nb play: error: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    game = rec.replay()
    assert game.result is not None
    print(f"{args.output}: {len(rec.moves)} moves, {game.result.describe(rec.players)}")
    return 0


def _replay(path: str) -> int:
    try:
        games = notation.load_games(path)  # .durak or .json, one game or a match
        for number, rec in enumerate(games, 1):
            game = rec.new_game()
            names = rec.players
            title = f"game {number} of {len(games)}: " if len(games) > 1 else ""
            print(f"{title}{rec.rules.preset}: {', '.join(names)}; trump {game.trump.symbol}")
            for k, (after, move, events) in enumerate(rec.steps()):
                print(f"{k:4d}  {move.describe(names)}")
                for e in events:
                    print(f"        {e.describe(names)}")
                game = after
            rec.check_result(game)
    except RecordingError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    return 0


def _convert(src: str, dst: str) -> int:
    """Read ``src`` strictly and write ``dst`` in the form its suffix names."""
    suffixes = (notation.SUFFIX, ".json")
    for path in (src, dst):
        if not path.endswith(suffixes):
            print(f"durak-nb convert: error: {path}: the file name ends in .durak or .json", file=sys.stderr)
            return 2
    try:
        games = notation.load_games(src)
        if dst.endswith(notation.SUFFIX):
            notation.dump(games, dst)
        else:
            with open(dst, "w", encoding="utf-8") as out:
                out.write(notation.json_text(games))
    except RecordingError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"durak-nb convert: error: {dst}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{dst}: {len(games)} game{'s' if len(games) != 1 else ''}")
    return 0


def _export(args: argparse.Namespace) -> int:
    """Read ``args.file`` strictly and write game ``args.game`` as a page."""
    from .views.export import ExportError, export_html  # ipywidgets only for this command

    try:
        games = notation.load_games(args.file)
        if not 1 <= args.game <= len(games):
            print(
                f"durak-nb export: error: {args.file} holds {len(games)} game(s): --game 1..{len(games)}",
                file=sys.stderr,
            )
            return 2
        rec = games[args.game - 1]
        if args.view is not None and args.view not in rec.players:
            print(
                f"durak-nb export: error: --view {args.view!r} is not a player: {', '.join(rec.players)}",
                file=sys.stderr,
            )
            return 2
        page = export_html(rec, args.output, title=args.title, perspective=args.view)
    except RecordingError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    except ExportError as exc:
        print(f"durak-nb export: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"durak-nb export: error: {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{page}: {page.stat().st_size} bytes, {len(rec.moves)} moves; open it in a browser (no kernel needed)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "validate":
            return _validate(args.files, args.json)
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            return _replay(args.file)
        if args.command == "convert":
            return _convert(args.input, args.output)
        if args.command == "export":
            return _export(args)
    except BrokenPipeError:  # e.g. `durak-nb replay FILE | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 2  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
