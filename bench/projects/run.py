#!/usr/bin/env python3
"""End-to-end harness: what a user does with cuatomlint on a CMake CUDA project.

  bench/projects/run.py PROJECT [--build-type default|Release|Debug] [--max-tus N]
  bench/projects/run.py --source DIR --name NAME [--archs '75;90'] ...   (any CMake project)

For one project and one build type:
 1. configure with the project's own CMake (-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, explicit
    CMAKE_CUDA_ARCHITECTURES; no CMAKE_BUILD_TYPE for "default", the project's own);
 2. pick the CUDA entries of compile_commands.json (all, or a deterministic sample);
 3. copy the source tree, point a copy of the database at the copy, and run
    `cuatomlint -p COPYDB --fix --format=json` on it (the JSON report is the lint of the
    untouched sources, the stderr summary says what was applied, refused, rolled back);
 4. run `--fix` again: it must apply 0 fixes, and its report is the re-lint after --fix;
 5. compile with the project's own command (compile only, output in a temporary folder)
    each sampled TU that has findings or a partial parse, before the fix, and each TU the fix
    touched, after it.  A command comes from the database and is run as an argument list,
    never through a shell; only an nvcc command is run (the user's own build).  Targets the
    installed nvcc cannot compile (sm_52 for CUDA 13) are dropped from the rebuild, and said.

Writes WORK/NAME/BUILD_TYPE/result.json; summary.py prints the markdown tables.
--check exits 1 when an aim is missed (partial parse of a file nvcc compiles, a rollback, a
rebuild that fails after --fix, a second --fix that applies something): the CTest test.
WORK is --work, else $CUATOMLINT_PROJECTS_DIR, else /tmp/cuatomlint-projects; a project's
sources are WORK/src/OWNER+NAME (extracted from --git-dir when missing).
"""
import argparse
import difflib
import filecmp
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Checks whose findings never carry a fix: the denominator of the fix share leaves them out.
NO_FIX_CHECKS = {"nv-atomic-host", "clang-diagnostic-error", "clang-partial-parse"}
ATOMIC_TEXT = re.compile(rb"\batomic\w*\s*[(<]|\bvolatile\b|__nv_atomic|__threadfence|atomic_ref")
LINE_RE = {
    "applied": re.compile(r"^cuatomlint: applied (\d+) fixes in (\d+) files"),
    "refused": re.compile(r"^cuatomlint: fix refused: (.+?):(\d+):(\d+) \[([^\]]+)\]: (.*)"),
    "not_applied": re.compile(r"^cuatomlint: fix not applied: (.+?):(\d+):(\d+) \[([^\]]+)\]: (.*)"),
    "rolled_back": re.compile(r"^cuatomlint: error: rolled back '(.+)': (.*)"),
    "not_linted": re.compile(r"^cuatomlint: error: cannot lint '(.+)': (.*)"),
}


def die(msg):
    print(f"run.py: {msg}", file=sys.stderr)
    sys.exit(2)


def load_projects():
    path = os.path.join(HERE, "projects.tsv")
    rows, header = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if header is None:
                header = cols
                continue
            row = dict(zip(header, cols + [""] * (len(header) - len(cols))))
            rows[row["name"]] = row
    return rows


