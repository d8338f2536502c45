//! Directive lines of a Slang test file: `//TEST`, `//TEST_INPUT`, `//DIAGNOSTIC_TEST`.

use crate::diagnostics::{DiagnosticExpectations, parse_diagnostic_expectations};
use crate::textures::{SamplerInput, TextureInput, parse_sampler_input, parse_texture_input};

/// Everything the directives of one test file say. Malformed directives are kept in `errors`;
/// the rest of the file is still parsed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TestFile {
    pub tests: Vec<TestDirective>,
    pub inputs: Vec<TestInput>,
    /// Caret expectations, present when the file has a `//DIAGNOSTIC_TEST` line.
    pub diagnostics: Option<DiagnosticExpectations>,
    pub errors: Vec<DirectiveError>,
}

impl TestFile {
    /// The compute tests of the file. Several lines usually name the same test for different
    /// Slang backends; a runner runs the first one.
    pub fn compute_tests(&self) -> impl Iterator<Item = &TestDirective> {
        self.tests.iter().filter(|t| t.kind == TestKind::Compute)
    }

    /// The buffer inputs in declaration order.
    pub fn buffers(&self) -> impl Iterator<Item = (&TestInput, &BufferInput)> {
        self.inputs.iter().filter_map(|input| match &input.kind {
            InputKind::Buffer(buffer) => Some((input, buffer)),
            _ => None,
        })
    }

    /// `type_conformance T:I = n` entries, for the compiler.
    pub fn type_conformances(&self) -> impl Iterator<Item = &TypeConformance> {
        self.inputs.iter().filter_map(|input| match &input.kind {
            InputKind::TypeConformance(c) => Some(c),
            _ => None,
        })
    }
}

/// A directive line that could not be understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectiveError {
    /// 1-based line number.
    pub line: u32,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestKind {
    /// `COMPARE_COMPUTE` / `COMPARE_COMPUTE_EX`: run and compare the `out` buffers.
    Compute,
    /// `//DIAGNOSTIC_TEST:SIMPLE(diag=PREFIX)`: compile and compare diagnostics with caret lines.
    Diagnostic,
    /// Any other Slang test command (`SIMPLE`, `INTERPRET`, `CROSS_COMPILE`, ...), by name.
    Other(String),
}

/// One `//TEST(...)` or `//DIAGNOSTIC_TEST` line.
#[derive(Debug, Clone, PartialEq)]
pub struct TestDirective {
    pub line: u32,
    pub kind: TestKind,
    /// The words in `//TEST(compute, vulkan)`.
    pub categories: Vec<String>,
    /// The command name: `COMPARE_COMPUTE_EX`, `SIMPLE`, ...
    pub command: String,
    /// `(filecheck-buffer=CHECK)` and similar, as (key, value) pairs; a bare word has value "".
    pub command_args: Vec<(String, String)>,
    /// The options after the command, split on whitespace.
    pub options: Vec<String>,
    /// `-compute-dispatch X,Y,Z`: workgroup counts, default 1,1,1.
    pub dispatch: [u32; 3],
    pub output_using_type: bool,
    /// `-xslang -DNAME=VALUE` / `-DNAME`: (name, value); a bare name has value "1".
    pub defines: Vec<(String, String)>,
}

