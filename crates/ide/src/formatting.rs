//! Document and range formatting on the lossless tree: only whitespace changes.
//!
//! Rules: a line's indentation is 4 spaces per enclosing `{ }` (plus one level inside an open
//! `( )`/`[ ]`, for the body statement of an `if`/`for`/`while`/`do`/`else`/`defer` without
//! braces, for the statements of a `case`, and for a line that continues an expression); one space
//! around binary, assignment and ternary operators, after commas, after `if`/`for`/`while`/
//! `switch`/`return`, between `)`/`else`/`defer` and a `{` on the same line; no space before `,`
//! and `;`;
//! trailing whitespace trimmed; at most one blank line; one newline at the end of the file.
//! Other spacing inside a line is kept as written. Preprocessor directive lines are left as they
//! are, and so is every statement or item that holds a syntax error (with the lines around it:
//! the formatter cannot be sure what the code means there).
//!
//! Formatting depends only on the tree and on which tokens start lines, so it is idempotent.
//!
//! One pass over the green tree, in order: a stack holds, for each node around the current token,
//! what its own brackets opened so far and the indentation its ancestors give to what it holds,
//! so that a line's indentation costs no walk over its ancestors; no syntax cursor is made and
//! nothing is allocated per token (an edit's text only where the whitespace changes). The
//! analysis's parse is reused where the file needs no preprocessing (the tree is of its text).

use std::sync::Arc;

use rowan::Language;
use syntax::{NodeOrToken, SlangLanguage, SyntaxKind, SyntaxNode};

use crate::TextRange;

/// The editor's indentation settings (LSP `FormattingOptions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatOptions {
    /// Columns per level.
    pub tab_size: u32,
    /// Spaces (`true`) or one tab per level (`false`).
    pub insert_spaces: bool,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions {
            tab_size: 4,
            insert_spaces: true,
        }
    }
}

impl FormatOptions {
    pub(crate) fn unit(self) -> String {
        if self.insert_spaces {
            " ".repeat(self.tab_size.clamp(1, 16) as usize)
        } else {
            "\t".to_string()
        }
    }
}

/// Replace `range` of the original text with `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub insert: String,
}

/// Edits that format the whole text with 4-space indentation (none when it is formatted already).
#[cfg(test)]
pub fn format(text: &str) -> Vec<TextEdit> {
    format_with(text, FormatOptions::default())
}

/// Edits that format the whole text with the editor's indentation.
pub fn format_with(text: &str, options: FormatOptions) -> Vec<TextEdit> {
    let parse = syntax::parse(text);
    format_tree(text, parse.green(), parse.errors(), options)
}

/// [`format_with`] of a file of the database: on the analysis's parse when it is the parse of
/// the file's text (no preprocessing changed it), else on a parse of the text.
pub(crate) fn format_file(
    db: &dyn hir::Db,
    file: hir::SourceFile,
    options: FormatOptions,
) -> Vec<TextEdit> {
    let text = file.text(db);
    let pp = hir::preprocessed(db, file);
    if Arc::ptr_eq(&pp.text, text) || *pp.text == **text {
        let parsed = hir::parse(db, file);
        format_tree(text, &parsed.green, &parsed.errors, options)
    } else {
        format_with(text, options)
    }
}

/// The edits of [`format_file`] that touch `range` (whole lines: formatting a selection
/// re-indents the lines it covers).
pub(crate) fn format_file_range(
    db: &dyn hir::Db,
    file: hir::SourceFile,
    range: TextRange,
    options: FormatOptions,
) -> Vec<TextEdit> {
    let edits = format_file(db, file, options);
    edits_on_lines(file.text(db), edits, range)
}

/// The edits of [`format_with`] that touch `range` (whole lines: formatting a selection
/// re-indents the lines it covers).
#[cfg(test)]
pub fn format_range(text: &str, range: TextRange, options: FormatOptions) -> Vec<TextEdit> {
    edits_on_lines(text, format_with(text, options), range)
}

