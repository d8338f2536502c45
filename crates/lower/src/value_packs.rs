//! Value packs (`let each D : int`) in lowering: hir binds them with their values
//! (`Len::Pack`), so `countof(D)` is the number of values and, inside `expand`, `each D` is the
//! element being lowered (`FnLower::in_pack_element` binds the pack to it).

use hir::{Body, Expr, ExprId, GenericArg, GenericParamId, Len, PackOp};

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

/// `countof(D)` (`countof(__trimFirst(D))`) of a value pack bound by `subst`.
pub(crate) fn value_pack_count(
    subst: &[(GenericParamId, GenericArg)],
    body: &Body,
    e: ExprId,
) -> Option<usize> {
    value_pack_expr(subst, body, e)?.pack_count(&|_| true)
}

/// The value pack or value that `e` denotes when it names a bound value pack (`D`) or applies a
/// pack query to one (`__trimFirst(D)`, `__first(__trimLast(D))`); `None` for any other
/// expression. A query of an empty pack has no value (`Len::Unknown`).
pub(crate) fn value_pack_expr(
    subst: &[(GenericParamId, GenericArg)],
    body: &Body,
    e: ExprId,
) -> Option<Len> {
    if let Some(pack) = named_value_pack(subst, body, e) {
        return Some(pack);
    }
    let Expr::Call { callee, args } = &body.exprs[e] else {
        return None;
    };
    let Expr::Path(path) = &body.exprs[*callee] else {
        return None;
    };
    let [seg] = path.segments.as_slice() else {
        return None;
    };
    let op = PackOp::from_name(&seg.name)?;
    let [source] = args.as_slice() else {
        return None;
    };
    if seg.args.is_some() {
        return None;
    }
    let Len::Pack(items) = value_pack_expr(subst, body, *source)? else {
        return None;
    };
    Some(match op {
        PackOp::First => items.first().cloned().unwrap_or(Len::Unknown),
        PackOp::Last => items.last().cloned().unwrap_or(Len::Unknown),
        PackOp::TrimFirst => Len::Pack(items.get(1..).unwrap_or_default().into()),
        PackOp::TrimLast => Len::Pack(items[..items.len().saturating_sub(1)].into()),
        PackOp::Branch => return None,
    })
}
