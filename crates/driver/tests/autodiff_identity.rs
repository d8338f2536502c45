//! The dot-product identity on the GPU (lavapipe here): for each function a reverse-mode corpus
//! test differentiates (`bwd_diff(f)` in tests/autodiff/reverse), `<fwd(v), w> == <v, bwd(w)>`
//! to 1e-4 relative, with random primal point `x`, direction `v` and output weights `w`. A wrapper
//! kernel `dt_identity` is appended to the test's own source (its globals and helpers stay) and
//! run as the entry point; it writes both inner products to `dt_out`.
//!
//! Functions whose parameters are float scalars, vectors and matrices (any direction) and ints are
//! covered; the others (struct, array or interface parameters, generic or member functions,
//! `no_diff` parameters, user-written derivatives) are listed as not covered.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn gpu() -> Option<gpu::Gpu> {
    let dir = std::env::temp_dir().join(format!("dslang-identity-xdg-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_ok() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        // SAFETY: set before the first Vulkan start; this test only reads it afterwards.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
    let required =
        std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0");
    match gpu::Gpu::new(gpu::GpuOptions::default()) {
        Ok(g) => Some(g),
        Err(e @ gpu::GpuError::NoAdapter { .. }) if !required => {
            eprintln!("skipping GPU test: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)");
            None
        }
        Err(e) => panic!("no GPU: {e}"),
    }
}

fn reverse_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/autodiff/reverse")
}

/// A deterministic generator of test values (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// In [lo, hi), rounded to 1/64 so the literals are exact in float.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        ((lo + (hi - lo) * self.next()) * 64.0).round() / 64.0
    }
}

