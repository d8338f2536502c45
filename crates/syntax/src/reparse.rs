//! Incremental reparsing: when an edit stays inside one `{ ... }` block, only that block is lexed
//! and parsed again and its node is swapped into the old tree. Every other node keeps its green
//! node (same allocation), so consumers comparing item syntax see unchanged items as identical at
//! once.
//!
//! The result is always the tree a full parse would build: the fast path is only taken when
//! nothing around the block can depend on its contents (see `reparse_block`); otherwise this
//! falls back to `parse`.

use rowan::{GreenNode, NodeOrToken, TextRange, TextSize};

use crate::SyntaxKind::{self, *};
use crate::{Parse, SyntaxError, SyntaxNode, build, lexer, parser, parser_input};

/// Nesting (ancestors of the block plus the depth of its new subtree) above which the block is
/// not reparsed alone: the parser's depth limit counts from the file root, so deep blocks could
/// hit it in a full parse but not alone.
const MAX_REPARSE_DEPTH: usize = (parser::MAX_DEPTH / 4) as usize;

/// Parses `new_text`, reusing `old` (the parse of `old_text`) when the edit between the two texts
/// stays inside one block. Always equal to `parse(new_text)`.
pub fn reparse(old_text: &str, old: &Parse, new_text: &str) -> Parse {
    if old_text == new_text {
        return old.clone();
    }
    reparse_block(old_text, old, new_text).unwrap_or_else(|| crate::parse(new_text))
}

/// The changed region: `start..old_end` in the old text became `start..new_end` in the new text.
struct Edit {
    start: usize,
    old_end: usize,
    new_end: usize,
}

fn diff(old: &str, new: &str) -> Edit {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let mut prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let max_suffix = a.len().min(b.len()) - prefix;
    let mut suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    while !old.is_char_boundary(a.len() - suffix) || !new.is_char_boundary(b.len() - suffix) {
        suffix -= 1;
    }
    Edit {
        start: prefix,
        old_end: a.len() - suffix,
        new_end: b.len() - suffix,
    }
}

pub(crate) fn reparse_block(old_text: &str, old: &Parse, new_text: &str) -> Option<Parse> {
    let edit = diff(old_text, new_text);
    let root = old.syntax_node();
    if usize::from(root.text_range().end()) != old_text.len() {
        return None;
    }
    let edit_range = TextRange::new(
        TextSize::try_from(edit.start).ok()?,
        TextSize::try_from(edit.old_end).ok()?,
    );
    // The innermost block whose braces enclose the edit (the braces themselves untouched).
    let block = root
        .covering_element(edit_range)
        .ancestors()
        .find(|node| node.kind() == BLOCK && encloses(node, edit_range))?;
    let old_range = block.text_range();
    // Errors strictly between the braces came from parsing the block's own tokens and are
    // replaced by the new block's; one at or across a brace may come from the surroundings.
    let old_inside = inside_braces(&block)?;
    if old.errors().iter().any(|e| {
        e.range.start() <= old_range.end()
            && e.range.end() >= old_range.start()
            && !old_inside.contains_range(e.range)
    }) {
        return None;
    }
    let delta = edit.new_end as i64 - edit.old_end as i64;
    let block_start = usize::from(old_range.start());
    let block_end = usize::try_from(usize::from(old_range.end()) as i64 + delta).ok()?;
    let block_text = new_text.get(block_start..block_end)?;
    // Directive lines are lexed by where lines start; keep them to full parses.
    if block_text.contains('#') {
        return None;
    }
    let (green, block_errors) = parse_lone_block(new_text, block_start, block_text)?;
    let ancestors = block.ancestors().count();
    if ancestors + green_depth(&green) > MAX_REPARSE_DEPTH {
        return None;
    }
    let new_green = block.replace_with(green);
    let before = old
        .errors()
        .iter()
        .filter(|e| e.range.end() < old_range.start())
        .cloned();
    let after = old
        .errors()
        .iter()
        .filter(|e| e.range.start() > old_range.end())
        .map(|e| {
            let shift = |at: TextSize| {
                u32::try_from(i64::from(u32::from(at)) + delta).map_or(at, TextSize::from)
            };
            SyntaxError {
                range: TextRange::new(shift(e.range.start()), shift(e.range.end())),
                ..e.clone()
            }
        });
    // The full parse sorts its errors by position; the three groups are already in order.
    let errors: Vec<SyntaxError> = before.chain(block_errors).chain(after).collect();
    Some(Parse {
        green: new_green,
        errors: errors.into(),
    })
}

