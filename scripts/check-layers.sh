#!/usr/bin/env bash
# Includes run one way: a folder of src/ includes only its own headers, those
# of the folders below it and the public data headers (include/cuatomlint/).
# The order is docs/architecture.md's; the front ends (opencl, cutile) sit
# beside the checks.  Prints every include that runs back up and exits 1 if
# there is one; --count prints only their number.
set -euo pipefail
cd "$(dirname "$0")/.."
layers="util parse atomics ptx fixits analysis checks opencl:6 cutile:6 filter report rewrite driver"
declare -A rank
r=0
for l in $layers; do
  case $l in
    *:*) rank[${l%%:*}]=${l##*:} ;;
    *) rank[$l]=$r; r=$((r + 1)) ;;
  esac
done
bad=0
while IFS=: read -r file _ inc; do
  from=$(echo "$file" | cut -d/ -f2)
  to=$(echo "$inc" | sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p')
  [ -n "$to" ] && [ "$to" != cuatomlint ] || continue
  if [ -z "${rank[$from]:-}" ] || [ -z "${rank[$to]:-}" ]; then
    echo "check-layers: $file: unknown layer in: $inc" >&2; bad=$((bad + 1)); continue
  fi
  if [ "${rank[$to]}" -gt "${rank[$from]}" ] || \
     { [ "$from" != "$to" ] && [ "${rank[$to]}" -eq "${rank[$from]}" ]; }; then
    [ "${1:-}" = --count ] || echo "check-layers: $file ($from) includes $to: $inc" >&2
    bad=$((bad + 1))
  fi
done < <(grep -n '^#include "' src/*/*.c src/*/*.h)
if [ "${1:-}" = --count ]; then echo "$bad"; exit 0; fi
[ "$bad" -eq 0 ] || { echo "check-layers: $bad includes run back up a layer" >&2; exit 1; }
echo "check-layers: every include runs down"
