#!/bin/sh
# Build the plain C Road to 300 reference with gcc -O2 and time it.
#   benchmarks/c/run.sh [GAMES [SEED]]      (default 1000000 games, seed 1)
# The binary goes to a temporary directory (never into the repository); the
# output is one line of JSON (games, seconds, games_per_second, total_score, ...).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(mktemp -d "${TMPDIR:-/tmp}/road_to_300_c.XXXXXX")
trap 'rm -rf "$build"' EXIT
gcc -O2 -std=c11 -Wall -Wextra -o "$build/road_to_300" "$here/road_to_300.c"
"$build/road_to_300" "${1:-1000000}" "${2:-1}"
