#!/usr/bin/env bash
# Set everything up and run the whole test suite: unit tests and lit tests on
# a normal build, then again on an AddressSanitizer + UndefinedBehaviorSanitizer
# build (LeakSanitizer included), then the source rules.
#
# On a fresh Debian 12 this installs what is missing first (apt-get update,
# the build packages through scripts/setup.sh, nodejs/npm and Microsoft's
# SARIF Multitool for the SARIF validation test, which may then not be
# skipped, neovim and VS Code's npm protocol packages for the language
# server's client tests).  CUDA (nvcc) and cmake's CUDA support are optional: the tests
# that need them say REQUIRES: cuda-toolkit.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
packages=(cmake make gcc libclang-19-dev llvm-19-tools libcjson-dev libyaml-dev clang-19 python3 libtree-sitter-dev nodejs npm neovim
          pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers oclgrind clinfo
          libamdhip64-dev hipcc rocm-device-libs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm may come from elsewhere (nodesource, nvm): only the command matters.
if command -v npm >/dev/null 2>&1; then
  kept=()
  for p in "${missing[@]}"; do [[ $p == nodejs || $p == npm ]] || kept+=("$p"); done
  missing=("${kept[@]+"${kept[@]}"}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "test: installing ${missing[*]}"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi

scripts/setup.sh build
scripts/setup.sh build-asan -DCUATOMLINT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug

# The SARIF validation test must run: lit fails if the tool is missing.
multitool=$(scripts/install-sarif-multitool.sh build/tools | tail -n 1)
export CUATOMLINT_SARIF_MULTITOOL=$PWD/$multitool
export CUATOMLINT_REQUIRE_SARIF_MULTITOOL=1
# The language server's client tests (Neovim, and Node with VS Code's
# protocol packages) must run too.
lsp_modules=$(scripts/install-lsp-client.sh build/tools | tail -n 1)
export CUATOMLINT_LSP_NODE_MODULES=$PWD/$lsp_modules
export CUATOMLINT_REQUIRE_LSP_CLIENTS=1

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp:print_suppressions=0

status=0
echo "== tests in build"
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
# The GPU tests compile CUDA programs with nvcc, and the OpenCL host program
# runs kernels on PoCL and under oclgrind (whose preloaded library and ASan's
# runtime do not mix): the sanitizers add nothing there.  The toolkit sweep's
# sample parses CCCL 14 times (minutes under ASan) and exercises no code the
# lit suite does not.
echo "== tests in build-asan"
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" -LE 'gpu|opencl|toolkit-sweep' || status=1
echo "== fuzzing the PTX reader, the walk, the cuTile reader and the config reader (${FUZZ_SECONDS:-60} s in all)"
scripts/fuzz.sh "${FUZZ_SECONDS:-60}" || status=1
echo "== source rules"
scripts/check-sources.sh || status=1
echo "== includes run down the layers (docs/architecture.md)"
scripts/check-layers.sh || status=1
echo "== every check has a docs page, positive and negative lit tests, a summary"
scripts/check-checks.sh build/cuatomlint || status=1
exit $status
