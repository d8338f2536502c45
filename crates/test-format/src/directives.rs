//! Directive lines of a Slang test file: `//TEST`, `//TEST_INPUT`, `//DIAGNOSTIC_TEST`.

use crate::diagnostics::{DiagnosticExpectations, parse_diagnostic_expectations};
use crate::output::{ElemType, f64_to_half};
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
    /// `//TEST_IGNORE_FILE`: not a test file (a module other tests import), whatever else it says.
    pub ignore_file: bool,
}

impl TestFile {
    /// The enabled compute tests of the file, those dslang can run first (see
    /// [`TestDirective::skip_reason`]), the most WGSL-like APIs first (`TestDirective::
    /// api_rank`). Several lines usually name the same test for different Slang backends; a
    /// runner that runs one runs the first, so the `-D` options of a CPU line (its natural
    /// layout, say) do not apply when a GPU line exists.
    pub fn compute_tests(&self) -> impl Iterator<Item = &TestDirective> {
        let compute = |t: &&TestDirective| t.kind == TestKind::Compute && !t.disabled;
        let mut runnable: Vec<&TestDirective> = self
            .tests
            .iter()
            .filter(compute)
            .filter(|t| t.skip_reason().is_none())
            .collect();
        runnable.sort_by_key(|t| t.api_rank());
        let others = self
            .tests
            .iter()
            .filter(compute)
            .filter(|t| t.skip_reason().is_some());
        runnable.into_iter().chain(others)
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
    /// `-I DIR` / `-IDIR`: include and import search folders, as written (relative ones are
    /// relative to the test file's folder, as slang-test runs slangc there).
    pub include_dirs: Vec<String>,
    /// `-entry NAME` (also through `-xslang` / `-compile-arg`).
    pub entry: Option<String>,
    /// A `//DISABLE_TEST` (or `//TEST_DISABLED`) line: reported as skipped, never run.
    pub disabled: bool,
    /// `-experimental-feature` (usually through `-xslang`): slangc's experimental declarations
    /// take effect.
    pub experimental_features: bool,
    /// `-matrix-layout-row-major` (usually through `-xslang`): matrices in buffers are stored row
    /// by row; `-matrix-layout-column-major` (slangc's default) column by column.
    pub row_major_matrices: bool,
    /// `-msvc-style-bitfield-packing`: bit fields packed as MSVC does.
    pub msvc_bitfield_packing: bool,
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

    /// The graphics API the line names (`-vk` -> "vk"), as slang-test prints it after the test
    /// name; `None` for a line that names none (slang-test runs it on every API it has).
    pub fn api(&self) -> Option<&'static str> {
        self.options.iter().find_map(|o| api_of_option(o))
    }

    /// How close the line's API is to dslang's WGSL on a GPU (lower is closer): WebGPU,
    /// Vulkan, no API named, D3D, Metal, then the CPU-side backends (CUDA, CPU, LLVM) and GL.
    pub fn api_rank(&self) -> usize {
        if self.has_option("-llvm") {
            return 9;
        }
        const ORDER: [&str; 9] = [
            "wgpu", "vk", "default", "dx12", "dx11", "metal", "cuda", "cpu", "gl",
        ];
        let api = self.api().unwrap_or("default");
        ORDER.iter().position(|a| *a == api).unwrap_or(ORDER.len())
    }

