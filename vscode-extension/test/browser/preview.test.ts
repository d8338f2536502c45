// The preview page in headless Chromium (Debian's `chromium`, driven by playwright-core; playwright never
// downloads a browser here), rendering the data of real runs: `dslang run FILE --frames N --out DIR`
// writes DIR/preview.json, the test loads the page the extension builds (CSP, nonce'd inlined script),
// posts the views as the extension does, and checks table values, canvas pixels, the diff, paging,
// diagnostic links and the content security policy. It saves test-artifacts/preview.png (the Gaussian
// splatting example), preview-2d.png and preview-error.png.
//
// Without chromium or the dslang binary the test is skipped, unless DSLANG_REQUIRE_CHROMIUM=1 (set by
// scripts/test.sh), when it fails.
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { previewPageHtml } from "../../src/preview/html";
import { FromPage, ToPage, withPreviewResult } from "../../src/preview/model";
import { formatValue, imagePixels, PreviewView } from "../../src/preview/render";
import { asPreviewResult, PreviewBuffer, PreviewResult } from "../../src/protocol";

const extensionRoot = path.resolve(__dirname, "..", "..", "..", "..");
const repoRoot = path.resolve(extensionRoot, "..");
const artifacts = path.join(extensionRoot, "test-artifacts");
const fixtures = path.join(extensionRoot, "test", "fixtures", "preview");
const required = process.env.DSLANG_REQUIRE_CHROMIUM === "1";

function chromiumPath(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" });
  const executable = found.stdout.trim();
  return found.status === 0 && executable !== "" ? executable : undefined;
}

const dslang = process.env.DSLANG_BIN ?? path.join(repoRoot, "target", "debug", "dslang");
const chromium = chromiumPath();
const missing = [
  chromium === undefined ? "chromium is not installed (scripts/setup.sh installs it)" : "",
  fs.existsSync(dslang) ? "" : `the dslang binary is not built (${dslang}; cargo build -p cli)`,
].filter((reason) => reason !== "");
const skip = missing.length > 0 && !required ? missing.join("; ") : false;

let scratch: string;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

/** `dslang run FILE --frames N --out DIR`, then DIR/preview.json, checked like a server answer. */
function run(file: string, frames: number, options: string[] = []): PreviewResult {
  const out = fs.mkdtempSync(path.join(scratch, "run-"));
  const runtimeDir = fs.mkdtempSync(path.join(scratch, "xdg-"));
  fs.chmodSync(runtimeDir, 0o700);
  const done = spawnSync(dslang, ["run", file, "--frames", String(frames), "--out", out, ...options], {
    encoding: "utf8",
    env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir },
    timeout: 120_000,
  });
  const json = path.join(out, "preview.json");
  assert.ok(fs.existsSync(json), `dslang run ${file} wrote no preview.json (exit ${done.status}):\n${done.stderr}`);
  const result = asPreviewResult(JSON.parse(fs.readFileSync(json, "utf8")));
  assert.ok(result, `${json} does not have the preview protocol's shape`);
  return result;
}

function bufferNamed(result: PreviewResult, name: string): { buffer: PreviewBuffer; index: number } {
  const index = result.buffers.findIndex((b) => b.name === name);
  assert.ok(index >= 0, `no buffer ${name} in ${result.buffers.map((b) => b.name).join(", ")}`);
  return { buffer: result.buffers[index], index };
}

/** Posts a view as the extension does, and waits until the page has drawn it. */
async function show(view: PreviewView): Promise<void> {
  const message: ToPage = { type: "view", view };
  await page.evaluate((m) => window.postMessage(m, "*"), message);
  await page.waitForFunction(
    (fileName) => document.querySelector("h1")?.textContent === fileName,
    view.fileName,
  );
}

/** The text of a buffer table's cells, row by row (index columns left out). */
function tableCells(index: number): Promise<string[][]> {
  return page.$$eval(`table.values[data-buffer="${index}"] tbody tr`, (rows) =>
    rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")),
  );
}

