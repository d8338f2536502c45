//! Adapter selection, device creation and running one compute job.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::texture::{SamplerShape, TextureShape};

/// The optional features a job may use; the device gets those the adapter has.
pub const WANTED_FEATURES: wgpu::Features = wgpu::Features::SHADER_F64
    .union(wgpu::Features::SHADER_F16)
    .union(wgpu::Features::SHADER_INT64)
    .union(wgpu::Features::SUBGROUP)
    .union(wgpu::Features::SHADER_FLOAT32_ATOMIC)
    .union(wgpu::Features::TIMESTAMP_QUERY)
    .union(wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES)
    // Read-write storage textures of formats other than r32float/r32uint/r32sint.
    .union(wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES)
    // Linear filtering of r32float/rg32float/rgba32float textures.
    .union(wgpu::Features::FLOAT32_FILTERABLE);

/// The hint printed when no usable adapter exists.
pub const DRIVER_HINT: &str = "install a Vulkan driver: on Debian/Ubuntu `apt-get install mesa-vulkan-drivers libvulkan1` (lavapipe, a software Vulkan driver)";

#[derive(Debug, Clone)]
pub struct GpuOptions {
    /// Accept an OpenGL adapter when nothing else exists. Off by default: GL lacks f64, f16,
    /// subgroups and float atomics, and a silent fallback hides a missing Vulkan driver.
    pub allow_gl: bool,
    /// How long one dispatch may run before it is reported as [`GpuError::Timeout`]. The device
    /// is then abandoned (it may still be running the dispatch) and the next job opens a new one.
    pub timeout: Duration,
}

impl Default for GpuOptions {
    fn default() -> Self {
        GpuOptions {
            allow_gl: false,
            timeout: Duration::from_secs(60),
        }
    }
}

/// The variable that sets the dispatch time limit of the CLI, in seconds (`0.5` allowed).
pub const TIMEOUT_ENV: &str = "DSLANG_GPU_TIMEOUT";

impl GpuOptions {
    /// The defaults, with the time limit from `DSLANG_GPU_TIMEOUT` (seconds) when it is set;
    /// a value that is not a positive number is an error naming the variable.
    pub fn from_env() -> Result<GpuOptions, String> {
        let mut options = GpuOptions::default();
        if let Ok(text) = std::env::var(TIMEOUT_ENV) {
            let seconds: f64 = text
                .trim()
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e9)
                .ok_or_else(|| {
                    format!("{TIMEOUT_ENV}=`{text}` is not a positive number of seconds")
                })?;
            options.timeout = Duration::from_secs_f64(seconds);
        }
        Ok(options)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GpuError {
    /// No adapter at all, or (without `allow_gl`) only OpenGL ones.
    NoAdapter {
        found: Vec<String>,
        hint: String,
    },
    /// `WGPU_ADAPTER_NAME` matched no adapter.
    AdapterNameNotFound {
        wanted: String,
        found: Vec<String>,
    },
    RequestDevice(String),
    /// A shader or pipeline the device rejected, with wgpu's message.
    Validation(String),
    /// A job that cannot run: bad binding list, dispatch too large...
    InvalidJob(String),
    BufferTooLarge {
        name: String,
        size: u64,
        limit: u64,
        limit_name: &'static str,
    },
    OutOfMemory(String),
    /// The dispatch did not finish in time. That device is abandoned; the next job on the same
    /// [`Gpu`] runs on a new one.
    Timeout(Duration),
    DeviceLost(String),
    /// Reading a buffer back failed.
    Readback(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoAdapter { found, hint } if found.is_empty() => {
                write!(f, "no GPU adapter found; {hint}")
            }
            GpuError::NoAdapter { found, hint } => write!(
                f,
                "no usable GPU adapter (only OpenGL: {}); {hint}",
                found.join(", ")
            ),
            GpuError::AdapterNameNotFound { wanted, found } => write!(
                f,
                "WGPU_ADAPTER_NAME=`{wanted}` matches no adapter (found: {})",
                found.join(", ")
            ),
            GpuError::RequestDevice(e) => write!(f, "could not open the GPU device: {e}"),
            GpuError::Validation(e) => write!(f, "GPU validation error: {e}"),
            GpuError::InvalidJob(e) => write!(f, "invalid compute job: {e}"),
            GpuError::BufferTooLarge {
                name,
                size,
                limit,
                limit_name,
            } => write!(
                f,
                "buffer `{name}` has {size} bytes, more than the device allows ({limit_name} = {limit})"
            ),
            GpuError::OutOfMemory(e) => write!(f, "GPU out of memory: {e}"),
            GpuError::Timeout(after) => write!(
                f,
                "the dispatch did not finish within {:.1} s (a runaway shader? set {TIMEOUT_ENV} \
                 to allow longer); the device is replaced for the next run",
                after.as_secs_f64()
            ),
            GpuError::DeviceLost(e) => write!(f, "GPU device lost: {e}"),
            GpuError::Readback(e) => write!(f, "reading results back failed: {e}"),
        }
    }
}

