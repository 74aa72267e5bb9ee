"""The class widgets (durak_nb/classroom/widgets.py) and pages (pages.py): JoinClass and
TeacherBoard against the fake server (tests/classfake.py), a two-player game played by
their buttons to its end; the moves' words in three languages; the seat's picture drawn
from its view with nothing hidden in it; nothing typed rendered as markup; the pages'
words."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

import pytest
from classfake import KEY, fake_server

from durak_nb.bots import seat_view
from durak_nb.classroom.pages import PAGES, render, words
from durak_nb.classroom.referee import LEVELS, bot_name, level_text, levels_text, new_table, table_html
from durak_nb.classroom.widgets import JoinClass, TeacherBoard, move_label, seat_picture, view_position
from durak_nb.engine import Game
from durak_nb.i18n import language
from durak_nb.record.json_form import Recording, move_to_json
from durak_nb.replay import Replay
from durak_nb.rules import Rules
from durak_nb.views.cards_svg import shared_faces
from durak_nb.views.html import table_view_html


def until(check: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("not reached in time")
        time.sleep(0.02)


def shown(j: JoinClass) -> list[str]:
    return [b.description for b in j.pool.buttons if b.layout.display != "none"]


@pytest.mark.parametrize(
    ("lang", "words_"),
    [
        ("en", ["Lead 7♠ 7♥", "Cover 8♣ with 10♣", "Take", "Pass", "Throw in 9♦", "Transfer with 6♥"]),
        ("ru", ["Ходить 7♠ 7♥", "Побить 8♣ картой 10♣", "Взять", "Пас", "Подкинуть 9♦", "Перевести картой 6♥"]),
        ("uk", ["Ходити 7♠ 7♥", "Побити 8♣ картою 10♣", "Взяти", "Пас", "Підкинути 9♦", "Перевести картою 6♥"]),
    ],
)
def test_moves_in_words(lang: str, words_: list[str]) -> None:
    moves = [
        {"player": "A", "action": "attack", "cards": ["7S", "7H"]},
        {"player": "A", "action": "defend", "card": "TC", "target": "8C"},
        {"player": "A", "action": "take"},
        {"player": "A", "action": "pass"},
        {"player": "A", "action": "throw", "cards": ["9D"]},
        {"player": "A", "action": "transfer", "cards": ["6H"]},
    ]
    with language(lang):
        assert [move_label(m) for m in moves] == words_
    with language("ru"):
        assert move_label({"action": "transfer", "cards": ["6H", "6D"]}) == "Перевести картами 6♥ 6♦"
        assert move_label({"action": "defend", "card": "QS", "target": "JS"}) == "Побить В♠ картой Д♠"


def test_the_seat_picture_shows_its_hand_and_nothing_hidden() -> None:
    game = Game.deal("podkidnoy", ["Аня", "Борис", "Вика"], seed=3)
    game.play(game.legal_moves()[0])
    message = {"players": list(game.players), "view": seat_view(game, 0).to_json()}
    position, seen = view_position(message)
    assert (
        position.hands[0] == tuple(game.hands[0])
        and seen.unknown == (0, 6, 4)
        and [c.code for c in seen.hands[2]] == ["6C"]
    )
    assert [len(h) for h in position.hands] == [len(h) for h in game.hands]
    assert position.table == tuple(game.position().table) and len(position.talon) == len(game.talon)
    svg = seat_picture(message)
    labels = set(re.findall(r'aria-label="([^"]+)"', svg)) | set(re.findall(r"<title>([^<]+)</title>", svg))
    hidden = {c for s in (1, 2) for c in game.hands[s]} - set(seen.hands[1]) - set(seen.hands[2])
    from durak_nb.cards import card_text

    assert hidden and not any(card_text(c) in label for c in hidden for label in labels)


def test_a_game_played_by_the_widgets_to_its_end() -> None:
    with fake_server() as fake:
        address = f"127.0.0.1:{fake.port}"
        board = TeacherBoard(address, KEY, title="7Б", teacher="Мария Ивановна", lang="ru")
        until(lambda: board.code_value == "ABC234")
        assert "Код класса: ABC234" in board.code.value
        anna = JoinClass(address, "abc-234", "Аня <b>x</b>", lang="ru", autojoin=True)
        boris = JoinClass(address, "abc234", "Борис", lang="ru", autojoin=True)
        until(lambda: "Борис" in board.students.value and "Аня" in board.students.value)
        assert "Аня &lt;b&gt;x&lt;/b&gt;" in board.students.value and "<b>x</b>" not in board.students.value
        assert (
            anna.status.value
            == '<div class="dnb-class-status">Вы в классе «ABC234» под именем Аня &lt;b&gt;x&lt;/b&gt;.</div>'
        )
        board.open_table(["Аня <b>x</b>", "Борис"], seed=3)
        until(lambda: anna.view is not None and boris.view is not None)
        models = None
        moves = 0
        while not any(j.view and j.view.get("result") for j in (anna, boris)):
            j = anna if anna.view and anna.view["view"]["legal"] else boris
            assert j.view is not None
            seq = j.view["seq"]
            legal = j.view["view"]["legal"]
            with language("ru"):
                assert shown(j) == [move_label(m) for m in legal]
            j.play(0)
            until(lambda seq=seq: all(x.view is not None and x.view["seq"] > seq for x in (anna, boris)))
            moves += 1
            count = len(anna.pool.buttons) + len(boris.pool.buttons)
            if moves == 3:
                models = count
            assert moves < 400
        assert fake.game is not None and fake.game.finished
        assert models is not None  # the pools only grow when a position has more moves than before
        durak = fake.seats[fake.game.result.durak]
        final = anna.view
        assert final is not None and final["result"] == {"durak": durak}
        assert "Игра окончена" in anna.last.value and shown(anna) == [] and shown(boris) == []
        until(lambda: board.tables.get("1", {}).get("seq") == len(fake.game.history))
        head = board.panels["1"][0].value
        assert head.startswith("<h3>Стол 1: Аня &lt;b&gt;x&lt;/b&gt;, Борис · ")
        # the table as the replayer shows its last frame, every hand open, in Russian
        body = board.panels["1"][1].value
        assert body == board.tables["1"]["table_html"]
        with language("ru"):
            doc = {**fake.doc, "moves": [move_to_json(m, fake.seats) for m in fake.game.history]}
            assert body == shared_faces(table_view_html(Replay(Recording.from_json(doc))))
        assert body.startswith('<div class="dnb-board" data-view="0">') and "<b>x</b>" not in body
        assert "Аня &lt;b&gt;x&lt;/b&gt;" in body and "Игра окончена" in body
        games = board.games()
        with language("ru"):  # the server says the last move in the teacher's language
            last_ru = fake.game.history[-1].describe(fake.seats)
        assert games.to_dict("records") == [
            {
                "table": "1",
                "players": "Аня <b>x</b>, Борис",
                "moves": len(fake.game.history),
                "last": last_ru,
                "result": f"{durak} — дурак",
            }
        ]
        assert sorted(board.answers()["name"]) == ["Аня <b>x</b>", "Борис"]  # in the order they joined
        for c in (anna.client, boris.client, board.client):
            assert c is not None
            c.close()
        assert fake.problems == []


def test_a_drill_set_by_the_teacher_is_answered_in_the_widget() -> None:
    """set_drill carries its kind (a request member named like the client's own argument)."""
    from durak_nb.lessons.drills import make
    from durak_nb.lessons.drills import text as drill_text

    with fake_server() as fake:
        address = f"127.0.0.1:{fake.port}"
        board = TeacherBoard(address, KEY, title="7Б", teacher="Мария", lang="en")
        until(lambda: board.code_value is not None)
        j = JoinClass(address, "ABC234", "Anna", lang="en", autojoin=True)
        until(lambda: "You are in the class" in j.status.value)
        board.set_drill("which_beats", 4, 2)
        until(lambda: j.drills != [] and "Drill 1 of 2" in j.drill_text.value)
        assert [m["kind"] for m in fake.received if m["type"] == "set_drill"] == ["which_beats"]
        expected = [make("which_beats", 4 + i) for i in range(2)]
        until(lambda: any(b.layout.display != "none" and b.description for b in j.drill_pool.buttons))
        # the board names the drill set by its title, as its choice of drills does, not by its code
        until(lambda: board.drills_set != [])
        with language("en"):
            title = drill_text("title which_beats")
        assert title != "which_beats" and board.drill_note.value == f"<p>Drills set: {title} (4)</p>"
        assert [b.description for b in j.drill_pool.buttons if b.layout.display != "none"] == list(expected[0].options)
        j._answer(expected[0].answer)
        until(lambda: "Drill 2 of 2" in j.drill_text.value)
        assert j.verdict.value == "<p>right</p>"
        j._answer((expected[1].answer + 1) % len(expected[1].options))
        until(lambda: "Drill done" in j.drill_text.value)
        assert j.drill_text.value == "<p><b>Drill done: 1 of 2 right.</b></p>" and j.verdict.value == "<p>wrong</p>"
        for c in (j.client, board.client):
            assert c is not None
            c.close()
        assert fake.problems == []


def test_the_board_says_who_is_stuck() -> None:
    """A student whose table has waited for them a minute or more: «стол ждёт 75 с»."""
    with fake_server() as fake:
        address = f"127.0.0.1:{fake.port}"
        board = TeacherBoard(address, KEY, title="7Б", teacher="Мария", lang="ru")
        until(lambda: board.code_value is not None)
        players = [JoinClass(address, "ABC234", n, lang="ru", autojoin=True) for n in ("Аня", "Борис")]
        until(lambda: all(p.client is not None and p.client.token for p in players))
        board.open_table(["Аня", "Борис"], seed=3)
        until(lambda: all(p.view is not None for p in players))
        assert fake.game is not None
        to_act = fake.seats[fake.game.actors()[0]]
        fake.stuck = 75
        assert board.client is not None
        board.client.watch()
        until(lambda: "стол ждёт 75 с" in board.students.value)
        rows = re.findall(r"<tr><td>([^<]*)</td>.*?<td>([^<]*)</td></tr>", board.students.value)
        assert sorted(rows) == [(n, "стол ждёт 75 с" if n == to_act else "") for n in ("Аня", "Борис")]
        for c in [p.client for p in players] + [board.client]:
            assert c is not None
            c.close()


def test_a_refused_join_shows_the_servers_words_and_the_form_again() -> None:
    with fake_server() as fake:
        j = JoinClass(f"127.0.0.1:{fake.port}", "ZZZZZZ", "Eve", lang="en", autojoin=True)
        until(lambda: "not accepted" in j.status.value)
        assert j.form.layout.display == "" and not j.join_button.disabled
        assert j.client is not None
        j.client.close()


def test_join_asks_for_every_field() -> None:
    j = JoinClass(lang="uk")
    j.join()
    assert "Введіть адресу сервера, код класу і своє ім&#x27;я." in j.status.value and j.client is None
    t = TeacherBoard(lang="uk")
    t.make_class()
    assert "Введіть адресу сервера" in t.status.value and t.client is None


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("name", PAGES)
def test_the_pages_in_each_language(name: str, lang: str) -> None:
    page = render(name, lang)
    assert page.startswith("<!DOCTYPE html>\n") and f'<html lang="{lang}">' in page
    assert "http://" not in page and "https://" not in page  # nothing from elsewhere: offline
    data = json.loads(re.search(r'<script type="application/json" id="dnb-words">(.*?)</script>', page, re.S)[1])
    assert data == json.loads(json.dumps(words(lang)))
    assert data["cards"]["TH"] == "10♥"
    expected = {
        "en": "Cover {target} with {card}",
        "ru": "Побить {target} картой {card}",
        "uk": "Побити {target} картою {card}",
    }
    assert data["move"]["defend"] == expected[lang]
    assert (
        data["moves"]
        == {
            "en": ["{n} move", "{n} moves", "{n} moves"],
            "ru": ["{n} ход", "{n} хода", "{n} ходов"],
            "uk": ["{n} хід", "{n} ходи", "{n} ходів"],
        }[lang]
    )
    with pytest.raises(ValueError):
        render("admin", lang)
    with pytest.raises(ValueError):
        render(name, "de")


def test_the_pages_script_puts_typed_text_in_as_text() -> None:
    from durak_nb.classroom.pages import STATIC

    script = (STATIC / "class.js").read_text(encoding="utf-8")
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "eval(" not in script
    assert "localStorage" in script and "textContent" in script


def test_the_teachers_table_is_the_replayers_table_view_with_every_hand_open() -> None:
    players = ["Anna", "Борис", "Віра"]
    doc = new_table(Rules.from_json("podkidnoy"), players, 11)
    game = Recording.from_json(doc).new_game()
    moves = []
    for _ in range(7):
        move = game.legal_moves()[0]
        game.play(move)
        moves.append(move_to_json(move, players))
    with language("uk"):
        view = table_html(doc, moves)
        replay = Replay(Recording.from_json({**doc, "moves": moves}))
        assert view == shared_faces(table_view_html(replay, 7, view=0))
    pos = game.position()
    # every card in every hand and on the table and the turned-up trump face up, by its
    # code; no hand shows a back (the talon and the discard do)
    cards = {c.code for hand in pos.hands for c in hand} | {c.code for pair in pos.table for c in pair if c}
    assert pos.trump_card is not None and len(pos.talon) > 0
    assert set(re.findall(r'data-card="(\w\w)"', view)) == cards | {pos.trump_card.code}
    seats = re.findall(r'data-slot="seat \d">(.*?)</div></div>', view)
    assert len(seats) == 3 and all("dnb-f-back" not in s and "data-card" in s for s in seats)
    assert view.count('class="dnb-seat') == 3 and 'data-slot="seat 2"' in view
    assert '<use href="#dnb-f-uk-' in view  # the faces of the Ukrainian page (В, Д, К, Т)
    with pytest.raises(IndexError):
        table_view_html(replay, 8)
    with pytest.raises(IndexError):
        table_view_html(replay, view=4)


@pytest.mark.parametrize(
    ("lang", "seat", "choices"),
    [
        (
            "en",
            "Experienced bot",
            [
                "random: any legal move",
                "beginner: always the lowest card",
                "experienced: plays by rules of thumb",
                "strong: looks ahead over the deals possible",
            ],
        ),
        (
            "ru",
            "Опытный бот",
            [
                "случайный: любой допустимый ход",
                "новичок: всегда самая младшая карта",
                "опытный: играет по проверенным правилам",
                "сильный: просчитывает возможные расклады",
            ],
        ),
        (
            "uk",
            "Досвідчений бот",
            [
                "випадковий: будь-який дозволений хід",
                "новачок: завжди наймолодша карта",
                "досвідчений: грає за перевіреними правилами",
                "сильний: прораховує можливі розклади",
            ],
        ),
    ],
)
def test_bot_levels_read_as_words_and_stay_codes_for_the_server(lang: str, seat: str, choices: list[str]) -> None:
    assert words(lang)["bots"] == [[code, text] for code, text in zip(LEVELS, choices, strict=True)]
    with language(lang):
        assert [level_text(code) for code in LEVELS] == choices
        assert bot_name("heuristic", []) == seat and bot_name("heuristic", [seat]) == f"{seat} 2"
        assert levels_text().startswith(f"random ({choices[0]}), lowest ({choices[1]})")
        board = TeacherBoard(lang=lang, connect=False)
    assert list(board.bot.options)[1:] == list(zip(choices, LEVELS, strict=True))
