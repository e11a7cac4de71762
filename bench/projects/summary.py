#!/usr/bin/env python3
"""Print the markdown tables of the end-to-end harness from its result files.

  bench/projects/summary.py [WORK]     (WORK: as run.py's; every WORK/NAME/TYPE/result.json)
"""
import glob
import json
import os
import sys


def short(counts):
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def load(work):
    results = []
    for path in sorted(glob.glob(os.path.join(work, "*", "*", "result.json"))):
        with open(path) as f:
            results.append(json.load(f))
    return results


def main_table(results):
    print("| project | build | TUs linted (not linted: time-out, crash) | partial (nvcc compiles it / not / not tried) | findings "
          "| fixes applied | withheld | rolled back (files) | rebuilt ok / failed after --fix "
          "| fixable findings with an applied fix | 2nd --fix applied | re-lint findings "
          "| wall s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        part = r["partial"].values()
        yes = sum(p["nvcc_compiles"] is True for p in part)
        no = sum(p["nvcc_compiles"] is False for p in part)
        other = len(r["partial"]) - yes - no
        sel = r["selection"]
        share = r["fix_share"]
        pct = (f"{share['with_applied_fix']}/{share['findings']} "
               f"({100.0 * share['with_applied_fix'] / share['findings']:.0f}%)"
               if share["findings"] else "0/0")
        ok = sum(1 for v in r["rebuilds"].values() if v["before"] and v["after"])
        fix = r["fix"]
        wall = r["wall"]["fix_run"] + r["wall"]["second_fix"]
        cpu = r["cpu"]["fix_run"] + r["cpu"]["second_fix"]
        nl = len(r.get("not_linted", {}))
        print(f"| {r['name']} | {r['build_type']} | {len(r['tus']) - nl} of {sel['cuda_tus']}"
              + (f" ({nl} not)" if nl else "") + " "
              f"| {yes} / {no} / {other} | {sum(r['findings_by_check'].values())} "
              f"| {fix['applied']} | {fix['refused'] + fix['not_applied']} "
              f"| {fix['rolled_back_files']} | {ok} / {len(r['failed_rebuilds'])} | {pct} "
              f"| {r['second_fix_applied']} | {sum(r['relint_by_check'].values())} "
              f"| {wall:.0f} | {cpu:.0f} |")


def detail(results):
    print()
    print("| project | build | findings per check | re-lint after --fix | "
          "not applied (reasons) | rebuild targets dropped |")
    print("|---|---|---|---|---|---|")
    for r in results:
        reasons = "; ".join(r["fix"]["not_applied_reasons"]) or "none"
        print(f"| {r['name']} | {r['build_type']} | {short(r['findings_by_check'])} "
              f"| {short(r['relint_by_check'])} | {reasons} "
              f"| {', '.join(r['rebuild_dropped_targets']) or 'none'} |")
    rows = [(r, tu, p) for r in results for tu, p in sorted(r["partial"].items())]
    if rows:
        print()
        print("| project | build | TU parsed partially | first error | nvcc compiles it |")
        print("|---|---|---|---|---|")
        for r, tu, p in rows:
            first = p["first"].split("(first: ", 1)[-1].split("); findings", 1)[0]
            nv = {True: "yes (a defect of cuatomlint)", False: "no: " + p["nvcc_error"][:120],
                  None: "not tried"}[p["nvcc_compiles"]]
            print(f"| {r['name']} | {r['build_type']} | `{tu}` | {first.replace('|', '/')[:200]} "
                  f"| {nv.replace('|', '/')} |")
    for r in results:
        for tu, why in r.get("not_linted", {}).items():
            print(f"\nNot linted: {r['name']} {r['build_type']} `{tu}`: {why}")
    failed = [(r, tu) for r in results for tu in r["failed_rebuilds"]]
    for r, tu in failed:
        print(f"\nFailed rebuild: {r['name']} {r['build_type']} `{tu}`: {r['rebuilds'][tu]['error']}")


def totals(results):
    n = sum(r["fix_share"]["findings"] for r in results)
    a = sum(r["fix_share"]["with_applied_fix"] for r in results)
    print()
    print(f"- fixable findings with an applied fix, in all: {a} of {n}"
          + (f" ({100.0 * a / n:.0f}%)" if n else ""))
    print(f"- partial parses of files nvcc compiles: "
          f"{sum(p['nvcc_compiles'] is True for r in results for p in r['partial'].values())}; "
          f"rollbacks: {sum(r['fix']['rolled_back_files'] for r in results)}; "
          f"failed rebuilds: {sum(len(r['failed_rebuilds']) for r in results)}; "
          f"second --fix applied: {sum(r['second_fix_applied'] for r in results)}")
    commits = sorted({r["cuatomlint_commit"] for r in results})
    dates = sorted({r["date"] for r in results})
    if dates:
        print(f"- cuatomlint {', '.join(commits)}; runs {dates[0]} to {dates[-1]}")


def main():
    work = sys.argv[1] if len(sys.argv) > 1 else os.environ.get(
        "CUATOMLINT_PROJECTS_DIR", "/tmp/cuatomlint-projects")
    results = load(work)
    if not results:
        print(f"summary.py: no result.json under {work}", file=sys.stderr)
        return 2
    main_table(results)
    detail(results)
    totals(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
