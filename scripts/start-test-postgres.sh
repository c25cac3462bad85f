#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the integration suite and prints its URL.
# Installs Debian's postgresql when missing (needs root and apt-get). Usage:
#   export TEST_DATABASE_URL=$(bash scripts/start-test-postgres.sh)
set -euo pipefail
PORT="${TEST_PG_PORT:-55432}"
DIR="${TEST_PG_DIR:-/tmp/nokturn-test-pg}"

find_bin() {
  local candidate
  for candidate in /usr/lib/postgresql/*/bin; do
    if [ -x "$candidate/initdb" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

BIN="$(find_bin || true)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "installing Debian's postgresql" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    BIN="$(find_bin)"
  else
    echo "PostgreSQL not found: install Debian's postgresql package (apt-get install postgresql)" >&2
    exit 1
  fi
fi

# PostgreSQL refuses to run as root: run the throwaway cluster as the postgres user.
RUN=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql postgres
  RUN=(runuser -u postgres --)
fi

if [ -f "$DIR/postmaster.pid" ]; then
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR" -m immediate stop >/dev/null 2>&1 || true
fi
rm -rf "$DIR"
mkdir -p "$DIR"
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
"${RUN[@]}" "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
  -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
