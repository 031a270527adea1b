#!/usr/bin/env bash
# Builds the site: generated Markdown into docs/, then the strict MkDocs build
# into site/. Arguments go to `rulesite build`. Works from any directory.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
exec .venv/bin/rulesite build "$@"
