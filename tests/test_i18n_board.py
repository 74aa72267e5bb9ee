"""The board part speaks Russian and Ukrainian (issue 11): the replayer, the play widget,
the scorer, the board pictures' words and the view bounds, word for word.

Every widget takes its words when it is made, in the language in use then; English is
unchanged (the other view tests run in English).  The catalogues of the part are complete
(``durak_nb.catalogues.check(["board"]) == []``).
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets
import pytest

from durak_nb import catalogues
from durak_nb.cards import Card, card_text
from durak_nb.engine import Game
from durak_nb.i18n import language
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views import cards_svg
from durak_nb.views.bounds import ViewBoundError, check_moves
from durak_nb.views.cards_svg import card_defs, card_svg, shared_faces
from durak_nb.views.html import seat_caption_html, table_part_html, view_names
from durak_nb.views.play import PlayWidget, discard_words, table_words, talon_words
from durak_nb.views.replayer import ReplayerWidget, legend_html
from durak_nb.views.scorer import ScorerWidget

ROOT = Path(__file__).resolve().parent.parent


def _replay() -> Replay:
    return Replay.load(str(ROOT / "durak_nb" / "recordings" / "draw.durak"))


def _replayer_words(w: ReplayerWidget) -> dict[str, object]:
    return {
        "back": w.back.tooltip,
        "forward": w.forward.tooltip,
        "play": w.play.description,
        "slider": w.slider.description,
        "speed": w.speed.description,
        "goto": w.goto.description,
        "view": w.perspective.description,
        "views": [label for label, _v in w.perspective.options],
        "first frame": w.goto.options[0][0],
        "panel": [
            w.exit_line.description,
            w.set_comment.description,
            w.add.description,
            w.promote.description,
            w.demote.description,
            w.delete.description,
            w.undo.description,
            w.redo.description,
            w.save.description,
        ],
        "place": [label for label, _v in w.comment_place.options],
        "lines": w.lines.description,
        "moves": w.moves.description,
        "path": w.path.description,
    }


REPLAYER = {
    "ru": {
        "back": "на ход назад",
        "forward": "на ход вперёд",
        "play": "пуск",
        "slider": "ход",
        "speed": "мс/ход",
        "goto": "перейти",
        "view": "вид",
        "views": ["все карты открыты", "глазами игрока Anna", "глазами игрока Boris", "глазами игрока Vera"],
        "first frame": "▶ Начинается кон 25 · начало (0/6)",
        "panel": [
            "◂ назад",
            "✓ записать комментарий к ходу 1",
            "+ вариант вместо хода 1",
            "▲ выше",
            "▼ ниже",
            "✕ удалить вариант",
            "↶ отменить",
            "↷ вернуть",
            "сохранить",
        ],
        "place": ["после хода", "перед ходом"],
        "lines": "варианты",
        "moves": "ход",
        "path": "файл",
    },
    "uk": {
        "back": "на хід назад",
        "forward": "на хід уперед",
        "play": "пуск",
        "slider": "хід",
        "speed": "мс/хід",
        "goto": "перейти",
        "view": "вигляд",
        "views": ["усі карти відкриті", "очима гравця Anna", "очима гравця Boris", "очима гравця Vera"],
        "first frame": "▶ Починається кон 25 · початок (0/6)",
        "panel": [
            "◂ назад",
            "✓ записати коментар до ходу 1",
            "+ варіант замість ходу 1",
            "▲ вище",
            "▼ нижче",
            "✕ видалити варіант",
            "↶ скасувати",
            "↷ повернути",
            "зберегти",
        ],
        "place": ["після ходу", "перед ходом"],
        "lines": "варіанти",
        "moves": "хід",
        "path": "файл",
    },
}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_replayer_and_its_panel_speak_the_language_in_use_when_made(lang: str) -> None:
    with language(lang):
        w = ReplayerWidget(_replay(), annotate=True)
    assert _replayer_words(w) == REPLAYER[lang]
    # made in that language, the widget keeps its words afterwards (values set, nothing rebuilt)
    w.slider.value = 3
    assert w.perspective.options[1][0] == REPLAYER[lang]["views"][1]
    w.close()


def test_the_replayer_in_english_is_unchanged() -> None:
    w = ReplayerWidget(_replay(), annotate=True)
    words = _replayer_words(w)
    assert words["views"] == ["all hands open", "Anna's view", "Boris's view", "Vera's view"]
    assert words["panel"][0] == "◂ back" and words["place"] == ["after the move", "before the move"]
    assert words["first frame"] == "▶ Bout 25 begins · start (0/6)"
    w.close()


def test_the_replayer_frame_shows_russian_captions_and_headings() -> None:
    with language("ru"):
        w = ReplayerWidget(_replay())
        w.slider.value = 3
        board = w.board.value
        legend = w.legend.value
    assert "<b>Стол</b>" in board and "<b>Колода</b>" in board and "<b>Отбой</b>" in board
    assert "Vera</b> · 0 карт · " in board and "вне игры (место 1)" in board
    assert "<b>Boris</b> · 2 карты · " in board
    assert "▶ может сделать ход" in board
    assert "<b>Ход 3</b> (сыграно 3 из 6): " in board
    assert "Что произошло после хода 3:" in board
    assert "Red suits" not in legend and legend.startswith('<details class="dnb-none dnb-legend"')
    assert "<summary>Условные обозначения</summary>" in legend  # folded under its title (issue 22)
    assert "Красные масти — красным; козыри — с золотой полосой и рамкой (R3)." in legend
    w.close()


def test_the_legend_follows_the_language_in_use() -> None:
    with language("uk"):
        assert "Червоні масті — червоним" in legend_html()
    assert "Red suits in red" in legend_html()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_widget_models_do_not_grow_with_the_language(lang: str) -> None:
    """The same widgets in every language: the words are values, never extra widgets."""

    def models(root: widgets.Widget) -> int:
        """``root`` and every widget model it refers to (children, layouts, styles), once each."""
        seen: dict[int, widgets.Widget] = {}
        todo = [root]
        while todo:
            w = todo.pop()
            if id(w) in seen:
                continue
            seen[id(w)] = w
            for name in w.keys:
                value = getattr(w, name, None)
                items = value if isinstance(value, list | tuple) else (value,)
                todo.extend(v for v in items if isinstance(v, widgets.Widget))
        return len(seen)

    english = ReplayerWidget(_replay(), annotate=True)
    with language(lang):
        other = ReplayerWidget(_replay(), annotate=True)
        other.slider.value = 4
        other.step(-1)
    assert models(other) == models(english) == 65
    english.close()
    other.close()


def _start() -> Game:
    return Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S 9D QH", "Boris": "6S 8H AD"},
        talon="KS JD",
        trump="D",
        attacker="Boris",
        first_bito_done=True,
        rest_to_discard=True,
    )


PLAY = {
    "ru": {
        "buttons": ["Подкинуть", "Взять", "Пас", "Просмотр", "Подсказка", "Разобрать мою партию"],
        "transfer": "Перевести",
        "prompt": "Ваш ход: покройте или возьмите",
        "table": "стол: 1 карта хода, из них покрыто 0; можно подкинуть ещё 2 (R13)",
        "you": " · <b>вы</b></div>",
        "note": "Выбрано: {c}. Нажмите на 6♠ на столе, чтобы покрыть её картой {c}.",
        "log": '<div class="dnb-log-head">Ходы</div>',
    },
    "uk": {
        "buttons": ["Підкинути", "Взяти", "Пас", "Перегляд", "Підказка", "Розібрати мою партію"],
        "transfer": "Перевести",
        "prompt": "Ваш хід: покрийте або візьміть",
        "table": "стіл: 1 карта ходу, покрито 0; можна підкинути ще 2 (R13)",
        "you": " · <b>ви</b></div>",
        "note": "Вибрано: {c}. Натисніть на 6♠ на столі, щоб покрити її картою {c}.",
        "log": '<div class="dnb-log-head">Ходи</div>',
    },
}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_play_widget_buttons_and_status_line(lang: str, tmp_path: Path) -> None:
    with language(lang):
        w = PlayWidget("podkidnoy", ["Anna", "Boris"], start=_start(), journal=tmp_path / "g.durak.jsonl")
        try:
            buttons = [
                w.lead_button,
                w.take_button,
                w.pass_button,
                w.replay_button,
                w.hint_button,
                w.analyse_button,
            ]
            assert [b.description for b in buttons] == PLAY[lang]["buttons"]
            assert w.status.value.endswith(f'<div class="dnb-prompt">{PLAY[lang]["prompt"]}</div>')
            assert PLAY[lang]["table"] in w.top.value
            assert w.seat_caption.value.endswith(PLAY[lang]["you"])
            w.click_card("7S")
            seven = card_text(Card.parse("7S"))
            assert PLAY[lang]["note"].format(c=seven) in w.status.value
            assert PLAY[lang]["log"] in w.log_view.value
        finally:
            w.close()
        p = PlayWidget("perevodnoy", ["Anna", "Boris"], seed=3, journal=tmp_path / "t.durak.jsonl")
        try:
            assert p.transfer_button is not None and p.transfer_button.description == PLAY[lang]["transfer"]
        finally:
            p.close()


def test_the_hand_over_screen_in_ukrainian(tmp_path: Path) -> None:
    with language("uk"):
        w = PlayWidget(
            "podkidnoy", ["Anna", "Boris"], humans=["Anna", "Boris"], seed=5, journal=tmp_path / "h.durak.jsonl"
        )
        try:
            assert w.hand_button.description == "Показати мої карти"
            name = w.game.players[w.human]
            assert (
                f"Хід за гравцем {name}: передайте екран гравцеві {name}, нехай натисне «Показати мої карти»."
                in w.status.value
            )
            w.show_hand()
            assert w.hand_button.description == "Сховати мої карти"
        finally:
            w.close()


def test_the_play_words_with_numbers() -> None:
    g = Game.deal("podkidnoy", ["Anna", "Boris"], seed=1)
    pos = g.position()
    trump = card_text(pos.trump_card) if pos.trump_card is not None else ""
    with language("ru"):
        assert talon_words(pos) == f"колода: 24 карты, под ними козырь {trump}"
        assert discard_words(pos) == "отбой: пусто"
        assert table_words(pos, 5) == "стол: пусто"
    with language("uk"):
        assert talon_words(pos) == f"колода: 24 карти, під ними козир {trump}"
        assert discard_words(pos) == "відбій: порожньо"


SCORER = {
    "ru": ["Ходить", "Покрыть", "Перевести", "Показать козырь", "Взять", "Бито", "Пас", "Отменить", "Записать добор"],
    "uk": ["Ходити", "Покрити", "Перевести", "Показати козир", "Взяти", "Біто", "Пас", "Скасувати", "Записати добір"],
}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_scorer_buttons_and_form(lang: str, tmp_path: Path) -> None:
    with language(lang):
        w = ScorerWidget(tmp_path / "k.durak.jsonl")
        try:
            buttons = [
                w.lay_button,
                w.cover_button,
                w.transfer_button,
                w.show_button,
                w.take_button,
                w.bito_button,
                w.pass_button,
                w.undo_button,
                w.draw_button,
            ]
            assert [b.description for b in buttons] == SCORER[lang]
            assert w.me_box.options == (("(не играю)",) if lang == "ru" else ("(не граю)",))
            w.setup(players=["Anna", "Boris", "Vera"], dealer="Vera", turned_up="7H", attacker="Anna")
            assert w.begin()
            w.tap("7S")
            w.lay()
            w.choose("Vera")
            w.tap("7D")
            w.lay()
            implied = "(молча)" if lang == "ru" else "(мовчки)"
            assert implied in w.message and w.message.endswith("7♦")
            assert w.lay_button.description == ("Подкинуть" if lang == "ru" else "Підкинути")
            refused = w.choose("Gleb")
            assert not refused
            if lang == "ru":
                assert w.message == "[R2] Gleb не играет за этим столом; игроки: Anna, Boris, Vera"
            else:
                assert w.message == "[R2] Gleb не грає за цим столом; гравці: Anna, Boris, Vera"
        finally:
            w.close()


def test_the_scorer_refuses_a_form_without_players_in_russian(tmp_path: Path) -> None:
    with language("ru"):
        w = ScorerWidget(tmp_path / "k.durak.jsonl")
        try:
            w.names.value = "Anna"
            assert not w.begin()
            assert w.form_note.value == (
                '<span class="dnb-refusal">[R2] введите имена двух или больше игроков через запятую</span>'
            )
        finally:
            w.close()


CAPTIONS = {
    # cards in hand: (ru, uk) of "{n} cards (k nobody saw)"
    1: ("1 карта", "1 карта"),
    2: ("2 карты", "2 карти"),
    5: ("5 карт", "5 карт"),
    11: ("11 карт", "11 карт"),
    21: ("21 карта", "21 карта"),
    22: ("22 карты", "22 карти"),
}


@pytest.mark.parametrize("n", sorted(CAPTIONS))
def test_a_seat_caption_with_a_plural(n: int) -> None:
    """The board's seat caption: «Anna · 5 карт (3 никто не видел)», the count in the
    language's plural form (1 карта, 2 карты, 5 карт; 1 карта, 2 карти, 5 карт)."""
    from durak_nb.cards import deck

    cards = " ".join(c.code for c in deck(36)[:n])
    g = Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": cards, "Boris": deck(36)[n].code},
        talon="",
        trump="D",
        attacker="Anna",
        rest_to_discard=True,
    )
    ru, uk = CAPTIONS[n]
    with language("ru"):
        assert seat_caption_html(g.position(), 0, unseen=3) == f"<b>Anna</b> · {ru} (3 никто не видел) · " + (
            '<span class="dnb-role">ходит</span>'
        )
    with language("uk"):
        assert seat_caption_html(g.position(), 0, known=1) == f"<b>Anna</b> · {uk} (1 відома всім) · " + (
            '<span class="dnb-role">ходить</span>'
        )
    with language("en"):
        word = "card" if n == 1 else "cards"
        assert seat_caption_html(g.position(), 0, unseen=3).startswith(f"<b>Anna</b> · {n} {word} (3 nobody saw)")


