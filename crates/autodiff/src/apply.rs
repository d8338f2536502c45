//! Backward derivatives from a primal pass with a context (`__func_extension __apply(f)`):
//! `apply` takes `f`'s parameters and returns `(result, context)`; the context's call operator
//! `ctx_call(context, out d_0, ..., out d_k, dOut)` is the backward pass, giving the derivative
//! of each differentiable input in order. The synthesised `s_bwd_f` has `f`'s backward
//! signature: it runs `apply` on the primal values, calls the context and writes each
//! derivative into its pair's `d`.

use ir::{Arg, FuncId, Function, Inst, Local, Module, ParamDir, Place, Stmt};

use crate::DiffInfo;
use crate::linearize::DiffError;
use crate::reverse::{BwdParam, backward_signature};

type Result<T> = std::result::Result<T, DiffError>;

/// Builds `f`'s backward derivative from its `apply` primal pass and the context's call
/// operator `ctx_call`, and registers it as `f`'s custom backward derivative.
pub fn apply_backward(
    module: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    apply: FuncId,
    ctx_call: FuncId,
) -> Result<FuncId> {
    if let Some(&d) = info.custom_bwd.get(&f) {
        return Ok(d);
    }
    let name = module
        .function(f)
        .map(|g| g.name.clone())
        .unwrap_or_default();
    let bad = |message: &str| DiffError::BadSignature {
        function: name.clone(),
        message: message.into(),
    };
    let sig = backward_signature(module, info, f);
    let apply_fn = module
        .function(apply)
        .cloned()
        .ok_or_else(|| bad("unknown `__apply` function"))?;
    let ctx_fn = module
        .function(ctx_call)
        .cloned()
        .ok_or_else(|| bad("unknown context call operator"))?;
    if apply_fn.params.len() != sig.map.len() {
        return Err(bad(
            "the `__apply` function does not take the parameters of the function it extends",
        ));
    }
    let ctx_ty = module
        .types
        .element(apply_fn.ret, Some(1))
        .ok_or_else(|| bad("the `__apply` function does not return a `Tuple<Result, Context>`"))?;
    let pairs: Vec<u32> = sig
        .map
        .iter()
        .filter_map(|m| match m {
            BwdParam::Pair(i) => Some(*i),
            _ => None,
        })
        .collect();
    if sig.map.iter().any(|m| matches!(m, BwdParam::DiffIn(_))) {
        return Err(bad(
            "an `out` parameter of a function extended by `__apply`",
        ));
    }
    let want = 1 + pairs.len() + usize::from(sig.d_out.is_some());
    if ctx_fn.params.len() != want || ctx_fn.params.first().map(|p| p.ty) != Some(ctx_ty) {
        return Err(bad(&format!(
            "the context's `operator()` must take one `out` derivative per differentiable parameter{} ({} parameters), it takes {}",
            if sig.d_out.is_some() {
                " and the result's derivative"
            } else {
                ""
            },
            want - 1,
            ctx_fn.params.len().saturating_sub(1)
        )));
    }
    let void = module.types.void();
    let mut g = Function {
        name: format!("s_bwd_apply_{name}"),
        params: sig.params.clone(),
        ret: void,
        locals: Vec::new(),
        values: Vec::new(),
        body: Vec::new(),
    };
    let mut body = Vec::new();
    // The primal pass on the primal values.
    let mut args = Vec::new();
    for (m, p) in sig.map.iter().zip(&apply_fn.params) {
        let value = match m {
            BwdParam::Pair(i) => {
                let v = g.add_value(p.ty, Inst::Load(Place::param(*i).field(0)));
                body.push(Stmt::Let(v));
                Some(v)
            }
            BwdParam::Plain(i) => {
                let v = g.add_value(p.ty, Inst::Load(Place::param(*i)));
                body.push(Stmt::Let(v));
                Some(v)
            }
            _ => None,
        };
        match (p.dir, value) {
            (ParamDir::In, Some(v)) => args.push(Arg::Value(v)),
            (_, value) => {
                let l = local(&mut g, "apply_arg", p.ty);
                if let Some(v) = value {
                    body.push(Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    });
                }
                args.push(Arg::Place(Place::local(l)));
            }
        }
    }
    let t = g.add_value(apply_fn.ret, Inst::Call(apply, args));
    body.push(Stmt::Let(t));
    let ctx = g.add_value(ctx_ty, Inst::Extract(t, 1));
    body.push(Stmt::Let(ctx));
    // The backward pass: the context's call operator.
    let mut args = Vec::new();
    if ctx_fn.params[0].dir == ParamDir::In {
        args.push(Arg::Value(ctx));
    } else {
        let l = local(&mut g, "ctx", ctx_ty);
        body.push(Stmt::Store {
            place: Place::local(l),
            value: ctx,
        });
        args.push(Arg::Place(Place::local(l)));
    }
    let mut outs = Vec::new();
    for (k, pair) in pairs.iter().enumerate() {
        let p = &ctx_fn.params[1 + k];
        let d = module
            .types
            .element(sig.params[*pair as usize].ty, Some(1))
            .ok_or_else(|| bad("a pair without a derivative"))?;
        if p.ty != d || p.dir == ParamDir::In {
            return Err(bad(&format!(
                "parameter {} of the context's `operator()` must be `out` of the derivative type of the function's parameter",
                k + 1
            )));
        }
        let l = local(&mut g, "d", d);
        args.push(Arg::Place(Place::local(l)));
        outs.push((*pair, l));
    }
    if let Some(i) = sig.d_out {
        let p = &ctx_fn.params[want - 1];
        if p.ty != sig.params[i as usize].ty {
            return Err(bad(
                "the last parameter of the context's `operator()` must be the result's derivative",
            ));
        }
        let v = g.add_value(p.ty, Inst::Load(Place::param(i)));
        body.push(Stmt::Let(v));
        args.push(Arg::Value(v));
    }
    let call = g.add_value(ctx_fn.ret, Inst::Call(ctx_call, args));
    body.push(Stmt::Let(call));
    for (pair, l) in outs {
        let ty = g.locals[l.0 as usize].ty;
        let v = g.add_value(ty, Inst::Load(Place::local(l)));
        body.push(Stmt::Let(v));
        body.push(Stmt::Store {
            place: Place::param(pair).field(1),
            value: v,
        });
    }
    body.push(Stmt::Return(None));
    g.body = body;
    let id = module.add_function(g);
    info.custom_bwd.insert(f, id);
    Ok(id)
}

fn local(g: &mut Function, name: &str, ty: ir::TypeId) -> ir::LocalId {
    g.locals.push(Local {
        name: name.into(),
        ty,
    });
    ir::LocalId(g.locals.len() as u32 - 1)
}
