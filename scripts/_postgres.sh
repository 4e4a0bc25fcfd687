# Sourced by scripts/test: a throw-away PostgreSQL server for the tests of the PostgreSQL store.
#
# Unless PALANTIR_TEST_POSTGRESQL already names a server, this finds the Debian server binaries
# (/usr/lib/postgresql/<version>/bin; installs the `postgresql` package when they are missing and
# we are root), makes a cluster in a temporary directory owned by an unprivileged user (`nobody`
# when we are root: PostgreSQL refuses to run as root), starts it on a free loopback port with a
# random password, exports its URL as PALANTIR_TEST_POSTGRESQL, and stops it and removes the
# directory when the script exits. Without binaries (and not root) the PostgreSQL tests are
# skipped, and this says so.
#
# Usage: source scripts/_postgres.sh && palantir_postgres_start   (the trap stops it)

palantir_postgres_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

palantir_postgres_start() {
  if [ -n "${PALANTIR_TEST_POSTGRESQL:-}" ]; then
    echo "== PostgreSQL: using PALANTIR_TEST_POSTGRESQL"
    return 0
  fi
  local bin
  bin=$(palantir_postgres_bin)
  if [ -z "$bin" ] && [ "$(id -u)" = 0 ]; then
    echo "== installing PostgreSQL (Debian packages)"
    export DEBIAN_FRONTEND=noninteractive
    # Only the binaries: no system cluster is created or started by the package.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/palantir-tests.conf
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    bin=$(palantir_postgres_bin)
  fi
  if [ -z "$bin" ]; then
    if [ -n "${CI:-}" ]; then
      echo "== PostgreSQL not found (/usr/lib/postgresql/*/bin) and cannot be installed" >&2
      return 1
    fi
    echo "== PostgreSQL not found (/usr/lib/postgresql/*/bin): its store tests are skipped"
    return 0
  fi
  local run_as=() owner
  owner=$(id -un)
  if [ "$(id -u)" = 0 ]; then
    owner=nobody
    run_as=(runuser -u nobody --)
  fi
  PALANTIR_PG_DIR=$(mktemp -d /tmp/palantir-pg.XXXXXX)
  export PALANTIR_PG_DIR
  trap palantir_postgres_stop EXIT
  chmod 700 "$PALANTIR_PG_DIR"
  chown "$owner" "$PALANTIR_PG_DIR"
  local password port
  password=$("$PY" -c 'import secrets; print(secrets.token_hex(16))')
  port=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '%s\n' "$password" > "$PALANTIR_PG_DIR/password"
  chown "$owner" "$PALANTIR_PG_DIR/password"
  PALANTIR_PG_RUN_AS=("${run_as[@]}")
  PALANTIR_PG_CTL="$bin/pg_ctl"
  "${run_as[@]}" "$bin/initdb" -D "$PALANTIR_PG_DIR/data" -U palantir --auth=scram-sha-256 \
    --pwfile="$PALANTIR_PG_DIR/password" --no-sync -E UTF8 --locale=C.UTF-8 >"$PALANTIR_PG_DIR/initdb.log" 2>&1 \
    || { cat "$PALANTIR_PG_DIR/initdb.log"; return 1; }
  # fsync off: a throw-away server (the store itself asks for synchronous commits).
  "${run_as[@]}" "$bin/pg_ctl" -D "$PALANTIR_PG_DIR/data" -l "$PALANTIR_PG_DIR/server.log" -w -s \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PALANTIR_PG_DIR -c fsync=off -c full_page_writes=off -c max_connections=200" start \
    || { cat "$PALANTIR_PG_DIR/server.log"; return 1; }
  export PALANTIR_TEST_POSTGRESQL="postgresql://palantir:$password@127.0.0.1:$port/postgres"
  echo "== PostgreSQL $(basename "$(dirname "$bin")") on 127.0.0.1:$port"
}

palantir_postgres_stop() {
  if [ -n "${PALANTIR_PG_DIR:-}" ] && [ -d "$PALANTIR_PG_DIR" ]; then
    "${PALANTIR_PG_RUN_AS[@]}" "$PALANTIR_PG_CTL" -D "$PALANTIR_PG_DIR/data" -m immediate -w -s stop >/dev/null 2>&1 || true
    rm -rf "$PALANTIR_PG_DIR"
  fi
}
