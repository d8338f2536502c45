//! The command-line contract of shared/docs/cli.md, through the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dslang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the dslang binary runs")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
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

#[test]
fn unimplemented_commands_say_so_with_status_2() {
    let out = dslang(&["compile", "x.slang"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not implemented yet"));
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
