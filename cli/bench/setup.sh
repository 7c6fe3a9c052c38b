#!/usr/bin/env bash
# Creates cli/bench/.venv with the pinned peers of the calculator's speed table: mpmath with
# gmpy2 as its backend (from PyPI). Debian's bc is installed when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v bc >/dev/null; then
    echo "installing bc"
    (apt-get update -qq && apt-get install -y -qq bc) >/dev/null ||
        (sudo apt-get update -qq && sudo apt-get install -y -qq bc) >/dev/null
fi
if [ ! -x "$here/.venv/bin/python" ]; then
    python3 -m venv "$here/.venv"
fi
"$here/.venv/bin/pip" install -q mpmath==1.4.1 gmpy2==2.3.2
"$here/.venv/bin/python" -c 'import mpmath.libmp; assert mpmath.libmp.BACKEND == "gmpy", mpmath.libmp.BACKEND'
