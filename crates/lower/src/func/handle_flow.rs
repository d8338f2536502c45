//! Resources flowing out of functions: a function that returns a texture, sampler or buffer
//! (or a struct holding them), or assigns one to an `out`/`inout` parameter or to a field of a
//! mutating `this`, hands the caller the globals they name. Each instance is already
//! specialised to the globals its resource arguments name (`resource_instance`), so what it
//! hands back is known once its body is lowered: a call of such a function lowers the callee
//! first (when it is not lowered yet), then binds the call's value and its `out` arguments to
//! the callee's outputs ([`HandleOutputs`]).
//!
//! A function must hand back the same globals on every path (WGSL has no resource values); a
//! variable may be given another global only outside branches and loops, where the order of
//! the code is the order it runs in.

use hir::{ExprId, FnKind, ParamDir as HDir, Ty};
use ir::ValueId;
use rustc_hash::FxHashMap;

use super::FnLower;
use crate::{Handles, InstanceKey, R, THIS_PARAM, apply, unsupported};

/// What a lowered instance hands back in resources.
#[derive(Clone, Debug, Default)]
pub(crate) struct HandleOutputs {
    /// The return value's handles (when the return type is or holds resources).
    pub ret: Option<Handles>,
    /// Each `out`/`inout` parameter's handles at exit ([`THIS_PARAM`] for a mutating `this`).
    pub params: Vec<(u32, Handles)>,
}

/// Per function being lowered.
#[derive(Default)]
pub(super) struct FlowState {
    /// The handles every `return` so far gave.
    ret: Option<Handles>,
    /// Handles of calls already lowered, by call expression.
    call_handles: FxHashMap<ExprId, Handles>,
    /// Values of calls lowered for their handles first, taken when their value is lowered.
    call_values: FxHashMap<ExprId, ValueId>,
}

fn differing_returns() -> crate::LowerError {
    crate::LowerError {
        code: "E4104",
        message: "a function returning different textures, samplers or buffers (or structs \
                  holding different ones) on different paths cannot be compiled for WGSL or \
                  SPIR-V: which one it returns would depend on control flow, and these targets \
                  have no resource values; return one global, or pass the choice as a value \
                  and branch where the resource is used"
            .to_string(),
        ..unsupported("")
    }
}

impl crate::Ctx<'_> {
    /// Whether instances of `key` can hand resources back to their callers.
    pub(super) fn has_handle_outputs(&self, key: &InstanceKey) -> bool {
        let sig = hir::fn_sig(self.db, key.func);
        let this = key.this_ty.as_ref();
        let data = hir::fn_data(self.db, key.func);
        if data.kind != FnKind::Init && self.has_handles(&apply(&key.subst, this, &sig.ret)) {
            return true;
        }
        if sig.is_mutating && this.is_some_and(|t| self.holds_resources(t)) {
            return true;
        }
        sig.params
            .iter()
            .any(|p| p.dir != HDir::In && self.has_handles(&apply(&key.subst, this, &p.ty)))
    }

    /// Whether the return type of `key` is a resource itself (no IR value: a `void` function).
    pub(super) fn returns_handle_only(&self, key: &InstanceKey) -> bool {
        let sig = hir::fn_sig(self.db, key.func);
        let ret = apply(&key.subst, key.this_ty.as_ref(), &sig.ret);
        hir::fn_data(self.db, key.func).kind != FnKind::Init && self.is_handle_only(&ret)
    }
}

impl FnLower<'_, '_> {
    /// `return e;` in a function returning resources: records the globals `e` names. Gives
    /// `true` when the return type is a resource itself (the `return` then has no value).
    pub(super) fn return_handles(&mut self, value: ExprId) -> R<bool> {
        let ty = self.ety(value);
        if !self.has_handles(&ty) {
            return Ok(false);
        }
        let handles = self.handles_of(value)?;
        match &self.flow.ret {
            Some(prev) if *prev != handles => return Err(differing_returns()),
            Some(_) => {}
            None => self.flow.ret = Some(handles),
        }
        Ok(self.cx.is_handle_only(&self.instance_ty(&ty)))
    }

