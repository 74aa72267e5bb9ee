"""Tournaments between bots: paired deals, Elo with 95 % confidence intervals, a table.

Every deal is played once per seat rotation of a line-up (with two bots: twice, the
seats swapped), the same deck order each time (R3), so no bot is luckier with the cards
than another.  :func:`run_tournament` plays a ladder (weakest first): each bot against
the one above it, at tables of two or more (the two bots sitting in turn: A B A …), or
every window of neighbouring bots at one table.  With ``tables="round_robin"``
every bot meets every other (each pair as the ladder's neighbours meet).  The games run
in parallel processes (:class:`concurrent.futures.ProcessPoolExecutor`, ``workers`` of
them).  An outside bot that cannot be started, or fails its handshake, stops the
tournament before any game is played (:func:`run_tournament`).

Scores: in a game, every bot that is not the durak beats the durak (R25; in a team game
the losing team, R22), one result per game and pair of bots however many seats each
holds; a drawn game (R25, R27) is a draw between every pair; a bot that
fails to give a legal move (:class:`~durak_nb.bots.BotFault`, e.g. an outside bot that
answers illegally or too late) forfeits the game: it loses to every other bot there,
and the game is recorded as a forfeit with the reason and the moves played up to the
forfeit (:attr:`GameResult.played`), so that it replays to that point
(:meth:`GameResult.recording`; :meth:`Tournament.write` writes every game, one
``durak-nb/1`` document per line; ``durak-nb tournament --record FILE.jsonl``).

Elo: a Bradley–Terry fit (maximum likelihood, a draw counting half a win and half a
loss, one virtual draw between every two bots that met so that a clean sweep stays
finite), on the Elo scale (400 per factor 10 of odds), the random bot at 0 when it plays
(a bot named ``random``), else the first bot of the ladder (:attr:`Tournament.zero`).
The 95 % intervals are a **bootstrap over paired deals** (the deal and all its seat
rotations resampled together, percentile intervals).  Head to head, the score of a bot
against the one below it has a 95 % interval from the normal approximation over the
paired deals (mean ± 1.96 standard errors of the per-deal scores, clipped to 0..1); with
fewer than :data:`MIN_DEALS` paired deals, or none of them scoring differently from the
others, Wilson's score interval over the paired deals instead (a score in 0..1 spreads
at most as a win-or-loss does, so it is never narrower than the truth: 3 deals won of 3
do not show a bot better), and no Elo interval (``NaN``): too few deals to tell.

>>> from durak_nb.bots import LowestCardBot, RandomBot
>>> t = run_tournament([BotSpec("random", RandomBot, seeded=True), BotSpec("lowest", LowestCardBot)],
...                    deals=20, workers=1, bootstrap=50)
>>> len(t.games), t.games[0].lineup, t.games[1].lineup
(40, ('random', 'lowest'), ('lowest', 'random'))
>>> row = t.table().loc["lowest"]
>>> bool(row["beats_below"]), bool(row["vs_below"] > 0.8)
(True, True)
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .bots import Bot, BotFault, turn_seat
from .engine import Game, Move
from .i18n import N_, Nn_, Np_, _, decimal, ngettext, pgettext, whole
from .record.json_form import Recording, write_atomic
from .record.jsonlines import jsonl_text
from .record.recorder import deal_of
from .rules import Rules
from .selfplay import quiet_worker, seat_names, stop_pool

__all__ = [
    "BOT_NAMES",
    "MAX_DEALS",
    "MAX_WORKERS",
    "BotSpec",
    "GameResult",
    "Tournament",
    "bot_spec",
    "log_name",
    "play_game",
    "run_tournament",
    "tournament_text",
]

#: Bounds: deals per pairing, worker processes, moves per game (R27 ends every game
#: long before), bootstrap resamples.
MAX_DEALS = 100_000
MAX_WORKERS = 64
MAX_GAME_MOVES = 20_000
MAX_BOOTSTRAP = 100_000
#: The fewest paired deals an interval rests on as measured: below it (or where every
#: deal scored the same, so the spread measured is none) the head-to-head interval is
#: Wilson's score interval, which assumes the widest spread a score in 0..1 can have,
#: and the Elo intervals are left empty.
MIN_DEALS = 10

#: Person-facing words of this module (one place, for translation later).
WORDS = {
    "forfeit": N_("{bot} forfeits: {reason}"),
    "no_end": N_("no end after {n} moves (is repetition_draw off? R27)"),
    "few_bots": N_("a tournament needs at least two bots, not {n}"),
    "names": N_("bot names must be unique and non-empty: {names}"),
    "deals": N_("deals: a whole number from 1 to {most} (or one per pairing), not {value!r}"),
    "workers": N_("workers: a whole number from 0 to {most}, not {value!r}"),
    "bootstrap": N_("bootstrap: a whole number from 0 to {most}, not {value!r}"),
    "tables": N_("tables: 'pairs', 'windows' or 'round_robin', not {value!r}"),
    "bot_name": N_(
        "unknown bot {name!r}: one of {names}, or search-N (N samples per move, 1 to {most}), or ismcts-N"
        " (N iterations per move, 1 to {iterations}), or NAME=COMMAND for an outside bot"
    ),
    # TRANSLATORS: NAME=COMMAND is written as it is (a bot's name, "=", the command that starts it)
    "outside": N_("outside bot {name!r}: NAME=COMMAND needs a name and a command, e.g. mybot='python3 mybot.py'"),
    # TRANSLATORS: the line above a round robin's table of scores (rows: the bots scoring; columns: the opponents)
    "scores": N_("round robin: the score of each bot (row) against each other (column):"),
    # TRANSLATORS: the line above the forfeit reasons under the tournament's table
    "reasons": N_("why the forfeits happened:"),
}

#: The most distinct forfeit reasons printed under the table (:func:`tournament_text`).
MAX_REASONS = 10

#: The heading line of the printed table (:func:`tournament_text`), plural by the deals.
_HEAD = Nn_(
    "{variant}, {players} players, {deals} deal per pairing ({games} games); Elo with 95 % intervals",
    "{variant}, {players} players, {deals} deals per pairing ({games} games); Elo with 95 % intervals",
)

#: The headings of the printed table (:func:`tournament_text`); the data frame of
#: :meth:`Tournament.table` keeps these English names (data).
_COLUMNS = {
    c: c
    for c in (
        Np_("tournament column", "bot"),
        Np_("tournament column", "elo"),
        Np_("tournament column", "elo_low"),
        Np_("tournament column", "elo_high"),
        Np_("tournament column", "games"),
        Np_("tournament column", "forfeits"),
        Np_("tournament column", "vs_below"),
        Np_("tournament column", "vs_below_low"),
        Np_("tournament column", "vs_below_high"),
        Np_("tournament column", "beats_below"),
    )
}

#: The bots :func:`bot_spec` knows by name, weakest first (the ladder of :mod:`durak_nb.bots`);
#: ``search-N`` is the search bot with ``N`` samples per move (``search`` = ``search-8``);
#: ``ismcts-N`` the ISMCTS bot with ``N`` iterations per move (``ismcts`` = ``ismcts-200``).
BOT_NAMES = ("random", "lowest", "heuristic", "search", "ismcts")

#: The most samples per move of ``search-N`` by name.
MAX_SEARCH_SAMPLES = 256
#: The most iterations per move of ``ismcts-N`` by name.
MAX_ISMCTS_ITERATIONS = 100_000


@dataclass(frozen=True)
class BotSpec:
    """A bot of a tournament, made afresh in the worker for every game.

    Attributes:
        name: the bot's name in the table (unique in a tournament).
        factory: a class or function making the bot (it must be picklable: a
            module-level class such as :class:`~durak_nb.bots.SearchBot`).
        kwargs: keyword arguments for ``factory``.
        seeded: pass ``seed=`` (derived from the deal, the rotation and the seat) too.
    """

    name: str
    factory: Any
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    seeded: bool = False

    def make(self, seed: int) -> Bot:
        """A new bot (``seed`` passed when :attr:`seeded`)."""
        kw = dict(self.kwargs)
        if self.seeded:
            kw["seed"] = seed
        bot: Bot = self.factory(**kw)
        return bot


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    Attributes:
        deal: the deal's seed (R3: ``Game.deal(rules, seat_names(n), seed=deal)``).
        rotation: which rotation of the line-up sat (0 = as listed).
        lineup: the bot's name at each seat.
        durak: the durak's seat, or ``None``.
        losing: the losing seats (the durak, the losing team, R22, or the forfeiting
            bot); empty for a draw.
        draw: the game was drawn (R25, R27).
        forfeit: the seat of a bot that failed to give a legal move, or ``None``.
        reason: why it forfeited (the bot, the move, the rule), or ``None``.
        moves: moves played.
        played: the moves played, in order: to the end of the game, or up to the
            forfeit (the forfeiting bot's refused answer is not among them), so the
            game replays to that point (:meth:`recording`).
    """

    deal: int
    rotation: int
    lineup: tuple[str, ...]
    durak: int | None
    losing: tuple[int, ...]
    draw: bool
    forfeit: int | None
    reason: str | None
    moves: int
    played: tuple[Move, ...] = ()

    def recording(self, rules: Rules) -> Recording:
        """The game as a :class:`~durak_nb.record.Recording` that replays it: the deck
        of :attr:`deal` (R3) dealt to the names of
        :func:`~durak_nb.selfplay.seat_names`, the moves :attr:`played`, the result
        (R25) when the game ended, none for a forfeit (the game stops where the bot
        failed); ``meta``: ``bots`` (the bot at each seat), ``seed`` (the deal),
        ``rotation``, and for a forfeit ``forfeit`` (the reason) and
        ``forfeit_seat``.

        Args:
            rules: the rules the tournament played (:attr:`Tournament.rules`).

        Raises:
            RecordingError: a move of :attr:`played` that the rules refuse (the
                result of other rules than those played).
        """
        names = seat_names(len(self.lineup))
        game = Game.deal(rules, names, seed=self.deal)
        rec = Recording(rules=rules, players=tuple(names), deal=deal_of(game))
        meta: dict[str, object] = {"bots": ", ".join(self.lineup), "seed": self.deal, "rotation": self.rotation}
        if self.forfeit is not None:
            meta.update(forfeit=self.reason, forfeit_seat=self.forfeit)
        rec.meta = meta
        rec.moves = list(self.played)
        end = rec.replay()  # refereed again, as every reader does
        if self.forfeit is None and end.finished:
            rec.result = rec.result_json(end)
        return rec


