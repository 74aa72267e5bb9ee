"""The class server's recipe (issue 12 §3, issue 22, docs/classroom.md): the single-user
image (classroom/Dockerfile) is built from exactly the Binder files, and the Zero to
JupyterHub values (classroom/z2jh-config.yaml) give the limits the page states, put the
course where the student's home volume shows it (a copy made by the postStart hook, never
overwriting the student's work) and choose the class's language with one value."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from traitlets.config import Config

from durak_nb.lessons.launch import as_this_kernel, kernel_language_info

ROOT = Path(__file__).resolve().parent.parent
CLASSROOM = ROOT / "classroom"


def test_the_image_uses_exactly_the_binder_files() -> None:
    text = (CLASSROOM / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"^FROM quay\.io/jupyter/minimal-notebook:python-3\.11$", text, re.M)
    assert "COPY binder/apt.txt /tmp/apt.txt" in text
    assert "xargs -a /tmp/apt.txt apt-get install" in text
    assert "python -m pip install --no-cache-dir -r binder/requirements.txt" in text
    assert "bash binder/postBuild" in text
    for path in re.findall(r"\b(binder/[A-Za-z.]+)", text):
        assert (ROOT / path).exists(), path


def test_the_hub_values_give_the_limits_the_page_states() -> None:
    values = yaml.safe_load((CLASSROOM / "z2jh-config.yaml").read_text(encoding="utf-8"))
    user = values["singleuser"]
    assert user["memory"] == {"guarantee": "512M", "limit": "1G"}
    assert user["cpu"] == {"guarantee": 0.1, "limit": 1}
    assert user["extraEnv"] == {"DURAK_NB_LANG": "uk"}
    assert values["culling"] == {"enabled": True, "timeout": 3600}
    page = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    assert "tljh-config set limits.memory 1G" in page and "tljh-config set limits.cpu 1" in page


# ----------------------------------------------------------------------------- the course in the home


def values() -> dict:
    return yaml.safe_load((CLASSROOM / "z2jh-config.yaml").read_text(encoding="utf-8"))


def hook() -> str:
    command = values()["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert command[:2] == ["sh", "-c"] and len(command) == 3
    return command[2]


OVERRIDES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


@pytest.fixture
def overrides_kept() -> Iterator[None]:
    """The hook writes the environment's overrides.json (JupyterLab's menus); put it back."""
    before = OVERRIDES.read_bytes() if OVERRIDES.exists() else None
    yield
    if before is None:
        OVERRIDES.unlink(missing_ok=True)
    else:
        OVERRIDES.write_bytes(before)


def test_the_course_is_copied_into_the_home_the_volume_mounts() -> None:
    """The student's volume is mounted on the home folder; the image keeps the course
    outside it (/opt/durak-nb, where the volume cannot hide it) and the start hook copies
    it from there into the home."""
    user = values()["singleuser"]
    home = user["storage"]["homeMountPath"]
    assert home == "/home/jovyan"
    docker = (CLASSROOM / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY --chown=${NB_UID}:${NB_GID} . /opt/durak-nb" in docker
    assert not re.search(r"^(RUN|COPY)\b.*(/home/|~/)", docker, re.M)  # nothing the volume would hide
    assert hook().split() == [
        "python",
        "-m",
        "durak_nb.lessons.launch",
        "copy",
        "/opt/durak-nb/notebooks",
        f"{home}/course",
        "2>>",
        f"{home}/course-updates.txt;",
        "python",
        "/opt/durak-nb/scripts/lab_settings.py",
        "--lab-locale",
    ]
    assert "defaultUrl" not in user  # the image opens the class's edition (one value decides)


def as_copied(path: Path) -> bytes:
    """A lesson as the start hook copies it: with this kernel's language_info (launch.as_this_kernel)."""
    return as_this_kernel(path.name, path.read_bytes(), kernel_language_info())


def test_the_start_hook_copies_the_course_and_never_overwrites_a_students_work(
    tmp_path: Path, overrides_kept: None
) -> None:
    """The hook's own command, run here with this checkout for /opt/durak-nb and a fresh
    folder for the student's home: the first start copies the course, a later start with
    a corrected lesson keeps the student's edit and puts the new version beside it."""
    home = tmp_path / "home"
    home.mkdir()
    kit = tmp_path / "image"
    (kit / "scripts").mkdir(parents=True)
    (kit / "scripts" / "lab_settings.py").write_bytes((ROOT / "scripts" / "lab_settings.py").read_bytes())
    subprocess.run(["cp", "-r", str(ROOT / "notebooks"), str(kit / "notebooks")], check=True)
    command = (
        hook()
        .replace("/opt/durak-nb", str(kit))
        .replace("/home/jovyan", str(home))
        .replace("python ", f"{sys.executable} ")
    )
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["DURAK_NB_LANG"] = "uk"

    def start() -> None:
        subprocess.run(["sh", "-c", command], env=env, cwd=home, check=True, timeout=120)

    start()
    course = home / "course"
    assert (course / "uk" / "02_a_bout.ipynb").read_bytes() == as_copied(ROOT / "notebooks/uk/02_a_bout.ipynb")
    assert (home / "course-updates.txt").read_text(encoding="utf-8") == (
        f"course: ваша власна копія курсу — у {course}: запускайте, змінюйте й зберігайте уроки там; "
        "уроки в notebooks/ лишаються незмінними.\n"
    )
    assert json.loads(OVERRIDES.read_text())["@jupyterlab/translation-extension:plugin"]["locale"] == "uk_UA"
    mine = course / "uk" / "02_a_bout.ipynb"
    mine.write_text(mine.read_text(encoding="utf-8").replace("Урок 2", "Мій урок 2"), encoding="utf-8")
    theirs = mine.read_bytes()
    lesson = kit / "notebooks" / "uk" / "02_a_bout.ipynb"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("Урок 2", "Урок 2 (виправлено)"), encoding="utf-8")
    start()  # the image updated: a new start
    assert mine.read_bytes() == theirs
    assert (course / "uk" / "02_a_bout.new.ipynb").read_bytes() == as_copied(lesson)
    assert (home / "course-updates.txt").read_text(encoding="utf-8").splitlines()[1] == (
        "course: ви змінили uk/02_a_bout.ipynb, тож ваша копія лишається як є; нова версія уроку лежить поруч: "
        "uk/02_a_bout.new.ipynb."
    )


@pytest.mark.parametrize(
    ("lang", "url"),
    [
        ("en", "/lab/tree/course/00_index.ipynb"),
        ("ru", "/lab/tree/course/ru/00_index.ipynb"),
        ("uk", "/lab/tree/course/uk/00_index.ipynb"),
    ],
)
def test_one_value_chooses_the_classs_language(lang: str, url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """DURAK_NB_LANG of the values decides the edition the image's JupyterLab opens
    (classroom/jupyter_server_config.py), and the page says how to set it for each."""
    monkeypatch.setenv("DURAK_NB_LANG", lang)
    config = Config()
    source = (CLASSROOM / "jupyter_server_config.py").read_text(encoding="utf-8")
    exec(compile(source, "jupyter_server_config.py", "exec"), {"get_config": lambda: config})
    assert config.ServerApp.default_url == url
    docker = (CLASSROOM / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY classroom/jupyter_server_config.py /usr/local/etc/jupyter/jupyter_server_config.py" in docker
    page = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    assert f"DURAK_NB_LANG: {lang}" in page