async function canvasPixels(selector: string): Promise<number[]> {
  return page.$eval(selector, (canvas) => {
    const element = canvas as HTMLCanvasElement;
    const data = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
    return Array.from(data);
  });
}

async function posted(): Promise<FromPage[]> {
  return page.evaluate(() => (window as unknown as { posted: FromPage[] }).posted);
}

before(async () => {
  if (skip) {
    return;
  }
  assert.deepEqual(missing, [], missing.join("; "));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "dslang-preview-"));
  fs.mkdirSync(artifacts, { recursive: true });
  const { chromium: launcher } = await import("playwright-core");
  const userDataDir = fs.mkdtempSync(path.join(scratch, "profile-"));
  context = await launcher.launchPersistentContext(userDataDir, {
    executablePath: chromium,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1180, height: 900 },
    deviceScaleFactor: 1,
  });
  // VS Code's webview API, as the page sees it: messages to the extension are recorded.
  await context.addInitScript(() => {
    const recorded: unknown[] = [];
    let state: unknown;
    Object.assign(window, {
      posted: recorded,
      acquireVsCodeApi: () => ({
        postMessage: (message: unknown) => recorded.push(message),
        getState: () => state,
        setState: (next: unknown) => (state = next),
      }),
    });
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  const html = previewPageHtml({
    nonce: crypto.randomBytes(16).toString("hex"),
    cspSource: "vscode-webview://test",
    script: fs.readFileSync(path.join(extensionRoot, "out", "webview.js"), "utf8"),
    title: "Preview",
  });
  const pagePath = path.join(artifacts, "preview.html");
  fs.writeFileSync(pagePath, html);
  await page.goto(`file://${pagePath}`);
  await page.waitForFunction(() => (window as unknown as { posted: unknown[] }).posted.length > 0);
});

