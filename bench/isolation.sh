#!/bin/sh
# The cost of running each job in a process of its own (issue 12 item 2):
# wall and CPU time (user + sys, children included) of two cuatomlint
# binaries on the same files, runs alternating, each run printed.
#
#   bench/isolation.sh OLD_BINARY NEW_BINARY [RUNS] -- LINT_ARGS...
#
# e.g. bench/isolation.sh /tmp/old/cuatomlint build/cuatomlint 3 -- -j1 examples /tmp/corpus
set -eu
old=$1 new=$2 runs=3
shift 2
if [ "${1:-}" != "--" ]; then runs=$1; shift; fi
[ "${1:-}" = "--" ] && shift
measure() {
	# prints "WALL CPU" in seconds
	python3 - "$@" <<'PY'
import os, subprocess, sys, time
t = time.monotonic()
r0 = os.times()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r1 = os.times()
print("%.2f %.2f" % (time.monotonic() - t,
      (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)))
PY
}
i=0
while [ $i -lt "$runs" ]; do
	o=$(measure "$old" --no-cache "$@")
	n=$(measure "$new" --no-cache "$@")
	echo "run $i: threads (old) wall/cpu $o   processes (new) wall/cpu $n"
	i=$((i + 1))
done
