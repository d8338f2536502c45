//! A receiver typed as an interface whose value is of a concrete struct: a requirement met by a
//! method returning its own type (`StackImpl<D - N> popN<int N>()` for `IStack<D - N>
//! popN<let N : int>()`), called through a specialised generic. Its methods are the concrete
//! type's, called directly (slangc specialises them the same way).

use hir::Ty;

use super::{FnLower, Recv};

impl FnLower<'_, '_> {
    /// The concrete type of `recv` when `this_ty` is an interface but the lowered value is a
    /// plain struct (no interface value: no tag to switch on).
    pub(super) fn concrete_receiver(
        &self,
        this_ty: &Option<Ty>,
        recv: &Option<Recv>,
    ) -> Option<Ty> {
        let (Some(iface), Some(Recv::Value(v))) = (this_ty, recv) else {
            return None;
        };
        if !self.cx.is_interface(iface) {
            return None;
        }
        let vt = self.vty(*v);
        if self.cx.dyn_types.contains_key(&vt) {
            return None;
        }
        let mut found: Vec<&Ty> = self
            .cx
            .struct_types
            .iter()
            .filter(|(t, id)| **id == vt && matches!(t, Ty::Adt(..)) && !self.cx.is_interface(t))
            .map(|(t, _)| t)
            .collect();
        found.sort_by_key(|t| format!("{t:?}"));
        found.first().map(|t| (*t).clone())
    }
}

/// `outer` (a member's enclosing generic arguments, `member_subst`) with the generic
/// parameters of `this_ty`'s own declaration replaced by its arguments: a generic interface's
/// parameters bound through a generic conformer's base (`struct Impl<int v> : IFoo<v>` as
/// `Impl<2>` gives `IFoo`'s `v` the value 2, not `Impl`'s parameter).
pub(super) fn close_over_owner(outer: crate::Subst, this_ty: Option<&Ty>) -> crate::Subst {
    let Some(Ty::Adt(d, args)) = this_ty else {
        return outer;
    };
    if args.is_empty() {
        return outer;
    }
    let owner = hir::export::GenericOwner::TypeDecl(*d);
    let lookup = |p: hir::GenericParamId| {
        (p.owner == owner)
            .then(|| args.get(p.index as usize).cloned())
            .flatten()
    };
    outer
        .into_iter()
        .map(|(p, a)| (p, a.subst(&lookup)))
        .collect()
}
