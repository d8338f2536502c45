// The messages between the extension and the preview page, and how the extension's view of a panel
// changes with each event. Pure: the panel class in extension.ts only stores the view and posts it.
import { Outcome } from "../features";
import { GradientCheckResult, PreviewInputs, PreviewResult } from "../protocol";
import { PreviewView } from "./render";

/** Extension → page. */
export type ToPage = { type: "view"; view: PreviewView };

/** Page → extension. */
export type FromPage =
  | { type: "ready" }
  | { type: "run"; inputs?: PreviewInputs; frames?: number }
  | { type: "gradientCheck" }
  | { type: "open"; file: string; line: number; column: number };

/** Accepts only the page's known messages, with fields of the right types. */
export function parseFromPage(message: unknown): FromPage | undefined {
  if (typeof message !== "object" || message === null) {
    return undefined;
  }
  const candidate = message as Record<string, unknown>;
  switch (candidate.type) {
    case "ready":
    case "gradientCheck":
      return { type: candidate.type };
    case "run": {
      const run: FromPage = { type: "run" };
      const inputs = parseInputs(candidate.inputs);
      if (inputs !== undefined) run.inputs = inputs;
      const frames = candidate.frames;
      if (typeof frames === "number" && Number.isInteger(frames) && frames >= 1 && frames <= MAX_FRAMES_PER_REQUEST) {
        run.frames = frames;
      }
      return run;
    }
    case "open": {
      const { file, line, column } = candidate;
      const isPosition = (value: unknown): value is number =>
        typeof value === "number" && Number.isInteger(value) && value >= 1;
      if (typeof file !== "string" || file === "" || !isPosition(line) || !isPosition(column)) {
        return undefined;
      }
      return { type: "open", file, line, column };
    }
    default:
      return undefined;
  }
}

/** The most frames the page may ask for in one request (a play step runs one). */
export const MAX_FRAMES_PER_REQUEST = 1000;
const MAX_INPUT_NAMES = 64;
/** The furthest frame a continued run may name (the server replays at most as many). */
const MAX_FROM_FRAME = 10_000;

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** The page's inputs, kept only where well-formed (names and numbers; a bounded number of each). */
export function parseInputs(raw: unknown): PreviewInputs | undefined {
  if (typeof raw !== "object" || raw === null) {
    return undefined;
  }
  const candidate = raw as Record<string, unknown>;
  const inputs: PreviewInputs = {};
  const entries = (value: unknown) =>
    typeof value === "object" && value !== null ? Object.entries(value as Record<string, unknown>).slice(0, MAX_INPUT_NAMES) : [];
  const sliders: Record<string, number> = {};
  for (const [name, value] of entries(candidate.sliders)) {
    if (finite(value)) sliders[name] = value;
  }
  if (Object.keys(sliders).length > 0) inputs.sliders = sliders;
  const colors: Record<string, [number, number, number]> = {};
  for (const [name, value] of entries(candidate.colors)) {
    if (Array.isArray(value) && value.length === 3 && value.every(finite)) colors[name] = [value[0], value[1], value[2]];
  }
  if (Object.keys(colors).length > 0) inputs.colors = colors;
  const mouse = candidate.mouse;
  if (Array.isArray(mouse) && mouse.length === 4 && mouse.every(finite)) inputs.mouse = [mouse[0], mouse[1], mouse[2], mouse[3]];
  if (Array.isArray(candidate.keys)) {
    const keys = candidate.keys.filter((k): k is string => typeof k === "string" && k.length <= 32).slice(0, MAX_INPUT_NAMES);
    if (keys.length > 0) inputs.keys = keys;
  }
  if (candidate.continue === true) inputs.continue = true;
  const from = candidate.fromFrame;
  if (typeof from === "number" && Number.isInteger(from) && from >= 0 && from <= MAX_FROM_FRAME) inputs.fromFrame = from;
  return inputs;
}

/**
 * The files the page may ask to open: those its diagnostics name. The page is not trusted to name any
 * other file.
 */
export function openableFiles(view: PreviewView): Set<string> {
  const files = new Set<string>();
  for (const diagnostic of [...(view.result?.diagnostics ?? []), ...(view.gradient?.diagnostics ?? [])]) {
    if (diagnostic.file !== undefined) {
      files.add(diagnostic.file);
    }
  }
  return files;
}

export const RUNNING_PREVIEW = "Running on the GPU...";
export const RUNNING_AFTER_SAVE = "Saved: running on the GPU...";
export const RUNNING_GRADIENT_CHECK = "Checking gradients...";

export function withRunning(view: PreviewView, text: string): PreviewView {
  return { ...view, running: text };
}

/** A new preview result: the one shown becomes the previous run, for the diff. */
export function withPreviewResult(view: PreviewView, result: PreviewResult): PreviewView {
  // A failed run has no buffers to compare with; keep the last good one as the reference.
  const previous = view.result !== undefined && view.result.buffers.length > 0 ? view.result : view.previous;
  return { fileName: view.fileName, result, previous, gradient: view.gradient };
}

/** The end of a preview request: a result, or a message in its place (the last result stays for reference). */
export function withPreviewOutcome(view: PreviewView, outcome: Outcome<PreviewResult>): PreviewView {
  if (outcome.kind === "ok") {
    return withPreviewResult(view, outcome.value);
  }
  const { running: _running, ...rest } = view;
  return { ...rest, notice: { kind: outcome.kind === "unsupported" ? "info" : "error", text: outcome.message } };
}

export function withGradientOutcome(view: PreviewView, outcome: Outcome<GradientCheckResult>): PreviewView {
  const { running: _running, notice: _notice, ...rest } = view;
  if (outcome.kind === "ok") {
    return { ...rest, gradient: outcome.value };
  }
  return { ...rest, notice: { kind: outcome.kind === "unsupported" ? "info" : "error", text: outcome.message } };
}
