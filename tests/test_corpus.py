"""Self-play corpora (durak_nb.corpus, issue 13 §3): the same corpus for the same seed
whatever the workers, the chunking or the cluster (a Dask LocalCluster included);
recordings the kit's readers read; tables pandas and DuckDB query with exact answers;
bad requests refused; a failure leaves no half file."""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from durak_nb import corpus  # noqa: E402
from durak_nb.cli import main  # noqa: E402
from durak_nb.engine import Took  # noqa: E402
from durak_nb.record import RecordingError, io  # noqa: E402
from durak_nb.record.jsonlines import parse_jsonl  # noqa: E402
from durak_nb.selfplay import record_bot_game  # noqa: E402
from durak_nb.tables import games_frame, moves_frame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _make(tmp: Path, name: str, n: int = 12, seed: int = 8, **kw: Any) -> corpus.Corpus:
    kw.setdefault("chunk", 4)
    kw.setdefault("workers", 1)
    return corpus.selfplay(n, "podkidnoy", 2, "random", seed, tmp / name, progress=False, **kw)


def _tables(c: corpus.Corpus) -> tuple[Any, Any]:
    return pq.read_table(c.moves_path), pq.read_table(c.games_path)


def _files(c: corpus.Corpus) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in c.files()}


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> corpus.Corpus:
    """30 games of 2-player podkidnoy between random bots, seed 8 (the queries' corpus)."""
    return corpus.selfplay(
        30, "podkidnoy", 2, "random", 8, tmp_path_factory.mktemp("c") / "small", workers=1, chunk=10, progress=False
    )


# ----------------------------------------------------------------------------- determinism


def test_game_seeds_are_fixed_numbers() -> None:
    assert corpus.game_seed(0, 0) == 1680920178446491136
    assert len({corpus.game_seed(s, i) for s in range(5) for i in range(200)}) == 1000
    assert all(0 <= corpus.game_seed(s, 7) < 2**63 for s in (-1, 0, 2**70))


def test_one_and_two_workers_write_the_same_corpus(tmp_path: Path) -> None:
    one = _make(tmp_path, "w1", workers=1)
    two = _make(tmp_path, "w2", workers=2)
    assert _tables(one)[0].equals(_tables(two)[0])
    assert _tables(one)[1].drop_columns(["file"]).equals(_tables(two)[1].drop_columns(["file"]))
    assert _files(one) == _files(two)
    assert sorted(_files(one)) == ["games-0000000.jsonl", "games-0000004.jsonl", "games-0000008.jsonl"]
    assert one.manifest == two.manifest
    assert one.manifest["n_games"] == 12 and one.manifest["format"] == "durak-nb-corpus/1"


def test_chunking_does_not_change_the_tables(tmp_path: Path) -> None:
    a = _make(tmp_path, "c4", chunk=4)
    b = _make(tmp_path, "c5", chunk=5, workers=2)
    assert _tables(a)[0].equals(_tables(b)[0])
    drop = ["file", "line"]
    assert _tables(a)[1].drop_columns(drop).equals(_tables(b)[1].drop_columns(drop))
    assert [r.moves for r in a.recordings()] == [r.moves for r in b.recordings()]


def test_a_dask_local_cluster_writes_the_same_corpus(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    local = _make(tmp_path, "local", workers=1)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.nthreads()) == 2
        on_dask = _make(tmp_path, "dask", dask=client)
        by_address = _make(tmp_path, "address", n=5, dask=cluster.scheduler_address)
    assert _tables(local)[0].equals(_tables(on_dask)[0])
    assert _tables(local)[1].equals(_tables(on_dask)[1])
    assert _files(local) == _files(on_dask)
    assert _tables(by_address)[0].equals(_tables(local)[0].filter(pa.compute.less(_tables(local)[0]["game"], 5)))


# ----------------------------------------------------------------------------- what is written