def test_the_table_caption_room_and_the_view_names() -> None:
    g = Game.from_position(
        "podkidnoy",
        ["Anna", "Boris"],
        hands={"Anna": "7S 8S", "Boris": "9D TD"},
        talon="",
        trump="D",
        attacker="Anna",
        rest_to_discard=True,
    )
    g.play(g.legal_moves()[0])
    with language("ru"):
        caption = table_part_html(g.position(), 4)
        assert "<b>Стол</b> · 1 карта хода, из них покрыто 0 · можно подкинуть ещё 4 (R13)" in caption
        assert view_names(["Anna"], partial=True) == ("всё, что было известно тогда", "глазами игрока Anna")
    with language("uk"):
        caption = table_part_html(g.position(), 4)
        assert "<b>Стіл</b> · 1 карта ходу, покрито 0 · можна підкинути ще 4 (R13)" in caption


def test_the_card_pictures_write_the_rank_as_card_text_does() -> None:
    """The corner letters come from ``cards.card_text`` (В Д К Т in ru and uk once the
    engine writes them so); the shared faces of each language have their own ids, so a
    page holding an English and a Russian replayer shows each its own letters."""
    queen = Card.parse("QS")
    with language("ru"):
        rank = card_text(queen)[:-1]
        svg = card_svg(queen)
        assert f'font-weight="bold">{rank}</text>' in svg
        defs = card_defs()
        assert 'id="dnb-f-ru-QS"' in defs and 'id="dnb-f-ru-QS-t"' in defs
        assert '<use href="#dnb-f-ru-QS"/>' in shared_faces(svg)
        back = card_svg(queen, face_up=False)
        assert "<title>карта рубашкой вверх</title>" in back
    assert 'id="dnb-f-QS"' in card_defs()
    assert '<use href="#dnb-f-QS"/>' in shared_faces(card_svg(queen))
    assert cards_svg._rank_text(queen) == "Q"


