#!/bin/bash
# Records what cuatomlint says of every lit input, GPU end-to-end program and
# example: the JSON
# report with every check on, for sm_52,sm_90 and for the default target, and
# the --fix-dry-run diff. A refactor that must keep behaviour records before
# and after and compares the two folders (diff -r).
#   test/behaviour/record.sh BINARY OUTDIR
set -u
bin=$(realpath "$1"); out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
cd "$root" || exit 2
find test/lit test/gpu/e2e examples -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.cl' -o -name '*.py' \) \
    ! -name 'lit*.py' | LC_ALL=C sort | while read -r f; do
  key=$(printf '%s' "$f" | tr '/' '_')
  for arch in sm_52,sm_90 default; do
    flag=(); [ "$arch" = default ] || flag=(--cuda-arch="$arch")
    "$bin" --no-cache --quiet --color=never --checks='*' --format=json "${flag[@]}" "$f" \
        > "$out/$key.$arch.json" 2> "$out/$key.$arch.err"
    echo "exit $?" >> "$out/$key.$arch.err"
    "$bin" --no-cache --quiet --color=never --checks='*' --fix-dry-run "${flag[@]}" "$f" \
        > "$out/$key.$arch.diff" 2>/dev/null
  done
done
