"""The course in three editions (issue 11): ``notebooks/`` (English), ``notebooks/ru/``
(Russian) and ``notebooks/uk/`` (Ukrainian).

Each edition has every lesson; a lesson's cells are the English lesson's cells, the same
kinds in the same order with the same metadata, its code the same calls (string literals
aside: names and titles are the edition's), with ``set_language`` of its language first;
its ``✔`` lines are the lesson's claims in that language, in order, and every claim holds
against the engine in that language (:meth:`durak_nb.lessons.Claim.check`).  One lesson of
each edition runs top to bottom here, in its edition's folder; the index of each edition
links to the other two.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import NOTEBOOKS
from nbclient import NotebookClient
from test_notebooks import errors

from durak_nb.i18n import language
from durak_nb.lessons import CLAIMS, LESSONS, claims_of

EDITIONS = ("ru", "uk")
ENGLISH = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


class _Mask(ast.NodeTransformer):
    """Every string literal replaced by one mark (an edition's names and titles differ)."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("<text>") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("<text>")


def masked(code: str) -> str:
    return ast.dump(_Mask().visit(ast.parse(code)))


def check_lines(path: Path) -> list[str]:
    return [
        line.strip()[2:].strip()
        for cell in cells(path)
        if cell["cell_type"] == "markdown"
        for line in source(cell).splitlines()
        if line.strip().startswith("✔")
    ]


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_lesson_has_its_edition(lang: str) -> None:
    assert sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb")) == ENGLISH


@pytest.mark.parametrize("name", ENGLISH)
@pytest.mark.parametrize("lang", EDITIONS)
def test_an_edition_has_the_english_cells_and_calls(lang: str, name: str) -> None:
    english, edition = cells(NOTEBOOKS / name), cells(NOTEBOOKS / lang / name)
    assert [c["cell_type"] for c in edition] == [c["cell_type"] for c in english]
    for i, (en, ed) in enumerate(zip(english, edition, strict=True)):
        assert ed.get("metadata", {}) == en.get("metadata", {}), f"cell {i}: metadata"
        if en["cell_type"] != "code":
            continue
        assert ed.get("outputs") == [], f"cell {i}: outputs saved"
        assert masked(source(ed)) == masked(source(en)), f"cell {i}: not the English calls"
    first = next(source(c) for c in edition if c["cell_type"] == "code")
    assert f'set_language("{lang}")' in first


def literals(code: str) -> list[str]:
    return [n.value for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_names_an_edition_passes_are_its_players(lang: str) -> None:
    """Where the English code passes a player's name, the edition passes that player's name
    as the edition writes it (a misspelt name would be refused only when the cell runs)."""
    from durak_nb.lessons.edition import NAMES, person_name

    with language(lang):
        ours = {person_name(n): n for n in NAMES}
    for name in ENGLISH:
        english, edition = cells(NOTEBOOKS / name), cells(NOTEBOOKS / lang / name)
        for en, ed in zip(english, edition, strict=True):
            if en["cell_type"] != "code":
                continue
            for a, b in zip(literals(source(en)), literals(source(ed)), strict=True):
                if a in NAMES:
                    assert ours.get(b) == a, f"{lang}/{name}: {b!r} for {a!r}"


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_checks_of_each_lesson_are_its_claims_in_that_language(lang: str) -> None:
    """Each ✔ line of an edition is the claim the English lesson states at that place, in
    the edition's language (the English ✔ lines are the lesson's claims: tests/test_lessons.py)."""
    claim_of = {c.text: c for c in CLAIMS.values()}
    with language(lang):
        for lesson in LESSONS:
            english = check_lines(NOTEBOOKS / lesson.notebook)
            assert sorted(english) == sorted(c.text for c in claims_of(lesson.number)), lesson.notebook
            got = check_lines(NOTEBOOKS / lang / lesson.notebook)
            assert got == [claim_of[text].sentence() for text in english], lesson.notebook


@pytest.mark.parametrize("lang", ["en", *EDITIONS])
def test_every_claim_holds_against_the_engine_in_each_language(lang: str) -> None:
    with language(lang):
        wrong = [key for key, claim in CLAIMS.items() if not claim.check()]
    assert wrong == []


@pytest.mark.parametrize("lang", EDITIONS)
def test_a_claim_quoting_a_refusal_quotes_the_engine_in_that_language(lang: str) -> None:
    """The sentence of a claim whose English quotes the engine's words word for word quotes
    the engine's words in the edition's language (R13b in lesson 3: the refusal as the
    engine gives it in Russian or Ukrainian)."""
    claim = CLAIMS["third_card_refused"]
    with language(lang):
        refusal = claim.answer()
        assert isinstance(refusal, str) and refusal.startswith("[R13b] ")
        assert refusal in claim.sentence()
        assert refusal != claim.expected  # the engine speaks the language


@pytest.mark.parametrize("lang", EDITIONS)
def test_each_index_offers_the_three_editions(lang: str) -> None:
    text = "\n".join(source(c) for c in cells(NOTEBOOKS / lang / "00_index.ipynb") if c["cell_type"] == "markdown")
    assert "../00_index.ipynb" in text
    other = next(o for o in EDITIONS if o != lang)
    assert f"../{other}/00_index.ipynb" in text
    english = "\n".join(source(c) for c in cells(NOTEBOOKS / "00_index.ipynb") if c["cell_type"] == "markdown")
    assert "ru/00_index.ipynb" in english and "uk/00_index.ipynb" in english


@pytest.mark.parametrize(("folder", "lang"), [("", "en"), ("ru", "ru"), ("uk", "uk")])
def test_the_index_heading_counts_the_lessons_its_table_lists(folder: str, lang: str) -> None:
    """The index's heading said «nine lessons» above eleven rows (the replay tour, lessons
    1–9 and the bots): its count is the course list's (:data:`durak_nb.lessons.course.COURSE`),
    the rows are that list, and the noun agrees with the number (pymorphy3's analysis in
    Russian and Ukrainian, the plural in English)."""
    from grammarkit import problems

    from durak_nb.lessons.course import COURSE
    from durak_nb.site.landing import read_edition

    edition = read_edition(NOTEBOOKS, folder, lang)
    assert [Path(row.path).name for row in edition.lessons] == list(COURSE)
    counts = re.findall(r"\b(\d+)\s+(\w+)", edition.heading)
    assert [int(n) for n, _noun in counts] == [len(COURSE)], edition.heading
    if lang == "en":
        assert counts[0][1] == ("lesson" if len(COURSE) == 1 else "lessons")
    else:
        assert problems(edition.heading, lang) == []


@pytest.mark.parametrize("lang", EDITIONS)
def test_an_edition_links_only_to_lessons_that_exist(lang: str) -> None:
    for name in ENGLISH:
        text = "\n".join(source(c) for c in cells(NOTEBOOKS / lang / name) if c["cell_type"] == "markdown")
        for target in re.findall(r"\]\(([^)#\s]+\.ipynb)", text):
            assert (NOTEBOOKS / lang / target).resolve().exists(), f"{lang}/{name}: {target}"


@pytest.mark.parametrize(("lang", "name"), [("ru", "03_limits.ipynb"), ("uk", "05_perevodnoy.ipynb")])
def test_a_lesson_runs_top_to_bottom_in_its_language(lang: str, name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / lang / name, as_version=4)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(NOTEBOOKS / lang)}},
    ).execute()
    assert errors(nb) == []
    shown = "\n".join(
        str(o.get("data", {}).get("text/html", "")) + str(o.get("data", {}).get("text/plain", "")) + o.get("text", "")
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
    )
    assert "Anna" not in shown and "Boris" not in shown  # the edition's names, not the files'
    assert ("Анна" in shown) and ("Борис" in shown)
