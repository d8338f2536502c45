import * as assert from "node:assert/strict";
import { test } from "node:test";
import {
  asGradientCheckResult,
  asPreviewResult,
  asPreviewUpdate,
  formatDiagnostic,
  formatGradientCheck,
  generatedDocumentParts,
  generatedText,
  isMethodNotFound,
  parseGeneratedQuery,
} from "../../src/protocol";

test("MethodNotFound is recognised by its JSON-RPC code only", () => {
  assert.equal(isMethodNotFound({ code: -32601, message: "Unhandled method dslang/runPreview" }), true);
  assert.equal(isMethodNotFound({ code: -32603, message: "internal" }), false);
  assert.equal(isMethodNotFound(new Error("-32601")), false);
  assert.equal(isMethodNotFound(undefined), false);
});

test("a generated document's URI names the file and target and leads back to the source", () => {
  const source = "file:///work/my%20shaders/gradient.slang";
  const parts = generatedDocumentParts(source, "wgsl");
  assert.equal(parts.path, "/gradient.slang.wgsl");
  assert.deepEqual(parseGeneratedQuery(parts.query), { uri: source, target: "wgsl" });
  assert.equal(generatedDocumentParts("untitled:Untitled-1", "spirv").path, "/untitled:Untitled-1.spvasm");
  assert.equal(generatedDocumentParts("file:///a/b.slang", "ir").path, "/b.slang.dslang-ir");
});

test("queries that are not ours are rejected", () => {
  assert.equal(parseGeneratedQuery("source=file%3A%2F%2F%2Fa.slang&target=hlsl"), undefined);
  assert.equal(parseGeneratedQuery("target=wgsl"), undefined);
  assert.equal(parseGeneratedQuery(""), undefined);
});

test("generated code is read from { text } or a bare string", () => {
  assert.equal(generatedText({ text: "fn main() {}" }), "fn main() {}");
  assert.equal(generatedText("; SPIR-V"), "; SPIR-V");
  assert.equal(generatedText({ code: "x" }), undefined);
  assert.equal(generatedText(null), undefined);
});

test("gradient-check answers are validated and formatted", () => {
  const result = asGradientCheckResult({
    passed: false,
    entries: [
      { name: "fwd_diff(f) vs finite differences", passed: true, maxError: 0.000012 },
      { name: "bwd_diff(f) vs fwd_diff(f)", passed: false, maxError: 0.5, message: "dot-product identity off" },
      { name: "bwd_diff(g)", passed: true, extra: "ignored" },
    ],
  });
  assert.ok(result);
  assert.equal(
    formatGradientCheck(result),
    [
      "ok   fwd_diff(f) vs finite differences (max error 1.200e-5)",
      "FAIL bwd_diff(f) vs fwd_diff(f) (max error 5.000e-1): dot-product identity off",
      "ok   bwd_diff(g)",
      "2 passed, 1 failed",
    ].join("\n"),
  );
  assert.equal(asGradientCheckResult({ passed: true }), undefined);
  assert.equal(asGradientCheckResult({ passed: true, entries: [{ name: "x" }] }), undefined);
  assert.equal(asGradientCheckResult("ok"), undefined);
});

test("a gradient-check entry keeps the documented fields; diagnostics are read too", () => {
  const result = asGradientCheckResult({
    passed: false,
    entries: [
      {
        name: "f(x)", function: "f", parameter: "x", point: [0.5, null], ad: [0.8775], fd: [0.8775],
        maxError: 1.2e-6, passed: true, message: "fwd and bwd agree with finite differences",
      },
      { name: "g(y)", passed: false, point: "not an array", maxError: "big" },
    ],
    diagnostics: [
      { severity: "error", code: "E3001", message: "g is not differentiable", file: "/w/a.slang", line: 4, column: 2 },
      { severity: "error" },
    ],
  });
  assert.deepEqual(result, {
    passed: false,
    entries: [
      {
        name: "f(x)", passed: true, function: "f", parameter: "x", point: [0.5, null], ad: [0.8775], fd: [0.8775],
        maxError: 1.2e-6, message: "fwd and bwd agree with finite differences",
      },
      { name: "g(y)", passed: false },
    ],
    diagnostics: [{ severity: "error", code: "E3001", message: "g is not differentiable", file: "/w/a.slang", line: 4, column: 2 }],
  });
  assert.equal(formatDiagnostic(result!.diagnostics[0]), "/w/a.slang:4:2: error[E3001]: g is not differentiable");
});

