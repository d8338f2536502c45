import * as assert from "node:assert/strict";
import { ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import { after, before, test } from "node:test";
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import {
  fetchGeneratedCode,
  NOT_RUNNING_MESSAGE,
  Notifier,
  RequestClient,
  runGradientCheck,
  runPreview,
} from "../../src/features";

/** Records every notification so that tests can compare them whole. */
function recordingNotifier(): Notifier & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    info: (message) => seen.push(`info: ${message}`),
    warning: (message) => seen.push(`warning: ${message}`),
    error: (message) => seen.push(`error: ${message}`),
  };
}

function clientAnswering(answer: (method: string, params: unknown) => unknown): RequestClient & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    sendRequest: async (method, params) => {
      sent.push({ method, params });
      return answer(method, params);
    },
  };
}

test("generated code is requested with the uri and target", async () => {
  const notifier = recordingNotifier();
  const client = clientAnswering(() => ({ text: "@compute fn main() {}" }));
  const outcome = await fetchGeneratedCode(client, "file:///a.slang", "wgsl", notifier);
  assert.deepEqual(outcome, { kind: "ok", value: "@compute fn main() {}" });
  assert.deepEqual(client.sent, [{ method: "dslang/generatedCode", params: { uri: "file:///a.slang", target: "wgsl" } }]);
  assert.deepEqual(notifier.seen, []);
});

test("MethodNotFound becomes an information message, per feature", async () => {
  const notifier = recordingNotifier();
  const client: RequestClient = {
    sendRequest: () => Promise.reject({ code: -32601, message: "Unhandled method" }),
  };
  assert.equal((await fetchGeneratedCode(client, "file:///a.slang", "spirv", notifier)).kind, "unsupported");
  assert.equal((await fetchGeneratedCode(client, "file:///a.slang", "ir", notifier)).kind, "unsupported");
  assert.equal((await runGradientCheck(client, { uri: "file:///a.slang" }, notifier, () => assert.fail("no report"))).kind, "unsupported");
  assert.equal((await runPreview(client, "file:///a.slang", notifier)).kind, "unsupported");
  assert.deepEqual(notifier.seen, [
    "info: the dslang server does not support generated SPIR-V yet",
    "info: the dslang server does not support derivative IR yet",
    "info: the dslang server does not support the gradient check yet",
    "info: the dslang server does not support the GPU preview yet",
  ]);
});

test("other failures, wrong answers and a missing server are errors", async () => {
  const notifier = recordingNotifier();
  const failing: RequestClient = { sendRequest: () => Promise.reject(new Error("entry point not found")) };
  assert.deepEqual(await fetchGeneratedCode(failing, "file:///a.slang", "wgsl", notifier), {
    kind: "failed",
    message: "dslang: generated WGSL failed: entry point not found",
  });
  const wrongShape = clientAnswering(() => ({ buffers: 3 }));
  assert.equal((await runPreview(wrongShape, "file:///a.slang", notifier)).kind, "failed");
  assert.equal((await fetchGeneratedCode(undefined, "file:///a.slang", "wgsl", notifier)).kind, "failed");
  assert.deepEqual(notifier.seen, [
    "error: dslang: generated WGSL failed: entry point not found",
    "error: dslang: the GPU preview failed: the server's answer to dslang/runPreview has an unexpected shape.",
    `error: ${NOT_RUNNING_MESSAGE}`,
  ]);
});

test("a failed gradient check warns and writes the report", async () => {
  const notifier = recordingNotifier();
  const reports: string[] = [];
  const client = clientAnswering(() => ({
    passed: false,
    entries: [
      { name: "fwd_diff(f)", passed: true },
      { name: "bwd_diff(f)", passed: false, maxError: 2 },
    ],
  }));
  await runGradientCheck(client, { uri: "file:///a.slang" }, notifier, (report) => reports.push(report));
  assert.deepEqual(reports, ["ok   fwd_diff(f)\nFAIL bwd_diff(f) (max error 2.000e+0)\n1 passed, 1 failed"]);
  assert.deepEqual(notifier.seen, [
    'warning: dslang: gradient check failed for 1 of 2 derivatives; see the preview or the "dslang gradient check" output.',
  ]);
});

test("a gradient check of one function names it; a check that could not run says why", async () => {
  const notifier = recordingNotifier();
  const reports: string[] = [];
  const passing = clientAnswering(() => ({ passed: true, entries: [{ name: "f(x)", passed: true }], diagnostics: [] }));
  await runGradientCheck(passing, { uri: "file:///a.slang", function: "f" }, notifier, (report) => reports.push(report));
  assert.deepEqual(passing.sent, [{ method: "dslang/gradientCheck", params: { uri: "file:///a.slang", function: "f" } }]);
  const failing = clientAnswering(() => ({ passed: false, entries: [], diagnostics: [], error: "no function named g" }));
  await runGradientCheck(failing, { uri: "file:///a.slang", function: "g" }, notifier, (report) => reports.push(report));
  assert.deepEqual(reports, ["ok   f(x)\n1 passed, 0 failed", "error: no function named g\n0 passed, 0 failed"]);
  assert.deepEqual(notifier.seen, [
    "info: dslang: gradient check of f passed (1 derivative checked).",
    "error: dslang: the gradient check of g failed: no function named g",
  ]);
});

// The same paths through a real JSON-RPC connection to a server process that implements only
// dslang/gradientCheck: this checks that a real MethodNotFound error is recognised.
let serverProcess: ChildProcess;
let connection: MessageConnection;

before(() => {
  serverProcess = spawn(process.execPath, [path.join(__dirname, "..", "fixtures", "partialServer.js")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  connection = createMessageConnection(
    new StreamMessageReader(serverProcess.stdout!),
    new StreamMessageWriter(serverProcess.stdin!),
  );
  connection.listen();
});

after(() => {
  connection.dispose();
  serverProcess.kill();
});

test("over JSON-RPC: unimplemented requests are reported as unsupported, implemented ones work", async () => {
  const notifier = recordingNotifier();
  const client: RequestClient = { sendRequest: (method, params) => connection.sendRequest(method, params) };
  const reports: string[] = [];

  assert.equal((await fetchGeneratedCode(client, "file:///g.slang", "wgsl", notifier)).kind, "unsupported");
  assert.equal((await runPreview(client, "file:///g.slang", notifier)).kind, "unsupported");
  assert.equal((await runGradientCheck(client, { uri: "file:///g.slang" }, notifier, (r) => reports.push(r))).kind, "ok");

  assert.deepEqual(reports, ["ok   fwd_diff(f) in file:///g.slang (max error 1.000e-3)\n1 passed, 0 failed"]);
  assert.deepEqual(notifier.seen, [
    "info: the dslang server does not support generated WGSL yet",
    "info: the dslang server does not support the GPU preview yet",
    "info: dslang: gradient check passed (1 derivative checked).",
  ]);
});