fn edits_on_lines(text: &str, edits: Vec<TextEdit>, range: TextRange) -> Vec<TextEdit> {
    let line_start = text[..(range.start as usize).min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1) as u32;
    let line_end = text[(range.end as usize).min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| range.end as usize + i) as u32;
    edits
        .into_iter()
        .filter(|e| e.range.end >= line_start && e.range.start <= line_end)
        .collect()
}

/// Applies edits (sorted, non-overlapping) to a text.
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for e in edits {
        out.push_str(&text[at..e.range.start as usize]);
        out.push_str(&e.insert);
        at = e.range.end as usize;
    }
    out.push_str(&text[at..]);
    out
}

fn kind_of(raw: rowan::SyntaxKind) -> SyntaxKind {
    SlangLanguage::kind_from_raw(raw)
}

/// What the formatter knows of a token that is not whitespace.
#[derive(Clone, Copy)]
struct Tok<'a> {
    kind: SyntaxKind,
    start: u32,
    end: u32,
    text: &'a str,
    parent: SyntaxKind,
    /// The parent node's number in the walk (tokens with the same parent share it).
    parent_id: u32,
    in_directive: bool,
}

impl Tok<'_> {
    /// A binary, assignment or ternary operator (or an initializer's `=`).
    fn is_operator(&self) -> bool {
        use SyntaxKind::*;
        match self.parent {
            BIN_EXPR => !self.kind.is_trivia() && !is_bracket(self.kind),
            TERNARY_EXPR => matches!(self.kind, QUESTION | COLON),
            DECLARATOR | VAR_DECL | PARAM | VALUE_PARAM | TYPE_PARAM | ENUM_VARIANT | TYPEALIAS => {
                self.kind == EQ
            }
            _ => false,
        }
    }

    fn directive_start(&self) -> bool {
        self.kind == SyntaxKind::HASH && self.parent.is_pp_directive()
    }
}

/// The last element of a node's children that is not trivia (for "preceded by `else`").
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    None,
    Token(SyntaxKind),
    Node,
}

/// A node around the current token.
struct Frame {
    kind: SyntaxKind,
    id: u32,
    /// Levels the ancestors give to everything inside this node.
    base_level: u32,
    /// An ancestor has an open `(` or `[` before this node.
    base_parens: bool,
    /// The last of this node's own `{ }` so far is a `{`.
    curly_open: bool,
    /// The last of this node's own `( ) [ ]` so far opens.
    paren_inside: bool,
    last: Last,
    /// This node or an ancestor is a preprocessor directive.
    in_directive: bool,
}

/// Line indentation and the previous tokens, advanced token by token.
struct Walk<'a> {
    stack: Vec<Frame>,
    /// The lowest frame whose first significant token has not been seen yet (every frame above
    /// it has not either).
    first_unstarted: usize,
    /// The previous significant (not trivia) token.
    prev_significant: Option<Tok<'a>>,
    next_id: u32,
}

/// What a token's position says about the line it would start.
#[derive(Clone, Copy)]
struct LineStart {
    level: u32,
    in_parens: bool,
    continuation: bool,
}

impl LineStart {
    fn levels(self) -> usize {
        self.level as usize + usize::from(self.in_parens) + usize::from(self.continuation)
    }
}

impl<'a> Walk<'a> {
    fn enter(&mut self, kind: SyntaxKind) {
        use SyntaxKind::*;
        let id = self.next_id;
        self.next_id += 1;
        let frame = match self.stack.last() {
            None => Frame {
                kind,
                id,
                base_level: 0,
                base_parens: false,
                curly_open: false,
                paren_inside: false,
                last: Last::None,
                in_directive: kind.is_pp_directive(),
            },
            Some(parent) => {
                let mut body = 0;
                // A statement that is the unbraced body of a control statement, or under a `case`.
                if is_statement(kind) {
                    if kind != BLOCK
                        && matches!(
                            parent.kind,
                            IF_STMT | FOR_STMT | WHILE_STMT | DO_STMT | DEFER_STMT
                        )
                        && !(parent.kind == IF_STMT
                            && kind == IF_STMT
                            && parent.last == Last::Token(ELSE_KW))
                    {
                        body += 1;
                    }
                    if matches!(parent.kind, CASE_CLAUSE | DEFAULT_CLAUSE) {
                        body += 1;
                    }
                }
                Frame {
                    kind,
                    id,
                    base_level: parent.base_level + u32::from(parent.curly_open) + body,
                    base_parens: parent.base_parens
                        || (parent.paren_inside && parent.kind != ATTRIBUTE),
                    curly_open: false,
                    paren_inside: false,
                    last: Last::None,
                    in_directive: parent.in_directive || kind.is_pp_directive(),
                }
            }
        };
        self.stack.push(frame);
    }

