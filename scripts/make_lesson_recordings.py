"""Regenerate every file in ``recordings/`` deterministically.

Two kinds of files:

- hand-made lessons: a ``start`` position (or, for the lessons about the deal, a
  ``deal`` of a whole deck) plus moves written the way a teacher says them ("Anna
  attacks 7S", "Boris covers 7S with 9S", "Boris takes"), each played through the
  engine, so an illegal step stops the script;
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
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from durak_nb.cards import deck, parse_cards
from durak_nb.engine import Game, Move
from durak_nb.record import Recording
from durak_nb.record.json_form import Deal, Start
from durak_nb.rules import Rules
from durak_nb.selfplay import record_bot_game

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"


# ----------------------------------------------------------------------------- lessons


def parse_move(game: Game, text: str) -> Move:
    """One move in the words :meth:`Move.describe` uses.

    ``"Anna attacks 7S 7H"``, ``"Vera throws 9D"``, ``"Boris covers 7S with 9S"``,
    ``"Boris transfers 8H"``, ``"Boris shows 9H"`` (a shown-trump transfer, R20),
    ``"Boris takes"``, ``"Anna passes"``, ``"Boris redeals 7S KH …"`` (R5, the new deck
    top first).

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
    if verb == "redeals" and rest:
        return Move.redeal(seat, parse_cards(" ".join(rest)))
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
        return play_lesson_moves(rec, self.moves, self.extra_meta)


def play_lesson_moves(rec: Recording, moves: list[tuple[str, str]], extra_meta: dict[str, Any]) -> Recording:
    """Play ``moves`` (in words, with comments) from the start of ``rec``; fill in its
    moves, ``meta.comments`` (then ``extra_meta``) and, if the game ends, its result.

    Raises:
        durak_nb.engine.IllegalMove: a move the rules forbid.
        ValueError, KeyError: as :func:`parse_move`.
    """
    game = rec.new_game()
    comments: dict[str, str] = {}
    for k, (text, comment) in enumerate(moves):
        game.play(parse_move(game, text))
        rec.moves.append(game.history[-1])
        if comment:
            comments[str(k)] = comment
    rec.meta["comments"] = comments
    rec.meta.update(extra_meta)
    if game.result is not None:
        rec.result = rec.result_json(game)
    return rec


