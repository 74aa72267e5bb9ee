"""The site's pinned downloads (``pins.json``) and how they are made and checked.

``pins.json`` (next to this module) names every file the site build downloads: the npm
tarballs of Pyodide's core and of the WASM Graphviz, and each pure-Python wheel from PyPI
that the browser's Python loads.  Each entry has its URL and checksum (``sha256`` for PyPI,
npm's ``integrity`` (sha512) for npm); :func:`fetch` (the one downloader, which the build
and the pinning share) refuses a file whose checksum differs.

``python -m durak_nb.site pin`` remakes ``pins.json`` from the registries (PyPI's and npm's
JSON APIs, nothing else): it is run by a developer when a version changes, never by the
build.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tarfile
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from ..i18n import _

PINS_FILE = Path(__file__).with_name("pins.json")

#: npm: Pyodide's core (interpreter, standard library, ``pyodide-lock.json``; no packages)
PYODIDE_NPM = ("pyodide", "314.0.6")
#: npm: Graphviz compiled to WebAssembly; ``dist/viz-global.js`` defines ``Viz``
VIZ_NPM = ("@viz-js/viz", "3.31.0")

#: Pyodide lock packages the browser needs (their ``depends`` are followed).  Pure wheels
#: only: the lock's compiled (wasm32) packages are not in the registries (see docs/site.md).
LOCK_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "tqdm")

#: PyPI wheels the Pyodide lock does not have: (name, version, imports, depends)
EXTRA_WHEELS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("comm", "0.2.3", ("comm",), ()),
    ("ipywidgets", "8.1.9", ("ipywidgets",), ("comm", "ipython", "traitlets", "widgetsnbextension")),
    ("graphviz", "0.21", ("graphviz",), ()),
    # the grammar (durak_nb/grammar.py, issue 20): pymorphy3 and its ru and uk dictionaries
    ("dawg2-python", "0.9.0", ("dawg_python",), ()),
    ("pymorphy3", "2.0.6", ("pymorphy3",), ("dawg2-python", "pymorphy3-dicts-ru")),
    ("pymorphy3-dicts-ru", "2.4.417150.4580142", ("pymorphy3_dicts_ru",), ()),
    ("pymorphy3-dicts-uk", "2.4.1.1.1663094765", ("pymorphy3_dicts_uk",), ()),
)

TIMEOUT = 60


def _get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=TIMEOUT) as resp:
        return json.load(resp)


def _pypi_file(name: str, version: str, file_name: str | None = None) -> dict[str, str]:
    """The PyPI wheel ``file_name`` (default: the only ``py3-none-any`` wheel) of ``name==version``."""
    meta = _get_json(f"https://pypi.org/pypi/{name}/json")
    files = [f for f in meta["releases"].get(version, []) if f["filename"].endswith(".whl")]
    if file_name is not None:
        files = [f for f in files if f["filename"] == file_name]
    else:
        files = [f for f in files if f["filename"].endswith(("py3-none-any.whl", "py2.py3-none-any.whl"))]
    if len(files) != 1:
        raise LookupError(f"PyPI {name}=={version}: no single pure wheel {file_name or ''}")
    f = files[0]
    # the canonical file address (a mirror may answer with a relative one)
    path = (
        f["url"].split("packages/", 1)[1]
        if "files.pythonhosted.org" in f["url"]
        else f["url"].rsplit("packages/", 4)[-1]
    )
    url = f"https://files.pythonhosted.org/packages/{path}"
    return {"file_name": f["filename"], "url": url, "sha256": f["digests"]["sha256"]}


def _npm(name: str, version: str) -> dict[str, str]:
    meta = _get_json(f"https://registry.npmjs.org/{name}/{version}")
    return {"name": name, "version": version, "url": meta["dist"]["tarball"], "integrity": meta["dist"]["integrity"]}


def canonical(name: str) -> str:
    """A package name as the lock's keys write it (PEP 503: lower case, runs of ``-_.`` as ``-``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def check_integrity(data: bytes, integrity: str) -> bool:
    """Whether ``data`` matches an npm ``integrity`` string (``sha512-<base64>``)."""
    algo, _, digest = integrity.partition("-")
    return base64.b64encode(hashlib.new(algo, data).digest()).decode() == digest


class SiteError(Exception):
    """The site cannot be built: a download failed or its checksum differs, a tool is missing."""


def sha256_of(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex (what ``pins.json`` holds for a PyPI file)."""
    return hashlib.sha256(data).hexdigest()


def fetch(url: str, cache: Path, *, sha256: str | None = None, integrity: str | None = None) -> Path:
    """The file at ``url``, from ``cache`` if there, else downloaded into it; checked.

    Raises:
        SiteError: the download fails or the checksum (``sha256`` hex, or npm
            ``integrity``) differs.
    """
    name = urllib.parse.urlparse(url).path.rsplit("/", 1)[-1]
    dest = cache / "downloads" / name
    if not dest.exists():
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            with urllib.request.urlopen(url, timeout=120) as resp:
                data = resp.read()
        except OSError as exc:
            raise SiteError(_("cannot download {url}: {error}").format(url=url, error=exc)) from exc
        tmp = dest.with_suffix(dest.suffix + ".part")
        tmp.write_bytes(data)
        tmp.replace(dest)
    data = dest.read_bytes()
    ok = (sha256 is None or sha256_of(data) == sha256) and (integrity is None or check_integrity(data, integrity))
    if not ok:
        dest.unlink()
        raise SiteError(_("{url}: the checksum differs from the pinned one").format(url=url))
    return dest


def make_pins(cache: Path) -> dict[str, Any]:
    """Ask PyPI and npm for every pinned file and return the pins (see module doc).

    Downloads Pyodide's npm tarball into ``cache`` to read its ``pyodide-lock.json``.
    """
    pyodide = _npm(*PYODIDE_NPM)
    tgz = fetch(pyodide["url"], cache, integrity=pyodide["integrity"])
    with tarfile.open(tgz) as tar:
        member = tar.extractfile("package/pyodide-lock.json")
        assert member is not None
        lock = json.load(member)
    wanted: list[str] = []
    todo = list(LOCK_PACKAGES)
    while todo:
        name = canonical(todo.pop(0))
        if name in wanted:
            continue
        wanted.append(name)
        todo.extend(lock["packages"][name]["depends"])
    wheels = []
    for name in wanted:
        entry = lock["packages"][name]
        got = _pypi_file(entry["name"], entry["version"], entry["file_name"])
        wheels.append(
            {
                "name": name,
                "version": entry["version"],
                **got,
                "imports": entry["imports"],
                "depends": [canonical(d) for d in entry["depends"]],
                "same_as_pyodide": got["sha256"] == entry["sha256"],
            }
        )
    for name, version, imports, depends in EXTRA_WHEELS:
        wheels.append(
            {"name": name, "version": version, **_pypi_file(name, version), "imports": imports, "depends": depends}
        )
    return {
        "pyodide": pyodide,
        "viz": _npm(*VIZ_NPM),
        "pyodide_abi": lock["info"],
        "wheels": wheels,
    }


def load_pins() -> dict[str, Any]:
    """The committed pins (``pins.json``)."""
    pins: dict[str, Any] = json.loads(PINS_FILE.read_text(encoding="utf-8"))
    return pins
