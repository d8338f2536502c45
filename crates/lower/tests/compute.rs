//! End to end over `tests/compute/*.slang`: lower -> codegen (WGSL) -> wgpu (lavapipe) -> compare
//! with the expected output. Prints `N passed, M failed` with each failure's reason, and asserts
//! that every test listed in `passing.txt` passes (so what works stays working). Without a GPU
//! adapter the test is skipped with a message, unless `DSLANG_REQUIRE_GPU` is set;
//! `LOWER_TEST=name` runs only the tests whose name contains `name`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gpu::{Gpu, GpuOptions, format_outputs, plan_test, reflect_wgsl};
use test_format::{Verdict, expected_file_for, judge_output, parse_test_file};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compute")
}

/// Compiles one test file to WGSL with this crate and codegen.
fn compile(
    path: &Path,
    source: &str,
    defines: &[(String, String)],
    conformances: &[&test_format::TypeConformance],
) -> Result<String, String> {
    let mut db = hir::RootDatabase::default();
    db.set_options(hir::CompileOptions {
        include_dirs: Vec::new(),
        defines: defines
            .iter()
            .map(|(n, v)| (Arc::from(n.as_str()), Some(Arc::from(v.as_str()))))
            .collect(),
    });
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("test.slang");
    let file = db.set_file(name, source);
    let options = lower::LowerOptions {
        entry: None,
        type_conformances: conformances
            .iter()
            .map(|c| lower::TypeConformance {
                type_name: c.type_name.clone(),
                interface: c.interface.clone(),
                id: c.id,
            })
            .collect(),
    };
    let module = lower::lower_program_with(&db, file, &options).map_err(|diags| {
        diags
            .iter()
            .map(|d| {
                format!(
                    "{}: {} (at {}..{})",
                    d.code, d.message, d.range.start, d.range.end
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let lowered =
        codegen::lower(&module, &codegen::Options::wgsl()).map_err(|e| format!("codegen: {e}"))?;
    codegen::to_wgsl(&lowered.module, &lowered.info).map_err(|e| format!("codegen: {e}"))
}

fn run_one(gpu: &Gpu, path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file = parse_test_file(&source);
    let directive = file
        .compute_tests()
        .next()
        .ok_or("no //TEST(compute) line")?;
    let conformances: Vec<_> = file.type_conformances().collect();
    let wgsl = compile(path, &source, &directive.defines, &conformances)?;
    let info = reflect_wgsl(&wgsl).map_err(|e| format!("reflection: {e}"))?;
    let plan = plan_test(
        &file,
        &info.resources,
        &wgsl,
        "computeMain",
        directive.dispatch,
    )
    .map_err(|e| format!("plan: {e}"))?;
    let result = gpu
        .run_compute(&plan.job)
        .map_err(|e| format!("gpu: {e}"))?;
    let output = format_outputs(&plan.outputs, &result, directive.output_using_type);
    let expected = expected_file_for(path)
        .map(std::fs::read_to_string)
        .transpose()
        .map_err(|e| e.to_string())?;
    match judge_output(&source, Some(directive), expected.as_deref(), &output) {
        Verdict::Pass => Ok(()),
        Verdict::Fail(reason) => Err(format!("wrong output: {reason}")),
        Verdict::NoExpectation => Err("no expected output".into()),
    }
}

#[test]
fn compute_corpus() {
    let runtime = std::env::temp_dir().join(format!("dslang-lower-xdg-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&runtime);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700));
    }
    // SAFETY: set before any thread of this test binary reads the environment.
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", &runtime) };
    let gpu = match Gpu::new(GpuOptions::default()) {
        Ok(gpu) => gpu,
        Err(e) if std::env::var_os("DSLANG_REQUIRE_GPU").is_none() => {
            eprintln!("no GPU adapter, corpus not run: {e}");
            return;
        }
        Err(e) => panic!("no GPU adapter: {e}"),
    };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/compute exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "slang"))
        .collect();
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no tests found in {}",
        corpus_dir().display()
    );
    let only = std::env::var("LOWER_TEST").ok();
    let mut passed = Vec::new();
    let mut failed = Vec::new();
    for path in &paths {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_one(&gpu, path)))
                .unwrap_or_else(|_| Err("panicked".into()));
        match outcome {
            Ok(()) => passed.push(name),
            Err(reason) => failed.push((name, reason)),
        }
    }
    for (name, reason) in &failed {
        println!("FAIL {name}: {reason}");
    }
    println!("{} passed, {} failed", passed.len(), failed.len());
    let listed =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/passing.txt"))
            .unwrap_or_default();
    let regressions: Vec<&(String, String)> = failed
        .iter()
        .filter(|(name, _)| listed.lines().map(str::trim).any(|l| l == name))
        .collect();
    assert!(
        regressions.is_empty(),
        "tests in passing.txt failed: {regressions:?}"
    );
}
