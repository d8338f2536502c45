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
import { fetchGeneratedCode, Notifier, RequestClient, runGradientCheck, runPreview } from "./features";
import { PathContext } from "./paths";
import { PreviewState, renderPreviewHtml } from "./previewHtml";
import { GENERATED_SCHEME, GeneratedTarget, generatedDocumentParts, parseGeneratedQuery, TARGETS } from "./protocol";
import { resolveServerPath } from "./serverPath";
import { CONFIG_SECTION, configurationResponse, readSettings, ServerOptions, serverOptions } from "./settings";

const LANGUAGE_ID = "slang";

let server: ServerManager | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel("dslang");
  const gradientOutput = vscode.window.createOutputChannel("dslang gradient check");
  context.subscriptions.push(output, gradientOutput);

  server = new ServerManager(context.extensionPath, output);
  context.subscriptions.push({ dispose: () => void server?.stop() });

  const generated = new GeneratedCodeProvider(() => server?.requestClient(), output);
  const previews = new PreviewPanels(() => server?.requestClient());
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(GENERATED_SCHEME, generated),
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
    vscode.commands.registerCommand("dslang.runGradientCheck", async () => {
      const source = activeSlangDocument();
      if (source === undefined) {
        return;
      }
      await runGradientCheck(server?.requestClient(), source.uri.toString(), windowNotifier, (report) => {
        gradientOutput.clear();
        gradientOutput.appendLine(`${source.uri.fsPath}`);
        gradientOutput.appendLine(report);
        gradientOutput.show(true);
      });
    }),
    vscode.commands.registerCommand("dslang.openPreview", () => {
      const source = activeSlangDocument();
      if (source !== undefined) {
        previews.open(source.uri);
      }
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${CONFIG_SECTION}.serverPath`)) {
        void server?.restart();
      } else if (
        event.affectsConfiguration(`${CONFIG_SECTION}.includePaths`) ||
        event.affectsConfiguration(`${CONFIG_SECTION}.defines`)
      ) {
        void server?.configurationChanged();
      }
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (document.languageId === LANGUAGE_ID) {
        void generated.refreshFor(document.uri);
        previews.refreshFor(document.uri);
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

/** One preview panel per source file; it runs the file through `dslang/runPreview` on open, on save and on demand. */
class PreviewPanels implements vscode.Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();

  constructor(private readonly client: () => RequestClient | undefined) {}

  open(source: vscode.Uri): void {
    const key = source.toString();
    const existing = this.panels.get(key);
    if (existing !== undefined) {
      existing.reveal(vscode.ViewColumn.Beside);
      void this.run(source, existing);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      "dslangPreview",
      `Preview ${path.basename(source.fsPath)}`,
      vscode.ViewColumn.Beside,
      { enableScripts: true, localResourceRoots: [] },
    );
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    panel.webview.onDidReceiveMessage((message: unknown) => {
      if (typeof message === "object" && message !== null && (message as { type?: unknown }).type === "run") {
        void this.run(source, panel);
      }
    });
    void this.run(source, panel);
  }

  refreshFor(source: vscode.Uri): void {
    const panel = this.panels.get(source.toString());
    if (panel !== undefined) {
      void this.run(source, panel);
    }
  }

  private async run(source: vscode.Uri, panel: vscode.WebviewPanel): Promise<void> {
    this.render(source, panel, { kind: "running" });
    const outcome = await runPreview(this.client(), source.toString(), windowNotifier);
    // The user may have closed the panel while the GPU ran.
    if (this.panels.get(source.toString()) === panel) {
      this.render(source, panel, outcome);
    }
  }

  private render(source: vscode.Uri, panel: vscode.WebviewPanel, state: PreviewState): void {
    panel.webview.html = renderPreviewHtml(state, {
      fileName: path.basename(source.fsPath),
      nonce: crypto.randomBytes(16).toString("hex"),
      cspSource: panel.webview.cspSource,
    });
  }

  dispose(): void {
    for (const panel of this.panels.values()) {
      panel.dispose();
    }
    this.panels.clear();
  }
}
