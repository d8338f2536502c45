// The custom LSP requests the extension sends to `dslang lsp`, and the pure helpers around them. The
// server answers MethodNotFound for the ones it does not implement yet; the extension says so politely.

/** `dslang/generatedCode`: the code generated for a file, as text. */
export const GENERATED_CODE = "dslang/generatedCode";
/** `dslang/gradientCheck`: compares the file's derivatives with finite differences. */
export const GRADIENT_CHECK = "dslang/gradientCheck";
/** `dslang/runPreview`: compiles the file, runs its entry point on the GPU, returns the buffers. */
export const RUN_PREVIEW = "dslang/runPreview";

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
}

/** One checked derivative: what was compared, the worst error seen, and whether it is within tolerance. */
export interface GradientCheckEntry {
  name: string;
  passed: boolean;
  maxError?: number;
  message?: string;
}

export interface GradientCheckResult {
  passed: boolean;
  entries: GradientCheckEntry[];
}

export interface RunPreviewParams {
  uri: string;
}

export interface PreviewBuffer {
  name: string;
  /** The element type as written in the source (`float`, `float4`, `int`...). */
  type?: string;
  values: Array<number | boolean>;
}

export interface RunPreviewResult {
  adapter?: string;
  entryPoint?: string;
  /** Wall time of the dispatch in milliseconds. */
  timeMs?: number;
  buffers: PreviewBuffer[];
  /** Lines printed through `printf`. */
  printed?: string[];
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
  const failed = result.entries.filter((entry) => !entry.passed).length;
  lines.push(`${result.entries.length - failed} passed, ${failed} failed`);
  return lines.join("\n");
}

/** Checks the shape of a gradient-check answer, so that a wrong server answer is a message, not a crash. */
export function asGradientCheckResult(result: unknown): GradientCheckResult | undefined {
  if (typeof result !== "object" || result === null) {
    return undefined;
  }
  const candidate = result as { passed?: unknown; entries?: unknown };
  if (typeof candidate.passed !== "boolean" || !Array.isArray(candidate.entries)) {
    return undefined;
  }
  const entries: GradientCheckEntry[] = [];
  for (const raw of candidate.entries) {
    if (typeof raw !== "object" || raw === null) {
      return undefined;
    }
    const entry = raw as Record<string, unknown>;
    if (typeof entry.name !== "string" || typeof entry.passed !== "boolean") {
      return undefined;
    }
    entries.push({
      name: entry.name,
      passed: entry.passed,
      maxError: typeof entry.maxError === "number" ? entry.maxError : undefined,
      message: typeof entry.message === "string" ? entry.message : undefined,
    });
  }
  return { passed: candidate.passed, entries };
}

/** Checks the shape of a preview answer. */
export function asRunPreviewResult(result: unknown): RunPreviewResult | undefined {
  if (typeof result !== "object" || result === null) {
    return undefined;
  }
  const candidate = result as Record<string, unknown>;
  if (!Array.isArray(candidate.buffers)) {
    return undefined;
  }
  const buffers: PreviewBuffer[] = [];
  for (const raw of candidate.buffers) {
    if (typeof raw !== "object" || raw === null) {
      return undefined;
    }
    const buffer = raw as Record<string, unknown>;
    if (typeof buffer.name !== "string" || !Array.isArray(buffer.values)) {
      return undefined;
    }
    const values = buffer.values.filter((v): v is number | boolean => typeof v === "number" || typeof v === "boolean");
    if (values.length !== buffer.values.length) {
      return undefined;
    }
    buffers.push({ name: buffer.name, type: typeof buffer.type === "string" ? buffer.type : undefined, values });
  }
  return {
    adapter: typeof candidate.adapter === "string" ? candidate.adapter : undefined,
    entryPoint: typeof candidate.entryPoint === "string" ? candidate.entryPoint : undefined,
    timeMs: typeof candidate.timeMs === "number" ? candidate.timeMs : undefined,
    buffers,
    printed: Array.isArray(candidate.printed)
      ? candidate.printed.filter((line): line is string => typeof line === "string")
      : undefined,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
