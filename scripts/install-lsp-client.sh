#!/bin/sh
# Installs the npm packages of VS Code's language client protocol layer
# (vscode-languageserver-protocol, with vscode-jsonrpc) into DIR (default
# build/tools) for the lit test that drives `cuatomlint lsp` from Node
# (test/lit/lsp/node.test).  Needs node/npm; installs them with apt-get
# when missing.  Prints the node_modules folder.
set -eu
dir=${1:-build/tools}
version=3.17.5
mods="$dir/node_modules"
if [ -f "$mods/vscode-languageserver-protocol/package.json" ] &&
   grep -q "\"version\": \"$version\"" "$mods/vscode-languageserver-protocol/package.json"; then
	echo "$mods"
	exit 0
fi
. "$(dirname "$0")/ensure-npm.sh"
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --silent "vscode-languageserver-protocol@$version" >&2
echo "$mods"