def test_a_replayer_bound_refusal_in_russian_and_ukrainian() -> None:
    with language("ru"), pytest.raises(ViewBoundError) as err:
        check_moves("the replayer", 1_200, 1_000)
    assert err.value.message == (
        "просмотр партии показывает не больше 1\u00a0000 ходов (max_moves); в этой партии их 1\u00a0200"
    )
    with language("uk"), pytest.raises(ViewBoundError) as err:
        check_moves("the replayer", 1_200, 1_000)
    assert (
        err.value.message
        == "перегляд партії показує не більше 1\u00a0000 ходів (max_moves); у цій партії їх 1\u00a0200"
    )


def test_an_over_the_board_hand_counts_the_cards_nobody_saw() -> None:
    from durak_nb.replay import unseen_cards_text as _unseen_cards  # its home (issue 23: below the views)

    with language("ru"):
        assert [_unseen_cards(n) for n in (1, 2, 5)] == [
            "1 карта, которую никто не видел",
            "2 карты, которых никто не видел",
            "5 карт, которых никто не видел",
        ]
    with language("uk"):
        assert _unseen_cards(21) == "21 карта, якої ніхто не бачив"


def test_the_evaluation_words() -> None:
    from durak_nb.views.evalgraph import best_words, eval_html

    fig = {"how": "exact", "value": 1, "best": 1}
    with language("ru"):
        assert best_words(fig, "Anna", None) == (
            "сделанный ход сохраняет выигрыш игроку Anna (точно, при лучшей игре обеих сторон)"
        )
        assert "<b>Анализ: игра окончена</b>" in eval_html([fig], 1, names=["Anna"], move=None, mover=None, node=None)
    with language("uk"):
        assert best_words({"how": "forced"}, "Anna", None) == "єдиний можливий хід"


