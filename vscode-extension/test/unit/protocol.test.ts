import * as assert from "node:assert/strict";
import { test } from "node:test";
import {
  asGradientCheckResult,
  asRunPreviewResult,
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

test("preview answers are validated", () => {
  assert.deepEqual(
    asRunPreviewResult({
      adapter: "llvmpipe",
      timeMs: 0.25,
      buffers: [{ name: "outputBuffer", type: "float", values: [1, 2.5] }],
      printed: ["x = 1", 3],
    }),
    {
      adapter: "llvmpipe",
      entryPoint: undefined,
      timeMs: 0.25,
      buffers: [{ name: "outputBuffer", type: "float", values: [1, 2.5] }],
      printed: ["x = 1"],
    },
  );
  assert.equal(asRunPreviewResult({ buffers: [{ name: "b", values: ["1"] }] }), undefined);
  assert.equal(asRunPreviewResult({ buffers: "none" }), undefined);
  assert.equal(asRunPreviewResult(undefined), undefined);
});
