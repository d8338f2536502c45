//! Comparison operators on tuples (`a == b`, `a < b`): a tuple of comparable elements is
//! `IComparable` (core module), compared element by element. Equality holds when every element
//! is equal (a vector element when all its components are); the order is lexicographic, the
//! first element that differs deciding it (ordered comparisons take scalar elements).

use hir::Ty;
use hir::export::BinaryOp as HOp;
use ir::{BinaryOp, Inst, Literal, MathFn, UnaryOp, ValueId};

use super::FnLower;
use crate::{R, unsupported};

impl FnLower<'_, '_> {
    /// `a op b` on two tuples of the hir type `ty`; `None` when `ty` is not a tuple.
    pub(super) fn tuple_compare(
        &mut self,
        op: HOp,
        a: ValueId,
        b: ValueId,
        ty: &Ty,
    ) -> Option<R<ValueId>> {
        let Ty::Tuple(items) = ty else {
            return None;
        };
        let items = items.to_vec();
        Some(match op {
            HOp::Eq => self.tuple_equal(a, b, &items),
            HOp::Ne => self
                .tuple_equal(a, b, &items)
                .and_then(|v| self.emit(Inst::Unary(UnaryOp::Not, v), None)),
            HOp::Lt => self.tuple_less(a, b, &items, false),
            HOp::Le => self.tuple_less(a, b, &items, true),
            HOp::Gt => self.tuple_less(b, a, &items, false),
            HOp::Ge => self.tuple_less(b, a, &items, true),
            _ => return None,
        })
    }

    fn tuple_equal(&mut self, a: ValueId, b: ValueId, items: &[Ty]) -> R<ValueId> {
        let mut acc = self.lit(Literal::Bool(true))?;
        for (i, item) in items.iter().enumerate() {
            let x = self.emit(Inst::Extract(a, i as u32), None)?;
            let y = self.emit(Inst::Extract(b, i as u32), None)?;
            let eq = self.element_equal(x, y, item)?;
            acc = self.emit(Inst::Binary(BinaryOp::LogicalAnd, acc, eq), None)?;
        }
        Ok(acc)
    }

    fn element_equal(&mut self, x: ValueId, y: ValueId, ty: &Ty) -> R<ValueId> {
        if let Some(v) = self.tuple_compare(HOp::Eq, x, y, ty) {
            return v;
        }
        let eq = self.binary_values(HOp::Eq, x, ty, y, ty)?;
        match ty {
            Ty::Scalar(_) => Ok(eq),
            Ty::Vector(..) => self.emit(Inst::Math(MathFn::All, vec![eq]), None),
            _ => Err(unsupported(format!(
                "`==` on a tuple element of type `{}`",
                self.cx.display(ty)
            ))),
        }
    }

    /// `a < b` (`a <= b` with `or_equal`), lexicographically: from the last element back,
    /// `r = a[i] < b[i] || a[i] == b[i] && r`.
    fn tuple_less(&mut self, a: ValueId, b: ValueId, items: &[Ty], or_equal: bool) -> R<ValueId> {
        let mut acc = self.lit(Literal::Bool(or_equal))?;
        for (i, item) in items.iter().enumerate().rev() {
            if !matches!(item, Ty::Scalar(_)) {
                return Err(unsupported(format!(
                    "an ordered comparison of a tuple element of type `{}`",
                    self.cx.display(item)
                )));
            }
            let x = self.emit(Inst::Extract(a, i as u32), None)?;
            let y = self.emit(Inst::Extract(b, i as u32), None)?;
            let lt = self.binary_values(HOp::Lt, x, item, y, item)?;
            let eq = self.binary_values(HOp::Eq, x, item, y, item)?;
            let rest = self.emit(Inst::Binary(BinaryOp::LogicalAnd, eq, acc), None)?;
            acc = self.emit(Inst::Binary(BinaryOp::LogicalOr, lt, rest), None)?;
        }
        Ok(acc)
    }
}
