//! `Tuple<T>` where `T` is a type pack: `Tuple` is `Tuple<each T>`, so the pack passed as its
//! argument stands for the pack's types (`Tuple<expand each T>`). Substitution splices a bound
//! pack into the tuple (`Ty::subst`); a call binds the pack from a tuple argument through the
//! `expand` form given here. Written `each T` inside an `expand` pattern (`expand Tuple<each
//! T>`), `T` is bound to one element at a time and the tuple has that one element.

use std::sync::Arc;

use crate::{FnSig, Ty};

/// A parameter type `Tuple<A, T, B>` naming one of `sig`'s type packs `T` as an element, as
/// `Tuple<A, expand each T, B>`; `None` when the type is no such tuple.
pub(super) fn tuple_of_pack(sig: &FnSig, param: &Ty) -> Option<Ty> {
    let Ty::Tuple(items) = param else {
        return None;
    };
    let is_pack = |t: &Ty| {
        matches!(t, Ty::Param(p) if sig.generics.iter().position(|g| g == p)
            .is_some_and(|i| sig.generic_is_pack.get(i).copied().unwrap_or(false)))
    };
    if !items.iter().any(is_pack) {
        return None;
    }
    Some(Ty::Tuple(
        items
            .iter()
            .map(|t| match t {
                Ty::Param(p) if is_pack(t) => Ty::Expand(Arc::new(t.clone()), p.clone()),
                t => t.clone(),
            })
            .collect(),
    ))
}
