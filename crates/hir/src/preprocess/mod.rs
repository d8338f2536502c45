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

mod condition;
mod directives;
mod expand;
mod source_map;
#[cfg(test)]
mod tests;

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
