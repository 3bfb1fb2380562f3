#!/usr/bin/env bash
# The README's first command: install roadtrip into .venv (see scripts/venv.sh) and
# start the web app on http://127.0.0.1:8000 with its embedded SQLite database.
# Arguments go to `roadtrip serve` (e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
python="$(bash scripts/venv.sh | tail -n 1)"
exec "$(dirname "$python")/roadtrip" serve "$@"