impl std::error::Error for GpuError {}

/// What callers print about the adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterSummary {
    pub name: String,
    /// `Vulkan`, `Gl`, `Metal`, `Dx12`.
    pub backend: String,
    /// `Cpu`, `DiscreteGpu`, `IntegratedGpu`, ...
    pub device_type: String,
    pub driver: String,
}

impl fmt::Display for AdapterSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, {})", self.name, self.backend, self.device_type)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    Storage {
        read_only: bool,
    },
    Uniform,
    /// A texture; `Binding::initial` holds every layer and level packed, the read-back bytes
    /// level 0 (see [`TextureShape`]).
    Texture(TextureShape),
    /// A sampler (`Binding::initial` is unused).
    Sampler(SamplerShape),
}

/// A job binding's GPU object.
enum Resource {
    Buffer(wgpu::Buffer),
    Texture(TextureShape, wgpu::Texture, wgpu::TextureView),
    Sampler(wgpu::Sampler),
}

/// One buffer of a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub group: u32,
    pub binding: u32,
    pub name: String,
    pub kind: BindingKind,
    /// Initial contents; the buffer has this size (rounded up to 4 bytes).
    pub initial: Vec<u8>,
    /// Read the contents back after the dispatch.
    pub readback: bool,
}

/// A compute dispatch of one WGSL entry point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputeJob {
    pub wgsl: String,
    pub entry: String,
    pub bindings: Vec<Binding>,
    /// Workgroup counts.
    pub dispatch: [u32; 3],
    /// Dispatches in one pass (for timing); buffers carry over from one to the next. At least 1.
    pub iterations: u32,
}

