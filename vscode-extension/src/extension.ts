// The VS Code side: starts `dslang lsp`, registers the commands, the generated-code documents and the
// preview panel. The decisions live in the pure modules beside this one; this file wires them to VS Code.
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions as ExecutableOptions,
  State,
} from "vscode-languageclient/node";
import { asGradientCheckArguments, differentiableFunctions, GradientCheckArguments } from "./differentiable";
import { fetchGeneratedCode, Notifier, RequestClient, runGradientCheck, runPreview } from "./features";
import { PathContext } from "./paths";
import { previewPageHtml } from "./preview/html";
import {
  openableFiles,
  parseFromPage,
  RUNNING_AFTER_SAVE,
  RUNNING_GRADIENT_CHECK,
  RUNNING_PREVIEW,
  ToPage,
  withGradientOutcome,
  withPreviewOutcome,
  withPreviewResult,
  withRunning,
} from "./preview/model";
import { PreviewView } from "./preview/render";
import {
  asPreviewUpdate,
  GENERATED_SCHEME,
  GeneratedTarget,
  generatedDocumentParts,
  parseGeneratedQuery,
  PREVIEW_UPDATED,
  PreviewInputs,
  PreviewResult,
  TARGETS,
} from "./protocol";
import { resolveServerPath } from "./serverPath";
import { CONFIG_SECTION, configurationResponse, readSettings, ServerOptions, serverOptions } from "./settings";

const LANGUAGE_ID = "slang";

