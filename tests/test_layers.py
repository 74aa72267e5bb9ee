"""The house has no import circles and each layer imports only below itself (issue 23;
docs/spec/ARCHITECTURE.md, "Data flows one way"; GUIDE: "no import circles").

The imports are read from the code (``ast``), every one of them: at module level, inside
functions and methods, under ``if TYPE_CHECKING:``; a function-level import is an edge like
any other.  ``from package import name`` is an edge to the submodule ``package.name`` when
there is one, else to the package (its ``__init__``); ``from . import x`` likewise.  The
implicit import of a module's own parent packages is not an edge (every submodule has it).

The layers, lowest first (:data:`LAYERS`): a module may import modules of its own layer
(without a circle) and of the layers below, never above.  A new module must be placed in a
layer here before the test passes.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from fnmatch import fnmatch
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "durak_nb"

#: The layers of durak_nb, lowest first: (name, module patterns).  The flow of
#: ARCHITECTURE.md: cards -> rules -> engine -> recording -> replay -> tables, bots and
#: analysis -> the course's data -> views -> the site -> the command line and tools.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # import nothing of the kit (text: what user text may be shown raw; site.browser: the
    # graphviz of the browser's Python, used by the tree views; grammar: the declension
    # i18n formats with; numbering: a move's number as people count; botkeeper: the
    # process that runs an outside bot)
    (
        "leaves",
        (
            "durak_nb.errors",
            "durak_nb.grammar",
            "durak_nb.i18n",
            "durak_nb.text",
            "durak_nb.numbering",
            "durak_nb.botkeeper",
            "durak_nb.strictjson",
            "durak_nb.console",
            "durak_nb.site.browser",
        ),
    ),
    ("cards", ("durak_nb.cards",)),
    ("rules", ("durak_nb.rules",)),
    # the engine and what decides with it alone (the package's own names are the engine's)
    (
        "engine",
        (
            "durak_nb",
            "durak_nb.checks",
            "durak_nb.engine",
            "durak_nb.unseen",
            "durak_nb.implied",
            "durak_nb.explain",
        ),
    ),
    ("record", ("durak_nb.record", "durak_nb.record.*")),
    ("replay", ("durak_nb.knowledge", "durak_nb.replay", "durak_nb.game_text", "durak_nb.annotate")),
    (
        "tables, bots, analysis",
        (
            "durak_nb.tables",
            "durak_nb.bots",
            "durak_nb.ismcts",
            "durak_nb.botproto",
            "durak_nb.selfplay",
            "durak_nb.tournament",
            "durak_nb.corpus",
            "durak_nb.analysis",
            "durak_nb.analysis.*",
        ),
    ),
    ("lessons", ("durak_nb.lessons", "durak_nb.lessons.*")),
    ("views", ("durak_nb.views", "durak_nb.views.*")),
    ("site", ("durak_nb.site", "durak_nb.site.*")),
    # the class server and its clients: pictures from views, drills from lessons
    ("classroom", ("durak_nb.classroom", "durak_nb.classroom.*")),
    ("cli and tools", ("durak_nb.cli", "durak_nb.entry", "durak_nb.catalogues")),
)


def modules(package: Path) -> dict[str, Path]:
    """Every module under ``package`` (a folder) by its dotted name (a package by its own
    name, for its ``__init__``); the views' static files are no modules."""
    root = package.parent
    out = {}
    for p in sorted(package.rglob("*.py")):
        if "static" in p.parts:
            continue
        parts = p.relative_to(root).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def import_graph(package: Path) -> dict[str, dict[str, int]]:
    """``{module: {imported module: line of the first import}}`` for the modules of
    ``package``, every import counted (module level, in functions, under TYPE_CHECKING)."""
    found = modules(package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in found.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in found else module for a in node.names]
            for target in targets:
                if target in found and target != name:
                    edges.setdefault(target, node.lineno)
        graph[name] = edges
    return graph


def circles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more than one
    module (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    part = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        part.append(w)
                        if w == v:
                            break
                    if len(part) > 1:
                        out.append(sorted(part))
    return out


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of the first layer whose patterns match ``module``."""
    for i, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch(module, p) for p in patterns):
            return i
    return None


GRAPH = import_graph(PACKAGE)


def test_no_import_circle() -> None:
    found = {
        " -> ".join(part): [f"{a} -> {b} (line {GRAPH[a][b]})" for a in part for b in GRAPH[a] if b in part]
        for part in circles(GRAPH)
    }
    assert found == {}


def test_every_module_has_a_layer() -> None:
    assert [m for m in GRAPH if layer_of(m) is None] == []


def test_each_layer_imports_only_below_itself() -> None:
    upward = [
        f"{a} ({LAYERS[la][0]}) imports {b} ({LAYERS[lb][0]}) at line {line}"
        for a, edges in GRAPH.items()
        for b, line in edges.items()
        if (la := layer_of(a)) is not None and (lb := layer_of(b)) is not None and lb > la
    ]
    assert upward == []


def test_the_engine_core_imports_nothing_above_it() -> None:
    """cards, rules and engine import only leaves and each other (GUIDE: the engine core
    imports nothing from the views)."""
    core = {"durak_nb.cards", "durak_nb.rules", "durak_nb.engine", "durak_nb.checks"}
    allowed = core | {"durak_nb.errors", "durak_nb.i18n", "durak_nb.text"}
    assert {m: sorted(set(GRAPH[m]) - allowed) for m in core if m in GRAPH and set(GRAPH[m]) - allowed} == {}


def _package(tmp_path: Path, files: Mapping[str, str]) -> Path:
    pkg = tmp_path / "pkg"
    for rel, text in files.items():
        path = pkg / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return pkg


@pytest.mark.parametrize(
    ("files", "circle"),
    [
        # a function-level import is an edge
        (
            {"__init__.py": "", "a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"},
            [["pkg.a", "pkg.b"]],
        ),
        # so is one under TYPE_CHECKING, and a circle through a subpackage's __init__
        (
            {
                "__init__.py": "",
                "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import Thing\n",
                "sub/__init__.py": "from .c import Thing\n",
                "sub/c.py": "import pkg.a\nclass Thing: ...\n",
            },
            [["pkg.a", "pkg.sub", "pkg.sub.c"]],
        ),
        # ``from . import b`` names the submodule b, not the package: no circle here
        ({"__init__.py": "from .a import x\n", "a.py": "from . import b\nx = 1\n", "b.py": ""}, []),
    ],
)
def test_the_reader_finds_circles(tmp_path: Path, files: dict[str, str], circle: list[list[str]]) -> None:
    assert circles(import_graph(_package(tmp_path, files))) == circle


#: names with a leading underscore that are no private name: gettext's markers
_NOT_PRIVATE = {"_", "N_", "Np_", "Nn_"}


def private_imports(package: Path) -> list[str]:
    """Every ``from kit.module import _name`` (a private name of another module of the
    kit), as ``'module:line imports other._name'``; ``import x as _x`` is a local alias."""
    found = modules(package)
    out: list[str] = []
    for name, path in found.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module not in found or module == name:
                continue
            for a in node.names:
                if a.name.startswith("_") and a.name not in _NOT_PRIVATE and f"{module}.{a.name}" not in found:
                    out.append(f"{name}:{node.lineno} imports {module}.{a.name}")
    return out


def test_no_module_imports_another_modules_private_name() -> None:
    """A module's private names are its own (GUIDE: public argument checks in one module;
    issue 23): what another module needs is public, with its docstring."""
    assert private_imports(PACKAGE) == []
