//! A small C-style preprocessor: `#define` (object- and function-like), `#undef`,
//! `#if/#ifdef/#ifndef/#elif/#else/#endif` with `defined()` and integer expressions, `#include`,
//! and `#pragma`/`#version` (ignored). Function-like macros may be variadic (`...` as
//! `__VA_ARGS__`, or `args...`), bodies stringify (`#x`) and paste (`a ## b`); `__LINE__` and
//! `__FILE__` are predefined.
//!
//! The output keeps every byte offset of the original text where no macro was expanded: directive
//! lines and inactive branches are blanked with spaces (newlines kept), so a [`SourceMap`] only needs
//! entries for macro expansions and included text. Diagnostics in expanded text map back to the
//! macro invocation (or the `#include` line) in the original file.

use std::collections::HashMap;
use std::sync::Arc;

use crate::TextRange;

/// A macro definition as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacroDef {
    pub name: String,
    /// `None` for object-like macros. A variadic macro's last parameter is `...` (its arguments
    /// are `__VA_ARGS__` in the body) or `name...` (they are `name`).
    pub params: Option<Vec<String>>,
    pub body: String,
    /// Range of the name in the original file, or `None` for command-line definitions and macros
    /// defined in included files.
    pub name_range: Option<TextRange>,
}

/// A problem found while preprocessing; the range is in the original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpError {
    pub code: &'static str,
    pub message: String,
    pub range: TextRange,
}

/// A problem in a file pulled in by `#include`: `error.range` is in that file's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncludedError {
    pub error: PpError,
    pub path: Arc<str>,
    /// The `#include` lines that led there, innermost first (see [`IncludedLocation`]).
    pub included_from: Vec<IncludeSite>,
}

/// An `#include` line: the including file (`None` for the file being preprocessed, else the path
/// of an included file) and the line's range in that file's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncludeSite {
    pub path: Option<Arc<str>>,
    pub range: TextRange,
}

/// Where a stretch of expanded text really comes from when it was pulled in by `#include`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncludedLocation {
    /// The included file, as resolved, and the range in its text.
    pub path: Arc<str>,
    pub range: TextRange,
    /// The `#include` lines that led there, innermost first: the last one is in the file being
    /// preprocessed.
    pub included_from: Vec<IncludeSite>,
}

/// The text of an included file after preprocessing, as spliced into the includer.
#[derive(Debug, Clone, PartialEq, Eq)]
struct IncludedText {
    path: Arc<str>,
    /// Maps the spliced text (offsets from the segment's start) to the included file's text.
    map: SourceMap,
    /// The `#include` directive (from its `#`) in the including text.
    site: TextRange,
}

/// One stretch of expanded text whose offsets do not line up with the original.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Segment {
    /// Range in the expanded text.
    expanded: TextRange,
    /// What it came from in the original text (the macro invocation or the `#include` line).
    original: TextRange,
    /// Set for included text.
    include: Option<Arc<IncludedText>>,
}

/// Maps offsets in the expanded text back to the original text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Sorted by `expanded.start`, non-overlapping.
    segments: Vec<Segment>,
}

impl SourceMap {
    /// The original offset for an expanded offset. Inside an expansion this is the start of the
    /// invocation; elsewhere the offset is shifted by the length changes of earlier expansions.
    pub fn to_original(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for seg in &self.segments {
            if offset < seg.expanded.start {
                break;
            }
            if offset < seg.expanded.end {
                return seg.original.start;
            }
            delta = i64::from(seg.original.end) - i64::from(seg.expanded.end);
        }
        (i64::from(offset) + delta).max(0) as u32
    }

    /// Maps a range; a range inside one expansion maps to the whole invocation.
    pub fn range_to_original(&self, range: TextRange) -> TextRange {
        for seg in &self.segments {
            if seg.expanded.start <= range.start && range.end <= seg.expanded.end {
                return seg.original;
            }
        }
        let start = self.to_original(range.start);
        let end = if range.end > range.start {
            self.to_original(range.end - 1) + 1
        } else {
            start
        };
        // An end inside an expansion maps to the end of the invocation.
        let end = self
            .segments
            .iter()
            .find(|s| s.expanded.start < range.end && range.end <= s.expanded.end)
            .map_or(end, |s| s.original.end);
        TextRange::new(start, end.max(start))
    }

    /// The expanded offset for an original offset (for editor queries at a cursor). Offsets inside an
    /// invocation map to the start of its expansion.
    pub fn to_expanded(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for seg in &self.segments {
            if offset < seg.original.start {
                break;
            }
            if offset < seg.original.end {
                return seg.expanded.start;
            }
            delta = i64::from(seg.expanded.end) - i64::from(seg.original.end);
        }
        (i64::from(offset) + delta).max(0) as u32
    }

