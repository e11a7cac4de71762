#!/usr/bin/env python3
"""Lists the longest functions of src/ (lines from the opening brace to the
closing one), for the architecture notes: python3 scripts/function-sizes.py [N]."""
import glob, re, sys

def functions(path):
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    name, start = None, None
    for i, line in enumerate(lines):
        if start is None and line == '{' and i > 0:
            head = ' '.join(lines[max(0, i - 3):i])
            m = re.findall(r'(\w+)\s*\(', head)
            if m:
                name, start = m[0] if not re.match(r'(static|const|struct|enum)$', m[0]) else m[-1], i
        elif start is not None and line == '}':
            yield name, i - start + 1
            name, start = None, None

def main():
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    sizes = []
    for path in sorted(glob.glob('src/**/*.c', recursive=True)):
        sizes += [(n, f, path) for f, n in functions(path)]
    sizes.sort(reverse=True)
    for n, f, path in sizes[:top]:
        print(f'{n:5d}  {f}  ({path})')
    over = sum(1 for s in sizes if s[0] > 60)
    print(f'{len(sizes)} functions, {over} over 60 lines, median {sorted(s[0] for s in sizes)[len(sizes)//2]}')

main()