def play_game(
    rules: Rules, lineup: Sequence[BotSpec], deal: int, rotation: int = 0, *, max_moves: int = MAX_GAME_MOVES
) -> GameResult:
    """Play one game: the deck of ``deal`` (``Game.deal(rules, seat_names(n), seed=deal)``,
    the names Anna, Boris … of :func:`~durak_nb.selfplay.seat_names`), the bot
    of ``lineup[(seat + rotation) % n]`` at each seat, each asked in :func:`turn_seat`
    order.  A :class:`~durak_nb.bots.BotFault` (or any error of a bot, or an illegal
    move) ends the game as that bot's forfeit.

    Raises:
        RuntimeError: no end after ``max_moves`` moves (R27 off).
    """
    n = len(lineup)
    specs = [lineup[(s + rotation) % n] for s in range(n)]
    bots = [spec.make(deal * 1009 + rotation * 31 + s) for s, spec in enumerate(specs)]
    names = tuple(spec.name for spec in specs)
    game = Game.deal(rules, seat_names(n), seed=deal)
    try:
        while not game.finished:
            if len(game.history) >= max_moves:
                raise RuntimeError(_(WORDS["no_end"]).format(n=max_moves))
            seat = turn_seat(game)
            try:
                move = bots[seat].choose(game, seat)
                game.play(move)
            except BotFault as exc:
                return _forfeit(deal, rotation, names, seat, str(exc), tuple(game.history))
            except Exception as exc:  # a bot's own bug is its forfeit too, said so
                # TRANSLATORS: {kind} is the Python name of the bot's error (ValueError), kept as it is
                words = _("{bot} failed at move {k}: {kind}: {text}")
                reason = words.format(bot=names[seat], k=len(game.history) + 1, kind=type(exc).__name__, text=exc)
                return _forfeit(deal, rotation, names, seat, reason, tuple(game.history))
        for bot in bots:  # an outside bot hears the result (docs/bot-protocol.md)
            over = getattr(bot, "game_over", None)
            if callable(over):
                over(game)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    r = game.result
    assert r is not None
    losing: tuple[int, ...] = ()
    if not r.draw:
        losing = tuple(r.losing_team) if r.losing_team is not None else ((r.durak,) if r.durak is not None else ())
    played = tuple(game.history)
    return GameResult(deal, rotation, names, r.durak, losing, r.draw, None, None, len(played), played)


