// The preview page wired to the real language server: headless Chromium shows the page the extension
// builds, and this test plays the extension's part, forwarding each `run` message of the page to a real
// `dslang lsp` as `dslang/runPreview` and posting the answer back as the extension does. So Play, Pause,
// Step and the frame rate are checked on frames the server really ran (its gpu-worker keeps the run
// between requests), not on recorded data. Saves test-artifacts/preview-play.png.
//
// Skipped without chromium or the dslang binary, unless DSLANG_REQUIRE_CHROMIUM=1 (scripts/test.sh).
import * as assert from "node:assert/strict";
import { ChildProcess, spawn, spawnSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { previewPageHtml } from "../../src/preview/html";
import { FromPage, parseFromPage, ToPage, withPreviewResult } from "../../src/preview/model";
import { PreviewView } from "../../src/preview/render";
import { asPreviewResult } from "../../src/protocol";

const extensionRoot = path.resolve(__dirname, "..", "..", "..", "..");
const repoRoot = path.resolve(extensionRoot, "..");
const artifacts = path.join(extensionRoot, "test-artifacts");
const required = process.env.DSLANG_REQUIRE_CHROMIUM === "1";
const dslang = process.env.DSLANG_BIN ?? path.join(repoRoot, "target", "debug", "dslang");
const chromium = (() => {
  const found = spawnSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() !== "" ? found.stdout.trim() : undefined;
})();
const missing = [
  chromium === undefined ? "chromium is not installed (scripts/setup.sh installs it)" : "",
  fs.existsSync(dslang) ? "" : `the dslang binary is not built (${dslang}; cargo build -p cli)`,
].filter((reason) => reason !== "");
const skip = missing.length > 0 && !required ? missing.join("; ") : false;

let scratch: string;
let server: ChildProcess;
let connection: MessageConnection;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** The page's messages, and the server requests made for them. */
const fromPage: FromPage[] = [];
let serverRuns = 0;
/** Page messages being handled (a message posted just before Pause may arrive after it). */
let handling = 0;
let view: PreviewView = { fileName: "playground_animated.slang" };
let uri: string;

async function show(next: PreviewView): Promise<void> {
  view = next;
  const message: ToPage = { type: "view", view };
  // As a string: the page parses it (a large view passes through the DevTools protocol far faster so).
  await page.evaluate((s) => window.postMessage(JSON.parse(s), "*"), JSON.stringify(message));
}

/** The extension's part for a `run` message: the server's answer, shown in the page. */
async function received(raw: unknown): Promise<void> {
  handling++;
  try {
    await handle(raw);
  } finally {
    handling--;
  }
}

async function handle(raw: unknown): Promise<void> {
  const message = parseFromPage(raw);
  if (message === undefined) {
    return;
  }
  fromPage.push(message);
  if (message.type !== "run") {
    return;
  }
  serverRuns++;
  const answer = await connection.sendRequest("dslang/runPreview", { uri, frames: message.frames, inputs: message.inputs });
  const result = asPreviewResult(answer);
  assert.ok(result, `the server's answer does not have the preview protocol's shape: ${JSON.stringify(answer).slice(0, 300)}`);
  await show(withPreviewResult(view, result));
}

async function frameShown(): Promise<number> {
  const text = (await page.textContent("#frame-number")) ?? "";
  const match = /frame (\d+)/.exec(text);
  return match === null ? -1 : Number(match[1]);
}

/** A digest of the image canvas, computed in the page (the pixels themselves are slow to fetch). */
async function imageDigest(): Promise<string> {
  return page.$eval("canvas[data-image]", (canvas) => {
    const element = canvas as HTMLCanvasElement;
    const data = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i++) {
      hash = Math.imul(hash ^ data[i], 16777619) >>> 0;
    }
    return hash.toString(16);
  });
}

