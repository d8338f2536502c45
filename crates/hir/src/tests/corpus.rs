//! Real shaders in `tests/syntax/` must check without errors.

use std::path::{Path, PathBuf};

use crate::RootDatabase;

fn slang_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            // Reproducers of reference-compiler crashes are not valid programs.
            if !path.ends_with("slangc_crashes") {
                slang_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "slang") {
            out.push(path);
        }
    }
}

fn check_dir_without_errors(sub: &str) {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests"));
    let dir = root.join(sub);
    let mut paths = Vec::new();
    slang_files(&dir, &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no .slang files under {}", dir.display());
    // Files whose tests pass `-experimental-feature` (`__func_extension`) are checked with it,
    // as slangc compiles them.
    let (experimental, plain): (Vec<PathBuf>, Vec<PathBuf>) = paths.into_iter().partition(|p| {
        std::fs::read_to_string(p).is_ok_and(|t| t.contains("-experimental-feature"))
    });
    let mut report = String::new();
    for (paths, on) in [(plain, false), (experimental, true)] {
        check_files(&dir, &paths, on, &mut report);
    }
    assert!(report.is_empty(), "diagnostics in tests/{sub}:\n{report}");
}

fn check_files(dir: &Path, paths: &[PathBuf], experimental: bool, report: &mut String) {
    if paths.is_empty() {
        return;
    }
    // All files in one database, by path relative to the directory, so imports resolve.
    let mut db = RootDatabase::default();
    if experimental {
        db.set_options(crate::CompileOptions {
            experimental_features: true,
            ..Default::default()
        });
    }
    let files: Vec<_> = paths
        .iter()
        .map(|p| {
            let rel = p
                .strip_prefix(dir)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(p).unwrap_or_default();
            (rel.clone(), text.clone(), db.set_file(&rel, &text))
        })
        .collect();
    for (rel, text, file) in &files {
        // A module part (`implementing m;`) is checked through its module's main file; on its
        // own it gets E2201, which says exactly that.
        let rendered: String = super::render_diagnostics(&db, *file, text)
            .lines()
            .filter(|l| !l.contains("error[E2201]"))
            .map(|l| format!("{l}\n"))
            .collect();
        if !rendered.is_empty() {
            report.push_str(&format!("== {rel}\n{rendered}"));
        }
    }
}

#[test]
fn syntax_corpus_checks_without_errors() {
    check_dir_without_errors("syntax");
}

#[test]
fn compute_tests_check_without_errors() {
    check_dir_without_errors("compute");
}

#[test]
fn autodiff_tests_check_without_errors() {
    check_dir_without_errors("autodiff");
}
