"""Building the course as a static JupyterLite site (issue 12, section 1).

:func:`build_site` makes, in one folder, a JupyterLite site whose Python is Pyodide and
that fetches nothing from anywhere but itself:

* ``static/pyodide/``: Pyodide's core from npm (pinned, sha512-checked), every wheel the
  lessons need (pure wheels from PyPI, sha256-checked; the kit's own wheel built from this
  source tree; the Pyodide kernel's wheels from ``jupyterlite-pyodide-kernel``; the WASM
  Graphviz as a small wheel ``durak-nb-viz``) and a ``pyodide-lock.json`` written here that
  lists exactly these files, so Pyodide loads them from the site;
* ``jupyter-lite.json``: the Pyodide kernel preloads them all (``loadPyodideOptions.packages``)
  and JupyterLite's PyPI fallback is off (``disablePyPIFallback``);
* ``files/``: the course, every edition the kit has (``notebooks/``, ``notebooks/ru/``,
  ``notebooks/uk/``), and the recordings (``files/recordings/``).

Packages whose Pyodide builds are not in the registries (numpy, pandas, matplotlib: see
``docs/site.md``) are not on the site; lesson 8 of every edition says so in a first cell.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_, _, language
from .bytecode import SITE_PACKAGES, STDLIB_ZIP, node_missing, precompile
from .landing import LAB_LOCALES, edition_app, read_lesson, write_landing_page
from .pins import SiteError, fetch, load_pins, sha256_of

#: The most bytes the whole site may take (docs/site.md, "Site size"): the build refuses a
#: site past it (``--size-limit MB`` moves it) and warns past :data:`SIZE_WARNING` of it.
#: 60.5 MB in issue 20, of which the grammar's dictionaries (pymorphy3-dicts-ru, -uk) are 16.6 MB.
SIZE_LIMIT = 64_000_000

#: the share of the limit past which the build's summary warns that the site is near it
SIZE_WARNING = 0.95

#: where downloads are kept between builds (``DURAK_NB_SITE_CACHE`` overrides)

DEFAULT_CACHE = Path(os.environ.get("DURAK_NB_SITE_CACHE", Path.home() / ".cache" / "durak-nb-site"))

#: the Pyodide kernel's plug-in id in JupyterLite's settings
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: the kernel's own wheels (shipped inside jupyterlite-pyodide-kernel's labextension)
KERNEL_WHEELS = {
    "piplite": ("piplite", ("piplite",), ("micropip",)),
    "pyodide_kernel": ("pyodide-kernel", ("pyodide_kernel",), ("comm", "ipython")),
    "ipykernel": ("ipykernel", ("ipykernel",), ("pyodide-kernel",)),
    "widgetsnbextension-4": ("widgetsnbextension", ("widgetsnbextension",), ()),
}

#: the editions of the course: (folder under notebooks/, language)
EDITIONS = (("", "en"), ("ru", "ru"), ("uk", "uk"))

#: JupyterLab's plug-ins an edition's apps leave out: the status bar's cell counter
#: («Cell 27/27», new in JupyterLab 4.6) has no words in the ru and uk language packs yet
#: (their newest is 4.5), and a learner never needs it
EDITION_DISABLED = ("@jupyterlab/notebook-extension:cell-counter-status",)

#: JupyterLab's settings an edition's apps change: a folded heading («Для учителя») shows
#: JupyterLab's unfold arrow, always visible, instead of its «+ 1 cell hidden» button, whose
#: words JupyterLab 4.6 shows in English whatever the language pack says
EDITION_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/notebook-extension:tracker": {"showHiddenCellsButton": False}
}

#: lesson 8's notebook (its tables need pandas)
LESSON8 = "08_analysing_games.ipynb"

LESSON8_NOTE = N_(
    "**In the browser this lesson's tables do not run.** They are made with pandas, and "
    "the package registries hold no build of pandas (nor of numpy and matplotlib) for the "
    "browser's Python (Pyodide {version}). Read the lesson here, and run it in Jupyter on a "
    "computer with the kit installed (`pip install durak-nb`) to see its tables and chart. "
    "Every other lesson runs here in full."
)


@dataclass
class SiteReport:
    """What :func:`build_site` made: the folder, its size in bytes, the editions and
    notebooks it holds, the packages the browser's Python has and those it lacks, those
    loaded when the kernel starts (``preloaded``), why the bytecode was not precompiled
    (``bytecode``, None when it was), whether it is the quick-start build and the size
    limit it was held to (``limit``, None: none)."""

    output: Path
    size: int = 0
    editions: list[str] = field(default_factory=list)
    notebooks: int = 0
    packages: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    seconds: float = 0.0
    preloaded: list[str] = field(default_factory=list)
    bytecode: str | None = None
    quick: bool = True
    limit: int | None = None


def _source_root() -> Path:
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists() or not (root / "notebooks").is_dir():
        raise SiteError(_("the site is built from the kit's source tree (pyproject.toml and notebooks/ not found)"))
    return root


def _viz_wheel(tgz: Path, dest: Path, version: str) -> Path:
    """A small pure wheel ``durak-nb-viz`` holding @viz-js/viz's ``viz-global.js`` (and its
    licence words), so that the browser's Python finds the WASM Graphviz on its own disk."""
    with tarfile.open(tgz) as tar:
        member = tar.extractfile("package/dist/viz-global.js")
        assert member is not None
        js = member.read()
    name = f"durak_nb_viz-{version}"
    files = {
        "durak_nb_viz/__init__.py": b'"""@viz-js/viz ' + version.encode() + b' (MIT): Graphviz as WebAssembly."""\n',
        "durak_nb_viz/viz-global.js": js,
        f"{name}.dist-info/METADATA": (
            f"Metadata-Version: 2.1\nName: durak-nb-viz\nVersion: {version}\nLicense: MIT\n"
            "Summary: @viz-js/viz (Graphviz in WebAssembly) for durak-nb's browser site\n"
        ).encode(),
        f"{name}.dist-info/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: durak_nb.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    record = "".join(f"{p},,\n" for p in files) + f"{name}.dist-info/RECORD,,\n"
    files[f"{name}.dist-info/RECORD"] = record.encode()
    out = dest / f"{name}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            zf.writestr(info, data, zipfile.ZIP_DEFLATED)
    return out


def _lock_entry(name: str, version: str, whl: Path, imports: Any, depends: Any) -> dict[str, Any]:
    return {
        "name": name,
        "version": version,
        "file_name": whl.name,
        "install_dir": "site",
        "sha256": sha256_of(whl.read_bytes()),
        "package_type": "package",
        "imports": list(imports),
        "depends": list(depends),
        "unvendored_tests": False,
        "shared_library": False,
    }


def _kernel_wheel_dir() -> Path:
    for base in [Path(sys.prefix), *(Path(p) for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p)]:
        d = base / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
        if (d / "pypi").is_dir():
            return d / "pypi"
    raise SiteError(_("jupyterlite-pyodide-kernel is not installed (pip install 'durak-nb[site]')"))


#: packages the browser's Python loads only when a page needs them (quick start): the
#: grammar (pymorphy3 and its dictionaries, for the Russian and Ukrainian pages only:
#: :func:`durak_nb.grammar.analyzer` loads them, :func:`durak_nb.grammar.prepare` begins it)
ON_DEMAND = ("dawg2-python", "pymorphy3", "pymorphy3-dicts-ru", "pymorphy3-dicts-uk")

#: packages on the site that only IPython's terminal imports (``IPython.embed``, see
#: :data:`WHEEL_PATCHES`): not a dependency of the quick start's IPython, not preloaded
#: (152 files fewer to unpack at each kernel start)
TERMINAL_ONLY = ("prompt-toolkit",)

#: the kit's files the browser never reads (the offline widget renderer for nbconvert pages)
BROWSER_SKIPS = ("durak_nb/views/static/widgets/",)

#: the files of a wheel from PyPI that no page reads, left out of the quick start: jedi's
#: type stubs of packages the site does not have (Django's, and typeshed's third-party
#: ones: 1,127 of its 1,880 files, each unpacked at every kernel start); the standard
#: library's stubs stay, for tab completion.  The folder ``typeshed/third_party/`` itself
#: stays (empty): jedi lists it.
WHEEL_SKIPS = {
    "jedi": ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/"),
}


#: IPython's ``import IPython`` imports its terminal (``IPython.terminal.embed``, and with it
#: prompt_toolkit: 211 of the 751 modules a kernel start imports, about 40 % of its import
#: time measured under Node.js), which a kernel in the browser never uses.  The quick start's
#: IPython imports it only when ``IPython.embed`` is called.  Its completer imports jedi
#: (and parso) at the kernel's start, 115 of the 600 ms of ``import pyodide_kernel`` under
#: Node.js; the quick start's imports it at the first tab completion, as IPython 9.18 does
#: (its ``_get_jedi``): (file, text, replacement).
WHEEL_PATCHES = {
    "ipython": (
        (
            "IPython/core/completer.py",
            "try:\n"
            "    import jedi\n"
            "    jedi.settings.case_insensitive_completion = False\n"
            "    import jedi.api.helpers\n"
            "    import jedi.api.classes\n"
            "    JEDI_INSTALLED = True\n"
            "except ImportError:\n"
            "    JEDI_INSTALLED = False\n",
            "import importlib.util\n\n"
            "JEDI_INSTALLED = importlib.util.find_spec('jedi') is not None\n\n\n"
            "class _Jedi:\n"
            '    """jedi, imported and set up at its first use (durak-nb\'s site: not at the kernel\'s start)."""\n\n'
            "    def __getattr__(self, name):\n"
            "        global jedi\n"
            "        import jedi as module\n"
            "        import jedi.api.classes\n"
            "        import jedi.api.helpers\n\n"
            "        module.settings.case_insensitive_completion = False\n"
            "        jedi = module\n"
            "        return getattr(module, name)\n\n\n"
            "jedi = _Jedi()\n",
        ),
        (
            "IPython/__init__.py",
            "from .terminal.embed import embed\n",
            "\n\ndef embed(*args, **kwargs):\n"
            '    """IPython\'s terminal ``embed`` (durak-nb\'s site: imported when called, not at start)."""\n'
            "    from .terminal.embed import embed as terminal_embed\n\n"
            "    return terminal_embed(*args, **kwargs)\n\n",
        ),
    ),
}


def _slim_wheel(src: Path, dest: Path, skip: tuple[str, ...], patches: tuple[tuple[str, str, str], ...] = ()) -> Path:
    """A copy of the wheel ``src`` in the folder ``dest`` without the files under the
    prefixes ``skip`` (each prefix kept as an empty folder) and without their lines in
    the wheel's ``RECORD``; each (file, text, replacement) of ``patches`` replaces the
    text, found once, in that file.

    Raises:
        SiteError: a patch's text is not found once in its file (the pinned version changed).
    """
    out = dest / src.name
    todo = {name: (text, new) for name, text, new in patches}
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for prefix in skip:
            zout.writestr(zipfile.ZipInfo(prefix, date_time=(2026, 1, 1, 0, 0, 0)), b"")
        for info in zin.infolist():
            if info.filename.startswith(skip):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if not line.startswith(skip)).encode("utf-8")
            if info.filename in todo:
                text, new = todo.pop(info.filename)
                source = data.decode("utf-8")
                if source.count(text) != 1:
                    raise SiteError(
                        _("{wheel}: {file} does not hold {text!r} once; its patch must be remade").format(
                            wheel=src.name, file=info.filename, text=text
                        )
                    )
                data = source.replace(text, new).encode("utf-8")
            zout.writestr(info, data)
    if todo:
        raise SiteError(
            _("{wheel}: {file} does not hold {text!r} once; its patch must be remade").format(
                wheel=src.name, file=next(iter(todo)), text=next(iter(todo.values()))[0]
            )
        )
    return out


