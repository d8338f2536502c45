//! Interface values whose concrete type is known where they are made (Slang specialises these
//! instead of dispatching): a call `f(IShape s)` with a `Circle` argument gets an instance of `f`
//! whose `s` is a `Circle`; a function returning `IShape` whose first `return` gives a `Circle`
//! returns that; a local `IShape s = Circle(..)` never assigned again holds one. Such a value is
//! an interface struct with a single case (`{tag, payload}`), so that every path that reads
//! interface values (method calls, properties, `is`/`as`) treats it like a dynamic one, and it
//! converts to the interface's full dynamic struct where one is needed (`type_conformance` ids).

use hir::export::normalize;
use hir::{Expr, ExprId, ExprRes, ParamDir as HDir, Ty};
use ir::{FuncId, TypeId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

use super::FnLower;
use crate::{Ctx, InstanceKey, R, apply, internal};

/// What lowering knows about interface values of statically known concrete types.
#[derive(Default)]
pub(crate) struct ExistState {
    /// The single-case interface struct of each (interface, concrete type).
    by_pair: FxHashMap<(Ty, Ty), TypeId>,
    /// The same by IR type: (interface, concrete type).
    pub(crate) of: FxHashMap<TypeId, (Ty, Ty)>,
    /// Functions being lowered whose interface-typed result is still open: the first `return`
    /// decides it.
    pub(crate) inferring: FxHashSet<FuncId>,
    /// Instances whose result could not be inferred (returns of several concrete types):
    /// they return the interface's full dynamic struct.
    no_infer: FxHashSet<InstanceKey>,
}

impl Ctx<'_> {
    /// The single-case interface struct of `iface` holding a `concrete` value.
    pub(crate) fn static_dyn_ty(&mut self, iface: &Ty, concrete: &Ty) -> R<TypeId> {
        let iface = normalize(self.db, self.file, iface);
        let concrete = normalize(self.db, self.file, concrete);
        let pair = (iface.clone(), concrete.clone());
        if let Some(t) = self.exist.by_pair.get(&pair) {
            return Ok(*t);
        }
        let payload = self.ir_ty(&concrete)?;
        let tag = self.module.types.u32();
        let id = self.conformance_id(&iface, &concrete);
        let iname = match &iface {
            Ty::Adt(d, _) => d.loc(self.db).name().to_string(),
            _ => "iface".into(),
        };
        let cname: String = self
            .display(&concrete)
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let name = self.unique_struct_name(format!("{iname}_{cname}"));
        let t = self
            .module
            .types
            .add_struct(&name, vec![("tag", tag), ("value", payload)]);
        self.dyn_types.insert(
            t,
            vec![crate::DynCase {
                id,
                ty: concrete.clone(),
                field: Some(1),
            }],
        );
        self.exist.by_pair.insert(pair.clone(), t);
        self.exist.of.insert(t, pair);
        Ok(t)
    }

    /// The `type_conformance` id of `concrete` as an `iface`, or 0.
    fn conformance_id(&self, iface: &Ty, concrete: &Ty) -> u32 {
        let (Ty::Adt(i, _), Ty::Adt(c, _)) = (iface, concrete) else {
            return 0;
        };
        let (iname, cname) = (i.loc(self.db).name(), c.loc(self.db).name());
        self.conformances
            .iter()
            .find(|x| x.interface == iname.as_str() && x.type_name == cname.as_str())
            .map_or(0, |x| x.id)
    }

    /// Whether the instance `key`, returning `ret`, infers its result's concrete type from its
    /// body: an interface result of a function with a body.
    pub(crate) fn infers_result(&self, key: &InstanceKey, ret: &Ty) -> bool {
        let ret = normalize(self.db, self.file, ret);
        self.is_interface(&ret)
            && hir::fn_data(self.db, key.func).has_body
            && !self.exist.no_infer.contains(key)
    }

    /// Queues a declared instance for lowering; one whose result is inferred is lowered now (its
    /// callers need the result type), or, when its returns disagree, queued with the
    /// interface's full dynamic struct as result.
    pub(crate) fn queue_instance(&mut self, key: InstanceKey, id: FuncId, infer: bool) -> R<()> {
        if !infer {
            self.pending.push((key, id));
            return Ok(());
        }
        self.exist.inferring.insert(id);
        let lowered = super::lower_instance(self, key.clone(), id);
        let open = self.exist.inferring.remove(&id);
        if lowered.is_ok() && !open {
            return Ok(());
        }
        // No `return` fixed the type, or returns of other types: the full dynamic struct.
        self.exist.no_infer.insert(key.clone());
        let info = match super::signature(self, &key) {
            Ok(info) => info,
            Err(e) => return Err(lowered.err().unwrap_or(e)),
        };
        if let Some(f) = self.module.function_mut(id) {
            f.params = info.params;
            f.ret = info.ret;
            f.locals.clear();
            f.values.clear();
            f.body.clear();
        }
        self.pending.push((key, id));
        Ok(())
    }
}

