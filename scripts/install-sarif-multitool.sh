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
if ! command -v npm >/dev/null 2>&1; then
	sudo_cmd=""
	[ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
	$sudo_cmd apt-get update -qq >&2
	$sudo_cmd apt-get install -y -qq nodejs npm >&2
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --silent "@microsoft/sarif-multitool@$version" >&2
# npm may skip the package's postinstall script that marks the binary executable.
find "$dir/node_modules/@microsoft" -name Sarif.Multitool -type f -exec chmod u+x {} +
echo "$bin"
