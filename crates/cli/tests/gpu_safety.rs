//! GPU safety through the real binary: a runaway dispatch is stopped at the time limit and the
//! next test runs on a new device; buffers over the device's limits are refused before anything
//! is allocated; optional device features are named when missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder of test files for one test.
fn test_dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-gpu-safety-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// `dslang ARGS` with a private XDG_RUNTIME_DIR (Mesa warns without one) and `envs`.
fn dslang(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let runtime =
        std::env::temp_dir().join(format!("dslang-gpu-safety-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .envs(envs.iter().copied())
        .env("XDG_RUNTIME_DIR", runtime)
        .output()
        .expect("the dslang binary runs")
}

/// Exit status 3 is "no usable GPU adapter": the GPU tests then say so and stop, unless
/// DSLANG_REQUIRE_GPU asks for a failure.
fn no_gpu(out: &Output) -> bool {
    if out.status.code() == Some(3) && std::env::var_os("DSLANG_REQUIRE_GPU").is_none() {
        eprintln!("no GPU adapter: test not run");
        return true;
    }
    false
}

/// 20000 workgroups of 64 threads, each 60000 steps of a hash chain LLVM cannot shorten (the
/// trip count is read at run time): minutes on lavapipe, which stops a thread's loops after
/// about 65535 iterations, so the work is spread over threads. The abandoned dispatch ends with
/// the process.
const RUNAWAY: &str = r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type -compute-dispatch 20000,1,1
//TEST_INPUT:ubuffer(data=[60000], stride=4):name=trips
//TEST_INPUT:ubuffer(data=[0], stride=4):out,name=outputBuffer
StructuredBuffer<uint> trips;
RWStructuredBuffer<uint> outputBuffer;
[numthreads(64, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint s = tid.x + 1;
    for (uint i = 0; i < trips[0]; i++)
    {
        s = s * 1664525u + 1013904223u;
        s ^= s >> 13;
    }
    if (s == 12345u)
        outputBuffer[0] = s;
}
"#;

const QUICK: &str = r#"//TEST(compute):COMPARE_COMPUTE_EX(filecheck-buffer=CHECK):-slang -compute -output-using-type
//TEST_INPUT:ubuffer(data=[0], stride=4):out,name=outputBuffer
RWStructuredBuffer<uint> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain() { outputBuffer[0] = 6 * 7; }
// CHECK: type: uint32_t
// CHECK-NEXT: 42
"#;

#[test]
fn a_runaway_dispatch_fails_at_the_time_limit_and_the_next_test_runs() {
    // Files run in name order: the runaway one first, then one that must still pass.
    let dir = test_dir(
        "timeout",
        &[("a_runaway.slang", RUNAWAY), ("b_quick.slang", QUICK)],
    );
    let out = dslang(
        &["test", dir.to_str().unwrap()],
        &[("DSLANG_GPU_TIMEOUT", "1")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // `dslang test` reports a missing adapter per file rather than with status 3.
    if stdout.contains("no usable GPU adapter") && std::env::var_os("DSLANG_REQUIRE_GPU").is_none()
    {
        eprintln!("no GPU adapter: test not run");
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("FAIL ") && lines[0].ends_with("a_runaway.slang"),
        "{stdout}"
    );
    assert_eq!(
        lines[1].trim(),
        "the dispatch did not finish within 1.0 s (a runaway shader? set DSLANG_GPU_TIMEOUT to \
         allow longer); the device is replaced for the next run"
    );
    assert!(
        lines[2].starts_with("PASS ") && lines[2].ends_with("b_quick.slang"),
        "{stdout}"
    );
    assert_eq!(
        lines.last().copied(),
        Some("1 passed, 1 failed"),
        "{stdout}"
    );
}

#[test]
fn run_reports_a_timeout_with_status_1_and_a_bad_limit_with_status_2() {
    let dir = test_dir("run", &[("runaway.slang", RUNAWAY)]);
    let file = dir.join("runaway.slang");
    let out = dslang(
        &["run", file.to_str().unwrap()],
        &[("DSLANG_GPU_TIMEOUT", "1")],
    );
    if no_gpu(&out) {
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("runaway.slang: error: the dispatch did not finish within 1.0 s"),
        "{stderr}"
    );
    let bad = dslang(
        &["run", file.to_str().unwrap()],
        &[("DSLANG_GPU_TIMEOUT", "soon")],
    );
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr).trim(),
        "error: DSLANG_GPU_TIMEOUT=`soon` is not a positive number of seconds"
    );
}

#[test]
fn buffers_over_the_device_limit_are_refused_before_allocation() {
    // 4 GB: more than any device binds; allocating it first would take the host's memory.
    let huge = "//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type\n\
        //TEST_INPUT:ubuffer(data=[0], stride=4, count=1000000000):out,name=outputBuffer\n\
        RWStructuredBuffer<uint> outputBuffer;\n\
        [numthreads(1, 1, 1)]\n\
        void computeMain() { outputBuffer[0] = 1; }\n";
    let dir = test_dir("huge", &[("huge.slang", huge)]);
    let out = dslang(&["run", dir.join("huge.slang").to_str().unwrap()], &[]);
    if no_gpu(&out) {
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let message = stderr.lines().next().unwrap_or_default();
    // The limit's name and value are the device's (lavapipe: max_storage_buffer_binding_size).
    assert!(
        message.contains(
            "huge.slang: error: line 2: the buffer `outputBuffer` would have 4000000000 bytes, \
             more than the device allows ("
        ),
        "{stderr}"
    );
}

#[test]
fn wgsl_without_device_features_emulates_double() {
    // Core WGSL has no `double`: `compile --target wgsl` without `--feature f64` holds each one
    // as the two 32-bit words of its bits (codegen's soft_f64.rs), while SPIR-V (and runs on a
    // device with SHADER_F64) take it natively.
    let file = repo_root().join("tests/compute/ext_f64.slang");
    let out = dslang(
        &["compile", "--target", "wgsl", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let wgsl = String::from_utf8_lossy(&out.stdout);
    assert!(wgsl.contains("fn f64e_"), "{wgsl}");
    let spirv = dslang(
        &["compile", "--target", "spirv", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(spirv.status.code(), Some(0), "{spirv:?}");
    assert_eq!(
        &spirv.stdout[..4],
        &0x0723_0203u32.to_le_bytes(),
        "SPIR-V magic"
    );
}

const ONE_WRITE: &str = r#"//TEST_INPUT:ubuffer(data=[0 0 0 0], stride=4):out,name=outputBuffer
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 t : SV_DispatchThreadID) { outputBuffer[t.x % 4] = 1.0; }
"#;

/// A dispatch whose total workgroups overflow 32 bits (each side within the device's limit) is
/// refused: drivers that count in 32 bits wrap and compute wrong results.
#[test]
fn dispatch_totals_past_32_bits_are_refused() {
    let dir = test_dir("dispatch-total", &[("k.slang", ONE_WRITE)]);
    let file = dir.join("k.slang");
    let out = dslang(
        &[
            "run",
            file.to_str().unwrap(),
            "--dispatch",
            "65535,65535,65535",
        ],
        &[],
    );
    if no_gpu(&out) {
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("workgroups in all"), "{stderr}");
}

/// An impossible `count=` in a `//TEST_INPUT` is an error of `dslang run`, not a buffer left out.
#[test]
fn impossible_input_counts_are_errors_of_run() {
    for count in ["-1", "1099511627776"] {
        let text = ONE_WRITE.replace("stride=4)", &format!("stride=4, count={count})"));
        let dir = test_dir(&format!("count{count}"), &[("k.slang", &text)]);
        let file = dir.join("k.slang");
        let out = dslang(&["run", file.to_str().unwrap()], &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "count={count}: {stderr}");
        assert!(
            stderr.contains("k.slang:1: error"),
            "count={count}: {stderr}"
        );
    }
}

/// `run --out DIR` replaces a symlink planted at `DIR/preview.json`; the link's target is
/// untouched.
#[test]
fn preview_outputs_never_write_through_links() {
    let dir = test_dir(
        "links",
        &[("k.slang", ONE_WRITE), ("victim.txt", "keep me\n")],
    );
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let link = out_dir.join("preview.json");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(dir.join("victim.txt"), &link).unwrap();
    let file = dir.join("k.slang");
    let out = dslang(
        &[
            "run",
            file.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &[],
    );
    if no_gpu(&out) {
        return;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("victim.txt")).unwrap(),
        "keep me\n"
    );
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_file(), "preview.json is a file now");
}
