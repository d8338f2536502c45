// Finds the `[Differentiable]` functions of a Slang source for the "Check gradient" code lenses: a small
// scan over the text (comments and strings skipped), so lenses appear even while the file does not compile.

export interface DifferentiableFunction {
  name: string;
  /** 0-based line and column of the function's first attribute, where the lens goes. */
  line: number;
  character: number;
}

/** The attributes that make a function differentiable in Slang. */
const DIFFERENTIABLE_ATTRIBUTES = new Set(["Differentiable", "ForwardDifferentiable", "BackwardDifferentiable"]);

interface Token {
  text: string;
  offset: number;
}

/** Identifiers and single punctuation characters, without comments, strings and preprocessor lines. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let lineStart = true;
  while (i < source.length) {
    const c = source[i];
    if (c === "\n") {
      lineStart = true;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#" && lineStart) {
      // A preprocessor line, with its backslash continuations.
      while (i < source.length && source[i] !== "\n") {
        i += source[i] === "\\" && source[i + 1] === "\n" ? 2 : 1;
      }
      continue;
    }
    lineStart = false;
    if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== "\n") {
        i += source[i] === "\\" ? 2 : 1;
      }
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i, i + 256));
    if (word !== null) {
      tokens.push({ text: word[0], offset: i });
      i += word[0].length;
      continue;
    }
    const number = /^[0-9][0-9A-Za-z_.]*/.exec(source.slice(i, i + 64));
    if (number !== null) {
      tokens.push({ text: number[0], offset: i });
      i += number[0].length;
      continue;
    }
    tokens.push({ text: c, offset: i });
    i++;
  }
  return tokens;
}

const isIdentifier = (text: string) => /^[A-Za-z_]/.test(text);

/** The index after a bracketed group that starts at `start` (`[`, `(` or `<`), or -1 when unclosed. */
function skipGroup(tokens: Token[], start: number, open: string, close: string): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    if (tokens[i].text === open) depth++;
    else if (tokens[i].text === close && --depth === 0) return i + 1;
  }
  return -1;
}

/** The name of the function declared from token `start` on: the identifier before its parameter list. */
function declaredFunctionName(tokens: Token[], start: number): string | undefined {
  let last: string | undefined;
  for (let i = start; i < tokens.length; i++) {
    const text = tokens[i].text;
    if (text === "(") {
      return last;
    }
    if (text === "<") {
      // Generic arguments of the return type, or generic parameters after the name: skip them whole.
      const after = skipGroup(tokens, i, "<", ">");
      if (after < 0) return undefined;
      i = after - 1;
      continue;
    }
    if (text === "{" || text === ";" || text === "=" || text === "}" || text === "[") {
      return undefined; // not a function: a struct, a variable, another attribute list...
    }
    if (isIdentifier(text)) {
      last = text;
    }
  }
  return undefined;
}

/** Every function with a differentiable attribute, in source order. */
export function differentiableFunctions(source: string): DifferentiableFunction[] {
  const tokens = tokenize(source);
  const found: DifferentiableFunction[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i].text !== "[") {
      i++;
      continue;
    }
    // A run of attribute lists: [A] [B, C(1)] ...
    const firstAttribute = tokens[i].offset;
    let differentiable = false;
    let j = i;
    while (j < tokens.length && tokens[j].text === "[") {
      const end = skipGroup(tokens, j, "[", "]");
      if (end < 0) return found;
      for (let k = j + 1; k < end - 1; k++) {
        const previous = tokens[k - 1].text;
        if ((previous === "[" || previous === ",") && DIFFERENTIABLE_ATTRIBUTES.has(tokens[k].text)) {
          differentiable = true;
        }
      }
      j = end;
    }
    if (differentiable) {
      const name = declaredFunctionName(tokens, j);
      if (name !== undefined) {
        const before = source.slice(0, firstAttribute);
        const line = before.split("\n").length - 1;
        found.push({ name, line, character: firstAttribute - (before.lastIndexOf("\n") + 1) });
      }
    }
    i = Math.max(j, i + 1);
  }
  return found;
}

/** The arguments of `dslang.runGradientCheck` when it comes from a lens: `{ uri, function }`. */
export interface GradientCheckArguments {
  uri: string;
  function?: string;
}

export function asGradientCheckArguments(value: unknown): GradientCheckArguments | undefined {
  if (typeof value !== "object" || value === null) {
    return undefined;
  }
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.uri !== "string") {
    return undefined;
  }
  return typeof candidate.function === "string" ? { uri: candidate.uri, function: candidate.function } : { uri: candidate.uri };
}
