//! `(S::method)(args)`: a parenthesised name followed by a parenthesised list reads as a cast
//! in the grammar, but it is a call when the name denotes a value (a function, a variable)
//! rather than a type. As in slangc, the name's meaning decides; the body query asks it here,
//! before lowering, for the few casts of that shape.

use rustc_hash::FxHashSet;

use super::*;
use crate::resolve::{Resolution, Resolver};

/// The casts in `root` (by range) whose type is a name of a value: they lower as calls.
pub(super) fn value_callee_casts(
    db: &dyn Db,
    loc: &ItemLoc,
    root: &SyntaxNode,
) -> FxHashSet<TextRange> {
    let mut out = FxHashSet::default();
    let candidates: Vec<(SyntaxNode, PathRef)> = root
        .descendants()
        .filter(|n| n.kind() == CAST_EXPR)
        .filter_map(|n| {
            let path = cast_callee_path(&n)?;
            Some((n, path))
        })
        .collect();
    if candidates.is_empty() {
        return out;
    }
    // Parameters and local variables of the body, by name: such a name is a value.
    let locals: FxHashSet<SmolStr> = root
        .descendants()
        .filter(|n| matches!(n.kind(), PARAM | DECLARATOR))
        .map(|n| name_text(&n))
        .collect();
    let resolver = Resolver::for_item(db, loc);
    for (node, path) in candidates {
        let is_value = if path.segments.len() == 1 && locals.contains(&path.segments[0].name) {
            true
        } else {
            match resolver.resolve_path(&path, &mut Vec::new()) {
                None | Some(Resolution::Type(_) | Resolution::Namespace(_)) => false,
                Some(_) => true,
            }
        };
        if is_value {
            out.insert(range_of(&node));
        }
    }
    out
}

/// The path of `(path)(...)`, a cast whose type is a plain name and whose operand is
/// parenthesised.
fn cast_callee_path(cast: &SyntaxNode) -> Option<PathRef> {
    let ty = cast.children().find(|c| is_type_kind(c.kind()))?;
    let operand = cast.children().find(|c| is_expr_kind(c.kind()))?;
    if operand.kind() != PAREN_EXPR {
        return None;
    }
    match lower_type(&ty) {
        TypeRef::Path(path) => Some(path),
        _ => None,
    }
}

impl BodyLowerer {
    /// `(f)(a, b)` as the call `f(a, b)`.
    pub(super) fn paren_callee_call(&mut self, cast: &SyntaxNode) -> Expr {
        let Some(path) = cast_callee_path(cast) else {
            return Expr::Missing;
        };
        let path_range = path.range();
        let callee = self.body.alloc_expr(Expr::Path(path), path_range);
        let operand = cast.children().find(|c| c.kind() == PAREN_EXPR);
        let items: Vec<SyntaxNode> = operand
            .and_then(|p| p.children().find(|c| is_expr_kind(c.kind())))
            .map(super::exprs::comma_operands)
            .unwrap_or_default();
        let args = items.iter().map(|e| self.expr(e)).collect();
        Expr::Call { callee, args }
    }
}
