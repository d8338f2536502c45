//! Calls of functions returning `Ref<T>` used as places (`f(i) = v`, `f(i) += 1`, `g(f(i))`
//! with an `inout` parameter). WGSL and SPIR-V functions cannot hand back a reference into
//! their caller's memory, so such a function has two IR instances: the getter (the function as
//! written, returning the value its `return` names) and a setter (the same body with one more
//! parameter, whose `return place;` stores that parameter to `place` instead). A place reads
//! through the getter and writes through the setter, with the arguments evaluated once.
//! Function-local `static`s are one global for both (`shared_static_local`).

use hir::{Expr, ExprId, ExprRes};
use ir::{Arg, FuncId, Inst, Place, TypeId, ValueId};
use rustc_hash::FxHashMap;

use super::{FnLower, LPlace};
use crate::{Ctx, InstanceKey, R, internal, unsupported};

/// A call's IR arguments and the `out`/`inout` temporaries copied back after it.
type CallArgs = (Vec<Arg>, Vec<(LPlace, ir::LocalId)>);

/// What lowering `Ref` calls keeps across functions.
#[derive(Default)]
pub(crate) struct RefState {
    /// The setter instance of each getter.
    setters: FxHashMap<FuncId, FuncId>,
    /// Each setter's getter and the index of its value parameter.
    setter_of: FxHashMap<FuncId, (FuncId, u32)>,
    /// The call being lowered as a place (the function lowering it, the call): `call_keyed`
    /// hands its callee and arguments here instead of emitting the call.
    capture: Option<(FuncId, ExprId)>,
    captured: Option<RefCall>,
    /// Function-local `static`s by (getter instance, local): the global and its
    /// initialisation flag.
    statics: FxHashMap<(FuncId, hir::LocalId), (ir::GlobalId, Option<ir::GlobalId>)>,
}

/// The memory a `Ref`-returning call names: read by calling the getter, written by calling the
/// setter with the value appended; `out`/`inout` arguments of the call are copied back after
/// either.
#[derive(Clone, Debug)]
pub(super) struct RefCall {
    getter: FuncId,
    setter: FuncId,
    args: Vec<Arg>,
    writebacks: Vec<(LPlace, ir::LocalId)>,
    pub(super) ty: TypeId,
}

impl Ctx<'_> {
    /// The setter instance of the getter `getter` (instance `key`), declared and queued on first use.
    pub(super) fn ref_setter(&mut self, key: &InstanceKey, getter: FuncId) -> R<FuncId> {
        if let Some(s) = self.refs.setters.get(&getter) {
            return Ok(*s);
        }
        let g = self
            .module
            .function(getter)
            .cloned()
            .ok_or_else(|| internal("a declared function is missing"))?;
        let mut params = g.params.clone();
        // A method writes through its `this`: the setter takes it `inout`.
        let sig = hir::fn_sig(self.db, key.func);
        if sig.is_member
            && !sig.is_static
            && let Some(this) = params.first_mut()
        {
            this.dir = ir::ParamDir::InOut;
        }
        let value_index = params.len() as u32;
        params.push(ir::Param {
            name: "value".into(),
            ty: g.ret,
            dir: ir::ParamDir::In,
        });
        let void = self.module.types.void();
        let name = self.fresh_name(&format!("{}_set", g.name));
        let id = self.module.declare_function(&name, params, void);
        self.refs.setters.insert(getter, id);
        self.refs.setter_of.insert(id, (getter, value_index));
        if let Some(b) = self.resource_params.get(&getter).cloned() {
            self.resource_params.insert(id, b);
        }
        if let Some(v) = self.fn_arg_values.get(&getter).cloned() {
            self.fn_arg_values.insert(id, v);
        }
        self.pending.push((key.clone(), id));
        Ok(id)
    }

    /// Whether `id` is the setter instance of a `Ref`-returning function.
    pub(crate) fn is_ref_setter(&self, id: FuncId) -> bool {
        self.refs.setter_of.contains_key(&id)
    }
}

