//! The preview's engine: compile a file, create its resources from `//TEST_INPUT` lines and the
//! Slang Playground's attributes, run its kernels for a number of frames on the GPU and describe
//! the result in the JSON of `docs/preview-protocol.md` (the language server, `dslang run --out`
//! and the VS Code webview share it). Also the gradient check: `fwd_diff`/`bwd_diff` against
//! central finite differences, evaluated on the GPU.

mod attrs;
mod buffer_json;
mod gradcheck;
mod image_file;
pub mod png;
mod session;
mod values;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

pub use gradcheck::{GradientCheckEntry, GradientCheckResult, gradient_check, gradient_check_on};
pub use session::{
    MAX_PREVIEW_BUFFER_BYTES, MAX_PREVIEW_FRAMES, PREVIEW_DISPATCH_TIMEOUT, PREVIEW_TIME_LIMIT,
    SCREEN_SIZE,
};

use crate::Options;

/// The result of a preview run (`PreviewResult` of the protocol).
#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct PreviewResult {
    /// False when compilation or the run failed.
    pub ok: bool,
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
    /// Frames run.
    pub frames: u32,
    /// The number of the first frame run: 0, or where a continued run went on.
    #[serde(skip_serializing_if = "is_zero")]
    pub first_frame: u32,
    /// Frames run again, before `first_frame`, to restore a continued run whose state was lost.
    #[serde(skip_serializing_if = "is_zero")]
    pub replayed_frames: u32,
    /// Total wall time of all dispatches.
    pub time_ms: f64,
    /// One per entry point run, in call order within a frame.
    pub kernels: Vec<KernelRun>,
    pub buffers: Vec<BufferView>,
    /// `printf` lines, in order.
    pub printed: Vec<String>,
    pub diagnostics: Vec<PreviewDiagnostic>,
    /// A run failure that is not a diagnostic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `SLIDER` and `COLOR_PICK` uniforms, in source order, with the values this run used.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub controls: Vec<Control>,
    /// The program can change from frame to frame (a Playground kernel runs every frame, or it
    /// reads TIME, FRAME_ID, MOUSE_POSITION or KEY): worth playing continuously.
    #[serde(skip_serializing_if = "is_false")]
    pub animated: bool,
    /// The program reads `MOUSE_POSITION`.
    #[serde(skip_serializing_if = "is_false")]
    pub mouse: bool,
    /// The keys the program's `KEY` uniforms watch.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A control of the preview: a `SLIDER` (one value, with `min` and `max`) or a `COLOR_PICK`
/// (three values in [0, 1]).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Control {
    /// The uniform's name.
    pub name: String,
    /// `slider` or `color`.
    pub kind: &'static str,
    /// The value this run used.
    pub value: Vec<f64>,
    /// The attribute's default.
    pub default: Vec<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

/// What the preview's user sets: control values, the mouse and the keys held (`inputs` of
/// `dslang/runPreview`; `dslang run --slider/--color/--mouse/--key`). Values outside a control's
/// range are clamped; names the program does not have are ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PreviewInputs {
    /// `SLIDER` uniforms by name.
    pub sliders: BTreeMap<String, f64>,
    /// `COLOR_PICK` uniforms by name: red, green, blue in [0, 1].
    pub colors: BTreeMap<String, [f64; 3]>,
    /// `MOUSE_POSITION`: xy the position (pixels of the output image) while a button is down,
    /// abs(zw) where it was last pressed, z > 0 while a button is down, w > 0 on a click.
    pub mouse: [f64; 4],
    /// Keys held (JavaScript `event.code` or `event.key` names, as `KEY` attributes give them).
    pub keys: Vec<String>,
    /// Continue the last run of the same program (same text and options) from the frame after
    /// its last, with its buffers, instead of starting again from frame 0.
    #[serde(rename = "continue")]
    pub resume: bool,
    /// With `continue`: the frame to go on from (the one after the frame shown). Where the last
    /// run is gone (the GPU process restarted, the server too) or stands at another frame, the
    /// program runs again from frame 0 up to it, with these inputs, before the frames asked for.
    pub from_frame: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KernelRun {
    pub entry_point: String,
    /// Workgroup counts.
    pub dispatch: [u32; 3],
    /// Dispatches over all frames.
    pub calls: u32,
    pub time_ms: f64,
}