def timed(argv, **kw):
    """Run argv (a list, no shell); return (CompletedProcess, wall s, child CPU s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(argv, capture_output=True, text=True, errors="replace", **kw)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, wall, cpu


def extract(git_dir, commit, dest):
    """Write the tree at commit under dest; blobs a snapshot lacks (large binaries) are skipped."""
    tree = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", commit],
                          capture_output=True, check=True).stdout.split(b"\0")
    blobs = []
    for item in tree:
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            blobs.append((sha, os.path.join(dest, path.decode("utf-8", "surrogateescape")), mode))
    cat = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path, mode in blobs:
        cat.stdin.write(sha + b"\n")
        cat.stdin.flush()
        header = cat.stdout.readline().split()
        if len(header) < 3:
            continue            # missing from the snapshot
        data = cat.stdout.read(int(header[2]))
        cat.stdout.read(1)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        if mode == b"100755":
            os.chmod(path, 0o755)
    cat.stdin.close()
    cat.wait()


def configure(src, build, archs, build_type, args, log):
    argv = ["cmake", "-S", src, "-B", build, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
            f"-DCMAKE_CUDA_ARCHITECTURES={archs}"]
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    argv.append(f"-DCMAKE_CUDA_COMPILER={nvcc}")
    if build_type != "default":
        argv.append(f"-DCMAKE_BUILD_TYPE={build_type}")
    argv += args
    p, wall, cpu = timed(argv)
    with open(log, "w") as f:
        f.write(shlex.join(argv) + "\n" + p.stdout + p.stderr)
    errors = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.startswith("CMake Error")]
    if p.returncode != 0 and not os.path.exists(os.path.join(build, "compile_commands.json")):
        die(f"cmake failed (exit {p.returncode}), see {log}")
    if p.returncode != 0:
        # a target that cannot be generated (a library the toolkit lacks) still leaves
        # the database of every other target: go on, and say so in the result
        print(f"run.py: cmake exited {p.returncode} ({len(errors)} errors, see {log}); "
              "its compile_commands.json is used", file=sys.stderr)
    return shlex.join(argv), wall, {"exit": p.returncode, "errors": errors[:5]}


def entry_argv(e):
    return list(e["arguments"]) if "arguments" in e else shlex.split(e["command"])


def is_cuda_entry(e):
    f = e["file"]
    if f.endswith((".cu", ".cuh")):
        return True
    argv = entry_argv(e)
    return any(a == "-x" and i + 1 < len(argv) and argv[i + 1] in ("cu", "cuda")
               for i, a in enumerate(argv))


def abspath_of(e):
    return os.path.normpath(os.path.join(e["directory"], e["file"]))


def spread(items, n):
    """n items of the list, evenly spaced, in order (deterministic)."""
    if n >= len(items):
        return list(items)
    return [items[(i * len(items)) // n] for i in range(n)]


def select(db, src, build, regex, max_tus):
    """CUDA entries under the source tree, or generated under the build tree (named
    @build/PATH: NCCL generates its device TUs); each file once, in path order."""
    seen, tus = set(), []
    for e in db:
        path = abspath_of(e)
        rel = os.path.relpath(path, src)
        if rel.startswith(".."):
            rel = "@build/" + os.path.relpath(path, build)
        if rel.startswith(("..", "@build/..")) or not is_cuda_entry(e) or path in seen:
            continue
        if regex and not re.search(regex, rel):
            continue
        seen.add(path)
        tus.append((rel, e))
    tus.sort(key=lambda t: t[0])
    with_atomics = []
    for rel, e in tus:
        try:
            with open(abspath_of(e), "rb") as f:
                if ATOMIC_TEXT.search(f.read()):
                    with_atomics.append(rel)
        except OSError:
            pass
    info = {"cuda_tus": len(tus), "with_atomic_text": len(with_atomics)}
    if not max_tus or max_tus >= len(tus):
        info["selection"] = "all"
        return [t for t in tus], info
    first = spread(with_atomics, max_tus)
    rest = [r for r, _ in tus if r not in set(first)]
    chosen = set(first + spread(rest, max_tus - len(first)))
    info["selection"] = (f"{max_tus} of {len(tus)}: the TUs whose own file names an atomic, "
                         f"volatile or a fence first ({len(with_atomics)} do), evenly spaced "
                         f"in path order, then others evenly spaced")
    return [t for t in tus if t[0] in chosen], info


def supported_codes(nvcc):
    p = subprocess.run([nvcc, "--list-gpu-code"], capture_output=True, text=True)
    return set(p.stdout.split())


GENCODE_ARCH = re.compile(r"arch=compute_(\d+[a-z]?)")


def rebuild_argv(argv, out_dir, supported):
    """The entry's command, compile only, output in out_dir; unsupported targets dropped."""
    res, dropped, i = [], [], 0
    while i < len(argv):
        a = argv[i]
        if a in ("-o", "--output-file", "-MF") and i + 1 < len(argv):
            res += [a, os.path.join(out_dir, "out.o" if a != "-MF" else "out.d")]
            i += 2
            continue
        gen = None
        if a in ("-gencode", "--generate-code") and i + 1 < len(argv):
            gen, step = argv[i + 1], 2
        elif a.startswith(("-gencode=", "--generate-code=")):
            gen, step = a.split("=", 1)[1], 1
        if gen is not None:
            m = GENCODE_ARCH.search(gen)
            if m and f"sm_{m.group(1)}" not in supported:
                dropped.append(f"sm_{m.group(1)}")
                i += step
                continue
            res += argv[i:i + step]
            i += step
            continue
        res.append(a)
        i += 1
    if "-c" not in res:
        res.append("-c")
    return res, dropped


