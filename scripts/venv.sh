#!/usr/bin/env bash
# Make (or reuse) the project's virtual environment in .venv and install roadtrip into
# it, so nothing is installed into the system Python (Debian and Ubuntu refuse that:
# PEP 668, "externally-managed-environment").
#
#     bash scripts/venv.sh [EXTRAS]      # e.g. bash scripts/venv.sh test
#
# Needs only a python3 (3.11 or newer) with its venv module.  Debian ships that module
# as the package python3-venv: as root this script installs it when it is missing;
# otherwise it says how.  The last line printed is the environment's python.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV="${ROADTRIP_VENV:-.venv}"

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "roadtrip needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
    exit 1
fi

venv_works() {
    "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1
}

if [ ! -x "$VENV/bin/python" ]; then
    if ! venv_works; then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "installing Debian's python3-venv (the venv module of $PYTHON)" >&2
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -qq >&2
            apt-get install -y -qq --no-install-recommends python3-venv >&2
        else
            echo "$PYTHON has no venv module: run 'sudo apt install python3-venv' and try again" >&2
            exit 1
        fi
    fi
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" >&2
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
fi

target="."
if [ -n "${1:-}" ]; then
    target=".[$1]"
fi
"$VENV/bin/python" -m pip install -q -e "$target" >&2
echo "$VENV/bin/python"
