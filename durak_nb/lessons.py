"""The course in ``notebooks/``: lesson positions, and every rule claim the lessons make.

The notebooks hold the teaching text and a few calls; everything they show about the
rules comes from here, and everything here comes from the engine
(:mod:`durak_nb.engine`): nothing in this module decides a rule.

* **Positions.**  Each example of a lesson is a function that builds a fresh
  :class:`~durak_nb.engine.Game` (with :meth:`Game.from_position`, every card not named
  in the discard) or a :class:`~durak_nb.record.Recording` of it for the replayer, e.g.
  :func:`seed000_example` and :func:`seed000_recording`.
* **Claims.**  Every sentence a lesson states about the rules is a :class:`Claim`: its
  exact text (the notebook's markdown shows it after a ``✔``), the rule ids, the value
  the text states, and a function that asks the engine, e.g. :func:`room_after_take`
  (``2``: "only two more cards may follow").  ``tests/test_lessons.py`` checks that
  every claim's engine answer equals its stated value and that the notebooks' ``✔``
  lines are exactly the registered claims, so the course cannot drift from the rules.
* **Terms.**  :data:`TERMS` gives the Russian and Ukrainian words beside each English
  term (:func:`term`), so every lesson names them the same way.

>>> room_after_take()
2
>>> CLAIMS["room_after_take"].check()
True
>>> term("throw-in after take")
'throw-in after take — вдогонку (ru) / навздогін (uk)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .cards import Card, Rank, Suit, beats, deck
from .engine import Action, Bito, Drew, Event, Game, GameOver, IllegalMove, LeadPassed, Move, Out, Took
from .record.json_form import Recording, Start
from .rules import RULE_TEXTS, Rules

__all__ = [
    "CLAIMS",
    "LESSONS",
    "RECORDINGS",
    "TERMS",
    "Claim",
    "Lesson",
    "claim_rows",
    "claims_of",
    "draw_text",
    "draws_of",
    "lesson",
    "play_moves",
    "recording_of",
    "refusal_text",
    "rule_text",
    "term",
]

#: The ``recordings/`` folder of a source checkout (the lessons load some games from it).
RECORDINGS = Path(__file__).resolve().parent.parent / "recordings"

# ----------------------------------------------------------------------------- terms

#: English term -> (Russian, Ukrainian).  Ukrainian words follow the Ukrainian seed texts
#: (002, 004) where they name the thing, else common usage.
TERMS: dict[str, tuple[str, str]] = {
    "durak": ("дурак", "дурень"),
    "podkidnoy": ("подкидной", "підкидний"),
    "perevodnoy": ("переводной", "переказний"),
    "trump": ("козырь", "козир"),
    "suit": ("масть", "масть"),
    "rank": ("достоинство", "ранг"),
    "deck": ("колода", "колода"),
    "deal": ("сдача", "роздача"),
    "talon": ("талон", "колода на столі"),
    "lowest trump": ("младший козырь", "молодший козир"),
    "beat": ("побить", "побити"),
    "attacker": ("ходящий", "той, хто ходить"),
    "defender": ("отбивающийся", "той, хто відбивається"),
    "lead": ("заход", "хід"),
    "throw-in": ("подкинуть", "підкинути"),
    "take": ("принять", "прийняти"),
    "throw-in after take": ("вдогонку", "навздогін"),
    "bito": ("бито", "біто"),
    "discard": ("отбой", "відбій"),
    "first bito": ("первый отбой", "перший відбій"),
    "draw": ("добор", "добір"),
    "transfer": ("перевод", "переведення"),
    "shown-trump transfer": ("проездной", "проїзний"),
    "going out": ("выйти из игры", "вибути з гри"),
    "a draw": ("ничья", "нічия"),
    "epaulettes": ("погоны", "погони"),
    "repetition": ("повторение позиции", "повторення позиції"),
    "teams": ("пара на пару", "два на два"),
    "simple durak": ("простой дурак", "простий дурень"),
    "english durak": ("английский дурак", "англійський дурень"),
    "japanese durak": ("японский дурак", "японський дурень"),
    "neighbours only": ("подкидывают только соседи", "підкидають лише сусіди"),
    "trump six beats the ace": ("козырная шестёрка бьёт туза", "козирна шістка б'є туза"),
    "from under the durak": ("из-под дурака", "з-під дурня"),
    "redeal": ("пересдача", "перездача"),
}


def term(name: str) -> str:
    """``name`` with its Russian and Ukrainian words: ``'take — принять (ru) / прийняти (uk)'``.

    Raises:
        KeyError: ``name`` is not in :data:`TERMS`.
    """
    ru, uk = TERMS[name]
    return f"{name} — {ru} (ru) / {uk} (uk)"


# ----------------------------------------------------------------------------- lessons


@dataclass(frozen=True)
class Lesson:
    """One notebook of the course.

    Attributes:
        number: 1..9.
        notebook: the file name in ``notebooks/``.
        title: the lesson's title.
        rules: the rule ids of RULES.md it teaches.
        terms: the :data:`TERMS` keys its text names (with :func:`term`'s wording).
    """

    number: int
    notebook: str
    title: str
    rules: tuple[str, ...]
    terms: tuple[str, ...]


#: The lessons in order (the index notebook lists them).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        1,
        "01_cards_trump_beating.ipynb",
        "Cards, trump and beating",
        ("R1", "R3", "R4", "R5", "R6", "R7", "R8"),
        ("deck", "rank", "suit", "trump", "deal", "talon", "lowest trump", "redeal", "beat"),
    ),
    Lesson(
        2,
        "02_a_bout.ipynb",
        "A bout of podkidnoy: leading, covering, throwing in",
        ("R9", "R10", "R11", "R12", "R15"),
        ("podkidnoy", "attacker", "defender", "lead", "beat", "throw-in", "take", "bito", "discard"),
    ),
    Lesson(
        3,
        "03_limits.ipynb",
        "The limits: six cards, five in the first bout, never more than the defender holds",
        ("R13", "R14"),
        ("first bito", "take", "throw-in after take"),
    ),
    Lesson(
        4,
        "04_drawing_order.ipynb",
        "Drawing after a bout, and who attacks next",
        ("R3", "R16", "R23"),
        ("draw", "talon", "trump"),
    ),
    Lesson(
        5,
        "05_perevodnoy.ipynb",
        "Perevodnoy: the transfer",
        ("R17", "R18", "R19", "R20", "R21"),
        ("perevodnoy", "transfer", "shown-trump transfer"),
    ),
    Lesson(
        6,
        "06_the_end.ipynb",
        "The end: going out, the durak, draws, epaulettes, repetition",
        ("R24", "R25", "R26", "R27"),
        ("going out", "durak", "a draw", "epaulettes", "repetition"),
    ),
    Lesson(
        7,
        "07_variants.ipynb",
        "Variants: prostoy, english, japanese, teams and the options",
        ("R1", "R2", "R7", "R8", "R9", "R11", "R22"),
        (
            "simple durak",
            "english durak",
            "japanese durak",
            "teams",
            "neighbours only",
            "trump six beats the ace",
        ),
    ),
    Lesson(
        8,
        "08_analysing_games.ipynb",
        "Analysing games with pandas",
        ("R14", "R15"),
        ("take", "transfer"),
    ),
    Lesson(
        9,
        "09_record_and_share.ipynb",
        "Record, annotate and share your own game",
        ("R16",),
        ("draw",),
    ),
)


def lesson(number: int) -> Lesson:
    """The :class:`Lesson` numbered ``number``.

    Raises:
        KeyError: no such lesson.
    """
    for item in LESSONS:
        if item.number == number:
            return item
    raise KeyError(f"no lesson {number}: the lessons are 1..{len(LESSONS)}")


# ----------------------------------------------------------------------------- claims


@dataclass(frozen=True)
class Claim:
    """A sentence a lesson states about the rules, with the engine's answer.

    Attributes:
        key: the name of the function that asks the engine.
        lesson: the lesson's number.
        text: the sentence exactly as the notebook shows it (after ``✔``).
        rules: the rule ids it illustrates.
        expected: the value the sentence states (in the function's terms).
        answer: asks the engine; returns a plain value (numbers, card codes, names,
            refusal texts).
    """

    key: str
    lesson: int
    text: str
    rules: tuple[str, ...]
    expected: Any
    answer: Callable[[], Any]

    def check(self) -> bool:
        """Whether the engine's answer is the value the text states."""
        return bool(self.answer() == self.expected)


#: Every claim, by key, in the order the lessons make them.
CLAIMS: dict[str, Claim] = {}

_F = TypeVar("_F", bound=Callable[[], Any])


def _claim(number: int, text: str, expected: Any, *rules: str) -> Callable[[_F], _F]:
    """Register the decorated function as the engine's answer to a claim of lesson ``number``."""

    def register(fn: _F) -> _F:
        if fn.__name__ in CLAIMS:  # pragma: no cover - a programming error
            raise ValueError(f"claim {fn.__name__} registered twice")
        CLAIMS[fn.__name__] = Claim(fn.__name__, number, text, tuple(rules), expected, fn)
        return fn

    return register


def claims_of(number: int) -> list[Claim]:
    """The claims of lesson ``number``, in the order the lesson makes them."""
    return [c for c in CLAIMS.values() if c.lesson == number]


def claim_rows(number: int) -> list[dict[str, Any]]:
    """The claims of lesson ``number`` with the engine's answers, as rows for a table
    (``pandas.DataFrame(claim_rows(3))``): ``rules``, ``claim``, ``engine``, ``agrees``."""
    rows = []
    for c in claims_of(number):
        got = c.answer()
        rows.append({"rules": " ".join(c.rules), "claim": c.text, "engine": got, "agrees": got == c.expected})
    return rows


# ----------------------------------------------------------------------------- helpers


def play_moves(game: Game, moves: Iterable[Move]) -> list[Event]:
    """Play ``moves`` on ``game``; returns the events of the last move.

    Raises:
        IllegalMove: a move the engine refuses (the game keeps the moves before it).
    """
    events: list[Event] = []
    for move in moves:
        events = game.play(move)
    return events


def refusal_text(game: Game, move: Move) -> str | None:
    """The engine's refusal of ``move`` as ``'[R12] …'``, or ``None`` if it is legal."""
    refusal = game.why_illegal(move)
    return None if refusal is None else str(refusal)


def draws_of(events: Iterable[Event], names: Sequence[str]) -> list[tuple[str, str]]:
    """The :class:`~durak_nb.engine.Drew` events in order, as ``(name, 'card codes')``."""
    return [(names[e.player], " ".join(c.code for c in e.cards)) for e in events if isinstance(e, Drew)]


def draw_text(draws: Sequence[tuple[str, str]]) -> str:
    """A refill in words: ``'Anna draws 9C QD, then Vera draws 6H'`` (``'nobody draws'``)."""
    if not draws:
        return "nobody draws"
    return ", then ".join(f"{name} draws {cards}" for name, cards in draws)


def recording_of(game: Game, moves: Sequence[Move], meta: dict[str, Any] | None = None) -> Recording:
    """A :class:`Recording` of a set-up ``game`` (before any move) and ``moves``, e.g.
    for :class:`~durak_nb.replay.Replay` and the replayer widget.

    Raises:
        ValueError: ``game`` has moves already.
        RecordingError: (when replayed) a move the engine refuses.
    """
    if game.history:
        raise ValueError("recording_of needs the game before its first move")
    assert game.attacker is not None
    start = Start(
        hands=tuple(tuple(h) for h in game.hands),
        talon=tuple(game.talon),
        trump=game.trump,
        attacker=game.attacker,
        discard=tuple(game.discard),
        first_bito_done=game.first_bito_done,
        bout=game.bout,
    )
    return Recording(game.rules, game.players, start=start, moves=list(moves), meta=dict(meta or {}))


def _names(game: Game, seats: Iterable[int]) -> list[str]:
    return [game.players[s] for s in seats]


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _setup(
    rules: Rules | str,
    players: Sequence[str],
    hands: dict[str, str],
    attacker: str,
    *,
    talon: str = "",
    trump: str,
    bout: int,
    first_bito_done: bool = True,
) -> Game:
    return Game.from_position(
        rules,
        players,
        hands=hands,
        talon=talon,
        trump=trump,
        attacker=attacker,
        first_bito_done=first_bito_done,
        bout=bout,
        rest_to_discard=True,
    )


def _beaters(card: str, trump: Suit | None, **options: bool) -> list[str]:
    """Every card of the 36-card deck that beats ``card`` (R6-R8), as codes."""
    target = Card.parse(card)
    return [c.code for c in deck(36) if beats(c, target, trump, **options)]


# ============================================================================= lesson 1


def deal_example() -> Game:
    """Lesson 1: a fresh deal to Anna and Boris (seed 1): hearts trump, Boris leads (R3, R4)."""
    return Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)


@_claim(1, "A 36-card deck has nine ranks, from the six up to the ace, in four suits.", (9, "6", "A", 4), "R1")
def deck_36_ranks() -> tuple[int, str, str, int]:
    """(ranks, lowest rank, highest rank, suits) of the 36-card deck (R1)."""
    cards = deck(36)
    ranks = sorted({c.rank for c in cards})
    return len(ranks), Rank(ranks[0]).code, Rank(ranks[-1]).code, len({c.suit for c in cards})


@_claim(1, "A 24-card deck starts at the nine, a 52-card deck at the two.", ("9", "2"), "R1")
def short_and_long_decks() -> tuple[str, str]:
    """The lowest rank of the 24- and 52-card decks (R1)."""
    return min(deck(24)).rank.code, min(deck(52)).rank.code


@_claim(
    1,
    "Dealt to two players, six cards each, the talon keeps 24 cards, and its last card is the turned-up trump.",
    (6, 6, 24, True),
    "R3",
)
def talon_after_deal() -> tuple[int, int, int, bool]:
    """Hand sizes, talon size, and whether the talon's last card is the turned-up trump (R3)."""
    g = deal_example()
    return len(g.hands[0]), len(g.hands[1]), len(g.talon), g.talon[-1] == g.trump_card


@_claim(
    1,
    "In the example deal hearts are trump; Boris's lowest trump, the ten of hearts, is lower than Anna's ace, "
    "so Boris attacks first.",
    ("H", "TH", "AH", "Boris"),
    "R3",
    "R4",
)
def first_attacker_example() -> tuple[str, str, str, str]:
    """(trump, Boris's lowest trump, Anna's lowest trump, first attacker) of :func:`deal_example` (R4)."""
    g = deal_example()
    low = [min((c for c in h if c.suit == g.trump), default=None) for h in g.hands]
    assert g.attacker is not None and low[0] is not None and low[1] is not None
    return g.trump.code, low[1].code, low[0].code, g.players[g.attacker]


def redeal_recording() -> Recording:
    """Lesson 1: ``recordings/redeal-five-of-a-suit.json`` (R5, R4)."""
    return Recording.load(RECORDINGS / "redeal-five-of-a-suit.json")


@_claim(
    1,
    "With the redeal option, Boris, dealt five hearts, may claim a redeal before the first bout ends; "
    "the new deal turns up a club, and Vera, holding the lowest trump 7C, leads.",
    (["Boris claims a redeal"], "C", "7C", "Vera"),
    "R4",
    "R5",
)
def redeal_five_of_a_suit() -> tuple[list[str], str, str, str]:
    """Who may claim a redeal at the start of ``redeal-five-of-a-suit.json``, and the new
    deal's trump, lowest trump and first attacker after Boris's redeal (R4, R5)."""
    rec = redeal_recording()
    g = rec.new_game()
    claims = [m.describe(g.players) for m in g.legal_moves() if m.action is Action.REDEAL]
    play_moves(g, rec.moves[:2])  # Anna's lead, Boris's redeal
    assert g.attacker is not None
    low = min(c for c in g.hands[g.attacker] if c.suit == g.trump)
    return claims, g.trump.code, low.code, g.players[g.attacker]


@_claim(
    1,
    "With hearts trump, the nine of spades beats the seven of spades; the nine of clubs does not.",
    (True, False),
    "R6",
)
def same_suit_beats() -> tuple[bool, bool]:
    """beats(9S, 7S) and beats(9C, 7S) with hearts trump (R6)."""
    return beats(Card.parse("9S"), Card.parse("7S"), Suit.H), beats(Card.parse("9C"), Card.parse("7S"), Suit.H)


@_claim(1, "With hearts trump, the seven of hearts beats the ace of spades.", True, "R6")
def trump_beats_ace_of_spades() -> bool:
    """beats(7H, AS) with hearts trump (R6)."""
    return beats(Card.parse("7H"), Card.parse("AS"), Suit.H)


@_claim(
    1,
    "A trump is beaten only by a higher trump: the ace of spades cannot beat the six of hearts, "
    "the seven of hearts can.",
    (False, True),
    "R6",
)
def trump_only_by_higher_trump() -> tuple[bool, bool]:
    """beats(AS, 6H) and beats(7H, 6H) with hearts trump (R6)."""
    return beats(Card.parse("AS"), Card.parse("6H"), Suit.H), beats(Card.parse("7H"), Card.parse("6H"), Suit.H)


@_claim(
    1,
    "Seventeen cards beat the six of spades when hearts are trump: the eight higher spades and all nine hearts.",
    (17, 8, 9),
    "R6",
)
def beaters_of_six_of_spades() -> tuple[int, int, int]:
    """(cards that beat 6S, of them spades, of them hearts), hearts trump (R6)."""
    found = _beaters("6S", Suit.H)
    return len(found), sum(c.endswith("S") for c in found), sum(c.endswith("H") for c in found)


@_claim(
    1,
    "Nothing beats the ace of trumps, unless the players agree that the trump six beats it: then the six does.",
    ([], ["6H"]),
    "R6",
    "R7",
)
def trump_ace() -> tuple[list[str], list[str]]:
    """The cards that beat AH (hearts trump) without and with ``trump_six_beats_ace`` (R6, R7)."""
    return _beaters("AH", Suit.H), _beaters("AH", Suit.H, trump_six_beats_ace=True)


@_claim(
    1,
    "In Japanese durak diamonds are always trump and spades are beaten only by higher spades: "
    "the six of diamonds beats the seven of clubs but not the seven of spades.",
    (True, False),
    "R8",
)
def japanese_spades() -> tuple[bool, bool]:
    """beats(6D, 7C) and beats(6D, 7S) in japanese durak (R8)."""
    six = Card.parse("6D")
    return (
        beats(six, Card.parse("7C"), Suit.D, japanese=True),
        beats(six, Card.parse("7S"), Suit.D, japanese=True),
    )


# ============================================================================= lesson 2

BOUT_PLAYERS = ("Anna", "Boris", "Vera")


def bout_example() -> Game:
    """Lesson 2: three players in mid-game (bout 5), hearts trump, Anna attacks Boris (R9-R12)."""
    return _setup(
        "podkidnoy",
        BOUT_PLAYERS,
        {"Anna": "7S 7C 9D JC QS AD", "Boris": "8S 9S TC 6H KD QD", "Vera": "7D 9C JS 6D AS KC"},
        "Anna",
        talon="8D TD 8H QH 6C KS AH",
        trump="H",
        bout=5,
    )


#: The bout of lesson 2: lead, covers, throw-ins, passes, bito.
BOUT_MOVES: tuple[Move, ...] = (
    Move.attack(0, "7S 7C"),
    Move.defend(1, "9S", "7S"),
    Move.defend(1, "TC", "7C"),
    Move.pass_(0),
    Move.throw(2, "9C"),
    Move.defend(1, "6H", "9C"),
    Move.pass_(0),
    Move.pass_(2),
)

BOUT_COMMENTS = {
    "0": "Anna leads both sevens: any number of cards of one rank (R9).",
    "1": "Boris covers 7S with a higher spade (R6).",
    "2": "Sevens, nines and tens are on the table now: only those ranks may be thrown in (R11).",
    "3": "Anna, the attacker, had the first right (R12); now that she has passed, Vera may throw in.",
    "4": "Vera throws in a nine: the rank is on the table (R11). A new card: Anna, who passed, may act again (R12).",
    "5": "A trump beats a card of any other suit (R6). A new card on the table: everyone may throw again (R12).",
    "7": "Every card is covered and every thrower has passed: bito (R15). Then the refill (R16).",
}


def bout_recording() -> Recording:
    """Lesson 2's bout as a recording for the replayer."""
    return recording_of(
        bout_example(),
        BOUT_MOVES,
        {"title": "Lesson 2: a bout of podkidnoy", "comments": dict(BOUT_COMMENTS)},
    )


def bout_after(count: int) -> Game:
    """Lesson 2's game after the first ``count`` moves of :data:`BOUT_MOVES`."""
    g = bout_example()
    play_moves(g, BOUT_MOVES[:count])
    return g


@_claim(2, "Anna may lead any one of her six cards, or both sevens together: seven different leads.", 7, "R9")
def leads_in_bout_example() -> int:
    """How many leads Anna has in :func:`bout_example` (R9)."""
    return len(bout_example().legal_moves("Anna"))


@_claim(
    2,
    "A lead of two different ranks is refused: [R9] a lead is one or more cards of one rank",
    "[R9] a lead is one or more cards of one rank",
    "R9",
)
def lead_of_two_ranks() -> str | None:
    """The refusal of Anna leading 7S 9D (R9)."""
    return refusal_text(bout_example(), Move.attack(0, "7S 9D"))


@_claim(
    2,
    "Boris may cover 7S with 8S, 9S or the trump 6H, and 7C with TC or 6H; or he may take.",
    [
        "Boris covers 7S with 6H",
        "Boris covers 7S with 8S",
        "Boris covers 7S with 9S",
        "Boris covers 7C with 6H",
        "Boris covers 7C with TC",
        "Boris takes",
    ],
    "R6",
    "R10",
)
def boris_defences() -> list[str]:
    """Boris's legal moves after the lead (R6, R10)."""
    g = bout_after(1)
    return [m.describe(g.players) for m in g.legal_moves("Boris")]


@_claim(
    2,
    "After the lead Vera must wait: [R12] Anna has the first right: Vera waits until Anna passes",
    "[R12] Anna has the first right: Vera waits until Anna passes",
    "R12",
)
def vera_waits() -> str | None:
    """The refusal of Vera throwing in 7D right after the lead (R12)."""
    return refusal_text(bout_after(1), Move.throw(2, "7D"))


@_claim(
    2,
    "Once Boris has covered both sevens with 9S and TC, sevens, nines and tens are on the table, "
    "and Anna may throw in 9D and nothing else.",
    ["Anna throws in 9D"],
    "R11",
)
def anna_throw_ins() -> list[str]:
    """Anna's legal throw-ins after both covers (R11)."""
    g = bout_after(3)
    return [m.describe(g.players) for m in g.legal_moves("Anna") if m.action.value == "throw"]


@_claim(
    2,
    "When Anna passes, Vera may throw in 7D, 9C, or both.",
    ["Vera throws in 7D", "Vera throws in 9C", "Vera throws in 7D 9C"],
    "R11",
    "R12",
)
def vera_throw_ins() -> list[str]:
    """Vera's legal throw-ins after Anna's pass (R11, R12)."""
    g = bout_after(4)
    return [m.describe(g.players) for m in g.legal_moves("Vera") if m.action.value == "throw"]


@_claim(
    2,
    "A pass lasts only until the next card: right after her pass Anna may not throw in, "
    "but once Vera has thrown in 9C she may again.",
    (
        "[R12] Anna has passed; they may act again once another card is laid",
        ["Anna throws in 9D", "Anna passes"],
    ),
    "R12",
)
def pass_until_next_card() -> tuple[str | None, list[str]]:
    """Anna's 9D refused after her pass, and Anna's moves once Vera has thrown in 9C (R12)."""
    g = bout_after(4)
    refused = refusal_text(g, Move.throw(0, "9D"))
    g.play(BOUT_MOVES[4])
    return refused, [m.describe(g.players) for m in g.legal_moves("Anna")]


@_claim(
    2,
    "When every card is covered and Anna and Vera have both passed, the six cards go to the discard: bito.",
    "7S 9S 7C TC 9C 6H",
    "R15",
)
def bout_bito() -> str:
    """The cards of the :class:`~durak_nb.engine.Bito` event that ends lesson 2's bout (R15)."""
    events = play_moves(bout_example(), BOUT_MOVES)
    return " ".join(_codes(e.cards) for e in events if isinstance(e, Bito))


def bout_exercise_options() -> list[Move]:
    """Lesson 2's "choose the legal move" options for Boris after the lead."""
    return [
        Move.defend(1, "8S", "7C"),
        Move.defend(1, "9S", "7S"),
        Move.defend(1, "QD", "7C"),
        Move.throw(1, "9S"),
    ]


def bout_spot_options() -> list[Move]:
    """Lesson 2's "spot the illegal throw-in" options, after Anna's pass."""
    return [Move.throw(2, "7D"), Move.throw(2, "9C"), Move.throw(2, "JS"), Move.throw(2, "7D 9C")]


# ============================================================================= lesson 3

SEED000_MOVES: tuple[Move, ...] = (
    Move.attack(0, "7S"),
    Move.take(1),
    Move.throw(0, "7H"),
    Move.pass_(0),
    Move.throw(2, "7D"),
    Move.pass_(0),
    Move.pass_(2),
)


def seed000_example() -> Game:
    """Lesson 3: seed 000's example of throw-ins after take (R13b, R14); as
    ``recordings/seed000-vdogonku.json``."""
    return _setup(
        "podkidnoy",
        BOUT_PLAYERS,
        {"Anna": "7S 7H 7C KS", "Boris": "6C 8D 9C", "Vera": "7D QD AS"},
        "Anna",
        trump="H",
        bout=20,
    )


def seed000_after(count: int) -> Game:
    """Seed 000's example after the first ``count`` moves of :data:`SEED000_MOVES`."""
    g = seed000_example()
    play_moves(g, SEED000_MOVES[:count])
    return g


@_claim(
    3,
    "Boris holds three cards and one lies uncovered before him, so after his take only two more cards may follow.",
    2,
    "R13b",
    "R14",
)
def room_after_take() -> int:
    """``Game.room()`` in seed 000's example right after Boris's take (R13b, R14)."""
    return seed000_after(2).room()


@_claim(
    3,
    "After 7H and 7D, Anna's last seven is refused: "
    "[R13b] Boris holds 3 cards; no more than that may lie uncovered before them, so no more may follow",
    "[R13b] Boris holds 3 cards; no more than that may lie uncovered before them, so no more may follow",
    "R13b",
)
def third_card_refused() -> str | None:
    """The refusal of Anna's 7C after the two throw-ins (R13b)."""
    return refusal_text(seed000_after(5), Move.throw(0, "7C"))


@_claim(3, "When Anna and Vera have passed, Boris picks up the three sevens.", ("Boris", "7S 7H 7D"), "R14")
def boris_picks_up() -> tuple[str, str]:
    """The :class:`~durak_nb.engine.Took` event of seed 000's example (R14)."""
    g = seed000_example()
    events = play_moves(g, SEED000_MOVES)
    took = [e for e in events if isinstance(e, Took)]
    return g.players[took[0].player], _codes(took[0].cards)


FIRST_BOUT_MOVES: tuple[Move, ...] = (
    Move.attack(0, "7S 7H 7C"),
    Move.defend(1, "9C", "7C"),
    Move.throw(0, "9S 9H"),
    Move.pass_(0),
    Move.take(1),
    Move.throw(2, "7D"),
    Move.pass_(0),
    Move.pass_(2),
)


def first_bout_example() -> Game:
    """Lesson 3: the first bout of a game, diamonds trump (R13c); as
    ``recordings/first-bout-limit.json``."""
    return Game.from_position(
        "podkidnoy",
        BOUT_PLAYERS,
        hands={"Anna": "6D 7S 7H 7C 9S 9H", "Boris": "6S 6H 8C 9C TC JC", "Vera": "7D 8S JD QH KH AS"},
        talon="8H TS JS QS KS AH TH JH 6C QC KC AC 8D 9D QD KD AD TD",
        trump="D",
        attacker="Anna",
    )


def first_bout_after(count: int) -> Game:
    """The first-bout example after the first ``count`` moves of :data:`FIRST_BOUT_MOVES`."""
    g = first_bout_example()
    play_moves(g, FIRST_BOUT_MOVES[:count])
    return g


@_claim(
    3,
    "Before the first bito, five attack cards are the most while the defender defends: "
    "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends",
    (5, "[R13c] before the first bito a bout holds at most 5 attack cards while the defender defends"),
    "R13c",
)
def first_bout_limit() -> tuple[int, str | None]:
    """The attack cards on the table and the refusal of Vera's 7D as a sixth card (R13c)."""
    g = first_bout_after(4)
    return len(g.attack_cards), refusal_text(g, Move.throw(2, "7D"))


@_claim(
    3,
    "Once Boris takes, the limit is six again: one more card may follow, and Vera adds 7D after the take.",
    (1, "Boris", 7),
    "R13a",
    "R13c",
    "R14",
)
def sixth_card_after_take() -> tuple[int, str, int]:
    """Room after the take, who picks up, and how many cards (R13c, R14)."""
    g = first_bout_after(5)
    room = g.room()
    events = play_moves(g, FIRST_BOUT_MOVES[5:])
    took = next(e for e in events if isinstance(e, Took))
    return room, g.players[took.player], len(took.cards)


def first_bout_exercise_options() -> list[Move]:
    """Lesson 3's "choose the legal move" options for Vera once Anna has passed (R13c)."""
    return [Move.throw(2, "7D"), Move.throw(2, "8S"), Move.pass_(2), Move.take(2)]


BOUT_LIMIT_MOVES: tuple[Move, ...] = (
    Move.attack(0, "7S 7H 7D 7C"),
    Move.defend(1, "8S", "7S"),
    Move.throw(0, "8H 8D"),
)


def bout_limit_example() -> Game:
    """Lesson 3: Boris holds ten cards, so only the limit of six stops Anna (R13a)."""
    return _setup(
        "podkidnoy",
        ("Anna", "Boris"),
        {"Anna": "7S 7H 7D 7C 8H 8D 8C", "Boris": "8S 9S 9H TD JC QS KH AS AD AC"},
        "Anna",
        trump="S",
        bout=9,
    )


@_claim(
    3,
    "Even against a defender with ten cards, six attack cards are the most: [R13a] a bout holds at most 6 attack cards",
    (0, "[R13a] a bout holds at most 6 attack cards"),
    "R13a",
)
def seventh_card_refused() -> tuple[int, str | None]:
    """Room and the refusal of a seventh attack card (R13a)."""
    g = bout_limit_example()
    play_moves(g, BOUT_LIMIT_MOVES)
    return g.room(), refusal_text(g, Move.throw(0, "8C"))


def small_hand_example() -> Game:
    """Lesson 3: Boris holds only two cards; Anna holds three eights (R13b)."""
    return _setup(
        "podkidnoy",
        ("Anna", "Boris"),
        {"Anna": "8S 8H 8D KC", "Boris": "9S JD"},
        "Anna",
        trump="C",
        bout=9,
    )


@_claim(
    3,
    "Against Boris's two cards Anna may lead one eight or two, never three: "
    "[R13b] Boris holds 2 cards; no more than that may lie uncovered before them",
    (
        ["Anna attacks 8S 8H", "Anna attacks 8S 8D", "Anna attacks 8H 8D"],
        "[R13b] Boris holds 2 cards; no more than that may lie uncovered before them",
    ),
    "R13b",
)
def lead_against_two_cards() -> tuple[list[str], str | None]:
    """Anna's legal two-card leads and the refusal of a lead of three eights (R13b)."""
    g = small_hand_example()
    pairs = [m.describe(g.players) for m in g.legal_moves("Anna") if len(m.cards) == 2]
    return pairs, refusal_text(g, Move.attack(0, "8S 8H 8D"))


def small_hand_after_lead() -> Game:
    """:func:`small_hand_example` after Anna leads 8S."""
    g = small_hand_example()
    g.play(Move.attack(0, "8S"))
    return g


def small_hand_spot_options() -> list[Move]:
    """Lesson 3's "spot the illegal throw-in" options after Anna leads 8S (one breaks R13b)."""
    return [Move.throw(0, "8H"), Move.throw(0, "8H 8D"), Move.throw(0, "8D")]


# ============================================================================= lesson 4

DRAWING_MOVES: tuple[Move, ...] = (
    Move.attack(0, "7S 7C"),
    Move.defend(1, "9S", "7S"),
    Move.defend(1, "TC", "7C"),
    Move.pass_(0),
    Move.throw(2, "9D"),
    Move.defend(1, "JD", "9D"),
    Move.pass_(0),
    Move.pass_(2),
    Move.pass_(3),
)


def drawing_example() -> Game:
    """Lesson 4: four players, three cards left in the talon, hearts trump (R16); as
    ``recordings/drawing-order-short-talon.json``."""
    return _setup(
        "podkidnoy",
        ("Anna", "Boris", "Vera", "Gleb"),
        {
            "Anna": "6C 7S 7C 8D KD AC",
            "Boris": "8S 9S TC JD QS KS",
            "Vera": "6S 7H 8C 9D KC AH",
            "Gleb": "6D 8H QH QC KH AS",
        },
        "Anna",
        talon="9C QD 6H",
        trump="H",
        bout=9,
    )


def drawing_before_end() -> Game:
    """:func:`drawing_example` before Gleb's pass, the move that ends the bout."""
    g = drawing_example()
    play_moves(g, DRAWING_MOVES[:-1])
    return g


@_claim(
    4,
    "Anna, who led, draws first: 9C and QD; then Vera draws the turned-up trump 6H, the last card of the talon.",
    [("Anna", "9C QD"), ("Vera", "6H")],
    "R3",
    "R16",
)
def short_talon_draws() -> list[tuple[str, str]]:
    """The draws after the bout of :func:`drawing_example` (R3, R16)."""
    g = drawing_before_end()
    return draws_of(g.play(DRAWING_MOVES[-1]), g.players)


@_claim(
    4,
    "Gleb still holds six cards and draws nothing; Boris, the defender, comes last and finds the talon empty: "
    "he stays with three cards.",
    (6, 3, 0),
    "R16",
)
def short_talon_hands() -> tuple[int, int, int]:
    """Gleb's and Boris's hand sizes and the talon's size after the refill (R16)."""
    g = drawing_before_end()
    g.play(DRAWING_MOVES[-1])
    return len(g.hands[3]), len(g.hands[1]), len(g.talon)


@_claim(4, "After bito the defender attacks next: Boris leads the next bout.", "Boris", "R23")
def next_after_bito() -> str:
    """Who attacks after the bito of :func:`drawing_example` (R23)."""
    g = drawing_before_end()
    g.play(DRAWING_MOVES[-1])
    assert g.attacker is not None
    return g.players[g.attacker]


@_claim(
    4,
    "In lesson 2's bout Anna led, so she draws first (8D TD), then Vera (8H), and Boris, the defender, last "
    "(QH 6C KS); the turned-up trump AH stays at the bottom of the talon.",
    ([("Anna", "8D TD"), ("Vera", "8H"), ("Boris", "QH 6C KS")], ["AH"]),
    "R16",
)
def full_refill() -> tuple[list[tuple[str, str]], list[str]]:
    """The draws after lesson 2's bito, and what is left in the talon (R16)."""
    g = bout_example()
    events = play_moves(g, BOUT_MOVES)
    return draws_of(events, g.players), [c.code for c in g.talon]


@_claim(4, "After a take the player left of the defender attacks: Vera leads after Boris picks up.", "Vera", "R23")
def next_after_take() -> str:
    """Who attacks after Boris's take in seed 000's example (R23)."""
    g = seed000_example()
    play_moves(g, SEED000_MOVES)
    assert g.attacker is not None
    return g.players[g.attacker]


# ============================================================================= lesson 5

TRANSFER_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")

TRANSFER_MOVES: tuple[Move, ...] = (
    Move.attack(0, "8S"),
    Move.transfer(1, "8H"),
    Move.transfer(2, "8D"),
    Move.defend(3, "9S", "8S"),
    Move.defend(3, "TH", "8H"),
    Move.defend(3, "QD", "8D"),
    Move.pass_(2),
    Move.throw(0, "9H"),
    Move.defend(3, "JH", "9H"),
    Move.pass_(2),
    Move.pass_(0),
    Move.pass_(1),
)


def transfer_example() -> Game:
    """Lesson 5: perevodnoy, four players, clubs trump (R17, R18); as
    ``recordings/transfer-twice.json``."""
    return _setup(
        "perevodnoy",
        TRANSFER_PLAYERS,
        {
            "Anna": "6D 7S 8S 9H JC KH",
            "Boris": "6H 7H 8H TS QC AS",
            "Vera": "6C 8D 9D TD KS AD",
            "Gleb": "6S 8C 9S TH JH QD",
        },
        "Anna",
        talon="7D JS QS 7C KC AH QH AC JD 9C",
        trump="C",
        bout=3,
    )


def transfer_after(count: int) -> Game:
    """The transfer example after the first ``count`` moves of :data:`TRANSFER_MOVES`."""
    g = transfer_example()
    play_moves(g, TRANSFER_MOVES[:count])
    return g


@_claim(
    5,
    "Boris transfers with 8H: both eights go on to Vera, and Boris becomes the attacker.",
    ("Boris", "Vera", 2),
    "R17",
)
def first_transfer() -> tuple[str, str, int]:
    """(attacker, defender, attack cards) after Boris's transfer (R17)."""
    g = transfer_after(2)
    assert g.attacker is not None and g.defender is not None
    return g.players[g.attacker], g.players[g.defender], len(g.attack_cards)


@_claim(
    5,
    "Vera transfers again with 8D: three eights go to Gleb, who holds six cards, so the transfer is allowed.",
    ("Vera", "Gleb", 3, 6),
    "R17",
    "R18",
)
def second_transfer() -> tuple[str, str, int, int]:
    """(attacker, defender, attack cards, defender's cards) after Vera's transfer (R17, R18)."""
    g = transfer_after(3)
    assert g.attacker is not None and g.defender is not None
    return g.players[g.attacker], g.players[g.defender], len(g.attack_cards), len(g.hands[g.defender])


@_claim(
    5,
    "Once Gleb has covered one eight he may not transfer with 8C any more: "
    "[R18] no transfer once an attack card is covered",
    "[R18] no transfer once an attack card is covered",
    "R18",
)
def no_transfer_after_cover() -> str | None:
    """The refusal of Gleb's transfer after his first cover (R18)."""
    return refusal_text(transfer_after(4), Move.transfer(3, "8C"))


@_claim(
    5,
    "After the bito Anna, who led the bout, draws first and Gleb, the last defender, draws last.",
    ["Anna", "Boris", "Vera", "Gleb"],
    "R16",
)
def transfer_draw_order() -> list[str]:
    """The order of the draws after the transfer example's bito (R16)."""
    g = transfer_example()
    return [name for name, _cards in draws_of(play_moves(g, TRANSFER_MOVES), g.players)]


def too_many_example() -> Game:
    """Lesson 5: Vera holds two cards; Anna leads two eights at Boris (R18, R13b)."""
    return _setup(
        "perevodnoy",
        BOUT_PLAYERS,
        {"Anna": "8S 8C KD", "Boris": "8H 9C QS", "Vera": "6D JH"},
        "Anna",
        trump="D",
        bout=12,
    )


@_claim(
    5,
    "Nobody may be transferred more cards than they hold: "
    "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)",
    "[R18] Vera holds 2 cards and would face 3: no one may be given more cards than they hold (R13b)",
    "R18",
    "R13b",
)
def transfer_too_many() -> str | None:
    """The refusal of Boris's transfer of a third eight to Vera (R18)."""
    g = too_many_example()
    g.play(Move.attack(0, "8S 8C"))
    return refusal_text(g, Move.transfer(1, "8H"))


def first_bout_transfer_example() -> Game:
    """Lesson 5: the first bout of a game of perevodnoy (R19)."""
    return Game.from_position(
        "perevodnoy",
        BOUT_PLAYERS,
        hands={"Anna": "6D 7S 7H 7C 9S 9H", "Boris": "6S 6H 7D 8C 9C TC", "Vera": "8S JC JD QH KH AS"},
        talon="8H TS JS QS KS AH TH JH 6C QC KC AC 8D 9D QD KD AD TD",
        trump="D",
        attacker="Anna",
    )


@_claim(
    5,
    "There is no transfer in the first bout: [R19] no transfer in the first bout of the game",
    "[R19] no transfer in the first bout of the game",
    "R19",
)
def no_transfer_first_bout() -> str | None:
    """The refusal of Boris's transfer with 7D in the first bout (R19)."""
    g = first_bout_transfer_example()
    g.play(Move.attack(0, "7S"))
    return refusal_text(g, Move.transfer(1, "7D"))


SHOW_MOVES: tuple[Move, ...] = (
    Move.attack(0, "9S"),
    Move.transfer(1, "9H", show=True),
    Move.transfer(0, "9D"),
    Move.transfer(1, "9H"),
    Move.defend(0, "JS", "9S"),
    Move.defend(0, "KD", "9D"),
    Move.defend(0, "AH", "9H"),
    Move.pass_(1),
)


def show_trump_example() -> Game:
    """Lesson 5: проездной with two players, hearts trump (R20, R21); as
    ``recordings/show-trump-transfer.json``."""
    return _setup(
        Rules.make("perevodnoy", show_trump_transfer=True),
        ("Anna", "Boris"),
        {"Anna": "6C 9S 9D JS KD AH", "Boris": "6S 7C 8D 9H TC QS"},
        "Anna",
        talon="7S 8C KS QC 6D TS JC 8H QH TH",
        trump="H",
        bout=4,
    )


def show_trump_after(count: int) -> Game:
    """The проездной example after the first ``count`` moves of :data:`SHOW_MOVES`."""
    g = show_trump_example()
    play_moves(g, SHOW_MOVES[:count])
    return g


@_claim(
    5,
    "With two players a transfer goes back to the attacker: after Boris shows 9H, Anna defends.",
    "Anna",
    "R21",
)
def transfer_goes_back() -> str:
    """The defender after Boris's shown-trump transfer (R21)."""
    g = show_trump_after(2)
    assert g.defender is not None
    return g.players[g.defender]


@_claim(
    5,
    "Showing the trump nine adds no card: Boris keeps 9H in his hand and one nine stays on the table.",
    (True, 1),
    "R20",
)
def shown_trump_kept() -> tuple[bool, int]:
    """Whether Boris still holds 9H, and the attack cards, after showing it (R20)."""
    g = show_trump_after(2)
    return Card.parse("9H") in g.hands[1], len(g.attack_cards)


@_claim(
    5,
    "Transferred onto again in the same bout, Boris must lay the card: "
    "[R20] Boris already transferred by showing a trump this bout: now lay the card",
    "[R20] Boris already transferred by showing a trump this bout: now lay the card",
    "R20",
)
def show_only_once() -> str | None:
    """The refusal of a second shown-trump transfer by Boris in one bout (R20)."""
    return refusal_text(show_trump_after(3), Move.transfer(1, "9H", show=True))


def transfer_exercise_options() -> list[Move]:
    """Lesson 5's "choose the legal move" options for Gleb facing three eights."""
    return [
        Move.transfer(3, "8C"),
        Move.transfer(3, "9S"),
        Move.defend(3, "6S", "8S"),
        Move.transfer(3, "8C", show=True),
    ]


# ============================================================================= lesson 6

DRAW_MOVES: tuple[Move, ...] = (
    Move.attack(2, "7D"),
    Move.defend(0, "KD", "7D"),
    Move.pass_(1),
    Move.attack(0, "8S 8D"),
    Move.defend(1, "TS", "8S"),
    Move.defend(1, "QD", "8D"),
)


def draw_example(*, draw_allowed: bool = True) -> Game:
    """Lesson 6: the last two players go out in the same bout (R24, R25); as
    ``recordings/draw.json``."""
    return _setup(
        Rules.make("podkidnoy", draw_allowed=draw_allowed),
        BOUT_PLAYERS,
        {"Anna": "8S 8D KD", "Boris": "TS QD", "Vera": "7D"},
        "Vera",
        trump="C",
        bout=25,
    )


def draw_recording() -> Recording:
    """Lesson 6's draw as a recording for the replayer."""
    return Recording.load(RECORDINGS / "draw.json")


def draw_after(count: int) -> Game:
    """The draw example after the first ``count`` moves of :data:`DRAW_MOVES`."""
    g = draw_example()
    play_moves(g, DRAW_MOVES[:count])
    return g


@_claim(6, "Vera plays her last card with the talon empty: she is out, first of all.", ["Vera"], "R24")
def vera_goes_out() -> list[str]:
    """The :class:`~durak_nb.engine.Out` events after the first bout of the draw example (R24)."""
    g = draw_example()
    events = play_moves(g, DRAW_MOVES[:3])
    return [g.players[e.player] for e in events if isinstance(e, Out)]


@_claim(
    6,
    "Anna leads her last two cards and Boris covers them with his last two: both run out in the same bout, "
    "and the game is a draw.",
    (True, None, "R25", ["Vera", "Anna", "Boris"]),
    "R25",
)
def the_draw() -> tuple[bool, str | None, str, list[str]]:
    """(draw, durak, rule, out order) at the end of the draw example (R25)."""
    g = draw_example()
    play_moves(g, DRAW_MOVES)
    r = g.result
    assert r is not None
    return r.draw, None if r.durak is None else g.players[r.durak], r.rule, _names(g, r.out_order)


@_claim(
    6,
    "If the players agree that there are no draws, the defender of that last bout loses: Boris is the durak.",
    (False, "Boris"),
    "R25",
)
def no_draws_allowed() -> tuple[bool, str | None]:
    """(draw, durak) at the end of the draw example with ``draw_allowed`` off (R25)."""
    g = draw_example(draw_allowed=False)
    play_moves(g, DRAW_MOVES)
    r = g.result
    assert r is not None
    return r.draw, None if r.durak is None else g.players[r.durak]


EPAULETTE_MOVES: tuple[Move, ...] = (
    Move.attack(1, "7D"),
    Move.defend(0, "9D", "7D"),
    Move.pass_(1),
    Move.attack(0, "6S 6C"),
    Move.defend(1, "9S", "6S"),
    Move.defend(1, "8C", "6C"),
)


def epaulettes_example() -> Game:
    """Lesson 6: the last bout against the durak led with two sixes (R26); as
    ``recordings/epaulettes.json``."""
    return _setup(
        "podkidnoy",
        ("Anna", "Boris"),
        {"Anna": "6S 6C 9D", "Boris": "7D 8C 9S KH"},
        "Boris",
        trump="H",
        bout=30,
    )


@_claim(
    6,
    "Anna leads her last two cards, two sixes; Boris beats both but is left holding cards: "
    "he is the durak, with epaulettes.",
    ("Boris", True, "Boris is the durak with epaulettes (R26)"),
    "R25",
    "R26",
)
def durak_with_epaulettes() -> tuple[str | None, bool, str]:
    """(durak, epaulettes, result in words) at the end of the epaulettes example (R26)."""
    g = epaulettes_example()
    play_moves(g, EPAULETTE_MOVES)
    r = g.result
    assert r is not None
    return None if r.durak is None else g.players[r.durak], r.epaulettes, r.describe(g.players)


def stays_in_example() -> Game:
    """Lesson 6: Anna leads her last card while the talon still holds cards (R24)."""
    return _setup(
        "podkidnoy",
        ("Anna", "Boris"),
        {"Anna": "7S", "Boris": "8S 9D JC"},
        "Anna",
        talon="6C 7C TD QS KC AH 8H",
        trump="H",
        bout=14,
    )


@_claim(
    6,
    "A player without cards while the talon still has some is not out: Anna draws six and plays on.",
    ([], 6),
    "R24",
)
def no_cards_but_talon() -> tuple[list[str], int]:
    """The players out, and Anna's hand size, after Anna's last card is beaten with cards in the talon (R24)."""
    g = stays_in_example()
    events = play_moves(g, [Move.attack(0, "7S"), Move.defend(1, "8S", "7S")])
    return [g.players[e.player] for e in events if isinstance(e, Out)], len(g.hands[0])


#: Lesson 6's repetition: Anna, Boris and Vera pass two aces round by taking (R27).
REPETITION_CYCLE: tuple[tuple[int, int, int, str], ...] = (
    (0, 1, 2, "AS"),
    (2, 0, 1, "AH"),
    (1, 2, 0, "AS"),
    (0, 1, 2, "AH"),
    (2, 0, 1, "AS"),
    (1, 2, 0, "AH"),
)


def repetition_example() -> Game:
    """Lesson 6: diamonds trump, nobody can beat an ace of spades or hearts (R27)."""
    return _setup(
        "podkidnoy",
        BOUT_PLAYERS,
        {"Anna": "6C AS", "Boris": "7C", "Vera": "8C AH"},
        "Anna",
        trump="D",
        bout=2,
    )


def repetition_moves(bouts: int = 12) -> list[Move]:
    """The moves of ``bouts`` bouts of the repetition cycle: lead the ace, take, two passes."""
    moves: list[Move] = []
    for i in range(bouts):
        attacker, defender, other, card = REPETITION_CYCLE[i % len(REPETITION_CYCLE)]
        moves += [Move.attack(attacker, card), Move.take(defender), Move.pass_(attacker), Move.pass_(other)]
    return moves


def repetition_recording() -> Recording:
    """Lesson 6's repetition as a recording for the replayer (12 bouts, 48 moves)."""
    return recording_of(
        repetition_example(),
        repetition_moves(),
        {
            "title": "Lesson 6: the same position three times (R27)",
            "comments": {
                "23": "After six bouts every hand is as at the start: the second time this position occurs.",
                "47": "The third time: the game ends in a draw by repetition (R27).",
            },
        },
    )


@_claim(
    6,
    "Passing two aces round by taking brings back the starting position every six bouts; "
    "the third time it occurs, after twelve bouts, the game is drawn.",
    (6, 12, "draw by repetition (R27)"),
    "R27",
)
def repetition_draw() -> tuple[int, int, str]:
    """(first bout that returns to the start, bouts until the end, the result) (R27)."""
    g = repetition_example()
    start = [list(h) for h in g.hands]
    back = 0
    moves = repetition_moves()
    for bout in range(12):
        play_moves(g, moves[4 * bout : 4 * bout + 4])
        if not back and [list(h) for h in g.hands] == start:
            back = bout + 1
        if g.result is not None:
            return back, bout + 1, g.result.describe(g.players)
    return back, 12, "not over"  # pragma: no cover - the engine ends it


def two_sixes_example() -> Game:
    """Lesson 6 (option ``two_sixes_win``): Anna holds exactly two sixes, Boris three cards (R26)."""
    return _setup(
        Rules.make("podkidnoy", two_sixes_win=True),
        ("Anna", "Boris"),
        {"Anna": "6S 6C", "Boris": "9D JH KS"},
        "Boris",
        trump="H",
        bout=28,
    )


@_claim(
    6,
    "With the option that two sixes win, a player left with exactly two sixes against one opponent wins at once.",
    ("Boris", True, "R26"),
    "R26",
)
def two_sixes_win() -> tuple[str | None, bool, str]:
    """(durak, epaulettes, rule) of :func:`two_sixes_example` (R26)."""
    g = two_sixes_example()
    r = g.result
    assert r is not None
    return None if r.durak is None else g.players[r.durak], r.epaulettes, r.rule


# ============================================================================= lesson 7


def prostoy_example() -> Game:
    """Lesson 7: simple durak, three players, spades trump (R9, R11)."""
    return _setup(
        "prostoy",
        BOUT_PLAYERS,
        {"Anna": "7S 7H 7C QD", "Boris": "8H 9D TC JS KH", "Vera": "7D 8S AC"},
        "Anna",
        trump="S",
        bout=6,
    )


@_claim(
    7,
    "In simple durak the lead is one card or a pair: [R9] in simple durak the lead is one card or a pair",
    (5, "[R9] in simple durak the lead is one card or a pair"),
    "R9",
)
def prostoy_lead() -> tuple[int, str | None]:
    """Hand size in prostoy, and the refusal of a lead of three sevens (R3, R9)."""
    g = prostoy_example()
    return g.rules.hand_size, refusal_text(g, Move.attack(0, "7S 7H 7C"))


@_claim(
    7,
    "Simple durak has no throw-ins: "
    "[R11] no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken",
    "[R11] no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken",
    "R11",
)
def prostoy_no_throw_ins() -> str | None:
    """The refusal of Vera's 7D after Anna's lead of 7S 7H (R11)."""
    g = prostoy_example()
    g.play(Move.attack(0, "7S 7H"))
    return refusal_text(g, Move.throw(2, "7D"))


def english_example() -> Game:
    """Lesson 7: english durak, Anna holds no pair (R9)."""
    return _setup(
        "english",
        BOUT_PLAYERS,
        {"Anna": "6S 8H TC QD", "Boris": "7S 7D 9H JC", "Vera": "6D 9S KC AH"},
        "Anna",
        trump="C",
        bout=3,
    )


@_claim(
    7,
    "In English durak the lead is a pair; Anna has none, so her only move is to pass the lead to Boris.",
    (["Anna passes"], ("Anna", "Boris")),
    "R9",
)
def english_pass_the_lead() -> tuple[list[str], tuple[str, str]]:
    """Anna's legal moves, and the :class:`~durak_nb.engine.LeadPassed` event (R9)."""
    g = english_example()
    legal = [m.describe(g.players) for m in g.legal_moves()]
    events = g.play(Move.pass_(0))
    passed = next(e for e in events if isinstance(e, LeadPassed))
    return legal, (g.players[passed.player], g.players[passed.to])


@_claim(
    7,
    "In a game of Japanese durak the engine refuses a diamond on a spade: "
    "[R8] 6D does not beat 7S: a card is beaten by a higher card of its suit or by a trump (♦); "
    "spades only by higher spades",
    "[R8] 6D does not beat 7S: a card is beaten by a higher card of its suit or by a trump (♦); "
    "spades only by higher spades",
    "R8",
)
def japanese_refusal() -> str | None:
    """The refusal of Boris covering 7S with 6D in japanese durak (R8)."""
    g = _setup("japanese", ("Anna", "Boris"), {"Anna": "7S KC", "Boris": "6D 8C"}, "Anna", trump="D", bout=4)
    g.play(Move.attack(0, "7S"))
    return refusal_text(g, Move.defend(1, "6D", "7S"))


def teams_example() -> Game:
    """Lesson 7: 2 vs 2, Anna and Vera against Boris and Gleb, spades trump (R22)."""
    return _setup(
        Rules.make("podkidnoy", teams=[[0, 2], [1, 3]]),
        TRANSFER_PLAYERS,
        {"Anna": "7H 9C QD", "Boris": "8H TS KC", "Vera": "7D 9D AC", "Gleb": "7C JH KD"},
        "Anna",
        trump="S",
        bout=7,
    )


@_claim(
    7,
    "In a team game partners never throw in on each other: [R22] Gleb is Boris's partner and may not throw in on them",
    (["Anna", "Vera"], "[R22] Gleb is Boris's partner and may not throw in on them"),
    "R22",
)
def teams_throwers() -> tuple[list[str], str | None]:
    """Who may throw in on Boris, and the refusal of his partner Gleb's 7C (R22)."""
    g = teams_example()
    g.play(Move.attack(0, "7H"))
    g.play(Move.pass_(0))
    return _names(g, g.throwers()), refusal_text(g, Move.throw(3, "7C"))


SIX_PLAYERS = ("Anna", "Boris", "Vera", "Gleb", "Dana", "Egor")


def neighbours_example(*, neighbours_only: bool = True) -> Game:
    """Lesson 7: six players with option ``neighbours_only_over_4``; Anna attacks Boris (R11)."""
    return _setup(
        Rules.make("podkidnoy", neighbours_only_over_4=neighbours_only),
        SIX_PLAYERS,
        {
            "Anna": "7S 9C",
            "Boris": "8H TS KC",
            "Vera": "7D 9D",
            "Gleb": "7C JH",
            "Dana": "7H QS",
            "Egor": "AC KD",
        },
        "Anna",
        trump="S",
        bout=10,
    )


@_claim(
    7,
    "With more than four players and the option «neighbours only», only Anna and Vera, Boris's neighbours, "
    "may throw in on him: [R11] only the defender's neighbours may throw in with more than 4 players",
    (
        ["Anna", "Vera"],
        ["Anna", "Vera", "Gleb", "Dana", "Egor"],
        "[R11] only the defender's neighbours may throw in with more than 4 players",
    ),
    "R11",
)
def neighbours_only() -> tuple[list[str], list[str], str | None]:
    """The throwers with and without the option, and the refusal of Gleb's 7C (R11)."""
    with_option, without = neighbours_example(), neighbours_example(neighbours_only=False)
    for g in (with_option, without):
        g.play(Move.attack(0, "7S"))
        g.play(Move.pass_(0))
    return (
        _names(with_option, with_option.throwers()),
        _names(without, without.throwers()),
        refusal_text(with_option, Move.throw(3, "7C")),
    )


def trump_six_example(*, six_beats_ace: bool) -> Game:
    """Lesson 7: Anna leads the trump ace at Boris, who holds the trump six (R7)."""
    return _setup(
        Rules.make("podkidnoy", trump_six_beats_ace=six_beats_ace),
        ("Anna", "Boris"),
        {"Anna": "AH 9S", "Boris": "6H 7C"},
        "Anna",
        trump="H",
        bout=11,
    )


@_claim(
    7,
    "The trump six covers the trump ace only with the option «trump six beats the ace».",
    ("[R6] 6H does not beat AH: a card is beaten by a higher card of its suit or by a trump (♥)", None),
    "R6",
    "R7",
)
def trump_six_over_ace() -> tuple[str | None, str | None]:
    """The engine's verdict on Boris covering AH with 6H, without and with the option (R6, R7)."""
    out = []
    for option in (False, True):
        g = trump_six_example(six_beats_ace=option)
        g.play(Move.attack(0, "AH"))
        out.append(refusal_text(g, Move.defend(1, "6H", "AH")))
    return out[0], out[1]


@_claim(
    7,
    "The most players a game takes is the deck size divided by the hand size: 4 with 24 cards, 6 with 36, 8 with 52.",
    (4, 6, 8),
    "R1",
    "R2",
)
def most_players() -> tuple[int, ...]:
    """The most players R2 allows with 24, 36 and 52 cards (podkidnoy), found by asking the engine."""
    out = []
    for size in (24, 36, 52):
        rules = Rules.make("podkidnoy", deck_size=size)
        most = 2
        while True:
            try:
                rules.check_players(most + 1)
            except ValueError:
                break
            most += 1
        out.append(most)
    return tuple(out)


def english_exercise_options() -> list[Move]:
    """Lesson 7's "choose the legal move" options for Anna in :func:`english_example`."""
    return [Move.attack(0, "6S"), Move.pass_(0), Move.attack(0, "8H"), Move.attack(0, "6S 8H")]


# ============================================================================= lesson 8


@_claim(8, "Every game in recordings/ replays move by move without a single illegal move.", True)
def recordings_all_legal() -> bool:
    """Whether every recording in :data:`RECORDINGS` reads and replays (``games_frame``'s ``ok``)."""
    from .tables import games_frame

    frame = games_frame(RECORDINGS, progress=False)
    return bool(len(frame) > 0 and frame["ok"].all())


# ============================================================================= lesson 9


def first_refill(recording: Recording) -> tuple[Game, Move]:
    """The game just before the first bout of ``recording`` that ends with a refill, and
    the move that ends it (for a "predict the draw" exercise, R16).

    Raises:
        ValueError: no bout of the recording ends with a draw from the talon.
        RecordingError: an illegal move in the recording.
    """
    game = recording.new_game()
    for move in recording.moves:
        trial = game.copy()
        try:
            events = trial.play(move)
        except IllegalMove:
            break
        if any(isinstance(e, Drew) for e in events) and not any(isinstance(e, GameOver) for e in events):
            return game, move
        game = trial
    raise ValueError("no bout of this recording ends with a draw from the talon (R16)")


def rule_text(rule: str) -> str:
    """The short text of ``rule`` (``'R13b'`` reads R13's), from :data:`~durak_nb.rules.RULE_TEXTS`.

    Raises:
        KeyError: not a rule id of RULES.md.
    """
    base = rule.rstrip("abc")
    return RULE_TEXTS[base]


@_claim(
    8,
    "In every finished game in recordings/, each bout ended either in bito or in a take: "
    "the bouts led add up to the bito plus the pick-ups.",
    True,
    "R14",
    "R15",
)
def bouts_end_in_bito_or_take() -> bool:
    """Whether, in every finished game of :data:`RECORDINGS`, the attack moves equal the
    :class:`~durak_nb.engine.Bito` plus :class:`~durak_nb.engine.Took` events (R14, R15)."""
    from .tables import load_recordings, readable

    games = 0
    for path in sorted(p for p in RECORDINGS.iterdir() if p.is_file() and readable(p)):
        for rec in load_recordings(path):
            leads = ends = 0
            finished = False
            for live, move, events in rec.steps():
                leads += move.action is Action.ATTACK
                ends += sum(isinstance(e, Bito | Took) for e in events)
                finished = live.finished
            if finished:
                games += 1
                if leads != ends:
                    return False
    return games > 0
