//! One preview run: compile every kernel, plan the resources once, then run the kernels frame
//! after frame with the buffers carried from dispatch to dispatch.

use std::path::Path;
use std::time::{Duration, Instant};

use gpu::{Binding, BindingKind, ComputeJob, GpuError, PrintFormat};
use test_format::{ElemType, TestFile};

use super::attrs::{self, CallSize, GlobalInit};
use super::values::buffer_view;
use super::{FRAME_SECONDS, KernelRun, PreviewDiagnostic, PreviewResult};
use crate::{Compiled, DeviceFeatures, Loaded, Options, TypeConformance, load};

/// The screen that `BLACK_SCREEN(sx, sy)` scales (the preview has no window to measure).
pub const SCREEN_SIZE: [u32; 2] = [256, 256];
/// The largest buffer a preview creates.
pub const MAX_PREVIEW_BUFFER_BYTES: u64 = 64 << 20;
/// The most frames one preview runs.
pub const MAX_PREVIEW_FRAMES: u32 = 100_000;
/// How long one dispatch of the shared preview GPU may run (a runaway loop gives an error).
pub const PREVIEW_DISPATCH_TIMEOUT: Duration = Duration::from_secs(5);
/// How long all frames of one preview may take; later frames are not run.
pub const PREVIEW_TIME_LIMIT: Duration = Duration::from_secs(30);
/// Words of `printf` records kept per dispatch.
const PRINT_BUFFER_WORDS: usize = 1 << 16;
/// `printf` lines kept per preview.
const MAX_PRINTED_LINES: usize = 10_000;

/// What a uniform global holds each frame.
#[derive(Debug, Clone, Copy, PartialEq)]
enum UniformRole {
    Time,
    FrameId,
    Value(f64),
}

/// A buffer global, its layout and its current contents.
#[derive(Debug, Clone)]
pub(crate) struct Resource {
    /// The name in the source.
    pub name: String,
    pub wgsl_name: String,
    pub kind: BindingKind,
    /// The element type as written.
    pub element_type: String,
    pub element_size: u32,
    pub word_kinds: Vec<ElemType>,
    pub bytes: Vec<u8>,
    role: Option<UniformRole>,
    /// Width and height of 2D data.
    pub image: Option<(u32, u32)>,
}

impl Resource {
    pub fn element_count(&self) -> u64 {
        self.bytes.len() as u64 / u64::from(self.element_size.max(1))
    }
}

struct Kernel {
    name: String,
    wgsl: String,
    wgsl_entry: String,
    workgroup: [u32; 3],
    /// (group, binding, resource index) of each buffer the module declares, with this
    /// module's access to a storage texture (write-only where it never reads it).
    bindings: Vec<(u32, u32, usize, Option<gpu::TextureAccess>)>,
    /// The `printf` buffer's place and name, and the formats of its records.
    print: Option<(u32, u32, String)>,
    print_formats: Vec<PrintFormat>,
    size: CallSize,
    once: bool,
    /// The `CALL` attribute (empty without one).
    call_range: hir::TextRange,
    dispatch: [u32; 3],
}

/// What stopped a run before it started: diagnostics or an error message.
enum Stop<D = PreviewDiagnostic> {
    Diagnostics(Vec<D>),
    Error(String),
}

fn options_for(test: &TestFile, options: &Options) -> Options {
    let mut options = options.clone();
    if let Some(directive) = test.compute_tests().next() {
        options.defines.extend(directive.defines.iter().cloned());
        options.experimental_features |= directive.experimental_features;
    }
    options
        .type_conformances
        .extend(test.type_conformances().map(|c| TypeConformance {
            type_name: c.type_name.clone(),
            interface: c.interface.clone(),
            id: c.id,
        }));
    options
}

fn result_for(path: &Path) -> PreviewResult {
    PreviewResult {
        file: path.to_string_lossy().into_owned(),
        ..PreviewResult::default()
    }
}

