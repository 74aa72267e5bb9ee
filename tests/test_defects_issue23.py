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
        "підкидний дурень: Анна, Борис, Віра; козир C",
        "   1  Віра ходить 7D",
        "      {Колода порожня. Віра ходить під Анну останньою картою.}",
        "   2  Анна б'є 7D картою КD",
    ]
    utf8 = subprocess.run(
        [sys.executable, "-m", "durak_nb.cli", "replay", rec],
        capture_output=True,
        env=_env(LANG="uk_UA.UTF-8", DURAK_NB_LANG="uk"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    assert utf8.stdout.decode("utf-8").splitlines()[1] == "   1  Віра ходить 7♦"
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
import durak_nb.entry
assert "durak_nb.engine" not in sys.modules and "durak_nb.cards" not in sys.modules, sorted(sys.modules)

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "durak_nb.engine":
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the engine is being imported
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["durak-nb", "validate", "x.json"]
sys.exit(durak_nb.entry.main())
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


# ------------------------------------------------------------------ the held journal


def _journal(tmp_path: Path) -> tuple[Path, object]:
    from durak_nb.engine import Move
    from durak_nb.record.recorder import Recorder

    path = tmp_path / "g.durak.jsonl"
    rec = Recorder.create(path, "podkidnoy", ["Anna", "Boris"], seed=1)
    rec.play(Move.attack(1, "8D"))
    for n in range(4):
        rec.comment(f"a comment long enough to push the head line far from the end, number {n}")
    return path, rec


def test_a_same_size_rewrite_far_from_the_end_of_a_held_journal_is_refused(tmp_path: Path) -> None:
    """The check compared the size and the last 64 bytes: a rewrite of the head line
    (``Anna`` -> ``Anya``, the same size) went unnoticed and the next move was appended
    to a journal of another game.  Now the whole file's hash is compared."""
    from durak_nb.engine import Move
    from durak_nb.record.json_form import RecordingError

    path, rec = _journal(tmp_path)
    data = path.read_bytes()
    assert len(data) > 300 and b'"Anna"' in data[:200]
    forged = data.replace(b'"Anna"', b'"Anya"', 1)
    path.write_bytes(forged)
    for lang, words in (
        (
            "en",
            "the journal was rewritten by another program while this recorder held it (its {n} bytes are "
            "not the ones this recorder wrote); nothing was written or cut: close this recorder and read "
            "the journal again with Recorder.open()",
        ),
        (
            "ru",
            "журнал переписала другая программа, пока эта запись его держала (байтов в нём столько же, {n}, "
            "но они не те, что она записала); ничего не записано и не обрезано: закройте эту запись и "
            "прочитайте журнал заново через Recorder.open()",
        ),
        (
            "uk",
            "журнал переписала інша програма, поки цей запис його тримав (байтів у ньому стільки ж, {n}, "
            "але вони не ті, що він записав); нічого не записано й не обрізано: закрийте цей запис і "
            "прочитайте журнал знову через Recorder.open()",
        ),
    ):
        with language(lang), pytest.raises(RecordingError) as err:
            rec.play(Move.defend(0, "AD", "8D"))  # type: ignore[attr-defined]
        assert (err.value.file, err.value.whole, err.value.message) == (str(path), True, words.format(n=len(data)))
    assert path.read_bytes() == forged  # nothing written, nothing cut
    path.write_bytes(data)  # put back as it was: the recorder goes on
    rec.play(Move.defend(0, "AD", "8D"))  # type: ignore[attr-defined]
    rec.close()  # type: ignore[attr-defined]


def test_a_write_error_names_the_file_without_a_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed write printed ``FILE:1:1: error:`` (a place a write error does not have)."""
    import errno

    from durak_nb.engine import Move
    from durak_nb.record import recorder
    from durak_nb.record.json_form import RecordingError

    path, rec = _journal(tmp_path)
    before = path.read_bytes()

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(recorder.os, "write", full)
    with pytest.raises(RecordingError) as err:
        rec.play(Move.defend(0, "AD", "8D"))  # type: ignore[attr-defined]
    assert str(err.value) == (f"{path}: error: cannot write the journal: No space left on device; nothing was recorded")
    assert path.read_bytes() == before
    monkeypatch.undo()
    rec.play(Move.defend(0, "AD", "8D"))  # type: ignore[attr-defined]
    rec.close()  # type: ignore[attr-defined]


# ------------------------------------------------------------------ one name check, one bout rule

NAME_WORDS = {
    "en": "'players' must be a list of non-empty names (at most 200 characters)",
    "ru": "'players' — это список непустых имён (не длиннее 200 символов)",
    "uk": "'players' — це список непорожніх імен (не довших за 200 символів)",
}


@pytest.mark.parametrize("bad", [" ", "\t", "x" * 201])
def test_game_deal_refuses_the_names_the_record_layer_refuses(bad: str) -> None:
    """``Game.deal`` took ``" "`` and a 201-character name, which no recording can hold."""
    from durak_nb.engine import Game, SetupError
    from durak_nb.record.json_form import players_problem

    for lang, words in NAME_WORDS.items():
        with language(lang):
            with pytest.raises(SetupError) as err:
                Game.deal("podkidnoy", [bad, "Boris"], seed=1)
            assert (err.value.rule, err.value.message) == ("R2", words)
            assert players_problem([bad, "Boris"]) == words  # the same check, the same words
    with pytest.raises(SetupError) as err:
        Game.deal("podkidnoy", ["Anna", "Boris\ud800"], seed=1)
    assert err.value.message == "'players': a name holds a lone surrogate, which is not valid Unicode text"
    assert Game.deal("podkidnoy", [" Anna ", "y" * 200], seed=1).players == (" Anna ", "y" * 200)


def test_start_bout_is_one_rule_in_the_engine_the_json_form_and_the_notation(tmp_path: Path) -> None:
    """``start.bout``: the engine took ``True`` and any size, the readers 1..MAX_BOUT; a
    ``first_bito_done`` of ``"no"`` was read as true.  One bound, the engine's."""
    import json

    from durak_nb.engine import MAX_BOUT, Game, SetupError
    from durak_nb.record import Recording, RecordingError, json_form

    assert json_form.MAX_BOUT is MAX_BOUT
    where = {"rules": "podkidnoy", "players": ["A", "B"], "hands": {"A": "6S", "B": "7S"}, "talon": ""}
    for bout in (True, 1.0, 0, MAX_BOUT + 1):
        with pytest.raises(SetupError) as err:
            Game.from_position(**where, trump="S", attacker="A", bout=bout, rest_to_discard=True)  # type: ignore[arg-type]
        assert (err.value.rule, err.value.message) == (
            "R19",
            f"start.bout must be a whole number from 1 to 999999999, not {bout!r}",
        )
    with pytest.raises(SetupError) as err:
        Game.from_position(**where, trump="S", attacker="A", first_bito_done="no", rest_to_discard=True)  # type: ignore[arg-type]
    assert (err.value.rule, err.value.message) == ("R13c", "start.first_bito_done must be true or false, not 'no'")
    game = Game.from_position(**where, trump="S", attacker="A", bout=MAX_BOUT, rest_to_discard=True)  # type: ignore[arg-type]
    assert game.bout == MAX_BOUT
    doc = json.loads((ROOT / "recordings" / "draw.json").read_text(encoding="utf-8"))
    for bout in (1.0, True, MAX_BOUT + 1):
        doc["start"]["bout"] = bout
        with pytest.raises(RecordingError) as rerr:
            Recording.from_json_text(json.dumps(doc))
        assert (rerr.value.rule, rerr.value.message) == ("R19", "start.bout: a whole number from 1 to 999999999")
    from durak_nb.record import notation

    text = (ROOT / "recordings" / "draw.durak").read_text(encoding="utf-8")
    for bout in ("1.0", str(MAX_BOUT + 1)):
        with pytest.raises(RecordingError) as rerr:
            notation.read(text.replace("[Bout 25]", f"[Bout {bout}]"))
        assert rerr.value.rule == "R19"


# ------------------------------------------------------------------ a 4,301-digit number


@pytest.mark.parametrize(
    ("lang", "words", "meta"),
    [
        ("en", "bad JSON: a whole number of 4301 digits: at most 4300 digits", "of 4302 digits: at most 4300 digits"),
        (
            "ru",
            "неверный JSON: целое число из 4301 цифры: можно не больше 4300 цифр",
            "из 4302 цифр: можно не больше 4300 цифр",
        ),
        (
            "uk",
            "неправильний JSON: ціле число з 4301 цифри: можна не більше 4300 цифр",
            "з 4302 цифр: можна не більше 4300 цифр",
        ),
    ],
)
def test_a_number_past_pythons_digit_limit_is_said_in_the_kits_words(lang: str, words: str, meta: str) -> None:
    """It was Python's own "Exceeds the limit (4300 digits) for integer string conversion:
    ... use sys.set_int_max_str_digits()"."""
    from durak_nb.record import Recording, RecordingError, notation

    text = (
        (ROOT / "recordings" / "draw.json").read_text(encoding="utf-8").replace('"bout": 25', '"bout": ' + "9" * 4301)
    )
    with language(lang), pytest.raises(RecordingError) as err:
        Recording.from_json_text(text, file="big.json")
    assert (err.value.line, err.value.column, err.value.message) == (12, 13, words)
    durak = (ROOT / "recordings" / "draw.durak").read_text(encoding="utf-8")
    with language(lang), pytest.raises(RecordingError) as err:
        notation.read(durak.replace("[Bout 25]", "[Bout 25]\n[x -" + "1" * 4302 + "]"))
    assert (err.value.line, err.value.column) == (17, 4) and err.value.message.endswith(meta)


def test_a_refused_move_leaves_the_generator_equal_to_a_copy_taken_before() -> None:
    """shared/repro/engine_misuse.py compares a deep copy of every slot before and after a
    refused move: the game's generator (R3, R5) equals a copy in the same state, so a
    refused move (which draws nothing) leaves it equal; a draw does not."""
    import copy
    import random

    from durak_nb import Game, Move
    from durak_nb.engine import IllegalMove

    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=7)
    before = copy.deepcopy(g.rng)
    assert before == g.rng and before is not g.rng
    defender = g.defender
    out_of_turn = Move.attack(defender, [g.hands[defender][0]])  # R9: the defender may not lead
    with pytest.raises(IllegalMove):
        g.play(out_of_turn)
    assert g.rng == before == copy.deepcopy(g.rng)
    same = random.Random()
    same.setstate(g.rng.getstate())
    assert g.rng == same and g.rng != random.Random(7)  # equal by state alone
    g.rng.random()
    assert g.rng != before


def test_legal_moves_of_a_stranger_is_refused_before_anything_is_made() -> None:
    """shared/repro/engine_misuse.py: ``legal_moves('Zed')`` made the moves (and filled the
    seating's move tables) before refusing the name; now the name is refused first (R2)
    and the game is as it was, move tables and all."""
    import copy

    from durak_nb import Game
    from durak_nb.engine import PlayerError

    g = Game.deal("podkidnoy", ["Anna", "Boris", "Vera"], seed=918_273)
    before = {s: copy.deepcopy(getattr(g, s)) for s in ("_defence_tables", "_throw_tables", "_legal_cache")}
    with pytest.raises(PlayerError, match=r"\[R2\] 'Zed' is not a player"):
        g.legal_moves("Zed")
    assert {s: getattr(g, s) for s in before} == before
    assert g.legal_moves("Anna") == [m for m in g.legal_moves() if m.player == 0]
