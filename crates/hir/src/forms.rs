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
    if !lower::item_outline(db, file).checked_forms {
        return Arc::from([]);
    }
    let root = lower::syntax_root(db, file);
    let mut out = Vec::new();
    let glsl = is_glsl_mode(db, file);
    walk_forms(&root, glsl, &mut out);
    out.into()
}

fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn walk_forms(node: &SyntaxNode, glsl: bool, out: &mut Vec<Diag>) {
    for child in node.children() {
        match child.kind() {
            // `__func_extension` (experimental) declares no name of its own: slangc rejects
            // visibility modifiers on it. Without the experimental feature slangc does not
            // register it as a derivative, and neither do we.
            FUNC_EXTENSION => {
                if let Some(t) = child
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .take_while(|t| t.kind() != FUNC_EXTENSION_KW)
                    .find(|t| matches!(t.kind(), PUBLIC_KW | PRIVATE_KW | INTERNAL_KW))
                {
                    let r = t.text_range();
                    out.push(Diag::error(
                        "E2079",
                        format!(
                            "modifier not allowed: `{}` cannot be applied to a `__func_extension`; remove it",
                            t.text()
                        ),
                        TextRange::new(r.start().into(), r.end().into()),
                    ));
                }
            }
            _ if glsl => walk_forms_glsl_mode(&child, out),
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
            _ => walk_forms(&child, glsl, out),
        }
    }
}

/// In GLSL mode only `__func_extension`s are checked, inside namespaces too.
fn walk_forms_glsl_mode(node: &SyntaxNode, out: &mut Vec<Diag>) {
    if matches!(node.kind(), NAMESPACE | ITEM_LIST) {
        walk_forms(node, true, out);
    }
}

/// Checks of a generic parameter list (`struct S<each T, U>`, `f<D : int>`), as slangc makes
/// them: a parameter after a pack (`<each T, U>`, `<let each D : int, let N : int>`). A scalar used
/// as a constraint (E2214) and `expand each T` of a single type (E2051) are `rules::types`'s.
pub(crate) fn generic_list_diagnostics(generics: &[crate::data::GenericParamData]) -> Vec<Diag> {
    let mut out = Vec::new();
    if let Some(first_pack) = generics.iter().position(|g| g.variadic) {
        for g in generics[first_pack + 1..].iter().filter(|g| !g.variadic) {
            out.push(Diag::error(
                "E2077",
                format!(
                    "generic parameter after a variadic pack parameter is not allowed: generic parameter '{}' cannot appear after a variadic pack parameter; move it before the pack",
                    g.name
                ),
                g.range,
            ));
        }
    }
    out
}
