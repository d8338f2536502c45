//! Subscripts of interface values (`obj[i]` with `obj : IFoo` and a `__subscript` requirement):
//! a `switch` on the value's tag calling each concrete type's getter, as `dynamic.rs` does for
//! methods and properties.

use hir::export::subscript_data;
use hir::{ExprId, Ty};
use ir::{Inst, Place, SwitchCase, ValueId};

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
        let result = self.new_local("dispatch", ret);
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for case in &cases {
            let sub = self.subscript_of(&case.ty, args.len()).ok_or_else(|| {
                unsupported(format!(
                    "indexing an interface value holding `{}`, which has no `__subscript`",
                    self.cx.display(&case.ty)
                ))
            })?;
            let getter = subscript_data(self.cx.db, sub)
                .getter
                .ok_or_else(|| unsupported("a subscript without `get`"))?;
            let owner = sub.loc(self.cx.db).clone();
            let body = self.block(|b| {
                let payload = match case.field {
                    Some(k) => b.emit(Inst::Extract(recv, k), None)?,
                    None => {
                        let t = b.cx.ir_ty(&case.ty)?;
                        b.emit(Inst::Zero, Some(t))?
                    }
                };
                let v = b.accessor_get(&owner, getter, &case.ty, payload, args.clone())?;
                let v = b.coerce_in_case(v, ret, case.id)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(result),
                    value: v,
                });
                Ok(())
            })?;
            switch_cases.push(SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        switch_cases.push(SwitchCase {
            values: Vec::new(),
            is_default: true,
            body: Vec::new(),
            fallthrough: false,
        });
        self.stmt(ir::Stmt::Switch {
            selector: tag,
            cases: switch_cases,
        });
        self.emit(Inst::Load(Place::local(result)), None)
    }

    /// Whether `ty` is an interface whose values `recv` (lowered) carries as a tagged struct.
    pub(super) fn is_dyn_value(&self, ty: &Ty, recv: ValueId) -> bool {
        self.cx.is_interface(ty) && self.cx.dyn_types.contains_key(&self.vty(recv))
    }
}