impl TestDirective {
    fn command_arg(&self, key: &str) -> Option<&str> {
        self.command_args
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `filecheck-buffer=PREFIX`: the printed buffers are matched with FileCheck.
    pub fn filecheck_buffer(&self) -> Option<&str> {
        self.command_arg("filecheck-buffer")
    }

    /// `filecheck=PREFIX`: the compiler's output is matched with FileCheck.
    pub fn filecheck(&self) -> Option<&str> {
        self.command_arg("filecheck")
    }

    /// `diag=PREFIX` of a diagnostic test.
    pub fn diag_prefix(&self) -> Option<&str> {
        self.command_arg("diag")
    }

    pub fn has_option(&self, option: &str) -> bool {
        self.options.iter().any(|o| o == option)
    }
}

/// One `//TEST_INPUT` line.
#[derive(Debug, Clone, PartialEq)]
pub struct TestInput {
    pub line: u32,
    /// The global the input binds to; `None` binds to the next global resource in order.
    pub name: Option<String>,
    /// Printed after the dispatch.
    pub out: bool,
    pub kind: InputKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum InputKind {
    Buffer(BufferInput),
    TypeConformance(TypeConformance),
    /// `Texture2D(size=4, content=one)`, `RWTexture3D(...)`, ... (see [`crate::textures`]).
    Texture(TextureInput),
    /// `Sampler` / `Sampler(filteringMode=point)`.
    Sampler(SamplerInput),
    /// A kind this harness does not handle (`new` objects, ...): the runner
    /// skips the test and names this text as the reason.
    Unsupported {
        text: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferKind {
    /// `ubuffer`: a structured storage buffer.
    Storage,
    /// `cbuffer` / `uniform`: a constant buffer.
    Uniform,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BufferInput {
    pub kind: BufferKind,
    /// The initial contents, one 32-bit word per `data` literal.
    pub data: Vec<u32>,
    /// Bytes per element; 4 when not given.
    pub stride: u32,
    /// `count=C` elements.
    pub count: Option<u32>,
}

impl BufferInput {
    /// max(data bytes, count * stride), never 0 (wgpu rejects empty bindings).
    pub fn byte_size(&self) -> u64 {
        let data = self.data.len() as u64 * 4;
        let counted = u64::from(self.count.unwrap_or(0)) * u64::from(self.stride);
        data.max(counted).max(4)
    }

    /// The initial bytes, zero-filled to `byte_size` (check that first: `count` may be huge).
    pub fn initial_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.data.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.resize(self.byte_size() as usize, 0);
        bytes
    }
}

/// `type_conformance T:I = n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeConformance {
    pub type_name: String,
    pub interface: String,
    pub id: u32,
}

/// Parses the directive lines of a test file. Never fails: problems go to `TestFile::errors`.
pub fn parse_test_file(text: &str) -> TestFile {
    let mut file = TestFile::default();
    for (index, raw) in text.lines().enumerate() {
        let line = index as u32 + 1;
        let Some(comment) = raw.trim_start().strip_prefix("//") else {
            continue;
        };
        let result = if let Some(rest) = comment.strip_prefix("TEST_INPUT:") {
            parse_test_input(rest).map(|mut input| {
                input.line = line;
                file.inputs.push(input);
            })
        } else if let Some(rest) = comment.strip_prefix("DIAGNOSTIC_TEST") {
            parse_test_line(rest, true).map(|mut t| {
                t.line = line;
                file.tests.push(t);
            })
        } else if let Some(rest) = comment.strip_prefix("TEST") {
            // `TEST(`, `TEST:`; not `TEST_DISABLED`, `TESTS`, ...
            if rest.starts_with('(') || rest.starts_with(':') {
                parse_test_line(rest, false).map(|mut t| {
                    t.line = line;
                    file.tests.push(t);
                })
            } else {
                Ok(())
            }
        } else {
            Ok(())
        };
        if let Err(message) = result {
            file.errors.push(DirectiveError { line, message });
        }
    }
    if let Some(prefix) = file
        .tests
        .iter()
        .find(|t| t.kind == TestKind::Diagnostic)
        .map(|t| t.diag_prefix().unwrap_or("CHECK").to_string())
    {
        let (expectations, errors) = parse_diagnostic_expectations(text, &prefix);
        file.diagnostics = Some(expectations);
        file.errors.extend(errors);
    }
    file
}

/// `(categories):COMMAND(args):options` or `:COMMAND(args):options` (after `TEST`).
fn parse_test_line(rest: &str, diagnostic: bool) -> Result<TestDirective, String> {
    let (categories, rest) = if let Some(inner) = rest.strip_prefix('(') {
        let close = inner
            .find(')')
            .ok_or("`(` after TEST is never closed".to_string())?;
        let categories = inner[..close]
            .split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect();
        (categories, &inner[close + 1..])
    } else {
        (Vec::new(), rest)
    };
    let rest = rest
        .strip_prefix(':')
        .ok_or("expected `:` before the test command".to_string())?;
    // The command ends at `:` or at its `(...)` argument list, which may itself contain `:`.
    let name_end = rest.find(['(', ':']).unwrap_or(rest.len());
    let command = rest[..name_end].trim().to_string();
    if command.is_empty() {
        return Err("missing test command (for example COMPARE_COMPUTE_EX)".into());
    }
    let mut rest = &rest[name_end..];
    let mut command_args = Vec::new();
    if let Some(inner) = rest.strip_prefix('(') {
        let close = inner
            .find(')')
            .ok_or(format!("`(` after {command} is never closed"))?;
        for arg in inner[..close].split(',') {
            let arg = arg.trim();
            if arg.is_empty() {
                continue;
            }
            let (key, value) = arg.split_once('=').unwrap_or((arg, ""));
            command_args.push((key.trim().to_string(), value.trim().to_string()));
        }
        rest = &inner[close + 1..];
    }
    let options_text = rest.strip_prefix(':').unwrap_or(rest);
    let options: Vec<String> = options_text
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let kind = if diagnostic {
        TestKind::Diagnostic
    } else if command == "COMPARE_COMPUTE" || command == "COMPARE_COMPUTE_EX" {
        TestKind::Compute
    } else {
        TestKind::Other(command.clone())
    };
    let mut directive = TestDirective {
        line: 0,
        kind,
        categories,
        command,
        command_args,
        options: Vec::new(),
        dispatch: [1, 1, 1],
        output_using_type: false,
        defines: Vec::new(),
    };
    let mut tokens = options.iter().peekable();
    while let Some(token) = tokens.next() {
        match token.as_str() {
            "-output-using-type" => directive.output_using_type = true,
            "-compute-dispatch" => {
                let value = tokens
                    .next()
                    .ok_or("`-compute-dispatch` needs X,Y,Z".to_string())?;
                directive.dispatch = parse_dispatch(value)?;
            }
            // `-xslang` passes the next option to the compiler; the define itself follows.
            "-xslang" => {}
            "-D" => {
                let value = tokens.next().ok_or("`-D` needs NAME[=VALUE]".to_string())?;
                directive.defines.push(parse_define(value)?);
            }
            other => {
                if let Some(define) = other.strip_prefix("-D") {
                    directive.defines.push(parse_define(define)?);
                }
            }
        }
    }
    directive.options = options;
    Ok(directive)
}

fn parse_dispatch(value: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("`-compute-dispatch {value}`: expected X,Y,Z"));
    }
    let mut dispatch = [1u32; 3];
    for (slot, part) in dispatch.iter_mut().zip(&parts) {
        *slot = part
            .parse()
            .map_err(|_| format!("`-compute-dispatch {value}`: `{part}` is not a count"))?;
    }
    Ok(dispatch)
}

fn parse_define(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').unwrap_or((text, "1"));
    if !is_identifier(name) {
        return Err(format!("`-D{text}`: bad macro name"));
    }
    Ok((name.to_string(), value.to_string()))
}

/// The text after `//TEST_INPUT:`.
fn parse_test_input(text: &str) -> Result<TestInput, String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("type_conformance") {
        return parse_type_conformance(rest.trim()).map(|c| TestInput {
            line: 0,
            name: None,
            out: false,
            kind: InputKind::TypeConformance(c),
        });
    }
    // `set NAME = [out] KIND(...)`
    if let Some(rest) = text.strip_prefix("set ") {
        let (name, value) = rest
            .split_once('=')
            .ok_or("`set NAME = ...`: missing `=`".to_string())?;
        let name = name.trim();
        if !is_identifier(name) {
            return Err(format!("`set {name} = ...`: `{name}` is not a name"));
        }
        let value = value.trim();
        let (out, value) = match value.strip_prefix("out ") {
            Some(v) => (true, v.trim_start()),
            None => (false, value),
        };
        let kind = parse_input_kind(value)?;
        return Ok(TestInput {
            line: 0,
            name: Some(name.to_string()),
            out,
            kind,
        });
    }
    // `KIND(args):out,name=NAME`
    let (body, attributes) = split_after_call(text);
    let kind = parse_input_kind(body)?;
    let mut input = TestInput {
        line: 0,
        name: None,
        out: false,
        kind,
    };
    for attribute in attributes.split(',') {
        let attribute = attribute.trim();
        if attribute.is_empty() {
            continue;
        }
        if attribute == "out" {
            input.out = true;
        } else if let Some(name) = attribute
            .strip_prefix("name=")
            .or_else(|| attribute.strip_prefix("name "))
        {
            input.name = Some(name.trim().to_string());
        } else if attribute.contains("binding(") {
            // Older Slang tests place inputs with `dxbinding(0)`, `glbinding(0)`: declaration order
            // already decides the binding here.
        } else if let InputKind::Buffer(_) | InputKind::Texture(_) | InputKind::Sampler(_) =
            input.kind
        {
            return Err(format!("unknown TEST_INPUT attribute `{attribute}`"));
        }
    }
    Ok(input)
}

