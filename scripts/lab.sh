#!/usr/bin/env bash
# Set up (first run only) and open JupyterLab on the lessons in notebooks/.
# Extra arguments go to `jupyter lab` (e.g. --no-browser --port 8890).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
exec jupyter lab --notebook-dir=notebooks "${extra[@]}" "$@"
