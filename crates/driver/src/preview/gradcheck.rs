//! The gradient check: for each `[Differentiable]` function of float scalars and vectors, a
//! generated kernel evaluates `fwd_diff` along every input direction, `bwd_diff` for every output
//! component and the function at `x ± h` on the GPU at a few sample points; the host forms central
//! differences and compares. A hand-written `[BackwardDerivative]` that is wrong shows up here.

use std::fmt::Write as _;
use std::path::Path;

use gpu::{Binding, BindingKind, ComputeJob};
use hir::{ItemDef, ParamDir, ScalarKind, Ty};
use serde::Serialize;

use super::{PreviewDiagnostic, shared_gpu};
use crate::{Options, load};

/// Sample points per function.
const POINTS: usize = 4;
/// Central-difference step, relative to max(1, |x|) (f32 evaluation: truncation and rounding
/// errors are both about 1e-5 of the derivative's scale at this step).
const STEP: f64 = 1e-2;
/// Largest accepted `|ad - fd| / max(|fd|, ERROR_FLOOR)`.
const TOLERANCE: f64 = 1e-2;
/// Derivatives smaller than this are compared absolutely.
const ERROR_FLOOR: f64 = 0.1;
/// The entry point and buffers of the generated kernel.
const KERNEL: &str = "dslang_gradient_check";
const INPUT: &str = "dslang_gc_input";
const OUTPUT: &str = "dslang_gc_output";

#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct GradientCheckResult {
    pub passed: bool,
    pub entries: Vec<GradientCheckEntry>,
    pub diagnostics: Vec<PreviewDiagnostic>,
    /// Why nothing could be checked (no GPU, no such function...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GradientCheckEntry {
    /// `f(x)`: the function and the parameter checked.
    pub name: String,
    pub function: String,
    pub parameter: String,
    /// The first sample point: the flat scalars of all parameters.
    pub point: Vec<f64>,
    /// d(output components)/d(this parameter's components) at the first point, row-major by
    /// output component: from `fwd_diff` and from central differences.
    pub ad: Vec<f64>,
    pub fd: Vec<f64>,
    /// The largest error over components, sample points, `fwd_diff` and `bwd_diff`.
    pub max_error: f64,
    pub passed: bool,
    pub message: String,
}

/// A checkable function: float scalar or vector parameters (all `in`) and result.
#[derive(Debug, Clone)]
struct Candidate {
    name: String,
    params: Vec<Param>,
    outputs: usize,
}

#[derive(Debug, Clone)]
struct Param {
    name: String,
    /// Scalars: 1 to 4.
    width: usize,
    /// False for `no_diff` parameters: sampled, passed as they are, not checked.
    diff: bool,
}

fn float_width(ty: &Ty) -> Option<usize> {
    match ty {
        Ty::Scalar(ScalarKind::Float) => Some(1),
        Ty::Vector(element, hir::Len::Known(n))
            if **element == Ty::Scalar(ScalarKind::Float) && (2..=4).contains(n) =>
        {
            Some(*n as usize)
        }
        _ => None,
    }
}

fn type_text(width: usize) -> String {
    if width == 1 {
        "float".into()
    } else {
        format!("float{width}")
    }
}

/// Differentiable functions of the root file, and those skipped with the reason.
fn candidates(loaded: &crate::Loaded) -> (Vec<Candidate>, Vec<(String, String)>) {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for item in hir::file_items(&loaded.db, loaded.file) {
        let ItemDef::Function(function) = item else {
            continue;
        };
        let data = hir::fn_data(&loaded.db, function);
        if data.in_type || !data.is_differentiable() || !data.has_body {
            continue;
        }
        let sig = hir::fn_sig(&loaded.db, function);
        let name = data.name.to_string();
        if !sig.generics.is_empty() {
            skipped.push((name, "generic functions are not checked".into()));
            continue;
        }
        let params: Option<Vec<Param>> = sig
            .params
            .iter()
            .map(|p| {
                (p.dir == ParamDir::In)
                    .then(|| float_width(&p.ty))
                    .flatten()
                    .map(|width| Param {
                        name: p.name.to_string(),
                        width,
                        diff: !p.no_diff,
                    })
            })
            .collect();
        match (params, float_width(&sig.ret)) {
            (Some(params), Some(outputs)) if params.iter().any(|p| p.diff) => found.push(Candidate {
                name,
                params,
                outputs,
            }),
            _ => skipped.push((
                name,
                "only functions of float scalars and vectors (in parameters) returning one are checked"
                    .into(),
            )),
        }
    }
    (found, skipped)
}

/// Scalars of all parameters, scalars of the differentiable ones, and the words each sample
/// point writes: f, fwd per differentiable scalar, bwd per output component, f(x±h).
fn layout(c: &Candidate) -> (usize, usize, usize) {
    let inputs: usize = c.params.iter().map(|p| p.width).sum();
    let d: usize = c.params.iter().filter(|p| p.diff).map(|p| p.width).sum();
    let r = c.outputs;
    (inputs, d, r + d * r + r * d + 2 * d * r)
}