/// Splits `kind(args...):attrs` after the balanced `)`; text without a call is all body.
fn split_after_call(text: &str) -> (&str, &str) {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 && c == ')' {
                    let rest = &text[i + 1..];
                    return (&text[..=i], rest.strip_prefix(':').unwrap_or(rest));
                }
            }
            ':' if depth == 0 => return (&text[..i], &text[i + 1..]),
            _ => {}
        }
    }
    (text, "")
}

fn parse_input_kind(text: &str) -> Result<InputKind, String> {
    let text = text.trim();
    let (kind, args) = if let Some(args) = call_args(text, "ubuffer") {
        (BufferKind::Storage, args)
    } else if let Some(args) = call_args(text, "cbuffer").or_else(|| call_args(text, "uniform")) {
        (BufferKind::Uniform, args)
    } else if let Some(texture) = parse_texture_input(text) {
        return texture.map(InputKind::Texture);
    } else if let Some(sampler) = parse_sampler_input(text) {
        return sampler.map(InputKind::Sampler);
    } else {
        return Ok(InputKind::Unsupported {
            text: text.to_string(),
        });
    };
    let mut buffer = BufferInput {
        kind,
        data: Vec::new(),
        stride: 4,
        count: None,
    };
    for (key, value) in split_call_args(args)? {
        match key {
            "data" => {
                let inner = value
                    .strip_prefix('[')
                    .and_then(|v| v.strip_suffix(']'))
                    .ok_or(format!("`data={value}`: expected [v0 v1 ...]"))?;
                buffer.data = inner
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .map(parse_data_literal)
                    .collect::<Result<_, _>>()?;
            }
            "stride" => {
                buffer.stride = value
                    .parse()
                    .ok()
                    .filter(|s| *s > 0)
                    .ok_or(format!("`stride={value}`: expected a positive byte count"))?;
            }
            "count" => {
                buffer.count = Some(
                    value
                        .parse()
                        .map_err(|_| format!("`count={value}`: expected an element count"))?,
                );
            }
            // Slang's element-type hints (`format`, `type`...): the layout comes from the shader.
            _ => {}
        }
    }
    Ok(InputKind::Buffer(buffer))
}

