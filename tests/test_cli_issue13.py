"""Defects a reviewer found in issue 13 in the command line, the tournament, the bot
protocol and self-play, each with its exact words in English, Russian and Ukrainian:

1. the tournament table's values in the reader's language (yes/no, a dash, the
   decimal comma), its heading's plural ("1 deal per pairing");
2. an unreachable or malformed Dask scheduler: one translated line, exit 1, no folder;
3. Ctrl-C (SIGINT): one line, exit 130, nothing written, no worker's traceback;
4. ``--timeout``, ``--budget`` and ``--samples`` checked by the command line, named;
5. the forfeit reasons printed under the table (a bot that cannot start);
8. a corpus file of games dealt apart given to ``analyse``, and ``convert --game K``;
9. the annotation panel's comment placeholder (a place already says "move").

Rule ids: R4 (the games of a match), R9 (a pass on an empty table).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS, ROOT

from durak_nb.cli import main
from durak_nb.i18n import language

NBSP = "\xa0"


def run(*args: str, new_session: bool = False) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "durak_nb.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        start_new_session=new_session,
    )


# ---------------------------------------------------------------------- 1: the table's values


@pytest.fixture(scope="module")
def ladder() -> Any:
    from durak_nb.tournament import bot_spec, run_tournament

    return run_tournament([bot_spec(b) for b in ("random", "lowest", "heuristic")], deals=12, workers=0)


TABLES = {
    "en": [
        "podkidnoy, 2 players, 12 deals per pairing (48 games); Elo with 95 % intervals",
        "           elo elo_low elo_high games forfeits vs_below vs_below_low vs_below_high beats_below",
        "bot",
        "random       0       0        0    24        0        —            —             —           —",
        "lowest     478     298      714    48        0    0.958        0.877         1.000         yes",
        "heuristic  578     378      853    24        0    0.646        0.534         0.758         yes",
    ],
    "ru": [
        "podkidnoy; игроков: 2, раздач на пару: 12 (партий: 48); Эло с 95-процентными интервалами",
        "           эло эло_от эло_до партий тех_поражений против_нижнего против_нижнего_от против_нижнего_до"
        " сильнее_нижнего",
        "бот",
        "random       0      0      0     24             0              —                 —                 —"
        "               —",
        "lowest     478    298    714     48             0          0,958             0,877             1,000"
        "              да",
        "heuristic  578    378    853     24             0          0,646             0,534             0,758"
        "              да",
    ],
    "uk": [
        "podkidnoy; гравців: 2, роздач на пару: 12 (партій: 48); Ело з 95-відсотковими інтервалами",
        "           ело ело_від ело_до партій тех_поразок проти_нижчого проти_нижчого_від проти_нижчого_до"
        " сильніший_за_нижчого",
        "бот",
        "random       0       0      0     24           0             —                 —                —"
        "                    —",
        "lowest     478     298    714     48           0         0,958             0,877            1,000"
        "                  так",
        "heuristic  578     378    853     24           0         0,646             0,534            0,758"
        "                  так",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_tournament_table_says_every_value_in_the_readers_language(ladder: Any, lang: str) -> None:
    from durak_nb.tournament import tournament_text

    with language(lang):
        lines = [line.rstrip() for line in tournament_text(ladder, 12).splitlines()]
    assert lines == TABLES[lang]


def test_the_heading_says_one_deal(ladder: Any) -> None:
    from durak_nb.tournament import tournament_text

    assert tournament_text(ladder, 1).splitlines()[0] == (
        "podkidnoy, 2 players, 1 deal per pairing (48 games); Elo with 95 % intervals"
    )


def test_a_tie_below_is_no_and_a_missing_elo_interval_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 deals: too few for an Elo interval; lowest does not beat random at 95 %
    assert main(["--lang", "uk", "tournament", "random", "lowest", "--deals", "3", "--workers", "0"]) == 0
    rows = capsys.readouterr().out.splitlines()[3:]
    assert rows[0].split() == ["random", "0", "—", "—", "6", "0", "—", "—", "—", "—"]
    assert rows[1].split() == ["lowest", "446", "—", "—", "6", "0", "1,000", "0,438", "1,000", "ні"]


# ---------------------------------------------------------------------- 5: forfeit reasons

REASONS = {
    "en": "durak-nb tournament: error: bot nope: cannot start /no/such/prog: No such file or directory",
    "ru": "durak-nb tournament: ошибка: бот nope: не удаётся запустить /no/such/prog: нет такого файла или папки",
    "uk": "durak-nb tournament: помилка: бот nope: не вдається запустити /no/such/prog: немає такого файлу чи теки",
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_bot_that_cannot_start_stops_the_tournament_at_once(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 23: not every game played as a forfeit; the reason at once, no table
    argv = ["--lang", lang, "tournament", "lowest", "nope=/no/such/prog", "--deals", "1", "--workers", "0"]
    assert main(argv) == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.splitlines() == [REASONS[lang]]


def test_many_distinct_reasons_are_bounded() -> None:
    from durak_nb.rules import Rules
    from durak_nb.tournament import MAX_REASONS, GameResult, Tournament, tournament_text

    games = [
        GameResult(d, 0, ("a", "b"), None, (1,), False, 1, f"b forfeits: reason {d}", 0) for d in range(MAX_REASONS + 3)
    ]
    t = Tournament(("a", "b"), Rules.make("podkidnoy"), 2, games, bootstrap=0, seed=0)
    lines = tournament_text(t, len(games)).splitlines()
    assert lines[-2:] == [f"  b forfeits: reason {MAX_REASONS - 1}", "  … and 3 other reasons"]
    with language("ru"):
        assert tournament_text(t, len(games)).splitlines()[-1] == "  … и ещё 3 причины"


# ---------------------------------------------------------------------- 4: options checked and named

OPTION_ERRORS = {
    "en": [
        "durak-nb tournament: error: --timeout must be a number of seconds above 0 and at most 3600, not 0",
        "durak-nb analyse: error: --budget must be a whole number of positions from 1 to 1,000,000, not -3",
        "durak-nb analyse: error: --samples must be a whole number of deals from 1 to 256, not 1000",
        "durak-nb analyse: error: --max-samples must be a whole number of deals from 1 to 256, not 0",
        "durak-nb solve: error: --budget must be a whole number of positions from 1 to 1,000,000, not 0",
    ],
    "ru": [
        "durak-nb tournament: ошибка: --timeout должен быть числом секунд больше 0 и не больше 3600, а не 0",
        f"durak-nb analyse: ошибка: --budget должен быть целым числом позиций от 1 до 1{NBSP}000{NBSP}000, а не -3",
        "durak-nb analyse: ошибка: --samples должен быть целым числом раскладов от 1 до 256, а не 1000",
        "durak-nb analyse: ошибка: --max-samples должен быть целым числом раскладов от 1 до 256, а не 0",
        f"durak-nb solve: ошибка: --budget должен быть целым числом позиций от 1 до 1{NBSP}000{NBSP}000, а не 0",
    ],
    "uk": [
        "durak-nb tournament: помилка: --timeout має бути числом секунд, більшим за 0 і не більшим за 3600, а не 0",
        f"durak-nb analyse: помилка: --budget має бути цілим числом позицій від 1 до 1{NBSP}000{NBSP}000, а не -3",
        "durak-nb analyse: помилка: --samples має бути цілим числом розкладів від 1 до 256, а не 1000",
        "durak-nb analyse: помилка: --max-samples має бути цілим числом розкладів від 1 до 256, а не 0",
        f"durak-nb solve: помилка: --budget має бути цілим числом позицій від 1 до 1{NBSP}000{NBSP}000, а не 0",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_timeout_budget_and_samples_are_checked_by_the_command_line(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec, out = str(RECORDINGS / "draw.json"), str(tmp_path / "y.durak")
    good = f"g={sys.executable} tests/data/bots/good.py"
    calls = [
        ["tournament", "random", good, "--timeout", "0"],
        ["analyse", rec, "-o", out, "--budget", "-3"],
        ["analyse", rec, "-o", out, "--samples", "1000"],
        ["analyse", rec, "-o", out, "--max-samples", "0"],
        ["solve", rec, "--budget", "0"],
    ]
    for argv, want in zip(calls, OPTION_ERRORS[lang], strict=True):
        assert main(["--lang", lang, *argv]) == 2
        assert capsys.readouterr().err == want + "\n"
    assert not os.path.exists(out)


def test_the_highest_bounds_are_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = str(RECORDINGS / "draw.json")
    main(["solve", rec, "--budget", "1000000"])  # the position's own answer (a finished game), not a refusal
    assert capsys.readouterr().err == (
        f"durak-nb solve: error: {rec}: [R25] the game is over (draw (R25)): there is nothing to solve\n"
    )


# ---------------------------------------------------------------------- 2: the Dask scheduler


def closed_port() -> int:
    """A local port nobody listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


