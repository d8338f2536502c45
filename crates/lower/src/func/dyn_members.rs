//! Subscripts of interface values (`obj[i]` with `obj : IFoo` and a `__subscript` requirement):
//! a `switch` on the value's tag calling each concrete type's getter, as `dynamic.rs` does for
//! methods and properties.

use hir::export::subscript_data;
use hir::{ExprId, Ty};
use ir::ValueId;

use super::FnLower;
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// `recv[args]` read through the getter of each case's `__subscript` of `args.len()`
    /// indices; `e` is the index expression (its type is the result's).
    pub(super) fn dynamic_subscript_get(
        &mut self,
        e: ExprId,
        recv: ValueId,
        args: Vec<ValueId>,
    ) -> R<ValueId> {
        let cases = self
            .cx
            .dyn_types
            .get(&self.vty(recv))
            .cloned()
            .ok_or_else(|| internal("not a dynamic value"))?;
        let ret = self.ety(e);
        let ret = self.ir_ty(&ret)?;
        self.switch_on_tag(recv, &cases, ret, |b, case, payload| {
            let sub = b.subscript_of(&case.ty, args.len()).ok_or_else(|| {
                unsupported(format!(
                    "indexing an interface value holding `{}`, which has no `__subscript`",
                    b.cx.display(&case.ty)
                ))
            })?;
            let getter = subscript_data(b.cx.db, sub)
                .getter
                .ok_or_else(|| unsupported("a subscript without `get`"))?;
            let owner = sub.loc(b.cx.db).clone();
            let own_args = b.subscript_own_args(e, sub);
            let v = b.accessor_get_with(
                &owner,
                getter,
                &case.ty,
                payload,
                args.clone(),
                Vec::new(),
                own_args,
            )?;
            b.coerce_in_case(v, ret, case.id)
        })
    }

    /// Whether `ty` is an interface whose values `recv` (lowered) carries as a tagged struct.
    pub(super) fn is_dyn_value(&self, ty: &Ty, recv: ValueId) -> bool {
        self.cx.is_interface(ty) && self.cx.dyn_types.contains_key(&self.vty(recv))
    }
}
