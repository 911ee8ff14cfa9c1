#!/usr/bin/env bash
# Throwaway PostgreSQL cluster from the machine's own binaries, for CI and local runs
# of the integration suite against real PostgreSQL.
#   scripts/ci/postgres.sh start DIR PORT   -> prints the connection URL
#   scripts/ci/postgres.sh stop DIR
#   scripts/ci/postgres.sh halt DIR [fast|immediate]   -> stops the server, keeps the cluster
#   scripts/ci/postgres.sh resume DIR                  -> starts it again (same port)
# (halt and resume play a database outage: scripts/ci/postgres-outage.ts.)
# Runs the server as the postgres user (initdb refuses root), on 127.0.0.1 only.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?data directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "No PostgreSQL binaries under /usr/lib/postgresql/*/bin" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    "$0" resume "$dir"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  resume)
    port=$(cat "$dir/port")
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    ;;
  halt)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m "${3:-fast}" -w stop >/dev/null
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR | halt DIR [fast|immediate] | resume DIR" >&2; exit 2 ;;
esac
