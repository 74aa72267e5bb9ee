"""durak_nb.tables: a game as a DataFrame (one row per move) and a folder of recordings
as a DataFrame (one row per game), with exact values.

The values come from the engine; the rule ids in the ``rules`` column are the ones of
RULES.md (R5-R27), checked here on the recordings of ``recordings/`` and on a few small
hand-made games (R5 redeal, R7 trump six over trump ace, R27 repetition).
"""

from __future__ import annotations

import importlib
import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from conftest import RECORDINGS
from test_replay import shared_recording

from durak_nb import tables
from durak_nb.cards import deck
from durak_nb.engine import Action
from durak_nb.record import Recording, RecordingError, io, validate_file
from durak_nb.replay import Replay
from durak_nb.tables import games_frame, load_recording, moves_frame, readable

SEED000 = RECORDINGS / "seed000-vdogonku.json"
POD2 = RECORDINGS / "podkidnoy-2p.json"

#: Columns compared row by row (``text`` and the ``hand_<name>`` columns are checked apart).
ROW_COLS = [
    "bout",
    "seat",
    "player",
    "role",
    "action",
    "cards",
    "target",
    "show",
    "hands",
    "talon",
    "discard",
    "table",
    "rules",
    "events",
]


def py(value: Any) -> Any:
    """A frame value as plain Python: ``<NA>``/NaN as ``None``, numpy scalars unboxed."""
    if isinstance(value, tuple | list | str):
        return value
    if value is None or pd.isna(value):
        return None
    return value.item() if hasattr(value, "item") else value


def rows(df: pd.DataFrame, cols: list[str] = ROW_COLS) -> dict[int, tuple[Any, ...]]:
    """Move index -> the row's values as plain Python (``<NA>`` as ``None``)."""
    columns = [[py(v) for v in df[c].tolist()] for c in cols]
    return {int(k): tuple(col[i] for col in columns) for i, k in enumerate(df.index)}


def values(row: Any) -> list[Any]:
    """One row (a Series from ``.loc[label, columns]``) as plain Python values."""
    return [py(v) for v in row.tolist()]


def doc_with_start(
    rules: Any, players: list[str], hands: dict[str, str], attacker: str, trump: str, moves: list[dict[str, Any]]
) -> dict[str, Any]:
    """A ``durak-nb/1`` document from a set-up position, the rest of the deck discarded."""
    used = {c for h in hands.values() for c in h.split()}
    return {
        "format": "durak-nb/1",
        "rules": rules,
        "players": players,
        "start": {
            "hands": {name: h.split() for name, h in hands.items()},
            "talon": [],
            "trump": trump,
            "discard": [c.code for c in deck(36) if c.code not in used],
            "attacker": attacker,
            "first_bito_done": True,
        },
        "moves": moves,
    }


