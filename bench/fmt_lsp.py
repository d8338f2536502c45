#!/usr/bin/env python3
"""B2 formatting: `textDocument/formatting` of a generated 36,000-line file through the real
`dslang lsp` binary over stdio.

Generates the file (`dslang bench source --lines LINES`), indents every line of it one level too
far (so the server has an edit for every line to compute and send, as for a badly indented file;
SHIFT=0 keeps the generated file as it is, formatted already but for a few lines),
opens it, waits for its first diagnostics, then asks for the formatting of the whole file REPS
times, each time timing request to response. With DSLANG_B set the same session runs against a
second binary too, alternating request by request, so that two builds are compared under the same
load (the ratio of the medians is the figure to trust on a loaded machine).

Usage: python3 bench/fmt_lsp.py   (env: DSLANG, DSLANG_B, LINES=36000, REPS=10, SHIFT=1)
Prints one line per binary: first call, p50, min and max in milliseconds, and the number of edits.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

root = Path(__file__).resolve().parent.parent
LINES = int(os.environ.get("LINES", "36000"))
REPS = int(os.environ.get("REPS", "10"))
SHIFT = os.environ.get("SHIFT", "1") != "0"


class Server:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        out = self.proc.stdout
        length = None
        while True:
            line = out.readline()
            if not line:
                raise SystemExit("the server closed its output")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(out.read(length))

    def until(self, pred):
        """Reads messages (answering the server's own requests) until one satisfies `pred`."""
        while True:
            m = self.read()
            if "id" in m and "method" in m:
                result = None
                if m["method"] == "workspace/configuration":
                    result = [None] * len(m["params"].get("items", []))
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": result})
            elif pred(m):
                return m

    def request(self, method, params):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return self.until(lambda m: m.get("id") == rid and "method" not in m)

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.proc.wait(timeout=10)


def main():
    binaries = [os.environ.get("DSLANG", str(root / "target/release/dslang"))]
    if os.environ.get("DSLANG_B"):
        binaries.append(os.environ["DSLANG_B"])
    text = subprocess.run([binaries[0], "bench", "source", "--lines", str(LINES)], check=True,
                          capture_output=True, text=True).stdout
    if SHIFT:
        text = "\n".join(("    " + line) if line.strip() else line for line in text.split("\n"))
    folder = Path(tempfile.mkdtemp(prefix="dslang-fmt-"))
    path = folder / "big.slang"
    path.write_text(text)
    uri = path.as_uri()
    servers = []
    for b in binaries:
        s = Server(b)
        s.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "slang", "version": 1, "text": text}}})
        s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        servers.append(s)
    times = [[] for _ in servers]
    edits = [0 for _ in servers]
    params = {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}
    for _ in range(REPS):
        for i, s in enumerate(servers):
            t0 = time.perf_counter()
            r = s.request("textDocument/formatting", params)
            times[i].append((time.perf_counter() - t0) * 1e3)
            edits[i] = len(r.get("result") or [])
    for s in servers:
        s.close()
    load = os.getloadavg()[0]
    for b, t, n in zip(binaries, times, edits):
        print(f"{b}: first {t[0]:.0f} ms, p50 {statistics.median(t):.0f} ms, min {min(t):.0f}, "
              f"max {max(t):.0f} ({REPS} calls, {n} edits, {LINES} lines, load {load:.1f})")
    if len(binaries) == 2:
        print(f"ratio of medians B/A: {statistics.median(times[1]) / statistics.median(times[0]):.3f}")
    for p in folder.iterdir():
        p.unlink()
    folder.rmdir()


if __name__ == "__main__":
    sys.exit(main())
