//! Pointers and function types: `*p`, `&x`, `p->f` (members of the pointee), pointer
//! arithmetic and comparisons, `nullptr`, casts between pointers and integers, and the
//! conversions of lambdas and functions to `functype(...) -> R`. The types themselves are the
//! stdlib's `Ptr<T, access, addrSpace, L>` and `__FuncType<R, E, each P>` (`stdlib/ptr.slang`).

use crate::TextRange;
use crate::body::*;
use crate::resolve::{self, FUNC_TYPE_DECL};
use crate::ty::{Cost, GenericArg, Len, ScalarKind, Ty};

use super::{InferCtx, fn_sig};

/// `Access.ReadWrite`, the access of `T*` (the first case of the stdlib's `Access`).
const ACCESS_READ_WRITE: u32 = 0;

/// The stdlib declaration a type instantiates, when it is the stdlib's `name`.
pub fn stdlib_decl_named(db: &dyn crate::Db, ty: &Ty, name: &str) -> bool {
    matches!(ty, Ty::Adt(d, _)
        if d.loc(db).file.kind(db) == base_db::FileKind::Stdlib && d.loc(db).name() == name)
}

/// The pointee of a `Ptr<T, ...>`.
pub fn pointee_of(db: &dyn crate::Db, ty: &Ty) -> Option<Ty> {
    if !stdlib_decl_named(db, ty, "Ptr") {
        return None;
    }
    match ty {
        Ty::Adt(_, args) => match args.first() {
            Some(GenericArg::Type(t)) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    }
}

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn pointee(&self, ty: &Ty) -> Option<Ty> {
        pointee_of(self.db, &self.normalize(ty))
    }

    fn is_null_ptr(&self, ty: &Ty) -> bool {
        stdlib_decl_named(self.db, ty, "NullPtr")
    }

    /// Whether writes through a pointer of this type are allowed (`Access.ReadWrite`).
    pub(super) fn pointer_writable(&self, ty: &Ty) -> bool {
        match self.normalize(ty) {
            Ty::Adt(_, args) => !matches!(
                args.get(1),
                Some(GenericArg::Value(Len::Known(a))) if *a != ACCESS_READ_WRITE
            ),
            _ => true,
        }
    }

    /// `Ptr<T>` (read-write, device memory).
    pub(super) fn pointer_to(&self, pointee: Ty) -> Ty {
        self.resolver.pointer_type(pointee)
    }

    /// `*p`.
    pub(super) fn infer_deref(&mut self, inner: ExprId, range: TextRange) -> Ty {
        let t = self.infer_expr(inner, None);
        let t = self.normalize(&t);
        if t.has_unknown() || matches!(t, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
            return Ty::Unknown;
        }
        if let Some(pointee) = self.pointee(&t) {
            return pointee;
        }
        // `*handle` of a `DescriptorHandle<T>`: the resource it names.
        if let Some(resource) = self.implicit_deref(&t) {
            return resource;
        }
        let msg = format!(
            "operator `*` needs a pointer operand, found `{}`: dereference a pointer (`T*`, `Ptr<T>`)",
            self.display(&t)
        );
        self.error("E2005", msg, range);
        Ty::Unknown
    }

    /// `&x`: a pointer to an l-value.
    pub(super) fn infer_address_of(&mut self, inner: ExprId, range: TextRange) -> Ty {
        let t = self.infer_expr(inner, None);
        self.check_lvalue_at(inner, "take the address of this expression", range);
        if t.has_unknown() {
            return Ty::Unknown;
        }
        self.pointer_to(t)
    }

    /// Operators with a pointer operand: `p + i`, `i + p`, `p - i` (a pointer `i` elements
    /// away) and comparisons of pointers of one type (or with `nullptr`). `None` when neither
    /// operand is a pointer.
    pub(super) fn pointer_binary(
        &mut self,
        op: BinaryOp,
        l: &Ty,
        r: &Ty,
        range: TextRange,
    ) -> Option<Ty> {
        let (lp, rp) = (self.pointee(l).is_some(), self.pointee(r).is_some());
        let (ln, rn) = (self.is_null_ptr(l), self.is_null_ptr(r));
        if !(lp || rp || (ln && rn)) {
            return None;
        }
        let integer = |t: &Ty| matches!(t, Ty::Scalar(k) if k.is_integer());
        let truthy =
            |t: &Ty| self.pointee(t).is_some() || matches!(t, Ty::Scalar(_)) || self.is_null_ptr(t);
        let ok = match op {
            // A pointer tests as `p != nullptr` (`cur && i < n`).
            BinaryOp::And | BinaryOp::Or => truthy(l) && truthy(r),
            BinaryOp::Add => (lp && integer(r)) || (rp && integer(l)),
            BinaryOp::Sub => lp && integer(r),
            _ if op.is_comparison() => l == r || (lp && rn) || (ln && rp) || (ln && rn),
            _ => false,
        };
        if !ok {
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`: pointers add and subtract integers (`p + 1`) and compare with pointers of the same type or `nullptr`",
                op.text(),
                self.display(l),
                self.display(r)
            );
            self.error("E2005", msg, range);
            return Some(Ty::Unknown);
        }
        Some(
            if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
                Ty::BOOL
            } else if lp {
                l.clone()
            } else {
                r.clone()
            },
        )
    }

    /// Explicit conversions of pointers: to and from integers (`uint64_t(p)`, `(int*)addr`),
    /// between pointer types, and `nullptr` to any pointer.
    pub(super) fn pointer_cast_ok(&self, from: &Ty, to: &Ty) -> bool {
        let pointer_like = |t: &Ty| {
            self.pointee(t).is_some()
                || self.is_null_ptr(t)
                || stdlib_decl_named(self.db, t, "ConstBufferPointer")
        };
        let integer =
            |t: &Ty| matches!(t, Ty::Scalar(k) if k.is_integer() || *k == ScalarKind::Bool);
        (pointer_like(from) && (pointer_like(to) || integer(to)))
            || (integer(from) && pointer_like(to))
    }

    /// Implicit conversions that involve pointers and function types: `nullptr` to a pointer,
    /// a non-capturing lambda or a function to a `functype` of its signature.
    pub(super) fn pointer_conversion(&self, from: &Ty, to: &Ty) -> Option<Cost> {
        if self.is_null_ptr(from)
            && (self.pointee(to).is_some() || stdlib_decl_named(self.db, to, "ConstBufferPointer"))
        {
            return Some(Cost::CONVERSION);
        }
        // A pointer tests as `p != nullptr` (`if (p)`, `while (cur)`).
        if *to == Ty::BOOL && self.pointee(from).is_some() {
            return Some(Cost::CONVERSION);
        }
        // `&x` points into device memory by default; slangc gives the pointer the address space
        // of `x` (`&shared[0]` of a `groupshared` array), so the address space converts.
        if let (Ty::Adt(fd, fa), Ty::Adt(td, ta)) = (from, to)
            && fd == td
            && self.pointee(from).is_some()
            && fa.len() == ta.len()
            && fa
                .iter()
                .zip(ta.iter())
                .enumerate()
                .all(|(i, (a, b))| i == 2 || a == b)
        {
            return Some(Cost::CONVERSION);
        }
        let (ret, params) = self.func_type_parts(to)?;
        let (from_params, from_ret) = match from {
            Ty::Lambda(l) => {
                // Only lambdas that capture nothing are plain functions (the user guide's
                // coercion rule); the captures of this body's lambdas are known here.
                if l.owner_args.is_empty()
                    && let Some(info) = self.result.lambdas.get(&l.expr)
                    && !info.captures.is_empty()
                {
                    return None;
                }
                (l.params.clone(), l.ret.clone())
            }
            Ty::Func(f) => {
                let sig = fn_sig(self.db, *f);
                if !sig.generics.is_empty() && sig.params.iter().any(|p| p.ty.has_params()) {
                    // A generic function named without its arguments: inferred at the call.
                    return Some(Cost::CONVERSION);
                }
                (
                    sig.params.iter().map(|p| p.ty.clone()).collect(),
                    sig.ret.clone(),
                )
            }
            _ => return None,
        };
        // Parameters must match exactly; the result may convert.
        let same_params = from_params.len() == params.len()
            && from_params
                .iter()
                .zip(params.iter())
                .all(|(a, b)| self.normalize(a) == self.normalize(b) || a.has_unknown());
        if !same_params {
            return None;
        }
        if ret == Ty::Void || from_ret == ret {
            return Some(Cost::CONVERSION);
        }
        self.conversion_cost(&from_ret, &ret)
            .map(|c| Cost(Cost::CONVERSION.0 + c.0))
    }

    /// The result and parameter types of a `functype(...) -> R`.
    pub(super) fn func_type_parts(&self, ty: &Ty) -> Option<(Ty, Vec<Ty>)> {
        if !stdlib_decl_named(self.db, ty, FUNC_TYPE_DECL) {
            return None;
        }
        let Ty::Adt(_, args) = ty else { return None };
        let ret = match args.first() {
            Some(GenericArg::Type(t)) => t.clone(),
            _ => return None,
        };
        let params = match args.get(2) {
            Some(GenericArg::Type(Ty::Pack(items))) => items.to_vec(),
            _ => Vec::new(),
        };
        Some((ret, params))
    }
}

impl resolve::Resolver<'_> {
    /// `Ptr<pointee>` with the default access, address space and layout.
    pub fn pointer_type(&self, pointee: Ty) -> Ty {
        self.stdlib_generic(
            "Ptr",
            vec![GenericArg::Type(pointee)],
            TextRange::default(),
            &mut Vec::new(),
        )
    }
}
