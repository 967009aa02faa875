#!/usr/bin/env bash
# Set up (including test-only system packages) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
exec .venv/bin/python -m pytest "$@"
