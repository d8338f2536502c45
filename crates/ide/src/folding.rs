//! Folding ranges: braces spanning lines, block comments, runs of line comments, import groups.

use hir::{Db, SourceFile, TextRange};
use syntax::{NodeOrToken, SyntaxKind, SyntaxNode};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
    Imports,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

fn range_of(r: syntax::TextRange) -> TextRange {
    TextRange::new(r.start().into(), r.end().into())
}

pub(crate) fn folding_ranges(db: &dyn Db, file: SourceFile) -> Vec<Fold> {
    let pp = hir::preprocessed(db, file);
    let text = file.text(db);
    let root = SyntaxNode::new_root(hir::parse(db, file).green);
    let spans_lines = |r: TextRange| {
        text.get(r.start as usize..r.end as usize)
            .is_some_and(|t| t.contains('\n'))
    };
    let mut out = Vec::new();
    let push = |range: TextRange, kind: FoldKind, out: &mut Vec<Fold>| {
        let range = pp.map.range_to_original(range);
        if spans_lines(range) {
            out.push(Fold { range, kind });
        }
    };
    let mut comment_run: Option<TextRange> = None;
    let mut import_run: Option<TextRange> = None;
    for el in root.descendants_with_tokens() {
        match el {
            NodeOrToken::Node(node) => {
                let curly = |k| {
                    node.children_with_tokens()
                        .find(|c| c.kind() == k)
                        .map(|c| c.text_range())
                };
                if let (Some(open), Some(close)) =
                    (curly(SyntaxKind::L_CURLY), curly(SyntaxKind::R_CURLY))
                {
                    push(
                        TextRange::new(open.start().into(), close.end().into()),
                        FoldKind::Region,
                        &mut out,
                    );
                }
                if node
                    .parent()
                    .is_some_and(|p| p.kind() == SyntaxKind::SOURCE_FILE)
                {
                    if matches!(node.kind(), SyntaxKind::IMPORT | SyntaxKind::INCLUDE) {
                        let r = range_of(node.text_range());
                        import_run =
                            Some(import_run.map_or(r, |run| TextRange::new(run.start, r.end)));
                    } else if let Some(run) = import_run.take() {
                        push(run, FoldKind::Imports, &mut out);
                    }
                }
            }
            NodeOrToken::Token(token) => match token.kind() {
                SyntaxKind::COMMENT => {
                    let r = range_of(token.text_range());
                    if token.text().starts_with("/*") {
                        push(r, FoldKind::Comment, &mut out);
                    } else {
                        comment_run =
                            Some(comment_run.map_or(r, |run| TextRange::new(run.start, r.end)));
                    }
                }
                // A blank line or anything else ends a run of line comments.
                SyntaxKind::WHITESPACE if token.text().matches('\n').count() < 2 => {}
                _ => {
                    if let Some(run) = comment_run.take() {
                        push(run, FoldKind::Comment, &mut out);
                    }
                }
            },
        }
    }
    if let Some(run) = comment_run {
        push(run, FoldKind::Comment, &mut out);
    }
    if let Some(run) = import_run {
        push(run, FoldKind::Imports, &mut out);
    }
    out.sort_by_key(|f| (f.range.start, f.range.end));
    out.dedup();
    out
}
