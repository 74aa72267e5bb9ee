"""Regenerate (or check) the notation files (``.durak``) in ``recordings/``.

Three kinds of files:

- a notation copy of every JSON recording: ``NAME.durak`` is the canonical notation of
  ``NAME.json`` (``durak-nb convert NAME.json NAME.durak``), so the two hold the same game;
- ``match-4p-podkidnoy.durak``: a match of three games between four random bots, the
  durak of each game dealing the next and the player to the durak's left attacking
  first (R4), each deal given by its seed;
- hand-written files (``annotated-transfer-or-cover.durak``): written by hand in the
  notation, as a teacher would; the script only checks that each reads strictly and is
  already in canonical form (``durak-nb convert F F`` leaves it unchanged).

Usage (from the repository root)::

    python scripts/make_notation_recordings.py            # write the generated files
    python scripts/make_notation_recordings.py --check    # exit 1 if a file differs

Every file it names is printed, one line each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from durak_nb.bots import RandomBot, play_out
from durak_nb.engine import Game
from durak_nb.record import Deal, Recording, RecordingError, notation
from durak_nb.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"

#: Written by hand; checked, never generated.
HAND_WRITTEN = ("annotated-transfer-or-cover.durak",)

MATCH_FILE = "match-4p-podkidnoy.durak"
MATCH_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
#: One seed per game: the shuffle and the bots.  Chosen so that every game ends with a
#: durak (not a draw), and each time a different one: Boris, then Vera, then Gleb.
MATCH_SEEDS = (4, 104, 204)


def match() -> list[Recording]:
    """The three games of the match, played by :class:`RandomBot` (R4 between games).

    Raises:
        RuntimeError: a game ends without a single durak (the seeds are chosen so that
            none does).
    """
    rules = Rules.make("podkidnoy")
    names = list(MATCH_PLAYERS)
    games: list[Recording] = []
    dealer: int | None = None
    attacker: int | None = None
    for n, seed in enumerate(MATCH_SEEDS, 1):
        game = Game.deal(rules, names, seed=seed, dealer=dealer, attacker=attacker)
        start = game.copy()
        play_out(game, RandomBot(seed))
        result = game.result
        if result is None or result.durak is None:
            raise RuntimeError(f"game {n} (seed {seed}) has no durak")
        rec = Recording(
            rules=rules,
            players=tuple(names),
            deal=Deal(
                dealer=start.dealer if start.dealer is not None else len(names) - 1,
                deck=start.deck_order,
                attacker=attacker,
            ),
            moves=list(game.history),
            meta={
                "event": "A four-player match between random bots",
                "headers": {"Round": str(n)},
                "seed": seed,
                "bots": "random",
            },
        )
        rec.result = rec.result_json(game)
        if n == 1:
            rec.meta["description"] = (
                "Three games of podkidnoy between four random bots. From game 2 on, the durak of the game "
                "before deals and the player to the durak's left attacks first (из-под дурака, R4); each deal "
                "is given by its seed, the shuffle random.Random(seed) of the 36-card deck."
            )
        games.append(rec)
        dealer, attacker = result.durak, (result.durak + 1) % len(names)
    return games


def generated() -> dict[str, str]:
    """File name -> the text the script makes."""
    out: dict[str, str] = {}
    for path in sorted(RECORDINGS.glob("*.json")):
        out[path.with_suffix(notation.SUFFIX).name] = notation.write(Recording.load(path))
    out[MATCH_FILE] = notation.write(match())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or, with ``--check``, compare) the notation files; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    args = parser.parse_args(argv)
    status = 0
    for name, text in generated().items():
        path = RECORDINGS / name
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{name}: {'ok' if same else 'DIFFERS'}")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{name}: written")
    for name in HAND_WRITTEN:
        path = RECORDINGS / name
        try:
            text = path.read_text(encoding="utf-8")
            canonical = notation.write(notation.read_games(text, file=str(path))) == text
        except (OSError, RecordingError) as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{name}: {'ok (hand-written)' if canonical else 'NOT CANONICAL (hand-written)'}")
        status |= 0 if canonical else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