    fn leave(&mut self) {
        self.stack.pop();
        self.first_unstarted = self.first_unstarted.min(self.stack.len());
        if let Some(parent) = self.stack.last_mut() {
            parent.last = Last::Node;
        }
    }

    fn token(&self, kind: SyntaxKind, start: u32, text: &'a str) -> Tok<'a> {
        let parent = self.stack.last().expect("a token has a parent");
        Tok {
            kind,
            start,
            end: start + text.len() as u32,
            text,
            parent: parent.kind,
            parent_id: parent.id,
            in_directive: parent.in_directive,
        }
    }

    /// The indentation of a line starting with `t` (the current token, not trivia or a comment),
    /// and marks the nodes it starts; call once per such token, before [`Walk::advance`].
    fn line_start(&mut self, t: &Tok<'a>) -> LineStart {
        use SyntaxKind::*;
        let top = self.stack.last().expect("a token has a parent");
        let level = top.base_level + u32::from(top.curly_open && t.kind != R_CURLY);
        let in_parens = top.base_parens
            || (top.paren_inside && top.kind != ATTRIBUTE && !matches!(t.kind, R_PAREN | R_BRACK));
        // The nodes that `t` is the first significant token of.
        let starts_unit = if t.kind.is_trivia() {
            false
        } else {
            let starts = self.stack[self.first_unstarted..]
                .iter()
                .any(|f| is_statement(f.kind) || is_item(f.kind) || f.kind == ATTRIBUTE);
            self.first_unstarted = self.stack.len();
            starts
        };
        let continuation = !in_parens && !starts_unit && self.continues(t);
        LineStart {
            level,
            in_parens,
            continuation,
        }
    }

    /// A line starting with `t` starts in the middle of a statement or declaration (`a +` / `b;`)
    /// as far as the previous token says.
    fn continues(&self, t: &Tok<'a>) -> bool {
        use SyntaxKind::*;
        if matches!(t.kind, L_CURLY | R_CURLY | COMMENT | HASH | ELSE_KW) {
            return false;
        }
        let Some(prev) = &self.prev_significant else {
            return false;
        };
        if matches!(prev.kind, SEMICOLON | L_CURLY | R_CURLY | COMMA | COLON) {
            return false;
        }
        if prev.in_directive {
            return false;
        }
        // `]` closing an attribute, `)` closing a control statement's header.
        if prev.kind == R_BRACK && prev.parent == ATTRIBUTE {
            return false;
        }
        if prev.kind == R_PAREN
            && matches!(prev.parent, IF_STMT | FOR_STMT | WHILE_STMT | SWITCH_STMT)
        {
            return false;
        }
        !matches!(prev.kind, ELSE_KW | DO_KW | DEFER_KW)
    }

    /// Records the current token (not whitespace) as seen.
    fn advance(&mut self, t: Tok<'a>) {
        use SyntaxKind::*;
        let top = self.stack.last_mut().expect("a token has a parent");
        match t.kind {
            L_CURLY => top.curly_open = true,
            R_CURLY => top.curly_open = false,
            L_PAREN | L_BRACK => top.paren_inside = true,
            R_PAREN | R_BRACK => top.paren_inside = false,
            _ => {}
        }
        if !t.kind.is_trivia() {
            top.last = Last::Token(t.kind);
            self.prev_significant = Some(t);
        }
    }
}

/// The ranges the formatter leaves alone, sorted, overlapping ones merged; queried with ranges
/// in increasing order.
struct Frozen {
    ranges: Vec<TextRange>,
    at: usize,
}

impl Frozen {
    /// Whitespace that touches a frozen range (inside it or at its edges) stays as written.
    fn touches(&mut self, r: TextRange) -> bool {
        while self.at < self.ranges.len() && self.ranges[self.at].end < r.start {
            self.at += 1;
        }
        self.ranges
            .get(self.at)
            .is_some_and(|f| r.start <= f.end && r.end >= f.start)
    }
}

/// The formatting edits of `text`, whose parse is `green` with `errors`.
fn format_tree(
    text: &str,
    green: &syntax::GreenNode,
    errors: &[syntax::SyntaxError],
    options: FormatOptions,
) -> Vec<TextEdit> {
    use SyntaxKind::*;
    let mut frozen = Frozen {
        ranges: frozen_ranges(green, errors),
        at: 0,
    };
    // A file written with CRLF line ends keeps them.
    let line_break = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let out = Out {
        text,
        line_break,
        unit: options.unit(),
        buf: String::new(),
        edits: Vec::new(),
    };
    let mut walk = Walk {
        stack: Vec::new(),
        first_unstarted: 0,
        prev_significant: None,
        next_id: 0,
    };
    let mut state = Gaps {
        out,
        prev: None,
        ws: None,
    };
    // Preorder over the green tree with an explicit stack (deep trees do not recurse).
    let mut children = vec![green.children()];
    walk.enter(kind_of(green.kind()));
    let mut offset = 0u32;
    while let Some(top) = children.last_mut() {
        match top.next() {
            None => {
                children.pop();
                walk.leave();
            }
            Some(NodeOrToken::Node(node)) => {
                walk.enter(kind_of(node.kind()));
                children.push(node.children());
            }
            Some(NodeOrToken::Token(token)) => {
                let kind = kind_of(token.kind());
                let start = offset;
                let tok_text = token.text();
                offset += tok_text.len() as u32;
                match kind {
                    EOF => {}
                    WHITESPACE => {
                        let in_directive = walk.stack.last().is_some_and(|f| f.in_directive);
                        match &mut state.ws {
                            Some(ws) => ws.end = offset,
                            None => {
                                state.ws = Some(Ws {
                                    start,
                                    end: offset,
                                    in_directive,
                                })
                            }
                        }
                    }
                    _ => {
                        let tok = walk.token(kind, start, tok_text);
                        let line = walk.line_start(&tok);
                        state.gap(Some((&tok, line)), &mut frozen);
                        if kind == COMMENT && !frozen.touches(TextRange::new(tok.start, tok.end)) {
                            trim_comment(&tok, &mut state.out.edits);
                        }
                        walk.advance(tok);
                        state.prev = Some(tok);
                    }
                }
            }
        }
    }
    state.gap(None, &mut frozen);
    state.out.edits
}

/// A run of whitespace tokens (usually one) between two other tokens.
struct Ws {
    start: u32,
    end: u32,
    /// The first whitespace token is inside a directive.
    in_directive: bool,
}

struct Gaps<'a> {
    out: Out<'a>,
    /// The previous token that is not whitespace (comments included).
    prev: Option<Tok<'a>>,
    ws: Option<Ws>,
}

