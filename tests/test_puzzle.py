"""Puzzle mode (issue 12, section 2): the exported page's data and the replayer widget
ask "what would you play?" at each move with the engine's legal moves of the player to
act, and show the move played, its comment and its glyph only after the choice.

Exact data: which moves are offered at a frame (the engine's, R6 R10 R11 R14), which is
the move played, the verdict words, the story before the choice without the next move's
words; the page's visible text (parsed as a browser parses it) holds none of the next
move's words with its rule, its comment or glyph; the CLI's ``--puzzle``; an
over-the-board game refused; the widget's flow in Python (values set, no widget made)
and its words in Russian and Ukrainian.  The page in Chromium: tests/test_browser_puzzle.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDINGS
from test_export import page_json, parse
from test_export_variations import annotated_doc
from test_replay import podkidnoy_doc, renamed

from durak_nb.cli import main
from durak_nb.engine import Move
from durak_nb.i18n import language
from durak_nb.record import Recording, io
from durak_nb.replay import Replay
from durak_nb.views.export import ExportError, ask_story_html, export_html, page_data, page_html
from durak_nb.views.html import story_html
from durak_nb.views.replayer import PUZZLE_WORDS, ReplayerWidget, puzzle_question

COMMENT = "<b>no</b> markup & </script> here"
#: the widget's verdict HTML around its words
VERDICT = '<div class="dnb-verdict" style="font-size:13px;line-height:1.35">{}</div>'
VERDICT_START = VERDICT.split("{")[0]


def doc() -> dict[str, Any]:
    """annotated_doc (a glyph ?! on move index 1, side lines 2.1 and 8.1) with a comment after
    move 1 that gives the answer away, and one before move 2."""
    d = annotated_doc()
    d["meta"]["comments"] = {"1": COMMENT}
    d["meta"]["comments_before"] = {"2": "Throw in or pass?"}
    return d


def replay() -> Replay:
    return Replay(Recording.from_json(doc()))


def test_the_moves_offered_are_the_engines_r6_r10_r11_r14() -> None:
    r = replay()
    q = puzzle_question(r, 1)  # 6♠ led; Boris holds 7♠ 8♦ Q♣ A♠ J♥, hearts trump
    assert q.player == 1
    assert q.choices == (
        Move.defend(1, "7S", "6S"),
        Move.defend(1, "JH", "6S"),
        Move.defend(1, "AS", "6S"),
        Move.take(1),
    )
    assert set(q.choices) == {m for m in r.game(1).legal_moves() if m.player == 1}
    assert q.labels == ("Boris covers 6♠ with 7♠", "Boris covers 6♠ with J♥", "Boris covers 6♠ with A♠", "Boris takes")
    assert q.answer == 0 and q.asked
    assert q.move == "Boris covers 6♠ with 7♠ ?! — a higher ♠ beats it (побить, R6); every attack card is covered"
    assert q.comment == COMMENT
    assert q.verdict(0) == f"✔ Right: this is the move played: {q.move}"
    assert q.verdict(3) == f"✘ Not the move played. You chose: Boris takes. The game went on with: {q.move}"
    with pytest.raises(IndexError):
        q.verdict(4)
    q2 = puzzle_question(r, 2)  # Anna may throw in 6♦, 6♣ (R11) or pass (R12)
    assert q2.labels == ("Anna throws in 6♦", "Anna throws in 6♣", "Anna throws in 6♦ 6♣", "Anna passes")
    assert q2.answer == 1
    q5 = puzzle_question(r, 5)  # after the take and the throw-in: a single legal move
    assert q5.labels == ("Anna passes",) and not q5.asked
    with pytest.raises(IndexError):
        puzzle_question(r, len(r))


def test_the_page_data_of_a_puzzle() -> None:
    r = replay()
    data = page_data(r, puzzle=True)
    assert data["puzzle"] is True
    main_line = data["lines"][0]
    assert [len(line["puzzle"]) for line in data["lines"]] == [14, 3, 1, 1]
    assert main_line["puzzle"][1] == {
        "name": "Boris",
        "watch": "It is Boris's move: the choice is shown with every hand open or in Boris's view.",
        "player": 1,
        "ask": "Your move for Boris: what would you play?",
        "choices": ["Boris covers 6♠ with 7♠", "Boris covers 6♠ with J♥", "Boris covers 6♠ with A♠", "Boris takes"],
        "answer": 0,
        "move": "Boris covers 6♠ with 7♠ ?! — a higher ♠ beats it (побить, R6); every attack card is covered",
        "comment": COMMENT,
    }
    assert data["words"]["score"] == "{found} of {asked} found"
    assert data["words"]["wrong"] == "✘ Not the move played. You chose: {chosen}. The game went on with: {move}"
    # the story before the choice: move 0 explained, no word of move 1
    ask = data["parts"][data["fields"]["ask story"][1]]
    assert ask == ask_story_html(r, 1)
    assert ask == "<b>Move 1</b> (1 of 14 played): Anna attacks 6♠ — the lead (заход, R9); Boris defends (R10)"
    assert story_html(r, 1) == ask + '<div class="dnb-none">next, move 2: Boris covers 6♠ with 7♠</div>'
    # the comment before move 3 (the annotator's question) stays; move 2's words go
    assert ask_story_html(r, 2).endswith('<div class="dnb-comment">before move 3: Throw in or pass?</div>')
    assert "next, move 3" not in ask_story_html(r, 2) and "Anna throws in 6♣" not in ask_story_html(r, 2)
    assert ask_story_html(r, len(r)) == story_html(r, len(r))
    # without puzzle nothing of it
    plain = page_data(r)
    assert "puzzle" not in plain and "puzzle" not in plain["lines"][0] and "ask story" not in plain["fields"]


def test_the_visible_page_holds_no_answer_before_the_choice() -> None:
    """What a browser shows of the page before any script runs, and what the script
    shows at frame 1 before the choice (the "ask story", no "turn" part), hold none of
    move 1's words with its rule, its comment, its glyph; the data holds them."""
    r = replay()
    text = page_html(r, puzzle=True)
    page = parse(text)
    seen = "".join(page.text)
    q = puzzle_question(r, 1)
    assert q.move not in seen and COMMENT not in seen and "?!" not in seen and "next, move" not in seen
    assert "Puzzle: at each move choose what you would play" in seen
    data = page_json(page)
    ask = data["parts"][data["fields"]["ask story"][1]]
    assert "7♠" not in ask.split("Boris defends (R10)")[1] and "?!" not in ask and "covers" not in ask
    assert data["lines"][0]["puzzle"][1]["comment"] == COMMENT  # as text: the script sets textContent
    assert "<b>no</b>" not in "".join(p for p in data["parts"] if "no</b>" in p)  # escaped where it is HTML
    assert [a.get("id") for t, a in page.tags if t == "button" and (a.get("id") or "").startswith("dnb-puzzle")] == [
        "dnb-puzzle-again",
        "dnb-puzzle-on",
    ]
    assert 'id="dnb-puzzle"' not in page_html(r)


