//! Slang's own suites (`../shared/slang-tests`, read in place, never copied) compiled to WGSL and
//! run through `dslang test` on the GPU (lavapipe in CI): the files whose tests slangc passes
//! (`reference.tsv`) must pass here too, except those listed in `tests/slang-run/known-failures.txt`
//! with the reason (our first failure line). An unlisted failure fails the test (a regression), and
//! so does a listed file that now passes (the list only shrinks: the floors only rise). Files where
//! we stop with an internal compiler error (E4998/E4999) are listed the same way whether slangc
//! passes them or not: every input must end in a result or a user diagnostic. `UPDATE_KNOWN_FAILURES=1` rewrites the list from
//! what it measured.
//!
//! A file passes when one of its test lines passes: Slang's files carry lines for several APIs
//! whose expectations differ (`-dx11` layouts), and slang-test runs the one its machine has.

mod common;
use common::{gpu_available, gpu_env, repo_root, suites_root};
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

const KNOWN: &str = "tests/slang-run/known-failures.txt";
const SUITES: &[&str] = &[
    "autodiff",
    "autodiff-dstdlib",
    "bugs",
    "compute",
    "hlsl-intrinsic",
    "language-feature",
];

/// What `dslang test` said of one file's test lines.
#[derive(Default)]
struct FileResult {
    passed: bool,
    /// The first failure's first reason line.
    failure: Option<String>,
    /// Lines of its output that name an internal compiler error.
    internal_errors: Vec<String>,
}

/// `suite/relative/path.slang` of a result line's test name (`/abs/suite/x.slang.2 (vk)`).
fn file_key(name: &str, suite: &str, suite_dir: &str) -> String {
    let name = name
        .split(" (")
        .next()
        .unwrap_or(name)
        .trim_end_matches(':');
    let name = match name.rsplit_once('.') {
        Some((stem, index))
            if stem.ends_with(".slang") && index.bytes().all(|b| b.is_ascii_digit()) =>
        {
            stem
        }
        _ => name,
    };
    let rel = name
        .strip_prefix(suite_dir)
        .map(|r| r.trim_start_matches('/'))
        .unwrap_or(name);
    format!("{suite}/{rel}")
}

/// Runs `dslang test` on one suite folder and reads its results per file.
fn run_suite(suite: &str) -> BTreeMap<String, FileResult> {
    let dir = suites_root().join(suite);
    let dir_text = dir.to_string_lossy().into_owned();
    let out = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["test", &dir_text])
        .output()
        .expect("dslang test runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut results: BTreeMap<String, FileResult> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in stdout.lines() {
        if let Some(name) = line.strip_prefix("PASS ") {
            let key = file_key(name, suite, &dir_text);
            results.entry(key).or_default().passed = true;
            current = None;
        } else if let Some(name) = line.strip_prefix("FAIL ") {
            let key = file_key(name, suite, &dir_text);
            results.entry(key.clone()).or_default();
            current = Some(key);
        } else if let Some(name) = line.strip_prefix("SKIP ") {
            let name = name.split(": ").next().unwrap_or(name);
            results.entry(file_key(name, suite, &dir_text)).or_default();
            current = None;
        } else if let (Some(key), Some(reason)) = (&current, line.strip_prefix("    ")) {
            let entry = results.entry(key.clone()).or_default();
            let reason = reason.replace(&format!("{dir_text}/"), "");
            if reason.contains("E4998") || reason.contains("E4999") {
                entry.internal_errors.push(reason.clone());
            }
            if entry.failure.is_none() {
                entry.failure = Some(reason.chars().take(200).collect());
            }
        }
    }
    results
}

/// (suite, file) pairs whose test slangc passes, as `suite/file`.
fn slangc_passes() -> BTreeSet<String> {
    let tsv = std::fs::read_to_string(suites_root().join("reference.tsv")).expect("reference.tsv");
    tsv.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 3 && cols[2] == "PASS").then(|| format!("{}/{}", cols[0], cols[1]))
        })
        .collect()
}

fn known_failures() -> BTreeMap<String, String> {
    std::fs::read_to_string(repo_root().join(KNOWN))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (file, why) = l.split_once(": ")?;
            Some((file.trim().to_string(), why.trim().to_string()))
        })
        .collect()
}

#[test]
fn slangs_suites_pass_through_wgsl_where_slangc_passes() {
    if !suites_root().join("reference.tsv").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing: CI must have Slang's suites beside the repository",
            suites_root().display()
        );
        eprintln!("Slang's suites not found: not run");
        return;
    }
    if !gpu_available() {
        return;
    }
    // Two suites at a time: each `dslang test` runs its files one after another.
    let mut results: BTreeMap<String, FileResult> = BTreeMap::new();
    for pair in SUITES.chunks(2) {
        let done: Vec<BTreeMap<String, FileResult>> = std::thread::scope(|scope| {
            let handles: Vec<_> = pair
                .iter()
                .map(|suite| scope.spawn(move || run_suite(suite)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for suite in done {
            results.extend(suite);
        }
    }
    let expected = slangc_passes();
    let mut failing: BTreeMap<String, String> = BTreeMap::new();
    let mut passing = 0;
    for file in &expected {
        match results.get(file) {
            Some(r) if r.passed => passing += 1,
            Some(r) => {
                let why = r.failure.clone().unwrap_or_else(|| "skipped".into());
                failing.insert(file.clone(), why);
            }
            None => {
                failing.insert(file.clone(), "no test line ran".into());
            }
        }
    }
    for suite in SUITES {
        let prefix = format!("{suite}/");
        let of_suite = |f: &&String| f.starts_with(&prefix);
        let theirs = expected.iter().filter(of_suite).count();
        let ours = theirs - failing.keys().filter(of_suite).count();
        eprintln!("{suite}: {ours} of the {theirs} files slangc passes");
    }
    eprintln!("all: {passing} of {}", expected.len());

    // Files with an internal compiler error are listed too, whether slangc passes them or not:
    // each one is our bug, and a new one fails like a regression.
    for (file, r) in &results {
        if let Some(first) = r.internal_errors.first() {
            failing
                .entry(file.clone())
                .or_insert_with(|| first.chars().take(200).collect());
        }
    }
    let known = known_failures();

    if std::env::var_os("UPDATE_KNOWN_FAILURES").is_some() {
        let mut text = String::from(
            "# Files of ../shared/slang-tests whose tests slangc passes (reference.tsv) and `dslang test`\n\
             # does not, and files where we stop with an internal error (E4998/E4999), with our\n\
             # first failure. Maintained by crates/cli/tests/shared_suites.rs\n\
             # (UPDATE_KNOWN_FAILURES=1 rewrites it); the list only shrinks.\n",
        );
        for (file, why) in &failing {
            text.push_str(&format!("{file}: {why}\n"));
        }
        std::fs::create_dir_all(repo_root().join("tests/slang-run")).unwrap();
        std::fs::write(repo_root().join(KNOWN), text).unwrap();
    } else {
        let regressions: Vec<String> = failing
            .iter()
            .filter(|(f, _)| !known.contains_key(*f))
            .map(|(f, why)| format!("{f}: {why}"))
            .collect();
        let fixed: Vec<&String> = known.keys().filter(|f| !failing.contains_key(*f)).collect();
        assert!(
            regressions.is_empty(),
            "files slangc passes that now fail, or new internal errors (regressions):\n{}",
            regressions.join("\n")
        );
        assert!(
            fixed.is_empty(),
            "now passing: remove from {KNOWN} (or UPDATE_KNOWN_FAILURES=1): {fixed:?}"
        );
    }
}
