//! Turning a test file's `//TEST_INPUT` buffers plus a WGSL module into a [`ComputeJob`], and
//! printing the `out` buffers afterwards in the `.expected.txt` format.

use test_format::{
    BufferInput, BufferKind, ElemType, InputKind, TestFile, TestInput, format_words,
};

use crate::device::{Binding, BindingKind, ComputeJob, RunResult, bytes_to_words};
use crate::reflect::ResourceInfo;
use crate::texture::TextureShape;

/// An `out` buffer to print after the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputBuffer {
    /// The test input's name (or the WGSL global's when the input has none).
    pub name: String,
    /// The job binding holding the result; `None` when no WGSL global took the input, in which
    /// case the buffer prints its initial contents (the shader cannot have changed it).
    pub binding_name: Option<String>,
    pub initial: Vec<u8>,
    pub word_kinds: Vec<ElemType>,
}

/// The job for a test plus what to print, and notes about inputs or globals left unmatched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestPlan {
    pub job: ComputeJob,
    pub outputs: Vec<OutputBuffer>,
    pub notes: Vec<String>,
}

/// The largest buffer a test input may ask for (`count * stride`); the device's own limits are
/// checked again when the job runs. Guards against allocating host memory for a typo.
pub const MAX_INPUT_BUFFER_BYTES: u64 = 1 << 30;

/// Why a test cannot be planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanError {
    /// An input kind this harness cannot create (textures, objects...): skip with this reason.
    Unsupported { line: u32, text: String },
    /// An input larger than [`MAX_INPUT_BUFFER_BYTES`].
    TooLarge { line: u32, bytes: u64 },
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Unsupported { line, text } => {
                write!(f, "line {line}: unsupported TEST_INPUT `{text}`")
            }
            PlanError::TooLarge { line, bytes } => write!(
                f,
                "line {line}: the buffer would have {bytes} bytes, more than {MAX_INPUT_BUFFER_BYTES}"
            ),
        }
    }
}

/// Does a WGSL global name stand for a test input name? slangc appends `_0` and similar
/// suffixes to globals, so `outputBuffer_0` is `outputBuffer`. naga's WGSL writer (dslang)
/// appends `_` to a name that is a WGSL keyword or predeclared identifier or ends in a digit,
/// so `target_` is `target` and `buf1_` is `buf1`.
pub fn names_match(wgsl_name: &str, input_name: &str) -> bool {
    if wgsl_name == input_name {
        return true;
    }
    let Some(rest) = wgsl_name
        .strip_prefix(input_name)
        .and_then(|rest| rest.strip_prefix('_'))
    else {
        return false;
    };
    if rest.is_empty() {
        return naga_escapes(input_name);
    }
    rest.bytes().all(|b| b.is_ascii_digit())
}

/// Whether naga's namer writes `name` as `name_` in WGSL.
fn naga_escapes(name: &str) -> bool {
    use naga::keywords::wgsl::{BUILTIN_IDENTIFIERS, RESERVED};
    name.ends_with(|c: char| c.is_ascii_digit())
        || RESERVED.contains(&name)
        || BUILTIN_IDENTIFIERS.contains(&name)
}