def test_over_the_board_refused() -> None:
    rec = io.load_games(RECORDINGS / "overboard" / "podkidnoy-4p-laid-cards.durak")[0]
    r = Replay(rec)
    assert r.partial
    with pytest.raises(ExportError, match="puzzle mode needs every hand known"):
        page_data(r, puzzle=True)
    with pytest.raises(ValueError, match="played over the board"):
        puzzle_question(r, 0)


def test_cli_export_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.html"
    assert main(["export", str(RECORDINGS / "annotated-transfer-or-cover.durak"), "-o", str(out), "--puzzle"]) == 0
    data = page_json(parse(out.read_text(encoding="utf-8")))
    assert data["puzzle"] is True
    assert data["lines"][0]["puzzle"][1]["choices"] == [
        "Boris covers 7♠ with 8♠",
        "Boris covers 7♠ with A♥",
        "Boris transfers 7♦",
        "Boris takes",
    ]
    assert "open it in a browser" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "export", "--help"])
    helps = " ".join(capsys.readouterr().out.split())
    assert "--puzzle задача: на каждом ходу ученик выбирает ход, прежде чем увидит сыгранный" in helps


def test_puzzle_words_in_russian_and_ukrainian() -> None:
    r = Replay(Recording.from_json(renamed(podkidnoy_doc(), {"Boris": "Борис"})))
    with language("ru"):
        q = puzzle_question(r, 3)
        assert q.ask == "Ваш ход за Бориса: что бы вы сыграли?"
        assert q.labels[-1] == "Борис берёт"
        assert q.verdict(0).startswith("✘ В партии был сыгран другой ход. Вы выбрали: Борис бьёт 6♣ картой В♥.")
        assert _(PUZZLE_WORDS["score"]).format(found=3, asked=5) == "найдено 3 из 5"
    with language("uk"):
        q = puzzle_question(r, 3)
        assert q.ask == "Ваш хід за Бориса: що б ви зіграли?"
        assert q.verdict(2).startswith("✔ Правильно: саме цей хід і зіграно: Борис бере")
        assert _(PUZZLE_WORDS["score"]).format(found=3, asked=5) == "знайдено 3 з 5"


