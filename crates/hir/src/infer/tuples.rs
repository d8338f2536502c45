//! Tuples as values: comparison operators. A tuple of comparable elements is `IComparable`
//! (core module: `extension Tuple<each T : IComparable> : IComparable`), so `==`, `!=`, `<`,
//! `<=`, `>` and `>=` apply to two tuples of the same type (element by element, the first
//! difference deciding the order) and give one `bool`.

use crate::body::BinaryOp;
use crate::ty::Ty;

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The type of `l op r` when both are tuples of one type and `op` compares, else `None`.
    pub(super) fn tuple_comparison(&self, op: BinaryOp, l: &Ty, r: &Ty) -> Option<Ty> {
        let (Ty::Tuple(a), Ty::Tuple(b)) = (l, r) else {
            return None;
        };
        (op.is_comparison() && a == b && a.iter().all(|t| self.is_comparable_elem(t)))
            .then_some(Ty::BOOL)
    }

    fn is_comparable_elem(&self, t: &Ty) -> bool {
        match self.normalize(t) {
            Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) => true,
            Ty::Tuple(items) => items.iter().all(|t| self.is_comparable_elem(t)),
            _ => false,
        }
    }
}
