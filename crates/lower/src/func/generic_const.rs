//! Constants of generic types (`static const int Value = N;` in `struct S<let N : int>`): read
//! through `S<10>.Value` / `S<10>::Value` or by name inside `S`'s methods, each instance is its
//! own IR constant evaluated with the type's generic arguments.

use hir::{Expr, ExprId, ExprRes, Ty};

use super::FnLower;
use crate::{R, Subst, apply};

impl FnLower<'_, '_> {
    /// The place of global `g` read by expression `e`: the instance of a generic type's
    /// constant where `e` names one, else the global itself.
    pub(super) fn global_place_in(&mut self, g: hir::GlobalId, e: ExprId) -> R<ir::Place> {
        // A requirement named inside a method of a conforming type (or of an extension of
        // a generic parameter): the constant the concrete `This` declares.
        if matches!(self.body.exprs[e], Expr::Path(_))
            && let Some(this) = self.this_ty.clone()
            && let Some(c) = self.associated_const_of(g, &this)
        {
            return self.cx.global_place(c);
        }
        if let Some(subst) = self.const_owner_subst(e) {
            if let Some(id) = self.cx.generic_const(g, &subst)? {
                return Ok(ir::Place::global(id));
            }
            if let Some(id) = self.cx.generic_static(g, &subst)? {
                return Ok(ir::Place::global(id));
            }
        }
        self.cx.global_place(g)
    }

    /// The generic arguments of the type whose member `e` names: the base's type for
    /// `S<10>.Value`, this instance's for a name inside the type.
    fn const_owner_subst(&self, e: ExprId) -> Option<Subst> {
        match &self.body.exprs[e] {
            Expr::Field { base, .. } => {
                let owner = match self.res(*base) {
                    Some(ExprRes::Type(t)) => t,
                    _ => self.ety(*base),
                };
                let owner = apply(&self.subst, self.this_ty.as_ref(), &owner);
                let owner = hir::export::normalize(self.cx.db, self.cx.file, &owner);
                match &owner {
                    Ty::Adt(decl, args) if !args.is_empty() => {
                        Some(hir::export::type_args_subst(self.cx.db, *decl, args))
                    }
                    _ => None,
                }
            }
            _ => Some(self.subst.clone()),
        }
    }
}
