"""Issue 13, the reviewer's format defects: a file that cannot be read names the file
only (one home, ``record.json_form.read_bytes``, for every command); a header of its
own close to a standard one is kept and warned about by ``validate`` ("did you mean
Rules?"); rule options bounded with their rule id and range (R3, R13a, R27, R2);
argparse's words in Russian; the output form by suffix whatever its case (one home,
``record.io.write_form``); "game k of the file" checked in one home
(``record.io.load_game``); ``export``'s refusals and errors in one home."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from durak_nb import cli
from durak_nb.annotate import Annotator
from durak_nb.i18n import language
from durak_nb.record import io, notation
from durak_nb.record.reader import close_header
from durak_nb.replay import Replay
from durak_nb.rules import MAX_REPETITION_DRAW, Rules, RulesError

ROOT = Path(__file__).resolve().parent.parent
DRAW = ROOT / "recordings" / "draw.json"  # six moves, three players: quick to analyse


def err_of(capsys: Any, *args: str) -> tuple[int, str]:
    """The exit status and stderr of ``durak-nb ARGS`` run in this process."""
    status = cli.main(list(args))
    return status, capsys.readouterr().err


# ----------------------------------------------------------------------------- 1. unreadable files


READERS = [
    ("validate",),
    ("replay",),
    ("solve",),
    ("convert", "{tmp}/out.json"),
    ("export", "-o", "{tmp}/page.html"),
    ("analyse", "-o", "{tmp}/out.json"),
]


def _command(words: tuple[str, ...], path: Path, tmp: Path) -> list[str]:
    return [words[0], str(path), *(w.format(tmp=tmp) for w in words[1:])]


@pytest.mark.parametrize("words", READERS, ids=[w[0] for w in READERS])
def test_a_missing_file_is_named_without_line_and_column_by_every_command(
    words: tuple[str, ...], tmp_path: Path, capsys: Any
) -> None:
    missing = tmp_path / "missing.durak"
    status, err = err_of(capsys, *_command(words, missing, tmp_path))
    assert (status, err) == (1, f"{missing}: error: cannot read the file: No such file or directory\n")
    status, err = err_of(capsys, "--lang", "ru", *_command(words, missing, tmp_path))
    assert (status, err) == (1, f"{missing}: ошибка: не удаётся прочитать файл: нет такого файла или папки\n")


@pytest.mark.parametrize("words", READERS, ids=[w[0] for w in READERS])
def test_a_folder_is_named_without_line_and_column_by_every_command(
    words: tuple[str, ...], tmp_path: Path, capsys: Any
) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    status, err = err_of(capsys, *_command(words, folder, tmp_path))
    assert (status, err) == (1, f"{folder}: error: cannot read the file: it is a directory\n")
    status, err = err_of(capsys, "--lang", "uk", *_command(words, folder, tmp_path))
    assert (status, err) == (1, f"{folder}: помилка: не вдається прочитати файл: це тека\n")


def test_no_permission_is_named_without_line_and_column(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    locked = tmp_path / "locked.json"
    shutil.copy(DRAW, locked)
    real_open = os.open

    def refusing(path: Any, *args: Any, **kwargs: Any) -> int:  # root reads a chmod 000 file: say EACCES
        if str(path) == str(locked):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    status, err = err_of(capsys, "validate", str(locked))
    assert (status, err) == (1, f"{locked}: error: cannot read the file: Permission denied\n")
    assert cli.main(["validate", "--json", str(locked)]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "ok": False,
        "move": None,
        "rule": None,
        "message": "cannot read the file: Permission denied",
    }


def test_the_python_readers_say_the_same(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    want = f"{missing}: error: cannot read the file: No such file or directory"
    for read in (io.load_games, Replay.load, Annotator.load, notation.load):
        with pytest.raises(notation.RecordingError) as err:
            read(missing)
        assert str(err.value) == want and err.value.whole
    assert notation.validate_path(missing)[0].describe() == want


def test_a_lesson_that_cannot_be_read_is_named_as_a_recording(tmp_path: Path, capsys: Any) -> None:
    missing = tmp_path / "missing.ipynb"
    status, err = err_of(capsys, "export", str(missing), "-o", str(tmp_path / "page.html"))
    assert (status, err) == (1, f"{missing}: error: cannot read the file: No such file or directory\n")
    folder = tmp_path / "lesson.ipynb"
    folder.mkdir()
    status, err = err_of(capsys, "export", str(folder), "-o", str(tmp_path / "page.html"))
    assert (status, err) == (1, f"{folder}: error: cannot read the file: it is a directory\n")


# ----------------------------------------------------------------------------- 2. unknown headers

RULEZ = """[Players Anna Boris]
[Rulez "perevodnoy"]
[Seed 3]
[Date "2026.12.01"]
[Player Vera]
"""


def test_close_header_is_difflib_ignoring_case() -> None:
    assert [close_header(n) for n in ("Rulez", "Player", "RULES", "Sead", "Turnedup", "Trmp")] == [
        "Rules",
        "Players",
        "Rules",
        "Seed",
        "TurnedUp",
        "Trump",
    ]
    assert [close_header(n) for n in ("Date", "Site", "Round", "Annotator", "White", "Title")] == [None] * 6


def test_validate_warns_about_a_header_close_to_a_standard_one(tmp_path: Path, capsys: Any) -> None:
    game = tmp_path / "rulez.durak"
    game.write_text(RULEZ, encoding="utf-8")
    assert cli.main(["validate", str(game)]) == 0  # a warning: the file stays legal
    got = capsys.readouterr()
    assert got.out == f"{game}: ok, 0 moves, not finished (bout 1)\n"
    assert got.err == (
        f"{game}:2:2: warning: unknown header Rulez (kept in meta.headers): did you mean Rules?\n"
        f"{game}:5:2: warning: unknown header Player (kept in meta.headers): did you mean Players?\n"
    )
    assert cli.main(["--lang", "ru", "validate", str(game)]) == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        f"{game}:2:2: предупреждение: неизвестный заголовок Rulez (сохранён в meta.headers): может быть, Rules?"
    )
    assert cli.main(["--lang", "uk", "validate", str(game)]) == 0
    assert capsys.readouterr().err.splitlines()[1] == (
        f"{game}:5:2: попередження: невідомий заголовок Player (збережено в meta.headers): можливо, Players?"
    )
    assert cli.main(["validate", "--json", str(game)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is True
    assert answer["warnings"] == [
        {"line": 2, "column": 2, "message": "unknown header Rulez (kept in meta.headers): did you mean Rules?"},
        {"line": 5, "column": 2, "message": "unknown header Player (kept in meta.headers): did you mean Players?"},
    ]


def test_no_warning_for_free_headers_and_none_in_the_json_answer(tmp_path: Path, capsys: Any) -> None:
    game = tmp_path / "free.durak"
    game.write_text('[Players Anna Boris]\n[Seed 3]\n[Date "2026.12.01"]\n[Site Kyiv]\n', encoding="utf-8")
    assert cli.main(["validate", str(game)]) == 0
    got = capsys.readouterr()
    assert (got.out, got.err) == (f"{game}: ok, 0 moves, not finished (bout 1)\n", "")
    assert cli.main(["validate", "--json", str(game)]) == 0
    assert "warnings" not in json.loads(capsys.readouterr().out)


def test_the_warning_is_said_beside_the_error_it_explains(tmp_path: Path, capsys: Any) -> None:
    """``[Rulez perevodnoy]`` leaves podkidnoy in force, so a transfer is refused: the
    warning says why."""
    game = tmp_path / "transfer.durak"
    game.write_text("[Players Anna Boris]\n[Rulez perevodnoy]\n[Seed 3]\n\n1. Boris 8C Anna >8H\n", encoding="utf-8")
    assert cli.main(["validate", str(game)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{game}:2:2: warning: unknown header Rulez (kept in meta.headers): did you mean Rules?"
    assert lines[1].startswith(f"{game}:5:13: error: [R17] ")
    assert cli.main(["validate", "--json", str(game)]) == 1
    assert json.loads(capsys.readouterr().out)["warnings"] == [
        {"line": 2, "column": 2, "message": "unknown header Rulez (kept in meta.headers): did you mean Rules?"}
    ]


def test_an_unknown_header_survives_every_round_trip(tmp_path: Path, capsys: Any) -> None:
    game = tmp_path / "rulez.durak"
    game.write_text(RULEZ, encoding="utf-8")
    as_json, back = tmp_path / "rulez.json", tmp_path / "back.durak"
    assert cli.main(["convert", str(game), str(as_json)]) == 0
    assert cli.main(["convert", str(as_json), str(back)]) == 0
    capsys.readouterr()
    doc = json.loads(as_json.read_text(encoding="utf-8"))
    assert doc["meta"]["headers"] == {"Rulez": "perevodnoy", "Date": "2026.12.01", "Player": "Vera"}
    assert doc["rules"] == "podkidnoy"  # a header of its own: never read as [Rules]
    text = back.read_text(encoding="utf-8")
    assert text.splitlines()[:3] == ['[Rulez "perevodnoy"]', '[Date "2026.12.01"]', '[Player "Vera"]']
    assert io.load(back) == io.load(game) == io.load(as_json)
    assert cli.main(["validate", str(back)]) == 0  # still warned about where it now stands
    assert capsys.readouterr().err.splitlines()[0] == (
        f"{back}:1:2: warning: unknown header Rulez (kept in meta.headers): did you mean Rules?"
    )


# ----------------------------------------------------------------------------- 3. rule bounds


def test_bout_limit_is_bounded_by_the_deck_R13a() -> None:
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", bout_limit=10**9)
    assert (err.value.rule, str(err.value)) == ("R13a", "[R13a] option bout_limit: between 1 and 36, not 1000000000")
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", deck_size=24, bout_limit=25)
    assert str(err.value) == "[R13a] option bout_limit: between 1 and 24, not 25"
    assert Rules.make("podkidnoy", deck_size=52, bout_limit=52).bout_limit == 52
    with language("ru"), pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", bout_limit=10**9)
    assert str(err.value) == "[R13a] параметр bout_limit: от 1 до 36, а не 1000000000"


def test_repetition_draw_is_bounded_R27() -> None:
    assert MAX_REPETITION_DRAW == 100
    assert [Rules.make("podkidnoy", repetition_draw=n).repetition_draw for n in (0, 2, 100)] == [0, 2, 100]
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", repetition_draw=10**9)
    assert str(err.value) == "[R27] option repetition_draw: 0 (off) or 2 to 100, not 1000000000"
    with language("uk"), pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", repetition_draw=101)
    assert str(err.value) == "[R27] параметр repetition_draw: 0 (вимкнено) або від 2 до 100, а не 101"


def test_hand_size_deck_size_and_players_were_bounded_already() -> None:
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", hand_size=10**9)
    assert str(err.value) == "[R3] option hand_size: between 1 and 18, not 1000000000"
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy", deck_size=10**9)
    assert str(err.value) == "[R1] option deck_size: a deck has 24, 36 or 52 cards, not 1000000000"
    with pytest.raises(RulesError) as err:
        Rules.make("podkidnoy").check_players(10**9)
    assert str(err.value) == "[R2] 1000000000 players: with 36 cards and hands of 6 the game takes 2 to 6 players"


def test_every_reader_refuses_a_huge_bout_limit(tmp_path: Path, capsys: Any) -> None:
    doc = json.loads(DRAW.read_text(encoding="utf-8"))
    doc["rules"] = {"preset": "podkidnoy", "bout_limit": 10**9}
    as_json = tmp_path / "huge.json"
    as_json.write_text(json.dumps(doc), encoding="utf-8")
    assert cli.main(["validate", str(as_json)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{as_json}:1:") and err.endswith(
        ": error: [R13a] option bout_limit: between 1 and 36, not 1000000000\n"
    )
    text = DRAW.with_suffix(".durak").read_text(encoding="utf-8")
    huge = tmp_path / "huge.durak"
    huge.write_text(text.replace("[Rules podkidnoy]", "[Rules podkidnoy bout_limit=1000000000]"), encoding="utf-8")
    assert cli.main(["validate", str(huge)]) == 1
    assert capsys.readouterr().err == (
        f"{huge}:6:18: error: [R13a] option bout_limit: between 1 and 36, not 1000000000\n"
    )
    status, err = err_of(capsys, "play", "--option", "bout_limit=1000000000", "-o", str(tmp_path / "x.json"))
    assert (status, err) == (2, "durak-nb play: error: [R13a] option bout_limit: between 1 and 36, not 1000000000\n")
    assert not (tmp_path / "x.json").exists()


# ----------------------------------------------------------------------------- 4. argparse's words


def test_argparse_speaks_russian(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "ru", "nosuchcommand"])
    assert stop.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("использование: durak-nb [-h] [--lang {en,ru,uk}]")
    assert lines[-1] == (
        "durak-nb: ошибка: аргумент command: недопустимое значение: 'nosuchcommand' (выберите из 'validate',"
        " 'play', 'selfplay', 'replay', 'convert', 'export', 'solve', 'analyse', 'tournament', 'site', 'class')"
    )
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ru", "validate"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "durak-nb validate: ошибка: не указаны обязательные аргументы: FILE"
    )


# ----------------------------------------------------------------------------- 5. the form by suffix


def test_write_form_ignores_case() -> None:
    assert [io.write_form(n) for n in ("a.durak", "A.DURAK", "b.Durak", "c.json", "C.JSON", "d.Json")] == [
        "durak",
        "durak",
        "durak",
        "json",
        "json",
        "json",
    ]
    assert [io.write_form(n) for n in ("e.txt", "f.durak.jsonl", "g.DURAK.JSONL", "durak", Path("x.json/y"))] == [
        None
    ] * 5


@pytest.mark.parametrize("name", ["OUT.JSON", "out.Json", "OUT.DURAK", "out.Durak"])
def test_analyse_and_convert_pick_the_form_whatever_the_case(name: str, tmp_path: Path, capsys: Any) -> None:
    notation_out = name.lower().endswith(".durak")
    out = tmp_path / name
    assert cli.main(["analyse", str(DRAW), "-o", str(out), "--samples", "1", "--budget", "50"]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("[title") if notation_out else json.loads(text)["format"] == "durak-nb/1"
    assert "analysis" in io.load(out).meta
    converted = tmp_path / ("c" + name)
    assert cli.main(["convert", str(DRAW), str(converted)]) == 0
    again = converted.read_text(encoding="utf-8")
    assert again.startswith("[title") if notation_out else again.startswith("{")
    assert io.load(converted) == io.load(DRAW)
    assert capsys.readouterr().err == ""


def test_a_wrong_suffix_is_still_refused(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "out.txt"
    status, err = err_of(capsys, "analyse", str(DRAW), "-o", str(out))
    assert (status, err) == (2, f"durak-nb analyse: error: {out}: the file name ends in .durak or .json\n")
    status, err = err_of(capsys, "convert", str(DRAW), str(out))
    assert (status, err) == (2, f"durak-nb convert: error: {out}: the file name ends in .durak or .json\n")


def test_dump_and_save_pick_the_form_whatever_the_case(tmp_path: Path) -> None:
    rec = io.load(DRAW)
    io.dump(rec, tmp_path / "G.DURAK")
    assert (tmp_path / "G.DURAK").read_text(encoding="utf-8").startswith("[title")
    a = Annotator(rec)
    a.save(tmp_path / "A.JSON")
    assert json.loads((tmp_path / "A.JSON").read_text(encoding="utf-8"))["format"] == "durak-nb/1"
    a.save(tmp_path / "a.Durak")
    assert io.load(tmp_path / "a.Durak") == rec


# ----------------------------------------------------------------------------- 6. game k of the file


def test_game_k_of_the_file_has_one_home(tmp_path: Path) -> None:
    want = f"{DRAW} holds 1 game; there is no game 1 (games are counted from 0)"
    for read in (Replay.load, Annotator.load):
        with pytest.raises(IndexError) as err:
            read(DRAW, 1)
        assert str(err.value) == want
        with pytest.raises(IndexError) as err:
            read(DRAW, -1)
        assert str(err.value) == f"{DRAW} holds 1 game; there is no game -1 (games are counted from 0)"
    with pytest.raises(TypeError) as type_err:
        Annotator.load(DRAW, "1")  # type: ignore[arg-type]
    assert str(type_err.value) == "game must be an int (an index), not '1'"
    with pytest.raises(TypeError):
        Annotator.load(DRAW, True)
    match = tmp_path / "match.json"
    match.write_text(json.dumps([json.loads(DRAW.read_text(encoding="utf-8"))] * 2), encoding="utf-8")
    with language("ru"), pytest.raises(IndexError) as err:
        Replay.load(match, 2)
    assert str(err.value) == f"в {match} 2 партии; партии 2 нет (партии считаются с 0)"
    with language("uk"), pytest.raises(IndexError) as err:
        Annotator.load(match, 5)
    assert str(err.value) == f"у {match} 2 партії; партії 5 немає (партії рахуються від 0)"
    games, k = io.load_game(match, 1)
    assert (len(games), k) == (2, 1)
    assert Replay.load(match, 1).recording == games[1]


# ----------------------------------------------------------------------------- 7. export's errors


def test_export_refuses_alike_for_a_recording_and_a_lesson(tmp_path: Path, capsys: Any) -> None:
    lesson = ROOT / "notebooks" / "01_cards_trump_beating.ipynb"
    for source in (DRAW, lesson):
        bad_title = "\udcff"  # the byte 0xff given on the command line: not UTF-8
        status, err = err_of(capsys, "export", str(source), "-o", str(tmp_path / "p.html"), "--title", bad_title)
        assert (status, err) == (2, "durak-nb export: error: --title is not UTF-8 text: b'\\xff'\n")
    status, err = err_of(capsys, "export", str(DRAW), "-o", str(DRAW))
    assert (status, err) == (
        2,
        f"durak-nb export: error: {DRAW}: the page would replace the recording it shows; write to another file\n",
    )
    status, err = err_of(capsys, "export", str(lesson), "-o", str(lesson))
    assert (status, err) == (
        2,
        f"durak-nb export: error: {lesson}: the page would replace the lesson it shows; write to another file\n",
    )
    missing = tmp_path / "nowhere" / "p.html"
    status, err = err_of(capsys, "export", str(DRAW), "-o", str(missing))
    assert status == 1 and err.startswith(f"durak-nb export: error: {missing}: ")
