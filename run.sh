#!/usr/bin/env bash
# Installs what is missing, builds, and starts the server on its embedded defaults.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
scripts/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo "A sample HY 3 game:"
build/server/pbem replay hy3 -size=4 -- d1 a1 d2 a2 d3 a3 d4 a4 d5 b5 d6 c6 d7
