//! `is` and `as`: they test or unwrap the concrete type behind an interface-typed value (or a
//! generic parameter), so the type on the right is concrete, and it can be the value's type.
//! `T is IFoo` is allowed where `IFoo` is an optional constraint (`where optional T : IFoo`).

use base_db::Db;
use syntax::SyntaxKind::*;

use super::{item_node, token_range};
use crate::body::Expr;
use crate::data::TypeDeclKind;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

pub(super) fn check_body(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    if !data.has_body {
        return;
    }
    let body = lower::fn_body(db, func);
    let casts: Vec<_> = body
        .exprs
        .iter()
        .filter_map(|(id, e)| match e {
            Expr::Is { expr, ty } => Some((id, *expr, ty.clone(), true)),
            Expr::As { expr, ty } => Some((id, *expr, ty.clone(), false)),
            _ => None,
        })
        .collect();
    if casts.is_empty() {
        return;
    }
    let result = infer::infer(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    let node = item_node(db, ItemDef::Function(func));
    let mut optional: Option<bool> = None;
    for (id, operand, ty_ref, is_test) in casts {
        let word = if is_test { "is" } else { "as" };
        let range = body.expr_range(id);
        let operand_end = body.expr_range(operand).end;
        // The `is`/`as` keyword, as slangc reports it.
        let at = node
            .as_ref()
            .and_then(|n| {
                n.descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| {
                        matches!(t.kind(), IS_KW | AS_KW)
                            && u32::from(t.text_range().start()) >= operand_end
                            && u32::from(t.text_range().end()) <= range.end
                    })
                    .map(|t| token_range(&t))
            })
            .unwrap_or(range);
        let target = resolver.resolve_type(&ty_ref, &mut Vec::new());
        let Ty::Adt(target_decl, _) = &target else {
            continue;
        };
        let target_data = lower::type_decl_data(db, *target_decl);
        if target_data.kind == TypeDeclKind::Interface {
            let allowed =
                is_test && *optional.get_or_insert_with(|| has_optional_constraint(db, func));
            if !allowed {
                let fix = if is_test {
                    format!(
                        "test a concrete type instead, or add an optional constraint (`where optional T : {}`) and test that",
                        target_data.name
                    )
                } else {
                    format!(
                        "cast to a concrete type instead; to use `{}` when a generic type conforms to it, add `where optional T : {}` and test `if (T is {})`",
                        target_data.name, target_data.name, target_data.name
                    )
                };
                out.push(Diag::error(
                    "E2212",
                    format!(
                        "cannot use '{word}' with an interface type (`{}`) on the right-hand side: {fix}",
                        target_data.name
                    ),
                    at,
                ));
            }
            continue;
        }
        // A concrete value tested against another concrete type never matches.
        let operand_ty = result.expr_ty(operand);
        if let Ty::Adt(operand_decl, _) = &operand_ty
            && operand_decl != target_decl
            && lower::type_decl_data(db, *operand_decl).kind == TypeDeclKind::Struct
            && target_data.kind == TypeDeclKind::Struct
            && !inherits(db, *operand_decl, *target_decl)
            && !inherits(db, *target_decl, *operand_decl)
        {
            out.push(Diag::error(
                "E2213",
                format!(
                    "'{word}' on unrelated concrete types will never succeed: the value is a `{}`, never a `{}`; use '{word}' on an interface-typed value or a generic parameter",
                    crate::display_ty(db, &operand_ty),
                    target_data.name
                ),
                at,
            ));
        }
    }
}

/// Whether `derived` has `base` among its struct bases (transitively).
fn inherits(db: &dyn Db, derived: TypeDeclId, base: TypeDeclId) -> bool {
    let mut current = vec![derived];
    let mut seen = Vec::new();
    while let Some(d) = current.pop() {
        if seen.contains(&d) || seen.len() > 64 {
            continue;
        }
        seen.push(d);
        let data = lower::type_decl_data(db, d);
        let resolver = Resolver::for_item(db, d.loc(db));
        for b in &data.bases {
            if let Ty::Adt(b, _) = resolver.resolve_type(b, &mut Vec::new()) {
                if b == base {
                    return true;
                }
                current.push(b);
            }
        }
    }
    false
}

/// Whether the function or a type around it has a `where optional` clause.
fn has_optional_constraint(db: &dyn Db, func: FunctionId) -> bool {
    let mut loc = Some(func.loc(db).clone());
    while let Some(l) = loc {
        if let Some(node) = lower::item_node(db, &l) {
            let found = node
                .children()
                .filter(|c| matches!(c.kind(), WHERE_CLAUSE | GENERIC_PARAM_LIST))
                .flat_map(|c| c.descendants_with_tokens().filter_map(|e| e.into_token()))
                .any(|t| t.text() == "optional");
            if found {
                return true;
            }
        }
        loc = l.parent();
    }
    false
}
