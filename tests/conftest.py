"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

#: Files the tests use as data, never collected: the outside bots of tests/data/bots are
#: programs that read their stdin (botproto's tests run them as processes).
collect_ignore_glob = ["data/*"]

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(autouse=True)
def _english() -> Any:
    """Every test starts in English (the words the tests assert), whatever the machine's
    locale or ``DURAK_NB_LANG`` says; a test of another language sets it itself."""
    from durak_nb import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def browser() -> Any:
    """A headless Chromium context for a test file's browser tests (browserkit.chromium),
    the test skipped (or failed, where CI requires it) when there is no browser."""
    from browserkit import chromium, require_browser

    require_browser()
    with chromium() as ctx:
        yield ctx


@pytest.fixture(scope="session")
def pg_cluster() -> Any:
    """A throwaway PostgreSQL cluster for the session (:class:`pgserver.PgServer`), or a
    skip when none can start here; a failure instead with ``DURAK_NB_REQUIRE_POSTGRES=1``
    (scripts/test.sh: CI tests PostgreSQL, never skips it)."""
    import pgserver

    why = pgserver.why_not()
    if why is not None:
        if pgserver.required():
            pytest.fail(f"{pgserver.REQUIRE}=1 and {why}")
        pytest.skip(why)
    server = pgserver.PgServer()
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_cluster: Any) -> str:
    """The URL of a fresh empty database in :func:`pg_cluster`."""
    return str(pg_cluster.database())


@pytest.fixture(scope="module")
def pod() -> Any:
    """The podkidnoy game of ``test_replay.podkidnoy_doc()`` as a ``Replay`` (one a module)."""
    from test_replay import podkidnoy_doc

    from durak_nb.record import Recording
    from durak_nb.replay import Replay

    return Replay(Recording.from_json(podkidnoy_doc()))


@pytest.fixture(scope="module")
def per() -> Any:
    """The perevodnoy game of ``test_replay.perevodnoy_doc()`` as a ``Replay`` (one a module)."""
    from test_replay import perevodnoy_doc

    from durak_nb.record import Recording
    from durak_nb.replay import Replay

    return Replay(Recording.from_json(perevodnoy_doc()))
