//! Value packs (`let each D : int`, `each int D`) bound with their values: `Dims<1, 2, 3>` and
//! `sum<10, 20>()` record `Len::Pack([1, 2, 3])` for `D`, so `countof(D)`, `expand ... each D`
//! and `__first(D)` read the values once the pack is bound.

use std::sync::Arc;

use crate::ids::GenericParamId;
use crate::ty::{GenericArg, Len, Ty};

impl Len {
    /// Substitutes the items of a value pack; an item bound to a pack (the caller's own pack
    /// passed on, `Dims<expand each D>`) is spliced in.
    pub(crate) fn pack_subst(
        items: &[Len],
        f: &dyn Fn(GenericParamId) -> Option<GenericArg>,
    ) -> Len {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item.subst(f) {
                Len::Pack(inner) => out.extend(inner.iter().cloned()),
                other => out.push(other),
            }
        }
        Len::Pack(out.into())
    }

    /// The values of a bound value pack, when every item is known.
    pub fn pack_values(&self) -> Option<Vec<u32>> {
        match self {
            Len::Pack(items) => items
                .iter()
                .map(|l| match l {
                    Len::Known(n) => Some(*n),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    }

    /// The number of values of a bound value pack (its items need not be known: `countof` of a
    /// pack of generic values), `None` while an item is a pack still generic.
    pub fn pack_count(&self, is_pack: &dyn Fn(&GenericParamId) -> bool) -> Option<usize> {
        match self {
            Len::Pack(items) => (!items
                .iter()
                .any(|l| matches!(l, Len::Param(p) if is_pack(p))))
            .then_some(items.len()),
            _ => None,
        }
    }

    /// Element `k` of a bound value pack.
    pub fn pack_item(&self, k: usize) -> Option<Len> {
        match self {
            Len::Pack(items) => items.get(k).cloned(),
            _ => None,
        }
    }
}

/// The value pack that the generic arguments given for a value pack parameter stand for
/// (`Dims<1, 2, N>`, `Dims<expand each D>`, `Dims<D>`): values in order, a pack passed on as its
/// parameter.
pub(crate) fn value_pack_of(args: impl IntoIterator<Item = GenericArg>) -> Len {
    let mut out = Vec::new();
    for a in args {
        match a {
            GenericArg::Value(Len::Pack(inner)) => out.extend(inner.iter().cloned()),
            GenericArg::Value(l) => out.push(l),
            GenericArg::Type(Ty::Param(p)) => out.push(Len::Param(p)),
            GenericArg::Type(Ty::Expand(pattern, pack)) if matches!(&*pattern, Ty::Param(p) if *p == pack) => {
                out.push(Len::Param(pack))
            }
            GenericArg::Type(_) => out.push(Len::Unknown),
        }
    }
    Len::Pack(Arc::from(out))
}
