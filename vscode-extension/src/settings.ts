// The extension's settings, validated, and what the server receives from them: initializationOptions at
// start and answers to workspace/configuration later. Pure: the settings reader is injected.
import { expandPath, PathContext } from "./paths";

export const CONFIG_SECTION = "dslang";

/** The settings as the user wrote them, with wrong-typed values dropped. */
export interface DslangSettings {
  serverPath: string | undefined;
  includePaths: string[];
  defines: Record<string, string>;
  /** The entry point compiled and previewed; absent: `computeMain` or the file's only one. */
  entry?: string;
  /** Frames a preview runs; absent: 1. */
  previewFrames?: number;
}

/** The server's bound on the frames of one preview. */
export const MAX_PREVIEW_FRAMES = 10_000;

/** What the server receives, in `initializationOptions` and for the `dslang` configuration section. */
export interface ServerOptions {
  /** Absolute folders searched by `import` and `#include` after the importing file's folder. */
  includePaths: string[];
  /** Macros defined before every file: `#define NAME VALUE`. */
  defines: Record<string, string>;
  /** The entry point compiled and previewed. */
  entry?: string;
  preview?: { frames: number };
}

/**
 * Reads the settings through `get(key)` (the key without the `dslang.` prefix). Values of the wrong type
 * are ignored and reported in `problems`, so that one bad entry does not stop the server from starting.
 */
export function readSettings(get: (key: string) => unknown): { settings: DslangSettings; problems: string[] } {
  const problems: string[] = [];

  const rawServerPath = get("serverPath");
  let serverPath: string | undefined;
  if (typeof rawServerPath === "string") {
    serverPath = rawServerPath.trim() === "" ? undefined : rawServerPath;
  } else if (rawServerPath !== undefined && rawServerPath !== null) {
    problems.push('"dslang.serverPath" must be a string; it is ignored.');
  }

  const includePaths: string[] = [];
  const rawIncludePaths = get("includePaths");
  if (Array.isArray(rawIncludePaths)) {
    for (const entry of rawIncludePaths) {
      if (typeof entry === "string") {
        includePaths.push(entry);
      } else {
        problems.push(`"dslang.includePaths" entries must be strings; ${JSON.stringify(entry)} is ignored.`);
      }
    }
  } else if (rawIncludePaths !== undefined && rawIncludePaths !== null) {
    problems.push('"dslang.includePaths" must be an array of strings; it is ignored.');
  }

  const defines: Record<string, string> = {};
  const rawDefines = get("defines");
  if (isPlainObject(rawDefines)) {
    for (const [name, value] of Object.entries(rawDefines)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        problems.push(`"dslang.defines": "${name}" is not a macro name; it is ignored.`);
      } else if (typeof value === "string") {
        defines[name] = value;
      } else if (typeof value === "number" || typeof value === "boolean") {
        // A JSON number or boolean is what the user meant as the macro's text.
        defines[name] = String(value);
      } else {
        problems.push(`"dslang.defines": the value of "${name}" must be a string; it is ignored.`);
      }
    }
  } else if (rawDefines !== undefined && rawDefines !== null) {
    problems.push('"dslang.defines" must be an object of NAME: VALUE strings; it is ignored.');
  }

  const settings: DslangSettings = { serverPath, includePaths, defines };
  const rawEntry = get("entry");
  if (typeof rawEntry === "string") {
    if (rawEntry.trim() !== "") {
      settings.entry = rawEntry.trim();
    }
  } else if (rawEntry !== undefined && rawEntry !== null) {
    problems.push('"dslang.entry" must be a string; it is ignored.');
  }
  const rawFrames = get("preview.frames");
  if (typeof rawFrames === "number" && Number.isInteger(rawFrames) && rawFrames >= 1) {
    settings.previewFrames = Math.min(rawFrames, MAX_PREVIEW_FRAMES);
  } else if (rawFrames !== undefined && rawFrames !== null) {
    problems.push('"dslang.preview.frames" must be a whole number from 1; it is ignored.');
  }

  return { settings, problems };
}

/**
 * The options the server works with. Include paths become absolute (the server has no notion of the
 * editor's workspace folders); duplicates are dropped, keeping the first, and entries that cannot be
 * resolved (relative, with no folder open) are reported.
 */
export function serverOptions(settings: DslangSettings, context: PathContext): { options: ServerOptions; problems: string[] } {
  const problems: string[] = [];
  const includePaths: string[] = [];
  for (const raw of settings.includePaths) {
    const expanded = expandPath(raw, context);
    if (expanded === undefined) {
      if (raw.trim() !== "") {
        problems.push(`"dslang.includePaths": "${raw}" is relative and no workspace folder is open; it is ignored.`);
      }
      continue;
    }
    if (!includePaths.includes(expanded)) {
      includePaths.push(expanded);
    }
  }
  const options: ServerOptions = { includePaths, defines: { ...settings.defines } };
  if (settings.entry !== undefined) {
    options.entry = settings.entry;
  }
  if (settings.previewFrames !== undefined) {
    options.preview = { frames: settings.previewFrames };
  }
  return { options, problems };
}

/**
 * Answers a workspace/configuration request: one result per item, in order. The server asks for the
 * `dslang` section (the whole ServerOptions object) or for one key in it (`dslang.includePaths`); an unset
 * key and any other section get null, as the protocol allows.
 */
export function configurationResponse(items: ReadonlyArray<{ section?: string }>, options: ServerOptions): unknown[] {
  return items.map((item) => {
    const section = item.section ?? "";
    if (section === CONFIG_SECTION) {
      return { ...options };
    }
    if (section.startsWith(CONFIG_SECTION + ".")) {
      const key = section.slice(CONFIG_SECTION.length + 1);
      if (key === "includePaths" || key === "defines") {
        return options[key];
      }
      if (key === "entry" || key === "preview") {
        return options[key] ?? null;
      }
    }
    return null;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
