//! Macro expansion: object- and function-like macros, variadic arguments, stringizing and
//! pasting, the predefined `__LINE__`/`__FILE__`, within a byte budget.

use super::condition::fold_constant;
use super::*;

impl Preprocessor {
    /// Expands macros in one active line, appending to `out`. Returns whether the line ends inside a
    /// block comment.
    pub(super) fn expand_line(
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
    pub(super) fn expand_text(
        &mut self,
        text: &str,
        hidden: &mut Vec<String>,
        depth: usize,
    ) -> String {
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
pub(super) fn strip_comments(text: &str) -> String {
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
