#!/bin/sh
# Re-record the Emberheart sample sessions through the real CLI, then refresh their golden score tables.
# Usage: sample_sessions/make_emberheart.sh   (from the repository root)
set -e
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
"$PY" sample_sessions/make_emberheart.py "$@"
"$PY" tests/games/emberheart/make_goldens.py
