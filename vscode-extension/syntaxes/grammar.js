// The source of slang.tmLanguage.json. Edit this file, then run `npm run grammar`; a unit test checks that
// the JSON is up to date. Regexes are written with String.raw so that they read as Oniguruma sees them.
"use strict";

const r = String.raw;

/** A regex that matches any of the space-separated words, as a whole word. */
function words(list) {
  return r`\b(?:` + list.trim().split(/\s+/).join("|") + r`)\b`;
}

/** The alternatives of a space-separated list, for use inside a group. */
function alternatives(list) {
  return list.trim().split(/\s+/).join("|");
}

function kw(list, scope) {
  return { match: words(list), name: scope + ".slang" };
}

const IDENT = r`[A-Za-z_][A-Za-z0-9_]*`;
// The inside of a generic argument list, used only in lookaheads: no operators that a comparison chain
// would contain, so `i < n; i++` or `a < b && c > d` are not read as generics. Bounded, so that a long
// line of comparisons costs linear time, not quadratic.
const GENERIC_LOOKAHEAD = r`<[\w\s,.:<>\[\]]{0,200}>`;

const CONTROL = "if else for while do switch case default break continue return discard goto";
const MODIFIERS =
  "in out inout const static uniform groupshared extern shared volatile precise nointerpolation " +
  "noperspective linear centroid sample globallycoherent row_major column_major snorm unorm public " +
  "private internal export inline override __exported";
const DECL_KEYWORDS = "struct class interface enum namespace extension typealias typedef associatedtype cbuffer tbuffer";
const AUTODIFF_OPS = "fwd_diff bwd_diff __fwd_diff __bwd_diff";
const AUTODIFF_FUNCS = "diffPair detach";
const AUTODIFF_MEMBERS = "dzero dadd dmul getPrimal getDifferential";
const AUTODIFF_TYPES = "DifferentialPair IDifferentiable IDifferentiablePtrType DifferentialPtrPair Differential";
const AUTODIFF_ATTRS =
  "Differentiable ForwardDifferentiable BackwardDifferentiable NoDiffThis TreatAsDifferentiable " +
  "PreferRecompute PreferCheckpoint DerivativeMember";
const DERIVATIVE_REF_ATTRS =
  "ForwardDerivative BackwardDerivative ForwardDerivativeOf BackwardDerivativeOf PrimalSubstitute PrimalSubstituteOf";
const OTHER_ATTRS =
  "shader numthreads mutating unroll loop branch flatten fastopt allow_uav_condition ForceInline " +
  "noinline MaxIters ForceUnroll";
// Words that can never be a return type or a declared type: they would otherwise make `return foo(x)`
// look like a function declaration and `return x;` like a variable declaration.
const NOT_A_TYPE = [
  CONTROL,
  MODIFIERS,
  DECL_KEYWORDS,
  AUTODIFF_OPS,
  "new throw delete import module implementing __include __import as is where each expand operator",
  "using no_diff let var property __init __subscript sizeof alignof countof true false none nullptr",
].join(" ");
const SCALARS =
  r`bool|u?int(?:8|16|32|64)_t|float(?:16|32|64)_t|u?int|float|half|double|dword|min16float|min10float|` +
  r`min16int|min12int|min16uint`;
const RESOURCE_TYPES =
  "RWStructuredBuffer StructuredBuffer RWByteAddressBuffer ByteAddressBuffer AppendStructuredBuffer " +
  "ConsumeStructuredBuffer ConstantBuffer ParameterBlock TextureBuffer RWBuffer Texture1D Texture2D " +
  "Texture3D TextureCube Texture1DArray Texture2DArray TextureCubeArray RWTexture1D RWTexture2D " +
  "RWTexture3D RWTexture1DArray RWTexture2DArray SamplerState SamplerComparisonState Sampler2D " +
  "Tuple Optional Array Ptr Atomic NativeString";
