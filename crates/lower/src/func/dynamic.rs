//! Interface values (dynamic dispatch): building the tagged dynamic struct, `is`/`as` tests,
//! and method calls and property reads that `switch` on the tag to each concrete type's
//! implementation. Apart because only interface-typed values take this path.

use hir::export::member_subst;
use hir::{ExprId, FunctionId, GenericArg, ParamDir as HDir, Ty};
use ir::{Arg, BinaryOp, Inst, Literal, Place, SwitchCase, TypeId, TypeKind, ValueId};

use super::{ArgSlot, FnLower, LPlace};
use crate::{InstanceKey, R, Subst, internal, unsupported};

impl FnLower<'_, '_> {
    /// A value of an interface's dynamic struct: from a concrete value (its case's tag) or from
    /// a run-time tag with zero payloads.
    pub(super) fn make_dyn(
        &mut self,
        ty: TypeId,
        cases: &[crate::DynCase],
        value: Option<ValueId>,
        tag: Option<ValueId>,
    ) -> R<ValueId> {
        let field_tys: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => return Err(internal("a dynamic type that is not a struct")),
        };
        if let (Some(v), None) = (value, tag)
            && let Some(d) = self.dyn_from_other_dyn(ty, cases, v)?
        {
            return Ok(d);
        }
        let (tag, own_field) = match (value, tag) {
            (Some(v), _) => {
                let vt = self.vty(v);
                let mut found = None;
                for c in cases {
                    if self.cx.ir_ty(&c.ty)? == vt {
                        found = Some(c.clone());
                    }
                }
                let case = found.ok_or_else(|| {
                    unsupported(
                        "converting this type to the interface: give it a `type_conformance` id",
                    )
                })?;
                (self.lit(Literal::U32(case.id))?, case.field)
            }
            (None, Some(t)) => (t, None),
            (None, None) => return Err(internal("make_dyn")),
        };
        let mut fields = vec![tag];
        for (i, fty) in field_tys.iter().enumerate().skip(1) {
            fields.push(match (own_field, value) {
                (Some(k), Some(v)) if k as usize == i => v,
                _ => self.emit(Inst::Zero, Some(*fty))?,
            });
        }
        self.emit(Inst::Construct(fields), Some(ty))
    }

    /// For `value is T` / `value as T` on an interface value: the payload of case `T` (if it
    /// has one) and whether the value's tag is `T`'s.
    pub(super) fn dyn_case_test(
        &mut self,
        value: ExprId,
        target: &Ty,
    ) -> R<(Option<ValueId>, ValueId)> {
        let v = self.lower_expr(value)?;
        let vt = self.vty(v);
        let cases =
            self.cx.dyn_types.get(&vt).cloned().ok_or_else(|| {
                unsupported("`is`/`as` on a value that is not of an interface type")
            })?;
        let Some(case) = cases.iter().find(|c| c.ty == *target) else {
            // A type that does not conform: never a match.
            return Ok((None, self.lit(Literal::Bool(false))?));
        };
        let tag = self.emit(Inst::Extract(v, 0), None)?;
        let id = self.lit(Literal::U32(case.id))?;
        let matches = self.emit(Inst::Binary(BinaryOp::Eq, tag, id), None)?;
        let payload = match case.field {
            Some(f) => Some(self.emit(Inst::Extract(v, f), None)?),
            None => None,
        };
        Ok((payload, matches))
    }

    /// The type a written type name stands for (the target of `is`): a type of this file.
    pub(super) fn named_type(&self, ty: &hir::export::TypeRef) -> R<Ty> {
        match ty {
            hir::export::TypeRef::Path(p) if p.segments.len() == 1 => {
                let name = p.last_name();
                self.cx
                    .type_decl_by_name(&name)
                    .map(|d| Ty::Adt(d, std::sync::Arc::from([])))
                    .ok_or_else(|| unsupported(format!("`is {name}`: a type of this file")))
            }
            _ => Err(unsupported("`is` with this type")),
        }
    }

    /// A method call on an interface value: a `switch` on its tag calling each concrete type's
    /// implementation; `place` holds the value for `[mutating]` methods (written back).
    pub(super) fn dynamic_call(
        &mut self,
        e: ExprId,
        f: FunctionId,
        iface: &Ty,
        (recv, place): (ValueId, Option<LPlace>),
        explicit: &[GenericArg],
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let sig = hir::fn_sig(self.cx.db, f);
        // A generic requirement (`warp<let N : int>`) is dispatched at the call's own generic
        // arguments: every case instantiates its implementation with them, by position.
        let own: Vec<GenericArg> = match self.recorded_generic_args(e, &sig) {
            Some(own) => own.into_iter().map(|(_, a)| a).collect(),
            None => explicit.to_vec(),
        };
        if own.len() != sig.generics.len() {
            return Err(unsupported(
                "dynamic dispatch of a generic method whose generic arguments are not inferred",
            ));
        }
        let own_subst: Subst = sig.generics.iter().cloned().zip(own.clone()).collect();
        let cases = self
            .cx
            .dyn_types
            .get(&self.vty(recv))
            .cloned()
            .ok_or_else(|| internal("not a dynamic value"))?;
        // Arguments are evaluated once, before the switch; `out`/`inout` ones are places (or
        // temporaries written back after the switch) that every case passes on.
        // A generic interface's parameters (`T` of `IGetter<T>`) as the interface type binds them.
        let iface_subst = member_subst(self.cx.db, self.cx.file, f.loc(self.cx.db), iface);
        // A single-case value (its concrete type known, `exist.rs`): `This` and its associated
        // types are that type's.
        let this_is = match self.cx.exist.of.get(&self.vty(recv)) {
            Some((_, c)) => c.clone(),
            None => iface.clone(),
        };
        let (db, file) = (self.cx.db, self.cx.file);
        let in_iface = |t: &Ty| {
            let t = t
                .subst(&|p| {
                    hir::export::subst_lookup(&iface_subst, &p)
                        .or_else(|| hir::export::subst_lookup(&own_subst, &p))
                })
                .subst_this(&this_is);
            hir::export::normalize(db, file, &t)
        };
        // A parameter pack (`expand each Ts values` of `IAccumulator<each Ts>`) is one
        // parameter per element of the pack the interface type binds.
        let mut params: Vec<(Ty, HDir)> = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            match in_iface(&crate::pack_params::param_pattern_ty(&sig, i)) {
                Ty::Pack(items) => params.extend(items.iter().map(|t| (t.clone(), p.dir))),
                t => params.push((t, p.dir)),
            }
        }
        // `f(expand each args)`: one argument per element (`expr.rs`).
        let slots = self.spread_args(args)?;
        if slots.len() != params.len() {
            return Err(unsupported(
                "dynamic dispatch of a method with default parameters",
            ));
        }
        let mut values = Vec::new();
        let mut writebacks = Vec::new();
        for (slot, (pt, dir)) in slots.into_iter().zip(&params) {
            // A texture, sampler or buffer is no value: each case's instance is bound to the
            // global passed (`resource_args` below).
            if self.cx.is_handle_only(pt) {
                continue;
            }
            let t = self.cx.ir_ty(pt)?;
            let (a, element) = match slot {
                ArgSlot::Expr(a) => (a, None),
                ArgSlot::Element(a, k) => (a, Some(k)),
            };
            let dir = *dir;
            let mut lower = |this: &mut Self| -> R<Arg> {
                Ok(if dir == HDir::In {
                    Arg::Value(this.lower_value_as(a, t)?)
                } else {
                    let lp = this.lvalue(a)?;
                    this.place_arg(lp, t, dir == HDir::InOut, &mut writebacks)?
                })
            };
            values.push(match element {
                Some(k) => self.in_pack_element(k, lower)?,
                None => lower(self)?,
            });
        }
        let ret = self.cx.ir_ty(&in_iface(&sig.ret))?;
        let is_void = self.cx.module.types.is_void(ret);
        let result = (!is_void).then(|| self.new_local("dispatch", ret));
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for case in &cases {
            let want: Vec<Ty> = params.iter().map(|(t, _)| t.clone()).collect();
            let g = self.resolve_requirement_taking(f, &case.ty, &want, Some(args));
            let mut subst = member_subst(self.cx.db, self.cx.file, g.loc(self.cx.db), &case.ty);
            let impl_generics = hir::fn_sig(self.cx.db, g).generics.clone();
            if impl_generics.len() != own.len() {
                return Err(internal(
                    "an implementation with other generic parameters than its requirement",
                ));
            }
            subst.extend(impl_generics.into_iter().zip(own.iter().cloned()));
            let key = InstanceKey {
                exist: Vec::new(),
                fn_args: Vec::new(),
                func: g,
                subst,
                this_ty: Some(case.ty.clone()),
            };
            let body = self.block(|b| {
                let bound = b.resource_args(e, &key, args)?;
                let id = b.cx.resource_instance(key, bound)?;
                let params =
                    b.cx.module
                        .function(id)
                        .map(|f| f.params.clone())
                        .unwrap_or_default();
                let mut call_args = Vec::new();
                let mut rest = params.iter();
                // A `[mutating]` method changes the payload in a temporary written back into
                // the interface value's place.
                let mut this_tmp = None;
                if params.len() == values.len() + 1 {
                    let this_p = rest.next().ok_or_else(|| internal("dispatch"))?;
                    let payload = match case.field {
                        Some(k) => b.emit(Inst::Extract(recv, k), None)?,
                        None => b.emit(Inst::Zero, Some(this_p.ty))?,
                    };
                    if this_p.dir == ir::ParamDir::In {
                        call_args.push(Arg::Value(payload));
                    } else {
                        let tmp = b.new_local("this", this_p.ty);
                        b.stmt(ir::Stmt::Store {
                            place: Place::local(tmp),
                            value: payload,
                        });
                        call_args.push(Arg::Place(Place::local(tmp)));
                        this_tmp = Some(tmp);
                    }
                }
                for (v, p) in values.iter().zip(rest) {
                    call_args.push(match v {
                        Arg::Value(v) => Arg::Value(b.coerce_in_case(*v, p.ty, case.id)?),
                        place => place.clone(),
                    });
                }
                let r = b.emit(Inst::Call(id, call_args), None)?;
                if let Some(l) = result {
                    let r = b.coerce_in_case(r, ret, case.id)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: r,
                    });
                }
                if let (Some(tmp), Some(lp), Some(k)) = (this_tmp, &place, case.field) {
                    let new = b.emit(Inst::Load(Place::local(tmp)), None)?;
                    let whole = b.replace_field(recv, k, new)?;
                    b.store_lplace(lp, whole)?;
                }
                Ok(())
            })?;
            if cases.len() == 1 && self.cx.exist.of.contains_key(&self.vty(recv)) {
                // A single-case value (its concrete type known): the call, without a switch.
                if let Some(b) = self.blocks.last_mut() {
                    b.extend(body);
                }
                switch_cases.clear();
                break;
            }
            switch_cases.push(SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        if !switch_cases.is_empty() {
            self.emit_tag_switch(tag, switch_cases);
        }
        for (lp, tmp) in writebacks {
            let x = self.emit(Inst::Load(Place::local(tmp)), None)?;
            self.store_lplace(&lp, x)?;
        }
        match result {
            Some(l) => self.emit(Inst::Load(Place::local(l)), None).map(Some),
            None => Ok(None),
        }
    }

    /// `value` with its field `k` replaced by `new`.
    fn replace_field(&mut self, value: ValueId, k: u32, new: ValueId) -> R<ValueId> {
        let count = match self.kind(self.vty(value)) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map_or(0, |s| s.fields.len() as u32),
            _ => return Err(internal("a dynamic value that is not a struct")),
        };
        let mut fields = Vec::new();
        for i in 0..count {
            fields.push(if i == k {
                new
            } else {
                self.emit(Inst::Extract(value, i), None)?
            });
        }
        let ty = self.vty(value);
        self.emit(Inst::Construct(fields), Some(ty))
    }

    /// A property read on an interface value: a `switch` on its tag reading each concrete type's
    /// property or the stored field that satisfies the requirement.
    pub(super) fn dynamic_property_get(
        &mut self,
        p: hir::PropertyId,
        recv: ValueId,
        iface: &Ty,
    ) -> R<ValueId> {
        let cases = self
            .cx
            .dyn_types
            .get(&self.vty(recv))
            .cloned()
            .ok_or_else(|| internal("not a dynamic value"))?;
        let iface_subst = member_subst(self.cx.db, self.cx.file, p.loc(self.cx.db), iface);
        let ret = hir::export::property_ty(self.cx.db, p)
            .subst(&|g| hir::export::subst_lookup(&iface_subst, &g))
            .subst_this(iface);
        let ret = self.cx.ir_ty(&ret)?;
        self.switch_on_tag(recv, &cases, ret, |b, case, payload| {
            let v = b.property_get(p, payload, &case.ty)?;
            b.coerce(v, ret)
        })
    }

    /// The `switch` on an interface value's tag: `cases`, one per conformance id.
    pub(super) fn emit_tag_switch(&mut self, tag: ValueId, mut cases: Vec<ir::SwitchCase>) {
        // As slangc's dispatch: the last case is also the default, so a tag no conformance has
        // (an object made with another id) runs it, and one conformance is a direct call.
        match cases.last_mut() {
            Some(last) => last.is_default = true,
            None => cases.push(ir::SwitchCase {
                values: Vec::new(),
                is_default: true,
                body: Vec::new(),
                fallthrough: false,
            }),
        }
        self.stmt(ir::Stmt::Switch {
            selector: tag,
            cases,
        });
    }

    /// A value of type `ret` read from an interface value `recv` of `cases`: a `switch` on its
    /// tag where each case computes it from its payload (the concrete value) with `read`.
    pub(super) fn switch_on_tag(
        &mut self,
        recv: ValueId,
        cases: &[crate::DynCase],
        ret: TypeId,
        mut read: impl FnMut(&mut Self, &crate::DynCase, ValueId) -> R<ValueId>,
    ) -> R<ValueId> {
        let result = self.new_local("dispatch", ret);
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for case in cases {
            let body = self.block(|b| {
                let payload = match case.field {
                    Some(k) => b.emit(Inst::Extract(recv, k), None)?,
                    None => {
                        let t = b.cx.ir_ty(&case.ty)?;
                        b.emit(Inst::Zero, Some(t))?
                    }
                };
                let v = read(b, case, payload)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(result),
                    value: v,
                });
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
        self.emit(Inst::Load(Place::local(result)), None)
    }
}
