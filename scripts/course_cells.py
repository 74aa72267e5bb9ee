"""Rewrite the lesson notebooks' code cells (a one-off tool of issue 9, kept for the next edit).

Run from the repository root: ``python scripts/course_cells.py``.  It keeps the markdown
cells (card codes in them written as 10♥), replaces the code cells as listed below, hides
every code cell (``jupyter.source_hidden`` and the ``hide-input`` tag), and ends each lesson
with a collapsed "For teachers" part.  Notebooks are written without outputs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from durak_nb.lessons.show import pretty

NB = Path(__file__).resolve().parents[1] / "notebooks"

#: the commit whose notebooks this tool rewrites (the course before issue 9)
BEFORE = "eb8aed6"


def before(name: str) -> nbformat.NotebookNode:
    """The notebook ``name`` as it was at :data:`BEFORE`."""
    text = subprocess.run(
        ["git", "show", f"{BEFORE}:notebooks/{name}"], cwd=NB, capture_output=True, text=True, check=True
    ).stdout
    return nbformat.reads(text, as_version=4)


IMPORTS = """import durak_nb.views  # cards and positions draw themselves as pictures
from durak_nb import lessons
from durak_nb.lessons import show
from durak_nb.views import ReplayerWidget
from durak_nb.views.practice import PracticeBout"""

TEACHERS_MD = """## For teachers

Every sentence marked ✔ in this lesson, with the engine's own answer beside it (*agrees* says whether the answer is
what the sentence says). The same check runs in the project's tests (`tests/test_lessons.py`), so the lesson cannot
drift from the rules. This part starts collapsed: click the heading's arrow to open it."""