impl Ctx<'_> {
    /// The IR struct of `iface.name` values: the tag of the interface value they come from and
    /// a payload per concrete type (that type's `name`).
    pub(crate) fn assoc_dyn_ty(&mut self, ty: &Ty, iface: &Ty, name: &str) -> R<TypeId> {
        if let Some(t) = self.struct_types.get(ty) {
            return Ok(*t);
        }
        let base = self.ir_ty(iface)?;
        let base_cases = self
            .dyn_types
            .get(&base)
            .cloned()
            .ok_or_else(|| internal("an interface type that is not dynamic"))?;
        let tag = self.module.types.u32();
        let mut fields = vec![("tag".to_string(), tag)];
        let mut cases = Vec::new();
        for c in base_cases {
            let assoc = normalize(
                self.db,
                self.file,
                &Ty::Assoc(std::sync::Arc::new(c.ty.clone()), name.into()),
            );
            let t = self.ir_ty(&assoc)?;
            fields.push((format!("case{}", fields.len()), t));
            cases.push(crate::DynCase {
                id: c.id,
                ty: assoc,
                field: Some(fields.len() as u32 - 1),
            });
        }
        let iname = match iface {
            Ty::Adt(d, _) => d.loc(self.db).name().to_string(),
            _ => "iface".into(),
        };
        let sname = self.unique_struct_name(format!("{iname}_{name}_dyn"));
        let refs: Vec<(&str, TypeId)> = fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        let id = self.module.types.add_struct(&sname, refs);
        self.struct_types.insert(ty.clone(), id);
        self.dyn_types.insert(id, cases);
        Ok(id)
    }
}

impl FnLower<'_, '_> {
    /// `v` converted to `to` inside the dispatch case `case_id`: into an interface-like value
    /// (an associated type's) with that case's tag, or out of one by that case's payload.
    pub(super) fn coerce_in_case(&mut self, v: ValueId, to: TypeId, case_id: u32) -> R<ValueId> {
        let from = self.vty(v);
        if from == to {
            return Ok(v);
        }
        if let Some(cases) = self.cx.dyn_types.get(&from).cloned()
            && !self.cx.dyn_types.contains_key(&to)
            && let Some(c) = cases.iter().find(|c| c.id == case_id)
        {
            let payload = match c.field {
                Some(k) => self.emit(ir::Inst::Extract(v, k), None)?,
                None => {
                    let t = self.cx.ir_ty(&c.ty)?;
                    self.emit(ir::Inst::Zero, Some(t))?
                }
            };
            return self.coerce(payload, to);
        }
        if let Some(cases) = self.cx.dyn_types.get(&to).cloned()
            && !self.cx.exist.of.contains_key(&to)
            && !self.cx.dyn_types.contains_key(&from)
            && let Some(c) = cases.iter().find(|c| c.id == case_id)
            && let Some(k) = c.field
            && self.cx.ir_ty(&c.ty)? == from
        {
            let tag = self.lit_u32(case_id)?;
            let own = self.make_dyn(to, &[], None, Some(tag))?;
            return self.emit(
                ir::Inst::Insert {
                    base: own,
                    index: k,
                    value: v,
                },
                None,
            );
        }
        self.coerce(v, to)
    }

