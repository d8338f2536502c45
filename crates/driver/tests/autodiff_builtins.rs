//! Every builtin derivative in float64 (and half) on the CPU interpreter. The functions are those of
//! the generated GPU tests `tests/autodiff/reverse/bwd_builtin_*.slang` (tests/tools/gen_builtin_tests.py),
//! compiled again with `real` = `double`: at each point of the test, forward mode along every input and
//! reverse mode must both equal (a) central finite differences of the primal, run on the interpreter in
//! float64, wherever the primal is smooth there, and (b) the expected gradient of the test file (numpy
//! finite differences, or Slang's one-sided choice written by hand at the kinks).

use std::path::{Path, PathBuf};

use interp::Value;

fn reverse_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/autodiff/reverse")
}

/// One generated test: the differentiable function's text, its input count, its points and the
/// expected gradient at each point.
struct Case {
    name: String,
    function: String,
    inputs: usize,
    points: Vec<Vec<f64>>,
    expected: Vec<Vec<f64>>,
    /// Points where `f` has a kink (listed in the test's comments): finite differences there
    /// average the two sides, so only the expected (hand-written) gradient applies.
    kinks: Vec<Vec<f64>>,
}

fn load_cases() -> Vec<Case> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(reverse_dir())
        .expect("tests/autodiff/reverse exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("bwd_builtin_") && name.ends_with(".slang")
        })
        .collect();
    paths.sort();
    paths.iter().map(|p| parse_case(p)).collect()
}

fn parse_case(path: &Path) -> Case {
    let name = path
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(path).expect("readable test");
    let start = text.find("[Differentiable]").expect("a [Differentiable] f");
    let end = start + text[start..].find("\n}\n").expect("end of f") + 3;
    let function = text[start..end].to_string();
    let signature = function.lines().nth(1).unwrap_or_default();
    let inputs = signature.matches("real x").count();
    let data_line = text
        .lines()
        .find(|l| l.contains("name=inputBuffer"))
        .expect("an input buffer");
    let data = &data_line[data_line.find("data=[").expect("data") + 6..];
    let data = &data[..data.find(']').expect("closing bracket")];
    let values: Vec<f64> = data
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    let points: Vec<Vec<f64>> = values.chunks(inputs).map(<[f64]>::to_vec).collect();
    let expected_text =
        std::fs::read_to_string(path.with_extension("slang.expected.txt")).expect("expected file");
    let outputs: Vec<f64> = expected_text
        .lines()
        .skip(1)
        .map(|l| l.trim().parse().expect("an expected number"))
        .collect();
    // Per point: the gradient (reverse), then the same gradient (forward).
    let expected = outputs
        .chunks(2 * inputs)
        .map(|c| c[..inputs].to_vec())
        .collect();
    let kinks = text
        .lines()
        .filter_map(|l| l.strip_prefix("// kink at ("))
        .map(|l| {
            l[..l.find(')').unwrap_or(0)]
                .split(',')
                .filter(|v| !v.trim().is_empty())
                .map(|v| v.trim().parse().expect("a kink coordinate"))
                .collect()
        })
        .collect();
    Case {
        name,
        kinks,
        function,
        inputs,
        points,
        expected,
    }
}

