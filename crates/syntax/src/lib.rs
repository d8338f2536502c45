//! Lexer, lossless resilient parser and typed AST for Slang.
//!
//! `parse` never fails: it returns a rowan tree that contains every byte of the input, plus
//! a list of errors. The parser is event based (rust-analyzer style): the grammar emits
//! start/token/finish events over non-trivia token kinds, and `build` turns them into a
//! green tree, attaching whitespace, comments and preprocessor directive lines.

pub mod ast;
mod build;
mod lexer;
mod parser;
mod reparse;
mod syntax_kind;
pub mod testgen;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use reparse::{green_eq, reparse};
pub use rowan::{TextRange, TextSize};
pub use syntax_kind::SyntaxKind;

/// The rowan language tag for Slang trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SlangLanguage {}

impl rowan::Language for SlangLanguage {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind as u16)
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

pub type SyntaxNode = rowan::SyntaxNode<SlangLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<SlangLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<SlangLanguage>;
pub type SyntaxNodeChildren = rowan::SyntaxNodeChildren<SlangLanguage>;
pub use rowan::{Direction, GreenNode, NodeOrToken, WalkEvent};

/// A syntax error with a stable code (`E1001`..`E1007`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub code: &'static str,
    pub message: String,
    pub range: TextRange,
}

/// The result of parsing: a green tree and the errors. Cheap to clone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
}

impl Parse {
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn tree(&self) -> ast::SourceFile {
        ast::SourceFile {
            syntax: self.syntax_node(),
        }
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The tree (kinds, ranges, token text) followed by the errors, for snapshot tests.
    pub fn debug_dump(&self) -> String {
        let mut out = format!("{:#?}", self.syntax_node());
        for e in self.errors.iter() {
            out.push_str(&format!(
                "error {} {}..{}: {}\n",
                e.code,
                u32::from(e.range.start()),
                u32::from(e.range.end()),
                e.message
            ));
        }
        out
    }
}

/// Syntax errors kept per file: a file of a million stray characters gets this many and one
/// more that counts the rest (E1008), not a million (each costs memory in every later stage).
pub const MAX_SYNTAX_ERRORS: usize = 1000;

fn cap_errors(errors: &mut Vec<SyntaxError>) {
    if errors.len() <= MAX_SYNTAX_ERRORS {
        return;
    }
    let more = errors.len() - MAX_SYNTAX_ERRORS;
    let at = errors[MAX_SYNTAX_ERRORS].range;
    errors.truncate(MAX_SYNTAX_ERRORS);
    errors.push(SyntaxError {
        code: "E1008",
        message: format!(
            "{more} more syntax errors after the first {MAX_SYNTAX_ERRORS} are not listed (a \
             fixed limit per file): fix the ones above first"
        ),
        range: at,
    });
}

/// Parses a whole source file.
pub fn parse(text: &str) -> Parse {
    let lexed = lexer::lex(text);
    let (input, solid) = parser_input(&lexed, true);
    let output = parser::parse(&input);
    let mut cache = rowan::NodeCache::default();
    let green = build::TreeSink::new(&lexed, &solid, &mut cache).build(output.events);

    let mut errors: Vec<SyntaxError> = Vec::with_capacity(lexed.errors.len() + output.errors.len());
    for e in &lexed.errors {
        let i = e.token as usize;
        errors.push(SyntaxError {
            code: e.code,
            message: e.message.to_string(),
            range: TextRange::new(lexed.start(i).into(), lexed.end(i).into()),
        });
    }
    let text_end = TextSize::of(text);
    for e in output.errors {
        // At the token the parser stopped at (where the reference compiler reports too).
        let range = match solid.get(e.pos as usize) {
            Some(&raw) => TextRange::new(
                lexed.start(raw as usize).into(),
                lexed.end(raw as usize).into(),
            ),
            None => TextRange::empty(text_end),
        };
        errors.push(SyntaxError {
            code: "E1001",
            message: e.message,
            range,
        });
    }
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    // Unwinding out of unclosed constructs piles complaints onto one spot; the first one
    // (innermost) names the real problem.
    errors.dedup_by(|later, first| later.range == first.range);
    cap_errors(&mut errors);
    Parse {
        green,
        errors: errors.into(),
    }
}

/// Tokens the parser does not see besides trivia: directive lines and characters the lexer
/// already reported (unknown characters, a stray `#` or `$`). A `DOLLAR` is a `spirv_asm`
/// operand's sigil, which the parser reads.
fn is_skipped(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::ERROR
            | SyntaxKind::HASH
            | SyntaxKind::HASH2
            | SyntaxKind::AT
            | SyntaxKind::BACKSLASH
    )
}