const BUILTINS =
  "abs sign min max clamp saturate lerp smoothstep step sqrt rsqrt rcp exp exp2 log log2 log10 pow sin " +
  "cos tan asin acos atan atan2 sinh cosh tanh sincos floor ceil round trunc frac fmod fma mad dot cross " +
  "length distance normalize reflect refract faceforward mul transpose determinant isnan isinf isfinite " +
  "all any asfloat asint asuint asdouble f16tof32 f32tof16 dst lit radians degrees copysign ldexp frexp " +
  "modf countbits firstbithigh firstbitlow reversebits select printf print makeTuple " +
  "GroupMemoryBarrierWithGroupSync GroupMemoryBarrier DeviceMemoryBarrier DeviceMemoryBarrierWithGroupSync " +
  "AllMemoryBarrier AllMemoryBarrierWithGroupSync InterlockedAdd InterlockedAnd InterlockedOr " +
  "InterlockedXor InterlockedMin InterlockedMax InterlockedExchange InterlockedCompareExchange " +
  "InterlockedCompareStore";
const SEMANTICS_NON_SV = "POSITION NORMAL TANGENT BINORMAL COLOR TEXCOORD";
const INT_SUFFIX = r`(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)`;
const CALL_LOOKAHEAD = r`(?=\s*(?:` + GENERIC_LOOKAHEAD + r`)?\s*\()`;
const QUALIFIED = IDENT + r`(?:\s*(?:\.|::)\s*` + IDENT + r`)*`;
// A directive ends at the end of its line unless the line ends with a backslash.
const UNTIL_LINE_END = r`(?<!\\)(?=\n)`;

const scope = (name) => ({ name });

function directive(kind) {
  return { 1: scope(`keyword.control.directive.${kind}.slang`), 2: scope("punctuation.definition.directive.slang") };
}

const TYPE_NAME_CAPTURE = { patterns: [{ include: "#types" }, { match: IDENT, name: "entity.name.type.slang" }] };