impl<'a> Gaps<'a> {
    /// The whitespace between the previous token and `next` (`None`: the end of the file).
    fn gap(&mut self, next: Option<(&Tok<'a>, LineStart)>, frozen: &mut Frozen) {
        let (range, ws_in_directive) = match self.ws.take() {
            Some(ws) => (TextRange::new(ws.start, ws.end), Some(ws.in_directive)),
            None => {
                let at = next.map_or(self.out.text.len() as u32, |(t, _)| t.start);
                (TextRange::new(at, at), None)
            }
        };
        let inside_directive = ws_in_directive.unwrap_or_else(|| {
            self.prev.is_some_and(|p| p.in_directive) && next.is_some_and(|(n, _)| n.in_directive)
        });
        if inside_directive || frozen.touches(range) {
            return;
        }
        let ws = &self.out.text[range.start as usize..range.end as usize];
        if self.out.whitespace_between(self.prev.as_ref(), ws, next) && self.out.buf != ws {
            let edit = minimal_edit(range, ws, &self.out.buf);
            self.out.edits.push(edit);
        }
    }
}

/// The edit that replaces `old` (at `range`) with `new`, without the start and end they share:
/// a re-indented line's edit touches only its indentation, not the line break before it. A CRLF
/// line break is never split (a position between its `\r` and `\n` is not one an editor has).
pub(crate) fn minimal_edit(range: TextRange, old: &str, new: &str) -> TextEdit {
    let (o, n) = (old.as_bytes(), new.as_bytes());
    // Cutting `old` at `at` and `new` at `at_new` splits no character and no CRLF.
    let clean = |at: usize, at_new: usize| {
        old.is_char_boundary(at)
            && new.is_char_boundary(at_new)
            && !(at > 0 && o[at - 1] == b'\r' && o.get(at) == Some(&b'\n'))
    };
    let mut prefix = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    while prefix > 0 && !clean(prefix, prefix) {
        prefix -= 1;
    }
    let room = o.len().min(n.len()) - prefix;
    let mut suffix = o
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    while suffix > 0 && !clean(o.len() - suffix, n.len() - suffix) {
        suffix -= 1;
    }
    TextEdit {
        range: TextRange::new(range.start + prefix as u32, range.end - suffix as u32),
        insert: new[prefix..n.len() - suffix].to_string(),
    }
}

/// The edits, and the whitespace the rules ask for between two tokens.
struct Out<'a> {
    text: &'a str,
    line_break: &'static str,
    unit: String,
    /// The whitespace [`Out::whitespace_between`] asks for.
    buf: String,
    edits: Vec<TextEdit>,
}

