#!/usr/bin/env python3
"""A scripted LSP client for the lit tests of `cuatomlint lsp`.

  lsp-client.py SCRIPT -- SERVER ARGS...

SCRIPT is a file of steps, one a line ('#' starts a comment):
  send JSON                a message, framed (a raw string in JSON: "raw ...")
  raw TEXT                 bytes as written (\\r\\n escapes allowed)
  open PATH [LANG]         didOpen of PATH with its text on disk (version 1)
  change PATH VERSION SED  didChange: PATH's last text with s/A/B/ (SED: A=>B)
  change-file PATH VERSION SRC  didChange: SRC's text as PATH's
  wait-diags PATH [VERSION] wait for publishDiagnostics of PATH and print them
  check-order PATH         every publish of PATH so far had a version no older than the
                           one before it: prints "PATH: N publishes, versions in order"
  request ID METHOD JSON   a request, not waited for
  wait-response ID         wait for the response to ID and print it
  actions ID PATH LINE     codeAction request for the 1-based LINE, printed
  apply ID N PATH OUT      apply the N-th action of response ID to PATH's text, write OUT
                           (a codeAction/resolve response: its action, N ignored)
  resolve ID FROM N        codeAction/resolve of the N-th action of response FROM, printed
  resolve-async ID FROM N  the same request, not waited for (wait-response ID prints it)
  arrivals                 print the ids of the responses read so far, in the order they came
  big N                    a header announcing N bytes, then N bytes of junk
  open-big PATH BYTES      didOpen of PATH with that many bytes of comments
  open-text PATH JSON      didOpen of PATH (on disk or not) with the text JSON
  wait-error               wait for a response with id null, print it
  wait-request METHOD      wait for a request of the server to the client, print it
  publishes PATH           print the versions of every publish of PATH read so far
  requests                 print the methods of the server's requests read so far
  pending                  print the responses and requests read but not printed yet
  write PATH TEXT / rm PATH / sleep SECONDS
  close-stdin              end the server's input
  expect-exit CODE         wait for the server to exit with CODE
Each printed message is one line of compact JSON with sorted keys and the
file URIs of the test folder as file://%t; window/logMessage lines are
printed only with --log.
"""
import json, os, select, subprocess, sys, time

