// Loads the bundled extension (out/extension.js) against a stand-in for the `vscode` module and a fake
// language server, and drives it through its commands: activation, server start with the settings,
// workspace/configuration, a generated-code document, and the "not supported yet" messages.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import Module from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { after, test } from "node:test";

const root = path.resolve(__dirname, "..", "..", "..", "..");
const messages: string[] = [];
const commands = new Map<string, (...args: unknown[]) => unknown>();
const contentProviders = new Map<string, { provideTextDocumentContent(uri: FakeUri): string }>();
const shownDocuments: Array<{ uri: string; text: string; languageId: string }> = [];
const settings: Record<string, unknown> = {};
const previewPages: string[] = [];
/** What the extension posted to the preview page, and the page's message listeners. */
const postedToPage: Array<{ type: string; view: Record<string, unknown> }> = [];
const pageListeners: Array<(message: unknown) => void> = [];
const openedLocations: Array<{ uri: string; line: number; character: number }> = [];
const codeLensProviders: Array<{ provideCodeLenses(document: unknown): Array<{ command: { command: string; arguments: unknown[] } }> }> = [];
const saveListeners: Array<(document: unknown) => void> = [];
const configurationListeners: Array<(event: { affectsConfiguration(section: string): boolean }) => void> = [];
const workspaceFolder = fs.mkdtempSync(path.join(os.tmpdir(), "dslang-ws-"));

class FakeUri {
  constructor(
    readonly scheme: string,
    readonly path: string,
    readonly query = "",
  ) {}
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    const query = this.query ? `?${this.query}` : "";
    return `${this.scheme}://${this.path}${query}`;
  }
  static file(fsPath: string): FakeUri {
    return new FakeUri("file", fsPath);
  }
  static parse(text: string): FakeUri {
    const url = new URL(text);
    return new FakeUri(url.protocol.replace(/:$/, ""), decodeURIComponent(url.pathname), url.search.slice(1));
  }
  static from(parts: { scheme: string; path: string; query?: string }): FakeUri {
    return new FakeUri(parts.scheme, parts.path, parts.query);
  }
}

