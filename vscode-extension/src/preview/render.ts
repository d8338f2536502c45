// The preview page's content as pure functions of the data: HTML strings (everything from the server
// escaped) and RGBA pixels for the canvases. The browser script (webview.ts) only puts them into the
// DOM, so all of this is unit-tested in Node.
import {
  GradientCheckResult,
  PreviewBuffer,
  PreviewControl,
  PreviewDiagnostic,
  PreviewInputs,
  PreviewResult,
  PreviewValue,
} from "../protocol";

/** What the extension sends the page: the data to show. The page adds its own paging state. */
export interface PreviewView {
  /** The source file's name, for the heading. */
  fileName: string;
  /** Shown while a run or a gradient check is under way (the last results stay visible). */
  running?: string;
  /** A message in place of results: the server is missing, does not support the preview, failed... */
  notice?: { kind: "info" | "error"; text: string };
  result?: PreviewResult;
  /** The run before `result`, for the diff. */
  previous?: PreviewResult;
  gradient?: GradientCheckResult;
}

/** The page's own state: the page shown of each buffer table, by buffer name. */
export type BufferPages = Record<string, number>;

/** Rows of a buffer table per page. */
export const ROWS_PER_PAGE = 256;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function isFloatScalar(scalar: string | undefined): boolean {
  return scalar === undefined || scalar.startsWith("f");
}

/** A float in at most 6 significant digits, without trailing zeros; exponent form when very large or small. */
export function formatNumber(value: number): string {
  const exponent = () => value.toExponential(4).replace(/\.?0+e/, "e");
  if (value === 0 || Number.isInteger(value)) {
    return Math.abs(value) < 1e15 ? String(value) : exponent();
  }
  const magnitude = Math.abs(value);
  return magnitude >= 1e-4 && magnitude < 1e6 ? String(Number(value.toPrecision(6))) : exponent();
}

export function formatValue(value: PreviewValue, scalar?: string): string {
  if (value === null) {
    return "NaN";
  }
  if (typeof value === "boolean" || scalar === "bool") {
    return value === true || value === 1 ? "true" : "false";
  }
  return isFloatScalar(scalar) ? formatNumber(value) : String(value);
}

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(3)} ms` : `${ms.toFixed(1)} ms`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Headers of an element's components: vectors by x y z w, anything longer by index. */
export function componentNames(components: number): string[] {
  if (components === 1) {
    return ["value"];
  }
  if (components <= 4) {
    return ["x", "y", "z", "w"].slice(0, components);
  }
  return Array.from({ length: components }, (_, i) => `[${i}]`);
}

/**
 * Which scalars changed since the previous run: one flag per scalar of `current.values`, or undefined when
 * there is nothing to compare with (no previous run, or a buffer of another name, shape or size).
 */
export function changedScalars(current: PreviewBuffer, previous: PreviewBuffer | undefined): boolean[] | undefined {
  if (previous === undefined || previous.components !== current.components || previous.count !== current.count) {
    return undefined;
  }
  return current.values.map((value, i) => i < previous.values.length && previous.values[i] !== value);
}

function previousBuffer(previous: PreviewResult | undefined, name: string): PreviewBuffer | undefined {
  return previous?.buffers.find((buffer) => buffer.name === name);
}

/** The whole page body for a view. */
export function renderView(view: PreviewView, pages: BufferPages = {}): string {
  const parts = [renderToolbar(view)];
  if (view.notice !== undefined) {
    const role = view.notice.kind === "error" ? ` role="alert"` : "";
    parts.push(`<div class="banner ${view.notice.kind}"${role}>${escapeHtml(view.notice.text)}</div>`);
  }
  const result = view.result;
  if (result !== undefined) {
    parts.push(renderFailure(result));
    parts.push(renderDiagnostics(result.diagnostics, "Compile diagnostics"));
    parts.push(renderRunSummary(result));
  }
  if (view.gradient !== undefined) {
    parts.push(renderGradientCheck(view.gradient));
  }
  if (result !== undefined) {
    parts.push(renderImages(result));
    parts.push(renderBuffers(result, view.previous, pages));
    parts.push(renderPrinted(result.printed));
  } else if (view.notice === undefined && view.running === undefined) {
    parts.push(`<p class="muted">No run yet.</p>`);
  }
  return parts.filter((part) => part !== "").join("\n");
}

function renderToolbar(view: PreviewView): string {
  const status =
    view.running !== undefined
      ? `<span class="status running" id="status"><span class="spinner"></span>${escapeHtml(view.running)}</span>`
      : `<span class="status" id="status"></span>`;
  return `<header class="toolbar">
