"""Regenerate every file in ``recordings/`` deterministically.

Two kinds of files:

- hand-made lessons: a ``start`` position plus moves written the way a teacher says
  them ("Anna attacks 7S", "Boris covers 7S with 9S", "Boris takes"), each played
  through the engine, so an illegal step stops the script;
- bot games: ``durak-nb play`` games between random bots (the same function the
  command line uses), with a ``meta`` that says what they show and how they were made.

Usage (from the repository root)::

    python scripts/make_lesson_recordings.py            # write every file
    python scripts/make_lesson_recordings.py --check    # exit 1 if a file differs
    python scripts/make_lesson_recordings.py --only draw.json

The output is ``Recording.dumps()``, the canonical writer, so a written file reads
back and writes out byte for byte the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from durak_nb.cards import parse_cards
from durak_nb.cli import record_bot_game
from durak_nb.engine import Game, Move
from durak_nb.record import Recording
from durak_nb.record.json_form import Start
from durak_nb.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"


# ----------------------------------------------------------------------------- lessons


def parse_move(game: Game, text: str) -> Move:
    """One move in the words :meth:`Move.describe` uses.

    ``"Anna attacks 7S 7H"``, ``"Vera throws 9D"``, ``"Boris covers 7S with 9S"``,
    ``"Boris transfers 8H"``, ``"Boris shows 9H"`` (a shown-trump transfer, R20),
    ``"Boris takes"``, ``"Anna passes"``.

    Raises:
        ValueError: words this notation does not know.
        KeyError: an unknown player.
    """
    words = text.split()
    seat = game.seat(words[0])
    verb, rest = words[1], words[2:]
    if verb == "attacks":
        return Move.attack(seat, " ".join(rest))
    if verb == "throws":
        return Move.throw(seat, " ".join(rest))
    if verb == "transfers":
        return Move.transfer(seat, " ".join(rest))
    if verb == "shows":
        return Move.transfer(seat, " ".join(rest), show=True)
    if verb == "covers" and len(rest) == 3 and rest[1] == "with":
        return Move.defend(seat, rest[2], rest[0])
    if verb == "takes" and not rest:
        return Move.take(seat)
    if verb == "passes" and not rest:
        return Move.pass_(seat)
    raise ValueError(f"cannot read the move {text!r}")


@dataclass
class Lesson:
    """A hand-made lesson: a start position, moves with comments, and its meta.

    Attributes:
        file: the file name in ``recordings/``.
        rules: the rules.
        players: names, clockwise.
        hands: each player's cards (codes, space-separated).
        talon: top first; the last card is the turned-up trump (R3).
        trump: the trump suit.
        attacker: who leads first.
        first_bito_done: R13c.
        bout: the number of the first bout shown.
        moves: (move in words, comment or ``""``) in the order played.
        title, description, rules_shown, ends: the ``meta`` members.
    """

    file: str
    rules: Rules
    players: tuple[str, ...]
    hands: dict[str, str]
    talon: str
    trump: str
    attacker: str
    first_bito_done: bool
    bout: int
    moves: list[tuple[str, str]]
    title: str
    description: str
    rules_shown: list[str]
    ends: str
    extra_meta: dict[str, Any] = field(default_factory=dict)

    def recording(self) -> Recording:
        """Play the lesson through the engine and return it as a :class:`Recording`.

        Every card of the deck not in a hand or the talon goes to the discard.

        Raises:
            durak_nb.engine.SetupError: a bad position.
            durak_nb.engine.IllegalMove: a move the rules forbid.
        """
        names = self.players
        built = Game.from_position(
            self.rules,
            names,
            hands=self.hands,
            talon=self.talon,
            trump=self.trump,
            attacker=self.attacker,
            first_bito_done=self.first_bito_done,
            bout=self.bout,
            rest_to_discard=True,
        )
        start = Start(
            hands=tuple(tuple(sorted(parse_cards(self.hands.get(n, "")))) for n in names),
            talon=tuple(built.talon),
            trump=built.trump,
            attacker=names.index(self.attacker),
            discard=tuple(built.discard),
            first_bito_done=self.first_bito_done,
            bout=self.bout,
        )
        meta: dict[str, Any] = {
            "title": self.title,
            "description": self.description,
            "rules_shown": list(self.rules_shown),
            "ends": self.ends,
        }
        rec = Recording(rules=self.rules, players=names, start=start, meta=meta)
        game = rec.new_game()
        comments: dict[str, str] = {}
        for k, (text, comment) in enumerate(self.moves):
            game.play(parse_move(game, text))
            rec.moves.append(game.history[-1])
            if comment:
                comments[str(k)] = comment
        meta["comments"] = comments
        meta.update(self.extra_meta)
        if game.result is not None:
            rec.result = rec.result_json(game)
        return rec


PODKIDNOY = Rules.make("podkidnoy")
PEREVODNOY = Rules.make("perevodnoy")
PEREVODNOY_SHOW = Rules.make("perevodnoy", show_trump_transfer=True)

LESSONS: list[Lesson] = [
    Lesson(
        file="seed000-vdogonku.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "7S 7H 7C KS", "Boris": "6C 8D 9C", "Vera": "7D QD AS"},
        talon="",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=20,
        moves=[
            ("Anna attacks 7S", "Boris holds three cards; one card is led at him."),
            (
                "Boris takes",
                "Boris has no spade above 7S and no heart: he takes (принять). Now only two more cards "
                "may follow, because three cards minus the one uncovered leaves room for two (R13b).",
            ),
            (
                "Anna throws 7H",
                "The first card вдогонку, a seven like the card on the table (R11). Anna, the attacker, has the "
                "first right (R12).",
            ),
            ("Anna passes", "Anna keeps 7C back for now. After her pass the other throwers may add cards (R12)."),
            ("Vera throws 7D", "The second card вдогонку. Now three cards lie before Boris, who holds three."),
            (
                "Anna passes",
                "Anna still holds 7C but may not add it: a third card after the take would be more than "
                "Boris holds (R13b). Her only move is to pass.",
            ),
            (
                "Vera passes",
                "Every thrower has passed: Boris picks up 7S 7H 7D (R14). Vera, left of Boris, leads next (R23).",
            ),
        ],
        title="Seed 000: throw-ins after take (вдогонку)",
        description=(
            "The example of seed 000 (RULES.md R13b, R14): the defender Boris holds three cards, one card is "
            "led at him and he decides to take (принять). The throwers may still add cards after the take "
            "(вдогонку), but no more than the defender can hold: three cards in hand, one uncovered card on "
            "the table, so only two more may follow. Anna, the attacker, throws first (R12); after her pass "
            "Vera may throw; then Anna's last seven is refused and everyone passes explicitly, and Boris "
            "picks up the three sevens. Late game: the talon is empty, hearts are trump."
        ),
        rules_shown=["R11", "R12", "R13b", "R14", "R23"],
        ends="ends where the lesson's point is made: Boris has picked up the three sevens; the game goes on.",
    ),
    Lesson(
        file="transfer-twice.json",
        rules=PEREVODNOY,
        players=("Anna", "Boris", "Vera", "Gleb"),
        hands={
            "Anna": "8S 9H KH 6D JC 7S",
            "Boris": "8H AS 6H 7H TS QC",
            "Vera": "8D KS 9D TD 6C AD",
            "Gleb": "9S TH QD JH 8C 6S",
        },
        talon="7D JS QS 7C KC AH QH AC JD 9C",
        trump="C",
        attacker="Anna",
        first_bito_done=True,
        bout=3,
        moves=[
            ("Anna attacks 8S", "Anna leads the eight of spades at Boris."),
            (
                "Boris transfers 8H",
                "Boris lays a card of the same rank beside it (перевод, R17): both eights go on to Vera, "
                "and Boris becomes the attacker for R12.",
            ),
            (
                "Vera transfers 8D",
                "Vera passes it on again: three eights now go to Gleb, who holds six cards, so R18 allows it.",
            ),
            (
                "Gleb covers 8S with 9S",
                "Gleb could transfer once more with 8C, but chooses to beat (R10). Once one card is covered, "
                "no transfer is possible any more (R18).",
            ),
            ("Gleb covers 8H with TH", ""),
            ("Gleb covers 8D with QD", "Every attack card is covered."),
            ("Vera passes", "Vera transferred last, so she is the attacker with the first right (R17, R12)."),
            ("Anna throws 9H", "After Vera's pass anyone may throw: the nine is a rank on the table (R11)."),
            ("Gleb covers 9H with JH", ""),
            ("Vera passes", "A new card was laid, so every thrower must pass again (R12)."),
            ("Anna passes", ""),
            (
                "Boris passes",
                "Bito (R15). Refill (R16): Anna led the bout, so she draws first, then Boris and Vera, and Gleb, "
                "the defender, draws last. Gleb attacks next (R23).",
            ),
        ],
        title="Perevodnoy: a transfer passed on twice",
        description=(
            "Transfer (перевод, R17) in perevodnoy durak (переводной дурак) with four players, clubs trump. "
            "Anna leads 8S at Boris; Boris transfers with 8H to Vera; Vera transfers with 8D to Gleb, "
            "who must now face three eights and holds six cards (R18, R13b). Gleb could transfer again "
            "with 8C but covers all three instead; after the first cover no transfer is allowed (R18). "
            "Vera, who transferred last, is the attacker with the first right to throw in (R12); Anna "
            "throws in a nine, Gleb covers it, everyone passes: bito (бито, R15), then the refill with "
            "the defender last (R16) and Gleb leads next (R23)."
        ),
        rules_shown=["R10", "R11", "R12", "R15", "R16", "R17", "R18", "R23"],
        ends="ends where the lesson's point is made: the bout ended in bito and everyone has drawn.",
    ),
    Lesson(
        file="show-trump-transfer.json",
        rules=PEREVODNOY_SHOW,
        players=("Anna", "Boris"),
        hands={"Anna": "9S 9D JS KD AH 6C", "Boris": "9H 7C TC QS 8D 6S"},
        talon="7S 8C KS QC 6D TS JC 8H QH TH",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=4,
        moves=[
            ("Anna attacks 9S", "Anna leads the nine of spades at Boris."),
            (
                "Boris shows 9H",
                "проездной (R20): Boris holds the trump nine and transfers by showing it; he keeps it in "
                "his hand, so no card is added. With two players the transfer goes back to Anna (R21).",
            ),
            ("Anna transfers 9D", "Anna transfers back by laying 9D: two nines now go to Boris (R17, R21)."),
            (
                "Boris transfers 9H",
                "Transferred onto again in the same bout, Boris may not show the trump a second time: he must "
                "lay it (R20). Three nines go back to Anna, who holds four cards (R18).",
            ),
            ("Anna covers 9S with JS", ""),
            ("Anna covers 9D with KD", ""),
            ("Anna covers 9H with AH", "The trump nine is beaten only by a higher trump (R6)."),
            (
                "Boris passes",
                "Boris, the last to transfer, is the attacker; he has no jack, king or ace to throw in: bito "
                "(R15). Anna led the bout but ended it as the defender, and the defender draws last (R16): "
                "Boris draws first, then Anna. Anna, who beat the attack, leads next (R23).",
            ),
        ],
        title="проездной: transfer by showing the trump",
        description=(
            "Option show_trump_transfer (проездной, seed 000, R20) in perevodnoy with two players, hearts "
            "trump. Anna leads 9S; Boris transfers it back by only showing his trump nine 9H (he keeps the "
            "card). Anna transfers again with 9D (R17, R21). Now Boris is transferred onto a second time in "
            "the same bout: the shown trump works once per bout, so this time he must lay 9H on the table. "
            "Anna covers all three nines and the bout ends in bito."
        ),
        rules_shown=["R6", "R15", "R16", "R17", "R18", "R20", "R21", "R23"],
        ends="ends where the lesson's point is made: the bout ended in bito and both players have drawn.",
    ),
    Lesson(
        file="drawing-order-short-talon.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera", "Gleb"),
        hands={
            "Anna": "7S 7C KD 8D AC 6C",
            "Boris": "9S TC JD 8S QS KS",
            "Vera": "9D AH KC 7H 6S 8C",
            "Gleb": "AS KH 8H QC 6D QH",
        },
        talon="9C QD 6H",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=9,
        moves=[
            ("Anna attacks 7S 7C", "Three cards are left in the talon: 9C, QD and the turned-up trump 6H."),
            ("Boris covers 7S with 9S", ""),
            ("Boris covers 7C with TC", ""),
            ("Anna passes", "Anna, the attacker, passes: now the others may throw in (R12)."),
            ("Vera throws 9D", "The nine is already on the table (R11)."),
            ("Boris covers 9D with JD", ""),
            ("Anna passes", ""),
            ("Vera passes", ""),
            (
                "Gleb passes",
                "Bito (R15). Refill (R16): Anna, who led, draws first (9C QD), then clockwise Vera draws the "
                "last card, the turned-up trump 6H; Gleb still holds six and draws nothing; Boris, the "
                "defender, would draw last but the talon is empty: he stays with three cards.",
            ),
        ],
        title="Drawing order with a short talon",
        description=(
            "The refill (добор, R16) after a bout when the talon is short. Four players, hearts trump, three "
            "cards left in the talon, the last of them the turned-up trump 6H. Anna leads two sevens at "
            "Boris, Vera throws in a nine, Boris beats everything: bito. Then each player draws up to six in "
            "the order: the bout's first attacker (Anna), then clockwise (Vera, Gleb), the defender (Boris) "
            "last. Anna takes two cards, Vera the turned-up trump, which is always the last card drawn (R3, "
            "R16); nothing is left for Boris, who stays short with three cards and leads the next bout (R23)."
        ),
        rules_shown=["R3", "R11", "R12", "R15", "R16", "R23"],
        ends="ends where the lesson's point is made: the talon is empty after the refill; the game goes on.",
    ),
    Lesson(
        file="draw.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "KD 8S 8D", "Boris": "TS QD", "Vera": "7D"},
        talon="",
        trump="C",
        attacker="Vera",
        first_bito_done=True,
        bout=25,
        moves=[
            ("Vera attacks 7D", "The talon is empty. Vera leads her last card at Anna."),
            ("Anna covers 7D with KD", ""),
            (
                "Boris passes",
                "Vera has no cards left, so Boris is the only thrower; he passes. Bito (R15), and Vera is out "
                "(R24). Anna, who beat the attack, leads next (R23).",
            ),
            ("Anna attacks 8S 8D", "Anna leads her last two cards, a pair of eights, at Boris, who holds two."),
            ("Boris covers 8S with TS", ""),
            (
                "Boris covers 8D with QD",
                "Boris beats with his last card. No thrower holds cards: bito. Anna and Boris both have no "
                "cards in the same bout: nobody is the durak, the game is a draw (R25).",
            ),
        ],
        title="A draw: the last two go out together",
        description=(
            "Draw (ничья, R25, option draw_allowed, on by default). Three players, the talon empty, clubs "
            "trump. Vera goes out first by leading her last card (R24). Then Anna leads her last two cards "
            "at Boris, and Boris beats them with his last two. Both run out of cards in the same bout, so "
            "there is no durak: the game ends in a draw."
        ),
        rules_shown=["R15", "R23", "R24", "R25"],
        ends="plays to the end: a draw.",
    ),
    Lesson(
        file="epaulettes.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris"),
        hands={"Anna": "9D 6S 6C", "Boris": "7D 9S 8C KH"},
        talon="",
        trump="H",
        attacker="Boris",
        first_bito_done=True,
        bout=30,
        moves=[
            ("Boris attacks 7D", "The talon is empty."),
            ("Anna covers 7D with 9D", ""),
            (
                "Boris passes",
                "Boris could throw in 9S but keeps it. Bito (R15); Anna, who beat the attack, leads next (R23).",
            ),
            ("Anna attacks 6S 6C", "Anna leads her last two cards: two sixes."),
            ("Boris covers 6S with 9S", ""),
            (
                "Boris covers 6C with 8C",
                "Boris beats both sixes, but Anna has no cards left and goes out (R24): Boris is the durak, "
                "and since the last bout against him was led with two sixes he gets epaulettes (погоны, R26).",
            ),
        ],
        title="A durak with epaulettes (погоны)",
        description=(
            "Epaulettes (погоны, R26, seeds 001 and 003): if the last bout against the durak was led with "
            "two sixes, he is a 'durak with epaulettes'. Two players, talon empty, hearts trump. After a "
            "bito Anna leads her last two cards, 6S and 6C. Boris beats both, but Anna is out (R24) and "
            "Boris, the last player holding cards, is the durak (дурак, R25) with epaulettes."
        ),
        rules_shown=["R15", "R23", "R24", "R25", "R26"],
        ends="plays to the end: Boris is the durak with epaulettes.",
    ),
    Lesson(
        file="first-bout-limit.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera"),
        hands={
            "Anna": "7S 7H 7C 9S 9H 6D",
            "Boris": "9C 6S 6H 8C TC JC",
            "Vera": "7D AS KH QH JD 8S",
        },
        talon="8H TS JS QS KS AH TH JH 6C QC KC AC 8D 9D QD KD AD TD",
        trump="D",
        attacker="Anna",
        first_bito_done=False,
        bout=1,
        moves=[
            ("Anna attacks 7S 7H 7C", "The first bout of the game: Anna holds the lowest trump 6D (R4)."),
            ("Boris covers 7C with 9C", "Now nines may be thrown in too (R11)."),
            (
                "Anna throws 9S 9H",
                "Five attack cards: before the first bito (первый отбой) that is the most while Boris "
                "defends (R13c, first_bout_limit 5).",
            ),
            (
                "Anna passes",
                "Vera may throw now (R12), but her 7D would be a sixth card while Boris is still defending: "
                "refused by R13c. Her only move would be to pass.",
            ),
            (
                "Boris takes",
                "Boris cannot beat 7S or 7H and takes. Once he has taken, the limit is the full six (R13c, "
                "R13a): 'вдогонку 6-ю карту' (seed 000).",
            ),
            ("Vera throws 7D", "The sixth card, thrown in after the take (вдогонку, R14)."),
            ("Anna passes", ""),
            (
                "Vera passes",
                "Everyone has passed: Boris picks up all seven cards on the table (R14). Refill (R16): Anna, "
                "then Vera; Boris holds more than six and draws nothing. Vera, left of Boris, leads next (R23).",
            ),
        ],
        title="The first bout: five cards, six after take",
        description=(
            "The first-bout limit (R13c, option first_bout_limit, default 5; seed 000): until the first bout "
            "that ends in bito (первый отбой) at most five attack cards may be played while the defender "
            "defends. Three players, diamonds trump. Anna leads three sevens, Boris beats one with 9C, Anna "
            "throws in two nines: five cards. Vera's 7D would be the sixth and is refused while Boris "
            "defends. When Boris takes (принять), the limit rises to six and Vera throws 7D after the take "
            "(вдогонку, R14)."
        ),
        rules_shown=["R4", "R11", "R12", "R13a", "R13c", "R14", "R16", "R23"],
        ends="ends where the lesson's point is made: Boris has picked up after the sixth card; the game goes on.",
    ),
]


# ----------------------------------------------------------------------------- bot games


@dataclass
class BotGame:
    """A ``durak-nb play`` game between random bots, with its meta.

    Attributes:
        file: the file name in ``recordings/``.
        preset, players, seed, options: the arguments of ``durak-nb play``.
        title, description, rules_shown, ends: the ``meta`` members.
    """

    file: str
    preset: str
    players: int
    seed: int
    options: dict[str, Any]
    title: str
    description: str
    rules_shown: list[str]
    ends: str

    def command(self) -> str:
        """The ``durak-nb play`` command line that makes this game."""
        opts = "".join(f" --option '{k}={_json_value(v)}'" for k, v in self.options.items())
        return (
            f"durak-nb play --preset {self.preset} --players {self.players} --seed {self.seed}{opts}"
            f" -o recordings/{self.file}"
        )

    def recording(self) -> Recording:
        """Play the bot game and return it with its meta.

        Raises:
            durak_nb.rules.RulesError: bad preset or options.
        """
        rec = record_bot_game(self.preset, self.players, self.seed, dict(self.options))
        rec.meta = {
            "title": self.title,
            "description": self.description,
            "rules_shown": list(self.rules_shown),
            "ends": self.ends,
            "event": self.command(),
            "bots": "random",
        }
        return rec


def _json_value(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


_BOTS_NOTE = "Played by random bots (durak-nb play); the command is in 'event'."

BOT_GAMES: list[BotGame] = [
    BotGame(
        file="podkidnoy-2p.json",
        preset="podkidnoy",
        players=2,
        seed=1,
        options={},
        title="Podkidnoy, 2 players, a full game",
        description=(
            "A complete game of podkidnoy durak (подкидной дурак), two players, 36 cards, hearts trump. "
            + _BOTS_NOTE
            + " It shows the deal with the turned-up trump (козырь, R3), the first attacker by the lowest "
            "trump (R4), leads of one card and of several cards of one rank (R9), the defender beating or "
            "taking (R10), beating with the suit and with trumps (R6), throw-ins (подкинуть, R11-R12) with "
            "the explicit passes, never more attack cards than the limits allow (R13), takes (принять, R14) "
            "including throw-ins after take (вдогонку, moves 51, 61, 89, 90, 124), bito (бито, R15), the "
            "refill from the talon (добор, R16), the next attacker after bito or take (R23), and the end: "
            "Boris goes out with the talon empty (R24) and Anna is the durak (дурак, R25). Seed 1 was chosen "
            "because it ends with a durak and has many takes and throw-ins."
        ),
        rules_shown=["R3", "R4", "R6", "R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R23", "R24", "R25"],
        ends="plays to the end: Anna is the durak.",
    ),
    BotGame(
        file="perevodnoy-3p.json",
        preset="perevodnoy",
        players=3,
        seed=4,
        options={},
        title="Perevodnoy, 3 players, a full game with transfers",
        description=(
            "A complete game of perevodnoy durak (переводной дурак), three players, 36 cards. "
            + _BOTS_NOTE
            + " Leads of one rank (R9); the defender beats, takes or transfers (R10); throw-ins with the "
            "attacker first and explicit passes (R11-R12) within the limits (R13); takes (R14) and bito "
            "(R15) with the refill (R16). It has seven transfers (перевод, R17-R18), none in the first bout "
            "(R19). Vera and then Anna go out (R24) and Boris is the durak (R25). Seed 4 was chosen for its many "
            "transfers; it ends with a durak, not a repetition draw."
        ),
        rules_shown=["R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R18", "R19", "R24", "R25"],
        ends="plays to the end: Boris is the durak.",
    ),
    BotGame(
        file="perevodnoy-6p-52cards.json",
        preset="perevodnoy",
        players=6,
        seed=14,
        options={"deck_size": 52},
        title="Perevodnoy, 6 players, 52 cards",
        description=(
            "A complete game of perevodnoy durak (переводной дурак) for six players (R2) with the 52-card "
            "deck (ranks 2 to ace, option deck_size 52, R1). "
            + _BOTS_NOTE
            + " Six players take 36 cards in the deal (R3), 16 stay in the talon. It shows throw-ins by "
            "several players (R11-R12) within the limits (R13), takes with throw-ins after take (вдогонку, "
            "R14), bito (R15), the refill (R16), transfers (перевод, R17), the next attacker skipping players "
            "without cards (R23), players going out one by one (R24: Boris, Anna, Gleb, Egor, Dasha) and "
            "Vera left as the durak (R25). Seed 14 ends with a durak, not a repetition draw."
        ),
        rules_shown=["R1", "R2", "R3", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R23", "R24", "R25"],
        ends="plays to the end: Vera is the durak.",
    ),
    BotGame(
        file="prostoy-3p.json",
        preset="prostoy",
        players=3,
        seed=1,
        options={},
        title="Prostoy (simple) durak, 3 players",
        description=(
            "A complete game of simple durak (простой дурак), three players, five cards each (R3). "
            + _BOTS_NOTE
            + " The lead is one card or a pair (R9); the defender beats or takes (R10); there are no "
            "throw-ins (R11), so every bout ends as soon as the lead is beaten (R15) or taken (R14). After "
            "each bout the players refill to five (R16) and the next attacker follows R23. Anna and Vera go "
            "out (R24) and Boris is the durak (R25). Seed 1 ends with a durak, not a draw."
        ),
        rules_shown=["R3", "R9", "R10", "R11", "R14", "R15", "R16", "R23", "R24", "R25"],
        ends="plays to the end: Boris is the durak.",
    ),
    BotGame(
        file="english-4p.json",
        preset="english",
        players=4,
        seed=3,
        options={},
        title="English durak, 4 players",
        description=(
            "A complete game of English durak (английский дурак), four players, five cards each. "
            + _BOTS_NOTE
            + " The lead is a pair only (R9); a player with no pair, or facing a defender with fewer than "
            "two cards, passes the lead to the left with 'pass', and once every player holding cards has "
            "passed in a row a single card may be led (for example move 76, after four passes in a row). "
            "The defender beats both cards or takes (R10, R14); there are no throw-ins (R11); bito (R15), "
            "refill to five (R16) and the next attacker (R23) as usual. Gleb, Boris and Vera go out (R24) "
            "and Anna is the durak (R25). Many seeds of this variant end in a repetition draw (R27); seed 3 "
            "was chosen because it ends with a durak."
        ),
        rules_shown=["R9", "R10", "R11", "R14", "R15", "R16", "R23", "R24", "R25", "R27"],
        ends="plays to the end: Anna is the durak.",
    ),
    BotGame(
        file="japanese-3p.json",
        preset="japanese",
        players=3,
        seed=8,
        options={},
        title="Japanese durak, 3 players",
        description=(
            "A complete game of Japanese durak (японский дурак), three players. "
            + _BOTS_NOTE
            + " Diamonds are always trump and no card is turned up (R8); spades are beaten only by higher "
            "spades, never by a trump (for example move 49: Boris covers 7S with AS); every other card is "
            "beaten as usual by a higher card of its suit or a diamond (R6). Throw-ins and takes as in "
            "podkidnoy (R11-R14), bito (R15) and the refill (R16). Vera and Boris go out (R24) and Anna is "
            "the durak (R25). Seed 8 ends with a durak, not a repetition draw."
        ),
        rules_shown=["R6", "R8", "R11", "R12", "R14", "R15", "R16", "R24", "R25"],
        ends="plays to the end: Anna is the durak.",
    ),
    BotGame(
        file="podkidnoy-teams-2v2.json",
        preset="podkidnoy",
        players=4,
        seed=7,
        options={"teams": [[0, 2], [1, 3]]},
        title="Podkidnoy, teams 2 vs 2",
        description=(
            "A complete team game (пара на пару, option teams, R22): Anna and Vera against Boris and Gleb, "
            "partners sitting alternately. "
            + _BOTS_NOTE
            + " Partners never attack or throw in on each other: only the defender's opponents are "
            "throwers (R11, R22), the attacker first (R12). Takes with throw-ins after take (вдогонку, R14), "
            "bito (R15), the refill (R16) and the next attacker (R23) as in podkidnoy. Gleb and Boris shed "
            "all their cards (R24), so their team wins and the team of Anna and Vera loses; a team game has "
            "no single durak (R22)."
        ),
        rules_shown=["R11", "R12", "R14", "R15", "R16", "R22", "R23", "R24"],
        ends="plays to the end: the team of Anna and Vera loses.",
    ),
    BotGame(
        file="podkidnoy-3p-24cards.json",
        preset="podkidnoy",
        players=3,
        seed=1,
        options={"deck_size": 24},
        title="Podkidnoy, 3 players, 24 cards",
        description=(
            "A complete game of podkidnoy durak with the short 24-card deck (nine to ace, option deck_size "
            "24, R1): three players take 18 cards, the turned-up trump and five more form the talon (R3). "
            + _BOTS_NOTE
            + " It shows throw-ins (R11-R12) within the limits (R13), takes with throw-ins after take "
            "(вдогонку, R14), bito (R15), the refill that empties the small talon quickly (R16), Boris and "
            "Anna going out (R24) and Vera as the durak (R25). Seed 1 ends with a durak."
        ),
        rules_shown=["R1", "R3", "R11", "R12", "R13", "R14", "R15", "R16", "R24", "R25"],
        ends="plays to the end: Vera is the durak.",
    ),
]


# ----------------------------------------------------------------------------- main


def all_recordings() -> dict[str, Callable[[], Recording]]:
    """File name -> a function that builds that recording."""
    out: dict[str, Callable[[], Recording]] = {}
    for game in BOT_GAMES:
        out[game.file] = game.recording
    for lesson in LESSONS:
        out[lesson.file] = lesson.recording
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or, with ``--check``, compare) the recordings; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    parser.add_argument("--only", action="append", default=[], metavar="FILE", help="only this file (repeatable)")
    parser.add_argument("--dir", default=str(RECORDINGS), help="the recordings folder (default: recordings/)")
    args = parser.parse_args(argv)
    folder = Path(args.dir)
    builders = all_recordings()
    unknown = [f for f in args.only if f not in builders]
    if unknown:
        print(f"unknown file {unknown[0]!r}: one of {', '.join(builders)}", file=sys.stderr)
        return 2
    status = 0
    for name, build in builders.items():
        if args.only and name not in args.only:
            continue
        text = build().dumps()
        path = folder / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
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
