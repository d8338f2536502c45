//! Writes to a part of a value reached through an accessor: `s[]._12_21 = v`,
//! `obj.prop.x += 1`, `tex[p].y = 0`. An accessor (a property's or subscript's `get`/`set`, a
//! storage texel) is not memory, so its part has no place of its own. As Slang does, the whole
//! value is read once through `get` into a temporary, the part is written there, and the
//! temporary is stored back whole through `set` ([`LPlace::Through`]).

use hir::{Expr, ExprId, ExprRes, Ty};
use ir::{Inst, Place};

use super::{FnLower, LPlace};
use crate::R;

impl FnLower<'_, '_> {
    /// The place of `e` when one of the expressions it reaches through (field, element and
    /// swizzle bases) is an accessor; `None` when none is (or `e` is no such chain).
    pub(super) fn accessor_part_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        let mut cur = chain_base(&self.body.exprs[e]);
        while let Some(b) = cur {
            if self.may_be_accessor(b) {
                return self.through(e, b);
            }
            cur = chain_base(&self.body.exprs[b]);
        }
        Ok(None)
    }

    /// `e`'s place with its base `b` read into a temporary (when `b` is an accessor).
    fn through(&mut self, e: ExprId, b: ExprId) -> R<Option<LPlace>> {
        // The base may itself be a part of another accessor's value.
        let outer = match self.accessor_part_place(b)? {
            Some(p) => Some(p),
            None => self.try_place(b)?,
        };
        let Some(outer) = outer else {
            return Ok(None);
        };
        let tmp_place = match &outer {
            LPlace::Mem(p) => p.clone(),
            LPlace::Accessor(_) | LPlace::Texel { .. } | LPlace::Through { .. } => {
                let ty = self.lplace_ty(&outer)?;
                let tmp = self.new_local("accessor_value", ty);
                let v = self.load_lplace(&outer)?;
                self.stmt(ir::Stmt::Store {
                    place: Place::local(tmp),
                    value: v,
                });
                Place::local(tmp)
            }
            _ => return Ok(None),
        };
        let copied = !matches!(outer, LPlace::Mem(_));
        self.place_overrides.insert(b, tmp_place.clone());
        let inner = self.try_place(e);
        self.place_overrides.remove(&b);
        let Some(inner) = inner? else {
            return Ok(None);
        };
        if !copied {
            return Ok(Some(inner));
        }
        Ok(Some(LPlace::Through {
            inner: Box::new(inner),
            copy: tmp_place,
            outer: Box::new(outer),
        }))
    }

    /// Whether `b` may name an accessor: a property, a subscript of a struct, or a texel.
    fn may_be_accessor(&self, b: ExprId) -> bool {
        match &self.body.exprs[b] {
            Expr::Field { .. } => matches!(self.res(b), Some(ExprRes::Property(_))),
            Expr::Path(_) => matches!(self.res(b), Some(ExprRes::Property(_))),
            Expr::Index { base, .. } => {
                let bt = self.ety(*base);
                matches!(bt, Ty::Adt(..)) && self.cx.buffer_elem(&bt).is_none()
                    || self.cx.texture_elem(&bt).is_some()
            }
            _ => false,
        }
    }

    /// Stores `v` into `inner` (a part of the copy), then the copy back through `outer`.
    pub(super) fn store_through(
        &mut self,
        inner: &LPlace,
        copy: &Place,
        outer: &LPlace,
        v: ir::ValueId,
    ) -> R<()> {
        self.store_lplace(inner, v)?;
        let whole = self.emit(Inst::Load(copy.clone()), None)?;
        self.store_lplace(outer, whole)
    }
}

/// The base an l-value chain reaches through: a field's, swizzle's or element's base.
fn chain_base(e: &Expr) -> Option<ExprId> {
    match e {
        Expr::Field { base, .. } | Expr::Index { base, .. } => Some(*base),
        _ => None,
    }
}
