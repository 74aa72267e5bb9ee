"""Make durak_nb/views/static/court-faces.json: the court cards (J, Q, K of each suit) the
card pictures draw, from the npm package ``@letele/playing-cards`` (CC0-1.0).

That package holds Adrian Kennard's playing-card designs (https://www.me.uk/cards/),
converted to React components (one ``React.createElement`` tree per card in
``dist/index.esm.js``).  This script fetches the pinned tarball with ``npm pack``,
checks its integrity hash against the registry's, checks that the licence file is
CC0 1.0, renders the twelve court cards' trees to SVG text with ``node`` (a stand-in
for ``React.createElement`` that writes markup; no React, nothing else installed) and
writes, per card code (``JS``, ``QH`` …), the card's markup for a 100 × 140 box: one
``<g>`` scaled from the package's 240 × 336 box, its ids prefixed ``dnb-<code>-`` so
that several cards sit in one page.  It also writes ``court-faces-NOTICE.txt`` and
prints the sha256 that ``durak_nb.views.cards_svg.COURT_FACES_SHA256`` records.

Run ``python scripts/vendor_card_faces.py`` (needs ``npm`` and ``node``; the npm
registry only).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@letele/playing-cards"
VERSION = "0.1.0"
INTEGRITY = "sha512-56Ga/sznspARugv/PS4X4HdFuq1at8dSkmI3veU2pV2PJ4mKviqImqOGkBgoSQE5rA+IgbKyBBhhJ6IjZLOXWg=="
OUT = Path(__file__).resolve().parent.parent / "durak_nb" / "views" / "static"
COURTS = [r + s for s in "SHDC" for r in "JQK"]

#: renders each court component to markup: React.createElement writes the element
RENDER_JS = r"""
const fs = require('fs');
const src = fs.readFileSync(process.argv[2], 'utf8')
  .replace(/^import .*$/mg, '')
  .replace(/^export \{[^}]*\};?/m, '');
const keep = new Set(['viewBox', 'preserveAspectRatio', 'patternUnits', 'gradientUnits',
  'gradientTransform', 'patternTransform', 'clipPathUnits']);
const attr = k => k === 'className' ? 'class' : k === 'xlinkHref' ? 'href' :
  keep.has(k) ? k : k.replace(/[A-Z]/g, m => '-' + m.toLowerCase());
const esc = v => String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const React = {createElement(tag, props, ...children) {
  let a = '';
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || ['aria-labelledby', 'title', 'titleId', 'xmlnsXlink', 'xmlns'].includes(k)) continue;
    a += ` ${attr(k)}="${esc(v)}"`;
  }
  return `<${tag}${a}>${children.flat().filter(c => c != null && c !== false).join('')}</${tag}>`;
}};
const names = JSON.parse(process.argv[3]);
const f = new Function('React', '_extends', src + '\nreturn {' + names.map(n => 'Svg' + n).join(',') + '};');
const comps = f(React, Object.assign);
const out = {};
for (const n of names) out[n] = comps['Svg' + n]({});
process.stdout.write(JSON.stringify(out));
"""

NOTICE = f"""{PACKAGE} {VERSION}: the court cards (J, Q, K) in court-faces.json,
made by scripts/vendor_card_faces.py from the package's dist/index.esm.js.

The designs are Adrian Kennard's playing cards (https://www.me.uk/cards/), published
as {PACKAGE} by Letele Motebang under CC0 1.0 Universal (public domain dedication):
https://creativecommons.org/publicdomain/zero/1.0/ — the package's LICENSE follows.

"""


def fetch(folder: Path) -> Path:
    """``npm pack`` the pinned version into ``folder`` and check its integrity.

    Raises:
        SystemExit: npm fails or the tarball is not the pinned one.
    """
    run = subprocess.run(
        ["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"npm pack failed: {run.stderr.strip()}")
    tgz = folder / run.stdout.strip().splitlines()[-1]
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != INTEGRITY:
        raise SystemExit(f"{tgz.name}: integrity {digest} is not the pinned {INTEGRITY}")
    return tgz


def face(code: str, svg: str) -> str:
    """One rendered card (``<svg viewBox="-120 -168 240 336">…``) as a ``<g>`` for the
    100 × 140 box, ids prefixed.

    Raises:
        SystemExit: the markup is not the expected shape.
    """
    m = re.fullmatch(r'<svg [^>]*viewBox="-120 -168 240 336"[^>]*>(.*)</svg>', svg, re.S)
    if m is None:
        raise SystemExit(f"{code}: not a 240 x 336 card")
    inner = m.group(1)
    inner = re.sub(r'id="([^"]+)"', lambda i: f'id="dnb-{code}-{i.group(1)}"', inner)
    inner = re.sub(r'href="#([^"]+)"', lambda i: f'href="#dnb-{code}-{i.group(1)}"', inner)
    inner = re.sub(r"url\(#([^)]+)\)", lambda i: f"url(#dnb-{code}-{i.group(1)})", inner)
    if re.search(r"<script|on\w+=|javascript:|</?(foreignObject|image)", inner, re.I):
        raise SystemExit(f"{code}: unexpected markup")
    return f'<g transform="translate(50 70) scale({100 / 240:.6f})">{inner}</g>'


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tgz = fetch(folder)
        with tarfile.open(tgz) as tar:
            tar.extract("package/dist/index.esm.js", folder, filter="data")
            licence_file = tar.extractfile("package/LICENSE")
            assert licence_file is not None
            licence = licence_file.read().decode("utf-8")
        if "CC0 1.0 Universal" not in licence:
            raise SystemExit("the package's LICENSE is not CC0 1.0 Universal")
        (folder / "render.js").write_text(RENDER_JS, encoding="utf-8")
        names = [c[1] + c[0] for c in COURTS]  # the package names a card suit first: SJ, HQ …
        run = subprocess.run(
            ["node", str(folder / "render.js"), str(folder / "package/dist/index.esm.js"), json.dumps(names)],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            raise SystemExit(f"node failed: {run.stderr.strip()}")
        rendered = json.loads(run.stdout)
    faces = {code: face(code, rendered[code[1] + code[0]]) for code in COURTS}
    data = (json.dumps(faces, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
    (OUT / "court-faces.json").write_bytes(data)
    (OUT / "court-faces-NOTICE.txt").write_text(NOTICE + licence, encoding="utf-8")
    print(f"court-faces.json: {len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