def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Client:
    def __init__(self, argv, show_log):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf = b""
        self.pending = []
        self.texts = {}
        self.responses = {}
        self.show_log = show_log
        self.published = []	# (uri, version) of every publishDiagnostics, as read
        self.requests = []	# methods of the server's requests, as read
        self.arrived = []	# ids of the responses, as read

    def write(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        obj.setdefault("jsonrpc", "2.0")
        self.write(frame(obj))

    def read_one(self, timeout):
        end = time.time() + timeout
        while True:
            i = self.buf.find(b"\r\n\r\n")
            if i >= 0:
                header = self.buf[:i].decode()
                n = int(header.split("Content-Length:")[1].split("\r\n")[0])
                if len(self.buf) >= i + 4 + n:
                    body = self.buf[i + 4:i + 4 + n]
                    self.buf = self.buf[i + 4 + n:]
                    m = json.loads(body)
                    if "method" in m and "id" in m:
                        self.requests.append(m["method"])
                    elif "method" not in m:
                        self.arrived.append(m.get("id"))
                    if m.get("method") == "textDocument/publishDiagnostics":
                        self.published.append((m["params"]["uri"], m["params"].get("version")))
                    return m
            left = end - time.time()
            if left <= 0:
                raise SystemExit("lsp-client: timed out")
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buf += chunk

    def wait_for(self, pred, timeout=120):
        for i, m in enumerate(self.pending):
            if pred(m):
                return self.pending.pop(i)
        while True:
            m = self.read_one(timeout)
            if m is None:
                raise SystemExit("lsp-client: the server closed its output")
            if m.get("method") == "window/logMessage":
                if self.show_log:
                    show(m)
                continue
            if pred(m):
                return m
            self.pending.append(m)

def uri(path):
    return "file://" + os.path.abspath(path)

def show(m):
    text = json.dumps(m, sort_keys=True)
    root = os.environ.get("LSP_TEST_ROOT")
    if root:
        text = text.replace("file://" + os.path.abspath(root), "file://%t")
    print(text, flush=True)

def apply_edits(text, edits):
    lines = text.split("\n")
    def offset(pos):
        line = lines[pos["line"]]
        # UTF-16 units to code points (the tests are ASCII or BMP)
        return sum(len(l) + 1 for l in lines[:pos["line"]]) + pos["character"]
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        a, b = offset(e["range"]["start"]), offset(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text

def main():
    args = sys.argv[1:]
    show_log = False
    if args and args[0] == "--log":
        show_log, args = True, args[1:]
    script, argv = args[0], args[args.index("--") + 1:]
    c = Client(argv, show_log)
    for raw_line in open(script):
        line = raw_line.strip()
        if not line or line.startswith("#"):
            continue
        cmd, _, rest = line.partition(" ")
        rest = os.path.expandvars(rest)
        if cmd == "send":
            c.send(json.loads(rest))
        elif cmd == "raw":
            c.write(rest.encode().decode("unicode_escape").encode("latin-1"))
        elif cmd == "open":
            parts = rest.split()
            path = parts[0]
            text = open(path).read()
            c.texts[path] = text
            c.send({"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri(path), "languageId": parts[1] if len(parts) > 1 else "cuda",
                "version": 1, "text": text}}})
        elif cmd == "change":
            path, version, sed = rest.split(" ", 2)
            a, b = sed.split("=>")
            text = c.texts[path].replace(a, b)
            c.texts[path] = text
            c.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri(path), "version": int(version)},
                "contentChanges": [{"text": text}]}})
        elif cmd == "change-file":	# didChange to the text of another file
            path, version, src = rest.split()
            text = open(src).read()
            c.texts[path] = text
            c.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri(path), "version": int(version)},
                "contentChanges": [{"text": text}]}})
        elif cmd == "wait-diags":
            parts = rest.split()
            want = uri(parts[0])
            version = int(parts[1]) if len(parts) > 1 else None
            m = c.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == want
                           and (version is None or m["params"].get("version") == version))
            show(m)
        elif cmd == "check-order":
            want = uri(rest.strip())
            seen = [v for u, v in c.published if u == want and v is not None]
            ok = all(a <= b for a, b in zip(seen, seen[1:]))
            print("%s: %d publishes, versions %s" % (os.path.basename(rest.strip()), len(seen),
                  "in order" if ok else "OUT OF ORDER: %s" % seen), flush=True)
        elif cmd == "request":
            rid, method, params = rest.split(" ", 2)
            c.send({"id": int(rid), "method": method, "params": json.loads(params)})
        elif cmd == "wait-response":
            rid = json.loads(rest)
            m = c.wait_for(lambda m: "method" not in m and m.get("id") == rid)
            c.responses[rid] = m
            show(m)
        elif cmd == "wait-error":	# a response with id null (a bad message)
            m = c.wait_for(lambda m: "method" not in m and m.get("id") is None)
            show(m)
        elif cmd == "wait-request":
            want = rest.strip()
            m = c.wait_for(lambda m: m.get("method") == want and "id" in m)
            show(m)
        elif cmd == "publishes":
            want = uri(rest.strip())
            seen = ["-" if v is None else str(v) for u, v in c.published if u == want]
            print("%s: published %s" % (os.path.basename(rest.strip()), " ".join(seen) or "never"),
                  flush=True)
        elif cmd == "requests":
            print("server requests:", " ".join(c.requests) or "none", flush=True)
        elif cmd == "pending":
            for m in c.pending:
                if "id" in m:
                    show(m)
            c.pending = [m for m in c.pending if "id" not in m]
            print("pending: end", flush=True)
        elif cmd == "actions":
            rid, path, line_no = rest.split()
            n = int(line_no) - 1
            c.send({"id": int(rid), "method": "textDocument/codeAction", "params": {
                "textDocument": {"uri": uri(path)},
                "range": {"start": {"line": n, "character": 0}, "end": {"line": n, "character": 0}},
                "context": {"diagnostics": []}}})
            m = c.wait_for(lambda m: "method" not in m and m.get("id") == int(rid))
            c.responses[int(rid)] = m
            show(m)
        elif cmd == "resolve":
            rid, src, n = rest.split()
            action = c.responses[int(src)]["result"][int(n)]
            c.send({"id": int(rid), "method": "codeAction/resolve", "params": action})
            m = c.wait_for(lambda m: "method" not in m and m.get("id") == int(rid))
            c.responses[int(rid)] = m
            show(m)
        elif cmd == "resolve-async":
            rid, src, n = rest.split()
            action = c.responses[int(src)]["result"][int(n)]
            c.send({"id": int(rid), "method": "codeAction/resolve", "params": action})
        elif cmd == "arrivals":
            print("responses in order:", " ".join(str(i) for i in c.arrived), flush=True)
        elif cmd == "apply":
            rid, n, path, out = rest.split()
            action = c.responses[int(rid)]["result"]
            if isinstance(action, list):
                action = action[int(n)]
            text = c.texts[path]
            for u, edits in action["edit"]["changes"].items():
                if u == uri(path):
                    text = apply_edits(text, edits)
            open(out, "w").write(text)
        elif cmd == "big":	# a header that announces N bytes, then N bytes of junk
            n = int(rest)
            c.write(b"Content-Length: %d\r\n\r\n" % n)
            chunk = b"x" * 65536
            while n > 0:
                c.write(chunk[:min(n, len(chunk))])
                n -= len(chunk)
        elif cmd == "open-big":	# didOpen of PATH with BYTES bytes of comment lines
            path, size = rest.split()
            line = "// " + "x" * 76 + "\n"
            text = line * (int(size) // len(line) + 1)
            c.texts[path] = text
            c.send({"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri(path), "languageId": "cuda", "version": 1, "text": text}}})
        elif cmd == "open-text":	# didOpen of PATH (on disk or not) with a given text
            path, text = rest.split(" ", 1)
            text = json.loads(text)
            c.texts[path] = text
            c.send({"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri(path), "languageId": "cuda", "version": 1, "text": text}}})
        elif cmd == "write":	# write PATH TEXT (a file on disk)
            path, text = rest.split(" ", 1)
            open(path, "w").write(text + "\n")
        elif cmd == "rm":
            os.remove(rest)
        elif cmd == "sleep":
            time.sleep(float(rest))
        elif cmd == "close-stdin":
            c.p.stdin.close()
        elif cmd == "expect-exit":
            code = c.p.wait(timeout=60)
            print("exit code", code, flush=True)
            if code != int(rest):
                sys.exit(1)
        else:
            raise SystemExit("lsp-client: unknown step " + cmd)
    if c.p.poll() is None:
        c.p.kill()
        c.p.wait()

main()
