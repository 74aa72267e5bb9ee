"""Issue 23's leftovers: the package's public names listed once, and reproducer 15
(../shared/repro/engine_misuse.py) read right: its "STATE CHANGED" rows compare caches
and a generator object by identity, not the game (docs/rules-notes.md, "What a refused
move leaves unchanged")."""

from __future__ import annotations

import ast
import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import durak_nb
from durak_nb import Game, Move, Rules
from durak_nb.bots import RandomBot
from durak_nb.cards import deck
from durak_nb.engine import IllegalMove

INIT = Path(durak_nb.__file__)


# ------------------------------------------------------------------ one list of public names


def test_the_public_names_are_written_once_in_the_package() -> None:
    """Each public name is written in ``durak_nb/__init__.py`` once, as an import (``X as
    X``, so type checkers re-export it); ``__all__`` and the lazy table are read off the
    imports (they were three lists: the imports, ``__all__`` and ``_LAZY``)."""
    text = INIT.read_text(encoding="utf-8")
    tree = ast.parse(text)
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            assert all(a.asname == a.name for a in node.names), ast.unparse(node)
            imported += [a.name for a in node.names]
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert sorted(imported) == sorted(durak_nb.__all__) and len(imported) == len(set(imported)) == 36
    assert not strings & set(imported)  # no name written again as a string (a list, a table)


