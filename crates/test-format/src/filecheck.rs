//! A FileCheck subset for `filecheck-buffer=PREFIX` and `filecheck=PREFIX` tests.
//!
//! Directives: `PREFIX:`, `PREFIX-NEXT:`, `PREFIX-SAME:`, `PREFIX-NOT:`, `PREFIX-EMPTY:`,
//! `PREFIX-LABEL:` (as `PREFIX:`), `PREFIX-DAG:` (a run of them matches in any order, each at a
//! place of its own; the next check searches after the last of them). Patterns: literal text (runs of blanks match any run of blanks),
//! `{{regex}}`, `[[NAME:regex]]` to capture and `[[NAME]]` to reuse. A pattern that is a bare number
//! (`6.0`, `-2`, `1e-5`) matches any number on the line within the float tolerance, so
//! `CHECK-NEXT: 6.0` matches a printed `6.000000` (and not `16.000000`).

use std::collections::HashMap;
use std::fmt;

use regex::Regex;

use crate::output::{floats_agree, parse_printed_float};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckKind {
    Plain,
    Next,
    Same,
    Not,
    Empty,
    Dag,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// 1-based line in the check source.
    pub line: u32,
    pub kind: CheckKind,
    pub pattern: String,
}

/// Why FileCheck failed: the check that failed and what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileCheckError {
    /// 1-based line of the check in the test file (0: no particular check).
    pub check_line: u32,
    pub message: String,
}

impl fmt::Display for FileCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.check_line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "check on line {}: {}", self.check_line, self.message)
        }
    }
}

impl std::error::Error for FileCheckError {}

const SUFFIXES: [(&str, CheckKind); 7] = [
    (":", CheckKind::Plain),
    ("-NEXT:", CheckKind::Next),
    ("-SAME:", CheckKind::Same),
    ("-NOT:", CheckKind::Not),
    ("-EMPTY:", CheckKind::Empty),
    ("-LABEL:", CheckKind::Plain),
    ("-DAG:", CheckKind::Dag),
];

/// Collects the checks for `prefix` from a test file's text.
pub fn parse_checks(source: &str, prefix: &str) -> Result<Vec<Check>, FileCheckError> {
    let mut checks = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let line_number = index as u32 + 1;
        let mut search_from = 0;
        while let Some(found) = line[search_from..].find(prefix) {
            let start = search_from + found;
            search_from = start + prefix.len();
            let boundary_before = line[..start]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'));
            if !boundary_before {
                continue;
            }
            let after = &line[start + prefix.len()..];
            let Some(&(suffix, kind)) = SUFFIXES.iter().find(|(s, _)| after.starts_with(s)) else {
                continue;
            };
            let pattern = after[suffix.len()..].trim().to_string();
            if pattern.is_empty() && kind != CheckKind::Empty {
                return Err(FileCheckError {
                    check_line: line_number,
                    message: format!("empty pattern after {prefix}{suffix}"),
                });
            }
            checks.push(Check {
                line: line_number,
                kind,
                pattern,
            });
            break;
        }
    }
    if checks.is_empty() {
        return Err(FileCheckError {
            check_line: 0,
            message: format!("no `{prefix}:` lines found"),
        });
    }
    Ok(checks)
}

/// Runs the `prefix` checks written in `source` against `output`.
pub fn filecheck(source: &str, prefix: &str, output: &str) -> Result<(), FileCheckError> {
    let checks = parse_checks(source, prefix)?;
    run_checks(&checks, output)
}

