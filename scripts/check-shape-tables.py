#!/usr/bin/env python3
"""Every shared check's page keeps its per-language shape table honest (issue 27).

A check that judges more than one language (its descriptor's .languages names
two or more of CAL_LANG_CUDA, CAL_LANG_OPENCL, CAL_LANG_CUTILE, or the cuTile
front end reports under its ID) has, on its page docs/checks/ID.md, a section
"## Shapes by language" holding one markdown table:

    | shape | CUDA | OpenCL C | cuTile |
    |---|---|---|---|
    | a shape in words | supported: `test/lit/x/a.cu` | missing | not applicable |

Each language cell is one of
    supported: PATH[, PATH...]   lit tests that show the shape in that language
    missing[: why]               the check does not find it there (yet)
    not applicable[: why]        the language has no such shape
A "supported" path must exist and be a lit test of the column's language: by
its extension (.cu/.cuh CUDA, .cl OpenCL C, .py cuTile), or, for a .test
file, by what its RUN lines run (a .cl/.cu/.py file, -x cl, -x cuda).

    scripts/check-shape-tables.py [REPO]     exit 0 clean, 1 problems
"""
import os
import re
import sys

HEADING = "## Shapes by language"
COLUMNS = {"CUDA": "cuda", "OpenCL C": "opencl", "cuTile": "cutile"}
LANG_FLAGS = {"CAL_LANG_CUDA": "cuda", "CAL_LANG_OPENCL": "opencl", "CAL_LANG_CUTILE": "cutile"}
EXTENSIONS = {".cu": "cuda", ".cuh": "cuda", ".cl": "opencl", ".py": "cutile"}


def descriptor_languages(root):
    """ID -> set of languages: the check descriptors' .languages, and the IDs the
    cuTile front end (a folder or file named cutile) reports under."""
    langs = {}
    pages = {n[:-3] for n in os.listdir(os.path.join(root, "docs", "checks")) if n.endswith(".md")}
    desc = re.compile(r'\.id\s*=\s*("[a-z0-9-]+"|[A-Z_]+)(.*?)\n\}\s*;', re.S)
    for dirpath, _, files in os.walk(os.path.join(root, "src")):
        for name in files:
            if not name.endswith(".c"):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                text = f.read()
            macros = dict(re.findall(r'#define\s+([A-Z_]+)\s+"([a-z0-9-]+)"', text))
            for m in desc.finditer(text):
                cid = m.group(1).strip('"') if m.group(1).startswith('"') else macros.get(m.group(1))
                lm = re.search(r"\.languages\s*=\s*([^,;]+)", m.group(2))
                found = {LANG_FLAGS[t] for t in re.findall(r"CAL_LANG_[A-Z]+", lm.group(1))
                         if t in LANG_FLAGS} if lm else {"cuda"}
                if cid:
                    langs.setdefault(cid, set()).update(found)
            if "cutile" in os.path.relpath(os.path.join(dirpath, name), root):
                for lit in re.findall(r'"([a-z0-9-]+)"', text):
                    if lit in pages:
                        langs.setdefault(lit, set()).add("cutile")
    return langs


def test_languages(path):
    """The languages a lit test is in."""
    ext = os.path.splitext(path)[1]
    if ext in EXTENSIONS:
        return {EXTENSIONS[ext]}
    found = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "RUN:" not in line:
                continue
            for e, lang in EXTENSIONS.items():
                if re.search(re.escape(e) + r"\b", line):
                    found.add(lang)
            if re.search(r"-x\s*cl\b", line):
                found.add("opencl")
            if re.search(r"-x\s*cuda\b", line):
                found.add("cuda")
    return found


def table_rows(lines):
    """The rows (lists of cells) of the first table after the heading, or None."""
    try:
        start = lines.index(HEADING)
    except ValueError:
        return None
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows


def check_page(root, cid, page, problems):
    with open(page, encoding="utf-8") as f:
        page_text = f.read()
    page = os.path.relpath(page, root)
    rows = table_rows(page_text.splitlines())
    if rows is None:
        problems.append(f"{page}: no '{HEADING}' section")
        return 0
    if len(rows) < 3:
        problems.append(f"{page}: '{HEADING}' has no table rows")
        return 0
    header = rows[0]
    if header[0].lower() != "shape" or any(h not in COLUMNS for h in header[1:]):
        problems.append(f"{page}: table header must be 'shape' then columns of {list(COLUMNS)}")
        return 0
    nr_supported = 0
    for row in rows[2:]:
        if len(row) != len(header):
            problems.append(f"{page}: row '{row[0]}' has {len(row)} cells, the header {len(header)}")
            continue
        for col, cell in zip(header[1:], row[1:]):
            where = f"{page}: '{row[0]}' ({col})"
            if cell.startswith("supported:"):
                paths = [p.strip().strip("`") for p in cell[len("supported:"):].split(",")]
                paths = [p for p in paths if p]
                if not paths:
                    problems.append(f"{where}: supported, but names no lit test")
                for p in paths:
                    full = os.path.join(root, p)
                    if not p.startswith("test/lit/") or not os.path.isfile(full):
                        problems.append(f"{where}: no lit test {p}")
                    elif COLUMNS[col] not in test_languages(full):
                        problems.append(f"{where}: {p} is not a {col} test")
                    else:
                        nr_supported += 1
            elif not (cell.startswith("missing") or cell.startswith("not applicable")):
                problems.append(f"{where}: cell must be 'supported: PATH', 'missing' or "
                                f"'not applicable', not '{cell}'")
    return nr_supported


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems, pages, tests = [], 0, 0
    langs = descriptor_languages(root)
    for cid in sorted(langs):
        page = os.path.join(root, "docs", "checks", cid + ".md")
        if len(langs[cid]) < 2 or not os.path.isfile(page):
            continue
        pages += 1
        tests += check_page(root, cid, page, problems)
    # pages of single-language checks may carry a table too (an equivalent check's)
    for name in sorted(os.listdir(os.path.join(root, "docs", "checks"))):
        cid = name[:-3]
        page = os.path.join(root, "docs", "checks", name)
        if name.endswith(".md") and len(langs.get(cid, ())) < 2:
            with open(page, encoding="utf-8") as f:
                if HEADING in f.read().splitlines():
                    pages += 1
                    tests += check_page(root, cid, page, problems)
    for p in problems:
        print("check-shape-tables: " + p, file=sys.stderr)
    print(f"check-shape-tables: {pages} pages, {tests} supported cells, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
