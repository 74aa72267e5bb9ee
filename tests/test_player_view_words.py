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