/// Runs parsed checks against `output`.
pub fn run_checks(checks: &[Check], output: &str) -> Result<(), FileCheckError> {
    let lines: Vec<&str> = output.lines().collect();
    let mut variables: HashMap<String, String> = HashMap::new();
    // Where the next search starts: (line, byte column).
    let mut cursor = (0usize, 0usize);
    let mut last_match_line: Option<usize> = None;
    let mut pending_not: Vec<&Check> = Vec::new();
    let mut index = 0;
    while index < checks.len() {
        let check = &checks[index];
        index += 1;
        if check.kind == CheckKind::Dag {
            let group_end = checks[index..]
                .iter()
                .position(|c| c.kind != CheckKind::Dag)
                .map_or(checks.len(), |n| index + n);
            let group = &checks[index - 1..group_end];
            index = group_end;
            let (first, last) = match_dag_group(group, &lines, cursor, &mut variables)?;
            check_not(&pending_not, &lines, cursor, first, &variables)?;
            pending_not.clear();
            cursor = last;
            last_match_line = Some(last.0);
            continue;
        }
        let fail = |message: String| FileCheckError {
            check_line: check.line,
            message,
        };
        if check.kind == CheckKind::Not {
            pending_not.push(check);
            continue;
        }
        let matcher = Matcher::new(&check.pattern, &variables).map_err(fail)?;
        let found = match check.kind {
            CheckKind::Plain => (cursor.0..lines.len()).find_map(|l| {
                let from = if l == cursor.0 { cursor.1 } else { 0 };
                matcher
                    .find(lines[l], from)
                    .map(|(s, e, caps)| (l, s, e, caps))
            }),
            CheckKind::Next | CheckKind::Same | CheckKind::Empty => {
                let Some(last) = last_match_line else {
                    return Err(fail(format!(
                        "a {:?} check needs an earlier match on the line it refers to",
                        check.kind
                    )));
                };
                let (line, from) = if check.kind == CheckKind::Same {
                    (last, cursor.1)
                } else {
                    (last + 1, 0)
                };
                let Some(text) = lines.get(line) else {
                    return Err(fail(format!(
                        "expected `{}` on output line {}, but the output ended",
                        check.pattern,
                        line + 1
                    )));
                };
                let result = if check.kind == CheckKind::Empty {
                    text.trim().is_empty().then(|| (0, 0, Vec::new()))
                } else {
                    matcher.find(text, from)
                };
                match result {
                    Some((s, e, caps)) => Some((line, s, e, caps)),
                    None => {
                        return Err(fail(format!(
                            "expected `{}` on output line {}, found `{}`",
                            check.pattern,
                            line + 1,
                            text
                        )));
                    }
                }
            }
            CheckKind::Not | CheckKind::Dag => unreachable!("handled above"),
        };
        let Some((line, start, end, captures)) = found else {
            return Err(fail(format!(
                "`{}` not found after output line {}",
                check.pattern,
                cursor.0 + 1
            )));
        };
        check_not(&pending_not, &lines, cursor, (line, start), &variables)?;
        pending_not.clear();
        variables.extend(captures);
        cursor = (line, end);
        last_match_line = Some(line);
    }
    check_not(&pending_not, &lines, cursor, (lines.len(), 0), &variables)
}

/// A place in the output: (line, byte column).
type OutputPosition = (usize, usize);

/// Matches a run of DAG checks in any order: each takes its first match at or after `from` that
/// overlaps no match of an earlier check of the run. Gives the start of the earliest match and
/// the end of the latest (where the next check searches from); captures go into `variables`.
fn match_dag_group(
    group: &[Check],
    lines: &[&str],
    from: (usize, usize),
    variables: &mut HashMap<String, String>,
) -> Result<(OutputPosition, OutputPosition), FileCheckError> {
    // (line, start, end) of each match so far.
    let mut claimed: Vec<(usize, usize, usize)> = Vec::new();
    for check in group {
        let fail = |message: String| FileCheckError {
            check_line: check.line,
            message,
        };
        let matcher = Matcher::new(&check.pattern, variables).map_err(fail)?;
        let found = (from.0..lines.len()).find_map(|l| {
            let text = lines[l];
            let mut at = if l == from.0 { from.1 } else { 0 };
            while at <= text.len() {
                let (start, end, captures) = matcher.find(text, at)?;
                let overlapping = claimed.iter().any(|&(cl, cs, ce)| {
                    cl == l && start < ce.max(cs + 1) && cs < end.max(start + 1)
                });
                if !overlapping {
                    return Some((l, start, end, captures));
                }
                // Past this match (at least one character, so that an empty match moves on).
                at = if end > at {
                    end
                } else {
                    text[at..]
                        .chars()
                        .next()
                        .map_or(text.len() + 1, |c| at + c.len_utf8())
                };
            }
            None
        });
        let Some((line, start, end, captures)) = found else {
            return Err(fail(format!(
                "`{}` not found after output line {} (apart from the other DAG matches)",
                check.pattern,
                from.0 + 1
            )));
        };
        variables.extend(captures);
        claimed.push((line, start, end));
    }
    let first = claimed
        .iter()
        .map(|&(l, s, _)| (l, s))
        .min()
        .unwrap_or(from);
    let last = claimed
        .iter()
        .map(|&(l, _, e)| (l, e))
        .max()
        .unwrap_or(from);
    Ok((first, last))
}

