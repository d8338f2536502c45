//! B3 host: runs the benchmark kernels of `bench/gpu/manifest.json`, compiled by several compilers
//! (dslang and the reference slangc), on one wgpu device, and measures them the same way.
//!
//! - [`Manifest`]: the kernels, their dispatch size and their buffers (sizes per thread or fixed,
//!   deterministic contents).
//! - [`bind_buffers`]: binds a manifest's buffers to any compiler's WGSL by naga reflection (names
//!   match exactly or with slangc's `_N` suffix), so no compiler's layout is assumed.
//! - [`measure_kernel`]: the kernel of every compiler prepared once ([`host::Host`]), one checked
//!   run each (checksums of the result buffers, so that the compilers' outputs can be compared),
//!   then rounds that run one pass per compiler in alternating order (A B, B A, ...) in one
//!   submission: warm-up rounds until the times settle, then timed rounds. Per compiler the median
//!   per-dispatch time; per compiler against the reference (the last one) the median, quartiles
//!   and range of the per-round ratios, which the GPU's clock changes between rounds do not move.
//! - [`context_size`]: the per-thread intermediate context of a reverse-mode kernel, read from its
//!   WGSL (dslang's `tape*` locals, slangc's `s_bwdCallableCtx_*` structs).

use std::collections::BTreeMap;

use std::time::Instant;

use gpu::{Binding, names_match, reflect_wgsl};
use serde::{Deserialize, Serialize};

pub mod host;

pub use host::{Clock, Host, Prepared};

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

    /// The WGSL file name for this kernel: the source's stem with `.wgsl` (a source may be a
    /// hand-written `.wgsl` file itself).
    pub fn wgsl_name(&self) -> String {
        let file = self.source.rsplit('/').next().unwrap_or(&self.source);
        let stem = file
            .strip_suffix(".slang")
            .or_else(|| file.strip_suffix(".wgsl"))
            .unwrap_or(file);
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
    /// Timed rounds; each round runs one pass per compiler, in alternating order.
    pub rounds: u32,
    /// Each pass dispatches about this long (at least once, at most `max_iterations`).
    pub target_ms: f64,
    pub max_iterations: u32,
    /// Warm-up ends when each compiler's last three rounds are within this relative spread...
    pub tolerance: f64,
    /// ...or after this many warm-up rounds...
    pub warmup_rounds: u32,
    /// ...or after this much warm-up time (milliseconds of wall clock).
    pub warmup_ms: f64,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            rounds: 11,
            target_ms: 20.0,
            max_iterations: 200,
            tolerance: 0.05,
            warmup_rounds: 20,
            warmup_ms: 1500.0,
        }
    }
}

/// Per-round ratios of one compiler's time to the reference compiler's (the last one named).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatioStats {
    pub against: String,
    pub median: f64,
    /// Lower and upper quartiles (linear interpolation).
    pub q1: f64,
    pub q3: f64,
    pub min: f64,
    pub max: f64,
    pub rounds: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    /// Median over the timed rounds of the time per dispatch.
    pub median_ms: f64,
    /// Time per dispatch in each timed round.
    pub samples_ms: Vec<f64>,
    /// Dispatches per pass.
    pub iterations: u32,
    /// `timestamp` (GPU timestamp queries around each pass) or `wall` (submit to finish).
    pub clock: &'static str,
    pub pipeline_ms: f64,
    pub checks: BTreeMap<String, Checksum>,
    /// Warm-up rounds run before the timed ones (shared by all compilers of the kernel).
    pub warmup_rounds: u32,
    /// Whether the warm-up ended because every compiler's times had settled (else its round or
    /// time limit ended it).
    pub settled: bool,
    /// Against the reference compiler; absent for the reference itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<RatioStats>,
}

/// The `q` quantile of sorted values (linear interpolation between neighbours).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let position = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    sorted[below] + (sorted[above] - sorted[below]) * (position - below as f64)
}

fn sorted(values: &[f64]) -> Vec<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v
}

/// Median, quartiles and range of `ratios`.
pub fn ratio_stats(against: &str, ratios: &[f64]) -> RatioStats {
    let s = sorted(ratios);
    RatioStats {
        against: against.to_string(),
        median: quantile(&s, 0.5),
        q1: quantile(&s, 0.25),
        q3: quantile(&s, 0.75),
        min: s.first().copied().unwrap_or(f64::NAN),
        max: s.last().copied().unwrap_or(f64::NAN),
        rounds: s.len(),
    }
}

/// Whether the last three values are within `tolerance` of each other (relative to the least).
fn settled(history: &[f64], tolerance: f64) -> bool {
    let Some(last) = history.get(history.len().saturating_sub(3)..) else {
        return false;
    };
    if last.len() < 3 {
        return false;
    }
    let s = sorted(last);
    s[0] > 0.0 && s[2] / s[0] - 1.0 <= tolerance
}

/// Passes in round `round`: the given order in even rounds, reversed in odd ones, so that no
/// compiler always runs first (after an idle GPU) or last.
fn round_order(n: usize, round: u32) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    if round % 2 == 1 {
        order.reverse();
    }
    order
}

