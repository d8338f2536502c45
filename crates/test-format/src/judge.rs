//! Deciding whether a compute test's printed output passes.

use std::path::{Path, PathBuf};

use crate::directives::TestDirective;
use crate::filecheck::filecheck;
use crate::output::compare_expected;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Why it failed, ready to print.
    Fail(String),
    /// No CHECK lines and no expected file: nothing to compare with.
    NoExpectation,
}

/// The expected-output file of a test: `test.slang.expected.txt` (Slang's naming) or
/// `test.expected.txt`, whichever exists.
pub fn expected_file_for(test: &Path) -> Option<PathBuf> {
    let mut beside = test.as_os_str().to_owned();
    beside.push(".expected.txt");
    [PathBuf::from(beside), test.with_extension("expected.txt")]
        .into_iter()
        .find(|p| p.is_file())
}

/// The expected-output file of the test at `index` (0-based, counting the file's `//TEST` lines):
/// slang-test names the test at index N > 0 of `t.slang` `t.slang.N` and looks for
/// `t.slang.N.expected.txt` before the file's common `t.slang.expected.txt`.
pub fn expected_file_for_test(test: &Path, index: usize) -> Option<PathBuf> {
    if index > 0 {
        let mut own = test.as_os_str().to_owned();
        own.push(format!(".{index}.expected.txt"));
        let own = PathBuf::from(own);
        if own.is_file() {
            return Some(own);
        }
    }
    expected_file_for(test)
}

/// Judges printed `out` buffers: with FileCheck when the directive says `filecheck-buffer=PREFIX`
/// (the CHECK lines come from the test's source), else against the expected text when there is
/// one.
pub fn judge_output(
    test_source: &str,
    directive: Option<&TestDirective>,
    expected: Option<&str>,
    output: &str,
) -> Verdict {
    let result = if let Some(prefix) = directive.and_then(|d| d.filecheck_buffer()) {
        filecheck(test_source, prefix, output).map_err(|e| e.to_string())
    } else if let Some(expected) = expected {
        compare_expected(expected, output).map_err(|m| m.to_string())
    } else {
        return Verdict::NoExpectation;
    };
    match result {
        Ok(()) => Verdict::Pass,
        Err(reason) => Verdict::Fail(reason),
    }
}
