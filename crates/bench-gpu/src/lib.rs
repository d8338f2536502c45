//! B3 host: runs the benchmark kernels of `bench/gpu/manifest.json`, compiled by several compilers
//! (dslang and the reference slangc), on one wgpu device, and measures them the same way.
//!
//! - [`Manifest`]: the kernels, their dispatch size and their buffers (sizes per thread or fixed,
//!   deterministic contents).
//! - [`bind_buffers`]: binds a manifest's buffers to any compiler's WGSL by naga reflection (names
//!   match exactly or with slangc's `_N` suffix), so no compiler's layout is assumed.
//! - [`run_kernel`]: one checked run (checksums of the result buffers, so that the compilers'
//!   outputs can be compared), then timed repeats; the median per-dispatch time.
//! - [`context_size`]: the per-thread intermediate context of a reverse-mode kernel, read from its
//!   WGSL (dslang's `tape*` locals, slangc's `s_bwdCallableCtx_*` structs).

use std::collections::BTreeMap;

use gpu::{Binding, ComputeJob, Gpu, names_match, reflect_wgsl};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    pub kernels: Vec<KernelSpec>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct KernelSpec {
    /// Unique name of the measurement (a kernel may be measured with several parameters).
    pub name: String,
    /// The Slang source, relative to the manifest; its stem names the WGSL files.
    pub source: String,
    pub group: String,
    pub variant: String,
    /// `primal`, `fwd` or `bwd`.
    pub mode: String,
    pub workgroup_size: u32,
    /// Workgroups at full size (x dimension).
    pub groups: u32,
    pub buffers: Vec<BufferSpec>,
    #[serde(default)]
    pub param: Option<u32>,
    /// Optional device features the kernel needs (`subgroup`); without them it is skipped.
    #[serde(default)]
    pub requires: Vec<String>,
}