/// Diagnostics of `text` only (used when no GPU can be opened).
pub(crate) fn compile_only(path: &Path, text: &str, options: &Options) -> PreviewResult {
    let mut result = result_for(path);
    let test = test_format::parse_test_file(text);
    let options = options_for(&test, options);
    let loaded = load(path, text.as_bytes(), &options);
    result.diagnostics = checked_diagnostics(&loaded, &result.file);
    result
}

fn checked_diagnostics(loaded: &Loaded, file: &str) -> Vec<PreviewDiagnostic> {
    loaded
        .diagnostics()
        .iter()
        .map(|d| PreviewDiagnostic::new(file, &loaded.text, d))
        .collect()
}

fn has_errors(diagnostics: &[PreviewDiagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == "error")
}

/// Runs the preview; the GPU error, if the run ended with one, comes back too so that the caller
/// can replace a wedged device.
pub(crate) fn run(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    frames: u32,
) -> (PreviewResult, Option<GpuError>) {
    let mut result = result_for(path);
    result.adapter = Some(gpu.adapter_info().name.clone());
    result.backend = Some(gpu.adapter_info().backend.to_lowercase());
    let test = test_format::parse_test_file(text);
    let options = options_for(&test, options);
    let loaded = load(path, text.as_bytes(), &options);
    result.diagnostics = checked_diagnostics(&loaded, &result.file);
    if has_errors(&result.diagnostics) {
        return (result, None);
    }
    let device = DeviceFeatures::of(gpu);
    let (mut kernels, mut resources) = match prepare(&loaded, &test, &options, device, &result.file)
    {
        Ok(prepared) => prepared,
        Err(Stop::Diagnostics(diagnostics)) => {
            result.diagnostics.extend(diagnostics);
            return (result, None);
        }
        Err(Stop::Error(message)) => {
            result.error = Some(message);
            return (result, None);
        }
    };
    match plan_dispatches(&mut kernels, &resources) {
        Ok(()) => {}
        Err(Stop::Diagnostics(diagnostics)) => {
            result.diagnostics.extend(
                diagnostics
                    .into_iter()
                    .map(|d| PreviewDiagnostic::new(&result.file, &loaded.text, &d)),
            );
            return (result, None);
        }
        Err(Stop::Error(message)) => {
            result.error = Some(message);
            return (result, None);
        }
    }
    result.kernels = kernels
        .iter()
        .map(|k| KernelRun {
            entry_point: k.name.clone(),
            dispatch: k.dispatch,
            calls: 0,
            time_ms: 0.0,
        })
        .collect();
    let gpu_error = run_frames(gpu, &kernels, &mut resources, frames, &mut result);
    let image_sizes: Vec<(u32, u32)> = resources.iter().filter_map(|r| r.image).collect();
    result.buffers = resources
        .iter()
        .filter(|r| {
            matches!(
                r.kind,
                BindingKind::Storage { .. } | BindingKind::Texture(_)
            )
        })
        .map(|r| buffer_view(r, &image_sizes))
        .collect();
    result.ok = result.error.is_none();
    (result, gpu_error)
}

