#!/usr/bin/env bash
# Set up (first run only) and open JupyterLab on the lesson index of the user's language:
# notebooks/00_index.ipynb (English), notebooks/ru/00_index.ipynb (Russian) or
# notebooks/uk/00_index.ipynb (Ukrainian), chosen by DURAK_NB_LANG, else the locale (LANG …).
# Extra arguments go to `jupyter lab` (e.g. --no-browser --port 8890).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
# JupyterLab's settings for the course: widget state saved with a notebook, JupyterLab's own
# menus in the user's language (scripts/lab_settings.py, shared with binder/postBuild)
python scripts/lab_settings.py --lab-locale
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
