//! `expand` over tuple values: `f(expand each t)` passes a tuple's elements as separate
//! arguments, and `expand g(each t)` repeats `g` once per element. hir types the `expand` of a
//! concrete tuple as the pack of its elements' types (`Ty::Pack`), and the `expand` of a
//! `Tuple<expand each T>` as an `expand` over the pack `T`; either way, repetition `k` reads
//! field `k` of the tuple. Apart from the parameter packs of `expr.rs`, which read a parameter
//! per element.

use hir::{Expr, ExprId, ExprRes, GenericArg, Ty};
use ir::{Inst, ValueId};

use super::{FnLower, LPlace};
use crate::{R, apply, internal, unsupported};

/// What `each t` repeats over when `t` is a tuple.
enum EachTuple {
    /// A tuple of known elements (`Tuple<int, float>`).
    Concrete(Vec<Ty>),
    /// `Tuple<expand each T>`: one element per element of the pack `T`.
    OverPack,
}

impl FnLower<'_, '_> {
    /// The number of repetitions of the `expand` expression `e` whose type hir gave as the
    /// pack of a concrete tuple's elements (`expand each t`); `None` for any other type.
    pub(super) fn tuple_expand_len(&self, e: ExprId) -> Option<usize> {
        match self.infer.expr_ty(e) {
            Ty::Pack(items) => Some(items.len()),
            _ => None,
        }
    }

    /// The tuple `each inner` reads from, when `inner` is a tuple value (not a parameter pack
    /// or a type). Its type is taken as hir wrote it: inside a repetition the packs are bound
    /// to one element each, which would turn `Tuple<expand each T>` into a different tuple.
    fn each_tuple(&self, inner: ExprId) -> Option<EachTuple> {
        match self.res(inner) {
            Some(ExprRes::Param(i)) if self.is_pack_param(i) => return None,
            Some(ExprRes::Type(_)) => return None,
            _ => {}
        }
        let t = hir::export::normalize(self.cx.db, self.cx.file, &self.infer.expr_ty(inner));
        let Ty::Tuple(items) = t else { return None };
        if items.iter().any(|t| matches!(t, Ty::Expand(..))) {
            return Some(EachTuple::OverPack);
        }
        Some(EachTuple::Concrete(items.to_vec()))
    }

    /// The type of `e` when it is `each t` of a concrete tuple read in repetition `k` of an
    /// `expand`: the tuple's element `k` (hir, which types the repetitions together, has none).
    /// Over `Tuple<expand each T>`, hir's type (`T`) is already the element's.
    pub(super) fn each_tuple_ty(&self, e: ExprId) -> Option<Ty> {
        let k = self.pack_element?;
        let Expr::Each(inner) = self.body.exprs[e] else {
            return None;
        };
        match self.each_tuple(inner)? {
            EachTuple::Concrete(items) => {
                let t = apply(&self.subst, self.this_ty.as_ref(), items.get(k)?);
                Some(hir::export::normalize(self.cx.db, self.cx.file, &t))
            }
            EachTuple::OverPack => None,
        }
    }

    /// Whether `each inner` reads the elements of a tuple value.
    pub(super) fn is_each_tuple(&self, inner: ExprId) -> bool {
        self.each_tuple(inner).is_some()
    }

    /// The place of `each t` in repetition `k`: field `k` of the tuple's place; `None` when the
    /// tuple is a value not in memory (a call's result).
    pub(super) fn each_tuple_place(&mut self, inner: ExprId) -> R<Option<LPlace>> {
        let k = self.each_tuple_element(inner)?;
        match self.try_place(inner)? {
            Some(LPlace::Mem(p)) => Ok(Some(LPlace::Mem(p.field(k)))),
            _ => Ok(None),
        }
    }

    /// The value of `each t` in repetition `k`: field `k` of the tuple's value.
    pub(super) fn each_tuple_value(&mut self, inner: ExprId) -> R<ValueId> {
        let k = self.each_tuple_element(inner)?;
        let v = self.lower_expr(inner)?;
        self.emit(Inst::Extract(v, k), None)
    }

    /// The element of the tuple `each inner` reads in this repetition.
    fn each_tuple_element(&self, inner: ExprId) -> R<u32> {
        let k = self
            .pack_element
            .ok_or_else(|| internal("`each` outside `expand`"))?;
        match self.each_tuple(inner) {
            Some(EachTuple::Concrete(items)) if k >= items.len() => {
                Err(internal("a tuple element past the tuple's end"))
            }
            Some(_) => Ok(k as u32),
            None => Err(unsupported("`each` of this expression")),
        }
    }

    /// The length of a pack bound in this instance (`T` of `Tuple<expand each T>`).
    pub(super) fn bound_pack_len(&self, pack: &hir::GenericParamId) -> R<usize> {
        match hir::export::subst_lookup(&self.subst, pack) {
            Some(GenericArg::Type(t)) => t
                .pack_len()
                .ok_or_else(|| unsupported("an `expand` whose pack is not known here")),
            Some(GenericArg::Value(l)) => l
                .pack_count(&|_| true)
                .ok_or_else(|| unsupported("an `expand` whose value pack is not known here")),
            _ => Err(unsupported("an `expand` whose pack is not bound")),
        }
    }
}
