#!/usr/bin/env bash
# Build the PTX atom/red reader's libFuzzer target with clang-19
# (-fsanitize=fuzzer,address,undefined) and run it for a bounded time.
# Fails (non-zero exit) on any crash, sanitizer report or broken invariant;
# the input that triggered it is left in the build folder as crash-*.
#   scripts/fuzz.sh [SECONDS]        (default: $FUZZ_SECONDS or 60)
# Environment: CLANG (default clang-19), FUZZ_BUILD (default build-fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-${FUZZ_SECONDS:-60}}
# The cuTile front end's target takes a third of the time; the rest stays here.
cutile_seconds=$(( seconds / 3 ))
seconds=$(( seconds - cutile_seconds ))
clang=${CLANG:-clang-19}
out=${FUZZ_BUILD:-build-fuzz}

# clang-19 and its libFuzzer/sanitizer runtimes (libclang-rt-19-dev), when missing.
missing=()
for p in clang-19 libclang-rt-19-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ] && [ -z "${CLANG:-}" ]; then
  echo "fuzz: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi

mkdir -p "$out/corpus"
"$clang" -std=c17 -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
  -Iinclude -Isrc \
  test/fuzz/fuzz_ptx.c src/ptx/ptx_atom.c src/ptx/ptx_validate.c src/facts.c src/strbuf.c \
  -o "$out/fuzz_ptx"

# New inputs go to $out/corpus; the checked-in seeds stay as they are.
echo "fuzz: running fuzz_ptx for ${seconds}s"
"$out/fuzz_ptx" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=4096 -dict=test/fuzz/ptx.dict -artifact_prefix="$out/" -print_final_stats=1 \
  "$out/corpus" test/fuzz/corpus
echo "fuzz: no crash in ${seconds}s"

# The cuTile front end: arbitrary bytes through tree-sitter's Python parser,
# the resolver and the cuTile checks.  The grammar's generated C is built
# without our warnings, as in CMakeLists.txt.
grammar=$(scripts/fetch-python-grammar.sh)
san=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined)
"$clang" -std=gnu17 -w "${san[@]}" -fsanitize=fuzzer-no-link -I"$grammar/src" \
  -c "$grammar/src/parser.c" -o "$out/ts_python_parser.o"
"$clang" -std=gnu17 -w "${san[@]}" -fsanitize=fuzzer-no-link -I"$grammar/src" \
  -c "$grammar/src/scanner.c" -o "$out/ts_python_scanner.o"
"$clang" -std=c17 "${san[@]}" -fsanitize=fuzzer \
  -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
  -Iinclude -Isrc -I"$(llvm-config-19 --includedir)" \
  test/fuzz/fuzz_cutile.c src/cutile/tree.c src/cutile/analysis.c src/cutile/checks.c \
  src/cutile/cutile.c src/finding.c src/strbuf.c \
  "$out/ts_python_parser.o" "$out/ts_python_scanner.o" -ltree-sitter \
  -o "$out/fuzz_cutile"
mkdir -p "$out/corpus-cutile"
echo "fuzz: running fuzz_cutile for ${cutile_seconds}s"
"$out/fuzz_cutile" -max_total_time="$cutile_seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=4096 -dict=test/fuzz/cutile.dict -artifact_prefix="$out/" -print_final_stats=1 \
  "$out/corpus-cutile" test/fuzz/corpus-cutile
echo "fuzz: no crash in the cuTile front end in ${cutile_seconds}s"
