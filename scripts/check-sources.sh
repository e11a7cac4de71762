#!/usr/bin/env bash
# Source rules, in the manner of curl's banned-function check: no unbounded
# string functions in src/.
set -euo pipefail
cd "$(dirname "$0")/.."
banned='\b(sprintf|vsprintf|strcpy|strcat|atoi|gets)\s*\('
if grep -nE "$banned" src/*.c src/*/*.c; then
  echo "check-sources: banned function used (use strbuf/snprintf/strtol)" >&2
  exit 1
fi
echo "check-sources: 1 passed, 0 failed"
