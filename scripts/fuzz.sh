#!/usr/bin/env bash
# Build the libFuzzer targets with clang-19 (-fsanitize=fuzzer,address,undefined)
# and run them for a bounded total time, split between them:
#   fuzz_ptx   the PTX atom/red reader (src/ptx/)
#   fuzz_walk  the walk and every check on generated or mutated CUDA C++,
#              parsed in memory with libclang and the built-in CUDA environment
#   fuzz_cutile arbitrary bytes through tree-sitter's Python parser, the
#              cuTile resolver and the cuTile checks
#   fuzz_config arbitrary bytes as a .cuatomlint (JSON, or YAML through libyaml)
#   fuzz_lsp   arbitrary bytes as a language client's input: the JSON-RPC
#              reader and the server's dispatcher (src/lsp/)
#   fuzz_prefix arbitrary bytes as a source file's first lines: its include
#              prefix, the shared preamble's key (src/parse/prefix.c), and as a
#              file's text with its comments blanked (src/parse/comments.c) and
#              its words read (src/parse/word_scan.c), and as the PCH's facts file
#              (src/parse/pch_facts_file.c)
# Fails (non-zero exit) on any crash, sanitizer report, hang or broken
# invariant; the input that triggered it is left in the build folder as
# crash-* / timeout-* (prefixed walk- for fuzz_walk, config- for fuzz_config,
# lsp- for fuzz_lsp).
#   scripts/fuzz.sh [SECONDS]        (default: $FUZZ_SECONDS or 60; the total)
# Environment: CLANG (default clang-19), FUZZ_BUILD (default build-fuzz),
# LLVM_CONFIG (default llvm-config-19), FUZZ_TARGETS (default "ptx walk cutile config lsp prefix").
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-${FUZZ_SECONDS:-60}}
clang=${CLANG:-clang-19}
out=${FUZZ_BUILD:-build-fuzz}
llvm_config=${LLVM_CONFIG:-llvm-config-19}
targets=${FUZZ_TARGETS:-ptx walk cutile config lsp prefix}

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

cflags=(-std=c17 -g -O1 -fno-omit-frame-pointer
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror -Wno-unused-parameter
  -Iinclude -Isrc)

build_ptx() {
  "$clang" "${cflags[@]}" \
    test/fuzz/fuzz_ptx.c src/ptx/ptx_atom.c src/ptx/ptx_validate.c src/atomics/facts.c src/util/strbuf.c src/util/overlay.c \
    -o "$out/fuzz_ptx"
}