def json_action_counts(path: Path) -> Counter[str]:
    """The actions of a JSON recording, counted straight from the file."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return Counter(m["action"] for m in doc["moves"])


# ----------------------------------------------------------------------------- moves_frame


def test_tables_seed000_every_row_exact_R11_R12_R13_R14_R23() -> None:
    """Seed 000's вдогонку lesson: lead, take (R14), throw-ins after take by the attacker
    first and then Vera (R11-R13), explicit passes (R12), the pick-up and the next
    attacker (R23).  Every position column is the position BEFORE the move."""
    df = moves_frame(SEED000)
    assert rows(df) == {
        0: (20, 0, "Anna", "attacker", "attack", "7S", None, False, (4, 3, 3), 0, 26, 0, "R9", ""),
        1: (20, 1, "Boris", "defender", "take", "", None, False, (3, 3, 3), 0, 26, 1, "R14", ""),
        2: (20, 0, "Anna", "attacker", "throw", "7H", None, False, (3, 3, 3), 0, 26, 1, "R11 R12 R13 R14", ""),
        3: (20, 0, "Anna", "attacker", "pass", "", None, False, (2, 3, 3), 0, 26, 2, "R12 R14", ""),
        4: (20, 2, "Vera", "thrower", "throw", "7D", None, False, (2, 3, 3), 0, 26, 2, "R11 R12 R13 R14", ""),
        5: (20, 0, "Anna", "attacker", "pass", "", None, False, (2, 3, 2), 0, 26, 3, "R12 R14", ""),
        6: (
            20,
            2,
            "Vera",
            "thrower",
            "pass",
            "",
            None,
            False,
            (2, 3, 2),
            0,
            26,
            3,
            "R12 R14 R23",
            "Boris picks up 7♠ 7♥ 7♦ (R14)",
        ),
    }
    assert df["hand_Anna"].tolist() == [4, 3, 3, 2, 2, 2, 2]
    assert df["hand_Boris"].tolist() == [3, 3, 3, 3, 3, 3, 3]
    assert df["hand_Vera"].tolist() == [3, 3, 3, 3, 3, 2, 2]
    assert df["text"].tolist() == [
        "Anna attacks 7♠",
        "Boris takes",
        "Anna throws in 7♥",
        "Anna passes",
        "Vera throws in 7♦",
        "Anna passes",
        "Vera passes",
    ]


def test_tables_moves_frame_columns_index_and_dtypes() -> None:
    df = moves_frame(SEED000)
    assert list(df.columns) == [
        "bout",
        "seat",
        "player",
        "role",
        "action",
        "cards",
        "target",
        "show",
        "hands",
        "hand_Anna",
        "hand_Boris",
        "hand_Vera",
        "unknown",
        "unknown_Anna",
        "unknown_Boris",
        "unknown_Vera",
        "talon",
        "discard",
        "table",
        "rules",
        "text",
        "events",
    ]
    assert isinstance(df.index, pd.RangeIndex)
    assert (df.index.name, df.index.start, df.index.stop) == ("move", 0, 7)
    assert {c: str(t) for c, t in df.dtypes.items()} == {
        "bout": "int64",
        "seat": "int64",
        "player": "category",
        "role": "category",
        "action": "category",
        "cards": "string",
        "target": "string",
        "show": "bool",
        "hands": "object",
        "hand_Anna": "int64",
        "hand_Boris": "int64",
        "hand_Vera": "int64",
        "unknown": "object",
        "unknown_Anna": "int64",
        "unknown_Boris": "int64",
        "unknown_Vera": "int64",
        "talon": "int64",
        "discard": "int64",
        "table": "int64",
        "rules": "string",
        "text": "string",
        "events": "string",
    }
    assert list(df["player"].cat.categories) == ["Anna", "Boris", "Vera"]  # seat order
    assert list(df["role"].cat.categories) == ["attacker", "defender", "thrower"]
    assert list(df["action"].cat.categories) == ["attack", "throw", "transfer", "defend", "take", "pass", "redeal"]


def test_tables_move_columns_drop_builds_the_other_columns_alike() -> None:
    """tables.MoveColumns (moves_frame's row builder, also the corpus's): a dropped
    column is not built, the others are moves_frame's exactly; an unknown name is refused."""
    rec = load_recording(SEED000)
    full = moves_frame(rec)
    drop = ("hands", "text", "events", "unknown", "unknown_Anna", "unknown_Boris", "unknown_Vera")
    cols = tables.MoveColumns(rec.players, rec.rules, drop=drop)
    game = rec.new_game()
    before = game.position()
    for now, move, events in rec.steps(game):
        after = now.position()
        cols.add(before, move, events, after)
        before = after
    assert len(cols) == 7
    assert cols.columns == tuple(c for c in full.columns if c not in drop)
    pd.testing.assert_frame_equal(cols.frame(full.index), full.drop(columns=list(drop)), check_exact=True)
    with pytest.raises(ValueError, match=r"no column \['hand_Gleb'\]"):
        tables.MoveColumns(rec.players, rec.rules, drop=("hand_Gleb",))