after(async () => {
  await context?.close();
  if (scratch !== undefined) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("the page starts by telling the extension it is ready", { skip }, async () => {
  assert.deepEqual(await posted(), [{ type: "ready" }]);
});

test("a real run of examples/gradient.slang: the table holds the derivatives of x² sin x", { skip }, async () => {
  const result = run(path.join(repoRoot, "examples", "gradient.slang"), 1);
  assert.equal(result.ok, true, result.error);
  await show(withPreviewResult({ fileName: "gradient.slang" }, result));
  const { buffer, index } = bufferNamed(result, "grads");
  const cells = await tableCells(index);
  assert.deepEqual(cells, buffer.values.map((value) => [formatValue(value, buffer.scalar)]));
  // The values themselves: f'(x) = 2x sin x + x² cos x at x = 0, 0.5, ..., 3.5.
  cells.forEach(([cell], i) => {
    const x = i * 0.5;
    const expected = 2 * x * Math.sin(x) + x * x * Math.cos(x);
    assert.ok(Math.abs(Number(cell) - expected) < 1e-4 * Math.max(1, Math.abs(expected)), `grads[${i}] = ${cell}, expected ${expected}`);
  });
  const header = await page.textContent("section.summary");
  assert.match(header ?? "", /adapter/);
  assert.match(header ?? "", /computeMain/);
});

test("a real 2D run: images on canvases, the diff with the previous run, paging", { skip }, async () => {
  const fixture = path.join(fixtures, "field2d.slang");
  const first = run(fixture, 1);
  const second = run(fixture, 2);
  assert.equal(second.ok, true, second.error);
  await show(withPreviewResult(withPreviewResult({ fileName: "field2d.slang" }, first), second));

  // The signed field is a heatmap: blue where negative, red where positive, near white at zero.
  const field = bufferNamed(second, "field");
  assert.deepEqual(field.buffer.image && [field.buffer.image.width, field.buffer.image.height, field.buffer.image.signed], [24, 16, true]);
  const heat = await canvasPixels(`canvas[data-image="${field.index}"]`);
  assert.deepEqual(heat, Array.from(imagePixels(field.buffer)!.data), "the canvas holds the heatmap's pixels");
  const pixel = (x: number, y: number) => heat.slice((y * 24 + x) * 4, (y * 24 + x) * 4 + 4);
  const [topLeft, topRight] = [pixel(0, 0), pixel(23, 0)];
  assert.ok(topLeft[0] > 90 && topLeft[2] < topLeft[0], `top left is positive, so red: ${topLeft}`);
  assert.ok(topRight[2] > 90 && topRight[0] < topRight[2], `top right is negative, so blue: ${topRight}`);
  assert.equal(await page.locator(".legend-labels span").count(), 3);
  // The mouse over pixel (2, 3) of the enlarged canvas: its value in the caption.
  const canvasWidth = await page.$eval(`canvas[data-image="${field.index}"]`, (c) => c.getBoundingClientRect().width);
  const scale = canvasWidth / 24;
  await page.hover(`canvas[data-image="${field.index}"]`, { position: { x: 2.5 * scale, y: 3.5 * scale } });
  assert.equal(
    await page.textContent(`[data-readout="${field.index}"]`),
    `(2, 3) = ${formatValue(field.buffer.values[3 * 24 + 2], "f32")}`,
  );

  // The RGBA image is drawn as is: red = u, green = v, blue = frame / 4.
  const colors = bufferNamed(second, "colors");
  const rgba = await canvasPixels(`canvas[data-image="${colors.index}"]`);
  const at = (x: number, y: number) => rgba.slice((y * 24 + x) * 4, (y * 24 + x) * 4 + 4);
  assert.deepEqual(at(0, 0), [Math.round((0.5 / 24) * 255), Math.round((0.5 / 16) * 255), 64, 255]);
  assert.deepEqual(at(23, 15), [Math.round((23.5 / 24) * 255), Math.round((15.5 / 16) * 255), 64, 255]);

  // The table: the frame changed every nonzero value of the field; changed cells show the previous value.
  const cells = await tableCells(field.index);
  assert.equal(cells.length, 256, "the first page holds 256 rows");
  assert.deepEqual(cells.map(([cell]) => cell), field.buffer.values.slice(0, 256).map((v) => formatValue(v, "f32")));
  const changed = await page.$$eval(`table.values[data-buffer="${field.index}"] td.changed`, (tds) =>
    tds.map((td) => [td.textContent, td.getAttribute("title")]),
  );
  assert.equal(changed.length, 256);
  const previousValue = bufferNamed(first, "field").buffer.values[0];
  assert.deepEqual(changed[0], [formatValue(field.buffer.values[0], "f32"), `previous: ${formatValue(previousValue, "f32")}`]);
  assert.match((await page.textContent(`#buffer-${field.index} .diff`)) ?? "", /384 values changed since the previous run/);

  // Next page: rows 256 to 383.
  await page.click(`#buffer-${field.index} button:has-text("Next")`);
  const secondPage = await tableCells(field.index);
  assert.equal(secondPage.length, 128);
  assert.equal(
    await page.textContent(`table.values[data-buffer="${field.index}"] tbody tr th`),
    "256",
  );
  await page.click(`#buffer-${field.index} button:has-text("Prev")`);
  assert.equal(await page.textContent(`table.values[data-buffer="${field.index}"] tbody tr th`), "0");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, "preview-2d.png") });
  assert.deepEqual(pageErrors, []);
});