def _kit_wheel(root: Path, dest: Path, *, skip: tuple[str, ...] = ()) -> Path:
    """Build the kit's wheel from ``root`` and rewrite it so that each catalogue's ``.po``
    comes before its ``.mo``: unpacked in that order the ``.mo`` is never older than the
    ``.po``, so the browser never needs Babel to compile one (durak_nb.i18n).  Files under
    the prefixes ``skip`` are left out."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, str(root)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SiteError(_("building the kit's wheel failed: {error}").format(error=done.stderr.strip()[-500:]))
        (built,) = Path(tmp).glob("durak_nb-*.whl")
        out = dest / built.name
        with zipfile.ZipFile(built) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            infos = [i for i in src.infolist() if not i.filename.startswith(skip)]
            infos.sort(key=lambda i: (i.filename.endswith(".mo"), i.filename.endswith("RECORD")))
            for info in infos:
                dst.writestr(info, src.read(info))
    return out


def _pyodide_dir(
    pins: dict[str, Any], cache: Path, root: Path, into: Path, *, quick: bool = True
) -> tuple[list[str], list[str], list[str], str | None]:
    """Fill ``into`` (the site's ``static/pyodide``); returns (packages, missing, preloaded,
    why the bytecode is not precompiled or None).  ``quick``: the kit's wheel without
    :data:`BROWSER_SKIPS`, wheels from PyPI without :data:`WHEEL_SKIPS` and with
    :data:`WHEEL_PATCHES`, :data:`ON_DEMAND` and :data:`TERMINAL_ONLY` not preloaded, the
    bytecode precompiled
    (:mod:`durak_nb.site.bytecode`)."""
    tgz = fetch(pins["pyodide"]["url"], cache, integrity=pins["pyodide"]["integrity"])
    into.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if not member.isfile() or member.name.endswith(".map") or member.name.endswith(".d.ts"):
                continue
            fp = tar.extractfile(member)
            assert fp is not None
            (into / member.name.removeprefix("package/")).write_bytes(fp.read())
    if quick:  # the notebook's folder searched last (durak_nb/site/sitecustomize.py)
        with zipfile.ZipFile(into / "python_stdlib.zip", "a", zipfile.ZIP_DEFLATED) as stdlib:
            stdlib.write(Path(__file__).with_name("sitecustomize.py"), "sitecustomize.py")
    lock = json.loads((into / "pyodide-lock.json").read_text(encoding="utf-8"))
    missing = sorted(k for k, v in lock["packages"].items() if not v["file_name"].endswith("-none-any.whl"))
    # name -> (version, wheel, imports, depends, the kit's own)
    wheels: dict[str, tuple[str, Path, Any, Any, bool]] = {}
    for w in pins["wheels"]:
        whl = fetch(w["url"], cache, sha256=w["sha256"])
        if quick and (w["name"] in WHEEL_SKIPS or w["name"] in WHEEL_PATCHES):
            _slim_wheel(whl, into, WHEEL_SKIPS.get(w["name"], ()), WHEEL_PATCHES.get(w["name"], ()))
        else:
            shutil.copy2(whl, into / whl.name)
        depends = list(w["depends"])
        if quick and w["name"] == "pymorphy3":  # the dictionary a page needs, not always the Russian one
            depends = [d for d in depends if d not in ON_DEMAND or d == "dawg2-python"]
        if quick and w["name"] in WHEEL_PATCHES:  # IPython: its terminal is imported only by embed()
            depends = [d for d in depends if d not in TERMINAL_ONLY]
        wheels[w["name"]] = (w["version"], into / whl.name, w["imports"], depends, False)
    kernel_dir = _kernel_wheel_dir()
    for stem, (name, imports, needs) in KERNEL_WHEELS.items():
        prefix = stem.split("-")[0]
        major = stem.split("-")[1] if "-" in stem else ""
        (whl,) = [p for p in kernel_dir.glob(f"{prefix}-{major}*.whl")]
        shutil.copy2(whl, into / whl.name)
        wheels[name] = (whl.name.split("-")[1], into / whl.name, imports, list(needs), False)
    viz_tgz = fetch(pins["viz"]["url"], cache, integrity=pins["viz"]["integrity"])
    viz = _viz_wheel(viz_tgz, into, pins["viz"]["version"])
    wheels["durak-nb-viz"] = (pins["viz"]["version"], viz, ["durak_nb_viz"], [], False)
    kit = _kit_wheel(root, into, skip=BROWSER_SKIPS if quick else ())
    kit_depends = ["ipywidgets", "graphviz", "tqdm", "durak-nb-viz"]
    if not quick:
        kit_depends += ["pymorphy3", "pymorphy3-dicts-ru", "pymorphy3-dicts-uk"]
    wheels["durak-nb"] = (kit.name.split("-")[1], kit, ["durak_nb"], kit_depends, True)
    why_not = node_missing() if quick else _("the site was built with --no-quick")
    if why_not is None:
        archives = [(into / "python_stdlib.zip", STDLIB_ZIP, False)]
        archives += [(whl, SITE_PACKAGES, False) for _v, whl, _i, _d, _own in wheels.values()]
        precompile(into, archives)
    packages = {
        name: _lock_entry(name, version, whl, imports, depends)
        for name, (version, whl, imports, depends, _own) in wheels.items()
    }
    lock["packages"] = packages
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    preloaded = sorted(p for p in packages if not (quick and (p in ON_DEMAND or p in TERMINAL_ONLY)))
    return sorted(packages), missing, preloaded, why_not


def _untrusted(nb_path: Path) -> None:
    """Drop a stored ``metadata.trusted`` from a copied lesson: the site's JupyterLab must
    treat every stored output as untrusted (no script of an output runs before the
    learner runs the lesson)."""
    nb = read_lesson(nb_path)
    if "trusted" in nb.get("metadata", {}):
        del nb["metadata"]["trusted"]
        nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _lesson8_note(nb_path: Path, lang: str, version: str) -> None:
    nb = read_lesson(nb_path)
    with language(lang):
        text = _(LESSON8_NOTE).format(version=version)
    cell = {"cell_type": "markdown", "metadata": {"tags": ["durak-nb-site"]}, "source": [text], "id": "site-note"}
    nb["cells"].insert(1 if nb["cells"] else 0, cell)
    nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _check_output(out: Path, root: Path, notebooks: Path) -> None:
    """Refuse an output folder the build must not replace: a file, a folder holding the
    course or the kit's source tree, or a folder with files that is not an earlier site
    (no ``jupyter-lite.json``)."""
    if out.exists() and not out.is_dir():
        raise SiteError(_("{path} is a file, not a folder for the site").format(path=out))
    for held in (root.resolve(), notebooks.resolve()):
        if held == out or out in held.parents:
            raise SiteError(
                _("{path} holds {held}: the site's folder is replaced whole; choose another").format(
                    path=out, held=held
                )
            )
    if out.is_dir() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise SiteError(
            _(
                "{path} holds files and is no site built before: the site's folder is replaced whole; choose another"
            ).format(path=out)
        )


def course_files(root: Path, files: Path, pyodide_version: str, notebooks: Path | None = None) -> tuple[list[str], int]:
    """Copy every edition present (``notebooks/``, ``notebooks/ru/``, ``notebooks/uk/`` of
    ``root``, or of ``notebooks``) and the recordings into ``files``, lesson 8 with its
    note (:data:`LESSON8_NOTE`, in the edition's language); returns (editions, notebooks)."""
    editions: list[str] = []
    count = 0
    for folder, lang in EDITIONS:
        src = (notebooks or root / "notebooks") / folder
        found = sorted(src.glob("*.ipynb"))
        if not found:
            continue
        dest = files / folder if folder else files
        dest.mkdir(parents=True, exist_ok=True)
        for nb in found:
            if nb.is_symlink() or not nb.is_file():
                # a link may point anywhere (a file outside the course would be published)
                raise SiteError(
                    _("{path} is a link or not a regular file: a lesson is a notebook file of its own").format(path=nb)
                )
            shutil.copy2(nb, dest / nb.name)
            _untrusted(dest / nb.name)
            if nb.name == LESSON8:
                _lesson8_note(dest / nb.name, lang, pyodide_version)
        editions.append(lang)
        count += len(found)
    shutil.copytree(root / "recordings", files / "recordings")
    return editions, count


def _lite_config(packages: list[str]) -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "durak-nb",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": packages},
                }
            },
        },
    }


