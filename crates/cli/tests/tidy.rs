//! Architecture invariants, read from the repository itself so that they cannot drift:
//! - every crate's dependencies on other workspace crates are exactly the ones ARCHITECTURE.md's
//!   crate table lists for it (a new edge is a decision written down, not an accident);
//! - the compiler, analysis and server crates build without wgpu, directly or through another
//!   crate (they must build and test in seconds on a 2-core machine);
//! - no source file under `crates/*/src` grows past 1,500 lines, except the few listed below with
//!   the reason they are still whole; the list may only shrink.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_SOURCE_LINES: usize = 1500;

/// Files over the limit today, each with why it is not split yet. Remove an entry when its file
/// is split; the test fails when an entry is stale.
const LONG_FILES: &[(&str, &str)] = &[
    (
        "crates/hir/src/lib.rs",
        "salsa database, queries and re-exports; split along the query groups",
    ),
    (
        "crates/hir/src/resolve.rs",
        "name resolution: one `Resolver` impl; split by lookup kind",
    ),
    (
        "crates/codegen/src/lower/body.rs",
        "one `impl` lowering IR statements to naga; split by statement kind",
    ),
    (
        "crates/syntax/src/ast.rs",
        "the typed AST, to be generated from a grammar file",
    ),
    (
        "crates/ide/src/tests.rs",
        "hover and completion snapshot tests",
    ),
    (
        "crates/syntax/src/tests/exprs.rs",
        "parser snapshot tests of expressions",
    ),
    (
        "crates/syntax/src/tests/stmts.rs",
        "parser snapshot tests of statements",
    ),
    (
        "crates/syntax/src/tests/errors.rs",
        "parser snapshot tests of error recovery",
    ),
    (
        "crates/syntax/src/tests/items.rs",
        "parser snapshot tests of items",
    ),
];

/// Crates that must not reach wgpu through their normal dependencies.
const WITHOUT_WGPU: &[&str] = &[
    "syntax",
    "base-db",
    "hir",
    "ir",
    "interp",
    "autodiff",
    "lower",
    "codegen",
    "ide",
    "server",
    "test-format",
    "difftest",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The names in a manifest's `[dependencies]` table (not dev- or build-dependencies).
fn normal_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut in_deps = false;
    let mut names = BTreeSet::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if !in_deps || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, _)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        names.insert(
            key.strip_suffix(".workspace")
                .unwrap_or(key)
                .trim()
                .to_string(),
        );
    }
    names
}

/// Every workspace crate with its normal dependencies.
fn workspace() -> BTreeMap<String, BTreeSet<String>> {
    let mut crates = BTreeMap::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = manifest
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap();
        crates.insert(name, normal_dependencies(&manifest));
    }
    crates
}

/// ARCHITECTURE.md's crate table: crate name -> the names in its "depends on" cell.
fn documented_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut table = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| `name` | job | depends on | must not |`
        if cells.len() != 6 {
            continue;
        }
        let Some(name) = cells[1].strip_prefix('`').and_then(|c| c.strip_suffix('`')) else {
            continue;
        };
        let deps = cells[3]
            .split(',')
            .map(|d| d.trim().trim_matches('`').to_string())
            .filter(|d| !d.is_empty() && d != "—")
            .collect();
        table.insert(name.to_string(), deps);
    }
    table
}

#[test]
fn crate_dependencies_are_the_documented_ones() {
    let crates = workspace();
    let documented = documented_dependencies();
    let mut problems = Vec::new();
    for (name, deps) in &crates {
        let Some(doc) = documented.get(name) else {
            problems.push(format!(
                "`{name}` has no row in ARCHITECTURE.md's crate table"
            ));
            continue;
        };
        let internal: BTreeSet<&String> = deps.iter().filter(|d| crates.contains_key(*d)).collect();
        let doc_internal: BTreeSet<&String> =
            doc.iter().filter(|d| crates.contains_key(*d)).collect();
        for extra in internal.difference(&doc_internal) {
            problems.push(format!(
                "`{name}` depends on `{extra}`, which ARCHITECTURE.md does not list"
            ));
        }
        for missing in doc_internal.difference(&internal) {
            problems.push(format!(
                "ARCHITECTURE.md says `{name}` depends on `{missing}`; it does not"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn compiler_and_server_crates_build_without_wgpu() {
    let crates = workspace();
    let mut problems = Vec::new();
    for &start in WITHOUT_WGPU {
        // Depth-first over workspace crates, remembering the path for the message.
        let mut stack = vec![vec![start.to_string()]];
        let mut seen = BTreeSet::new();
        while let Some(path) = stack.pop() {
            let here = path.last().unwrap();
            if !seen.insert(here.clone()) {
                continue;
            }
            for dep in &crates[here] {
                let mut next = path.clone();
                next.push(dep.clone());
                if dep == "wgpu" {
                    problems.push(format!("{} reaches wgpu", next.join(" -> ")));
                } else if crates.contains_key(dep) {
                    stack.push(next);
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn source_files_stay_short() {
    let root = root();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let allowed: BTreeMap<&str, &str> = LONG_FILES.iter().copied().collect();
    let mut problems = Vec::new();
    let mut long = BTreeSet::new();
    for file in files {
        let relative = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        if lines > MAX_SOURCE_LINES {
            long.insert(relative.clone());
            if !allowed.contains_key(relative.as_str()) {
                problems.push(format!("{relative}: {lines} lines (at most {MAX_SOURCE_LINES}): split it along its concerns"));
            }
        }
    }
    for file in allowed.keys() {
        if !long.contains(*file) {
            problems.push(format!(
                "{file} is listed in LONG_FILES but is no longer over the limit: remove it"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
