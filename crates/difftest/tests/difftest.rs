//! Random differentiable programs, checked numerically (see the crate docs).
//!
//! CI runs 1,000 seeded programs. Long runs:
//! `DSLANG_DIFFTEST_PROGRAMS=20000 DSLANG_DIFFTEST_SEED=0 cargo test -p difftest --release --test difftest -- --nocapture`.
//! `DSLANG_DIFFTEST_MINIMISE=1` prints the minimised source of every mismatch.

use difftest::{CheckConfig, Checker, Counts, GenConfig, Mismatch, Verdict};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_programs_have_correct_derivatives() {
    let count = env_u64("DSLANG_DIFFTEST_PROGRAMS", 1000) as usize;
    let start = env_u64("DSLANG_DIFFTEST_SEED", 0);
    let config = GenConfig::default();
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let started = std::time::Instant::now();
    let summary = difftest::run_parallel(start, count, &config, &CheckConfig::default(), threads);
    let mut checker = Checker::default();
    println!("{}", summary.report());
    println!("{:.1} s", started.elapsed().as_secs_f64());
    if std::env::var_os("DSLANG_DIFFTEST_MINIMISE").is_some() {
        for (seed, m) in summary.mismatches.iter().take(5) {
            let program = difftest::generate(*seed, &config);
            let small = difftest::minimise(&mut checker, &program, *seed, m.kind());
            let verdict = checker.check(&small, *seed);
            println!(
                "=== seed {seed} minimised ({} -> {} nodes): {verdict:?}\n{}",
                program.size(),
                small.size(),
                difftest::float_source(&small)
            );
        }
    }
    assert!(
        summary.mismatches.is_empty()
            && summary.rejected.is_empty()
            && summary.interp_errors.is_empty(),
        "{}",
        summary.report()
    );
    assert_eq!(summary.passed, count);
}

#[test]
fn one_program_is_reproducible_from_its_seed() {
    let config = GenConfig::default();
    assert_eq!(
        difftest::generate(42, &config),
        difftest::generate(42, &config)
    );
    let mut checker = Checker::default();
    let a = checker.check(&difftest::generate(42, &config), 42);
    let b = checker.check(&difftest::generate(42, &config), 42);
    assert_eq!(a, b);
    assert!(matches!(a, Verdict::Pass(_)), "{a:?}");
}

/// The checker is not vacuous: a user-supplied forward derivative that is wrong (2x) is caught
/// by finite differences.
#[test]
fn a_wrong_forward_derivative_is_a_forward_mismatch() {
    let code = "DifferentialPair<real> g_fwd(DifferentialPair<real> x) { return diffPair(sin(x.p), 2.0 * cos(x.p) * x.d); }
void g_bwd(inout DifferentialPair<real> x, real dOut) { x = diffPair(x.p, cos(x.p) * dOut); }
[ForwardDerivative(g_fwd)]
[BackwardDerivative(g_bwd)]
real g(real x) { return sin(x); }
[Differentiable]
real f(real x0, real x1) { return g(x0) * x1 + x1 * x1; }
";
    let verdict = Checker::default().check_source(code, 2, 1);
    match verdict {
        Verdict::Mismatch(m @ Mismatch::Forward { input: 0, .. }) => {
            println!("{m}");
            if let Mismatch::Forward {
                forward,
                finite_difference,
                ..
            } = m
            {
                // 2x the true derivative, up to f32 rounding.
                assert!((forward - 2.0 * finite_difference).abs() < 1e-3 * (1.0 + forward.abs()));
            }
        }
        other => panic!("{other:?}"),
    }
}

/// A wrong user backward derivative (forward right) is caught by the dot-product identity.
#[test]
fn a_wrong_backward_derivative_is_a_reverse_mismatch() {
    let code = "void g_bwd(inout DifferentialPair<real> x, real dOut) { x = diffPair(x.p, -cos(x.p) * dOut); }
[BackwardDerivative(g_bwd)]
real g(real x) { return sin(x); }
[Differentiable]
real f(real x0) { return g(x0) + 0.5 * x0; }
";
    let verdict = Checker::default().check_source(code, 1, 1);
    assert!(
        matches!(
            verdict,
            Verdict::Mismatch(Mismatch::Reverse {
                direction: Some(0),
                ..
            })
        ),
        "{verdict:?}"
    );
}