/// Compiles every kernel and creates the resources with their first contents.
fn prepare(
    loaded: &Loaded,
    test: &TestFile,
    options: &Options,
    device: DeviceFeatures,
    file: &str,
) -> Result<(Vec<Kernel>, Vec<Resource>), Stop> {
    let playground = attrs::read(&loaded.db, loaded.file);
    if !playground.errors.is_empty() {
        return Err(Stop::Diagnostics(
            playground
                .errors
                .iter()
                .map(|d| PreviewDiagnostic::new(file, &loaded.text, d))
                .collect(),
        ));
    }
    let directive = test.compute_tests().next();
    // Without `CALL` attributes the file runs like `dslang run`: its one entry point, with the
    // `//TEST` line's dispatch.
    type Spec = (Option<String>, CallSize, bool, hir::TextRange);
    let specs: Vec<Spec> = if playground.kernels.is_empty() {
        let groups = directive.map_or([1, 1, 1], |d| d.dispatch);
        vec![(
            options.entry.clone(),
            CallSize::Threads(groups.map(u64::from)),
            false,
            hir::TextRange::default(),
        )]
    } else {
        playground
            .kernels
            .iter()
            .map(|k| (Some(k.name.clone()), k.size.clone(), k.once, k.range))
            .collect()
    };
    let workgroups_given = playground.kernels.is_empty();
    let mut kernels = Vec::new();
    let mut compiled_all: Vec<Compiled> = Vec::new();
    for (entry, size, once, call_range) in specs {
        let kernel_options = Options {
            entry: entry.clone(),
            ..options.clone()
        };
        // The device's optional features (f64, f16...) become WGSL extensions.
        let compiled = loaded
            .compile_for(&kernel_options, device)
            .map_err(|diagnostics| {
                Stop::Diagnostics(
                    diagnostics
                        .iter()
                        .map(|d| PreviewDiagnostic::new(file, &loaded.text, d))
                        .collect(),
                )
            })?;
        let info = gpu::reflect_wgsl(&compiled.wgsl)
            .map_err(|e| Stop::Error(format!("internal error: generated WGSL: {e}")))?;
        let wgsl_entry = info
            .compute_entries
            .first()
            .cloned()
            .ok_or_else(|| Stop::Error("the program has no compute entry point".into()))?;
        let name = compiled
            .reflection
            .entry_points
            .first()
            .map_or_else(|| wgsl_entry.clone(), |e| e.name.clone());
        let workgroup = compiled
            .reflection
            .entry_points
            .first()
            .map_or([1, 1, 1], |e| e.workgroup_size);
        // The `//TEST` line's dispatch counts workgroups already.
        let size = match size {
            CallSize::Threads(groups) if workgroups_given => CallSize::Threads([
                groups[0] * u64::from(workgroup[0]),
                groups[1] * u64::from(workgroup[1]),
                groups[2] * u64::from(workgroup[2]),
            ]),
            other => other,
        };
        kernels.push(Kernel {
            name,
            wgsl: compiled.wgsl.clone(),
            wgsl_entry,
            workgroup,
            bindings: Vec::new(),
            print: None,
            print_formats: crate::run::print_formats(&compiled),
            size,
            once,
            call_range,
            dispatch: [1, 1, 1],
        });
        compiled_all.push(compiled);
    }
    let mut resources = plan_resources(&compiled_all[0], test, &kernels[0])?;
    apply_playground(&mut resources, &playground.globals)?;
    for (kernel, compiled) in kernels.iter_mut().zip(&compiled_all) {
        for b in &compiled.reflection.bindings {
            if b.kind == codegen::BindingKind::Print {
                kernel.print = Some((b.group, b.binding, b.name.clone()));
                continue;
            }
            let index = resources
                .iter()
                .position(|r| r.name == b.name)
                .ok_or_else(|| {
                    Stop::Error(format!(
                        "internal error: `{}` declares `{}`, which `{}` does not",
                        kernel.name,
                        b.name,
                        kernels_first_name(&compiled_all)
                    ))
                })?;
            let texture_access = match (b.kind, b.access) {
                (codegen::BindingKind::StorageTexture, "write") => {
                    Some(gpu::TextureAccess::WriteOnly)
                }
                (codegen::BindingKind::StorageTexture, _) => Some(gpu::TextureAccess::ReadWrite),
                _ => None,
            };
            kernel
                .bindings
                .push((b.group, b.binding, index, texture_access));
        }
    }
    Ok((kernels, resources))
}

fn kernels_first_name(compiled: &[Compiled]) -> String {
    compiled
        .first()
        .and_then(|c| c.reflection.entry_points.first())
        .map_or_else(String::new, |e| e.name.clone())
}

