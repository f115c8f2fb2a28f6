#!/usr/bin/env bash
# Creates .venv (if missing) and installs Umpire with its test tools into it. Used by scripts/run and scripts/test.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -c constraints.txt -e '.[test]'  # pinned: constraints.txt