def test_the_recordings_are_the_games_and_the_kits_readers_read_them(small: corpus.Corpus) -> None:
    recs = list(small.recordings())
    assert len(recs) == 30 and [r.meta["corpus_game"] for r in recs] == list(range(30))
    first = recs[0]
    seed = corpus.game_seed(8, 0)
    assert first.meta["seed"] == seed and first.meta["corpus_seed"] == 8 and first.meta["bots"] == "random, random"
    assert first.meta["event"] == f"durak-nb play --preset podkidnoy --players 2 --seed {seed}"
    again = record_bot_game("podkidnoy", 2, seed)  # the same game as durak-nb play --seed S
    assert again.moves == first.moves and again.result == first.result
    # io.load_games (by suffix), validate_path and tables.games_frame read .jsonl files
    f = small.files()[1]
    assert [r.meta["corpus_game"] for r in io.load_games(f)] == list(range(10, 20))
    assert all(rep.ok for rep in io.validate_path(f)) and len(io.validate_path(f)) == 10
    frame = games_frame(small.files(), progress=False)
    assert frame["ok"].all() and len(frame) == 30
    assert list(frame["durak"]) == list(small.games()["durak"])
    assert list(frame["takes"]) == list(small.games()["takes"])


def test_the_move_table_is_moves_frame_of_each_game(small: corpus.Corpus) -> None:
    moves = small.moves()
    assert list(moves.columns) == [
        "game", "move", "bout", "seat", "player", "role", "action", "cards", "target", "show",
        "hand_Anna", "hand_Boris", "talon", "discard", "table", "rules", "took",
    ]  # fmt: skip
    assert tuple(c for c in moves.columns if not c.startswith("hand_")) == tuple(
        c for c in corpus.MOVE_TABLE_COLUMNS if c not in ("hand sizes",)
    )
    rec = next(small.recordings())
    expected = moves_frame(rec)
    assert (expected["unknown_Anna"] == 0).all() and (expected["unknown_Boris"] == 0).all()  # a bot game: all known
    expected = expected.drop(columns=["hands", "text", "events", "unknown", "unknown_Anna", "unknown_Boris"])
    expected = expected.reset_index(drop=True)
    got = moves[moves["game"] == 0].drop(columns=["game", "move", "took"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected)
    assert list(moves[moves["game"] == 0]["move"]) == list(range(len(rec.moves)))
    # the first moves of game 0, exactly: an attack, a take, a throw-in after the take (R14)
    head = moves.head(3)[["bout", "player", "action", "cards", "talon", "table", "rules", "took"]]
    assert head.to_dict("records") == [
        {"bout": 1, "player": "Anna", "action": "attack", "cards": "KD", "talon": 24, "table": 0,
         "rules": "R9", "took": 0},
        {"bout": 1, "player": "Boris", "action": "take", "cards": "", "talon": 24, "table": 1,
         "rules": "R14", "took": 0},
        {"bout": 1, "player": "Anna", "action": "throw", "cards": "KC", "talon": 24, "table": 1,
         "rules": "R11 R12 R13 R14", "took": 0},
    ]  # fmt: skip
    games = small.games()
    assert list(games.columns) == list(corpus.GAME_TABLE_COLUMNS)
    # every take ends in one pick-up; the per-game sums agree with the move rows
    assert int((moves["took"] > 0).sum()) == int(games["takes"].sum())
    assert moves.groupby("game")["took"].sum().tolist() == games["cards_taken"].tolist()
    assert moves.groupby("game").size().tolist() == games["moves"].tolist()


def _expected_rows(rec: Any, game: int) -> pd.DataFrame:
    """moves.parquet's rows of one game made the slow way: tables.moves_frame over a
    replay of its recording, the dropped columns removed, ``took`` from the replayed
    events (R14)."""
    frame = moves_frame(rec)
    drop = ["hands", "text", "events", "unknown", *(c for c in frame.columns if c.startswith("unknown_"))]
    frame = frame.drop(columns=drop).reset_index(drop=True)
    took = [sum(len(e.cards) for e in events if isinstance(e, Took)) for _g, _m, events in rec.steps()]
    frame.insert(0, "game", pd.Series([game] * len(frame), dtype="int64"))
    frame.insert(1, "move", pd.Series(range(len(frame)), dtype="int64"))
    frame["took"] = pd.Series(took, dtype="int64")
    return frame


def _rows_of(moves: pd.DataFrame, game: int) -> pd.DataFrame:
    rows = moves[moves["game"] == game].reset_index(drop=True)
    for col in ("player", "role", "action"):  # read back with the categories of the whole file
        assert list(rows[col].cat.categories) == list(moves[col].cat.categories)
    return rows


def test_every_games_rows_are_moves_frame_exactly(small: corpus.Corpus) -> None:
    """The rows filled while the games are played (tables.MoveColumns, no replay) are
    moves_frame's rows of the replayed recording, value for value, dtype for dtype."""
    moves = small.moves()
    recs = list(small.recordings())
    assert len(moves) == sum(len(r.moves) for r in recs) == 3383
    for i, rec in enumerate(recs):
        pd.testing.assert_frame_equal(_rows_of(moves, i), _expected_rows(rec, i), check_exact=True)


def test_rows_with_transfers_shown_trumps_and_three_seats_are_moves_frame_exactly(tmp_path: Path) -> None:
    """perevodnoy for 3 with проездной (R17, R20, R21 in the rules column), a bot per seat."""
    c = corpus.selfplay(
        8, "perevodnoy", 3, ["random", "lowest_card", "random"], 5, tmp_path / "p", workers=1, chunk=3,
        options={"show_trump_transfer": True}, progress=False,
    )  # fmt: skip
    moves = c.moves()
    assert [col for col in moves.columns if col.startswith("hand_")] == ["hand_Anna", "hand_Boris", "hand_Vera"]
    # random throwers asked first (R12: the attacker, then clockwise) throw in or pass before the defence
    assert len(moves) == 1508 and (moves["action"] == "transfer").sum() == 15 and moves["show"].sum() == 8
    assert moves["rules"].str.contains("R20").sum() == 8 and moves["rules"].str.contains("R21").sum() == 4
    for i, rec in enumerate(c.recordings()):
        pd.testing.assert_frame_equal(_rows_of(moves, i), _expected_rows(rec, i), check_exact=True)


def test_the_games_table_row(small: corpus.Corpus) -> None:
    row = small.games().iloc[0].to_dict()
    assert row == {
        "game": 0, "seed": corpus.game_seed(8, 0), "file": "games/games-0000000.jsonl", "line": 1,
        "preset": "podkidnoy", "players": 2, "bots": "random, random", "first_attacker": "Anna",
        "first_attacker_seat": 0, "finished": True, "durak": "Anna", "durak_seat": 0, "draw": False,
        "epaulettes": False, "result_rule": "R25", "moves": row["moves"], "bouts": row["bouts"],
        "takes": 26, "transfers": 0, "throw_ins": row["throw_ins"], "cards_taken": 45,
    }  # fmt: skip
    rec = next(small.recordings())
    assert row["moves"] == len(rec.moves)


# ----------------------------------------------------------------------------- queries


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("corpus_example", ROOT / "scripts" / "corpus_example.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


#: The answers on the small corpus (30 games, seed 8), as exact fractions.
FIRST_ATTACKER_LOSES = Fraction(17, 30)
DURAK_BY_SEAT = {0: Fraction(16, 30), 1: Fraction(14, 30)}


def test_pandas_answers_the_lesson_8_questions(small: corpus.Corpus) -> None:
    games = pd.read_parquet(small.path / "games.parquet")
    lost = games.dropna(subset=["durak"])
    assert len(lost) == 30
    assert (lost["durak"] == lost["first_attacker"]).sum() == 17
    assert lost["durak_seat"].value_counts().sort_index().to_dict() == {0: 16, 1: 14}
    took = pd.read_parquet(small.path / "moves.parquet", columns=["took"])["took"]
    picked = took[took > 0]
    per_take = Fraction(int(picked.sum()), len(picked))
    assert per_take == Fraction(int(games["cards_taken"].sum()), int(games["takes"].sum()))
    assert (int(picked.sum()), len(picked)) == (1201, 510)
    answers = _script().pandas_answers(small.path)
    assert answers["first_attacker_loses"] == pytest.approx(float(FIRST_ATTACKER_LOSES), abs=1e-15)
    assert answers["durak_by_seat"] == pytest.approx({k: float(v) for k, v in DURAK_BY_SEAT.items()}, abs=1e-15)
    assert answers["cards_per_take"] == pytest.approx(1201 / 510, abs=1e-15)


def test_duckdb_answers_the_same(small: corpus.Corpus) -> None:
    duckdb = pytest.importorskip("duckdb")
    g = (small.path / "games.parquet").as_posix()
    m = (small.path / "moves.parquet").as_posix()
    assert duckdb.sql(
        f"SELECT count(*) FILTER (WHERE durak = first_attacker), count(*) FROM '{g}' WHERE durak IS NOT NULL"
    ).fetchall() == [(17, 30)]
    assert duckdb.sql(f"SELECT durak_seat, count(*) FROM '{g}' GROUP BY durak_seat ORDER BY durak_seat").fetchall() == [
        (0, 16),
        (1, 14),
    ]
    assert duckdb.sql(f"SELECT sum(took), count(*) FROM '{m}' WHERE took > 0").fetchall() == [(1201, 510)]
    script = _script()
    sql, pandas = script.duckdb_answers(small.path), script.pandas_answers(small.path)
    assert sql["durak_by_seat"] == pytest.approx(pandas["durak_by_seat"], abs=1e-15)
    assert sql["first_attacker_loses"] == pytest.approx(pandas["first_attacker_loses"], abs=1e-15)
    assert sql["cards_per_take"] == pytest.approx(1201 / 510, abs=1e-15)


def test_the_example_script_prints_the_answers(small: corpus.Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main([str(small.path)]) == 0
    out = capsys.readouterr().out
    assert "the first attacker is the durak in 56.67% of the games with a durak" in out
    assert "seat 0: 53.3%, seat 1: 46.7%" in out
    assert "a take picks up 2.355 cards on average" in out  # 1201 / 510 = 2.3549
    assert "pandas and DuckDB agree" in out


# ----------------------------------------------------------------------------- on_step


@pytest.mark.parametrize("journal", [False, True])
def test_record_bot_game_on_step_gives_each_move_between_its_positions(tmp_path: Path, journal: bool) -> None:
    """selfplay.record_bot_game(on_step=...): the position before, the move, its events
    and the position after, exactly as a replay of the recording gives them (R14-R16
    events included), with and without a journal."""
    seen: list[tuple[Any, ...]] = []
    path = tmp_path / "g.durak.jsonl" if journal else None
    rec = record_bot_game("perevodnoy", 3, 4, path=path, fsync=False, on_step=lambda *step: seen.append(step))
    game = rec.new_game()
    replayed = []
    before = game.position()
    for now, move, events in rec.steps(game):
        after = now.position()
        replayed.append((before, move, list(events), after))
        before = after
    assert len(seen) == len(rec.moves) == len(replayed) > 50
    assert [(b, m, list(e), a) for b, m, e, a in seen] == replayed
    assert seen[-1][3].result is not None and seen[0][0] == rec.new_game().position()


# ----------------------------------------------------------------------------- bots


def test_bots_by_name_one_per_seat(tmp_path: Path) -> None:
    assert {"random", "lowest_card"} <= set(corpus.bot_names())
    c = corpus.selfplay(4, "perevodnoy", 3, ["random", "lowest_card", "random"], 2, tmp_path / "mix", progress=False)
    games = c.games()
    assert list(games["bots"]) == ["random, lowest_card, random"] * 4
    assert list(games["players"]) == [3] * 4 and games["finished"].all()
    rec = next(c.recordings())
    assert "event" not in rec.meta  # not a durak-nb play game
    assert rec.rules.preset == "perevodnoy" and rec.players == ("Anna", "Boris", "Vera")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n_games": 0}, "the number of games must be a whole number from 1 to 10000000, not 0"),
        ({"n_games": True}, "the number of games must be a whole number"),
        ({"chunk": 1001}, "chunk must be a whole number from 1 to 1000"),
        ({"workers": -1}, "workers must be a whole number from 0 (0 or 1: in this process) to 65536, not -1"),
        ({"bots": "nobody"}, "no bot named 'nobody'; the bots: "),
        ({"bots": ["random"] * 3}, "3 bots for 2 players: give one bot name, or one per seat"),
    ],
)
def test_bad_requests_are_refused_before_any_game(tmp_path: Path, kwargs: dict[str, Any], words: str) -> None:
    args: dict[str, Any] = {"n_games": 3, "bots": "random", "out_dir": tmp_path / "c", "progress": False, **kwargs}
    with pytest.raises(corpus.CorpusError, match=words.replace("(", r"\(").replace(")", r"\)")):
        corpus.selfplay(**args)
    assert not (tmp_path / "c").exists()


def test_a_player_count_the_rules_forbid_is_refused(tmp_path: Path) -> None:
    from durak_nb.rules import RulesError

    with pytest.raises(RulesError, match="R2"):
        corpus.selfplay(3, "podkidnoy", 7, out_dir=tmp_path / "c", progress=False)


def test_an_existing_corpus_is_kept_unless_overwrite(tmp_path: Path) -> None:
    c = _make(tmp_path, "c", n=3)
    before = c.moves_path.read_bytes()
    with pytest.raises(corpus.CorpusError, match="already holds a corpus"):
        _make(tmp_path, "c", n=2)
    assert c.moves_path.read_bytes() == before
    again = _make(tmp_path, "c", n=2, overwrite=True)
    assert again.n_games == 2 and len(again.games()) == 2 and len(again.files()) == 1


# ----------------------------------------------------------------------------- failures


def test_a_bots_own_error_stops_the_corpus_naming_the_game_and_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: a bot's fault during corpus writing stops the corpus (the choice
    documented in selfplay), said as the game's fault (number, seed, the error's name
    and words), not a traceback; no tables, no manifest."""
    from durak_nb import bots

    real = bots.LowestCardBot.choose

    def broken(self: Any, game: Any, player: Any = None) -> Any:
        if len(game.history) >= 7:
            raise ZeroDivisionError("boom")
        return real(self, game, player)

    monkeypatch.setattr(bots.LowestCardBot, "choose", broken)
    with pytest.raises(corpus.CorpusError) as info:
        corpus.selfplay(3, "podkidnoy", 2, "lowest_card", 1, tmp_path / "c", workers=1, chunk=1, progress=False)
    assert str(info.value) == f"game 0 (seed {corpus.game_seed(1, 0)}): ZeroDivisionError: boom"
    folder = tmp_path / "c"
    assert not (folder / corpus.MANIFEST).exists() and not (folder / corpus.MOVES_FILE).exists()


def test_a_failure_leaves_no_half_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = corpus.play_chunk

    def failing(spec: Any, start: int, stop: int) -> Any:
        if start >= 4:
            raise corpus.CorpusError("R14", f"game {start} (seed 1): the engine refused a move")
        return real(spec, start, stop)

    monkeypatch.setattr(corpus, "play_chunk", failing)
    with pytest.raises(corpus.CorpusError, match=r"\[R14\] game 4 \(seed 1\)"):
        _make(tmp_path, "c", n=12)
    folder = tmp_path / "c"
    left = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert left == ["games/games-0000000.jsonl"]  # the one whole chunk; no table, no manifest, no .partial
    assert len(io.load_games(folder / left[0])) == 4


def test_a_folder_without_a_corpus_is_refused(tmp_path: Path) -> None:
    with pytest.raises(corpus.CorpusError, match="is not a corpus folder"):
        corpus.Corpus(tmp_path)


def test_a_bad_line_names_its_line() -> None:
    good = (record_bot_game("podkidnoy", 2, 1).to_json(),)
    text = json.dumps(good[0]) + "\n\n" + '{"format": "durak-nb/1", "rules": "podkidnoy"}\n'
    with pytest.raises(RecordingError) as info:
        parse_jsonl(text, "x.jsonl")
    assert info.value.file == "x.jsonl" and info.value.line == 3
    with pytest.raises(RecordingError, match="no game"):
        parse_jsonl("\n \n", "empty.jsonl")


# ----------------------------------------------------------------------------- command line


def test_durak_nb_selfplay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli"
    assert main(["selfplay", "6", "-o", str(out), "--seed", "8", "--workers", "1", "--chunk", "4"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"{out}: 6 games in ") and said.rstrip().endswith(" bytes")
    c = corpus.Corpus(out)
    assert c.n_games == 6 and c.manifest["seed"] == 8
    first = _make(tmp_path, "api", n=6)
    assert _tables(c)[0].equals(_tables(first)[0])
    assert main(["selfplay", "2", "-o", str(out), "--workers", "1"]) == 2
    assert "already holds a corpus (corpus.json or a table): choose another folder, or replace it (--overwrite;" in (
        capsys.readouterr().err
    )
    assert main(["selfplay", "2", "-o", str(tmp_path / "b"), "--bots", "nobody"]) == 2
    assert "no bot named 'nobody'" in capsys.readouterr().err


def test_the_tournaments_bot_names_and_no_workers(tmp_path: Path) -> None:
    # one way to name a bot: the tournament's names (lowest, search-N) play here too, and
    # workers=0 plays in this process as the tournament's does; the same games as lowest_card
    a = corpus.selfplay(4, bots="lowest", out_dir=tmp_path / "a", workers=0, progress=False)
    b = corpus.selfplay(4, bots="lowest_card", out_dir=tmp_path / "b", workers=1, progress=False)
    assert a.moves().equals(b.moves())
    assert isinstance(corpus.make_bot("search-2", 1), corpus._bots.SearchBot)
    assert corpus.make_bot("search-2", 1).samples == 2


@pytest.mark.parametrize("where", ["table", "manifest"])
def test_a_full_disk_is_said_with_the_file_and_leaves_nothing_written(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No space left while a table (pyarrow's OSError, a traceback before) or the manifest
    is written: a RecordingError naming the file and the OS's words, and nothing of the
    run stays (its recordings files and the folders it made are removed again)."""
    import pyarrow.parquet as pq

    full = OSError(28, "No space left on device")
    if where == "table":

        def write_table(self: Any, table: Any, *args: Any, **kwargs: Any) -> None:
            raise full

        monkeypatch.setattr(pq.ParquetWriter, "write_table", write_table)
        name = "moves.parquet"
    else:
        real = corpus.write_atomic

        def write_atomic(path: Any, text: str) -> None:
            if Path(path).name == corpus.MANIFEST:
                raise RecordingError("cannot write the file: No space left on device", file=str(path), whole=True)
            real(path, text)

        monkeypatch.setattr(corpus, "write_atomic", write_atomic)
        name = corpus.MANIFEST
    with pytest.raises(RecordingError) as info:
        _make(tmp_path, "c", n=6)
    assert (info.value.file, str(info.value)) == (
        str(tmp_path / "c" / name),
        f"{tmp_path / 'c' / name}: error: cannot write the file: No space left on device",
    )
    assert sorted(p.name for p in tmp_path.rglob("*")) == []