/// The names given to `bwd_diff(...)` in `source`, plain identifiers only, in order.
fn bwd_targets(source: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, _) in source.match_indices("bwd_diff(") {
        let rest = &source[i + "bwd_diff(".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && rest[name.len()..].starts_with(')') && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// How a parameter or the return value takes part in the identity.
#[derive(Clone)]
enum Slot {
    /// A float scalar, vector or matrix differentiated in direction `dir`.
    Float { shape: Shape, dir: hir::ParamDir },
    /// A non-differentiable integer input.
    Int,
}

/// `rows == 0` for scalars and vectors (`cols` components; 1 for a scalar).
#[derive(Clone, Copy)]
struct Shape {
    rows: u32,
    cols: u32,
}

impl Shape {
    fn type_name(self) -> String {
        match (self.rows, self.cols) {
            (0, 1) => "float".into(),
            (0, n) => format!("float{n}"),
            (r, c) => format!("float{r}x{c}"),
        }
    }

    fn literal(self, rng: &mut Rng, lo: f64, hi: f64) -> String {
        let n = self.rows.max(1) * self.cols;
        let xs: Vec<String> = (0..n).map(|_| format!("{:?}", rng.range(lo, hi))).collect();
        if n == 1 {
            xs[0].clone()
        } else {
            format!("{}({})", self.type_name(), xs.join(", "))
        }
    }

    /// The inner product of two values of this shape.
    fn inner(self, a: &str, b: &str) -> String {
        if self.rows == 0 {
            return format!("dot({a}, {b})");
        }
        let rows: Vec<String> = (0..self.rows)
            .map(|r| format!("dot({a}[{r}], {b}[{r}])"))
            .collect();
        format!("({})", rows.join(" + "))
    }
}

fn float_shape(ty: &hir::Ty) -> Option<Shape> {
    let float = |e: &hir::Ty| *e == hir::Ty::Scalar(hir::ScalarKind::Float);
    match ty {
        hir::Ty::Scalar(hir::ScalarKind::Float) => Some(Shape { rows: 0, cols: 1 }),
        hir::Ty::Vector(e, hir::Len::Known(n)) if float(e) => Some(Shape { rows: 0, cols: *n }),
        hir::Ty::Matrix(e, hir::Len::Known(r), hir::Len::Known(c)) if float(e) => {
            Some(Shape { rows: *r, cols: *c })
        }
        _ => None,
    }
}

/// The parameters of `name` in the identity's terms, or why the function is not covered.
fn slots(loaded: &driver::Loaded, name: &str) -> Result<(Vec<Slot>, Option<Shape>), String> {
    let db = &loaded.db;
    let f = hir::file_items(db, loaded.file)
        .into_iter()
        .find_map(|d| match d {
            hir::ItemDef::Function(f) if hir::fn_data(db, f).name == name => Some(f),
            _ => None,
        })
        .ok_or("not a function of the file")?;
    let sig = hir::fn_sig(db, f);
    if !sig.generics.is_empty() || sig.is_member {
        return Err("generic or member function".into());
    }
    let mut out = Vec::new();
    for p in &sig.params {
        if p.no_diff {
            return Err("no_diff parameter".into());
        }
        match (&p.ty, float_shape(&p.ty)) {
            (_, Some(_)) if p.dir == hir::ParamDir::Ref => {
                return Err(format!("`ref` parameter `{}`", p.name));
            }
            (_, Some(shape)) => out.push(Slot::Float { shape, dir: p.dir }),
            (hir::Ty::Scalar(hir::ScalarKind::Int | hir::ScalarKind::UInt), _)
                if p.dir == hir::ParamDir::In =>
            {
                out.push(Slot::Int)
            }
            (ty, _) => return Err(format!("parameter `{}` of type {ty:?}", p.name)),
        }
    }
    let ret = match &sig.ret {
        hir::Ty::Void => None,
        ty => Some(float_shape(ty).ok_or_else(|| format!("return type {ty:?}"))?),
    };
    Ok((out, ret))
}

/// The wrapper kernel for `name`.
fn wrapper(name: &str, params: &[Slot], ret: Option<Shape>, rng: &mut Rng) -> String {
    use hir::ParamDir::{In, InOut, Out, Ref};
    let mut s = String::from(
        "\nRWStructuredBuffer<float> dt_out;\n[numthreads(1, 1, 1)]\nvoid dt_identity()\n{\n",
    );
    let (mut fwd_args, mut bwd_args) = (Vec::new(), Vec::new());
    let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
    for (i, p) in params.iter().enumerate() {
        match p {
            Slot::Int => {
                fwd_args.push("2".to_string());
                bwd_args.push("2".to_string());
            }
            Slot::Float { shape, dir } => {
                let t = shape.type_name();
                // Inside every corpus function's domain (asin, log, sqrt...).
                let x = shape.literal(rng, 0.2, 0.9);
                let v = shape.literal(rng, -1.0, 1.0);
                let w = shape.literal(rng, -1.0, 1.0);
                let _ = writeln!(s, "    {t} x{i} = {x}; {t} v{i} = {v}; {t} w{i} = {w};");
                match dir {
                    In => {
                        fwd_args.push(format!("diffPair(x{i}, v{i})"));
                        let _ = writeln!(s, "    var b{i} = diffPair(x{i});");
                        bwd_args.push(format!("b{i}"));
                        rhs.push(shape.inner(&format!("v{i}"), &format!("b{i}.d")));
                    }
                    InOut | Ref => {
                        let _ = writeln!(s, "    var f{i} = diffPair(x{i}, v{i});");
                        fwd_args.push(format!("f{i}"));
                        lhs.push(shape.inner(&format!("f{i}.d"), &format!("w{i}")));
                        let _ = writeln!(s, "    var b{i} = diffPair(x{i}, w{i});");
                        bwd_args.push(format!("b{i}"));
                        rhs.push(shape.inner(&format!("v{i}"), &format!("b{i}.d")));
                    }
                    Out => {
                        let _ = writeln!(s, "    DifferentialPair<{t}> f{i};");
                        fwd_args.push(format!("f{i}"));
                        lhs.push(shape.inner(&format!("f{i}.d"), &format!("w{i}")));
                        bwd_args.push(format!("w{i}"));
                    }
                }
            }
        }
    }
    let call = format!("fwd_diff({name})({})", fwd_args.join(", "));
    match ret {
        Some(shape) => {
            let t = shape.type_name();
            let wr = shape.literal(rng, -1.0, 1.0);
            let _ = writeln!(s, "    {t} wr = {wr};\n    let r = {call};");
            lhs.push(shape.inner("r.d", "wr"));
            bwd_args.push("wr".into());
        }
        None => {
            let _ = writeln!(s, "    {call};");
        }
    }
    let _ = writeln!(s, "    bwd_diff({name})({});", bwd_args.join(", "));
    let sum = |terms: &[String]| {
        if terms.is_empty() {
            "0.0".to_string()
        } else {
            terms.join(" + ")
        }
    };
    let _ = writeln!(
        s,
        "    dt_out[0] = {};\n    dt_out[1] = {};\n}}",
        sum(&lhs),
        sum(&rhs)
    );
    s
}

#[test]
fn dot_product_identity_of_every_reverse_corpus_function_on_the_gpu() {
    let Some(gpu) = gpu() else { return };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(reverse_dir())
        .expect("tests/autodiff/reverse exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "slang"))
        .collect();
    paths.sort();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut covered, mut not_covered, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for path in &paths {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let source = std::fs::read_to_string(path).expect("readable test");
        let test = test_format::parse_test_file(&source);
        let Some(directive) = test.compute_tests().next() else {
            continue;
        };
        let mut options = driver::Options {
            defines: directive.defines.clone(),
            ..driver::Options::default()
        };
        options
            .type_conformances
            .extend(test.type_conformances().map(|c| driver::TypeConformance {
                type_name: c.type_name.clone(),
                interface: c.interface.clone(),
                id: c.id,
            }));
        let original = driver::load(path, source.as_bytes(), &options);
        // User-written derivatives need not be each other's transpose (the corpus makes some
        // deliberately different, to see which one is called): files with any are left out.
        let custom = ["[ForwardDerivative", "[BackwardDerivative", "DerivativeOf("]
            .iter()
            .any(|a| source.contains(a));
        for name in bwd_targets(&source) {
            let what = format!("{file}: {name}");
            if custom {
                not_covered.push(format!("{what} (custom derivatives in the file)"));
                continue;
            }
            let (params, ret) = match slots(&original, &name) {
                Ok(s) => s,
                Err(why) => {
                    not_covered.push(format!("{what} ({why})"));
                    continue;
                }
            };
            // The original buffers keep their bindings; dt_out is declared (and listed) last.
            let program = append_input(&format!(
                "{source}\n{}",
                wrapper(&name, &params, ret, &mut rng)
            ));
            let test = test_format::parse_test_file(&program);
            let loaded = driver::load(path, program.as_bytes(), &options);
            let run = driver::Options {
                entry: Some("dt_identity".into()),
                ..options.clone()
            };
            let compiled = match loaded.compile(&run) {
                Ok(c) => c,
                Err(d) => {
                    failures.push(format!(
                        "{what}: does not compile: {}",
                        d.first().map(|d| d.message.as_str()).unwrap_or("")
                    ));
                    continue;
                }
            };
            let report = match driver::run_file(&gpu, &compiled, &test, Some([1, 1, 1])) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{what}: run failed: {e}"));
                    continue;
                }
            };
            let Some((_, words)) = report.buffers.iter().find(|(n, _)| n == "dt_out") else {
                failures.push(format!("{what}: no dt_out buffer"));
                continue;
            };
            let (lhs, rhs) = (
                f64::from(f32::from_bits(words[0])),
                f64::from(f32::from_bits(words[1])),
            );
            let scale = lhs.abs().max(rhs.abs()).max(1e-2);
            if (lhs - rhs).abs() <= 1e-4 * scale && lhs.is_finite() {
                covered.push(what);
            } else {
                failures.push(format!(
                    "{what}: <fwd(v), w> = {lhs} but <v, bwd(w)> = {rhs}"
                ));
            }
        }
    }
    println!(
        "{} functions checked, {} not covered:\n  {}",
        covered.len(),
        not_covered.len(),
        not_covered.join("\n  ")
    );
    assert!(
        covered.len() >= 50,
        "too few functions checked: {}",
        covered.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `//TEST_INPUT` for `dt_out` after the file's last one: bindings follow declaration order,
/// and `dt_out` is declared after everything else.
fn append_input(program: &str) -> String {
    let lines: Vec<&str> = program.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("//TEST_INPUT"))
        .unwrap_or(0);
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        out.push_str(l);
        out.push('\n');
        if i == last {
            out.push_str("//TEST_INPUT:ubuffer(data=[0 0], stride=4):out,name=dt_out\n");
        }
    }
    out
}
