#!/usr/bin/env bash
# The end-to-end path on the bundled examples/ CMake project, as a user takes it:
# configure it (Release or Debug) with compile_commands.json, `cuatomlint -p` with --fix
# on a copy, rebuild every fixed file with its own nvcc command (compile only), lint
# again, --fix again.  Fails on a partial parse, a rollback, a rebuild that fails after
# --fix, or a second --fix that applies anything (bench/projects/run.py --check).
#   test/projects/examples.sh BUILD_DIR Release|Debug
# Needs cmake and nvcc; without them it prints why and exits 77 (CTest: skipped).
set -euo pipefail
build=$(cd "$1" && pwd) type=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$nvcc" ]; then echo "skipped: no nvcc (the CUDA toolkit is needed to configure examples/)"; exit 77; fi
if ! command -v cmake >/dev/null; then echo "skipped: no cmake"; exit 77; fi
work="$build/test/projects/$type"
rm -rf "$work"
mkdir -p "$work"
PATH="$(dirname "$nvcc"):$PATH" python3 "$here/bench/projects/run.py" --source "$here/examples" \
	--name examples --build-type "$type" --work "$work" --cuatomlint "$build/cuatomlint" \
	--check --no-partial
python3 "$here/bench/projects/summary.py" "$work"
