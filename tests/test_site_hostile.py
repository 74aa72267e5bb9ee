"""The site built from a hostile course (issue 23: "the site built from hostile
recordings not tried"): the course's notebooks are read by ``durak_nb.site.landing``
(the landing page) and ``durak_nb.site.build``; a broken or hostile one is refused with
the file named, never a traceback, and nothing it says becomes markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from durak_nb.site.landing import landing_page, read_edition, read_lesson
from durak_nb.site.pins import SiteError


def notebook(*markdown: str) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": text} for text in markdown]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "{not json",
            "00_index.ipynb:1:2: the lesson is not a notebook"
            " (JSON: Expecting property name enclosed in double quotes)",
        ),
        ("[" * 100_000 + "]" * 100_000, "00_index.ipynb: the lesson is not a notebook (JSON: nested too deeply)"),
        ("[1, 2]", "00_index.ipynb: the lesson is not a notebook (no list of cells)"),
        (json.dumps({"cells": 5}), "00_index.ipynb: the lesson is not a notebook (no list of cells)"),
        (json.dumps({"cells": [5]}), "00_index.ipynb: cell 1 is not a notebook cell (an object whose source is text)"),
        (
            json.dumps({"cells": [{"cell_type": "markdown", "source": 5}]}),
            "00_index.ipynb: cell 1 is not a notebook cell (an object whose source is text)",
        ),
    ],
)
def test_a_broken_index_is_refused_naming_the_file(tmp_path: Path, text: str, words: str) -> None:
    """Each of these was a traceback from the landing page (JSONDecodeError,
    RecursionError, AttributeError, TypeError: the index was read with json.loads alone)."""
    (tmp_path / "00_index.ipynb").write_text(text, encoding="utf-8")
    with pytest.raises(SiteError) as refused:
        read_edition(tmp_path, "", "en")
    assert str(refused.value) == f"{tmp_path}/{words}"


def test_a_lesson_link_out_of_the_edition_is_refused(tmp_path: Path) -> None:
    """A row linking a notebook outside the edition's folder (``../``) was taken: the
    landing page linked a file the site does not hold."""
    files = tmp_path / "files"
    files.mkdir()
    (tmp_path / "outside.ipynb").write_text(notebook("# x"), encoding="utf-8")
    (files / "00_index.ipynb").write_text(notebook("# Course\n\n| 1 | [Out](../outside.ipynb) | a | 5 min |\n"))
    with pytest.raises(SiteError) as refused:
        read_edition(files, "", "en")
    assert (
        str(refused.value)
        == f"{files}/00_index.ipynb, markdown line 3: the lesson ../outside.ipynb is not in the edition"
    )


def test_markup_in_the_course_stays_text_on_the_landing_page(tmp_path: Path) -> None:
    """Headings, titles and columns of the index are escaped on the landing page."""
    (tmp_path / "l1.ipynb").write_text(notebook("# One"), encoding="utf-8")
    hostile = '<img src=x onerror="alert(1)">'
    index = notebook(f"# Course {hostile}\n\n| 1 | [T {hostile}](l1.ipynb) | <script>alert(2)</script> | 5 min |\n")
    (tmp_path / "00_index.ipynb").write_text(index, encoding="utf-8")
    page = landing_page([read_edition(tmp_path, "", "en")])
    assert "<img" not in page and "<script>alert" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in page


def test_read_lesson_takes_a_good_notebook(tmp_path: Path) -> None:
    path = tmp_path / "a.ipynb"
    path.write_text(notebook("# A", "text"), encoding="utf-8")
    assert [c["source"] for c in read_lesson(path)["cells"]] == ["# A", "text"]
