"""The course in ``notebooks/``: lesson positions, and every rule claim the lessons make.

The notebooks hold the teaching text and a few calls; everything they show about the
rules comes from here, and everything here comes from the engine
(:mod:`durak_nb.engine`): nothing in this package decides a rule.

* **Positions** are recordings, shipped as package data (:data:`RECORDINGS`, the
  ``recordings/`` of a source checkout; the small positions only the lessons use are in
  ``recordings/lessons/``).  Each lesson module names its files and gives their
  :class:`~durak_nb.replay.Replay`: ``bout().game(1)`` is lesson 2's game before move 1
  (after Anna's lead), ``seed000().game(2)`` seed 000's game after Boris's take.  A
  position is written once, in its file; :func:`variant` plays one under other options.
* **Claims.**  Every sentence a lesson states about the rules is a :class:`Claim`: its
  exact text (the notebook's markdown shows it after a ``✔``), the rule ids, the value
  the text states, and a function that asks the engine, e.g. :func:`room_after_take`
  (``2``: "only two more cards may follow").  One module per lesson holds its claims
  (:mod:`.lesson1` … :mod:`.lesson8`); ``tests/test_lessons.py`` checks that every
  claim's engine answer equals its stated value and that the notebooks' ``✔`` lines are
  exactly the registered claims, so the course cannot drift from the rules.
* **Terms.**  :data:`TERMS` gives the Russian and Ukrainian words beside each English
  term (:func:`term`), so every lesson names them the same way.
* **Shared helpers** (:mod:`.helpers`): where the recordings are, the engine's answers in
  words (:func:`draw_text`, :func:`rule_text`, :func:`refusal_text`), used by the
  exercise widgets too.

>>> room_after_take()
2
>>> CLAIMS["room_after_take"].check()
True
>>> term("throw-in after take")
'throw-in after take — вдогонку (ru) / навздогін (uk)'
>>> bout().game(1).legal_moves("Boris")[-1].describe(bout().game(1).players)
'Boris takes'
"""

from __future__ import annotations

from .course import (
    CLAIMS,
    LESSONS,
    TERMS,
    Claim,
    Lesson,
    Taught,
    claim_rows,
    claims_of,
    lesson,
    taught,
    term,
)
from .helpers import (
    LESSON_RECORDINGS,
    RECORDINGS,
    draw_text,
    draws_of,
    first_refill,
    play_moves,
    recording,
    recording_of,
    refusal_text,
    replay,
    rule_text,
    variant,
)
from .lesson1 import (
    REDEAL,
    beaters_of_six_of_spades,
    deal_example,
    deck_36_ranks,
    first_attacker_example,
    japanese_spades,
    redeal,
    redeal_five_of_a_suit,
    same_suit_beats,
    short_and_long_decks,
    talon_after_deal,
    trump_ace,
    trump_beats_ace_of_spades,
    trump_only_by_higher_trump,
)
from .lesson2 import (
    BOUT,
    anna_throw_ins,
    boris_defences,
    bout,
    bout_bito,
    bout_exercise_options,
    bout_spot_options,
    lead_of_two_ranks,
    leads_in_bout_example,
    pass_until_next_card,
    vera_throw_ins,
    vera_waits,
)
from .lesson3 import (
    BOUT_LIMIT,
    FIRST_BOUT,
    SEED000,
    SMALL_HAND,
    boris_picks_up,
    bout_limit,
    first_bout,
    first_bout_exercise_options,
    first_bout_limit,
    lead_against_two_cards,
    room_after_take,
    seed000,
    seventh_card_refused,
    sixth_card_after_take,
    small_hand,
    small_hand_spot_options,
    third_card_refused,
)
from .lesson4 import (
    DRAWING,
    drawing,
    full_refill,
    next_after_bito,
    next_after_take,
    short_talon_draws,
    short_talon_hands,
)
from .lesson5 import (
    FIRST_BOUT_TRANSFER,
    SHOW_TRUMP,
    TOO_MANY,
    TRANSFER,
    first_transfer,
    no_transfer_after_cover,
    no_transfer_first_bout,
    second_transfer,
    show_only_once,
    show_trump,
    shown_trump_kept,
    transfer,
    transfer_draw_order,
    transfer_exercise_options,
    transfer_goes_back,
    transfer_too_many,
)
from .lesson6 import (
    DRAW,
    EMPTY_HAND,
    EPAULETTES,
    REPETITION,
    TWO_SIXES,
    draw,
    durak_with_epaulettes,
    epaulettes,
    no_cards_but_talon,
    no_draws_allowed,
    repetition,
    repetition_draw,
    the_draw,
    two_sixes_win,
    vera_goes_out,
)
from .lesson7 import (
    ENGLISH,
    JAPANESE,
    NEIGHBOURS,
    PROSTOY,
    TEAMS,
    TRUMP_SIX,
    english,
    english_exercise_options,
    english_pass_the_lead,
    japanese_refusal,
    most_players,
    neighbours_only,
    prostoy_lead,
    prostoy_no_throw_ins,
    teams_throwers,
    trump_six_over_ace,
)
from .lesson8 import (
    bouts_end_in_bito_or_take,
    recordings_all_legal,
)

