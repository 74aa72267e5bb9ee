"""The bounds on the work of the views: a game too long for a view is refused, not drawn.

Every view does work linear in what it shows, and what it shows is bounded:

* the replayer (:func:`.html.replayer_frames`, :class:`.replayer.ReplayerWidget`) and
  the exported page (:func:`.export.export_html`, :func:`.export.page_html`) make every
  frame in advance: at most :data:`MAX_REPLAYER_MOVES` moves (1,000: a page of about
  5–15 MB built in a few seconds; the longest recording of the course has 386);
* the variation tree (:func:`.trees.variation_tree`) draws one node per recorded move:
  at most :data:`MAX_TREE_MOVES` moves, the main line and the variations together;
* the game tree (:func:`.trees.game_tree`) draws at most ``max_nodes`` positions, and
  ``max_nodes`` itself at most :data:`MAX_TREE_NODES`;
* a bout diagram (:func:`.trees.bout_diagram`) draws one bout, whose size the rules
  bound; the fragments of :mod:`.html` and :mod:`.cards_svg` draw one position;
* the tables (:mod:`durak_nb.tables`) make one row per move or per game, in one pass;
  a game holds at most :data:`~durak_nb.record.json_form.MAX_MOVES` moves (100,000: the
  readers' bound), so a table has at most that many rows per game.

Past a bound the view raises :class:`ViewBoundError` (a
:class:`~durak_nb.errors.DurakError`) before doing the work, naming the bound and the
game's size; each view takes the bound as a keyword argument (``max_moves=``) to lower
or raise it.

>>> check_moves("the replayer", 1_200, 1_000)
Traceback (most recent call last):
...
durak_nb.views.bounds.ViewBoundError: the replayer shows at most 1,000 moves (max_moves); this game has 1,200
"""

from __future__ import annotations

from ..errors import DurakError
from ..i18n import N_, _, whole

__all__ = [
    "CELL_TIMEOUT",
    "MAX_CELL_TIMEOUT",
    "MAX_REPLAYER_MOVES",
    "MAX_TREE_MOVES",
    "MAX_TREE_NODES",
    "ViewBoundError",
    "check_moves",
]

#: the replayer and the exported page: at most this many moves (every frame is made in advance)
MAX_REPLAYER_MOVES = 1_000
#: a lesson page (:mod:`.lesson_page`): the seconds one code cell of the notebook may run
#: (the default ``cell_timeout``, ``durak-nb export --cell-timeout``)
CELL_TIMEOUT = 60.0
#: the longest time bound a lesson's cell may be given (seconds)
MAX_CELL_TIMEOUT = 3600.0
#: the variation tree: at most this many moves (nodes), main line and variations together
MAX_TREE_MOVES = 5_000
#: the game tree: ``max_nodes`` at most this
MAX_TREE_NODES = 5_000


class ViewBoundError(DurakError):
    """A view refused a game (or a request) larger than its bound on work.

    Attributes:
        bound: the bound; size: the game's (or the request's) size.
    """

    def __init__(self, message: str, *, bound: int, size: int) -> None:
        self.bound = bound
        self.size = size
        super().__init__(None, message)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.message, self.bound, self.size))


#: the whole sentence of each refusal the views make, by (view, what, has) as the callers
#: give them in English (translated at use; ``{bound}``, ``{moves}``: the numbers, ``{name}``:
#: the keyword argument that sets the bound)
_SENTENCES = {
    ("the replayer", "moves", "this game has"): N_(
        "the replayer shows at most {bound} moves ({name}); this game has {moves}"
    ),
    ("an exported page", "moves", "this game has"): N_(
        "an exported page shows at most {bound} moves ({name}); this game has {moves}"
    ),
    ("an exported page", "moves", "this game and its side lines have"): N_(
        "an exported page shows at most {bound} moves ({name}); this game and its side lines have {moves}"
    ),
    ("an exported page", "moves", "this game and its side lines have at least"): N_(
        "an exported page shows at most {bound} moves ({name}); this game and its side lines have at least {moves}"
    ),
    ("the game tree", "positions", "asked for"): N_(
        "the game tree shows at most {bound} positions ({name}); asked for {moves}"
    ),
    ("the game tree", "moves deep", "asked for"): N_(
        "the game tree shows at most {bound} moves deep ({name}); asked for {moves}"
    ),
    ("the variation tree", "moves", "this game has"): N_(
        "the variation tree shows at most {bound} moves ({name}); this game has {moves}"
    ),
}


def _rebuild(message: str, bound: int, size: int) -> ViewBoundError:
    return ViewBoundError(message, bound=bound, size=size)


def check_moves(
    view: str, moves: int, bound: int, *, what: str = "moves", name: str = "max_moves", has: str = "this game has"
) -> None:
    """Refuse ``moves`` above ``bound`` for ``view``.

    Args:
        view: the view in words (``'the replayer'``).
        moves: the game's size; bound: the most the view takes.
        what: the unit in words; name: the keyword argument that sets the bound;
            has: the words before the size.

    Raises:
        ViewBoundError: ``moves > bound``.
        ValueError: ``bound`` below 0.
    """
    if bound < 0:
        raise ValueError(f"{name} is 0 or more, not {bound}")
    if moves > bound:
        sentence = _SENTENCES.get((view, what, has))
        if sentence is None:  # words no table knows: said as given
            message = f"{view} shows at most {bound:,} {what} ({name}); {has} {moves:,}"
        else:
            message = _(sentence).format(bound=whole(bound), moves=whole(moves), name=name)
        raise ViewBoundError(message, bound=bound, size=moves)