def test_the_board_catalogues_are_complete() -> None:
    assert catalogues.check(["board"]) == []


def test_recording_summary_in_ukrainian() -> None:
    from durak_nb.views.display import RecordingView
    from durak_nb.views.html import preset_words

    rec = _replay().recording
    with language("uk"):
        parts = RecordingView(rec).summary().split(" · ")
        assert parts[:2] == [preset_words("podkidnoy"), "Anna, Boris, Vera"] and "6 ходів" in parts
    one = Recording.from_json({**rec.to_json(), "moves": rec.to_json()["moves"][:1]})
    with language("ru"):
        assert "1 ход" in RecordingView(one).summary().split(" · ")


def test_the_variant_is_named_as_people_call_it() -> None:
    """The header and the scorer's list name the preset as the engine says it in the
    reader's language (``rules.preset_text``: «подкидной дурак»); English keeps the name
    files write (``podkidnoy``)."""
    from durak_nb import rules
    from durak_nb.views.html import header_html, preset_words

    assert preset_words("podkidnoy") == "podkidnoy"
    assert header_html("podkidnoy", ["Anna"], {}) == "<b>podkidnoy</b> · Anna"
    said = getattr(rules, "preset_text", None)
    with language("ru"):
        want = "podkidnoy" if said is None else said("podkidnoy")
        assert preset_words("podkidnoy") == want
        assert header_html("podkidnoy", ["Anna"], {}) == f"<b>{want}</b> · Anna"
    if said is not None:
        with language("uk"):
            assert preset_words("perevodnoy") == "переказний дурень"


