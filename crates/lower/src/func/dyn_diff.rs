//! The derivative of a static requirement called through an interface value
//! (`obj.calc.fwd_diff(dpx)` with `IInterface obj`): a `switch` on the value's tag calling the
//! derivative of each concrete type's implementation, as a call of the primal dispatches.

use hir::export::member_subst;
use hir::{DiffKind, Expr, ExprId, FunctionId, ItemKind};
use ir::{Inst, Place, SwitchCase, ValueId};

use super::{FnLower, LPlace};
use crate::{InstanceKey, R, internal, unsupported};

impl FnLower<'_, '_> {
    /// `Some` when `inner` (the function under the derivative operators) is a member of an
    /// interface value whose lowered value is dynamic; the call through its cases.
    pub(super) fn dynamic_diff_call(
        &mut self,
        f: FunctionId,
        inner: ExprId,
        kinds: &[DiffKind],
        args: &[ExprId],
    ) -> R<Option<Option<ValueId>>> {
        let db = self.cx.db;
        let in_interface = f.loc(db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface);
        let Expr::Field { base, .. } = &self.body.exprs[inner] else {
            return Ok(None);
        };
        let base = *base;
        if !in_interface || !self.cx.is_interface(&self.ety(base)) {
            return Ok(None);
        }
        let sig = hir::fn_sig(db, f);
        if !sig.is_static || !sig.generics.is_empty() {
            return Err(unsupported(
                "the derivative of a non-static or generic method called through an interface value",
            ));
        }
        let recv = self.lower_expr(base)?;
        let Some(cases) = self.cx.dyn_types.get(&self.vty(recv)).cloned() else {
            return Ok(None);
        };
        // Each case's derivative; they take the same parameters (the requirement's).
        let mut derivs = Vec::new();
        for case in &cases {
            let this = Some(case.ty.clone());
            let g = self.resolve_requirement(f, &this, Some(args));
            if g == f {
                return Err(unsupported(format!(
                    "the derivative of `{}` for a type that does not implement it",
                    hir::fn_data(db, f).name
                )));
            }
            let key = InstanceKey {
                exist: Vec::new(),
                fn_args: Vec::new(),
                func: g,
                subst: member_subst(db, self.cx.file, g.loc(db), &case.ty),
                this_ty: Some(case.ty.clone()),
            };
            let primal = self.cx.instance(key)?;
            derivs.push(self.cx.derivative(primal, kinds)?);
        }
        let first = *derivs
            .first()
            .ok_or_else(|| internal("an interface without cases"))?;
        let params = self
            .cx
            .module
            .function(first)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        for d in &derivs {
            let same = self.cx.module.function(*d).is_some_and(|g| {
                g.params
                    .iter()
                    .map(|p| p.ty)
                    .eq(params.iter().map(|p| p.ty))
            });
            if !same {
                return Err(unsupported(
                    "derivatives of one requirement whose implementations take different types",
                ));
            }
        }
        if params.len() != args.len() {
            return Err(unsupported(format!(
                "a derivative call with {} arguments (the derivative takes {})",
                args.len(),
                params.len()
            )));
        }
        let mut ir_args = Vec::new();
        let mut writebacks: Vec<(LPlace, ir::LocalId)> = Vec::new();
        for (p, a) in params.iter().zip(args) {
            let arg = match self.primal_as_pair(*a, p)? {
                Some(arg) => arg,
                None => self.lower_arg(*a, p, &mut writebacks)?,
            };
            ir_args.push(arg);
        }
        let ret = self.cx.module.function(first).map(|f| f.ret);
        let ret = ret.ok_or_else(|| internal("a derivative without a function"))?;
        let result = (!self.cx.module.types.is_void(ret)).then(|| self.new_local("dispatch", ret));
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for (case, d) in cases.iter().zip(&derivs) {
            let call_args = ir_args.clone();
            let body = self.block(|b| {
                let r = b.emit(Inst::Call(*d, call_args), None)?;
                if let Some(l) = result {
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: r,
                    });
                }
                Ok(())
            })?;
            switch_cases.push(SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        self.emit_tag_switch(tag, switch_cases);
        for (lp, tmp) in writebacks {
            let x = self.emit(Inst::Load(Place::local(tmp)), None)?;
            self.store_lplace(&lp, x)?;
        }
        match result {
            Some(l) => self
                .emit(Inst::Load(Place::local(l)), None)
                .map(|v| Some(Some(v))),
            None => Ok(Some(None)),
        }
    }
}