def _forfeit(
    deal: int, rotation: int, names: tuple[str, ...], seat: int, reason: str, played: tuple[Move, ...]
) -> GameResult:
    """The game of a bot that failed at seat ``seat``: its forfeit, the moves played before it kept."""
    text = _(WORDS["forfeit"]).format(bot=names[seat], reason=reason)
    return GameResult(deal, rotation, names, None, (seat,), False, seat, text, len(played), played)


def _play_deal(args: tuple[Rules, tuple[tuple[BotSpec, ...], ...], int]) -> list[GameResult]:
    """Every distinct seat rotation of every line-up of one deal (one task of a worker)."""
    rules, bases, deal = args
    out: list[GameResult] = []
    done: set[tuple[str, ...]] = set()
    for lineup in bases:
        n = len(lineup)
        for k in range(n):
            seated = tuple(lineup[(s + k) % n].name for s in range(n))
            if seated not in done:
                done.add(seated)
                out.append(play_game(rules, lineup, deal, k))
    return out


@dataclass
class Tournament:
    """The games of a tournament and what they show.

    Attributes:
        bots: the bot names, the ladder's order (weakest first).
        rules: the rules played.
        players: players per game.
        games: every game played.
        bootstrap: resamples for the Elo intervals.
        seed: the seed of the bootstrap.
        tables: who sat together (``"pairs"``, ``"windows"``, ``"round_robin"``).
    """

    bots: tuple[str, ...]
    rules: Rules
    players: int
    games: list[GameResult]
    bootstrap: int = 1000
    seed: int = 0
    tables: str = "pairs"

    @property
    def zero(self) -> str:
        """The bot at Elo 0: ``random`` when it plays, else the first of the ladder."""
        return "random" if "random" in self.bots else self.bots[0]

    def _pairs(self, games: Sequence[GameResult]) -> np.ndarray:
        """Pairwise scores: a matrix W with W[i, j] = score of bot i against bot j, one
        per game and pair of bots at the table (a bot may hold several seats)."""
        k = len(self.bots)
        index = {b: i for i, b in enumerate(self.bots)}
        w = np.zeros((k, k))
        for g in games:
            there = sorted({index[b] for b in g.lineup})
            losers = {index[g.lineup[s]] for s in g.losing}
            for i in there:
                for j in there:
                    if i == j:
                        continue
                    if g.draw:
                        w[i, j] += 0.5
                    elif j in losers and i not in losers:
                        w[i, j] += 1.0
        return w

    @staticmethod
    def _fit(w: np.ndarray) -> np.ndarray:
        """Bradley–Terry strengths (natural log-odds, the first at 0), one virtual draw
        added between every two bots that met."""
        n = w + w.T
        met = n > 0
        w = w + 0.5 * met
        n = n + 1.0 * met
        k = len(w)
        theta = np.zeros(k)
        for _step in range(100):  # Newton's method on the concave log-likelihood
            d = theta[:, None] - theta[None, :]
            p = 1.0 / (1.0 + np.exp(-d))
            grad = (w - n * p).sum(axis=1)
            hess = -(n * p * (1 - p))
            hess[np.diag_indices(k)] = -hess.sum(axis=1)
            g, h = grad[1:], hess[1:, 1:]
            try:
                step = np.linalg.solve(h, g)
            except np.linalg.LinAlgError:  # bots that never met the first: leave them
                step = np.linalg.lstsq(h, g, rcond=None)[0]
            theta[1:] += step
            if np.max(np.abs(step)) < 1e-9:
                break
        return theta

    def elo(self) -> dict[str, tuple[float, float, float]]:
        """Each bot's Elo (:attr:`zero` at 0) with its 95 % bootstrap interval: name -> (elo, low, high);
        ``low`` and ``high`` are ``NaN`` with no resample or fewer than :data:`MIN_DEALS`
        paired deals."""
        scale = 400 / math.log(10)
        z = self.bots.index(self.zero)

        def fit(games: Sequence[GameResult]) -> np.ndarray:
            theta = self._fit(self._pairs(games))
            out: np.ndarray = (theta - theta[z]) * scale
            return out

        best = fit(self.games)
        units = self._units()
        rng = random.Random(self.seed)
        samples = []
        for _sample in range(self.bootstrap):
            pick = [g for _ in range(len(units)) for g in units[rng.randrange(len(units))]]
            samples.append(fit(pick))
        if samples and len(units) >= MIN_DEALS:
            arr = np.array(samples)
            low, high = np.percentile(arr, 2.5, axis=0), np.percentile(arr, 97.5, axis=0)
        else:  # no resample asked for, or too few deals to tell
            low = high = np.full(len(self.bots), math.nan)
        return {b: (float(best[i]), float(low[i]), float(high[i])) for i, b in enumerate(self.bots)}

    def _units(self) -> list[list[GameResult]]:
        """The paired deals: every game of one deal between the same bots together."""
        units: dict[tuple[int, tuple[str, ...]], list[GameResult]] = {}
        for g in self.games:
            key = (g.deal, tuple(sorted(set(g.lineup))))
            units.setdefault(key, []).append(g)
        return list(units.values())

    def recordings(self) -> list[Recording]:
        """Every game as a recording that replays it (:meth:`GameResult.recording`), in
        the order played: a forfeit up to the move its bot failed at."""
        return [g.recording(self.rules) for g in self.games]

    def write(self, path: str | Path) -> Path:
        """Write every game (:meth:`recordings`) to ``path``, one ``durak-nb/1``
        document per line (:mod:`durak_nb.record.jsonlines`: independent deals, read
        by ``io.load_games``, ``games_frame`` and the replayer), whole or not at all
        (:func:`~durak_nb.record.json_form.write_atomic`).

        Returns:
            The path written.

        Raises:
            RecordingError: more games than one file holds
                (:data:`~durak_nb.record.lexer.MAX_GAMES`), or the folder is missing.
            OSError: the file cannot be written (an existing one is left as it was).
        """
        out = Path(path)
        write_atomic(out, jsonl_text(self.recordings()))
        return out

    def head_to_head(self, a: str, b: str) -> tuple[float, float, float, int]:
        """The score of ``a`` against ``b`` over the games where both played and one of
        them lost (or the game was drawn), with its 95 % interval over paired deals (the
        normal approximation; Wilson's score interval below :data:`MIN_DEALS` deals or
        without spread, see the module's text): (score, low, high, games)."""
        per_deal: list[float] = []
        total = 0
        for unit in self._units():
            got = played = 0.0
            for g in unit:
                if a not in g.lineup or b not in g.lineup:
                    continue
                losers = {g.lineup[s] for s in g.losing}
                if g.draw:
                    got += 0.5
                elif b in losers and a not in losers:
                    got += 1.0
                elif not (a in losers and b not in losers):
                    continue  # neither lost to the other
                played += 1
            if played:
                per_deal.append(got / played)
                total += int(played)
        if not per_deal:
            return (math.nan, math.nan, math.nan, 0)
        m = float(np.mean(per_deal))
        n = len(per_deal)
        sd = float(np.std(per_deal, ddof=1)) if n > 1 else 0.0
        if n < MIN_DEALS or sd == 0.0:
            low, high = _wilson(m, n)
            return (m, low, high, total)
        se = sd / math.sqrt(n)
        return (m, max(0.0, m - 1.96 * se), min(1.0, m + 1.96 * se), total)  # a score lies in 0..1

    def scores(self) -> Any:
        """Every bot's score against every other (:meth:`head_to_head`) as a
        :class:`pandas.DataFrame`: row ``a``, column ``b`` holds ``a``'s score against
        ``b`` (0..1, three decimals); ``NaN`` on the diagonal and for two bots that never
        met.  What a round robin (``tables="round_robin"``) shows beside the table."""
        import pandas as pd

        rows = {a: [math.nan if a == b else round(self.head_to_head(a, b)[0], 3) for b in self.bots] for a in self.bots}
        return pd.DataFrame.from_dict(rows, orient="index", columns=list(self.bots))

    def table(self) -> Any:
        """The ladder as a :class:`pandas.DataFrame`, one row per bot (index: its name):
        ``elo``, ``elo_low``, ``elo_high`` (95 % bootstrap), ``games``, ``forfeits``,
        ``vs_below`` (score against the bot below it), ``vs_below_low``,
        ``vs_below_high`` (95 %, see :meth:`head_to_head`) and ``beats_below`` (the
        interval's low end above one half; ``None`` for the first bot); a missing figure is
        ``NaN``."""
        import pandas as pd

        elo = self.elo()
        rows = []
        for i, b in enumerate(self.bots):
            e, lo, hi = elo[b]
            games = sum(1 for g in self.games if b in g.lineup)
            forfeits = sum(1 for g in self.games if g.forfeit is not None and g.lineup[g.forfeit] == b)
            if i:
                s, slo, shi, _games = self.head_to_head(b, self.bots[i - 1])
            else:
                s = slo = shi = math.nan
            rows.append(
                {
                    "bot": b,
                    "elo": round(e),
                    "elo_low": round(lo) if math.isfinite(lo) else math.nan,
                    "elo_high": round(hi) if math.isfinite(hi) else math.nan,
                    "games": games,
                    "forfeits": forfeits,
                    "vs_below": round(s, 3),
                    "vs_below_low": round(slo, 3),
                    "vs_below_high": round(shi, 3),
                    "beats_below": bool(slo > 0.5) if i else None,  # the first bot has none below
                }
            )
        return pd.DataFrame(rows).set_index("bot")


