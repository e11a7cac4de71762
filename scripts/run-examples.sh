#!/usr/bin/env bash
# Set everything up and run cuatomlint on the bundled examples.
# Exit status is cuatomlint's: 1 means it found the misuse the examples hold.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build || exit 2
build/cuatomlint --cuda-arch=sm_75,sm_90 examples/
