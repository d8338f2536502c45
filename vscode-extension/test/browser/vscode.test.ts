// The extension in a real VS Code: code-server (VS Code served to a browser, an npm dev dependency
// pinned to a release whose Node requirement is 20) installs the packaged dslang.vsix, serves a copy of
// test/fixtures/vscode-workspace on 127.0.0.1, and headless Chromium (Debian's `chromium`, driven by
// playwright-core) works in it as a user would: opens gradient.slang, types a mistake and sees the
// language server's diagnostic (squiggle and Problems panel), hovers `bwd_diff(f)` and reads its
// derivative signature, and runs the GPU preview, whose webview shows the derivatives. The language
// server is the real binary (DSLANG_BIN, else target/debug/dslang). Screenshots: test-artifacts/
// vscode-diagnostic.png, vscode-hover.png, vscode-preview.png.
//
// Needs dslang.vsix (`npm run package`; `npm test` packages before this test runs). Without chromium,
// the dslang binary, code-server or the .vsix the test is skipped, unless DSLANG_REQUIRE_CHROMIUM=1
// (set by scripts/test.sh), when it fails.
import * as assert from "node:assert/strict";
import { ChildProcess, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, test } from "node:test";
import type { Browser, FrameLocator, Page } from "playwright-core";

const extensionRoot = path.resolve(__dirname, "..", "..", "..", "..");
const repoRoot = path.resolve(extensionRoot, "..");
const artifacts = path.join(extensionRoot, "test-artifacts");
const fixture = path.join(extensionRoot, "test", "fixtures", "vscode-workspace");
const vsix = path.join(extensionRoot, "dslang.vsix");
const codeServer = path.join(extensionRoot, "node_modules", "code-server");
const codeServerEntry = path.join(codeServer, "out", "node", "entry.js");
const required = process.env.DSLANG_REQUIRE_CHROMIUM === "1";

function chromiumPath(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" });
  const executable = found.stdout.trim();
  return found.status === 0 && executable !== "" ? executable : undefined;
}

const dslang = path.resolve(process.env.DSLANG_BIN ?? path.join(repoRoot, "target", "debug", "dslang"));
const chromium = chromiumPath();
const missing = [
  chromium === undefined ? "chromium is not installed (scripts/setup.sh installs it)" : "",
  fs.existsSync(dslang) ? "" : `the dslang binary is not built (${dslang}; cargo build -p cli)`,
  fs.existsSync(path.join(codeServer, "lib", "vscode", "node_modules"))
    ? ""
    : "code-server is not installed with VS Code's dependencies (npm ci; its postinstall builds them)",
  fs.existsSync(vsix) ? "" : `the extension is not packaged (${vsix}; npm run package)`,
].filter((reason) => reason !== "");
const skip = missing.length > 0 && !required ? missing.join("; ") : false;

let scratch: string;
let workspace: string;
let userDataDir: string;
let server: ChildProcess | undefined;
let serverLog = "";
let browser: Browser;
let page: Page;

/** The VS Code user settings of the test: our server binary, and an editor that types what it is told. */
function userSettings(): Record<string, unknown> {
  return {
    "dslang.serverPath": dslang,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.enableExperiments": false,
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "extensions.ignoreRecommendations": true,
    "chat.disableAIFeatures": true,
    "editor.autoClosingBrackets": "never",
    "editor.autoClosingQuotes": "never",
    "editor.autoIndent": "none",
    "editor.quickSuggestions": { other: "off", comments: "off", strings: "off" },
    "editor.suggestOnTriggerCharacters": false,
    "editor.parameterHints.enabled": false,
    "editor.hover.delay": 100,
    "editor.minimap.enabled": false,
    "editor.inlayHints.enabled": "off",
    "files.autoSave": "off",
    "window.commandCenter": false,
  };
}

