"""The course as a static site that runs in the browser (issue 12, section 1).

``durak-nb site -o site/`` (or ``python -m durak_nb.site -o site/``) builds a
JupyterLite site holding every edition of the course, the recordings and the kit, whose
lessons run in the browser's own Python (Pyodide) and fetch nothing from anywhere else.
See :mod:`durak_nb.site.build` and ``docs/site.md``.  :mod:`durak_nb.site.browser` is the
part that runs inside the browser (the WASM Graphviz).

This package imports nothing from JupyterLite: the build runs ``jupyter lite build`` as a
program (install it with ``pip install 'durak-nb[site]'``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..i18n import N_, _

__all__ = ["DESCRIPTION", "add_arguments", "main", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The site command's options on ``parser`` (``durak-nb site`` and ``python -m
    durak_nb.site`` share them): ``-o/--output``, ``--cache``, ``--notebooks``,
    ``--no-quick``, ``--size-limit MB`` and the
    developers' hidden ``pin`` action."""
    from .build import DEFAULT_CACHE, SIZE_LIMIT

    parser.add_argument("action", nargs="?", choices=["build", "pin"], default="build", help=argparse.SUPPRESS)
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("site"), help=_("the site's folder (default: %(default)s)")
    )
    parser.add_argument(
        "--cache", type=Path, default=DEFAULT_CACHE, help=_("where downloads are kept (default: %(default)s)")
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        help=_("the course's folder, with ru/ and uk/ for the other editions (default: the kit's notebooks/)"),
    )
    parser.add_argument(
        "--no-quick",
        dest="quick",
        action="store_false",
        help=_("build the slow-starting site of before (every package preloaded, no precompiled bytecode)"),
    )
    parser.add_argument(
        "--size-limit",
        type=_megabytes,
        default=SIZE_LIMIT,
        metavar="MB",
        help=_("the most the site may take, in MB; a bigger site is refused (default: {limit:g})").format(
            limit=SIZE_LIMIT / 1e6
        ),
    )


def _megabytes(text: str) -> int:
    """``--size-limit``'s value: megabytes (a positive number) as bytes."""
    try:
        mb = float(text)
    except ValueError:
        mb = float("nan")
    if not mb > 0 or mb == float("inf"):
        raise argparse.ArgumentTypeError(_("a size in MB is a positive number, not {value!r}").format(value=text))
    return round(mb * 1e6)


def run(args: argparse.Namespace) -> int:
    """Build the site (or remake the pins) as ``args`` (:func:`add_arguments`) say.

    Returns:
        0 when built; 1 when the build failed (the reason on stderr).
    """
    from .build import SiteError, build_site, summary

    if args.action == "pin":
        import json

        from .pins import PINS_FILE, make_pins

        PINS_FILE.write_text(json.dumps(make_pins(args.cache), indent=1) + "\n", encoding="utf-8")
        print(PINS_FILE)
        return 0
    try:
        report = build_site(
            args.output, cache=args.cache, notebooks=args.notebooks, quick=args.quick, size_limit=args.size_limit
        )
    except SiteError as exc:
        print(_("durak-nb site: {error}").format(error=exc), file=sys.stderr)
        return 1
    print(summary(report))
    return 0


#: the command's one-line description (``durak-nb site --help``)
DESCRIPTION = N_("Build the course as a static JupyterLite site that runs in the browser, needing no server.")


def main(argv: list[str] | None = None) -> int:
    """``python -m durak_nb.site [-o DIR] [--cache DIR] [--notebooks DIR]``: build the site; ``... pin``:
    remake ``pins.json`` from PyPI and npm (developers only).

    Returns:
        0 when built; 1 when the build failed (the reason on stderr).
    """
    parser = argparse.ArgumentParser(prog="durak-nb site", description=_(DESCRIPTION))
    add_arguments(parser)
    return run(parser.parse_args(argv))
