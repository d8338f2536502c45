//! Diagnostics of a file, as plain data.

use hir::{Db, SourceFile, TextRange};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedInfo {
    pub path: String,
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub range: TextRange,
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    pub related: Vec<RelatedInfo>,
}

/// The diagnostics of one file (by virtual path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDiagnostics {
    pub path: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// How many included-file problems a summary on an `#include` line links to.
const MAX_SUMMARY_LINKS: usize = 8;

fn convert(d: hir::Diagnostic) -> Diagnostic {
    Diagnostic {
        range: d.range,
        severity: match d.severity {
            hir::Severity::Error => Severity::Error,
            hir::Severity::Warning => Severity::Warning,
        },
        code: d.code,
        message: d.message,
        related: d
            .related
            .into_iter()
            .map(|r| RelatedInfo {
                path: r.path.to_string(),
                range: r.range,
                message: r.message,
            })
            .collect(),
    }
}

pub(crate) fn diagnostics(db: &dyn Db, file: SourceFile) -> Vec<Diagnostic> {
    let text = file.text(db);
    hir::diagnostics(db, file)
        .into_iter()
        .map(|d| widened(text, convert(d)))
        .collect()
}

/// The compiler places a call's diagnostic at its `(` (where slangc reports it, so the command
/// line's `file:line:col` agree); the editor underlines the whole call: callee and arguments.
fn widened(text: &str, mut d: Diagnostic) -> Diagnostic {
    if let Some(range) = call_range_at_paren(text, d.range) {
        d.range = range;
    }
    d
}

/// The range of `callee(args)` when `range` is the `(` of a call in `text`.
fn call_range_at_paren(text: &str, range: TextRange) -> Option<TextRange> {
    let bytes = text.as_bytes();
    let open = range.start as usize;
    if range.end > range.start + 1 || bytes.get(open) != Some(&b'(') {
        return None;
    }
    // The callee: the name (with `.`, `::` and generic arguments) right before the `(`.
    let mut start = open;
    let mut angle = 0i32;
    while start > 0 {
        let b = bytes[start - 1];
        match b {
            b'>' => angle += 1,
            b'<' if angle > 0 => angle -= 1,
            _ if angle > 0 => {}
            b'.' | b':' => {}
            _ if b == b'_' || b.is_ascii_alphanumeric() => {}
            _ => break,
        }
        start -= 1;
    }
    if start == open || angle != 0 {
        return None;
    }
    // The matching `)`, skipping nested brackets, strings and comments; a call that does not
    // close (text being typed) keeps its one-character range.
    let mut depth = 0u32;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(TextRange {
                        start: start as u32,
                        end: i as u32 + 1,
                    });
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += usize::from(bytes[i] == b'\\') + 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// See [`crate::Analysis::diagnostics_by_file`].
pub(crate) fn diagnostics_by_file(db: &dyn Db, file: SourceFile) -> Vec<FileDiagnostics> {
    let own_path = file.path(db).to_string();
    let mut own: Vec<Diagnostic> = Vec::new();
    let mut included: Vec<FileDiagnostics> = Vec::new();
    // Per `#include` line of this file: the problems of the text it pulls in.
    let mut by_include_line: Vec<(TextRange, Vec<(String, Diagnostic)>)> = Vec::new();
    for located in hir::diagnostics_located(db, file) {
        let path = located.path.to_string();
        let diagnostic = convert(located.diagnostic);
        if path == own_path {
            own.push(widened(file.text(db), diagnostic));
            continue;
        }
        // The "included from here" notes come last, innermost first: the last one in this file is
        // the `#include` line that leads to the problem.
        if let Some(line) = diagnostic
            .related
            .iter()
            .rev()
            .find(|r| r.path == own_path)
            .map(|r| r.range)
        {
            match by_include_line.iter_mut().find(|(l, _)| *l == line) {
                Some((_, list)) => list.push((path.clone(), diagnostic.clone())),
                None => by_include_line.push((line, vec![(path.clone(), diagnostic.clone())])),
            }
        }
        match included.iter_mut().find(|g| g.path == path) {
            Some(group) => group.diagnostics.push(diagnostic),
            None => included.push(FileDiagnostics {
                path,
                diagnostics: vec![diagnostic],
            }),
        }
    }
    for (line, problems) in by_include_line {
        own.extend(include_summary(db, &own_path, line, &problems));
    }
    own.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code).cmp(&(b.range.start, b.range.end, b.code))
    });
    let mut out = vec![FileDiagnostics {
        path: own_path,
        diagnostics: own,
    }];
    out.extend(included);
    out
}

/// The diagnostic on an `#include` line whose text has problems: "error in included file
/// `x.slang`:3: ..." about the first one, linking to each.
fn include_summary(
    db: &dyn Db,
    own_path: &str,
    line: TextRange,
    problems: &[(String, Diagnostic)],
) -> Option<Diagnostic> {
    let errors = problems
        .iter()
        .filter(|(_, d)| d.severity == Severity::Error)
        .count();
    // Errors first: the summary speaks of the worst problem.
    let (first_path, first) = problems
        .iter()
        .find(|(_, d)| d.severity == Severity::Error)
        .or(problems.first())
        .map(|(p, d)| (p.as_str(), d))?;
    let (severity, what) = if errors > 0 {
        (Severity::Error, "error")
    } else {
        (Severity::Warning, "warning")
    };
    let shown = shown_path(own_path, first_path);
    let line_number =
        crate::util::any_file(db, first_path).map_or(0, |f| line_of(f.text(db), first.range.start));
    let mut message = format!(
        "{what} in included file {shown}:{line_number}: {}",
        first.message
    );
    if problems.len() > 1 {
        message.push_str(&format!(" (and {} more)", problems.len() - 1));
    }
    let related = problems
        .iter()
        .take(MAX_SUMMARY_LINKS)
        .map(|(path, d)| RelatedInfo {
            path: path.clone(),
            range: d.range,
            message: format!("{}: {}", d.code, d.message),
        })
        .collect();
    Some(Diagnostic {
        range: line,
        severity,
        code: first.code,
        message,
        related,
    })
}

/// `path` relative to the directory of `from` when it is below it (what the `#include` wrote,
/// usually), else as it is.
fn shown_path<'a>(from: &str, path: &'a str) -> &'a str {
    let dir = base_db::parent_dir(from);
    if dir.is_empty() {
        return path;
    }
    path.strip_prefix(dir)
        .and_then(|rest| rest.strip_prefix('/'))
        .unwrap_or(path)
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: u32) -> usize {
    let end = (offset as usize).min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}