def _lesson_style(lite: Path, where: Path) -> None:
    """The kit's front-end extension (a hidden cell leaves no line of code, issue 22;
    :mod:`durak_nb.views.offline`) in the site: ``jupyter lite build`` copies it from the
    environment where ``python -m durak_nb.views.offline install`` put it, else from
    ``where/labextensions``, where it is put here and named to the build in the lite
    folder's ``jupyter_lite_config.json`` (``FederatedExtensionAddon.extra_labextensions_path``;
    never both: one copy per name).  The lite folder's own ``extensions/`` is not used:
    jupyterlite-core 0.8.6 never copies what is there (its ``build`` step yields a
    generator of tasks, not the tasks), so a site built so had no such extension at all."""
    from ..views.offline import LABEXTENSION, LABEXTENSION_NAME

    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / LABEXTENSION_NAME / "package.json"
    if installed.exists():
        return
    folder = where / "labextensions"
    shutil.copytree(LABEXTENSION, folder / LABEXTENSION_NAME, ignore=shutil.ignore_patterns("__pycache__"))
    config = {"FederatedExtensionAddon": {"extra_labextensions_path": [str(folder)]}}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


def _edition_apps(site: Path, langs: list[str]) -> list[str]:
    """Give each edition in ``langs`` but English its own JupyterLab and single-document
    app (``lab-ru/``, ``notebooks-ru/``: copies of ``lab/`` and ``notebooks/``, about 40
    and 65 kB) whose menus are in the edition's language by default, through JupyterLite's own
    ``settingsOverrides`` (the translation plug-in's ``locale``; the language packs are
    in the site's ``api/translations``), less :data:`EDITION_DISABLED` and with
    :data:`EDITION_SETTINGS`.  A language the reader chose in *Settings ▸
    Language* still wins: it is a setting of the browser.  Returns the apps made.

    Raises:
        SiteError: the build made no ``lab/`` or ``notebooks/`` app.
    """
    made = []
    for lang in langs:
        locale = LAB_LOCALES.get(lang)
        if locale is None:
            continue
        for app in ("lab", "notebooks"):
            src = site / app
            config_file = src / "jupyter-lite.json"
            if not config_file.is_file():
                raise SiteError(_("the site has no {path}").format(path=f"{app}/jupyter-lite.json"))
            name = edition_app(app, lang)
            # lab/'s 319 kB favicon.ico stays where the site's faviconUrl names it (./lab/)
            shutil.copytree(src, site / name, ignore=shutil.ignore_patterns("favicon.ico") if app == "lab" else None)
            config = json.loads(config_file.read_text(encoding="utf-8"))
            data = config.setdefault("jupyter-config-data", {})
            data["appUrl"] = f"/{name}"
            if app == "notebooks":
                data["notebookPage"] = name
            overrides = data.setdefault("settingsOverrides", {})
            for plugin, values in {
                **EDITION_SETTINGS,
                "@jupyterlab/translation-extension:plugin": {"locale": locale},
            }.items():
                overrides[plugin] = {**overrides.get(plugin, {}), **values}
            data["disabledExtensions"] = [*data.get("disabledExtensions", []), *EDITION_DISABLED]
            (site / name / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
            made.append(name)
    return made


def _folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _check_size(site: Path, size: int, limit: int | None, output: Path) -> None:
    """Refuse a site of ``size`` bytes past ``limit`` (None: no limit) with the three
    largest files of ``site`` named: the bound of docs/site.md ("Site size").

    Raises:
        SiteError: ``size`` is above ``limit``; the words say the site in ``output`` is
            left as it was.
    """
    if limit is None or size <= limit:
        return
    files = sorted((p for p in site.rglob("*") if p.is_file()), key=lambda p: -p.stat().st_size)[:3]
    largest = ", ".join(
        _("{file} {mb:.1f} MB").format(file=p.relative_to(site).as_posix(), mb=p.stat().st_size / 1e6) for p in files
    )
    raise SiteError(
        _(
            'the site would take {mb:.1f} MB, above its limit of {limit:.1f} MB (docs/site.md, "Site size"); '
            "its largest files: {largest}. Nothing was written to {output}. Leave out what the lessons do not "
            "need, or build with --size-limit MB"
        ).format(mb=size / 1e6, limit=limit / 1e6, largest=largest, output=output)
    )


def _prune_fonts(build: Path) -> None:
    """Remove the legacy copies of JupyterLab's icon fonts (``.eot``, ``.ttf``, ``.svg``
    of Font Awesome): every browser JupyterLab runs in takes the ``.woff2`` listed first."""
    for font in build.glob("fa-*"):
        if font.suffix in LEGACY_FONTS:
            font.unlink()


#: the font formats no browser that runs JupyterLab needs (they follow woff2 and woff)
LEGACY_FONTS = (".eot", ".ttf", ".svg")


def build_site(
    output: Path | str,
    *,
    cache: Path | str | None = None,
    notebooks: Path | str | None = None,
    quick: bool = True,
    size_limit: int | None = SIZE_LIMIT,
) -> SiteReport:
    """Build the course's JupyterLite site into ``output`` (replaced if it exists).

    Args:
        output: the site's folder; serve it with any static web server.
        cache: where downloads are kept (default :data:`DEFAULT_CACHE`).
        notebooks: the course's folder (default: ``notebooks/`` of the kit's source tree);
            its ``ru/`` and ``uk/`` sub-folders are the other editions.
        quick: the quick start (docs/site.md): bytecode precompiled with Pyodide under
            Node.js, the grammar's packages loaded only by the pages that need them, the
            kit's wheel without what the browser never reads, JupyterLab's legacy font
            files left out.  False builds the site as it was before (every package
            preloaded, everything compiled in the browser): ``--no-quick``, for
            ``benchmarks/bench_site.py``.
        size_limit: the most bytes the site may take (default :data:`SIZE_LIMIT`; None:
            no limit); a site past it is refused before it replaces ``output``.

    Returns:
        a :class:`SiteReport`.

    Raises:
        SiteError: a download or checksum failed, ``jupyterlite-core`` or
            ``jupyterlite-pyodide-kernel`` is missing, or ``jupyter lite build`` failed;
            ``output`` is a file, holds the course or the kit's sources, or is a folder
            with files that are no site (it is replaced whole: never a user's folder);
            a notebook is a link or not a regular file; the site would take more than
            ``size_limit`` bytes (``output`` is left as it was).
    """
    start = time.perf_counter()
    out = Path(output).resolve()
    cache_dir = Path(cache) if cache is not None else DEFAULT_CACHE
    pins = load_pins()
    root = _source_root()
    _check_output(out, root, Path(notebooks).resolve() if notebooks is not None else root / "notebooks")
    report = SiteReport(out, quick=quick)
    with tempfile.TemporaryDirectory(prefix="durak-nb-site-") as tmp:
        lite = Path(tmp) / "lite"
        lite.mkdir()
        report.packages, report.missing, report.preloaded, report.bytecode = _pyodide_dir(
            pins, cache_dir, root, lite / "static" / "pyodide", quick=quick
        )
        report.editions, report.notebooks = course_files(
            root, lite / "files", pins["pyodide"]["version"], Path(notebooks) if notebooks is not None else None
        )
        (lite / "jupyter-lite.json").write_text(json.dumps(_lite_config(report.preloaded), indent=1), encoding="utf-8")
        _lesson_style(lite, Path(tmp))
        staging = Path(tmp) / "out"
        cmd = [
            sys.executable, "-m", "jupyterlite_core", "build",
            "--lite-dir", str(lite), "--output-dir", str(staging),
            "--contents", str(lite / "files"), "--no-sourcemaps", "--no-unused-shared-packages",
        ]  # fmt: skip
        env = {**os.environ, "JUPYTERLITE_PYODIDE_URL": ""}
        env.pop("JUPYTERLITE_PYODIDE_URL")
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=tmp, env=env)
        if done.returncode != 0 or not (staging / "index.html").exists():
            tail = (done.stdout + done.stderr).strip()[-1500:]
            raise SiteError(_("jupyter lite build failed: {error}").format(error=tail))
        # the new site is made whole beside the old one, then swapped in: a failure on the
        # way (a full disk, an interrupt) leaves the old site as it was
        out.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
        try:
            shutil.copytree(staging, fresh, dirs_exist_ok=True)
            if quick:
                _prune_fonts(fresh / "build")
            _edition_apps(fresh, report.editions)
            write_landing_page(fresh, [(folder, lang) for folder, lang in EDITIONS if lang in report.editions])
            report.size = _folder_size(fresh)
            _check_size(fresh, report.size, size_limit, out)
            report.limit = size_limit
            _swap_in(fresh, out)
        except BaseException:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
    report.seconds = time.perf_counter() - start
    return report