def test_tables_podkidnoy_2p_rows_R6_R9_R13_R14_R15_R16_R24_R25() -> None:
    """A whole 2-player bot game: several rows exact (bito and refill, a pair led,
    a take after a cover, вдогонку, the last move ending the game)."""
    df = moves_frame(POD2)
    assert len(df) == 134
    picked = rows(df.loc[[0, 1, 2, 35, 36, 37, 51, 124, 133]])
    assert picked == {
        0: (1, 1, "Boris", "attacker", "attack", "TH", None, False, (6, 6), 24, 0, 0, "R9", ""),
        1: (1, 0, "Anna", "defender", "defend", "AH", "TH", False, (6, 5), 24, 0, 1, "R6", ""),
        2: (
            1,
            1,
            "Boris",
            "attacker",
            "pass",
            "",
            None,
            False,
            (5, 5),
            24,
            0,
            2,
            "R12 R15 R16 R23",
            "bito: 10♥ A♥ to the discard (R15); Boris draws 6♥ (R16); Anna draws 8♥ (R16)",
        ),
        35: (10, 1, "Boris", "attacker", "attack", "9S 9C", None, False, (8, 6), 8, 14, 0, "R9 R13", ""),
        36: (10, 0, "Anna", "defender", "defend", "QH", "9C", False, (8, 4), 8, 14, 2, "R6", ""),
        37: (10, 0, "Anna", "defender", "take", "", None, False, (7, 4), 8, 14, 3, "R14", ""),
        51: (13, 1, "Boris", "attacker", "throw", "QS", None, False, (7, 4), 4, 18, 3, "R11 R12 R13 R14", ""),
        124: (30, 1, "Boris", "attacker", "throw", "7D 7C", None, False, (4, 5), 0, 26, 1, "R11 R12 R13 R14", ""),
        133: (
            33,
            0,
            "Anna",
            "defender",
            "defend",
            "JS",
            "9S",
            False,
            (9, 0),
            0,
            26,
            1,
            "R6 R15 R24 R25",
            "bito: 9♠ J♠ to the discard (R15); Boris is out (R24); game over: Anna is the durak",
        ),
    }
    assert (df.loc[133, "hand_Anna"], df.loc[133, "hand_Boris"]) == (9, 0)
    assert list(df.columns[8:11]) == ["hands", "hand_Anna", "hand_Boris"]


def test_tables_counts_agree_with_the_json_moves() -> None:
    """takes, transfers, throw-ins and every other action, counted by the frame and
    straight from the file, for every JSON recording."""
    paths = sorted(RECORDINGS.glob("*.json"))
    assert len(paths) >= 20, "the shared JSON recordings are missing"
    for path in paths:
        df = moves_frame(path)
        counts = json_action_counts(path)
        got = {a: int(n) for a, n in df["action"].value_counts().items() if n}
        assert got == dict(counts), path.name
    assert json_action_counts(POD2) == Counter({"pass": 47, "attack": 33, "defend": 23, "take": 20, "throw": 11})


def test_tables_moves_frame_accepts_recording_replay_and_paths() -> None:
    want = moves_frame(Recording.load(SEED000))
    pd.testing.assert_frame_equal(moves_frame(Replay.load(SEED000)), want)
    pd.testing.assert_frame_equal(moves_frame(str(SEED000)), want)
    pd.testing.assert_frame_equal(moves_frame(SEED000), want)


def test_tables_transfers_R17_R20_R21_roles_of_transferring_defenders() -> None:
    """проездной (R20), transfers back to the attacker with two players (R21): a
    transferring defender's role is ``defender``; after the transfers the last one to
    transfer is the attacker for R12."""
    df = moves_frame(RECORDINGS / "show-trump-transfer.json")
    cols = ["seat", "role", "action", "cards", "show", "hands", "table", "rules"]
    assert rows(df, cols) == {
        0: (0, "attacker", "attack", "9S", False, (6, 6), 0, "R9"),
        1: (1, "defender", "transfer", "9H", True, (5, 6), 1, "R17 R20 R21"),
        2: (0, "defender", "transfer", "9D", False, (5, 6), 1, "R17 R21"),
        3: (1, "defender", "transfer", "9H", False, (4, 6), 2, "R17 R21"),
        4: (0, "defender", "defend", "JS", False, (4, 5), 3, "R6"),
        5: (0, "defender", "defend", "KD", False, (3, 5), 4, "R6"),
        6: (0, "defender", "defend", "AH", False, (2, 5), 5, "R6"),
        7: (1, "attacker", "pass", "", False, (1, 5), 6, "R12 R15 R16 R23"),
    }
    assert df.loc[7, "events"] == (
        "bito: 9♠ J♠ 9♦ K♦ 9♥ A♥ to the discard (R15); Boris draws 7♠ (R16); Anna draws 8♣ K♠ Q♣ 6♦ 10♠ (R16)"
    )


