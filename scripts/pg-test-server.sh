#!/usr/bin/env bash
# A private, throwaway PostgreSQL server for tests: loopback only, uncommon port, fsync off.
#
#   scripts/pg-test-server.sh start   # start a fresh cluster (if not running); prints the URL
#   scripts/pg-test-server.sh url     # print the URL of the running cluster
#   scripts/pg-test-server.sh status  # exit 0 if running
#   scripts/pg-test-server.sh stop    # stop it and delete its data
#
#   export TEST_DATABASE_URL="$(scripts/pg-test-server.sh start)"
#
# Needs Debian's PostgreSQL server binaries (apt-get install --no-install-recommends postgresql).
# As root, the server runs as the `postgres` OS user (initdb refuses root); otherwise as you.
# Settings (environment):
#   PG_TEST_DIR   state directory (data, socket, log)  default: /tmp/photoshoot-pg-test
#   PG_TEST_PORT  first port to try; the next free one up to +20 is used  default: 55432
#   PG_TEST_DB    database to create                    default: photoshoot_test
set -euo pipefail

STATE_DIR="${PG_TEST_DIR:-/tmp/photoshoot-pg-test}"
FIRST_PORT="${PG_TEST_PORT:-55432}"
DB_NAME="${PG_TEST_DB:-photoshoot_test}"
DB_USER=postgres
DB_PASSWORD=photoshoot-test
DATA_DIR="$STATE_DIR/data"
SOCK_DIR="$STATE_DIR/sock"
LOG_FILE="$STATE_DIR/server.log"
PORT_FILE="$STATE_DIR/port"

die() {
  echo "pg-test-server: $*" >&2
  exit 1
}

find_pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then
    echo "$dir"
  elif command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  elif command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/initdb" ]]; then
    pg_config --bindir
  else
    die "PostgreSQL server binaries not found (apt-get install --no-install-recommends postgresql)"
  fi
}

# Run a PostgreSQL binary as the server's OS user.
as_pg() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

is_running() {
  [[ -f "$DATA_DIR/postmaster.pid" ]] && as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1
}

url() {
  [[ -f "$PORT_FILE" ]] || die "not started (no $PORT_FILE)"
  echo "postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$(cat "$PORT_FILE")/$DB_NAME"
}

start() {
  if is_running; then
    url
    return
  fi
  if [[ "$(id -u)" == 0 ]]; then
    id postgres >/dev/null 2>&1 || die "OS user 'postgres' missing (it comes with Debian's postgresql package)"
  fi

  local port="$FIRST_PORT"
  while port_in_use "$port"; do
    port=$((port + 1))
    ((port <= FIRST_PORT + 20)) || die "no free port in $FIRST_PORT..$((FIRST_PORT + 20))"
  done

  remove_state
  mkdir -p "$DATA_DIR" "$SOCK_DIR"
  chmod 700 "$DATA_DIR"
  printf '%s\n' "$DB_PASSWORD" >"$STATE_DIR/pwfile"
  if [[ "$(id -u)" == 0 ]]; then
    chown -R postgres:postgres "$STATE_DIR"
    # The server user must be able to reach the state directory.
    runuser -u postgres -- test -x "$STATE_DIR" || die "user postgres cannot access $STATE_DIR; set PG_TEST_DIR"
  fi

  as_pg "$PG_BIN/initdb" -D "$DATA_DIR" -U "$DB_USER" --pwfile="$STATE_DIR/pwfile" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 --no-instructions >"$STATE_DIR/initdb.log" 2>&1 ||
    {
      cat "$STATE_DIR/initdb.log" >&2
      die "initdb failed"
    }
  rm -f "$STATE_DIR/pwfile"
  # Test-only settings: durability off for speed; loopback and a private socket directory only.
  cat >>"$DATA_DIR/postgresql.conf" <<EOF

# --- pg-test-server.sh ---
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$SOCK_DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
EOF
  echo "$port" >"$PORT_FILE"

  if ! as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 30 start >/dev/null; then
    tail -n 30 "$LOG_FILE" >&2 || true
    die "server did not start"
  fi
  as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCK_DIR" -p "$port" -U "$DB_USER" -d postgres \
    -c "CREATE DATABASE \"$DB_NAME\"" >/dev/null
  url
}

stop() {
  if is_running; then
    as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m fast -w -t 30 stop >/dev/null
  fi
  remove_state
}

# Delete only what this script creates, so a mistaken PG_TEST_DIR cannot wipe anything else.
remove_state() {
  rm -rf "$DATA_DIR" "$SOCK_DIR"
  rm -f "$LOG_FILE" "$PORT_FILE" "$STATE_DIR/initdb.log" "$STATE_DIR/pwfile"
  rmdir "$STATE_DIR" 2>/dev/null || true
}

PG_BIN="$(find_pg_bin)"
case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) is_running || die "not running"; url ;;
  status) is_running ;;
  *)
    echo "usage: $0 start|stop|url|status" >&2
    exit 2
    ;;
esac
