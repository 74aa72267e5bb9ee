"""What ``scripts/lab.sh`` does before it starts JupyterLab, in the session's language.

* **The learner's own copy** (:func:`update_copy`): the course runs from a copy of
  ``notebooks/`` in a folder of the checkout that git ignores (``my-course/``), never
  from the tracked notebooks, so running and saving a lesson changes nothing git
  tracks.  The first run copies every lesson; a later run (after ``git pull`` brought
  new lessons) brings in each new or updated lesson without ever overwriting one the
  learner changed: theirs stays as it is, the new version goes beside it
  (``02_a_bout.new.ipynb``), and the terminal says so.  What was copied is remembered
  in the copy's ``.course-versions.json`` (the SHA-256 of each file as the kit gave it).
* **JupyterLab's state in the checkout** (:func:`lab_state`): its workspaces (the open
  tabs and their kernels) and user settings in ``.jupyter-lab/`` of the checkout, so
  that two checkouts never open each other's tabs.  The front-end settings the kit
  installs stay in ``{sys.prefix}/share/jupyter/lab/settings/overrides.json``
  (``scripts/lab_settings.py``), which is per environment and so per checkout too.
* **A taken port said plainly** (:func:`port_taken`, :func:`taken_port_message`):
  JupyterLab would move to another port and say so only in its log; the launcher
  checks first and says which port is taken, what to open, and how to choose another.

``python -m durak_nb.lessons.launch prepare CHECKOUT [JUPYTER-ARGS…]`` does all three
(:func:`main`; ``copy SOURCE TARGET`` only the copy, for a class server's start hook):
its messages go to the terminal (stderr), and on stdout it prints the
port, the course folder, the index to open and JupyterLab's workspaces and settings
folders, one per line, for ``lab.sh``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import socket
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_, Nn_, _, get_language, ngettext, setting_problem

__all__ = [
    "COPY_FOLDER",
    "DEFAULT_PORT",
    "MANIFEST",
    "STATE_FOLDER",
    "Changes",
    "LabState",
    "free_port",
    "index_of",
    "lab_state",
    "main",
    "port_of",
    "port_taken",
    "running_server",
    "start_url",
    "taken_port_message",
    "update_copy",
]

#: The learner's copy of the course, in the checkout (git-ignored).
COPY_FOLDER = "my-course"
#: JupyterLab's workspaces and user settings of the checkout (git-ignored).
STATE_FOLDER = ".jupyter-lab"
#: The copy's record of what the kit gave it: relative path -> SHA-256 of that version.
MANIFEST = ".course-versions.json"
#: JupyterLab's own default port.
DEFAULT_PORT = 8888
#: How many ports after a taken one :func:`free_port` tries.
_PORT_TRIES = 50

TEXTS: dict[str, str | tuple[str, str]] = {
    "copied": N_(
        "your own copy of the course is in {folder}: run, change and save its lessons there; "
        "the lessons in notebooks/ stay as they came."
    ),
    "added": Nn_("{n} new lesson added to your copy: {names}.", "{n} new lessons added to your copy: {names}."),
    "updated": Nn_(
        "{n} lesson you had not changed brought up to date: {names}.",
        "{n} lessons you had not changed brought up to date: {names}.",
    ),
    "kept": N_("you changed {name}, so your copy stays as it is; the new version of the lesson is beside it: {new}."),
    "opening": N_("opening the course: {path}"),
    "port taken by lab": N_(
        "port {port} is taken by another JupyterLab (its folder: {folder}): open {url} "
        "or start on another port: PORT={free} bash scripts/lab.sh"
    ),
    "port taken": N_(
        "port {port} is taken (by another JupyterLab?): open http://localhost:{port}/ "
        "or start on another port: PORT={free} bash scripts/lab.sh"
    ),
    "bad port": N_("{value} is not a port number: use a number from 1 to 65535, e.g. PORT=8890"),
}


def text(key: str, **values: object) -> str:
    """The message :data:`TEXTS` ``[key]`` in the language in use, ``values`` in its places.

    Raises:
        KeyError: an unknown key, or a place without a value.
    """
    words = TEXTS[key]
    if isinstance(words, tuple):
        count = values["n"]
        assert isinstance(count, int)
        return ngettext(words[0], words[1], count).format(**values)
    return _(words).format(**values)


# ----------------------------------------------------------------------------- the copy


@dataclass
class Changes:
    """What :func:`update_copy` did.

    Attributes:
        first: the copy was made now (the first run).
        added: paths (relative, ``/``-separated) copied in: new lessons, or lessons
            missing from the copy.
        updated: lessons the learner had not changed, replaced by their new version.
        kept: ``(lesson, beside)`` pairs: the learner changed ``lesson``; the new version
            was written to ``beside``.
    """

    first: bool = False
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[tuple[str, str]] = field(default_factory=list)

    def messages(self, folder: str) -> list[str]:
        """What the terminal says, in the language in use (nothing when nothing changed)."""
        out: list[str] = []
        if self.first:
            out.append(text("copied", folder=folder))
        else:
            if self.added:
                out.append(text("added", n=len(self.added), names=", ".join(self.added)))
            if self.updated:
                out.append(text("updated", n=len(self.updated), names=", ".join(self.updated)))
        out += [text("kept", name=name, new=new) for name, new in self.kept]
        return out


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files(source: Path) -> Iterator[str]:
    """The course's files under ``source`` (relative, ``/``-separated, sorted), hidden
    files and folders (``.ipynb_checkpoints``) left out."""
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_file() and not any(part.startswith(".") for part in rel.parts):
            yield rel.as_posix()


def kernel_language_info() -> dict[str, Any] | None:
    """What this Python's IPython kernel says of its language (``language_info``: name,
    version, mimetype…), as JupyterLab writes it into a notebook when the kernel starts;
    ``None`` where ipykernel is not installed."""
    try:
        from ipykernel.ipkernel import IPythonKernel
    except ImportError:
        return None
    return dict(IPythonKernel.language_info)


def as_this_kernel(rel: str, data: bytes, language_info: dict[str, Any] | None) -> bytes:
    """The lesson ``rel`` (its bytes ``data``) as the learner's copy holds it: a notebook of
    the Python kernel gets ``language_info`` (:func:`kernel_language_info`), so that
    JupyterLab, filling it in at the kernel's start, finds nothing to change and does not
    show the lesson as modified the moment it opens (the notebooks in the checkout keep
    only ``{"name": "python"}``: the version is the learner's).  Anything else, and a file
    that is not a notebook's JSON, is returned as it is."""
    if language_info is None or not rel.endswith(".ipynb"):
        return data
    try:
        nb = json.loads(data.decode("utf-8"))
        meta = nb["metadata"]
        if meta.get("kernelspec", {}).get("name") != "python3" or meta.get("language_info") == language_info:
            return data
    except (ValueError, KeyError, TypeError, AttributeError):
        return data
    meta["language_info"] = language_info
    return (json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.part")
    part.write_bytes(data)
    os.replace(part, path)


def _beside(rel: str, target: Path, known: dict[str, str]) -> str:
    """The name for the new version of lesson ``rel`` beside the learner's copy:
    ``02_a_bout.new.ipynb``, or ``.new2``… when that one exists and the learner changed it."""
    stem, dot, suffix = rel.rpartition(".")
    if not dot:
        stem, suffix = rel, ""
    for n in range(1, 1000):
        name = f"{stem}.new{'' if n == 1 else n}" + (f".{suffix}" if suffix else "")
        path = target / name
        if not path.exists() or known.get(name) == _digest(path.read_bytes()):
            return name
    raise OSError(errno.EEXIST, f"no free name beside {target / rel}")


def update_copy(source: Path, target: Path, language_info: dict[str, Any] | None = None) -> Changes:
    """Make or bring up to date the learner's copy ``target`` of the course ``source``.

    A file of ``source`` missing from the copy is copied.  A file the learner has not
    changed since the kit wrote it (its SHA-256 is the one in :data:`MANIFEST`) is
    replaced by its new version.  A file the learner changed (or one the copy holds
    and the manifest does not know) is never touched: when the kit's version differs
    from it, the kit's goes beside it (:func:`_beside`).  Files the learner added are
    left alone.  Every file and the manifest are written whole (a rename).

    Args:
        source: the course as the kit ships it (``notebooks/`` of the checkout).
        target: the learner's copy (``my-course/``); made when missing.
        language_info: the kernel's ``language_info`` written into each lesson
            (:func:`as_this_kernel`); ``None``, the default, copies the lessons' bytes.

    Returns:
        :class:`Changes`.

    Raises:
        OSError: a file cannot be read or written (the copy is left as it was up to that
            file; the manifest records only what was written).
    """
    manifest = target / MANIFEST
    changes = Changes(first=not manifest.exists() and not target.exists())
    known: dict[str, str] = {}
    if manifest.exists():
        try:
            loaded = json.loads(manifest.read_text(encoding="utf-8"))
            known = {str(k): str(v) for k, v in dict(loaded.get("files", {})).items()}
        except (ValueError, AttributeError, TypeError):
            known = {}  # a damaged record: every file of the copy counts as the learner's
    target.mkdir(parents=True, exist_ok=True)
    for rel in _files(source):
        data = as_this_kernel(rel, (source / rel).read_bytes(), language_info)
        new = _digest(data)
        path = target / rel
        if not path.exists():
            _write(path, data)
            if not changes.first:
                changes.added.append(rel)
        else:
            mine = _digest(path.read_bytes())
            if mine == new:
                pass  # already this version
            elif known.get(rel) == mine:  # the learner has not changed it
                _write(path, data)
                changes.updated.append(rel)
            elif known.get(rel) == new:
                continue  # the learner changed it and the kit's version is the one they started from
            else:
                name = _beside(rel, target, known)
                if not (target / name).exists() or _digest((target / name).read_bytes()) != new:
                    _write(target / name, data)
                    changes.kept.append((rel, name))
                known[name] = new
                continue  # the learner's stays theirs; the manifest keeps what they started from
        known[rel] = new
    record = json.dumps({"version": 1, "files": dict(sorted(known.items()))}, indent=1) + "\n"
    _write(manifest, record.encode("utf-8"))
    return changes


def index_of(lang: str) -> str:
    """The course's index of language ``lang`` inside the course folder:
    ``'00_index.ipynb'`` (English), ``'ru/00_index.ipynb'``, ``'uk/00_index.ipynb'``."""
    return "00_index.ipynb" if lang == "en" else f"{lang}/00_index.ipynb"


def start_url(folder: str = "course") -> str:
    """The JupyterLab address that opens the index of the session's language (the kit's
    default language: ``DURAK_NB_LANG``, else the locale) in the course ``folder`` of
    the server's root: ``'/lab/tree/course/uk/00_index.ipynb'`` (a class server's image,
    classroom/jupyter_server_config.py)."""
    from ..i18n import default_language

    return f"/lab/tree/{folder}/{index_of(default_language())}"


# ----------------------------------------------------------------------------- JupyterLab's state


@dataclass(frozen=True)
class LabState:
    """Where JupyterLab keeps the checkout's state (``--LabApp.workspaces_dir``,
    ``--LabApp.user_settings_dir``)."""

    workspaces: Path
    settings: Path


def lab_state(checkout: Path) -> LabState:
    """The checkout's JupyterLab state folders (``.jupyter-lab/workspaces``,
    ``.jupyter-lab/user-settings``), made when missing."""
    root = checkout / STATE_FOLDER
    state = LabState(root / "workspaces", root / "user-settings")
    state.workspaces.mkdir(parents=True, exist_ok=True)
    state.settings.mkdir(parents=True, exist_ok=True)
    return state


# ----------------------------------------------------------------------------- the port


def port_of(arguments: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The port JupyterLab is asked to use, as written: ``--port N`` / ``--port=N`` /
    ``--ServerApp.port=N`` among ``arguments`` (the last one wins), else ``PORT``, else
    :data:`DEFAULT_PORT`."""
    env = os.environ if environ is None else environ
    found = env.get("PORT", "").strip() or str(DEFAULT_PORT)
    args = list(arguments)
    for i, arg in enumerate(args):
        for name in ("--port", "--ServerApp.port"):
            if arg == name and i + 1 < len(args):
                found = args[i + 1]
            elif arg.startswith(name + "="):
                found = arg.split("=", 1)[1]
    return found


def port_taken(port: int) -> bool:
    """Whether a program already listens on ``port`` of this machine (JupyterLab's
    default address, localhost: 127.0.0.1 and ::1), found by trying to bind it."""
    for family, address in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1")):
        try:
            sock = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue  # no IPv6 here
        with sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            try:
                sock.bind((address, port))
            except OSError as error:
                if error.errno == errno.EADDRINUSE:
                    return True
    return False


def free_port(port: int) -> int | None:
    """The first port after ``port`` that is not taken (at most 50 tried), or ``None``."""
    for candidate in range(port + 1, min(port + 1 + _PORT_TRIES, 65536)):
        if not port_taken(candidate):
            return candidate
    return None


def running_server(port: int, servers: Iterable[dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The running Jupyter server on ``port`` (its info: ``url``, ``token``,
    ``root_dir``), from ``jupyter_server``'s own list of running servers, or ``None``."""
    if servers is None:
        from jupyter_server.serverapp import list_running_servers

        servers = list_running_servers()
    for info in servers:
        if info.get("port") == port:
            return dict(info)
    return None


def taken_port_message(port: int, server: dict[str, Any] | None, free: int | None) -> str:
    """What the terminal says when ``port`` is taken, in the language in use: the other
    JupyterLab's folder and the address that opens it (``server``, from
    :func:`running_server`), or a question whether it is one; and the port to use instead."""
    other = free if free is not None else port + 1
    if server is None:
        return text("port taken", port=port, free=other)
    url = str(server.get("url") or f"http://localhost:{port}/")
    token = server.get("token")
    url = f"{url.rstrip('/')}/lab" + (f"?token={token}" if token else "")
    return text("port taken by lab", port=port, folder=server.get("root_dir", "?"), url=url, free=other)


# ----------------------------------------------------------------------------- main


def _say(line: str, who: str = "lab") -> None:
    print(f"{who}: {line}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """The launcher's two commands.

    * ``prepare CHECKOUT [JUPYTER-ARGS…]`` (``scripts/lab.sh``): check the port, make or
      update the learner's copy (``CHECKOUT/my-course``) and JupyterLab's state folders,
      say what was done (``lab: …`` on stderr); print the port, the copy's folder, the
      index of the session's language (``00_index.ipynb``, ``ru/00_index.ipynb``…) and
      the workspaces and user settings folders (:func:`lab_state`) on stdout, one per line.
    * ``copy SOURCE TARGET`` (a class server's start hook, ``classroom/z2jh-config.yaml``):
      :func:`update_copy` alone, what it did said as ``course: …`` on stderr.

    Returns:
        0; 1 when the port is taken or not a number (said on stderr); 2 for a bad call.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 3 and args[0] == "copy":
        source, target = Path(args[1]), Path(args[2])
        for line in update_copy(source, target, kernel_language_info()).messages(str(target)):
            _say(line, "course")
        return 0
    if len(args) < 2 or args[0] != "prepare":
        print(
            "usage: python -m durak_nb.lessons.launch prepare CHECKOUT [JUPYTER-ARGS...]\n"
            "       python -m durak_nb.lessons.launch copy SOURCE TARGET",
            file=sys.stderr,
        )
        return 2
    checkout = Path(args[1]).resolve()
    problem = setting_problem()
    if problem:
        _say(problem)
    written = port_of(args[2:])
    try:
        port = int(written)
        if not 0 < port < 65536:
            raise ValueError(written)
    except ValueError:
        _say(text("bad port", value=written))
        return 1
    if port_taken(port):
        _say(taken_port_message(port, running_server(port), free_port(port)))
        return 1
    copy = checkout / COPY_FOLDER
    changes = update_copy(checkout / "notebooks", copy, kernel_language_info())
    for line in changes.messages(str(copy)):
        _say(line)
    state = lab_state(checkout)
    index = index_of(get_language())
    _say(text("opening", path=str(copy / index)))
    for value in (port, copy, index, state.workspaces, state.settings):
        print(value)
    return 0


if __name__ == "__main__":  # pragma: no cover - run by scripts/lab.sh
    sys.exit(main())
