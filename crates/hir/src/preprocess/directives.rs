//! Directive lines: the line loop over a file, `#define`/`#undef`, conditionals, `#include`,
//! `#language`, `#pragma` and `#error`.

use std::sync::Arc;

use super::expand::strip_comments;
use super::*;

fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    // (start, end excluding the newline); a backslash-newline continues a directive line, handled
    // by the caller joining lines.
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            lines.push((start, i));
            start = i + 1;
        }
    }
    lines.push((start, text.len()));
    lines
}

/// Blanks `text` keeping its byte length and its line breaks.
fn blank_bytes(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\n' || c == '\r' {
            s.push(c);
        } else {
            for _ in 0..c.len_utf8() {
                s.push(' ');
            }
        }
    }
    s
}

impl Preprocessor {
    pub(super) fn error(
        &mut self,
        code: &'static str,
        message: impl Into<String>,
        range: TextRange,
        top: bool,
    ) {
        let error = PpError {
            code,
            message: message.into(),
            range,
        };
        if top {
            self.errors.push(error);
        } else if let Some((path, _)) = self.include_stack.last() {
            // Innermost first; each site is in the file one level further out.
            let included_from = (0..self.include_stack.len())
                .rev()
                .map(|i| IncludeSite {
                    path: i.checked_sub(1).map(|p| self.include_stack[p].0.clone()),
                    range: self.include_stack[i].1,
                })
                .collect();
            self.included_errors.push(IncludedError {
                error,
                path: path.clone(),
                included_from,
            });
        }
    }

