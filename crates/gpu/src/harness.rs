//! Turning a test file's `//TEST_INPUT` buffers plus a WGSL module into a [`ComputeJob`], and
//! printing the `out` buffers afterwards in the `.expected.txt` format.

use test_format::textures::color_channel;
use test_format::{
    BufferInput, BufferKind, ElemType, Filtering, InputKind, SamplerInput, TestFile, TestInput,
    TextureInput, TextureInputDim, TextureInputFormat, format_words,
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
    /// An input kind this harness cannot create (objects...): skip with this reason.
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
/// so `target_` is `target` and `buf1_` is `buf1`. slangc's `NAME_elements_0` (the elements of
/// an append buffer) is `NAME`.
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
    // slangc splits an `AppendStructuredBuffer` into `NAME_elements_0` and `NAME_counter_0`:
    // the input named NAME feeds the elements.
    let rest = rest.strip_prefix("elements_").unwrap_or(rest);
    !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
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
            InputKind::Texture(texture) => buffers.push((input, Source::Texture(*texture))),
            InputKind::Sampler(sampler) => buffers.push((input, Source::Sampler(*sampler))),
            InputKind::Unsupported { text } => {
                return Err(PlanError::Unsupported {
                    line: input.line,
                    text: text.clone(),
                });
            }
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
    // Unnamed inputs follow the binding numbers, which are the declaration order of the
    // shader's parameters (slangc's WGSL may declare globals in another order).
    let mut binding_order: Vec<usize> = (0..resources.len()).collect();
    binding_order.sort_by_key(|&r| (resources[r].group, resources[r].binding));
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
        *slot = binding_order.iter().copied().find(|&r| !taken[r]);
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
            // Zero-filled up to one element of the global: a `set v = {1.0, 2.0, 3.0}` value for
            // a `float3` uniform has 12 bytes where WGSL's binding needs 16.
            Source::Buffer(buffer) => {
                // A `set` value goes where the global's type puts each number (a float3 after
                // a float starts at byte 16 of a uniform); raw `data` words are the bytes.
                let placed = buffer
                    .value
                    .as_ref()
                    .zip(resource.and_then(|r| r.layout.as_ref()));
                let mut bytes = match placed {
                    Some((value, layout)) => {
                        let mut bytes = Vec::new();
                        layout.place(value, &mut bytes);
                        bytes
                    }
                    None => buffer.initial_bytes(),
                };
                if let Some(r) = resource.filter(|r| !matches!(r.kind, BindingKind::Texture(_))) {
                    bytes.resize(bytes.len().max(r.element_size as usize), 0);
                }
                bytes
            }
            Source::Texture(texture) => match &mut kind {
                Some(BindingKind::Texture(shape)) => {
                    *shape = texture_shape(texture, *shape);
                    texture_bytes(texture, shape)
                }
                // A texture input without a texture global prints as words of its texels.
                _ => vec![0; (texture.width * texture.height * texture.depth * 4) as usize],
            },
            Source::Sampler(sampler) => {
                if let Some(BindingKind::Sampler(shape)) = &mut kind {
                    shape.linear = sampler.filtering == Filtering::Linear;
                }
                Vec::new()
            }
        };
        if let (Some(resource), Some(kind)) = (resource, kind) {
            let input_kind = match source {
                Source::Buffer(b) if b.kind == BufferKind::Storage => "storage",
                Source::Buffer(_) => "uniform",
                Source::Texture(_) => "texture",
                Source::Sampler(_) => "sampler",
            };
            let global_kind = match resource.kind {
                BindingKind::Storage { .. } => "storage",
                BindingKind::Uniform => "uniform",
                BindingKind::Texture(_) => "texture",
                BindingKind::Sampler(_) => "sampler",
            };
            if input_kind != global_kind {
                notes.push(format!(
                    "line {}: a {input_kind} input bound to the {global_kind} global `{}`",
                    input.line, resource.name
                ));
            }
            // Buffers of either kind bind to buffers; textures and samplers only to their own.
            let opaque = |kind: &str| matches!(kind, "texture" | "sampler");
            if input_kind != global_kind && (opaque(input_kind) || opaque(global_kind)) {
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
    Sampler(SamplerInput),
}

impl Source<'_> {
    fn byte_size(&self) -> u64 {
        match self {
            Source::Buffer(b) => b.byte_size(),
            // At most 16 bytes per texel (rgba32), mip levels add at most a third.
            Source::Texture(t) => {
                [t.height, t.depth, t.layers(), 16]
                    .into_iter()
                    .fold(u64::from(t.width), |n, f| n.saturating_mul(u64::from(f)))
                    .saturating_mul(4)
                    / 3
            }
            Source::Sampler(_) => 0,
        }
    }
}