DASK = {
    "en": (
        "durak-nb selfplay: error: cannot reach the Dask scheduler '{a}': no answer within 0.5 s"
        " (is the scheduler running there?)",
        "durak-nb selfplay: error: cannot reach the Dask scheduler 'not a url': it is not an address like tcp://host:8786",
    ),
    "ru": (
        "durak-nb selfplay: ошибка: не удаётся связаться с планировщиком Dask '{a}': нет ответа за 0.5 с"
        " (запущен ли там планировщик?)",
        "durak-nb selfplay: ошибка: не удаётся связаться с планировщиком Dask 'not a url': это не адрес вида"
        " tcp://host:8786",
    ),
    "uk": (
        "durak-nb selfplay: помилка: не вдається зв'язатися з планувальником Dask '{a}': немає відповіді за 0.5 с"
        " (чи запущено там планувальник?)",
        "durak-nb selfplay: помилка: не вдається зв'язатися з планувальником Dask 'not a url': це не адреса на"
        " кшталт tcp://host:8786",
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_an_unreachable_or_malformed_scheduler_is_one_line_and_no_folder(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "corpe"
    address = f"tcp://127.0.0.1:{closed_port()}"
    late, malformed = DASK[lang]
    for given, want in ((address, late.format(a=address)), ("not a url", malformed)):
        argv = ["--lang", lang, "selfplay", "4", "-o", str(out), "--dask", given, "--dask-timeout", "0.5"]
        assert main(argv) == 1
        assert capsys.readouterr().err == want + "\n"
        assert not out.exists()  # reached before any folder is made


def test_the_dask_timeout_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", "4", "-o", str(tmp_path / "c"), "--dask", "tcp://127.0.0.1:1", "--dask-timeout", "0"]
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        "durak-nb selfplay: error: --dask-timeout must be a number of seconds above 0 and at most 600, not 0\n"
    )


# ---------------------------------------------------------------------- 3: Ctrl-C


def interrupted(proc: subprocess.Popen[str], *, group: bool = False, wait: float = 4.0) -> tuple[int, str]:
    """Let ``proc`` work ``wait`` seconds, send SIGINT (to its whole group, as a
    terminal's Ctrl-C, with ``group``), and return its exit status and stderr."""
    time.sleep(wait)  # past its imports, into the work
    assert proc.poll() is None, proc.communicate()
    if group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    return proc.returncode, err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "durak-nb: interrupted; nothing written\n"),
        ("ru", "durak-nb: прервано; ничего не записано\n"),
        ("uk", "durak-nb: перервано; нічого не записано\n"),
    ],
)
def test_ctrl_c_during_analyse_is_one_line_and_writes_nothing(lang: str, words: str, tmp_path: Path) -> None:
    out = tmp_path / "long.durak"
    rec = str(RECORDINGS / "match-4p-podkidnoy.durak")
    proc = run("--lang", lang, "analyse", rec, "-o", str(out), "--samples", "256", "--budget", "1000000")
    assert interrupted(proc) == (130, words)
    assert not out.exists() and list(tmp_path.iterdir()) == []


