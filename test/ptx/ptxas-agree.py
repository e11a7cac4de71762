#!/usr/bin/env python3
"""The PTX validator (src/ptx/) agrees with ptxas on atom/red.

Generates every combination of opcode (atom, red), .sem, .scope, state
space, operation, type and .noftz/vector qualifier that spec table D covers
(qualifiers in the PTX ISA's order), and .L2::cache_hint with every
space, operation, type and vector form, assembles them with ptxas for each
target ptxas knows of sm_60, sm_70, sm_75, sm_80, sm_90 and sm_100, and
requires the validator's verdict (through the ptx-verdict driver) to be the
same as ptxas's on every one.

ptxas is run once per target on one file holding every instruction (ptxas
reports each bad line and goes on); the lines it accepts are then assembled
again on their own, so an instruction is only called valid when a file of
valid instructions assembles cleanly.

  ptxas-agree.py --verdict BUILD/ptx-verdict [--ptxas PATH] [--show N]

Exit 0: they agree; 1: disagreements (listed); 77: no ptxas (skipped).
"""
import argparse
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

OPCODES = ["atom", "red"]
SEMS = ["", "relaxed", "acquire", "release", "acq_rel"]
SCOPES = ["", "cta", "cluster", "gpu", "sys"]
SPACES = ["", "global", "shared", "shared::cta", "shared::cluster"]
OPS = ["and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"]
TYPES = ["b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64",
         "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"]
MODS = ["", "noftz", "v2", "v4", "v8", "noftz.v2", "noftz.v4", "noftz.v8"]
TARGETS = [60, 70, 75, 80, 90, 100]

# The register of each type's operands (declared in HEADER).
REG = {"b16": "%h", "f16": "%h", "bf16": "%h",
       "b32": "%r", "u32": "%r", "s32": "%r", "f16x2": "%r", "bf16x2": "%r",
       "f32": "%f", "b64": "%rd", "u64": "%rd", "s64": "%rd", "f64": "%fd",
       "b128": "%q"}

HEADER = """.version 9.0
.target sm_{sm}
.address_size 64
.visible .entry k(.param .u64 p)
{{
.reg .b16 %h<20>;
.reg .b32 %r<20>;
.reg .f32 %f<20>;
.reg .b64 %rd<24>;
.reg .f64 %fd<20>;
.reg .b128 %q<20>;
ld.param.u64 %rd20, [p];
"""
FOOTER = "ret;\n}\n"
HEADER_LINES = HEADER.count("\n")
LINE_ERROR = re.compile(r"ptxas [^,]*, line (\d+); error\s*:\s*(.*)")


def instruction(opcode, sem, scope, space, op, ty, mod):
    mods = [m for m in mod.split(".") if m]
    quals = [q for q in (sem, scope, space, op) if q] + mods + [ty]
    reg = REG[ty]
    vec = [int(m[1:]) for m in mods if m.startswith("v")]
    if vec:
        d = "{" + ", ".join("%s%d" % (reg, i + 1) for i in range(vec[0])) + "}"
        b = "{" + ", ".join("%s%d" % (reg, i + 9) for i in range(vec[0])) + "}"
    else:
        d, b = reg + "1", reg + "9"
    operands = ([] if opcode == "red" else [d]) + ["[%rd20]", b]
    if op == "cas":
        operands.append(reg + "10")
    return "%s.%s %s;" % (opcode, ".".join(quals), ", ".join(operands))


def with_cache_hint(insn):
    """The instruction with .L2::cache_hint before its type and a cache-policy operand."""
    head, operands = insn[:-1].split(" ", 1)
    quals = head.split(".")
    return "%s.L2::cache_hint.%s %s, %%rd21;" % (".".join(quals[:-1]), quals[-1], operands)


def all_instructions():
    lines = [instruction(*c) for c in itertools.product(
        OPCODES, SEMS, SCOPES, SPACES, OPS, TYPES, MODS)]
    # .L2::cache_hint with every space, operation, type and vector form
    lines += [with_cache_hint(instruction(o, "", "", sp, op, ty, m)) for o, sp, op, ty, m in
              itertools.product(OPCODES, SPACES, OPS, TYPES, MODS)]
    return lines


def ptxas_targets(ptxas):
    out = subprocess.run([ptxas, "--help"], capture_output=True, text=True).stdout
    known = set(int(m) for m in re.findall(r"'sm_(\d+)'", out))
    return [sm for sm in TARGETS if sm in known]


def assemble(ptxas, sm, lines, work, tag):
    """The indices of lines ptxas reports an error on; None if it failed otherwise."""
    path = os.path.join(work, "%s-sm_%d.ptx" % (tag, sm))
    with open(path, "w") as f:
        f.write(HEADER.format(sm=sm) + "\n".join(lines) + "\n" + FOOTER)
    r = subprocess.run([ptxas, "-arch=sm_%d" % sm, path, "-o", os.devnull],
                       capture_output=True, text=True)
    bad = {}
    for err in r.stderr.splitlines():
        m = LINE_ERROR.match(err)
        i = int(m.group(1)) - HEADER_LINES - 1 if m else -1
        if 0 <= i < len(lines):
            bad.setdefault(i, m.group(2))
    if r.returncode != 0 and not bad:
        sys.stderr.write("ptxas failed on sm_%d without a line error:\n%s" % (sm, r.stderr))
        return None
    return bad


def ptxas_verdicts(ptxas, sm, lines, work):
    """{index: error} of the lines ptxas rejects on sm."""
    bad = assemble(ptxas, sm, lines, work, "all")
    if bad is None:
        return None
    good = [i for i in range(len(lines)) if i not in bad]
    again = assemble(ptxas, sm, [lines[i] for i in good], work, "valid")
    if again is None or again:
        sys.stderr.write("sm_%d: lines ptxas accepted among others fail on their own: %s\n"
                         % (sm, [lines[good[i]] for i in list(again or {})[:5]]))
        return None
    return bad


def validator_verdicts(verdict, sm, lines):
    r = subprocess.run([verdict, str(sm)], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, check=True)
    out = r.stdout.splitlines()
    assert len(out) == len(lines), "ptx-verdict printed %d lines for %d" % (len(out), len(lines))
    return {i: o[2:] for i, o in enumerate(out) if not o.startswith("1")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verdict", required=True)
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--show", type=int, default=40)
    args = ap.parse_args()
    if not os.access(args.ptxas, os.X_OK):
        print("skipped: no ptxas (set --ptxas or put it on PATH)")
        return 77
    targets = ptxas_targets(args.ptxas)
    if not targets:
        print("skipped: ptxas knows none of sm_%s" % ", sm_".join(map(str, TARGETS)))
        return 77
    lines = all_instructions()
    status = 0
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(2) as pool:
        jobs = {sm: pool.submit(ptxas_verdicts, args.ptxas, sm, lines, work) for sm in targets}
        for sm in targets:
            ptxas_bad = jobs[sm].result()
            if ptxas_bad is None:
                return 1
            ours_bad = validator_verdicts(args.verdict, sm, lines)
            differ = sorted(set(ptxas_bad) ^ set(ours_bad))
            print("sm_%d: %d instructions, ptxas rejects %d, the validator %d, disagree on %d"
                  % (sm, len(lines), len(ptxas_bad), len(ours_bad), len(differ)))
            for i in differ[:args.show]:
                if i in ptxas_bad:
                    print("  valid by the validator, ptxas: %s\n    %s" % (ptxas_bad[i], lines[i]))
                else:
                    print("  invalid by the validator (%s), ptxas accepts\n    %s"
                          % (ours_bad[i], lines[i]))
            if differ:
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