def code(src: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(src)


def md(src: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(src)


def hide(cell: nbformat.NotebookNode) -> None:
    """Hide a code cell's source in JupyterLab / Notebook 7 / JupyterLite (source_hidden)
    and in nbconvert / Jupyter Book (the hide-input tag); Voila hides all code anyway."""
    cell.metadata["jupyter"] = {**cell.metadata.get("jupyter", {}), "source_hidden": True}
    tags = [t for t in cell.metadata.get("tags", []) if t != "hide-input"]
    cell.metadata["tags"] = [*tags, "hide-input"]


def finish(path: Path, cells: list[nbformat.NotebookNode], teachers: int | None) -> None:
    nb = nbformat.read(path, as_version=4)
    if teachers is not None:
        head = md(TEACHERS_MD)
        head.metadata["jp-MarkdownHeadingCollapsed"] = True
        table = code(f"show.teachers({teachers})")
        table.metadata["jupyter"] = {"outputs_hidden": True}
        cells = [*cells, head, table]
    for c in cells:
        if c.cell_type == "code":
            c.outputs = []
            c.execution_count = None
            hide(c)
        else:
            c.source = pretty(c.source)
        c.pop("id", None)
    nb.cells = cells
    nbformat.validator.normalize(nb)
    for i, c in enumerate(nb.cells):
        c["id"] = f"{path.stem[:2]}-{i:02d}"
    nbformat.write(nb, path)


def lesson(path: str, spec: list[int | str | tuple[str, str]], teachers: int | None) -> None:
    """``spec``: an int keeps that markdown cell of the old notebook, ``("code", src)`` /
    ``("md", src)`` adds a cell."""
    p = NB / path
    old = before(path).cells
    cells = []
    for item in spec:
        if isinstance(item, tuple) and item[0] == "edit":
            _, i, was, now = item
            assert was in old[i].source, (path, i)
            cells.append(md(old[i].source.replace(was, now)))
        elif isinstance(item, int):
            assert old[item].cell_type == "markdown", (path, item)
            cells.append(md(old[item].source))
        else:
            kind, src = item
            cells.append(code(src) if kind == "code" else md(src))
    finish(p, cells, teachers)


def practice_md(n: int, second: bool = False) -> tuple[str, str]:
    text = (
        "## Your turn: play it\n\nPlay the bout yourself: click a card of your hand, then what to do with it. The "
        "engine judges every move; a refused move shows its rule and why, and **Hint** suggests a legal move."
        if not second
        else "Another bout to play:"
    )
    return ("md", text)


DECK_MD = """## The deck (R1)

*deck — колода (ru) / колода (uk)*

Durak is played with 36 cards, from the six up to the ace; some play with 24 or 52. A card has a rank —
достоинство (ru) / ранг (uk) — 6 7 8 9 10 J Q K A, from low to high, and a suit — масть (ru) / масть (uk):
♠ spades, ♥ hearts, ♦ diamonds, ♣ clubs. Suits have no order among themselves.

✔ A 36-card deck has nine ranks, from the six up to the ace, in four suits.

✔ A 24-card deck starts at the nine, a 52-card deck at the two."""

L1_EXERCISE_MD = """## Exercise: can this card beat that one?

Four pairs of cards the lesson has not shown. Click your answer; the engine decides: it sets up a tiny game in which
the second card is led and the first one tries to cover it, and a wrong answer shows the engine's reason with its
rule id."""

L1 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget"),
    ("md", DECK_MD),
    ("code", "show.deck(36)"),
    5,
    ("code", "lessons.deal_example().position()"),
    7,
    9,
    ("code", "ReplayerWidget(lessons.redeal())"),
    11,
    14,
    ("code", 'show.beaters("6S", "H")'),
    16,
    practice_md(1),
    ("code", "PracticeBout.lesson(1)"),
    ("md", L1_EXERCISE_MD),
    ("code", 'from durak_nb.views.exercises import CanBeat\n\ncan_beat_1 = CanBeat("JC", "9C", "H")\ncan_beat_1'),
    ("code", 'can_beat_2 = CanBeat("KD", "6S", "H")\ncan_beat_2'),
    ("code", 'can_beat_3 = CanBeat("6H", "KS", "H")\ncan_beat_3'),
    ("code", 'can_beat_4 = CanBeat("7D", "8S", "D", rules="japanese")\ncan_beat_4'),
    (
        "md",
        "More of them, fresh each time: which of these cards may cover the lead? **Another one** deals a new "
        "question; the score counts your answers.",
    ),
    ("code", 'DrillWidget("which_beats", seed=1)'),
]

L2_COVER_MD = None

L2 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget\n\nlessons.bout().game(0).position()"),
    2,
    ("code", 'show.legal_moves(lessons.bout().game(0), "Anna")'),
    ("code", 'show.refusal(lessons.bout().game(0), "Anna", "attack", "7S 9D")'),
    5,
    ("code", 'show.legal_moves(lessons.bout().game(1), "Boris")  # after Anna\'s lead of 7S 7C'),
    7,
    ("code", 'show.refusal(lessons.bout().game(1), "Vera", "throw", "7D")'),
    9,
    ("code", 'show.legal_moves(lessons.bout().game(3), "Anna", "Anna may:")  # both sevens covered'),
    ("code", 'show.legal_moves(lessons.bout().game(4), "Vera", "After Anna\'s pass Vera may:")'),
    11,
    ("code", 'ReplayerWidget(lessons.replay("throw-in-order.json"))'),
    13,
    ("code", "show.ending(lessons.bout(), 7)  # what Vera's last pass causes"),
    15,
    ("code", "ReplayerWidget(lessons.bout())"),
    practice_md(2),
    ("code", "PracticeBout.lesson(2)"),
    practice_md(2, True),
    ("code", "PracticeBout.lesson(2, 1)"),
    (
        "md",
        "## Exercises: which move is legal?\n\nFresh positions, not the one above: pick the legal move. **Another one** "
        "deals a new position; the score counts your answers. A wrong answer shows the engine's reason with its rule.",
    ),
    ("code", 'DrillWidget("legal_move", seed=2)'),
]

