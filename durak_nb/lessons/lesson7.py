"""Lesson 7 (``07_variants.ipynb``): variants: prostoy, english, japanese, teams and the
options (R1, R2, R6-R9, R11, R22).

>>> most_players()
(4, 6, 8)
"""

from __future__ import annotations

from ..engine import LeadPassed, Move
from ..replay import Replay
from ..rules import Rules
from .course import claim
from .helpers import names, refusal_text, replay, variant

#: The recording of simple durak, three players, spades trump (R9, R11).
PROSTOY = "lessons/prostoy-three-sevens.json"


@claim(
    7,
    "In simple durak the lead is one card or a pair: [R9] in simple durak the lead is one card or a pair",
    (5, "[R9] in simple durak the lead is one card or a pair"),
    "R9",
)
def prostoy_lead() -> tuple[int, str | None]:
    """Hand size in prostoy, and the refusal of a lead of three sevens (R3, R9)."""
    g = replay(PROSTOY).game(0)
    return g.rules.hand_size, refusal_text(g, Move.attack(0, "7S 7H 7C"))


@claim(
    7,
    "Simple durak has no throw-ins: "
    "[R11] no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken",
    "[R11] no throw-ins in prostoy durak: the bout ends when the lead is beaten or taken",
    "R11",
)
def prostoy_no_throw_ins() -> str | None:
    """The refusal of Vera's 7D after Anna's lead of 7S 7H (R11)."""
    return refusal_text(replay(PROSTOY).game(1), Move.throw(2, "7D"))


#: The recording of english durak where Anna holds no pair (R9).
ENGLISH = "lessons/english-no-pair.json"


def english() -> Replay:
    """Lesson 7: english durak, Anna holds no pair and passes the lead (R9)."""
    return replay(ENGLISH)


@claim(
    7,
    "In English durak the lead is a pair; Anna has none, so her only move is to pass the lead to Boris.",
    (["Anna passes"], ("Anna", "Boris")),
    "R9",
)
def english_pass_the_lead() -> tuple[list[str], tuple[str, str]]:
    """Anna's legal moves, and the :class:`~durak_nb.engine.LeadPassed` event (R9)."""
    rep = english()
    g = rep.game(0)
    legal = [m.describe(g.players) for m in g.legal_moves()]
    passed = next(e for e in rep.events(0) if isinstance(e, LeadPassed))
    return legal, (g.players[passed.player], g.players[passed.to])


#: The recording of a diamond led against a spade in japanese durak (R8).
JAPANESE = "lessons/japanese-diamond-on-spade.json"


@claim(
    7,
    "In a game of Japanese durak the engine refuses a diamond on a spade: "
    "[R8] 6♦ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♦); "
    "spades only by higher spades",
    "[R8] 6♦ does not beat 7♠: a card is beaten by a higher card of its suit or by a trump (♦); "
    "spades only by higher spades",
    "R8",
)
def japanese_refusal() -> str | None:
    """The refusal of Boris covering 7S with 6D in japanese durak (R8)."""
    return refusal_text(replay(JAPANESE).game(1), Move.defend(1, "6D", "7S"))


#: The recording of 2 vs 2: Anna and Vera against Boris and Gleb, spades trump (R22).
TEAMS = "lessons/teams-partner.json"


@claim(
    7,
    "In a team game partners never throw in on each other: [R22] Gleb is Boris's partner and may not throw in on them",
    (["Anna", "Vera"], "[R22] Gleb is Boris's partner and may not throw in on them"),
    "R22",
)
def teams_throwers() -> tuple[list[str], str | None]:
    """Who may throw in on Boris, and the refusal of his partner Gleb's 7C (R22)."""
    g = replay(TEAMS).game(2)
    return names(g, g.throwers()), refusal_text(g, Move.throw(3, "7C"))


#: The recording of six players with option ``neighbours_only_over_4``; Anna attacks Boris (R11).
NEIGHBOURS = "lessons/neighbours-six-players.json"


@claim(
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
    with_option, without = replay(NEIGHBOURS).game(2), variant(NEIGHBOURS, 2, neighbours_only_over_4=False)
    return (
        names(with_option, with_option.throwers()),
        names(without, without.throwers()),
        refusal_text(with_option, Move.throw(3, "7C")),
    )


#: The recording of the trump six over the trump ace (option ``trump_six_beats_ace``, R7).
TRUMP_SIX = "lessons/trump-six-over-ace.json"


@claim(
    7,
    "The trump six covers the trump ace only with the option «trump six beats the ace».",
    ("[R6] 6♥ does not beat A♥: a card is beaten by a higher card of its suit or by a trump (♥)", None),
    "R6",
    "R7",
)
def trump_six_over_ace() -> tuple[str | None, str | None]:
    """The engine's verdict on Boris covering AH with 6H, without and with the option (R6, R7)."""
    cover = Move.defend(1, "6H", "AH")
    without = variant(TRUMP_SIX, 1, trump_six_beats_ace=False)
    return refusal_text(without, cover), refusal_text(replay(TRUMP_SIX).game(1), cover)


@claim(
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
    """Lesson 7's "choose the legal move" options for Anna in :func:`english`."""
    return [Move.attack(0, "6S"), Move.pass_(0), Move.attack(0, "8H"), Move.attack(0, "6S 8H")]
