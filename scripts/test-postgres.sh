#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL server for the test suite on 127.0.0.1:${TEST_PG_PORT:-54329}.
# Prints the admin connection URL. Tests create one database per test file on it.
set -euo pipefail
port="${TEST_PG_PORT:-54329}"
dir="${TEST_PG_DIR:-/tmp/ladingwise-test-pg-$port}"
bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n1)")"
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-start}" = "stop" ]; then
  [ -d "$dir" ] && as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

if ! as_pg "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
  as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
