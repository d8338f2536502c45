//! Turning a test file's `//TEST_INPUT` buffers plus a WGSL module into a [`ComputeJob`], and
//! printing the `out` buffers afterwards in the `.expected.txt` format.

use test_format::{BufferKind, ElemType, InputKind, TestFile, format_words};

use crate::device::{Binding, BindingKind, ComputeJob, RunResult, bytes_to_words};
use crate::reflect::ResourceInfo;

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
/// suffixes to globals, so `outputBuffer_0` is `outputBuffer`.
pub fn names_match(wgsl_name: &str, input_name: &str) -> bool {
    if wgsl_name == input_name {
        return true;
    }
    wgsl_name
        .strip_prefix(input_name)
        .and_then(|rest| rest.strip_prefix('_'))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
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
    for input in &file.inputs {
        if let InputKind::Unsupported { text } = &input.kind {
            return Err(PlanError::Unsupported {
                line: input.line,
                text: text.clone(),
            });
        }
    }
    let buffers: Vec<_> = file.buffers().collect();
    if let Some((input, buffer)) = buffers
        .iter()
        .find(|(_, b)| b.byte_size() > MAX_INPUT_BUFFER_BYTES)
    {
        return Err(PlanError::TooLarge {
            line: input.line,
            bytes: buffer.byte_size(),
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
    for ((input, buffer), slot) in buffers.iter().zip(&slots) {
        let initial = buffer.initial_bytes();
        let resource = slot.map(|r| &resources[r]);
        if let Some(resource) = resource {
            let input_kind = match buffer.kind {
                BufferKind::Storage => "storage",
                BufferKind::Uniform => "uniform",
            };
            let global_kind = match resource.kind {
                BindingKind::Storage { .. } => "storage",
                BindingKind::Uniform => "uniform",
            };
            if input_kind != global_kind {
                notes.push(format!(
                    "line {}: a {input_kind} input bound to the {global_kind} global `{}`",
                    input.line, resource.name
                ));
            }
            job.bindings.push(Binding {
                group: resource.group,
                binding: resource.binding,
                name: resource.name.clone(),
                kind: resource.kind,
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