let server: ServerManager | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel("dslang");
  const gradientOutput = vscode.window.createOutputChannel("dslang gradient check");
  context.subscriptions.push(output, gradientOutput);

  // Preview failures are shown in the panel; the log keeps them too, without pop-ups.
  const log: Notifier = {
    info: (message) => output.appendLine(message),
    warning: (message) => output.appendLine(message),
    error: (message) => output.appendLine(message),
  };
  const previews = new PreviewPanels(() => server?.requestClient(), log, gradientOutput);
  server = new ServerManager(context.extensionPath, output, (params) => previews.pushed(params));
  context.subscriptions.push({ dispose: () => void server?.stop() });

  const generated = new GeneratedCodeProvider(() => server?.requestClient(), output);
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(GENERATED_SCHEME, generated),
    vscode.languages.registerCodeLensProvider({ language: LANGUAGE_ID }, new GradientCodeLenses()),
    generated,
    previews,
  );

  const generatedCommand = (target: GeneratedTarget) => async () => {
    const source = activeSlangDocument();
    if (source !== undefined) {
      await generated.show(source.uri, target);
    }
  };
  context.subscriptions.push(
    vscode.commands.registerCommand("dslang.restartServer", () => server?.restart()),
    vscode.commands.registerCommand("dslang.showGeneratedWgsl", generatedCommand("wgsl")),
    vscode.commands.registerCommand("dslang.showGeneratedSpirv", generatedCommand("spirv")),
    vscode.commands.registerCommand("dslang.showDerivativeIr", generatedCommand("ir")),
    // From a code lens with `{ uri, function }`; from the palette for the whole active file.
    vscode.commands.registerCommand("dslang.runGradientCheck", async (args?: unknown) => {
      const fromLens = asGradientCheckArguments(args);
      if (fromLens !== undefined) {
        await previews.checkGradient(vscode.Uri.parse(fromLens.uri), fromLens.function);
        return;
      }
      const source = activeSlangDocument();
      if (source !== undefined) {
        await previews.checkGradient(source.uri, undefined);
      }
    }),
    vscode.commands.registerCommand("dslang.openPreview", async () => {
      const source = activeSlangDocument();
      if (source !== undefined) {
        await previews.open(source.uri);
      }
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${CONFIG_SECTION}.serverPath`)) {
        void server?.restart();
      } else if (
        event.affectsConfiguration(`${CONFIG_SECTION}.includePaths`) ||
        event.affectsConfiguration(`${CONFIG_SECTION}.defines`) ||
        event.affectsConfiguration(`${CONFIG_SECTION}.entry`) ||
        event.affectsConfiguration(`${CONFIG_SECTION}.preview`)
      ) {
        void server?.configurationChanged();
      }
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (document.languageId === LANGUAGE_ID) {
        void generated.refreshFor(document.uri);
        previews.saved(document.uri);
      }
    }),
  );

  // Not awaited: a server that never answers `initialize` must not leave the extension activating.
  void server.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}

const windowNotifier: Notifier = {
  info: (message) => void vscode.window.showInformationMessage(message),
  warning: (message) => void vscode.window.showWarningMessage(message),
  error: (message) => void vscode.window.showErrorMessage(message),
};

function activeSlangDocument(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (document === undefined || document.languageId !== LANGUAGE_ID) {
    void vscode.window.showInformationMessage("dslang: open a .slang file first.");
    return undefined;
  }
  return document;
}

function pathContext(): PathContext {
  return { workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, homeDir: os.homedir() };
}

function isExecutableFile(candidate: string): boolean {
  try {
    if (!fs.statSync(candidate).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(candidate, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** Owns the language client: start, stop, restart, configuration. */
class ServerManager {
  private client: LanguageClient | undefined;

  /** The client to send requests through; undefined when no server runs (not found, crashed, stopped). */
  requestClient(): RequestClient | undefined {
    const client = this.client;
    return client !== undefined && client.state !== State.Stopped ? client : undefined;
  }

  constructor(
    private readonly extensionPath: string,
    private readonly output: vscode.OutputChannel,
    private readonly onPreviewUpdated: (params: unknown) => void,
  ) {}

  /** The settings as the server sees them; problems with them are logged. */
  currentOptions(): ServerOptions {
    const configuration = vscode.workspace.getConfiguration(CONFIG_SECTION);
    const { settings, problems } = readSettings((key) => configuration.get(key));
    const resolved = serverOptions(settings, pathContext());
    for (const problem of [...problems, ...resolved.problems]) {
      this.output.appendLine(`settings: ${problem}`);
    }
    return resolved.options;
  }

  async start(): Promise<void> {
    const configuration = vscode.workspace.getConfiguration(CONFIG_SECTION);
    const { settings } = readSettings((key) => configuration.get(key));
    const resolution = resolveServerPath({
      ...pathContext(),
      configuredPath: settings.serverPath,
      extensionPath: this.extensionPath,
      pathEnv: process.env.PATH,
      pathExtEnv: process.env.PATHEXT,
      platform: process.platform,
      isExecutableFile,
    });
    if (!resolution.ok) {
      this.output.appendLine(resolution.message);
      void vscode.window.showErrorMessage(resolution.message, "Open Settings").then((choice) => {
        if (choice === "Open Settings") {
          void vscode.commands.executeCommand("workbench.action.openSettings", `${CONFIG_SECTION}.serverPath`);
        }
      });
      return;
    }
    this.output.appendLine(`Starting ${resolution.path} lsp (found through ${resolution.source}).`);

    const executable: ExecutableOptions = { command: resolution.path, args: ["lsp"] };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: LANGUAGE_ID },
        { scheme: "untitled", language: LANGUAGE_ID },
      ],
      outputChannel: this.output,
      initializationOptions: this.currentOptions(),
      middleware: {
        workspace: {
          configuration: (params) => configurationResponse(params.items, this.currentOptions()),
        },
      },
    };
    // The id "dslang" makes the client read the "dslang.trace.server" setting.
    const client = new LanguageClient(CONFIG_SECTION, "dslang", executable, clientOptions);
    this.client = client;
    try {
      await client.start();
      client.onNotification(PREVIEW_UPDATED, (params: unknown) => this.onPreviewUpdated(params));
    } catch (error) {
      this.client = undefined;
      const message = `dslang: the language server (${resolution.path}) failed to start: ${String(error)}`;
      this.output.appendLine(message);
      void vscode.window.showErrorMessage(message);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client === undefined) {
      return;
    }
    try {
      await client.stop();
    } catch (error) {
      // A server that already died cannot be stopped cleanly; it is gone either way.
      this.output.appendLine(`Stopping the server: ${String(error)}`);
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Pushes new include paths and defines; the server may also pull them through workspace/configuration. */
  async configurationChanged(): Promise<void> {
    const client = this.client;
    if (client === undefined || !client.isRunning()) {
      return;
    }
    await client.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { [CONFIG_SECTION]: this.currentOptions() },
    });
  }
}

/** The read-only documents that show generated WGSL, SPIR-V and IR, kept up to date on save. */
class GeneratedCodeProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly client: () => RequestClient | undefined,
    private readonly output: vscode.OutputChannel,
  ) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? "// Run the dslang command again to regenerate this code.\n";
  }

  async show(source: vscode.Uri, target: GeneratedTarget): Promise<void> {
    const outcome = await fetchGeneratedCode(this.client(), source.toString(), target, windowNotifier);
    if (outcome.kind !== "ok") {
      return;
    }
    const parts = generatedDocumentParts(source.toString(), target);
    const uri = vscode.Uri.from({ scheme: GENERATED_SCHEME, path: parts.path, query: parts.query });
    this.contents.set(uri.toString(), outcome.value);
    this.changed.fire(uri);
    let document = await vscode.workspace.openTextDocument(uri);
    const languageId = TARGETS[target].languageId;
    // Another extension provides WGSL and SPIR-V highlighting; without it the document stays plain text.
    if (document.languageId !== languageId && (await vscode.languages.getLanguages()).includes(languageId)) {
      document = await vscode.languages.setTextDocumentLanguage(document, languageId);
    }
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }

  /** Regenerates every open document generated from `source`; failures go to the log, not to pop-ups. */
  async refreshFor(source: vscode.Uri): Promise<void> {
    const quiet: Notifier = {
      info: (message) => this.output.appendLine(message),
      warning: (message) => this.output.appendLine(message),
      error: (message) => this.output.appendLine(message),
    };
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== GENERATED_SCHEME) {
        continue;
      }
      const params = parseGeneratedQuery(document.uri.query);
      if (params === undefined || params.uri !== source.toString()) {
        continue;
      }
      const outcome = await fetchGeneratedCode(this.client(), params.uri, params.target, quiet);
      if (outcome.kind === "ok") {
        this.contents.set(document.uri.toString(), outcome.value);
        this.changed.fire(document.uri);
      }
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** How long a panel waits after a save for the server's `dslang/previewUpdated` before asking itself. */
const SAVE_PUSH_TIMEOUT_MS = 10_000;
/** The same, once the server is known to push: only a lost push (a crashed server) runs out this time. */
const SLOW_PUSH_TIMEOUT_MS = 60_000;

let webviewScript: string | undefined;

/** The page's script, bundled beside this file by the build (out/webview.js). */
function readWebviewScript(): string {
  if (webviewScript === undefined) {
    try {
      webviewScript = fs.readFileSync(path.join(__dirname, "webview.js"), "utf8");
    } catch (error) {
      // A broken install: the page says so instead of staying blank.
      return `document.getElementById("app").textContent = ${JSON.stringify(`dslang: the preview script is missing (${String(error)}). Rebuild the extension.`)};`;
    }
  }
  return webviewScript;
}

/** One preview panel: the view it shows, and the runs that change it. */
class PreviewPanel {
  private view: PreviewView;
  /** Counts runs and pushes; a request's answer is dropped when something newer arrived meanwhile. */
  private generation = 0;
  /** Set once the server has pushed a result after a save: saves then just wait for the push. */
  private serverPushes = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly source: vscode.Uri,
    readonly panel: vscode.WebviewPanel,
    private readonly client: () => RequestClient | undefined,
    private readonly log: Notifier,
    private readonly gradientOutput: vscode.OutputChannel,
  ) {
    this.view = { fileName: path.basename(source.fsPath) };
    panel.webview.html = previewPageHtml({
      nonce: crypto.randomBytes(16).toString("hex"),
      cspSource: panel.webview.cspSource,
      script: readWebviewScript(),
      title: `Preview ${this.view.fileName}`,
    });
    panel.webview.onDidReceiveMessage((message: unknown) => this.received(message));
  }

  private show(view: PreviewView): void {
    this.view = view;
    const message: ToPage = { type: "view", view };
    void this.panel.webview.postMessage(message);
  }

  async run(runningText = RUNNING_PREVIEW, extra: { inputs?: PreviewInputs; frames?: number } = {}): Promise<void> {
    this.clearSaveTimer();
    const generation = ++this.generation;
    // Play steps (continued runs) replace the image without a "running" banner in between.
    if (extra.inputs?.continue !== true) {
      this.show(withRunning(this.view, runningText));
    }
    const outcome = await runPreview(this.client(), this.source.toString(), this.log, extra);
    if (generation === this.generation) {
      this.show(withPreviewOutcome(this.view, outcome));
    }
  }

  /**
   * After a save the server pushes the new result; the panel asks for it only when no push comes in time
   * (a server that has pushed before gets longer: its GPU run may just be slow).
   */
  saved(): void {
    this.clearSaveTimer();
    this.show(withRunning(this.view, RUNNING_AFTER_SAVE));
    const timeout = this.serverPushes ? SLOW_PUSH_TIMEOUT_MS : SAVE_PUSH_TIMEOUT_MS;
    this.saveTimer = setTimeout(() => void this.run(RUNNING_AFTER_SAVE), timeout);
  }

  pushed(result: PreviewResult): void {
    this.serverPushes = true;
    this.clearSaveTimer();
    this.generation++;
    this.show(withPreviewResult(this.view, result));
  }

  async checkGradient(functionName: string | undefined): Promise<void> {
    this.show(withRunning(this.view, RUNNING_GRADIENT_CHECK));
    const params = functionName === undefined ? { uri: this.source.toString() } : { uri: this.source.toString(), function: functionName };
    const outcome = await runGradientCheck(this.client(), params, windowNotifier, (report) => {
      this.gradientOutput.clear();
      this.gradientOutput.appendLine(`${this.source.fsPath}${functionName !== undefined ? ` (${functionName})` : ""}`);
      this.gradientOutput.appendLine(report);
    });
    this.show(withGradientOutcome(this.view, outcome));
  }

  private received(raw: unknown): void {
    const message = parseFromPage(raw);
    switch (message?.type) {
      case "ready":
        this.show(this.view);
        break;
      case "run":
        void this.run(RUNNING_PREVIEW, { inputs: message.inputs, frames: message.frames });
        break;
      case "gradientCheck":
        void this.checkGradient(undefined);
        break;
      case "open": {
        // Only files the shown diagnostics name: the page does not choose what the editor opens.
        if (!openableFiles(this.view).has(message.file) && message.file !== this.source.fsPath) {
          return;
        }
        const position = new vscode.Position(message.line - 1, message.column - 1);
        const column =
          vscode.window.visibleTextEditors.find((editor) => editor.document.uri.fsPath === message.file)?.viewColumn ??
          vscode.ViewColumn.One;
        void vscode.window.showTextDocument(vscode.Uri.file(message.file), {
          viewColumn: column,
          selection: new vscode.Range(position, position),
        });
        break;
      }
    }
  }

  private clearSaveTimer(): void {
    if (this.saveTimer !== undefined) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
  }

  dispose(): void {
    this.clearSaveTimer();
  }
}

/**
 * One preview panel per source file: it runs the file through `dslang/runPreview` when opened and on
 * demand, shows the server's `dslang/previewUpdated` pushes after saves, and gradient-check results.
 */
class PreviewPanels implements vscode.Disposable {
  private readonly panels = new Map<string, PreviewPanel>();

  constructor(
    private readonly client: () => RequestClient | undefined,
    private readonly log: Notifier,
    private readonly gradientOutput: vscode.OutputChannel,
  ) {}

  /** The file's panel, revealed; a new panel starts a run. */
  private panelFor(source: vscode.Uri): { panel: PreviewPanel; created: boolean } {
    const key = source.toString();
    const existing = this.panels.get(key);
    if (existing !== undefined) {
      existing.panel.reveal(vscode.ViewColumn.Beside, true);
      return { panel: existing, created: false };
    }
    const webviewPanel = vscode.window.createWebviewPanel(
      "dslangPreview",
      `Preview ${path.basename(source.fsPath)}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [] },
    );
    const panel = new PreviewPanel(source, webviewPanel, this.client, this.log, this.gradientOutput);
    this.panels.set(key, panel);
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      if (this.panels.get(key) === panel) {
        this.panels.delete(key);
      }
    });
    return { panel, created: true };
  }

  open(source: vscode.Uri): Promise<void> {
    return this.panelFor(source).panel.run();
  }

  async checkGradient(source: vscode.Uri, functionName: string | undefined): Promise<void> {
    const { panel, created } = this.panelFor(source);
    if (created) {
      void panel.run();
    }
    await panel.checkGradient(functionName);
  }

  saved(source: vscode.Uri): void {
    this.panels.get(source.toString())?.saved();
  }

  /** A `dslang/previewUpdated` push; a malformed one is logged and dropped. */
  pushed(params: unknown): void {
    const update = asPreviewUpdate(params);
    if (update === undefined) {
      this.log.error(`dslang: ignored a ${PREVIEW_UPDATED} notification of an unexpected shape.`);
      return;
    }
    // Normalise the server's spelling of the URI to VS Code's.
    let key: string;
    try {
      key = vscode.Uri.parse(update.uri).toString();
    } catch {
      key = update.uri;
    }
    this.panels.get(key)?.pushed(update.result);
  }

  dispose(): void {
    for (const panel of this.panels.values()) {
      panel.dispose();
      panel.panel.dispose();
    }
    this.panels.clear();
  }
}

/** "Check gradient" above each `[Differentiable]` function. */
class GradientCodeLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return differentiableFunctions(document.getText()).map((found) => {
      const position = new vscode.Position(found.line, found.character);
      const args: GradientCheckArguments = { uri: document.uri.toString(), function: found.name };
      return new vscode.CodeLens(new vscode.Range(position, position), {
        title: "Check gradient",
        tooltip: `Compare the derivatives of ${found.name} with finite differences on the GPU`,
        command: "dslang.runGradientCheck",
        arguments: [args],
      });
    });
  }
}