def test_tables_R8_japanese_spade_covers_and_R9_english_lead_passes() -> None:
    jp = moves_frame(RECORDINGS / "japanese-3p.json")
    r8 = jp[jp["rules"] == "R8"]
    assert rows(r8.head(3), ["player", "cards", "target"]) == {
        49: ("Boris", "AS", "7S"),
        74: ("Boris", "QS", "TS"),
        83: ("Anna", "JS", "7S"),
    }
    en = moves_frame(RECORDINGS / "english-4p.json")
    lead_passes = en[(en["action"] == "pass") & (en["table"] == 0)]
    assert rows(lead_passes.head(3), ["player", "role", "rules", "events"]) == {
        3: ("Vera", "attacker", "R9", "the lead passes from Vera to Gleb (R9)"),
        4: ("Gleb", "attacker", "R9", "the lead passes from Gleb to Anna (R9)"),
        7: ("Vera", "attacker", "R9", "the lead passes from Vera to Gleb (R9)"),
    }


def test_tables_R26_epaulettes_and_R22_team_result() -> None:
    ep = moves_frame(RECORDINGS / "epaulettes.json")
    assert rows(ep, ["player", "role", "action", "cards", "rules"]) == {
        0: ("Boris", "attacker", "attack", "7D", "R9"),
        1: ("Anna", "defender", "defend", "9D", "R6"),
        2: ("Boris", "attacker", "pass", "", "R12 R15 R23"),
        3: ("Anna", "attacker", "attack", "6S 6C", "R9 R13"),
        4: ("Boris", "defender", "defend", "9S", "R6"),
        5: ("Boris", "defender", "defend", "8C", "R6 R15 R24 R25 R26"),
    }
    assert ep.loc[5, "events"] == (
        "bito: 6♠ 9♠ 6♣ 8♣ to the discard (R15); Anna is out (R24); game over: Boris is the durak with epaulettes (R26)"
    )
    teams = moves_frame(RECORDINGS / "podkidnoy-teams-2v2.json")
    assert teams.loc[len(teams) - 1, "rules"] == "R14 R22 R24"
    assert teams.loc[len(teams) - 1, "events"] == (
        "Vera picks up 9♣ 9♥ 8♠ (R14); Boris is out (R24); game over: the team of Anna and Vera loses (R22)"
    )


def test_tables_R7_trump_six_over_trump_ace_is_tagged_R7() -> None:
    doc = doc_with_start(
        {"preset": "podkidnoy", "trump_six_beats_ace": True},
        ["Anna", "Boris"],
        {"Anna": "AH 9C", "Boris": "6H 7C"},
        "Anna",
        "H",
        [
            {"player": "Anna", "action": "attack", "cards": ["AH"]},
            {"player": "Boris", "action": "defend", "card": "6H", "target": "AH"},
        ],
    )
    df = moves_frame(Recording.from_json(doc))
    assert rows(df, ["action", "cards", "target", "rules", "events"]) == {
        0: ("attack", "AH", None, "R9", ""),
        1: ("defend", "6H", "AH", "R7", ""),
    }


def test_tables_R5_redeal_row() -> None:
    """A redeal (R5) is a row of its own: cards ``''``, the events name the redeal."""
    five = ["6S", "6C", "7S", "7C", "8S", "8C", "9S", "9C", "TS", "TC", "6H", "7H", "6D"]
    full = five + [c.code for c in deck(36) if c.code not in five]
    doc = {
        "format": "durak-nb/1",
        "rules": {"preset": "podkidnoy", "redeal_five_of_suit": True},
        "players": ["Anna", "Boris"],
        "deal": {"dealer": "Boris", "deck": full},
        "moves": [{"player": "Boris", "action": "redeal", "deck": [c.code for c in deck(36)]}],
    }
    df = moves_frame(Recording.from_json(doc))
    assert rows(df) == {
        0: (
            1,
            1,
            "Boris",
            "defender",
            "redeal",
            "",
            None,
            False,
            (6, 6),
            24,
            0,
            0,
            "R5",
            "Boris shows five of a suit: the cards are dealt again (R5)",
        )
    }


