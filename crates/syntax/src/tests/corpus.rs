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

/// Listed in its folder's `known-failures.txt` (`file.slang: why`): a gap said out loud, which
/// may be a form the parser does not take yet.
fn known_failure(path: &Path) -> bool {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return false;
    };
    let list = std::fs::read_to_string(dir.join("known-failures.txt")).unwrap_or_default();
    let name = name.to_string_lossy();
    list.lines()
        .any(|l| l.split_once(':').is_some_and(|(f, _)| f.trim() == name))
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
        if known_failure(&path) {
            continue;
        }
        let text = read(&path);
        // A regression input that states the syntax error it expects (`// expect: E1001`).
        if text.starts_with("// expect: E1") {
            continue;
        }
        // A file that pastes tokens (`#define MAKE_NAME(a, b) a##b`) is Slang only after hir's
        // preprocessor has run; the parser alone sees `int MAKE_NAME(my, Value) = ...`.
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("#define") && l.contains("##"))
        {
            continue;
        }
        checked += 1;
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

/// `tests/syntax-errors` holds files with planted errors, annotated with the reference
/// compiler's diagnostics (`//CHECK:` carets under the source line, `// slangc: E...` codes).
/// Our syntax errors must be exactly the slangc parse errors (E2xxxx) at the same line and
/// column; files whose planted errors are semantic must parse cleanly.
#[test]
fn planted_syntax_errors_match_the_reference_compiler() {
    let dir = repo_root().join("tests/syntax-errors");
    let mut files = Vec::new();
    slang_files(&dir, &mut files);
    let mut report = String::new();
    for path in files {
        let text = read(&path);
        let lines: Vec<&str> = text.lines().collect();
        let mut expected: Vec<(usize, usize)> = Vec::new();
        let mut source_line = 0usize;
        for (i, line) in lines.iter().enumerate() {
            if let Some(rest) = line.strip_prefix("//CHECK:") {
                let Some(caret) = rest.find('^') else {
                    continue;
                };
                if lines[source_line].contains("slangc: E2") {
                    expected.push((source_line + 1, "//CHECK:".len() + caret + 1));
                }
            } else {
                source_line = i;
            }
        }
        let parse = crate::parse(&text);
        let mut actual: Vec<(usize, usize)> = parse
            .errors()
            .iter()
            .map(|e| {
                let offset = usize::from(e.range.start());
                let line_start = text[..offset].rfind('\n').map_or(0, |p| p + 1);
                (
                    text[..offset].matches('\n').count() + 1,
                    text[line_start..offset].chars().count() + 1,
                )
            })
            .collect();
        actual.sort();
        expected.sort();
        if actual != expected {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            report.push_str(&format!("{name}: expected {expected:?}, got {actual:?}\n"));
            for e in parse.errors() {
                report.push_str(&format!("    {:?} {}\n", e.range, e.message));
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}
