//! One preview run: compile every kernel, plan the resources once, then run the kernels frame
//! after frame with the buffers carried from dispatch to dispatch.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gpu::{Binding, BindingKind, ComputeJob, GpuError, PrintFormat};
use test_format::{ElemType, TestFile};

use super::attrs::{self, CallSize, GlobalInit};
use super::values::buffer_view;
use super::{Control, FRAME_SECONDS, KernelRun, PreviewDiagnostic, PreviewInputs, PreviewResult};
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
#[derive(Debug, Clone, PartialEq)]
enum UniformRole {
    /// Milliseconds since the first frame.
    Time,
    FrameId,
    /// A slider's default and range (the input of the same name overrides the default).
    Slider {
        value: f64,
        min: f64,
        max: f64,
    },
    /// A colour picker's default.
    Color([f64; 3]),
    Mouse,
    Key(String),
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
    /// Width and height of 2D data (of each slice of a 3D texture).
    pub image: Option<(u32, u32)>,
    /// Slices of a 3D texture (1 otherwise).
    pub depth: u32,
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
    /// The string literals `%s` arguments name by hash.
    print_strings: Vec<(u32, String)>,
    size: CallSize,
    once: bool,
    /// The `CALL` attribute (empty without one).
    call_range: hir::TextRange,
    dispatch: [u32; 3],
    /// `CALL_INDIRECT`: the buffer (a resource index) and byte offset of the workgroup counts.
    indirect: Option<(usize, usize)>,
    /// A Playground kernel (a `CALL` attribute) that runs every frame.
    every_frame: bool,
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
        options.msvc_bitfield_packing |= directive.msvc_bitfield_packing;
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
    inputs: &PreviewInputs,
) -> (PreviewResult, Option<GpuError>) {
    let mut result = result_for(path);
    result.adapter = Some(gpu.adapter_info().name.clone());
    result.backend = Some(gpu.adapter_info().backend.to_lowercase());
    let key = SavedKey {
        path: path.to_path_buf(),
        text: text.to_string(),
        options: format!("{options:?}"),
    };
    let mut saved = SAVED.lock().unwrap_or_else(|p| p.into_inner());
    // A program's saved run is taken out whether or not this run continues it: a fresh run
    // replaces it.
    let resumed = saved
        .iter()
        .position(|run| run.key.path == key.path)
        .map(|at| saved.remove(at))
        .filter(|run| inputs.resume && run.key == key)
        .filter(|run| inputs.from_frame.is_none_or(|f| f == run.next_frame));
    let Some(SavedRun {
        mut kernels,
        mut resources,
        mut next_frame,
        diagnostics,
        ..
    }) = resumed.or_else(|| fresh(gpu, path, text, options, &mut result))
    else {
        return (result, None);
    };
    if let Some(target) = inputs
        .from_frame
        .filter(|f| inputs.resume && next_frame == 0 && *f > 0)
    {
        let target = target.min(MAX_REPLAYED_FRAMES);
        let mut replay = result_for(path);
        let gpu_error = run_frames(
            gpu,
            &mut kernels,
            &mut resources,
            0,
            target,
            inputs,
            &mut replay,
        );
        if let Some(error) = replay.error {
            result.error = Some(format!(
                "while running frames 0 to {target} again to go on from frame {target}: {error}"
            ));
            return (result, gpu_error);
        }
        next_frame = target;
        result.replayed_frames = target;
    }
    result.diagnostics = diagnostics.clone();
    result.first_frame = next_frame;
    result.kernels = kernels
        .iter()
        .map(|k| KernelRun {
            entry_point: k.name.clone(),
            dispatch: k.dispatch,
            calls: 0,
            time_ms: 0.0,
        })
        .collect();
    let gpu_error = run_frames(
        gpu,
        &mut kernels,
        &mut resources,
        next_frame,
        frames,
        inputs,
        &mut result,
    );
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
    describe_inputs(&resources, inputs, &mut result);
    // Kernels that run every frame carry their buffers on: the program evolves when played.
    result.animated |= kernels.iter().any(|k| k.every_frame);
    result.ok = result.error.is_none();
    if result.ok {
        saved.push(SavedRun {
            key,
            kernels,
            resources,
            next_frame: next_frame.saturating_add(result.frames),
            diagnostics,
        });
        // The oldest runs go first, beyond a few programs or their bytes.
        while saved.len() > MAX_SAVED_RUNS
            || saved.len() > 1 && saved.iter().map(SavedRun::bytes).sum::<u64>() > MAX_SAVED_BYTES
        {
            saved.remove(0);
        }
    }
    (result, gpu_error)
}

