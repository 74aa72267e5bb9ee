"""Precompiled bytecode for the site: Python 3.14's ``.pyc`` made by Pyodide itself.

In the browser Pyodide does not write bytecode (``sys.dont_write_bytecode``), and neither
its standard library (``python_stdlib.zip``) nor a wheel from PyPI carries any: every
module the kernel and a lesson import is compiled from source on every page load, about
half of a lesson's start on a slow machine (``benchmarks/bench_site.py``).  The site's
build therefore compiles them once, with the very interpreter the browser runs: Pyodide's
core under Node.js (``node``, the ``pyodide`` npm package the site ships), so the bytecode
is exactly Python 3.14's (cache tag ``cpython-314``) whatever Python builds the site.

* the site makes the standard library and every wheel, the kit's too, *sourceless*: each
  ``x.py`` is replaced by ``x.pyc`` (as Pyodide's own package builds do), which keeps the
  site within its size limit (sources and bytecode both would pass it);
* :func:`precompile` can instead keep an archive's sources and add
  ``__pycache__/x.cpython-314.pyc`` in *unchecked-hash* form (PEP 552: used without
  comparing the source's time, which the browser's unpacking does not keep).

Code objects are compiled with the paths the files have in the browser
(``/lib/python314.zip/…``, ``/lib/python3.14/site-packages/…``), so tracebacks name them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..i18n import _
from .pins import SiteError

__all__ = ["NODE", "node_missing", "precompile"]

#: the Node.js program (Debian's ``nodejs``)
NODE = "node"

#: Where the browser unpacks a wheel and mounts the standard library.
SITE_PACKAGES = "/lib/python3.14/site-packages"
STDLIB_ZIP = "/lib/python314.zip"

_DRIVER = r"""
const path = require("path");
const [pyodideDir, work] = process.argv.slice(2);
const { loadPyodide } = require(path.join(pyodideDir, "pyodide.js"));
(async () => {
  const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
  py.FS.mkdirTree("/work");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
  py.runPython(require("fs").readFileSync(path.join(work, "compile.py"), "utf8"));
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""

_COMPILE = r"""
import importlib._bootstrap_external as ext, importlib.util, json, zipfile

jobs = json.load(open("/work/jobs.json"))


def pyc(source, where, *, unchecked):
    code = compile(source, where, "exec", dont_inherit=True)
    if unchecked:
        return bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    return bytes(ext._code_to_timestamp_pyc(code, 0, 0))


for job in jobs:
    src, dst, prefix, keep = job["src"], job["dst"], job["prefix"], job["keep_source"]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if not name.endswith(".py") or info.is_dir():
                zout.writestr(info, data)
                continue
            where = prefix + "/" + name
            try:
                compiled = pyc(data, where, unchecked=keep)
            except SyntaxError:  # a file that is not Python 3.14 (a template, a test): as it is
                zout.writestr(info, data)
                continue
            if keep:
                zout.writestr(info, data)
                head, _, base = name.rpartition("/")
                cached = (head + "/" if head else "") + "__pycache__/" + base[:-3] + ".cpython-314.pyc"
                zout.writestr(zipfile.ZipInfo(cached, info.date_time), compiled, zipfile.ZIP_DEFLATED)
            else:
                zout.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", info.date_time), compiled, zipfile.ZIP_DEFLATED)
"""


def node_missing() -> str | None:
    """Why bytecode cannot be precompiled here (no ``node``), or None."""
    if shutil.which(NODE) is None:
        return _("node (Node.js) is not installed: the site's Python will compile every module in the browser")
    return None


def precompile(pyodide_dir: Path, archives: list[tuple[Path, str, bool]]) -> None:
    """Compile the ``.py`` of each archive in place with the Pyodide in ``pyodide_dir``.

    Args:
        pyodide_dir: the site's ``static/pyodide`` (Pyodide's core from npm).
        archives: (path of a wheel or of ``python_stdlib.zip``, the folder its files have
            in the browser, whether to keep the sources): sourceless ``.pyc`` in place of
            each ``.py`` when False, the source and an unchecked-hash ``__pycache__`` entry
            when True.

    Raises:
        SiteError: ``node`` is missing or Pyodide failed (its message).
    """
    reason = node_missing()
    if reason is not None:
        raise SiteError(reason)
    with tempfile.TemporaryDirectory(prefix="durak-nb-pyc-") as tmp:
        work = Path(tmp)
        jobs = []
        for i, (archive, prefix, keep) in enumerate(archives):
            shutil.copy2(archive, work / f"in{i}.zip")
            jobs.append({"src": f"/work/in{i}.zip", "dst": f"/work/out{i}.zip", "prefix": prefix, "keep_source": keep})
        (work / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        (work / "compile.py").write_text(_COMPILE, encoding="utf-8")
        (work / "driver.js").write_text(_DRIVER, encoding="utf-8")
        cmd = [NODE, str(work / "driver.js"), str(pyodide_dir.resolve()), str(work)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=900)
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip()[-800:]
            raise SiteError(_("precompiling the bytecode with Pyodide failed: {error}").format(error=tail))
        for i, (archive, _prefix, _keep) in enumerate(archives):
            shutil.move(str(work / f"out{i}.zip"), archive)
