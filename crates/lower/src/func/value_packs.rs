//! `each D` of a value pack (`let each D : int`) inside `expand`: `in_pack_element` binds `D`
//! to the element's value, read as any other generic value parameter.

use hir::{Expr, ExprId, GenericArg};

use super::FnLower;

impl FnLower<'_, '_> {
    /// Whether `e` names a generic value pack of this instance (`D` of `each D`).
    pub(super) fn names_value_pack(&self, e: ExprId) -> bool {
        let Expr::Path(path) = &self.body.exprs[e] else {
            return false;
        };
        if path.segments.len() != 1 || self.res(e).is_some() {
            return false;
        }
        let name = path.last_name();
        self.subst.iter().any(|(p, a)| {
            matches!(a, GenericArg::Value(_))
                && p.name == name
                && hir::export::is_type_pack(self.cx.db, p)
        })
    }
}
