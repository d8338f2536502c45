import * as assert from "node:assert/strict";
import { test } from "node:test";
import { contentSecurityPolicy, previewPageHtml } from "../../src/preview/html";
import {
  openableFiles,
  parseFromPage,
  withGradientOutcome,
  withPreviewOutcome,
  withPreviewResult,
  withRunning,
} from "../../src/preview/model";
import { PreviewResult } from "../../src/protocol";

function run(frames: number, fields: Partial<PreviewResult> = {}): PreviewResult {
  return {
    ok: true,
    frames,
    kernels: [],
    buffers: [{ name: "b", components: 1, count: 1, values: [frames], truncated: false }],
    printed: [],
    diagnostics: [],
    ...fields,
  };
}

test("the page's messages are accepted only with the right fields", () => {
  assert.deepEqual(parseFromPage({ type: "ready" }), { type: "ready" });
  assert.deepEqual(parseFromPage({ type: "run", extra: 1 }), { type: "run" });
  assert.deepEqual(parseFromPage({ type: "open", file: "/a.slang", line: 3, column: 1 }), {
    type: "open",
    file: "/a.slang",
    line: 3,
    column: 1,
  });
  assert.equal(parseFromPage({ type: "open", file: "/a.slang", line: 0, column: 1 }), undefined);
  assert.equal(parseFromPage({ type: "open", file: "/a.slang", line: "3", column: 1 }), undefined);
  assert.equal(parseFromPage({ type: "open", file: "", line: 1, column: 1 }), undefined);
  assert.equal(parseFromPage({ type: "eval", code: "x" }), undefined);
  assert.equal(parseFromPage("run"), undefined);
});

test("only files named by the shown diagnostics may be opened", () => {
  const view = {
    fileName: "a.slang",
    result: run(1, { diagnostics: [{ severity: "error", message: "m", file: "/w/a.slang", line: 1 }] }),
    gradient: { passed: false, entries: [], diagnostics: [{ severity: "error", message: "m", file: "/w/lib.slang" }] },
  };
  assert.deepEqual([...openableFiles(view)], ["/w/a.slang", "/w/lib.slang"]);
});

test("a new result makes the last one with buffers the previous run; failures keep it", () => {
  let view = withRunning({ fileName: "a.slang" }, "Running");
  view = withPreviewResult(view, run(1));
  assert.deepEqual([view.running, view.result?.frames, view.previous], [undefined, 1, undefined]);
  view = withPreviewResult(view, run(2));
  assert.deepEqual([view.result?.frames, view.previous?.frames], [2, 1]);
  view = withPreviewResult(view, run(3, { ok: false, buffers: [] }));
  view = withPreviewResult(view, run(4));
  assert.deepEqual([view.result?.frames, view.previous?.frames], [4, 2]);
});

test("a failed request leaves the last result and says why", () => {
  const view = withPreviewOutcome(withRunning({ fileName: "a.slang", result: run(1) }, "Running"), {
    kind: "failed",
    message: "dslang: the GPU preview failed: no adapter",
  });
  assert.deepEqual(view, {
    fileName: "a.slang",
    result: run(1),
    notice: { kind: "error", text: "dslang: the GPU preview failed: no adapter" },
  });
  const unsupported = withGradientOutcome({ fileName: "a.slang" }, { kind: "unsupported", message: "not yet" });
  assert.deepEqual(unsupported.notice, { kind: "info", text: "not yet" });
  const checked = withGradientOutcome(unsupported, { kind: "ok", value: { passed: true, entries: [], diagnostics: [] } });
  assert.deepEqual(checked, { fileName: "a.slang", gradient: { passed: true, entries: [], diagnostics: [] } });
});

test("the page's policy allows no remote content and only the nonce'd script and style", () => {
  assert.equal(
    contentSecurityPolicy("n0nce", "vscode-webview://x"),
    "default-src 'none'; img-src vscode-webview://x data:; style-src vscode-webview://x 'nonce-n0nce'; script-src 'nonce-n0nce'",
  );
  const html = previewPageHtml({ nonce: "n0nce", cspSource: "vscode-webview://x", script: 'let s = "</script><b>";', title: "Preview <a>" });
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src vscode-webview:\/\/x data:;/);
  assert.match(html, /<style nonce="n0nce">/);
  assert.match(html, /<script nonce="n0nce">let s = "<\\\/script><b>";<\/script>/);
  assert.match(html, /<title>Preview &lt;a></);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});
