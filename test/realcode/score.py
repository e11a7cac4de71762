#!/usr/bin/env python3
"""Lint pinned public CUDA projects with their own flags and score the
findings against hand-labelled sites.

    test/realcode/score.py --snapshots DIR [--tool build/cuatomlint]
                           [--markdown FILE] [--only REPO] [-j N]

DIR holds one folder per project, named owner+name, with the project's
sources at the commit corpus.tsv pins (test/realcode/extract.sh makes them
from a bare git snapshot).  No project code is kept in this repository:
corpus.tsv names the translation units and their nvcc command lines,
sites.tsv the labelled lines (repository, path, line or line range,
check, verdict), generated.tsv the few headers a project's build would
generate (configure_file), written to {generated} for the run.

For each project a compile_commands.json with the nvcc command lines is
written to a temporary folder and linted in one run (`cuatomlint -p`), as a
user would.  Scored:
  - recall: labelled misuse sites with a finding of the labelled check on
    that line (any arch);
  - false findings: findings of a check on a line labelled correct for it,
    per check;
  - unlabelled findings are listed for review (not counted either way);
  - crashes (the tool killed by a signal), translation units parsed only
    partially (a clang-diagnostic-error finding or "partial_parse"), and
    wall time per project.
Nothing from the corpus is executed: the command lines are data the tool
parses.
"""
import argparse
import collections
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tsv(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        header = None
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            rows.append(dict(zip(header, cells)))
    return rows


# checks that never offer a fix (bench/projects/run.py keeps the same list)
NO_FIX_CHECKS = {"nv-atomic-host", "clang-diagnostic-error", "clang-partial-parse"}


def site_key(s):
    return (s["repo"], s["path"], s["line"], s["check"])


def write_generated(repo, gen_dir):
    """Headers a project's build generates (configure_file): written here."""
    for g in read_tsv("generated.tsv"):
        if g["repo"] == repo:
            path = os.path.join(gen_dir, g["path"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(g["text"].replace("\\n", "\n") + "\n")


def compile_db(root, units, gen_dir):
    entries = []
    for u in units:
        directory = os.path.join(root, u["dir"])
        flags = u["flags"].replace("{root}", root).replace("{generated}", gen_dir)
        command = "nvcc " + flags + " -c " + shlex.quote(u["file"])
        entries.append({"directory": directory, "command": command,
                        "file": os.path.join(directory, u["file"])})
    return entries


def lint_project(tool, repo, root, units, jobs):
    with tempfile.TemporaryDirectory(prefix="cuatomlint-realcode-") as tmp:
        gen_dir = os.path.join(tmp, "generated")
        write_generated(repo, gen_dir)
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump(compile_db(root, units, gen_dir), f, indent=1)
        out = os.path.join(tmp, "report.json")
        start = time.monotonic()
        # run from the project's root, as its developers would: headers
        # outside the source tree are not reported (--srcroot's default)
        r = subprocess.run([tool, "--no-cache", "--color=never", "-j", str(jobs),
                            "--format=json", "-o", out, "-p", tmp], cwd=root,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - start
        findings = []
        if os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                text = f.read()
            findings = json.loads(text) if text.strip() else []
        return r.returncode, r.stderr, findings, wall


def rel(path, root):
    path = os.path.normpath(path)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path


def score(args):
    corpus = read_tsv("corpus.tsv")
    sites = read_tsv("sites.tsv")
    by_repo = collections.OrderedDict()
    for u in corpus:
        if not args.only or u["repo"] == args.only:
            by_repo.setdefault(u["repo"], []).append(u)
    labelled = {}
    for s in sites:
        first, _, last = s["line"].partition("-")
        for line in range(int(first), int(last or first) + 1):
            labelled[(s["repo"], s["path"], line, s["check"])] = s
    found = set()
    fixable = collections.Counter()     # findings of checks that offer fixes, clean parses
    with_fix = collections.Counter()    # ... that carry one
    false_by_check = collections.Counter()
    correct_by_check = collections.Counter()
    unlabelled, rows, problems = [], [], []
    crashes = partial_tus = 0
    for repo, units in by_repo.items():
        root = os.path.realpath(os.path.join(args.snapshots, repo.replace("/", "+")))
        if not os.path.isdir(root):
            problems.append("%s: no snapshot at %s (test/realcode/extract.sh)" % (repo, root))
            continue
        rc, err, findings, wall = lint_project(args.tool, repo, root, units, args.jobs)
        if rc < 0 or rc > 2:
            crashes += 1
            problems.append("%s: the tool exited with %d: %s" % (repo, rc, err.strip()[-300:]))
        tu_files = {os.path.normpath(os.path.join(u["dir"], u["file"])) for u in units}
        partial = set()
        for f in findings:
            path = rel(f["file"], root)
            key = (repo, path, f["line"], f["check"])
            if f["check"] == "clang-diagnostic-error" or f.get("partial_parse"):
                if path in tu_files:
                    partial.add(path)
                if f["check"] == "clang-diagnostic-error":
                    problems.append("%s: %s:%d: %s" % (repo, path, f["line"], f["message"]))
                    continue
            if f["check"] not in NO_FIX_CHECKS and not f.get("partial_parse"):
                fixable[f["check"]] += 1
                with_fix[f["check"]] += bool(f.get("fixes"))
            site = labelled.get(key)
            if site is None:
                unlabelled.append("%s %s:%d [%s] %s" % (repo, path, f["line"], f["check"], f["message"]))
            elif site["verdict"] == "misuse":
                found.add(site_key(site))
            else:
                false_by_check[f["check"]] += 1
        partial_tus += len(partial)
        rows.append((repo, len(units), len(findings), len(partial), rc, wall))
    for s in sites:
        if s["verdict"] == "correct" and (not args.only or s["repo"] == args.only):
            correct_by_check[s["check"]] += 1
    misuse = [site_key(s) for s in sites if s["verdict"] == "misuse" and
              (not args.only or s["repo"] == args.only)]
    missed = [k for k in misuse if k not in found]
    return rows, misuse, found, missed, false_by_check, correct_by_check, unlabelled, problems, crashes, partial_tus, fixable, with_fix


def report(result, out):
    rows, misuse, found, missed, false_by_check, correct_by_check, unlabelled, problems, crashes, partial_tus, fixable, with_fix = result
    tus = sum(r[1] for r in rows)
    nfalse = sum(false_by_check.values())
    ncorrect = sum(correct_by_check.values())
    out.write("| project | TUs | findings | TUs with clang errors in their own file | exit | wall s |\n|---|---|---|---|---|---|\n")
    for repo, n, nf, npart, rc, wall in rows:
        out.write("| %s | %d | %d | %d | %d | %.1f |\n" % (repo, n, nf, npart, rc, wall))
    out.write("\n")
    out.write("- translation units: %d; crashes: %d; with clang errors in their own file: %d\n" % (tus, crashes, partial_tus))
    out.write("- recall on labelled misuse: %d of %d (%.0f%%)\n" %
              (len(found), len(misuse), 100.0 * len(found) / max(1, len(misuse))))
    out.write("- false findings on %d labelled correct sites: %d (precision %.1f%%)\n" %
              (ncorrect, nfalse, 100.0 * len(found) / max(1, len(found) + nfalse)))
    for check, n in sorted(false_by_check.items()):
        out.write("  - %s: %d\n" % (check, n))
    nfix, nfixable = sum(with_fix.values()), sum(fixable.values())
    out.write("- findings of checks that offer fixes (clean parses) carrying a fix: %d of %d (%.0f%%)\n" %
              (nfix, nfixable, 100.0 * nfix / max(1, nfixable)))
    for check in sorted(fixable):
        out.write("  - %s: %d of %d\n" % (check, with_fix[check], fixable[check]))
    if missed:
        out.write("- missed:\n")
        for repo, path, line, check in sorted(missed):
            out.write("  - %s %s:%s [%s]\n" % (repo, path, line, check))
    if unlabelled:
        out.write("- unlabelled findings (review and label):\n")
        for u in unlabelled:
            out.write("  - %s\n" % u)
    if problems:
        out.write("- problems:\n")
        for p in problems:
            out.write("  - %s\n" % p)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--snapshots", required=True)
    ap.add_argument("--tool", default=os.path.join(HERE, "..", "..", "build", "cuatomlint"))
    ap.add_argument("--markdown")
    ap.add_argument("--only")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    args.tool = os.path.realpath(args.tool)
    result = score(args)
    report(result, sys.stdout)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            report(result, f)
    rows, misuse, found, *_ = result
    crashes = result[8]
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
