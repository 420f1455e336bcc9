#!/usr/bin/env bash
# Builds and tests pbem every way CI needs, and tells the whole story: every step runs even
# when an earlier one fails, a table at the end gives each step's result and time, and the
# exit status is 1 if any step failed.
#   1. Release build (-O3 code and its warnings), the whole suite
#   2. Debug build (at -O1) with AddressSanitizer + UndefinedBehaviorSanitizer: the unit suites
#      and the integration tests of what strangers send (label `sanitize`, tests/CMakeLists.txt)
#   3. libFuzzer targets, ${PBEM_FUZZ_SECONDS:-10} seconds each (scripts/fuzz.sh)
# (run.sh builds RelWithDebInfo; CI builds one optimised build, not two: tests/README.md has its time.)
# Long soak runs stay short unless PBEM_SOAK=1 is set.
set -uo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh test || exit 1

names=() results=() times=()
# step <name> <command...>: runs the command, records its result and duration.
step() {
  local name=$1 start=$SECONDS result=ok
  shift
  echo "=== $name"
  "$@" || result=FAILED
  names+=("$name") results+=("$result") times+=($((SECONDS - start)))
}

release() {
  scripts/build.sh build-rel -DCMAKE_BUILD_TYPE=Release &&
    ctest --test-dir build-rel --output-on-failure -j2
}
# Debug keeps assertions on; -O1 (as the sanitizers' own docs advise) runs the suite about
# twice as fast as -O0 while the reports stay exact.
sanitize() {
  scripts/build.sh build-sanitize -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DPBEM_SANITIZE=ON &&
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-sanitize --output-on-failure -j2 -L sanitize
}

step "Release build + all tests" release
step "Debug ASan+UBSan build + tests" sanitize
step "fuzz targets, ${PBEM_FUZZ_SECONDS:-10} s each" scripts/fuzz.sh "${PBEM_FUZZ_SECONDS:-10}"

status=0
echo
printf '%-40s %-7s %8s\n' step result seconds
for i in "${!names[@]}"; do
  printf '%-40s %-7s %8s\n' "${names[$i]}" "${results[$i]}" "${times[$i]}"
  [ "${results[$i]}" = ok ] || status=1
done
printf '%-40s %-7s %8s\n' total "$([ $status = 0 ] && echo ok || echo FAILED)" "$SECONDS"
exit $status