def compile_tu(e, supported):
    """Compile the entry's TU with its own nvcc command; returns (ok, first error line, dropped)."""
    argv = entry_argv(e)
    if not os.path.basename(argv[0]).startswith("nvcc"):
        return None, f"not an nvcc command: {argv[0]}", []
    with tempfile.TemporaryDirectory(prefix="cal-rebuild-") as tmp:
        cmd, dropped = rebuild_argv(argv, tmp, supported)
        directory = e["directory"]
        p = subprocess.run(cmd, cwd=directory, capture_output=True, text=True, errors="replace")
    err = next((ln for ln in (p.stderr + p.stdout).splitlines() if "error" in ln), "")
    return p.returncode == 0, err[:300], dropped


def deps_of(e, supported):
    """The files a TU includes (nvcc -M with its own flags), for the rebuild after --fix."""
    argv = entry_argv(e)
    with tempfile.TemporaryDirectory(prefix="cal-deps-") as tmp:
        cmd, _ = rebuild_argv(argv, tmp, supported)
        cmd = [a for a in cmd if a != "-c"]
        o = cmd.index("-o") if "-o" in cmd else -1
        if o >= 0:
            del cmd[o:o + 2]
        cmd += ["-M", "-o", os.path.join(tmp, "deps.d")]
        p = subprocess.run(cmd, cwd=e["directory"], capture_output=True, text=True)
        if p.returncode != 0:
            return None
        with open(os.path.join(tmp, "deps.d")) as f:
            text = f.read().replace("\\\n", " ")
    return {os.path.normpath(t) for t in text.split()[1:]}


def copy_db(db, src, copy, rsp_dir):
    """The database with every path into the sources moved to the copy, response files
    too (CMake passes nvcc its -I list in `--options-file includes_CUDA.rsp`): the lint,
    the fix and the rebuild must all see the copy's headers."""
    out, rsp = [], {}
    for e in db:
        argv = [a.replace(src, copy) for a in entry_argv(e)]
        for i, a in enumerate(argv):
            name = None
            if a in ("--options-file", "-optf") and i + 1 < len(argv):
                name, at = argv[i + 1], i + 1
            elif a.startswith("--options-file="):
                name, at = a.split("=", 1)[1], i
            if name is None:
                continue
            path = os.path.normpath(os.path.join(e["directory"], name))
            if path not in rsp:
                rsp[path] = os.path.join(rsp_dir, f"{len(rsp)}.rsp")
                with open(path, errors="surrogateescape") as f, \
                     open(rsp[path], "w", errors="surrogateescape") as g:
                    g.write(f.read().replace(src, copy))
            argv[at] = rsp[path] if at == i + 1 else "--options-file=" + rsp[path]
        out.append({"directory": e["directory"].replace(src, copy), "arguments": argv,
                    "file": e["file"].replace(src, copy)})
    return out


def parse_fix_log(text):
    res = {"applied": 0, "files_written": 0, "refused": [], "not_applied": [], "rolled_back": [],
           "not_linted": []}
    for line in text.splitlines():
        m = LINE_RE["applied"].match(line)
        if m:
            res["applied"], res["files_written"] = int(m.group(1)), int(m.group(2))
            continue
        for key in ("refused", "not_applied", "rolled_back", "not_linted"):
            m = LINE_RE[key].match(line)
            if m:
                res[key].append(list(m.groups()))
    return res


