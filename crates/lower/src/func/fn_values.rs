//! Function values (`functype(float) -> int`), compiled as slangc does for targets without
//! function pointers: a function taking a `functype` parameter is specialised per call to the
//! function value its argument names (a function, a generic function with its arguments, or a
//! lambda that captures nothing), and a call through that parameter calls the known function.
//! The parameter itself stays as an unused placeholder word (`types.rs`).

use hir::{Expr, ExprId, ExprRes, Ty};
use ir::{Inst, ValueId};

use super::FnLower;
use crate::{FnValue, InstanceKey, R, apply};

impl FnLower<'_, '_> {
    /// Whether `ty` (in the callee's terms, bound by `key`) is a `functype`.
    fn is_fn_type(&self, key: &InstanceKey, ty: &Ty) -> bool {
        let ty = apply(&key.subst, key.this_ty.as_ref(), ty);
        let ty = hir::export::normalize(self.cx.db, self.cx.file, &ty);
        crate::pointers::unsupported_type_kind(self.cx.db, &ty) == Some("function")
    }

    /// The function value `e` names at compile time, if any.
    pub(super) fn static_fn_value(&self, e: ExprId) -> Option<FnValue> {
        if let Some((f, args)) = self.infer.fn_values.get(&e) {
            let subst = args
                .iter()
                .map(|(p, a)| (p.clone(), self.instance_arg(a)))
                .collect();
            return Some(FnValue::Func(*f, subst));
        }
        match &self.body.exprs[e] {
            Expr::Path(_) => match self.res(e)? {
                ExprRes::Function(f) => {
                    let sig = hir::fn_sig(self.cx.db, f);
                    let free = !sig.is_member || sig.is_static;
                    (free && sig.generics.is_empty()).then(|| FnValue::Func(f, Vec::new()))
                }
                // A `functype` parameter of this instance, itself bound to a known value.
                ExprRes::Param(i) => self
                    .cx
                    .fn_arg_values
                    .get(&self.id)?
                    .iter()
                    .find(|(k, _)| *k == i)
                    .map(|(_, v)| v.clone()),
                _ => None,
            },
            Expr::Lambda { .. } => {
                let info = self.infer.lambdas.get(&e)?;
                if !info.captures.is_empty() {
                    return None;
                }
                match self.ety(e) {
                    Ty::Lambda(l) => Some(FnValue::Lambda(l)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Binds the `functype` parameters of the callee `key` whose arguments name a function
    /// value known at compile time: the call goes to an instance specialised to them.
    pub(super) fn bind_fn_args(&self, key: &mut InstanceKey, args: &[ExprId]) {
        let sig = hir::fn_sig(self.cx.db, key.func);
        if sig.variadic_from.is_some() {
            return;
        }
        for (i, p) in sig.params.iter().enumerate() {
            if !self.is_fn_type(key, &p.ty) {
                continue;
            }
            if let Some(v) = args.get(i).and_then(|a| self.static_fn_value(*a)) {
                key.fn_args.push((i as u32, v));
            }
        }
    }

    /// Whether the argument `a` (one of `args`) is bound in `key` to a function value.
    pub(super) fn is_bound_fn_arg(&self, key: &InstanceKey, args: &[ExprId], a: ExprId) -> bool {
        args.iter()
            .position(|x| *x == a)
            .is_some_and(|i| key.fn_args.iter().any(|(k, _)| *k as usize == i))
    }

    /// The call `e` through a `functype` value (`f(x)`) whose function is known at compile
    /// time: a direct call of it. `None` when the callee is not known.
    pub(super) fn call_fn_value(
        &mut self,
        e: ExprId,
        args: &[ExprId],
    ) -> R<Option<Option<ValueId>>> {
        let Expr::Call { callee, .. } = &self.body.exprs[e] else {
            return Ok(None);
        };
        let Some(value) = self.static_fn_value(*callee) else {
            return Ok(None);
        };
        match value {
            FnValue::Func(func, subst) => {
                let mut key = InstanceKey {
                    func,
                    subst,
                    this_ty: None,
                    exist: Vec::new(),
                    fn_args: Vec::new(),
                };
                self.bind_fn_args(&mut key, args);
                self.call_keyed(e, key, None, args).map(Some)
            }
            FnValue::Lambda(lambda) => {
                let ty = self.ir_ty(&Ty::Lambda(lambda.clone()))?;
                let recv = self.emit(Inst::Zero, Some(ty))?;
                self.call_lambda(&lambda, recv, args).map(Some)
            }
        }
    }
}
