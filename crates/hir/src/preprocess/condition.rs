//! `#if`/`#elif` conditions, macro-expanded and evaluated as C integer expressions; the same
//! evaluator folds parenthesised constant macro bodies.

use super::*;

impl Preprocessor {
    pub(super) fn eval_condition(&mut self, expr: &str, range: TextRange, top: bool) -> bool {
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
}

/// A parenthesised integer expression of plain decimal literals (`(2 + 4 * 4)`) becomes its value.
/// The value means the same everywhere, and unlike the parenthesised form it can be parsed as a
/// generic argument (`Feature<IN_FEATURES> f;`), where the parser cannot tell `<` from less-than.
pub(super) fn fold_constant(expansion: &str) -> Option<String> {
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