<h1>${escapeHtml(view.fileName)}</h1>
<button type="button" data-action="run" title="Compile and run the file's kernels again">Run again</button>
<button type="button" data-action="gradientCheck" title="Compare every [Differentiable] function's derivatives with finite differences">Check gradients</button>
${status}
</header>`;
}

function renderFailure(result: PreviewResult): string {
  if (result.error !== undefined) {
    return `<div class="banner error" role="alert"><strong>Run failed:</strong> ${escapeHtml(result.error)}</div>`;
  }
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === "error").length;
    const why = errors > 0 ? `${plural(errors, "compile error")}, listed below` : "see the diagnostics below";
    return `<div class="banner error" role="alert"><strong>Run failed:</strong> ${why}.</div>`;
  }
  return "";
}

/** Diagnostics as a list; each item with a position links back to the source. */
export function renderDiagnostics(diagnostics: PreviewDiagnostic[], title: string): string {
  if (diagnostics.length === 0) {
    return "";
  }
  const items = diagnostics.map((d) => {
    const code = d.code ? ` <span class="code">${escapeHtml(d.code)}</span>` : "";
    const where = d.line !== undefined ? `${d.line}:${d.column ?? 1}` : "";
    const fileName = d.file?.split(/[\\/]/).pop();
    const label = escapeHtml([fileName, where].filter((part) => part).join(":"));
    const location =
      d.file !== undefined && d.line !== undefined
        ? `<a href="#" class="location" data-action="open" data-file="${escapeHtml(d.file)}" data-line="${d.line}" data-column="${d.column ?? 1}" title="${escapeHtml(d.file)}">${label}</a>`
        : label
          ? `<span class="location">${label}</span>`
          : "";
    const severity = escapeHtml(d.severity);
    return `<li class="diagnostic ${severity}"><span class="severity">${severity}</span>${code} ${location} <span class="message">${escapeHtml(d.message)}</span></li>`;
  });
  return `<section class="diagnostics"><h2>${escapeHtml(title)}</h2>\n<ul>${items.join("\n")}</ul></section>`;
}

function renderRunSummary(result: PreviewResult): string {
  const facts: string[] = [];
  if (result.adapter !== undefined) {
    facts.push(`<span class="fact"><span class="label">adapter</span> ${escapeHtml(result.adapter)}</span>`);
  }
  if (result.backend !== undefined) {
    facts.push(`<span class="fact"><span class="label">backend</span> ${escapeHtml(result.backend)}</span>`);
  }
  if (result.frames !== undefined) {
    facts.push(`<span class="fact"><span class="label">frames</span> ${result.frames}</span>`);
  }
  if (result.timeMs !== undefined) {
    facts.push(`<span class="fact"><span class="label">GPU time</span> ${formatMs(result.timeMs)}</span>`);
  }
  if (facts.length === 0 && result.kernels.length === 0) {
    return "";
  }
  let kernels = "";
  if (result.kernels.length > 0) {
    const rows = result.kernels.map((k) => {
      const dispatch = k.dispatch !== undefined ? k.dispatch.join(" × ") : "";
      const calls = k.calls !== undefined ? String(k.calls) : "";
      const time = k.timeMs !== undefined ? formatMs(k.timeMs) : "";
      return `<tr><td class="name">${escapeHtml(k.entryPoint)}</td><td>${dispatch}</td><td>${calls}</td><td>${time}</td></tr>`;
    });
    kernels = `\n<table class="kernels"><thead><tr><th>kernel</th><th>dispatch</th><th>calls</th><th>time</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }
  return `<section class="summary"><div class="facts">${facts.join("")}</div>${kernels}</section>`;
}

