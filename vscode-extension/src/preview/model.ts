// The messages between the extension and the preview page, and how the extension's view of a panel
// changes with each event. Pure: the panel class in extension.ts only stores the view and posts it.
import { Outcome } from "../features";
import { GradientCheckResult, PreviewResult } from "../protocol";
import { PreviewView } from "./render";

/** Extension → page. */
export type ToPage = { type: "view"; view: PreviewView };

/** Page → extension. */
export type FromPage =
  | { type: "ready" }
  | { type: "run" }
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
    case "run":
    case "gradientCheck":
      return { type: candidate.type };
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
