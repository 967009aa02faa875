#!/usr/bin/env bash
# Set up, build the demo index on first run, and serve the dashboard on http://localhost:8501
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh app
export LEXTRACE_HOME="${LEXTRACE_HOME:-$PWD/.lextrace}"
.venv/bin/python -m engine ingest data/demo >&2 || echo "demo ingest reported failures (see above)" >&2
exec .venv/bin/streamlit run app.py "$@"