/// The buffer globals of the first kernel's module, filled from the `//TEST_INPUT` lines (a
/// global no line feeds gets one zero element).
fn plan_resources(
    compiled: &Compiled,
    test: &TestFile,
    kernel: &Kernel,
) -> Result<Vec<Resource>, Stop> {
    let info = gpu::reflect_wgsl(&compiled.wgsl)
        .map_err(|e| Stop::Error(format!("internal error: generated WGSL: {e}")))?;
    let plan = gpu::plan_test(
        test,
        &info.resources,
        &compiled.wgsl,
        &kernel.wgsl_entry,
        [1, 1, 1],
    )
    .map_err(|e| Stop::Error(e.to_string()))?;
    let mut resources = Vec::new();
    for b in &compiled.reflection.bindings {
        if b.kind == codegen::BindingKind::Print {
            continue;
        }
        let Some(wgsl) = info
            .resources
            .iter()
            .find(|r| (r.group, r.binding) == (b.group, b.binding))
        else {
            continue;
        };
        let planned = plan
            .job
            .bindings
            .iter()
            .find(|j| (j.group, j.binding) == (b.group, b.binding));
        let bytes = planned.map_or_else(
            || vec![0; wgsl.element_size.max(4) as usize],
            |j| j.initial.clone(),
        );
        // A texture's size comes from its TEST_INPUT (or a playground attribute, later).
        let kind = planned.map_or(wgsl.kind, |j| j.kind);
        let image = match kind {
            BindingKind::Texture(shape) => Some((shape.width, shape.height)),
            _ => None,
        };
        resources.push(Resource {
            name: b.name.clone(),
            wgsl_name: wgsl.name.clone(),
            kind,
            element_type: b.element_type.clone(),
            element_size: wgsl.element_size.max(1),
            word_kinds: wgsl.word_kinds.clone(),
            bytes,
            role: None,
            image,
        });
    }
    Ok(resources)
}

/// A deterministic generator for `RAND(n)` (splitmix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 24 bits, exact in f32.
    fn unit_f32(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

fn sized_bytes(resource: &Resource, elements: u64) -> Result<Vec<u8>, Stop> {
    let bytes = elements.saturating_mul(u64::from(resource.element_size));
    if bytes > MAX_PREVIEW_BUFFER_BYTES {
        return Err(Stop::Error(format!(
            "buffer `{}` would have {bytes} bytes; the preview allows at most {} MiB per buffer",
            resource.name,
            MAX_PREVIEW_BUFFER_BYTES >> 20
        )));
    }
    Ok(vec![0; bytes as usize])
}

fn apply_playground(
    resources: &mut [Resource],
    globals: &[attrs::PlaygroundGlobal],
) -> Result<(), Stop> {
    for (index, global) in globals.iter().enumerate() {
        let Some(resource) = resources.iter_mut().find(|r| r.name == global.name) else {
            return Err(Stop::Error(format!(
                "`{}` has a playground attribute but is not a buffer, texture or uniform the program uses",
                global.name
            )));
        };
        let is_uniform = resource.kind == BindingKind::Uniform;
        let wants_uniform = matches!(
            global.init,
            GlobalInit::Time | GlobalInit::FrameId | GlobalInit::Slider { .. }
        );
        if is_uniform != wants_uniform {
            return Err(Stop::Error(format!(
                "`{}`: {} attributes go on {}",
                global.name,
                if wants_uniform {
                    "TIME, FRAME_ID and SLIDER"
                } else {
                    "ZEROS, RAND, BLACK and BLACK_SCREEN"
                },
                if wants_uniform {
                    "`uniform` scalars"
                } else {
                    "buffers (RWStructuredBuffer) and textures (RWTexture2D)"
                }
            )));
        }
        if let BindingKind::Texture(shape) = &mut resource.kind {
            let (width, height) = match global.init {
                GlobalInit::Black { width, height } => (width, height),
                GlobalInit::BlackScreen { scale_x, scale_y } => screen_size(scale_x, scale_y),
                _ => {
                    return Err(Stop::Error(format!(
                        "`{}`: a texture takes BLACK(w, h) or BLACK_SCREEN(sx, sy)",
                        global.name
                    )));
                }
            };
            let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
                return Err(Stop::Error(format!(
                    "texture `{}` of {width}x{height} texels is too large",
                    global.name
                )));
            };
            shape.width = w;
            shape.height = h;
            resource.bytes = sized_bytes(resource, width.saturating_mul(height))?;
            resource.image = Some((w, h));
            continue;
        }
        match global.init {
            GlobalInit::Zeros(n) => resource.bytes = sized_bytes(resource, n)?,
            GlobalInit::Rand(n) => {
                let mut bytes = sized_bytes(resource, n)?;
                let mut rng = SplitMix(0x5eed ^ (index as u64) << 32);
                let kinds = resource.word_kinds.clone();
                for (i, word) in bytes.chunks_exact_mut(4).enumerate() {
                    let kind = kinds.get(i % kinds.len().max(1)).copied();
                    let value = match kind {
                        Some(ElemType::Float) | None => rng.unit_f32().to_bits(),
                        _ => rng.next() as u32,
                    };
                    word.copy_from_slice(&value.to_le_bytes());
                }
                resource.bytes = bytes;
            }
            GlobalInit::Black { width, height } => {
                resource.bytes = sized_bytes(resource, width.saturating_mul(height))?;
                resource.image = Some((width as u32, height as u32));
            }
            GlobalInit::BlackScreen { scale_x, scale_y } => {
                let (width, height) = screen_size(scale_x, scale_y);
                resource.bytes = sized_bytes(resource, width.saturating_mul(height))?;
                resource.image = Some((width as u32, height as u32));
            }
            GlobalInit::Time => resource.role = Some(UniformRole::Time),
            GlobalInit::FrameId => resource.role = Some(UniformRole::FrameId),
            GlobalInit::Slider { value } => resource.role = Some(UniformRole::Value(value)),
        }
    }
    Ok(())
}