impl FnLower<'_, '_> {
    /// `e` as a place when it is a call of a function returning `Ref<T>`.
    pub(super) fn ref_call_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        let Expr::Call { callee, args } = self.body.exprs[e].clone() else {
            return Ok(None);
        };
        let Some(ExprRes::Function(f)) = self.res(e) else {
            return Ok(None);
        };
        if !hir::fn_sig(self.cx.db, f).returns_ref {
            return Ok(None);
        }
        let outer = self.cx.refs.capture.replace((self.id, e));
        let outer_captured = self.cx.refs.captured.take();
        let lowered = self.lower_call(e, callee, &args);
        self.cx.refs.capture = outer;
        let captured = std::mem::replace(&mut self.cx.refs.captured, outer_captured);
        lowered?;
        captured.map(|c| Some(LPlace::RefCall(Box::new(c)))).ok_or_else(|| {
            unsupported("writing through the `Ref` returned by this call (a method of an interface value, an intrinsic or a throwing function)")
        })
    }

    /// In `call_keyed`: when `e` is the call being lowered as a place, keeps its callee
    /// (instance `key`, IR function `id`) and arguments and emits nothing.
    /// Whether the call `e` is being lowered as a place (its receiver is then passed as a
    /// place, which the setter writes).
    pub(super) fn capturing_ref_call(&self, e: ExprId) -> bool {
        self.cx.refs.capture == Some((self.id, e))
    }

    pub(super) fn capture_ref_call(
        &mut self,
        e: ExprId,
        key: &InstanceKey,
        id: FuncId,
        args: Vec<Arg>,
        writebacks: Vec<(LPlace, ir::LocalId)>,
    ) -> R<Option<CallArgs>> {
        if self.cx.refs.capture != Some((self.id, e)) {
            return Ok(Some((args, writebacks)));
        }
        let setter = self.cx.ref_setter(key, id)?;
        let ty = self
            .cx
            .module
            .function(id)
            .map(|f| f.ret)
            .ok_or_else(|| internal("a declared function is missing"))?;
        self.cx.refs.captured = Some(RefCall {
            getter: id,
            setter,
            args,
            writebacks,
            ty,
        });
        Ok(None)
    }

    pub(super) fn load_ref_call(&mut self, r: &RefCall) -> R<ValueId> {
        // The receiver is a place for the setter; the getter may take it by value.
        let params = self
            .cx
            .module
            .function(r.getter)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        let mut args = Vec::with_capacity(r.args.len());
        for (a, p) in r.args.iter().zip(&params) {
            args.push(match a {
                Arg::Place(place) if p.dir == ir::ParamDir::In => {
                    Arg::Value(self.emit(Inst::Load(place.clone()), None)?)
                }
                a => a.clone(),
            });
        }
        let v = self.emit_call(r.getter, args, r.writebacks.clone())?;
        v.ok_or_else(|| internal("a `Ref` getter without a value"))
    }

    pub(super) fn store_ref_call(&mut self, r: &RefCall, v: ValueId) -> R<()> {
        let mut args = r.args.clone();
        args.push(Arg::Value(v));
        self.emit_call(r.setter, args, r.writebacks.clone())?;
        Ok(())
    }

    /// In a setter instance, `return place;` stores the value parameter to `place`. `None`
    /// when this function is not a setter.
    pub(super) fn ref_setter_return(&mut self, value: Option<ExprId>) -> R<Option<()>> {
        let Some(&(_, value_param)) = self.cx.refs.setter_of.get(&self.id) else {
            return Ok(None);
        };
        if let Some(v) = value {
            let place = self.lvalue(v)?;
            let x = self.emit(Inst::Load(Place::param(value_param)), None)?;
            self.store_lplace(&place, x)?;
        }
        self.stmt(ir::Stmt::Return(None));
        Ok(Some(()))
    }

    /// The globals of the function-local `static` `local` when the getter or setter of the
    /// same function made them already (both must use one variable).
    pub(super) fn shared_static_local(
        &self,
        local: hir::LocalId,
    ) -> Option<(ir::GlobalId, Option<ir::GlobalId>)> {
        self.cx
            .refs
            .statics
            .get(&(self.ref_owner(), local))
            .copied()
    }

    pub(super) fn record_static_local(
        &mut self,
        local: hir::LocalId,
        globals: (ir::GlobalId, Option<ir::GlobalId>),
    ) {
        let owner = self.ref_owner();
        self.cx.refs.statics.insert((owner, local), globals);
    }

    /// The getter instance for a setter, else this function.
    fn ref_owner(&self) -> FuncId {
        self.cx
            .refs
            .setter_of
            .get(&self.id)
            .map_or(self.id, |(g, _)| *g)
    }
}
