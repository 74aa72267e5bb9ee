"""Make durak_nb/views/static/html-manager-embed.js: the widget manager an exported page inlines.

An exported replay (``durak-nb export``) must play with no kernel and no network.
``ipywidgets.embed`` loads the widget manager (``@jupyter-widgets/html-manager``'s
``dist/embed.js``) from a CDN, and no Python package installed here ships that bundle
(``jupyterlab_widgets`` ships a JupyterLab extension, ``widgetsnbextension`` a classic
notebook extension; neither runs on a bare page).  So the bundle is kept in the
repository, made by this script from the npm package, pinned by version and checked
against the registry's sha512 integrity, with two changes so that it runs inlined in
a ``<script>`` element with no network:

1. webpack's automatic public path throws when no ``<script src>`` is on the page; it
   is set to ``./`` instead (nothing is loaded from it after change 2);
2. the Font Awesome fonts (the Play widget's ▶ ❚❚ ■ icons) become ``data:`` URIs:
   the ``woff2`` files inline, the other formats (never chosen by a browser that reads
   woff2) empty.

Run ``python scripts/vendor_html_manager.py`` (needs ``npm``; the npm registry only).
It writes the bundle and ``html-manager-NOTICE.txt`` (the licences) and prints the
sha256 of the bundle, which ``durak_nb.views.export.BUNDLE_SHA256`` records.
"""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@jupyter-widgets/html-manager"
VERSION = "1.0.15"
INTEGRITY = "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA=="
OUT = Path(__file__).resolve().parent.parent / "durak_nb" / "views" / "static"
PUBLIC_PATH_THROW = 'if(!e)throw new Error("Automatic publicPath is not supported in this browser");'
ASSET = re.compile(r'e\.exports=n\.p\+"([0-9a-f]{20})\.(woff2|woff|ttf|eot|svg)"')

BSD3 = """\
BSD 3-Clause License (ipywidgets, @jupyter-widgets/html-manager)

Copyright (c) 2015 Project Jupyter Contributors
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.

3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""

FONT_AWESOME = """\
Font Awesome Free 5 (bundled by @jupyter-widgets/html-manager): icons CC BY 4.0,
fonts SIL OFL 1.1, code MIT (https://fontawesome.com/license/free).
"""


def fetch(folder: Path) -> Path:
    """``npm pack`` the pinned version into ``folder`` and check its integrity.

    Raises:
        SystemExit: npm failed or the tarball's sha512 differs from :data:`INTEGRITY`.
    """
    run = subprocess.run(
        ["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent"], cwd=folder, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        raise SystemExit(f"npm pack failed: {run.stderr.strip()}")
    tgz = folder / run.stdout.strip().splitlines()[-1]
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != INTEGRITY:
        raise SystemExit(f"{tgz.name}: integrity {digest} is not the pinned {INTEGRITY}")
    return tgz


def patch(js: str, assets: dict[str, bytes]) -> str:
    """The two changes described in the module's text.

    Raises:
        SystemExit: the bundle does not look as expected (another version?).
    """
    if js.count(PUBLIC_PATH_THROW) != 1:
        raise SystemExit("the public-path check was not found exactly once")
    js = js.replace(PUBLIC_PATH_THROW, 'if(!e)e="./";')

    def data_uri(m: re.Match[str]) -> str:
        name = f"{m.group(1)}.{m.group(2)}"
        if m.group(2) == "woff2":
            return 'e.exports="data:font/woff2;base64,' + base64.b64encode(assets[name]).decode() + '"'
        return 'e.exports="data:,"'

    js, count = ASSET.subn(data_uri, js)
    if count == 0 or ASSET.search(js) or "n.p+" in js:
        raise SystemExit(f"the font assets were not all inlined ({count} replaced)")
    if re.search(r"</script|<!--", js, re.IGNORECASE):
        raise SystemExit("the bundle holds '</script' or '<!--': it cannot be inlined as it is")
    return js


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tgz = fetch(Path(tmp))
        with tarfile.open(tgz) as tar:
            members = {m.name: m for m in tar.getmembers()}

            def read(name: str) -> bytes:
                f = tar.extractfile(members[name])
                assert f is not None
                return f.read()

            js = read("package/dist/embed.js").decode("utf-8")
            assets = {n.rsplit("/", 1)[1]: read(n) for n in members if n.startswith("package/dist/") and "." in n}
            third_party = read("package/dist/embed.js.LICENSE.txt").decode("utf-8")
    out = patch(js, assets)
    bundle = OUT / "html-manager-embed.js"
    header = (
        f"/* {PACKAGE} {VERSION} dist/embed.js, made by scripts/vendor_html_manager.py; "
        "licences: html-manager-NOTICE.txt */\n"
    )
    bundle.write_text(header + out, encoding="utf-8")
    (OUT / "html-manager-NOTICE.txt").write_text(
        f"{PACKAGE} {VERSION} (dist/embed.js), as html-manager-embed.js\n\n"
        + BSD3
        + "\n"
        + FONT_AWESOME
        + "\nThird-party notices of the bundle (dist/embed.js.LICENSE.txt):\n\n"
        + third_party,
        encoding="utf-8",
    )
    print(f"{bundle}: {bundle.stat().st_size} bytes, sha256 {hashlib.sha256(bundle.read_bytes()).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
