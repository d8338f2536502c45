//! The autodiff corpus: every test under tests/autodiff/{forward,reverse} compiled (hir ->
//! lower -> autodiff -> codegen) and run on the GPU (lavapipe here), judged against its
//! independently computed expected output. Prints `N passed, M failed` with reasons; every test
//! named in `autodiff_passing.txt` must pass (the list only grows as tests pass).

use std::path::{Path, PathBuf};

use driver::{TestOutcome, run_compute_test};

fn gpu() -> Option<gpu::Gpu> {
    let dir = std::env::temp_dir().join(format!("dslang-autodiff-xdg-{}", std::process::id()));
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

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.slang` files of the corpus, as `forward/name.slang` paths relative to tests/autodiff.
fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["forward", "reverse"] {
        let path = repo_root().join("tests/autodiff").join(dir);
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".slang") {
                out.push(format!("{dir}/{name}"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn autodiff_corpus_runs_on_the_gpu() {
    let Some(gpu) = gpu() else { return };
    let tests = corpus();
    assert!(!tests.is_empty(), "no tests under tests/autodiff");
    let listed = include_str!("autodiff_passing.txt");
    let must_pass: Vec<&str> = listed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let (mut passed, mut failed, mut skipped) = (Vec::new(), Vec::new(), Vec::new());
    for t in &tests {
        let path = repo_root().join("tests/autodiff").join(t);
        match run_compute_test(&gpu, &path) {
            TestOutcome::Pass => passed.push(t.clone()),
            TestOutcome::Fail(why) => failed.push((t.clone(), why)),
            TestOutcome::Skip(why) => skipped.push((t.clone(), why)),
        }
    }
    for (t, why) in &failed {
        let short: String = why.chars().take(300).collect();
        println!("FAIL {t}: {short}");
    }
    for (t, why) in &skipped {
        println!("SKIP {t}: {why}");
    }
    println!(
        "{} passed, {} failed, {} skipped",
        passed.len(),
        failed.len(),
        skipped.len()
    );
    let missing: Vec<&&str> = must_pass
        .iter()
        .filter(|t| !passed.iter().any(|p| p == **t))
        .collect();
    assert!(
        missing.is_empty(),
        "tests listed in autodiff_passing.txt that do not pass: {missing:?}"
    );
}
