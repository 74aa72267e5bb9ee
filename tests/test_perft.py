"""Perft: the number of move sequences from fixed positions to a fixed depth (R1–R27).

Like chess programs' perft, this counts every sequence of legal moves (of every player who
may act, :meth:`Game.legal_moves`) from a fixed position to a fixed depth: the leaves at
that depth, the lines on which the game ended earlier and a sum of how they ended (R22,
R24–R27). The positions
are bout starts written as position codes (:meth:`Start.code`), two per preset and table
(one with a talon, one near the end), reached by seeded random play; the numbers were
computed with the engine BEFORE its speed work (main at 7c06d15, issue 13), so a speed
change cannot change a rule without a test failing here.
"""

from __future__ import annotations

from typing import Any

import pytest

from durak_nb.engine import Game, Result
from durak_nb.rules import Rules

#: (preset, options, players, position code, depth,
#:  (leaves at depth, lines ended before, the sum of their outcomes, :func:`outcome`))
PERFT: list[tuple[str, dict[str, Any], int, str, int, tuple[int, int, int]]] = [
    (
        "podkidnoy",
        {},
        2,
        "6S6H7C8DJDKSAH/7H9HTHJHJCKD 8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQSAC C 1 9DTC 3 + -",
        7,
        (8905, 0, 0),
    ),
    (
        "podkidnoy",
        {},
        2,
        "6D8H8D/6HJHJDQSQDKDAD - C 0 9DTC8SJC7D6C7SQC7H8CKSASAH7CQH9C9SJS6STSTDKCKHAC9HTH 27 + -",
        8,
        (4160, 645, 21807450),
    ),
    (
        "podkidnoy",
        {},
        3,
        "6S7HJHJCQCAH/6H7S8DJDKDAS/6C7C9H9DTHTCKS 7DTD8C9C8HADQHKH9SKCTS6DQDQSJS S 0 AC8S 3 + -",
        6,
        (4676, 0, 0),
    ),
    (
        "podkidnoy",
        {},
        3,
        "9HQD/7HJHJDKDKCAH/8HJS - S 1 AC8S8D9D8CKSTH7STCQC7C9C7D9SQHQSTSASTD6S6DAD6CJC6HKH 27 + -",
        9,
        (3717, 11, 394614),
    ),
    (
        "perevodnoy",
        {},
        2,
        "6S6H7C8DJDKSAH/7H9HTHJHJCKD 8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQSAC C 1 9DTC 3 + -",
        6,
        (3826, 0, 0),
    ),
    (
        "perevodnoy",
        {},
        2,
        "TSQSQDKHAC/7H8H8CASAH - C 1 9DTC8DJC9H7C6SJS6H6CKDQC7S8SJHQHJD9C9SKSTDADTHKC6D7D 21 + -",
        7,
        (7535, 44, 1532652),
    ),
    (
        "perevodnoy",
        {},
        4,
        "6S7S7C8SJDKH/6H6C7H8H9CASAHADAC/7D8D9DTHTDTCJSKS/9HJHJCQHQCKD 9SKCTS6DQDQS8C C 2 - 3 - -",
        5,
        (18237, 0, 0),
    ),
    (
        "perevodnoy",
        {},
        4,
        "-/6H/-/6C7S7H7CTHQHQDAHAC - D 3 8CTD8DKD6S6DTCJDTSADJSQSJCQCJH9D8SAS8H9H9SKS9CKCKH7D 15 + 0,2",
        7,
        (3353, 74, 2504456),
    ),
    (
        "prostoy",
        {},
        2,
        "7C9H9DAHAC/7HTHTCJHJD 6HKSJC8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQS8D D 1 6SKD 3 + -",
        6,
        (6180, 0, 0),
    ),
    (
        "prostoy",
        {},
        2,
        "6D7S9DTSTDKD/7D8S8CQS - C 0 TCQCTHJC8HAHJDADJHAC7H6C9HQHJSASKH9C9SKS6SKC6H7C8DQD 24 + -",
        7,
        (5893, 41, 1428153),
    ),
    (
        "prostoy",
        {},
        3,
        "6S7S7HQCAH/6H8DTCJSJDKD/6C7C8STHKS AS7DTD8C9C8HADQHKH9SKCTS6DQDQSJC C 2 9HJH9DAC 3 + -",
        6,
        (4413, 0, 0),
    ),
    (
        "prostoy",
        {},
        3,
        "8SJSKS/6HTSJCQSQHAD/6S - C 0 9HJH9DACTHAH7HQCAS9C8D6CKH7C8H8C9SKC7STC7DQD6DJDTDKD 37 + -",
        9,
        (2723, 21, 753354),
    ),
    (
        "english",
        {},
        2,
        "6S7C9DJDAH/7H9HTHTCJHKDAC 6HKSJC8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQS8D D 0 - 3 - -",
        12,
        (2907, 1, 65792),
    ),
    (
        "english",
        {},
        2,
        "8S9CTDJSAD/6C7S9SJHJC - H 1 9HKH9DJD8D8H8C6H7DQD7CQCKSASKCAH6SQH6D7HTSQSTCACKDTH 24 + -",
        31,
        (0, 25, 1644800),
    ),
    (
        "english",
        {},
        3,
        "6S7S7HQCAH/6H8DTCJSJDKD/6C7C8STHKS AS7DTD8C9C8HADQHKH9SKCTS6DQDQSJC C 2 9HJH9DAC 3 + -",
        15,
        (5866, 0, 0),
    ),
    (
        "english",
        {},
        3,
        "7H8DKCAD/7D8CAC/6D8SQD - S 2 THAHTCQCTDKD6H8H6CJCJH6SJDKS9DJS9CTS7SQS7C9S9HQHKHAS 13 + -",
        25,
        (1145, 105, 3760545),
    ),
    (
        "japanese",
        {},
        2,
        "6S6H7CJDAHAC/7H9H9DTHTCJH KSJC8S6CJSQC7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQS D 1 8DKD 3 + -",
        6,
        (5445, 0, 0),
    ),
    (
        "japanese",
        {},
        2,
        "7CTSJSQSQDQCKCAD/9CTD - D 0 8DKD9DJD9HJH6HTH6S8S6CJC7HAHKSASKH7DTCAC8HQH8C6D7S9S 22 + -",
        7,
        (4220, 32, 1114656),
    ),
    (
        "japanese",
        {},
        3,
        "6S7HJHJCQCAH/6H8S8DTCJSJDAC/6C7C9H9DTHKSKD 7SAS7DTD8C9C8HADQHKH9SKCTS6DQDQS D 2 - 3 - -",
        7,
        (12312, 0, 0),
    ),
    (
        "japanese",
        {},
        3,
        "6H7H7D8S8H8D9S/7S8C/QH - D 0 6DQDTSKSTHKHTDKDTCKCJSQSJHAHJDADJCQC9H9D6SAS7C9C6CAC 39 + -",
        10,
        (10596, 36, 1291428),
    ),
    (
        "perevodnoy",
        {"show_trump_transfer": True, "trump_six_beats_ace": True},
        3,
        "6S7HJHJCQCAH/6H7S8DJDKDAS/6C7C9H9DTHTCKS 7DTD8C9C8HADQHKH9SKCTS6DQDQSJS S 0 AC8S 3 + -",
        6,
        (7200, 0, 0),
    ),
    (
        "perevodnoy",
        {"show_trump_transfer": True, "trump_six_beats_ace": True},
        3,
        "7H8HJCQH/8D8CQDQC/- - S 1 AC8S6STS6C9C6H9HJDKDJH7S7DJS7CKC6D9S9DASKHQSTDADTCKSTHAH 64 + 2",
        8,
        (2404, 478, 17147294),
    ),
    (
        "podkidnoy",
        {"teams": [[0, 2], [1, 3]]},
        4,
        "6S7S7C8SJHJDJCAC/6H6C7H8H9CAS/7D8D9DTHTCJSKSAH/9HTDQHQCKDAD KH9SKCTS6DQDQS8C C 1 - 3 - -",
        6,
        (3450, 0, 0),
    ),
    (
        "podkidnoy",
        {"teams": [[0, 2], [1, 3]]},
        4,
        "-/-/6S9DKSKH/7D8DTSTHTDAD - C 2 8S9SJDKCKDAC6H7C6D9C9HQC6CTC7SQS8HQHQDJCJSASJHAH7H8C 32 + 1,0",
        8,
        (2439, 16, 295680),
    ),
    (
        "podkidnoy",
        {"neighbours_only_over_4": True},
        5,
        "6S7S8DTHJCKC/8S8H9H9CTCASAH/6C7D9DTSKDAC/6H7CTDJSJHQHAD/7H8CJDQCKSKH 6DQDQS9S S 4 - 3 - -",
        6,
        (4675, 0, 0),
    ),
    (
        "podkidnoy",
        {"neighbours_only_over_4": True},
        5,
        "-/JCQHQC/-/7H9S9H9CTH/- - S 1 6H8H6CTCAD6STDJD8D9D6D8S8CKCKHTSKDQSJSASJHAHQD7S7CAC7DKS 51 + 0,4,2",
        10,
        (2721, 436, 14762960),
    ),
    (
        "podkidnoy",
        {"deck_size": 24, "first_bout_limit": 6, "repetition_draw": 2},
        2,
        "9DTDJDJCQDKHASAHAD/9STSTHTCKDKC JHACQCKSJS9HQHQS9C C 1 - 3 - -",
        5,
        (6542, 0, 0),
    ),
    (
        "podkidnoy",
        {"deck_size": 24, "first_bout_limit": 6, "repetition_draw": 2},
        2,
        "JSKSKHADAC/JHJDJCQSQH - C 1 9SAS9HTCTSKCTHQCTDKDAH9C9DQD 16 + -",
        6,
        (7043, 71, 2473143),
    ),
    (
        "perevodnoy",
        {"deck_size": 52, "transfer_first_bout": True, "two_sixes_win": True, "draw_allowed": False},
        3,
        "3S3H5D9SQHKS/4C5STHTCQDAC/2S2H3C7S9HJSJCKH 6H5C4D7H8CAD7C2CQC4HKC3DQS6D4SKD5HJH7D9D6C8H9CTS6S2D8DAS8STD D 0 AHJD 3 + -",  # noqa: E501
        6,
        (6422, 0, 0),
    ),
    (
        "perevodnoy",
        {"deck_size": 52, "transfer_first_bout": True, "two_sixes_win": True, "draw_allowed": False},
        3,
        "6H9HQCAH/3C4S4H4D4C7H/- - S 0 6CKCTCJC7DJD2D6D2CAC2STS3H8HTHJHTDKS7S9S7CAS5HKH5D9D5C9C3S5S3DAD2HJS8DKD8CQSQH8SQD6S 69 + 2",  # noqa: E501
        8,
        (10258, 1, 35873),
    ),
]


