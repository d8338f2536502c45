// The preview page's HTML shell: the content security policy, the styles, and the bundled browser script
// (out/webview.js) inlined with a nonce. The content itself is drawn by the script from messages.

export interface PageOptions {
  /** A fresh random value per page; only the script and style carrying it may run or apply. */
  nonce: string;
  /** The webview's `cspSource` (VS Code's origin for the webview's own resources). */
  cspSource: string;
  /** The browser script's source (the esbuild bundle of src/preview/webview.ts). */
  script: string;
  /** The panel's title, for the document. */
  title: string;
}

/** The policy: nothing by default, no remote content, only the nonce'd script and style, images from data: only. */
export function contentSecurityPolicy(nonce: string, cspSource: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join("; ");
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}

/** The page. The script is inlined: `</script` inside it is split so that it cannot end the element. */
export function previewPageHtml(options: PageOptions): string {
  const nonce = escapeAttribute(options.nonce);
  const script = options.script.replace(/<\/(script)/gi, "<\\/$1");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(options.nonce, options.cspSource))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeAttribute(options.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main id="app"><p class="muted">Loading the preview...</p></main>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`;
}

// VS Code's theme variables, with the Dark+ colours as fallbacks for a browser outside VS Code.
const STYLE = `
:root {
  --fg: var(--vscode-foreground, #cccccc);
  --bg: var(--vscode-editor-background, #1e1e1e);
  --muted: var(--vscode-descriptionForeground, #9d9d9d);
  --border: var(--vscode-panel-border, #3c3c3c);
  --header-bg: var(--vscode-editorWidget-background, #252526);
  --error: var(--vscode-errorForeground, #f48771);
  --error-bg: var(--vscode-inputValidation-errorBackground, #5a1d1d);
  --error-border: var(--vscode-inputValidation-errorBorder, #be1100);
  --warning: var(--vscode-editorWarning-foreground, #cca700);
  --info-bg: var(--vscode-inputValidation-infoBackground, #063b49);
  --info-border: var(--vscode-inputValidation-infoBorder, #007acc);
  --changed-bg: var(--vscode-diffEditor-insertedTextBackground, rgba(156, 204, 44, 0.25));
  --link: var(--vscode-textLink-foreground, #3794ff);
  --pass: var(--vscode-testing-iconPassed, #73c991);
  --button-bg: var(--vscode-button-background, #0e639c);
  --button-fg: var(--vscode-button-foreground, #ffffff);
  --button-hover: var(--vscode-button-hoverBackground, #1177bb);
  --mono: var(--vscode-editor-font-family, "DejaVu Sans Mono", Menlo, Consolas, monospace);
}
body { font-family: var(--vscode-font-family, "DejaVu Sans", system-ui, sans-serif); font-size: var(--vscode-font-size, 13px);
  color: var(--fg); background: var(--bg); margin: 0; padding: 0 16px 24px; }
h1 { font-size: 1.25em; margin: 0; font-weight: 600; }
h2 { font-size: 1.05em; margin: 20px 0 8px; font-weight: 600; border-bottom: 1px solid var(--border); padding-bottom: 4px; }
h3 { font-size: 1em; margin: 14px 0 6px; font-weight: 600; }
code, pre, table.values, table.gradient, table.kernels { font-family: var(--mono); }
.muted { color: var(--muted); font-weight: normal; }
.toolbar { position: sticky; top: 0; z-index: 1; background: var(--bg); display: flex; align-items: center; gap: 10px;
  padding: 10px 0; border-bottom: 1px solid var(--border); }
button { background: var(--button-bg); color: var(--button-fg); border: none; padding: 4px 12px; border-radius: 2px; cursor: pointer; font: inherit; }
button:hover:not([disabled]) { background: var(--button-hover); }
button[disabled] { opacity: 0.4; cursor: default; }
.status { color: var(--muted); display: inline-flex; align-items: center; gap: 6px; }
.spinner { width: 10px; height: 10px; border: 2px solid var(--muted); border-top-color: transparent; border-radius: 50%;
  animation: spin 0.8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.banner { margin: 12px 0; padding: 8px 12px; border-radius: 3px; white-space: pre-wrap; }
.banner.error { background: var(--error-bg); border: 1px solid var(--error-border); }
.banner.info { background: var(--info-bg); border: 1px solid var(--info-border); }
.diagnostics ul { list-style: none; padding: 0; margin: 0; }
.diagnostic { padding: 3px 0; font-family: var(--mono); }
.diagnostic .severity { font-weight: 600; margin-right: 4px; }
.diagnostic.error .severity { color: var(--error); }
.diagnostic.warning .severity { color: var(--warning); }
.diagnostic .code { color: var(--muted); }
a.location { color: var(--link); text-decoration: none; }
a.location:hover { text-decoration: underline; }
.summary, .gradient-check { overflow-x: auto; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 20px; margin: 12px 0 8px; }
.fact .label { color: var(--muted); margin-right: 4px; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--border); padding: 2px 8px; text-align: right; }
thead th { background: var(--header-bg); position: sticky; top: 0; }
.buffer-list { display: flex; flex-wrap: wrap; gap: 8px 32px; align-items: flex-start; }
.table-scroll { max-height: 440px; overflow: auto; border: 1px solid var(--border); width: fit-content; }
.table-scroll table { border-style: hidden; }
th.index { color: var(--muted); font-weight: normal; background: var(--header-bg); }
td.name { text-align: left; }
td.changed { background: var(--changed-bg); }
td.nonfinite { color: var(--error); }
.diff.changed { color: var(--pass); font-weight: normal; font-size: 0.9em; }
.diff.same { color: var(--muted); font-weight: normal; font-size: 0.9em; }
.pager { display: flex; align-items: center; gap: 10px; margin: 4px 0 6px; }
.pager .rows { color: var(--muted); }
.gallery { display: flex; flex-wrap: wrap; gap: 20px; }
figure.image { margin: 0; }
canvas.pixels { display: block; image-rendering: pixelated; border: 1px solid var(--border); max-width: 100%;
  background-color: #808080; }
figcaption { margin-top: 6px; }
figcaption .name { font-weight: 600; }
figcaption .readout { font-family: var(--mono); margin-left: 8px; }
.legend { margin-top: 6px; width: 256px; }
canvas.legend-bar { display: block; width: 256px; height: 12px; border: 1px solid var(--border); }
.legend-labels { display: flex; justify-content: space-between; font-family: var(--mono); font-size: 0.9em; }
.legend .range { color: var(--muted); font-size: 0.9em; }
.verdict.pass { color: var(--pass); font-weight: 600; }
.verdict.fail { color: var(--error); font-weight: 600; }
table.gradient td.fail, table.gradient tr.fail td { color: var(--error); }
table.gradient tr.fail td.fail { font-weight: 600; }
table.gradient td.pass { color: var(--pass); }
table.gradient td.message { text-align: left; color: var(--muted); }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; padding: 8px 0; border-bottom: 1px solid var(--border); }
.player { display: flex; align-items: center; gap: 8px; }
.player .frame { font-family: var(--mono); color: var(--muted); min-width: 7em; }
.control { display: inline-flex; align-items: center; gap: 6px; }
.control .name { font-family: var(--mono); }
.control output { font-family: var(--mono); min-width: 4em; }
select, input[type="color"] { font: inherit; background: var(--header-bg); color: var(--fg); border: 1px solid var(--border); }
pre { background: var(--header-bg); padding: 8px; border: 1px solid var(--border); overflow-x: auto; }
`;
