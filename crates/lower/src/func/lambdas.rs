//! Lambdas (`(float a) => a * k`), lowered as slangc does: the lambda's value is a struct of the
//! values it captures (in order of first use) and its body is an `operator()` function taking
//! that struct as `this`, then its parameters. Generic code constrained by `IFunc` calls it
//! like any `operator()`.

use std::sync::Arc;

use hir::{Capture, ExprId, LambdaBody, LambdaOwner, LambdaTy, Ty};
use ir::{Arg, FuncId, Inst, Place, ValueId};

use super::FnLower;
use hir::export::normalize;

use crate::{Ctx, R, Subst, apply, internal, unsupported};

/// What a lambda captures, the types of those values and the owner's generic arguments of
/// this instance (`lambda.owner_args`, bound to the owner's generic parameters).
fn lambda_info(cx: &Ctx, lambda: &LambdaTy) -> R<(hir::LambdaInfo, Vec<Ty>, Subst)> {
    let infer = owner_infer(cx, lambda.owner);
    let info = infer
        .lambdas
        .get(&lambda.expr)
        .cloned()
        .ok_or_else(|| internal("a lambda that hir did not infer"))?;
    let (generics, params) = match lambda.owner {
        LambdaOwner::Function(f) => {
            let sig = hir::fn_sig(cx.db, f);
            (sig.generics.clone(), sig.params.clone())
        }
        LambdaOwner::Global(g) => (
            hir::export::global_owner_params(cx.db, g)
                .into_iter()
                .map(|(p, _)| p)
                .collect(),
            Vec::new(),
        ),
    };
    let subst: Subst = generics
        .into_iter()
        .zip(lambda.owner_args.iter().cloned())
        .collect();
    let mut tys = Vec::new();
    for c in &info.captures {
        let ty = match c {
            Capture::Local(l) => infer.local_ty(*l),
            Capture::Param(i) => params
                .get(*i as usize)
                .map_or(Ty::Unknown, |p| p.ty.clone()),
            Capture::This => info.this_ty.clone().unwrap_or(Ty::Unknown),
        };
        tys.push(normalize(cx.db, cx.file, &apply(&subst, None, &ty)));
    }
    let generic = |t: &Ty| t.has_params() || matches!(t, Ty::This | Ty::Assoc(..));
    if tys.iter().any(generic) || Ty::Lambda(Arc::new(lambda.clone())).has_params() {
        return Err(unsupported(
            "a lambda whose parameters, result or captured values have a generic type (a method of a generic struct)",
        ));
    }
    Ok((info, tys, subst))
}

/// The inference result of the body holding a lambda.
fn owner_infer(cx: &Ctx, owner: LambdaOwner) -> Arc<hir::InferenceResult> {
    match owner {
        LambdaOwner::Function(f) => hir::infer_function(cx.db, f),
        LambdaOwner::Global(g) => hir::export::infer_global(cx.db, g),
    }
}

/// The body holding a lambda.
fn owner_body(cx: &Ctx, owner: LambdaOwner) -> Arc<hir::Body> {
    match owner {
        LambdaOwner::Function(f) => hir::fn_body(cx.db, f),
        LambdaOwner::Global(g) => hir::export::global_body(cx.db, g),
    }
}

/// The name of the item holding a lambda (for the names of its struct and function).
fn owner_name(cx: &Ctx, owner: LambdaOwner) -> String {
    match owner {
        LambdaOwner::Function(f) => hir::fn_data(cx.db, f).name.to_string(),
        LambdaOwner::Global(g) => hir::export::global_data(cx.db, g).name.to_string(),
    }
}

/// The name of the owner's parameter `i` (none for globals).
fn owner_param_name(cx: &Ctx, owner: LambdaOwner, i: u32) -> String {
    match owner {
        LambdaOwner::Function(f) => hir::fn_sig(cx.db, f)
            .params
            .get(i as usize)
            .map_or_else(|| format!("p{i}"), |p| p.name.to_string()),
        LambdaOwner::Global(_) => format!("p{i}"),
    }
}

