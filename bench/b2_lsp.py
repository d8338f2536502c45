#!/usr/bin/env python3
"""B2 editor latency: a scripted LSP session against the real `dslang lsp` binary over stdio.

Opens the 5,000-line generated file (`dslang bench source --lines 5000`), types EDITS single-character
edits inside one function body in the middle of the file, and after each edit asks for hover and
completion at the cursor and waits for the diagnostics of that document version. Reports p50/p95/max
per request kind and the server's RSS over the session (VmRSS sampled after every edit, VmHWM at
the end).

edit-to-diagnostics is measured from sending didChange to receiving publishDiagnostics for that
version. The server publishes after a pause in typing (its debounce, DEBOUNCE_MS, default 150, the
value of DIAGNOSTICS_DELAY in crates/server/src/lib.rs): the table reports the raw time and the time
without that deliberate wait, which is what the benchmark's goal is about.

The client announces what VS Code does for completion items (`resolveSupport` for documentation,
detail and additionalTextEdits; RESOLVE=0 announces none): a server may then leave details to
`completionItem/resolve`, and the script resolves the first item of each list as an editor does for
the selected one ("completion resolve"; not measured where the server offers no resolve).

The file lives in a workspace of WORKSPACE_FILES files (default 50: the 5,000-line file and small
modules that import a shared one), given as the workspace folder, so the server's workspace index
is on; after each edit the script also asks for the references of the edited function's name
(searched through every file of the workspace). Then SAVES edit-and-save cycles (default 40): each
save compiles the file (the server's compile on save), and the server's RSS after them is reported.

Usage: python3 bench/b2_lsp.py   (env: DSLANG, EDITS=200, LINES=5000, DEBOUNCE_MS=150, OUT=b2.json,
RESOLVE=1, WORKSPACE_FILES=50, SAVES=40)
Writes bench/results/$OUT (default b2.json) and prints the markdown for BENCHMARKS.md.
"""
import json
import os
import platform
import queue
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

root = Path(__file__).resolve().parent.parent
dslang = Path(os.environ.get("DSLANG", root / "target/release/dslang"))
EDITS = int(os.environ.get("EDITS", "200"))
LINES = int(os.environ.get("LINES", "5000"))
DEBOUNCE_MS = float(os.environ.get("DEBOUNCE_MS", "150"))
RESOLVE = os.environ.get("RESOLVE", "1") != "0"
WORKSPACE_FILES = int(os.environ.get("WORKSPACE_FILES", "50"))
SAVES = int(os.environ.get("SAVES", "40"))
TIMEOUT = 30.0
# What the user types: statements, one character at a time (intermediate states do not parse).
TYPED = "acc = acc * 0.5 + x;\n        "