def dealt_deck(players: Sequence[str], dealer: str, hands: dict[str, str], turned_up: str, seed: int) -> str:
    """The whole 36-card deck, top card first, that deals ``hands`` (R3).

    The cards go one at a time, clockwise, from the player left of ``dealer``; then
    comes ``turned_up`` (the trump card, R3); the cards left over follow in the order of
    ``random.Random(seed).shuffle`` (they become the talon, the turned-up card last).

    Raises:
        ValueError: hands of different sizes, or a card named twice.
    """
    n = len(players)
    order = [players[(players.index(dealer) + 1 + i) % n] for i in range(n)]
    held = [parse_cards(hands[name]) for name in order]
    if len({len(h) for h in held}) != 1:
        raise ValueError("every hand must hold the same number of cards")
    top = [held[i % n][i // n] for i in range(n * len(held[0]))] + parse_cards(turned_up)
    if len(set(top)) != len(top):
        raise ValueError("a card is named twice")
    rest = [c for c in deck(36) if c not in set(top)]
    random.Random(seed).shuffle(rest)
    return " ".join(c.code for c in top + rest)


@dataclass
class DealtLesson:
    """A lesson that starts from a deal (R3, R4) instead of a set-up position.

    Attributes:
        file: the file name in ``recordings/``.
        rules: the rules.
        players: names, clockwise.
        dealer: who deals (the first card goes to the player on the dealer's left).
        deck: the whole deck, top card first (see :func:`dealt_deck`).
        moves: (move in words, comment or ``""``) in the order played.
        title, description, rules_shown, ends: the ``meta`` members.
    """

    file: str
    rules: Rules
    players: tuple[str, ...]
    dealer: str
    deck: str
    moves: list[tuple[str, str]]
    title: str
    description: str
    rules_shown: list[str]
    ends: str
    extra_meta: dict[str, Any] = field(default_factory=dict)

    def recording(self) -> Recording:
        """Deal, play the lesson through the engine and return it as a :class:`Recording`.

        Raises:
            durak_nb.engine.SetupError: a deck that is not the whole deck (R1).
            durak_nb.engine.IllegalMove: a move the rules forbid.
        """
        meta: dict[str, Any] = {
            "title": self.title,
            "description": self.description,
            "rules_shown": list(self.rules_shown),
            "ends": self.ends,
        }
        deal = Deal(dealer=self.players.index(self.dealer), deck=tuple(parse_cards(self.deck)))
        rec = Recording(rules=self.rules, players=self.players, deal=deal, meta=meta)
        return play_lesson_moves(rec, self.moves, self.extra_meta)


PODKIDNOY = Rules.make("podkidnoy")
PEREVODNOY = Rules.make("perevodnoy")
PEREVODNOY_SHOW = Rules.make("perevodnoy", show_trump_transfer=True)
PODKIDNOY_SIX_ACE = Rules.make("podkidnoy", trump_six_beats_ace=True)
PODKIDNOY_TWO_SIXES = Rules.make("podkidnoy", two_sixes_win=True)
PODKIDNOY_NEIGHBOURS = Rules.make("podkidnoy", neighbours_only_over_4=True)
PODKIDNOY_TEAMS = Rules.make("podkidnoy", teams=[[0, 2], [1, 3]])
JAPANESE = Rules.make("japanese")
ENGLISH = Rules.make("english")
PROSTOY = Rules.make("prostoy")

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
    Lesson(
        file="trump-six-beats-ace.json",
        rules=PODKIDNOY_SIX_ACE,
        players=("Anna", "Boris"),
        hands={"Anna": "AH 6D KS", "Boris": "6H 9D 7C 8S"},
        talon="",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=14,
        moves=[
            (
                "Anna attacks AH",
                "Anna leads the ace of trumps, the highest card of the deck: under the usual rules nothing beats it "
                "(R6).",
            ),
            (
                "Boris covers AH with 6H",
                "With the option trump_six_beats_ace (seed 000) the trump six beats the trump ace (R7). Without the "
                "option this cover is refused: a trump is beaten only by a higher trump (R6), and Boris, who holds "
                "no other trump, would have to take.",
            ),
            ("Anna throws 6D", "A six now lies on the table, so Anna may throw in 6D (R11)."),
            ("Boris covers 6D with 9D", "A plain six is beaten as usual, by a higher card of its suit (R6)."),
            ("Anna passes", "Bito (R15). Boris, who beat the attack, leads next (R23)."),
        ],
        title="The trump six beats the trump ace",
        description=(
            "Option trump_six_beats_ace (seed 000, RULES.md R7), podkidnoy, two players, hearts trump, the talon "
            "empty. Anna leads the trump ace AH, which under the usual rules no card can beat: a trump is beaten "
            "only by a higher trump (R6). With the option on, the trump six 6H beats the trump ace, and only the "
            "ace: it still loses to every other trump. Boris covers AH with 6H; without the option that cover "
            "would be refused and Boris would have to take. Anna throws in 6D, a rank on the table (R11), "
            "Boris beats it with 9D and the bout ends in bito (R15)."
        ),
        rules_shown=["R6", "R7", "R11", "R15", "R23"],
        ends="ends where the lesson's point is made: the trump ace was beaten by the six and the bout ended in bito.",
    ),
    Lesson(
        file="japanese-spades.json",
        rules=JAPANESE,
        players=("Anna", "Boris"),
        hands={"Anna": "9S 9C QH 6S 8H", "Boris": "6D QS AD 7D KH"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        bout=11,
        moves=[
            ("Anna attacks 9S 9C", "In Japanese durak diamonds are always trump; no card is turned up (R8)."),
            ("Boris covers 9C with 6D", "Any diamond beats a club: a trump beats every other suit... but one (R6)."),
            (
                "Boris covers 9S with QS",
                "Spades are the exception: a spade is beaten only by a higher spade, never by a trump (R8). Boris's "
                "ace of diamonds could not beat 9S; the queen of spades can.",
            ),
            ("Anna throws QH", "Queens are on the table now (R11)."),
            ("Boris covers QH with KH", "A heart is beaten by a higher heart, as usual (R6)."),
            ("Anna throws 6S", "A six is on the table (6D), so Anna throws in the six of spades."),
            (
                "Boris takes",
                "Boris holds no spade, and his trumps 7D and AD cannot beat a spade (R8): he must take (R14).",
            ),
            (
                "Anna passes",
                "Anna has nothing more to add: Boris picks up every card on the table (R14), and Anna, left of "
                "Boris, leads next (R23).",
            ),
        ],
        title="Japanese durak: a spade no trump can beat",
        description=(
            "Japanese durak (японский дурак, RULES.md R8): diamonds are always trump, and spades are beaten only by "
            "higher spades, never by a trump. Two players, the talon empty. Anna leads 9S and 9C. Boris beats the "
            "club with his smallest diamond (R6) but must cover the spade with a higher spade, QS: none of his "
            "diamonds may touch it. Anna throws in QH, which Boris beats with KH, and then 6S (R11): Boris has no "
            "spade left, his trumps 7D and AD do not beat a spade, so he must take (R14). After Anna's pass he "
            "picks up everything and Anna leads again (R23)."
        ),
        rules_shown=["R6", "R8", "R11", "R14", "R23"],
        ends="ends where the lesson's point is made: Boris has picked up the cards; the game goes on.",
    ),
    Lesson(
        file="english-pass-the-lead.json",
        rules=ENGLISH,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "7H 9S KD", "Boris": "8S 8C JH TD", "Vera": "QS"},
        talon="",
        trump="C",
        attacker="Anna",
        first_bito_done=True,
        bout=16,
        moves=[
            (
                "Anna passes",
                "Anna holds no pair (7H 9S KD). In English durak the lead is a pair, so she passes the lead to "
                "the left (R9).",
            ),
            (
                "Boris passes",
                "Boris holds a pair of eights, but Vera, whom he would attack, holds a single card: a pair may not "
                "be led at her (R9, R13b). Boris passes the lead on as well.",
            ),
            (
                "Vera passes",
                "Vera, with one card, has no pair either. Now every player holding cards has passed the lead in "
                "a row (R9).",
            ),
            (
                "Anna attacks 7H",
                "So the lead is back with Anna, and now a single card may be led: the game always goes on (R9).",
            ),
            (
                "Boris covers 7H with JH",
                "There are no throw-ins in English durak (R11): the lead is beaten and the bout ends in bito "
                "(R15). Boris leads next (R23), and since Vera still holds one card he must pass again.",
            ),
        ],
        title="English durak: passing the lead",
        description=(
            "English durak (английский дурак, RULES.md R9): the lead is a pair only. An attacker who cannot lead a "
            "pair, because he holds none or because the defender holds fewer than two cards, passes the lead to "
            "the left with 'pass'. Three players, the talon empty, clubs trump. Anna has no pair and passes; Boris "
            "has a pair of eights but Vera holds one card (R13b), so he passes; Vera has no pair and passes. Once "
            "every player holding cards has passed in a row, a single card may be led: Anna leads 7H, Boris beats "
            "it with JH, and with no throw-ins (R11) the bout ends in bito (R15); Boris leads next (R23)."
        ),
        rules_shown=["R9", "R11", "R13b", "R15", "R23"],
        ends="ends where the lesson's point is made: a single card was led after three passes and beaten.",
    ),
    Lesson(
        file="prostoy-pair-lead.json",
        rules=PROSTOY,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "9S 9H 9D 6C KC", "Boris": "TS QH 7D AC JD", "Vera": "9C 8C 8H JC KH"},
        talon="7C TD AS",
        trump="S",
        attacker="Anna",
        first_bito_done=True,
        bout=7,
        moves=[
            (
                "Anna attacks 9S 9H",
                "In simple durak the lead is one card or a pair (R9): Anna may not lead all three nines.",
            ),
            (
                "Boris covers 9S with TS",
                "Vera holds 9C, but simple durak has no throw-ins (R11): only Boris acts.",
            ),
            (
                "Boris covers 9H with QH",
                "The lead is beaten, and the bout ends at once: bito (R15). Refill to five (R16): Anna first, "
                "Boris, the defender, last. Boris leads next (R23).",
            ),
            ("Boris attacks 7D", "Boris leads at Vera, who holds no diamond and no trump."),
            (
                "Vera takes",
                "Vera takes, and since nobody may add cards (R11) she picks up 7D at once (R14). Anna, left of "
                "Vera, leads next (R23).",
            ),
        ],
        title="Simple durak: a pair led, no throw-ins",
        description=(
            "Simple durak (простой дурак), three players, five cards each, spades trump (RULES.md R9, R11). The "
            "lead is one card or a pair: Anna holds three nines and leads two of them. Vera holds a nine too, but "
            "there are no throw-ins in simple durak, so only the defender acts and the bout ends as soon as the "
            "lead is beaten (bito, R15) or taken (R14). Boris covers both nines, everyone refills to five in "
            "order (R16), and Boris leads 7D at Vera, who cannot beat it: she takes and picks it up at once. The "
            "next attacker follows R23."
        ),
        rules_shown=["R9", "R11", "R14", "R15", "R16", "R23"],
        ends="ends where the lesson's point is made: one bout ended in bito, the next in a take; the game goes on.",
    ),
    Lesson(
        file="throw-in-order.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera", "Gleb"),
        hands={
            "Anna": "7S 7H JC 6D KC",
            "Boris": "9S JD TH 8C QC AD",
            "Vera": "7C 9D 6H",
            "Gleb": "6S KS AS 6C",
        },
        talon="",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=18,
        moves=[
            (
                "Anna attacks 7S",
                "Anna leads at Boris. Vera holds 7C, but she may not throw it yet: the attacker has the first "
                "right (R12).",
            ),
            ("Anna throws 7H", "Anna uses her right at once and adds 7H (R11, R12)."),
            ("Boris covers 7S with 9S", ""),
            ("Boris covers 7H with TH", ""),
            (
                "Anna passes",
                "Anna has nothing more for now. Only after the attacker's pass may the others throw (R12).",
            ),
            ("Vera throws 9D", "A nine is on the table (R11)."),
            (
                "Boris covers 9D with JD",
                "A new card on the table: every thrower may throw again, Anna too, although she passed (R12).",
            ),
            ("Anna throws JC", "The jack Boris just laid lets Anna throw in her JC."),
            ("Boris covers JC with QC", ""),
            ("Gleb passes", "Gleb holds nothing of a rank on the table: his only move is to pass (R12)."),
            ("Vera throws 7C", "Vera adds her seven; Gleb's pass no longer counts (R12)."),
            ("Boris covers 7C with 8C", ""),
            ("Gleb passes", "Every thrower must pass again after the new card."),
            ("Vera passes", ""),
            (
                "Anna passes",
                "All three throwers have passed since the last card and everything is covered: bito (R15). "
                "Boris leads next (R23).",
            ),
        ],
        title="Throw-in order: the attacker first, then everyone",
        description=(
            "The order of throw-ins (RULES.md R12) in podkidnoy with four players, hearts trump, the talon empty. "
            "The attacker Anna has the first right: Vera's 7C must wait, and Anna adds 7H herself. Only when Anna "
            "passes may Vera and Gleb throw in (R11). Vera throws 9D; Boris covers it with JD, a new card on the "
            "table, so every thrower may throw again, Anna too, and she throws in JC. A pass means 'nothing from "
            "me now': Gleb passes, but Vera then throws 7C, so Gleb must pass again. When every thrower has passed "
            "since the last card and all is covered, the bout ends in bito (R15) and Boris leads (R23)."
        ),
        rules_shown=["R11", "R12", "R15", "R23"],
        ends="ends where the lesson's point is made: the bout ended in bito after every thrower passed.",
    ),
    Lesson(
        file="transfer-back-two-players.json",
        rules=PEREVODNOY,
        players=("Anna", "Boris"),
        hands={"Anna": "7S 7D 9H QC KD AH", "Boris": "7H 6S JH TD 6D 9D"},
        talon="8S TS 9C JS 6C",
        trump="C",
        attacker="Anna",
        first_bito_done=True,
        bout=6,
        moves=[
            ("Anna attacks 7S", "Anna leads the seven of spades at Boris."),
            (
                "Boris transfers 7H",
                "Boris lays a seven beside it (перевод, R17). The next player to his left is Anna: with two players "
                "a transfer goes back to the attacker (R21). Boris is now the attacker for R12.",
            ),
            (
                "Anna transfers 7D",
                "Anna holds a seven too and sends the three sevens back to Boris, who holds five cards (R18, R21).",
            ),
            ("Boris covers 7H with JH", ""),
            ("Boris covers 7D with TD", ""),
            (
                "Boris takes",
                "Boris has no spade above 7S and no club: he takes (R14). Once a card is covered, he could no "
                "longer transfer anyway (R18).",
            ),
            (
                "Anna passes",
                "Anna transferred last, so she is the attacker (R17); she has nothing to add. Boris picks up all "
                "five cards (R14). Refill (R16): Anna, who led the bout, draws first. Anna leads again (R23).",
            ),
        ],
        title="Perevodnoy with two: the transfer comes back",
        description=(
            "Transfer (перевод, RULES.md R17) with two players, perevodnoy durak, clubs trump. The next player to "
            "the left of the defender is the attacker himself, so a transfer goes back to him (R21). Anna leads "
            "7S; Boris transfers with 7H, so Anna must now defend two sevens; Anna transfers back with 7D, and "
            "Boris faces three (he holds five, so R18 allows it). Boris covers two but cannot beat the spade and "
            "takes (R14); Anna, who transferred last, is the attacker with the first right (R12), passes, and "
            "Boris picks up. The refill (R16) and the next attacker (R23) follow."
        ),
        rules_shown=["R12", "R14", "R16", "R17", "R18", "R21", "R23"],
        ends="ends where the lesson's point is made: Boris has picked up the transferred sevens; the game goes on.",
    ),
    Lesson(
        file="teams-partner-takes-over.json",
        rules=PODKIDNOY_TEAMS,
        players=("Anna", "Boris", "Vera", "Gleb"),
        hands={"Anna": "8C 9H KS 6H", "Boris": "TC QD", "Vera": "8D 7S JH", "Gleb": "8S AS 9C QH"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        bout=22,
        moves=[
            ("Anna attacks 8C", "Anna leads at Boris, her left neighbour and an opponent (R22)."),
            ("Boris covers 8C with TC", ""),
            (
                "Anna passes",
                "Now Vera, Anna's partner, may throw in (R12). Gleb holds 8S, but Boris is his partner, and "
                "partners never throw in on each other (R22): Gleb is no thrower in this bout.",
            ),
            ("Vera throws 8D", ""),
            ("Boris covers 8D with QD", "Boris beats the last card with his last card."),
            ("Vera passes", ""),
            (
                "Anna passes",
                "Bito (R15). The talon is empty, so Boris is out (R24). He went out by defending, so the next "
                "attack passes to his partner Gleb (R22), not to Vera, the next player clockwise (R23). Gleb "
                "attacks Anna, the next opponent to his left.",
            ),
        ],
        title="Teams: the partner takes over the attack",
        description=(
            "A team game (пара на пару, option teams, RULES.md R22): Anna and Vera against Boris and Gleb, partners "
            "sitting alternately, the talon empty, diamonds trump. Anna leads at Boris; after her pass her partner "
            "Vera may throw in (R12), but Gleb, Boris's partner, may not: partners never throw in on each other. "
            "Boris covers with his last two cards, the bout ends in bito (R15) and Boris is out (R24). A player who "
            "goes out by defending hands the next attack to the next partner clockwise: Gleb attacks, not Vera as "
            "R23 would give without teams."
        ),
        rules_shown=["R12", "R15", "R22", "R23", "R24"],
        ends="ends where the lesson's point is made: Boris is out and his partner Gleb attacks next.",
    ),
    Lesson(
        file="out-order-three-players.json",
        rules=PODKIDNOY,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "9H 9D", "Boris": "JH QD 8C TS 6H", "Vera": "KC"},
        talon="7S",
        trump="S",
        attacker="Anna",
        first_bito_done=True,
        bout=27,
        moves=[
            ("Anna attacks 9H 9D", "Anna leads her last two cards. One card, the turned-up trump 7S, is left."),
            ("Boris covers 9H with JH", ""),
            ("Boris covers 9D with QD", ""),
            (
                "Vera passes",
                "Bito (R15). Anna has no cards, but the talon still has one: she draws it (R16) and stays in the "
                "game (R24). Boris leads next (R23).",
            ),
            ("Boris attacks 8C", "The talon is empty now."),
            ("Vera covers 8C with KC", "Vera beats with her last card."),
            ("Boris passes", ""),
            (
                "Anna passes",
                "Bito. Vera has no cards and the talon is empty: she is out, the first (R24). She cannot lead, "
                "so the next player with cards, Anna, does (R23).",
            ),
            (
                "Anna attacks 7S",
                "Anna leads her last card at Boris.",
            ),
            (
                "Boris covers 7S with TS",
                "Bito, and Anna is out, the second (R24). Boris is the last player holding cards: the durak (R25).",
            ),
        ],
        title="Going out in order; the last holder is the durak",
        description=(
            "The end of a game of three (RULES.md R24, R25), podkidnoy, spades trump, one card left in the talon. "
            "Anna leads her last two cards; after the bito (R15) she has none, but the talon still holds the "
            "turned-up trump, so she draws it (R16) and plays on: a player is out only once the talon is empty "
            "(R24). Then Vera beats Boris's lead with her last card and is out first; the next attack goes to the "
            "next player holding cards (R23). Anna leads her last card, Boris beats it and Anna is out second. "
            "Boris, the last player holding cards, is the durak (дурак, R25); the finishing order is Vera, Anna."
        ),
        rules_shown=["R15", "R16", "R23", "R24", "R25"],
        ends="plays to the end: Vera and Anna go out, Boris is the durak.",
    ),
    Lesson(
        file="two-sixes-win.json",
        rules=PODKIDNOY_TWO_SIXES,
        players=("Anna", "Boris", "Vera"),
        hands={"Anna": "6S 6C JD", "Boris": "9H KC 7S", "Vera": "8D"},
        talon="",
        trump="H",
        attacker="Vera",
        first_bito_done=True,
        bout=31,
        moves=[
            ("Vera attacks 8D", "Vera leads her last card at Anna."),
            ("Anna covers 8D with JD", "Anna now holds exactly two sixes, 6S and 6C, and nothing else."),
            (
                "Boris passes",
                "Bito (R15), and Vera is out (R24). Two players are left, and Anna holds exactly two sixes: with "
                "the option two_sixes_win (R26, seed 000) she wins at once and Boris is the durak. Without the "
                "option the game would go on, Anna leading the two sixes at Boris (R23).",
            ),
        ],
        title="Two sixes win",
        description=(
            "Option two_sixes_win (seed 000, RULES.md R26): with two players left, one holding exactly two sixes "
            "and nothing else, that player wins. Three players, the talon empty, hearts trump. Vera leads her last "
            "card, Anna beats it with JD and is left holding 6S and 6C. After the bito (R15) Vera is out (R24), "
            "two players remain, and Anna's two sixes win the game at once: Boris is the durak (R25). Seed 000 says "
            "the winner 'hung epaulettes' on him (повесил погоны), so the result records epaulettes (R26)."
        ),
        rules_shown=["R15", "R23", "R24", "R25", "R26"],
        ends="plays to the end: Anna's two sixes win, Boris is the durak.",
    ),
    Lesson(
        file="repetition-draw.json",
        rules=ENGLISH,
        players=("Anna", "Boris"),
        hands={"Anna": "7H 9S", "Boris": "AS AC 8H TS"},
        talon="",
        trump="D",
        attacker="Anna",
        first_bito_done=True,
        bout=40,
        moves=[
            ("Anna passes", "Anna holds no pair and passes the lead (R9). This position occurs for the first time."),
            ("Boris attacks AS AC", "No diamond is left in any hand: nobody can beat the two aces (R6)."),
            ("Anna takes", "Boris, left of Anna, leads next (R23)."),
            ("Boris passes", "Boris has no pair left and passes the lead back (R9)."),
            ("Anna attacks AS AC", "Anna leads the same two aces back at Boris."),
            (
                "Boris takes",
                "Every hand is as at the start and Anna is to lead: the same position for the second time (R27).",
            ),
            ("Anna passes", ""),
            ("Boris attacks AS AC", ""),
            ("Anna takes", ""),
            ("Boris passes", ""),
            ("Anna attacks AS AC", ""),
            (
                "Boris takes",
                "The same position for the third time: the game ends in a draw by repetition (R27).",
            ),
        ],
        title="A draw by repetition",
        description=(
            "Repetition (RULES.md R27, option repetition_draw, default 3): the seeds are silent, yet in English "
            "durak two players can pass the same unbeatable pair back and forth forever. Two players, the talon "
            "empty, diamonds trump and no diamond in any hand. Anna has no pair and passes the lead (R9); Boris "
            "leads two aces, Anna cannot beat them and takes (R14); Boris, now without a pair, passes; Anna leads "
            "the aces back and Boris takes. After six moves every hand is as at the start, Anna to lead. When the "
            "same position occurs for the third time the game ends in a draw (R25, R27)."
        ),
        rules_shown=["R6", "R9", "R14", "R23", "R25", "R27"],
        ends="plays to the end: a draw by repetition.",
    ),
    Lesson(
        file="neighbours-only-five-players.json",
        rules=PODKIDNOY_NEIGHBOURS,
        players=("Anna", "Boris", "Vera", "Gleb", "Dasha"),
        hands={
            "Anna": "8C 6D 9H JC 7H 9D",
            "Boris": "TC QD 6S 7S KH AC",
            "Vera": "TD 9S JS 6C 7D KS",
            "Gleb": "8D AD 9C JH KC 6H",
            "Dasha": "8S TH QC 7C AS KD",
        },
        talon="JD QH 8H",
        trump="H",
        attacker="Anna",
        first_bito_done=True,
        bout=5,
        moves=[
            ("Anna attacks 8C", "Anna leads at Boris. His neighbours are Anna, on his right, and Vera, on his left."),
            ("Boris covers 8C with TC", ""),
            (
                "Anna passes",
                "After the attacker's pass the other throwers may add cards (R12), but with the option "
                "neighbours_only_over_4 and five players in the game only the defender's two neighbours throw in "
                "(R11): Gleb's 8D and Dasha's 8S and TH stay in their hands.",
            ),
            ("Vera throws TD", "Vera, Boris's left neighbour, throws in a ten (R11)."),
            ("Boris covers TD with QD", ""),
            ("Vera passes", ""),
            (
                "Anna passes",
                "The two neighbours have passed: bito (R15); Gleb and Dasha are not asked. Refill (R16): Anna "
                "first, then Vera; Gleb and Dasha hold six; Boris, the defender, draws the last card. Boris leads "
                "next (R23).",
            ),
        ],
        title="Five players: only the neighbours throw in",
        description=(
            "Option neighbours_only_over_4 (seed 000, RULES.md R11): with more than four players in the game, only "
            "the defender's two neighbours may throw in. Podkidnoy, five players, hearts trump. Anna leads 8C at "
            "Boris, who covers it. After Anna's pass (R12) Vera, Boris's other neighbour, throws in TD; Gleb and "
            "Dasha hold eights and a ten but are not throwers, so their cards are refused and the bout ends "
            "without their passes: bito (R15), the refill in order (R16), and Boris leads next (R23)."
        ),
        rules_shown=["R11", "R12", "R15", "R16", "R23"],
        ends="ends where the lesson's point is made: the bout ended in bito after the neighbours passed.",
    ),
]