/** Starts code-server on a free port of 127.0.0.1 and returns its URL. */
function startCodeServer(userDataDir: string, extensionsDir: string, config: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        codeServerEntry,
        "--config", config,
        "--auth", "none",
        "--bind-addr", "127.0.0.1:0",
        "--user-data-dir", userDataDir,
        "--extensions-dir", extensionsDir,
        "--disable-telemetry",
        "--disable-update-check",
        "--disable-workspace-trust",
        "--disable-getting-started-override",
        "--disable-proxy",
        "--ignore-last-opened",
      ],
      { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    server = child;
    const timer = setTimeout(() => reject(new Error(`code-server did not start in 60 s:\n${serverLog}`)), 60_000);
    const onData = (chunk: Buffer) => {
      serverLog += chunk.toString();
      const listening = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(serverLog);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before listening:\n${serverLog}`));
    });
  });
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifacts, name) });
}

/** The open editor's text as Monaco renders it (visible lines only). */
async function editorText(): Promise<string> {
  const text = await page.locator(".editor-instance .monaco-editor .view-lines").innerText();
  return text.replace(/\u00a0/g, " ");
}

/** Runs a step of the test; when it fails, a screenshot of the moment is kept beside the others. */
async function step(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    await page.screenshot({ path: path.join(artifacts, `vscode-failed-${name}.png`) }).catch(() => undefined);
    throw error;
  }
}

/** Where the editor draws the first occurrence of `word` on screen (whatever tokens it is split into). */
async function wordRect(word: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const rect = await page.evaluate((w) => {
    for (const line of document.querySelectorAll(".editor-instance .view-line")) {
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      let text = "";
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        nodes.push(node as Text);
        text += node.textContent ?? "";
      }
      const at = text.indexOf(w);
      if (at < 0) {
        continue;
      }
      // The text nodes and offsets where the word starts and ends.
      const range = document.createRange();
      let offset = 0;
      for (const node of nodes) {
        const length = node.length;
        if (at >= offset && at <= offset + length) {
          range.setStart(node, at - offset);
        }
        if (at + w.length >= offset && at + w.length <= offset + length) {
          range.setEnd(node, at + w.length - offset);
          break;
        }
        offset += length;
      }
      const box = range.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    }
    return undefined;
  }, word);
  assert.ok(rect, `the editor shows no ${word}`);
  return rect;
}

/** Runs a command from the command palette by its title. */
async function runCommand(title: string): Promise<void> {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(`>${title}`);
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first();
  await row.waitFor({ state: "visible" });
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden" });
}

before(async () => {
  if (skip) {
    return;
  }
  assert.deepEqual(missing, [], missing.join("; "));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "dslang-vscode-"));
  fs.mkdirSync(artifacts, { recursive: true });
  workspace = path.join(scratch, "workspace");
  fs.cpSync(fixture, workspace, { recursive: true });
  userDataDir = path.join(scratch, "user-data");
  const extensionsDir = path.join(scratch, "extensions");
  fs.mkdirSync(path.join(userDataDir, "User"), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, "User", "settings.json"), JSON.stringify(userSettings(), null, 2));
  // An empty config file of our own, so that code-server writes none into ~/.config.
  const config = path.join(scratch, "config.yaml");
  fs.writeFileSync(config, "");
  const runtimeDir = path.join(scratch, "xdg-runtime");
  fs.mkdirSync(runtimeDir, { mode: 0o700 });
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtimeDir, XDG_DATA_HOME: path.join(scratch, "xdg-data") };

  // The .vsix as a user installs it.
  const install = spawnSync(
    process.execPath,
    [codeServerEntry, "--config", config, "--user-data-dir", userDataDir, "--extensions-dir", extensionsDir, "--install-extension", vsix],
    { encoding: "utf8", env, timeout: 60_000 },
  );
  assert.match(install.stdout, /successfully installed/, `code-server --install-extension failed:\n${install.stdout}\n${install.stderr}`);
  assert.ok(fs.readdirSync(extensionsDir).some((entry) => entry.startsWith("dslang.dslang-")), "the extension is in the extensions folder");

  const url = await startCodeServer(userDataDir, extensionsDir, config, env);
  const { chromium: launcher } = await import("playwright-core");
  browser = await launcher.launch({
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
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(30_000);
  await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`);
  await page.locator(".monaco-workbench").waitFor({ timeout: 60_000 });
});

/** The extension's output channel ("dslang") as VS Code logged it, copied to test-artifacts/vscode-dslang.log. */
function keepExtensionLog(): void {
  const logs = path.join(userDataDir, "logs");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (/^\d+-dslang\.log$/.test(entry.name)) {
        found.push(full);
      }
    }
  };
  if (fs.existsSync(logs)) {
    walk(logs);
  }
  if (found.length > 0) {
    fs.copyFileSync(found[0], path.join(artifacts, "vscode-dslang.log"));
  }
}

