// The custom LSP requests the extension sends to `dslang lsp`, and the pure helpers around them. The
// server answers MethodNotFound for the ones it does not implement yet; the extension says so politely.

/** `dslang/generatedCode`: the code generated for a file, as text. */
export const GENERATED_CODE = "dslang/generatedCode";
/** `dslang/gradientCheck`: compares the file's derivatives with finite differences. */
export const GRADIENT_CHECK = "dslang/gradientCheck";
/** `dslang/runPreview`: compiles the file, runs its entry point on the GPU, returns the buffers. */
export const RUN_PREVIEW = "dslang/runPreview";
/** `dslang/previewUpdated`: pushed by the server after each save of a file the client has previewed. */
export const PREVIEW_UPDATED = "dslang/previewUpdated";

export type GeneratedTarget = "wgsl" | "spirv" | "ir";

export interface GeneratedCodeParams {
  uri: string;
  target: GeneratedTarget;
}

/** The server's answer: the text (SPIR-V as disassembly). */
export interface GeneratedCodeResult {
  text: string;
}

export interface GradientCheckParams {
  uri: string;
  /** The function to check; every `[Differentiable]` function of the file when absent. */
  function?: string;
}

/** A compile error or warning, 1-based positions (docs/preview-protocol.md). */
export interface PreviewDiagnostic {
  severity: string;
  code?: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/** One checked derivative: AD against finite differences for one parameter, and the worst error seen. */
export interface GradientCheckEntry {
  name: string;
  passed: boolean;
  function?: string;
  parameter?: string;
  point?: Array<number | null>;
  ad?: Array<number | null>;
  fd?: Array<number | null>;
  maxError?: number;
  message?: string;
}

export interface GradientCheckResult {
  passed: boolean;
  entries: GradientCheckEntry[];
  diagnostics: PreviewDiagnostic[];
  /** Why nothing could be checked (no GPU, no such function...). */
  error?: string;
}

export interface RunPreviewParams {
  uri: string;
  frames?: number;
  inputs?: PreviewInputs;
}

/** What the preview's user sets (`inputs` of `dslang/runPreview`). */
export interface PreviewInputs {
  /** `SLIDER` uniforms by name. */
  sliders?: Record<string, number>;
  /** `COLOR_PICK` uniforms by name: red, green, blue in [0, 1]. */
  colors?: Record<string, [number, number, number]>;
  /** `MOUSE_POSITION`: xy while a button is down, abs(zw) where it was pressed; z > 0 while down, w > 0 on a click. */
  mouse?: [number, number, number, number];
  /** Keys held: `event.code` and `event.key` names. */
  keys?: string[];
  /** Continue the last run of the same text from its next frame instead of starting again. */
  continue?: boolean;
  /** With `continue`: the frame to go on from; the server runs frames 0 to it again if it lost the run. */
  fromFrame?: number;
}

/** A `SLIDER` (one value, with min and max) or a `COLOR_PICK` (three values in [0, 1]). */
export interface PreviewControl {
  name: string;
  kind: "slider" | "color";
  /** The value the run used. */
  value: number[];
  default: number[];
  min?: number;
  max?: number;
}

export interface PreviewKernel {
  entryPoint: string;
  dispatch?: [number, number, number];
  calls?: number;
  timeMs?: number;
}

export interface PreviewImage {
  width: number;
  height: number;
  channels: number;
  /** True: drawn as a diverging heatmap with a legend. */
  signed: boolean;
  min?: number;
  max?: number;
}

/** A scalar of a buffer; `null` stands for a value JSON cannot carry (NaN, infinities). */
export type PreviewValue = number | boolean | null;

export interface PreviewBuffer {
  name: string;
  /** The element type as written in the source (`float`, `float4`, `int`...). */
  type?: string;
  /** f32 | f16 | f64 | i32 | u32 | i64 | u64 | bool */
  scalar?: string;
  /** Scalars per element. */
  components: number;
  /** Elements in the buffer (values may hold fewer: see truncated). */
  count: number;
  /** Flat scalars, row-major. */
  values: PreviewValue[];
  truncated: boolean;
  image?: PreviewImage;
  /** A 3D texture: `values` holds `depth` slices of image.width x image.height. */
  depth?: number;
}

export interface PreviewResult {
  ok: boolean;
  file?: string;
  adapter?: string;
  backend?: string;
  frames?: number;
  /** Total wall time of all dispatches in milliseconds. */
  timeMs?: number;
  kernels: PreviewKernel[];
  buffers: PreviewBuffer[];
  /** Lines printed through `printf`. */
  printed: string[];
  diagnostics: PreviewDiagnostic[];
  /** A run failure that is not a diagnostic. */
  error?: string;
  /** The number of the first frame run (not 0 when the run continued an earlier one). */
  firstFrame?: number;
  controls?: PreviewControl[];
  /** The program changes from frame to frame: worth playing. */
  animated?: boolean;
  /** The program reads MOUSE_POSITION. */
  mouse?: boolean;
  /** The keys the program's KEY uniforms watch. */
  keys?: string[];
}

/** `dslang/previewUpdated`: the server's push after a save of a previewed file. */
export interface PreviewUpdate {
  uri: string;
  result: PreviewResult;
}

/** How each target's document is shown: language id, file suffix, and the words used in messages. */
export const TARGETS: Record<GeneratedTarget, { languageId: string; suffix: string; label: string }> = {
  wgsl: { languageId: "wgsl", suffix: ".wgsl", label: "generated WGSL" },
  spirv: { languageId: "spirv", suffix: ".spvasm", label: "generated SPIR-V" },
  ir: { languageId: "dslang-ir", suffix: ".dslang-ir", label: "derivative IR" },
};

/** JSON-RPC's MethodNotFound code. */
export const METHOD_NOT_FOUND = -32601;

/** True for the error a JSON-RPC peer sends for a method it does not implement. */
export function isMethodNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === METHOD_NOT_FOUND;
}

