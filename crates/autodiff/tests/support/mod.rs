//! Test support: a hand-built "stdlib" of derivative functions, and the finite-difference oracle.

#![allow(dead_code)]

use autodiff::{DiffInfo, forward_derivative};
use interp::Value;
use ir::*;

/// Builds `__d_<f>(DiffPair<T> x) -> DiffPair<T>` returning `{f(x.p), deriv(x.p) * x.d}`, as the
/// stdlib's `[ForwardDerivative(__d_f)]` functions do, and registers it.
pub fn unary_derivative(
    m: &mut Module,
    info: &mut DiffInfo,
    f: MathFn,
    ty: TypeId,
    deriv: impl FnOnce(&mut FunctionBuilder, ValueId, ValueId) -> ValueId,
) -> FuncId {
    let pair = info.pair_type(&mut m.types, ty).unwrap();
    let name = format!("__d_{}_{}", f.name(), m.types.display(ty));
    let mut b = FunctionBuilder::new(m, &name, pair);
    let x = b.param("x", pair, ParamDir::In);
    let p = b.load(Place::param(x).field(0));
    let d = b.load(Place::param(x).field(1));
    let fp = b.math(f, &[p]);
    let dfdx = deriv(&mut b, p, fp);
    let dr = b.mul(dfdx, d);
    let r = b.construct(pair, vec![fp, dr]);
    b.ret(Some(r));
    let id = b.finish().unwrap();
    info.register_math_fwd(f, id);
    // Derivatives are differentiable themselves (higher order).
    info.differentiable.insert(id);
    id
}

fn lit(b: &mut FunctionBuilder, ty: TypeId, x: f64) -> ValueId {
    let s = b.types().scalar_of(ty).unwrap();
    let l = match s {
        Scalar::F64 => b.literal(Literal::F64(x)),
        _ => b.f32(x as f32),
    };
    match b.types().vector_size(ty) {
        Some(1) | None => l,
        Some(_) => b.splat(ty, l),
    }
}

/// Builds `__bwd_<f>(inout DiffPair<T> x, T dOut)` setting `x.d = deriv(x.p) * dOut`, as the
/// stdlib's `[BackwardDerivative]` functions do, and registers it.
pub fn unary_backward(
    m: &mut Module,
    info: &mut DiffInfo,
    f: MathFn,
    ty: TypeId,
    deriv: impl FnOnce(&mut FunctionBuilder, ValueId, ValueId) -> ValueId,
) -> FuncId {
    let pair = info.pair_type(&mut m.types, ty).unwrap();
    let name = format!("__bwd_{}_{}", f.name(), m.types.display(ty));
    let void = m.types.void();
    let mut b = FunctionBuilder::new(m, &name, void);
    let x = b.param("x", pair, ParamDir::InOut);
    let d_out = b.param("dOut", ty, ParamDir::In);
    let p = b.load(Place::param(x).field(0));
    let g = b.load(Place::param(d_out));
    let fp = b.math(f, &[p]);
    let dfdx = deriv(&mut b, p, fp);
    let dr = b.mul(dfdx, g);
    b.store(Place::param(x).field(1), dr);
    b.ret(None);
    let id = b.finish().unwrap();
    info.register_math_bwd(f, id);
    id
}

/// Forward and backward derivatives of sin, cos, exp, log, sqrt, tanh and pow for `ty`.
pub fn stdlib(m: &mut Module, info: &mut DiffInfo, ty: TypeId) {
    stdlib_fwd(m, info, ty);
    unary_backward(m, info, MathFn::Sin, ty, |b, p, _| {
        b.math(MathFn::Cos, &[p])
    });
    unary_backward(m, info, MathFn::Cos, ty, |b, p, _| {
        let s = b.math(MathFn::Sin, &[p]);
        b.unary(UnaryOp::Neg, s)
    });
    unary_backward(m, info, MathFn::Exp, ty, |_, _, fp| fp);
    unary_backward(m, info, MathFn::Log, ty, |b, p, _| {
        let one = lit(b, ty, 1.0);
        b.div(one, p)
    });
    unary_backward(m, info, MathFn::Sqrt, ty, |b, _, fp| {
        let half = lit(b, ty, 0.5);
        b.div(half, fp)
    });
    unary_backward(m, info, MathFn::Tanh, ty, |b, _, fp| {
        let one = lit(b, ty, 1.0);
        let sq = b.mul(fp, fp);
        b.sub(one, sq)
    });
    // pow(x, y): dx += y * pow(x, y - 1) * g, dy += pow(x, y) * log(x) * g
    let pair = info.pair_type(&mut m.types, ty).unwrap();
    let name = format!("__bwd_pow_{}", m.types.display(ty));
    let void = m.types.void();
    let mut b = FunctionBuilder::new(m, &name, void);
    let x = b.param("x", pair, ParamDir::InOut);
    let y = b.param("y", pair, ParamDir::InOut);
    let g = b.param("dOut", ty, ParamDir::In);
    let xp = b.load(Place::param(x).field(0));
    let yp = b.load(Place::param(y).field(0));
    let gv = b.load(Place::param(g));
    let r = b.math(MathFn::Pow, &[xp, yp]);
    let one = lit(&mut b, ty, 1.0);
    let ym1 = b.sub(yp, one);
    let pm1 = b.math(MathFn::Pow, &[xp, ym1]);
    let t1 = b.mul(yp, pm1);
    let t1 = b.mul(t1, gv);
    b.store(Place::param(x).field(1), t1);
    let lx = b.math(MathFn::Log, &[xp]);
    let t2 = b.mul(r, lx);
    let t2 = b.mul(t2, gv);
    b.store(Place::param(y).field(1), t2);
    b.ret(None);
    let id = b.finish().unwrap();
    info.register_math_bwd(MathFn::Pow, id);
}