/// What identifies the program of a saved run.
#[derive(Debug, PartialEq)]
struct SavedKey {
    path: std::path::PathBuf,
    text: String,
    options: String,
}

/// The state after the last successful run, for a run that continues it (`inputs.resume`): the
/// preview's play button advances a program frame after frame without compiling it again.
struct SavedRun {
    key: SavedKey,
    kernels: Vec<Kernel>,
    resources: Vec<Resource>,
    /// The next frame's number.
    next_frame: u32,
    diagnostics: Vec<PreviewDiagnostic>,
}

impl SavedRun {
    fn bytes(&self) -> u64 {
        self.resources.iter().map(|r| r.bytes.len() as u64).sum()
    }
}

/// The last successful run of each program (by path), oldest first.
static SAVED: Mutex<Vec<SavedRun>> = Mutex::new(Vec::new());
/// The most frames run again to restore a continued run whose state was lost.
const MAX_REPLAYED_FRAMES: u32 = 10_000;
/// Programs whose last run is kept.
const MAX_SAVED_RUNS: usize = 8;
/// Buffer bytes kept over all saved runs (the last run is kept whatever its size).
const MAX_SAVED_BYTES: u64 = 256 << 20;

/// Compiles the program and creates its resources; on failure `result` says why.
fn fresh(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    result: &mut PreviewResult,
) -> Option<SavedRun> {
    let test = test_format::parse_test_file(text);
    let options = options_for(&test, options);
    let loaded = load(path, text.as_bytes(), &options);
    result.diagnostics = checked_diagnostics(&loaded, &result.file);
    if has_errors(&result.diagnostics) {
        return None;
    }
    let device = DeviceFeatures::of(gpu);
    let (mut kernels, resources) =
        match prepare(&loaded, &test, &options, device, &result.file, path) {
            Ok(prepared) => prepared,
            Err(Stop::Diagnostics(diagnostics)) => {
                result.diagnostics.extend(diagnostics);
                return None;
            }
            Err(Stop::Error(message)) => {
                result.error = Some(message);
                return None;
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
            return None;
        }
        Err(Stop::Error(message)) => {
            result.error = Some(message);
            return None;
        }
    }
    Some(SavedRun {
        key: SavedKey {
            path: std::path::PathBuf::new(),
            text: String::new(),
            options: String::new(),
        },
        kernels,
        resources,
        next_frame: 0,
        diagnostics: result.diagnostics.clone(),
    })
}

/// The program's controls and inputs, with the values this run used; `animated` where it reads
/// the time, the frame, the mouse or keys.
fn describe_inputs(resources: &[Resource], inputs: &PreviewInputs, result: &mut PreviewResult) {
    for resource in resources {
        let Some(role) = &resource.role else {
            continue;
        };
        match role {
            UniformRole::Time | UniformRole::FrameId => result.animated = true,
            UniformRole::Slider { value, min, max } => result.controls.push(Control {
                name: resource.name.clone(),
                kind: "slider",
                value: vec![slider_value(&resource.name, *value, *min, *max, inputs)],
                default: vec![*value],
                min: Some(*min),
                max: Some(*max),
            }),
            UniformRole::Color(rgb) => result.controls.push(Control {
                name: resource.name.clone(),
                kind: "color",
                value: color_value(&resource.name, *rgb, inputs).to_vec(),
                default: rgb.to_vec(),
                min: None,
                max: None,
            }),
            UniformRole::Mouse => {
                result.mouse = true;
                result.animated = true;
            }
            UniformRole::Key(key) => {
                if !result.keys.contains(key) {
                    result.keys.push(key.clone());
                }
                result.animated = true;
            }
        }
    }
}

fn slider_value(name: &str, value: f64, min: f64, max: f64, inputs: &PreviewInputs) -> f64 {
    inputs
        .sliders
        .get(name)
        .copied()
        .filter(|v| v.is_finite())
        .map_or(value, |v| v.clamp(min, max))
}

fn color_value(name: &str, rgb: [f64; 3], inputs: &PreviewInputs) -> [f64; 3] {
    inputs.colors.get(name).map_or(rgb, |c| {
        c.map(|v| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.0
            }
        })
    })
}

