#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang, ASan+UBSan) into build-fuzz/ and runs each for
# the given number of seconds, starting from its seed corpus. Fails if any target crashes.
#   scripts/fuzz.sh [seconds-per-target] [target ...]     (default 20 s, every target)
# New inputs a run finds go to build-fuzz/corpus/<target>/, never into fuzz/corpus/; a
# crashing input is written to build-fuzz/crash/<target>/ and named in the output.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(inbound_mail server_command smtp_syntax game web_request)

CC=clang CXX=clang++ scripts/build.sh build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPBEM_FUZZ=ON

failed=()
for target in "${targets[@]}"; do
  work=build-fuzz/corpus/$target crashes=build-fuzz/crash/$target
  mkdir -p "$work" "$crashes"
  max_len=4096
  [ "$target" = inbound_mail ] && max_len=1048576  # whole mails, up to 1 MB
  log=build-fuzz/$target.log
  echo "fuzz $target: ${seconds}s"
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "build-fuzz/fuzz/${target}_fuzz" -max_total_time="$seconds" -max_len="$max_len" \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
      "$work" "fuzz/corpus/$target" >"$log" 2>&1; then
    grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/  /" || true
  else
    echo "  FAILED: see $log and $crashes/" >&2
    grep -E 'ERROR:|SUMMARY:|Test unit written' "$log" | sed "s/^/  /" >&2 || true
    failed+=("$target")
  fi
done
[ ${#failed[@]} -eq 0 ] || { echo "fuzz targets that failed: ${failed[*]}" >&2; exit 1; }
