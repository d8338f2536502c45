#!/usr/bin/env python3
"""Start-up cost with the whole standard library (issue: the front end accepts every valid Slang
program): whole-process `dslang check` of a one-function file, whole-process `dslang compile
--target wgsl` of a small kernel (issue 24), and the language server's cold start (process start
to the first published diagnostics of a one-function document).

usage: python3 bench/startup.py [DSLANG] [RUNS]   (default target/release/dslang, 30 runs)
Prints one JSON object with the median and 90th percentile of each, in milliseconds.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

DSLANG = sys.argv[1] if len(sys.argv) > 1 else "target/release/dslang"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 30
SOURCE = "[Differentiable]\nfloat f(float x) { return x * x; }\n"
KERNEL = """RWStructuredBuffer<float> outputBuffer;
[numthreads(4,1,1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    float x = float(tid.x);
    outputBuffer[tid.x] = x * x + 1.0;
}
"""


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def time_command(args):
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run([DSLANG] + args, check=True)
        times.append((time.perf_counter() - t) * 1000)
    return times


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def time_server(folder):
    uri = "file://" + os.path.join(folder, "main.slang")
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        server = subprocess.Popen([DSLANG, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        server.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                  "params": {"processId": None, "rootUri": "file://" + folder,
                                             "capabilities": {}}}))
        server.stdin.flush()
        # The protocol: nothing but the initialize request until its answer has come.
        while (read_message(server.stdout) or {"id": 1}).get("id") != 1:
            pass
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                                  "params": {"textDocument": {"uri": uri, "languageId": "slang",
                                                              "version": 1, "text": SOURCE}}}))
        server.stdin.flush()
        while True:
            msg = read_message(server.stdout)
            if msg is None or msg.get("method") == "textDocument/publishDiagnostics":
                break
            if "id" in msg and "method" in msg:
                # A request of the server's (workspace/configuration): answer with no settings.
                server.stdin.write(frame({"jsonrpc": "2.0", "id": msg["id"], "result": [None]}))
                server.stdin.flush()
        times.append((time.perf_counter() - t) * 1000)
        server.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None}))
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "exit", "params": None}))
        server.stdin.close()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return times


def main():
    folder = tempfile.mkdtemp(prefix="dslang-startup-")
    path = os.path.join(folder, "main.slang")
    with open(path, "w") as f:
        f.write(SOURCE)
    kernel = os.path.join(folder, "kernel.slang")
    with open(kernel, "w") as f:
        f.write(KERNEL)
    check = time_command(["check", path])
    compile_ = time_command(["compile", kernel, "--target", "wgsl", "-o",
                             os.path.join(folder, "kernel.wgsl")])
    cold = time_server(folder)
    print(json.dumps({
        "runs": RUNS,
        "check_ms": {"median": round(statistics.median(check), 1), "p90": round(pct(check, 0.9), 1)},
        "compile_ms": {"median": round(statistics.median(compile_), 1),
                       "p90": round(pct(compile_, 0.9), 1)},
        "server_cold_start_ms": {"median": round(statistics.median(cold), 1),
                                 "p90": round(pct(cold, 0.9), 1)},
    }))


if __name__ == "__main__":
    main()
