// Path expansion shared by the server path and the include paths. Pure: no `vscode` import, so the
// unit tests run under plain node.
import * as path from "node:path";

export interface PathContext {
  /** The first workspace folder's file-system path, when a folder is open. */
  workspaceFolder: string | undefined;
  /** The user's home folder, for `~`. */
  homeDir: string;
}

/**
 * Expands `~` and `${workspaceFolder}` and makes a relative path absolute against the workspace folder.
 * Returns undefined for a relative path with no workspace folder open: there is nothing sensible to
 * resolve it against (the extension host's working directory is arbitrary).
 */
export function expandPath(raw: string, context: PathContext): string | undefined {
  let expanded = raw.trim();
  if (expanded === "") {
    return undefined;
  }
  if (expanded.includes("${workspaceFolder}")) {
    if (context.workspaceFolder === undefined) {
      return undefined;
    }
    expanded = expanded.split("${workspaceFolder}").join(context.workspaceFolder);
  }
  if (expanded === "~") {
    expanded = context.homeDir;
  } else if (expanded.startsWith("~/") || expanded.startsWith("~\\")) {
    expanded = path.join(context.homeDir, expanded.slice(2));
  }
  if (path.isAbsolute(expanded)) {
    // resolve() also drops a trailing separator, so "/lib/" and "/lib" compare equal.
    return path.resolve(expanded);
  }
  if (context.workspaceFolder === undefined) {
    return undefined;
  }
  return path.resolve(context.workspaceFolder, expanded);
}