    fn lit_u32(&mut self, n: u32) -> R<ValueId> {
        self.lit(ir::Literal::U32(n))
    }

    /// The concrete type behind the value `v` of expression `e` where it is statically known:
    /// a single-case interface value's case, or the expression's own non-interface type.
    fn concrete_of(&self, e: ExprId, v: ValueId) -> Option<Ty> {
        let t = self.vty(v);
        if let Some((_, c)) = self.cx.exist.of.get(&t) {
            return Some(c.clone());
        }
        if self.cx.dyn_types.contains_key(&t) {
            return None;
        }
        let ty = self.ety(e);
        match ty {
            Ty::Adt(..) if !self.cx.is_interface(&ty) => Some(ty),
            Ty::Lambda(_) => Some(ty),
            _ => None,
        }
    }

    /// The interface value of `iface` for the value `v` of `e` when its concrete type is known:
    /// its single-case struct.
    fn static_dyn_of(&mut self, iface: &Ty, e: ExprId, v: ValueId) -> R<Option<TypeId>> {
        let t = self.vty(v);
        if let Some((i, _)) = self.cx.exist.of.get(&t)
            && *i == normalize(self.cx.db, self.cx.file, iface)
        {
            return Ok(Some(t));
        }
        match self.concrete_of(e, v) {
            Some(c) => self.cx.static_dyn_ty(iface, &c).map(Some),
            None => Ok(None),
        }
    }

    /// Specialises the interface-typed parameters of the call's instance `key` to the concrete
    /// types of their arguments, where known. `in` arguments are lowered here (in order) and
    /// kept for the call; `out`/`inout` ones are read from the type of the local or parameter
    /// passed.
    pub(super) fn specialise_exist_params(
        &mut self,
        key: &mut InstanceKey,
        args: &[ExprId],
    ) -> R<()> {
        self.specialise_unsized_params(key, args)?;
        let db = self.cx.db;
        let sig = hir::fn_sig(db, key.func);
        if sig.variadic_from.is_some() {
            return Ok(());
        }
        for (i, (p, a)) in sig.params.iter().zip(args).enumerate() {
            let pt = normalize(
                db,
                self.cx.file,
                &apply(&key.subst, key.this_ty.as_ref(), &p.ty),
            );
            if !self.cx.is_interface(&pt) {
                continue;
            }
            if matches!(self.body.exprs[*a], Expr::InitList(_) | Expr::Expand(_)) {
                continue;
            }
            let concrete = if p.dir == HDir::In {
                let v = self.lower_expr(*a)?;
                self.prelowered.insert(*a, v);
                self.concrete_of(*a, v)
            } else {
                let t = match self.res(*a) {
                    Some(ExprRes::Local(l)) => self
                        .locals
                        .get(&l)
                        .and_then(|l| self.f.locals.get(l.0 as usize))
                        .map(|l| l.ty),
                    Some(ExprRes::Param(k)) => match self.params.get(k as usize) {
                        Some(place) => Some(self.place_ty(&place.clone())?),
                        None => None,
                    },
                    _ => None,
                };
                t.and_then(|t| self.cx.exist.of.get(&t).map(|(_, c)| c.clone()))
            };
            if let Some(c) = concrete {
                key.exist.push((i as u32, c));
            }
        }
        Ok(())
    }

