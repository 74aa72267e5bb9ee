"""The record part in Russian and Ukrainian (issue 11): validation reports with their
place and rule id, the text of ``durak-nb replay``, the recorder's and the annotator's
errors, word for word; the files written (notation, JSON form, journal) the same bytes
in every language; the catalogue complete.

The words that come from the engine (a move's words, a refusal, a result) are the
engine part's (translated there): they are taken here as the engine says them in the
language, and the sentence around them is checked exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from durak_nb import catalogues
from durak_nb.annotate import AnnotateError, Annotator, where
from durak_nb.cards import deck
from durak_nb.engine import Action, Game, Move
from durak_nb.game_text import game_lines
from durak_nb.i18n import language
from durak_nb.record import Recording, RecordingError, validate_file
from durak_nb.record.recorder import Recorder, TornLine, read_journal
from durak_nb.record.tree import GameTree
from durak_nb.record.writer import write
from durak_nb.replay import path_text

NAMES = ["Anna", "Boris"]

#: a two-card ending: Anna leads 6♠, Boris covers with 7♠ (a glyph, a comment, a side
#: line where Boris takes), then Anna has no card to add (R15: bito follows)
DOC = {
    "format": "durak-nb/1",
    "rules": "podkidnoy",
    "players": NAMES,
    "start": {
        "hands": {"Anna": ["6S", "AH"], "Boris": ["7S"]},
        "talon": [],
        "trump": "H",
        "discard": [c.code for c in deck(36) if c.code not in ("6S", "7S", "AH")],
        "attacker": "Anna",
        "first_bito_done": True,
    },
    "moves": [
        {"player": "Anna", "action": "attack", "cards": ["6S"]},
        {"player": "Boris", "action": "defend", "card": "7S", "target": "6S"},
    ],
    "meta": {
        "glyphs": {"1": "!"},
        "comments": {"1": "The only cover."},
        "variations": {"1": [{"moves": [{"player": "Boris", "action": "take"}]}]},
    },
}


def recording() -> Recording:
    return Recording.from_json(json.loads(json.dumps(DOC)))


# ----------------------------------------------------------------------------- validation reports


def _bad_player(tmp_path: Path) -> Path:
    doc = json.loads(json.dumps(DOC))
    del doc["meta"]
    doc["moves"][1]["player"] = "Zoe"
    path = tmp_path / "zoe.json"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "error: [R2] moves[1].player: 'Zoe' is not a player"),
        ("ru", "ошибка: [R2] moves[1].player: 'Zoe' не играет в этой партии"),
        ("uk", "помилка: [R2] moves[1].player: 'Zoe' не грає в цій партії"),
    ],
)
def test_a_validation_report_names_the_place_and_rule_in_each_language(tmp_path: Path, lang: str, words: str) -> None:
    path = _bad_player(tmp_path)
    with language(lang):
        report = validate_file(path)
        assert report.describe() == f"{path}:67:14: {words}"
        assert report.to_json()["rule"] == "R2"


@pytest.mark.parametrize(
    ("lang", "head", "error"),
    [("ru", "ход 2 ({move}): {why}", "ошибка"), ("uk", "хід 2 ({move}): {why}", "помилка")],
)
def test_an_illegal_move_is_reported_as_move_n_with_the_engines_words(
    tmp_path: Path, lang: str, head: str, error: str
) -> None:
    doc = json.loads(json.dumps(DOC))
    del doc["meta"]
    doc["moves"][1] = {"player": "Boris", "action": "defend", "card": "AH", "target": "6S"}  # Anna holds AH (R10)
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    with language(lang):
        report = validate_file(path)
        e = report.error
        assert e is not None and (e.move, e.rule) == (1, "R10")
        game = recording().new_game()
        game.play(Move(0, Action.ATTACK, game.hands[0][:1]))
        move = Move(1, Action.DEFEND, (game.hands[0][0],), game.table[0][0])
        refusal = game.why_illegal(move)
        assert refusal is not None and refusal.rule == "R10"
        message = head.format(move=move.describe(NAMES), why=refusal.message)
        assert e.message == message
        assert report.describe() == f"{path}:{e.line}:{e.column}: {error}: [R10] {message}"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "{file}: ok, {n} moves, {state}"),
        ("ru", "{file}: всё правильно, {n} хода, {state}"),
        ("uk", "{file}: усе правильно, {n} ходи, {state}"),
    ],
)
def test_a_legal_file_is_reported_ok_with_its_moves_counted(tmp_path: Path, lang: str, words: str) -> None:
    path = tmp_path / "ok.json"
    path.write_text(recording().dumps(), encoding="utf-8")
    with language(lang):
        report = validate_file(path)
        assert report.ok
        assert report.game is not None and report.game.result is None
        state = {"en": "not finished (bout 1)", "ru": "партия не окончена (кон 1)", "uk": "партію не закінчено (кон 1)"}
        assert report.describe() == words.format(file=path, n=2, state=state[lang])


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "{file}: ok, 1 move, {state}"),
        ("ru", "{file}: всё правильно, 1 ход, {state}"),
        ("uk", "{file}: усе правильно, 1 хід, {state}"),
    ],
)
def test_one_move_is_counted_in_the_singular(tmp_path: Path, lang: str, words: str) -> None:
    """Not «ok, 1 moves» (a breaker's report, issue 22: plural forms through the catalogues)."""
    doc = json.loads(recording().dumps())
    doc["moves"] = doc["moves"][:1]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with language(lang):
        report = validate_file(path)
        state = {"en": "not finished (bout 1)", "ru": "партия не окончена (кон 1)", "uk": "партію не закінчено (кон 1)"}
        assert report.describe() == words.format(file=path, state=state[lang])


def test_a_wrong_result_and_a_document_error_in_russian_and_ukrainian() -> None:
    doc = json.loads(json.dumps(DOC))
    doc["result"] = {"durak": "Boris"}
    rec = Recording.from_json(doc)
    with language("ru"), pytest.raises(RecordingError) as err:
        rec.check_result(rec.replay())
    assert err.value.rule == "R25"
    assert err.value.message == "записанный результат не сходится с ходом партии: партия не окончена"
    with language("uk"):
        with pytest.raises(RecordingError) as err:
            Recording.from_json({**DOC, "format": "durak-nb/2"})
        assert str(err.value) == '<string>:1:1: помилка: \'format\' має бути "durak-nb/1", а не "durak-nb/2"'


# ----------------------------------------------------------------------------- durak-nb replay


@pytest.mark.parametrize(
    ("lang", "head", "side"),
    [
        ("en", "podkidnoy: Anna, Boris; trump ♥", "side line 2.1, instead of move 2:"),
        ("ru", "подкидной дурак: Anna, Boris; козырь ♥", "вариант 2.1 вместо хода 2:"),
        ("uk", "підкидний дурень: Anna, Boris; козир ♥", "варіант 2.1 замість ходу 2:"),
    ],
)
def test_the_replay_text_of_a_short_game(lang: str, head: str, side: str) -> None:
    rec = recording()
    with language(lang):
        moves = rec.moves
        take = Move(1, Action.TAKE)
        assert list(game_lines(rec)) == [
            head,
            f"   1  {moves[0].describe(NAMES)}",
            f"   2  {moves[1].describe(NAMES)} !",
            "      {The only cover.}",
            f"      {side}",
            f"         1  {take.describe(NAMES)}",
        ]
        assert path_text(()) == {"en": "main line", "ru": "основная линия", "uk": "основна лінія"}[lang]


def test_the_replay_text_of_a_match_game_keeps_its_title() -> None:
    with language("uk"):
        assert next(game_lines(recording(), title="гра 2 з 3: ")) == "гра 2 з 3: підкидний дурень: Anna, Boris; козир ♥"


# ----------------------------------------------------------------------------- the recorder


def _journal(tmp_path: Path) -> Path:
    path = tmp_path / "g.durak.jsonl"
    with Recorder.create(path, "podkidnoy", NAMES, seed=1) as rec:
        rec.play(rec.game.legal_moves()[0])
    return path


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", 'an undo line is {{"undo": k}}, k one of the {n} moves written before it (0-based), not 7'),
        (
            "ru",
            'строка отмены — это {{"undo": k}}, где k — номер одного из {n} хода, '
            "записанного до неё (счёт с 0), а не 7",
        ),
        (
            "uk",
            'рядок скасування — це {{"undo": k}}, де k — номер одного з {n} ходу, '
            "записаного до нього (лік від 0), а не 7",
        ),
    ],
)
def test_a_recorder_error_names_the_journal_line(tmp_path: Path, lang: str, words: str) -> None:
    path = _journal(tmp_path)
    with path.open("ab") as fp:
        fp.write(b'{"undo": 7}\n')
    error = {"en": "error", "ru": "ошибка", "uk": "помилка"}[lang]
    with language(lang):
        with pytest.raises(RecordingError) as err:
            read_journal(path)
        assert str(err.value) == f"{path}:3:1: {error}: " + words.format(n=1)


