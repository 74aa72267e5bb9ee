"""Binder and the class server's image (issue 12 §3): ``binder/apt.txt``,
``binder/requirements.txt`` and ``binder/postBuild`` are what repo2docker reads; here they
are checked against pyproject.toml, then used exactly as repo2docker uses them, in a fresh
virtual environment and a copy of the checkout: the requirements installed, postBuild run,
then three lessons (the index, a bout in Ukrainian, lesson 8's pandas tables) executed with
that environment's own kernel.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def pins() -> dict[str, str]:
    """``binder/requirements.txt`` as {canonical name: pinned version}."""
    out = {}
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned: {line}"
            out[canonicalize_name(name.split("[")[0])] = version  # uvicorn[standard]: its extras
    return out


def test_apt_txt_brings_graphviz_dot() -> None:
    assert (BINDER / "apt.txt").read_text(encoding="utf-8").split() == ["graphviz"]


def test_requirements_pin_every_dependency_of_the_kit_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = pins()
    for spec in project["dependencies"]:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is a dependency but not in binder/requirements.txt"
        assert req.specifier.contains(pinned[name], prereleases=True), f"{name}=={pinned[name]} is not {req}"
    assert "voila" in pinned  # the lessons as apps (docs/classroom.md)
    assert "ipykernel" in pinned  # the kernel the lessons run in


def test_post_build_installs_the_kit_and_compiles_its_catalogues() -> None:
    text = (BINDER / "postBuild").read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert os.access(BINDER / "postBuild", os.X_OK)
    assert re.search(r"^python -m pip install --no-deps -e \.$", text, re.M)
    assert "python -m durak_nb.catalogues compile" in text


RUN = """
import sys, nbformat
from nbclient import NotebookClient
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(__import__("pathlib").Path(path).parent)}}).execute()
    bad = [f"{o.ename}: {o.evalue}" for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    print(path, "errors:", bad)
    assert not bad, (path, bad)
print("kernel python:", sys.prefix)
"""


@pytest.mark.skipif(shutil.which("dot") is None, reason="apt.txt's graphviz is not installed here")
def test_a_fresh_environment_from_the_binder_files_runs_the_lessons(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True, timeout=60
    ).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / name.decode()
        target = repo / name.decode()
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            shutil.copy2(source, target)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    # --no-compile: the lessons compile what they import as they run (pip would compile
    # every module of JupyterLab and the rest first: about a third of the install's time)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-compile"]
    subprocess.run([*pip, "-r", str(repo / "binder" / "requirements.txt")], check=True, env=env, timeout=1500)
    subprocess.run(["bash", "binder/postBuild"], cwd=repo, check=True, env=env, timeout=900)
    lessons = ["notebooks/00_index.ipynb", "notebooks/08_analysing_games.ipynb"]
    if (repo / "notebooks" / "uk" / "02_a_bout.ipynb").exists():
        lessons.append("notebooks/uk/02_a_bout.ipynb")
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", RUN, *lessons],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"kernel python: {venv}" in done.stdout
    assert [line for line in done.stdout.splitlines() if line.endswith("errors: []")] == [
        f"{path} errors: []" for path in lessons
    ]
