#!/usr/bin/env bash
# Source rules, in the manner of curl's banned-function check: no unbounded
# string functions in src/.
set -euo pipefail
cd "$(dirname "$0")/.."
banned='\b(sprintf|vsprintf|strcpy|strcat|atoi|gets)\s*\('
if grep -nE "$banned" src/*/*.c src/checks/*/*.c; then
  echo "check-sources: banned function used (use strbuf/snprintf/strtol)" >&2
  exit 1
fi
# libclang accessors that crash on an invalid CXType: only ast.c's checked
# wrappers call them (test/unit/test_libclang_null.c says which crash).
unchecked='\bclang_(getUnqualifiedType|getNonReferenceType|getTypedefName|getAddressSpace)\s*\('
if grep -nE "$unchecked" src/*/*.c src/checks/*/*.c | grep -v '^src/parse/ast.c:'; then
  echo "check-sources: unchecked libclang type accessor (use cal_type_unqualified/cal_type_non_reference)" >&2
  exit 1
fi
echo "check-sources: 2 passed, 0 failed"