    /// Why dslang does not run this line, or `None` when it does. dslang runs every compute line
    /// on its GPU (whatever API the line names) and judges caret diagnostics; it skips lines that
    /// need render features wgpu lacks, native (non-Slang) sources, and commands that check
    /// slangc's own output.
    pub fn skip_reason(&self) -> Option<String> {
        if self.disabled {
            return Some("disabled (//DISABLE_TEST)".into());
        }
        match &self.kind {
            TestKind::Diagnostic => None,
            TestKind::Compute => {
                // An API flag (`-cpu`, `-dx12`, `-vk`, ...) only says where Slang runs the line
                // (test-format.md); dslang runs every such line on its one GPU.
                // slang-test skips a line whose `-render-feature`s the device lacks; wgpu has
                // none of these.
                let unavailable = [
                    "ray-query",
                    "ray-tracing",
                    "ray-tracing-pipeline",
                    "mesh-shader",
                    "cooperative-vector",
                    "cooperative-matrix",
                ];
                let features = self
                    .options
                    .windows(2)
                    .filter(|w| w[0] == "-render-feature" || w[0] == "-render-features")
                    .flat_map(|w| w[1].split(','));
                for feature in features {
                    if unavailable.contains(&feature) {
                        return Some(format!(
                            "needs the render feature `{feature}`, which wgpu does not offer"
                        ));
                    }
                }
                let native = ["-hlsl", "-glsl", "-native-hlsl", "-cpp"];
                if let Some(option) = self.options.iter().find(|o| native.contains(&o.as_str())) {
                    return Some(format!(
                        "`{option}`: the shader is compiled as native code without Slang"
                    ));
                }
                None
            }
            TestKind::Other(command) => Some(match command.as_str() {
                "SIMPLE" | "SIMPLE_EX" | "SIMPLE_LINE" if self.filecheck().is_some() => format!(
                    "{command}(filecheck=...) checks slangc's output{}; dslang generates \
                     different code",
                    self.option_value("-target")
                        .map(|t| format!(" for -target {t}"))
                        .unwrap_or_default()
                ),
                "SIMPLE" | "SIMPLE_EX" | "SIMPLE_LINE" => {
                    format!("{command} compares slangc's console output with an expected file")
                }
                "INTERPRET" => "INTERPRET runs Slang's bytecode interpreter".into(),
                "REFLECTION" | "CPU_REFLECTION" => {
                    format!("{command} compares slangc's reflection JSON")
                }
                "CROSS_COMPILE"
                | "COMPARE_HLSL"
                | "COMPARE_GLSL"
                | "COMPARE_HLSL_CROSS_COMPILE" => {
                    format!("{command} compares slangc's generated code with another compiler's")
                }
                "COMPARE_RENDER_COMPUTE"
                | "COMPARE_HLSL_RENDER"
                | "COMPARE_HLSL_CROSS_COMPILE_RENDER"
                | "COMPARE_HLSL_GLSL_RENDER"
                | "RENDER_COMPUTE" => {
                    format!(
                        "{command} renders with vertex/fragment shaders; dslang runs compute only"
                    )
                }
                _ => format!("dslang does not run `{command}` tests"),
            }),
        }
    }

    /// The value after `option` (`-target spirv` -> "spirv").
    pub fn option_value(&self, option: &str) -> Option<&str> {
        let at = self.options.iter().position(|o| o == option)?;
        self.options.get(at + 1).map(String::as_str)
    }
}

/// render-test's API flags, by the name slang-test prints.
fn api_of_option(option: &str) -> Option<&'static str> {
    Some(match option {
        "-vk" | "-vulkan" => "vk",
        "-wgpu" | "-webgpu" => "wgpu",
        "-cpu" => "cpu",
        "-cuda" => "cuda",
        "-dx11" | "-d3d11" => "dx11",
        "-dx12" | "-d3d12" => "dx12",
        "-mtl" | "-metal" => "metal",
        "-gl" | "-ogl" | "-opengl" => "gl",
        _ => return None,
    })
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
    /// The value of `set NAME = VALUE` as written (`{1.0, {2, 3, 4}}`): the host places its
    /// numbers at the offsets of the uniform's type (`data` holds them packed tightly, for a
    /// host that does not know the type). `None` for `ubuffer(...)`/`cbuffer(...)` data, whose
    /// words are the buffer's bytes.
    pub value: Option<UniformValue>,
    /// `set NAME = new Type { ... }`: the value is an object of `Type`. For a parameter of that
    /// struct type it is the struct's value; for an interface-typed parameter a host stores
    /// `Type`'s `type_conformance` id with it (dynamic dispatch).
    pub object_type: Option<String>,
}

/// A uniform value of `set NAME = VALUE`: a number or a brace list of values for the fields,
/// components or elements of an aggregate. The kind of a number's literal decides its bits (an
/// integer literal is stored as an integer even in a float slot, as in `ubuffer` data); the slot
/// it lands in decides their width: a 64-bit slot holds an integer sign-extended (hex literals
/// are bits: zero-extended) and a float literal as a double, a 16-bit slot the low 16 bits of an
/// integer and a float literal as a half.
#[derive(Debug, Clone, PartialEq)]
pub enum UniformValue {
    /// An integer literal's value; its 32-bit word is the low 32 bits.
    Int(i64),
    /// A float literal's value; its 32-bit word is the f32's bits.
    Float(f64),
    List(Vec<UniformValue>),
}