    /// The IR type of the interface-typed local `local` initialised by `init` when the
    /// initialiser's concrete type is known and the local is never assigned as a whole again:
    /// the single-case struct (the initialiser is lowered here and kept).
    pub(super) fn exist_local_ty(
        &mut self,
        local: hir::LocalId,
        hir_ty: &Ty,
        init: ExprId,
    ) -> R<Option<TypeId>> {
        let t = normalize(
            self.cx.db,
            self.cx.file,
            &apply(&self.subst, self.this_ty.as_ref(), hir_ty),
        );
        // An associated type of an interface value (`obj.Data d = obj.make(x);`): the
        // initialiser's type (concrete when `obj`'s is).
        if let Ty::Assoc(base, _) = &t
            && self.cx.is_interface(base)
            && !matches!(self.body.exprs[init], Expr::InitList(_))
            && !self.reassigned(local)
        {
            let v = self.lower_expr(init)?;
            self.prelowered.insert(init, v);
            return Ok(Some(self.vty(v)));
        }
        if !self.cx.is_interface(&t)
            || matches!(self.body.exprs[init], Expr::InitList(_))
            || self.reassigned(local)
        {
            return Ok(None);
        }
        let v = self.lower_expr(init)?;
        self.prelowered.insert(init, v);
        self.static_dyn_of(&t, init, v)
    }

    /// Whether `local` is assigned as a whole after its declaration (`x = ...`, or passed to an
    /// `out` parameter; an `inout` one is specialised to the local's type, `mutating` methods
    /// keep the concrete type).
    fn reassigned(&self, local: hir::LocalId) -> bool {
        let is_local = |e: &ExprId| self.res(*e) == Some(ExprRes::Local(local));
        self.body.exprs.iter().any(|(id, e)| match e {
            Expr::Assign { lhs, .. } => is_local(lhs),
            Expr::Call { args, .. } => {
                let Some(ExprRes::Function(f)) = self.res(id) else {
                    return args.iter().any(is_local);
                };
                let sig = hir::fn_sig(self.cx.db, f);
                args.iter()
                    .zip(sig.params.iter().map(|p| p.dir))
                    .any(|(a, d)| d == HDir::Out && is_local(a))
            }
            _ => false,
        })
    }

    /// `return value;` in a function whose interface result is still open: the value's
    /// single-case struct (or its dynamic struct) becomes the result type.
    pub(super) fn infer_return(&mut self, value: ExprId) -> R<ValueId> {
        let db = self.cx.db;
        let hir::ItemDef::Function(func) = self.item else {
            return Err(internal("a return outside a function"));
        };
        let ret = apply(
            &self.subst,
            self.this_ty.as_ref(),
            &hir::fn_sig(db, func).ret,
        );
        let v = self.lower_expr(value)?;
        let t = match self.static_dyn_of(&ret, value, v)? {
            Some(t) => t,
            None if self.cx.dyn_types.contains_key(&self.vty(v)) => self.vty(v),
            None => self.ir_ty(&ret)?,
        };
        self.f.ret = t;
        self.cx.exist.inferring.remove(&self.id);
        self.coerce(v, t)
    }

    /// A generic parameter of the callee bound to an interface type (`calc<T : I>(T obj)`
    /// called with an `I` value) and the argument of type `T`: the call opens the existential.
    pub(super) fn existential_generic(
        &self,
        key: &InstanceKey,
        args: &[ExprId],
    ) -> Option<(hir::GenericParamId, ExprId)> {
        let sig = hir::fn_sig(self.cx.db, key.func);
        for g in &sig.generics {
            let Some(hir::GenericArg::Type(t)) = hir::export::subst_lookup(&key.subst, g) else {
                continue;
            };
            if !self.cx.is_interface(&t) {
                continue;
            }
            // Only where `T` is that parameter's type alone: a result or another parameter
            // naming `T` (`T[N] fill<T>(T x)`) keeps the interface type.
            let mentions = |ty: &Ty| {
                ty.subst(&|p| (p == *g).then_some(hir::GenericArg::Type(Ty::Void))) != *ty
            };
            let own = Ty::Param(g.clone());
            if mentions(&sig.ret)
                || sig.params.iter().filter(|p| mentions(&p.ty)).count() != 1
                || sig.params.iter().any(|p| mentions(&p.ty) && p.ty != own)
            {
                continue;
            }
            let at = sig
                .params
                .iter()
                .position(|p| p.dir == HDir::In && p.ty == Ty::Param(g.clone()));
            if let Some(a) = at.and_then(|at| args.get(at)) {
                return Some((g.clone(), *a));
            }
        }
        None
    }

