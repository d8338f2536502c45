//! tests/slang-suite/*/: programs in the style of Slang's own test suite (tests/compute,
//! tests/language-feature, tests/bugs, tests/autodiff), run through `dslang test`. Each folder has a
//! known-failures.txt (`file.slang: why`); an unlisted failure or a listed pass fails the test.

mod common;
use common::{gpu_available, gpu_env, repo_root, test_file_name};
use std::process::Command;

/// Runs one folder of the suite and checks it against its known-failures.txt; gives
/// `dslang test`'s output (`None` without a GPU).
fn run_suite_folder(folder: &str, min_passed: usize) -> Option<String> {
    if !gpu_available() {
        return None;
    }
    let dir = repo_root().join("tests/slang-suite").join(folder);
    let known: Vec<String> = std::fs::read_to_string(dir.join("known-failures.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').next().unwrap_or_default().trim().to_string())
        .collect();
    let out = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["test", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let name_of = |line: &str| test_file_name(line.split_whitespace().nth(1).unwrap_or_default());
    let with_status = |status: &str| -> Vec<String> {
        stdout
            .lines()
            .filter(|l| l.starts_with(status))
            .map(name_of)
            .collect()
    };
    let (failed, passed) = (with_status("FAIL "), with_status("PASS "));
    let regressions: Vec<&String> = failed.iter().filter(|f| !known.contains(f)).collect();
    let fixed: Vec<&String> = passed.iter().filter(|p| known.contains(p)).collect();
    assert!(
        regressions.is_empty(),
        "unexpected failures in {folder} {regressions:?}:\n{stdout}"
    );
    assert!(
        fixed.is_empty(),
        "now passing, remove from {folder}/known-failures.txt: {fixed:?}"
    );
    assert!(
        passed.len() >= min_passed,
        "only {} passed in {folder}:\n{stdout}",
        passed.len()
    );
    Some(stdout.into_owned())
}

#[test]
fn slang_suite_language() {
    run_suite_folder("language", 480);
}

#[test]
fn slang_suite_autodiff() {
    run_suite_folder("autodiff", 480);
}

/// Programs in the style of real Slang projects (splatting rasterizers, neural fields, material
/// systems, Playground demos, a two-file module); expected values are slangc's, except where
/// README.md says slangc is wrong.
#[test]
fn slang_suite_realworld() {
    run_suite_folder("realworld", 17);
}

/// The realworld programs without a compute test (a CUDA `TensorView` kernel, a SlangPy-style
/// module, raster shaders, Playground demos) check clean, as they do in slangc; a module's
/// `implementing` part is checked through its main file.
#[test]
fn realworld_programs_check_clean() {
    let dir = repo_root().join("tests/slang-suite/realworld");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "slang") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if text.lines().any(|l| l.starts_with("implementing ")) {
            continue;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_dslang"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} realworld programs checked");
}

/// The math, bit and conversion intrinsics and their derivatives (tests/tools/gen_intrinsics_suite.py).
#[test]
fn slang_suite_intrinsics() {
    run_suite_folder("intrinsics", 125);
}

/// The test-file forms of Slang's suite (several TEST lines, API flags, inputs, expected-file
/// formats): everything dslang can run passes, and each line it cannot run is skipped with its
/// reason, never passed or failed.
#[test]
fn slang_suite_harness() {
    let Some(stdout) = run_suite_folder("harness", 35) else {
        return;
    };
    let folder = repo_root().join("tests/slang-suite/harness");
    let prefix = format!("{}/", folder.to_str().unwrap());
    let skipped: String = stdout
        .lines()
        .filter(|l| l.starts_with("SKIP ") || l.contains(" passed, "))
        .map(|l| l.replace(&prefix, "") + "\n")
        .collect();
    expect_test::expect![[r#"
        SKIP h5_existential-type-input.slang: line 6: unsupported TEST_INPUT `globalExistentialType Doubler`
        SKIP random-input.slang: line 4: unsupported TEST_INPUT `ubuffer(random(float, 4, -1.0, 1.0), stride=4)`
        SKIP slangc-output-checks.slang: SIMPLE(filecheck=...) checks slangc's output for -target hlsl; dslang generates different code
        SKIP slangc-output-checks.slang.1: SIMPLE(filecheck=...) checks slangc's output for -target spirv; dslang generates different code
        SKIP slangc-output-checks.slang.2: CROSS_COMPILE compares slangc's generated code with another compiler's
        SKIP slangc-output-checks.slang.3: REFLECTION compares slangc's reflection JSON
        SKIP slangc-output-checks.slang.4: INTERPRET runs Slang's bytecode interpreter
        39 passed, 0 failed, 7 skipped
    "#]].assert_eq(&skipped);
}
