//! Static members of an associated type reached through an interface value
//! (`obj.DataSerializer::serialize(d, buf)` with `associatedtype DataSerializer : ISerializer`):
//! the concrete type is the one of the value `obj` holds, so the call dispatches on `obj`'s tag
//! with a receiver of the associated type's dynamic struct that carries only that tag.

use hir::{Expr, ExprId, ExprRes, Ty};
use ir::ValueId;

use super::FnLower;
use crate::R;

impl FnLower<'_, '_> {
    /// For `base` naming the type `ty` through a value (`obj.Assoc`, `obj.A.B`): a value of
    /// `ty`'s dynamic struct with the tag of the interface value it is reached from; `None` when
    /// `base` is not such a path.
    pub(super) fn assoc_type_receiver(&mut self, base: ExprId, ty: &Ty) -> R<Option<ValueId>> {
        if !matches!(ty, Ty::Assoc(..)) || !self.cx.is_dyn_rooted(ty) {
            return Ok(None);
        }
        let Expr::Field { base: owner, .. } = self.body.exprs[base].clone() else {
            return Ok(None);
        };
        let owner_value = match self.res(owner) {
            Some(ExprRes::Type(t)) => match self.assoc_type_receiver(owner, &t)? {
                Some(v) => v,
                None => return Ok(None),
            },
            Some(ExprRes::Namespace) => return Ok(None),
            _ => self.lower_expr(owner)?,
        };
        if !self.cx.dyn_types.contains_key(&self.vty(owner_value)) {
            return Ok(None);
        }
        let t = self.cx.ir_ty(ty)?;
        let Some(cases) = self.cx.dyn_types.get(&t).cloned() else {
            return Ok(None);
        };
        let tag = self.emit(ir::Inst::Extract(owner_value, 0), None)?;
        self.make_dyn(t, &cases, None, Some(tag)).map(Some)
    }
}
