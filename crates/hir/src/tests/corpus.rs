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

#[test]
fn syntax_corpus_checks_without_errors() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/syntax"));
    let mut paths = Vec::new();
    slang_files(&dir, &mut paths);
    paths.sort();
    // All files in one database, by path relative to the corpus root, so imports resolve.
    let mut db = RootDatabase::default();
    let files: Vec<_> = paths
        .iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&dir)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(p).unwrap_or_default();
            (rel.clone(), text.clone(), db.set_file(&rel, &text))
        })
        .collect();
    let mut report = String::new();
    for (rel, text, file) in &files {
        let rendered = super::render_diagnostics(&db, *file, text);
        if !rendered.is_empty() {
            report.push_str(&format!("== {rel}\n{rendered}"));
        }
    }
    assert!(report.is_empty(), "diagnostics in the corpus:\n{report}");
}