/// `name(args)` -> `args`.
fn call_args<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.strip_prefix(name)?
        .trim_start()
        .strip_prefix('(')?
        .strip_suffix(')')
}

/// Splits `data=[1 2], stride=4` at top-level commas into (key, value).
fn split_call_args(args: &str) -> Result<Vec<(&str, &str)>, String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in args.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&args[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&args[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or(format!("`{p}`: expected key=value"))
        })
        .collect()
}

/// `1` -> i32 bits, `1.0` / `1e3` / `-2.5` -> f32 bits, `0x3F800000` -> raw bits.
pub fn parse_data_literal(word: &str) -> Result<u32, String> {
    let bad = || format!("`{word}` is not a number");
    let (negative, digits) = match word.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        let value = u32::from_str_radix(hex, 16).map_err(|_| bad())?;
        return Ok(if negative {
            value.wrapping_neg()
        } else {
            value
        });
    }
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let value: i64 = word.parse().map_err(|_| bad())?;
        return if let Ok(v) = i32::try_from(value) {
            Ok(v as u32)
        } else if let Ok(v) = u32::try_from(value) {
            Ok(v)
        } else {
            Err(format!("`{word}` does not fit in 32 bits"))
        };
    }
    let float_text = word
        .strip_suffix(['f', 'F'])
        .filter(|t| !t.is_empty())
        .unwrap_or(word);
    let looks_numeric = float_text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'));
    match float_text.parse::<f32>() {
        Ok(value) if looks_numeric => Ok(value.to_bits()),
        _ => Err(bad()),
    }
}

fn parse_type_conformance(text: &str) -> Result<TypeConformance, String> {
    let bad = || format!("`type_conformance {text}`: expected `Type:Interface = id`");
    let (pair, id) = text.split_once('=').ok_or_else(bad)?;
    let (type_name, interface) = pair.split_once(':').ok_or_else(bad)?;
    let id = id.trim().parse().map_err(|_| bad())?;
    let (type_name, interface) = (type_name.trim(), interface.trim());
    if type_name.is_empty() || interface.is_empty() {
        return Err(bad());
    }
    Ok(TypeConformance {
        type_name: type_name.to_string(),
        interface: interface.to_string(),
        id,
    })
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}
