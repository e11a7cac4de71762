"""Apply the fix-it lines of cuatomlint's text output (stdin) to SRC, writing OUT.

A test helper only: the real rewriter is cuatomlint --fix.  Identical edits
collapse; edits are applied from the end of the file backwards.
usage: apply-fixits.py SRC OUT < report
"""
import os, re, sys
src, out = sys.argv[1], sys.argv[2]
lines = open(src).read().split('\n')
text = '\n'.join(lines)
starts = [0]
for l in lines: starts.append(starts[-1] + len(l) + 1)
edits = set()
for l in sys.stdin:
    m = re.match(r'fix-it:"([^"]*)":\{(\d+):(\d+)-(\d+):(\d+)\}:"(.*)"$', l.rstrip('\n'))
    if m and os.path.realpath(m.group(1)) == os.path.realpath(src):
        a,b,c,d = map(int, m.groups()[1:5])
        edits.add((starts[a-1]+b-1, starts[c-1]+d-1, m.group(6)))
for s,e,r in sorted(edits, reverse=True):
    text = text[:s] + r + text[e:]
open(out,'w').write(text)