def _(msg: str) -> str:
    from durak_nb.i18n import _ as gettext

    return gettext(msg)


def test_export_html_puzzle_writes_the_page(tmp_path: Path) -> None:
    path = export_html(replay(), tmp_path / "x.html", puzzle=True)
    text = path.read_text(encoding="utf-8")
    assert '<div id="dnb-puzzle" class="dnb-puzzle">' in text and "<script src=" not in text


def models(w: ReplayerWidget) -> int:
    """The widget models under ``w`` (children, layouts, styles), each once."""
    import ipywidgets as widgets

    seen: set[str] = set()
    todo: list[object] = [w]
    while todo:
        x = todo.pop()
        if isinstance(x, widgets.Widget):
            if x.model_id not in seen:
                seen.add(x.model_id)
                todo.extend(getattr(x, name) for name in x.keys)
        elif isinstance(x, (list, tuple)):
            todo.extend(x)
    return len(seen)


def test_widget_puzzle_flow_values_only() -> None:
    """``ReplayerWidget(replay, puzzle=True)``: the choices are the engine's moves of the
    player to act; before the choice the board tells neither move 1 nor the legal-move
    list, the slider stops at the frame to answer; a wrong choice, its verdict and the
    comment (escaped), try again, the right one, step on; the score counts first tries;
    no widget is made after the start (values only), and the puzzle adds 18 models."""
    plain = models(ReplayerWidget(replay()))
    w = ReplayerWidget(replay(), puzzle=True)
    assert models(w) == plain + 18
    assert w.choices.options == tuple(puzzle_question(replay(), 0).labels)
    assert w.slider.max == 0 and [label for label, _k in w.goto.options] == ["▶ Bout 1 begins · start (0/14)"]
    assert w.play.layout.display == "none" and w.again.layout.display == "none"
    w.step(1)
    assert w.index == 0  # not before the choice
    w.choose(0)  # Anna attacks 6♠: the move played
    assert w.verdict.value == VERDICT.format(
        "✔ Right: this is the move played: Anna attacks 6♠ — the lead (заход, R9); Boris defends (R10)"
    )
    assert w.score == (1, 1) and w.slider.max == 1
    made = models(w)
    w.step_on.click()
    assert w.index == 1
    assert w.ask.value == '<b>Your move for Boris: what would you play?</b> <span class="dnb-none">1 of 1 found</span>'
    assert w.choices.options == (
        "Boris covers 6♠ with 7♠",
        "Boris covers 6♠ with J♥",
        "Boris covers 6♠ with A♠",
        "Boris takes",
    )
    shown = w.shown()
    assert "next, move 1" not in w.board.value and "?!" not in w.board.value and "no</b>" not in w.board.value
    assert shown.turn == "" and "may cover" not in w.board.value and "Boris covers" not in shown.story
    w.choices.index = 3  # a click: Boris takes, not the move played
    assert w.verdict.value == VERDICT.format(
        "✘ Not the move played. You chose: Boris takes. The game went on with: Boris covers 6♠ with 7♠ ?! — "
        "a higher ♠ beats it (побить, R6); every attack card is covered"
        '<div class="dnb-comment">&lt;b&gt;no&lt;/b&gt; markup &amp; &lt;/script&gt; here</div>'
    )
    assert w.choices.disabled and w.score == (1, 2) and w.again.layout.display is None
    assert "next, move 2: Boris covers 6♠ with 7♠" in w.board.value and "may cover" in w.board.value
    w.again.click()
    assert not w.choices.disabled and w.choices.index is None and w.verdict.value == ""
    assert "next, move 2" not in w.board.value and w.slider.max == 1
    w.choose(0)
    assert w.verdict.value.startswith(VERDICT_START + "✔ Right: this is the move played: Boris covers 6♠ with 7♠ ?!")
    assert w.score == (1, 2)  # the first try counts
    w.step(1)
    assert w.index == 2 and w.shown().story.endswith("before move 3: Throw in or pass?</div>")
    w.step(-1)
    assert w.index == 1 and w.choices.index == 0 and w.verdict.value.startswith(VERDICT_START + "✔ Right")
    assert models(w) == made  # values only: no widget made while stepping and choosing
    with pytest.raises(ValueError, match="nothing was chosen"):
        w.step(1)
        w.try_again()


