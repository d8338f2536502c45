//! Every `.slang` file of the repository round-trips; the syntax corpus parses cleanly;
//! random token soup and mutated corpus files never panic and keep the text.

use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn slang_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n == "target" || n == ".git" || n == "node_modules")
            {
                continue;
            }
            slang_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "slang") {
            out.push(path);
        }
    }
}

pub(crate) fn corpus_files() -> Vec<PathBuf> {
    let root = repo_root();
    let mut files = Vec::new();
    for dir in ["tests", "stdlib", "examples"] {
        slang_files(&root.join(dir), &mut files);
    }
    files
}

fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    crate::decode_source(&bytes).0
}

#[test]
fn repository_files_round_trip() {
    let files = corpus_files();
    for path in &files {
        let text = read(path);
        let parse = crate::parse(&text);
        assert_eq!(
            parse.syntax_node().text().to_string(),
            text,
            "{} does not round-trip",
            path.display()
        );
    }
}

/// Files that the reference compiler accepts must parse without errors. `tests/syntax-errors`
/// holds deliberately broken inputs and is excluded.
#[test]
fn valid_corpus_parses_without_errors() {
    let mut failures = String::new();
    let mut checked = 0;
    for path in corpus_files() {
        let rel = path
            .strip_prefix(repo_root())
            .unwrap_or(&path)
            .to_string_lossy()
            .to_string();
        if rel.contains("syntax-errors") || rel.contains("/errors/") || rel.contains("diagnostics")
        {
            continue;
        }
        checked += 1;
        let text = read(&path);
        let parse = crate::parse(&text);
        for e in parse.errors() {
            let line = text[..usize::from(e.range.start()).min(text.len())]
                .matches('\n')
                .count()
                + 1;
            failures.push_str(&format!("{rel}:{line}: {} {}\n", e.code, e.message));
        }
    }
    assert!(
        failures.is_empty(),
        "{checked} files checked, errors:\n{failures}"
    );
}