impl KernelSpec {
    /// The first of `requires` that `features` lacks, or an unknown name (as an error).
    pub fn missing_feature(&self, features: gpu::Features) -> Result<Option<&str>, String> {
        for name in &self.requires {
            let feature = match name.as_str() {
                "subgroup" => gpu::Features::SUBGROUP,
                "shader_f64" => gpu::Features::SHADER_F64,
                "shader_f16" => gpu::Features::SHADER_F16,
                other => return Err(format!("{}: unknown required feature `{other}`", self.name)),
            };
            if !features.contains(feature) {
                return Ok(Some(name));
            }
        }
        Ok(None)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct BufferSpec {
    pub name: String,
    #[serde(rename = "type")]
    pub elem: ElemKind,
    /// Elements per thread of the dispatch...
    #[serde(default)]
    pub per_thread: Option<u64>,
    /// ...or a fixed element count.
    #[serde(default)]
    pub count: Option<u64>,
    pub fill: Fill,
    /// Read the buffer back after the first run and record its checksum.
    #[serde(default)]
    pub check: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ElemKind {
    F32,
    U32,
    I32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Fill {
    /// `"zeros"`
    Named(String),
    /// `{"uniform": [lo, hi], "seed": s}`: deterministic pseudo-random values in [lo, hi).
    Uniform { uniform: [f64; 2], seed: u64 },
    /// `{"data": [...]}`: the values, repeated to the buffer's length.
    Data { data: Vec<f64> },
}

impl KernelSpec {
    /// Workgroups after dividing the full size by `scale` (at least one).
    pub fn scaled_groups(&self, scale: u32) -> u32 {
        (self.groups / scale.max(1)).max(1)
    }

    /// The WGSL file name for this kernel: the source's stem with `.wgsl`.
    pub fn wgsl_name(&self) -> String {
        let file = self.source.rsplit('/').next().unwrap_or(&self.source);
        let stem = file.strip_suffix(".slang").unwrap_or(file);
        format!("{stem}.wgsl")
    }
}

impl BufferSpec {
    pub fn elements(&self, threads: u64) -> u64 {
        match (self.per_thread, self.count) {
            (Some(per_thread), _) => per_thread * threads,
            (None, Some(count)) => count,
            (None, None) => 1,
        }
    }

    /// The buffer's initial bytes (little-endian 32-bit words).
    pub fn contents(&self, threads: u64) -> Result<Vec<u8>, String> {
        let n = self.elements(threads) as usize;
        let values: Vec<f64> = match &self.fill {
            Fill::Named(name) if name == "zeros" => vec![0.0; n],
            Fill::Named(name) => {
                return Err(format!("buffer `{}`: unknown fill `{name}`", self.name));
            }
            Fill::Uniform {
                uniform: [lo, hi],
                seed,
            } => {
                let mut state = *seed ^ 0x9E37_79B9_7F4A_7C15;
                (0..n)
                    .map(|_| lo + (hi - lo) * unit_interval(&mut state))
                    .collect()
            }
            Fill::Data { data } if data.is_empty() => {
                return Err(format!("buffer `{}`: empty data", self.name));
            }
            Fill::Data { data } => data.iter().copied().cycle().take(n).collect(),
        };
        Ok(values
            .into_iter()
            .flat_map(|v| match self.elem {
                ElemKind::F32 => (v as f32).to_le_bytes(),
                ElemKind::U32 => (v as u32).to_le_bytes(),
                ElemKind::I32 => (v as i32).to_le_bytes(),
            })
            .collect())
    }
}

/// SplitMix64 mapped to [0, 1): the same contents on every machine.
fn unit_interval(state: &mut u64) -> f64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// Whether the WGSL global `wgsl_name` is the source's buffer `name`: the same name, slangc's
/// `name_N`, or dslang's `name_` (a WGSL reserved word such as `target` gets a trailing `_`).
pub fn binds_to(wgsl_name: &str, name: &str) -> bool {
    names_match(wgsl_name, name) || wgsl_name.strip_suffix('_') == Some(name)
}

/// The buffers of one job, bound to the globals of `wgsl` by name. Every global needs a manifest
/// buffer (an unbound one would read zeros and time the wrong work); a manifest buffer the module
/// does not use is left out (compilers drop unused globals).
pub fn bind_buffers(spec: &KernelSpec, wgsl: &str, threads: u64) -> Result<Vec<Binding>, String> {
    let info = reflect_wgsl(wgsl)?;
    let mut bindings = Vec::new();
    for resource in &info.resources {
        let buffer = spec
            .buffers
            .iter()
            .find(|b| binds_to(&resource.name, &b.name));
        let Some(buffer) = buffer else {
            return Err(format!(
                "the module's global `{}` has no buffer in the manifest",
                resource.name
            ));
        };
        bindings.push(Binding {
            group: resource.group,
            binding: resource.binding,
            // The manifest's name, so that results of both compilers line up.
            name: buffer.name.clone(),
            kind: resource.kind,
            initial: buffer.contents(threads)?,
            readback: buffer.check,
        });
    }
    if let Some(missing) = spec
        .buffers
        .iter()
        .find(|b| b.check && !info.resources.iter().any(|r| binds_to(&r.name, &b.name)))
    {
        return Err(format!(
            "the module has no global for the checked buffer `{}`",
            missing.name
        ));
    }
    Ok(bindings)
}

/// What the first run of a kernel produced in one checked buffer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Checksum {
    /// Sum of the values (as f32 for f32 buffers, else as integers), in f64.
    pub sum: f64,
    /// Sum of the absolute values: the scale for comparing sums.
    pub abs_sum: f64,
    pub first: Vec<f64>,
    pub non_finite: usize,
}

pub fn checksum(elem: ElemKind, bytes: &[u8]) -> Checksum {
    let values: Vec<f64> = bytes
        .chunks_exact(4)
        .map(|c| {
            let word = [c[0], c[1], c[2], c[3]];
            match elem {
                ElemKind::F32 => f64::from(f32::from_le_bytes(word)),
                ElemKind::U32 => f64::from(u32::from_le_bytes(word)),
                ElemKind::I32 => f64::from(i32::from_le_bytes(word)),
            }
        })
        .collect();
    let finite = values.iter().filter(|v| v.is_finite());
    Checksum {
        sum: finite.clone().sum(),
        abs_sum: finite.map(|v| v.abs()).sum(),
        first: values.iter().take(4).copied().collect(),
        non_finite: values.iter().filter(|v| !v.is_finite()).count(),
    }
}

/// Timing settings.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// Timed runs; the result is their median.
    pub reps: u32,
    /// Each timed run dispatches this long in one pass (at least once, at most `max_iterations`).
    pub target_ms: f64,
    pub max_iterations: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    /// Median over the timed runs of the time per dispatch.
    pub median_ms: f64,
    pub samples_ms: Vec<f64>,
    pub iterations: u32,
    /// `timestamp` (GPU timestamp queries around the pass) or `wall` (submit to finish).
    pub clock: &'static str,
    pub pipeline_ms: f64,
    pub checks: BTreeMap<String, Checksum>,
}

fn per_dispatch_ms(result: &gpu::RunResult, iterations: u32) -> (f64, &'static str) {
    match result.gpu_time_ns {
        Some(ns) if ns > 0.0 => (ns / 1e6, "timestamp"),
        _ => (
            result.wall_time.as_secs_f64() * 1e3 / f64::from(iterations),
            "wall",
        ),
    }
}

/// One checked run (buffers read back), then `timing.reps` timed runs without readback.
pub fn run_kernel(
    gpu: &Gpu,
    spec: &KernelSpec,
    wgsl: &str,
    scale: u32,
    timing: Timing,
) -> Result<Measurement, String> {
    let groups = spec.scaled_groups(scale);
    let threads = u64::from(groups) * u64::from(spec.workgroup_size);
    let bindings = bind_buffers(spec, wgsl, threads)?;
    let entry = reflect_wgsl(wgsl)?
        .compute_entries
        .first()
        .cloned()
        .ok_or("the module has no compute entry point")?;
    let mut job = ComputeJob::new(wgsl, entry);
    job.bindings = bindings;
    job.dispatch = [groups, 1, 1];
    let first = gpu.run_compute(&job).map_err(|e| e.to_string())?;
    let mut checks = BTreeMap::new();
    for (name, bytes) in &first.buffers {
        let elem = spec
            .buffers
            .iter()
            .find(|b| &b.name == name)
            .map_or(ElemKind::F32, |b| b.elem);
        checks.insert(name.clone(), checksum(elem, bytes));
    }
    let (pilot_ms, _) = per_dispatch_ms(&first, 1);
    let iterations = if pilot_ms > 0.0 {
        (timing.target_ms / pilot_ms)
            .round()
            .clamp(1.0, f64::from(timing.max_iterations)) as u32
    } else {
        timing.max_iterations
    };
    for binding in &mut job.bindings {
        binding.readback = false;
    }
    job.iterations = iterations;
    let mut samples = Vec::new();
    let mut clock = "wall";
    let mut pipeline_ms = first.pipeline_time.as_secs_f64() * 1e3;
    for _ in 0..timing.reps.max(1) {
        let result = gpu.run_compute(&job).map_err(|e| e.to_string())?;
        let (ms, used) = per_dispatch_ms(&result, iterations);
        samples.push(ms);
        clock = used;
        pipeline_ms = pipeline_ms.min(result.pipeline_time.as_secs_f64() * 1e3);
    }
    let mut sorted = samples.clone();
    sorted.sort_by(f64::total_cmp);
    Ok(Measurement {
        median_ms: sorted[sorted.len() / 2],
        samples_ms: samples,
        iterations,
        clock,
        pipeline_ms,
        checks,
    })
}

/// The per-thread intermediate context of a derivative kernel, from its WGSL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContextSize {
    /// Bytes per thread.
    pub bytes: u32,
    /// How it was found, with the parts: `tape locals: f.tape6_ 516, ...` or `struct X`.
    pub how: String,
}

/// dslang keeps each tape in a function-local array named `tape<N>_`: the context is the sum of
/// those locals over all functions (an upper bound when derivative functions call each other; the
/// exact figure for one `bwd_diff` of one function). slangc packs the context into
/// `s_bwdCallableCtx_*` structs, the outermost holding the nested ones: the context is the largest
/// of them. `None`: the module keeps no context (a primal or forward kernel, or no loops).
pub fn context_size(wgsl: &str) -> Result<Option<ContextSize>, String> {
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    let gctx = module.to_ctx();
    let mut parts = Vec::new();
    let mut tape_bytes = 0;
    let functions = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|e| &e.function));
    for function in functions {
        for (_, local) in function.local_variables.iter() {
            let Some(name) = local.name.as_deref() else {
                continue;
            };
            if name.starts_with("tape") {
                let size = module.types[local.ty].inner.size(gctx);
                tape_bytes += size;
                parts.push(format!(
                    "{}.{name} {size}",
                    function.name.as_deref().unwrap_or("?")
                ));
            }
        }
    }
    if tape_bytes > 0 {
        return Ok(Some(ContextSize {
            bytes: tape_bytes,
            how: format!("tape locals: {}", parts.join(", ")),
        }));
    }
    let largest = module
        .types
        .iter()
        .filter(|(_, t)| {
            t.name
                .as_deref()
                .is_some_and(|n| n.starts_with("s_bwdCallableCtx_"))
        })
        .map(|(_, t)| (t.inner.size(gctx), t.name.clone().unwrap_or_default()))
        .max();
    Ok(largest.map(|(bytes, name)| ContextSize {
        bytes,
        how: format!("struct {name}"),
    }))
}
