#!/usr/bin/env bash
# Runs the test suite (arguments go to pytest). Works from any directory.
# Exits non-zero when a test fails, and also when pytest collected no tests
# (pytest's exit code 5), so an empty or mis-selected run never counts as a pass.
#
# The tests run on pytest-xdist workers, half as many again as cores (the
# browser modules, half of the suite's time, wait on Chromium and throttled
# pages: with one worker a core, two cores were 65 % busy), each test
# module whole on one worker (`--dist loadfile`: a module's fixtures run once),
# handed out in the order tests/conftest.py collects them, the longest first
# (`--no-loadscope-reorder`: pytest-xdist would order them by their number of
# tests instead); the sites the tests share are built once for all workers
# (tests/shared_sites.py).
# `-n 0` among the arguments runs everything in this one process instead,
# `-n 3` on three workers (the last -n given counts).
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh --browser
status=0
cores="$(nproc)"
.venv/bin/python -m pytest -n "$(( cores + (cores + 1) / 2 ))" --dist loadfile --no-loadscope-reorder "$@" || status=$?
if [[ "$status" -eq 5 ]]; then
    echo "run_tests.sh: pytest collected no tests (exit code 5): counted as a failure" >&2
    exit 1
fi
exit "$status"