def test_recorder_errors_in_russian_and_ukrainian(tmp_path: Path) -> None:
    path = _journal(tmp_path)
    with language("ru"), pytest.raises(RecordingError) as err:
        Recorder.create(path, "podkidnoy", NAMES, seed=1)
    assert err.value.message == "журнал уже есть: Recorder.open() продолжит его, overwrite=True заменит"
    with language("uk"), pytest.raises(RecordingError) as err:
        Recorder.create(tmp_path / "g.json", "podkidnoy", NAMES, seed=1)
    assert err.value.message == (
        "ім'я журналу має закінчуватися на '.durak.jsonl' (наприклад, 'game.durak.jsonl'): журнал відрізняють "
        "від запису в JSON ('.json') і нотації ('.durak') за іменем"
    )


@pytest.mark.parametrize(
    ("n", "ru", "uk"),
    [(1, "отброшен её 1 байт", "відкинуто його 1 байт"), (2, "отброшены её 2 байта", "відкинуто його 2 байти"),
     (5, "отброшены её 5 байт", "відкинуто його 5 байтів"), (11, "отброшены её 11 байт", "відкинуто його 11 байтів"),
     (21, "отброшен её 21 байт", "відкинуто його 21 байт"), (22, "отброшены её 22 байта", "відкинуто його 22 байти")],
)  # fmt: skip
def test_a_torn_line_counts_its_bytes(n: int, ru: str, uk: str) -> None:
    torn = TornLine(4, 100, b"x" * n)
    shown = repr("x" * n)
    with language("ru"):
        assert torn.describe("g.durak.jsonl") == (
            f"g.durak.jsonl: строка 4 оборвана (запись остановилась, когда её записали лишь частично): {ru} {shown}"
        )
    with language("uk"):
        assert torn.describe("g.durak.jsonl") == (
            f"g.durak.jsonl: рядок 4 обірвано (запис зупинився, коли його записали лише частково): {uk} {shown}"
        )