    /// Processes `text`. `top` is false inside included files, whose errors and ranges do not belong
    /// to the top-level file; everything from an included file maps to the `#include` line.
    pub(super) fn run(
        &mut self,
        text: &str,
        out: &mut Output,
        include: &mut IncludeResolver<'_>,
        includes: &mut Vec<Arc<str>>,
        depth: usize,
        top: bool,
    ) {
        let lines = line_ranges(text);
        let mut conds: Vec<Cond> = Vec::new();
        let mut i = 0;
        let mut in_block_comment = false;
        while i < lines.len() {
            let (start, mut end) = lines[i];
            let is_last = i + 1 == lines.len();
            let line = &text[start..end];
            let trimmed = line.trim_start();
            let active = conds.last().is_none_or(|c| c.active);
            if !in_block_comment && trimmed.starts_with('#') {
                // Join continuation lines.
                let mut j = i;
                while text[lines[j].0..lines[j].1].trim_end().ends_with('\\') && j + 1 < lines.len()
                {
                    j += 1;
                }
                end = lines[j].1;
                let directive_text = &text[start..end];
                let hash = start + (line.len() - trimmed.len());
                let line_range = TextRange::new(start as u32, end as u32);
                // Problems with a directive are reported from its `#`.
                let range = TextRange::new(hash as u32, end as u32);
                let produced = self.directive(
                    text, hash, end, range, &mut conds, active, include, includes, depth, top,
                );
                match produced {
                    Some((included, path)) => out.push_included(included, path, line_range, range),
                    None => out.text.push_str(&blank_bytes(directive_text)),
                }
                if j + 1 != lines.len() {
                    out.text.push('\n');
                }
                i = j + 1;
                continue;
            }
            if active {
                self.line = i + 1;
                in_block_comment = self.expand_line(text, start, end, out, top, in_block_comment);
            } else {
                out.text.push_str(&blank_bytes(line));
            }
            if !is_last {
                out.text.push('\n');
            }
            i += 1;
        }
        if let Some(open) = conds.last() {
            let range = open.start;
            self.error(
                "E2901",
                "`#if` without a matching `#endif`: add `#endif`",
                range,
                top,
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn directive(
        &mut self,
        text: &str,
        hash: usize,
        end: usize,
        range: TextRange,
        conds: &mut Vec<Cond>,
        active: bool,
        include: &mut IncludeResolver<'_>,
        includes: &mut Vec<Arc<str>>,
        depth: usize,
        top: bool,
    ) -> Option<(Output, Arc<str>)> {
        let body = text[hash + 1..end]
            .replace("\\\n", " ")
            .replace("\\\r\n", " ");
        let body = strip_comments(&body);
        let rest = body.trim_start();
        let name_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let name = &rest[..name_len];
        let args = rest[name_len..].trim();
        let name_start = hash + 1 + (body.len() - rest.len());
        let name_range = TextRange::new(name_start as u32, (name_start + name_len) as u32);
        match name {
            "if" | "ifdef" | "ifndef" => {
                let value = if !active {
                    false
                } else if name == "if" {
                    self.eval_condition(args, range, top)
                } else {
                    let ident = args.split_whitespace().next().unwrap_or("");
                    if ident.is_empty() {
                        self.error("E2902", format!("`#{name}` needs a macro name"), range, top);
                    }
                    self.macros.contains_key(ident) == (name == "ifdef")
                };
                conds.push(Cond {
                    parent_active: active,
                    taken: value,
                    active: value,
                    seen_else: false,
                    start: range,
                });
            }
            "elif" | "else" => {
                let Some(mut cond) = conds.pop() else {
                    self.error("E2903", format!("`#{name}` without `#if`"), range, top);
                    return None;
                };
                if cond.seen_else {
                    self.error("E2903", format!("`#{name}` after `#else`"), range, top);
                }
                if name == "else" {
                    cond.seen_else = true;
                    cond.active = cond.parent_active && !cond.taken;
                } else {
                    let value =
                        cond.parent_active && !cond.taken && self.eval_condition(args, range, top);
                    cond.active = value;
                }
                cond.taken |= cond.active;
                conds.push(cond);
            }
            "endif" => {
                if conds.pop().is_none() {
                    self.error("E2903", "`#endif` without `#if`", range, top);
                }
            }
            _ if !active => {}
            "define" => {
                // The macro name follows `define` and blanks in the original text.
                let after_keyword = &text[name_range.end as usize..end];
                let blanks = after_keyword.len() - after_keyword.trim_start().len();
                let ident_len = after_keyword
                    .trim_start()
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .count();
                let macro_start = name_range.end + blanks as u32;
                let macro_name = TextRange::new(macro_start, macro_start + ident_len as u32);
                self.define(args, macro_name, range, top)
            }
            "undef" => {
                let ident = args.split_whitespace().next().unwrap_or("");
                self.macros.remove(ident);
            }
            "include" => {
                let path = args.trim_matches(|c| c == '"' || c == '<' || c == '>');
                if path.is_empty() {
                    self.error(
                        "E2904",
                        "`#include` needs a file name in quotes",
                        range,
                        top,
                    );
                    return None;
                }
                if depth >= MAX_INCLUDE_DEPTH {
                    self.error(
                        "E2905",
                        "`#include` nested too deeply (is it recursive?)",
                        range,
                        top,
                    );
                    return None;
                }
                let (resolved, included_text) = match include(path) {
                    Ok(found) => found,
                    Err(refused) => {
                        self.missing_includes.push(path.to_string());
                        let message = match refused {
                            Some(reason) => {
                                format!("cannot read include file `{path}`: it {reason}")
                            }
                            None => format!(
                                "cannot find include file `{path}`: check the name and the include paths"
                            ),
                        };
                        self.error("E2906", message, range, top);
                        return None;
                    }
                };
                let over = self.inclusions >= MAX_INCLUSIONS
                    || self.included_bytes.saturating_add(included_text.len()) > MAX_INCLUDED_BYTES;
                if over {
                    // Reported once, where the limit is first passed; later `#include`s are skipped.
                    if self.inclusions != usize::MAX {
                        self.error(
                            "E2912",
                            format!(
                                "`#include` limit reached ({MAX_INCLUSIONS} inclusions or {} MiB of included text in one file): include each header once, with `#pragma once` or an include guard",
                                MAX_INCLUDED_BYTES >> 20
                            ),
                            range,
                            top,
                        );
                        self.inclusions = usize::MAX;
                    }
                    return None;
                }
                self.inclusions += 1;
                self.included_bytes += included_text.len();
                includes.push(resolved.clone());
                self.include_stack.push((resolved.clone(), range));
                let mut inner = Output::default();
                self.run(
                    &included_text,
                    &mut inner,
                    include,
                    includes,
                    depth + 1,
                    false,
                );
                self.include_stack.pop();
                return Some((inner, resolved));
            }
            "pragma" | "version" | "extension" | "line" | "" => {}
            // `#language slang 2026` (also `#lang`): the language version the file is written
            // against (user guide, "language version"); the words are checked, the rules are the
            // ones we implement for every version.
            "language" | "lang" => {
                if let Some(message) = language_version_error(args) {
                    self.error("E2909", message, range, top);
                }
            }
            "error" => {
                self.error("E2907", format!("#error {args}"), range, top);
            }
            "warning" => {}
            other => {
                self.error(
                    "E2908",
                    format!("unknown preprocessor directive `#{other}`"),
                    name_range,
                    top,
                );
            }
        }
        None
    }

    fn define(&mut self, args: &str, name_range: TextRange, range: TextRange, top: bool) {
        let ident_len = args
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if ident_len == 0 {
            self.error("E2902", "`#define` needs a macro name", range, top);
            return;
        }
        let name = args[..ident_len].to_string();
        let after = &args[ident_len..];
        let (params, body) = if let Some(inner) = after.strip_prefix('(') {
            let Some(close) = inner.find(')') else {
                self.error("E2909", "missing `)` in macro parameter list", range, top);
                return;
            };
            let params = inner[..close]
                .split(',')
                .map(|p| p.trim().to_string())
                .filter(|p| !p.is_empty())
                .collect();
            (Some(params), inner[close + 1..].trim().to_string())
        } else {
            (None, after.trim().to_string())
        };
        let def = MacroDef {
            name: name.clone(),
            params,
            body,
            name_range: top.then_some(name_range),
        };
        if top {
            self.defined.push(def.clone());
        }
        self.macros.insert(name, def);
    }
}

/// Why the arguments of `#language` are not a language version Slang knows (`slang` is optional,
/// then one of the versions or their aliases), or `None` when they are.
fn language_version_error(args: &str) -> Option<String> {
    const VERSIONS: [&str; 10] = [
        "2018", "legacy", "default", "2025", "202a", "2026", "202b", "latest", "202c", "next",
    ];
    let mut words = args.split_whitespace().peekable();
    if words.peek() == Some(&"slang") {
        words.next();
    }
    let version = words.next().unwrap_or("");
    if VERSIONS.contains(&version) {
        return None;
    }
    Some(format!(
        "unknown language version `{version}`: write `#language slang 2026` (or 2018, 2025, 202c)"
    ))
}
