import * as assert from "node:assert/strict";
import { test } from "node:test";
import { PreviewBuffer, PreviewResult } from "../../src/protocol";
import {
  changedScalars,
  componentNames,
  displayScale,
  divergingColor,
  escapeHtml,
  formatNumber,
  formatValue,
  imagePixels,
  legendPixels,
  pixelReadout,
  renderBuffer,
  renderDiagnostics,
  renderGradientCheck,
  renderView,
  ROWS_PER_PAGE,
} from "../../src/preview/render";

function buffer(fields: Partial<PreviewBuffer> & { values: PreviewBuffer["values"] }): PreviewBuffer {
  const components = fields.components ?? 1;
  return { name: "b", components, count: fields.values.length / components, truncated: false, ...fields };
}

function result(fields: Partial<PreviewResult>): PreviewResult {
  return { ok: true, kernels: [], buffers: [], printed: [], diagnostics: [], ...fields };
}

test("escapeHtml escapes every character that could open markup or an attribute", () => {
  assert.equal(escapeHtml(`<img src="x" onerror='y'>&`), "&lt;img src=&quot;x&quot; onerror=&#39;y&#39;&gt;&amp;");
});

test("numbers are short: 6 significant digits, exponents only when needed", () => {
  assert.deepEqual(
    [0, 1, -3, 0.1 + 0.2, 1 / 3, 123456.789, 2.5e-7, -1e20, 1234567.5].map(formatNumber),
    ["0", "1", "-3", "0.3", "0.333333", "123457", "2.5e-7", "-1e+20", "1.2346e+6"],
  );
  assert.equal(formatValue(null, "f32"), "NaN");
  assert.equal(formatValue(7, "u32"), "7");
  assert.equal(formatValue(1, "bool"), "true");
  assert.equal(formatValue(false), "false");
  assert.deepEqual([1, 2, 4, 9].map(componentNames), [["value"], ["x", "y"], ["x", "y", "z", "w"], ["[0]", "[1]", "[2]", "[3]", "[4]", "[5]", "[6]", "[7]", "[8]"]]);
});

test("a buffer table: heading with type and size, one row per element, components as columns", () => {
  const html = renderBuffer(
    buffer({ name: "v<1>", type: "float2", scalar: "f32", components: 2, values: [0.5, 1, null, -2] }),
    3,
    undefined,
    0,
  );
  assert.equal(
    html,
    `<div class="buffer" id="buffer-3"><h3><span class="name">v&lt;1&gt;</span> <code>float2</code> <span class="muted">2 elements, f32</span></h3>\n` +
      `<div class="table-scroll"><table class="values" data-buffer="3"><thead><tr><th class="index">#</th><th>x</th><th>y</th></tr></thead><tbody>` +
      `<tr><th class="index">0</th><td>0.5</td><td>1</td></tr>` +
      `<tr><th class="index">1</th><td class="nonfinite" title="not a finite number (NaN or ±infinity)">NaN</td><td>-2</td></tr>` +
      `</tbody></table></div></div>`,
  );
});

test("the diff against the previous run highlights changed cells with the previous value as a tooltip", () => {
  const previous = buffer({ values: [1, 2, 3] });
  const current = buffer({ values: [1, 5, 3] });
  assert.deepEqual(changedScalars(current, previous), [false, true, false]);
  assert.equal(changedScalars(current, buffer({ values: [1, 2] })), undefined, "another size is not compared");
  const html = renderBuffer(current, 0, previous, 0);
  assert.match(html, /<span class="diff changed">1 value changed since the previous run<\/span>/);
  assert.match(html, /<td>1<\/td><\/tr><tr><th class="index">1<\/th><td class="changed" title="previous: 2">5<\/td>/);
  assert.match(renderBuffer(previous, 0, previous, 0), /unchanged since the previous run/);
});

test("large buffers are paged, 256 rows a page, with prev/next buttons", () => {
  const values = Array.from({ length: ROWS_PER_PAGE * 2 + 10 }, (_, i) => i);
  const first = renderBuffer(buffer({ values }), 1, undefined, 0);
  assert.equal((first.match(/<tr>/g) ?? []).length, ROWS_PER_PAGE + 1);
  assert.match(first, /data-page="-1" disabled>◀ Prev<\/button><span class="rows">rows 0–255 of 522 \(page 1 of 3\)<\/span><button type="button" data-action="page" data-buffer="1" data-page="1">Next ▶/);
  const last = renderBuffer(buffer({ values }), 1, undefined, 2);
  assert.equal((last.match(/<tr>/g) ?? []).length, 10 + 1);
  assert.match(last, /rows 512–521 of 522 \(page 3 of 3\)<\/span><button type="button" data-action="page" data-buffer="1" data-page="3" disabled>/);
  assert.match(last, /<th class="index">521<\/th><td>521<\/td>/);
  // A page number out of range shows the nearest page.
  assert.match(renderBuffer(buffer({ values }), 1, undefined, 99), /page 3 of 3/);
});