impl Out<'_> {
    /// Writes the whitespace that should stand between `prev` and `next` (`ws` is what is there)
    /// into `buf`; `false` to keep it.
    fn whitespace_between(
        &mut self,
        prev: Option<&Tok<'_>>,
        ws: &str,
        next: Option<(&Tok<'_>, LineStart)>,
    ) -> bool {
        self.buf.clear();
        let newlines = ws.bytes().filter(|&b| b == b'\n').count();
        let Some((next, line)) = next else {
            // The end of the file: one final newline if there was any.
            if newlines > 0 && prev.is_some() {
                self.buf.push_str(self.line_break);
            }
            return true;
        };
        if newlines > 0 {
            if prev.is_none() {
                // Leading blank lines of the file go.
                self.indent(line.levels());
                return true;
            }
            for _ in 0..newlines.min(2) {
                self.buf.push_str(self.line_break);
            }
            // A line comment of a CRLF file holds its own `\r`: the break after it is the `\n`
            // alone.
            if self.line_break == "\r\n" && prev.is_some_and(|p| p.text.ends_with('\r')) {
                self.buf.remove(0);
            }
            if next.directive_start() {
                // A directive keeps its own indentation.
                let own = ws
                    .rsplit('\n')
                    .next()
                    .unwrap_or("")
                    .trim_start_matches('\r');
                self.buf.push_str(own);
                return true;
            }
            self.indent(line.levels());
            return true;
        }
        let Some(prev) = prev else {
            return false;
        };
        match spacing(prev, next) {
            Some(space) => {
                if space {
                    self.buf.push(' ');
                }
                true
            }
            None => false,
        }
    }

    fn indent(&mut self, levels: usize) {
        for _ in 0..levels {
            self.buf.push_str(&self.unit);
        }
    }
}

/// Trailing whitespace inside a comment's lines.
fn trim_comment(comment: &Tok<'_>, edits: &mut Vec<TextEdit>) {
    let mut line_start = 0;
    for line in comment.text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim_end_matches([' ', '\t']);
        if trimmed.len() < content.len() {
            edits.push(TextEdit {
                range: TextRange::new(
                    comment.start + (line_start + trimmed.len()) as u32,
                    comment.start + (line_start + content.len()) as u32,
                ),
                insert: String::new(),
            });
        }
        line_start += line.len();
    }
}

