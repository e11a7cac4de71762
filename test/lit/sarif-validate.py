#!/usr/bin/env python3
"""sarif-validate MULTITOOL FILE [KINDS]: validate FILE with Microsoft's SARIF
Multitool (the 2.1.0 schema plus its SARIF rules, and with KINDS also the
rules of those services: "Gh" GitHub code scanning, "Ado" Azure DevOps
advanced security, "Gh;Ado" both) and fail on any error or warning it
reports; notes are allowed."""
import re
import subprocess
import sys

tool, path = sys.argv[1], sys.argv[2]
cmd = [tool, "validate", path]
if len(sys.argv) > 3:
    # the multitool wants the list in double quotes, Sarif's own rules named
    cmd += ["--rule-kind", '"Sarif;%s"' % sys.argv[3]]
r = subprocess.run(cmd, capture_output=True, text=True)
out = r.stdout + r.stderr
bad = [l for l in out.splitlines() if re.search(r"\): (error|warning) ", l)]
for l in bad:
    print(l)
if r.returncode != 0 or bad or "Analysis completed successfully" not in out:
    sys.stderr.write(out)
    sys.exit(1)
print("sarif-validate: ok")