class FakeEventEmitter<T> {
  private listeners: Array<(value: T) => void> = [];
  event = (listener: (value: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    this.listeners.forEach((listener) => listener(value));
  }
  dispose(): void {
    this.listeners = [];
  }
}

const disposable = { dispose: () => undefined };
/** Any API the test does not care about: a function returning a disposable, or a nested stand-in. */
function anything(name: string): unknown {
  // A plain function, so that the client library can also call it with `new` and extend it.
  const target = function () {
    return disposable;
  };
  return new Proxy(target, {
    get: (inner, property) => {
      if (property === "then") {
        return undefined; // not a promise
      }
      if (property === "prototype") {
        return inner.prototype;
      }
      return anything(`${name}.${String(property)}`);
    },
    apply: () => disposable,
    construct: () => ({}),
  });
}
function withFallback<T extends object>(name: string, known: T): T {
  return new Proxy(known, {
    get: (target, property) =>
      property in target ? (target as Record<string | symbol, unknown>)[property] : anything(`${name}.${String(property)}`),
  });
}

const slangDocument = {
  uri: FakeUri.file(path.join(workspaceFolder, "gradient.slang")),
  languageId: "slang",
  version: 1,
  getText: () => "[Differentiable]\nfloat f(float x) { return x * x; }\n",
};

class FakePosition {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

const fakeVscode = withFallback("vscode", {
  version: "1.85.0",
  Uri: FakeUri,
  EventEmitter: FakeEventEmitter,
  Disposable: class {
    constructor(private readonly callback: () => void) {}
    dispose(): void {
      this.callback();
    }
    static from(...items: Array<{ dispose(): void }>) {
      return { dispose: () => items.forEach((item) => item.dispose()) };
    }
  },
  ViewColumn: { Beside: -2, One: 1 },
  Position: FakePosition,
  Range: class {
    constructor(
      readonly start: FakePosition,
      readonly end: FakePosition,
    ) {}
  },
  CodeLens: class {
    constructor(
      readonly range: unknown,
      readonly command: unknown,
    ) {}
  },
  window: withFallback("window", {
    activeTextEditor: { document: slangDocument },
    visibleTextEditors: [],
    createOutputChannel: (name: string) =>
      withFallback(`output ${name}`, {
        name,
        appendLine: (line: string) => messages.push(`[${name}] ${line}`),
        append: () => undefined,
      }),
    showInformationMessage: async (message: string) => void messages.push(`info: ${message}`),
    showWarningMessage: async (message: string) => void messages.push(`warning: ${message}`),
    showErrorMessage: async (message: string) => void messages.push(`error: ${message}`),
    createWebviewPanel: (_viewType: string, title: string) => ({
      title,
      webview: {
        cspSource: "vscode-webview://fake",
        set html(page: string) {
          previewPages.push(page);
        },
        postMessage: async (message: (typeof postedToPage)[number]) => {
          postedToPage.push(message);
          return true;
        },
        onDidReceiveMessage: (listener: (message: unknown) => void) => {
          pageListeners.push(listener);
          return disposable;
        },
      },
      onDidDispose: () => disposable,
      reveal: () => undefined,
      dispose: () => undefined,
    }),
    showTextDocument: async (
      document: { uri: FakeUri; languageId: string } | FakeUri,
      options?: { selection?: { start: FakePosition } },
    ) => {
      if (document instanceof FakeUri) {
        const start = options?.selection?.start;
        openedLocations.push({ uri: document.toString(), line: start?.line ?? -1, character: start?.character ?? -1 });
        return;
      }
      const provider = contentProviders.get(document.uri.scheme);
      shownDocuments.push({
        uri: document.uri.toString(),
        languageId: document.languageId,
        text: provider?.provideTextDocumentContent(document.uri) ?? "",
      });
    },
  }),
  workspace: withFallback("workspace", {
    workspaceFolders: [{ uri: FakeUri.file(workspaceFolder), name: "ws", index: 0 }],
    textDocuments: [],
    getConfiguration: (section?: string) =>
      withFallback("configuration", {
        get: (key: string, fallback?: unknown) => settings[section ? `${section}.${key}` : key] ?? fallback,
        has: () => false,
        inspect: () => undefined,
        update: async () => undefined,
      }),
    registerTextDocumentContentProvider: (scheme: string, provider: never) => {
      contentProviders.set(scheme, provider);
      return disposable;
    },
    onDidChangeConfiguration: (listener: (typeof configurationListeners)[number]) => {
      configurationListeners.push(listener);
      return disposable;
    },
    onDidSaveTextDocument: (listener: (document: unknown) => void) => {
      saveListeners.push(listener);
      return disposable;
    },
    openTextDocument: async (uri: FakeUri) => ({ uri, languageId: "plaintext" }),
  }),
  languages: withFallback("languages", {
    registerCodeLensProvider: (_selector: unknown, provider: (typeof codeLensProviders)[number]) => {
      codeLensProviders.push(provider);
      return disposable;
    },
    getLanguages: async () => ["plaintext", "slang", "dslang-ir"],
    setTextDocumentLanguage: async (document: { uri: FakeUri }, languageId: string) => ({ ...document, languageId }),
  }),
  commands: withFallback("commands", {
    registerCommand: (id: string, handler: (...args: unknown[]) => unknown) => {
      commands.set(id, handler);
      return disposable;
    },
    executeCommand: async () => undefined,
  }),
});

// Route `require("vscode")` from the bundle to the stand-in.
const moduleWithLoad = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
const originalLoad = moduleWithLoad._load;
moduleWithLoad._load = function (request: string, ...rest: unknown[]) {
  return request === "vscode" ? fakeVscode : originalLoad.call(this, request, ...rest);
};

// The fake server, behind an executable script as `dslang` would be.
const serverScript = path.join(workspaceFolder, "fake-dslang");
fs.writeFileSync(
  serverScript,
  `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, "out", "tsc", "test", "fixtures", "fakeLspServer.js")}" "$@"\n`,
  { mode: 0o755 },
);

type Extension = { activate(context: unknown): void; deactivate(): Promise<void> };
const extension = require(path.join(root, "out", "extension.js")) as Extension;
const context = { subscriptions: [] as Array<{ dispose(): void }>, extensionPath: path.join(workspaceFolder, "no-bundle") };

after(async () => {
  await extension.deactivate();
  context.subscriptions.forEach((item) => item.dispose());
  fs.rmSync(workspaceFolder, { recursive: true, force: true });
});

test("activation without a server says how to get one and keeps the commands working", async () => {
  const savedPath = process.env.PATH;
  process.env.PATH = "";
  try {
    extension.activate(context);
  } finally {
    process.env.PATH = savedPath;
  }
  assert.deepEqual([...commands.keys()].sort(), [
    "dslang.openPreview",
    "dslang.restartServer",
    "dslang.runGradientCheck",
    "dslang.showDerivativeIr",
    "dslang.showGeneratedSpirv",
    "dslang.showGeneratedWgsl",
  ]);
  assert.ok(messages.some((m) => m.startsWith("error: Could not find the dslang language server")), messages.join("\n"));
  messages.length = 0;
  await commands.get("dslang.showGeneratedWgsl")!();
  assert.deepEqual(messages, [
    'error: dslang: the language server is not running. See the "dslang" output, then run "dslang: Restart Language Server".',
  ]);
});

test("after a restart with dslang.serverPath set, the server gets the settings and serves the commands", async () => {
  settings["dslang.serverPath"] = serverScript;
  settings["dslang.includePaths"] = ["shaders", "/abs/lib"];
  settings["dslang.defines"] = { MODE: "2" };
  messages.length = 0;
  await commands.get("dslang.restartServer")!();

  await commands.get("dslang.showDerivativeIr")!();
  assert.equal(shownDocuments.length, 1);
  const [document] = shownDocuments;
  assert.equal(document.languageId, "dslang-ir");
  assert.match(document.uri, /^dslang-generated:\/\/\/gradient\.slang\.dslang-ir\?source=file/);
  const expectedOptions = { includePaths: [path.join(workspaceFolder, "shaders"), "/abs/lib"], defines: { MODE: "2" } };
  assert.deepEqual(JSON.parse(document.text), {
    argv: ["lsp"],
    initializationOptions: expectedOptions,
    configuration: [expectedOptions, { MODE: "2" }, null],
  });

  await commands.get("dslang.showGeneratedWgsl")!();
  assert.equal(shownDocuments[1].text, `// wgsl of file://${slangDocument.uri.path}`);

  await commands.get("dslang.runGradientCheck")!();
  // The preview panel opened for the gradient check runs the file; the server answers, then pushes.
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.deepEqual(
    messages.filter((m) => m.startsWith("info:") || m.startsWith("error:") || m.startsWith("warning:")),
    ["info: the dslang server does not support the gradient check yet"],
  );
  assert.equal(previewPages.length, 1);
  assert.match(previewPages[0], /content="default-src 'none'; img-src vscode-webview:\/\/fake data:; style-src vscode-webview:\/\/fake 'nonce-[0-9a-f]{32}'; script-src 'nonce-[0-9a-f]{32}'"/);
  assert.match(previewPages[0], /<script nonce="[0-9a-f]{32}">/);
  // Every view posted, as the page sees them: running, the answer, the gradient check's notice, then the
  // push (with the answer as the previous run).
  const summaries = postedToPage.map(({ view }) => {
    const result = view.result as { frames: number; buffers: Array<{ values: number[] }> } | undefined;
    const previous = view.previous as { frames: number } | undefined;
    const notice = view.notice as { text: string } | undefined;
    return [view.running ?? "", result?.frames ?? "-", previous?.frames ?? "-", notice?.text ?? ""].join(" | ");
  });
  assert.deepEqual(summaries, [
    "Running on the GPU... | - | - | ",
    "Checking gradients... | - | - | ",
    " | 1 | - | ",
    " | 1 | - | the dslang server does not support the gradient check yet",
    " | 2 | 1 | ",
  ]);

  // A click on a diagnostic opens its file there; a file the diagnostics do not name is refused.
  const file = slangDocument.uri.path;
  pageListeners.forEach((listener) => listener({ type: "open", file, line: 3, column: 7 }));
  pageListeners.forEach((listener) => listener({ type: "open", file: "/etc/passwd", line: 1, column: 1 }));
  pageListeners.forEach((listener) => listener({ type: "open", file, line: 0, column: 1 }));
  assert.deepEqual(openedLocations, [{ uri: `file://${file}`, line: 2, character: 6 }]);

  // The code lens above the [Differentiable] function runs the check of that function.
  const [lens] = codeLensProviders[0].provideCodeLenses(slangDocument);
  assert.deepEqual(lens.command.arguments, [{ uri: `file://${file}`, function: "f" }]);
  assert.equal(lens.command.command, "dslang.runGradientCheck");

  messages.length = 0;
  await commands.get("dslang.openPreview")!();
  assert.equal(previewPages.length, 1, "the open panel is reused");
  const last = postedToPage[postedToPage.length - 1].view as { result: { frames: number }; previous: { frames: number } };
  assert.deepEqual([last.result.frames, last.previous.frames], [1, 2]);

  // A save: the panel says it is running and takes the server's push (sent 50 ms after the answer).
  saveListeners.forEach((listener) => listener(slangDocument));
  assert.equal(postedToPage[postedToPage.length - 1].view.running, "Saved: running on the GPU...");
  await new Promise((resolve) => setTimeout(resolve, 200));
  const pushed = postedToPage[postedToPage.length - 1].view as { running?: string; result: { frames: number } };
  assert.deepEqual([pushed.running, pushed.result.frames], [undefined, 2]);
});

test("changed defines reach the running server through workspace/didChangeConfiguration", async () => {
  settings["dslang.defines"] = { MODE: "3" };
  const event = { affectsConfiguration: (section: string) => section === "dslang.defines" || section === "dslang" };
  configurationListeners.forEach((listener) => listener(event));
  await commands.get("dslang.showDerivativeIr")!();
  const observed = JSON.parse(shownDocuments[shownDocuments.length - 1].text);
  assert.deepEqual(observed.didChangeConfiguration, {
    settings: { dslang: { includePaths: [path.join(workspaceFolder, "shaders"), "/abs/lib"], defines: { MODE: "3" } } },
  });
});
