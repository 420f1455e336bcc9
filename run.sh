#!/usr/bin/env bash
# Installs what is missing, builds, and starts pbemd on its embedded defaults:
# SMTP on 127.0.0.1:2525, database config/pbem.sqlite, replies to the smarthost 127.0.0.1:25.
set -euo pipefail
cd "$(dirname "$0")"
# Only what the server needs to build and run: the test tools are test.sh's (README).
scripts/install-deps.sh run
# Only the two programs it runs: the test suites (test.sh builds them) would take most of the time.
PBEM_TARGETS="pbem pbemd" scripts/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPBEM_TESTS=OFF
exec build/server/pbemd --config config/pbem.json
