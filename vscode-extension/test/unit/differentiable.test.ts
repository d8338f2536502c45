import * as assert from "node:assert/strict";
import { test } from "node:test";
import { asGradientCheckArguments, differentiableFunctions } from "../../src/differentiable";

test("each [Differentiable] function is found at its first attribute", () => {
  const source = [
    "// [Differentiable] float commented(float x);",
    "[Differentiable]",
    "float f(float x) { return x * x; }",
    "",
    "[ForceInline] [Differentiable, PreferRecompute]",
    "DifferentialPair<float3> g<T : IFloat>(T a, float3 b) { return diffPair(b); }",
    "",
    "float plain(float x) { float a[2]; a[0] = x; return a[0]; }",
    "  [BackwardDifferentiable] static float h(no_diff float y, inout float z) { z = y; return y; }",
    "[ForwardDifferentiable]",
    "#if 1",
    "float k(float x) { return x; }",
    "#endif",
  ].join("\n");
  assert.deepEqual(differentiableFunctions(source), [
    { name: "f", line: 1, character: 0 },
    { name: "g", line: 4, character: 0 },
    { name: "h", line: 8, character: 2 },
    { name: "k", line: 9, character: 0 },
  ]);
});

test("attributes on structs, variables and strings are not functions", () => {
  const source = [
    "[Differentiable] struct S { float a; };",
    'static const char* s = "[Differentiable] float q(float x)";',
    "[Differentiable] float value = 1.0;",
    "[Differentiable] float /* unfinished",
  ].join("\n");
  assert.deepEqual(differentiableFunctions(source), []);
});

test("unclosed brackets and generics end the scan without an error", () => {
  assert.deepEqual(differentiableFunctions("[Differentiable"), []);
  assert.deepEqual(differentiableFunctions("[Differentiable] Foo<float f("), []);
  assert.deepEqual(differentiableFunctions(""), []);
});

test("the lens's command arguments are validated", () => {
  assert.deepEqual(asGradientCheckArguments({ uri: "file:///a.slang", function: "f" }), { uri: "file:///a.slang", function: "f" });
  assert.deepEqual(asGradientCheckArguments({ uri: "file:///a.slang", function: 3 }), { uri: "file:///a.slang" });
  assert.equal(asGradientCheckArguments({ function: "f" }), undefined);
  assert.equal(asGradientCheckArguments(undefined), undefined);
});
