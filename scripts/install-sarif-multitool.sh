#!/bin/sh
# Installs Microsoft's SARIF Multitool (npm @microsoft/sarif-multitool) into
# DIR (default build/tools) for the SARIF validation test.  Needs node/npm;
# installs them with apt-get when missing.
set -eu
dir=${1:-build/tools}
version=5.7.0
bin="$dir/node_modules/.bin/sarif-multitool"
if [ -x "$bin" ]; then
	echo "$bin"
	exit 0
fi
. "$(dirname "$0")/ensure-npm.sh"
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --silent "@microsoft/sarif-multitool@$version" >&2
# npm may skip the package's postinstall script that marks the binary executable.
find "$dir/node_modules/@microsoft" -name Sarif.Multitool -type f -exec chmod u+x {} +
echo "$bin"
