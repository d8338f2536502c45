// The preview panel's HTML. Pure, so escaping and the content security policy are unit-tested.
import { Outcome } from "./features";
import { RunPreviewResult } from "./protocol";

export type PreviewState = { kind: "running" } | Outcome<RunPreviewResult>;

export interface PreviewPage {
  /** The source file's name, for the heading. */
  fileName: string;
  /** A fresh random value per render; only scripts carrying it may run. */
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
}

/** At most this many values of a buffer are shown; the rest are counted. */
export const MAX_SHOWN_VALUES = 256;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function renderPreviewHtml(state: PreviewState, page: PreviewPage): string {
  // Built from VS Code's cspSource and a hex nonce only: nothing in it needs escaping.
  const csp = [
    "default-src 'none'",
    `style-src ${page.cspSource} 'nonce-${page.nonce}'`,
    `script-src 'nonce-${page.nonce}'`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>dslang preview</title>
<style nonce="${page.nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
table { border-collapse: collapse; font-family: var(--vscode-editor-font-family); }
td, th { border: 1px solid var(--vscode-panel-border); padding: 2px 6px; text-align: right; }
.status { color: var(--vscode-descriptionForeground); }
.error { color: var(--vscode-errorForeground); white-space: pre-wrap; }
</style>
</head>
<body>
<h2>${escapeHtml(page.fileName)}</h2>
<button id="run">Run again</button>
${renderBody(state)}
<script nonce="${page.nonce}">
const vscode = acquireVsCodeApi();
document.getElementById("run").addEventListener("click", () => vscode.postMessage({ type: "run" }));
</script>
</body>
</html>
`;
}

function renderBody(state: PreviewState): string {
  switch (state.kind) {
    case "running":
      return `<p class="status">Running on the GPU...</p>`;
    case "unsupported":
      return `<p class="status">${escapeHtml(state.message)}.</p>`;
    case "failed":
      return `<p class="error">${escapeHtml(state.message)}</p>`;
    case "ok":
      return renderResult(state.value);
  }
}

function renderResult(result: RunPreviewResult): string {
  const facts: string[] = [];
  if (result.entryPoint !== undefined) {
    facts.push(`entry point <code>${escapeHtml(result.entryPoint)}</code>`);
  }
  if (result.adapter !== undefined) {
    facts.push(`on ${escapeHtml(result.adapter)}`);
  }
  if (result.timeMs !== undefined) {
    facts.push(`${result.timeMs.toFixed(3)} ms`);
  }
  const parts: string[] = [];
  if (facts.length > 0) {
    parts.push(`<p class="status">${facts.join(", ")}</p>`);
  }
  if (result.buffers.length === 0) {
    parts.push(`<p class="status">The entry point wrote no buffers.</p>`);
  }
  for (const buffer of result.buffers) {
    const type = buffer.type === undefined ? "" : ` <code>${escapeHtml(buffer.type)}</code>`;
    const shown = buffer.values.slice(0, MAX_SHOWN_VALUES);
    const rows = shown.map((value, index) => `<tr><th>${index}</th><td>${escapeHtml(String(value))}</td></tr>`);
    const hidden = buffer.values.length - shown.length;
    const more = hidden > 0 ? `<p class="status">and ${hidden} more values</p>` : "";
    parts.push(`<h3>${escapeHtml(buffer.name)}${type}</h3>\n<table>${rows.join("")}</table>${more}`);
  }
  if (result.printed !== undefined && result.printed.length > 0) {
    parts.push(`<h3>printf</h3>\n<pre>${escapeHtml(result.printed.join("\n"))}</pre>`);
  }
  return parts.join("\n");
}
