//! The command-line contract of shared/docs/cli.md, through the real binary.

mod common;
use common::{repo_root, test_file_name};
use std::path::PathBuf;
use std::process::{Command, Output};

fn dslang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the dslang binary runs")
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn check_good_file_is_silent_and_succeeds() {
    let path = temp_file(
        "good.slang",
        b"[Differentiable]\nfloat f(float x) { return x * x; }\n",
    );
    let out = dslang(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
}

#[test]
fn check_reports_syntax_error_with_location_line_and_caret() {
    let path = temp_file(
        "bad.slang",
        b"float f(float x)\n{\n    return x * 2\n}\nfloat g() { return 1.0; }\n",
    );
    let out = dslang(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let first = stderr.lines().next().unwrap();
    assert!(
        first.ends_with(
            "bad.slang:4:1: error[E1001]: unexpected '}', expected ';' after the return statement"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("4 │ }"), "{stderr}");
    assert!(stderr.contains("  │ ^"), "{stderr}");
    // Recovery: the error is reported once, the following function is intact.
    assert_eq!(stderr.matches("error[").count(), 1, "{stderr}");
}

#[test]
fn search_folders_from_dash_i_serve_imports_and_includes() {
    let dir = std::env::temp_dir().join(format!("dslang-cli-search-{}", std::process::id()));
    let (lib, app) = (dir.join("lib"), dir.join("app"));
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::create_dir_all(&app).unwrap();
    std::fs::write(
        lib.join("shapes.slang"),
        "float area(float r) { return 3.0 * r * r; }\n",
    )
    .unwrap();
    std::fs::write(lib.join("consts.h"), "#define SCALE 2.0\n").unwrap();
    let main = app.join("main.slang");
    std::fs::write(
        &main,
        "import shapes;\n#include \"consts.h\"\nfloat g(float r) { return area(r) * SCALE; }\n\
         RWStructuredBuffer<float> o;\n\
         [numthreads(1, 1, 1)] void computeMain() { o[0] = g(1.0); }\n",
    )
    .unwrap();
    let without = dslang(&["check", main.to_str().unwrap()]);
    assert_eq!(without.status.code(), Some(1), "{without:?}");
    // `-I` before or after the subcommand, as a separate word.
    for args in [
        ["-I", lib.to_str().unwrap(), "check", main.to_str().unwrap()],
        ["check", main.to_str().unwrap(), "-I", lib.to_str().unwrap()],
    ] {
        let out = dslang(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    }
    let compiled = dslang(&[
        "compile",
        main.to_str().unwrap(),
        "--target",
        "ir",
        "-I",
        lib.to_str().unwrap(),
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{compiled:?}");
}

#[test]
fn check_reports_invalid_utf8() {
    let path = temp_file("utf8.slang", b"float f() { return 1.0; } // caf\xe9\n");
    let out = dslang(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(":1:33: error[E1004]"), "{stderr}");
}

#[test]
fn check_whole_syntax_corpus_is_clean() {
    let dir = repo_root().join("tests/syntax");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "slang"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus has {} files", files.len());
    let args: Vec<&str> = std::iter::once("check")
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = dslang(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    assert_eq!(
        dslang(&["check", "/nonexistent/x.slang"]).status.code(),
        Some(2)
    );
    assert_eq!(dslang(&["check"]).status.code(), Some(2));
    assert_eq!(dslang(&["frobnicate"]).status.code(), Some(2));
}

fn gpu_env(cmd: &mut Command) -> &mut Command {
    let runtime = std::env::temp_dir().join(format!("dslang-cli-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    cmd.env("XDG_RUNTIME_DIR", runtime)
}

/// The GPU is present (lavapipe in CI), or the test says why it does not run.
fn gpu_available() -> bool {
    let out = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["run", "--dispatch", "1", "/nonexistent.slang"])
        .output()
        .unwrap();
    // Reading the file fails before the GPU is opened; probe the adapter with a real run below.
    drop(out);
    let path = temp_file(
        "probe.slang",
        b"RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { o[0] = 1.0; }\n",
    );
    let probe = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    if probe.status.code() == Some(3) && std::env::var_os("DSLANG_REQUIRE_GPU").is_none() {
        eprintln!("no GPU adapter: GPU tests of the CLI not run");
        return false;
    }
    true
}

#[test]
fn compile_writes_wgsl_with_user_names_ir_reflection_and_spirv() {
    let path = temp_file(
        "compile.slang",
        b"RWStructuredBuffer<float> outputBuffer;\nStructuredBuffer<float> inputs;\n[shader(\"compute\")]\n[numthreads(4, 1, 1)]\nvoid computeMain(uint3 tid : SV_DispatchThreadID)\n{\n    outputBuffer[tid.x] = sin(inputs[tid.x]) * 2.0;\n}\n",
    );
    let p = path.to_str().unwrap();
    let wgsl = dslang(&["compile", p]);
    assert_eq!(wgsl.status.code(), Some(0), "{wgsl:?}");
    let wgsl = String::from_utf8(wgsl.stdout).unwrap();
    assert!(
        wgsl.contains("@group(0) @binding(0) \nvar<storage, read_write> outputBuffer: array<f32>;"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("@group(0) @binding(1) \nvar<storage> inputs: array<f32>;"),
        "{wgsl}"
    );
    assert!(wgsl.contains("@workgroup_size(4, 1, 1)"), "{wgsl}");

    let ir = String::from_utf8(dslang(&["compile", p, "--target", "ir"]).stdout).unwrap();
    assert!(ir.contains("computeMain"), "{ir}");

    let reflection = dslang(&["compile", p, "--target", "reflection"]);
    let json: serde_json::Value = serde_json::from_slice(&reflection.stdout).unwrap();
    assert_eq!(json["bindings"][0]["name"], "outputBuffer");
    assert_eq!(json["bindings"][1]["name"], "inputs");

    let spv_path = std::env::temp_dir().join(format!("dslang-cli-{}.spv", std::process::id()));
    let spirv = dslang(&[
        "compile",
        p,
        "--target",
        "spirv",
        "-o",
        spv_path.to_str().unwrap(),
    ]);
    assert_eq!(spirv.status.code(), Some(0), "{spirv:?}");
    let words = std::fs::read(&spv_path).unwrap();
    assert_eq!(
        &words[..4],
        &0x0723_0203u32.to_le_bytes(),
        "SPIR-V magic number"
    );
}

#[test]
fn compile_error_is_a_diagnostic_with_status_1() {
    let path = temp_file(
        "compile_bad.slang",
        b"RWStructuredBuffer<float> o;\n[numthreads(1,1,1)]\nvoid computeMain() { o[0] = undefinedThing; }\n",
    );
    let out = dslang(&["compile", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("compile_bad.slang:3:29: error[E2001]"),
        "{stderr}"
    );
}

#[test]
fn run_dispatches_and_prints_buffers_in_expected_format() {
    if !gpu_available() {
        return;
    }
    let path = temp_file(
        "run.slang",
        b"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type\n//TEST_INPUT:ubuffer(data=[1.0 2.0 3.0 4.0], stride=4):name=xs\n//TEST_INPUT:ubuffer(data=[0 0 0 0], stride=4):out,name=ys\nStructuredBuffer<float> xs;\nRWStructuredBuffer<float> ys;\n[numthreads(4,1,1)]\nvoid computeMain(uint3 t : SV_DispatchThreadID) { ys[t.x] = xs[t.x] * xs[t.x] + 0.5; }\n",
    );
    let out = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "type: float\n1.500000\n4.500000\n9.500000\n16.500000\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("adapter: "));

    let json = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["run", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value["adapter"].as_str().unwrap().contains('('), "{value}");
    assert_eq!(value["buffers"][0]["name"], "ys");
    assert_eq!(value["buffers"][0]["words"][1], 4.5f32.to_bits());
}

#[test]
fn test_command_runs_the_compute_corpus() {
    if !gpu_available() {
        return;
    }
    let dir = repo_root().join("tests/compute");
    let known: Vec<String> = std::fs::read_to_string(dir.join("known-failures.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').next().unwrap().trim().to_string())
        .collect();
    let out = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["test", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let name_of = |line: &str| test_file_name(line.split_whitespace().nth(1).unwrap_or_default());
    let failed: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("FAIL "))
        .map(name_of)
        .collect();
    let passed: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("PASS "))
        .map(name_of)
        .collect();
    let regressions: Vec<&String> = failed.iter().filter(|f| !known.contains(f)).collect();
    let fixed: Vec<&String> = passed.iter().filter(|p| known.contains(p)).collect();
    assert!(
        regressions.is_empty(),
        "unexpected failures {regressions:?}:\n{stdout}"
    );
    assert!(
        fixed.is_empty(),
        "now passing, remove from known-failures.txt: {fixed:?}"
    );
    assert!(
        passed.len() >= 80,
        "only {} passed:\n{stdout}",
        passed.len()
    );
}

#[test]
fn bench_parse_runs() {
    let out = dslang(&["bench", "parse", "--lines", "500", "--iters", "2"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("parse: ") && stdout.contains("MB/s"),
        "{stdout}"
    );
}

#[test]
fn diagnostic_test_corpus_passes() {
    let dir = repo_root().join("tests/diagnostics");
    let out = dslang(&["test", dir.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(summary.ends_with(" passed, 0 failed"), "{summary}");
    let passed: usize = summary.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 40, "{summary}");
}

#[test]
fn test_command_reports_failures_with_reasons_and_status_1() {
    let path = temp_file(
        "diag_wrong.slang",
        b"//DIAGNOSTIC_TEST:SIMPLE(diag=CHECK):\nfloat f() { return g(); }\n//CHECK:             ^ this message is not what dslang says\n",
    );
    let out = dslang(&["test", path.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("FAIL "), "{stdout}");
    assert!(
        stdout.contains("expected an error at 2:22 containing `this message"),
        "{stdout}"
    );
    assert!(stdout.contains("got 2:20: E2001"), "{stdout}");
    assert!(
        stdout.trim_end().ends_with("0 passed, 1 failed"),
        "{stdout}"
    );
}

#[test]
fn bench_check_runs_on_an_error_free_generated_file() {
    let out = dslang(&["bench", "check", "--lines", "300", "--iters", "2"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("check: ") && stdout.contains(" 0 errors"),
        "{stdout}"
    );
}
