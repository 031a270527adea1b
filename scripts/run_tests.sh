#!/usr/bin/env bash
# Runs the test suite (arguments go to pytest). Works from any directory.
# Exits non-zero when a test fails, and also when pytest collected no tests
# (pytest's exit code 5), so an empty or mis-selected run never counts as a pass.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh --browser
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [[ "$status" -eq 5 ]]; then
    echo "run_tests.sh: pytest collected no tests (exit code 5): counted as a failure" >&2
    exit 1
fi
exit "$status"