    pub fn is_identity(&self) -> bool {
        self.segments.is_empty()
    }

    /// Where `range` of the expanded text comes from when it lies inside text pulled in by
    /// `#include` (nested includes followed to the innermost file); `None` otherwise.
    pub fn locate_included(&self, range: TextRange) -> Option<IncludedLocation> {
        let seg = self
            .segments
            .iter()
            .find(|s| s.expanded.start <= range.start && range.end <= s.expanded.end)?;
        let included = seg.include.as_ref()?;
        let inner = TextRange::new(
            range.start - seg.expanded.start,
            range.end - seg.expanded.start,
        );
        let site = IncludeSite {
            path: None,
            range: included.site,
        };
        match included.map.locate_included(inner) {
            Some(mut deeper) => {
                // The innermost sites were relative to the included file: name it.
                for s in &mut deeper.included_from {
                    if s.path.is_none() {
                        s.path = Some(included.path.clone());
                    }
                }
                deeper.included_from.push(site);
                Some(deeper)
            }
            None => Some(IncludedLocation {
                path: included.path.clone(),
                range: included.map.range_to_original(inner),
                included_from: vec![site],
            }),
        }
    }
}

/// The result of preprocessing one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preprocessed {
    pub text: Arc<str>,
    pub map: SourceMap,
    pub errors: Vec<PpError>,
    /// Macros defined by this file (for the editor), in order.
    pub macros: Vec<MacroDef>,
    /// Paths of the files pulled in by `#include`, as resolved.
    pub includes: Vec<Arc<str>>,
    /// `#include` paths, as written, that the resolver did not find (for hosts that load files).
    pub missing_includes: Vec<String>,
    /// Problems inside included files, located there.
    pub included_errors: Vec<IncludedError>,
}

/// True when the text has a line whose first non-blank character is `#`: only then does the file
/// need the preprocessor (unless command-line macros are defined).
pub fn has_directives(text: &str) -> bool {
    // Look only at the `#`s (few in most files; this runs after every keystroke): one whose line
    // has nothing but blanks before it.
    // Each backward scan stops at the first non-blank (an earlier `#` at the latest): linear.
    text.match_indices('#').any(|(at, _)| {
        text[..at]
            .chars()
            .rev()
            .take_while(|&c| c != '\n')
            .all(char::is_whitespace)
    })
}

/// Resolves an `#include` path to (resolved path, text), or says why the file was not read when
/// the host found it and refused it (`Err(Some("is a FIFO, not a regular file"))`); `Err(None)`:
/// no such file.
pub type IncludeResolver<'a> =
    dyn FnMut(&str) -> Result<(Arc<str>, Arc<str>), Option<Arc<str>>> + 'a;

const MAX_INCLUDE_DEPTH: usize = 32;
const MAX_EXPANSION_DEPTH: usize = 64;
/// `#include`s processed in one file, counting every inclusion of the same header (a fan-out of
/// headers each included twice doubles the work per level).
pub const MAX_INCLUSIONS: usize = 10_000;
/// Bytes of included text in one file, summed over every inclusion.
pub const MAX_INCLUDED_BYTES: usize = 64 << 20;
/// Bytes one macro invocation may expand to (an exponential chain of `#define`s ends here).
pub const MAX_MACRO_EXPANSION_BYTES: usize = 1 << 20;

/// Whether `text` uses a predefined macro, which only the preprocessor expands.
pub fn uses_predefined_macros(text: &str) -> bool {
    text.contains("__LINE__") || text.contains("__FILE__")
}

/// Preprocesses `text` (the file at `path`, which `__FILE__` names) with `defines` from the
/// command line.
pub fn preprocess(
    text: &str,
    path: &str,
    defines: &[(Arc<str>, Option<Arc<str>>)],
    include: &mut IncludeResolver<'_>,
) -> Preprocessed {
    let mut pp = Preprocessor {
        path: Arc::from(path),
        line: 1,
        macros: HashMap::new(),
        errors: Vec::new(),
        defined: Vec::new(),
        missing_includes: Vec::new(),
        include_stack: Vec::new(),
        included_errors: Vec::new(),
        inclusions: 0,
        included_bytes: 0,
        expansion_budget: MAX_MACRO_EXPANSION_BYTES,
    };
    for (name, value) in defines {
        let body = value.as_deref().unwrap_or("1").to_string();
        pp.macros.insert(
            name.to_string(),
            MacroDef {
                name: name.to_string(),
                params: None,
                body,
                name_range: None,
            },
        );
    }
    let mut out = Output::default();
    let mut includes = Vec::new();
    pp.run(text, &mut out, include, &mut includes, 0, true);
    Preprocessed {
        text: out.text.into(),
        map: SourceMap {
            segments: out.segments,
        },
        errors: pp.errors,
        macros: pp.defined,
        includes,
        missing_includes: pp.missing_includes,
        included_errors: pp.included_errors,
    }
}

