//! `x is T`, `U is T` and `x as T` where the operand's type is known after monomorphisation (a
//! generic parameter bound to a concrete type, or any type that is not an interface): the test
//! is a constant (the same type, or a type conforming to interface `T`), and `as` gives the
//! value itself when the types agree. Interface-typed operands keep the tag test of `dynamic.rs`.

use hir::export::{implements, normalize};
use hir::{ExprId, ExprRes, Ty};
use ir::{Inst, Literal, ValueId};

use super::FnLower;
use crate::{R, apply};

impl FnLower<'_, '_> {
    fn concrete(&self, t: &Ty) -> Ty {
        normalize(
            self.cx.db,
            self.cx.file,
            &apply(&self.subst, self.this_ty.as_ref(), t),
        )
    }

    /// The operand's type when it is a value or type that is not of interface type.
    fn static_operand(&self, operand: ExprId) -> Option<(Ty, bool)> {
        let (t, is_type) = match self.res(operand) {
            Some(ExprRes::Type(t)) => (self.concrete(&t), true),
            _ => (self.ety(operand), false),
        };
        (!self.cx.is_interface(&t) && !t.has_unknown()).then_some((t, is_type))
    }

    /// `is`: `None` when the operand is an interface value (a run-time test).
    pub(super) fn static_is(&mut self, e: ExprId, operand: ExprId) -> R<Option<ValueId>> {
        let Some((t, _)) = self.static_operand(operand) else {
            return Ok(None);
        };
        let Some(ExprRes::Type(target)) = self.res(e) else {
            return Ok(None);
        };
        let target = self.concrete(&target);
        let yes = self.type_matches(&t, &target);
        self.lit(Literal::Bool(yes)).map(Some)
    }

    /// `as`: `None` when the operand is an interface value.
    pub(super) fn static_as(
        &mut self,
        operand: ExprId,
        target: &Ty,
        opt_ty: ir::TypeId,
    ) -> R<Option<ValueId>> {
        let Some((t, false)) = self.static_operand(operand) else {
            return Ok(None);
        };
        let target = self.concrete(target);
        let target_ty = self.ir_ty(&target)?;
        let v = self.lower_expr(operand)?;
        let (value, has) = if t == target {
            (v, true)
        } else {
            // A conformance to an interface target would need an interface value: not here.
            (self.emit(Inst::Zero, Some(target_ty))?, false)
        };
        let has = self.lit(Literal::Bool(has))?;
        self.emit(Inst::Construct(vec![value, has]), Some(opt_ty))
            .map(Some)
    }

    fn type_matches(&self, t: &Ty, target: &Ty) -> bool {
        if t == target {
            return true;
        }
        self.cx.is_interface(target) && implements(self.cx.db, self.cx.file, t, target)
    }
}