/// The size of `BLACK_SCREEN(sx, sy)`: the screen scaled (the Playground's convention).
fn screen_size(scale_x: f64, scale_y: f64) -> (u64, u64) {
    let width = (f64::from(SCREEN_SIZE[0]) * scale_x).round().max(1.0) as u64;
    let height = (f64::from(SCREEN_SIZE[1]) * scale_y).round().max(1.0) as u64;
    (width, height)
}

/// Workgroup counts from each kernel's thread counts.
fn plan_dispatches(
    kernels: &mut [Kernel],
    resources: &[Resource],
) -> Result<(), Stop<hir::Diagnostic>> {
    for kernel in kernels {
        let threads = match &kernel.size {
            CallSize::Threads(threads) => *threads,
            CallSize::SizeOf(name) => {
                let resource = resources.iter().find(|r| &r.name == name).ok_or_else(|| {
                    Stop::Diagnostics(vec![hir::Diagnostic {
                        code: "E4201",
                        message: format!(
                            "`CALL::SIZE_OF(\"{name}\")`: the program has no buffer `{name}`"
                        ),
                        range: kernel.call_range,
                        severity: hir::Severity::Error,
                        related: Vec::new(),
                    }])
                })?;
                match resource.image {
                    Some((w, h)) => [u64::from(w), u64::from(h), 1],
                    None => [resource.element_count(), 1, 1],
                }
            }
        };
        for ((slot, threads), size) in kernel
            .dispatch
            .iter_mut()
            .zip(threads)
            .zip(kernel.workgroup)
        {
            let groups = threads.div_ceil(u64::from(size.max(1)));
            *slot = u32::try_from(groups).map_err(|_| {
                Stop::Error(format!(
                    "`{}`: {threads} threads is too large a dispatch",
                    kernel.name
                ))
            })?;
        }
    }
    Ok(())
}

