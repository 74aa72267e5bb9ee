#!/usr/bin/env bash
# The whole test suite: lint, format, types, unit and property tests, doctests,
# every notebook executed headless, recordings validated, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser --postgres
export PATH="$PWD/.venv/bin:$PATH"
# the class store's tests run against PostgreSQL too: here a missing server fails them
export DURAK_NB_REQUIRE_POSTGRES=1
# the course's site, built once while the lint runs (each on one core), for the browser
# tests that serve it and read it (tests/browserkit.py course_site, tests/test_site.py site)
work="$(mktemp -d)"
trap 'kill "${site_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -z "${DURAK_NB_SITE:-}" ]; then
    python -m durak_nb.site -o "$work/site" > "$work/site.log" 2>&1 &
    site_pid=$!
fi
echo "== ruff check";        ruff check durak_nb tests benchmarks
echo "== ruff format --check"; ruff format --check durak_nb tests benchmarks
echo "== mypy";              mypy durak_nb
echo "== durak-nb validate recordings"; durak-nb validate recordings/*.json recordings/*.durak recordings/lessons/*.json recordings/overboard/*.json recordings/overboard/*.durak recordings/ru/*.json recordings/ru/*.durak recordings/ru/lessons/*.json recordings/ru/overboard/*.json recordings/ru/overboard/*.durak recordings/uk/*.json recordings/uk/*.durak recordings/uk/lessons/*.json recordings/uk/overboard/*.json recordings/uk/overboard/*.durak
if [ -n "${site_pid:-}" ]; then
    if wait "$site_pid"; then
        export DURAK_NB_SITE="$work/site"
        DURAK_NB_SITE_SUMMARY="$(grep -m1 '^site written' "$work/site.log")"
        export DURAK_NB_SITE_SUMMARY
        echo "== the course's site: $DURAK_NB_SITE_SUMMARY"
    else  # the tests that serve it build it themselves, and say why it fails
        echo "== the course's site did not build:"; tail -5 "$work/site.log"
    fi
    site_pid=
fi
# two processes side by side (pytest-xdist; a test file stays in one process, so its module
# fixtures are made once): the suite in about half the time on this 2-core machine.
# DURAK_NB_TEST_WORKERS=0 runs it in one process; arguments after ours win (e.g. -n 0).
echo "== pytest";            pytest -q -n "${DURAK_NB_TEST_WORKERS:-auto}" --dist loadfile "$@"