impl ComputeJob {
    pub fn new(wgsl: impl Into<String>, entry: impl Into<String>) -> ComputeJob {
        ComputeJob {
            wgsl: wgsl.into(),
            entry: entry.into(),
            bindings: Vec::new(),
            dispatch: [1, 1, 1],
            iterations: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// The read-back buffers, in binding order.
    pub buffers: Vec<(String, Vec<u8>)>,
    /// GPU time of the compute pass divided by `iterations`, from timestamp queries when the device
    /// has them.
    pub gpu_time_ns: Option<f64>,
    /// Submit-to-finish wall time of the whole pass (all iterations, without readback).
    pub wall_time: Duration,
    /// Shader module and pipeline creation (lavapipe compiles with LLVM here).
    pub pipeline_time: Duration,
}

impl RunResult {
    pub fn buffer(&self, name: &str) -> Option<&[u8]> {
        self.buffers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

/// Little-endian bytes to 32-bit words (a trailing partial word is zero-extended).
pub fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut word = [0u8; 4];
            word[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(word)
        })
        .collect()
}

pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// An open device. Errors that wgpu reports outside an error scope are collected rather than
/// panicking (wgpu's default handler panics). `Gpu` is `Send + Sync`: error scopes are per thread,
/// so jobs may run from several threads at once. A device that timed out or was lost is replaced
/// by a new one (same adapter choice) when the next job starts.
pub struct Gpu {
    state: Mutex<Arc<DeviceState>>,
    summary: AdapterSummary,
    features: wgpu::Features,
    limits: wgpu::Limits,
    options: GpuOptions,
    /// How many times the device was replaced.
    replaced: AtomicU32,
}

/// One wgpu device and what its callbacks reported.
struct DeviceState {
    device: wgpu::Device,
    queue: wgpu::Queue,
    uncaptured: Arc<Mutex<Vec<String>>>,
    lost: Arc<Mutex<Option<String>>>,
    /// Set after a timeout: the GPU may still be running, and dropping the device would wait for it.
    wedged: AtomicBool,
}

impl DeviceState {
    fn lost_reason(&self) -> Option<String> {
        self.lost.lock().ok().and_then(|l| l.clone())
    }

    fn usable(&self) -> bool {
        !self.wedged.load(Ordering::Relaxed) && self.lost_reason().is_none()
    }
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu")
            .field("adapter", &self.summary)
            .finish()
    }
}

impl Drop for DeviceState {
    fn drop(&mut self) {
        if self.wedged.load(Ordering::Relaxed) {
            // Destroying a device with a runaway dispatch blocks until it ends: leak it instead.
            std::mem::forget(self.device.clone());
            std::mem::forget(self.queue.clone());
        }
    }
}

fn summarize(info: &wgpu::AdapterInfo) -> AdapterSummary {
    AdapterSummary {
        name: info.name.clone(),
        backend: format!("{:?}", info.backend),
        device_type: format!("{:?}", info.device_type),
        driver: format!("{} {}", info.driver, info.driver_info)
            .trim()
            .to_string(),
    }
}

/// Preference among non-GL adapters: real GPUs first.
fn adapter_rank(info: &wgpu::AdapterInfo) -> u32 {
    let backend = if info.backend == wgpu::Backend::Gl {
        10
    } else {
        0
    };
    backend
        + match info.device_type {
            wgpu::DeviceType::DiscreteGpu => 0,
            wgpu::DeviceType::IntegratedGpu => 1,
            wgpu::DeviceType::VirtualGpu => 2,
            wgpu::DeviceType::Cpu => 3,
            wgpu::DeviceType::Other => 4,
        }
}

/// The best adapter: `WGPU_ADAPTER_NAME` (substring, case-insensitive) when set, else a
/// discrete, integrated, virtual, then CPU adapter; `WGPU_BACKEND` limits the backends.
async fn select_adapter(options: &GpuOptions) -> Result<wgpu::Adapter, GpuError> {
    let descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    let backends = descriptor.backends;
    let instance = wgpu::Instance::new(descriptor);
    let adapters = instance.enumerate_adapters(backends).await;
    let describe = |a: &wgpu::Adapter| {
        let info = a.get_info();
        format!("{} ({:?})", info.name, info.backend)
    };
    let found: Vec<String> = adapters.iter().map(describe).collect();
    let mut candidates: Vec<wgpu::Adapter> = adapters
        .into_iter()
        .filter(|a| options.allow_gl || a.get_info().backend != wgpu::Backend::Gl)
        .collect();
    if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
        let needle = wanted.to_lowercase();
        candidates.retain(|a| a.get_info().name.to_lowercase().contains(&needle));
        if candidates.is_empty() {
            return Err(GpuError::AdapterNameNotFound { wanted, found });
        }
    }
    candidates.sort_by_key(|a| adapter_rank(&a.get_info()));
    candidates.into_iter().next().ok_or(GpuError::NoAdapter {
        found,
        hint: DRIVER_HINT.to_string(),
    })
}

