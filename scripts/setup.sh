#!/usr/bin/env bash
# Creates .venv (if missing) and installs Umpire with its test tools into it. Used by scripts/run and scripts/test.
#
# The interpreter: $PYTHON if set; else scripts/python-choice (the machine's distribution build of CPython where
# there is one, as it runs the engine 10-15% faster than a plain source build: docs/performance.md, "The
# interpreter"); else python3. A .venv made from another interpreter than the one chosen is made again (it
# holds nothing but installed packages).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-$(scripts/python-choice)}
REAL='import os, sys; print(os.path.realpath(sys._base_executable))'
if [ -x .venv/bin/python ] && [ "$(.venv/bin/python -c "$REAL" 2>/dev/null)" != "$("$PY" -c "$REAL")" ]; then
  echo "setup: .venv was made from another interpreter; making it again from $PY" >&2
  rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -c constraints.txt -e '.[test]'  # pinned: constraints.txt
