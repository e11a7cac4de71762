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
# And its code is a folder, src/checks/ID/ (issue 22), whose descriptor,
# cal_check_SYM (SYM: ID with _ for -), says which languages it judges
# (.languages; none: CUDA only); for each of them (CUDA, OPENCL, CUTILE, HIP:
# the CUDA front end's dialect, whose half is cuda.c and whose tests are .hip)
#   - the folder holds the language's half, cuda.c, opencl.c or cutile.c,
#     and no half of a language the descriptor does not claim;
#   - test/lit/ holds a positive and a negative test in the language's
#     files (.cu/.cuh, .cl, .py), anywhere (the front ends' folders,
#     test/lit/opencl/ and test/lit/cutile/, hold many).
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

# has_positive ID DIR [GREP-OPTIONS...]
has_positive() {
  local id=$1 dir=$2
  shift 2
  grep -rlE "$@" "CHECK[A-Za-z0-9_-]*:.*\\[$id\\]" "$dir" >/dev/null 2>&1
}

# has_negative ID DIR [GREP-OPTIONS...]
has_negative() {
  local id=$1 dir=$2
  shift 2
  grep -rlE "$@" -- "--implicit-check-not=['\"]?\\[$id\\]|CHECK[A-Za-z0-9_-]*-NOT:.*\\[$id\\]" "$dir" \
    >/dev/null 2>&1 && return 0
  # a RUN line that enables the check and expects no output at all
  grep -rhE "$@" "RUN:.*count 0" "$dir" 2>/dev/null | grep -qE -- "--checks=['\"]?[^ ]*$id"
}

# The languages the descriptor cal_check_SYM claims, in lower case, one a line.
claimed_languages() {
  local sym=${1//-/_} dir=src/checks/$1 file
  file=$(grep -l "^const struct cal_check cal_check_$sym = {" "$dir"/*.c 2>/dev/null | head -n 1)
  [ -n "$file" ] || return 1
  awk -v start="^const struct cal_check cal_check_$sym = [{]" '
    $0 ~ start { on = 1 }
    on && /\.languages *=/ { langs = $0 }
    on && /^};/ { exit }
    END {
      if (langs == "") { print "cuda"; exit }
      n = split(langs, w, /[^A-Z_]+/)
      for (i = 1; i <= n; i++)
        if (w[i] ~ /^CAL_LANG_/) print tolower(substr(w[i], 10))
    }' "$file"
}

# The extensions of a language's lit inputs.
lit_extensions() {
  case $1 in
    cuda) echo "--include=*.cu --include=*.cuh" ;;
    opencl) echo "--include=*.cl" ;;
    cutile) echo "--include=*.py" ;;
    hip) echo "--include=*.hip" ;;
  esac
}

# Each claimed language has its half and its lit tests; no half lacks a claim.
check_languages() {
  local id=$1 langs lang ext half
  if [ ! -d "src/checks/$id" ]; then
    fail "$id: no folder src/checks/$id/"
    return
  fi
  if ! langs=$(claimed_languages "$id"); then
    fail "$id: no descriptor cal_check_${id//-/_} in src/checks/$id/"
    return
  fi
  for lang in $langs; do
    # HIP is a dialect of the CUDA front end: its half is cuda.c
    half=$lang
    [ "$lang" = hip ] && half=cuda
    [ -f "src/checks/$id/$half.c" ] || fail "$id: claims ${lang^^} but has no src/checks/$id/$half.c"
    # shellcheck disable=SC2046  # the --include options are words
    ext=$(lit_extensions "$lang")
    # shellcheck disable=SC2086
    has_positive "$id" test/lit $ext || fail "$id: no positive lit test in a $lang file of test/lit/"
    # shellcheck disable=SC2086
    has_negative "$id" test/lit $ext || fail "$id: no negative lit test in a $lang file of test/lit/"
  done
  for half in cuda opencl cutile; do
    if [ -f "src/checks/$id/$half.c" ] && ! grep -qx "$half" <<<"$langs" &&
       ! { [ "$half" = cuda ] && grep -qx hip <<<"$langs"; }; then
      fail "$id: src/checks/$id/$half.c, but its descriptor does not claim ${half^^}"
    fi
  done
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
    check_languages "$id"
    continue
  fi
  has_positive "$id" "$dir" || fail "$id: no positive lit test in $dir/ (a CHECK line naming [$id])"
  has_negative "$id" "$dir" ||
    fail "$id: no negative lit test in $dir/ (--implicit-check-not='[$id]', CHECK-NOT or count 0)"
  check_languages "$id"
done
python3 scripts/check-shape-tables.py . || fail "a shape table names a lit test that is missing or of another language"
echo "check-checks: $checked checks, $failed problems"
[ "$failed" -eq 0 ]