/// Whether `edit` lies strictly between the block's opening and closing braces.
fn encloses(block: &SyntaxNode, edit: TextRange) -> bool {
    inside_braces(block).is_some_and(|inside| inside.contains_range(edit))
}

/// The text between a block's own braces. `None` for an unclosed block, whose last `}` (if any)
/// belongs to a nested block.
fn inside_braces(block: &SyntaxNode) -> Option<TextRange> {
    let first = block.first_child_or_token()?.into_token()?;
    let last = block.last_child_or_token()?.into_token()?;
    (first.kind() == L_CURLY
        && last.kind() == R_CURLY
        && first.text_range().end() <= last.text_range().start())
    .then(|| TextRange::new(first.text_range().end(), last.text_range().start()))
}

/// Lexes and parses `text` (which sits at `offset` in `full`) as one block, with its syntax errors
/// placed in `full`. `None` unless it is exactly one block whose errors (if any) lie strictly
/// between its braces: the tokens before it are unchanged and the parser does not look past the
/// closing brace, so lexing and parsing it alone give what the full parse gives.
fn parse_lone_block(
    full: &str,
    offset: usize,
    text: &str,
) -> Option<(GreenNode, Vec<SyntaxError>)> {
    let lexed = lexer::lex(text);
    if !lexed.errors.is_empty() || !lexed.directives.is_empty() {
        return None;
    }
    let first_solid = (0..lexed.len()).find(|&i| !lexed.kind(i).is_trivia())?;
    let last = lexed.len().checked_sub(1)?;
    // `}` cannot glue to what follows, so the block's tokens are the full lexer's tokens.
    if first_solid != 0 || lexed.kind(0) != L_CURLY || lexed.kind(last) != R_CURLY {
        return None;
    }
    let starts_line = offset == 0 || full.as_bytes().get(offset - 1) == Some(&b'\n');
    let (input, solid) = parser_input(&lexed, starts_line);
    let (output, consumed_all) = parser::parse_block(&input);
    if !consumed_all {
        return None;
    }
    // Errors at the closing brace or at the end could merge with the surroundings' errors.
    let close_brace = *solid.last()? as usize;
    let at = |bytes: u32| TextSize::try_from(offset + bytes as usize).ok();
    let mut errors = Vec::with_capacity(output.errors.len());
    for e in &output.errors {
        let raw = *solid.get(e.pos as usize)? as usize;
        if raw == 0 || raw >= close_brace {
            return None;
        }
        errors.push(SyntaxError {
            code: "E1001",
            message: e.message.clone(),
            range: TextRange::new(at(lexed.start(raw))?, at(lexed.end(raw))?),
        });
    }
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    errors.dedup_by(|later, first| later.range == first.range);
    let mut cache = rowan::NodeCache::default();
    let green = build::TreeSink::new(&lexed, &solid, &mut cache).build(output.events);
    (SyntaxKind::from_raw(green.kind().0) == BLOCK).then_some((green, errors))
}

/// Depth of the deepest node under `node` (1 for a node with only tokens).
fn green_depth(node: &GreenNode) -> usize {
    let mut deepest = 0;
    let mut stack: Vec<(&rowan::GreenNodeData, usize)> = vec![(node, 1)];
    while let Some((n, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        for child in n.children() {
            if let NodeOrToken::Node(c) = child {
                stack.push((c, depth + 1));
            }
        }
    }
    deepest
}

/// Structural equality of green trees that stops at shared subtrees: after an incremental reparse
/// only the path to the edit is compared, where rowan's own `==` walks both trees in full.
pub fn green_eq(a: &rowan::GreenNodeData, b: &rowan::GreenNodeData) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        if std::ptr::eq(a, b) {
            continue;
        }
        if a.kind() != b.kind()
            || a.text_len() != b.text_len()
            || a.children().len() != b.children().len()
        {
            return false;
        }
        for pair in a.children().zip(b.children()) {
            match pair {
                (NodeOrToken::Node(x), NodeOrToken::Node(y)) => stack.push((x, y)),
                (NodeOrToken::Token(x), NodeOrToken::Token(y)) => {
                    if !std::ptr::eq(x, y) && (x.kind() != y.kind() || x.text() != y.text()) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    true
}
