//! Hand-written lexer. It never fails: every byte ends up in some token, and problems
//! (unterminated comments/strings, unknown characters, malformed numbers) are reported
//! as errors attached to token indices.
//!
//! A `#` that starts a line (only whitespace before it) begins a preprocessor directive that
//! runs to the end of the line (with `\` continuations). Its tokens are lexed normally and the
//! directive is recorded in `directives`; the parser treats them as trivia.

use crate::SyntaxKind::{self, *};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LexError {
    pub(crate) token: u32,
    pub(crate) code: &'static str,
    pub(crate) message: &'static str,
}

/// A directive line: raw tokens `start..end` (the `#` up to, not including, the newline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Directive {
    pub(crate) kind: SyntaxKind,
    pub(crate) start: u32,
    pub(crate) end: u32,
    /// Raw index of the directive name (`define`, `if`, ...).
    pub(crate) name: Option<u32>,
    /// Raw index of the macro name for define/undef/ifdef/ifndef.
    pub(crate) macro_name: Option<u32>,
    /// Raw token range (inclusive of the parentheses) of a function-like macro's parameters.
    pub(crate) params: Option<(u32, u32)>,
    /// First raw token of the body (replacement list, condition, path, ...), `end` if none.
    pub(crate) body_start: u32,
}

pub(crate) struct Lexed<'a> {
    pub(crate) text: &'a str,
    pub(crate) kinds: Vec<SyntaxKind>,
    /// Start offsets, one per token plus the end of the text.
    pub(crate) starts: Vec<u32>,
    pub(crate) errors: Vec<LexError>,
    pub(crate) directives: Vec<Directive>,
}

impl<'a> Lexed<'a> {
    pub(crate) fn len(&self) -> usize {
        self.kinds.len()
    }
    pub(crate) fn kind(&self, i: usize) -> SyntaxKind {
        self.kinds.get(i).copied().unwrap_or(EOF)
    }
    pub(crate) fn text(&self, i: usize) -> &'a str {
        let (s, e) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        &self.text[s..e]
    }
    pub(crate) fn start(&self, i: usize) -> u32 {
        self.starts[i.min(self.kinds.len())]
    }
    pub(crate) fn end(&self, i: usize) -> u32 {
        self.starts[(i + 1).min(self.kinds.len())]
    }
}

pub(crate) fn lex(text: &str) -> Lexed<'_> {
    let mut lx = Lexer {
        src: text.as_bytes(),
        text,
        pos: 0,
        kinds: Vec::with_capacity(text.len() / 3),
        starts: Vec::with_capacity(text.len() / 3 + 1),
        errors: Vec::new(),
        directives: Vec::new(),
        line_start: true,
        in_directive: None,
        spirv_asm: SpirvAsm::Outside,
    };
    lx.run();
    lx.starts.push(text.len() as u32);
    let mut lexed = Lexed {
        text,
        kinds: lx.kinds,
        starts: lx.starts,
        errors: lx.errors,
        directives: lx.directives,
    };
    analyze_directives(&mut lexed);
    lexed
}

struct Lexer<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    kinds: Vec<SyntaxKind>,
    starts: Vec<u32>,
    errors: Vec<LexError>,
    directives: Vec<Directive>,
    /// Only whitespace since the last newline (or the start of the file).
    line_start: bool,
    /// Index of the first token of the directive being lexed.
    in_directive: Option<u32>,
    /// Where `spirv_asm { ... }` stands: inside its braces `$x` and `$$T` name operands.
    spirv_asm: SpirvAsm,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SpirvAsm {
    Outside,
    /// Just after the `spirv_asm` keyword.
    Keyword,
    /// Inside its braces, this deep.
    Inside(u32),
}

