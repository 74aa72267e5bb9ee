"""Refresh the recordings in ``recordings/`` from what the files themselves say.

The files are the source: a lesson's position, moves and comments are written once, in
its JSON file (edit it as a file; the tests validate every one). This script only
re-derives what follows from a file:

- a bot game (``meta.bots`` is ``"random"``): its moves and result are made again by
  the ``durak-nb play`` command kept in ``meta.event``; the file's ``meta`` is kept;
- any other recording (a lesson: a ``start`` position or a ``deal``, with moves): its
  moves are replayed through the engine (an illegal move stops the script, naming the
  file and the move) and its ``result`` is set to the replay's (R25-R27);

and writes the canonical form (``Recording.dumps()``), so a file reads back and writes
out byte for byte the same.

Usage (from the repository root)::

    python scripts/make_lesson_recordings.py                 # rewrite every file of recordings/
    python scripts/make_lesson_recordings.py --check         # exit 1 if a file differs
    python scripts/make_lesson_recordings.py --dir recordings/lessons --check
    python scripts/make_lesson_recordings.py --only draw.json

Only the folder's own ``*.json`` files are read (not its subfolders). One line per file
on stdout (``PATH: ok`` or ``PATH: written``); a difference or an error goes to stderr.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from durak_nb.record import Recording, RecordingError

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"
#: The longest a bot game may take to be made again (seconds).
PLAY_TIMEOUT = 120


def remade_bot_game(rec: Recording, path: Path) -> Recording:
    """The bot game ``rec`` made again by the ``durak-nb play`` command in its
    ``meta.event``, with the file's meta.

    Raises:
        RecordingError: ``meta.event`` is not a ``durak-nb play … -o FILE`` command,
            or the command fails.
    """
    argv = shlex.split(str(rec.meta.get("event", "")))
    if argv[:2] != ["durak-nb", "play"] or len(argv) < 4 or argv[-2] != "-o":
        raise RecordingError("meta.event is not a 'durak-nb play ... -o FILE' command", file=str(path))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / path.name
        run = subprocess.run(
            [sys.executable, "-m", "durak_nb.cli", *argv[1:-1], str(out)],
            capture_output=True,
            text=True,
            check=False,
            timeout=PLAY_TIMEOUT,
        )
        if run.returncode != 0:
            raise RecordingError(f"meta.event failed: {run.stderr.strip()}", file=str(path))
        made = Recording.load(out)
    made.meta = dict(rec.meta)
    return made


def refreshed(path: Path) -> str:
    """The canonical text of the recording at ``path``, with what follows from it re-derived.

    Raises:
        RecordingError: the file does not read, or a move is illegal (with the place).
    """
    rec = Recording.load(path)
    if rec.meta.get("bots") == "random":
        rec = remade_bot_game(rec, path)
    game = rec.replay()
    rec.result = rec.result_json(game) if game.finished else None
    return rec.dumps()


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or, with ``--check``, compare) the recordings; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    parser.add_argument("--only", action="append", default=[], metavar="FILE", help="only this file (repeatable)")
    parser.add_argument("--dir", default=str(RECORDINGS), help="the recordings folder (default: recordings/)")
    args = parser.parse_args(argv)
    folder = Path(args.dir)
    paths = sorted(folder.glob("*.json"))
    unknown = [f for f in args.only if f not in {p.name for p in paths}]
    if unknown:
        print(f"unknown file {unknown[0]!r}: one of {', '.join(p.name for p in paths)}", file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        if args.only and path.name not in args.only:
            continue
        try:
            text = refreshed(path)
        except (RecordingError, subprocess.TimeoutExpired) as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            status = 1
            continue
        if args.check:
            if path.read_text(encoding="utf-8") != text:
                print(f"{path}: differs from what the script makes", file=sys.stderr)
                status = 1
            else:
                print(f"{path}: ok")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path}: written")
    return status


if __name__ == "__main__":
    sys.exit(main())
