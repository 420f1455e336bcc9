#!/usr/bin/env bash
# Builds pbem into build/ (or the directory given) with any extra CMake arguments.
#   scripts/build.sh [build-dir] [cmake args ...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
# ccache, when installed, makes rebuilds in several checkouts cheap; it is optional.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir" -j"${PBEM_JOBS:-2}"