fn iterations_for(ms: f64, timing: Timing) -> u32 {
    if ms > 0.0 && ms.is_finite() {
        (timing.target_ms / ms)
            .round()
            .clamp(1.0, f64::from(timing.max_iterations.max(1))) as u32
    } else {
        timing.max_iterations.max(1)
    }
}

/// One kernel as compiled by several compilers (`(name, wgsl)`; the last is the reference of
/// the ratios): each is prepared and checked (one dispatch, checked buffers read back), then all
/// run in alternation: warm-up rounds until every compiler's per-dispatch time has settled, then
/// `timing.rounds` timed rounds. A compiler that fails to prepare or check gets its error; the
/// others are measured without it.
pub fn measure_kernel(
    host: &Host,
    spec: &KernelSpec,
    compilers: &[(String, String)],
    scale: u32,
    timing: Timing,
) -> Vec<Result<Measurement, String>> {
    let groups = spec.scaled_groups(scale);
    let threads = u64::from(groups) * u64::from(spec.workgroup_size);
    let prepared: Vec<Result<Checked, String>> = compilers
        .iter()
        .map(|(_, wgsl)| prepare_and_check(host, spec, wgsl, threads, groups))
        .collect();
    let live: Vec<usize> = (0..compilers.len())
        .filter(|&i| prepared[i].is_ok())
        .collect();
    let kernels: Vec<&Prepared> = live
        .iter()
        .filter_map(|&i| prepared[i].as_ref().ok().map(|(p, _)| p))
        .collect();
    let timed = time_alternating(host, &kernels, timing);
    let reference = compilers.len().checked_sub(1).filter(|r| live.contains(r));
    let mut out = Vec::new();
    for (i, outcome) in prepared.into_iter().enumerate() {
        let (kernel, checks) = match outcome {
            Ok(ok) => ok,
            Err(e) => {
                out.push(Err(e));
                continue;
            }
        };
        let slot = live.iter().position(|&l| l == i).unwrap_or(0);
        let measured = timed.as_ref().map_err(Clone::clone).map(|t| {
            let samples = t.samples[slot].clone();
            let ratio = reference.filter(|&r| r != i).map(|r| {
                let reference_slot = live.iter().position(|&l| l == r).unwrap_or(0);
                let ratios: Vec<f64> = samples
                    .iter()
                    .zip(&t.samples[reference_slot])
                    .map(|(a, b)| a / b)
                    .collect();
                ratio_stats(&compilers[r].0, &ratios)
            });
            Measurement {
                median_ms: quantile(&sorted(&samples), 0.5),
                samples_ms: samples,
                iterations: t.iterations[slot],
                clock: t.clock.name(),
                pipeline_ms: kernel.pipeline_time.as_secs_f64() * 1e3,
                checks,
                warmup_rounds: t.warmup_rounds,
                settled: t.settled,
                ratio,
            }
        });
        out.push(measured);
    }
    out
}

/// A prepared kernel and the checksums of its first run.
type Checked = (Prepared, BTreeMap<String, Checksum>);

fn prepare_and_check(
    host: &Host,
    spec: &KernelSpec,
    wgsl: &str,
    threads: u64,
    groups: u32,
) -> Result<Checked, String> {
    let bindings = bind_buffers(spec, wgsl, threads)?;
    let entry = reflect_wgsl(wgsl)?
        .compute_entries
        .first()
        .cloned()
        .ok_or("the module has no compute entry point")?;
    let kernel = host.prepare(wgsl, &entry, bindings, [groups, 1, 1])?;
    let mut checks = BTreeMap::new();
    for (name, bytes) in host.run_checked(&kernel)? {
        let elem = spec
            .buffers
            .iter()
            .find(|b| b.name == name)
            .map_or(ElemKind::F32, |b| b.elem);
        checks.insert(name, checksum(elem, &bytes));
    }
    Ok((kernel, checks))
}

/// Per-dispatch times of alternating rounds.
struct Timed {
    /// Per kernel, per timed round.
    samples: Vec<Vec<f64>>,
    iterations: Vec<u32>,
    clock: Clock,
    warmup_rounds: u32,
    settled: bool,
}

