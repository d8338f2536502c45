//! Unsized array parameters (`int f(int a[])`, `T[]`, `inout T a[]`): a function taking one is
//! specialised per call to the length of the array passed (an [`InstanceKey::exist`] entry
//! holding the sized array type), so that inside it the parameter is an ordinary array; a local
//! `int t[] = a;` takes its initialiser's length, and `a.getCount()` reads the length from the
//! lowered value's type.

use hir::{ExprId, ExprRes, Len, Ty};
use ir::{TypeId, TypeKind};

use super::FnLower;
use crate::{InstanceKey, R, apply};

/// Whether `ty` is an array of unknown size (`T[]`) at its top level.
pub(crate) fn is_unsized(ty: &Ty) -> bool {
    matches!(ty, Ty::Array(_, Len::Unknown))
}

impl FnLower<'_, '_> {
    /// Records in `key` the length of the array passed to each unsized array parameter.
    pub(super) fn specialise_unsized_params(
        &mut self,
        key: &mut InstanceKey,
        args: &[ExprId],
    ) -> R<()> {
        let db = self.cx.db;
        let sig = hir::fn_sig(db, key.func);
        if sig.variadic_from.is_some() {
            return Ok(());
        }
        for (i, (p, a)) in sig.params.iter().zip(args).enumerate() {
            let pt = hir::export::normalize(
                db,
                self.cx.file,
                &apply(&key.subst, key.this_ty.as_ref(), &p.ty),
            );
            let Ty::Array(elem, Len::Unknown) = pt else {
                continue;
            };
            if key.exist.iter().any(|(k, _)| *k as usize == i) {
                continue;
            }
            if let Some(n) = self.array_len_of(*a, p.dir == hir::ParamDir::In)? {
                key.exist.push((i as u32, Ty::Array(elem, Len::Known(n))));
            }
        }
        Ok(())
    }

    /// A generic argument inferred as an unsized array (`unmodified<T>(a)` with `int a[]`):
    /// the array type of the length passed, read from the argument of a parameter typed `T`.
    pub(super) fn size_unsized_generic_args(
        &mut self,
        key: &mut InstanceKey,
        args: &[ExprId],
    ) -> R<()> {
        if !key
            .subst
            .iter()
            .any(|(_, a)| matches!(a, hir::GenericArg::Type(t) if is_unsized(t)))
        {
            return Ok(());
        }
        let sig = hir::fn_sig(self.cx.db, key.func);
        if sig.variadic_from.is_some() {
            return Ok(());
        }
        for (p, a) in sig.params.iter().zip(args) {
            let Ty::Param(g) = &p.ty else {
                continue;
            };
            let Some(slot) = key.subst.iter().position(|(q, _)| q == g) else {
                continue;
            };
            let hir::GenericArg::Type(Ty::Array(elem, Len::Unknown)) = &key.subst[slot].1 else {
                continue;
            };
            let elem = elem.clone();
            if let Some(n) = self.array_len_of(*a, p.dir == hir::ParamDir::In)? {
                key.subst[slot].1 = hir::GenericArg::Type(Ty::Array(elem, Len::Known(n)));
            }
        }
        Ok(())
    }

    /// The length of the array expression `e`: from its type when known, else from the IR type
    /// of the variable or parameter it names (an unsized parameter of this instance), else
    /// (when `lower` allows) from its lowered value, kept for the call.
    fn array_len_of(&mut self, e: ExprId, lower: bool) -> R<Option<u32>> {
        if let Ty::Array(_, Len::Known(n)) = self.ety(e) {
            return Ok(Some(n));
        }
        let t = match self.res(e) {
            Some(ExprRes::Local(l)) => self
                .locals
                .get(&l)
                .and_then(|l| self.f.locals.get(l.0 as usize))
                .map(|l| l.ty),
            Some(ExprRes::Param(k)) => match self.params.get(k as usize) {
                Some(place) => Some(self.place_ty(&place.clone())?),
                None => None,
            },
            _ if lower => {
                let v = self.lower_expr(e)?;
                self.prelowered.insert(e, v);
                Some(self.vty(v))
            }
            _ => None,
        };
        Ok(t.and_then(|t| self.ir_array_len(t)))
    }

    fn ir_array_len(&self, t: TypeId) -> Option<u32> {
        match self.cx.module.types.kind(t) {
            TypeKind::Array { len, .. } => Some(*len),
            _ => None,
        }
    }

    /// The IR type of a local declared as an unsized array (`int t[] = a;`): its initialiser's
    /// (lowered here and kept).
    pub(super) fn unsized_local_ty(&mut self, hir_ty: &Ty, init: ExprId) -> R<Option<TypeId>> {
        let t = apply(&self.subst, self.this_ty.as_ref(), hir_ty);
        if !is_unsized(&hir::export::normalize(self.cx.db, self.cx.file, &t)) {
            return Ok(None);
        }
        let v = self.lower_expr(init)?;
        self.prelowered.insert(init, v);
        let t = self.vty(v);
        Ok(self.ir_array_len(t).map(|_| t))
    }

    /// `a.getCount()` of an unsized array: the length of the array this instance holds.
    pub(super) fn unsized_count(&mut self, base: ExprId) -> R<Option<u32>> {
        if !is_unsized(&self.ety(base)) {
            return Ok(None);
        }
        self.array_len_of(base, true)
    }
}