def _swap_in(fresh: Path, out: Path) -> None:
    """Put the finished site ``fresh`` in the place of ``out`` (two renames on one file
    system: ``out`` is the old site or the new one whole at every moment but between them)."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        old.rmdir()
        out.rename(old)
    try:
        fresh.rename(out)
    except BaseException:
        if old is not None:
            old.rename(out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def summary(report: SiteReport) -> str:
    """The report in words, for the command line."""
    mb = report.size / 1e6
    text = _(
        "site written to {output}: {mb:.1f} MB, {notebooks} notebooks (editions: {editions}), "
        "{packages} packages for the browser's Python, built in {seconds:.0f} s; "
        "without a browser build: {missing}"
    ).format(
        output=report.output,
        mb=mb,
        notebooks=report.notebooks,
        editions=", ".join(report.editions),
        packages=len(report.packages),
        seconds=report.seconds,
        missing=", ".join(m for m in report.missing if m in {"numpy", "pandas", "matplotlib"}),
    )
    if report.bytecode is not None:
        text += "\n" + _("the bytecode is not precompiled: {reason}").format(reason=report.bytecode)
    if report.limit is not None and report.size > SIZE_WARNING * report.limit:
        text += "\n" + _(
            "warning: the site takes {share:.0f} % of its size limit ({mb:.1f} MB of {limit:.1f} MB; docs/site.md)"
        ).format(share=100 * report.size / report.limit, mb=mb, limit=report.limit / 1e6)
    return text


__all__ = ["DEFAULT_CACHE", "SIZE_LIMIT", "SiteError", "SiteReport", "build_site", "fetch", "summary"]