# ----------------------------------------------------------------------------- annotate


def test_annotate_messages_in_russian_and_ukrainian() -> None:
    a = Annotator(recording())
    main = a.tree.root.mainline()
    side = main[1].siblings()[0]
    with language("ru"):
        assert where(side) == "ход 1 варианта 2.1"
        assert where(main[1]) == "ход 2 основной линии"
        with pytest.raises(AnnotateError) as err:
            a.undo()
        assert err.value.message == "отменять нечего"
        with pytest.raises(AnnotateError) as err:
            a.promote(main[1])
        assert err.value.message == (
            "основная линия — это партия, как её сыграли: чтобы поднять вариант выше, перейдите в него"
        )
        a.set_glyph(main[0], "?")
        assert a.history() == [f"ход 1 основной линии ({main[0].move.describe(NAMES)}): знак оценки ?"]  # type: ignore[union-attr]
    with language("uk"):
        assert where(side) == "хід 1 варіанта 2.1"
        game = a.game_after(main[1])
        bad = Move(1, Action.ATTACK, (game.hands[1][0],)) if game.hands[1] else Move(1, Action.TAKE)
        refusal = game.why_illegal(bad)
        assert refusal is not None
        with pytest.raises(AnnotateError) as err:
            a.play(main[1], bad)
        assert err.value.rule == refusal.rule
        assert err.value.message == (
            f"після ходу 2 основної лінії: хід «{bad.describe(NAMES)}» тут неможливий: {refusal.message}"
        )
        with pytest.raises(RecordingError) as rerr:
            a.save(Path("game.txt"))
        assert str(rerr.value) == "game.txt: помилка: збережіть як .durak (нотація) або .json (форма JSON)"


# ----------------------------------------------------------------------------- files keep no language


def test_the_written_files_are_the_same_bytes_in_every_language(tmp_path: Path) -> None:
    game = Game.deal("podkidnoy", NAMES, seed=1)
    for _k in range(6):
        game.play(game.legal_moves()[0])
    played = Recording.from_json(
        {
            "format": "durak-nb/1",
            "rules": "podkidnoy",
            "players": NAMES,
            "deal": {"dealer": "Boris", "deck": [c.code for c in game.deck_order]},
            "moves": [],
        }
    )
    played.moves = list(game.history)
    out: dict[str, tuple[str, ...]] = {}
    for lang in ("en", "ru", "uk"):
        with language(lang):
            tree = GameTree.from_recording(recording())
            annotated = tree.to_recording()
            journal = tmp_path / f"{lang}.durak.jsonl"
            with Recorder.from_recording(journal, played) as rec:
                rec.comment("Анна")
            out[lang] = (
                recording().dumps(),
                write(recording()),
                write([played, annotated]),
                write(recording(), passes="implied"),
                played.dumps(),
                Annotator(recording()).text("json"),
                journal.read_text(encoding="utf-8"),
            )
    assert out["ru"] == out["en"]
    assert out["uk"] == out["en"]
    assert '"trump": "H"' in out["ru"][0] and "[Trump H]" in out["ru"][1]


def test_the_catalogue_is_complete() -> None:
    assert catalogues.check(["record"]) == []


def test_an_error_is_shown_in_the_language_it_was_raised_in() -> None:
    """A refusal raised inside ``with language("ru")`` and shown after the block (as a
    notebook shows an exception that left the block) keeps its frame and message in
    one language; so does a copy (pickled, or naming another file)."""
    import pickle

    with language("ru"), pytest.raises(RecordingError) as err:
        Recording.from_json({**DOC, "format": "durak-nb/2"})
    said = '\'format\' должен быть "durak-nb/1", а не "durak-nb/2"'
    assert str(err.value) == f"<string>:1:1: ошибка: {said}"
    assert err.value.args == (f"<string>:1:1: ошибка: {said}",)
    assert str(pickle.loads(pickle.dumps(err.value))) == f"<string>:1:1: ошибка: {said}"
    assert str(err.value.naming("g.json")) == f"g.json:1:1: ошибка: {said}"
    with language("uk"):
        assert str(err.value) == f"<string>:1:1: ошибка: {said}"
