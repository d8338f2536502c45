//! The core module's operators on `Atomic<T>` (hir types them, `hir/src/infer/atomic_ops.rs`):
//! `a op= v` is one atomic read-modify-write whose value is the new value; `++a`/`--a` give the
//! new value and `a++`/`a--` the old one.

use hir::ExprId;
use hir::export::BinaryOp as HOp;
use ir::{AtomicOp, BinaryOp, Inst, ValueId};

use super::{FnLower, LPlace};
use crate::{R, unsupported};

impl FnLower<'_, '_> {
    /// Whether `e` has the type `Atomic<T>`.
    pub(super) fn is_atomic_expr(&self, e: ExprId) -> bool {
        self.cx.adt_arg(&self.ety(e), "Atomic").is_some()
    }

    /// `a op= v` on an `Atomic<T>`: the new value.
    pub(super) fn lower_atomic_compound(
        &mut self,
        op: HOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> R<ValueId> {
        let (aop, bop) = match op {
            HOp::Add => (AtomicOp::Add, BinaryOp::Add),
            HOp::Sub => (AtomicOp::Sub, BinaryOp::Sub),
            HOp::BitAnd => (AtomicOp::And, BinaryOp::BitAnd),
            HOp::BitOr => (AtomicOp::Or, BinaryOp::BitOr),
            HOp::BitXor => (AtomicOp::Xor, BinaryOp::BitXor),
            _ => return Err(unsupported("this compound assignment on an `Atomic`")),
        };
        let LPlace::Mem(place) = self.lvalue(lhs)? else {
            return Err(unsupported("an atomic on a swizzle"));
        };
        let elem = self.place_ty(&place)?;
        let value = self.lower_value_as(rhs, elem)?;
        let old = self.emit(
            Inst::Atomic {
                op: aop,
                place,
                value,
                compare: None,
            },
            None,
        )?;
        self.emit(Inst::Binary(bop, old, value), None)
    }

    /// `++a`, `a--` on an `Atomic<T>`.
    pub(super) fn lower_atomic_step(
        &mut self,
        target: ExprId,
        inc: bool,
        prefix: bool,
    ) -> R<ValueId> {
        let LPlace::Mem(place) = self.lvalue(target)? else {
            return Err(unsupported("an atomic on a swizzle"));
        };
        let elem = self.place_ty(&place)?;
        let s = self
            .cx
            .module
            .types
            .scalar_of(elem)
            .ok_or_else(|| unsupported("`++`/`--` on this atomic"))?;
        let one = self.literal_of(s, 1, 1.0)?;
        let one = self.coerce(one, elem)?;
        let (aop, bop) = if inc {
            (AtomicOp::Add, BinaryOp::Add)
        } else {
            (AtomicOp::Sub, BinaryOp::Sub)
        };
        let old = self.emit(
            Inst::Atomic {
                op: aop,
                place,
                value: one,
                compare: None,
            },
            None,
        )?;
        if prefix {
            self.emit(Inst::Binary(bop, old, one), None)
        } else {
            Ok(old)
        }
    }
}
