//! `tests/diagnostics/*.slang`: DIAGNOSTIC_TEST files judged with the shared test-format rules
//! (every error at its caret, no unexpected errors).

use std::path::PathBuf;

use test_format::{ReportedDiagnostic, judge_diagnostics, parse_diagnostic_expectations};

use crate::{RootDatabase, Severity};

#[test]
fn diagnostic_files_report_each_error_at_its_caret() {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/diagnostics"
    ));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "slang"));
    paths.sort();
    assert!(
        paths.len() >= 40,
        "expected the diagnostic corpus in {}",
        dir.display()
    );
    let mut failures = String::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let (expectations, errors) = parse_diagnostic_expectations(&text, "CHECK");
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        let mut db = RootDatabase::default();
        let file = db.set_file("main.slang", &text);
        let reported: Vec<ReportedDiagnostic> = crate::diagnostics(&db, file)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| {
                let (line, _) = super::line_col(&text, d.range.start);
                let line_start = text[..d.range.start as usize]
                    .rfind('\n')
                    .map_or(0, |i| i + 1);
                let column = text[line_start..d.range.start as usize].chars().count() + 1;
                ReportedDiagnostic {
                    line: line as u32,
                    column: column as u32,
                    message: d.message,
                    code: d.code.to_string(),
                }
            })
            .collect();
        let problems = judge_diagnostics(&expectations, &reported);
        if !problems.is_empty() {
            failures.push_str(&format!("{}: {problems:?}\n", path.display()));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

/// `tests/diagnostics/no_errors/*.slang`: correct differentiable programs. The shared rules do not
/// judge CHECK-less files exhaustively, so zero diagnostics (warnings included) is asserted here.
#[test]
fn no_error_files_check_clean() {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/diagnostics/no_errors"
    ));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "slang"));
    paths.sort();
    assert!(
        paths.len() >= 20,
        "expected the no-error corpus in {}",
        dir.display()
    );
    let mut failures = String::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut db = RootDatabase::default();
        let file = db.set_file("main.slang", &text);
        for d in crate::diagnostics(&db, file) {
            let (line, col) = super::line_col(&text, d.range.start);
            failures.push_str(&format!(
                "{}:{line}:{col}: {} {}\n",
                path.display(),
                d.code,
                d.message
            ));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}
