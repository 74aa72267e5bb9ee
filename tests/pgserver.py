"""A throwaway PostgreSQL cluster for the class store's tests and benchmark.

:class:`PgServer` runs Debian's ``postgresql`` server binaries (``initdb``, ``pg_ctl``,
found on ``PATH`` or in ``/usr/lib/postgresql/*/bin``): a cluster in a fresh temporary
folder, trust authentication, listening on 127.0.0.1 at a free port and on a socket in
that folder; stopped and removed by :meth:`PgServer.stop`.  ``initdb`` refuses to run as
root (CI runs as root), so as root the cluster is made and run by the ``postgres`` user
(``runuser -u postgres --``), which Debian's package creates.

``scripts/test.sh`` sets ``DURAK_NB_REQUIRE_POSTGRES=1``: there a missing server is a
failure, not a skip (:func:`required`).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

#: Set to 1 (scripts/test.sh does) and the PostgreSQL tests fail instead of skipping.
REQUIRE = "DURAK_NB_REQUIRE_POSTGRES"


def required() -> bool:
    """Whether a missing PostgreSQL is a failure (``DURAK_NB_REQUIRE_POSTGRES=1``)."""
    return os.environ.get(REQUIRE, "") not in ("", "0")


def binary(name: str) -> str | None:
    """The path of PostgreSQL's program ``name`` (``initdb``), or ``None``."""
    found = shutil.which(name)
    if found:
        return found
    got = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(Path(p).parts[-3]))
    return got[-1] if got else None


def why_not() -> str | None:
    """Why no cluster can be started here (no server binaries, no psycopg), or ``None``."""
    for name in ("initdb", "pg_ctl"):
        if binary(name) is None:
            return f"PostgreSQL's {name} is not installed (bash scripts/setup.sh --postgres)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One running throwaway cluster.

    Args:
        fsync: whether the server syncs its writes to disk (``on`` for a benchmark's
            honest figures; ``off`` in unit tests, which cannot test a power cut and
            make a database per test).

    Attributes:
        port: its TCP port on 127.0.0.1.
        folder: the temporary folder (data, socket, log).
        url: ``postgresql://postgres@127.0.0.1:PORT/postgres`` (trust: no password).

    Raises:
        RuntimeError: ``initdb`` or ``pg_ctl start`` failed (their output in the message).
    """

    def __init__(self, *, fsync: bool = False) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="durak-nb-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._as: list[str] = []
        self.user = "postgres"
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres")
        else:
            import getpass

            self.user = getpass.getuser()
        initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
        assert initdb and pg_ctl
        self._pg_ctl = pg_ctl
        self._run([initdb, "-D", str(self.data), "-A", "trust", "-U", self.user, "-E", "UTF8", "--no-sync"])
        sync = "on" if fsync else "off"
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
            f" -c fsync={sync} -c synchronous_commit=on -c full_page_writes={sync}"
        )
        self._run(
            [pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "60", "start"]
        )
        self.url = f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, argv: list[str]) -> None:
        got = subprocess.run([*self._as, *argv], capture_output=True, text=True, timeout=120, cwd=self.folder)
        if got.returncode != 0:
            log = ""
            with contextlib.suppress(OSError):
                log = (self.folder / "log").read_text()[-2000:]
            raise RuntimeError(f"{' '.join(argv[:2])} failed ({got.returncode}): {got.stdout}{got.stderr}{log}")

    def database(self) -> str:
        """A fresh empty database in the cluster; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} STRATEGY FILE_COPY")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def stop(self) -> None:
        """Stop the cluster (fast shutdown) and remove its folder."""
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run([self._pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)