def _wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a mean score ``p`` in 0..1 over ``n`` paired deals."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _whole(value: object, low: int, high: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(_(WORDS[key]).format(most=high, value=value))
    return value


def run_tournament(
    ladder: Sequence[BotSpec],
    *,
    rules: Rules | str = "podkidnoy",
    players: int = 2,
    deals: int | Sequence[int] = 100,
    workers: int = 2,
    seed: int = 0,
    bootstrap: int = 1000,
    tables: str = "pairs",
) -> Tournament:
    """Play a ladder of bots (weakest first) on paired deals.

    Each bot meets the one above it (``tables="pairs"``): at a table of ``players``
    the two sit in turn (A B A …, and with an odd number of seats also B A B …), every
    distinct seat rotation of the same deck once, so both hold every seat equally often.
    With ``tables="windows"`` every window of ``players`` neighbouring bots of the
    ladder sits at one table instead (the ladder repeated when it has fewer bots than
    seats), once per seat rotation.  Each pairing (window) plays ``deals`` deals (one
    number for all, or one per pairing), deal seeds ``seed``, ``seed + 1`` ….

    Args:
        ladder: the bots, weakest first (unique names).
        rules: a preset name or :class:`Rules` (every preset works).
        players: players per game (R2).
        deals: deals per pairing.
        workers: worker processes (0 or 1: in this process).
        seed: the first deal's seed (also the bootstrap's).
        bootstrap: resamples for the Elo intervals.
        tables: ``"pairs"``, ``"windows"`` or ``"round_robin"`` (who sits together, above).

    Returns:
        The :class:`Tournament` (``.table()`` for the ladder table).

    Raises:
        ValueError: fewer than two bots, names not unique, a bound exceeded
            (:data:`MAX_DEALS`, :data:`MAX_WORKERS`, :data:`MAX_BOOTSTRAP`).
        RulesError: an unknown preset or a player count R2 forbids.
        BotFault: an outside bot (one with ``start()``, :class:`~durak_nb.botproto.ProcessBot`)
            cannot be started or fails its handshake: each is started once, and
            closed, before any game, so the tournament stops at once with the reason
            instead of playing every game of that bot as a forfeit.
    """
    r = Rules.make(rules) if isinstance(rules, str) else rules
    r.check_players(players)
    specs = tuple(ladder)
    if len(specs) < 2:
        raise ValueError(_(WORDS["few_bots"]).format(n=len(specs)))
    names = [s.name for s in specs]
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise ValueError(_(WORDS["names"]).format(names=names))
    workers = _whole(workers, 0, MAX_WORKERS, "workers")
    bootstrap = _whole(bootstrap, 0, MAX_BOOTSTRAP, "bootstrap")
    bases: list[tuple[tuple[BotSpec, ...], ...]]  # per pairing: its line-ups
    k = len(specs)
    if tables == "pairs":
        bases = []
        for i in range(k - 1):
            lo, hi = specs[i], specs[i + 1]
            one = tuple(lo if s % 2 == 0 else hi for s in range(players))
            two = tuple(hi if s % 2 == 0 else lo for s in range(players))
            bases.append((one, two) if players % 2 else (one,))
    elif tables == "round_robin":
        bases = []
        for i in range(k):
            for j in range(i + 1, k):
                lo, hi = specs[i], specs[j]
                one = tuple(lo if s % 2 == 0 else hi for s in range(players))
                two = tuple(hi if s % 2 == 0 else lo for s in range(players))
                bases.append((one, two) if players % 2 else (one,))
    elif tables == "windows":
        windows = max(1, k - players + 1)
        bases = [(tuple(specs[(i + j) % k] for j in range(players)),) for i in range(windows)]
    else:
        raise ValueError(_(WORDS["tables"]).format(value=tables))
    lineups = bases
    counts = [deals] * len(lineups) if isinstance(deals, int) else list(deals)
    if len(counts) != len(lineups):
        raise ValueError(_(WORDS["deals"]).format(most=MAX_DEALS, value=deals))
    counts = [_whole(c, 1, MAX_DEALS, "deals") for c in counts]
    tasks = [(r, base, seed + d) for base, c in zip(lineups, counts, strict=True) for d in range(c)]
    for spec in specs:
        _probe(spec)
    games: list[GameResult] = []
    if workers <= 1:
        for task in tasks:
            games.extend(_play_deal(task))
    else:
        with ProcessPoolExecutor(
            max_workers=min(workers, os.cpu_count() or 1, len(tasks)), initializer=quiet_worker
        ) as pool:
            try:
                for chunk in pool.map(_play_deal, tasks, chunksize=max(1, len(tasks) // (8 * workers))):
                    games.extend(chunk)
            except BaseException:  # Ctrl-C, a worker's error: nothing more is played
                stop_pool(pool)
                raise
    return Tournament(tuple(names), r, players, games, bootstrap=bootstrap, seed=seed, tables=tables)


def _probe(spec: BotSpec) -> None:
    """Start a bot that has a program (``start()``: an outside bot) and close it again:
    a :class:`~durak_nb.bots.BotFault` (it cannot start, its ``hello`` is wrong or late)
    stops the tournament before any game."""
    bot = spec.make(0)
    start = getattr(bot, "start", None)
    if not callable(start):
        return
    try:
        start()
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()


def bot_spec(
    name: str, *, timeout: float = 5.0, hello_timeout: float | None = None, log_dir: str | Path | None = None
) -> BotSpec:
    """The :class:`BotSpec` of a bot named as on the command line: ``random``
    (:class:`~durak_nb.bots.RandomBot`, seeded per game), ``lowest``
    (:class:`~durak_nb.bots.LowestCardBot`), ``heuristic``
    (:class:`~durak_nb.bots.HeuristicBot`), ``search`` or ``search-N``
    (:class:`~durak_nb.bots.SearchBot` with 8 or ``N`` samples per move, seeded per
    game), ``ismcts`` or ``ismcts-N`` (:class:`~durak_nb.ismcts.ISMCTSBot` with 200 or
    ``N`` iterations per move, seeded per game), or ``NAME=COMMAND``: an outside bot
    (:class:`~durak_nb.botproto.ProcessBot`, the protocol of docs/bot-protocol.md) named
    ``NAME``, started as ``COMMAND`` split into words as a POSIX shell would
    (:func:`shlex.split`; no shell runs it), with ``timeout`` seconds per move,
    ``hello_timeout`` seconds to start and shake hands (default
    :data:`~durak_nb.botproto.HELLO_TIMEOUT`), and with ``log_dir`` its standard error
    appended to ``log_dir/NAME.log`` (``NAME`` with every character but letters, digits,
    ``.``, ``-`` and ``_`` written as ``_``).

    Raises:
        ValueError: an unknown name, ``N`` not a whole number from 1 to
            :data:`MAX_SEARCH_SAMPLES` (``search-N``) or :data:`MAX_ISMCTS_ITERATIONS`
            (``ismcts-N``), or ``NAME=COMMAND`` without a name or a command
            (or with unbalanced quotes).
    """
    from .bots import HeuristicBot, LowestCardBot, RandomBot, SearchBot

    if "=" in name:
        import shlex

        from .botproto import ProcessBot

        label, _eq, command = name.partition("=")
        try:
            words = shlex.split(command)
        except ValueError:
            words = []
        if not label.strip() or not words:
            raise ValueError(_(WORDS["outside"]).format(name=name))
        kwargs: dict[str, Any] = {"command": words, "name": label.strip(), "timeout": timeout}
        if hello_timeout is not None:
            kwargs["hello_timeout"] = hello_timeout
        if log_dir is not None:
            kwargs["log"] = str(Path(log_dir) / log_name(label.strip()))
        return BotSpec(label.strip(), ProcessBot, kwargs)

    if name == "random":
        return BotSpec(name, RandomBot, seeded=True)
    if name == "lowest":
        return BotSpec(name, LowestCardBot)
    if name == "heuristic":
        return BotSpec(name, HeuristicBot)
    if name == "search":
        return BotSpec(name, SearchBot, {"samples": 8}, seeded=True)
    tail = name.removeprefix("search-")
    if tail != name and tail.isdigit() and tail.isascii() and 1 <= int(tail) <= MAX_SEARCH_SAMPLES:
        return BotSpec(name, SearchBot, {"samples": int(tail)}, seeded=True)
    if name == "ismcts" or name.startswith("ismcts-"):
        from .ismcts import DEFAULT_ITERATIONS, ISMCTSBot

        tail = name.removeprefix("ismcts-") if name != "ismcts" else str(DEFAULT_ITERATIONS)
        if tail.isdigit() and tail.isascii() and 1 <= int(tail) <= MAX_ISMCTS_ITERATIONS:
            return BotSpec(name, ISMCTSBot, {"iterations": int(tail)}, seeded=True)
    raise ValueError(
        _(WORDS["bot_name"]).format(
            name=name, names=", ".join(BOT_NAMES), most=MAX_SEARCH_SAMPLES, iterations=whole(MAX_ISMCTS_ITERATIONS)
        )
    )


def log_name(name: str) -> str:
    """The file name of an outside bot's log (``bot_spec(log_dir=...)``): ``NAME.log``,
    every character of ``NAME`` but letters, digits, ``.``, ``-`` and ``_`` written as
    ``_``, and a leading dot too (never a path, never a hidden file).

    >>> log_name("my bot/2"), log_name("..x")
    ('my_bot_2.log', '_.x.log')
    """
    safe = "".join(c if (c.isascii() and (c.isalnum() or c in ".-_")) else "_" for c in name)[:100]
    if safe.startswith("."):
        safe = "_" + safe[1:]
    return f"{safe}.log"


def _cell(column: str, value: Any) -> str:
    """One value of :meth:`Tournament.table` as the printed table shows it, in the
    language in use: a yes/no word (``beats_below``), a whole number (Elo, counts, with
    the language's group separator), a
    score with three decimals and the language's decimal sign (``vs_below*``: 0.938,
    0,938), and a missing one (``None``, ``NaN``) as a dash."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return pgettext("tournament value", "—")
    if column == "beats_below" or isinstance(value, bool):
        return pgettext("tournament value", "yes") if value else pgettext("tournament value", "no")
    if column.startswith("vs_below"):
        return decimal(float(value), 3)
    return whole(int(value))  # 1,000 / 1 000 (a no-break space) in Russian and Ukrainian


def tournament_text(t: Tournament, deals: int) -> str:
    """The tournament's table as a person reads it: a heading line (variant, players,
    deals, games), then :meth:`Tournament.table` as plain text, its headings and every
    value in the language in use (:func:`_cell`: yes/no words, the decimal sign, a dash
    for a missing figure), then each distinct forfeit reason once (a bot that could not
    start, a refused move …), so that a forfeit count never stands unexplained."""
    import pandas as pd

    head = ngettext(*_HEAD, deals).format(
        variant=t.rules.preset, players=t.players, deals=whole(deals), games=whole(len(t.games))
    )
    table = t.table()
    shown = pd.DataFrame(
        {
            pgettext("tournament column", _COLUMNS.get(c, c)): [_cell(c, v) for v in table[c].tolist()]
            for c in table.columns
        },
        index=pd.Index(table.index, name=pgettext("tournament column", _COLUMNS["bot"])),
    )
    lines = [head, str(shown.to_string())]
    if t.tables == "round_robin":
        scores = t.scores()
        cells = pd.DataFrame(
            {b: [_cell("vs_below", v) for v in scores[b].tolist()] for b in scores.columns}, index=scores.index
        )
        lines.append(_(WORDS["scores"]))
        lines.append(str(cells.to_string()))
    reasons = list(dict.fromkeys(g.reason for g in t.games if g.forfeit is not None and g.reason))
    if reasons:
        lines.append(_(WORDS["reasons"]))
        lines.extend(f"  {reason}" for reason in reasons[:MAX_REASONS])
        more = len(reasons) - MAX_REASONS
        if more > 0:
            lines.append("  " + ngettext("… and {n} other reason", "… and {n} other reasons", more).format(n=more))
    return "\n".join(lines)
