"""``durak-nb class serve`` and ``durak-nb class export`` (docs/class-protocol.md).

``serve`` runs one class server process (Starlette under uvicorn) over a store: one
SQLite file by default, or PostgreSQL (``--db postgresql://…``); with PostgreSQL,
``--workers N`` runs N server processes behind the one address (uvicorn's workers: one
listening socket, each connection taken by one process; a worker that dies is started
again), sharing every class through the database (docs/classroom.md).  It prints the
teacher's link with the teacher key before it starts.  ``export`` writes a class's games and
drill answers (:func:`durak_nb.classroom.exports.export_class`).
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from pathlib import Path

from ..i18n import _

__all__ = ["DEFAULT_DB", "DEFAULT_PORT", "MAX_WORKERS", "add_arguments", "run"]

#: The store of ``serve`` and ``export`` when ``--db`` is not given (in the current folder).
DEFAULT_DB = "durak-class.sqlite"
#: The port ``serve`` listens on when ``--port`` is not given.
DEFAULT_PORT = 8765
#: The most server processes ``serve --workers`` runs.
MAX_WORKERS = 64


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sub-commands ``serve`` and ``export`` on ``parser`` (``durak-nb class``)."""
    sub = parser.add_subparsers(dest="class_command", required=True)
    serve = sub.add_parser("serve", help=_("run the class server: students play each other, the teacher watches"))
    serve.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("the port (default 8765)"))
    serve.add_argument(
        "--db", default=DEFAULT_DB, help=_("the store: a SQLite file, or postgresql://… (default durak-class.sqlite)")
    )
    serve.add_argument("--teacher-key", default=None, help=_("the key that makes a class (default: the store's own)"))
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=_("server processes behind the one address (more than 1 needs a PostgreSQL store; default 1)"),
    )
    export = sub.add_parser(
        "export", help=_("write a class's games (JSON and notation) and tables of games and answers")
    )
    export.add_argument("code", metavar="CODE", help=_("the class code"))
    export.add_argument("-o", "--output", required=True, type=Path, metavar="DIR", help=_("the folder to write"))
    export.add_argument("--db", default=DEFAULT_DB, help=_("the store (default durak-class.sqlite)"))


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            return exc.errno != errno.EADDRINUSE
    return True


def run(args: argparse.Namespace) -> int:
    """Carry out ``durak-nb class …``; the exit status (0, or 1 with the reason on stderr).

    Raises:
        nothing: a store that cannot be opened, a taken port, an unknown class are said in words.
    """
    from ..errors import DurakError
    from .store import Store

    prog = f"durak-nb class {args.class_command}"
    try:
        store = Store(args.db)
    except DurakError as exc:
        print(f"{prog}: {_('error')}: {exc}", file=sys.stderr)
        return 1
    try:
        if args.class_command == "export":
            from .exports import export_class

            try:
                report = export_class(store, args.code, args.output)
            except DurakError as exc:
                print(f"{prog}: {_('error')}: {exc}", file=sys.stderr)
                return 1
            print(report.describe())
            return 0
        if not 0 < args.port < 65536:
            print(f"{prog}: {_('error')}: " + _("a port is a number from 1 to 65535"), file=sys.stderr)
            return 1
        workers = args.workers
        if not 1 <= workers <= MAX_WORKERS:
            words = _("--workers is a number from 1 to {most}").format(most=MAX_WORKERS)
            print(f"{prog}: {_('error')}: {words}", file=sys.stderr)
            return 1
        if workers > 1 and not store.postgres:
            words = _("--workers above 1 needs a PostgreSQL store (--db postgresql://…): an SQLite file has one writer")
            print(f"{prog}: {_('error')}: {words}", file=sys.stderr)
            return 1
        if not _port_free(args.host, args.port):
            words = _("port {port} is taken; choose another with --port").format(port=args.port)
            print(f"{prog}: {_('error')}: {words}", file=sys.stderr)
            return 1
        import uvicorn

        from .server import ENV_DB, make_app
        from .transport import uvicorn_options

        try:
            if workers > 1:
                if args.teacher_key:
                    store.set_teacher_key(args.teacher_key)
            else:
                app = make_app(store, teacher_key=args.teacher_key)
        except DurakError as exc:  # a --teacher-key the store refuses: said, nothing started
            print(f"{prog}: {_('error')}: {exc}", file=sys.stderr)
            return 1
        key = store.teacher_key()
        shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
        print(
            _("Students: http://{host}:{port}/   Teacher: http://{host}:{port}/teacher?key={key}").format(
                host=shown, port=args.port, key=key
            ),
            flush=True,
        )
        if workers > 1:
            # each worker opens the store itself (durak_nb.classroom.server.app_from_env)
            os.environ[ENV_DB] = args.db
            uvicorn.run(
                "durak_nb.classroom.server:app_from_env",
                factory=True,
                workers=workers,
                host=args.host,
                port=args.port,
                log_level="warning",
                **uvicorn_options(),
            )
        else:
            uvicorn.run(app, host=args.host, port=args.port, log_level="warning", **uvicorn_options())
        return 0
    finally:
        store.close()