impl Ctx<'_> {
    /// The IR struct of a lambda's captures (one unused word when it captures nothing: WGSL
    /// has no empty structs).
    pub(crate) fn lambda_struct(&mut self, ty: &Ty, lambda: &LambdaTy) -> R<ir::TypeId> {
        if let Some(t) = self.struct_types.get(ty) {
            return Ok(*t);
        }
        let (info, tys, _) = lambda_info(self, lambda)?;
        let body = owner_body(self, lambda.owner);
        let mut fields = Vec::new();
        for (c, t) in info.captures.iter().zip(&tys) {
            let name = match c {
                Capture::Local(l) => body.locals[*l].name.to_string(),
                Capture::Param(i) => owner_param_name(self, lambda.owner, *i),
                Capture::This => "this".to_string(),
            };
            fields.push((name, self.ir_ty(t)?));
        }
        if fields.is_empty() {
            fields.push(("_empty".to_string(), self.module.types.u32()));
        }
        let name = self.fresh_name(&format!("{}_lambda", owner_name(self, lambda.owner)));
        let refs: Vec<(&str, ir::TypeId)> = fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        let id = self.module.types.add_struct(&name, refs);
        self.struct_types.insert(ty.clone(), id);
        Ok(id)
    }

    /// The lambda's `operator()`: declared and lowered on first use.
    fn lambda_function(&mut self, lambda: &Arc<LambdaTy>) -> R<FuncId> {
        if let Some(id) = self.lambdas.get(lambda) {
            return Ok(*id);
        }
        let (info, capture_tys, subst) = lambda_info(self, lambda)?;
        let this_ty = self.ir_ty(&Ty::Lambda(lambda.clone()))?;
        let mut params = vec![ir::Param {
            name: "this".into(),
            ty: this_ty,
            dir: ir::ParamDir::In,
        }];
        let body = owner_body(self, lambda.owner);
        // `lambda.params` and `ret` are already this instance's types (hir substitutes them).
        for (l, t) in info.params.iter().zip(&lambda.params) {
            params.push(ir::Param {
                name: body.locals[*l].name.to_string(),
                ty: self.ir_ty(t)?,
                dir: ir::ParamDir::In,
            });
        }
        let ret = self.ir_ty(&lambda.ret)?;
        let owner_name = owner_name(self, lambda.owner);
        let name = self.fresh_name(&format!("{owner_name}_lambda_call"));
        let id = self.module.declare_function(&name, params, ret);
        self.lambdas.insert(lambda.clone(), id);
        lower_lambda_body(self, lambda, &info, &capture_tys, subst, id)?;
        Ok(id)
    }
}

