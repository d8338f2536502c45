// Consistency of the static parts: package.json, the language configuration, the grammar and its tests.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";

const root = path.resolve(__dirname, "..", "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const extensionSource = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");

test("every contributed command is registered, and every registered command is contributed", () => {
  const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
  const registered = [...extensionSource.matchAll(/registerCommand\("([^"]+)"/g)].map((m) => m[1]).sort();
  assert.deepEqual(registered, contributed);
  assert.deepEqual(contributed, [
    "dslang.openPreview",
    "dslang.restartServer",
    "dslang.runGradientCheck",
    "dslang.showDerivativeIr",
    "dslang.showGeneratedSpirv",
    "dslang.showGeneratedWgsl",
  ]);
});

test("the slang language, its grammar and its settings are contributed", () => {
  const slang = manifest.contributes.languages.find((l: { id: string }) => l.id === "slang");
  assert.deepEqual(slang.extensions, [".slang", ".slangh"]);
  assert.ok(fs.existsSync(path.join(root, slang.configuration)));
  const [grammar] = manifest.contributes.grammars;
  assert.equal(grammar.language, "slang");
  const grammarJson = JSON.parse(fs.readFileSync(path.join(root, grammar.path), "utf8"));
  assert.equal(grammarJson.scopeName, grammar.scopeName);
  assert.deepEqual(Object.keys(manifest.contributes.configuration.properties).sort(), [
    "dslang.defines",
    "dslang.entry",
    "dslang.includePaths",
    "dslang.preview.frames",
    "dslang.serverPath",
    "dslang.trace.server",
  ]);
  assert.equal(manifest.main, "./out/extension.js");
  assert.ok(manifest.engines.vscode.startsWith("^1."));
});

test("folding markers pair #if/#ifdef/#ifndef with #endif, and regions", () => {
  const configuration = JSON.parse(fs.readFileSync(path.join(root, "language-configuration.json"), "utf8"));
  const start = new RegExp(configuration.folding.markers.start);
  const end = new RegExp(configuration.folding.markers.end);
  for (const line of ["#if X", "  #ifdef DEBUG", "#ifndef GUARD", "# if 0", "// region math"]) {
    assert.ok(start.test(line), line);
  }
  for (const line of ["#endif", "  # endif // GUARD", "// endregion"]) {
    assert.ok(end.test(line), line);
  }
  for (const line of ["#include \"x\"", "#else", "#ifx", "float ifdef;"]) {
    assert.ok(!start.test(line) && !end.test(line), line);
  }
  const increase = new RegExp(configuration.indentationRules.increaseIndentPattern);
  const decrease = new RegExp(configuration.indentationRules.decreaseIndentPattern);
  assert.ok(increase.test("void f() {"));
  assert.ok(!increase.test("void f() { return; }"));
  assert.ok(decrease.test("    }"));
});

/** Every scope name the grammar can produce, with `$1` names expanded from their rule's alternatives. */
function grammarScopes(grammar: unknown): Set<string> {
  const scopes = new Set<string>();
  const visit = (node: unknown, rule: Record<string, unknown> | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((child) => visit(child, rule));
      return;
    }
    if (typeof node !== "object" || node === null) {
      return;
    }
    const object = node as Record<string, unknown>;
    const owner = typeof object.match === "string" || typeof object.begin === "string" ? object : rule;
    for (const [key, value] of Object.entries(object)) {
      if (key === "name" && typeof value === "string") {
        if (value.includes("$1")) {
          const alternatives = /\((\w+(?:\|\w+)+)\)/.exec(String(owner?.match ?? owner?.begin));
          assert.ok(alternatives, `no alternatives for ${value}`);
          alternatives[1].split("|").forEach((word) => scopes.add(value.replace("$1", word)));
        } else {
          scopes.add(value);
        }
      } else {
        visit(value, owner);
      }
    }
  };
  visit((grammar as { repository: unknown }).repository, undefined);
  return scopes;
}

test("slang.tmLanguage.json is generated from syntaxes/grammar.js (run `npm run grammar`)", () => {
  const { grammarText } = require(path.join(root, "syntaxes", "grammar.js")) as { grammarText(): string };
  assert.equal(fs.readFileSync(path.join(root, "syntaxes", "slang.tmLanguage.json"), "utf8"), grammarText());
});

test("the grammar tests assert every scope the grammar produces", () => {
  const grammar = JSON.parse(fs.readFileSync(path.join(root, "syntaxes", "slang.tmLanguage.json"), "utf8"));
  const testFolder = path.join(root, "test", "grammar");
  const asserted = new Set<string>();
  for (const file of fs.readdirSync(testFolder).filter((name) => name.endsWith(".slang"))) {
    for (const line of fs.readFileSync(path.join(testFolder, file), "utf8").split("\n")) {
      const assertion = /^\/\/\s*(?:\^+|<~*-+)\s+(.*)$/.exec(line);
      if (assertion) {
        // Scopes after a " - " are ones that must be absent: they do not count as covered.
        const required = assertion[1].split(/(?:^|\s)-\s/)[0];
        required.split(/\s+/).filter(Boolean).forEach((scope) => asserted.add(scope));
      }
    }
  }
  const missing = [...grammarScopes(grammar)].filter((scope) => !asserted.has(scope)).sort();
  assert.deepEqual(missing, []);
});
