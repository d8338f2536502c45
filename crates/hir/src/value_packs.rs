//! Value packs (`let each D : int`, `each int D`) bound with their values: `Dims<1, 2, 3>` and
//! `sum<10, 20>()` record `Len::Pack([1, 2, 3])` for `D`, so `countof(D)`, `expand ... each D`
//! and `__first(D)` read the values once the pack is bound.

use std::sync::Arc;

use crate::data::{GenericParamData, GenericParamKind};
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
/// parameter. An argument we cannot evaluate may itself stand for several values (a pack-valued
/// intrinsic such as `__shapeConcat(A, B, 0)`), so it leaves the whole pack unknown.
pub(crate) fn value_pack_of(args: impl IntoIterator<Item = GenericArg>) -> Len {
    let mut out = Vec::new();
    for a in args {
        match a {
            GenericArg::Value(Len::Unknown) => return Len::Unknown,
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

/// Trailing pack parameters (`IFunc<TR, each TP>`, `Alias<T, let each N : int>`,
/// `X<B, each T, each U>`) take the remaining arguments, none included (`IFunc<float, float,
/// int>`, `Alias<int>`): one pack all of them, several packs an equal share each, in order
/// (`X<bool, A, B, C, D>`: `T` is `A, B`, `U` is `C, D`). A type pack's `expand each T` items are
/// spliced on substitution; a value pack records its values.
pub(crate) fn gather_trailing_packs(generics: &[GenericParamData], args: &mut Vec<GenericArg>) {
    let packs = generics.iter().rev().take_while(|g| g.variadic).count();
    if packs == 0 || args.len() + packs < generics.len() {
        return;
    }
    let fixed = generics.len() - packs;
    let rest: Vec<GenericArg> = args.drain(fixed..).collect();
    let share = rest.len() / packs;
    let even = rest.len().is_multiple_of(packs);
    for (i, g) in generics[fixed..].iter().enumerate() {
        let is_value = matches!(g.kind, GenericParamKind::Value { .. });
        if !even {
            args.push(if is_value {
                GenericArg::Value(Len::Unknown)
            } else {
                GenericArg::Type(Ty::Unknown)
            });
            continue;
        }
        let chunk = rest[i * share..(i + 1) * share].to_vec();
        args.push(if is_value {
            GenericArg::Value(value_pack_of(chunk))
        } else {
            GenericArg::Type(type_pack_of(chunk))
        });
    }
}

/// The type pack that the generic arguments given for a type pack parameter stand for.
fn type_pack_of(args: Vec<GenericArg>) -> Ty {
    let items: Vec<Ty> = args
        .into_iter()
        .map(|a| match a {
            GenericArg::Type(t) => t,
            GenericArg::Value(_) => Ty::Unknown,
        })
        .collect();
    match items.as_slice() {
        // `IFunc<R, expand each T>` passes the pack itself on.
        [Ty::Expand(pattern, _)] if matches!(**pattern, Ty::Param(_)) => (**pattern).clone(),
        // `S<__trimFirst(T)>`: the query's pack.
        [t @ Ty::PackQuery(op, _)] if op.yields_pack() => t.clone(),
        _ => Ty::Pack(items.into()),
    }
}

/// Splits explicit arguments among several trailing packs of a function (`f<1, 2, 3, 4>` for
/// `f<let each C : int, let each D : int>`): an equal share each, in order; `None` when they do
/// not divide evenly.
pub(crate) fn split_among_packs(rest: &[GenericArg], packs: usize) -> Option<Vec<&[GenericArg]>> {
    if packs == 0 || !rest.len().is_multiple_of(packs) {
        return None;
    }
    let share = rest.len() / packs;
    Some(
        (0..packs)
            .map(|i| &rest[i * share..(i + 1) * share])
            .collect(),
    )
}

/// Inference of value packs through generic types (`printDims(Dims<D> d)` given a
/// `Dims<10, 20>`): the parameter's pack `[D]` against the argument's values binds `D` to all of
/// them; items of the same number are matched one by one (`Dims<N, M>`), so a one-value argument
/// binds `[D]` to that value, made a pack of one by [`inferred_value_pack`].
pub(crate) fn unify_value_packs(
    pattern: &Len,
    arg: &Len,
    index_of: &dyn Fn(&GenericParamId) -> Option<usize>,
    out: &mut [Vec<GenericArg>],
) {
    let (Len::Pack(ps), Len::Pack(ls)) = (pattern, arg) else {
        return;
    };
    if ps.len() == ls.len() {
        for (p, l) in ps.iter().zip(ls.iter()) {
            if let Len::Param(q) = p
                && let Some(i) = index_of(q)
            {
                out[i].push(GenericArg::Value(l.clone()));
            }
        }
        return;
    }
    // `[Head, D]` against more values: the fixed items first, the pack takes the rest.
    if let Some((Len::Param(last), fixed)) = ps.split_last()
        && ls.len() >= fixed.len()
    {
        for (p, l) in fixed.iter().zip(ls.iter()) {
            if let Len::Param(q) = p
                && let Some(i) = index_of(q)
            {
                out[i].push(GenericArg::Value(l.clone()));
            }
        }
        if let Some(i) = index_of(last) {
            out[i].push(GenericArg::Value(Len::Pack(ls[fixed.len()..].into())));
        }
    }
}

/// The value pack inferred for a pack parameter from its candidates: the first one, a single
/// value made a pack of one.
pub(crate) fn inferred_value_pack(found: &[GenericArg]) -> Option<Len> {
    found.iter().find_map(|a| match a {
        GenericArg::Value(l @ Len::Pack(_)) => Some(l.clone()),
        GenericArg::Value(Len::Unknown) => None,
        GenericArg::Value(l) => Some(Len::Pack(Arc::from([l.clone()]))),
        GenericArg::Type(_) => None,
    })
}
