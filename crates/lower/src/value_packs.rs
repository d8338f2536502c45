//! Value packs (`let each D : int`) in lowering: hir binds them with their values
//! (`Len::Pack`), so `countof(D)` is the number of values and, inside `expand`, `each D` is the
//! element being lowered (`FnLower::in_pack_element` binds the pack to it).

use hir::{Body, Expr, ExprId, GenericArg, GenericParamId, Len};

/// The values bound to the value pack that `e` names (`D` of `countof(D)`), by name as the
/// other generic value parameters are read.
pub(crate) fn named_value_pack(
    subst: &[(GenericParamId, GenericArg)],
    body: &Body,
    e: ExprId,
) -> Option<Len> {
    let Expr::Path(path) = &body.exprs[e] else {
        return None;
    };
    if path.segments.len() != 1 {
        return None;
    }
    let name = path.last_name();
    subst.iter().find_map(|(p, a)| match a {
        GenericArg::Value(l @ Len::Pack(_)) if p.name == name => Some(l.clone()),
        _ => None,
    })
}

/// `countof(D)` of a value pack bound by `subst`.
pub(crate) fn value_pack_count(
    subst: &[(GenericParamId, GenericArg)],
    body: &Body,
    e: ExprId,
) -> Option<usize> {
    named_value_pack(subst, body, e)?.pack_count(&|_| true)
}
