"""The replayer's evaluation strip (issue 13 §4): the sparkline of an analysed game's
figures with the move to come marked, and the best move at it in words; nothing for a
recording without analysis, and no new widget model."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from durak_nb.analysis import analyse
from durak_nb.engine import Game, Move
from durak_nb.i18n import language
from durak_nb.record import Recording
from durak_nb.replay import Replay
from durak_nb.views.evalgraph import (
    BOTTOM,
    HEIGHT,
    LEFT,
    RIGHT,
    TOP,
    WIDTH,
    best_words,
    eval_html,
    move_ticks,
    points,
    sparkline_svg,
)
from durak_nb.views.replayer import ReplayerWidget

#: Anna to lead with 6♦ 9♠ 9♣ against Boris's 7♦ K♠, hearts trump, talon empty: the 6♦
#: lead loses (test_analyse.py), the rest of the game is forced.
CODE = "9S9C6D/KS7D - H 0 * 5 + -"
MOVES = [Move.attack(0, "6D"), Move.defend(1, "7D", "6D"), Move.pass_(0), Move.attack(1, "KS"), Move.take(0)]


def analysed() -> Recording:
    g = Game.from_code("podkidnoy", ["Anna", "Boris"], CODE)
    return analyse(Recording(g.rules, g.players, start=g.start(), moves=list(MOVES)))


def models(w: ReplayerWidget) -> int:
    seen: set[str] = set()

    def walk(x: object) -> None:
        import ipywidgets as widgets

        if isinstance(x, widgets.Widget):
            if x.model_id in seen:
                return
            seen.add(x.model_id)
            for name in x.keys:
                walk(getattr(x, name))
        elif isinstance(x, (list, tuple)):
            for y in x:
                walk(y)

    walk(w)
    return len(seen)


def test_the_figures_of_the_small_game() -> None:
    forced = {"how": "forced", "comment": "Analysis: the only legal move"}
    assert analysed().meta["analysis"] == [
        {
            "how": "exact",
            "value": 0.0,
            "best": 1.0,
            "best_move": {"player": "Anna", "action": "attack", "cards": ["9S"]},
            "comment": "Analysis: exact, a loss for Anna with best play; Anna attacks 9♠ would have kept a win",
            "glyph": "??",
            "variation_comment": "Analysis: keeps a win: Anna attacks 9♠ (exact, best play by both)",
            "variation": True,
        },
        {
            "how": "exact",
            "value": 1.0,
            "best": 1.0,
            "comment": "Analysis: exact, a win for Boris with best play; the only move that keeps it",
            "glyph": "!",
        },
        forced,
        forced,
        forced,
    ]


def test_exact_points_and_mark() -> None:
    figures = analysed().meta["analysis"]
    # 5 moves over x 50..546 (step 124); value 0 at y 130, value 1 at y 28; forced moves no point
    assert points(figures) == [(0, 50.0, 130.0), (1, 174.0, 28.0)]
    svg = sparkline_svg(figures, 1)
    assert '<polyline points="50,130 174,28" fill="none" stroke="#2a6" stroke-width="2"/>' in svg
    assert '<line class="dnb-eval-now" x1="174" y1="28" x2="174" y2="130" stroke="#c00" stroke-width="2"/>' in svg
    assert svg.count("<circle") == 2
    assert "dnb-eval-now" not in sparkline_svg(figures, 5)


def test_sampled_points() -> None:
    figures = [{"how": "sampled", "p": 0.25, "se": 0.1, "best_p": 0.5, "samples": 8}, {"how": "unknown"}]
    assert points(figures) == [(0, 50.0, 104.5)]  # 25 %: a quarter of the way up from y 130 to 28


def test_the_replayer_shows_the_strip_and_the_words_at_each_frame() -> None:
    w = ReplayerWidget(Replay(analysed()))
    assert w.evaluation(0).count("<svg") == 1
    assert (
        "<b>Analysis of move 1 (Anna attacks 6♦)</b>: best move: Anna attacks 9♠, which keeps a win; "
        "the move played gives a loss for Anna (exact)"
    ) in w.board.value
    w.slider.value = 1
    assert '<line class="dnb-eval-now" x1="174"' in w.board.value
    assert (
        "<b>Analysis of move 2 (Boris covers 6♦ with 7♦)</b>: the move played keeps a win for Boris "
        "(exact, best play by both)"
    ) in w.board.value
    w.slider.value = 2
    assert "<b>Analysis of move 3 (Anna passes)</b>: the only legal move" in w.board.value
    w.slider.value = 5
    assert "<b>Analysis: the game is over</b>" in w.board.value
    assert "dnb-eval-now" not in w.board.value


def test_a_players_view_hides_the_better_move_of_the_other() -> None:
    w = ReplayerWidget(Replay(analysed()))
    w.perspective.index = 2  # Boris's view: Anna's better move would show her 9♠
    assert "9♠" not in w.evaluation(0)
    assert "the best move is shown in the open view and in Anna&#x27;s view" in w.evaluation(0)
    assert "best move: Anna attacks 9♠" in w.evaluation(0, 1)


def test_a_side_line_shows_no_strip() -> None:
    w = ReplayerWidget(Replay(analysed()), annotate=True)
    w.show_line(((0, 1),), 1)
    assert w.evaluation() == ""
    assert "dnb-eval" not in w.board.value


def test_best_words_for_sampled_figures() -> None:
    fig = {"how": "sampled", "p": 0.4, "se": 0.1, "best_p": 0.7, "samples": 8}
    assert best_words(fig, "Anna", "Anna attacks 9♠") == (
        "best move: Anna attacks 9♠, win chance 0.70 against 0.40 for the move played (8 samples)"
    )
    assert best_words(fig, "Anna", None) == "win chance 0.40 ± 0.10 (8 samples); the best found 0.70, not surely better"
    same = {"how": "sampled", "p": 0.7, "se": 0.1, "best_p": 0.7, "samples": 8}
    assert (
        best_words(same, "Anna", None) == "the move played is the best found: Anna's win chance 0.70 ± 0.10 (8 samples)"
    )
    assert best_words({"how": "unknown"}, "Anna", None) == "not evaluated (cards nobody saw)"
    one = {"how": "sampled", "p": 0.7, "se": 0.1, "best_p": 0.7, "samples": 1}  # no «1 samples» (issue 22)
    assert best_words(one, "Anna", None).endswith("0.70 ± 0.10 (1 sample)")
    with language("ru"):
        assert best_words(one, "Анна", None).endswith("0,70 ± 0,10 (1 выборка)")
        assert best_words(same, "Анна", None).endswith("0,70 ± 0,10 (8 выборок)")
    with language("uk"):
        assert best_words(dict(one, samples=3), "Анна", None).endswith("0,70 ± 0,10 (3 вибірки)")


def test_nothing_changes_without_analysis_and_the_model_count_is_the_same() -> None:
    rec = analysed()
    plain = Recording(rec.rules, rec.players, start=rec.start, moves=list(rec.moves))
    bare = ReplayerWidget(Replay(plain))
    assert bare.evaluation() == ""
    assert "dnb-eval" not in bare.board.value
    rich = ReplayerWidget(Replay(rec))
    assert models(rich) == models(bare)
    meta = dict(rec.meta)
    meta["analysis"] = meta["analysis"][:2]  # edited since: the figures no longer match the moves
    odd = Recording(rec.rules, rec.players, start=rec.start, moves=list(rec.moves), meta=meta)
    assert ReplayerWidget(Replay(odd)).evaluation() == ""


_FIGURE = st.one_of(
    st.builds(lambda v: {"how": "exact", "value": v, "best": 1.0}, st.sampled_from([0.0, 0.5, 1.0])),
    st.builds(
        lambda p: {"how": "sampled", "p": p, "se": 0.1, "best_p": 1.0, "samples": 8},
        st.floats(0, 1, allow_nan=False),
    ),
    st.just({"how": "forced"}),
    st.just({"how": "unknown"}),
    st.just({"how": "exact", "value": "bad"}),
)


@given(st.lists(_FIGURE, max_size=60), st.integers(-2, 70))
def test_points_stay_inside_the_graph_in_move_order(figures: list[dict[str, object]], current: int) -> None:
    pts = points(figures)
    assert [k for k, _x, _y in pts] == sorted({k for k, _x, _y in pts})
    assert all(LEFT <= x <= WIDTH - RIGHT and TOP <= y <= HEIGHT - BOTTOM for _k, x, y in pts)
    svg = sparkline_svg(figures, current)
    assert svg.count("<circle") == len(pts)
    assert ("dnb-eval-now" in svg) == (0 <= current < len(figures))


# ---------------------------------------------------------------- issue 22: axes, labels, the move under the pointer


def _texts(svg: str) -> list[str]:
    import re

    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _tips(svg: str) -> list[str]:
    import re

    return re.findall(r'<rect class="dnb-eval-col" data-move="\d+"[^>]*><title>([^<]*)</title>', svg)


def test_the_strip_has_axes_labels_and_the_move_under_the_pointer() -> None:
    figures = analysed().meta["analysis"]
    moves = [m.describe(["Anna", "Boris"]) for m in MOVES]
    svg = sparkline_svg(figures, 1, moves=moves)
    # the y axis: 0, 50, 100 % and its name; the x axis: the moves 1-5 as people count them
    # (the move to come, 2, in red), and its name
    assert _texts(svg) == [
        "0 %",
        "50 %",
        "100 %",
        "win chance of the player making the move",
        "1",
        "3",
        "4",
        "5",
        "move",
        "2",
    ]
    assert (
        '<text class="dnb-eval-now-label" x="174" y="146" text-anchor="middle" fill="#c00" font-weight="700">2</text>'
        in svg
    )
    assert _tips(svg) == [
        "move 1: Anna attacks 6♦: a loss (exact)",
        "move 2: Boris covers 6♦ with 7♦: a win (exact)",
        "move 3: Anna passes: the only legal move",
        "move 4: Boris attacks K♠: the only legal move",
        "move 5: Anna takes: the only legal move",
    ]
    assert (WIDTH, HEIGHT) == (560, 170)  # readable at normal size (it was 300 × 48)
    sampled = [{"how": "sampled", "p": 0.62, "se": 0.1, "best_p": 0.7, "samples": 8}, {"how": "unknown"}]
    assert _tips(sparkline_svg(sampled, None)) == [
        "move 1: win chance 62 %",
        "move 2: not evaluated (cards nobody saw)",
    ]
    with language("ru"):
        svg = sparkline_svg(figures, 0, moves=moves[:1] + [None] * 4)
        assert _texts(svg)[:4] == ["0 %", "50 %", "100 %", "шанс на выигрыш у игрока, делающего ход"]
        assert _texts(svg)[-2:] == ["ход", "1"]
        assert _tips(svg)[:3] == [
            "ход 1: Anna attacks 6♦: проигрыш (точно)",
            "ход 2: выигрыш (точно)",
            "ход 3: единственный возможный ход",
        ]
    with language("uk"):
        assert _tips(sparkline_svg(sampled, None)) == [
            "хід 1: шанс на виграш 62 %",
            "хід 2: не оцінено (є карти, яких ніхто не бачив)",
        ]


def test_move_ticks_as_people_count() -> None:
    assert move_ticks(0) == [] and move_ticks(1) == [0]
    assert move_ticks(12) == list(range(12))
    assert move_ticks(13) == [0, 1, 3, 5, 7, 9, 11, 12]  # moves 1, 2, 4, 6 … 12, 13
    assert move_ticks(57) == [0, 4, 9, 14, 19, 24, 29, 34, 39, 44, 49, 54]  # 1, 5, 10 … 55


def test_a_players_view_names_no_move_to_come_of_the_other() -> None:
    w = ReplayerWidget(Replay(analysed()))
    w.perspective.index = 2  # Boris's view at frame 0: Anna's moves to come are not named
    assert _tips(w.evaluation(0)) == [
        "move 1: a loss (exact)",
        "move 2: Boris covers 6♦ with 7♦: a win (exact)",
        "move 3: the only legal move",
        "move 4: Boris attacks K♠: the only legal move",
        "move 5: the only legal move",
    ]
    assert _tips(w.evaluation(3))[:3] == [
        "move 1: Anna attacks 6♦: a loss (exact)",
        "move 2: Boris covers 6♦ with 7♦: a win (exact)",
        "move 3: Anna passes: the only legal move",
    ]
    assert eval_html([], 0, names=["Anna"], move=None, mover=None, node=None).count("<svg") == 1


def test_an_exact_value_of_three_players_is_the_movers_whatever_the_others_play() -> None:
    """With three players or more the solver counts the others as one side
    (solver.seat_values): «best play by both» was a two-player sentence (issue 21)."""
    fig = {"how": "exact", "value": 1.0, "best": 1.0}
    assert best_words(fig, "Анна", None) == "the move played keeps a win for Анна (exact, best play by both)"
    assert best_words(fig, "Анна", None, 3) == "the move played keeps a win for Анна (exact, whatever the others play)"
    with language("ru"):
        assert (
            best_words(fig, "Анна", None, 3)
            == "сделанный ход сохраняет выигрыш Анне (точно, как бы ни играли остальные)"
        )
    with language("uk"):
        assert best_words(fig, "Анна", None, 4) == "зроблений хід зберігає виграш Анні (точно, хоч би як грали інші)"
