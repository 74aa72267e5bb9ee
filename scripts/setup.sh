#!/usr/bin/env bash
# Everything durak-nb needs on a fresh Debian machine: graphviz's `dot`, Chromium for the
# browser tests (with --browser), Debian's PostgreSQL server for the class store's tests
# (with --postgres: tests/pgserver.py starts a throwaway cluster), and a virtual
# environment .venv with the kit installed.
set -euo pipefail
cd "$(dirname "$0")/.."
want_browser=0
want_postgres=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --postgres) want_postgres=1 ;;
    *) echo "setup: unknown option $arg (use --browser, --postgres)" >&2; exit 2 ;;
  esac
done
need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || need+=(python3-venv)
command -v dot >/dev/null 2>&1 || need+=(graphviz)
# the course's site precompiles its bytecode with Pyodide under Node.js (docs/site.md)
command -v node >/dev/null 2>&1 || need+=(nodejs)
if [ "$want_browser" = 1 ] && ! command -v chromium >/dev/null 2>&1; then need+=(chromium); fi
# initdb and pg_ctl: on PATH, or where Debian's postgresql package puts them
if [ "$want_postgres" = 1 ] && ! command -v initdb >/dev/null 2>&1 \
   && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi
if [ "${#need[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  echo "setup: installing Debian packages: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import durak_nb, pytest, hypothesis, playwright" >/dev/null 2>&1 \
   || [ pyproject.toml -nt .venv/.installed ]; then
  echo "setup: installing durak-nb and its dependencies into .venv"
  .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -m pip install -q -e ".[dev]" 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -c "import durak_nb" && touch .venv/.installed
fi
# The translators' catalogues, compiled (.po -> .mo) for this checkout (the wheel build does
# it for an installed kit); quick, and redone whenever a .po is newer than its .mo.
if [ -n "$(find durak_nb/locale -name '*.po' -newer .venv/.catalogues 2>/dev/null | head -1)" ] || [ ! -e .venv/.catalogues ]; then
  .venv/bin/python -m durak_nb.catalogues compile >/dev/null && touch .venv/.catalogues
fi
# `jupyter nbconvert --to html` in this environment writes pages that show their widgets
# with no network and leave out the lessons' hidden code; JupyterLab, Notebook 7 and the
# JupyterLite site show no line of a hidden cell's code (durak_nb.views.offline: the
# nbconvert config and the prebuilt extension durak-nb-lesson-style)
if [ ! -e .venv/etc/jupyter/jupyter_nbconvert_config.py ] \
   || ! cmp -s durak_nb/views/static/labextension/static/remoteEntry.js \
        .venv/share/jupyter/labextensions/durak-nb-lesson-style/static/remoteEntry.js; then
  .venv/bin/python -m durak_nb.views.offline install >/dev/null
fi