    fn instance_ty(&self, ty: &Ty) -> Ty {
        apply(&self.subst, self.this_ty.as_ref(), ty)
    }

    /// At the end of a function's body: what it hands back.
    pub(super) fn finish_handle_outputs(&mut self) -> R<Option<HandleOutputs>> {
        let hir::ItemDef::Function(func) = self.item else {
            return Ok(None);
        };
        let sig = hir::fn_sig(self.cx.db, func);
        let mut params = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            if p.dir != HDir::In && self.has_handles(&p.ty) {
                params.push((i as u32, self.param_handles_of(i as u32)?));
            }
        }
        if sig.is_mutating
            && let Some(h) = self.this_handles.clone()
        {
            params.push((THIS_PARAM, h));
        }
        let ret = self.flow.ret.take();
        if ret.is_none() && params.is_empty() {
            return Ok(None);
        }
        Ok(Some(HandleOutputs { ret, params }))
    }

    /// Before a call of instance `id` of `key`: the callee lowered now when it hands resources
    /// back and is not lowered yet.
    pub(super) fn lower_for_outputs(&mut self, key: &InstanceKey, id: ir::FuncId) -> R<()> {
        if !self.cx.has_handle_outputs(key) || self.cx.handle_outputs.contains_key(&id) {
            return Ok(());
        }
        if self.cx.lowering_now.contains(&id) {
            return Err(unsupported(
                "a recursive call of a function that hands back textures, samplers or buffers",
            ));
        }
        if let Some(pos) = self.cx.pending.iter().position(|(_, f)| *f == id) {
            let (k, f) = self.cx.pending.remove(pos);
            super::lower_instance(self.cx, k, f)?;
        }
        Ok(())
    }

    /// After a call of `id` (expression `call`, arguments `args`, receiver `recv`): binds the
    /// `out` arguments, the receiver and the call's value to what the callee hands back.
    pub(super) fn bind_call_outputs(
        &mut self,
        call: ExprId,
        id: ir::FuncId,
        args: &[ExprId],
    ) -> R<()> {
        let Some(out) = self.cx.handle_outputs.get(&id).cloned() else {
            return Ok(());
        };
        for (i, handles) in out.params {
            let target = if i == THIS_PARAM {
                match self.call_receiver(call) {
                    Some(r) => r,
                    None => {
                        // A mutating method called on `this` inside another method.
                        self.rebind_this(handles)?;
                        continue;
                    }
                }
            } else {
                match args.get(i as usize) {
                    Some(a) => *a,
                    None => continue,
                }
            };
            self.bind_expr_handles(target, handles)?;
        }
        if let Some(ret) = out.ret {
            self.flow.call_handles.insert(call, ret);
        }
        Ok(())
    }

    /// The handles of call `call` (a call of a function, not a constructor): lowered now
    /// unless it was already, its value kept for when the call's value is lowered.
    pub(super) fn call_handles(
        &mut self,
        call: ExprId,
        callee: ExprId,
        args: &[ExprId],
    ) -> R<Handles> {
        if let Some(h) = self.flow.call_handles.remove(&call) {
            return Ok(h);
        }
        if let Some(v) = self.lower_call(call, callee, args)? {
            self.flow.call_values.insert(call, v);
        }
        self.flow.call_handles.remove(&call).ok_or_else(|| {
            unsupported(
                "a call returning a texture, sampler or buffer, or a struct holding them, \
                 through an interface or an intrinsic (each resource must name a global where \
                 it is used)",
            )
        })
    }

    /// The value of call `call` when it was lowered already for its handles.
    pub(super) fn take_call_value(&mut self, call: ExprId) -> Option<ValueId> {
        self.flow.call_values.remove(&call)
    }
}
