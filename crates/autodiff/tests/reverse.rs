mod support;

use autodiff::normalize::normalize;
use autodiff::{DiffError, DiffInfo, backward_derivative, forward_derivative};
use expect_test::{Expect, expect};
use interp::Value;
use ir::*;
use support::*;

fn setup() -> (Module, DiffInfo, TypeId) {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    let f64t = m.types.scalar(Scalar::F64);
    stdlib(&mut m, &mut info, f64t);
    (m, info, f64t)
}

fn func(
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

fn f64lit(b: &mut FunctionBuilder, x: f64) -> ValueId {
    b.literal(Literal::F64(x))
}

fn attrs(max_iters: u32) -> LoopAttrs {
    LoopAttrs {
        max_iters: Some(max_iters),
        force_unroll: false,
    }
}

/// `for (i = start; i < end; i++) body(i)` with the exit test at the top of the body.
fn for_loop(
    b: &mut FunctionBuilder,
    i: LocalId,
    start: ValueId,
    end: ValueId,
    attrs: LoopAttrs,
    body: impl FnOnce(&mut FunctionBuilder, ValueId),
) {
    b.store(Place::local(i), start);
    b.loop_(
        attrs,
        |b| {
            let iv = b.load(Place::local(i));
            let more = b.lt(iv, end);
            b.if_(more, |_| {}, |b| b.brk());
            body(b, iv);
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.i32(1);
            let n = b.add(iv, one);
            b.store(Place::local(i), n);
            None
        },
    );
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Runs the normalised form of `f` and the original on `args`: same results.
fn check_normalized_runs_the_same(m: &mut Module, f: FuncId, args: &[Value]) {
    let func = m.function(f).unwrap().clone();
    let norm = normalize(m, &func).unwrap_or_else(|e| panic!("{e}"));
    let mut n = norm.func.clone();
    n.name = format!("norm_{}", func.name);
    let id = m.add_function(n);
    if let Err(errors) = verify(m) {
        panic!("{}\n{}", errors.join("\n"), print_module(m));
    }
    let want = interp::call(m, f, args.to_vec()).unwrap();
    let got = interp::call(m, id, args.to_vec()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want, "normalised {} differs", func.name);
    m.functions.pop();
}

/// The reverse-mode checks for `f` at `args`: the normalised function computes what `f` does;
/// `<fwd(v), w> == <v, bwd(w)>` for random `v`, `w`; and `<v, bwd(w)>` matches central finite
/// differences of `<w, f(x + h v)>`. Returns the input gradients (`bwd(w)`) for snapshots.
fn check_reverse(m: &mut Module, info: &mut DiffInfo, f: FuncId, args: Vec<Value>) -> Vec<f64> {
    check_normalized_runs_the_same(m, f, &args);
    let fwd = forward_derivative(m, info, f).unwrap_or_else(|e| panic!("{e}"));
    let bwd = backward_derivative(m, info, f).unwrap_or_else(|e| panic!("{e}"));
    if let Err(errors) = verify(m) {
        panic!("{}\n{}", errors.join("\n"), print_module(m));
    }
    let func = m.function(f).unwrap().clone();
    let mut rng = Rng::new(11);
    let diff_param = |m: &mut Module, info: &DiffInfo, i: usize| {
        let p = &func.params[i];
        !info.is_no_diff_param(f, i as u32) && info.is_differentiable_type(&mut m.types, p.ty)
    };
    // Directions: v on differentiable inputs, w on differentiable outputs (diff-typed values).
    let mut v_dirs: Vec<Option<Value>> = Vec::new();
    let mut w_dirs: Vec<Option<Value>> = Vec::new();
    let mut fd_dirs: Vec<Vec<f64>> = Vec::new();
    let mut full_diff = true;
    for (i, (p, a)) in func.params.iter().zip(&args).enumerate() {
        let n = floats(a).len();
        if !diff_param(m, info, i) {
            v_dirs.push(None);
            w_dirs.push(None);
            fd_dirs.push(vec![0.0; n]);
            continue;
        }
        full_diff &= info.diff_type(&mut m.types, p.ty) == Some(p.ty);
        let mut random = || {
            let d: Vec<f64> = (0..n).map(|_| rng.next()).collect();
            (strip_to_diff(m, info, p.ty, &a.with_floats(&mut d.clone().into_iter())), d)
        };
        let (v, vd) = if p.dir != ParamDir::Out {
            let (v, d) = random();
            (Some(v), d)
        } else {
            (None, vec![0.0; n])
        };
        let w = (p.dir != ParamDir::In).then(|| random().0);
        v_dirs.push(v);
        w_dirs.push(w);
        fd_dirs.push(vd);
    }
    let ret_diff =
        !info.no_diff_return.contains(&f) && info.is_differentiable_type(&mut m.types, func.ret);
    let w_ret = ret_diff.then(|| {
        let z = Value::zero(&m.types, func.ret);
        let n = floats(&z).len();
        let d: Vec<f64> = (0..n).map(|_| rng.next()).collect();
        strip_to_diff(m, info, func.ret, &z.with_floats(&mut d.into_iter()))
    });
    let zero_diff = |m: &mut Module, info: &DiffInfo, ty: TypeId| {
        let d = info.diff_type(&mut m.types, ty).unwrap();
        Value::zero(&m.types, d)
    };

    // Forward: <fwd(v), w>.
    let mut fwd_args = Vec::new();
    for (i, (p, a)) in func.params.iter().zip(&args).enumerate() {
        if diff_param(m, info, i) {
            let d = v_dirs[i].clone().unwrap_or_else(|| zero_diff(m, info, p.ty));
            fwd_args.push(Value::Composite(vec![a.clone(), d]));
        } else {
            fwd_args.push(a.clone());
        }
    }
    let (ret, outs) = interp::call(m, fwd, fwd_args).unwrap_or_else(|e| panic!("{e}"));
    let mut lhs = 0.0;
    if let Some(w) = &w_ret {
        let Value::Composite(pd) = &ret else {
            panic!("forward return is not a pair")
        };
        lhs += dot(&floats(&pd[1]), &floats(w));
    }
    let mut out_i = 0;
    for (i, p) in func.params.iter().enumerate() {
        if p.dir == ParamDir::In {
            continue;
        }
        if let Some(w) = &w_dirs[i] {
            let Value::Composite(pd) = &outs[out_i] else {
                panic!("forward output is not a pair")
            };
            lhs += dot(&floats(&pd[1]), &floats(w));
        }
        out_i += 1;
    }

    // Backward: <v, bwd(w)>.
    let mut bwd_args = Vec::new();
    for (i, (p, a)) in func.params.iter().zip(&args).enumerate() {
        match (diff_param(m, info, i), p.dir) {
            (true, ParamDir::In) => {
                let z = zero_diff(m, info, p.ty);
                bwd_args.push(Value::Composite(vec![a.clone(), z]));
            }
            (true, ParamDir::InOut) => {
                bwd_args.push(Value::Composite(vec![
                    a.clone(),
                    w_dirs[i].clone().unwrap(),
                ]))
            }
            (true, ParamDir::Out) => bwd_args.push(w_dirs[i].clone().unwrap()),
            (false, ParamDir::Out) => {}
            (false, _) => bwd_args.push(a.clone()),
        }
    }
    if let Some(w) = &w_ret {
        bwd_args.push(w.clone());
    }
    let (_, bouts) = interp::call(m, bwd, bwd_args).unwrap_or_else(|e| panic!("{e}"));
    let mut grads = Vec::new();
    let mut rhs = 0.0;
    let mut bi = 0;
    for (i, p) in func.params.iter().enumerate() {
        if diff_param(m, info, i) && p.dir != ParamDir::Out {
            let Value::Composite(pd) = &bouts[bi] else {
                panic!("backward output is not a pair")
            };
            let g = floats(&pd[1]);
            rhs += dot(&g, &floats(v_dirs[i].as_ref().unwrap()));
            grads.extend(g);
            // The primal half is left as it was.
            assert_eq!(pd[0], args[i], "bwd changed the primal of {}", p.name);
            bi += 1;
        }
    }
    assert!(
        (lhs - rhs).abs() <= 1e-4 * lhs.abs().max(rhs.abs()).max(1e-3),
        "<fwd(v), w> = {lhs} but <v, bwd(w)> = {rhs}"
    );

    // Finite differences of <w, f(x + h v)> (only when every input is its own differential).
    if full_diff {
        let h = 1e-6;
        let eval = |sign: f64| {
            let a: Vec<Value> = args
                .iter()
                .zip(&fd_dirs)
                .map(|(a, d)| {
                    let base = floats(a);
                    let mut it = base.iter().zip(d).map(|(x, d)| x + sign * h * d);
                    a.with_floats(&mut it)
                })
                .collect();
            let (r, o) = interp::call(m, f, a).unwrap();
            let mut s = 0.0;
            if let Some(w) = &w_ret {
                s += dot(&floats(&r), &floats(w));
            }
            let mut oi = 0;
            for (i, p) in func.params.iter().enumerate() {
                if p.dir == ParamDir::In {
                    continue;
                }
                if let Some(w) = &w_dirs[i] {
                    s += dot(&floats(&o[oi]), &floats(w));
                }
                oi += 1;
            }
            s
        };
        let fd = (eval(1.0) - eval(-1.0)) / (2.0 * h);
        assert!(
            (fd - rhs).abs() <= 1e-5 * fd.abs().max(1.0),
            "finite differences {fd} vs backward {rhs}"
        );
    }
    grads
}

fn show(m: &Module, name: &str) -> String {
    let f = m.find_function(name).unwrap();
    print_function(m, m.function(f).unwrap())
}

// ---- tests ----------------------------------------------------------------------------------

#[test]
fn product_and_sin() {
    let (mut m, mut info, f64t) = setup();
    // double f(double x, double y) { return x * y + sin(x); }
    let f = func(&mut m, &mut info, "f", f64t, |b| {
        let x = b.param("x", f64t, ParamDir::In);
        let y = b.param("y", f64t, ParamDir::In);
        let xv = b.load(Place::param(x));
        let yv = b.load(Place::param(y));
        let p = b.mul(xv, yv);
        let s = b.math(MathFn::Sin, &[xv]);
        let r = b.add(p, s);
        b.ret(Some(r));
    });
    check_reverse(&mut m, &mut info, f, vec![Value::F64(0.7), Value::F64(-1.3)]);
    // With dOut = 1 the gradient is (y + cos x, x).
    let g = gradient(&m, &info, f, vec![Value::F64(0.7), Value::F64(-1.3)]);
    expect!["-0.535158, 0.700000"].assert_eq(&rounded(&g));
    expect![[r#"
        fn s_bwd_f(inout x: DiffPair_double, inout y: DiffPair_double, dOut: double) -> void {
          local P_x: double
          local P_y: double
          local ret_flag: bool
          local retval: double
          local d_retval: double
          local adj4: double
          local adj2: double
          local adj3: double
          local pair: DiffPair_double
          local adj0: double
          local adj1: double
          local d_P_y: double
          local d_P_x: double
          %52: double = load $x.p
          store $P_x, %52
          %53: double = load $y.p
          store $P_y, %53
          %5: bool = false
          store $ret_flag, %5
          %0: double = load $P_x
          %1: double = load $P_y
          %2: double = mul %0, %1
          %3: double = sin %0
          %4: double = add %2, %3
          store $retval, %4
          %6: bool = true
          store $ret_flag, %6
          %44: double = zero
          store $adj0, %44
          %45: double = zero
          store $adj1, %45
          %46: double = zero
          store $adj2, %46
          %47: double = zero
          store $adj3, %47
          %48: double = zero
          store $adj4, %48
          %49: double = zero
          store $d_P_x, %49
          %50: double = zero
          store $d_P_y, %50
          %51: double = load $dOut
          store $d_retval, %51
          %10: double = load $d_retval
          %11: double = zero
          store $d_retval, %11
          %12: double = load $adj4
          %13: double = add %12, %10
          store $adj4, %13
          %14: double = load $adj4
          %15: double = zero
          store $adj4, %15
          %16: double = load $adj2
          %17: double = add %16, %14
          store $adj2, %17
          %18: double = load $adj3
          %19: double = add %18, %14
          store $adj3, %19
          %20: double = load $adj3
          %21: double = zero
          store $adj3, %21
          %22: double = zero
          %23: DiffPair_double = construct %0, %22
          store $pair, %23
          %24: void = call __bwd_sin_double(inout $pair, %20)
          %25: double = load $pair.d
          %26: double = load $adj0
          %27: double = add %26, %25
          store $adj0, %27
          %28: double = load $adj2
          %29: double = zero
          store $adj2, %29
          %30: double = mul %28, %1
          %31: double = load $adj0
          %32: double = add %31, %30
          store $adj0, %32
          %33: double = mul %28, %0
          %34: double = load $adj1
          %35: double = add %34, %33
          store $adj1, %35
          %36: double = load $adj1
          %37: double = zero
          store $adj1, %37
          %38: double = load $d_P_y
          %39: double = add %38, %36
          store $d_P_y, %39
          %40: double = load $adj0
          %41: double = zero
          store $adj0, %41
          %42: double = load $d_P_x
          %43: double = add %42, %40
          store $d_P_x, %43
          %54: double = load $d_P_x
          store $x.d, %54
          %55: double = load $d_P_y
          store $y.d, %55
          return
        }
    "#]].assert_eq(&show(&m, "s_bwd_f"));
}

/// `bwd_diff(f)` with `dOut = 1` at scalar/struct inputs (all `in`): the input gradients.
fn gradient(m: &Module, info: &DiffInfo, f: FuncId, args: Vec<Value>) -> Vec<f64> {
    let bwd = info.backward_of(f).unwrap();
    let bfunc = m.function(bwd).unwrap();
    let mut bargs = Vec::new();
    let mut ai = args.into_iter();
    for p in &bfunc.params {
        if p.name == "dOut" {
            bargs.push(Value::F64(1.0));
        } else if p.dir == ParamDir::InOut {
            let a = ai.next().unwrap();
            let z = Value::zero(&m.types, p.ty);
            let Value::Composite(mut pd) = z else { panic!() };
            pd[0] = a;
            bargs.push(Value::Composite(pd));
        } else {
            bargs.push(ai.next().unwrap());
        }
    }
    let (_, outs) = interp::call(m, bwd, bargs).unwrap();
    let mut g = Vec::new();
    for o in outs {
        if let Value::Composite(pd) = o {
            g.extend(floats(&pd[1]));
        }
    }
    g
}