/// Compiles every kernel and creates the resources with their first contents.
fn prepare(
    loaded: &Loaded,
    test: &TestFile,
    options: &Options,
    device: DeviceFeatures,
    file: &str,
    program: &Path,
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
            print_strings: crate::run::print_strings(&compiled),
            size,
            once,
            call_range,
            dispatch: [1, 1, 1],
            indirect: None,
            every_frame: !workgroups_given && !once,
        });
        compiled_all.push(compiled);
    }
    // Each kernel's module declares the globals it uses: the program's resources are their union.
    let mut resources = plan_resources(&compiled_all[0], test, &kernels[0])?;
    for (compiled, kernel) in compiled_all.iter().zip(&kernels).skip(1) {
        for resource in plan_resources(compiled, test, kernel)? {
            if !resources.iter().any(|r| r.name == resource.name) {
                resources.push(resource);
            }
        }
    }
    let library: Vec<attrs::PlaygroundGlobal> = playground
        .library_globals
        .iter()
        .filter(|g| resources.iter().any(|r| r.name == g.name))
        .cloned()
        .collect();
    apply_playground(&mut resources, &playground.globals, program)?;
    apply_playground(&mut resources, &library, program)?;
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
            depth: match kind {
                BindingKind::Texture(shape) if shape.is_3d() => shape.depth_or_layers,
                _ => 1,
            },
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
    program: &Path,
) -> Result<(), Stop> {
    for (index, global) in globals.iter().enumerate() {
        let Some(resource) = resources.iter_mut().find(|r| r.name == global.name) else {
            return Err(Stop::Error(format!(
                "`{}` has a playground attribute but is not a buffer, texture, sampler or uniform the program uses",
                global.name
            )));
        };
        let misplaced = |what: &str| Err(Stop::Error(format!("`{}`: {what}", global.name)));
        let is_uniform = resource.kind == BindingKind::Uniform;
        if global.init.is_uniform() != is_uniform {
            return misplaced(if is_uniform {
                "a `uniform` takes TIME, FRAME_ID, SLIDER, COLOR_PICK, MOUSE_POSITION or KEY"
            } else {
                "TIME, FRAME_ID, SLIDER, COLOR_PICK, MOUSE_POSITION and KEY attributes go on `uniform` values"
            });
        }
        if let BindingKind::Sampler(sampler) = &mut resource.kind {
            if global.init != GlobalInit::Sampler {
                return misplaced("a SamplerState takes the SAMPLER attribute");
            }
            // The Playground's sampler: linear filtering, repeat addressing.
            sampler.linear = true;
            continue;
        }
        if global.init == GlobalInit::Sampler {
            return misplaced("SAMPLER goes on a `SamplerState`");
        }
        if let BindingKind::Texture(shape) = &mut resource.kind {
            let (width, height, depth) = match &global.init {
                GlobalInit::Black { width, height } if !shape.is_3d() => (*width, *height, 1),
                GlobalInit::BlackScreen { scale_x, scale_y } if !shape.is_3d() => {
                    let (w, h) = screen_size(*scale_x, *scale_y);
                    (w, h, 1)
                }
                GlobalInit::Black3d {
                    width,
                    height,
                    depth,
                } if shape.is_3d() => (*width, *height, *depth),
                GlobalInit::Url(url) if !shape.is_3d() => {
                    let image = load_url(url, program, shape)?;
                    shape.width = image.width;
                    shape.height = image.height;
                    shape.depth_or_layers = 1;
                    shape.mip_levels = 1;
                    resource.bytes = image
                        .rgba
                        .iter()
                        .flatten()
                        .flat_map(|c| c.to_le_bytes())
                        .collect();
                    resource.image = Some((image.width, image.height));
                    continue;
                }
                _ if shape.is_3d() => {
                    return misplaced("a 3D texture takes BLACK_3D(w, h, d)");
                }
                _ => {
                    return misplaced(
                        "a texture takes BLACK(w, h), BLACK_SCREEN(sx, sy) or URL(\"image.png\")",
                    );
                }
            };
            let (Ok(w), Ok(h), Ok(d)) = (
                u32::try_from(width),
                u32::try_from(height),
                u32::try_from(depth),
            ) else {
                return Err(Stop::Error(format!(
                    "texture `{}` of {width}x{height}x{depth} texels is too large",
                    global.name
                )));
            };
            shape.width = w;
            shape.height = h;
            shape.depth_or_layers = d;
            resource.bytes =
                sized_bytes(resource, width.saturating_mul(height).saturating_mul(depth))?;
            resource.image = Some((w, h));
            resource.depth = d;
            continue;
        }
        match &global.init {
            GlobalInit::Zeros(n) => resource.bytes = sized_bytes(resource, *n)?,
            GlobalInit::Rand(n) => {
                let mut bytes = sized_bytes(resource, *n)?;
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
                resource.bytes = sized_bytes(resource, width.saturating_mul(*height))?;
                resource.image = Some((*width as u32, *height as u32));
            }
            GlobalInit::BlackScreen { scale_x, scale_y } => {
                let (width, height) = screen_size(*scale_x, *scale_y);
                resource.bytes = sized_bytes(resource, width.saturating_mul(height))?;
                resource.image = Some((width as u32, height as u32));
            }
            GlobalInit::Black3d { .. } => {
                return misplaced("BLACK_3D goes on a 3D texture (`RWTexture3D<float4>`)");
            }
            GlobalInit::Url(_) => {
                return misplaced(
                    "URL goes on a texture (`Texture2D<float4>` or `RWTexture2D<float4>`)",
                );
            }
            GlobalInit::Time => resource.role = Some(UniformRole::Time),
            GlobalInit::FrameId => resource.role = Some(UniformRole::FrameId),
            GlobalInit::Slider { value, min, max } => {
                resource.role = Some(UniformRole::Slider {
                    value: *value,
                    min: *min,
                    max: *max,
                });
            }
            GlobalInit::ColorPick(rgb) => {
                if uniform_floats(resource) < 3 {
                    return misplaced("COLOR_PICK goes on a `uniform float3`");
                }
                resource.role = Some(UniformRole::Color(*rgb));
            }
            GlobalInit::MousePosition => {
                if uniform_floats(resource) < 4 {
                    return misplaced("MOUSE_POSITION goes on a `uniform float4`");
                }
                resource.role = Some(UniformRole::Mouse);
            }
            GlobalInit::Key(key) => resource.role = Some(UniformRole::Key(key.clone())),
            GlobalInit::Sampler => {}
        }
    }
    Ok(())
}