fn uniform_bytes(resource: &Resource, role: UniformRole, frame: u32) -> Vec<u8> {
    let value = match role {
        UniformRole::Time => f64::from(frame) * FRAME_SECONDS,
        UniformRole::FrameId => f64::from(frame),
        UniformRole::Value(v) => v,
    };
    let word = match resource.word_kinds.first() {
        Some(ElemType::Int32) => (value as i32) as u32,
        Some(ElemType::UInt32) => value as u32,
        _ => (value as f32).to_bits(),
    };
    let mut bytes = resource.bytes.clone();
    if bytes.len() >= 4 {
        bytes[..4].copy_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// Runs the frames; buffers carry over. Returns the GPU error that ended the run, if any
/// (also written to `result.error`).
fn run_frames(
    gpu: &gpu::Gpu,
    kernels: &[Kernel],
    resources: &mut [Resource],
    frames: u32,
    result: &mut PreviewResult,
) -> Option<GpuError> {
    let frames = frames.clamp(1, MAX_PREVIEW_FRAMES);
    let started = Instant::now();
    let mut printed_lines = 0usize;
    for frame in 0..frames {
        if started.elapsed() > PREVIEW_TIME_LIMIT {
            result.error = Some(format!(
                "stopped after {frame} of {frames} frames: the preview's limit is {} s",
                PREVIEW_TIME_LIMIT.as_secs()
            ));
            return None;
        }
        for resource in resources.iter_mut() {
            if let Some(role) = resource.role {
                resource.bytes = uniform_bytes(resource, role, frame);
            }
        }
        for (k, kernel) in kernels.iter().enumerate() {
            if kernel.once && frame > 0 {
                continue;
            }
            let mut job = ComputeJob::new(kernel.wgsl.clone(), kernel.wgsl_entry.clone());
            job.dispatch = kernel.dispatch;
            for &(group, binding, index, texture_access) in &kernel.bindings {
                let r = &resources[index];
                let kind = match (r.kind, texture_access) {
                    (BindingKind::Texture(shape), Some(access)) => {
                        BindingKind::Texture(gpu::TextureShape { access, ..shape })
                    }
                    (kind, _) => kind,
                };
                job.bindings.push(Binding {
                    group,
                    binding,
                    name: r.wgsl_name.clone(),
                    kind,
                    initial: r.bytes.clone(),
                    readback: match r.kind {
                        BindingKind::Storage { read_only } => !read_only,
                        BindingKind::Texture(shape) => shape.access != gpu::TextureAccess::Sampled,
                        BindingKind::Uniform | BindingKind::Sampler(_) => false,
                    },
                });
            }
            if let Some((group, binding, name)) = &kernel.print {
                job.bindings.push(gpu::print_buffer_binding(
                    *group,
                    *binding,
                    name,
                    PRINT_BUFFER_WORDS,
                ));
            }
            let run = match gpu.run_compute(&job) {
                Ok(run) => run,
                Err(error) => {
                    result.error =
                        Some(format!("frame {frame}, kernel `{}`: {error}", kernel.name));
                    return Some(error);
                }
            };
            let ms = run.wall_time.as_secs_f64() * 1e3;
            result.time_ms += ms;
            if let Some(entry) = result.kernels.get_mut(k) {
                entry.calls += 1;
                entry.time_ms += ms;
            }
            for &(_, _, index, _) in &kernel.bindings {
                let name = &resources[index].wgsl_name;
                if let Some(bytes) = run.buffer(name) {
                    resources[index].bytes = bytes.to_vec();
                }
            }
            if let Some((_, _, name)) = &kernel.print
                && let Some(bytes) = run.buffer(name)
            {
                let text =
                    gpu::decode_print_buffer(&gpu::bytes_to_words(bytes), &kernel.print_formats);
                for line in text.lines() {
                    if printed_lines < MAX_PRINTED_LINES {
                        result.printed.push(line.to_string());
                    }
                    printed_lines += 1;
                }
            }
        }
        result.frames = frame + 1;
    }
    if printed_lines > MAX_PRINTED_LINES {
        result.printed.push(format!(
            "<{} more printf lines not kept>",
            printed_lines - MAX_PRINTED_LINES
        ));
    }
    None
}
