//! tests/compute/wide_int64_*.slang and soft_f64_*.slang compiled for a device without
//! SHADER_INT64 and SHADER_F64 (`dslang compile --target wgsl`, no `--feature`): 64-bit integers
//! and doubles become pairs of 32-bit words (codegen/src/lower/wide_int.rs, soft_f64.rs). The
//! WGSL must not use `i64`/`u64`/`f64`, and running it must give the file's expected output,
//! which `dslang test` also checks with native 64-bit types where the adapter has them.

mod common;
use common::{gpu_available, repo_root};
use std::process::Command;

use gpu::{Gpu, GpuOptions, format_outputs, plan_test, reflect_wgsl};
use test_format::{Verdict, expected_file_for, judge_output, parse_test_file};

fn wide_int_tests() -> Vec<std::path::PathBuf> {
    let dir = repo_root().join("tests/compute");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name.starts_with("wide_int64_") || name.starts_with("soft_f64_"))
                && name.ends_with(".slang")
        })
        .collect();
    files.sort();
    files
}

fn compile_without_int64(file: &std::path::Path) -> String {
    let out_dir = std::env::temp_dir().join(format!("dslang-wide-int-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir
        .join(file.file_name().unwrap())
        .with_extension("wgsl");
    let status = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(["compile", file.to_str().unwrap(), "--target", "wgsl", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&status.stderr)
    );
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn wide_int_files_compile_to_core_wgsl() {
    let files = wide_int_tests();
    assert!(files.len() >= 3, "{files:?}");
    for file in files {
        let wgsl = compile_without_int64(&file);
        let native_f64 = wgsl
            .match_indices("f64")
            .any(|(i, _)| !wgsl[i + 3..].starts_with('e'));
        assert!(
            !wgsl.contains("i64") && !wgsl.contains("u64") && !native_f64,
            "{}: 64-bit types left in\n{wgsl}",
            file.display()
        );
    }
}

#[test]
fn wide_int_files_run_emulated() {
    if !gpu_available() {
        return;
    }
    // The emulated double transcendentals make large shaders: llvmpipe takes tens of seconds
    // to compile soft_f64_math_*.slang on a loaded machine.
    let options = GpuOptions {
        timeout: std::time::Duration::from_secs(300),
        ..GpuOptions::default()
    };
    let gpu = match Gpu::new(options) {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("skipped: {e}");
            return;
        }
    };
    for file in wide_int_tests() {
        let wgsl = compile_without_int64(&file);
        let source = std::fs::read_to_string(&file).unwrap();
        let test = parse_test_file(&source);
        let directive = test.compute_tests().next();
        let dispatch = directive.map_or([1, 1, 1], |d| d.dispatch);
        let using_type = directive.is_some_and(|d| d.output_using_type);
        let info = reflect_wgsl(&wgsl).unwrap();
        let plan = plan_test(&test, &info.resources, &wgsl, "computeMain", dispatch)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let result = gpu
            .run_compute(&plan.job)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let expected = expected_file_for(&file).map(|p| std::fs::read_to_string(p).unwrap());
        let output = format_outputs(&plan.outputs, &result, using_type);
        match judge_output(&source, directive, expected.as_deref(), &output) {
            Verdict::Pass => {}
            Verdict::Fail(e) => panic!("{}: {e}\n{output}", file.display()),
            Verdict::NoExpectation => panic!("{}: no expected output", file.display()),
        }
    }
}