def test_a_widget_keeps_its_language_after_the_language_changes(tmp_path: Path) -> None:
    """Made in Ukrainian, a replayer, a play widget and a scorer go on in Ukrainian when
    the language is English again: their frames, messages and card faces (the faces in
    the replayer's header and the ones its frames point to are the same language's)."""
    import re

    with language("uk"):
        rep = ReplayerWidget(_replay(), annotate=True)
        play = PlayWidget("podkidnoy", ["Anna", "Boris"], start=_start(), journal=tmp_path / "g.durak.jsonl")
        sc = ScorerWidget(tmp_path / "k.durak.jsonl")
    try:
        rep.slider.value = 3
        assert "<b>Стіл</b>" in rep.board.value and "Table" not in rep.board.value
        used = set(re.findall(r'<use href="#(dnb-f-[^"]+)"/>', rep.board.value))
        defined = set(re.findall(r'<g id="(dnb-f-[^"]+)"', rep.header.value))
        assert used and used <= defined and all(u.startswith("dnb-f-uk-") or u == "dnb-f-back" for u in used)
        rep.step(1)
        assert rep.note.value.startswith("<b>основна лінія</b> · коментуємо ")
        play.click_card("QH")  # no legal move with Q♥: refused in the engine's words, then the prompt
        assert play.status.value.endswith('<div class="dnb-prompt">Ваш хід: покрийте або візьміть</div>')
        sc.names.value = "Anna"
        assert not sc.begin()
        assert "введіть імена двох або більше гравців через кому" in sc.form_note.value
    finally:
        rep.close()
        play.close()
        sc.close()