L3 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget"),
    2,
    ("code", "show.room(lessons.bout_limit().game(3))  # 7S 7H 7D 7C led, 7S covered, 8H 8D thrown in"),
    ("code", "lessons.bout_limit().game(3).position()"),
    ("code", 'show.refusal(lessons.bout_limit().game(3), "Anna", "throw", "8C")'),
    5,
    ("code", 'show.legal_moves(lessons.small_hand().game(0), "Anna", "Anna may lead:")'),
    ("code", 'show.refusal(lessons.small_hand().game(0), "Anna", "attack", "8S 8H 8D")'),
    9,
    ("code", "show.room(lessons.seed000().game(2))  # Anna led 7S, Boris declared take"),
    ("code", "lessons.seed000().game(2).position()"),
    ("code", 'show.refusal(lessons.seed000().game(5), "Anna", "throw", "7C")  # 7H and 7D have followed'),
    12,
    ("code", 'ReplayerWidget(lessons.replay("seed000-vdogonku.json"))'),
    14,
    ("code", 'show.refusal(lessons.first_bout().game(4), "Vera", "throw", "7D")  # five attack cards, Anna passed'),
    ("code", 'ReplayerWidget(lessons.replay("first-bout-limit.json"))'),
    practice_md(3),
    ("code", "PracticeBout.lesson(3)"),
    practice_md(3, True),
    ("code", "PracticeBout.lesson(3, 1)"),
    (
        "md",
        "## Exercises: how many more cards may follow?\n\nFresh positions: count the cards that may still be thrown in "
        "(R13). **Another one** deals a new position; a wrong answer shows the engine's count and the limit that "
        "decides it.",
    ),
    ("code", 'DrillWidget("throw_in_room", seed=3)'),
]

L4 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget"),
    2,
    ("code", "show.ending(lessons.bout(), 7)  # the last pass of lesson 2's bout"),
    4,
    ("code", 'ReplayerWidget(lessons.replay("drawing-order-short-talon.json"))'),
    11,
    practice_md(4),
    ("code", "PracticeBout.lesson(4)"),
    (
        "md",
        "## Exercises: who draws, and who attacks next?\n\nFresh positions at the end of a bout: say who draws which "
        "cards in which order (R16), and who leads the next bout (R23). **Another one** deals a new position.",
    ),
    ("code", 'DrillWidget("draw_order", seed=4)'),
    ("code", 'DrillWidget("next_attacker", seed=4)'),
]

L5 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget"),
    2,
    ("code", 'ReplayerWidget(lessons.replay("transfer-twice.json"))'),
    5,
    ("code", 'show.refusal(lessons.replay("lessons/transfer-too-many.json").game(1), "Boris", "transfer", "8H")'),
    7,
    9,
    ("code", 'ReplayerWidget(lessons.replay("no-transfer-first-bout.json"))'),
    11,
    ("code", 'ReplayerWidget(lessons.replay("show-trump-transfer.json"))'),
    14,
    ("code", 'ReplayerWidget(lessons.replay("transfer-back-two-players.json"))'),
    practice_md(5),
    ("code", "PracticeBout.lesson(5)"),
    practice_md(5, True),
    ("code", "PracticeBout.lesson(5, 1)"),
    (
        "md",
        "## Exercises: may this card transfer?\n\nFresh positions: may the defender transfer with the card shown "
        "(R17–R19)? **Another one** deals a new position; a wrong answer shows the engine's reason with its rule.",
    ),
    ("code", 'DrillWidget("may_transfer", seed=5)'),
]

L6 = [
    0,
    ("code", IMPORTS + "\nfrom durak_nb.views.drills import DrillWidget"),
    2,
    4,
    ("code", 'ReplayerWidget(lessons.replay("out-order-three-players.json"))'),
    6,
    ("code", "ReplayerWidget(lessons.draw())"),
    11,
    ("code", 'ReplayerWidget(lessons.replay("epaulettes.json"))'),
    ("code", 'ReplayerWidget(lessons.replay("two-sixes-win.json"))'),
    15,
    ("code", "ReplayerWidget(lessons.repetition())"),
    18,
    ("code", 'ReplayerWidget(lessons.replay("repetition-draw.json"))'),
    practice_md(6),
    ("code", "PracticeBout.lesson(6)"),
    practice_md(6, True),
    ("code", "PracticeBout.lesson(6, 1)"),
    (
        "md",
        "## Exercises: how does it end?\n\nFresh endings: who is the durak, with or without epaulettes, or is it a "
        "draw (R24–R26)? **Another one** deals a new ending; a wrong answer shows the engine's result with its rule.",
    ),
    ("code", 'DrillWidget("how_it_ends", seed=6)'),
]