/** The message shown when the server does not implement a feature yet. */
export function unsupportedMessage(feature: string): string {
  return `the dslang server does not support ${feature} yet`;
}

/** A readable message for any other failed request. */
export function requestFailureMessage(feature: string, error: unknown): string {
  const detail =
    typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string"
      ? (error as { message: string }).message
      : String(error);
  return `dslang: ${feature} failed: ${detail}`;
}

/** The scheme of the read-only documents that show generated code. */
export const GENERATED_SCHEME = "dslang-generated";

/**
 * The virtual document's URI parts for a source file and target. The path ends with the target's suffix
 * so that the tab title reads `shader.slang.wgsl`; the query carries the source URI and the target, so
 * the content provider can ask the server again when the source changes.
 */
export function generatedDocumentParts(sourceUri: string, target: GeneratedTarget): { path: string; query: string } {
  const lastSegment = sourceUri.split(/[\\/]/).pop() || "untitled";
  const name = safeDecode(lastSegment.split(/[?#]/)[0]) || "untitled";
  return {
    path: "/" + name + TARGETS[target].suffix,
    query: new URLSearchParams({ source: sourceUri, target }).toString(),
  };
}

/** The inverse of generatedDocumentParts' query; undefined when the query is not one of ours. */
export function parseGeneratedQuery(query: string): GeneratedCodeParams | undefined {
  const params = new URLSearchParams(query);
  const uri = params.get("source");
  const target = params.get("target");
  if (!uri || !isGeneratedTarget(target)) {
    return undefined;
  }
  return { uri, target };
}

export function isGeneratedTarget(value: unknown): value is GeneratedTarget {
  return value === "wgsl" || value === "spirv" || value === "ir";
}

/** Accepts the documented result shape, or a bare string. Anything else is a protocol error. */
export function generatedText(result: unknown): string | undefined {
  if (typeof result === "string") {
    return result;
  }
  if (typeof result === "object" && result !== null && typeof (result as { text?: unknown }).text === "string") {
    return (result as GeneratedCodeResult).text;
  }
  return undefined;
}

/** A plain-text report of a gradient check, for the output channel. */
export function formatGradientCheck(result: GradientCheckResult): string {
  const lines = result.entries.map((entry) => {
    const status = entry.passed ? "ok  " : "FAIL";
    const error = entry.maxError === undefined ? "" : ` (max error ${entry.maxError.toExponential(3)})`;
    const message = entry.message ? `: ${entry.message}` : "";
    return `${status} ${entry.name}${error}${message}`;
  });
  if (result.error !== undefined) {
    lines.push(`error: ${result.error}`);
  }
  for (const diagnostic of result.diagnostics) {
    lines.push(formatDiagnostic(diagnostic));
  }
  const failed = result.entries.filter((entry) => !entry.passed).length;
  lines.push(`${result.entries.length - failed} passed, ${failed} failed`);
  return lines.join("\n");
}

/** `file:line:column: severity[code]: message`, the compiler's one-line form. */
export function formatDiagnostic(diagnostic: PreviewDiagnostic): string {
  const place = [diagnostic.file, diagnostic.line, diagnostic.column].filter((part) => part !== undefined).join(":");
  const code = diagnostic.code ? `[${diagnostic.code}]` : "";
  return `${place ? place + ": " : ""}${diagnostic.severity}${code}: ${diagnostic.message}`;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** Scalars as the server writes them (serde writes NaN and infinities as null); undefined if any is not one. */
function scalars(value: unknown): PreviewValue[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const valid = value.every((v) => typeof v === "number" || typeof v === "boolean" || v === null);
  return valid ? (value as PreviewValue[]) : undefined;
}

/** Diagnostics without a message are dropped; the rest keep the fields of the documented types. */
function diagnostics(value: unknown): PreviewDiagnostic[] {
  if (!Array.isArray(value)) {
    return [];
  }
  const result: PreviewDiagnostic[] = [];
  for (const raw of value) {
    if (!isObject(raw) || typeof raw.message !== "string") {
      continue;
    }
    const diagnostic: PreviewDiagnostic = { severity: optionalString(raw.severity) ?? "error", message: raw.message };
    const code = optionalString(raw.code);
    const file = optionalString(raw.file);
    if (code !== undefined) diagnostic.code = code;
    if (file !== undefined) diagnostic.file = file;
    for (const key of ["line", "column", "endLine", "endColumn"] as const) {
      if (isCount(raw[key]) && (raw[key] as number) >= 1) {
        diagnostic[key] = raw[key] as number;
      }
    }
    result.push(diagnostic);
  }
  return result;
}

/** Checks the shape of a gradient-check answer, so that a wrong server answer is a message, not a crash. */
export function asGradientCheckResult(result: unknown): GradientCheckResult | undefined {
  if (!isObject(result)) {
    return undefined;
  }
  const error = optionalString(result.error);
  // A failure may come as `{ error }` alone (a server built without the GPU side says so that way).
  if (error !== undefined && result.entries === undefined) {
    return { passed: false, entries: [], diagnostics: diagnostics(result.diagnostics), error };
  }
  if (typeof result.passed !== "boolean" || !Array.isArray(result.entries)) {
    return undefined;
  }
  const entries: GradientCheckEntry[] = [];
  for (const raw of result.entries) {
    if (!isObject(raw) || typeof raw.name !== "string" || typeof raw.passed !== "boolean") {
      return undefined;
    }
    const entry: GradientCheckEntry = { name: raw.name, passed: raw.passed };
    const fields = {
      function: optionalString(raw.function),
      parameter: optionalString(raw.parameter),
      point: scalars(raw.point),
      ad: scalars(raw.ad),
      fd: scalars(raw.fd),
      maxError: optionalNumber(raw.maxError),
      message: optionalString(raw.message),
    };
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) {
        (entry as unknown as Json)[key] = value;
      }
    }
    entries.push(entry);
  }
  const checked: GradientCheckResult = { passed: result.passed, entries, diagnostics: diagnostics(result.diagnostics) };
  if (error !== undefined) {
    checked.error = error;
  }
  return checked;
}

/** The largest element the preview knows: a 4x4 matrix. */
const MAX_COMPONENTS = 16;

function image(value: unknown): PreviewImage | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const { width, height, channels } = value;
  if (!isCount(width) || !isCount(height) || !isCount(channels) || width === 0 || height === 0) {
    return undefined;
  }
  if (channels < 1 || channels > 4) {
    return undefined;
  }
  const result: PreviewImage = { width, height, channels, signed: value.signed === true };
  const min = optionalNumber(value.min);
  const max = optionalNumber(value.max);
  if (min !== undefined) result.min = min;
  if (max !== undefined) result.max = max;
  return result;
}

function buffer(raw: unknown): PreviewBuffer | undefined {
  if (!isObject(raw) || typeof raw.name !== "string") {
    return undefined;
  }
  const values = scalars(raw.values);
  if (values === undefined) {
    return undefined;
  }
  const components = isCount(raw.components) && raw.components >= 1 && raw.components <= MAX_COMPONENTS ? raw.components : 1;
  const count = isCount(raw.count) ? raw.count : Math.ceil(values.length / components);
  const result: PreviewBuffer = {
    name: raw.name,
    components,
    count,
    values,
    truncated: raw.truncated === true || values.length < count * components,
  };
  const type = optionalString(raw.type);
  const scalar = optionalString(raw.scalar);
  const picture = image(raw.image);
  if (type !== undefined) result.type = type;
  if (scalar !== undefined) result.scalar = scalar;
  if (picture !== undefined) result.image = picture;
  if (picture !== undefined && isCount(raw.depth) && raw.depth >= 1) result.depth = raw.depth;
  return result;
}

function control(raw: unknown): PreviewControl | undefined {
  if (!isObject(raw) || typeof raw.name !== "string" || (raw.kind !== "slider" && raw.kind !== "color")) {
    return undefined;
  }
  const numbers = (value: unknown): number[] | undefined =>
    Array.isArray(value) && value.every((v) => typeof v === "number" && Number.isFinite(v)) ? (value as number[]) : undefined;
  const width = raw.kind === "slider" ? 1 : 3;
  const value = numbers(raw.value);
  const fallback = numbers(raw.default);
  if (value === undefined || value.length !== width || fallback === undefined || fallback.length !== width) {
    return undefined;
  }
  const result: PreviewControl = { name: raw.name, kind: raw.kind, value, default: fallback };
  const min = optionalNumber(raw.min);
  const max = optionalNumber(raw.max);
  if (raw.kind === "slider") {
    if (min === undefined || max === undefined || !(min <= max)) {
      return undefined;
    }
    result.min = min;
    result.max = max;
  }
  return result;
}

function kernel(raw: unknown): PreviewKernel | undefined {
  if (!isObject(raw) || typeof raw.entryPoint !== "string") {
    return undefined;
  }
  const result: PreviewKernel = { entryPoint: raw.entryPoint };
  const dispatch = raw.dispatch;
  if (Array.isArray(dispatch) && dispatch.length === 3 && dispatch.every(isCount)) {
    result.dispatch = [dispatch[0], dispatch[1], dispatch[2]];
  }
  if (isCount(raw.calls)) result.calls = raw.calls;
  const timeMs = optionalNumber(raw.timeMs);
  if (timeMs !== undefined) result.timeMs = timeMs;
  return result;
}

/**
 * Checks the shape of a preview answer (docs/preview-protocol.md). `ok` and `buffers` are required (a
 * failed run may leave out `buffers`) and every buffer must have a name and scalar values; a malformed optional part (an image, a kernel, a
 * diagnostic) is dropped rather than failing the whole answer.
 */
export function asPreviewResult(result: unknown): PreviewResult | undefined {
  if (!isObject(result) || typeof result.ok !== "boolean") {
    return undefined;
  }
  // A failed run may leave the buffers out; buffers of the wrong type are an error.
  const rawBuffers = result.buffers === undefined && !result.ok ? [] : result.buffers;
  if (!Array.isArray(rawBuffers)) {
    return undefined;
  }
  const buffers: PreviewBuffer[] = [];
  for (const raw of rawBuffers) {
    const checked = buffer(raw);
    if (checked === undefined) {
      return undefined;
    }
    buffers.push(checked);
  }
  const preview: PreviewResult = {
    ok: result.ok,
    kernels: Array.isArray(result.kernels)
      ? result.kernels.map(kernel).filter((k): k is PreviewKernel => k !== undefined)
      : [],
    buffers,
    printed: Array.isArray(result.printed)
      ? result.printed.filter((line): line is string => typeof line === "string")
      : [],
    diagnostics: diagnostics(result.diagnostics),
  };
  const file = optionalString(result.file);
  const adapter = optionalString(result.adapter);
  const backend = optionalString(result.backend);
  const error = optionalString(result.error);
  const timeMs = optionalNumber(result.timeMs);
  if (file !== undefined) preview.file = file;
  if (adapter !== undefined) preview.adapter = adapter;
  if (backend !== undefined) preview.backend = backend;
  if (isCount(result.frames)) preview.frames = result.frames;
  if (timeMs !== undefined) preview.timeMs = timeMs;
  if (error !== undefined) preview.error = error;
  if (isCount(result.firstFrame)) preview.firstFrame = result.firstFrame;
  if (Array.isArray(result.controls)) {
    const controls = result.controls.map(control).filter((c): c is PreviewControl => c !== undefined);
    if (controls.length > 0) preview.controls = controls;
  }
  if (result.animated === true) preview.animated = true;
  if (result.mouse === true) preview.mouse = true;
  if (Array.isArray(result.keys)) {
    const keys = result.keys.filter((k): k is string => typeof k === "string");
    if (keys.length > 0) preview.keys = keys;
  }
  return preview;
}

/** The params of `dslang/previewUpdated`: a PreviewResult plus the `uri` of the saved file. */
export function asPreviewUpdate(params: unknown): PreviewUpdate | undefined {
  if (!isObject(params) || typeof params.uri !== "string") {
    return undefined;
  }
  const result = asPreviewResult(params);
  return result === undefined ? undefined : { uri: params.uri, result };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