/// The kernel that evaluates everything for one function; thread `p` takes sample point `p`.
fn kernel_source(c: &Candidate) -> String {
    let (inputs, _, per_point) = layout(c);
    let r = c.outputs;
    let mut s = String::new();
    let _ = writeln!(s, "\nRWStructuredBuffer<float> {INPUT};");
    let _ = writeln!(s, "RWStructuredBuffer<float> {OUTPUT};");
    let _ = writeln!(
        s,
        "[shader(\"compute\")]\n[numthreads({POINTS}, 1, 1)]\nvoid {KERNEL}(uint3 dslang_tid : SV_DispatchThreadID)\n{{"
    );
    let _ = writeln!(s, "    int p = int(dslang_tid.x);");
    let _ = writeln!(s, "    int i0 = p * {};", inputs * 2);
    let _ = writeln!(s, "    int o = p * {per_point};");
    // x (first half of the point's inputs) and h (second half).
    let mut at = 0;
    let mut xs = Vec::new();
    for (k, param) in c.params.iter().enumerate() {
        let ty = type_text(param.width);
        let comps = |base: usize| {
            (0..param.width)
                .map(|j| format!("{INPUT}[i0 + {}]", base + at + j))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(s, "    {ty} x{k} = {ty}({});", comps(0));
        let _ = writeln!(s, "    {ty} h{k} = {ty}({});", comps(inputs));
        xs.push(format!("x{k}"));
        at += param.width;
    }
    let out_ty = type_text(r);
    let store = |s: &mut String, value: &str, offset: usize| {
        for j in 0..r {
            let comp = if r == 1 {
                value.to_string()
            } else {
                format!("{value}[{j}]")
            };
            let _ = writeln!(s, "    {OUTPUT}[o + {}] = {comp};", offset + j);
        }
    };
    let _ = writeln!(s, "    {out_ty} y = {}({});", c.name, xs.join(", "));
    store(&mut s, "y", 0);
    let mut offset = r;
    let differentiable = || c.params.iter().enumerate().filter(|(_, p)| p.diff);
    // fwd_diff along each differentiable input scalar (`no_diff` arguments pass as they are).
    for (k, param) in differentiable() {
        for j in 0..param.width {
            let args: Vec<String> = c
                .params
                .iter()
                .enumerate()
                .map(|(m, pm)| match (pm.diff, m == k) {
                    (false, _) => format!("x{m}"),
                    (true, true) => format!("diffPair(x{m}, {})", unit(pm.width, j)),
                    (true, false) => format!("diffPair(x{m}, {})", zero(pm.width)),
                })
                .collect();
            let _ = writeln!(
                s,
                "    {{ let d = fwd_diff({})({}).d;",
                c.name,
                args.join(", ")
            );
            store(&mut s, "d", offset);
            let _ = writeln!(s, "    }}");
            offset += r;
        }
    }
    // bwd_diff for each output component.
    for j in 0..r {
        let _ = writeln!(s, "    {{");
        for (m, _) in differentiable() {
            let _ = writeln!(s, "        var q{m} = diffPair(x{m});");
        }
        let args: Vec<String> = c
            .params
            .iter()
            .enumerate()
            .map(|(m, p)| {
                if p.diff {
                    format!("q{m}")
                } else {
                    format!("x{m}")
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "        bwd_diff({})({}, {});",
            c.name,
            args.join(", "),
            unit(r, j)
        );
        for (m, param) in differentiable() {
            for jj in 0..param.width {
                let comp = if param.width == 1 {
                    format!("q{m}.d")
                } else {
                    format!("q{m}.d[{jj}]")
                };
                let _ = writeln!(s, "        {OUTPUT}[o + {offset}] = {comp};");
                offset += 1;
            }
        }
        let _ = writeln!(s, "    }}");
    }
    // f(x + h e) and f(x - h e) for each differentiable input scalar.
    for (k, param) in differentiable() {
        for j in 0..param.width {
            for sign in ["+", "-"] {
                let args: Vec<String> = (0..c.params.len())
                    .map(|m| {
                        if m == k {
                            format!("x{m} {sign} h{m} * {}", unit(param.width, j))
                        } else {
                            format!("x{m}")
                        }
                    })
                    .collect();
                let _ = writeln!(s, "    {{ let v = {}({});", c.name, args.join(", "));
                store(&mut s, "v", offset);
                let _ = writeln!(s, "    }}");
                offset += r;
            }
        }
    }
    let _ = writeln!(s, "}}");
    s
}

fn unit(width: usize, j: usize) -> String {
    if width == 1 {
        "1.0".into()
    } else {
        let comps: Vec<&str> = (0..width)
            .map(|i| if i == j { "1.0" } else { "0.0" })
            .collect();
        format!("float{width}({})", comps.join(", "))
    }
}

fn zero(width: usize) -> String {
    if width == 1 {
        "0.0".into()
    } else {
        format!("float{width}(0.0)")
    }
}

/// Deterministic sample points in [0.25, 1.75) (positive, so `sqrt` and `log` are defined), each
/// exactly representable in f32.
fn sample_points(inputs: usize) -> Vec<Vec<f32>> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..POINTS)
        .map(|_| {
            (0..inputs)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    0.25 + 1.5 * ((state >> 40) as f32 / (1u64 << 24) as f32)
                })
                .collect()
        })
        .collect()
}