/// Float words at the start of a uniform (its vector width).
fn uniform_floats(resource: &Resource) -> usize {
    let words = (resource.element_size as usize / 4).max(1);
    resource
        .word_kinds
        .iter()
        .take(words)
        .take_while(|k| **k == ElemType::Float)
        .count()
}

/// The image of `URL(url)` for a texture of `shape` (RGBA float texels).
fn load_url(
    url: &str,
    program: &Path,
    shape: &gpu::TextureShape,
) -> Result<super::image_file::Image, Stop> {
    if shape.format != gpu::TextureFormat::Rgba32Float {
        return Err(Stop::Error(format!(
            "`URL(\"{url}\")` fills a texture of `float4` texels (Texture2D<float4> or RWTexture2D<float4>)"
        )));
    }
    let path = super::image_file::resolve(url, program).map_err(Stop::Error)?;
    super::image_file::load_png(&path, MAX_PREVIEW_BUFFER_BYTES / 16).map_err(Stop::Error)
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
            CallSize::Indirect { buffer, offset } => {
                let mistake = |message: String| {
                    Stop::Diagnostics(vec![hir::Diagnostic {
                        code: "E4201",
                        message,
                        range: kernel.call_range,
                        severity: hir::Severity::Error,
                        related: Vec::new(),
                    }])
                };
                let index = resources
                    .iter()
                    .position(|r| &r.name == buffer)
                    .ok_or_else(|| {
                        mistake(format!(
                            "`CALL_INDIRECT(\"{buffer}\", {offset})`: the program has no buffer `{buffer}`"
                        ))
                    })?;
                let resource = &resources[index];
                if !matches!(resource.kind, BindingKind::Storage { .. }) {
                    return Err(mistake(format!(
                        "`CALL_INDIRECT(\"{buffer}\", {offset})`: `{buffer}` is not a structured buffer"
                    )));
                }
                if offset.saturating_add(12) > resource.bytes.len() as u64 {
                    return Err(mistake(format!(
                        "`CALL_INDIRECT(\"{buffer}\", {offset})`: `{buffer}` has {} bytes, too few for three uint workgroup counts at byte {offset}",
                        resource.bytes.len()
                    )));
                }
                kernel.indirect = Some((index, *offset as usize));
                continue;
            }
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
                    Some((w, h)) => [u64::from(w), u64::from(h), u64::from(resource.depth)],
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

fn uniform_bytes(
    resource: &Resource,
    role: &UniformRole,
    frame: u32,
    inputs: &PreviewInputs,
) -> Vec<u8> {
    let name = resource.name.as_str();
    let values: Vec<f64> = match role {
        UniformRole::Time => vec![f64::from(frame) * FRAME_SECONDS * 1000.0],
        UniformRole::FrameId => vec![f64::from(frame)],
        UniformRole::Slider { value, min, max } => {
            vec![slider_value(name, *value, *min, *max, inputs)]
        }
        UniformRole::Color(rgb) => color_value(name, *rgb, inputs).to_vec(),
        UniformRole::Mouse => inputs
            .mouse
            .iter()
            .map(|v| if v.is_finite() { *v } else { 0.0 })
            .collect(),
        UniformRole::Key(key) => vec![if inputs.keys.iter().any(|k| k == key) {
            1.0
        } else {
            0.0
        }],
    };
    let mut bytes = resource.bytes.clone();
    for (i, value) in values.into_iter().enumerate() {
        let word = match resource.word_kinds.get(i) {
            Some(ElemType::Int32) => (value as i32) as u32,
            Some(ElemType::UInt32) => value as u32,
            _ => (value as f32).to_bits(),
        };
        if let Some(slot) = bytes.get_mut(i * 4..i * 4 + 4) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
    }
    bytes
}

/// Runs the frames; buffers carry over. Returns the GPU error that ended the run, if any
/// (also written to `result.error`).
fn run_frames(
    gpu: &gpu::Gpu,
    kernels: &mut [Kernel],
    resources: &mut [Resource],
    first_frame: u32,
    frames: u32,
    inputs: &PreviewInputs,
    result: &mut PreviewResult,
) -> Option<GpuError> {
    let frames = frames.clamp(1, MAX_PREVIEW_FRAMES);
    let started = Instant::now();
    let mut printed_lines = 0usize;
    let max_groups = gpu.limits().max_compute_workgroups_per_dimension;
    for step in 0..frames {
        let frame = first_frame.saturating_add(step);
        if started.elapsed() > PREVIEW_TIME_LIMIT {
            result.error = Some(format!(
                "stopped after {step} of {frames} frames: the preview's limit is {} s",
                PREVIEW_TIME_LIMIT.as_secs()
            ));
            return None;
        }
        for resource in resources.iter_mut() {
            if let Some(role) = &resource.role {
                resource.bytes = uniform_bytes(resource, role, frame, inputs);
            }
        }
        for (k, kernel) in kernels.iter_mut().enumerate() {
            if kernel.once && frame > 0 {
                continue;
            }
            if let Some((index, offset)) = kernel.indirect {
                // The counts as the buffer holds them now (buffers are read back after each
                // dispatch), as a GPU reads an indirect buffer when the dispatch starts.
                let words = gpu::bytes_to_words(&resources[index].bytes);
                let counts = [0, 1, 2].map(|i| words.get(offset / 4 + i).copied().unwrap_or(0));
                if let Some(entry) = result.kernels.get_mut(k) {
                    entry.dispatch = counts;
                }
                kernel.dispatch = counts;
                if counts.contains(&0) {
                    continue;
                }
                if counts.iter().any(|&c| c > max_groups) {
                    result.error = Some(format!(
                        "frame {frame}, kernel `{}`: CALL_INDIRECT reads {counts:?} workgroups from `{}`; the device allows at most {max_groups} per dimension",
                        kernel.name, resources[index].name
                    ));
                    return None;
                }
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
                let text = gpu::decode_print_buffer(
                    &gpu::bytes_to_words(bytes),
                    &kernel.print_formats,
                    &kernel.print_strings,
                );
                for line in text.lines() {
                    if printed_lines < MAX_PRINTED_LINES {
                        result.printed.push(line.to_string());
                    }
                    printed_lines += 1;
                }
            }
        }
        result.frames = step + 1;
    }
    if printed_lines > MAX_PRINTED_LINES {
        result.printed.push(format!(
            "<{} more printf lines not kept>",
            printed_lines - MAX_PRINTED_LINES
        ));
    }
    None
}
