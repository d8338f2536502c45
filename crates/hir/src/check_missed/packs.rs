//! `where nonempty(T)`: a type pack parameter so constrained takes at least one type.

use base_db::Db;

use crate::TextRange;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::ty::{GenericArg, Ty};

/// E2280 for the types of a global, or of a function's parameters and locals.
pub(super) fn check_item(db: &dyn Db, def: ItemDef, out: &mut Vec<Diag>) {
    match def {
        ItemDef::Global(g) => {
            let ty = crate::infer::global_ty(db, g);
            check_ty(db, &ty, lower::global_data(db, g).name_range, out);
        }
        ItemDef::Function(f) => {
            let data = lower::fn_data(db, f);
            let sig = crate::infer::fn_sig(db, f);
            for (p, ps) in sig.params.iter().zip(data.params.iter()) {
                check_ty(db, &p.ty, ps.range, out);
            }
            if !data.has_body {
                return;
            }
            let body = lower::fn_body(db, f);
            let infer = crate::infer::infer(db, f);
            check_bound_pack_calls(db, f, &body, &infer, out);
            for (l, local) in body.locals.iter() {
                if let Some(ty) = infer.local_types.get(l.into_raw().into_u32() as usize) {
                    check_ty(db, ty, local.name_range, out);
                }
            }
        }
        _ => {}
    }
}

/// E2283: inside a generic type `G<each T>`, a method whose parameter pack is `expand each T`
/// has its arguments fixed by the type's pack: a call from another method of `G` passes the
/// caller's own pack (`expand each v`, or `v` whole), not a list of its choosing (`f()`, `f(5)`).
fn check_bound_pack_calls(
    db: &dyn Db,
    caller: FunctionId,
    body: &crate::body::Body,
    infer: &crate::infer::InferenceResult,
    out: &mut Vec<Diag>,
) {
    use crate::body::Expr;
    let Some(parent) = caller.loc(db).parent() else {
        return;
    };
    for (e, expr) in body.exprs.iter() {
        let Expr::Call { callee, args } = expr else {
            continue;
        };
        if !matches!(body.exprs[*callee], Expr::Path(_)) {
            continue;
        }
        let Some(crate::infer::ExprRes::Function(g)) = infer.resolutions.get(&e) else {
            continue;
        };
        if g.loc(db).parent().as_ref() != Some(&parent) {
            continue;
        }
        let sig = crate::infer::fn_sig(db, *g);
        let Some(k) = sig.variadic_from else {
            continue;
        };
        let pack = match sig.params.get(k).map(|p| &p.ty) {
            Some(Ty::Expand(_, pack)) => pack,
            Some(Ty::Param(pack)) if crate::resolve::is_type_pack(db, pack) => pack,
            _ => continue,
        };
        let GenericOwner::TypeDecl(t) = pack.owner else {
            continue;
        };
        if t.loc(db) != &parent || args.len() < k {
            continue;
        }
        let rest = &args[k..];
        if !rest.is_empty()
            && rest
                .iter()
                .all(|a| matches!(body.exprs[*a], Expr::Expand(_)))
        {
            continue;
        }
        // The value pack itself (`f(d)` for `expand each T d`) is passed whole.
        if let [one] = rest
            && matches!(infer.expr_ty(*one), Ty::Param(p) | Ty::Expand(_, p) if &p == pack)
        {
            continue;
        }
        let range = body
            .expr_ranges
            .get(e.into_raw().into_u32() as usize)
            .copied()
            .unwrap_or_default();
        let name = &lower::fn_data(db, *g).name;
        out.push(Diag::error(
            "E2283",
            format!(
                "wrong arguments for the parameter pack of '{name}': its types are the pack '{}' of the enclosing type, so the call passes `expand each` of a value pack of that type, not {} separate argument(s)",
                pack.name,
                rest.len()
            ),
            range,
        ));
    }
}

fn check_ty(db: &dyn Db, ty: &Ty, range: TextRange, out: &mut Vec<Diag>) {
    let (decl, args) = match ty {
        Ty::Array(inner, _) => return check_ty(db, inner, range, out),
        Ty::Adt(decl, args) => (*decl, args),
        _ => return,
    };
    let names = nonempty_packs(db, decl);
    if names.is_empty() {
        return;
    }
    let data = lower::type_decl_data(db, decl);
    for name in names {
        let Some(i) = data.generics.iter().position(|g| g.name == name) else {
            continue;
        };
        if let Some(GenericArg::Type(Ty::Pack(items))) = args.get(i)
            && items.is_empty()
        {
            out.push(Diag::error(
                "E2280",
                format!(
                    "empty pack does not satisfy `nonempty(...)` constraint: '{}' requires at least one type for '{name}'",
                    data.name
                ),
                range,
            ));
        }
    }
}

/// The type packs a type declaration constrains with `where nonempty(T)`.
fn nonempty_packs(db: &dyn Db, decl: TypeDeclId) -> Vec<String> {
    use syntax::SyntaxKind::*;
    let Some(node) = lower::item_node(db, decl.loc(db)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for call in node
        .children()
        .filter(|c| c.kind() == WHERE_CLAUSE)
        .flat_map(|c| c.children().filter(|p| p.kind() == WHERE_PRED))
        .flat_map(|p| p.children().filter(|c| c.kind() == CALL_EXPR))
    {
        let mut parts = call.children();
        if parts.next().is_none_or(|c| c.text() != "nonempty") {
            continue;
        }
        if let Some(list) = call.children().find(|c| c.kind() == ARG_LIST) {
            out.extend(
                list.children()
                    .filter(|c| c.kind() == PATH_EXPR)
                    .map(|c| c.text().to_string()),
            );
        }
    }
    out
}