/// Binds the file's buffer inputs to the module's globals: a named input to the global of that
/// name (see [`names_match`]), an unnamed one to the next unbound global in declaration order.
/// A named input without a global stays unbound (an `out` one prints its initial data); globals
/// no input feeds get a zero-filled buffer of one element.
pub fn plan_test(
    file: &TestFile,
    resources: &[ResourceInfo],
    wgsl: &str,
    entry: &str,
    dispatch: [u32; 3],
) -> Result<TestPlan, PlanError> {
    let mut taken = vec![false; resources.len()];
    let mut slots: Vec<Option<usize>> = Vec::new();
    let mut notes = Vec::new();
    let mut buffers: Vec<(&TestInput, Source)> = Vec::new();
    for input in &file.inputs {
        match &input.kind {
            InputKind::Buffer(buffer) => buffers.push((input, Source::Buffer(buffer))),
            InputKind::Unsupported { text } => match parse_texture_input(text) {
                Some(texture) => buffers.push((input, Source::Texture(texture))),
                None => {
                    return Err(PlanError::Unsupported {
                        line: input.line,
                        text: text.clone(),
                    });
                }
            },
            InputKind::TypeConformance(_) => {}
        }
    }
    if let Some((input, bytes)) = buffers
        .iter()
        .map(|(input, source)| (input, source.byte_size()))
        .find(|(_, bytes)| *bytes > MAX_INPUT_BUFFER_BYTES)
    {
        return Err(PlanError::TooLarge {
            line: input.line,
            bytes,
        });
    }
    // Named inputs first, so that an unnamed input cannot steal a named one's global.
    for (input, _) in &buffers {
        let slot = input.name.as_deref().and_then(|name| {
            (0..resources.len()).find(|&r| !taken[r] && names_match(&resources[r].name, name))
        });
        if let Some(r) = slot {
            taken[r] = true;
        }
        slots.push(slot);
    }
    for (slot, (input, _)) in slots.iter_mut().zip(&buffers) {
        if slot.is_some() {
            continue;
        }
        if let Some(name) = &input.name {
            // Binding a named input to some other global would feed it the wrong data; the
            // compiler most likely removed the global because the entry point never uses it.
            notes.push(format!(
                "line {}: no WGSL global named `{name}`; the input is not bound",
                input.line
            ));
            continue;
        }
        *slot = (0..resources.len()).find(|&r| !taken[r]);
        match *slot {
            Some(r) => taken[r] = true,
            None => notes.push(format!(
                "line {}: no WGSL global left for this input; it is not bound",
                input.line
            )),
        }
    }
    let mut job = ComputeJob::new(wgsl, entry);
    job.dispatch = dispatch;
    let mut outputs = Vec::new();
    for ((input, source), slot) in buffers.iter().zip(&slots) {
        let resource = slot.map(|r| &resources[r]);
        let mut kind = resource.map(|r| r.kind);
        let initial = match source {
            Source::Buffer(buffer) => buffer.initial_bytes(),
            Source::Texture(texture) => match &mut kind {
                Some(BindingKind::Texture(shape)) => {
                    shape.width = texture.width;
                    shape.height = texture.height;
                    texture.initial_bytes(shape)
                }
                // A texture input without a texture global prints as words of its texels.
                _ => vec![0; (texture.width * texture.height * 4) as usize],
            },
        };
        if let (Some(resource), Some(kind)) = (resource, kind) {
            let input_kind = match source {
                Source::Buffer(b) if b.kind == BufferKind::Storage => "storage",
                Source::Buffer(_) => "uniform",
                Source::Texture(_) => "texture",
            };
            let global_kind = match resource.kind {
                BindingKind::Storage { .. } => "storage",
                BindingKind::Uniform => "uniform",
                BindingKind::Texture(_) => "texture",
            };
            if input_kind != global_kind {
                notes.push(format!(
                    "line {}: a {input_kind} input bound to the {global_kind} global `{}`",
                    input.line, resource.name
                ));
            }
            if input_kind == "texture" && global_kind != "texture"
                || global_kind == "texture" && input_kind != "texture"
            {
                return Err(PlanError::Unsupported {
                    line: input.line,
                    text: format!(
                        "a {input_kind} input for the {global_kind} global `{}`",
                        resource.name
                    ),
                });
            }
            job.bindings.push(Binding {
                group: resource.group,
                binding: resource.binding,
                name: resource.name.clone(),
                kind,
                initial: initial.clone(),
                readback: input.out,
            });
        }
        if input.out {
            outputs.push(OutputBuffer {
                name: input
                    .name
                    .clone()
                    .or_else(|| resource.map(|r| r.name.clone()))
                    .unwrap_or_else(|| format!("line{}", input.line)),
                binding_name: resource.map(|r| r.name.clone()),
                initial,
                word_kinds: resource
                    .map(|r| r.word_kinds.clone())
                    .unwrap_or_else(|| vec![ElemType::UInt32]),
            });
        }
    }
    for (resource, _) in resources.iter().zip(&taken).filter(|(_, t)| !**t) {
        notes.push(format!(
            "WGSL global `{}` has no TEST_INPUT; bound to a zero buffer",
            resource.name
        ));
        // A texture without an input is a zero 1x1 texture (its shape as reflected).
        job.bindings.push(Binding {
            group: resource.group,
            binding: resource.binding,
            name: resource.name.clone(),
            kind: resource.kind,
            initial: vec![0; resource.element_size.max(4) as usize],
            readback: false,
        });
    }
    Ok(TestPlan {
        job,
        outputs,
        notes,
    })
}

