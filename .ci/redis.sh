#!/usr/bin/env bash
# Start a local Redis for the cluster tests, idempotently.
#
# Installs Debian's `redis-server` package if it is missing (as root), starts a
# private redis-server on 127.0.0.1:${ROADTRIP_TEST_REDIS_PORT:-6390} (no disk
# persistence: the tests need pub/sub only) unless one already answers there, and
# prints its URL as the last line, e.g.
#
#     export ROADTRIP_TEST_REDIS_URL="$(.ci/redis.sh | tail -n 1)"
set -euo pipefail

PORT="${ROADTRIP_TEST_REDIS_PORT:-6390}"
DIR="${TMPDIR:-/tmp}/roadtrip-test-redis-$PORT"

if ! command -v redis-server >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "redis.sh: redis-server is missing (run this as root, or install redis-server)" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends redis-server >&2
fi

if ! redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1; then
    mkdir -p "$DIR"
    redis-server --bind 127.0.0.1 --port "$PORT" --daemonize yes \
        --dir "$DIR" --save "" --appendonly no \
        --logfile "$DIR/redis.log" --pidfile "$DIR/redis.pid" >&2
fi
for _ in $(seq 1 60); do
    if redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1; then
        break
    fi
    sleep 0.2
done
redis-cli -h 127.0.0.1 -p "$PORT" ping >&2

echo "redis://127.0.0.1:$PORT/0"