/// Ranges the formatter leaves alone: the statements and items that hold syntax errors, and
/// unparsable subtrees; sorted, overlapping ranges merged.
fn frozen_ranges(green: &syntax::GreenNode, errors: &[syntax::SyntaxError]) -> Vec<TextRange> {
    let mut out = Vec::new();
    // ERROR nodes, on the green tree.
    let mut stack = vec![(green.children(), 0u32)];
    while let Some((children, offset)) = stack.last_mut() {
        match children.next() {
            None => {
                stack.pop();
            }
            Some(NodeOrToken::Token(t)) => *offset += u32::from(t.text_len()),
            Some(NodeOrToken::Node(n)) => {
                let start = *offset;
                let len = u32::from(n.text_len());
                *offset += len;
                if kind_of(n.kind()) == SyntaxKind::ERROR {
                    out.push(TextRange::new(start, start + len));
                }
                stack.push((n.children(), start));
            }
        }
    }
    if !errors.is_empty() {
        let root = SyntaxNode::new_root(green.clone());
        for e in errors {
            let offset = e.range.start();
            let token = root.token_at_offset(offset).left_biased().or_else(|| {
                // Past the end: the last token.
                root.last_token()
            });
            let Some(token) = token else { continue };
            let unit = token
                .parent_ancestors()
                .find(|n| is_statement(n.kind()) || is_item(n.kind()))
                .unwrap_or_else(|| root.clone());
            out.push(node_range(&unit));
        }
    }
    out.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<TextRange> = Vec::with_capacity(out.len());
    for r in out {
        match merged.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => merged.push(r),
        }
    }
    merged
}

pub(crate) fn node_range(n: &SyntaxNode) -> TextRange {
    TextRange::new(n.text_range().start().into(), n.text_range().end().into())
}

pub(crate) fn is_statement(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        BLOCK
            | EXPR_STMT
            | EMPTY_STMT
            | IF_STMT
            | FOR_STMT
            | WHILE_STMT
            | DO_STMT
            | SWITCH_STMT
            | BREAK_STMT
            | CONTINUE_STMT
            | RETURN_STMT
            | DISCARD_STMT
            | DEFER_STMT
            | INTRINSIC_ASM_STMT
            | LABELED_STMT
            | VAR_DECL
            | ITEM_STMT
    )
}

pub(crate) fn is_item(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        FN | STRUCT
            | INTERFACE
            | EXTENSION
            | ENUM
            | NAMESPACE
            | TYPEALIAS
            | TYPEDEF
            | ASSOC_TYPE
            | PROPERTY
            | SUBSCRIPT
            | INIT
            | CBUFFER
            | IMPORT
            | MODULE_DECL
            | IMPLEMENTING
            | INCLUDE
            | USING
    )
}

/// Whether one space (`true`) or none (`false`) belongs between two tokens on one line; `None`
/// when the rules do not say.
fn spacing(prev: &Tok<'_>, next: &Tok<'_>) -> Option<bool> {
    use SyntaxKind::*;
    if prev.kind == COMMENT || next.kind == COMMENT {
        return None;
    }
    let glued = prev.end == next.start;
    // Operator tokens the parser glued (`>` `=` for `>=`) stay glued.
    if glued && prev.is_operator() && next.is_operator() && prev.parent_id == next.parent_id {
        return None;
    }
    if matches!(next.kind, COMMA | SEMICOLON) {
        return Some(false);
    }
    if prev.kind == COMMA {
        return Some(!matches!(next.kind, R_PAREN | R_BRACK | R_CURLY));
    }
    if prev.kind == SEMICOLON && prev.parent == FOR_STMT {
        return Some(next.kind != R_PAREN);
    }
    if prev.is_operator() || next.is_operator() {
        return Some(true);
    }
    if matches!(prev.kind, IF_KW | FOR_KW | WHILE_KW | SWITCH_KW) {
        return Some(true);
    }
    if prev.kind == RETURN_KW {
        return Some(true);
    }
    if next.kind == L_CURLY
        && next.parent != INIT_LIST_EXPR
        && next.parent != ERROR
        && matches!(
            prev.kind,
            R_PAREN | ELSE_KW | DO_KW | DEFER_KW | IDENT | R_BRACK | GT
        )
    {
        return Some(true);
    }
    if prev.kind == R_CURLY && next.kind == ELSE_KW {
        return Some(true);
    }
    None
}

fn is_bracket(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        L_PAREN | R_PAREN | L_BRACK | R_BRACK | L_CURLY | R_CURLY
    )
}