def outcome(result: Result) -> int:
    """A number for how a game ended (R22, R24-R27): the durak, the players out (how many
    and who first), draw, epaulettes and the rule, so that the perft sums see them."""
    code = 0 if result.durak is None else result.durak + 1
    code += 16 * len(result.out_order) + 256 * result.draw + 512 * result.epaulettes
    code += 1024 * (result.out_order[0] + 1 if result.out_order else 0)
    return code + 16384 * {"R22": 1, "R25": 2, "R26": 3, "R27": 4}[result.rule]


def perft(game: Game, depth: int) -> tuple[int, int, int]:
    """(leaves at ``depth``, lines on which the game ended before, the sum of their
    :func:`outcome`), by copying the game for every move."""
    if game.result is not None:
        return (0, 1, outcome(game.result))
    if depth == 0:
        return (1, 0, 0)
    leaves = ended = outcomes = 0
    for move in game.legal_moves():
        child = game.copy()
        child.play(move)
        a, b, c = perft(child, depth - 1)
        leaves += a
        ended += b
        outcomes += c
    return leaves, ended, outcomes


def _id(case: tuple[str, dict[str, Any], int, str, int, tuple[int, int, int]]) -> str:
    preset, opts, n, code, depth, _ = case
    extra = "".join(f",{k}" for k in opts)
    return f"{preset}{extra}-{n}p-{'end' if code.split()[1] == '-' else 'mid'}-d{depth}"


@pytest.mark.parametrize("case", PERFT, ids=[f"{i}-{_id(c)}" for i, c in enumerate(PERFT)])
def test_perft(case: tuple[str, dict[str, Any], int, str, int, tuple[int, int, int]]) -> None:
    preset, opts, n, code, depth, expected = case
    game = Game.from_code(Rules.make(preset, **opts), n, code)
    assert perft(game, depth) == expected
