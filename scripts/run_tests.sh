#!/usr/bin/env bash
# Set up (including test-only system packages), start the servers the shared-profile tests need
# (PostgreSQL + pgvector on a free loopback port, scripts/servers.sh), run the whole test suite,
# and stop the servers again, whatever the tests did.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
servers_dir=$(mktemp -d /tmp/lextrace-test-servers.XXXXXX)
chmod 755 "$servers_dir"  # run as root, the server runs as a user of its own
export LEXTRACE_SERVERS_DIR="$servers_dir"
LEXTRACE_PG_PORT=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
export LEXTRACE_PG_PORT
trap 'bash scripts/servers.sh stop || true; rm -rf "$servers_dir"' EXIT
bash scripts/servers.sh start >/dev/null
export LEXTRACE_TEST_PG_URL="postgresql://lextrace@127.0.0.1:$LEXTRACE_PG_PORT/postgres"
.venv/bin/python -m pytest "$@"
