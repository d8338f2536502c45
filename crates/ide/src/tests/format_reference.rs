//! The formatter as it was before its one-pass rewrite (per-token ancestor walks, a parse of its
//! own), kept as the reference the rewrite must agree with edit for edit.
//!
//! Its rules:
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

use std::collections::HashMap;

use syntax::{NodeOrToken, SyntaxKind, SyntaxNode, SyntaxToken, TextSize};

use crate::TextRange;
use crate::formatting::{FormatOptions, TextEdit, is_item, is_statement, node_range};

/// Edits that format the whole text with the editor's indentation.
pub fn format_with(text: &str, options: FormatOptions) -> Vec<TextEdit> {
    minimized(text, format_whole(text, options))
}

/// The reference's whitespace edits made minimal as the one-pass formatter makes them.
fn minimized(text: &str, edits: Vec<TextEdit>) -> Vec<TextEdit> {
    edits
        .into_iter()
        .map(|e| {
            let old = &text[e.range.start as usize..e.range.end as usize];
            if e.insert.is_empty() {
                // A comment's trailing spaces: already minimal.
                e
            } else {
                crate::formatting::minimal_edit(e.range, old, &e.insert)
            }
        })
        .collect()
}

fn format_whole(text: &str, options: FormatOptions) -> Vec<TextEdit> {
    let parse = syntax::parse(text);
    let root = parse.syntax_node();
    let frozen = frozen_ranges(&root, parse.errors());
    let tokens: Vec<SyntaxToken> = root
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| t.kind() != SyntaxKind::EOF)
        .collect();
    // A file written with CRLF line ends keeps them.
    let line_break = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut edits = Vec::new();
    let mut indent = Indenter {
        unit: options.unit(),
        brackets: HashMap::new(),
    };
    let mut prev: Option<&SyntaxToken> = None;
    let mut i = 0;
    while i < tokens.len() {
        // A run of whitespace tokens (usually one) between two other tokens.
        let ws_start = i;
        while i < tokens.len() && tokens[i].kind() == SyntaxKind::WHITESPACE {
            i += 1;
        }
        let ws: String = tokens[ws_start..i].iter().map(|t| t.text()).collect();
        let ws_range = if ws_start < i {
            TextRange::new(
                tokens[ws_start].text_range().start().into(),
                tokens[i - 1].text_range().end().into(),
            )
        } else {
            let at = tokens
                .get(i)
                .map(|t| u32::from(t.text_range().start()))
                .unwrap_or(text.len() as u32);
            TextRange::new(at, at)
        };
        let next = tokens.get(i);
        let inside_directive = if ws_start < i {
            in_directive_body(&tokens[ws_start])
        } else {
            prev.is_some_and(in_directive_body) && next.is_some_and(in_directive_body)
        };
        let untouchable = inside_directive || ws_range_frozen(&frozen, ws_range);
        if !untouchable
            && let Some(new_ws) = whitespace_between(prev, &ws, next, line_break, &mut indent)
            && new_ws != ws
        {
            edits.push(TextEdit {
                range: ws_range,
                insert: new_ws,
            });
        }
        let Some(next) = next else { break };
        if next.kind() == SyntaxKind::COMMENT && !ws_range_frozen(&frozen, range_of(next)) {
            trim_comment(next, &mut edits);
        }
        prev = Some(next);
        i += 1;
    }
    edits
}

fn range_of(t: &SyntaxToken) -> TextRange {
    TextRange::new(t.text_range().start().into(), t.text_range().end().into())
}

/// Trailing whitespace inside a comment's lines.
fn trim_comment(comment: &SyntaxToken, edits: &mut Vec<TextEdit>) {
    let text = comment.text();
    let start: u32 = comment.text_range().start().into();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim_end_matches([' ', '\t']);
        if trimmed.len() < content.len() {
            edits.push(TextEdit {
                range: TextRange::new(
                    start + (line_start + trimmed.len()) as u32,
                    start + (line_start + content.len()) as u32,
                ),
                insert: String::new(),
            });
        }
        line_start += line.len();
    }
}

/// Ranges the formatter leaves alone: the statements and items that hold syntax errors, and
/// unparsable subtrees.
fn frozen_ranges(root: &SyntaxNode, errors: &[syntax::SyntaxError]) -> Vec<TextRange> {
    let mut out: Vec<TextRange> = root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::ERROR)
        .map(|n| node_range(&n))
        .collect();
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
    out
}

/// Whitespace that touches a frozen range (inside it or at its edges) stays as written.
fn ws_range_frozen(frozen: &[TextRange], ws: TextRange) -> bool {
    frozen
        .iter()
        .any(|f| ws.start <= f.end && ws.end >= f.start)
}

