// Finding the `dslang` binary that runs the language server. Pure (the file system is injected), so the
// search order is unit-tested.
import * as path from "node:path";
import { expandPath, PathContext } from "./paths";

export type ServerSource = "setting" | "bundled" | "path";

export type ServerResolution =
  | { ok: true; path: string; source: ServerSource }
  | { ok: false; message: string };

export interface ServerSearch extends PathContext {
  /** The raw `dslang.serverPath` setting (unset, null or empty means "not configured"). */
  configuredPath: string | null | undefined;
  /** The extension's install folder; a bundled server lives in its `bin/` folder. */
  extensionPath: string;
  /** The `PATH` environment variable. */
  pathEnv: string | undefined;
  /** `PATHEXT` on Windows, the executable suffixes to try. */
  pathExtEnv?: string | undefined;
  platform: NodeJS.Platform;
  /** True when the path names an existing regular file that we may execute. */
  isExecutableFile(candidate: string): boolean;
}

/** The binary's file name on the platform: `dslang` or `dslang.exe`. */
export function serverBinaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "dslang.exe" : "dslang";
}

/**
 * Resolves the server binary: the `dslang.serverPath` setting when set, else `bin/dslang` inside the
 * extension, else `dslang` on PATH. A configured path that does not work is an error rather than a
 * silent fall back to another binary: the user asked for that one.
 */
export function resolveServerPath(search: ServerSearch): ServerResolution {
  const configured = search.configuredPath?.trim();
  if (configured) {
    const expanded = expandPath(configured, search);
    if (expanded === undefined) {
      return {
        ok: false,
        message:
          `The setting "dslang.serverPath" is "${configured}", a relative path, but no workspace folder is ` +
          "open to resolve it against. Use an absolute path.",
      };
    }
    if (!search.isExecutableFile(expanded)) {
      return {
        ok: false,
        message: `The setting "dslang.serverPath" points to "${expanded}", which is not an executable file.`,
      };
    }
    return { ok: true, path: expanded, source: "setting" };
  }

  const bundled = path.join(search.extensionPath, "bin", serverBinaryName(search.platform));
  if (search.isExecutableFile(bundled)) {
    return { ok: true, path: bundled, source: "bundled" };
  }

  const onPath = findOnPath(search);
  if (onPath !== undefined) {
    return { ok: true, path: onPath, source: "path" };
  }

  return {
    ok: false,
    message:
      "Could not find the dslang language server: the setting \"dslang.serverPath\" is not set, the extension " +
      "has no bundled server in its bin/ folder, and no \"dslang\" was found on PATH. Build it with " +
      "`cargo build --release -p cli` and set \"dslang.serverPath\" to target/release/dslang, or put it on PATH.",
  };
}

function findOnPath(search: ServerSearch): string | undefined {
  if (!search.pathEnv) {
    return undefined;
  }
  const windows = search.platform === "win32";
  const separator = windows ? ";" : ":";
  const suffixes = windows
    ? ["", ...(search.pathExtEnv ?? ".EXE;.CMD;.BAT;.COM").split(";").filter((ext) => ext !== "")]
    : [""];
  const join = windows ? path.win32.join : path.posix.join;
  for (const folder of search.pathEnv.split(separator)) {
    // An empty PATH entry means the current directory in POSIX shells; a language server must not pick
    // up whatever binary happens to sit in the extension host's working directory.
    if (folder === "") {
      continue;
    }
    for (const suffix of suffixes) {
      const candidate = join(folder, "dslang" + suffix.toLowerCase());
      if (search.isExecutableFile(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}
