"""Defects a breaker found by feeding the command line bad input and bad outputs (issue
22's seams), each with a test that failed before its fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "recordings" / "podkidnoy-2p.durak"


def _env(**extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG")}
    for var in ("DURAK_NB_LANG", "PYTHONIOENCODING", "PYTHONUTF8"):
        base.pop(var, None)
    base.update({"PYTHONPATH": str(ROOT), "COLUMNS": "80", "LANG": "C.UTF-8"})
    base.update(extra)
    return base


def _cli(*args: str, stdout: int | None = subprocess.PIPE, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=_env(**env),
        timeout=120,
        check=False,
    )


def test_an_ascii_output_chosen_by_pythonioencoding_gets_the_suits_as_letters() -> None:
    """``PYTHONIOENCODING=ascii durak-nb replay`` ended in a ``UnicodeEncodeError``'s
    traceback: the encoding it chose is kept, and what it cannot write is written plainly."""
    done = _cli("replay", str(GAME), PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode("ascii").splitlines()
    assert lines[:3] == ["podkidnoy: Anna, Boris; trump H", "   1  Boris attacks 10H", "   2  Anna covers 10H with AH"]
    assert b"Traceback" not in done.stderr
    # an error handler named with it is the user's choice, kept
    strict = _cli("replay", str(GAME), PYTHONIOENCODING="ascii:strict")
    assert b"UnicodeEncodeError" in strict.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "durak-nb: error: cannot write the output: No space left on device"),
        ("ru", "durak-nb: ошибка: не удаётся записать вывод: на устройстве не осталось места"),
        ("uk", "durak-nb: помилка: не вдається записати вивід: на пристрої не залишилося місця"),
    ],
)
def test_a_full_output_is_said_in_one_line_not_a_traceback(lang: str, words: str) -> None:
    """``durak-nb replay FILE > /dev/full`` printed a traceback ending in ``OSError``."""
    for args in (["replay", str(GAME)], ["validate", "--json", str(GAME)], ["validate", str(GAME)]):
        with open("/dev/full", "wb") as full:
            done = _cli("--lang", lang, *args, stdout=full.fileno())
        assert (done.returncode, done.stderr.decode("utf-8").splitlines()) == (1, [words]), args


def test_an_error_not_of_the_output_is_still_a_files_error(tmp_path: Path) -> None:
    """The output's errors are told apart from a file's: a missing file is said as before."""
    done = _cli("validate", str(tmp_path / "missing.durak"))
    assert done.returncode == 1
    missing = tmp_path / "missing.durak"
    assert done.stderr.decode("utf-8") == f"{missing}: error: cannot read the file: No such file or directory\n"
    assert json.loads(_cli("validate", "--json", str(GAME)).stdout)["ok"] is True


def test_many_side_lines_of_one_move_are_written_in_order_and_named_by_their_place(tmp_path: Path) -> None:
    """Validating a file of 99,000 side lines of one move took 88 s: the writer looked up
    each line's place among its parent's (a list's ``index``, over all of them) and took
    the next from the front of a list; now each is numbered once.  The places stay: three
    lines of move 2 are written back in order, and a bad move in the third is named there."""
    src = GAME.read_text(encoding="utf-8")
    lines = "(1... Anna take) (1... Anna take Boris +TD) (1... Anna take Boris pass)"
    text = src.replace("1. Boris TH Anna AH/TH Boris pass", f"1. Boris TH Anna AH/TH {lines} Boris pass", 1)
    (tmp_path / "three.durak").write_text(text, encoding="utf-8")
    done = _cli("convert", str(tmp_path / "three.durak"), str(tmp_path / "three.json"))
    assert done.returncode == 0, done.stderr
    back = _cli("convert", str(tmp_path / "three.json"), str(tmp_path / "back.durak"))
    assert back.returncode == 0, back.stderr
    assert f"1. Boris TH Anna AH/TH {lines} 1... Boris pass" in " ".join(
        (tmp_path / "back.durak").read_text(encoding="utf-8").split()
    )
    doc = json.loads((tmp_path / "three.json").read_text(encoding="utf-8"))
    doc["meta"]["variations"]["1"][2]["moves"][1] = {"player": "Boris", "action": "throw", "cards": ["6S"]}
    (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
    bad = _cli("validate", str(tmp_path / "bad.json"))
    assert bad.returncode == 1
    assert "move 2 in variation 3 of move 2 (Boris +6S)" in bad.stderr.decode("utf-8")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            "warning: line 7 is torn (written only in part when the recording stopped): its 20 bytes were dropped, "
            "the moves before it are kept",
        ),
        (
            "ru",
            "предупреждение: строка 7 оборвана (запись остановилась, когда её записали лишь частично): её 20 байт "
            "отброшены, ходы до неё сохранены",
        ),
        (
            "uk",
            "попередження: рядок 7 обірвано (запис зупинився, коли його записали лише частково): його 20 байтів "
            "відкинуто, ходи до нього збережено",
        ),
    ],
)
def test_a_journals_torn_last_line_is_said_by_validate_replay_and_convert(
    tmp_path: Path, lang: str, words: str
) -> None:
    """A journal whose last move was cut by a crash read «ok, 5 moves» with no word of the
    line dropped (only ``Recorder.open`` warned): every command that reads it says it, at
    its line, and still reads the moves before it (exit 0)."""
    from durak_nb.record import io

    doc = io.load(GAME).to_json()
    lines = [json.dumps({**{k: doc[k] for k in ("format", "rules", "players", "deal")}, "meta": {}})]
    lines += [json.dumps(m) for m in doc["moves"][:6]]
    journal = tmp_path / "cut.durak.jsonl"
    journal.write_bytes(("\n".join(lines[:6]) + "\n" + lines[6][:20]).encode("utf-8"))
    where = f"{journal}:7:1: {words}"
    done = _cli("--lang", lang, "validate", str(journal))
    assert done.returncode == 0
    assert done.stderr.decode("utf-8").splitlines() == [where]
    assert done.stdout.decode("utf-8").startswith(f"{journal}: ")
    replayed = _cli("--lang", lang, "replay", str(journal))
    assert (replayed.returncode, replayed.stderr.decode("utf-8").splitlines()) == (0, [where])
    assert len([x for x in replayed.stdout.decode("utf-8").splitlines() if x[:4].strip().isdigit()]) == 5
    converted = _cli("--lang", lang, "convert", str(journal), str(tmp_path / "out.json"))
    assert (converted.returncode, converted.stderr.decode("utf-8").splitlines()) == (0, [where])
    assert len(io.load(tmp_path / "out.json").moves) == 5


def test_a_second_bito_has_no_bout_to_end(tmp_path: Path) -> None:
    """``… Boris pass bito bito bito`` was read as one bito: the word may confirm the bito
    the passes written made, once; a second one is refused at its place, as a ``bito``
    where no bout is under way always was."""
    src = GAME.read_text(encoding="utf-8")
    once = src.replace("1. Boris TH Anna AH/TH Boris pass", "1. Boris TH Anna AH/TH Boris pass bito", 1)
    (tmp_path / "once.durak").write_text(once, encoding="utf-8")
    assert _cli("validate", str(tmp_path / "once.durak")).returncode == 0
    for text, column in (("Boris pass bito bito", 40), ("bito bito", 29)):
        twice = src.replace("1. Boris TH Anna AH/TH Boris pass", f"1. Boris TH Anna AH/TH {text}", 1)
        (tmp_path / "twice.durak").write_text(twice, encoding="utf-8")
        done = _cli("validate", str(tmp_path / "twice.durak"))
        assert done.returncode == 1
        assert done.stderr.decode("utf-8").startswith(
            f"{tmp_path / 'twice.durak'}:13:{column}: error: 'bito' ends a bout whose last passes are left out; "
            "no bout is under way here; legal moves: Anna 6D,"
        ), text


def test_a_byte_that_is_not_utf8_is_placed_at_its_line_and_column(tmp_path: Path) -> None:
    """A Latin-1 «ö» on line 7 was reported at 1:1 (byte 1273): now at 7:16, the byte kept."""
    text = GAME.read_text(encoding="utf-8").replace("[Players Anna Boris]", "[Players Anna Böris]")
    raw = text.encode("utf-8").replace("ö".encode(), "ö".encode("latin-1"))
    (tmp_path / "latin1.durak").write_bytes(raw)
    done = _cli("validate", str(tmp_path / "latin1.durak"))
    n = raw.index(b"\xf6")
    assert done.stderr.decode("utf-8") == (
        f"{tmp_path / 'latin1.durak'}:7:16: error: the file is not UTF-8 text (byte {n})\n"
    )


def test_a_file_named_by_no_suffix_is_read_as_json_only_when_it_holds_json(tmp_path: Path) -> None:
    """A notation file saved as ``game.txt`` was «a match: bad JSON value: Expecting value»:
    now the error names the suffixes the kit reads; a JSON document under any name still reads."""
    from durak_nb.record import io

    (tmp_path / "game.txt").write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    done = _cli("validate", str(tmp_path / "game.txt"))
    assert done.stderr.decode("utf-8") == (
        f"{tmp_path / 'game.txt'}:1:1: error: the file name ends in none of .durak, .durak.jsonl, .json, .jsonl, "
        "and the file is not JSON: name it by its form\n"
    )
    rec = io.load(GAME)
    (tmp_path / "game.rec").write_text(rec.dumps(), encoding="utf-8")
    (tmp_path / "match").write_text(f"[{rec.dumps()}]", encoding="utf-8")
    assert io.load(tmp_path / "game.rec").moves == rec.moves
    assert [g.moves for g in io.load_games(tmp_path / "match")] == [rec.moves]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "durak-nb analyse: error: --max-samples (2) must be at least --samples (10): one round of deals"),
        (
            "ru",
            "durak-nb analyse: ошибка: --max-samples (2) должно быть не меньше --samples (10): хотя бы один круг "
            "раскладов",
        ),
        (
            "uk",
            "durak-nb analyse: помилка: --max-samples (2) має бути не менше за --samples (10): хоча б одне коло "
            "розкладів",
        ),
    ],
)
def test_max_samples_below_samples_is_refused(tmp_path: Path, lang: str, words: str) -> None:
    """``analyse --samples 10 --max-samples 2`` ran with 10 deals a move, the bound unsaid
    although --help says «at least --samples»: refused before the file is read, nothing written."""
    out = tmp_path / "a.durak"
    done = _cli("--lang", lang, "analyse", str(GAME), "-o", str(out), "--samples", "10", "--max-samples", "2")
    assert (done.returncode, done.stderr.decode("utf-8").splitlines(), out.exists()) == (2, [words], False)


def test_the_result_members_example_shows_single_braces(tmp_path: Path) -> None:
    """«an object such as {{"durak": "Boris"}}»: the braces were doubled (a text never formatted)."""
    from durak_nb.record import io

    doc = io.load(GAME).to_json()
    doc["result"] = "Anna"
    (tmp_path / "res.json").write_text(json.dumps(doc), encoding="utf-8")
    done = _cli("validate", str(tmp_path / "res.json"))
    assert done.stderr.decode("utf-8").endswith(
        """error: [R25] 'result': an object such as {"durak": "Boris"} or {"durak": null, "draw": true}\n"""
    )


def test_the_notation_reader_given_bytes_says_what_it_wants() -> None:
    """``notation.read(b"…")`` was ``TypeError: cannot use a string pattern on a bytes-like object``."""
    from durak_nb.record import notation

    data = GAME.read_bytes()
    for call in (notation.read, notation.read_games, notation.parse):
        with pytest.raises(TypeError) as info:
            call(data)  # type: ignore[arg-type]
        assert (
            str(info.value)
            == "text must be the notation as a str, not bytes (decode bytes first, or read the file with load)"
        )
    assert len(notation.read(data.decode("utf-8")).moves) == 134
