//! The front end against slangc's verdicts: `dslang check` on every `.slang` file of
//! `../shared/slang-tests` (Slang's own suites, read in place, never copied) must agree with
//! `slangc-check.tsv`: no error where slangc accepts the file, at least one where it rejects it.
//!
//! `tests/slang-check/known-differences.txt` lists the files where we disagree today, one per
//! line with the reason (`path: why`). An unlisted disagreement fails the test (a regression), and
//! so does a listed file that now agrees (remove it: the list only shrinks). With
//! `UPDATE_KNOWN_DIFFERENCES=1` the test rewrites the list from what it measured instead.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod common;
use common::{repo_root, suites_root};

const KNOWN: &str = "tests/slang-check/known-differences.txt";
/// Every file ends in a result or a diagnostic; a check that runs longer is a bug of its own.
const TIME_LIMIT: Duration = Duration::from_secs(20);

#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Clean,
    Errors(String),
    /// Crashed, timed out, or exited with a status `check` never gives.
    Broken(String),
}

/// `dslang check FILE` run in the file's folder (as slangc was), with a time limit.
fn check_one(root: &Path, rel: &str) -> Verdict {
    let path = root.join(rel);
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Verdict::Broken("bad path".into());
    };
    let out_path = std::env::temp_dir().join(format!(
        "dslang-slangc-check-{}-{}.txt",
        std::process::id(),
        rel.replace(['/', '.'], "_")
    ));
    let Ok(out_file) = std::fs::File::create(&out_path) else {
        return Verdict::Broken("cannot create output file".into());
    };
    let child = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .arg("check")
        .arg(name)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(out_file)
        .spawn();
    let Ok(mut child) = child else {
        return Verdict::Broken("cannot start dslang".into());
    };
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let stderr = std::fs::read_to_string(&out_path).unwrap_or_default();
    let _ = std::fs::remove_file(&out_path);
    let first_error = || {
        stderr
            .lines()
            .find(|l| l.contains("error"))
            .map(|l| l.rsplit_once("error").map_or(l, |(_, rest)| rest))
            .unwrap_or("")
            .trim_start_matches([':', ' '])
            .chars()
            .take(160)
            .collect::<String>()
    };
    match status.and_then(|s| s.code()) {
        None => Verdict::Broken(format!("no result within {TIME_LIMIT:?} or killed")),
        Some(0) => Verdict::Clean,
        Some(1) => Verdict::Errors(first_error()),
        Some(code) => Verdict::Broken(format!("exit status {code}: {}", first_error())),
    }
}

/// slangc's verdicts: file → (accepted, its first error).
fn slangc_verdicts(root: &Path) -> BTreeMap<String, (bool, String)> {
    let tsv = std::fs::read_to_string(root.join("slangc-check.tsv")).expect("slangc-check.tsv");
    tsv.lines()
        .skip(1)
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let file = cols.next()?.to_string();
            let rc = cols.next()?;
            let first = cols.next().unwrap_or("").to_string();
            Some((file, (rc == "0", first)))
        })
        .collect()
}

/// The files where we disagree, with why, in the list's words.
fn disagreements(
    verdicts: &BTreeMap<String, (bool, String)>,
    ours: &BTreeMap<String, Verdict>,
) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (file, (accepted, slangc_error)) in verdicts {
        let why = match (&ours[file], accepted) {
            (Verdict::Broken(what), _) => format!("broken: {what}"),
            (Verdict::Errors(first), true) => format!("false error: {first}"),
            (Verdict::Clean, false) => {
                let said: String = slangc_error.chars().take(140).collect();
                format!("missed error: slangc says {said}")
            }
            _ => continue,
        };
        out.insert(file.clone(), why);
    }
    out
}

fn known_differences() -> BTreeMap<String, String> {
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
fn dslang_check_agrees_with_slangc() {
    let root = suites_root();
    if !root.join("slangc-check.tsv").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing: CI must have Slang's suites beside the repository",
            root.display()
        );
        eprintln!(
            "{} not found: slangc-check comparison not run",
            root.display()
        );
        return;
    }
    let verdicts = slangc_verdicts(&root);
    let files: Vec<&String> = verdicts.keys().collect();
    let next = Mutex::new(0usize);
    let ours = Mutex::new(BTreeMap::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = next.lock().unwrap();
                        *next += 1;
                        *next - 1
                    };
                    let Some(file) = files.get(index) else { break };
                    let verdict = check_one(&root, file);
                    ours.lock().unwrap().insert(file.to_string(), verdict);
                }
            });
        }
    });
    let ours = ours.into_inner().unwrap();
    let now = disagreements(&verdicts, &ours);
    let accepted = verdicts.values().filter(|(ok, _)| *ok).count();
    let false_errors = now.values().filter(|w| w.starts_with("false")).count();
    let missed = now.values().filter(|w| w.starts_with("missed")).count();
    let broken = now.values().filter(|w| w.starts_with("broken")).count();
    eprintln!(
        "slangc accepts {accepted} files: dslang errors on {false_errors}; slangc rejects {}: \
         dslang accepts {missed}; broken runs: {broken}",
        verdicts.len() - accepted
    );

    if std::env::var_os("UPDATE_KNOWN_DIFFERENCES").is_some() {
        let mut text = String::from(
            "# Files of ../shared/slang-tests where `dslang check` disagrees with slangc-check.tsv,\n\
             # with the reason (our first error, or slangc's for an error we miss). Maintained by\n\
             # crates/cli/tests/slangc_check.rs (UPDATE_KNOWN_DIFFERENCES=1 rewrites it).\n",
        );
        for (file, why) in &now {
            text.push_str(&format!("{file}: {why}\n"));
        }
        std::fs::create_dir_all(repo_root().join("tests/slang-check")).unwrap();
        std::fs::write(repo_root().join(KNOWN), text).unwrap();
        return;
    }

    let known = known_differences();
    let regressions: Vec<String> = now
        .iter()
        .filter(|(file, _)| !known.contains_key(*file))
        .map(|(file, why)| format!("{file}: {why}"))
        .collect();
    let fixed: Vec<&String> = known.keys().filter(|f| !now.contains_key(*f)).collect();
    assert!(
        regressions.is_empty(),
        "{} new disagreements with slangc:\n{}",
        regressions.len(),
        regressions.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "these files now agree with slangc: remove them from {KNOWN}:\n{fixed:#?}"
    );
}
