#!/bin/sh
# Generated-scale benchmark (issue 12 item 5): a 20,000-line file with
# 2,000 findings against a clean file of the same size, and the load of a
# 200,000-entry compile database.  Prints wall and CPU seconds (user + sys)
# and the findings/clean ratio.
#
#   bench/scale.sh [--tool build/cuatomlint] [--lines N] [--findings N] [--entries N]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tool=$here/../build/cuatomlint lines=20000 findings=2000 entries=200000
while [ $# -gt 0 ]; do
	case $1 in
	--tool) tool=$2; shift 2 ;;
	--lines) lines=$2; shift 2 ;;
	--findings) findings=$2; shift 2 ;;
	--entries) entries=$2; shift 2 ;;
	*) echo "usage: $0 [--tool BIN] [--lines N] [--findings N] [--entries N]" >&2; exit 2 ;;
	esac
done
work=$(mktemp -d "${TMPDIR:-/tmp}/cuatomlint-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
python3 "$here/gen_scale.py" findings "$lines" "$findings" "$work/findings.cu"
python3 "$here/gen_scale.py" clean "$lines" "$work/clean.cu"
python3 "$here/gen_scale.py" compdb "$entries" "$work/db"
python3 - "$tool" "$work" "$lines" "$findings" "$entries" <<'PY'
import os, subprocess, sys, time
tool, work, lines, findings, entries = sys.argv[1:]
def run(args):
    t = time.monotonic(); r0 = os.times()
    p = subprocess.run([tool, "--no-cache", "--builtin-cuda"] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    r1 = os.times()
    cpu = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    return time.monotonic() - t, cpu, p.stdout.count(b"warning:")
lint = ["--checks=-*,volatile-sync", "-j1"]
fw, fc, n = run(lint + [os.path.join(work, "findings.cu")])
cw, cc, _ = run(lint + [os.path.join(work, "clean.cu")])
print("%s-line file, %d findings: wall %.2f s, CPU %.2f s" % (lines, n, fw, fc))
print("%s-line clean file:          wall %.2f s, CPU %.2f s" % (lines, cw, cc))
print("ratio findings/clean:        wall %.2f, CPU %.2f" % (fw / cw, fc / cc))
dw, dc, _ = run(["-p", os.path.join(work, "db"), os.path.join(work, "db", "src", "f0.cu")])
print("%s-entry compile database, one file linted: wall %.2f s, CPU %.2f s" % (entries, dw, dc))
PY
