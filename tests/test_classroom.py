"""The class server's recipe (issue 12 §3, docs/classroom.md): the single-user image
(classroom/Dockerfile) is built from exactly the Binder files, and the Zero to JupyterHub
values (classroom/z2jh-config.yaml) give the limits and the index the page states."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

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
    assert user["defaultUrl"] == "/lab/tree/course/uk/00_index.ipynb"
    assert values["culling"] == {"enabled": True, "timeout": 3600}
    page = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    assert "tljh-config set limits.memory 1G" in page and "tljh-config set limits.cpu 1" in page
