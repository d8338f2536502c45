//! `expand ... each __trimFirst(values) ...` / `__trimLast(values)`: an `expand` over part of
//! the parameter pack. hir types the expansion as the same query of the pack's type
//! (`Ty::PackQuery`), which this instance's bindings resolve to the elements it repeats over;
//! element `k` of the part is element `k + 1` (`__trimFirst`) or `k` (`__trimLast`) of the pack.

use hir::{Expr, ExprId, ExprRes, PackOp, Ty};

use super::{FnLower, LPlace};
use crate::{R, apply, internal, unsupported};

impl FnLower<'_, '_> {
    /// The number of elements an `expand` typed as a query of a pack repeats over here.
    pub(super) fn pack_part_len(&self, e: ExprId) -> Option<usize> {
        let t = self.infer.expr_ty(e);
        if !matches!(t, Ty::PackQuery(..)) {
            return None;
        }
        match apply(&self.subst, self.this_ty.as_ref(), &t) {
            Ty::Pack(items) => Some(items.len()),
            _ => None,
        }
    }

    /// `each __trimFirst(values)` (or `__trimLast`) of this function's parameter pack: the
    /// place of the current element.
    pub(super) fn pack_part_place(&self, inner: ExprId) -> R<Option<LPlace>> {
        let Expr::Call { callee, args } = &self.body.exprs[inner] else {
            return Ok(None);
        };
        let Expr::Path(p) = &self.body.exprs[*callee] else {
            return Ok(None);
        };
        let Some(op) = PackOp::from_name(&p.last_name()) else {
            return Ok(None);
        };
        if self.res(*callee).is_some() {
            return Ok(None);
        }
        let [arg] = args.as_slice() else {
            return Ok(None);
        };
        if !matches!(self.res(*arg), Some(ExprRes::Param(i)) if self.is_pack_param(i)) {
            return Ok(None);
        }
        let k = self
            .pack_element
            .ok_or_else(|| internal("`each` outside `expand`"))?;
        let index = match op {
            PackOp::TrimFirst => k + 1,
            PackOp::TrimLast => k,
            _ => return Err(unsupported("`each` of a pack query that is one element")),
        };
        let place = self
            .pack_params
            .get(index)
            .cloned()
            .ok_or_else(|| internal("a pack element past the pack's end"))?;
        Ok(Some(LPlace::Mem(place)))
    }
}
