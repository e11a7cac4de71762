#!/usr/bin/env python3
"""expect-exit N CMD...: run CMD, pass its output through, and fail unless
its exit status is exactly N (lit's `not` accepts any failure, which would
hide a crash or a sanitizer abort)."""
import subprocess
import sys

want = int(sys.argv[1])
r = subprocess.run(sys.argv[2:])
if r.returncode != want:
    sys.stderr.write("expect-exit: %s exited with %d, expected %d\n"
                     % (sys.argv[2], r.returncode, want))
    sys.exit(1)