def test_widget_puzzle_single_move_start_view_and_refusals() -> None:
    r = replay()
    w = ReplayerWidget(r, puzzle=True, start=5)  # the frames before the start are given
    assert w.index == 5 and w.score == (0, 0)
    assert w.verdict.value == VERDICT.format(
        "Anna has one legal move here: Anna passes — nothing more: every thrower has passed, so the bout ends (R12)"
    )
    assert w.choices.options == () and w.step_on.layout.display is None
    with pytest.raises(ValueError, match="nothing to choose"):
        w.choose(0)
    w.step(1)
    assert w.index == 6
    w.perspective.index = 2  # Boris's view, Anna to act: her cards stay hidden
    assert w.ask.value.startswith(
        "<b>It is Anna&#x27;s move: the choice is shown with every hand open or in Anna&#x27;s view.</b>"
    )
    assert w.choices.options == ()
    w.perspective.index = 1
    assert w.choices.options[0] == "Anna attacks 9♠"
    rec = io.load_games(RECORDINGS / "overboard" / "podkidnoy-4p-laid-cards.durak")[0]
    with pytest.raises(ValueError, match="played over the board"):
        ReplayerWidget(Replay(rec), puzzle=True)
    with pytest.raises(ValueError, match="annotate"):
        ReplayerWidget(r, puzzle=True, annotate=True)


def test_widget_puzzle_in_ukrainian() -> None:
    r = Replay(Recording.from_json(renamed(podkidnoy_doc(), {"Anna": "Анна", "Boris": "Борис"})))
    with language("uk"):
        w = ReplayerWidget(r, puzzle=True)
    w.choose(1)  # Анна ходить 6♦: not the move played (6♠)
    assert w.verdict.value.startswith(
        VERDICT_START + "✘ Не той хід, що зіграно. Ви обрали: Анна ходить 6♦. Партія тривала так: Анна ходить 6♠"
    )
    assert w.again.description == "↺ ще раз" and w.step_on.description == "▶ далі"
    assert w.ask.value.endswith('<span class="dnb-none">знайдено 0 з 1</span>')


