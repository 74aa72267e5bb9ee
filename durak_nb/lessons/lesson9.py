"""Lesson 9 (``09_record_and_share.ipynb``): record, annotate and share a game (R16).

The lesson's hidden cells call these functions; each builds what it shows afresh (a
game recorded by two bots with a fixed seed, in a folder of its own), so a cell can run
again, or out of order, with the same result.  The player the learner follows is Anna;
the bot against her is Boris.

>>> import tempfile
>>> from pathlib import Path
>>> rec = bots_game(Path(tempfile.mkdtemp()), stop=4)
>>> (rec.players, len(rec.moves))
(('Anna', 'Boris'), 4)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..bots import LowestCardBot, RandomBot
from ..engine import Action, Move
from ..i18n import N_, _, ngettext
from ..numbering import move_number
from ..record import notation
from ..record.json_form import Recording
from ..record.recorder import Recorder
from ..record.tree import GameTree
from ..replay import Replay
from .edition import person_name

__all__ = [
    "JOURNAL",
    "NOTATION",
    "bots_game",
    "fresh_folder",
    "journal_lines",
    "notation_text",
    "page_words",
    "read_back",
    "read_back_words",
    "recorded_words",
    "result_words",
    "variation_heading",
    "variation_words",
    "with_variation",
]

#: Anna (the player the lesson follows) and Boris (the bot), as the recordings name them;
#: ``lesson9.PLAYERS`` gives them as the edition in the language in use names them
#: (:func:`~durak_nb.lessons.edition.person_name`: ``('Анна', 'Борис')`` in Russian)
_PLAYERS = ("Anna", "Boris")
#: the recorded game's title; ``lesson9.TITLE`` gives it in the language in use
_TITLE = N_("My first recorded game")


def __getattr__(name: str) -> object:
    """``PLAYERS`` and ``TITLE`` in the language in use, asked when read (PEP 562), so a
    lesson's cell ``lesson9.PLAYERS`` says the names of its edition."""
    if name == "PLAYERS":
        return tuple(person_name(p) for p in _PLAYERS)
    if name == "TITLE":
        return _(_TITLE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the journal's file name in the lesson's folder
JOURNAL = "my-game.durak.jsonl"
#: the notation file's name in the lesson's folder
NOTATION = "my-game.durak"
#: the index (0-based, as files count) of the move :func:`bots_game` comments: the fifth
#: move, move 5 as people count (:func:`~durak_nb.numbering.move_number`)
COMMENTED = 4


def fresh_folder() -> Path:
    """A new empty temporary folder for the lesson's files (``durak-…``)."""
    return Path(tempfile.mkdtemp(prefix="durak-"))


def bots_game(folder: Path, *, seed: int = 7, stop: int | None = None) -> Recording:
    """A game of podkidnoy between Anna (:class:`~durak_nb.bots.LowestCardBot`) and Boris
    (:class:`~durak_nb.bots.RandomBot`), recorded move by move to ``folder/JOURNAL``
    (written afresh) with a comment and the glyph ``!?`` on the fifth move (index
    :data:`COMMENTED` in the file, move 5 as people count), and a last comment once it is over.

    Args:
        folder: where the journal goes.
        seed: the deal's and Boris's seed.
        stop: stop after this many moves (``None``: play to the end).

    Returns:
        the recording of the moves played (the journal is closed).
    """
    recorder = Recorder.create(
        folder / JOURNAL,
        "podkidnoy",
        [person_name(p) for p in _PLAYERS],
        seed=seed,
        meta={"title": _(_TITLE)},
        overwrite=True,
    )
    anna, boris = LowestCardBot(), RandomBot(seed=seed)
    game = recorder.game
    while not game.finished and (stop is None or len(game.history) < stop):
        seat = game.actors()[0]
        recorder.play((anna if seat == 0 else boris).choose(game, seat))
    if len(game.history) > COMMENTED:
        recorder.comment(_("The first bouts: I keep my trumps."), move=COMMENTED)
        recorder.glyph("!?", move=COMMENTED)
    if game.finished:
        recorder.comment(_("The end of my first recorded game."))
    recording = recorder.recording()
    recorder.close()
    return recording


def recorded_words(recording: Recording, folder: Path) -> str:
    """What :func:`bots_game` recorded, as a sentence for the lesson: how many moves, into
    which file, and the move carrying the comment (numbered as people count).

    Args:
        recording: :func:`bots_game`'s answer.
        folder: the folder it recorded into.
    """
    n = len(recording.moves)
    # TRANSLATORS: {file} is the journal's file name, {k} the number of the commented move
    text = ngettext(
        "{n} move recorded, one line each, into {file}.",
        "{n} moves recorded, one line each, into {file}.",
        n,
    ).format(n=n, file=(folder / JOURNAL).name)
    if n > COMMENTED:
        text += " " + _("Move {k} carries a comment and the glyph !?.").format(k=move_number(COMMENTED))
    return text


def variation_heading(k: int) -> str:
    """The heading over :func:`variation_words`: ``'The lines at move 6:'`` for the move
    of index ``k`` (0-based, as :func:`with_variation` gives it), numbered as people count."""
    return _("The lines at move {n}:").format(n=move_number(k))


def journal_lines(folder: Path, first: int = 1, count: int = 7) -> list[str]:
    """Lines ``first`` … ``first + count - 1`` of the journal in ``folder`` (line 0 is the head)."""
    return (folder / JOURNAL).read_text(encoding="utf-8").splitlines()[first : first + count]


def with_variation(recording: Recording) -> tuple[Recording, int]:
    """``recording`` with a variation: Anna takes instead of her first cover (R14), with a
    comment and the glyph ``?!``.

    Returns:
        the annotated recording and the move ``k`` the variation replaces.

    Raises:
        StopIteration: Anna never covers in ``recording``.
    """
    tree = GameTree.from_recording(recording)
    main = tree.mainline()
    k = next(
        k
        for k, node in enumerate(main)
        if node.move is not None and node.move.action is Action.DEFEND and node.move.player == 0
    )
    parent = main[k].parent
    assert parent is not None
    line = parent.add_variation(Move.take(0), comment_after=_("Taking keeps the high cards for later."))
    line.glyph = "?!"
    return tree.to_recording(), k


def variation_words(recording: Recording, k: int) -> list[str]:
    """The variations before move ``k`` of ``recording``, in words."""
    replay = Replay(recording)
    return [v.describe(replay.players) for v in replay.variations(k)]


def notation_text(recording: Recording, folder: Path, lines: int = 16) -> list[str]:
    """Write ``recording`` in the notation to ``folder/NOTATION``; its first ``lines`` lines."""
    notation.dump(recording, folder / NOTATION)
    return (folder / NOTATION).read_text(encoding="utf-8").splitlines()[:lines]


def read_back(folder: Path) -> Recording:
    """The first game of ``folder/NOTATION``, read back."""
    return notation.load(folder / NOTATION).games[0]


def result_words(recording: Recording) -> str:
    """How the recorded game ended and after how many moves (R25): ``'Anna is the durak
    after 54 moves.'``; ``'Not over yet after 20 moves.'`` for an unfinished one."""
    game = recording.new_game()
    for move in recording.moves:
        game.play(move)
    n = len(recording.moves)
    if game.result is None:
        return ngettext("Not over yet after {n} move.", "Not over yet after {n} moves.", n).format(n=n)
    # TRANSLATORS: {result} is how the game ended, e.g. "Anna is the durak"
    return ngettext("{result} after {n} move.", "{result} after {n} moves.", n).format(
        result=game.result.describe(game.players), n=n
    )


def read_back_words(same: bool) -> str:
    """Whether the notation file read back is the same game, as a sentence."""
    if same:
        return _("Read back from the notation file, it is the same game, comments and variation included.")
    return _("Read back from the notation file, it is not the same game.")


def page_words(page: Path) -> str:
    """Where the exported page is and how big, as a sentence (open it from the browser's
    address bar)."""
    # TRANSLATORS: {uri} is the page's file:// address, {kib} its size in kibibytes
    return _("The page is {uri} ({kib} KiB).").format(uri=page.as_uri(), kib=page.stat().st_size // 1024)
