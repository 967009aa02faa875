#!/usr/bin/env bash
# Set up, build the demo index on first run, and serve the dashboard on http://127.0.0.1:8501
# (this machine only: .streamlit/config.toml server.address). Streamlit options pass through, e.g.
#   LEXTRACE_ADDRESS=0.0.0.0 bash scripts/run_app.sh      # or: bash scripts/run_app.sh --server.address 0.0.0.0
# Prefer a reverse proxy in front of 127.0.0.1 (README, "Exposing the dashboard").
# For a team (README "Running for a team"): set LEXTRACE_SHARED__DATABASE_URL (and, optionally,
# LEXTRACE_SHARED__RETRIEVAL_URL, LEXTRACE_AUDIT__KEY_FILE); the shared profile's packages are
# then installed too, and the demo corpus is not ingested into the team's documents.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$([ -n "${LEXTRACE_SHARED__DATABASE_URL:-}" ] && echo shared || echo app)"
export LEXTRACE_HOME="${LEXTRACE_HOME:-$PWD/.lextrace}"
if [ -z "${LEXTRACE_SHARED__DATABASE_URL:-}" ]; then  # a team's shared corpus is its own: no demo in it
  .venv/bin/python -m engine ingest data/demo >&2 || echo "demo ingest reported failures (see above)" >&2
fi
exec .venv/bin/streamlit run app.py --server.address "${LEXTRACE_ADDRESS:-127.0.0.1}" "$@"
