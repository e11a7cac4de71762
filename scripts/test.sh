#!/usr/bin/env bash
# Set everything up and run the whole test suite: unit tests and lit tests on
# a normal build, then again on an AddressSanitizer + UndefinedBehaviorSanitizer
# build (LeakSanitizer included), then the source rules.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh build
scripts/setup.sh build-asan -DCUATOMLINT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp:print_suppressions=0

status=0
for dir in build build-asan; do
  echo "== tests in $dir"
  ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" || status=1
done
echo "== source rules"
scripts/check-sources.sh || status=1
exit $status
