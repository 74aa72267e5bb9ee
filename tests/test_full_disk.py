"""A real full filesystem (issue 23: "a real full filesystem not mounted"): a tmpfs of a
few kilobytes mounted for the test (root only; skipped with its reason elsewhere, where
the simulated ENOSPC tests of test_recorder.py, test_scorer.py and test_defects_cli.py
still run). Each writer fills it: a clear refusal, nothing half-written, nothing
acknowledged lost."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import RECORDINGS

from durak_nb import Move
from durak_nb.record import RecordingError
from durak_nb.record.recorder import Recorder

CLI = "import sys; from durak_nb.cli import main; sys.exit(main(sys.argv[1:]))"


@contextlib.contextmanager
def small_fs(where: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``where`` until the block ends (skip if refused)."""
    where.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root and mount(8)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"mount refused: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path, leave: int) -> None:
    """Fill ``folder``'s filesystem until at most ``leave`` bytes are free."""
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    with contextlib.suppress(OSError), (folder / "ballast").open("wb") as f:
        f.write(b"\0" * max(free - leave, 0))


def test_the_recorder_on_a_full_filesystem_refuses_and_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    """Moves are recorded until the disk is full; then each is refused in words ("cannot
    write the journal: No space left on device; nothing was recorded"), the game does not
    move, and the journal reopened holds exactly the acknowledged moves."""
    with small_fs(tmp_path / "fs", "64k") as fs:
        path = fs / "g.durak.jsonl"
        rec = Recorder.create(path, "podkidnoy", ["Anna", "Boris"], seed=3)
        fill(fs, 0)  # what is left: the slack of the journal's last page
        acknowledged: list[Move] = []
        refused = 0
        for _ in range(400):
            if rec.game.finished or refused >= 3:
                break
            move = rec.game.legal_moves()[0]
            try:
                rec.play(move)
                acknowledged.append(move)
                rec.comment("a comment of some length, " * 12)  # the journal grows by a page in a few moves
            except RecordingError as exc:
                assert str(exc).endswith("cannot write the journal: No space left on device; nothing was recorded")
                assert list(rec.game.history) == acknowledged
                refused += 1
        assert refused == 3 and acknowledged
        rec.close()
        (fs / "ballast").unlink()
        again = Recorder.open(path)
        assert list(again.game.history) == acknowledged
        again.close()


@pytest.mark.parametrize("out", ["copy.durak", "copy.json", "page.html"])
def test_writing_a_file_to_a_full_filesystem_is_refused_and_leaves_nothing(tmp_path: Path, out: str) -> None:
    """convert / export onto a full disk: exit 1, one line naming the file and the cause,
    no file and no temporary file left beside it."""
    source = RECORDINGS / "draw.json"
    with small_fs(tmp_path / "fs", "16k") as fs:
        fill(fs, 0)
        before = sorted(p.name for p in fs.iterdir())
        command = "export" if out.endswith(".html") else "convert"
        args = (
            [command, str(source), str(fs / out)]
            if command == "convert"
            else [command, str(source), "-o", str(fs / out)]
        )
        run = subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True, timeout=120)
        assert run.returncode == 1, run.stderr
        assert run.stdout == ""
        assert str(fs / out) in run.stderr and "No space left on device" in run.stderr
        assert len(run.stderr.splitlines()) == 1, run.stderr
        assert sorted(p.name for p in fs.iterdir()) == before


def test_the_class_store_on_a_full_filesystem_refuses_and_loses_no_committed_move(tmp_path: Path) -> None:
    """SQLite on a full disk: a move that cannot be committed is refused (StoreError) and
    the moves committed before are all there when the store is opened again."""
    import random

    from durak_nb.cards import deck
    from durak_nb.classroom.store import Store, StoreError

    cards = list(deck(36))
    random.Random(7).shuffle(cards)
    doc = {
        "format": "durak-nb/1",
        "rules": "podkidnoy",
        "players": ["Anna", "Bot"],
        "deal": {"dealer": "Bot", "deck": [c.code for c in cards]},
    }
    with small_fs(tmp_path / "fs", "512k") as fs:
        url = fs / "c.sqlite"
        store = Store(url)
        klass = store.create_class("5B", "Olga", "ru", "a" * 64)
        anna = store.add_student(klass.id, "Anna", "b" * 64)
        table = store.open_table(klass.id, [{"student": anna.id}, {"bot": "lowest"}], doc)
        fill(fs, 0)
        committed = 0
        refusal: StoreError | None = None
        for seq in range(10_000):
            try:
                store.append_move(table.id, seq, {"player": "Anna", "action": "pass", "note": "x" * 2000})
            except StoreError as exc:
                refusal = exc
                break
            committed += 1
        assert refusal is not None
        assert "disk" in str(refusal).lower() or "space" in str(refusal).lower(), str(refusal)
        store.close()
        (fs / "ballast").unlink()
        again = Store(url)
        assert [m.seq for m in again.moves(table.id)] == list(range(committed))
        again.close()