#[derive(Default)]
struct Output {
    text: String,
    segments: Vec<Segment>,
}

impl Output {
    fn len(&self) -> u32 {
        self.text.len() as u32
    }

    /// Appends text that stands for `original` (an invocation or a directive line).
    fn push_mapped(&mut self, text: &str, original: TextRange) {
        let start = self.len();
        self.text.push_str(text);
        let end = self.len();
        let expanded = TextRange::new(start, end);
        if expanded.len() == original.len() && text.is_empty() {
            return;
        }
        self.segments.push(Segment {
            expanded,
            original,
            include: None,
        });
    }

    /// Appends the preprocessed text of an included file in place of its `#include` line.
    fn push_included(&mut self, inner: Output, path: Arc<str>, line: TextRange, site: TextRange) {
        let start = self.len();
        self.text.push_str(&inner.text);
        let expanded = TextRange::new(start, self.len());
        let map = SourceMap {
            segments: inner.segments,
        };
        self.segments.push(Segment {
            expanded,
            original: line,
            include: Some(Arc::new(IncludedText { path, map, site })),
        });
    }
}

struct Preprocessor {
    /// The file being preprocessed (`__FILE__` outside included files).
    path: Arc<str>,
    /// The number of the line being expanded in its file (`__LINE__`, also in macro bodies).
    line: usize,
    macros: HashMap<String, MacroDef>,
    errors: Vec<PpError>,
    /// Definitions seen in the top-level file, for the editor.
    defined: Vec<MacroDef>,
    missing_includes: Vec<String>,
    /// The files being included now, outermost first, with their `#include` line's range.
    include_stack: Vec<(Arc<str>, TextRange)>,
    included_errors: Vec<IncludedError>,
    /// `#include`s processed so far, and the bytes they brought ([`MAX_INCLUSIONS`],
    /// [`MAX_INCLUDED_BYTES`]).
    inclusions: usize,
    included_bytes: usize,
    /// Bytes the current macro invocation may still produce; 0 once exhausted (it stops there).
    expansion_budget: usize,
}

