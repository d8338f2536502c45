//! The operators the core module declares on `Atomic<T>`: `a += v`, `-=`, `&=`, `|=`, `^=`
//! (the new value) and `++a`/`--a` (the new value), `a++`/`a--` (the old value). Arithmetic
//! ones need an atomicable element, the bitwise ones and the steps an integer element.
//! A plain `a = v` is an atomic store of a `T` (slangc: `groupshared Atomic<uint> n; n = 0;`);
//! reading an `Atomic<T>` as a `T` still needs `load()`.

use base_db::FileKind;

use crate::body::{BinaryOp, ExprId};
use crate::ty::{GenericArg, Ty};

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// `T` when `ty` is the core module's `Atomic<T>`.
    pub(super) fn atomic_element(&self, ty: &Ty) -> Option<Ty> {
        match self.normalize(ty) {
            Ty::Adt(decl, args) => {
                let loc = decl.loc(self.db);
                if loc.name() != "Atomic" || loc.file.kind(self.db) != FileKind::Stdlib {
                    return None;
                }
                match args.first() {
                    Some(GenericArg::Type(t)) => Some(t.clone()),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `a = v` or `a op= v` on an `Atomic<T>`: the element type, after checking `v` converts
    /// to it; `None` when `lt` is no atomic (or has no such operator).
    pub(super) fn atomic_assign(
        &mut self,
        op: Option<BinaryOp>,
        lt: &Ty,
        rhs: ExprId,
    ) -> Option<Ty> {
        match op {
            Some(op) => self.atomic_compound(op, lt, rhs),
            None => {
                let elem = self.atomic_element(lt)?;
                let rt = self.result.expr_ty(rhs);
                self.check_convertible(&rt, &elem, self.range(rhs));
                Some(elem)
            }
        }
    }

    /// `a op= v` on an `Atomic<T>`: the element type, after checking `v` converts to it; `None`
    /// when `lt` is no atomic or the core module declares no such operator for its element.
    pub(super) fn atomic_compound(&mut self, op: BinaryOp, lt: &Ty, rhs: ExprId) -> Option<Ty> {
        let elem = self.atomic_element(lt)?;
        let kind = elem.scalar_kind()?;
        let ok = match op {
            BinaryOp::Add | BinaryOp::Sub => true,
            BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => kind.is_integer(),
            _ => false,
        };
        if !ok {
            return None;
        }
        let rt = self.result.expr_ty(rhs);
        self.check_convertible(&rt, &elem, self.range(rhs));
        Some(elem)
    }

    /// `++a`, `a--` on an `Atomic<T>` of an integer `T`: `T`.
    pub(super) fn atomic_step(&self, t: &Ty) -> Option<Ty> {
        let elem = self.atomic_element(t)?;
        elem.scalar_kind()?.is_integer().then_some(elem)
    }
}