after(async () => {
  if (userDataDir !== undefined) {
    keepExtensionLog();
  }
  await browser?.close();
  if (server?.pid !== undefined && server.exitCode === null) {
    // code-server and what it started (the extension host, the language server): its process group.
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  if (scratch !== undefined) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("VS Code opens gradient.slang of the workspace with the extension's grammar", { skip }, () =>
  step("open", async () => {
    await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "gradient.slang" }).click();
    await page.locator(".editor-instance .monaco-editor .view-lines", { hasText: "bwd_diff" }).waitFor();
    // The language mode in the status bar is the extension's.
    await page.locator(".statusbar-item", { hasText: /^Slang$/ }).waitFor();
      assert.match(await editorText(), /bwd_diff\(f\)\(x, 1\.0\);/);
  }),
);

test("a mistake typed in the editor: the server's diagnostic underlines it and the Problems panel lists it", { skip }, () =>
  step("diagnostic", async () => {
    // A new line 3, after the import, that uses a name nobody declared.
    await page.locator(".editor-instance .monaco-editor .view-lines").click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("static const float broken = undefinedName * 2.0;");
    const squiggle = page.locator(".editor-instance .monaco-editor .squiggly-error");
    await squiggle.first().waitFor({ timeout: 60_000 });
    await page.keyboard.press("Control+Shift+M");
    const problem = page.locator(".markers-panel .monaco-list-row", { hasText: "undefinedName" }).first();
    await problem.waitFor();
    const text = await problem.innerText();
    assert.match(text, /undefined identifier 'undefinedName'/);
    assert.match(text, /E2001/);
    // The squiggle covers the name, not one character: its width is that of `undefinedName`'s 13 characters.
    const wordBox = await wordRect("undefinedName");
    const squiggleBox = await squiggle.first().boundingBox();
    assert.ok(squiggleBox, "the squiggle is drawn");
    assert.ok(
      Math.abs(squiggleBox.x - wordBox.x) <= 2 && Math.abs(squiggleBox.width - wordBox.width) <= 2,
      `squiggle at ${squiggleBox.x}px, ${squiggleBox.width}px wide; the name at ${wordBox.x}px, ${wordBox.width}px wide`,
    );
    await page.mouse.move(wordBox.x + wordBox.width / 2, wordBox.y + wordBox.height / 2);
    await page.locator(".monaco-hover", { hasText: "undefined identifier" }).first().waitFor();
    await screenshot("vscode-diagnostic.png");

    // Reverted to the file on disk: the diagnostic goes away.
    await page.keyboard.press("Escape");
    await page.locator(".editor-instance .monaco-editor .view-lines").click();
    await runCommand("File: Revert File");
    await squiggle.first().waitFor({ state: "detached", timeout: 30_000 });
    assert.doesNotMatch(await editorText(), /undefinedName/);
  }),
);

test("hovering bwd_diff(f) shows the derivative's signature", { skip }, () =>
  step("hover", async () => {
    const token = await wordRect("bwd_diff");
    const hover = page.locator(".monaco-hover", { hasText: "bwd_diff(f)(" }).first();
    // VS Code asks once per mouse rest: an answer given while the server was still re-checking
    // the reverted file (empty, or cancelled) shows no hover, so rest the mouse again until it does.
    for (let attempt = 0; ; attempt++) {
      await page.mouse.move(0, 0);
      await page.mouse.move(token.x + token.width / 2, token.y + token.height / 2);
      try {
        await hover.waitFor({ timeout: 6_000 });
        break;
      } catch (e) {
        if (attempt >= 4) throw e;
      }
    }
    const text = await hover.innerText();
    assert.match(text, /void bwd_diff\(f\)\(inout DifferentialPair<float> x, float dResult\)/);
    await screenshot("vscode-hover.png");
    await page.mouse.move(0, 0);
  }),
);

test("the GPU preview runs the file and its webview shows the derivatives of x² sin x", { skip }, () =>
  step("preview", async () => {
    await page.locator(".editor-instance .monaco-editor .view-lines").click();
    await runCommand("dslang: Open GPU Preview");
    // The webview: VS Code's outer iframe, and the page's own frame inside it.
    const webview: FrameLocator = page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
    const cells = webview.locator("table.values tbody tr td");
    await cells.first().waitFor({ timeout: 60_000 });
    const values = (await cells.allInnerTexts()).map(Number);
    assert.equal(values.length, 8, `8 values: ${values}`);
    values.forEach((value, i) => {
      const x = i * 0.5;
      const expected = 2 * x * Math.sin(x) + x * x * Math.cos(x);
      assert.ok(Math.abs(value - expected) < 1e-3 * Math.max(1, Math.abs(expected)), `grads[${i}] = ${value}, expected ${expected}`);
    });
    assert.match(await webview.locator("h1").innerText(), /gradient\.slang/);
    await screenshot("vscode-preview.png");
  }),
);

test("VS Code showed no notification of a failed request or of the extension", { skip }, async (t) => {
  // vscode-languageclient shows "Request M failed." when VS Code rejects an answer (as it rejected a
  // document symbol without a name while a declaration was being typed); the details are in
  // test-artifacts/vscode-dslang.log.
  const shown = await page.locator(".notifications-toasts .notification-list-item-message").allInnerTexts();
  for (const message of shown) {
    t.diagnostic(`notification: ${message}`);
  }
  assert.deepEqual(shown.filter((message) => /failed|dslang/i.test(message)), []);
});