/// State of one `#if` group.
struct Cond {
    /// Whether the enclosing region is active.
    parent_active: bool,
    /// Whether some branch of this group was already taken.
    taken: bool,
    /// Whether the current branch is active.
    active: bool,
    seen_else: bool,
    start: TextRange,
}

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
    fn error(
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
    fn run(
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

    fn eval_condition(&mut self, expr: &str, range: TextRange, top: bool) -> bool {
        // Replace `defined X` / `defined(X)` first, then expand macros, then evaluate.
        let mut replaced = String::new();
        let mut lexer = Lexer::new(expr);
        while let Some(tok) = lexer.next() {
            if tok.text == "defined" {
                let mut next = lexer.next();
                let parens = next.as_ref().is_some_and(|t| t.text == "(");
                if parens {
                    next = lexer.next();
                }
                let ident = next.map(|t| t.text.to_string()).unwrap_or_default();
                if parens {
                    lexer.next();
                }
                replaced.push_str(if self.macros.contains_key(&ident) {
                    " 1 "
                } else {
                    " 0 "
                });
            } else {
                replaced.push_str(tok.text);
                replaced.push(' ');
            }
        }
        self.expansion_budget = MAX_MACRO_EXPANSION_BYTES;
        let expanded = self.expand_text(&replaced, &mut Vec::new(), 0);
        if self.expansion_budget == 0 {
            self.error(
                "E2912",
                format!(
                    "the macros of this condition expand to over {} MiB: define them without repetition",
                    MAX_MACRO_EXPANSION_BYTES >> 20
                ),
                range,
                top,
            );
            return false;
        }
        let tokens: Vec<String> = {
            let mut lexer = Lexer::new(&expanded);
            std::iter::from_fn(|| lexer.next().map(|t| t.text.to_string())).collect()
        };
        let mut parser = CondParser {
            tokens: &tokens,
            pos: 0,
        };
        match parser.ternary() {
            Some(v) if parser.pos == tokens.len() => v != 0,
            _ => {
                self.error(
                    "E2910",
                    "cannot evaluate this `#if` condition: use integers, `defined(NAME)` and C operators",
                    range,
                    top,
                );
                false
            }
        }
    }

    /// Expands macros in one active line, appending to `out`. Returns whether the line ends inside a
    /// block comment.
    fn expand_line(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        out: &mut Output,
        top: bool,
        mut in_block_comment: bool,
    ) -> bool {
        let line = &text[start..end];
        if self.macros.is_empty() && !uses_predefined_macros(line) {
            out.text.push_str(line);
            return update_block_comment(line, in_block_comment);
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        let mut plain_start = 0;
        while i < bytes.len() {
            if in_block_comment {
                if bytes[i..].starts_with(b"*/") {
                    in_block_comment = false;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            let b = bytes[i];
            if bytes[i..].starts_with(b"//") {
                break;
            }
            if bytes[i..].starts_with(b"/*") {
                in_block_comment = true;
                i += 2;
                continue;
            }
            if b == b'"' {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                continue;
            }
            if b.is_ascii_digit() {
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.' || bytes[i] == b'_')
                {
                    i += 1;
                }
                continue;
            }
            if b.is_ascii_alphabetic() || b == b'_' {
                let id_start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let ident = &line[id_start..i];
                let Some(def) = self.macros.get(ident).cloned() else {
                    if let Some(value) = self.predefined(ident) {
                        out.text.push_str(&line[plain_start..id_start]);
                        let original =
                            TextRange::new((start + id_start) as u32, (start + i) as u32);
                        out.push_mapped(&value, original);
                        plain_start = i;
                    }
                    continue;
                };
                let mut call_end = i;
                self.expansion_budget = MAX_MACRO_EXPANSION_BYTES;
                let expansion = match &def.params {
                    None => self.expand_text(&def.body, &mut vec![def.name.clone()], 0),
                    Some(params) => {
                        let Some((args, after)) = parse_call_args(line, i) else {
                            // A function-like macro name without arguments is not an invocation.
                            continue;
                        };
                        call_end = after;
                        let fixed = params.len() - usize::from(is_variadic(params));
                        let arity_ok = if is_variadic(params) {
                            args.len() >= fixed
                                || fixed == 1 && args.len() == 1 && args[0].trim().is_empty()
                        } else {
                            args.len() == params.len()
                                || params.is_empty() && args.len() == 1 && args[0].trim().is_empty()
                        };
                        if !arity_ok {
                            let range =
                                TextRange::new((start + id_start) as u32, (start + after) as u32);
                            let expected = if is_variadic(params) {
                                format!("at least {fixed}")
                            } else {
                                params.len().to_string()
                            };
                            self.error(
                                "E2911",
                                format!(
                                    "macro `{}` takes {expected} argument(s) but {} were given",
                                    def.name,
                                    args.len()
                                ),
                                range,
                                top,
                            );
                        }
                        let (params, args) = bind_args(params, args);
                        let substituted = substitute(&def, &params, &args, |a| {
                            self.expand_text(a, &mut Vec::new(), 0)
                        });
                        self.expand_text(&substituted, &mut vec![def.name.clone()], 0)
                    }
                };
                let expansion = fold_constant(&expansion).unwrap_or(expansion);
                let original = TextRange::new((start + id_start) as u32, (start + call_end) as u32);
                // An exhausted expansion is dropped, not cut: a megabyte of repeated tokens would
                // only bury the diagnostic under parse errors.
                let expansion = if self.expansion_budget == 0 {
                    String::new()
                } else {
                    expansion
                };
                if self.expansion_budget == 0 {
                    self.error(
                        "E2912",
                        format!(
                            "the expansion of macro `{}` is over {} MiB: a macro that uses another twice per level doubles at each; define it without the repetition",
                            def.name,
                            MAX_MACRO_EXPANSION_BYTES >> 20
                        ),
                        original,
                        top,
                    );
                }
                out.text.push_str(&line[plain_start..id_start]);
                out.push_mapped(&expansion, original);
                i = call_end;
                plain_start = i;
                continue;
            }
            i += 1;
        }
        out.text.push_str(&line[plain_start..]);
        in_block_comment
    }

    /// Fully expands macros in a piece of text, with `hidden` macros not expanded again (they are
    /// being expanded already).
    fn expand_text(&mut self, text: &str, hidden: &mut Vec<String>, depth: usize) -> String {
        if depth > MAX_EXPANSION_DEPTH {
            return text.to_string();
        }
        if self.expansion_budget == 0 {
            return String::new();
        }
        let mut result = String::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            // Every byte produced at every level counts, so the work is bounded, not only the
            // result; an exhausted budget ends the expansion (reported by the caller).
            if result.len() >= self.expansion_budget {
                self.expansion_budget = 0;
                return result;
            }
            let b = bytes[i];
            if b.is_ascii_digit() {
                let s = i;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.' || bytes[i] == b'_')
                {
                    i += 1;
                }
                result.push_str(&text[s..i]);
                continue;
            }
            if b == b'"' {
                let s = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                result.push_str(&text[s..i]);
                continue;
            }
            if b.is_ascii_alphabetic() || b == b'_' {
                let s = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let ident = &text[s..i];
                let def = if hidden.iter().any(|h| h == ident) {
                    None
                } else {
                    self.macros.get(ident).cloned()
                };
                match def {
                    None => match self.predefined(ident) {
                        Some(value) => result.push_str(&value),
                        None => result.push_str(ident),
                    },
                    Some(def) => {
                        let body = match &def.params {
                            None => def.body.clone(),
                            Some(params) => match parse_call_args(text, i) {
                                Some((args, after)) => {
                                    i = after;
                                    let (params, args) = bind_args(params, args);
                                    substitute(&def, &params, &args, |a| {
                                        self.expand_text(a, &mut hidden.clone(), depth + 1)
                                    })
                                }
                                None => {
                                    result.push_str(ident);
                                    continue;
                                }
                            },
                        };
                        hidden.push(def.name.clone());
                        let expanded = self.expand_text(&body, hidden, depth + 1);
                        hidden.pop();
                        result.push_str(&expanded);
                    }
                }
                continue;
            }
            let ch = text[i..].chars().next().unwrap_or(' ');
            result.push(ch);
            i += ch.len_utf8();
        }
        self.expansion_budget = self.expansion_budget.saturating_sub(result.len());
        result
    }
}

impl Preprocessor {
    /// The value of a predefined macro: the line's number (1-based) or the file's path (the
    /// innermost included file, else the main one).
    fn predefined(&self, ident: &str) -> Option<String> {
        match ident {
            "__LINE__" => Some(self.line.to_string()),
            "__FILE__" => Some(string_literal(
                self.include_stack
                    .last()
                    .map_or(&*self.path, |(path, _)| &**path),
            )),
            _ => None,
        }
    }
}

/// A string literal holding `text`.
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

fn string_literal(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Whether a macro's parameter list ends with `...` (or `name...`).
fn is_variadic(params: &[String]) -> bool {
    params.last().is_some_and(|p| p.ends_with("..."))
}

/// The parameter names and arguments a variadic macro's body sees: the trailing arguments
/// joined into one (`__VA_ARGS__`, or the name before `...`), empty when there are none.
fn bind_args(params: &[String], mut args: Vec<String>) -> (Vec<String>, Vec<String>) {
    if !is_variadic(params) {
        return (params.to_vec(), args);
    }
    let mut names = params.to_vec();
    if let Some(last) = names.last_mut() {
        let name = last.trim_end_matches("...").trim();
        *last = if name.is_empty() { "__VA_ARGS__" } else { name }.to_string();
    }
    let fixed = names.len() - 1;
    let rest = if args.len() > fixed {
        args.split_off(fixed).join(", ")
    } else {
        String::new()
    };
    args.truncate(fixed);
    args.resize(fixed, String::new());
    args.push(rest);
    (names, args)
}

/// A parenthesised integer expression of plain decimal literals (`(2 + 4 * 4)`) becomes its value.
/// The value means the same everywhere, and unlike the parenthesised form it can be parsed as a
/// generic argument (`Feature<IN_FEATURES> f;`), where the parser cannot tell `<` from less-than.
fn fold_constant(expansion: &str) -> Option<String> {
    let trimmed = expansion.trim();
    if !trimmed.starts_with('(') || !trimmed.ends_with(')') {
        return None;
    }
    let tokens: Vec<String> = {
        let mut lexer = Lexer::new(trimmed);
        std::iter::from_fn(|| lexer.next().map(|t| t.text.to_string())).collect()
    };
    let plain = tokens.iter().all(|t| {
        t.bytes().all(|b| b.is_ascii_digit())
            || matches!(
                t.as_str(),
                "(" | ")" | "+" | "-" | "*" | "/" | "%" | "<<" | ">>" | "&" | "|" | "^" | "~"
            )
    });
    if !plain {
        return None;
    }
    let mut parser = CondParser {
        tokens: &tokens,
        pos: 0,
    };
    let value = parser.ternary()?;
    (parser.pos == tokens.len() && (0..=i64::from(i32::MAX)).contains(&value))
        .then(|| value.to_string())
}

fn update_block_comment(line: &str, mut inside: bool) -> bool {
    let mut i = 0;
    let bytes = line.as_bytes();
    while i + 1 < bytes.len() + 1 && i < bytes.len() {
        if inside {
            if bytes[i..].starts_with(b"*/") {
                inside = false;
                i += 2;
                continue;
            }
        } else if bytes[i..].starts_with(b"//") {
            break;
        } else if bytes[i..].starts_with(b"/*") {
            inside = true;
            i += 2;
            continue;
        } else if bytes[i] == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
        }
        i += 1;
    }
    inside
}

/// Removes `//` and `/* */` comments from a directive line.
fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with("//") {
            break;
        }
        if text[i..].starts_with("/*") {
            match text[i + 2..].find("*/") {
                Some(end) => {
                    out.push(' ');
                    i += end + 4;
                    continue;
                }
                None => break,
            }
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Parses `(a, b(c, d), e)` starting at `pos` (after optional blanks). Returns the raw arguments and
/// the offset after `)`.
fn parse_call_args(text: &str, pos: usize) -> Option<(Vec<String>, usize)> {
    let bytes = text.as_bytes();
    let mut i = pos;
    while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
        i += 1;
    }
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    let mut depth = 0;
    let mut args = Vec::new();
    let mut current = String::new();
    while i < bytes.len() {
        let ch = text[i..].chars().next()?;
        match ch {
            '(' => depth += 1,
            ')' if depth == 0 => {
                args.push(current.trim().to_string());
                return Some((args, i + 1));
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(current.trim().to_string());
                current.clear();
                i += 1;
                continue;
            }
            _ => {}
        }
        current.push(ch);
        i += ch.len_utf8();
    }
    None
}

/// Substitutes arguments into a function-like macro body, handling `#param` and `a ## b`.
fn substitute(
    def: &MacroDef,
    params: &[String],
    args: &[String],
    mut expand_arg: impl FnMut(&str) -> String,
) -> String {
    let body = &def.body;
    let mut out = String::new();
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'#' && bytes.get(i + 1) == Some(&b'#') {
            // Token pasting: drop surrounding blanks.
            while out.ends_with(' ') {
                out.pop();
            }
            i += 2;
            while i < bytes.len() && bytes[i] == b' ' {
                i += 1;
            }
            // The next parameter is pasted unexpanded.
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let ident = &body[s..i];
            match params.iter().position(|p| p == ident) {
                Some(k) => out.push_str(args.get(k).map_or("", |a| a.as_str())),
                None => out.push_str(ident),
            }
            continue;
        }
        if b == b'#' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] == b' ' {
                j += 1;
            }
            let s = j;
            while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                j += 1;
            }
            if let Some(k) = params.iter().position(|p| p == &body[s..j]) {
                out.push('"');
                out.push_str(
                    &args
                        .get(k)
                        .map_or(String::new(), |a| a.replace('"', "\\\"")),
                );
                out.push('"');
                i = j;
                continue;
            }
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let ident = &body[s..i];
            // An argument followed by `##` is pasted unexpanded.
            let pasted_next = body[i..].trim_start().starts_with("##");
            match params.iter().position(|p| p == ident) {
                Some(k) if pasted_next => out.push_str(args.get(k).map_or("", |a| a.as_str())),
                Some(k) => out.push_str(&expand_arg(args.get(k).map_or("", |a| a.as_str()))),
                None => out.push_str(ident),
            }
            continue;
        }
        let ch = body[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

struct Tok<'a> {
    text: &'a str,
}

/// Splits a `#if` expression into tokens.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer { text, pos: 0 }
    }

    fn next(&mut self) -> Option<Tok<'a>> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        if self.pos >= bytes.len() {
            return None;
        }
        let s = self.pos;
        let b = bytes[s];
        if b.is_ascii_alphanumeric() || b == b'_' {
            while self.pos < bytes.len()
                && (bytes[self.pos].is_ascii_alphanumeric() || bytes[self.pos] == b'_')
            {
                self.pos += 1;
            }
        } else {
            const TWO: [&str; 10] = ["&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "##", "::"];
            if TWO.iter().any(|t| self.text[s..].starts_with(t)) {
                self.pos += 2;
            } else {
                self.pos += self.text[s..].chars().next().map_or(1, char::len_utf8);
            }
        }
        Some(Tok {
            text: &self.text[s..self.pos],
        })
    }
}

