//! File-level checks of declaration forms that the parser accepts everywhere but that slangc
//! accepts only in some modes: GLSL's `buffer` blocks and `layout(...) in;` / `out;` need GLSL
//! mode (a file with a `#version` directive, or a `.glsl` file); elsewhere they are errors.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::TextRange;
use crate::diagnostics::Diag;
use crate::lower;

/// Whether the file is GLSL: it has a `#version` line or a `.glsl` name.
pub fn is_glsl_mode(db: &dyn Db, file: SourceFile) -> bool {
    file.path(db).ends_with(".glsl")
        || file.text(db).lines().any(|l| {
            l.trim_start()
                .strip_prefix('#')
                .is_some_and(|rest| rest.trim_start().starts_with("version"))
        })
}

/// Diagnostics of GLSL-only forms outside GLSL mode (ranges in the preprocessed text). Not a
/// query of its own: it reads the outline (unchanged after most edits) and walks the tree only
/// for the rare files that have such forms.
pub fn form_diagnostics(db: &dyn Db, file: SourceFile) -> Arc<[Diag]> {
    // The outline says whether there is anything to check: it compares equal after an edit
    // inside a body, so this query does not rerun then.
    if !lower::item_outline(db, file).glsl_forms {
        return Arc::from([]);
    }
    let root = lower::syntax_root(db, file);
    let mut out = Vec::new();
    let glsl = is_glsl_mode(db, file);
    if !glsl {
        glsl_forms(&root, &mut out);
    }
    out.into()
}

fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn glsl_forms(node: &SyntaxNode, out: &mut Vec<Diag>) {
    for child in node.children() {
        match child.kind() {
            LAYOUT_DECL => out.push(Diag::error(
                "E2075",
                "modifier not allowed: `layout(...) in;` is GLSL and is accepted only in GLSL mode (a file with `#version`); in Slang give the entry point `[numthreads(x, y, z)]`",
                range_of(&child),
            )),
            CBUFFER
                if child
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .any(|t| t.kind() == BUFFER_KW) =>
            {
                out.push(Diag::error(
                    "E2075",
                    "a GLSL `buffer` block is accepted only in GLSL mode (a file with `#version`): in Slang declare an `RWStructuredBuffer<T>` or a `ConstantBuffer<T>`",
                    range_of(&child),
                ))
            }
            // Bodies hold no such declarations: only look through items.
            BLOCK => {}
            _ => glsl_forms(&child, out),
        }
    }
}