/// A device with callbacks that record errors and loss instead of panicking.
async fn open_device(
    adapter: &wgpu::Adapter,
    features: wgpu::Features,
    limits: &wgpu::Limits,
) -> Result<DeviceState, GpuError> {
    let (device, queue) = adapter
        .request_device(&wgpu::DeviceDescriptor {
            label: Some("dslang"),
            required_features: features,
            required_limits: limits.clone(),
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        })
        .await
        .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
    let uncaptured = Arc::new(Mutex::new(Vec::new()));
    let sink = uncaptured.clone();
    device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
        if let Ok(mut errors) = sink.lock() {
            errors.push(error.to_string());
        }
    }));
    let lost = Arc::new(Mutex::new(None));
    let lost_sink = lost.clone();
    device.set_device_lost_callback(move |reason, message| {
        if let Ok(mut slot) = lost_sink.lock() {
            *slot = Some(format!("{reason:?}: {message}"));
        }
    });
    Ok(DeviceState {
        device,
        queue,
        uncaptured,
        lost,
        wedged: AtomicBool::new(false),
    })
}

/// A device opened the way [`Gpu::new`] opens one (same adapter choice, features and limits,
/// errors collected instead of wgpu's panicking default), for hosts that keep their own
/// pipelines and buffers between dispatches (crates/bench-gpu).
pub struct OpenedDevice {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub features: wgpu::Features,
    pub limits: wgpu::Limits,
    pub summary: AdapterSummary,
    /// Uncaptured wgpu errors since the last time the host took them.
    pub errors: Arc<Mutex<Vec<String>>>,
}

/// Opens the adapter [`Gpu::new`] would, with the optional features of [`WANTED_FEATURES`] it has.
pub fn open_device_for_host(options: &GpuOptions) -> Result<OpenedDevice, GpuError> {
    pollster::block_on(async {
        let adapter = select_adapter(options).await?;
        let features = adapter.features() & WANTED_FEATURES;
        let limits = adapter.limits();
        let state = open_device(&adapter, features, &limits).await?;
        Ok(OpenedDevice {
            // DeviceState has a Drop impl; its device and queue are handles (cheap clones).
            device: state.device.clone(),
            queue: state.queue.clone(),
            features,
            limits,
            summary: summarize(&adapter.get_info()),
            errors: state.uncaptured.clone(),
        })
    })
}

impl Gpu {
    /// Opens the best adapter: `WGPU_ADAPTER_NAME` (substring, case-insensitive) when set, else a
    /// discrete, integrated, virtual, then CPU adapter. `WGPU_BACKEND` limits the backends.
    pub fn new(options: GpuOptions) -> Result<Gpu, GpuError> {
        pollster::block_on(Self::new_async(options))
    }

    async fn new_async(options: GpuOptions) -> Result<Gpu, GpuError> {
        let adapter = select_adapter(&options).await?;
        let info = adapter.get_info();
        let features = adapter.features() & WANTED_FEATURES;
        let limits = adapter.limits();
        let state = open_device(&adapter, features, &limits).await?;
        Ok(Gpu {
            state: Mutex::new(Arc::new(state)),
            summary: summarize(&info),
            features,
            limits,
            options,
            replaced: AtomicU32::new(0),
        })
    }

    /// The device for the next job: the current one, or a new one when it timed out or was lost.
    fn device_state(&self) -> Result<Arc<DeviceState>, GpuError> {
        let mut current = self
            .state
            .lock()
            .map_err(|_| GpuError::DeviceLost("a job panicked while holding the device".into()))?;
        if current.usable() {
            return Ok(current.clone());
        }
        let fresh = pollster::block_on(async {
            let adapter = select_adapter(&self.options).await?;
            // The same adapter is chosen again; the features and limits must still hold.
            open_device(&adapter, self.features, &self.limits).await
        })?;
        *current = Arc::new(fresh);
        self.replaced.fetch_add(1, Ordering::Relaxed);
        Ok(current.clone())
    }