/// Inside a preprocessor directive (after its `#`): spacing there is the directive's own.
fn in_directive_body(t: &SyntaxToken) -> bool {
    t.parent_ancestors().any(|n| n.kind().is_pp_directive())
}

fn directive_start(t: &SyntaxToken) -> bool {
    t.kind() == SyntaxKind::HASH && t.parent().is_some_and(|p| p.kind().is_pp_directive())
}

/// The whitespace that should stand between `prev` and `next` (`ws` is what is there), or
/// `None` to keep it.
fn whitespace_between(
    prev: Option<&SyntaxToken>,
    ws: &str,
    next: Option<&SyntaxToken>,
    line_break: &str,
    indent: &mut Indenter,
) -> Option<String> {
    let newlines = ws.matches('\n').count();
    let Some(next) = next else {
        // The end of the file: one final newline if there was any.
        return Some(if newlines > 0 || prev.is_none() {
            if prev.is_some() { line_break } else { "" }.to_string()
        } else {
            String::new()
        });
    };
    if newlines > 0 {
        let mut breaks = line_break.repeat(newlines.min(2));
        // A line comment of a CRLF file holds its own `\r`: the break after it is the `\n` alone.
        if line_break == "\r\n" && prev.is_some_and(|p| p.text().ends_with('\r')) {
            breaks.remove(0);
        }
        if prev.is_none() {
            // Leading blank lines of the file go.
            return Some(indent.of(next));
        }
        if directive_start(next) {
            // A directive keeps its own indentation.
            let own = ws
                .rsplit('\n')
                .next()
                .unwrap_or("")
                .trim_start_matches('\r');
            return Some(format!("{breaks}{own}"));
        }
        return Some(format!("{breaks}{}", indent.of(next)));
    }
    let prev = prev?;
    spacing(prev, next).map(|space| if space { " " } else { "" }.to_string())
}

/// Whether one space (`true`) or none (`false`) belongs between two tokens on one line; `None`
/// when the rules do not say.
fn spacing(prev: &SyntaxToken, next: &SyntaxToken) -> Option<bool> {
    use SyntaxKind::*;
    if prev.kind() == COMMENT || next.kind() == COMMENT {
        return None;
    }
    let glued = prev.text_range().end() == next.text_range().start();
    // Operator tokens the parser glued (`>` `=` for `>=`) stay glued.
    if glued && is_operator_token(prev) && is_operator_token(next) && prev.parent() == next.parent()
    {
        return None;
    }
    if matches!(next.kind(), COMMA | SEMICOLON) {
        return Some(false);
    }
    if prev.kind() == COMMA {
        return Some(!matches!(next.kind(), R_PAREN | R_BRACK | R_CURLY));
    }
    if prev.kind() == SEMICOLON && prev.parent().is_some_and(|p| p.kind() == FOR_STMT) {
        return Some(next.kind() != R_PAREN);
    }
    if is_operator_token(prev) || is_operator_token(next) {
        return Some(true);
    }
    if matches!(prev.kind(), IF_KW | FOR_KW | WHILE_KW | SWITCH_KW) {
        return Some(true);
    }
    if prev.kind() == RETURN_KW {
        return Some(true);
    }
    if next.kind() == L_CURLY
        && next
            .parent()
            .is_some_and(|p| p.kind() != INIT_LIST_EXPR && p.kind() != ERROR)
        && matches!(
            prev.kind(),
            R_PAREN | ELSE_KW | DO_KW | DEFER_KW | IDENT | R_BRACK | GT
        )
    {
        return Some(true);
    }
    if prev.kind() == R_CURLY && next.kind() == ELSE_KW {
        return Some(true);
    }
    None
}

/// A binary, assignment or ternary operator (or an initializer's `=`).
fn is_operator_token(t: &SyntaxToken) -> bool {
    use SyntaxKind::*;
    let Some(parent) = t.parent() else {
        return false;
    };
    match parent.kind() {
        BIN_EXPR => !t.kind().is_trivia() && !is_bracket(t.kind()),
        TERNARY_EXPR => matches!(t.kind(), QUESTION | COLON),
        DECLARATOR | VAR_DECL | PARAM | VALUE_PARAM | TYPE_PARAM | ENUM_VARIANT | TYPEALIAS => {
            t.kind() == EQ
        }
        _ => false,
    }
}

fn is_bracket(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        L_PAREN | R_PAREN | L_BRACK | R_BRACK | L_CURLY | R_CURLY
    )
}

/// Line indentation, with each node's own bracket tokens indexed once: a line's indentation
/// looks at the brackets before it in every ancestor, and a scan of the ancestors' children per
/// line would be quadratic in the size of a block or of the file.
struct Indenter {
    unit: String,
    /// Per node (by range and kind): its direct `{ } ( ) [ ]` tokens, in order.
    brackets: HashMap<(TextSize, TextSize, SyntaxKind), Vec<SyntaxToken>>,
}

