#!/bin/sh
# Fetches the generated C parser of tree-sitter's Python grammar (npm package
# tree-sitter-python, a version whose parser.c has LANGUAGE_VERSION 14, which
# Debian 12's libtree-sitter 0.20 reads) into DIR (default .deps/tree-sitter-python),
# outside git.  `npm pack` only downloads the tarball: no install scripts run.
# CMake calls this when the folder is missing; scripts/setup.sh too.
set -eu
version=0.23.6
dir=${1:-.deps/tree-sitter-python}
if [ -f "$dir/src/parser.c" ] && [ -f "$dir/.version-$version" ]; then
	echo "$dir"
	exit 0
fi
. "$(dirname "$0")/ensure-npm.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent --ignore-scripts "tree-sitter-python@$version" >/dev/null)
tar -xzf "$tmp"/tree-sitter-python-"$version".tgz -C "$tmp"
grep -q 'define LANGUAGE_VERSION 14' "$tmp/package/src/parser.c" || {
	echo "fetch-python-grammar: tree-sitter-python $version is not ABI 14" >&2
	exit 1
}
rm -rf "$dir"
mkdir -p "$dir/src/tree_sitter"
cp "$tmp/package/src/parser.c" "$tmp/package/src/scanner.c" "$dir/src/"
cp "$tmp"/package/src/tree_sitter/*.h "$dir/src/tree_sitter/"
[ -f "$tmp/package/LICENSE" ] && cp "$tmp/package/LICENSE" "$dir/"
touch "$dir/.version-$version"
echo "$dir"