@pytest.mark.parametrize(("preset", "players", "seed"), [("podkidnoy", 2, 3), ("perevodnoy", 3, 8), ("english", 4, 5)])
def test_every_move_played_is_among_the_choices_r2(preset: str, players: int, seed: int) -> None:
    """In bot games of three variants, at every frame the choices are exactly the engine's
    legal moves of the player who moved (R2: one mover at a time), the move played is
    among them, and a frame is asked only with two or more choices."""
    from durak_nb.selfplay import record_bot_game

    r = Replay(record_bot_game(preset, players, seed, {}))
    game = r.game(0)
    for k in range(len(r)):
        legal = game.legal_moves()
        q = puzzle_question(r, k, legal)
        assert q.choices == tuple(m for m in legal if m.player == r.move(k).player)
        assert q.answer >= 0 and q.choices[q.answer].action == r.move(k).action
        assert q.asked == (len(q.choices) > 1)
        game.play(r.move(k))


def test_cli_export_puzzle_refuses_an_over_the_board_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.html"
    game = RECORDINGS / "overboard" / "podkidnoy-4p-laid-cards.durak"
    assert main(["--lang", "uk", "export", str(game), "-o", str(out), "--puzzle"]) != 0
    assert "для задачі потрібні відомі руки всіх гравців: цю партію зіграно за столом" in capsys.readouterr().err
    assert not out.exists()


# ------------------------------------------------------------------ the answers sealed (a defect: plain in the source)


def test_the_page_source_holds_no_answer_the_data_sealed(tmp_path: Path) -> None:
    """A learner reading the puzzle page's source finds no answer: not the move played
    at any frame (its words, with or without its rule), not the index of the right
    choice as plain JSON, not the comment after a move, not the list of choices; the
    data is one sealed block (views.html.seal) the page's script opens, and it opens
    to exactly page_data's."""
    import json

    from durak_nb.views.export import page_data_of

    for r in (replay(), Replay(io.load_games(RECORDINGS / "annotated-transfer-or-cover.durak")[0])):
        text = page_html(r, puzzle=True)
        names = r.players
        for k in range(len(r)):
            q = puzzle_question(r, k)
            assert q.move not in text and r.move(k).describe(names) not in text
            assert all(label not in text for label in q.labels)
        assert '"answer":' not in text and '"move":' not in text and '"choices":' not in text
        raw = text.split('<script type="application/json" id="dnb-data">', 1)[1].split("</script>", 1)[0]
        box = json.loads(raw)
        assert sorted(box) == ["salt", "sealed"] and isinstance(box["salt"], int)
        assert page_data_of(text) == page_data(r, puzzle=True)
        assert page_html(r, puzzle=True) == text  # the same page each time (the salt comes from the data)
    text = page_html(replay(), puzzle=True)
    assert COMMENT not in text and "no</b> markup" not in text and "no&lt;/b&gt; markup" not in text
    plain = page_html(replay())  # a replay, no puzzle: nothing to hide, the data as it is
    assert "sealed" not in json.loads(plain.split('id="dnb-data">', 1)[1].split("</script>", 1)[0])
    assert replay().move(1).describe(replay().players) in plain
    with pytest.raises(ValueError, match="no exported page"):
        page_data_of("<html></html>")


def test_the_pages_script_opens_the_sealed_data_as_python_does() -> None:
    """The script's ``unseal`` (views.html.UNSEAL_JS, in the player and the lesson
    page's script) run by Node over a puzzle's sealed data gives page_data (Cyrillic
    and card suits through UTF-8 too)."""
    import json
    import shutil
    import subprocess

    from durak_nb.views.export import PLAYER_JS
    from durak_nb.views.html import UNSEAL_JS, seal
    from durak_nb.views.lesson_page import LESSON_JS

    assert UNSEAL_JS in PLAYER_JS and UNSEAL_JS in LESSON_JS
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here (the browser tests run the same script: tests/test_browser_puzzle.py)")
    with language("uk"):
        data = page_data(replay(), puzzle=True)
    script = UNSEAL_JS + "\nvar box = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
    script += "process.stdout.write(JSON.stringify(unseal(box)));\n"
    done = subprocess.run(
        [node, "-e", script], input=json.dumps(seal(data)), capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(done.stdout) == data
    assert data["lines"][0]["puzzle"][1]["choices"][3] == "Boris бере"