L7_INTRO = """The same engine plays every variant of the rule texts: a variant is a set of rules the players choose before
the deal, an agreement is an option they add to it."""

L7 = [
    (
        "edit",
        0,
        """The same engine plays every variant of the rule texts; a variant is a preset, an agreement is an option:
`Rules.make("prostoy")`, `Rules.make("podkidnoy", teams=[[0, 2], [1, 3]])`.""",
        L7_INTRO,
    ),
    ("code", IMPORTS + "\nfrom durak_nb.views.exercises import CanBeat"),
    2,
    ("code", 'ReplayerWidget(lessons.replay("prostoy-pair-lead.json"))'),
    5,
    ("code", 'ReplayerWidget(lessons.replay("english-pass-the-lead.json"))'),
    9,
    ("code", 'ReplayerWidget(lessons.replay("japanese-spades.json"))'),
    (
        "md",
        "**Exercises.** Two pairs of cards in Japanese durak that the lesson has not shown: can the first card beat "
        "the second?",
    ),
    ("code", 'can_beat_japanese = CanBeat("QS", "TS", "D", rules="japanese")\ncan_beat_japanese'),
    ("code", 'can_beat_japanese_2 = CanBeat("TD", "9C", "D", rules="japanese")\ncan_beat_japanese_2'),
    13,
    ("code", 'ReplayerWidget(lessons.replay("teams-partner-takes-over.json"))'),
    17,
    ("code", 'ReplayerWidget(lessons.replay("neighbours-only-five-players.json"))'),
    20,
    ("code", 'ReplayerWidget(lessons.replay("trump-six-beats-ace.json"))'),
    23,
    practice_md(7),
    ("code", "PracticeBout.lesson(7)"),
    practice_md(7, True),
    ("code", "PracticeBout.lesson(7, 1)"),
]


def main() -> None:
    lesson("01_cards_trump_beating.ipynb", L1, 1)
    lesson("02_a_bout.ipynb", L2, 2)
    lesson("03_limits.ipynb", L3, 3)
    lesson("04_drawing_order.ipynb", L4, 4)
    lesson("05_perevodnoy.ipynb", L5, 5)
    lesson("06_the_end.ipynb", L6, 6)
    lesson("07_variants.ipynb", L7, 7)
    lesson("08_analysing_games.ipynb", L8, 8)
    lesson("09_record_and_share.ipynb", L9, None)
    index()
    bots_notebook()
    hide_only("00_replay.ipynb")


L8_INTRO = """# Lesson 8 · Analysing games with pandas

The kit turns recorded games into tables: one row per game, or one row per move. Every number in them comes from
replaying the games through the engine. (In Python: `durak_nb.tables.games_frame` and `moves_frame`; the calls this
lesson makes are in `durak_nb/lessons/lesson8.py`.)

**Words of this lesson:**
"""

