import * as assert from "node:assert/strict";
import * as path from "node:path";
import { test } from "node:test";
import { resolveServerPath, ServerSearch } from "../../src/serverPath";

const HOME = "/home/ada";
const WORKSPACE = "/work/project";
const EXTENSION = "/ext/dslang";

/** A search over a fake file system holding exactly `executables`. */
function search(executables: string[], overrides: Partial<ServerSearch> = {}): ServerSearch {
  const files = new Set(executables);
  return {
    configuredPath: undefined,
    extensionPath: EXTENSION,
    pathEnv: "/usr/local/bin:/usr/bin",
    platform: "linux",
    workspaceFolder: WORKSPACE,
    homeDir: HOME,
    isExecutableFile: (candidate) => files.has(candidate),
    ...overrides,
  };
}

test("the serverPath setting wins over the bundled binary and PATH", () => {
  const result = resolveServerPath(
    search(["/opt/dslang/bin/dslang", "/ext/dslang/bin/dslang", "/usr/bin/dslang"], {
      configuredPath: "/opt/dslang/bin/dslang",
    }),
  );
  assert.deepEqual(result, { ok: true, path: "/opt/dslang/bin/dslang", source: "setting" });
});

test("the serverPath setting expands ~, ${workspaceFolder} and relative paths", () => {
  assert.deepEqual(resolveServerPath(search(["/home/ada/bin/dslang"], { configuredPath: "~/bin/dslang" })), {
    ok: true,
    path: "/home/ada/bin/dslang",
    source: "setting",
  });
  assert.deepEqual(
    resolveServerPath(
      search(["/work/project/target/debug/dslang"], { configuredPath: "${workspaceFolder}/target/debug/dslang" }),
    ),
    { ok: true, path: "/work/project/target/debug/dslang", source: "setting" },
  );
  assert.deepEqual(
    resolveServerPath(search(["/work/project/target/release/dslang"], { configuredPath: "target/release/dslang" })),
    { ok: true, path: "/work/project/target/release/dslang", source: "setting" },
  );
});

test("a serverPath that does not exist is an error, not a fall back to PATH", () => {
  const result = resolveServerPath(search(["/usr/bin/dslang"], { configuredPath: "/nowhere/dslang" }));
  assert.deepEqual(result, {
    ok: false,
    message: 'The setting "dslang.serverPath" points to "/nowhere/dslang", which is not an executable file.',
  });
});

test("a relative serverPath with no workspace folder is an error", () => {
  const result = resolveServerPath(
    search(["/usr/bin/dslang"], { configuredPath: "target/dslang", workspaceFolder: undefined }),
  );
  assert.equal(result.ok, false);
  assert.match(!result.ok ? result.message : "", /relative path, but no workspace folder is open/);
});

test("a blank serverPath counts as unset", () => {
  const result = resolveServerPath(search(["/usr/bin/dslang"], { configuredPath: "   " }));
  assert.deepEqual(result, { ok: true, path: "/usr/bin/dslang", source: "path" });
});

test("the bundled binary wins over PATH", () => {
  const result = resolveServerPath(search(["/ext/dslang/bin/dslang", "/usr/bin/dslang"]));
  assert.deepEqual(result, { ok: true, path: "/ext/dslang/bin/dslang", source: "bundled" });
});

test("PATH is searched in order and empty entries are skipped", () => {
  const result = resolveServerPath(
    search(["/usr/bin/dslang", "/opt/b/dslang", "dslang"], { pathEnv: "::/opt/a:/opt/b:/usr/bin" }),
  );
  assert.deepEqual(result, { ok: true, path: "/opt/b/dslang", source: "path" });
});

test("on Windows the binary is dslang.exe, bundled or found through PATHEXT", () => {
  const windowsExtension = "C:\\ext\\dslang";
  const bundled = path.join(windowsExtension, "bin", "dslang.exe");
  assert.deepEqual(
    resolveServerPath(search([bundled], { platform: "win32", extensionPath: windowsExtension, pathEnv: "" })),
    { ok: true, path: bundled, source: "bundled" },
  );
  assert.deepEqual(
    resolveServerPath(
      search(["C:\\tools\\dslang.exe"], { platform: "win32", pathEnv: "C:\\other;C:\\tools", pathExtEnv: ".COM;.EXE" }),
    ),
    { ok: true, path: "C:\\tools\\dslang.exe", source: "path" },
  );
});

test("nothing found says where it looked and how to fix it", () => {
  const result = resolveServerPath(search([], { pathEnv: undefined }));
  assert.equal(result.ok, false);
  const message = !result.ok ? result.message : "";
  assert.match(message, /"dslang\.serverPath" is not set/);
  assert.match(message, /bundled server in its bin\/ folder/);
  assert.match(message, /no "dslang" was found on PATH/);
  assert.match(message, /cargo build --release -p cli/);
});
