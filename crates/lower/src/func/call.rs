//! Calls: callee resolution (overloads, interface requirements on concrete types, builtin
//! requirements), binding generic arguments into instance keys, argument passing with
//! copy-in copy-out for `out`/`inout`, and `fwd_diff`/`bwd_diff` calls. Apart as the largest
//! concern that is neither a plain expression nor an intrinsic.

use hir::export::{BinaryOp as HOp, lookup_member_items, member_subst, normalize};
use hir::{Expr, ExprId, ExprRes, FnKind, FunctionId, GenericArg, ItemDef, ItemKind, Len, Ty};
use ir::{Arg, Inst, Literal, Place, TypeId, UnaryOp, ValueId};

use super::{ArgSlot, FnLower, LPlace, Recv};
use crate::{InstanceKey, R, Subst, apply, internal, unsupported};

impl FnLower<'_, '_> {
    /// Lowers a call; `None` for `void` results.
    pub(super) fn lower_call(
        &mut self,
        e: ExprId,
        callee: ExprId,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let (target, explicit) = match &self.body.exprs[callee] {
            Expr::GenericApply { base, args } => (*base, Some(args.clone())),
            _ => (callee, None),
        };
        // `__first(D)` of a bound value pack.
        if let Some(Len::Known(n)) = crate::value_packs::value_pack_expr(&self.subst, &self.body, e)
        {
            return self.lit(Literal::I32(n as i32)).map(Some);
        }
        if matches!(self.body.exprs[target], Expr::Diff { .. }) {
            let range = self.body.expr_range(target);
            return self
                .lower_diff_call(e, target, args)
                .map_err(|x| self.locate(x, range));
        }
        if let Expr::Field { base, name, .. } = &self.body.exprs[target]
            && name == "getCount"
            && args.is_empty()
            && let Ty::Array(_, Len::Known(n)) = self.ety(*base)
        {
            return self.lit(Literal::I32(n as i32)).map(Some);
        }
        if let Expr::Field { base, name, .. } = &self.body.exprs[target]
            && name == "getCount"
            && args.is_empty()
            && let Some(n) = self.unsized_count(*base)?
        {
            return self.lit(Literal::I32(n as i32)).map(Some);
        }
        let type_callee = match self.res(callee).or_else(|| self.res(target)) {
            Some(ExprRes::Type(t)) => Some(t),
            _ => None,
        };
        if let Some(ty) = type_callee {
            let ty = normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), &ty),
            );
            if let Some(ExprRes::Function(init)) = self.res(e) {
                // `T()` for `T : IDefaultInitializable` on a struct without an `__init()` of its
                // own: the implicit constructor (field defaults).
                let implicit = args.is_empty()
                    && self.resolve_requirement(init, &Some(ty.clone()), None) == init
                    && init.loc(self.cx.db).parent().and_then(|p| p.kind())
                        == Some(ItemKind::Interface)
                    && !self.cx.is_interface(&ty);
                if !implicit {
                    return self.call_function(e, init, Some(ty), None, None, args);
                }
            }
            return self.construct(e, &ty, args).map(Some);
        }
        if let Expr::Path(p) = &self.body.exprs[target]
            && p.last_name() == "makeTuple"
            && !matches!(self.res(e), Some(ExprRes::Function(_)))
        {
            let ty = self.ety(e);
            let t = self.ir_ty(&ty)?;
            if args
                .iter()
                .any(|a| matches!(self.body.exprs[*a], Expr::Expand(_)) || self.is_bare_pack(*a))
            {
                return self.lower_spread_tuple(args, t).map(Some);
            }
            return self.lower_init_list(args, t).map(Some);
        }
        if let Expr::Path(p) = &self.body.exprs[target]
            && matches!(p.last_name().as_str(), "printf" | "print")
            && !matches!(self.res(e), Some(ExprRes::Function(_)))
        {
            return self.lower_printf(args);
        }
        if !matches!(self.res(e), Some(ExprRes::Function(_)))
            && let Ty::Lambda(lambda) = self.ety(target)
        {
            let recv = self.lower_expr(target)?;
            return self.call_lambda(&lambda, recv, args);
        }
        let Some(ExprRes::Function(f)) = self.res(e) else {
            let name = match &self.body.exprs[target] {
                Expr::Path(p) => p.last_name().to_string(),
                Expr::Field { name, .. } => name.to_string(),
                _ => "this callee".into(),
            };
            return Err(unsupported(format!("a call to `{name}`")));
        };
        let sig = hir::fn_sig(self.cx.db, f);
        // A path or member naming the function is a method call; anything else (a local, a
        // field, a call's result) is the value `operator()` is called on.
        let names_function = matches!(self.body.exprs[target], Expr::Path(_) | Expr::Field { .. })
            && matches!(self.res(target), Some(ExprRes::Function(_)));
        if hir::fn_data(self.cx.db, f).name == hir::CALL_OPERATOR && !names_function {
            // `f(x)` on a value: `operator()` with the callee as receiver.
            let recv_ty = self.ety(target);
            let recv = if sig.is_mutating {
                Recv::Place(self.lvalue(target)?)
            } else {
                Recv::Value(self.lower_expr(target)?)
            };
            return self.call_function(e, f, Some(recv_ty), Some(recv), None, args);
        }
        match self.body.exprs[target].clone() {
            Expr::Field { base, .. }
                if !matches!(
                    self.res(base),
                    Some(ExprRes::Type(_)) | Some(ExprRes::Namespace)
                ) && sig.is_member =>
            {
                let bt = self.resource_view_ty(base);
                // `p->method()`: the method of what the pointer points at.
                if !sig.is_static
                    && let Some((recv, pt)) =
                        self.pointer_receiver(base, &bt, f, sig.is_mutating)?
                {
                    let (recv, pt) = self.inherited_receiver(f, recv, pt)?;
                    return self.call_function(
                        e,
                        f,
                        Some(pt),
                        Some(recv),
                        explicit.as_deref(),
                        args,
                    );
                }
                if sig.is_static && self.cx.is_interface(&bt) {
                    // `obj.staticMethod()` on an interface value: dispatched on its tag.
                    let v = self.lower_expr(base)?;
                    if self.cx.dyn_types.contains_key(&self.vty(v)) {
                        let explicit = self.explicit_args(e, f, explicit.as_deref())?;
                        return self.dynamic_call(e, f, &bt, (v, None), &explicit, args);
                    }
                }
                if sig.is_static {
                    return self.call_function(e, f, Some(bt), None, explicit.as_deref(), args);
                }
                let recv = if sig.is_mutating || self.cx.adt_arg(&bt, "Atomic").is_some() {
                    Recv::Place(self.lvalue(base)?)
                } else if self.cx.buffer_elem(&bt).is_some() || self.cx.texture_elem(&bt).is_some()
                {
                    Recv::Buffer(base)
                } else {
                    Recv::Value(self.lower_expr(base)?)
                };
                let (recv, bt) = self.inherited_receiver(f, recv, bt)?;
                self.call_function(e, f, Some(bt), Some(recv), explicit.as_deref(), args)
            }
            Expr::Field { base, .. } if sig.is_member => {
                let ty = match self.res(base) {
                    Some(ExprRes::Type(t)) => Some(normalize(
                        self.cx.db,
                        self.cx.file,
                        &apply(&self.subst, self.this_ty.as_ref(), &t),
                    )),
                    _ => None,
                };
                // `obj.Assoc::staticMethod()`: dispatched on `obj`'s tag.
                if sig.is_static
                    && let Some(t) = &ty
                    && let Some(recv) = self.assoc_type_receiver(base, t)?
                {
                    let explicit = self.explicit_args(e, f, explicit.as_deref())?;
                    return self.dynamic_call(e, f, t, (recv, None), &explicit, args);
                }
                self.call_function(e, f, ty, None, explicit.as_deref(), args)
            }
            _ if sig.is_member && !sig.is_static => {
                // A method named without `this.`.
                let this = self
                    .this_place
                    .clone()
                    .ok_or_else(|| unsupported("a method call without `this`"))?;
                let recv = if sig.is_mutating {
                    Recv::Place(LPlace::Mem(this))
                } else {
                    Recv::Value(self.emit(Inst::Load(this), None)?)
                };
                let (recv, this_ty) = match self.this_ty.clone() {
                    Some(t) => {
                        let (recv, t) = self.inherited_receiver(f, recv, t)?;
                        (recv, Some(t))
                    }
                    None => (recv, None),
                };
                self.call_function(e, f, this_ty, Some(recv), explicit.as_deref(), args)
            }
            _ if sig.is_member => {
                // `T::f()` / `Type::f()`: the static member of the type the path names.
                let this_ty = self
                    .path_owner_type(target)
                    .or_else(|| self.this_ty.clone());
                self.call_function(e, f, this_ty, None, explicit.as_deref(), args)
            }
            _ => self.call_function(e, f, None, None, explicit.as_deref(), args),
        }
    }

    /// Binds the generic parameters of `f` from argument and result types.
    fn instance_key(
        &mut self,
        e: ExprId,
        f: FunctionId,
        this_ty: Option<Ty>,
        explicit: &[GenericArg],
        args: &[ExprId],
    ) -> R<InstanceKey> {
        let db = self.cx.db;
        let sig = hir::fn_sig(db, f);
        // A method called on a `ParameterBlock<S>` / `ConstantBuffer<S>` is `S`'s (the blocks
        // have no members): `S`'s generic arguments come from it.
        let this_ty = this_ty.map(|t| self.cx.uniform_block_arg(&t).unwrap_or(t));
        let outer = match &this_ty {
            Some(t) => super::concrete_recv::close_over_owner(
                member_subst(db, self.cx.file, f.loc(db), t),
                Some(t),
            ),
            None => Vec::new(),
        };
        let mut own: Subst = match self.recorded_generic_args(e, &sig) {
            Some(own) => own,
            None => sig
                .generics
                .iter()
                .cloned()
                .zip(explicit.iter().cloned())
                .collect(),
        };
        if !sig.generics.is_empty() && own.len() < sig.generics.len() {
            // Fallback where hir records no generic arguments: unary operators on structs
            // (`-c` calling a generic `operator-`), which hir types without resolving a call.
            let this = this_ty.as_ref();
            let ret = apply(&outer, this, &sig.ret);
            let result = self.ety(e);
            unify(&ret, &result, &sig.generics, &mut own);
            for (p, a) in sig.params.iter().zip(args) {
                let pt = apply(&outer, this, &p.ty);
                let at = self.ety(*a);
                unify(&pt, &at, &sig.generics, &mut own);
            }
        }
        let mut subst = outer;
        for g in &sig.generics {
            match hir::export::subst_lookup(&own, g) {
                Some(a) => subst.push((g.clone(), a)),
                None => {
                    return Err(unsupported(format!(
                        "a call whose generic argument `{}` is not inferred from its arguments",
                        g.name
                    )));
                }
            }
        }
        Ok(InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: f,
            subst,
            this_ty: if sig.is_member { this_ty } else { None },
        })
    }

    /// The callee's own generic arguments that hir chose for the call `e`
    /// (`hir::call_generic_args`), in this instance's terms. hir records them for the
    /// declaration it resolved; when lowering calls another one (an interface requirement's
    /// implementation on a concrete type) they carry over by position.
    pub(super) fn recorded_generic_args(&self, e: ExprId, sig: &hir::FnSig) -> Option<Subst> {
        let recorded = self.infer.generic_args_of(e)?;
        let own: Vec<&GenericArg> = recorded
            .iter()
            .filter(|(p, _)| matches!(p.owner, hir::export::GenericOwner::Function(_)))
            .map(|(_, a)| a)
            .collect();
        if own.len() != sig.generics.len() {
            return None;
        }
        Some(
            sig.generics
                .iter()
                .zip(own)
                .map(|(g, a)| (g.clone(), self.instance_arg(a)))
                .collect(),
        )
    }

    /// A generic argument written in this function's terms, with this instance's bindings.
    pub(super) fn instance_arg(&self, a: &GenericArg) -> GenericArg {
        match a {
            GenericArg::Type(t) => GenericArg::Type(normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), t),
            )),
            GenericArg::Value(v) => {
                GenericArg::Value(v.subst(&|p| hir::export::subst_lookup(&self.subst, &p)))
            }
        }
    }

    /// An interface requirement called on a concrete type: the type's implementation.
    pub(super) fn resolve_requirement(
        &self,
        f: FunctionId,
        this_ty: &Option<Ty>,
        call_args: Option<&[ExprId]>,
    ) -> FunctionId {
        let db = self.cx.db;
        let Some(this) = this_ty else { return f };
        let in_interface = f.loc(db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface);
        if !in_interface || matches!(this, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
            return f;
        }
        let data = hir::fn_data(db, f);
        let req_sig = hir::fn_sig(db, f);
        // A requirement with a parameter pack (`IFunc`'s `operator()`) is met by a method taking
        // the pack's types: as many parameters as the call has arguments, and among overloads
        // (`operator()(int)` and `operator()(float3)`) the one taking the arguments' types.
        // (A pack of the interface, `accumulate(expand each Ts)` of `IAccumulator<each Ts>`,
        // likewise.)
        let has_pack = req_sig.variadic_from.is_some()
            || req_sig
                .params
                .iter()
                .any(|p| matches!(p.ty, Ty::Expand(..)));
        let pack_args = call_args.filter(|_| has_pack);
        // `f(expand each args)`: one argument per element.
        let spread = pack_args.is_some_and(|a| {
            a.iter()
                .any(|x| matches!(self.body.exprs[*x], Expr::Expand(_)))
        });
        let arity = match pack_args {
            Some(a) if spread => self.spread_args(a).map_or(a.len(), |s| s.len()),
            Some(a) => a.len(),
            None => req_sig.params.len(),
        };
        // A method with the requirement's own pack (`load<each I>(I indices)` for the same
        // requirement) meets it whatever the number of arguments.
        let same_pack = |g: &FunctionId| {
            let sig = hir::fn_sig(db, *g);
            has_pack
                && sig.variadic_from == req_sig.variadic_from
                && sig.params.len() == req_sig.params.len()
        };
        let impls: Vec<FunctionId> = lookup_member_items(db, self.cx.file, this, &data.name)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(g) => Some(g),
                _ => None,
            })
            .filter(|g| {
                *g != f
                    && (hir::fn_sig(db, *g).params.len() == arity || same_pack(g))
                    && hir::fn_data(db, *g).has_body
                    && g.loc(db).parent().and_then(|p| p.kind()) != Some(ItemKind::Interface)
            })
            .collect();
        let takes_args = |g: &FunctionId| {
            let Some(args) = pack_args else { return true };
            if same_pack(g) || spread {
                return true;
            }
            let outer = member_subst(db, self.cx.file, g.loc(db), this);
            hir::fn_sig(db, *g).params.iter().zip(args).all(|(p, a)| {
                normalize(db, self.cx.file, &apply(&outer, Some(this), &p.ty)) == self.ety(*a)
            })
        };
        impls
            .iter()
            .copied()
            .find(takes_args)
            .or_else(|| impls.first().copied())
            .unwrap_or(f)
    }

    /// [`Self::resolve_requirement`] for a requirement whose parameters are `want` where the
    /// interface type binds its generic parameters: among the implementing type's overloads of
    /// that name (`process(float)` and `process(int)` of a type conforming to both
    /// `IProcessor<float>` and `IProcessor<int>`), the one taking exactly those types.
    pub(super) fn resolve_requirement_taking(
        &self,
        f: FunctionId,
        this: &Ty,
        want: &[Ty],
        call_args: Option<&[ExprId]>,
    ) -> FunctionId {
        let db = self.cx.db;
        let name = hir::fn_data(db, f).name.clone();
        let takes = |g: &FunctionId| {
            let outer = member_subst(db, self.cx.file, g.loc(db), this);
            let params = &hir::fn_sig(db, *g).params;
            hir::fn_data(db, *g).has_body
                && params.len() == want.len()
                && params.iter().zip(want).all(|(p, w)| {
                    normalize(db, self.cx.file, &apply(&outer, Some(this), &p.ty)) == *w
                })
        };
        let overloads: Vec<FunctionId> = lookup_member_items(db, self.cx.file, this, &name)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(g)
                    if g != f
                        && g.loc(db).parent().and_then(|p| p.kind())
                            != Some(ItemKind::Interface) =>
                {
                    Some(g)
                }
                _ => None,
            })
            .collect();
        match overloads.iter().copied().filter(takes).collect::<Vec<_>>()[..] {
            [g] if overloads.len() > 1 => g,
            _ => self.resolve_requirement(f, &Some(this.clone()), call_args),
        }
    }

    /// `a.lessThan(b)`, `a.add(b)`, `a.neg()`...: the IComparable / IArithmetic requirements
    /// called on a builtin scalar, vector or matrix, which have no bodies (the operators
    /// implement them). `None` for any other call.
    fn builtin_requirement(
        &mut self,
        f: FunctionId,
        this_ty: &Option<Ty>,
        recv: &Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let db = self.cx.db;
        let (Some(this), Some(Recv::Value(a))) = (this_ty, recv) else {
            return Ok(None);
        };
        let this = normalize(
            db,
            self.cx.file,
            &apply(&self.subst, self.this_ty.as_ref(), this),
        );
        let in_interface = f.loc(db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface);
        if !in_interface || !matches!(this, Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..)) {
            return Ok(None);
        }
        let op = match hir::fn_data(db, f).name.as_str() {
            "neg" if args.is_empty() => {
                return self.emit(Inst::Unary(UnaryOp::Neg, *a), None).map(Some);
            }
            // IInteger's conversions (`x.toInt()`): the value converted.
            name @ ("toInt" | "toUInt" | "toInt64" | "toUInt64") if args.is_empty() => {
                let kind = match name {
                    "toInt" => hir::ScalarKind::Int,
                    "toUInt" => hir::ScalarKind::UInt,
                    "toInt64" => hir::ScalarKind::Int64,
                    _ => hir::ScalarKind::UInt64,
                };
                let t = self.ir_ty(&this.with_scalar(kind))?;
                return self.coerce(*a, t).map(Some);
            }
            "lessThan" => HOp::Lt,
            "lessThanOrEquals" => HOp::Le,
            "equals" => HOp::Eq,
            "add" => HOp::Add,
            "sub" => HOp::Sub,
            "mul" => HOp::Mul,
            "div" => HOp::Div,
            "mod" => HOp::Rem,
            _ => return Ok(None),
        };
        let [other] = args else { return Ok(None) };
        let b = self.lower_expr(*other)?;
        let other_ty = self.ety(*other);
        self.binary_values(op, *a, &this, b, &other_ty).map(Some)
    }

    pub(super) fn call_function(
        &mut self,
        e: ExprId,
        f: FunctionId,
        this_ty: Option<Ty>,
        recv: Option<Recv>,
        explicit: Option<&[hir::export::GenericArgRef]>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        // `f(x)` in generic code whose `F : IFunc<...>` is bound to a lambda.
        if let Some(Ty::Lambda(lambda)) = &this_ty
            && hir::fn_data(self.cx.db, f).name == hir::CALL_OPERATOR
        {
            let recv = match recv {
                Some(Recv::Value(v)) => v,
                Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
                _ => return Err(unsupported("this lambda receiver")),
            };
            return self.call_lambda(lambda, recv, args);
        }
        let this_ty = self.concrete_receiver(&this_ty, &recv).or(this_ty);
        let req = f;
        let f = self.resolve_requirement(f, &this_ty, Some(args));
        self.note_requirement_views(req, f, args);
        if let Some(v) = self.builtin_requirement(f, &this_ty, &recv, args)? {
            return Ok(Some(v));
        }
        let data = hir::fn_data(self.cx.db, f);
        let sig = hir::fn_sig(self.cx.db, f);
        if args.len() > sig.params.len() && sig.variadic_from.is_none() {
            return Err(internal("a call with more arguments than parameters"));
        }
        let explicit = self.explicit_args(e, f, explicit)?;
        if data.name == "createDynamicObject" && !data.has_body {
            let ty = self.ety(e);
            let t = self.ir_ty(&ty)?;
            if !self.cx.dyn_types.contains_key(&t) {
                return Err(unsupported("`createDynamicObject` of this type"));
            }
            let first = args
                .first()
                .ok_or_else(|| internal("createDynamicObject arity"))?;
            let u32_ty = self.cx.module.types.u32();
            let tag = self.lower_value_as(*first, u32_ty)?;
            let data = match args.get(1) {
                Some(a) => Some(self.lower_expr(*a)?),
                None => None,
            };
            return self.dyn_from_data(t, tag, data).map(Some);
        }
        // A method on a value of an interface type or of an associated type of one
        // (`m.BSDF b = m.setup(); b.eval()`): both are tagged dynamic structs.
        let dyn_assoc = matches!(&this_ty, Some(t @ Ty::Assoc(..)) if self.cx.is_dyn_rooted(t))
            && match &recv {
                Some(Recv::Value(v)) => self.cx.dyn_types.contains_key(&self.vty(*v)),
                Some(Recv::Place(_)) => true,
                _ => false,
            };
        if dyn_assoc
            || matches!(&this_ty, Some(Ty::Adt(d, _))
                if hir::type_decl_data(self.cx.db, *d).kind == hir::TypeDeclKind::Interface)
        {
            if hir::export::fn_throws(self.cx.db, f).is_some() {
                return Err(unsupported(
                    "a call of a throwing method through an interface value (dynamic dispatch)",
                ));
            }
            let iface = this_ty.clone().unwrap_or(Ty::Unknown);
            match &recv {
                // A lambda behind `IFunc` (its concrete type known): called directly.
                Some(Recv::Value(v))
                    if data.name == hir::CALL_OPERATOR
                        && let Some((_, Ty::Lambda(lambda))) =
                            self.cx.exist.of.get(&self.vty(*v)).cloned() =>
                {
                    let payload = self.emit(Inst::Extract(*v, 1), None)?;
                    return self.call_lambda(&lambda, payload, args);
                }
                Some(Recv::Value(v)) => {
                    return self.dynamic_call(e, f, &iface, (*v, None), &explicit, args);
                }
                // A `[mutating]` method: the interface value's place is written back.
                Some(Recv::Place(lp)) => {
                    let v = self.load_lplace(lp)?;
                    if self.cx.dyn_types.contains_key(&self.vty(v)) {
                        let lp = lp.clone();
                        return self.dynamic_call(e, f, &iface, (v, Some(lp)), &explicit, args);
                    }
                }
                _ => {}
            }
        }
        let mut key = self.instance_key(e, f, this_ty, &explicit, args)?;
        self.size_unsized_generic_args(&mut key, args)?;
        if data.attr("__intrinsic").is_none() {
            if let Some((g, a)) = self.existential_generic(&key, args)
                && matches!(recv, None | Some(Recv::Value(_)))
            {
                let recv = match recv {
                    Some(Recv::Value(v)) => Some(v),
                    _ => None,
                };
                return self.open_existential(e, key, g, a, recv, args);
            }
            self.specialise_exist_params(&mut key, args)?;
            self.bind_fn_args(&mut key, args);
        }
        self.call_keyed(e, key, recv, args)
    }

    /// The call `e` of the instance `key`, its receiver and arguments not lowered yet.
    pub(super) fn call_keyed(
        &mut self,
        e: ExprId,
        key: InstanceKey,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let f = key.func;
        let data = hir::fn_data(self.cx.db, f);
        let sig = hir::fn_sig(self.cx.db, f);
        if let Some(attr) = data.attr("__intrinsic") {
            let name = match attr.args.first() {
                Some(hir::export::AttrArg::String(s)) => s.clone(),
                _ => data.name.to_string(),
            };
            if name.starts_with("ptr_") || name == "address_of" {
                let result = self.ety(e);
                return self.pointer_intrinsic(&name, recv, args, &result);
            }
            if name == "functype_call" {
                if let Some(v) = self.call_fn_value(e, args)? {
                    return Ok(v);
                }
                return Err(crate::pointers::function_values_unsupported(
                    "a call through a `functype` value that is not known at compile time",
                ));
            }
            return self.intrinsic(&name, &data.name, &key, recv, args);
        }
        let bound = self.resource_args(e, &key, args)?;
        let id = self.cx.resource_instance(key.clone(), bound)?;
        if !key.fn_args.is_empty() {
            self.cx.fn_arg_values.insert(id, key.fn_args.clone());
        }
        self.lower_for_outputs(&key, id)?;
        let thrown = self.throw_args(f, &key.subst, key.this_ty.as_ref(), id)?;
        let mut params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        if thrown.is_some() {
            // The hidden error parameters come last (`func/errors.rs`).
            params.truncate(params.len().saturating_sub(2));
        }
        let mut ir_args = Vec::new();
        let mut writebacks: Vec<(LPlace, ir::LocalId)> = Vec::new();
        let mut param_iter = params.iter();
        if sig.is_member && !sig.is_static && data.kind != FnKind::Init {
            let p = param_iter
                .next()
                .ok_or_else(|| internal("a method without `this`"))?
                .clone();
            // A `Ref`-returning method called as a place: the receiver is passed as a place
            // (`func/ref_calls.rs`; an rvalue receiver through a temporary).
            let as_place = self.capturing_ref_call(e);
            match recv {
                Some(Recv::Value(v)) if as_place || p.dir != ir::ParamDir::In => {
                    let tmp = self.new_local("recv", p.ty);
                    let v = self.coerce(v, p.ty)?;
                    self.stmt(ir::Stmt::Store {
                        place: Place::local(tmp),
                        value: v,
                    });
                    ir_args.push(Arg::Place(Place::local(tmp)));
                }
                Some(Recv::Value(v)) => ir_args.push(Arg::Value(self.coerce(v, p.ty)?)),
                Some(Recv::Place(lp)) => {
                    if p.dir == ir::ParamDir::In && !as_place {
                        let v = self.load_lplace(&lp)?;
                        ir_args.push(Arg::Value(v));
                    } else {
                        ir_args.push(self.place_arg(lp, p.ty, true, &mut writebacks)?);
                    }
                }
                _ => return Err(unsupported("this method receiver")),
            }
        }
        let slots = self.without_resource_args(self.spread_args(args)?);
        // `void` pack elements have no parameter (`func/void_args.rs`).
        let mut next = 0;
        // Left-out arguments are trailing: IR parameter `i` of `n_ir` is hir parameter
        // `i + hir_n - n_ir` (resource parameters, bound per call, have no IR parameter).
        let n_ir = param_iter.len();
        let hir_n = data.params.len();
        for (i, p) in param_iter.enumerate() {
            self.skip_void_slots(&slots, &mut next)?;
            let slot = slots.get(next).copied();
            next += 1;
            let arg = match slot {
                // The callee is specialised to this function value: the word is unused.
                Some(ArgSlot::Expr(a)) if self.is_bound_fn_arg(&key, args, a) => {
                    Arg::Value(self.emit(Inst::Zero, Some(p.ty))?)
                }
                Some(ArgSlot::Expr(a)) => self.lower_arg(a, p, &mut writebacks)?,
                Some(ArgSlot::Element(a, k)) => {
                    self.in_pack_element(k, |this| this.lower_arg(a, p, &mut writebacks))?
                }
                // Parameters after the pack cannot have been left out (the pack takes the rest).
                None if sig.variadic_from.is_some() => {
                    return Err(internal("a parameter pack with too few arguments"));
                }
                None => {
                    let index = (i + hir_n).saturating_sub(n_ir);
                    Arg::Value(self.default_arg(&key, index, p.ty)?)
                }
            };
            ir_args.push(arg);
        }
        self.skip_void_slots(&slots, &mut next)?;
        let v = match thrown {
            None => {
                // A call of a `Ref`-returning function used as a place (`func/ref_calls.rs`).
                let Some((ir_args, writebacks)) =
                    self.capture_ref_call(e, &key, id, ir_args, writebacks)?
                else {
                    return Ok(None);
                };
                self.emit_call(id, ir_args, writebacks)?
            }
            Some((hidden, err, threw, err_ty)) => {
                ir_args.extend(hidden);
                let v = self.emit_call(id, ir_args, writebacks)?;
                self.check_thrown(err, threw, &err_ty)?;
                v
            }
        };
        self.bind_call_outputs(e, id, args)?;
        Ok(v)
    }

    /// One argument for parameter `p`: a value for `in`, else a place (copy-in copy-out through a
    /// temporary recorded in `writebacks`).
    pub(super) fn lower_arg(
        &mut self,
        a: ExprId,
        p: &ir::Param,
        writebacks: &mut Vec<(LPlace, ir::LocalId)>,
    ) -> R<Arg> {
        if p.dir == ir::ParamDir::In {
            let v = self.lower_value_as(a, p.ty)?;
            return Ok(Arg::Value(self.detach_viewed(a, v)?));
        }
        let lp = self.lvalue(a)?;
        self.place_arg(lp, p.ty, p.dir == ir::ParamDir::InOut, writebacks)
    }

    /// Emits the call, copies `out`/`inout` temporaries back, and gives the result unless void.
    pub(super) fn emit_call(
        &mut self,
        callee: ir::FuncId,
        args: Vec<Arg>,
        writebacks: Vec<(LPlace, ir::LocalId)>,
    ) -> R<Option<ValueId>> {
        let v = self.emit(Inst::Call(callee, args), None)?;
        for (lp, tmp) in writebacks {
            let x = self.emit(Inst::Load(Place::local(tmp)), None)?;
            self.store_lplace(&lp, x)?;
        }
        Ok((!self.cx.module.types.is_void(self.vty(v))).then_some(v))
    }

    /// An `out`/`inout` argument: the place itself when its type matches, else a temporary
    /// copied back after the call.
    pub(super) fn place_arg(
        &mut self,
        lp: LPlace,
        ty: TypeId,
        copy_in: bool,
        writebacks: &mut Vec<(LPlace, ir::LocalId)>,
    ) -> R<Arg> {
        if let LPlace::Mem(p) = &lp
            && self.place_ty(p)? == ty
            && !matches!(p.root, ir::PlaceRoot::Global(_))
        {
            return Ok(Arg::Place(p.clone()));
        }
        let tmp = self.new_local("arg", ty);
        if copy_in {
            let v = self.load_lplace(&lp)?;
            let v = self.coerce(v, ty)?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(tmp),
                value: v,
            });
        }
        // A uniform or constant passed to `inout` (slangc accepts it): the callee works on the
        // copy; a shader parameter is not written back.
        let read_only = matches!(&lp, LPlace::Mem(p) if self.is_read_only_root(p));
        if !read_only {
            writebacks.push((lp, tmp));
        }
        Ok(Arg::Place(Place::local(tmp)))
    }

    /// Whether `p` is in a uniform or a constant global (stores to it do not verify).
    fn is_read_only_root(&self, p: &Place) -> bool {
        let ir::PlaceRoot::Global(g) = p.root else {
            return false;
        };
        self.cx.module.global(g).is_some_and(|g| {
            matches!(g.kind, ir::GlobalKind::Uniform)
                || matches!(g.kind, ir::GlobalKind::Constant(_)) && !g.writable
        })
    }

    /// `fwd_diff(f)(args)` / `bwd_diff(f)(args)` (nested too): lowers `f`, asks autodiff for
    /// the derivative and calls it.
    fn lower_diff_call(
        &mut self,
        e: ExprId,
        target: ExprId,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let mut kinds = Vec::new();
        let mut inner = target;
        let mut explicit = None;
        loop {
            match &self.body.exprs[inner] {
                Expr::Diff { kind, func } => {
                    kinds.push(*kind);
                    inner = *func;
                }
                Expr::GenericApply { base, args } => {
                    explicit = Some(args.clone());
                    inner = *base;
                }
                _ => break,
            }
        }
        kinds.reverse();
        let Some(ExprRes::Function(f)) = self.res(e) else {
            return Err(unsupported("this `fwd_diff`/`bwd_diff` callee"));
        };
        if let Some(r) = self.dynamic_diff_call(f, inner, &kinds, args)? {
            return Ok(r);
        }
        let db = self.cx.db;
        let sig = hir::fn_sig(db, f);
        let this_ty = if sig.is_member {
            let base = match &self.body.exprs[inner] {
                Expr::Field { base, .. } => Some(*base),
                _ => None,
            };
            match base.and_then(|b| self.res(b)) {
                Some(ExprRes::Type(t)) => Some(normalize(
                    db,
                    self.cx.file,
                    &apply(&self.subst, self.this_ty.as_ref(), &t),
                )),
                // `value.staticMethod.fwd_diff`: the value's type.
                Some(
                    ExprRes::Local(_)
                    | ExprRes::Param(_)
                    | ExprRes::Global(_)
                    | ExprRes::Field(..)
                    | ExprRes::Function(_),
                ) if sig.is_static => base.map(|b| {
                    let t = self.ety(b);
                    normalize(
                        db,
                        self.cx.file,
                        &apply(&self.subst, self.this_ty.as_ref(), &t),
                    )
                }),
                // `bwd_diff(Type::method)`: the first argument carries `this` (`diff_this.rs`).
                _ if !sig.is_static => self
                    .diff_this_from_args(f, args)
                    .or_else(|| self.this_ty.clone()),
                _ => self.path_owner_type(inner).or_else(|| self.this_ty.clone()),
            }
        } else {
            None
        };
        let outer = match &this_ty {
            Some(t) => member_subst(db, self.cx.file, f.loc(db), t),
            None => Vec::new(),
        };
        let mut own: Subst = match self.recorded_generic_args(e, &sig) {
            Some(own) => own,
            None => {
                // Written arguments (`bwd_diff(f<float, Affine<float>>)`) as hir checked them
                // where they are more than a name.
                let explicit = self.explicit_args(e, f, explicit.as_deref())?;
                sig.generics.iter().cloned().zip(explicit).collect()
            }
        };
        if !sig.generics.is_empty()
            && own.len() < sig.generics.len()
            && let Some(first) = kinds.first()
            && let Some(dsig) = hir::derivative_sig(db, f, *first)
        {
            for (p, a) in dsig.params.iter().zip(args) {
                let pt = apply(&outer, this_ty.as_ref(), &p.ty);
                let at = self.ety(*a);
                unify(&pt, &at, &sig.generics, &mut own);
            }
        }
        let mut subst = outer;
        for g in &sig.generics {
            let a = hir::export::subst_lookup(&own, g).ok_or_else(|| {
                unsupported(format!(
                    "a derivative call whose generic argument `{}` is not inferred",
                    g.name
                ))
            })?;
            subst.push((g.clone(), a));
        }
        let key = InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: f,
            subst,
            this_ty: if sig.is_member { this_ty } else { None },
        };
        let bound = self.resource_args(e, &key, args)?;
        let primal = self.cx.resource_instance(key, bound)?;
        let args = &self.non_resource_args(args);
        let d = self.cx.derivative(primal, &kinds)?;
        let params = self
            .cx
            .module
            .function(d)
            .map(|f| f.params.clone())
            .unwrap_or_default();
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
        self.emit_call(d, ir_args, writebacks)
    }

    /// A derivative's argument that the type checker takes as a plain value while the instance
    /// pairs it (`fwd_diff(f)(a, ...)` for `f<T : IFoo>(T obj, ...)` with a differentiable
    /// `T`: the parameter carries no derivative as declared, its instance's does): the value
    /// with a zero derivative, whose backward result is dropped.
    pub(super) fn primal_as_pair(&mut self, a: ExprId, p: &ir::Param) -> R<Option<Arg>> {
        let hty = self.ety(a);
        if p.dir == ir::ParamDir::Out || hty.has_unknown() || self.cx.is_diff_pair(&hty) {
            return Ok(None);
        }
        let t = self.ir_ty(&hty)?;
        let types = &mut self.cx.module.types;
        if t == p.ty || self.cx.diff.pair_type(types, t) != Some(p.ty) {
            return Ok(None);
        }
        let Some(dt) = self.cx.diff.diff_type(types, t) else {
            return Ok(None);
        };
        let v = self.lower_value_as(a, t)?;
        let zero = self.emit(Inst::Zero, Some(dt))?;
        let pair = self.emit(Inst::Construct(vec![v, zero]), Some(p.ty))?;
        if p.dir == ir::ParamDir::In {
            return Ok(Some(Arg::Value(pair)));
        }
        let tmp = self.new_local("pair", p.ty);
        self.stmt(ir::Stmt::Store {
            place: Place::local(tmp),
            value: pair,
        });
        Ok(Some(Arg::Place(Place::local(tmp))))
    }

    /// The value bound to a generic value parameter (`let N : int`) of this instance.
    pub(super) fn generic_value(&self, name: &str) -> Option<i64> {
        self.subst.iter().find_map(|(p, a)| match a {
            GenericArg::Value(Len::Known(n)) if p.name == name => Some(i64::from(*n)),
            _ => None,
        })
    }

    /// The `k`th own generic argument of `f` that the type checker chose for the call `e`
    /// (for explicit arguments lowering cannot read alone, such as typealiases).
    fn checked_generic_arg(&self, e: ExprId, f: FunctionId, k: usize) -> Option<GenericArg> {
        let chosen = self.infer.generic_args_of(e)?;
        let (_, arg) = chosen.iter().find(|(p, _)| {
            p.owner == hir::export::GenericOwner::Function(f) && p.index as usize == k
        })?;
        Some(match arg {
            GenericArg::Type(t) => GenericArg::Type(normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), t),
            )),
            other => other.clone(),
        })
    }

    /// The explicit generic arguments of the call `e` of `f`, each as written or, where lowering
    /// cannot read it alone (`f<float, Affine<float>>`), as the type checker chose it.
    fn explicit_args(
        &self,
        e: ExprId,
        f: FunctionId,
        explicit: Option<&[hir::export::GenericArgRef]>,
    ) -> R<Vec<GenericArg>> {
        explicit
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(k, a)| {
                self.explicit_arg(a)
                    .or_else(|err| self.checked_generic_arg(e, f, k).ok_or(err))
            })
            .collect()
    }

    /// An explicit generic argument of a call (`f<3>()`, `f<float>(x)`).
    fn explicit_arg(&self, arg: &hir::export::GenericArgRef) -> R<GenericArg> {
        self.explicit_arg_inner(arg)
    }

    fn explicit_arg_inner(&self, arg: &hir::export::GenericArgRef) -> R<GenericArg> {
        use hir::export::{ConstRef, GenericArgRef, TypeRef};
        let value = |n: i64| {
            u32::try_from(n)
                .map(|n| GenericArg::Value(Len::Known(n)))
                .map_err(|_| unsupported("a negative generic argument"))
        };
        match arg {
            GenericArgRef::Const(ConstRef::Int(n)) => value(*n),
            GenericArgRef::Const(ConstRef::Path(p)) | GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() == 1 =>
            {
                let name = p.last_name();
                if let Some(n) = self
                    .generic_value(&name)
                    .or_else(|| self.cx.const_by_name(&name))
                {
                    return value(n);
                }
                if let Some((_, a)) = self
                    .subst
                    .iter()
                    .find(|(g, a)| g.name == name && matches!(a, GenericArg::Type(_)))
                {
                    return Ok(a.clone());
                }
                if p.segments[0].args.is_none()
                    && let Some(t) = hir::export::builtin_type(&name)
                {
                    return Ok(GenericArg::Type(t));
                }
                if p.segments[0].args.is_none()
                    && let Some(d) = self.cx.type_decl_by_name(&name)
                {
                    return Ok(GenericArg::Type(Ty::Adt(d, std::sync::Arc::from([]))));
                }
                Err(unsupported(format!(
                    "the explicit generic argument `{name}`"
                )))
            }
            _ => Err(unsupported("this explicit generic argument")),
        }
    }
}