def lint_fix(exe, dbdir, copy, files, jobs, out_json, log):
    argv = [exe, "-p", dbdir, "--fix", "--format=json", "-o", out_json, "--no-cache",
            f"--srcroot={copy}", "-j", str(jobs)] + files
    p, wall, cpu = timed(argv)
    with open(log, "w") as f:
        f.write(shlex.join(argv) + "\n" + p.stderr)
    if p.returncode not in (0, 1, 2) or not os.path.exists(out_json):
        die(f"cuatomlint exited {p.returncode}, see {log}")
    with open(out_json) as f:
        findings = json.load(f)
    return findings, parse_fix_log(p.stderr), p.returncode, wall, cpu, shlex.join(argv)


def tu_path(rel, copy, build):
    return os.path.join(build, rel[7:]) if rel.startswith("@build/") else os.path.join(copy, rel)


def rel_of(path, copy, build):
    rel = os.path.relpath(path, copy)
    return "@build/" + os.path.relpath(path, build) if rel.startswith("..") else rel


def by_check(findings):
    counts = {}
    for fd in findings:
        counts[fd["check"]] = counts.get(fd["check"], 0) + 1
    return dict(sorted(counts.items()))


def partial_tus(findings, copy, build):
    res = {}
    for fd in findings:
        if fd["check"] == "clang-partial-parse":
            res[rel_of(fd["file"], copy, build)] = fd["message"]
    return res


def changed_files(src, copy, candidates):
    out = []
    for rel in sorted(candidates):
        a, b = os.path.join(src, rel), os.path.join(copy, rel)
        if os.path.exists(a) and os.path.exists(b) and not filecmp.cmp(a, b, shallow=False):
            out.append(rel)
    return out


def write_diff(src, copy, build, changed, path):
    """The edits --fix made, as a unified diff, to be read."""
    with open(path, "w") as out:
        for rel in changed:
            if rel.startswith("@build/"):
                continue
            with open(os.path.join(src, rel), errors="surrogateescape") as a, \
                 open(os.path.join(copy, rel), errors="surrogateescape") as b:
                out.writelines(difflib.unified_diff(a.readlines(), b.readlines(),
                                                    "a/" + rel, "b/" + rel))


def finding_key(fd):
    return (fd["file"], str(fd["line"]), str(fd["column"]), fd["check"])