/// Where a bound input's contents come from.
enum Source<'a> {
    Buffer(&'a BufferInput),
    Texture(TextureInput),
}

impl Source<'_> {
    fn byte_size(&self) -> u64 {
        match self {
            Source::Buffer(b) => b.byte_size(),
            // At most 16 bytes per texel (rgba32).
            Source::Texture(t) => u64::from(t.width) * u64::from(t.height) * 16,
        }
    }
}

/// `Texture2D(size=4, content=one)` / `RWTexture2D(format=R_Float32, size=8, content=zero)`:
/// a 2D texture input. The texel format is the shader's (its declaration decides), so `format`
/// is not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureInput {
    pub width: u32,
    pub height: u32,
    /// Every component 1 (`content=one`) rather than 0 (`content=zero`, the default).
    pub ones: bool,
}

impl TextureInput {
    /// Packed rows of the texture in `shape`'s format.
    fn initial_bytes(&self, shape: &TextureShape) -> Vec<u8> {
        let texel = shape.texel_bytes() as usize;
        let one: u32 = match shape.format.sample_type(None, None) {
            Some(wgpu::TextureSampleType::Uint | wgpu::TextureSampleType::Sint) => 1,
            _ => 1.0f32.to_bits(),
        };
        let word = if self.ones { one } else { 0 };
        let count = self.width as usize * self.height as usize * texel / 4;
        std::iter::repeat_n(word.to_le_bytes(), count)
            .flatten()
            .collect()
    }
}

/// Parses a texture `TEST_INPUT` kind; `None` for anything else or forms not handled (mip maps,
/// arrays, other contents than zero and one).
pub fn parse_texture_input(text: &str) -> Option<TextureInput> {
    let text = text.trim();
    let args = text
        .strip_prefix("RWTexture2D")
        .or_else(|| text.strip_prefix("Texture2D"))?
        .trim()
        .strip_prefix('(')?
        .strip_suffix(')')?;
    let (mut width, mut height, mut ones) = (None, None, false);
    for arg in args.split(',').filter(|a| !a.trim().is_empty()) {
        let (key, value) = arg.split_once('=')?;
        let value = value.trim();
        match key.trim() {
            "size" => {
                let n = value.parse().ok()?;
                width = Some(n);
                height = Some(n);
            }
            "width" => width = Some(value.parse().ok()?),
            "height" => height = Some(value.parse().ok()?),
            "content" => match value {
                "zero" => ones = false,
                "one" => ones = true,
                _ => return None,
            },
            "mipMaps" if value == "1" => {}
            "format" => {}
            _ => return None,
        }
    }
    let (width, height) = (width?, height?);
    (width > 0 && height > 0).then_some(TextureInput {
        width,
        height,
        ones,
    })
}

/// The bytes an output buffer ended with.
pub fn output_bytes<'a>(output: &'a OutputBuffer, result: &'a RunResult) -> &'a [u8] {
    output
        .binding_name
        .as_deref()
        .and_then(|name| result.buffer(name))
        .unwrap_or(&output.initial)
}

/// Prints every `out` buffer, one after the other, in the `.expected.txt` format.
pub fn format_outputs(outputs: &[OutputBuffer], result: &RunResult, using_type: bool) -> String {
    outputs
        .iter()
        .map(|output| {
            let words = bytes_to_words(output_bytes(output, result));
            format_words(&words, &output.word_kinds, using_type)
        })
        .collect()
}