test("a real run of examples/gaussian_splatting.slang: the loss falls and the fitted image nears the target", { skip }, async () => {
  const frames = 60;
  const result = run(path.join(repoRoot, "examples", "gaussian_splatting.slang"), frames);
  assert.equal(result.ok, true, result.error);
  await show(withPreviewResult({ fileName: "gaussian_splatting.slang" }, result));

  // The loss of each frame, as the table shows it: down by more than 4x over the run.
  const loss = bufferNamed(result, "loss");
  const losses = (await tableCells(loss.index)).map(([cell]) => Number(cell));
  assert.deepEqual(losses, loss.buffer.values.slice(0, 256).map((v) => Number(formatValue(v, "f32"))));
  assert.ok(losses[0] > 0 && losses[frames - 1] < losses[0] / 4, `loss from ${losses[0]} to ${losses[frames - 1]}`);

  // The canvases hold the images' pixels, and the fitted image is close to the target.
  const pixelsOf = async (name: string) => {
    const { buffer, index } = bufferNamed(result, name);
    const drawn = await canvasPixels(`canvas[data-image="${index}"]`);
    assert.deepEqual(drawn, Array.from(imagePixels(buffer)!.data), `the ${name} canvas`);
    return drawn;
  };
  const image = await pixelsOf("image");
  const target = await pixelsOf("target");
  let difference = 0;
  for (let i = 0; i < image.length; i++) {
    if (i % 4 !== 3) difference += Math.abs(image[i] - target[i]) / 255;
  }
  const meanDifference = difference / ((image.length / 4) * 3);
  assert.ok(meanDifference < 0.1, `mean colour difference ${meanDifference}`);

  // The residual is signed: a heatmap of its red channel, red where the fit is too bright.
  const residual = bufferNamed(result, "residual");
  assert.equal(residual.buffer.image?.signed, true);
  const heat = await pixelsOf("residual");
  const brightest = residual.buffer.values.reduce<number>((best, v, i) => (i % 4 === 0 && (v as number) > (residual.buffer.values[best] as number) ? i : best), 0);
  const [r, , b] = heat.slice(brightest, brightest + 3);
  assert.ok(r > b, `the most positive residual is drawn red: ${heat.slice(brightest, brightest + 4)}`);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, "preview.png") });
  assert.deepEqual(pageErrors, []);
});

test("a real failed run: the error is prominent and the diagnostic links back to the source", { skip }, async () => {
  const broken = path.join(fixtures, "broken.slang");
  const result = run(broken, 1);
  assert.equal(result.ok, false);
  await show(withPreviewResult({ fileName: "broken.slang" }, result));
  assert.match((await page.textContent(".banner.error")) ?? "", /Run failed/);
  const link = page.locator("a.location").first();
  assert.equal(await link.textContent(), "broken.slang:8:20");
  await link.click();
  const messages = await posted();
  assert.deepEqual(messages[messages.length - 1], { type: "open", file: result.diagnostics[0].file, line: 8, column: 20 });
  assert.ok(result.diagnostics[0].file?.endsWith("broken.slang"));
  await page.screenshot({ path: path.join(artifacts, "preview-error.png") });
});

