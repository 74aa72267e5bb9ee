"""The command line in Russian and Ukrainian (issue 11, the cli part): ``--lang`` before
or after the command, ``DURAK_NB_LANG``, ``--help`` and argparse's own words, usage
errors, a ``validate`` error with its FILE:LINE:COL place, and the words of the solver,
the analysis, the tournament and the bots, word for word; the part's catalogue complete."""

from __future__ import annotations

import argparse
import gettext
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from durak_nb import catalogues, cli
from durak_nb.analysis.solver import SolverBudgetError
from durak_nb.i18n import language, ngettext
from durak_nb.record import io

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``durak-nb ARGS`` as a process, in a locale that names no language (English
    unless ``--lang`` or ``DURAK_NB_LANG`` says otherwise), 80 columns wide."""
    base = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    base.pop("DURAK_NB_LANG", None)
    base.update({"LANG": "C.UTF-8", "COLUMNS": "80", "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"})
    base.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=base,
        cwd=ROOT,
        timeout=120,
    )


HELP_RU = [
    "использование: durak-nb [-h] [--lang {en,ru,uk}]",
    "Записи партий в дурака: проверка, игра, просмотр.",
    "позиционные аргументы:",
    "    validate            проверить, что записи — партии по правилам",
    "    play                записать партию между ботами, играющими наугад",
    "    replay              вывести запись партии ход за ходом",
    "параметры:",
    "  -h, --help            показать эту справку и выйти",
]
HELP_UK = [
    "використання: durak-nb [-h] [--lang {en,ru,uk}]",
    "Записи партій у дурня: перевірка, гра, перегляд.",
    "позиційні аргументи:",
    "    validate            перевірити, що записи — партії за правилами",
    "    play                записати партію між ботами, що грають навмання",
    "    replay              вивести запис партії хід за ходом",
    "параметри:",
    "  -h, --help            показати цю довідку й вийти",
]


@pytest.mark.parametrize(("lang", "want"), [("ru", HELP_RU), ("uk", HELP_UK)])
def test_main_help_word_for_word(lang: str, want: list[str]) -> None:
    got = run("--lang", lang, "--help")
    assert got.returncode == 0 and got.stderr == ""
    lines = got.stdout.splitlines()
    assert lines[0] == want[0]
    assert [line for line in lines if line in want] == want  # each line, once, in this order
    assert "usage" not in got.stdout and "options" not in got.stdout


def test_english_help_is_unchanged() -> None:
    got = run("--help")
    lines = got.stdout.splitlines()
    assert lines[0] == "usage: durak-nb [-h] [--lang {en,ru,uk}]"
    assert "options:" in lines and "  -h, --help            show this help message and exit" in lines
    assert "    validate            check that recordings are legal games" in lines


def test_command_help_in_both_positions() -> None:
    before = run("--lang", "uk", "validate", "--help")
    after = run("validate", "--lang", "uk", "--help")
    assert before.returncode == after.returncode == 0
    assert before.stdout == after.stdout
    lines = before.stdout.splitlines()
    assert lines[0] == "використання: durak-nb validate [-h] [--lang {en,ru,uk}] [--json]"
    assert "  --json             виводити по об'єкту JSON на файл (INTERCHANGE.md)" in lines
    assert "позиційні аргументи:" in lines and "параметри:" in lines


RU_REQUIRED = "durak-nb validate: ошибка: не указаны обязательные аргументы: FILE"
UK_REQUIRED = "durak-nb validate: помилка: не вказано обов'язкові аргументи: FILE"


@pytest.mark.parametrize(
    ("args", "env", "want"),
    [
        (("--lang", "ru", "validate"), None, RU_REQUIRED),
        (("validate", "--lang", "ru"), None, RU_REQUIRED),
        (("validate",), {"DURAK_NB_LANG": "uk"}, UK_REQUIRED),
        (("validate",), {"LANG": "uk_UA.UTF-8"}, UK_REQUIRED),
        (
            ("validate",),
            {"DURAK_NB_LANG": "uk", "LANG": "ru_RU.UTF-8"},
            "durak-nb validate: помилка: не вказано обов'язкові аргументи: FILE",
        ),
        (
            ("--lang", "ru", "validate"),
            {"DURAK_NB_LANG": "uk"},
            "durak-nb validate: ошибка: не указаны обязательные аргументы: FILE",
        ),
        (("--lang", "ru", "validate", "--lang=uk"), None, UK_REQUIRED),  # the last one, as argparse keeps it
        (("validate",), None, "durak-nb validate: error: the following arguments are required: FILE"),
    ],
)
def test_usage_error_and_where_the_language_comes_from(
    args: tuple[str, ...], env: dict[str, str] | None, want: str
) -> None:
    got = run(*args, env=env)
    assert got.returncode == 2 and got.stdout == ""
    lines = got.stderr.splitlines()
    assert lines[-1] == want
    assert lines[0].startswith(("использование: durak-nb validate", "використання: durak-nb validate", "usage:"))


def test_invalid_choice_and_bad_value_in_ukrainian() -> None:
    got = run("--lang", "uk", "valdate", "x.json")
    assert got.returncode == 2
    assert got.stderr.splitlines()[-1] == (
        "durak-nb: помилка: аргумент command: неприпустиме значення: 'valdate' (виберіть з 'validate', 'play',"
        " 'selfplay', 'replay', 'convert', 'export', 'solve', 'analyse', 'tournament', 'site', 'class')"
    )
    got = run("play", "--lang", "ru", "--players", "two", "-o", "x.json")
    assert got.stderr.splitlines()[-1] == (
        "durak-nb play: ошибка: аргумент --players: недопустимое значение типа int: 'two'"
    )


def test_a_language_the_kit_does_not_speak() -> None:
    got = run("--lang", "de", "validate", "x.json")
    assert got.returncode == 2
    assert got.stderr.splitlines()[-1] == (
        "durak-nb: error: argument --lang: invalid choice: 'de' (choose from 'en', 'ru', 'uk')"
    )
    # issue 23: an unknown DURAK_NB_LANG (even C) is said, and the command goes on in English
    missing = ROOT / "no-such-file.json"
    got = run("validate", str(missing), env={"DURAK_NB_LANG": "de", "LANG": "ru_RU.UTF-8"})
    assert got.returncode == 1
    assert got.stderr.splitlines()[0] == (
        "durak-nb: note: DURAK_NB_LANG='de': durak-nb speaks en, ru, uk; going on in English"
    )
    english = run("validate", str(missing))
    assert got.stderr.splitlines()[1:] == english.stderr.splitlines() and english.returncode == 1
    for value in ("C", "C.UTF-8", "POSIX"):
        assert run("validate", str(missing), env={"DURAK_NB_LANG": value}).stderr == english.stderr


def test_validate_error_names_its_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "durak-nb/1", "rules": "podkidnoy"\n', encoding="utf-8")
    for args in (("--lang", "uk", "validate", str(bad)), ("validate", str(bad), "--lang", "uk")):
        got = run(*args)
        assert got.returncode == 1 and got.stdout == ""
        line = got.stderr.rstrip("\n")
        # the place is the reader's (FILE:LINE:COL); its words are the reader part's
        # (English until that part's translation is merged, Ukrainian after)
        assert line.startswith(f"{bad}:2:1: ")
        assert line.split(": ", 2)[1] in ("error", "помилка")


def test_my_own_messages_in_russian_and_ukrainian(tmp_path: Path) -> None:
    src, dst = tmp_path / "a.txt", tmp_path / "b.json"
    suffixes = ", ".join(io.suffixes())
    got = run("--lang", "ru", "convert", str(src), str(dst))
    assert (got.returncode, got.stderr) == (
        2,
        f"durak-nb convert: ошибка: {src}: имя файла должно оканчиваться на {suffixes}\n",
    )
    rec = ROOT / "recordings" / "draw.json"
    got = run("convert", str(rec), str(tmp_path / "c.txt"), "--lang", "uk")
    assert (
        got.stderr
        == f"durak-nb convert: помилка: {tmp_path / 'c.txt'}: ім'я файлу має закінчуватися на .durak або .json\n"
    )
    got = run("--lang", "uk", "convert", str(rec), str(tmp_path / "c.durak"))
    assert (got.returncode, got.stdout) == (0, f"{tmp_path / 'c.durak'}: 1 партія\n")
    got = run("--lang", "ru", "play", "--option", "first_bout_limit", "-o", str(dst))
    assert got.stderr.splitlines()[-1] == (
        "durak-nb play: ошибка: аргумент --option: 'first_bout_limit': пишите правило в виде имя=значение,"
        " например first_bout_limit=6"
    )
    got = run("--lang", "uk", "tournament", "random", "nobody", "--deals", "1")
    assert got.stderr == (
        "durak-nb tournament: помилка: невідомий бот 'nobody': один з random, lowest, heuristic, search, ismcts,"
        " або search-N (N розкладів на хід, від 1 до 256), або ismcts-N (N ітерацій на хід, від 1 до 100\u00a0000),"
        " або NAME=COMMAND для зовнішнього бота\n"
    )


def test_solve_refusal_through_the_command(tmp_path: Path) -> None:
    rec = ROOT / "recordings" / "draw.json"
    got = run("--lang", "ru", "solve", str(rec), "--budget", "0")
    assert (got.returncode, got.stderr) == (
        2,
        "durak-nb solve: ошибка: --budget должен быть целым числом позиций от 1 до 1\xa0000\xa0000, а не 0\n",
    )


def test_argparse_words_are_given_back() -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "uk", "validate"])
    module: Any = argparse
    assert module._ is gettext.gettext and module.ngettext is gettext.ngettext
    assert cli._expected(2) == "expected 2 arguments"
    with language("uk"):
        assert [cli._expected(n) for n in (1, 2, 5)] == [
            "очікується 1 аргумент",
            "очікується 2 аргументи",
            "очікується 5 аргументів",
        ]


def test_solver_budget_refusal_and_outcome_words() -> None:
    err = SolverBudgetError(1000, (6, 5), 2)
    assert str(err) == (
        "the solver stopped at its node budget of 1,000 positions before finishing: the position has 6 + 5 cards"
        " in hand and 2 on the table; give a larger node_budget (or --budget) or a smaller position"
    )
    with language("ru"):
        err = SolverBudgetError(1000, (6, 5), 2)
    assert str(err) == (
        "решатель остановился, не закончив: исчерпан бюджет в 1\u00a0000 позиций; карт на руках: 6 + 5, на столе: 2;"
        " дайте больший node_budget (или --budget) или позицию поменьше"
    )
    from durak_nb.analysis import solver

    with language("uk"):
        assert solver._words("durak", name="Борис") == "Борис — дурень"
        assert solver._words("to_act", name="Анна") == "Вирішує Анна"
        assert solver._counted("talon", 16) == (
            "у колоді ще 16 карт: розв'язувачу потрібна порожня колода (усі карти відомі, R16)"
        )
    with language("ru"):
        assert solver._words("durak", name="Борис") == "Борис — дурак"
        assert solver._words("to_act", name="Анна") == "Решать Анне"
        assert [solver._counted("talon", n).split(":")[0] for n in (1, 2, 5, 21)] == [
            "в колоде ещё 1 карта",
            "в колоде ещё 2 карты",
            "в колоде ещё 5 карт",
            "в колоде ещё 21 карта",
        ]
        assert solver._counted("holders", 3, names="Анна, Борис, Вера") == (
            "в игре ещё 3 игрока (Анна, Борис, Вера): решателю нужны ровно двое"
        )
    assert solver._counted("talon", 1).startswith("the talon still holds 1 card: ")


def test_win_chances_are_written_with_the_languages_decimal_sign() -> None:
    from durak_nb.analysis.evaluation import _words
    from durak_nb.i18n import decimal

    def sampled() -> str:
        return _words("sampled_same", name="Anna", p=decimal(0.625), se=decimal(0.08), n=8)

    assert sampled() == "Anna's win chance 0.62 ± 0.08 (8 samples of Anna's view); no better move found"
    with language("ru"):
        assert sampled() == (
            "Anna: шанс выиграть 0,62 ± 0,08 (раскладов, видимых игроку Anna: 8); лучшего хода не найдено"
        )
        assert decimal(0.27, sign=True) == "+0,27"
    with language("uk"):
        assert sampled().startswith("Anna: шанс виграти 0,62 ± 0,08 (")


def test_bot_faults_in_russian_and_ukrainian() -> None:
    from durak_nb.botproto import WORDS

    with language("ru"):
        from durak_nb.i18n import _

        assert _(WORDS["late"]).format(bot="b", what=_(WORDS["what_move"]).format(k=3), timeout=2.0) == (
            "бот b не ответил на ход с номером 3 за 2 с"
        )
    with language("uk"):
        from durak_nb.i18n import _

        assert _(WORDS["illegal"]).format(bot="b", k=4, move="Борис бере", refusal="[R13b] …") == (
            "бот b відповів на хід з номером 4 ходом «Борис бере», так не можна: [R13b] …"
        )


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("ru", ["1 ход", "2 хода", "5 ходов", "11 ходов", "21 ход", "22 хода", "101 ход"]),
        ("uk", ["1 хід", "2 ходи", "5 ходів", "11 ходів", "21 хід", "22 ходи", "101 хід"]),
        ("en", ["1 move", "2 moves", "5 moves", "11 moves", "21 moves", "22 moves", "101 moves"]),
    ],
)
def test_plural_of_moves(lang: str, want: list[str]) -> None:
    with language(lang):
        got = [ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 2, 5, 11, 21, 22, 101)]
    assert got == want


def test_tournament_heading_and_columns() -> None:
    from durak_nb.tournament import bot_spec, run_tournament, tournament_text

    t = run_tournament([bot_spec("random"), bot_spec("lowest")], deals=2, workers=0, bootstrap=10)
    english = tournament_text(t, 2).splitlines()
    assert english[0] == "podkidnoy, 2 players, 2 deals per pairing (4 games); Elo with 95 % intervals"
    with language("uk"):
        lines = tournament_text(t, 2).splitlines()
    assert lines[0] == "podkidnoy; гравців: 2, роздач на пару: 2 (партій: 4); Ело з 95-відсотковими інтервалами"
    assert lines[1].split()[:3] == ["ело", "ело_від", "ело_до"]
    assert lines[2].split() == ["бот"]
    assert english[2].split() == ["bot"]


def test_analysis_comments_in_the_language_in_use() -> None:
    from test_analyse import endgame

    from durak_nb.analysis import analyse, analysis_prefixes
    from durak_nb.engine import Move

    rec = endgame(Move.attack(0, "6D"), Move.defend(1, "7D", "6D"))
    with language("uk"):
        out = analyse(rec)
    assert out.meta["comments"]["1"] == (
        "Аналіз: Boris: виграш за найкращої гри (точно); це єдиний хід, що зберігає результат"
    )
    assert out.meta["comments"]["0"].startswith("Аналіз: Anna: програш за найкращої гри (точно); кращим був хід «")
    assert analysis_prefixes() == ("Analysis: ", "Анализ: ", "Аналіз: ")


def test_catalogue_of_the_part_is_complete() -> None:
    assert catalogues.check(["cli"]) == []