/// `starts_line`: whether offset 0 of the lexed text is at the start of a line (true for whole
/// files; for a reparsed block it depends on the text before it).
fn parser_input(lexed: &lexer::Lexed<'_>, starts_line: bool) -> (parser::Input, Vec<u32>) {
    let mut input = parser::Input::with_capacity(lexed.len() / 2 + 1);
    let mut solid: Vec<u32> = Vec::with_capacity(lexed.len() / 2 + 1);
    let bytes = lexed.text.as_bytes();
    let mut directives = lexed.directives.iter().peekable();
    let mut i = 0usize;
    // The first token after a directive line: every `#if` branch is parsed, so a line there
    // may well continue the expression of the line before the `#if`.
    let mut after_directive = false;
    while i < lexed.len() {
        if let Some(d) = directives.peek()
            && d.start as usize == i
        {
            i = d.end as usize;
            directives.next();
            after_directive = true;
            continue;
        }
        let kind = lexed.kind(i);
        if kind.is_trivia() || is_skipped(kind) {
            i += 1;
            continue;
        }
        if let Some(&prev) = solid.last()
            && prev as usize + 1 == i
        {
            input.set_joint();
        }
        let start = lexed.start(i) as usize;
        let mut flags = 0;
        if start == 0 && starts_line || start > 0 && bytes[start - 1] == b'\n' {
            flags |= parser::COL0;
        }
        let indent = bytes[..start]
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let line_start = start - indent;
        if !after_directive
            && (line_start == 0 && starts_line || line_start > 0 && bytes[line_start - 1] == b'\n')
        {
            flags |= parser::LINE_START;
        }
        after_directive = false;
        let mut contextual = SyntaxKind::TOMBSTONE;
        if kind == SyntaxKind::IDENT {
            let text = lexed.text(i);
            if let Some(k) = SyntaxKind::from_contextual_keyword(text) {
                contextual = k;
            }
            if is_builtin_type_name(text) {
                flags |= parser::BUILTIN_TYPE;
            }
            if parser::MODIFIER_CALLS.contains(&text) {
                flags |= parser::MODIFIER_CALL;
            }
        }
        input.push(kind, contextual, flags);
        solid.push(i as u32);
        i += 1;
    }
    (input, solid)
}

/// `float`, `int3`, `half4x4`, `uint64_t`, ...: built-in scalar, vector and matrix names.
pub fn is_builtin_type_name(text: &str) -> bool {
    const SCALARS: &[&str] = &[
        "bool",
        "int",
        "uint",
        "float",
        "half",
        "double",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "float16_t",
        "float32_t",
        "float64_t",
        "min16float",
        "min16int",
        "min16uint",
        "dword",
        "void",
        "vector",
        "matrix",
    ];
    if SCALARS.contains(&text) {
        return true;
    }
    let b = text.as_bytes();
    let dim = |c: u8| (b'1'..=b'4').contains(&c);
    // vectors `T2`..`T4`, matrices `T2x3`
    let base =
        if b.len() >= 4 && b[b.len() - 2] == b'x' && dim(b[b.len() - 1]) && dim(b[b.len() - 3]) {
            &text[..text.len() - 3]
        } else if !b.is_empty() && dim(b[b.len() - 1]) {
            &text[..text.len() - 1]
        } else {
            return false;
        };
    matches!(
        base,
        "bool"
            | "int"
            | "uint"
            | "float"
            | "half"
            | "double"
            | "min16float"
            | "min16int"
            | "min16uint"
            | "int64_t"
            | "uint64_t"
            | "float16_t"
            | "float32_t"
            | "float64_t"
            | "int8_t"
            | "uint8_t"
            | "int16_t"
            | "uint16_t"
            | "int32_t"
            | "uint32_t"
    )
}

/// Token kinds and lengths of `text` (trivia included), as the lexer sees them.
pub fn lex(text: &str) -> Vec<(SyntaxKind, TextSize)> {
    let lexed = lexer::lex(text);
    (0..lexed.len())
        .map(|i| (lexed.kind(i), TextSize::from(lexed.end(i) - lexed.start(i))))
        .collect()
}

/// Decodes file bytes: invalid UTF-8 is replaced with U+FFFD, one E1004 diagnostic per run of
/// bad bytes, with ranges in the decoded text.
pub fn decode_source(bytes: &[u8]) -> (String, Vec<SyntaxError>) {
    let mut text = String::with_capacity(bytes.len());
    let mut errors: Vec<SyntaxError> = Vec::new();
    let mut run_start: Option<usize> = None;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        if !valid.is_empty()
            && let Some(start) = run_start.take()
        {
            errors.push(invalid_utf8_error(start, text.len()));
        }
        text.push_str(valid);
        if !chunk.invalid().is_empty() {
            run_start.get_or_insert(text.len());
            text.push('\u{FFFD}');
        }
    }
    if let Some(start) = run_start {
        errors.push(invalid_utf8_error(start, text.len()));
    }
    (text, errors)
}

fn invalid_utf8_error(start: usize, end: usize) -> SyntaxError {
    SyntaxError {
        code: "E1004",
        message:
            "invalid UTF-8 in the source file: save it as UTF-8 (the bad bytes are shown as U+FFFD)"
                .to_string(),
        range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)),
    }
}

/// The value of a float literal's text (`1.5e-3f`, `.5`, `2h`, and hexadecimal floats such as
/// `0x1.8p-3`), the suffix ignored; `None` when the text is no float literal.
pub fn float_literal_value(text: &str) -> Option<f64> {
    let lower = text.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let (mantissa, exponent) = hex.split_once('p')?;
        let exponent: i32 = exponent.trim_end_matches(['f', 'h', 'l']).parse().ok()?;
        let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let mut value = 0f64;
        for c in whole.chars().chain(frac.chars()) {
            value = value * 16.0 + f64::from(c.to_digit(16)?);
        }
        let scale = exponent.checked_sub(4 * i32::try_from(frac.len()).ok()?)?;
        return Some(value * 2f64.powi(scale));
    }
    lower.trim_end_matches(['f', 'h', 'l']).parse().ok()
}