/// Evaluates integer `#if` expressions with C precedence. Unknown identifiers are 0, as in C.
struct CondParser<'a> {
    tokens: &'a [String],
    pos: usize,
}

impl CondParser<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.pos).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ternary(&mut self) -> Option<i64> {
        let c = self.binary(0)?;
        if self.eat("?") {
            let a = self.ternary()?;
            if !self.eat(":") {
                return None;
            }
            let b = self.ternary()?;
            return Some(if c != 0 { a } else { b });
        }
        Some(c)
    }

    fn binary(&mut self, min_prec: u8) -> Option<i64> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek() {
            let prec = match op {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => break,
            };
            if prec < min_prec {
                break;
            }
            let op = op.to_string();
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = match op.as_str() {
                "||" => i64::from(lhs != 0 || rhs != 0),
                "&&" => i64::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i64::from(lhs == rhs),
                "!=" => i64::from(lhs != rhs),
                "<" => i64::from(lhs < rhs),
                ">" => i64::from(lhs > rhs),
                "<=" => i64::from(lhs <= rhs),
                ">=" => i64::from(lhs >= rhs),
                "<<" => lhs.checked_shl(rhs as u32).unwrap_or(0),
                ">>" => lhs.checked_shr(rhs as u32).unwrap_or(0),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" => lhs.checked_div(rhs)?,
                "%" => lhs.checked_rem(rhs)?,
                _ => return None,
            };
        }
        Some(lhs)
    }

    fn unary(&mut self) -> Option<i64> {
        if self.eat("!") {
            return Some(i64::from(self.unary()? == 0));
        }
        if self.eat("-") {
            return Some(self.unary()?.wrapping_neg());
        }
        if self.eat("+") {
            return self.unary();
        }
        if self.eat("~") {
            return Some(!self.unary()?);
        }
        if self.eat("(") {
            let v = self.ternary()?;
            return self.eat(")").then_some(v);
        }
        let tok = self.peek()?.to_string();
        self.pos += 1;
        if tok.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = tok.trim_end_matches(['u', 'U', 'l', 'L']);
            return if let Some(hex) = digits
                .strip_prefix("0x")
                .or_else(|| digits.strip_prefix("0X"))
            {
                i64::from_str_radix(hex, 16).ok()
            } else {
                digits.parse().ok()
            };
        }
        if tok.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            return Some(if tok == "true" { 1 } else { 0 });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use super::*;

    fn run(text: &str, defines: &[(&str, Option<&str>)], files: &[(&str, &str)]) -> Preprocessed {
        let defines: Vec<(Arc<str>, Option<Arc<str>>)> = defines
            .iter()
            .map(|(n, v)| (Arc::from(*n), v.map(Arc::from)))
            .collect();
        let mut resolver = |path: &str| {
            files
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(p, t)| (Arc::from(*p), Arc::from(*t)))
                .ok_or(None)
        };
        preprocess(text, "dir/test.slang", &defines, &mut resolver)
    }

    /// The text with blanked lines shown empty (trailing blanks do not survive snapshots).
    fn visible(text: &str) -> String {
        text.lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn check(text: &str, expect: Expect) {
        let pp = run(text, &[], &[]);
        let mut out = visible(&pp.text);
        for e in &pp.errors {
            out.push_str(&format!(
                "\n{} {}..{}: {}",
                e.code, e.range.start, e.range.end, e.message
            ));
        }
        expect.assert_eq(&out);
    }

    fn codes(pp: &Preprocessed) -> Vec<&'static str> {
        pp.errors.iter().map(|e| e.code).collect()
    }

    #[test]
    fn macro_bombs_stop_at_the_expansion_limit() {
        // An exponential chain of object-like macros: 2^40 copies of `x`.
        let mut chain = String::from("#define A0 x x\n");
        for k in 1..=40 {
            chain.push_str(&format!("#define A{k} A{} A{}\n", k - 1, k - 1));
        }
        // The same through function-like and variadic macros.
        let function_like =
            "#define F(a) a a\n#define G(a) F(F(F(F(F(F(F(F(a))))))))\nG(G(G(G(G(G(x))))))\n";
        let variadic = "#define V(...) __VA_ARGS__ __VA_ARGS__\n#define W(...) V(V(V(V(V(V(V(V(__VA_ARGS__))))))))\nW(W(W(W(W(W(x))))))\n";
        for text in [
            format!("{chain}A40\n"),
            function_like.into(),
            variadic.into(),
        ] {
            let start = std::time::Instant::now();
            let pp = run(&text, &[], &[]);
            assert!(start.elapsed().as_secs() < 5, "{text}");
            assert!(
                pp.text.len() < 4 * MAX_MACRO_EXPANSION_BYTES,
                "{}",
                pp.text.len()
            );
            assert_eq!(codes(&pp), ["E2912"], "{text}");
        }
    }

    #[test]
    fn include_fan_out_stops_at_the_inclusion_limit() {
        // h0 includes h1 twice, ..., h24 is a line: 2^24 inclusions without a limit.
        let names: Vec<String> = (0..=24).map(|k| format!("h{k}.h")).collect();
        let texts: Vec<String> = (0..=24)
            .map(|k| match names.get(k + 1) {
                Some(next) => format!("#include \"{next}\"\n#include \"{next}\"\n"),
                None => "float x;\n".into(),
            })
            .collect();
        let files: Vec<(&str, &str)> = names
            .iter()
            .zip(&texts)
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let start = std::time::Instant::now();
        let pp = run("#include \"h0.h\"\nfloat y;\n", &[], &files);
        assert!(start.elapsed().as_secs() < 5);
        let all: Vec<&str> = pp
            .errors
            .iter()
            .map(|e| e.code)
            .chain(pp.included_errors.iter().map(|e| e.error.code))
            .collect();
        assert_eq!(all, ["E2912"]);
    }

    #[test]
    fn object_and_function_macros_expand() {
        check(
            "#define N 4\n#define SQ(x) ((x) * (x))\nfloat a[N]; float b = SQ(a[0] + 1);",
            expect![[r#"


                float a[4]; float b = ((a[0] + 1) * (a[0] + 1));"#]],
        );
    }

    #[test]
    fn variadic_macros_take_the_trailing_arguments() {
        check(
            "#define CALL(f, ...) f(__VA_ARGS__)\n#define NAMED(f, rest...) f(0, rest)\n#define STR(...) #__VA_ARGS__\n#define ONLY(...) g(__VA_ARGS__)\nint a = CALL(h, 1, k(2, 3), 4) + CALL(h) + NAMED(h, 5, 6); string s = STR(x,   y); int b = ONLY();\nint c = CALL();",
            expect![[r#"




                int a = h(1, k(2, 3), 4) + h() + h(0, 5, 6); string s = "x, y"; int b = g();
                int c = ();"#]],
        );
        check(
            "#define TWO(a, b, ...) a + b\nint x = TWO(1);",
            expect![[r#"

                int x = 1 + ;
                E2911 37..43: macro `TWO` takes at least 2 argument(s) but 1 were given"#]],
        );
    }

    #[test]
    fn line_and_file_are_predefined() {
        check(
            "int a = __LINE__;\n#define HERE __FILE__\nstring f = HERE; int b = __LINE__;\n#define AT(x) (x + __LINE__)\nint c = AT(1);",
            expect![[r#"
                int a = 1;

                string f = "dir/test.slang"; int b = 3;

                int c = 6;"#]],
        );
    }

    #[test]
    fn conditionals_select_branches() {
        check(
            "#define A 2\n#if A > 1 && defined(A)\nint yes;\n#elif 1\nint no1;\n#else\nint no2;\n#endif\n#ifndef B\nint b;\n#endif",
            expect![[r#"


                int yes;






                int b;
            "#]],
        );
    }

    #[test]
    fn command_line_defines_and_includes() {
        let pp = run(
            "#include \"lib.h\"\nfloat x = SCALE * K;",
            &[("SCALE", Some("2.0"))],
            &[("lib.h", "#define K 3\nfloat libValue;")],
        );
        expect![[r#"
           
            float libValue;
            float x = 2.0 * 3;"#]]
        .assert_eq(&visible(&pp.text));
        assert_eq!(pp.includes.len(), 1);
    }

    #[test]
    fn errors_name_the_problem() {
        check(
            "#if 1\nint a;\n#include \"missing.h\"\n#foo\n",
            expect![[r#"

                int a;


                E2906 13..33: cannot find include file `missing.h`: check the name and the include paths
                E2908 35..38: unknown preprocessor directive `#foo`
                E2901 0..5: `#if` without a matching `#endif`: add `#endif`"#]],
        );
    }

    #[test]
    fn map_points_back_to_invocations() {
        let pp = run("#define LONG_NAME 1\nint x = LONG_NAME + y;", &[], &[]);
        // `y` moved left by the expansion; its original offset is recovered.
        let y_expanded = pp.text.find('y').unwrap() as u32;
        let original = "#define LONG_NAME 1\nint x = LONG_NAME + y;";
        assert_eq!(
            pp.map.to_original(y_expanded) as usize,
            original.find('y').unwrap()
        );
        // Anything inside the expansion maps to the whole invocation.
        let one = pp.text.rfind('1').unwrap() as u32;
        let r = pp.map.range_to_original(TextRange::new(one, one + 1));
        assert_eq!(&original[r.start as usize..r.end as usize], "LONG_NAME");
        assert_eq!(
            pp.map.to_expanded(original.find('y').unwrap() as u32),
            y_expanded
        );
    }

    #[test]
    fn constant_macros_fold_for_generic_arguments() {
        check(
            "#define N (2 + 4 * 4)\nFeature<N> f;",
            expect![[r#"

            Feature<18> f;"#]],
        );
    }

    #[test]
    fn language_version_directives() {
        check(
            "#language slang 2026\n#lang slang 2025\n#language 202c\n#language latest\nint a;",
            expect![[r#"




            int a;"#]],
        );
        check(
            "#language slang 1999\nint a;",
            expect![[r#"

            int a;
            E2909 0..20: unknown language version `1999`: write `#language slang 2026` (or 2018, 2025, 202c)"#]],
        );
    }

    #[test]
    fn files_without_directives_are_detected() {
        assert!(!has_directives("float f(float x) { return x; } // #define"));
        assert!(has_directives("  #define X 1\n"));
        assert!(has_directives("float x; // a\n\t\u{a0}#if A\n#endif"));
        assert!(!has_directives("float x; # y\nint a = b # c;\n"));
    }
}
