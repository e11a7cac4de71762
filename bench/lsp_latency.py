#!/usr/bin/env python3
"""How soon `cuatomlint lsp` publishes diagnostics after an edit.

  bench/lsp_latency.py [--tool build/cuatomlint] [--edits N] [--arch sm_90]
                       [--workers 0|1] [--host-parse always|onSave] [--stderr LOG]
                       FILE [-- CLANG_ARGS...]

Starts the server (one target arch), opens FILE, waits for its first
diagnostics (the first parse: the preamble is built then), then makes N
edits, one at a time, each a line changed in the middle of the file (below
its #includes, where typing happens), and measures the time from sending
didChange to receiving publishDiagnostics of that version: the debounce
delay (100 ms by default) included, as a user sees it.  Where a host parse
follows the device parse, the server publishes twice (the device parse's
findings, then the merged ones): both times are given, to the first
publish and to the final one (the server's log line before a publish says
which).  Prints the first parse's time, each edit's, their medians and
maxima, the worker's CPU time per edit, whole and up to the first publish
(the steadier figure on a shared machine: about what the wall time would
be on an idle one, less the debounce), and `uptime` (the machine's load,
which the wall figure depends on).  --workers 0 runs without the kept TUs
(a fresh child and a full parse per lint, whose CPU time is not seen
here) for comparison; --host-parse onSave sets the server's hostParse.
"""
import argparse, json, os, select, statistics, subprocess, sys, time

def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Server:
    def __init__(self, argv, env, stderr):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=stderr, env=env)
        self.buf = b""

    def send(self, obj):
        obj["jsonrpc"] = "2.0"
        self.p.stdin.write(frame(obj))
        self.p.stdin.flush()

    def read(self, timeout=600):
        end = time.time() + timeout
        while True:
            i = self.buf.find(b"\r\n\r\n")
            if i >= 0:
                n = int(self.buf[:i].split(b":")[1])
                if len(self.buf) >= i + 4 + n:
                    m = json.loads(self.buf[i + 4:i + 4 + n])
                    self.buf = self.buf[i + 4 + n:]
                    return m
            r, _, _ = select.select([self.p.stdout], [], [], max(0, end - time.time()))
            if not r:
                raise SystemExit("lsp_latency: no answer from the server")
            chunk = os.read(self.p.stdout.fileno(), 1 << 16)
            if not chunk:
                raise SystemExit("lsp_latency: the server exited")
            self.buf += chunk

    def wait_diags(self, uri, version):
        """The first publish of version (the device parse's where a host parse follows)
        and, as a second value, whether it is the final one (the server's log line
        before it says which)."""
        final = True
        while True:
            m = self.read()
            if m.get("method") == "window/logMessage":
                msg = m["params"]["message"]
                if " version %d " % version in msg:
                    final = "(device parse)" not in msg
            if (m.get("method") == "textDocument/publishDiagnostics" and
                    m["params"]["uri"] == uri and m["params"].get("version") == version):
                return m["params"]["diagnostics"], final

    def wait_final(self, uri, version):
        while True:
            d, final = self.wait_diags(uri, version)
            if final:
                return d

def cpu_ms(pid):
    """CPU time (user + sys) of pid's children (the workers), in ms."""
    total = 0
    try:
        kids = open("/proc/%d/task/%d/children" % (pid, pid)).read().split()
    except OSError:
        return 0
    tick = os.sysconf("SC_CLK_TCK")
    for k in kids:
        try:
            fields = open("/proc/%s/stat" % k).read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) * 1000 / tick
        except (OSError, IndexError):
            pass
    return total

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/cuatomlint")
    ap.add_argument("--edits", type=int, default=10)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--workers", default="1")
    ap.add_argument("--host-parse", default="always", choices=["always", "onSave"])
    ap.add_argument("--stderr", help="the server's stderr to this file (with "
                    "CUATOMLINT_PROFILE=1: each parse's phases)")
    ap.add_argument("file")
    ap.add_argument("clang_args", nargs="*")
    a = ap.parse_args()
    path = os.path.abspath(a.file)
    uri = "file://" + path
    text = open(path).read()
    lines = text.split("\n")
    argv = [a.tool, "--cuda-arch=" + a.arch, "lsp"] + (["--"] + a.clang_args if a.clang_args else [])
    env = dict(os.environ, CUATOMLINT_LSP_WORKERS=a.workers)
    s = Server(argv, env, open(a.stderr, "w") if a.stderr else subprocess.DEVNULL)
    s.send({"id": 1, "method": "initialize", "params": {
        "rootUri": "file://" + os.path.dirname(path), "capabilities": {},
        "initializationOptions": {"hostParse": a.host_parse}}})
    s.read()
    s.send({"method": "initialized", "params": {}})
    t0 = time.time()
    s.send({"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}}})
    diags = s.wait_final(uri, 1)
    first = time.time() - t0
    print("%s: %d lines, %d diagnostics; first parse %.0f ms" % (a.file, len(lines), len(diags), first * 1000))
    mid = len(lines) // 2
    firsts, times, cpus, first_cpus = [], [], [], []
    for k in range(a.edits):
        edited = list(lines)
        edited.insert(mid, "// edit %d" % k)
        c0 = cpu_ms(s.p.pid)
        t0 = time.time()
        s.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": k + 2},
            "contentChanges": [{"text": "\n".join(edited)}]}})
        d, final = s.wait_diags(uri, k + 2)
        firsts.append((time.time() - t0) * 1000)
        first_cpus.append(cpu_ms(s.p.pid) - c0)
        if not final:
            d = s.wait_final(uri, k + 2)
        times.append((time.time() - t0) * 1000)
        cpus.append(cpu_ms(s.p.pid) - c0)
        print("edit %d: first publish %.0f ms, final %.0f ms (%d diagnostics), worker CPU %.0f ms "
              "(%.0f ms by the first publish)" % (k + 1, firsts[-1], times[-1], len(d), cpus[-1],
                                                 first_cpus[-1]))
    s.send({"id": 2, "method": "shutdown"})
    s.send({"method": "exit"})
    s.p.wait(timeout=60)
    print("after an edit: first publish median %.0f ms (max %.0f), final publish median %.0f ms "
          "(max %.0f) over %d edits (debounce included); worker CPU median %.0f ms, "
          "%.0f ms by the first publish"
          % (statistics.median(firsts), max(firsts), statistics.median(times), max(times),
             len(times), statistics.median(cpus), statistics.median(first_cpus)))
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())

main()
