//! The type of a parameter pack written over a pattern (`expand S<each T> values`): hir records
//! the pattern (`S<T>`) as the parameter's type and the parameter as the pack. Substituting a
//! bound pack into the pattern alone would give `S<Pack>`; the parameter stands for one `S<X>`
//! per element `X`, i.e. `expand S<each T>`, and for no parameter at all when the pack is empty.

use std::cell::RefCell;
use std::sync::Arc;

use hir::{FnSig, GenericArg, GenericParamId, Ty};

/// The declared type of parameter `i` of `sig`, as an `expand` over the function's type pack
/// when it is the parameter pack written over a pattern; the type as declared otherwise.
pub(crate) fn param_pattern_ty(sig: &FnSig, i: usize) -> Ty {
    let Some(p) = sig.params.get(i) else {
        return Ty::Unknown;
    };
    if sig.variadic_from != Some(i) || matches!(p.ty, Ty::Param(_) | Ty::Expand(..)) {
        return p.ty.clone();
    }
    // `expand each Tuple<expand each T> t`: the tuple's elements, one parameter each.
    if let Ty::Tuple(items) = &p.ty
        && items.iter().any(|t| matches!(t, Ty::Expand(..)))
    {
        return Ty::Pack(items.clone());
    }
    match own_pack_in(sig, &p.ty) {
        Some(pack) => Ty::Expand(Arc::new(p.ty.clone()), pack),
        None => p.ty.clone(),
    }
}

/// The first of `sig`'s type packs that `ty` mentions.
fn own_pack_in(sig: &FnSig, ty: &Ty) -> Option<GenericParamId> {
    let found: RefCell<Option<GenericParamId>> = RefCell::new(None);
    let _ = ty.subst(&|p: GenericParamId| {
        let is_pack = sig
            .generics
            .iter()
            .position(|g| *g == p)
            .and_then(|k| sig.generic_is_pack.get(k).copied())
            .unwrap_or(false);
        if is_pack && found.borrow().is_none() {
            *found.borrow_mut() = Some(p);
        }
        None::<GenericArg>
    });
    found.into_inner()
}
