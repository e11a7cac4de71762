#!/usr/bin/env python3
"""Apply the fixes of a cuatomlint --format json report to one file.

Usage: apply-fixes.py REPORT.json SOURCE OUTPUT

A stand-in for the rewriter in these tests: identical edits collapse,
overlapping ones are an error, edits are applied back to front.
"""
import json
import sys

report, source, output = sys.argv[1:4]
with open(report) as f:
    findings = json.load(f)
with open(source, "rb") as f:
    text = f.read()
edits = set()
for finding in findings:
    for fix in finding.get("fixes", []):
        edits.add((fix["offset"], fix["length"], fix["replacement"]))
last = None
for offset, length, replacement in sorted(edits, reverse=True):
    if last is not None and offset + length > last:
        sys.exit("overlapping edits at offset %d" % offset)
    text = text[:offset] + replacement.encode() + text[offset + length:]
    last = offset
with open(output, "wb") as f:
    f.write(text)
