#!/usr/bin/env bash
# Builds pbem into build/ (or the directory given) with any extra CMake arguments.
#   scripts/build.sh [build-dir] [cmake args ...]
# PBEM_TARGETS="pbem pbemd" builds only those targets (and what they need) instead of
# everything: run.sh does, so a first start does not compile the test suites.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
# ccache, when installed, makes rebuilds in several checkouts cheap; it is optional. Paths
# under the checkout are hashed relative to it (and the build directory's own path not at
# all), so a fresh clone elsewhere reuses what another checkout of the same sources
# compiled; only tests/source_paths.cpp names the checkout's place.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$dir" "${launcher[@]}" "$@" >/dev/null
targets=()
for target in ${PBEM_TARGETS:-}; do targets+=(--target "$target"); done
cmake --build "$dir" -j"${PBEM_JOBS:-2}" "${targets[@]}"