fn time_alternating(host: &Host, kernels: &[&Prepared], timing: Timing) -> Result<Timed, String> {
    let n = kernels.len();
    let run = |order: &[usize], iterations: &[u32]| -> Result<(Vec<f64>, Clock), String> {
        let passes: Vec<(&Prepared, u32)> =
            order.iter().map(|&k| (kernels[k], iterations[k])).collect();
        let (times, clock) = host.time_round(&passes)?;
        let mut by_kernel = vec![0.0; n];
        for (&k, t) in order.iter().zip(times) {
            by_kernel[k] = t;
        }
        Ok((by_kernel, clock))
    };
    // A pilot round of one dispatch each sizes the passes.
    let (pilot, _) = run(&round_order(n, 0), &vec![1; n])?;
    let mut iterations: Vec<u32> = pilot.iter().map(|&ms| iterations_for(ms, timing)).collect();
    let mut history = vec![Vec::new(); n];
    let started = Instant::now();
    let mut warmup_rounds = 0;
    let settled = loop {
        let (times, _) = run(&round_order(n, warmup_rounds), &iterations)?;
        warmup_rounds += 1;
        for k in 0..n {
            history[k].push(times[k]);
            iterations[k] = iterations_for(times[k], timing);
        }
        let all_settled = history.iter().all(|h| settled(h, timing.tolerance));
        if all_settled
            || warmup_rounds >= timing.warmup_rounds.max(1)
            || started.elapsed().as_secs_f64() * 1e3 >= timing.warmup_ms
        {
            break all_settled;
        }
    };
    let mut samples = vec![Vec::new(); n];
    let mut clock = Clock::Wall;
    for round in 0..timing.rounds.max(1) {
        let (times, used) = run(&round_order(n, round), &iterations)?;
        clock = used;
        for k in 0..n {
            samples[k].push(times[k]);
        }
    }
    Ok(Timed {
        samples,
        iterations,
        clock,
        warmup_rounds,
        settled,
    })
}

/// Whether a dslang local holds context (`ctx_arg`, a call's argument copy, does not).
fn is_context_local(name: &str) -> bool {
    name.starts_with("tape")
        || name.starts_with("ctx_tape")
        || name
            .strip_prefix("ctx")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// `function`'s own context locals plus its callees' largest context, with the parts named.
/// WGSL has no recursion; `depth` guards against a malformed module anyway.
fn function_context(
    module: &naga::Module,
    gctx: naga::proc::GlobalCtx,
    function: &naga::Function,
    memo: &mut BTreeMap<String, (u32, Vec<String>)>,
    depth: u32,
) -> (u32, Vec<String>) {
    let name = function.name.clone().unwrap_or_default();
    if let Some(known) = memo.get(&name) {
        return known.clone();
    }
    let mut bytes = 0u32;
    let mut parts = Vec::new();
    for (_, local) in function.local_variables.iter() {
        if let Some(local_name) = local.name.as_deref().filter(|n| is_context_local(n)) {
            let size = module.types[local.ty].inner.size(gctx);
            bytes = bytes.saturating_add(size);
            parts.push(format!("{name}.{local_name} {size}"));
        }
    }
    let mut callees = Vec::new();
    called_functions(&function.body, &mut callees);
    let mut largest: Option<(u32, Vec<String>)> = None;
    for callee in callees.into_iter().filter(|_| depth < 64) {
        let inner = function_context(module, gctx, &module.functions[callee], memo, depth + 1);
        if inner.0 > 0 && largest.as_ref().is_none_or(|(b, _)| inner.0 > *b) {
            largest = Some(inner);
        }
    }
    if let Some((inner_bytes, inner_parts)) = largest {
        bytes = bytes.saturating_add(inner_bytes);
        parts.extend(inner_parts);
    }
    memo.insert(name, (bytes, parts.clone()));
    (bytes, parts)
}

fn called_functions(block: &naga::Block, out: &mut Vec<naga::Handle<naga::Function>>) {
    for statement in block.iter() {
        match statement {
            naga::Statement::Call { function, .. } => out.push(*function),
            naga::Statement::Block(inner) => called_functions(inner, out),
            naga::Statement::If { accept, reject, .. } => {
                called_functions(accept, out);
                called_functions(reject, out);
            }
            naga::Statement::Switch { cases, .. } => {
                for case in cases {
                    called_functions(&case.body, out);
                }
            }
            naga::Statement::Loop {
                body, continuing, ..
            } => {
                called_functions(body, out);
                called_functions(continuing, out);
            }
            _ => {}
        }
    }
}

/// The per-thread intermediate context of a derivative kernel, from its WGSL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContextSize {
    /// Bytes per thread.
    pub bytes: u32,
    /// How it was found, with the parts: `tape locals: f.tape6_ 516, ...` or `struct X`.
    pub how: String,
}

/// dslang keeps each tape in a function-local array named `tape<N>_` (and the contexts of
/// `[PreferCheckpoint]` callees in `ctx<N>_` / `ctx_tape<N>_`). A function's context is its own
/// such locals plus the largest context among the functions it calls (their locals live while
/// it runs; two callees' do not live at once), the module's the largest over its entry points:
/// the rule `dslang compile --target ir` reports with. slangc packs the context into
/// `s_bwdCallableCtx_*` structs, the outermost holding the nested ones: the context is the largest
/// of them. `None`: the module keeps no context (a primal or forward kernel, or no loops).
pub fn context_size(wgsl: &str) -> Result<Option<ContextSize>, String> {
    let wgsl = &gpu::wgsl_for_naga(wgsl);
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    let gctx = module.to_ctx();
    let mut memo = BTreeMap::new();
    let mut best: Option<(u32, Vec<String>)> = None;
    for entry in &module.entry_points {
        let (bytes, parts) = function_context(&module, gctx, &entry.function, &mut memo, 0);
        if bytes > 0 && best.as_ref().is_none_or(|(b, _)| bytes > *b) {
            best = Some((bytes, parts));
        }
    }
    if let Some((bytes, parts)) = best {
        return Ok(Some(ContextSize {
            bytes,
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