/// Checks every differentiable function of the file (or only `function`) on the shared GPU.
pub fn gradient_check(
    path: &Path,
    text: &str,
    options: &Options,
    function: Option<&str>,
) -> GradientCheckResult {
    match shared_gpu() {
        Ok(gpu) => gradient_check_on(&gpu, path, text, options, function),
        Err(error) => GradientCheckResult {
            error: Some(error.to_string()),
            ..GradientCheckResult::default()
        },
    }
}

/// [`gradient_check`] on a given GPU.
pub fn gradient_check_on(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    function: Option<&str>,
) -> GradientCheckResult {
    let file = path.to_string_lossy().into_owned();
    let mut result = GradientCheckResult::default();
    let loaded = load(path, text.as_bytes(), options);
    result.diagnostics = loaded
        .diagnostics()
        .iter()
        .map(|d| PreviewDiagnostic::new(&file, &loaded.text, d))
        .collect();
    if result.diagnostics.iter().any(|d| d.severity == "error") {
        return result;
    }
    let (mut found, skipped) = candidates(&loaded);
    if let Some(wanted) = function {
        found.retain(|c| c.name == wanted);
        if found.is_empty() {
            result.error = Some(match skipped.iter().find(|(n, _)| n == wanted) {
                Some((_, why)) => format!("`{wanted}` cannot be checked: {why}"),
                None => format!("no [Differentiable] function named `{wanted}` in this file"),
            });
            return result;
        }
    }
    if found.is_empty() {
        result.error =
            Some("no [Differentiable] function of float scalars or vectors to check".into());
        return result;
    }
    for candidate in &found {
        match check_function(gpu, path, text, options, candidate) {
            Ok(entries) => result.entries.extend(entries),
            Err(message) => result.entries.push(GradientCheckEntry {
                name: candidate.name.clone(),
                function: candidate.name.clone(),
                parameter: String::new(),
                point: Vec::new(),
                ad: Vec::new(),
                fd: Vec::new(),
                max_error: f64::INFINITY,
                passed: false,
                message,
            }),
        }
    }
    result.passed = result.entries.iter().all(|e| e.passed);
    result
}

fn check_function(
    gpu: &gpu::Gpu,
    path: &Path,
    text: &str,
    options: &Options,
    c: &Candidate,
) -> Result<Vec<GradientCheckEntry>, String> {
    let source = format!("{text}\n{}", kernel_source(c));
    let kernel_options = Options {
        entry: Some(KERNEL.into()),
        ..options.clone()
    };
    let loaded = load(path, source.as_bytes(), &kernel_options);
    let compiled = loaded
        .compile_for(&kernel_options, crate::DeviceFeatures::of(gpu))
        .map_err(|diagnostics| {
            let why: Vec<String> = diagnostics
                .iter()
                .map(|d| format!("error[{}]: {}", d.code, d.message))
                .collect();
            format!("the checking kernel does not compile: {}", why.join("; "))
        })?;
    let info = gpu::reflect_wgsl(&compiled.wgsl).map_err(|e| format!("internal error: {e}"))?;
    let entry = info
        .compute_entries
        .first()
        .cloned()
        .ok_or("internal error: the checking kernel has no entry point")?;
    let test = test_format::parse_test_file(text);
    let plan = gpu::plan_test(&test, &info.resources, &compiled.wgsl, &entry, [1, 1, 1])
        .map_err(|e| e.to_string())?;
    let (inputs, _, per_point) = layout(c);
    let points = sample_points(inputs);
    let steps: Vec<Vec<f32>> = points
        .iter()
        .map(|x| {
            x.iter()
                .map(|v| (STEP * f64::from(v.abs()).max(1.0)) as f32)
                .collect()
        })
        .collect();
    let input_words: Vec<u32> = points
        .iter()
        .zip(&steps)
        .flat_map(|(x, h)| x.iter().chain(h).map(|v| v.to_bits()).collect::<Vec<_>>())
        .collect();
    let mut job = ComputeJob::new(compiled.wgsl.clone(), entry);
    job.bindings = plan.job.bindings;
    for (name, initial) in [
        (INPUT, gpu::words_to_bytes(&input_words)),
        (OUTPUT, vec![0u8; POINTS * per_point * 4]),
    ] {
        let resource = info
            .resources
            .iter()
            .find(|r| gpu::names_match(&r.name, name))
            .ok_or("internal error: the checking kernel lost its buffers")?;
        job.bindings
            .retain(|b| (b.group, b.binding) != (resource.group, resource.binding));
        job.bindings.push(Binding {
            group: resource.group,
            binding: resource.binding,
            name: resource.name.clone(),
            kind: BindingKind::Storage { read_only: false },
            initial,
            readback: name == OUTPUT,
        });
    }
    let run = {
        let _serial = super::gpu_work();
        gpu.run_compute(&job)
    };
    let run = run.map_err(|e| {
        super::drop_shared_gpu_if(&e);
        e.to_string()
    })?;
    let output_name = job
        .bindings
        .last()
        .map(|b| b.name.clone())
        .unwrap_or_default();
    let words = gpu::bytes_to_words(run.buffer(&output_name).unwrap_or_default());
    if words.len() < POINTS * per_point {
        return Err("internal error: the checking kernel's output is short".into());
    }
    let out: Vec<f64> = words
        .iter()
        .map(|w| f64::from(f32::from_bits(*w)))
        .collect();
    Ok(compare(c, &points, &steps, &out))
}

