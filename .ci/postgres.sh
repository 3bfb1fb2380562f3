#!/usr/bin/env bash
# Set up a local PostgreSQL for the storage tests, idempotently.
#
# Works as root in a fresh Debian container where systemd is not running: installs
# the Debian `postgresql` package if it is missing, creates and starts the cluster
# with pg_ctlcluster, and creates the role and database the tests use.  It exports
# nothing; the last line of its output is the URL to put in
# ROADTRIP_TEST_POSTGRES_URL, e.g.
#
#     export ROADTRIP_TEST_POSTGRES_URL="$(.ci/postgres.sh | tail -n 1)"
set -euo pipefail

PG_USER=roadtrip
PG_PASSWORD=roadtrip
PG_DB=roadtrip_test
CLUSTER=main

if [ "$(id -u)" -ne 0 ]; then
    echo "postgres.sh: run this as root (it installs and starts PostgreSQL)" >&2
    exit 1
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi

# The newest installed server version.
VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"

# The cluster: Debian's package creates it; a slimmed image may not have it.
if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c {found = 1} END {exit !found}'; then
    pg_createcluster "$VERSION" "$CLUSTER" >&2
fi
PORT="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c {print $3}')"

# Start it unless it already runs (pg_ctlcluster status: 0 running, 3 stopped).
if ! pg_ctlcluster "$VERSION" "$CLUSTER" status >/dev/null 2>&1; then
    pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi
for _ in $(seq 1 60); do
    if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
        break
    fi
    sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$PORT" >&2

psql_admin() {
    runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p "$PORT" "$@"
}

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$PG_USER'")" != "1" ]; then
    psql_admin -c "CREATE ROLE $PG_USER LOGIN PASSWORD '$PG_PASSWORD'"
fi
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'")" != "1" ]; then
    psql_admin -c "CREATE DATABASE $PG_DB OWNER $PG_USER"
fi

# Check that the tests can log in over TCP with the password.
PGPASSWORD="$PG_PASSWORD" psql -X -q -h 127.0.0.1 -p "$PORT" -U "$PG_USER" -d "$PG_DB" \
    -v ON_ERROR_STOP=1 -tAc "SELECT 1" >/dev/null

echo "postgresql://$PG_USER:$PG_PASSWORD@127.0.0.1:$PORT/$PG_DB"
