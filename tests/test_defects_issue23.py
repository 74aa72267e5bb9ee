"""Issue 23's smaller defects and leftovers (branch defects), each with a test that
failed before its fix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from durak_nb import console
from durak_nb.i18n import language
from durak_nb.rules import Rules, RulesError

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG")}
    for var in ("DURAK_NB_LANG", "PYTHONIOENCODING", "PYTHONUTF8"):
        base.pop(var, None)
    base.update({"PYTHONPATH": str(ROOT), "COLUMNS": "80"})
    base.update(extra)
    return base


# ------------------------------------------------------------------ Rules.make(dict)


def test_rules_make_takes_a_mapping_and_refuses_other_presets_in_words() -> None:
    """``Rules.make({...})`` was ``TypeError: unhashable type: 'dict'``."""
    assert Rules.make({"preset": "perevodnoy", "deck_size": 52}) == Rules.make("perevodnoy", deck_size=52)
    assert Rules.make({"preset": "prostoy"}) == Rules.make("prostoy")
    words = {
        "en": "the preset is a name (podkidnoy, perevodnoy, prostoy, english, japanese) or an object with "
        "'preset' and options",
        "ru": "набор правил — это название (podkidnoy, perevodnoy, prostoy, english, japanese) или объект с "
        "'preset' и параметрами",
        "uk": "набір правил — це назва (podkidnoy, perevodnoy, prostoy, english, japanese) або об'єкт із "
        "'preset' і параметрами",
    }
    for bad in (["podkidnoy"], 36, None, {"podkidnoy"}):
        for lang, want in words.items():
            with language(lang), pytest.raises(RulesError) as got:
                Rules.make(bad)  # type: ignore[arg-type]
            assert (got.value.rule, got.value.message) == (None, want)
    with pytest.raises(RulesError, match=r"unknown option 'nope'"):
        Rules.make({"preset": "podkidnoy", "nope": 1})


# ------------------------------------------------------------------ the locale's encoding


def test_output_is_in_the_locales_encoding() -> None:
    """``LANG=uk_UA.KOI8-U`` got UTF-8 (Python falls back to UTF-8 when the locale is not
    installed, and would refuse ♠ when it is): now KOI8-U, the suits as their letters."""
    rec = str(ROOT / "recordings" / "draw.durak")
    got = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "replay", rec],
        capture_output=True,
        env=_env(LANG="uk_UA.KOI8-U", DURAK_NB_LANG="uk"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    lines = got.stdout.decode("koi8-u").splitlines()
    assert lines[:4] == [
        "podkidnoy: Anna, Boris, Vera; козир C",
        "   0  Vera ходить 7D",
        "      {The talon is empty. Vera leads her last card at Anna.}",
        "   1  Anna б'є 7D картою КD",
    ]
    utf8 = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "replay", rec],
        capture_output=True,
        env=_env(LANG="uk_UA.UTF-8", DURAK_NB_LANG="uk"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    assert utf8.stdout.decode("utf-8").splitlines()[1] == "   0  Vera ходить 7♦"
    # JSON output keeps every string: escapes where the encoding has no character
    js = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "validate", "--json", rec],
        capture_output=True,
        env=_env(LANG="ru_RU.KOI8-R"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    assert js.stdout.isascii() and js.stdout.startswith(b'{"ok": true')


def test_what_an_encoding_lacks() -> None:
    assert [console.text_for(c) for c in "♠♥♦♣—«…★"] == ["S", "H", "D", "C", "-", '"', "...", "\\u2605"]
    assert "10♠ «Жора» ★".encode("koi8-u", console.ERRORS).decode("koi8-u") == '10S "Жора" \\u2605'
    assert console.locale_encoding({"LANG": "uk_UA.KOI8-U", "LC_CTYPE": "C.UTF-8"}) == "koi8-u"
    assert console.locale_encoding({"LANG": "uk_UA.NO-SUCH"}) is None


# ------------------------------------------------------------------ Ctrl-C while importing

_EARLY_INTERRUPT = """
import os, signal, sys
import durak_nb.console
assert "durak_nb.engine" not in sys.modules and "durak_nb.cards" not in sys.modules, sorted(sys.modules)

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "durak_nb.engine":
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the engine is being imported
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["durak-nb", "validate", "x.json"]
sys.exit(durak_nb.console.main())
"""


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "durak-nb: interrupted; nothing written"),
        ("ru", "durak-nb: прервано; ничего не записано"),
        ("uk", "durak-nb: перервано; нічого не записано"),
    ],
)
def test_ctrl_c_while_the_kit_is_imported(lang: str, words: str) -> None:
    """A Ctrl-C in the first ~0.6 s (the imports) printed a KeyboardInterrupt traceback."""
    got = subprocess.run(
        [sys.executable, "-c", _EARLY_INTERRUPT],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(LANG="C.UTF-8", DURAK_NB_LANG=lang),
        cwd=ROOT,
        timeout=120,
    )
    assert (got.returncode, got.stdout, got.stderr) == (128 + signal.SIGINT, "", words + "\n")