/// One buffer after the last frame (serialised by `buffer_json.rs`: single-precision values as
/// their shortest decimals).
#[derive(Debug, Clone)]
pub struct BufferView {
    /// The global's name in the source.
    pub name: String,
    /// Element type as written.
    pub ty: String,
    /// f32 | f16 | f64 | i32 | u32 | i64 | u64 | bool
    pub scalar: &'static str,
    /// Scalars per element.
    pub components: u32,
    /// Elements in the buffer.
    pub count: u64,
    /// Flat scalars, row-major; non-finite floats are `null`.
    pub values: Vec<f64>,
    /// True when `values` holds fewer than `count * components` scalars.
    pub truncated: bool,
    pub image: Option<ImageInfo>,
    /// A 3D texture's slices: `values` holds `depth` images of `image.width` x `image.height`,
    /// one after the other (x fastest, then y, then z).
    pub depth: Option<u32>,
}

/// 2D data: how to draw a buffer as an image.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    pub channels: u32,
    /// Negative values present: draw as a diverging heatmap with a legend.
    pub signed: bool,
    pub min: f64,
    pub max: f64,
}

/// A diagnostic with 1-based positions (columns in UTF-16 units, as editors count).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PreviewDiagnostic {
    /// `error` or `warning`.
    pub severity: &'static str,
    pub code: String,
    pub message: String,
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

impl PreviewDiagnostic {
    pub(crate) fn new(file: &str, text: &str, d: &hir::Diagnostic) -> PreviewDiagnostic {
        let (line, column) = line_column(text, d.range.start as usize);
        let (end_line, end_column) = line_column(text, d.range.end as usize);
        PreviewDiagnostic {
            severity: match d.severity {
                hir::Severity::Error => "error",
                _ => "warning",
            },
            code: d.code.to_string(),
            message: d.message.clone(),
            file: file.to_string(),
            line,
            column,
            end_line,
            end_column,
        }
    }
}

/// 1-based line and UTF-16 column of a byte offset (clamped to the text).
fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column: usize = before[line_start..].chars().map(char::len_utf16).sum();
    (line as u32, column as u32 + 1)
}

/// Serialises the GPU work of previews and gradient checks: `gpu::Gpu::run_compute` from two
/// threads at once can lose buffer mappings (one thread's poll runs the other's callbacks), and
/// a GPU runs one job at a time anyway.
static GPU_WORK: Mutex<()> = Mutex::new(());

pub(crate) fn gpu_work() -> std::sync::MutexGuard<'static, ()> {
    GPU_WORK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The process's GPU for previews, opened on first use and opened again after a dispatch timed
/// out or the device was lost (a wedged device refuses further work).
static SHARED_GPU: Mutex<Option<Arc<gpu::Gpu>>> = Mutex::new(None);

/// The shared preview GPU: dispatches longer than [`PREVIEW_DISPATCH_TIMEOUT`] fail.
pub fn shared_gpu() -> Result<Arc<gpu::Gpu>, gpu::GpuError> {
    let mut slot = SHARED_GPU
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(gpu) = slot.as_ref() {
        return Ok(gpu.clone());
    }
    let gpu = Arc::new(gpu::Gpu::new(gpu::GpuOptions {
        timeout: PREVIEW_DISPATCH_TIMEOUT,
        ..gpu::GpuOptions::default()
    })?);
    *slot = Some(gpu.clone());
    Ok(gpu)
}

/// Whether the shared preview GPU is open: not after a dispatch timed out or the device was lost
/// (the GPU may still be running that program), nor before the first preview.
pub fn shared_gpu_is_usable() -> bool {
    SHARED_GPU
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .is_some()
}

