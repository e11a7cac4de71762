# Sourced by the scripts that install npm packages project-locally: npm from
# Debian's nodejs/npm packages where the command is missing (only the command
# matters: nodesource or nvm installs are fine).
if ! command -v npm >/dev/null 2>&1; then
	sudo_cmd=""
	[ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
	$sudo_cmd apt-get update -qq >&2
	$sudo_cmd apt-get install -y -qq nodejs npm >&2
fi