impl UniformValue {
    /// The numbers in order, as words (nesting dropped).
    pub fn words(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.collect_words(&mut out);
        out
    }

    /// The bytes of a number stored in a scalar slot of kind `kind` (see the type's rules);
    /// `None` for a list.
    pub fn encode(&self, kind: ElemType) -> Option<Vec<u8>> {
        let wide = matches!(kind, ElemType::Double | ElemType::Int64 | ElemType::UInt64);
        Some(match (self, kind) {
            (UniformValue::List(_), _) => return None,
            (UniformValue::Float(v), ElemType::Half) => f64_to_half(*v).to_le_bytes().to_vec(),
            (UniformValue::Int(v), ElemType::Half) => (*v as u16).to_le_bytes().to_vec(),
            (UniformValue::Float(v), _) if wide => v.to_bits().to_le_bytes().to_vec(),
            (UniformValue::Int(v), _) if wide => v.to_le_bytes().to_vec(),
            (UniformValue::Float(v), _) => (*v as f32).to_bits().to_le_bytes().to_vec(),
            (UniformValue::Int(v), _) => (*v as u32).to_le_bytes().to_vec(),
        })
    }

    fn collect_words(&self, out: &mut Vec<u32>) {
        match self {
            UniformValue::Int(v) => out.push(*v as u32),
            UniformValue::Float(v) => out.push((*v as f32).to_bits()),
            UniformValue::List(items) => items.iter().for_each(|v| v.collect_words(out)),
        }
    }
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
        let disabled = comment
            .strip_prefix("DISABLE_TEST")
            .or_else(|| comment.strip_prefix("TEST_DISABLED"));
        let result = if comment.starts_with("TEST_IGNORE_FILE") {
            file.ignore_file = true;
            Ok(())
        } else if let Some(rest) = disabled {
            // A disabled line that does not parse is still a disabled test, never an error.
            let mut t = parse_test_line(rest, false).unwrap_or_else(|_| TestDirective {
                kind: TestKind::Other("DISABLE_TEST".into()),
                command: String::new(),
                ..TestDirective::empty()
            });
            t.line = line;
            t.disabled = true;
            file.tests.push(t);
            Ok(())
        } else if let Some(rest) = comment.strip_prefix("TEST_INPUT:") {
            parse_test_input(rest).map(|inputs| {
                for mut input in inputs {
                    input.line = line;
                    file.inputs.push(input);
                }
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
        kind,
        categories,
        command,
        command_args,
        ..TestDirective::empty()
    };
    let mut tokens = options.iter();
    while let Some(token) = tokens.next() {
        let mut value_of = |option: &str| {
            tokens
                .next()
                .map(String::as_str)
                .ok_or(format!("`{option}` needs a value"))
        };
        match token.as_str() {
            "-output-using-type" => directive.output_using_type = true,
            "-compute-dispatch" => directive.dispatch = parse_dispatch(value_of(token)?)?,
            // `-xslang` / `-compile-arg` pass the next word to the compiler; `-D` there takes
            // its value from the word after it, also behind another `-xslang`.
            "-xslang" | "-compile-arg" => match value_of(token)? {
                "-D" => {
                    let mut value = value_of("-D")?;
                    if value == "-xslang" || value == "-compile-arg" {
                        value = value_of("-D")?;
                    }
                    directive.defines.push(parse_define(value)?);
                }
                "-entry" => directive.entry = Some(value_of("-entry")?.to_string()),
                "-I" => directive.include_dirs.push(value_of("-I")?.to_string()),
                word => directive.apply_compiler_word(word)?,
            },
            "-D" => {
                let value = value_of("-D")?;
                directive.defines.push(parse_define(value)?);
            }
            "-I" => directive.include_dirs.push(value_of(token)?.to_string()),
            "-entry" => directive.entry = Some(value_of(token)?.to_string()),
            // Options whose value is the next word; the value means nothing to dslang.
            "-profile" | "-stage" | "-target" | "-o" | "-render-feature" | "-render-features"
            | "-capability" | "-source-language" | "-compute-entry" => {
                value_of(token)?;
            }
            word => directive.apply_compiler_word(word)?,
        }
    }
    directive.options = options;
    Ok(directive)
}

impl TestDirective {
    /// A directive with every option at its default.
    fn empty() -> TestDirective {
        TestDirective {
            line: 0,
            kind: TestKind::Compute,
            categories: Vec::new(),
            command: String::new(),
            command_args: Vec::new(),
            options: Vec::new(),
            dispatch: [1, 1, 1],
            output_using_type: false,
            defines: Vec::new(),
            include_dirs: Vec::new(),
            entry: None,
            disabled: false,
            experimental_features: false,
            row_major_matrices: false,
            msvc_bitfield_packing: false,
        }
    }

    /// One compiler option word: `-DNAME[=VALUE]` is a define, `-IDIR` a search folder; others
    /// change nothing here.
    fn apply_compiler_word(&mut self, word: &str) -> Result<(), String> {
        if word == "-experimental-feature" {
            self.experimental_features = true;
        } else if word == "-msvc-style-bitfield-packing" {
            self.msvc_bitfield_packing = true;
        } else if word == "-matrix-layout-row-major" || word == "-matrix-layout-column-major" {
            self.row_major_matrices = word == "-matrix-layout-row-major";
        } else if let Some(define) = word.strip_prefix("-D").filter(|d| !d.is_empty()) {
            self.defines.push(parse_define(define)?);
        } else if let Some(dir) = word.strip_prefix("-I").filter(|d| !d.is_empty()) {
            self.include_dirs.push(dir.to_string());
        }
        Ok(())
    }
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

/// The text after `//TEST_INPUT:`: usually one input; a `set` of an aggregate holding textures,
/// samplers or buffers gives one input per resource besides the plain data (see
/// [`split_resource_aggregate`]).
fn parse_test_input(text: &str) -> Result<Vec<TestInput>, String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("type_conformance") {
        return parse_type_conformance(rest.trim()).map(|c| {
            vec![TestInput {
                line: 0,
                name: None,
                out: false,
                kind: InputKind::TypeConformance(c),
            }]
        });
    }
    // `set NAME = [out] KIND(...)`
    if let Some(rest) = text.strip_prefix("set ") {
        let (name, value) = rest
            .split_once('=')
            .ok_or("`set NAME = ...`: missing `=`".to_string())?;
        let name = name.trim();
        let value = value.trim();
        let (out, value) = match value.strip_prefix("out ") {
            Some(v) => (true, v.trim_start()),
            None => (false, value),
        };
        let input = |name: String, kind: InputKind| TestInput {
            line: 0,
            name: Some(name),
            out,
            kind,
        };
        // `set gParams.tex = Texture2D(...)` and `set gScene.textures[1] = Texture2D(...)` feed
        // a resource field or element of the parameter `gParams` (hosts bind it by its path);
        // plain data of a member or element (`set arr[1] = 2.0`) is not bound.
        let member_path = name
            .split(['.', '[', ']'])
            .filter(|part| !part.is_empty())
            .all(|part| is_identifier(part) || part.bytes().all(|b| b.is_ascii_digit()));
        if !is_identifier(name) && member_path && name.contains(['.', '[']) {
            let kind = parse_input_kind(value)?;
            let is_field_resource = matches!(
                kind,
                InputKind::Texture(_)
                    | InputKind::Sampler(_)
                    | InputKind::Buffer(BufferInput {
                        kind: BufferKind::Storage,
                        ..
                    })
            );
            if is_field_resource {
                return Ok(vec![input(name.to_string(), kind)]);
            }
            return Ok(vec![input(
                name.to_string(),
                InputKind::Unsupported {
                    text: format!("set {name} = ... (plain data of a member of a parameter)"),
                },
            )]);
        }
        if !is_identifier(name) {
            return Err(format!("`set {name} = ...`: `{name}` is not a name"));
        }
        if let Some(split) = split_resource_aggregate(value) {
            let (plain, resources) = split?;
            let mut inputs = Vec::new();
            if !plain.words().is_empty() {
                inputs.push(input(
                    name.to_string(),
                    InputKind::Buffer(BufferInput {
                        kind: BufferKind::Uniform,
                        data: plain.words(),
                        stride: 4,
                        count: None,
                        value: Some(plain),
                        object_type: None,
                    }),
                ));
            }
            for (positions, kind) in resources {
                let path: Vec<String> = positions.iter().map(u32::to_string).collect();
                inputs.push(input(format!("{name}.{}", path.join(".")), kind));
            }
            return Ok(inputs);
        }
        if let Some((type_name, value)) = parse_plain_object(value) {
            return Ok(vec![input(
                name.to_string(),
                InputKind::Buffer(BufferInput {
                    kind: BufferKind::Uniform,
                    data: value.words(),
                    stride: 4,
                    count: None,
                    value: Some(value),
                    object_type: Some(type_name.to_string()),
                }),
            )]);
        }
        let kind = parse_input_kind(value)?;
        return Ok(vec![input(name.to_string(), kind)]);
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
            .strip_prefix("name")
            .filter(|rest| rest.starts_with(['=', ' ', '\t']))
        {
            // `name=x`, `name x` and `name = x`.
            let name = name.trim_start();
            input.name = Some(name.strip_prefix('=').unwrap_or(name).trim().to_string());
        } else if attribute.contains("binding(") {
            // Older Slang tests place inputs with `dxbinding(0)`, `glbinding(0)`: declaration order
            // already decides the binding here.
        } else if let InputKind::Buffer(_) | InputKind::Texture(_) | InputKind::Sampler(_) =
            input.kind
        {
            return Err(format!("unknown TEST_INPUT attribute `{attribute}`"));
        }
    }
    Ok(vec![input])
}

/// The resources of an aggregate value, by the positions of the fields holding them (outermost
/// first), and the aggregate's plain data without them.
type SplitAggregate = (UniformValue, Vec<(Vec<u32>, InputKind)>);

/// `[new Type] { item, ... }` or `[ item, ... ]` whose items (at any depth) include textures,
/// samplers or storage buffers: a struct or array value holding resources, as render-test writes
/// parameter blocks (`set gMaterial = new Material { Texture2D(size=4, content=one), Sampler,
/// {1.0, 2, 3, 4} }`, `set gTex = [Texture2D(size=4, content=one), Texture2D(size=4)]`).
/// Each resource item becomes an input named by its field positions or element indices
/// (`gMaterial.0`, `gTex.1`), which a host resolves to the field's name; the numbers stay one uniform value in field order, as the
/// struct's plain fields are laid out once the resources are split out. `None` for values
/// without resources (`new` objects of other kinds stay unsupported).
fn split_resource_aggregate(text: &str) -> Option<Result<SplitAggregate, String>> {
    let mut resources = Vec::new();
    let plain = match split_aggregate_items(text, &mut Vec::new(), &mut resources) {
        Ok(plain) => plain?,
        Err(e) => return Some(Err(e)),
    };
    if resources.is_empty() {
        return None;
    }
    Some(Ok((plain, resources)))
}

/// One aggregate item: a brace list or `new Type { ... }` (recursively), a bracketed array
/// `[a, b]` (likewise), a resource (recorded at `positions`) or a number. `Ok(None)` when the
/// text is none of these (the value is not such an aggregate).
fn split_aggregate_items(
    text: &str,
    positions: &mut Vec<u32>,
    resources: &mut Vec<(Vec<u32>, InputKind)>,
) -> Result<Option<UniformValue>, String> {
    let mut text = text.trim();
    if let Some(rest) = text.strip_prefix("new ") {
        let rest = rest.trim_start();
        let Some(open) = rest.find('{') else {
            return Ok(None);
        };
        if !is_type_name(rest[..open].trim()) {
            return Ok(None);
        }
        text = &rest[open..];
    }
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('[').and_then(|t| t.strip_suffix(']')));
    let Some(inner) = inner else {
        return Ok(parse_uniform_value(text));
    };
    let Some(parts) = split_top_level(inner) else {
        return Ok(None);
    };
    let mut items = Vec::new();
    for (k, item) in parts.into_iter().enumerate() {
        positions.push(k as u32);
        let is_resource = parse_texture_input(item).is_some()
            || parse_sampler_input(item).is_some()
            || call_args(item, "ubuffer").is_some();
        if is_resource {
            let kind = parse_input_kind(item)?;
            resources.push((positions.clone(), kind));
        } else {
            match split_aggregate_items(item, positions, resources)? {
                Some(value) => items.push(value),
                None => return Ok(None),
            }
        }
        positions.pop();
    }
    Ok(Some(UniformValue::List(items)))
}

/// The items of a brace list's inside, split at top-level commas (an empty last item dropped);
/// `None` for unbalanced brackets.
fn split_top_level(inner: &str) -> Option<Vec<&str>> {
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        items.push(last);
    }
    Some(items)
}

