"""Issue 13, the reviewer's header defects of the human notation (docs/notation.md,
"Headers"): a near-miss header's warning ("did you mean Rules?") is said beside a later
error of the header lines too, in text and in ``validate --json``; a header name with a
character that is not a Latin letter or digit (Игроки, a Cyrillic е, a bidi override
U+202E) is refused at that character, which the error shows visibly and safely
(``'е' (U+0435)``, or only ``U+202E`` for an invisible one), never as it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from durak_nb import cli
from durak_nb.i18n import language
from durak_nb.record.json_form import RecordingError
from durak_nb.record.lexer import char_shown
from durak_nb.record.notation import read

ROOT = Path(__file__).resolve().parent.parent
#: recordings/podkidnoy-2p.durak from its [Players ...] header on: a whole legal game
GAME = "".join((ROOT / "recordings" / "podkidnoy-2p.durak").read_text(encoding="utf-8").splitlines(True)[6:])
RULEZ_EN = "unknown header Rulez (kept in meta.headers): did you mean Rules?"
NAME_EN = (
    "{char} cannot be in a header name: a header name is Latin letters and digits "
    "(A-Z, a-z, 0-9 and _, beginning with a letter), e.g. [Players Anna Boris]"
)
NAME_RU = (
    "{char} не может стоять в названии заголовка: название заголовка — латинские буквы и цифры "
    "(A-Z, a-z, 0-9 и _, первой идёт буква), например [Players Анна Борис]"
)
NAME_UK = (
    "{char} не може стояти в назві заголовка: назва заголовка — латинські літери й цифри "
    "(A-Z, a-z, 0-9 і _, першою йде літера), наприклад [Players Анна Борис]"
)


def _file(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "game.durak"
    p.write_text(text, encoding="utf-8")
    return p


def test_the_game_read_is_legal_without_the_bad_lines(tmp_path: Path, capsys: Any) -> None:
    assert GAME.startswith("[Players Anna Boris]\n[Rules podkidnoy]\n")
    assert cli.main(["validate", str(_file(tmp_path, GAME))]) == 0
    assert capsys.readouterr().err == ""


def test_a_near_miss_warning_is_said_beside_a_later_header_error(tmp_path: Path, capsys: Any) -> None:
    game = _file(tmp_path, '[Rulez "podkidnoy"]\n[Игроки "x"]\n' + GAME)
    assert cli.main(["validate", str(game)]) == 1
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err == (
        f"{game}:1:2: warning: {RULEZ_EN}\n" + f"{game}:2:2: error: " + NAME_EN.format(char="'И' (U+0418)") + "\n"
    )
    assert cli.main(["validate", "--json", str(game)]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "ok": False,
        "move": None,
        "rule": None,
        "message": NAME_EN.format(char="'И' (U+0418)"),
        "warnings": [{"line": 1, "column": 2, "message": RULEZ_EN}],
    }
    assert cli.main(["--lang", "ru", "validate", str(game)]) == 1
    assert capsys.readouterr().err == (
        f"{game}:1:2: предупреждение: неизвестный заголовок Rulez (сохранён в meta.headers): может быть, Rules?\n"
        f"{game}:2:2: ошибка: " + NAME_RU.format(char="'И' (U+0418)") + "\n"
    )
    assert cli.main(["--lang", "uk", "validate", str(game)]) == 1
    assert capsys.readouterr().err == (
        f"{game}:1:2: попередження: невідомий заголовок Rulez (збережено в meta.headers): можливо, Rules?\n"
        f"{game}:2:2: помилка: " + NAME_UK.format(char="'И' (U+0418)") + "\n"
    )


def test_the_warnings_go_with_any_error_of_the_header_lines(tmp_path: Path) -> None:
    """A header line with no ']' and a header with no value: each error carries the
    doubts about the headers read before it (and only those)."""
    for bad, place, words in (
        ("[Dealer Boris\n", (3, 1), "a header is written [Name value] on a line of its own, ending with ']'"),
        ("[Dealer ]\n", (3, 1), "the header Dealer has no value"),
    ):
        with pytest.raises(RecordingError) as err:
            read('[Rulez "podkidnoy"]\n[Player "Vera"]\n' + bad + GAME, file="g.durak")
        assert ((err.value.line, err.value.column), err.value.message) == (place, words)
        assert [(w.line, w.column, w.message) for w in err.value.warnings] == [
            (1, 2, RULEZ_EN),
            (2, 2, "unknown header Player (kept in meta.headers): did you mean Players?"),
        ]


def test_the_warning_goes_with_an_error_of_the_moves(tmp_path: Path, capsys: Any) -> None:
    game = _file(tmp_path, '[Rulez "podkidnoy"]\n' + GAME.replace("1. Boris TH", "1. Boris 7X", 1))
    assert cli.main(["validate", "--json", str(game)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False
    assert answer["warnings"] == [{"line": 1, "column": 2, "message": RULEZ_EN}]


@pytest.mark.parametrize(
    ("name", "column", "shown"),
    [
        ("Rul\u202eez", 5, "U+202E"),  # a bidi override: named, never printed
        ("R\u0435sult", 3, "'е' (U+0435)"),  # a Cyrillic е among Latin letters
        ("Игроки", 2, "'И' (U+0418)"),  # letters, but not Latin ones
        ("Rul\x1bez", 5, "U+001B"),  # a terminal escape
        ("Rul-ez", 5, "'-' (U+002D)"),
        ("1st", 2, "'1' (U+0031)"),  # a name begins with a letter
    ],
)
def test_a_header_name_not_latin_is_refused_at_its_first_bad_character(name: str, column: int, shown: str) -> None:
    text = f'[{name} "x"]\n' + GAME
    for lang, words in (("en", NAME_EN), ("ru", NAME_RU), ("uk", NAME_UK)):
        with language(lang), pytest.raises(RecordingError) as err:
            read(text, file="g.durak")
        assert (err.value.line, err.value.column, err.value.rule) == (1, column, None)
        assert err.value.message == words.format(char=shown)
        assert "\u202e" not in err.value.format() and "\x1b" not in err.value.format()


def test_the_cli_never_prints_the_bidi_override(tmp_path: Path, capsys: Any) -> None:
    game = _file(tmp_path, '[Rul\u202eez "x"]\n' + GAME)
    assert cli.main(["validate", str(game)]) == 1
    assert capsys.readouterr().err == f"{game}:1:5: error: " + NAME_EN.format(char="U+202E") + "\n"


def test_a_value_touching_the_name_and_a_name_too_long() -> None:
    with pytest.raises(RecordingError) as err:
        read('[Event"x"]\n' + GAME, file="g.durak")
    assert (err.value.column, err.value.message) == (7, "a space goes between the header name 'Event' and its value")
    for lang, words in (
        ("en", "a header name has at most 64 characters"),
        ("ru", "в названии заголовка не больше 64 символов"),
        ("uk", "у назві заголовка не більше 64 символів"),
    ):
        with language(lang), pytest.raises(RecordingError) as err:
            read("[" + "A" * 70 + ' "x"]\n' + GAME, file="g.durak")
        assert (err.value.line, err.value.column, err.value.message) == (1, 66, words)


def test_char_shown() -> None:
    assert [char_shown(c) for c in ("е", "\u202e", "\x1b", " ", "♠", "\u2028", "\ud800")] == [
        "'е' (U+0435)",
        "U+202E",
        "U+001B",
        "' ' (U+0020)",
        "'♠' (U+2660)",
        "U+2028",
        "U+D800",
    ]
