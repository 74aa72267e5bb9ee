"""Meta-test: the suite cites every rule of RULES.md.

It scans the test sources under ``tests/`` and checks that every rule id R1..R27 (and
the sub-clauses R13a, R13b, R13c) is the subject of at least one test function named
``test_R<id>_...``, so the rule-id suite cannot silently drop a rule.  It also checks
that every option and every preset of RULES.md is exercised by name in the rule tests.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from durak_nb import PRESETS, RULE_TEXTS
from durak_nb.rules import OPTION_NAMES

TESTS = Path(__file__).resolve().parent
RULES_MD = TESTS.parent.parent / "shared" / "spec" / "RULES.md"

#: Every rule id of RULES.md, with the lettered clauses of R13.
RULE_IDS = [f"R{i}" for i in range(1, 28)] + ["R13a", "R13b", "R13c"]

#: The rule-id test files (tests/test_rules_*.py).
RULE_FILES = sorted(TESTS.glob("test_rules_*.py"))


def names_of_tests() -> dict[str, list[str]]:
    """Every ``test_*`` function in the test sources, by file name."""
    out: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        out[path.name] = [
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
        ]
    return out


_CITE = re.compile(r"^test_((R\d+)[a-z]?)_")


def cited_rule_ids() -> dict[str, list[str]]:
    """Rule id -> the test functions whose name starts with ``test_<id>_``; a test of a
    clause (``test_R13b_...``) also cites its rule (R13)."""
    cited: dict[str, list[str]] = {}
    for names in names_of_tests().values():
        for name in names:
            m = _CITE.match(name)
            if m:
                for rid in dict.fromkeys(m.groups()):
                    cited.setdefault(rid, []).append(name)
    return cited


def test_rule_ids_every_rule_R1_to_R27_is_cited_by_a_test_name() -> None:
    cited = cited_rule_ids()
    missing = [rid for rid in RULE_IDS if rid not in cited]
    assert missing == [], f"no test function is named test_<id>_... for {missing}"


def test_rule_ids_cited_ids_exist_in_the_rules() -> None:
    known = set(RULE_IDS)
    unknown = sorted(rid for rid in cited_rule_ids() if rid not in known)
    assert unknown == []


def test_rule_ids_match_the_rule_table() -> None:
    assert sorted(RULE_TEXTS, key=lambda r: int(r[1:])) == [f"R{i}" for i in range(1, 28)]
    if RULES_MD.exists():  # the shared spec lives beside the repo
        text = RULES_MD.read_text(encoding="utf-8")
        assert sorted(set(re.findall(r"^- (R\d+) ", text, re.M)), key=lambda r: int(r[1:])) == [
            f"R{i}" for i in range(1, 28)
        ]


def test_rule_ids_files_are_all_present() -> None:
    assert [p.name for p in RULE_FILES] == [
        "test_rules_bout.py",
        "test_rules_cards.py",
        "test_rules_deal.py",
        "test_rules_end.py",
        "test_rules_teams.py",
        "test_rules_transfer.py",
    ]


def test_rule_ids_every_option_and_preset_is_exercised() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in RULE_FILES)
    options = [name for name in OPTION_NAMES if not re.search(rf"\b{name}\s*=", source)]
    assert options == [], f"options never set in the rule tests: {options}"
    presets = [name for name in PRESETS if f'"{name}"' not in source]
    assert presets == [], f"presets never played in the rule tests: {presets}"