impl Indenter {
    /// The indentation of a line that starts with `t`.
    fn of(&mut self, t: &SyntaxToken) -> String {
        let level = self.level(t);
        self.unit.repeat(level)
    }

    fn own_brackets(&mut self, node: &SyntaxNode) -> &[SyntaxToken] {
        let range = node.text_range();
        self.brackets
            .entry((range.start(), range.end(), node.kind()))
            .or_insert_with(|| {
                node.children_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .filter(|t| is_bracket(t.kind()))
                    .collect()
            })
    }

    fn level(&mut self, t: &SyntaxToken) -> usize {
        use SyntaxKind::*;
        let start = t.text_range().start();
        let mut level = 0;
        let mut in_parens = false;
        let mut body_levels = 0;
        let mut child_of: Option<SyntaxNode> = None;
        for node in t.parent_ancestors() {
            let mut open: Option<SyntaxToken> = None;
            let mut paren_open: Option<SyntaxToken> = None;
            let mut paren_inside = false;
            let brackets = self.own_brackets(&node);
            let before = brackets.partition_point(|b| b.text_range().start() < start);
            for tok in &brackets[..before] {
                match tok.kind() {
                    L_CURLY => open = Some(tok.clone()),
                    R_CURLY => open = None,
                    L_PAREN | L_BRACK => {
                        paren_open = Some(tok.clone());
                        paren_inside = true;
                    }
                    R_PAREN | R_BRACK => paren_inside = false,
                    _ => {}
                }
            }
            if open.is_some() && !(t.kind() == R_CURLY && is_direct_child(t, &node)) {
                level += 1;
            }
            if paren_inside
                && paren_open.is_some()
                && !(matches!(t.kind(), R_PAREN | R_BRACK) && is_direct_child(t, &node))
                && node.kind() != ATTRIBUTE
            {
                in_parens = true;
            }
            // A statement that is the unbraced body of a control statement, or under a `case`.
            if let Some(child) = &child_of
                && is_statement(child.kind())
                && child.kind() != BLOCK
                && matches!(
                    node.kind(),
                    IF_STMT | FOR_STMT | WHILE_STMT | DO_STMT | DEFER_STMT
                )
                && !(node.kind() == IF_STMT && child.kind() == IF_STMT && preceded_by_else(child))
            {
                body_levels += 1;
            }
            if let Some(child) = &child_of
                && is_statement(child.kind())
                && matches!(node.kind(), CASE_CLAUSE | DEFAULT_CLAUSE)
            {
                body_levels += 1;
            }
            child_of = Some(node);
        }
        let continuation = !in_parens && is_continuation(t);
        level + body_levels + usize::from(in_parens) + usize::from(continuation)
    }
}

fn is_direct_child(t: &SyntaxToken, node: &SyntaxNode) -> bool {
    t.parent().as_ref() == Some(node)
}

fn preceded_by_else(node: &SyntaxNode) -> bool {
    let mut prev = node.prev_sibling_or_token();
    while let Some(el) = prev {
        match el {
            NodeOrToken::Token(t) if t.kind().is_trivia() => prev = t.prev_sibling_or_token(),
            NodeOrToken::Token(t) => return t.kind() == SyntaxKind::ELSE_KW,
            NodeOrToken::Node(_) => return false,
        }
    }
    false
}

/// A line that starts in the middle of a statement or declaration (`a +` / `b;`).
fn is_continuation(t: &SyntaxToken) -> bool {
    use SyntaxKind::*;
    if matches!(t.kind(), L_CURLY | R_CURLY | COMMENT | HASH | ELSE_KW) {
        return false;
    }
    let Some(prev) = previous_significant(t) else {
        return false;
    };
    if matches!(prev.kind(), SEMICOLON | L_CURLY | R_CURLY | COMMA | COLON) {
        return false;
    }
    if in_directive_body(&prev) {
        return false;
    }
    // `]` closing an attribute, `)` closing a control statement's header.
    if prev.kind() == R_BRACK && prev.parent().is_some_and(|p| p.kind() == ATTRIBUTE) {
        return false;
    }
    if prev.kind() == R_PAREN
        && prev
            .parent()
            .is_some_and(|p| matches!(p.kind(), IF_STMT | FOR_STMT | WHILE_STMT | SWITCH_STMT))
    {
        return false;
    }
    if matches!(prev.kind(), ELSE_KW | DO_KW | DEFER_KW) {
        return false;
    }
    // The first token of a statement, item or member starts a new line of its own.
    !t.parent_ancestors()
        .take_while(|n| first_token(n).as_ref() == Some(t))
        .any(|n| is_statement(n.kind()) || is_item(n.kind()) || n.kind() == ATTRIBUTE)
}