impl Lexer<'_> {
    fn peek(&self, n: usize) -> u8 {
        self.src.get(self.pos + n).copied().unwrap_or(0)
    }

    fn push(&mut self, kind: SyntaxKind, start: usize) {
        self.kinds.push(kind);
        self.starts.push(start as u32);
    }

    fn error(&mut self, code: &'static str, message: &'static str) {
        // The error belongs to the token pushed next.
        self.errors.push(LexError {
            token: self.kinds.len() as u32,
            code,
            message,
        });
    }

    fn end_directive(&mut self) {
        if let Some(start) = self.in_directive.take() {
            self.directives.push(Directive {
                kind: PP_UNKNOWN,
                start,
                end: self.kinds.len() as u32,
                name: None,
                macro_name: None,
                params: None,
                body_start: self.kinds.len() as u32,
            });
        }
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            let start = self.pos;
            let c = self.src[self.pos];
            match c {
                b'\n' => {
                    // Newlines end directives; outside directives they are plain whitespace.
                    self.end_directive();
                    self.pos += 1;
                    self.line_start = true;
                    self.eat_whitespace_run();
                    self.push(WHITESPACE, start);
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                    self.eat_whitespace_run();
                    self.push(WHITESPACE, start);
                }
                // a byte-order mark (editors put one at the start of UTF-8 files): whitespace
                0xEF if self.peek(1) == 0xBB && self.peek(2) == 0xBF => {
                    self.pos += 3;
                    self.push(WHITESPACE, start);
                }
                b'\\'
                    if matches!(self.peek(1), b'\n')
                        || (self.peek(1) == b'\r' && self.peek(2) == b'\n') =>
                {
                    // Line continuation: whitespace that keeps a directive going.
                    self.pos += if self.peek(1) == b'\n' { 2 } else { 3 };
                    self.push(WHITESPACE, start);
                }
                b'/' if self.peek(1) == b'/' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                    self.push(COMMENT, start);
                    self.line_start = false;
                }
                b'/' if self.peek(1) == b'*' => {
                    self.pos += 2;
                    let mut closed = false;
                    while self.pos < self.src.len() {
                        if self.src[self.pos] == b'*' && self.peek(1) == b'/' {
                            self.pos += 2;
                            closed = true;
                            break;
                        }
                        self.pos += 1;
                    }
                    if !closed {
                        self.error("E1002", "unterminated block comment: add `*/` to close it");
                    }
                    self.push(COMMENT, start);
                    self.line_start = false;
                }
                b'#' if self.line_start && self.in_directive.is_none() => {
                    self.in_directive = Some(self.kinds.len() as u32);
                    self.pos += 1;
                    self.push(HASH, start);
                    self.line_start = false;
                }
                _ => {
                    self.token(start, c);
                    self.line_start = false;
                }
            }
        }
        self.end_directive();
    }

    fn eat_whitespace_run(&mut self) {
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                // Inside a directive the newline must stay separate: it ends the directive.
                b'\n' if self.in_directive.is_none() => {
                    self.pos += 1;
                    self.line_start = true;
                }
                _ => break,
            }
        }
    }

    fn token(&mut self, start: usize, c: u8) {
        let kind = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                self.ident_tail();
                let text = &self.text[start..self.pos];
                SyntaxKind::from_keyword(text).unwrap_or(IDENT)
            }
            b'0'..=b'9' => self.number(),
            b'.' if self.peek(1).is_ascii_digit() => self.number(),
            b'"' => self.quoted(b'"', STRING),
            b'\'' => self.quoted(b'\'', CHAR),
            0x80.. => {
                // Non-ASCII: letters continue identifiers, anything else is an unknown character.
                let ch = self.text[self.pos..].chars().next().unwrap_or('\u{FFFD}');
                if ch.is_alphabetic() {
                    self.ident_tail();
                    IDENT
                } else {
                    self.pos += ch.len_utf8();
                    self.error("E1005", "unknown character: remove it");
                    ERROR
                }
            }
            _ => self.punct(c),
        };
        self.spirv_asm = match (self.spirv_asm, kind) {
            (SpirvAsm::Inside(depth), L_CURLY) => SpirvAsm::Inside(depth + 1),
            (SpirvAsm::Inside(1), R_CURLY) => SpirvAsm::Outside,
            (SpirvAsm::Inside(depth), R_CURLY) => SpirvAsm::Inside(depth - 1),
            (inside @ SpirvAsm::Inside(_), _) => inside,
            (SpirvAsm::Keyword, L_CURLY) => SpirvAsm::Inside(1),
            (_, IDENT) if &self.text[start..self.pos] == "spirv_asm" => SpirvAsm::Keyword,
            _ => SpirvAsm::Outside,
        };
        self.push(kind, start);
    }

    fn ident_tail(&mut self) {
        while self.pos < self.src.len() {
            let c = self.src[self.pos];
            if c.is_ascii_alphanumeric() || c == b'_' {
                self.pos += 1;
            } else if c >= 0x80 {
                let ch = self.text[self.pos..].chars().next().unwrap_or(' ');
                if ch.is_alphanumeric() {
                    self.pos += ch.len_utf8();
                } else {
                    break;
                }
            } else {
                break;
            }
        }
    }

    fn digits(&mut self, hex: bool) -> usize {
        let start = self.pos;
        while self.pos < self.src.len() {
            let c = self.src[self.pos];
            if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
                self.pos += 1;
            } else {
                break;
            }
        }
        self.pos - start
    }

    /// Consumes letters/digits glued to a number (a bad suffix) and reports them.
    fn bad_number_tail(&mut self, message: &'static str) {
        while self.pos < self.src.len()
            && (self.src[self.pos].is_ascii_alphanumeric() || self.src[self.pos] == b'_')
        {
            self.pos += 1;
        }
        self.error("E1006", message);
    }

    fn number(&mut self) -> SyntaxKind {
        let start = self.pos;
        if self.src[self.pos] == b'0' && matches!(self.peek(1), b'x' | b'X') {
            self.pos += 2;
            let whole = self.digits(true);
            // A hexadecimal float (`0x1p-3`, `0x1.8p1`): hex digits, an optional fraction, and
            // a binary exponent, which it needs (`0x1.x` stays a member access on `0x1`).
            let mut frac_end = self.pos;
            if self.peek(0) == b'.' {
                frac_end += 1;
                while self.src.get(frac_end).is_some_and(u8::is_ascii_hexdigit) {
                    frac_end += 1;
                }
            }
            if matches!(self.src.get(frac_end), Some(b'p' | b'P'))
                && (whole > 0 || frac_end > self.pos + 1)
            {
                self.pos = frac_end + 1;
                if matches!(self.peek(0), b'+' | b'-') {
                    self.pos += 1;
                }
                if self.digits(false) == 0 {
                    self.bad_number_tail(
                        "malformed hexadecimal float literal: expected digits in the exponent",
                    );
                    return FLOAT_NUMBER;
                }
                self.float_suffix();
                return FLOAT_NUMBER;
            }
            if whole == 0 {
                self.bad_number_tail("malformed hexadecimal literal: expected digits after `0x`");
                return INT_NUMBER;
            }
            self.int_suffix();
            return INT_NUMBER;
        }
        if self.src[self.pos] == b'0' && matches!(self.peek(1), b'b' | b'B') {
            // binary `0b101u`
            self.pos += 2;
            let digits_start = self.pos;
            while matches!(self.peek(0), b'0' | b'1') {
                self.pos += 1;
            }
            if self.pos == digits_start || self.peek(0).is_ascii_digit() {
                self.bad_number_tail(
                    "malformed binary literal: expected the digits 0 and 1 after `0b`",
                );
                return INT_NUMBER;
            }
            self.int_suffix();
            return INT_NUMBER;
        }
        self.digits(false);
        let mut is_float = false;
        if self.peek(0) == b'.' {
            let next = self.peek(1);
            // `1.x` is a member access on `1` unless `x` is a float suffix or exponent.
            let suffix_like = matches!(next, b'f' | b'F' | b'h' | b'H' | b'l' | b'L' | b'e' | b'E')
                && !is_ident_continue(self.peek(2))
                || matches!(next, b'l' | b'L') && matches!(self.peek(2), b'f' | b'F')
                || matches!(next, b'e' | b'E')
                    && (self.peek(2).is_ascii_digit()
                        || matches!(self.peek(2), b'+' | b'-') && self.peek(3).is_ascii_digit());
            if next.is_ascii_digit() || !is_ident_start(next) || suffix_like {
                is_float = true;
                self.pos += 1;
                self.digits(false);
            }
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(0), b'+' | b'-') {
                self.pos += 1;
            }
            if self.digits(false) == 0 {
                self.pos = save;
                self.bad_number_tail("malformed float literal: expected digits in the exponent");
                return FLOAT_NUMBER;
            }
            is_float = true;
        }
        if is_float {
            self.float_suffix();
            return FLOAT_NUMBER;
        }
        // Integers: a trailing `f` makes `1f` a float in HLSL.
        if matches!(self.peek(0), b'f' | b'F' | b'h' | b'H') && !is_ident_continue(self.peek(1)) {
            self.pos += 1;
            return FLOAT_NUMBER;
        }
        let text = &self.src[start..self.pos];
        if text.len() > 1 && text[0] == b'0' && text.iter().any(|&c| c == b'8' || c == b'9') {
            self.int_suffix();
            self.error(
                "E1006",
                "malformed octal literal: digits 8 and 9 are not octal",
            );
            return INT_NUMBER;
        }
        self.int_suffix();
        INT_NUMBER
    }

    /// f, F, h, H, hf, HF, fh, FH, l, L, lf, LF, fl, FL (the language reference's suffixes)
    fn float_suffix(&mut self) {
        match (self.peek(0), self.peek(1)) {
            (b'h', b'f') | (b'H', b'F') | (b'f', b'h') | (b'F', b'H') => self.pos += 2,
            (b'l', b'f') | (b'L', b'F') | (b'f', b'l') | (b'F', b'L') => self.pos += 2,
            (b'f' | b'F' | b'h' | b'H' | b'l' | b'L', _) => self.pos += 1,
            _ => {}
        }
        if is_ident_continue(self.peek(0)) {
            self.bad_number_tail(
                "malformed float literal: unknown suffix (use `f`, `h`, `l` or `lf`)",
            );
        }
    }

    fn int_suffix(&mut self) {
        // u, U, l, L, ll, LL, ul, ull, lu, llu (any case)
        let mut n = 0;
        while n < 3 && matches!(self.peek(0), b'u' | b'U' | b'l' | b'L') {
            self.pos += 1;
            n += 1;
        }
        if is_ident_continue(self.peek(0)) {
            self.bad_number_tail(
                "malformed integer literal: unknown suffix (use `u`, `l`, `ll` or `ull`)",
            );
        }
    }

    fn quoted(&mut self, quote: u8, kind: SyntaxKind) -> SyntaxKind {
        self.pos += 1;
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                c if c == quote => {
                    self.pos += 1;
                    return kind;
                }
                b'\\' => {
                    self.pos += 1;
                    if self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                        // keep char boundaries for multi-byte escaped characters
                        while self.pos < self.src.len() && !self.text.is_char_boundary(self.pos) {
                            self.pos += 1;
                        }
                    }
                }
                b'\n' => break,
                _ => self.pos += 1,
            }
        }
        if kind == STRING {
            self.error("E1003", "unterminated string literal: add a closing `\"`");
        } else {
            self.error("E1003", "unterminated character literal: add a closing `'`");
        }
        kind
    }

    fn punct(&mut self, c: u8) -> SyntaxKind {
        let (kind, len) = match (c, self.peek(1), self.peek(2)) {
            (b'{', ..) => (L_CURLY, 1),
            (b'}', ..) => (R_CURLY, 1),
            (b'(', ..) => (L_PAREN, 1),
            (b')', ..) => (R_PAREN, 1),
            (b'[', ..) => (L_BRACK, 1),
            (b']', ..) => (R_BRACK, 1),
            (b';', ..) => (SEMICOLON, 1),
            (b',', ..) => (COMMA, 1),
            (b'.', b'.', b'.') => (ELLIPSIS, 3),
            (b'.', ..) => (DOT, 1),
            (b':', b':', _) => (COLON2, 2),
            (b':', ..) => (COLON, 1),
            (b'?', ..) => (QUESTION, 1),
            (b'~', ..) => (TILDE, 1),
            (b'!', b'=', _) => (NEQ, 2),
            (b'!', ..) => (BANG, 1),
            (b'=', b'=', _) => (EQ2, 2),
            (b'=', b'>', _) => (FAT_ARROW, 2),
            (b'=', ..) => (EQ, 1),
            (b'+', b'+', _) => (PLUS2, 2),
            (b'+', b'=', _) => (PLUSEQ, 2),
            (b'+', ..) => (PLUS, 1),
            (b'-', b'-', _) => (MINUS2, 2),
            (b'-', b'=', _) => (MINUSEQ, 2),
            (b'-', b'>', _) => (THIN_ARROW, 2),
            (b'-', ..) => (MINUS, 1),
            (b'*', b'=', _) => (STAREQ, 2),
            (b'*', ..) => (STAR, 1),
            (b'/', b'=', _) => (SLASHEQ, 2),
            (b'/', ..) => (SLASH, 1),
            (b'%', b'=', _) => (PERCENTEQ, 2),
            (b'%', ..) => (PERCENT, 1),
            (b'&', b'&', _) => (AMP2, 2),
            (b'&', b'=', _) => (AMPEQ, 2),
            (b'&', ..) => (AMP, 1),
            (b'|', b'|', _) => (PIPE2, 2),
            (b'|', b'=', _) => (PIPEEQ, 2),
            (b'|', ..) => (PIPE, 1),
            (b'^', b'=', _) => (CARETEQ, 2),
            (b'^', ..) => (CARET, 1),
            (b'<', b'<', b'=') => (SHLEQ, 3),
            (b'<', b'<', _) => (SHL, 2),
            (b'<', b'=', _) => (LTEQ, 2),
            (b'<', ..) => (LT, 1),
            (b'>', ..) => (GT, 1),
            (b'#', b'#', _) => (HASH2, 2),
            (b'#', ..) => (HASH, 1),
            (b'@', ..) => (AT, 1),
            (b'$', ..) => (DOLLAR, 1),
            (b'\\', ..) => (BACKSLASH, 1),
            _ => {
                self.error("E1005", "unknown character: remove it");
                (ERROR, 1)
            }
        };
        // `#`, `$`, `@`, `\` mean nothing outside directives (`$` names operands in `spirv_asm`).
        let operand = kind == DOLLAR && matches!(self.spirv_asm, SpirvAsm::Inside(_));
        if matches!(kind, HASH | HASH2 | AT | DOLLAR | BACKSLASH)
            && self.in_directive.is_none()
            && !operand
        {
            self.error(
                "E1005",
                "unexpected character outside a preprocessor directive",
            );
            // A stray `$` is an error token; a `DOLLAR` reaches the parser only as an operand.
            if kind == DOLLAR {
                self.pos += len;
                return ERROR;
            }
        }
        self.pos += len;
        kind
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Fills in kind, name, macro name, parameters and body of every directive, and reports
/// malformed ones (E1007). Errors of the free-text bodies of `#error`/`#warning`/`#pragma`
/// (apostrophes and the like) are dropped.
fn analyze_directives(lexed: &mut Lexed<'_>) {
    let mut directives = std::mem::take(&mut lexed.directives);
    let mut suppressed: Vec<(u32, u32)> = Vec::new();
    for d in &mut directives {
        let next_solid = |from: u32| -> u32 {
            let mut i = from;
            while i < d.end && lexed.kinds[i as usize].is_trivia() {
                i += 1;
            }
            i
        };
        let name_idx = next_solid(d.start + 1);
        if name_idx >= d.end {
            // A lone `#` is the null directive.
            d.kind = PP_UNKNOWN;
            d.body_start = d.end;
            continue;
        }
        let name_text = lexed.text(name_idx as usize);
        let name_kind = lexed.kinds[name_idx as usize];
        d.name = Some(name_idx);
        d.kind = match name_text {
            "define" => PP_DEFINE,
            "undef" => PP_UNDEF,
            "if" => PP_IF,
            "ifdef" => PP_IFDEF,
            "ifndef" => PP_IFNDEF,
            "elif" => PP_ELIF,
            "else" => PP_ELSE,
            "endif" => PP_ENDIF,
            "include" => PP_INCLUDE,
            // `#language slang 2026`: read by hir (the tuple syntax); nothing for the tokens
            "pragma" | "language" | "lang" => PP_PRAGMA,
            "line" => PP_LINE,
            "error" | "warning" => PP_ERROR,
            _ if name_kind == INT_NUMBER => PP_LINE,
            _ => PP_UNKNOWN,
        };
        let after_name = if name_kind == INT_NUMBER && d.kind == PP_LINE && name_text != "line" {
            d.name = None;
            name_idx
        } else {
            name_idx + 1
        };
        let mut body = next_solid(after_name);
        let error_at = |tok: u32, message: &'static str, errors: &mut Vec<LexError>| {
            errors.push(LexError {
                token: tok,
                code: "E1007",
                message,
            });
        };
        match d.kind {
            PP_DEFINE | PP_UNDEF | PP_IFDEF | PP_IFNDEF => {
                let is_name = body < d.end
                    && (lexed.kinds[body as usize] == IDENT
                        || lexed.kinds[body as usize].is_keyword());
                if !is_name {
                    error_at(
                        name_idx,
                        "malformed directive: expected a macro name",
                        &mut lexed.errors,
                    );
                } else {
                    d.macro_name = Some(body);
                    body += 1;
                    // `#define F(a, b)`: parameters only when `(` touches the name.
                    if d.kind == PP_DEFINE && body < d.end && lexed.kinds[body as usize] == L_PAREN
                    {
                        let open = body;
                        let mut i = open + 1;
                        while i < d.end && lexed.kinds[i as usize] != R_PAREN {
                            i += 1;
                        }
                        if i >= d.end {
                            error_at(
                                open,
                                "malformed directive: expected `)` to close the macro parameters",
                                &mut lexed.errors,
                            );
                            d.params = Some((open, d.end));
                            body = d.end;
                        } else {
                            d.params = Some((open, i + 1));
                            body = i + 1;
                        }
                    }
                    body = next_solid(body);
                }
            }
            PP_IF | PP_ELIF if body >= d.end => {
                error_at(
                    name_idx,
                    "malformed directive: expected a condition",
                    &mut lexed.errors,
                );
            }
            PP_INCLUDE => {
                let ok = body < d.end && matches!(lexed.kinds[body as usize], STRING | LT | IDENT);
                if !ok {
                    error_at(
                        name_idx,
                        "malformed directive: expected a file name (\"file.slang\" or <file>)",
                        &mut lexed.errors,
                    );
                }
            }
            PP_UNKNOWN => {
                error_at(
                    name_idx,
                    "malformed directive: unknown preprocessor directive",
                    &mut lexed.errors,
                );
            }
            PP_ERROR | PP_PRAGMA => suppressed.push((body, d.end)),
            _ => {}
        }
        d.body_start = body.min(d.end);
    }
    if !suppressed.is_empty() {
        lexed.errors.retain(|e| {
            e.code == "E1007"
                || !suppressed
                    .iter()
                    .any(|&(s, end)| e.token >= s && e.token < end)
        });
    }
    lexed.errors.sort_by_key(|e| e.token);
    lexed.directives = directives;
}
