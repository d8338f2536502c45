// The interactive preview's pure parts: the controls bar, colours, slices of 3D textures, the
// page's run messages with inputs, and the protocol's new fields.
import * as assert from "node:assert/strict";
import { test } from "node:test";
import { parseFromPage } from "../../src/preview/model";
import {
  colorToHex,
  controlsKey,
  frameText,
  hexToColor,
  imagePixels,
  renderControls,
  sliceGrid,
  sliderStep,
} from "../../src/preview/render";
import { asPreviewResult, PreviewResult } from "../../src/protocol";

function result(fields: Partial<PreviewResult>): PreviewResult {
  return { ok: true, kernels: [], buffers: [], printed: [], diagnostics: [], ...fields };
}

const controls: PreviewResult["controls"] = [
  { name: "speed", kind: "slider", value: [0.5], default: [0.5], min: 0, max: 2 },
  { name: "tint", kind: "color", value: [1, 0.5, 0], default: [1, 0.5, 0] },
];

test("the controls bar: play state, a slider per SLIDER, a colour picker per COLOR_PICK, inputs first", () => {
  const html = renderControls(result({ animated: true, frames: 3, firstFrame: 7, controls, mouse: true, keys: ["KeyA"] }), { sliders: { speed: 1.25 } }, { playing: false, fps: 30 });
  assert.match(html, /data-action="play"[^>]*>Play</);
  assert.match(html, /<option value="30" selected>30 fps<\/option>/);
  assert.match(html, /frame 9/);
  assert.match(html, /<input type="range" data-slider="speed" min="0" max="2" step="0.002" value="1.25">/);
  assert.match(html, /<input type="color" data-color="tint" value="#ff8000">/);
  assert.match(html, /mouse on the image → MOUSE_POSITION; keys KeyA → KEY/);
  const playing = renderControls(result({ animated: true, frames: 1 }), {}, { playing: true, fps: 10 });
  assert.match(playing, /data-action="pause"[^>]*>Pause</);
  assert.match(playing, /data-action="step"[^>]*disabled/);
  // Nothing to control: no bar.
  assert.equal(renderControls(result({}), {}, { playing: false, fps: 10 }), "");
  // Names are escaped.
  const odd = renderControls(result({ controls: [{ name: `a"<b`, kind: "slider", value: [0], default: [0], min: 0, max: 1 }] }), {}, { playing: false, fps: 10 });
  assert.doesNotMatch(odd, /a"<b/);
});

test("the bar is drawn again only when the controls change, not at every frame", () => {
  const a = controlsKey(result({ animated: true, controls, frames: 1 }));
  const b = controlsKey(result({ animated: true, controls: [{ ...controls[0], value: [1.5] }, controls[1]], frames: 9, firstFrame: 3 }));
  assert.equal(a, b);
  assert.notEqual(a, controlsKey(result({ animated: true, controls: [controls[1]] })));
  assert.equal(frameText(result({ frames: 0 })), "");
});

test("colours convert between [0, 1] and #rrggbb", () => {
  assert.equal(colorToHex([0.9, 0.5, 0.2]), "#e68033");
  assert.equal(colorToHex([2, -1, Number.NaN]), "#ff0000");
  assert.deepEqual(hexToColor("#ff0033"), [1, 0, 0.2]);
  assert.equal(hexToColor("red"), undefined);
  assert.equal(sliderStep({ name: "s", kind: "slider", value: [0], default: [0], min: 1, max: 1 }), 1);
});

test("a 3D texture's slices are drawn side by side in a grid", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 64].map(sliceGrid), [[1, 1], [2, 1], [2, 2], [2, 2], [3, 2], [8, 8]]);
  // Three 1x2 slices of gray values: z * 0.5 + y * 0.25.
  const values = [0, 0.25, 0.5, 0.75, 1, 1];
  const pixels = imagePixels({ name: "v", components: 1, count: 6, values, truncated: false, depth: 3, image: { width: 1, height: 2, channels: 1, signed: false } });
  assert.ok(pixels !== undefined);
  assert.deepEqual([pixels.width, pixels.height], [2, 4]);
  const gray = (x: number, y: number) => pixels.data[(y * 2 + x) * 4];
  assert.deepEqual([gray(0, 0), gray(0, 1), gray(1, 0), gray(1, 1), gray(0, 2), gray(0, 3)], [0, 64, 128, 191, 255, 255]);
  // The empty fourth cell stays transparent.
  assert.equal(pixels.data[(3 * 2 + 1) * 4 + 3], 0);
});

test("run messages carry well-formed inputs only", () => {
  assert.deepEqual(
    parseFromPage({ type: "run", frames: 1, inputs: { sliders: { s: 0.5, bad: "x" }, colors: { c: [1, 0, 0], d: [1] }, mouse: [1, 2, -1, -2], keys: ["KeyA", 3], continue: true, fromFrame: 7 } }),
    { type: "run", frames: 1, inputs: { sliders: { s: 0.5 }, colors: { c: [1, 0, 0] }, mouse: [1, 2, -1, -2], keys: ["KeyA"], continue: true, fromFrame: 7 } },
  );
  assert.deepEqual(parseFromPage({ type: "run", frames: 0, inputs: "x" }), { type: "run" });
  assert.deepEqual(parseFromPage({ type: "run", inputs: { continue: true, fromFrame: -1 } }), { type: "run", inputs: { continue: true } });
  assert.deepEqual(parseFromPage({ type: "run", inputs: { continue: true, fromFrame: 2.5 } }), { type: "run", inputs: { continue: true } });
  assert.deepEqual(parseFromPage({ type: "run", frames: 1e9, inputs: { mouse: [1, 2] } }), { type: "run", inputs: {} });
});

test("the protocol's interactive fields are checked", () => {
  const parsed = asPreviewResult({
    ok: true,
    buffers: [{ name: "v", components: 1, count: 2, values: [0, 1], truncated: false, depth: 2, image: { width: 1, height: 1, channels: 1, signed: false } }],
    firstFrame: 4,
    animated: true,
    mouse: true,
    keys: ["KeyA", 1],
    controls: [...(controls ?? []), { name: "x", kind: "slider", value: [1], default: [1] }, { name: "y", kind: "dial", value: [1], default: [1] }],
  });
  assert.ok(parsed !== undefined);
  assert.equal(parsed.firstFrame, 4);
  assert.equal(parsed.buffers[0].depth, 2);
  assert.deepEqual(parsed.keys, ["KeyA"]);
  assert.deepEqual(parsed.controls?.map((c) => c.name), ["speed", "tint"]);
  assert.equal(parsed.animated && parsed.mouse, true);
});