class Server:
    def __init__(self):
        self.proc = subprocess.Popen([str(dslang), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.responses = {}
        self.cond = threading.Condition()
        self.diagnostics = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            now = time.perf_counter()
            if "id" in message and "method" in message:
                # A request from the server (configuration, registration): answer it.
                result = None
                if message["method"] == "workspace/configuration":
                    result = [None] * len(message["params"].get("items", []))
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": result})
            elif "id" in message:
                with self.cond:
                    self.responses[message["id"]] = (now, message)
                    self.cond.notify_all()
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics.put((now, message["params"]))

    def request(self, method, params):
        """Sends a request; returns its id and the time it was sent."""
        self.next_id += 1
        sent = time.perf_counter()
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id, sent

    def wait(self, request_id):
        deadline = time.monotonic() + TIMEOUT
        with self.cond:
            while request_id not in self.responses:
                if not self.cond.wait(timeout=deadline - time.monotonic()):
                    raise TimeoutError(f"no response to request {request_id}")
            return self.responses.pop(request_id)

    def notify(self, method, params):
        sent = time.perf_counter()
        self._send({"jsonrpc": "2.0", "method": method, "params": params})
        return sent

    def wait_diagnostics(self, uri, version):
        deadline = time.monotonic() + TIMEOUT
        while True:
            received, params = self.diagnostics.get(timeout=max(0.001, deadline - time.monotonic()))
            if params["uri"] == uri and params.get("version") == version:
                return received, params

    def cpu_ms(self):
        """The server's CPU time so far (user + system, all threads): unlike wall-clock latencies,
        other processes on a shared machine barely change it."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1e3 / os.sysconf("SC_CLK_TCK")

    def rss_mib(self, field="VmRSS"):
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
        return 0.0


def cursor_in_middle(text):
    """The start of a new line inside the body of a differentiable function in the middle of the file:
    after the `let scale = ...;` line of the first `model` function past the half-way point."""
    lines = text.split("\n")
    start = len(lines) // 2
    for i in range(start, len(lines)):
        if lines[i].startswith("float model"):
            for j in range(i, i + 10):
                if lines[j].strip().startswith("let scale"):
                    return j + 1, lines[i].split("(")[0].split()[-1]
    raise SystemExit("the generated file has no differentiable `model` function past its middle")


def write_workspace(folder, count):
    """The rest of the workspace: a shared module and `count - 1` small modules importing it, each
    with a few functions (about 60 lines); none is opened."""
    if count <= 0:
        return
    (folder / "shared.slang").write_text(
        "struct Params\n{\n    float scale;\n    float bias;\n};\n\n"
        "float apply(Params p, float x) { return p.scale * x + p.bias; }\n")
    for i in range(count - 1):
        body = ["import shared;", ""]
        for j in range(8):
            body += [f"float helper_{i}_{j}(Params p, float x)", "{", "    float acc = x;",
                     f"    for (int k = 0; k < {j + 2}; k++)", "        acc = apply(p, acc) * 0.5;",
                     "    return acc;", "}", ""]
        (folder / f"module_{i}.slang").write_text("\n".join(body))


def percentiles(samples):
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(round(q * (len(s) - 1))))]  # noqa: E731
    return {"p50": statistics.median(s), "p95": pick(0.95), "max": s[-1], "n": len(s)}


def main():
    if not dslang.exists():
        sys.exit(f"needs {dslang} (cargo build --release -p cli)")
    text = subprocess.run([str(dslang), "bench", "source", "--lines", str(LINES)], check=True,
                          capture_output=True, text=True).stdout
    path = Path(os.environ.get("TMPDIR", "/tmp")) / "dslang-b2" / "bench.slang"
    path.parent.mkdir(exist_ok=True)
    for old in path.parent.glob("*.slang"):
        old.unlink()
    path.write_text(text)
    write_workspace(path.parent, WORKSPACE_FILES - 1)
    uri = path.as_uri()
    line, function = cursor_in_middle(text)
    # The cursor starts on a new, indented line inside the loop-free prefix of the function body.
    lines = text.split("\n")
    lines.insert(line, "        ")
    text = "\n".join(lines)

    load_before = os.getloadavg()
    server = Server()
    text_caps = {"publishDiagnostics": {"versionSupport": True}}
    if RESOLVE:
        text_caps["completion"] = {"completionItem": {"resolveSupport": {
            "properties": ["documentation", "detail", "additionalTextEdits"]}}}
    rid, _ = server.request("initialize", {"processId": os.getpid(), "rootUri": path.parent.as_uri(),
                                           "capabilities": {"textDocument": text_caps}})
    _, init = server.wait(rid)
    can_resolve = bool(init["result"]["capabilities"].get("completionProvider", {}).get("resolveProvider"))
    server.notify("initialized", {})
    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}})
    received, first = server.wait_diagnostics(uri, 1)
    open_ms = (received - start) * 1e3

    kinds = {"edit-to-diagnostics (raw)": [], "edit-to-diagnostics": [], "hover": [], "completion": [],
             "completion resolve": [], "references": []}
    decl_line = next(i for i, l in enumerate(text.split("\n")) if l.startswith(f"float {function}("))
    decl_pos = {"line": decl_line, "character": len("float ") + 1}
    reference_counts = []
    completion_items = []
    cpu_start = server.cpu_ms()
    rss = [server.rss_mib()]
    row, col = line, 8
    version = 1
    for i in range(EDITS):
        ch = TYPED[i % len(TYPED)]
        version += 1
        sent = server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": row, "character": col}, "end": {"line": row, "character": col}},
                                "text": ch}],
        })
        if ch == "\n":
            row, col = row + 1, 0
        else:
            col += 1
        position = {"line": row, "character": col}
        doc = {"uri": uri}
        # One request at a time, completion first (what an editor asks right after a keystroke): the
        # first request after an edit pays for re-checking the edited function.
        completion_id, completion_sent = server.request("textDocument/completion", {"textDocument": doc, "position": position})
        completion_received, completion = server.wait(completion_id)
        result = completion.get("result") or []
        items = result["items"] if isinstance(result, dict) else result
        completion_items.append(len(items))
        if can_resolve and items and items[0].get("data") is not None:
            resolve_id, resolve_sent = server.request("completionItem/resolve", items[0])
            resolve_received, resolved = server.wait(resolve_id)
            if "error" in resolved:
                sys.exit(f"completionItem/resolve failed at edit {i}: {resolved['error']}")
            kinds["completion resolve"].append((resolve_received - resolve_sent) * 1e3)
        hover_id, hover_sent = server.request("textDocument/hover", {"textDocument": doc, "position": position})
        hover_received, hover = server.wait(hover_id)
        for name, message in (("hover", hover), ("completion", completion)):
            # ContentModified cannot happen (no edit is in flight) but any error is a failed sample.
            if "error" in message:
                sys.exit(f"{name} failed at edit {i}: {message['error']}")
        kinds["hover"].append((hover_received - hover_sent) * 1e3)
        refs_id, refs_sent = server.request("textDocument/references", {
            "textDocument": doc, "position": decl_pos, "context": {"includeDeclaration": True}})
        refs_received, refs = server.wait(refs_id)
        if "error" in refs:
            sys.exit(f"references failed at edit {i}: {refs['error']}")
        kinds["references"].append((refs_received - refs_sent) * 1e3)
        reference_counts.append(len(refs.get("result") or []))
        kinds["completion"].append((completion_received - completion_sent) * 1e3)
        received, _ = server.wait_diagnostics(uri, version)
        raw = (received - sent) * 1e3
        kinds["edit-to-diagnostics (raw)"].append(raw)
        kinds["edit-to-diagnostics"].append(max(0.0, raw - DEBOUNCE_MS))
        rss.append(server.rss_mib())
    cpu_per_edit = (server.cpu_ms() - cpu_start) / EDITS
    peak = server.rss_mib("VmHWM")
    # Edit-and-save cycles: each save compiles the whole file (the compile backend).
    rss_saves = [server.rss_mib()]
    save_ms = []
    for i in range(SAVES):
        version += 1
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": row, "character": col}, "end": {"line": row, "character": col}},
                                "text": " "}],
        })
        col += 1
        server.wait_diagnostics(uri, version)
        sent = server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        # The compile's errors are published (again, for the same version) when it is done.
        received, _ = server.wait_diagnostics(uri, version)
        save_ms.append((received - sent) * 1e3)
        rss_saves.append(server.rss_mib())
    peak_saves = server.rss_mib("VmHWM")
    rid, _ = server.request("shutdown", None)
    server.wait(rid)
    server.notify("exit", None)
    try:
        server.proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.proc.kill()

    stats = {k: percentiles(v) for k, v in kinds.items() if v}
    summary = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores",
        # The machine is shared: the 1-minute load average before and after the session.
        "load_average": {"before": load_before[0], "after": os.getloadavg()[0]},
        "file_lines": text.count("\n") + 1,
        "function": function,
        "edits": EDITS,
        "debounce_ms": DEBOUNCE_MS,
        "open_to_diagnostics_ms": open_ms,
        "diagnostics_on_open": len(first["diagnostics"]),
        "client_resolves_completion_details": RESOLVE,
        "server_resolves_completion_items": can_resolve,
        "completion_items_mean": statistics.mean(completion_items) if completion_items else 0,
        "stats_ms": stats,
        # Everything the server computed per edit (completion, hover, diagnostics, reparse).
        "server_cpu_ms_per_edit": cpu_per_edit,
        "rss_mib": {"start": rss[0], "end": rss[-1], "max_sampled": max(rss), "peak_hwm": peak},
        "workspace_files": WORKSPACE_FILES,
        "references_per_request": statistics.mean(reference_counts) if reference_counts else 0,
        "saves": SAVES,
        "save_to_diagnostics_ms": percentiles(save_ms) if save_ms else None,
        "rss_after_saves_mib": {"before": rss_saves[0], "after": rss_saves[-1], "max_sampled": max(rss_saves),
                                "peak_hwm": peak_saves, "samples": rss_saves},
        "samples_ms": kinds,
    }
    results = root / "bench/results"
    results.mkdir(exist_ok=True)
    (results / os.environ.get("OUT", "b2.json")).write_text(json.dumps(summary, indent=1))

    print(f"{summary['file_lines']}-line file (`dslang bench source --lines {LINES}`), {EDITS} single-character edits "
          f"inside `{function}`; open to first diagnostics {open_ms:.0f} ms ({len(first['diagnostics'])} diagnostics); "
          f"load average {summary['load_average']['before']:.1f} before, {summary['load_average']['after']:.1f} after.\n")
    print("| request | p50 | p95 | max | goal |\n| --- | --- | --- | --- | --- |")
    goals = {"edit-to-diagnostics": "p95 <= 30 ms", "hover": "p95 <= 10 ms", "completion": "p95 <= 10 ms",
             "completion resolve": "(the first item's detail)", "references": "p95 <= 10 ms",
             "edit-to-diagnostics (raw)": f"(includes the {DEBOUNCE_MS:.0f} ms typing pause)"}
    for name, s in stats.items():
        print(f"| {name} | {s['p50']:.2f} ms | {s['p95']:.2f} ms | {s['max']:.2f} ms | {goals[name]} |")
    print(f"\n{summary['completion_items_mean']:.0f} completion items per list on average.")
    print(f"\nServer CPU time per edit (completion + hover + diagnostics): {cpu_per_edit:.1f} ms.")
    r = summary["rss_mib"]
    print(f"\nServer RSS: {r['start']:.0f} MiB after opening, {r['end']:.0f} MiB at the end of the edits, peak {r['peak_hwm']:.0f} MiB.")
    print(f"\n{WORKSPACE_FILES}-file workspace; {summary['references_per_request']:.0f} references per request.")
    if save_ms:
        r = summary["rss_after_saves_mib"]
        s = summary["save_to_diagnostics_ms"]
        print(f"\n{SAVES} edit-and-save cycles (compile on save, p50 {s['p50']:.0f} ms): RSS {r['before']:.0f} MiB before, "
              f"{r['after']:.0f} MiB after, peak {r['peak_hwm']:.0f} MiB (goal <= 200 MB).")


if __name__ == "__main__":
    main()