/// Forward derivatives only.
pub fn stdlib_fwd(m: &mut Module, info: &mut DiffInfo, ty: TypeId) {
    unary_derivative(m, info, MathFn::Sin, ty, |b, p, _| {
        b.math(MathFn::Cos, &[p])
    });
    unary_derivative(m, info, MathFn::Cos, ty, |b, p, _| {
        let s = b.math(MathFn::Sin, &[p]);
        b.unary(UnaryOp::Neg, s)
    });
    unary_derivative(m, info, MathFn::Exp, ty, |_, _, fp| fp);
    unary_derivative(m, info, MathFn::Log, ty, |b, p, _| {
        let one = lit(b, ty, 1.0);
        b.div(one, p)
    });
    unary_derivative(m, info, MathFn::Sqrt, ty, |b, _, fp| {
        let half = lit(b, ty, 0.5);
        b.div(half, fp)
    });
    unary_derivative(m, info, MathFn::Tanh, ty, |b, _, fp| {
        let one = lit(b, ty, 1.0);
        let sq = b.mul(fp, fp);
        b.sub(one, sq)
    });
    // pow(x, y): d = y * pow(x, y - 1) * dx + pow(x, y) * log(x) * dy
    let pair = info.pair_type(&mut m.types, ty).unwrap();
    let name = format!("__d_pow_{}", m.types.display(ty));
    let mut b = FunctionBuilder::new(m, &name, pair);
    let x = b.param("x", pair, ParamDir::In);
    let y = b.param("y", pair, ParamDir::In);
    let xp = b.load(Place::param(x).field(0));
    let xd = b.load(Place::param(x).field(1));
    let yp = b.load(Place::param(y).field(0));
    let yd = b.load(Place::param(y).field(1));
    let r = b.math(MathFn::Pow, &[xp, yp]);
    let one = lit(&mut b, ty, 1.0);
    let ym1 = b.sub(yp, one);
    let pm1 = b.math(MathFn::Pow, &[xp, ym1]);
    let t1 = b.mul(yp, pm1);
    let t1 = b.mul(t1, xd);
    let lx = b.math(MathFn::Log, &[xp]);
    let t2 = b.mul(r, lx);
    let t2 = b.mul(t2, yd);
    let d = b.add(t1, t2);
    let out = b.construct(pair, vec![r, d]);
    b.ret(Some(out));
    let id = b.finish().unwrap();
    info.register_math_fwd(MathFn::Pow, id);
    info.differentiable.insert(id);
}

/// A deterministic pseudo-random direction in [-1, 1].
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

pub fn floats(v: &Value) -> Vec<f64> {
    let mut out = Vec::new();
    v.flatten_floats(&mut out);
    out
}

fn shifted(v: &Value, dir: &[f64], h: f64) -> Value {
    let base = floats(v);
    let mut it = base.iter().zip(dir).map(|(x, d)| x + h * d);
    v.with_floats(&mut it)
}

