//! The checker: compiles a generated program twice through hir → lower (with the `fwd_diff` /
//! `bwd_diff` wrappers), runs both on the IR interpreter and compares.
//!
//! - The derivative program uses `real = float` (the stdlib registers derivatives of float
//!   intrinsics), exactly as a user's shader would.
//! - The oracle program uses `real = double` and only evaluates the primal; central finite
//!   differences in f64 at two step sizes must agree with each other (else the point is next to a
//!   kink or a branch switch and is skipped) before they judge forward mode.
//! - Reverse mode is judged against forward mode by the dot-product identity: for every input
//!   direction `e_i` and a random direction `v`, `w · (J v) == (Jᵀ w) · v`.
//! - The float and double builds only judge each other where they compute the same function:
//!   a point (or a forward check) whose float primal at `x` or at a finite-difference stencil
//!   point differs from the double primal beyond `primal_tol` is skipped as precision-divergent
//!   (an f32 rounding flipped a branch, or `sin` of a huge argument). Below that, the f32 error of
//!   the primal measures how ill-conditioned the computation is, and widens the derivative
//!   tolerances in proportion.

use std::fmt;

use interp::Value;

use crate::ast::Program;
use crate::rng::Rng;

/// Tolerances and sampling of the checker.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// Input points per program.
    pub points: usize,
    /// Relative tolerance of forward mode (f32) against finite differences (f64).
    pub forward_tol: f64,
    /// Relative tolerance of reverse against forward (both f32).
    pub reverse_tol: f64,
    /// Primal values beyond this magnitude are too ill-conditioned for f32: the point is skipped.
    pub max_magnitude: f64,
    /// Relative disagreement of the float and double primal beyond which a point is
    /// precision-divergent (skipped).
    pub primal_tol: f64,
    /// Derivative tolerances grow by this factor times the observed relative f32 error of the
    /// primal (an ill-conditioned primal has equally noisy f32 derivatives).
    pub condition_factor: f64,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            points: 2,
            forward_tol: 2e-3,
            reverse_tol: 1e-3,
            max_magnitude: 1e3,
            primal_tol: 1e-3,
            condition_factor: 50.0,
        }
    }
}

/// A derivative that disagrees with its oracle.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// `fwd_diff` along input `input` against central finite differences.
    Forward {
        x: Vec<f64>,
        input: usize,
        forward: f64,
        finite_difference: f64,
    },
    /// `bwd_diff` against forward mode: `direction` is `None` for the random direction, else the
    /// input whose gradient entry disagrees.
    Reverse {
        x: Vec<f64>,
        direction: Option<usize>,
        reverse: f64,
        forward: f64,
    },
}

impl Mismatch {
    /// The kind of mismatch, for minimisation: a smaller program must fail the same way.
    pub fn kind(&self) -> &'static str {
        match self {
            Mismatch::Forward { .. } => "forward",
            Mismatch::Reverse { .. } => "reverse",
        }
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Forward {
                x,
                input,
                forward,
                finite_difference,
            } => write!(
                f,
                "forward mode d/dx{input} = {forward} but finite differences give {finite_difference} at x = {x:?}"
            ),
            Mismatch::Reverse {
                x,
                direction,
                reverse,
                forward,
            } => match direction {
                Some(i) => write!(
                    f,
                    "reverse mode gradient[{i}] = {reverse} but forward mode gives {forward} at x = {x:?}"
                ),
                None => write!(
                    f,
                    "reverse mode <grad, v> = {reverse} but forward mode gives {forward} at x = {x:?}"
                ),
            },
        }
    }
}

/// What checking one program gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every check at every point that was not skipped passed.
    Pass(Counts),
    Mismatch(Mismatch),
    /// The compiler refused the program: `(code, message)` of the first diagnostic.
    Rejected(String, String),
    /// The interpreter failed on the lowered program.
    InterpError(String),
}

/// Checks done and skipped for one program.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    pub forward_checks: usize,
    pub reverse_checks: usize,
    /// Points whose primal was not finite or too large.
    pub skipped_points: usize,
    /// Forward checks skipped because finite differences at two steps disagreed (a kink), or
    /// forward mode varies faster than the step (an oscillation finite differences cannot see).
    pub skipped_kinks: usize,
    /// Points (or forward checks) skipped because the float and double primal disagree there.
    pub precision_divergent: usize,
}

