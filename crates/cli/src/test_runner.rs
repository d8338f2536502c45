//! `dslang test [PATH...]`: runs the test files of Slang's format (shared/docs/test-format.md).
//! Diagnostic tests (`//DIAGNOSTIC_TEST`) are judged against `dslang check`'s diagnostics;
//! compute tests are compiled, dispatched on the GPU and compared with their expected output.

use std::path::{Path, PathBuf};

use test_format::{ReportedDiagnostic, TestKind, judge_diagnostics, parse_test_file};

use crate::diagnostics::{Reported, check_source};
use crate::exit;

#[derive(Clone)]
enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

pub fn run(paths: &[PathBuf], include: &[String], defines: &[(String, String)]) -> u8 {
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
        for (name, outcome) in run_file(file, include, defines, &mut gpu) {
            match outcome {
                Outcome::Pass => {
                    passed += 1;
                    println!("PASS {name}");
                }
                Outcome::Fail(why) => {
                    failed += 1;
                    println!("FAIL {name}");
                    for line in why.lines() {
                        println!("    {line}");
                    }
                }
                Outcome::Skip(why) => {
                    skipped += 1;
                    println!("SKIP {name}: {why}");
                }
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

/// The tests of one file, each with its name: the file's path for its first `//TEST` line, then
/// `path.N` for the line at index N, as slang-test names them, followed by ` (vk)` when the line
/// names an API. Files without test lines, and those marked `//TEST_IGNORE_FILE` (modules that
/// other tests import), have none.
fn run_file(
    path: &Path,
    include: &[String],
    defines: &[(String, String)],
    gpu: &mut Option<Result<gpu::Gpu, u8>>,
) -> Vec<(String, Outcome)> {
    let bytes = match crate::input::read_file(path) {
        Ok(bytes) => bytes,
        Err(refused) => {
            return vec![(
                path.display().to_string(),
                Outcome::Fail(refused.message().to_string()),
            )];
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut test = parse_test_file(&text);
    // The command line's `-I` folders (absolute) and `-D` definitions come after each line's own.
    for directive in &mut test.tests {
        directive.include_dirs.extend(include.iter().cloned());
        directive.defines.extend(defines.iter().cloned());
    }
    if test.ignore_file {
        return Vec::new();
    }
    // A diagnostic test's expectations are the whole file's: judged once.
    let mut diagnostic_outcome: Option<Outcome> = None;
    // Lines that differ only in the API they name (`-slang` and `-vk`) are the same run here.
    let mut runs: Vec<(RunKey, Outcome)> = Vec::new();
    let mut results = Vec::new();
    let mut index = 0;
    for directive in &test.tests {
        // `//DISABLE_TEST` lines are not tests (test-format.md); slang-test numbers the enabled
        // lines only.
        if directive.disabled {
            continue;
        }
        let mut name = path.display().to_string();
        if index > 0 {
            name += &format!(".{index}");
        }
        index += 1;
        if let Some(api) = directive.api() {
            name += &format!(" ({api})");
        }
        let outcome = if let Some(reason) = directive.skip_reason() {
            Outcome::Skip(reason)
        } else if directive.kind == TestKind::Diagnostic {
            diagnostic_outcome
                .get_or_insert_with(|| judge_diagnostic_file(path, &bytes, &test))
                .clone()
        } else {
            let key = RunKey::of(directive);
            match runs.iter().find(|(k, _)| *k == key) {
                Some((_, outcome)) => outcome.clone(),
                None => {
                    let outcome = match gpu.get_or_insert_with(crate::compile::open_gpu) {
                        Ok(gpu) => match driver::run_compute_directive(
                            gpu,
                            path,
                            &bytes,
                            &test,
                            directive,
                            index - 1,
                        ) {
                            driver::TestOutcome::Pass => Outcome::Pass,
                            driver::TestOutcome::Fail(why) => Outcome::Fail(why),
                            driver::TestOutcome::Skip(why) => Outcome::Skip(why),
                        },
                        Err(_) => Outcome::Fail("no usable GPU adapter".into()),
                    };
                    runs.push((key, outcome.clone()));
                    outcome
                }
            }
        };
        results.push((name, outcome));
    }
    results
}

/// What decides a compute run's result; two lines with the same key give the same result.
#[derive(PartialEq)]
struct RunKey {
    command_args: Vec<(String, String)>,
    dispatch: [u32; 3],
    output_using_type: bool,
    defines: Vec<(String, String)>,
    entry: Option<String>,
}

impl RunKey {
    fn of(directive: &test_format::TestDirective) -> RunKey {
        RunKey {
            command_args: directive.command_args.clone(),
            dispatch: directive.dispatch,
            output_using_type: directive.output_using_type,
            defines: directive.defines.clone(),
            entry: directive.entry.clone(),
        }
    }
}

/// Judges a `//DIAGNOSTIC_TEST` file against `dslang check`'s diagnostics.
fn judge_diagnostic_file(path: &Path, bytes: &[u8], test: &test_format::TestFile) -> Outcome {
    if !test.errors.is_empty() {
        let why: Vec<String> = test
            .errors
            .iter()
            .map(|e| format!("line {}: {}", e.line, e.message))
            .collect();
        return Outcome::Fail(why.join("\n"));
    }
    let Some(expectations) = &test.diagnostics else {
        return Outcome::Fail("no diagnostic expectations".into());
    };
    // The search folders of the diagnostic line, relative ones in the test file's folder.
    let folder = path.parent().unwrap_or(Path::new("."));
    let include: Vec<String> = test
        .tests
        .iter()
        .find(|d| d.kind == TestKind::Diagnostic)
        .map(|d| d.include_dirs.iter())
        .into_iter()
        .flatten()
        .map(|d| folder.join(d).to_string_lossy().into_owned())
        .collect();
    let (decoded, mut reported) = check_source(path, bytes, &include);
    if reported.is_empty() {
        let entry = test
            .tests
            .iter()
            .find(|d| d.kind == TestKind::Diagnostic)
            .and_then(|d| d.entry.clone());
        reported = backend_refusals(path, bytes, &include, entry);
    }
    let reported = to_line_columns(&decoded, &reported);
    let problems = judge_diagnostics(expectations, &reported);
    if problems.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(
            problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }
}

/// The errors that slangc reports from its backend and dslang from lowering, for a program the
/// front end accepts: recursion (E55201) and `abort` in reverse-differentiated code (E3116), which
/// a diagnostic test compiled for a GPU target expects. Other lowering failures are no diagnostics of the program.
fn backend_refusals(
    path: &Path,
    bytes: &[u8],
    include: &[String],
    entry: Option<String>,
) -> Vec<Reported> {
    let options = driver::Options {
        include_dirs: include.to_vec(),
        entry,
        ..driver::Options::default()
    };
    let loaded = driver::load(path, bytes, &options);
    match loaded.compile(&options) {
        Ok(_) => Vec::new(),
        Err(errors) => crate::diagnostics::errors_of(errors)
            .into_iter()
            .filter(|r| matches!(r.code, "E55201" | "E3116"))
            .collect(),
    }
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