/// Checks `fwd_diff(f)` against central finite differences at `args` along a pseudo-random
/// direction: the primal results must match `f`'s, the derivatives of the return value and of the
/// `out`/`inout` parameters must match `(f(x + h v) - f(x - h v)) / 2h`. `differentiable[i]` says
/// which parameters get a direction (the others are passed as they are). Returns the derivative
/// values for snapshots.
pub fn check_against_fd(
    m: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    args: Vec<Value>,
    tolerance: f64,
) -> Vec<f64> {
    let fwd = forward_derivative(m, info, f).unwrap_or_else(|e| panic!("{e}"));
    if let Err(errors) = verify(m) {
        panic!("{}\n{}", errors.join("\n"), print_module(m));
    }
    let func = m.function(f).unwrap().clone();
    let fwd_func = m.function(fwd).unwrap().clone();
    let mut rng = Rng::new(7);
    let mut dirs = Vec::new();
    let mut fwd_args = Vec::new();
    for ((p, fp), a) in func.params.iter().zip(&fwd_func.params).zip(&args) {
        let paired = p.ty != fp.ty;
        let n = floats(a).len();
        let dir: Vec<f64> = if paired && p.dir != ParamDir::Out {
            (0..n).map(|_| rng.next()).collect()
        } else {
            vec![0.0; n]
        };
        if paired {
            let d = a.with_floats(&mut dir.clone().into_iter());
            let d = strip_to_diff(m, info, p.ty, &d);
            fwd_args.push(Value::Composite(vec![a.clone(), d]));
        } else {
            fwd_args.push(a.clone());
        }
        dirs.push(dir);
    }
    let (ret, outs) = interp::call(m, fwd, fwd_args).unwrap_or_else(|e| panic!("{e}"));
    let (ret0, outs0) = interp::call(m, f, args.clone()).unwrap();
    let h = 1e-6;
    let eval = |sign: f64| {
        let a: Vec<Value> = args
            .iter()
            .zip(&dirs)
            .map(|(a, d)| shifted(a, d, sign * h))
            .collect();
        interp::call(m, f, a).unwrap()
    };
    let (rp, op) = eval(1.0);
    let (rm, om) = eval(-1.0);
    let fd = |p: &Value, mm: &Value| -> Vec<f64> {
        floats(p)
            .iter()
            .zip(floats(mm))
            .map(|(a, b)| (a - b) / (2.0 * h))
            .collect()
    };
    let mut got_primal = Vec::new();
    let mut got = Vec::new();
    let mut want_primal = Vec::new();
    let mut want = Vec::new();
    let split = |v: &Value, primal: &mut Vec<f64>, diff: &mut Vec<f64>| match v {
        Value::Composite(pd) if pd.len() == 2 => {
            primal.extend(floats(&pd[0]));
            diff.extend(floats(&pd[1]));
        }
        other => primal.extend(floats(other)),
    };
    let ret_paired = func.ret != fwd_func.ret;
    if ret_paired {
        split(&ret, &mut got_primal, &mut got);
        want.extend(fd(&rp, &rm));
    } else {
        got_primal.extend(floats(&ret));
    }
    want_primal.extend(floats(&ret0));
    let out_params: Vec<(&Param, &Param)> = func
        .params
        .iter()
        .zip(&fwd_func.params)
        .filter(|(p, _)| p.dir != ParamDir::In)
        .collect();
    for (i, (p, fp)) in out_params.iter().enumerate() {
        want_primal.extend(floats(&outs0[i]));
        if p.ty != fp.ty {
            split(&outs[i], &mut got_primal, &mut got);
            want.extend(fd(&op[i], &om[i]));
        } else {
            got_primal.extend(floats(&outs[i]));
        }
    }
    assert_close(&got_primal, &want_primal, 1e-12, "primal");
    assert_close(&got, &want, tolerance, "derivative");
    got
}

/// Keeps only the floats of the differentiable fields (a partial struct's `Differential`).
pub fn strip_to_diff(m: &mut Module, info: &DiffInfo, ty: TypeId, v: &Value) -> Value {
    match (m.types.kind(ty).clone(), v) {
        (TypeKind::Struct(id), Value::Composite(items)) => {
            let Some(sd) = info.struct_diff(ty).cloned() else {
                return v.clone();
            };
            if sd.diff_ty == ty {
                return v.clone();
            }
            let fields = m.types.struct_def(id).unwrap().fields.clone();
            let mut out = Vec::new();
            for ((f, item), map) in fields.iter().zip(items).zip(&sd.fields) {
                if map.is_some() {
                    out.push(strip_to_diff(m, info, f.ty, item));
                }
            }
            Value::Composite(out)
        }
        (TypeKind::Array { elem, .. }, Value::Composite(items)) => Value::Composite(
            items
                .iter()
                .map(|x| strip_to_diff(m, info, elem, x))
                .collect(),
        ),
        _ => v.clone(),
    }
}

pub fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: {got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{what}: got {got:?}, want {want:?}"
        );
    }
}

/// Rounds for stable snapshots.
pub fn rounded(xs: &[f64]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| format!("{:.6}", x + 0.0)).collect();
    parts.join(", ")
}

pub fn f64s(xs: &[f64]) -> Value {
    Value::Composite(xs.iter().map(|&x| Value::F64(x)).collect())
}

/// Builds a function and marks it differentiable.
pub fn func(
    m: &mut Module,
    info: &mut DiffInfo,
    name: &str,
    ret: TypeId,
    body: impl FnOnce(&mut FunctionBuilder),
) -> FuncId {
    let mut b = FunctionBuilder::new(m, name, ret);
    body(&mut b);
    let id = b.finish().unwrap_or_else(|e| panic!("{e:?}"));
    info.differentiable.insert(id);
    id
}

pub fn f64lit(b: &mut FunctionBuilder, x: f64) -> ValueId {
    b.literal(Literal::F64(x))
}