function formatVector(values: PreviewValue[] | undefined): string {
  if (values === undefined) {
    return "";
  }
  return values.map((v) => formatValue(v)).join(", ");
}

/** Per parameter: AD against finite differences, the relative error, mismatches flagged. */
export function renderGradientCheck(result: GradientCheckResult): string {
  const failed = result.entries.filter((entry) => !entry.passed).length;
  const error =
    result.error !== undefined
      ? `<div class="banner error" role="alert"><strong>Gradient check failed:</strong> ${escapeHtml(result.error)}</div>`
      : "";
  const summary =
    result.entries.length === 0
      ? `${error}<p class="muted">No derivative was checked.</p>`
      : failed === 0
        ? `<p class="verdict pass">✓ ${plural(result.entries.length, "derivative")} agree with finite differences</p>`
        : `<p class="verdict fail">✗ ${failed} of ${plural(result.entries.length, "derivative")} disagree with finite differences</p>`;
  const shownError = result.entries.length === 0 ? "" : error;
  const rows = result.entries.map((entry) => {
    const status = entry.passed ? `<td class="pass">ok</td>` : `<td class="fail">mismatch</td>`;
    const error = entry.maxError !== undefined ? entry.maxError.toExponential(2) : "";
    const message = entry.message !== undefined ? escapeHtml(entry.message) : "";
    const name = entry.parameter !== undefined ? `${entry.function ?? ""}: ${entry.parameter}` : entry.name;
    return `<tr class="${entry.passed ? "pass" : "fail"}"><td class="name" title="${escapeHtml(entry.name)}">${escapeHtml(name)}</td><td>${escapeHtml(formatVector(entry.point))}</td><td>${escapeHtml(formatVector(entry.ad))}</td><td>${escapeHtml(formatVector(entry.fd))}</td><td>${error}</td>${status}<td class="message">${message}</td></tr>`;
  });
  const table =
    rows.length === 0
      ? ""
      : `\n<table class="gradient"><thead><tr><th>parameter</th><th>point</th><th>AD</th><th>FD</th><th>max rel. error</th><th>status</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  return `<section class="gradient-check"><h2>Gradient check</h2>\n${shownError}${summary}${table}${renderDiagnostics(result.diagnostics, "Gradient check diagnostics")}</section>`;
}

/** The largest absolute value the heatmap's ends stand for. */
export function signedRange(buffer: PreviewBuffer): number {
  const image = buffer.image;
  let extent = Math.max(Math.abs(image?.min ?? 0), Math.abs(image?.max ?? 0));
  if (image?.min === undefined || image?.max === undefined) {
    for (const value of buffer.values) {
      if (typeof value === "number" && Number.isFinite(value)) {
        extent = Math.max(extent, Math.abs(value));
      }
    }
  }
  return extent;
}

function renderImages(result: PreviewResult): string {
  const figures: string[] = [];
  result.buffers.forEach((buffer, index) => {
    const image = buffer.image;
    if (image === undefined) {
      return;
    }
    const kind = image.signed ? "signed, heatmap" : image.channels === 1 ? "gray" : image.channels === 4 ? "RGBA" : `${image.channels} channels`;
    let legend = "";
    if (image.signed) {
      const extent = signedRange(buffer);
      const range =
        image.min !== undefined && image.max !== undefined
          ? `<div class="range">data from ${formatNumber(image.min)} to ${formatNumber(image.max)}</div>`
          : "";
      legend = `<div class="legend"><canvas class="legend-bar" data-legend="${index}" width="256" height="1"></canvas><div class="legend-labels"><span>${formatNumber(-extent)}</span><span>0</span><span>${formatNumber(extent)}</span></div>${range}</div>`;
    }
    const depth = Math.max(1, buffer.depth ?? 1);
    const [columns, rows] = sliceGrid(depth);
    const size = depth > 1 ? `${image.width} × ${image.height} × ${depth}, slices` : `${image.width} × ${image.height}`;
    const missing = buffer.values.length < image.width * image.height * depth * buffer.components ? `<div class="muted">partial: the server sent only the first ${Math.floor(buffer.values.length / buffer.components)} pixels</div>` : "";
    figures.push(
      `<figure class="image"><canvas class="pixels" data-image="${index}" width="${image.width * columns}" height="${image.height * rows}"></canvas><figcaption><span class="name">${escapeHtml(buffer.name)}</span> <span class="muted">${size}, ${kind}</span> <span class="readout" data-readout="${index}"></span>${legend}${missing}</figcaption></figure>`,
    );
  });
  return figures.length === 0 ? "" : `<section class="images"><h2>Images</h2>\n<div class="gallery">${figures.join("\n")}</div></section>`;
}

function renderBuffers(result: PreviewResult, previous: PreviewResult | undefined, pages: BufferPages): string {
  if (result.buffers.length === 0) {
    return result.ok ? `<section class="buffers"><h2>Buffers</h2><p class="muted">The kernels wrote no buffers.</p></section>` : "";
  }
  const tables = result.buffers.map((buffer, index) =>
    renderBuffer(buffer, index, previousBuffer(previous, buffer.name), pages[buffer.name] ?? 0),
  );
  return `<section class="buffers"><h2>Buffers</h2>\n<div class="buffer-list">${tables.join("\n")}</div></section>`;
}

/** One buffer: heading with its type, the diff summary, one page of rows and the pager. */
export function renderBuffer(buffer: PreviewBuffer, index: number, previous: PreviewBuffer | undefined, page: number): string {
  const rowsAvailable = Math.floor(buffer.values.length / buffer.components);
  const pageCount = Math.max(1, Math.ceil(rowsAvailable / ROWS_PER_PAGE));
  const shownPage = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  const first = shownPage * ROWS_PER_PAGE;
  const last = Math.min(rowsAvailable, first + ROWS_PER_PAGE);
  const changed = changedScalars(buffer, previous);
  const names = componentNames(buffer.components);
  const image = buffer.image;

  const header = [`<th class="index">#</th>`];
  if (image !== undefined) {
    header.push(`<th class="index">(x, y)</th>`);
  }
  header.push(...names.map((name) => `<th>${escapeHtml(name)}</th>`));
  const rows: string[] = [];
  for (let row = first; row < last; row++) {
    const cells = [`<th class="index">${row}</th>`];
    if (image !== undefined) {
      cells.push(`<th class="index">(${row % image.width}, ${Math.floor(row / image.width)})</th>`);
    }
    for (let component = 0; component < buffer.components; component++) {
      const at = row * buffer.components + component;
      const value = buffer.values[at];
      const classes = [value === null ? "nonfinite" : "", changed?.[at] ? "changed" : ""].filter((c) => c).join(" ");
      const classAttr = classes ? ` class="${classes}"` : "";
      const title =
        changed?.[at] && previous !== undefined
          ? ` title="previous: ${escapeHtml(formatValue(previous.values[at], previous.scalar))}"`
          : value === null
            ? ` title="not a finite number (NaN or ±infinity)"`
            : "";
      cells.push(`<td${classAttr}${title}>${escapeHtml(formatValue(value, buffer.scalar))}</td>`);
    }
    rows.push(`<tr>${cells.join("")}</tr>`);
  }

  const type = buffer.type !== undefined ? ` <code>${escapeHtml(buffer.type)}</code>` : "";
  const facts = [plural(buffer.count, "element")];
  if (buffer.scalar !== undefined) {
    facts.push(escapeHtml(buffer.scalar));
  }
  if (buffer.truncated) {
    facts.push(`the server sent the first ${rowsAvailable}`);
  }
  let diff = "";
  if (changed !== undefined) {
    const count = changed.filter((flag) => flag).length;
    diff =
      count === 0
        ? ` <span class="diff same">unchanged since the previous run</span>`
        : ` <span class="diff changed">${plural(count, "value")} changed since the previous run</span>`;
  }
  const pager =
    pageCount > 1
      ? `<div class="pager"><button type="button" data-action="page" data-buffer="${index}" data-page="${shownPage - 1}"${shownPage === 0 ? " disabled" : ""}>◀ Prev</button><span class="rows">rows ${first}–${last - 1} of ${rowsAvailable} (page ${shownPage + 1} of ${pageCount})</span><button type="button" data-action="page" data-buffer="${index}" data-page="${shownPage + 1}"${shownPage === pageCount - 1 ? " disabled" : ""}>Next ▶</button></div>`
      : "";
  const table =
    rowsAvailable === 0
      ? `<p class="muted">No values.</p>`
      : `<div class="table-scroll"><table class="values" data-buffer="${index}"><thead><tr>${header.join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
  return `<div class="buffer" id="buffer-${index}"><h3><span class="name">${escapeHtml(buffer.name)}</span>${type} <span class="muted">${facts.join(", ")}</span>${diff}</h3>\n${pager}${table}</div>`;
}

function renderPrinted(printed: string[]): string {
  if (printed.length === 0) {
    return "";
  }
  return `<section class="printed"><h2>printf output</h2>\n<pre>${escapeHtml(printed.join("\n"))}</pre></section>`;
}

/** RGBA pixels of an image, row-major, 4 bytes a pixel. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The colour of non-finite values in every image: they must stand out. */
const NON_FINITE: [number, number, number] = [255, 0, 255];

/** ColorBrewer's RdBu, from blue (negative) through white (zero) to red (positive). */
const DIVERGING_STOPS: Array<[number, number, number]> = [
  [5, 48, 97],
  [33, 102, 172],
  [67, 147, 195],
  [146, 197, 222],
  [209, 229, 240],
  [247, 247, 247],
  [253, 219, 199],
  [244, 165, 130],
  [214, 96, 77],
  [178, 24, 43],
  [103, 0, 31],
];

/** The diverging colour of t in [-1, 1] (clamped). */
export function divergingColor(t: number): [number, number, number] {
  if (!Number.isFinite(t)) {
    return NON_FINITE;
  }
  const position = ((Math.max(-1, Math.min(1, t)) + 1) / 2) * (DIVERGING_STOPS.length - 1);
  const lower = Math.min(Math.floor(position), DIVERGING_STOPS.length - 2);
  const fraction = position - lower;
  const a = DIVERGING_STOPS[lower];
  const b = DIVERGING_STOPS[lower + 1];
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * fraction)) as [number, number, number];
}

/** The legend strip: `width` pixels from -1 to 1, one row. */
export function legendPixels(width: number): Pixels {
  const data = new Uint8ClampedArray(width * 4);
  for (let x = 0; x < width; x++) {
    const [r, g, b] = divergingColor(width === 1 ? 0 : (x / (width - 1)) * 2 - 1);
    data.set([r, g, b, 255], x * 4);
  }
  return { width, height: 1, data };
}

function toNumber(value: PreviewValue | undefined): number {
  if (value === undefined || value === null) {
    return NaN;
  }
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

/**
 * The pixels of a buffer's image. Unsigned data is shown as is: floats in [0, 1] (clamped), integers
 * scaled by the image's max; one channel as gray, two as red-green, three or four as colour. An alpha
 * channel that is zero everywhere is ignored (kernels often leave it unset). Signed data is a diverging
 * heatmap of the first channel, symmetric around zero. Pixels the server did not send are transparent.
 */
export function imagePixels(buffer: PreviewBuffer): Pixels | undefined {
  const image = buffer.image;
  if (image === undefined) {
    return undefined;
  }
  // A 3D texture's slices lie side by side in a grid; other images are one slice.
  const depth = Math.max(1, buffer.depth ?? 1);
  const [columns, rows] = sliceGrid(depth);
  const width = image.width * columns;
  const height = image.height * rows;
  const stride = buffer.components;
  const channels = Math.min(image.channels, stride);
  const data = new Uint8ClampedArray(width * height * 4);
  const pixelsSent = Math.min(image.width * image.height * depth, Math.floor(buffer.values.length / stride));
  // Where source texel p (x fastest, then y, then slice) goes in the picture, in pixels.
  const sliceTexels = image.width * image.height;
  const at = (p: number): number => {
    if (depth === 1) {
      return p * 4;
    }
    const z = Math.floor(p / sliceTexels);
    const within = p % sliceTexels;
    const x = (within % image.width) + (z % columns) * image.width;
    const y = Math.floor(within / image.width) + Math.floor(z / columns) * image.height;
    return (y * width + x) * 4;
  };

  if (image.signed) {
    const extent = signedRange(buffer);
    for (let p = 0; p < pixelsSent; p++) {
      const value = toNumber(buffer.values[p * stride]);
      const color = Number.isFinite(value) ? divergingColor(extent === 0 ? 0 : value / extent) : NON_FINITE;
      const o = at(p);
      data[o] = color[0];
      data[o + 1] = color[1];
      data[o + 2] = color[2];
      data[o + 3] = 255;
    }
    return { width, height, data };
  }

  const scale = isFloatScalar(buffer.scalar) ? 1 : Math.max(1, image.max ?? 255);
  let alphaUnused = channels === 4;
  for (let p = 0; p < pixelsSent && alphaUnused; p++) {
    alphaUnused = toNumber(buffer.values[p * stride + 3]) === 0;
  }
  const byte = (value: number) => Math.round(Math.max(0, Math.min(1, value / scale)) * 255);
  // Played frames redraw every image: one pass, no allocation per pixel.
  const values = buffer.values;
  for (let p = 0; p < pixelsSent; p++) {
    const base = p * stride;
    const o = at(p);
    let finite = true;
    for (let c = 0; c < channels; c++) {
      finite = finite && Number.isFinite(toNumber(values[base + c]));
    }
    if (!finite) {
      data[o] = NON_FINITE[0];
      data[o + 1] = NON_FINITE[1];
      data[o + 2] = NON_FINITE[2];
      data[o + 3] = 255;
      continue;
    }
    const first = byte(toNumber(values[base]));
    if (channels === 1) {
      data[o] = data[o + 1] = data[o + 2] = first;
      data[o + 3] = 255;
      continue;
    }
    data[o] = first;
    data[o + 1] = byte(toNumber(values[base + 1]));
    data[o + 2] = channels === 2 ? 0 : byte(toNumber(values[base + 2]));
    data[o + 3] = channels === 4 && !alphaUnused ? byte(toNumber(values[base + 3])) : 255;
  }
  return { width, height, data };
}

/** The columns and rows of a nearly square grid of `depth` slices (as `dslang run --out` draws them). */
export function sliceGrid(depth: number): [number, number] {
  const slices = Math.max(1, Math.floor(depth));
  const columns = Math.max(1, Math.ceil(Math.sqrt(slices)));
  return [columns, Math.ceil(slices / columns)];
}

/** The play state the page keeps: whether frames run continuously, and how fast. */
export interface PlayState {
  playing: boolean;
  fps: number;
}

export const FRAME_RATES = [1, 5, 10, 30, 60];

/** `#rrggbb` of a colour in [0, 1]. */
export function colorToHex(rgb: number[]): string {
  return `#${rgb
    .slice(0, 3)
    .map((c) => Math.round(Math.max(0, Math.min(1, Number.isFinite(c) ? c : 0)) * 255).toString(16).padStart(2, "0"))
    .join("")}`;
}

/** The colour of `#rrggbb`, components in [0, 1]; undefined for anything else. */
export function hexToColor(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (match === null) {
    return undefined;
  }
  return [1, 2, 3].map((i) => parseInt(match[i], 16) / 255) as [number, number, number];
}

/** A slider's step: about a thousandth of its range. */
export function sliderStep(control: PreviewControl): number {
  const span = (control.max ?? 1) - (control.min ?? 0);
  return span > 0 ? span / 1000 : 1;
}

/** What identifies the controls bar: it is drawn again only when this changes (not at every frame). */
export function controlsKey(result: PreviewResult | undefined): string {
  if (result === undefined) {
    return "";
  }
  return JSON.stringify([
    result.animated === true,
    result.mouse === true,
    result.keys ?? [],
    (result.controls ?? []).map((c) => [c.name, c.kind, c.min, c.max]),
  ]);
}

/**
 * The controls bar of an interactive program: play, pause, step and the frame rate for animated
 * programs; a slider per SLIDER and a colour picker per COLOR_PICK (at the values in `inputs`, else the
 * run's); which inputs the mouse and keys feed. Empty for programs without any.
 */
export function renderControls(result: PreviewResult | undefined, inputs: PreviewInputs, play: PlayState): string {
  if (result === undefined) {
    return "";
  }
  const controls = result.controls ?? [];
  if (result.animated !== true && controls.length === 0) {
    return "";
  }
  const parts: string[] = [];
  if (result.animated === true) {
    const rates = FRAME_RATES.map((rate) => `<option value="${rate}"${rate === play.fps ? " selected" : ""}>${rate} fps</option>`).join("");
    parts.push(`<div class="player">
<button type="button" data-action="${play.playing ? "pause" : "play"}" id="play-button">${play.playing ? "Pause" : "Play"}</button>
<button type="button" data-action="step" title="Run one more frame"${play.playing ? " disabled" : ""}>Step</button>
<label class="rate">Frame rate <select data-fps>${rates}</select></label>
<span class="frame" id="frame-number">${frameText(result)}</span>
</div>`);
  }
  for (const control of controls) {
    const name = escapeHtml(control.name);
    if (control.kind === "slider") {
      const value = inputs.sliders?.[control.name] ?? control.value[0];
      parts.push(`<label class="control slider"><span class="name">${name}</span> <input type="range" data-slider="${name}" min="${control.min ?? 0}" max="${control.max ?? 1}" step="${sliderStep(control)}" value="${value}"> <output data-slider-value="${name}">${formatNumber(value)}</output></label>`);
    } else {
      const value = inputs.colors?.[control.name] ?? control.value;
      parts.push(`<label class="control color"><span class="name">${name}</span> <input type="color" data-color="${name}" value="${colorToHex(value)}"></label>`);
    }
  }
  const feeds: string[] = [];
  if (result.mouse === true) feeds.push("mouse on the image → MOUSE_POSITION");
  if (result.keys !== undefined && result.keys.length > 0) feeds.push(`keys ${result.keys.map(escapeHtml).join(", ")} → KEY`);
  if (feeds.length > 0) parts.push(`<span class="muted feeds">${feeds.join("; ")}</span>`);
  return `<section class="controls" aria-label="Controls">${parts.join("\n")}</section>`;
}

/** The frame counter: the last frame shown. */
export function frameText(result: PreviewResult): string {
  const frames = result.frames ?? 0;
  return frames === 0 ? "" : `frame ${(result.firstFrame ?? 0) + frames - 1}`;
}

/** The values under the mouse on an image: `(x, y) = value` (components joined), for the caption. */
export function pixelReadout(buffer: PreviewBuffer, x: number, y: number): string {
  const image = buffer.image;
  if (image === undefined || x < 0 || y < 0 || x >= image.width || y >= image.height) {
    return "";
  }
  const start = (y * image.width + x) * buffer.components;
  if (start + buffer.components > buffer.values.length) {
    return `(${x}, ${y}) not sent`;
  }
  const values = buffer.values.slice(start, start + buffer.components).map((v) => formatValue(v, buffer.scalar));
  return `(${x}, ${y}) = ${values.length === 1 ? values[0] : `(${values.join(", ")})`}`;
}

/** How much a small image is enlarged on the page: the largest integer scale that stays within `limit`. */
export function displayScale(width: number, height: number, limit = 256): number {
  const largest = Math.max(width, height, 1);
  return Math.max(1, Math.floor(limit / largest));
}