before(async () => {
  if (skip) {
    return;
  }
  assert.deepEqual(missing, [], missing.join("; "));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "dslang-play-"));
  fs.mkdirSync(artifacts, { recursive: true });
  const runtimeDir = fs.mkdtempSync(path.join(scratch, "xdg-"));
  fs.chmodSync(runtimeDir, 0o700);
  server = spawn(dslang, ["lsp"], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir } });
  connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  connection.listen();
  const file = path.join(repoRoot, "examples", "playground_animated.slang");
  uri = `file://${file}`;
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
  await connection.sendNotification("initialized", {});
  await connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "slang", version: 1, text: fs.readFileSync(file, "utf8") },
  });

  const { chromium: launcher } = await import("playwright-core");
  context = await launcher.launchPersistentContext(fs.mkdtempSync(path.join(scratch, "profile-")), {
    executablePath: chromium,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    viewport: { width: 1180, height: 900 },
    deviceScaleFactor: 1,
  });
  await context.exposeBinding("toExtension", (_source, message: unknown) => void received(message));
  // VS Code's webview API, as the page sees it: its messages go to this test, as to the extension.
  await context.addInitScript(() => {
    let state: unknown;
    const forward = (window as unknown as { toExtension: (m: unknown) => void }).toExtension;
    Object.assign(window, {
      acquireVsCodeApi: () => ({
        postMessage: (message: unknown) => forward(message),
        getState: () => state,
        setState: (next: unknown) => (state = next),
      }),
    });
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  const pagePath = path.join(scratch, "preview.html");
  fs.writeFileSync(
    pagePath,
    previewPageHtml({
      nonce: crypto.randomBytes(16).toString("hex"),
      cspSource: "vscode-webview://test",
      script: fs.readFileSync(path.join(extensionRoot, "out", "webview.js"), "utf8"),
      title: "Preview",
    }),
  );
  await page.goto(`file://${pagePath}`);
});

after(async () => {
  await context?.close();
  if (connection !== undefined) {
    await Promise.race([connection.sendRequest("shutdown").then(() => connection.sendNotification("exit")), new Promise((r) => setTimeout(r, 2000))]);
    connection.dispose();
  }
  server?.kill();
  if (scratch !== undefined) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("Play runs frame after frame on the real server, Pause stops, Step runs one more", { skip }, async () => {
  // The first run, as the extension starts it when the panel opens.
  await received({ type: "run" });
  assert.equal(view.result?.ok, true, view.result?.error);
  await page.waitForSelector("#play-button");
  assert.equal(await frameShown(), 0);
  const first = await imageDigest();

  // Play at 30 frames per second: the frames the page shows advance one by one, each a new image.
  await page.selectOption("select[data-fps]", "30");
  const runsBefore = serverRuns;
  const started = Date.now();
  await page.click("#play-button");
  assert.equal(await page.textContent("#play-button"), "Pause");
  const seen: number[] = [0];
  const images: string[] = [first];
  while (Date.now() - started < 150_000 && seen[seen.length - 1] < 12) {
    const frame = await frameShown();
    if (frame !== seen[seen.length - 1]) {
      seen.push(frame);
      images.push(await imageDigest());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (Date.now() - started) / 1000;
  const last = seen[seen.length - 1];
  assert.ok(last >= 12, `after ${seconds} s of play the page shows frame ${last} (frames seen: ${seen.join(", ")})`);
  for (let i = 1; i < seen.length; i++) {
    assert.ok(seen[i] > seen[i - 1], `frames go forward: ${seen.join(", ")}`);
  }
  // Every request of the play loop continued the run (one frame each), with nothing skipped.
  const played = fromPage.slice(-(serverRuns - runsBefore));
  assert.ok(played.every((m) => m.type === "run" && m.frames === 1 && m.inputs?.continue === true), JSON.stringify(played.slice(0, 3)));
  assert.ok(serverRuns - runsBefore >= last, `${serverRuns - runsBefore} requests for ${last} frames`);
  // TIME moves the rings: each frame shown is a new image.
  assert.equal(new Set(images).size, images.length, "every frame drew a different image");
  console.log(`# played ${last} frames in ${seconds.toFixed(1)} s (${(last / seconds).toFixed(1)} frames/s shown, 256x256 image)`);

  // Pause: after the request in flight is answered, no more requests and the frame stays.
  await page.click("#play-button");
  assert.equal(await page.textContent("#play-button"), "Play");
  const settle = Date.now();
  while (Date.now() - settle < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (handling === 0) break;
  }
  const pausedRuns = serverRuns;
  const pausedFrame = await frameShown();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(serverRuns, pausedRuns, "paused: no more runs");
  assert.equal(await frameShown(), pausedFrame);

  // Step: exactly one more frame, continued from the shown one.
  const before = await imageDigest();
  await page.click('button[data-action="step"]');
  await page.waitForFunction((n) => document.getElementById("frame-number")?.textContent === `frame ${n}`, pausedFrame + 1, { timeout: 30_000 });
  assert.equal(serverRuns, pausedRuns + 1);
  assert.notEqual(await imageDigest(), before, "the stepped frame is a new image");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, "preview-play.png") });
  assert.deepEqual(pageErrors, []);
});
