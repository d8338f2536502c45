import * as assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHtml, MAX_SHOWN_VALUES, renderPreviewHtml } from "../../src/previewHtml";

const page = { fileName: "gradient.slang", nonce: "abc123", cspSource: "vscode-webview://x" };

test("escapeHtml escapes every character that could open markup or an attribute", () => {
  assert.equal(escapeHtml(`<img src="x" onerror='y'>&`), "&lt;img src=&quot;x&quot; onerror=&#39;y&#39;&gt;&amp;");
});

test("the page allows only scripts and styles that carry the nonce", () => {
  const html = renderPreviewHtml({ kind: "running" }, page);
  assert.match(
    html,
    /content="default-src 'none'; style-src vscode-webview:\/\/x 'nonce-abc123'; script-src 'nonce-abc123'"/,
  );
  assert.match(html, /<script nonce="abc123">/);
  assert.match(html, /Running on the GPU/);
});

test("buffer names, types and printed text from the server are escaped", () => {
  const html = renderPreviewHtml(
    {
      kind: "ok",
      value: {
        adapter: "llvmpipe <LLVM>",
        entryPoint: "computeMain",
        timeMs: 1.5,
        buffers: [{ name: "<script>alert(1)</script>", type: "vector<float,2>", values: [1, 2] }],
        printed: ["a < b"],
      },
    },
    page,
  );
  assert.doesNotMatch(html, /<script>alert/);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; <code>vector&lt;float,2&gt;<\/code>/);
  assert.match(html, /entry point <code>computeMain<\/code>, on llvmpipe &lt;LLVM&gt;, 1\.500 ms/);
  assert.match(html, /<tr><th>0<\/th><td>1<\/td><\/tr><tr><th>1<\/th><td>2<\/td><\/tr>/);
  assert.match(html, /<pre>a &lt; b<\/pre>/);
});

test("long buffers are cut and the rest counted", () => {
  const values = Array.from({ length: MAX_SHOWN_VALUES + 5 }, (_, i) => i);
  const html = renderPreviewHtml({ kind: "ok", value: { buffers: [{ name: "big", values }] } }, page);
  assert.equal((html.match(/<tr>/g) ?? []).length, MAX_SHOWN_VALUES);
  assert.match(html, /and 5 more values/);
});

test("unsupported and failed runs are shown in the panel", () => {
  assert.match(
    renderPreviewHtml({ kind: "unsupported", message: "the dslang server does not support the GPU preview yet" }, page),
    /<p class="status">the dslang server does not support the GPU preview yet\.<\/p>/,
  );
  assert.match(
    renderPreviewHtml({ kind: "failed", message: "no adapter <lavapipe>" }, page),
    /<p class="error">no adapter &lt;lavapipe&gt;<\/p>/,
  );
  assert.match(
    renderPreviewHtml({ kind: "ok", value: { buffers: [] } }, page),
    /The entry point wrote no buffers/,
  );
});