def test_every_public_name_resolves_and_the_engine_waits() -> None:
    code = (
        "import sys, durak_nb\n"
        "assert 'durak_nb.engine' not in sys.modules and 'durak_nb.cards' not in sys.modules\n"
        "ns = {}\n"
        "exec('from durak_nb import *', ns)\n"
        "print(sorted(k for k in ns if not k.startswith('__')) == sorted(durak_nb.__all__), durak_nb.Game.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "True durak_nb.engine\n"
    assert durak_nb.Rules is Rules and durak_nb.Move is Move
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        durak_nb.Nope  # noqa: B018


def test_the_names_are_read_in_a_sourceless_install_too(tmp_path: Path) -> None:
    """The JupyterLite site ships the kit sourceless (``.pyc`` in place of ``.py``,
    docs/site.md): the names are read off the compiled code, not the source."""
    import compileall
    import shutil

    copy_of = tmp_path / "durak_nb"
    shutil.copytree(INIT.parent, copy_of, ignore=shutil.ignore_patterns("static", "__pycache__", "*.pyc"))
    assert compileall.compile_dir(copy_of, quiet=1, legacy=True)
    for source in copy_of.rglob("*.py"):
        source.unlink()
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import durak_nb\n"
        "print(durak_nb.__file__[-4:], len(durak_nb.__all__), durak_nb.Game.__name__)"
    )
    out = subprocess.run([sys.executable, "-S", "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout == ".pyc 36 Game\n"


# ------------------------------------------------------------------ reproducer 15


def repro_snapshot(g: Game) -> dict[str, object]:
    """The reproducer's snapshot, as it is written: every slot but ``_legal_cache``, deep-copied."""
    return {s: copy.deepcopy(getattr(g, s, None)) for s in Game.__slots__ if s != "_legal_cache"}


def slots(g: Game, leave: set[str]) -> dict[str, object]:
    """Every slot of ``g`` but those in ``leave``, deep-copied."""
    return {s: copy.deepcopy(getattr(g, s, None)) for s in Game.__slots__ if s not in leave}


def game_state(g: Game) -> tuple[object, ...]:
    """What a game is: its position, its history, its generator's state and its legal moves."""
    return (g.position(), list(g.history), g.rng.getstate(), g.legal_moves(), g.result)


def test_repro15_a_refusal_leaves_the_reproducers_snapshot_equal() -> None:
    """Its ``['_rng']`` rows (3,216 of them) and ``['_hv']`` rows: ``random.Random`` had no
    ``==``, so a deep copy of the one generator was never equal to it, and a refusal read
    the hands' view (a cache made on reading). The game's generator now compares by its
    state and refusals read the hands' masks: the reproducer's own snapshot is equal."""
    g = Game.deal(Rules.make("podkidnoy"), ["Anna", "Boris", "Vera"], seed=3)
    g.rng  # noqa: B018  (the generator made: _rng holds it)
    g.play(g.legal_moves()[0])
    attacker, defender = g.attacker, g.defender
    assert attacker is not None and defender is not None
    held, state = g.hands[defender][0], game_state(g)  # (these fill caches: before the snapshot)
    g._hv = None  # (reading a hand made the view: a cache, dropped as a move drops it)
    before = repro_snapshot(g)
    with pytest.raises(IllegalMove):
        g.play(Move.take(attacker))  # R14: only the defender takes
    with pytest.raises(IllegalMove):
        g.play(Move.throw(defender, [held]))  # R11: the defender does not throw in
    with pytest.raises(IllegalMove):
        g.play(Move.throw(defender, ["6S", "8D"]))
    after = repro_snapshot(g)
    assert [k for k in before if before[k] != after[k]] == []
    assert copy.deepcopy(g._rng) == g._rng and g._hv is None
    assert game_state(g) == state


def test_repro15_hand_view_is_a_cache_made_on_reading() -> None:
    """``_hv`` holds the sorted lists :attr:`Game.hands` makes when first read after a
    move; a refusal does not make them (it reads the masks), reading the hands does."""
    g = Game.deal(Rules.make("podkidnoy"), ["Anna", "Boris", "Vera"], seed=3)
    g.play(g.legal_moves()[0])
    assert g._hv is None
    hm = list(g._hm)
    g.why_illegal(Move.throw(0, ["6S", "8D"]))
    assert g._hv is None
    g.hands  # noqa: B018
    assert g._hv is not None and g._hv[0] == hm and g._hm == hm


def test_repro15_refusals_at_random_states_keep_the_game() -> None:
    """The reproducer's third part with the game compared as what it is (game_state and
    every slot but the caches): its first 60 deals of five presets, 20 tries each, no refusal
    changes anything; the reproducer's snapshot differs only in ``_rng``, ``_hv`` and the
    seating's move tables (caches)."""
    rng = random.Random(5)
    refused = 0
    # the generator (compared by its state in game_state), the hands' view, and the seating's
    # move tables that legal-move generation fills as it meets moves (shared by every game
    # of the seating, the same moves whatever is asked)
    caches = {"_rng", "_rng_state", "_hv", "_defence_tables", "_lead_parts", "_throw_tables", "_legal_cache"}
    flagged: set[str] = set()
    for trial in range(60):
        preset = rng.choice(["podkidnoy", "perevodnoy", "prostoy", "english", "japanese"])
        n = rng.choice([2, 3, 4])
        rules = Rules.make(preset, show_trump_transfer=preset == "perevodnoy", redeal_five_of_suit=rng.random() < 0.3)
        g = Game.deal(rules, [f"P{i}" for i in range(n)], seed=trial)
        bot = RandomBot(trial)
        for _ in range(rng.randrange(0, 120)):
            if g.finished:
                break
            g.play(bot.choose(g))
        for _ in range(20):
            s, c, c2 = rng.randrange(n), rng.choice(deck(36)), rng.choice(deck(36))
            m = rng.choice(
                [
                    Move.attack(s, c),
                    Move.throw(s, [c, c2]),
                    Move.defend(s, c, c2),
                    Move.transfer(s, c),
                    Move.transfer(s, c, True),
                    Move.take(s),
                    Move.pass_(s),
                    Move.attack(s, [c, c2]),
                ]
            )
            if g.why_illegal(m) is None:
                continue
            refused += 1
            whole = refused <= 40  # the reproducer's own snapshot (slow: it copies the caches)
            before = repro_snapshot(g) if whole else None
            state, kept = game_state(g), slots(g, caches)
            with pytest.raises(IllegalMove):
                g.play(m)
            if before is not None:
                after = repro_snapshot(g)
                flagged |= {k for k in before if before[k] != after[k]}
            assert game_state(g) == state and slots(g, caches) == kept
    assert refused > 800 and flagged <= caches and not flagged & {"_rng", "_hv"}


# ------------------------------------------------------------------ lessons from hostile notebooks


def test_a_cell_calling_sys_exit_fails_the_export_in_words(tmp_path: Path) -> None:
    """A lesson cell's ``sys.exit(3)`` ended ``durak-nb export`` at once, exit 3 and not a
    word, no page; now the export fails naming the cell, as for any other error."""
    from durak_nb.cli import main

    bad = tmp_path / "exit.ipynb"
    cells = [
        {
            "cell_type": "code",
            "metadata": {},
            "source": "import sys\nsys.exit(3)",
            "outputs": [],
            "execution_count": None,
        }
    ]
    bad.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from durak_nb.cli import main; sys.exit(main(sys.argv[1:]))",
            "export",
            str(bad),
            "-o",
            str(tmp_path / "x.html"),
        ],
        capture_output=True,
        text=True,
    )
    assert (run.returncode, run.stdout, run.stderr) == (
        1,
        "",
        f"durak-nb export: error: {bad}: cell 1 fails: SystemExit: 3\n",
    )
    assert not (tmp_path / "x.html").exists()
    assert main(["export", str(bad), "-o", str(tmp_path / "y.html")]) == 1


