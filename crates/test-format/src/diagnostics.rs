//! Diagnostic tests: `//CHECK:` lines with carets under the source line they annotate.
//!
//! ```text
//! float f(float x) { return g(x); }
//! //CHECK:                  ^ derivative cannot be propagated
//! ```
//! The caret's column in the CHECK line is the expected column in the source line above.

use std::fmt;

use crate::directives::DirectiveError;

/// What a diagnostic test expects.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiagnosticExpectations {
    /// Errors at a place.
    pub located: Vec<LocatedExpectation>,
    /// Caret-less CHECK lines: text that must appear in the compiler's output.
    pub required: Vec<RequiredText>,
    /// False with `(diag=CHECK, non-exhaustive)`: diagnostics nobody expected are then allowed.
    pub exhaustive: bool,
}

/// An error expected at a line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocatedExpectation {
    /// 1-based line of the CHECK line itself, for reports.
    pub check_line: u32,
    /// 1-based line of the annotated source line.
    pub line: u32,
    /// 1-based column (in characters) of the first caret.
    pub column: u32,
    /// Number of carets.
    pub width: u32,
    /// Substring the diagnostic's message must contain (may be empty).
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredText {
    pub check_line: u32,
    pub text: String,
}

/// A diagnostic the compiler reported, 1-based. Pass errors only: every reported diagnostic must
/// be expected in an exhaustive test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedDiagnostic {
    pub line: u32,
    pub column: u32,
    pub message: String,
    /// `E3001` and the like.
    pub code: String,
}

/// Why a diagnostic test failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Nothing reported at the expected place with the expected message.
    Missing {
        expected: LocatedExpectation,
        /// What was reported on that line instead, if anything.
        on_line: Vec<ReportedDiagnostic>,
    },
    /// A caret-less CHECK text found in no diagnostic.
    MissingText(RequiredText),
    /// Reported but not expected (exhaustive tests only).
    Unexpected(ReportedDiagnostic),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing { expected, on_line } => {
                write!(
                    f,
                    "expected an error at {}:{} containing `{}` (CHECK line {})",
                    expected.line, expected.column, expected.message, expected.check_line
                )?;
                for d in on_line {
                    write!(
                        f,
                        "; got {}:{}: {}: {}",
                        d.line, d.column, d.code, d.message
                    )?;
                }
                Ok(())
            }
            Problem::MissingText(required) => write!(
                f,
                "no diagnostic contains `{}` (CHECK line {})",
                required.text, required.check_line
            ),
            Problem::Unexpected(d) => write!(
                f,
                "unexpected error at {}:{}: {}: {}",
                d.line, d.column, d.code, d.message
            ),
        }
    }
}

/// If `line` is a `//PREFIX:` line, the text after the colon and that text's char offset in line.
fn check_body<'a>(line: &'a str, prefix: &str) -> Option<(&'a str, usize)> {
    let after_slashes = line.trim_start().strip_prefix("//")?;
    let after_prefix = after_slashes.trim_start().strip_prefix(prefix)?;
    let body = after_prefix.strip_prefix(':')?;
    let offset = line.len() - body.len();
    Some((body, line[..offset].chars().count()))
}

/// Reads the CHECK lines of a diagnostic test. Exhaustiveness comes from the directive's
/// arguments; see [`crate::parse_test_file`].
pub fn parse_diagnostic_expectations(
    text: &str,
    prefix: &str,
) -> (DiagnosticExpectations, Vec<DirectiveError>) {
    let mut expectations = DiagnosticExpectations {
        exhaustive: !text
            .lines()
            .take_while(|l| l.trim_start().starts_with("//"))
            .any(|l| l.contains("DIAGNOSTIC_TEST") && l.contains("non-exhaustive")),
        ..Default::default()
    };
    let mut errors = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let check_line = index as u32 + 1;
        let Some((body, body_column)) = check_body(line, prefix) else {
            continue;
        };
        let trimmed = body.trim_start();
        if !trimmed.starts_with('^') {
            expectations.required.push(RequiredText {
                check_line,
                text: body.trim().to_string(),
            });
            continue;
        }
        let caret_offset = body.len() - trimmed.len();
        let column = body_column + body[..caret_offset].chars().count() + 1;
        let width = trimmed.chars().take_while(|c| *c == '^').count();
        let message = trimmed[width..].trim().to_string();
        // The annotated line is the nearest line above that is not itself a CHECK line.
        let source = (0..index)
            .rev()
            .find(|&i| check_body(lines[i], prefix).is_none());
        let Some(source) = source else {
            errors.push(DirectiveError {
                line: check_line,
                message: "caret CHECK line has no source line above it".into(),
            });
            continue;
        };
        expectations.located.push(LocatedExpectation {
            check_line,
            line: source as u32 + 1,
            column: column as u32,
            width: width as u32,
            message,
        });
    }
    (expectations, errors)
}

/// Judges reported diagnostics against the expectations: each located expectation needs a
/// diagnostic at its line and column whose message (or `CODE: message`) contains the expected text;
/// each required text must appear in some diagnostic's code or message; in an exhaustive test every
/// reported diagnostic must match some located expectation (when there are any).
pub fn judge_diagnostics(
    expectations: &DiagnosticExpectations,
    reported: &[ReportedDiagnostic],
) -> Vec<Problem> {
    let rendered = |d: &ReportedDiagnostic| format!("error[{}]: {}", d.code, d.message);
    let matches = |e: &LocatedExpectation, d: &ReportedDiagnostic| {
        d.line == e.line
            && d.column == e.column
            && (d.message.contains(&e.message) || rendered(d).contains(&e.message))
    };
    let mut problems = Vec::new();
    for expected in &expectations.located {
        if !reported.iter().any(|d| matches(expected, d)) {
            problems.push(Problem::Missing {
                expected: expected.clone(),
                on_line: reported
                    .iter()
                    .filter(|d| d.line == expected.line)
                    .cloned()
                    .collect(),
            });
        }
    }
    for required in &expectations.required {
        if !reported
            .iter()
            .any(|d| rendered(d).contains(&required.text))
        {
            problems.push(Problem::MissingText(required.clone()));
        }
    }
    // Caret-less tests place nothing, so they cannot call a diagnostic unexpected.
    if expectations.exhaustive && !expectations.located.is_empty() {
        for d in reported {
            if !expectations.located.iter().any(|e| matches(e, d)) {
                problems.push(Problem::Unexpected(d.clone()));
            }
        }
    }
    problems
}