/// Compiles and runs programs; reuses two databases so the stdlib is analysed once.
pub struct Checker {
    float_db: hir::RootDatabase,
    double_db: hir::RootDatabase,
    pub config: CheckConfig,
}

/// The three wrappers the float program gets, for `n` inputs.
fn float_wrappers(n: usize) -> String {
    let xs: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let ds: Vec<String> = (0..n).map(|i| format!("d{i}")).collect();
    let gs: Vec<String> = (0..n).map(|i| format!("g{i}")).collect();
    let typed = |names: &[String], prefix: &str| -> String {
        names
            .iter()
            .map(|n| format!("{prefix}real {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let pairs: Vec<String> = (0..n).map(|i| format!("diffPair(x{i}, d{i})")).collect();
    let mut s = String::new();
    s.push_str(&format!(
        "real dt_primal({}) {{ return f({}); }}\n",
        typed(&xs, ""),
        xs.join(", ")
    ));
    s.push_str(&format!(
        "real dt_fwd({}, {}) {{ return fwd_diff(f)({}).d; }}\n",
        typed(&xs, ""),
        typed(&ds, ""),
        pairs.join(", ")
    ));
    s.push_str(&format!(
        "void dt_bwd({}, real dy, {})\n{{\n",
        typed(&xs, ""),
        typed(&gs, "out ")
    ));
    for i in 0..n {
        s.push_str(&format!("    var p{i} = diffPair(x{i});\n"));
    }
    let ps: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    s.push_str(&format!("    bwd_diff(f)({}, dy);\n", ps.join(", ")));
    for i in 0..n {
        s.push_str(&format!("    g{i} = p{i}.d;\n"));
    }
    s.push_str("}\n");
    let zeros = vec!["0.0"; n].join(", ");
    let decls: String = gs.iter().map(|g| format!("    real {g};\n")).collect();
    s.push_str(&format!(
        "RWStructuredBuffer<real> dt_out;\n[numthreads(1, 1, 1)]\nvoid computeMain()\n{{\n{decls}    dt_bwd({zeros}, 1.0, {});\n    dt_out[0] = dt_primal({zeros}) + dt_fwd({zeros}, {zeros});\n}}\n",
        gs.join(", ")
    ));
    s
}

fn double_wrappers(n: usize) -> String {
    let xs: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let params: Vec<String> = xs.iter().map(|x| format!("real {x}")).collect();
    let zeros = vec!["0.0"; n].join(", ");
    format!(
        "real dt_primal({}) {{ return f({}); }}\nRWStructuredBuffer<real> dt_out;\n[numthreads(1, 1, 1)]\nvoid computeMain()\n{{\n    dt_out[0] = dt_primal({zeros});\n}}\n",
        params.join(", "),
        xs.join(", ")
    )
}

/// The full float source of a program, as compiled by the checker (for reports and regressions).
pub fn float_source(program: &Program) -> String {
    float_source_of(&program.render(), program.inputs())
}

fn float_source_of(code: &str, inputs: usize) -> String {
    format!(
        "typealias real = float;\n\n{code}{}",
        float_wrappers(inputs)
    )
}

fn double_source_of(code: &str, inputs: usize) -> String {
    format!(
        "typealias real = double;\n\n{code}{}",
        double_wrappers(inputs)
    )
}

/// The number stored in a scalar value.
fn as_f64(v: &Value) -> Option<f64> {
    match v {
        Value::F32(x) | Value::F16(x) => Some(f64::from(*x)),
        Value::F64(x) => Some(*x),
        _ => None,
    }
}

struct Compiled {
    module: ir::Module,
}

impl Compiled {
    fn call(&self, name: &str, args: Vec<Value>) -> Result<(f64, Vec<f64>), String> {
        let func = self
            .module
            .find_function(name)
            .ok_or_else(|| format!("no function {name} in the lowered module"))?;
        let (ret, outs) = interp::Machine::new(&self.module)
            .with_step_limit(2_000_000)
            .call(func, args)
            .map_err(|e| e.to_string())?;
        let ret = match ret {
            Value::Void => 0.0,
            v => as_f64(&v).ok_or_else(|| format!("{name} returned {v:?}"))?,
        };
        let outs = outs.iter().filter_map(as_f64).collect();
        Ok((ret, outs))
    }
}

fn rel_close(a: f64, b: f64, tol: f64, scale: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + scale)
}

impl Default for Checker {
    fn default() -> Self {
        Checker::new(CheckConfig::default())
    }
}

impl Checker {
    pub fn new(config: CheckConfig) -> Checker {
        Checker {
            float_db: hir::RootDatabase::default(),
            double_db: hir::RootDatabase::default(),
            config,
        }
    }

    fn compile(db: &mut hir::RootDatabase, source: &str) -> Result<Compiled, (String, String)> {
        let file = db.set_file("difftest.slang", source);
        match lower::lower_program(db, file, None) {
            Ok(module) => Ok(Compiled { module }),
            Err(diags) => Err(diags
                .first()
                .map(|d| (d.code.to_string(), d.message.clone()))
                .unwrap_or_default()),
        }
    }

    /// Checks `program` at points drawn from `seed`.
    pub fn check(&mut self, program: &Program, seed: u64) -> Verdict {
        self.check_source(&program.render(), program.inputs(), seed)
    }

    /// Checks hand-written code the way generated programs are: `code` defines
    /// `[Differentiable] real f(real x0, ..., real x{inputs-1})` in terms of `real` (no
    /// `typealias` line; the checker adds it and the wrappers).
    pub fn check_source(&mut self, code: &str, inputs: usize, seed: u64) -> Verdict {
        let float = match Self::compile(&mut self.float_db, &float_source_of(code, inputs)) {
            Ok(c) => c,
            Err((code, message)) => return Verdict::Rejected(code, message),
        };
        let double = match Self::compile(&mut self.double_db, &double_source_of(code, inputs)) {
            Ok(c) => c,
            Err((code, message)) => return Verdict::Rejected(code, message),
        };
        let mut rng = Rng::new(seed.wrapping_mul(31).wrapping_add(7));
        let mut counts = Counts::default();
        for _ in 0..self.config.points {
            let x: Vec<f64> = (0..inputs)
                .map(|_| (rng.range(-1.5, 1.5) * 4096.0).round() / 4096.0)
                .collect();
            match self.check_point(&float, &double, &x, &mut rng, &mut counts) {
                Ok(None) => {}
                Ok(Some(m)) => return Verdict::Mismatch(m),
                Err(e) => return Verdict::InterpError(e),
            }
        }
        Verdict::Pass(counts)
    }

    fn check_point(
        &self,
        float: &Compiled,
        double: &Compiled,
        x: &[f64],
        rng: &mut Rng,
        counts: &mut Counts,
    ) -> Result<Option<Mismatch>, String> {
        let n = x.len();
        let f32s = |v: &[f64]| v.iter().map(|&a| Value::F32(a as f32)).collect::<Vec<_>>();
        let primal_d = |v: &[f64]| -> Result<f64, String> {
            Ok(double
                .call("dt_primal", v.iter().map(|&a| Value::F64(a)).collect())?
                .0)
        };
        let primal_f =
            |v: &[f64]| -> Result<f64, String> { Ok(float.call("dt_primal", f32s(v))?.0) };
        // Relative f32 error of the primal at `v` (in units of 1 + |double|), with the double value.
        // A float primal without one correct digit counts as infinitely wrong even when tiny: a
        // damped oscillation like `sin(u) / u` of a huge `u` has an O(1) derivative that finite
        // differences cannot resolve, and its f32 value is noise.
        let primal_error = |v: &[f64]| -> Result<(f64, f64), String> {
            let (pf, pd) = (primal_f(v)?, primal_d(v)?);
            let error = (pf - pd).abs();
            let error = if error > 0.1 * pd.abs() && error > 0.0 {
                f64::INFINITY
            } else {
                error / (1.0 + pd.abs())
            };
            Ok((error, pd))
        };
        let (error_at_x, pd) = primal_error(x)?;
        let limit = self.config.max_magnitude;
        if error_at_x.is_nan() || !pd.is_finite() || pd.abs() > limit {
            counts.skipped_points += 1;
            return Ok(None);
        }
        if error_at_x > self.config.primal_tol {
            counts.precision_divergent += 1;
            return Ok(None);
        }
        let float_forward_at = |at: &[f64], d: &[f64]| -> Result<f64, String> {
            let mut args = f32s(at);
            args.extend(f32s(d));
            Ok(float.call("dt_fwd", args)?.0)
        };
        let forward_along = |d: &[f64]| float_forward_at(x, d);
        let shifted =
            |d: &[f64], t: f64| -> Vec<f64> { x.iter().zip(d).map(|(a, b)| a + t * b).collect() };
        // Central differences in f64 along `d` at step h.
        let fd_along = |d: &[f64], h: f64| -> Result<f64, String> {
            Ok((primal_d(&shifted(d, h))? - primal_d(&shifted(d, -h))?) / (2.0 * h))
        };
        // The largest relative f32 error of the primal seen at this point: how ill-conditioned it is.
        let mut worst_error = error_at_x;
        let mut forward = Vec::with_capacity(n);
        for i in 0..n {
            let mut e = vec![0.0; n];
            e[i] = 1.0;
            let ad = forward_along(&e)?;
            forward.push(ad);
            if !ad.is_finite() || ad.abs() > limit * 10.0 {
                counts.skipped_points += 1;
                return Ok(None);
            }
            let coarse = fd_along(&e, 1e-3)?;
            let fine = fd_along(&e, 2.5e-4)?;
            if !coarse.is_finite()
                || !fine.is_finite()
                || !rel_close(coarse, fine, 1e-4, fine.abs())
            {
                counts.skipped_kinks += 1;
                continue;
            }
            // Finite differences judge the float derivative only where the float build computes
            // the same function on the whole stencil.
            let mut stencil_error: f64 = 0.0;
            for t in [1e-3, -1e-3, 2.5e-4, -2.5e-4] {
                stencil_error = stencil_error.max(primal_error(&shifted(&e, t))?.0);
            }
            if stencil_error.is_nan() || stencil_error > self.config.primal_tol {
                counts.precision_divergent += 1;
                continue;
            }
            worst_error = worst_error.max(stencil_error);
            counts.forward_checks += 1;
            let tol = self.config.forward_tol + self.config.condition_factor * worst_error;
            if !rel_close(ad, fine, tol, fine.abs()) {
                // Before blaming forward mode: where it varies faster than the step (a damped
                // `sin` of a huge argument), finite differences cannot resolve the derivative.
                // Smooth means forward mode at x ± h changes as the second difference says.
                let h = 2.5e-4;
                let ad_ahead = float_forward_at(&shifted(&e, h), &e)?;
                let ad_behind = float_forward_at(&shifted(&e, -h), &e)?;
                let second = (primal_d(&shifted(&e, h))? - 2.0 * primal_d(x)?
                    + primal_d(&shifted(&e, -h))?)
                    / (h * h);
                if !rel_close(ad_ahead - ad_behind, 2.0 * h * second, tol, fine.abs()) {
                    counts.skipped_kinks += 1;
                    continue;
                }
                return Ok(Some(Mismatch::Forward {
                    x: x.to_vec(),
                    input: i,
                    forward: ad,
                    finite_difference: fine,
                }));
            }
        }
        // Reverse mode against forward mode.
        let w = rng.range(0.5, 1.5) * if rng.chance(0.5) { -1.0 } else { 1.0 };
        let w = (w * 1024.0).round() / 1024.0;
        let mut args = f32s(x);
        args.push(Value::F32(w as f32));
        args.extend(std::iter::repeat_n(Value::F32(0.0), n));
        let (_, gradient) = float.call("dt_bwd", args)?;
        if gradient.len() != n {
            return Err(format!(
                "dt_bwd gave {} gradients for {n} inputs",
                gradient.len()
            ));
        }
        let scale: f64 = forward.iter().map(|f| (w * f).abs()).sum();
        let tol = self.config.reverse_tol + self.config.condition_factor * worst_error;
        for i in 0..n {
            counts.reverse_checks += 1;
            let expected = w * forward[i];
            if !rel_close(gradient[i], expected, tol, scale) {
                return Ok(Some(Mismatch::Reverse {
                    x: x.to_vec(),
                    direction: Some(i),
                    reverse: gradient[i],
                    forward: expected,
                }));
            }
        }
        let v: Vec<f64> = (0..n)
            .map(|_| (rng.range(-1.0, 1.0) * 1024.0).round() / 1024.0)
            .collect();
        let along = w * forward_along(&v)?;
        let dot: f64 = gradient.iter().zip(&v).map(|(g, vi)| g * vi).sum();
        counts.reverse_checks += 1;
        if !rel_close(dot, along, tol, scale) {
            return Ok(Some(Mismatch::Reverse {
                x: x.to_vec(),
                direction: None,
                reverse: dot,
                forward: along,
            }));
        }
        Ok(None)
    }
}