# The walk needs the whole tool but main.c, linked against libclang.
build_walk() {
  local llvm_inc llvm_lib gen="$out/generated/cuatomlint" version
  llvm_inc=$("$llvm_config" --includedir)
  llvm_lib=$("$llvm_config" --libdir)
  version=$(sed -n 's/^project(cuatomlint VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
  mkdir -p "$gen" "$out/obj"
  sed -e "s|@PROJECT_VERSION@|$version|" -e 's|@CUATOMLINT_DOCS_URL@|fuzz|' \
    -e 's|@CUATOMLINT_HOME_URL@|fuzz|' include/cuatomlint/version.h.in > "$gen/version.h.new"
  cmp -s "$gen/version.h.new" "$gen/version.h" || mv "$gen/version.h.new" "$gen/version.h"
  # the check pages as SARIF rule help (src/report/check_help.c), as the build makes them
  cmake -DDOCS=docs/checks -DOUT="$out/generated/check_help_table.c" -P cmake/embed-check-docs.cmake
  local objs=() stale=() src obj
  build_grammar
  for src in src/*/*.c src/*/*/*.c \
             "$out/generated/check_help_table.c" test/fuzz/fuzz_walk.c; do
    [ "$src" = src/driver/main.c ] && continue
    obj="$out/obj/$(echo "${src%.c}" | tr / _).o"
    objs+=("$obj")
    # rebuild what changed (a header newer than the object counts)
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || \
       [ -n "$(find src include -name '*.h' -newer "$obj" -print -quit)" ]; then
      stale+=("$src")
    fi
  done
  export FUZZ_CC="$clang" FUZZ_OUT="$out"
  export FUZZ_CFLAGS="${cflags[*]} -I$out/generated -I$llvm_inc"
  printf '%s\n' "${stale[@]}" | xargs -r -P "$(nproc)" -I{} sh -c \
    'o="$FUZZ_OUT/obj/$(echo "${1%.c}" | tr / _).o"; $FUZZ_CC $FUZZ_CFLAGS -c "$1" -o "$o"' sh {}
  "$clang" "${cflags[@]}" "${objs[@]}" "$out/ts_python_parser.o" "$out/ts_python_scanner.o" \
    -L"$llvm_lib" -Wl,-rpath,"$llvm_lib" -lclang -lcjson -lyaml -ltree-sitter -lpthread -o "$out/fuzz_walk"
  # the config reader's target: the same objects, its own entry point
  local fuzz_walk_obj="$out/obj/test_fuzz_fuzz_walk.o"
  $FUZZ_CC $FUZZ_CFLAGS -c test/fuzz/fuzz_config.c -o "$out/obj/test_fuzz_fuzz_config.o"
  "$clang" "${cflags[@]}" "${objs[@]/$fuzz_walk_obj/$out/obj/test_fuzz_fuzz_config.o}" \
    "$out/ts_python_parser.o" "$out/ts_python_scanner.o" \
    -L"$llvm_lib" -Wl,-rpath,"$llvm_lib" -lclang -lcjson -lyaml -ltree-sitter -lpthread \
    -o "$out/fuzz_config"
  # the language server's reader and dispatcher: the same objects, its own entry point
  $FUZZ_CC $FUZZ_CFLAGS -c test/fuzz/fuzz_lsp.c -o "$out/obj/test_fuzz_fuzz_lsp.o"
  "$clang" "${cflags[@]}" "${objs[@]/$fuzz_walk_obj/$out/obj/test_fuzz_fuzz_lsp.o}" \
    "$out/ts_python_parser.o" "$out/ts_python_scanner.o" \
    -L"$llvm_lib" -Wl,-rpath,"$llvm_lib" -lclang -lcjson -lyaml -ltree-sitter -lpthread \
    -o "$out/fuzz_lsp"
}

# Built with the walk's objects (the config reader needs the check registry).
build_config() {
  # built already when the walk target came first
  [[ " $targets " == *" walk "*" config "* ]] && [ -x "$out/fuzz_config" ] && return 0
  build_walk
}

build_prefix() {
  # user_words.h declares its parse half with libclang's types: the headers only
  "$clang" "${cflags[@]}" -I"$("$llvm_config" --includedir)" \
    test/fuzz/fuzz_prefix.c src/parse/prefix.c src/parse/comments.c src/parse/word_scan.c \
    src/parse/arch_pp.c src/parse/pch_facts_file.c src/util/strbuf.c src/util/overlay.c \
    src/util/hash.c -o "$out/fuzz_prefix"
}

run_prefix() {
  mkdir -p "$out/corpus-prefix"
  "$out/fuzz_prefix" -max_total_time="$1" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -dict=test/fuzz/prefix.dict -artifact_prefix="$out/prefix-" -print_final_stats=1 \
    "$out/corpus-prefix" test/fuzz/corpus-prefix
}

run_config() {
  mkdir -p "$out/corpus-config"
  # -close_fd_mask=2: the reader's one-line errors on stderr are not news (crash reports still are)
  "$out/fuzz_config" -max_total_time="$1" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 \
    -max_len=4096 -dict=test/fuzz/config.dict -artifact_prefix="$out/config-" -print_final_stats=1 \
    "$out/corpus-config" test/fuzz/corpus-config
}

# Built with the walk's objects (the server reaches the whole driver).
build_lsp() {
  [[ " $targets " == *" walk "* ]] && [ -x "$out/fuzz_lsp" ] && return 0
  build_walk
}

run_lsp() {
  mkdir -p "$out/corpus-lsp"
  # -close_fd_mask=2: the server's stderr lines are not news (crash reports still are)
  "$out/fuzz_lsp" -max_total_time="$1" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 \
    -max_len=8192 -dict=test/fuzz/lsp.dict -artifact_prefix="$out/lsp-" -print_final_stats=1 \
    "$out/corpus-lsp" test/fuzz/corpus-lsp
}

run_ptx() {
  mkdir -p "$out/corpus"
  # New inputs go to $out/corpus; the checked-in seeds stay as they are.
  "$out/fuzz_ptx" -max_total_time="$1" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -dict=test/fuzz/ptx.dict -artifact_prefix="$out/" -print_final_stats=1 \
    "$out/corpus" test/fuzz/corpus
}

run_walk() {
  mkdir -p "$out/walk-corpus"
  # A parse takes tens of milliseconds: small inputs, generous time-out.
  LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/test/lsan.supp:print_suppressions=0} \
  "$out/fuzz_walk" -max_total_time="$1" -timeout=30 -rss_limit_mb=4096 \
    -max_len=4096 -dict=test/fuzz/walk.dict -artifact_prefix="$out/walk-" \
    -print_final_stats=1 "$out/walk-corpus" test/fuzz/walk-corpus
}

# The Python grammar's generated C (cuTile), built without our warnings, as
# in CMakeLists.txt; the walk target links it too (src/driver/run.c reaches src/cutile/).
build_grammar() {
  local grammar
  [ -f "$out/ts_python_scanner.o" ] && return 0
  grammar=$(scripts/fetch-python-grammar.sh)
  mkdir -p "$out"
  "$clang" -std=gnu17 -w -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
    -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link -I"$grammar/src" \
    -c "$grammar/src/parser.c" -o "$out/ts_python_parser.o"
  "$clang" -std=gnu17 -w -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
    -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link -I"$grammar/src" \
    -c "$grammar/src/scanner.c" -o "$out/ts_python_scanner.o"
}

build_cutile() {
  build_grammar
  "$clang" "${cflags[@]}" -Iinclude -Isrc -I"$("$llvm_config" --includedir)" \
    test/fuzz/fuzz_cutile.c src/cutile/*.c src/checks/*/cutile.c \
    src/util/finding.c src/util/strbuf.c src/util/overlay.c src/util/hash.c \
    src/util/diag.c src/fixits/edit.c src/parse/ast.c \
    "$out/ts_python_parser.o" "$out/ts_python_scanner.o" -ltree-sitter \
    -L"$("$llvm_config" --libdir)" -Wl,-rpath,"$("$llvm_config" --libdir)" -lclang \
    -o "$out/fuzz_cutile"
}

run_cutile() {
  mkdir -p "$out/corpus-cutile"
  "$out/fuzz_cutile" -max_total_time="$1" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -dict=test/fuzz/cutile.dict -artifact_prefix="$out/cutile-" \
    -print_final_stats=1 "$out/corpus-cutile" test/fuzz/corpus-cutile
}

mkdir -p "$out"
set -- $targets
share=$(( seconds / $# ))
[ "$share" -gt 0 ] || share=1
for t in "$@"; do
  echo "fuzz: building fuzz_$t"
  "build_$t"
done
for t in "$@"; do
  echo "fuzz: running fuzz_$t for ${share}s"
  "run_$t" "$share"
done
echo "fuzz: no crash in ${seconds}s ($targets)"