PODKIDNOY_REDEAL = Rules.make("podkidnoy", redeal_five_of_suit=True)
_THREE = ("Anna", "Boris", "Vera")

DEALT_LESSONS: list[DealtLesson] = [
    DealtLesson(
        file="redeal-five-of-a-suit.json",
        rules=PODKIDNOY_REDEAL,
        players=_THREE,
        dealer="Vera",
        deck=dealt_deck(
            _THREE,
            "Vera",
            {"Anna": "6S 7D 9C TD QH KC", "Boris": "7H 9H JH KH AH 6C", "Vera": "7S 8D JC QS AD 6D"},
            "8S",
            seed=5,
        ),
        moves=[
            (
                "Anna attacks 7D",
                "Spades are trump (8S is turned up). Anna holds the lowest trump, 6S, so she leads first (R4).",
            ),
            (
                "Boris redeals "
                + dealt_deck(
                    _THREE,
                    "Vera",
                    {"Anna": "6H 8D TH JC KD AS", "Boris": "7S 9D QC JS 6D AH", "Vera": "7C 8H 9S QD KS JD"},
                    "9C",
                    seed=6,
                ),
                "Boris was dealt five hearts. Before the first bout ends he may claim a redeal (R5): Anna's lead is "
                "void, every card goes back, and the same dealer, Vera, deals a new shuffle (the deck is recorded "
                "with the move).",
            ),
            (
                "Vera attacks 8H",
                "The new deal turns up 9C: clubs are trump. Vera holds the lowest trump, 7C, and leads first (R4).",
            ),
            ("Anna covers 8H with TH", ""),
            ("Vera passes", ""),
            (
                "Boris passes",
                "Bito (R15): the first bout is over, and from now on nobody may claim a redeal (R5). Refill (R16) "
                "and Anna leads next (R23).",
            ),
        ],
        title="A redeal: five cards of one suit",
        description=(
            "Option redeal_five_of_suit (seed 004, RULES.md R5): a player dealt five or more cards of one suit may "
            "claim a redeal before the first bout ends, and the same dealer deals a new shuffle. Podkidnoy, three "
            "players, Vera deals (R3). Spades are trump and Anna, with the lowest trump, leads (R4). Boris holds "
            "five hearts and claims a redeal instead of defending. Vera deals again; clubs are trump now, and the "
            "first attacker is found anew: Vera holds the lowest trump and leads (R4). The first bout ends in "
            "bito (R15), after which a redeal is no longer possible."
        ),
        rules_shown=["R3", "R4", "R5", "R15", "R16", "R23"],
        ends="ends where the lesson's point is made: the new deal's first bout ended in bito; the game goes on.",
    ),
    DealtLesson(
        file="no-transfer-first-bout.json",
        rules=PEREVODNOY,
        players=_THREE,
        dealer="Vera",
        deck=dealt_deck(
            _THREE,
            "Vera",
            {"Anna": "6C 8S 9H JD QS KH", "Boris": "8H TS AH 7D 9C JS", "Vera": "9D 7S QH KD AS 6H"},
            "TC",
            seed=7,
        ),
        moves=[
            ("Anna attacks 8S", "Clubs are trump; Anna holds the lowest trump 6C and leads first (R4)."),
            (
                "Boris covers 8S with TS",
                "Boris holds 8H and could transfer later in the game, but not now: no transfer in the first bout "
                "(первый кон переводить нельзя, R19). He beats the eight instead.",
            ),
            ("Anna passes", ""),
            ("Vera passes", "Bito (R15), the refill (R16), and Boris leads next (R23)."),
            ("Boris attacks 7D", "The second bout: transfers are allowed now."),
            (
                "Vera transfers 7S",
                "Vera lays her seven beside it (перевод, R17): both sevens go on to Anna, the next player to the "
                "left, and Vera becomes the attacker for R12.",
            ),
            ("Anna covers 7D with JD", "Anna could pass the sevens on again with 7C; she covers instead (R10)."),
            ("Anna covers 7S with QS", ""),
            ("Vera passes", "Vera transferred last, so she is the attacker with the first right (R12)."),
            ("Boris throws 7H", "After Vera's pass Boris may throw in a seven (R11)."),
            ("Anna covers 7H with 9H", ""),
            ("Vera passes", ""),
            (
                "Boris passes",
                "Bito (R15). Refill (R16): Boris, who led the bout, draws first, then Vera, and Anna, the last "
                "defender, last. Anna leads next (R23).",
            ),
        ],
        title="No transfer in the first bout",
        description=(
            "Perevodnoy durak (переводной дурак), three players, a real deal (R3): clubs trump, Anna holds the lowest "
            "trump and leads first (R4). In the first bout of the game no transfer is allowed (seed 000: «первый "
            "кон переводить нельзя», RULES.md R19, unless option transfer_first_bout is on): Boris holds the eight "
            "of hearts but must beat Anna's 8S or take. After the bito (R15) and the refill (R16) Boris leads 7D at "
            "Vera (R23), and in this second bout Vera transfers with 7S to Anna (R17), who covers both and the "
            "seven Boris throws in (R11, R12)."
        ),
        rules_shown=["R3", "R4", "R11", "R12", "R15", "R16", "R17", "R19", "R23"],
        ends="ends where the lesson's point is made: the second bout, with its transfer, ended in bito.",
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
    for dealt in DEALT_LESSONS:
        out[dealt.file] = dealt.recording
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