    /// How many times a device that timed out or was lost has been replaced.
    pub fn devices_replaced(&self) -> u32 {
        self.replaced.load(Ordering::Relaxed)
    }

    pub fn adapter_info(&self) -> &AdapterSummary {
        &self.summary
    }

    /// The optional features the device was opened with (a subset of [`WANTED_FEATURES`]).
    pub fn features(&self) -> wgpu::Features {
        self.features
    }

    pub fn limits(&self) -> &wgpu::Limits {
        &self.limits
    }

    fn check_job(&self, job: &ComputeJob) -> Result<(), GpuError> {
        let max_groups = self.limits.max_compute_workgroups_per_dimension;
        if job.dispatch.iter().any(|&d| d > max_groups) {
            return Err(GpuError::InvalidJob(format!(
                "dispatch {:?} exceeds {max_groups} workgroups per dimension",
                job.dispatch
            )));
        }
        // Drivers count workgroups in 32 bits (lavapipe wraps silently and computes wrong
        // results): a dispatch whose total overflows that is refused, not run.
        let total: u64 = job.dispatch.iter().map(|&d| u64::from(d)).product();
        if total > u64::from(u32::MAX) {
            return Err(GpuError::InvalidJob(format!(
                "dispatch {:?} is {total} workgroups in all; at most {} run correctly: split the work into several dispatches",
                job.dispatch,
                u32::MAX
            )));
        }
        if job.iterations == 0 {
            return Err(GpuError::InvalidJob("iterations must be at least 1".into()));
        }
        if let Some(over) = crate::private_memory::over_limit(&job.wgsl) {
            return Err(GpuError::InvalidJob(format!(
                "the program needs {} bytes of private memory per invocation (locals and \
                 `static` globals; `{}` alone {} bytes), more than the limit of {} bytes: make \
                 large arrays `groupshared` or buffers",
                over.bytes,
                over.largest,
                over.largest_bytes,
                crate::private_memory::MAX_PRIVATE_BYTES
            )));
        }
        for (i, a) in job.bindings.iter().enumerate() {
            if job.bindings[..i]
                .iter()
                .any(|b| (b.group, b.binding) == (a.group, a.binding))
            {
                return Err(GpuError::InvalidJob(format!(
                    "two buffers at @group({}) @binding({})",
                    a.group, a.binding
                )));
            }
            if a.group >= self.limits.max_bind_groups {
                return Err(GpuError::InvalidJob(format!(
                    "buffer `{}` uses @group({}), the device has {} groups",
                    a.name, a.group, self.limits.max_bind_groups
                )));
            }
            if let BindingKind::Texture(shape) = a.kind {
                let max = match shape.view {
                    wgpu::TextureViewDimension::D1 => self.limits.max_texture_dimension_1d,
                    wgpu::TextureViewDimension::D3 => self.limits.max_texture_dimension_3d,
                    _ => self.limits.max_texture_dimension_2d,
                };
                let sides = [shape.width, shape.height, shape.depth_or_layers];
                if sides.iter().any(|&s| s == 0 || s > max)
                    || shape.depth_or_layers > self.limits.max_texture_array_layers.max(max)
                {
                    return Err(GpuError::InvalidJob(format!(
                        "texture `{}` is {}x{}x{}; sizes go from 1 to {max}",
                        a.name, shape.width, shape.height, shape.depth_or_layers
                    )));
                }
                continue;
            }
            if let BindingKind::Sampler(_) = a.kind {
                continue;
            }
            let size = padded_size(a.initial.len());
            let (limit, limit_name) = match a.kind {
                BindingKind::Storage { .. } => (
                    self.limits.max_storage_buffer_binding_size,
                    "max_storage_buffer_binding_size",
                ),
                BindingKind::Uniform | BindingKind::Texture(_) | BindingKind::Sampler(_) => (
                    self.limits.max_uniform_buffer_binding_size,
                    "max_uniform_buffer_binding_size",
                ),
            };
            let (limit, limit_name) = if self.limits.max_buffer_size < limit {
                (self.limits.max_buffer_size, "max_buffer_size")
            } else {
                (limit, limit_name)
            };
            if size > limit {
                return Err(GpuError::BufferTooLarge {
                    name: a.name.clone(),
                    size,
                    limit,
                    limit_name,
                });
            }
        }
        Ok(())
    }

