#!/usr/bin/env bash
# PgBouncer in transaction mode in front of a local PostgreSQL (Debian's `pgbouncer`), as
# Supabase's pooler for serverless (port 6543) runs: a server connection is lent for one
# transaction at a time, so nothing may rely on a session (prepared statements, SET, session
# advisory locks, LISTEN). For CI and local runs of the integration suite and the load bench.
#   scripts/ci/pgbouncer.sh start DIR PORT UPSTREAM_PORT   -> prints the connection URL
#   scripts/ci/pgbouncer.sh stop DIR
# Every database name is passed through to the upstream server (the tests create their own).
# Runs as the postgres user when started as root (PgBouncer refuses root), on 127.0.0.1 only.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?directory}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=${3:?port}
    upstream=${4:?upstream port}
    command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || {
      echo "pgbouncer is not installed (apt-get install pgbouncer)" >&2
      exit 1
    }
    mkdir -p "$dir"
    echo '"postgres" ""' >"$dir/users.txt"
    cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$upstream

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 60
max_db_connections = 150
max_user_connections = 150
server_idle_timeout = 5
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
    [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"
    as_pg /usr/sbin/pgbouncer -d -q "$dir/pgbouncer.ini"
    for _ in $(seq 1 50); do
      if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "postgres://postgres@127.0.0.1:$port/postgres"
        exit 0
      fi
      sleep 0.1
    done
    cat "$dir/pgbouncer.log" >&2
    exit 1
    ;;
  stop)
    if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR PORT UPSTREAM_PORT | stop DIR" >&2; exit 2 ;;
esac
