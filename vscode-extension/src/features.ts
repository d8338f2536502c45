// The logic behind the commands that use the server's custom requests, with the client and the UI
// injected: the unit tests drive it with a fake client and a recording UI.
import {
  asGradientCheckResult,
  asPreviewResult,
  formatGradientCheck,
  GENERATED_CODE,
  GeneratedTarget,
  generatedText,
  GRADIENT_CHECK,
  GradientCheckParams,
  GradientCheckResult,
  isMethodNotFound,
  requestFailureMessage,
  PreviewInputs,
  PreviewResult,
  RUN_PREVIEW,
  RunPreviewParams,
  TARGETS,
  unsupportedMessage,
} from "./protocol";

/** The part of the language client the features use. */
export interface RequestClient {
  sendRequest(method: string, params: unknown): Promise<unknown>;
}

export interface Notifier {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

export type Outcome<T> =
  | { kind: "ok"; value: T }
  | { kind: "unsupported"; message: string }
  | { kind: "failed"; message: string };

export const NOT_RUNNING_MESSAGE =
  'dslang: the language server is not running. See the "dslang" output, then run "dslang: Restart Language Server".';

/**
 * Sends a request and turns every way it can go wrong into a message: no server, a server that does not
 * implement the method yet (an information, not an error), a failed request, an answer of the wrong shape.
 */
export async function sendFeatureRequest<T>(
  client: RequestClient | undefined,
  feature: string,
  method: string,
  params: unknown,
  validate: (result: unknown) => T | undefined,
  notifier: Notifier,
): Promise<Outcome<T>> {
  if (client === undefined) {
    notifier.error(NOT_RUNNING_MESSAGE);
    return { kind: "failed", message: NOT_RUNNING_MESSAGE };
  }
  let result: unknown;
  try {
    result = await client.sendRequest(method, params);
  } catch (error) {
    if (isMethodNotFound(error)) {
      const message = unsupportedMessage(feature);
      notifier.info(message);
      return { kind: "unsupported", message };
    }
    const message = requestFailureMessage(feature, error);
    notifier.error(message);
    return { kind: "failed", message };
  }
  const value = validate(result);
  if (value === undefined) {
    const message = `dslang: ${feature} failed: the server's answer to ${method} has an unexpected shape.`;
    notifier.error(message);
    return { kind: "failed", message };
  }
  return { kind: "ok", value };
}

/** The text of the generated code for a file, or undefined after telling the user why not. */
export async function fetchGeneratedCode(
  client: RequestClient | undefined,
  uri: string,
  target: GeneratedTarget,
  notifier: Notifier,
): Promise<Outcome<string>> {
  return sendFeatureRequest(client, TARGETS[target].label, GENERATED_CODE, { uri, target }, generatedText, notifier);
}

/**
 * Runs the gradient check (of one function, or of all the file's differentiable functions), writes the
 * report to `output` and sums it up in a notification.
 */
export async function runGradientCheck(
  client: RequestClient | undefined,
  params: GradientCheckParams,
  notifier: Notifier,
  output: (report: string) => void,
): Promise<Outcome<GradientCheckResult>> {
  const outcome = await sendFeatureRequest(
    client,
    "the gradient check",
    GRADIENT_CHECK,
    params,
    asGradientCheckResult,
    notifier,
  );
  if (outcome.kind !== "ok") {
    return outcome;
  }
  const result = outcome.value;
  output(formatGradientCheck(result));
  const failed = result.entries.filter((entry) => !entry.passed).length;
  const subject = params.function !== undefined ? ` of ${params.function}` : "";
  if (result.error !== undefined) {
    notifier.error(`dslang: the gradient check${subject} failed: ${result.error}`);
  } else if (result.passed) {
    const checked = result.entries.length;
    notifier.info(
      `dslang: gradient check${subject} passed (${checked} ${checked === 1 ? "derivative" : "derivatives"} checked).`,
    );
  } else {
    notifier.warning(
      `dslang: gradient check${subject} failed for ${failed} of ${result.entries.length} derivatives; see the preview or the "dslang gradient check" output.`,
    );
  }
  return outcome;
}

/** Runs the file on the GPU through the server, for the preview panel. */
export async function runPreview(
  client: RequestClient | undefined,
  uri: string,
  notifier: Notifier,
  extra: { inputs?: PreviewInputs; frames?: number } = {},
): Promise<Outcome<PreviewResult>> {
  const params: RunPreviewParams = { uri };
  if (extra.inputs !== undefined) params.inputs = extra.inputs;
  if (extra.frames !== undefined) params.frames = extra.frames;
  return sendFeatureRequest(client, "the GPU preview", RUN_PREVIEW, params, asPreviewResult, notifier);
}