/// A type name after `new` (`Material`, `ns::Material`, `Pair<float>`).
fn is_type_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '<' | '>' | ',' | ' '))
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
    let unsupported = || {
        Ok(InputKind::Unsupported {
            text: text.to_string(),
        })
    };
    if let Some(value) = parse_uniform_value(text) {
        return Ok(InputKind::Buffer(BufferInput {
            kind: BufferKind::Uniform,
            data: value.words(),
            stride: 4,
            count: None,
            value: Some(value),
            object_type: None,
        }));
    }
    let (kind, args) = if let Some(args) = call_args(text, "ubuffer") {
        (BufferKind::Storage, args)
    } else if let Some(args) = call_args(text, "cbuffer")
        .or_else(|| call_args(text, "uniform"))
        .or_else(|| call_args(text, "root_constants"))
    {
        (BufferKind::Uniform, args)
    } else if let Some(texture) = parse_texture_input(text) {
        return texture.map(InputKind::Texture);
    } else if let Some(sampler) = parse_sampler_input(text) {
        return sampler.map(InputKind::Sampler);
    } else {
        return unsupported();
    };
    // render-test's random data generator is not reproduced: its values decide the output.
    if args.contains("random(") {
        return unsupported();
    }
    let mut buffer = BufferInput {
        kind,
        data: Vec::new(),
        stride: 4,
        count: None,
        value: None,
        object_type: None,
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

/// A uniform value in `set NAME = VALUE`: a number (`1.5`, `3`) or a brace list of values
/// (`{1.0, 2, {3, 4}}`), nesting kept so that a host can lay each list out as the field, vector
/// or array it initialises. `None` for other values (and for unbalanced braces).
fn parse_uniform_value(text: &str) -> Option<UniformValue> {
    let text = text.trim();
    if let Some(number) = parse_number_literal(text) {
        return Some(number);
    }
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                items.push(parse_uniform_value(&inner[start..i])?);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    // `{}` and a trailing comma leave an empty last item.
    let last = inner[start..].trim();
    if !last.is_empty() {
        items.push(parse_uniform_value(last)?);
    }
    Some(UniformValue::List(items))
}

/// `new Type { numbers and lists }` (no resources: see [`split_resource_aggregate`]) -> the type
/// and the brace list's value.
fn parse_plain_object(text: &str) -> Option<(&str, UniformValue)> {
    let rest = text.trim().strip_prefix("new ")?.trim_start();
    let open = rest.find('{')?;
    let type_name = rest[..open].trim();
    if !is_type_name(type_name) {
        return None;
    }
    Some((type_name, parse_uniform_value(&rest[open..])?))
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

/// A number of a `set` value: an integer literal up to 64 bits (decimal, or hex bits) or a float
/// literal; `None` for other text.
fn parse_number_literal(word: &str) -> Option<UniformValue> {
    let (negative, digits) = match word.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    let hex = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"));
    let magnitude = match hex {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse::<u64>().ok()
        }
        None => {
            // A float literal, in the forms `parse_data_literal` accepts; parsed again as f64
            // for a double slot.
            parse_data_literal(word).ok()?;
            let value: f64 = word_float_text(digits).parse().ok()?;
            return Some(UniformValue::Float(if negative { -value } else { value }));
        }
    }?;
    let value = magnitude as i64;
    Some(UniformValue::Int(if negative {
        value.wrapping_neg()
    } else {
        value
    }))
}

/// A float literal without its `f` suffix.
fn word_float_text(word: &str) -> &str {
    word.strip_suffix(['f', 'F'])
        .filter(|t| !t.is_empty())
        .unwrap_or(word)
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
    let float_text = word_float_text(word);
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
    // slang-test reads the id up to the first non-digit, so a closing `;` is allowed.
    let text_without_semicolon = text.trim_end().trim_end_matches(';');
    let (pair, id) = text_without_semicolon.split_once('=').ok_or_else(bad)?;
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