test("image buffers get an (x, y) column; truncated buffers say how much came", () => {
  const html = renderBuffer(
    buffer({ values: [1, 2, 3], count: 6, truncated: true, image: { width: 3, height: 2, channels: 1, signed: false } }),
    0,
    undefined,
    0,
  );
  assert.match(html, /6 elements, the server sent the first 3/);
  assert.match(html, /<th class="index">2<\/th><th class="index">\(2, 0\)<\/th><td>3<\/td>/);
});

test("diagnostics with a position link back to the source", () => {
  const html = renderDiagnostics(
    [
      { severity: "error", code: "E2001", message: "unknown name 'y'", file: "/w/a b.slang", line: 3, column: 5 },
      { severity: "warning", message: "no position" },
    ],
    "Compile diagnostics",
  );
  assert.equal(
    html,
    `<section class="diagnostics"><h2>Compile diagnostics</h2>\n<ul>` +
      `<li class="diagnostic error"><span class="severity">error</span> <span class="code">E2001</span> <a href="#" class="location" data-action="open" data-file="/w/a b.slang" data-line="3" data-column="5" title="/w/a b.slang">a b.slang:3:5</a> <span class="message">unknown name &#39;y&#39;</span></li>\n` +
      `<li class="diagnostic warning"><span class="severity">warning</span>  <span class="message">no position</span></li></ul></section>`,
  );
});

test("gradient checks show AD against FD per parameter and flag mismatches", () => {
  const html = renderGradientCheck({
    passed: false,
    entries: [
      { name: "f(x)", function: "f", parameter: "x", point: [0.5], ad: [0.877583], fd: [0.877582], maxError: 1.2e-6, passed: true },
      { name: "g(v)", function: "g", parameter: "v", point: [1, 2], ad: [3, 4], fd: [3, -4], maxError: 2, passed: false, message: "bwd differs" },
    ],
    diagnostics: [],
  });
  assert.match(html, /<p class="verdict fail">✗ 1 of 2 derivatives disagree with finite differences<\/p>/);
  assert.match(
    html,
    /<tr class="pass"><td class="name" title="f\(x\)">f: x<\/td><td>0.5<\/td><td>0.877583<\/td><td>0.877582<\/td><td>1.20e-6<\/td><td class="pass">ok<\/td><td class="message"><\/td><\/tr>/,
  );
  assert.match(
    html,
    /<tr class="fail"><td class="name" title="g\(v\)">g: v<\/td><td>1, 2<\/td><td>3, 4<\/td><td>3, -4<\/td><td>2.00e\+0<\/td><td class="fail">mismatch<\/td><td class="message">bwd differs<\/td><\/tr>/,
  );
  assert.match(
    renderGradientCheck({ passed: true, entries: [{ name: "f(x)", passed: true }], diagnostics: [] }),
    /✓ 1 derivative agree/,
  );
  assert.match(
    renderGradientCheck({ passed: false, entries: [], diagnostics: [], error: "no function <g>" }),
    /<div class="banner error" role="alert"><strong>Gradient check failed:<\/strong> no function &lt;g&gt;<\/div><p class="muted">No derivative was checked.<\/p>/,
  );
});

test("the whole view: header, error banner, timings, kernels, images, buffers, printf", () => {
  const html = renderView({
    fileName: "shader.slang",
    running: "Running on the GPU...",
    result: result({
      ok: false,
      error: "dispatch exceeded the 5000 ms limit",
      adapter: "llvmpipe <LLVM>",
      backend: "vulkan",
      frames: 3,
      timeMs: 12.25,
      kernels: [{ entryPoint: "step", dispatch: [4, 2, 1], calls: 3, timeMs: 0.5 }],
      buffers: [buffer({ name: "img", values: [-1, 0, 0.5, 1], image: { width: 2, height: 2, channels: 1, signed: true, min: -1, max: 1 } })],
      printed: ["x = 1 < 2"],
    }),
  });
  assert.match(html, /<h1>shader.slang<\/h1>/);
  assert.match(html, /<span class="spinner"><\/span>Running on the GPU.../);
  assert.match(html, /<div class="banner error" role="alert"><strong>Run failed:<\/strong> dispatch exceeded the 5000 ms limit<\/div>/);
  assert.match(html, /<span class="label">adapter<\/span> llvmpipe &lt;LLVM&gt;<\/span>/);
  assert.match(html, /<span class="label">frames<\/span> 3<\/span><span class="fact"><span class="label">GPU time<\/span> 12.3 ms/);
  assert.match(html, /<tr><td class="name">step<\/td><td>4 × 2 × 1<\/td><td>3<\/td><td>0.500 ms<\/td><\/tr>/);
  assert.match(html, /<canvas class="pixels" data-image="0" width="2" height="2"><\/canvas>/);
  assert.match(html, /2 × 2, signed, heatmap/);
  assert.match(html, /<div class="legend-labels"><span>-1<\/span><span>0<\/span><span>1<\/span><\/div><div class="range">data from -1 to 1<\/div>/);
  assert.match(html, /<pre>x = 1 &lt; 2<\/pre>/);
  assert.doesNotMatch(html, /style=/, "inline styles would be blocked by the content security policy");
  assert.match(renderView({ fileName: "a", result: result({ ok: false }) }), /Run failed:<\/strong> see the diagnostics below/);
  assert.match(renderView({ fileName: "a", notice: { kind: "info", text: "not <yet>" } }), /<div class="banner info">not &lt;yet&gt;<\/div>/);
});

