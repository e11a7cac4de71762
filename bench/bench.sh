#!/usr/bin/env bash
# The cuatomlint benchmark: cuatomlint vs clang++-19 -fsyntax-only and
# clang-tidy-19 on the same files with the same arguments, arch scaling,
# -j2 vs -j1, warm vs cold cache, peak memory.  See bench/README.md.
#   bench/bench.sh [--quick] [--full] [--tool PATH] [--files N] [--corpus N]
#   bench/bench.sh --corpus DIR [--archs LIST] [--pairs N] [--per-file] [-- FLAGS...]
#     (per-parse overhead on a directory of real code: bench/overhead.py)
#   bench/bench.sh --opencl [--files N]   (OpenCL C: bench/opencl_bench.py)
#   bench/bench.sh --project DBDIR [--max-tus N] [--jobs J]
#     (a whole project vs compiling it, the shared preamble: bench/whole_project.py)
# Needs a build (scripts/setup.sh build), clang++-19, and for the
# clang-tidy comparison clang-tidy-19 (installed here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --opencl ]; then
  # the OpenCL row: cuatomlint vs clang-19 -x cl -fsyntax-only (bench/opencl_bench.py)
  shift
  [ -x build/cuatomlint ] || scripts/setup.sh build
  exec python3 bench/opencl_bench.py "$@"
fi
if [ "${1:-}" = --project ]; then
  shift
  [ -x build/cuatomlint ] || scripts/setup.sh build
  exec python3 bench/whole_project.py "$@"
fi
if [ "${1:-}" = --corpus ] && [ -e "${2:-}" ]; then
  [ -x build/cuatomlint ] || scripts/setup.sh build
  exec python3 bench/overhead.py "$@"
fi

if ! command -v clang-tidy-19 >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q clang-tidy-19 >/dev/null ||
    echo "bench: clang-tidy-19 not installed; skipping that comparison" >&2
fi
[ -x build/cuatomlint ] || scripts/setup.sh build
exec python3 bench/bench.py "$@"
