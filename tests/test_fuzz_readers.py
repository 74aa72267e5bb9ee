"""Hypothesis fuzzing of the readers: the notation (``.durak``) and the JSON form.

Mutated recordings and random text or JSON go in; nothing may come out but the kit's
documented error, :class:`~durak_nb.record.json_form.RecordingError` (no IndexError,
KeyError, RecursionError, ValueError, ...).  Whatever reads without error also writes
back and reads again to the same games (R1-R27 games all through: the readers replay
every move against the engine).

``DURAK_FUZZ_EXAMPLES`` sets the number of examples per test (default 150).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_nb.engine import Game
from durak_nb.record import Recording, RecordingError, notation, validate_recording
from durak_nb.record.json_form import Deal

#: examples per test; DURAK_FUZZ_EXAMPLES=5000 for a long run
FUZZ = settings(
    max_examples=int(os.environ.get("DURAK_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SMALL_DURAK = sorted(
    p
    for p in RECORDINGS.glob("*.durak")
    if p.stat().st_size < 4000 or p.name in ("annotated-transfer-or-cover.durak", "match-4p-podkidnoy.durak")
)
SMALL_JSON = sorted(p for p in RECORDINGS.glob("*.json") if p.stat().st_size < 6000)
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in SMALL_DURAK}
JSON_TEXTS = {p.name: p.read_text(encoding="utf-8") for p in SMALL_JSON}

#: Pieces of the notation (and of its mistakes) to splice into texts.
SNIPPETS = [
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    '"',
    "\\",
    "\n",
    " ",
    ",",
    ".",
    "...",
    "5.",
    "12.",
    "3...",
    "!",
    "?",
    "!!",
    "?!",
    "!!!",
    "+",
    ">",
    "/",
    "Anna",
    "Boris",
    "Vera",
    "Gleb",
    '"Vera"',
    "Zed",
    "7S",
    "10♥",
    "AS",
    "1H",
    "take",
    "pass",
    "show",
    "redeal",
    "Anna 7S",
    "Boris take",
    "(Anna pass)",
    "{a comment}",
    "[Players Anna Boris]\n",
    "[Seed 5]\n",
    "[Result draw]\n",
    "[Result durak Anna]\n",
    "[Rules perevodnoy]\n",
    '[Meta "k" [1, {"a": null}]]\n',
    '[comments {"0": "x"}]\n',
    "[Discard rest]\n",
    "[Trump H]\n",
    "[Dealer Vera]\n",
    "[Attacker Boris]\n",
    "[Teams Anna | Boris]\n",
    "\ufeff",
    "\u2028",
    "1" * 5000,
    "\x00",
    "[deep " + "[" * 300 + "]" * 300 + "]\n",
    "(" * 150,
]


@st.composite
def mutated(draw: st.DrawFn, texts: dict[str, str], snippets: list[str]) -> str:
    """A text of ``texts`` with a few random edits: cut, insert, replace, duplicate."""
    text = texts[draw(st.sampled_from(sorted(texts)))]
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 40)))
        kind = draw(st.sampled_from(["cut", "insert", "replace", "dup", "random"]))
        if kind == "cut":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.sampled_from(snippets)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.sampled_from(snippets)) + text[j:]
        elif kind == "dup":
            text = text[:i] + text[i:j] + text[i:]
        else:
            text = text[:i] + draw(st.text(max_size=8)) + text[j:]
    return text


def check_notation(text: str) -> None:
    """Strict: games or RecordingError; lenient: never raises; what reads, writes back."""
    try:
        games = notation.read_games(text)
    except RecordingError as exc:
        assert exc.line >= 1 and exc.column >= 1
        games = None
    reading = notation.parse(text, strict=False)
    assert len(reading.problems) <= 1
    if games is not None:
        assert reading.ok and reading.games == games
        again = notation.write(games)
        assert notation.read_games(again) == games
        assert notation.write(notation.read_games(again)) == again
    else:
        assert not reading.ok


@FUZZ
@given(mutated(TEXTS, SNIPPETS))
def test_mutated_notation_raises_only_recording_error(text: str) -> None:
    check_notation(text)


@FUZZ
@given(st.text(alphabet=st.sampled_from(list('[]{}()"\\/+>!?.,5 \nAnnaBorisVera7SHDCtakepss10♥')), max_size=300))
def test_random_notation_text_raises_only_recording_error(text: str) -> None:
    check_notation(text)


@FUZZ
@given(st.lists(st.sampled_from(SNIPPETS), max_size=40).map("".join))
def test_random_snippet_sequences_raise_only_recording_error(text: str) -> None:
    check_notation("[Players Anna Boris Vera]\n[Seed 3]\n\n" + text)


# ----------------------------------------------------------------------------- the JSON reader


JSON_SNIPPETS = [
    "{",
    "}",
    "[",
    "]",
    '"',
    ",",
    ":",
    "null",
    "true",
    "1e999",
    "-0",
    "NaN",
    "1" * 5000,
    '"moves"',
    '"meta"',
    '{"player": "Anna", "action": "pass"}',
    '{"player": "Anna", "action": "attack", "cards": []}',
    '"comments": {"0": 1}',
    '"variations": {"0": [{"moves": []}]}',
    '"7S"',
    '"10♥"',
    '"XX"',
    '"Anna"',
    '"start"',
    '"deal"',
    "\ufeff",
    "\\ud800",
    '"\\ud800"',
    "[" * 2000,
]


def check_json(text: str) -> None:
    try:
        rec = Recording.from_json_text(text)
    except RecordingError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    report = validate_recording(rec)
    assert report.ok == (report.error is None)
    if report.ok:
        try:  # a legal game writes as notation (or is refused with a RecordingError)
            written = notation.write(rec)
        except RecordingError:
            return
        assert notation.read(written) == rec


@FUZZ
@given(mutated(JSON_TEXTS, JSON_SNIPPETS))
def test_mutated_json_raises_only_recording_error(text: str) -> None:
    check_json(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@st.composite
def odd_documents(draw: st.DrawFn) -> Any:
    """A recording's JSON document with one member (at any depth) replaced by random JSON."""
    doc: Any = json.loads(JSON_TEXTS[draw(st.sampled_from(sorted(JSON_TEXTS)))])
    node = doc
    for _ in range(draw(st.integers(0, 4))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or draw(st.booleans()):
                node[key] = draw(json_values)
                return doc
            node = node[key]
        elif isinstance(node, list) and node:
            k = draw(st.integers(0, len(node) - 1))
            if not isinstance(node[k], dict | list) or draw(st.booleans()):
                node[k] = draw(json_values)
                return doc
            node = node[k]
        else:
            break
    return draw(json_values) if draw(st.integers(0, 9)) == 0 else doc


@FUZZ
@given(odd_documents())
def test_odd_json_documents_raise_only_recording_error(doc: Any) -> None:
    check_json(json.dumps(doc, ensure_ascii=False))


@FUZZ
@given(st.text(max_size=200))
def test_random_text_as_json_raises_only_recording_error(text: str) -> None:
    check_json(text)


@FUZZ
@given(
    mutated(
        JSON_TEXTS | {"match": notation.json_text(notation.read_games(TEXTS["match-4p-podkidnoy.durak"]))},
        JSON_SNIPPETS,
    )
)
def test_mutated_json_files_and_matches_validate_without_raising(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """durak-nb validate on any file: reports, never raises (a JSON array is a match, R4)."""
    path: Path = tmp_path_factory.mktemp("fuzz") / "game.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    reports = notation.validate_path(path)
    assert reports and all(r.ok == (r.error is None) for r in reports)


# ----------------------------------------------------------------------------- losslessness


def small_recording() -> Recording:
    g = Game.deal("podkidnoy", ["Anna", "Boris", "Vera"], seed=11)
    rec = Recording(g.rules, g.players, deal=Deal(2, g.deck_order))
    for _ in range(8):
        move = g.legal_moves()[-1]
        g.play(move)
        rec.moves.append(move)
    return rec


@FUZZ
@given(
    st.dictionaries(st.text(max_size=12), json_values, max_size=5),
    st.dictionaries(st.integers(0, 7).map(str), st.text(max_size=20), max_size=3),
    st.dictionaries(st.integers(0, 7).map(str), st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]), max_size=3),
)
def test_any_meta_survives_the_notation(meta: dict[str, Any], comments: dict[str, str], glyphs: dict[str, str]) -> None:
    """read(write(rec)) == rec for any JSON meta, annotations included."""
    rec = small_recording()
    rec.meta = dict(meta)
    if comments:
        rec.meta["comments"] = comments
    if glyphs:
        rec.meta["glyphs"] = glyphs
    text = notation.write(rec)
    assert notation.read(text) == rec
    assert notation.write(notation.read(text)) == text


def test_a_surrogate_in_meta_is_refused_when_written_to_a_file(tmp_path: Path) -> None:
    rec = small_recording()
    rec.meta = {"title": "\ud800"}
    with pytest.raises(RecordingError, match="not valid Unicode"):
        notation.dump(rec, tmp_path / "x.durak")
    assert not (tmp_path / "x.durak").exists()
    # defect 1 (issue 8): the reader refuses a lone surrogate, so the writer does too
    with pytest.raises(RecordingError, match="lone surrogate, which is not valid Unicode"):
        notation.write(rec)


def test_a_json_number_of_5000_digits_is_a_recording_error() -> None:
    """Found by the fuzzer: Python's int conversion limit raised a bare ValueError."""
    with pytest.raises(RecordingError) as info:
        Recording.from_json_text('{"format": "durak-nb/1",\n  "x": ' + "1" * 5000 + "}")
    assert (info.value.line, info.value.column) == (2, 8)
    assert (
        info.value.message == "bad JSON: a whole number of 5000 digits: at most 4300 digits"
    )  # the kit's words (issue 23)
