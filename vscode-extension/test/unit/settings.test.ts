import * as assert from "node:assert/strict";
import { test } from "node:test";
import { configurationResponse, readSettings, serverOptions } from "../../src/settings";

const context = { workspaceFolder: "/work/project", homeDir: "/home/ada" };

function reader(values: Record<string, unknown>): (key: string) => unknown {
  return (key) => values[key];
}

test("well-formed settings are read as they are", () => {
  const { settings, problems } = readSettings(
    reader({ serverPath: "/opt/dslang", includePaths: ["shaders", "/abs/lib"], defines: { USE_FAST: "1", EMPTY: "" } }),
  );
  assert.deepEqual(settings, {
    serverPath: "/opt/dslang",
    includePaths: ["shaders", "/abs/lib"],
    defines: { USE_FAST: "1", EMPTY: "" },
  });
  assert.deepEqual(problems, []);
});

test("the entry point and the preview's frames reach the server when set", () => {
  const { settings, problems } = readSettings(reader({ entry: " mainImage ", "preview.frames": 50000 }));
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, { serverPath: undefined, includePaths: [], defines: {}, entry: "mainImage", previewFrames: 10000 });
  const { options } = serverOptions(settings, context);
  assert.deepEqual(options, { includePaths: [], defines: {}, entry: "mainImage", preview: { frames: 10000 } });
  assert.deepEqual(
    configurationResponse([{ section: "dslang.entry" }, { section: "dslang.preview" }, { section: "dslang" }], options),
    ["mainImage", { frames: 10000 }, options],
  );
  assert.deepEqual(configurationResponse([{ section: "dslang.entry" }], { includePaths: [], defines: {} }), [null]);
  const wrong = readSettings(reader({ entry: 3, "preview.frames": 2.5 }));
  assert.deepEqual(wrong.problems, [
    '"dslang.entry" must be a string; it is ignored.',
    '"dslang.preview.frames" must be a whole number from 1; it is ignored.',
  ]);
  assert.deepEqual(readSettings(reader({ entry: "  ", "preview.frames": 0 })).settings.entry, undefined);
});

test("unset settings give empty defaults", () => {
  const { settings, problems } = readSettings(reader({ serverPath: null }));
  assert.deepEqual(settings, { serverPath: undefined, includePaths: [], defines: {} });
  assert.deepEqual(problems, []);
});

test("wrong-typed settings are dropped with a reason, the rest is kept", () => {
  const { settings, problems } = readSettings(
    reader({
      serverPath: 42,
      includePaths: ["lib", 7, null],
      defines: { LEVEL: 3, ON: true, "not a name": "x", LIST: ["a"] },
    }),
  );
  assert.deepEqual(settings, { serverPath: undefined, includePaths: ["lib"], defines: { LEVEL: "3", ON: "true" } });
  assert.deepEqual(problems, [
    '"dslang.serverPath" must be a string; it is ignored.',
    '"dslang.includePaths" entries must be strings; 7 is ignored.',
    '"dslang.includePaths" entries must be strings; null is ignored.',
    '"dslang.defines": "not a name" is not a macro name; it is ignored.',
    '"dslang.defines": the value of "LIST" must be a string; it is ignored.',
  ]);
  const wholeWrong = readSettings(reader({ includePaths: "lib", defines: ["A=1"] }));
  assert.deepEqual(wholeWrong.problems, [
    '"dslang.includePaths" must be an array of strings; it is ignored.',
    '"dslang.defines" must be an object of NAME: VALUE strings; it is ignored.',
  ]);
});

test("initialization options hold absolute, deduplicated include paths and the defines", () => {
  const { settings } = readSettings(
    reader({
      includePaths: ["shaders", "${workspaceFolder}/shaders", "~/slang-lib", "/abs/lib/", ""],
      defines: { MODE: "2" },
    }),
  );
  assert.deepEqual(serverOptions(settings, context), {
    options: { includePaths: ["/work/project/shaders", "/home/ada/slang-lib", "/abs/lib"], defines: { MODE: "2" } },
    problems: [],
  });
});

test("relative include paths with no workspace folder are reported and skipped", () => {
  const { settings } = readSettings(reader({ includePaths: ["shaders", "/abs/lib"] }));
  assert.deepEqual(serverOptions(settings, { workspaceFolder: undefined, homeDir: "/home/ada" }), {
    options: { includePaths: ["/abs/lib"], defines: {} },
    problems: ['"dslang.includePaths": "shaders" is relative and no workspace folder is open; it is ignored.'],
  });
});

test("workspace/configuration answers the dslang section, its keys, and null for anything else", () => {
  const options = { includePaths: ["/work/project/shaders"], defines: { MODE: "2" } };
  assert.deepEqual(
    configurationResponse(
      [{ section: "dslang" }, { section: "dslang.includePaths" }, { section: "dslang.defines" }, { section: "editor" }, {}],
      options,
    ),
    [options, ["/work/project/shaders"], { MODE: "2" }, null, null],
  );
});
