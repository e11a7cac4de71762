#!/usr/bin/env bash
# Dependencies run one way, down the layers of docs/architecture.md:
#   - includes: a folder of src/ includes only its own headers, those of the
#     folders below it and the public data headers (include/cuatomlint/);
#   - calls: an object file of the build calls only functions defined in
#     its own folder or below (nm: its undefined symbols against the global
#     functions each folder's objects define).  Data are not judged: the
#     walks reach the checks' descriptors through the registry, cal_checks[].
# The front ends (opencl, cutile) sit side by side, below the checks; the
# language server (lsp) is a front end over the driver, below main.c; a
# check's folder (src/checks/ID/) belongs to checks.  Prints every
# dependency that runs back up and exits 1 if there is one.
#   scripts/check-layers.sh [--count] [BUILD_DIR]   (default build; --count
#   prints only the number, of includes and calls together)
set -euo pipefail
cd "$(dirname "$0")/.."
layers="util parse atomics ptx fixits analysis opencl|cutile checks filter report rewrite driver lsp main"
count=0
[ "${1:-}" = --count ] && { count=1; shift; }
build=${1:-build}
declare -A rank
r=0
for l in $layers; do
  for side in ${l//|/ }; do rank[$side]=$r; done
  r=$((r + 1))
done

# Does a dependency from layer $1 on layer $2 run up (or sideways)?
runs_up() {
  [ "${rank[$2]}" -gt "${rank[$1]}" ] || { [ "$1" != "$2" ] && [ "${rank[$2]}" -eq "${rank[$1]}" ]; }
}

say() {
  [ "$count" -eq 1 ] || echo "check-layers: $1" >&2
}

bad=0
while IFS=: read -r file _ inc; do
  from=$(echo "$file" | cut -d/ -f2)
  # main.c, the executable's alone, sits above every layer (it starts the lsp front end)
  [ "$file" = src/driver/main.c ] && from=main
  to=$(echo "$inc" | sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p')
  [ -n "$to" ] && [ "$to" != cuatomlint ] || continue
  if [ -z "${rank[$from]:-}" ] || [ -z "${rank[$to]:-}" ]; then
    say "$file: unknown layer in: $inc"; bad=$((bad + 1)); continue
  fi
  if runs_up "$from" "$to"; then
    say "$file ($from) includes $to: $inc"
    bad=$((bad + 1))
  fi
done < <(grep -n '^#include "' src/*/*.[ch] src/checks/*/*.[ch])

# The calls, from the objects of the sources that exist (a build folder
# keeps the objects of deleted files).
objdir=$build/CMakeFiles/cuatomlint_core.dir
objs=()
if [ -d "$objdir/src" ]; then
  while IFS= read -r o; do
    s=${o#"$objdir"/}
    [ -f "${s%.o}" ] && objs+=("$o")
  done < <(find "$objdir/src" -name '*.c.o' | LC_ALL=C sort)
fi
if [ ${#objs[@]} -eq 0 ]; then
  echo "check-layers: no object files in $objdir/src (build first): calls not checked" >&2
  exit 1
fi
while read -r from caller callee fn to; do
  if [ -z "${rank[$from]:-}" ] || [ -z "${rank[$to]:-}" ]; then
    say "$caller: unknown layer ($from or $to)"; bad=$((bad + 1)); continue
  fi
  if runs_up "$from" "$to"; then
    say "$caller ($from) calls $fn, defined in $callee ($to)"
    bad=$((bad + 1))
  fi
done < <(
  { nm -A -g --defined-only "${objs[@]}" | awk '$2 == "T" { print "D", $1, $3 }'
    nm -A -u "${objs[@]}" | awk '$2 == "U" { print "U", $1, $3 }'
  } | sed "s|^\\([DU]\\) $objdir/\\([^:]*\\)\\.o:[^ ]*|\\1 \\2|" |
  awk '$1 == "D" { def[$3] = $2; next }
       { use[++n] = $2 " " $3 }
       END {
         for (i = 1; i <= n; i++) {
           split(use[i], u, " ")
           if (!(u[2] in def) || def[u[2]] == u[1]) continue
           split(u[1], a, "/"); split(def[u[2]], b, "/")
           if (a[2] != b[2]) print a[2], u[1], def[u[2]], u[2], b[2]
         }
       }' | LC_ALL=C sort)

if [ "$count" -eq 1 ]; then echo "$bad"; exit 0; fi
[ "$bad" -eq 0 ] || { echo "check-layers: $bad dependencies run back up a layer" >&2; exit 1; }
echo "check-layers: every include and every call runs down (${#objs[@]} objects)"
