"""Regenerate (or check) the over-the-board recordings in ``recordings/overboard/``.

Each is a real game: played by the kit's random bots (``durak-nb play``), then its deck
forgotten, keeping only what a person at the table saw (INTERCHANGE.md, "Over-the-board
recordings"):

- ``podkidnoy-4p-laid-cards``: four players; known are the card turned up under the
  talon, the lowest trump the first attacker showed (R4) and the cards laid on the table;
- ``perevodnoy-3p-scorer-hand``: three players; the scorer (Anna) also knows her own
  starting hand and every refill she drew (R16).

Both are written in the JSON form (``NAME.json``) and the notation (``NAME.durak``), each
the canonical text of the same game.

Usage (from the repository root)::

    python scripts/make_overboard_recordings.py            # write the files
    python scripts/make_overboard_recordings.py --check    # exit 1 if a file differs

Every file it names is printed, one line each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from durak_nb.engine import Drew, Game
from durak_nb.record import Recording, notation
from durak_nb.selfplay import record_bot_game
from durak_nb.unseen import PartialDeal, SeenDraw

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "recordings" / "overboard"

#: name -> (preset, players, seed, the scorer's seat or None, title, description)
GAMES: dict[str, tuple[str, int, int, int | None, str, str]] = {
    "podkidnoy-4p-laid-cards": (
        "podkidnoy",
        4,
        3,
        None,
        "Four at the kitchen table: only the laid cards",
        "A podkidnoy game of four written down at the table by someone who saw only what was laid: the"
        " card turned up under the talon (R3), the lowest trump the first attacker showed (R4), and every"
        " card led, thrown in, covered or taken (R9-R15). Nobody saw the deck, so the hands are known"
        " only as the cards leave them or are taken into them; the game is legal because some order of"
        " the deck makes every move legal. Played by random bots, then the deck forgotten.",
    ),
    "perevodnoy-3p-scorer-hand": (
        "perevodnoy",
        3,
        11,
        0,
        "Perevodnoy for three: the scorer's own hand and refills",
        "A perevodnoy game of three written down by Anna, who played in it: besides the turned-up card"
        " (R3), the lowest trump shown (R4) and the cards laid (R9-R19), she knows her own starting hand"
        " and every card she drew in each refill (R16). Boris's and Vera's hands are known only as far as"
        " the moves and her cards tell. Played by random bots, then the deck forgotten.",
    ),
}


def forget(rec: Recording, scorer: int | None) -> PartialDeal:
    """What a person at the table saw of ``rec``'s deal: the turned-up card (or the trump
    suit where none is turned up, R3), the first attacker's lowest trump (shown for R4;
    the attacker named instead where no trump was dealt), and with a ``scorer`` that
    player's starting hand and refills (R16)."""
    game = rec.new_game()
    assert isinstance(game, Game) and rec.deal is not None
    trump_card = game.trump_card
    attacker = game.attacker
    assert attacker is not None
    trumps = sorted(c for c in game.hands[attacker] if c.suit == game.trump)
    lowest = min((c for h in game.hands for c in h if c.suit == game.trump), default=None)
    shown = ((attacker, (trumps[0],)),) if trumps and trumps[0] == lowest else ()
    hands = ((scorer, tuple(game.hands[scorer])),) if scorer is not None else ()
    draws: list[SeenDraw] = []
    for k, move in enumerate(rec.moves):
        for event in game.play(move):
            if isinstance(event, Drew) and event.player == scorer:
                draws.append(SeenDraw(k, scorer, tuple(sorted(event.cards))))
    return PartialDeal(
        dealer=rec.deal.dealer,
        turned_up=trump_card,
        trump=game.trump if trump_card is None and not rec.rules.japanese else None,
        attacker=None if shown else attacker,
        shown=shown,
        hands=hands,
        draws=tuple(draws),
    )


def make(name: str) -> Recording:
    """The recording ``name`` of :data:`GAMES`."""
    preset, players, seed, scorer, title, description = GAMES[name]
    full = record_bot_game(preset, players, seed)
    deal = forget(full, scorer)
    meta = {
        "title": title,
        "description": description,
        "made": f"scripts/make_overboard_recordings.py from durak-nb play --preset {preset} --players {players}"
        f" --seed {seed}, the deck forgotten",
    }
    return Recording(
        rules=full.rules,
        players=full.players,
        deal=deal,
        moves=list(full.moves),
        result=full.result,
        meta=meta,
    )


def texts() -> dict[str, str]:
    """File name -> canonical text, for every file of the folder."""
    out: dict[str, str] = {}
    for name in GAMES:
        rec = make(name)
        out[f"{name}.json"] = rec.dumps()
        out[f"{name}.durak"] = notation.write(rec)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="compare with the files; write nothing")
    args = p.parse_args(argv)
    status = 0
    FOLDER.mkdir(exist_ok=True)
    for file, text in texts().items():
        path = FOLDER / file
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path.relative_to(ROOT)}: {'ok' if same else 'DIFFERS'}")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(path.relative_to(ROOT))
    return status


if __name__ == "__main__":
    sys.exit(main())