test("RGBA and gray images are drawn as they are; an all-zero alpha is ignored", () => {
  const rgba = imagePixels(
    buffer({ components: 4, values: [1, 0, 0, 0, 0, 0.5, 2, 0], image: { width: 2, height: 1, channels: 4, signed: false } }),
  );
  assert.deepEqual([...rgba!.data], [255, 0, 0, 255, 0, 128, 255, 255]);
  const withAlpha = imagePixels(
    buffer({ components: 4, values: [1, 1, 1, 0.5, 0, 0, 0, 1], image: { width: 1, height: 2, channels: 4, signed: false } }),
  );
  assert.deepEqual([...withAlpha!.data], [255, 255, 255, 128, 0, 0, 0, 255]);
  const gray = imagePixels(buffer({ values: [0, 0.25, null], count: 4, image: { width: 2, height: 2, channels: 1, signed: false } }));
  // The NaN is magenta; the pixel the server did not send stays transparent.
  assert.deepEqual([...gray!.data], [0, 0, 0, 255, 64, 64, 64, 255, 255, 0, 255, 255, 0, 0, 0, 0]);
  const integers = imagePixels(buffer({ scalar: "u32", values: [0, 100, 200], image: { width: 3, height: 1, channels: 1, signed: false, max: 200 } }));
  assert.deepEqual([...integers!.data].filter((_, i) => i % 4 === 0), [0, 128, 255]);
  assert.equal(imagePixels(buffer({ values: [1] })), undefined);
});

test("signed images are a blue-white-red heatmap symmetric around zero, like the legend", () => {
  assert.deepEqual(divergingColor(-1), [5, 48, 97]);
  assert.deepEqual(divergingColor(0), [247, 247, 247]);
  assert.deepEqual(divergingColor(1), [103, 0, 31]);
  assert.deepEqual(divergingColor(5), divergingColor(1));
  const heat = imagePixels(buffer({ values: [-2, 0, 1, 2], image: { width: 4, height: 1, channels: 1, signed: true, min: -2, max: 2 } }));
  const colours = [0, 1, 2, 3].map((p) => [...heat!.data.slice(p * 4, p * 4 + 4)]);
  assert.deepEqual(colours, [
    [5, 48, 97, 255],
    [247, 247, 247, 255],
    [...divergingColor(0.5), 255],
    [103, 0, 31, 255],
  ]);
  const legend = legendPixels(3);
  assert.deepEqual([...legend.data], [5, 48, 97, 255, 247, 247, 247, 255, 103, 0, 31, 255]);
  // All zero: all white, no division by zero.
  const zero = imagePixels(buffer({ values: [0, 0], image: { width: 2, height: 1, channels: 1, signed: true } }));
  assert.deepEqual([...zero!.data.slice(0, 4)], [247, 247, 247, 255]);
});

test("the readout names the pixel under the mouse and its value", () => {
  const rgba = buffer({ components: 2, values: [0.5, 1, 0.25, null], image: { width: 2, height: 1, channels: 2, signed: false } });
  assert.equal(pixelReadout(rgba, 1, 0), "(1, 0) = (0.25, NaN)");
  assert.equal(pixelReadout(rgba, 2, 0), "");
  const gray = buffer({ scalar: "i32", values: [-3], count: 2, image: { width: 1, height: 2, channels: 1, signed: true } });
  assert.equal(pixelReadout(gray, 0, 0), "(0, 0) = -3");
  assert.equal(pixelReadout(gray, 0, 1), "(0, 1) not sent");
});

test("small images are enlarged by an integer factor", () => {
  assert.deepEqual([displayScale(32, 32), displayScale(64, 16), displayScale(1000, 10), displayScale(0, 0)], [8, 4, 1, 256]);
});
