#!/usr/bin/env bash
# Every registered check (src/checks/checks.def, as --list-checks prints
# them) has what a check needs to be usable and trusted (issue 13.6):
#   - a summary line in --list-checks ("ID  SEVERITY  on|off  SUMMARY");
#   - a docs page, docs/checks/ID.md, whose title is the ID;
#   - a lit folder, test/lit/ID/ (a front end's checks, ID = FRONT-REST, may
#     share test/lit/FRONT/, e.g. test/lit/cutile/), holding
#       a positive test: a file with a CHECK line naming the finding, "[ID]";
#       a negative test: a file that asserts the check stays silent on code
#         it could flag: FileCheck's --implicit-check-not='[ID]', a
#         "CHECK-NOT: ...[ID]" line, or a RUN line enabling ID whose output
#         goes to "count 0".
# A file may be both (findings CHECKed, near misses asserted silent).
#   scripts/check-checks.sh [CUATOMLINT]   (default build/cuatomlint)
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build/cuatomlint}
failed=0 checked=0

fail() {
  echo "check-checks: $1" >&2
  failed=$((failed + 1))
}

# The folder holding a check's lit tests.
lit_folder() {
  if [ -d "test/lit/$1" ]; then
    echo "test/lit/$1"
  elif [ -d "test/lit/${1%%-*}" ]; then
    echo "test/lit/${1%%-*}"
  fi
}

has_positive() {
  grep -rlE --include='*' "CHECK[A-Za-z0-9_-]*:.*\\[$1\\]" "$2" >/dev/null 2>&1
}

has_negative() {
  local id=$1 dir=$2
  grep -rlE -- "--implicit-check-not=['\"]?\\[$id\\]|CHECK[A-Za-z0-9_-]*-NOT:.*\\[$id\\]" "$dir" \
    >/dev/null 2>&1 && return 0
  # a RUN line that enables the check and expects no output at all
  grep -rhE "RUN:.*count 0" "$dir" 2>/dev/null | grep -qE -- "--checks=['\"]?[^ ]*$id"
}

if ! list=$("$tool" --list-checks); then
  echo "check-checks: '$tool --list-checks' failed (build first)" >&2
  exit 1
fi
ids=$(sed -n 's/^\([a-z][a-z0-9-]*\) .*/\1/p' <<<"$list")
[ -n "$ids" ] || { echo "check-checks: no checks listed by $tool" >&2; exit 1; }
nr_registered=$(grep -c '^CHECK(' src/checks/checks.def)
nr_listed=$(wc -l <<<"$ids")
[ "$nr_registered" -eq "$nr_listed" ] ||
  fail "src/checks/checks.def registers $nr_registered checks, --list-checks lists $nr_listed"

for id in $ids; do
  checked=$((checked + 1))
  line=$(grep -E "^$id " <<<"$list")
  summary=$(sed -E 's/^[a-z0-9-]+ +(note|warning|error) +(on|off) +//' <<<"$line")
  if [ -z "$summary" ] || [ "$summary" = "$line" ]; then
    fail "$id: no summary in --list-checks"
  fi
  page="docs/checks/$id.md"
  if [ ! -f "$page" ]; then
    fail "$id: no docs page $page"
  elif [ "$(head -n 1 "$page")" != "# $id" ]; then
    fail "$id: $page does not start with '# $id'"
  fi
  dir=$(lit_folder "$id")
  if [ -z "$dir" ]; then
    fail "$id: no lit folder test/lit/$id/"
    continue
  fi
  has_positive "$id" "$dir" || fail "$id: no positive lit test in $dir/ (a CHECK line naming [$id])"
  has_negative "$id" "$dir" ||
    fail "$id: no negative lit test in $dir/ (--implicit-check-not='[$id]', CHECK-NOT or count 0)"
done
python3 scripts/check-shape-tables.py . || fail "a shape table names a lit test that is missing or of another language"
echo "check-checks: $checked checks, $failed problems"
[ "$failed" -eq 0 ]