def test_tables_R27_repetition_ends_the_game_in_the_last_row(tmp_path: Path) -> None:
    """Three players pass two unbeatable aces round by taking (trump D); at the third
    occurrence of the position the game is drawn (R27: positions are compared after every
    move and the start position counts, as in repetition-draw.json; the bout number is not
    compared, so the start comes back at bouts 7 and 13 and the draw ends bout 12)."""
    cycle = [
        ("Anna", "Boris", "Cid", "AS"),
        ("Cid", "Anna", "Boris", "AH"),
        ("Boris", "Cid", "Anna", "AS"),
        ("Anna", "Boris", "Cid", "AH"),
        ("Cid", "Anna", "Boris", "AS"),
        ("Boris", "Cid", "Anna", "AH"),
    ]
    moves: list[dict[str, Any]] = []
    for bout in range(12):
        a, d, o, card = cycle[bout % 6]
        moves += [
            {"player": a, "action": "attack", "cards": [card]},
            {"player": d, "action": "take"},
            {"player": a, "action": "pass"},
            {"player": o, "action": "pass"},
        ]
    doc = doc_with_start(
        "podkidnoy", ["Anna", "Boris", "Cid"], {"Anna": "6C AS", "Boris": "7C", "Cid": "8C AH"}, "Anna", "D", moves
    )
    df = moves_frame(Recording.from_json(doc))
    assert len(df) == 48
    assert rows(df.loc[[46, 47]], ["bout", "player", "role", "action", "hands", "rules", "events"]) == {
        46: (12, "Boris", "attacker", "pass", (2, 1, 1), "R12 R14", ""),
        47: (
            12,
            "Anna",
            "thrower",
            "pass",
            (2, 1, 1),
            "R12 R14 R27",
            "Cid picks up A♥ (R14); game over: draw by repetition (R27)",
        ),
    }
    games = games_frame([_write(doc, tmp_path / "cycle.json")])
    assert values(games.loc[0, ["draw", "durak", "result_rule", "bouts", "takes"]]) == [True, None, "R27", 12, 12]


def test_tables_empty_recording_has_the_columns_and_no_rows() -> None:
    doc = doc_with_start("podkidnoy", ["Anna", "Boris"], {"Anna": "6S", "Boris": "7S"}, "Anna", "S", [])
    df = moves_frame(Recording.from_json(doc))
    assert len(df) == 0
    assert list(df.columns) == list(moves_frame(POD2).columns)
    assert str(df["role"].dtype) == "category" and str(df["bout"].dtype) == "int64"


# ----------------------------------------------------------------------------- games_frame


