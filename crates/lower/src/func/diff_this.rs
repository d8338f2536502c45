//! The `this` type of a derivative call of a non-static method named through its type
//! (`bwd_diff(MyVec::length)(dpv, dOut)`, `fwd_diff(V::dot)`, `bwd_diff(MyVec<float>::f)`): the
//! derivative takes `this` as its first argument, a `DifferentialPair<This>` where `This` is
//! differentiable (`This` itself otherwise), so the first argument's type gives it whatever
//! the path spelled (a typealias, generic arguments).

use hir::{ExprId, FunctionId, Ty};

use super::FnLower;

impl FnLower<'_, '_> {
    /// The type that declares the method `f`, read from the first argument of its derivative
    /// call (pairs unwrapped, one per nested `fwd_diff`/`bwd_diff`).
    pub(super) fn diff_this_from_args(&self, f: FunctionId, args: &[ExprId]) -> Option<Ty> {
        let db = self.cx.db;
        let parent = f.loc(db).parent()?;
        let first = args.first()?;
        let mut ty = self.ety(*first);
        for _ in 0..8 {
            if let Ty::Adt(d, _) = &ty
                && *d.loc(db) == parent
            {
                return Some(ty);
            }
            ty = self.cx.adt_arg(&ty, "DifferentialPair")?;
        }
        None
    }
}