/// Forgets the shared GPU after it became unusable, so that the next preview opens a fresh one.
fn drop_shared_gpu_if(error: &gpu::GpuError) {
    if matches!(
        error,
        gpu::GpuError::Timeout(_) | gpu::GpuError::DeviceLost(_)
    ) {
        let mut slot = SHARED_GPU
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *slot = None;
    }
}

/// Compiles `text` (the contents of `path`; imports are read from disk beside it) and runs its
/// kernels for `frames` frames on the shared GPU. Never panics on user input: compile errors come
/// back as diagnostics, run failures in `error`.
pub fn run_preview(path: &Path, text: &str, options: &Options, frames: u32) -> PreviewResult {
    run_preview_with(path, text, options, frames, &PreviewInputs::default())
}

/// [`run_preview`] with the user's inputs (controls, mouse, keys; continuing the last run).
pub fn run_preview_with(
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
    inputs: &PreviewInputs,
) -> PreviewResult {
    match shared_gpu() {
        Ok(gpu) => run_preview_with_on(&gpu, path, text, options, frames, inputs),
        Err(error) => {
            // Still report compile errors: they need no GPU.
            let mut result = session::compile_only(path, text, options);
            result.ok = false;
            result.error = Some(error.to_string());
            result
        }
    }
}

/// [`run_preview`] on a given GPU.
pub fn run_preview_on(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
) -> PreviewResult {
    run_preview_with_on(gpu, path, text, options, frames, &PreviewInputs::default())
}

/// [`run_preview_with`] on a given GPU.
pub fn run_preview_with_on(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
    inputs: &PreviewInputs,
) -> PreviewResult {
    let (result, gpu_error) = {
        let _serial = gpu_work();
        session::run(gpu, path, text, options, frames, inputs)
    };
    if let Some(error) = gpu_error {
        drop_shared_gpu_if(&error);
    }
    result
}

/// [`run_preview_with`] as a JSON value; `inputs` is the request's `inputs` object (absent or
/// malformed fields take their defaults).
pub fn run_preview_with_json(
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
    inputs: &serde_json::Value,
) -> serde_json::Value {
    let inputs = parse_inputs(inputs);
    to_json(&run_preview_with(path, text, options, frames, &inputs))
}

/// The `inputs` of a request, field by field: a malformed field takes its default rather than
/// failing the whole request.
pub fn parse_inputs(value: &serde_json::Value) -> PreviewInputs {
    if let Ok(inputs) = serde_json::from_value::<PreviewInputs>(value.clone()) {
        return inputs;
    }
    let field = |name: &str| value.get(name).cloned().unwrap_or_default();
    PreviewInputs {
        sliders: serde_json::from_value(field("sliders")).unwrap_or_default(),
        colors: serde_json::from_value(field("colors")).unwrap_or_default(),
        mouse: serde_json::from_value(field("mouse")).unwrap_or_default(),
        keys: serde_json::from_value(field("keys")).unwrap_or_default(),
        resume: field("continue").as_bool().unwrap_or(false),
        from_frame: field("fromFrame")
            .as_u64()
            .and_then(|f| u32::try_from(f).ok()),
    }
}

/// [`run_preview`] as a JSON value.
pub fn run_preview_json(
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
) -> serde_json::Value {
    to_json(&run_preview(path, text, options, frames))
}

/// A serialisable value as JSON (serialisation of these types cannot fail; if it did, the
/// failure is reported as an `error` field rather than a panic).
pub fn to_json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_else(
        |e| serde_json::json!({ "ok": false, "error": format!("serialisation failed: {e}") }),
    )
}

/// Seconds a frame advances `TIME` (which counts milliseconds, as the Playground's does).
pub const FRAME_SECONDS: f64 = 1.0 / 60.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_from_one_in_utf16_units() {
        let text = "ab\ncé𝄞x\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // `x` follows c (1), é (1), 𝄞 (2 UTF-16 units).
        let x = text.find('x').unwrap_or_default();
        assert_eq!(line_column(text, x), (2, 5));
        assert_eq!(line_column(text, 10_000), (3, 1));
    }
}