def _write(doc: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_tables_games_frame_over_recordings_R22_R25_R26() -> None:
    """One row per game of every recording the kit reads in recordings/ (README.md and
    other files are left out); the durak, draw, epaulettes and team result of several."""
    g = games_frame(RECORDINGS)
    files = sorted(p for p in RECORDINGS.iterdir() if p.is_file() and readable(p))
    json_files = sorted(RECORDINGS.glob("*.json"))
    assert set(json_files) <= set(files) and (RECORDINGS / "README.md") not in files
    assert g["file"].unique().tolist() == [str(p) for p in files]
    assert len(g) == sum(len(tables.load_recordings(p)) for p in files)
    assert len(games_frame(json_files)) == len(json_files)  # one game per JSON file
    assert g["ok"].all()
    assert g["error"].isna().all()
    by = g[g["file"].isin([str(p) for p in json_files])]
    by = by.set_index(by["file"].map(lambda f: Path(f).name))
    named = ["draw.json", "drawing-order-short-talon.json", "english-4p.json", "epaulettes.json", "perevodnoy-3p.json"]
    named += [
        "perevodnoy-6p-52cards.json",
        "podkidnoy-2p.json",
        "podkidnoy-3p-24cards.json",
        "podkidnoy-teams-2v2.json",
    ]
    assert {name: py(by.loc[name, "durak"]) for name in named} == {
        "draw.json": None,
        "drawing-order-short-talon.json": None,
        "english-4p.json": "Anna",
        "epaulettes.json": "Boris",
        "perevodnoy-3p.json": "Boris",
        "perevodnoy-6p-52cards.json": "Vera",
        "podkidnoy-2p.json": "Anna",
        "podkidnoy-3p-24cards.json": "Vera",
        "podkidnoy-teams-2v2.json": None,
    }
    cols = ["preset", "options", "players", "names", "first_attacker", "finished", "durak", "draw", "epaulettes"]
    cols += ["losing_team", "result_rule", "bouts", "moves", "transfers", "takes", "throw_ins"]
    assert values(by.loc["podkidnoy-2p.json", cols]) == [
        "podkidnoy",
        "",
        2,
        "Anna, Boris",
        "Boris",
        True,
        "Anna",
        False,
        False,
        None,
        "R25",
        33,
        134,
        0,
        20,
        11,
    ]
    assert values(by.loc["podkidnoy-teams-2v2.json", ["options", "durak", "losing_team", "result_rule"]]) == [
        'teams=[["Anna", "Vera"], ["Boris", "Gleb"]]',
        None,
        "Anna, Vera",
        "R22",
    ]
    assert values(by.loc["draw.json", ["finished", "draw", "durak", "result_rule"]]) == [True, True, None, "R25"]
    assert values(by.loc["epaulettes.json", ["durak", "epaulettes", "result_rule"]]) == ["Boris", True, "R25"]
    assert values(by.loc["seed000-vdogonku.json", ["finished", "draw", "result_rule", "bouts", "first_attacker"]]) == [
        False,
        False,
        None,
        1,
        "Anna",
    ]
    assert values(by.loc["perevodnoy-6p-52cards.json", ["options", "players"]]) == ["deck_size=52", 6]
    assert values(by.loc["show-trump-transfer.json", ["options", "transfers"]]) == ["show_trump_transfer=true", 3]
    assert by.loc["seed000-vdogonku.json", "title"] == "Rule text 1: throw-ins after take (вдогонку)"


def test_tables_games_frame_counts_agree_with_the_json_moves() -> None:
    g = games_frame(sorted(RECORDINGS.glob("*.json")))
    for _, row in g.iterrows():
        counts = json_action_counts(Path(row["file"]))
        assert (row["moves"], row["takes"], row["transfers"], row["throw_ins"], row["bouts"]) == (
            counts.total(),
            counts["take"],
            counts["transfer"],
            counts["throw"],
            counts["attack"],
        ), row["file"]


def test_tables_notation_twins_give_the_same_rows_as_the_json_files() -> None:
    """Every ``.durak`` copy of a JSON recording summarises to the same row."""
    twins = [p for p in sorted(RECORDINGS.glob("*.json")) if p.with_suffix(".durak").exists()]
    assert len(twins) >= 20, "the recordings' .durak copies are missing"
    assert readable(twins[0].with_suffix(".durak"))
    a = games_frame(twins).drop(columns=["file"])
    b = games_frame([p.with_suffix(".durak") for p in twins]).drop(columns=["file"])
    pd.testing.assert_frame_equal(a, b)
    assert b["ok"].all()


def test_tables_full_deck_games_count_no_unknown_cards() -> None:
    """``unknown`` counts cards nobody saw (over-the-board games, INTERCHANGE.md): in a
    full-deck game none, every row and every seat; ``games_frame`` says ``partial`` False."""
    df = moves_frame(SEED000)
    assert df["unknown"].tolist() == [(0, 0, 0)] * len(df)
    assert (df[["unknown_Anna", "unknown_Boris", "unknown_Vera"]] == 0).all().all()
    g = games_frame([SEED000, POD2])
    assert g["partial"].tolist() == [False, False]
    assert g["unknown"].tolist() == [0, 0]


def test_tables_games_frame_dtypes() -> None:
    g = games_frame([SEED000, POD2])
    assert list(g.columns) == list(tables.GAME_COLUMNS)
    assert {c: str(t) for c, t in g.dtypes.items()} == {
        "file": "string",
        "game": "Int64",
        "ok": "bool",
        "error": "string",
        "title": "string",
        "preset": "category",
        "options": "string",
        "players": "Int64",
        "names": "string",
        "partial": "boolean",
        "first_attacker": "string",
        "finished": "boolean",
        "unknown": "Int64",
        "durak": "string",
        "draw": "boolean",
        "epaulettes": "boolean",
        "losing_team": "string",
        "result_rule": "string",
        "bouts": "Int64",
        "moves": "Int64",
        "transfers": "Int64",
        "takes": "Int64",
        "throw_ins": "Int64",
    }
    assert list(g["preset"].cat.categories) == ["podkidnoy"]
    assert g.index.tolist() == [0, 1]


def test_tables_broken_files_become_error_rows_R12_R25(tmp_path: Path) -> None:
    """Bad JSON, an illegal move (R12), a written result the replay contradicts (R25),
    a missing file and a file of no known kind: one row each, ``ok`` False, no exception."""
    doc = json.loads(SEED000.read_text(encoding="utf-8"))
    (tmp_path / "a-bad.json").write_text("{not json", encoding="utf-8")
    illegal = dict(doc, moves=[*doc["moves"][:2], {"player": "Vera", "action": "throw", "cards": ["7D"]}])
    _write(illegal, tmp_path / "b-illegal.json")
    _write(dict(doc, result={"durak": "Anna"}), tmp_path / "c-wrong-result.json")
    (tmp_path / "notes.txt").write_text("not a game", encoding="utf-8")
    shutil.copy(SEED000, tmp_path / "d-good.json")

    g = games_frame(tmp_path)  # the folder: notes.txt is not a recording and is left out
    assert [Path(f).name for f in g["file"]] == ["a-bad.json", "b-illegal.json", "c-wrong-result.json", "d-good.json"]
    assert g["ok"].tolist() == [False, False, False, True]
    assert [py(e) for e in g["error"]] == [
        f"{tmp_path / 'a-bad.json'}:1:2: error: bad JSON: Expecting property name enclosed in double quotes",
        f"{tmp_path / 'b-illegal.json'}:74:3: error: [R12] move 3 (Vera throws in 7♦): "
        "Anna has the first right: Vera waits until Anna passes",
        validate_file(tmp_path / "c-wrong-result.json").describe(),  # the place of the 'result' member
        None,
    ]
    assert str(g.loc[2, "error"]).endswith(
        " error: [R25] the written result disagrees with the replay: the game is not finished"
    )
    # unreadable: only the file is known; an illegal move: the header is known, not the replay
    assert g.loc[0, ["game", "preset", "players", "finished", "moves"]].isna().all()
    assert values(g.loc[1, ["game", "preset", "players", "names", "first_attacker"]]) == [
        0,
        "podkidnoy",
        3,
        "Anna, Boris, Vera",
        "Anna",
    ]
    assert g.loc[1, ["finished", "durak", "moves", "takes"]].isna().all()
    # a contradicted result: the replay's own values stay
    assert values(g.loc[2, ["finished", "durak", "moves", "takes", "throw_ins"]]) == [False, None, 7, 1, 2]

    explicit = games_frame([tmp_path / "missing.json", tmp_path / "notes.txt"])
    assert explicit["ok"].tolist() == [False, False]
    assert explicit.loc[0, "error"] == (
        f"{tmp_path / 'missing.json'}: error: cannot read the file: No such file or directory"
    )
    assert str(explicit.loc[1, "error"]).startswith(
        f"{tmp_path / 'notes.txt'}:1:1: error: no reader for this kind of file (readable: "
    )


def test_tables_moves_frame_raises_for_an_illegal_move_R12(tmp_path: Path) -> None:
    doc = json.loads(SEED000.read_text(encoding="utf-8"))
    path = _write(dict(doc, moves=[*doc["moves"][:2], {"player": "Vera", "action": "pass"}]), tmp_path / "x.json")
    with pytest.raises(RecordingError) as info:
        moves_frame(path)
    assert (info.value.move, info.value.rule) == (2, "R12")


def test_tables_register_loader_reads_a_match_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader for a new suffix, given to tables.register_loader, lands in io's one
    registry; a file holding several games (a match) gives a row per game."""
    monkeypatch.setattr(io, "_LOADERS", dict(io._LOADERS))  # the registration ends with the test

    def reader(p: Path) -> list[Recording]:
        return [Recording.load(SEED000), Recording.load(POD2)]

    assert tables.register_loader is io.register_loader
    tables.register_loader(".match", reader)
    match = tmp_path / "three.match"
    match.write_text("two games", encoding="utf-8")
    assert readable(match)
    assert io.loader_for(match) is reader and ".match" in io.suffixes()
    assert io.load_games(match) == tables.load_recordings(match)
    g = games_frame(tmp_path)
    assert list(rows(g, ["game", "preset", "players", "durak"]).values()) == [
        (0, "podkidnoy", 3, None),
        (1, "podkidnoy", 2, "Anna"),
    ]
    with pytest.raises(RecordingError, match="holds 2 games"):
        load_recording(match)
    with pytest.raises(ValueError, match="starts with a dot"):
        tables.register_loader("match", lambda p: Recording.load(SEED000))


# ----------------------------------------------------------------------------- progress


def _copies(folder: Path, n: int) -> Path:
    folder.mkdir()
    for i in range(n):
        shutil.copy(SEED000, folder / f"game-{i:02d}.json")
    return folder


def test_tables_progress_bar_for_many_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    many = _copies(tmp_path / "many", tables.PROGRESS_THRESHOLD + 1)
    g = games_frame(many)
    err = capsys.readouterr().err
    assert len(g) == 21
    assert "recordings: 100%" in err and "21/21" in err


def test_tables_no_progress_bar_for_few_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    few = _copies(tmp_path / "few", tables.PROGRESS_THRESHOLD)
    assert len(games_frame(few)) == 20
    assert capsys.readouterr().err == ""


def test_tables_progress_true_and_false_override_the_threshold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = _copies(tmp_path / "many", 21)
    games_frame(many, progress=False)
    assert capsys.readouterr().err == ""
    games_frame([SEED000], progress=True)
    assert "1/1" in capsys.readouterr().err


def test_tables_move_rules_lists_each_rule_once_sorted() -> None:
    rec = Recording.load(SEED000)
    replay = Replay(rec)
    got = tables.move_rules(replay.move(6), replay.position(6), replay.events(6), replay.position(7), rec.rules)
    assert got == ("R12", "R14", "R23")
    assert replay.move(6).action is Action.PASS


def test_tables_reads_a_recorder_journal_R14(tmp_path: Path) -> None:
    """A ``.durak.jsonl`` journal (head line, then one move a line) reads like its JSON twin."""
    doc = json.loads(SEED000.read_text(encoding="utf-8"))
    head = {k: doc[k] for k in ("format", "rules", "players", "start")}
    journal = tmp_path / "live.durak.jsonl"
    journal.write_text("".join(json.dumps(x) + "\n" for x in [head, *doc["moves"]]), encoding="utf-8")
    assert readable(journal)
    pd.testing.assert_frame_equal(moves_frame(journal), moves_frame(SEED000))
    g = games_frame(tmp_path)
    assert values(g.loc[0, ["file", "ok", "finished", "moves", "takes", "throw_ins"]]) == [
        str(journal),
        True,
        False,
        7,
        1,
        2,
    ]


def test_tables_durak_notation_files_read_once_the_reader_exists(tmp_path: Path) -> None:
    """``.durak`` files are read by durak_nb.record.notation's ``load_games`` when it
    exists; without it such a file, given by name, is an error row and a folder leaves
    it out."""
    lesson = tmp_path / "lesson.durak"
    shutil.copy(RECORDINGS / "seed000-vdogonku.durak", lesson)
    try:
        notation: object = importlib.import_module("durak_nb.record.notation")
    except ModuleNotFoundError:
        notation = None
    has_reader = callable(getattr(notation, "load_games", None))
    assert readable(lesson) is has_reader
    if has_reader:  # the text notation reads as its JSON twin
        pd.testing.assert_frame_equal(moves_frame(lesson), moves_frame(SEED000))
        g = games_frame(tmp_path)
        assert values(g.loc[0, ["ok", "game", "title", "bouts", "moves", "takes", "throw_ins"]]) == [
            True,
            0,
            "Rule text 1: throw-ins after take (вдогонку)",
            1,
            7,
            1,
            2,
        ]
    else:
        assert len(games_frame(tmp_path)) == 0
        row = games_frame([lesson])
        assert values(row.loc[0, ["ok", "game"]]) == [False, None]
        assert str(row.loc[0, "error"]).startswith(f"{lesson}:1:1: error: no reader for this kind of file")


def test_tables_a_match_file_gives_a_row_per_game_R4() -> None:
    """The 4-player match of recordings/ (three games; the durak deals the next, R4)."""
    match = shared_recording("match-4p-podkidnoy.durak")
    assert readable(match)
    g = games_frame([match])
    assert list(rows(g, ["game", "ok", "players", "durak", "first_attacker"]).values()) == [
        (0, True, 4, "Boris", "Gleb"),
        (1, True, 4, "Vera", "Vera"),  # Boris, the durak, dealt: Vera, left of him, attacks
        (2, True, 4, "Gleb", "Gleb"),  # Vera dealt: Gleb attacks
    ]
    with pytest.raises(RecordingError, match="holds 3 games"):
        moves_frame(match)