/// Fails if any NOT pattern occurs between `from` and `to` (exclusive).
fn check_not(
    nots: &[&Check],
    lines: &[&str],
    from: (usize, usize),
    to: (usize, usize),
    variables: &HashMap<String, String>,
) -> Result<(), FileCheckError> {
    for check in nots {
        let matcher =
            Matcher::new(&check.pattern, variables).map_err(|message| FileCheckError {
                check_line: check.line,
                message,
            })?;
        for (l, text) in lines.iter().enumerate().take(to.0 + 1).skip(from.0) {
            let start = if l == from.0 { from.1 } else { 0 };
            let end = if l == to.0 { to.1 } else { text.len() };
            if start > end {
                continue;
            }
            if matcher.find(&text[..end], start).is_some() {
                return Err(FileCheckError {
                    check_line: check.line,
                    message: format!(
                        "`{}` must not appear, but output line {} has it: `{}`",
                        check.pattern,
                        l + 1,
                        text
                    ),
                });
            }
        }
    }
    Ok(())
}

enum Matcher {
    Number(f64),
    Pattern {
        regex: Regex,
        /// Variables this pattern defines.
        defines: Vec<String>,
    },
}

type Found = (usize, usize, Vec<(String, String)>);

impl Matcher {
    fn new(pattern: &str, variables: &HashMap<String, String>) -> Result<Matcher, String> {
        let is_bare_number = !pattern.is_empty()
            && pattern
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
            && pattern.bytes().any(|b| b.is_ascii_digit());
        if let Some(value) = parse_printed_float(pattern).filter(|_| is_bare_number) {
            return Ok(Matcher::Number(value));
        }
        let mut source = String::new();
        let mut defines = Vec::new();
        let mut rest = pattern;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("{{") {
                let end = after
                    .find("}}")
                    .ok_or(format!("`{{{{` without `}}}}` in `{pattern}`"))?;
                source += &format!("(?:{})", &after[..end]);
                rest = &after[end + 2..];
            } else if let Some(after) = rest.strip_prefix("[[") {
                let end = variable_end(after).ok_or(format!("`[[` without `]]` in `{pattern}`"))?;
                let body = &after[..end];
                if let Some((name, regex)) = body.split_once(':') {
                    if !is_variable_name(name) {
                        return Err(format!("bad variable name `{name}` in `{pattern}`"));
                    }
                    source += &format!("(?P<{name}>{regex})");
                    defines.push(name.to_string());
                } else if is_variable_name(body) {
                    let value = variables
                        .get(body)
                        .ok_or(format!("variable `{body}` used before it is defined"))?;
                    source += &regex::escape(value);
                } else {
                    return Err(format!("unsupported `[[{body}]]` in `{pattern}`"));
                }
                rest = &after[end + 2..];
            } else {
                let next = rest.find(['{', '[']).unwrap_or(rest.len());
                // A lone `{` or `[` is literal text.
                let next = if next == 0 { 1 } else { next };
                let literal = &rest[..next];
                for (i, chunk) in literal.split([' ', '\t']).enumerate() {
                    if i > 0 && !source.ends_with("[ \\t]+") {
                        source += "[ \\t]+";
                    }
                    source += &regex::escape(chunk);
                }
                rest = &rest[next..];
            }
        }
        let regex = Regex::new(&source).map_err(|e| format!("bad regex in `{pattern}`: {e}"))?;
        Ok(Matcher::Pattern { regex, defines })
    }

    /// The first match in `text` at or after byte `from`.
    fn find(&self, text: &str, from: usize) -> Option<Found> {
        let from = from.min(text.len());
        match self {
            Matcher::Number(expected) => {
                let mut offset = from;
                for token in text[from..].split(|c: char| c.is_ascii_whitespace() || c == ',') {
                    let start = offset;
                    offset += token.len() + 1;
                    if parse_printed_float(token).is_some_and(|v| floats_agree(*expected, v)) {
                        return Some((start, start + token.len(), Vec::new()));
                    }
                }
                None
            }
            Matcher::Pattern { regex, defines } => {
                let captures = regex.captures_at(text, from)?;
                let whole = captures.get(0)?;
                let values = defines
                    .iter()
                    .filter_map(|name| {
                        Some((name.clone(), captures.name(name)?.as_str().to_string()))
                    })
                    .collect();
                Some((whole.start(), whole.end(), values))
            }
        }
    }
}

/// Where the `]]` closing a `[[NAME:regex]]` starts in `after` (the text past `[[`): the first
/// `]]` outside the regex's own brackets, so that `[[V:[0-9]]]` captures `[0-9]`.
fn variable_end(after: &str) -> Option<usize> {
    let bytes = after.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' if depth > 0 => depth -= 1,
            b']' if bytes.get(i + 1) == Some(&b']') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

fn is_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}