/// `f` with wrappers the interpreter can call with scalars: primal, forward along `d`, reverse.
fn program(case: &Case, real: &str) -> String {
    let n = case.inputs;
    // The GPU test spells its vectors and matrices `float3`, `float2x2`...: all in `real` here.
    let function = case.function.replace("float", real);
    let list = |prefix: &str, ty: &str| -> String {
        (0..n)
            .map(|i| format!("{ty}{prefix}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let pairs = (0..n)
        .map(|i| format!("diffPair(x{i}, d{i})"))
        .collect::<Vec<_>>()
        .join(", ");
    let vars: String = (0..n)
        .map(|i| format!("    var p{i} = diffPair(x{i});\n"))
        .collect();
    let writes: String = (0..n).map(|i| format!("    g{i} = p{i}.d;\n")).collect();
    let zeros = vec!["0.0"; n].join(", ");
    format!(
        "typealias real = {real};\n{f}\n\
         real dt_primal({xs}) {{ return f({xn}); }}\n\
         real dt_fwd({xs}, {ds}) {{ return fwd_diff(f)({pairs}).d; }}\n\
         void dt_bwd({xs}, {gs})\n{{\n{vars}    bwd_diff(f)({ps}, 1.0);\n{writes}}}\n\
         RWStructuredBuffer<real> dt_out;\n\
         [numthreads(1, 1, 1)]\nvoid computeMain()\n{{\n{gdecl}    dt_bwd({zeros}, {gn});\n    \
         dt_out[0] = dt_primal({zeros}) + dt_fwd({zeros}, {zeros});\n}}\n",
        f = function,
        xs = list("x", "real "),
        xn = list("x", ""),
        ds = list("d", "real "),
        gs = list("g", "out real "),
        ps = list("p", ""),
        gn = list("g", ""),
        gdecl = (0..n)
            .map(|i| format!("    real g{i};\n"))
            .collect::<String>(),
    )
}

struct Lowered {
    module: ir::Module,
    scalar: ir::Scalar,
}

impl Lowered {
    fn call(&self, name: &str, args: &[f64]) -> Result<(f64, Vec<f64>), String> {
        let f = self
            .module
            .find_function(name)
            .ok_or_else(|| format!("no {name}"))?;
        let args = args
            .iter()
            .map(|x| Value::from_f64(self.scalar, *x))
            .collect();
        let (ret, outs) = interp::call(&self.module, f, args).map_err(|e| e.to_string())?;
        let num = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
        Ok((num(&ret), outs.iter().map(num).collect()))
    }

    fn primal(&self, x: &[f64]) -> Result<f64, String> {
        Ok(self.call("dt_primal", x)?.0)
    }

    fn forward(&self, x: &[f64], i: usize) -> Result<f64, String> {
        let mut args = x.to_vec();
        args.extend((0..x.len()).map(|j| if i == j { 1.0 } else { 0.0 }));
        Ok(self.call("dt_fwd", &args)?.0)
    }

    fn reverse(&self, x: &[f64]) -> Result<Vec<f64>, String> {
        let mut args = x.to_vec();
        args.extend(vec![0.0; x.len()]);
        Ok(self.call("dt_bwd", &args)?.1)
    }

    /// Central difference along input `i`, or `None` where two step sizes disagree (a kink).
    fn finite_difference(&self, x: &[f64], i: usize) -> Result<Option<f64>, String> {
        let h = 1e-6 * (1.0 + x[i].abs());
        let at = |delta: f64| -> Result<f64, String> {
            let mut y = x.to_vec();
            y[i] += delta;
            self.primal(&y)
        };
        let c1 = (at(h)? - at(-h)?) / (2.0 * h);
        let c2 = (at(h / 2.0)? - at(-h / 2.0)?) / h;
        Ok(((c1 - c2).abs() <= 1e-4 * (1.0 + c1.abs())).then_some(c1))
    }
}

fn lower(case: &Case, real: &str, scalar: ir::Scalar) -> Lowered {
    let source = program(case, real);
    let loaded = driver::load(
        Path::new(&format!("/virtual/{}.slang", case.name)),
        source.as_bytes(),
        &driver::Options::default(),
    );
    let module = lower::lower_program(&loaded.db, loaded.file, None).unwrap_or_else(|d| {
        panic!(
            "{} ({real}) does not lower: {:?}\n{source}",
            case.name,
            d.iter().map(|d| &d.message).collect::<Vec<_>>()
        )
    });
    Lowered { module, scalar }
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

/// Checks every case in precision `real`; returns the failures and the number of comparisons.
fn check_all(real: &str, scalar: ir::Scalar, tol: f64, with_fd: bool) -> (Vec<String>, usize) {
    let cases = load_cases();
    assert!(cases.len() >= 15, "the generated builtin tests are missing");
    let mut failures = Vec::new();
    let mut checks = 0;
    for case in &cases {
        let lowered = lower(case, real, scalar);
        // dst and lit exist for float4 only (as in HLSL): that family computes in float.
        let tol = if case.function.contains("lit(") {
            tol.max(1e-3)
        } else {
            tol
        };
        for (x, want) in case.points.iter().zip(&case.expected) {
            let mut run = || -> Result<Vec<String>, String> {
                let mut bad = Vec::new();
                let grad = lowered.reverse(x)?;
                for (i, &expected) in want.iter().enumerate().take(case.inputs) {
                    let fwd = lowered.forward(x, i)?;
                    let bwd = grad.get(i).copied().unwrap_or(f64::NAN);
                    let mut refs = vec![("expected file", expected)];
                    let at_kink = case.kinks.contains(x);
                    if with_fd
                        && !at_kink
                        && let Some(fd) = lowered.finite_difference(x, i)?
                    {
                        refs.push(("finite difference", fd));
                    }
                    for (what, r) in refs {
                        for (mode, got) in [("forward", fwd), ("reverse", bwd)] {
                            checks += 1;
                            if !close(got, r, tol) {
                                bad.push(format!(
                                    "{} at {x:?}: d/dx{i} {mode} {got} vs {what} {r}",
                                    case.name
                                ));
                            }
                        }
                    }
                }
                Ok(bad)
            };
            match run() {
                Ok(bad) => failures.extend(bad),
                Err(e) => failures.push(format!("{} at {x:?}: {e}", case.name)),
            }
        }
    }
    (failures, checks)
}

#[test]
fn builtin_derivatives_in_double_match_finite_differences() {
    let (failures, checks) = check_all("double", ir::Scalar::F64, 1e-5, true);
    assert!(
        failures.is_empty(),
        "{} of {checks} comparisons failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{checks} comparisons in double");
}

#[test]
fn builtin_derivatives_in_half_match_the_expected_gradients() {
    // Half has 11 significant bits: finite differences are meaningless, so only the expected
    // gradients are compared, at a tolerance that covers rounding through a few operations.
    let (failures, checks) = check_all("half", ir::Scalar::F16, 3e-2, false);
    assert!(
        failures.is_empty(),
        "{} of {checks} comparisons failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{checks} comparisons in half");
}