const repository = {
  comments: {
    patterns: [
      { name: "comment.block.documentation.slang", begin: r`/\*\*(?!/)`, end: r`\*/`, captures: { 0: scope("punctuation.definition.comment.slang") } },
      { name: "comment.block.slang", begin: r`/\*`, end: r`\*/`, captures: { 0: scope("punctuation.definition.comment.slang") } },
      { name: "comment.line.triple-slash.documentation.slang", match: r`(///).*`, captures: { 1: scope("punctuation.definition.comment.slang") } },
      { name: "comment.line.double-slash.slang", match: r`(//).*`, captures: { 1: scope("punctuation.definition.comment.slang") } },
    ],
  },

  "line-continuation": { name: "constant.character.escape.line-continuation.slang", match: r`\\(?=\n)` },

  preprocessor: {
    patterns: [
      {
        name: "meta.preprocessor.include.slang",
        begin: r`^\s*((#)\s*(?:include|import))\b`,
        beginCaptures: directive("include"),
        end: UNTIL_LINE_END,
        patterns: [
          { include: "#comments" },
          {
            name: "string.quoted.double.include.slang",
            begin: '"',
            end: '"',
            beginCaptures: { 0: scope("punctuation.definition.string.begin.slang") },
            endCaptures: { 0: scope("punctuation.definition.string.end.slang") },
          },
          {
            name: "string.quoted.other.lt-gt.include.slang",
            begin: "<",
            end: ">",
            beginCaptures: { 0: scope("punctuation.definition.string.begin.slang") },
            endCaptures: { 0: scope("punctuation.definition.string.end.slang") },
          },
        ],
      },
      {
        name: "meta.preprocessor.macro.slang",
        begin: r`^\s*((#)\s*define)\s+(` + IDENT + r`)(\()([^)]*)(\))`,
        beginCaptures: {
          ...directive("define"),
          3: scope("entity.name.function.preprocessor.slang"),
          4: scope("punctuation.definition.parameters.begin.slang"),
          5: {
            patterns: [
              { match: IDENT, name: "variable.parameter.preprocessor.slang" },
              { match: r`\.\.\.`, name: "variable.parameter.preprocessor.variadic.slang" },
              { match: ",", name: "punctuation.separator.parameters.slang" },
            ],
          },
          6: scope("punctuation.definition.parameters.end.slang"),
        },
        end: UNTIL_LINE_END,
        patterns: [{ include: "#line-continuation" }, { include: "#code" }],
      },
      {
        name: "meta.preprocessor.macro.slang",
        begin: r`^\s*((#)\s*define)\s+(` + IDENT + r`)`,
        beginCaptures: { ...directive("define"), 3: scope("entity.name.constant.preprocessor.slang") },
        end: UNTIL_LINE_END,
        patterns: [{ include: "#line-continuation" }, { include: "#code" }],
      },
      {
        name: "meta.preprocessor.conditional.slang",
        begin: r`^\s*((#)\s*(?:if|ifdef|ifndef|elif|else|endif|undef))\b`,
        beginCaptures: directive("conditional"),
        end: UNTIL_LINE_END,
        patterns: [
          { include: "#comments" },
          { include: "#line-continuation" },
          { match: r`\bdefined\b`, name: "keyword.control.directive.conditional.defined.slang" },
          { include: "#numbers" },
          { include: "#operators" },
          { include: "#punctuation" },
          { match: IDENT, name: "entity.name.constant.preprocessor.slang" },
        ],
      },
      {
        name: "meta.preprocessor.diagnostic.slang",
        begin: r`^\s*((#)\s*(?:error|warning))\b`,
        beginCaptures: directive("diagnostic"),
        end: UNTIL_LINE_END,
        patterns: [
          { include: "#line-continuation" },
          { match: r`[^\\\n]+`, name: "string.unquoted.preprocessor.message.slang" },
        ],
      },
      {
        name: "meta.preprocessor.pragma.slang",
        begin: r`^\s*((#)\s*(?:pragma|line|version|extension))\b`,
        beginCaptures: directive("pragma"),
        end: UNTIL_LINE_END,
        patterns: [{ include: "#comments" }, { include: "#line-continuation" }, { include: "#strings" }, { include: "#numbers" }],
      },
    ],
  },

  attributes: {
    name: "meta.attribute.slang",
    // An attribute starts a line, follows an opening or separating token, or follows another attribute
    // after a space. Directly after `]` only a known attribute name counts, so `m[r][c]` stays an index.
    begin:
      r`(?:^\s*|(?<=[(,;{}])\s*|(?<=\])\s+)(\[)(?=\s*` + IDENT + r`(?:::` + IDENT + r`)*\s*(?:\(|\]|,))` +
      r`|(?<=\])(\[)(?=\s*` + words([AUTODIFF_ATTRS, DERIVATIVE_REF_ATTRS, OTHER_ATTRS].join(" ")) + r`)`,
    beginCaptures: { 1: scope("punctuation.definition.attribute.begin.slang"), 2: scope("punctuation.definition.attribute.begin.slang") },
    end: r`\]`,
    endCaptures: { 0: scope("punctuation.definition.attribute.end.slang") },
    patterns: [
      { include: "#comments" },
      {
        // The argument of a derivative attribute names a function (or `Type.method`).
        begin: r`\b(` + alternatives(DERIVATIVE_REF_ATTRS) + r`)\s*(\()`,
        beginCaptures: { 1: scope("entity.other.attribute-name.autodiff.slang"), 2: scope("punctuation.section.parens.begin.slang") },
        end: r`\)`,
        endCaptures: { 0: scope("punctuation.section.parens.end.slang") },
        patterns: [
          { include: "#comments" },
          { include: "#generic-arguments" },
          { include: "#types" },
          { match: IDENT + r`(?=\s*(?:\.|::))`, name: "entity.name.type.slang" },
          { match: r`\.|::`, name: "punctuation.accessor.slang" },
          { match: IDENT, name: "entity.name.function.slang" },
        ],
      },
      { match: words(AUTODIFF_ATTRS), name: "entity.other.attribute-name.autodiff.slang" },
      { match: IDENT + r`(?:::` + IDENT + r`)*`, name: "entity.other.attribute-name.slang" },
      {
        begin: r`\(`,
        end: r`\)`,
        beginCaptures: { 0: scope("punctuation.section.parens.begin.slang") },
        endCaptures: { 0: scope("punctuation.section.parens.end.slang") },
        patterns: [{ include: "#code" }],
      },
      { match: ",", name: "punctuation.separator.delimiter.slang" },
    ],
  },

  strings: {
    name: "string.quoted.double.slang",
    begin: '"',
    end: r`"|(?<!\\)(?=\n)`,
    beginCaptures: { 0: scope("punctuation.definition.string.begin.slang") },
    endCaptures: { 0: scope("punctuation.definition.string.end.slang") },
    patterns: [
      { match: r`\\(?:x[0-9a-fA-F]+|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)`, name: "constant.character.escape.slang" },
      { match: r`%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l)?[diuoxXfFeEgGcs%]`, name: "constant.other.placeholder.slang" },
    ],
  },

  numbers: {
    patterns: [
      {
        match: r`\b0[xX][0-9a-fA-F]+(` + INT_SUFFIX + r`)?\b`,
        name: "constant.numeric.integer.hexadecimal.slang",
        captures: { 1: scope("keyword.other.unit.suffix.integer.slang") },
      },
      {
        match: r`(?:\b\d+\.\d*|(?<![\w.])\.\d+)(?:[eE][+-]?\d+)?([fFhHlL])?(?!\w)`,
        name: "constant.numeric.float.slang",
        captures: { 1: scope("keyword.other.unit.suffix.floating-point.slang") },
      },
      {
        match: r`\b\d+[eE][+-]?\d+([fFhHlL])?\b`,
        name: "constant.numeric.float.slang",
        captures: { 1: scope("keyword.other.unit.suffix.floating-point.slang") },
      },
      {
        match: r`\b\d+(` + INT_SUFFIX + r`)?\b`,
        name: "constant.numeric.integer.decimal.slang",
        captures: { 1: scope("keyword.other.unit.suffix.integer.slang") },
      },
    ],
  },

  declarations: {
    patterns: [
      {
        match: r`\b(namespace)\s+(` + IDENT + r`(?:(?:\.|::)` + IDENT + r`)*)`,
        captures: { 1: scope("storage.type.namespace.slang"), 2: scope("entity.name.namespace.slang") },
      },
      { match: r`\b(extension)\s+(` + QUALIFIED + r`)`, captures: { 1: scope("storage.type.extension.slang"), 2: TYPE_NAME_CAPTURE } },
      {
        match: r`\b(struct|class|interface|enum|cbuffer|tbuffer|typealias|associatedtype)\s+(` + IDENT + r`)`,
        captures: { 1: scope("storage.type.$1.slang"), 2: scope("entity.name.type.slang") },
      },
      {
        match: r`\b(typedef)\s+([^;]+?)\s+(` + IDENT + r`)\s*(?=;)`,
        captures: {
          1: scope("storage.type.typedef.slang"),
          2: { patterns: [{ include: "#type-expression" }] },
          3: scope("entity.name.type.slang"),
        },
      },
      {
        match: r`\b(import|__import|module|implementing)\s+(` + IDENT + r`(?:\.` + IDENT + r`)*)`,
        captures: { 1: scope("keyword.control.import.slang"), 2: scope("entity.name.namespace.slang") },
      },
      kw("import __import module implementing __include", "keyword.control.import"),
      {
        match: r`\b(operator)\s*(\+\+|--|<<=|>>=|<<|>>|&&|\|\||[-+*/%^&|<>=!]=?|~|\[\s*\]|\(\s*\))(?=\s*\()`,
        captures: { 1: scope("keyword.other.operator.slang"), 2: scope("entity.name.function.operator.slang") },
      },
      kw("__init __subscript", "storage.type.function"),
      kw("property", "storage.type.property"),
      { match: r`\b(?:get|set)\b(?=\s*[;{])`, name: "storage.type.accessor.slang" },
    ],
  },

  "type-expression": {
    patterns: [
      { include: "#comments" },
      { include: "#generic-arguments" },
      { include: "#types" },
      { include: "#numbers" },
      { match: r`\.|::`, name: "punctuation.accessor.slang" },
      { match: r`\[`, name: "punctuation.section.brackets.begin.slang" },
      { match: r`\]`, name: "punctuation.section.brackets.end.slang" },
      { match: IDENT, name: "entity.name.type.slang" },
    ],
  },

  "function-definition": {
    comment: "`Type name(` or `Type name<generics>(`: the name of a function being declared.",
    match:
      r`(?<![\w.])(?!` + words(NOT_A_TYPE) + r`)` +
      r`(` + QUALIFIED + r`(?:\s*` + GENERIC_LOOKAHEAD + r`)?(?:\s*\[[^\]]*\])*)` +
      r`\s+(?!` + words(NOT_A_TYPE) + r`)(` + IDENT + r`)` + CALL_LOOKAHEAD,
    captures: { 1: { patterns: [{ include: "#type-expression" }] }, 2: scope("entity.name.function.definition.slang") },
  },

  autodiff: {
    patterns: [
      kw(AUTODIFF_OPS, "keyword.other.autodiff"),
      kw("no_diff", "storage.modifier.autodiff"),
      { match: words(AUTODIFF_FUNCS) + r`(?=\s*\()`, name: "support.function.autodiff.slang" },
      {
        match: r`(\.)\s*(` + alternatives(AUTODIFF_MEMBERS) + r`)\b`,
        captures: { 1: scope("punctuation.accessor.slang"), 2: scope("support.function.autodiff.slang") },
      },
      { match: r`(\.)\s*(Differential)\b`, captures: { 1: scope("punctuation.accessor.slang"), 2: scope("support.type.autodiff.slang") } },
      kw(AUTODIFF_TYPES, "support.type.autodiff"),
    ],
  },

  keywords: {
    patterns: [
      kw(CONTROL, "keyword.control"),
      kw(MODIFIERS, "storage.modifier"),
      kw(DECL_KEYWORDS, "storage.type"),
      kw("let var", "storage.type.variable"),
      kw("where", "keyword.other.where"),
      { match: r`\b(is|as)\s+(` + QUALIFIED + r`)`, captures: { 1: scope("keyword.operator.type.slang"), 2: TYPE_NAME_CAPTURE } },
      kw("is as", "keyword.operator.type"),
      kw("each expand", "keyword.other.variadic"),
      kw("sizeof alignof countof", "keyword.operator.sizeof"),
      kw("using", "keyword.other.using"),
      kw("true false", "constant.language.boolean"),
      kw("none nullptr", "constant.language.null"),
      kw("this", "variable.language.this"),
    ],
  },

  types: {
    patterns: [
      kw(AUTODIFF_TYPES, "support.type.autodiff"),
      kw("This", "storage.type.this"),
      { match: r`\b(?:void|string|vector|matrix|(?:` + SCALARS + r`)(?:[1-4](?:x[1-4])?)?)\b`, name: "storage.type.primitive.slang" },
      kw(RESOURCE_TYPES, "support.type"),
      { match: r`\bI[A-Z][A-Za-z0-9_]*\b`, name: "entity.name.type.interface.slang" },
    ],
  },

  "user-types": {
    patterns: [
      {
        comment: "A name followed by generic arguments and not by a call: `MyType<float> x`.",
        match: r`\b` + IDENT + r`(?=\s*` + GENERIC_LOOKAHEAD + r`(?!\s*\())`,
        name: "entity.name.type.slang",
      },
      {
        comment: "The type of a declaration: `MyStruct s = ...`, `MyStruct s;`, `(MyStruct s)`.",
        match:
          r`(?<![\w.])(?!` + words(NOT_A_TYPE) + r`)` + IDENT +
          r`(?=\s+(?:operator\b|(?!` + words(NOT_A_TYPE) + r`)` + IDENT + r`\s*[=;,:)\[]))`,
        name: "entity.name.type.slang",
      },
    ],
  },

  semantics: {
    match: r`(:)\s*(SV_[A-Za-z0-9_]+|(?:` + alternatives(SEMANTICS_NON_SV) + r`)[0-9]*)\b`,
    captures: { 1: scope("punctuation.separator.colon.slang"), 2: scope("support.variable.semantic.slang") },
  },

  "function-calls": {
    patterns: [
      { match: words(BUILTINS) + CALL_LOOKAHEAD, name: "support.function.builtin.slang" },
      {
        match: r`(\.)\s*(` + IDENT + r`)` + CALL_LOOKAHEAD,
        captures: { 1: scope("punctuation.accessor.slang"), 2: scope("entity.name.function.member.slang") },
      },
      { match: r`\b` + IDENT + CALL_LOOKAHEAD, name: "entity.name.function.call.slang" },
    ],
  },

  members: {
    match: r`(\.)\s*(` + IDENT + r`)`,
    captures: { 1: scope("punctuation.accessor.slang"), 2: scope("variable.other.member.slang") },
  },

  "generic-arguments": {
    name: "meta.generic.slang",
    begin: r`(?<=[\w\]])\s*(<)(?![<=])(?=` + GENERIC_LOOKAHEAD.slice(1) + r`)`,
    beginCaptures: { 1: scope("punctuation.definition.generic.begin.slang") },
    end: ">",
    endCaptures: { 0: scope("punctuation.definition.generic.end.slang") },
    patterns: [
      { include: "#comments" },
      { include: "#generic-arguments" },
      { include: "#autodiff" },
      kw("let", "storage.type.variable"),
      kw("each expand", "keyword.other.variadic"),
      { include: "#types" },
      { include: "#numbers" },
      { match: r`\.|::`, name: "punctuation.accessor.slang" },
      { match: ",", name: "punctuation.separator.delimiter.slang" },
      { match: ":", name: "punctuation.separator.colon.slang" },
      { match: IDENT, name: "entity.name.type.slang" },
    ],
  },

  operators: {
    patterns: [
      { match: "->", name: "keyword.operator.arrow.slang" },
      { match: r`<<=|>>=|\+=|-=|\*=|/=|%=|&=|\^=|\|=`, name: "keyword.operator.assignment.compound.slang" },
      { match: "<<|>>", name: "keyword.operator.bitwise.shift.slang" },
      { match: "==|!=|<=|>=|<|>", name: "keyword.operator.comparison.slang" },
      { match: r`&&|\|\||!`, name: "keyword.operator.logical.slang" },
      { match: r`\+\+`, name: "keyword.operator.increment.slang" },
      { match: "--", name: "keyword.operator.decrement.slang" },
      { match: r`&|\||\^|~`, name: "keyword.operator.bitwise.slang" },
      { match: "=", name: "keyword.operator.assignment.slang" },
      { match: "[-+*/%]", name: "keyword.operator.arithmetic.slang" },
      { match: r`\?`, name: "keyword.operator.ternary.slang" },
    ],
  },

  punctuation: {
    patterns: [
      { match: "::", name: "punctuation.separator.namespace.slang" },
      { match: ";", name: "punctuation.terminator.statement.slang" },
      { match: ",", name: "punctuation.separator.delimiter.slang" },
      { match: ":", name: "punctuation.separator.colon.slang" },
      { match: r`\{`, name: "punctuation.section.block.begin.slang" },
      { match: r`\}`, name: "punctuation.section.block.end.slang" },
      { match: r`\(`, name: "punctuation.section.parens.begin.slang" },
      { match: r`\)`, name: "punctuation.section.parens.end.slang" },
      { match: r`\[`, name: "punctuation.section.brackets.begin.slang" },
      { match: r`\]`, name: "punctuation.section.brackets.end.slang" },
    ],
  },

  // Everything but preprocessor directives: also the body of a `#define`. Order matters where two rules
  // match at the same position: declarations before keywords, types before calls (`float3(...)`).
  code: {
    patterns: [
      "comments", "attributes", "strings", "numbers", "declarations", "function-definition", "autodiff",
      "keywords", "types", "semantics", "function-calls", "user-types", "members", "generic-arguments",
      "operators", "punctuation",
    ].map((name) => ({ include: `#${name}` })),
  },
};

function buildGrammar() {
  return {
    $schema: "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
    name: "Slang",
    scopeName: "source.slang",
    fileTypes: ["slang", "slangh"],
    patterns: [{ include: "#comments" }, { include: "#preprocessor" }, { include: "#code" }],
    repository,
  };
}

/** The JSON file's exact text. */
function grammarText() {
  return JSON.stringify(buildGrammar(), null, 2) + "\n";
}

module.exports = { buildGrammar, grammarText };

if (require.main === module) {
  require("node:fs").writeFileSync(require("node:path").join(__dirname, "slang.tmLanguage.json"), grammarText());
}
