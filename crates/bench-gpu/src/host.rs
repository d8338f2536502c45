//! A wgpu host that keeps pipelines and buffers between dispatches, so that the kernels of several
//! compilers can be timed in alternation (`gpu::Gpu::run_compute` builds everything for each
//! call, which is right for tests but leaves the GPU idle between timed passes).
//!
//! A [`Prepared`] kernel owns its pipeline and buffers; [`Host::time_round`] records one compute
//! pass per kernel into a single submission, each pass bracketed by its own timestamp queries,
//! and returns the GPU time per dispatch of each pass.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gpu::{AdapterSummary, Binding, BindingKind};

/// How long one submission may take before the host gives up (the slowest B3 kernels take about
/// one second per dispatch on a real GPU, and a round holds one pass per compiler).
const WAIT_LIMIT: Duration = Duration::from_secs(120);

pub struct Host {
    device: wgpu::Device,
    queue: wgpu::Queue,
    features: wgpu::Features,
    limits: wgpu::Limits,
    summary: AdapterSummary,
    errors: Arc<Mutex<Vec<String>>>,
}

/// A kernel ready to dispatch: pipeline, buffers (kept between passes) and bind groups.
pub struct Prepared {
    pipeline: wgpu::ComputePipeline,
    bind_groups: Vec<wgpu::BindGroup>,
    buffers: Vec<(Binding, wgpu::Buffer)>,
    dispatch: [u32; 3],
    /// Shader module and pipeline creation.
    pub pipeline_time: Duration,
}

/// How [`Host::time_round`] measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Timestamp queries around each pass.
    Timestamp,
    /// Submit-to-finish wall time, one submission per pass (devices without timestamp queries).
    Wall,
}

impl Clock {
    pub fn name(self) -> &'static str {
        match self {
            Clock::Timestamp => "timestamp",
            Clock::Wall => "wall",
        }
    }
}

impl Host {
    /// Opens the adapter `gpu::Gpu` would (`WGPU_ADAPTER_NAME`, `WGPU_BACKEND` respected), with
    /// the optional features of `gpu::WANTED_FEATURES` it has.
    pub fn new() -> Result<Host, String> {
        let opened = gpu::open_device_for_host(&gpu::GpuOptions::default())
            .map_err(|e| format!("could not open the GPU device: {e}"))?;
        Ok(Host {
            device: opened.device,
            queue: opened.queue,
            features: opened.features,
            limits: opened.limits,
            summary: opened.summary,
            errors: opened.errors,
        })
    }

    pub fn adapter_info(&self) -> &AdapterSummary {
        &self.summary
    }

    pub fn features(&self) -> wgpu::Features {
        self.features
    }

    fn take_errors(&self) -> Result<(), String> {
        let mut errors = self.errors.lock().map_err(|_| "error sink poisoned")?;
        if errors.is_empty() {
            Ok(())
        } else {
            Err(std::mem::take(&mut *errors).join("\n"))
        }
    }