/// A correct hand-written program of every construct the generator uses passes.
#[test]
fn a_hand_written_program_passes() {
    let code = "struct P : IDifferentiable { real a; real b; };
[Differentiable]
real h(real a, P s, inout real io) { io = io * s.a + sin(a); return exp(sin(io)) * s.b; }
[Differentiable]
real f(real x0, real x1)
{
    P s; s.a = x0; s.b = x1 * x0;
    real arr[3]; arr[0] = x0; arr[1] = x1; arr[2] = s.b;
    real acc = 0.0;
    [MaxIters(4)]
    for (int i = 0; i < 3; i++) { acc = acc * 0.5 + cos(arr[i] + acc); if (acc > 1.9) break; }
    real t = x1;
    real r = h(x0, s, t);
    if (x0 < 0.3) { r = r + sqrt(1.0 + t * t); } else { r = r * pow(1.5 + sin(t), 2.5); }
    return r + acc + lerp(x0, x1, sin(t)) + atan2(x1, 1.0 + x0 * x0) + max(x0, x1);
}
";
    let mut checker = Checker::default();
    for seed in 0..8 {
        let verdict = checker.check_source(code, 2, seed);
        assert!(
            matches!(verdict, Verdict::Pass(_)),
            "seed {seed}: {verdict:?}"
        );
    }
}

/// Mismatches found by long runs, minimised: each file holds `// inputs: N` and the code of `f`.
/// They must pass once the bug is fixed.
#[test]
fn regressions_pass() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/regressions/difftest");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut failures = Vec::new();
    let mut checker = Checker::default();
    let mut count = 0;
    for path in entries.flatten().map(|e| e.path()) {
        if path.extension().is_none_or(|e| e != "slang") {
            continue;
        }
        let code = std::fs::read_to_string(&path).unwrap();
        let inputs: usize = code
            .lines()
            .find_map(|l| l.strip_prefix("// inputs: "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{} lacks `// inputs: N`", path.display()));
        count += 1;
        for seed in 0..4 {
            let verdict = checker.check_source(&code, inputs, seed);
            if !matches!(verdict, Verdict::Pass(_)) {
                failures.push(format!("{} (seed {seed}): {verdict:?}", path.display()));
                break;
            }
        }
    }
    println!("{count} difftest regressions");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The generator's output for a seed is part of its contract (seeds in reports must replay):
/// changing the generator changes this snapshot (`UPDATE_EXPECT=1`).
#[test]
fn generated_source_for_seed_7_is_stable() {
    let program = difftest::generate(7, &GenConfig::default());
    expect_test::expect_file!["snapshots/seed_7.slang"]
        .assert_eq(&difftest::float_source(&program));
}

/// Precision artifacts are skipped, not reported: `sin(io) < io` for a tiny positive `io` holds
/// in f64 but not in f32 (`sin` rounds to `io`), so the builds take different branches
/// (difftest seed 1001209); and `sin(u) / |u|` of a huge `u` oscillates far faster than any
/// finite-difference step while its f32 value is noise (seed 1005734).
#[test]
fn precision_artifacts_are_skipped() {
    let branch_flip = "[Differentiable]
real h2(real a0, inout real io) { if (sin(io) < io) { } else { io = a0; } return io; }
[Differentiable]
real f(real x0, real x1)
{
    real v11 = 1.5;
    [MaxIters(5)]
    for (int i = 0; i < 3; i++) { v11 *= exp(0.5 - x1); }
    real v15 = x1 / (v11 * v11);
    h2(x0, v15);
    return v15;
}
";
    let oscillation = "[Differentiable]
real f(real x0)
{
    real io = 1.5 * exp(x0);
    [MaxIters(6)]
    for (int i = 0; i < 4; i++) { io *= io; }
    return sin(io) * rsqrt(io * io);
}
";
    let mut checker = Checker::default();
    let mut skipped = Counts::default();
    for seed in 0..8 {
        for (code, inputs) in [(branch_flip, 2), (oscillation, 1)] {
            match checker.check_source(code, inputs, seed) {
                Verdict::Pass(c) => {
                    skipped.precision_divergent += c.precision_divergent;
                    skipped.skipped_kinks += c.skipped_kinks;
                }
                other => panic!("seed {seed}: {other:?}\n{code}"),
            }
        }
    }
    // Both kinds of skip happened: the programs were not vacuously passed.
    assert!(
        skipped.precision_divergent > 0 && skipped.skipped_kinks > 0,
        "{skipped:?}"
    );
}
