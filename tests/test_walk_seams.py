"""Issue 22, found on a walk as a new user: what the lessons and the play widget say.

A learner reads no code and no file paths: the lessons name a game by its title (the one
the recording carries in that edition), never ``recordings/throw-in-order.json``; the play
widget of lesson 9 says what a player needs (the game is kept; *Save .durak* writes it in
the notebook's folder), not the temporary folder of its journal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from durak_nb.i18n import language
from durak_nb.lessons import lesson9
from durak_nb.record.reader import read
from durak_nb.views.play import PlayWidget, journal_words
from durak_nb.views.scorer import ScorerWidget

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EDITIONS = {"en": NOTEBOOKS, "ru": NOTEBOOKS / "ru", "uk": NOTEBOOKS / "uk"}
RECORDINGS = ROOT / "durak_nb" / "recordings"
#: a file path a learner would read: the recordings' folder, a JSON or journal file
PATH = re.compile(r"recordings/|[\w-]+\.jsonl?\b|/tmp/")
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb"))


def learner_text(nb: Path) -> list[str]:
    """The markdown cells a learner reads: all before the heading «For teachers»."""
    out: list[str] = []
    for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and cell["metadata"].get("jp-MarkdownHeadingCollapsed"):
            break  # «For teachers» and what follows
        if cell["cell_type"] == "markdown":
            out.append(text)
    return out


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_no_lesson_names_a_file_path_to_the_learner(lang: str) -> None:
    found = [
        (name, m.group(0))
        for name in LESSONS
        for text in learner_text(EDITIONS[lang] / name)
        for m in PATH.finditer(text)
    ]
    assert found == []


#: (lesson, the recording its replayer shows): the text before the replayer names the game
NAMED = [
    ("02_a_bout.ipynb", "throw-in-order.json"),
    ("03_limits.ipynb", "seed000-vdogonku.json"),
    ("05_perevodnoy.ipynb", "no-transfer-first-bout.json"),
    ("05_perevodnoy.ipynb", "transfer-back-two-players.json"),
    ("06_the_end.ipynb", "out-order-three-players.json"),
    ("06_the_end.ipynb", "repetition-draw.json"),
]


@pytest.mark.parametrize("lang", sorted(EDITIONS))
@pytest.mark.parametrize(("lesson", "name"), NAMED)
def test_a_lesson_names_its_game_by_the_title_of_its_edition(lang: str, lesson: str, name: str) -> None:
    cells = json.loads((EDITIONS[lang] / lesson).read_text(encoding="utf-8"))["cells"]
    at = next(i for i, c in enumerate(cells) if f'lessons.replay("{name}")' in "".join(c["source"]))
    before = "".join(cells[at - 1]["source"])
    folder = RECORDINGS if lang == "en" else RECORDINGS / lang
    title = json.loads((folder / name).read_text(encoding="utf-8"))["meta"]["title"]
    quoted = f"*{title}*" if lang == "en" else f"«{title}»"
    assert quoted in before


def test_lesson_9_plays_into_a_journal_of_the_kit_and_names_no_folder() -> None:
    """Lesson 9's play widget is made without ``journal=``: its journal is the kit's own
    (a temporary folder), and the widget says no path, only what the player needs."""
    for folder in EDITIONS.values():
        cells = json.loads((folder / "09_record_and_share.ipynb").read_text(encoding="utf-8"))["cells"]
        calls = ["".join(c["source"]) for c in cells if "PlayWidget(" in "".join(c["source"])]
        assert calls[-1] == 'PlayWidget("podkidnoy", list(lesson9.PLAYERS), seed=11)'
    w = PlayWidget("podkidnoy", list(lesson9.PLAYERS), seed=11)
    try:
        assert w.journal_view.value == (
            "Your game is kept after every move. “Save .durak” writes it as a file in this notebook&#x27;s folder."
        )
        assert "/" not in w.journal_view.value
        assert w.save_button.description == "Save .durak"
    finally:
        w.close()


def test_the_play_widget_saves_a_durak_file_in_the_notebook_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """*Save .durak* writes ``my-game.durak`` in the current folder (the notebook's), says
    its name only, saves again into the same file, and never writes over another's file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-game.durak").write_text("someone else's\n", encoding="utf-8")
    w = PlayWidget("podkidnoy", ["Anna", "Boris"], seed=11)
    try:
        w.save_button.click()
        out = tmp_path / "my-game-2.durak"
        assert (tmp_path / "my-game.durak").read_text(encoding="utf-8") == "someone else's\n"
        assert w.journal_view.value == (
            "Saved as my-game-2.durak, in this notebook&#x27;s folder. "
            "Press “Save .durak” again as the game goes on: the same file is brought up to date."
        )
        first = read(out.read_text(encoding="utf-8"))
        assert first.moves == w.recording().moves
        w.click_card(w.clickable[0])
        w.play()
        assert w.save() == out  # the same file, brought up to date
        assert len(read(out.read_text(encoding="utf-8")).moves) == len(w.recording().moves) > len(first.moves)
    finally:
        w.close()
    named = PlayWidget("podkidnoy", ["Anna", "Boris"], seed=3, journal=tmp_path / "kitchen.durak.jsonl")
    try:
        assert named.save() == tmp_path / "kitchen.durak"  # the journal's own name
    finally:
        named.close()
    with language("uk"):
        u = PlayWidget("podkidnoy", ["Анна", "Борис"], seed=11)
    try:
        assert u.save_button.description == "Зберегти .durak"
        assert u.save() == tmp_path / "my-game-3.durak"
        assert u.journal_view.value.startswith("Збережено як my-game-3.durak у теці цього блокнота.")
    finally:
        u.close()


def test_journal_words_name_no_temporary_folder() -> None:
    assert journal_words(Path("/tmp/durak-nb-play-abc/game.durak.jsonl"), temporary=True) == (
        "Your game is kept after every move. “Save .durak” writes it as a file in this notebook's folder."
    )
    with language("ru"):
        assert journal_words(Path("/tmp/x/game.durak.jsonl"), temporary=True) == (
            "Ваша партия сохраняется после каждого хода. Кнопка «Сохранить .durak» записывает её файлом"
            " в папку этого блокнота."
        )


def test_the_scorer_saves_in_the_notebook_folder_not_beside_a_temporary_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lesson 9's scorer keeps its journal in a temporary folder; *Save* writes the
    ``.durak`` into the notebook's folder (where its file browser shows it) and says so."""
    journal = lesson9.fresh_folder() / "kitchen.durak.jsonl"
    here = tmp_path / "course"
    here.mkdir()
    monkeypatch.chdir(here)
    w = ScorerWidget(journal)
    try:
        w.setup(rules="podkidnoy", players=["Anna", "Boris"], dealer="Boris", turned_up="7H", attacker="Anna")
        assert w.begin() is True
        assert w.save() is True
        assert (here / "kitchen.durak").is_file() and not (journal.parent / "kitchen.durak").exists()
        assert w.message == "Saved as kitchen.durak, in this notebook's folder."
    finally:
        w.close()
