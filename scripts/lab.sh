#!/usr/bin/env bash
# Set up (first run only) and open JupyterLab on the lesson index of the user's language,
# in the learner's own copy of the course (my-course/, git-ignored): running and saving
# a lesson never changes the checkout's tracked notebooks/.  Later runs bring new and
# updated lessons into the copy and never overwrite a lesson the learner changed (theirs
# stays, the new version goes beside it, and the terminal says so).  JupyterLab's
# workspaces and user settings live in .jupyter-lab/ of this checkout (git-ignored).
# The language: DURAK_NB_LANG, else the locale (LANG …).  The port: PORT, else 8888; a
# taken port is said plainly here, JupyterLab never moves to another one silently.
# Extra arguments go to `jupyter lab` (e.g. --no-browser).
# (durak_nb/lessons/launch.py does the copy, the state folders and the port check.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
# JupyterLab's settings for the course: widget state saved with a notebook, JupyterLab's own
# menus in the user's language (scripts/lab_settings.py, shared with binder/postBuild)
python scripts/lab_settings.py --lab-locale
# the port (checked), the learner's copy (made or brought up to date) and the index of the
# user's language; the messages go to the terminal
ready="$(python -m durak_nb.lessons.launch prepare "$PWD" "$@")"
{ read -r port; read -r course; read -r index; read -r workspaces; read -r settings; } <<<"$ready"
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
# the port the launcher checked is given once (--port=$port): a --port N, --port=N or
# --ServerApp.port=N of the user's is left out (JupyterLab refuses a port given twice)
rest=()
skip=0
for arg in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case "$arg" in
    --port|--ServerApp.port) skip=1 ;;
    --port=*|--ServerApp.port=*) ;;
    *) rest+=("$arg") ;;
  esac
done
exec jupyter lab --notebook-dir="$course" --port="$port" --ServerApp.port_retries=0 \
    --LabApp.workspaces_dir="$workspaces" --LabApp.user_settings_dir="$settings" \
    --LabApp.default_url="/lab/tree/$index" "${extra[@]}" "${rest[@]}"