def fix_share(findings, log, copy, build, compiles_before):
    """Findings of checks that offer fixes, in files nvcc compiles, that carry an applied fix."""
    failed = {tuple(r[:4]) for r in log["refused"] + log["not_applied"]}
    total = applied = 0
    missing = {}
    for fd in findings:
        if fd["check"] in NO_FIX_CHECKS:
            continue
        # attributed to the TU of its own file where it is one, else counted (a header)
        rel = rel_of(fd["file"], copy, build)
        if compiles_before.get(rel) is False:
            continue
        total += 1
        if fd["fixes"] and finding_key(fd) not in failed:
            applied += 1
        else:
            missing[fd["check"]] = missing.get(fd["check"], 0) + 1
    return {"findings": total, "with_applied_fix": applied, "without_by_check": missing}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("project", nargs="?")
    ap.add_argument("--source", help="a CMake project folder (instead of a projects.tsv name)")
    ap.add_argument("--name")
    ap.add_argument("--archs", default=None)
    ap.add_argument("--filter", default=None)
    ap.add_argument("--cmake-arg", action="append", default=[])
    ap.add_argument("--build-type", default="default")
    ap.add_argument("--max-tus", type=int, default=0)
    ap.add_argument("--work", default=os.environ.get("CUATOMLINT_PROJECTS_DIR", "/tmp/cuatomlint-projects"))
    ap.add_argument("--git-dir", help="bare snapshot to extract the sources from when missing")
    ap.add_argument("--cuatomlint", default=os.path.join(ROOT, "build", "cuatomlint"))
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="exit 1 when an aim is missed")
    ap.add_argument("--no-partial", action="store_true",
                    help="with --check: any partial parse fails, whether nvcc compiles the file or not")
    o = ap.parse_args()

    exe = os.path.abspath(o.cuatomlint)
    if not os.access(exe, os.X_OK):
        die(f"no cuatomlint at {exe} (--cuatomlint)")
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        die("no nvcc")
    if o.source:
        name = o.name or os.path.basename(os.path.abspath(o.source))
        row = {"name": name, "repo": "", "commit": "", "cmake_dir": ".",
               "archs": o.archs or "75;90", "filter": o.filter or "", "args": "",
               "prebuild": ""}
        src = os.path.abspath(o.source)
    else:
        rows = load_projects()
        if o.project not in rows:
            die(f"unknown project '{o.project}' (projects.tsv has: {', '.join(rows)})")
        row, name = rows[o.project], o.project
        src = os.path.join(os.path.abspath(o.work), "src", row["repo"].replace("/", "+"))
        if not os.path.isdir(src):
            if not o.git_dir:
                die(f"no sources at {src}: pass --git-dir (a bare snapshot of {row['repo']})")
            extract(o.git_dir, row["commit"], src)
    archs = o.archs or row["archs"]
    regex = o.filter if o.filter is not None else row["filter"]
    args = [a.replace("{stub}", os.path.join(HERE, "stubs")) for a in row["args"].split()]
    args += o.cmake_arg

    base = os.path.join(os.path.abspath(o.work), name, o.build_type)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    build = os.path.join(base, "build")
    cmake_cmd, cmake_wall, cmake_status = configure(os.path.join(src, row["cmake_dir"]), build, archs,
                                      o.build_type, args, os.path.join(base, "cmake.log"))
    for target in row.get("prebuild", "").split():
        # headers the build generates before it compiles (NCCL's nccl.h)
        p = subprocess.run(["cmake", "--build", build, "--target", target],
                           capture_output=True, text=True)
        if p.returncode != 0:
            die(f"cmake --build --target {target} failed:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    with open(os.path.join(build, "compile_commands.json")) as f:
        db = json.load(f)
    tus, sel = select(db, src, build, regex, o.max_tus)
    if not tus:
        die("no CUDA entries selected")

    copy = os.path.join(base, "copy")
    shutil.copytree(src, copy, symlinks=True)
    copydb = os.path.join(base, "copydb")
    os.makedirs(copydb)
    with open(os.path.join(copydb, "compile_commands.json"), "w") as f:
        cdb = copy_db(db, src, copy, copydb)
        json.dump(cdb, f, indent=1)
    copied = {abspath_of(e): e for e in cdb}
    files = [tu_path(rel, copy, build) for rel, _ in tus]

    first, log1, rc1, wall1, cpu1, cmd1 = lint_fix(exe, copydb, copy, files, o.jobs,
                                                   os.path.join(base, "fix1.json"),
                                                   os.path.join(base, "fix1.log"))
    second, log2, rc2, wall2, cpu2, _ = lint_fix(exe, copydb, copy, files, o.jobs,
                                                 os.path.join(base, "fix2.json"),
                                                 os.path.join(base, "fix2.log"))

    supported = supported_codes(nvcc)
    partial = partial_tus(first, copy, build)
    with_findings = {rel_of(fd["file"], copy, build) for fd in first}
    touched = {rel_of(e["file"], copy, build) for fd in first for e in fd["fixes"]}
    changed = changed_files(src, copy, {t for t in touched | {rel for rel, _ in tus}
                                        if not t.startswith("@build/")})
    changed += sorted(t for t in touched if t.startswith("@build/"))
    entries = dict(tus)
    write_diff(src, copy, build, changed, os.path.join(base, "fix.diff"))

    compiles_before, rebuilds, dropped = {}, {}, set()
    for rel in sorted(set(partial) | (with_findings & set(entries))):
        ok, err, d = compile_tu(entries[rel], supported)
        compiles_before[rel] = ok
        dropped.update(d)
        if ok is False:
            compiles_before[rel + ":error"] = err
    changed_headers = [c for c in changed if c not in entries]
    for rel, e in tus:
        affected = rel in changed
        if not affected and changed_headers:
            deps = deps_of(copied[tu_path(rel, copy, build)], supported)
            affected = deps is None or any(os.path.join(copy, h) in deps for h in changed_headers)
        if not affected:
            continue
        if rel not in compiles_before:
            ok, err, d = compile_tu(e, supported)
            compiles_before[rel] = ok
            dropped.update(d)
        ok, err, d = compile_tu(copied[tu_path(rel, copy, build)], supported)
        rebuilds[rel] = {"before": compiles_before[rel], "after": ok, "error": err}

    result = {
        "name": name, "repo": row["repo"], "commit": row["commit"], "build_type": o.build_type,
        "archs": archs, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cuatomlint_commit": subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                            capture_output=True, text=True).stdout.strip(),
        "cmake": cmake_cmd, "cmake_wall": round(cmake_wall, 1), "cmake_status": cmake_status, "lint_fix_cmd": cmd1,
        "selection": sel, "tus": [rel for rel, _ in tus],
        "findings_by_check": by_check(first),
        "partial": {rel: {"first": msg, "nvcc_compiles": compiles_before.get(rel),
                          "nvcc_error": compiles_before.get(rel + ":error", "")}
                    for rel, msg in partial.items()},
        "fix": {"applied": log1["applied"], "files_written": log1["files_written"],
                "refused": len(log1["refused"]), "not_applied": len(log1["not_applied"]),
                "rolled_back_files": len(log1["rolled_back"]),
                "not_applied_reasons": sorted({r[4] for r in log1["not_applied"] + log1["refused"]}),
                "exit": rc1},
        "fix_share": fix_share(first, log1, copy, build, compiles_before),
        "not_linted": {rel_of(f, copy, build): why for f, why in log1["not_linted"]},
        "second_fix_applied": log2["applied"],
        "relint_by_check": by_check(second),
        "changed_files": changed,
        "rebuilds": rebuilds,
        "rebuild_dropped_targets": sorted(dropped),
        "failed_rebuilds": sorted(r for r, v in rebuilds.items() if v["before"] and not v["after"]),
        "wall": {"fix_run": round(wall1, 1), "second_fix": round(wall2, 1)},
        "cpu": {"fix_run": round(cpu1, 1), "second_fix": round(cpu2, 1)},
    }
    result["compiles_before"] = {k: v for k, v in compiles_before.items() if not k.endswith(":error")}
    with open(os.path.join(base, "result.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(f"run.py: {name} {o.build_type}: {len(tus)} TUs, {len(first)} findings, "
          f"{len(partial)} partial, applied {log1['applied']} fixes, "
          f"{len(log1['rolled_back'])} rollbacks, {len(result['failed_rebuilds'])} failed rebuilds, "
          f"second --fix applied {log2['applied']}; {os.path.join(base, 'result.json')}")
    return check(result, o.no_partial) if o.check else 0


def check(r, no_partial):
    bad = []
    for rel, p in r["partial"].items():
        if p["nvcc_compiles"] or no_partial:
            bad.append(f"partial parse of '{rel}', which nvcc compiles: {p['first']}")
    if r["fix"]["rolled_back_files"]:
        bad.append(f"{r['fix']['rolled_back_files']} files rolled back")
    for rel in r["failed_rebuilds"]:
        bad.append(f"rebuild of '{rel}' fails after --fix: {r['rebuilds'][rel]['error']}")
    for rel, why in r["not_linted"].items():
        bad.append(f"'{rel}' not linted: {why}")
    if r["second_fix_applied"]:
        bad.append(f"a second --fix applied {r['second_fix_applied']} fixes")
    for b in bad:
        print(f"run.py: FAIL {r['name']} {r['build_type']}: {b}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
