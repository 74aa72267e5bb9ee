"""Issue 22: a player's view never names, in words, a card the viewer cannot see: a
comment that names one is replaced by a note, another player's move to come is said
without its cards (the open view keeps every word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from durak_nb.i18n import language
from durak_nb.record import io
from durak_nb.replay import Replay
from durak_nb.views.html import _stories, cards_named, hidden_cards, story_html
from durak_nb.views.replayer import ReplayerWidget

RECORDINGS = Path(__file__).resolve().parent.parent / "recordings"
SHIPPED = sorted(p for d in ("", "ru", "uk") for p in (RECORDINGS / d).glob("*.durak"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(RECORDINGS)))
def test_no_player_view_of_a_shipped_recording_names_a_hidden_card(path: Path) -> None:
    for game in io.load_games(path):
        replay = Replay(game)
        for k in range(len(replay) + 1):
            story = story_html(replay, k)
            views = _stories(replay, k, story)
            assert views[0] == story  # the open view: every word
            for viewer in range(len(replay.players)):
                leaked = cards_named(views[viewer + 1]) & hidden_cards(replay, k, viewer)
                assert not leaked, (path.name, k, replay.players[viewer], sorted(c.code for c in leaked))


def test_lesson_5s_comment_on_glebs_8_of_clubs_is_hidden_from_the_others() -> None:
    with language("uk"):
        w = ReplayerWidget(Replay.load(RECORDINGS / "uk" / "transfer-twice.durak"))
        names = w.replay.players
        k = next(i for i in range(1, len(w.replay) + 1) if "8♣" in (w.replay.comment(i - 1) or ""))
        assert w.replay.comment(k - 1).startswith("Гліб міг би перевести ще раз картою 8♣")
        w.show(k, 0)  # the open view: the comment as written
        assert "Гліб міг би перевести ще раз картою 8♣" in w.board.value
        anna = names.index("Анна") + 1
        w.show(k, anna)
        assert "8♣" not in w.shown().story
        assert "(коментар називає карту, якої Анна не бачить: його показано у відкритому вигляді)" in (w.shown().story)
        gleb = next(n for n in names if n.startswith("Гл"))
        w.show(k, names.index(gleb) + 1)  # Gleb holds 8♣: he reads the comment
        assert "Гліб міг би перевести ще раз картою 8♣" in w.shown().story


# ----------------------------------------------------------------------------- the exported page


def _page_words(data: dict, field: str, k: int) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", data["parts"][data["fields"][field][k]]))


def _page_cards(data: dict, field: str, k: int) -> list[str]:
    import re

    return re.findall(r'data-card="(\w+)"', data["parts"][data["fields"][field][k]])


def test_exported_page_tells_each_view_its_own_story() -> None:
    """The exported page (and so a lesson page's replayer) holds each view's story, as the
    widget tells it: Anna's view never reads the comment naming Gleb's 8♣, Gleb's and the
    open view do."""
    from durak_nb.views.export import page_data

    with language("uk"):
        replay = Replay.load(RECORDINGS / "uk" / "transfer-twice.durak")
        data = page_data(replay)
    names = replay.players
    k = next(i for i in range(1, len(replay) + 1) if "8♣" in (replay.comment(i - 1) or ""))
    anna, gleb = names.index("Анна") + 1, names.index("Гліб") + 1
    comment = "Гліб міг би перевести ще раз картою 8♣"
    assert comment in _page_words(data, "story 0", k)
    assert comment in _page_words(data, "story", k)
    assert comment in _page_words(data, f"story {gleb}", k)
    assert "8♣" not in _page_words(data, f"story {anna}", k)
    assert "(коментар називає карту, якої Анна не бачить: його показано у відкритому вигляді)" in _page_words(
        data, f"story {anna}", k
    )


def test_exported_over_the_board_page_shows_what_was_known_then() -> None:
    """Over the board (recordings/overboard/podkidnoy-4p-laid-cards.durak), before move 1:
    Anna's hand shows 6♥ alone (the R4 trump she showed), not 8♥, which she only lays at
    move 1 (the recording knows it from then on); the others' views read her move to come
    without its card; the open view names it."""
    from durak_nb.views.export import page_data

    with language("en"):
        replay = Replay.load(RECORDINGS / "overboard" / "podkidnoy-4p-laid-cards.durak")
        data = page_data(replay)
    assert replay.players == ("Anna", "Boris", "Vera", "Gleb")
    assert [c.code for c in replay.seen(0).hands[0]] == ["6H", "8H"]  # everything known later
    assert _page_cards(data, "open 0", 0) == ["6H"]
    assert [_page_cards(data, f"open {s}", 0) for s in (1, 2, 3)] == [[], [], []]
    assert _page_cards(data, "public 0", 0) == ["6H"]
    assert _page_words(data, "story 0", 0) == "Start (0 of 118 moves played)next, move 1: Anna attacks 8♥"
    assert _page_words(data, "story 1", 0) == "Start (0 of 118 moves played)next, move 1: Anna attacks 8♥"
    for boris_vera_gleb in (2, 3, 4):
        assert _page_words(data, f"story {boris_vera_gleb}", 0) == (
            "Start (0 of 118 moves played)next, move 1: Anna's move (its cards are hidden in this view)"
        )