    /// Compiles `wgsl`'s `entry` and creates its buffers with their initial contents. Only
    /// storage and uniform buffers (what the B3 kernels use).
    pub fn prepare(
        &self,
        wgsl: &str,
        entry: &str,
        bindings: Vec<Binding>,
        dispatch: [u32; 3],
    ) -> Result<Prepared, String> {
        let max_groups = self.limits.max_compute_workgroups_per_dimension;
        if dispatch.iter().any(|&d| d == 0 || d > max_groups) {
            return Err(format!(
                "dispatch {dispatch:?}: 1 to {max_groups} workgroups per dimension"
            ));
        }
        let device = &self.device;
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let oom = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let started = Instant::now();
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("kernel"),
            source: wgpu::ShaderSource::Wgsl(gpu::wgsl_for_naga(wgsl)),
        });
        let groups = bindings.iter().map(|b| b.group + 1).max().unwrap_or(0);
        let mut layouts = Vec::new();
        for group in 0..groups {
            let mut entries = Vec::new();
            for b in bindings.iter().filter(|b| b.group == group) {
                let ty = match b.kind {
                    BindingKind::Storage { read_only } => {
                        wgpu::BufferBindingType::Storage { read_only }
                    }
                    BindingKind::Uniform => wgpu::BufferBindingType::Uniform,
                    BindingKind::Texture(_) | BindingKind::Sampler(_) => {
                        return Err(format!("`{}`: bench-gpu binds buffers only", b.name));
                    }
                };
                entries.push(wgpu::BindGroupLayoutEntry {
                    binding: b.binding,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Buffer {
                        ty,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                });
            }
            layouts.push(
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: None,
                    entries: &entries,
                }),
            );
        }
        let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> = layouts.iter().map(Some).collect();
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &layout_refs,
            immediate_size: 0,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("kernel"),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some(entry),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            cache: None,
        });
        let pipeline_time = started.elapsed();
        let mut buffers = Vec::new();
        for b in bindings {
            let size = (b.initial.len().max(4) as u64).div_ceil(4) * 4;
            let usage = match b.kind {
                BindingKind::Uniform => wgpu::BufferUsages::UNIFORM,
                _ => wgpu::BufferUsages::STORAGE,
            } | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST;
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(&b.name),
                size,
                usage,
                mapped_at_creation: false,
            });
            let mut contents = b.initial.clone();
            contents.resize(size as usize, 0);
            self.queue.write_buffer(&buffer, 0, &contents);
            buffers.push((b, buffer));
        }
        let bind_groups = layouts
            .iter()
            .enumerate()
            .map(|(group, layout)| {
                let entries: Vec<wgpu::BindGroupEntry> = buffers
                    .iter()
                    .filter(|(b, _)| b.group == group as u32)
                    .map(|(b, buffer)| wgpu::BindGroupEntry {
                        binding: b.binding,
                        resource: buffer.as_entire_binding(),
                    })
                    .collect();
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout,
                    entries: &entries,
                })
            })
            .collect();
        let oom = pollster::block_on(oom.pop());
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(format!("GPU validation error: {error}"));
        }
        if let Some(error) = oom {
            return Err(format!("GPU out of memory: {error}"));
        }
        self.take_errors()?;
        Ok(Prepared {
            pipeline,
            bind_groups,
            buffers,
            dispatch,
            pipeline_time,
        })
    }

    fn record_pass(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        kernel: &Prepared,
        iterations: u32,
        timestamps: Option<(&wgpu::QuerySet, u32)>,
    ) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("timed"),
            timestamp_writes: timestamps.map(|(set, first)| wgpu::ComputePassTimestampWrites {
                query_set: set,
                beginning_of_pass_write_index: Some(first),
                end_of_pass_write_index: Some(first + 1),
            }),
        });
        pass.set_pipeline(&kernel.pipeline);
        for (index, group) in kernel.bind_groups.iter().enumerate() {
            pass.set_bind_group(index as u32, group, &[]);
        }
        let [x, y, z] = kernel.dispatch;
        for _ in 0..iterations.max(1) {
            pass.dispatch_workgroups(x, y, z);
        }
    }

    fn submit_and_wait(&self, encoder: wgpu::CommandEncoder) -> Result<Duration, String> {
        let started = Instant::now();
        let submission = self.queue.submit([encoder.finish()]);
        self.device
            .poll(wgpu::PollType::Wait {
                submission_index: Some(submission),
                timeout: Some(WAIT_LIMIT),
            })
            .map_err(|e| format!("waiting for the GPU: {e}"))?;
        let elapsed = started.elapsed();
        self.take_errors()?;
        Ok(elapsed)
    }

    /// One round: for each `(kernel, iterations)`, in order, a compute pass of that many
    /// dispatches. Returns the milliseconds per dispatch of each pass. With timestamp queries
    /// the passes go into one submission (no idle gap between them); without, each pass is its
    /// own submission, timed on the wall clock.
    pub fn time_round(&self, passes: &[(&Prepared, u32)]) -> Result<(Vec<f64>, Clock), String> {
        if !self.features.contains(wgpu::Features::TIMESTAMP_QUERY) {
            let mut times = Vec::new();
            for (kernel, iterations) in passes {
                let mut encoder = self
                    .device
                    .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
                self.record_pass(&mut encoder, kernel, *iterations, None);
                let wall = self.submit_and_wait(encoder)?;
                times.push(wall.as_secs_f64() * 1e3 / f64::from((*iterations).max(1)));
            }
            return Ok((times, Clock::Wall));
        }
        let count = 2 * passes.len() as u32;
        let set = self.device.create_query_set(&wgpu::QuerySetDescriptor {
            label: None,
            ty: wgpu::QueryType::Timestamp,
            count,
        });
        let bytes = 8 * u64::from(count);
        let resolve = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: bytes,
            usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let read = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: bytes,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        for (i, (kernel, iterations)) in passes.iter().enumerate() {
            self.record_pass(
                &mut encoder,
                kernel,
                *iterations,
                Some((&set, 2 * i as u32)),
            );
        }
        encoder.resolve_query_set(&set, 0..count, &resolve, 0);
        encoder.copy_buffer_to_buffer(&resolve, 0, &read, 0, bytes);
        self.submit_and_wait(encoder)?;
        let words = self.read_buffer(&read)?;
        let period = f64::from(self.queue.get_timestamp_period());
        let stamp = |i: usize| {
            words
                .get(8 * i..8 * i + 8)
                .and_then(|w| w.try_into().ok())
                .map_or(0, u64::from_le_bytes)
        };
        let times = passes
            .iter()
            .enumerate()
            .map(|(i, (_, iterations))| {
                let ticks = stamp(2 * i + 1).saturating_sub(stamp(2 * i));
                ticks as f64 * period / 1e6 / f64::from((*iterations).max(1))
            })
            .collect();
        Ok((times, Clock::Timestamp))
    }

    /// One dispatch, then the buffers marked `readback`, by name.
    pub fn run_checked(&self, kernel: &Prepared) -> Result<Vec<(String, Vec<u8>)>, String> {
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        self.record_pass(&mut encoder, kernel, 1, None);
        let mut staging = Vec::new();
        for (binding, buffer) in kernel.buffers.iter().filter(|(b, _)| b.readback) {
            let read = self.device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: buffer.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            encoder.copy_buffer_to_buffer(buffer, 0, &read, 0, buffer.size());
            staging.push((binding, read));
        }
        self.submit_and_wait(encoder)?;
        let mut out = Vec::new();
        for (binding, read) in staging {
            let mut bytes = self.read_buffer(&read)?;
            bytes.truncate(binding.initial.len());
            out.push((binding.name.clone(), bytes));
        }
        Ok(out)
    }

    fn read_buffer(&self, buffer: &wgpu::Buffer) -> Result<Vec<u8>, String> {
        let outcome: Arc<Mutex<Option<Result<(), String>>>> = Arc::new(Mutex::new(None));
        let slot = outcome.clone();
        buffer.map_async(wgpu::MapMode::Read, .., move |result| {
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(result.map_err(|e| e.to_string()));
            }
        });
        self.device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: Some(WAIT_LIMIT),
            })
            .map_err(|e| format!("waiting for a readback: {e}"))?;
        let mapped = outcome
            .lock()
            .map_err(|_| "map callback panicked")?
            .clone()
            .unwrap_or_else(|| Err("the buffer was not mapped".into()));
        mapped?;
        let bytes = buffer
            .get_mapped_range(..)
            .map_err(|e| e.to_string())?
            .to_vec();
        buffer.unmap();
        Ok(bytes)
    }
}