test("the interactive preview: a slider moved re-runs with its value and the image changes; play, pause, step", { skip }, async () => {
  const file = path.join(repoRoot, "examples", "playground_animated.slang");
  const first = run(file, 1);
  assert.equal(first.ok, true, first.error);
  const firstView = withPreviewResult({ fileName: "playground_animated.slang" }, first);
  await show(firstView);
  const image = bufferNamed(first, "outputTexture");
  const before = await canvasPixels(`canvas[data-image="${image.index}"]`);
  assert.deepEqual(before, Array.from(imagePixels(image.buffer)!.data));

  // The controls: play/step/frame rate (the program reads TIME), the SLIDER and the COLOR_PICK.
  const slider = page.locator('input[type="range"][data-slider="rings"]');
  assert.equal(await slider.getAttribute("min"), "1");
  assert.equal(await slider.getAttribute("max"), "16");
  assert.equal(await slider.inputValue(), "4");
  assert.equal(await page.locator('input[type="color"][data-color="warm"]').inputValue(), "#e68033");
  assert.equal(await page.textContent("#play-button"), "Play");
  assert.equal(await page.textContent("#frame-number"), "frame 0");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, "preview-slider-before.png") });

  // Move the slider as a user does: a click three quarters along its track.
  const box = await slider.boundingBox();
  assert.ok(box !== null);
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const moved = Number(await slider.inputValue());
  assert.ok(moved > 10 && moved < 14, `the slider is at ${moved}`);
  assert.equal(await page.textContent('output[data-slider-value="rings"]'), String(Number(moved.toPrecision(6))));
  const messages = await posted();
  assert.deepEqual(messages[messages.length - 1], { type: "run", inputs: { sliders: { rings: moved }, keys: [] }, frames: 1 });

  // The extension's part: the run with that value (as the server runs it), shown in the page.
  const second = run(file, 1, ["--slider", `rings=${moved}`]);
  assert.equal(second.ok, true, second.error);
  assert.deepEqual(second.controls?.[0].value, [moved]);
  await show(withPreviewResult(firstView, second));
  const after = await canvasPixels(`canvas[data-image="${bufferNamed(second, "outputTexture").index}"]`);
  let changed = 0;
  for (let p = 0; p < after.length; p += 4) {
    if (after[p] !== before[p] || after[p + 1] !== before[p + 1] || after[p + 2] !== before[p + 2]) changed++;
  }
  assert.ok(changed > after.length / 4 / 4, `only ${changed} pixels changed`);
  // More rings: near the centre, 8 pixels out, 4 rings are still warm and `moved` rings are not.
  const at = (pixels: number[], x: number, y: number) => pixels.slice((y * 256 + x) * 4, (y * 256 + x) * 4 + 3);
  assert.notDeepEqual(at(after, 136, 128), at(before, 136, 128));
  // The slider kept its place through the new view.
  assert.equal(Number(await slider.inputValue()), moved);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, "preview-slider-after.png") });

  // Play asks for one more frame at a time (continuing the run) until paused; Step asks for one.
  const count = (await posted()).length;
  await page.click("#play-button");
  assert.equal(await page.textContent("#play-button"), "Pause");
  await page.waitForFunction((n) => (window as unknown as { posted: unknown[] }).posted.length > n, count);
  const played = await posted();
  // It names the frame to go on from (the one after the shown frame 0).
  assert.deepEqual(played[count], { type: "run", inputs: { sliders: { rings: moved }, keys: [], continue: true, fromFrame: 1 }, frames: 1 });
  // No second request before the first is answered.
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal((await posted()).length, count + 1);
  const third = run(file, 2, ["--slider", `rings=${moved}`]);
  await show(withPreviewResult(withPreviewResult(firstView, second), third));
  await page.waitForFunction((n) => (window as unknown as { posted: unknown[] }).posted.length > n, count + 1);
  await page.click("#play-button");
  assert.equal(await page.textContent("#play-button"), "Play");
  const paused = (await posted()).length;
  await page.click('button[data-action="step"]');
  const stepped = await posted();
  assert.equal(stepped.length, paused + 1);
  assert.deepEqual(stepped[paused], { type: "run", inputs: { sliders: { rings: moved }, keys: [], continue: true, fromFrame: 2 }, frames: 1 });
  // The buffer tables and images stay beside the controls.
  assert.ok((await page.locator("section.buffers").count()) === 1);
  assert.deepEqual(pageErrors, []);
});

test("the content security policy blocks scripts without the nonce, inline styles and remote images", { skip }, async () => {
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener("securitypolicyviolation", (event) => violations.push(event.effectiveDirective));
    const script = document.createElement("script");
    script.textContent = "window.injected = true;";
    document.body.appendChild(script);
    const styled = document.createElement("div");
    styled.innerHTML = `<p style="color: red">x</p>`;
    document.body.appendChild(styled);
    const image = document.createElement("img");
    image.src = "https://example.com/pixel.png";
    document.body.appendChild(image);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { injected: (window as unknown as { injected?: boolean }).injected === true, violations: violations.sort() };
  });
  assert.deepEqual(outcome, { injected: false, violations: ["img-src", "script-src-elem", "style-src-attr"] });
});