/// Per differentiable parameter: the Jacobian block by fwd, bwd and central differences at each
/// point.
fn compare(
    c: &Candidate,
    points: &[Vec<f32>],
    steps: &[Vec<f32>],
    out: &[f64],
) -> Vec<GradientCheckEntry> {
    let (_, d, per_point) = layout(c);
    let r = c.outputs;
    let mut entries = Vec::new();
    // Offsets of the parameter's first scalar among the differentiable ones and among all.
    let mut diff_offset = 0;
    let mut offset = 0;
    for param in &c.params {
        if !param.diff {
            offset += param.width;
            continue;
        }
        let mut max_error = 0.0f64;
        let mut worst = String::new();
        let mut first_ad = Vec::new();
        let mut first_fd = Vec::new();
        let mut undefined_points = 0;
        for (p, (point, step)) in points.iter().zip(steps).enumerate() {
            let o = &out[p * per_point..(p + 1) * per_point];
            let mut point_ad = Vec::new();
            let mut point_fd = Vec::new();
            let mut errors = Vec::new();
            for out_j in 0..r {
                for comp in 0..param.width {
                    let input = diff_offset + comp;
                    let fwd = o[r + input * r + out_j];
                    let bwd = o[r + d * r + out_j * d + input];
                    let plus = o[r + 2 * d * r + (2 * input) * r + out_j];
                    let minus = o[r + 2 * d * r + (2 * input + 1) * r + out_j];
                    let fd = (plus - minus) / (2.0 * f64::from(step[offset + comp]));
                    point_ad.push(fwd);
                    point_fd.push(fd);
                    errors.push(("fwd_diff", fwd, fd));
                    errors.push(("bwd_diff", bwd, fd));
                }
            }
            if p == 0 {
                first_ad = point_ad;
                first_fd = point_fd;
            }
            if errors.iter().any(|(_, _, fd)| !fd.is_finite()) {
                // The function is not defined around this point: nothing to compare.
                undefined_points += 1;
                continue;
            }
            for (mode, ad, fd) in errors {
                let error = if ad.is_finite() {
                    (ad - fd).abs() / fd.abs().max(ERROR_FLOOR)
                } else {
                    f64::INFINITY
                };
                if error > max_error {
                    max_error = error;
                    worst = format!(
                        "{mode} gives {ad:.6} where finite differences give {fd:.6} at {}",
                        format_point(point)
                    );
                }
            }
        }
        let checked = points.len() - undefined_points;
        let passed = checked > 0 && max_error <= TOLERANCE;
        let message = if checked == 0 {
            "the function is not finite around any sample point".to_string()
        } else if passed {
            format!("fwd_diff and bwd_diff agree with finite differences at {checked} points")
        } else {
            format!("mismatch: {worst}")
        };
        entries.push(GradientCheckEntry {
            name: format!("{}({})", c.name, param.name),
            function: c.name.clone(),
            parameter: param.name.clone(),
            point: points
                .first()
                .map(|x| x.iter().map(|v| f64::from(*v)).collect())
                .unwrap_or_default(),
            ad: first_ad,
            fd: first_fd,
            max_error,
            passed,
            message,
        });
        diff_offset += param.width;
        offset += param.width;
    }
    entries
}

fn format_point(point: &[f32]) -> String {
    let parts: Vec<String> = point.iter().map(|v| format!("{v:.4}")).collect();
    format!("({})", parts.join(", "))
}