# ------------------------------------------------------------------ argparse quoting a huge value


@pytest.mark.parametrize(
    ("lang", "tail"),
    [
        ("en", "invalid int value: '" + "0" * 39 + "… (5,002 characters)\n"),
        ("ru", "недопустимое значение типа int: '" + "0" * 39 + "… (5\u00a0002 символа)\n"),
        ("uk", "неприпустиме значення типу int: '" + "0" * 39 + "… (5\u00a0002 символи)\n"),
    ],
)
def test_a_5000_digit_option_value_is_quoted_as_an_excerpt(
    lang: str, tail: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse quoted a 5,000-digit ``--budget`` back whole: a 5,000-character error line.
    Now the value is its first 40 characters and its length, in the reader's language."""
    from durak_nb.cli import main

    with pytest.raises(SystemExit) as ended:
        main(["--lang", lang, "analyse", "recordings/draw.json", "-o", "x.json", "--budget", "0" * 5000])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    last = err.splitlines(keepends=True)[-1]
    assert len(last) < 200
    assert last.endswith(tail), last


# ------------------------------------------------------------------ a cell that ends its own process


def _notebook(tmp_path: Path, *sources: str) -> Path:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None} for s in sources
    ]
    bad = tmp_path / "ends.ipynb"
    bad.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return bad


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (
            "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)",
            "cell 2 ended the process running the lesson (signal SIGKILL)",
        ),
        ("import os\nos._exit(0)", "cell 2 ended the process running the lesson (exit code 0)"),
    ],
)
def test_a_cell_ending_its_own_process_fails_the_export_in_words(tmp_path: Path, source: str, words: str) -> None:
    """A lesson cell's ``os.kill(os.getpid(), 9)`` killed ``durak-nb export`` itself (the
    cells ran in its process): exit -9, not a word. The cells now run in a child process:
    the export fails naming the cell and how its process ended, exit 1, nothing written."""
    bad = _notebook(tmp_path, "x = 1", source)
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from durak_nb.cli import main; sys.exit(main(sys.argv[1:]))",
            "export",
            str(bad),
            "-o",
            str(tmp_path / "x.html"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (run.returncode, run.stdout, run.stderr) == (1, "", f"durak-nb export: error: {bad}: {words}\n")
    assert not (tmp_path / "x.html").exists()


def test_the_lesson_run_in_a_child_keeps_the_callers_language(tmp_path: Path) -> None:
    """The notebook's ``set_language`` holds in the child only: the page is in Ukrainian,
    the caller stays in Russian."""
    from durak_nb.i18n import get_language, language
    from durak_nb.views.lesson_page import lesson_page

    nb = _notebook(tmp_path, "from durak_nb import set_language\nset_language('uk')", "print('ok')")
    with language("ru"):
        page = lesson_page(nb)
        assert get_language() == "ru"
    assert page.lang == "uk"
    assert page.body == ['<pre class="dnb-lesson-text">ok\n</pre>']
