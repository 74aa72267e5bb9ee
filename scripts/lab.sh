#!/usr/bin/env bash
# Set up (first run only) and open JupyterLab on the lesson index, notebooks/00_index.ipynb.
# Extra arguments go to `jupyter lab` (e.g. --no-browser --port 8890).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
exec jupyter lab --notebook-dir=notebooks --LabApp.default_url=/lab/tree/00_index.ipynb "${extra[@]}" "$@"