/// Binds generic parameters in `pattern` to the matching parts of `ty`.
pub(crate) fn unify(pattern: &Ty, ty: &Ty, generics: &[hir::GenericParamId], out: &mut Subst) {
    let bind = |p: &hir::GenericParamId, a: GenericArg, out: &mut Subst| {
        if generics.contains(p) && hir::export::subst_lookup(out, p).is_none() {
            out.push((p.clone(), a));
        }
    };
    let bind_len = |pl: &Len, l: &Len, out: &mut Subst| {
        if let Len::Param(p) = pl {
            bind(p, GenericArg::Value(l.clone()), out);
        }
    };
    match (pattern, ty) {
        (Ty::Param(p), t) if !t.has_unknown() => bind(p, GenericArg::Type(t.clone()), out),
        (Ty::Vector(pe, pn), Ty::Vector(e, n)) => {
            unify(pe, e, generics, out);
            bind_len(pn, n, out);
        }
        (Ty::Vector(pe, _), Ty::Scalar(_)) => unify(pe, ty, generics, out),
        (Ty::Matrix(pe, pr, pc), Ty::Matrix(e, r, c)) => {
            unify(pe, e, generics, out);
            bind_len(pr, r, out);
            bind_len(pc, c, out);
        }
        (Ty::Array(pe, pn), Ty::Array(e, n)) => {
            unify(pe, e, generics, out);
            bind_len(pn, n, out);
        }
        (Ty::Adt(pd, pargs), Ty::Adt(d, args)) if pd == d => {
            for (pa, a) in pargs.iter().zip(args.iter()) {
                match (pa, a) {
                    (GenericArg::Type(pt), GenericArg::Type(t)) => unify(pt, t, generics, out),
                    (GenericArg::Value(pl), GenericArg::Value(l)) => bind_len(pl, l, out),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}
