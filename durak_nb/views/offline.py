"""Pages ``jupyter nbconvert --to html`` writes show their widgets with no network (issue 12).

By itself nbconvert links require.js and the widget renderer
(``@jupyter-widgets/html-manager``) from CDNs, so an executed lesson converted to HTML and
opened offline shows "Loading widgets…" where its replayers should be.  The kit carries
both scripts (``views/static/widgets/``, see its NOTICE.txt: html-manager 1.0.15,
requirejs 2.3.8, with their checksums), and :func:`configure` points nbconvert's
``HTMLExporter`` at them as ``data:`` addresses written into the page itself, so the page
is one file that works anywhere; MathJax (the lessons have no formulas) is pointed at an
empty script, and the code of cells tagged ``hide-input`` (every lesson's) is left out:
a learner reads no code.

:func:`install` writes an nbconvert configuration file calling :func:`configure` into an
environment (``scripts/setup.sh`` and ``binder/postBuild`` do it for the kit's), after which
plain ``jupyter nbconvert --to html --execute notebooks/02_a_bout.ipynb`` writes such a page.
Run it as ``python -m durak_nb.views.offline install [PREFIX]``.

The same command installs the kit's style for the front-ends (issue 22): JupyterLab 4,
Notebook 7 and JupyterLite show a cell whose code is hidden (``jupyter.source_hidden``) as
a placeholder with the code's first line (``from durak_nb import set_language •••``); the
prebuilt federated extension ``durak-nb-lesson-style`` (``views/static/labextension/``, a
style sheet and the container that loads it, no build step) takes that placeholder away.
:func:`install` copies it into ``PREFIX/share/jupyter/labextensions``, where JupyterLab,
Notebook 7 and ``jupyter lite build`` find it; the site build (``durak_nb.site.build``)
also puts it into the site itself.

>>> script_uri("require.js")[:29]
'data:text/javascript;base64,L'
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import sys
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import _

__all__ = [
    "CONFIG_NAME",
    "LABEXTENSION",
    "LABEXTENSION_NAME",
    "SCRIPTS",
    "configure",
    "install",
    "install_labextension",
    "main",
    "script_uri",
]

FOLDER = Path(__file__).resolve().parent / "static" / "widgets"
#: The kit's prebuilt front-end extension (a style sheet): ``package.json`` and ``static/``.
LABEXTENSION = Path(__file__).resolve().parent / "static" / "labextension"
#: Its name (the folder it gets in ``PREFIX/share/jupyter/labextensions``).
LABEXTENSION_NAME = "durak-nb-lesson-style"
#: The scripts carried, with their sha256 (checked when read: a damaged copy is refused).
SCRIPTS: dict[str, str] = {
    "require.js": "c1fc6b1d53af7522f78d664922abb32acac64ed0ecccb8f907f1e6fc7262563a",
    "html-manager-embed-amd.js": "ca87dff57c70ffb2658794fde0eab0e27e5f5472a1f5df7ab2b08e1039fc4b72",
}
#: The file :func:`install` writes, in ``PREFIX/etc/jupyter``, read by every nbconvert run there.
CONFIG_NAME = "jupyter_nbconvert_config.py"
#: The first line of that file: :func:`install` replaces only a file that begins so.
MARK = "# durak-nb: pages nbconvert writes show their widgets offline (durak_nb.views.offline)"


@cache
def script_uri(name: str) -> str:
    """The script ``name`` of :data:`SCRIPTS` as a ``data:`` address.

    Raises:
        KeyError: not one of :data:`SCRIPTS`.
        OSError: the file is missing or damaged (its sha256 differs).
    """
    want = SCRIPTS[name]
    data = (FOLDER / name).read_bytes()
    got = hashlib.sha256(data).hexdigest()
    if got != want:
        raise OSError(
            _("{path}: sha256 {got}, not {want}: the kit's copy is damaged; reinstall it").format(
                path=FOLDER / name, got=got, want=want
            )
        )
    return "data:text/javascript;base64," + base64.b64encode(data).decode("ascii")


def configure(c: Any) -> None:
    """Set nbconvert's configuration ``c`` (a traitlets ``Config``, as in a
    ``jupyter_nbconvert_config.py``) so that HTML pages carry their widget renderer and
    require.js, ask nothing of the network, and leave out the code of ``hide-input`` cells.

    Raises:
        OSError: as :func:`script_uri`.
    """
    c.HTMLExporter.require_js_url = script_uri("require.js")
    c.HTMLExporter.widget_renderer_url = script_uri("html-manager-embed-amd.js")
    c.HTMLExporter.mathjax_url = "data:text/javascript,"
    c.TagRemovePreprocessor.enabled = True
    c.TagRemovePreprocessor.remove_input_tags = {"hide-input"}


def install_labextension(prefix: str | Path = sys.prefix) -> Path:
    """Copy the kit's front-end extension :data:`LABEXTENSION` to
    ``PREFIX/share/jupyter/labextensions/durak-nb-lesson-style`` (replacing an older copy;
    the new one is written beside it and moved in place); returns that folder.

    Raises:
        OSError: the folder cannot be written.
    """
    dest = Path(prefix) / "share" / "jupyter" / "labextensions" / LABEXTENSION_NAME
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    shutil.copytree(LABEXTENSION, tmp, ignore=shutil.ignore_patterns("__pycache__"))
    if dest.exists():
        shutil.rmtree(dest)
    tmp.replace(dest)
    return dest


def install(prefix: str | Path = sys.prefix) -> Path:
    """Write ``PREFIX/etc/jupyter/jupyter_nbconvert_config.py`` calling :func:`configure`
    (atomically) and install the front-end extension (:func:`install_labextension`);
    returns the configuration file's path.

    Raises:
        FileExistsError: a file of that name is there and is not this kit's (it is left
            as it is; add ``from durak_nb.views.offline import configure; configure(c)`` to it).
        OSError: the folder cannot be written.
    """
    path = Path(prefix) / "etc" / "jupyter" / CONFIG_NAME
    if path.exists() and not path.read_text(encoding="utf-8").startswith(MARK):
        raise FileExistsError(
            _(
                "{path} exists and is not durak-nb's: add `from durak_nb.views.offline import configure; "
                "configure(c)` to it yourself"
            ).format(path=path)
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".py.tmp")
    tmp.write_text(f"{MARK}\nfrom durak_nb.views.offline import configure\n\nconfigure(c)  # noqa: F821\n")
    tmp.replace(path)
    install_labextension(prefix)
    return path


def main(argv: list[str] | None = None) -> int:
    """``python -m durak_nb.views.offline install [PREFIX]``; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "install" or len(args) > 2:
        print(_("usage: python -m durak_nb.views.offline install [PREFIX]"), file=sys.stderr)
        return 2
    try:
        print(install(args[1] if len(args) == 2 else sys.prefix))
    except OSError as error:
        print(f"durak_nb.views.offline: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