fn first_token(n: &SyntaxNode) -> Option<SyntaxToken> {
    n.descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| !t.kind().is_trivia())
}

fn previous_significant(t: &SyntaxToken) -> Option<SyntaxToken> {
    let mut cur = t.prev_token();
    while let Some(tok) = cur {
        if !tok.kind().is_trivia() {
            return Some(tok);
        }
        cur = tok.prev_token();
    }
    None
}

// ---------------------------------------------------------------------------------------------
// The one-pass formatter agrees with this one

fn corpus() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = super::slang_files_under(vec![
        root.join("tests"),
        root.join("stdlib"),
        root.join("examples"),
    ]);
    assert!(files.len() > 500, "found {} files", files.len());
    files
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap();
            let name = path
                .strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string();
            (name, syntax::decode_source(&bytes).0.to_string())
        })
        .collect()
}

/// Texts that stress other paths than the corpus as written: every line's indentation removed
/// or made odd, CRLF line ends, and the file cut short (syntax errors).
fn variants(text: &str) -> Vec<(&'static str, String)> {
    let map_lines =
        |f: &dyn Fn(&str) -> String| text.split('\n').map(f).collect::<Vec<_>>().join("\n");
    let cut = |at: usize| {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text[..at].to_string()
    };
    vec![
        ("as written", text.to_string()),
        ("flush left", map_lines(&|l| l.trim_start().to_string())),
        ("odd indent", map_lines(&|l| format!("   {l}  "))),
        ("crlf", text.replace("\r\n", "\n").replace('\n', "\r\n")),
        ("cut at a third", cut(text.len() / 3)),
        ("cut at two thirds", cut(text.len() * 2 / 3)),
    ]
}

const OPTIONS: [FormatOptions; 3] = [
    FormatOptions {
        tab_size: 4,
        insert_spaces: true,
    },
    FormatOptions {
        tab_size: 2,
        insert_spaces: true,
    },
    FormatOptions {
        tab_size: 8,
        insert_spaces: false,
    },
];

#[test]
fn one_pass_formatter_agrees_with_the_reference_on_corpus_variants() {
    let mut failures = Vec::new();
    let mut compared = 0;
    for (name, text) in corpus() {
        for (variant, text) in variants(&text) {
            // The indentation unit only matters where lines are re-indented.
            let options_used = if variant == "flush left" {
                &OPTIONS[..]
            } else {
                &OPTIONS[..1]
            };
            for &options in options_used {
                let want = format_with(&text, options);
                let got = crate::formatting::format_with(&text, options);
                compared += 1;
                if want != got {
                    failures.push(format!(
                        "{name} ({variant}, {options:?}): {} edits, want {}; first difference {:?}",
                        got.len(),
                        want.len(),
                        want.iter().zip(&got).find(|(w, g)| w != g)
                    ));
                }
            }
        }
    }
    assert!(compared > 4000, "{compared}");
    assert!(
        failures.is_empty(),
        "{}\n{} of {compared}",
        failures[..failures.len().min(20)].join("\n"),
        failures.len()
    );
}

#[test]
fn one_pass_formatter_agrees_with_the_reference_on_the_generated_file() {
    let text = syntax::testgen::generate_source(3000, 1);
    for (variant, text) in variants(&text) {
        for options in OPTIONS {
            assert!(
                format_with(&text, options) == crate::formatting::format_with(&text, options),
                "{variant} {options:?}"
            );
        }
    }
}

/// Through the analysis (its parse reused, reparsed after edits) and for a file the preprocessor
/// changes (formatted on a parse of its own text).
#[test]
fn formatting_through_the_analysis_agrees_with_the_reference() {
    let base = syntax::testgen::generate_source(400, 7);
    let mut host = crate::AnalysisHost::new();
    let path = "/ws/main.slang";
    let mut texts = vec![base.clone()];
    // Edits inside one function body (the incremental reparse), then one that breaks the file.
    let mid = base.len() / 2;
    let line = mid + base[mid..].find('\n').unwrap() + 1;
    texts.push(format!("{}  x = x +1;\n{}", &base[..line], &base[line..]));
    texts.push(format!("{}        {{\n{}", &base[..line], &base[line..]));
    texts.push(format!("#define TWO 2\n#if TWO\n{base}\n#endif\n"));
    texts.push(base.replace('\n', "\r\n"));
    for text in &texts {
        host.set_file(path, text);
        for options in OPTIONS {
            let got = host.analysis().format(path, options).unwrap();
            assert!(got == format_with(text, options), "{options:?}");
        }
    }
}