    /// Calls the instance `key` once per concrete type the interface value `arg` may hold,
    /// with `g` bound to that type and the value's payload as the argument: a `switch` on its
    /// tag (no switch for a single-case value).
    pub(super) fn open_existential(
        &mut self,
        e: ExprId,
        key: InstanceKey,
        g: hir::GenericParamId,
        arg: ExprId,
        recv: Option<ValueId>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let v = self.lower_expr(arg)?;
        let Some(cases) = self.cx.dyn_types.get(&self.vty(v)).cloned() else {
            // A concrete value: the call as written.
            self.prelowered.insert(arg, v);
            let mut key = key;
            self.specialise_exist_params(&mut key, args)?;
            return self.call_keyed(e, key, recv.map(super::Recv::Value), args);
        };
        let single = cases.len() == 1;
        let mut result: Option<ir::LocalId> = None;
        let mut switch_cases = Vec::new();
        for case in &cases {
            let mut k = key.clone();
            for (p, a) in k.subst.iter_mut() {
                if *p == g {
                    *a = hir::GenericArg::Type(case.ty.clone());
                }
            }
            let body = self.block(|b| {
                let payload = match case.field {
                    Some(f) => b.emit(ir::Inst::Extract(v, f), None)?,
                    None => {
                        let t = b.cx.ir_ty(&case.ty)?;
                        b.emit(ir::Inst::Zero, Some(t))?
                    }
                };
                b.prelowered.insert(arg, payload);
                let mut k = k;
                b.specialise_exist_params(&mut k, args)?;
                let r = b.call_keyed(e, k, recv.map(super::Recv::Value), args)?;
                b.prelowered.remove(&arg);
                if let Some(r) = r {
                    let l = match result {
                        Some(l) => l,
                        None => {
                            let l = b.new_local("opened", b.vty(r));
                            result = Some(l);
                            l
                        }
                    };
                    let t = b.f.locals[l.0 as usize].ty;
                    let r = b.coerce(r, t)?;
                    b.stmt(ir::Stmt::Store {
                        place: ir::Place::local(l),
                        value: r,
                    });
                }
                Ok(())
            })?;
            if single {
                if let Some(b) = self.blocks.last_mut() {
                    b.extend(body);
                }
                break;
            }
            switch_cases.push(ir::SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        if !single {
            let tag = self.emit(ir::Inst::Extract(v, 0), None)?;
            self.emit_tag_switch(tag, switch_cases);
        }
        match result {
            Some(l) => self
                .emit(ir::Inst::Load(ir::Place::local(l)), None)
                .map(Some),
            None => Ok(None),
        }
    }

    /// The type a path callee `T::f` / `Type::f` names its static member through: a generic
    /// parameter of this instance or a type of the file (`None` for other paths).
    pub(super) fn path_owner_type(&self, target: ExprId) -> Option<Ty> {
        let Expr::Path(p) = &self.body.exprs[target] else {
            return None;
        };
        let [.., owner, _] = p.segments.as_slice() else {
            return None;
        };
        if owner.args.is_some() {
            return None;
        }
        if let Some((_, hir::GenericArg::Type(t))) =
            self.subst.iter().find(|(g, _)| g.name == owner.name)
        {
            return Some(normalize(self.cx.db, self.cx.file, t));
        }
        if let Some(Ty::Adt(d, _)) = &self.this_ty
            && d.loc(self.cx.db).name() == owner.name
        {
            return self.this_ty.clone();
        }
        self.cx
            .type_decl_by_name(&owner.name)
            .map(|d| Ty::Adt(d, std::sync::Arc::from([])))
    }
}
