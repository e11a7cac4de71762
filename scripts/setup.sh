#!/usr/bin/env bash
# Install what cuatomlint needs on Debian 12 (when missing) and build it.
#   scripts/setup.sh [BUILD_DIR] [extra cmake args...]
# Installs only packages that are absent; needs root (or sudo) the first time.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake make gcc libclang-19-dev llvm-19-tools libcjson-dev libyaml-dev clang-19 python3 libtree-sitter-dev
          pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers oclgrind clinfo
          libamdhip64-dev hipcc rocm-device-libs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi

# cuTile front end: the Python grammar's generated parser (npm pack, no scripts run).
scripts/fetch-python-grammar.sh >/dev/null

build=${1:-build}
shift || true
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$build" -j "$(nproc)"
