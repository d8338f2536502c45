//! difftest: random differentiable Slang programs and a numeric checker of their derivatives.
//!
//! [`generate`] turns a seed into a program (arithmetic, intrinsics, branches, `[MaxIters]` loops
//! with `break`, structs, arrays, helper calls with `inout` parameters). [`Checker::check`]
//! compiles it through hir → lower → autodiff and runs it on the IR interpreter: forward mode
//! against central finite differences of a double-precision build of the same program, reverse
//! mode against forward mode by the dot-product identity. [`minimise`] shrinks a failing program
//! while it keeps failing the same way. [`run`] does all of it for a range of seeds.
//!
//! Seeds make everything reproducible: `DSLANG_DIFFTEST_PROGRAMS=20000 DSLANG_DIFFTEST_SEED=0
//! cargo test -p difftest --release -- --nocapture` replays a long run.

pub mod ast;
mod check;
mod generator;
mod minimise;
mod rng;

pub use ast::Program;
pub use check::{CheckConfig, Checker, Counts, Mismatch, Verdict, float_source};
pub use generator::{GenConfig, generate};
pub use minimise::minimise;

/// The outcome of checking a range of seeds.
#[derive(Debug, Default)]
pub struct Summary {
    pub programs: usize,
    pub passed: usize,
    /// Failing seeds with the first mismatch each.
    pub mismatches: Vec<(u64, Mismatch)>,
    /// Seeds whose program the compiler refused: (seed, code, message).
    pub rejected: Vec<(u64, String, String)>,
    pub interp_errors: Vec<(u64, String)>,
    pub totals: Counts,
    /// Sum of program sizes in syntax nodes (statements and expressions).
    pub nodes: usize,
}

impl Summary {
    /// One line per fact, for test output and reports.
    pub fn report(&self) -> String {
        let mut out = format!(
            "{} programs ({} syntax nodes, {:.1} per program): {} passed, {} mismatches, {} rejected, {} interpreter errors\n\
             {} forward checks, {} reverse checks, {} points skipped (not finite or too large), {} forward checks skipped at kinks, {} precision-divergent (float and double primal disagree)\n",
            self.programs,
            self.nodes,
            self.nodes as f64 / self.programs.max(1) as f64,
            self.passed,
            self.mismatches.len(),
            self.rejected.len(),
            self.interp_errors.len(),
            self.totals.forward_checks,
            self.totals.reverse_checks,
            self.totals.skipped_points,
            self.totals.skipped_kinks,
            self.totals.precision_divergent,
        );
        for (seed, m) in self.mismatches.iter().take(10) {
            out.push_str(&format!("  mismatch seed {seed}: {m}\n"));
        }
        for (seed, code, message) in self.rejected.iter().take(10) {
            out.push_str(&format!("  rejected seed {seed}: {code} {message}\n"));
        }
        for (seed, e) in self.interp_errors.iter().take(10) {
            out.push_str(&format!("  interpreter error seed {seed}: {e}\n"));
        }
        out
    }
}

/// Generates and checks the programs of seeds `start..start + count`.
pub fn run(start: u64, count: usize, config: &GenConfig, checker: &mut Checker) -> Summary {
    let mut summary = Summary::default();
    for seed in start..start + count as u64 {
        let program = generate(seed, config);
        summary.programs += 1;
        summary.nodes += program.size();
        match checker.check(&program, seed) {
            Verdict::Pass(c) => {
                summary.passed += 1;
                summary.totals.forward_checks += c.forward_checks;
                summary.totals.reverse_checks += c.reverse_checks;
                summary.totals.skipped_points += c.skipped_points;
                summary.totals.skipped_kinks += c.skipped_kinks;
                summary.totals.precision_divergent += c.precision_divergent;
            }
            Verdict::Mismatch(m) => summary.mismatches.push((seed, m)),
            Verdict::Rejected(code, message) => summary.rejected.push((seed, code, message)),
            Verdict::InterpError(e) => summary.interp_errors.push((seed, e)),
        }
    }
    summary
}

/// [`run`] on `threads` threads (each with its own [`Checker`]), seeds interleaved; the summary
/// lists failures in seed order, as a single-threaded run would.
pub fn run_parallel(
    start: u64,
    count: usize,
    config: &GenConfig,
    check: &CheckConfig,
    threads: usize,
) -> Summary {
    let threads = threads.clamp(1, count.max(1));
    let parts: Vec<Summary> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut checker = Checker::new(check.clone());
                    let mut part = Summary::default();
                    for seed in (start..start + count as u64).skip(t).step_by(threads) {
                        let one = run(seed, 1, config, &mut checker);
                        part.merge(one);
                    }
                    part
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut summary = Summary::default();
    for part in parts {
        summary.merge(part);
    }
    summary.mismatches.sort_by_key(|(seed, _)| *seed);
    summary.rejected.sort_by_key(|(seed, _, _)| *seed);
    summary.interp_errors.sort_by_key(|(seed, _)| *seed);
    summary
}

impl Summary {
    fn merge(&mut self, other: Summary) {
        self.programs += other.programs;
        self.passed += other.passed;
        self.nodes += other.nodes;
        self.mismatches.extend(other.mismatches);
        self.rejected.extend(other.rejected);
        self.interp_errors.extend(other.interp_errors);
        self.totals.forward_checks += other.totals.forward_checks;
        self.totals.reverse_checks += other.totals.reverse_checks;
        self.totals.skipped_points += other.totals.skipped_points;
        self.totals.skipped_kinks += other.totals.skipped_kinks;
        self.totals.precision_divergent += other.totals.precision_divergent;
    }
}
