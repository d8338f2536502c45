//! `dslang test [PATH...]`: runs the test files of Slang's format (shared/docs/test-format.md).
//! Diagnostic tests (`//DIAGNOSTIC_TEST`) are judged against `dslang check`'s diagnostics;
//! compute tests are compiled, dispatched on the GPU and compared with their expected output.

use std::path::{Path, PathBuf};

use test_format::{ReportedDiagnostic, judge_diagnostics, parse_test_file};

use crate::diagnostics::{Reported, check_source};
use crate::exit;

enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

pub fn run(paths: &[PathBuf]) -> u8 {
    let roots: Vec<PathBuf> = if paths.is_empty() {
        vec![PathBuf::from("tests")]
    } else {
        paths.to_vec()
    };
    let mut files = Vec::new();
    for root in &roots {
        if let Err(err) = collect(root, &mut files) {
            eprintln!("{}: error: cannot read: {err}", root.display());
            return exit::BAD_COMMAND_LINE;
        }
    }
    files.sort();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    // Opened on the first compute test, so diagnostic tests need no GPU.
    let mut gpu: Option<Result<gpu::Gpu, u8>> = None;
    for file in &files {
        match run_file(file, &mut gpu) {
            None => continue,
            Some(Outcome::Pass) => {
                passed += 1;
                println!("PASS {}", file.display());
            }
            Some(Outcome::Fail(why)) => {
                failed += 1;
                println!("FAIL {}", file.display());
                for line in why.lines() {
                    println!("    {line}");
                }
            }
            Some(Outcome::Skip(why)) => {
                skipped += 1;
                println!("SKIP {}: {why}", file.display());
            }
        }
    }
    if skipped > 0 {
        println!("{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        println!("{passed} passed, {failed} failed");
    }
    if failed > 0 {
        exit::USER_ERROR
    } else {
        exit::OK
    }
}

/// Every `.slang` file under `path` (or `path` itself).
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        for entry in std::fs::read_dir(path)? {
            collect(&entry?.path(), out)?;
        }
    } else if path.extension().is_some_and(|e| e == "slang") || path.is_file() {
        out.push(path.to_path_buf());
    } else {
        // A missing path is an error the user should see.
        std::fs::metadata(path)?;
    }
    Ok(())
}

/// `None` for files that are not tests (no TEST or DIAGNOSTIC_TEST line).
fn run_file(path: &Path, gpu: &mut Option<Result<gpu::Gpu, u8>>) -> Option<Outcome> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => return Some(Outcome::Fail(format!("cannot read: {err}"))),
    };
    let text = String::from_utf8_lossy(&bytes);
    let test = parse_test_file(&text);
    if let Some(expectations) = &test.diagnostics {
        let (decoded, reported) = check_source(path, &bytes);
        let reported = to_line_columns(&decoded, &reported);
        let problems = judge_diagnostics(expectations, &reported);
        if !test.errors.is_empty() {
            let why: Vec<String> = test
                .errors
                .iter()
                .map(|e| format!("line {}: {}", e.line, e.message))
                .collect();
            return Some(Outcome::Fail(why.join("\n")));
        }
        return Some(if problems.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Fail(
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        });
    }
    if test.compute_tests().next().is_some() {
        let gpu = match gpu.get_or_insert_with(crate::compile::open_gpu) {
            Ok(gpu) => gpu,
            Err(_) => return Some(Outcome::Fail("no usable GPU adapter".into())),
        };
        return Some(match driver::run_compute_test(gpu, path) {
            driver::TestOutcome::Pass => Outcome::Pass,
            driver::TestOutcome::Fail(why) => Outcome::Fail(why),
            driver::TestOutcome::Skip(why) => Outcome::Skip(why),
        });
    }
    None
}

/// Byte ranges to 1-based (line, column in characters), as test files count them.
fn to_line_columns(text: &str, reported: &[Reported]) -> Vec<ReportedDiagnostic> {
    reported
        .iter()
        .map(|r| {
            let start = r.range.start.min(text.len());
            let before = text.get(..start).unwrap_or(text);
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            ReportedDiagnostic {
                line: before.matches('\n').count() as u32 + 1,
                column: before[line_start..].chars().count() as u32 + 1,
                message: r.message.clone(),
                code: r.code.to_string(),
            }
        })
        .collect()
}