L8 = [
    ("edit", 0, before("08_analysing_games.ipynb").cells[0].source.split("**Words")[0], L8_INTRO.split("**Words")[0]),
    ("code", IMPORTS + "\nfrom durak_nb.lessons import lesson8\nfrom durak_nb.views.exercises import ChooseLegalMove"),
    (
        "md",
        """## Every game as a row

The kit ships its games twice, as JSON and in the text notation, plus a match of three games in one file; the table
keeps one copy of each game. Here are the first eight, with the result in words:

✔ Every game in recordings/ replays move by move without a single illegal move.""",
    ),
    ("code", "lesson8.games_table(8)"),
    6,
    ("code", "lesson8.variant_stats_table()"),
    ("md", "The same table with bars drawn in the cells:"),
    ("code", "lesson8.variant_stats_table(bars=True)"),
    (
        "md",
        """✔ In every finished game in recordings/, each bout ended either in bito or in a take: the bouts led add up to the bito plus the pick-ups.

## Every move as a row

One row per move of a game: the mover's role, the move in words, the rule ids behind it and what it caused. The
first twelve moves of a two-player game of podkidnoy:""",
    ),
    ("code", 'lesson8.moves_table("podkidnoy-2p.json", 12)'),
    ("md", "All the moves of all the games, by kind and variant:"),
    ("code", "lesson8.action_counts()"),
    ("md", "### A plot\n\nThe same counts as bars:"),
    ("code", "lesson8.action_plot()"),
    (
        "md",
        "## Throw-ins after the take in the data\n\nA throw-in after take — вдогонку (ru) / навздогін (uk) is a "
        "throw-in whose rule ids include R14. The first five in the games:",
    ),
    ("code", "lesson8.throws_after_take(5)"),
    (
        "md",
        "## Your turn: a position from the data\n\nThe first throw-in after a take in the two-player game above: play "
        "it yourself. The engine judges every move; **Hint** suggests a legal one.",
    ),
    (
        "code",
        "practice = lesson8.data_practice()\n"
        "PracticeBout(practice.game(), learner=practice.learner, stop=practice.stop, task=practice.task)",
    ),
    (
        "md",
        "## Exercise: which move is legal?\n\nThe same position: the engine picks one legal move of that player and "
        "three illegal ones.",
    ),
    ("code", "choose_from_data = ChooseLegalMove(*lesson8.data_position(), seed=8)\nchoose_from_data"),
]



L9_PLAY_MD = """## Play a game yourself

Below, you play Anna against a bot, Boris: click your cards (the engine offers only what is legal and explains every
refusal). Every move is written to a journal file the moment it is played, in a fresh temporary folder."""

L9_RECORD_MD = """When your game is over it is a recording like any other: the replayer, comments and the rest of this lesson
work the same on it. So that this lesson also runs by itself, the next section records a game between two bots
instead: Anna plays the lowest card that works, Boris plays at random.

## Record a game

The first twenty moves, recorded move by move; a comment and the glyph `!?` are added to move 5:"""

L9_END_MD = """Played on to the end, the journal closed:"""

L9_VARIATION_MD = """## A variation

What if Anna had taken instead of covering, the first time she covered? A variation starts from the position before
a move and replaces it; the engine checks every move of a side line when the replay is made. The replayer shows both
lines:"""

L9 = [
    ("edit", 0, "A `Recorder` plays a game", "A recorder plays a game"),
    (
        "code",
        IMPORTS + "\nfrom durak_nb.lessons import lesson9\nfrom durak_nb.views.exercises import PredictDraw"
        "\nfrom durak_nb.replay import Replay\nfrom durak_nb.views.export import export_html"
        "\nfrom durak_nb.views.play import PlayWidget",
    ),
    ("md", L9_PLAY_MD),
    (
        "code",
        'PlayWidget("podkidnoy", list(lesson9.PLAYERS), seed=11, journal=lesson9.fresh_folder() / "played.durak.jsonl")',
    ),
    ("md", L9_RECORD_MD),
    ("code", "folder = lesson9.fresh_folder()\nlesson9.bots_game(folder, stop=20)"),
    9,
    ("code", "lesson9.bots_game(folder, stop=20)\nshow.Lines(lesson9.journal_lines(folder, 1, 7))"),
    ("md", L9_END_MD),
    ("code", "recording = lesson9.bots_game(folder)\nshow.Sentences([lesson9.result_words(recording)])"),
    ("md", L9_VARIATION_MD),
    (
        "code",
        "annotated, k = lesson9.with_variation(recording)\n"
        'show.Sentences(lesson9.variation_words(annotated, k), f"The lines before move {k}:")',
    ),
    ("code", "ReplayerWidget(Replay(annotated))"),
    ("edit", 16, " the JSON form (`annotated.dump(...)`) carries", " the JSON form carries"),
    ("code", "show.Lines(lesson9.notation_text(annotated, folder))"),
    ("code", "again = lesson9.read_back(folder)\nshow.Sentences([lesson9.read_back_words(again == annotated)])"),
    ("edit", 19, "`export_html` writes the game", "The kit writes the game"),
    (
        "code",
        'page = export_html(annotated, folder / "my-game.html", title=lesson9.TITLE)\n'
        "show.Sentences([lesson9.page_words(page)])",
    ),
    23,
    ("code", "predict_my_draw = PredictDraw(*lessons.first_refill(recording))\npredict_my_draw"),
]