def bot_processes(script: Path) -> list[int]:
    """The pids of the processes running ``script`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                words = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if str(script).encode() in words:
                found.append(int(entry))
    return found


def test_ctrl_c_to_a_tournament_with_workers_is_one_line_and_leaves_no_bot(tmp_path: Path) -> None:
    # the terminal sends SIGINT to the whole group: the workers leave it to the parent,
    # which stops them; each closes its outside bots first
    good = ROOT / "tests" / "data" / "bots" / "good.py"
    outside = f"good={sys.executable} {good}"
    proc = run("tournament", "search-64", outside, "--deals", "400", "--workers", "2", new_session=True)
    assert interrupted(proc, group=True) == (130, "durak-nb: interrupted; nothing written\n")
    assert bot_processes(good) == []


def test_ctrl_c_during_selfplay_leaves_no_half_corpus(tmp_path: Path) -> None:
    out = tmp_path / "corpus"
    proc = run("selfplay", "200000", "-o", str(out), "--workers", "0", "--chunk", "50", "--bots", "search-4")
    code, err = interrupted(proc, wait=6.0)
    assert (code, err.splitlines()[-1]) == (130, "durak-nb: interrupted; nothing written")
    assert not out.exists()


# ---------------------------------------------------------------------- 8: a corpus file to analyse


def test_analyse_refuses_games_dealt_apart_naming_the_input_and_convert_takes_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "c"
    assert main(["selfplay", "3", "-o", str(corpus), "--workers", "0"]) == 0
    capsys.readouterr()
    src = corpus / "games" / "games-0000000.jsonl"
    assert main(["analyse", str(src), "-o", str(tmp_path / "c.durak")]) == 2
    assert capsys.readouterr().err == (
        f"durak-nb analyse: error: {src} holds 3 games that are not one match (R4), and OUT holds one game or a"
        f" match: take the game to analyse into a file of its own first, e.g. durak-nb convert {src} game.durak"
        " --game 1\n"
    )
    with language("uk"):
        assert main(["analyse", str(src), "-o", str(tmp_path / "c.durak")]) == 2
    assert capsys.readouterr().err.startswith(
        f"durak-nb analyse: помилка: у {src} партій: 3, і вони не один матч (R4), а OUT вміщує одну партію або матч"
    )
    assert not (tmp_path / "c.durak").exists()
    one = tmp_path / "g2.durak"
    assert main(["convert", str(src), str(one), "--game", "2"]) == 0
    assert capsys.readouterr().out == f"{one}: 1 game\n"
    from durak_nb.record import notation

    assert notation.load_games(one)[0].moves == notation.load_games(src)[1].moves
    assert main(["--lang", "ru", "convert", str(src), str(one), "--game", "4"]) == 2
    assert capsys.readouterr().err == f"durak-nb convert: ошибка: партий в {src}: 3; --game 1..3\n"
    assert main(["convert", str(src), str(one), "--game", "0"]) == 2
    assert capsys.readouterr().err == f"durak-nb convert: error: {src} holds 3 games: --game 1..3\n"


# ---------------------------------------------------------------------- 9: the comment placeholder


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "a comment on move 3 of the main line"),
        ("ru", "комментарий: ход 3 основной линии"),
        ("uk", "коментар: хід 3 основної лінії"),
    ],
)
def test_the_comment_placeholder_reads_right(lang: str, words: str) -> None:
    from durak_nb.replay import Replay
    from durak_nb.views import ReplayerWidget

    with language(lang):
        w = ReplayerWidget(
            annotate=True, replay=Replay.load(RECORDINGS / "annotated-transfer-or-cover.durak"), start=2, path="u.durak"
        )
        w.show(3)
        assert w.comment.placeholder == words