/// The body of a lambda's `operator()`: parameters and captured values are copied into locals
/// (so that the owner's body lowers unchanged), then the lambda's expression or block.
fn lower_lambda_body(
    cx: &mut Ctx,
    lambda: &LambdaTy,
    info: &hir::LambdaInfo,
    capture_tys: &[Ty],
    subst: Subst,
    id: FuncId,
) -> R<()> {
    let declared = cx
        .module
        .function(id)
        .cloned()
        .ok_or_else(|| internal("a declared lambda function is missing"))?;
    let (params, ret) = (declared.params, declared.ret);
    let owner = lambda.owner;
    let body = owner_body(cx, owner);
    let owner_params = match owner {
        LambdaOwner::Function(f) => hir::fn_sig(cx.db, f).params.len(),
        LambdaOwner::Global(_) => 0,
    };
    let f = ir::Function {
        name: declared.name,
        params: params.clone(),
        ret,
        locals: Vec::new(),
        values: Vec::new(),
        body: Vec::new(),
    };
    // Every parameter of the owner that the body names is a capture (set below).
    let mut fl = FnLower::for_body_part(cx, id, owner, f, vec![Place::param(0); owner_params]);
    fl.subst = subst;
    for (k, l) in info.params.iter().enumerate() {
        let p = &params[k + 1];
        let local = fl.new_local(&p.name, p.ty);
        let v = fl.emit(Inst::Load(Place::param(k as u32 + 1)), None)?;
        fl.stmt(ir::Stmt::Store {
            place: Place::local(local),
            value: v,
        });
        fl.locals.insert(*l, local);
    }
    let this = fl.emit(Inst::Load(Place::param(0)), None)?;
    for (k, (c, t)) in info.captures.iter().zip(capture_tys).enumerate() {
        let ty = fl.cx.ir_ty(t)?;
        let name = match c {
            Capture::Local(l) => body.locals[*l].name.to_string(),
            Capture::Param(i) => format!("param{i}"),
            Capture::This => "this".to_string(),
        };
        let local = fl.new_local(&name, ty);
        let v = fl.emit(Inst::Extract(this, k as u32), None)?;
        fl.stmt(ir::Stmt::Store {
            place: Place::local(local),
            value: v,
        });
        match c {
            Capture::Local(l) => {
                fl.locals.insert(*l, local);
            }
            Capture::Param(i) => {
                if let Some(slot) = fl.params.get_mut(*i as usize) {
                    *slot = Place::local(local);
                }
            }
            // Members named alone inside the lambda read the captured copy.
            Capture::This => {
                fl.this_place = Some(Place::local(local));
                fl.this_ty = Some(t.clone());
            }
        }
    }
    let lambda_expr = body.exprs[lambda.expr].clone();
    let hir::Expr::Lambda {
        body: lambda_body, ..
    } = lambda_expr
    else {
        return Err(internal("a lambda type naming another expression"));
    };
    match lambda_body {
        LambdaBody::Expr(x) => {
            if fl.cx.module.types.is_void(ret) {
                fl.lower_effect(x)?;
                fl.stmt(ir::Stmt::Return(None));
            } else {
                let v = fl.lower_value_as(x, ret)?;
                fl.stmt(ir::Stmt::Return(Some(v)));
            }
        }
        LambdaBody::Block(b) => fl.lower_stmt(b)?,
    }
    let mut f = fl.f;
    f.body = fl.blocks.pop().unwrap_or_default();
    if let Some(slot) = cx.module.function_mut(id) {
        *slot = f;
    }
    Ok(())
}

impl FnLower<'_, '_> {
    /// The value of a lambda expression: its struct, holding the captured values now.
    pub(super) fn lower_lambda_value(&mut self, e: ExprId) -> R<ValueId> {
        let Ty::Lambda(lambda) = self.ety(e) else {
            return Err(unsupported("this lambda expression"));
        };
        let ty = self.ir_ty(&Ty::Lambda(lambda.clone()))?;
        let info = self
            .infer
            .lambdas
            .get(&e)
            .cloned()
            .ok_or_else(|| internal("a lambda that hir did not infer"))?;
        if info.captures.is_empty() {
            return self.emit(Inst::Zero, Some(ty));
        }
        let mut vals = Vec::new();
        for c in &info.captures {
            let place = match c {
                Capture::Local(l) => self
                    .locals
                    .get(l)
                    .map(|x| Place::local(*x))
                    .ok_or_else(|| unsupported("capturing this variable in a lambda"))?,
                Capture::Param(i) => self
                    .params
                    .get(*i as usize)
                    .cloned()
                    .ok_or_else(|| internal("a captured parameter out of range"))?,
                Capture::This => self
                    .this_place
                    .clone()
                    .ok_or_else(|| unsupported("capturing `this` here"))?,
            };
            vals.push(self.emit(Inst::Load(place), None)?);
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// Calls the lambda `lambda` (a value `recv` of its struct) with `args`.
    pub(super) fn call_lambda(
        &mut self,
        lambda: &Arc<LambdaTy>,
        recv: ValueId,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let id = self.cx.lambda_function(lambda)?;
        let params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        if params.len() != args.len() + 1 {
            return Err(internal("a lambda call with the wrong number of arguments"));
        }
        let mut ir_args = vec![Arg::Value(recv)];
        for (a, p) in args.iter().zip(&params[1..]) {
            ir_args.push(Arg::Value(self.lower_value_as(*a, p.ty)?));
        }
        self.emit_call(id, ir_args, Vec::new())
    }
}
