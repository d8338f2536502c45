//! Choosing among several `__subscript`s of a type: those taking the given number of indices,
//! and among those the one with the most accessors (a `get`/`set` subscript over a `get`-only
//! one that also applies, as two generic extensions on `IBuf<T>` and `IRWBuf<T> : IBuf<T>` give).

use base_db::{Db, SourceFile};

use crate::ids::{ItemDef, SubscriptId};
use crate::lower;
use crate::resolve::lookup_member_items;
use crate::ty::Ty;

/// The `__subscript` of `ty` taking `arity` indices (any arity when `None`), preferring one that
/// can also be written when several apply.
pub fn pick_subscript(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    arity: Option<usize>,
) -> Option<SubscriptId> {
    let subs: Vec<SubscriptId> = lookup_member_items(db, file, ty, "__subscript")
        .into_iter()
        .filter_map(|d| match d {
            ItemDef::Subscript(s) => Some(s),
            _ => None,
        })
        .collect();
    let first = *subs.first()?;
    let arity = arity.unwrap_or_else(|| lower::subscript_data(db, first).params.len());
    let same: Vec<SubscriptId> = subs
        .iter()
        .copied()
        .filter(|s| lower::subscript_data(db, *s).params.len() == arity)
        .collect();
    let Some(best) = same.first().copied() else {
        return Some(first);
    };
    let writable = |s: &SubscriptId| {
        let d = lower::subscript_data(db, *s);
        d.setter.is_some() || d.declares_set
    };
    if writable(&best) {
        return Some(best);
    }
    // Only among subscripts taking the same index types: one that adds a `set`.
    let params = |s: SubscriptId| {
        lower::subscript_data(db, s)
            .params
            .iter()
            .map(|p| p.ty.clone())
            .collect::<Vec<_>>()
    };
    let best_params = params(best);
    Some(
        same.into_iter()
            .find(|s| writable(s) && params(*s) == best_params)
            .unwrap_or(best),
    )
}