    /// Compiles, binds, dispatches and reads back. Shader and pipeline errors become
    /// [`GpuError::Validation`]; a dispatch longer than the timeout becomes [`GpuError::Timeout`]
    /// and a lost device [`GpuError::DeviceLost`]; after either, the next job gets a new device.
    pub fn run_compute(&self, job: &ComputeJob) -> Result<RunResult, GpuError> {
        self.check_job(job)?;
        let state = self.device_state()?;
        let result = pollster::block_on(self.run_async(&state, job));
        if let Some(reason) = state.lost_reason() {
            return Err(GpuError::DeviceLost(reason));
        }
        if let Some(error) = take_uncaptured(&state) {
            return Err(GpuError::Validation(error));
        }
        result
    }

    async fn run_async(
        &self,
        state: &DeviceState,
        job: &ComputeJob,
    ) -> Result<RunResult, GpuError> {
        let device = &state.device;
        let oom_scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation_scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let pipeline_start = Instant::now();
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("job"),
            source: wgpu::ShaderSource::Wgsl(crate::wgsl_for_naga(&job.wgsl)),
        });
        // An explicit layout so every job buffer binds, even one the entry point never touches.
        let group_count = job.bindings.iter().map(|b| b.group + 1).max().unwrap_or(0);
        let group_layouts: Vec<wgpu::BindGroupLayout> = (0..group_count)
            .map(|group| {
                let entries: Vec<wgpu::BindGroupLayoutEntry> = job
                    .bindings
                    .iter()
                    .filter(|b| b.group == group)
                    .map(|b| wgpu::BindGroupLayoutEntry {
                        binding: b.binding,
                        visibility: wgpu::ShaderStages::COMPUTE,
                        ty: match b.kind {
                            BindingKind::Storage { read_only } => wgpu::BindingType::Buffer {
                                ty: wgpu::BufferBindingType::Storage { read_only },
                                has_dynamic_offset: false,
                                min_binding_size: None,
                            },
                            BindingKind::Uniform => wgpu::BindingType::Buffer {
                                ty: wgpu::BufferBindingType::Uniform,
                                has_dynamic_offset: false,
                                min_binding_size: None,
                            },
                            BindingKind::Texture(shape) => shape.layout_type(self.features),
                            BindingKind::Sampler(sampler) => sampler.layout_type(),
                        },
                        count: None,
                    })
                    .collect();
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: None,
                    entries: &entries,
                })
            })
            .collect();
        let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> =
            group_layouts.iter().map(Some).collect();
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &layout_refs,
            immediate_size: 0,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("job"),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some(&job.entry),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            cache: None,
        });
        if let Some(error) = validation_scope.pop().await {
            drop(oom_scope);
            return Err(GpuError::Validation(error.to_string()));
        }
        let pipeline_time = pipeline_start.elapsed();

        let validation_scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let resources: Vec<Resource> = job
            .bindings
            .iter()
            .map(|b| {
                if let BindingKind::Texture(shape) = b.kind {
                    let (texture, view) = shape.create(device, &state.queue, &b.name, &b.initial);
                    return Resource::Texture(shape, texture, view);
                }
                if let BindingKind::Sampler(sampler) = b.kind {
                    return Resource::Sampler(sampler.create(device, &b.name));
                }
                let mut contents = b.initial.clone();
                contents.resize(padded_size(contents.len()) as usize, 0);
                let usage = match b.kind {
                    BindingKind::Storage { .. } => wgpu::BufferUsages::STORAGE,
                    BindingKind::Uniform | BindingKind::Texture(_) | BindingKind::Sampler(_) => {
                        wgpu::BufferUsages::UNIFORM
                    }
                } | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST;
                // Not `create_buffer_init`: it panics when the device was lost meanwhile;
                // `write_buffer` reports through the error scope instead.
                let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(&b.name),
                    size: contents.len() as u64,
                    usage,
                    mapped_at_creation: false,
                });
                state.queue.write_buffer(&buffer, 0, &contents);
                Resource::Buffer(buffer)
            })
            .collect();
        let bind_groups: Vec<wgpu::BindGroup> = group_layouts
            .iter()
            .enumerate()
            .map(|(group, layout)| {
                let entries: Vec<wgpu::BindGroupEntry> = job
                    .bindings
                    .iter()
                    .zip(&resources)
                    .filter(|(b, _)| b.group == group as u32)
                    .map(|(b, resource)| wgpu::BindGroupEntry {
                        binding: b.binding,
                        resource: match resource {
                            Resource::Buffer(buffer) => buffer.as_entire_binding(),
                            Resource::Texture(_, _, view) => {
                                wgpu::BindingResource::TextureView(view)
                            }
                            Resource::Sampler(sampler) => wgpu::BindingResource::Sampler(sampler),
                        },
                    })
                    .collect();
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout,
                    entries: &entries,
                })
            })
            .collect();
        let timestamps = self
            .features
            .contains(wgpu::Features::TIMESTAMP_QUERY)
            .then(|| {
                let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                    label: None,
                    ty: wgpu::QueryType::Timestamp,
                    count: 2,
                });
                let resolve = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: 16,
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                });
                let read = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: 16,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                (set, resolve, read)
            });
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("job"),
                timestamp_writes: timestamps.as_ref().map(|(set, _, _)| {
                    wgpu::ComputePassTimestampWrites {
                        query_set: set,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    }
                }),
            });
            pass.set_pipeline(&pipeline);
            for (index, group) in bind_groups.iter().enumerate() {
                pass.set_bind_group(index as u32, group, &[]);
            }
            for _ in 0..job.iterations {
                pass.dispatch_workgroups(job.dispatch[0], job.dispatch[1], job.dispatch[2]);
            }
        }
        if let Some((set, resolve, read)) = &timestamps {
            encoder.resolve_query_set(set, 0..2, resolve, 0);
            encoder.copy_buffer_to_buffer(resolve, 0, read, 0, 16);
        }
        let staging: Vec<(usize, wgpu::Buffer)> = job
            .bindings
            .iter()
            .enumerate()
            .filter(|(_, b)| b.readback)
            .filter_map(|(i, _)| match &resources[i] {
                Resource::Buffer(buffer) => {
                    let size = buffer.size();
                    let read = device.create_buffer(&wgpu::BufferDescriptor {
                        label: None,
                        size,
                        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    });
                    encoder.copy_buffer_to_buffer(buffer, 0, &read, 0, size);
                    Some((i, read))
                }
                Resource::Texture(shape, texture, _) => {
                    Some((i, shape.copy_out(device, &mut encoder, texture)))
                }
                // A sampler has no contents to read.
                Resource::Sampler(_) => None,
            })
            .collect();
        if let Some(error) = validation_scope.pop().await {
            drop(oom_scope);
            return Err(GpuError::Validation(error.to_string()));
        }
        if let Some(error) = oom_scope.pop().await {
            return Err(GpuError::OutOfMemory(error.to_string()));
        }

        let start = Instant::now();
        let submission = state.queue.submit([encoder.finish()]);
        self.wait(state, Some(submission))?;
        let wall_time = start.elapsed();

        let mut to_map: Vec<&wgpu::Buffer> = staging.iter().map(|(_, b)| b).collect();
        if let Some((_, _, read)) = &timestamps {
            to_map.push(read);
        }
        let outcomes: Arc<Mutex<Vec<Result<(), String>>>> = Arc::new(Mutex::new(Vec::new()));
        for buffer in &to_map {
            let outcomes = outcomes.clone();
            buffer.map_async(wgpu::MapMode::Read, .., move |result| {
                if let Ok(mut o) = outcomes.lock() {
                    o.push(result.map_err(|e| e.to_string()));
                }
            });
        }
        self.wait(state, None)?;
        let outcomes = outcomes
            .lock()
            .map_err(|_| GpuError::Readback("map callback panicked".into()))?
            .clone();
        if outcomes.len() != to_map.len() {
            return Err(GpuError::Readback(format!(
                "{} of {} buffers were mapped",
                outcomes.len(),
                to_map.len()
            )));
        }
        if let Some(Err(e)) = outcomes.iter().find(|o| o.is_err()) {
            return Err(GpuError::Readback(e.clone()));
        }
        let read_all = |buffer: &wgpu::Buffer| -> Result<Vec<u8>, GpuError> {
            let bytes = buffer
                .get_mapped_range(..)
                .map_err(|e| GpuError::Readback(e.to_string()))?
                .to_vec();
            buffer.unmap();
            Ok(bytes)
        };
        let mut out = Vec::with_capacity(staging.len());
        for (index, read) in &staging {
            let binding = &job.bindings[*index];
            let mut bytes = read_all(read)?;
            match binding.kind {
                BindingKind::Texture(shape) => bytes = shape.unpad(&bytes),
                _ => bytes.truncate(binding.initial.len()),
            }
            out.push((binding.name.clone(), bytes));
        }
        let gpu_time_ns = match &timestamps {
            Some((_, _, read)) => {
                let words = read_all(read)?;
                let start = u64::from_le_bytes(words[0..8].try_into().unwrap_or_default());
                let end = u64::from_le_bytes(words[8..16].try_into().unwrap_or_default());
                let period = f64::from(state.queue.get_timestamp_period());
                Some(end.saturating_sub(start) as f64 * period / f64::from(job.iterations))
            }
            None => None,
        };
        Ok(RunResult {
            buffers: out,
            gpu_time_ns,
            wall_time,
            pipeline_time,
        })
    }

    /// Waits for a submission (or all work) with the configured timeout.
    fn wait(
        &self,
        state: &DeviceState,
        submission: Option<wgpu::SubmissionIndex>,
    ) -> Result<(), GpuError> {
        let result = state.device.poll(wgpu::PollType::Wait {
            submission_index: submission,
            timeout: Some(self.options.timeout),
        });
        if let Some(reason) = state.lost_reason() {
            return Err(GpuError::DeviceLost(reason));
        }
        match result {
            Ok(_) => Ok(()),
            Err(wgpu::PollError::Timeout) => {
                state.wedged.store(true, Ordering::Relaxed);
                Err(GpuError::Timeout(self.options.timeout))
            }
            Err(e) => {
                // The device cannot be trusted after a failed wait: the next job gets a new one.
                state.wedged.store(true, Ordering::Relaxed);
                Err(GpuError::DeviceLost(e.to_string()))
            }
        }
    }

    /// Destroys the current device, as a driver reset would: wgpu reports it through the
    /// device-lost callback, the job in flight (if any) fails with [`GpuError::DeviceLost`] and
    /// the next job opens a new device. Hosts call it to give GPU memory back at once.
    pub fn destroy_device(&self) {
        if let Ok(state) = self.state.lock() {
            state.device.destroy();
            // wgpu calls the device-lost callback from a poll; until then, say so here.
            if let Ok(mut slot) = state.lost.lock() {
                slot.get_or_insert_with(|| "Destroyed: the host destroyed the device".into());
            }
        }
    }
}

fn take_uncaptured(state: &DeviceState) -> Option<String> {
    let mut errors = state.uncaptured.lock().ok()?;
    (!errors.is_empty()).then(|| std::mem::take(&mut *errors).join("\n"))
}

fn padded_size(len: usize) -> u64 {
    (len.max(4) as u64).div_ceil(4) * 4
}