/// The GPU shape of texture input `input` bound to a global reflected as `reflected`: the
/// shader decides the view and (for storage textures) the format; the input decides the size,
/// levels, layers and a sampled texture's format (RGBA8 unorm when it names none, as in
/// render-test, unless the shader reads integers).
fn texture_shape(input: &TextureInput, reflected: TextureShape) -> TextureShape {
    use wgpu::TextureViewDimension as V;
    let format = match reflected.access {
        crate::TextureAccess::Sampled => {
            let wanted = match input.format {
                Some(f) => wgpu_format(f),
                None => wgpu::TextureFormat::Rgba8Unorm,
            };
            let kind = |f: wgpu::TextureFormat| match f.sample_type(None, None) {
                Some(wgpu::TextureSampleType::Uint) => 1,
                Some(wgpu::TextureSampleType::Sint) => 2,
                _ => 0,
            };
            if kind(wanted) == kind(reflected.format) {
                wanted
            } else {
                reflected.format
            }
        }
        _ => reflected.format,
    };
    let cube = matches!(reflected.view, V::Cube | V::CubeArray);
    let layers = input.array_length.unwrap_or(1).max(1) * if cube { 6 } else { 1 };
    let (height, depth_or_layers) = match reflected.view {
        V::D1 => (1, 1),
        V::D3 => (input.height, input.depth),
        _ if cube => (input.width, layers),
        _ => (input.height, layers),
    };
    let mip_levels = if reflected.view == V::D1 || reflected.access != crate::TextureAccess::Sampled
    {
        1
    } else {
        input.mip_levels()
    };
    TextureShape {
        format,
        width: input.width,
        height,
        depth_or_layers,
        mip_levels,
        ..reflected
    }
}

fn wgpu_format(f: TextureInputFormat) -> wgpu::TextureFormat {
    use TextureInputFormat as F;
    use wgpu::TextureFormat as W;
    match f {
        F::Rgba8Unorm => W::Rgba8Unorm,
        F::R32Float => W::R32Float,
        F::Rg32Float => W::Rg32Float,
        F::Rgba32Float => W::Rgba32Float,
        F::R32Uint => W::R32Uint,
        F::Rg32Uint => W::Rg32Uint,
        F::Rgba32Uint => W::Rgba32Uint,
        F::R32Sint => W::R32Sint,
        F::Rg32Sint => W::Rg32Sint,
        F::Rgba32Sint => W::Rgba32Sint,
        F::R16Float => W::R16Float,
        F::Rg16Float => W::Rg16Float,
        F::Rgba16Float => W::Rgba16Float,
    }
}

/// The generated contents of `input` in `shape`'s format, packed as [`TextureShape`] says:
/// float channels are the RGBA8 colour's bytes / 255, integer channels 1 where the byte is 255.
fn texture_bytes(input: &TextureInput, shape: &TextureShape) -> Vec<u8> {
    // The generator sees the shape's sides (a cube's faces are 2D).
    let generator = TextureInput {
        dim: match shape.view {
            wgpu::TextureViewDimension::D1 => TextureInputDim::D1,
            wgpu::TextureViewDimension::D3 => TextureInputDim::D3,
            _ => TextureInputDim::D2,
        },
        width: shape.width,
        height: shape.height,
        depth: shape.level_size(0).2,
        ..*input
    };
    let half = matches!(
        shape.format,
        wgpu::TextureFormat::R16Float
            | wgpu::TextureFormat::Rg16Float
            | wgpu::TextureFormat::Rgba16Float
    );
    let channels = shape.texel_bytes() / if half { 2 } else { 4 };
    let integer = matches!(
        shape.format.sample_type(None, None),
        Some(wgpu::TextureSampleType::Uint | wgpu::TextureSampleType::Sint)
    );
    let mut bytes = Vec::with_capacity(shape.byte_size() as usize);
    for _layer in 0..shape.layers() {
        for level in 0..shape.mip_levels.max(1) {
            for color in generator.level_colors(level) {
                if shape.format == wgpu::TextureFormat::Rgba8Unorm {
                    bytes.extend(color.to_le_bytes());
                    continue;
                }
                for c in 0..channels {
                    if half {
                        bytes.extend(f16_bits(color_channel(color, c)).to_le_bytes());
                        continue;
                    }
                    let word = if integer {
                        u32::from((color >> (8 * c)) & 0xFF == 0xFF)
                    } else {
                        color_channel(color, c).to_bits()
                    };
                    bytes.extend(word.to_le_bytes());
                }
            }
        }
    }
    bytes
}

/// The binary16 bits of `x` in [0, 1] (round to nearest, ties to even): a texel channel of a
/// 16-bit float texture.
fn f16_bits(x: f32) -> u16 {
    if x <= 0.0 {
        return 0;
    }
    // Below 2^-14 the half is subnormal: units of 2^-24.
    if x < f32::powi(2.0, -14) {
        return (x * f32::powi(2.0, 24)).round_ties_even() as u16;
    }
    let bits = x.to_bits();
    let exponent = ((bits >> 23) & 0xFF) as i32 - 127 + 15;
    let mantissa = bits & 0x7F_FFFF;
    // 13 mantissa bits dropped, rounded to nearest even; a carry moves into the exponent.
    let kept = mantissa >> 13;
    let rest = mantissa & 0x1FFF;
    let round_up = rest > 0x1000 || (rest == 0x1000 && kept & 1 == 1);
    ((exponent as u32) << 10 | kept).saturating_add(u32::from(round_up)) as u16
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

#[cfg(test)]
mod f16_tests {
    use super::f16_bits;

    #[test]
    fn texel_channels_round_to_the_nearest_half() {
        assert_eq!(f16_bits(0.0), 0);
        assert_eq!(f16_bits(1.0), 0x3C00);
        assert_eq!(f16_bits(0.5), 0x3800);
        // 128 / 255 = 0.50196..., between 0x3804 (0.501953) and 0x3805 (0.502441).
        assert_eq!(f16_bits(128.0 / 255.0), 0x3804);
        // 1 / 255 = 0.0039215..., 0x1C04 is 0.0039215088.
        assert_eq!(f16_bits(1.0 / 255.0), 0x1C04);
        assert_eq!(f16_bits(f32::powi(2.0, -24)), 1);
    }
}