__all__ = [
    "BOUT",
    "BOUT_LIMIT",
    "CLAIMS",
    "DRAW",
    "DRAWING",
    "EMPTY_HAND",
    "ENGLISH",
    "EPAULETTES",
    "FIRST_BOUT",
    "FIRST_BOUT_TRANSFER",
    "JAPANESE",
    "LESSONS",
    "LESSON_RECORDINGS",
    "NEIGHBOURS",
    "PROSTOY",
    "RECORDINGS",
    "REDEAL",
    "REPETITION",
    "SEED000",
    "SHOW_TRUMP",
    "SMALL_HAND",
    "TEAMS",
    "TERMS",
    "TOO_MANY",
    "TRANSFER",
    "TRUMP_SIX",
    "TWO_SIXES",
    "Claim",
    "Lesson",
    "Taught",
    "anna_throw_ins",
    "beaters_of_six_of_spades",
    "boris_defences",
    "boris_picks_up",
    "bout",
    "bout_bito",
    "bout_exercise_options",
    "bout_limit",
    "bout_spot_options",
    "bouts_end_in_bito_or_take",
    "claim_rows",
    "claims_of",
    "deal_example",
    "deck_36_ranks",
    "draw",
    "draw_text",
    "drawing",
    "draws_of",
    "durak_with_epaulettes",
    "english",
    "english_exercise_options",
    "english_pass_the_lead",
    "epaulettes",
    "first_attacker_example",
    "first_bout",
    "first_bout_exercise_options",
    "first_bout_limit",
    "first_refill",
    "first_transfer",
    "full_refill",
    "japanese_refusal",
    "japanese_spades",
    "lead_against_two_cards",
    "lead_of_two_ranks",
    "leads_in_bout_example",
    "lesson",
    "most_players",
    "neighbours_only",
    "next_after_bito",
    "next_after_take",
    "no_cards_but_talon",
    "no_draws_allowed",
    "no_transfer_after_cover",
    "no_transfer_first_bout",
    "pass_until_next_card",
    "play_moves",
    "prostoy_lead",
    "prostoy_no_throw_ins",
    "recording",
    "recording_of",
    "recordings_all_legal",
    "redeal",
    "redeal_five_of_a_suit",
    "refusal_text",
    "repetition",
    "repetition_draw",
    "replay",
    "room_after_take",
    "rule_text",
    "same_suit_beats",
    "second_transfer",
    "seed000",
    "seventh_card_refused",
    "short_and_long_decks",
    "short_talon_draws",
    "short_talon_hands",
    "show_only_once",
    "show_trump",
    "shown_trump_kept",
    "sixth_card_after_take",
    "small_hand",
    "small_hand_spot_options",
    "talon_after_deal",
    "taught",
    "teams_throwers",
    "term",
    "the_draw",
    "third_card_refused",
    "transfer",
    "transfer_draw_order",
    "transfer_exercise_options",
    "transfer_goes_back",
    "transfer_too_many",
    "trump_ace",
    "trump_beats_ace_of_spades",
    "trump_only_by_higher_trump",
    "trump_six_over_ace",
    "two_sixes_win",
    "variant",
    "vera_goes_out",
    "vera_throw_ins",
    "vera_waits",
]
