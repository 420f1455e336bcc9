#!/usr/bin/env bash
# Builds pbem into build/ (or the directory given) with any extra CMake arguments.
#   scripts/build.sh [build-dir] [cmake args ...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
cmake -S . -B "$dir" "$@" >/dev/null
cmake --build "$dir" -j"${PBEM_JOBS:-2}"
