#!/usr/bin/env bash
# Install what is missing, build cuatomlint, and lint the bundled examples/.
#
# The examples hold real misuse on purpose (examples/README.md lists it), so
# cuatomlint is expected to exit 1 ("findings"): this script then prints the
# summary and exits 0.  cuatomlint exiting 0 (it missed the misuse) or 2
# (usage or input error) makes the script fail, as does hipcc failing on the
# HIP example.  The targets come from
# examples/.cuatomlint (sm_52, sm_90); extra arguments go to cuatomlint.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh build || { echo "run-examples: setup or build failed" >&2; exit 2; }

# The HIP example (examples/host_sum.hip, docs/hip.md) is linted with the
# others, for gfx90a and gfx1100; it must also compile with Debian's hipcc
# (compile only: there is no AMD GPU here; Debian's ROCm 5.2 has no device
# library for gfx11, hence -nogpulib -fgpu-rdc there).
hip_obj=$(mktemp -d)
if ! hipcc --offload-arch=gfx90a -c examples/host_sum.hip -o "$hip_obj/gfx90a.o" ||
   ! hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c examples/host_sum.hip -o "$hip_obj/gfx1100.o"; then
  echo "run-examples: error: hipcc does not compile examples/host_sum.hip" >&2
  rm -rf "$hip_obj"
  exit 2
fi
rm -rf "$hip_obj"

build/cuatomlint --summary "$@" examples/
status=$?

case $status in
1)
  echo "run-examples: cuatomlint found the misuse the examples hold (exit 1, as expected)"
  exit 0
  ;;
0)
  echo "run-examples: error: cuatomlint found nothing in examples/, which holds known misuse" >&2
  exit 1
  ;;
*)
  echo "run-examples: error: cuatomlint failed with exit status $status" >&2
  exit "$status"
  ;;
esac
