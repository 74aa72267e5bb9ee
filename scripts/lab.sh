#!/usr/bin/env bash
# Set up (first run only) and open JupyterLab on the lesson index of the user's language:
# notebooks/00_index.ipynb (English), notebooks/ru/00_index.ipynb (Russian) or
# notebooks/uk/00_index.ipynb (Ukrainian), chosen by DURAK_NB_LANG, else the locale (LANG …).
# Extra arguments go to `jupyter lab` (e.g. --no-browser --port 8890).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
# JupyterLab's own menus speak the user's language too (the language packs are installed
# with the kit; "default" is English); the lessons' words come from durak_nb itself.
# Save the widgets' state with the notebook (JupyterLab's "Save Widget State Automatically"),
# so that a lesson saved after running and opened again shows its replayers and widgets as
# they were, not "Error displaying widget: model not found": the setting goes into the
# environment's overrides.json (merged with what is there).
python - <<'PY'
import json, pathlib, sys
path = pathlib.Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
path.parent.mkdir(parents=True, exist_ok=True)
data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
data.setdefault("@jupyter-widgets/jupyterlab-manager:plugin", {})["saveState"] = True
try:
    from durak_nb.i18n import default_language

    lab_locale = {"ru": "ru_RU", "uk": "uk_UA"}.get(default_language(), "default")
except ValueError:  # a bad DURAK_NB_LANG: said below, where the index is chosen
    lab_locale = "default"
data.setdefault("@jupyterlab/translation-extension:plugin", {})["locale"] = lab_locale
path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
PY
# the index of the user's language (durak_nb.i18n decides, as for every word the kit writes)
lang="$(python - <<'PY'
import sys
from durak_nb.i18n import default_language
try:
    print(default_language())
except ValueError as error:  # DURAK_NB_LANG names a language the kit does not speak
    sys.exit(f"lab: {error}")
PY
)"
index=00_index.ipynb
[ "$lang" != en ] && index="$lang/00_index.ipynb"
echo "lab: opening the course in $lang: notebooks/$index"
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
exec jupyter lab --notebook-dir=notebooks --LabApp.default_url="/lab/tree/$index" "${extra[@]}" "$@"