// The example of docs/preview-protocol.md, as the server sends it.
const documented = {
  ok: true,
  file: "/abs/path/shader.slang",
  adapter: "llvmpipe (LLVM 15.0.7, 256 bits)",
  backend: "vulkan",
  frames: 1,
  timeMs: 3.2,
  kernels: [{ entryPoint: "computeMain", dispatch: [4, 1, 1], calls: 1, timeMs: 1.1 }],
  buffers: [
    {
      name: "outputBuffer", type: "float4", scalar: "f32", components: 4, count: 2,
      values: [0.0, 1.0, 0.5, 1, 0.25, null, 0, 1], truncated: false,
      image: { width: 2, height: 1, channels: 4, signed: false, min: 0.0, max: 1.0 },
    },
  ],
  printed: ["x = 1.000000"],
  diagnostics: [
    { severity: "warning", code: "W1", message: "unused", file: "/abs/path/shader.slang", line: 3, column: 5, endLine: 3, endColumn: 9 },
  ],
};

test("the documented preview result is read whole", () => {
  assert.deepEqual(asPreviewResult(documented), documented);
});

test("a preview result's optional parts default, and malformed optional parts are dropped", () => {
  assert.deepEqual(
    asPreviewResult({
      ok: false,
      buffers: [{ name: "b", values: [1, 2, 3], image: { width: 0, height: 3, channels: 1 } }],
      kernels: [{ entryPoint: "k", dispatch: [1, 2] }, { dispatch: [1, 1, 1] }],
      printed: ["x = 1", 3],
      error: "dispatch exceeded the 5000 ms limit",
      timeMs: "slow",
    }),
    {
      ok: false,
      kernels: [{ entryPoint: "k" }],
      buffers: [{ name: "b", components: 1, count: 3, values: [1, 2, 3], truncated: false }],
      printed: ["x = 1"],
      diagnostics: [],
      error: "dispatch exceeded the 5000 ms limit",
    },
  );
  // Fewer values than count * components: truncated, whatever the server said.
  assert.equal(asPreviewResult({ ok: true, buffers: [{ name: "b", components: 2, count: 4, values: [1, 2] }] })!.buffers[0].truncated, true);
});

test("failures may come without buffers or entries, with an error", () => {
  assert.deepEqual(asPreviewResult({ ok: false, error: "no GPU" }), {
    ok: false, kernels: [], buffers: [], printed: [], diagnostics: [], error: "no GPU",
  });
  assert.equal(asPreviewResult({ ok: true, error: "no GPU" }), undefined);
  assert.deepEqual(asGradientCheckResult({ ok: false, error: "no GPU" }), { passed: false, entries: [], diagnostics: [], error: "no GPU" });
  assert.deepEqual(asGradientCheckResult({ passed: false, entries: [], diagnostics: [], error: "no function g" })?.error, "no function g");
});

test("preview answers without ok, with unnamed buffers or non-scalar values are rejected", () => {
  assert.equal(asPreviewResult({ ok: true, buffers: [{ name: "b", values: ["1"] }] }), undefined);
  assert.equal(asPreviewResult({ ok: true, buffers: [{ values: [1] }] }), undefined);
  assert.equal(asPreviewResult({ ok: true, buffers: "none" }), undefined);
  assert.equal(asPreviewResult({ buffers: [] }), undefined);
  assert.equal(asPreviewResult(undefined), undefined);
  assert.equal(asPreviewResult([documented]), undefined);
});

test("a previewUpdated push is a preview result plus the file's uri", () => {
  const update = asPreviewUpdate({ ...documented, uri: "file:///abs/path/shader.slang" });
  assert.equal(update?.uri, "file:///abs/path/shader.slang");
  assert.deepEqual(update?.result, documented);
  assert.equal(asPreviewUpdate(documented), undefined);
  assert.equal(asPreviewUpdate({ uri: "file:///a.slang", ok: "yes", buffers: [] }), undefined);
});
