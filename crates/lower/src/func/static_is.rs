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

    /// The value of an `if` condition known after monomorphisation: `T is I` (or `x is I`) of
    /// a concrete operand, through `!`, `&&`, `||` and parentheses. A branch that the
    /// condition rules out is not lowered (`where optional T : I` guards calls of `I`'s
    /// methods that a type without the conformance does not have).
    pub(super) fn static_cond(&self, cond: ExprId) -> Option<bool> {
        use hir::export::{BinaryOp, PrefixOp};
        match &self.body.exprs[cond] {
            hir::Expr::Is { expr, .. } => {
                let (t, _) = self.static_operand(*expr)?;
                let Some(ExprRes::Type(target)) = self.res(cond) else {
                    return None;
                };
                let target = self.concrete(&target);
                Some(self.type_matches(&t, &target))
            }
            hir::Expr::Prefix {
                op: PrefixOp::Not,
                expr,
            } => self.static_cond(*expr).map(|b| !b),
            hir::Expr::Binary { op, lhs, rhs } => {
                let (l, r) = (self.static_cond(*lhs), self.static_cond(*rhs));
                match op {
                    BinaryOp::And => match (l, r) {
                        (Some(false), _) | (_, Some(false)) => Some(false),
                        (Some(true), Some(true)) => Some(true),
                        _ => None,
                    },
                    BinaryOp::Or => match (l, r) {
                        (Some(true), _) | (_, Some(true)) => Some(true),
                        (Some(false), Some(false)) => Some(false),
                        _ => None,
                    },
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn type_matches(&self, t: &Ty, target: &Ty) -> bool {
        if t == target {
            return true;
        }
        self.cx.is_interface(target) && implements(self.cx.db, self.cx.file, t, target)
    }
}