def index() -> None:
    """The landing page: per lesson what it teaches, how long it takes, a link."""
    from durak_nb.lessons import LESSONS

    rows = "\n".join(
        f"| {item.number} | [{item.title}]({item.notebook}) | {item.teaches} | {item.minutes} min |" for item in LESSONS
    )
    intro = f"""# Durak, step by step — a course in nine lessons

Durak — дурак (ru) / дурень (uk), "the fool" — is the card game played all over the former Soviet Union: everyone
tries to get rid of their cards, and the last player left holding cards is the *durak*. This course teaches its rules
by playing. Every lesson shows the rules on real positions, lets you step through games with the replayer, gives you
bouts to play yourself and fresh exercises to answer; the rules engine judges every move and every answer.

**How to take a lesson:** open it and choose *Run ▸ Run All Cells*; then read from the top, play the bouts
and answer the exercises. You never need to read or write code.

| | lesson | what you learn | time |
|---|---|---|---|
| 0 | [A first look: replaying a whole game](00_replay.ipynb) | The replayer on a full game of podkidnoy: step through it move by move. | 10 min |
{rows}
| ▶ | [Play against the bots](10_play_against_bots.ipynb) | A whole game of your own, any time, the engine explaining every refusal. | 20 min |

Beside each rule name the lessons give the Russian and the Ukrainian word, e.g. *throw-in after take — вдогонку (ru)
/ навздогін (uk)*; all of them are below."""
    words = """## The words: English, Russian, Ukrainian

The lessons use these terms; the Ukrainian words follow the Ukrainian rule texts where they name the thing,
otherwise common usage."""
    teachers = """## For teachers

Every sentence marked **✔** in a lesson is a claim about the rules — "only two more cards may follow", "the trump six
beats the trump ace only with the option". Each one is a function in `durak_nb/lessons/` (one module per lesson) that
asks the rules engine, and the project's tests check that the engine's answer is exactly what the sentence says; the
collapsed "For teachers" part at the end of each lesson shows the answers. The rule ids (R1–R27) are those of the
kit's rules page, `docs/spec/RULES.md`, our precise reading of five rule texts in Russian and Ukrainian.

The positions of the lessons are recordings shipped with the package (`lessons.RECORDINGS`, `recordings/` in the
source); `lessons.replay("seed000-vdogonku.json").game(2)` is the game before move 2 of a recording. The exercises'
positions come from a generator with a seed (`DrillWidget("legal_move", seed=2)`): give the class the same seed and
everyone gets the same positions."""
    head = md(teachers)
    head.metadata["jp-MarkdownHeadingCollapsed"] = True
    count = code("show.claims_summary()")
    count.metadata["jupyter"] = {"outputs_hidden": True}
    cells = [md(intro), code("from durak_nb.lessons import show"), md(words), code("show.terms()"), head, count]
    finish(NB / "00_index.ipynb", cells, None)


def hide_only(name: str) -> None:
    """Hide the code cells of ``name`` and change nothing else (the tour, 00_replay)."""
    p = NB / name
    nb = nbformat.read(p, as_version=4)
    for c in nb.cells:
        if c.cell_type == "code":
            hide(c)
    nbformat.write(nb, p)


def bots_notebook() -> None:
    """Notebook 10: its title says 10; its code cells hidden like the lessons'."""
    p = NB / "10_play_against_bots.ipynb"
    old = before(p.name).cells
    cells = []
    for c in old:
        src = c.source.replace("# 02 · Playing against bots", "# 10 · Playing against bots")
        cells.append(md(src) if c.cell_type == "markdown" else code(src))
    finish(p, cells, None)


if __name__ == "__main__":
    main()
