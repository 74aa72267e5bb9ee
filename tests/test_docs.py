"""The copies of the shared specification in docs/spec/ agree with the originals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SHARED = ROOT.parent / "shared" / "spec"


@pytest.mark.parametrize("name", ["RULES.md", "INTERCHANGE.md", "ARCHITECTURE.md"])
def test_spec_copy_matches_shared(name: str) -> None:
    original = SHARED / name
    if not original.exists():
        pytest.skip("the shared folder is not beside this checkout")
    assert (ROOT / "docs" / "spec" / name).read_text(encoding="utf-8") == original.read_text(encoding="utf-8")


def test_rule_ids_in_the_copy_are_R1_to_R27() -> None:
    text = (ROOT / "docs" / "spec" / "RULES.md").read_text(encoding="utf-8")
    ids = sorted({int(m) for m in re.findall(r"^- R(\d+) ", text, flags=re.M)})
    assert ids == list(range(1, 28))
